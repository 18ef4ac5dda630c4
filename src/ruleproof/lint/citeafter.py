"""(q) A citation followed by what *of* the cited place it means: the thing named after 「的」「之」「中的」.

The text often cites a place and then names the part of it it means, right after the id: 「均依 4.10 的攻击结算链
分别结算」, 「受 4.4.6 的 2发存储上限约束」, 「不适用 4.4.6 的作废规则」, 「其不继承 4.6.3 的「三者互斥」表述」, 「按 X 所
列顺序」.  The words the other verdicts read — the phrase before the id, a title glued to it — are then a verb
(「依」「受」「不继承」) that names nothing; the *owned thing* after the possessive names what the cited place
prints.  A renumbering that moves the id to a sibling leaves the thing printed at the sibling it came from and
not at the cited place.

The owned thing is read after the id (its item labels included) and a possessive — 「的」「之」「中的」「所述」「所列」
「所定」「规定的」, spaces allowed — up to the part's end (a mark, a bracket, a quotation's end) or ``THING_SPAN``
characters; a quotation right after the possessive is the thing itself (「4.6.3 的「救援∕治疗∕制药三者互斥」表
述」).  Only its Chinese characters count (「2发存储上限」 → 发存储上限), and so only those of the places.

A citation is reported, naming the one sibling that defines the thing, when

- the cited place prints at most ``CITED_RUN`` characters of it in a row (an item: its text; a clause: its
  text with its sub-clauses and its ancestors' titles — the thing may be what its parent is about);
  and fewer than 1 / ``SPLIT_SHARE`` of the two-character words of the definer's run (the words said apart:
  4.4.2 「悬赏（子弹回复）」 is what 「4.4.2 的悬赏回复」 means; 5.6 「出刀目标不受阵营限制」 says 「5.6 的全部目标
  限制」, which 5.8 prints in a row);
- exactly one sibling (of the citing clause's own family none) *defines* it: prints a run of at least
  ``DEFINED_RUN`` characters of it in a sentence that cites no clause.  A sibling that prints the thing only in
  sentences citing a clause restates it from there — the text defines a thing once and cites that place where
  it is said again (4.6.4 「不继承 4.6.3 的「救援∕治疗∕制药三者互斥」表述」 says 4.6.3's words, with 4.6.3's
  id beside them) — so it neither counts as the definer nor keeps the rule silent.

The possessive ties the thing to the cited place whatever the sentence does with it — adopts it (「依」), refuses
it (「不适用」「不继承」) or compares with it — so, unlike the verdicts reading the words before the id, a denial or
a comparison is judged too; the other guards of family q hold: not a number pair, a gate the checklist cites,
a list (its members share the thing), a bracketed tag (〔通则 4.4.6 之例外〕 names the rule departed from).

Why the definer test reads only whether a sentence cites *some* clause, not which: a renumbering edits an id,
never whether a sentence has one, so an edit elsewhere in the text never changes who defines a thing (the
weakness of reading a candidate's own citations, docs/lint.md, family q, "Fourteenth pass").  Each place's
sentences are split and squashed once per lint (:mod:`ruleproof.lint.memo`); a citation reads only the
citing words and the cited family's texts.  Measured: docs/lint.md, family q, "Fifteenth pass — words after
the id".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruleproof.lint.citetext import CITATION, NOT_CJK, in_list, in_tag, related
from ruleproof.lint.frames import longest_run
from ruleproof.lint.memo import PerLintTable
from ruleproof.lint.topics import ExplainedPlace, Place, Topics
from ruleproof.text.model import RefKind

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.text.model import Ref

DEFINED_RUN = 3  # the defining sibling prints at least this long a run of the thing (Chinese characters)
CITED_RUN = 2  # the cited place prints at most this long a run of it
SPLIT_SHARE = 2  # the cited place saying at least 1 / this of the run's two-character words says it, apart
THING_MIN = 4  # the thing has at least this many Chinese characters
THING_SPAN = 14  # the thing ends at the part's end or this far after the possessive

# the possessive right after the id (its item labels are part of the id)
_POSSESSIVE = re.compile(r"[ \u3000]*(?:中的|所述的?|所列的?|所定的?|规定的|的|之)[ \u3000]*")
_QUOTED = re.compile(r"「(?P<q>[^「」]{2,40})」")
_THING_END = re.compile(r"[，,；;。：:、（(）)「」〔〕【】\n｜|⸺—]")
# a part of a place's sentence, as the definer test reads it: split at the marks that end a clause of the
# sentence (not at brackets or quotation marks: 「不继承 4.6.3 的「…三者互斥」表述」 is one part)
_PART_END = re.compile(r"[。；;！？\n，,：:]")


@dataclass(frozen=True)
class DefinedPlace(ExplainedPlace):
    """The sibling that defines the thing named after the citation: the thing and the run it prints."""

    thing: str = ""
    run: str = ""
    cited_run: int = 0

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        said_zh = f"至多 {self.cited_run} 字连续相同" if self.cited_run else "无一字相同"
        said_en = f"at most {self.cited_run} characters of it in a row" if self.cited_run else "none of it"
        return (
            f"其后所指「{self.thing}」由 {self.name} 界定（「{self.run}」），{cited} 中与此{said_zh}",
            f"what it names after the id, '{self.thing}', is defined at {self.name} ('{self.run}'), "
            f"while {cited} prints {said_en}",
        )


def owned_thing(text: str, end: int) -> str:
    """The thing named after a possessive at ``end`` (right after a citation), as printed, or ''."""
    m = _POSSESSIVE.match(text, end)
    if m is None:
        return ""
    start = m.end()
    quoted = _QUOTED.match(text, start)
    if quoted is not None:
        return quoted.group("q")
    hi = min(len(text), start + THING_SPAN)
    stop = _THING_END.search(text, start, hi)
    return text[start : stop.start() if stop is not None else hi]


# each place's sentences, Chinese characters only, with whether the sentence cites a clause (per lint)
_PARTS: PerLintTable[Topics, str, tuple[tuple[str, str], ...]] = PerLintTable()


def defining_text(part: str) -> str:
    """What of a part may define a thing: all of it when it cites no clause, else what comes before its first
    citation — and not the words a bracket holding that citation annotates (「其持有量恒≤ 1（4.4.6）」 restates
    4.6.6): 「本上限的唯一作用点是 4.4.3 的无条件注入」 defines 4.4.6's 「唯一作用点」, 「故为4.4.6的唯一作用点」 restates
    it, 「不继承 4.6.3 的「…三者互斥」表述」 restates 4.6.3's words."""
    m = CITATION.search(part)
    if m is None:
        return part
    head = part[: m.start()]
    bracket = max(head.rfind("（"), head.rfind("("))
    if bracket >= 0 and ")" not in head[bracket:] and "）" not in head[bracket:]:
        head = _ANNOTATED.sub("", head[:bracket])
    return head


_ANNOTATED = re.compile(r"[\u4e00-\u9fff]+\s*$")  # the run of characters a bracket right after it annotates


def _parts(topics: Topics, place: Place) -> tuple[tuple[str, str], ...]:
    """The place's parts: all their Chinese characters, and those that may define a thing (per lint)."""
    return _PARTS.get_or_build(
        topics,
        place.text,
        lambda: tuple(
            (NOT_CJK.sub("", s), NOT_CJK.sub("", defining_text(s)))
            for s in _PART_END.split(place.text)
            if s.strip()
        ),
    )


def runs(topics: Topics, thing: str, place: Place) -> tuple[str, str]:
    """The longest run of ``thing`` the place prints anywhere, and where it may define it."""
    anywhere, defined = "", ""
    for cjk, defining in _parts(topics, place):
        run = longest_run(thing, cjk)
        if len(run) > len(anywhere):
            anywhere = run
        if len(run) > len(defined):
            run = longest_run(thing, defining)
            if len(run) > len(defined):
                defined = run
    return anywhere, defined


def _apart(topics: Topics, words: set[str], place: Place, anywhere: bool) -> bool:
    """The place says at least 1 / ``SPLIT_SHARE`` of ``words``: anywhere, or where it may define them."""
    parts = [cjk if anywhere else defining for cjk, defining in _parts(topics, place)]
    return sum(any(w in cjk for cjk in parts) for w in words) * SPLIT_SHARE >= len(words)


def after_fit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The thing named after the citation and the sibling that defines it (see the module's docstring)."""
    if ref.kind not in (RefKind.ITEM, RefKind.CLAUSE) or not ref.target_clause:
        return None
    if ref.kind is RefKind.ITEM and not ref.target_item:
        return None
    text, end = unit.text, at + len(ref.raw)
    printed = owned_thing(text, end)
    thing = NOT_CJK.sub("", printed)
    if len(thing) < THING_MIN or in_tag(text, at) or in_list(text, at, end):
        return None
    place, near = topics.target(ref)
    if place is None or not near:
        return None
    cited = max((len(r) for r in runs(topics, thing, place)), default=0)
    if cited > CITED_RUN:
        return None
    definers = [
        (run, p)
        for p in near
        if not related(p.name, unit.id)
        for run in [runs(topics, thing, p)[1]]
        if len(run) >= DEFINED_RUN
    ]
    if len(definers) != 1:
        return None
    run, likely = definers[0]
    # the cited place, or another sibling, says the run's words apart (4.4.2 「悬赏（子弹回复）」 is what 「4.4.2
    # 的悬赏回复」 means): the run does not tell the places apart
    words = {run[i : i + 2] for i in range(len(run) - 1)}
    others = (p for p in near if p is not likely and not related(p.name, unit.id))
    if _apart(topics, words, place, True) or any(_apart(topics, words, p, False) for p in others):
        return None
    return [run], DefinedPlace(likely.name, likely.text, printed.strip(), run, cited)


def after_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """:func:`after_fit` under family q's guards but the denial and comparison ones (the possessive ties the
    thing to the cited place whatever the sentence does with it): not a number pair, not a gate the checklist
    cites (lists and tags are left out by :func:`after_fit`)."""
    found = after_fit(
        topics, unit, at, ref
    )  # (asked first: it fails cheaply, on most citations at the possessive)
    if found is None or topics.no_place_beside(unit, at, ref):
        return None
    place = topics.target(ref)[0]
    return (place, *found) if place is not None else None
