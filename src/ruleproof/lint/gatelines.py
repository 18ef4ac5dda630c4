"""The ten-gate checklist (返航录 2.8.10) and the 「十关核验」 lines at the end of clauses.

The checklist clause is found by its title (「接入检查」); its gates are read from its own text, so a
gate added in the next revision (⑪, or a variant such as ①之二) is required everywhere at once.  A
gate whose own text says that clauses need not declare it (「无须就本关另作说明」) is optional.

A 「十关核验」 line is an occurrence of 「X关核验」 followed (after an optional parenthesis and colon)
by the first gate label, or by ① (a checklist whose ① an edit deleted leaves every line opening with
it); quoted mentions such as 「凡附「十关核验」者即属之」 are not lines.  In a line, a circled numeral
is a gate label unless it is part of a citation (「2.8.1①」「批次⑥」「本条③」); a numeral that follows
a clause id is still a gate when the gate's own name follows it (「依7.1.2⑥封锁＝…」 is gate ⑥ 封锁).
Gate labels must increase along the line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ruleproof.lint.context import LintContext
from ruleproof.lint.memo import PerLintTable, per_lint
from ruleproof.text.markers import CIRCLED, CIRCLED_CLASS, VARIANT_WORDS

LINE_RE = re.compile(
    r"[一二三四五六七八九十][一二三四五六七八九十]{0,2}关核验"
)  # (class-led: re skips to it)
GATE_TOKEN = re.compile(rf"(?P<circ>[{CIRCLED_CLASS}])(?:之(?P<var>[二三四五]))?")
# a gate of the checklist: its label and its name (up to the first bracket or separator)
_DEF_RE = re.compile(
    rf"(?P<label>[{CIRCLED_CLASS}](?:之[二三四五])?)\s*(?P<name>[^（(｜|；;。{CIRCLED_CLASS}]{{1,24}})"
)
_OPTIONAL_MARKS = ("无须就本关另作", "无须就本关另行", "本处不逐条声明", "无须另作声明")
# words after which a circled numeral is a citation, not a gate label
_CITING_BEFORE = ("批次", "步骤", "本条", "本项", "本款", "第", "原", "之", "附")
_ASCII_DIGITS = "0123456789"
_LEAD_RE = re.compile(r"\s*(?:（[^（）]{0,40}）)?\s*[：:]?\s*")
FIRST = (1, 1)  # ①: the label a line opens with, whichever gate the checklist lists first


@dataclass(frozen=True)
class Gate:
    label: str  # "①", "①之二", …
    key: tuple[int, int]  # (ordinal, variant or 1)
    name: str
    optional: bool
    line: int


@dataclass(frozen=True)
class GateLine:
    unit: str  # clause id (or appendix name)
    start: int  # offset of 「X关核验」 in the unit text
    end: int  # end of the line's extent in the unit text
    line: int
    found: tuple[tuple[int, int], ...]  # gate keys present, in order
    text: str
    # variant gates (「①之二」) the line answers that the checklist does not define
    undefined: tuple[tuple[int, int], ...] = ()
    # offset in the unit text of each gate label of ``found`` (「记账依2.9⑧不新增批次」: the ⑧ is gate ⑧)
    labels_at: tuple[int, ...] = ()


def _key(circ: str, var: str | None) -> tuple[int, int]:
    return (CIRCLED[circ], VARIANT_WORDS[var] if var else 1)


def label_of(key: tuple[int, int]) -> str:
    inverse = {v: k for k, v in VARIANT_WORDS.items()}
    base = next(ch for ch, n in CIRCLED.items() if n == key[0])
    return base if key[1] == 1 else f"{base}之{inverse[key[1]]}"


# six families read the gates and the lines of one text: read them once per lint context
@per_lint
def parse_gates(ctx: LintContext) -> tuple[str, list[Gate]] | None:
    """(checklist clause id, gates in order) read from the checklist clause, or None."""
    return _parse_gates(ctx)


def _parse_gates(ctx: LintContext) -> tuple[str, list[Gate]] | None:
    clause = ctx.clause(ctx.owners.gates)
    if clause is None:
        return None
    unit = ctx.unit_by_id[clause.id]
    text = unit.text
    gates: list[Gate] = []
    seen: set[tuple[int, int]] = set()
    last: tuple[int, int] = (0, 0)
    for m in _DEF_RE.finditer(text):
        tm = GATE_TOKEN.match(m.group("label"))
        if tm is None:
            continue
        key = _key(tm.group("circ"), tm.group("var"))
        if key in seen or key < last:
            continue
        if text[m.start() - 1 : m.start()] in tuple(_ASCII_DIGITS) and m.start() > 0:
            continue
        # the gate's text runs to the next gate definition
        nxt = _DEF_RE.search(text, m.end())
        body = text[m.start() : nxt.start() if nxt else len(text)]
        name = m.group("name").strip()
        gates.append(
            Gate(label_of(key), key, name, any(w in body for w in _OPTIONAL_MARKS), unit.line_of(m.start()))
        )
        seen.add(key)
        last = key
    if len(gates) < 2:
        return None
    return clause.id, gates


def _name_follows(text: str, pos: int, gate: Gate | None) -> bool:
    if gate is None:
        return False
    head = gate.name[:2]
    return bool(head) and text.startswith(head, pos)


def numeral_cited(text: str, start: int) -> bool:
    """Is the numeral at ``start`` part of a citation (「2.8.1①」「批次⑥」「本条③」)?"""
    prev = text[start - 1 : start] if start > 0 else ""
    return prev in tuple(_ASCII_DIGITS + ".") or text[max(0, start - 2) : start].endswith(_CITING_BEFORE)


def _increasing(keys: list[tuple[int, int]]) -> list[int]:
    """Indices of a longest strictly increasing subsequence of ``keys`` (earliest on ties)."""
    n = len(keys)
    best = [1] * n
    prev = [-1] * n
    for j in range(n):
        for i in range(j):
            if keys[i] < keys[j] and best[i] + 1 > best[j]:
                best[j], prev[j] = best[i] + 1, i
    if not n:
        return []
    j = max(range(n), key=lambda k: (best[k], -k))
    out: list[int] = []
    while j >= 0:
        out.append(j)
        j = prev[j]
    return out[::-1]


_NOT_A_GATE_START = tuple("）)」〕】、，。；∕/")


def _opens_gate(text: str, line_start: int, at: int) -> bool:
    """Could the citing-looking numeral at ``at`` be a gate whose separator the PDF dropped (「不新增批次
    ⑨不属〔例外〕」)?  Not inside a bracket left open before it in the line (「（登记于 2.8.9⑥）」 cites
    registry entry ⑥), and not followed by a closing bracket or list punctuation."""
    token = GATE_TOKEN.match(text, at)
    end = token.end() if token else at + 1
    if text.startswith(_NOT_A_GATE_START, end):
        return False
    depth = 0
    for ch in text[line_start:at]:
        if ch in "（(":
            depth += 1
        elif ch in "）)" and depth:
            depth -= 1
    return depth == 0


def _scan_line(
    text: str, pos: int, limit: int, by_key: dict[tuple[int, int], Gate]
) -> list[tuple[int, tuple[int, int]]]:
    """Gate labels present in ``text[pos:limit]``, in order: (offset, key).

    Gate labels must increase along the line, so the labels are the longest increasing run of
    non-citing numerals (「⑧不新增批次（并入⑩）⑨不属…」: the ⑩ in the bracket is a batch, not gate ⑩).
    """
    plain: list[tuple[int, tuple[int, int]]] = []
    citing: list[tuple[int, tuple[int, int]]] = []
    for tm in GATE_TOKEN.finditer(text, pos, limit):
        key = _key(tm.group("circ"), tm.group("var"))
        if key not in by_key:
            continue
        if numeral_cited(text, tm.start()) and not _name_follows(text, tm.end(), by_key[key]):
            citing.append((tm.start(), key))
        else:
            plain.append((tm.start(), key))
    found = [plain[i] for i in _increasing([k for _, k in plain])]
    # second pass: a gate whose only occurrences look like citations (「不新增批次⑨不属〔例外〕」, where the
    # PDF dropped a separator) is taken from the last such occurrence between its neighbours
    keys = {k for _, k in found}
    for missing in sorted(set(by_key) - keys):
        lo = max((s for s, k in found if k < missing), default=pos)
        hi = min((s for s, k in found if k > missing), default=limit)
        cands = [s for s, k in citing if k == missing and lo < s < hi and _opens_gate(text, pos, s)]
        if cands:
            found.append((cands[-1], missing))
    found.sort()
    return found


def _undefined_variants(
    text: str, pos: int, limit: int, by_key: dict[tuple[int, int], Gate]
) -> tuple[tuple[int, int], ...]:
    """Variant gates (「①之二」) the line answers — not citing, right after a separator or the line's start,
    with an answer (「＝」) — whose base gate the checklist defines and the variant it does not."""
    out: list[tuple[int, int]] = []
    for tm in GATE_TOKEN.finditer(text, pos, limit):
        if not tm.group("var"):
            continue
        key = _key(tm.group("circ"), tm.group("var"))
        if key in by_key or (key[0], 1) not in by_key or numeral_cited(text, tm.start()):
            continue
        before = text[max(pos, tm.start() - 1) : tm.start()]
        if tm.start() != pos and before not in ("｜", "|", "；", " "):
            continue
        if "＝" in text[tm.end() : tm.end() + 12] and key not in out:
            out.append(key)
    return tuple(out)


# by the gate list read (the list itself kept with them: an id is only unique while it lives)
_GATE_LINES: PerLintTable[LintContext, int, tuple[list[Gate], list[GateLine]]] = PerLintTable()


def find_gate_lines(ctx: LintContext, gates: list[Gate]) -> list[GateLine]:
    """The 「十关核验」 lines of the text, read against ``gates`` (the same list each caller has from
    :func:`parse_gates`, so the lines are read once)."""
    memo = _GATE_LINES(ctx)
    cached = memo.get(id(gates))
    if cached is None or cached[0] is not gates:
        cached = memo[id(gates)] = (gates, _find_gate_lines(ctx, gates))
    return cached[1]


def _find_gate_lines(ctx: LintContext, gates: list[Gate]) -> list[GateLine]:
    by_key = {g.key: g for g in gates}
    out: list[GateLine] = []
    for unit in ctx.clause_units:
        text = unit.text
        starts: list[tuple[int, int]] = []  # (offset of the marker, offset where gates start)
        if LINE_RE.search(unit.title):  # 「4.9.7 十关核验」: the heading is the marker
            starts.append((0, 0))
        for m in LINE_RE.finditer(text):
            starts.append((m.start(), m.end()))
        for k, (mark, after) in enumerate(starts):
            lead = _LEAD_RE.match(text, after)
            pos = lead.end() if lead else after
            first = GATE_TOKEN.match(text, pos)
            if first is None or _key(first.group("circ"), first.group("var")) not in (min(by_key), FIRST):
                continue  # (a line opens with ①, or with the checklist's first gate: an edit may delete its ①)
            limit = starts[k + 1][0] if k + 1 < len(starts) else len(text)
            found = _scan_line(text, pos, limit, by_key)
            extra = _undefined_variants(text, pos, limit, by_key)
            keys, offsets = tuple(k for _, k in found), tuple(s for s, _ in found)
            out.append(
                GateLine(unit.id, mark, limit, unit.line_of(mark), keys, text[mark:limit], extra, offsets)
            )
    return out
