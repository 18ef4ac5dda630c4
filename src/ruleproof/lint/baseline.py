"""Baselines: accept today's findings so that CI fails only on new ones.

A baseline file is JSON::

    {"format": "ruleproof-lint-baseline/1",
     "fingerprints": {"ref-missing|4.2.1|依 2.8.14⑥": 1, …}}

Fingerprints (``Finding.fingerprint()``) hold the check id, the clause and the quoted text, never a
line number, so a baseline survives edits elsewhere in the rulebook.  The value is a count: when the
same fingerprint occurs more often than the baseline allows, the surplus findings are new.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence

from ruleproof.errors import BadInput
from ruleproof.findings import Finding
from ruleproof.fsutil import atomic_write_text, read_limited
from ruleproof.jsonout import dumps

FORMAT = "ruleproof-lint-baseline/1"


MAX_BYTES = 64 * 1024 * 1024  # a baseline of a few thousand findings is a few hundred kilobytes


def build(findings: Sequence[Finding]) -> dict[str, object]:
    counts = Counter(f.fingerprint() for f in findings)
    return {"format": FORMAT, "fingerprints": {fp: counts[fp] for fp in sorted(counts)}}


def write(path: str, findings: Sequence[Finding]) -> None:
    """Atomically (a failure is one line, exit 2: :mod:`ruleproof.fsutil`)."""
    atomic_write_text(path, dumps(build(findings)))


def load(path: str) -> Counter[str]:
    try:
        raw = read_limited(path, MAX_BYTES, ("基线文件", "baseline file")).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadInput(f"无法读取基线文件 {path}：{exc}", f"cannot read baseline {path}: {exc}") from None
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise BadInput(
            f"基线文件不是合法 JSON：{path}（第 {exc.lineno} 行）",
            f"baseline is not valid JSON: {path} (line {exc.lineno})",
        ) from None
    except (ValueError, RecursionError) as exc:  # nesting too deep, a 5000-digit number
        raise BadInput(f"基线文件无法读取：{path}（{exc}）", f"cannot read baseline {path} ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadInput(
            f"基线文件格式不对：{path}（应为 {FORMAT}，可用 --write-baseline 生成）",
            f"not a lint baseline: {path} (expected format {FORMAT}; create one with --write-baseline)",
        )
    prints = data.get("fingerprints")
    if not isinstance(prints, dict) or not all(
        isinstance(k, str) and isinstance(v, int) and v >= 0 for k, v in prints.items()
    ):
        raise BadInput(
            f"基线文件的 fingerprints 应为「指纹→次数」对象：{path}",
            f"baseline 'fingerprints' must map fingerprint → count: {path}",
        )
    return Counter(prints)


def split(findings: Sequence[Finding], baseline: Counter[str]) -> tuple[list[Finding], list[Finding]]:
    """(new, baselined): each baseline count absorbs that many findings with the fingerprint."""
    left = Counter(baseline)
    new: list[Finding] = []
    known: list[Finding] = []
    for f in findings:
        fp = f.fingerprint()
        if left[fp] > 0:
            left[fp] -= 1
            known.append(f)
        else:
            new.append(f)
    return new, known
