"""User-facing errors.

Anything the user can cause (a bad file, a bad option value, an illegal action in a vector)
raises :class:`UserError`.  The CLI turns it into one line on stderr and exit status 2
(or the status the error carries); it never shows a traceback for these.
"""

from __future__ import annotations


class UserError(Exception):
    """An error the user can fix.  ``zh`` is shown by default, ``en`` with ``--lang en``."""

    def __init__(self, zh: str, en: str | None = None, *, exit_code: int = 2) -> None:
        super().__init__(zh)
        self.zh = zh
        self.en = en if en is not None else zh
        self.exit_code = exit_code

    def message(self, lang: str = "zh") -> str:
        return self.en if lang == "en" else self.zh


class BadInput(UserError):
    """The input document or file cannot be used (wrong encoding, empty, not a rulebook)."""
