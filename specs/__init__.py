"""Typed rule specifications, one sub-package per rulebook."""
