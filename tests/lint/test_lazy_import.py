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

# each command run in process, then which lint modules it loaded (the families' module is the lint itself)
PROBE = """
import json, sys
from ruleproof.cli import main
codes = []
for argv in json.loads(sys.argv[1]):
    try:
        codes.append(main(argv))
    except SystemExit as exc:
        codes.append(exc.code)
print(json.dumps([codes, sorted(m for m in sys.modules if m.startswith("ruleproof.lint"))]))
"""


def probe(*commands: list[str]) -> tuple[list[object], list[str]]:
    out = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(commands)], capture_output=True, text=True, check=True
    ).stdout
    codes, modules = json.loads(out.splitlines()[-1])
    return codes, modules


def test_commands_that_do_not_lint_import_no_family() -> None:
    codes, modules = probe(
        ["verify", "bundled:botc-m124", "--json", "--no-timing"],
        ["config", "botc-m124", "--seed", "2", "--json"],
        ["replay", str(VECTOR)],
    )
    assert codes == [1, 0, 0]  # (botc-m124's spec has a violated invariant; the others pass)
    assert modules == ["ruleproof.lint", "ruleproof.lint.base"]


def test_the_lint_command_still_loads_the_lint() -> None:
    codes, modules = probe(["lint", "bundled:random41", "--format", "json"])
    assert codes[0] in (0, 1)
    assert {"ruleproof.lint.families", "ruleproof.lint.topics", "ruleproof.lint.names"} <= set(modules)


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
