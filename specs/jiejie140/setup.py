"""The set-up of [140]乘风破浪的姐姐2 (结算顺序 · 开场行动, steps 1–8), as a seeded procedure the engine runs
and as Z3 constraints ``ruleproof config jiejie140`` solves and checks.

Steps as written (开场行动):

1. 「随机产生永恒者、凝聚者、欺骗者，发放身份」 — three seats drawn;
2. 「永恒者与凝聚者选择保护对象（1-11中）。【目前保护对象1】」 — each leader protects one member identity;
3. 「永恒者与凝聚者选择驱除对象（1-11中），若驱除对象为对方保护对象，则视为驱除无效。」;
4. 「将成功驱除的对象告知永恒者和凝聚者。」;
5. 「永恒者与凝聚者选择阵容（1-11中去除驱除对象）【5-6个，视人数而定】」 — a leader's line-up excludes the
   identity the *other* leader expelled from it;
6. 「永恒者与凝聚者划定感召范围（阵容数*2+2）」 — seats, the leader itself excluded (感召: 「全名单中除自己外」);
7. 「在永恒者于凝聚者的感召范围内，随机产生永恒/凝聚成员，发放身份。」 — one member per line-up identity,
   drawn among the range's seats that hold no identity yet;
8. 「其余玩家为适应者，视情况随机出部分高级适应者。（20人1个，每多2人加1个）」 — below 20 players the text
   gives none (reading: 0); an advanced adaptor picks 升华者, 凝滞者 or 幻化者 itself.

Under the reading ``setup.member_pool=skill_text`` the leaders' table is followed instead: 9 member
identities (the text's numbers 1–9), a line-up of 4 identities, 5 members (one identity drawn twice — the
only way 5 members come from 4 identities), a range of 12.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import z3

from ruleproof.config.render import number_ranges
from ruleproof.config.sampling import guided_values
from ruleproof.config.solver import Status, check, make_solver, require
from ruleproof.errors import UserError
from ruleproof.findings import Finding, Severity
from ruleproof.runtime.model import IllegalAction
from ruleproof.specs.jiejie140 import Spec
from ruleproof.specs.jiejie140 import names as nm
from ruleproof.specs.jiejie140.source import bundled, line_of

CLAUSE = "开场行动"
SKILL_CLAUSE = "永恒者/凝聚者"


def members_by_number(spec: Spec) -> dict[int, str]:
    """Member identities by the number their section heading prints (1感应者 … 11指引者)."""
    return {d.number: d.key for d in spec.skills.identities.values() if d.number is not None}


@dataclass(frozen=True)
class Shape:
    """What one reading of the set-up asks of each side."""

    pool: tuple[int, ...]  # identity numbers a leader may protect, expel and choose
    lineup: tuple[int, int]  # identities in a line-up: min, max
    members: int | None  # members generated (None: one per line-up identity)
    range_fixed: int | None  # range size (None: line-up × per + extra)
    per: int
    extra: int

    def members_for(self, lineup: int) -> int:
        return lineup if self.members is None else self.members

    def range_for(self, lineup: int) -> int:
        return self.range_fixed if self.range_fixed is not None else lineup * self.per + self.extra


def shape(spec: Spec) -> Shape:
    numbers = sorted(members_by_number(spec))
    if spec.reading("setup.member_pool") == "skill_text":
        pool = tuple(n for n in numbers if n <= spec.p("skilltext.pool"))
        k = spec.p("skilltext.identities")
        return Shape(pool, (k, k), spec.p("skilltext.members"), spec.p("skilltext.range"), 0, 0)
    pool = tuple(n for n in numbers if n <= spec.p("setup.pool"))
    return Shape(
        pool,
        (spec.p("setup.lineup_min"), spec.p("setup.lineup_max")),
        None,
        None,
        spec.p("setup.range_per_member"),
        spec.p("setup.range_extra"),
    )


def advanced_count(spec: Spec, n: int) -> int:
    """「20人1个，每多2人加1个」; below 20 players the text gives none."""
    base = spec.p("setup.advanced_players")
    if n < base:
        return 0
    return spec.p("setup.advanced_base") + (n - base) // spec.p("setup.advanced_step")


@dataclass(frozen=True)
class SideChoice:
    protect: tuple[int, ...]
    expel: int
    lineup: tuple[int, ...]
    range: tuple[int, ...]


@dataclass
class Deal:
    """A finished set-up: every seat's identity and faction, and the record of each step."""

    n: int
    leaders: dict[str, int]  # eternal / cohesion / deceiver → seat
    choices: dict[str, SideChoice]
    expelled: dict[str, int | None]  # faction → the identity number removed from it (a successful 驱除)
    seats: list[tuple[str, str]]  # seat i+1 → (identity key, faction)
    advanced: dict[int, str] = field(default_factory=dict)
    log: list[tuple[str, dict[str, Any]]] = field(default_factory=list)


def _illegal(step: str, zh: str, en: str, skill: str = "setup") -> IllegalAction:
    return IllegalAction(f"{CLAUSE}", f"开场行动第 {step} 步：{zh}", f"set-up step {step}: {en}", skill=skill)


def deal(spec: Spec, n: int, seed: int, given: Mapping[str, Any] | None = None) -> Deal:
    """Run 开场行动 for ``n`` players.  ``given`` may fix the leaders' seats (``leaders``), each side's
    choices (``eternal`` / ``cohesion``: ``protect``, ``expel``, ``lineup``, ``range``), the members
    (``members``: seat → identity) and the advanced adaptors (``advanced``: seat → identity); whatever is
    not given is drawn with ``seed``.  An illegal choice raises ``IllegalAction`` naming 开场行动."""
    given = given or {}
    rng = random.Random(f"setup:{seed}")
    sh = shape(spec)
    by_number = members_by_number(spec)
    seats = list(range(1, n + 1))
    # 1: the leaders and the deceiver
    lead = dict(given.get("leaders", {}))
    free = [s for s in seats if s not in lead.values()]
    rng.shuffle(free)
    for role in ("eternal", "cohesion", "deceiver"):
        if role not in lead:
            lead[role] = free.pop()
    if len(set(lead.values())) != 3 or not all(1 <= s <= n for s in lead.values()):
        raise _illegal("1", "永恒者、凝聚者、欺骗者须为三名不同的玩家", "three distinct seats")
    out = Deal(n, lead, {}, {}, [("", "")] * n)
    out.log.append(("1", {"leaders": dict(lead)}))
    raw: dict[str, dict[str, Any]] = {f: dict(given.get(f, {})) for f in nm.MIRROR}
    # 2: protect
    protect: dict[str, tuple[int, ...]] = {}
    for f in nm.MIRROR:
        k = spec.p("setup.protected")
        pr = tuple(raw[f].get("protect", rng.sample(sh.pool, k)))
        if len(pr) != k or not set(pr) <= set(sh.pool):
            raise _illegal(
                "2", f"保护对象须为 {sh.pool} 中的 {k} 个身份", f"protect {k} of {sh.pool}", "protect"
            )
        protect[f] = pr
    # 3: expel (void when it is the other side's protected identity)
    expel: dict[str, int] = {}
    for f in nm.MIRROR:
        x = int(raw[f].get("expel", rng.choice(sh.pool)))
        if x not in sh.pool:
            raise _illegal("3", f"驱除对象须在 {sh.pool} 中", f"expel one of {sh.pool}", "expel")
        expel[f] = x
    for f in nm.MIRROR:
        e = nm.enemy(f)
        ok = expel[e] not in protect[f]
        out.expelled[f] = expel[e] if ok else None
        out.log.append(("3", {"by": e, "expel": expel[e], "void": not ok}))
    # 4: told
    out.log.append(("4", {"expelled": dict(out.expelled)}))
    # 5: line-ups
    lineup: dict[str, tuple[int, ...]] = {}
    for f in nm.MIRROR:
        allowed = [x for x in sh.pool if x != out.expelled[f]]
        size = rng.randint(*sh.lineup)
        lu = tuple(raw[f].get("lineup", sorted(rng.sample(allowed, min(size, len(allowed))))))
        if (
            not sh.lineup[0] <= len(lu) <= sh.lineup[1]
            or len(set(lu)) != len(lu)
            or not set(lu) <= set(allowed)
        ):
            raise _illegal(
                "5",
                f"阵容须为 {sh.lineup[0]}–{sh.lineup[1]} 个不同身份，取自 {allowed}",
                f"a line-up of {sh.lineup[0]}-{sh.lineup[1]} distinct identities from {allowed}",
                "lineup",
            )
        lineup[f] = lu
    # 6: ranges
    rng_seats: dict[str, tuple[int, ...]] = {}
    for f in nm.MIRROR:
        size = sh.range_for(len(lineup[f]))
        others = [s for s in seats if s != lead[f]]
        if size > len(others):
            raise _illegal(
                "6", f"感召范围须有 {size} 人，只有 {len(others)} 名其他玩家", "range too large", "summon"
            )
        rs = tuple(raw[f].get("range", sorted(rng.sample(others, size))))
        if len(rs) != size or len(set(rs)) != size or lead[f] in rs or not set(rs) <= set(seats):
            raise _illegal(
                "6",
                f"感召范围须为自己以外的 {size} 名玩家",
                f"the range is {size} seats other than oneself",
                "summon",
            )
        rng_seats[f] = rs
        out.choices[f] = SideChoice(protect[f], expel[f], lineup[f], rs)
    # 7: members, one per line-up identity (skill_text: the line-up's identities, one drawn twice)
    taken = set(lead.values())
    fixed = {int(k): v for k, v in given.get("members", {}).items()}
    assign: dict[int, tuple[str, str]] = {}
    for f in nm.MIRROR:
        wanted = [by_number[x] for x in lineup[f]]
        extra = sh.members_for(len(lineup[f])) - len(wanted)
        wanted += [rng.choice(wanted) for _ in range(extra)]
        mine = {s: r for s, r in fixed.items() if s in rng_seats[f] and r in wanted and s not in assign}
        for s, r in sorted(mine.items()):
            if r in wanted:
                wanted.remove(r)
                assign[s] = (r, f)
                taken.add(s)
        pool = [s for s in rng_seats[f] if s not in taken and s not in fixed]
        rng.shuffle(pool)
        if len(pool) < len(wanted):
            raise _illegal(
                "7",
                f"{nm.FACTION_ZH[f]}的感召范围内只剩 {len(pool)} 名无身份的玩家，生成不了 {len(wanted)} 名成员",
                f"{f}'s range has {len(pool)} seats left for {len(wanted)} members",
                "summon",
            )
        for r in wanted:
            s = pool.pop()
            assign[s] = (r, f)
            taken.add(s)
    # 8: adaptors, some advanced
    rest = [s for s in seats if s not in taken]
    k = advanced_count(spec, n)
    adv_given = {int(s): r for s, r in given.get("advanced", {}).items()}
    if adv_given:
        if (
            len(adv_given) != k
            or not set(adv_given) <= set(rest)
            or not set(adv_given.values()) <= set(nm.PROMOTED)
        ):
            raise _illegal("8", f"高级适应者须为 {k} 名适应者", f"{k} advanced adaptors among the adaptors")
        out.advanced = adv_given
    else:
        for s in sorted(rng.sample(rest, min(k, len(rest)))):
            out.advanced[s] = rng.choice(nm.PROMOTED)
    for s in seats:
        if s == lead["eternal"]:
            out.seats[s - 1] = ("eternal_leader", nm.ETERNAL)
        elif s == lead["cohesion"]:
            out.seats[s - 1] = ("cohesion_leader", nm.COHESION)
        elif s == lead["deceiver"]:
            out.seats[s - 1] = ("deceiver", nm.DECEPTION)
        elif s in assign:
            out.seats[s - 1] = assign[s]
        else:
            out.seats[s - 1] = (out.advanced.get(s, "adaptor"), nm.ADAPTATION)
    out.log.append(("7", {"members": {str(s): list(v) for s, v in sorted(assign.items())}}))
    out.log.append(("8", {"advanced": {str(s): r for s, r in sorted(out.advanced.items())}}))
    return out


# ── Z3: the set-up as constraints, for config jiejie140 and its --check ─────────────────────────


@dataclass
class Encoding:
    """The set-up at ``n`` players as linear integer constraints.  Seats other than the three special
    ones (永恒者, 凝聚者, 欺骗者 — the draw of step 1 is symmetric) are interchangeable, so a set-up is
    described exactly by *how many* ordinary seats lie in both ranges, in one range only, or in none,
    and how many of each region each side's members take; whether each special seat lies in the other
    leader's range is a Boolean.  Solving over these counts is exact for every question asked here
    (feasibility, sizes, the draw of step 7) and fast."""

    spec: Spec
    n: int
    seed: int = 0

    def __post_init__(self) -> None:
        sh = shape(self.spec)
        self.shape = sh
        self.solver = make_solver(self.seed)
        s = self.solver
        E, C = nm.ETERNAL, nm.COHESION
        self.L = {f: z3.Int(f"lineup:{f}") for f in nm.MIRROR}
        # ordinary seats: in both ranges / E's only / C's only / neither
        self.both, self.only, self.none = (
            z3.Int("both"),
            {f: z3.Int(f"only:{f}") for f in nm.MIRROR},
            z3.Int("none"),
        )
        # special seats in a range: the other leader, the deceiver
        self.other_in = {f: z3.Bool(f"other-leader-in:{f}") for f in nm.MIRROR}
        self.dec_in = {f: z3.Bool(f"deceiver-in:{f}") for f in nm.MIRROR}
        # members by region: in the shared region / in the side's own region
        self.m_both = {f: z3.Int(f"members-shared:{f}") for f in nm.MIRROR}
        self.m_own = {f: z3.Int(f"members-own:{f}") for f in nm.MIRROR}
        self.drawn = {f: z3.Bool(f"drawn:{f}") for f in nm.MIRROR}  # a query may drop one side's draw
        self.adaptors = z3.Int("adaptors")
        ints = [self.both, self.none, *self.only.values(), *self.m_both.values(), *self.m_own.values()]
        s.add(*(v >= 0 for v in ints))
        s.add(self.both + self.only[E] + self.only[C] + self.none == self.n - 3)
        for f in nm.MIRROR:
            lo, hi = sh.lineup
            s.add(lo <= self.L[f], self.L[f] <= hi, self.L[f] <= len(sh.pool) - 1)
            size = self.L[f] * sh.per + sh.extra if sh.range_fixed is None else z3.IntVal(sh.range_fixed)
            special = z3.If(self.other_in[f], 1, 0) + z3.If(self.dec_in[f], 1, 0)
            s.add(self.both + self.only[f] + special == size)  # the leader itself is never in its range
            s.add(
                z3.Implies(
                    self.drawn[f],
                    z3.And(self.m_both[f] + self.m_own[f] == self.need(f), self.m_own[f] <= self.only[f]),
                )
            )
            s.add(z3.Implies(z3.Not(self.drawn[f]), self.m_both[f] + self.m_own[f] == 0))
        s.add(self.m_both[E] + self.m_both[C] <= self.both)
        s.add(self.adaptors == self.n - 3 - sum(self.m_both[f] + self.m_own[f] for f in nm.MIRROR))

    def need(self, f: str) -> Any:
        return self.L[f] if self.shape.members is None else z3.IntVal(self.shape.members)

    def status(self, *extra: Any) -> Status:
        """Satisfiable with both sides' draws in force (and ``extra``)?"""
        return check(self.solver, *self.drawn.values(), *extra)

    def strand(self, first: str) -> Status:
        """Side ``first`` drew its members first; can the other side's range be left with fewer
        identity-free seats than it needs (the sequential draw of step 7 fails)?"""
        other = nm.enemy(first)
        free = (self.both - self.m_both[first]) + self.only[other]
        return check(self.solver, self.drawn[first], z3.Not(self.drawn[other]), free < self.need(other))

    def draw(self, rng: random.Random) -> None:
        """Fix every quantity :meth:`layout` reads to a seeded draw among the legal values (both sides'
        draws in force), so the model is the same whatever state Z3 is in."""
        E, C = nm.ETERNAL, nm.COHESION
        counts = range(self.n + 1)
        ints = [self.L[E], self.L[C], self.both, self.only[E], self.only[C]]
        ints += [self.m_both[E], self.m_both[C], self.m_own[E], self.m_own[C], self.adaptors]
        terms: list[tuple[Any, Sequence[int | bool]]] = [(x, counts) for x in ints]
        terms += [(b, (True, False)) for b in (*self.other_in.values(), *self.dec_in.values())]
        guided_values(self.solver, terms, rng, f"jiejie140 N={self.n} set-up", *self.drawn.values())
        require(self.status(), f"jiejie140 N={self.n} set-up")

    def layout(self) -> dict[str, Any]:
        """A concrete set-up from the current model (after :meth:`draw`: every value it reads is fixed):
        seats 1–3 special, the regions filled in order."""
        m = self.solver.model()

        def v(x: Any) -> int:
            return int(m.eval(x, model_completion=True).as_long())

        def b(x: Any) -> bool:
            return bool(z3.is_true(m.eval(x, model_completion=True)))

        E, C = nm.ETERNAL, nm.COHESION
        seat = iter(range(4, self.n + 1))
        shared = [next(seat) for _ in range(v(self.both))]
        own = {f: [next(seat) for _ in range(v(self.only[f]))] for f in (E, C)}
        lead = {E: 1, C: 2}
        out: dict[str, Any] = {"leaders": {E: 1, C: 2, "deceiver": 3}}
        taken = 0
        for f in (E, C):
            rng = sorted(
                shared
                + own[f]
                + ([lead[nm.enemy(f)]] if b(self.other_in[f]) else [])
                + ([3] if b(self.dec_in[f]) else [])
            )
            members = shared[taken : taken + v(self.m_both[f])] + own[f][: v(self.m_own[f])]
            taken += v(self.m_both[f])
            out[f] = {"lineup": v(self.L[f]), "range": rng, "members": sorted(members)}
        out["adaptors"] = v(self.adaptors)
        out["advanced"] = advanced_count(self.spec, self.n)
        return out


def _cite(clause_id: str, phrase: str) -> tuple[str, int]:
    return clause_id, line_of(bundled(), clause_id, phrase)


def check_setup(spec: Spec, ns: Sequence[int]) -> list[Finding]:
    """For each player count: is set-up possible at all; does it leave the adaptation faction empty or
    with one member (适应 win 4 at once) or all advanced (适应 win 2 at once); can the random draw of step 7
    strand a side; does the text say which line-up size to take.  One finding per (check, reading of
    the counts it holds for), listing the player counts."""
    hits: dict[tuple[str, Severity, str, str, str, str], list[int]] = {}

    def add(check_id: str, sev: Severity, clause_id: str, phrase: str, zh: str, en: str, n: int) -> None:
        hits.setdefault((check_id, sev, clause_id, phrase, zh, en), []).append(n)

    sh = shape(spec)
    skill_text = spec.reading("setup.member_pool") == "skill_text"
    for n in ns:
        enc = Encoding(spec, n)
        st = enc.status()
        if st is Status.UNKNOWN:
            raise UserError(
                f"求解器未能判定 {n} 人的开局", f"the solver returned unknown for {n} players", exit_code=3
            )
        if st is Status.UNSAT:
            add(
                "setup.infeasible",
                Severity.ERROR,
                CLAUSE if not skill_text else SKILL_CLAUSE,
                "划定感召范围（阵容数*2+2）" if not skill_text else "全名单中除自己外12个目标",
                "开局无法完成：两方阵容、感召范围与三名特殊身份容纳不下",
                "no set-up exists: the line-ups, ranges and the three special seats do not fit",
                n,
            )
            continue
        adv = advanced_count(spec, n)
        if enc.status(enc.adaptors == 0) is Status.SAT:
            add(
                "setup.no-adaptation",
                Severity.WARNING,
                CLAUSE,
                "其余玩家为适应者",
                "可能没有一名适应者：适应阵营开局即「全灭」（适应胜利 3 到第八天自动成立，欺骗胜利 1 因 0 < 0 永不成立）",
                "the adaptation faction may start empty (adaptation win 3 holds on day 8 by itself; deception win 1 never holds)",
                n,
            )
        if enc.status(enc.adaptors == 1) is Status.SAT:
            add(
                "setup.adaptation-wins-at-start",
                Severity.WARNING,
                "胜负判定",
                "适应阵营仅有一个成员存活",
                "可能只有一名适应者：「适应阵营仅有一个成员存活」开局即成立，适应阵营以最高优先级获胜",
                "one adaptor only: adaptation win 4 holds at set-up, with the top priority",
                n,
            )
        if adv and enc.status(enc.adaptors <= adv) is Status.SAT:
            add(
                "setup.all-advanced",
                Severity.WARNING,
                "胜负判定",
                "适应者阵营有存活的成员，且存活的全员都已晋级",
                f"高级适应者人数（{adv}）可能不少于适应者人数：适应胜利 2 开局即成立",
                f"the advanced adaptors ({adv}) may be all the adaptors: adaptation win 2 holds at set-up",
                n,
            )
        if any(enc.strand(first) is Status.SAT for first in nm.MIRROR):
            add(
                "setup.draw-can-strand",
                Severity.WARNING,
                CLAUSE,
                "在永恒者于凝聚者的感召范围内，随机产生永恒/凝聚成员",
                "两方感召范围可以重叠：若先为一方随机生成成员，另一方范围内剩下的无身份玩家可能不够，第 7 步的随机生成失败（文中未说先后，也未说失败怎么办）",
                "the ranges may overlap: drawing one side's members first can leave the other too few free seats, "
                "and step 7 fails (the text names no order and no remedy)",
                n,
            )
        if not skill_text and sh.lineup[0] != sh.lineup[1]:
            both = [
                L
                for L in range(sh.lineup[0], sh.lineup[1] + 1)
                if enc.status(enc.L[nm.ETERNAL] == L, enc.L[nm.COHESION] == L) is Status.SAT
            ]
            if len(both) > 1:
                add(
                    "setup.lineup-unspecified",
                    Severity.NOTE,
                    CLAUSE,
                    "【5-6个，视人数而定】",
                    f"阵容 {both[0]} 与 {both[-1]} 都可行，文中「视人数而定」没有给出人数与阵容的对应",
                    f"line-ups of {both[0]} and {both[-1]} both fit; 「视人数而定」 gives no mapping from players to line-up",
                    n,
                )
    if skill_text:
        k, m = sh.lineup[0], sh.members
        if m is not None and m > k:
            for n in ns:
                add(
                    "setup.members-exceed-identities",
                    Severity.ERROR,
                    SKILL_CLAUSE,
                    "随机生成5名本阵营成员",
                    f"「随机生成{m}名本阵营成员」而「选择{k}个身份」：{m} 名成员只能有重复身份",
                    f"{m} members from {k} identities: some identity must be dealt twice",
                    n,
                )
    out = []
    for (check_id, sev, clause_id, phrase, zh, en), players in hits.items():
        line = _cite(clause_id, phrase)[1]
        span = number_ranges(players)
        out.append(
            Finding(
                check=check_id,
                severity=sev,
                clause=clause_id,
                line=line,
                message=f"{span} 人：{zh}",
                message_en=f"N = {span}: {en}",
                quote=phrase,
                extra={"players": players, "reading": spec.reading("setup.member_pool")},
            )
        )
    return out


def solve(spec: Spec, n: int, seed: int) -> dict[str, Any] | None:
    """One legal set-up shape at ``n`` players, drawn with ``seed`` and kept legal by Z3 (which answers
    only sat/unsat: the shape depends on the seed alone): line-up sizes, ranges, member seats."""
    enc = Encoding(spec, n, seed)
    if enc.status() is not Status.SAT:
        return None
    enc.draw(random.Random(f"shape:{seed}"))
    return enc.layout()


__all__ = [
    "CLAUSE",
    "Deal",
    "Encoding",
    "Shape",
    "SideChoice",
    "advanced_count",
    "check_setup",
    "deal",
    "members_by_number",
    "shape",
    "solve",
]
