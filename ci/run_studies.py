"""Run every 返航录 study and write docs/studies/<name>/ (result.json, plots, reports), then rewrite the
generated section of docs/studies.md from the result files.  Not a test (it takes a while); the suite
checks that docs/studies.md says what the result files say.

    .venv/bin/python ci/run_studies.py [--games 2000] [--seed 0] [--only NAME …] [--docs-only | --reconclude]

--reconclude rewrites each study folder from its result.json (conclusions, plots, reports) without playing
a game: for a change in a study's wording, not in what it measures.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from ruleproof.cli import main as cli
from ruleproof.studies.report import docs_section

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
OUT = DOCS / "studies"
MARK = "studies"


def splice(path: Path, body: str) -> None:
    start, end = f"<!-- {MARK}:start -->\n", f"<!-- {MARK}:end -->"
    text = path.read_text(encoding="utf-8")
    head, rest = text.split(start, 1)
    _, tail = rest.split(end, 1)
    path.write_text(head + start + body + end + tail, encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--only", nargs="*")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--docs-only", action="store_true")
    mode.add_argument("--reconclude", action="store_true")
    a = ap.parse_args()
    from ruleproof.studies.report import rewrite
    from ruleproof.studies.runner import study_book

    studies = study_book("fanhanglu").studies
    names = list(studies)
    if a.reconclude:
        for name in a.only or names:
            if (OUT / name / "result.json").is_file():
                rewrite(OUT / name, studies[name], "zh")
                print(f"{name}: rewritten from result.json", flush=True)
    elif not a.docs_only:
        for name in a.only or names:
            t = time.perf_counter()
            status = cli(
                [
                    "study",
                    name,
                    "--games",
                    str(a.games),
                    "--seed",
                    str(a.seed),
                    "--out",
                    str(OUT / name),
                    "--quiet",
                ]
            )
            print(f"{name}: exit {status}, {time.perf_counter() - t:.0f} s", flush=True)
    splice(DOCS / "studies.md", docs_section(OUT, [n for n in names if (OUT / n / "result.json").is_file()]))
    print("docs/studies.md regenerated")


if __name__ == "__main__":
    main()
