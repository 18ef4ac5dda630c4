"""``play`` and ``simulate`` (and ``study``) never import the solver, the graph library or the template
engine: another command's module must not drag them in (issue 17: start-up was 0.5 s of unused imports)."""

from __future__ import annotations

import subprocess
import sys

import pytest

HEAVY = ("z3", "networkx", "jinja2")

PROBE = """
import sys
from ruleproof.cli import main
try:
    main({argv!r})
except SystemExit:  # --help
    pass
print("HEAVY", sorted(m for m in {heavy!r} if m in sys.modules))
"""


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--seed", "1"],
        ["simulate", "--games", "2"],
        ["--lang", "en", "simulate", "--games", "1", "--json"],
    ],
)
def test_engine_commands_import_no_solver(argv: list[str]) -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE.format(argv=argv, heavy=HEAVY)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert out.splitlines()[-1] == "HEAVY []"


def test_check_still_imports_what_it_needs() -> None:
    """The probe can fail: ``outline`` is cheap, but ``verify`` --help pulls z3 in."""
    out = subprocess.run(
        [sys.executable, "-c", PROBE.format(argv=["verify", "--help"], heavy=HEAVY)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "z3" in out.splitlines()[-1]
