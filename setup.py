"""Optional compiled build of the game runtime and 返航录's engine and kernels with mypyc (the compiler that
ships with mypy): about twice the games per CPU-second (docs/studies.md, "Engine speed").

    RULEPROOF_MYPYC=1 .venv/bin/pip install --no-build-isolation ".[dev]"

(non-editable: an editable install would put compiled modules beside the sources, and edits to them would
silently stop taking effect).  Without RULEPROOF_MYPYC every module stays pure Python, as in the quickstart.
Everything else about the project is in pyproject.toml.
"""

from __future__ import annotations

import os

from setuptools import setup

COMPILED = (
    "src/ruleproof/runtime/game.py",
    "src/ruleproof/runtime/policy.py",
    "src/ruleproof/runtime/model.py",
    "src/ruleproof/runtime/statuses.py",
    "src/ruleproof/kernel/algebra.py",
    "src/ruleproof/specs/fanhanglu/kernels/__init__.py",
    "src/ruleproof/specs/fanhanglu/kernels/damage.py",
    "src/ruleproof/specs/fanhanglu/kernels/delayed.py",
    "src/ruleproof/specs/fanhanglu/kernels/resources.py",
    "src/ruleproof/specs/fanhanglu/kernels/settlement.py",
    "src/ruleproof/specs/fanhanglu/__init__.py",
    "src/ruleproof/specs/fanhanglu/engine/game.py",
    "src/ruleproof/specs/fanhanglu/engine/policy.py",
    "src/ruleproof/specs/fanhanglu/engine/model.py",
    "src/ruleproof/specs/fanhanglu/engine/skills/aliens.py",
    "src/ruleproof/specs/fanhanglu/engine/skills/common.py",
    "src/ruleproof/specs/fanhanglu/engine/skills/craftsman.py",
    "src/ruleproof/specs/fanhanglu/engine/skills/crew.py",
    "src/ruleproof/specs/fanhanglu/engine/skills/deathrow.py",
    "src/ruleproof/specs/fanhanglu/engine/skills/doctors.py",
    "src/ruleproof/specs/fanhanglu/engine/skills/escape.py",
    "src/ruleproof/specs/fanhanglu/engine/skills/investigation.py",
    "src/ruleproof/specs/fanhanglu/engine/skills/poisoner.py",
    "src/ruleproof/specs/fanhanglu/engine/skills/police.py",
    "src/ruleproof/specs/fanhanglu/engine/skills/realtime.py",
    "src/ruleproof/specs/fanhanglu/engine/skills/social.py",
    "src/ruleproof/specs/fanhanglu/engine/skills/util.py",
    "src/ruleproof/specs/fanhanglu/engine/skills/vaccine.py",
)
"""What the compiled build compiles.  Left interpreted on purpose: runtime/rules.py (its generic
SkillImpl is subscripted at import time, which a compiled non-native class does not allow) and the book's
registry (it subscripts that SkillImpl).  The book's RandomPolicy / ScriptPolicy classes are named apart
from the runtime's (FanhangluRandomPolicy …): mypyc would give a subclass and its base of the same name one
C symbol."""


def ext_modules() -> list[object]:
    if not os.environ.get("RULEPROOF_MYPYC"):
        return []
    from mypyc.build import mypycify

    return list(mypycify(list(COMPILED), opt_level="3"))


setup(ext_modules=ext_modules())
