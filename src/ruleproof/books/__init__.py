"""The rulebooks bundled with ruleproof (the user's own texts, byte-identical copies).

``fanhanglu`` (返航录 v1preview1.0) is the default book for every command that takes ``[FILE]``.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from ruleproof.errors import BadInput


@dataclass(frozen=True)
class BundledBook:
    key: str
    filename: str
    title: str
    version: str

    @property
    def book_id(self) -> str:
        """Identifier used in vectors and reports, e.g. ``fanhanglu/v1preview1.0``."""
        return f"{self.key}/{self.version}"

    def read_bytes(self) -> bytes:
        return resources.files("ruleproof").joinpath("data", "books", self.filename).read_bytes()


BOOKS: dict[str, BundledBook] = {
    b.key: b
    for b in (
        BundledBook("fanhanglu", "fanhanglu-v1preview1.0.txt", "返航录三阵营对抗规则", "v1preview1.0"),
        BundledBook("genshin165", "genshin165.txt", "[165]原神——正式规则贴", "165"),
        BundledBook("jiejie140", "jiejie140.txt", "[140]乘风破浪的姐姐2", "140"),
        BundledBook("botc-m124", "botc-m124.txt", "[M124]巫师3（血染钟楼）", "M124"),
        BundledBook("random41", "random-config-4.1.txt", "狼人游戏随机配置法（细节规则）", "4.1"),
    )
}

DEFAULT_BOOK = BOOKS["fanhanglu"]


@dataclass(frozen=True)
class Source:
    """Raw bytes of a document plus a display name used in messages and reports."""

    name: str
    data: bytes
    path: Path | None = None


def load_source(file: str | None, default: BundledBook = DEFAULT_BOOK) -> Source:
    """Read ``file`` (a path, or ``bundled:KEY``), or the bundled default when ``file`` is None."""
    if file is None:
        return Source(name=f"bundled:{default.key}", data=default.read_bytes())
    if file.startswith("bundled:"):
        key = file.removeprefix("bundled:")
        if key not in BOOKS:
            known = ", ".join(sorted(BOOKS))
            raise BadInput(
                f"没有名为 {key} 的内置规则书（可用：{known}）", f"no bundled book {key!r} (known: {known})"
            )
        return Source(name=file, data=BOOKS[key].read_bytes())
    path = Path(file)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise BadInput(f"找不到文件：{file}", f"file not found: {file}") from None
    except IsADirectoryError:
        raise BadInput(f"这是目录，不是文件：{file}", f"is a directory, not a file: {file}") from None
    except OSError as exc:
        raise BadInput(
            f"无法读取文件 {file}：{exc.strerror}", f"cannot read {file}: {exc.strerror}"
        ) from None
    return Source(name=str(path), data=data, path=path)
