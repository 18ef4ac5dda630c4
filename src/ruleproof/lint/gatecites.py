"""(q) What a 「十关核验」 line cites under each gate, read from the lines as well as the checklist.

Family q does not judge a citation of a ten-gate line by its words when it cites what its gate cites:
「⑦额度记账依 2.5」 cites 2.5 because the checklist (返航录 2.8.10) lists 2.5 under gate ⑦ 额度记账, though
2.5 never says 记账.  Read from the checklist alone, that excuse hung on one clause: one edit of the
checklist — gate ⑦ deleted, or its 2.5 retargeted — turned the lines' 「依 2.5」 under ⑦ into findings on
clauses the edit never touched (``ruleproof mutate --seed 6 --class gate``, gate-008: two findings at
4.11.6, a spurious catch).  The finding's diagnosis, 2.5 left behind by a renumbering
(:data:`~ruleproof.lint.diagnosis.RENUMBERED_ZH`), is false of 4.11.6: its citation is as right as before
the edit.

* **The lines vote** (:class:`GateSources`).  The text's ten-gate lines are its second account of each
  gate's sources: eight clauses' lines cite 2.5 under ⑦.  A clause cited under a gate by the lines of at
  least ``HABIT_VOTES`` clauses other than the citing one is that gate's source too — the rule of the
  citation-habit map (:mod:`ruleproof.lint.citehabits`): votes are clauses, never the citing clause's
  own, so one edited clause moves a count by one at most.  An edit of the checklist leaves the lines'
  votes whole; an edit of one line moves them by one.
* **A gate label glued to a citation** (:func:`as_cited`).  The PDF drops separators: in 「铸造属进程型产
  出，记账依2.9⑧不新增批次」 the ⑧ is gate ⑧ 不新增批次, and the gate-line reader
  (:mod:`ruleproof.lint.gatelines`) reads it so, while the reference reader takes 「2.9⑧」 for item ⑧ of
  2.9.  Family q judges it as what it is, a citation of 2.9; read as item ⑧ (状态限制) it was excused only
  while the checklist listed 2.9 under ⑦, and judged wrong — 「2.9② 才讲这些」 — once it did not.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ruleproof.findings import Finding
from ruleproof.lint.base import clip
from ruleproof.lint.citehabits import HABIT_VOTES
from ruleproof.lint.diagnosis import RENUMBERED_EN, RENUMBERED_ZH
from ruleproof.lint.gatelines import GATE_TOKEN, GateLine, parse_gates
from ruleproof.text.model import Ref, RefKind

if TYPE_CHECKING:
    from ruleproof.lint.context import LintContext, Unit
    from ruleproof.lint.topics import Topics

LABEL_REACH = 60  # a citation stands under the last gate label at most this many characters before it
# a gate label as the ten-gate reader reads one, not after a digit or a dot (there: an item of a citation)
_LABEL = re.compile(rf"(?<![\d.])({GATE_TOKEN.pattern})")


def gate_label(text: str, at: int) -> str | None:
    """The gate a citation at ``at`` of a ten-gate line stands under: the last gate label before it."""
    labels = list(_LABEL.finditer(text[max(0, at - LABEL_REACH) : at]))
    return labels[-1].group(1) if labels else None


class GateSources:
    """For each gate label, the clauses the text's ten-gate lines cite under it, with the clauses whose
    lines cite each; and where the lines' gate labels stand."""

    def __init__(self, topics: Topics, lines: list[GateLine]) -> None:
        self.labels_at: dict[str, frozenset[int]] = {}
        for gl in lines:
            self.labels_at[gl.unit] = self.labels_at.get(gl.unit, frozenset()) | frozenset(gl.labels_at)
        self._topics = topics
        self._votes: dict[str, dict[str, set[str]]] | None = None

    def _read_votes(self) -> dict[str, dict[str, set[str]]]:
        topics = self._topics
        votes: dict[str, dict[str, set[str]]] = {}
        for unit_id, spans in topics.gate_spans.items():
            unit = topics.ctx.unit_by_id.get(unit_id)
            if unit is None:
                continue
            for ref in topics.ctx.refs_by_unit.get(unit_id, []):
                if ref.kind not in (RefKind.CLAUSE, RefKind.ITEM) or ref.quoted or not ref.target_clause:
                    continue
                at = topics.locate(unit, ref)
                if at is None or not any(lo <= at < hi for lo, hi in spans):
                    continue
                label = gate_label(unit.text, at)
                if label is not None:
                    votes.setdefault(label, {}).setdefault(ref.target_clause, set()).add(unit_id)
        return votes

    def votes(self) -> dict[str, dict[str, set[str]]]:
        """For each gate label, each clause the lines cite under it with the clauses whose lines cite it."""
        if self._votes is None:
            self._votes = self._read_votes()
        return self._votes

    def voted(self, label: str, cited: str, unit_id: str) -> bool:
        """Whether the lines of at least ``HABIT_VOTES`` clauses other than ``unit_id`` cite ``cited`` under
        the gate ``label`` (read when first asked: most citations are excused by the checklist)."""
        return len(self.votes().get(label, {}).get(cited, set()) - {unit_id}) >= HABIT_VOTES


def as_cited(topics: Topics, unit: Unit, at: int, ref: Ref) -> Ref:
    """``ref`` as family q judges it: an item citation whose item label is a gate label of the ten-gate line
    it stands in (「记账依2.9⑧不新增批次」) is a citation of the clause (「2.9」); any other, itself."""
    item = ref.target_item
    if ref.kind is not RefKind.ITEM or not item or not ref.raw.endswith(item):
        return ref
    if at + len(ref.raw) - len(item) not in topics.gate_sources.labels_at.get(unit.id, frozenset()):
        return ref
    return dataclasses.replace(ref, kind=RefKind.CLAUSE, target_item=None, raw=ref.raw[: -len(item)].rstrip())


def _parent(cid: str) -> str:
    return cid.rsplit(".", 1)[0] if "." in cid else ""


def odd_sources(topics: Topics) -> Iterator[tuple[str, str, str, int]]:
    """The checklist's sources that the ten-gate lines outvote: a clause the checklist cites under a gate
    that no line cites under it, while the lines of at least ``HABIT_VOTES`` clauses cite one sibling of it
    there — the sibling cited most under the gate, by no other gate of the checklist (2.8.10 ⑥ 「封锁（2.8.4
    总清单）」 against twelve clauses' 「⑥封锁＝依 2.8.3」).  Each as (gate label, the checklist's source, the
    lines' source, the number of clauses whose lines cite it)."""
    listed = set().union(*topics.gate_cites.values()) if topics.gate_cites else set()
    votes = topics.gate_sources.votes()
    for label, cites in topics.gate_cites.items():
        under = votes.get(label, {})
        for cited in sorted(cites):
            if under.get(cited):
                continue
            counts = sorted(
                ((len(units), other) for other, units in under.items() if other not in listed),
                reverse=True,
            )
            if not counts or counts[0][0] < HABIT_VOTES or (len(counts) > 1 and counts[1][0] == counts[0][0]):
                continue
            n, usual = counts[0]
            if _parent(usual) == _parent(cited):
                yield label, cited, usual, n


def checklist_findings(ctx: LintContext, topics: Topics) -> Iterator[Finding]:
    """The findings of :func:`odd_sources`, at the checklist (:data:`ruleproof.lint.topics.TOPIC`)."""
    from ruleproof.lint.topics import TOPIC  # (topics imports this module)

    parsed = parse_gates(ctx)
    owner = ctx.unit_by_id.get(parsed[0]) if parsed else None
    if owner is None:
        return
    for label, cited, usual, n in odd_sources(topics):
        start = owner.text.find(label)
        at = owner.text.find(cited, max(0, start))
        at = at if at >= 0 else max(0, start)
        yield TOPIC.finding(
            owner.id,
            owner.line_of(at),
            f"接入检查 {label} 引 {cited}，而 {n} 条的「十关核验」行在 {label} 下都引 {usual}、无一引 {cited}，"
            f"{RENUMBERED_ZH}",
            f"the checklist cites {cited} under gate {label}, but the ten-gate lines of {n} clauses cite {usual} "
            f"there and none {cited} — {RENUMBERED_EN}",
            clip(owner.text[max(0, at - 10) : at + 14], 40),
            related=[(usual, None)],
            extra={"target": cited, "likely": usual, "terms": [label], "kind": "clause"},
        )
