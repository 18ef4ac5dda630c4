"""Issue 18: every Z3 check goes through :func:`ruleproof.solvers.check`, which records the context it runs on
so that a SIGINT/SIGTERM cancels it and raises ``Interrupted``.  A raw ``solver.check()`` / ``Optimize.check()``
elsewhere would run unrecorded: an interrupt would not cancel it, and the run would go on solving — or
print a normal-looking result from Z3's cancelled ``unknown``.  This module scans the package's sources (the
bundled specs and invariants included) for such a call, as ``tests/lint/test_diagnosis_wording.py`` scans
the wording."""

from __future__ import annotations

import ast
import os
import re
import textwrap
from pathlib import Path

import ruleproof

SRC = Path(ruleproof.__file__).parent

# what makes a solver: z3's constructors, a tactic's ``.solver()``, and the package's factories
# (ruleproof.solvers, ruleproof.smt.ts, ruleproof.config.solver)
FACTORIES = frozenset(
    {
        "Solver",
        "SolverFor",
        "SimpleSolver",
        "Optimize",
        "solver",
        "new_solver",
        "new_optimize",
        "new_eliminating_solver",
        "make_solver",
    }
)
# an annotation naming one of these types marks a solver too (``solver: z3.Solver``, ``s: Solverish``)
SOLVER_TYPES = frozenset({"Solver", "Optimize", "Solverish"})
# z3's module-level functions that run a check of their own
CHECKING_FUNCTIONS = frozenset({"solve", "solve_using", "prove"})
# the raw checks that are the guard itself: ruleproof.solvers.check, and the empty check of a fresh solver
# that clears a stale cancel (solvers._checked)
ALLOWED = frozenset({("solvers.py", "check"), ("solvers.py", "_checked")})


def _last_name(node: ast.expr) -> str | None:
    """``s`` of ``s``, ``solver`` of ``self.enc.solver``, ``new_solver`` of ``ts.new_solver``."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _makes_solver(node: ast.expr | None) -> bool:
    return isinstance(node, ast.Call) and _last_name(node.func) in FACTORIES


def _names_solver_type(annotation: ast.expr | None) -> bool:
    return annotation is not None and any(
        _last_name(n) in SOLVER_TYPES for n in ast.walk(annotation) if isinstance(n, ast.expr)
    )


def solver_names(tree: ast.AST) -> set[str]:
    """The names (a variable's, an attribute's, a parameter's) this module binds to a solver."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and _makes_solver(node.value):
            names.update(n for t in node.targets if (n := _last_name(t)) is not None)
        elif isinstance(node, ast.AnnAssign) and (
            _makes_solver(node.value) or _names_solver_type(node.annotation)
        ):
            if (n := _last_name(node.target)) is not None:
                names.add(n)
        elif isinstance(node, ast.arg) and _names_solver_type(node.annotation):
            names.add(node.arg)
    return names


def raw_checks(tree: ast.AST, solvers: set[str]) -> list[tuple[int, str]]:
    """(line, enclosing function) of every check this module runs on a solver directly: ``X.check(…)`` where
    ``X`` is a name bound to a solver (``solvers``) or a solver made on the spot, and z3's ``solve`` /
    ``prove``."""
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            receiver = node.func.value
            on_solver = _last_name(receiver) in solvers or _makes_solver(receiver)
            z3_checks = node.func.attr in CHECKING_FUNCTIONS and _last_name(receiver) == "z3"
            if (node.func.attr == "check" and on_solver) or z3_checks:
                found.append((node.lineno, function))
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(tree, "")
    return found


# A source can bind a solver or run a raw check only if its text holds one of these (every factory, type and
# checking call above does): the rest (280 of 356 files) is not parsed — 1.3 CPU-s for this module, not 5.3.
MAY_SOLVE = re.compile(r"\.check\(|\bz3\b|solver|optimize", re.IGNORECASE)


def _sources() -> tuple[int, dict[str, ast.AST]]:
    """How many Python sources the package has, through its links (``specs``, ``invariants``), and those
    that may bind a solver or check one (:data:`MAY_SOLVE`), parsed."""
    read = 0
    trees: dict[str, ast.AST] = {}
    for root, dirs, files in os.walk(SRC, followlinks=True):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py"):
                read += 1
                path = Path(root) / name
                text = path.read_text(encoding="utf-8")
                if MAY_SOLVE.search(text):
                    trees[str(path.relative_to(SRC))] = ast.parse(text, str(path))
    return read, trees


def test_every_solver_check_goes_through_the_guarded_check() -> None:
    read, trees = _sources()
    assert read > 300 and {"solvers.py", "smt/ts.py", "config/solver.py", "smt/ranks.py"} <= set(trees)
    assert any(p.startswith("specs/") for p in trees) and any(p.startswith("invariants/") for p in trees)
    # a name bound to a solver anywhere is a solver everywhere (``enc.solver`` is made in another module)
    names = set().union(*(solver_names(t) for t in trees.values()))
    assert {"s", "solver"} <= names  # (the scan does read the package's solvers)
    found = {
        (path, line, function) for path, tree in trees.items() for line, function in raw_checks(tree, names)
    }
    outside = sorted(f"{p}:{n} in {f or 'module'}()" for p, n, f in found if (p, f) not in ALLOWED)
    assert outside == [], (
        "call ruleproof.solvers.check (or smt.ts.check_sat), not a raw check:\n" + "\n".join(outside)
    )
    # the guard's own raw checks are found: the scan would see one written elsewhere
    assert {(p, f) for p, _n, f in found} == ALLOWED


def test_the_scan_finds_a_raw_check_in_any_shape() -> None:
    source = textwrap.dedent(
        """
        import z3
        from ruleproof import solvers
        from ruleproof.smt.ts import new_solver

        class Encoding:
            def __init__(self) -> None:
                self.solver = make_solver(0)

            def sat(self) -> bool:
                return self.solver.check() == z3.sat              # raw: an attribute bound to a solver

        def one(opts) -> None:
            s = new_solver(opts)
            s.check()                                             # raw: a variable bound to a solver
            solvers.check(s)                                      # (the guarded check)
            impl.check(g, p, a)                                   # (a rule's check: not a solver)

        def two(o: z3.Optimize, x) -> None:
            o.check(x)                                            # raw: a parameter annotated as one
            z3.Solver().check()                                   # raw: made on the spot
            z3.prove(x)                                           # raw: z3's own checking function
        """
    )
    tree = ast.parse(source)
    marked = [n for n, line in enumerate(source.splitlines(), 1) if "# raw:" in line]
    assert len(marked) == 5
    assert [n for n, _f in raw_checks(tree, solver_names(tree))] == marked
    assert [f for _n, f in raw_checks(tree, solver_names(tree))] == ["sat", "one", "two", "two", "two"]
