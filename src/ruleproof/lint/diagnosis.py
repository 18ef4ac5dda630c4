"""The diagnoses a citation finding ends on, worded once (Chinese, English).

Every citation check that finds a citation pointing at the wrong place says why it thinks so and
then the same diagnosis: the number was probably changed by a renumbering that the citing place did
not follow.  The words live here so that a rewording is one edit and every message agrees.
"""

from __future__ import annotations

from typing import Final

RENUMBERED_ZH: Final = "疑为改号后未同步"
"""「疑为改号后未同步」: the citation was probably left behind by a renumbering."""

RENUMBERED_EN: Final = "probably renumbered"
"""English of :data:`RENUMBERED_ZH`."""

RENUMBERED_OR_MISTYPED_ZH: Final = "疑为改号或笔误"
"""「疑为改号或笔误」: renumbered, or a slip of the pen (a step/batch number the text never uses so)."""

RENUMBERED_OR_MISTYPED_EN: Final = "probably renumbered or mistyped"
"""English of :data:`RENUMBERED_OR_MISTYPED_ZH`."""


def cites_renumbered(raw: str, why_zh: str, why_en: str) -> tuple[str, str]:
    """A citation finding's words, framed once: 「引用 <raw>：<why>，疑为改号后未同步」 and "cites <raw>: <why>
    — probably renumbered" (``why``: what shows that the citation ``raw`` points at the wrong place)."""
    return f"引用 {raw}：{why_zh}，{RENUMBERED_ZH}", f"cites {raw}: {why_en} — {RENUMBERED_EN}"
