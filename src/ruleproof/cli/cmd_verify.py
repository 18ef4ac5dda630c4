"""``ruleproof verify [FILE] [--book KEY]`` — prove or refute the invariants a book's text states (issue 5).

Every invariant is checked in every reading of the interpretation switches relevant to it; its status
is the one of the configured readings (``--interpret``), the other readings are listed with theirs.
Each is shown with the sentences its constants are read from (clause, line, quote), its non-vacuity
witnesses, and — when violated — its counterexample and whether the engine replays it.
``--set KEY=VALUE`` is a what-if (see ``ruleproof params``).  Exit 0 when every invariant is proved or
holds to the depth, 1 when one is violated or vacuous (a proof of nothing), 3 when one is unknown (and
none violated), 2 on bad input.  ``--jobs N``: the (invariant, readings) units in N worker processes (same bytes).
``FILE`` (default: the book's bundled text) is the text the order tables are read from; the book is
``--book KEY``, or the one ``FILE`` is (``bundled:KEY`` or recognised by its title), or 返航录.  Its
invariants, spec and switches come from its profile (a book without invariants: exit 2, saying so).
"""

from __future__ import annotations

import argparse
from typing import Any

from ruleproof import books
from ruleproof.books import BookProfile, load_source
from ruleproof.cli.common import (
    add_book_argument,
    add_file_argument,
    add_jobs_argument,
    add_solver_options,
    book_from_args,
    same_book,
    solver_limits,
    write,
)
from ruleproof.cli.i18n import t
from ruleproof.cli.options import add_spec_options, spec_from_args
from ruleproof.errors import UserError
from ruleproof.jsonout import dumps
from ruleproof.parallel import jobs_from
from ruleproof.smt.ts import Options, Status
from ruleproof.smt.verify import InvariantResult, VerifyReport, verify_all
from ruleproof.text import read_document

STATUS_ZH = {
    Status.PROVED: "已证明",
    Status.HOLDS: "有界成立",
    Status.VIOLATED: "违反",
    Status.UNKNOWN: "未知",
    Status.VACUOUS: "空证",
}
MARK = {Status.PROVED: "✓", Status.HOLDS: "~", Status.VIOLATED: "✗", Status.UNKNOWN: "?", Status.VACUOUS: "∅"}


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    HELP = t("用 Z3 验证正文所述之不变式", "Z3 verification of the invariants the text states")
    p = sub.add_parser("verify", help=HELP, description=t(HELP, __doc__ or ""))
    add_file_argument(p)
    p.add_argument(
        "--invariant",
        action="append",
        default=[],
        metavar="NAME",
        help=t("只验证此不变式（可重复）", "only this invariant (repeatable)"),
    )
    p.add_argument(
        "--depth",
        type=int,
        default=Options.depth,
        metavar="K",
        help=t("BMC 深度（夜数，默认 6）", "BMC depth in nights (default 6)"),
    )
    add_solver_options(p)
    p.add_argument(
        "--seed", type=int, default=0, help=t("求解器随机种子（默认 0）", "solver random seed (default 0)")
    )
    p.add_argument("--json", action="store_true", help=t("机器可读的报告", "machine-readable report"))
    p.add_argument(
        "--no-timing",
        action="store_true",
        help=t("不输出耗时（输出逐字节可复现）", "omit seconds (byte-identical output)"),
    )
    p.add_argument(
        "--write-counterexamples",
        metavar="DIR",
        nargs="?",
        const="",
        help=t(
            "把每个反例写成向量存入 DIR（缺省：本书的反例目录，如 counterexamples/fanhanglu，相对于当前目录）",
            "write each counterexample as a vector into DIR (default: the book's counterexamples folder, "
            "e.g. counterexamples/fanhanglu, relative to the current directory)",
        ),
    )
    p.add_argument(
        "--configured-only",
        action="store_true",
        help=t("只检查所设定的解读", "check only the configured readings"),
    )
    add_jobs_argument(p)
    add_book_argument(p)
    add_spec_options(p)
    p.set_defaults(func=run)


def options_from_args(args: argparse.Namespace) -> Options:
    if args.depth < 1 or args.depth > 50:
        raise UserError(
            "--depth 须在 1..50 之间（深度 0 不检查任何一夜，不能作为验证结果）",
            "--depth must be within 1..50 (a depth of 0 checks no night and cannot be a verdict)",
        )
    return Options(depth=args.depth, max_k=max(Options.max_k, 1), seed=args.seed, **solver_limits(args))


def run(args: argparse.Namespace) -> int:
    source = load_source(args.file) if args.file is not None else None
    book = book_from_args(args, source)
    if source is not None:
        same_book(source, book)
    by_name = {inv.name: inv for inv in books.invariants_of(book, "ruleproof verify")}
    spec = spec_from_args(args, book, "verify")
    unknown = [n for n in args.invariant if n not in by_name]
    if unknown:
        names = ", ".join(by_name)
        raise UserError(
            f"未知不变式 {unknown[0]}（可选：{names}）", f"unknown invariant {unknown[0]} (one of {names})"
        )
    chosen = [by_name[n] for n in dict.fromkeys(args.invariant)] or None
    report = verify_all(
        spec,
        read_document(source or load_source(f"bundled:{book.key}")),
        options=options_from_args(args),
        invariants=chosen,
        all_readings=not args.configured_only,
        write_dir=counterexample_dir(args.write_counterexamples, book),
        jobs=jobs_from(args.jobs),
    )
    if args.json:
        write(dumps(report.to_json(timing=not args.no_timing)))
    else:
        write(render(report, args.lang, timing=not args.no_timing))
    return report.exit_code()


def counterexample_dir(given: str | None, book: BookProfile) -> str | None:
    """Where counterexamples are written: DIR as given, or — the option without DIR — the book's own
    counterexamples folder (its profile's), which a book without one lacks (exit 2)."""
    if given is None or given:
        return given
    if book.counterexamples is None:
        raise book.missing("counterexamples", "ruleproof verify --write-counterexamples")
    return book.counterexamples


def render(report: VerifyReport, lang: str = "zh", timing: bool = True) -> str:
    en = lang == "en"
    changes = report.spec.describe_changes()
    params = changes["params"]
    readings = changes["interpretation"]
    assert isinstance(params, dict) and isinstance(readings, dict)
    what = ", ".join([*(f"{k}={v}" for k, v in params.items()), *(f"{k}={v}" for k, v in readings.items())])
    if en:
        head = f"{report.spec.book}: {len(report.invariants)} invariant(s), BMC depth {report.options.depth} nights"
        head += f"; what-if {what}" if what else ""
    else:
        head = (
            f"{report.spec.book} 不变式验证：{len(report.invariants)} 条，BMC 深度 {report.options.depth} 夜"
        )
        head += f"；假设 {what}" if what else ""
    lines = [head]
    for rule in report.text_rules:  # the rules the checked text states where they differ from the spec
        lines.append(
            f"  rule read from the text: {rule.key} = {rule.text_value} (spec {rule.spec_value}) — {rule.clause} line {rule.line} 「{rule.quote}」"
            if en
            else f"  正文所定规则：{rule.key} = {rule.text_value}（规格为 {rule.spec_value}）——{rule.clause} 第 {rule.line} 行「{rule.quote}」"
        )
    if not report.all_readings:
        lines.append(
            "  (other readings not checked: --configured-only)"
            if en
            else "  （仅检查了所设定的解读：--configured-only，其余解读未检查）"
        )
    for inv in report.invariants:
        lines.extend(_lines(inv, en, timing))
    return "\n".join(lines) + "\n"


def status_text(inv: InvariantResult, en: bool) -> str:
    r = inv.headline.checked.result
    if r.method == "probe":  # the engine's checks, exhaustively up to a bound (not nights)
        if r.status is Status.HOLDS:
            return f"holds for every case up to {r.depth}" if en else f"穷举至 {r.depth} 皆成立（有界）"
        if r.status is Status.VIOLATED:
            return "violated (engine probe)" if en else "违反（引擎探测）"
    if r.status is Status.PROVED:
        return (
            f"proved (k-induction, k={r.k})"
            if en and r.k
            else ("proved" if en else f"已证明（k 归纳 k={r.k}）" if r.k else "已证明")
        )
    if r.status is Status.HOLDS:
        return f"holds to depth {r.depth}" if en else f"于 {r.depth} 夜内成立（未能归纳证明）"
    if r.status is Status.VIOLATED:
        nights = f", {r.depth} night(s)" if en else f"，{r.depth} 夜"
        if r.depth == 0:
            nights = ", from the start" if en else "，开局即违反"
        if r.method in ("smt", "smt-ranks"):
            nights = ""
        return ("violated" if en else "违反") + (nights if r.trace is not None else "")
    if r.status is Status.VACUOUS:
        return (
            "vacuous (the model cannot reach what the theorem talks about)"
            if en
            else "空证（模型到不了定理所谈之局面，不视为证明）"
        )
    why = UNKNOWN_WHY.get(r.unknown, UNKNOWN_WHY["unknown"])
    return f"unknown ({why[1]}; not a pass)" if en else f"未知（{why[0]}，不视为通过）"


# what an ``unknown`` was (CheckResult.unknown): never rounded up, and never said to be a solver's when it
# is the text's
UNKNOWN_WHY = {
    "timeout": ("求解器超时", "the solver timed out"),
    "unknown": ("求解器无结论", "the solver gave no answer"),
    "not-modelled": ("规格中有模型未覆盖之处", "the spec holds something the model does not cover"),
    "not-read": ("正文中读不到所需之表", "a table it needs cannot be read from the text"),
    "not-stated": ("正文中读不到定理所述之句", "the text no longer states the theorem's sentence"),
}


def _lines(inv: InvariantResult, en: bool, timing: bool) -> list[str]:
    head = inv.headline
    r = head.checked.result
    secs = f"  {inv.seconds:.2f}s" if timing else ""
    out = [
        f"  {MARK[r.status]} {inv.invariant.name}  {status_text(inv, en)}{secs}  ({', '.join(inv.invariant.cites)})"
    ]
    out.extend(_claims(inv, en))
    if r.trace is not None:
        out.append(f"      {'failed' if en else '违反之项'}: {', '.join(r.trace.failed)}")
    if r.note:
        out.append(f"      {r.note}")
    if r.trace is not None and not r.trace.minimized:
        out.append(
            f"      {'fallback: the counterexample is not minimized' if en else '退而求其次：反例未经最小化'}"
            f" ({r.trace.why_not_minimized})"
        )
    if head.counterexample:
        out.append(f"      {'counterexample' if en else '反例'}: {head.counterexample}")
    elif head.checked.scenario is not None:
        hint = (
            "replayable vector: add --write-counterexamples DIR"
            if en
            else "可回放反例：加 --write-counterexamples DIR 写出"
        )
        out.append(f"      {hint}")
    if head.checked.scenario_note:
        played = head.checked.scenario is not None
        label = ("note" if en else "说明") if played else ("no scenario" if en else "无可回放反例")
        out.append(f"      {label}: {head.checked.scenario_note}")
    out.extend(_details(head.checked.details, en))
    if len(inv.readings) > 1:
        parts = []
        for rr in inv.readings:
            label = ",".join(f"{k}={v}" for k, v in rr.readings.items())
            status = rr.status.value if en else STATUS_ZH[rr.status]
            failed = rr.checked.result.trace.failed if rr.checked.result.trace else []
            parts.append(f"{label} → {status}" + (f"（{', '.join(failed)}）" if failed else ""))
        differ = (
            ("readings differ" if inv.readings_differ else "same in every reading")
            if en
            else ("各解读结论不同" if inv.readings_differ else "各解读结论相同")
        )
        out.append(f"      {differ}: " + "; ".join(parts))
    return out


def _claims(inv: InvariantResult, en: bool) -> list[str]:
    """The sentences the theorem is read from (clause, line, quote), or that it is a check of ours."""
    out = []
    if not inv.invariant.stated:
        out.append(
            "      (a bookkeeping check of ours, not a theorem the text states)"
            if en
            else "      （本工具之簿记检查，非正文所述定理）"
        )
    seen: set[int] = set()
    for c in inv.headline.checked.claims:
        if c["line"] in seen:
            continue
        seen.add(c["line"])
        out.append(
            f"      stated at {c['clause']} line {c['line']}: 「{c['quote']}」"
            if en
            else f"      正文 {c['clause']} 第 {c['line']} 行：「{c['quote']}」"
        )
    return out


def _alive(alive: list[dict[str, Any]], en: bool) -> list[str]:
    """Non-vacuity: what the model was shown to reach (initial states, a legal night, each kind of
    transition, the theorem's premises), and what it did not."""
    missed = [a for a in alive if a["kind"] != "outcome" and a["status"] != "reached"]
    checked = [a for a in alive if a["kind"] != "outcome"]
    if not missed:
        covers = sum(a["kind"] == "cover" for a in checked)  # a legal night, then each kind of transition
        premises = sum(a["kind"] == "premise" for a in checked)
        return [
            f"      non-vacuity: all {len(checked)} witnessed (initial states, {covers} kinds of night, "
            f"{premises} premise(s))"
            if en
            else f"      非空证：{len(checked)} 项皆有见证（初始状态、{covers} 种夜间转移、{premises} 个前提）"
        ]
    why_zh = {"unreached": "搜索深度内不可达", "unknown": "求解器未知"}
    why_en = {"unreached": "not within the search depth", "unknown": "solver unknown"}
    return [
        f"      not reached: {a['name']} ({a['clause'] or '-'}) {a['en']} — {why_en.get(a['status'], a['status'])}"
        if en
        else f"      未达：{a['name']}（{a['clause'] or '-'}）{a['zh']}——{why_zh.get(a['status'], a['status'])}"
        for a in missed
    ]


WITNESS_ZH = {
    "reachable": "可达",
    "unreachable": "不可达（已证明）",
    "not-reached-to-depth": "限定深度内未达",
    "unknown": "未知",
}


def _details(details: dict[str, object], en: bool) -> list[str]:
    out = []
    alive = details.get("alive")
    if isinstance(alive, list) and alive:
        out.extend(_alive(alive, en))
    engine = details.get("engine")
    if isinstance(engine, dict):
        if engine.get("replays") and engine.get("shows_violation") is not False:
            out.append("      engine replays the counterexample" if en else "      引擎回放反例：相符")
        else:
            why = "; ".join(engine.get("mismatches") or [str(engine.get("error", ""))])
            out.append(
                f"      ENGINE DISAGREES with the counterexample: {why}"
                if en
                else f"      引擎回放反例：不符（{why}）"
            )
    batches = details.get("batches")
    if isinstance(batches, dict):
        shown = " · ".join(
            f"{k}: {v['status'] if en else STATUS_ZH[Status(v['status'])]}" for k, v in batches.items()
        )
        out.append(f"      {'per batch' if en else '各批次'}: {shown}")
    witnesses = details.get("witnesses")
    if isinstance(witnesses, list):
        for w in witnesses:
            status = w["status"] if en else WITNESS_ZH[w["status"]]
            where = f", {w['depth']} {'nights' if en else '夜'}" if w["status"] == "reachable" else ""
            dead = (
                (" — the exception is dead text" if en else "——该例外为死文")
                if w["status"] == "unreachable"
                else ""
            )
            out.append(
                f"      {'witness' if en else '可达性'} {w['name']} ({w['clause']}): {status}{where}{dead}"
            )
    orders = details.get("orders")
    if isinstance(orders, list):
        for o in orders:
            mark = "ok" if o["consistent"] else ("CONFLICT" if en else "冲突")
            extra = ""
            if o["unconfirmed"]:
                pairs = ", ".join(f"{a}<{b}" for a, b in o["unconfirmed"])
                extra = f"; {'not stated by the text' if en else '正文未见之先后'}: {pairs}"
            out.append(
                f"      {o['order']} ({o['clause']}; {'tables' if en else '正文表'} {', '.join(o['tables'])}): {mark}{extra}"
            )
    return out
