"""The corpus ships with the package: ``conform`` and ``vectors`` without a folder argument find every book's
vectors when ruleproof is installed from a wheel and run outside the checkout, not only from a checkout.

In a checkout ``ruleproof/data/corpus/<folder>`` is a symbolic link to the registry's folder; a wheel holds a
copy (package data).  The quick test checks the links match the registry (a new book's corpus must be
linked); the heavy one builds a wheel, installs it into an empty folder and runs ``conform`` on the whole
corpus from a folder outside the checkout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ruleproof.books import BOOKS
from ruleproof.vectors.corpus import corpus_sources, packaged, repo_root

ROOT = Path(__file__).resolve().parents[2]


def test_every_registered_corpus_folder_is_packaged() -> None:
    folders = [rel for b in BOOKS.values() for rel in (b.vectors, b.counterexamples) if rel]
    assert folders
    for rel in folders:
        assert packaged(rel).resolve() == (repo_root() / rel).resolve(), rel
    assert all(
        str(p).startswith(str(ROOT / "src" / "ruleproof" / "data" / "corpus")) for p in corpus_sources()
    )


@pytest.mark.heavy
def test_conform_finds_the_corpus_when_installed(tmp_path: Path) -> None:
    wheels, site, away = tmp_path / "wheels", tmp_path / "site", tmp_path / "elsewhere"
    away.mkdir()
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "wheel", "--no-deps", "-w", str(wheels), str(ROOT)], check=True, cwd=away)
    (wheel,) = wheels.glob("ruleproof-*.whl")
    subprocess.run([*pip, "install", "--no-deps", "--target", str(site), str(wheel)], check=True, cwd=away)
    # the installed copy first on the path (its dependencies from this environment), run from elsewhere
    env = {**os.environ, "PYTHONPATH": str(site), "RULEPROOF_CACHE": "off"}
    where = subprocess.run(
        [sys.executable, "-c", "import ruleproof; print(ruleproof.__file__)"],
        check=True,
        cwd=away,
        env=env,
        capture_output=True,
        text=True,
    ).stdout
    assert where.startswith(str(site)), where
    engine = f"{sys.executable} -m ruleproof.conform.reference"
    out = away / "report.json"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruleproof",
            "conform",
            "--engine",
            engine,
            "--format",
            "json",
            "--output",
            str(out),
        ],
        cwd=away,
        env=env,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    report = json.loads(out.read_text(encoding="utf-8"))
    assert len(report["vectors"]) == len(corpus_sources()) > 800
    assert all(str(site) in v["path"] for v in report["vectors"]), report["vectors"][0]
