"""A fingerprint of every engine's behaviour: seeded random games (results, event logs, ledgers) and every
vector and counterexample replayed (its events and mismatches), hashed per book.  Run it on two trees (a
speed-up and the commit before it) and compare the lines: a speed-up must change no byte.  Not a test.

    .venv/bin/python ci/engine_fingerprint.py [--games N]
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

from ruleproof import books

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args()
    for key, book in books.BOOKS.items():
        if not book.has("engine"):
            continue
        engine = books.engine_of(book, "fingerprint")
        h = hashlib.sha256()
        spec = engine.load_spec() if book.has("spec") else None
        for seed in range(args.games):
            g = engine.random_game(spec, seed)
            r = g.run()
            h.update(json.dumps(r.to_json() if r else None, sort_keys=True, default=str).encode())
            for e in g.events:
                h.update(json.dumps(e.to_json(), sort_keys=True, default=str).encode())
            h.update(repr(g.ledger).encode())
        folders = [f for f in (book.vectors, book.counterexamples) if f]
        vectors = sorted(p for f in folders for p in (ROOT / f).rglob("*.json"))
        for path in vectors:
            _vec, outcome, mismatches = engine.replay(path)
            h.update(path.name.encode())
            for e in outcome.events:
                h.update(json.dumps(e.to_json(), sort_keys=True, default=str).encode())
            h.update(repr([m.__dict__ if hasattr(m, "__dict__") else m for m in mismatches]).encode())
        print(f"{key}: {args.games} games, {len(vectors)} vectors: {h.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
