"""Help texts in one language per ``--lang``: every command's and every option's help is Chinese by
default and English with ``--lang en`` (Chinese names the texts use — 返航录, 「…」 — may stay)."""

from __future__ import annotations

import argparse
import contextlib
import io
import re
from collections.abc import Iterator

import pytest

from ruleproof.cli import build_parser, i18n, main

CJK = re.compile(r"[\u4e00-\u9fff]")
# what English help may quote of the texts: 「…」, [群内], and names (a run of up to six characters);
# a longer run of Chinese is a sentence left untranslated
QUOTED = re.compile(
    r"「[^」]*」|“[^”]*”|\[[^\]]*\]|(?<![\u4e00-\u9fff])[\u4e00-\u9fff]{1,6}(?![\u4e00-\u9fff])"
)


def helps(parser: argparse.ArgumentParser, where: str = "ruleproof") -> Iterator[tuple[str, str]]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                yield f"{where} {choice.dest}", str(choice.help or "")
            for name, sub in action.choices.items():
                yield from helps(sub, f"{where} {name}")
        elif action.help and action.help != argparse.SUPPRESS and action.dest != "help":
            yield f"{where} {'/'.join(action.option_strings) or action.dest}", str(action.help)


@pytest.fixture
def both() -> Iterator[tuple[dict[str, str], dict[str, str]]]:
    try:
        zh = dict(helps(build_parser("zh")))
        en = dict(helps(build_parser("en")))
        yield zh, en
    finally:
        i18n.set_lang("zh")


def test_every_help_in_chinese_and_in_english(both: tuple[dict[str, str], dict[str, str]]) -> None:
    zh, en = both
    assert set(zh) == set(en) and len(zh) > 60
    not_chinese = [k for k, v in zh.items() if not CJK.search(v)]
    assert not_chinese == []
    english_with_chinese = [k for k, v in en.items() if CJK.search(QUOTED.sub("", v))]
    assert english_with_chinese == []
    same = [k for k in zh if zh[k] == en[k]]
    assert same == []


def run(argv: list[str]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 0
    return out.getvalue()


def test_help_pages(both: tuple[dict[str, str], dict[str, str]]) -> None:
    zh = run(["check", "--help"])
    assert zh.startswith("用法：ruleproof check") and "选项" in zh and "显示此帮助并退出" in zh
    en = run(["--lang", "en", "check", "--help"])
    assert en.startswith("usage: ruleproof check") and "show this help message and exit" in en
    assert not CJK.search(QUOTED.sub("", en.split("\n\n", 2)[-1].split("positional arguments:")[-1]))
    assert "show this help" in run(["--lang=en", "config", "genshin165", "--help"])
