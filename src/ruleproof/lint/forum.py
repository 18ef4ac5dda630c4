"""(o) Damage from copying a forum thread: page furniture, lost line breaks, cut links, stray marks.

* ``forum-chrome`` — Discuz page furniture copied with the posts (「楼主 |」, 「发表于 2026-9-3 20:04|
  字数 11,643」, 「显示全部楼层」, lines of 「|」): not rules, and it shifts every line number;
* ``heading-fused`` — a numbered heading whose line break was lost, so its body runs on the heading's
  line (「15、告死者有告死者必有慰魂师。」 in a run of headings 「14、鬼魂新娘[接刀]」 …);
* ``link-truncated`` — a link the forum shortened with 「...」: the address no longer works;
* ``punctuation-doubled`` — two sentence marks in a row (「，。」 「。。」), or a point ending on 「、」/「，」;
* ``heading-mark`` — a heading carrying a mark (「蚀梦游魂*」) that the text explains nowhere.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ruleproof.findings import Finding, Severity
from ruleproof.lint.base import CheckInfo, clip
from ruleproof.lint.context import LintContext

CHROME = CheckInfo(
    id="forum-chrome",
    family="o",
    severity=Severity.WARNING,
    title="复制帖子时带入的论坛页面元素",
    title_en="forum page furniture copied with the posts",
    rule="「楼主」「发表于…」「显示全部楼层」、成行的「|」等是论坛页面的元素，不是规则；它们混在正文中，也使行号与原帖错位。",
    rule_en="'楼主', '发表于…', '显示全部楼层' and lines of '|' belong to the forum page, not to the rules; "
    "mixed into the text they also shift the line numbers.",
    advice="从规则文本中删去这些行。",
    advice_en="Delete these lines from the rules text.",
)

FUSED = CheckInfo(
    id="heading-fused",
    family="o",
    severity=Severity.NOTE,
    title="标题与正文挤在同一行",
    title_en="heading fused with its body",
    rule="同组的编号标题各占一行；某个标题与其正文挤在一行，说明复制时丢了换行，标题与正文的分界只能靠猜。",
    rule_en="The numbered headings of a run each have a line; one fused with its body lost a line break in "
    "copying, and where the title ends is a guess.",
    advice="在标题后补回换行。",
    advice_en="Restore the line break after the heading.",
)

LINK = CheckInfo(
    id="link-truncated",
    family="o",
    severity=Severity.WARNING,
    title="链接被论坛截短",
    title_en="link shortened by the forum",
    rule="论坛显示时用「...」截短了长链接，复制出来的地址已无法打开，所「参见」的内容读者无从查看。",
    rule_en="The forum shortened a long link with '...'; the copied address no longer opens, so what the "
    "text refers to cannot be read.",
    advice="换成完整的链接地址。",
    advice_en="Put the full address.",
)

PUNCT = CheckInfo(
    id="punctuation-doubled",
    family="o",
    severity=Severity.NOTE,
    title="标点重复或句子停在顿号、逗号上",
    title_en="doubled punctuation, or a point ending on a comma",
    rule="连续两个句读（「，。」「。。」）或以「、」「，」结尾的条目，多为删改后留下的残迹，或句子被截断。",
    rule_en="Two sentence marks in a row ('，。', '。。') or a point ending on '、' / '，' are usually what an "
    "edit left behind, or a cut-off sentence.",
    advice="删去多余的标点，或补全句子。",
    advice_en="Delete the extra mark, or complete the sentence.",
)

MARK = CheckInfo(
    id="heading-mark",
    family="o",
    severity=Severity.NOTE,
    title="标题带有未作说明的符号",
    title_en="heading carries an unexplained mark",
    rule="标题上的「*」等符号若正文从未说明其含义，读者无法知道它标记了什么（或它只是残留）。",
    rule_en="A mark such as '*' on a heading that the text never explains tells the reader nothing (or is "
    "left over).",
    advice="说明该符号的含义，或删去它。",
    advice_en="Explain the mark, or delete it.",
)

CHECKS = (CHROME, FUSED, LINK, PUNCT, MARK)

_DOUBLED = re.compile(r"[，,、；;。][。，,；;]|。。")
_URL_CUT = re.compile(r"https?://\S*?(?:\s*\.\.\.\s*|…)\S*")
_HEADING_MARK = re.compile(r"[*※†‡#]+$")
GAP_LINES = 3  # chrome lines this close together are one block


def run(ctx: LintContext) -> Iterator[Finding]:
    if ctx.doc.shape == "dotted":
        return
    yield from _chrome(ctx)
    yield from _fused(ctx)
    yield from _text_damage(ctx)
    yield from _marks(ctx)


def _chrome(ctx: LintContext) -> Iterator[Finding]:
    noise = sorted((n for n in ctx.doc.noise if n.kind == "forum-chrome"), key=lambda n: n.line)
    blocks: list[list[tuple[int, str]]] = []
    for n in noise:
        if blocks and n.line - blocks[-1][-1][0] <= GAP_LINES:
            blocks[-1].append((n.line, n.raw))
        else:
            blocks.append([(n.line, n.raw)])
    for block in blocks:
        first, last = block[0][0], block[-1][0]
        raws = " ".join(dict.fromkeys(r for _, r in block))
        clause = ctx.doc.clause_at_line(first)
        yield CHROME.finding(
            clause.id if clause else None,
            first,
            f"第 {first}–{last} 行混入论坛页面元素：{clip(raws, 40)}",
            f"lines {first}-{last} hold forum page furniture: {clip(raws, 40)}",
            clip(raws, 40),
            related=[(None, ln) for ln, _ in block[1:]],
            extra={"lines": [ln for ln, _ in block]},
        )


def _fused(ctx: LintContext) -> Iterator[Finding]:
    for c in ctx.doc:
        if not c.fused or c.style != "arabic" or not c.spans:
            continue
        heading = c.headings[0]
        rest = c.spans[0].text if c.spans[0].line == c.line else ""
        yield FUSED.finding(
            c.id,
            c.line,
            f"标题「{heading.raw}」与正文「{clip(rest, 20)}」挤在同一行（同组其他标题各占一行）",
            f"heading '{heading.raw}' shares its line with its body",
            clip(heading.raw + rest, 40),
        )


def _text_damage(ctx: LintContext) -> Iterator[Finding]:
    for c in ctx.doc:
        for span in c.spans:
            for m in _URL_CUT.finditer(span.text):
                yield LINK.finding(
                    c.id,
                    span.line,
                    f"链接「{clip(m.group(0), 40)}」被论坛截短（中间是「...」），无法打开",
                    f"the link '{clip(m.group(0), 40)}' was shortened with '...' and does not open",
                    clip(m.group(0), 40),
                )
            text = re.sub(
                r"[。.]{3,}|…+", "…", _URL_CUT.sub("", span.text)
            )  # an ellipsis 「。。。」 is meant
            for m in _DOUBLED.finditer(text):
                yield PUNCT.finding(
                    c.id,
                    span.line,
                    f"连续的标点「{m.group(0)}」：{clip(text[max(0, m.start() - 12) : m.end() + 4], 30)}",
                    f"doubled punctuation '{m.group(0)}'",
                    clip(text[max(0, m.start() - 12) : m.end() + 4], 40),
                )
        for it in c.items:
            tail = it.text.rstrip()
            if tail.endswith(("、", "，", ",")):
                yield PUNCT.finding(
                    c.id,
                    it.line,
                    f"{c.id} 的 {it.label} 停在「{tail[-1]}」上：{clip(tail[-20:], 24)}",
                    f"point {it.label} of {c.id} ends on '{tail[-1]}'",
                    clip(tail[-24:], 40),
                )


def _marks(ctx: LintContext) -> Iterator[Finding]:
    body = ctx.body
    explained: dict[str, bool] = {}  # one search of the body per distinct mark
    for c in ctx.doc:
        raw = c.headings[0].title if c.headings else ""
        m = _HEADING_MARK.search(raw.strip())
        if m is None:
            continue
        mark = m.group(0)
        if mark not in explained:
            pattern = re.escape(mark) + r"\s*[：:=＝]|[（(]\s*" + re.escape(mark)
            explained[mark] = re.search(pattern, body) is not None
        if explained[mark]:
            continue
        yield MARK.finding(
            c.id,
            c.line,
            f"标题「{raw}」带有「{mark}」，正文没有说明这个符号的含义",
            f"heading '{raw}' carries '{mark}', which the text never explains",
            raw,
            extra={"mark": mark},
        )
