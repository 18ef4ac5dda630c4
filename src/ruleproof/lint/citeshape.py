"""(q) A citation whose own shape says it lands on the wrong place.

The other cite checks of family q ask what the cited place is *about*.  Some wrong targets show in the
shape of the citation itself, whatever the places say:

- **a clause citing its own family for a sibling's title.**  A clause citing itself or an ancestor
  (「受 4.8.1 连续保护限制」 in 4.8.1, 「与警长同席位（4.4）」 in 4.4.9) names what the cited clause is
  about; when the words it annotates print the whole title head of exactly one sibling of the cited
  clause and nothing of the cited clause's own titles, the sibling was meant: 4.10.0 「（a）击破工匠护甲
  （4.10）」 — 4.11 is 工匠, 4.10 the clause that holds 4.10.0; 4.7.3 「其身份标注（4.7.3）亦一并移除」 —
  4.7.4 is 身份标注.
- **a clause deferring to itself.**  「依 X」「见 X」「详见 X」 say where a rule lives; inside X itself they
  say nothing (the text writes 「本条」「本项」 for its own clause): 6.8.2 「死囚外星人依 6.8.2 阵营类条款自动
  命中」, 4.4.1 「自杀依 4.4.1不予回复」.
- **a clause compared with itself.**  「本条…与 X 相互独立」「本款…与名额（X）为两件事」 in X sets the
  clause against itself: 1.5.2 「本条为兜底条款，与 1.5.2 相互独立」.

They are asked for clause citations of the citing clause's own family (:func:`topics.self_citation`),
after the owners and before the habits, and never in a list (「（4.13.1、2.3.2）」 cites a clause's own part
of a shared matter).  The unedited 返航录 v1preview1.0 has 25 such citations, none of them in these shapes;
the figures are in docs/lint.md, family q, "Eighth pass".
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ruleproof.findings import Finding
from ruleproof.lint import citeread
from ruleproof.lint.citetext import squash
from ruleproof.lint.context import CLAUSE_REF, FREE_CLAUSE_ID, is_descendant
from ruleproof.lint.diagnosis import RENUMBERED_EN, RENUMBERED_ZH
from ruleproof.lint.memo import PerLintTable
from ruleproof.lint.topics import ExplainedPlace, Place, topic_finding
from ruleproof.text.model import Ref

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Topics

# a lead that defers to the cited clause, right before it (spaces allowed; a bracket between — 「可见（X」 —
# makes the lead another word's)
_DEFERS = re.compile(r"(?:依|见|按|据)\s*$")
_SELF = re.compile(r"本[条款]")  # the clause speaking of itself as a whole (本项 is one of its items)
_WITH = "与"
_SET_AGAINST = ("相互独立", "互相独立", "互不", "并存", "两件事", "不冲突", "同制", "一致", "相同")
COMPARE_SPAN = 14  # 与 this close before the citation, the comparison word this close after it
# 「本处与 X」「X 与本条」: the clause (本项 is one of its items, 本节 its section) joined with a citation
_HERE = ("本处", "此处", "本条", "本款")
_JOIN = "与及和"
_HERE_BEFORE = re.compile(rf"(?:{'|'.join(_HERE)})\s*[{_JOIN}]\s*$")
_HERE_AFTER = re.compile(rf"\s*[{_JOIN}]\s*(?:{'|'.join(_HERE)})")
# a numbered part named right after the id: 「（2.3.5 例外一）」「X 情形二」 — a word and a Chinese ordinal
_ORDINAL = "一二三四五六七八九十"
_PART_LABEL = re.compile(rf"\s*((?:(?![{_ORDINAL}])[\u4e00-\u9fff]){{2}}[{_ORDINAL}])(?![{_ORDINAL}])")
_ID_BEFORE = re.compile(rf"{FREE_CLAUSE_ID}[①-⑳]*\s*$")


@dataclass(frozen=True)
class ShapedPlace(Place):
    """The place a citation's shape points to, or, when nothing names one (``name`` empty), the neighbours a
    renumbering by one would have come from (``candidates``); ``shape`` says which shape."""

    shape: str = ""
    candidates: tuple[str, ...] = field(default_factory=tuple)


def family_shape(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The shape verdict on a clause citation of the citing clause's own family (itself or an ancestor):
    the evidence and the likely target, or None."""
    cid = ref.target_clause or ""
    if ref.kind is not CLAUSE_REF or ref.target_item or not unit.is_clause:
        return None
    if not is_descendant(unit.id, cid):
        return None
    titled = _sibling_title(topics, unit, at, ref)
    if titled is not None:
        return titled
    if unit.id != cid:
        return None
    text = unit.text
    labelled = part_label(topics, unit, at, ref)
    if labelled is not None:
        return labelled
    joined = _HERE_BEFORE.search(text, max(0, at - 5), at) or _HERE_AFTER.match(text, at + len(ref.raw))
    if joined is not None:
        return [joined.group(0).strip()], _neighbours(topics, cid, "here")
    lead = _DEFERS.search(text, max(0, at - 3), at)
    if lead is not None:
        return [lead.group(0).rstrip()], _neighbours(topics, cid, "defers")
    sent = citeread.sentence(topics, unit, at)
    lo = sent.start if sent is not None else 0
    hi = sent.end if sent is not None else len(text)
    before = text[max(lo, at - COMPARE_SPAN) : at]
    after = text[at + len(ref.raw) : min(hi, at + len(ref.raw) + COMPARE_SPAN)]
    if _SELF.search(text, lo, at) and _WITH in before and any(w in after for w in _SET_AGAINST):
        return [_WITH], _neighbours(topics, cid, "compared")
    return None


def _sibling_title(
    topics: Topics, unit: Unit, at: int, ref: Ref, cited: set[str] | frozenset[str] = frozenset()
) -> tuple[list[str], Place] | None:
    """The one sibling of the cited clause whose whole title head the phrase prints, while the phrase prints
    nothing of the cited clause's titles (a sibling's head that holds one — 追加维修 holds 维修 — counts as
    the sibling's) and the cited clause's titles never say it."""
    cid = ref.target_clause or ""
    parent = cid.rpartition(".")[0]
    if not parent:
        return None
    phrase = squash(topics.window(unit, at, ref.raw))
    own_titles = topics.family_titles(cid)
    named: list[tuple[str, list[str]]] = []
    for sib in topics.children(parent):
        if sib == cid or sib in cited or (unit.is_clause and is_descendant(unit.id, sib)):
            continue
        heads = [h for h in topics.title_heads(sib) if h in phrase and not topics.present(h, own_titles)]
        if heads:
            named.append((sib, sorted(heads)))
    # a head inside another sibling's longer head printed there is that one's (查验 in 已查验池: 4.7.3, not 4.7.1)
    longer = [h for _, hs in named for h in hs]
    named = [
        (c, kept) for c, hs in named if (kept := [h for h in hs if not any(h in x != h for x in longer)])
    ]
    if len(named) != 1:
        return None
    sib, heads = named[0]
    rest = phrase
    for h in sorted(topics.title_heads(sib), key=len, reverse=True):
        rest = rest.replace(h, "。")
    if any(t in rest for t in topics.title_names(cid)):
        return None  # the phrase also names the cited clause's own subject
    return heads, ShapedPlace(sib, topics.places.clause_text(sib), shape="title")


@dataclass(frozen=True)
class LabelledPlace(ExplainedPlace):
    """The one sibling of the cited clause that prints the numbered part named right after the id."""

    label: str = ""

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        zh = f"编号后所称之「{self.label}」在 {cited} 中并无此项，{self.name} 列有「{self.label}」"
        en = f"the part named after the id, '{self.label}', is not in {cited}; {self.name} has a '{self.label}'"
        return zh, en


def part_label(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """A clause citation followed by a numbered part (a two-character word and a Chinese ordinal: 「（2.3.5 例外
    一）」 — 2.3.5 is 「票型可见的两项例外」, whose text prints 「例外一：…」): the cited clause's family prints no
    such part and exactly one sibling of it does; the sibling was meant.  A part printed right after a clause id
    is another citation's, not the place's own (the citing clause prints the label it cites)."""
    cid = ref.target_clause or ""
    if ref.kind is not CLAUSE_REF or ref.target_item or not cid.rpartition(".")[0]:
        return None
    m = _PART_LABEL.match(unit.text, at + len(ref.raw))
    if m is None:
        return None  # (most citations)
    label = m.group(1)
    if _prints_part(topics, cid, label):
        return None
    printing = [
        sib
        for sib in topics.children(cid.rpartition(".")[0])
        if sib != cid and _prints_part(topics, sib, label)
    ]
    if len(printing) != 1:
        return None
    sib = printing[0]
    return [label], LabelledPlace(sib, topics.places.clause_text(sib), label=label)


def labelled_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """:func:`part_label` as a verdict of the chain (a citation of another clause's family)."""
    found = part_label(topics, unit, at, ref)
    if found is None:
        return None
    cid = ref.target_clause or ""
    return Place(cid, topics.places.clause_text(cid)), *found


def _prints_part(topics: Topics, cid: str, label: str) -> bool:
    """Whether the clause's family prints the part ``label`` as its own (not right after a clause id)."""
    text = topics.places.clause_text(cid)
    i = text.find(label)
    while i >= 0:
        if _ID_BEFORE.search(text, max(0, i - 12), i) is None:
            return True
        i = text.find(label, i + 1)
    return False


def listed_twice(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """A clause cited twice in one sentence for two phrases, one of which prints the whole title head of
    exactly one sibling of the cited clause (not cited in the sentence, not of the citing clause's family):
    the sibling was meant (3.2.6 「工程师维修（4.3.2）、工程师追加维修（4.3.2）」 — 4.3.3 is 追加维修), unless
    the other citation's phrase prints that title too."""
    cid = ref.target_clause or ""
    if ref.kind is not CLAUSE_REF or ref.target_item or not cid.rpartition(".")[0]:
        return None
    cited, where = _clause_citations(topics, unit)
    text = unit.text
    if all(off == at or "。" in text[min(off, at) : max(off, at)] for off in where.get(cid, ())):
        return None  # (most citations: the unit cites the clause nowhere else in the sentence)
    sent = citeread.sentence(topics, unit, at)
    lo, hi = (sent.start, sent.end) if sent is not None else (0, len(text))
    cited = [(off, r) for off, r in cited if lo <= off < hi and off != at]
    twins = [(off, r) for off, r in cited if r.target_clause == cid and not r.target_item]
    if not twins:
        return None
    found = _sibling_title(topics, unit, at, ref, {r.target_clause or "" for _, r in cited})
    if found is None:
        return None
    heads, likely = found
    if any(h in squash(topics.window(unit, off, r.raw)) for off, r in twins for h in heads):
        return None  # both phrases name the sibling: no telling which one was meant
    return Place(cid, topics.places.clause_text(cid)), heads, likely


_Cited = tuple[list[tuple[int, Ref]], dict[str, list[int]]]


_CITATIONS: PerLintTable[Topics, str, _Cited] = PerLintTable()


def _clause_citations(topics: Topics, unit: Unit) -> _Cited:
    """The clause citations of a unit (not quoted) with their offsets, and the offsets of each clause cited
    whole, memoised per text."""
    return _CITATIONS.get_or_build(topics, unit.id, lambda: _read_clause_citations(topics, unit))


def _read_clause_citations(topics: Topics, unit: Unit) -> _Cited:
    cited: list[tuple[int, Ref]] = []
    where: dict[str, list[int]] = {}
    for r in topics.ctx.refs_by_unit.get(unit.id, []):
        if r.kind is CLAUSE_REF and not r.quoted and r.target_clause:
            off = topics.locate(unit, r)
            if off is not None:
                cited.append((off, r))
                if not r.target_item:
                    where.setdefault(r.target_clause, []).append(off)
    return (cited, where)


def _neighbours(topics: Topics, cid: str, shape: str) -> ShapedPlace:
    """The clauses right before and after ``cid`` under its parent: where a renumbering by one came from."""
    kids = topics.children(cid.rpartition(".")[0])
    k = kids.index(cid) if cid in kids else -1
    near = tuple(kids[j] for j in (k - 1, k + 1) if k >= 0 and 0 <= j < len(kids))
    return ShapedPlace("", "", shape=shape, candidates=near)


# why a shape is wrong (Chinese, English; fields: the id as printed, the citing unit, the words read)
_WHY: dict[str, tuple[str, str]] = {
    "defers": (
        "{unit} 自身之内称「{t0} {raw}」，以本条为本条之依据",
        "{unit} defers to itself ('{t0} {raw}' inside {unit})",
    ),
    "here": (
        "{unit} 自身之内称「{t0} {raw}」，将本条与其自身并举",
        "{unit} joins itself with {raw} ('{t0}'), which is {unit} itself",
    ),
    "twice": (
        "同一清单中 {t0} 列出两次，清单各项本应各指一处",
        "one list names {t0} twice, where each member names its own place",
    ),
    "beside": (
        "同一清单中既列整条 {t0}，又列其下之项 {t1}，整条已含该项",
        "one list names the whole of {t0} beside its own item {t1}, which the whole holds",
    ),
    "range": (
        "区间「{t0}～{t1}」的末项不在首项之后，区间为空或倒置",
        "the range {t0}–{t1} ends at or before its start",
    ),
    "listed": (
        "{unit} 在同级条款 {t0} 的编号清单中列出本条自身的编号",
        "{unit} lists its own id among its sibling {t0}'s",
    ),
    "compared": (
        "{unit} 称本条「与 {raw}」相比，而 {raw} 即本条自身",
        "{unit} sets itself against {raw}, which is {unit} itself",
    ),
}


def finding(unit: Unit, ref: Ref, at: int, place: Place, terms: list[str], likely: ShapedPlace) -> Finding:
    """The ``citation-topic`` finding of a shape verdict (a sibling's title is worded as the other
    ``citation-topic`` findings, by the caller)."""
    near = "、".join(likely.candidates) or "另一条"
    near_en = ", ".join(likely.candidates) or "another clause"
    why_zh, why_en = _WHY.get(likely.shape, _WHY["compared"])
    fields = {
        "raw": ref.raw,
        "unit": unit.id,
        "t0": terms[0] if terms else "",
        "t1": terms[1] if len(terms) > 1 else "",
    }
    zh = f"引用 {ref.raw}：{why_zh.format(**fields)}；{RENUMBERED_ZH}（原或为相邻的 {near}）"
    en = f"cites {ref.raw}: {why_en.format(**fields)} — {RENUMBERED_EN} (a neighbour: {near_en})"

    plain = topic_finding(unit, ref, at, place, terms, Place(place.name, place.text))
    return dataclasses.replace(
        plain,
        message=zh,
        message_en=en,
        related=tuple((c, None) for c in likely.candidates),
        extra={
            "target": place.name,
            "shape": likely.shape,
            "candidates": list(likely.candidates),
            "kind": ref.kind.value,
        },
    )
