"""What of the [140]乘风破浪的姐姐2 spec cites the text: every quoted phrase, with the section it is read from.

The skill records and tables are read from the bundled text; their cells are quoted here *as the bundled
text prints them*, so a revision that edits a cell (「每天限2次」 → 「每天限3次」) is reported by the generic
drift check (:mod:`ruleproof.drift`) against the skill it belongs to — and the engine, reading the revised
table, follows it.
"""

from __future__ import annotations

from ruleproof.drift import Quoted
from ruleproof.specs.jiejie140.interpretations import SWITCHES
from ruleproof.specs.jiejie140.params import PARAMS
from ruleproof.specs.jiejie140.skills import bundled_skills
from ruleproof.specs.jiejie140.tables import MISNAMED, ORDER_CLAUSE, WIN_CLAUSE, bundled_order, bundled_wins


def quotes() -> list[Quoted]:
    """Every phrase the spec reads, with the section it cites."""
    out = [Quoted(f"param {p.key}", p.clause, p.quote) for p in PARAMS]
    book = bundled_skills()
    for rec in book.skills.values():
        for cell in rec.cells:
            if cell.text:
                out.append(Quoted(f"skill {rec.key} {cell.column}", cell.clause, cell.text))
    for office, cells in book.office_cells.items():
        for cell in cells:
            out.append(Quoted(f"office {office} {cell.column}", cell.clause, cell.text))
    order = bundled_order()
    for name, rows in (("setup", order.setup), ("day", order.day), ("night", order.night)):
        for row in rows:
            out.append(Quoted(f"{name} step {row.key}", ORDER_CLAUSE, row.text))
            if row.note:
                out.append(Quoted(f"{name} step {row.key} note", ORDER_CLAUSE, row.note))
    for i, row in enumerate(order.inserted, start=1):
        out.append(Quoted(f"inserted resolution {i}", ORDER_CLAUSE, row.text))
    for m in MISNAMED:
        out.append(Quoted(f"misnamed {m.printed}", ORDER_CLAUSE, m.printed))
    wins = bundled_wins()
    for w in wins.rows:
        out.append(Quoted(f"{w.outcome} {'/'.join(w.factions)} {w.number}", WIN_CLAUSE, w.text))
    out.append(Quoted("PS1", WIN_CLAUSE, wins.ps1.text))
    out.append(Quoted("PS2", WIN_CLAUSE, wins.ps2.text))
    # every section a switch's readings cite must exist (the quote is the section's own title)
    for s in SWITCHES:
        for c in s.clauses:
            out.append(Quoted(f"switch {s.key}", c, ""))
    return out


__all__ = ["Quoted", "quotes"]
