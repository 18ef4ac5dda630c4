"""The reference adapter: ruleproof's own engines behind the conformance protocol (``ruleproof-conform/1``).

    ruleproof conform --engine "python -m ruleproof.conform.reference" tests/fanhanglu/vectors/

It reads requests on stdin and answers on stdout, one JSON object per line (:mod:`ruleproof.conform.protocol`),
for every book the registry gives an engine; ``--extra KEY/VERSION=MODULE:OBJECT`` registers one more
(the runtime's toy game in the tests).  It is the protocol's reference implementation: everything another
engine must answer is here, read off the same runs ``replay`` makes.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, TextIO

from ruleproof.books import BOOKS, engine_for_vector
from ruleproof.conform.protocol import PROTOCOL, decode, encode
from ruleproof.errors import UserError
from ruleproof.runtime.replay import BookEngine, Observe
from ruleproof.vectors.format import FORMAT_2, parse_vector


def _extra_engines(specs: Iterable[str]) -> dict[str, BookEngine]:
    out: dict[str, BookEngine] = {}
    for spec in specs:
        book_id, _, target = spec.partition("=")
        module, _, name = target.partition(":")
        engine = getattr(importlib.import_module(module), name)
        if not isinstance(engine, BookEngine):
            raise SystemExit(f"--extra {spec}: {target} is not a BookEngine")
        out[book_id] = engine
    return out


class Adapter:
    """One session: the current case's setup and decisions, answered at ``play``."""

    def __init__(self, extra: Mapping[str, BookEngine] | None = None) -> None:
        self.extra = dict(extra or {})
        self.setup: dict[str, Any] | None = None
        self.items: list[Any] = []

    def books(self) -> list[str]:
        ids = []
        for book in BOOKS.values():
            if book.engine:
                ids.append(book.book_id)
        return sorted({*ids, *self.extra})

    def engine(self, book_id: object) -> BookEngine:
        if isinstance(book_id, str) and book_id in self.extra:
            return self.extra[book_id]
        return engine_for_vector(book_id, "setup")

    def handle(self, msg: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
        kind = msg["type"]
        if kind == "hello":
            yield {"type": "hello", "protocol": PROTOCOL, "engine": "ruleproof", "books": self.books()}
        elif kind == "setup":
            self.setup, self.items = dict(msg), []
        elif kind == "decisions":
            self.items.append(msg.get("item"))
        elif kind == "play":
            try:
                yield from self.play()
            except UserError as exc:
                yield {"type": "error", "message": exc.message("en")}
            finally:
                self.setup, self.items = None, []
        else:
            yield {"type": "error", "message": f"unknown request type {kind!r}"}

    def play(self) -> Iterator[dict[str, Any]]:
        if self.setup is None:
            yield {"type": "error", "message": "play before setup"}
            return
        s = self.setup
        engine = self.engine(s.get("book"))
        raw: dict[str, Any] = {"format": FORMAT_2}
        raw.update({k: s[k] for k in ("book", "id", "cites", "interpretation", "params", "setup") if k in s})
        raw["script"] = self.items
        raw["run"] = s.get("run", "script")
        raw["expect"] = [{"final": None}]  # the checkpoints come from ``observe``, not from expectations
        vec = engine.load(parse_vector(raw, f"case {s.get('case')}", engine.vocabulary))
        obs = s.get("observe", {})
        observe = Observe(
            tuple(obs.get("checkpoints", ())), tuple(obs.get("views", ())), tuple(obs.get("menus", ()))
        )
        until = s.get("until", {})
        out = engine.execute(
            vec, observe, (str(until.get("half")), int(until.get("round", 0))), expect_illegal=True
        )
        for e in out.events:
            yield {"type": "event", **e.to_json()}
        for label in observe.checkpoints:
            if label in out.snapshots:
                yield {"type": "snapshot", "at": label, "state": out.snapshots[label]}
        for label in observe.views:
            if label in out.views:
                yield {"type": "views", "at": label, "views": out.views[label]}
        for label in observe.menus:
            if label in out.menus:
                yield {"type": "menus", "at": label, "menus": out.menus[label]}
        if obs.get("ledger"):
            yield {"type": "ledger", "entries": out.ledger}
        yield {"type": "end", "final": out.result_json(), "illegal": out.illegal_json()}


def serve(stdin: TextIO, stdout: TextIO, adapter: Adapter) -> None:
    for line in stdin:
        if not line.strip():
            continue
        msg = decode(line)
        if msg["type"] == "bye":
            return
        for reply in adapter.handle(msg):
            stdout.write(encode(reply))
        stdout.flush()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m ruleproof.conform.reference", description=__doc__)
    p.add_argument(
        "--extra", action="append", default=[], metavar="BOOK_ID=MODULE:OBJECT", help="one more engine"
    )
    args = p.parse_args(argv)
    sys.stdin.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    serve(sys.stdin, sys.stdout, Adapter(_extra_engines(args.extra)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
