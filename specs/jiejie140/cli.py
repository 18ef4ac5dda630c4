"""``ruleproof config jiejie140`` — a legal set-up for N players from Z3 (seeded), or ``--check``: the player
counts at which 开场行动 is infeasible or degenerate (docs/jiejie140.md, "Set-up")."""

from __future__ import annotations

import argparse
import random
from typing import Any

from ruleproof.books import BOOKS
from ruleproof.books.protocols import ConfigCheck
from ruleproof.cli.i18n import t
from ruleproof.config import render
from ruleproof.config.args import add_check, add_json, add_range, add_seed, scan_range
from ruleproof.errors import UserError
from ruleproof.jsonout import dumps
from ruleproof.specs.jiejie140 import BOOK, load_spec
from ruleproof.specs.jiejie140 import names as nm
from ruleproof.specs.jiejie140.interpretations import SWITCH_BY_KEY
from ruleproof.specs.jiejie140.setup import check_setup, deal, members_by_number, solve

DEFAULT_RANGE = (8, 40)  # the text names no player count; the scan ruleproof checks by default
READINGS = SWITCH_BY_KEY["setup.member_pool"].choices


class JiejieConfig:
    def register(self, p: argparse.ArgumentParser) -> None:
        p.add_argument("--players", type=int, help=t("开局人数 N", "the number of players N"))
        add_seed(p)
        add_check(
            p,
            "检查开场行动本身：无解、退化的人数",
            "check the opening actions themselves: player counts with no set-up or a degenerate one",
        )
        add_range(p, DEFAULT_RANGE)
        p.add_argument(
            "--member-pool",
            choices=READINGS,
            default=SWITCH_BY_KEY["setup.member_pool"].default,
            help=t(
                "成员身份池的读法：table（开场行动表，默认）/ skill_text（永恒者/凝聚者技能表）",
                "how to read the member pool: table (the opening-action table, default) / skill_text (the 永恒者/凝聚者 skill tables)",
            ),
        )
        add_json(p)
        p.set_defaults(func=run)

    def check(self) -> ConfigCheck:
        ns = list(range(DEFAULT_RANGE[0], DEFAULT_RANGE[1] + 1))
        return ConfigCheck(check_setup(load_spec(), ns), f"N = {ns[0]}–{ns[-1]}")


CONFIG = JiejieConfig()


def _check_range(lo: int, hi: int) -> None:
    if lo < 3 or hi > 200:
        raise UserError("--range 须在 3–200 人之间", "--range must lie within 3-200 players")


def given_for(spec: Any, shape_: dict[str, Any], seed: int) -> dict[str, Any]:
    """The solved shape as the set-up's choices: its seats, ranges and member seats; the line-ups'
    identities drawn with ``seed`` from the pool, each leader expelling an identity the other does not use."""
    rng = random.Random(f"config:{seed}")
    ident = members_by_number(spec)
    pool = sorted(ident)
    lineups = {f: sorted(rng.sample(pool, int(shape_[f]["lineup"]))) for f in nm.MIRROR}
    given: dict[str, Any] = {"leaders": shape_["leaders"], "members": {}}
    for f in nm.MIRROR:
        spare = [x for x in pool if x not in lineups[nm.enemy(f)]]
        given[f] = {
            "range": shape_[f]["range"],
            "lineup": lineups[f],
            "protect": [lineups[f][0]],
            "expel": spare[0] if spare else pool[0],
        }
        for seat, number in zip(shape_[f]["members"], lineups[f], strict=False):
            given["members"][seat] = ident[number]
    return given


def run(args: argparse.Namespace) -> int:
    spec = load_spec(interpretation={"setup.member_pool": args.member_pool})
    if args.players is not None and not 3 <= args.players <= 200:
        raise UserError("人数须在 3–200 之间", "players must be 3-200")
    if args.check:
        ns = scan_range(args.scan, args.players, DEFAULT_RANGE, _check_range)
        findings = check_setup(spec, ns)
        if args.json:
            doc = {
                "book": BOOKS[BOOK].book_id,
                "players": ns,
                "member_pool": args.member_pool,
                "findings": [f.to_json() for f in findings],
            }
            print(dumps(doc), end="")
        else:
            print(render.findings_text(findings, args.lang), end="")
        return 1 if findings else 0
    if args.players is None:
        raise UserError("请用 --players N 给出人数（或用 --check 检查规则）", "give --players N (or --check)")
    shape_ = solve(spec, args.players, args.seed)
    out: dict[str, Any] = {"book": BOOKS[BOOK].book_id, "players": args.players, "seed": args.seed}
    if shape_ is None:
        out["status"] = "infeasible"
        msg = (
            f"no set-up exists for {args.players} players (see --check)\n"
            if args.lang == "en"
            else f"{args.players} 人无法完成开场行动（用 --check 查看原因）\n"
        )
        print(dumps(out) if args.json else msg, end="")
        return 1
    d = deal(spec, args.players, args.seed, given_for(spec, shape_, args.seed))
    out["status"] = "ok"
    out["shape"] = shape_
    out["deal"] = {
        "seats": {str(i + 1): f"{r}@{f}" for i, (r, f) in enumerate(d.seats)},
        "expelled": d.expelled,
        "choices": {f: vars(c) for f, c in d.choices.items()},
    }
    if args.json:
        print(dumps(out), end="")
        return 0
    en = args.lang == "en"
    lines = [
        f"set-up for {args.players} players (seed {args.seed}):"
        if en
        else f"{args.players} 人开局（种子 {args.seed}）："
    ]
    for f in nm.MIRROR:
        c = d.choices[f]
        if en:
            lines.append(
                f"  {nm.FACTION_EN[f]}: protect {list(c.protect)}, expel {c.expel}, line-up {list(c.lineup)}, range {list(c.range)}"
            )
        else:
            lines.append(
                f"  {nm.FACTION_ZH[f]}：保护 {list(c.protect)}，驱除 {c.expel}，阵容 {list(c.lineup)}，感召范围 {list(c.range)}"
            )
    for i, (r, f) in enumerate(d.seats, start=1):
        if en:
            lines.append(f"  {i:>2}  {r} ({nm.FACTION_EN[f]})")
        else:
            lines.append(f"  {i:>2} 号  {nm.IDENTITY_ZH.get(r, r)}（{nm.FACTION_ZH[f]}）")
    print("\n".join(lines) + "\n", end="")
    return 0


__all__ = ["CONFIG", "JiejieConfig"]
