"""The 灵言师's word: 言灵 (the word x, told on its first night), 言中 (the first good seat to say it is
marked), 控制 (the marked seat turns evil).

* 言灵[首夜]：「获得信息：一个词语x」 — the storyteller picks x (the choice ``mezepheles.x``: any word; the
  listed ones are only what random play draws from); the 灵言师 is told x, or — drunk or poisoned — any
  word (its information may be false).
* 言中[白天]<被动><限定>：「说出词语x的善良角色会获得[被言中]标记」, with its note 「说出指的是在公聊贴和私聊贴
  发帖」: a ``say`` action is a post (its ``word`` the text); the first good seat whose post contains x,
  while the 白天 lasts (9:00–20:00, no execution yet that day), is marked and the skill is spent.  It only
  makes a mark, so a drunk 灵言师's 言中 still works.
* 控制[夜晚*]<被动><限定>：「使拥有[被言中]标记的角色转变为邪恶阵营」 at the 灵言师's slot, on the first later
  night a mark is in force; spent even if it fails (「使用[限定]技能仍会消耗限定」).
"""

from __future__ import annotations

from typing import Any

from ruleproof.specs.botc_m124.engine import info
from ruleproof.specs.botc_m124.engine.model import EVIL, GOOD, Player
from ruleproof.specs.botc_m124.engine.triggers import change_alignment

CANDIDATES = ("月亮", "苹果", "钟楼")
"""Words random play draws x from (the text leaves x to the storyteller; a vector may pick any)."""


def _a_word(pick: object) -> str | None:
    return None if isinstance(pick, str) and pick.strip() and len(pick) <= 20 else "须为一个词语"


def learn_word(g: Any, p: Player, key: str) -> None:
    """言灵: x is chosen, the 灵言师 is told it (or, impaired, maybe another word)."""
    x = str(g.choose("mezepheles.x", list(CANDIDATES), clause="灵言师", accept=_a_word))
    g.words[p.n] = x

    def accept(state: str, pick: str) -> str | None:
        if _a_word(pick) is not None:
            return "须为一个词语"
        return None if state != "sober" or pick == x else "清醒时获得的须是词语x"

    info.give(g, p, key, [x], lambda: sorted({x, *CANDIDATES}), accept=accept, is_true=lambda w: w == x)


def said(g: Any, p: Player, text: str, at: int | None) -> None:
    """A post by ``p``: 言中 marks it when it says x and ``p`` is good."""
    if p.faction != GOOD or g.day_over():
        return
    if at is not None and not (g.spec.p("skill.day_from") <= at <= g.spec.p("skill.day_to")):
        return  # [白天]: 9:00–20:00 only
    for m in g.holders_index().get("mezepheles.spoken", ()):
        x = g.words.get(m.n)
        h = m.held["mezepheles.spoken"]
        if x is None or h.used or x not in text or not g.holds(m, "mezepheles.spoken"):
            continue
        h.used = True  # <限定>
        g.grant(p.n, "被言中", m, "mezepheles.spoken", word=x)
        g.log("spoken", {"seat": p.n, "mezepheles": m.n, "word": x})


def control(g: Any, p: Player, key: str, works: bool) -> None:
    """控制: every seat marked [被言中] (by this 灵言师) turns evil."""
    if not works:
        return
    for st in g.entries:
        if st.name == "被言中" and st.source == p.n and st.holder in g.marks("被言中"):
            change_alignment(g, g.players[st.holder - 1], EVIL)


__all__ = ["CANDIDATES", "control", "learn_word", "said"]
