"""随机配置法 4.1 as Z3 constraints, and the seeded board generator.

Two levels:

* **roles** (a score table is given): one Boolean per role copy; category counts, the seer / witch
  rules, the thief's +2 and the multiplier band are linear constraints (scores scaled to integers,
  the band cross-multiplied, so the arithmetic is exact);
* **categories** (no table): the category counts alone — everything the text fully determines.

Draws follow the text's own procedure with ``random.Random(seed)`` (extras drawn from the 0.1N /
0.2N pools with the village guarantee, 60%/40% for each 其他 slot, two seer-types with 5% per player
above 15, weighted role draws) and Z3 checks every step, so each board is legal by construction.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

import z3

from ruleproof.config.rounding import apply, half_up
from ruleproof.config.sampling import Unit, guided_fill, weighted_index
from ruleproof.config.solver import Status, check, count, make_solver, require
from ruleproof.errors import UserError
from ruleproof.specs.random41 import rules as r41
from ruleproof.specs.random41.rules import Category, Request, Variant
from ruleproof.specs.random41.scores import Entry, ScoreTable

C = Category
SEERS = {Variant.STANDARD: (C.SEER,), Variant.ALL_RANDOM: (C.SEER_STRONG, C.SEER_WEAK)}


def coarse_names(variant: Variant) -> tuple[str, ...]:
    return r41.COARSE_STANDARD if variant is Variant.STANDARD else r41.COARSE_ALL_RANDOM


@dataclass
class Board:
    categories: dict[Category, int]
    vector: tuple[int, ...]  # coarse counts without the thief's two extra cards
    roles: dict[str, int] = field(default_factory=dict)  # empty on a category-level board
    wolf_score: Fraction | None = None
    village_score: Fraction | None = None  # village camp minus third-party / undetermined

    @property
    def ratio(self) -> Fraction | None:
        if self.wolf_score is None or self.village_score is None or self.wolf_score <= 0:
            return None
        return self.village_score / self.wolf_score


class Encoding:
    def __init__(
        self, n: int, request: Request, table: ScoreTable | None, seed: int, pool: frozenset[str] | None
    ) -> None:
        self.n, self.request, self.variant = n, request, request.variant
        self.solver = make_solver(seed)
        self.entries: list[Entry] = []
        if table is not None:
            self.entries = [e for e in table.eligible(n) if pool is None or e.name in pool]
        self.units: list[Unit] = []
        for e in self.entries:
            assert e.category is not None
            for copy in range(1, e.copies + 1):
                lit = z3.Bool(f"role:{e.name}#{copy}")
                self.units.append(Unit(e.name, copy, self.group(e.category), e.weight, lit))
                if copy > 1:
                    self.solver.add(z3.Implies(lit, self.units[-2].lit))
        self.category_of: dict[str, Category] = {
            e.name: e.category for e in self.entries if e.category is not None
        }
        self.roles_level = table is not None
        self.fine: dict[Category, z3.ArithRef] = {}
        for c in r41.CATEGORIES[self.variant]:
            if self.roles_level:
                self.fine[c] = count([u.lit for u in self.units if self.category_of[u.role] is c])
            else:
                var = z3.Int(f"n:{c.value}")
                self.solver.add(var >= 0)
                self.fine[c] = var
        self.base = {name: z3.Int(f"base:{name}") for name in coarse_names(self.variant)}
        thieves = [u.lit for u in self.units if u.role == r41.THIEF]
        self.thief: z3.ArithRef = (
            z3.If(z3.Or(thieves), 1, 0) if thieves and self.variant is Variant.STANDARD else z3.IntVal(0)
        )
        self.seers = sum((self.fine[c] for c in SEERS[self.variant]), z3.IntVal(0))
        self.solver.add(*self._counts())
        if self.roles_level:
            self.solver.add(*self._balance())

    def group(self, category: Category) -> str:
        """Slot group for draws: both seer tiers share one group (the text counts 验人系 together)."""
        return "验人系" if category in SEERS[self.variant] else category.value

    def _counts(self) -> list[z3.BoolRef]:
        n, f, b, t = self.n, self.fine, self.base, self.thief
        out: list[z3.BoolRef] = []
        if self.variant is Variant.STANDARD:
            rule = r41.standard_counts(n, self.request.caps, self.request.n10_formula)
            names = r41.COARSE_STANDARD
            if isinstance(rule, r41.FixedCounts):
                out += [b[name] == v for name, v in zip(names, rule.vector, strict=True)]
            else:
                base = half_up(rule.base_factor * n)
                extras = [z3.Int(f"extra:{name}") for name in names]
                caps = [apply(rule.caps.rounding, factor * n) for factor in rule.pool_factors]
                out += [z3.And(x >= 0, x <= cap) for x, cap in zip(extras, caps, strict=True)]
                out.append(z3.Sum(extras) == n - 3 * base)
                if n - 3 * base > 1:
                    out.append(extras[1] + extras[2] >= 1)
                out += [b[names[i]] == base + extras[i] for i in range(3)] + [b["其他"] == extras[3]]
            out += [
                f[C.WOLF] == b["狼人"],
                f[C.SEER] == 1,
                f[C.WITCH] == 1,
                f[C.GOD] == b["神职"] - 2 + t,
                f[C.VILLAGER] == b["村民"] + t,
                f[C.INDEPENDENT] + f[C.UNDECIDED] == b["其他"],
            ]
            return out
        row = r41.all_random_row(n)
        added: dict[str, list[z3.ArithRef]] = {name: [] for name in r41.COARSE_ALL_RANDOM}
        for i, choice in enumerate(row.choices):
            picks = [z3.Bool(f"choice{i}:{name}") for name in choice.categories]
            out.append(count(picks) == choice.picks)
            for name, lit in zip(choice.categories, picks, strict=True):
                added[name].append(z3.If(lit, 1, 0))
        out += [b[name] == row.base[name] + sum(added[name], z3.IntVal(0)) for name in r41.COARSE_ALL_RANDOM]
        out += [
            f[C.WOLF] == b["狼人"],
            f[C.SEER_STRONG] + f[C.WITCH] + f[C.GOD_STRONG] == b["强神"],
            f[C.SEER_WEAK] + f[C.GOD_WEAK] == b["弱神"],
            f[C.OTHER] == b["其他"],
            f[C.WITCH] == 1,
        ]
        two = n > r41.seer_limit_all_random()
        out.append(z3.Or(self.seers == 1, self.seers == 2) if two else self.seers == 1)
        return out

    def _balance(self) -> list[z3.BoolRef]:
        scores = {e.name: e.score for e in self.entries}
        scale = math.lcm(*(s.denominator for s in scores.values() if s is not None), 1)
        wolf: list[z3.ArithRef] = []
        village: list[z3.ArithRef] = []
        for u in self.units:
            score = scores[u.role]
            assert score is not None
            term = z3.If(u.lit, int(score * scale), 0)
            side = r41.SIDE[self.category_of[u.role]]
            if side == "wolf":
                wolf.append(term)
            else:
                village.append(term if side == "village" else -term)
        self.wolf_score = sum(wolf, z3.IntVal(0))
        self.village_score = sum(village, z3.IntVal(0))
        band = r41.band(self.n, self.request)
        w, v = self.wolf_score, self.village_score
        return [
            w > 0,
            v * band.lo.denominator >= band.lo.numerator * w,
            v * band.hi.denominator <= band.hi.numerator * w,
        ]

    def check(self, *extra: z3.BoolRef) -> Status:
        return check(self.solver, *extra)


@dataclass
class Result:
    players: int
    request: Request
    seed: int
    boards_requested: int
    status: Status
    level: str  # "roles" or "categories"
    boards: list[Board]
    band: r41.Band
    pool: list[str] | None = None
    notes: list[str] = field(default_factory=list)


def _draw_vector(n: int, request: Request, rng: random.Random) -> tuple[int, ...]:
    """The coarse category vector, drawn the way the text describes."""
    if request.variant is Variant.ALL_RANDOM:
        row = r41.all_random_row(n)
        vec = dict(row.base)
        for choice in row.choices:
            for name in rng.sample(list(choice.categories), choice.picks):
                vec[name] += 1
        return tuple(vec[name] for name in r41.COARSE_ALL_RANDOM)
    rule = r41.standard_counts(n, request.caps, request.n10_formula)
    if isinstance(rule, r41.FixedCounts):
        return rule.vector
    base = half_up(rule.base_factor * n)
    extras = n - 3 * base
    slots = [
        i for i, factor in enumerate(rule.pool_factors) for _ in range(apply(rule.caps.rounding, factor * n))
    ]
    for _ in range(1000):
        picked = rng.sample(slots, extras) if extras <= len(slots) else []
        if extras <= 1 or any(i in (1, 2) for i in picked):  # at least one village-camp extra
            break
    counts = [base, base, base, 0]
    for i in picked:
        counts[i] += 1
    return tuple(counts)


@dataclass(frozen=True)
class Draw:
    """The category-level choices of one board: coarse vector, 独立 count, seer-type count."""

    vector: tuple[int, ...]
    independent: int | None  # standard rules only
    seers: int

    def assumptions(self, enc: Encoding) -> list[z3.BoolRef]:
        out = [enc.base[name] == v for name, v in zip(coarse_names(enc.variant), self.vector, strict=True)]
        if self.independent is not None:
            out.append(enc.fine[C.INDEPENDENT] == self.independent)
        out.append(enc.seers == self.seers)
        return out

    def targets(self, variant: Variant, chosen: list[Category], thief: bool) -> dict[str, int]:
        """Slots per draw group, given the roles chosen so far (the thief and seer tiers matter)."""
        if variant is Variant.STANDARD:
            w, g, v, o = self.vector
            t = 1 if thief else 0
            assert self.independent is not None
            return {
                "验人系": 1,
                C.WITCH.value: 1,
                C.GOD.value: g - 2 + t,
                C.VILLAGER.value: v + t,
                C.WOLF.value: w,
                C.INDEPENDENT.value: self.independent,
                C.UNDECIDED.value: o - self.independent,
            }
        w, strong, weak, o = self.vector
        return {
            "验人系": self.seers,
            C.WITCH.value: 1,
            C.GOD_STRONG.value: strong - 1 - chosen.count(C.SEER_STRONG),
            C.GOD_WEAK.value: weak - chosen.count(C.SEER_WEAK),
            C.WOLF.value: w,
            C.OTHER.value: o,
        }


def _draw_step(enc: Encoding, rng: random.Random) -> Draw | None:
    """Draw vector, 其他 split and seer count; redraw while Z3 says the draw cannot be completed."""
    n, request = enc.n, enc.request
    for _ in range(50):
        vector = _draw_vector(n, request, rng)
        split = None
        if enc.variant is Variant.STANDARD:
            third = r41.independent_share()
            split = sum(1 for _ in range(vector[3]) if Fraction(rng.random()) < third)
        seers = 1
        if enc.variant is Variant.ALL_RANDOM and Fraction(rng.random()) < r41.seer_two_probability(n):
            seers = 2
        draw = Draw(vector, split, seers)
        if require(enc.check(*draw.assumptions(enc)), f"random41 N={n} category draw"):
            return draw
    return None


def _pool(table: ScoreTable, n: int, size: int, rng: random.Random) -> frozenset[str]:
    """限池: ``size`` roles drawn by weight without replacement from the eligible roles."""
    entries = table.eligible(n)
    chosen: list[str] = []
    while entries and len(chosen) < size:
        i = weighted_index(rng, [e.weight for e in entries])
        chosen.append(entries.pop(i).name)
    return frozenset(chosen)


def _role_board(enc: Encoding, decided: Mapping[tuple[str, int], bool], draw: Draw) -> Board:
    roles: dict[str, int] = {}
    for u in enc.units:
        if decided[u.key]:
            roles[u.role] = roles.get(u.role, 0) + 1
    fine = {c: 0 for c in r41.CATEGORIES[enc.variant]}
    wolf = village = Fraction(0)
    scores = {e.name: e for e in enc.entries}
    for name, copies in roles.items():
        entry = scores[name]
        assert entry.category is not None and entry.score is not None
        fine[entry.category] += copies
        side = r41.SIDE[entry.category]
        if side == "wolf":
            wolf += entry.score * copies
        else:
            village += entry.score * copies * (1 if side == "village" else -1)
    return Board(fine, draw.vector, roles, wolf, village)


ORDER = ("验人系", C.WITCH.value)  # draw groups filled first (the others depend on them)


def generate(n: int, request: Request, table: ScoreTable | None, seed: int, boards: int) -> Result:
    """Up to ``boards`` distinct boards for ``n`` players, deterministic in ``seed``."""
    r41.check_players(n, request)
    band = r41.band(n, request)
    rng = random.Random(seed)
    pool: frozenset[str] | None = None
    if request.pool is r41.Pool.LIMITED:
        if table is None or not table.eligible(n):
            raise UserError(
                "限池模式要从身份表按权重构建身份池，请用 --scores 提供含算分和类别的身份表",
                "limited-pool mode builds its pool from a role table: pass --scores",
            )
        if request.pool_size is None:
            raise UserError(
                "正文没有规定限池模式的身份池大小，请用 --pool-size 指定",
                "the text does not say how large the limited pool is; pass --pool-size",
            )
        pool = _pool(table, n, request.pool_size, rng)
    enc = Encoding(n, request, table, seed, pool)
    level = "roles" if table is not None else "categories"
    result = Result(n, request, seed, boards, Status.SAT, level, [], band, sorted(pool) if pool else None)
    if not require(enc.check(), f"random41 N={n}"):
        result.status = Status.UNSAT
        return result
    units = sorted(
        enc.units, key=lambda u: (u.group not in ORDER, ORDER.index(u.group) if u.group in ORDER else 0)
    )
    for _ in range(boards):
        draw = _draw_step(enc, rng)
        if draw is None:
            break
        enc.solver.push()
        enc.solver.add(*draw.assumptions(enc))
        if enc.roles_level:

            def need(
                group: str,
                filled: Mapping[str, int],
                decided: Mapping[tuple[str, int], bool],
                draw: Draw = draw,
            ) -> int:
                names = [role for (role, _c), on in decided.items() if on]
                chosen = [enc.category_of[role] for role in names]
                return draw.targets(enc.variant, chosen, r41.THIEF in names)[group] - filled[group]

            decided = guided_fill(enc.solver, units, need, rng, f"random41 N={n} board")
            board = _role_board(enc, decided, draw)
            block = z3.Or([z3.Not(u.lit) if decided[u.key] else u.lit for u in enc.units])
        else:
            require(enc.check(), f"random41 N={n} categories")
            model = enc.solver.model()
            fine = {c: model.eval(v, model_completion=True).as_long() for c, v in enc.fine.items()}
            board = Board(fine, draw.vector)
            block = z3.Or([v != fine[c] for c, v in enc.fine.items()])
        enc.solver.pop()
        result.boards.append(board)
        enc.solver.add(block)
    return result
