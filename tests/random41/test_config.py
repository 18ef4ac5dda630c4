"""随机配置法 4.1: counts, bands and scores read from the text; boards verified independently."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from ruleproof.config.solver import Status
from ruleproof.errors import BadInput, UserError
from ruleproof.specs.random41 import rules as r41
from ruleproof.specs.random41.checker import all_random_vectors, check_random41, standard_vectors
from ruleproof.specs.random41.scores import load, shipped
from ruleproof.specs.random41.smt import generate

DATA = Path(__file__).parent / "data"
STANDARD = str(DATA / "standard-test.toml")
ALL_RANDOM = str(DATA / "all-random-test.toml")
FLOOR = r41.CapReading.FLOOR

# (狼人, 神职, 村民, 其他) per N, written out by hand from the text (floor reading of 0.1N / 0.2N).
EXPECTED_STANDARD = {
    8: {(2, 3, 3, 0)},
    9: {(3, 3, 3, 0)},
    11: {(4, 4, 3, 0), (4, 3, 4, 0), (3, 4, 4, 0), (3, 4, 3, 1), (3, 3, 4, 1)},
    12: {(4, 4, 4, 0)},
    13: {(5, 4, 4, 0), (4, 5, 4, 0), (4, 4, 5, 0), (4, 4, 4, 1)},
    14: {(5, 5, 4, 0), (5, 4, 5, 0), (4, 5, 5, 0), (4, 5, 4, 1), (4, 4, 5, 1)},
    15: {(5, 5, 5, 0)},
    16: {(6, 5, 5, 0), (5, 6, 5, 0), (5, 5, 6, 0), (5, 5, 5, 1)},
    17: {(6, 6, 5, 0), (6, 5, 6, 0), (5, 6, 6, 0), (5, 6, 5, 1), (5, 5, 6, 1)},
    18: {(6, 6, 6, 0), (6, 6, 5, 1), (6, 5, 6, 1), (5, 6, 6, 1), (5, 6, 5, 2), (5, 5, 6, 2)},
}
# (狼人, 强神, 弱神, 其他) per N, from the all-random table (lines 60-69).
EXPECTED_ALL_RANDOM = {
    9: {(3, 3, 3, 0)},
    10: {(3, 3, 3, 1)},
    11: {(4, 4, 3, 0), (4, 3, 4, 0), (3, 4, 3, 1), (3, 3, 4, 1)},
    12: {(4, 4, 4, 0)},
    13: {(4, 4, 4, 1)},
    14: {(5, 5, 4, 0), (5, 4, 5, 0), (4, 5, 4, 1), (4, 4, 5, 1)},
    15: {(5, 5, 5, 0), (5, 5, 4, 1), (5, 4, 5, 1), (4, 5, 5, 1)},
    16: {(5, 5, 5, 1)},
    17: {(6, 5, 5, 1), (5, 6, 5, 1), (5, 5, 6, 1), (5, 5, 5, 2)},
    18: {(6, 6, 5, 1), (6, 5, 6, 1), (5, 6, 5, 2), (5, 5, 6, 2)},
}
STANDARD_N = sorted(EXPECTED_STANDARD)


@pytest.mark.parametrize("n", STANDARD_N)
def test_standard_vectors(n: int) -> None:
    assert standard_vectors(n, FLOOR) == EXPECTED_STANDARD[n]


def test_stated_12_and_15_agree_with_the_formula() -> None:
    for n in (12, 15):
        base = Fraction(3, 10) * n
        assert (base.numerator * 2 + base.denominator) // (2 * base.denominator) * 3 == n


def test_round_reading_differs_only_from_17() -> None:
    differ = [
        n for n in STANDARD_N if standard_vectors(n, r41.CapReading.ROUND) != standard_vectors(n, FLOOR)
    ]
    assert differ == [17, 18]


@pytest.mark.parametrize("n", sorted(EXPECTED_ALL_RANDOM))
def test_all_random_vectors(n: int) -> None:
    assert all_random_vectors(n) == EXPECTED_ALL_RANDOM[n]


def test_bands_from_text() -> None:
    std, fav = r41.Request(), r41.Request(mode=r41.Mode.FAVOR_VILLAGE)
    assert (r41.band(8, std).lo, r41.band(8, std).hi) == (Fraction(6, 5), Fraction(13, 10))
    assert (r41.band(10, fav).lo, r41.band(10, fav).hi) == (Fraction(6, 5), Fraction(13, 10))
    assert (r41.band(11, std).lo, r41.band(11, std).hi) == (Fraction(229, 220), Fraction(251, 220))
    assert (r41.band(15, fav).lo, r41.band(15, fav).hi) == (Fraction(67, 60), Fraction(73, 60))
    ar = r41.Request(variant=r41.Variant.ALL_RANDOM)
    got = {n: (r41.band(n, ar).lo, r41.band(n, ar).hi) for n in range(9, 19)}
    assert got[9] == (Fraction(7, 5), Fraction(3, 2)) and got[11] == (Fraction(27, 20), Fraction(29, 20))
    assert got[14] == (Fraction(13, 10), Fraction(7, 5)) and got[18] == (Fraction(5, 4), Fraction(27, 20))
    with pytest.raises(UserError):
        r41.band(12, r41.Request(variant=r41.Variant.ALL_RANDOM, mode=r41.Mode.FAVOR_VILLAGE))


def test_text_scores_and_defaults() -> None:
    table = shipped(r41.Variant.ALL_RANDOM)
    scores = {name: e.score for name, e in table.roles.items()}
    assert len(scores) == 24
    assert (scores["火神"], scores["仲裁官"], scores["阴谋家"], scores["女王观战者"]) == (10, 9, 8, 3)
    assert table.lacking_category() == list(scores)  # the text never gives categories
    assert shipped(r41.Variant.STANDARD).roles == {}
    assert {c.role: c.tier_to for c in r41.score_changes() if c.tier_to} == {
        "布恐师": "强神",
        "魔术师": "弱神",
        "摄梦人": "弱神",
        "守卫": "弱神",
    }
    assert (r41.boards_default(r41.Variant.STANDARD), r41.boards_default(r41.Variant.ALL_RANDOM)) == (4, 3)
    assert r41.seer_two_probability(15) == 0 and r41.seer_two_probability(18) == Fraction(3, 20)
    assert r41.independent_share() == Fraction(3, 5)


def test_unspecified_n_is_refused() -> None:
    with pytest.raises(UserError, match="10人局"):
        r41.check_players(10, r41.Request())
    r41.check_players(10, r41.Request(n10_formula=True))
    for n, req in (
        (7, r41.Request()),
        (8, r41.Request(variant=r41.Variant.ALL_RANDOM)),
        (19, r41.Request(variant=r41.Variant.ALL_RANDOM)),
    ):
        with pytest.raises(UserError):
            r41.check_players(n, req)


@pytest.mark.parametrize("mode", list(r41.Mode))
@pytest.mark.parametrize("n", [*STANDARD_N, 10])
def test_standard_boards_verified(n: int, mode: r41.Mode) -> None:
    request = r41.Request(mode=mode, n10_formula=True)
    table = load(STANDARD, r41.Variant.STANDARD)
    result = generate(n, request, table, seed=n, boards=4)
    assert result.status is Status.SAT and len(result.boards) == 4
    assert len({tuple(sorted(b.roles.items())) for b in result.boards}) == 4
    for board in result.boards:
        assert check_random41(board.roles, table, n, request) == []
        assert "无分身份" not in board.roles  # a role without a score is never drawn
    assert table.lacking_score() == ["无分身份"]


@pytest.mark.parametrize("n", sorted(EXPECTED_ALL_RANDOM))
def test_all_random_boards_verified(n: int) -> None:
    request = r41.Request(variant=r41.Variant.ALL_RANDOM)
    table = load(ALL_RANDOM, r41.Variant.ALL_RANDOM)
    result = generate(n, request, table, seed=n, boards=3)
    assert len(result.boards) == 3
    for board in result.boards:
        assert check_random41(board.roles, table, n, request) == []


def test_limited_pool_only_draws_pool_roles() -> None:
    request = r41.Request(variant=r41.Variant.ALL_RANDOM, pool=r41.Pool.LIMITED, pool_size=18)
    table = load(ALL_RANDOM, r41.Variant.ALL_RANDOM)
    result = generate(12, request, table, seed=3, boards=3)
    assert result.pool is not None and len(result.pool) == 18
    for board in result.boards:
        assert set(board.roles) <= set(result.pool)
        assert check_random41(board.roles, table, 12, request, frozenset(result.pool)) == []
    with pytest.raises(UserError, match="身份池大小"):
        generate(12, r41.Request(variant=r41.Variant.ALL_RANDOM, pool=r41.Pool.LIMITED), table, 0, 1)


def test_thief_adds_two_cards() -> None:
    table = load(STANDARD, r41.Variant.STANDARD)
    request = r41.Request()
    boards = [
        b for seed in range(40) for b in generate(13, request, table, seed, 1).boards if "盗贼" in b.roles
    ]
    assert boards, "no board with the thief in 40 seeds"
    for b in boards:
        assert sum(b.roles.values()) == 15 and check_random41(b.roles, table, 13, request) == []


def test_checker_rejects_out_of_band_and_wrong_counts() -> None:
    table = load(STANDARD, r41.Variant.STANDARD)
    request = r41.Request()
    board = generate(12, request, table, 1, 1).boards[0]
    heavy = dict(board.roles)
    heavy["狼人"] = heavy.get("狼人", 0) + 1
    heavy["村民"] -= 1
    problems = check_random41(heavy, table, 12, request)
    assert any("类别数量" in p for p in problems)
    assert any(
        "倍率" in p for p in check_random41(board.roles, table, 12, r41.Request(mode=r41.Mode.FAVOR_VILLAGE))
    )


def test_infeasible_and_fewer_are_reported(tmp_path: Path) -> None:
    tiny = tmp_path / "tiny.toml"
    tiny.write_text(
        '[[standard]]\nname="狼"\ncategory="狼人"\nscore=1\ncopies=3\n'
        '[[standard]]\nname="验"\ncategory="验人系"\nscore=1\n'
        '[[standard]]\nname="巫"\ncategory="女巫系"\nscore=1\n'
        '[[standard]]\nname="神"\ncategory="其他神职"\nscore=1\n'
        '[[standard]]\nname="民"\ncategory="村民"\nscore=1\ncopies=3\n',
        encoding="utf-8",
    )
    table = load(str(tiny), r41.Variant.STANDARD)
    assert generate(8, r41.Request(), table, 0, 4).status is Status.UNSAT  # ratio 6/2 = 3, band [1.2, 1.3]
    tiny.write_text(
        tiny.read_text(encoding="utf-8").replace("score=1\ncopies=3\n", 'score="5/2"\ncopies=3\n', 1),
        encoding="utf-8",
    )
    result = generate(8, r41.Request(), load(str(tiny), r41.Variant.STANDARD), 0, 4)
    assert result.status is Status.SAT and len(result.boards) == 1  # 6/5 = 1.2 in band; one line-up only


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("x = [", "TOML"),
        ('[[standard]]\ncategory = "狼人"', "name"),
        ('[[standard]]\nname = "甲"', "category"),
        ('[[standard]]\nname = "甲"\ncategory = "强神"', "类别"),
        ('[[standard]]\nname = "甲"\ncategory = "狼人"\nscore = "x"', "数值"),
        ('[[standard]]\nname = "甲"\ncategory = "狼人"\ncopies = 0', "copies"),
        ('[[standard]]\nname = "甲"\ncategory = "狼人"\nweight = -1', "weight"),
        ('[[standard]]\nname = "甲"\ncategory = "狼人"\ncolour = 1', "未知字段"),
        ("[other]\nx = 1", "顶层"),
    ],
)
def test_malformed_score_tables(tmp_path: Path, text: str, match: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BadInput, match=match):
        load(str(path), r41.Variant.STANDARD)


def test_file_vs_text_score_notes(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    path.write_text('[[all-random]]\nname = "火神"\ncategory = "其他弱神"\nscore = 9\n', encoding="utf-8")
    table = load(str(path), r41.Variant.ALL_RANDOM)
    assert table.roles["火神"].score == 9
    assert any("第 31 行" in note for note in table.notes)
    path.write_text('[[all-random]]\nname = "布恐师"\ncategory = "其他弱神"\n', encoding="utf-8")
    table = load(str(path), r41.Variant.ALL_RANDOM)
    assert table.roles["布恐师"].score == 6 and any("强神" in note for note in table.notes)
