"""(q) An item citation whose phrase says another item's heading.

The items of a clause are told apart by their headings (「② 进度记账⸺…」「⑤ 独占性⸺…」「③ 受封锁者总清单：…」);
a citation 「各自受 2.9⑤ 独占性约束」 says the heading of the item it means.  After a renumbering
(2.9⑤ → 2.9⑥) the phrase still says 独占性, which only ⑤'s heading says and ⑥ never says.  The check reads
the headings as two-character words (the heading 「明文豁免清单」 is named by 「依 2.8.3④ 豁免」, and the
heading 「现行层序·伤害侧」 by 「伤害侧＝存续类，层序依 2.8.2⑥」) and keeps, for each item, the words no other
item's heading of the same clause has (its *own* heading words).  A citation is reported when

- its phrase (``topics.window``: the words the citation annotates) says none of the cited item's own
  heading words,
- it says at least one own heading word of exactly one other item (the likely target), and
- the cited item's text never says any of those words.

A citation inside a bracketed tag is not judged (〔通则 2.8.2⑥ 之例外〕 names the rule the clause departs
from, whatever the words around it say; the habit map files no tag either).  Unlike a lexical fit over the items' whole
texts (which the text's own citations fail: 「受沉默与感染抑制封锁（2.8.3③）」 cites the list, while ① states
the rule in those very words), a heading is what the text itself prints to tell its items apart.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ruleproof.text.model import Ref, RefKind

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Place, _Topics

_CJK_RUN = re.compile(r"[\u4e00-\u9fff]+")


def _words(text: str) -> set[str]:
    """The two-character words of a text, never across punctuation."""
    return {run[i : i + 2] for run in _CJK_RUN.findall(text) for i in range(len(run) - 1)}


def heading_fit(topics: _Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The heading words and the item whose heading the phrase says, when the cited item's does not."""
    from ruleproof.lint.topics import _in_tag, _item_heads, _squash  # (topics imports this one when called)

    if ref.kind is not RefKind.ITEM or not ref.target_item or not ref.target_clause:
        return None
    place, near = topics.target(ref)
    if place is None or not near or _in_tag(unit.text, at):
        return None
    group = [place, *near]
    heads = [_words("".join(_item_heads(topics, p))) for p in group]
    own = [heads[k] - set().union(*(h for j, h in enumerate(heads) if j != k)) for k in range(len(group))]
    phrase = _words(topics.window(unit, at, ref.raw))
    if own[0] & phrase:
        return None
    hits = [(k, sorted(own[k] & phrase)) for k in range(1, len(group)) if own[k] & phrase]
    if len(hits) != 1:
        return None  # no other heading is named, or two are: no telling which was meant
    k, said = hits[0]
    cited = _squash(place.text.split("。", 1)[-1])
    if any(w in cited for w in said):
        return None  # the cited item says the word too
    return said, group[k]


def heading_verdict(topics: _Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """:func:`heading_fit` under family q's guards: not a comparison or a denial (「不走 X」), not numbers
    the reader took for an id, not a gate the checklist itself cites, and in a list only when the list
    rule confirms it (another member says the words, the likely target is no member)."""
    from ruleproof.lint.topics import _compared_or_denied, _in_list, _number_pair

    text, end = unit.text, at + len(ref.raw)
    if (
        _compared_or_denied(text, at, end)
        or _number_pair(text, at, ref.raw)
        or topics.gate_defined(unit, at, ref)
    ):
        return None
    found = heading_fit(topics, unit, at, ref)
    if found is None:
        return None
    if _in_list(text, at, end) and not topics.list_confirms(unit, at, ref, *found):
        return None
    place = topics.target(ref)[0]
    return (place, *found) if place is not None else None
