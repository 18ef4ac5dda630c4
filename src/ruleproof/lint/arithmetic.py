"""Sums and products the text works out itself (run with family e, restatements).

A rulebook often shows its arithmetic: 「经典局为异形 3 只 ×2＋外星人 1 名 ×2＝8 次」, 「个体累计最快 2 次
（2×3.0＝6.0）」.  Each such line is a restatement of the numbers it is made of, so a revision that
changes one of them and not the result (or the other way round) leaves a wrong sum in the text.

An expression is read from the start of its sentence part (after 。；，：〔（) to 「＝」 and the number
right after it: addends separated by ＋ (or −), each a product of numbers joined by ×, with words
(labels such as 异形 / 外星人) and unit words around the numbers ignored.  A factor that is a word and
no number is one of what it names (「死囚本体 ×2」 is 1 × 2); a factor with two numbers, or with
something else, makes the line one that cannot be checked, and it is left alone.

Two products the text leaves unwritten are read the same way:

* a total with the nights it is granted on: 「救援 2 次（第 1、2 夜各 1）」, 「各 3 份，第 1、3、5 夜各到账 1
  份」, and a clause titled with its cap whose text opens with the grants (「治疗额度（上限 3 次）」 ⸺
  「第 1、2、3 夜各获得 1 次」): the total is the number of nights times what each night gives;
* a part used instead of the whole (「觉醒后每夜至多 2 刀（双刀），可只出1刀」, 「投入 2 个夜晚产出 1 件常规护甲…可只
  铸 1夜后中断」): 「可只 N」 says less than the amount its sentence states before it in that unit word;
* a cap said in two units with the value of one event beside it: 「…者 0.5 分。本项累计上限 3 分（至多 6
  次）」 — 3 is 0.5 × 6.  Judged only when the item (or sentence) states one value per event in that unit.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ruleproof.findings import Finding, Severity
from ruleproof.lint.base import CheckInfo, clip
from ruleproof.lint.context import LintContext, Unit
from ruleproof.lint.facts import title_quantities
from ruleproof.lint.positions import positions_named

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
    yield from sums(ctx)
    yield from grants(ctx)
    yield from caps(ctx)
    yield from glossed_caps(ctx)
    yield from parts(ctx)


def sums(ctx: LintContext) -> Iterator[Finding]:
    """Sums and products written out with ＝."""
    for unit in ctx.units_outside_log():
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


# 「第 1、2 夜各 1」「第 1~3 夜各获得 1 次」「第 1、3、5 夜各到账 1 份」
_NIGHTS = r"第\s*(?P<nights>\d+(?:\s*[、~〜～]\s*\d+)+)\s*(?:个)?夜\s*各[\u4e00-\u9fff]{0,3}?\s*(?P<k>\d+)\s*(?P<ku>[次份发瓶件])?"
_GRANTS = re.compile(_NIGHTS)
# the total right before: 「2 次（第 1、2 夜各 1）」 or 「各 3 份，第 1、3、5 夜…」
_TOTAL_BEFORE = re.compile(r"(?P<n>\d+)\s*(?P<u>[次份发瓶件])\s*[（(，,]\s*$")
_CAP = re.compile(
    r"上限\s*(?P<n>\d+(?:\.\d+)?)\s*(?P<u>分|点)\s*[（(]\s*(?:至多|最多)\s*(?P<m>\d+)\s*次\s*[）)]"
)
_EACH = r"(?<![\d.~〜～])(?P<p>\d+(?:\.\d+)?)\s*{u}(?![\d.])"


def grants(ctx: LintContext) -> Iterator[Finding]:
    """A total against the nights it is granted on (see the module's docstring)."""
    for unit in ctx.units_outside_log():
        text = unit.text
        titled = (
            [(v, u) for v, u, k in title_quantities(unit.title) if "max" in k and len(v) == 1]
            if unit.is_clause
            else []
        )
        for m in _GRANTS.finditer(text):
            named = positions_named(m.group("nights"))
            if named is None:
                continue
            nights = len(named)
            k = int(m.group("k"))
            total = _TOTAL_BEFORE.search(text, max(0, m.start() - 12), m.start())
            if total is not None and (m.group("ku") or total.group("u")) == total.group("u"):
                stated, word, source = int(total.group("n")), total.group("u"), total.group(0)
            elif not text[: m.start()].strip() and len(titled) == 1 and m.group("ku") == titled[0][1]:
                stated, word, source = int(titled[0][0][0]), titled[0][1], f"{unit.title}"
            else:
                continue
            if stated == nights * k:
                continue
            grant = re.sub(r"\s+", " ", m.group(0))
            yield ARITHMETIC.finding(
                unit.id,
                unit.line_of(m.start("k")),
                f"「{source.strip()}」计 {stated} {word}，而「{grant}」按夜计为 {nights}×{k}＝{nights * k} {word}",
                f"'{source.strip()}' says {stated}, while '{grant}' comes to {nights} × {k} = {nights * k}",
                clip(text[max(0, m.start() - 12) : m.end()], 60),
                extra={"stated": float(stated), "computed": float(nights * k)},
            )


def caps(ctx: LintContext) -> Iterator[Finding]:
    """A cap said in points and in events, against the one value per event beside it."""
    for unit in ctx.units_outside_log():
        text = unit.text
        for m in _CAP.finditer(text):
            lo = _scope_start(ctx, unit, m.start())
            each = {
                float(x.group("p"))
                for x in re.finditer(_EACH.format(u=re.escape(m.group("u"))), text[lo : m.start()])
            }
            if len(each) != 1:
                continue
            p, cap, times = next(iter(each)), float(m.group("n")), int(m.group("m"))
            if abs(p * times - cap) < 1e-6:
                continue
            yield ARITHMETIC.finding(
                unit.id,
                unit.line_of(m.start("n")),
                f"「{m.group(0)}」：每次 {p:g} {m.group('u')}，{times} 次计为 {p * times:g} {m.group('u')}，"
                f"与上限 {cap:g} 不符",
                f"'{m.group(0)}': {p:g} a time, {times} times come to {p * times:g}, not {cap:g}",
                clip(text[lo : m.end()], 60),
                extra={"stated": cap, "computed": p * times},
            )


# 「本项累计上限 3 分（至多 6 次）」 with its unit word slipped to 「上限 3 次（至多 6 次）」: a cap and the bracket right
# after it that bounds it again in the same unit word say one number twice
_GLOSSED_CAP = re.compile(
    r"(?:上限|至多|最多)\s*(?P<n>\d+(?:\.\d+)?)\s*(?P<u>[\u4e00-\u9fff])\s*[（(]\s*(?:即\s*)?(?:上限|至多|最多)\s*"
    r"(?P<m>\d+(?:\.\d+)?)\s*(?P=u)\s*[）)]"
)


def glossed_caps(ctx: LintContext) -> Iterator[Finding]:
    """A cap glossed in its own bracket by a bound in the same unit word (「上限 3 次（至多 6 次）」) must say the
    same number: in points and events (「上限 3 分（至多 6 次）」) it is :func:`caps`'s product, in one unit word
    there is nothing to multiply."""
    for unit in ctx.units_outside_log():
        for m in _GLOSSED_CAP.finditer(unit.text):
            if float(m.group("n")) == float(m.group("m")):
                continue
            said = re.sub(r"\s+", " ", m.group(0))
            yield ARITHMETIC.finding(
                unit.id,
                unit.line_of(m.start("n")),
                f"「{said}」：上限与括注的上限同以「{m.group('u')}」计，而一作 {m.group('n')}、一作 {m.group('m')}",
                f"'{said}': the cap and the bound in its bracket count in one unit word but say "
                f"{m.group('n')} and {m.group('m')}",
                clip(unit.text[max(0, m.start() - 12) : m.end()], 60),
                extra={"stated": float(m.group("n")), "computed": float(m.group("m"))},
            )


def _scope_start(ctx: LintContext, unit: Unit, at: int) -> int:
    """Where the item holding ``at`` starts (else its sentence's paragraph): the events it scores."""
    clause = ctx.clause(unit.id) if unit.is_clause else None
    starts = [it.offset for it in clause.items if it.offset <= at] if clause else []
    if starts:
        return max(starts)
    return max(unit.text.rfind(ch, 0, at) for ch in "。\n") + 1


# 「可只出 1 刀」「可只铸 1夜」: a part, with at most two characters of verb between 只 and the number
_PART = re.compile(r"只[\u4e00-\u9fff]{0,2}\s*(?P<n>\d+)\s*(?:个)?(?P<u>夜|刀|名|次|发|件|份|瓶|人)")
_WHOLE = r"(?<![\d.第])(?P<n>\d+)\s*(?:个)?{u}(?![\d.])"
_SENTENCE_END = "。；;｜\n"


def parts(ctx: LintContext) -> Iterator[Finding]:
    """「可只 N」 (a part of what may be used) against the amounts its sentence states before it in the
    same unit word: a part that is not less than the largest of them says the rule changed in one place."""
    for unit in ctx.units_outside_log():
        text = unit.text
        for m in _PART.finditer(text):
            lo = max(text.rfind(ch, 0, m.start()) for ch in _SENTENCE_END) + 1
            whole = [
                int(w.group("n"))
                for w in re.finditer(_WHOLE.format(u=re.escape(m.group("u"))), text[lo : m.start()])
            ]
            if not whole or int(m.group("n")) < max(whole):
                continue
            most = max(whole)
            yield ARITHMETIC.finding(
                unit.id,
                unit.line_of(m.start("n")),
                f"「{m.group(0)}」：只用一部分，却不少于本句所述的 {most}{m.group('u')}",
                f"'{m.group(0)}': a part of the whole, yet not less than the {most} the sentence states",
                clip(text[lo : m.end()], 60),
                extra={"stated": int(m.group("n")), "computed": most},
            )
