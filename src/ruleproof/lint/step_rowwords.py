"""(q, steps) What a row of the step table (2.1.1) says of its own step, and the words of the text that
only one row says, read on both sides of a step citation.

* A row's own words leave out what it says of another step: row 0.5 「感染抑制须于本步骤抢先使用，方可延后
  0.55 的感染致死」 speaks of 0.55's 感染致死, and row 7 「未于 4b选破坏或结茧者」 of 4b's 破坏 — the words
  right after another step's key are that step's (:func:`own_rows`).
* The words right before 「于∕在 步骤 N」, past a bracket that annotates them (「紧急会议（4.9）在步骤 10」,
  「配对结果（「谁和谁聊了」）于步骤 0 结算完成后」), say what happens at the step as the words right after it
  do (「步骤 9 死亡结算」, :func:`ruleproof.lint.step_topics._row_words`): when only one row says them and the
  cited row does not, the step was renumbered (:func:`words_before`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ruleproof.findings import Finding
from ruleproof.lint.base import clip
from ruleproof.lint.citetext import squash
from ruleproof.lint.context import LintContext, Unit
from ruleproof.lint.diagnosis import RENUMBERED_OR_MISTYPED_EN, RENUMBERED_OR_MISTYPED_ZH
from ruleproof.lint.topics import SPECIFIC_SHARE, TOPIC, Topics

# another step named inside a row: 「步骤 2」, or a bare key that cannot be a count (「0.55 的」「4b选」)
_OTHER_KEY = re.compile(
    r"(?:步骤\s*(?P<k>\d{1,2}(?:\.\d{1,2})?[ab]?)|(?<![\d.])(?P<d>\d{1,2}(?:\.\d{1,2}|[ab])))(?![\d.])"
    r"\s*的?[\u4e00-\u9fff]*"
)


def _split_others(body: str, key: str) -> list[str]:
    """``body`` cut around the mentions of steps other than ``key`` (with the words after them): the pieces
    alternate kept, mention, kept …"""
    pieces: list[str] = []
    last = 0
    for m in _OTHER_KEY.finditer(body):
        if (m.group("k") or m.group("d")) != key:
            pieces += [body[last : m.start()], m.group(0)]
            last = m.end()
    return [*pieces, body[last:]]


def own_rows(rows: dict[str, str]) -> dict[str, str]:
    """Each row's text after its key, squashed, without the words it says right after another step's key
    (those are that step's): row 0.5 keeps 「感染抑制须于本步骤抢先使用方可延后」."""
    out: dict[str, str] = {}
    for key, row in rows.items():
        body = row[len(key) :]
        kept = "".join(piece if i % 2 == 0 else "" for i, piece in enumerate(_split_others(body, key)))
        out[key] = squash(kept)
    return out


ROW_WORDS = 4  # characters before a step that only one row of the step table prints (as after it)
_ATTACH = re.compile(r"(?<![早晚先后])[于在]\s*(?:当夜|该夜)?\s*$")
# words cannot start on a function character: 「与外星人于步骤 1」 says 外星人, not row 4b's 「与外星人」; nor
# on a property many steps have (「步骤 1（不占行动窗口」)
NOT_A_NAME: frozenset[str] = frozenset("不非无未可须应已仍亦均皆各并且及与或的之于在为即")
_STEP = re.compile(r"步骤\s*(?P<k>\d{1,2}(?:\.\d{1,2})?[ab]?)(?![\d.])")
# 「当晚不再参与步骤7」 (5.8.1) says the same as a skip
SKIP_WORD = r"(?:跳过|不再参与)"
_SKIPPED = re.compile(rf"{SKIP_WORD}\s*(?:当夜|该夜)?\s*$")


def skipped(text: str, at: int) -> bool:
    """Whether the step cited at ``at`` is the object of 「跳过」: what is said around it is the skipper's."""
    return _SKIPPED.search(text[max(0, at - 8) : at]) is not None


_RUN_BEFORE = re.compile(rf"[\u4e00-\u9fff]{{{ROW_WORDS},12}}$")


def _run_before(text: str, at: int) -> tuple[str, int] | None:
    """The run of Chinese characters that ends right before 「于∕在」 and the step at ``at`` — past one
    bracket right before the 「于」, which annotates the run — with where the run starts."""
    attach = _ATTACH.search(text, max(0, at - 8), at)
    if attach is None:
        return None
    end = attach.start()
    if text[end - 1 : end] in ("）", ")"):
        opener = max(text.rfind("（", max(0, end - 16), end), text.rfind("(", max(0, end - 16), end))
        if opener < 0:
            return None
        end = opener
    run = _RUN_BEFORE.search(text, max(0, end - 12), end)
    return (run.group(0), run.start()) if run is not None else None


def _one_row(own: dict[str, str], key: str, words: str, *, tail: bool) -> tuple[str, str] | None:
    """The one row whose own words print the longest end (``tail``) or start of ``words`` — at least
    :data:`ROW_WORDS` characters, none starting on a function character — with those words; None when
    no row, two rows, or the cited row ``key`` prints the longest."""
    best: dict[str, str] = {}
    for k, row in own.items():
        for n in range(len(words), ROW_WORDS - 1, -1):
            said = words[-n:] if tail else words[:n]
            if said[0] not in NOT_A_NAME and said in row:
                best[k] = said
                break
    longest = max((len(w) for w in best.values()), default=0)
    best = {
        k: w for k, w in best.items() if len(w) == longest
    }  # 「普通船员查验」 (row 2), not 4a's 「普通船员」
    if len(best) != 1 or key in best:
        return None
    return next(iter(best.items()))


_BRACKET_AFTER = re.compile(r"\s*[（(](?P<w>[\u4e00-\u9fff]{2,12})")


def _bracket_term(topics: Topics, own: dict[str, str], key: str, text: str) -> tuple[str, str] | None:
    """The name a bracket right after a step opens with (「跳过步骤 11（倒计时当夜不减…）」: 倒计时) when
    exactly one row's own words say it and the cited row's do not, with that row."""
    hits = topics.vocab.scan(text)
    if not hits or hits[0].start != 0 or not topics.vocab.specific(hits[0].term, SPECIFIC_SHARE):
        return None
    term = hits[0].term
    having = [k for k, row in own.items() if topics.present(term, row)]
    return (having[0], term) if len(having) == 1 and having[0] != key else None


def run(ctx: LintContext, topics: Topics) -> Iterator[Finding]:
    """Steps cited with words that only one row's own words print, the cited row's not: the end of the run
    before 「于∕在」, or the start of a bracket right after the step (「步骤 2（普通船员查验、神探查验）」 —
    even after 「跳过」, as the bracket says what is skipped)."""
    own = own_rows(topics.places.step_rows)
    for unit in ctx.units_outside_log():
        if unit.id == ctx.owners.night_steps:
            continue
        text = unit.text
        for m in _STEP.finditer(text):
            key = m.group("k")
            if key not in own:
                continue
            found: tuple[str, str] | None = None
            at = m.start()
            before = _run_before(text, m.start())
            if before is not None:
                found = _one_row(own, key, before[0], tail=True)
                if found is not None:
                    at = before[1] + len(before[0]) - len(found[1])
            bracket = _BRACKET_AFTER.match(text, m.end())
            if found is None and bracket is not None:
                words = bracket.group("w")
                found = _one_row(own, key, words, tail=False) or _bracket_term(topics, own, key, words)
            if found is None:
                continue
            likely, said = found
            raw = (
                text[at : m.end()]
                if at < m.start()
                else text[m.start() : bracket.end() if bracket else m.end()]
            )
            yield only_row_says(
                unit, m.start(), raw, likely, said, key, clip(text[min(at, m.start()) : m.end() + 12], 40)
            )


def only_row_says(unit: Unit, at: int, raw: str, likely: str, said: str, key: str, quote: str) -> Finding:
    """The finding at ``unit``'s ``at``: the words ``said`` beside step ``key`` (written ``raw``) are only
    step ``likely``'s row's."""
    return TOPIC.finding(
        unit.id,
        unit.line_of(at),
        f"「{clip(raw, 30)}」：步骤表中只有步骤 {likely} 讲「{said}」，步骤 {key} 不讲，{RENUMBERED_OR_MISTYPED_ZH}",
        f"'{clip(raw, 30)}': only step {likely}'s row of the step table says '{said}', step {key}'s does "
        f"not — {RENUMBERED_OR_MISTYPED_EN}",
        quote,
        related=[(f"步骤 {likely}", None)],
        extra={"target": f"步骤 {key}", "likely": f"步骤 {likely}", "terms": [said], "kind": "night_step"},
    )


def renumbered_step(
    unit: Unit,
    at: int,
    zh: str,
    en: str,
    quote: str,
    owner: str | None,
    steps: tuple[str, str],
    events: list[str],
) -> Finding:
    """A night step said of events the step table (``owner``) puts elsewhere: ``steps`` is (the step the text
    says, the step the table gives), for the finding's target and likely target."""
    said, likely = steps
    return TOPIC.finding(
        unit.id,
        unit.line_of(at),
        zh,
        en,
        quote,
        related=[(owner, None)],
        extra={
            "target": f"步骤 {said}",
            "likely": f"步骤 {likely}",
            "terms": list(dict.fromkeys(events)),
            "kind": "night_step",
        },
    )
