"""``ruleproof appendix [FILE] [--which glossary|roles|flow] [--format …] [--diff]``.

Without ``--diff``: print the appendix generated from the body (spec + clause tree, numbers as the text
prints them now) as text (the rulebook's style, one line per entry), Markdown or HTML; exit 0.
With ``--diff``: report each printed line that disagrees with the body (text or JSON report, as
``lint``); exit 1 when there is a finding, 0 when none.  ``--which`` defaults to every appendix the
book's profile has.  Exit 2 for bad input or a book without an appendix profile.
"""

from __future__ import annotations

import argparse
from typing import Any

from ruleproof.appendix import CHECKS, Which, diff, profile_for
from ruleproof.appendix.render import render
from ruleproof.books import load_source
from ruleproof.cli.common import add_book_argument, add_file_argument, book_of_text, write
from ruleproof.cli.i18n import t
from ruleproof.errors import UserError
from ruleproof.findings import Finding
from ruleproof.lint.report import LintReport
from ruleproof.lint.report import render as render_report
from ruleproof.text import read_document


def register(sub: Any) -> None:
    HELP = t(
        "由正文生成附录（术语表∕职业速查卡∕一页速查），或与印行附录逐行比对",
        "generate the appendices (glossary, role cards, one-page flow) from the body, or diff them with the printed ones",
    )
    p: argparse.ArgumentParser = sub.add_parser(
        "appendix",
        help=HELP,
        description=t(HELP, __doc__ or ""),
    )
    add_file_argument(p)
    p.add_argument(
        "--which",
        choices=[w.value for w in Which],
        action="append",
        help=t(
            "glossary（附录一 术语表）/ roles（附录二 职业速查卡）/ flow（附录三 一页速查）；可重复；缺省为全部",
            "glossary (appendix 1) / roles (appendix 2, role cards) / flow (appendix 3, one page); repeatable; default all",
        ),
    )
    p.add_argument(
        "--format",
        choices=("text", "markdown", "html", "json"),
        default="text",
        help=t(
            "生成：text / markdown / html；--diff：text / json",
            "generated: text / markdown / html; --diff: text / json",
        ),
    )
    p.add_argument(
        "--diff",
        action="store_true",
        help=t(
            "与印行附录比对，逐条报告与正文不符之处",
            "compare with the printed appendices: every line that disagrees with the body",
        ),
    )
    add_book_argument(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.diff and args.format in ("markdown", "html"):
        raise UserError("--diff 的输出格式为 text 或 json", "--diff prints text or json")
    if not args.diff and args.format == "json":
        raise UserError(
            "生成附录的格式为 text、markdown 或 html", "generated appendices print as text, markdown or html"
        )
    source = load_source(args.file)
    book = book_of_text(args, source)
    doc = read_document(source)
    profile = profile_for(doc, book)
    if profile is None:
        if book is not None:
            raise book.missing("appendix", "ruleproof appendix")
        raise UserError(
            f"{doc.name}：认不出是哪本规则书，没有附录配置（可用 --book 指定）",
            f"{doc.name}: unknown book, no appendix profile (name it with --book)",
        )
    wanted = [Which(w) for w in dict.fromkeys(args.which or [w.value for w in Which])]
    defs = [d for d in (profile.get(w) for w in wanted) if d is not None]
    if not defs:
        raise UserError("该规则书没有所选附录", "the book has none of the chosen appendices")
    if not args.diff:
        write(render([d.build(doc) for d in defs], doc, args.format))
        return 0
    findings: list[Finding] = []
    for d in defs:
        findings.extend(diff(doc, d))
    findings.sort(key=Finding.sort_key)
    titles = {c.id: c.title for c in doc}
    titles.update({a.name: a.title for a in doc.appendices})
    report = LintReport(
        source=doc.name,
        uri=doc.name,
        title=doc.title,
        checks=CHECKS,
        findings=findings,
        clause_titles=titles,
        tool="ruleproof appendix --diff",
    )
    write(render_report(report, args.format, args.lang))
    return 1 if findings else 0
