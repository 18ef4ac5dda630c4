"""The rules as Z3 terms: transition systems built from the engine's kernels, BMC and k-induction, rank
constraints for order tables, and :func:`verify_all` over a spec's invariants (issue 5, docs/verify.md).

The names below are imported when first used (PEP 562): importing a sub-module — the verdict cache
(:mod:`ruleproof.smt.cache`), which ``config genshin165 --check`` keeps its scan in, or :mod:`.ts` — no
longer imports :mod:`.verify` and, through it, the whole linter (0.85 CPU-s per process).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruleproof.lazy import loader

if TYPE_CHECKING:
    from ruleproof.smt.invariant import Checked, Invariant, NotConcretizable, SystemInvariant
    from ruleproof.smt.ts import CheckResult, Options, Status, Trace, TransitionSystem
    from ruleproof.smt.verify import InvariantResult, ReadingResult, VerifyReport, verify_all

_HOME = {
    "Checked": "invariant",
    "Invariant": "invariant",
    "NotConcretizable": "invariant",
    "SystemInvariant": "invariant",
    "CheckResult": "ts",
    "Options": "ts",
    "Status": "ts",
    "Trace": "ts",
    "TransitionSystem": "ts",
    "InvariantResult": "verify",
    "ReadingResult": "verify",
    "VerifyReport": "verify",
    "verify_all": "verify",
}


__getattr__ = loader(__name__, _HOME, globals())

__all__ = [
    "CheckResult",
    "Checked",
    "Invariant",
    "InvariantResult",
    "NotConcretizable",
    "Options",
    "ReadingResult",
    "Status",
    "SystemInvariant",
    "Trace",
    "TransitionSystem",
    "VerifyReport",
    "verify_all",
]
