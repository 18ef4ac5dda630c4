"""(q, registry) A citation of an exception-registry entry (「登记于 2.8.9(21)」) read against the entry's own
locations: the registry (2.8.9) says where each exception lives (「(21) … 6.9.4③」), so the sentence that
cites an entry names the place it registers.

The place the sentence names is, first, a clause cited just before the entry in the same sentence part
(「（6.9.4③，登记于 2.8.9(21)）」) — not the general rule an exception departs from (「〔通则 2.6.1 之例外，
登记于 …」); else the citing clause itself (7.2.7 「本条另登记于 2.8.9(20)」).  A finding when the cited entry
does not cover that place while exactly one other entry does: the label was renumbered.
"""

from __future__ import annotations

import re

from ruleproof.lint.context import Unit
from ruleproof.lint.registry import Entry, Registry
from ruleproof.text.model import Ref, RefKind

WINDOW = 40  # at most this many characters before the entry, in one sentence part, name its place
_PART_END = re.compile(r"[。；;｜|]")
_GENERAL = ("通则", "通例")  # 「通则 2.8.2⑥之例外」: the rule excepted from, not the exception's place


def registry_entry(
    registry: Registry, unit: Unit, at: int, ref: Ref, refs: list[tuple[int, Ref]], item_starts: list[int]
) -> tuple[list[str], Entry] | None:
    """The place the sentence names and the one other entry that covers it, when the cited one does not.
    ``refs`` are the unit's located references, ``item_starts`` the offsets where the unit's items begin."""
    cited = registry.entry(ref.target_item or "")
    if cited is None:
        return None
    named = [r for _pos, r in named_before(unit.text, at, refs, item_starts)]
    places = [(r.target_clause or "", r.target_item) for r in named] or [(unit.id, None)]
    covering = [e for e in registry.entries if any(e.covers(c, i) for c, i in places)]
    if cited in covering or len(covering) != 1:
        return None
    shown = [f"{c}{i or ''}" for c, i in places]
    return shown, covering[0]


def named_before(
    text: str, at: int, refs: list[tuple[int, Ref]], item_starts: list[int]
) -> list[tuple[int, Ref]]:
    """The clause and item citations (with their offsets) that name the place a registry pointer at ``at``
    registers: within ``WINDOW`` characters before it, in its sentence part and item, not the general rule
    excepted from (「〔通则 2.6.1 之例外，登记于 …」)."""
    lo = max(0, at - WINDOW)
    for m in _PART_END.finditer(text, lo, at):
        lo = m.end()
    lo = max([lo, *(s for s in item_starts if s < at)])
    return [
        (pos, r)
        for pos, r in refs
        if lo <= pos < at
        and r.kind in (RefKind.CLAUSE, RefKind.ITEM)
        and r.target_clause
        and not any(w in text[max(lo, pos - 4) : pos] + r.raw for w in _GENERAL)
    ]
