"""Progress of long stages on stderr — for a person at a terminal only.

Shared layers say where they are with :func:`update` (``verify``: each invariant and each reading;
``replay``: each vector; ``check``: each stage); nothing is shown unless a command line installed a
display with :func:`to_terminal`, which the CLI does only when stderr is a terminal and ``--quiet`` is not
given.  So pipes, files, CI logs and the tests' captured output never see a progress line, and stdout (the
report) is never touched.  The display is ``tqdm`` (a well-kept progress-bar library: terminal width,
redraw rate, clean erase on close), one bar per stage, erased when the stage ends.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import Any

STAGES: dict[str, tuple[str, str]] = {
    "read": ("读取正文", "reading the text"),
    "lint": ("一致性检查", "lint"),
    "drift": ("规格对照", "spec drift"),
    "verify": ("验证不变式", "verifying invariants"),
    "readings": ("比较解读", "comparing readings"),
    "appendix": ("附录比对", "appendices"),
    "config": ("身份配置规则", "configuration rules"),
    "replay": ("回放向量", "replaying vectors"),
    "simulate": ("模拟对局", "simulating games"),
    "study": ("研究对局", "study games"),
}

Sink = Callable[[str, str, int, int | None], None]
_sink: Sink | None = None


def update(stage: str, label: str = "", done: int = 0, total: int | None = None) -> None:
    """``done`` of ``total`` steps of ``stage`` (``label``: what is being done now).  A no-op unless a
    display is installed."""
    if _sink is not None:
        _sink(stage, label, done, total)


@contextlib.contextmanager
def to_terminal(enabled: bool, lang: str = "zh") -> Iterator[None]:
    """Show :func:`update` calls as progress bars on stderr while the block runs (when ``enabled``)."""
    global _sink
    if not enabled:
        yield
        return
    from tqdm import tqdm

    bars: dict[str, Any] = {}

    def show(stage: str, label: str, done: int, total: int | None) -> None:
        bar = bars.get(stage)
        if bar is None:
            for other in bars.values():
                other.close()
            bars.clear()
            zh, en = STAGES.get(stage, (stage, stage))
            bar = bars[stage] = tqdm(
                total=total, desc=en if lang == "en" else zh, file=sys.stderr, leave=False, dynamic_ncols=True
            )
        if total is not None and bar.total != total:
            bar.total = total
        bar.n = done
        bar.set_postfix_str(label, refresh=False)
        bar.refresh()

    previous, _sink = _sink, show
    try:
        yield
    finally:
        _sink = previous
        for bar in bars.values():
            bar.close()


def wanted(quiet: bool) -> bool:
    """Whether a command line shows progress: stderr is a terminal and ``--quiet`` was not given."""
    return not quiet and sys.stderr.isatty()


__all__ = ["STAGES", "to_terminal", "update", "wanted"]
