"""Appendices generated from the rules, and diffed against the printed ones (issue 19).

A rulebook's summary tables — 返航录's 附录一 术语表, 附录二 职业速查卡, 附录三 一页速查 — restate the
body by hand and drift.  This package generates them from the book's spec and clause tree
(:mod:`.build`, the book's layout in ``ruleproof.specs.<book>.appendix``), reads the printed ones
(:mod:`.printed`), and reports each printed line that disagrees with the body (:mod:`.diff`).

Books opt in through a **profile** (:class:`~.model.Profile`): which appendices they have and how to
build each.  :func:`profile_for` finds a document's profile by its title; another book's role list or
night-order summary plugs in by adding its profile to :data:`PROFILES`.
"""

from __future__ import annotations

import importlib

from ruleproof.appendix.diff import CHECKS, diff, diff_all
from ruleproof.appendix.model import AppendixDef, Profile, Table, Which
from ruleproof.appendix.printed import locate
from ruleproof.findings import Finding
from ruleproof.text.model import Document

# book key → (a word of its title, the module holding its PROFILE)
PROFILES: dict[str, tuple[str, str]] = {
    "fanhanglu": ("返航录", "ruleproof.specs.fanhanglu.appendix"),
}


def load_profile(book: str) -> Profile:
    _word, module = PROFILES[book]
    profile: Profile = importlib.import_module(module).PROFILE
    return profile


def profile_for(doc: Document) -> Profile | None:
    """The appendix profile of the book ``doc`` is a revision of (by its title), if it has one."""
    for book, (word, _module) in PROFILES.items():
        if word in doc.title:
            return load_profile(book)
    return None


def appendix_findings(doc: Document) -> list[Finding]:
    """Every appendix finding of ``doc`` (for ``ruleproof check``): none for a book without a profile,
    and none for appendices the text does not print when it prints none of them (an excerpt)."""
    profile = profile_for(doc)
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
    "PROFILES",
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
