"""Every phrase the [165]原神 spec quotes, with the clause it cites (the drift stage of ``check``)."""

from __future__ import annotations

from ruleproof.specs._werewolf_family.model import Cited
from ruleproof.specs.genshin165 import tables


def quotes() -> list[Cited]:
    """Every quoted phrase of the spec: steps, order tables, statuses, defences, rules."""
    from ruleproof.specs.genshin165.interpretations import SWITCH_QUOTES
    from ruleproof.specs.genshin165.params import PARAMS, THRESHOLDS
    from ruleproof.specs.genshin165.roles import ABSENT, GIVEN_LATER

    out: list[Cited] = []
    for phase in tables.PHASES:
        out.append(Cited(f"phase {phase.key}", phase.clause, phase.quote))
        out += [Cited(f"step {s.key}", s.clause, s.quote) for s in phase.steps]
    out += list(tables.CYCLE_QUOTES)
    for table in (
        tables.EXIT_ORDER,
        tables.CHAIN_ORDER,
        tables.REDIRECTION,
        tables.THIRD_PRIORITY,
        tables.INHERIT_ORDER,
    ):
        out.append(Cited(f"order {table.key}", table.clause, table.quote))
    out += [Cited(s.key, s.clause, s.quote) for s in tables.STATUSES.values()]
    out += [Cited(d.key, d.clause, d.quote) for d in tables.DEFENCES]
    out += [tables.SAME_NAME, tables.KICK_ONCE, tables.PACK, tables.INHERIT, *tables.LOVERS_QUOTES]
    out += [c for c, _row in tables.NIGHT_EXITS]
    out += [*tables.DAMAGE_QUOTES, *tables.WIN_QUOTES, *tables.VOTE_QUOTES, *tables.ANNOUNCE_QUOTES]
    out += [Cited(f"param {p.key}", p.clause, p.quote) for p in PARAMS]
    out += [Cited(f"threshold {t.key}", t.clause, t.quote) for t in THRESHOLDS]
    out += list(SWITCH_QUOTES)
    out += list(ABSENT)
    out += [Cited(f"given-later {k}", c.clause, c.quote) for k, c in GIVEN_LATER.items()]
    out += [Cited(f"unlisted {r}<{k}>", c.clause, c.quote) for (r, k), c in tables.UNLISTED.items()]
    return out


__all__ = ["quotes"]
