"""The official Blood on the Clocktower script data for the roles of [M124] 血染钟楼 — facts only (the
official name, the first-night and other-night wake numbers, the setup flag), and the comparison of the
variant's night orders and skill timings with them.

Source: the public repository ``bra1n/townsquare``, file ``src/roles.json`` at commit
``48cb4942a2d0bcb8a803ec7554617b58ea09a5c0`` (fields ``id``, ``name``, ``firstNight``, ``otherNight``,
``setup``; 0 = does not wake that night).  The two roles of the director's own (冒险家, 任务达人) have no
official entry.  Nothing here is guessed: a role missing from the source would be listed as such.

The comparison reports facts for the author to judge (which differences are intended): it never
decides that the text is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ruleproof.specs.botc_m124.roles import ROLE_BY_KEY, ROLES, SKILL_BY_KEY
from ruleproof.specs.botc_m124.tables import FIRST_NIGHT, FLOW, MODIFIER_BY_ROLE, OTHER_NIGHTS, Slot

SOURCE = {
    "repository": "bra1n/townsquare",
    "path": "src/roles.json",
    "commit": "48cb4942a2d0bcb8a803ec7554617b58ea09a5c0",
}


@dataclass(frozen=True)
class Official:
    name: str
    first_night: int
    other_night: int
    setup: bool = False


OFFICIAL: dict[str, Official] = {
    "washerwoman": Official("Washerwoman", 33, 0),
    "librarian": Official("Librarian", 34, 0),
    "investigator": Official("Investigator", 35, 0),
    "chef": Official("Chef", 36, 0),
    "clockmaker": Official("Clockmaker", 41, 0),
    "noble": Official("Noble", 44, 0),
    "pixie": Official("Pixie", 29, 0),
    "bountyhunter": Official("Bounty Hunter", 46, 64, setup=True),
    "empath": Official("Empath", 37, 53),
    "mathematician": Official("Mathematician", 52, 71),
    "undertaker": Official("Undertaker", 0, 55),
    "flowergirl": Official("Flowergirl", 0, 57),
    "towncrier": Official("Town Crier", 0, 58),
    "savant": Official("Savant", 0, 0),
    "fortuneteller": Official("Fortune Teller", 38, 54),
    "chambermaid": Official("Chambermaid", 51, 70),
    "dreamer": Official("Dreamer", 42, 56),
    "monk": Official("Monk", 0, 12),
    "exorcist": Official("Exorcist", 0, 21),
    "preacher": Official("Preacher", 14, 6),
    "sailor": Official("Sailor", 11, 4),
    "innkeeper": Official("Innkeeper", 0, 9),
    "gambler": Official("Gambler", 0, 10),
    "snakecharmer": Official("Snake Charmer", 20, 11),
    "seamstress": Official("Seamstress", 43, 60),
    "artist": Official("Artist", 0, 0),
    "virgin": Official("Virgin", 0, 0),
    "tealady": Official("Tea Lady", 0, 0),
    "minstrel": Official("Minstrel", 0, 0),
    "sage": Official("Sage", 0, 42),
    "ravenkeeper": Official("Ravenkeeper", 0, 52),
    "slayer": Official("Slayer", 0, 0),
    "gossip": Official("Gossip", 0, 38),
    "juggler": Official("Juggler", 0, 61),
    "alchemist": Official("Alchemist", 3, 0),
    "amnesiac": Official("Amnesiac", 32, 47),
    "cannibal": Official("Cannibal", 0, 0),
    "drunk": Official("Drunk", 0, 0, setup=True),
    "lunatic": Official("Lunatic", 8, 20),
    "mutant": Official("Mutant", 0, 0),
    "acrobat": Official("Acrobat", 0, 39),
    "goon": Official("Goon", 0, 0),
    "puzzlemaster": Official("Puzzlemaster", 0, 0),
    "recluse": Official("Recluse", 0, 0),
    "politician": Official("Politician", 0, 0),
    "heretic": Official("Heretic", 0, 0),
    "sweetheart": Official("Sweetheart", 0, 41),
    "barber": Official("Barber", 0, 40),
    "moonchild": Official("Moonchild", 0, 50),
    "scarletwoman": Official("Scarlet Woman", 0, 19),
    "mastermind": Official("Mastermind", 0, 0),
    "marionette": Official("Marionette", 12, 0, setup=True),
    "godfather": Official("Godfather", 21, 37, setup=True),
    "poisoner": Official("Poisoner", 17, 7),
    "devilsadvocate": Official("Devil's Advocate", 22, 13),
    "assassin": Official("Assassin", 0, 36),
    "witch": Official("Witch", 24, 14),
    "cerenovus": Official("Cerenovus", 25, 15),
    "pithag": Official("Pit-Hag", 0, 16),
    "mezepheles": Official("Mezepheles", 27, 18),
    "goblin": Official("Goblin", 0, 0),
    "zombuul": Official("Zombuul", 0, 25),
    "pukka": Official("Pukka", 28, 26),
    "imp": Official("Imp", 0, 24),
    "fanggu": Official("Fang Gu", 0, 29, setup=True),
    "po": Official("Po", 0, 28),
    "vigormortis": Official("Vigormortis", 0, 32, setup=True),
    "nodashii": Official("No Dashii", 0, 30),
    "vortox": Official("Vortox", 0, 31),
    "lleech": Official("Lleech", 16, 34),
    "lilmonsta": Official("Lil' Monsta", 15, 35, setup=True),
}

SETUP_EFFECT_ROLES = frozenset(
    {"bountyhunter", "drunk", "lunatic", "marionette", "alchemist", "fortuneteller", "puzzlemaster"}
)
"""Roles whose section states a set-up effect that is not a skill (「一名村民转变为邪恶阵营」, 「酒鬼认为自己
是…」…); with the modifier roles, these are the variant's set-up roles."""


@dataclass(frozen=True)
class Difference:
    kind: str  # night-order / night-missing / night-extra / timing / setup / unofficial
    roles: tuple[str, ...]
    zh: str
    en: str
    clause: str
    quote: str

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "roles": list(self.roles),
            "message": self.zh,
            "message_en": self.en,
            "clause": self.clause,
            "quote": self.quote,
        }


def _role_of(slot: Slot) -> str:
    return SKILL_BY_KEY[slot.skills[0]].role


def _order_differences(label: str, slots: tuple[Slot, ...], number: str) -> list[Difference]:
    out: list[Difference] = []
    roles = list(dict.fromkeys(_role_of(s) for s in slots))
    printed = {_role_of(s): s.printed for s in slots}

    def num(r: str) -> int:
        o = OFFICIAL.get(r)
        return 0 if o is None else (o.first_night if number == "first" else o.other_night)

    for r in roles:
        if r not in OFFICIAL:
            continue
        if num(r) == 0:
            out.append(
                Difference(
                    "night-extra",
                    (r,),
                    f"{label}列有「{printed[r]}」，官方{('首夜' if number == 'first' else '其他夜晚')}不唤醒 {OFFICIAL[r].name}",
                    f"{label} lists {printed[r]}; officially {OFFICIAL[r].name} does not wake on the {number} night",
                    FLOW,
                    printed[r],
                )
            )
    listed = set(roles)
    for role in ROLES:
        o = OFFICIAL.get(role.key)
        if o is None or role.key in listed:
            continue
        if (o.first_night if number == "first" else o.other_night) > 0:
            out.append(
                Difference(
                    "night-missing",
                    (role.key,),
                    f"{label}没有「{role.zh}」，官方在{('首夜' if number == 'first' else '其他夜晚')}第 {num(role.key)} 位唤醒 {o.name}",
                    f"{label} has no {role.zh}; officially {o.name} wakes at {num(role.key)} on the {number} night",
                    role.clause,
                    role.zh,
                )
            )
    ranked = [r for r in roles if num(r) > 0]
    for i, a in enumerate(ranked):
        for b in ranked[i + 1 :]:
            if num(a) > num(b):
                out.append(
                    Difference(
                        "night-order",
                        (a, b),
                        f"{label}「{printed[a]}」在「{printed[b]}」之前；官方 {OFFICIAL[b].name}（{num(b)}）在 {OFFICIAL[a].name}（{num(a)}）之前",
                        f"{label}: {printed[a]} before {printed[b]}; officially {OFFICIAL[b].name} ({num(b)}) wakes before {OFFICIAL[a].name} ({num(a)})",
                        FLOW,
                        printed[a],
                    )
                )
    return out


def _timing(role: str) -> tuple[bool, bool]:
    """(acts on the opening night, acts on later nights), by the text: a slot in that night's order, or a
    skill labelled for that night (passive ones included — the official numbers count the storyteller's
    steps too)."""
    skills = [SKILL_BY_KEY[k] for k in ROLE_BY_KEY[role].skills]
    first_listed = any(s.key in slot.skills for slot in FIRST_NIGHT.slots for s in skills if s.time is None)
    other_listed = any(
        s.key in slot.skills for ph in OTHER_NIGHTS for slot in ph.slots for s in skills if s.time is None
    )
    first = first_listed or any(s.time in ("夜晚", "首夜") for s in skills)
    other = other_listed or any(s.time in ("夜晚", "夜晚*") for s in skills)
    return first, other


def compare() -> list[Difference]:
    """Every difference between the variant and the official data: the two night orders (roles listed
    that the official night does not wake, roles it wakes that are not listed, pairs in the opposite
    order), the nights a role's skills act on, the set-up roles, and the roles with no official entry."""
    out = _order_differences("开局夜晚顺序", FIRST_NIGHT.slots, "first")
    slots = tuple(s for ph in OTHER_NIGHTS for s in ph.slots)
    out += _order_differences("其他夜晚顺序", slots, "other")
    for r in ROLES:
        o = OFFICIAL.get(r.key)
        if o is None:
            out.append(
                Difference(
                    "unofficial",
                    (r.key,),
                    f"「{r.zh}」不是官方角色（导演自制）",
                    f"{r.zh} is not an official role",
                    r.clause,
                    r.zh,
                )
            )
            continue
        first, other = _timing(r.key)
        if (first, other) != (o.first_night > 0, o.other_night > 0):
            skills = "、".join(SKILL_BY_KEY[k].quote for k in r.skills)
            out.append(
                Difference(
                    "timing",
                    (r.key,),
                    f"「{r.zh}」的技能（{skills}）{'首夜' if first else ''}{'其他夜晚' if other else ''}{'' if first or other else '夜间不'}行动；官方 {o.name} 首夜 {o.first_night}、其他夜晚 {o.other_night}",
                    f"{r.zh}: acts on the opening night {first}, later nights {other}; officially {o.name} first {o.first_night}, other {o.other_night}",
                    r.clause,
                    SKILL_BY_KEY[r.skills[0]].quote,
                )
            )
        variant_setup = r.key in MODIFIER_BY_ROLE or r.key in SETUP_EFFECT_ROLES
        if variant_setup != o.setup:
            out.append(
                Difference(
                    "setup",
                    (r.key,),
                    f"「{r.zh}」{'有' if variant_setup else '没有'}开局配置效果；官方 {o.name} {'有' if o.setup else '没有'}（setup）",
                    f"{r.zh}: set-up effect in the text {variant_setup}; official setup flag {o.setup}",
                    r.clause,
                    r.zh,
                )
            )
    return out


__all__ = ["OFFICIAL", "SOURCE", "Difference", "Official", "compare"]
