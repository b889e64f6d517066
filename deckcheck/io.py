"""Safe file writing: a write never leaves a half-written file behind."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path

from deckcheck.errors import DeckcheckError


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes | Iterable[bytes]) -> None:
    """Write ``data`` (bytes, or chunks of bytes written as they come, so a large output is never
    whole in memory) to a temporary file beside ``path``, then rename it into place.

    An interrupted run leaves the old file whole and no temporary file. A symbolic link is
    followed (the file it names is replaced, the link stays). A device or a pipe (``/dev/null``,
    ``/dev/stdout``) is written to directly: there is no file to replace, and renaming over it
    would destroy it. A place that cannot be written gives a :class:`DeckcheckError` naming it.
    """
    shown = os.fspath(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise DeckcheckError(f"cannot write: {_why(exc, Path(shown).parent)}", file=shown) from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise DeckcheckError("cannot write: it is a folder; give a file name", file=shown)
    if info is not None and not stat.S_ISREG(info.st_mode):
        _write_in_place(shown, data)
        return
    target = Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        import tempfile  # here: reading never pays for it

        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise DeckcheckError(f"cannot write here: {_why(exc, folder)}", file=shown) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            _write(handle, data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, _mode_for(target, info))
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise DeckcheckError(f"cannot write: {_why(exc, folder)}", file=shown) from None
        raise


def atomic_write_text(path: str | os.PathLike[str], text: str | Iterable[str]) -> None:
    """:func:`atomic_write_bytes` of ``text`` (a string, or chunks of one) as UTF-8."""
    atomic_write_bytes(path, text.encode("utf-8") if isinstance(text, str)
                       else (block.encode("utf-8") for block in in_blocks(text)))


def in_blocks(chunks: Iterable[str], size: int = 1 << 16) -> Iterator[str]:
    """``chunks`` joined into blocks of about ``size`` characters: a page a template makes in millions
    of small pieces is written in a few hundred writes, not millions."""
    pending: list[str] = []
    held = 0
    for chunk in chunks:
        pending.append(chunk)
        held += len(chunk)
        if held >= size:
            yield "".join(pending)
            pending.clear()
            held = 0
    if pending:
        yield "".join(pending)


def _write(handle, data: bytes | Iterable[bytes]) -> None:
    if isinstance(data, bytes):
        handle.write(data)
        return
    for chunk in data:
        handle.write(chunk)


def _mode_for(target: Path, info: os.stat_result | None) -> int:
    """The old file's permissions, or what a new file gets under the umask."""
    if info is not None:
        return info.st_mode & 0o777
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _write_in_place(path: str, data: bytes | Iterable[bytes]) -> None:
    try:
        with open(path, "wb") as handle:
            _write(handle, data)
    except OSError as exc:
        raise DeckcheckError(f"cannot write: {_why(exc, Path(path).parent)}", file=path) from None


def _why(exc: OSError, folder: Path) -> str:
    """Why a write failed, in words that say what to change."""
    if exc.errno == errno.ENOTDIR:
        return "a part of the path is a file, not a folder"
    if exc.errno == errno.ENOENT:
        return f"no folder {folder}" if not folder.exists() else "no such file or folder"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if exc.errno == errno.EROFS:
        return "read-only file system"
    if exc.errno == errno.ENOSPC:
        return "no space left on the device"
    return exc.strerror or str(exc)


def open_regular(path: str | os.PathLike[str], *, error: type[DeckcheckError] = DeckcheckError):
    """A regular file opened for binary reading. Anything else (a FIFO, a device such as /dev/zero,
    a folder) is refused with ``error`` before a byte is read, and a FIFO without a writer does not hang."""
    shown = os.fspath(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
                     | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise error(f"cannot read: {exc.strerror or exc}", file=shown) from None
    try:
        mode = os.fstat(fd).st_mode
    except OSError as exc:
        os.close(fd)
        raise error(f"cannot read: {exc.strerror or exc}", file=shown) from None
    if not stat.S_ISREG(mode):
        os.close(fd)
        kind = "a folder" if stat.S_ISDIR(mode) else "a pipe" if stat.S_ISFIFO(mode) else "a device or socket"
        raise error(f"not a regular file ({kind}): not read", file=shown)
    return os.fdopen(fd, "rb")


def read_regular(path: str | os.PathLike[str], limit: int, *, error: type[DeckcheckError] = DeckcheckError,
                 what: str = "this file") -> bytes:
    """The bytes of a regular file (see :func:`open_regular`), refused unread past ``limit`` bytes."""
    shown = os.fspath(path)
    with open_regular(path, error=error) as handle:
        size = os.fstat(handle.fileno()).st_size
        if size > limit:
            raise error(f"too large ({size:,} bytes; the limit for {what} is {_size(limit)})", file=shown)
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            raise error(f"cannot read: {exc.strerror or exc}", file=shown) from None
    if len(data) > limit:
        raise error(f"too large (over {_size(limit)}; the limit for {what})", file=shown)
    return data


def _size(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MiB" if limit % (1024 * 1024) == 0 else f"{limit:,} bytes"
