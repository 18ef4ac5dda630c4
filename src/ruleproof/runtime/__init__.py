"""The generic game runtime every book's engine is built on (docs/engine.md, docs/contributing.md).

* :mod:`.model` — seats (role, true role and faction kept apart), actions, events (public / private /
  system), the action ledger, the result, ``IllegalAction`` naming a clause, the system player;
* :mod:`.rules` — a book's cycle (periods and their step lists, as data) and the registry its modules
  fill: skill implementations, step hooks, setup hooks;
* :mod:`.game` — the loop: rounds → periods → steps, a decision snapshot per step, legality checks
  before any resolution, serial resolution in the round's order, collective skills, real-time stream
  periods, system choices, the event log;
* :mod:`.policy` — the policy protocol and the pass / script / seeded random policies;
* :mod:`.statuses` — statuses that end at a step's start or end;
* :mod:`.replay` — ``ruleproof-vector/1`` replay: load, run the script, check expectations, mismatches;
* :mod:`.render` — the readable log ``play`` prints, in the words a book hands it.

Nothing here imports a book; a book's engine imports this.
"""

from __future__ import annotations

from ruleproof.runtime.game import BaseGame, Decision, Observer
from ruleproof.runtime.model import (
    SYSTEM,
    Action,
    Event,
    IllegalAction,
    LedgerEntry,
    NotImplementedRule,
    Result,
    Seat,
)
from ruleproof.runtime.policy import Choice, PassPolicy, Policy, RandomPolicy, ScriptPolicy
from ruleproof.runtime.render import EventText, LogRenderer, Words
from ruleproof.runtime.replay import BookEngine, Mismatch, Outcome, matches
from ruleproof.runtime.rules import SETUP, Phase, Ruleset, SkillImpl, SkillInfo
from ruleproof.runtime.statuses import Status, Statuses, Until

__all__ = [
    "SETUP",
    "SYSTEM",
    "Action",
    "BaseGame",
    "BookEngine",
    "Choice",
    "Decision",
    "Event",
    "EventText",
    "IllegalAction",
    "LedgerEntry",
    "LogRenderer",
    "Mismatch",
    "NotImplementedRule",
    "Observer",
    "Outcome",
    "PassPolicy",
    "Phase",
    "Policy",
    "RandomPolicy",
    "Result",
    "Ruleset",
    "ScriptPolicy",
    "Seat",
    "SkillImpl",
    "SkillInfo",
    "Status",
    "Statuses",
    "Until",
    "Words",
    "matches",
]
