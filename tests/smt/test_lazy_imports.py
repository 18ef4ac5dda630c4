"""``ruleproof.smt``'s names load their modules when first used: the verdict cache and the transition
systems are imported without the verifier and the linter it reads (0.85 CPU-s a process, paid by every
``config genshin165 --check`` before)."""

from __future__ import annotations

import subprocess
import sys

import pytest

import ruleproof.smt

PROBE = "import sys, {module}; print(sorted(m for m in ('ruleproof.smt.verify', 'ruleproof.lint') if m in sys.modules))"


@pytest.mark.parametrize("module", ["ruleproof.smt.cache", "ruleproof.smt.ts"])
def test_a_sub_module_does_not_import_the_verifier(module: str) -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE.format(module=module)], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_every_name_the_package_lists_is_there() -> None:
    from ruleproof.smt.verify import verify_all

    assert ruleproof.smt.verify_all is verify_all
    for name in ruleproof.smt.__all__:
        assert getattr(ruleproof.smt, name) is not None
    with pytest.raises(AttributeError):
        ruleproof.smt.no_such_name  # noqa: B018
