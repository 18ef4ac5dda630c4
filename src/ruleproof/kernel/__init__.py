"""The tiny value algebra resolution kernels are written against (see :mod:`ruleproof.kernel.algebra`).

A book's kernels (e.g. :mod:`ruleproof.specs.fanhanglu.kernels`) are written once against
:class:`Algebra`; the engine evaluates them with :data:`PY` (Python ints and bools) and the Z3 verifier
with :data:`ruleproof.kernel.z3algebra.Z3` (Z3 terms).  See docs/engine.md § Kernels.
"""

from __future__ import annotations

from ruleproof.kernel.algebra import PY, Algebra, PyAlgebra, count_true, max_i, min_i, sum_i

__all__ = ["PY", "Algebra", "PyAlgebra", "count_true", "max_i", "min_i", "sum_i"]
