"""What a seat sees and is offered (``ruleproof-vector/2`` ``views`` and ``menus``) in 返航录.

Views are the visibility the text grants by name (2.8.7 明文授予), one key per grant
(:data:`ruleproof.specs.fanhanglu.vocab.VIEW_FIELDS`): the doctors' list of marked players without truth
(3.3.10①), the xenos' list with truth (3.3.10④), and the xeno team channel — each living xeno's knife
count (5.6.2), tonight's cleanses (5.9⑦), disguises (7.3.1) and sabotage amounts (3.2.2③).  A seat not entitled to a key does not
have it in its view.

Menus are probed off the engine's own checks (:mod:`ruleproof.runtime.menus`); this module says how each
skill's options are probed: targets by the spec's ``targets``, the enumerated fields (a direction, a
product) value by value, and the amount a skill's check requires at the lower bound of its range.
Skills whose fields are free (identities, texts, vote sessions, a corpse) are probed with those fields'
first legal value where one exists (a disguise: the pool's first identity) and otherwise not reported.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ruleproof.runtime.menus import MenuShape
from ruleproof.specs.fanhanglu.engine.model import FAKE, NONE, Action, Player, centi_json
from ruleproof.specs.fanhanglu.engine.skills.aliens import sabotage_range
from ruleproof.specs.fanhanglu.engine.skills.crew import repair_bounds
from ruleproof.specs.fanhanglu.engine.skills.util import disguise_pool
from ruleproof.specs.fanhanglu.roles import DIRECTIONS, DOCTORS, JOB_CHANGE_DIRECTIONS, SKILL_BY_KEY
from ruleproof.specs.fanhanglu.vocab import VIEW_BY_KEY

if TYPE_CHECKING:
    from ruleproof.specs.fanhanglu.engine.game import Game

# the enumerated values of an action field, per skill (the spec's words: 5.1 directions, 4.2.1 job changes,
# 3.3.1 products)
_OPTIONS: dict[tuple[str, str], tuple[str, ...]] = {
    ("evolve", "direction"): tuple(k for k, _ in DIRECTIONS),
    ("convert", "direction"): tuple(k for k, _ in DIRECTIONS),
    ("job_change", "direction"): JOB_CHANGE_DIRECTIONS,
    ("pharma", "product"): ("rescue", "heal"),
}
_FLAGS = frozenset({"silence", "strong", "accept"})  # optional fields a probe may leave out


def _entitled(g: Game, p: Player, who: str) -> bool:
    if who == "doctors":  # 3.3 医生职业族, by the role whose skills the seat uses (2.8.1①: a transform too)
        return p.role in DOCTORS
    if who == "xenos":
        return p.faction == "xenos"
    raise ValueError(who)


def views(g: Game) -> dict[str, dict[str, Any]]:
    """Each living seat's view: only the keys the text lets it see."""
    living = [q for q in g.players if q.alive]
    marked = [q for q in living if q.mark != NONE]
    xenos = [q for q in living if q.faction == "xenos"]
    values: dict[str, Any] = {
        "marked": [q.n for q in marked],
        "marks": {str(q.n): "fake" if q.mark == FAKE else "true" for q in marked},
        "team_knives": {str(q.n): q.knife_count for q in xenos},
        "team_cleansed": [q.n for q in xenos if q.cleanse_night == g.night],
        "team_disguises": {str(q.n): q.disguise_id for q in xenos if q.disguise_night == g.night},
        "team_sabotage": {str(q.n): centi_json(q.sabotage_amount) for q in xenos if q.sabotage_at == g.night},
    }
    # 3.3.10④ is read by its body (「并可分辨各标记为真标记抑或假标记」, as 5.3.5 ¶134); its heading says
    # 「只看标记有无、不辨真伪」 — a contradiction reported, not yet a switch (it needs a distinguisher)
    out: dict[str, dict[str, Any]] = {}
    for p in living:
        view = {key: values[key] for key, f in VIEW_BY_KEY.items() if _entitled(g, p, f.who)}
        if view:
            out[str(p.n)] = view
    return out


def menu_shape(g: Game, p: Player, skill: str) -> MenuShape | None:
    sdef = SKILL_BY_KEY[skill]
    options = {f: _OPTIONS[(skill, f)] for f in sdef.params if (skill, f) in _OPTIONS}
    defaults: dict[str, Any] = {}
    for f in sdef.params:
        if (skill, f) in _OPTIONS or f in _FLAGS:
            continue
        if f == "amount":
            defaults["amount"] = _amount_floor(g, p, skill)
        elif f in ("identity", "identities") and skill == "disguise":
            defaults["identities"] = (disguise_pool(g)[0],)
        else:
            return None  # a free field (a text, vote sessions, a corpse, armor kinds): not on menus
    return MenuShape(targets=sdef.targets in ("one", "many"), options=options, defaults=defaults)


def _amount_floor(g: Game, p: Player, skill: str) -> int:
    """The lower bound of the amount a skill's check accepts (4.1.2, 4.3.2, 3.2.1 / 5.2 / 6.3)."""
    if skill == "sabotage":
        return int(g.p(sabotage_range(p)[0]))
    if skill == "assist_repair":
        return int(g.p("crew.assist_min"))
    return int(g.p(repair_bounds(g)[0]))


def menu_action(seat: int, skill: str, targets: tuple[int, ...], fields: dict[str, Any]) -> Action:
    if SKILL_BY_KEY[skill].targets == "self":
        targets = (seat,)
    return Action(seat, skill, targets, **fields)


__all__ = ["menu_action", "menu_shape", "views"]
