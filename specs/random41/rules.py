"""雨声《狼人游戏随机配置法》4.1 — the configurator's rules, as data with their source sentences.

Two rule sets: 普通狼人规则 (``Variant.STANDARD``, modes 标准 / 利村) and 全员随机规则
(``Variant.ALL_RANDOM``, pools 限池 / 综合).  The all-random count table, its multiplier bands and
the score changes of the changelog are parsed from the text at run time; the other rules are data
here with a quote that holds their numbers (so an edited number makes the quote unfindable).

What the text does not contain is not invented: the role table 《算分表V4.0》 (scores, categories,
weights, minimum player counts) is external (see :mod:`.scores`); the 10-player category counts
and the 限池 pool size are not given (see :func:`standard_counts`, :class:`Request`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cache

from ruleproof.config.rounding import Rounding, fmt_fraction
from ruleproof.config.source import Cite, book_lines, locate
from ruleproof.errors import UserError

BOOK = "random41"
THIEF = "盗贼"
MAX_PLAYERS = 99  # ruleproof's own limit for the standard formula (the text names no upper bound)


class Variant(StrEnum):
    STANDARD = "standard"  # 普通狼人规则
    ALL_RANDOM = "all-random"  # 全员随机规则


class Mode(StrEnum):
    STANDARD = "standard"  # 标准模式
    FAVOR_VILLAGE = "favor-village"  # 利村模式


class Pool(StrEnum):
    FULL = "full"  # 综合模式
    LIMITED = "limited"  # 限池模式


class CapReading(StrEnum):
    """How to read "游戏人数的0.1倍个狼人身份" when 0.1N is not an integer."""

    FLOOR = "floor"  # at most ⌊0.1N⌋ extras of that category (default)
    ROUND = "round"  # at most 四舍五入(0.1N)

    @property
    def rounding(self) -> Rounding:
        return Rounding.FLOOR if self is CapReading.FLOOR else Rounding.HALF_UP


class Category(StrEnum):
    WOLF = "狼人"
    SEER = "验人系"
    WITCH = "女巫系"
    GOD = "其他神职"
    VILLAGER = "村民"
    INDEPENDENT = "独立"
    UNDECIDED = "不定"
    SEER_STRONG = "验人系强神"
    GOD_STRONG = "其他强神"
    SEER_WEAK = "验人系弱神"
    GOD_WEAK = "其他弱神"
    OTHER = "其他"


CATEGORIES: dict[Variant, tuple[Category, ...]] = {
    Variant.STANDARD: (
        Category.WOLF,
        Category.SEER,
        Category.WITCH,
        Category.GOD,
        Category.VILLAGER,
        Category.INDEPENDENT,
        Category.UNDECIDED,
    ),
    Variant.ALL_RANDOM: (
        Category.WOLF,
        Category.SEER_STRONG,
        Category.WITCH,
        Category.GOD_STRONG,
        Category.SEER_WEAK,
        Category.GOD_WEAK,
        Category.OTHER,
    ),
}
# Which side a category scores for: wolves add to the wolf score, the village camp to the village
# score, third-party and undetermined roles (全员随机: 其他) are deducted from the village score.
SIDE: dict[Category, str] = {c: "village" for c in Category}
SIDE[Category.WOLF] = "wolf"
for _c in (Category.INDEPENDENT, Category.UNDECIDED, Category.OTHER):
    SIDE[_c] = "other"

COARSE_STANDARD = ("狼人", "神职", "村民", "其他")
COARSE_ALL_RANDOM = ("狼人", "强神", "弱神", "其他")
COARSE_OF: dict[Category, str] = {
    Category.WOLF: "狼人",
    Category.SEER: "神职",
    Category.WITCH: "神职",
    Category.GOD: "神职",
    Category.VILLAGER: "村民",
    Category.INDEPENDENT: "其他",
    Category.UNDECIDED: "其他",
    Category.SEER_STRONG: "强神",
    Category.GOD_STRONG: "强神",
    Category.SEER_WEAK: "弱神",
    Category.GOD_WEAK: "弱神",
    Category.OTHER: "其他",
}


@dataclass(frozen=True)
class Request:
    variant: Variant = Variant.STANDARD
    mode: Mode = Mode.STANDARD
    caps: CapReading = CapReading.FLOOR
    n10_formula: bool = False  # use the 11+ formula at N = 10 (the text gives no counts there)
    pool: Pool = Pool.FULL
    pool_size: int | None = None


# --- sentences ----------------------------------------------------------------------------------

Q = {
    "boards.standard": "可以根据输入的游戏人数和游戏模式，自动生成4个平衡的、不重复的身份配置方案",
    "boards.all-random": "可以根据输入的游戏人数和游戏主题，自动生成3个平衡的、不重复的身份配置方案",
    "categories.standard": "配置程序将身份分为狼人、验人系、女巫系、其他神职、村民、独立、不定七类",
    "categories.all-random": "配置程序将身份分为狼人、验人系强神、女巫系、其他强神、验人系弱神、其他弱神、其他七类",
    "counts.8": "8人局各类别身份数量为：狼人×2，神职×3，村民×3",
    "counts.9": "9人局各类别身份数量为：狼人×3，神职×3，村民×3",
    "counts.from11": "从11人局开始，各类别身份数量分为基础身份数量和额外身份数量两部分",
    "counts.base": "基础身份包含狼人、神职和村民，其数量均为游戏人数的0.3倍（四舍五入）",
    "counts.extra": (
        "附加身份在游戏人数的0.1倍个狼人身份、游戏人数的0.1倍个神职身份、游戏人数的0.1倍个村民身份"
        "和游戏人数的0.2倍个其他身份中随机抽取"
    ),
    "counts.village-extra": "如果附加身份数量超过一个，会保证其中至少有一个是村民阵营身份（即神职或村民）",
    "counts.12-15": "特别地，12人局和15人局没有附加身份，其各类别身份数量为狼人、神职、村民各4（5）个",
    "gods": "神职中固定存在1个验人系身份、1个女巫系身份",
    "others": "每个其他身份有60%概率为独立阵营身份，40%概率为不定阵营身份，分别独立判定",
    "thief": "出现盗贼时，增加1个神职身份和1个村民身份，即配置中的身份数量会比游戏人数多出两个",
    "scoring": (
        "狼人阵营的身份会增加狼人阵营的算分，村民阵营的身份会增加村民阵营的算分，"
        "三方阵营和不定阵营的身份会倒扣村民阵营的算分"
    ),
    "ratio": "将村民阵营算分与狼人阵营的算分作比，其结果用于衡量该配置的平衡性，称作该配置的倍率",
    "only-in-band": "只有范围内的配置才会出现",
    "band.gt10": "在标准模式下，游戏人数n>10时，平衡范围为[0.95+1/n, 1.05+1/n]",
    "band.10": "游戏人数n=10时，平衡范围为[1.1, 1.2]",
    "band.lt10": "游戏人数n<10时，平衡范围为[1.2, 1.3]",
    "band.favor": "利村模式的平衡范围上下限均在标准模式的基础上+0.1",
    "support.standard": "程序支持8~15人的板子抽取",
    "support.beyond15": "超过15人时，程序仍能完成板子抽取，但无法保证平衡性",
    "weights": "拥有权限群友的投稿身份权重固定为1，失去权限群友的投稿身份权重固定为0.3",
    "min-players": "部分不适合在人数较少的游戏中出现的身份，程序算法中设置了身份出现的最少人数",
    "table": "身份的权重和最少人数可以在《算分表V4.0》中查看",
    "seers.all-random": (
        "游戏人数不超过15人时，将有且只有一个验人系的身份出场；超过15人后，将可能有两个验人系的身份出场，"
        "且每超过1人，出现两个验人系的概率增加5%"
    ),
    "witch.all-random": "无论游戏人数如何，将有且只有一个女巫系的身份出场",
    "counts.all-random": "全员随机规则程序中使用的配置如下：",
    "band.all-random": "全员随机规则程序中使用的倍率如下：",
    "support.all-random": "程序支持9~15人的板子抽取",
    "pool": "限池模式下，将按照权重构建身份池，综合模式下，身份表中的所有身份都可能出现",
    "scores.changed": "全员随机修改的算分：",
}


def cite(key: str) -> Cite:
    return Cite.of(BOOK, Q[key])


def boards_default(variant: Variant) -> int:
    m = re.search(r"生成(\d+)个", Q[f"boards.{variant.value}"])
    assert m is not None
    cite(f"boards.{variant.value}")
    return int(m.group(1))


# --- standard rules: category counts ------------------------------------------------------------


@dataclass(frozen=True)
class FixedCounts:
    vector: tuple[int, int, int, int]  # 狼人, 神职, 村民, 其他
    cite: Cite


@dataclass(frozen=True)
class FormulaCounts:
    base_factor: Fraction  # 0.3, 四舍五入
    pool_factors: tuple[Fraction, Fraction, Fraction, Fraction]  # 0.1N 狼人, 神职, 村民, 0.2N 其他
    caps: CapReading
    cites: tuple[Cite, ...]


def _vector(text: str) -> tuple[int, int, int, int]:
    got = dict((k, int(v)) for k, v in re.findall(r"(狼人|神职|村民|其他)×(\d+)", text))
    return (got.get("狼人", 0), got.get("神职", 0), got.get("村民", 0), got.get("其他", 0))


def check_players(n: int, request: Request) -> None:
    """Raise :class:`UserError` for a player count the text does not define for ``request``."""
    if request.variant is Variant.ALL_RANDOM:
        rows = all_random_table()
        if n not in rows:
            raise UserError(
                f"全员随机规则只给出 {min(rows)}~{max(rows)} 人局的配置，没有 {n} 人局",
                f"the all-random rules define {min(rows)}-{max(rows)} players only, not {n}",
            )
        return
    if n < 8 or n > MAX_PLAYERS:
        raise UserError(
            f"普通狼人规则的人数须在 8~{MAX_PLAYERS} 之间（正文从 8 人局写起），收到 {n}",
            f"standard rules take 8-{MAX_PLAYERS} players (the text starts at 8), got {n}",
        )
    if n == 10 and not request.n10_formula:
        raise UserError(
            "正文没有给出10人局的各类别身份数量（只写了8、9人局和“从11人局开始”的公式，"
            "虽然给出了10人局的倍率）；如要按11人起的公式推算，请加 --n10-formula",
            "the text gives no category counts for 10 players (only 8, 9 and the formula 'from 11'); "
            "pass --n10-formula to apply the 11+ formula at 10",
        )


def standard_counts(
    n: int, caps: CapReading = CapReading.FLOOR, n10_formula: bool = False
) -> FixedCounts | FormulaCounts:
    check_players(n, Request(Variant.STANDARD, caps=caps, n10_formula=n10_formula))
    if n in (8, 9):
        c = cite(f"counts.{n}")
        return FixedCounts(_vector(c.quote), c)
    if n in (12, 15):
        c = cite("counts.12-15")
        m = re.search(r"各(\d+)（(\d+)）个", c.quote)
        assert m is not None
        each = int(m.group(1) if n == 12 else m.group(2))
        return FixedCounts((each, each, each, 0), c)
    base = cite("counts.base")
    m = re.search(r"([\d.]+)倍（四舍五入）", base.quote)
    assert m is not None
    extra = cite("counts.extra")
    factors = [Fraction(x) for x in re.findall(r"游戏人数的([\d.]+)倍个", extra.quote)]
    assert len(factors) == 4
    return FormulaCounts(
        base_factor=Fraction(m.group(1)),
        pool_factors=(factors[0], factors[1], factors[2], factors[3]),
        caps=caps,
        cites=(cite("counts.from11"), base, extra, cite("counts.village-extra")),
    )


# --- all-random table ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    categories: tuple[str, ...]  # coarse categories to pick from
    picks: int  # how many distinct categories get +1


@dataclass(frozen=True)
class Row:
    players: int
    base: dict[str, int]
    choices: tuple[Choice, ...]
    cite: Cite


_CN_NUMBER = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4}


@cache
def all_random_table() -> dict[int, Row]:
    lines = book_lines(BOOK)
    start = locate(BOOK, Q["counts.all-random"])
    rows: dict[int, Row] = {}
    for number in range(start + 1, len(lines) + 1):
        line = lines[number - 1].strip()
        m = re.match(r"(\d+)人：(.+)$", line)
        if m is None:
            break
        head, _, rest = m.group(2).partition("再")
        base = {c: 0 for c in COARSE_ALL_RANDOM}
        base.update((k, int(v)) for k, v in re.findall(r"(狼人|强神|弱神|其他)×(\d+)", head))
        choices = []
        for group, how in re.findall(r"在([^中]+)中任选([^，,]+)", rest):
            k = re.match(r"(\d+|[一二两三四])", how)
            assert k is not None, line
            picks = int(k.group(1)) if k.group(1).isdigit() else _CN_NUMBER[k.group(1)]
            choices.append(Choice(tuple(group.split("、")), picks))
        rows[int(m.group(1))] = Row(int(m.group(1)), base, tuple(choices), Cite(BOOK, line, number))
    return rows


def all_random_row(n: int) -> Row:
    check_players(n, Request(Variant.ALL_RANDOM))
    return all_random_table()[n]


def independent_share() -> Fraction:
    """Standard rules: the chance that one 其他 slot is 独立 (the rest is 不定)."""
    m = re.search(r"(\d+)%概率为独立阵营身份，(\d+)%概率为不定阵营身份", Q["others"])
    assert m is not None
    return Fraction(int(m.group(1)), int(m.group(1)) + int(m.group(2)))


def seer_two_probability(n: int) -> Fraction:
    """全员随机: P(two seer-type roles) — 0 up to 15 players, +5% per player above 15."""
    m = re.search(r"超过(\d+)人后.*每超过1人，出现两个验人系的概率增加(\d+)%", Q["seers.all-random"])
    assert m is not None
    threshold, step = int(m.group(1)), Fraction(int(m.group(2)), 100)
    return max(Fraction(0), (n - threshold) * step)


def seer_limit_all_random() -> int:
    m = re.search(r"不超过(\d+)人时", Q["seers.all-random"])
    assert m is not None
    return int(m.group(1))


# --- multiplier bands ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Band:
    lo: Fraction
    hi: Fraction
    cites: tuple[Cite, ...]

    def text(self) -> str:
        return f"[{fmt_fraction(self.lo)}, {fmt_fraction(self.hi)}]"


def _decimals(quote: str) -> list[Fraction]:
    return [Fraction(x) for x in re.findall(r"\d+\.\d+|\d+", quote)]


@cache
def all_random_bands() -> dict[int, tuple[Fraction, Fraction, Cite]]:
    c = cite("band.all-random")
    line = book_lines(BOOK)[c.line - 1]
    out = {}
    for lo_n, hi_n, lo, hi in re.findall(r"(\d+)(?:~(\d+))?人局([\d.]+)~([\d.]+)", line):
        for n in range(int(lo_n), int(hi_n or lo_n) + 1):
            out[n] = (Fraction(lo), Fraction(hi), Cite(BOOK, line.strip().rstrip("。"), c.line))
    return out


def band(n: int, request: Request) -> Band:
    """The closed multiplier band for ``n`` players under ``request``."""
    if request.variant is Variant.ALL_RANDOM:
        if request.mode is not Mode.STANDARD:
            raise UserError("全员随机规则没有利村模式", "the all-random rules have no favor-village mode")
        bands = all_random_bands()
        if n not in bands:
            raise UserError(f"全员随机规则没有给出 {n} 人局的倍率", f"no all-random band for {n} players")
        lo, hi, c = bands[n]
        return Band(lo, hi, (c,))
    if n > 10:
        c = cite("band.gt10")
        a, _one, b, _one2 = _decimals(c.quote.split("[")[1])
        lo, hi = a + Fraction(1, n), b + Fraction(1, n)
    else:
        c = cite("band.10" if n == 10 else "band.lt10")
        lo, hi = _decimals(c.quote.split("[")[1])
    cites: tuple[Cite, ...] = (c,)
    if request.mode is Mode.FAVOR_VILLAGE:
        favor = cite("band.favor")
        (shift,) = _decimals(favor.quote.split("+")[1])
        lo, hi, cites = lo + shift, hi + shift, (c, favor)
    return Band(lo, hi, cites)


# --- scores the text gives ----------------------------------------------------------------------


@dataclass(frozen=True)
class ScoreChange:
    role: str
    old: int
    new: int
    tier_from: str | None  # 强神 / 弱神 when the change moves the role between tiers
    tier_to: str | None
    cite: Cite


@cache
def score_changes() -> tuple[ScoreChange, ...]:
    """The all-random score changes of the changelog, in text order (later entries win)."""
    out = []
    for number, line in enumerate(book_lines(BOOK), start=1):
        if Q["scores.changed"] not in line:
            continue
        body = line.split(Q["scores.changed"], 1)[1]
        for item in body.split("，"):
            m = re.fullmatch(r"(\D+?)(\d+)-(\d+)(?:（(强神|弱神)变(强神|弱神)）)?", item.strip())
            if m is None:
                raise LookupError(f"{BOOK}:{number}: cannot read score change {item!r}")
            out.append(
                ScoreChange(
                    m.group(1),
                    int(m.group(2)),
                    int(m.group(3)),
                    m.group(4),
                    m.group(5),
                    Cite(BOOK, item, number),
                )
            )
    return tuple(out)


def weights() -> tuple[Fraction, Fraction, Cite]:
    """Weights of submitted roles: (member with permission, member who lost it)."""
    c = cite("weights")
    have, lost = (Fraction(x) for x in re.findall(r"权重固定为([\d.]+)", c.quote))
    return have, lost, c
