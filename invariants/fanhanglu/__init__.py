"""返航录 invariants."""
