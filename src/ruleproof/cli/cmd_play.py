"""``ruleproof play [--seed N]`` — one seeded random game with a readable log."""

from __future__ import annotations

import argparse

from ruleproof.cli.options import add_spec_options, spec_from_args
from ruleproof.jsonout import dumps
from ruleproof.specs.fanhanglu.engine import Game, RandomPolicy, random_roles
from ruleproof.specs.fanhanglu.engine.render import render


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("play", help="play one seeded random game and print its log")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--public", action="store_true", help="only what everyone sees (the batches)")
    p.add_argument("--json", action="store_true", help="the event log as JSON")
    add_spec_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    spec = spec_from_args(args)
    roles = random_roles(args.seed)
    g = Game(spec, roles, RandomPolicy(args.seed), seed=args.seed)
    g.run()
    if args.json:
        print(
            dumps(
                {
                    "seed": args.seed,
                    "spec": spec.describe_changes(),
                    "roles": {str(i + 1): r for i, r in enumerate(roles)},
                    "result": g.result.to_json() if g.result else None,
                    "events": [e.to_json() for e in g.events],
                }
            ),
            end="",
        )
        return 0
    for line in render(g.events, args.lang, private=not args.public, system=not args.public):
        print(line)
    return 0
