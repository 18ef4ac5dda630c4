"""The day and the night as the 结算顺序 tables give them: system work at each step (hooks).

白天行动
  dawn   每一日开始前 — 起源, the judge's 复仇审判 target, the arbiter's 光辉仲裁 block (actions);
  open   1 「开门，公告，做电梯，开审判帖，开仲裁申请帖」 — yesterday's exits in their order, without identities
         (公示), 聚灵晋升's promotions (「并于次日公示」), 沉默封锁's targets (「并公告」);
  stream 2 「随时接收技能发动，做记录，标注时间」 — actions in ``at`` order;
  close  3 「关门。统计结算审判帖。结算当前是否需要确定下一日审判者人选。结算仲裁者人选。」;
  dusk   入夜之前 — 误导 (「入夜时获得该角色的阵营技能使用情况…并决定是否改动」).
夜晚行动 1–11 — step 1 counts 集团念力, step 10 聚灵晋升; after step 11 the XX insertions of the night's end:
  the next judge (「结算审判者人选」), 虚妄消散 for a follower 「成为追随者满两天后」.
"""

from __future__ import annotations

from ruleproof.kernel.algebra import PY
from ruleproof.specs.jiejie140 import kernels as k
from ruleproof.specs.jiejie140.engine.game import DUSK_MOMENT, Deferring, Game
from ruleproof.specs.jiejie140.engine.model import JSeat
from ruleproof.specs.jiejie140.engine.registry import NIGHT_STEPS, hook


@hook("dawn", "pre")
def _dawn(g: Game) -> None:
    """The new day: 双重武装's boosts fall due (「次日该技能可以额外使用一次…恢复1次使用次数」)."""
    g.moment = -1
    if g.night == 1:
        for step, data in g.setup_log:
            g.log("setup", {"step": step, **data})
    for seat, key in g.bonus_due.pop(g.night, []):
        p = g.players[seat - 1]
        rec = g.rec(key)
        if rec is None:
            continue
        wk = g.window_key(p, rec)
        if wk is not None:
            p.bonus[(key, wk)] = p.bonus.get((key, wk), 0) + 1
            g.log("bonus", {"seat": seat, "skill": key, "window": list(wk)})


@hook("open", "post")
def _open(g: Game) -> None:
    """公示: 「每个游戏日白天开始时，都会公示前一天出局角色名单。公示出局名单时按角色出局的顺序排序。」"""
    g.moment = 0
    fresh = [s for s in g.exits if not g.players[s - 1].announced]
    for s in fresh:
        g.players[s - 1].announced = True
    if fresh:
        g.announce("exits", {"seats": fresh})  # 「游戏进行期间以任何方式出局的角色均不公示其身份」
    g.announced_round[g.night] = fresh
    promoted = [(s, ident) for (r, s, ident) in g.promotions if r == g.night - 1]
    for s, ident in promoted:
        g.announce("promoted", {"seat": s, "identity": ident})
    for s in g.silenced.get(g.night, []):
        g.announce("silenced", {"seat": s})
    g.check_wins("open")  # both readings check at the day's opening (day_start: only there)


@hook("stream", "pre")
def _stream(g: Game) -> None:
    """The door is open; the director's cards of the day (判罚制度) take effect in their order."""
    g.moment = 0
    inner = g.policy.inner if isinstance(g.policy, Deferring) else g.policy
    cards: list[dict[str, object]] = getattr(inner, "cards", {}).get(g.night, [])
    for c in sorted(cards, key=lambda c: int(str(c.get("at", 0)))):
        card(g, g.players[int(str(c["seat"])) - 1], str(c["card"]), bool(c.get("faction_loses", False)))


def card(g: Game, p: JSeat, colour: str, faction_loses: bool) -> None:
    """「三张【黄牌】升级为一张【红牌】」; a red card sends the player off (出局: 「被击杀与红牌罚下」) — 「红牌也可以
    针对已出局的…玩家」 — and the director may make its faction lose (「导演有权视情况决定是否直接使该玩家所在的
    阵营判负」)."""
    g.log("card", {"seat": p.n, "card": colour, "faction_loses": faction_loses})
    if colour == "yellow":
        p.yellow += 1
        if p.yellow % g.spec.p("cards.yellow_per_red"):
            return
        g.log("card", {"seat": p.n, "card": "red", "from_yellows": p.yellow})
    if not p.red:
        p.red = True
        if p.alive:
            p.alive = False
            p.out = "red"
            g.ver += 1
            g.dirty = True
            g.exits.append(p.n)
    if faction_loses and not g.lost[p.faction]:
        g.lost[p.faction] = True
        g.dirty = True
        g.log("faction_lost", {"faction": p.faction, "why": "red_card"})
    g.wins_now("stream")


@hook("close", "post")
def _close(g: Game) -> None:
    g.moment = DUSK_MOMENT
    trial(g)
    choose_arbiter(g)
    g.wins_now("close")


def trial(g: Game) -> None:
    """复仇审判: 「当“支持”大于“反对”时，该目标被处死。处死结算于入夜前。若审判处决目标成功，最后一个投“支持”
    的人承受“技能·极限反击”以及“技能·灵能溪流”的指示凶手效果。…不投票视为“弃权”」."""
    t = g.trial.get(g.night)
    if not t or "target" not in t:
        return
    target = int(t["target"])
    votes: dict[int, tuple[str, int]] = t.get("votes", {})
    support = sorted((at, s) for s, (v, at) in votes.items() if v == "support" and g.players[s - 1].alive)
    oppose = sum(1 for s, (v, _) in votes.items() if v == "oppose" and g.players[s - 1].alive)
    g.log("trial_count", {"target": target, "support": len(support), "oppose": oppose})
    q = g.players[target - 1]
    if len(support) <= oppose or not q.alive:
        return
    last = support[-1][1]
    is_kill = g.spec.reading("trial.is_kill") == "yes"
    credit = (g.players[last - 1].faction,) if is_kill else ()
    rec = g.rec("revenge_trial")
    assert rec is not None
    g.affect(
        last,
        rec,
        target,
        lambda v: g.kill(v, cause="trial", killer=last, credit=credit, kill=is_kill, ability=False),
        hostile=True,  # the last supporter 「承受“技能·极限反击”」: the sensor senses and may counter
        counter_to=last,
        kill=True,
    )


def choose_arbiter(g: Game) -> None:
    """仲裁者: 「前一日放弃使用当日所有技能，申请仲裁者。如果有多个合格申请者则随机生成。…仲裁者不可两日连任。」"""
    applied = g.applicants.get(g.night, {})
    ok = [
        s
        for s in sorted(applied)
        if g.players[s - 1].alive and k.arbiter_eligible(PY, True, g.arbiter.get(g.night) == s)
    ]
    if not ok:
        return
    pick = int(g.choose("arbiter", ok, clause="附加身份")) if len(ok) > 1 else ok[0]
    g.arbiter[g.night + 1] = pick
    g.ver += 1
    g.private(pick, "arbiter_office", {"round": g.night + 1})
    g.log("arbiter", {"seat": pick, "round": g.night + 1, "applicants": ok})


@hook("dusk", "post")
def _dusk(g: Game) -> None:
    """入夜时: 误导's rewrites (the rewritten ballot keeps its time: 「误导票视为原投票时间」), 时间接触's
    report of the watched seat's ballot (「入夜时获知阵营技能的目标」)."""
    from ruleproof.specs.jiejie140.engine.skills.deceiver import resolve_misleads

    resolve_misleads(g)
    from ruleproof.specs.jiejie140.engine.skills.mirror import touch_tell

    for foreseer, target, mate in g.touch.get(g.night, []):
        ballots = [b.target for b in g.ballots if b.voter == target and b.round == g.night]
        touch_tell(g, foreseer, mate, "time_touch_ballot", {"target": target, "ballot": ballots})
    g.wins_now("dusk")


@hook("1", "post")
def _tally_mirror(g: Game) -> None:
    g.tally_mirror()
    g.wins_now("1")


@hook("10", "post")
def _tally_ascend(g: Game) -> None:
    g.tally_ascend()
    g.wins_now("10")


@hook("8", "pre")
def _rebirth(g: Game) -> None:
    """轮回重现 (夜间被动): 「获知本阵营阵亡成员身份（获知哪位成员阵亡，无法得知该成员是谁）」."""
    for p in g.players:
        if p.alive and "rebirth_echo" in g.skills_of(p):
            dead = sorted(q.role for q in g.players if not q.alive and q.faction == p.faction and q.n != p.n)
            g.tell(p.n, "rebirth_echo", {"identities": dead})


def _post_each(g: Game) -> None:
    g.moment = NIGHT_STEPS.index(g.step) + 1 if g.step in NIGHT_STEPS else g.moment
    g.wins_now(g.step)


for _step in NIGHT_STEPS:
    if _step not in ("1", "10"):
        hook(_step, "post")(_post_each)


@hook(NIGHT_STEPS[-1], "post")
def _night_end(g: Game) -> None:
    """The night's end: 虚妄消散, then the next judge (XX插入结算 「结算审判者人选，令其提交下一日审判目标」)."""
    days = g.spec.p("follower.days")
    for p in g.players:
        if (
            p.alive
            and p.role == "follower"
            and p.follower_since is not None
            and g.night - p.follower_since >= days
        ):
            g.log("dissipate", {"seat": p.n, "since": p.follower_since})
            g.kill(p, cause="dissipate", killer=None, credit=(), kill=False, ability=False)
    judge = first_death(g, g.night)
    if judge is not None:
        g.judge[g.night + 1] = judge
        g.ver += 1
        g.private(judge, "judge", {"round": g.night + 1})
        g.log("judge", {"seat": judge, "round": g.night + 1})
    g.wins_now("end")


def first_death(g: Game, rnd: int) -> int | None:
    """「前一日非审判致死的第一个死者」: the first seat to die in round ``rnd`` (its daytime, then its
    night), deaths by trial left out."""
    dead = [p for p in g.players if p.death is not None and p.death.round == rnd and p.death.cause != "trial"]
    if not dead:
        return None
    first: JSeat = min(dead, key=lambda p: p.death.seq if p.death else 0)
    return first.n


__all__ = ["choose_arbiter", "first_death", "trial"]
