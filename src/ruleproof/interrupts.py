"""Interrupts: Ctrl-C (SIGINT) and SIGTERM end a run, they are never a verdict.

A solver deep in a C call does not see Python's signal handlers: Z3's own Ctrl-C handler used to cancel the
check and return ``unknown`` ("interrupted from keyboard"), and the run went on and printed a report that
looked complete.  :func:`guard` (the CLI wraps every command in it) instead

* turns Z3's own handler off (``ctrl_c=false``), so the signal reaches Python;
* installs Python handlers for SIGINT and SIGTERM that remember the signal and raise :class:`Interrupted`;
* writes the signal's byte to a wake-up pipe (:func:`signal.set_wakeup_fd`), which a watcher thread reads
  to call every registered *canceller* — the solver wrapper (:mod:`ruleproof.solvers`) registers one that
  interrupts the Z3 contexts a check is running on — so a running check returns at once instead of at its
  timeout.

When the check returns, the Python handler raises :class:`Interrupted` (and :func:`raise_if_pending` makes
sure of it), so the run unwinds: written files are only renamed into place when complete
(:mod:`ruleproof.fsutil`), and the CLI exits with 128 + the signal number (130 for SIGINT, 143 for
SIGTERM) after one line on stderr.  Outside :func:`guard` (a library user, a test) nothing is installed, and
:func:`raise_if_pending` raises nothing: the signal of a command that ended (its run reported interrupted)
does not interrupt what the process does next.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType

SIGNALS = (signal.SIGINT, signal.SIGTERM)
NAMES = {signal.SIGINT: "SIGINT", signal.SIGTERM: "SIGTERM"}


class Interrupted(KeyboardInterrupt):
    """The run was interrupted by ``signum``; the CLI exits with :attr:`exit_code` (128 + ``signum``)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def exit_code(self) -> int:
        return 128 + self.signum

    @property
    def name(self) -> str:
        return NAMES.get(signal.Signals(self.signum), f"signal {self.signum}")


_received: list[int] = []  # signals seen inside the current (or the last) guard
_guards = 0  # how many guards are active (installed, in the main thread)
_cancellers: list[Callable[[], None]] = []
_lock = threading.Lock()


def register_canceller(fn: Callable[[], None]) -> None:
    """Call ``fn`` (from a watcher thread) when a signal arrives: it must stop blocking work quickly."""
    with _lock:
        if fn not in _cancellers:
            _cancellers.append(fn)


def pending() -> int | None:
    """The first signal received inside the current :func:`guard` — or, after it, the last one (what
    ended its command: the CLI asks once the guard is left) — if any."""
    return _received[0] if _received else None


def raise_if_pending() -> None:
    """Raise :class:`Interrupted` if a signal arrived inside the active :func:`guard` (call after a blocking
    call that may have been cancelled, so that its cancelled answer is never taken for a result).  Outside a
    guard it does nothing: a signal of an ended guard was that command's, and has been answered."""
    if standing():
        raise Interrupted(_received[0])


def standing() -> bool:
    """Whether a signal arrived inside the active :func:`guard`: its command must end, every check running
    is to be cancelled and no new one may start (:func:`raise_if_pending` raises)."""
    return bool(_received) and _guards > 0


def _handler(signum: int, frame: FrameType | None) -> None:
    _received.append(signum)
    if _in_finalizer(frame):
        # An exception raised in a finalizer (Z3's AstRef.__del__ runs often) is printed and dropped by
        # Python: the signal is only recorded here, and raised at the next raise_if_pending() — every
        # solver call, every output written, the end of the command.
        return
    raise Interrupted(signum)


def _in_finalizer(frame: FrameType | None) -> bool:
    while frame is not None:
        if frame.f_code.co_name == "__del__":
            return True
        frame = frame.f_back
    return False


def _cancel_all() -> None:
    with _lock:
        fns = list(_cancellers)
    for fn in fns:
        with contextlib.suppress(Exception):  # a canceller must never kill the watcher
            fn()


def _watch(fd: int) -> None:
    while True:
        try:
            data = os.read(fd, 64)
        except OSError:
            return
        if not data:
            return
        if any(b in SIGNALS for b in data):
            _cancel_all()


@contextlib.contextmanager
def guard() -> Iterator[None]:
    """Install the handlers, the wake-up pipe and its watcher for the duration of a command; restore
    everything afterwards.  Outside the main thread (where signals cannot be handled) it does nothing."""
    global _guards
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _received.clear()
    read_fd, write_fd = os.pipe()
    os.set_blocking(write_fd, False)
    old_handlers = {sig: signal.getsignal(sig) for sig in SIGNALS}
    old_fd = signal.set_wakeup_fd(write_fd, warn_on_full_buffer=False)
    watcher = threading.Thread(target=_watch, args=(read_fd,), name="ruleproof-interrupts", daemon=True)
    watcher.start()
    for sig in SIGNALS:
        signal.signal(sig, _handler)
    _guards += 1
    try:
        yield
    finally:
        _guards -= 1
        for sig, old in old_handlers.items():
            signal.signal(sig, old if old is not None else signal.SIG_DFL)
        signal.set_wakeup_fd(old_fd)
        os.close(write_fd)  # the watcher reads EOF and ends
        watcher.join(timeout=1.0)
        os.close(read_fd)


__all__ = ["Interrupted", "guard", "pending", "raise_if_pending", "register_canceller", "standing"]
