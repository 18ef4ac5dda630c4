"""(q, batches) A batch cited with words that one row of the batch table (2.1.6) prints and the cited row
does not: the batch was renumbered.

* the name of a publication, 「X公告（批次N）」: the end of X (「驱逐」 of 「驱逐公告」, 「出局」 of 「出局公告」),
  at least two characters, that exactly one row prints at its longest (⑩ 「驱逐结果…逃亡者之出局并入本批次」);
* the words right after the batch, past the verb that publishes it (「随批次⑨公告各被投票者之编号」: ⑨
  「票数公开（各被投票者之编号及其得票数…）」), at least :data:`AFTER_WORDS` characters.

:func:`ruleproof.lint.step_topics._batch_names` reads the same names with votes (another place's name, four
characters of a row); these readers need no vote, as the table is a closed list read row by row.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ruleproof.findings import Finding
from ruleproof.lint.base import clip
from ruleproof.lint.citetext import squash
from ruleproof.lint.context import LintContext, normalize_item
from ruleproof.lint.diagnosis import RENUMBERED_EN, RENUMBERED_ZH
from ruleproof.lint.step_rowwords import NOT_A_NAME
from ruleproof.lint.topics import TOPIC

NAME_WORDS = 2  # characters of a publication's name, before 「公告」, that tell its row
AFTER_WORDS = 4  # characters right after a batch that tell its row
_NAMED = re.compile(r"(?P<name>[\u4e00-\u9fff]{2,12})公告\s*[（(]\s*批次\s*(?P<label>[〇①-⑳])")
_AFTER = re.compile(
    rf"批次\s*(?P<label>[〇①-⑳])\s*(?:公告|发布|公开|一并公开)\s*(?P<words>[\u4e00-\u9fff]{{{AFTER_WORDS},16}})"
)


def _one_row(
    table: dict[str, str], label: str, words: str, least: int, *, tail: bool
) -> tuple[str, str] | None:
    """The one row that prints the longest end (``tail``) or start of ``words`` of at least ``least``
    characters (an end never starting on a function character: 「与外星人」 is no name; a start may, 「各被投票者」),
    with those words; None when none, two, or the
    cited row ``label`` does."""
    best: dict[str, str] = {}
    for key, row in table.items():
        for n in range(len(words), least - 1, -1):
            said = words[-n:] if tail else words[:n]
            if (not tail or said[0] not in NOT_A_NAME) and said in row:
                best[key] = said
                break
    longest = max((len(w) for w in best.values()), default=0)
    best = {k: w for k, w in best.items() if len(w) == longest}
    if len(best) != 1 or label in best:
        return None
    return next(iter(best.items()))


def run(ctx: LintContext) -> Iterator[Finding]:
    """The batches whose name or following words one other row of the batch table prints."""
    clause = ctx.clause(ctx.owners.batches)
    if clause is None:
        return
    table = {normalize_item(it.label): squash(it.text) for it in clause.items}
    for unit in ctx.units_outside_log():
        if unit.id == clause.id:
            continue
        text = unit.text
        owner = ctx.clause(unit.id) if unit.is_clause else None
        items = {it.offset for it in owner.items} if owner is not None else set()
        found = [
            (m, _one_row(table, m.group("label"), m.group("name"), NAME_WORDS, tail=True))
            for m in (_NAMED.finditer(text) if "批次" in text else ())  # (every match prints 批次)
        ] + [
            (m, _one_row(table, m.group("label"), m.group("words"), AFTER_WORDS, tail=False))
            for m in _AFTER.finditer(text)
        ]
        for m, hit in found:
            if hit is None or m.group("label") not in table or m.start("label") in items:
                continue  # (「私聊配对公告（批次」 cut, then the item 「② 对象：」)
            likely, said = hit
            label = m.group("label")
            raw = clip(m.group(0), 30)
            yield TOPIC.finding(
                unit.id,
                unit.line_of(m.start("label")),
                f"「{raw}」：公告批次表（{clause.id}）只有批次{likely}讲「{said}」，批次{label}不讲，{RENUMBERED_ZH}",
                f"'{raw}': only batch {likely}'s row of the batch table ({clause.id}) says '{said}', batch "
                f"{label}'s does not — {RENUMBERED_EN}",
                clip(text[max(0, m.start() - 4) : m.end() + 4], 40),
                related=[(clause.id, None)],
                extra={"target": f"批次{label}", "likely": f"批次{likely}", "terms": [said], "kind": "batch"},
            )
