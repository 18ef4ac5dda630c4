"""Reading a rulebook text into a clause tree (see docs/text-model.md)."""
