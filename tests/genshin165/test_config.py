"""[165]原神: generated boards pass the independent checker; --check findings on the real text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ruleproof.config import solver as solver_mod
from ruleproof.config.rounding import Rounding
from ruleproof.config.solver import SolverUnknown, Status
from ruleproof.specs.genshin165 import rules as g
from ruleproof.specs.genshin165.check import check, ranges
from ruleproof.specs.genshin165.checker import check_genshin165
from ruleproof.specs.genshin165.smt import Encoding, count_tuples, generate
from tests.heavy_split import chosen

COVERED = range(8, 41)  # the default --check range (the text names none)


def regime(n: int) -> tuple[object, ...]:
    """What decides the rules at ``n`` players, short of the rounded values themselves: which bound of
    each (count, direction) binds where the text gives two (T ≤ 5 or T ≤ 四舍五入(0.2N)), and where each
    seer-type probability stands (0, between, at its stated 最大, or 1) — read from the rules as parsed
    from the text (default reading)."""
    r = g.rules()
    bounds = r.bounds_for(g.TCapReading.BOTH)
    out: list[object] = []
    for count, op in dict.fromkeys((b.count, b.op) for b in bounds):
        same = [b for b in bounds if (b.count, b.op) == (count, op)]
        pick = min if op == "<=" else max
        best = pick(b.value(n) for b in same)
        out.append(tuple(b.id for b in same if b.value(n) == best))
    for p in r.seer_probabilities:
        lit = (p.sign * n + p.offset) * p.step
        out.append(
            "0" if lit <= 0 else "1" if lit >= 1 else "max" if p.cap is not None and lit >= p.cap else "~"
        )
    return tuple(out)


def _half_tie(n: int) -> bool:
    """A 四舍五入 bound lands on exactly .5 at ``n`` (where rounding half up differs from half to even)."""
    return any(
        b.factor is not None
        and b.rounding is Rounding.HALF_UP
        and (b.factor * n * 2).denominator == 1
        and (b.factor * n).denominator != 1
        for b in g.rules().bounds
    )


def suite_players(ns: range) -> set[int]:
    """The N whose boards the suite checks: the first and last N of each :func:`regime` and every N where a
    四舍五入 bound is a tie; the other N of ``ns`` are the heavy job's (each N is the same check — generate
    two boards, pass the independent checker — with other rounded bounds inside a regime already covered at
    both its ends; ``test_any_seed_any_reading_is_legal`` also draws any N of 8–40 in the suite)."""
    by_regime: dict[tuple[object, ...], list[int]] = {}
    for n in ns:
        by_regime.setdefault(regime(n), []).append(n)
    return {n for group in by_regime.values() for n in (group[0], group[-1])} | {
        n for n in ns if _half_tie(n)
    }


SUITE_N = suite_players(COVERED)
BOARDS_SPLIT = chosen(
    "tests/genshin165/test_config.py::test_generated_boards_pass_independent_checker",
    [str(n) for n in COVERED],
    [str(n) for n in SUITE_N],
    [regime(n) for n in COVERED],
)


@pytest.mark.parametrize("n", [BOARDS_SPLIT.param(n, id=str(n)) for n in COVERED])
def test_generated_boards_pass_independent_checker(n: int) -> None:
    status, boards = generate(n, seed=n, boards=2)
    assert status is Status.SAT and len(boards) == 2
    assert boards[0].roles != boards[1].roles
    for board in boards:
        assert check_genshin165(board.roles, n) == []


@settings(max_examples=15, deadline=None)
@given(st.integers(8, 40), st.integers(0, 2**32), st.sampled_from(list(g.TCapReading)))
def test_any_seed_any_reading_is_legal(n: int, seed: int, reading: g.TCapReading) -> None:
    _, boards = generate(n, seed, 1, reading)
    assert check_genshin165(boards[0].roles, n, reading) == []


def test_same_seed_same_boards() -> None:
    a = [b.roles for b in generate(20, 7, 3)[1]]
    assert a == [b.roles for b in generate(20, 7, 3)[1]]
    assert a != [b.roles for b in generate(20, 8, 3)[1]]


def test_feasible_count_triples_match_brute_force() -> None:
    for n in (9, 15, 30):
        enc = Encoding(n)
        brute = sorted(
            (v, w, n - v - w)
            for v in range(n + 1)
            for w in range(n + 1 - v)
            if not check_genshin165(_any_board(v, w, n - v - w), n)
        )
        assert count_tuples(enc) == brute


def _any_board(v: int, w: int, t: int) -> list[str]:
    """A simple line-up with the given camp counts: one seer, pack wolves incl. 长老狼, no special roles."""
    rules = g.rules()
    plain_v = [
        r.name for r in rules.roles if r.camp is g.Camp.VILLAGE and not r.seer and r.name not in _SPECIAL
    ]
    wolves = ["长老狼"] + [
        r.name for r in rules.roles if r.camp is g.Camp.WOLF and not r.pack and r.name not in _SPECIAL
    ]
    others = [r.name for r in rules.roles if r.camp is g.Camp.UNDETERMINED]
    return ["预言家", *plain_v][:v] + wolves[:w] + others[:t]


_SPECIAL = {
    "上帝使徒",
    "圣裁者",
    "女巫学徒",
    "女巫",
    "养殖者",
    "肉猪",
    "狼兄",
    "狼弟",
    "告死者",
    "慰魂师",
    "妖狐",
}


def test_checker_catches_each_rule() -> None:
    ok = _any_board(5, 3, 1)
    assert check_genshin165(ok, 9) == []
    assert any("V.min" in p for p in check_genshin165(_any_board(4, 4, 1), 9))
    assert any("W.max" in p for p in check_genshin165(_any_board(5, 5, 0), 10))
    assert any("身份数" in p for p in check_genshin165(ok[:-1], 9))
    assert any("圣裁者" in p for p in check_genshin165([*ok[:-2], "圣裁者", ok[-1]], 9))
    assert any("妖狐" in p for p in check_genshin165([*ok[:-1], "妖狐"], 9))
    no_elder = [x for x in ok if x != "长老狼"] + ["石像鬼"]
    assert any("长老狼" in p for p in check_genshin165(no_elder, 9))
    assert any("重复" in p for p in check_genshin165([*ok[:-1], ok[0]], 9))
    # banker's rounding would allow 4 wolves at N = 15; 四舍五入 does not
    assert any("W.min" in p for p in check_genshin165(_any_board(9, 4, 2), 15))


def test_n1_is_infeasible_and_says_why() -> None:
    status, boards = generate(1, 0, 1)
    assert status is Status.UNSAT and boards == []
    (finding,) = [f for f in check([1]) if f.check == "config.infeasible"]
    assert "长老狼" in finding.message and (None, g.rules().elder.line) in finding.related
    assert sorted(finding.extra["blocking"]) == ["W.max", "elder.present"]


@pytest.fixture(scope="module")
def findings() -> list[object]:
    return list(check(list(COVERED)))


def _by(findings: list[object], name: str) -> list[object]:
    return [f for f in findings if f.check == name]  # type: ignore[attr-defined]


def test_check_on_real_text(findings: list[object]) -> None:
    fs = {
        (f.check, f.extra.get("subject"), tuple(f.extra["players"]) if "players" in f.extra else ())
        for f in findings
    }  # type: ignore[attr-defined]
    assert ("config.role-impossible", "妖狐", (9,)) in fs
    assert ("config.role-impossible", "双子星光", (9,)) in fs
    assert not _by(findings, "config.infeasible")
    unreachable = {f.extra["subject"]: set() for f in _by(findings, "config.bound-unreachable")}  # type: ignore[attr-defined]
    for f in _by(findings, "config.bound-unreachable"):
        unreachable[f.extra["subject"]] |= set(f.extra["players"])  # type: ignore[attr-defined]
    assert unreachable["T.max-formula"] == {9, 13, 15, 19, 23, 25} | set(range(28, 41))
    assert unreachable["T.max"] == set(range(8, 24)) | {25}
    ranges_found = {(f.quote[:1], f.message) for f in _by(findings, "config.probability-range")}  # type: ignore[attr-defined]
    assert len(ranges_found) == 4
    (total,) = _by(findings, "config.probability-sum")
    assert total.extra["players"] == list(range(8, 25)) + list(range(36, 41))  # type: ignore[attr-defined]
    (one_way,) = _by(findings, "config.one-way-dependency")
    assert one_way.line == 819  # type: ignore[attr-defined]
    (implied,) = _by(findings, "config.implied")
    assert implied.extra["players"] == list(COVERED)  # type: ignore[attr-defined]
    for f in findings:
        assert f.quote in g.book_lines(g.BOOK)[f.line - 1]  # type: ignore[attr-defined]


def test_ranges() -> None:
    assert ranges([8, 9, 10, 12, 14, 15]) == "8–10, 12, 14–15"
    assert ranges([3]) == "3"


def test_unknown_is_never_rounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solver_mod.z3.Solver, "check", lambda self, *a: solver_mod.z3.unknown)
    with pytest.raises(SolverUnknown) as err:
        generate(12, 0, 1)
    assert err.value.exit_code == 3
