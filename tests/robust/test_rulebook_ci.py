"""The rulebook repository's gates (docs/rulebook-ci.md), tried on a scratch git repository: the plain
pre-commit hook refuses a commit that adds a defect and lets others through; the pre-commit framework's
hook entry runs; the CI recipe's steps, run as written, produce a valid SARIF report and gate on new
findings only."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ruleproof.books import BOOKS

ROOT = Path(__file__).parents[2]
HOOK = ROOT / "ci" / "rulebook" / "pre-commit"
DOC = ROOT / "docs" / "rulebook-ci.md"
GIT = shutil.which("git")

pytestmark = pytest.mark.skipif(GIT is None, reason="git is not installed")


def sh(cmd: str | list[str], cwd: Path, check: bool = True) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "GIT_AUTHOR_NAME": "author",
        "GIT_AUTHOR_EMAIL": "author@example.invalid",
        "GIT_COMMITTER_NAME": "author",
        "GIT_COMMITTER_EMAIL": "author@example.invalid",
        "RULEPROOF_CACHE": "off",
    }
    return subprocess.run(
        cmd, cwd=cwd, env=env, shell=isinstance(cmd, str), text=True, capture_output=True, check=check
    )


def baseline_step() -> str:
    """The command of docs/rulebook-ci.md's 「Once: the baseline」 that writes the baseline."""
    doc = DOC.read_text(encoding="utf-8")
    block = doc.split("## Once: the baseline", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    (line,) = [ln for ln in block.splitlines() if "--write-baseline" in ln]
    return line.strip()


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A rulebook repository with 乘风破浪的姐姐2 as rules.txt, its baseline committed, the hook installed:
    made once per module (its baseline step is a ``ruleproof check`` process, ~2 CPU-s); each test works
    on its own copy (:func:`repo`)."""
    r = tmp_path_factory.mktemp("published") / "rulebook"
    r.mkdir()
    sh(["git", "init", "-q"], r)
    (r / "rules.txt").write_bytes(BOOKS["jiejie140"].read_bytes())
    sh(baseline_step(), r)
    sh(["git", "add", "."], r)
    sh(["git", "commit", "-q", "-m", "the published text and its baseline"], r)
    shutil.copy(HOOK, r / ".git" / "hooks" / "pre-commit")
    (r / ".git" / "hooks" / "pre-commit").chmod(0o755)
    return r


@pytest.fixture
def repo(published: Path, tmp_path: Path) -> Path:
    """A copy of the published repository (a git repository is relocatable: its .git is inside it), so no
    test sees another's commits or edits."""
    r = tmp_path / "rulebook"
    shutil.copytree(published, r, symlinks=True)
    return r


def test_the_hook_lets_a_clean_edit_through(repo: Path) -> None:
    text = (repo / "rules.txt").read_text(encoding="utf-8")
    (repo / "rules.txt").write_text(text + "\n", encoding="utf-8")  # no new finding
    sh(["git", "add", "rules.txt"], repo)
    done = sh(["git", "commit", "-q", "-m", "a blank line"], repo, check=False)
    assert done.returncode == 0, done.stderr


def test_the_hook_stops_a_commit_that_adds_a_defect(repo: Path) -> None:
    text = (repo / "rules.txt").read_text(encoding="utf-8")
    # a skill cited by a name the text never defines: a new name-undefined finding
    broken = text.replace("极限反击", "极限反扑", 1)
    assert broken != text
    (repo / "rules.txt").write_text(broken, encoding="utf-8")
    sh(["git", "add", "rules.txt"], repo)
    refused = sh(["git", "commit", "-q", "-m", "a typo"], repo, check=False)
    assert refused.returncode != 0
    said = refused.stdout + refused.stderr  # git sends a hook's output to stderr
    assert "极限反扑" in said and "has new findings" in said
    assert sh(["git", "rev-list", "--count", "HEAD"], repo).stdout.strip() == "1"  # nothing committed


def test_the_hook_lints_what_is_staged(repo: Path) -> None:
    """A defect left unstaged in the working copy does not stop a commit of the clean staged text."""
    text = (repo / "rules.txt").read_text(encoding="utf-8")
    (repo / "rules.txt").write_text(text + "\n", encoding="utf-8")
    sh(["git", "add", "rules.txt"], repo)
    (repo / "rules.txt").write_text(text.replace("极限反击", "极限反扑", 1), encoding="utf-8")
    assert sh(["git", "commit", "-q", "-m", "staged is clean"], repo, check=False).returncode == 0


def test_the_pre_commit_framework_entry_runs(repo: Path) -> None:
    """The entry of .pre-commit-hooks.yaml, with the args the doc shows and a staged file name."""
    spec = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    entry = re.search(r"^\s*entry:\s*(.+)$", spec, re.M)
    assert entry is not None
    cmd = [*shlex.split(entry.group(1)), "--baseline", "ruleproof-baseline.json", "rules.txt"]
    assert sh(cmd, repo, check=False).returncode == 0
    (repo / "rules.txt").write_text(
        (repo / "rules.txt").read_text(encoding="utf-8").replace("极限反击", "极限反扑", 1), encoding="utf-8"
    )
    assert sh(cmd, repo, check=False).returncode == 1


def ci_steps() -> list[str]:
    """The ``run:`` steps of the CI recipe in docs/rulebook-ci.md (after <!-- ci-recipe -->)."""
    doc = DOC.read_text(encoding="utf-8")
    block = doc.split("<!-- ci-recipe -->", 1)[1].split("```yaml", 1)[1].split("```", 1)[0]
    return [m.group(1) for m in re.finditer(r"^\s*- run: (.+)$", block, re.M)]


def test_the_ci_recipe_runs_as_written(repo: Path) -> None:
    steps = [s.split("#")[0].strip() for s in ci_steps() if not s.startswith("pip install")]
    assert len(steps) == 2
    report_step, gate = steps
    assert sh(report_step, repo, check=False).returncode == 0  # findings do not fail the report step
    log = json.loads((repo / "ruleproof.sarif").read_text(encoding="utf-8"))
    run = log["runs"][0]
    assert log["version"] == "2.1.0" and run["originalUriBaseIds"]["SRCROOT"]["uri"].startswith("file:///")
    assert run["artifacts"][0]["location"] == {"uri": "rules.txt", "uriBaseId": "SRCROOT"}
    assert run["results"] == []  # every finding of the published text is in the baseline
    assert sh(gate, repo, check=False).returncode == 0
    (repo / "rules.txt").write_text(
        (repo / "rules.txt").read_text(encoding="utf-8").replace("极限反击", "极限反扑", 1), encoding="utf-8"
    )
    assert sh(report_step, repo, check=False).returncode == 0
    results = json.loads((repo / "ruleproof.sarif").read_text(encoding="utf-8"))["runs"][0]["results"]
    # the new name is undefined, and the executable spec no longer finds the skill row it quotes
    assert sorted(r["ruleId"] for r in results) == ["name-undefined", "spec-quote-missing"]
    assert all(
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "rules.txt" for r in results
    )
    assert sh(gate, repo, check=False).returncode == 1
