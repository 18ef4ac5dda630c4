"""Character normalization by table.

PDF extraction produced Kangxi radicals (U+2F00–U+2FDF, e.g. ⾃ for 自) and CJK radicals supplement
characters (U+2E80–U+2EFF, e.g. ⻅ for 见).  NFKC maps the first block but not most of the second,
and NFKC on the whole text would also fold circled numerals (①→1) and full-width punctuation —
which must survive, because ①… are item markers.  So normalization is a per-character table:

* every Kangxi radical is mapped to the ideograph NFKC gives for it (and only those characters);
* CJK radicals supplement characters are mapped by the explicit table below;
* CJK compatibility ideographs (U+F900–U+FAFF) are mapped by NFKC, character by character.

Every mapping is one character to one character, so columns and line numbers are preserved.
"""

from __future__ import annotations

import unicodedata

# CJK Radicals Supplement → ordinary ideographs.  Simplified-form radicals map to the simplified
# character they abbreviate; radicals that only occur as components are left alone.
_RADICALS_SUPPLEMENT: dict[str, str] = {
    "\u2e81": "厂",  # ⺁
    "\u2e84": "乙",  # ⺄
    "\u2e85": "亻",  # ⺅
    "\u2e86": "冂",  # ⺆
    "\u2e8c": "小",  # ⺌
    "\u2e8d": "小",  # ⺍
    "\u2e8e": "兀",  # ⺎
    "\u2e8f": "尢",  # ⺏
    "\u2e90": "尢",  # ⺐
    "\u2e92": "巳",  # ⺒
    "\u2e93": "幺",  # ⺓
    "\u2e94": "彑",  # ⺔
    "\u2e95": "彐",  # ⺕
    "\u2e96": "忄",  # ⺖
    "\u2e97": "心",  # ⺗
    "\u2e98": "扌",  # ⺘
    "\u2e99": "攵",  # ⺙
    "\u2e9b": "旡",  # ⺛
    "\u2e9d": "月",  # ⺝
    "\u2e9e": "歹",  # ⺞
    "\u2e9f": "母",  # ⺟
    "\u2ea0": "民",  # ⺠
    "\u2ea1": "氵",  # ⺡
    "\u2ea2": "水",  # ⺢
    "\u2ea3": "灬",  # ⺣
    "\u2ea4": "爫",  # ⺤
    "\u2ea5": "爫",  # ⺥
    "\u2ea6": "丬",  # ⺦
    "\u2ea7": "牛",  # ⺧
    "\u2ea8": "犭",  # ⺨
    "\u2ea9": "王",  # ⺩
    "\u2eaa": "疋",  # ⺪
    "\u2eab": "目",  # ⺫
    "\u2eac": "示",  # ⺬
    "\u2ead": "礻",  # ⺭
    "\u2eae": "竹",  # ⺮
    "\u2eaf": "糸",  # ⺯
    "\u2eb0": "纟",  # ⺰
    "\u2eb2": "罒",  # ⺲
    "\u2eb3": "罒",  # ⺳
    "\u2eb4": "网",  # ⺴
    "\u2eb5": "网",  # ⺵
    "\u2eb6": "羊",  # ⺶
    "\u2eb7": "羊",  # ⺷
    "\u2eb8": "羊",  # ⺸
    "\u2eb9": "耂",  # ⺹
    "\u2eba": "聿",  # ⺺
    "\u2ebb": "聿",  # ⺻
    "\u2ebc": "月",  # ⺼
    "\u2ebd": "臼",  # ⺽
    "\u2ebe": "艹",  # ⺾
    "\u2ebf": "艹",  # ⺿
    "\u2ec0": "艹",  # ⻀
    "\u2ec1": "虎",  # ⻁
    "\u2ec2": "衤",  # ⻂
    "\u2ec3": "覀",  # ⻃
    "\u2ec4": "西",  # ⻄
    "\u2ec5": "见",  # ⻅
    "\u2ec6": "角",  # ⻆
    "\u2ec7": "角",  # ⻇
    "\u2ec8": "讠",  # ⻈
    "\u2ec9": "贝",  # ⻉
    "\u2eca": "足",  # ⻊
    "\u2ecb": "车",  # ⻋
    "\u2ecc": "辶",  # ⻌
    "\u2ecd": "辶",  # ⻍
    "\u2ece": "辶",  # ⻎
    "\u2ecf": "阝",  # ⻏
    "\u2ed0": "钅",  # ⻐
    "\u2ed1": "長",  # ⻑
    "\u2ed2": "镸",  # ⻒
    "\u2ed3": "长",  # ⻓
    "\u2ed4": "门",  # ⻔
    "\u2ed5": "阝",  # ⻕
    "\u2ed6": "阝",  # ⻖
    "\u2ed7": "雨",  # ⻗
    "\u2ed8": "青",  # ⻘
    "\u2ed9": "韦",  # ⻙
    "\u2eda": "页",  # ⻚
    "\u2edb": "风",  # ⻛
    "\u2edc": "飞",  # ⻜
    "\u2edd": "食",  # ⻝
    "\u2ede": "食",  # ⻞
    "\u2edf": "食",  # ⻟
    "\u2ee0": "饣",  # ⻠
    "\u2ee1": "首",  # ⻡
    "\u2ee2": "马",  # ⻢
    "\u2ee3": "骨",  # ⻣
    "\u2ee4": "鬼",  # ⻤
    "\u2ee5": "鱼",  # ⻥
    "\u2ee6": "鸟",  # ⻦
    "\u2ee7": "卤",  # ⻧
    "\u2ee8": "麦",  # ⻨
    "\u2ee9": "黄",  # ⻩
    "\u2eea": "黾",  # ⻪
    "\u2eeb": "斉",  # ⻫
    "\u2eec": "齐",  # ⻬
    "\u2eed": "歯",  # ⻭
    "\u2eee": "齿",  # ⻮
    "\u2eef": "竜",  # ⻯
    "\u2ef0": "龙",  # ⻰
    "\u2ef1": "龜",  # ⻱
    "\u2ef2": "亀",  # ⻲
    "\u2ef3": "龟",  # ⻳
}


def _build_table() -> dict[int, str]:
    table: dict[int, str] = {}
    for code in range(0x2F00, 0x2FE0):
        ch = chr(code)
        mapped = unicodedata.normalize("NFKC", ch)
        if mapped != ch and len(mapped) == 1:
            table[code] = mapped
    for code in range(0xF900, 0xFB00):
        ch = chr(code)
        mapped = unicodedata.normalize("NFKC", ch)
        if mapped != ch and len(mapped) == 1:
            table[code] = mapped
    for ch, mapped in _RADICALS_SUPPLEMENT.items():
        table[ord(ch)] = mapped
    return table


TABLE: dict[int, str] = _build_table()


def normalize(text: str) -> str:
    """Map radical look-alikes to ordinary ideographs; everything else unchanged, length preserved."""
    return text.translate(TABLE)


def is_radical_lookalike(ch: str) -> bool:
    """True for characters of the two radical blocks (whether or not the table maps them)."""
    return 0x2E80 <= ord(ch) <= 0x2FDF
