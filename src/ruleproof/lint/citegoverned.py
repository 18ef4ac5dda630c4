"""(q) A citation that leads a statement, judged by the words it governs.

The text often cites a place *before* saying what it says there: 「依4.10.2③之例外，对已濒死目标之后续攻击虽无
效果，仍属落身、记入报告」 (4.13.1), 「依4.4.6④，其持有量恒≤ 1」 (4.2.2), 「同2.6.2：异形出局后即丧失队内私聊、
队友身份可见性…」 (5.10).  The words the other verdicts read — the phrase before the citation
(``topics.window``) — are then a bare lead (「依」「同」) that names nothing, while the words after it are the
cited place's own, printed again.  After a renumbering those words stay printed at a sibling.

The *governed words* are read only after a lead that defers to the citation (「依」「按」「据」「见」「同」, right
before it) and a comma or a colon right after it (「之例外」「之规定」 between allowed): from there to the part's
end (「。；」 or a closing bracket), the next citation (its words are its own) or ``GOVERNED_SPAN`` characters.
Their two-character words that are not common in the book (``topics.common_words``) are counted in each
place of the cited family (an item: its text without the clause's title; a clause: its text with its
sub-clauses).  A citation is reported, naming the one sibling that says most of them, when that sibling says at
least ``GOVERNED_WORDS`` of them and

- an item citation: the cited item says none of them;
- a clause citation: the cited clause says at most a ``RESTATED_RATIO``-th as many (a clause is long: 2.6.3
  says three of 5.10's words by chance, 2.6.2 twenty-eight).  「同 4.3：削减倒计时与净破坏量同额」 in 4.2.2 stays
  silent: 4.1 prints ten characters of it but says 7 of its words, 4.3 (which paraphrases) 4;

under family q's guards (:func:`headwords.guarded`); the sibling is not of the citing clause's own family and
the citation is in no bracketed tag (〔通则 X 之例外，登记于 Y〕 names the rule departed from).

Why not without a lead: the words after 「X，」 often go on about the thing annotated (5.3.3 「第一层抗体（4.5，
感染侧专属，不参与伤害侧）」 says 5 words of 4.4 and of 4.6 each, none of 4.5).  Why an item must say none: the items
are split at their circled labels, and a label quoted inside an item (4.7.5④ 「②③之别：…故②不含任何「本条可能不可
靠」之提示」) carries the words of the item it explains — 7.3.7 cites 4.7.5② for them, which says two of them and ④
nine.

It reads only the citing unit's words and the cited family's texts (the habit audit stays 0).  Measured on
返航录 v1preview1.0: see docs/lint.md, family q, "Tenth pass" (governed words).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from ruleproof.lint.citetext import CJK_RUN, REFERENCE, bigrams, in_tag, related
from ruleproof.lint.headwords import guarded
from ruleproof.lint.topics import ExplainedPlace, Place, Topics
from ruleproof.text.model import RefKind

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.text.model import Ref

GOVERNED_WORDS = 4  # the sibling says at least this many of the governed words (the cited place none)
GOVERNED_SPAN = 60  # the governed words end at the part's end or this far after the citation
RESTATED_RATIO = 4  # a sibling clause says at least this many times as many of the words as the cited one

_LEADS = "依按据见同"  # right before the citation (spaces between allowed)
_OPEN = re.compile(r"\s*(?:之例外|之规定)?\s*[，,：:]")
_END = re.compile(r"[。；;）)]")


@dataclass(frozen=True)
class GovernedPlace(ExplainedPlace):
    """The sibling that says the words the citation governs."""

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        return (
            f"其后所述「{shown}」为 {self.name} 的内容，{cited} 中没有",
            f"what follows it ('{shown}') is what {self.name} says, not {cited}",
        )


def governed(unit: Unit, at: int, raw: str) -> str | None:
    """The words the citation at ``at`` governs (see the module's docstring), or None."""
    return governed_words(unit.text, at, raw)


@lru_cache(maxsize=8192)
def governed_words(text: str, at: int, raw: str) -> str | None:
    """:func:`governed` in the unit's text (memoised: pure in its arguments; this rule, the printed rule's and
    the weighing judge's backed statement read it for the same citation)."""
    lead = at
    while lead > 0 and text[lead - 1] in " \u3000\n":
        lead -= 1
    if lead == 0 or text[lead - 1] not in _LEADS or in_tag(text, at):
        return None
    m = _OPEN.match(text, at + len(raw))
    if m is None:
        return None
    start = m.end()
    hi = min(len(text), start + GOVERNED_SPAN)
    for stop in (_END.search(text, start, hi), REFERENCE.search(text, start, hi)):
        if stop is not None:
            hi = min(hi, stop.start())
    return text[start:hi]


def governed_fit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The governed words and the sibling that says them (see the module's docstring)."""
    if ref.kind not in (RefKind.ITEM, RefKind.CLAUSE):
        return None
    said = governed(unit, at, ref.raw)
    if said is None:
        return None
    words = bigrams(said) - topics.common_words
    if len(words) < GOVERNED_WORDS:
        return None
    place, near = topics.target(ref)
    if place is None or not near:
        return None
    item = ref.kind is RefKind.ITEM and bool(ref.target_item)

    def own(p: Place) -> str:
        return p.text.split("。", 1)[-1] if item else topics.places.clause_text(p.name)

    cited = own(place)
    # (a two-character CJK word is in a text's bigrams exactly when the text says it: no word sets of whole
    # clause texts are built)
    cited_words = sum(w in cited for w in words)
    scored = sorted(
        (
            (sum(w in text for w in words), p)
            for p in near
            if not related(p.name, unit.id)
            for text in [own(p)]
        ),
        key=lambda s: s[0],
        reverse=True,
    )
    if not scored or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    best, likely = scored[0]
    # an item says none of them (see the module's docstring); a clause a fraction of what the sibling says
    most = 0 if item else best // RESTATED_RATIO
    if best < GOVERNED_WORDS or cited_words > most:
        return None
    meant = own(likely)
    evidence = _stretches(said, frozenset(w for w in words if w in meant))
    shown = GovernedPlace(likely.name, likely.text)
    return evidence, shown


def _stretches(said: str, shared: frozenset[str]) -> list[str]:
    """The stretches of ``said`` made of ``shared`` words (overlapping or side by side), longest first:
    「仍属落身」「记入报告」."""
    out: list[str] = []
    for run in CJK_RUN.findall(said):
        j = 0
        while j < len(run) - 1:
            if run[j : j + 2] not in shared:
                j += 1
                continue
            k = j  # the last shared word of the stretch: the next one overlaps it or follows it
            while True:
                if run[k + 1 : k + 3] in shared and k + 2 < len(run):
                    k += 1
                elif run[k + 2 : k + 4] in shared and k + 3 < len(run):
                    k += 2
                else:
                    break
            out.append(run[j : k + 2])
            j = k + 2
    return sorted(out, key=len, reverse=True)


def governed_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """:func:`governed_fit` under family q's guards (comparison, denial, number pair, gate, list)."""
    return guarded(topics, unit, at, ref, governed_fit(topics, unit, at, ref))
