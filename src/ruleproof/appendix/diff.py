"""Printed appendix vs generated appendix: each printed line that disagrees with the body is a finding.

Lines are aligned by what they are about — a term, a role, a step, a key point — never by position.
For each aligned pair:

* every **fact** of the generated line (a number read from the body through a spec param) is looked for
  in the printed line by the words around it (the generated wording's, then the body phrase's); a
  printed number that differs is a ``appendix-mismatch``, and so is a scope word that contradicts the
  body's (「永久占位」 where the body says 「存活占位制」; 「每夜」 where it says 「全局」);
* a **chain** the line restates (「保护→巡逻→护甲→护盾」) is compared with the spec's order: a layer
  missing or out of order is a mismatch;
* a **step** printed next to a skill (「安全室（…步骤 3）」) must be one of that skill's steps;
* the **batches** a step row lists (circled labels outside brackets) must be the ones it publishes;
* in a glossary entry, every quantity with a unit must be one the defining clause or a clause the entry
  cites states with that unit (glossary entries reword the body, so they are compared by value);
* what the generated line states and the printed one does not (a quota, a skill by name) is one
  ``appendix-fact-missing`` note per line.

A generated line with no printed counterpart is ``appendix-entry-missing``; a printed line the body
no longer backs (a term whose defining clause is gone, a role or step the spec does not have) is
``appendix-entry-unbacked``; a rule the spec can only take from the appendix itself is
``appendix-unbacked-rule``.  Every finding sits at the printed line and quotes it, and names the body
clause and line it disagrees with (``related``, and ``extra``: ``body_clause``, ``body_line``,
``body_quote``, ``generated``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from ruleproof.appendix.build import subtree
from ruleproof.appendix.model import AppendixDef, Entry, Fact, Table, Which
from ruleproof.appendix.printed import CITE_ID, Printed, PrintedAppendix, cited, locate, read_rows
from ruleproof.findings import Finding, Severity
from ruleproof.lint.base import CheckInfo, clip
from ruleproof.text.model import Document

_ADVICE = "以正文为准改正附录此行（或以 ruleproof appendix 生成的附录整体替换）；若正文才是笔误，改正文。"
_ADVICE_EN = "Correct the appendix line from the body (or replace the appendix with the generated one); if the body is wrong, fix the body."


def _info(check: str, severity: Severity, title: str, title_en: str, rule: str, rule_en: str) -> CheckInfo:
    return CheckInfo(check, "appendix", severity, title, title_en, rule, rule_en, _ADVICE, _ADVICE_EN)


CHECKS: tuple[CheckInfo, ...] = (
    _info(
        "appendix-mismatch",
        Severity.WARNING,
        "附录复述与正文不符",
        "appendix line disagrees with the body",
        "附录只作速查、定义以正文为准（附录一导语）：附录所列数值、次序、步骤与批次须与正文一致。",
        "The appendices restate the body (附录一: definitions follow the body): their numbers, orders, steps and batches must agree.",
    ),
    _info(
        "appendix-entry-missing",
        Severity.WARNING,
        "附录缺少正文已有的条目",
        "appendix lacks an entry the body has",
        "由正文生成的附录有此条目（术语∕职业∕步骤∕要点），印行的附录没有。",
        "The appendix generated from the body has this entry (term, role, step, key point); the printed one does not.",
    ),
    _info(
        "appendix-entry-unbacked",
        Severity.WARNING,
        "附录条目在正文中已无出处",
        "appendix entry the body no longer backs",
        "附录条目须对应正文条款；其所据条款不在正文中，或规格无此职业∕步骤∕术语。",
        "Every appendix entry must correspond to a body clause; this one's clause is gone or the spec has no such role, step or term.",
    ),
    _info(
        "appendix-unbacked-rule",
        Severity.WARNING,
        "附录所述规则正文未载",
        "appendix states a rule the body does not",
        "附录不另设规则（附录一导语）：附录所述口径须能在正文条款中找到。",
        "An appendix sets no rule of its own: what it states must be found in a body clause.",
    ),
    _info(
        "appendix-fact-missing",
        Severity.NOTE,
        "附录未载正文所定之事项",
        "appendix line omits what the body states",
        "由正文生成的此行载有下列数值或技能，印行的此行未载（速查可省略，列出供核对）。",
        "The line generated from the body states these numbers or skills; the printed line does not (a quick reference may omit them; listed for review).",
    ),
    _info(
        "appendix-missing",
        Severity.WARNING,
        "规则书缺少附录",
        "the rulebook lacks an appendix",
        "该书的附录配置列有此附录，文中却找不到。",
        "The book's profile lists this appendix but the text has none.",
    ),
)
INFO = {c.id: c for c in CHECKS}

NUM = r"\d+(?:\.\d+)?"
_BOUNDARY = "，,；;。：:、⸺"
_SERIES_SEP = r"\s*[、，,~〜～]\s*"
_PAIRED = "~〜～∕/"  # a one-character context that still pins a number: the other end of a range or list
# scope words of a quantity that contradict each other (P0-1 of the revision log: 「每夜 1 次」 vs 「全局 2 次」)
SCOPES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("每夜", "每晚", "每昼夜"), ("全局", "全场", "整局", "每局", "终身")),
    (("永久",), ("存活",)),
)


@dataclass(frozen=True)
class Hit:
    numbers: tuple[Decimal, ...]
    raw: str
    start: int
    end: int
    at: int  # where the number itself starts


def _ws(text: str) -> str:
    return r"\s*".join(re.escape(ch) for ch in text if not ch.isspace())


def _left(text: str) -> str:
    """The words right before a number: after the last separator (or the separator itself when nothing
    follows it, 「免疫，」), at most six characters."""
    flat = "".join(text.split())
    cut = max((flat.rfind(ch) for ch in _BOUNDARY), default=-1)
    tail = flat[cut + 1 :]
    return (tail or flat)[-6:]


def _right(text: str) -> str:
    flat = "".join(text.split())
    cut = min((i for i in (flat.find(ch) for ch in _BOUNDARY) if i >= 0), default=len(flat))
    return flat[:cut][:2]


@lru_cache(maxsize=4096)
def _pattern(text: str) -> re.Pattern[str]:
    """``text`` compiled, kept.  A diff of the bundled 返航录 builds some 550 distinct patterns (a fact's
    frames × the number's shape); :mod:`re`'s own cache keeps 512, so each text's diff recompiled nearly
    all of them (the appendix stage's largest cost)."""
    return re.compile(text)


def _expand(raw: str) -> tuple[Decimal, ...]:
    """「1、3、5」 → 1, 3, 5; 「1~3」 → 1, 2, 3."""
    out: list[Decimal] = []
    for part in _pattern(r"\s*[、，,]\s*").split(raw):
        ends = _pattern(r"\s*[~〜～]\s*").split(part)
        nums = [Decimal(e) for e in ends if _pattern(NUM).fullmatch(e)]
        if len(nums) == 2 and all(n == n.to_integral_value() for n in nums) and nums[0] <= nums[1]:
            out.extend(Decimal(v) for v in range(int(nums[0]), int(nums[1]) + 1))
        else:
            out.extend(nums)
    return tuple(out)


def find_fact(text: str, fact: Fact) -> tuple[list[Hit], int]:
    """Where ``fact`` is printed in ``text``: the matches of its most specific frame that occurs, and how
    many characters of context that frame has (a longer one wins a place two facts both match)."""
    number = (
        rf"(?<![\d.])({NUM}(?:{_SERIES_SEP}{NUM})*)(?!\.\d)"
        if fact.series
        else rf"(?<![\d.])({NUM})(?!\.?\d)"
    )
    for left_text, right_text in fact.frames:
        left, right = _left(left_text), _right(right_text)
        options = sorted(
            (
                (k, j)
                for k in range(len(left), 0, -1)
                for j in range(len(right), -1, -1)
                if k >= 2 or j >= 1 or left[-1:] in _PAIRED
            ),
            key=lambda kj: (-(kj[0] + kj[1]), -kj[0]),
        )
        for k, j in options:
            pattern = (
                _ws(left[len(left) - k :])
                + r"\s*[（(：:＝=为]?\s*[+＋−\-]?\s*"
                + number
                + (r"\s*" + _ws(right[:j]) if j else "")
            )
            hits = [
                Hit(
                    _expand(m.group(1)) if fact.series else (Decimal(m.group(1)),),
                    m.group(),
                    m.start(),
                    m.end(),
                    m.start(1),
                )
                for m in _pattern(pattern).finditer(text)
            ]
            if hits:
                return hits, k + j
    return [], 0


def _expected(fact: Fact) -> tuple[Decimal, ...]:
    return tuple(Decimal(n) for n in fact.numbers)


def _agrees(fact: Fact, hit: Hit) -> bool:
    want = _expected(fact)
    return set(hit.numbers) == set(want) if fact.series else hit.numbers[:1] == want[:1]


def _scope_conflict(window: str, reference: str) -> tuple[str, str] | None:
    """(printed word, body word) when the printed window's scope contradicts the body's."""
    for a, b in SCOPES:
        for mine, theirs in ((a, b), (b, a)):
            have = next((w for w in mine if w in window), None)
            other = next((w for w in theirs if w in reference), None)
            if have and other and not any(w in reference for w in mine):
                return have, other
    return None


def _window(text: str, start: int) -> str:
    head = text[max(0, start - 12) : start]
    cut = max((head.rfind(ch) for ch in _BOUNDARY), default=-1)
    return head[cut + 1 :]


class _Differ:
    def __init__(self, doc: Document, adef: AppendixDef, table: Table, printed: PrintedAppendix) -> None:
        self.doc = doc
        self.adef = adef
        self.table = table
        self.printed = printed
        self.out: list[Finding] = []
        self.appendix = printed.appendix.name

    # ── findings ─────────────────────────────────────────────────────────────────────────────
    def emit(
        self,
        check: str,
        p: Printed | None,
        offset: int | None,
        message: str,
        message_en: str,
        quote: str,
        body: tuple[str | None, int | None, str] = (None, None, ""),
        entry: Entry | None = None,
        severity: Severity | None = None,
    ) -> None:
        line = (
            self.printed.line_of(p.start + offset)
            if p is not None and offset is not None
            else (p.line if p is not None else self.printed.appendix.line)
        )
        clause, body_line, body_quote = body
        extra = {
            "appendix": self.appendix,
            "which": self.table.which.value,
            "entry": entry.name if entry else (p.name if p else ""),
            "body_clause": clause,
            "body_line": body_line,
            "body_quote": body_quote,
            "generated": entry.text() if entry else "",
        }
        self.out.append(
            INFO[check].finding(
                self.appendix,
                line,
                message,
                message_en,
                clip(quote, 80),
                related=[(clause, body_line)] if clause else [],
                extra=extra,
                severity=severity,
            )
        )

    # ── the comparison ───────────────────────────────────────────────────────────────────────
    def run(self) -> list[Finding]:
        self.align(self.table.entries, self.printed.entries, kind="entry")
        if self.table.notes:
            self.align(self.table.notes, self.printed.notes, kind="note")
        for problem in self.table.problems:
            at = self._problem_printed(problem.entry)
            self.emit(
                problem.check,
                at,
                0,
                problem.message + self._where(at),
                problem.message_en,
                at.text if at is not None else problem.quote,
                (problem.clause, problem.line, problem.quote),
            )
        return self.out

    def _problem_printed(self, name: str) -> Printed | None:
        for p in (*self.printed.notes, *self.printed.entries):
            if name in p.text or p.name in name:
                return p
        return None

    @staticmethod
    def _where(p: Printed | None) -> str:
        return "" if p is None else f"；附录此处写作「{clip(p.text, 60)}」"

    def align(self, generated: Sequence[Entry], printed: Sequence[Printed], kind: str) -> None:
        by_key: dict[str, list[Printed]] = {}
        for p in printed:
            for k in p.keys:
                by_key.setdefault(k, []).append(p)
        for entry in generated:
            rows = by_key.get(entry.key, [])
            if not rows:
                self.emit(
                    "appendix-entry-missing",
                    None,
                    None,
                    f"{self.appendix}缺少「{entry.name}」一{'条' if kind == 'entry' else '项要点'}：正文 {entry.clause} 有之"
                    f"（生成：「{clip(entry.text(), 50)}」）",
                    f"{self.appendix} has no line for {entry.name} ({entry.clause} has it)",
                    entry.name,
                    (entry.clause, entry.line, entry.name),
                    entry,
                )
                continue
            i = list(printed).index(rows[0])
            self.compare(entry, rows[0], [printed[j] for j in (i - 1, i + 1) if 0 <= j < len(printed)])
        for p in printed:
            if not p.keys:
                self.unbacked(p)

    def unbacked(self, p: Printed) -> None:
        cites = cited(p.text)
        absent = [c for c, _items in cites if c not in self.doc.clauses]
        if absent:
            why = f"其所引条款 {'、'.join(dict.fromkeys(absent))} 不在正文中"
            why_en = f"the clause it cites ({', '.join(dict.fromkeys(absent))}) is not in the text"
        else:
            why = "正文与规格中均无此条目（术语未在正文条款中定义，或无此职业∕步骤）"
            why_en = "neither the body nor the spec has it"
        self.emit(
            "appendix-entry-unbacked",
            p,
            0,
            f"{self.appendix}的「{p.name}」在正文中已无出处：{why}",
            f"{self.appendix} entry {p.name}: {why_en}",
            p.text,
            (absent[0] if absent else None, None, p.name),
        )

    def compare(self, entry: Entry, p: Printed, near: Sequence[Printed] = ()) -> None:
        """Compare ``entry`` with its printed line ``p``; ``near``: the printed lines around it, where
        the PDF may have displaced a cell of this row (found there only when it agrees)."""
        missing: list[str] = []
        found = {id(f): find_fact(p.text, f) for f in entry.facts}
        best: dict[int, int] = {}
        for hits, score in found.values():
            for h in hits:
                best[h.at] = max(best.get(h.at, 0), score)
        for fact in entry.facts:
            hits, score = found[id(fact)]
            hits = [h for h in hits if best.get(h.at, 0) <= score]
            if not hits:
                if not any(any(_agrees(fact, h) for h in find_fact(q.text, fact)[0]) for q in near):
                    missing.append(f"{fact.shown}（{fact.value.clause}「{fact.value.quote}」）")
                continue
            if not any(_agrees(fact, h) for h in hits):
                h = hits[0]
                shown = "、".join(format(n, "f") for n in h.numbers)
                self.emit(
                    "appendix-mismatch",
                    p,
                    h.start,
                    f"{self.appendix}「{entry.name}」写「{h.raw.strip()}」（{shown}），正文 {fact.value.clause} 为"
                    f"「{fact.value.quote}」（{fact.shown}）",
                    f"{self.appendix} {entry.name}: printed {shown}, body {fact.value.clause} says {fact.shown}",
                    p.text[max(0, h.start - 12) : h.end + 4],
                    (fact.value.clause, fact.value.line, fact.value.quote),
                    entry,
                )
                continue
            good = next(h for h in hits if _agrees(fact, h))
            reference = "".join(fr[0] for fr in fact.frames) + fact.value.quote
            conflict = _scope_conflict(_window(p.text, good.start), reference)
            if conflict is not None:
                printed_word, body_word = conflict
                self.emit(
                    "appendix-mismatch",
                    p,
                    good.start,
                    f"{self.appendix}「{entry.name}」写「{_window(p.text, good.start)}{good.raw.strip()}」，作「{printed_word}」；"
                    f"正文 {fact.value.clause} 为「{fact.value.quote}」，作「{body_word}」",
                    f"{self.appendix} {entry.name}: printed '{printed_word}', body {fact.value.clause} says '{body_word}'",
                    p.text[max(0, good.start - 12) : good.end + 4],
                    (fact.value.clause, fact.value.line, fact.value.quote),
                    entry,
                )
        for what, names, clause in entry.mentions:
            if not any(n in q.text for q in (p, *near) for n in names):
                missing.append(f"{what}（{clause}）")
        self.chains(entry, p)
        self.steps(entry, p)
        self.marks(entry, p)
        if self.table.which is Which.GLOSSARY:
            self.quantities(entry, p)
        if missing:
            self.emit(
                "appendix-fact-missing",
                p,
                0,
                f"{self.appendix}「{entry.name}」未载正文所定之：{'；'.join(missing)}",
                f"{self.appendix} {entry.name} omits: {'; '.join(missing)}",
                p.text,
                (entry.clause, entry.line, entry.name),
                entry,
            )

    def chains(self, entry: Entry, p: Printed) -> None:
        for chain in entry.chains:
            m = _pattern(r"「([^」]*→[^」]*)」").search(p.text) or _pattern(r"[^；。：]*→[^；。]*").search(
                p.text
            )
            if m is None:
                continue
            printed_chain = m.group(1) if m.re.groups else m.group()
            names = sorted(((n, key) for key, ns in chain.members for n in ns), key=lambda x: -len(x[0]))
            pattern = re.compile("|".join(re.escape(n) for n, _k in names))
            lookup = dict(names)
            order = [lookup[x.group()] for x in pattern.finditer(printed_chain)]
            want = [k for k, _ns in chain.members]
            lacking = [ns[0] for k, ns in chain.members if k not in order]
            seq = [k for k in dict.fromkeys(order) if k in want]
            wrong = seq != sorted(seq, key=want.index)
            if lacking or wrong:
                spec_chain = "→".join(ns[0] for _k, ns in chain.members)
                why = (f"缺「{'、'.join(lacking)}」" if lacking else "") + ("；次序不同" if wrong else "")
                self.emit(
                    "appendix-mismatch",
                    p,
                    m.start(),
                    f"{self.appendix}「{entry.name}」所列层序「{printed_chain}」与 {chain.clause} 不符（{why}）："
                    f"规格依 {chain.clause} 为「{spec_chain}」",
                    f"{self.appendix} {entry.name}: the order '{printed_chain}' differs from {chain.clause} ({spec_chain})",
                    printed_chain,
                    (chain.clause, _clause_line(self.doc, chain.clause), chain.quote),
                    entry,
                )

    def steps(self, entry: Entry, p: Printed) -> None:
        for names, clause, allowed in entry.steps:
            for name in names:
                for m in _pattern(
                    re.escape(name) + r"（?([^；。，（）]{0,12}?)步骤\s*(\d+(?:\.\d+)?[ab]?)"
                ).finditer(p.text):
                    step = m.group(2)
                    if step in allowed:
                        continue
                    self.emit(
                        "appendix-mismatch",
                        p,
                        m.start(),
                        f"{self.appendix}「{entry.name}」写「{m.group()}」，而{name}依 {clause} 于"
                        f"{'∕'.join(allowed)}结算（2.1.1）",
                        f"{self.appendix} {entry.name}: {name} printed at step {step}; the spec has {'/'.join(allowed)}",
                        m.group(),
                        (clause, _clause_line(self.doc, clause), name),
                        entry,
                    )

    def marks(self, entry: Entry, p: Printed) -> None:
        is_note = entry in self.table.notes
        if not entry.marks and not entry.unbacked_marks and (self.table.which is not Which.FLOW or is_note):
            return
        printed = _top_level_marks(p.text, skip_first=is_note)
        unbacked = [m for m in dict.fromkeys(printed) if m in entry.unbacked_marks]
        if unbacked:
            labels = "".join(unbacked)
            self.emit(
                "appendix-unbacked-rule",
                p,
                p.text.find(unbacked[0]),
                f"{self.appendix}「{entry.name}」就批次{labels}另立发布口径，正文未载：{entry.marks_clause} 只就"
                f"{''.join(entry.marks)}明文规定（规格此口径只能取自{entry.unbacked_source}本身）",
                f"{self.appendix} {entry.name}: the rule for batches {labels} is stated by no body clause "
                f"({entry.marks_clause} states it for {''.join(entry.marks)} only)",
                p.text,
                (entry.marks_clause, _clause_line(self.doc, entry.marks_clause), "".join(entry.marks)),
                entry,
            )
        printed = [m for m in printed if m not in entry.unbacked_marks]
        want = set(entry.marks)
        if set(printed) == want:
            return
        extra = [m for m in printed if m not in want]
        lacking = [m for m in entry.marks if m not in printed]
        parts = []
        if lacking:
            parts.append(f"缺{''.join(lacking)}")
        if extra:
            parts.append(f"多出{''.join(dict.fromkeys(extra))}")
        self.emit(
            "appendix-mismatch",
            p,
            0,
            f"{self.appendix}「{entry.name}」所列批次{''.join(printed) or '（无）'}与 {entry.marks_clause} 不符"
            f"（{'；'.join(parts)}）：应为{''.join(entry.marks) or '无'}",
            f"{self.appendix} {entry.name}: batches {''.join(printed)} vs {''.join(entry.marks)} ({entry.marks_clause})",
            p.text,
            (entry.marks_clause, _clause_line(self.doc, entry.marks_clause), "".join(entry.marks)),
            entry,
        )

    def quantities(self, entry: Entry, p: Printed) -> None:
        pool_ids = list(dict.fromkeys([*entry.pool, *(c for c, _i in _cites_in(p.text))]))
        pool: dict[tuple[str, bool], list[tuple[tuple[Decimal, ...], str, str, int | None]]] = {}
        for cid in pool_ids:
            for clause in subtree(self.doc, cid):
                text = "".join(h.raw for h in clause.headings) + clause.text
                for q in quantities(text):
                    pool.setdefault((q.unit, q.ordinal), []).append((q.value, q.raw, clause.id, clause.line))
        for q in quantities(p.text):
            same = pool.get((q.unit, q.ordinal))
            if not same or any(v == q.value for v, _r, _c, _l in same):
                continue
            _value, raw, cid, line = same[0]
            shown = "、".join(dict.fromkeys(r for _v, r, _c, _l in same))
            self.emit(
                "appendix-mismatch",
                p,
                q.start,
                f"{self.appendix}「{entry.name}」写「{q.raw}」，其定义∕所引条款（{'、'.join(pool_ids)}）以「{q.unit}」计的数值只有"
                f"「{shown}」",
                f"{self.appendix} {entry.name}: printed {q.raw}; the clauses it restates ({', '.join(pool_ids)}) state only {shown}",
                p.text[max(0, q.start - 12) : q.start + len(q.raw) + 4],
                (cid, line, raw),
                entry,
            )


@dataclass(frozen=True)
class Quantity:
    value: tuple[Decimal, ...]
    unit: str
    ordinal: bool
    raw: str
    start: int


_UNIT_NORMAL = {"人": "名", "颗": "发", "个夜晚": "夜", "夜晚": "夜", "个夜": "夜"}
_QTY = re.compile(
    rf"(?P<ord>第)?\s*(?<![\d.])(?P<a>{NUM})(?:\s*[~〜～]\s*(?P<b>{NUM}))?(?!\.\d)\s*"
    r"(?P<unit>个夜晚|夜晚|个夜|[发次夜名人票分件份层只刀点项瓶支档颗%])"
)


def quantities(text: str) -> list[Quantity]:
    """Numbers with a unit (「2 发」「第 5 夜」「1~3 名」「4个夜晚」), citations and step numbers left out."""
    out: list[Quantity] = []
    for m in _QTY.finditer(text):
        head = text[max(0, m.start() - 3) : m.start()]
        if any(w in head for w in ("步骤", "批次", "判定", "§")) or _pattern(r"\d\.$").search(
            text[: m.start("a")]
        ):
            continue
        value = tuple(Decimal(x) for x in (m.group("a"), m.group("b")) if x is not None)
        unit = _UNIT_NORMAL.get(m.group("unit"), m.group("unit"))
        out.append(Quantity(value, unit, bool(m.group("ord")), m.group().strip(), m.start()))
    return out


def _cites_in(text: str) -> list[tuple[str, str]]:
    """Citations of a printed entry: its citation groups and 「依 X」「见 X」."""
    out = cited(text)
    for m in _pattern(r"(?:依|见)\s*" + CITE_ID.pattern).finditer(text):
        out.append((m.group(1), m.group(2)))
    return out


def _top_level_marks(text: str, skip_first: bool) -> list[str]:
    out: list[str] = []
    depth = 0
    for i, ch in enumerate(text):
        if ch in "（(":
            depth += 1
        elif ch in "）)":
            depth = max(0, depth - 1)
        elif depth == 0 and ch in "〇①②③④⑤⑥⑦⑧⑨⑩⑪":
            if skip_first and not text[:i].strip(" |｜"):
                continue  # the key point's own number
            if i > 0 and text[i - 1] in "0123456789.":
                continue  # an item of a cited clause (「6.8.3③」)
            if text[max(0, i - 2) : i] in ("批次", "判定", "步骤"):
                continue  # a citation (「随批次⑨公告」), not a listing
            out.append(ch)
    return out


def _clause_line(doc: Document, clause_id: str) -> int | None:
    clause = doc.clauses.get(clause_id)
    return clause.line if clause else None


def diff(doc: Document, adef: AppendixDef, table: Table | None = None) -> list[Finding]:
    """Findings for the printed appendix ``adef`` of ``doc`` against the one generated from the body."""
    table = table or adef.build(doc)
    printed = read_rows(doc, adef, table.entries, table.notes)
    if printed is None:
        info = INFO["appendix-missing"]
        return [
            info.finding(
                adef.name,
                None,
                f"文中找不到{adef.name}（{'∕'.join(adef.title_words)}）",
                f"no {adef.name} ({'/'.join(adef.title_words)}) in the text",
                adef.name,
            )
        ]
    return sorted(_Differ(doc, adef, table, printed).run(), key=Finding.sort_key)


def diff_all(doc: Document, defs: Iterable[AppendixDef]) -> list[Finding]:
    out: list[Finding] = []
    for adef in defs:
        if locate(doc, adef) is None:
            continue  # a text without this appendix (another revision, an excerpt): nothing to compare
        out.extend(diff(doc, adef))
    return sorted(out, key=Finding.sort_key)
