"""Bad vector files: each is a malformed-vector error naming the file and the JSON path of the place
(exit 2, one line, no traceback), never a failing expectation (exit 1); a batch with malformed vectors
still reports every other vector, in text and in JSON."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ruleproof.cli import main

GOOD = Path(__file__).parents[1] / "fanhanglu" / "vectors" / "sheriff-double-kill-cap.json"
BASE: dict[str, Any] = json.loads(GOOD.read_text(encoding="utf-8"))

Edit = Callable[[dict[str, Any]], None]


def edit(fn: Edit) -> Callable[[], bytes]:
    def make() -> bytes:
        v = copy.deepcopy(BASE)
        fn(v)
        return json.dumps(v, ensure_ascii=False).encode("utf-8")

    return make


def text_edit(old: str, new: str) -> Callable[[], bytes]:
    """Replace a piece of the JSON text (for what json.dumps cannot write: NaN, huge numbers…)."""

    def make() -> bytes:
        text = json.dumps(BASE, ensure_ascii=False)
        assert old in text
        return text.replace(old, new, 1).encode("utf-8")

    return make


def _set(path: str, value: Any) -> Edit:
    keys = [int(k) if k.isdigit() else k for k in path.split("/")]

    def fn(v: dict[str, Any]) -> None:
        node: Any = v
        for k in keys[:-1]:
            node = node[k]
        node[keys[-1]] = value

    return fn


SCRIPT_NIGHT = f'"night": {BASE["script"][0]["night"]}'

# (name, bytes of the file, what the message must name)
CASES: list[tuple[str, Callable[[], bytes], str]] = [
    ("utf16-bom", lambda: json.dumps(BASE).encode("utf-16"), "UTF-16"),
    ("utf16-no-bom", lambda: json.dumps(BASE).encode("utf-16-le"), "UTF-16"),
    ("gb18030", lambda: json.dumps(BASE, ensure_ascii=False).encode("gb18030"), "不是 UTF-8"),
    ("binary", lambda: bytes(range(256)) * 8, "二进制"),
    ("empty", lambda: b"", "不是合法 JSON"),
    ("truncated", lambda: json.dumps(BASE).encode()[:-20], "不是合法 JSON"),
    ("deep-arrays", lambda: b"[" * 100_000 + b"]" * 100_000, "嵌套过深"),
    ("deep-objects", lambda: b'{"a":' * 50_000 + b"1" + b"}" * 50_000, "嵌套过深"),
    ("huge-int", text_edit(SCRIPT_NIGHT, '"night": ' + "9" * 5000), "过长的整数"),
    ("infinity", text_edit(SCRIPT_NIGHT, '"night": Infinity'), "Infinity"),
    ("nan", text_edit(SCRIPT_NIGHT, '"night": NaN'), "NaN"),
    ("overflow", text_edit(SCRIPT_NIGHT, '"night": 1e999999'), "1e999999"),
    ("night-string", edit(_set("script/0/night", "5")), "$.script[0].night"),
    ("night-float", edit(_set("script/0/night", 5.0)), "$.script[0].night"),
    ("night-zero", edit(_set("script/0/night", 0)), "$.script[0].night"),
    ("night-negative", edit(_set("script/0/night", -2)), "$.script[0].night"),
    ("night-far", edit(_set("script/0/night", 10**9)), "$.script[0].night"),
    ("after-night-zero", edit(_set("expect/0/after", "night 0")), "$.expect[0].after"),
    ("actor-string", edit(_set("script/0/actions/0/actor", "6")), "$.script[0].actions[0].actor"),
    ("target-float", edit(_set("script/0/actions/0/targets", [1.5])), "$.script[0].actions[0].targets[0]"),
    ("skill-number", edit(_set("script/0/actions/0/skill", 7)), "$.script[0].actions[0].skill"),
    ("unknown-book", edit(_set("book", "nope/1")), "$.book"),
    ("book-number", edit(_set("book", 5)), "$.book"),
    ("unknown-top-field", edit(_set("extra", 1)), "未知字段"),
    ("id-not-the-file", edit(_set("id", "another-vector")), "$.id"),
    ("unknown-state-field", edit(_set("expect/0/state", {"no_such_field": {"1": 2}})), "$.expect[0].state"),
    ("dead-not-a-list", edit(_set("expect/0/dead", "x")), "$.expect[0].dead"),
    ("dead-float", edit(_set("expect/0/dead", [1e300])), "$.expect[0].dead[0]"),
    ("events-not-a-list", edit(_set("expect/0/events", "x")), "$.expect[0].events"),
    ("batches-number", edit(_set("expect/0/batches", 5)), "$.expect[0].batches"),
    ("final-number", edit(_set("expect", [{"final": 5}])), "$.expect[0].final"),
    ("unknown-switch", edit(_set("interpretation", {"nope": "x"})), "$.params / $.interpretation"),
    ("unknown-param", edit(_set("params", {"nope": 1})), "$.params / $.interpretation"),
    ("seat-not-a-number", edit(_set("setup/players", {"abc": "sheriff"})), "$.setup.players"),
    ("role-not-a-string", edit(_set("setup/players/1", 5)), "$.setup.players.1"),
]


def write(folder: Path, name: str, data: bytes) -> Path:
    """``name.json``; a JSON object's id is set to the name (so that only the intended defect is there),
    except for the case about that."""
    path = folder / f"{name}.json"
    if name != "id-not-the-file":
        try:
            obj = json.loads(data)
        except (ValueError, RecursionError):
            obj = None
        if isinstance(obj, dict) and obj.get("id") == BASE["id"]:
            data = data.replace(f'"id": "{BASE["id"]}"'.encode(), f'"id": "{name}"'.encode(), 1)
    path.write_bytes(data)
    return path


@pytest.mark.parametrize(("name", "make", "names"), CASES, ids=[c[0] for c in CASES])
def test_a_malformed_vector_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, make: Callable[[], bytes], names: str
) -> None:
    path = write(tmp_path, name, make())
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert code == 2, err
    assert out == ""
    assert err.count("\n") == 1 and err.startswith(f"ruleproof: {path}"), err
    assert names in err
    assert "Traceback" not in err


def test_the_good_vector_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The base of every case above is a valid vector that passes (so each case tests its one defect)."""
    path = write(tmp_path, BASE["id"], GOOD.read_bytes())
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.endswith("通过 1，不符 0\n")


def test_a_batch_reports_every_vector(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Good, failing and malformed vectors together: every one reported, in order, with a summary;
    exit 2 (something could not be replayed), and --json still prints the whole report."""
    write(tmp_path, "a-good", GOOD.read_bytes())
    failing = copy.deepcopy(BASE)
    failing["expect"] = [{"after": "night 5", "dead": [1]}]
    write(tmp_path, "b-failing", json.dumps(failing).encode())
    write(tmp_path, "c-nan", text_edit(SCRIPT_NIGHT, '"night": NaN')())
    write(tmp_path, "d-utf16", json.dumps(BASE).encode("utf-16"))
    write(tmp_path, "e-good", GOOD.read_bytes())
    assert main(["--lang", "en", "replay", str(tmp_path)]) == 2
    lines = capsys.readouterr().out.splitlines()
    heads = [ln.split()[0] for ln in lines if not ln.startswith("  ")]
    assert heads == ["ok", "FAIL", "MALFORMED", "MALFORMED", "ok", "replay:"]
    assert lines[-1] == "replay: 2 passed, 1 failed, 2 malformed"
    assert main(["replay", "--json", str(tmp_path)]) == 2
    report = json.loads(capsys.readouterr().out)
    assert [v["kind"] for v in report["vectors"]] == ["ok", "failed", "malformed", "malformed", "ok"]
    assert report["summary"] == {"vectors": 5, "passed": 2, "failed": 1, "malformed": 2, "errors": 0}
    assert "$: holds a number that cannot be used" in report["vectors"][2]["error"]


def test_only_failing_expectations_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    failing = copy.deepcopy(BASE)
    failing["expect"] = [{"after": "night 5", "dead": [1]}]
    write(tmp_path, "failing", json.dumps(failing).encode())
    write(tmp_path, "good", GOOD.read_bytes())
    assert main(["replay", str(tmp_path)]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "回放 2 个向量：通过 1，不符 1"


def test_devices_and_folders(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """/dev/zero is read up to the size limit and refused; a folder without vectors is one line."""
    assert main(["replay", "/dev/zero"]) == 2
    assert "文件过大" in capsys.readouterr().err
    (tmp_path / "empty").mkdir()
    assert main(["replay", str(tmp_path / "empty")]) == 2
    assert "没有向量" in capsys.readouterr().err
