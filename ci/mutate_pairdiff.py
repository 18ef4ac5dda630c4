"""Compare two `ruleproof mutate --json` reports of the same seed on the mutants both drew.

    python ci/mutate_pairdiff.py OLD.json NEW.json [OLD2.json NEW2.json ...]

A change of the text reader (what counts as a citation, a number, a label) changes what the generator can
draw, so one seed draws partly other mutants before and after and the per-seed rates are not comparable.
This matches mutants by clause, line and the edited text (before and after) and prints, per pair and in
all, how many both runs drew, how many of those each caught, and which were lost or won.  Exit 2 on an
odd number of files or an unreadable report.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

Key = tuple[str, int, str, str]


def _caught(path: str) -> dict[Key, bool]:
    report = json.loads(Path(path).read_text(encoding="utf-8"))
    return {
        (m["clause"], int(m["line"]), m["before"], m["after"]): bool(m["caught"]) for m in report["mutants"]
    }


def main(argv: list[str]) -> int:
    if not argv or len(argv) % 2:
        print(
            "usage: python ci/mutate_pairdiff.py OLD.json NEW.json [OLD2.json NEW2.json ...]", file=sys.stderr
        )
        return 2
    shared_all = before_all = after_all = 0
    for old_path, new_path in zip(argv[::2], argv[1::2], strict=True):
        try:
            old, new = _caught(old_path), _caught(new_path)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            print(
                f"mutate_pairdiff: {old_path} / {new_path}: not a mutate --json report ({exc})",
                file=sys.stderr,
            )
            return 2
        shared = sorted(set(old) & set(new))
        before = sum(old[k] for k in shared)
        after = sum(new[k] for k in shared)
        lost = [f"{k[0]}:{k[1]}" for k in shared if old[k] and not new[k]]
        won = [f"{k[0]}:{k[1]}" for k in shared if new[k] and not old[k]]
        print(
            f"{new_path}: both drew {len(shared)} of {len(new)}: caught {before} -> {after}; lost {lost}; won {won}"
        )
        shared_all, before_all, after_all = shared_all + len(shared), before_all + before, after_all + after
    print(f"in all: both drew {shared_all}: caught {before_all} -> {after_all}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
