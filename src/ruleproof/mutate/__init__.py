"""Mutation testing for rulebooks: revision-like edits of a text and how many ``check`` catches.

* :mod:`ruleproof.mutate.model` — an edit, a mutant and its manifest entry, the classes;
* :mod:`ruleproof.mutate.generate` — one generator per class, seeded;
* :mod:`ruleproof.mutate.harness` — run the check stages on each mutant, decide caught / spurious;
* :mod:`ruleproof.mutate.report` — per class and per check, text or JSON.
"""

from ruleproof.mutate.generate import generate
from ruleproof.mutate.harness import make_baseline, run_mutants
from ruleproof.mutate.model import CLASS_KEYS, CLASSES, Edit, Mutant, apply_edits

__all__ = [
    "CLASSES",
    "CLASS_KEYS",
    "Edit",
    "Mutant",
    "apply_edits",
    "generate",
    "make_baseline",
    "run_mutants",
]
