"""``config genshin165 --check-lineup`` and the two configuration readings (switches config.twins and
config.tengu_home_pack): each reading changes which line-ups are legal, and both checkers agree."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleproof.cli import main
from ruleproof.specs.genshin165.checker import check_genshin165
from ruleproof.specs.genshin165.checklineup import lineup_problems
from ruleproof.specs.genshin165.rules import Readings
from ruleproof.specs.genshin165.smt import generate

LEGAL = ["预言家", "女巫", "猎人", "守卫", "骑士", "石像鬼", "黑狼王", "赤狼", "炸弹"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_legal_lineup(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "config", "genshin165", "--check-lineup", "，".join(LEGAL), "--json")
    assert code == 0 and json.loads(out)["legal"] is True


def test_an_illegal_lineup_names_the_rule_and_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "lineup.txt"
    path.write_text("\n".join([*LEGAL[:5], "企鹅", *LEGAL[6:]]), encoding="utf-8")
    code, out, _ = run(capsys, "config", "genshin165", "--check-lineup", str(path), "--json")
    doc = json.loads(out)
    assert code == 1 and not doc["legal"]
    # one village too many and one wolf too few: the minimal core names one of the two bound sentences
    assert doc["problems"] and {p["line"] for p in doc["problems"]} <= {50, 51}
    assert all("开局总人数" in p["quote"] for p in doc["problems"])


def test_bad_input_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "config", "genshin165", "--check-lineup", "missing/lineup.txt")
    assert code == 2 and out == "" and err.count("\n") == 1
    code, out, _ = run(capsys, "config", "genshin165", "--check-lineup", "预言家,不存在的身份", "--json")
    assert code == 1 and "不在身份表中" in json.loads(out)["problems"][0]["message"]


def test_twins_reading_distinguishes() -> None:
    """「有光必有暗」: 暗 without 光 is legal one way, illegal both ways."""
    lineup = ["预言家", "女巫", "猎人", "守卫", "骑士", "双子星暗", "黑狼王", "赤狼", "石像鬼", "炸弹"]
    assert lineup_problems(lineup) == [] and check_genshin165(lineup, len(lineup)) == []
    both = Readings(twins="both")
    assert [p.rule for p in lineup_problems(lineup, readings=both)] == ["dep:双子星暗→双子星光@reading"]
    assert check_genshin165(lineup, len(lineup), readings=both) != []


def test_tengu_reading_distinguishes() -> None:
    """长老狼: with 大天狗 counted as [群内], the pack share passes 2/3 and 长老狼 is barred."""
    lineup = ["预言家", "女巫", "猎人", "守卫", "骑士", "黑狼王", "大天狗", "长老狼", "炸弹"]
    assert lineup_problems(lineup) == []
    yes = Readings(tengu_home_pack="yes")
    assert [p.rule for p in lineup_problems(lineup, readings=yes)] == ["elder.absent"]
    assert check_genshin165(lineup, len(lineup), readings=yes) != []


@pytest.mark.parametrize("readings", [Readings(twins="both"), Readings(tengu_home_pack="yes")])
def test_generated_boards_follow_the_reading(readings: Readings) -> None:
    _, boards = generate(14, 3, 3, readings=readings)
    assert boards and all(check_genshin165(b.roles, 14, readings=readings) == [] for b in boards)
