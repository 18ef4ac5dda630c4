"""(c) Exception bookkeeping (返航录 0.3, 0.4 and the registry 2.8.9), as data — Catala style.

A *label* is a 〔通则 X 之例外〕 tag applied in a clause (the reader tells labels from mentions such as
「须标注〔例外〕」).  A *registry entry* is a row of the registry clause (found by title).  The rules:

* ``exception-unregistered`` — a label with no registry entry for its clause: 0.3/0.4 say an
  unregistered exception has no effect (「未登记者不生效」), so the label is void as written.
* ``exception-location-mismatch`` — a label says 「登记于 2.8.9(n)」 but entry (n) names another
  location (clause, or item of the same clause).
* ``registry-target-missing`` — an entry names a clause or item that does not exist.
* ``registry-label-missing`` — an entry in force names a location that carries no exception label
  (entries describing a 差量 or an 索引 pointer need none, as the registry's preamble says — the
  entry's tag or the opening words of the location may say so; nor do carve-outs located in a
  general clause itself).
* ``registry-numbering`` — entry labels duplicated or skipped.
* ``exception-target-not-general`` — a label names as 「通则」 a clause outside the general layer that
  the text itself defines (「通则层＝…」) or titles as 通则.

Labels inside 「十关核验」 lines are summaries of a role's labels (gate ⑨), not labels of their own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ruleproof.findings import Finding, Severity
from ruleproof.lint.base import CheckInfo
from ruleproof.lint.context import CLAUSE_ID, ITEM_LABEL, LintContext, is_descendant, normalize_item, safe_key
from ruleproof.lint.gatelines import GateLine, find_gate_lines, parse_gates
from ruleproof.lint.registry import NON_EXCEPTION_TYPES, Entry, Registry, parse_registry
from ruleproof.text.model import Tag

UNREGISTERED = CheckInfo(
    id="exception-unregistered",
    family="c",
    severity=Severity.ERROR,
    title="例外未登记",
    title_en="exception label without a registry entry",
    rule="0.3/0.4：偏离通则须以〔通则 X 之例外〕标注并登记入例外登记册（2.8.9）；未登记者不生效。",
    rule_en="0.3/0.4: a deviation from a general rule is labelled 〔通则 X 之例外〕 and registered in the "
    "exception registry (2.8.9); an unregistered exception has no effect.",
    advice="在例外登记册增加一项（位置＝本条款及项号＋一句话标签），并在标注中写明「登记于 2.8.9(n)」；或改标〔适用〕〔重申〕。",
    advice_en="Add a registry entry (location = this clause and item, plus a one-line tag) and write "
    "'登记于 2.8.9(n)' in the label; or relabel it 〔适用〕/〔重申〕.",
)

MISMATCH = CheckInfo(
    id="exception-location-mismatch",
    family="c",
    severity=Severity.WARNING,
    title="登记位置与标注位置不符",
    title_en="registry location differs from the label's location",
    rule="2.8.9：登记册每项为「位置＋一句话标签」，位置须为标注该例外的条款（及项）。",
    rule_en="2.8.9: each registry entry is 'location + one-line tag'; the location must be the clause "
    "(and item) that carries the exception label.",
    advice="把登记项的位置改为标注所在的条款与项号，或把标注移到登记项所指位置。",
    advice_en="Change the entry's location to the clause and item of the label, or move the label to "
    "the location the entry names.",
)

TARGET_MISSING = CheckInfo(
    id="registry-target-missing",
    family="c",
    severity=Severity.ERROR,
    title="登记项指向不存在的条款或项",
    title_en="registry entry names a clause or item that does not exist",
    rule="2.8.9：登记册为索引指针，操作内容以所引条款为准；所引条款不存在则该例外无从适用。",
    rule_en="2.8.9: the registry is an index; the rule lives in the cited clause, so a missing target "
    "leaves the exception without content.",
    advice="更正登记项的位置（条款号与项号），或补回被删除的条款。",
    advice_en="Correct the entry's location (clause id and item), or restore the deleted clause.",
)

LABEL_MISSING = CheckInfo(
    id="registry-label-missing",
    family="c",
    severity=Severity.WARNING,
    title="登记项所指位置无例外标注",
    title_en="registry entry points to a clause without an exception label",
    rule="0.3：偏离通则者须于该条款内以〔通则 X 之例外〕显式标注并登记；登记册所列位置应带有该标注。",
    rule_en="0.3: a deviating clause carries the 〔通则 X 之例外〕 label itself and is registered; the "
    "location a registry entry names should carry that label.",
    advice="在所指条款（项）内补〔通则 X 之例外〕标注；若该项实为差量或索引，在标签中写明〔差量〕〔索引〕。",
    advice_en="Add the 〔通则 X 之例外〕 label in the named clause (item); if the entry is a difference or "
    "a pointer, say 〔差量〕/〔索引〕 in its tag.",
)

NUMBERING = CheckInfo(
    id="registry-numbering",
    family="c",
    severity=Severity.WARNING,
    title="登记册编号重复或缺号",
    title_en="registry entry numbers duplicated or skipped",
    rule="登记项以编号被引用（2.8.9(17)）；编号须唯一且连续，注销项保留编号与状态。",
    rule_en="Entries are cited by number (2.8.9(17)); numbers are unique and consecutive, and cancelled "
    "entries keep their number and status.",
    advice="重新核对登记册编号；注销的项保留原号并在「状态」列注明。",
    advice_en="Renumber consistently; keep cancelled entries with their number and a status.",
)

NOT_GENERAL = CheckInfo(
    id="exception-target-not-general",
    family="c",
    severity=Severity.NOTE,
    title="例外所指的「通则」不在通则层",
    title_en="exception names a 'general rule' outside the general layer",
    rule="0.3：例外是专门条款对通则的偏离；通则层由正文列明（「通则层＝…」）。对非通则条款标「通则 X 之例外」名实不符。",
    rule_en="0.3: an exception is a special clause deviating from a general rule; the text defines the "
    "general layer ('通则层＝…'). Calling a non-general clause '通则' mislabels it.",
    advice="若 X 确为通则，把它列入通则层；否则改写为两条专门条款之间的〔差量〕或明文规定。",
    advice_en="If X is general, add it to the general layer; otherwise state it as a 〔差量〕 between two "
    "special clauses.",
)

CHECKS = (UNREGISTERED, MISMATCH, TARGET_MISSING, LABEL_MISSING, NUMBERING, NOT_GENERAL)

_CITES_ENTRY = re.compile(rf"登记(?:于|入)\s*(?P<cid>{CLAUSE_ID})\s*(?P<item>{ITEM_LABEL})?")
_GENERAL_DEF = re.compile(r"通则层\s*[＝=]")
_GENERAL_MEMBER = re.compile(r"同属通则层|属于?通则层")


@dataclass(frozen=True)
class Label:
    tag: Tag
    offset: int | None  # in the clause text
    cited: str | None  # entry label given in 「登记于 2.8.9(n)」, normalized
    cites_registry: bool  # 「登记于 2.8.9」 with or without a number


def _locate(ctx: LintContext, tag: Tag) -> int | None:
    unit = ctx.unit_by_id.get(tag.clause)
    if unit is None:
        return None
    pos = unit.text.find(tag.raw)
    while pos >= 0:
        if unit.line_of(pos) == tag.line:
            return pos
        pos = unit.text.find(tag.raw, pos + 1)
    return None


def _in_gate_line(label_clause: str, offset: int | None, lines: list[GateLine]) -> bool:
    return offset is not None and any(gl.unit == label_clause and gl.start <= offset < gl.end for gl in lines)


def labels(ctx: LintContext, registry: Registry | None, lines: list[GateLine]) -> list[Label]:
    out: list[Label] = []
    for tag in ctx.doc.tags():
        if tag.kind != "例外" or tag.mention:
            continue
        offset = _locate(ctx, tag)
        if _in_gate_line(tag.clause, offset, lines):
            continue
        # 「登记于 2.8.9(17)」 inside the tag, or right after it
        text = ctx.unit_by_id[tag.clause].text if tag.clause in ctx.unit_by_id else ""
        window = tag.raw if offset is None else text[offset : offset + len(tag.raw) + 16]
        cited: str | None = None
        cites_registry = False
        for m in _CITES_ENTRY.finditer(window):
            if registry is not None and m.group("cid") == registry.clause:
                cites_registry = True
                if m.group("item"):
                    cited = normalize_item(m.group("item"))
                break
        out.append(Label(tag, offset, cited, cites_registry))
    return out


_TITLED_GENERAL = re.compile(r"通则(?:$|[（【(〔])|（通则）")
_RANGE = re.compile(rf"(?P<a>{CLAUSE_ID})\s*[~〜～]\s*(?P<b>{CLAUSE_ID})")


def _expand(ctx: LintContext, text: str) -> list[str]:
    """Clause ids in ``text``; a range 「2.1~2.8」 stands for the siblings from 2.1 to 2.8."""
    out: list[str] = []
    for m in _RANGE.finditer(text):
        a, b = m.group("a"), m.group("b")
        pa, pb = a.rsplit(".", 1)[0], b.rsplit(".", 1)[0]
        if pa == pb:
            lo, hi = safe_key(a), safe_key(b)
            out.extend(c.id for c in ctx.doc if c.parent_id == pa and lo <= c.key <= hi)
    out.extend(re.findall(CLAUSE_ID, _RANGE.sub("", text)))
    return out


def general_layer(ctx: LintContext) -> list[str] | None:
    """Clause ids of the general layer as the text defines it, or None when it defines none."""
    found = general_layer_defined(ctx)
    return found[0] if found is not None else None


def general_layer_defined(ctx: LintContext) -> tuple[list[str], list[tuple[str, int]]] | None:
    """The general layer as the text defines it and where: its clause ids, and the (clause, line) of every
    sentence that lists members — or None when the text defines none.

    Definitions read: 「通则层＝…」 (up to the end of the sentence) and 「… 同属通则层」 (the ids and
    ranges before it in the sentence), plus clauses titled as 通则 (「减免层序通则【…】」「…（通则）」).
    A finding that judges a clause by the layer names the defining sentences as related places: the layer
    is part of its evidence (an edit of the list makes it, and is where to look).
    """
    listed: list[str] = []
    where: list[tuple[str, int]] = []
    for unit in ctx.clause_units:
        text = unit.text
        for m in _GENERAL_DEF.finditer(text):
            end = text.find("。", m.end())
            listed.extend(_expand(ctx, text[m.end() : end if end > 0 else len(text)]))
            where.append((unit.id, unit.line_of(m.start())))
        for m in _GENERAL_MEMBER.finditer(text):
            start = max(text.rfind("。", 0, m.start()), text.rfind("；", 0, m.start())) + 1
            listed.extend(_expand(ctx, text[start : m.start()]))
            where.append((unit.id, unit.line_of(m.start())))
    if not listed:
        return None
    titled = [c.id for c in ctx.doc if _TITLED_GENERAL.search(c.title)]
    return sorted(set(listed) | set(titled), key=safe_key), sorted(set(where), key=lambda w: w[1])


def in_layer(cid: str, layer: list[str]) -> bool:
    return any(is_descendant(cid, g) for g in layer)


def run(ctx: LintContext) -> Iterator[Finding]:
    registry = parse_registry(ctx)
    gates = parse_gates(ctx)
    lines = find_gate_lines(ctx, gates[1]) if gates else []
    found = labels(ctx, registry, lines)
    if registry is not None:
        yield from _numbering(registry)
        yield from _targets(ctx, registry)
        yield from _labels_vs_registry(registry, found)
        yield from _registry_vs_labels(ctx, registry, found)
    yield from _not_general(ctx, found)


def _where(tag: Tag) -> str:
    return f"{tag.clause}{tag.item or ''}"


def _entry_where(e: Entry) -> str:
    return "∕".join(f"{c}{i or ''}" for c, i in e.locations)


def _numbering(registry: Registry) -> Iterator[Finding]:
    seen: dict[int, Entry] = {}
    for e in registry.entries:
        if e.ordinal in seen:
            yield NUMBERING.finding(
                registry.clause,
                e.line,
                f"登记册编号 {e.label} 重复（另见第 {seen[e.ordinal].line} 行）",
                f"registry number {e.label} is used twice (also line {seen[e.ordinal].line})",
                f"{e.label} {_entry_where(e)}",
                related=[(registry.clause, seen[e.ordinal].line)],
            )
        else:
            seen[e.ordinal] = e
    if seen:
        gaps = [n for n in range(1, max(seen) + 1) if n not in seen]
        if gaps:
            shown = "、".join(str(n) for n in gaps)
            yield NUMBERING.finding(
                registry.clause,
                registry.line,
                f"登记册缺少编号 {shown}",
                f"registry numbers missing: {shown}",
                f"缺号 {shown}",
                extra={"missing": gaps},
            )


def _targets(ctx: LintContext, registry: Registry) -> Iterator[Finding]:
    for e in registry.entries:
        for cid, item in e.locations:
            if not ctx.exists(cid):
                zh, en = (
                    f"登记项 {e.label} 指向不存在的条款 {cid}",
                    f"entry {e.label} names clause {cid}, which does not exist",
                )
            elif item is not None and not ctx.item_exists(cid, item):
                zh = f"登记项 {e.label} 指向 {cid}{item}，但 {cid} 没有该项"
                en = f"entry {e.label} names {cid}{item}, but {cid} has no item {item}"
            else:
                continue
            yield TARGET_MISSING.finding(
                registry.clause, e.line, zh, en, f"{e.label} {cid}{item or ''} {e.text[:30]}".strip()
            )


def _labels_vs_registry(registry: Registry, found: list[Label]) -> Iterator[Finding]:
    active = [e for e in registry.entries if e.active]
    for lab in found:
        tag = lab.tag
        if tag.target_clause is None:
            continue  # a bare 〔例外〕: its registration is judged at the registry side
        if lab.cited is not None:
            entry = registry.entry(lab.cited)
            if entry is None or not entry.active:
                continue  # a citation of a missing or void entry: reported by the reference checks
            if entry.covers(tag.clause, tag.item):
                continue
            yield MISMATCH.finding(
                tag.clause,
                tag.line,
                f"{_where(tag)} 的例外标注称登记于 {registry.clause}{entry.label}，但该项登记的位置是 {_entry_where(entry)}",
                f"the label in {_where(tag)} says it is registered as {registry.clause}{entry.label}, "
                f"but that entry's location is {_entry_where(entry)}",
                tag.raw,
                related=[(registry.clause, entry.line)],
                extra={"entry": entry.label, "entry_location": _entry_where(entry)},
            )
            continue
        if any(e.covers(tag.clause) for e in active):
            continue
        yield UNREGISTERED.finding(
            tag.clause,
            tag.line,
            f"{_where(tag)} 标注了 {tag.raw}，但例外登记册（{registry.clause}）中没有以 {tag.clause} 为位置的有效登记项",
            f"{_where(tag)} carries {tag.raw}, but the registry ({registry.clause}) has no entry in force "
            f"for {tag.clause}",
            tag.raw,
            related=[(registry.clause, registry.line)],
        )


def _registry_vs_labels(ctx: LintContext, registry: Registry, found: list[Label]) -> Iterator[Finding]:
    """Entries in force whose location carries no label.

    0.3 asks the *special* clause that deviates to carry the label; an entry located in a general
    clause (a carve-out the general rule states itself) needs none.
    """
    cited = {lab.cited for lab in found if lab.cited}
    layer = general_layer(ctx) or []
    for e in registry.entries:
        if not e.active or not e.needs_label or e.label in cited:
            continue
        missing: list[str] = []
        for cid, item in e.locations:
            if not ctx.exists(cid) or in_layer(cid, layer):
                continue  # registry-target-missing, or a general rule's own carve-out
            if _declares_difference(ctx, cid, item):
                continue  # 「报告字段之差量」: the location says it is a 差量, which needs no label
            if not _carries_label(ctx, cid, item):
                missing.append(f"{cid}{item or ''}")
        if not missing:
            continue
        where = "、".join(missing)
        yield LABEL_MISSING.finding(
            registry.clause,
            e.line,
            f"登记项 {e.label} 指向 {where}，但该处没有〔通则 X 之例外〕或〔例外〕标注",
            f"entry {e.label} names {where}, which carries no 〔通则 X 之例外〕 or 〔例外〕 label",
            f"{e.label} {_entry_where(e)} {e.text[:30]}".strip(),
            extra={"entry": e.label, "locations": missing},
        )


def _declares_difference(ctx: LintContext, cid: str, item: str | None) -> bool:
    text = (ctx.item_text(cid, item) if item else None) or ctx.unit_by_id[cid].text
    return any(word in text[:40] for word in NON_EXCEPTION_TYPES)


def _carries_label(ctx: LintContext, cid: str, item: str | None) -> bool:
    for tag in ctx.doc.tags():
        if tag.kind != "例外" or tag.mention or not is_descendant(tag.clause, cid):
            continue
        if item is None or tag.item is None or normalize_item(tag.item) == normalize_item(item):
            return True
    return False


def _not_general(ctx: LintContext, found: list[Label]) -> Iterator[Finding]:
    defined = general_layer_defined(ctx)
    if defined is None:
        return
    layer, where = defined
    for lab in found:
        target = lab.tag.target_clause
        if target is None or not ctx.exists(target):
            continue
        if in_layer(target, layer):
            continue
        listed_at = "、".join(dict.fromkeys(cid for cid, _line in where))
        yield NOT_GENERAL.finding(
            lab.tag.clause,
            lab.tag.line,
            f"{_where(lab.tag)} 把 {target} 标为通则（{lab.tag.raw}），但 {target} 不在正文所列的通则层内"
            f"（通则层列于 {listed_at}）",
            f"{_where(lab.tag)} calls {target} a general rule ({lab.tag.raw}), but {target} is not in the "
            f"general layer the text defines (listed at {listed_at})",
            lab.tag.raw,
            related=[(cid, line) for cid, line in where if cid != lab.tag.clause],
            extra={"target": target},
        )
