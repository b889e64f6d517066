"""Safe file writing: a write never leaves a half-written file behind."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from deckcheck.errors import DeckcheckError


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``path``, then rename it into place.

    An interrupted run leaves the old file whole. A place that cannot be written gives a
    :class:`DeckcheckError` naming the file.
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise DeckcheckError(f"cannot write here: {exc.strerror}", file=str(target)) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            if target.exists():
                mode = target.stat().st_mode & 0o777
            else:
                mask = os.umask(0)
                os.umask(mask)
                mode = 0o666 & ~mask
            os.chmod(tmp, mode)
        except OSError:
            pass
        os.replace(tmp, target)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise DeckcheckError(f"cannot write: {exc.strerror}", file=str(target)) from None
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))
