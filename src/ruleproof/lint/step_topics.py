"""(q, steps and batches) Citations of a night step or a publication batch, read against the step table
(2.1.1) and the batch table (2.1.6): the text's own account of the night.

* a step named with an event the table's row heads put at another step (「结茧于步骤 5」: 结茧 is 4b's);
* a time against the table's order (「乔装于步骤 1 结算、晚于步骤1」);
* a step given with a source whose title names another step (「同属步骤 8（依 3.3.2）」);
* a batch said to follow another step than the batch table gives (「于当夜步骤4a结算后随批次⑤」: ⑤ is
  步骤4b后);
* the per-citation verdicts of :mod:`ruleproof.lint.topics` for a step (the words around it against its
  row) and for a batch (the citing clause's subject against the batch rows).

All of them report as ``citation-topic`` (:data:`ruleproof.lint.topics.TOPIC`); they read the places and
vocabulary that :class:`ruleproof.lint.topics.Topics` builds once per run.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ruleproof.findings import Finding
from ruleproof.lint import batch_words, step_frames, step_heads, step_intervals, step_rowwords
from ruleproof.lint.base import clip
from ruleproof.lint.citetext import (
    BATCH_NAMED,
    BRACKET_NAME,
    HEAD_CUT,
    NAMED_BATCH,
    REFERENCE,
    bigrams,
    part_end,
    part_start,
    phrase_start,
    squash,
    step_order,
)
from ruleproof.lint.context import CLAUSE_ID, LintContext, Unit, normalize_item
from ruleproof.lint.diagnosis import (
    RENUMBERED_EN,
    RENUMBERED_OR_MISTYPED_EN,
    RENUMBERED_OR_MISTYPED_ZH,
    RENUMBERED_ZH,
)
from ruleproof.lint.frames import common_run, common_suffix
from ruleproof.lint.topics import PHRASE, SPECIFIC_SHARE, TOPIC, Place, Topics, item_label_at, topic_finding
from ruleproof.lint.vocab import Hit
from ruleproof.text.model import Ref, RefKind


def run(ctx: LintContext, topics: Topics) -> Iterator[Finding]:
    """The step- and batch-table checks, in report order."""
    yield from _step_events(ctx, topics)
    yield from _batch_times(ctx, topics)
    yield from _step_times(ctx, topics)
    yield from step_intervals.run(ctx, topics)
    yield from _step_sources(ctx, topics)
    yield from _step_skips(ctx, topics)
    yield from _quoted_steps(ctx, topics)
    yield from _night_entries(ctx, topics)
    yield from _slot_statements(ctx, topics)
    yield from _batch_names(ctx, topics)
    yield from batch_words.run(ctx)
    yield from _row_words(ctx, topics)
    yield from step_rowwords.run(ctx, topics)
    yield from step_frames.run(ctx)
    yield from step_heads.run(topics, {ctx.owners.night_steps, ctx.owners.batches})


def batch_subject(
    topics: Topics, unit: Unit, at: int, ref: Ref, place: Place, near: list[Place]
) -> tuple[list[str], Place] | None:
    """A batch cited by a sentence that names nothing the rows print (「随批次④ 向全体公告」) is judged by
    what its clause is about: the title of the citing clause and its ancestors (4.3.6 维修者暴露, 4.12.2
    under 窃听者).  A finding when the cited row says none of those names, while exactly one other row
    heads with one of them."""
    if "批次" in unit.title:
        return None  # (a clause about the batches themselves, 「各批次统计口径」, cites them all)
    found = _clause_subject(topics, unit, at, ref, place, near)
    if found is not None:
        return found
    # the batch table is a closed list: a word of the phrase leading to the batch that one row alone
    # prints, and the cited row none of the phrase's words (「经其提交者随批次⑪公开」: 提交 is ⑪'s
    # 「择定并提交的私聊内容」).  (What follows a label may be the next gate: 「⑧不新增批次⑨已标注」.)
    # (the words of the table's preamble, its column heads 「批次 内容 发布时点」 among them, are every row's)
    header = squash(topics.places.batch_header)
    lead = unit.text[max(0, at - PHRASE) : at]
    terms = [t for t in topics.topic(unit, at, ref.raw) if t in lead and not topics.present(t, header)]
    cited = squash(place.text)
    texts = [(p, squash(p.text)) for p in near]
    if terms and not any(topics.present(t, cited) for t in terms):
        having = {p.name: p for t in terms for p, x in texts if topics.present(t, x)}
        if len(having) == 1:
            likely = next(iter(having.values()))
            return sorted(t for t in terms if topics.present(t, squash(likely.text))), likely
    # a phrase that tells no row (「经系统以批次〇发布」): the sentence before the batch, when the cited row
    # prints none of its names and one row prints at least two, twice as many as any other row
    # (「窃听者…私聊内容并择定提交」: ⑪ prints three, ① 私聊 alone)
    sentence = topics.topic(unit, at, ref.raw, wide=True)
    words = _content_bigrams(topics.window(unit, at, ref.raw, wide=True)) - bigrams(header)
    if any(topics.present(t, cited) for t in sentence) or words & bigrams(place.text):
        return None  # the sentence says something of the cited row (驱逐 of ⑩), however common the word
    lead = REFERENCE.split(unit.text[max(0, at - SENTENCE_LEAD) : at])[-1]  # after any citation before it
    said = [t for t in sentence if t in lead and not topics.present(t, header)]
    owners = sorted(
        ((sum(topics.present(t, x) for t in said), k, p) for k, (p, x) in enumerate(texts)),
        key=lambda o: (-o[0], o[1]),
    )
    if not owners or owners[0][0] < BATCH_NAMES or (len(owners) > 1 and owners[1][0] * 2 > owners[0][0]):
        return None
    likely = owners[0][2]
    return sorted(t for t in said if topics.present(t, squash(likely.text))), likely


SENTENCE_LEAD = 40  # the words of the sentence before a batch that may say which batch it is
BATCH_NAMES = 2  # names of one row that the sentence must say when its phrase says none


# 「行动位＝步骤 0.2」「发动时点为该夜步骤 10」: the step where the citing clause's own action happens
_OWN_TIME = re.compile(
    r"(?:行动位\s*[＝=:：]|时点\s*(?:为|[＝=:：])|发动于)\s*(?:该夜|当夜|每夜)?\s*(?:的)?\s*$"
)


def step_subject(
    topics: Topics, unit: Unit, at: int, ref: Ref, place: Place, near: list[Place]
) -> tuple[list[str], Place] | None:
    """A step given as the citing clause's own time (「行动位＝步骤 0.2」 in 4.12.5, under 窃听者; 「发动时点为
    该夜步骤 10」 in 4.9.2 紧急会议) is judged as a batch is: by the titles of the clause and its ancestors.
    A finding when the cited step's row says none of those names (nor the words of the sentence: 4.3.1
    安全室 「行动位＝步骤3（与保镖保护…同」), while exactly one neighbouring row does."""
    if "步骤" in unit.title or _OWN_TIME.search(unit.text, max(0, at - 12), at) is None:
        return None
    return _clause_subject(topics, unit, at, ref, place, near, wide=True)


def _clause_subject(
    topics: Topics, unit: Unit, at: int, ref: Ref, place: Place, near: list[Place], wide: bool = False
) -> tuple[list[str], Place] | None:
    """The names of the citing clause's titles (its own and its ancestors') that exactly one row other
    than the cited one says, with that row; None when the cited row says one of them or a word around
    the citation."""
    if not unit.is_clause:
        return None
    titles = [HEAD_CUT.split(title, 1)[0] for title in _titles(topics, unit)]
    names = [
        h.term
        for title in titles
        for h in topics.vocab.scan(title)
        if topics.vocab.specific(h.term, SPECIFIC_SHARE)
    ]
    if wide:  # and the names inside a title's words: 乔装 of 「乔装通则」 (7.3)
        names += [
            t
            for title in titles
            for i in range(len(title))
            for t in topics.vocab.prefixes(title, i)
            if t not in names and topics.vocab.specific(t, SPECIFIC_SHARE)
        ]
    terms = list(dict.fromkeys([*names, *topics.topic(unit, at, ref.raw, wide=wide)]))
    if not names:
        return None
    cited = squash(place.text)
    said = [t for t in terms if topics.present(t, cited)]
    if not said:
        having = [p for p in near if any(topics.present(t, squash(p.text)) for t in names)]
        if len(having) != 1:
            return None
        return sorted(t for t in names if topics.present(t, squash(having[0].text))), having[0]
    # the cited row says a word of the sentence (报告), but one other row alone says a name of the
    # clause (窃听者: ⑪ 「窃听报告」) and all that the cited row says: that row is the one meant
    texts = {p.name: squash(p.text) for p in (place, *near)}
    unique = [t for t in names if sum(topics.present(t, x) for x in texts.values()) == 1]
    owners = [p for p in near if any(topics.present(t, texts[p.name]) for t in unique)]
    if len(owners) != 1 or not all(topics.present(t, texts[owners[0].name]) for t in said):
        return None
    return sorted(t for t in unique if topics.present(t, texts[owners[0].name])), owners[0]


def _titles(topics: Topics, unit: Unit) -> list[str]:
    """The titles of a clause and its ancestors (none for an appendix)."""
    if not unit.is_clause:
        return []
    parts = unit.id.split(".")
    found = (topics.ctx.clause(".".join(parts[:k])) for k in range(1, len(parts) + 1))
    return [c.title for c in found if c is not None]


# 「步骤 9 死亡」「步骤 0.1（蛰伏）」: a step and the name of what happens at it, right after it
# (步骤 first, then the look-behind: a pattern led by a literal lets ``re`` skip to it, one led by a look-behind
# is tried at every character — the same matches, tests/lint/test_lint_indexes.py)
_STEP_EVENT = re.compile(
    r"步骤(?<![\d.]步骤)\s*(?P<k>\d{1,2}(?:\.\d{1,2})?[ab]?)(?![\d.])\s*(?:（(?=[\u4e00-\u9fff]{2,8}）))?"
)
ROWLESS_VOTES = 3  # for a step the table gives no row of its own
STEP_VOTES = 2  # places that put an event at one step before a lone other step is an odd one out


def _step_events(ctx: LintContext, topics: Topics) -> Iterator[Finding]:
    """A step named with what happens at it (「于步骤 9 死亡」「步骤 8 救援」「步骤 0.1（蛰伏）」「结茧于步骤
    4b」) where the text puts that event at another step everywhere else — at least twice, or at the head
    of that step's row in the step table — and never at this one, and the step table's row for this step
    does not say it either: the step was renumbered or mistyped.  The event is the term of the text's
    vocabulary that starts right after the step (or inside the bracket that follows it), or that ends right
    before 「于∕在∕位于∕属」 and the step."""
    rows = topics.places.step_rows
    said: dict[str, list[tuple[str, Unit, int, int]]] = {}
    for unit in ctx.units_outside_log():
        text = unit.text
        if "步骤" not in text:
            continue  # every match prints 步骤 (a text without it is not scanned)
        for m in _STEP_EVENT.finditer(text):
            if _skipped(text, m.start()):
                continue  # what is said around a skipped step is the skipper's
            hits = topics.vocab.scan(text[m.end() : m.end() + 10])
            event = _event_before(topics, text, m.start())
            if hits and hits[0].start == 1 and text[m.end()] in _EVENT_LEAD:
                hits[0] = Hit(0, hits[0].end, hits[0].term)  # 「步骤 0.55 致濒死」: what the step causes
            elif text[m.end() : m.end() + 2] in _EVENT_VERBS:
                # 「于步骤 4b 提交破坏行动」: the act done there, after the verb of doing it
                hits = [Hit(0, h.end, h.term) for h in hits if h.start == 2][:1]
            if hits and hits[0].start == 0:
                said.setdefault(hits[0].term, []).append((m.group("k"), unit, m.start(), m.end()))
            elif event is not None:
                said.setdefault(event, []).append((m.group("k"), unit, m.start(), m.end()))
            elif (opening := _bracket_before(text, m.start())) > 0:
                # 「倒计时结算（步骤 11）」「进入濒死（该夜步骤 0.55）」: the bracket annotates the words before it
                head = text[phrase_start(text, opening, max(0, opening - 11)) : opening]
                before = [h for h in topics.vocab.scan(head) if topics.vocab.specific(h.term, SPECIFIC_SHARE)]
                if before:
                    said.setdefault(before[-1].term, []).append((m.group("k"), unit, m.start(), m.end()))
    homes = _step_homes(topics)
    for term, places in said.items():
        steps: dict[str, int] = {}
        for k, *_ in places:
            steps[k] = steps.get(k, 0) + 1
        home = homes.get(term, set())
        for k, unit, at, end in places:
            if steps[k] != 1 or k in home:
                continue
            votes = {kk: n for kk, n in steps.items() if kk != k}
            for kk in home:
                votes[kk] = votes.get(kk, 0) + STEP_VOTES
            if len(votes) != 1 or max(votes.values()) < STEP_VOTES:
                continue
            if k in rows and _row_says(topics, rows, k, term):
                continue  # the step table says it happens here too
            if k not in rows and max(votes.values()) < ROWLESS_VOTES:
                continue  # a step without a row of its own (11, glued to 10's): only a clear majority tells
            usual = next(iter(votes))
            ref_raw = unit.text[at:end].rstrip("（ ")
            where = [(u.id, u.line_of(a)) for kk, u, a, _e in places if kk == usual]
            table = usual in home
            zh_where = (
                f"步骤表把「{term}」列在步骤 {usual}" + (f"，全文另 {len(where)} 处亦然" if where else "")
                if table
                else f"全文另 {len(where)} 处均把「{term}」放在步骤 {usual}"
            )
            en_where = (
                f"the step table lists '{term}' at step {usual}"
                + (f", as {len(where)} other places do" if where else "")
                if table
                else f"the text puts '{term}' at step {usual} in {len(where)} other places"
            )
            zh_row = f"步骤表步骤 {k} 也不讲它" if k in rows else f"步骤表中步骤 {k} 没有自己的一行"
            en_row = (
                f"and the step table's row {k} does not mention it"
                if k in rows
                else f"and the step table has no row of its own for step {k}"
            )
            yield TOPIC.finding(
                unit.id,
                unit.line_of(at),
                f"此处「{ref_raw}」讲的是「{term}」，而{zh_where}（{zh_row}），{RENUMBERED_OR_MISTYPED_ZH}",
                f"'{ref_raw}' is said with '{term}', but {en_where} ({en_row}) — {RENUMBERED_OR_MISTYPED_EN}",
                clip(unit.text[max(0, at - 10) : end + 8], 40),
                related=[(f"步骤 {usual}", None), *where[:4]],
                extra={
                    "target": f"步骤 {k}",
                    "likely": f"步骤 {usual}",
                    "terms": [term],
                    "kind": "night_step",
                },
            )


def _bracket_before(text: str, at: int) -> int:
    """Where the bracket opens that the step at ``at`` leads (「（步骤 11）」「（该夜步骤 0.55」), else -1."""
    night = _NIGHT_OF.search(text, max(0, at - 6), at)
    i = night.start() if night is not None else at
    return i - 1 if i > 0 and text[i - 1] in "（(" else -1


# 「延后 0.55 的感染致死」: a row naming another step's event by that step
_OTHER_STEPS = re.compile(r"(?:步骤\s*)?(?P<k>\d{1,2}(?:\.\d{1,2})?[ab]?)\s*的?\s*$")


def _row_says(topics: Topics, rows: dict[str, str], k: str, term: str) -> bool:
    """Row ``k`` of the step table says the term as its own: not only as another step's (row 0.5 「方可延后
    0.55 的感染致死」 speaks of 0.55's event)."""
    row = rows[k]
    if term not in row:
        return topics.present(term, squash(row))
    at = row.find(term)
    while at >= 0:
        other = _OTHER_STEPS.search(row, max(0, at - 10), at)
        if other is None or other.group("k") == k or other.group("k") not in rows:
            return True
        at = row.find(term, at + len(term))
    return False


_EVENT_MARKS = (
    "位于",
    "同属",
    "于",
    "在",
    "属",
    "占用",
    "→",
)  # 「死亡→当夜步骤 9」: an event mapped to its step
_NIGHT_OF = re.compile(r"(?:当夜|该夜|第\s*\d+\s*夜)\s*$")
_MODAL = "需须应可均皆亦仍"
_EVENT_LEAD = "致被"  # 「步骤 0.55 致濒死」「步骤 8 被救援」
# 「于步骤 4b 提交破坏行动」「步骤 1 发动乔装」: a verb of acting, then the act the step is for
_EVENT_VERBS = frozenset({"提交", "发动", "执行", "选择", "使用", "进行"})
ROW_NAMES_SPAN = 24  # the names at the head of a step row: 「8 医生（治疗∕救援∕自救∕制药）」


def _step_homes(topics: Topics) -> dict[str, set[str]]:
    """The step table names what happens at each step at the head of its row (「5 外星人击杀∕双刀」):
    each such term with the steps whose rows name it."""
    homes: dict[str, set[str]] = {}
    for key, row in topics.places.step_rows.items():
        head = row_names(row[len(key) : len(key) + ROW_NAMES_SPAN])
        for h in topics.vocab.scan(head):
            homes.setdefault(h.term, set()).add(key)
    return homes


# 「晚于步骤 7」「早于步骤0.5」 and 「步骤 3 之后」「步骤 9 前」: a time relative to a step
_TIME_BEFORE = re.compile(r"(?P<w>早于|先于|晚于|后于)\s*步骤\s*(?P<k>\d{1,2}(?:\.\d{1,2})?[ab]?)(?![\d.])")
_TIME_AFTER_STEP = re.compile(
    r"步骤(?<![早晚先后]于步骤)\s*(?P<k>\d{1,2}(?:\.\d{1,2})?[ab]?)(?![\d.])\s*(?:结算|完成|结束)*\s*(?P<w>之前|之后|前|后)"
)
_OWN_STEP = re.compile(r"(?<![早晚先后])[于在]\s*步骤\s*(?P<k>\d{1,2}(?:\.\d{1,2})?[ab]?)(?![\d.])")
TIME_SUBJECT = 16  # the event a time is said of stands at most this many characters before it


def _step_times(ctx: LintContext, topics: Topics) -> Iterator[Finding]:
    """A time said of an event whose step the step table gives (「乔装于步骤 1 结算、晚于步骤0.55」, 嗅探
    「步骤 3 之后、4a 之前」) must agree with the table's order: an event of step 3.5 is not 「晚于步骤 4a」.
    The event is the nearest term before the time, in the same sentence part, that heads exactly one row."""
    rows = topics.places.step_rows
    if not rows:
        return
    order = {k: n for n, k in enumerate(sorted(rows, key=step_order))}
    homes = {
        t: next(iter(ks))
        for t, ks in _step_homes(topics).items()
        if len(ks) == 1 and topics.vocab.specific(t, SPECIFIC_SHARE)
    }
    owner = ctx.owners.night_steps
    tables = {owner, ctx.owners.batches}  # the step and batch tables say when, not what happens then
    for unit in ctx.units_outside_log():
        if unit.id in tables:
            continue
        text = unit.text
        if "步骤" not in text:
            continue  # every match of both prints 步骤 (a text without it is not scanned)
        for m in (*_TIME_BEFORE.finditer(text), *_TIME_AFTER_STEP.finditer(text)):
            k = m.group("k")
            if k not in order:
                continue
            lo = max(0, m.start() - TIME_SUBJECT)
            cut = max((text.rfind(ch, lo, m.start()) for ch in "。；;"), default=-1)
            head = text[max(lo, cut + 1) : m.start()]
            own = _OWN_STEP.search(head)
            if own is not None and own.group("k") in order:
                # 「于步骤 8与医生救援同窗口结算（晚于步骤7」: the sentence gives the event's own step
                term, home = own.group(0).strip(), own.group("k")
            else:
                # a word after another step is that step's event (「步骤 9 死亡结算完成后、当夜步骤0之前」)
                head = re.split(r"步骤|[\d.]+[ab]?\s", head, maxsplit=1)[0]
                events = [h for h in topics.vocab.scan(head) if h.term in homes]
                if not events:
                    continue
                term = events[-1].term
                home = homes[term]
            later = m.group("w") in ("晚于", "后于", "之后", "后")
            strict = m.re is _TIME_BEFORE  # 「晚于步骤 1」 excludes step 1; 「步骤 1 结算后」 is its end
            if (order[home] > order[k]) == later if home != k else not strict:
                continue
            rel_zh = "之后" if later else "之前"
            rel_en = "after" if later else "before"
            raw = text[m.start() : m.end()]
            if own is not None and term == own.group(0).strip():
                zh = f"此处先说「{term}」，又说「{raw}」（步骤 {k} {rel_zh}），按步骤顺序（{owner}）二者不能同真，{RENUMBERED_ZH}"
                en = f"'{term}' and then '{raw}' (step {k} {rel_en}) cannot both hold in the order of {owner}"
            else:
                zh = f"「{term}」在步骤表中属步骤 {home}，此处却说它在「{raw}」（步骤 {k} {rel_zh}），与步骤顺序（{owner}）相反，{RENUMBERED_ZH}"
                en = (
                    f"'{term}' is step {home} in the step table, but here it is '{raw}' (step {k} {rel_en}), "
                    f"against the order of {owner}"
                )
            yield TOPIC.finding(
                unit.id,
                unit.line_of(m.start()),
                zh,
                en + f" — {RENUMBERED_EN}",
                clip(text[max(0, m.start() - 12) : m.end() + 4], 40),
                related=[(owner, None)],
                extra={
                    "target": f"步骤 {k}",
                    "likely": f"步骤 {home}",
                    "terms": [term],
                    "kind": "night_step",
                },
            )


_TITLE_STEP = re.compile(r"步骤\s*(?P<k>\d{1,2}(?:\.\d{1,2})?[ab]?)(?![\d.])")
_SOURCE_AFTER = re.compile(rf"\s*[（(]\s*(?:依|见)?\s*(?P<id>{CLAUSE_ID})\s*[）)]")
# 「含3.3.2（出手同属步骤8）」: the source before a bracket that gives its step
_SOURCE_BEFORE = re.compile(rf"(?<![\d.])(?P<id>{CLAUSE_ID})\s*[（(][^（）()\d]{{0,12}}$")


def _step_sources(ctx: LintContext, topics: Topics) -> Iterator[Finding]:
    """A step given with its source right after it (「研制、接种同属步骤 8（依 3.3.2）」), or in a bracket right
    after the source (「3.3.2（出手同属步骤 8）」), while the source's title names another step (3.3.2
    「医生出手同属步骤 8」): one of the two was renumbered."""
    for unit in ctx.units_outside_log():
        text = unit.text
        if "步骤" not in text:
            continue  # every match prints 步骤 (a text without it is not scanned)
        for m in _STEP_EVENT.finditer(text):
            src = _SOURCE_AFTER.match(text, m.end() - (1 if text[m.end() - 1 : m.end()] in "（(" else 0))
            if src is None:
                src = _SOURCE_BEFORE.search(text, max(0, m.start() - 24), m.start())
            if src is None:
                continue
            clause = ctx.clause(src.group("id"))
            said = _TITLE_STEP.search(clause.title) if clause is not None else None
            if clause is None or said is None or said.group("k") == m.group("k"):
                continue
            raw = text[min(m.start(), src.start()) : max(src.end(), m.end())].strip()
            yield TOPIC.finding(
                unit.id,
                unit.line_of(m.start()),
                f"「{raw}」：所依的 {clause.id}「{clause.title}」讲的是步骤 {said.group('k')}，此处却作步骤 "
                f"{m.group('k')}，{RENUMBERED_ZH}",
                f"'{raw}': its source {clause.id} '{clause.title}' is about step {said.group('k')}, but here it is "
                f"step {m.group('k')} — {RENUMBERED_EN}",
                clip(text[max(0, min(m.start(), src.start()) - 10) : max(src.end(), m.end()) + 2], 40),
                related=[(clause.id, None)],
                extra={
                    "target": f"步骤 {m.group('k')}",
                    "likely": f"步骤 {said.group('k')}",
                    "terms": [clause.title],
                    "kind": "night_step",
                },
            )


def row_names(head: str) -> str:
    """What a step row names before it describes: up to the first space or 「；。，：」, without brackets that
    cite (「外星人蛰伏（6.1）：…」 → 外星人蛰伏; 「医生（治疗∕救援∕自救∕制药）；…」 keeps the list)."""
    head = re.split(r"[\s；;。，,：:]", head.strip(), maxsplit=1)[0]
    return re.sub(r"[（(][^（）()]*\d[^（）()]*[）)]", "", head)


# 「步骤 4b 后」「步骤10开始时」: when a batch row says it is published
_ROW_TIME = re.compile(r"步骤\s*(?P<k>\d{1,2}(?:\.\d{1,2})?[ab]?)\s*(?:后|开始时|会议)")
# 「于当夜步骤4a结算后随批次④公告」「于步骤 0.6 结算后发布（批次②）」「随当夜步骤 4b并入批次⑤」: a sentence's
# time for a batch (what goes 「随」 a step is published with it)
_SAID_TIME = re.compile(
    r"(?<![早晚先])(?:(?:于|在)?(?:当夜|该夜)?步骤\s*(?P<k>\d{1,2}(?:\.\d{1,2})?[ab]?)(?![\d.])\s*(?:结算|完成)*\s*(?:之)?后"
    r"|随\s*(?:当夜|该夜)?\s*步骤\s*(?P<w>\d{1,2}(?:\.\d{1,2})?[ab]?)(?![\d.])\s*(?:结算)?)"
)
_BATCH_NEAR = 16  # at most this many characters between the time and the batch, in one sentence part


def _batch_times(ctx: LintContext, topics: Topics) -> Iterator[Finding]:
    """A batch published 「步骤 X 后」 by the batch table (2.1.6: 「⑤ … 步骤4b后」) and said elsewhere to be
    published after another step in the same breath (「于当夜步骤4a结算后随批次⑤公告」): the step or the
    batch was renumbered."""
    rows = topics.places.batch_rows()
    owner = ctx.owners.batches
    times: dict[str, set[str]] = {}
    for label, row in rows.items():
        found = {m.group("k") for m in _ROW_TIME.finditer(row)}
        if found:
            times[label] = found
    if not times:
        return
    for unit, ref, at in _located(ctx, topics, RefKind.BATCH, quoted=False):
        label = normalize_item(ref.target_item or "")
        if unit.id == owner or label not in times or item_label_at(ctx, unit, at, ref):
            continue
        text = unit.text
        lo = max(0, at - _BATCH_NEAR - 12)
        said = [m for m in _SAID_TIME.finditer(text, lo, at) if m.end() >= at - _BATCH_NEAR]
        said = [m for m in said if not re.search(r"[。；;，,、]", text[m.end() : at])]
        if not said:
            continue
        m = said[-1]
        step = m.group("k") or m.group("w")
        if step in times[label]:
            continue
        usual = "∕".join(sorted(times[label], key=step_order))
        raw = text[m.start() : at + len(ref.raw)]
        yield TOPIC.finding(
            unit.id,
            unit.line_of(at),
            f"「{clip(raw, 40)}」：批次{label}依公告批次表（{owner}）于步骤 {usual} 后发布，此处却系于步骤 {step} 之后，"
            f"步骤与批次必有一处改号未同步",
            f"'{clip(raw, 40)}': batch {label} is published after step {usual} by the batch table ({owner}), but "
            f"here after step {step} — the step or the batch was renumbered",
            clip(text[max(0, m.start() - 6) : at + len(ref.raw) + 6], 44),
            related=[(owner, None)],
            extra={
                "target": f"批次{label}",
                "likely": f"步骤 {usual}",
                "terms": [f"步骤 {step}"],
                "kind": "batch",
            },
        )


NAME_SAME = 4  # characters at the end of two names of a batch that make them one name (「驱逐公告」)
NAME_VOTES = 2  # what tells a batch's name: another place calling it so (1), its table row saying it (2)


def _batch_names(ctx: LintContext, topics: Topics) -> Iterator[Finding]:
    """A batch called by its name (「紧急会议开场公告（批次⑦，4.9.2）」「驱逐公告（批次⑩）」) names a row of the
    batch table: when the cited row's own text and the other places' names for it never say the name, while
    one other row does — its table text at least :data:`NAME_SAME` characters of the name, or other places
    ending their name of it the same way — the batch was renumbered.  (The rows that
    :meth:`_Places.batch_rows` hands the other checks have learned each name from the citation itself, so
    they cannot judge it.)"""
    clause = ctx.clause(ctx.owners.batches)
    if clause is None:
        return
    table = {normalize_item(it.label): squash(it.text) for it in clause.items}
    named = [
        (m.group("name"), m.group("label"), unit, m.start("label"))
        for unit in ctx.units_outside_log()
        if unit.id != clause.id and BATCH_NAMED in unit.text  # (a text without it holds no match)
        for m in NAMED_BATCH.finditer(unit.text)
        if not _item_starts(ctx, unit, m.start("label"))  # 「公告（批次」 cut, then the item 「② 对象：」
    ]
    for i, (name, label, unit, at) in enumerate(named):
        if label not in table:
            continue
        votes: dict[str, int] = {}
        for j, (other, elsewhere, *_rest) in enumerate(named):
            if j != i and common_suffix(name, other) >= NAME_SAME:
                votes[elsewhere] = votes.get(elsewhere, 0) + 1
        for key, row in table.items():
            if common_run(name, row) >= NAME_SAME:
                votes[key] = votes.get(key, 0) + 2
        others = [(k, n) for k, n in votes.items() if k != label]
        if votes.get(label) or len(others) != 1 or others[0][1] < NAME_VOTES:
            continue
        likely = others[0][0]
        raw = f"{name}（批次{label}"
        yield TOPIC.finding(
            unit.id,
            unit.line_of(at),
            f"「{raw}」：公告批次表（{clause.id}）的批次{label}及他处对它的称呼都不讲「{name}」，"
            f"而批次{likely}讲，{RENUMBERED_ZH}",
            f"'{raw}': neither batch {label}'s row of the batch table ({clause.id}) nor the other places' names "
            f"for it say '{name}', while batch {likely} does — {RENUMBERED_EN}",
            clip(unit.text[max(0, at - len(name) - 2) : at + 6], 40),
            related=[(clause.id, None)],
            extra={"target": f"批次{label}", "likely": f"批次{likely}", "terms": [name], "kind": "batch"},
        )


ROW_WORDS = 4  # characters right after a step that only one row of the step table prints
_AFTER_STEP = re.compile(rf"[\s（(]*([\u4e00-\u9fff]{{{ROW_WORDS},12}})")


_NOT_A_NAME = step_rowwords.NOT_A_NAME


def _row_words(ctx: LintContext, topics: Topics) -> Iterator[Finding]:
    """A step followed by words that one row of the step table prints and the cited row does not
    (「经步骤 9死亡结算」: row 9 is 「死亡结算」; 「该夜步骤 11 自然流逝为 0」: row 11 says 「停转夜自然流逝为 0」):
    the step was renumbered.  The words are the longest start of the run of characters right after the
    step, at least :data:`ROW_WORDS` of them, found in exactly one row."""
    rows = step_rowwords.own_rows(topics.places.step_rows)  # (row 0.5's 「0.55 的感染致死」 is 0.55's)
    owner = ctx.owners.night_steps
    for unit in ctx.units_outside_log():
        if unit.id == owner:
            continue
        text = unit.text
        for m in _KEY.finditer(text):
            key = m.group("k")
            after = _AFTER_STEP.match(text, m.end())
            if key not in rows or after is None or _skipped(text, m.start()):
                continue
            words = after.group(1)
            if words[0] in _NOT_A_NAME:
                continue  # 「步骤 1（不占行动窗口」: a property many steps have, not what happens at one
            best: dict[str, int] = {}
            for k, row in rows.items():
                n = next((n for n in range(len(words), ROW_WORDS - 1, -1) if words[:n] in row), 0)
                if n:
                    best[k] = n
            if len(best) != 1 or key in best:
                continue
            ((likely, n),) = best.items()
            said = words[:n]
            raw = text[m.start() : after.end()]
            quote = clip(text[max(0, m.start() - 8) : after.end() + 4], 40)
            yield step_rowwords.only_row_says(unit, m.start(), raw, likely, said, key, quote)


def _item_starts(ctx: LintContext, unit: Unit, at: int) -> bool:
    """Whether an item of ``unit``'s clause starts at ``at``."""
    clause = ctx.clause(unit.id) if unit.is_clause else None
    return clause is not None and any(it.offset == at for it in clause.items)


def _event_before(topics: Topics, text: str, at: int) -> str | None:
    """The term that ends right before 「于∕在∕位于∕属」 and the step at ``at``: 「结茧于步骤 4b」「乔装于步骤 1」
    (not a condition or a time: 「早于步骤 2」 ends on 早, no term)."""
    i = at
    while i > 0 and text[i - 1] in " \u3000":
        i -= 1
    night = _NIGHT_OF.search(text, max(0, i - 6), i)
    if night is not None:
        i = night.start()  # 「于当夜步骤 8」
        while i > 0 and text[i - 1] in " \u3000":
            i -= 1
    mark = next((w for w in _EVENT_MARKS if text[:i].endswith(w)), None)
    if mark is None:
        return None
    i -= len(mark)
    while i > 0 and text[i - 1] in _MODAL:
        i -= 1  # 「制药需占用步骤 8」
    head = text[max(0, i - 10) : i]
    hits = topics.vocab.scan(head)
    if not hits or hits[-1].end != len(head):
        return None
    term = hits[-1].term
    # an arrow maps the event to its step whatever the term (「死亡→当夜步骤 9」; 死亡 is everywhere)
    return term if mark == "→" or topics.vocab.specific(term, SPECIFIC_SHARE) else None


_STEP_NEAR = 8


# 「步骤 8（原救援医师行动位，晚于…）」: a bracket whose first part names whose step it is
_BRACKET_HEAD = re.compile(r"[（(]([\u4e00-\u9fff∕/、]{2,10})[，,；;]")


def step_verdict(
    topics: Topics, text: str, at: int, end: int, place: Place, near: list[Place]
) -> tuple[list[str], Place] | None:
    """A step is cited for what happens at it: the words right after 「步骤 N」 (「步骤 8 救援」), or the
    ones right before 「于步骤 N」 (「转职于步骤 0.6 结算」).  Their terms must be in the step's row; a
    finding when they are not, and a neighbouring row is headed by them."""
    skip = end
    while skip < len(text) and text[skip] in " \u3000":
        skip += 1
    after = text[skip : part_end(text, skip, min(len(text), skip + _STEP_NEAR))]
    bracket = BRACKET_NAME.match(text, skip) or _BRACKET_HEAD.match(text, skip)
    if bracket:
        after = bracket.group(1)  # 「步骤 6（枪击）」: the bracket names what happens at the step
    if after.startswith(("在", "于", "因", "若", "如", "自", "从", "当")):
        after = ""  # 「步骤 8 在寂灭时刻中空转」: what follows is a condition, not what happens there
    if _skipped(text, at):
        return None  # 「跳过步骤 11」: the words around are the skipper's (_step_skips judges it)
    before_at = at - 1 if text[at - 1 : at] == "于" else at
    if text[max(0, before_at - 1) : before_at] in ("＝", "="):
        return None  # 「行动位＝步骤 3」: a gate answer, the step is the value
    if text[max(0, before_at - 1) : before_at] in ("（", "("):
        before_at -= 1  # 「私聊（步骤 0）」: the bracket annotates the words before it
    before = text[max(part_start(text, before_at, max(0, before_at - 12)), before_at - 12) : before_at]
    before = REFERENCE.split(before)[-1]  # 「步骤 8 救援与步骤 9」: only what stands after the last reference
    row = bigrams(place.text)
    # the names around the step (longest match: 「感染抑制」, not 「感染」) decide first
    attached = text[max(0, at - 1) : at] in ("于", "在", "（", "(", "属", "归")
    around = after + ("。" + re.split(r"[→若]", before)[-1] if attached or not after.strip() else "")
    mentioned = [h.term for h in topics.vocab.scan(around)]
    named = [t for t in mentioned if topics.vocab.specific(t, SPECIFIC_SHARE)]
    if named:
        squashed = squash(place.text)
        if any(topics.present(t, squashed) for t in mentioned):
            return None  # the row names one of them (「外星人出刀位于步骤 5」: 步骤 5 is 外星人击杀)
        having = [p for p in near if any(topics.present(t, squash(p.text)) for t in named)]
        if len(having) == 1:
            return sorted(set(named)), having[0]
    if (_content_bigrams(after) | _content_bigrams(before)) & row:
        return None  # 「步骤 9 死亡结算」「转职于步骤 0.6」: the words around the step are its row's
    if attached and mentioned and not named:
        # 「濒死状态在步骤 9 必定终结」: a name the book says everywhere (濒死) still tells the rows apart
        # when the step is its subject's — the cited row must say it if exactly one row near it does
        squashed = squash(place.text)
        if not any(topics.present(t, squashed) for t in mentioned):
            having = [p for p in near if any(topics.present(t, squash(p.text)) for t in mentioned)]
            if len(having) == 1:
                return sorted({t for t in mentioned if topics.present(t, squash(having[0].text))}), having[0]
    words_after = _content_bigrams(after, topics.common_words)
    words_before = _content_bigrams(before, topics.common_words)
    # 「濒死状态在步骤 9必定终结」: the words before a step they are attached to are said of it too
    words = words_after | words_before if attached else words_after or words_before
    if not words:
        return None
    scored = sorted(
        ((len(words & bigrams(p.text)), -k, p) for k, p in enumerate(near)),
        key=lambda sc: (sc[0], sc[1]),
        reverse=True,
    )
    if not scored or scored[0][0] == 0 or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None  # no row says these words, or two do equally
    likely = scored[0][2]
    return sorted(words & bigrams(likely.text)), likely


def _content_bigrams(text: str, common: frozenset[str] = frozenset()) -> set[str]:
    """Two-character words that carry content: none of a function character, none of the step table's
    own vocabulary (步骤, 结算, 当夜 …), none the book uses everywhere."""
    return {
        w for w in bigrams(text) if w not in STEP_STOP and w not in common and not (set(w) & _FUNCTION_CHARS)
    }


_ROW_HEAD = 14


_FUNCTION_CHARS = frozenset(
    "的之于与及和或在为并且而则亦均皆也其此该本即等各个每已未不可须得以所由对向从至到时后前中内外上下起"
)
# two-character words every row of a step table may use
STEP_STOP = frozenset(
    (
        "当夜",
        "本步",
        "步骤",
        "结算",
        "之后",
        "之前",
        "执行",
        "进行",
        "完成",
        "开始",
        "夜的",
        "行动",
        "批次",
        "上限",
    )
)


# 「→跳过步骤7」 in row 4b, 「召开该夜跳过步骤11」 in row 10: the steps a row's event makes the night skip
_SKIP_WORD = step_rowwords.SKIP_WORD
_SKIP = re.compile(rf"{_SKIP_WORD}\s*(?:当夜|该夜)?\s*步骤\s*(?P<k>\d{{1,2}}(?:\.\d{{1,2}})?[ab]?)(?![\d.])")
# 「跳过蛰伏（步骤0.1）与步骤5」: every step a skip names, down a list
_SKIP_LIST = re.compile(
    r"跳过(?:[\u4e00-\u9fff]{1,6}[（(])?\s*步骤\s*\d{1,2}(?:\.\d{1,2})?[ab]?(?![\d.])[）)]?"
    r"(?:\s*(?:与|及|和|、)\s*(?:[\u4e00-\u9fff]{1,6}[（(])?\s*步骤\s*\d{1,2}(?:\.\d{1,2})?[ab]?(?![\d.])[）)]?)*"
)
_KEY = re.compile(r"步骤\s*(?P<k>\d{1,2}(?:\.\d{1,2})?[ab]?)(?![\d.])")


_skipped = step_rowwords.skipped


def _step_skips(ctx: LintContext, topics: Topics) -> Iterator[Finding]:
    """A skip said of an event whose row in the step table says which steps it skips (4b 「破坏∕结茧…→跳过
    步骤7」): 「选破坏或结茧而跳过步骤8」 names a step the row never skips — one of the two was renumbered.
    The event is a term of the same sentence part, before the skip, that heads exactly one row."""
    rows = topics.places.step_rows
    lists = {key: _skip_lists(topics, row) for key, row in rows.items()}
    skips = {key: set().union(*(ks for _who, ks in found)) for key, found in lists.items() if found}
    if not skips:
        return
    homes = {
        t: next(iter(ks))
        for t, ks in _step_homes(topics).items()
        if len(ks) == 1 and next(iter(ks)) in skips and topics.vocab.specific(t, SPECIFIC_SHARE)
    }
    owner = ctx.owners.night_steps
    yield from _self_skips(ctx, rows, skips)
    for unit in ctx.units_outside_log():
        if unit.id in (owner, ctx.owners.batches):
            continue
        text = unit.text
        for m in _SKIP.finditer(text):
            k = m.group("k")
            events = _skip_events(topics, text, m.start(), homes)
            skippers = {homes[t] for t in events}
            if len(skippers) != 1:
                continue
            home = next(iter(skippers))
            allowed = _skipper_list(topics, unit, text, m.start(), lists[home]) or skips[home]
            if k in allowed:
                continue
            usual = "∕".join(sorted(allowed, key=step_order))
            raw = text[m.start() : m.end()]
            shown = "、".join(dict.fromkeys(events))
            yield _renumbered_step(
                unit,
                m.start(),
                f"此处「{shown}」而「{raw}」，但「{shown}」属步骤 {home}，步骤表（{owner}）该行所列跳过的步骤为 {usual}，"
                f"不含步骤 {k}，{RENUMBERED_ZH}",
                f"'{shown}' here skips step {k} ('{raw}'), but '{shown}' is step {home}, whose row in the step "
                f"table ({owner}) skips step {usual} — {RENUMBERED_EN}",
                clip(text[max(0, m.start() - 12) : m.end() + 4], 40),
                owner,
                (k, usual),
                events,
            )


def _self_skips(ctx: LintContext, rows: dict[str, str], skips: dict[str, set[str]]) -> Iterator[Finding]:
    """A row of the step table that skips its own step (「4b 破坏…→跳过蛰伏（步骤0.1）与步骤4b」): what happens
    at a step cannot make the night skip that step — one of the two was renumbered."""
    owner = ctx.owners.night_steps
    unit = next((u for u in ctx.units() if u.id == owner), None)
    if unit is None:
        return
    for key, steps in skips.items():
        row_at = unit.text.find(rows[key])
        if key not in steps or row_at < 0:
            continue
        m = next(
            (
                m
                for m in _SKIP_LIST.finditer(rows[key])
                if key in {k.group("k") for k in _KEY.finditer(m.group(0))}
            ),
            None,
        )
        at = row_at + (m.start() if m is not None else 0)
        raw = m.group(0) if m is not None else f"步骤 {key}"
        yield TOPIC.finding(
            unit.id,
            unit.line_of(at),
            f"步骤表（{owner}）步骤 {key} 一行「{clip(raw, 30)}」跳过的是本步骤自身，{RENUMBERED_ZH}",
            f"row {key} of the step table ({owner}) skips its own step ('{clip(raw, 30)}') — {RENUMBERED_EN}",
            clip(unit.text[max(0, at - 12) : at + len(raw) + 2], 40),
            related=[(owner, None)],
            extra={"target": f"步骤 {key}", "likely": None, "terms": [raw], "kind": "night_step"},
        )


SKIP_SENTENCE = 40  # when the skip's own sentence part names no event, the sentence before it may


def _skip_events(topics: Topics, text: str, at: int, homes: dict[str, str]) -> list[str]:
    """The events that head one row each, said before the skip at ``at``: in its own sentence part
    (「选破坏或结茧而跳过步骤7」), or else in its sentence (「选破坏则在步骤 4b 结算，当晚不再参与步骤7」)."""
    for marks, reach in (("。；;，,", TIME_SUBJECT), ("。；;", SKIP_SENTENCE)):
        lo = max(0, at - reach)
        cut = max((text.rfind(ch, lo, at) for ch in marks), default=-1)
        events = [h.term for h in topics.vocab.scan(text[max(lo, cut + 1) : at]) if h.term in homes]
        if events:
            return events
    return []


def _skip_lists(topics: Topics, row: str) -> list[tuple[frozenset[str], set[str]]]:
    """The skip lists of a step row, each with the terms said before it in its own sentence part (row 4b:
    「异形选此（破坏或结茧）→跳过步骤7」 and 「外星人选破坏→跳过蛰伏（步骤0.1）与步骤5」 are two lists, one
    for 异形 and one for 外星人).  Only the terms no other list of the row has are kept: they tell whose
    list it is."""
    found: list[tuple[set[str], set[str]]] = []
    for part in re.split(r"[；;。]", row):
        for m in _SKIP_LIST.finditer(part):
            steps = {k.group("k") for k in _KEY.finditer(m.group(0))}
            found.append(({h.term for h in topics.vocab.scan(part[: m.start()])}, steps))
    return [
        (frozenset(who - set().union(*(w for j, (w, _s) in enumerate(found) if j != i))), steps)
        for i, (who, steps) in enumerate(found)
    ]


def _skipper_list(
    topics: Topics, unit: Unit, text: str, at: int, lists: list[tuple[frozenset[str], set[str]]]
) -> set[str] | None:
    """The one skip list of the row whose subject the citing sentence names (「异形…跳过步骤 X」 is held to
    异形's list, not 外星人's): first the sentence part before the skip, then the whole sentence, then the
    titles of the citing clause and its ancestors.  None when no one list is named."""
    if len(lists) < 2:
        return None
    part = max((text.rfind(ch, 0, at) for ch in "。；;，,、"), default=-1)
    sentence = max((text.rfind(ch, 0, at) for ch in "。；;"), default=-1)
    for words in (text[part + 1 : at], text[sentence + 1 : at], "。".join(_titles(topics, unit))):
        named = {h.term for h in topics.vocab.scan(words)}
        chosen = [steps for who, steps in lists if who & named]
        if len(chosen) == 1:
            return chosen[0]
        if chosen:
            return None  # both subjects named: no one list
    return None


def _quoted_steps(ctx: LintContext, topics: Topics) -> Iterator[Finding]:
    """A step inside a quotation of a rule (「不违反「步骤 9为死亡硬结算点」」) is judged as any step citation
    is: the quoted words said of the step must be its row's.  (Other quoted citations are history or
    mentions; a quoted step with the words of its rule is a restatement of the table.)"""
    for unit, ref, at in _located(ctx, topics, RefKind.NIGHT_STEP, quoted=True):
        place, near = topics.target(ref)
        if place is None:
            continue
        found = step_verdict(topics, unit.text, at, at + len(ref.raw), place, near)
        if found is not None:
            yield topic_finding(unit, ref, at, place, *found)


def _located(
    ctx: LintContext, topics: Topics, kind: RefKind, quoted: bool
) -> Iterator[tuple[Unit, Ref, int]]:
    """The citations of one kind, quoted or not, outside the revision log, with their units and offsets."""
    for unit in ctx.units_outside_log():
        for ref in ctx.refs_by_unit.get(unit.id, []):
            if ref.kind is kind and ref.quoted is quoted:
                at = topics.locate(unit, ref)
                if at is not None:
                    yield unit, ref, at


_NIGHT = r"(?:当夜|该夜|每夜|下一夜|次夜|第\s*\d+\s*夜)"
_STEP_KEY = r"步骤\s*(?P<k>\d{1,2}(?:\.\d{1,2})?[ab]?)(?![\d.])"
# the ways a text says where a night begins: entering it from the day (「进入第 1 夜步骤 0」「开局讨论（2.3.1）→
# 第 1夜步骤0」; not an event mapped to its step, 「死亡→当夜步骤 9」), the
# window between the day (or the night before) and it (「白天投票之后、当夜步骤 0 之前」「上一夜步骤 9 死亡结算
# 完成后、当夜步骤0之前」), or 「早于一切夜间步骤，故第 1 夜步骤 0 之前」
_DAY_TO_ARROW = r"[^。；;→]{0,12}→"
_NIGHT_ENTRY = (
    # (?:进入|(?:白天|昼|投票|驱逐|讨论)[^。；;→]{0,12}→) with the inner choice spread over the arrow: every
    # alternative led by a literal, so ``re`` skips to their first characters (the same matches)
    re.compile(
        rf"(?:进入|{'|'.join(w + _DAY_TO_ARROW for w in ('白天', '昼', '投票', '驱逐', '讨论'))})\s*{_NIGHT}\s*{_STEP_KEY}"
    ),
    re.compile(
        rf"(?:白天|昼|投票|驱逐|讨论|上一夜|前一夜)[^。；;「」]{{0,16}}?(?:之后|后|结束)\s*[、，,至到]?\s*{_NIGHT}\s*{_STEP_KEY}"
        r"\s*(?:之前|前)"
    ),
    re.compile(
        rf"(?:早于|先于)(?:一切|全部|所有|任何)夜间步骤[^。；;]{{0,16}}?{_NIGHT}\s*{_STEP_KEY}\s*(?:之前|前)"
    ),
)


def _night_entries(ctx: LintContext, topics: Topics) -> Iterator[Finding]:
    """Where a night begins is its first step (2.1.1's first row): 「进入第 1 夜步骤 X」, 「白天投票之后、当夜步骤
    X 之前」 and 「早于一切夜间步骤…第 1 夜步骤 X 之前」 must name it.  Another step there leaves the steps
    before it outside the night — it was renumbered."""
    rows = topics.places.step_rows
    if not rows:
        return
    first = min(rows, key=step_order)
    owner = ctx.owners.night_steps
    for unit in ctx.units_outside_log():
        text = unit.text
        seen: set[int] = set()
        for pattern in _NIGHT_ENTRY:
            for m in pattern.finditer(text):
                k = m.group("k")
                if k == first or k not in rows or m.start("k") in seen:
                    continue
                seen.add(m.start("k"))
                raw = text[m.start() : m.end()]
                yield TOPIC.finding(
                    unit.id,
                    unit.line_of(m.start("k")),
                    f"「{clip(raw, 40)}」讲的是夜晚的开始，而步骤表（{owner}）的第一个步骤是步骤 {first}，此处却作步骤 "
                    f"{k}，{RENUMBERED_ZH}",
                    f"'{clip(raw, 40)}' is where the night begins, but the first step of the step table ({owner}) is "
                    f"step {first}, not step {k} — {RENUMBERED_EN}",
                    clip(text[max(0, m.start("k") - 16) : m.end() + 2], 40),
                    related=[(owner, None)],
                    extra={
                        "target": f"步骤 {k}",
                        "likely": f"步骤 {first}",
                        "terms": [clip(raw, 20)],
                        "kind": "night_step",
                    },
                )


# 「外星人蛰伏…而占步骤表内行动位「步骤 0.1」」: a step given as an action's slot, said of the sentence's event
_SLOT = re.compile(rf"行动位\s*[＝=:：「]\s*(?:当夜|该夜|每夜)?\s*{_STEP_KEY}")
# 「于步骤 3 提交，与保镖保护（4.8）∕工匠护甲（4.11）同一步骤」: a step said to be the step of other events
# 「与医生的治疗∕救援同窗口结算、不另设步骤，故清除效果于步骤 8 实际落地」: the step may follow the phrase
_SAME_SLOT = re.compile(r"与(?P<with>[^。；;]{2,30}?)同(?:一)?(?:步骤|行动位|窗口)")
SLOT_REACH = 40  # how far back, in one sentence, the event or the step of a slot statement is looked for


def _slot_statements(ctx: LintContext, topics: Topics) -> Iterator[Finding]:
    """A step stated as the slot of an event the step table's rows head (「X 占行动位「步骤 K」」, or 「于步骤
    K …，与 Y 同一步骤」 where Y heads a row, or 「与 Y 同窗口结算…于步骤 K」): the step must be that row's.  The event is every term of the
    sentence before the step (or of the 「与…同」 phrase) that heads exactly one row; all of them must name
    the same row, and nothing else is cited between."""
    rows = topics.places.step_rows
    if not rows:
        return
    homes = {
        t: next(iter(ks))
        for t, ks in _step_homes(topics).items()
        if len(ks) == 1 and topics.vocab.specific(t, SPECIFIC_SHARE)
    }
    owner = ctx.owners.night_steps
    for unit in ctx.units_outside_log():
        text = unit.text
        found: list[tuple[int, str, list[str], str]] = []  # (offset of the step, step, events, words)
        for m in _SLOT.finditer(text):
            lo = max(0, m.start() - SLOT_REACH)
            cut = max((text.rfind(ch, lo, m.start()) for ch in "。；;"), default=-1)
            head = text[max(lo, cut + 1) : m.start()]
            if _TITLE_STEP.search(head) or _item_label_at_text(head):
                continue  # another step said first, or a ten-gate line's gate: not this event's slot
            events = [h.term for h in topics.vocab.scan(head) if h.term in homes]
            found.append((m.start("k"), m.group("k"), events, text[m.start() : m.end()]))
        for m in _SAME_SLOT.finditer(text):
            lo = max(0, m.start() - SLOT_REACH)
            cut = max((text.rfind(ch, lo, m.start()) for ch in "。；;"), default=-1)
            steps = list(_TITLE_STEP.finditer(text, max(lo, cut + 1), m.start()))
            if not steps:
                hi = min(len(text), m.end() + SLOT_REACH)
                stop = min((i for i in (text.find(ch, m.end(), hi) for ch in "。；;") if i >= 0), default=hi)
                steps = list(_TITLE_STEP.finditer(text, m.end(), stop))
            if len(steps) != 1:
                continue
            events = [h.term for h in topics.vocab.scan(m.group("with")) if h.term in homes]
            step = steps[0]
            raw = text[min(step.start(), m.start()) : max(step.end(), m.end())]
            found.append((step.start("k"), step.group("k"), events, raw))
        for at, k, events, raw in found:
            home = _one_home(events, homes)
            if not home or home == k or k not in rows:
                continue
            shown = "、".join(dict.fromkeys(events))
            yield _renumbered_step(
                unit,
                at,
                f"「{clip(raw, 40)}」说的是「{shown}」的行动位，而「{shown}」在步骤表（{owner}）中属步骤 {home}，"
                f"此处却作步骤 {k}，{RENUMBERED_ZH}",
                f"'{clip(raw, 40)}' is the slot of '{shown}', which is step {home} in the step table ({owner}), "
                f"not step {k} — {RENUMBERED_EN}",
                clip(text[max(0, at - 16) : at + 16], 40),
                owner,
                (k, home),
                events,
            )


_renumbered_step = step_rowwords.renumbered_step


def _one_home(events: list[str], homes: dict[str, str]) -> str:
    """The one row all the events head, or '' when they head none or several."""
    found = {homes[t] for t in events}
    return next(iter(found)) if len(found) == 1 else ""


def _item_label_at_text(head: str) -> bool:
    """A ten-gate line's gate label right before the step (「①行动位＝」): the gate, not a sentence."""
    return re.search(r"[①-⑳]\s*(?:之[一二三四五六七八九十])?\s*$", head) is not None
