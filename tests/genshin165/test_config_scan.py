"""[165]原神 ``--check``'s Z3 scan: the same findings wherever it runs, and a kept scan read only for the
rules it was computed from."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from ruleproof.specs.genshin165 import check as check_mod
from ruleproof.specs.genshin165 import rules as g
from ruleproof.specs.genshin165 import smt as smt_mod
from ruleproof.specs.genshin165.check import check


def _signature(findings: list[object]) -> list[tuple[object, ...]]:
    return [
        (
            f.check,
            f.extra.get("subject"),
            tuple(f.extra.get("players", ())),
            tuple(f.extra.get("blocking", ())),
        )  # type: ignore[attr-defined]
        for f in findings
    ]


def test_the_scan_does_not_depend_on_what_the_process_solved_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """In Z3's main context the second scan of N = 13 named another unsat core than the first (the terms
    the first had made changed Z3's order), and ``check`` (after lint and verify) printed 15 findings to
    ``config --check``'s 14.  Each scan asks in a context of its own."""
    monkeypatch.setenv("RULEPROOF_CACHE", "off")
    first = _signature(check([13]))
    assert any(s[0] == "config.bound-unreachable" for s in first)  # a core to compare
    assert _signature(check([13])) == first


def test_a_kept_scan_is_read_only_for_its_rules(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("RULEPROOF_CACHE", str(tmp_path))
    subjects = {f.extra["subject"] for f in check([13]) if f.check == "config.bound-unreachable"}  # type: ignore[attr-defined]
    assert "T.max-formula" in subjects
    assert list(tmp_path.rglob("*.pickle"))  # kept
    real = g.rules()
    formula_only = frozenset({g.TCapReading.FORMULA})  # the default reading (both caps) no longer has it
    edited = dataclasses.replace(
        real,
        bounds=tuple(
            dataclasses.replace(b, readings=formula_only) if b.id == "T.max-formula" else b
            for b in real.bounds
        ),
    )
    for module in (check_mod, smt_mod):
        monkeypatch.setattr(module, "rules", lambda: edited)
    subjects = {f.extra["subject"] for f in check([13]) if f.check == "config.bound-unreachable"}  # type: ignore[attr-defined]
    assert "T.max-formula" not in subjects  # computed for the edited rules, not read from the real ones
