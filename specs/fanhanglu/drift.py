"""What of the 返航录 spec cites the text: every quoted phrase, with the clause it is read from.

The check itself is generic (:mod:`ruleproof.drift`): each phrase must still be printed *in the clause
it cites* — read through the text reader, so radicals, spacing and displaced pages are handled once.
A rule author who edits 「2 发」 in 4.4.6 sees ``sheriff.bullet_cap`` reported by ``ruleproof check``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ruleproof.specs.fanhanglu.appendix import MEETING_BATCHES_CLAUSE, MEETING_BATCHES_QUOTE, TERMS
from ruleproof.specs.fanhanglu.params import PARAMS
from ruleproof.specs.fanhanglu.roles import ROLES, SKILLS
from ruleproof.specs.fanhanglu.tables import (
    ADJUDICATION_ORDER,
    DAMAGE_ORDER,
    INFECTION_ORDER,
    NIGHT_STEPS,
    VICTORY_ORDER,
)


@dataclass(frozen=True)
class Quoted:
    key: str  # what in the spec: "param sheriff.bullet_cap", "order damage", "victory row ①"
    clause: str
    quote: str


def quotes() -> list[Quoted]:
    """Every phrase the spec quotes, with the clause it cites."""
    out = [Quoted(f"param {p.key}", p.clause, p.quote) for p in PARAMS]
    out += [Quoted(f"order {o.key}", o.clause, o.quote) for o in (DAMAGE_ORDER, INFECTION_ORDER)]
    out += [Quoted(f"victory row {r.row}", r.clause, r.quote) for r in VICTORY_ORDER]
    out += [Quoted(f"adjudication {a.row}", a.clause, a.quote) for a in ADJUDICATION_ORDER]
    out += [Quoted(f"term {t.key}", t.clause, t.quote) for t in TERMS]
    out.append(Quoted("batches at step 10", MEETING_BATCHES_CLAUSE, MEETING_BATCHES_QUOTE))
    return out


def owners() -> list[tuple[str, str]]:
    """Every name the spec gives — role, skill, protection layer, night step — with the clause that
    defines it (the lint's family q reads a citation that names one as a citation of that clause).
    These are names, not quotations: the clause need not print them verbatim (「工程师安全室」 is 4.3.1's
    安全室), so the drift check does not hold them to the text.  The state fields' descriptions and the
    batch contents were measured too and left out (docs/lint.md, family q, seventh pass)."""
    layers = {layer.key: layer for order in (DAMAGE_ORDER, INFECTION_ORDER) for layer in order.layers}
    named = [(r.clause, r.zh) for r in ROLES]
    named += [(s.clause, s.zh) for s in SKILLS]
    named += [(layer.clause, layer.zh) for layer in layers.values()]
    named += [(step.clause, step.zh) for step in NIGHT_STEPS]
    return list(dict.fromkeys(named))


__all__ = ["Quoted", "owners", "quotes"]
