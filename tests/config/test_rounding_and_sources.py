"""Rounding helpers and the source sentences every rule carries."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ruleproof.config.rounding import Rounding, apply, ceil, floor, fmt_decimal, half_up
from ruleproof.config.source import Cite, QuoteNotFound, book_lines, locate
from ruleproof.specs.genshin165 import rules as g
from ruleproof.specs.random41 import rules as r41


def test_half_up_is_not_bankers_rounding() -> None:
    assert half_up(Fraction(9, 2)) == 5  # 0.3 × 15
    assert round(4.5) == 4  # what the text does not mean
    assert half_up(Fraction(21, 2)) == 11  # 0.3 × 35
    assert half_up(Fraction(-5, 2)) == -2


@given(st.integers(0, 10_000), st.integers(1, 1000))
def test_rounding_agrees_with_decimal(p: int, q: int) -> None:
    x = Fraction(p, q)
    exact = (Decimal(p) / Decimal(q)) if q in (1, 2, 4, 5, 8, 10, 20, 25, 40, 50, 100) else None
    if exact is not None:  # terminating decimals: compare with decimal's own ROUND_HALF_UP
        assert half_up(x) == int(exact.quantize(Decimal(1), rounding=ROUND_HALF_UP))
    assert floor(x) <= x < floor(x) + 1
    assert ceil(x) - 1 < x <= ceil(x)
    assert apply(Rounding.CEIL, x) == ceil(x)
    assert abs(x - half_up(x)) <= Fraction(1, 2)
    if x - floor(x) == Fraction(1, 2):
        assert half_up(x) == ceil(x)


def test_fmt_decimal() -> None:
    assert fmt_decimal(Fraction(229, 220)) == "1.0409"
    assert fmt_decimal(Fraction(-1, 3), 2) == "-0.33"


def _all_cites() -> list[Cite]:
    rules = g.rules()
    cites = [b.cite for b in rules.bounds] + [p.cite for p in rules.seer_probabilities]
    cites += [d.cite for d in rules.dependencies]
    cites += [rules.partition, rules.roster, rules.seer_count, rules.split, rules.fox, rules.elder]
    cites += [r41.cite(key) for key in r41.Q]
    cites += [row.cite for row in r41.all_random_table().values()]
    cites += [c.cite for c in r41.score_changes()]
    return cites


@pytest.mark.parametrize("cite", _all_cites(), ids=lambda c: f"{c.book}:{c.line}")
def test_every_quote_is_on_its_line(cite: Cite) -> None:
    assert cite.quote in book_lines(cite.book)[cite.line - 1]


def test_missing_quote_is_noticed() -> None:
    with pytest.raises(QuoteNotFound):
        locate("genshin165", "狼人数量不可多于（开局总人数X0.5，四舍五入）")


def test_genshin_roster_read_from_text() -> None:
    rules = g.rules()
    camps = [r.camp for r in rules.roles]
    assert (len(rules.roles), camps.count(g.Camp.VILLAGE), camps.count(g.Camp.WOLF)) == (95, 40, 30)
    assert (camps.count(g.Camp.THIRD), camps.count(g.Camp.UNDETERMINED)) == (15, 10)
    assert [r.name for r in rules.roles if r.seer] == ["通灵师", "预言家", "占卜师", "狐狸"]
    pack = {r.name for r in rules.roles if r.pack}
    assert {"长老狼", "狼兄", "利维坦"} <= pack and not {"狼弟", "石像鬼", "机械狼"} & pack
    assert len(pack) == 17
    deps = {(d.role, d.requires, d.cite.line) for d in rules.dependencies}
    assert deps == {
        ("圣裁者", "上帝使徒", 353),
        ("女巫学徒", "女巫", 398),
        ("养殖者", "肉猪", 498),
        ("狼兄", "狼弟", 524),
        ("狼弟", "狼兄", 531),
        ("双子星光", "双子星暗", 810),
        ("双子星光", "双子星暗", 819),
        ("告死者", "慰魂师", 839),
    }


def test_genshin_bound_values() -> None:
    rules = g.rules()
    v = {b.id: b.value(15) for b in rules.bounds}
    assert v == {
        "V.min": 8,
        "V.max": 9,
        "W.min": 5,
        "W.max": 6,
        "T.min": 0,
        "T.max": 5,
        "T.max-formula": 3,
        "K.min": 1,
        "K.max": 3,
    }
    p = {x.k: x for x in rules.seer_probabilities}
    assert [p[k].clamped(20) for k in (1, 2, 3)] == [Fraction(3, 4), Fraction(1, 4), 0]
    assert [p[k].literal(20) for k in (1, 2, 3)] == [Fraction(3, 4), Fraction(1, 4), Fraction(-1, 4)]
    for n in range(1, 60):
        assert sum(x.clamped(n) for x in rules.seer_probabilities) == 1
    assert rules.split_third == Fraction(3, 5)
