"""(q) The words a citation vouches for, printed verbatim at one sibling of the cited place and not at it.

A citation often stands for one statement of its sentence, the one it backs:

- the part a lead citation governs (「依4.4.6④，其持有量恒≤ 1，不适用该上限」, read by
  :func:`citegoverned.governed`);
- the part right before a citation that closes a bracket or a sentence part after a comma (「（即窃听报告发布阶段
  开始之前，2.3.2）」, 「（…；且死囚局无沉默源，6.8.6①）」), a bare deferral included (「（停转夜不随之取得，依
  6.8.6②）」, 「…，依 X。」; in a bracket also without the comma: 「（…取得条件依4.6.1）」);
- the part a bracket holding that one citation alone annotates, back to the part's start or an enumeration
  comma (「属玩家自由发言（2.3.4）」, 「感染标记对医生、本人与异形阵营可见（3.3.10）」); a bracket of several
  citations is a list, each member citing its own share of the phrase.

The statement
is the cited place's, printed again: 2.3.2 prints 「窃听报告发布阶段」, 6.8.6① 「全场无沉默源」.  After a
renumbering to a sibling about the same thing (2.3.3, 6.8.6②), the sibling shares the subject words, so the
term checks see no mismatch; what it does not share is the *predicate* — the run of characters the
statement restates.

A citation is reported, naming the sibling, when in its backed statement (spaces and punctuation squashed)

- exactly one sibling of the cited place shares a run of at least ``PRINTED_RUN`` characters (an item: its
  body after the heading; a clause: its text with its sub-clauses — :func:`citewords.cited_family`),
- the cited place shares at most ``CITED_RUN`` characters with it (one word said in passing), and
- the run is printed in at most ``PRINTED_SPREAD`` units besides the citing one (a set phrase of the
  whole book — 「受沉默与感染抑制封锁」 — names no place);

the sibling is not of the citing clause's own family, it does not itself point at the cited place (an item
that names the cited item's label, a clause that cites the cited clause: 4.7.5④ 「②③之别：…故②不含任何「本
条可能不可靠」之提示」 explains ②, whose citations 「神探不获任何提示」 print ④'s words; 7.2 prints 「与白天发言
同制」 where it cites 7.0, which 2.6.1 cites for those words — without this guard the rule reports 5 of the
text's own citations), and family q's guards hold (:func:`headwords.guarded`: comparison, denial, number
pair, gate, list).

It reads the citing sentence, the cited family's texts and where a run is printed in the book; an edited
citation elsewhere changes no CJK run, so the habit audit stays 0.  Measured on 返航录 v1preview1.0: see
docs/lint.md, family q, "Eleventh pass" (printed statements).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from ruleproof.lint.citegoverned import governed_words
from ruleproof.lint.citetext import REFERENCE, open_bracket, related, squash
from ruleproof.lint.citewords import cited_family
from ruleproof.lint.frames import longest_run
from ruleproof.lint.headwords import guarded
from ruleproof.lint.memo import PerLintTable, per_lint
from ruleproof.lint.topics import ExplainedPlace
from ruleproof.text.model import RefKind

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Place, Topics
    from ruleproof.text.model import Ref

PRINTED_RUN = 4  # the sibling prints at least this long a run of the backed statement
CITED_RUN = 2  # the cited place shares at most this long a run with it
PRINTED_SPREAD = 3  # the run is printed in at most this many units besides the citing one

_BLANK = " \u3000"
_CLOSERS = "）)"
_COMMAS = "，,"
_PART_BREAKS = frozenset("，,；;（(：:。\n")
_ANNOTATED_BREAKS = _PART_BREAKS | frozenset("、）)")
PART_REACH = 40  # a backed part is read at most this far back
_DEFERRING = ("详见", "参见", "依", "见", "按")  # a bare deferral before the closing citation
_WORDS_LEFT = re.compile(r"[\u4e00-\u9fff]")  # a bracket's content, citations and their joiners taken out
_JOINERS = re.compile(r"[依见及与和或、∕/]")


@dataclass(frozen=True)
class PrintedPlace(ExplainedPlace):
    """The sibling that prints the backed statement: the run it shares and the cited place's longest."""

    run: str = ""
    cited_run: int = 0

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        shared_zh = f"与此至多 {self.cited_run} 字连续相同" if self.cited_run else "与此无一字相同"
        shared_en = (
            f"shares at most {self.cited_run} characters in a row with it"
            if self.cited_run
            else "shares none"
        )
        return (
            f"所依据的「{self.run}」原样见于 {self.name}，而 {cited} {shared_zh}",
            f"the statement it backs, '{self.run}', is printed at {self.name}, while {cited} {shared_en}",
        )


def closing_part(text: str, at: int, raw: str) -> str:
    """The part a citation closing a bracket or a sentence part after a comma backs (「（即窃听报告发布阶段开始
    之前，2.3.2）」 → 「即窃听报告发布阶段开始之前」; a bare 「依」「见」 before the id allowed, and then, closing a
    bracket, no comma needed), or ''."""
    j = at + len(raw)
    while j < len(text) and text[j] in _BLANK:
        j += 1
    if j >= len(text) or text[j] not in _CLOSERS + "。；;":
        return ""
    i = at
    while i > 0 and text[i - 1] in _BLANK:
        i -= 1
    lead = next((w for w in _DEFERRING if text[max(0, i - len(w)) : i] == w), "")
    i -= len(lead)
    while i > 0 and text[i - 1] in _BLANK:
        i -= 1
    if i == 0:
        return ""
    if text[i - 1] in _COMMAS:
        stop = i - 1
    elif lead and text[j] in _CLOSERS:
        stop = i
    else:
        return ""
    return text[_part_start(text, stop, _PART_BREAKS) : stop]


def bracketed_part(text: str, at: int) -> str:
    """The part a bracket of citations only annotates (「属玩家自由发言（2.3.4）」 → 「属玩家自由发言」: back to the
    part's start or an enumeration comma), or ''."""
    opener = open_bracket(text, at, 0)
    if opener is None:
        return ""
    closer = min((k for k in (text.find("）", at), text.find(")", at)) if k >= 0), default=-1)
    inside = text[opener + 1 : closer]
    if closer < 0 or "（" in inside or "(" in inside or len(REFERENCE.findall(inside)) != 1:
        return ""  # (a bracket of several citations: each member cites its own part of the phrase)
    if _WORDS_LEFT.search(_JOINERS.sub("", REFERENCE.sub("", inside))):
        return ""
    return text[_part_start(text, opener, _ANNOTATED_BREAKS) : opener]


def _part_start(text: str, stop: int, breaks: frozenset[str]) -> int:
    """Where the part ending at ``stop`` starts: after the last of ``breaks`` at most ``PART_REACH`` back."""
    start, lo = stop, max(0, stop - PART_REACH)
    while start > lo and text[start - 1] not in breaks:
        start -= 1
    return start


def backed(unit: Unit, at: int, raw: str) -> str:
    """The statement the citation at ``at`` backs (see the module's docstring), squashed, or ''."""
    return _backed(unit.text, at, raw)


@lru_cache(maxsize=8192)
def _backed(text: str, at: int, raw: str) -> str:
    """:func:`backed` in the unit's text (memoised: pure in its arguments; this rule and the weighing judge read
    it for the same citation)."""
    return squash(governed_words(text, at, raw) or closing_part(text, at, raw) or bracketed_part(text, at))


_FAMILIES: PerLintTable[Topics, tuple[str, bool], dict[str, str]] = PerLintTable()


_SPREAD: PerLintTable[Topics, str, frozenset[str]] = PerLintTable()


@per_lint
def _squashed_units(topics: Topics) -> list[tuple[str, str]]:
    """Each unit outside the change log with its squashed text (per lint)."""
    return [(u.id, squash(u.text)) for u in topics.ctx.units_outside_log()]


def _printed_in(topics: Topics, run: str) -> frozenset[str]:
    """The units (outside the change log) whose squashed text prints ``run`` — memoised per text."""
    return _SPREAD.get_or_build(
        topics, run, lambda: frozenset(uid for uid, text in _squashed_units(topics) if run in text)
    )


def printed_fit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The run and the sibling that prints the backed statement (see the module's docstring)."""
    if ref.kind not in (RefKind.ITEM, RefKind.CLAUSE) or not ref.target_clause:
        return None
    label = ref.target_item if ref.kind is RefKind.ITEM else None
    if ref.kind is RefKind.ITEM and not label:
        return None
    said = backed(unit, at, ref.raw)
    if len(said) < PRINTED_RUN:
        return None
    place, near = topics.target(ref)
    if place is None or not near:
        return None
    # (the same for every citation of the clause)
    family = _FAMILIES.get_or_build(
        topics, (ref.target_clause, label is not None), lambda: cited_family(topics, ref)
    )
    cited = family.get(place.name)
    if cited is None:
        return None
    cited_run = len(longest_run(said, cited))
    if cited_run > CITED_RUN:
        return None
    pointer = label or ref.target_clause
    runs = [
        (run, p)
        for p in near
        if not related(p.name, unit.id)
        for body in [family.get(p.name, "")]
        if pointer not in body
        for run in [longest_run(said, body)]
        if len(run) >= PRINTED_RUN
    ]
    if len(runs) != 1:
        return None
    run, likely = runs[0]
    if len(_printed_in(topics, run) - {unit.id}) > PRINTED_SPREAD:
        return None
    return [run], PrintedPlace(likely.name, likely.text, run, cited_run)


def printed_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """:func:`printed_fit` under family q's guards (comparison, denial, number pair, gate, list)."""
    return guarded(topics, unit, at, ref, printed_fit(topics, unit, at, ref))
