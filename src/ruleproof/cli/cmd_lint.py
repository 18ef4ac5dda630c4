"""``ruleproof lint [FILE]`` — the author's consistency checks on a rulebook, as a CI gate.

Exit 0 when there are no findings beyond the baseline, 1 when there are, 2 for bad input or usage.
``--write-baseline FILE`` records today's findings (and exits 0) so that a later ``--baseline FILE``
fails only on new ones.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import quote

from ruleproof.books import load_source
from ruleproof.cli.common import add_file_argument, write
from ruleproof.cli.i18n import t
from ruleproof.errors import UserError
from ruleproof.findings import Finding, Stage
from ruleproof.htmlreport import Extras, render_html
from ruleproof.lint import CheckInfo, families_for, run_lint
from ruleproof.lint import baseline as bl
from ruleproof.lint.report import FORMATS, LintReport, render
from ruleproof.text import Document, read_document


def register(sub: Any) -> None:
    HELP = t(
        "规则书一致性检查（引用、编号、例外登记、十关核验、复述、次序、修订记录、排版残留）",
        "rulebook consistency checks (references, numbering, exception registry, gates, restatements, orders, revision log, extraction residue)",
    )
    p: argparse.ArgumentParser = sub.add_parser(
        "lint",
        help=HELP,
        description=t(HELP, __doc__ or ""),
    )
    add_file_argument(p)
    add_report_arguments(p)
    p.set_defaults(func=run)


def add_report_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help=t(
            "text（按条款分组，供作者阅读）/ json / sarif（SARIF 2.1.0）/ junit（JUnit XML）/ html（一页自含的报告）",
            "text (by clause, for the author) / json / sarif (SARIF 2.1.0) / junit (JUnit XML) / html (one self-contained page)",
        ),
    )
    p.add_argument(
        "--baseline",
        metavar="FILE",
        help=t(
            "基线文件：其中已记录的发现不再计入（exit 0）",
            "baseline file: the findings it records are not counted",
        ),
    )
    p.add_argument(
        "--write-baseline",
        metavar="FILE",
        help=t(
            "把当前全部发现写入基线文件后退出（exit 0）",
            "write every current finding to a baseline file and exit 0",
        ),
    )
    p.add_argument(
        "--srcroot",
        metavar="DIR",
        help=t(
            "SARIF 中文件位置相对于此目录（通常为仓库根目录，供代码扫描平台对应到文件）",
            "SARIF file locations relative to this folder (usually the repository root, for code scanning)",
        ),
    )


def artifact_uri(file: str | None, source_name: str, srcroot: str | None = None) -> tuple[str, str | None]:
    """Artifact location for SARIF, a valid URI reference (RFC 3986, percent-encoded): with ``--srcroot``
    the path relative to it (and the root as ``SRCROOT``'s ``file:`` URI); else a relative path as
    given, an absolute one as a ``file:`` URI; the bundled books as ``bundled:KEY``."""
    if file is None or file.startswith("bundled:"):
        return source_name, None
    path = Path(file)
    if srcroot is not None:
        root = Path(srcroot).resolve()
        try:
            relative = path.resolve().relative_to(root)
        except ValueError:
            raise UserError(
                f"{file} 不在 --srcroot {srcroot} 之内", f"{file} is not inside --srcroot {srcroot}"
            ) from None
        return quote(relative.as_posix()), root.as_uri() + "/"
    if path.is_absolute():
        return path.as_uri(), None
    return quote(PurePosixPath(*path.parts).as_posix()), None


def emit_report(
    args: argparse.Namespace,
    doc: Document,
    findings: list[Finding],
    checks: Sequence[CheckInfo],
    *,
    tool: str,
    stages: Sequence[Stage] = (),
    failed: bool = False,
    extras: Callable[[], Extras] | None = None,
) -> int:
    """Baseline handling and output shared by ``lint`` and ``check``; returns the exit status."""
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
    uri, base = artifact_uri(args.file, doc.name, getattr(args, "srcroot", None))
    report = LintReport(
        source=doc.name,
        uri=uri,
        uri_base=base,
        title=doc.title,
        checks=checks,
        findings=new,
        baselined=known,
        clause_titles=titles,
        tool=tool,
        stages=list(stages),
    )
    if args.format == "html":  # one self-contained page; check adds its counterexamples and switches
        write(render_html(report, doc, extras() if extras is not None else Extras(), args.lang))
    else:
        write(render(report, args.format, args.lang))
    return 1 if new or failed else 0


def checks_for(doc: Document) -> tuple[CheckInfo, ...]:
    """The checks that run on ``doc`` (its shape's families and its book-specific ones)."""
    return tuple(info for family in families_for(doc) for info in family.CHECKS)


def run(args: argparse.Namespace) -> int:
    doc = read_document(load_source(args.file))
    return emit_report(args, doc, run_lint(doc), checks_for(doc), tool="ruleproof lint")
