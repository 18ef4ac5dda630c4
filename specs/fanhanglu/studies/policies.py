"""返航录's built-in study policies: small, named, seeded plug-ins (see ruleproof.studies.policy).  Each
decides from its player's :class:`~ruleproof.studies.policy.View` only; anything it does not decide keeps
the engine's random legal choice.

``reasonable`` — the baseline of every faction:

* suspicion is read from what the player saw: a bloodstain notice names the knifer (7.2.7), a detective's
  result or public announcement showing 异形∕外星人, a ferryman's 「有凶手」 group, a hunter's sniff, a
  saboteur exposed in batch ⑤ (3.2.4), and, weakly, the votes a player drew in batch ⑨;
* humans vote and shoot the most suspected living player (police hold their bullets while nobody is
  suspected), doctors rescue the dying they are shown (7.1.3②) and never waste a rescue, the poisoner
  poisons the most suspected player only;
* xenos never knife, infect, poison or vote a teammate, and vote with the crowd against a human;
* the alien kills living others and escapes as soon as it is eligible (6.9.2).

``aggressive`` (the alien) — kills every night it can (two knives once awakened), escapes at once when
eligible: the author's 「激进打法」 (附录四 P3, about 1.28 points a night).  ``silent`` (the alien) — ambushes
with silence every night it may (6.1.2, 0.5 points each up to 3) and never kills; escapes at once.
``stay`` (the alien) — plays like ``aggressive`` but never escapes (what the threshold is worth when unused).

``distribute`` (the craftsman) — forges quick armor and hands every piece out the night after it arrives,
to living players not known to wear one.  ``hoard`` — forges quick armor until the stock is full and hands
pieces out only then, or from night 6 on (the 「囤积打法」 the author asks about, 4.11).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ruleproof.studies.policy import KEEP, Act, Decision, Plugin, View

ENEMY_ROLES = frozenset({"xeno", "alien", "death_row_alien"})
HOARD_UNTIL = 6  # the hoarding craftsman hands pieces out as they come from this night on (a policy choice)


def suspicion(view: View) -> dict[int, float]:
    """How suspect each living seat looks to this player (its own team excluded), from its events.  Kept in
    the player's memo and brought up to date with the events since its last decision."""
    pub_seen, priv_seen, s = view.memo.get("suspicion", (0, 0, {}))

    def add(n: object, w: float) -> None:
        if isinstance(n, int) and n != view.seat and n not in view.team:
            s[n] = s.get(n, 0.0) + w

    private, public = view.private, view.public
    for i in range(priv_seen, len(private)):
        e = private[i]
        d = e.data
        if e.kind == "bloodstain":
            add(d.get("attacker"), 5.0)
        elif e.kind == "detective_result":
            add(d.get("target"), 4.0 if d.get("role") in ENEMY_ROLES else -3.0)
        elif e.kind == "ferry_result" and d.get("killer"):
            for n in d.get("group", ()):
                add(n, 1.5 / max(1, len(d.get("group", ()))))
        elif e.kind == "sniff_result" and d.get("protected"):
            add(d.get("target"), -0.5)
    for i in range(pub_seen, len(public)):
        e = public[i]
        d = e.data
        if e.kind != "batch":
            if e.kind == "accusation":
                add(d.get("target"), 0.5)
            continue
        b = d.get("batch")
        if b == "5":
            for x in d.get("exposed", ()):
                add(x.get("player"), 3.0)
        elif b == "4":
            for x in d.get("exposed", ()):
                add(x.get("player"), -2.0)
        elif b == "9":
            votes = d.get("votes", {})
            items = votes.items() if isinstance(votes, dict) else ()
            for who, k in items:
                if str(who).isdigit() and isinstance(k, int):
                    add(int(who), 0.1 * k)
        elif d.get("announced") is not None:
            x = d.get("announced")
            if isinstance(x, dict) and x.get("role") in ENEMY_ROLES:
                add(x.get("player"), 4.0)
    view.memo["suspicion"] = (len(public), len(private), s)
    alive = set(view.alive)
    return {n: w for n, w in s.items() if n in alive}


def top_suspect(view: View, minimum: float) -> int | None:
    s = suspicion(view)
    if not s:
        return None
    n, w = max(s.items(), key=lambda kv: (kv[1], -kv[0]))
    return n if w >= minimum else None


def latest(view: View, kind: str) -> dict[str, object] | None:
    for e in reversed(view.private):
        if e.kind == kind:
            return e.data if e.night == view.night else None
    return None


def _replace_team(view: View, proposal: tuple[int, ...] | None, rng: random.Random) -> Decision:
    """A team member's action aimed at a teammate or at itself goes to a random other instead."""
    if proposal is None:
        return KEEP
    others = view.others()
    if not others:
        return None
    if any(t == view.seat or t in view.team for t in proposal):
        return Act(
            tuple(t if t != view.seat and t not in view.team else rng.choice(others) for t in proposal)
        )
    return KEEP


class Reasonable(Plugin):
    name = "reasonable"
    skills = frozenset(
        {
            "vote",
            "meeting_vote",
            "shoot",
            "poison",
            "rescue",
            "protect",
            "knife",
            "infect",
            "cocoon",
            "escape",
            "night_escape",
            "alien_kill",
            "ambush",
            "forge",
            "quick_forge",
            "distribute_armor",
        }
    )
    summary = (
        "合理基线：人类按所见线索投票、开枪、救人；异形不伤队友；外星人达标即逃",
        "baseline: humans vote, shoot and rescue on what they saw; xenos spare teammates; the alien escapes when eligible",
    )

    def decide(
        self, view: View, skill: str, proposal: tuple[int, ...] | None, rng: random.Random
    ) -> Decision:
        if view.faction == "xenos":
            return self.xeno(view, skill, proposal, rng)
        if view.faction == "alien":
            return self.alien(view, skill, proposal, rng)
        return self.human(view, skill, proposal, rng)

    def human(self, view: View, skill: str, proposal: tuple[int, ...] | None, rng: random.Random) -> Decision:
        if skill in ("vote", "meeting_vote"):
            t = top_suspect(view, 0.3)
            return Act((t,)) if t is not None else KEEP
        if skill == "shoot":
            t = top_suspect(view, 3.0)
            return Act((t,)) if t is not None else None
        if skill == "poison":
            t = top_suspect(view, 3.0)
            return Act((t,)) if t is not None else None
        if skill == "rescue":
            seen = latest(view, "dying_view")
            dying = [n for n in (seen or {}).get("players", ()) if isinstance(n, int)]  # type: ignore[attr-defined]
            return Act((rng.choice(dying),)) if dying else None
        if skill in ("chat", "accuse"):
            return KEEP
        if proposal is not None and skill in ("protect",) and view.seat in proposal:
            return None
        return KEEP

    def xeno(self, view: View, skill: str, proposal: tuple[int, ...] | None, rng: random.Random) -> Decision:
        if skill in ("vote", "meeting_vote"):
            s = suspicion(view)
            others = view.others()
            if not others:
                return None
            # with the crowd: the non-teammate with the most public suspicion, else a random non-teammate
            return Act((max(others, key=lambda n: (s.get(n, 0.0), rng.random())),))
        if skill in ("knife", "infect", "cocoon"):
            return _replace_team(view, proposal, rng)
        return KEEP

    def alien(self, view: View, skill: str, proposal: tuple[int, ...] | None, rng: random.Random) -> Decision:
        eligible = bool(view.own.get("escape_eligible"))
        if skill == "escape":
            return Act() if eligible and self.escapes() else None
        if skill in ("night_escape",):
            return Act(fields={"step": view.step}) if eligible and self.escapes() else None
        if skill in ("alien_kill", "ambush") and proposal is not None and view.seat in proposal:
            others = view.others()
            return Act(tuple(rng.choice(others) for _ in proposal)) if others else None
        return KEEP

    def escapes(self) -> bool:
        return True

    def plan(self, view: View, options: Sequence[str], rng: random.Random) -> str | None:
        if view.faction != "alien":
            return None
        if "escape" in options and view.own.get("escape_eligible") and self.escapes():
            return "escape"
        return None


class Aggressive(Reasonable):
    name = "aggressive"
    summary = (
        "外星人激进打法：每夜尽量出刀（觉醒后两刀），达标即逃",
        "the alien's aggressive play: kill every night it can (two knives once awakened), escape once eligible",
    )

    def alien(self, view: View, skill: str, proposal: tuple[int, ...] | None, rng: random.Random) -> Decision:
        if skill == "alien_kill":
            others = view.others()
            if not others:
                return None
            k = 2 if view.own.get("awakened") else 1
            return Act(tuple(rng.sample(others, min(k, len(others)))))
        return super().alien(view, skill, proposal, rng)

    def plan(self, view: View, options: Sequence[str], rng: random.Random) -> str | None:
        if view.faction != "alien":
            return None
        if "escape" in options and view.own.get("escape_eligible") and self.escapes():
            return "escape"
        return "kill" if "kill" in options else None


class Silent(Reasonable):
    name = "silent"
    summary = (
        "外星人沉默打法：每夜以沉默伏击（6.1.2），从不出刀，达标即逃",
        "the alien's silent play: ambush with silence every night (6.1.2), never kill, escape once eligible",
    )

    def alien(self, view: View, skill: str, proposal: tuple[int, ...] | None, rng: random.Random) -> Decision:
        if skill == "ambush":
            others = view.others()
            return Act((rng.choice(others),), {"silence": True}) if others else None
        return super().alien(view, skill, proposal, rng)

    def plan(self, view: View, options: Sequence[str], rng: random.Random) -> str | None:
        if view.faction != "alien":
            return None
        if "escape" in options and view.own.get("escape_eligible"):
            return "escape"
        return "ambush" if "ambush" in options else "none"


class Stay(Aggressive):
    name = "stay"
    summary = (
        "外星人激进打法但从不逃亡（对照：门槛不被使用时的局面）",
        "the alien's aggressive play without ever escaping (a control: the threshold unused)",
    )

    def escapes(self) -> bool:
        return False


class Distribute(Reasonable):
    name = "distribute"
    summary = (
        "工匠即铸即发：速成铸造，护甲到库次夜即分配给未知佩甲的存活者",
        "the craftsman hands out at once: quick forging, every piece handed out the night it is in stock",
    )

    def hands_out(self, view: View, stock: int) -> bool:
        return stock > 0

    def human(self, view: View, skill: str, proposal: tuple[int, ...] | None, rng: random.Random) -> Decision:
        if view.role != "craftsman" or skill not in ("forge", "quick_forge", "distribute_armor"):
            return super().human(view, skill, proposal, rng)
        regular, quick = int(view.own.get("armor_stock") or 0), int(view.own.get("quick_stock") or 0)
        stock = regular + quick
        handing = self.hands_out(view, stock)
        if skill == "forge":
            return None
        if skill == "quick_forge":
            return None if handing or int(view.own.get("forge_progress") or 0) else Act()
        if not handing:
            return None
        given: set[int] = view.memo.setdefault("armor_given", set())
        pool = [n for n in view.alive if n != view.seat and n not in given] or [
            n for n in view.alive if n != view.seat
        ]
        if not pool:
            return None
        targets = tuple(rng.sample(pool, min(stock, len(pool))))
        given.update(targets)
        n_regular = min(regular, len(targets))
        return Act(targets, {"kinds": ("regular",) * n_regular + ("quick",) * (len(targets) - n_regular)})


class Hoard(Distribute):
    name = "hoard"
    summary = (
        "工匠囤积：速成铸造至库存满（上限）才分配，第 6 夜起随铸随发",
        "the craftsman hoards: quick forging until the stock is full, handing out only then (or from night 6)",
    )

    def hands_out(self, view: View, stock: int) -> bool:
        return stock >= int(view.params["craftsman.stock_cap"]) or (stock > 0 and view.night >= HOARD_UNTIL)


BUILTIN: dict[str, type[Plugin]] = {
    cls.name: cls for cls in (Plugin, Reasonable, Aggressive, Silent, Stay, Distribute, Hoard)
}

__all__ = ["BUILTIN", "Aggressive", "Distribute", "Hoard", "Reasonable", "Silent", "Stay", "suspicion"]
