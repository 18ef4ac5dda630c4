"""``ruleproof firing`` — rules of 返航录 that can never fire (vacuity of the text, docs/verify.md).

For every rule the spec marks with a clause (each skill, each row of the victory order 1.2.3): a witness
from seeded random games of the reference engine (``reached``: the seed, night and step — ``ruleproof play
--seed N`` replays it), else a Z3 refutation over the facts the rule needs, each named by its clause
(``unreachable``, with the minimal set of facts that rules it out), else ``unwitnessed`` (neither reached
nor refuted).  Exit 1 when a rule is unreachable, 3 when one is unwitnessed (and none unreachable), 0 when
every rule was reached, 2 on bad input.
"""

from __future__ import annotations

import argparse
import inspect
from typing import Any

from ruleproof.cli.common import add_book_argument, add_solver_options, book_from_args, solver_limits, write
from ruleproof.cli.i18n import t
from ruleproof.cli.options import add_spec_options, spec_from_args
from ruleproof.errors import UserError
from ruleproof.jsonout import dumps
from ruleproof.smt.ts import Options

STATUS_ZH = {"reached": "可触发", "unreachable": "不可达", "unwitnessed": "未见证"}
KIND_ZH = {"skill": "技能", "victory": "胜负行"}


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "firing",
        help=t("永不触发的规则（返航录）：每条技能与胜负行能否发生", "rules that can never fire (返航录)"),
        description=t("永不触发的规则（返航录）：每条技能与胜负行能否发生", __doc__ or ""),
    )
    p.add_argument(
        "--games",
        type=int,
        default=None,
        metavar="N",
        help=t("为找见证而搜索的随机对局数（带种子）", "seeded random games searched for witnesses"),
    )
    add_solver_options(p)
    p.add_argument(
        "--json", action="store_true", help=t("JSON 输出（供机器读取）", "machine-readable report")
    )
    add_spec_options(p)
    add_book_argument(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    book = book_from_args(args)
    if not book.has("firing"):
        raise UserError(
            f"firing 仅适用于有此部分的书（今为 fanhanglu），不适用于 {book.key}",
            f"firing is for books that have it (fanhanglu today), not {book.key}",
        )
    firing = book.load("firing", "firing")
    if args.games is not None and not 1 <= args.games <= 100_000:
        raise UserError("--games 须在 1..100000 之间", "--games must be within 1..100000")
    limits = solver_limits(args)
    spec = spec_from_args(args, book, "firing")
    # the number of games: --games, else the book's own default (its firing function's)
    games = args.games if args.games is not None else inspect.signature(firing).parameters["games"].default
    report = [f.to_json() for f in firing(spec, Options(**limits), games)]
    if args.json:
        write(dumps({"games": games, "rules": report}))
    else:
        write(render(report, games, args.lang))
    return exit_code(report)


def exit_code(report: list[dict[str, Any]]) -> int:
    if any(r["status"] == "unreachable" for r in report):
        return 1
    return 3 if any(r["status"] == "unwitnessed" for r in report) else 0


def render(report: list[dict[str, Any]], games: int, lang: str = "zh") -> str:
    en = lang == "en"
    counts = {s: sum(r["status"] == s for r in report) for s in STATUS_ZH}
    if en:
        lines = [
            f"{len(report)} rules: {counts['reached']} reached in {games} seeded games, "
            f"{counts['unreachable']} unreachable, {counts['unwitnessed']} unwitnessed"
        ]
    else:
        lines = [
            f"规则 {len(report)} 条：{games} 局种子对局中可触发 {counts['reached']} 条，"
            f"不可达 {counts['unreachable']} 条，未见证 {counts['unwitnessed']} 条"
        ]
    for r in report:
        if r["status"] == "reached":
            continue
        kind = r["kind"] if en else KIND_ZH[r["kind"]]
        status = r["status"] if en else STATUS_ZH[r["status"]]
        lines.append(f"  {r['clause']} {kind} {r['rule']}（{r['zh']}）: {status}")
        for c in r["core"]:
            lines.append(f"      {c['clause']}  {c['en'] if en else c['zh']}")
        if r["status"] == "unwitnessed":
            lines.append(
                "      no game reached it; the refutation's necessary conditions allow it (not a proof either way)"
                if en
                else "      无对局触及；反驳所用之必要条件不排除之（两方面皆非证明）"
            )
    return "\n".join(lines) + "\n"
