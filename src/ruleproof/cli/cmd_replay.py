"""``ruleproof replay VECTOR…`` — replay test vectors on the engine; exit 1 at the first failing one."""

from __future__ import annotations

import argparse
from pathlib import Path

from ruleproof.errors import BadInput
from ruleproof.jsonout import dumps
from ruleproof.specs.fanhanglu.engine import check_expectations, run_vector
from ruleproof.vectors import load_vector


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("replay", help="replay ruleproof-vector/1 test vectors on the reference engine")
    p.add_argument("vectors", nargs="+", metavar="VECTOR", help="vector files or directories of *.json")
    p.add_argument("--json", action="store_true", help="machine-readable report")
    p.set_defaults(func=run)


def expand(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found = sorted(path.glob("*.json"))
            if not found:
                raise BadInput(f"目录中没有向量：{raw}", f"no vectors in directory {raw}")
            out.extend(found)
        else:
            out.append(path)
    return out


def run(args: argparse.Namespace) -> int:
    report = []
    status = 0
    for path in expand(args.vectors):
        vec = load_vector(path)
        outcome = run_vector(vec)
        mismatches = check_expectations(vec, outcome)
        report.append(
            {
                "path": str(path),
                "id": vec.id,
                "ok": not mismatches,
                "mismatches": [m.line("en") for m in mismatches],
            }
        )
        if mismatches:
            status = 1
            if not args.json:
                print(f"FAIL {path} ({vec.id})")
                print("  " + mismatches[0].line(args.lang))
                break
        elif not args.json:
            print(f"ok   {path} ({vec.id})")
    if args.json:
        print(dumps({"vectors": report, "ok": status == 0}), end="")
    return status
