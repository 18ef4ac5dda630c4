"""(q) A phrase whose one authoritative clause the text declares, cited at that clause's sibling.

The text names, for some matters, the one clause that rules them: 「2.9 资源生产通则【进程型产出的唯一权威源】」,
「2.8.3 主动与被动的封锁通则【封锁事项的唯一权威源】」, 「2.8.2 …【伤害侧层序的唯一权威源；感染侧层序的唯一权威源为
5.3.3】」.  A declaration 「P的唯一权威源」 makes the declaring clause P's authority, 「P的唯一权威源为 X」 makes X
it (P is the run of characters before 「的」, a quotation whole; 「事项」 at its end is dropped: 「封锁事项」 rules
「封锁」; at most ``PHRASE_MAX`` characters, at least two).

A clause citation whose phrase (``topics.window``) says such a P, of exactly one authority A, is reported with A
as the likely target when A is a sibling of the cited clause (same parent; neither contains the other, nor
the citing clause) and the cited clause never says P — not counting what it says within ``headwords.NEAR_CITED``
characters of a citation of A (2.8.9's registry row 「⑥2.9 资源生产通则 进程型产出：…」 names 2.9's matter to cite
2.9).  It is asked for a clause citing its own ancestor too (「属进程型产出者另依 2.8记账」 in 2.8.10, 2.9
meant), where the ancestor's text is read without the citing clause, as :func:`citeowners.family_owner`
reads it.

It reads the declarations and the cited clause only: one edited citation elsewhere moves no verdict, and an
edit of a declaration moves only the citations of its phrase.  Measured on 返航录 v1preview1.0: see
docs/lint.md, family q, "Tenth pass" (declared authorities).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruleproof.lint.citetext import related, squash
from ruleproof.lint.context import is_descendant
from ruleproof.lint.headwords import NEAR_CITED, guarded
from ruleproof.lint.memo import per_lint
from ruleproof.lint.topics import SPECIFIC_SHARE, ExplainedPlace, Place, Topics
from ruleproof.text.model import RefKind

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.text.model import Ref

PHRASE_MAX = 12  # a longer run before 「的唯一权威源」 is a sentence, not the name of a matter
_DECLARED = re.compile(
    rf"(?:「(?P<q>[^「」]{{2,{PHRASE_MAX}}})」|(?P<p>[\u4e00-\u9fff]{{2,{PHRASE_MAX}}}))"
    r"的唯一权威源(?:为\s*(?P<o>\d+(?:\.\d+)*))?"
)
_MARK = "的唯一权威源"
_MATTERS = "事项"  # 「封锁事项」: the matters of 封锁


@dataclass(frozen=True)
class AuthorityPlace(ExplainedPlace):
    """The clause the text declares the one authority for the phrase's matter."""

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        return (
            f"此处讲「{shown}」，全文声明其唯一权威源为 {self.name}；{cited} 不讲它",
            f"the sentence is about '{shown}', whose one authority the text declares to be {self.name}; "
            f"{cited} does not say it",
        )


@per_lint
def authorities(topics: Topics) -> dict[str, str]:
    """Each declared phrase (squashed) and its authority clause (memoised per text); a phrase declared for
    two clauses names none."""
    found: dict[str, set[str]] = {}
    doc = topics.ctx.doc
    for unit in topics.ctx.units_outside_log():
        if not unit.is_clause:
            continue
        text = f"{unit.title}。{unit.text}"
        if _MARK not in text:
            continue  # (most units: the pattern is not tried at each of their characters)
        for m in _DECLARED.finditer(text):
            phrase = squash(m.group("q") or m.group("p") or "").removesuffix(_MATTERS)
            owner = m.group("o") or unit.id
            if len(phrase) >= 2 and owner in doc.clauses:
                found.setdefault(phrase, set()).add(owner)
    return {p: next(iter(o)) for p, o in found.items() if len(o) == 1}


def without_citations_of(text: str, owner: str) -> str:
    """``text`` without what stands within ``NEAR_CITED`` characters of a citation of ``owner``."""
    at = text.rfind(owner)
    while at >= 0:
        end = at + len(owner)
        before, after = text[at - 1 : at], text[end : end + 2]
        glued = (
            before.isdecimal()
            or before == "."
            or after[:1].isdecimal()
            or (after == "." + after[1:2] and (after[1:2].isdecimal()))
        )
        if not glued:
            text = text[: max(0, at - NEAR_CITED)] + "。" + text[end + NEAR_CITED :]
        at = text.rfind(owner, 0, max(0, at - NEAR_CITED))
    return text


def authority_fit(
    topics: Topics, unit: Unit, at: int, ref: Ref, outside: str | None = None
) -> tuple[list[str], Place] | None:
    """The declared phrase and its authority when the phrase is cited at the authority's sibling (see the
    module's docstring); ``outside``: the cited clause's text to read (an ancestor without the citing clause)."""
    cid = ref.target_clause or ""
    if (
        ref.kind is not RefKind.CLAUSE
        or ref.target_item
        or "." not in cid
        or cid not in topics.ctx.doc.clauses
    ):
        return None
    declared = authorities(topics)
    if not declared:
        return None
    phrase = squash(topics.window(unit, at, ref.raw))
    said = [p for p in declared if p in phrase]
    owners = {declared[p] for p in said}
    if len(owners) != 1:
        return None
    owner = owners.pop()
    if owner.rpartition(".")[0] != cid.rpartition(".")[0] or related(owner, cid) or related(owner, unit.id):
        return None
    cited = topics.places.clause_text(cid) if outside is None else outside
    cited = squash(without_citations_of(cited, owner))
    if any(p in cited for p in said):
        return None  # the cited clause speaks of the matter itself
    meant = squash(topics.places.clause_text(owner))
    vocab = topics.vocab
    for hit in vocab.scan(phrase):
        t = hit.term
        if vocab.specific(t, SPECIFIC_SHARE) and topics.present(t, cited) and not topics.present(t, meant):
            return None  # the phrase names another matter of the cited clause (「5.3.2 夜晚免疫不参与感染侧层序」)
    return sorted(said), AuthorityPlace(owner, topics.places.clause_text(owner))


def family_authority(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """:func:`authority_fit` for a clause citing its own ancestor, read without the citing clause."""
    cid = ref.target_clause or ""
    if not unit.is_clause or unit.id == cid or not is_descendant(unit.id, cid):
        return None
    outside = topics.places.clause_text(cid).replace(topics.places.clause_text(unit.id), "。", 1)
    return authority_fit(topics, unit, at, ref, outside)


def authority_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """:func:`authority_fit` under family q's guards (:func:`headwords.guarded`)."""
    return guarded(topics, unit, at, ref, authority_fit(topics, unit, at, ref))
