"""(q) The sibling that fits a citation's phrase clearly better than the cited place.

After a renumbering, the cited place and its siblings are all "about something"; the place meant is the one
whose words the citing phrase says.  Each sibling (another clause under the same parent, or another item of
the same clause) is scored by the phrase's specific terms it says, each weighted by how rare it is in the
book (log of clauses over clauses saying it) and counted twice when the sibling's title names it.  A
citation is reported when one sibling scores more than ``FIT_MARGIN`` above the cited place and at least
``FIT_RATIO`` times its score, and no other sibling ties it.

The margin was set on 返航录 v1preview1.0 by scoring every clause and item citation of the unedited text at
its own target (``python ci/sim_citations.py``): with the ratio, the largest margin of a citation not
already reported is between 5 and 6 (附录一 「不受沉默封锁（4.12.1）」, 4.12.4 scoring higher); the threshold
sits above it with room.  The score reads only the citing phrase and the places' own words, never
how other citations cite, so an edit elsewhere in the text cannot move it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from ruleproof.lint.citetext import squash
from ruleproof.lint.memo import PerLintTable
from ruleproof.lint.topics import SPECIFIC_SHARE, Place
from ruleproof.text.model import Ref, RefKind

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Topics

FIT_MARGIN = 7.0  # a sibling must say this much more of the phrase (rarity-weighted) than the cited place
FIT_RATIO = (
    3.0  # and at least this many times as much (7.1.2's table row 「武装船员的警长∕猎手识别（4.2…）」)
)
TITLE_WEIGHT = 2.0  # a term a clause's title names counts this many times


# the squashed texts of a clause's items, or of a parent's sub-clauses, per text (every citation of the
# clause reads the same group)
_GROUPS: PerLintTable[Topics, tuple[str, bool], dict[str, str]] = PerLintTable()


def family_group(topics: Topics, cid: str, item: bool) -> dict[str, str]:
    """The squashed texts, by name, of clause ``cid``'s items (``item``) or of the sub-clauses of its parent
    (memoised per text: every citation of the family reads the same group)."""

    if item:
        return _GROUPS.get_or_build(
            topics, (cid, True), lambda: {p.name: squash(p.text) for p in topics.places.items(cid)}
        )
    parent = cid.rpartition(".")[0]
    return _GROUPS.get_or_build(
        topics,
        (parent, False),
        lambda: {c: squash(topics.places.clause_text(c)) for c in topics.children(parent)},
    )


def sibling_margin(
    topics: Topics, unit: Unit, at: int, ref: Ref, related: Callable[[str, str], bool]
) -> tuple[list[str], Place] | None:
    """The terms and the sibling when a sibling fits the phrase by more than ``FIT_MARGIN`` over the cited
    place (``related(name, unit_id)``: a place of the citing clause's own family, never a likely target)."""

    place = topics.target(ref)[0]
    cid = ref.target_clause or ""
    if place is None or not cid:
        return None
    vocab = topics.vocab
    words = sorted(
        {
            h.term
            for h in vocab.scan(topics.window(unit, at, ref.raw))
            if vocab.specific(h.term, SPECIFIC_SHARE)
        }
    )
    weight = {w: math.log(vocab.units / max(1, vocab.df.get(w, 1))) for w in words}
    if sum(weight.values()) * TITLE_WEIGHT <= FIT_MARGIN:
        return None  # (most citations: the phrase's terms could not outweigh the cited place's by the margin)
    item = bool(ref.target_item) and ref.kind is RefKind.ITEM
    if not item and "." not in cid:
        return None
    group = family_group(topics, cid, item)
    if place.name not in group:
        return None

    def score(name: str) -> tuple[float, list[str]]:
        said = [w for w in words if topics.present(w, group[name])]
        total = 0.0
        for w in said:
            total += weight[w] * (TITLE_WEIGHT if not item and w in topics.title_names(name) else 1.0)
        return total, said

    own, _ = score(place.name)
    # no sibling scores above every term said at the factor a title gives (each term's weight is ≥ 0 and
    # a sum of fewer of them, in the same order, is never larger): when even that bound does not beat the
    # cited place by the margin, the siblings need not be read
    bound = sum(max(0.0, weight[w]) * (1.0 if item else TITLE_WEIGHT) for w in words)
    if bound - own <= FIT_MARGIN or bound < FIT_RATIO * own:
        return None
    ranked = sorted(
        ((*score(name), name) for name in group if name != place.name and not related(name, unit.id)),
        key=lambda r: r[0],
        reverse=True,
    )
    if not ranked or ranked[0][0] - own <= FIT_MARGIN or ranked[0][0] < FIT_RATIO * own:
        return None
    if len(ranked) > 1 and ranked[1][0] == ranked[0][0]:
        return None  # two siblings fit alike: no telling which was meant
    _best, said, name = ranked[0]
    text = (
        topics.places.clause_text(name)
        if not item
        else next(p.text for p in topics.places.items(cid) if p.name == name)
    )
    return said, Place(name, text)
