"""(q) Citations judged by the text's own consistency: sub-labels the cited clause has, and one clause's lists.

The other cite checks of family q ask what the cited place is *about*.  These ask whether the citation agrees
with what the text itself prints elsewhere about the same place, whatever the places are about:

- **a sub-label the cited clause does not have.**  A clause may add an appendix to one of its items, headed
  by the item's label and 附 (2.8.3 「④附·时序确认（非豁免…）」, 2.3.0 「②附二·人数恒定…」); other clauses cite
  it as 「依2.8.3④附」.  A citation of 「X⑤附」 when X heads 「④附·」 and no 「⑤附·」 cites an appendix that
  does not exist: the item whose appendix it is was renumbered.  Reported when exactly one item of X heads
  an appendix of that name (:func:`sublabel_evidence`).
- **a clause's lists that share members.**  A clause that names the same matter twice cites the same places
  for it: 4.10.1 「感染（3.3）与毒药（4.6.4③）二者…各依其本身条款（3.3、4.6.4③）结算」, then 「②之层序与结
  算各依 3.3、5.3.3、2.8.2⑨与 4.6.4③」.  When a clause citation stands in a list of citations, the clause
  cites it nowhere else, and another list of the same clause shares a member with its list and holds
  exactly one sibling of the cited clause that this list lacks, that sibling was meant
  (:func:`colist_evidence`).
- **a summary whose list the items no longer cite.**  「其余各款均为对 2.5∕2.8.3∕2.8.7 的〔适用〕」 says which
  general clauses the clause's items apply.  When the summary lists a clause that no other citation of the
  clause cites, while a citation outside the summary cites one of its siblings that the summary does not
  list (or the other way round: the summary lists a clause no item cites, and the items cite its sibling,
  which the summary omits), one of the two was renumbered: each side names the other
  (:func:`summary_evidence`).

Each evidence function is ``(topics, unit, at, ref) → (place cited, words, place meant) | None`` and reads
the citing clause (or the cited clause's own text) only, so an edited citation elsewhere cannot make it
report (the habit audit stays 0).  Figures: docs/lint.md, family q, "Thirteenth pass — the clause's own
consistency".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruleproof.lint.citetext import (
    CJK_RUN,
    close_bracket,
    closes_entry,
    entry_start,
    open_bracket,
    related,
    squash,
)
from ruleproof.lint.context import CLAUSE_REF, ITEM_REF
from ruleproof.lint.memo import PerLintTable
from ruleproof.lint.topics import ExplainedPlace, Place
from ruleproof.text.markers import CIRCLED, ORDINAL_TO_CIRCLED

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Topics
    from ruleproof.text.model import Ref

_Verdict = tuple[Place, list[str], Place]
_Why = tuple[str, str]  # the finding's reason (Chinese, English), 「{cited}」 standing for the place cited


@dataclass(frozen=True)
class ConsistentPlace(ExplainedPlace):
    """The place the text's own wording elsewhere names: ``signal`` says which evidence (sublabel, colist,
    summary, glossary, order, rows), ``why`` words it."""

    signal: str = ""
    why: _Why = ("", "")

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        zh, en = self.why
        return zh.replace("{cited}", cited), en.replace("{cited}", cited)


def _found(topics: Topics, ref: Ref, meant: str, words: list[str], signal: str, why: _Why) -> _Verdict | None:
    """The verdict: the place ``ref`` cites, the words that say so, and ``meant`` (a sibling of the cited place:
    an item name of its clause for an item citation, else a clause id)."""
    place = topics.target(ref)[0]
    cid = ref.target_clause or ""
    if ref.target_item:
        item = topics.places.item(cid, meant[len(cid) :]) if meant.startswith(cid) else None
        text = item.text if item is not None else None
    else:
        text = topics.places.clause_text(meant) if meant in topics.ctx.doc.clauses else None
    if place is None or text is None:
        return None
    return place, words, ConsistentPlace(meant, text, signal=signal, why=why)


# ---------------------------------------------------------------------------------------- sub-labels

# an item's appendix as its clause heads it: 「④附·时序确认」「②附二·人数恒定」 (not a citation's 「2.8.3④附」)
_APPENDIX_HEAD = re.compile(r"(?<![\d.\s])\s*(?P<label>[①-⑳])(?P<sub>附[一二三四五]?)[·・:：]")
# the same sub-label right after an item citation: 「依2.8.3④附不受…」 (附 as a verb or a word's first
# character — 附加、附带 — is no sub-label)
_CITED_SUB = re.compile(r"(?P<sub>附[一二三四五]?)(?![加带属录件近注和])")


_APPENDICES: PerLintTable[Topics, str, dict[str, list[str]]] = PerLintTable()


def _appendices(topics: Topics, cid: str) -> dict[str, list[str]]:
    """The appendices the clause ``cid`` heads, by sub-label (附, 附二 …): the labels of the items heading one
    (memoised per text and clause)."""
    return _APPENDICES.get_or_build(topics, cid, lambda: _read_appendices(topics, cid))


def _read_appendices(topics: Topics, cid: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    clause = topics.ctx.clause(cid)
    if clause is not None:
        for m in _APPENDIX_HEAD.finditer(clause.text):
            labels = out.setdefault(m.group("sub"), [])
            if m.group("label") not in labels:
                labels.append(m.group("label"))
    return out


def sublabel_evidence(topics: Topics, unit: Unit, at: int, ref: Ref) -> _Verdict | None:
    """An item citation followed by a sub-label (「2.8.3⑤附」) that the cited item does not head, when exactly
    one item of the cited clause heads it: the place cited, the sub-label, that item."""
    if ref.kind is not ITEM_REF or not ref.target_item or not ref.target_clause:
        return None
    m = _CITED_SUB.match(unit.text, at + len(ref.raw))
    if m is None:
        return None
    sub = m.group("sub")
    heads = _appendices(topics, ref.target_clause).get(sub, [])
    if len(heads) != 1 or heads[0] == ref.target_item:
        return None
    meant = f"{ref.target_clause}{heads[0]}"
    why = (
        f"所引「{{cited}}{sub}」并不存在：该条款中带「{sub}」的只有 {meant}（「{meant}{sub}」）",
        f"'{{cited}}{sub}' does not exist: the only item of its clause with '{sub}' is {meant}",
    )
    return _found(topics, ref, meant, [f"{ref.target_item}{sub}"], "sublabel", why)


# --------------------------------------------------------------------------------- one clause's lists

_JOINED = re.compile(r"[\s、∕/与及和或]*")  # what may stand between two citations of one list
# a summary of what the clause's items apply, right before its list: 「其余各款均为对 2.5∕2.8.3∕2.8.7 的〔适用〕」
_SUMMARY_LEAD = re.compile(r"(?:均|皆|一律)(?:为对|系对|属对|为|依|按|系|属)?\s*$")
_SUMMARY_OF = re.compile(r"各[款项条]|其余|以下|以上|上述")
_SENTENCE_END = "。；;\n"

_Located = list[tuple[int, "Ref"]]
_Lists = tuple[_Located, list[_Located], list[_Located]]  # citations, lists, summaries


_LISTS: PerLintTable[Topics, str, _Lists] = PerLintTable()


def _name(ref: Ref) -> str:
    return f"{ref.target_clause or ''}{ref.target_item or ''}"


def _lists(topics: Topics, unit: Unit) -> _Lists:
    """The unit's clause and item citations with their offsets, in text order, its lists (runs of two or
    more of them with nothing but joiners between) and those of its lists that are summaries (memoised per
    text and unit)."""
    return _LISTS.get_or_build(topics, unit.id, lambda: _read_lists(topics, unit))


def _read_lists(topics: Topics, unit: Unit) -> _Lists:
    located: _Located = []
    for r in topics.ctx.refs_by_unit.get(unit.id, []):
        if r.kind in (CLAUSE_REF, ITEM_REF) and r.target_clause and not r.quoted:
            off = topics.locate(unit, r)
            if off is not None:
                located.append((off, r))
    located.sort(key=lambda x: x[0])
    groups: list[_Located] = []
    text = unit.text
    for off, r in located:
        last = groups[-1][-1] if groups else None
        if last is not None and _JOINED.fullmatch(text, last[0] + len(last[1].raw), off) is not None:
            groups[-1].append((off, r))
        else:
            groups.append([(off, r)])
    runs = [g for g in groups if len(g) >= 2]
    return (located, runs, [g for g in groups if _is_summary(text, g)])


def _siblings(ref: Ref, other: Ref) -> bool:
    """``other`` cites a sibling of what ``ref`` cites: another item of the same clause, or (a clause citation)
    another clause of the same parent."""
    if ref.target_item:
        return (
            other.kind is ITEM_REF
            and other.target_clause == ref.target_clause
            and bool(other.target_item)
            and other.target_item != ref.target_item
        )
    a, b = ref.target_clause or "", other.target_clause or ""
    return (
        not other.target_item
        and a != b
        and "." in a
        and a.rpartition(".")[0] == b.rpartition(".")[0]
        and a.count(".") == b.count(".")
    )


def _is_summary(text: str, run: _Located) -> bool:
    """The list says what the clause's items apply (「其余各款均为对 X∕Y∕Z 的〔适用〕」)."""
    start = run[0][0]
    lo = max(text.rfind(c, 0, start) for c in _SENTENCE_END) + 1
    return (
        _SUMMARY_LEAD.search(text, lo, start) is not None and _SUMMARY_OF.search(text, lo, start) is not None
    )


def _shown(run: _Located, at: int, ref: Ref) -> str:
    return "、".join((ref if off == at else r).raw for off, r in run)


def colist_evidence(topics: Topics, unit: Unit, at: int, ref: Ref) -> _Verdict | None:
    """A citation in a list whose members another list of the clause shares, when the clause cites it
    nowhere else and the other lists print exactly one sibling of it that this list lacks: the place cited,
    the shared members, that sibling."""
    located, runs, _summaries = _lists(topics, unit)
    mine = next((run for run in runs if any(off == at for off, _r in run)), None)
    if mine is None:
        return None
    name = _name(ref)
    if any(_name(r) == name for off, r in located if off != at):
        return None
    listed = {_name(r) for off, r in mine if off != at}
    shared: list[str] = []
    meant: dict[str, _Located] = {}
    for run in runs:
        if run is mine:
            continue
        common = listed & {_name(r) for _off, r in run}
        if not common:
            continue
        for _off, r in run:
            if _siblings(ref, r) and _name(r) not in listed:
                meant.setdefault(_name(r), run)
                shared.extend(c for c in sorted(common) if c not in shared)
    if len(meant) != 1:
        return None
    [(sib, other)] = meant.items()
    listed_shown, other_shown = _shown(mine, at, ref), _shown(other, -1, ref)
    why = (
        f"本条另一处清单（{other_shown}）与此处清单（{listed_shown}）同引一处，彼处引 {sib}，"
        "此处却引 {cited}，而 {cited} 在本条别处未被引用",
        f"another list of the clause ({other_shown}) shares a citation with this one ({listed_shown}) and "
        f"cites {sib} where this one cites {{cited}}, which the clause cites nowhere else",
    )
    return _found(topics, ref, sib, shared, "colist", why)


def summary_evidence(topics: Topics, unit: Unit, at: int, ref: Ref) -> _Verdict | None:
    """A citation that breaks the clause's summary of what its items apply: a summed-up clause no other
    citation of the clause cites, while the others cite exactly one sibling of it the summary omits — or
    the citation of such a sibling, when the summary lists exactly one sibling of it that nothing else
    cites.  The place cited, the summary, the sibling."""
    located, _runs, summaries = _lists(topics, unit)
    mine = next((g for g in summaries if any(off == at for off, _r in g)), None)
    found = [
        v for g in ([mine] if mine is not None else summaries) if (v := _summed(topics, located, g, at, ref))
    ]
    return found[0] if len(found) == 1 else None


def _summed(topics: Topics, located: _Located, summary: _Located, at: int, ref: Ref) -> _Verdict | None:
    inside = {off for off, _r in summary}
    summed = {_name(r) for off, r in summary if off != at}
    outside = [r for off, r in located if off not in inside and off != at]
    name = _name(ref)
    if name in summed or any(_name(r) == name for r in outside):
        return None
    if at in inside:
        pool = {_name(r) for r in outside if _siblings(ref, r) and _name(r) not in summed}
    else:
        cited = {_name(r) for r in outside}
        pool = {_name(r) for _off, r in summary if _siblings(ref, r) and _name(r) not in cited}
        if any(_siblings(ref, r) for r in outside):
            return None  # the items cite more of the family than the summary names: it is no full list
    if len(pool) != 1:
        return None
    shown, sib = _shown(summary, at, ref), pool.pop()
    if at in inside:
        why = (
            f"本条总括各款所适用的条款（{shown}），其中 {{cited}} 本条无一款引用，而本条各款所引的 {sib} 却不在总括之列",
            f"the clause sums up what its items apply ({shown}): none of them cites {{cited}}, while they "
            f"cite {sib}, which the summary leaves out",
        )
    else:
        why = (
            f"本条总括各款所适用的条款（{shown}），其中 {sib} 无一款引用，而 {{cited}} 不在总括之列、本条别处也不引用",
            f"the clause sums up what its items apply ({shown}): none of them cites {sib}, and {{cited}} is "
            "neither summed up nor cited elsewhere in the clause",
        )
    return _found(topics, ref, sib, [shown], "summary", why)


# ------------------------------------------------------------------------------------ glossary lines

# (where a glossary entry starts and whether a bracket closes one: citetext.entry_start, closes_entry)
ENTRY_QUOTE = 16  # the finding quotes this much of the entry, before its bracket
GRAM = 3  # the entry's words compared with the places: its three-character runs
GLOSS_MIN = 3  # a sibling prints at least this many of them more than the cited clause, and
GLOSS_RATIO = (
    2  # at least twice (plus GLOSS_MIN) as many in all, and twice as many of its own as the runner-up
)


_GRAMS: PerLintTable[Topics, tuple[str, int], frozenset[str]] = PerLintTable()


def _entry_grams(topics: Topics, unit: Unit, opener: int) -> frozenset[str]:
    """The three-character runs of the glossary entry whose closing bracket opens at ``opener`` (memoised per
    text and entry)."""
    return _GRAMS.get_or_build(topics, (unit.id, opener), lambda: _read_entry_grams(unit.text, opener))


def _read_entry_grams(text: str, opener: int) -> frozenset[str]:
    start = entry_start(text, opener)
    return frozenset(
        run[i : i + GRAM] for run in CJK_RUN.findall(text, start, opener) for i in range(len(run) - GRAM + 1)
    )


def _said(topics: Topics, grams: frozenset[str], cid: str) -> frozenset[str]:
    """The runs of ``grams`` a clause's family text prints (its squashed text is memoised per text)."""
    text = squash(topics.places.clause_text(cid))
    return frozenset(g for g in grams if g in text)


def glossary_evidence(topics: Topics, unit: Unit, at: int, ref: Ref) -> _Verdict | None:
    """A glossary entry's closing citation of a clause whose sibling prints far more of the entry's words:
    at least ``GLOSS_MIN`` of them the cited clause does not print, twice as many in all, and twice as many
    of its own as any other sibling (the siblings the entry's bracket cites too are no candidates: the
    entry spans them).  The place cited, the words, the sibling."""
    cid = ref.target_clause or ""
    parent = cid.rpartition(".")[0]
    if ref.kind is not CLAUSE_REF or ref.target_item or not parent or not topics.glossary(unit):
        return None
    text = unit.text
    opener = open_bracket(text, at, max(0, at - 30))
    if opener is None:
        return None
    close = close_bracket(text, opener, len(text))
    if close >= len(text) or not closes_entry(text, close):
        return None
    located, _runs, _summaries = _lists(topics, unit)
    mates = {r.target_clause for off, r in located if opener < off < close and off != at}
    grams = _entry_grams(topics, unit, opener)
    if not grams:
        return None
    depth = cid.count(".")
    own = _said(topics, grams, cid)
    scored = []
    for sib in topics.children(parent):
        if sib == cid or sib.count(".") != depth or sib in mates:
            continue
        said = _said(topics, grams, sib)
        scored.append((len(said - own), len(said), sib, said))
    if not scored:
        return None
    scored.sort(key=lambda s: (s[0], s[1]), reverse=True)
    unique, total, sib, said = scored[0]
    runner_up = scored[1][0] if len(scored) > 1 else 0
    if (
        unique < GLOSS_MIN
        or total < GLOSS_RATIO * len(own) + GLOSS_MIN
        or unique < GLOSS_RATIO * runner_up + 1
    ):
        return None
    if related(sib, unit.id):
        return None
    entry = ("…" if opener > ENTRY_QUOTE else "") + text[max(0, opener - ENTRY_QUOTE) : opener]
    why = (
        f"术语表此条（「{entry}」）复述的是 {sib} 的文字：其三字词见于 {sib} 者 {total} 个，"
        f"见于 {{cited}} 者仅 {len(own)} 个",
        f"the glossary entry ('{entry}') restates {sib}: {total} of its three-character words are in {sib}, "
        f"only {len(own)} in {{cited}}",
    )
    return _found(topics, ref, sib, sorted(said - own), "glossary", why)


# ------------------------------------------------------------------------------------ parallel rows


def _ordinal(ref: Ref) -> int | None:
    """Where the cited place stands among its siblings: its item's number, or its clause id's last part."""
    if ref.target_item:
        return CIRCLED.get(ref.target_item)
    last = (ref.target_clause or "").rpartition(".")[2]
    return int(last) if last.isdigit() else None


LEAD = 3  # parallel rows print the same this many characters before their citations (「专属（」)
_SPACES = re.compile(r"\s+")


def _lead(text: str, at: int) -> str:
    """The ``LEAD`` characters before offset ``at``, spaces aside."""
    return _SPACES.sub("", text[max(0, at - 2 * LEAD) : at])[-LEAD:]


_Wording = dict[int, tuple[str, str]]


_WORDINGS: PerLintTable[Topics, str, tuple[_Wording, dict[str, int]]] = PerLintTable()


def _wordings(topics: Topics, unit: Unit) -> tuple[_Wording, dict[str, int]]:
    """Each citation's lead and trail (by offset), and how many citations of the unit share each lead
    (memoised per text and unit: the row checks ask for every citation of the unit)."""
    return _WORDINGS.get_or_build(topics, unit.id, lambda: _read_wordings(topics, unit))


def _read_wordings(topics: Topics, unit: Unit) -> tuple[_Wording, dict[str, int]]:
    text = unit.text
    wording: _Wording = {}
    count: dict[str, int] = {}
    for off, r in _lists(topics, unit)[0]:
        lead = _lead(text, off)
        wording[off] = (lead, _trail(text, off + len(r.raw)))
        count[lead] = count.get(lead, 0) + 1
        if len(lead) >= ROW_LEAD:
            count[lead[-ROW_LEAD:] + "\0"] = count.get(lead[-ROW_LEAD:] + "\0", 0) + 1
    return (wording, count)


def order_evidence(topics: Topics, unit: Unit, at: int, ref: Ref) -> _Verdict | None:
    """A citation between two citations of its siblings in parallel rows (the same words right before each:
    「诊断 专属（4.14.2）…研制 专属（4.14.3）…接种 专属（4.14.4）」) that, with it, would follow their order but for it:
    the one before cites the sibling two places back and the one after repeats it (…4.14.2…4.14.4…4.14.4),
    or the one before repeats it and the one after cites two places on — while the sibling between, which
    exists, is cited nowhere in the clause.  The place cited, the run, that sibling."""
    v = _ordinal(ref)
    wording, count = _wordings(topics, unit)
    lead = wording.get(at, ("", ""))[0]
    if v is None or len(lead) < LEAD or count.get(lead, 0) < 3:
        return None  # (most citations: no two others of the unit are worded alike before)
    located, _runs, _summaries = _lists(topics, unit)
    family = [(off, r) for off, r in located if off == at or _name(r) == _name(ref) or _siblings(ref, r)]
    i = next((k for k, (off, _r) in enumerate(family) if off == at), None)
    if i is None or i == 0 or i + 1 >= len(family):
        return None
    before, after = family[i - 1][1], family[i + 1][1]
    if any(wording[off][0] != lead for off in (family[i - 1][0], family[i + 1][0])):
        return None  # not parallel rows: a text may cite a family out of order on purpose
    p, n = _ordinal(before), _ordinal(after)
    if p == v - 2 and n == v:
        meant = v - 1
    elif p == v and n == v + 2:
        meant = v + 1
    else:
        return None
    if ref.target_item and meant not in ORDINAL_TO_CIRCLED:
        return None
    cid = ref.target_clause or ""
    sib = f"{cid}{ORDINAL_TO_CIRCLED[meant]}" if ref.target_item else f"{cid.rpartition('.')[0]}.{meant}"
    if any(_name(r) == sib for off, r in located if off != at):
        return None
    a, b = _name(before), _name(after)
    why = (
        f"本条依次引用 {a}、{{cited}}、{b}，{{cited}} 与{'后' if n == v else '前'}者重号而 {sib} 全条未引，"
        f"应为按序排列中的 {sib}",
        f"the clause cites {a}, {{cited}}, {b} in turn: {{cited}} repeats its neighbour while {sib}, next in "
        "order, is cited nowhere in the clause",
    )
    return _found(topics, ref, sib, [before.raw, ref.raw, after.raw], "order", why)


ROW_LEAD = 2  # rows of one wording print the same two characters before the citation and three after it


def _trail(text: str, end: int) -> str:
    """The ``LEAD`` characters after offset ``end``, spaces aside."""
    return _SPACES.sub("", text[end : end + 2 * LEAD])[:LEAD]


def rows_evidence(topics: Topics, unit: Unit, at: int, ref: Ref) -> _Verdict | None:
    """A citation worded as two or more other citations of the clause — the same characters right before
    and after each (附录三 「5 外星人击杀∕双刀 无（7.2.2 私人反馈）6 …枪击 无（7.2.2 私人反馈）」) — that all
    cite one sibling of the cited place, which the clause cites nowhere else: the rows are one statement
    repeated, and the odd one was renumbered.  The place cited, the wording, that sibling."""
    wording, count = _wordings(topics, unit)
    full, trail = wording.get(at, ("", ""))
    lead = full[-ROW_LEAD:]
    if len(lead) < ROW_LEAD or len(trail) < LEAD or count.get(lead + "\0", 0) < 3:
        return None  # (most citations: no two others of the unit are worded alike before)
    located, _runs, _summaries = _lists(topics, unit)
    name = _name(ref)
    alike: set[str] = set()
    rows = 0
    for off, r in located:
        if off == at:
            continue
        if _name(r) == name:
            return None
        if wording[off][0].endswith(lead) and wording[off][1] == trail:
            alike.add(_name(r))
            rows += 1
    if rows < 2 or len(alike) != 1:
        return None
    sib = alike.pop()
    if not any(_siblings(ref, r) and _name(r) == sib for _off, r in located):
        return None
    shown = f"{lead}…{trail}"
    why = (
        f"同样写作「{shown}」的另外 {rows} 行都引 {sib}，唯此处引 {{cited}}，而 {{cited}} 在本条别处未被引用",
        f"the {rows} other rows worded '{shown}' all cite {sib}; this one cites {{cited}}, which the clause "
        "cites nowhere else",
    )
    return _found(topics, ref, sib, [shown], "rows", why)
