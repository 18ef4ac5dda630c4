"""A readable log of a game: batches (公告), private feedback (私) and the referee's log (·), in Chinese
(or English with ``lang="en"``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ruleproof.runtime.words import Glossary, describe
from ruleproof.specs.fanhanglu.engine.model import Event
from ruleproof.specs.fanhanglu.roles import ROLE_BY_KEY, SKILLS
from ruleproof.specs.fanhanglu.tables import BATCH_BY_KEY, STEP_BY_KEY
from ruleproof.specs.fanhanglu.vocab import DEATH_SOURCES, FEEDBACK_BY_KEY

SOURCE_ZH = dict(DEATH_SOURCES)
FACTION_ZH = {"humans": "人类", "xenos": "异形", "alien": "外星人"}
WINNER_ZH = {"humans": "人类胜", "xenos": "异形胜", "alien": "外星人胜", "draw": "平局"}


def role_zh(key: str) -> str:
    return ROLE_BY_KEY[key].zh if key in ROLE_BY_KEY else key


def _reveal(d: dict[str, Any]) -> str:
    return f"{d['player']} 号（{FACTION_ZH[d['faction']]}，呈现职业：{role_zh(d['presented_role'])}∕真实职业：{role_zh(d['role'])}）"


def _batch(d: dict[str, Any]) -> str:
    key = d["batch"]
    head = f"【批次{BATCH_BY_KEY[key].symbol}】"
    if key == "0":
        return head + "开局职业：" + "、".join(f"{role_zh(r)}×{c}" for r, c in d["roles"].items())
    if key == "1":
        return head + "私聊配对：" + ("、".join(f"{a}-{b}" for a, b in d["pairs"]) or "无")
    if key == "2":
        return head + f"今晚有 {d['evolved']} 只异形进化"
    if key == "3":
        parts = [f"查验人次 {d['checks']}"]
        if d["patrol"]:
            parts.append(f"巡逻 {d['patrol']} 人")
        for a in d["announcements"]:
            orig = f"；原职业：{role_zh(a['original'])}" if "original" in a else ""
            parts.append(f"{a['player']}号是（职业：{role_zh(a['role'])}{orig}）")
        return head + "，".join(parts)
    if key == "4":
        exp = "".join(f"；暴露 {x['player']} 号（{role_zh(x['presented_role'])}）" for x in d["exposed"])
        return head + f"维修总量 {d['total']}{exp}"
    if key == "5":
        tiers = f"；停摆触发 {d['shutdown']}" if d["shutdown"] else ""
        exp = "".join(f"；暴露 {x['player']} 号（{role_zh(x['presented_role'])}）" for x in d["exposed"])
        return head + f"本夜破坏总量：{d['total']}，净破坏量 {d['net_damage']}{tiers}{exp}"
    if key == "6":
        rows = [
            f"{_reveal(x)}，尸体调查报告：【{'、'.join(SOURCE_ZH[s] for s in x['report'])}】"
            for x in d["deaths"]
        ]
        revives = "".join(f"；第 {r['night']} 夜发生 {r['count']} 次复生" for r in d.get("revives", ()))
        left = f"（剩余 {d['revives_left']} 次）" if "revives_left" in d else ""
        return head + "死亡：" + "；".join(rows) + revives + left
    if key == "8":
        return head + f"倒计时 {float(d['countdown']):.1f}"
    if key == "9":
        return head + "票数：" + ("、".join(f"{t}号 {c} 票" for t, c in d["votes"].items()) or "无人得票")
    if key == "7":
        return head + f"{d['player']} 号（{role_zh(d['role'])}）召开了紧急会议"
    if key == "10":
        if d["exiled"].get("reason") == "escape":
            return head + "逃亡：" + _reveal(d["exiled"]) + "，尸体调查报告：【已逃亡】"
        return head + "驱逐：" + _reveal(d["exiled"])
    if key == "11":
        groups = (
            f"{a}-{b}" + (f"「{text}」" if text else "")
            for (a, b), text in zip(d["pairs"], d.get("content") or [None] * len(d["pairs"]), strict=True)
        )
        return head + f"窃听报告（本条内容不保真）：{'、'.join(groups)}"
    return head + str({k: v for k, v in d.items() if k != "batch"})


def _vote_map(d: dict[str, Any]) -> str:
    sessions = (
        f"{name}：" + ("、".join(f"{v}→{t}" for v, t in votes.items()) or "无票")
        for name, votes in d["sessions"].items()
    )
    return "【公开票源图】" + "；".join(sessions)


# public system publications outside the numbered batches (4.9.3, 4.9.6)
PUBLIC: dict[str, Callable[[dict[str, Any]], str]] = {
    "vote_map": _vote_map,
    "accusation": lambda d: f"【公开指控标记】{d['target']} 号",
    "accusation_cleared": lambda d: f"【公开指控标记】会议结束，{d['target']} 号之标记清除",
}


SYSTEM: dict[str, Callable[[dict[str, Any]], str]] = {
    "dying": lambda d: f"{d['player']} 号濒死（{SOURCE_ZH.get(d['cause'], d['cause'])}）",
    "death": lambda d: f"{d['player']} 号死亡（击杀归属：{d['killer'] or '—'} 号）",
    "rescued": lambda d: f"{d['actor']} 号救回 {d['target']} 号",
    "healed": lambda d: f"{d['actor']} 号治疗 {d['target']} 号（清除标记）",
    "infect": lambda d: f"{d['xeno']} 号感染 {d['target']} 号：{GLOSSARY.word(d['result'], 'zh')}",
    "hit": lambda d: (
        f"{d['attacker']} 号 {SOURCE_ZH[d['type']]} → {d['target']} 号：{GLOSSARY.word(d['result'], 'zh')}"
    ),
    "result": lambda d: (
        f"对局结束：{WINNER_ZH[d['winner']]}（第 {d['night']} 夜 {d['node']}，判定{d['row']}）"
    ),
    "phase": lambda d: f"进入{'寂灭' if d['phase'] == 'extinction' else '决斗'}时刻",
}


def render(events: Iterable[Event], lang: str = "zh", private: bool = True, system: bool = True) -> list[str]:
    lines: list[str] = []
    where = None
    for e in events:
        head = (
            ("开局" if e.step == "setup" else f"第 {e.night} 日")
            if e.step in ("setup", "day")
            else f"第 {e.night} 夜"
        )
        if lang == "en":
            head = (
                "setup"
                if e.step == "setup"
                else (f"day {e.night}" if e.step == "day" else f"night {e.night}")
            )
        if head != where:
            lines.append(f"── {head} ──")
            where = head
        step = "" if e.step in ("setup", "day") else f"[{_step_label(e.step, lang)}] "
        if lang == "en":
            to = f" → {','.join(map(str, e.to))}" if e.to else ""
            if (e.audience == "private" and not private) or (e.audience == "system" and not system):
                continue
            lines.append(f"{step}{e.audience} {GLOSSARY.word(e.kind, 'en')}{to}: {_brief(e.data, 'en')}")
            continue
        if e.kind == "batch":
            lines.append(step + _batch(e.data))
        elif e.audience == "public":
            fmt = PUBLIC.get(e.kind)
            lines.append(step + (fmt(e.data) if fmt else f"【{e.kind}】{_brief(e.data)}"))
        elif e.audience == "private":
            if private:
                kind = FEEDBACK_BY_KEY[e.kind].zh if e.kind in FEEDBACK_BY_KEY else e.kind
                lines.append(f"{step}（私）{e.to[0]} 号 {kind}：{_brief(e.data)}")
        elif system:
            fmt = SYSTEM.get(e.kind)
            lines.append(
                f"{step}· " + (fmt(e.data) if fmt else f"{GLOSSARY.word(e.kind, 'zh')}：{_brief(e.data)}")
            )
    return lines


# the referee's log entries without a sentence of their own: their names in words
SYSTEM_KINDS: dict[str, tuple[str, str]] = {
    "antidote": ("解药", "antidote"),
    "armor_stock": ("护甲库存", "armor stock"),
    "batch_withheld": ("批次不发布", "batch withheld"),
    "bullets": ("子弹", "bullets"),
    "cleansed": ("清除", "cleansed"),
    "converted": ("转化", "converted"),
    "effective_output": ("有效输出", "effective output"),
    "escape_eligible": ("逃亡资格", "escape eligible"),
    "escape_points": ("逃亡积分", "escape points"),
    "fizzle": ("落空", "fizzle"),
    "not_executed": ("未执行", "not executed"),
    "poison": ("投毒", "poison"),
    "repair": ("维修", "repair"),
    "revived": ("复生", "revived"),
    "silence": ("沉默", "silence"),
    "suppressed": ("压制", "suppressed"),
    "transform": ("变形", "transform"),
    "vote_result": ("投票结果", "vote result"),
    # values in the log's data
    "initial": ("初始", "initial"),
    "fake_mark": ("假标记", "fake mark"),
    "true_mark": ("真标记", "true mark"),
    "lethal": ("致命", "lethal"),
    "shield": ("护盾", "shield"),
    "armor": ("护甲", "armor"),
    "protection": ("保护", "protection"),
    "already_dying": ("已濒死", "already dying"),
    "already_marked": ("已有标记", "already marked"),
    "fizzle_dying": ("落空（目标已濒死）", "fizzled (target dying)"),
    "exile_vote": ("驱逐投票", "exile vote"),
    "extra_night": ("额外（按夜）", "extra (by night)"),
    "extra_alive": ("额外（按存活）", "extra (by alive count)"),
    "research_unlocked": ("研究解锁", "research unlocked"),
    "escape_refused": ("逃亡被拒", "escape refused"),
    "quick": ("快速", "quick"),
    "until": ("直至", "until"),
}


def glossary() -> Glossary:
    """The spec's words for the log: roles, skills, causes of death, feedback and log kinds."""
    words: dict[str, tuple[str, str]] = {k: (r.zh, k.replace("_", " ")) for k, r in ROLE_BY_KEY.items()}
    words.update({s.key: (s.zh, s.key.replace("_", " ")) for s in SKILLS})
    words.update({k: (zh, k.replace("_", " ")) for k, zh in DEATH_SOURCES})
    words.update({k: (f.zh, k.replace("_", " ")) for k, f in FEEDBACK_BY_KEY.items()})
    words.update(SYSTEM_KINDS)
    return Glossary(words)


GLOSSARY: Glossary = glossary()


def _brief(d: dict[str, Any], lang: str = "zh") -> str:
    return describe(d, lang, GLOSSARY)


def _step_label(key: str, lang: str) -> str:
    """A night step as the text numbers it (「2」, 「4a」); a step the text names but does not number by
    its name (「身份改变子步骤」), not by the spec's identifier."""
    if lang == "en" or key[:1].isdigit():
        return key
    return step_name(key)


def step_name(key: str) -> str:
    return STEP_BY_KEY[key].zh if key in STEP_BY_KEY else key
