"""(q, steps and batches) The same words around a step or a batch in two places, with another step or
batch between them: 6.1.1 restates 2.1.1's 「早于步骤 0.5 及其后一切编号步骤」 word for word; 「早于步骤 0.55
及其后一切编号步骤」 there means one of the two was renumbered and the other not.

The frame is :data:`FRAME` characters on each side (spaces and punctuation squashed away), so that what
the words say is the same and only the number differs.  With three or more places the odd one out is
reported; with two, the later one, naming the earlier — the text cannot tell which is right.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator

from ruleproof.findings import Finding
from ruleproof.lint.base import clip
from ruleproof.lint.citetext import squash
from ruleproof.lint.context import LintContext, Unit
from ruleproof.lint.diagnosis import RENUMBERED_EN, RENUMBERED_ZH
from ruleproof.lint.topics import TOPIC

FRAME = 6  # characters on each side of the citation that two places must share
_CITED = re.compile(r"(?:步骤|批次)\s*(?:\d{1,2}(?:\.\d{1,2})?[ab]?(?![\d.])|[〇①-⑳])")


def _frames(ctx: LintContext) -> dict[tuple[str, str], list[tuple[str, Unit, int]]]:
    """Each frame (the words before, the words after) with the citations it holds: (citation, unit, where)."""
    out: dict[tuple[str, str], list[tuple[str, Unit, int]]] = defaultdict(list)
    for unit in ctx.units_outside_log():
        text = unit.text
        for m in _CITED.finditer(text):
            before = squash(text[max(0, m.start() - 3 * FRAME) : m.start()])[-FRAME:]
            after = squash(text[m.end() : m.end() + 3 * FRAME])[:FRAME]
            if len(before) == FRAME and len(after) == FRAME:
                out[(before, after)].append((squash(m.group(0)), unit, m.start()))
    return out


def run(ctx: LintContext) -> Iterator[Finding]:
    """The citations whose frame another place fills with another step or batch."""
    for (before, after), places in _frames(ctx).items():
        said: dict[str, int] = defaultdict(int)
        for cited, _unit, _at in places:
            said[cited] += 1
        if len(said) != 2:
            continue
        (a, na), (b, nb) = said.items()
        if na > 1 and nb > 1:
            continue  # two habits, each kept more than once: no odd one out
        odd, usual = (a, b) if na < nb or (na == nb and places[-1][0] == a) else (b, a)
        others = [(u.id, u.line_of(at)) for c, u, at in places if c == usual]
        for cited, unit, at in places:
            if cited != odd:
                continue
            raw = f"{before}…{cited}…{after}"
            yield TOPIC.finding(
                unit.id,
                unit.line_of(at),
                f"「{raw}」：{others[0][0]} 以同样的话写作「{usual}」（共 {len(others)} 处），此处却作「{cited}」，"
                f"两处必有一处{RENUMBERED_ZH}",
                f"'{raw}': {others[0][0]} says the same words with '{usual}' ({len(others)} places), here "
                f"'{cited}' — one of them was {RENUMBERED_EN}",
                clip(unit.text[max(0, at - 8) : at + 16], 40),
                related=others[:4],
                extra={
                    "target": cited,
                    "likely": usual,
                    "terms": [before, after],
                    "kind": "batch" if cited.startswith("批次") else "night_step",
                },
            )
