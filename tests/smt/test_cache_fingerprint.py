"""The verdict cache's code fingerprint covers the books' specs, engines and invariants (symbolic links in
a source checkout), so a change to any of them cannot return a stale verdict."""

from __future__ import annotations

from pathlib import Path

import ruleproof
from ruleproof.smt.cache import source_files


def test_fingerprint_reads_the_linked_book_folders() -> None:
    root = Path(ruleproof.__file__).resolve().parent
    names = {p.relative_to(root).as_posix() for p in source_files(root)}
    assert "smt/cache.py" in names
    assert "specs/fanhanglu/engine/game.py" in names  # through the link in a checkout
    assert "invariants/fanhanglu/orders.py" in names
    assert not any("__pycache__" in n for n in names)
