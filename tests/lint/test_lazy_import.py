"""``ruleproof.lint``'s names load the lint when first used (PEP 562): a command that does not lint imports
no family.  ``verify`` reads :mod:`ruleproof.lint.base` (a check's description) through the verifier, which
imported the whole lint before (0.7 CPU-s a process: every family, pypinyin and their patterns); ``config``
and ``replay`` are checked beside it so that no later import brings it back."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import ruleproof.lint

VECTOR = Path(__file__).resolve().parents[1] / "fanhanglu" / "vectors" / "sheriff-double-kill-cap.json"

# each command run in process, then which lint modules are loaded so far (the lint itself is .families)
PROBE = """
import json, sys
from ruleproof.cli import main
for argv in json.loads(sys.argv[1]):
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    print("PROBE", json.dumps([code, sorted(m for m in sys.modules if m.startswith("ruleproof.lint"))]))
"""


def test_commands_that_do_not_lint_import_no_family() -> None:
    commands = [
        ["verify", "bundled:botc-m124", "--json", "--no-timing"],
        ["config", "botc-m124", "--seed", "2", "--json"],
        ["replay", str(VECTOR)],
        ["lint", "bundled:random41", "--format", "json"],  # the probe's own check: a lint loads them
    ]
    out = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(commands)], capture_output=True, text=True, check=True
    ).stdout
    rows = [json.loads(line[6:]) for line in out.splitlines() if line.startswith("PROBE ")]
    assert len(rows) == len(commands)
    assert [code for code, _ in rows[:3]] == [1, 0, 0]  # (botc-m124's spec has a violated invariant)
    for _, modules in rows[:3]:
        assert modules == ["ruleproof.lint", "ruleproof.lint.base"]
    assert rows[3][0] in (0, 1)
    assert {"ruleproof.lint.families", "ruleproof.lint.topics", "ruleproof.lint.names"} <= set(rows[3][1])


def test_every_name_the_package_lists_is_the_lints_own() -> None:
    from ruleproof.lint import base, context, families

    for name in ruleproof.lint.__all__:
        home = next(m for m in (families, context, base) if hasattr(m, name))
        assert getattr(ruleproof.lint, name) is getattr(home, name)
    lint = ruleproof.lint
    assert set(lint.FAMILIES) == set(lint.DOTTED) | set(lint.SECTIONED) | set(lint.BOOK_SPECIFIC.values())
    from ruleproof.lint import topics  # a family is a sub-module, imported by name as before

    assert topics in ruleproof.lint.FAMILIES
    with pytest.raises(AttributeError):
        ruleproof.lint.no_such_name  # noqa: B018
