"""What every player shares: arrivals reset, private chat (2.2), infection suppression (3.3.4) and
infection death (2.1.4), death settlement (4.10.6), countdown (3.1), votes and exile (2.3.4), phases (1.4).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ruleproof.specs.fanhanglu.engine.game import Game
from ruleproof.specs.fanhanglu.engine.model import FAKE, NONE, TRUE, Action, Player, centi_json
from ruleproof.specs.fanhanglu.engine.registry import (
    SkillImpl,
    hook,
    on_arrival,
    on_dying,
    on_setup,
    skill,
)
from ruleproof.specs.fanhanglu.kernels import (
    PY,
    Lethal,
    delayed_lethal,
    exile_outcome,
    net_damage_apply,
    vote_valid,
)
from ruleproof.specs.fanhanglu.vocab import DEATH_SOURCES

DEATH_SOURCE_ORDER = tuple(key for key, _ in DEATH_SOURCES)  # 4.10.6: 出刀（异形∕外星人）、枪击、中毒、感染


@on_arrival
def _reset(g: Game) -> None:
    g.reset_night()


@on_setup("*")
def _suppressions(g: Game, p: Player) -> None:
    if p.faction in ("humans", "alien"):
        p.suppressions = g.p("suppression.uses")


# ── step 0: private chat ─────────────────────────────────────────────────────────────────────


@skill
class Chat(SkillImpl):
    key = "chat"
    collective = True

    def check(self, g: Game, p: Player, a: Action) -> None:
        if len(a.targets) > g.p("chat.per_night"):
            raise g.illegal("2.2", "每人每夜 1 次发起", "one initiation per night", a)
        for t in a.targets:
            if t == p.n:
                raise g.illegal("2.2", "不可向自己发起私聊", "cannot invite oneself", a)
            if p.last_chat == (g.night - 1, t):
                raise g.illegal(
                    "2.2", "不可连续两晚向同一目标发起", "not the same target two nights running", a
                )
        if a.accept is not None and (a.accept == p.n or not g.player(a.accept, a.skill).alive):
            raise g.illegal("2.2", "只可接受其他存活玩家之邀请", "accept a living other player", a)

    def resolve_all(self, g: Game, actions: Sequence[Action]) -> None:
        invited: dict[int, int] = {}
        for a in actions:
            p = g.players[a.actor - 1]
            if a.targets and g.capable(p, "chat"):
                invited[a.actor] = a.targets[0]
                p.last_chat = (g.night, a.targets[0])
        pairs = []
        for a in actions:
            inviter = a.accept
            if (
                inviter is not None
                and invited.get(inviter) == a.actor
                and g.capable(g.players[a.actor - 1], "chat")
            ):
                pairs.append(sorted((inviter, a.actor)))
        g.chat_pairs = sorted(pairs)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if rng.random() < 0.5:
            return None
        living = [q.n for q in g.players if q.alive and q.n != p.n]
        t = rng.choice(living)
        if p.last_chat == (g.night - 1, t):
            return None
        return Action(p.n, "chat", (t,), accept=rng.choice(living))


@hook("0", "post")
def _chat_batch(g: Game) -> None:
    """Batch ①: the pairs, right after step 0 (2.2 ④); chat is frozen in extinction (1.4.1.3)."""
    if not g.extinction:
        g.publish("1", len(g.chat_pairs), {"pairs": g.chat_pairs})


# ── step 0.5 / 0.55: suppression and infection death ────────────────────────────────────────


@skill
class Suppress(SkillImpl):
    key = "suppress"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if p.suppressions <= 0:
            raise g.illegal("3.3.4", "感染抑制 2 次已用尽", "no suppression left", a)
        if p.mark != TRUE or p.mark_due < g.night:
            raise g.illegal("3.3.4", "身上持有会致死的真标记时方有抑制选项", "needs a lethal true mark", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.suppressions -= 1
        p.suppressed_night = g.night
        p.mark_due += g.p("suppression.delay")
        g.log("suppressed", {"player": p.n, "due": p.mark_due})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if p.mark == TRUE and p.mark_due == g.night and p.suppressions > 0 and rng.random() < 0.6:
            return Action(p.n, "suppress", (p.n,))
        return None


@hook("0.55", "pre")
def _infection_death(g: Game) -> None:
    """2.1.4: a true mark due tonight makes its holder dying — unless night immunity stops it (6.4.2)."""
    xeno_form_immune = g.interp["death_row.timer_in_xeno_form"] == "immune"
    for n in g.order:
        p = g.players[n - 1]
        if p.mark != TRUE or p.mark_due != g.night:
            continue
        if xeno_form_immune and p.presented == "xeno":  # 4.10.6 / 1.4.1.3 reading: effect immunity
            p.mark = FAKE  # the mark stays on the player but never kills (5.3.2③)
            g.log("fizzle", {"player": p.n, "cause": "infection", "reason": "effect_immunity"})
            continue
        if not fall_due(g, p, "infection", p.mark_by):
            g.clear_mark(p)  # 6.4.2: the mark is removed with the immunity that stopped it


def fall_due(g: Game, p: Player, source: str, initiator: int) -> bool:
    """A delayed lethal act (infection or poison, 4.10.1②) falls due at step 0.55: night immunity stops it
    (6.4.2: free if already triggered tonight, else one charge); otherwise the holder becomes dying,
    attributed to the applier (4.10.1④).  Both sources are judged independently at the same point
    (2.1.4): each is recorded in the report.  Returns whether it made (or found) the holder dying."""
    code, p.immunity = delayed_lethal(PY, p.immune_night == g.night, p.immunity)
    if code == Lethal.IMMUNITY_CONSUMED:
        p.immune_night = g.night
        g.private(p.n, "immunity_consumed", {"path": source, "remaining": p.immunity})  # 7.2.4
    if code != Lethal.DYING:
        return False
    if not p.dying:
        p.kill_by = initiator
        g.log("dying", {"player": p.n, "cause": source})
        g.become_dying(p)
    if source not in p.sources:
        p.sources.append(source)
    p.landed_by.append(initiator)
    return True


# ── step 9: death settlement, reports, phases ───────────────────────────────────────────────


def report(p: Player) -> list[str]:
    """4.10.6 尸体调查报告: every landed source, deduplicated, without counts or order."""
    return [s for s in DEATH_SOURCE_ORDER if s in p.sources]


def reveal(p: Player) -> dict[str, object]:
    """The out-reveal: number, true faction, presented role, true role (2.8.12①)."""
    return {"player": p.n, "faction": p.faction, "presented_role": p.presented, "role": p.true_role}


@hook("9", "pre")
def _death_settlement(g: Game) -> None:
    dead = g.settle()
    g.dead_tonight = dead
    content: dict[str, Any] = {"deaths": [{**reveal(p), "report": report(p)} for p in dead]}
    content.update(g.revive_trace)  # 6.8.4⑥: the revive trace rides on the next published batch ⑥
    if g.publish("6", None, content):
        g.revive_trace = {}
    for p in dead:
        g.log("death", {"player": p.n, "killer": p.kill_by, "report": report(p)})


@hook("9", "post")
def _victory_and_phase(g: Game) -> None:
    """1.2.3 at the step-9 node; 1.4.3 stalemate (before the night-cap draw, 1.5.2); 1.4.1.1 phases."""
    if g.stalemate_from and g.night > g.stalemate_from:
        if g.dead_tonight:
            g.stalemate = 0
        else:
            g.stalemate += 1
            if g.stalemate > g.p("duel.stalemate_nights"):
                _, _, alien = g.faction_counts()
                g.finish("alien" if alien else "humans", "step9", "1.4.3", "stalemate")
                return
    g.check_victory("step9")
    if g.result is None:
        _switch_phase(g)


def _switch_phase(g: Game) -> None:
    """1.4.1.1: the phase is decided right after step 9 of every night."""
    humans, xenos, alien = g.faction_counts()
    if humans == 0 and xenos > 0 and alien > 0 and not g.extinction:
        g.extinction = True
        g.countdown_void = True  # 1.2.4 / 1.4.4: entering extinction cancels the countdown victory
        for p in g.players:  # 1.4.1.5: every fake mark is removed on entering
            if p.mark == 2:
                p.mark = NONE
        g.log("phase", {"phase": "extinction"})
    alive = humans + xenos + alien
    if alive == g.p("duel.players") and sum(1 for c in (humans, xenos, alien) if c) == 2 and not g.duel:
        g.duel = True
        g.log("phase", {"phase": "duel"})
    if g.duel and not g.stalemate_from and (g.countdown_void or humans == 0):
        g.stalemate_from = g.night  # 1.4.3: counted from the next night's step 9
        g.stalemate = 0


# ── step 11: countdown ──────────────────────────────────────────────────────────────────────


@hook("11", "pre")
def _countdown(g: Game) -> None:
    if not g.step11_runs():
        return
    humans, _, _ = g.faction_counts()
    natural = g.p("countdown.natural") if humans > 0 and g.stall_night != g.night else 0  # 3.1, 3.2.5
    g.countdown -= natural
    g.publish("8", g.countdown - g.countdown_at_start, {"countdown": centi_json(g.countdown)})
    g.check_victory("step11")


# ── shared arithmetic ───────────────────────────────────────────────────────────────────────


def reduce_net_damage(g: Game, amount: int) -> None:
    g.net_damage = net_damage_apply(PY, g.net_damage, -amount)


# ── day: votes and exile ────────────────────────────────────────────────────────────────────


@skill
class Vote(SkillImpl):
    key = "vote"
    collective = True
    dead_target_clause = "2.3.4"  # 投票对象须为其他存活玩家

    def check(self, g: Game, p: Player, a: Action) -> None:
        if not vote_valid(PY, a.targets == (p.n,), True):  # a dead target is refused by check_common
            raise g.illegal("2.3.4", "不可投给自己", "cannot vote for oneself", a)

    def resolve_all(self, g: Game, actions: Sequence[Action]) -> None:
        # a voter or target who left earlier today (an escape, 6.9.3③) takes no part any more
        g.day_votes.extend(
            a for a in actions if g.players[a.actor - 1].alive and g.players[a.targets[0] - 1].alive
        )

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if rng.random() < 0.25:
            return None  # abstain
        focus = g.day_focus
        if focus and focus != p.n and g.players[focus - 1].alive and rng.random() < 0.55:
            return Action(p.n, "vote", (focus,))
        living = [q.n for q in g.players if q.alive and q.n != p.n]
        return Action(p.n, "vote", (rng.choice(living),)) if living else None


# Called after every vote settlement (day vote or meeting) with the exiled player (or None) and the
# votes (voter → target): escape points for votes (6.9.1④) and archive destruction (4.10.0⑤).
VoteListener = Callable[[Game, "Player | None", dict[int, int]], None]
VOTE_LISTENERS: list[VoteListener] = []


@hook("day", "post")
def _exile(g: Game) -> None:
    settle_votes(g, g.day_votes)


def vote_session(g: Game) -> str:
    """The name of the vote being settled: ``day N`` (2.3.4) or ``meeting N`` (the step-10 meeting, 2.3.3)."""
    return f"{'day' if g.step == 'day' else 'meeting'} {g.night}"


def settle_votes(g: Game, votes: Sequence[Action]) -> None:
    """2.3.4: batch ⑨ (counts), the exile threshold, batch ⑩; vote sources (4.9.1) and team votes
    (2.3.5); then victory at the vote node (1.2.3).  The day vote and the step-10 meeting alike
    (2.3.3)."""
    tally: dict[int, int] = {}
    sources: dict[int, int] = {}
    for a in votes:
        t = a.targets[0]
        tally[t] = tally.get(t, 0) + 1
        sources[a.actor] = t
    g.publish("9", 1, {"votes": {str(t): c for t, c in sorted(tally.items())}})
    session = vote_session(g)
    g.vote_records[session] = {str(v): t for v, t in sorted(sources.items())}
    for p in g.players:
        if p.alive and p.role == "vote_inspector":  # 4.9.1 票源可见
            g.private(p.n, "vote_sources", {"votes": g.vote_records[session]})
            p.votes_seen.append(session)  # the sessions a map may show (4.9.3③ 限于其已看到的场次)
        if p.alive and p.faction == "xenos":  # 2.3.5 例外二
            team = {str(v): t for v, t in sorted(sources.items()) if g.players[v - 1].faction == "xenos"}
            g.private(p.n, "team_votes", {"votes": team})
    candidates = sorted(tally)
    chosen = exile_outcome(PY, [tally[t] for t in candidates], g.p("vote.exile_min_votes"))  # 2.3.4 驱逐门槛
    exiled = None
    if any(chosen):
        exiled = g.players[candidates[chosen.index(True)] - 1]
        g.remove(exiled, "exiled")
        g.publish("10", 1, {"exiled": {**reveal(exiled), "reason": "exile"}})
    g.log("vote_result", {"exiled": exiled.n if exiled else None})
    for listener in VOTE_LISTENERS:
        listener(g, exiled, sources)
    g.check_victory("vote")


# ── issue 11 readings: a process advanced tonight, then dying (2.9⑧, 4.10.3) ────────────────────


def remember_process(g: Game, p: Player, *fields: str) -> None:
    """Before a 2.9 process advances: what its fields were (``process.dying_later_same_night=annul``)."""
    p.process_undo = (g.night, {f: getattr(p, f) for f in fields})


@on_dying
def _annul_process(g: Game, p: Player) -> None:
    """Under ``process.dying_later_same_night=annul``, a night on which the holder becomes dying does not
    advance its process (2.9⑧ 「于该等当夜不推进」): tonight's advance is taken back."""
    if g.interp["process.dying_later_same_night"] != "annul" or p.process_undo is None:
        return
    night, before = p.process_undo
    if night != g.night:
        return
    for f, v in before.items():
        setattr(p, f, v)
    p.process_undo = None
    g.log("process_annulled", {"player": p.n})
