"""``check --format html``: one self-contained page — validated as HTML (every element closed, nothing
loaded from outside), every finding beside its clause, the graphs as SVG, the counterexamples as stories
with their vectors, the switches; and, where Debian's Chromium is installed (.ci/run installs it), loaded
in a real headless browser whose filters are driven from the address."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from ruleproof.cli import main
from tests.shared_check import shared_checks

VOID = {
    "meta",
    "br",
    "input",
    "img",
    "hr",
    "link",
    "source",
    "col",
    "area",
    "base",
    "wbr",
    "path",
    "circle",
    "line",
    "rect",
}


class Checker(HTMLParser):
    """Well-formedness: every opened element closed in order; collects ids, classes and URLs."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.ids: list[str] = []
        self.classes: list[str] = []
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.append(str(a["id"]))
        self.classes.extend((a.get("class") or "").split())
        for key in ("src", "href"):
            if a.get(key):
                self.urls.append(str(a[key]))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.classes.extend((a.get("class") or "").split())

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
            return
        self.stack.pop()


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict[str, object]]:
    """The page and the JSON report of ``check`` on 返航录 (one command of each; one check of the text per
    process, tests/shared_check.py: the module may be set up in both xdist workers)."""
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out), shared_checks():
        assert main(["check", "--format", "html"]) == 1
    html = out.getvalue()
    out = io.StringIO()
    with contextlib.redirect_stdout(out), shared_checks():
        assert main(["check", "--format", "json"]) == 1
    return html, json.loads(out.getvalue())


def test_valid_and_self_contained(page: tuple[str, dict[str, object]]) -> None:
    html, _ = page
    c = Checker()
    c.feed(html)
    c.close()
    assert c.errors == [] and c.stack == []
    assert html.startswith("<!DOCTYPE html>") and '<meta charset="utf-8">' in html
    assert len(c.ids) == len(set(c.ids))  # ids unique (the anchors and filters depend on it)
    outside = [u for u in c.urls if not (u.startswith(("#", "data:application/json;base64,")))]
    assert outside == []  # nothing fetched from the network or the disk
    assert "<link" not in html and "<script src" not in html


def test_every_finding_beside_its_clause(page: tuple[str, dict[str, object]]) -> None:
    html, report = page
    findings = report["findings"]
    assert isinstance(findings, list)
    assert html.count('<div class="finding ') == len(findings)
    assert report["summary"]["findings"] == len(findings)  # type: ignore[index]
    # the clause's text and its findings in one section: each violated theorem beside the clause it states
    violated = [f for f in findings if f["check"] == "invariant-violated"]
    assert violated
    for f in violated:
        section = html[html.index(f'id="c-{f["clause"]}"') :]
        section = section[: section.index("</section>")]
        name = f["message"].split()[1]  # 「不变式 NAME 违反…」
        assert 'class="text"' in section and "invariant-violated" in section and name in section
    n = len(findings)
    assert html.count('class="verdict fail"') == 1 and f"结论：未通过——{n} 条发现" in html


def test_graphs_stories_and_switches(page: tuple[str, dict[str, object]]) -> None:
    html, _ = page
    assert html.count('<svg xmlns="http://www.w3.org/2000/svg" class="refgraph"') == 1
    assert html.count('class="arc"') > 500 and 'class="broken"' in html  # 2.8.14 and 0.2 are cited, absent
    assert html.count('<svg xmlns="http://www.w3.org/2000/svg" class="order"') >= 10
    assert 'aria-label="2.8.2"' in html  # the damage layer table
    # the counterexample of 2.1.6/2.1.7③ (a patrol count lost with batch ③) told night by night, with its
    # vector and its file
    start = html.index("counterexamples/fanhanglu/batch_nothing_lost--default.json")
    story = html[html.rindex('<div class="story"', 0, start) :]
    story = story[: story.index("</details>")]
    assert "batch_nothing_lost" in story and "第 1 夜" in story and "download=" in story
    # every interpretation switch of the spec, each reading with its clauses
    from ruleproof.books import BOOKS, spec_of

    switches = spec_of(BOOKS["fanhanglu"], "test").switches
    for sw in switches:
        assert f'id="switch-{sw.key}"' in html
    admit = html[html.index('id="switch-evolution.same_snapshot_overflow"') :]
    assert "occupancy_at_most_two--evolution.same_snapshot_overflow=admit.json" in admit[:20000]


def test_english(tmp_path: Path) -> None:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["--lang", "en", "check", "--format", "html", "bundled:jiejie140"]) == 1
    html = out.getvalue()
    assert '<html lang="en">' in html and "verdict: FAIL" in html and "Findings by clause" in html


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (.ci/run installs Debian's)")
@pytest.mark.parametrize(
    ("view", "severity"), [("", None), ("#severity=error", "error"), ("#check=numbering-gap", None)]
)
def test_in_a_headless_browser(
    page: tuple[str, dict[str, object]], tmp_path: Path, view: str, severity: str | None
) -> None:
    """Chromium runs the page's script: the filter shows exactly the findings asked for."""
    html, report = page
    path = tmp_path / "report.html"
    path.write_text(html, encoding="utf-8")
    assert CHROMIUM is not None
    flags = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={tmp_path / 'profile'}",
    ]
    done = subprocess.run(
        [CHROMIUM, *flags, "--dump-dom", path.as_uri() + view], capture_output=True, text=True, timeout=120
    )
    dom = done.stdout
    assert "</html>" in dom, done.stderr[-2000:]
    visible = len(re.findall(r'<div class="finding (error|warning|note)" ', dom))
    total = len(re.findall(r'<div class="finding ', dom))
    findings = report["findings"]
    assert isinstance(findings, list) and total == len(findings)
    if view.startswith("#check="):
        shown = sum(f["check"] == view.split("=")[1] for f in findings)
    elif severity is not None:
        shown = sum(f["severity"] == severity for f in findings)
    else:
        shown = len(findings)
    assert shown > 0 and visible == shown
    counter = re.search(r'<span id="shown">(\d+) / (\d+)</span>', dom)
    assert counter is not None and counter.groups() == (str(shown), str(total))
