"""``ruleproof study NAME`` — a balance study: many games under named policies, estimates with 95 %
intervals, a report with plots (docs/studies.md)."""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

from ruleproof import progress
from ruleproof.cli.common import add_book_argument, book_from_args
from ruleproof.cli.i18n import t
from ruleproof.cli.options import add_spec_options
from ruleproof.errors import UserError
from ruleproof.jsonout import dumps
from ruleproof.studies import report, runner
from ruleproof.studies.study import Config, StudyResult


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "study",
        help=t(
            "平衡研究：以具名策略下大量对局回答作者的开放问题并出报告",
            "run a balance study (many games under named policies) and report it",
        ),
    )
    p.add_argument(
        "name",
        nargs="?",
        help=t("研究名（省略或 --list 则列出）", "the study (omit, or --list, to list them)"),
    )
    p.add_argument(
        "--list",
        action="store_true",
        help=t("列出研究与内置策略", "list the studies and the built-in policies"),
    )
    p.add_argument(
        "--games",
        type=int,
        default=2000,
        help=t("每个扫描取值的对局数（默认 2000）", "games per sweep value (default 2000)"),
    )
    p.add_argument(
        "--seed",
        type=int,
        default=0,
        help=t("研究种子：第 i 局的种子为 seed × 10^9 + i", "study seed: game i plays with seed × 10^9 + i"),
    )
    add_spec_options(
        p,
        set_help=t(
            "参数（见 ruleproof params）、seat.SEAT=VARIANT、policy.WHO=NAME、target=LO..HI",
            "a parameter (see `ruleproof params`), seat.SEAT=VARIANT, policy.WHO=NAME, target=LO..HI",
        ),
    )
    p.add_argument(
        "--policy",
        action="append",
        default=[],
        metavar="WHO=NAME",
        help=t(
            "谁按何策略决策：阵营、职业或 *；NAME 为内置策略或 FILE.py:Class",
            "who decides how: a faction, a role or *; NAME a built-in policy or FILE.py:Class",
        ),
    )
    p.add_argument(
        "--sweep",
        metavar="KEY=V1,V2,…",
        help=t("每个取值各跑一次（任一 --set 键）", "run once per value (any --set key)"),
    )
    p.add_argument(
        "--no-sweep",
        action="store_true",
        help=t("不跑研究默认的扫描", "do not run the study's default sweep"),
    )
    p.add_argument(
        "--workers",
        type=int,
        default=0,
        help=t("本机工作进程数（默认：全部核心）", "local worker processes (default: every core)"),
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help=t("在 Dask 集群上运行（tcp://host:8786）", "run on a Dask cluster (tcp://host:8786)"),
    )
    where.add_argument(
        "--local-cluster",
        action="store_true",
        help=t("在本机的 Dask LocalCluster 上运行", "run on a Dask LocalCluster on this machine"),
    )
    p.add_argument(
        "--out",
        metavar="DIR",
        help=t("把 result.json、报告与图写入该目录", "write result.json, report.md and plots there"),
    )
    p.add_argument("--json", action="store_true", help=t("输出结果 JSON", "print the result JSON"))
    p.add_argument(
        "--quiet",
        action="store_true",
        default=argparse.SUPPRESS,  # so that the global --quiet, given before the command, is not reset
        help=t("不显示进度条", "no progress bar"),
    )
    add_book_argument(p, t("规则书（默认 fanhanglu）", "the book (default fanhanglu)"))
    p.set_defaults(func=run)


def _pairs(items: list[str], what: str) -> tuple[tuple[str, str], ...]:
    out = []
    for item in items:
        k, sep, v = item.partition("=")
        if not sep or not k.strip() or not v.strip():
            raise UserError(f"{what} 须写作 KEY=VALUE：{item!r}", f"{what} takes KEY=VALUE, got {item!r}")
        out.append((k.strip(), v.strip()))
    return tuple(out)


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(args: argparse.Namespace) -> int:
    book = book_from_args(args)
    sb = runner.study_book(book.key) if book.has("studies") else None
    if sb is None:
        raise book.missing("studies", "ruleproof study")
    en = args.lang == "en"
    if args.list or not args.name:
        for name, st in sb.studies.items():
            print(f"{name:12} {st.title[1] if en else st.title[0]}")
        print("\npolicies:" if en else "\n策略：")
        for name, (zh, en_s) in sb.policy_names().items():
            print(f"  {name:12} {en_s if en else zh}")
        return 0 if args.list else 2
    study = sb.studies.get(args.name)
    if study is None:
        raise UserError(
            f"未知研究 {args.name}（可用：{'、'.join(sb.studies)}）",
            f"unknown study {args.name} (known: {', '.join(sb.studies)})",
        )
    if args.games < 1:
        raise UserError("--games 须为正整数", "--games must be positive")
    if args.workers < 0:
        raise UserError("--workers 不可为负", "--workers cannot be negative")
    config = Config(_pairs(args.overrides, "--set"), _pairs(args.readings, "--interpret"), tuple(args.policy))
    sweep_key: str | None = None
    values: tuple[str, ...] = ("",)
    if args.sweep:
        k, sep, vs = args.sweep.partition("=")
        values = tuple(v.strip() for v in vs.split(",") if v.strip())
        if not sep or not k.strip() or not values or len(set(values)) != len(values):
            raise UserError(
                f"--sweep 须写作 KEY=V1,V2,…（取值不重复）：{args.sweep!r}",
                f"--sweep takes KEY=V1,V2,… (distinct values), got {args.sweep!r}",
            )
        sweep_key = k.strip()
    elif study.sweep is not None and not args.no_sweep:
        sweep_key, values = study.sweep
    out_dir = report.prepare_out(Path(args.out)) if args.out else None
    workers = args.workers or runner.default_workers()
    where = runner.Where(workers, args.scheduler, args.local_cluster)
    configs = {v: (config.with_setting(sweep_key, v) if sweep_key else config) for v in values}
    for c in configs.values():  # every configuration is checked before any game is played
        runner.context_for(book.key, study.name, c)
    result = StudyResult(study.name, book.book_id, args.seed, args.games, config, sweep_key)
    start, cpu0, kids0 = time.perf_counter(), time.process_time(), _children_cpu()
    total = args.games * len(values)
    played = 0

    def tick(n: int) -> None:  # the shared progress display (on a terminal only, not with --quiet)
        nonlocal played
        played += n
        progress.update("study", study.name, played, total)

    for v, c in configs.items():
        result.aggregates[v] = runner.run_games(book.key, study.name, c, args.seed, args.games, where, tick)
        result.contexts[v] = runner.context_for(book.key, study.name, c)[1].describe()
    wall = time.perf_counter() - start
    cpu = time.process_time() - cpu0 + _children_cpu() - kids0  # workers (reaped by now) of this run only
    doc = report.build(result, study, book, sb.policy_names())
    files = report.write_all(doc, study, out_dir, args.lang) if out_dir else []
    if args.json:
        print(dumps(doc), end="")
    else:
        print(report.markdown(doc, [], args.lang).split("**Policies**" if en else "**策略**")[0].rstrip())
        if files:
            print(
                f"\nwritten to {out_dir}: {', '.join(files)}"
                if en
                else f"\n已写入 {out_dir}：{'、'.join(files)}"
            )
    speed = (
        f"{total} games in {wall:.1f} s wall, {cpu:.1f} s CPU ({where.label()}): {total / wall:.0f} games/s"
        if en
        else f"{total} 局，墙钟 {wall:.1f} 秒，CPU {cpu:.1f} 秒（{where.label()}）：{total / wall:.0f} 局∕秒"
    )
    print(speed, file=sys.stderr)
    return 0
