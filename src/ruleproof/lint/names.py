"""(k) Names: roles, skills, statuses, camps and legend labels cited by name (books shaped by headings).

Forum rulebooks cite by name — 「猎人<最后一枪>」, 「技能·极限反击」, 「[迷魂]状态」, a priority list — so a
renamed, deleted or mistyped name leaves a rule that points at nothing.  The reader collects what the
text defines and cites (``ruleproof.text.names``); these checks report what does not match:

* ``name-undefined`` — a role, skill, status or camp cited but defined nowhere in the text, with the
  defined names most like it (「技能·无限反击」 → 极限反击);
* ``name-removed`` — a name the text's own revision notes delete (「删除炼金魔女」) still cited in the body;
* ``skill-wrong-role`` — 「占星师<占卜>」 where 占卜 is a skill of another role;
* ``skill-kind-mismatch`` — 「超能技能·时间观望」 where the skill table types 时间观望 as 普通能力;
* ``name-variant`` — a one-character variant of a defined role's name (「食人魔」 for 食人族);
* ``tag-undefined`` / ``tag-bracket`` — a skill label missing from the text's legend (「<团队>」), or printed
  in other brackets than the legend's (legend 「<指定>」, skills 「[指定]」);
* ``name-unused`` — a status or legend label defined but never used (only in a text that defines the
  roles that would use it).

Citations in revision notes (a section titled 版本更新 / 修改摘要 …) are history and are not checked.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections import defaultdict
from collections.abc import Iterator

from pypinyin import Style, pinyin

from ruleproof.findings import Finding, Severity
from ruleproof.lint.base import CheckInfo, clip
from ruleproof.lint.context import LintContext
from ruleproof.text.model import Definition, Ref, RefKind
from ruleproof.text.names import Resolver, camp_key, is_changelog, resolve

UNDEFINED = CheckInfo(
    id="name-undefined",
    family="k",
    severity=Severity.ERROR,
    title="引用的名称在文中没有定义",
    title_en="name cited but not defined",
    rule="按名称引用的身份、技能、状态、阵营须在规则书中有定义；否则援引处无所依，多为改名、删除或笔误后未同步。",
    rule_en="A role, skill, status or camp cited by name must be defined in the rulebook; otherwise the "
    "citing rule points at nothing — usually a rename, a deletion or a typo not carried through.",
    advice="改为文中定义的名称（见「疑为」），或补上该名称的定义。",
    advice_en="Use the name the text defines (see 'likely'), or add the missing definition.",
)

REMOVED = CheckInfo(
    id="name-removed",
    family="k",
    severity=Severity.ERROR,
    title="修订说明已删除的名称仍被引用",
    title_en="a name the revision notes delete is still cited",
    rule="修订说明删除某身份（或技能）后，正文中的流程表、判定顺序、说明都应同步删去它。",
    rule_en="Once the revision notes delete a role (or skill), the order lists, priority tables and notes "
    "of the body must drop it too.",
    advice="从这些位置删去该名称，或在修订说明中撤回删除。",
    advice_en="Drop the name from these places, or withdraw the deletion from the revision notes.",
)

WRONG_ROLE = CheckInfo(
    id="skill-wrong-role",
    family="k",
    severity=Severity.ERROR,
    title="技能记在了别的身份名下",
    title_en="skill cited under a role that does not have it",
    rule="「身份<技能>」须是该身份自己的技能；把别的身份的技能记在它名下，流程表便排错了行动者。",
    rule_en="'role<skill>' must name a skill of that role; a skill of another role under its name puts "
    "the wrong actor into the order list.",
    advice="改为该身份的技能名，或改为真正拥有该技能的身份。",
    advice_en="Use the role's own skill, or the role that has this skill.",
)

KIND = CheckInfo(
    id="skill-kind-mismatch",
    family="k",
    severity=Severity.WARNING,
    title="技能的类别与定义不符",
    title_en="skill cited with a kind its definition does not have",
    rule="「超能技能·X」「阵营技能·X」所称的类别须与技能表中 X 的类型一致；不一致时往往引错了技能。",
    rule_en="The kind in 'super skill·X' / 'camp skill·X' must agree with X's type in the skill table; "
    "when it does not, the wrong skill is usually cited.",
    advice="核对所指技能：改正类别，或改为该类别下的正确技能。",
    advice_en="Check which skill is meant: fix the kind, or cite the right skill of that kind.",
)

VARIANT = CheckInfo(
    id="name-variant",
    family="k",
    severity=Severity.WARNING,
    title="身份名的异写（差一个字）",
    title_en="variant spelling of a role's name (one character off)",
    rule="同一身份在全文应只有一个名称；差一个字的异写（形近、音近）会让引用指向不存在的身份。",
    rule_en="A role has one name throughout the text; a variant one character off (similar shape or "
    "sound) makes the citation point at a role that does not exist.",
    advice="统一为定义处的名称。",
    advice_en="Use the name of the definition.",
)

TAG_UNDEFINED = CheckInfo(
    id="tag-undefined",
    family="k",
    severity=Severity.WARNING,
    title="技能标签不在图例中",
    title_en="skill label missing from the legend",
    rule="技能名后的标签（<强制>、[首夜]…）的含义由规则书的图例（「标明<X>的技能…」）规定；图例外的标签没有定义。",
    rule_en="The labels after a skill's name (<强制>, [首夜] …) mean what the rulebook's legend ('标明<X>的"
    "技能…') says; a label outside the legend has no defined meaning.",
    advice="在图例中补充该标签的含义，或改用图例中已有的标签。",
    advice_en="Add the label to the legend, or use a label the legend defines.",
)

TAG_BRACKET = CheckInfo(
    id="tag-bracket",
    family="k",
    severity=Severity.NOTE,
    title="标签所用括号与图例不一致",
    title_en="label printed in other brackets than the legend's",
    rule="图例以 <X> 或 [X] 定义标签；同一标签换用另一种括号，读者无法确定是否为同一标签（该文也用括号区分技能名与状态）。",
    rule_en="The legend defines a label as <X> or [X]; the same label in the other brackets leaves the "
    "reader unsure it is the same label (the text also uses brackets to tell skills from statuses).",
    advice="统一为图例中的括号。",
    advice_en="Use the legend's brackets.",
)

IMPLIED = CheckInfo(
    id="tag-implied",
    family="k",
    severity=Severity.WARNING,
    title="带某标签的技能缺少图例规定随之而有的标签",
    title_en="a label without the label the legend says it implies",
    rule="图例说「标明<X>的技能是<Y>技能的一种」时，带 <X> 的技能也应带 <Y>；缺了 <Y>，其用法（如须选择目标）无从确定。",
    rule_en="When the legend says 'a skill labelled <X> is a kind of <Y> skill', every skill labelled <X> "
    "also carries <Y>; without it, how the skill is used (e.g. whether it takes a target) is unclear.",
    advice="为这些技能补上 <Y>，或改正图例。",
    advice_en="Add <Y> to those skills, or fix the legend.",
)

UNUSED = CheckInfo(
    id="name-unused",
    family="k",
    severity=Severity.NOTE,
    title="定义了但从未使用",
    title_en="defined but never used",
    rule="图例中的标签、定义的状态若全文从未使用，多为删去相关身份后的残留，或使用处写了别的名称。",
    rule_en="A legend label or a defined status that nothing uses is usually left over from a deleted "
    "role, or its users spell it differently.",
    advice="删去无用的定义，或核对使用处的名称。",
    advice_en="Delete the unused definition, or check how its users spell it.",
)

CHECKS = (UNDEFINED, REMOVED, WRONG_ROLE, KIND, VARIANT, TAG_UNDEFINED, TAG_BRACKET, IMPLIED, UNUSED)

KIND_ZH = {
    RefKind.ROLE: "身份",
    RefKind.SKILL: "技能",
    RefKind.STATUS: "状态",
    RefKind.CAMP: "阵营",
    RefKind.TAG: "标签",
}
_CJK = "\u4e00-\u9fff"
# a deletion in the revision notes: 「删除炼金魔女，」 「删除身份杀手兔」; 「身份枢在普通狼人规则中删除」 is scoped, not a deletion
_DELETED = re.compile(
    rf"(?:删除|删去|移除|去掉)(?:了)?(?:身份|技能|角色)?([{_CJK}]{{2,8}}?)(?=[，。；、,\s]|$)"
)
# the legend: 「标明<强制>的技能，是<指定>技能的一种」
_IMPLIES = re.compile(
    r"标明(?:<([^<>]{1,8})>|\[([^\[\]]{1,8})\])的技能[，,]?是(?:<([^<>]{1,8})>|\[([^\[\]]{1,8})\])技能的一种"
)
MIN_VARIANT = 3  # characters of a role's name before a one-character variant is meaningful
# agentive endings of role names: 「审判者」 → 「审判帖」 is another word, 「死灵术师」 → 「死灵术士」 a variant
AGENTIVE = frozenset("者师士人家员手官使犯匠客徒")
COMMON = 2  # a fragment printed next to this many different characters is a word of the text
COMMON_BIGRAM = 3  # a two-character word printed this often elsewhere is a word of the text


def run(ctx: LintContext) -> Iterator[Finding]:
    doc = ctx.doc
    if doc.shape == "dotted":
        return
    resolver = Resolver(doc.names, suggest=True)
    removed = _removed(ctx)
    yield from _removed_findings(ctx, removed)
    variants = list(_variants(ctx, resolver))
    yield from variants
    yield from _undefined(ctx, resolver, set(removed) | {f.extra["variant"] for f in variants})
    yield from _kinds(ctx, resolver)
    yield from _tags(ctx, resolver)
    yield from _implied(ctx)
    yield from _unused(ctx, resolver)


def _body_refs(ctx: LintContext) -> Iterator[Ref]:
    for ref in ctx.doc.refs():
        if ref.name is not None and ref.context != "changelog":
            yield ref


def _where(ref: Ref) -> str:
    return f"{ref.clause}" if ref.clause else "正文"


def _undefined(ctx: LintContext, resolver: Resolver, removed: set[str]) -> Iterator[Finding]:
    groups: dict[tuple[str, str, str], list[Ref]] = defaultdict(list)
    for ref in _body_refs(ctx):
        if ref.kind is RefKind.TAG:
            continue
        res = resolve(ref, resolver)
        if res is None or res.status in ("exact", "alias", "term"):
            continue
        if res.status == "unknown" and (ref.name in removed or camp_key(ref.name or "") in removed):
            continue  # reported by name-removed / name-variant
        groups[(res.status, ref.kind.value, ref.name or "")].append(ref)
    for (status, _kind, name), refs in sorted(groups.items(), key=lambda kv: (kv[1][0].line, kv[0])):
        first = refs[0]
        res = resolve(first, resolver)
        assert res is not None
        kind_zh = KIND_ZH.get(first.kind, first.kind.value)
        lines = [r.line for r in refs]
        places = "、".join(f"第 {ln} 行" for ln in lines)
        if status == "wrong-owner":
            owners = sorted({d.owner or d.clause for d in res.definitions})
            yield WRONG_ROLE.finding(
                first.clause,
                first.line,
                f"「{first.raw}」：{name} 不是 {first.owner} 的技能，而是 {'、'.join(owners)} 的技能（{places}）",
                f"'{first.raw}': {name} is not a skill of {first.owner} but of {', '.join(owners)}",
                clip(first.raw, 40),
                related=[(r.clause, r.line) for r in refs[1:]],
                extra={"name": name, "role": first.owner, "owners": owners, "lines": lines},
            )
            continue
        likely = list(res.suggestions)
        hint = f"；疑为「{'」「'.join(likely)}」" if likely else ""
        hint_en = f"; likely {', '.join(likely)}" if likely else ""
        other = _other_kind(name, first.kind, resolver)
        if other:
            hint = f"；「{name}」在文中是{other[0]}名{hint}"
            hint_en = f"; '{name}' is a {other[1]} name in the text{hint_en}"
        if first.owner is not None and first.kind is RefKind.SKILL:
            zh = f"「{first.raw}」：{first.owner} 没有名为「{name}」的技能（{places}）{hint}"
            en = f"'{first.raw}': {first.owner} has no skill named {name}{hint_en}"
        else:
            zh = f"{kind_zh}「{name}」在文中没有定义（{places}）{hint}"
            en = f"{first.kind.value} '{name}' is not defined in the text{hint_en}"
        yield UNDEFINED.finding(
            first.clause,
            first.line,
            zh,
            en,
            clip(first.raw, 40),
            related=[(r.clause, r.line) for r in refs[1:]],
            extra={"name": name, "kind": first.kind.value, "likely": likely, "lines": lines},
        )


def _other_kind(name: str, kind: RefKind, resolver: Resolver) -> tuple[str, str] | None:
    """The namespace that does define ``name`` when it is cited as something else (a role as a skill)."""
    spaces = (
        (RefKind.ROLE, resolver.roles, "身份", "role"),
        (RefKind.SKILL, resolver.skills, "技能", "skill"),
        (RefKind.STATUS, resolver.statuses, "状态", "status"),
    )
    for other, pool, zh, en in spaces:
        if other is not kind and name in pool:
            return zh, en
    return None


def _removed(ctx: LintContext) -> dict[str, tuple[str, int]]:
    """Names the revision notes delete: name → (clause, line) of the deletion."""
    out: dict[str, tuple[str, int]] = {}
    clauses = ctx.doc.clauses
    for c in ctx.doc:
        if not is_changelog(c, clauses):
            continue
        for span in c.spans:
            for m in _DELETED.finditer(span.text):
                before = span.text[: m.start()]
                if re.search(r"在[^，。；]{1,12}中$", before):
                    continue  # deleted from one variant of the rules only
                out.setdefault(m.group(1), (c.id, span.line))
    return out


def _removed_findings(ctx: LintContext, removed: dict[str, tuple[str, int]]) -> Iterator[Finding]:
    clauses = ctx.doc.clauses
    for name, (where, at) in sorted(removed.items(), key=lambda kv: kv[1][1]):
        places: list[tuple[str, int, str]] = []
        for c in ctx.doc:
            if is_changelog(c, clauses):
                continue
            for span in c.spans:
                pos = span.text.find(name)
                if pos >= 0:
                    places.append((c.id, span.line, span.text[max(0, pos - 8) : pos + len(name) + 8]))
        if not places:
            continue
        first = places[0]
        lines = [p[1] for p in places]
        yield REMOVED.finding(
            first[0],
            first[1],
            f"修订说明（{where}，第 {at} 行）已删除「{name}」，正文仍有 {len(places)} 处提到它（"
            + "、".join(f"{c} 第 {ln} 行" for c, ln, _ in places)
            + "）",
            f"the revision notes ({where}, line {at}) delete '{name}', yet the body still names it "
            f"{len(places)} time(s)",
            clip(first[2], 40),
            related=[(c, ln) for c, ln, _ in places[1:]] + [(where, at)],
            extra={"name": name, "deleted_at": at, "lines": lines},
        )


def _kinds(ctx: LintContext, resolver: Resolver) -> Iterator[Finding]:
    for ref in _body_refs(ctx):
        if ref.kind is not RefKind.SKILL or not ref.qualifier or ref.owner is not None:
            continue
        defs = resolver.skills.get(ref.name or "", [])
        typed = [d for d in defs if d.category]
        if not typed or any(ref.qualifier in d.category for d in typed):
            continue
        same_kind = sorted(
            {d.name for ds in resolver.skills.values() for d in ds if ref.qualifier in d.category}
            & set(_owned_alike(resolver, typed))
        )
        hint = f"；同一身份的{ref.qualifier}技能：{'、'.join(same_kind)}" if same_kind else ""
        yield KIND.finding(
            ref.clause,
            ref.line,
            f"「{ref.raw}」：{ref.name} 的类型是「{typed[0].category}」，不是{ref.qualifier}技能{hint}",
            f"'{ref.raw}': {ref.name} is typed '{typed[0].category}', not a {ref.qualifier} skill",
            clip(ref.raw, 40),
            extra={
                "name": ref.name,
                "category": typed[0].category,
                "cited_as": ref.qualifier,
                "same_role": same_kind,
            },
        )


def _owned_alike(resolver: Resolver, defs: list[Definition]) -> list[str]:
    owners = {d.owner for d in defs} | {d.clause for d in defs}
    return [d.name for ds in resolver.skills.values() for d in ds if d.owner in owners or d.clause in owners]


def _variants(ctx: LintContext, resolver: Resolver) -> Iterator[Finding]:
    """One-character variants of role names: 「食人魔」 for 食人族, 「死灵术士」 for 死灵术师."""
    known = (
        set(resolver.roles)
        | set(resolver.skills)
        | set(resolver.statuses)
        | set(resolver.terms)
        | {d.name for d in ctx.doc.names.of("camp")}
    )
    clauses = ctx.doc.clauses
    current = [c for c in ctx.doc if not is_changelog(c, clauses)]  # once, not once per role
    ordinary: dict[tuple[str, str], bool] = {}  # the body is the same for every occurrence
    found: dict[tuple[str, str], list[tuple[str, int]]] = defaultdict(list)
    # every span once, joined by line breaks (which no variant crosses): one regex scan per role over the
    # whole text, a match mapped back to its span by binary search
    pieces = [(c, span) for c in current for span in c.spans]
    starts = list(itertools.accumulate((len(span.text) + 1 for _, span in pieces), initial=0))
    joined = "\n".join(span.text for _, span in pieces)
    for role in sorted(resolver.roles):
        if len(role) < MIN_VARIANT:
            continue
        pattern = re.compile(
            "|".join(f"{re.escape(role[:j])}[{_CJK}]{re.escape(role[j + 1 :])}" for j in range(len(role)))
        )
        for m in pattern.finditer(joined):
            k = bisect.bisect_right(starts, m.start()) - 1
            c, span = pieces[k]
            at = m.start() - starts[k]
            variant = m.group(0)
            if variant == role or variant in known or _inside_known(span.text, at, at + len(variant), known):
                continue
            if (role, variant) not in ordinary:
                ordinary[(role, variant)] = _ordinary_word(role, variant, ctx.body)
            if ordinary[(role, variant)]:
                continue
            if _built_on_other_role(role, variant, resolver):
                continue  # 「机械熊」: a name built on the role 熊
            found[(variant, role)].append((c.id, span.line))
    for (variant, role), places in sorted(found.items(), key=lambda kv: kv[1][0][1]):
        first = places[0]
        lines = [ln for _, ln in places]
        yield VARIANT.finding(
            first[0],
            first[1],
            f"「{variant}」与身份「{role}」只差一个字，文中没有「{variant}」这个身份（"
            + "、".join(f"第 {ln} 行" for ln in lines)
            + "）；疑为「"
            + role
            + "」",
            f"'{variant}' is one character off the role '{role}'; the text defines no '{variant}' (likely {role})",
            variant,
            related=[(c, ln) for c, ln in places[1:]],
            extra={"variant": variant, "role": role, "lines": lines},
        )


def homophones(a: str, b: str) -> bool:
    """Two characters that share a reading, tones aside (pypinyin: every reading of each)."""
    ra = set(pinyin(a, style=Style.NORMAL, heteronym=True)[0])
    rb = set(pinyin(b, style=Style.NORMAL, heteronym=True)[0])
    return bool(ra & rb)


def _built_on_other_role(role: str, variant: str, resolver: Resolver) -> bool:
    """The changed character belongs to another role's name inside the variant: 「机械熊」 (on 熊) beside
    机械狼 is a name of its own; 「绣剑骑士」 beside 锈剑骑士 is not (骑士 does not cover the change)."""
    j = next(k for k, (a, b) in enumerate(zip(role, variant, strict=True)) if a != b)
    for other in resolver.roles:
        if other == role:
            continue
        for m in re.finditer(re.escape(other), variant):
            if m.start() <= j < m.end():
                return True
    return False


def _ordinary_word(role: str, variant: str, body: str) -> bool:
    """The variant reads as ordinary text next to the name, not as a misspelt name: 「审判帖」 (a thread,
    not the role 审判者), 「因恶魔」 (「因」 + the word 恶魔, which the text prints after many different
    characters), 「混血不会」 (the short form 混血 followed by other words), 「投票者」 (the word 投票 + 者)."""
    j = next(k for k, (a, b) in enumerate(zip(role, variant, strict=True)) if a != b)
    c = variant[j]
    if j == len(role) - 1 and role[-1] in AGENTIVE and c not in AGENTIVE:
        return True
    if j == 0:
        # a first character typed wrong sounds like the right one (a pinyin input slip: 绣/锈, 蚀/噬);
        # 「先知者」 beside 预知者 is another word
        if not homophones(role[0], c):
            return True
        before = {body[m.start() - 1] for m in re.finditer(re.escape(role[1:]), body) if m.start() > 0}
        return len({ch for ch in before if re.match(f"[{_CJK}]", ch)} - {role[0]}) >= COMMON
    if j == len(role) - 1:
        stem = role[:-1]
        after = {body[m.end()] for m in re.finditer(re.escape(stem), body) if m.end() < len(body)}
        return len({ch for ch in after if re.match(f"[{_CJK}]", ch)} - {role[-1]}) >= COMMON
    left, right = role[j - 1] + c, c + role[j + 1]
    return any(body.count(bigram) - body.count(variant) >= COMMON_BIGRAM for bigram in (left, right))


def _inside_known(text: str, start: int, end: int, known: set[str]) -> bool:
    """The match is part of a longer defined name (「白狼王」 inside a citation of 白狼王)."""
    for name in known:
        if len(name) <= end - start:
            continue
        for k in range(max(0, start - len(name) + 1), start + 1):
            if text.startswith(name, k) and k + len(name) >= end:
                return True
    return False


def _tags(ctx: LintContext, resolver: Resolver) -> Iterator[Finding]:
    if len(resolver.tags) < 3:
        return
    undefined: dict[str, list[Ref]] = defaultdict(list)
    bracket: dict[tuple[str, str], list[Ref]] = defaultdict(list)
    for ref in _body_refs(ctx):
        if ref.kind is not RefKind.TAG:
            continue
        res = resolver.tag(ref.name or "", ref.qualifier or "")
        if res.status == "unknown":
            undefined[ref.name or ""].append(ref)
        elif res.status == "bracket":
            bracket[(ref.name or "", ref.qualifier or "")].append(ref)
    for name, refs in sorted(undefined.items(), key=lambda kv: kv[1][0].line):
        first = refs[0]
        lines = [r.line for r in refs]
        legend = "".join(
            sorted({d.bracket[0] + d.name + d.bracket[1] for ds in resolver.tags.values() for d in ds})
        )
        yield TAG_UNDEFINED.finding(
            first.clause,
            first.line,
            f"标签「{first.raw}」不在图例中（"
            + "、".join(f"第 {ln} 行" for ln in lines)
            + f"）；图例：{legend}",
            f"label '{first.raw}' is not in the legend (lines {', '.join(map(str, lines))})",
            first.raw,
            related=[(r.clause, r.line) for r in refs[1:]],
            extra={"tag": name, "lines": lines},
        )
    for (name, br), refs in sorted(bracket.items(), key=lambda kv: kv[1][0].line):
        first = refs[0]
        defs = resolver.tags[name]
        legend = defs[0].bracket[0] + name + defs[0].bracket[1]
        printed = br[0] + name + br[1]
        lines = [r.line for r in refs]
        shown = "、".join(str(ln) for ln in lines[:8]) + ("…" if len(lines) > 8 else "")
        yield TAG_BRACKET.finding(
            first.clause,
            first.line,
            f"图例（{defs[0].clause} 第 {defs[0].line} 行）把标签写作「{legend}」，正文有 {len(refs)} 处写作「{printed}」"
            f"（第 {shown} 行）",
            f"the legend ({defs[0].clause}, line {defs[0].line}) prints the label as '{legend}'; "
            f"{len(refs)} place(s) print '{printed}'",
            printed,
            related=[(r.clause, r.line) for r in refs[1:]],
            extra={"tag": name, "legend": legend, "printed": printed, "lines": lines},
        )


def _implied(ctx: LintContext) -> Iterator[Finding]:
    """Skills labelled <X> without the <Y> the legend says every <X> skill is a kind of."""
    rules: list[tuple[str, str, str, int]] = []
    for c in ctx.doc:
        for span in c.spans:
            for m in _IMPLIES.finditer(span.text):
                rules.append((m.group(1) or m.group(2), m.group(3) or m.group(4), c.id, span.line))
    if not rules:
        return
    labels: dict[tuple[str, int], set[str]] = defaultdict(set)
    where: dict[tuple[str, int], str] = {}
    for ref in _body_refs(ctx):
        if (
            ref.kind is RefKind.TAG
            and ref.raw.startswith(("<", "["))
            and len(ref.raw) == len(ref.name or "") + 2
        ):
            labels[(ref.clause or "", ref.line)].add(ref.name or "")
            where[(ref.clause or "", ref.line)] = ref.clause or ""
    for x, y, clause, line in rules:
        missing = sorted(
            (k for k, names_ in labels.items() if x in names_ and y not in names_), key=lambda k: k[1]
        )
        if not missing:
            continue
        places = "、".join(f"{cid} 第 {ln} 行" for cid, ln in missing)
        first = missing[0]
        yield IMPLIED.finding(
            first[0],
            first[1],
            f"图例（{clause} 第 {line} 行）说带 <{x}> 的技能是 <{y}> 技能的一种，但 {len(missing)} 个带 <{x}> 的技能"
            f"没有 <{y}>：{places}",
            f"the legend ({clause}, line {line}) says <{x}> skills are <{y}> skills, yet {len(missing)} "
            f"<{x}> skill(s) lack <{y}>",
            f"<{x}>",
            related=[(cid, ln) for cid, ln in missing[1:]] + [(clause, line)],
            extra={"label": x, "implies": y, "lines": [ln for _, ln in missing]},
        )


def _unused(ctx: LintContext, resolver: Resolver) -> Iterator[Finding]:
    """Statuses and legend labels nothing uses — judged only in a text that defines its roles."""
    if len(resolver.roles) < 3:
        return
    body = "\n".join(span.text for c in ctx.doc for span in c.spans)
    cited = {(r.kind.value, r.name) for r in _body_refs(ctx)}
    counts: dict[str, int] = {}  # one count per distinct name (a long text defines a name many times)
    for d in ctx.doc.names.of("status"):
        if d.name not in counts:
            counts[d.name] = body.count(d.name)
        if counts[d.name] <= 1:
            yield _unused_finding(d, "状态", "status")
    for name, defs in resolver.tags.items():
        if name == "X" or ("tag", name) in cited:
            continue
        if any(("tag", n) in cited for n in resolver.tags if n != name and n.startswith(name)):
            continue
        yield _unused_finding(defs[0], "标签", "label")


def _unused_finding(d: Definition, kind_zh: str, kind_en: str) -> Finding:
    return UNUSED.finding(
        d.clause,
        d.line,
        f"{kind_zh}「{d.name}」有定义，但全文没有任何地方使用它",
        f"{kind_en} '{d.name}' is defined but nothing uses it",
        d.name,
        extra={"name": d.name, "kind": kind_en},
    )
