"""Stated properties per rulebook, each citing its clause."""
