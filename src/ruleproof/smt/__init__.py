"""The rules as Z3 terms: transition systems built from the engine's kernels, BMC and k-induction, rank
constraints for order tables, and :func:`verify_all` over a spec's invariants (issue 5, docs/verify.md).
"""

from __future__ import annotations

from ruleproof.smt.invariant import Checked, Invariant, NotConcretizable, SystemInvariant
from ruleproof.smt.ts import CheckResult, Options, Status, Trace, TransitionSystem
from ruleproof.smt.verify import InvariantResult, ReadingResult, VerifyReport, verify_all

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
