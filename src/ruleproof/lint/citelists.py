"""(q) Lists of citations: one that repeats citations printed earlier in its clause, one paired with words.

A clause often names its matters with their citations and then refers to them again as a bare list: 4.10.1
「②延迟致死伤害行为：感染（3.3）与毒药（4.6.4③）二者…各依其本身条款（3.3、4.6.4③）结算」.  The second list
says nothing of its own, so the other cite checks (which weigh what a citation's words are about) cannot judge
it; but it *echoes* the first: when every other member of a bare list is cited earlier in the clause, a member
the clause cites nowhere else is one of the earlier citations renumbered — reported when exactly one sibling of
the cited clause is cited earlier in the clause (outside the list), which is named.

A bracket holding only citations may also pair them in order with as many words listed before it: 7.2.2
「③ 被结茧护盾或工匠护甲抵挡（5.7、4.11）」 — the k-th words are what the k-th citation is about.  When the paired
words print a title head of exactly one clause of the cited family and nothing of the cited clause's titles,
that clause is named (not when it is cited in the bracket too, or of the citing clause's own family).

Both read the citing clause's own citations only, so an edited citation elsewhere cannot make it report (the
habit audit stays 0).  Figures: docs/lint.md, family q, "Eleventh pass".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruleproof.lint.citeattach import family_heads
from ruleproof.lint.citetext import close_bracket, in_list, open_bracket, related
from ruleproof.lint.context import CLAUSE_OR_ITEM, CLAUSE_REF, ITEM_REF
from ruleproof.lint.memo import PerLintTable
from ruleproof.lint.topics import REPEATED_IN_A_ROW, ExplainedPlace, Place

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Topics
    from ruleproof.text.model import Ref

LIST_SPAN = 16  # the other members of a citation's list stand this close to it on its line
PHRASE_SPAN = 30  # the words a bracket of citations annotates: at most this many characters before it
_PARTS = re.compile(r"[、∕/与及和或]")  # 「被结茧护盾或工匠护甲（5.7、4.11）」: one part for each citation
_PHRASE = re.compile(r"[\u4e00-\u9fff、∕/]+$")
_BETWEEN = re.compile(r"[\s、∕/，,与及和]*")  # what may stand between the citations of a bracket of citations
_JOINED = re.compile(r"\s*[、∕/与及和或]\s*")  # two members of one list of citations, nothing else between
_RANGE = re.compile(r"\s*[~〜～–—]\s*")  # 「4.6.1〜4.6.3」: the first and the last of a run of siblings
# 「4.10.4③∕④」「4.6.4③⑤」「1.2.3②或③」: one clause's items, the later ones bare
_LABEL_RUN = re.compile(r"(?:\s*(?:[、∕/]|或|与)?\s*[①-⑳](?!之))+")
# 「4.11.2① 与①之二」: a bare variant label joined to an item citation, a part of that item named beside it
_VARIANT_BESIDE = re.compile(
    r"\s*(?:[、∕/]|或|与|及|和)\s*(?P<label>(?P<base>[①-⑳])之[一二三四五六七八九十]+)"
)


@dataclass(frozen=True)
class EchoedPlace(ExplainedPlace):
    """The sibling cited earlier in the clause, which the bare list repeats."""

    listed: str = ""

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        zh = (
            f"所在清单（{self.listed}）复述本条前文已引的条款，其余各项前文均已引用，"
            f"唯 {cited} 前文未引，而其同级的 {self.name} 前文已引"
        )
        en = (
            f"its list ({self.listed}) repeats citations made earlier in the clause; every other "
            f"member is cited earlier, {cited} is not, its sibling {self.name} is"
        )
        return zh, en


@dataclass(frozen=True)
class PairedPlace(ExplainedPlace):
    """The sibling the part of the phrase paired with the citation names (the k-th words, the k-th id)."""

    part: str = ""

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        zh = (
            f"括号内各引用依次对应前文所列各项，与其对应的「{self.part}」是 {self.name} 的标题所指，"
            f"{cited} 的标题并无此名"
        )
        en = (
            f"the bracket's citations pair in order with the words listed before it; its words, "
            f"'{self.part}', name {self.name}'s title, not {cited}'s"
        )
        return zh, en


_Located = list[tuple[int, "Ref"]]


_LOCATED: PerLintTable[Topics, str, _Located] = PerLintTable()


@dataclass(frozen=True)
class BaseOfVariant(ExplainedPlace):
    """The item whose variant the citation is listed with (「4.11.2① 与①之二」: ① beside its own ①之二)."""

    variant: str = ""

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        return (
            f"与之并列的「{self.variant}」是同条 {self.name} 的分项，分项随其本项并列而引，{cited} 并非其本项",
            f"the label listed with it, '{self.variant}', is a part of {self.name} of the same clause, "
            f"listed beside its own item; {cited} is not that item",
        )


def located_citations(topics: Topics, unit: Unit) -> _Located:
    """The unit's clause and item citations with their offsets, in text order (memoised per text)."""
    return _LOCATED.get_or_build(topics, unit.id, lambda: _read_located(topics, unit))


def _read_located(topics: Topics, unit: Unit) -> _Located:
    out: _Located = []
    for r in topics.ctx.refs_by_unit.get(unit.id, []):
        if r.kind in CLAUSE_OR_ITEM and r.target_clause and not r.quoted:
            off = topics.locate(unit, r)
            if off is not None:
                out.append((off, r))
    out.sort(key=lambda x: x[0])
    return out


def _name(ref: Ref) -> str:
    return f"{ref.target_clause or ''}{ref.target_item or ''}"


def _echo(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """The sibling cited earlier in the clause, when the citation (a clause citation in a list) stands in a bare
    list whose other members all repeat earlier citations while the clause cites the cited clause nowhere
    else."""
    cid = ref.target_clause or ""
    parent = cid.rpartition(".")[0]
    if ref.kind is not CLAUSE_REF or ref.target_item or not parent:
        return None
    located = [(off, r) for off, r in located_citations(topics, unit) if off != at]
    if any(r.target_clause == cid for _off, r in located):
        return None
    members = [(off, r) for off, r in located if r.line == ref.line and abs(off - at) <= LIST_SPAN]
    if not members:
        return None
    start = min(at, *(off for off, _r in members))
    earlier = [r for off, r in located if off < start]
    said = {_name(r) for r in earlier}
    if not all(_name(r) in said for _off, r in members):
        return None
    listed = {_name(r) for _off, r in members}
    depth = cid.count(".")
    sibs = {
        r.target_clause
        for r in earlier
        if r.target_clause
        and r.target_clause.rpartition(".")[0] == parent
        and r.target_clause.count(".") == depth
        and _name(r) not in listed
    }
    if len(sibs) != 1:
        return None
    sib = sibs.pop()
    place = topics.target(ref)[0]
    if place is None:
        return None
    shown = "、".join(r.raw for _off, r in sorted([*members, (at, ref)], key=lambda x: x[0]))
    return place, [sib], EchoedPlace(sib, topics.places.clause_text(sib), listed=shown)


def _paired(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """The sibling named by the words paired with the citation, when a bracket of citations only annotates as
    many words, listed in the same order (「被结茧护盾或工匠护甲（5.7、4.11）」: 工匠护甲 is 4.11's): the paired
    words print a title head of exactly one clause of the cited family and nothing of the cited clause's
    titles, and the clause is not cited in the bracket (nor of the citing clause's own family)."""
    cid = ref.target_clause or ""
    parent = cid.rpartition(".")[0]
    if ref.kind is not CLAUSE_REF or ref.target_item or not parent:
        return None
    text = unit.text
    opener = open_bracket(text, at, max(0, at - PHRASE_SPAN))
    if opener is None:
        return None
    close = close_bracket(text, opener, len(text))
    cited = [(off, r) for off, r in located_citations(topics, unit) if opener < off < close and off != at]
    if not cited or close <= at:
        return None
    cited = sorted([*cited, (at, ref)], key=lambda x: x[0])
    i = opener + 1
    for off, r in cited:
        if _BETWEEN.fullmatch(text, i, off) is None:
            return None  # the bracket has words of its own
        i = off + len(r.raw)
    if _BETWEEN.fullmatch(text, i, close) is None:
        return None
    phrase = _PHRASE.search(text, max(0, opener - PHRASE_SPAN), opener)
    parts = _PARTS.split(phrase.group(0)) if phrase else []
    if len(parts) != len(cited) or any(len(p) < 2 for p in parts):
        return None
    part = parts[[off for off, _r in cited].index(at)]
    family = [c for c in topics.children(parent) if "." in c]
    said = {c for h, c in family_heads(topics, family) if h in part}
    if len(said) != 1:
        return None
    sib = said.pop()
    if sib == cid or any(t in part for t in topics.title_names(cid)) or related(sib, unit.id):
        return None
    if any(r.target_clause == sib for _off, r in cited):
        return None
    place = topics.target(ref)[0]
    if place is None:
        return None
    return place, [part], PairedPlace(sib, topics.places.clause_text(sib), part=part)


def shape_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """A list of citations whose own shape shows a member renumbered, whatever the places say: a list cites
    each place once, a whole clause not beside one of its own items (the whole holds the part), and a range
    runs forward —

    - the same place twice in one list (「（4.4.7、4.4.7）」), or one item label twice in a run of a clause's
      labels (「比照 4.10.4④∕④」「命中 1.2.3③或③」): reported at the later member (of a run of labels: at its
      citation);
    - a clause listed beside its own item (「（4.4.7、4.4.7①）」): reported at the whole clause;
    - a range of siblings whose last is not after its first (「4.4.3–4.4.3」「4.4.4–4.4.3」): reported at the last;
    - an item listed with a bare variant label of another item of its clause (「4.11.2② 与①之二」 where the
      clause has ①之二): a variant is listed beside its own item, which is named (:class:`BaseOfVariant`).

    The likely targets named are the neighbours of the place the list holds twice (not listed)."""
    if ref.kind not in CLAUSE_OR_ITEM or not ref.target_clause:
        return None
    text = unit.text
    end = at + len(ref.raw)
    if ref.kind is ITEM_REF and ref.target_item:
        run = _LABEL_RUN.match(text, end - len(ref.target_item))
        # the run's first label is the citation's own (as read: a test moves the citation, not the text)
        labels = [ref.target_item, *re.findall(r"[①-⑳]", run.group(0))[1:]] if run is not None else []
        if len(labels) > len(set(labels)) and not _repeated_at(text, at, run.end() if run else end):
            twice = next(label for label in labels if labels.count(label) > 1)
            return _shaped(topics, ref, [f"{ref.target_clause}{twice}"], "twice", labels)
        beside = _variant_beside(topics, ref, text, end)
        if beside is not None:
            return beside
    located = located_citations(topics, unit)
    k = next((i for i, (off, _r) in enumerate(located) if off == at), -1)
    if k < 0:
        return None
    if k > 0:
        off, prev = located[k - 1]
        between = text[off + len(prev.raw) : at]
        if _RANGE.fullmatch(between) and prev.kind is CLAUSE_REF and ref.kind is CLAUSE_REF:
            backwards = _backwards(prev.target_clause or "", ref.target_clause)
            return None if backwards is None else _shaped(topics, ref, [prev.raw, ref.raw], "range", [])
    members = _list_around(text, located, k)
    names = [_name(ref) if off == at else _name(r) for off, r in members]
    mine = _name(ref)
    earlier = [r for off, r in members if off < at]
    if any(_name(r) == mine for r in earlier) and not _repeated_at(text, members[0][0], end):
        return _shaped(topics, ref, [mine], "twice", names)
    if ref.kind is CLAUSE_REF:
        parts = [
            r
            for off, r in members
            if off != at and r.kind is ITEM_REF and r.target_clause == ref.target_clause
        ]  # (not the citation itself: 「依2.9⑧不新增」 is read as 2.9 followed by a gate's label)
        if parts:
            return _shaped(topics, ref, [ref.raw, parts[0].raw], "beside", names)
    return None


def _variant_beside(topics: Topics, ref: Ref, text: str, end: int) -> tuple[Place, list[str], Place] | None:
    """An item citation joined to a bare variant label of another item of its clause (「4.11.2② 与①之二」, the
    clause's items holding ①之二): a variant is listed beside its own item, which is named."""
    m = _VARIANT_BESIDE.match(text, end)
    if m is None or "之" in (ref.target_item or "") or m.group("base") == ref.target_item:
        return None
    place, near = topics.target(ref)
    cid = ref.target_clause or ""
    names = {p.name for p in near}
    base = f"{cid}{m.group('base')}"
    if place is None or base not in names or f"{cid}{m.group('label')}" not in names:
        return None
    likely = next(p for p in near if p.name == base)
    return place, [m.group("label")], BaseOfVariant(likely.name, likely.text, variant=m.group("label"))


def _repeated_at(text: str, lo: int, hi: int) -> bool:
    """Whether family q's check of a source printed twice in a row (「4.4.7①、4.4.7①」「6.9.4③③」) reports
    the span already."""
    return any(rx.search(text, lo, hi) for rx in REPEATED_IN_A_ROW)


def _list_around(text: str, located: _Located, k: int) -> _Located:
    """The members of the list of citations that holds the k-th citation (joined by 、∕与及和或, nothing else
    between), itself included."""
    lo = hi = k
    while lo > 0 and _joined(text, located[lo - 1], located[lo][0]):
        lo -= 1
    while hi + 1 < len(located) and _joined(text, located[hi], located[hi + 1][0]):
        hi += 1
    return located[lo : hi + 1]


def _joined(text: str, first: tuple[int, Ref], nxt: int) -> bool:
    off, r = first
    return nxt > off and _JOINED.fullmatch(text, off + len(r.raw), nxt) is not None


def _backwards(first: str, last: str) -> bool | None:
    """True when ``last`` is a sibling of ``first`` (same parent) numbered no higher; None otherwise."""
    p1, _, n1 = first.rpartition(".")
    p2, _, n2 = last.rpartition(".")
    if not p1 or p1 != p2 or not (n1.isdigit() and n2.isdigit()):
        return None
    return True if int(n2) <= int(n1) else None


def _shaped(
    topics: Topics, ref: Ref, terms: list[str], shape: str, listed: list[str]
) -> tuple[Place, list[str], Place] | None:
    from ruleproof.lint.citeshape import ShapedPlace  # (it reads topics' places)

    place = topics.target(ref)[0]
    if place is None:
        return None
    if ref.kind is ITEM_REF and ref.target_item:
        labels = [
            p.name.removeprefix(ref.target_clause or "") for p in topics.places.items(ref.target_clause or "")
        ]
        mine = ref.target_item
        k = labels.index(mine) if mine in labels else -1
        near = tuple(
            f"{ref.target_clause}{labels[j]}"
            for j in (k - 1, k + 1)
            if k >= 0 and 0 <= j < len(labels) and labels[j] not in listed
        )
    else:
        cid = ref.target_clause or ""
        kids = topics.children(cid.rpartition(".")[0])
        k = kids.index(cid) if cid in kids else -1
        near = tuple(
            kids[j] for j in (k - 1, k + 1) if k >= 0 and 0 <= j < len(kids) and kids[j] not in listed
        )
    return place, terms, ShapedPlace("", "", shape=shape, candidates=near)


def list_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """This module's verdicts, in order (the hook at the end of ``topics.verdict``'s chain); both judge only a
    clause citation listed with another citation."""
    if ref.kind is not CLAUSE_REF or ref.target_item or not in_list(unit.text, at, at + len(ref.raw)):
        return None  # (most citations)
    return _echo(topics, unit, at, ref) or _paired(topics, unit, at, ref)
