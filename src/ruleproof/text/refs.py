"""Cross-references in body text, classified into namespaces.

Forms handled (examples from 返航录): 「依 4.4.2」「见 2.8.9(17)」「4.10.0⑤」「2.8.2⑥之例外」「§0.2」
「〔通则 2.8.2 之例外〕」「批次⑥」「批次⑥∕⑩」「判定①」「步骤 0.55」「第九关」「本条③」.

A two-part number such as ``2.5`` is also a quantity (「倒计时+2.5」「净破坏量已达 9.0」); it is read as
a citation only when its context says so (a citing word before it, an item marker or a clause-like
word after it) or when it names an existing clause in a neutral context.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ruleproof.text.markers import (
    CIRCLED_CLASS,
    MARKER_RE,
    ORDINAL_TO_CIRCLED,
    cn_number,
    marker_label,
    parse_marker,
)
from ruleproof.text.model import Ref, RefKind

_STEP_RE = re.compile(r"步骤\s*(\d{1,2}(?:\.\d{1,2})?[ab]?)(?![0-9])")
_BATCH_RE = re.compile(rf"批次\s*([〇{CIRCLED_CLASS}](?:\s*[∕/、~〜～]\s*[〇{CIRCLED_CLASS}])*)")
_ROW_RE = re.compile(rf"判定\s*([{CIRCLED_CLASS}])")
_GATE_RE = re.compile(r"第([一二三四五六七八九十]{1,3})关")
_SECTION_RE = re.compile(r"§\s*(\d{1,2}(?:\.\d{1,2}){0,3})(?![0-9])")
_SAME_CLAUSE_RE = re.compile(rf"本[条款]\s*([{CIRCLED_CLASS}])")

_UNIT_AFTER = re.compile(
    r"\s*(?:名|夜|次|点|发|票|人|份|倍|分|秒|个|件|只|枚|天|小时|昼夜|%|％|[~〜～]|至\s*\d|即|档|级)"
)
_VALUE_BEFORE = (*tuple("+＋−-~〜～≥≤＝=×达值约≈"), "为", "减", "加", "计", "量", "到", "满", "共")
# 「紧接 0.5 之后、0.6之前结算」「步骤 1（0.6 之后、步骤 2 之前）」: a moment — the night's steps are numbered like
# clauses, a clause is cited, never before or after.
_MOMENT_AFTER = re.compile(r" ?(?:之前|之后)")
# 「致死型 1.5∕2∕2.5」「批次 0.5∕0.55 感染」: a run of numbers joined by ∕ of which one is no clause id (「2」,
# 「0.55」) is a run of values or step labels; 「（5.3∕5.8）」 cites two clauses.
_VALUE_RUN = re.compile(r"\d{1,2}(?:\.\d{1,2})*(?: ?[∕/] ?\d{1,2}(?:\.\d{1,2})*)+")
# 「船员 1.5∕有职业者 2.0∕异形2.5」: values paired with names, joined by ∕ — the same run with a name before each
# number; 「（保镖保护4.8∕警长巡逻4.4）」, every number a clause's, cites two clauses.
_NAMED_VALUE_RUN = re.compile(
    r"(?<![\d.])\d{1,2}(?:\.\d{1,2})+(?: ?[∕/] ?[\u4e00-\u9fff]{1,6} ?\d{1,2}(?:\.\d{1,2})+)+(?![\d.])"
)
# 「濒死型助攻 1.0；追溯型助攻 0.5（5 夜内目标死亡方结算）；沉默 0.5（上限 3）」: a list of names each with a number
# (a bracket after it allowed) of which one is no clause id (「1.0」「10」) is a list of values — a score table, not
# citations; 「摆渡人 4.13、疫苗研究员 4.14」, every number a clause's, cites two clauses.
_NUMBER = r"\d{1,2}(?:\.\d{1,2})*(?: ?[∕/] ?\d{1,2}(?:\.\d{1,2})*)*"
_NAMED_NUMBER = rf"[\u4e00-\u9fff]{{2,8}} ?({_NUMBER})(?![\d.])(?:（[^（）]{{0,24}}）)?"
_NAMED_NUMBERS = re.compile(rf"{_NAMED_NUMBER}(?:[；;、，,]{_NAMED_NUMBER})+")
_NAMED_ONE = re.compile(_NAMED_NUMBER)
_STRONG_BEFORE = ("依", "见", "参见", "详见", "援引", "登记于", "登记入", "同制", "依据", "按", "参照")
_REF_BEFORE = tuple("于与及和或、（(∕「并，对之属含由在照同据即") + _STRONG_BEFORE
_REF_AFTER = (
    *tuple("）)、，。；：」〔（∕"),
    "之",
    "条",
    "款",
    "节",
    "项",
    "所",
    "中",
    "的",
    "与",
    "及",
    "和",
    "或",
    "已",
    "明",
    "另",
    "同",
    "第",
    "并",
    " ",
)


@dataclass(frozen=True)
class Owners:
    """Clauses that own a reference namespace, found by their titles (not by hard-coded ids)."""

    registry: str | None
    batches: str | None
    victory_rows: str | None
    night_steps: str | None
    gates: str | None


def find_owners(titles: dict[str, str]) -> Owners:
    def by(*words: str) -> str | None:
        """The first clause whose title has the first word; failing that, the second word…"""
        for word in words:
            for cid, title in titles.items():
                if word in title:
                    return cid
        return None

    return Owners(
        registry=by("例外登记册", "登记册"),
        batches=by("公告批次"),
        victory_rows=by("判定顺序"),
        night_steps=by("夜间步骤总表", "夜间步骤"),
        gates=by("接入检查", "十关"),
    )


def scan_refs(
    text: str,
    *,
    breaks: set[int],
    item_offsets: frozenset[int] = frozenset(),
    line_of: Callable[[int], int],
    item_of: Callable[[int], str | None],
    clause: str | None,
    context: str,
    owners: Owners,
    exists: Callable[[str], bool],
) -> list[Ref]:
    """All references in ``text``; ``line_of(offset)`` maps offsets to source lines."""
    refs: list[tuple[int, Ref]] = []
    used = [False] * (len(text) + 1)
    quote_depth = [0] * (len(text) + 1)
    depth = 0
    for pos, ch in enumerate(text):
        if ch == "「":
            depth += 1
        elif ch == "」" and depth:
            depth -= 1
        quote_depth[pos + 1] = depth

    def add(start: int, end: int, kind: RefKind, target_clause: str | None, target_item: str | None) -> None:
        for k in range(start, end):
            used[k] = True
        refs.append(
            (
                start,
                Ref(
                    kind=kind,
                    raw=text[start:end],
                    line=line_of(start),
                    clause=clause,
                    item=item_of(start),
                    target_clause=target_clause,
                    target_item=target_item,
                    context=context,
                    quoted=quote_depth[start] > 0,
                ),
            )
        )

    for m in _STEP_RE.finditer(text):
        add(m.start(), m.end(), RefKind.NIGHT_STEP, owners.night_steps, m.group(1))
    for m in _BATCH_RE.finditer(text):
        for label in re.findall(rf"[〇{CIRCLED_CLASS}]", m.group(1)):
            add(m.start(), m.end(), RefKind.BATCH, owners.batches, label)
    for m in _ROW_RE.finditer(text):
        add(m.start(), m.end(), RefKind.VICTORY_ROW, owners.victory_rows, m.group(1))
    for m in _GATE_RE.finditer(text):
        n = cn_number(m.group(1))
        if n is not None and n in ORDINAL_TO_CIRCLED:
            add(m.start(), m.end(), RefKind.GATE, owners.gates, ORDINAL_TO_CIRCLED[n])
    for m in _SECTION_RE.finditer(text):
        add(m.start(), m.end(), RefKind.CLAUSE, m.group(1), None)
    if clause is not None:
        for m in _SAME_CLAUSE_RE.finditer(text):
            add(m.start(), m.end(), RefKind.ITEM, clause, m.group(1))

    starts = sorted(breaks | {0})
    segments = [(a, b) for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]
    for seg_start, seg_end in segments:
        _scan_ids(text, seg_start, seg_end, breaks, item_offsets, used, add, owners, exists)

    refs.sort(key=lambda pair: pair[0])
    return [r for _, r in refs]


# Ids as printed, including PDF spacing around a dot (「4.11. 4」「2 .7」); spaced forms count only
# when they name an existing clause.
# (led by its first digit, the look-behind after it: ``re`` skips to the digits — the same matches as
# rf"(?<![0-9.．A-Za-z])(\d{1,2}…)", tests/lint/test_lint_indexes.py)
_LOOSE_ID_RE = re.compile(r"(\d(?<![0-9.．A-Za-z]\d)\d?(?: ?\. ?\d{1,2}){1,3})(?![0-9]|\.\d)")


_WRAPPED_HEAD_RE = re.compile(r"(?<![0-9.])(\d{1,2}\.(?:\d{1,2}\.)*)$")


def _scan_ids(
    text: str,
    seg_start: int,
    seg_end: int,
    breaks: set[int],
    item_offsets: frozenset[int],
    used: list[bool],
    add: Callable[[int, int, RefKind, str | None, str | None], None],
    owners: Owners,
    exists: Callable[[str], bool],
) -> None:
    """Clause ids within one source line (an id never spans a line break; 「H-2」+「4.10.0④」 is two)."""
    segment = text[seg_start:seg_end]
    for found in _LOOSE_ID_RE.finditer(segment):
        start, after = seg_start + found.start(), seg_start + found.end()
        if used[start]:
            continue
        printed = found.group(1)
        cid = printed.replace(" ", "")
        wrapped = _WRAPPED_HEAD_RE.search(text, max(0, start - 8), start) if found.start() == 0 else None
        if wrapped and exists(wrapped.group(1) + cid):
            # 「（4.」 at a line end + 「10.4④」: one id wrapped over the break
            start, cid = wrapped.start(1), wrapped.group(1) + cid
        if cid != printed and not exists(cid):
            continue
        sp = after
        while sp < len(text) and text[sp] == " " and sp - after < 1:
            sp += 1
        mk = MARKER_RE.match(text, sp)
        if mk and sp not in breaks and sp not in item_offsets:  # a line-opening marker / own item: not cited
            o, v, p = parse_marker(mk)
            label = marker_label(o, v, p)
            kind = RefKind.REGISTRY if cid == owners.registry else RefKind.ITEM
            add(start, mk.end(), kind, cid, label)
            continue
        before = text[max(0, start - 4) : start].rstrip()
        deep = cid.count(".") >= 2
        if not deep:
            if _UNIT_AFTER.match(text, after) or before.endswith(_VALUE_BEFORE):
                continue
            strong = before.endswith(_STRONG_BEFORE)
            if not strong and (
                _MOMENT_AFTER.match(text, after)
                or _in_value_run(text, start, after, exists)
                or _in_named_values(text, start, after, exists)
            ):
                continue
            cited = strong or before.endswith(_REF_BEFORE) or text.startswith(_REF_AFTER, after)
            if not (strong or (cited and exists(cid)) or (exists(cid) and not before)):
                continue
        add(start, after, RefKind.CLAUSE, cid, None)


def _in_value_run(text: str, start: int, after: int, exists: Callable[[str], bool]) -> bool:
    """The number is one of a run of numbers joined by ∕ that holds a number no clause bears (「1.5∕2∕2.5」), or of
    such a run with a name before each number (「船员 1.5∕有职业者 2.0∕异形2.5」)."""
    lo = max(0, start - 12)
    for run in _VALUE_RUN.finditer(text, lo, min(len(text), after + 12)):
        if run.start() <= start and after <= run.end():
            return any(not exists(n.strip()) for n in re.split(r"[∕/]", run.group(0)))
    for run in _NAMED_VALUE_RUN.finditer(text, max(0, start - 30), min(len(text), after + 30)):
        if run.start() <= start and after <= run.end():
            return any(not exists(n) for n in re.findall(r"\d{1,2}(?:\.\d{1,2})+", run.group(0)))
    return False


def _in_named_values(text: str, start: int, after: int, exists: Callable[[str], bool]) -> bool:
    """The number is one of a list of names each printed with a number (「驱逐 0.5、沉默 0.5（上限 3）」) of which
    one is no clause id: a list of values (a score table), not of citations."""
    lo = max(0, start - 80)
    for run in _NAMED_NUMBERS.finditer(text, lo, min(len(text), after + 80)):
        if run.start() <= start and after <= run.end():
            numbers = [m.group(1) for m in _NAMED_ONE.finditer(run.group(0))]
            return any(not exists(n.strip()) for num in numbers for n in re.split(r"[∕/]", num))
        if run.start() > start:
            break
    return False
