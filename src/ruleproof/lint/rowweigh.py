"""(q, steps and batches) A step or batch citation weighed against the rows a renumbering lands on.

The step table (2.1.1) and the batch table (2.1.6) are closed lists whose rows say what happens at each step
and what each batch publishes.  A sentence citing 「步骤 N」 or 「批次N」 usually says, right beside the id,
what it cites the row for (「经步骤 9 死亡结算」, 「随批次⑥公告之死亡名单」, 「早于步骤 2 的神探查验」).  A renumbered
or mistyped id lands on a row next to the intended one, so the words beside the citation are scored
against the cited row and the rows up to two either side of it:

* the words are the two-character words of the citation's own stretch of its sentence part — at most
  :data:`REACH` characters on each side, up to a list separator or halfway to another step or batch id;
* a word scores in a row that prints it, weighed by how few rows of the table print it (a word one row prints
  is worth 1, two rows ½, more rows nothing: it tells no row from another), and doubled at the row's head,
  divided then by how many rows head with it (the names a row opens with:
  :func:`ruleproof.lint.step_heads.head_names` for a step, the content cell before its first bracket for a
  batch);
* a finding when a neighbour scores at least :data:`LEAST` and :data:`MARGIN` times the cited row's score.

It weighs the evidence of the rows together, so it judges citations that the exactly-one-fits readers
(step_heads, batch_words, _row_words) leave alone because a word also appears in a third row, or the words
are split across a row's head and content.  A step said as a time (「步骤 2 之前」) says when, not what, and is
not judged — but 「X 于步骤 N 结算后」 is weighed by X, what is settled there.  In the step table a note is weighed
against the rows other than the one it stands in; in the batch table a row's time cell (「步骤2后」) is weighed
by the row's content, and its batches are not judged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ruleproof.lint import step_heads
from ruleproof.lint.citetext import bigrams, squash
from ruleproof.lint.context import BATCH_REF, STEP_REF, Unit, normalize_item
from ruleproof.lint.memo import PerLintTable
from ruleproof.lint.step_rowwords import own_rows, skipped
from ruleproof.lint.step_topics import STEP_STOP
from ruleproof.lint.topics import Place, Topics, item_label_at
from ruleproof.text.markers import CIRCLED
from ruleproof.text.model import Ref

REACH = 12  # characters on each side of a citation that may say what it cites the row for
LEAST = 2.0  # a neighbour's least score
MARGIN = 3.0  # how many times the cited row's score a neighbour must reach
_PART_STOP = "，,；;。：:！？!?\n「」『』〔〕⸺—｜"
_ID = re.compile(r"(?:步骤\s*\d{1,2}(?:\.\d{1,2})?[ab]?(?![\d.])|批次\s*[〇①-⑳])")
_FUNCTION = frozenset("的之于与及和或在为并且而则亦均皆也其此该本即等各个每已未不可须得以所由")
_SEPARATORS = "∕/、与及或和"  # what stands between two members of a list of ids
# the step table's own vocabulary (步骤, 结算, 当夜, 上限 …) and what every batch does
_STOP = STEP_STOP | {"公告", "发布", "该夜"}
_COMPARED = re.compile(r"(?:[早晚先后]于|不同于|有别于)\s*(?:当夜|该夜)?\s*$")
_SETTLED = re.compile(r"\s*(?:结算|结束|完成)")
_ATTACHED = re.compile(r"(?<![早晚先后])[于在]\s*(?:当夜|该夜)?\s*$")
_TIME_AFTER = re.compile(r"\s*(?:结算|结束|完成|开始)*\s*(?:之前|之后|前|后|起|以前|以后)")


@dataclass(frozen=True)
class _Table:
    order: tuple[str, ...]  # row keys in the table's order
    rows: dict[str, str]  # each row's own text, squashed
    heads: dict[str, frozenset[str]]  # the two-character words of each row's head
    spread: dict[str, int]  # how many rows print each word
    headed: dict[str, int]  # how many rows head with each word
    owner: str | None
    spans: dict[str, tuple[int, int]]  # where each row stands in the table's text (steps)


_TABLES: PerLintTable[Topics, str, _Table | None] = PerLintTable()


def _ordinal(label: str) -> int:
    return 0 if label == "〇" else CIRCLED.get(label, 99)


def _table(topics: Topics, batch: bool) -> _Table | None:
    """The step or batch table indexed once per lint."""
    return _TABLES.get_or_build(topics, "batch" if batch else "step", lambda: _build(topics, batch))


def _build(topics: Topics, batch: bool) -> _Table | None:
    if batch:
        raw = topics.places.batch_table  # (not the names the text gives batches elsewhere)
        order = tuple(sorted(raw, key=_ordinal))
        rows = {k: squash(v) for k, v in raw.items()}
        heads = {
            k: bigrams(squash(re.split(r"[（(：:；;]", v.lstrip("〇 "), maxsplit=1)[0]))
            for k, v in raw.items()
        }
        owner = topics.ctx.owners.batches
    else:
        raw = topics.places.step_rows
        order = tuple(raw)
        rows = own_rows(raw)
        names = step_heads.head_names(topics, raw)
        heads = {k: frozenset().union(*(bigrams(t) for t, ks in names.items() if k in ks)) for k in raw}
        owner = topics.ctx.owners.night_steps
    if len(order) < 2:
        return None
    spread: dict[str, int] = {}
    for row in rows.values():
        for w in bigrams(row):
            spread[w] = spread.get(w, 0) + 1
    headed: dict[str, int] = {}
    for head in heads.values():
        for w in head:
            headed[w] = headed.get(w, 0) + 1
    spans: dict[str, tuple[int, int]] = {}
    clause = topics.ctx.clause(owner) if not batch else None
    if clause is not None:  # (the step rows are slices of the table's text, in order)
        for key, row in raw.items():
            start = clause.text.find(row)
            if start >= 0:
                spans[key] = (start, start + len(row))
    return _Table(order, rows, heads, spread, headed, owner, spans)


def _stretch(text: str, at: int, end: int, reach: int, stops: str) -> str:
    """The citation's own words: up to ``reach`` characters on each side, not past one of ``stops``, up to
    halfway to another id."""
    lo = at
    while lo > max(0, at - reach) and text[lo - 1] not in stops:
        lo -= 1
    hi = end
    while hi < min(len(text), end + reach) and text[hi] not in stops:
        hi += 1
    before, after = text[lo:at], text[end:hi]
    if _COMPARED.search(before):
        before = (
            ""  # 「晚于步骤7」: the words before say what is compared with the step, not what happens at it
        )
    before = before[before.rfind("、") + 1 :]  # 「是否死亡、是否被步骤 8救回」: another member of a list
    if before.rstrip().endswith(tuple(_SEPARATORS)):
        before = ""  # 「0.6进化∕转化∕转职与步骤 1乔装」: the words before 「与」 are the other member's
    prev = None
    for m in _ID.finditer(before):
        prev = m
    if prev is not None:  # past the last separator after it (「批次⑥）∕驱逐公告（」), else halfway
        between = before[prev.end() :]
        cut = max(between.rfind(c) for c in _SEPARATORS)
        before = between[cut + 1 :] if cut >= 0 else before[(prev.end() + len(before)) // 2 :]
    nxt = _ID.search(after)
    if nxt is not None:
        between = after[: nxt.start()]
        cuts = [i for i in (between.find(c) for c in _SEPARATORS) if i >= 0]
        after = between[: min(cuts)] if cuts else after[: nxt.start() // 2]
    return before + "。" + after


def _published_after(topics: Topics, unit: Unit, at: int, end: int) -> str | None:
    """In a row of the batch table, the step after which the batch is published (「③ 全部阵营查验出手人次、巡逻
    统计与神探公告 步骤2后」) is the step whose events it reports: the row's content before the step says what
    happens there.  None for any other step citation."""
    if unit.id != topics.ctx.owners.batches or not _TIME_AFTER.match(unit.text, end):
        return None
    clause = topics.ctx.clause(unit.id)
    starts = [it.offset for it in clause.items if it.offset <= at] if clause is not None else []
    return unit.text[max(starts) : at] if starts else None


def _words(text: str) -> set[str]:
    return {w for w in bigrams(text) if w not in _STOP and not (set(w) & _FUNCTION)}


def _score(table: _Table, key: str, words: set[str]) -> tuple[float, list[str]]:
    """The row's score for the words beside a citation (each word worth 1, doubled at the row's head, divided by
    how many rows print it — or head with it —, nothing when more than two do) and the words it prints."""
    row, head = table.rows[key], table.heads[key]
    total = 0.0
    said: list[str] = []
    for w in words:
        if w not in row:
            continue
        n = table.headed[w] if w in head else table.spread[w]
        if n > 2:
            continue
        total += (2.0 if w in head else 1.0) / n
        said.append(w)
    return total, sorted(said)


def weigh_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """The cited step or batch, the words beside it and the neighbouring row they fit clearly better."""
    batch = ref.kind is BATCH_REF
    if not batch and ref.kind is not STEP_REF:
        return None
    table = _table(topics, batch)
    if table is None or (unit.id == table.owner and batch):
        return None
    # in the step table, a row speaking of another step is not evidence for itself
    within = (
        next((k for k, (lo, hi) in table.spans.items() if lo <= at < hi), None)
        if unit.id == table.owner
        else None
    )
    key = normalize_item(ref.target_item or "") if batch else ref.target_item
    if key not in table.rows or item_label_at(topics.ctx, unit, at, ref):
        return None  # (「…公告（批次」 at an item's end, then 「② 对象：」: the ② labels the next item)
    text = unit.text
    end = at + len(ref.raw)
    published = _published_after(topics, unit, at, end) if not batch else None
    if published is not None:
        near = _words(published)
    elif not batch and skipped(text, at):
        return None
    elif not batch and (time := _TIME_AFTER.match(text, end)):
        if not _SETTLED.match(time.group(0)) or not _ATTACHED.search(text, max(0, at - 4), at):
            return None  # 「步骤 2 之前」 says when, not what happens there
        # 「协助维修者于步骤 4a 结算后获得…」: what is settled at the step is said before 「于」
        near = _words(_stretch(text, at, at + len(ref.raw), REACH, _PART_STOP).split("。")[0])
    else:
        near = _words(_stretch(text, at, end, REACH, _PART_STOP))
    if not near:
        return None
    k = table.order.index(key) if key in table.order else -1
    own, _ = _score(table, key, near)
    best: tuple[float, list[str], str] | None = None
    for j in (k - 2, k - 1, k + 1, k + 2):
        if k < 0 or not 0 <= j < len(table.order):
            continue
        other = table.order[j]
        if other == within:
            continue
        score, said = _score(table, other, near)
        if score >= LEAST and score >= MARGIN * own and (best is None or score > best[0]):
            best = (score, said, other)
    if best is None:
        return None
    _, said, other = best
    name = "批次" if batch else "步骤 "
    return Place(f"{name}{key}", table.rows[key]), said, Place(f"{name}{other}", table.rows[other])
