"""(q) Words the text glues to a citation to say what it cites: a gloss, a name paired with it, an item's heading.

The label rules of :mod:`ruleproof.lint.citeattach` read a clause's *title heads* printed beside an id.  Authors
also gloss a citation with words of the cited place's *text*, pair a list of names with a list of ids, and
label an item citation with the item's own heading.  Each says which place the citation means, whatever the
sentence around it is about (twelfth pass):

- **A gloss bracket.**  A bracket of words only right after the id (「依 2.5（额度即上限）」), or the words that
  close the bracket the id opens (「（7.2.2 私人反馈）」): the gloss quotes or names what the cited place says.
  When the cited place — its text, its sub-clauses', its ancestors' titles — never says the gloss (spaces and
  punctuation aside) while a place of the same kind near it does, that place is named.
- **Names paired with ids.**  A run of names joined by ∕ right before as many ids joined by 、 (「生化医师∕疫苗
  研究员 4.5、4.14」): the k-th name goes with the k-th id.  When the cited clause's titles (its own and its
  sub-clauses') never say its name while a sibling's title does, the sibling is named.
- **A sibling's title before the bracket.**  The words right before a bracket that holds only a clause citation,
  their last part after 与∕及∕和∕或∕、 (「外星人的夜晚免疫消耗告知（7.2.4）」), three characters at least, that one
  sibling's title holds while the cited clause's titles never say them (even in two pieces: 「濒死不跨夜（4.10.4）」
  — 4.10.4 濒死（即时状态，不跨夜）): the sibling is named.  (:mod:`citeattach` reads whole title heads only.)
- **A bare list.**  A bracket of ids only (「互不牵连（4.8.2、4.10.5）」) cites one matter from its several places:
  when the other members' title names share a term (层序: 4.10.5 抵挡层与层序) that the cited clause's titles never
  say and exactly one sibling's title does (4.8.2 伤害层序), the sibling is named — not when a member is of the
  cited clause's own family (what siblings share is their family's subject).
- **An item's heading before its citation.**  The words right before a bracket that holds only an item citation
  (「转化次数（1.5.1②）」) end with the heading another item of the clause opens with (「② 转化次数 每只异形…」),
  which the cited item never says: that item is named.

All of them read the citing line and the cited family only, so an edited citation elsewhere cannot make them
report.  A place cited close by on the line (「4.4.3 额外子弹（4.4.6）」) or of the citing clause's own family is
never named.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruleproof.lint.citetext import body_text, cjk_tail, related, squash
from ruleproof.lint.context import CLAUSE_OR_ITEM, CLAUSE_REF, ITEM_REF
from ruleproof.lint.headwords import likely_cited_near
from ruleproof.lint.memo import per_lint
from ruleproof.lint.topics import ExplainedPlace, Place, judged_unit

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Topics
    from ruleproof.text.model import Ref

_CJK = r"[\u4e00-\u9fff]"
GLOSS_MIN, GLOSS_MAX = 3, 12  # a gloss is a few words: shorter says too little, longer is a sentence
_GLOSS_AFTER = re.compile(
    rf"[ \u3000]*[（(](?P<g>{_CJK}[\u4e00-\u9fff·]{{{GLOSS_MIN - 1},{GLOSS_MAX - 1}}})[）)]"
)
_GLOSS_CLOSING = re.compile(
    rf"[ \u3000]*(?P<g>{_CJK}[\u4e00-\u9fff·]{{{GLOSS_MIN - 1},{GLOSS_MAX - 1}}})[）)]"
)
_CITING_WORD = re.compile(r"[（(][ \u3000]*(?:依|见|参见|详见)?[ \u3000]*$")
_NAMES = re.compile(rf"(?P<n>{_CJK}{{2,8}}(?:[∕/]{_CJK}{{2,8}})+)[ \u3000]*$")
_ID_LIST = re.compile(
    r"\d\d?(?:\.\d{1,2}){1,3}(?:[ \u3000]*、[ \u3000]*\d{1,2}(?:\.\d{1,2}){1,3})+"
)  # (\d\d?: re skips to it)
_ITEM_HEAD = re.compile(rf"^[ \u3000]*[①-⑳]?[ \u3000]*(?P<h>{_CJK}{{2,8}})[ \u3000：:⸺（(]")
_PREDICATE = tuple("不非无未仍亦均各另同即并皆须可")  # 「不适用」「亦同」「均依」: a predicate, not a name
_JOINED = re.compile(r"[与及和或、]")
LABEL_TAIL_MAX = 16  # the characters before an id's bracket read as its label, at most


def _label_tail(text: str, at: int) -> str | None:
    """The run of two to ``LABEL_TAIL_MAX`` Chinese characters that ends right before the bracket at ``at - 1``:
    what ``[\u4e00-\u9fff]{2,16}$`` searched in the 17 characters before ``at`` finds, read backwards
    (:func:`citetext.cjk_tail`; the search tried every start, tests/lint/test_lint_indexes.py)."""
    tail = cjk_tail(text, max(0, at - LABEL_TAIL_MAX - 1), max(0, at - 1))  # (the window bounds the run)
    if tail is None:
        return None
    return text[tail[0] : tail[1]] if tail[1] - tail[0] >= 2 else None


# Why the words glued to a citation name another place, by the rule that read them (Chinese, English): {words}
# the words, {name} the place they name, {cited} the cited place, {other} another member of the list.
_WHY = {
    "gloss": (
        "编号旁注「{words}」，{cited} 通篇无此语，{name} 才有",
        "the gloss beside it, '{words}', is nowhere in {cited}; {name} says it",
    ),
    "paired": (
        "名称与编号依次配对，与此编号配对的是「{words}」，这是 {name} 的标题，{cited} 的标题并无此名",
        "names and ids are paired in order; the one paired with it, '{words}', is {name}'s title, not {cited}'s",
    ),
    "heading": (
        "编号前标注「{words}」，这是 {name} 的项首标题，{cited} 并无此语",
        "the words before it, '{words}', head {name}; {cited} never says them",
    ),
    "title": (
        "编号前标注「{words}」，见于 {name} 的标题，{cited} 的标题并无此语",
        "the words before it, '{words}', are in {name}'s title, not in {cited}'s",
    ),
    "kin": (
        "与同列的 {other} 并列引用，其标题共有「{words}」；{cited} 的标题无此语，{name} 才有",
        "listed with {other}, whose title says '{words}'; {cited}'s title does not, {name}'s does",
    ),
}


@dataclass(frozen=True)
class GluedPlace(ExplainedPlace):
    """The place the words glued to a citation name: ``rule`` is the rule that read them (a key of ``_WHY``),
    ``words`` the words, ``other`` another member of a bare list."""

    rule: str = ""
    words: str = ""
    other: str = ""

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        zh, en = _WHY[self.rule]
        said = {"words": self.words, "name": self.name, "cited": cited, "other": self.other}
        return zh.format(**said), en.format(**said)


def _one_sibling(topics: Topics, unit: Unit, cid: str, says: Callable[[str], bool]) -> str | None:
    """The one sibling of the cited clause (not of the citing clause's family) of which ``says`` holds; None
    when there is none or more than one."""
    parent = cid.rpartition(".")[0]
    found = [
        c for c in topics.children(parent) if c != cid and "." in c and says(c) and not related(c, unit.id)
    ]
    return found[0] if len(found) == 1 else None


def _named(
    topics: Topics, sib: str | None, rule: str, words: str, other: str = ""
) -> tuple[list[str], Place] | None:
    """The finding's evidence and the sibling ``rule`` names for ``words``."""
    if sib is None:
        return None
    return [words], GluedPlace(sib, topics.places.clause_text(sib), rule=rule, words=words, other=other)


def _gloss(text: str, at: int, end: int) -> str | None:
    """The gloss printed with the citation at ``at``: a bracket of words right after it, or the words after
    it that close the bracket it opens (「（7.2.2 私人反馈）」, 「（见 4.4.6 子弹守恒）」).  Words that open with a
    negation or an adverb (「（4.4.4 不适用）」「（亦同）」) say something of the citation, they name nothing."""
    m = _GLOSS_AFTER.match(text, end)
    if m is None:
        m = _GLOSS_CLOSING.match(text, end)
        if m is not None and _CITING_WORD.search(text, max(0, at - 6), at) is None:
            m = None
    if m is None or m.group("g").startswith(_PREDICATE):
        return None
    return m.group("g")


@per_lint
def _glosses(topics: Topics) -> dict[str, list[tuple[str, int, str]]]:
    """Every gloss of the text's clause and item citations: the citing unit, the offset and the cited place
    (memoised per text)."""
    out: dict[str, list[tuple[str, int, str]]] = {}
    for ref in topics.ctx.doc.refs():
        if ref.kind not in CLAUSE_OR_ITEM or not ref.target_clause:
            continue
        unit = judged_unit(topics.ctx, ref)
        at = topics.locate(unit, ref) if unit is not None else None
        if unit is None or at is None:
            continue
        gloss = _gloss(unit.text, at, at + len(ref.raw))
        if gloss is not None:
            out.setdefault(squash(gloss), []).append((unit.id, at, ref.target_clause))
    return out


def _stock(topics: Topics, words: str, unit: Unit, at: int) -> bool:
    """The text prints the gloss beside citations of unrelated clauses (「（唯一权威源）」): it says what role
    the cited place plays, not which place it is.  The citation judged is left out of the count."""
    cited = {c for u, a, c in _glosses(topics).get(words, []) if (u, a) != (unit.id, at)}
    return any(not related(a, b) for a in cited for b in cited)


def _said(topics: Topics, ref: Ref, place: Place, words: str) -> bool:
    """The cited place says the words: an item its own text or its clause's family; a clause its family
    text with its ancestors' titles."""
    return words in squash(place.text) or words in topics.cited_text(ref)


def gloss_fit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The nearest place of the cited kind that says the gloss, when the cited place never does."""
    gloss = _gloss(unit.text, at, at + len(ref.raw))
    if gloss is None:
        return None
    place, near = topics.target(ref)
    if place is None:
        return None
    words = squash(gloss)
    if _stock(topics, words, unit, at):
        return None
    if ref.kind is ITEM_REF and ref.target_item:
        if words in squash(place.text):
            return None
    elif _said(topics, ref, place, words):
        return None
    sayers = [p for p in near if words in squash(p.text) and not related(p.name, unit.id)]
    if not sayers:
        return None
    likely = sayers[0]
    return [gloss], GluedPlace(likely.name, likely.text, rule="gloss", words=gloss)


def paired_fit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The sibling whose title is the name paired with the citation (names ∕ ids 、, in order)."""
    cid = ref.target_clause or ""
    parent = cid.rpartition(".")[0]
    if ref.kind is not CLAUSE_REF or ref.target_item or not parent:
        return None
    text = unit.text
    run = next(
        (
            m
            for m in _ID_LIST.finditer(text, max(0, at - 40), min(len(text), at + 40))
            if m.start() <= at < m.end()
        ),
        None,
    )
    if run is None:
        return None
    names = _NAMES.search(text, max(0, run.start() - 40), run.start())
    if names is None:
        return None
    starts = [run.start() + i.start() for i in re.finditer(r"\d[\d.]*", run.group(0))]
    labels = re.split(r"[∕/]", names.group("n"))
    if len(starts) != len(labels) or at not in starts:
        return None
    label = labels[starts.index(at)]
    if label in topics.family_titles(cid):
        return None
    sib = _one_sibling(topics, unit, cid, lambda c: label in topics.title_heads(c))
    return _named(topics, sib, "paired", label)


def _head(place: Place) -> str:
    """The heading an item opens with (「② 转化次数 每只异形…」 → 转化次数), empty when it opens with a sentence."""
    body = body_text(place.text)
    m = _ITEM_HEAD.match(body)
    return m.group("h") if m is not None else ""


def headed_fit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The item whose heading ends the words before the bracket of the item citation, when the cited item opens
    with another heading and never says it — or says it in passing while the words (their last part after
    与∕及∕和∕或∕、) are the heading itself (「与转化次数（1.5.1②）」)."""
    if ref.kind is not ITEM_REF or not ref.target_item:
        return None
    text, end = unit.text, at + len(ref.raw)
    if at == 0 or text[at - 1] not in "（(" or text[end : end + 1] not in ("）", ")"):
        return None
    tail = _label_tail(text, at)
    place, near = topics.target(ref)
    if tail is None or place is None:
        return None
    cited = squash(body_text(place.text))
    words = _JOINED.split(tail)[-1]
    own = _head(place)
    headed = [
        (h, p)
        for p in near
        if (h := _head(p)) and h != own and words.endswith(h) and (words == h or h not in cited)
    ]
    if len(headed) != 1:
        return None
    head, likely = headed[0]
    return [head], GluedPlace(likely.name, likely.text, rule="heading", words=head)


@per_lint
def _all_titles(topics: Topics) -> str:
    """Every clause's title, squashed, in one string (memoised per text): words in none of them name no sibling."""
    return "。".join(squash(c.title) for c in topics.ctx.doc)


# a label this long that a sibling's title holds names it (「不公开（2.8.7）」: 2.8.7 默认不公开原则)
TITLED_MIN = 3


def titled_fit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The one sibling whose title holds the words right before the bracket of a clause citation (their last
    part after 与∕及∕和∕或∕、), when the cited clause's titles never say them, even in two pieces (「濒死不跨夜
    （4.10.4）」: 4.10.4 濒死（即时状态，不跨夜））."""
    cid = ref.target_clause or ""
    parent = cid.rpartition(".")[0]
    if ref.kind is not CLAUSE_REF or ref.target_item or not parent or topics.glossary(unit):
        return None
    text, end = unit.text, at + len(ref.raw)
    if at == 0 or text[at - 1] not in "（(" or text[end : end + 1] not in ("）", ")"):
        return None
    tail = _label_tail(text, at)
    if tail is None:
        return None
    words = _JOINED.split(tail)[-1]
    if len(words) < TITLED_MIN or words not in _all_titles(topics):
        return None  # (most citations: the words are in no title at all)
    if topics.present(words, topics.family_titles(cid)):
        return None
    sib = _one_sibling(topics, unit, cid, lambda c: words in topics.family_titles(c))
    return _named(topics, sib, "title", words)


_BARE = re.compile(r"[（(](?P<l>[\d.①-⑳ 、∕/]+)[）)]")
_LIST_ID = re.compile(r"\d{1,2}(?:\.\d{1,2})+")


def kin_fit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """A bare list (「（4.8.2、4.10.5）」): the one sibling of the cited clause whose title names share a term with
    every other member's, when the cited clause's titles share none — the members of a list of ids cite one
    matter from its several places.  Not when another member is of the cited clause's family (「（4.7.3、4.7.4）」:
    what they share is the family's subject, 查验)."""
    cid = ref.target_clause or ""
    parent = cid.rpartition(".")[0]
    if ref.kind is not CLAUSE_REF or ref.target_item or not parent:
        return None
    text = unit.text
    opener = text.rfind("（", max(0, at - 30), at)
    opener = max(opener, text.rfind("(", max(0, at - 30), at))
    bare = _BARE.match(text, opener) if opener >= 0 else None
    if bare is None or bare.end() <= at:
        return None
    members = [(bare.start("l") + m.start(), m.group(0)) for m in _LIST_ID.finditer(bare.group("l"))]
    others = [c for pos, c in members if pos != at]
    if len(others) != len(members) - 1 or not others or any(c not in topics.ctx.doc.clauses for c in others):
        return None
    if any(related(c, parent) for c in others):
        return None  # members of one family share its subject: it tells none of them apart
    shared = frozenset.intersection(*(topics.sibling_names(c) for c in others))
    if not shared or shared & topics.title_names(cid):
        return None
    sib = _one_sibling(topics, unit, cid, lambda c: bool(shared & topics.sibling_names(c)))
    shown = "、".join(sorted(shared & topics.sibling_names(sib))) if sib is not None else ""
    return _named(topics, sib, "kin", shown, other=others[0])


def gloss_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """The gloss, pairing and heading verdicts, under family q's guards for words printed beside an id
    (numbers taken for an id, a gate the checklist cites, a place cited close by)."""
    if ref.kind not in CLAUSE_OR_ITEM or not ref.target_clause:
        return None
    found = (
        gloss_fit(topics, unit, at, ref)
        or paired_fit(topics, unit, at, ref)
        or headed_fit(topics, unit, at, ref)
        or titled_fit(topics, unit, at, ref)
        or kin_fit(topics, unit, at, ref)
    )
    if found is None or topics.no_place_beside(unit, at, ref):
        return None
    likely = found[1]
    if likely_cited_near(topics, unit, at, ref, likely.name):
        return None
    place = topics.target(ref)[0]
    return (place, *found) if place is not None else None
