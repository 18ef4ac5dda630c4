"""Help texts in one language per ``--lang``: every help string of the command line is written as
``t(中文, English)``, and the parser is built after ``--lang`` is read from the arguments, so ``ruleproof
--help`` is Chinese and ``ruleproof --lang en --help`` English throughout — argparse's own words
(「用法」, 「选项」…) included.  A book's configuration options (``specs/<book>/cli.py``) use the same ``t``.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

_lang = ["zh"]

# argparse's own words (it looks them up through its module-level ``_``)
_ARGPARSE_ZH = {
    "usage: ": "用法：",
    "positional arguments": "位置参数",
    "options": "选项",
    "optional arguments": "选项",
    "show this help message and exit": "显示此帮助并退出",
    "show program's version number and exit": "显示版本号并退出",
}
_gettext = argparse._  # type: ignore[attr-defined]


def _argparse_words(text: str) -> str:
    english: str = _gettext(text)
    return _ARGPARSE_ZH.get(text, english) if _lang[0] == "zh" else english


def set_lang(lang: str) -> None:
    """Build help texts in ``lang`` from now on (``zh`` or ``en``)."""
    _lang[0] = "en" if lang == "en" else "zh"
    argparse._ = _argparse_words  # type: ignore[attr-defined]


def lang() -> str:
    return _lang[0]


def t(zh: str, en: str) -> str:
    """The help text in the language being built."""
    return en if _lang[0] == "en" else zh


def lang_of(argv: Sequence[str]) -> str:
    """``--lang`` as given before the command (``--lang en`` / ``--lang=en``), else Chinese."""
    for n, arg in enumerate(argv):
        if arg == "--lang" and n + 1 < len(argv):
            return argv[n + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
        if not arg.startswith("-"):
            break  # the command: options after it are the command's
    return "zh"


__all__ = ["lang", "lang_of", "set_lang", "t"]
