"""The system work of [165]原神's steps (总体流程): the vote resolution at 黄昏（1）, the shots' windows
（2）, the publication （3）, forced dusk skills （4）, feedback at each night segment's end, 女巫<灵通>,
the exit list at 凌晨（9）, the dawn (晨曦（1）–（4）) and the win checks at each phase's end."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from ruleproof.runtime import Until
from ruleproof.specs._werewolf_family.engine import Hit, Player
from ruleproof.specs._werewolf_family.model import Damage
from ruleproof.specs.genshin165.engine.game import AFTER_EXIT, WOLF, Game, Thread
from ruleproof.specs.genshin165.engine.registry import RULES, SEGMENT_ENDS

NOON_CLOSE_KEY = "noon.close"


def _prefixed(step: str) -> tuple[str, ...]:
    return (step, f"moon.{step}")


# ── 黄昏 ──────────────────────────────────────────────────────────────────────────────────────


def vote_weight(g: Game, voter: int, ballots: Mapping[int, int | None] | None = None) -> int:
    p = g.seat(voter)
    if "mute_vote" in g.effects(p):
        return 0  # 迷魂: 投票算作0票
    weight = g.spec.p("sheriff.vote_weight") if p.sheriff else 1
    ballots = g.ballots if ballots is None else ballots
    target = ballots.get(voter)
    partner = {"狼兄": "狼弟", "狼弟": "狼兄"}.get(p.true_role)
    same = any(q.true_role == partner and ballots.get(q.n) == target for q in g.players if q.alive)
    if partner and target is not None and same:  # 齐心: 与狼兄/狼弟投票给同一个角色时，自己投出的票数+1
        weight += 1
    return weight + int(p.marks.get("extra_votes", 0))


def may_vote(g: Game, p: Player) -> bool:
    """A vote counts from a char in the game — or out of it with a vote left: 夺魂 (「拥有票权，但是其投票由发动者…决定」),
    恶灵<虚体> (「保留发言权和投票权」)."""
    return p.alive or p.marks.get("soul") == g.night or bool(p.marks.get("keeps_vote"))


@RULES.hook("dusk.1", "pre")
def resolve_vote(g: Game) -> None:
    """（1）结算被[投票出局]的角色或平票时替罪羊<冤死> — each vote thread of the day in turn (the main one, 重定时间's,
    each 太阳's), and on the first day 竞岗."""
    election = g.night == 1
    carried, g.carried = g.carried, []
    _cards_for_silence(g)
    for i, thread in enumerate(g.threads):
        settle(g, thread, election and i == 0, carried)
        if g.result is not None:
            return
    _red_exits(g)


def settle(g: Game, thread: Thread, election: bool, carried: list[tuple[str, int, int]]) -> None:
    # 已经公示的出局角色不允许被选为…投票的目标: a vote for a char out since is void
    ballots: dict[int, int | None] = {
        v: t
        for v, t in thread.ballots.items()
        if may_vote(g, g.seat(v)) and t is not None and g.seat(t).alive
    }
    piper = g.chaos_votes  # 混乱1: 所有拥有[吹笛]状态的角色，当天视作投票给吹笛者投票的目标
    if piper is not None and thread.ballots.get(piper) is not None:
        for q in g.living():
            if g.has(q, "吹笛") and q.n != piper:
                ballots[q.n] = thread.ballots[piper]
    weights = {v: vote_weight(g, v, ballots) for v in ballots}
    for v, t in list(ballots.items()):  # 凝滞: 投票和被投票指当天投的票数放在下一天结算
        if t is not None and (g.has(v, "凝滞") or g.has(t, "凝滞")):
            g.carried.append((thread.key, t, weights[v]))
            del ballots[v]
            g.log("vote_carried", {"voter": v, "target": t, "thread": thread.key})
    bonus: Counter[int] = Counter(
        {t: c * g.spec.p("crow.extra_votes") for t, c in g.slander.items() if g.seat(t).alive}
    )
    for key, t, votes in carried:
        if key == thread.key and g.seat(t).alive:
            bonus[t] += votes
    counts, tops = g.count_votes(ballots, lambda p: weights.get(p.n, 0), bonus)
    goats = [n for n in g.scapegoats if g.seat(n).alive]
    if goats:  # 替死: 发动者在当天的所有投票贴内视作最高票
        tops = sorted(goats)
    g.log("tally", {"thread": thread.key, "counts": {str(k): v for k, v in counts.items() if v}, "top": tops})
    if tops:
        g.announce("top", {"seats": tops})  # 投票计数隐藏，将只宣布当天谁是最高票
    if election and tops:
        elect(g, tops, counts)
    if election and g.spec.reading("election_day.exile") == "no":
        return
    if len(tops) == 1:
        exile(g, g.seat(tops[0]))
    elif len(tops) > 1:
        scapegoats = [p for p in g.players if p.alive and p.role == "替罪羊" and not election]
        if scapegoats:  # 冤死: 平票时替罪羊承受[致死伤害]; 多个冤死 → 第一个触发的出局
            g.log("tie", {"seats": tops, "rule": "scapegoat"})
            g.damage(scapegoats[0].n, Damage.LETHAL, scapegoats[0], "冤死")
            for q in scapegoats:
                q.marks["goat_today"] = True
        else:
            pick = thread.ballots.get(g.sheriff) if g.sheriff and g.seat(g.sheriff).alive else None
            g.log("tie", {"seats": tops, "rule": "sheriff", "sheriff_vote": pick})
            if pick in tops:  # 带队: 如果场上无替罪羊，以警长票的人出局为准
                exile(g, g.seat(pick))
            else:
                g.announce("peaceful", {"reason": "tie"})
    else:
        g.announce("peaceful", {"reason": "no votes"})


def elect(g: Game, tops: list[int], counts: dict[int, int]) -> None:
    """竞岗: 最先获得投票数最多的角色当选警长 — the first of the top seats to reach the top count."""
    top = counts[tops[0]] if tops and tops[0] in counts else 0
    running: Counter[int] = Counter()
    current: dict[int, int] = {}
    winner = tops[0]
    for voter, target, _at in g.vote_log:
        old = current.get(voter)
        if old is not None:
            running[old] -= vote_weight(g, voter)
        if target is not None:
            running[target] += vote_weight(g, voter)
            current[voter] = target
        reached = [t for t in tops if running[t] + g.slander[t] * g.spec.p("crow.extra_votes") >= top]
        if reached:
            winner = reached[0]
            break
    g.sheriff = winner
    g.seat(winner).sheriff = True
    g.announce("sheriff", {"seat": winner, "elected": True})


def exile(g: Game, p: Player) -> None:
    from ruleproof.specs.genshin165.engine.roles_undetermined import takes_exile

    guard = takes_exile(g, p)
    if (
        guard is not None
        and str(g.choose(f"护主:{guard.n}", ["是", "否"], clause="混血儿", default=1)) == "是"
    ):
        g.log("guard_master", {"seat": guard.n, "master": p.n})  # 护主: 代替主人承担[投票出局]的效果
        p = guard
    hit = Hit(p.n, Damage.VOTE, 0, "投票")
    if p.role == "白痴" and not p.marks.get("idiot"):  # 大难不死: 第一次承受投票出局 → [霸道], 翻牌
        p.marks["idiot"] = True
        p.marks["no_vote"] = True
        p.flipped = True
        g.give(p, "霸道", source=p.n)
        g.announce("flip", {"seat": p.n, "role": p.true_role})
        if p.sheriff:
            g.pass_badge(p)
        return
    if g.absorb(p, hit):
        g.announce("peaceful", {"reason": "protected", "seat": p.n})  # 持有[霸道]或[不死]状态，公示平安日
        return
    g.exit(p, Damage.VOTE, 0, "投票")


def _cards_for_silence(g: Game) -> None:
    """讨论结束时，未回复投票帖者将被判罚黄牌 (the main thread)."""
    for p in g.living():
        if p.n not in g.ballots and not p.marks.get("no_vote"):
            card(g, p, "yellow", "未投票")


def card(g: Game, p: Player, color: str, why: str) -> None:
    p.cards[color] += 1
    g.log("card", {"seat": p.n, "card": color, "why": why})
    if p.cards["blue"] >= g.spec.p("card.blue_per_yellow"):
        p.cards["blue"] -= g.spec.p("card.blue_per_yellow")
        p.cards["yellow"] += 1
    if p.cards["yellow"] >= g.spec.p("card.yellow_per_red"):
        p.cards["yellow"] -= g.spec.p("card.yellow_per_red")
        p.cards["red"] += 1
    if p.cards["red"] and p.alive and not p.marks.get("red_due"):
        p.marks["red_due"] = True  # 白天红牌罚下导致的出局结算在投票结算之后执行


def _red_exits(g: Game) -> None:
    for p in g.players:
        if p.marks.pop("red_due", False) and p.alive:
            g.exit(p, Damage.RED, 0, "红牌")


@RULES.hook("dusk.2", "pre")
def dusk_shots_open(g: Game) -> None:
    _bombs(g)


@RULES.hook("dusk.2", "post")
def dusk_shots_close(g: Game) -> None:
    _close_windows(g)


@RULES.hook("dusk.3", "post")
def publish_dusk(g: Game) -> None:
    """（3）公示[投票出局]的角色和其他原因出局的角色名单，分开列出 — in exit order."""
    voted = [n for n, how in g.day_exits if how == "voted"]
    other = [n for n, how in g.day_exits if how != "voted"]
    g.announce("dusk_exits", {"voted": voted, "other": other})
    g.round_exits = []  # the day's exits are published; the next list is the night's


@RULES.hook("dusk.4", "pre")
def forced_dusk(g: Game) -> None:
    for p in g.players:
        if p.holds("咆哮") and "forget" not in g.effects(p):
            _roar(g, p)


def _roar(g: Game, bear: Player) -> None:
    """咆哮: 若熊电梯上下两侧有[表面阵营]为[狼人阵营]的角色，则下一个游戏日白天将公示熊咆哮了."""
    if not bear.alive:
        return
    left, right = g.neighbours(bear)
    if any(q.surface_camp == WOLF for q in (left, right)):
        g.pending_day.append(("roar", {}))


@RULES.hook("dusk.4", "post")
def dusk_end(g: Game) -> None:
    g.slander.clear()
    g.check_win()


@RULES.hook("noon", "post")
def noon_end(g: Game) -> None:
    g.check_win()


@RULES.hook("noon", "pre")
def noon_open(g: Game) -> None:
    for kind, data in g.pending_day:
        g.announce(kind, data)
    g.pending_day = []
    g.words_out_at_open = g.last_words >= g.w_min  # 若当天开门时公布遗言已耗尽


# ── the night ────────────────────────────────────────────────────────────────────────────────


def _flush(g: Game) -> None:
    g.flush()
    g.check_win()


for _end in SEGMENT_ENDS:
    for _key in _prefixed(_end):
        if _end != "late.9":
            RULES.hook(_key, "post")(_flush)


def _witch_sense(g: Game) -> None:
    """灵通: 反馈所有[指杀]技能的[选择目标]，按照电梯楼顺序排列; 救药数量为0及以下时暂时失效."""
    for p in g.living():
        if p.holds("灵通") and (p.skills.get("救药") is None or (p.skills["救药"].uses or 0) > 0):
            if "forget" in g.effects(p):
                continue
            chosen = sorted({t for t, kind in g.selected_kills})
            g.private(p.n, "灵通", {"selected": chosen})


def _late9(g: Game) -> None:
    g.flush()
    g.resolve_night()
    g.flush()
    g.check_win()


def _dawn1(g: Game) -> None:
    """（1）结算当晚出局的角色，随后锈剑骑士<破伤风出局> (each 晨曦, from the status's giver)."""
    for p in g.living():
        for s in list(g.statuses.of(p.n)):
            if s.name == "破伤风" and p.alive:
                src = g.seat(s.source)
                g.resolve_hit(_hit(p.n, Damage.LETHAL, src.n, "破伤风"))
    _bombs(g)


def _hit(target: int, kind: Damage, source: int, skill: str) -> Hit:
    return Hit(target, kind, source, skill)


def _bombs(g: Game) -> None:
    """炸弹<强制>: 出局后对当天投票给自己 / 当晚对自己使用[指定]技能的角色造成[致死伤害]."""
    for p in g.players:
        how = p.marks.pop("bomb", None)
        if how is None:
            continue
        if how == Damage.VOTE.value:
            targets = sorted(v for v, t in g.ballots.items() if t == p.n)
        else:
            targets = sorted({a for t, _s, a in g.hunted if t == p.n})
        p.flipped = True
        g.announce("flip", {"seat": p.n, "role": p.true_role})
        for t in targets:
            q = g.seat(t)
            if q.alive:
                g.resolve_hit(_hit(t, Damage.LETHAL, p.n, "炸弹"))


def _dawn2_close(g: Game) -> None:
    _close_windows(g)


def _close_windows(g: Game) -> None:
    for p in g.players:
        if not p.alive and p.marks.get("window"):
            p.marks["window"] = False
            p.marks["shot_used"] = p.marks.get("shot_used", 0)


def _dawn4(g: Game) -> None:
    """（4）应当留下遗言的角色收到遗言通知 (遗言数量为人数配备最少狼数量); the night's exits are
    published at the door's opening, in exit order."""
    g.announce("night_exits", {"seats": list(g.round_exits)})
    for n in g.round_exits:
        if g.last_words < g.w_min and g.seat(n).out != "red":
            g.last_words += 1
            g.private(n, "last_words", {"left": g.w_min - g.last_words})
    g.round_exits = []
    g.check_win()


def _late2(g: Game) -> None:
    _witch_sense(g)


for _prefix in ("", "moon."):
    RULES.hook(f"{_prefix}late.2", "pre")(_late2)
    RULES.hook(f"{_prefix}late.9", "post")(_late9)
    RULES.hook(f"{_prefix}dawn.1", "pre")(_dawn1)
    RULES.hook(f"{_prefix}dawn.2", "post")(_dawn2_close)
    RULES.hook(f"{_prefix}dawn.4", "post")(_dawn4)


__all__ = ["card", "elect", "exile", "resolve_vote", "vote_weight"]
_ = (AFTER_EXIT, Until)
