"""The engine's commands: replay, play, simulate, vocab, params — exit statuses, one-line errors,
same seed same bytes, and docs/vectors.md in step with the spec."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleproof.cli import main
from ruleproof.specs.fanhanglu.engine.vocab import markdown

VECTORS = Path(__file__).parent / "vectors"
DOCS = Path(__file__).parents[2] / "docs" / "vectors.md"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, name: str, obj: object) -> str:
    """A vector file named after its id (``<id>.json``), as the format asks."""
    path = tmp_path / name
    if isinstance(obj, dict) and name.endswith(".json") and isinstance(obj.get("id"), str):
        obj = {**obj, "id": name[: -len(".json")]}
    path.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    return str(path)


def base_vector() -> dict[str, object]:
    return json.loads((VECTORS / "knife-unprotected-dies.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_replay_ok(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["replay", str(VECTORS / "sheriff-double-kill-cap.json")], capsys)
    assert code == 0 and out.startswith("ok")


def test_replay_directory_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["replay", "--json", str(VECTORS)], capsys)
    report = json.loads(out)
    assert code == 0 and report["ok"] and len(report["vectors"]) >= 80


def test_replay_mismatch_exit_1_with_clauses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    v = base_vector()
    v["expect"] = [{"after": "night 1", "dead": [2]}]
    code, out, _ = run(["replay", write(tmp_path, "bad.json", v)], capsys)
    assert code == 1
    assert "FAIL" in out and "4.10.2" in out and "dead" in out


def test_illegal_action_exit_2_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    v = base_vector()
    v["script"] = [{"night": 4, "actions": [{"actor": 6, "skill": "patrol", "targets": [1]}]}]
    code, out, err = run(["replay", write(tmp_path, "illegal.json", v)], capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "4.4.4" in err and "Traceback" not in err


@pytest.mark.parametrize(
    "mutate",
    [
        lambda v: v.update(format="ruleproof-vector/3"),
        lambda v: v.pop("cites"),
        lambda v: v.update(cites=[]),
        lambda v: v["setup"]["players"].update({"6": "poisoner"}),
        lambda v: v["setup"]["players"].update({"6": "wizard"}),
        lambda v: v["setup"]["players"].update({"6": "crew"}),
        lambda v: v.update(
            script=[{"night": 1, "actions": [{"actor": 12, "skill": "poison", "targets": [1]}]}]
        ),
        lambda v: v.update(
            script=[{"night": 1, "actions": [{"actor": 12, "skill": "knife", "targets": [1], "colour": 3}]}]
        ),
        lambda v: v.update(
            script=[{"night": 1, "actions": [{"actor": 12, "skill": "wizardry", "targets": [1]}]}]
        ),
        lambda v: v.update(
            script=[{"night": 1, "actions": [{"actor": 12, "skill": "vote", "targets": [1]}]}]
        ),
        lambda v: v.update(params={"sheriff.bullet_cap": "many"}),
        lambda v: v.update(interpretation={"bounty.count_basis": "sometimes"}),
        lambda v: v.update(expect=[{"after": "evening 1"}]),
    ],
)
def test_bad_vectors_exit_2_one_line(mutate, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    v = base_vector()
    mutate(v)
    code, _, err = run(["replay", write(tmp_path, "v.json", v)], capsys)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("ruleproof:") and "Traceback" not in err


def test_not_json_and_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "x.json"
    p.write_text("{", encoding="utf-8")
    assert run(["replay", str(p)], capsys)[0] == 2
    assert run(["replay", str(tmp_path / "nope.json")], capsys)[0] == 2
    assert run(["replay", str(tmp_path)], capsys)[0] == 2  # a directory without vectors


def test_play_same_seed_same_bytes(capsys: pytest.CaptureFixture[str]) -> None:
    a = run(["play", "--seed", "5"], capsys)
    b = run(["play", "--seed", "5"], capsys)
    c = run(["play", "--seed", "6"], capsys)
    assert a == b and a[0] == 0 and a[1] != c[1]
    assert "【批次〇】" in a[1] and "对局结束" in a[1]
    j1 = run(["play", "--seed", "5", "--json"], capsys)[1]
    assert j1 == run(["play", "--seed", "5", "--json"], capsys)[1]
    assert json.loads(j1)["result"]["winner"] in ("humans", "xenos", "alien", "draw")


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["simulate", "--games", "20", "--seed", "3", "--json"], capsys)
    s = json.loads(out)
    assert code == 0 and sum(s["winners"].values()) == 20 and s["games_per_second"] > 0
    s2 = json.loads(run(["simulate", "--games", "20", "--seed", "3", "--json"], capsys)[1])
    s.pop("games_per_second"), s2.pop("games_per_second")
    assert s == s2


def test_simulate_with_reform_and_reading(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        [
            "simulate",
            "--games",
            "5",
            "--json",
            "--set",
            "sheriff.bullet_cap=3",
            "--interpret",
            "bounty.count_basis=per_shot",
        ],
        capsys,
    )
    s = json.loads(out)
    assert code == 0
    assert s["spec"] == {
        "params": {"sheriff.bullet_cap": 3},
        "interpretation": {"bounty.count_basis": "per_shot"},
    }
    assert run(["simulate", "--games", "0"], capsys)[0] == 2
    assert run(["simulate", "--set", "players.total=16"], capsys)[0] == 2
    assert run(["simulate", "--interpret", "nonsense"], capsys)[0] == 2


def test_params(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["params", "--json", "--set", "bounty.bullets_per_kill=2"], capsys)
    rows = {r["key"]: r for r in json.loads(out)["params"]}
    assert code == 0
    for key in ("bounty.bullets_per_kill", "sheriff.bullet_cap", "xeno.direction_capacity"):
        assert rows[key]["clause"] and rows[key]["tunable"]
    assert (
        rows["bounty.bullets_per_kill"]["value"] == "2" and rows["bounty.bullets_per_kill"]["default"] == "1"
    )
    assert rows["sheriff.bullet_cap"]["clause"] == "4.4.6"
    assert "players.total" not in rows


def test_vocab_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["vocab", "--json"], capsys)
    v = json.loads(out)
    assert code == 0 and v["format"] == "ruleproof-vector/1"
    assert {r["key"] for r in v["roles"]} >= {"sheriff", "hunter", "xeno", "alien", "poisoner"}
    assert all(s["implemented"] for s in v["skills"])
    assert {"poison", "transform", "escape", "meeting_vote"} <= {s["key"] for s in v["skills"]}
    assert "bullets" in {f["key"] for f in v["state_fields"]}


def test_docs_vectors_md_is_generated_from_the_spec() -> None:
    text = DOCS.read_text(encoding="utf-8")
    start, end = "<!-- vocab:start -->\n", "<!-- vocab:end -->"
    assert start in text and end in text
    embedded = text.split(start, 1)[1].split(end, 1)[0]
    assert embedded == markdown(), "regenerate with: python ci/regen_docs.py"


def test_docs_interpretations_md_lists_every_switch() -> None:
    from ruleproof.specs.fanhanglu.engine.vocab import interpretations_markdown

    text = (DOCS.parent / "interpretations.md").read_text(encoding="utf-8")
    embedded = text.split("<!-- switches:start -->\n", 1)[1].split("<!-- switches:end -->", 1)[0]
    assert embedded == interpretations_markdown()
