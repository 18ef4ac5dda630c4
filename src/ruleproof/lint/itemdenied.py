"""(q) An item citation whose item's heading denies what the citing sentence part affirms.

The items of one clause often pair a thing with its negation, each in its heading: 2.8.3 「③ 受封锁者总清单」
beside 「④ 明文豁免清单（不受封锁）」 and 「⑤ 明文不封锁」.  A sentence part that cites one of them says which side
it is on: 「⑥受沉默封锁（2.8.3③）」 affirms 封锁, 「故不受沉默封锁（4.12.4②、2.8.3④）」 denies it.  After a
renumbering to a sibling (2.8.3③ → ④) the part affirms what the cited item's heading denies.

*The reading.*  An item's heading line is its text after its label up to the first ：∕:∕⸺, when no 。；，∕line
break comes before it (at most ``HEAD_SPAN`` characters: 「明文豁免清单（不受封锁）」).  A word is *denied* in a stretch of text when a negator
(``citetext.NEGATORS``: 不 非 无 未) stands before it in the same phrase (the characters since the last punctuation), and
*affirmed* when it stands there with no negator before it; a word right before ＝ is a checklist's field name
(「⑥封锁＝依2.8.3④附…故不受封锁」), neither.  An item citation is reported, naming the sibling,
when

- the cited item's heading line denies a word (every run of ≥ 2 characters of the ``DENIED_SPAN`` characters
  after a negator; the longest that fits is shown) and affirms none of those;
- the citing sentence part (``itemwords.part_bounds``: cut at an item label, the citation left out) affirms the
  word and denies it nowhere;
- exactly one other item of the clause affirms the word in its heading line and denies it nowhere there, and it
  is not of the citing clause's family nor a variant of the cited item (「③之二」 is a part of ③);
- the citation is in no bracketed tag, no glossary and not the exception registry, and family q's guards hold
  (:func:`headwords.guarded`; under a 十关核验 gate whose checklist cites the clause too, as ``citeparallel``:
  the checklist names the clause, not which of its items, and the evidence here is about the item).

It reads the cited clause's items' heading lines (once per lint, :data:`_HEADS`) and the citing part only (the
habit audit stays 0).  Measured: docs/lint.md, family q, "Nineteenth pass — a heading denied, a restatement,
a variant beside its base".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruleproof.lint.citetext import CJK_RUN, NEGATORS, in_tag, related
from ruleproof.lint.context import ITEM_REF
from ruleproof.lint.headwords import guarded
from ruleproof.lint.itemwords import base_label, item_body, part_bounds
from ruleproof.lint.memo import PerLintTable
from ruleproof.lint.topics import ExplainedPlace

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Place, Topics
    from ruleproof.text.model import Ref

HEAD_SPAN = 40  # an item's heading line: at most this many characters after its label, up to its ：∕⸺
DENIED_SPAN = 4  # the words a negator denies: runs of ≥ 2 characters of this many CJK characters after it
_HEAD_LINE = re.compile(rf"^\s*[①-⑳]?\s*(?P<line>[^。；;：:⸺，,\n]{{2,{HEAD_SPAN}}})[：:⸺]")
_PHRASE_END = re.compile(r"[，,、；;。：:＝=（）()「」『』〔〕【】\n]")
_LABEL_MARK = ("＝", "=")  # 「⑥封锁＝…」: a checklist's field name, neither affirmed nor denied


@dataclass(frozen=True)
class AffirmedItem(ExplainedPlace):
    """The sibling whose heading affirms the word the citing part affirms and the cited item's heading denies."""

    word: str = ""
    denied: str = ""  # the cited item's heading line

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        return (
            f"所在句段言「{self.word}」，而 {cited} 的标题（「{self.denied}」）否定它；同条 {self.name} 的标题"
            f"才讲「{self.word}」",
            f"the sentence part affirms '{self.word}', which the heading of {cited} ('{self.denied}') denies; "
            f"the heading of {self.name} of the same clause affirms it",
        )


def _line(place: Place) -> str:
    m = _HEAD_LINE.match(item_body(place))
    return m.group("line").strip() if m is not None else ""


def _polarity(text: str, word: str) -> tuple[bool, bool]:
    """Whether ``text`` affirms ``word`` somewhere and whether it denies it somewhere (a negator before it in
    the same phrase)."""
    affirmed = denied = False
    at = text.find(word)
    while at >= 0:
        if text.startswith(_LABEL_MARK, at + len(word)):
            at = text.find(word, at + 1)
            continue
        start = max((m.end() for m in _PHRASE_END.finditer(text, 0, at)), default=0)
        if any(c in NEGATORS for c in text[start:at]):
            denied = True
        else:
            affirmed = True
        at = text.find(word, at + 1)
    return affirmed, denied


def _denied_words(line: str) -> frozenset[str]:
    """The words a heading line denies: runs of ≥ 2 characters of the CJK characters right after a negator."""
    out: set[str] = set()
    for i, c in enumerate(line):
        if c not in NEGATORS:
            continue
        m = CJK_RUN.match(line, i + 1)
        run = m.group(0)[:DENIED_SPAN] if m is not None else ""
        out.update(run[a:b] for a in range(len(run)) for b in range(a + 2, len(run) + 1))
    return frozenset(w for w in out if not _polarity(line, w)[0])


@dataclass(frozen=True)
class _Heads:
    names: tuple[str, ...]
    lines: tuple[str, ...]
    denied: tuple[frozenset[str], ...]


_HEADS: PerLintTable[Topics, str, _Heads] = PerLintTable()


def _heads(topics: Topics, cid: str) -> _Heads:
    def build() -> _Heads:
        items = topics.places.items(cid)
        lines = tuple(_line(p) for p in items)
        return _Heads(tuple(p.name for p in items), lines, tuple(_denied_words(ln) for ln in lines))

    return _HEADS.get_or_build(topics, cid, build)


def denied_fit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The word the citing part affirms and the cited item's heading denies, and the one sibling whose heading
    affirms it (see the module's docstring)."""
    if ref.kind is not ITEM_REF or not ref.target_item or not ref.target_clause:
        return None
    heads = _heads(topics, ref.target_clause)
    place, near = topics.target(ref)
    if place is None or not near or place.name not in heads.names:
        return None
    k = heads.names.index(place.name)
    if not heads.denied[k]:
        return None  # (most items: a heading that denies nothing)
    text, end = unit.text, at + len(ref.raw)
    registry = topics.places.registry
    if in_tag(text, at) or topics.glossary(unit) or (registry is not None and unit.id == registry.clause):
        return None
    lo, hi = part_bounds(text, at, end)
    part = f"{text[lo:at]}\n{text[end:hi]}"
    found: list[tuple[str, int]] = []
    for word in sorted(heads.denied[k], key=lambda w: (-len(w), w)):
        if _polarity(part, word) != (True, False):
            continue
        affirming = [
            j
            for j, line in enumerate(heads.lines)
            if j != k and word not in heads.denied[j] and _polarity(line, word) == (True, False)
        ]
        if len(affirming) == 1:
            found.append((word, affirming[0]))
            break
    if not found:
        return None
    word, j = found[0]
    sibling = next((p for p in near if p.name == heads.names[j]), None)
    if (
        sibling is None
        or related(sibling.name, unit.id)
        or base_label(sibling.name) == base_label(place.name)
    ):
        return None
    return [word], AffirmedItem(sibling.name, sibling.text, word=word, denied=heads.lines[k])


def denied_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """:func:`denied_fit` under family q's guards (:func:`headwords.guarded`), judged under a 十关核验 gate too: the
    checklist that cites the clause names no item of it, the polarity is about the item."""
    return guarded(topics, unit, at, ref, denied_fit(topics, unit, at, ref), gate_items=True)
