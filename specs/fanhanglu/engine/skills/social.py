"""The social seat and the investigator seat's ferryman: the vote inspector's emergency meeting at step 10
(4.9.2, 2.3.3: batch ⑦, then a full vote with batches ⑨ ⑩, step 11 skipped) with its public vote-source
map (4.9.3) and accusation marker (4.9.6), the eavesdropper's reading at 0.2 and report by day (4.12,
batch ⑪), the ferryman's day investigation of a corpse (4.13).

Out of model: the exclusive speech (4.9.5) — a 30-second speaking slot in the meeting with no rule effect
beyond the flow (it produces no silence and blocks no skill); the map is declared in it, so the engine
publishes the map after the meeting's batch ⑦ and before its votes.  The marker's re-pointing and
withdrawal during the meeting (display only, 「不产生任何规则效果」) are not modelled either: the engine
shows the marker placed and clears it when the meeting ends."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ruleproof.specs.fanhanglu.engine.game import Game
from ruleproof.specs.fanhanglu.engine.model import Action, Player
from ruleproof.specs.fanhanglu.engine.registry import SkillImpl, hook, on_arrival, on_setup, skill
from ruleproof.specs.fanhanglu.engine.skills.common import settle_votes
from ruleproof.specs.fanhanglu.engine.skills.util import living, living_others
from ruleproof.specs.fanhanglu.kernels import PY, vote_valid

# ── vote inspector: the emergency meeting (4.9.2) ──────────────────────────────────────────────


def meeting_possible(g: Game) -> bool:
    """4.9.2: 全场存活≥5 且自身存活, once per game; not in the endgames (1.4.1.1, 1.4.2)."""
    return (
        g.meetings < g.p("meeting.uses")
        and g.alive_count() >= g.p("meeting.alive_min")
        and not (g.extinction or g.duel)
    )


@skill
class EmergencyMeeting(SkillImpl):
    key = "emergency_meeting"
    leads = True  # 4.9.2: announced at the start of step 10, before discussion and votes

    def check(self, g: Game, p: Player, a: Action) -> None:
        if not meeting_possible(g):
            raise g.illegal(
                "4.9.2",
                "紧急会议须全场存活≥5 且全场唯一一次（残局不可发动）",
                "a meeting needs ≥ 5 alive and is once per game (not in the endgames)",
                a,
            )

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        if g.meetings >= g.p("meeting.uses"):  # called earlier in the settlement order (2.1.2②)
            g.log("fizzle", {"actor": p.n, "skill": "emergency_meeting"})
            return
        g.meetings += 1
        g.meeting_night = g.night
        g.meeting_votes = []
        g.publish("7", 1, {"player": p.n, "role": p.presented})  # 批次⑦, before discussion and votes

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return (
            Action(p.n, "emergency_meeting") if g.plan.get(p.n) == "meeting" and meeting_possible(g) else None
        )


def with_own_meeting(g: Game, p: Player, a: Action, clause: str) -> None:
    """4.9.3② / 4.9.6: usable only in the meeting the inspector itself calls (submitted at this step)."""
    if not any(b.actor == p.n and b.skill == "emergency_meeting" for b in g.submitted):
        raise g.illegal(
            clause, "仅可在其发动紧急会议时使用，不可单独发动", "only with the meeting it calls", a
        )


def meeting_held(g: Game, a: Action) -> bool:
    if g.meeting_night != g.night:  # the call did not take effect (e.g. a meeting held earlier)
        g.log("not_executed", {"actor": a.actor, "skill": a.skill, "reason": "no_meeting"})
        return False
    return True


@on_setup("vote_inspector")
def _vote_maps(g: Game, p: Player) -> None:
    p.vote_maps = g.p("vote_map.uses")


@skill
class VoteMap(SkillImpl):
    """4.9.3: once per game, with the meeting it calls, the inspector has the system publish, for the vote
    sessions it chooses among those it saw, every vote's voter → target — official and true (⑥), public
    and permanent (⑤); declared in its exclusive speech (⑦), i.e. after batch ⑦ and before the votes."""

    key = "vote_map"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if p.vote_maps <= 0:
            raise g.illegal("4.9.3", "公开票源图全局限 1 次，已用", "the vote-source map was used", a)
        with_own_meeting(g, p, a, "4.9.3")
        if not a.sessions or len(set(a.sessions)) != len(a.sessions):
            raise g.illegal("4.9.3", "须选定至少一个场次（不重复）", "choose one or more sessions", a)
        unseen = [s for s in a.sessions if s not in p.votes_seen]
        if unseen:
            raise g.illegal(
                "4.9.3", f"限于其已看到的场次（{unseen}）", f"only sessions it has seen ({unseen})", a
            )

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        if not meeting_held(g, a):
            return
        p.vote_maps -= 1
        g.announce("vote_map", {"sessions": {s: g.vote_records[s] for s in a.sessions}})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if p.vote_maps <= 0 or not p.votes_seen or (p.n, "emergency_meeting") not in g.proposed:
            return None
        if rng.random() < 0.5:
            return None
        k = rng.randint(1, len(p.votes_seen))
        return Action(p.n, "vote_map", sessions=tuple(rng.sample(p.votes_seen, k)))


@skill
class Accuse(SkillImpl):
    """4.9.6: in its meeting the inspector may put a public accusation marker on one living player —
    display only (no rule effect: not counted, no trigger, no information), seen by everybody, cleared
    when the meeting ends."""

    key = "accuse"

    def check(self, g: Game, p: Player, a: Action) -> None:
        with_own_meeting(g, p, a, "4.9.6")

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        if not meeting_held(g, a):
            return
        g.accused = a.targets[0]
        g.announce("accusation", {"target": a.targets[0]})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if (p.n, "emergency_meeting") not in g.proposed or rng.random() < 0.5:
            return None
        return Action(p.n, "accuse", (rng.choice(living(g)),))


@skill
class MeetingVote(SkillImpl):
    key = "meeting_vote"
    collective = True
    dead_target_clause = "2.3.4"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if not vote_valid(PY, a.targets == (p.n,), True):  # 2.3.3: the meeting votes as the day does
            raise g.illegal("2.3.4", "不可投给自己", "cannot vote for oneself", a)

    def resolve_all(self, g: Game, actions: Sequence[Action]) -> None:
        if g.meeting_night != g.night:  # the meeting was not called (e.g. the inspector was silenced)
            for a in actions:
                g.log("not_executed", {"actor": a.actor, "skill": a.skill, "reason": "no_meeting"})
            return
        # a voter or target who left in the meeting before the vote (an escape, 6.9.3③) takes no part
        g.meeting_votes.extend(
            a for a in actions if g.players[a.actor - 1].alive and g.players[a.targets[0] - 1].alive
        )

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if "meeting" not in g.plan.values():  # the random policy's inspector did not plan a meeting
            return None
        called = any(
            g.plan.get(q.n) == "meeting" and g.capable(q, "emergency_meeting") for q in g.players if q.alive
        )
        if not called or not meeting_possible(g) or rng.random() < 0.3:
            return None
        return Action(p.n, "meeting_vote", (rng.choice(living_others(g, p)),))


@hook("10", "post")
def _meeting_votes(g: Game) -> None:
    """4.9.2 / 2.3.3: the meeting's vote settles like the day vote (⑨, ⑩, the vote node of 1.2.3)."""
    if g.meeting_night == g.night:
        settle_votes(g, g.meeting_votes)
        g.meeting_votes = []
        if g.accused:  # 4.9.6 会议结束后自动清除、不跨昼夜留存
            g.announce("accusation_cleared", {"target": g.accused})
            g.accused = 0


# ── eavesdropper (4.12) ────────────────────────────────────────────────────────────────────────


@on_arrival
def _forget_reading(g: Game) -> None:
    g.eavesdropped = {}  # 4.12.1④: a reading lasts until the next day's report window


@skill
class Eavesdrop(SkillImpl):
    key = "eavesdrop"

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        pairs = g.eavesdropped[p.n] = [list(pair) for pair in g.chat_pairs]  # every pair of batch ① tonight
        g.private(p.n, "eavesdrop_read", {"pairs": pairs})  # 4.12.1③ 仅窃听者本人可见

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return Action(p.n, "eavesdrop") if g.chat_pairs and rng.random() < 0.8 else None


def pairs_of(targets: Sequence[int]) -> list[list[int]]:
    return [sorted(targets[i : i + 2]) for i in range(0, len(targets), 2)]


@skill
class EavesdropReport(SkillImpl):
    key = "eavesdrop_report"
    targets_may_be_out = True  # the pairs read at night, whoever has left since

    def check(self, g: Game, p: Player, a: Action) -> None:
        if len(a.targets) % 2 or not a.targets:
            raise g.illegal("4.12.2", "报告须列出所读配对组（两两成组）", "list the reported pairs", a)
        if any(pair not in g.eavesdropped.get(p.n, []) for pair in pairs_of(a.targets)):
            raise g.illegal("4.12.2", "报告只可取自当夜所读之配对组", "report only pairs read last night", a)
        if a.content and len(a.content) * 2 != len(a.targets):
            raise g.illegal(
                "4.12.2", "报告内容须逐组一段（与所列配对组一一对应）", "one text per reported pair", a
            )

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        # 批次⑪: the groups and the text as filed — freely rewritten, never compared or corrected by the system
        # (4.12.2①) — with the fixed "not guaranteed true" tag (④); no eavesdropper number (③)
        pairs = pairs_of(a.targets)
        content = list(a.content) if a.content else [None] * len(pairs)
        g.publish("11", 1, {"pairs": pairs, "content": content, "unverified": True})
        g.eavesdropped.pop(p.n, None)  # 4.12.2⑤: one report per night

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        read = g.eavesdropped.get(p.n)
        if not read or rng.random() < 0.5:
            return None
        return Action(p.n, "eavesdrop_report", tuple(rng.choice(read)))


# ── ferryman (4.13) ────────────────────────────────────────────────────────────────────────────


@skill
class FerryInvestigate(SkillImpl):
    key = "ferry_investigate"

    def check(self, g: Game, p: Player, a: Action) -> None:
        corpse = g.players[a.corpse - 1] if a.corpse and 1 <= a.corpse <= len(g.players) else None
        if corpse is None or corpse not in g.dead_tonight or corpse.ferried:
            raise g.illegal(
                "4.13.1",
                "对象限当夜批次⑥所载之尸体，每具全局仅可调查一次",
                "only a corpse of last night's batch ⑥, once each",
                a,
            )
        if not 1 <= len(set(a.targets)) == len(a.targets) <= g.p("ferry.max_group"):
            raise g.illegal("4.13.1", "自选编号组为 1~3 名不同的存活玩家", "1–3 distinct living players", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        assert a.corpse is not None
        corpse = g.players[a.corpse - 1]
        corpse.ferried = True
        # 4.13.1⑤: the killers are the initiators (true identity) of every landed source in the report
        killer = any(t in corpse.landed_by for t in a.targets)
        entry = {"corpse": corpse.n, "group": list(a.targets), "killer": killer}
        p.ferry_log.append(entry)  # 4.13.7⑤: 入私人日志 (voided when the ferryman leaves the game)
        g.private(p.n, "ferry_result", dict(entry))  # 4.13.3 私人日志 (7.2.10)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        corpses = [q.n for q in g.dead_tonight if not q.ferried]
        pool = living(g)
        if not corpses or not pool or rng.random() < 0.3:
            return None
        k = rng.randint(1, min(len(pool), g.p("ferry.max_group")))
        return Action(p.n, "ferry_investigate", tuple(rng.sample(pool, k)), corpse=rng.choice(corpses))
