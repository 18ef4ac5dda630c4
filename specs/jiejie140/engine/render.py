"""A readable log of a [140]乘风破浪的姐姐2 game (``ruleproof play --book jiejie140``): one line per event,
Chinese by default."""

from __future__ import annotations

from collections.abc import Sequence

from ruleproof.runtime.model import Event
from ruleproof.specs.jiejie140 import names as nm

ZH = {
    "exits": "公示出局",
    "death": "死亡",
    "ballot": "投票",
    "tally": "计票",
    "trial": "复仇审判",
    "trial_vote": "公决",
    "trial_count": "审判计票",
    "arbitration": "光辉仲裁",
    "arbiter": "仲裁者",
    "arbiter_application": "申请仲裁者",
    "charge": "充能",
    "charged": "收到充能",
    "promoted": "晋级",
    "reveal": "昭示",
    "result": "结果",
    "choice": "选择",
    "hostile_sense": "敌意感应",
    "counterstrike": "极限反击",
    "avoided": "危机规避",
    "faction_lost": "阵营判负（不公示）",
    "judge": "审判者",
    "message": "信息传递",
    "effect": "效果",
    "not_executed": "未执行",
    "deferred": "延后一天",
    "shielded": "灵能护盾",
    "unaffected": "不受影响",
    "fate_torrent": "命运洪流",
    "card": "判罚",
}


def _seat(n: object) -> str:
    return f"{n}号"


def render(events: Sequence[Event], lang: str, *, private: bool, system: bool) -> list[str]:
    out = []
    for e in events:
        if (e.audience == "private" and not private) or (e.audience == "system" and not system):
            continue
        half = "白天" if e.step in ("dawn", "open", "stream", "close", "dusk") else f"夜步骤{e.step}"
        if lang == "en":
            half = "day" if e.step in ("dawn", "open", "stream", "close", "dusk") else f"night step {e.step}"
            who = {"public": "public", "private": f"→{list(e.to)}", "system": "·"}[e.audience]
            out.append(f"R{e.night} {half} {who} {e.kind} {e.data}")
            continue
        who = {"public": "公告", "private": f"→{'、'.join(_seat(t) for t in e.to)}", "system": "·"}[
            e.audience
        ]
        name = ZH.get(e.kind, e.kind)
        data = dict(e.data)
        if e.kind == "death":
            cause = nm.SKILL_ZH.get(str(data["cause"]), str(data["cause"]))
            killer = f"，凶手 {_seat(data['killer'])}" if data.get("killer") else ""
            text = f"{_seat(data['seat'])}死亡（{cause}{killer}）"
        elif e.kind == "used":
            skill = nm.SKILL_ZH.get(str(data["skill"]), str(data["skill"]))
            targets = "、".join(_seat(t) for t in data["targets"])
            forced = "（被欺诈）" if data.get("forced") else ""
            text = f"{_seat(data['actor'])}发动{skill}{forced}" + (f" → {targets}" if targets else "")
        elif e.kind == "ballot":
            skill = nm.SKILL_ZH.get(str(data["skill"]), str(data["skill"]))
            text = f"{_seat(data['voter'])}投{skill}（计入{nm.FACTION_ZH.get(str(data['tally']), '')}）→ {_seat(data['target'])}，第 {data['at']} 分钟"
        elif e.kind == "tally":
            ok = "达标" if data["passed"] else "未达标"
            text = f"{nm.FACTION_ZH.get(str(data['faction']), '')}计票：{_seat(data['target'])} {data['votes']} 票∕存活 {data['alive']}，{ok}"
        elif e.kind == "exits":
            text = "出局：" + "、".join(_seat(s) for s in data["seats"])
        elif e.kind == "result":
            w = "+".join(nm.FACTION_ZH.get(f, f) for f in str(data["winner"]).split("+"))
            text = f"{w}阵营获胜（{data['row']}，{data['node']}）"
        else:
            text = f"{name} {data}"
        out.append(f"第{e.night}天 {half} {who} {text}")
    return out


__all__ = ["render"]
