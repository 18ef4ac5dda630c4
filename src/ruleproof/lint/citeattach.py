"""(q) What the text attaches to a citation: a registry pointer after it, a title label beside it.

The other cite checks of family q weigh what the cited place is *about*.  Two things printed right beside a
citation say which place it means, whatever the places' texts say:

- **A registry pointer.**  A citation followed, in its sentence part, by a pointer into the exception
  registry (「依 2.8.7 明文授予（登记于 2.8.9⑥）」, 「揭示范围依 2.8.12④，〔通则 2.8.12①之例外，登记于
  2.8.9(17)〕」) names the place the entry registers: the registry (2.8.9) prints each entry's location
  (「⑥ 2.8.7 公开渠道的明文授予清单」, 「(17) 2.8.12④ 暴露公告…」).  When the entry covers neither the cited
  place nor its ancestors or descendants (``Entry.covers``) while it covers exactly one sibling of the cited
  place, the citation was renumbered: the sibling is named.  The citations a pointer names are
  :func:`registry_topics.named_before`'s, which judges the pointer itself the other way round.
- **A title label.**  A citation printed with a sibling's title next to it: after the id (「依 4.10.2 八步结算
  链结算」, 「见 3.3.6 救援额度」), or, for the first citation of a bracket or a bare id, right before it
  (「外星人夜晚免疫（6.4）」).  The label is the longest title head (``topics.title_heads``) of the cited
  clause or one of its siblings that the words touching the id start with (after); before the id, the one
  clause of the family whose heads the words (the CJK run up to the id or its bracket) print — 「工匠护甲
  （4.11）」 names 4.11 工匠.  When it is a sibling's and the cited clause's titles never say it, the sibling
  is named.  Words before an id may name two things (「击杀或破坏（6.1）」 names 6.6 击杀 and 6.3 破坏, and
  cites neither: the phrase is what 6.1 蛰伏 is set against) or compare (「与普通乔装同制（7.3.3）」): they
  are read only when they name one clause of the family and nothing of the cited clause's titles, and, when
  the head is not their last word, join nothing to it (no 与∕同∕如∕较∕比∕及∕和∕或); never in a glossary entry
  (the entry cites where its term is defined).  Either side, a head that is part of another clause's longer
  head (「开局讨论」: 2.3.1 开局公开讨论, 2.3.4 讨论) or runs on into another head (「4.12.2 窃听报告」: 4.12.1
  窃听, 4.12.2 报告) names nobody; a sibling cited close by on the line (「4.4.3 额外子弹（4.4.6）」) or of the
  citing clause's own family is never named.

- **A whole title name before it** (eleventh pass).  The words up to the id or its bracket, or their last part
  after 与∕及∕和∕或, that are exactly one clause's whole title head (「、进化（5.1）、」「、普通船员转职（4.2）、」)
  name that clause even when the cited clause's title says them as part of a longer name (5.2 破坏进化) or
  holds them (4.1 普通船员): the label above reads only heads the cited titles never say.  Not when another part
  says another clause's head (「击杀或破坏（6.1）」) or the words pair names with ids (「生化医师∕疫苗研究员 4.5、
  4.14」).

- **An attached part.**  A citation followed by 附 (「详依 2.3.4 附」「依 2.8.3④附不受沉默封锁」「2.4.1 附则」; not
  a word: 附加∕附带∕附录…) cites the part a place attaches to its rule, which the place prints as 「附·…」
  「附则·…」「附：」 (「④附·时序确认」), or as a heading of its own (「2.3.4 附·票数公开」).  When the cited place
  prints no such part and a sibling does, the nearest such sibling is named.

All three read only the citing line, the registry, the titles and the cited family, so no edited citation
elsewhere can make them report (the habit audit stays 0); an edited registry entry can, at the citations that
point to it — a disagreement between the registry and the body either way (mutation seed 9's cite-006: 2.8.9's
(17) edited 3.2 → 3.3 is reported at 2.8.12's 「（3.2、…登记于 2.8.9(17)〕」).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruleproof.lint.base import clip
from ruleproof.lint.citetext import ITEM_TAIL, cjk_tail, in_tag, related
from ruleproof.lint.context import CLAUSE_OR_ITEM, CLAUSE_REF, ITEM_REF, REGISTRY_REF, normalize_item
from ruleproof.lint.headwords import likely_cited_near
from ruleproof.lint.memo import PerLintTable, per_lint
from ruleproof.lint.registry_topics import WINDOW, named_before
from ruleproof.lint.topics import ExplainedPlace, Place
from ruleproof.text.markers import MARKER_RE, parse_marker

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.registry import Entry
    from ruleproof.lint.topics import Topics
    from ruleproof.text.model import Ref

LABEL_SPAN = 12  # the words touching an id read as its label: at most this many characters
_CJK = re.compile(r"[\u4e00-\u9fff]+")
_OPENERS = "（("
_CITES_PART = re.compile(r"[ \u3000]*附(?![加带录件有近属表注言图])")  # 「2.3.4 附」, not 「附加」
_PART = re.compile(r"附[一二三四五]?则?[·：:（(]|附则")  # 「附·时序确认」「附二·人数恒定」「附则：」
_PART_SHOWN = re.compile(r"附[^（(，。；：:]{0,7}")  # the part as printed in a finding: 「附·时序确认」


@dataclass(frozen=True)
class PointedPlace(ExplainedPlace):
    """The sibling the registry entry after the citation registers."""

    pointer: str = ""
    entry: str = ""

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        return (
            f"其后注明登记于 {self.pointer}，该登记项所登记的是 {self.name}（「{self.entry}」），并非 {cited}",
            f"the registry entry it points to ({self.pointer}) registers {self.name} ('{self.entry}'), "
            f"not {cited}",
        )


@dataclass(frozen=True)
class PartedPlace(ExplainedPlace):
    """The nearest sibling that prints the part the citation cites (「附·…」)."""

    part: str = ""

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        return (
            f"此处引其「附」，但 {cited} 并无附项；{self.name} 才有（「{self.part}」）",
            f"the sentence cites its appended part (附), which {cited} does not have; "
            f"{self.name} has one ('{self.part}')",
        )


@dataclass(frozen=True)
class LabelledPlace(ExplainedPlace):
    """The sibling whose title the label beside the citation prints."""

    label: str = ""

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        return (
            f"编号旁标注「{self.label}」，这是 {self.name} 的标题，{cited} 的标题并无此名",
            f"the label beside it, '{self.label}', is the title of {self.name}; {cited}'s title is not",
        )


@dataclass(frozen=True)
class WholeLabelledPlace(LabelledPlace):
    """The sibling whose whole title head is the label before the citation (the cited clause's title may say
    it as part of a longer name: 5.2 破坏进化 beside 5.1 进化)."""

    titled: str = ""  # the clause whose title it is: the sibling or one of its sub-clauses

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        whose = self.name if self.titled in ("", self.name) else f"{self.titled}（属 {self.name}）"
        whose_en = self.name if self.titled in ("", self.name) else f"{self.titled} (under {self.name})"
        zh = f"编号前标注「{self.label}」，正是 {whose} 的标题名，{cited} 的标题不是此名"
        en = f"the label before it, '{self.label}', is the whole title of {whose_en}, not {cited}'s"
        return zh, en


_Located = tuple[list[tuple[int, "Ref"]], list[int], list[tuple[int, "Ref"]]]


_LOCATED: PerLintTable[Topics, str, _Located] = PerLintTable()


_NOTHING: _Located = ([], [], [])


def _located(topics: Topics, unit: Unit) -> _Located:
    """The unit's located references in text order, its items' offsets and its located registry pointers
    (memoised per text; a unit without a pointer is read no further)."""
    return _LOCATED.get_or_build(topics, unit.id, lambda: _read_located(topics, unit))


def _read_located(topics: Topics, unit: Unit) -> _Located:
    cited = topics.ctx.refs_by_unit.get(unit.id, [])
    if not any(r.kind is REGISTRY_REF for r in cited):
        return _NOTHING
    located = [(topics.locate(unit, r), r) for r in cited]
    refs = sorted(((p, r) for p, r in located if p is not None), key=lambda x: x[0])
    clause = topics.ctx.clause(unit.id) if unit.is_clause else None
    starts = [it.offset for it in clause.items] if clause else []
    return (refs, starts, [(p, r) for p, r in refs if r.kind is REGISTRY_REF])


def pointer_fit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The pointer and the one sibling its registry entry covers, when it does not cover the cited place."""
    refs, starts, pointers = _located(topics, unit)
    if not any(at < pos <= at + WINDOW for pos, _r in pointers):
        return None  # (most citations: no pointer follows)
    registry = topics.places.registry
    cid = ref.target_clause or ""
    if registry is None or not cid:
        return None
    for pos, pointer in pointers:
        if pos <= at or pos - at > WINDOW:
            continue
        if not any(p == at for p, _r in named_before(unit.text, pos, refs, starts)):
            continue
        entry = registry.entry(pointer.target_item or "")
        if entry is None or entry.covers(cid, ref.target_item):
            return None
        return _registered_sibling(topics, ref, pointer, entry)
    return None


def _registered_sibling(
    topics: Topics, ref: Ref, pointer: Ref, entry: Entry
) -> tuple[list[str], Place] | None:
    place, near = topics.target(ref)
    if place is None:
        return None
    hits = []
    for p in near:
        base = ITEM_TAIL.sub("", p.name)
        item = p.name[len(base) :] or None
        if entry.covers(base, normalize_item(item) if item else None):
            hits.append(p)
    if len(hits) != 1:
        return None
    likely = hits[0]
    return [pointer.raw], PointedPlace(
        likely.name, likely.text, pointer=pointer.raw, entry=clip(entry.text, 30)
    )


def label_fit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The label and the sibling whose title head it is, when the cited clause's titles never say it."""
    cid = ref.target_clause or ""
    parent = cid.rpartition(".")[0]
    if ref.kind is not CLAUSE_REF or ref.target_item or not parent or in_tag(unit.text, at):
        return None
    family = [c for c in topics.children(parent) if "." in c]
    if cid not in family:
        return None
    text, end = unit.text, at + len(ref.raw)
    found = _label_after(topics, text, end, cid, family) or (
        None if topics.glossary(unit) else _label_before(topics, text, at, cid, family)
    )
    if found is not None:
        sib, label = found
        if topics.present(label, topics.family_titles(cid)):
            found = None
    kind = LabelledPlace
    if found is None and not topics.glossary(unit):
        found, kind = _whole_label(topics, text, at, cid, family), WholeLabelledPlace
    if found is None:
        return None
    sib, label = found
    if sib == cid or related(sib, unit.id):
        return None
    if likely_cited_near(topics, unit, at, ref, sib):
        return None
    if kind is WholeLabelledPlace:
        titled = next((k for k in (sib, *topics.children(sib)) if label in topics.title_heads(k)), sib)
        return [label], WholeLabelledPlace(sib, topics.places.clause_text(sib), label=label, titled=titled)
    return [label], kind(sib, topics.places.clause_text(sib), label=label)


_HEADS: PerLintTable[Topics, tuple[str, ...], list[tuple[str, str]]] = PerLintTable()


def family_heads(topics: Topics, family: list[str]) -> list[tuple[str, str]]:
    """(head, clause) for every title head of the family, longest first (memoised per text: every citation
    of a family reads the same heads)."""
    return _HEADS.get_or_build(
        topics,
        tuple(family),
        lambda: sorted(
            ((h, c) for c in family for h in topics.title_heads(c) if len(h) >= 2), key=lambda x: -len(x[0])
        ),
    )


def _label_after(topics: Topics, text: str, end: int, cid: str, family: list[str]) -> tuple[str, str] | None:
    """The clause and the head the words right after the id start with (spaces skipped, nothing else),
    when the words name nothing of the cited clause's titles (「4.12.2 窃听报告」: 4.12.1 is 窃听, 4.12.2
    报告)."""
    i = end
    while i < len(text) and text[i] in " \u3000":
        i += 1
    run = _CJK.match(text, i, min(len(text), i + LABEL_SPAN))
    if run is None:
        return None
    words = run.group(0)
    heads = family_heads(topics, family)
    label = next(((c, h) for h, c in heads if words.startswith(h)), None)
    if label is None or any(t in words for t in topics.title_names(cid)):
        return None
    c, head = label
    if _shared(heads, c, head) or any(h in words[len(head) :] for h, o in heads if o != c):
        return None  # part of another head, or the words go on to name another clause (窃听∕报告)
    return label


def _label_before(topics: Topics, text: str, at: int, cid: str, family: list[str]) -> tuple[str, str] | None:
    """The one clause of the family whose heads the words right before the id (or its bracket) print, when
    they print nothing of the cited clause's titles and, unless the head ends them, join nothing to it."""
    i = at
    while i > 0 and text[i - 1] in " \u3000":
        i -= 1
    if i > 0 and text[i - 1] in _OPENERS:
        i -= 1
    tail = cjk_tail(text, max(0, i - LABEL_SPAN), i)
    if tail is None or tail[1] - tail[0] < 2:
        return None
    words = text[tail[0] : tail[1]]
    heads = family_heads(topics, family)
    said = [(c, h) for h, c in heads if h in words]
    said = [(c, h) for c, h in said if not any(h in x and h != x for _c, x in said)]
    if len({c for c, _h in said}) != 1:
        return None
    c, head = said[0]
    if not words.endswith(head) and any(w in words for w in "与同如较比及和或"):
        return None  # 「与普通乔装同制（7.3.3）」: compared with the head, not labelled by it
    if any(t in words for t in topics.title_names(cid)):
        return None  # the phrase names two things, or the cited clause's own subject
    if _shared(heads, c, head):
        return None
    return c, head


_JOINED = re.compile(r"[与及和或]")
_PAIRED = ("∕", "/")
_ID_RUN = "、∕/"  # a citation after another in one bracket: 「（5.2∕6.3）」
_ID_RUN_TAIL = re.compile(r"[\d.①-⑳ 、∕/]+$")


_WHOLE: PerLintTable[Topics, tuple[str, ...], list[tuple[str, str]]] = PerLintTable()


@per_lint
def _all_heads(topics: Topics) -> frozenset[str]:
    """Every clause's title heads (memoised per text): a label must be one of them."""
    return frozenset(h for c in topics.ctx.doc.clauses for h in topics.title_heads(c))


def _whole_heads(topics: Topics, family: list[str]) -> list[tuple[str, str]]:
    """(head, clause) for the family's title heads and their sub-clauses' (「刀数」, 5.6.2's, names 5.6), memoised
    per text."""
    return _WHOLE.get_or_build(
        topics,
        tuple(family),
        lambda: [
            *family_heads(topics, family),
            *(
                (h, c)
                for c in family
                for k in topics.children(c)
                for h in topics.title_heads(k)
                if len(h) >= 2
            ),
        ],
    )


def _whole_label(topics: Topics, text: str, at: int, cid: str, family: list[str]) -> tuple[str, str] | None:
    """The clause whose whole title head the words right before the id print, and nothing else: the CJK run up
    to the id or its bracket, or its last part after 与∕及∕和∕或 (「、进化（5.1）、」「、普通船员转职（4.2）、」
    「与…同制」), or of one of its sub-clauses (「；刀数（5.6）」: 5.6.2 刀数).  A whole name is the label even when it is part of the cited clause's
    longer head (5.2 破坏进化) or holds it (4.1 普通船员): the label heuristics above read only heads the cited
    titles never say.  Nobody is named when another part says another clause's head (「击杀或破坏（6.1）」: 6.6 and
    6.3 — what 6.1 蛰伏 is set against) or a head of the cited family is the same word."""
    i = at
    while i > 0 and text[i - 1] in " \u3000":
        i -= 1
    if i > 0 and text[i - 1] in _ID_RUN:
        run = _ID_RUN_TAIL.search(text, max(0, i - 24), i)
        if run is not None and run.start() > 0 and text[run.start() - 1] in _OPENERS:
            i = run.start()  # 「破坏（5.2∕6.3）」: the words before the bracket label every id in it
    if i > 0 and text[i - 1] in _OPENERS:
        i -= 1
    tail = cjk_tail(text, max(0, i - 2 * LABEL_SPAN), i)
    if tail is None or tail[1] - tail[0] > 2 * LABEL_SPAN - 1 or text[tail[0] - 1 : tail[0]] in _PAIRED:
        return None  # 「生化医师∕疫苗研究员 4.5、4.14」: names paired with the ids in their order
    parts = _JOINED.split(text[tail[0] : tail[1]])
    label = parts[-1]
    if label not in _all_heads(topics):
        return None  # (most citations: the words before them are no title's whole head)
    heads = _whole_heads(topics, family)
    whole = dict(heads)
    sib = whole.get(label)
    if sib is None or sib == cid or any(h in p for p in parts[:-1] for h, c in heads if c != sib):
        return None
    if sum(1 for h, _c in heads if h == label) != 1:
        return None
    if any(label == h for c in (cid, *topics.children(cid)) for h in topics.title_heads(c)):
        return None
    return sib, label


def _shared(heads: list[tuple[str, str]], clause: str, head: str) -> bool:
    """The head is part of another clause's longer head: 「开局讨论」 abbreviates 2.3.1 开局公开讨论 as much as
    it names 2.3.4 讨论; 「不赋予抗体」 says 3.3.8 抗体 and 3.3.9 抗体归属."""
    return any(head in h and o != clause for h, o in heads if len(h) > len(head))


def attach_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """The pointer verdict, else the label verdict, under family q's guards that apply to words printed
    beside an id (numbers taken for an id, a gate the checklist cites; a comparison or a denial still
    names the place: 「不走 4.10.2 八步结算链」)."""
    if ref.kind not in CLAUSE_OR_ITEM or not ref.target_clause:
        return None
    found = (
        pointer_fit(topics, unit, at, ref)
        or label_fit(topics, unit, at, ref)
        or part_fit(topics, unit, at, ref)
    )
    if found is None or topics.no_place_beside(unit, at, ref):
        return None
    place = topics.target(ref)[0]
    return (place, *found) if place is not None else None


_PARTS: PerLintTable[Topics, str, str] = PerLintTable()


def _part(topics: Topics, place: Place) -> str:
    """The appended part a place prints (「附·时序确认」), or a heading of its own (「2.3.4 附·票数公开」),
    as printed; empty when it has none (memoised per text)."""
    return _PARTS.get_or_build(topics, place.name, lambda: _read_part(topics, place))


def _read_part(topics: Topics, place: Place) -> str:
    m = _PART.search(place.text)
    shown = _PART_SHOWN.match(place.text, m.start()) if m else None
    out = shown.group(0) if shown else ""
    if not out and place.name in topics.ctx.doc.clauses:
        head = re.compile(rf"{re.escape(place.name)}[ \u3000]*(附.{{0,6}})")
        out = next((h.group(1) for line in topics.ctx.doc.lines if (h := head.match(line))), "")
        trimmed = _PART_SHOWN.match(out) if _PART.match(out) else None
        out = trimmed.group(0) if trimmed else ""
    return out


def part_fit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The nearest sibling that prints an appended part, when the citation cites one (「依 X 附」) and the
    cited place prints none."""
    end = at + len(ref.raw)
    if _CITES_PART.match(unit.text, end) is None:
        return None
    place, near = topics.target(ref)
    if place is None or _part(topics, place):
        return None
    parted = [p for p in near if _part(topics, p) and not related(p.name, unit.id)]
    if ref.kind is ITEM_REF:
        parted.sort(key=lambda p: abs(_ordinal(p.name) - _ordinal(place.name)))
    if not parted:
        return None
    likely = parted[0]
    return ["附"], PartedPlace(likely.name, likely.text, part=_part(topics, likely))


def _ordinal(name: str) -> int:
    """An item place's number (「2.8.3④」 → 4), 0 when it has none."""
    m = MARKER_RE.search(name)
    return parse_marker(m)[0] if m else 0
