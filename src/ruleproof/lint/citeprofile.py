"""(q) How the text cites a place elsewhere: its citation profile as evidence about one citation.

The text cites each clause several times, and the words around those citations say what the clause is
about independently of its own wording: 2.5.4① is cited 「登记于 2.5.4① 不适用清单」 in 4.13.1, 4.14.2 and
4.14.3; 2.1.6 「⑧不新增公告批次（2.1.6）」 in every ten-gate line; 2.1 「发放时序依 2.1 的默认额度发放时序」 in
4.4.2, 4.4.3 and 6.4.1.  Every judged clause and item citation files the uncommon two-character words of its
phrase (``topics.window``: the words it annotates; words in more than a sixth of the units are common) at
the place it cites, an item citation at its clause too — the place's *profile*.  A citation is reported,
naming the sibling, when

- no other unit (clause or appendix) cites the cited place with any word of the phrase (its profile shares nothing with it),
- exactly one sibling of the cited place (family q's neighbours, not of the citing clause's own family) is
  cited by at least ``PROFILE_VOTES`` other units with each of at least ``PROFILE_WORDS`` words of the
  phrase that the cited place never says, and
- the phrase says no word the cited place says and that sibling does not (7.2.6 is cited 「施加告知属 7.2.6
  明文授予」 in 5.7: 明文授予 is how the text cites 7.2.7 and 2.8.7, but 施加告知 is 7.2.6's title);

and family q's guards hold: not in a tag or a glossary entry, not a comparison or a denial, not numbers
taken for an id, not a gate the checklist itself cites, in a list only when the list rule confirms it.

Words from bigrams, not the vocabulary's terms, is what tells this from :mod:`citehabits`, which files a
citation under the vocabulary's terms of its nearest words and its lead word (「登记于」): a profile holds
the text's set phrases whole (「不适用清单」「默认额度发放时序」「全额减免先于一切抵挡层」), which no single term
names.  Votes are units, never the citing one, and three words with two units each are needed, so one
edited citation elsewhere cannot make a finding: measured by retargeting each citation of 返航录 to each
neighbour the mutation generator picks and judging every citation of both families again with the edited
profiles, none is reported (two votes for two words: 0 too; one vote: 3).  On the unedited text the rule
reports nothing (``python ci/sim_citations.py``); two words instead of three reported 4.10.1 「按目标之真实
阵营计（2.8.1③）」 (the 真实阵营 row of 2.8.1③之二's table, which the reader parses as item ③).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ruleproof.lint.base import clip
from ruleproof.lint.citetext import CJK_RUN, bigrams, in_tag, related, squash
from ruleproof.lint.context import CLAUSE_OR_ITEM
from ruleproof.lint.headwords import guarded
from ruleproof.lint.memo import per_lint
from ruleproof.lint.topics import ExplainedPlace, judged_unit

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Place, Topics
    from ruleproof.text.model import Ref

PROFILE_VOTES = 2  # units (not the citing one) citing the sibling with a word before it is its word
PROFILE_WORDS = 3  # words of the phrase the sibling's profile must hold (the cited place's none)


@dataclass(frozen=True)
class ProfiledPlace(ExplainedPlace):
    """The sibling whose citation profile the phrase matches: how many units cite it so, and one of them."""

    clauses: int = 0
    example: str = ""

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        return (
            f"此处讲「{shown}」；全文另有 {self.clauses} 处引用 {self.name} 时也这样讲"
            f"（{self.example}），引用 {cited} 时从未这样讲，{cited} 中也没有这些词",
            f"the sentence says '{shown}'; {self.clauses} other units say it citing {self.name} "
            f"({self.example}), none citing {cited}, which never says these words",
        )


@dataclass
class _Profiles:
    """For each place, each uncommon word of the phrases citing it, with the units (and one citation's
    unit, line and phrase) that cite it so."""

    words: dict[str, dict[str, set[str]]] = field(default_factory=dict)
    sites: dict[tuple[str, str], tuple[Unit, int, str]] = field(default_factory=dict)
    filed: dict[tuple[str, int, str], frozenset[str]] = field(default_factory=dict)  # each citation's words

    def shown(self, name: str, unit_id: str) -> str:
        """The first citation of ``name`` in unit ``unit_id``, as printed."""
        unit, at, raw = self.sites[(name, unit_id)]
        return f"{unit.id}「{clip(unit.text[max(0, at - 12) : at + len(raw)], 24)}」"


_NONE: frozenset[str] = frozenset()


@per_lint
def _profiles(topics: Topics) -> _Profiles:
    """Every judged clause and item citation of the text filed under the uncommon words of its phrase, at
    its place (an item citation at its clause too) — memoised per text."""

    out = _Profiles()
    common = topics.common_words
    for ref in topics.ctx.doc.refs():
        if ref.kind not in CLAUSE_OR_ITEM or not ref.target_clause:
            continue
        unit = judged_unit(topics.ctx, ref)
        at = topics.locate(unit, ref) if unit is not None else None
        if unit is None or at is None or in_tag(unit.text, at):
            continue
        place = topics.target(ref)[0]
        if place is None:
            continue
        words = out.filed[(unit.id, at, ref.raw)] = bigrams(topics.window(unit, at, ref.raw)) - common
        for name in (place.name, ref.target_clause) if place.name != ref.target_clause else (place.name,):
            filed = out.words.get(name)
            if filed is None:
                filed = out.words[name] = {}
            for w in words:
                units = filed.get(w)
                if units is None:
                    filed[w] = {unit.id}
                else:
                    units.add(unit.id)
            out.sites.setdefault((name, unit.id), (unit, at, ref.raw))
    return out


def _runs(phrase: str, evidence: set[str], joins: frozenset[str]) -> list[str]:
    """The phrase's stretches of ``evidence`` words, joined across ``joins`` words (the sibling's other
    profile words, the common ones) and across one other word, each holding evidence: 「的默认额度发放时序」
    for 的默∕默认∕认额∕度发∕发放∕放时 (额度 is common, 时序 the cited place says too)."""

    out: list[str] = []
    for run in CJK_RUN.findall(phrase):
        marks = [
            (j, run[j : j + 2] in evidence)
            for j in range(len(run) - 1)
            if run[j : j + 2] in evidence or run[j : j + 2] in joins
        ]
        group: list[tuple[int, bool]] = []
        for j, held in [*marks, (len(run) + 2, False)]:
            if group and j > group[-1][0] + 2:
                if any(h for _j, h in group):
                    out.append(run[group[0][0] : group[-1][0] + 2])
                group = []
            group.append((j, held))
    return out


def profile_fit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The stretches and the sibling when the text cites the sibling with the phrase's words and never the
    cited place (see the module's docstring)."""

    if not ref.target_clause or ref.kind not in CLAUSE_OR_ITEM:
        return None
    place, near = topics.target(ref)
    if place is None or not near:
        return None
    profiles = _profiles(topics)
    words = profiles.filed.get((unit.id, at, ref.raw))
    if words is None:
        words = bigrams(topics.window(unit, at, ref.raw)) - topics.common_words
    cited = profiles.words.get(place.name, {})
    me = unit.id
    if len(words) < PROFILE_WORDS or any(
        (units := cited.get(w)) and (len(units) > 1 or me not in units) for w in words
    ):
        return None  # (most citations: the text cites the place with a word of the phrase elsewhere too)
    hits: list[tuple[Place, list[str]]] = []
    for p in near:
        filed = profiles.words.get(p.name)
        if filed is None or related(p.name, me):
            continue
        voted = [w for w in words if len(filed.get(w, _NONE) - {me}) >= PROFILE_VOTES]
        if len(voted) >= PROFILE_WORDS:
            hits.append((p, voted))
    if len(hits) != 1 or in_tag(unit.text, at) or topics.glossary(unit):
        return None
    likely, voted = hits[0]
    joins = frozenset(voted) | topics.common_words
    said, likely_says = squash(place.text), squash(likely.text)
    evidence = {w for w in voted if w not in said}
    if len(evidence) < PROFILE_WORDS or any(w in said and w not in likely_says for w in words):
        return None  # the cited place says the words, or something of the phrase only it says
    filed = profiles.words[likely.name]
    units = set().union(*(filed[w] for w in evidence)) - {me}
    # the example: the unit citing the sibling with most of the words (the first in the text's order of ids)
    best = max(sorted(units), key=lambda u: sum(u in filed[w] for w in evidence))
    place_of = ProfiledPlace(likely.name, likely.text, len(units), profiles.shown(likely.name, best))
    return _runs(topics.window(unit, at, ref.raw), evidence, joins), place_of


def profile_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """:func:`profile_fit` under family q's guards (comparison, denial, number pair, gate, list:
    :func:`headwords.guarded`)."""
    return guarded(topics, unit, at, ref, profile_fit(topics, unit, at, ref))
