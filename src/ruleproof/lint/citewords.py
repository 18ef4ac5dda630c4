"""(q) Word evidence: a common word that heads exactly one sibling's title and that this sibling, above all
its family, is about.

The head-word check (:mod:`ruleproof.lint.headwords`) reports a citation whose phrase says the head of one
sibling's title and none of the cited place's — but only when the cited place never says that word.  A word
like 感染 is said in more than a quarter of the clauses, so after a renumbering the wrong target usually says
it in passing: 「依3.3，…仅清感染」 retargeted to 3.2 破坏与停转夜, which mentions 感染 while 3.3 感染机制 is
about it.  What tells the siblings apart is not whether the cited place says the word but *how much more*
the sibling titled by it does, within the family: a word is evidence for the sibling whose title heads it
when that sibling says it at least ``FAMILY_RATIO`` times as often as every other place of the family, the
cited place included (7.3 乔装通则 says 乔装 44 times, 7.1 twice, 7.0 and 7.2 never).  Counting over the
whole family, not the cited place alone, keeps a word the family shares from being anyone's: 外星人 heads
6.8 死囚外星人, which says it 16 times, but 6.9 逃亡 says it 14 times (7.2.7 「外星人出刀（6.6…」 stays
silent); 发动 heads 7.3.1 发动与伪装身份 (8 times) but 7.3.5 says it 3 times (7.3.8 「至多发动 1 次（7.3.0）」
stays silent).  All other guards of
the head-word check hold: the phrase names no head of the cited place and the head of exactly one sibling,
says no uncommon word only the cited place says, no citation of the sibling stands next to it, and family
q's comparison, denial, number-pair, gate and list rules.

**A bare lead citation** (「依3.3，治疗不解除濒死，仅清感染」 in 4.14.2, 「见 5.3.3」, 「依 7.0，…」): its own
phrase is only the particle, so the words it annotates are the rest of its sentence, read whole
(``topics.window(..., wide=True)``) under the same family counts.  Not when a quotation follows the
citation (「与3.3.8「救援医师与临时医生…」」: family q's quotation check judges it by the quoted words).

**A phrase one sibling owns** (「依 2.8.7 明文授予」: 明文授予 is 2.8.7's own words, 默认不公开…明文授予者从其
明文).  A run of at least ``PHRASE_LEN`` characters of the citing phrase that exactly one place of the family
says — at least ``PHRASE_SAID`` times, and with an uncommon two-character word in it that this place says at
least ``FAMILY_RATIO`` times as often as every other (so 「外星人的」, a run of a word the whole chapter says,
owns nothing) — names that place, when the cited place says none of the run's uncommon words, no run the
cited place alone says, and no uncommon word of the phrase only it says.  The longest runs are taken first;
a run inside a longer one already taken is not counted again.

It reads only the citing phrase and the family's titles and texts, never how the text cites elsewhere, so
no edit outside the family can make it report.  The ratio is the one family q's sibling-title check already
uses (the sibling says the name at least three times as often as the cited clause); measured on every
citation of 返航录 at its own target and at the neighbours a renumbering would pick
(``python ci/sim_citations.py``): 2.5 reports 7.3.8's citation of 7.3.0 above, 3 reports nothing of the
unedited text.
"""

from __future__ import annotations

import re
import weakref
from typing import TYPE_CHECKING

from ruleproof.lint.headwords import _body, _likely_cited_near, head_verdict
from ruleproof.text.model import RefKind

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Place, _Topics
    from ruleproof.text.model import Ref

FAMILY_RATIO = 3.0  # the titled sibling says the word at least this many times as often as any other place

_FAMILIES: weakref.WeakKeyDictionary[_Topics, dict[tuple[str, bool], dict[str, str]]] = (
    weakref.WeakKeyDictionary()
)

PHRASE_LEN = 4  # a run of the phrase this long, said by one sibling only, may own the phrase
PHRASE_SAID = 2  # and that sibling says it at least this many times
_LONGEST = 12  # runs longer than this are not looked for (the text's sentences differ beyond it)

# what a bare citation's phrase may hold besides citations: a particle (依 X、见 X、另依 X、之…及 X)
_PARTICLES = re.compile(r"[依见另详参据按之及与和]")
_CJK = re.compile(r"[\u4e00-\u9fff]")


def _family(topics: _Topics, ref: Ref) -> dict[str, str]:
    """The cited place's whole family, squashed, by name: the clause's items, or every clause under the cited
    clause's parent with its sub-clauses (memoised per text: every citation of the family reads it)."""
    from ruleproof.lint.topics import _squash

    cid = ref.target_clause or ""
    item = ref.kind is RefKind.ITEM and bool(ref.target_item)
    key = (cid if item else cid.rpartition(".")[0], item)
    memo = _FAMILIES.setdefault(topics, {})
    out = memo.get(key)
    if out is None:
        if item:
            out = {p.name: _body(p, True) for p in topics.places.items(cid)}
        else:
            out = {c: _squash(topics.places.clause_text(c)) for c in topics.children(key[0]) if "." in c}
        memo[key] = out
    return out


def _dominant(word: str, likely: str, family: dict[str, str]) -> bool:
    """The place named ``likely`` says the word at least ``FAMILY_RATIO`` times as often as every other place
    of the family."""
    said = family.get(likely, "").count(word)
    return said > 0 and all(
        FAMILY_RATIO * body.count(word) <= said for name, body in family.items() if name != likely
    )


def word_verdict(topics: _Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """The cited place, the evidence and the sibling it names: a head word that sibling is the one place of
    the family about (:func:`headwords.head_verdict` with the family's counts) — for a bare lead citation,
    read in its whole sentence — else a phrase that sibling owns (:func:`phrase_verdict`)."""
    if not ref.target_clause or ref.kind not in (RefKind.CLAUSE, RefKind.ITEM):
        return None
    family = _family(topics, ref)

    def shared(words: list[str], likely: Place) -> bool:
        return not all(_dominant(w, likely.name, family) for w in words)

    found = head_verdict(topics, unit, at, ref, shared)
    if found is None and _bare(topics, unit, at, ref):
        found = head_verdict(topics, unit, at, ref, shared, wide=True)
    if found is None:
        found = phrase_verdict(topics, unit, at, ref, family)
    return found


def _owned_runs(phrase: str, bodies: list[str], uncommon: frozenset[str]) -> dict[int, list[str]]:
    """The phrase's runs of at least ``PHRASE_LEN`` characters said by exactly one body, longest first, by
    that body's index (a run holding no uncommon word is never looked up)."""
    from ruleproof.lint.topics import _CJK_RUN

    out: dict[int, list[str]] = {}
    for run in _CJK_RUN.findall(phrase):
        taken: list[tuple[int, int]] = []
        for n in range(min(len(run), _LONGEST), PHRASE_LEN - 1, -1):
            for i in range(len(run) - n + 1):
                piece = run[i : i + n]
                if any(a <= i and i + n <= b for a, b in taken):
                    continue
                if not any(piece[j : j + 2] in uncommon for j in range(n - 1)):
                    continue
                said = [k for k, body in enumerate(bodies) if piece in body]
                if len(said) == 1:
                    out.setdefault(said[0], []).append(piece)
                    taken.append((i, i + n))
    return out


def phrase_fit(
    topics: _Topics, unit: Unit, at: int, ref: Ref, family: dict[str, str]
) -> tuple[list[str], Place] | None:
    """The runs and the sibling that alone says them (see the module's docstring)."""
    from ruleproof.lint.topics import Place, _bigrams, _in_tag, _related

    place = topics.target(ref)[0]
    if place is None or place.name not in family or len(family) < 2:
        return None
    if _in_tag(unit.text, at) or topics.glossary(unit):
        return None
    phrase = topics.window(unit, at, ref.raw)
    uncommon = _bigrams(phrase) - topics.common_words
    if not uncommon:
        return None
    names = list(family)
    bodies = [family[n] for n in names]
    owned = _owned_runs(phrase, bodies, frozenset(uncommon))
    cited = names.index(place.name)
    if cited in owned:
        return None  # the phrase says something only the cited place says
    hits = [k for k in owned if not _related(names[k], unit.id)]
    if len(hits) != 1:
        return None
    k = hits[0]
    likely = bodies[k]
    runs = [
        run
        for run in owned[k]
        if likely.count(run) >= PHRASE_SAID
        and not any(w in bodies[cited] for w in _bigrams(run) & uncommon)
        and any(_dominant(w, names[k], family) for w in _bigrams(run) & uncommon)
    ]
    if not runs or any(w in bodies[cited] and w not in likely for w in uncommon):
        return None
    if _likely_cited_near(topics, unit, at, ref, names[k]):
        return None
    item = ref.kind is RefKind.ITEM
    text = (
        topics.places.clause_text(names[k])
        if not item
        else next(p.text for p in topics.places.items(ref.target_clause or "") if p.name == names[k])
    )
    return runs, Place(names[k], text)


def phrase_verdict(
    topics: _Topics, unit: Unit, at: int, ref: Ref, family: dict[str, str]
) -> tuple[Place, list[str], Place] | None:
    """:func:`phrase_fit` under family q's guards (comparison, denial, number pair, gate, list)."""
    from ruleproof.lint.topics import _compared_or_denied, _in_list, _number_pair

    text, end = unit.text, at + len(ref.raw)
    if (
        _compared_or_denied(text, at, end)
        or _number_pair(text, at, ref.raw)
        or topics.gate_defined(unit, at, ref)
    ):
        return None
    found = phrase_fit(topics, unit, at, ref, family)
    if found is None:
        return None
    if _in_list(text, at, end) and not topics.list_confirms(unit, at, ref, *found):
        return None
    place = topics.target(ref)[0]
    return (place, *found) if place is not None else None


def _bare(topics: _Topics, unit: Unit, at: int, ref: Ref) -> bool:
    """The citation's phrase says nothing but a particle, and no quotation follows it."""
    if _CJK.search(_PARTICLES.sub("", topics.window(unit, at, ref.raw))):
        return False
    after = unit.text[at + len(ref.raw) : at + len(ref.raw) + 3].lstrip(" \u3000")
    return not after.startswith("「")
