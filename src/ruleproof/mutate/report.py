"""Caught / missed per class and per check, as text (Chinese first) or JSON."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ruleproof.mutate.harness import Outcome
from ruleproof.mutate.model import CLASSES


@dataclass
class ClassTally:
    key: str
    total: int = 0
    caught: int = 0
    spurious: int = 0  # mutants that made a check fire on a clause they did not touch
    missed: list[Outcome] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.caught / self.total if self.total else 0.0


@dataclass
class MutationReport:
    source: str
    seed: int
    count: int
    stages: tuple[str, ...]
    baseline_findings: int
    outcomes: list[Outcome]
    candidates: dict[str, int] = field(default_factory=dict)

    def tallies(self) -> list[ClassTally]:
        out = {c.key: ClassTally(c.key) for c in CLASSES}
        for o in self.outcomes:
            t = out[o.mutant.klass]
            t.total += 1
            t.caught += o.caught
            t.spurious += bool(o.spurious)
            if not o.caught:
                t.missed.append(o)
        return [t for t in out.values() if t.total]

    @property
    def caught(self) -> int:
        return sum(o.caught for o in self.outcomes)

    @property
    def rate(self) -> float:
        return self.caught / len(self.outcomes) if self.outcomes else 0.0

    def by_check(self) -> Counter[str]:
        """For each check, how many mutants it caught (a mutant caught by two checks counts for both)."""
        out: Counter[str] = Counter()
        for o in self.outcomes:
            for check in sorted({f["check"] for f in o.located}):
                out[check] += 1
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "ruleproof-mutate/1",
            "source": self.source,
            "seed": self.seed,
            "count_per_class": self.count,
            "stages": list(self.stages),
            "baseline_findings": self.baseline_findings,
            "overall": {
                "mutants": len(self.outcomes),
                "caught": self.caught,
                "rate": round(self.rate, 4),
                "spurious_mutants": sum(bool(o.spurious) for o in self.outcomes),
            },
            "classes": {
                t.key: {
                    "mutants": t.total,
                    "candidates": self.candidates.get(t.key, t.total),
                    "caught": t.caught,
                    "rate": round(t.rate, 4),
                    "spurious_mutants": t.spurious,
                    "missed": [o.mutant.id for o in t.missed],
                }
                for t in self.tallies()
            },
            "by_check": dict(sorted(self.by_check().items())),
            "mutants": [o.to_json() for o in self.outcomes],
        }


def render_text(report: MutationReport, lang: str = "zh") -> str:
    en = lang == "en"
    names = {c.key: (c.en if en else c.zh) for c in CLASSES}
    lines: list[str] = []
    head = (
        f"mutation harness on {report.source}: seed {report.seed}, up to {report.count} per class, stages {'+'.join(report.stages)}"
        if en
        else f"变异测试 {report.source}：种子 {report.seed}，每类至多 {report.count} 个，阶段 {'+'.join(report.stages)}"
    )
    lines.append(head)
    lines.append(
        f"baseline: {report.baseline_findings} finding(s) on the unmutated text"
        if en
        else f"基线：未变异文本 {report.baseline_findings} 条发现"
    )
    lines.append("")
    width = max(len(t.key) for t in report.tallies()) if report.outcomes else 10
    for t in report.tallies():
        spur = f"  spurious {t.spurious}" if en else f"  误报 {t.spurious}"
        lines.append(f"  {t.key:<{width}}  {t.caught:>3}/{t.total:<3} {t.rate:6.1%}{spur}  {names[t.key]}")
    total = len(report.outcomes)
    spurious = sum(bool(o.spurious) for o in report.outcomes)
    lines.append(
        f"  {'overall':<{width}}  {report.caught:>3}/{total:<3} {report.rate:6.1%}  spurious {spurious}"
        if en
        else f"  {'合计':<{width}}  {report.caught:>3}/{total:<3} {report.rate:6.1%}  误报 {spurious}"
    )
    by_check = report.by_check()
    if by_check:
        lines.append("")
        lines.append("caught by check:" if en else "各检查捕获数：")
        for check, n in sorted(by_check.items(), key=lambda kv: (-kv[1], kv[0])):
            lines.append(f"  {check:<28} {n}")
    missed = [o for t in report.tallies() for o in t.missed]
    if missed:
        lines.append("")
        lines.append("missed:" if en else "未捕获：")
        for o in missed:
            m = o.mutant
            lines.append(
                f"  {m.id}  {m.clause} 第 {m.line} 行  {m.note}"
                if not en
                else f"  {m.id}  {m.clause} line {m.line}  {m.note}"
            )
            lines.append(f"      {m.before}  ⇒  {m.after}")
            if o.error:
                lines.append(f"      error: {o.error}")
    noisy = [o for o in report.outcomes if o.spurious]
    if noisy:
        lines.append("")
        lines.append(
            "spurious findings (on clauses the edit did not touch):"
            if en
            else "误报（落在未改动且不引用被改条款之处的新发现）："
        )
        for bad in noisy:
            for f in bad.spurious[:3]:
                lines.append(
                    f"  {bad.mutant.id}  [{f['check']}] {f['clause']} 第 {f['line']} 行  {f['message']}"
                )
    return "\n".join(lines) + "\n"
