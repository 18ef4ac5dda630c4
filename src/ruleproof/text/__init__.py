"""Reading a rulebook text into a clause tree (see docs/text-model.md)."""

from ruleproof.text.model import (
    Appendix,
    Chapter,
    Clause,
    Document,
    Heading,
    Item,
    Missing,
    Noise,
    Ref,
    RefKind,
    Span,
    Tag,
    clause_key,
)
from ruleproof.text.reader import read_document

__all__ = [
    "Appendix",
    "Chapter",
    "Clause",
    "Document",
    "Heading",
    "Item",
    "Missing",
    "Noise",
    "Ref",
    "RefKind",
    "Span",
    "Tag",
    "clause_key",
    "read_document",
]
