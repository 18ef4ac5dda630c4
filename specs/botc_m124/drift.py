"""Every phrase the [M124] 血染钟楼 spec quotes, with the section it cites: the skills' printed headings
and labels, the night orders, the setup modifiers and rules, every status / mark grant and duration, the
win rules, the statuses' definitions and the parameters.  ``ruleproof check bundled:botc-m124`` reports
any that is no longer printed in its section (:mod:`ruleproof.drift`)."""

from __future__ import annotations

from ruleproof.drift import Quoted
from ruleproof.specs.botc_m124.params import PARAMS
from ruleproof.specs.botc_m124.roles import ROLE_BY_KEY, SKILLS
from ruleproof.specs.botc_m124.tables import (
    ANSWER_SETS,
    BREW_LIMITS,
    DAY_PERIODS,
    FIRST_NIGHT,
    FLOW,
    GRANTS,
    MARIONETTE_FAKE_MODIFIER,
    MODIFIERS,
    OTHER_NIGHTS,
    SETUP_RULES,
    STATUS_DEFS,
    UNSLOTTED_CLAUSE,
    WIN_RULES,
)


def quotes() -> list[Quoted]:
    out = [Quoted(f"param {p.key}", p.clause, p.quote) for p in PARAMS]
    out += [Quoted(f"skill {s.key}", ROLE_BY_KEY[s.role].clause, s.quote) for s in SKILLS]
    out += [Quoted(f"night order {ph.key}", FLOW, ph.quote) for ph in (FIRST_NIGHT, *OTHER_NIGHTS)]
    out.append(Quoted("night order: unslotted skills", *UNSLOTTED_CLAUSE))
    out += [Quoted(f"period {p.key}", FLOW, p.quote) for p in DAY_PERIODS]
    out += [Quoted(f"modifier {m.role}", m.clause, m.quote) for m in MODIFIERS]
    out.append(Quoted("modifier marionette fake role", *MARIONETTE_FAKE_MODIFIER))
    out += [Quoted(f"setup {r.key}", r.clause, r.quote) for r in SETUP_RULES]
    out += [Quoted(f"grant {g.skill} {g.name}", g.clause, g.quote) for g in GRANTS]
    out += [Quoted(f"status {name}", clause, quote) for name, clause, quote in STATUS_DEFS]
    out += [Quoted(f"win {w.key}", w.clause, w.quote) for w in WIN_RULES]
    out += [Quoted(f"answers {a.skill}", a.clause, a.quote) for a in ANSWER_SETS]
    out += [Quoted(f"brew {b.key}", b.clause, b.quote) for b in BREW_LIMITS]
    return out


__all__ = ["Quoted", "quotes"]
