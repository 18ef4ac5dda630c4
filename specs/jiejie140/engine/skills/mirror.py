"""The eleven member identities of the mirror factions (镜像阵营身份, 1感应者 … 11指引者)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ruleproof.specs.jiejie140 import names as nm
from ruleproof.specs.jiejie140.engine.game import Game
from ruleproof.specs.jiejie140.engine.model import JAction, JSeat, night_period
from ruleproof.specs.jiejie140.engine.registry import skill
from ruleproof.specs.jiejie140.engine.skills import JSkill
from ruleproof.specs.jiejie140.skills import Kind, LimitKind

# ── 1 感应者 ────────────────────────────────────────────────────────────────────────────────────


@skill
class ChainSense(JSkill):
    """连锁感应: 「代替该目标承受所有技能，同时可使用“技能·敌意感应”…」 — skills aimed at the target land on
    the sensor instead, that day (the text gives no duration: 当日, reading day.scope)."""

    key = "chain_sense"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        g.add_effect(a.targets[0], "chain_sense", p.n, g.that_day())


# ── 2 清晰者 ────────────────────────────────────────────────────────────────────────────────────


@skill
class CollapseSnipe(JSkill):
    """崩塌狙击: 「击杀目标，不可规避，不可反击」."""

    key = "collapse_snipe"
    rate = 0.25

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        rec = self.rec(g)
        g.affect(
            p.n,
            rec,
            a.targets[0],
            lambda v: g.kill(v, cause=self.key, killer=p.n, credit=(p.faction,), kill=True),
            kill=True,
        )

    def targets(self, g: Game, p: JSeat, rng: random.Random) -> tuple[int, ...] | None:
        enemies = [q.n for q in g.players if q.alive and not q.announced and q.faction != p.faction]
        return (rng.choice(enemies),) if enemies else None


@skill
class OverlimitLock(JSkill):
    """超限锁定: 「“阵营技能·集团念力”目标会被公示」 — after its faction's 集团念力 hit a target today."""

    key = "overlimit_lock"

    def verify(self, g: Game, p: JSeat, a: JAction) -> None:
        hit = g.tallied.get((g.night, p.faction), [])
        if not hit:
            raise g.illegal(self.rec(g).clause, "本阵营今日的集团念力没有目标", "no 集团念力 target today", a)
        if a.targets and a.targets[0] not in hit:
            raise g.illegal(self.rec(g).clause, "目标须为集团念力的目标", "the 集团念力 target", a)

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        for t in a.targets or tuple(g.tallied.get((g.night, p.faction), [])):
            g.announce("overlimit_lock", {"target": t})

    def targets(self, g: Game, p: JSeat, rng: random.Random) -> tuple[int, ...] | None:
        hit = g.tallied.get((g.night, p.faction), [])
        return (hit[0],) if hit else None


# ── 3 思考者 ────────────────────────────────────────────────────────────────────────────────────


def _info(g: Game, viewer: int, q: JSeat, options: list[str], key: str, rec_disguise: bool) -> dict[str, Any]:
    outcome = str(g.choose(key, options, clause="思考者"))
    identity, faction = shown(g, q) if rec_disguise else (q.role, q.faction)
    if outcome == "faction":
        return {"seat": q.n, "faction": faction}
    if outcome == "identity":
        return {"seat": q.n, "identity": identity}
    return {"seat": q.n, "failed": True}


def shown(g: Game, q: JSeat) -> tuple[str, str]:
    """What a skill 「受伪装身份影响」 sees: today's 起源 disguise, else a 幻化重塑 one, else the truth."""
    for name in ("origin", "reshape"):
        e = g.effect(q.n, name)
        if e is not None:
            return str(e.data["identity"]), str(e.data["faction"])
    return q.role, q.faction


def _blind(g: Game) -> bool:
    return g.night <= g.spec.p("thinker.blind_days")


@skill
class SurgeInspire(JSkill):
    """思维涌动·灵感: 「随机获得两个角色信息（包括已死角色），分别获得一条随机信息，但可能失败（阵营、身份、失败
    三种可能几率相等）…前两天不会获得永恒者、凝聚者的信息」; 脑内强化 removes the failure, then adds targets."""

    key = "surge_inspire"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        level = g.boosts.get((p.n, self.key), 0)
        n = g.spec.p("thinker.targets") + max(0, level - 1)
        pool = [q.n for q in g.players if q.n != p.n and not (_blind(g) and q.role in nm.LEADERS)]
        options = ["faction", "identity"] + ([] if level else ["fail"])
        for i in range(min(n, len(pool))):
            seat = int(g.choose(f"inspire:{p.n}:{i}", pool, clause="思考者"))
            pool.remove(seat)
            g.tell(p.n, "thinker", _info(g, p.n, g.players[seat - 1], options, f"info:{p.n}:{i}", True))


@skill
class SurgeFocus(JSkill):
    """思维涌动·专注: one target, faction / identity / failure alike; in the first two days a leader shows no
    identity and 「获取信息失败的可能性2倍于获取阵营信息」."""

    key = "surge_focus"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        level = g.boosts.get((p.n, self.key), 0)
        q = g.players[a.targets[0] - 1]
        if _blind(g) and q.role in nm.LEADERS:
            options = ["faction"] if level else ["faction", "fail", "fail"]
        else:
            options = ["faction", "identity"] + ([] if level else ["fail"])
        g.tell(p.n, "thinker", _info(g, p.n, q, options, f"info:{p.n}:0", True))


@skill
class BrainBoost(JSkill):
    """脑内强化: 「选择强化思维涌动·灵感与思维涌动·专注二者之一。初次强化，去除该技能获取信息时的失败可能。二次强化
    开始，每次强化增加该技能的生效目标。」 (field ``boost``: the mode)."""

    key = "brain_boost"

    def verify(self, g: Game, p: JSeat, a: JAction) -> None:
        if a.boost not in ("surge_inspire", "surge_focus"):
            raise g.illegal(
                self.rec(g).clause, "须选择强化灵感或专注（boost）", "boost one of the two modes", a
            )

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        assert a.boost is not None
        g.boosts[(p.n, a.boost)] = g.boosts.get((p.n, a.boost), 0) + 1

    def fields(self, g: Game, p: JSeat, rng: random.Random) -> dict[str, Any] | None:
        return {"boost": rng.choice(("surge_inspire", "surge_focus"))}


# ── 4 耳语者 ────────────────────────────────────────────────────────────────────────────────────


@skill
class MindJam(JSkill):
    """精神干扰: 「使目标下一日整天无法使用任何能力」."""

    key = "mind_jam"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        span = g.next_day()
        g.affect(p.n, self.rec(g), a.targets[0], lambda v: g.add_effect(v.n, "mind_jam", p.n, span))


@skill
class SenseBlock(JSkill):
    """感观封锁: 「目标直到次日白天开始，无法接收与发送任何信息传递，目标无法获知自己处于被封锁状态」."""

    key = "sense_block"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        span = (g.period, night_period(g.night))
        g.affect(p.n, self.rec(g), a.targets[0], lambda v: g.add_effect(v.n, "sense_block", p.n, span))


@skill
class FunctionBreak(JSkill):
    """机能破坏: 「目标次日起，失去自身当前所有普通能力与超能能力，阵营能力依然可以正常使用」; the target is
    told; a transmitter's 灵魂链接 breaks (「受到“超能技能·机能破坏”后…中断」)."""

    key = "function_break"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        def apply(v: JSeat) -> None:
            g.add_effect(v.n, "function_break", p.n, (g.next_day()[0], None))
            g.tell(v.n, "function_break", {})
            g.break_links(v.n, "function_break")

        g.affect(p.n, self.rec(g), a.targets[0], apply)


# ── 5 传递者 ────────────────────────────────────────────────────────────────────────────────────


def message(g: Game, sender: int, to: int, via: str, shown_as: str, source_visible: bool) -> bool:
    """One message (信息传递): blocked when either end is under 感观封锁; 静寂感知 reads it."""
    if g.has(sender, "sense_block") or g.has(to, "sense_block"):
        g.log("message_blocked", {"via": via, "from": sender, "to": to})
        return False
    g.tell(to, "message", {"via": shown_as, **({"from": sender} if source_visible else {})})
    g.log("message", {"via": via, "from": sender, "to": to})
    for silencer, ends in g.quiet.get(g.night, []):
        g.tell(silencer, "quiet_sense", {"via": shown_as, **({"from": sender, "to": to} if ends else {})})
    return True


@skill
class SoulRelay(JSkill):
    """灵魂传递: 「A获得一次向B传话的机会…传递者本人可以获得信息内容。如果被技能·感观封锁，则无法发动。」"""

    key = "soul_relay"

    def verify(self, g: Game, p: JSeat, a: JAction) -> None:
        if g.has(p.n, "sense_block"):
            raise g.illegal(self.rec(g).clause, "被感观封锁时无法发动灵魂传递", "blocked by 感观封锁", a)

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        sender, to = a.targets
        if message(g, sender, to, self.key, self.key, False):
            g.tell(sender, "relay_chance", {"to": to})
            g.tell(p.n, "relay_content", {"from": sender, "to": to})


@skill
class SoulTestament(JSkill):
    """灵魂遗示 (死亡后): 「将一条信息发送给指定目标，或者公示」 — the only last words (遗言)."""

    key = "soul_testament"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        if a.public or not a.targets:
            g.announce("testament", {"seat": p.n})
        for t in a.targets:
            g.tell(t, "testament", {"from": p.n})

    def fields(self, g: Game, p: JSeat, rng: random.Random) -> dict[str, Any] | None:
        return {"public": True}


@skill
class SoulLink(JSkill):
    """灵魂链接: A 与 B 每天可互发一次信息, the transmitter reads them; broken by its death or 机能破坏
    (the messages themselves carry no rule effect and are not modelled)."""

    key = "soul_link"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        x, y = a.targets
        g.links.append((p.n, x, y))
        for t in (x, y):
            g.tell(t, "soul_link", {"with": y if t == x else x})


# ── 6 预知者 ────────────────────────────────────────────────────────────────────────────────────


@skill
class TimeWatch(JSkill):
    """时间观望: 「次日获知该技能的作用目标，以及发动改技能的阵营，前两日不得指定永恒者、凝聚者、欺骗者技能」
    (field ``watch``: the skill)."""

    key = "time_watch"

    def verify(self, g: Game, p: JSeat, a: JAction) -> None:
        rec = g.rec(a.watch or "")
        if rec is None:
            raise g.illegal(self.rec(g).clause, "须选定某技能（watch）", "name a skill (watch)", a)
        banned = set(nm.LEADERS) | {"deceiver"}
        if g.night <= g.spec.p("foreseer.blind_days") and set(rec.holders) & banned:
            raise g.illegal(
                self.rec(g).clause,
                "前两日不得指定永恒者、凝聚者、欺骗者技能",
                "no leader's or deceiver's skill yet",
                a,
            )

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        assert a.watch is not None
        g.watch.setdefault(g.night + 1, []).append((p.n, a.watch))

    def fields(self, g: Game, p: JSeat, rng: random.Random) -> dict[str, Any] | None:
        return {"watch": rng.choice(("collapse_snipe", "mind_jam", "soul_relay", "peace_hymn"))}


@skill
class FateTorrent(JSkill):
    """命运洪流: a faction's full identity list (fields ``faction``, ``identities``); right → 「命运洪流无可阻挡」,
    its members' personal skills are announced and blocked the next day; either way the foreseer uses no
    skill the next day; wrong → it loses every skill but its faction's."""

    key = "fate_torrent"
    rate = 0.03

    def verify(self, g: Game, p: JSeat, a: JAction) -> None:
        if a.faction not in nm.FACTIONS or not a.identities:
            raise g.illegal(
                self.rec(g).clause,
                "须给出某阵营（faction）与其身份名单（identities）",
                "faction and identities",
                a,
            )

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        assert a.faction is not None
        members = sorted(q.role for q in g.players if q.faction == a.faction)
        right = sorted(a.identities) == members
        g.add_effect(p.n, "fate_all", p.n, g.next_day())
        g.log("fate_torrent", {"faction": a.faction, "right": right})
        if right:
            g.announce("fate_torrent", {"text": "命运洪流无可阻挡"})
            g.fate[a.faction] = g.night
            for q in g.players:
                if q.faction == a.faction:
                    g.add_effect(q.n, "fate_personal", p.n, g.next_day())
        else:
            p.lost_all = True
            g.ver += 1

    def fields(self, g: Game, p: JSeat, rng: random.Random) -> dict[str, Any] | None:
        f = rng.choice(nm.FACTIONS)
        return {"faction": f, "identities": tuple(sorted(q.role for q in g.players if q.faction == f))}


@skill
class TimeTouch(JSkill):
    """时间接触 (敌意): the target's next day shown to the foreseer and a teammate — identity and faction
    (受伪装身份影响) at its start, its personal skills as used, its ballot at nightfall."""

    key = "time_touch"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        target, mate = a.targets

        def apply(v: JSeat) -> None:
            g.touch.setdefault(g.night + 1, []).append((p.n, v.n, mate))
            identity, faction = shown(g, v)
            touch_tell(g, p.n, mate, "time_touch", {"target": v.n, "identity": identity, "faction": faction})

        g.affect(p.n, self.rec(g), target, apply)


def touch_tell(g: Game, foreseer: int, mate: int, kind: str, data: dict[str, Any]) -> None:
    """时间接触's showing: to the foreseer and the teammate together — 「若该成员未存活，预知者也不会得到提示」."""
    if not g.players[mate - 1].alive:
        g.log("time_touch_silent", {"foreseer": foreseer, "teammate": mate})
        return
    g.tell(foreseer, kind, data)
    g.tell(mate, kind, data)


# ── 7 传承者 ────────────────────────────────────────────────────────────────────────────────────


@skill
class HeroSummon(JSkill):
    """英灵召唤: a dead teammate's identity's normal skills for the next day (not a leader's or the deceiver's;
    never the same identity twice; its super skills only through 魂灵共振)."""

    key = "hero_summon"

    def verify(self, g: Game, p: JSeat, a: JAction) -> None:
        q = g.players[a.targets[0] - 1]
        if q.role in (*nm.LEADERS, "deceiver"):
            raise g.illegal(
                self.rec(g).clause, "不可获取永恒者/凝聚者/欺骗者的技能", "not a leader or the deceiver", a
            )
        if q.role in p.summoned:
            raise g.illegal(self.rec(g).clause, "不可再次选取该身份技能", "that identity was taken before", a)

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        ident = g.players[a.targets[0] - 1].role
        p.summoned.add(ident)
        g.add_effect(p.n, "hero_summon", p.n, g.next_day(), identity=ident)

    def targets(self, g: Game, p: JSeat, rng: random.Random) -> tuple[int, ...] | None:
        dead = [q.n for q in g.players if not q.alive and q.faction == p.faction and q.role not in p.summoned]
        return (rng.choice(dead),) if dead else None


@skill
class LastVanguard(JSkill):
    """绝境先驱 (消耗2层充能): 「获取其全部技能（重置技能使用次数）并失去传承者个人技能」."""

    key = "last_vanguard"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        dead = [
            q
            for q in g.players
            if q.faction == p.faction and not q.alive and q.role in (*nm.LEADERS, "deceiver")
        ]
        if not dead:
            return
        p.vanguard = dead[0].role
        g.ver += 1
        taken = set(g.spec.skills.identities[p.vanguard].skills)
        for slot in [s for s in p.uses if s[0] in taken]:
            del p.uses[slot]
        g.log("vanguard", {"seat": p.n, "identity": p.vanguard})


@skill
class SoulResonance(JSkill):
    """魂灵共振 (每日限一次，消耗1层充能): 「可使用技能·英灵召唤获取的死去成员身份的超能技能」, that day."""

    key = "soul_resonance"

    def verify(self, g: Game, p: JSeat, a: JAction) -> None:
        if g.effect(p.n, "hero_summon") is None:
            raise g.illegal(self.rec(g).clause, "今日没有英灵召唤获取的身份", "nothing summoned today", a)

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        g.add_effect(p.n, "soul_resonance", p.n, g.that_day())


# ── 8 支援者 ────────────────────────────────────────────────────────────────────────────────────

BOOSTABLE = (
    LimitKind.PER_DAY,
    LimitKind.PER_NIGHT,
    LimitKind.PER_DAYTIME,
    LimitKind.GLOBAL,
    LimitKind.PER_CHARGE,
)


@skill
class DoubleArm(JSkill):
    """双重武装: 「指定目标的X号技能（不可指定阵营技能，可指定超能技能，需额外说明），若成立，则目标将得到提示，
    次日该技能可以额外使用一次，若该技能已经没有使用次数了，则恢复1次使用次数…本技能发动成功，则获得被加持技能的
    冷却时间」 (fields ``index``, ``super``)."""

    key = "double_arm"

    def verify(self, g: Game, p: JSeat, a: JAction) -> None:
        if a.index is None:
            raise g.illegal(self.rec(g).clause, "须指定目标的 X 号技能（index）", "name skill #X (index)", a)

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        q = g.players[a.targets[0] - 1]
        skills = g.indexed(q)
        assert a.index is not None
        key = skills[a.index - 1] if 1 <= a.index <= len(skills) else None
        rec = g.rec(key) if key else None
        ok = (
            rec is not None
            and rec.kind is not Kind.FACTION
            and rec.limit.kind in BOOSTABLE
            and (rec.kind is not Kind.SUPER or a.super_)
        )
        g.log("double_arm", {"target": q.n, "index": a.index, "skill": key, "ok": ok})
        if not ok or rec is None:
            return
        g.bonus_due.setdefault(g.night + 1, []).append((q.n, rec.key))
        g.tell(q.n, "double_arm", {"skill": rec.key})
        if rec.limit.kind in (LimitKind.GLOBAL, LimitKind.PER_CHARGE):
            p.cooldown = True  # 「获得被加持技能的冷却时间」: until 高效蓄能

    def fields(self, g: Game, p: JSeat, rng: random.Random) -> dict[str, Any] | None:
        return {"index": 1}


# ── 9 沉默者 ────────────────────────────────────────────────────────────────────────────────────


@skill
class SilenceLock(JSkill):
    """沉默封锁: 「使目标下一日整天无法发言，只能使用表情，并公告」 (speech carries no rule effect here)."""

    key = "silence_lock"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        def apply(v: JSeat) -> None:
            g.add_effect(v.n, "silence", p.n, g.next_day())
            g.silenced.setdefault(g.night + 1, []).append(v.n)

        g.affect(p.n, self.rec(g), a.targets[0], apply)


@skill
class QuietSense(JSkill):
    """静寂感知: the next day's messages' contents; their ends too 「若当日本人沉默封锁目标为自己」."""

    key = "quiet_sense"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        ends = p.last_target.get("silence_lock") == (p.n,) and any(
            e.name == "silence" and e.holder == p.n and e.source == p.n and e.start == g.next_day()[0]
            for e in g.effects
        )
        g.quiet.setdefault(g.night + 1, []).append((p.n, ends))


@skill
class PeaceHymn(JSkill):
    """安宁颂歌: 「使目标当天不受敌意技能影响。不可对同一目标连续使用。」"""

    key = "peace_hymn"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        g.affect(p.n, self.rec(g), a.targets[0], lambda v: g.add_effect(v.n, "peace_hymn", p.n, g.that_day()))


# ── 10 同调者 ───────────────────────────────────────────────────────────────────────────────────


@skill
class AttuneTest(JSkill):
    """同调测试: A and B learn each other's faction and identity; 「如果一方有伪装身份，则可以选择提供伪装身份」."""

    key = "attune_test"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        x, y = a.targets
        for me, other in ((x, y), (y, x)):
            q = g.players[other - 1]
            identity, faction = q.role, q.faction
            disguised = shown(g, q) != (q.role, q.faction)
            if disguised and g.choose(f"attune:{other}", ["true", "disguise"], clause="同调者") == "disguise":
                identity, faction = shown(g, q)
            g.tell(me, "attune", {"seat": other, "identity": identity, "faction": faction})


@skill
class SyncLink(JSkill):
    """同步链接: A and B learn each other's identity; each may use the other's personal skills; an effect
    on one also affects the other; 「效果持续1天」; a seat is linked at most once."""

    key = "sync_link"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        x, y = a.targets
        for me, other in ((x, y), (y, x)):
            g.affect(p.n, self.rec(g), me, self._linker(g, p, other))

    def _linker(self, g: Game, p: JSeat, other: int) -> Callable[[JSeat], None]:
        return lambda v: self._link(g, p, v, other)

    def _link(self, g: Game, p: JSeat, v: JSeat, other: int) -> None:
        v.linked_ever = True
        g.add_effect(v.n, "sync_link", p.n, g.that_day(), partner=other)
        g.tell(v.n, "sync_link", {"identity": g.players[other - 1].role})


# ── 11 指引者 ───────────────────────────────────────────────────────────────────────────────────


@skill
class VoidGuide(JSkill):
    """虚无指引: 「使目标当日阵营技能可额外使用一次。如果目标角色与指引者同阵营，指引者会得到反馈。」
    (受伪装身份影响: the faction compared is the one the target shows)."""

    key = "void_guide"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        t = a.targets[0]
        g.affect(p.n, self.rec(g), t, lambda v: g.add_effect(v.n, "void_guide", p.n, g.that_day()))
        if shown(g, g.players[t - 1])[1] == p.faction:
            g.tell(p.n, "void_guide", {"target": t, "same_faction": True})


@skill
class VoidBeacon(JSkill):
    """虚空信标: 「选取一名本阵营成员，让他获知你的角色。」"""

    key = "void_beacon"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        g.tell(a.targets[0], "void_beacon", {"seat": p.n, "identity": p.role})


__all__ = ["BOOSTABLE", "message", "shown", "touch_tell"]
