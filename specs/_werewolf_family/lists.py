"""Reading the (role, skill) entries of a printed order list: 「猎人<最后一枪>，光<光明狩猎>、<暴走>」.

A step of a phase is stored as the phrase the text prints (its quote); its entries are read from that
phrase here, so the list exists once — in the quote the drift check compares with the text.  An entry
printed without a role (「<暴走>」) belongs to the role before it; 「A<x><y>」 is two entries of A.
"""

from __future__ import annotations

import re

from ruleproof.text.names import PAIR


def pairs(phrase: str) -> tuple[tuple[str, str], ...]:
    """The (role, skill) entries of ``phrase`` in printed order (role as printed; aliases resolved by the
    book)."""
    out: list[tuple[str, str]] = []
    last = ""
    for m in PAIR.finditer(phrase):
        role = m.group("role") or last
        for skill in re.findall(r"<([^<>]+)>", m.group("skills")):
            out.append((role, skill))
        last = role
    return tuple(out)


__all__ = ["pairs"]
