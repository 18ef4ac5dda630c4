"""``ruleproof check [FILE]`` — the main job: every available check on a rulebook, one report.

Stages: read the text into a clause tree (numbered 4.4.6, or by its headings); the generic lint of its
shape; the book-specific lint (返航录's exception registry and ten-gate lines, where the book's profile
or the text declares them); compare the executable spec's quoted phrases with the text (drift); verify
the invariants the text states (``ruleproof verify``, every reading, BMC depth ``CHECK_DEPTH``); what
each interpretation switch costs in play (``ruleproof readings``: the smallest scenario its readings
tell apart); the configuration rules' own checks (``ruleproof config genshin165 --check``).  Which book the text is, and
so which stages it has, comes from the book registry (``--book KEY``, ``bundled:KEY`` or the text's
title); every stage is listed, with "skipped" and the reason where the book has no such thing (yet).
Output formats and baselines are those of ``ruleproof lint``.  The verification's units and the readings search run
side by side in ``--jobs`` worker processes (default: the CPUs this process may use; the report is the same bytes).
Exit 0 when nothing is found beyond the baseline and every invariant is proved or holds, 1 when
something is found or an invariant is violated or vacuous, 3 when an invariant is unknown (never shown as a pass)
and nothing else failed, 2 when the input cannot be used.

``check NEW --against OLD`` is the revision gate (``ruleproof.revgate``): both revisions are checked,
their clauses aligned (a renumbering is one change), and the report lists what changed, the findings
new in NEW (fingerprints carried across renumbering and line shifts), the ones fixed, spec constants
whose printed value changed, invariants whose status changed and, with ``--vectors DIR``, vectors whose
replay outcome changed under the values each revision prints.  Exit 1 only for new findings (a new
violation is one); SARIF carries only the new findings on lines the revision changed.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ruleproof import books
from ruleproof.books import BookProfile, load_source
from ruleproof.cli.cmd_lint import add_report_arguments, artifact_uri, emit_report
from ruleproof.cli.common import (
    add_book_argument,
    add_file_argument,
    add_jobs_argument,
    book_of_text,
    same_book,
    write,
)
from ruleproof.cli.i18n import t
from ruleproof.errors import UserError
from ruleproof.htmlreport import Extras, Story, SwitchView, file_in, tell, words_of
from ruleproof.parallel import jobs_from
from ruleproof.pipeline import CHECK_DEPTH, SPECS, STAGES, run_check
from ruleproof.smt.ts import Status
from ruleproof.smt.verify import VerifyReport, counterexample_name
from ruleproof.text import Document, read_document
from ruleproof.vectors.format import read_raw

__all__ = ["CHECK_DEPTH", "SPECS", "register", "run", "spec_book"]


def register(sub: Any) -> None:
    HELP = t("主任务：对规则书运行全部检查并汇总", "the main job: every check on a rulebook, one report")
    p: argparse.ArgumentParser = sub.add_parser("check", help=HELP, description=t(HELP, __doc__ or ""))
    add_file_argument(p)
    add_report_arguments(p)
    p.add_argument(
        "--spec",
        choices=("auto", "none", *SPECS),
        default="auto",
        help=t(
            "与正文对照的可执行规格；auto 按书识别（返航录 → fanhanglu），none 只做文本检查",
            "the executable spec to check the text against; auto: by the book (返航录 → fanhanglu); none: text checks only",
        ),
    )
    add_book_argument(p)
    p.add_argument(
        "--no-verify",
        action="store_true",
        help=t(
            "跳过不变式验证（每版数秒；报告中该阶段标为未运行）",
            "skip the invariant verification (seconds per revision; the stage is reported as not run)",
        ),
    )
    add_jobs_argument(p)
    p.add_argument(
        "--against",
        metavar="OLD",
        help=t(
            "修订门：与旧版 OLD 对照，只报告新增的发现（改号、行移不算新发现）；exit 1 仅当有新发现",
            "the revision gate: compare with the old revision OLD and report only new findings (renumbering and line shifts are not new); exit 1 only for new findings",
        ),
    )
    p.add_argument(
        "--vectors",
        metavar="DIR",
        action="append",
        help=t(
            "与 --against 同用：按两版所印的规格数值重放这些向量（目录或文件，可重复），报告结果改变者",
            "with --against: replay these vectors (folders or files, repeatable) under the values each revision prints; report those whose outcome changed",
        ),
    )
    p.set_defaults(func=run)


def spec_book(args: argparse.Namespace, book: BookProfile | None) -> BookProfile | None:
    """The book whose spec the text is checked against: ``--spec`` when it names one, none with
    ``--spec none``, else the text's own book."""
    if args.spec == "none":
        return None
    return books.get(args.spec) if args.spec != "auto" else book


def _stages(args: argparse.Namespace) -> tuple[str, ...]:
    return tuple(s for s in STAGES if not (args.no_verify and s == "verify"))


def html_extras(doc: Document, book: BookProfile | None, report: VerifyReport | None) -> Extras:
    """What the HTML page shows beyond the findings: the text's order tables, every counterexample of
    the verification as a story, the book's interpretation switches with the scenarios kept for them."""
    from ruleproof.lint.context import LintContext
    from ruleproof.lint.orders import extract_order_tables

    orders = list(extract_order_tables(LintContext(doc)).values()) if doc.shape == "dotted" else []
    words = words_of(
        books.engine_of(book).vocabulary_json() if book is not None and book.has("engine") else None
    )
    folder = book.counterexamples if book is not None else None
    stories = []
    if report is not None:
        for inv in report.invariants:
            for rr in inv.readings:
                vector = rr.checked.scenario
                if rr.status is not Status.VIOLATED or vector is None:
                    continue
                label = ",".join(f"{k}={v}" for k, v in rr.readings.items()) or "default"
                failed = ", ".join(rr.checked.result.trace.failed) if rr.checked.result.trace else ""
                stem = counterexample_name(inv.invariant.name, report.spec, rr.readings)
                title = f"{inv.invariant.name}（{label}）违反：{failed}"
                stories.append(
                    Story(
                        title,
                        "violated",
                        list(vector.get("cites", [])),
                        tell(vector, words),
                        vector,
                        file_in(folder, stem),
                    )
                )
    switches = []
    if book is not None and book.has("spec"):
        for sw in books.spec_of(book, "check").switches:
            view = SwitchView(
                sw.key, sw.title, sw.default, [(r.value, r.zh, list(r.clauses)) for r in sw.readings]
            )
            view.scenarios = _kept_scenarios(folder, sw.key, words)
            switches.append(view)
    return Extras(stories=stories, switches=switches, orders=orders)


def _kept_scenarios(folder: str | None, key: str, words: dict[str, str]) -> list[Story]:
    """Vectors kept in the book's counterexamples folder that pin a reading of ``key``: one reading
    breaks a theorem the other keeps (``…--KEY=VALUE.json``), or the readings' own scenarios
    (``readings/KEY…``)."""
    if folder is None or not Path(folder).is_dir():
        return []
    paths = sorted(Path(folder).glob(f"*{key}=*.json")) + sorted(Path(folder).glob(f"readings/{key}*.json"))
    out = []
    for path in paths[:4]:
        try:
            vector = read_raw(path)
        except UserError:
            continue
        out.append(
            Story(
                str(vector.get("title") or path.stem),
                "distinguishes",
                list(vector.get("cites", [])),
                tell(vector, words),
                vector,
                path.as_posix(),
            )
        )
    return out


def run(args: argparse.Namespace) -> int:
    if args.against is not None:
        return run_against(args)
    if args.vectors:
        raise UserError("--vectors 须与 --against 同用", "--vectors is used with --against")
    source = load_source(args.file)
    book = book_of_text(args, source)
    doc = read_document(source)
    against = spec_book(args, book)
    if against is not None and args.spec not in ("auto", "none"):
        same_book(source, against)
    result = run_check(
        doc,
        book=book,
        against=against,
        stages=_stages(args),
        spec_off=args.spec == "none",
        jobs=jobs_from(args.jobs),
    )
    code = emit_report(
        args,
        doc,
        result.findings,
        result.checks,
        tool="ruleproof check",
        stages=result.stages,
        extras=lambda: html_extras(doc, against, result.report),
    )
    if code == 0 and result.report is not None and result.report.exit_code() == 3:
        return 3  # an unknown invariant is not a pass
    return code


def run_against(args: argparse.Namespace) -> int:
    from ruleproof.cli.cmd_replay import expand
    from ruleproof.revgate.compare import compare
    from ruleproof.revgate.render import render_revision

    if args.baseline or args.write_baseline:
        raise UserError(
            "--against 以旧版为基线，不能再与 --baseline∕--write-baseline 同用",
            "--against uses the old revision as the baseline; drop --baseline / --write-baseline",
        )
    new_source = load_source(args.file)
    old_source = load_source(args.against)
    book = book_of_text(args, new_source) or book_of_text(args, old_source)
    against = spec_book(args, book)
    vectors = expand(args.vectors) if args.vectors else None
    if vectors is not None:
        if against is None or not against.has("engine"):
            raise UserError("--vectors 需要有引擎的规则书", "--vectors needs a book with an engine")
        engine = books.engine_of(against, "check")
        for path in vectors:
            engine.load(path)  # a bad vector is bad input: said before seconds of checking
    new = read_document(new_source)
    old = read_document(old_source)
    report = compare(
        old,
        new,
        book=book,
        against=against,
        vectors=vectors,
        stages=_stages(args),
        spec_off=args.spec == "none",
        jobs=jobs_from(args.jobs),
    )
    write(
        render_revision(
            report,
            args.format,
            args.lang,
            checks=report.new.checks,
            uri=artifact_uri(args.file, new.name, args.srcroot)[0],
            old_name=old.name,
            titles=_titles(new),
        )
    )
    return report.exit_code()


def _titles(doc: Document) -> dict[str, str]:
    titles = {c.id: c.title for c in doc}
    titles.update({a.name: a.title for a in doc.appendices})
    return titles
