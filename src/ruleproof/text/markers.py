"""Item markers (①…⑳, (11)…(26), ③之二) and the characters that classify context.

Circled numerals are item markers, never digits: nothing here turns ``⑫`` into ``12`` inside an id.
"""

from __future__ import annotations

import re

# ①…⑳ (U+2460–2473), ㉑…㉟ (U+3251–325F), ㊱…㊿ (U+32B1–32BF)
_CIRCLED_RANGES = ((0x2460, 1, 20), (0x3251, 21, 35), (0x32B1, 36, 50))

CIRCLED: dict[str, int] = {}
for _start, _first, _last in _CIRCLED_RANGES:
    for _n in range(_first, _last + 1):
        CIRCLED[chr(_start + _n - _first)] = _n

CIRCLED_CLASS = "".join(CIRCLED)
ORDINAL_TO_CIRCLED: dict[int, str] = {n: ch for ch, n in CIRCLED.items()}

CN_DIGITS = {
    "〇": 0,
    "零": 0,
    "一": 1,
    "二": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}


def cn_number(text: str) -> int | None:
    """Chinese numerals up to 99: 「九」→9, 「十」→10, 「十二」→12, 「二十一」→21."""
    if not text:
        return None
    if "十" in text:
        head, _, tail = text.partition("十")
        tens = CN_DIGITS.get(head, -1) if head else 1
        ones = CN_DIGITS.get(tail, -1) if tail else 0
        if tens < 0 or ones < 0:
            return None
        return tens * 10 + ones
    if len(text) == 1:
        return CN_DIGITS.get(text)
    return None


VARIANT_WORDS = {"二": 2, "三": 3, "四": 4, "五": 5}

# An item marker: a circled numeral, or a number 11…50 in ASCII or full-width parentheses ((11), （23）)
# — the forms the text uses past ⑩ — optionally with a variant 之二/之三.  「之例外」 after a marker is not
# a variant (「2.8.2⑥之例外」 names item ⑥).
#     rf"(?:(?P<circ>[{CIRCLED_CLASS}])|[(（](?P<par>[1-4]\d|50)[)）])(?:之(?P<var>[二三四五])(?!例外))?"
# written to start with the character every marker starts with (the circled numeral taken by a look-behind after
# it): ``re`` skips to the candidates instead of trying both alternatives at every character — the same matches
# and groups, tests/lint/test_lint_indexes.py
MARKER_RE = re.compile(
    rf"[{CIRCLED_CLASS}(（](?:(?<=(?P<circ>[{CIRCLED_CLASS}]))|(?<=[(（])(?P<par>[1-4]\d|50)[)）])"
    r"(?:之(?P<var>[二三四五])(?!例外))?"
)


def marker_label(ordinal: int, variant: int | None, paren: bool) -> str:
    base = f"({ordinal})" if paren else ORDINAL_TO_CIRCLED[ordinal]
    if variant is None:
        return base
    inverse = {v: k for k, v in VARIANT_WORDS.items()}
    return f"{base}之{inverse[variant]}"


def parse_marker(m: re.Match[str]) -> tuple[int, int | None, bool]:
    """``(ordinal, variant, parenthesized)`` of a :data:`MARKER_RE` match."""
    if m.group("circ"):
        ordinal, paren = CIRCLED[m.group("circ")], False
    else:
        ordinal, paren = int(m.group("par")), True
    var = m.group("var")
    return ordinal, (VARIANT_WORDS[var] if var else None), paren


def same_item(label_a: str, label_b: str) -> bool:
    """「⑫」 and 「(12)」 name the same item."""
    ma, mb = MARKER_RE.fullmatch(label_a), MARKER_RE.fullmatch(label_b)
    if not ma or not mb:
        return label_a == label_b
    oa, va, _ = parse_marker(ma)
    ob, vb, _ = parse_marker(mb)
    return (oa, va) == (ob, vb)


# Characters that end a sentence or a bracketed annotation: what may precede a fused heading.
TERMINAL = "。；】〕」）!！?？"
# Characters / words a wrapped line can end with when the next line starts with a cited clause id.
REF_LEAD_CHARS = "依见与及和或于按照同并至、，（(：:「第据即为之由在自从较比对如含∕/~〜—⸺+＋−-"
REF_LEAD_WORDS = ("步骤", "参见", "详见", "援引", "登记于", "并入", "见于", "改为", "改指")
