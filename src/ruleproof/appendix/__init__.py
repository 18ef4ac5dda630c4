"""Appendices generated from the rules, and diffed against the printed ones (issue 19).

A rulebook's summary tables — 返航录's 附录一 术语表, 附录二 职业速查卡, 附录三 一页速查 — restate the
body by hand and drift.  This package generates them from the book's spec and clause tree
(:mod:`.build`, the book's layout in ``ruleproof.specs.<book>.appendix``), reads the printed ones
(:mod:`.printed`), and reports each printed line that disagrees with the body (:mod:`.diff`).

Books opt in through a **profile** (:class:`~.model.Profile`): which appendices they have and how to
build each.  The book registry names it (a book's ``appendix`` part, ``ruleproof.books``);
:func:`profile_for` finds a document's by the book its title is; another book's role list or night-order
summary plugs in by declaring its profile in its registry entry.
"""

from __future__ import annotations

from ruleproof import books
from ruleproof.appendix.diff import CHECKS, diff, diff_all
from ruleproof.appendix.model import AppendixDef, Profile, Table, Which
from ruleproof.appendix.printed import locate
from ruleproof.findings import Finding
from ruleproof.text.model import Document


def load_profile(book: str) -> Profile:
    """The appendix profile of the book with key ``book`` (exit 2 when it has none)."""
    profile: Profile = books.get(book).load("appendix", "ruleproof appendix")
    return profile


def profile_for(doc: Document, book: books.BookProfile | None = None) -> Profile | None:
    """The appendix profile of ``book`` — by default the book ``doc`` is a revision of (by its title) —
    if it has one."""
    found = book if book is not None else books.recognise_title(doc.title)
    if found is None or not found.has("appendix"):
        return None
    return load_profile(found.key)


def appendix_findings(doc: Document, book: books.BookProfile | None = None) -> list[Finding]:
    """Every appendix finding of ``doc`` (for ``ruleproof check``): none for a book without a profile,
    and none for appendices the text does not print when it prints none of them (an excerpt)."""
    profile = profile_for(doc, book)
    if profile is None:
        return []
    defs = list(profile.appendices)
    if not any(locate(doc, a) is not None for a in defs):
        return []
    out: list[Finding] = []
    for adef in defs:
        out.extend(diff(doc, adef))
    return out


__all__ = [
    "CHECKS",
    "AppendixDef",
    "Profile",
    "Table",
    "Which",
    "appendix_findings",
    "diff",
    "diff_all",
    "load_profile",
    "profile_for",
]
