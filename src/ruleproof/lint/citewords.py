"""(q) Word evidence: a common word that heads exactly one sibling's title and that this sibling, above all
its family, is about.

The head-word check (:mod:`ruleproof.lint.headwords`) reports a citation whose phrase says the head of one
sibling's title and none of the cited place's — but only when the cited place never says that word.  A word
like 感染 is said in more than a quarter of the clauses, so after a renumbering the wrong target usually says
it in passing: 「依3.3，…仅清感染」 retargeted to 3.2 破坏与停转夜, which mentions 感染 while 3.3 感染机制 is
about it.  What tells the siblings apart is not whether the cited place says the word but *how much more*
the sibling titled by it does, within the family: a word is evidence for the sibling whose title heads it
when that sibling says it at least ``FAMILY_RATIO`` times as often as every other place of the family, the
cited place included (7.3 乔装通则 says 乔装 44 times, 7.1 twice, 7.0 and 7.2 never).  Counting over the
whole family, not the cited place alone, keeps a word the family shares from being anyone's: 外星人 heads
6.8 死囚外星人, which says it 16 times, but 6.9 逃亡 says it 14 times (7.2.7 「外星人出刀（6.6…」 stays
silent); 发动 heads 7.3.1 发动与伪装身份 (8 times) but 7.3.5 says it 3 times (7.3.8 「至多发动 1 次（7.3.0）」
stays silent — and when a cut of 7.3.5 leaves 7.3.1 alone with it, 7.3.1's own 「持有 1 次者不可发动（7.3.0）」 says
the sibling leans on the cited clause for the word, and that stays silent too: ``_defers``).  All other guards of the head-word check hold: the phrase names no head of the cited place
and the head of exactly one sibling, says no uncommon word only the cited place says, no citation of the
sibling stands next to it, and family q's comparison, denial, number-pair, gate and list rules.

**A bare lead citation** (「依3.3，治疗不解除濒死，仅清感染」 in 4.14.2, 「见 5.3.3」, 「依 7.0，…」): its own
phrase is only the particle, so the words it annotates are the rest of its sentence, read whole
(``topics.window(..., wide=True)``) under the same family counts.  Not when a quotation follows the
citation (「与3.3.8「救援医师与临时医生…」」: family q's quotation check judges it by the quoted words).

It reads only the citing phrase and the family's titles and texts, never how the text cites elsewhere, so
no edit outside the family can make it report.  The ratio is the one family q's sibling-title check already
uses (the sibling says the name at least three times as often as the cited clause); measured on every
citation of 返航录 at its own target and at the neighbours a renumbering would pick
(``python ci/sim_citations.py``): 2.5 reports 7.3.8's citation of 7.3.0 above, 3 reports nothing of the
unedited text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruleproof.lint.citefit import family_group
from ruleproof.lint.headwords import head_verdict, place_body
from ruleproof.lint.topics import ExplainedPlace
from ruleproof.text.model import RefKind

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Place, Topics
    from ruleproof.text.model import Ref

FAMILY_RATIO = 3.0  # the titled sibling says the word at least this many times as often as any other place


# what a bare citation's phrase may hold besides citations: a particle (依 X、见 X、另依 X、之…及 X)
_PARTICLES = re.compile(r"[依见另详参据按之及与和]")
_CJK = re.compile(r"[\u4e00-\u9fff]")


@dataclass(frozen=True)
class TitledPlace(ExplainedPlace):
    """The sibling a title word names, with how often it says the word and the family's next most often."""

    said: int = 0
    others: int = 0

    def counts(self, cited: str) -> tuple[str, str]:
        """How often this place and the rest of its family (``cited`` among them) say the word."""
        return (
            f"{self.name} 讲它 {self.said} 次，同族其他条款（含 {cited}）至多 {self.others} 次",
            f"{self.name} says it {self.said} times, no other place of its family (with {cited}) more than "
            f"{self.others}",
        )

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        zh, en = self.counts(cited)
        return (
            f"此处讲「{shown}」，这是 {self.name} 标题之词；{zh}",
            f"the sentence is about '{shown}', a word of {self.name}'s title; {en}",
        )


def cited_family(topics: Topics, ref: Ref) -> dict[str, str]:
    """The cited place's whole family, squashed, by name: the clause's items (their bodies, after the
    heading), or every clause under the cited clause's parent with its sub-clauses (citefit's group)."""
    cid = ref.target_clause or ""
    if ref.kind is RefKind.ITEM and bool(ref.target_item):
        return {p.name: place_body(p, True) for p in topics.places.items(cid)}
    return {c: text for c, text in family_group(topics, cid, False).items() if "." in c}


def _dominant(word: str, likely: str, family: dict[str, str]) -> bool:
    """The place named ``likely`` says the word at least ``FAMILY_RATIO`` times as often as every other place
    of the family."""
    said = family.get(likely, "").count(word)
    return said > 0 and all(
        FAMILY_RATIO * body.count(word) <= said for name, body in family.items() if name != likely
    )


def word_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """The cited place, the evidence and the sibling it names: a head word that sibling is the one place of
    the family about (:func:`headwords.head_verdict` with the family's counts) — for a bare lead citation,
    read in its whole sentence."""
    if not ref.target_clause or ref.kind not in (RefKind.CLAUSE, RefKind.ITEM):
        return None

    def shared(words: list[str], likely: Place) -> bool:
        if _defers(topics, likely.name, ref, words):
            return True
        family = cited_family(topics, ref)  # (read only when a sibling's head is named)
        return not all(_dominant(w, likely.name, family) for w in words)

    found = head_verdict(topics, unit, at, ref, shared)
    if found is None and _bare(topics, unit, at, ref):
        found = head_verdict(topics, unit, at, ref, shared, wide=True)
    if found is None:
        return None
    place, words, likely = found
    family = cited_family(topics, ref)
    counted = TitledPlace(
        likely.name,
        likely.text,
        family[likely.name].count(words[0]),
        max((b.count(words[0]) for n, b in family.items() if n != likely.name), default=0),
    )
    return place, words, counted


def _defers(topics: Topics, likely: str, ref: Ref, words: list[str]) -> bool:
    """The sibling itself cites the cited clause for the word: it leans on that clause where it says it, so how
    often it says the word is no evidence that the word belongs to it rather than to the place it cites (7.3.1
    发动与伪装身份 says 发动 8 times and 「持有 1 次者不可发动（7.3.0）」: 7.3.8 「…至多发动 1 次（7.3.0）」 cites the
    owner).  Item families are one unit: not asked."""
    cited = ref.target_clause
    unit = topics.ctx.unit_by_id.get(likely)
    if ref.kind is not RefKind.CLAUSE or not cited or unit is None:
        return False
    for other in topics.ctx.refs_by_unit.get(likely, []):
        if other.kind is not RefKind.CLAUSE or other.target_clause != cited:
            continue
        at = topics.locate(unit, other)
        if at is not None and any(w in topics.window(unit, at, other.raw) for w in words):
            return True
    return False


def _bare(topics: Topics, unit: Unit, at: int, ref: Ref) -> bool:
    """The citation's phrase says nothing but a particle, and no quotation follows it."""
    if _CJK.search(_PARTICLES.sub("", topics.window(unit, at, ref.raw))):
        return False
    after = unit.text[at + len(ref.raw) : at + len(ref.raw) + 3].lstrip(" \u3000")
    return not after.startswith("「")
