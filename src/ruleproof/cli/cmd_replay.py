"""``ruleproof replay VECTOR…`` — replay test vectors on the engine of the book each names.

Every vector is replayed (a failing or malformed one does not stop the others) and the run ends with a
summary line ("replay: 268 passed, 0 failed").  Exit 0 when every expectation of every vector holds, 1
when some expectation failed (each mismatch printed with the vector's clause ids), 2 when some vector
could not be replayed — malformed (the file and the JSON path of the place: ``$.script[0].night``), or
stopped by an illegal action it does not expect (naming the clause).  A single unusable vector is one
line on stderr, as for any bad input.  ``--json`` reports every vector in any case.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ruleproof import progress
from ruleproof.books import engine_for_vector
from ruleproof.cli.common import write
from ruleproof.cli.i18n import t
from ruleproof.errors import BadInput, UserError
from ruleproof.jsonout import dumps
from ruleproof.runtime.replay import BookEngine
from ruleproof.vectors.format import MalformedVector, Vector, parse_vector, read_raw
from ruleproof.vectors.schema import validate


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    HELP = t(
        "在参考引擎上回放 ruleproof-vector/1 测试向量",
        "replay ruleproof-vector/1 test vectors on the reference engine",
    )
    p = sub.add_parser("replay", help=HELP, description=t(HELP, __doc__ or ""))
    p.add_argument(
        "vectors",
        nargs="+",
        metavar="VECTOR",
        help=t("向量文件，或含 *.json 的目录", "vector files or directories of *.json"),
    )
    p.add_argument("--json", action="store_true", help=t("机器可读的报告", "machine-readable report"))
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


def load(path: Path) -> tuple[BookEngine, Vector]:
    """A vector file and its book's engine: the JSON read, validated against the book's JSON Schema
    (vectors.schema), then loaded (the loader's own checks); BadInput naming the place otherwise."""
    raw = read_raw(path)
    engine = engine_for_vector(raw.get("book"), str(path))
    validate(raw, engine, str(path))
    return engine, engine.load(parse_vector(raw, str(path), engine.vocabulary))


def replay_one(path: Path) -> dict[str, Any]:
    """One vector's report: ``ok``, its mismatches (``failed``), or what stopped it — a malformed vector
    (``malformed``: the file, the JSON path, the reason) or an error of the run (``error``: an illegal
    action the vector does not expect, a rule not implemented)."""
    vec = None
    try:
        engine, vec = load(path)
        mismatches = engine.check_vector(vec)  # every run of a vector with readings
    except MalformedVector as exc:
        return {"path": str(path), "id": None, "ok": False, "kind": "malformed", "error": exc}
    except BadInput as exc:  # the file cannot be read, or names no book we have
        kind = "malformed" if vec is None else "error"
        return {"path": str(path), "id": vec.id if vec else None, "ok": False, "kind": kind, "error": exc}
    except UserError as exc:
        return {"path": str(path), "id": vec.id if vec else None, "ok": False, "kind": "error", "error": exc}
    kind = "failed" if mismatches else "ok"
    return {"path": str(path), "id": vec.id, "ok": not mismatches, "kind": kind, "mismatches": mismatches}


def summary(reports: list[dict[str, Any]], lang: str) -> str:
    """The closing line: ``268 passed, 0 failed`` (and the malformed / erroneous ones when any)."""
    n = {k: sum(r["kind"] == k for r in reports) for k in ("ok", "failed", "malformed", "error")}
    if lang == "en":
        line = f"replay: {n['ok']} passed, {n['failed']} failed"
        extra = [f"{n['malformed']} malformed"] * bool(n["malformed"]) + [
            f"{n['error']} stopped by an error"
        ] * bool(n["error"])
        return line + "".join(f", {x}" for x in extra)
    line = f"回放 {len(reports)} 个向量：通过 {n['ok']}，不符 {n['failed']}"
    if n["malformed"]:
        line += f"，格式错误 {n['malformed']}"
    if n["error"]:
        line += f"，运行出错 {n['error']}"
    return line


def run(args: argparse.Namespace) -> int:
    paths = expand(args.vectors)
    reports: list[dict[str, Any]] = []
    for path in paths:
        progress.update("replay", path.name, len(reports), len(paths))
        reports.append(replay_one(path))
    stopped = [r for r in reports if r["kind"] in ("malformed", "error")]
    failed = [r for r in reports if r["kind"] == "failed"]
    if len(reports) == 1 and stopped:
        raise stopped[0]["error"]  # one unusable vector: its one-line error, exit 2
    if args.json:
        write(
            dumps(
                {
                    "vectors": [
                        {
                            "path": r["path"],
                            "id": r["id"],
                            "ok": r["ok"],
                            "kind": r["kind"],
                            "mismatches": [m.line("en") for m in r.get("mismatches", [])],
                            **({"error": r["error"].message("en")} if "error" in r else {}),
                        }
                        for r in reports
                    ],
                    "ok": not stopped and not failed,
                    "summary": {
                        "vectors": len(reports),
                        "passed": sum(r["ok"] for r in reports),
                        "failed": len(failed),
                        "malformed": sum(r["kind"] == "malformed" for r in reports),
                        "errors": sum(r["kind"] == "error" for r in reports),
                    },
                }
            )
        )
    else:
        lines = []
        for r in reports:
            name = f"{r['path']} ({r['id']})" if r["id"] else r["path"]
            if r["ok"]:
                lines.append(f"ok   {name}")
            elif "error" in r:
                label = "MALFORMED" if r["kind"] == "malformed" else "ERROR"
                lines.append(f"{label} {name}")
                lines.append("  " + r["error"].message(args.lang))
            else:
                lines.append(f"FAIL {name}")
                lines.extend("  " + m.line(args.lang) for m in r["mismatches"])
        lines.append(summary(reports, args.lang))
        write("\n".join(lines) + "\n")
    if stopped:
        return 2  # a vector that could not be replayed is bad input, whatever the others did
    return 1 if failed else 0
