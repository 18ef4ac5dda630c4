"""Writing files so that nothing is lost or half-written — the one writer every command uses.

:func:`atomic_write_text` / :func:`atomic_write_bytes` write a sibling temporary file, flush it to disk,
and rename it over the target only when it is complete (and no interrupt arrived meanwhile): on any error,
an interrupt included, the old file is untouched and the temporary file is removed.

* The new file has the usual permissions: those of the file it replaces, else ``0666`` less the umask
  (a temporary file is created ``0600``; that mode is never left on the result).
* A target that exists and is not a regular file (``/dev/stdout``, ``/dev/full``, a FIFO) is written
  directly: renaming over a device would replace the device.
* Every failure the user can cause — a folder that does not exist or is read-only, a target that is a
  folder, a full disk (``ENOSPC``, ``/dev/full``), a quota — is one :class:`~ruleproof.errors.BadInput`
  line (exit 2) naming the path and the reason.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Mapping
from pathlib import Path

from ruleproof import interrupts
from ruleproof.errors import BadInput

_REASONS: dict[int, tuple[str, str]] = {
    errno.ENOSPC: ("磁盘已满", "no space left on the device"),
    errno.EDQUOT: ("超出磁盘配额", "disk quota exceeded"),
    errno.EACCES: ("没有写入权限", "permission denied"),
    errno.EPERM: ("没有写入权限", "permission denied"),
    errno.EROFS: ("文件系统只读", "read-only file system"),
    errno.ENOENT: ("所在文件夹不存在", "the folder does not exist"),
    errno.ENOTDIR: ("路径中有一段不是文件夹", "a part of the path is not a folder"),
    errno.EISDIR: ("这是一个文件夹", "it is a folder"),
    errno.ENAMETOOLONG: ("文件名过长", "file name too long"),
    errno.EFBIG: ("文件过大", "file too large"),
}


def write_error(path: str | Path, exc: OSError) -> BadInput:
    """One line for a write that failed: the path and the reason (Chinese / English)."""
    zh, en = _REASONS.get(exc.errno or 0, (exc.strerror or str(exc), exc.strerror or str(exc)))
    return BadInput(f"无法写入 {path}：{zh}", f"cannot write {path}: {en}")


def _mode_for(target: Path) -> int:
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically (see the module docstring)."""
    target = Path(path)
    try:
        st = target.stat()
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise write_error(path, exc) from None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise write_error(path, IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR)))
    if st is not None and not stat.S_ISREG(st.st_mode):
        _write_special(target, data)
        return
    mode = _mode_for(target)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise write_error(path, exc) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        interrupts.raise_if_pending()  # an interrupted run commits nothing
        os.replace(tmp, target)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise write_error(path, exc) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _write_special(target: Path, data: bytes) -> None:
    """A device or FIFO: written in place (there is nothing to keep or replace)."""
    interrupts.raise_if_pending()
    try:
        with target.open("wb") as fh:
            fh.write(data)
            fh.flush()
    except OSError as exc:
        raise write_error(target, exc) from None


def atomic_write_text(path: str | Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8, ``\\n`` line ends) atomically."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_files(folder: str | Path, files: Mapping[str, bytes]) -> None:
    """Write a set of files into ``folder`` (a study's result, plots and reports): every target is
    checked before any is written — a folder or a device where a file goes, a folder that cannot be
    written: one :class:`~ruleproof.errors.BadInput` line and nothing written —, then each is replaced
    atomically (:func:`atomic_write_bytes`)."""
    base = make_folder(folder)
    if not os.access(base, os.W_OK | os.X_OK):
        raise write_error(base, PermissionError(errno.EACCES, os.strerror(errno.EACCES)))
    for name in files:
        target = base / name
        try:
            st = target.stat()
        except FileNotFoundError:
            continue
        except OSError as exc:
            raise write_error(target, exc) from None
        if stat.S_ISDIR(st.st_mode):
            raise write_error(target, IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR)))
        if not stat.S_ISREG(st.st_mode):
            raise BadInput(f"无法写入 {target}：不是普通文件", f"cannot write {target}: not a regular file")
    for name, data in files.items():
        atomic_write_bytes(base / name, data)


def make_folder(path: str | Path) -> Path:
    """``mkdir -p`` for an output folder; one :class:`BadInput` line when it cannot be made."""
    folder = Path(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise write_error(path, NotADirectoryError(errno.ENOTDIR, "not a folder")) from None
    except OSError as exc:
        raise write_error(path, exc) from None
    if not folder.is_dir():
        raise write_error(path, NotADirectoryError(errno.ENOTDIR, "not a folder"))
    return folder


def read_limited(path: str | Path, limit: int, what: tuple[str, str] = ("文件", "file")) -> bytes:
    """The bytes of ``path``, at most ``limit`` of them: a larger file (or a device without end such as
    ``/dev/zero``) is refused after reading ``limit + 1`` bytes, never read whole.  Missing, a folder,
    unreadable, too large: one :class:`BadInput` line naming the path (``what``: the kind of file)."""
    zh, en = what
    p = Path(path)
    try:
        if p.is_dir():
            raise BadInput(f"这是文件夹，不是{zh}：{path}", f"a folder, not a {en}: {path}")
        with p.open("rb") as fh:
            data = fh.read(limit + 1)
    except FileNotFoundError:
        raise BadInput(f"找不到{zh}：{path}", f"{en} not found: {path}") from None
    except OSError as exc:
        raise BadInput(
            f"无法读取{zh} {path}：{exc.strerror}", f"cannot read {en} {path}: {exc.strerror}"
        ) from None
    if len(data) > limit:
        mb = limit / 1024 / 1024
        raise BadInput(f"{zh}过大：{path}（上限 {mb:g} MB）", f"{en} too large: {path} (at most {mb:g} MB)")
    return data


__all__ = [
    "atomic_write_bytes",
    "atomic_write_files",
    "atomic_write_text",
    "make_folder",
    "read_limited",
    "write_error",
]
