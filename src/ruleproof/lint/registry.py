"""The exception registry (返航录 2.8.9), read from the text of the clause itself.

The registry is the clause the reader finds by its title (「例外登记册」), not by its number.  It is a flattened table
「项 位置 一句话标签 状态」: each entry starts with its label (①… or (11)…, printed with ASCII or
full-width parentheses) followed by a location (one or more clause ids, optionally with an item
attached, joined by ∕ or 、), then the one-line tag and the status.  An entry label is recognised only
when a clause id follows it and no digit precedes it, so 「4.14.4④ 5.3.2①…」 (an item of a location,
then a citation inside the tag) never starts an entry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ruleproof.lint.context import CLAUSE_ID, ITEM_LABEL, LintContext, Unit, normalize_item
from ruleproof.text.markers import CIRCLED, MARKER_RE, parse_marker

# Status words of the 「状态」 column.  An entry is in force only when its status is 有效.
STATUS_WORDS = (
    "已并入通则",
    "有效",
    "已注销",
    "注销",
    "失效",
    "废止",
    "已撤销",
    "撤销",
    "撤回",
    "暂停",
    "已删除",
)
ACTIVE_STATUS = "有效"
# Entry types named in the registry's own preamble; entries of these types need no 〔例外〕 label.
NON_EXCEPTION_TYPES = ("差量", "索引")

_ENTRY_RE = re.compile(
    rf"(?<![\d.{''.join(CIRCLED)}])(?P<label>{ITEM_LABEL})\s*(?P<loc>{CLAUSE_ID}(?:{ITEM_LABEL})*"
    rf"(?:\s*[∕/、]\s*{CLAUSE_ID}(?:{ITEM_LABEL})*)*)"
)
_LOC_RE = re.compile(rf"(?P<cid>{CLAUSE_ID})(?P<items>(?:{ITEM_LABEL})*)")
_HEADER_RE = re.compile(r"项\s*位置\s*一句话标签\s*状态|项\s*说明")
_BRACKETED = re.compile(r"（[^（）]*）|\([^()]*\)|〔[^〔〕]*〕|「[^「」]*」")


@dataclass(frozen=True)
class Entry:
    label: str  # normalized: "①" or "(23)"
    ordinal: int
    locations: tuple[tuple[str, str | None], ...]  # (clause id, item label or None)
    text: str  # tag + status, table headers removed
    status: str
    line: int

    @property
    def active(self) -> bool:
        return self.status == ACTIVE_STATUS

    @property
    def needs_label(self) -> bool:
        """Entries that describe a difference (差量) or are index pointers (索引) carry no label."""
        return not any(word in self.text for word in NON_EXCEPTION_TYPES)

    def mentions(self, cid: str) -> bool:
        """True when ``cid`` appears as a clause id in the entry's own text (「（3.2、4.3.6、5.2）」)."""
        return any(m.group(0) == cid for m in re.finditer(CLAUSE_ID, self.text))

    def covers(self, cid: str, item: str | None = None) -> bool:
        """The entry names clause ``cid`` (or an ancestor or descendant of it) as a location or in its text."""
        for loc, loc_item in self.locations:
            related = loc == cid or cid.startswith(loc + ".") or loc.startswith(cid + ".")
            same_item = item is None or loc_item is None or normalize_item(loc_item) == normalize_item(item)
            if related and same_item:
                return True
        return self.mentions(cid)


@dataclass(frozen=True)
class Registry:
    clause: str
    title: str
    line: int
    entries: tuple[Entry, ...]

    def entry(self, label: str) -> Entry | None:
        wanted = normalize_item(label)
        m = MARKER_RE.fullmatch(wanted)
        if m is None:
            return None
        ordinal, variant, _ = parse_marker(m)
        for e in self.entries:
            if e.ordinal == ordinal and variant is None:
                return e
        return None


def _status(text: str) -> str:
    outside = _BRACKETED.sub("", text)
    best, best_at = "", -1
    for word in STATUS_WORDS:
        at = outside.rfind(word)
        if at > best_at:
            best, best_at = word, at
    return best


def parse_registry(ctx: LintContext) -> Registry | None:
    clause = ctx.clause(ctx.owners.registry)
    if clause is None:
        return None
    unit: Unit = ctx.unit_by_id[clause.id]
    text = unit.text
    matches = list(_ENTRY_RE.finditer(text))
    entries: list[Entry] = []
    for k, m in enumerate(matches):
        end = matches[k + 1].start() if k + 1 < len(matches) else len(text)
        label = normalize_item(m.group("label"))
        mk = MARKER_RE.fullmatch(label)
        if mk is None:
            continue
        ordinal, _variant, _ = parse_marker(mk)
        locs: list[tuple[str, str | None]] = []
        for lm in _LOC_RE.finditer(m.group("loc")):
            items = lm.group("items")
            first = MARKER_RE.match(items) if items else None
            locs.append((lm.group("cid"), normalize_item(first.group(0)) if first else None))
        body = _HEADER_RE.sub(" ", text[m.end() : end])
        body = " ".join(body.split())
        entries.append(Entry(label, ordinal, tuple(locs), body, _status(body), unit.line_of(m.start())))
    return Registry(clause.id, clause.title, clause.line, tuple(entries))
