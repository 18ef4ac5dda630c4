"""返航录's seats and actions: the runtime's (:mod:`ruleproof.runtime.model`) with this book's fields."""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from ruleproof.runtime.model import Action as BaseAction
from ruleproof.runtime.model import Event, IllegalAction, NotImplementedRule, Seat
from ruleproof.specs.model import centi_json


@mypyc_attr(allow_interpreted_subclasses=True)
class Action(BaseAction):
    """One submitted action, with 返航录's fields.  Amounts are in hundredths (1.5 → 150)."""

    __slots__ = (
        "accept",
        "amount",
        "content",
        "corpse",
        "direction",
        "identities",
        "kinds",
        "product",
        "sessions",
        "silence",
        "strong",
    )

    def __init__(
        self,
        actor: int,
        skill: str,
        targets: tuple[int, ...] = (),
        *,
        amount: int | None = None,
        direction: str | None = None,
        identities: tuple[str, ...] = (),
        product: str | None = None,
        silence: bool = False,
        strong: bool = False,
        accept: int | None = None,
        corpse: int | None = None,
        kinds: tuple[str, ...] = (),
        step: str | None = None,
        sessions: tuple[str, ...] = (),
        content: tuple[str, ...] = (),
    ) -> None:
        # the runtime's fields, set here rather than through super().__init__: the random policy builds
        # many actions per game, and this is the engine's hottest constructor
        self.at = None
        self.content = content  # the text filed for each reported pair (the eavesdropper's report, 4.12.2)
        self.sessions = sessions  # the vote sessions a public vote-source map shows (4.9.3③)
        self.actor = actor
        self.step = step  # the window chosen for a skill with several (6.9.3①); None: the skill's own step
        self.corpse = corpse  # the ferryman's corpse (4.13.1③)
        self.kinds = kinds  # armor kinds per target: regular / quick (4.11.2②)
        self.accept = accept
        self.skill = skill
        self.targets = targets
        self.amount = amount
        self.direction = direction
        self.identities = identities
        self.product = product
        self.silence = silence
        self.strong = strong

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"actor": self.actor, "skill": self.skill}
        if self.targets:
            out["targets"] = list(self.targets)
        if self.amount is not None:
            out["amount"] = centi_json(self.amount)
        if self.direction is not None:
            out["direction"] = self.direction
        if self.identities:
            out["identities"] = list(self.identities)
        if self.product is not None:
            out["product"] = self.product
        if self.silence:
            out["silence"] = True
        if self.strong:
            out["strong"] = True
        if self.accept is not None:
            out["accept"] = self.accept
        if self.corpse is not None:
            out["corpse"] = self.corpse
        if self.kinds:
            out["kinds"] = list(self.kinds)
        if self.step is not None:
            out["step"] = self.step
        if self.sessions:
            out["sessions"] = list(self.sessions)
        if self.content:
            out["content"] = list(self.content)
        return out


NONE, TRUE, FAKE = 0, 1, 2  # infection marks (kernel.Mark)
MARK_NAMES = ("none", "true", "fake")


@mypyc_attr(allow_interpreted_subclasses=True)
class Player(Seat):
    """One seat at the table.  Fields mirror the spec's state fields (specs/fanhanglu/vocab.py)."""

    __slots__ = (
        "alien_sabotages",
        "antibody_night",
        "antibody_src",
        "antidote_quota",
        "armor",
        "armor_inf",
        "armor_stock",
        "armor_until",
        "awakened",
        "base_role",
        "bloodstain",
        "bullets",
        "bullets_pending",
        "check_counts",
        "cleanse_night",
        "conversions",
        "death_night",
        "deferred_extras",
        "deferred_night",
        "direction",
        "direction_night",
        "disguise_id",
        "disguise_night",
        "disguise_strong",
        "disguises",
        "dying",
        "eligible",
        "escape_score",
        "evolved_night",
        "exile_points",
        "exposed",
        "extra_alive_done",
        "extra_knife",
        "extra_knife_granted",
        "extra_repairs",
        "ferried",
        "ferry_log",
        "forge_pending",
        "forge_progress",
        "guard_night",
        "heal",
        "heal_pending",
        "immune_night",
        "immunity",
        "infect_count",
        "infect_night",
        "kill_by",
        "knife_count",
        "knifed_night",
        "landed_by",
        "last_chat",
        "last_protected",
        "main_night",
        "main_skill",
        "mark",
        "mark_by",
        "mark_due",
        "no_main_night",
        "no_occupancy",
        "patrol_dmg",
        "patrol_inf",
        "patrol_night",
        "patrol_used",
        "pharma_progress",
        "poison_by",
        "poison_due",
        "poison_fell_night",
        "poison_quota",
        "poisoned",
        "pool",
        "presented",
        "process_undo",
        "protect_dmg",
        "protect_inf",
        "protect_night",
        "protected_by",
        "quick_pending",
        "quick_progress",
        "quick_stock",
        "recovery",
        "repair_total",
        "rescue",
        "rescue_pending",
        "revives",
        "sabotage_amount",
        "sabotage_at",
        "sabotage_total",
        "safe_room_night",
        "safe_rooms",
        "samples",
        "save_progress",
        "self_heal_at_arrival",
        "self_heal_quota",
        "self_rescue",
        "shield",
        "shots",
        "shots_landed",
        "silence_night",
        "silence_points",
        "silenced_night",
        "sniff_nights",
        "sources",
        "suppressed_night",
        "suppressions",
        "transform_night",
        "unlocked",
        "used",
        "vaccine_from",
        "vaccine_src",
        "vaccine_until",
        "vaccines",
        "vote_maps",
        "votes_seen",
    )

    def __init__(self, n: int, role: str, faction: str) -> None:
        # role: the role whose skills the player uses — 2.8.1① 字面身份 (a transform changes it);
        # true_role: 真实职业 — changed by a job change (4.2), never by a transform (6.8.3)
        super().__init__(n, role, faction)
        self.base_role = role
        self.presented = role
        self.death_night = 0
        self.dying = False
        self.sources: list[str] = []  # landed death sources tonight (4.10.6), in landing order
        self.kill_by = 0  # the attacker whose point made this player dying (4.10.6 击杀归属)
        self.main_night = 0
        self.main_skill = ""
        self.used: set[str] = set()  # skills submitted tonight (exclusions, 2.5.3)
        self.no_main_night = 0
        self.silenced_night = 0  # the night this player's active skills are blocked by silence
        self.silence_night = 0  # the night a silence was applied to this player (6.1.2 (a))
        self.suppressed_night = 0
        self.suppressions = 0
        # infection
        self.mark = NONE
        self.mark_due = 0
        self.mark_by = 0
        self.antibody_night = 0
        self.antibody_src = 0
        # layers
        self.protect_night = 0
        self.protect_dmg = False
        self.protect_inf = False
        self.protected_by = 0
        self.patrol_night = 0
        self.patrol_dmg = False
        self.patrol_inf = False
        self.safe_room_night = 0
        self.armor = False
        self.shield = False
        self.immunity = 0
        self.immune_night = 0
        # quotas and resources
        self.bullets = 0
        self.recovery = 0  # bounty bullets arriving next night
        self.bullets_pending = 0  # hunter's saved bullets arriving next night
        self.shots: list[int] = []  # targets shot tonight (bounty)
        self.shots_landed: list[bool] = []  # per shot: not stopped by a layer (bounty.blocked_shot)
        # a 2.9 process advanced tonight: (night, the fields before) — process.dying_later_same_night
        self.process_undo: tuple[int, dict[str, int]] | None = None
        self.poison_fell_night = 0  # the night a poison fell due on this player (poison.perceived_when_due)
        self.self_heal_at_arrival = 0  # the self-heal quota held at the night's arrival point
        self.extra_alive_done = False
        self.patrol_used = False
        self.heal = 0
        self.rescue = 0
        self.self_rescue = 0
        self.heal_pending = 0  # pharma products arriving next night
        self.rescue_pending = 0
        self.pharma_progress = 0
        self.save_progress = 0
        self.sniff_nights = 0
        self.safe_rooms = 0
        self.extra_repairs = 0
        self.repair_total = 0
        self.sabotage_total = 0
        self.exposed = False
        self.last_protected = 0
        self.guard_night = 0
        self.check_counts: dict[int, int] = {}
        self.pool: list[list[Any]] = []  # detective's checked pool [[target, role], …]
        self.last_chat = (0, 0)  # (night, target) of the last chat initiation
        # xenos
        self.knife_count = 0
        self.knifed_night = 0
        self.direction: str | None = None
        self.evolved_night = 0
        self.conversions = 0
        self.extra_knife = 0
        self.extra_knife_granted = False
        self.direction_night = 0
        self.disguises = 0
        self.disguise_night = 0
        self.disguise_id = ""
        self.disguise_strong = False  # 7.3.0②: the disguise of disguise_night is a strong one
        # alien
        self.awakened = False
        self.alien_sabotages = 0
        self.self_heal_quota = 0
        # issue 7: the landed initiators of tonight (4.13.1⑤), armor units and quick armor (4.11)
        self.landed_by: list[int] = []
        self.armor_inf = False  # the armor's infection unit (4.11.1①: two independent counters)
        self.armor_until = 0  # last night a quick armor lasts (0: regular armor or none)
        # poison (4.6.4)
        self.poisoned = False
        self.poison_due = 0
        self.poison_by = 0
        self.poison_quota = 0
        self.antidote_quota = 0
        # craftsman (4.11)
        self.armor_stock = 0
        self.quick_stock = 0
        self.forge_progress = 0
        self.forge_pending = 0
        self.quick_pending = 0
        self.quick_progress = 0
        # vaccine researcher (4.14)
        self.samples = 0
        self.unlocked = False
        self.vaccines = 0
        self.vaccine_from = 0
        self.vaccine_until = 0
        self.vaccine_src = 0
        # death-row alien (6.8)
        self.revives = 0
        self.transform_night = 0
        self.no_occupancy = False  # 6.8.5④: a death-row alien presenting a xeno takes no slot
        self.deferred_extras: tuple[
            str, ...
        ] = ()  # 2.8.5③: time-limited extras (sources) due tonight to an inactive mirror
        self.deferred_night = 0
        # bloodstain (7.2.7) and escape (6.9)
        self.bloodstain = 0
        self.escape_score = 0  # hundredths
        self.exile_points = 0
        self.silence_points = 0
        self.eligible = False
        self.ferried = False  # this corpse was investigated by the ferryman (4.13.1③)
        self.ferry_log: list[dict[str, Any]] = []  # the ferryman's private log of conclusions (4.13.7⑤)
        self.cleanse_night = 0  # the night this xeno cleansed (5.9⑦: visible to its teammates)
        self.infect_night = 0  # the night of this xeno's last infection, and the names it spent (5.3.1)
        self.infect_count = 0
        self.sabotage_at = (
            0  # the night of this saboteur's last sabotage and its amount (3.2.2③: teammates see it)
        )
        self.sabotage_amount = 0
        # vote inspector (4.9.3): public vote-source maps left; the vote sessions whose sources it saw
        self.vote_maps = 0
        self.votes_seen: list[str] = []


__all__ = [
    "FAKE",
    "MARK_NAMES",
    "NONE",
    "TRUE",
    "Action",
    "Event",
    "IllegalAction",
    "NotImplementedRule",
    "Player",
    "centi_json",
]
