"""``ruleproof mutate [FILE]`` — how much the revision gate can be trusted: revision-like edits of the text,
and how many of them ``check`` catches, per edit class and per check.

Each mutant is one edit an author could make (see ``ruleproof.mutate.generate``); it is caught when
``check`` reports a finding that the unmutated text does not have (by fingerprint), located at the
edited clause or at a clause that cites it.  The verify stage costs seconds per mutant and is left out
unless ``--verify`` is given.  Exit 0, or 1 when ``--fail-under`` is given and the overall rate is
below it; 2 for bad input or usage.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ruleproof.books import load_source
from ruleproof.cli.common import add_book_argument, add_file_argument, book_of_text, write
from ruleproof.cli.i18n import t
from ruleproof.errors import UserError
from ruleproof.fsutil import atomic_write_text
from ruleproof.jsonout import dumps
from ruleproof.mutate.generate import GENERATORS, NUMBER_NOTIONS, candidate_counts, generate
from ruleproof.mutate.harness import DEFAULT_STAGES, make_baseline, run_mutants
from ruleproof.mutate.model import CLASS_KEYS, apply_edits
from ruleproof.mutate.report import MutationReport, render_text
from ruleproof.text import read_document


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "mutate",
        help=t(
            "变异测试：生成修订式改动，统计 check 的捕获率",
            "mutation testing: revision-like edits of the text, and how many check catches",
        ),
        description=t("变异测试：生成修订式改动，统计 check 的捕获率", __doc__ or ""),
    )
    add_file_argument(p)
    add_book_argument(p)
    p.add_argument(
        "--seed",
        type=int,
        default=1,
        help=t("随机种子（同一种子产生同样的变异体）", "random seed (the same seed gives the same mutants)"),
    )
    p.add_argument(
        "--count",
        type=int,
        default=20,
        help=t("每类至多生成的变异体数（默认 20）", "at most this many mutants per class (default 20)"),
    )
    p.add_argument(
        "--class",
        dest="classes",
        action="append",
        choices=CLASS_KEYS,
        metavar="CLASS",
        help=t(
            f"只生成这些类（可重复）：{', '.join(CLASS_KEYS)}",
            f"only these classes (repeatable): {', '.join(CLASS_KEYS)}",
        ),
    )
    p.add_argument(
        "--jobs",
        type=int,
        default=2,
        help=t("并行进程数（默认 2；1 为不并行）", "worker processes (default 2; 1: none)"),
    )
    p.add_argument(
        "--verify",
        action="store_true",
        help=t(
            "同时运行不变式验证阶段（每个变异体多数秒）",
            "also run the verification stage (seconds more per mutant)",
        ),
    )
    p.add_argument(
        "--json",
        action="store_true",
        help=t(
            "输出 JSON（含每个变异体的清单与新发现）", "JSON output (each mutant's manifest and new findings)"
        ),
    )
    p.add_argument(
        "--keep",
        metavar="DIR",
        help=t(
            "把每个变异后的文本与清单写入此目录", "write each mutated text and its manifest into this folder"
        ),
    )
    p.add_argument(
        "--fail-under",
        type=float,
        metavar="PCT",
        help=t(
            "总捕获率低于此百分比时以 1 退出", "exit 1 when the overall catch rate is below this percentage"
        ),
    )
    p.add_argument(
        "--numbers",
        choices=NUMBER_NOTIONS,
        default=NUMBER_NOTIONS[0],
        help=t(
            "number 类取哪些数值：restated（另有一处以同一说法或经引用复述者，默认）或 loose（首版：前十字内有一个相同双字词）",
            "which numbers the number class edits: restated (stated again in the same words or joined by a "
            "citation; default) or loose (the first generator: a two-character word in common)",
        ),
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.count < 1:
        raise UserError("--count 须为正整数", "--count must be a positive integer")
    if args.jobs < 1:
        raise UserError("--jobs 须为正整数", "--jobs must be a positive integer")
    source = load_source(args.file)
    book = book_of_text(args, source)
    doc = read_document(source)
    classes = tuple(args.classes) if args.classes else CLASS_KEYS
    stages = (*DEFAULT_STAGES, "verify") if args.verify else DEFAULT_STAGES
    mutants = generate(doc, seed=args.seed, count=args.count, classes=classes, numbers_notion=args.numbers)
    base = make_baseline(doc, book=book, against=book, stages=stages)
    outcomes = run_mutants(base, mutants, jobs=args.jobs)
    report = MutationReport(
        source=doc.name,
        seed=args.seed,
        count=args.count,
        stages=stages,
        baseline_findings=base.findings,
        outcomes=outcomes,
        candidates=candidate_counts(doc, seed=args.seed, classes=classes, numbers_notion=args.numbers),
    )
    if args.keep:
        _keep(Path(args.keep), base.lines, report)
    write(dumps(report.to_json()) if args.json else render_text(report, args.lang))
    if args.fail_under is not None and report.rate * 100 < args.fail_under:
        return 1
    return 0


def _keep(folder: Path, lines: list[str], report: MutationReport) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(
            f"无法创建目录 {folder}：{exc.strerror}", f"cannot create {folder}: {exc.strerror}"
        ) from None
    for o in report.outcomes:
        atomic_write_text(folder / f"{o.mutant.id}.txt", "\n".join(apply_edits(lines, o.mutant.edits)))
    atomic_write_text(folder / "manifest.json", dumps([o.to_json() for o in report.outcomes]))


assert set(GENERATORS) == set(CLASS_KEYS)
