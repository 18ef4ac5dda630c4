"""``config genshin165 --check``: where the text's own configuration formulas misbehave.

For every player count N examined, Z3 is asked:

* is there any legal line-up at all (``config.infeasible``);
* is each bound attained by some legal line-up — if not, the unsat core names the rules that keep it
  out of reach (``config.bound-unreachable``: one bound makes another unreachable);
* can each role appear at all (``config.role-impossible``), and does every seer-type count that has
  a positive probability have a line-up (``config.probability-impossible``);
* which facts the rules imply without saying (``config.implied``: at least one [群内] wolf).

Without Z3: the seer-type probabilities as written, against [0, 1] and summing to 1
(``config.probability-range`` / ``config.probability-sum``), the two caps of the T sentence
(``config.ambiguous-cap``), and dependency sentences stated only one way (``config.one-way-dependency``).

Findings are grouped: one per (check, rule, blocking rules), listing every N it holds for.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import z3

from ruleproof import solvers
from ruleproof.config.solver import Status, require
from ruleproof.config.source import Cite
from ruleproof.findings import Finding, Severity
from ruleproof.smt import cache
from ruleproof.specs.genshin165.rules import DEFAULT_READINGS, Count, Role, TCapReading, rules
from ruleproof.specs.genshin165.smt import Encoding, group_of

DEFAULT_RANGE = (8, 40)  # ruleproof's default scan: the text names no player-count range


def ranges(ns: Iterable[int]) -> str:
    """[8, 9, 10, 12] → "8–10, 12"."""
    runs: list[list[int]] = []
    for v in sorted(set(ns)):
        if runs and v == runs[-1][-1] + 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)


def _pct(p: Fraction) -> str:
    value = p * 100
    return f"{value.numerator}%" if value.denominator == 1 else f"{float(value):.2f}%"


@dataclass(frozen=True)
class _Key:
    check: str
    severity: Severity
    cite: Cite
    subject: str  # what the finding is about (a bound id, a role, …)
    blockers: tuple[str, ...]


class _Collector:
    def __init__(self) -> None:
        self.hits: dict[_Key, list[int]] = defaultdict(list)
        self.details: dict[_Key, dict[int, str]] = defaultdict(dict)

    def add(self, key: _Key, n: int, detail: str = "") -> None:
        self.hits[key].append(n)
        if detail:
            self.details[key][n] = detail


def _blocking_text(enc: Encoding, names: Sequence[str]) -> str:
    return "；".join(
        f"{enc.constraints[name].text}（第 {enc.constraints[name].cite.line} 行）" for name in names
    )


def _classes(roles: Sequence[Role], special: set[str]) -> dict[str, list[Role]]:
    """Roles no rule names are interchangeable within their group: check one per class."""
    out: dict[str, list[Role]] = defaultdict(list)
    for role in roles:
        key = role.name if role.name in special else f"{group_of(role)}{'[群内]' if role.pack else ''}"
        out[key].append(role)
    return out


def _cite_for(enc: Encoding, core: Sequence[str], role: str | None = None) -> Cite:
    """The rule a finding quotes: the one about ``role`` if the core has it, else the earliest line."""
    if role is not None:
        for name in core:
            c = enc.constraints[name]
            if role in c.text:
                return c.cite
    return min((enc.constraints[name].cite for name in core), key=lambda c: c.line)


# One finding at one N: its grouping key, the detail shown for that N ("" for none), the blocking rules.
Hit = tuple[_Key, str, list[str]]


def _scan_n(n: int, reading: TCapReading, ctx: z3.Context) -> list[Hit]:
    """The findings Z3 gives at player count ``n``, asked in ``ctx`` (see :func:`_scan`)."""
    r = rules()
    enc = Encoding(n, reading, ctx=ctx)
    what = f"genshin165 N={n} check"
    out: list[Hit] = []

    def unsat_core(*extra: z3.BoolRef) -> list[str] | None:
        if require(enc.check(*extra), what):
            return None
        return enc.core(*extra)

    core = unsat_core()
    if core is not None:
        key = _Key("config.infeasible", Severity.ERROR, _cite_for(enc, core), "all", tuple(sorted(core)))
        return [(key, "", sorted(core))]
    for b in r.bounds_for(reading):
        core = unsat_core(enc.count[b.count] == b.value(n))
        if core is not None:
            others = tuple(sorted(c for c in core if c != b.id))
            key = _Key("config.bound-unreachable", Severity.NOTE, b.cite, b.id, others)
            out.append((key, f"{b.formula()} = {b.value(n)}", list(others)))
    special = {d.role for d in r.dependencies} | {d.requires for d in r.dependencies}
    special |= {r.fox_role, r.elder_role}
    for label, members in _classes(r.roles, special).items():
        core = unsat_core(enc.lit[members[0].name])
        if core is not None:
            cite = _cite_for(enc, core, members[0].name if len(members) == 1 else None)
            subject = label if len(members) == 1 else f"{label}（{len(members)} 个身份）"
            key = _Key("config.role-impossible", Severity.WARNING, cite, subject, tuple(sorted(core)))
            out.append((key, "", sorted(core)))
    for p in r.seer_probabilities:
        if p.clamped(n) > 0:
            core = unsat_core(enc.count[Count.K] == p.k)
            if core is not None:
                key = _Key(
                    "config.probability-impossible", Severity.WARNING, p.cite, f"K={p.k}", tuple(sorted(core))
                )
                out.append((key, _pct(p.clamped(n)), sorted(core)))
    core = unsat_core(enc.pack == 0)
    if core is not None:
        key = _Key("config.implied", Severity.NOTE, r.elder, "G≥1", tuple(sorted(core)))
        out.append((key, "", sorted(core)))
    return out


def _scan(ns: Sequence[int], reading: TCapReading) -> list[list[Hit]]:
    """:func:`_scan_n` of every N, in one Z3 context of its own, kept in the verdict cache
    (:mod:`ruleproof.smt.cache`) under the code, the rules as parsed from the text (every number, role and
    sentence the encoding reads) and the question (``ns``, ``reading``).

    Z3's unsat cores — which rules a finding names, and so how findings group across N — depend on the
    context's history (the terms made in it before), not only on the question: in Z3's main context
    ``check`` (after lint and verify had solved) named other cores than ``config --check`` for some N and
    printed 15 findings to its 14.  In a fresh context the scan is the same wherever it runs.  A second
    ``check`` or ``config --check`` of the same text reads the scan (most of the book's check time), and
    the suite's processes compute it once."""
    data = hashlib.sha256(cache.canonical((rules(), DEFAULT_READINGS)).encode()).hexdigest()

    def compute() -> list[list[Hit]]:
        ctx = solvers.new_context()
        return [_scan_n(n, reading, ctx) for n in ns]

    return cache.cached(cache.key(data, "genshin165.config-scan", tuple(ns), reading.value), compute)


def _finding(
    check: str,
    severity: Severity,
    cite: Cite,
    message: str,
    message_en: str,
    related: tuple[tuple[str | None, int | None], ...] = (),
    extra: dict[str, Any] | None = None,
) -> Finding:
    """A finding that quotes ``cite`` (its line and sentence)."""
    return Finding(check, severity, None, cite.line, message, message_en, cite.quote, related, extra or {})


def _probability_findings(ns: Sequence[int]) -> list[Finding]:
    r = rules()
    out: list[Finding] = []
    for p in r.seer_probabilities:
        for label, en, above in (("大于 100%", "above 100%", True), ("小于 0", "below 0", False)):
            bad = [n for n in ns if (p.literal(n) > 1 if above else p.literal(n) < 0)]
            if not bad:
                continue
            sample = "，".join(f"N={n}: {_pct(p.literal(n))}" for n in dict.fromkeys((bad[0], bad[-1])))
            out.append(
                _finding(
                    "config.probability-range",
                    Severity.WARNING,
                    p.cite,
                    message=f"{p.k} 个验人系的概率按原文公式{label}：N = {ranges(bad)}（如 {sample}）",
                    message_en=f"P({p.k} seer-types) as written is {en} for N = {ranges(bad)}",
                    extra={"players": bad, "values": {str(n): _pct(p.literal(n)) for n in bad}},
                )
            )
    bad = [n for n in ns if sum(p.literal(n) for p in r.seer_probabilities) != 1]
    if bad:
        sums = {str(n): _pct(sum((p.literal(n) for p in r.seer_probabilities), Fraction(0))) for n in bad}
        clamped_ok = all(sum(p.clamped(n) for p in r.seer_probabilities) == 1 for n in bad)
        tail = "；把每项限制在 [0, 100%] 后每个 N 都合计 100%" if clamped_ok else ""
        tail_en = "; clamped to [0, 100%] every N sums to 100%" if clamped_ok else ""
        first = r.seer_probabilities[0].cite
        out.append(
            _finding(
                "config.probability-sum",
                Severity.WARNING,
                first,
                message=f"1–3 个验人系的概率按原文公式合计不为 100%：N = {ranges(bad)}{tail}",
                message_en=f"the seer-type probabilities as written do not sum to 100% for N = {ranges(bad)}{tail_en}",
                related=tuple((None, p.cite.line) for p in r.seer_probabilities[1:]),
                extra={"players": bad, "sums": sums},
            )
        )
    return out


def _text_findings(ns: Sequence[int]) -> list[Finding]:
    r = rules()
    out: list[Finding] = []
    fixed, formula = r.bound("T.max"), r.bound("T.max-formula")
    differ = [n for n in ns if fixed.value(n) != formula.value(n)]
    if differ:
        out.append(
            _finding(
                "config.ambiguous-cap",
                Severity.NOTE,
                fixed.cite,
                message=(
                    f"同一句给出两个上限：{fixed.formula()} 与 {formula.formula()}，二者在 N = {ranges(differ)} 不相等；"
                    "ruleproof 默认两者同时成立（--t-cap 可选其一）"
                ),
                message_en=(
                    f"one sentence gives two caps, 5 and half-up(0.2N); they differ for N = {ranges(differ)} "
                    "(default: both hold; --t-cap picks one)"
                ),
                extra={"players": differ},
            )
        )
    stated = {(d.role, d.requires) for d in r.dependencies}
    for d in r.dependencies:
        if d.section == d.requires and (d.requires, d.role) not in stated:
            out.append(
                _finding(
                    "config.one-way-dependency",
                    Severity.NOTE,
                    d.cite,
                    message=(
                        f"{d.section} 的身份说明里写的是「{d.cite.quote}」（只说有 {d.role} 必有 {d.requires}），"
                        f"没有写有 {d.requires} 必有 {d.role}；按字面 {d.requires} 可以单独出现"
                    ),
                    message_en=(
                        f"the section of {d.section} repeats '{d.cite.quote}' ({d.role} requires {d.requires}); "
                        f"nothing says {d.requires} requires {d.role}, so literally it may appear alone"
                    ),
                )
            )
    return out


_MESSAGES = {
    "config.infeasible": (
        "N = {ns} 时不存在任何合法配置；冲突的规则：{blocking}",
        "no legal line-up for N = {ns}",
    ),
    "config.bound-unreachable": (
        "{subject}（{detail}）在 N = {ns} 永远取不到，因为：{blocking}",
        "bound {subject} is never attained for N = {ns}",
    ),
    "config.role-impossible": (
        "{subject} 在 N = {ns} 不可能出现，因为：{blocking}",
        "{subject} can never appear for N = {ns}",
    ),
    "config.probability-impossible": (
        "{subject} 在 N = {ns} 的概率为正（{detail}），但没有这样的合法配置：{blocking}",
        "{subject} has positive probability for N = {ns} but no legal line-up",
    ),
    "config.implied": (
        "规则隐含：每个配置至少有 1 个[群内]角色（N = {ns}）；原因：{blocking}",
        "implied: every line-up has at least one [群内] role (N = {ns})",
    ),
}


def check(ns: Sequence[int], reading: TCapReading = TCapReading.BOTH) -> list[Finding]:
    """All findings for the player counts ``ns``, in line order."""
    col = _Collector()
    blockers: dict[_Key, list[str]] = {}
    for n, hits in zip(ns, _scan(ns, reading), strict=True):
        for key, detail, names in hits:
            col.add(key, n, detail)
            blockers[key] = names
    enc = Encoding(max(ns) if ns else 8, reading)  # constraint texts for messages (names are N-free)
    out = _probability_findings(ns) + _text_findings(ns)
    for key, hit in col.hits.items():
        zh, en = _MESSAGES[key.check]
        details = col.details.get(key, {})
        detail = f"如 N={hit[0]}: {details[hit[0]]}" if hit[0] in details else ""
        blocking = _blocking_text(Encoding(hit[0], reading), blockers[key]) if blockers[key] else "—"
        if len(hit) > 1:
            blocking = f"{blocking}（数值以 N={hit[0]} 为例）"
        related = tuple((None, enc.constraints[name].cite.line) for name in blockers[key])
        out.append(
            _finding(
                key.check,
                key.severity,
                key.cite,
                message=zh.format(ns=ranges(hit), subject=key.subject, detail=detail, blocking=blocking),
                message_en=en.format(ns=ranges(hit), subject=key.subject),
                related=tuple(dict.fromkeys(related)),
                extra={"players": hit, "subject": key.subject, "blocking": list(key.blockers)},
            )
        )
    return sorted(out, key=Finding.sort_key)


def status_of(findings: Sequence[Finding]) -> Status:
    return Status.UNSAT if any(f.check == "config.infeasible" for f in findings) else Status.SAT
