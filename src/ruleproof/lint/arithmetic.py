"""Sums and products the text works out itself (run with family e, restatements).

A rulebook often shows its arithmetic: 「经典局为异形 3 只 ×2＋外星人 1 名 ×2＝8 次」, 「个体累计最快 2 次
（2×3.0＝6.0）」.  Each such line is a restatement of the numbers it is made of, so a revision that
changes one of them and not the result (or the other way round) leaves a wrong sum in the text.

An expression is read from the start of its sentence part (after 。；，：〔（) to 「＝」 and the number
right after it: addends separated by ＋ (or −), each a product of numbers joined by ×, with words
(labels such as 异形 / 外星人) and unit words around the numbers ignored.  A factor that is a word and
no number is one of what it names (「死囚本体 ×2」 is 1 × 2); a factor with two numbers, or with
something else, makes the line one that cannot be checked, and it is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ruleproof.findings import Finding, Severity
from ruleproof.lint.base import CheckInfo, clip
from ruleproof.lint.context import LintContext

ARITHMETIC = CheckInfo(
    id="arithmetic-mismatch",
    family="e",
    severity=Severity.WARNING,
    title="文中算式与其结果不符",
    title_en="a sum the text works out does not come to the result it states",
    rule="文中写出的算式（「3 只 ×2＋1 名 ×2＝8 次」）是对其各项数值的复述；改了一项而未改结果（或反之）即不一致。",
    rule_en="A sum written out in the text ('3 × 2 + 1 × 2 = 8') restates the numbers it is made of; "
    "changing one of them without the result (or the other way round) makes it wrong.",
    advice="按各项重算结果，或核对算式中被改动的数值。",
    advice_en="Work the sum out again from its terms, or check the number that was changed.",
)

CHECKS = (ARITHMETIC,)

_NUM = r"\d+(?:\.\d+)?"
_EQ = re.compile(rf"[＝=]\s*(?P<r>{_NUM})")
_PART_START = "。；;，,：:〔（(【｜\n"
_ADD = re.compile(r"[＋+]|(?<=[\d\u4e00-\u9fff\s])[−](?=\s*[\d\u4e00-\u9fff])")
_TIMES = re.compile(r"[×xX＊*]")
_CJK_ONLY = re.compile(r"[\u4e00-\u9fff]{1,8}")
_FACTOR = re.compile(rf"^[^\d]*?(?P<n>{_NUM})[^\d]*$")


def _product(addend: str) -> float | None:
    factors = _TIMES.split(addend)
    value = 1.0
    for f in factors:
        if len(factors) > 1 and _CJK_ONLY.fullmatch(f.strip()):
            continue  # 「死囚本体 ×2」: one of what the word names
        m = _FACTOR.match(f.strip())
        if m is None:
            return None  # no number, or two numbers in one factor
        value *= float(m.group("n"))
    return value


def run(ctx: LintContext) -> Iterator[Finding]:
    for unit in ctx.units():
        if unit.id in ctx.log_appendices:
            continue
        text = unit.text
        for m in _EQ.finditer(text):
            lo = max(text.rfind(ch, 0, m.start()) for ch in _PART_START) + 1
            expr = text[lo : m.start()]
            if not _TIMES.search(expr) and not _ADD.search(expr):
                continue
            addends = _ADD.split(expr)
            signs = [1.0] + [(-1.0 if s == "−" else 1.0) for s in _ADD.findall(expr)]
            values = [_product(a) for a in addends]
            if len(values) < 2 and not _TIMES.search(expr):
                continue
            if any(v is None for v in values):
                continue
            total = sum(s * v for s, v in zip(signs, values, strict=True) if v is not None)
            stated = float(m.group("r"))
            if abs(total - stated) < 1e-6:
                continue
            shown = f"{total:g}"
            yield ARITHMETIC.finding(
                unit.id,
                unit.line_of(m.start("r")),
                f"算式「{expr.strip()}＝{m.group('r')}」按各项计为 {shown}",
                f"'{expr.strip()} = {m.group('r')}' comes to {shown}",
                clip(text[lo : m.end()], 60),
                extra={"stated": stated, "computed": total},
            )
