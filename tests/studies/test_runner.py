"""Studies at scale: per-game seeds make results independent of partitioning — one process, local worker
processes and a Dask LocalCluster give the same aggregate bytes — and the command line's outputs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleproof import books
from ruleproof.cli import main
from ruleproof.studies import report, runner
from ruleproof.studies.stats import Aggregate
from ruleproof.studies.study import Config

CONFIG = Config((("seat.alien", "alien"),))


def _bytes(agg: Aggregate) -> str:
    return json.dumps(agg.to_json(), sort_keys=True)


def test_partitioning_does_not_change_the_result() -> None:
    whole = runner.play_chunk("fanhanglu", "threshold", CONFIG, 7, 0, 12)
    parts = [
        runner.play_chunk("fanhanglu", "threshold", CONFIG, 7, a, b) for a, b in ((5, 12), (0, 2), (2, 5))
    ]
    merged = Aggregate()
    for p in parts:
        merged.merge(p)
    assert _bytes(merged) == _bytes(whole) and whole.games == 12
    other_seed = runner.play_chunk("fanhanglu", "threshold", CONFIG, 8, 0, 12)
    assert _bytes(other_seed) != _bytes(whole)  # the seed matters: the comparison can fail


def test_local_processes_give_the_same_bytes() -> None:
    one = runner.run_games("fanhanglu", "generic", Config(), 3, 40, runner.Where(1), lambda n: None)
    ticks: list[int] = []
    two = runner.run_games("fanhanglu", "generic", Config(), 3, 40, runner.Where(2), ticks.append)
    assert _bytes(one) == _bytes(two) and sum(ticks) == 40 and len(ticks) > 1


def test_dask_local_cluster_gives_the_same_bytes() -> None:
    if not runner.dask_available():
        pytest.skip('Dask is not installed (pip install -e ".[cluster]"): the cluster path is not tested')
    one = runner.run_games("fanhanglu", "generic", Config(), 5, 30, runner.Where(1), lambda n: None)
    ticks: list[int] = []
    dask = runner.run_games(
        "fanhanglu", "generic", Config(), 5, 30, runner.Where(2, local_cluster=True), ticks.append
    )
    assert _bytes(one) == _bytes(dask) and sum(ticks) == 30


def test_dask_scheduler_address_gives_the_same_bytes() -> None:
    """``--scheduler ADDRESS``: a cluster started elsewhere (here: in this process, reached by its TCP
    address as any remote scheduler is).  Its workers are threads (``processes=False``): starting worker
    processes is the cost of ``--local-cluster``, whose test above runs the games on worker processes;
    this one is about reaching a scheduler by its address and getting the same bytes from it."""
    if not runner.dask_available():
        pytest.skip('Dask is not installed (pip install -e ".[cluster]"): the cluster path is not tested')
    import importlib

    distributed = importlib.import_module("distributed")
    one = runner.run_games("fanhanglu", "endgame", Config(), 9, 24, runner.Where(1), lambda n: None)
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=False,
        protocol="tcp://",
        host="127.0.0.1",
        dashboard_address=None,
        silence_logs=40,
    ) as cluster:
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        where = runner.Where(scheduler=cluster.scheduler_address)
        remote = runner.run_games("fanhanglu", "endgame", Config(), 9, 24, where, lambda n: None)
    assert _bytes(one) == _bytes(remote)


def test_every_study_quotes_its_question_from_the_text() -> None:
    book = books.get("fanhanglu")
    sb = runner.study_book("fanhanglu")
    for name, st in sb.studies.items():
        line = report.question_line(book, st.question.quote)
        assert line is not None, f"{name}: 「{st.question.quote}」 is not in the text"
        if st.question.clause == "附录四":
            assert 4637 <= line <= 4672, f"{name}: the question is outside 附录四 五、遗留事项 (line {line})"


def test_the_p3_questions_each_have_a_study() -> None:
    """Every measurement 附录四 五 lists as open (the ones a simulation can answer) has a study."""
    assert {
        "threshold",
        "secondary",
        "deathrow",
        "poisoner",
        "craftsman",
        "defender",
        "fizzle",
        "endgame",
    } <= set(runner.study_book("fanhanglu").studies)


@pytest.mark.parametrize("in_the_way", ["summary.png", "report.md", "result.json"])
def test_a_folder_in_the_way_is_one_line_and_nothing_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], in_the_way: str
) -> None:
    """``--out`` an existing folder holding a folder where one of the files goes: one line, exit 2, and not
    a file of the set written (it used to write the result and the first plots, then stop on a traceback
    or a message, leaving a result without its reports and a temporary file)."""
    out = tmp_path / "o"
    (out / in_the_way).mkdir(parents=True)
    code = main(["study", "generic", "--games", "2", "--workers", "1", "--quiet", "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert f"无法写入 {out / in_the_way}：这是一个文件夹" in err.splitlines()[0]
    assert sorted(p.name for p in out.iterdir()) == [in_the_way]  # nothing else, no temporary file
    # the folder in the way is left usable: a study writes into it (in this process, as above)
    args = ["study", "generic", "--games", "2", "--workers", "1", "--quiet"]
    assert main([*args, "--out", str(out / in_the_way / "x")]) == 0


def test_cli_writes_result_report_and_plots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "o"
    args = ["study", "craftsman", "--games", "12", "--workers", "1", "--quiet", "--seed", "2"]
    assert main([*args, "--out", str(out)]) == 0
    doc = json.loads((out / "result.json").read_text(encoding="utf-8"))
    assert doc["format"] == "ruleproof-study/1" and doc["sweep"]["values"] == ["2", "3"]
    m = doc["results"]["3"]["metrics"]["win.humans"]
    assert m["n"] == 12 and len(m["ci95"]) == 2 and m["zh"] == "人类胜率"
    assert doc["results"]["2"]["context"]["spec"]["params"] == {"craftsman.quick_valid_nights": 2}
    assert doc["results"]["3"]["context"]["policies"]["craftsman"] == "distribute"
    assert doc["question"]["line"] and "工匠加强" in doc["question"]["quote"]
    # the figures the question asks about are put in words, value by value
    assert any(line.startswith("每件速成护甲于有效期内挡下次数：2：") for line in doc["conclusion"]["zh"])
    for name in ("summary.png", "summary.svg", "hist-quick_dwell.png", "report.md", "report.en.md"):
        assert (out / name).stat().st_size > 200, name
    assert "**问题。**" in (out / "report.md").read_text(encoding="utf-8")
    assert (
        "b'<svg" not in (out / "summary.svg").read_text()[:10]
        and "<dc:date>" not in (out / "summary.svg").read_text()
    )
    # written whole (temp file + rename), yet with the permissions of any other file written there
    assert (out / "result.json").stat().st_mode & 0o777 == (out / "summary.png").stat().st_mode & 0o777
    first = (out / "result.json").read_bytes()
    assert main([*args, "--out", str(out)]) == 0
    assert (out / "result.json").read_bytes() == first  # same seed, same bytes
    study = runner.study_book("fanhanglu").studies["craftsman"]
    report_md = (out / "report.md").read_bytes()
    report.rewrite(out, study, "zh")  # the conclusion recomputed from the file: what a fresh run writes
    assert (out / "result.json").read_bytes() == first and (out / "report.md").read_bytes() == report_md
    capsys.readouterr()


@pytest.mark.parametrize(
    "argv",
    [
        ["study", "nosuch"],
        ["study", "generic", "--games", "0"],
        ["study", "generic", "--set", "escape.threshold=abc"],
        ["study", "generic", "--set", "seat.alien=sheriff"],
        ["study", "generic", "--set", "seat.kitchen=x"],
        ["study", "generic", "--policy", "alien=nosuch"],
        ["study", "generic", "--policy", "kitchen=reasonable"],
        ["study", "generic", "--policy", "alien=missing.py:X"],
        ["study", "generic", "--sweep", "escape.threshold"],
        ["study", "generic", "--sweep", "escape.threshold=8,8"],
        ["study", "secondary", "--set", "target=0.5..0.2"],
        ["study", "generic", "--book", "random41"],
        ["study", "generic", "--out", "/proc/no/such"],
        ["study", "generic", "--scheduler", "tcp://127.0.0.1:9", "--games", "2"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(runner, "SCHEDULER_TIMEOUT", 2)  # nobody listens there: no need to wait 20 s
    assert main([*argv, "--quiet", "--workers", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("ruleproof:") and "Traceback" not in err[0]


PLUGIN = """
from ruleproof.studies.policy import Act, Plugin


class Coward(Plugin):
    name = "coward"
    summary = ("从不逃亡", "never escapes")

    def decide(self, view, skill, proposal, rng):
        if skill in ("escape", "night_escape", "meeting_escape"):
            return None
        return super().decide(view, skill, proposal, rng)

    def plan(self, view, options, rng):
        return "none" if "none" in options else None
"""


def test_user_plugin_from_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "mine.py"
    f.write_text(PLUGIN, encoding="utf-8")
    base = ["study", "threshold", "--games", "40", "--workers", "1", "--quiet"]
    assert main([*base, "--policy", f"alien={f}:Coward", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["results"][""]["context"]["policies"]["alien"] == "coward"
    assert doc["results"][""]["metrics"]["secondary"]["estimate"] == 0.0  # it never escapes
    assert main([*base, "--json"]) == 0  # the check can fail: the aggressive alien does escape
    assert json.loads(capsys.readouterr().out)["results"][""]["metrics"]["secondary"]["estimate"] > 0.0
    bad = tmp_path / "bad.py"
    bad.write_text("raise RuntimeError('boom')\n", encoding="utf-8")
    assert main([*base, "--policy", f"alien={bad}:X"]) == 2
    err = capsys.readouterr().err
    assert "boom" in err and "Traceback" not in err


def test_comparison_says_whether_intervals_are_apart() -> None:
    from ruleproof.specs.fanhanglu.studies.catalog import compare

    def rate(est: float, lo: float, hi: float) -> dict[str, object]:
        return {"zh": "率", "en": "rate", "kind": "rate", "estimate": est, "ci95": [lo, hi], "n": 100}

    apart = {"2": {"r": rate(0.2, 0.15, 0.25)}, "3": {"r": rate(0.4, 0.35, 0.45)}}
    close = {"2": {"r": rate(0.2, 0.15, 0.25)}, "3": {"r": rate(0.22, 0.17, 0.27)}}
    assert compare(apart, "r", "en") == (
        "rate: 2: 20.0% [15.0%, 25.0%], N=100; 3: 40.0% [35.0%, 45.0%], N=100"
        " — 2 → 3: intervals apart (apart: a difference the games show; overlap: none shown at this N)."
    )
    assert "2 → 3: intervals overlap" in compare(close, "r", "en")
    assert "2 → 3：区间重叠" in compare(close, "r", "zh")
    three = {**apart, "4": {"r": rate(0.41, 0.36, 0.46)}}
    assert "2 → 3: intervals apart; 3 → 4: intervals overlap" in compare(three, "r", "en")
    empty = {"": {"r": {"zh": "率", "en": "rate", "estimate": None, "ci95": None, "n": 0}}}
    assert compare(empty, "r", "en") == "rate: — (N=0)."


def test_threshold_verdict_needs_the_whole_interval() -> None:
    from ruleproof.specs.fanhanglu.studies.catalog import _within

    assert _within([5.0, 5.0], 7, 10) == 1 and _within([8.0, 9.0], 7, 10) == 0
    assert _within([9.0, 12.0], 7, 10) == 2 and _within(None, 7, 10) == 2


def test_progress_goes_through_the_shared_display(monkeypatch: pytest.MonkeyPatch) -> None:
    """The study's games are counted on the one progress display (ruleproof.progress, a terminal only),
    not on a bar of its own."""
    from ruleproof import progress

    seen: list[tuple[str, str, int, int | None]] = []
    monkeypatch.setattr(progress, "_sink", lambda *a: seen.append(a))
    assert main(["study", "generic", "--games", "3", "--workers", "1", "--quiet"]) == 0
    assert seen and all(stage == "study" and label == "generic" for stage, label, _d, _t in seen)
    assert [d for _s, _l, d, _t in seen] == sorted(d for _s, _l, d, _t in seen) and seen[-1][2:] == (3, 3)
