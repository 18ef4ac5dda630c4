"""``ruleproof play --book botc-m124`` reads as the book: every event of the vectors and of seeded games has a
sentence (none falls back to key=value), no line shows a Python dict or a role / skill key in Chinese, the
roles and skills appear by their Chinese names; English with ``--lang en``; the same seed prints the same
bytes."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from ruleproof.cli import main
from ruleproof.runtime import Event
from ruleproof.specs.botc_m124 import load_spec
from ruleproof.specs.botc_m124.engine.render import RENDERER, TEXTS
from ruleproof.specs.botc_m124.engine.runner import ENGINE, run_vector
from ruleproof.specs.botc_m124.interpretations import SWITCHES
from ruleproof.specs.botc_m124.roles import ROLES, SKILLS

VECTORS = sorted((Path(__file__).parent / "vectors").glob("*.json"))
KEY = re.compile(
    r"\b("
    + "|".join(sorted({r.key for r in ROLES} | {s.key for s in SKILLS}, key=len, reverse=True))
    + r")\b"
)


@pytest.fixture(scope="module")
def logs() -> list[list[Event]]:
    """The event logs of every vector and of 60 seeded games: played once per module run, by the worker that
    runs these tests (not at import, which every xdist worker does while collecting)."""
    logs = []
    for p in VECTORS:
        try:
            logs.append(run_vector(p).events)
        except Exception:  # a vector expecting an illegal action: its log is the outcome's, not needed here
            continue
    for seed in range(60):
        readings = {s.key: s.choices[seed % 2] for s in SWITCHES}
        g = ENGINE.random_game(load_spec(interpretation=readings), seed)
        g.run()
        logs.append(g.events)
    return logs


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_event_is_worded(lang: str, logs: list[list[Event]]) -> None:
    RENDERER.unworded.clear()
    for events in logs:
        for line in ENGINE.render(events, lang, private=True, system=True):
            assert "{'" not in line and "':" not in line, line
            if lang == "zh":
                assert not KEY.search(line.split("] ", 1)[-1]), line
    assert RENDERER.unworded == set()
    kinds = {e.kind for events in logs for e in events}
    assert kinds <= set(TEXTS), kinds - set(TEXTS)


def test_chinese_names(logs: list[list[Event]]) -> None:
    lines = "\n".join(ENGINE.render(logs[0], "zh", private=True, system=True))
    assert "小恶魔" in lines or "恶魔" in lines
    assert "〈" in lines and "号" in lines


def test_play_same_seed_same_bytes(capsys: pytest.CaptureFixture[str]) -> None:
    # two processes (each its own string hash seed): a child and this one
    argv = ["play", "--book", "botc-m124", "--seed", "4"]
    a = subprocess.run(
        [sys.executable, "-m", "ruleproof", *argv], capture_output=True, text=True, check=True
    ).stdout
    assert main(argv) == 0
    b = capsys.readouterr().out
    assert a == b and a.startswith("── 开局 ──")
    assert "第 1 夜（开局夜晚）" in a
