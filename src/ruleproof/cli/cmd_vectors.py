"""``ruleproof vectors export|schema|coverage`` — the vector corpus for engine authors.

* ``export DIR [--book B]`` writes the corpus: per book its hand-checked vectors and counterexamples
  (``vectors/``, ``counterexamples/``), its JSON Schema (``schema.json``, draft 2020-12) and a manifest
  (formats, book and text version, default readings, every case with its kind, cites and behaviour digest,
  clause coverage); a top-level ``manifest.json``.  A previous export in DIR is replaced, anything else
  is refused (exit 2); nothing is left half-written.
* ``schema [--book B]`` prints the book's JSON Schema.
* ``coverage [--book B] [--json]`` prints the clause coverage: the clauses carrying a rule effect that no
  vector cites, each with its line and the spec entries citing it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ruleproof.books import book_for, engine_of
from ruleproof.cli.i18n import t
from ruleproof.jsonout import dumps
from ruleproof.vectors.corpus import book_manifest, books_with_vectors, coverage_lines, export


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "vectors",
        help=t(
            "导出向量语料库、其 JSON Schema 与条款覆盖",
            "export the vector corpus, its schema and clause coverage",
        ),
        description=t("导出向量语料库、其 JSON Schema 与条款覆盖", __doc__ or ""),
    )
    vsub = p.add_subparsers(dest="action", metavar="ACTION", required=True, parser_class=type(p))
    e = vsub.add_parser(
        "export", help=t("写出语料库（含清单与 schema）", "write the corpus with manifests and schemas")
    )
    e.add_argument("dir", metavar="DIR")
    e.add_argument(
        "--book",
        metavar="KEY",
        help=t("只处理这一本书（默认：每本有向量的书）", "one book (default: every book with vectors)"),
    )
    e.set_defaults(func=run_export)
    s = vsub.add_parser("schema", help=t("一本书的向量之 JSON Schema", "the JSON Schema of a book's vectors"))
    s.add_argument("--book", metavar="KEY")
    s.set_defaults(func=run_schema)
    c = vsub.add_parser(
        "coverage", help=t("有规则效果却无向量引用的条款", "clauses with a rule effect that no vector cites")
    )
    c.add_argument(
        "--book",
        metavar="KEY",
        help=t("只处理这一本书（默认：每本有向量的书）", "one book (default: every book with vectors)"),
    )
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=run_coverage)


def run_export(args: argparse.Namespace) -> int:
    top = export(Path(args.dir), books_with_vectors(args.book))
    for b in top["books"]:
        pct = "—" if b["coverage_percent"] is None else f"{b['coverage_percent']}%"
        if args.lang == "en":
            print(f"{b['book']}: {b['cases']} vectors, clause coverage {pct}")
        else:
            print(f"{b['book']}：{b['cases']} 个向量，条款覆盖 {pct}")
    return 0


def run_schema(args: argparse.Namespace) -> int:
    from ruleproof.vectors.schema import schema_of

    book = book_for(args.book)
    print(dumps(schema_of(engine_of(book, "vectors schema"))), end="")
    return 0


def run_coverage(args: argparse.Namespace) -> int:
    manifests = [book_manifest(b)[0] for b in books_with_vectors(args.book)]
    if args.json:
        print(dumps([{"book": m["book"], **m["coverage"]} for m in manifests]), end="")
        return 0
    for m in manifests:
        print("\n".join(coverage_lines(m, args.lang)))
    return 0
