"""Counts the text states about a list it prints next to them (run with family e, restatements).

* 「N选一」 with its options: 「出刀∕感染∕破坏∕结茧四选一」, 「毒师为五选一⸺救援∕治疗∕制药∕毒药∕解药」,
  「在「查验」与「协助维修」之间二选一」.  The options are the chain of names joined by ∕ (or 与 / 和 /
  或 between quoted or bare names) that ends right before the count, or that starts right after it
  (after 「⸺」 or 「：」); bracketed annotations inside the chain (「出刀∕感染（步骤 7）与结茧」) are
  skipped.  A count without such a chain next to it (「外星人变体二选一」) is not judged.
* 「N项：①…②…③…」, 「计三项：（a）…（b）…（c）…」 and 「仅四项⸺①…②…③…④…」: a count followed by a colon
  or a dash and a labelled list.
  The list is the run of labels ①②③… (or (a)(b)(c)…) in order at the list's own bracket level, ended by
  a label that starts over (2.8.3's 「④附」 after its sub-list's ④).  When
  the labels stop short of N the count is wrong (or an item was lost); when they go past N the count
  is wrong only if the list ends in the same sentence — a clause's own items may continue the
  numbering after a list of rules (「容量恒为 3项：①入池…②顶出…③…④…」 is not a list of three).

Both are how a revision goes stale: an option or an item is added or removed and the count is not.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from ruleproof.findings import Finding, Severity
from ruleproof.lint.base import CheckInfo, clip
from ruleproof.lint.context import LintContext
from ruleproof.text.markers import CIRCLED, cn_number

ENUMERATION = CheckInfo(
    id="enumeration-count",
    family="e",
    severity=Severity.WARNING,
    title="所称数目与随后列出的项数不符",
    title_en="stated count disagrees with the list next to it",
    rule="「N选一」「N项：①②③」之类的计数须与紧邻列出的选项∕项数一致；增删选项或项后计数常被遗漏。",
    rule_en="A count such as 'one of N' or 'N items: ①②③' must equal the options or items listed next to "
    "it; counts go stale when an option or item is added or removed.",
    advice="核对所列选项∕项：补上遗漏者，或改正计数。",
    advice_en="Check the list: restore what is missing, or correct the count.",
)

STEPS = CheckInfo(
    id="range-step-count",
    family="e",
    severity=Severity.WARNING,
    title="所称档数与区间、步长不符",
    title_en="stated number of steps disagrees with the range and its step",
    rule="「a~b（步长 s，共 N 档）」之类的档数须等于 (b−a)∕s＋1；改了区间或步长而档数未改（或反之）即不一致。",
    rule_en="A count such as 'a~b (step s, N settings)' must equal (b−a)/s + 1; changing the range or the "
    "step without the count (or the other way round) makes them disagree.",
    advice="按区间与步长重算档数，或核对区间与步长。",
    advice_en="Recount the settings from the range and the step, or check the range and the step.",
)

CHECKS = (ENUMERATION, STEPS)

# a numeral or one or two digits — r"[一二两三四五六七八九十]|\d{1,2}" led by one class (a second digit only after a
# digit), so that ``re`` skips to the candidates: the same matches, tests/lint/test_lint_indexes.py
_NUM = r"[一二两三四五六七八九十\d](?:(?<=\d)\d?)?"
_CHOICE = re.compile(rf"(?P<n>{_NUM})\s*(?:者)?\s*(?:选|择)\s*[一1](?![选择])")
_BRACKETED = re.compile(r"[（(][^（）()]{0,40}[）)]")
_NAME = r"(?:「[^「」]{1,12}」|[\u4e00-\u9fff]{1,8})"
_SEP = r"\s*(?:∕|/|与|和|或)\s*"
_CHAIN = re.compile(rf"{_NAME}(?:{_SEP}{_NAME})+")
_GAP = 18  # at most this many characters between the chain and the count (「⸺开局定其一，构成…的」)
_LABELLED = re.compile(
    rf"(?P<n>{_NUM})\s*(?P<unit>项|类|种|条|点|款|档|层|级)\s*[）)]?\s*(?:[：:]|[⸺—]{{1,2}})\s*(?P<first>①|[（(]a[）)])"
)
_LIST_SPAN = 400


def _value(raw: str) -> int | None:
    return int(raw) if raw.isdigit() else cn_number("二" if raw == "两" else raw)


def run(ctx: LintContext) -> Iterator[Finding]:
    for unit in ctx.units_outside_log():
        yield from _choices(unit.id, unit.text, unit.line_of)
        yield from _recounted(unit.id, unit.text, unit.line_of)
        yield from _labelled(unit.id, unit.text, unit.line_of)
        yield from _steps(unit.id, unit.text, unit.line_of)


_DEC = r"\d+(?:\.\d+)?"
_SIGN = r"[+＋−\-]"
# 「−1.0~1.5」「+2.0~+3.0」「区间 [0.20, 0.50]」, then in the same sentence 「步长 0.1，共 6 档」
_RANGE_STEP = re.compile(
    rf"(?:(?P<sa>{_SIGN})?\s*(?P<a>{_DEC})\s*[~〜～]\s*(?P<sb>{_SIGN})?\s*(?P<b>{_DEC})"
    rf"|[\[［]\s*(?P<a2>{_DEC})\s*[,，]\s*(?P<b2>{_DEC})\s*[\]］])"
    rf"(?P<gap>[^。；;~〜～\[［]{{0,30}}?)步长\s*(?P<s>{_DEC})[^。；;\d]{{0,6}}?共\s*(?P<n>\d+|[一二两三四五六七八九十]{{1,3}})\s*(?P<unit>[档级种个])"
)


def _signed(sign: str | None, raw: str) -> float:
    return -float(raw) if sign in ("−", "-") else float(raw)


def _steps(uid: str, text: str, line_of: Callable[[int], int]) -> Iterator[Finding]:
    """「a~b（自选，步长 s，共 N 档）」: N = (b − a) ∕ s + 1.  A sign on the first end only is the sign of
    the whole range (「−1.0~1.5」 is a repair of 1.0 to 1.5)."""
    if "步长" not in text:
        return  # the pattern needs the word (a scan of a text without it finds nothing, slowly)
    for m in _RANGE_STEP.finditer(text):
        if m.group("a2") is not None:
            a, b = float(m.group("a2")), float(m.group("b2"))
        elif m.group("sb") is None:
            a, b = float(m.group("a")), float(m.group("b"))
        else:
            a, b = _signed(m.group("sa"), m.group("a")), _signed(m.group("sb"), m.group("b"))
        step = float(m.group("s"))
        n = _value(m.group("n"))
        if step <= 0 or n is None:
            continue
        k = (b - a) / step + 1
        if abs(k - round(k)) > 1e-6 or round(k) == n:
            continue  # a range the step does not divide is not a list of settings
        rng = m.group(0)[: m.start("gap") - m.start()].strip()
        yield STEPS.finding(
            uid,
            line_of(m.start("n")),
            f"「{rng}」以步长 {m.group('s')} 计共 {round(k)} {m.group('unit')}，此处称「共 {m.group('n')} {m.group('unit')}」",
            f"'{rng}' in steps of {m.group('s')} makes {round(k)}, but the text says {n}",
            clip(m.group(0), 60),
            extra={"range": [a, b], "step": step, "stated": n, "computed": round(k)},
        )


def _options(chain: str) -> int:
    parts = re.split(_SEP, chain)
    return len([p for p in parts if p.strip()])


def _strip_brackets(text: str) -> str:
    prev = None
    while prev != text:
        prev, text = text, _BRACKETED.sub("", text)
    return text


def _shown(chain: str) -> str:
    """The options for a message: the outer names cut to the words next to the separators (the first
    name may have swallowed the words before it: 「警长每夜在巡逻∕开枪中」 → 「巡逻∕开枪中」)."""
    parts = [p for p in re.split(_SEP, chain) if p.strip()]
    parts[0] = parts[0][-4:] if not parts[0].startswith("「") else parts[0]
    return "∕".join(parts)


# a label bracket still open where the count stands: 「【同一夜」 before 「二选一】」
_OPEN_LABEL = re.compile(r"[【〔](?=[^【】〔〕]*$)")


def _chain_before(text: str) -> str | None:
    """The chain of options that ends within :data:`_GAP` characters of the end of ``text``.  A label bracket
    the count opens (「巡逻与开枪【同一夜二选一】」) stands between the options and the count; it is read through."""
    left = _OPEN_LABEL.sub("", _strip_brackets(text))
    best = None
    for m in _CHAIN.finditer(left):
        if len(left) - m.end() <= _GAP and not re.search(r"[。；;]", left[m.end() :]):
            best = m.group(0)
    if best is None:
        return None
    # names joined by 与 alone: only right before the count (「巡逻与开枪同夜二选一」), and two of them
    bare = "∕" not in best and "/" not in best and "「" not in best
    near = _ends_near(left, best)
    if bare and (not near or _options(best) != 2):
        return None
    return best


def _ends_near(text: str, chain: str, slack: int = 4) -> bool:
    """``chain`` stands at the end of ``text`` but for at most ``slack`` Chinese characters (what the
    pattern 「CHAIN[一-鿿]{0,4}$」 finds, ``$`` also before a last line break; compiled for no chain)."""
    ends = (len(text), len(text) - 1) if text.endswith("\n") else (len(text),)
    for end in ends:
        for k in range(slack + 1):
            at = end - k
            if at < len(chain) or (k and not "\u4e00" <= text[at] <= "\u9fff"):
                break
            if text.startswith(chain, at - len(chain)):
                return True
    return False


# what may stand between a count and the options listed after it: a dash or a colon, the colon perhaps after a
# verb of two to four characters (「二选一产出：1瓶救援药剂∕2 瓶治疗药剂」)
_AFTER_COUNT = re.compile(r"\s*(?:[\u4e00-\u9fff]{2,4}\s*)?[：:]\s*|\s*[⸺—]\s*")
# an option after the count may open with its quantity and measure word (「1瓶救援药剂」「2 瓶治疗药剂」): the name is
# what follows them
_LEADING_QTY = re.compile(r"(?<![\d.])\d{1,2}\s*[\u4e00-\u9fff](?=[\u4e00-\u9fff])")


def _chain_after(text: str) -> str | None:
    m = _AFTER_COUNT.match(text)
    if m is None:
        return None
    rest = _LEADING_QTY.sub("", _strip_brackets(text[m.end() : m.end() + 60]))
    c = re.match(_CHAIN, rest)
    if c is None or ("∕" not in c.group(0) and "/" not in c.group(0)):
        return None
    return c.group(0)


def _choices(uid: str, text: str, line_of: Callable[[int], int]) -> Iterator[Finding]:
    if "选" not in text and "择" not in text:
        return  # every match prints one of them (a text without both is not scanned)
    for m in _CHOICE.finditer(text):
        n = _value(m.group("n"))
        if n is None or n < 2:
            continue
        start = max(0, m.start() - 60)
        cut = max(text.rfind(ch, start, m.start()) for ch in "。；")
        chain = _chain_after(text[m.end() :]) or _chain_before(text[max(start, cut + 1) : m.start()])
        if chain is None:
            continue
        k = _options(chain)
        if k == n:
            continue
        raw = m.group(0).replace(" ", "")
        shown = _shown(chain)
        yield ENUMERATION.finding(
            uid,
            line_of(m.start()),
            f"称「{raw}」，但所列选项「{shown}」为 {k} 项",
            f"says one of {n}, but the options listed ('{shown}') are {k}",
            clip(text[max(0, m.start() - 24) : m.end() + 4], 50),
            extra={"stated": n, "listed": k, "options": chain},
        )


# 「三选一（方向不限于此三项；…」: the options of a choice counted again right after it by 此∕上述 N 项
_RECOUNT = re.compile(
    rf"(?P<n>{_NUM})\s*选\s*[一1][^。；;｜|\n]{{0,{_GAP}}}?(?:此|上述|以上|前述)\s*(?P<m>{_NUM})\s*(?:项|类|种)"
)


def _recounted(uid: str, text: str, line_of: Callable[[int], int]) -> Iterator[Finding]:
    """A choice whose options are counted again in its sentence (「方向破坏∕感染∕击杀三选一（方向不限于此三项」):
    「此 M 项」 points back at the options of 「N选一」, so M must be N — whatever the list before says (the
    chain check above judges that one)."""
    for m in _RECOUNT.finditer(text):
        n, k = _value(m.group("n")), _value(m.group("m"))
        if n is None or k is None or n == k:
            continue
        raw = re.sub(r"\s+", "", m.group(0))
        yield ENUMERATION.finding(
            uid,
            line_of(m.start("m")),
            f"称「{m.group('n')}选一」，而随后以「{m.group('m')}项」复指其选项（数目不一致）",
            f"says one of {n}, then refers back to its options as {k}",
            clip(raw, 50),
            extra={"stated": n, "listed": k, "options": []},
        )


def _labels(text: str, circled: bool) -> tuple[list[tuple[int, int]], bool]:
    """(ordinal, offset) of the list's labels (①②③…, else (a)(b)(c)…) in order, at the list's own
    bracket level; and whether the list is seen to end (a label that starts over, 「④附」 after ④: the
    items after it are not the list's)."""
    out: list[tuple[int, int]] = []
    depth = 0
    want = 1
    i = 0
    while i < len(text):
        ch = text[i]
        if circled:
            if ch in "（(〔「【":
                depth += 1
            elif ch in "）)〕」】":
                depth = max(0, depth - 1)
            elif depth == 0 and ch in CIRCLED:
                k = CIRCLED[ch]
                prev = text[i - 1 : i]
                citing = (prev.isascii() and prev.isdigit()) or text[max(0, i - 2) : i] in ("批次", "步骤")
                if k == want and not citing:
                    out.append((k, i))
                    want += 1
                elif k < want:
                    return out, True  # a new list starts
        else:
            m = re.match(r"[（(]([a-z])[）)]", text[i:])
            if m:
                k = ord(m.group(1)) - ord("a") + 1
                if k == want:
                    out.append((k, i))
                    want += 1
                    i += m.end()
                    continue
                if k < want:
                    return out, True
        i += 1
    return out, False


def _labelled(uid: str, text: str, line_of: Callable[[int], int]) -> Iterator[Finding]:
    for m in _LABELLED.finditer(text):
        n = _value(m.group("n"))
        if n is None or n < 2 or "关核验" in text[m.start() : m.end() + 2]:
            continue
        span = text[m.start("first") : m.start("first") + _LIST_SPAN]
        circled = m.group("first") == "①"
        labels, ended = _labels(span, circled)
        k = len(labels)
        if k == n or k == 0:
            continue
        if k > n:
            # past the count: wrong only when the list ends in the count's own sentence
            if re.search(r"[。；]", span[: labels[-1][1]]):
                continue
        elif len(span) >= _LIST_SPAN and k < n and not ended:
            continue  # the list may go on beyond what was read
        raw = text[m.start() : m.end("unit")].replace(" ", "")
        yield ENUMERATION.finding(
            uid,
            line_of(m.start()),
            f"称「{raw}」，但随后列出 {k} 项",
            f"says {n} {m.group('unit')}, but {k} are listed after it",
            clip(text[max(0, m.start() - 12) : m.end() + 12], 50),
            extra={"stated": n, "listed": k},
        )
