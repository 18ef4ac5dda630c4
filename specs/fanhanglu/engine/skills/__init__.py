"""Skill implementations, one module per family; importing this package registers them all.

``common`` is imported first: its arrival hook resets the per-night state before any role's arrivals, and
its step-0.55 infection check runs before the poison check of ``poisoner`` (2.1.4).
"""

from __future__ import annotations

from ruleproof.specs.fanhanglu.engine.skills import (  # noqa: F401
    aliens,
    common,
    craftsman,
    crew,
    deathrow,
    doctors,
    escape,
    investigation,
    poisoner,
    police,
    realtime,
    social,
    vaccine,
)
