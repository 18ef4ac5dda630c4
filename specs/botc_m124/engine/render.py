"""[M124] 血染钟楼's words for the readable log (``ruleproof play --book botc-m124``): every event the engine
writes, as a sentence with the roles' and skills' Chinese names (「小恶魔〈薪火〉」), seats as 「3 号」, times as
the day's clock — or in English (``--lang en``) with the official role ids.  Built on the runtime's
:class:`~ruleproof.runtime.render.LogRenderer`."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ruleproof.runtime import Event, EventText, LogRenderer, Words
from ruleproof.specs.botc_m124.engine.registry import DAY, NOMINATE, PENALTY, SAY, VOTE
from ruleproof.specs.botc_m124.roles import ROLE_BY_KEY, ROLES, SKILL_BY_KEY, SKILLS
from ruleproof.specs.botc_m124.tables import FIRST_NIGHT, OTHER_NIGHTS

D = Mapping[str, Any]
SIDES_ZH = {"good": "善良阵营", "evil": "邪恶阵营"}
DAY_ACTIONS_ZH = {NOMINATE: "提名", VOTE: "投票", SAY: "发帖", PENALTY: "判罚"}
YES_NO = {"yes": "是", "no": "否"}
YES_NO_EN = {"是": "yes", "否": "no", "真": "true", "假": "false", "不确定": "uncertain"}
HIDDEN_ZH = {
    "lilmonsta": "恶魔宝宝局",
    "godfather": "教父的外来者调整",
    "marionette_fake": "提线木偶以为的村民",
    "drunk_fake": "酒鬼以为的村民",
    "lunatic_fake": "疯子以为的恶魔",
    "alchemist_minion": "炼金术士的爪牙",
    "bluffs": "恶魔获知的不在场善良身份",
    "bounty_evil": "转为邪恶的村民",
    "nemesis": "占卜师的宿敌",
    "puzzle_answer": "谜底",
    "amnesiac_skill": "追忆者的？？？",
}
SEAT_KEYS = frozenset({"bounty_evil", "nemesis", "puzzle_answer"})
CARD = {"blue": ("蓝牌", "blue card"), "yellow": ("黄牌", "yellow card"), "red": ("红牌", "red card")}
DAY_STEPS_EN = dict(zip(DAY.steps, ("dawn", "day", "settlement", "dusk"), strict=True))
SLOT_EN = {
    s.printed: s.skills[0].split(".")[0] for ph in (FIRST_NIGHT, *OTHER_NIGHTS) for s in ph.slots if s.skills
}
CHOICE_ZH = {
    "target": "目标",
    "role": "身份",
    "drunk": "醉酒者",
    "starpass": "继任小恶魔的爪牙",
    "poison": "中毒者",
    "mark": "标记",
    "victim": "死亡判定对象",
    "true": "谣言是否真实",
    "most_responsible": "是否负最大责任",
    "execute": "是否处决",
    "mad": "是否疯狂",
    "forfeit": "是否判负",
    "word": "词语",
    "x": "词语x",
    "task": "任务",
    "completed": "完成的任务数",
    "reward": "奖励的信息",
    "skill": "？？？的技能",
    "death": "受到死亡判定者（0 为停止）",
    "extra": "是否马上行动一次",
    "unknown": "答案",
}


@cache
def words(lang: str) -> Words:
    if lang == "en":
        return Words(
            lang,
            {r.key: r.key for r in ROLES},
            {s.key: s.key for s in SKILLS},
            {"good": "good", "evil": "evil"},
        )
    skills = {s.key: f"{ROLE_BY_KEY[s.role].zh}〈{s.zh}〉" for s in SKILLS} | DAY_ACTIONS_ZH
    return Words(lang, {r.key: r.zh for r in ROLES}, skills, SIDES_ZH)


def _anchor(until: Any, w: Words) -> str:
    if not until:
        return "" if w.en else "（无期限）"
    anchor, count = until
    if w.en:
        return f" (until {'dawn' if anchor == '拂晓' else 'dusk'} #{count})"
    return f"（持续至第 {count} 个{anchor}）"


def _choice_name(key: str, w: Words) -> str:
    if w.en or key in SKILL_BY_KEY:
        return f"{w.skill(key)}的答案" if key in SKILL_BY_KEY and not w.en else key
    head, _, rest = key.rpartition(".")
    if head in SKILL_BY_KEY:
        return f"{w.skill(head)}的{CHOICE_ZH.get(rest, rest)}"
    role, _, rest = key.partition(".")
    if role in ROLE_BY_KEY:
        return f"（{w.role(role)}）{CHOICE_ZH.get(rest, rest)}"
    return key


def _value(v: Any, w: Words) -> str:
    """An answer or a pick: role keys named, lists joined."""
    if isinstance(v, list | tuple):
        return "、".join(_value(x, w) for x in v) if not w.en else ", ".join(_value(x, w) for x in v)
    s = str(v)
    if s in ROLE_BY_KEY:
        return w.role(s)
    if s in SKILL_BY_KEY:
        return w.skill(s)
    if not w.en and s in YES_NO:
        return YES_NO[s]
    if w.en and s in YES_NO_EN:
        return YES_NO_EN[s]
    if ":" in s and s.split(":")[1] in ROLE_BY_KEY:  # "2,7:washerwoman"
        seats, role = s.split(":")
        return (
            f"{seats.replace(',', '、')} 号之一是{w.role(role)}" if not w.en else f"one of {seats} is {role}"
        )
    if "/" in s and all(x in ROLE_BY_KEY for x in s.split("/")):  # 筑梦: good/evil
        return "、".join(w.role(x) for x in s.split("/")) if not w.en else " / ".join(s.split("/"))
    return s


def _extra(d: D, w: Words, skip: tuple[str, ...]) -> str:
    parts = []
    for k, v in d.items():
        if k in skip:
            continue
        if k == "targets":
            parts.append(("targets " if w.en else "选择 ") + (", ".join(map(str, v)) if w.en else w.seats(v)))
        elif k == "target":
            parts.append(("about " if w.en else "对象 ") + w.seat(v))
        else:
            parts.append(f"{k} {_value(v, w)}")
    return (
        ("（" + "；".join(parts) + "）")
        if parts and not w.en
        else (f" ({'; '.join(parts)})" if parts else "")
    )


def _learn(d: D, w: Words) -> str:
    sk = w.skill(d.get("skill", ""))
    rest = {k: v for k, v in d.items() if k != "skill"}
    if w.en:
        return f"{sk} learns " + "; ".join(f"{k} {_value(v, w)}" for k, v in rest.items())
    said = []
    for k, v in rest.items():
        if k in ("lunatic", "marionette", "exorcist", "preacher"):
            said.append(f"{w.role(k)}是 {w.seat(v)}")
        elif k == "targets":
            said.append(f"其选择的目标为 {w.seats(v)}")
        elif k == "babysitter":
            said.append("自己是恶魔宝宝的携带者")
        elif k == "roles":
            said.append("在场的外来者：" + ("、".join(w.role(r) for r in v) or "无"))
        elif k == "role":
            said.append(f"身份 {w.role(v)}")
        elif k == "task":
            said.append(f"任务「{v}」")
        else:
            said.append(f"{k} {_value(v, w)}")
    return f"{sk}获知：" + "，".join(said)


def _start(d: D, w: Words) -> str:
    if "skill" in d:
        n = d.get("targets", 0)
        return (
            f"??? takes {n} target(s)"
            if w.en
            else f"开局获知：？？？{'需选择 ' + str(n) + ' 个目标' if n else '无需选择目标'}"
        )
    if w.en:
        return "start: " + "; ".join(f"{k} {_value(v, w)}" for k, v in d.items())
    parts = []
    if "demon" in d:
        parts.append(f"恶魔 {w.seats(d['demon'])}")
    if "minions" in d:
        parts.append(f"{'其余' if 'demon' in d else ''}爪牙 {w.seats(d['minions'])}")
    if "bluffs" in d:
        parts.append("不在场的善良身份：" + ("、".join(w.role(b) for b in d["bluffs"]) or "无"))
    return "开局获知：" + "；".join(parts)


def _judgment(d: D, w: Words) -> str:
    src = "execution" if d["execution"] else w.skill(d["skill"])
    if w.en:
        return f"seat {d['target']} takes a death judgment ({src}{', by seat ' + str(d['source']) if d['source'] else ''}): {'dies' if d['dies'] else 'survives'}"
    by = f"{w.seat(d['source'])}的{src}" if d["source"] else ("处决" if d["execution"] else src)
    return f"{w.seat(d['target'])}受到死亡判定（{by}）：{'死亡' if d['dies'] else '未死亡'}"


def _death(d: D, w: Words) -> str:
    cause = "处决" if d.get("execution") else w.skill(d.get("cause", ""))
    if w.en:
        return f"seat {d['player']} {'counts as dead' if d.get('registered') else 'dies'} ({cause})"
    return f"{w.seat(d['player'])}{'被视为死亡' if d.get('registered') else '死亡'}（{cause}）"


def _execution(d: D, w: Words) -> str:
    how = d.get("how", "")
    how_zh = {"vote": "投票"}.get(how) or (w.skill(how) if how in SKILL_BY_KEY else how)
    at = f"{d['at']} " if d.get("at") else ""
    return (
        f"{at}seat {d['player']} is executed ({how})"
        if w.en
        else f"{at}{w.seat(d['player'])}被处决（{how_zh}）"
    )


def _result(d: D, w: Words) -> str:
    second = f"；次要胜利 {w.seats(d['secondary'])}" if d.get("secondary") else ""
    if w.en:
        return f"game over: {d['winner']} wins (round {d['night']}, {d['node']}; {d['row']}: {d['reason']})"
    kind, _, step = str(d["node"]).partition(" ")
    when = f"第 {d['night']} {'日' if kind == 'day' else '夜'}「{step}」"
    return f"对局结束：{w.side(d['winner'])}获胜（{when}，{d['reason']}）{second}"


def _vote(d: D, w: Words) -> str:
    yes = "是" if d["yes"] else "否"
    lost = "" if d["counted"] or not d["yes"] else "（死亡角色的“是”已用过，计为“否”）"
    if w.en:
        return f"seat {d['voter']} votes {'yes' if d['yes'] else 'no'} on seat {d['nominee']}{'' if d['counted'] or not d['yes'] else ' (dead vote spent: counts no)'}"
    return f"{w.seat(d['voter'])}对 {w.seat(d['nominee'])}投“{yes}”{lost}"


def _status(d: D, w: Words) -> str:
    if w.en:
        return f"seat {d['holder']} gets [{d['name']}] from seat {d['source']}'s {d['skill']}{_anchor(d.get('until'), w)}"
    return f"{w.seat(d['holder'])}获得[{d['name']}]（{w.seat(d['source'])}的{w.skill(d['skill'])}）{_anchor(d.get('until'), w)}"


def _skill(d: D, w: Words) -> str:
    t = d.get("targets") or []
    if w.en:
        return f"seat {d['seat']} uses {d['skill']}{' on ' + ', '.join(map(str, t)) if t else ''}{'' if d['works'] else ' (fails)'}"
    on = f"，选择 {w.seats(t)}" if t else ""
    return f"{w.seat(d['seat'])}发动{w.skill(d['skill'])}{on}{'' if d['works'] else '（失效）'}"


def _info(d: D, w: Words) -> str:
    extra = _extra(d, w, ("skill", "value"))
    if w.en:
        return f"{d['skill']}: {_value(d['value'], w)}{extra}"
    return f"{w.skill(d['skill'])}获得信息：{_value(d['value'], w)}{extra}"


def _choice(d: D, w: Words) -> str:
    if w.en:
        return f"storyteller picks {d['key']}: {_value(d['pick'], w)}"
    return f"说书人选择{_choice_name(d['key'], w)}：{_value(d['pick'], w)}"


def _zh_en(zh: str, en: str) -> EventText:
    return EventText(
        lambda d, w: zh.format(**{k: _fmt(v, w) for k, v in d.items()}),
        lambda d, w: en.format(**{k: _fmt(v, w) for k, v in d.items()}),
    )


def _fmt(v: Any, w: Words) -> str:
    if isinstance(v, list | tuple):
        return ", ".join(map(str, v)) if w.en else "、".join(map(str, v))
    if isinstance(v, str) and v in SKILL_BY_KEY:
        return w.skill(v)
    if isinstance(v, str) and v in ROLE_BY_KEY:
        return w.role(v)
    if isinstance(v, str) and v in SIDES_ZH:
        return w.side(v)
    return str(v)


TEXTS: dict[str, EventText] = {
    "setup": EventText(
        lambda d, w: (
            "开局配置：" + "，".join(f"{n} 号 {w.role(r)}" for n, r in d["players"].items()) + _hidden(d, w)
        ),
        lambda d, w: "set-up: " + ", ".join(f"{n} {r}" for n, r in d["players"].items()) + _hidden(d, w),
    ),
    "start_info": EventText(_start, _start),
    "status": EventText(_status, _status),
    "status_ended": _zh_en(
        "{holder} 号的[{name}]到期解除（{skill}）", "seat {holder}'s [{name}] ends ({skill})"
    ),
    "skill": EventText(_skill, _skill),
    "fizzle": _zh_en("{seat} 号的{skill}失效（醉酒∕中毒）", "seat {seat}'s {skill} fails (drunk/poisoned)"),
    "judgment": EventText(_judgment, _judgment),
    "death": EventText(_death, _death),
    "deaths": EventText(
        lambda d, w: "开门公示昨夜死亡：" + w.seats(d["players"]),
        lambda d, w: "dawn: died last night: " + w.seats(d["players"]),
    ),
    "role_changed": _zh_en("身份由{from}转变为{to}", "role changes from {from} to {to}"),
    "alignment": _zh_en("阵营转变为{alignment}", "alignment becomes {alignment}"),
    "scarletwoman": EventText(
        lambda d, w: (
            f"猩红女士（{w.seat(d['seat'])}）"
            + (f"转变为{w.role(d['role'])}" if "role" in d else "成为恶魔宝宝的携带者")
        ),
        lambda d, w: f"the scarletwoman (seat {d['seat']}) becomes {d.get('role', 'the babysitter')}",
    ),
    "choice": EventText(_choice, _choice),
    "info": EventText(_info, _info),
    "info_truth": EventText(
        lambda d, w: (
            f"（{w.seat(d['seat'])}的信息{_truth(d['true'])}"
            + ("；迷乱" if d["confused"] else "")
            + ("；醉酒∕中毒" if d["impaired"] else "")
            + "）"
        ),
        lambda d, w: f"(seat {d['seat']}'s information is {d['true']})",
    ),
    "learn": EventText(_learn, _learn),
    "nomination": _zh_en(
        "{at} {nominator} 号提名处决 {nominee} 号", "{at} seat {nominator} nominates seat {nominee}"
    ),
    "vote": EventText(_vote, _vote),
    "tally": _zh_en(
        "对 {nominee} 号的提名计票：{yes} 票“是”（当时存活 {alive} 人）",
        "the vote on seat {nominee}: {yes} yes ({alive} alive)",
    ),
    "execution": EventText(_execution, _execution),
    "result": EventText(_result, _result),
    "declaration": _zh_en("{seat} 号发表公开声明（{skill}）", "seat {seat} declares ({skill})"),
    "goblin_late": _zh_en("{seat} 号的哥布林宣言超出十分钟，视为放弃", "seat {seat}'s Goblin claim is late"),
    "heretic": _zh_en("异端分子：胜负颠倒，{winner}获胜", "heretic: the result is inverted, {winner} wins"),
    "mastermind": _zh_en("主谋：游戏不结束，第 {day} 日的处决决定胜负", "mastermind: day {day} decides"),
    "goon": _zh_en(
        "暴徒（{goon} 号）被 {source} 号的{skill}选中：来源获得[醉酒]",
        "goon (seat {goon}) chosen by seat {source}'s {skill}: the source is drunk",
    ),
    "cannibal": _zh_en(
        "食人族（{seat} 号）获得被处决的 {executed} 号（{role}）的技能",
        "cannibal (seat {seat}) eats seat {executed}'s skills ({role})",
    ),
    "eaten": EventText(
        lambda d, w: (
            f"食人：获得 {d['skills']} 个技能，需选择目标的：{'、'.join(map(str, d['targets'])) + ' 个' if d['targets'] else '无'}"
        ),
        lambda d, w: f"the cannibal gains {d['skills']} skill(s); targets: {d['targets']}",
    ),
    "pithag": EventText(
        lambda d, w: (
            f"熬药巫婆（{w.seat(d['seat'])}）熬制{w.seat(d['target'])}为{w.role(d['role'])}"
            + ("" if d["changed"] else "：该身份在场，无事发生")
        ),
        lambda d, w: (
            f"pithag (seat {d['seat']}) brews seat {d['target']} into {d['role']}{'' if d['changed'] else ' (in play: nothing)'}"
        ),
    ),
    "act_at_once": _zh_en(
        "{seat} 号的{skill}在{after}之后马上行动一次", "seat {seat}'s {skill} acts at once after {after}"
    ),
    "said": EventText(
        lambda d, w: f"{w.seat(d['seat'])}发帖：「{d['word']}」",
        lambda d, w: f"seat {d['seat']} posts: {d['word']!r}",
    ),
    "spoken": _zh_en(
        "{seat} 号说出了灵言师（{mezepheles} 号）的词语「{word}」", "seat {seat} said the word {word}"
    ),
    "penalty": EventText(
        lambda d, w: f"导演判罚 {w.seat(d['player'])}{CARD[d['card']][0]}",
        lambda d, w: f"the director gives seat {d['player']} a {CARD[d['card']][1]}",
    ),
    "penalty_merged": EventText(
        lambda d, w: f"{w.seat(d['player'])}累计三张{CARD[d['from']][0]}，合并为一张{CARD[d['card']][0]}",
        lambda d, w: f"seat {d['player']}: three {d['from']} cards make a {d['card']} card",
    ),
    "red_card": EventText(
        lambda d, w: f"{w.seat(d['player'])}红牌罚下（{w.side(d['team'])}累计 {d['team_reds']} 张红牌）",
        lambda d, w: f"seat {d['player']} is sent off ({d['team']}: {d['team_reds']} red card(s))",
    ),
    "unverifiable": _zh_en(
        "（{seat} 号的命题「{proposition}」引擎无法判定真假）",
        "(seat {seat}'s proposition {proposition!r} cannot be judged)",
    ),
    "gained": _zh_en("{skill}：获得{role}的所有技能", "{skill}: gains every skill of {role}"),
    "lost_skills": _zh_en(
        "失去所有技能（任务达人对自己是任务达人疯狂）", "loses every skill (mad about being the taskmaster)"
    ),
    "storyteller_target": EventText(
        lambda d, w: f"说书人为{w.seat(d['seat'])}的{w.skill(d['skill'])}选择目标 {w.seats(d['targets'])}",
        lambda d, w: f"the storyteller picks {d['targets']} for seat {d['seat']}'s {d['skill']}",
    ),
    "holder_target": EventText(
        lambda d, w: f"{w.seat(d['seat'])}为{w.skill(d['skill'])}选择目标 {w.seats(d['targets'])}",
        lambda d, w: f"seat {d['seat']} picks {d['targets']} for {d['skill']}",
    ),
    "babysitter": _zh_en("{seat} 号成为恶魔宝宝的携带者", "seat {seat} babysits the Lil' Monsta"),
    "ballot": _zh_en(
        "爪牙 {seat} 号在群聊中发出 {target} 号（{skill}）", "minion {seat} posts seat {target} ({skill})"
    ),
    "team": EventText(
        lambda d, w: (
            f"爪牙群聊的结果（{w.skill(d['skill'])}）：{w.seat(d['target'])}"
            + (
                f"（最后发出：{'，'.join(f'{a} 号→{b} 号' for a, b in d['ballots'].items())}）"
                if d["ballots"]
                else "（无人发出，说书人选择）"
            )
        ),
        lambda d, w: (
            f"the minions' choice ({d['skill']}): seat {d['target']} (last posts "
            + (", ".join(f"{a}→{b}" for a, b in d["ballots"].items()) or "none: the storyteller's")
            + ")"
        ),
    ),
    "not_executed": _zh_en(
        "{actor} 号的{skill}未能执行（{reason}）", "seat {actor}'s {skill} is not carried out ({reason})"
    ),
}


def _truth(v: Any) -> str:
    return {True: "为真", False: "为假"}.get(v, "无法判定")


def _hidden(d: D, w: Words) -> str:
    hidden = d.get("hidden") or {}
    if not hidden:
        return ""
    parts = []
    for k, v in hidden.items():
        value = w.seat(v) if k in SEAT_KEYS else _value(v, w)
        parts.append(f"{k} {value}" if w.en else f"{HIDDEN_ZH.get(k, k)}：{value}")
    return ("；" if not w.en else "; ") + ("，".join(parts) if not w.en else ", ".join(parts))


def _period(e: Event, lang: str) -> str:
    en = lang == "en"
    if e.step == "setup":
        return "set-up" if en else "开局"
    if e.step in DAY.steps:
        return f"day {e.night}" if en else f"第 {e.night} 日"
    if e.night == 1:
        return "night 1 (opening)" if en else "第 1 夜（开局夜晚）"
    return f"night {e.night}" if en else f"第 {e.night} 夜"


def _step(e: Event, lang: str) -> str:
    if e.step == "setup":
        return ""
    if lang == "en":
        return DAY_STEPS_EN.get(e.step) or SLOT_EN.get(e.step, e.step)
    return e.step


RENDERER = LogRenderer(TEXTS, words, _period, _step)

__all__ = ["RENDERER", "TEXTS", "words"]
