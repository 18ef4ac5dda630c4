"""``play`` prints a log a person reads: role and skill names, seats as 「N 号」 — no identifiers as
``key=value`` and no Python dicts or lists."""

from __future__ import annotations

import re

import pytest

from ruleproof.cli import main
from ruleproof.runtime.words import Glossary, describe

# key=value, dicts, quoted identifiers, Python literals, a step shown by its identifier ([iss]), and the
# identifiers that appear in the log's data of these seeds
RAW = re.compile(
    r"[a-z_]+=|[{}]|\[[a-z]|'[a-z_]+'|\bTrue\b|\bFalse\b|\bNone\b|\b(true_mark|lethal|extra_night)\b"
)


@pytest.mark.parametrize("seed", [1, 3, 7])
def test_the_chinese_log_has_no_identifiers(seed: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seed", str(seed)]) == 0
    out = capsys.readouterr().out
    raw = [ln for ln in out.splitlines() if RAW.search(ln)]
    assert raw == []
    assert "号" in out and "【批次" in out


def test_describe_in_words() -> None:
    g = Glossary({"vote_inspector": ("验票官", "vote inspector")})
    data = {"target": 8, "answers": {"vote_inspector": False}, "votes": {"13": 1}, "sources": []}
    assert describe(data, "zh", g) == "目标 8 号，答复 验票官 否，票型 13 号→1 号，来源 无"
    assert describe(data, "en", g) == (
        "target player 8, answers vote inspector no, votes player 13→player 1, sources none"
    )
    assert describe({"mystery": "x_y"}, "zh", g) == "mystery x_y"  # unknown words are kept, not dropped
