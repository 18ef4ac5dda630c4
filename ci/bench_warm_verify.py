"""Benchmark: CPU seconds of a warm ``verify`` of an edited 返航录 in one process — the jobs' keys miss (another
text), every solver question is read from the cache (the same rules), so what is left is planning the jobs
and taking each question's fingerprint.  Prints figures; never fails.

    python ci/bench_warm_verify.py [--depth K] [--runs N] [--json PATH]

A fresh verdict cache folder (a temporary one): run 0 is the cold verify of the bundled text, runs 1..N each
verify the text with one more note appended (「附注。」: another text, the same rules and claims).  Prints each
run's ``time.process_time`` and whether every run's report (``to_json(timing=False)``) is the same bytes;
``--json`` writes the last report, to compare two trees' output.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=4, help="BMC depth (default 4, check's)")
    parser.add_argument("--runs", type=int, default=3, help="warm runs after the cold one (default 3)")
    parser.add_argument("--json", default=None, help="write the last report here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["RULEPROOF_CACHE"] = folder
        from ruleproof.books import load_source
        from ruleproof.smt import Options, verify_all
        from ruleproof.specs.fanhanglu import load_spec
        from ruleproof.text import read_document

        source = load_source(None)
        reports = []
        for n in range(args.runs + 1):
            noted = source.data + ("\n" + "附注。" * n).encode() if n else source.data
            doc = read_document(dataclasses.replace(source, data=noted))
            start = time.process_time()
            report = verify_all(load_spec(), doc, options=Options(depth=args.depth))
            took = time.process_time() - start
            reports.append(json.dumps(report.to_json(timing=False), sort_keys=True, ensure_ascii=False))
            print(f"{'cold' if n == 0 else 'warm'} run {n}: {took:.2f} CPU-s", flush=True)
    print("every report the same bytes:", len(set(reports)) == 1)
    if args.json:
        Path(args.json).write_text(reports[-1], encoding="utf-8")


if __name__ == "__main__":
    main()
