"""docs/studies.md answers every P3 question of 附录四 五、遗留事项 that a simulation can answer, from the
result files beside it (written by ci/run_studies.py), and says what they say."""

from __future__ import annotations

import json
from pathlib import Path

from ruleproof import books
from ruleproof.studies.report import docs_section, question_line
from ruleproof.studies.runner import study_book

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def test_every_study_has_results_in_the_docs() -> None:
    names = list(study_book("fanhanglu").studies)
    text = (DOCS / "studies.md").read_text(encoding="utf-8")
    book = books.get("fanhanglu")
    for name in names:
        path = DOCS / "studies" / name / "result.json"
        assert path.is_file(), f"{name}: run ci/run_studies.py"
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert doc["games"] >= 1000 and doc["study"] == name
        assert doc["question"]["line"] == question_line(book, doc["question"]["quote"])
        assert (DOCS / "studies" / name / "summary.png").is_file()
        assert f"### `{name}`" in text


def test_generated_section_is_up_to_date() -> None:
    names = [n for n in study_book("fanhanglu").studies if (DOCS / "studies" / n / "result.json").is_file()]
    text = (DOCS / "studies.md").read_text(encoding="utf-8")
    start, end = "<!-- studies:start -->\n", "<!-- studies:end -->"
    generated = text.split(start, 1)[1].split(end, 1)[0]
    assert generated == docs_section(DOCS / "studies", names), "run ci/run_studies.py --docs-only"


def test_the_documented_plugin_runs(tmp_path: Path, capsys: object) -> None:
    """The plug-in example of docs/studies.md, as printed, is a working policy."""
    from ruleproof.cli import main

    text = (DOCS / "studies.md").read_text(encoding="utf-8")
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    f = tmp_path / "mine.py"
    f.write_text(code, encoding="utf-8")
    out = tmp_path / "o"
    argv = ["study", "threshold", "--games", "30", "--workers", "1", "--quiet", "--out", str(out)]
    assert main([*argv, "--policy", f"alien={f}:Cautious"]) == 0
    doc = json.loads((out / "result.json").read_text(encoding="utf-8"))
    assert doc["results"][""]["context"]["policies"]["alien"] == "cautious"
