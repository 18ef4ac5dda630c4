"""``ruleproof params [--book KEY]`` — the spec's parameters: key, value, clause, quoted phrase; ``--set``
shows a reform."""

from __future__ import annotations

import argparse

from ruleproof import books
from ruleproof.cli.common import add_book_argument, book_from_args
from ruleproof.cli.i18n import t
from ruleproof.cli.options import add_spec_options, spec_from_args
from ruleproof.jsonout import dumps


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "params",
        help=t("列出规格的可调参数及其条款与默认值", "list the spec's parameters with clause and default"),
    )
    p.add_argument("--json", action="store_true", help=t("机器可读的 JSON", "machine-readable JSON"))
    p.add_argument(
        "--all",
        action="store_true",
        help=t("也列出结构性（不可调）常量", "include structural (non-tunable) constants"),
    )
    add_book_argument(p, t("规则书（默认 fanhanglu）", "the book (default fanhanglu)"))
    add_spec_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    book = book_from_args(args)
    exe = books.spec_of(book, "ruleproof params")
    spec = spec_from_args(args, book, "params")
    rows = []
    for param in exe.params:
        if not (param.tunable or args.all):
            continue
        value = spec.params[param.key]
        rows.append(
            {
                "key": param.key,
                "value": param.display(value),
                "default": param.display(),
                "unit": param.unit.value,
                "clause": param.clause,
                "quote": param.quote,
                "tunable": param.tunable,
                "doc": param.doc_en if args.lang == "en" else param.doc,
            }
        )
    if args.json:
        print(dumps({"params": rows}), end="")
        return 0
    for r in rows:
        changed = "" if r["value"] == r["default"] else f"（默认 {r['default']}）"
        print(f"{r['key']:<32} {r['value']:<8}{changed} {r['clause']:<7} {r['doc']}「{r['quote']}」")
    return 0
