"""(a) References to clauses, items or registry entries that do not exist, and placeholders.

The reader resolves every reference and collects the ones whose target is absent
(``Document.missing``); this check turns them into findings, one per citing place.  On top of
that it reports citations of registry entries that are no longer in force (status other than 有效,
e.g. 「已并入通则」) and placeholders left in the text (「（7.x）」).

References inside the revision log (the appendix titled 修订记录) describe past states of the text
and are not checked.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ruleproof.findings import Finding, Severity
from ruleproof.lint.base import CheckInfo
from ruleproof.lint.context import LintContext, normalize_item
from ruleproof.lint.registry import parse_registry
from ruleproof.text.model import Ref, RefKind

MISSING = CheckInfo(
    id="ref-missing",
    family="a",
    severity=Severity.ERROR,
    title="引用的条款不存在",
    title_en="cited clause does not exist",
    rule="0.7：「依 X」「见 X」为引用唯一权威源；被引条款不存在，援引处便无所依。",
    rule_en="0.7: 'per X' / 'see X' cite the single authoritative source; if X does not exist the "
    "citing rule has nothing to rest on.",
    advice="补回被引条款，或把引用改为现行条款号。",
    advice_en="Restore the cited clause, or cite the current clause id.",
)

ITEM_MISSING = CheckInfo(
    id="ref-item-missing",
    family="a",
    severity=Severity.ERROR,
    title="引用的项不存在",
    title_en="cited item does not exist",
    rule="引用须落到实有的项：X② 要求条款 X 至少有第 ② 项（项号以圆圈数字为准，不是条款号）。",
    rule_en="A citation must land on an item that exists: X② requires clause X to have an item ②.",
    advice="核对被引条款的项号（重新编号后常见），改为正确的项。",
    advice_en="Check the cited clause's item numbers (often renumbered) and cite the right item.",
)

REGISTRY_MISSING = CheckInfo(
    id="ref-registry-missing",
    family="a",
    severity=Severity.ERROR,
    title="引用的登记项不存在",
    title_en="cited registry entry does not exist",
    rule="2.8.9：例外以登记项编号被引用；所引编号须在登记册中存在。",
    rule_en="2.8.9: exceptions are cited by registry number; the number must exist in the registry.",
    advice="在登记册中补上该项，或改为正确的登记号。",
    advice_en="Add the entry to the registry, or cite the right number.",
)

REGISTRY_VOID = CheckInfo(
    id="ref-registry-void",
    family="a",
    severity=Severity.WARNING,
    title="引用了已失效的登记项",
    title_en="cites a registry entry that is no longer in force",
    rule="2.8.9「状态」列：非「有效」的登记项（已并入通则、注销）不再是例外，不应再被援引为例外。",
    rule_en="2.8.9 status column: an entry not 'in force' (merged, cancelled) is no exception any more "
    "and should not be cited as one.",
    advice="改引现行依据（通常是被并入的通则条款），或删去该引用。",
    advice_en="Cite the current basis (usually the general clause it was merged into), or drop the citation.",
)

TARGET_MISSING = CheckInfo(
    id="ref-target-missing",
    family="a",
    severity=Severity.ERROR,
    title="引用的批次、判定行、步骤或关卡不存在",
    title_en="cited batch, victory row, night step or gate does not exist",
    rule="批次（①…）、判定（①…）、步骤、关卡是不同的编号空间，各由其表定义；所引编号须在该表中存在。",
    rule_en="Batches, victory rows, night steps and gates are separate numbering spaces, each defined "
    "by its table; a cited number must exist in that table.",
    advice="核对所引编号所属的表（批次表、判定顺序、步骤总表、十关清单），改为实有的编号。",
    advice_en="Check the table the number belongs to and cite a number that exists there.",
)

INLINE = CheckInfo(
    id="ref-defined-inline",
    family="a",
    severity=Severity.NOTE,
    title="引用的编号没有独立条款（仅在上级条款中行内出现）",
    title_en="cited id has no clause of its own (only a run-in entry of its parent)",
    rule="按条款号引用，就应有以该号为标题的条款；只在上级条款的清单中行内出现的编号，读者与工具都难以定位。",
    rule_en="A citation by clause id expects a clause headed with that id; an id that only occurs as a "
    "run-in entry of its parent's list is hard to find.",
    advice="为该编号补独立标题（与同级条款一致），或改引上级条款及其项号。",
    advice_en="Give the id a heading of its own, like its siblings, or cite the parent clause and item.",
)

PLACEHOLDER = CheckInfo(
    id="ref-placeholder",
    family="a",
    severity=Severity.ERROR,
    title="引用占位符未替换",
    title_en="placeholder citation left in the text",
    rule="「7.x」之类的占位引用没有目标；正文不得保留占位符。",
    rule_en="A placeholder citation such as '7.x' has no target; the text must not keep placeholders.",
    advice="把占位符换成实际条款号。",
    advice_en="Replace the placeholder with the real clause id.",
)

CHECKS = (MISSING, ITEM_MISSING, REGISTRY_MISSING, REGISTRY_VOID, TARGET_MISSING, INLINE, PLACEHOLDER)

_BY_REASON = {
    "clause-absent": MISSING,
    "item-absent": ITEM_MISSING,
    "registry-entry-absent": REGISTRY_MISSING,
    "defined-inline": INLINE,
}
# 「7.x」「2.8.x」「X.X」: a clause id with a letter part; the bare template 「X.X」 inside 「」 or 〔通则 X.X 之例外〕
# is the text explaining a notation, not a citation.
_PLACEHOLDER = re.compile(
    r"(?<![A-Za-z\d.])(?:\d{1,2}\.)+[xX]{1,2}(?![A-Za-z\d])|(?<![A-Za-z])[xX]\.[xX](?![A-Za-z])"
)
# numbering spaces other than clauses, items and registry entries
_OTHER_SPACES = (RefKind.BATCH, RefKind.VICTORY_ROW, RefKind.NIGHT_STEP, RefKind.GATE)
_SPACE_ZH = {
    RefKind.BATCH: "公告批次",
    RefKind.VICTORY_ROW: "判定顺序",
    RefKind.NIGHT_STEP: "步骤表",
    RefKind.GATE: "十关清单",
}


def _skip(ref: Ref, logs: frozenset[str]) -> bool:
    return any(ref.context == f"appendix:{name}" for name in logs)


def _target(ref: Ref) -> str:
    return f"{ref.target_clause or ''}{ref.target_item or ''}"


def run(ctx: LintContext) -> Iterator[Finding]:
    logs = ctx.log_appendices
    yield from _missing(ctx, logs)
    yield from _void(ctx, logs)
    yield from _placeholders(ctx, logs)


def _missing(ctx: LintContext, logs: frozenset[str]) -> Iterator[Finding]:
    for miss in ctx.doc.missing:
        ref = miss.ref
        if _skip(ref, logs):
            continue
        info = _BY_REASON.get(miss.reason)
        if info is None or ref.kind in _OTHER_SPACES:
            info = TARGET_MISSING
        if info is INLINE and ref.target_clause and ref.clause == ref.target_clause.rsplit(".", 1)[0]:
            continue  # the parent citing its own run-in entries (7.2 listing 7.2.8–7.2.10)
        if info is MISSING and ref.kind is RefKind.ITEM:
            zh = f"引用 {ref.raw}：条款 {ref.target_clause} 不存在"
            en = f"cites {ref.raw}: clause {ref.target_clause} does not exist"
        elif info is MISSING:
            zh, en = (
                f"引用了不存在的条款 {ref.target_clause}",
                f"cites clause {ref.target_clause}, which does not exist",
            )
        elif info is ITEM_MISSING:
            zh = f"引用 {ref.raw}：条款 {ref.target_clause} 没有 {ref.target_item} 项"
            en = f"cites {ref.raw}: clause {ref.target_clause} has no item {ref.target_item}"
        elif info is INLINE:
            parent = (ref.target_clause or "").rsplit(".", 1)[0]
            zh = f"引用 {ref.raw}：{ref.target_clause} 没有独立条款，只在 {parent} 中以行内条目出现"
            en = f"cites {ref.raw}: {ref.target_clause} has no clause of its own, only a run-in entry of {parent}"
        elif info is REGISTRY_MISSING:
            zh = f"引用 {ref.raw}：例外登记册 {ref.target_clause} 没有 {ref.target_item} 号登记项"
            en = f"cites {ref.raw}: registry {ref.target_clause} has no entry {ref.target_item}"
        else:
            space = _SPACE_ZH.get(ref.kind, ref.kind.value)
            owner = f"{ref.target_clause} 的" if ref.target_clause else ""
            zh = f"引用 {ref.raw}：{owner}{space}中没有 {ref.target_item or ref.raw}"
            en = f"cites {ref.raw}: no {ref.kind.value} {ref.target_item or ''} in {ref.target_clause or 'the text'}"
        yield info.finding(
            ref.clause or _appendix_of(ref),
            ref.line,
            zh + ("（出现在引号内）" if ref.quoted else ""),
            en + (" (inside quotes)" if ref.quoted else ""),
            ref.raw,
            extra={
                "target": _target(ref),
                "namespace": ref.kind.value,
                "reason": miss.reason,
                "quoted": ref.quoted,
            },
            # a quoted citation is the text talking about a wording, not relying on it
            severity=Severity.NOTE if ref.quoted else None,
        )


def _appendix_of(ref: Ref) -> str | None:
    return ref.context.split(":", 1)[1] if ref.context.startswith("appendix:") else None


def _void(ctx: LintContext, logs: frozenset[str]) -> Iterator[Finding]:
    registry = parse_registry(ctx)
    if registry is None:
        return
    for ref in ctx.doc.refs():
        if _skip(ref, logs) or ref.target_clause != registry.clause or ref.target_item is None:
            continue
        if ref.clause == registry.clause:
            continue  # the registry describing its own entries (「原④注销」)
        entry = registry.entry(normalize_item(ref.target_item))
        if entry is None or entry.active:
            continue
        yield REGISTRY_VOID.finding(
            ref.clause or _appendix_of(ref),
            ref.line,
            f"引用 {ref.raw}：该登记项状态为「{entry.status}」，已不是有效例外",
            f"cites {ref.raw}: that entry's status is '{entry.status}', it is no exception in force",
            ref.raw,
            related=[(registry.clause, entry.line)],
            extra={"entry": entry.label, "status": entry.status},
        )


def _placeholders(ctx: LintContext, logs: frozenset[str]) -> Iterator[Finding]:
    for unit in ctx.units():
        if unit.id in logs:
            continue
        text = unit.text
        if "x" not in text and "X" not in text:
            continue  # every placeholder prints an x (a scan of a text without one finds nothing, slowly)
        for m in _PLACEHOLDER.finditer(text):
            if _explains_notation(text, m.start(), m.end()):
                continue
            zh = f"占位引用「{m.group(0)}」未替换为实际条款号"
            en = f"placeholder citation '{m.group(0)}' was never replaced by a clause id"
            yield PLACEHOLDER.finding_at(unit, m.span(), zh, en, quote=(12, 8, 40))


def _explains_notation(text: str, start: int, end: int) -> bool:
    """「X.X」 inside 「…」 or inside 〔通则 X.X 之例外〕: the text describing a format, not citing."""
    open_q = text.rfind("「", 0, start)
    if open_q >= 0 and text.find("」", open_q) >= end:
        return True
    open_t = text.rfind("〔", 0, start)
    close_t = text.find("〕", end)
    return (
        open_t >= 0 and close_t >= 0 and text.rfind("〕", 0, start) < open_t and "之例外" in text[end:close_t]
    )
