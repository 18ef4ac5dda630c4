"""The closing diagnosis of citation findings is worded once, in :mod:`ruleproof.lint.diagnosis`: a message
interpolates the constant, so a rewording is one edit and a new check cannot drift from the others."""

from __future__ import annotations

from pathlib import Path

import ruleproof
from ruleproof.lint import diagnosis

SRC = Path(ruleproof.__file__).parent
HOME = Path(diagnosis.__file__)
PHRASES = (
    diagnosis.RENUMBERED_ZH,
    diagnosis.RENUMBERED_EN,
    diagnosis.RENUMBERED_OR_MISTYPED_ZH,
    diagnosis.RENUMBERED_OR_MISTYPED_EN,
    "疑为改号",  # the stem: a variant wording (「疑为改号未同步」, written so by a branch of stop 31) is drift too
)


def _texts() -> dict[Path, str]:
    """Every text file of the package (sources, templates, data), by path."""
    out: dict[Path, str] = {}
    for path in sorted(SRC.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            out[path] = path.read_text(encoding="utf-8", errors="replace")
    return out


def test_the_diagnosis_is_written_only_in_diagnosis_py() -> None:
    texts = _texts()
    assert all(p in texts[HOME] for p in PHRASES)  # the scan reads the file that holds them
    written = sorted(
        f"{path.relative_to(SRC)}:{n}: {phrase}"
        for path, text in texts.items()
        if path != HOME
        for n, line in enumerate(text.splitlines(), 1)
        for phrase in PHRASES
        if phrase in line
    )
    assert written == [], "use ruleproof.lint.diagnosis's constants:\n" + "\n".join(written)
