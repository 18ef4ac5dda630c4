"""游戏流程 0: the set-up happens — roles, fake roles, marks and the starting information (开局获知)."""

from __future__ import annotations

from typing import Any

from ruleproof.specs.botc_m124.engine import triggers
from ruleproof.specs.botc_m124.engine.model import EVIL, Player
from ruleproof.specs.botc_m124.roles import ROLE_BY_KEY, Kind


def start(g: Any) -> None:
    s = g.setup
    g.order = [p.n for p in g.players]
    g.pos = {n: i for i, n in enumerate(g.order)}
    for p in g.players:
        g.give_role_skills(p, p.role, 1)
    for p in g.players:
        if p.role == "drunk" and s.drunk_fake:
            p.believed = s.drunk_fake
            g.gain(p, s.drunk_fake, "drunk")
        elif p.role == "lunatic" and s.lunatic_fake:
            p.believed = s.lunatic_fake
            g.gain(p, s.lunatic_fake, "lunatic")
        elif p.role == "marionette" and s.marionette_fake:
            p.believed = s.marionette_fake
            g.gain(p, s.marionette_fake, "marionette")
        elif p.role == "alchemist" and s.alchemist_minion:
            g.gain(p, s.alchemist_minion, "alchemist")
    for p in g.players:
        triggers.team(g, p)
    for p in g.players:
        for h in p.held.values():
            h.joined = 1  # 开局: every skill held from the start joins on night 1
    if s.bounty_evil:
        g.players[s.bounty_evil - 1].faction = EVIL  # 「一名村民转变为邪恶阵营」 — not a skill
        g.private(s.bounty_evil, "alignment", {"alignment": EVIL, "why": "bountyhunter"})
    if s.nemesis:
        ft = next(p for p in g.players if p.role == "fortuneteller")
        g.seq += 1
        from ruleproof.specs.botc_m124.engine.model import St

        g.entries.append(St("宿敌", True, ft.n, "", g.seq, holder=s.nemesis))
    for p in g.players:
        install(g, p)
    g.night = 1  # 游戏流程 0: the opening information belongs to the first round's record
    for p in g.players:
        if p.role == "amnesiac":  # ??? — 「只能得知该技能是否需要选择目标，如果需要选择，选择几个目标」
            from ruleproof.specs.botc_m124.engine import hidden, skills

            g.amnesiac[p.n] = s.amnesiac_skill or hidden.AMNESIAC_POOL[0]
            g.private(
                p.n,
                "start_info",
                {"skill": "amnesiac.unknown", "targets": skills.targets_of(g, p, "amnesiac.unknown").n},
            )
    minions = [p.n for p in g.players if ROLE_BY_KEY[p.role].kind is Kind.MINION]
    demons = [p.n for p in g.players if ROLE_BY_KEY[p.role].kind is Kind.DEMON]
    for m in minions:  # 爪牙「开局获知：恶魔的马甲名，其余爪牙的马甲名」
        g.private(m, "start_info", {"demon": demons, "minions": [x for x in minions if x != m]})
    for d in demons:  # 恶魔「开局获知：爪牙的马甲名，三个不同的不存在场上的善良身份」
        g.private(d, "start_info", {"minions": minions, "bluffs": list(s.bluffs)})
    g.log("setup", s.to_json())
    g.night = 0
    g.touch()


def install(g: Any, p: Player) -> None:
    """The passives that give statuses for as long as they work (and the self-given ones)."""
    from ruleproof.specs.botc_m124.engine import passives

    passives.install(g, p)


__all__ = ["install", "start"]
