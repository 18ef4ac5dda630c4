"""随机配置法 4.1's executable spec (its game rules) as the registry hands it to the shared commands."""

from __future__ import annotations

from ruleproof.specs.random41.engine.runner import BOOK_ID, SPEC

__all__ = ["BOOK_ID", "SPEC"]
