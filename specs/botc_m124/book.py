"""[M124] 血染钟楼's executable spec as the registry hands it to the shared commands (``params``,
``--set``, ``--interpret``, ``verify``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ruleproof.specs.botc_m124 import BOOK_ID, PARAMS, SWITCHES, Spec, load_spec, parse_assignment
from ruleproof.specs.model import Param, Switch


class BotcSpec:
    book_id = BOOK_ID
    params: Sequence[Param] = PARAMS
    switches: Sequence[Switch] = SWITCHES

    def load(
        self, overrides: Mapping[str, object] | None = None, interpretation: Mapping[str, str] | None = None
    ) -> Spec:
        return load_spec(overrides, interpretation)

    def parse_assignment(self, text: str) -> tuple[str, object]:
        return parse_assignment(text)


SPEC = BotcSpec()
