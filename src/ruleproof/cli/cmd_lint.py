"""``ruleproof lint [FILE]`` — the author's consistency checks on a rulebook, as a CI gate.

Exit 0 when there are no findings beyond the baseline, 1 when there are, 2 for bad input or usage.
``--write-baseline FILE`` records today's findings (and exits 0) so that a later ``--baseline FILE``
fails only on new ones.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import PurePath
from typing import Any

from ruleproof.books import load_source
from ruleproof.cli.common import add_file_argument, write
from ruleproof.lint import CHECKS, run_lint
from ruleproof.lint import baseline as bl
from ruleproof.lint.report import FORMATS, LintReport, render
from ruleproof.text import read_document


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "lint",
        help="规则书一致性检查（引用、编号、例外登记、十关核验、复述、次序、修订记录、排版残留）",
        description=__doc__,
    )
    add_file_argument(p)
    p.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help="text（按条款分组，供作者阅读）/ json / sarif（SARIF 2.1.0）/ junit（JUnit XML）",
    )
    p.add_argument("--baseline", metavar="FILE", help="基线文件：其中已记录的发现不再计入（exit 0）")
    p.add_argument("--write-baseline", metavar="FILE", help="把当前全部发现写入基线文件后退出（exit 0）")
    p.set_defaults(func=run)


def _uri(file: str | None, source_name: str) -> str:
    """Artifact location for SARIF: the path as the user gave it (POSIX separators), or bundled:KEY."""
    if file is None or file.startswith("bundled:"):
        return source_name
    return PurePath(file).as_posix()


def run(args: argparse.Namespace) -> int:
    source = load_source(args.file)
    doc = read_document(source)
    findings = run_lint(doc)
    if args.write_baseline:
        bl.write(args.write_baseline, findings)
        msg = (
            f"已写入基线 {args.write_baseline}：{len(findings)} 条发现"
            if args.lang != "en"
            else f"baseline written to {args.write_baseline}: {len(findings)} finding(s)"
        )
        print(f"ruleproof: {msg}", file=sys.stderr)
        return 0
    new, known = (findings, []) if not args.baseline else bl.split(findings, bl.load(args.baseline))
    titles = {c.id: c.title for c in doc}
    titles.update({a.name: a.title for a in doc.appendices})
    report = LintReport(
        source=doc.name,
        uri=_uri(args.file, doc.name),
        title=doc.title,
        checks=CHECKS,
        findings=new,
        baselined=known,
        clause_titles=titles,
    )
    write(render(report, args.format, args.lang))
    return 1 if new else 0
