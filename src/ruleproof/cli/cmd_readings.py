"""``ruleproof readings`` — what each interpretation switch of a book (返航录 by default) costs in play.

For every switch (or ``--switch KEY``), Z3 searches the smallest scenario on which its two readings give
different observable outcomes (a death, a published batch, a private message, a stock, an illegal
action): ``distinguished`` with one vector per reading (pinned with ``interpretation``; written with
``--write DIR``; both replayed on the reference engine), ``equivalent`` (proved: never told apart),
``harmless-to-depth`` (none within ``--depth`` nights) or ``unknown``.  Exit 0 when every switch has a
verdict and every vector replays as predicted, 1 when the engine disagrees with a model's prediction or a
distinguishing scenario has no vector, 3 when one is unknown, 2 on bad input.
"""

from __future__ import annotations

import argparse
from typing import Any

from ruleproof import books
from ruleproof.books.protocols import Readings
from ruleproof.cli.common import add_book_argument, add_solver_options, book_from_args, solver_limits, write
from ruleproof.cli.i18n import t
from ruleproof.cli.options import add_spec_options, spec_from_args
from ruleproof.errors import UserError
from ruleproof.jsonout import dumps
from ruleproof.smt.ts import Options

STATUS_ZH = {
    "distinguished": "可区分",
    "equivalent": "等价（已证明）",
    "harmless-to-depth": "限定夜数内无差别",
    "unknown": "未知",
}


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "readings",
        help=t(
            "解释开关的代价：每个开关两种读法可区分的最小局面",
            "minimal scenarios that tell each switch's readings apart",
        ),
        description=t("解释开关的代价：每个开关两种读法可区分的最小局面", __doc__ or ""),
    )
    p.add_argument(
        "--switch",
        action="append",
        default=[],
        metavar="KEY",
        help=t("只看此开关（可重复）", "only this switch (repeatable)"),
    )
    p.add_argument(
        "--depth",
        type=int,
        default=8,
        metavar="K",
        help=t("搜索的夜数（默认 8）", "nights searched (default 8)"),
    )
    add_solver_options(p)
    p.add_argument(
        "--seed", type=int, default=0, help=t("求解器的随机种子（默认 0）", "solver random seed (default 0)")
    )
    p.add_argument(
        "--write",
        metavar="DIR",
        help=t(
            "把每个可区分开关的两份向量写入 DIR",
            "write the two vectors of every distinguished switch into DIR",
        ),
    )
    p.add_argument(
        "--json", action="store_true", help=t("JSON 输出（供机器读取）", "machine-readable report")
    )
    add_spec_options(p)
    add_book_argument(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    book = book_from_args(args)
    all_readings: Readings = book.load("readings", "readings")
    known = {sw.key for sw in books.spec_of(book, "readings").switches}
    unknown = [s for s in args.switch if s not in known]
    if unknown:
        raise UserError(f"未知解释开关 {unknown[0]}", f"unknown interpretation switch {unknown[0]}")
    if not 1 <= args.depth <= 50:
        raise UserError("--depth 须在 1..50 之间", "--depth must be within 1..50")
    opts = Options(depth=args.depth, seed=args.seed, **solver_limits(args))
    verdicts = all_readings(spec_from_args(args, book, "readings"), opts, args.switch or None, args.write)
    report = [v.to_json() for v in verdicts]
    if args.json:
        write(dumps({"readings": report}))
    else:
        write(render(report, args.lang))
    return exit_code(report)


def exit_code(report: list[dict[str, Any]]) -> int:
    if any(r["engine_agrees"] is False for r in report):
        return 1
    if any(r["status"] == "distinguished" and r["engine_agrees"] is None for r in report):
        return 1
    return 3 if any(r["status"] == "unknown" for r in report) else 0


def render(report: list[dict[str, Any]], lang: str = "zh") -> str:
    en = lang == "en"
    lines = [f"{len(report)} interpretation switches" if en else f"解释开关 {len(report)} 个"]
    for r in report:
        a, b = r["readings"]
        status = r["status"] if en else STATUS_ZH[r["status"]]
        head = f"  {r['switch']} ({a} / {b}): {status}"
        if r["status"] == "distinguished":
            head += f", {'night' if en else '第'} {r['night']}{'' if en else ' 夜'}"
            head += f" — {', '.join(r['differs'])}"
        elif r["status"] == "harmless-to-depth":
            head += f" ({r['depth']} {'nights' if en else '夜'})"
        lines.append(head)
        lines.append(f"      {r['title_en'] if en else r['title']}: {r['scenario']}")
        if r["engine_agrees"] is not None:
            agree = (
                ("engine agrees" if r["engine_agrees"] else "ENGINE DISAGREES")
                if en
                else ("引擎回放相符" if r["engine_agrees"] else "引擎回放不符")
            )
            where = (
                f"{'scripted on night' if en else '脚本于第'} {r['scenario_night']}{'' if en else ' 夜'}; "
                if r["scenario_night"]
                else ""
            )
            lines.append(
                f"      {where}{agree}"
                + (
                    f": {', '.join(r['vectors'].values())}"
                    if r["vectors"] and all(r["vectors"].values())
                    else ""
                )
            )
        if r["note"]:
            lines.append(f"      {'note' if en else '说明'}: {r['note']}")
    return "\n".join(lines) + "\n"
