"""Schedules of positions the text spells out (run with family e, restatements).

A rule that changes with the count often lays its positions out in one sentence, the first ones by
number and the rest open-ended: 「第 1 次＝开局公告所列之人类职业池，第 2 次起＝全职业池」, 「查验次序第 1 次
第 2 次及以后」, 「第 1 次提交 1 个、第 2 次起提交 1~2 个」.  Such a schedule restates itself: the open end
「第 k X 起」 (或 「及以后」「以后」) says that the positions before it are the ones named before it.  So

* every position 1 … k−1 must be named before 「第 k X 起」 (「第 1 次…第 3 次起」 leaves the 2nd unsaid),
  and none at or past k (「第 2 次…第 2 次起」 says the 2nd twice);
* the positions of one schedule count one thing: the same unit word of time (「第 1 次…第 2 夜起」 counts
  two things, or one of them was miscounted).

A schedule is judged only when it starts at 「第 1」 in the same sentence, with nothing but positions of
the same kind (Arabic numerals, a unit word of time) between its first position and its open end.
Positions in words (「第二次及以后」) and sentences that are examples are not read.

**After a threshold, the next position** (:func:`after_threshold`).  「累计达 3 次出刀致濒死后，自其第 4
次及以后每一次出刀」: a count reached (累计 达 满 N X) and then, after it (后), the positions from the next
one on (自第 M X 起∕及以后∕以后) in the same unit word and sentence: M must be N + 1; and when M is N + 1
the two count one thing, so two unit words of time there are a slip (「累计达 3 夜…后，自其第 4 次」).  The 后 is what says
the count comes after the threshold (「达 3 次时，自第 3 次起」 would count from the threshold itself).

**Nights named from an event** (:func:`anchored`, reported as restatements).  A night counted from an
event is said in words and in a number side by side: 「落身当夜为第 1 夜」, 「提前至第 2 夜（即感染当夜的次夜）」.
The words fix the count's origin — 当夜 (the event's own night) and 次夜∕翌夜 (the one after) are one
apart — so every such pair says how the text counts: the number minus the word's place.  The text's
own pairs vote on that origin (none is assumed: a book that calls the event's night 第 0 夜 is read as
it says); a pair said once against at least two that agree is the odd one out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ruleproof.findings import Finding, Severity
from ruleproof.lint.base import CheckInfo, clip
from ruleproof.lint.context import LintContext, Unit

SCHEDULE = CheckInfo(
    id="position-schedule",
    family="e",
    severity=Severity.WARNING,
    title="逐次列出的位次不连贯",
    title_en="a schedule of positions skips one, repeats one or changes what it counts",
    rule="「第 1 次＝…，第 2 次起＝…」之类逐次列出的位次，须自第 1 起逐一列至开放端之前一位，且同一单位；"
    "改了一处位次或单位而未改其余，即缺位、重位或计数对象不一。",
    rule_en="A schedule such as '1st = …, from the 2nd on = …' must name every position from the 1st up to "
    "the one before its open end, in one unit word; editing one position or unit word alone leaves a gap, "
    "a repeat or a change of what is counted.",
    advice="核对位次：补上缺的一位、删去重复的一位，或统一单位。",
    advice_en="Check the positions: add the missing one, drop the repeated one, or use one unit word.",
)

CHECKS = (SCHEDULE,)

_TIME_WORDS = "个夜晚|昼夜|次|夜|轮|天|日|回"
_SAME = {"回": "次", "个夜晚": "夜"}
# 「第 2 次」「第 1、2、3 夜」「第 1~3 夜」; open-ended when 起 / 及以后 / 以后 follows
_POSITION = re.compile(
    rf"第\s*(?P<ns>\d+(?:\s*[、~〜～]\s*\d+)*)\s*(?P<u>{_TIME_WORDS})(?P<open>\s*(?:起|及以后|以后))?"
)
_SENTENCE_END = "。；;｜|\n"
_EXAMPLE = re.compile(r"示例|例[：:]|例如|举例")
REACH = 80  # characters from the first position to the open end: one schedule, said in one breath


# nights named in words from an event's night: its own night and the one after (一夜之差)
_WORD_NIGHT = {"当夜": 0, "次夜": 1, "翌夜": 1}
_WORD_NIGHT_RE = "|".join(_WORD_NIGHT)
# 「落身当夜为第 1 夜」; 「第 2 夜（即感染当夜的次夜）」 — the bracket glosses the number
_NAMED_AS = re.compile(rf"(?P<w>{_WORD_NIGHT_RE})\s*(?:为|即|算|记为|计为|＝|=)\s*第\s*(?P<n>\d+)\s*夜")
_GLOSSED = re.compile(
    rf"第\s*(?P<n>\d+)\s*夜\s*[（(](?:即)?[^（）()，,。；]{{0,10}}?(?P<w>{_WORD_NIGHT_RE})[）)]"
)
ANCHOR_MIN = 2  # pairs that agree before one other is judged odd


def anchored(ctx: LintContext, check: CheckInfo) -> Iterator[Finding]:
    """Nights counted from an event, said in words and in a number: their origins vote (module docstring)."""
    said: dict[int, list[tuple[Unit, re.Match[str]]]] = {}
    for unit in ctx.units_outside_log():
        for pattern in (_NAMED_AS, _GLOSSED):
            for m in pattern.finditer(unit.text):
                lo = max(unit.text.rfind(ch, 0, m.start()) for ch in _SENTENCE_END) + 1
                if not _EXAMPLE.search(unit.text[lo : m.start()]):
                    said.setdefault(int(m.group("n")) - _WORD_NIGHT[m.group("w")], []).append((unit, m))
    if len(said) != 2:
        return
    (usual, agree), (odd, (one, *more)) = sorted(said.items(), key=lambda kv: len(kv[1]), reverse=True)
    if more or len(agree) < ANCHOR_MIN:
        return
    unit, m = one
    mine = re.sub(r"\s+", "", m.group(0))
    word, n = m.group("w"), int(m.group("n"))
    theirs = f"{word}为第 {n - odd + usual} 夜"
    where = "、".join(dict.fromkeys(u.id for u, _ in agree))
    yield check.finding(
        unit.id,
        unit.line_of(m.start("n")),
        f"此处「{mine}」，而 {where} 以同样的算法作「当夜为第 {usual} 夜」（位次不一致：依其余各处应为「{theirs}」）",
        f"says '{mine}', while {where} count the event's own night as night {usual} (by them it is "
        f"'{theirs}')",
        clip(unit.text[max(0, m.start() - 12) : m.end() + 6], 40),
        related=[(u.id, u.line_of(x.start("n"))) for u, x in agree[:5]],
        extra={
            "subject": word,
            "value": f"第 {n} 夜",
            "consensus": f"第 {n - odd + usual} 夜",
            "places": sorted({u.id for u, _ in agree}),
            "owner": agree[0][0].id,
            "via": ["words", "position"],
        },
    )


# 「累计达 3 次「出刀致濒死」后，自其第 4 次及以后」: a threshold, its 后, and the open-ended positions after it
_THRESHOLD_NEXT = re.compile(
    rf"(?:累计|达|满)\s*(?P<n>\d+)\s*(?P<u>{_TIME_WORDS})(?P<what>[^\d。；;｜|\n，,]{{0,12}}?)后\s*[，,]?\s*"
    rf"自\s*(?:其|该)?\s*第\s*(?P<m>\d+)\s*(?P<v>{_TIME_WORDS})\s*(?:起|及以后|以后)"
)


def after_threshold(ctx: LintContext) -> Iterator[Finding]:
    """A threshold and the positions after it in one sentence: 「累计达 N X…后，自第 N+1 X 起」 (module
    docstring).  Only the same unit word on both sides (「满 3 夜后，自第 2 次起」 counts two things)."""
    for unit in ctx.units_outside_log():
        text = unit.text
        for m in _THRESHOLD_NEXT.finditer(text):
            word = _SAME.get(m.group("u"), m.group("u"))
            other = _SAME.get(m.group("v"), m.group("v"))
            n, k = int(m.group("n")), int(m.group("m"))
            lo = max(text.rfind(ch, 0, m.start()) for ch in _SENTENCE_END) + 1
            if _EXAMPLE.search(text[lo : m.start()]) or (k == n + 1 and other == word):
                continue
            if other != word:
                if k != n + 1:
                    continue  # 「满 3 夜后，自第 2 次起」: two things counted
                # the next position says it counts what the threshold counts: one unit word slipped
                yield SCHEDULE.finding(
                    unit.id,
                    unit.line_of(m.start("u")),
                    f"此处累计达 {n} {word}之后自「第 {k} {other}」起：门槛与其后位次相接，而一以「{word}」计、一以「{other}」计",
                    f"a count of {n} ({word}) is followed by the positions from the {k}th ({other}): the next "
                    f"position after the threshold, in another unit word",
                    clip(re.sub(r"\s+", " ", m.group(0)), 60),
                    extra={"value": f"{n} {word}", "consensus": other, "kind": "threshold-unit"},
                )
                continue
            said = f"第 {k} {word}"
            yield SCHEDULE.finding(
                unit.id,
                unit.line_of(m.start("m")),
                f"此处累计达 {n} {word}之后自「{said}」起，而达 {n} {word}之后的下一位为第 {n + 1} {word}（位次与门槛不合）",
                f"after a count of {n} ({word}) the positions start at '{said}', but the next one after "
                f"{n} is the {n + 1}th",
                clip(re.sub(r"\s+", " ", m.group(0)), 60),
                extra={"value": said, "consensus": f"第 {n + 1} {word}", "kind": "threshold"},
            )


def positions_named(ns: str) -> list[int] | None:
    """The positions a list names: 「1、2、3」 → [1, 2, 3], 「1~3」 → [1, 2, 3]; None for a range too long."""
    out: list[int] = []
    for part in re.split(r"\s*、\s*", ns):
        ends = [int(x) for x in re.split(r"\s*[~〜～]\s*", part)]
        if len(ends) == 2:
            if ends[1] < ends[0] or ends[1] - ends[0] > 20:
                return None
            out += list(range(ends[0], ends[1] + 1))
        else:
            out += ends
    return out


def run(ctx: LintContext) -> Iterator[Finding]:
    for unit in ctx.units_outside_log():
        text = unit.text
        for m in _POSITION.finditer(text):
            if not m.group("open"):
                continue
            k = positions_named(m.group("ns"))
            if k is None or len(k) != 1 or k[0] < 2:
                continue
            lo = max(text.rfind(ch, 0, m.start()) for ch in _SENTENCE_END) + 1
            lo = max(lo, m.start() - REACH)
            if _EXAMPLE.search(text[lo : m.start()]):
                continue
            before = list(_POSITION.finditer(text, lo, m.start()))
            firsts = [i for i, p in enumerate(before) if (positions_named(p.group("ns")) or [0])[0] == 1]
            if not firsts:
                continue
            series = before[firsts[-1] :]
            if any(p.group("open") for p in series):
                continue  # two schedules in one sentence
            named: list[int] = []
            for p in series:
                vs = positions_named(p.group("ns"))
                if vs is None:
                    break
                named += vs
            else:
                yield from _judge(unit, text, m, series, named, k[0])


def _judge(
    unit: Unit, text: str, end: re.Match[str], series: list[re.Match[str]], named: list[int], k: int
) -> Iterator[Finding]:
    unit_word = _SAME.get(end.group("u"), end.group("u"))
    words = {_SAME.get(p.group("u"), p.group("u")) for p in series}
    shown = "、".join(re.sub(r"\s+", " ", p.group(0)).strip() for p in series)
    said = re.sub(r"\s+", " ", end.group(0)).strip()
    quote = clip(text[series[0].start() : end.end()], 60)
    line = unit.line_of(end.start())
    if words != {unit_word}:
        other = "∕".join(sorted(words - {unit_word}))
        yield SCHEDULE.finding(
            unit.id,
            line,
            f"此处「{said}」以「{unit_word}」计，而同一排次之前项「{shown}」以「{other}」计",
            f"'{said}' counts in {unit_word}, while the positions before it in the same schedule "
            f"('{shown}') count in {other}",
            quote,
            extra={"value": said, "consensus": other, "kind": "unit"},
        )
        return
    missing = [i for i in range(1, k) if i not in named]
    extra = sorted({i for i in named if i >= k})
    if not missing and not extra:
        return
    if missing:
        gap = "、".join(f"第 {i} {unit_word}" for i in missing)
        zh, en = f"未列出{gap}", f"names no {', '.join(str(i) for i in missing)}"
    else:
        again = "、".join(f"第 {i} {unit_word}" for i in extra)
        zh, en = f"{again}已在开放端之内又另列", f"names {', '.join(str(i) for i in extra)} again"
    yield SCHEDULE.finding(
        unit.id,
        line,
        f"此处「{said}」，而此前「{shown}」{zh}（位次不连贯）",
        f"'{said}' ends a schedule that {en} before it ('{shown}')",
        quote,
        extra={"value": said, "consensus": f"第 {len(named) + 1} {unit_word}", "kind": "gap"},
    )
