"""Safe file writing: a write never leaves a half-written file behind."""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

from deckcheck.errors import DeckcheckError


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``path``, then rename it into place.

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
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise DeckcheckError(f"cannot write here: {_why(exc, folder)}", file=shown) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
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


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def _mode_for(target: Path, info: os.stat_result | None) -> int:
    """The old file's permissions, or what a new file gets under the umask."""
    if info is not None:
        return info.st_mode & 0o777
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _write_in_place(path: str, data: bytes) -> None:
    try:
        with open(path, "wb") as handle:
            handle.write(data)
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
