"""Language-neutral test vectors (``ruleproof-vector/1``): format code only — the engine replays them."""

from __future__ import annotations

from ruleproof.vectors.format import (
    FORMAT,
    ActionSpec,
    Vector,
    dump_vector,
    load_vector,
    parse_after,
    parse_vector,
)

__all__ = ["FORMAT", "ActionSpec", "Vector", "dump_vector", "load_vector", "parse_after", "parse_vector"]
