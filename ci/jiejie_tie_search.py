"""Search seeded random [140]乘风破浪的姐姐2 games for one PS2 leaves with two winners (永恒 1 and 凝聚 1 at
once) and write it as a replayable counterexample of ``single_winner``.

    .venv/bin/python ci/jiejie_tie_search.py [--from 0] [--to 5000] [--out counterexamples/jiejie140]

Prints the seed, the result and the number of games searched; exit 1 when none is found."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ruleproof.invariants.jiejie140.record import record
from ruleproof.specs.jiejie140 import load_spec
from ruleproof.vectors.format import dump_vector


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--from", dest="lo", type=int, default=0)
    ap.add_argument("--to", dest="hi", type=int, default=5000)
    ap.add_argument("--out", default="counterexamples/jiejie140")
    args = ap.parse_args()
    spec = load_spec()
    for seed in range(args.lo, args.hi):
        g, vector = record(spec, seed)
        if g.result is None or "+" not in g.result.winner:
            continue
        stem = "single_winner--default"
        vector.update(
            id=stem,
            title=f"PS2 留下两个胜者：第 {g.result.night} 天永恒与凝聚同时达成胜利条件 1（随机对局，种子 {seed}）",
            description=(
                "胜负判定 PS2「如果多个阵营同时获胜，适应者阵营34>永恒者/凝聚者阵营2>欺骗者阵营1>永恒者/凝聚者阵营1>适应者阵营12」"
                "把永恒与凝聚的胜利条件 1 排在同一位：两方在同一次计票中各自完成「击杀敌对阵营永恒者/凝聚者和其四名不同的成员」"
                "时，PS2 留下两个胜者。此脚本是随机对局的完整记录（ci/jiejie_tie_search.py），在任何引擎上回放都应到达这一结局。"
            ),
            cites=["胜负判定", "阵营技能"],
        )
        out = Path(args.out) / f"{stem}.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(dump_vector(vector), encoding="utf-8")
        print(f"seed {seed}: {g.result.to_json()} after {seed - args.lo + 1} games → {out}")
        return 0
    print(f"no tie in seeds {args.lo}–{args.hi - 1}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
