"""``ruleproof config``: exit statuses, one-line errors, deterministic bytes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleproof.cli import main

DATA = Path(__file__).parents[1] / "random41" / "data"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse usage errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_genshin_table_and_json_are_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    code, first, _ = run(capsys, "config", "genshin165", "--players", "16", "--seed", "5", "--json")
    assert code == 0
    assert run(capsys, "config", "genshin165", "--players", "16", "--seed", "5", "--json")[1] == first
    doc = json.loads(first)
    assert doc["status"] == "ok" and len(doc["boards"]) == 3 and all(b["verified"] for b in doc["boards"])
    code, text, _ = run(capsys, "config", "genshin165", "--players", "16", "--seed", "5")
    assert code == 0 and "方案 1" in text and "独立校验通过" in text
    assert doc["boards"][0]["roles"][0] in text


def test_genshin_check_exits_1_with_findings(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "config", "genshin165", "--check", "--players", "9", "--json")
    assert code == 1
    checks = {f["check"] for f in json.loads(out)["findings"]}
    assert {"config.role-impossible", "config.probability-range", "config.bound-unreachable"} <= checks
    code, out, _ = run(capsys, "--lang", "en", "config", "genshin165", "--check", "--range", "9-9")
    assert code == 1 and "can never appear" in out


def test_genshin_infeasible_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "config", "genshin165", "--players", "1", "--json")
    assert code == 1 and json.loads(out)["status"] == "infeasible"


def test_random41_role_boards(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "config",
        "random41",
        "--players",
        "12",
        "--mode",
        "favor-village",
        "--scores",
        str(DATA / "standard-test.toml"),
    ]
    code, out, _ = run(capsys, *argv, "--json", "--seed", "3")
    assert code == 0
    assert run(capsys, *argv, "--json", "--seed", "3")[1] == out
    doc = json.loads(out)
    assert doc["status"] == "ok" and len(doc["boards"]) == 4 and doc["band"]["lo"]["fraction"] == "17/15"
    assert doc["scores"]["lacking_score"] == ["无分身份"]
    code, text, _ = run(capsys, *argv, "--seed", "3")
    assert code == 0 and "倍率范围 [17/15, 37/30]" in text and "狼人：" in text and "缺少算分" in text


def test_random41_without_scores_gives_categories(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "config", "random41", "--players", "12", "--mode", "standard", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["level"] == "categories" and len(doc["boards"]) == 1
    assert doc["boards"][0]["categories"]["验人系"] == 1 and any("算分表" in n for n in doc["notes"])
    code, out, _ = run(
        capsys, "config", "random41", "--players", "16", "--variant", "all-random", "--boards", "2"
    )
    assert code == 0 and "24 个全员随机身份的算分" in out and "程序支持9~15人" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["config", "random41", "--players", "10", "--mode", "standard"],
        ["config", "random41", "--players", "7", "--mode", "standard"],
        ["config", "random41", "--players", "12"],
        ["config", "random41", "--players", "12", "--mode", "sideways"],
        ["config", "random41", "--players", "19", "--variant", "all-random"],
        ["config", "random41", "--players", "12", "--variant", "all-random", "--mode", "favor-village"],
        ["config", "random41", "--players", "12", "--variant", "all-random", "--pool", "limited"],
        ["config", "random41", "--players", "12", "--mode", "standard", "--scores", "/nonexistent.toml"],
        ["config", "random41", "--players", "12", "--mode", "standard", "--boards", "0"],
        ["config", "genshin165", "--players", "0"],
        ["config", "genshin165", "--players", "200"],
        ["config", "genshin165"],
        ["config", "genshin165", "--check", "--range", "9-x"],
    ],
)
def test_bad_input_is_one_line_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err


def test_malformed_toml_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[[standard]\n", encoding="utf-8")
    code, _, err = run(
        capsys, "config", "random41", "--players", "12", "--mode", "standard", "--scores", str(bad)
    )
    assert code == 2 and "TOML" in err and err.count("\n") == 1
