"""Names of a package imported from its sub-modules when first used (PEP 562's module ``__getattr__``).

A package that re-exports names of heavy sub-modules (:mod:`ruleproof.smt`: the verifier; :mod:`ruleproof.lint`:
every check family) lists where each name lives; importing one light sub-module of it then imports nothing
more.  The package keeps the real imports under ``TYPE_CHECKING`` for the type checker.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def loader(package: str, homes: Mapping[str, str], namespace: dict[str, Any]) -> Callable[[str], Any]:
    """The ``__getattr__`` of ``package`` (whose ``globals()`` is ``namespace``): a name of ``homes`` is read
    from the sub-module it maps to and kept in ``namespace``; any other name is an ``AttributeError`` (so that
    ``from package import submodule`` goes on to import the sub-module)."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{home}"), name)
        namespace[name] = value
        return value

    return __getattr__
