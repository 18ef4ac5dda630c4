"""Which clause of the old revision is which clause of the new one.

Clauses are aligned by content first and by id second, so that renumbering is recognised as such:

1. a clause whose text (title and body, spaces ignored) is printed unchanged is the same clause,
   whatever its id now — the same id preferred when the text occurs twice;
2. with the id changes found so far, the old texts' citations are rewritten to the new ids and step 1
   is repeated: a clause whose only change is that its citations follow a renumbering is unchanged
   ("citations renumbered");
3. what is left pairs by id when the two texts are still alike (an edited clause), then by the most
   alike text among the rest (a clause both moved and edited);
4. the rest was removed (old) or added (new).

Id changes that shift a run of clauses by the same step at the same level — inserting 4.7 moves
4.7…4.14 and all their sub-clauses one up — are one :class:`Renumbering`.  Appendices take part under
their names (附录一).  ``changed_lines`` are the new text's lines that differ from the old text's
(line-level diff, leading and trailing spaces ignored): what a pull-request annotation may point at.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from ruleproof.text import Document
from ruleproof.text.headings import ID_RE

Kind = Literal["same", "cites", "edited", "added", "removed"]

SAME_ID_SIMILAR = 0.5  # an edited clause under its own id keeps at least this share of its text
MOVED_SIMILAR = 0.7  # a clause both moved and edited keeps at least this much
_SPACES = re.compile(r"\s+")
# a clause id as cited in running text (the reader's pattern: 「1.0~1.5」 is left alone)
_CITED_ID = ID_RE


@dataclass(frozen=True)
class Unit:
    id: str
    title: str
    text: str  # title and body, spaces removed
    line: int
    end_line: int
    order: int


@dataclass(frozen=True)
class Pair:
    old: str | None
    new: str | None
    kind: Kind
    similarity: float = 1.0
    old_line: int | None = None
    new_line: int | None = None

    @property
    def moved(self) -> bool:
        return self.old is not None and self.new is not None and self.old != self.new

    def to_json(self) -> dict[str, object]:
        return {
            "old": self.old,
            "new": self.new,
            "kind": self.kind,
            "moved": self.moved,
            "similarity": round(self.similarity, 3),
            "old_line": self.old_line,
            "new_line": self.new_line,
        }


@dataclass(frozen=True)
class Renumbering:
    """Clauses whose ids shifted together: ``first``…``last`` became ``new_first``…``new_last``."""

    first: str
    last: str
    new_first: str
    new_last: str
    clauses: int

    def describe(self, en: bool = False) -> str:
        span = self.first if self.first == self.last else f"{self.first}–{self.last}"
        new = self.new_first if self.new_first == self.new_last else f"{self.new_first}–{self.new_last}"
        if en:
            return f"{span} → {new} ({self.clauses} clause{'s' if self.clauses != 1 else ''})"
        return f"{span} → {new}（{self.clauses} 条）"

    def to_json(self) -> dict[str, object]:
        return {
            "old": [self.first, self.last],
            "new": [self.new_first, self.new_last],
            "clauses": self.clauses,
        }


@dataclass
class Alignment:
    pairs: list[Pair]
    renumberings: list[Renumbering]
    changed_lines: frozenset[int]  # lines of the new text that are not in the old one
    old_to_new: dict[str, str] = field(default_factory=dict)
    new_to_old: dict[str, str] = field(default_factory=dict)

    def of_kind(self, *kinds: Kind) -> list[Pair]:
        return [p for p in self.pairs if p.kind in kinds]

    @property
    def changed_units(self) -> frozenset[str]:
        """New ids of the clauses edited or added (the places a new finding may come from)."""
        return frozenset(p.new for p in self.pairs if p.new and p.kind in ("edited", "added"))

    def remap(self, text: str) -> str:
        """``text`` of the old revision with every cited clause id rewritten to the new id."""
        return remap_ids(text, self.old_to_new)

    def counts(self) -> dict[str, int]:
        out = {k: 0 for k in ("same", "cites", "edited", "added", "removed")}
        for p in self.pairs:
            out[p.kind] += 1
        out["moved"] = sum(p.moved for p in self.pairs)
        return out


def remap_ids(text: str, mapping: Mapping[str, str]) -> str:
    moved = {k: v for k, v in mapping.items() if k != v}
    if not moved:
        return text
    return _CITED_ID.sub(lambda m: moved.get(m.group(1), m.group(1)), text)


def units(doc: Document) -> list[Unit]:
    out: list[Unit] = []
    for k, c in enumerate(doc):
        out.append(Unit(c.id, c.title, _squash(c.title + c.text), c.line, c.end_line, k))
    for k, a in enumerate(doc.appendices, start=len(out)):
        end = a.spans[-1].line if a.spans else a.line
        out.append(Unit(a.name, a.title, _squash(a.title + a.text), a.line, end, k))
    return out


def _squash(text: str) -> str:
    return _SPACES.sub("", text)


def _ratio(a: str, b: str) -> float:
    m = difflib.SequenceMatcher(None, a, b, autojunk=False)
    if m.real_quick_ratio() < SAME_ID_SIMILAR or m.quick_ratio() < SAME_ID_SIMILAR:
        return m.quick_ratio()
    return m.ratio()


def align(old: Document, new: Document) -> Alignment:
    olds, news = units(old), units(new)
    old_by, new_by = {u.id: u for u in olds}, {u.id: u for u in news}
    matched: dict[str, tuple[str, Kind, float]] = {}  # old id -> (new id, kind, similarity)
    taken: set[str] = set()

    def exact(texts: Mapping[str, str], kind: Kind) -> None:
        by_text: dict[str, list[str]] = {}
        for u in news:
            if u.id not in taken:
                by_text.setdefault(u.text, []).append(u.id)
        for u in olds:
            if u.id in matched:
                continue
            found = [i for i in by_text.get(texts[u.id], []) if i not in taken]
            if not found:
                continue
            pick = u.id if u.id in found else found[0]
            matched[u.id] = (pick, kind, 1.0)
            taken.add(pick)

    exact({u.id: u.text for u in olds}, "same")
    while True:  # each renumbered clause found may explain the citations of others
        mapping = {o: n for o, (n, _, _) in matched.items()}
        before = len(matched)
        exact({u.id: remap_ids(u.text, mapping) for u in olds}, "cites")
        if len(matched) == before:
            break
    # by id, when still alike
    for u in olds:
        if u.id in matched or u.id not in new_by or u.id in taken:
            continue
        r = _ratio(remap_ids(u.text, mapping), new_by[u.id].text)
        if r >= SAME_ID_SIMILAR:
            matched[u.id] = (u.id, "edited", r)
            taken.add(u.id)
    # moved and edited: the most alike remaining text
    rest_new = [n for n in news if n.id not in taken]
    for u in olds:
        if u.id in matched or not rest_new:
            continue
        text = remap_ids(u.text, mapping)
        scored = sorted(
            ((_ratio(text, n.text), -abs(n.order - u.order), n.id) for n in rest_new), reverse=True
        )
        best, _, nid = scored[0]
        if best >= MOVED_SIMILAR:
            matched[u.id] = (nid, "edited", best)
            taken.add(nid)
            rest_new = [n for n in rest_new if n.id != nid]
    mapping = {o: n for o, (n, _, _) in matched.items()}
    pairs: list[Pair] = []
    for u in olds:
        if u.id in matched:
            nid, kind, sim = matched[u.id]
            if kind == "edited" and remap_ids(u.text, mapping) == new_by[nid].text:
                kind, sim = "cites", 1.0  # its citations follow a renumbering found later
            pairs.append(Pair(u.id, nid, kind, sim, u.line, new_by[nid].line))
        else:
            pairs.append(Pair(u.id, None, "removed", 0.0, u.line, None))
    for n in news:
        if n.id not in taken:
            pairs.append(Pair(None, n.id, "added", 0.0, None, n.line))
    order = {n.id: n.order for n in news}
    pairs.sort(key=lambda p: (order.get(p.new or "", -1), old_by[p.old].order if p.old else -1))
    old_to_new = {p.old: p.new for p in pairs if p.old and p.new}
    return Alignment(
        pairs=pairs,
        renumberings=renumberings(p for p in pairs if p.moved),
        changed_lines=changed_lines(old.lines, new.lines),
        old_to_new=old_to_new,
        new_to_old={v: k for k, v in old_to_new.items()},
    )


def _parts(cid: str) -> list[int] | None:
    try:
        return [int(x) for x in cid.split(".")]
    except ValueError:
        return None


def _shift(old: str, new: str) -> tuple[tuple[int, ...], int, int] | None:
    """(common prefix, level, step) when ``new`` is ``old`` with one level moved by ``step`` and
    everything below it kept; None for any other move."""
    a, b = _parts(old), _parts(new)
    if a is None or b is None or len(a) != len(b):
        return None
    diff = [k for k in range(len(a)) if a[k] != b[k]]
    if len(diff) != 1:
        return None
    k = diff[0]
    return tuple(a[:k]), k, b[k] - a[k]


def renumberings(moved: Iterable[Pair]) -> list[Renumbering]:
    """Group id changes into runs that shifted together (in the old text's order)."""
    runs: list[tuple[object, list[Pair]]] = []
    for p in moved:
        assert p.old is not None and p.new is not None
        sig: object = _shift(p.old, p.new) or (p.old, p.new)
        if runs and runs[-1][0] == sig:
            runs[-1][1].append(p)
        else:
            runs.append((sig, [p]))
    out: list[Renumbering] = []
    for sig, ps in runs:
        level = sig[1] if isinstance(sig, tuple) and len(sig) == 3 and isinstance(sig[1], int) else None
        heads = [p for p in ps if level is not None and (p.old or "").count(".") == level] or ps
        first, last = heads[0], heads[-1]
        assert first.old and first.new and last.old and last.new
        out.append(Renumbering(first.old, last.old, first.new, last.new, len(ps)))
    return out


def changed_lines(old: list[str], new: list[str]) -> frozenset[int]:
    a = [x.strip() for x in old]  # spaces inside a line count: 「4.8. 2」 is a change
    b = [x.strip() for x in new]
    head = 0  # most revisions touch a few places: skip the common head and tail before diffing
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    mid_a, mid_b = a[head : len(a) - tail], b[head : len(b) - tail]
    out: set[int] = set()
    for tag, _i1, _i2, j1, j2 in difflib.SequenceMatcher(None, mid_a, mid_b).get_opcodes():
        if tag in ("replace", "insert"):
            out.update(head + j + 1 for j in range(j1, j2) if mid_b[j])  # blank lines are no change
    return frozenset(out)
