"""(q) Citations that exist but are about something else.

Every reference check before this one asked whether the cited clause, item, batch or step *exists*.
After a renumbering, most broken citations still land on something that exists — the wrong thing.
A citation sits in a sentence about something; the cited place must be about it too.

* ``citation-topic`` — the specific vocabulary terms (:mod:`ruleproof.lint.vocab`) around a citation
  occur nowhere at the cited place — its title and text (with its sub-clauses), the item's text, the
  batch row of 2.1.6, the step row of 2.1.1, the registry entry — while they do occur at a
  neighbouring place of the same kind (a sibling clause, another item of the clause, the next batch or
  step): the likely intended target after a renumbering, which the finding names.  6.1.2 「计分：发动沉
  默者每发动一次计 0.5 分，计入外星人逃亡积分（6.9.1④）」 — item ④ of 6.9.1 is about 驱逐, item ⑤
  about 沉默.
  The same check reads the step and batch tables as the text's own account of the night: a step named
  with an event the table's row heads put at another step (「结茧于步骤 5」: 结茧 is 4b's), a time against
  the table's order (「乔装于步骤 1 结算、晚于步骤1」), a batch said to follow another step than the batch
  table gives (「于当夜步骤4a结算后随批次⑤」: ⑤ is 步骤4b后).
  Those step and batch parts live in :mod:`ruleproof.lint.step_topics`.
* ``citation-quote`` — a citation that quotes its target (「3.3.8「救援医师与临时医生的救援额度均可指向
  自身」」) while the quoted words are not there (spaces and punctuation aside); the finding names where
  they are, if anywhere.
* ``citation-repeated`` — one id coordinated with itself (「依 2.1.6 与 2.1.6」「批次⑥与批次⑥」): one of
  the two was meant to be another source (a renumbering edited only one of them).

Terms used by more than an eighth of the clauses (感染, 当夜, 步骤 …) say nothing about a topic and are
left out; a citation whose sentence has no specific term is not judged.  Citations in the revision log
and quoted citations (「…」) are history or mentions, not rules, and are not judged.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache

from ruleproof.findings import Finding, Severity
from ruleproof.lint import citeread
from ruleproof.lint.base import CheckInfo, clip
from ruleproof.lint.citehabits import CitationHabits, Citing
from ruleproof.lint.citetext import (
    BATCH_NAMED,
    BRACKET_NAME,
    CJK_RUN,
    HEAD_CUT,
    NAMED_BATCH,
    NOT_CJK,
    PART_MARK,
    REFERENCE,
    bigrams,
    body_text,
    close_bracket,
    compared_or_denied,
    entry_head,
    in_list,
    in_tag,
    number_pair,
    open_bracket,
    part_end,
    part_start,
    phrase_start,
    related,
    remember_squash,
    squash,
    squash_titled,
    step_head,
    step_order,
)
from ruleproof.lint.context import (
    BATCH_REF,
    CLAUSE_OR_ITEM,
    CLAUSE_REF,
    FREE_CLAUSE_ID,
    ITEM_REF,
    REGISTRY_REF,
    STEP_REF,
    VICTORY_REF,
    LintContext,
    Unit,
    is_descendant,
    normalize_item,
    safe_key,
)
from ruleproof.lint.diagnosis import cites_renumbered
from ruleproof.lint.gatecites import GateSources, as_cited, checklist_findings, gate_label
from ruleproof.lint.gatelines import find_gate_lines, parse_gates
from ruleproof.lint.memo import Memos, PerLintTable
from ruleproof.lint.registry import Registry, parse_registry
from ruleproof.lint.registry_topics import registry_entry
from ruleproof.lint.vocab import title_terms
from ruleproof.text.markers import MARKER_RE, parse_marker
from ruleproof.text.model import Ref, RefKind
from ruleproof.text.sentences import Sentence

TOPIC = CheckInfo(
    id="citation-topic",
    family="q",
    severity=Severity.WARNING,
    title="引用所指的条款∕项与引用处的话题无关",
    title_en="citation lands on a place about something else",
    rule="0.7：「依 X」「见 X」指向唯一权威源；被引之处必须讲的正是援引处所说之事。改号后引用常仍落在实有之处，却已是别的内容。",
    rule_en="0.7: 'per X' points at the single authoritative source; the cited place must be about what "
    "the citing sentence is about. After renumbering, citations often still land somewhere that exists, "
    "but on other content.",
    advice="核对引用：改为讲述该事项的条款∕项（提示中给出最可能的目标），或删去引用。",
    advice_en="Check the citation: cite the clause or item that states this (the likeliest one is named), "
    "or drop it.",
)

QUOTE = CheckInfo(
    id="citation-quote",
    family="q",
    severity=Severity.WARNING,
    title="引号内引述的原文不在所引条款中",
    title_en="quoted wording is not in the cited clause",
    rule="援引时以「…」引述原文者，所引原文必须见于所引条款（或项）；否则引用指错了地方，或原文已改而援引处未同步。",
    rule_en="A citation that quotes its target must quote words that are there; otherwise it points at the "
    "wrong place, or the target was reworded and the citing place was not.",
    advice="改引原文所在的条款，或按所引条款的现行文字更新引述。",
    advice_en="Cite the clause where the words are, or update the quotation to the clause's current wording.",
)

REPEATED = CheckInfo(
    id="citation-repeated",
    family="q",
    severity=Severity.WARNING,
    title="同一处引用在并列中出现两次",
    title_en="the same citation twice in one coordination",
    rule="「依 X 与 Y」「（X、Y）」并列的是不同的出处；同一编号并列两次，必有一个本应是别的条款∕项∕批次∕步骤"
    "（改号时只改了一处）。",
    rule_en="'per X and Y' coordinates two different sources; one id listed twice means one of them was meant "
    "to be another clause, item, batch or step (a renumbering changed only one of them).",
    advice="核对并列的两个出处，把其中之一改为本应引用的编号（或删去重复）。",
    advice_en="Check the two sources and correct one of them (or drop the repeat).",
)

CHECKS = (TOPIC, QUOTE, REPEATED)

# 「依 2.1.6 与 2.1.6」「（4.4、4.4）」「批次⑥与批次⑥」: one id coordinated with itself
_ID_ITEM = rf"{FREE_CLAUSE_ID}(?:[①-⑳](?:之[二三四五])?|[(（]\d{{1,2}}[)）])?"
_SAME_ID = re.compile(
    rf"(?P<a>{_ID_ITEM})\s*(?:与|及|和|、|或|，|,|∕|/)\s*(?:依|见)?\s*(?P=a)(?![\d.①-⑳(（])"
)
_SAME_LABEL = re.compile(
    r"(?P<k>批次|步骤)\s*(?P<a>[〇①-⑳]|\d+(?:\.\d+)?[ab]?)\s*(?:与|及|和|、|或|∕|/)\s*(?:(?P=k)\s*)?(?P=a)(?![\d.])"
)
# 「批次⑨⑨」: one batch label twice in a run of labels (「批次⑦⑨」 lists two batches)
_SAME_RUN = re.compile(r"批次\s*[〇①-⑳]*(?P<a>[〇①-⑳])(?P=a)")
# 「6.9.4③③」: one item label twice in a citation of several items
_SAME_ITEM = re.compile(rf"{FREE_CLAUSE_ID}[①-⑳]*(?P<a>[①-⑳])(?P=a)")
REPEATED_IN_A_ROW = (_SAME_ID, _SAME_ITEM)  # what :func:`_repeated` reads of clause and item citations

SPECIFIC_SHARE = 0.25  # terms in more clauses than this (当夜, 步骤, 感染 …) are never a topic
PHRASE = 20  # at most this many characters around a citation make its topic
ANNOTATED = 10  # and at most this many before a bracket of citations: the phrase it annotates
_GLOSSARY_WORDS = ("术语", "词汇", "名词")
MIN_QUOTE = 4
_KINDS = (
    RefKind.CLAUSE,
    RefKind.ITEM,
    RefKind.REGISTRY,
    RefKind.BATCH,
    RefKind.NIGHT_STEP,
    RefKind.VICTORY_ROW,
)
_CITATION_ID = re.compile(rf"({FREE_CLAUSE_ID})")


@dataclass(frozen=True)
class Place:
    """Something a citation can land on: its display name and its text."""

    name: str
    text: str


@dataclass(frozen=True)
class HabitualPlace(Place):
    """A likely target named by the text's citation habits: ``votes`` other citations of the term land here."""

    votes: int = 0


@dataclass(frozen=True)
class ExplainedPlace(Place):
    """A likely target whose check words the finding itself: :meth:`reason` says why the citation points
    here and not at ``cited``; :meth:`explain` frames it (:func:`~ruleproof.lint.diagnosis.cites_renumbered`)."""

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        """Why the citation of ``cited`` (said of ``shown``) is this place's (Chinese, English)."""
        raise NotImplementedError

    def explain(self, raw: str, cited: str, shown: str) -> tuple[str, str]:
        """The finding's words (Chinese, English): the reason, framed as every citation finding is."""
        return cites_renumbered(raw, *self.reason(cited, shown))


class _Places:
    """Texts of everything a citation may point at, read from the document once."""

    def __init__(self, ctx: LintContext) -> None:
        self.ctx = ctx
        self._texts: dict[str, str] = {}
        self._items: dict[str, list[Place]] = {}
        # 「十关核验」 lines: a checklist of the clause, not one of its items (「①之二 席位＝…」)
        self.gate_spans: dict[str, list[tuple[int, int]]] = {}

    def _in_gate_line(self, cid: str, offset: int) -> bool:
        return any(lo <= offset < hi for lo, hi in self.gate_spans.get(cid, []))

    @cached_property
    def registry(self) -> Registry | None:
        return parse_registry(self.ctx)

    @cached_property
    def _family(self) -> dict[str, list[Unit]]:
        """Each clause with its sub-clauses (their units: title, then body)."""
        out: dict[str, list[Unit]] = {}
        for u in self.ctx.clause_units:
            parts = u.id.split(".")
            for k in range(1, len(parts) + 1):
                out.setdefault(".".join(parts[:k]), []).append(u)
        return out

    def clause_text(self, cid: str) -> str:
        if cid not in self._texts:
            units = self._family.get(cid, [])
            text = self._texts[cid] = "。".join(f"{u.title}。{u.text}" for u in units)
            # squashed as its clauses' titles and bodies squashed and joined (each body once a lint, shared
            # with the other readers of a unit's squashed text): the squash drops single characters, so it
            # commutes with joining
            remember_squash(text, "".join(squash_titled(u.title, u.text) for u in units))
        return self._texts[cid]

    def item(self, cid: str, label: str) -> Place | None:
        clause = self.ctx.clause(cid)
        if clause is None:
            return None
        m = MARKER_RE.fullmatch(normalize_item(label))
        if m is None:
            return None
        ordinal, variant, _ = parse_marker(m)
        it = clause.item_by_ordinal(ordinal, variant)
        if it is None:
            return None
        return Place(f"{cid}{it.label}", f"{clause.title}。{it.text}")

    def items(self, cid: str) -> list[Place]:
        """The clause's items as places (memoised per clause — the gate spans are set before any is asked —
        and a copy returned: ~430 asks a lint of 返航录 for ~60 clauses, each built a fresh text to hash when squashed)."""
        out = self._items.get(cid)
        if out is None:
            clause = self.ctx.clause(cid)
            out = self._items[cid] = (
                []
                if clause is None
                else [
                    Place(f"{cid}{it.label}", f"{clause.title}。{it.text}")
                    for it in clause.items
                    if not self._in_gate_line(cid, it.offset)
                ]
            )
        return list(out)

    @cached_property
    def step_rows(self) -> dict[str, str]:
        """Rows of the night step table: each cited step key, found in order at the head of a row."""
        owner = self.ctx.owners.night_steps
        clause = self.ctx.clause(owner)
        if clause is None:
            return {}
        keys = {r.target_item for r in self.ctx.doc.refs() if r.kind is STEP_REF and r.target_item}
        ordered = sorted(keys, key=step_order)
        text = clause.text
        heads: list[tuple[int, str]] = []
        pos = 0
        for key in ordered:
            found = step_head(text, key, pos)
            if found is None:
                continue
            heads.append((found[0], key))
            pos = found[1]
        rows: dict[str, str] = {}
        for k, (start, key) in enumerate(heads):
            end = heads[k + 1][0] if k + 1 < len(heads) else len(text)
            rows[key] = text[start:end]
        return rows

    @cached_property
    def batch_table(self) -> dict[str, str]:
        """The rows of the batch table as it prints them: what each batch publishes and when."""
        owner = self.ctx.owners.batches
        clause = self.ctx.clause(owner)
        if clause is None:
            return {}
        rows = {normalize_item(it.label): it.text for it in clause.items}
        first = min((it.offset for it in clause.items), default=len(clause.text))
        # batch 〇 is printed in the table's preamble, after its column heads (「批次 内容 发布时点〇 开局职业
        # 公告…」): its row is what follows its label, not the whole preamble
        preamble = clause.text[:first]
        zero = [m.start() for m in re.finditer(r"〇(?![〜~～\-－至])", preamble)]
        rows["〇"] = preamble[zero[-1] :] if zero else preamble
        return rows

    @cached_property
    def _batch_rows(self) -> dict[str, str]:
        rows = dict(self.batch_table)
        if not rows:
            return {}
        # what the text calls each batch elsewhere: 「死亡公告（批次⑥）」 names ⑥
        for unit in self.ctx.units_outside_log():
            if BATCH_NAMED not in unit.text:
                continue  # (a text without it holds no match: not scanned)
            for m in NAMED_BATCH.finditer(unit.text):
                label = m.group("label")
                if label in rows:
                    rows[label] += "。" + m.group("name")
        return rows

    def batch_rows(self) -> dict[str, str]:
        return self._batch_rows

    @cached_property
    def batch_header(self) -> str:
        """The batch table's preamble before its rows (its column heads 「批次 内容 发布时点」 among them):
        words said of every batch, which tell no row from another."""
        rows = self._batch_rows
        clause = self.ctx.clause(self.ctx.owners.batches)
        if clause is None or "〇" not in rows:
            return ""
        return clause.text[: max(0, clause.text.find(rows["〇"]))]


# patterns of the per-citation tests, compiled once (not looked up in re's cache ~30 k times per lint)


def _temporal(text: str, at: int, end: int) -> bool:
    """「早于步骤 2」「步骤 9 前」「步骤 10 结束后」: a time, not the place where something happens;
    「于步骤 0.6 结算」 names where it happens."""
    before = text[max(0, at - 3) : at].rstrip()
    after = text[end : end + 6].lstrip()
    return before.endswith(("早于", "晚于", "先于", "后于", "自", "至")) or bool(_TIME_AFTER.match(after))


_TIME_AFTER = re.compile(
    r"(?:结束|开始|完成|结算完成|结算)?\s*(?:之前|之后|前|后|起|内|及其后)|(?:结束|开始|完成|结算完成)时|[。；]"
)


def _own_part(text: str, lo: int, hi: int, at: int) -> str:
    """The part of a bracket's content, split at 「，；」 outside inner brackets, that holds ``at``."""
    start, depth = lo, 0
    for i in range(lo, hi):
        ch = text[i]
        if ch in "（(〔「":
            depth += 1
        elif ch in "）)〕」":
            depth -= 1
        elif ch in "，；,;、" and depth == 0:
            if i >= at:
                return text[start:i]
            start = i + 1
    return text[start:hi]


def _line_starts(unit: Unit) -> dict[int, int]:
    """Where each source line of the unit starts in its text, when its spans' lines never go back (then no
    character before a line's start is on that line or a later one: a search for a citation of that line may
    start there); empty otherwise (every search starts at 0)."""
    out: dict[int, int] = {}
    pos, last = 0, None
    for span in unit.spans:
        if last is not None and span.line < last:
            return {}
        out.setdefault(span.line, pos)
        pos, last = pos + len(span.text), span.line
    return out


def _unit_of(ref: Ref) -> str | None:
    if ref.clause is not None:
        return ref.clause
    return ref.context.removeprefix("appendix:") if ref.context.startswith("appendix:") else None


class Topics:
    """Family q's reader of one lint's text, shared by every citation rule: the places a citation can land on
    (``places``, :meth:`target`), the words around a citation (:meth:`topic`, :meth:`window`), the clauses'
    titles and names, the text's citation habits, the gates, and the rules' per-lint memos (``memos``,
    :mod:`ruleproof.lint.memo`)."""

    def __init__(self, ctx: LintContext) -> None:
        self.ctx = ctx
        self.vocab = ctx.vocabulary
        self.places = _Places(ctx)
        self.memos: Memos = {}  # the per-lint memos of the citation rules that read the text (lint.memo)
        self._sents: dict[str, list[Sentence]] = {}
        self._offsets: dict[str, dict[int, int]] = {}
        self._targets: dict[tuple[RefKind, str | None, str | None], tuple[Place | None, list[Place]]] = {}
        self._title_names: dict[str, frozenset[str]] = {}
        self._sibling_names: dict[str, frozenset[str]] = {}
        self._siblings_own: dict[tuple[str, str], frozenset[str]] = {}
        self._title_heads: dict[str, frozenset[str]] = {}
        self._family_titles: dict[str, str] = {}
        self._topic_terms: dict[tuple[str, int, str, bool, bool], list[str]] = {}
        self._windows: dict[tuple[str, int, str, bool, bool], str] = {}
        self._habit_terms: dict[tuple[str, int, str], list[str]] = {}
        self._cited_texts: dict[str, str] = {}
        # the sibling clauses the habit map may name instead of a cited clause, by parent (read only)
        self.sibling_places: dict[str, dict[str, Place]] = {}
        parsed = parse_gates(ctx)
        self.gates = parsed[1] if parsed else []
        owner = ctx.clause(parsed[0]) if parsed else None
        # what the checklist cites for each gate: 「⑦额度记账（2.5、2.9 与 2.8.5…）」
        self.gate_cites: dict[str, set[str]] = {}
        if owner is not None:
            text = owner.text
            marks = [(m.start(), m.group(0)) for m in re.finditer(r"[①-⑳](?:之二)?", text)]
            for k, (pos, label) in enumerate(marks):
                end = marks[k + 1][0] if k + 1 < len(marks) else len(text)
                self.gate_cites.setdefault(label, set()).update(_CITATION_ID.findall(text[pos:end]))
        self.gate_spans: dict[str, list[tuple[int, int]]] = {}
        lines = find_gate_lines(ctx, self.gates) if parsed else []
        for gl in lines:
            self.gate_spans.setdefault(gl.unit, []).append((gl.start, gl.end))
        self.places.gate_spans = self.gate_spans
        self.gate_sources = GateSources(self, lines)

    def registry_entry(self, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
        """:func:`ruleproof.lint.registry_topics.registry_entry` on this unit's located references."""
        registry = self.places.registry
        if registry is None:
            return None
        located = [(self.locate(unit, r), r) for r in self.ctx.refs_by_unit.get(unit.id, [])]
        clause = self.ctx.clause(unit.id) if unit.is_clause else None
        starts = [it.offset for it in clause.items] if clause else []
        found = registry_entry(registry, unit, at, ref, [(p, r) for p, r in located if p is not None], starts)
        if found is None:
            return None
        shown, entry = found
        return shown, Place(f"{registry.clause}{entry.label}", entry.text)

    @cached_property
    def habits(self) -> CitationHabits:
        """What the text cites for each term of the phrases its clause and item citations annotate."""
        cites: list[Citing] = []
        for ref in self.ctx.doc.refs():
            unit = judged_unit(self.ctx, ref) if ref.kind in CLAUSE_OR_ITEM else None
            at = self.locate(unit, ref) if unit is not None else None
            place = self.target(ref)[0]
            if unit is not None and at is not None and place is not None and not in_tag(unit.text, at):
                places = (place.name, ref.target_clause) if place.name != ref.target_clause else (place.name,)
                cites.append(
                    Citing(
                        unit.id,
                        at,
                        tuple(p for p in places if p),
                        tuple(self.habit_terms(unit, at, ref.raw)),
                    )
                )
        return CitationHabits(cites)

    def habit_terms(self, unit: Unit, at: int, raw: str) -> list[str]:
        """What a citation is filed under in the habit map: the terms of the phrase it annotates, and the
        two characters right before it (a particle 依∕见∕于∕入… dropped: 「登记入 2.8.9」 → 登记), marked
        apart from the vocabulary — the text's set phrases 「登记于 2.8.9」「详依 2.3.4」 name a place too; and
        the ``RUN_WORDS`` characters printed right before it, marked apart again (the book-habit rule's key:
        the same words before another id elsewhere, :mod:`ruleproof.lint.citebookhabit`).  Memoised per lint
        by the citation's place (the habit map files every citation and :func:`habit_fit` reads it again)."""
        key = (unit.id, at, raw)
        terms = self._habit_terms.get(key)
        if terms is None:
            terms = self._habit_terms[key] = self.topic(unit, at, raw, near=True)
            m = _LEAD.search(unit.text, max(0, at - 8), at)
            if m is not None:
                terms.append(LEAD_MARK + m.group("w"))
            run = run_before(unit.text, at)
            if run is not None:
                terms.append(run)  # (read by citebookhabit alone)
        return list(terms)

    def no_place_beside(self, unit: Unit, at: int, ref: Ref) -> bool:
        """Words printed beside the id at ``at`` name no cited place: the id is a number the reader took for one
        (「有职业者 2.0∕…」, :func:`number_pair`) or a gate the checklist cites (:meth:`gate_defined`) — the guard
        every rule reading such words applies."""
        return number_pair(unit.text, at, ref.raw) or self.gate_defined(unit, at, ref)

    def gate_defined(self, unit: Unit, at: int, ref: Ref) -> bool:
        """In a 十关核验 line, the gate a citation stands under cites the same clause in the checklist."""
        spans = self.gate_spans.get(unit.id, [])
        if not any(lo <= at < hi for lo, hi in spans):
            return False
        label = gate_label(unit.text, at)
        if label is None:
            return False
        cited = ref.target_clause or ""
        # the checklist cites it under this gate, or the lines of other clauses do (:mod:`gatecites`)
        return cited in self.gate_cites.get(label, set()) or self.gate_sources.voted(label, cited, unit.id)

    def sentences_of(self, unit: Unit) -> list[Sentence]:
        return self.ctx.sentences(unit.id)

    def locate(self, unit: Unit, ref: Ref) -> int | None:
        """Offset of the reference in its unit's text (each reference of a line in order)."""
        offsets = self._offsets.get(unit.id)
        if offsets is None:
            offsets = self._offsets[unit.id] = self._place_refs(unit)
        return offsets.get(id(ref))

    def _place_refs(self, unit: Unit) -> dict[int, int]:
        text = unit.text
        out: dict[int, int] = {}
        next_at: dict[tuple[int, str], int] = {}
        line_start = _line_starts(unit)
        for ref in self.ctx.refs_by_unit.get(unit.id, []):
            lo = next_at.get((ref.line, ref.raw), line_start.get(ref.line, 0))
            while True:
                at = text.find(ref.raw, lo)
                if at < 0:
                    break
                end = at + len(ref.raw)
                glued = (
                    text[end : end + 1].isdigit()
                    or (text[end : end + 1] == "." and text[end + 1 : end + 2].isdigit())
                    or (at > 0 and (text[at - 1].isdigit() or text[at - 1] == "."))
                )
                if not glued and unit.line_of(at) == ref.line:
                    out[id(ref)] = at
                    next_at[(ref.line, ref.raw)] = at + 1
                    break
                lo = at + 1
        return out

    def topic(self, unit: Unit, at: int, raw: str, wide: bool = False, near: bool = False) -> list[str]:
        key = (unit.id, at, raw, wide, near)
        out = self._topic_terms.get(key)
        if out is None:
            out = self._topic_terms[key] = []
            for h in self.vocab.scan(self.window(unit, at, raw, wide, near)):
                if h.term not in out and self.vocab.specific(h.term, SPECIFIC_SHARE):
                    out.append(h.term)
        return list(out)

    def window(self, unit: Unit, at: int, raw: str, wide: bool = False, near: bool = False) -> str:
        """:meth:`_window`, memoised (the verdicts ask for the same citation's window several times)."""
        key = (unit.id, at, raw, wide, near)
        out = self._windows.get(key)
        if out is None:
            out = self._windows[key] = self._window(unit, at, raw, wide, near)
        return out

    def _window(self, unit: Unit, at: int, raw: str, wide: bool = False, near: bool = False) -> str:
        """Terms of what the citation annotates.  In a bracket that holds words besides citations
        (「（7.0 之推理不受限）」), those words; in a bracket of citations only, the phrase before it
        (「警长双发（4.4）」; ``near``: only its last words); after a tag 〔适用 X〕, what follows it;
        otherwise the sentence part the citation stands in (「依 4.4.6，存储上限…」).  ``wide``: the whole
        sentence, for a citation whose own phrase tells nothing."""
        text = unit.text
        sent = citeread.sentence(self, unit, at)
        s_lo = sent.start if sent else 0
        s_hi = sent.end if sent else len(text)
        opener = open_bracket(text, at, s_lo)
        if wide:
            window = text[s_lo:at] + "。" + text[at + len(raw) : s_hi]
        elif raw.startswith("〔"):
            window = text[at + len(raw) : min(s_hi, at + len(raw) + 30)]
        elif opener is not None:
            closer = close_bracket(text, opener, s_hi)
            own = _own_part(text, opener + 1, closer, at)
            inside = REFERENCE.sub("", own)
            if inside.strip() in ("见", "依", "详见", "参见"):
                # 「（…系救援额度指向自身，见3.3.8，…）」: a bare 「见」 points at the part before it
                sep = max(text.rfind(c, opener + 1, at) for c in "，；,;")
                if sep > opener + 1:
                    inside = REFERENCE.sub("", _own_part(text, opener + 1, closer, sep - 1))
            if len(NOT_CJK.sub("", inside)) >= 2:
                window = inside
            else:
                lo = max(s_lo, phrase_start(text, opener, s_lo), opener - (ANNOTATED if near else PHRASE))
                window = text[lo:opener]
        else:
            left = at
            while left > s_lo and text[left - 1] in " \u3000":
                left -= 1
            right = at + len(raw)
            while right < s_hi and text[right] in " \u3000":
                right += 1
            lo = max(s_lo, part_start(text, left, s_lo), at - PHRASE)
            hi = min(s_hi, part_end(text, right, s_hi), right + PHRASE)
            after = REFERENCE.search(text, right, min(s_hi, right + PHRASE))
            if after is not None and not PART_MARK.search(text[right : after.start()]):
                hi = right  # 「… 4.5、4.14神探∕摆渡人 4.7」: the words after are the next citation's phrase
            if self.glossary(unit) and right == at + len(raw):
                hi = right  # a glossary entry ends on its citation: 「…见 6.8.3、2.8.5调查报告 …」
            window = text[lo:left] + "。" + text[right:hi]
        return REFERENCE.sub("。", window)

    @cached_property
    def common_words(self) -> frozenset[str]:
        """Two-character words in more than a sixth of the clauses: they tell no row from another."""
        df: Counter[str] = Counter()
        units = list(self.ctx.units_outside_log())
        for u in units:
            df.update(bigrams(u.text))  # (counted in C, not one dict update per word in Python)
        return frozenset(w for w, n in df.items() if n > len(units) / 6)

    def present(self, term: str, squashed: str) -> bool:
        """The term is said there: literally, or as two words it is made of (「濒死不跨夜」 in a clause
        that says 濒死 and 不跨夜)."""
        return said_in(term, squashed)

    def about(self, term: str, place: Place) -> bool:
        """The place is about the term: in its title or heading words, or said at least twice (a
        row of a step or batch table is short: anything it says, it is about)."""
        if place.name.startswith(("步骤", "批次")):
            return self.present(term, squash(place.text))
        head = squash(place.text[:16])
        return term in head or squash(place.text).count(term) >= 2

    def list_confirms(self, unit: Unit, at: int, ref: Ref, terms: list[str], likely: Place) -> bool:
        """A citation in a list 「依 4.6.4③ 与 2.8.2⑨」 is judged when the list is short, another member
        says what this one does not, and the likely target is no member of the list."""
        text = unit.text
        lo, hi = max(0, at - 16), min(len(text), at + len(ref.raw) + 16)
        members = [r for r in self.ctx.refs_by_unit.get(unit.id, []) if r is not ref and r.line == ref.line]
        others = []
        for r in members:
            off = self.locate(unit, r)
            if off is not None and lo <= off < hi and r.target_clause:
                others.append(r)
        if not others or len(others) > 1:
            return False
        names = {f"{r.target_clause}{r.target_item or ''}" for r in others}
        if likely.name in names or any(likely.name.startswith(n) for n in names):
            return False
        other = self.target(others[0])[0]
        return other is not None and any(self.present(t, squash(other.text)) for t in terms)

    def mentions_heading(self, place: Place, terms: list[str], unit: Unit, at: int) -> bool:
        """The citing sentence names what the cited item is about (its heading words): 「受…封锁
        （2.8.3③）」 cites the item headed 「受封锁者总清单」."""
        clause_title = place.text.split("。", 1)[0]
        body = place.text[len(clause_title) + 1 :]
        head = [h.term for h in self.vocab.scan(body[:14])]
        sent = citeread.sentence(self, unit, at)
        said = squash(sent.text) if sent else ""
        return any(t in said for t in head)

    def title_names(self, cid: str) -> frozenset[str]:
        """The specific terms in the heads of a clause's title and its sub-clauses' titles (the words
        before any bracket: 「警长（与猎手同席位…）」 → 警长; 「救援额度（上限 2 次）」 → 救援额度, 救援)."""
        out = self._title_names.get(cid)
        if out is None:
            terms: set[str] = set()
            for c_id in (cid, *self.children(cid)):
                c = self.ctx.clause(c_id)
                if c is not None:
                    head = HEAD_CUT.split(c.title, 1)[0]
                    for piece in title_terms(head):
                        terms.update(
                            t
                            for i in range(len(piece))
                            for t in self.vocab.prefixes(piece, i)
                            if self.vocab.specific(t, SPECIFIC_SHARE)
                        )
            out = self._title_names[cid] = frozenset(terms)
        return out

    @cached_property
    def _children(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for c in self.ctx.doc.clauses:
            out.setdefault(c.rpartition(".")[0], []).append(c)
        return out

    def sibling_names(self, cid: str) -> frozenset[str]:
        out = self._sibling_names.get(cid)
        if out is None:
            out = self._sibling_names[cid] = self._names_of(cid)
        return out

    def names_of_siblings(self, cid: str, unit_id: str) -> frozenset[str]:
        """The names of ``cid``'s siblings (but the citing clause ``unit_id``) that ``cid``'s own titles lack
        (memoised per cited clause, and per citing clause only when that one is a sibling)."""
        parent = cid.rpartition(".")[0]
        # the citing clause matters only when it is one of the siblings: every other citing unit shares a key
        key = (cid, unit_id if unit_id.rpartition(".")[0] == parent else "")
        out = self._siblings_own.get(key)
        if out is None:
            own = self.title_names(cid)
            siblings = [c for c in self.children(parent) if c != cid and c != key[1]]
            out = self._siblings_own[key] = frozenset().union(
                *(self.sibling_names(c) - own for c in siblings)
            )
        return out

    def _names_of(self, cid: str) -> frozenset[str]:
        """What names a clause for its siblings: the whole heads of its title, and the terms inside a head
        that is a name (at most ``NAME_LEN`` characters: 救援 of 「救援额度」; not 出手 of 「每晚仅一类出手」,
        a title that is a sentence)."""
        heads = self.title_heads(cid)
        parts = {
            t
            for head in heads
            if len(head) <= NAME_LEN
            for i in range(len(head))
            for t in self.vocab.prefixes(head, i)
            if self.vocab.specific(t, SPECIFIC_SHARE)
        }
        return heads | frozenset(parts)

    def children(self, parent: str) -> list[str]:
        """The clauses right under ``parent``, in the document's order."""
        return self._children.get(parent, [])

    def family_titles(self, cid: str) -> str:
        """The titles of a clause and its sub-clauses, squashed."""
        out = self._family_titles.get(cid)
        if out is None:
            out = self._family_titles[cid] = squash("。".join(self._titles_under.get(cid, ())))
        return out

    @cached_property
    def _titles_under(self) -> dict[str, list[str]]:
        """The titles of the clauses at or under each id (a clause's id cut at each of its dots), in the
        document's order — the clauses ``c.id == cid or c.id.startswith(cid + ".")`` (read once, not once per
        asked clause: ~400 asks a lint, each a walk over every clause)."""
        out: dict[str, list[str]] = {}
        for c in self.ctx.doc:
            parts = c.id.split(".")
            for k in range(1, len(parts) + 1):
                out.setdefault(".".join(parts[:k]), []).append(c.title)
        return out

    def title_heads(self, cid: str) -> frozenset[str]:
        """The whole head words of a clause's own title: 「救援医师∕毒师（同席位）」 → 救援医师, 毒师."""
        out = self._title_heads.get(cid)
        if out is None:
            clause = self.ctx.clause(cid)
            head = HEAD_CUT.split(clause.title, 1)[0] if clause is not None else ""
            out = frozenset(t for t in title_terms(head) if self.vocab.specific(t, SPECIFIC_SHARE))
            self._title_heads[cid] = out
        return out

    def glossary(self, unit: Unit) -> bool:
        return not unit.is_clause and any(w in unit.title for w in _GLOSSARY_WORDS)

    def cited_text(self, ref: Ref) -> str:
        """The cited clause's family text with its ancestors' titles, squashed (memoised per clause: the
        verdicts read it for every citation of the clause)."""
        cid = ref.target_clause or ""
        out = self._cited_texts.get(cid)
        if out is None:
            out = self._cited_texts[cid] = squash(self.ancestry(ref)) + squash(self.places.clause_text(cid))
        return out

    def ancestry(self, ref: Ref) -> str:
        """Titles of the cited clause's ancestors: 6.8.3 is about 死囚外星人 because 6.8 is."""
        cid = ref.target_clause or ""
        parts = cid.split(".")
        titles = []
        for k in range(1, len(parts)):
            c = self.ctx.clause(".".join(parts[:k]))
            if c is not None:
                titles.append(c.title)
        return "。".join(titles)

    def target(self, ref: Ref) -> tuple[Place | None, list[Place]]:
        """The place a reference lands on and the neighbouring places of the same kind."""
        key = (ref.kind, ref.target_clause, ref.target_item)
        found = self._targets.get(key)  # (one lookup: the key is a new tuple, hashed again at each)
        if found is None:
            found = self._targets[key] = self._target(ref)
        return found

    def _target(self, ref: Ref) -> tuple[Place | None, list[Place]]:
        cid = ref.target_clause
        if cid is None:
            return None, []
        if ref.kind is STEP_REF:
            rows = self.places.step_rows
            if ref.target_item not in rows:
                return None, []
            keys = list(rows)
            k = keys.index(ref.target_item)
            near = [
                Place(f"步骤 {key}", rows[key])
                for key in keys[max(0, k - 2) : k + 3]
                if key != ref.target_item
            ]
            return Place(f"步骤 {ref.target_item}", rows[ref.target_item]), near
        if ref.kind is BATCH_REF:
            rows = self.places.batch_rows()
            label = normalize_item(ref.target_item or "")
            if label not in rows:
                return None, []
            return Place(f"批次{label}", rows[label]), [
                Place(f"批次{k}", v) for k, v in rows.items() if k != label
            ]
        if ref.kind is REGISTRY_REF:
            registry = self.places.registry
            entry = registry.entry(ref.target_item or "") if registry else None
            if registry is None or entry is None:
                return None, []
            near = [
                Place(f"{registry.clause}{e.label}", e.text)
                for e in registry.entries
                if e.label != entry.label
            ]
            return Place(f"{registry.clause}{entry.label}", entry.text), near
        if ref.target_item and ref.kind in (ITEM_REF, VICTORY_REF):
            place = self.places.item(cid, ref.target_item)
            if place is None:
                return None, []
            near = [p for p in self.places.items(cid) if p.name != place.name]
            return place, near
        if cid not in self.ctx.doc.clauses:
            return None, []
        parent = cid.rpartition(".")[0]
        siblings = [c for c in self.children(parent) if c != cid and "." in c]
        siblings.sort(
            key=lambda c: abs(safe_key(c)[-1] - safe_key(cid)[-1]) if safe_key(c) and safe_key(cid) else 99
        )
        near = [Place(c, self.places.clause_text(c)) for c in siblings[:6]]
        # a clause is also about what its ancestors are about: 6.8.4 复生 is the 死囚外星人's (6.8)
        ancestry, own = self.ancestry(ref), self.places.clause_text(cid)
        text = ancestry + "。" + own
        remember_squash(text, squash(ancestry) + squash(own))
        return Place(cid, text), near


def run(ctx: LintContext) -> Iterator[Finding]:
    from ruleproof.lint import step_topics  # (it reads this module's places: imported when run)

    topics = Topics(ctx)
    try:
        yield from _topics(ctx, topics)
        yield from step_topics.run(ctx, topics)
        yield from checklist_findings(ctx, topics)
        yield from _quotes(ctx, topics)
    finally:
        # the reader and its tables keep one another (the gate sources, the rules' memos): dropped here, they
        # are freed now rather than at the collector's next full collection (LintContext.drop_views)
        vars(topics).clear()
    yield from _repeated(ctx)


def _repeated(ctx: LintContext) -> Iterator[Finding]:
    for unit in ctx.units_outside_log():
        text = unit.text
        clause = ctx.clause(unit.id) if unit.is_clause else None
        starts = {it.offset for it in clause.items} if clause else set()
        found = (*_SAME_ID.finditer(text), *_SAME_LABEL.finditer(text), *_SAME_ITEM.finditer(text))
        # a run's second label may be where the next item starts: 「…当夜的批次⑥⑥变形不受…」
        found += tuple(m for m in _SAME_RUN.finditer(text) if m.end() - 1 not in starts)
        for m in found:
            raw = m.group(0)
            zh = f"「{raw}」把同一出处并列了两次：其中之一疑应为别的编号（改号时只改了一处）"
            en = f"'{raw}' lists the same source twice: one of them was probably meant to be another id"
            yield REPEATED.finding_at(unit, m.span(), zh, en, quote=(10, 6, 40), extra={"id": m.group("a")})


NAME_LEN = 5  # a title head this short is a name; a longer one is a sentence about its subject
STRONG_SHARE = 0.10  # a term in at most this share of the clauses names something particular


def _judge(
    topics: Topics,
    ref: Ref,
    place: Place,
    near: list[Place],
    terms: list[str],
    telling_only: bool = False,
    sentence: Callable[[], list[str]] | None = None,
) -> str | tuple[list[str], Place] | None:
    """``"unjudged"`` when no term is evidence; None when the cited place says something of the topic
    (or no neighbour is about it); else the evidence and the likely target.

    Evidence is a term that names something particular: used in at most a tenth of the clauses, or —
    among the items of one clause — in at most a third of them (沉默 is everywhere in the book, but in
    one item of 6.9.1)."""
    if not terms:
        return "unjudged"
    strong = [t for t in terms if topics.vocab.specific(t, STRONG_SHARE)]
    items = any(ch in place.name for ch in "①②③④⑤⑥⑦⑧⑨⑩(")
    # a term rare among the cited place and its neighbours: among items, any; among clauses, one that a
    # neighbour's title names (a clause is about its title; sections mention their neighbours' matters)
    rare: set[str] = set()
    family: list[str] = []
    if place.name[:1].isdigit() and (len(near) >= 2 or (items and near)):
        family = [squash(p.text) for p in (place, *near)]
        for t in terms:
            if t not in strong and sum(topics.present(t, x) for x in family) <= max(1, len(family) // 3):
                strong.append(t)
                rare.add(t)
    if not strong:
        return "unjudged"
    cited_text = squash(place.text)
    if any(topics.present(t, cited_text) for t in terms):
        return None
    if (
        rare
        and not items
        and sentence is not None
        and any(
            t not in terms
            and topics.present(t, cited_text)
            and sum(topics.present(t, x) for x in family) <= max(1, len(family) // 3)
            for t in sentence()
        )
    ):
        return None  # the sentence says, elsewhere than the phrase, what only the cited clause says

    def about(t: str, p: Place) -> bool:
        if t in rare and not items:
            return t in topics.title_names(p.name) and topics.about(t, p)
        return topics.about(t, p)

    scored = [(sum(1 for t in strong if about(t, p)), -k, p) for k, p in enumerate(near)]
    scored = [sc for sc in scored if sc[0] >= max(1, (len(strong) + 1) // 2)]
    if not scored:
        return None
    _n, _k, likely = max(scored, key=lambda sc: (sc[0], sc[1]))
    return strong, likely


def _citing_unit(ctx: LintContext, ref: Ref) -> Unit | None:
    unit_id = _unit_of(ref)
    if unit_id is None or unit_id in ctx.log_appendices:
        return None
    return ctx.unit_by_id.get(unit_id)


def _topics(ctx: LintContext, topics: Topics) -> Iterator[Finding]:
    for ref in ctx.doc.refs():
        unit = judged_unit(ctx, ref)
        if unit is None:
            continue
        at = topics.locate(unit, ref)
        if at is None:
            continue
        found = verdict(ctx, topics, unit, at, ref)
        if found is not None:
            place, terms, likely = found
            yield topic_finding(unit, ref, at, place, terms, likely)
    for ref in ctx.doc.refs():
        unit = self_citing_unit(ctx, ref)
        at = topics.locate(unit, ref) if unit is not None else None
        found = self_citation(topics, unit, at, ref) if unit is not None and at is not None else None
        if unit is not None and at is not None and found is not None:
            yield topic_finding(unit, ref, at, *found)


def self_citing_unit(ctx: LintContext, ref: Ref) -> Unit | None:
    """The clause of a citation of that very clause (「依 6.8.2」 in 6.8.2) or of one of its ancestors (「依
    2.8」 in 2.8.10), judged apart from the others."""
    if ref.kind is not CLAUSE_REF or ref.target_item or ref.quoted or ref.context == "tag":
        return None
    unit = _citing_unit(ctx, ref)
    if unit is None or not unit.is_clause or not ref.target_clause:
        return None
    return unit if is_descendant(unit.id, ref.target_clause) else None


def self_citation(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """A clause citing itself is judged by the text's citation habits against what the clause says outside
    the citing sentence (the sentence says its own phrase): the text legitimately cites a clause from
    within it (「受 4.8.1 连续保护限制」 in 4.8.1, whose other sentences say 连续保护), but a renumbering that
    lands a citation on its own clause leaves a phrase the clause says nowhere else, cited at a sibling.
    A clause citing itself or an ancestor is also judged by the owners of the phrase (spec, glossary, the
    clause coining a quoted term): :func:`citeowners.family_owner`.  One listed with its siblings' ids
    (「（2.8.6、2.8.10）」 in 2.8.10: a renumbering landed one member on the citing clause) is judged by the list
    rules (:func:`citelists.list_verdict`) alone; a bare deferral 「依 7.1」 in 7.1.4 by the words it governs
    (:func:`citedeferral.family_deferral`).  A citation of an ancestor is also read by its part's subject, as any
    citation is (:func:`citecarry.ancestor_verdict`)."""
    if compared_or_denied(unit.text, at, at + len(ref.raw), topics.vocab.prefixes):
        return None
    if in_list(unit.text, at, at + len(ref.raw)):
        listed = citelists.list_verdict(topics, unit, at, ref)
        itself = citedeferral.listed_self(topics, unit, at, ref) if listed is None else None
        return listed if itself is None else (Place(unit.id, topics.places.clause_text(unit.id)), *itself)
    from ruleproof.lint.citeauthority import family_authority  # (it reads this module's places)
    from ruleproof.lint.citeowners import family_owner  # (it reads this module's places)
    from ruleproof.lint.citeshape import family_shape  # (it reads this module's places)

    owned = family_owner(topics, unit, at, ref) or family_shape(topics, unit, at, ref)
    owned = (
        owned
        or family_authority(topics, unit, at, ref)
        or citedeferral.family_deferral(topics, unit, at, ref)
    )
    if owned is not None:
        return Place(ref.target_clause or "", topics.places.clause_text(ref.target_clause or "")), *owned
    if unit.id != ref.target_clause:
        return citecarry.ancestor_verdict(topics, unit, at, ref)  # an ancestor: its subject, as elsewhere
    sent = citeread.sentence(topics, unit, at)
    own = topics.places.clause_text(unit.id)
    if sent is not None:
        own = own.replace(sent.text, "。", 1)
    place = Place(unit.id, topics.ancestry(ref) + "。" + own)
    habit = habit_fit(topics, unit, at, ref, place)
    return (Place(unit.id, topics.places.clause_text(unit.id)), *habit) if habit is not None else None


# each citation asked about (kept: its id names no other citation while the lint lives) and its judged unit
_JUDGED: PerLintTable[LintContext, int, tuple[Ref, Unit | None]] = PerLintTable()


def judged_unit(ctx: LintContext, ref: Ref) -> Unit | None:
    """The unit of a citation this check judges (None: not judged — a mention, an exception label, a
    clause citing its own family) — memoised per lint by the citation (the habit map, the citation profiles,
    the glossary and cited-lean indexes and the verdicts each ask for every citation)."""
    judged = _JUDGED(ctx)
    found = judged.get(id(ref))
    if found is None:
        found = judged[id(ref)] = (ref, _judged_unit(ctx, ref))
    return found[1]


def _judged_unit(ctx: LintContext, ref: Ref) -> Unit | None:
    if ref.kind not in _KINDS or ref.quoted:
        return None
    if ref.context == "tag" and "例外" in ref.raw:
        return None  # an exception label: the registry checks judge it
    unit = _citing_unit(ctx, ref)
    if unit is None:
        return None
    if (
        ref.kind in CLAUSE_OR_ITEM
        and unit.is_clause
        and ref.target_clause
        and (is_descendant(unit.id, ref.target_clause) or is_descendant(ref.target_clause, unit.id))
    ):
        return None  # a clause citing itself or its family
    return unit


def verdict(
    ctx: LintContext, topics: Topics, unit: Unit, at: int, ref: Ref
) -> tuple[Place, list[str], Place] | None:
    """The cited place, the evidence and the likely intended target, when the citation at ``at`` lands on a
    place about something else: by what the places say, else (a clause or item citation) by how the text
    cites the phrase's terms elsewhere — a comparison or a denial (「不走 4.10.2 八步结算链」) still names
    the place it compares with, and a ten-gate line still cites its gate's item.  A gate label glued to a
    clause id (「依2.9⑧不新增批次」) is no item of the clause (:func:`gatecites.as_cited`)."""
    ref = as_cited(topics, unit, at, ref)
    found = _topic_verdict(ctx, topics, unit, at, ref)
    for kinds, rule in _CHAIN:
        if found is not None:
            break
        if ref.kind in kinds:
            found = rule(topics, unit, at, ref)
    if found is not None or ref.kind not in (RefKind.CLAUSE, RefKind.ITEM):
        return found
    place = topics.target(ref)[0]
    habit = habit_fit(topics, unit, at, ref, place) if place is not None else None
    if place is None or habit is None or number_pair(unit.text, at, ref.raw):
        return None
    if in_list(unit.text, at, at + len(ref.raw)) and not topics.list_confirms(unit, at, ref, *habit):
        return None
    return place, *habit


def _topic_verdict(
    ctx: LintContext, topics: Topics, unit: Unit, at: int, ref: Ref
) -> tuple[Place, list[str], Place] | None:
    """The verdict by what the cited place and its neighbours say."""
    if compared_or_denied(unit.text, at, at + len(ref.raw), topics.vocab.prefixes):
        return None
    listed = in_list(unit.text, at, at + len(ref.raw))
    if number_pair(unit.text, at, ref.raw):
        return None
    place, near = topics.target(ref)
    if place is None:
        return None
    if ref.kind in (BATCH_REF, STEP_REF) and item_label_at(ctx, unit, at, ref):
        return None  # 「仅可读取批次」 at an item's end, then 「⑤ 报告内…」: the ⑤ labels the next item
    if ref.kind is STEP_REF:
        named = BRACKET_NAME.match(unit.text, _skip_spaces(unit.text, at + len(ref.raw))) is not None
        if (named or not listed) and not _temporal(unit.text, at, at + len(ref.raw)):
            step = step_topics.step_verdict(topics, unit.text, at, at + len(ref.raw), place, near)
            if isinstance(step, tuple):
                return place, *step
        owner = step_topics.step_subject(topics, unit, at, ref, place, near)
        return (place, *owner) if owner is not None else None
    if topics.gate_defined(unit, at, ref):
        return None  # the checklist itself cites this clause for this gate
    terms = topics.topic(unit, at, ref.raw)
    clause_text = topics.cited_text(ref)
    item_level = bool(ref.target_item) and ref.kind is ITEM_REF and unit.is_clause
    item_text = squash(place.text)
    verdict: str | tuple[list[str], Place] | None
    if item_level and all(topics.present(t, clause_text) and not topics.present(t, item_text) for t in terms):
        # the phrase names the clause's subject (or nothing), not which item: the sentence tells
        # the items apart — unless it mentions what the cited item is about
        wide = topics.topic(unit, at, ref.raw, wide=True)
        if topics.mentions_heading(place, wide, unit, at):
            return None
        verdict = _judge(topics, ref, place, near, [t for t in wide if t not in terms] or wide)
    else:
        nearest = topics.topic(unit, at, ref.raw, near=True)

        def whole() -> list[str]:
            return topics.topic(unit, at, ref.raw, wide=True)

        verdict = (
            _judge(topics, ref, place, near, nearest, sentence=whole) if nearest != terms else "unjudged"
        )
        if verdict == "unjudged":
            verdict = _judge(topics, ref, place, near, terms, sentence=whole)
    if not isinstance(verdict, tuple) and ref.kind is CLAUSE_REF and not ref.target_item:
        verdict = _named_sibling(topics, unit, at, ref)
    elif not isinstance(verdict, tuple) and ref.kind is ITEM_REF and ref.target_item:
        verdict = _named_item(topics, unit, at, ref, place, near)
    if not isinstance(verdict, tuple) and ref.kind in CLAUSE_OR_ITEM:
        verdict = _fit(topics, unit, at, ref)
    if not isinstance(verdict, tuple) and ref.kind in CLAUSE_OR_ITEM:
        verdict = citefit.sibling_margin(topics, unit, at, ref, related)
    if not isinstance(verdict, tuple) and ref.kind is CLAUSE_REF:
        verdict = citeowners.owner_sibling(topics, unit, at, ref)
    if not isinstance(verdict, tuple) and ref.kind in CLAUSE_OR_ITEM and topics.glossary(unit):
        head = entry_head(unit.text, at)
        if head in topics.vocab:
            verdict = _judge(topics, ref, place, near, [head])
    if not isinstance(verdict, tuple) and ref.kind is BATCH_REF:
        verdict = step_topics.batch_subject(topics, unit, at, ref, place, near)
    if not isinstance(verdict, tuple) and ref.kind is REGISTRY_REF:
        verdict = topics.registry_entry(unit, at, ref)
    if not isinstance(verdict, tuple):
        return None
    found, likely = verdict
    if listed and not topics.list_confirms(unit, at, ref, found, likely):
        return None
    return place, found, likely


LEAD_MARK = "‹"  # a lead word in the habit map, kept apart from the vocabulary's terms
_LEAD = re.compile(r"(?P<w>[\u4e00-\u9fff]{2})[依见于入按据在及与和]?[\s（(]*$")
RUN_MARK = "›"  # the words printed right before a citation in the habit map (:mod:`citebookhabit`)
RUN_WORDS = 4  # that many characters
_RUN_BEFORE = re.compile(rf"(?P<w>[\u4e00-\u9fff]{{{RUN_WORDS}}})[\s（(]*$")


@lru_cache(maxsize=16384)
def said_in(term: str, squashed: str) -> bool:
    """:meth:`Topics.present` (memoised: pure in its arguments; the topic verdict, the weighing judge and the
    list and sibling rules search the same few places' texts for the same citation's terms — 返航录: 14,491
    asks for 5,767 pairs)."""
    if term in squashed:
        return True
    if len(term) < 4:
        return False  # (no split leaves two words of two characters or more: most terms, no generator)
    return any(term[:k] in squashed and term[k:] in squashed for k in range(2, len(term) - 1))


@lru_cache(maxsize=8192)
def run_before(text: str, at: int) -> str | None:
    """The ``RUN_WORDS`` characters printed right before the citation at ``at`` (blanks and an opening
    bracket between), marked as the habit map files them, or None (memoised: the habit map, the book-habit and
    parallel rules read it for the same citation)."""
    m = _RUN_BEFORE.search(text, max(0, at - RUN_WORDS - 4), at)
    return RUN_MARK + m.group("w") if m is not None else None


def habit_fit(topics: Topics, unit: Unit, at: int, ref: Ref, place: Place) -> tuple[list[str], Place] | None:
    """The text's own citation habits (:mod:`ruleproof.lint.citehabits`) name a sibling of the cited place
    for a term of the phrase that the cited place never says."""
    terms = [t for t in topics.habit_terms(unit, at, ref.raw) if not t.startswith(RUN_MARK)]
    if not topics.habits.cited_elsewhere(terms, (unit.id, at)):
        return None  # (most citations: decided before the siblings are read)
    said, others = habit_places(topics, ref, place)
    siblings = [name for name in others if name != place.name and not related(name, unit.id)]
    habit = topics.habits.evidence(
        terms,
        place.name,
        siblings,
        # a lead word is two characters, said in passing everywhere: the place must be about it
        lambda t: topics.about(t[1:], place) if t.startswith(LEAD_MARK) else topics.present(t, said),
        (unit.id, at),
        lambda t, name: (
            topics.vocab.specific(t, STRONG_SHARE)
            and (topics.about(t, others[name]) if others[name].text else t in topics.title_names(name))
        ),
    )
    if habit is None:
        return None
    likely = others[habit.likely]
    text = likely.text or topics.places.clause_text(likely.name)
    return [habit.term.removeprefix(LEAD_MARK)], HabitualPlace(likely.name, text, habit.votes)


def habit_places(topics: Topics, ref: Ref, place: Place) -> tuple[str, dict[str, Place]]:
    """What the cited place says (an item with its clause's titles) and the places the habit map may name
    instead: the clause's other items, or the cited clause's sibling clauses (an item's text; a clause's
    is read when needed)."""
    cid = ref.target_clause or ""
    if ref.target_item and ref.kind is ITEM_REF:
        return squash(topics.ancestry(ref) + "。" + place.text), {p.name: p for p in topics.places.items(cid)}
    parent = cid.rpartition(".")[0]
    others = topics.sibling_places.get(parent)
    if others is None:  # (memoised per parent: ~950 calls a lint ask the same few families)
        others = topics.sibling_places[parent] = {
            c: Place(c, "") for c in topics.children(parent) if "." in c
        }
    return squash(place.text), others


_VERBATIM = 6  # this many characters of the citing phrase found at the cited clause: it says them


def _annotates(text: str, at: int, raw: str) -> bool:
    """A bracket of this one citation right after a phrase of a list (「、工程师追加维修（4.3.3）、」): the
    phrase says what is cited, and the rest of the sentence is about the list's other members."""
    end = at + len(raw)
    return (
        text[at - 1 : at] in ("（", "(")
        and text[end : end + 1] in ("）", ")")
        and (text[end + 1 : end + 2] in ("、", "，") or text[max(0, at - 12) : at].count("、") > 0)
    )


def _named_sibling(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """A clause citation whose phrase names a sibling's subject — a head word of the sibling's title
    that the cited clause's titles (its own and its sub-clauses') lack — while the citing sentence
    names nothing of the cited clause's titles: 「警长双发 4.3」 (4.3 is 工程师, 4.4 警长), 「以实际执行救援为条件
    （4.6.2）」 (4.6.2 is 治疗额度, 4.6.1 救援额度).  Titles are what a clause is about and what tells it
    from its siblings; the text a clause merely mentions (工程师 sections name 警长 in passing) is not."""
    cid = ref.target_clause or ""
    parent = cid.rpartition(".")[0]
    if not parent:
        return None
    siblings = [c for c in topics.children(parent) if c != cid]
    if not siblings:
        return None
    own = topics.title_names(cid)
    phrase = squash(topics.window(unit, at, ref.raw))
    if not any(t in phrase for t in topics.names_of_siblings(cid, unit.id)):
        return None  # the phrase names no sibling (most citations: decided before the costlier tests)
    names = {c: topics.title_names(c) for c in siblings}
    sentence = (
        phrase if _annotates(unit.text, at, ref.raw) else squash(topics.window(unit, at, ref.raw, wide=True))
    )
    cited = topics.cited_text(ref)
    words = "".join(CJK_RUN.findall(phrase))
    if any(words[i : i + _VERBATIM] in cited for i in range(len(words) - _VERBATIM + 1)):
        return None  # the cited clause states the phrase in its words (「当夜不能击杀∕蛰伏∕自我治疗」)
    own_titles = topics.family_titles(cid)
    terms = topics.topic(unit, at, ref.raw)
    scored: list[tuple[int, int, str, list[str]]] = []
    for k, sib in enumerate(siblings):
        if sib == unit.id:
            continue  # a clause is never the likely target of its own citation
        sib_text = squash(topics.places.clause_text(sib))
        heads = topics.title_heads(sib)
        hits = [
            t
            for t in topics.sibling_names(sib) - own
            if t in phrase
            and sib_text.count(t) >= 3 * cited.count(t)
            and (
                t in heads or cited.count(t) == 0
            )  # a part of a head (救援 of 救援额度) the cited never says
            and not topics.present(t, own_titles)  # 「目标限制」 in 5.6.3 「出刀目标不受阵营限制」
        ]
        if not hits:
            continue
        if not set(hits) & heads and any(topics.present(t, cited) for t in terms):
            continue  # only a part of the sibling's head, while the cited clause says the phrase's terms
        # the sentence names the cited clause's subject (not inside the sibling's own words: 「追加维修」
        # names 4.3.3, not 4.3.2 维修)
        rest = sentence
        for t in sorted(names[sib] - own, key=len, reverse=True):
            rest = rest.replace(t, "。")
        if any(t in rest for t in own):
            return None
        if any(topics.present(t, cited) and not topics.present(t, sib_text) for t in terms):
            continue  # the phrase also says something only the cited clause says
        scored.append((len(hits), -k, sib, sorted(hits)))
    if not scored:
        return None
    scored.sort(reverse=True)
    if len(scored) > 1 and scored[1][0] == scored[0][0]:
        return None  # two siblings are named alike: no telling which was meant
    _n, _k, sib, hits = scored[0]
    return hits, Place(sib, topics.places.clause_text(sib))


_ITEM_HEAD = re.compile(r"^\s*[①-⑳]?\s*(?P<head>[\u4e00-\u9fff·\d]{2,12}?)\s*(?:[：:⸺〔（(＝]|【)")


def item_heads(topics: Topics, place: Place) -> frozenset[str]:
    """The heading of an item (「⑥ 封锁：…」「④ 疫苗抗体⸺…」), whole: a word inside a heading
    (「层序」 in 2.8.2⑧ 「毒药的层序」) is what the item says something about, not what tells it apart."""
    return _heads_of(place.text)


@lru_cache(maxsize=8192)
def _heads_of(text: str) -> frozenset[str]:
    """:func:`item_heads` of a place's text (memoised: pure in it; the verdicts ask for the same few items'
    headings for every citation of their clause — 返航录: 2,050 asks for 518 texts)."""
    m = _ITEM_HEAD.match(body_text(text))
    if m is None:
        return frozenset()
    head = m.group("head").strip("·")
    return frozenset({head}) if len(head) >= 2 else frozenset()


def _named_item(
    topics: Topics, unit: Unit, at: int, ref: Ref, place: Place, near: list[Place]
) -> tuple[list[str], Place] | None:
    """An item citation whose phrase names another item's heading (「④ 疫苗抗体⸺…」) that the cited
    item lacks, while the sentence names nothing of the cited item's heading: the items of one
    clause are told apart by their headings as clauses are by their titles."""
    own = item_heads(topics, place)
    phrase = squash(topics.window(unit, at, ref.raw))
    sentence = (
        phrase if _annotates(unit.text, at, ref.raw) else squash(topics.window(unit, at, ref.raw, wide=True))
    )
    cited = squash(body_text(place.text))
    terms = topics.topic(unit, at, ref.raw)
    words = "".join(CJK_RUN.findall(phrase))
    if any(words[i : i + _VERBATIM] in cited for i in range(len(words) - _VERBATIM + 1)):
        return None
    scored: list[tuple[int, int, Place, list[str]]] = []
    for k, other in enumerate(near):
        heads = item_heads(topics, other) - own
        other_text = squash(body_text(other.text))
        hits = [t for t in heads if t in phrase and other_text.count(t) >= 3 * cited.count(t)]
        if not hits:
            continue
        if any(topics.present(t, cited) and not topics.present(t, other_text) for t in terms):
            continue  # the phrase also says something only the cited item says
        rest = sentence
        for t in sorted(heads, key=len, reverse=True):
            rest = rest.replace(t, "。")
        if any(t in rest for t in own):
            return None  # the sentence names the cited item's heading too
        scored.append((len(hits), -k, other, sorted(hits)))
    if not scored:
        return None
    scored.sort(key=lambda sc: (sc[0], sc[1]), reverse=True)
    if len(scored) > 1 and scored[1][0] == scored[0][0]:
        return None
    return scored[0][3], scored[0][2]


def item_label_at(ctx: LintContext, unit: Unit, at: int, ref: Ref) -> bool:
    """Whether the label of a batch or step citation is where an item of the citing clause starts."""
    clause = ctx.clause(unit.id) if unit.is_clause else None
    if clause is None:
        return False
    end = at + len(ref.raw)
    return any(at < it.offset < end for it in clause.items)


def topic_finding(unit: Unit, ref: Ref, at: int, place: Place, terms: list[str], likely: Place) -> Finding:
    from ruleproof.lint.citeshape import ShapedPlace, finding  # (it reads this module's places)

    if isinstance(likely, ShapedPlace) and not likely.name:
        return finding(unit, ref, at, place, terms, likely)
    shown = "、".join(terms[:4])
    if isinstance(likely, ExplainedPlace):
        zh, en = likely.explain(ref.raw, place.name, shown)
    elif isinstance(likely, HabitualPlace):
        zh, en = cites_renumbered(
            ref.raw,
            f"此处讲「{shown}」；全文另有 {likely.votes} 处就「{shown}」引用 {likely.name}，"
            f"从未引用 {place.name}，而 {place.name} 并不讲这些",
            f"the sentence is about '{shown}'; the text cites {likely.name} for it "
            f"{likely.votes} times elsewhere and never {place.name}, which is not about it",
        )
    else:
        zh, en = cites_renumbered(
            ref.raw,
            f"此处讲「{shown}」，而 {place.name} 中没有这些内容；{likely.name} 才讲这些",
            f"the sentence is about '{shown}', which {place.name} never mentions; {likely.name} does",
        )
    return TOPIC.finding(
        unit.id,
        ref.line,
        zh,
        en,
        clip(unit.text[max(0, at - 16) : at + len(ref.raw) + 4], 40),
        related=[(likely.name, None)],
        extra={
            "target": place.name,
            "likely": likely.name,
            "terms": terms[:6],
            "kind": ref.kind.value,
            **({"habit_votes": likely.votes} if isinstance(likely, HabitualPlace) else {}),
        },
    )


def _skip_spaces(text: str, i: int) -> int:
    while i < len(text) and text[i] in " \u3000":
        i += 1
    return i


QUOTE_SHARE = 0.5  # of a quotation's two-character words the cited place must say (paraphrases pass)


def _says(text: str, needle: str) -> bool:
    """The place says the quoted words: verbatim, or most of their two-character words (a quotation
    that reorders or shortens the source, 「决策并行、结算串行」, is still a quotation of it)."""
    squashed = squash(text)
    if needle in squashed:
        return True
    words = {needle[i : i + 2] for i in range(len(needle) - 1)}
    return bool(words) and sum(w in squashed for w in words) / len(words) >= QUOTE_SHARE


_QUOTED_AFTER = re.compile(r"\s*「(?P<q>[^「」]{2,60})」")
_QUOTED_BEFORE = re.compile(r"「(?P<q>[^「」]{2,60})」\s*$")


def _quotes(ctx: LintContext, topics: Topics) -> Iterator[Finding]:
    everywhere = {u.id: squash(u.text) for u in ctx.units_outside_log()}
    for ref in ctx.doc.refs():
        if ref.kind not in CLAUSE_OR_ITEM or ref.quoted or ref.context == "tag":
            continue
        unit = _citing_unit(ctx, ref)
        if unit is None:
            continue
        at = topics.locate(unit, ref)
        if at is None:
            continue
        text = unit.text
        m = _QUOTED_AFTER.match(text, at + len(ref.raw))
        if m is None:
            before = _QUOTED_BEFORE.search(
                text, max(0, at - 64), at - (1 if text[at - 1 : at] in "（(" else 0)
            )
            if before is None or text[max(0, at - 1) : at] not in "（(":
                continue
            m = before
        quoted = m.group("q")
        needle = squash(quoted)
        if (len(needle) < MIN_QUOTE and needle not in topics.vocab) or ref.target_clause is None:
            continue
        place, _near = topics.target(ref)
        if place is None or _says(place.text, needle):
            continue
        if ref.target_item is None and _says(topics.places.clause_text(ref.target_clause), needle):
            continue
        found = [u for u, t in everywhere.items() if needle in t and u != unit.id]
        where = "、".join(found[:3])
        zh_tail = f"；该原文见于 {where}" if found else "；全文找不到该原文（或已改写）"
        en_tail = (
            f"; the words are in {where}" if found else "; the words are nowhere in the text (reworded?)"
        )
        yield QUOTE.finding(
            unit.id,
            ref.line,
            f"引用 {ref.raw} 并引述「{quoted}」，但 {place.name} 中没有{'这个词' if len(needle) < MIN_QUOTE else '这句话'}{zh_tail}",
            f"cites {ref.raw} quoting '{quoted}', but {place.name} does not say it{en_tail}",
            clip(text[max(0, at - 4) : m.end()], 50),
            related=[(u, None) for u in found[:3]],
            extra={"target": place.name, "quote": quoted, "found_in": found[:5]},
        )


FIT_MIN = 2


def _fit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    place, near = topics.target(ref)
    if place is None or not near:
        return None
    phrase = topics.window(unit, at, ref.raw)
    words = set(topics.vocab.terms(phrase))
    if not words:
        return None  # (decided before the group's texts are read)
    group = [place, *near]
    if ref.kind is CLAUSE_REF and not ref.target_item:
        texts = [squash(topics.places.clause_text(p.name)) for p in group]
    else:
        texts = [squash(body_text(p.text)) for p in group]
    holders = {w: [i for i, t in enumerate(texts) if w in t] for w in words}
    if any(0 in h and len(h) <= max(1, len(group) // 2) for h in holders.values()):
        return None
    ev = [[w for w in words if holders[w] == [i]] for i in range(len(group))]
    own = unit.id
    order = sorted(
        (i for i in range(1, len(group)) if not related(group[i].name, own)),
        key=lambda i: len(ev[i]),
        reverse=True,
    )
    if not order:
        return None
    best = order[0]
    if len(ev[best]) < FIT_MIN or (len(order) > 1 and len(ev[order[1]]) == len(ev[best])):
        return None
    return sorted(ev[best]), group[best]


# The verdict chain's rule modules read this module's places and helpers, so they import this module: they are
# bound here, once it is complete, rather than by an import statement in each call of the chain (~1.5 µs each,
# ~14,000 a lint of 返航录).  A module imported first still works: its partial entry in sys.modules is bound.
# A hook appended to the chain may import its function inside the chain as the last block does; listing its
# module here instead saves that import on every judged citation.
from ruleproof.lint import (  # noqa: E402
    citeafter,
    citeattach,
    citeauthority,
    citebookhabit,
    citecarry,
    citeconsistency,
    citedeferral,
    citefit,
    citegloss,
    citegoverned,
    citejudge,
    citelists,
    citenamed,
    citeowners,
    citeparallel,
    citeprinted,
    citeprofile,
    citerestate,
    citeshape,
    citesubject,
    citetitled,
    citewords,
    headwords,
    itemdenied,
    itemsubject,
    itemwords,
    rowheads,
    rowweigh,
    step_topics,
)

_Verdict = tuple[Place, list[str], Place]
_Rule = Callable[[Topics, Unit, int, Ref], _Verdict | None]

# The verdict chain after the topic verdict, in the order tried (the first answer wins): the citation kinds each
# rule judges and the rule.  A new rule is one row here (and its module in the import above).
_CHAIN: tuple[tuple[tuple[RefKind, ...], _Rule], ...] = (
    (CLAUSE_OR_ITEM, headwords.head_verdict),
    (CLAUSE_OR_ITEM, citeowners.glossary_title),
    (CLAUSE_OR_ITEM, citewords.word_verdict),
    (CLAUSE_OR_ITEM, rowheads.row_verdict),
    ((CLAUSE_REF,), citeshape.listed_twice),
    (CLAUSE_OR_ITEM, citelists.shape_verdict),
    ((CLAUSE_REF,), citeshape.labelled_verdict),
    (CLAUSE_OR_ITEM, citerestate.restated_verdict),
    (CLAUSE_OR_ITEM, citeprofile.profile_verdict),
    (CLAUSE_OR_ITEM, citeattach.attach_verdict),
    (CLAUSE_OR_ITEM, citegoverned.governed_verdict),
    (CLAUSE_OR_ITEM, citeauthority.authority_verdict),
    (CLAUSE_OR_ITEM, itemsubject.subject_verdict),
    (CLAUSE_OR_ITEM, citeprinted.printed_verdict),
    ((CLAUSE_REF,), citelists.list_verdict),
    ((CLAUSE_REF,), citedeferral.deferral_verdict),
    (CLAUSE_OR_ITEM, citegloss.gloss_verdict),
    ((ITEM_REF,), citeconsistency.sublabel_evidence),
    (CLAUSE_OR_ITEM, citeconsistency.colist_evidence),
    (CLAUSE_OR_ITEM, citeconsistency.summary_evidence),
    ((CLAUSE_REF,), citeconsistency.glossary_evidence),
    (CLAUSE_OR_ITEM, citeconsistency.order_evidence),
    (CLAUSE_OR_ITEM, citeconsistency.rows_evidence),
    (CLAUSE_OR_ITEM, citebookhabit.book_habit_verdict),
    # the same phrase before a sibling in other clauses: the book-habit key read longer, fewer votes
    (CLAUSE_OR_ITEM, citeparallel.parallel_verdict),
    ((STEP_REF, BATCH_REF), rowweigh.weigh_verdict),
    (CLAUSE_OR_ITEM, citeafter.after_verdict),
    # a precise title rule, after every other precise rule and before the weighing judge
    ((CLAUSE_REF,), citetitled.titled_verdict),
    # the same title evidence, from a name not glued to the citation (before 依∕属∕见…, an item's heading): after
    # the glued reading, which is the more precise, and before the weighing judge, which reads no titles
    ((CLAUSE_REF,), citenamed.named_verdict),
    # the same title evidence, from any word of the citing sentence part: weaker, so after the readings of the
    # words glued to the citation, and before the weighing judge, which reads no titles
    ((CLAUSE_REF,), citesubject.subject_verdict),
    # the same reading for an item citation: the words of the part that one sibling item alone says (its
    # heading, or a run of its text verbatim); before the weighing judge, which reads no headings
    ((ITEM_REF,), itemwords.words_verdict),
    # an item citation whose item's heading denies what the part affirms (「受沉默封锁」 citing 「明文豁免清单（不受
    # 封锁）」), one sibling's heading affirming it: after the word reading, before the weighing judge
    ((ITEM_REF,), itemdenied.denied_verdict),
    # the same title evidence from nearby: the part before the citation's own when that one names nothing, and
    # a glued term's head among sub-clause titles — after the readings of the citation's own words
    ((CLAUSE_REF,), citecarry.carried_verdict),
    ((CLAUSE_REF,), citecarry.family_titled_verdict),
    # the citation's own part names two siblings, neither the cited place, which says neither word
    ((CLAUSE_REF,), citecarry.pair_verdict),
    (CLAUSE_OR_ITEM, citejudge.judge_verdict),
)
