"""What of the 返航录 spec cites the text: every quoted phrase, with the clause it is read from.

The check itself is generic (:mod:`ruleproof.drift`): each phrase must still be printed *in the clause
it cites* — read through the text reader, so radicals, spacing and displaced pages are handled once.
A rule author who edits 「2 发」 in 4.4.6 sees ``sheriff.bullet_cap`` reported by ``ruleproof check``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ruleproof.specs.fanhanglu.appendix import MEETING_BATCHES_CLAUSE, MEETING_BATCHES_QUOTE, TERMS
from ruleproof.specs.fanhanglu.params import PARAMS
from ruleproof.specs.fanhanglu.tables import ADJUDICATION_ORDER, DAMAGE_ORDER, INFECTION_ORDER, VICTORY_ORDER


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


__all__ = ["Quoted", "quotes"]
