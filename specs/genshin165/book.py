"""[165]原神's executable spec as the registry hands it to the shared commands."""

from __future__ import annotations

from ruleproof.specs._werewolf_family.spec import FamilySpec, LoadedSpec
from ruleproof.specs.genshin165.interpretations import SWITCHES
from ruleproof.specs.genshin165.params import PARAMS

BOOK_ID = "genshin165/165"
SPEC = FamilySpec(BOOK_ID, PARAMS, SWITCHES)


def load_spec(
    overrides: dict[str, object] | None = None, interpretation: dict[str, str] | None = None
) -> LoadedSpec:
    return SPEC.load(overrides, interpretation)


__all__ = ["BOOK_ID", "SPEC", "load_spec"]
