"""``ruleproof config botc-m124`` — legal [M124] 血染钟楼 set-ups, drawn with Z3 from a seed and checked
again by a plain checker; ``--check``: roles no legal set-up can hold, and whether the order in which
the setup modifiers apply can change the line-up (proved not, on the text)."""

from __future__ import annotations

import argparse
from typing import Any

from ruleproof.books.protocols import ConfigCheck
from ruleproof.cli.i18n import t
from ruleproof.config import render
from ruleproof.config.args import add_boards, add_check, add_json, add_seed, positive
from ruleproof.config.solver import SolverUnknown, Status
from ruleproof.errors import UserError
from ruleproof.findings import Finding, Severity
from ruleproof.jsonout import dumps
from ruleproof.specs.botc_m124 import BOOK_ID, Spec, load_spec, parse_assignment
from ruleproof.specs.botc_m124.official import SOURCE, compare
from ruleproof.specs.botc_m124.roles import ROLE_BY_KEY
from ruleproof.specs.botc_m124.setup import (
    Encoding,
    counts_by_kind,
    generate,
    order_dependence,
    reachable,
    violations,
)
from ruleproof.specs.botc_m124.source import line_of
from ruleproof.specs.botc_m124.tables import FLOW, MODIFIER_BY_ROLE, SETUP_RULE_BY_KEY

_RULE_CLAUSES = {
    "heretic_no_godfather": "heretic_no_godfather",
    "monsta_no_marionette": "monsta_no_marionette",
    "marionette_fake": "marionette_fake",
    "marionette_adjacent": "marionette_adjacent",
    "bluffs": "bluffs",
    "drunk_fake": "drunk_fake",
    "alchemist_minion": "alchemist_minion",
}


def _rule_cite(key: str) -> tuple[str, str]:
    if key in _RULE_CLAUSES:
        r = SETUP_RULE_BY_KEY[_RULE_CLAUSES[key]]
        return r.clause, r.quote
    r = SETUP_RULE_BY_KEY["final"]
    return r.clause, r.quote


def check_findings(spec: Spec) -> tuple[list[Finding], dict[str, Any]]:
    """The set-up rules' own checks: (findings, the proof statuses for the report)."""
    findings: list[Finding] = []
    enc = Encoding(spec)
    status = enc.check()
    if status is Status.UNKNOWN:
        raise SolverUnknown("botc-m124 set-up")
    final = SETUP_RULE_BY_KEY["final"]
    if status is Status.UNSAT:
        core = enc.core()
        findings.append(
            Finding(
                "config.infeasible",
                Severity.ERROR,
                final.clause,
                line_of(final.clause, final.quote),
                f"没有任何合法配置：{'、'.join(core)} 相互矛盾",
                f"no legal set-up at all: {', '.join(core)} clash",
                final.quote,
                extra={"rules": core},
            )
        )
        return findings, {"feasible": False}
    for role, (st, core) in reachable(spec).items():
        if st is Status.UNKNOWN:
            raise SolverUnknown(f"botc-m124 set-up: {role}")
        if st is Status.UNSAT:
            r = ROLE_BY_KEY[role]
            related = tuple((c, line_of(c, q)) for c, q in (_rule_cite(k) for k in core))
            findings.append(
                Finding(
                    "config.role-impossible",
                    Severity.WARNING,
                    r.clause,
                    line_of(r.clause, r.zh),
                    f"身份「{r.zh}」在任何合法配置中都不会出现（挡住它的规则：{'、'.join(core)}）",
                    f"role {r.zh} ({role}) is in no legal set-up (rules in the way: {', '.join(core)})",
                    r.zh,
                    related=related,
                    extra={"role": role, "rules": core},
                )
            )
    order, witness = order_dependence(spec)
    if order is Status.UNKNOWN:
        raise SolverUnknown("botc-m124 modifier order")
    if order is Status.SAT and witness is not None:
        mods = [
            MODIFIER_BY_ROLE[n.split(":")[-1]]
            for n in witness["in_play"]
            if n.split(":")[-1] in MODIFIER_BY_ROLE
        ]
        first = mods[0] if mods else None
        clause = first.clause if first else FLOW
        quote = first.quote if first else final.quote
        findings.append(
            Finding(
                "config.order-dependent",
                Severity.WARNING,
                clause,
                line_of(clause, quote),
                f"配置调整的先后次序会改变最终配置：{witness['in_play']} 按 {witness['orders'][0]} 得 {witness['line_ups'][0]}，"
                f"按 {witness['orders'][1]} 得 {witness['line_ups'][1]}（村民/外来者/爪牙/恶魔）；文中没有规定次序",
                f"the order of the setup modifiers changes the line-up: {witness['in_play']} gives "
                f"{witness['line_ups'][0]} in order {witness['orders'][0]} and {witness['line_ups'][1]} in "
                f"{witness['orders'][1]}; the text sets no order",
                quote,
                related=tuple((m.clause, line_of(m.clause, m.quote)) for m in mods),
                extra=witness,
            )
        )
    proofs = {
        "feasible": True,
        "modifier_order": "order-independent (proved)" if order is Status.UNSAT else "order-dependent",
    }
    return sorted(findings, key=Finding.sort_key), proofs


class BotcConfig:
    """The set-up rules as ``ruleproof config botc-m124``."""

    def register(self, p: argparse.ArgumentParser) -> None:
        add_seed(p)
        add_boards(p, 1, "默认 1，互不相同", "default 1, all different")
        add_check(
            p,
            "检查配置规则：不可能出现的身份、调整次序的影响",
            "check the configuration rules: roles that can never appear, the effect of the adjustment order",
        )
        p.add_argument(
            "--set",
            action="append",
            default=[],
            metavar="KEY=VALUE",
            help=t("改写参数（如 base.outsiders=0）", "override a parameter (e.g. base.outsiders=0)"),
        )
        p.add_argument(
            "--official",
            action="store_true",
            help=t(
                "与官方剧本数据（夜晚顺序、时机、开局效果）逐项比较",
                "compare with the official script data (night order, timing, setup effects)",
            ),
        )
        add_json(p)
        p.set_defaults(func=run)

    def check(self) -> ConfigCheck:
        findings, _ = check_findings(load_spec())
        return ConfigCheck(findings, "12 人")


CONFIG = BotcConfig()


def run(args: argparse.Namespace) -> int:
    positive(args.boards, "--boards")
    spec = load_spec(dict(parse_assignment(a) for a in args.set))
    if args.official:
        return _official(args)
    if args.check:
        findings, proofs = check_findings(spec)
        if args.json:
            print(
                dumps(
                    {
                        "book": BOOK_ID,
                        "changes": spec.describe_changes(),
                        "proofs": proofs,
                        "findings": [f.to_json() for f in findings],
                    }
                ),
                end="",
            )
        else:
            if proofs.get("feasible"):
                head = (
                    "配置调整次序：与次序无关（已证明）"
                    if proofs["modifier_order"].startswith("order-independent")
                    else "配置调整次序：与次序有关"
                )
                print(head if args.lang == "zh" else f"modifier order: {proofs['modifier_order']}")
            print(render.findings_text(findings, args.lang), end="")
        return 1 if findings else 0
    boards = generate(spec, args.seed, args.boards)
    if not boards:
        raise UserError("不存在合法配置（用 --check 查看原因）", "no legal set-up (see --check)")
    doc = {
        "book": BOOK_ID,
        "seed": args.seed,
        "changes": spec.describe_changes(),
        "requested": args.boards,
        "status": "ok" if len(boards) == args.boards else "fewer",
        "setups": [
            {
                **b.to_json(),
                "counts": {k.value: v for k, v in counts_by_kind(b.seats).items()},
                "verified": not violations(spec, b),
            }
            for b in boards
        ],
    }
    if args.json:
        print(dumps(doc), end="")
    else:
        for i, b in enumerate(boards, 1):
            counts = counts_by_kind(b.seats)
            print(
                f"配置 {i}："
                + "，".join(f"{k.value}{v}" for k, v in counts.items())
                + ("（恶魔宝宝局）" if b.monsta else "")
            )
            for n, r in enumerate(b.seats, 1):
                print(f"  {n:2d} 号 {ROLE_BY_KEY[r].zh}（{ROLE_BY_KEY[r].kind.value}）")
            hidden = b.to_json()["hidden"]
            if hidden:
                print("  " + "；".join(f"{k}={v}" for k, v in hidden.items()))
    return 0 if doc["status"] == "ok" else 1


__all__ = ["CONFIG", "check_findings"]


def _official(args: argparse.Namespace) -> int:
    """The comparison with the official script data (facts; exit 0: a list for the author to judge)."""
    diffs = compare()
    if args.json:
        print(dumps({"book": BOOK_ID, "source": SOURCE, "differences": [d.to_json() for d in diffs]}), end="")
        return 0
    src = f"{SOURCE['repository']} {SOURCE['path']} @ {SOURCE['commit'][:12]}"
    print(
        f"官方数据：{src}；{len(diffs)} 处不同"
        if args.lang == "zh"
        else f"official data: {src}; {len(diffs)} differences"
    )
    for d in diffs:
        print(f"  [{d.kind}] {d.zh if args.lang == 'zh' else d.en}")
    return 0
