"""``ruleproof replay VECTOR…`` — replay test vectors on the engine of the book each names.

Every vector is replayed (a failing one does not stop the others) and the run ends with a summary line.
Exit 0 when every expectation of every vector holds, 1 when some expectation failed (each mismatch
printed with the vector's clause ids), 2 when some vector could not be replayed — malformed, or an
illegal action it does not expect (each reported on its own line, naming the clause).  A single unusable
vector is one line on stderr, as for any bad input.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ruleproof.books import engine_for_vector
from ruleproof.errors import BadInput, UserError
from ruleproof.jsonout import dumps
from ruleproof.vectors.format import parse_vector, read_raw


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "replay", help="replay ruleproof-vector/1 test vectors on the reference engine", description=__doc__
    )
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


def replay_one(path: Path) -> dict[str, Any]:
    """One vector's report: ``ok``, its mismatches, or the error that stopped it (bad vector, illegal
    action the vector does not expect)."""
    try:
        raw = read_raw(path)
        engine = engine_for_vector(raw.get("book"), str(path))
        vec = engine.load(parse_vector(raw, str(path), engine.vocabulary))
        outcome = engine.run_vector(vec)
        mismatches = engine.check_expectations(vec, outcome)
    except UserError as exc:
        return {"path": str(path), "id": None, "ok": False, "error": exc}
    return {"path": str(path), "id": vec.id, "ok": not mismatches, "mismatches": mismatches}


def run(args: argparse.Namespace) -> int:
    paths = expand(args.vectors)
    reports = [replay_one(path) for path in paths]
    failed = [r for r in reports if not r["ok"]]
    errors = [r for r in failed if "error" in r]
    if len(reports) == 1 and errors:
        raise errors[0]["error"]  # one unusable vector: its one-line error, exit 2
    if args.json:
        print(
            dumps(
                {
                    "vectors": [
                        {
                            "path": r["path"],
                            "id": r["id"],
                            "ok": r["ok"],
                            "mismatches": [m.line("en") for m in r.get("mismatches", [])],
                            **({"error": r["error"].message("en")} if "error" in r else {}),
                        }
                        for r in reports
                    ],
                    "ok": not failed,
                    "summary": {"vectors": len(reports), "passed": len(reports) - len(failed)},
                }
            ),
            end="",
        )
    else:
        for r in reports:
            name = f"{r['path']} ({r['id']})" if r["id"] else r["path"]
            if r["ok"]:
                print(f"ok   {name}")
            elif "error" in r:
                print(f"ERROR {name}")
                print("  " + r["error"].message(args.lang))
            else:
                print(f"FAIL {name}")
                for m in r["mismatches"]:
                    print("  " + m.line(args.lang))
        n, bad = len(reports), len(failed)
        if args.lang == "en":
            print(
                f"{n - bad}/{n} vectors passed"
                + (f", {bad} failed ({len(errors)} with errors)" if bad else "")
            )
        else:
            print(
                f"{n} 个向量：通过 {n - bad}" + (f"，失败 {bad}（其中 {len(errors)} 个出错）" if bad else "")
            )
    if errors:
        return 2
    return 1 if failed else 0
