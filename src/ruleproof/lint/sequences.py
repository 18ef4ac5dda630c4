"""(n) Order lists and order claims in books shaped by headings.

Forum rulebooks give the night's acting order as lists — 「炼金术士，疯子自大，水手共饮，…依次行动」,
「魔术师<交换>，花蝴蝶<拥抱>，…，有先后顺序」 — and state orders in prose — 「虽然数学家在侍女后面行动」,
「邪恶术士术法仪式的发动时点调整到企鹅和子狐之前」.  ``order-contradiction`` reports

* a prose claim that a list contradicts (the claim says A after B, the list puts A before B);
* two lists of the same kind (acting orders, or orders of the out-list) that restate each other —
  most of the shorter one's entries are in the longer one — and put two entries the other way round.

Lists of different phases that share a few entries (the opening order and the dusk order) are not
restatements and are not compared.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ruleproof.findings import Finding, Severity
from ruleproof.lint.base import CheckInfo, clip
from ruleproof.lint.context import LintContext
from ruleproof.text.names import PAIR, Resolver

CONTRADICTION = CheckInfo(
    id="order-contradiction",
    family="n",
    severity=Severity.ERROR,
    title="两处给出的先后顺序相反",
    title_en="two places give opposite orders",
    rule="同一类顺序（行动顺序、出局结算顺序）在文中只能有一种；一处说甲先乙后、另一处说乙先甲后，结算无法进行。",
    rule_en="An order of one kind (acting order, order of the out-list) has one version in the text; "
    "one place putting A before B and another B before A cannot both be followed.",
    advice="核对哪一处是权威，改正另一处（或写明两处各自适用的阶段）。",
    advice_en="Decide which place is authoritative and fix the other (or state the phase each applies to).",
)

CHECKS = (CONTRADICTION,)

_FUSED_LIST = re.compile(r"[，、]")
_FUSED_END = re.compile(r"(?:依次|按顺序|顺次)(?:行动|发动|进行|结算)")
_OUT_WORDS = ("出局名单", "出局结算", "连带", "出局效果")
_CLAIM = re.compile(
    r"([\u4e00-\u9fff]{2,8}?)(?:在|于)([\u4e00-\u9fff]{2,8}?)(?:之)?(前|后)(?:面)?(?:行动|发动|结算)"
)
_MOVED = re.compile(
    r"([\u4e00-\u9fff]{2,12}?)的?发动时点调整到([\u4e00-\u9fff]{2,8}?)(?:和([\u4e00-\u9fff]{2,8}?))?之(前|后)"
)
RESTATED = 0.6  # share of the shorter list's entries found in the longer one for the two to be compared


@dataclass(frozen=True)
class Sequence:
    clause: str
    line: int
    kind: str  # "action" | "out"
    entries: tuple[str, ...]  # role (canonical where the text defines it) + the skill as printed
    text: str


def run(ctx: LintContext) -> Iterator[Finding]:
    if ctx.doc.shape == "dotted":
        return
    resolver = Resolver(ctx.doc.names)
    seqs = list(_sequences(ctx, resolver))
    yield from _claims(ctx, resolver, seqs)
    yield from _restated(seqs)


def _canonical(name: str, resolver: Resolver) -> str:
    res = resolver.role(name)
    if res.status == "exact" or (res.status == "alias" and len(res.definitions) == 1):
        return res.definitions[0].name
    return name


def _sequences(ctx: LintContext, resolver: Resolver) -> Iterator[Sequence]:
    for c in ctx.doc:
        pieces = [(it.text, it.line) for it in c.items] or [(s.text, s.line) for s in c.spans]
        for text, line in pieces:
            kind = "out" if any(w in text for w in _OUT_WORDS) else "action"
            pairs = [m for m in PAIR.finditer(text) if m.group("role")]
            if len(pairs) >= 3:
                entries = tuple(_canonical(m.group("role")[-8:], resolver) + m.group("skills") for m in pairs)
                yield Sequence(c.id, line, kind, _dedupe(entries), text)
                continue
            if _FUSED_END.search(text) and len(resolver.roles) >= 3:
                fused = _fused_entries(text, resolver)
                if len(fused) >= 3:
                    yield Sequence(c.id, line, kind, _dedupe(fused), text)


def _fused_entries(text: str, resolver: Resolver) -> tuple[str, ...]:
    """「炼金术士，疯子自大，水手共饮，…依次行动」: each entry opens with a role's name."""
    body = _FUSED_END.split(text)[0]
    out = []
    for part in _FUSED_LIST.split(body):
        part = part.strip()
        role = next((r for r in sorted(resolver.roles, key=len, reverse=True) if part.startswith(r)), None)
        if role is not None:
            out.append(part)
    return tuple(out)


def _dedupe(entries: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(entries))


def _position(seq: Sequence, role: str) -> int | None:
    """Where a role acts in a list (its first entry: the role's name, then its skill, if any)."""
    return next((k for k, e in enumerate(seq.entries) if e == role or e.startswith((role + "<", role))), None)


def _against(seqs: list[Sequence], a: str, b: str, side: str) -> list[tuple[Sequence, int, int]]:
    """The action lists that order ``a`` and ``b`` against the claim, with their positions."""
    out = []
    for seq in seqs:
        if seq.kind != "action":
            continue
        pa, pb = _position(seq, a), _position(seq, b)
        if pa is None or pb is None or (pa > pb) == (side == "后"):
            continue
        out.append((seq, pa, pb))
    return out


def _claims(ctx: LintContext, resolver: Resolver, seqs: list[Sequence]) -> Iterator[Finding]:
    # a claim is checked against every list once per distinct (a, b, side): a long text that repeats its
    # claims and lists stays near-linear
    against: dict[tuple[str, str, str], list[tuple[Sequence, int, int]]] = {}
    for c in ctx.doc:
        for span in c.spans:
            for a, b, side, raw in _claims_in(span.text, resolver):
                if (a, b, side) not in against:
                    against[(a, b, side)] = _against(seqs, a, b, side)
                for seq, pa, pb in against[(a, b, side)]:
                    said = f"{a}在{b}之{side}"
                    yield CONTRADICTION.finding(
                        c.id,
                        span.line,
                        f"「{clip(raw, 30)}」说{said}，但 {seq.clause}（第 {seq.line} 行）的顺序把 "
                        f"{seq.entries[min(pa, pb)]} 排在 {seq.entries[max(pa, pb)]} 之前",
                        f"'{clip(raw, 30)}' puts {a} {'after' if side == '后' else 'before'} {b}, but the order "
                        f"of {seq.clause} (line {seq.line}) has them the other way round",
                        clip(raw, 40),
                        related=[(seq.clause, seq.line)],
                        extra={"claim": [a, b, side], "list_line": seq.line},
                    )


def _claims_in(text: str, resolver: Resolver) -> Iterator[tuple[str, str, str, str]]:
    for m in _CLAIM.finditer(text):
        a, b = _role_end(m.group(1), resolver), _role_start(m.group(2), resolver)
        if a and b:
            yield a, b, m.group(3), m.group(0)
    for m in _MOVED.finditer(text):
        a = _role_start(m.group(1), resolver)
        for other in (m.group(2), m.group(3)):
            b = _role_start(other or "", resolver)
            if a and b:
                yield a, b, m.group(4), m.group(0)


def _role_end(text: str, resolver: Resolver) -> str | None:
    for k in range(min(len(text), 8), 1, -1):
        name = _canonical(text[-k:], resolver)
        if name in resolver.roles:
            return name
    return None


def _role_start(text: str, resolver: Resolver) -> str | None:
    for k in range(min(len(text), 8), 1, -1):
        name = _canonical(text[:k], resolver)
        if name in resolver.roles:
            return name
    return None


def _disagreement(s: tuple[str, ...], t: tuple[str, ...]) -> tuple[str, str] | None:
    """The first pair of entries two restatements of one list put in opposite orders (None: they agree,
    or share too little to be the same list)."""
    in_t = set(t)
    common = [e for e in s if e in in_t]
    if len(common) < 3 or len(common) < RESTATED * min(len(s), len(t)):
        return None
    in_common = set(common)
    rank = {e: n for n, e in enumerate(dict.fromkeys(e for e in t if e in in_common))}
    for k, a in enumerate(common):
        b = next((x for x in common[k + 1 :] if rank[x] < rank[a]), None)
        if b is not None:
            return a, b
    return None


def _restated(seqs: list[Sequence]) -> Iterator[Finding]:
    # every pair of lists is compared; the comparison of two entry lists is computed once (a text that
    # restates the same lists many times stays near-linear)
    seen: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[str, str] | None] = {}
    for i, s in enumerate(seqs):
        for t in seqs[i + 1 :]:
            if s.kind != t.kind or s.entries == t.entries:
                continue
            pair = (s.entries, t.entries)
            if pair not in seen:
                seen[pair] = _disagreement(*pair)
            found = seen[pair]
            if found is not None:
                a, b = found
                yield CONTRADICTION.finding(
                    t.clause,
                    t.line,
                    f"{s.clause}（第 {s.line} 行）把 {a} 排在 {b} 之前，{t.clause}（第 {t.line} 行）却把 {b} 排在 {a} 之前",
                    f"{s.clause} (line {s.line}) puts {a} before {b}; {t.clause} (line {t.line}) puts {b} before {a}",
                    clip(t.text, 40),
                    related=[(s.clause, s.line)],
                    extra={"pair": [a, b], "lines": [s.line, t.line]},
                )
