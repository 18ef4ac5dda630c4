"""What happens *because* something happened — the skills with no slot that 「会在满足发动条件时发动」:
on a death (猩红女士, 噬脑魔 寄宿, 守鸦人, 贤者, 心上人, 理发师, 月之子, 吟游诗人, 教父's day record),
around an execution (霸道 / 不死 stop the judgment but not the execution; 主谋, 哥布林, 食人族), and at
the end of the game (异端分子, 政客)."""

from __future__ import annotations

from typing import Any

from ruleproof.specs.botc_m124.engine.model import EVIL, GOOD, Player
from ruleproof.specs.botc_m124.roles import ROLE_BY_KEY, Kind


def on_death(
    g: Any,
    t: Player,
    cause: str,
    source: Player | None,
    execution: bool,
    demons_before: int,
    alive_before: int,
) -> None:
    """What a death sets off, in order; once the game has ended nothing more happens."""
    for step in (_scarlet, _lleech, _minstrel, _sweetheart, _barber, _sage, _ravenkeeper, _pixie):
        step(g, t, cause, source, execution, alive_before)
        if g.result is not None:
            return
    if ROLE_BY_KEY[t.role].kind is Kind.OUTSIDER:
        g.outsider_died_today = g.outsider_died_today or g.current_phase.kind == "day"
    g.check_win("death")


def _scarlet(
    g: Any, t: Player, cause: str, source: Player | None, execution: bool, alive_before: int
) -> None:
    """猩红女士 转化: the last Demon dies with ≥5 alive (before or after the death: a reading)."""
    if (
        (g.is_demon(t) or ROLE_BY_KEY[t.role].kind is Kind.DEMON)
        and g.living_demons() == 0
        and not g._jumping
    ):
        last_demon_died(g, t, execution, alive_before)


def _lleech(g: Any, t: Player, cause: str, source: Player | None, execution: bool, alive_before: int) -> None:
    """噬脑魔 寄宿: 「若拥有该标记的角色死亡，噬脑魔死亡」, and its note on the 主谋."""
    if t.n not in g.marks("被寄生"):
        return
    for q in g.players:
        if q.alive and "lleech.host" in q.held and g.works(q, "lleech.host"):
            if _mastermind(g):
                q.held.clear()  # the note: it loses every skill instead, and the 主谋 fires
                g.mastermind_day = g.night + (0 if g.current_phase.kind == "night" else 1)
                g.held_changed()
            else:
                g.die(q, "lleech.host", q)


def _minstrel(
    g: Any, t: Player, cause: str, source: Player | None, execution: bool, alive_before: int
) -> None:
    """吟游诗人 吟诗: 「一旦爪牙因处决造成的死亡判定而死亡，使除吟游诗人外的所有角色获得[醉酒]状态」."""
    if execution and ROLE_BY_KEY[t.role].kind is Kind.MINION:
        for q in g.players:
            if "minstrel.song" in q.held and g.works(q, "minstrel.song"):
                for o in g.players:
                    if o.n != q.n:
                        g.grant(o.n, "醉酒", q, "minstrel.song")


def _sweetheart(
    g: Any, t: Player, cause: str, source: Player | None, execution: bool, alive_before: int
) -> None:
    """心上人 倾心: 「一旦心上人死亡，则使一名角色获得[醉酒]状态」 (<无视死亡>)."""
    if "sweetheart.love" in t.held and g.works(t, "sweetheart.love"):
        pick = g.choose("sweetheart.drunk", [p.n for p in g.players], clause="心上人")
        g.grant(int(pick), "醉酒", t, "sweetheart.love")


def _barber(g: Any, t: Player, cause: str, source: Player | None, execution: bool, alive_before: int) -> None:
    """理发师 理发: the Demon gains 交换 until the next dawn."""
    if "barber.haircut" in t.held and g.works(t, "barber.haircut"):
        for d in g.demons():
            if d.alive:
                g.gain(d, "barber", "barber", until_dawn=g.dawns + 1)
                g.barber_of[d.n] = t.n  # 「交换身份的技能来源判定仍为理发师」
                d.held.pop("barber.haircut", None)
                g.held_changed()


def _sage(g: Any, t: Player, cause: str, source: Player | None, execution: bool, alive_before: int) -> None:
    """贤者 贤能: 「一旦贤者因为恶魔的技能而死亡」."""
    if "sage.info" in t.held and source is not None and cause in _demon_skills():
        from ruleproof.specs.botc_m124.engine import info

        info.sage(g, t, source)


def _ravenkeeper(
    g: Any, t: Player, cause: str, source: Player | None, execution: bool, alive_before: int
) -> None:
    """守鸦人 豢养[夜晚]: 「一旦守鸦人死亡，选择目标」 — a [夜晚] skill: only a death at night."""
    if "ravenkeeper.info" in t.held and g.current_phase.kind == "night":
        from ruleproof.specs.botc_m124.engine import info

        info.ravenkeeper(g, t)


def _pixie(g: Any, t: Player, cause: str, source: Player | None, execution: bool, alive_before: int) -> None:
    from ruleproof.specs.botc_m124.engine import madness

    madness.pixie_death(g, t)


def last_demon_died(g: Any, t: Player, execution: bool, alive_before: int) -> None:
    """猩红女士 转化 (「一旦场上最后一个恶魔死亡，如果场上的存活角色数量大于等于5」, counted before or after the
    death: a reading), else the 主谋's extra day when the Demon died of an execution."""
    count = alive_before if g.spec.reading("scarletwoman.count") == "before_death" else g.alive_count()
    sw = next(
        (
            p
            for p in g.players
            if p.alive and "scarletwoman.convert" in p.held and g.works(p, "scarletwoman.convert")
        ),
        None,
    )
    if sw is not None and count >= g.spec.p("scarletwoman.min_alive"):
        if g.setup.monsta:  # 「携带恶魔宝宝的爪牙不是猩红女士，该角色死亡时，猩红女士成为恶魔宝宝的携带者」
            g.carry(sw.n)
            g.log("scarletwoman", {"seat": sw.n, "babysitter": True})
        else:
            change_role(g, sw, t.role)
            g.log("scarletwoman", {"seat": sw.n, "role": t.role})
    elif execution and _mastermind(g):
        g.mastermind_day = g.night + (0 if g.current_phase.kind == "night" else 1)
        g.log("mastermind", {"day": g.mastermind_day})


def _demon_skills() -> set[str]:
    from ruleproof.specs.botc_m124.roles import SKILLS

    return {s.key for s in SKILLS if ROLE_BY_KEY[s.role].kind is Kind.DEMON}


def _mastermind(g: Any) -> bool:
    return any(
        p.alive and "mastermind.scheme" in p.held and g.works(p, "mastermind.scheme") for p in g.players
    )


def change_role(g: Any, p: Player, role: str) -> None:
    """身份转变: the old role's skills are lost, the new role 「视为在此刻起加入游戏」."""
    old = p.role
    p.role = p.true_role = role
    p.believed = None
    g.give_role_skills(p, role, g.night if g.current_phase.kind == "night" else g.night + 1)
    from ruleproof.specs.botc_m124.engine import passives

    passives.install(g, p)
    team(g, p)
    g.private(p.n, "role_changed", {"from": old, "to": role})
    g.touch()


def team(g: Any, p: Player) -> None:
    """恶魔宝宝's <团队> skills: in its game every Minion takes part (「说书人会和所有爪牙建立一个群聊……先投宝宝的
    携带者，再投杀人的对象」) — a seat that is a Minion holds them, fresh when it became one."""
    if g.setup.monsta and ROLE_BY_KEY[p.role].kind is Kind.MINION:
        g.gain(p, "lilmonsta", "lilmonsta")


def change_alignment(g: Any, p: Player, faction: str) -> None:
    if p.faction != faction:
        p.faction = faction
        g.private(p.n, "alignment", {"alignment": faction})
        g.touch()


def before_execution_judgment(g: Any, p: Player) -> None:
    """What an execution sets off before its death judgment: the 哥布林's win — 「如果当天哥布林被处决，则哥布林
    所在的阵营获胜」: the execution itself, after a claim that worked that day, whatever the judgment then
    does — and the 食人族 (「每当一名角色被处决，食人族获得其所有技能，持续至下一次有角色被处决」)."""
    if any(nm.nominee == p.n and nm.claimed for nm in g.nominations):
        g.end(p.faction, "goblin", "哥布林宣言后当天被处决")
        return
    from ruleproof.specs.botc_m124.engine import hidden

    hidden.cannibal_eats(g, p)


def after_execution(g: Any, p: Player, died: bool) -> None:
    """主谋's day: a good seat executed → evil wins; an evil seat → good wins."""
    if g.result is not None:
        return
    if g.mastermind_day is not None and g.mastermind_day == g.night and g.current_phase.kind == "day":
        g.mastermind_day = None
        if p.faction == GOOD:
            g.end(EVIL, "mastermind_evil", "主谋：次日处决了善良角色")
        else:
            g.end(GOOD, "mastermind_good", "主谋：次日处决了邪恶角色")


def at_game_end(g: Any, winner: str) -> tuple[str, list[int], str]:
    """「游戏结束时」: 异端分子 (「胜利的角色落败，失败的角色胜利」), then 政客 (「如果政客所在的阵营落败，且政客在该
    阵营的落败中负最大责任，则政客转变阵营并胜利」, the storyteller's judgment, against the result as it
    stands after the 异端分子).  Returns the winner, the 政客 who switched, and what changed (Chinese)."""
    notes: list[str] = []
    for p in g.players:
        if "heretic.heresy" in p.held and g.works(p, "heretic.heresy"):
            winner = EVIL if winner == GOOD else GOOD
            g.log("heretic", {"winner": winner})
            notes.append("异端分子：胜负颠倒")
    secondary: list[int] = []
    for p in g.players:
        lost = "politician.sway" in p.held and g.works(p, "politician.sway") and p.faction != winner
        if lost and g.choose("politician.most_responsible", ["no", "yes"], clause="政客") == "yes":
            change_alignment(g, p, winner)
            secondary.append(p.n)
            notes.append(f"政客（{p.n} 号）转变阵营并胜利")
    return winner, secondary, "；".join(notes)


__all__ = ["after_execution", "at_game_end", "change_alignment", "change_role", "on_death"]
