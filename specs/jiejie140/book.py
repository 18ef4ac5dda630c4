"""[140]乘风破浪的姐姐2's executable spec as the registry hands it to the shared commands (``params``,
``--set``, ``--interpret``, ``verify``)."""

from __future__ import annotations

from ruleproof.specs.jiejie140 import BOOK_ID, PARAMS, SWITCHES, Spec, load_spec, parse_assignment
from ruleproof.specs.model import BookSpec

SPEC: BookSpec[Spec] = BookSpec(
    BOOK_ID, PARAMS, SWITCHES, lambda overrides, readings: load_spec(overrides, readings), parse_assignment
)
