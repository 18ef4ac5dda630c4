"""Examples that restate the bound of the clause they illustrate (run with family e, restatements).

An example is not a rule — 「例：制药 2 瓶后可持 5 次」 is one game — but when it names the clause's own bound
(「（例：生化医师治疗额度按夜上限 3 次，…）」 in 「4.5.1 治疗额度（上限 3 次）」), it restates that bound, and a
revision that changes the bound in one place and not in the other leaves an example that teaches the old
rule (or a rule the example contradicts).

An example is the text from 「例：」「示例」「例如」「举例」 to the end of its bracket (when the marker opens one)
or of its sentence.  A quantity in it with a bound qualifier (上限 至多 至少 门槛 初始 全局 …) is compared with
the statements of the same clause outside its examples (and its title) that have the same unit word and
the same qualifiers: when those all say one value and the example says another, and the example's subject
is the clause's (a term of the title, or the rule statement's own subject), the example disagrees with the
rule.  Statements in conditions (「若…」) and the clause's other examples are not rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ruleproof.findings import Finding
from ruleproof.lint.base import CheckInfo, clip
from ruleproof.lint.context import LintContext, Unit
from ruleproof.lint.facts import SCENARIO, Fact, title_quantities
from ruleproof.lint.vocab import title_terms

_MARK = re.compile(r"示例[：:]?|例[：:]|例如|举例")
_OPEN, _CLOSE = "（(", "）)"
_SENTENCE_END = "。；;\n"
BOUNDS = frozenset(("max", "min", "threshold", "initial", "global"))


def example_spans(text: str) -> list[tuple[int, int]]:
    """Where the examples of a unit's text are: a bracket opened by the marker, else to the sentence end."""
    out: list[tuple[int, int]] = []
    for m in _MARK.finditer(text):
        if out and m.start() < out[-1][1]:
            continue
        if m.start() > 0 and text[m.start() - 1] in _OPEN:
            depth, i = 1, m.end()
            while i < len(text) and depth:
                depth += (text[i] in _OPEN) - (text[i] in _CLOSE)
                i += 1
            out.append((m.start(), i))
        else:
            ends = [p for p in (text.find(ch, m.end()) for ch in _SENTENCE_END) if p >= 0]
            out.append((m.start(), min(ends, default=len(text))))
    return out


def _inside(spans: list[tuple[int, int]], at: int) -> bool:
    return any(a <= at < b for a, b in spans)


def _is_rule(f: Fact, spans: list[tuple[int, int]], text: str) -> bool:
    """A statement of the clause's rule: outside its examples, in a sentence with no condition once the
    examples are cut out of it."""
    if _inside(spans, f.start):
        return False
    sent_at = text.find(f.sentence)
    sentence = f.sentence
    if sent_at >= 0:
        for a, b in sorted(spans, reverse=True):
            lo, hi = max(a, sent_at) - sent_at, min(b, sent_at + len(sentence)) - sent_at
            if lo < hi:
                sentence = sentence[:lo] + sentence[hi:]
    return not SCENARIO.search(sentence)


def run(ctx: LintContext, check: CheckInfo) -> Iterator[Finding]:
    for unit in ctx.clause_units:
        facts = ctx.facts.by_unit.get(unit.id, [])
        spans = example_spans(unit.text)
        if not spans or not facts:
            continue
        titled = title_quantities(unit.title)
        about = title_terms(unit.title)
        rules = [g for g in facts if _is_rule(g, spans, unit.text)]
        for f in facts:
            if not _inside(spans, f.start) or f.ordinal or not f.unit_word or not (f.kinds & BOUNDS):
                continue
            same = [g for g in rules if _same_quantity(f, g)]
            said = {g.value for g in same} | {v for v, u, k in titled if u == f.unit_word and k == f.kinds}
            if len(said) != 1 or f.value in said:
                continue
            if not any(f.subject and (f.subject in t or t in f.subject) for t in about) and not any(
                f.subject and g.subject == f.subject for g in same
            ):
                continue
            yield _finding(check, unit, f, same, next(iter(said)))


def _same_quantity(f: Fact, g: Fact) -> bool:
    return (
        g.unit_word == f.unit_word and g.kinds == f.kinds and not g.ordinal and len(g.value) == len(f.value)
    )


def _finding(check: CheckInfo, unit: Unit, f: Fact, same: list[Fact], value: tuple[float, ...]) -> Finding:
    shown = "~".join(f"{x:g}" for x in value) + f" {f.unit_word}"
    text = unit.text
    return check.finding(
        unit.id,
        f.line,
        f"示例中「{f.subject or ''}」为 {f.spaced}，而本条（{unit.id} {unit.title}）所定为 {shown}",
        f"an example says {f.spaced} for '{f.subject or ''}', while its clause ({unit.id}) sets {shown}",
        clip(text[max(0, f.start - 16) : f.end + 4], 40),
        related=[(g.unit, g.line) for g in same[:5]],
        extra={
            "subject": f.subject or "",
            "value": f.shown,
            "consensus": shown.replace(" ", ""),
            "places": [unit.id],
            "owner": unit.id,
            "via": ["example"],
        },
    )
