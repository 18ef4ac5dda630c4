"""Checks of the options the configuration sub-commands share."""

from __future__ import annotations

from ruleproof.errors import UserError


def positive(value: int | None, name: str) -> None:
    """``--boards``, ``--pool-size``…: when given, a positive integer (exit 2 otherwise)."""
    if value is not None and value < 1:
        raise UserError(f"{name} 须为正整数，收到 {value}", f"{name} must be a positive integer, got {value}")
