"""``ruleproof conform``'s runner: feed every vector to another engine over ``ruleproof-conform/1`` and check
its replies with the same checks ``replay`` uses — every vector reported, none stopping the others.

The engine is one subprocess for the whole session (restarted after a crash or a timeout, so one bad case
costs one case).  Each vector is a case, or one case per entry of its ``readings``.  The replies become a
:class:`~ruleproof.runtime.replay.Outcome` and go through the book's ``check_expectations``; an action the
engine refused that the vector does not expect is a mismatch too (``illegal``).
"""

from __future__ import annotations

import contextlib
import queue
import subprocess
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruleproof.conform.protocol import (
    PROTOCOL,
    ProtocolError,
    case_requests,
    decode,
    encode,
    hello,
    read_replies,
)
from ruleproof.errors import BadInput, UserError
from ruleproof.runtime.replay import BookEngine, Mismatch, Outcome
from ruleproof.vectors.format import Vector

DEFAULT_TIMEOUT = 60.0  # seconds an engine may take to answer one case


class EngineGone(Exception):
    """The engine exited, or did not answer in time."""


class EngineProcess:
    """The engine under test as a subprocess speaking the protocol (one JSON object per line)."""

    def __init__(self, argv: Sequence[str], timeout: float = DEFAULT_TIMEOUT) -> None:
        self.argv = list(argv)
        self.timeout = timeout
        self.proc: subprocess.Popen[str] | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stderr: list[str] = []
        self.info: dict[str, Any] = {}
        self.drain = threading.Thread()

    def start(self) -> dict[str, Any]:
        try:
            self.proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                bufsize=1,
            )
        except OSError as exc:
            raise BadInput(
                f"无法启动引擎 {' '.join(self.argv)}：{exc.strerror}",
                f"cannot start the engine {' '.join(self.argv)}: {exc.strerror}",
            ) from None
        self.lines = queue.Queue()
        proc = self.proc
        threading.Thread(target=self._pump, args=(proc.stdout, self.lines), daemon=True).start()
        self.drain = threading.Thread(target=self._drain, args=(proc.stderr,), daemon=True)
        self.drain.start()
        try:
            self.send(hello())
            reply = self.receive()
        except (EngineGone, ProtocolError) as exc:
            self.stop()
            raise BadInput(
                f"引擎未按协议 {PROTOCOL} 应答 hello：{exc}{self.stderr_tail()}",
                f"the engine did not answer hello in {PROTOCOL}: {exc}{self.stderr_tail()}",
            ) from None
        if reply.get("type") != "hello" or reply.get("protocol") != PROTOCOL:
            self.stop()
            raise BadInput(
                f"引擎的 hello 应答不符协议 {PROTOCOL}：{reply}",
                f"the engine's hello does not speak {PROTOCOL}: {reply}",
            )
        self.info = reply
        return reply

    @staticmethod
    def _pump(stream: Any, out: queue.Queue[str | None]) -> None:
        for line in stream:
            out.put(line)
        out.put(None)

    def _drain(self, stream: Any) -> None:
        for line in stream:
            self.stderr.append(line.rstrip("\n"))
            del self.stderr[:-20]

    def stderr_tail(self) -> str:
        return (" — stderr: " + " | ".join(self.stderr[-5:])) if self.stderr else ""

    def send(self, msg: dict[str, Any]) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        try:
            self.proc.stdin.write(encode(msg))
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise EngineGone("the engine closed its input") from None

    def receive(self) -> dict[str, Any]:
        try:
            line = self.lines.get(timeout=self.timeout)
        except queue.Empty:
            raise EngineGone(f"no answer in {self.timeout:g} s") from None
        if line is None:
            code = None
            if self.proc is not None:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    code = self.proc.wait(timeout=5)
            self.drain.join(timeout=2)  # its last words on stderr, for the report
            raise EngineGone(f"the engine exited (status {code})")
        return decode(line)

    def run_case(self, requests: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        for msg in requests:
            self.send(msg)
        replies = []
        while True:
            reply = self.receive()
            replies.append(reply)
            if reply["type"] in ("end", "error"):
                return replies

    def stop(self, *, graceful: bool = True) -> None:
        """End the engine: ``bye`` and a few seconds to exit, or (not graceful: it stopped answering) kill."""
        if self.proc is None:
            return
        try:
            if graceful and self.proc.poll() is None:
                self.send({"type": "bye"})
                self.proc.stdin.close()  # type: ignore[union-attr]
                self.proc.wait(timeout=5)
        except (EngineGone, OSError, subprocess.TimeoutExpired):
            pass
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.proc = None


@dataclass
class CaseReport:
    """One vector's verdict: ``pass``, ``fail`` (with every mismatch of every run) or ``error`` (the engine
    could not run it, broke the protocol, crashed or timed out; or the vector is unusable)."""

    path: str
    id: str | None
    status: str
    mismatches: list[Mismatch] = field(default_factory=list)
    error: str = ""
    error_zh: str = ""
    runs: int = 1
    cites: list[str] = field(default_factory=list)
    book: str = ""
    malformed: bool = False  # the vector itself is unusable (bad input), not the engine's fault

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"path": self.path, "id": self.id, "book": self.book, "status": self.status}
        out["runs"] = self.runs
        if self.mismatches:
            out["mismatches"] = [m.to_json() for m in self.mismatches]
        if self.error:
            out["error"] = self.error
        out["cites"] = self.cites
        return out


Loader = Callable[[Path], tuple[BookEngine, Vector]]


def judge(book: BookEngine, run: Vector, outcome: Outcome, cites: list[str]) -> list[Mismatch] | str:
    """The mismatches of one run's replies — the book's own checks, and an action refused that the vector
    does not expect — or, for replies whose content has not the shape the checks read, why (an error)."""
    try:
        found = book.check_expectations(run, outcome)
    except (TypeError, KeyError, AttributeError, ValueError) as exc:
        return f"protocol: a reply's content has not the shape the checks read ({type(exc).__name__}: {exc})"
    if outcome.illegal is not None and not any("illegal" in e for e in run.expect):
        found.append(Mismatch(-1, "script", "illegal", None, outcome.illegal, cites))
    return found


class Conformance:
    """A session: an engine process and the vectors fed to it."""

    def __init__(self, engine: EngineProcess, load: Loader) -> None:
        self.engine = engine
        self.load = load
        self.started = False

    def _ensure(self) -> None:
        if not self.started:
            self.engine.start()
            self.started = True

    def check(self, path: Path) -> CaseReport:
        try:
            book, vec = self.load(path)
        except UserError as exc:
            return CaseReport(
                str(path), None, "error", error=exc.message("en"), error_zh=exc.message("zh"), malformed=True
            )
        report = CaseReport(str(path), vec.id, "pass", cites=list(vec.raw["cites"]), book=vec.book)
        runs = book.runs(vec)
        report.runs = len(runs)
        for label, run, indices in runs:
            self._ensure()
            try:
                replies = self.engine.run_case(
                    case_requests(book, run, f"{vec.id}{f'[{label}]' if label else ''}")
                )
                reply = read_replies(run, replies)
            except (EngineGone, ProtocolError) as exc:
                kind = "protocol" if isinstance(exc, ProtocolError) else "engine"
                tail = self.engine.stderr_tail()
                self.engine.stop(graceful=False)
                self.started = False
                msg = f"{kind}: {exc}{tail}" + (f" (run {label})" if label else "")
                return CaseReport(
                    report.path, vec.id, "error", error=msg, error_zh=msg, cites=report.cites, book=vec.book
                )
            if reply.outcome is None:
                msg = f"the engine cannot run this case: {reply.error}" + (f" (run {label})" if label else "")
                zh = f"引擎无法运行此用例：{reply.error}" + (f"（解读 {label}）" if label else "")
                return CaseReport(
                    report.path, vec.id, "error", error=msg, error_zh=zh, cites=report.cites, book=vec.book
                )
            judged = judge(book, run, reply.outcome, report.cites)
            if isinstance(judged, str):
                return CaseReport(
                    report.path,
                    vec.id,
                    "error",
                    error=judged,
                    error_zh=judged,
                    cites=report.cites,
                    book=vec.book,
                )
            found = judged
            for m in found:
                if m.index >= 0:
                    m.index = indices[m.index]
                m.run = label
                report.mismatches.append(m)
        if report.mismatches:
            report.status = "fail"
        return report

    def run(self, paths: Sequence[Path]) -> list[CaseReport]:
        self._ensure()  # an engine that cannot start or does not speak the protocol: bad input, exit 2
        try:
            return [self.check(p) for p in paths]
        finally:
            self.engine.stop()


__all__ = ["CaseReport", "Conformance", "EngineGone", "EngineProcess", "judge"]
