"""(q) An item citation read by what the citing clause is about.

A clause about one matter cites, inside another clause, the item about that matter: 2.8.3 (「主动与被动的封锁
通则」) lists 「清洗（5.9）、变形（6.8.3⑥）与觉醒（6.2）不在本清单之列」 — 6.8.3 is 变形, its item ⑥ is headed
「封锁：」.  The citing phrase names only the cited clause's subject (变形), which every item of it is about, so
the phrase cannot tell the items apart; the citing clause's title can.  After a renumbering (⑥ → ⑦ 「不得转
职：」) the title still names ⑥'s heading.

An item citation is reported, naming the sibling item, when

- the phrase (``topics.window``) says no item heading of the cited clause (the heading verdicts read those)
  and says something (at least one term of the vocabulary);
- the citing clause's title says the whole heading of exactly one other item of the cited clause
  (``item_heads``: 「⑥ 封锁：…」 → 封锁) and not the cited item's heading, and
- the cited item never says that heading;

under family q's guards (:func:`headwords.guarded`), never in a glossary or an appendix (they have no title
of their own matter) and never for a sibling of the citing clause's own family.

It reads the citing clause's title, the phrase and the cited clause's items only (the habit audit stays 0).
Measured on 返航录 v1preview1.0: see docs/lint.md, family q, "Tenth pass" (items by the citing clause's
subject).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruleproof.lint.citetext import body_text, related, squash
from ruleproof.lint.headwords import guarded
from ruleproof.lint.memo import PerLintTable
from ruleproof.lint.topics import ExplainedPlace, Place, Topics, item_heads
from ruleproof.text.model import RefKind

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.text.model import Ref


# each clause's items' headings, by item name, per text (every item citation of the clause reads them)
_HEADS: PerLintTable[Topics, str, dict[str, frozenset[str]]] = PerLintTable()


def _heads(topics: Topics, cid: str) -> dict[str, frozenset[str]]:
    return _HEADS.get_or_build(
        topics, cid, lambda: {p.name: item_heads(topics, p) for p in topics.places.items(cid)}
    )


@dataclass(frozen=True)
class SubjectItem(ExplainedPlace):
    """The item headed by what the citing clause's title names."""

    citing: str = ""

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        return (
            f"本条（{self.citing}）讲「{shown}」，{self.name} 以「{shown}」为题，而 {cited} 不讲它",
            f"the citing clause ({self.citing}) is about '{shown}', which heads {self.name}; "
            f"{cited} does not say it",
        )


def subject_fit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The heading and the item when the citing clause's title names another item's heading (see the
    module's docstring)."""
    if ref.kind is not RefKind.ITEM or not ref.target_item or not unit.is_clause or topics.glossary(unit):
        return None
    place, near = topics.target(ref)
    if place is None or not near or not topics.topic(unit, at, ref.raw):
        return None
    clause = topics.ctx.clause(unit.id)
    if clause is None:
        return None
    title = squash(clause.title)
    phrase = squash(topics.window(unit, at, ref.raw))
    heads = _heads(topics, ref.target_clause or "")
    if place.name not in heads or not any(h in title for hs in heads.values() for h in hs):
        return None  # (most item citations: the citing title names no item's heading)
    if any(h in phrase for hs in heads.values() for h in hs):
        return None  # the phrase names an item itself
    if any(h in title for h in heads[place.name]):
        return None
    named = [
        (p, h)
        for p in near
        if not related(p.name, unit.id)
        for h in heads.get(p.name, frozenset())
        if h in title
    ]
    if len(named) != 1:
        return None
    likely, head = named[0]
    if head in squash(body_text(place.text)):
        return None  # the cited item says it too
    return [head], SubjectItem(likely.name, likely.text, citing=unit.id)


def subject_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """:func:`subject_fit` under family q's guards."""
    return guarded(topics, unit, at, ref, subject_fit(topics, unit, at, ref))
