"""Skill implementations, one module per family; importing this package registers them all.

``common`` is imported first: its arrival hook resets the per-night state before any role's arrivals.
"""

from __future__ import annotations

from ruleproof.engine.skills import (  # noqa: F401
    aliens,
    common,
    crew,
    doctors,
    investigation,
    police,
)
