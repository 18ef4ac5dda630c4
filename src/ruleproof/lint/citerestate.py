"""(q) A citation in an appendix that restates the body, judged by where the restated words are printed.

The appendices say again what the places they cite say — they are built for it:

- a **glossary entry** (附录一, 「术语 含义（对应条款）」, 「定义以正文条款为准」) starts with its term, defines it
  in the words of the body and ends on the citation of the place that defines it: 「濒死 未被抵挡的伤害造成的
  即时状态，立即失去全部行动能力（医生自救除外），当夜步骤 9 前必定终结（4.10.4）」;
- a **point** of another appendix that restates a rule after citing it (附录三's 「七个要点」: 「⑥染血指认⸺依
  7.2.7，异形∕外星人个体累计 3 次出刀致濒死后，自其第 4 次及以后每一次出刀…」).

After a renumbering the restated words are still printed where they were, at a sibling of the wrong target.
Two rules read that, each from the restating place and the cited family only:

- **Restated words.** The longest run (spaces and punctuation squashed) the restated words share with the
  cited place is at most ``SHORT`` characters, exactly one sibling shares a run of at least ``LONG`` (「立即失去
  全部行动能力」 is 4.10.4's; 4.10.3 shares at most 「濒死」), and — for a glossary entry — that sibling says the
  entry's term at least as often as the cited place (3.3.3 感染标记与致死时点 says 真标记 three times, 3.3.5,
  which prints nine characters of the entry, never).  Every place of a family shares two to four characters with
  every definition; ten are not shared by chance.
- **A glossary entry's term.** The entry's term (the longest start of the entry that is a term of the
  vocabulary, at least two characters) is said by one sibling at least ``HEAD_MIN`` times and at least
  ``citewords.FAMILY_RATIO`` times as often as every other place of the family, the cited place included
  (3.3 感染机制 says 医生 37 times, 3.1 and 3.2 never): that sibling is the place about the term.

Guards: only the citations that close a glossary entry are read as the entry's (a bracket of citations only,
followed by the next entry's term or the end: 「疫苗抗体（4.14.4，感染侧专属）」 annotates a word of the entry,
「额度（2. 5）分属…」 stands inside one); no likely target of the citing unit's own family or of another member
of the same bracket (「（1.2.5、6.9）」: each member cites its part of the entry; a member printing the words
takes them); no entry whose term heads the cited clause's title (the entry cites the place titled by its term:
「假标记…（5.3.5）」, though 5.3.4 prints 「外观同真标记」); no comparison or denial, no numbers the reader took
for an id.  A restatement in the body (「同4.3：削减倒计时与净破坏量同额」 in 4.2.2, whose words 4.3 paraphrases
and 4.1 prints) is not read: the body restates loosely.  No edit of another place moves a verdict except
through the cited family's texts and the vocabulary.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruleproof.lint.citetext import (
    CJK_RUN,
    REFERENCE,
    close_bracket,
    compared_or_denied,
    number_pair,
    open_bracket,
    related,
    squash,
)
from ruleproof.lint.citewords import FAMILY_RATIO, TitledPlace, cited_family
from ruleproof.lint.frames import longest_run
from ruleproof.lint.topics import ExplainedPlace
from ruleproof.lint.vocab import GLOSSARY_ENTRY_END
from ruleproof.text.model import RefKind

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Place, Topics
    from ruleproof.text.model import Ref

SHORT = 5  # the cited place shares at most this long a run with the restated words
LONG = 10  # the sibling shares at least this long a run
HEAD_MIN = 3  # the sibling says the entry's term at least this many times
ENTRY_LOOKBACK = 300  # an entry's start is looked for this far before its closing citation
TERM_LEN = 8  # the longest term read at an entry's start

_CJK = re.compile(r"[\u4e00-\u9fff]")
_HEADER = re.compile(r"^.*?含义\s*[（(]对应条款[）)]\s*")  # a glossary table's column heads
_JOINED = "与和及或、"  # a bracket followed by these is inside a sentence: 「感染（3.3）与毒药」
_LEAD = re.compile(r"(?:同|依)\s*$")  # 「⸺依 7.2.7，」「同 X：」
_RESTATE_END = re.compile(r"[。；;]")
_PARTICLES = re.compile(r"[依见附及与和]")


@dataclass(frozen=True)
class RestatedPlace(ExplainedPlace):
    """The sibling that prints the restated words: the run it shares and the cited place's longest."""

    run: str = ""
    cited_run: int = 0

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        return (
            f"此处复述的「{self.run}」见于 {self.name}，而 {cited} 与此处至多 {self.cited_run} 字相同",
            f"the words restated here, '{self.run}', are printed at {self.name}, while {cited} "
            f"shares at most {self.cited_run} characters with them",
        )


@dataclass(frozen=True)
class TermPlace(TitledPlace):
    """The sibling about a glossary entry's term: how often it says the term, the family's next most often."""

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        zh, en = self.counts(cited)
        return f"术语表此条释「{shown}」；{zh}", f"this glossary entry defines '{shown}'; {en}"


def _shares(words: str, text: str, k: int) -> bool:
    """``words`` and ``text`` share a run of ``k`` characters."""
    return any(words[i : i + k] in text for i in range(len(words) - k + 1))


def _bracket(text: str, at: int) -> tuple[int, int] | None:
    """The bracket a citation stands in (opener, closer), within an entry's reach."""

    opener = open_bracket(text, at, max(0, at - 30))
    if opener is None:
        return None
    closer = close_bracket(text, opener, len(text))
    return (opener, closer) if closer < len(text) else None


def _term(topics: Topics, entry: str) -> str:
    """An entry's term: the longest start of its first run that is a term of the vocabulary."""
    run = CJK_RUN.match(entry)
    if run is None:
        return ""
    word = run.group(0)
    return next((word[:k] for k in range(min(TERM_LEN, len(word)), 1, -1) if word[:k] in topics.vocab), "")


def _entry(topics: Topics, unit: Unit, at: int) -> tuple[str, tuple[int, int]] | None:
    """The glossary entry a citation closes (its text before the bracket, unsquashed) and the bracket."""

    text = unit.text
    found = _bracket(text, at)
    if found is None:
        return None
    opener, closer = found
    if _CJK.search(_PARTICLES.sub("", REFERENCE.sub("", text[opener + 1 : closer]))):
        return None  # 「疫苗抗体（4.14.4，感染侧专属）」: the bracket annotates a word of the entry
    after = text[closer + 1 : closer + 12].lstrip(" \u3000")
    if after and (after[0] in _JOINED or not _CJK.match(after) or not _term(topics, after)):
        return None  # the entry goes on: the citation is inside it
    start = 0
    for m in GLOSSARY_ENTRY_END.finditer(text, max(0, opener - ENTRY_LOOKBACK), opener):
        if _CJK.match(text[m.end() : m.end() + 3].lstrip(" \u3000")):
            start = m.end()
    return _HEADER.sub("", text[start:opener].lstrip(" \u3000")), found


def _restated(topics: Topics, unit: Unit, at: int, ref: Ref) -> str:
    """The words a point of an appendix restates after citing its source (「⸺依 X，…」「同 X：…」), up to the
    sentence's end or the next citation, squashed; '' elsewhere."""

    text = unit.text
    end = at + len(ref.raw)
    if not _LEAD.search(text[max(0, at - 3) : at]):
        return ""
    mark = text[end : end + 2].lstrip(" ")[:1]
    if mark not in ("：", ":", "，", ","):
        return ""
    start = text.index(mark, end) + 1
    stop = _RESTATE_END.search(text, start)
    words = text[start : stop.start() if stop is not None else len(text)]
    cited = REFERENCE.search(words)
    return squash(words[: cited.start()] if cited is not None else words)


def _members(topics: Topics, unit: Unit, ref: Ref, at: int, lo: int, hi: int) -> list[str]:
    """The other places cited between ``lo`` and ``hi`` (a bracket of citations), not the one at ``at``."""
    out = []
    for other in topics.ctx.refs_by_unit.get(unit.id, []):
        if not other.target_clause or other.line != ref.line:
            continue
        off = topics.locate(unit, other)
        if off is not None and lo <= off < hi and off != at:
            out.append(f"{other.target_clause}{other.target_item or ''}")
    return out


def restated_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """The cited place, the evidence and the sibling that prints what the citing place restates (or, for a
    glossary entry, the sibling about the entry's term)."""
    if unit.is_clause or not ref.target_clause or ref.kind not in (RefKind.CLAUSE, RefKind.ITEM):
        return None  # (the body restates loosely: only the appendices are read)
    if ref.kind is RefKind.ITEM and not ref.target_item:
        return None

    glossary = topics.glossary(unit)
    members: list[str] = []
    term = ""
    if glossary:
        entry = _entry(topics, unit, at)
        if entry is None:
            return None
        said, (opener, closer) = entry
        words = squash(said)
        term = _term(topics, said.lstrip(" \u3000"))
        members = _members(topics, unit, ref, at, opener, closer)
    else:
        words = _restated(topics, unit, at, ref)
    if len(words) < LONG:
        return None
    text, end = unit.text, at + len(ref.raw)
    if compared_or_denied(text, at, end, topics.vocab.prefixes) or number_pair(text, at, ref.raw):
        return None
    place = topics.target(ref)[0]
    if place is None:
        return None
    cid = ref.target_clause
    if term and ref.kind is RefKind.CLAUSE and any(term.startswith(t) for t in topics.title_heads(cid)):
        return None  # the entry cites the place titled by its term

    def allowed(name: str) -> bool:
        return not related(name, unit.id) and not any(related(name, m) for m in members)

    family = cited_family(topics, ref)
    cited = family.get(place.name, squash(place.text))
    if not _shares(words, cited, SHORT + 1):
        likely = [n for n, body in family.items() if n != place.name and _shares(words, body, LONG)]
        name = likely[0] if len(likely) == 1 else ""
        if name and allowed(name) and not (term and family[name].count(term) < cited.count(term)):
            run = longest_run(words, family[name])
            found = RestatedPlace(name, family[name], run, len(longest_run(words, cited)))
            return place, [run], found
    if not term:
        return None
    counts = {n: body.count(term) for n, body in family.items()}
    name = max(counts, key=lambda n: counts[n])
    said_most = counts[name]
    if name == place.name or said_most < HEAD_MIN or not allowed(name):
        return None
    others = max((c for n, c in counts.items() if n != name), default=0)
    if FAMILY_RATIO * others > said_most or FAMILY_RATIO * counts.get(place.name, 0) > said_most:
        return None
    return place, [term], TermPlace(name, family[name], said_most, others)
