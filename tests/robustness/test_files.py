"""Writing files: an interrupted write leaves the old file whole, the input is kept, bad places are one line."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from deckcheck import io as deck_io
from deckcheck.cli import main
from deckcheck.errors import DeckcheckError

SAMPLES = Path(__file__).resolve().parents[2] / "sample_decks"
GOOD = SAMPLES / "legal-jinx-loose-cannon.txt"
OLD = "the old file, which must survive\n"


def convert_to(target: Path | str, *extra: str) -> int:
    return main(["convert", str(GOOD), "--to", "code", "-O", str(target), *extra])


def _fail_replace(*_args):
    raise OSError(errno.EIO, "Input/output error")


class _HalfWriter:
    """A file handle that writes half of what it is given, then finds the disk full."""

    def __init__(self, handle) -> None:
        self.handle = handle

    def write(self, data: bytes) -> int:
        self.handle.write(data[: len(data) // 2])
        self.handle.flush()
        raise OSError(errno.ENOSPC, "No space left on device")

    def __getattr__(self, name):
        return getattr(self.handle, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.handle.close()


def _half_fdopen(real):
    return lambda fd, *args, **kwargs: _HalfWriter(real(fd, *args, **kwargs))


def _interrupt(*_args):
    raise KeyboardInterrupt


@pytest.mark.parametrize("how, patch, code, message", [
    ("rename fails", ("replace", _fail_replace), 2, "cannot write: Input/output error"),
    ("disk full mid-write", ("fdopen", "half"), 2, "cannot write: no space left on the device"),
    ("Ctrl-C before the rename", ("fsync", _interrupt), 130, "interrupted"),
])
def test_an_interrupted_write_leaves_the_old_file_whole_and_no_temp_file(how, patch, code, message, tmp_path,
                                                                         monkeypatch, capsys):
    out = tmp_path / "deck.code"
    out.write_text(OLD)
    name, replacement = patch
    if replacement == "half":
        replacement = _half_fdopen(os.fdopen)
    monkeypatch.setattr(deck_io.os, name, replacement)
    assert convert_to(out) == code
    err = capsys.readouterr().err
    assert err.startswith("deckcheck: error: ") and message in err and err.count("\n") == 1, err
    assert out.read_text() == OLD
    assert [p.name for p in tmp_path.iterdir()] == ["deck.code"]


def test_a_finished_write_keeps_the_old_permissions(tmp_path, capsys):
    out = tmp_path / "deck.code"
    out.write_text(OLD)
    out.chmod(0o640)
    assert convert_to(out) == 0
    assert out.read_text().startswith("C") and stat.S_IMODE(out.stat().st_mode) == 0o640


@pytest.mark.parametrize("target, message", [
    ("somefile.txt/out.txt", "somefile.txt/out.txt: cannot write: a part of the path is a file, not a folder"),
    ("no-such-folder/out.txt", "no-such-folder/out.txt: cannot write here: no folder no-such-folder"),
    ("a-folder", "a-folder: cannot write: it is a folder; give a file name"),
])
def test_writing_into_an_impossible_place_is_one_line_and_exit_2(target, message, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    Path("somefile.txt").write_text(OLD)
    Path("a-folder").mkdir()
    assert convert_to(target) == 2
    assert capsys.readouterr().err == f"deckcheck: error: {message}\n"
    assert Path("somefile.txt").read_text() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-folder", "somefile.txt"]


def test_a_read_only_place_is_a_clear_error(tmp_path, capsys):
    """/proc takes no new files, even for root (chmod would not stop root)."""
    if not os.path.isdir("/proc/self"):
        pytest.skip("no /proc on this system")
    assert convert_to("/proc/self/deck.code") == 2
    err = capsys.readouterr().err
    assert err.startswith("deckcheck: error: /proc/self/deck.code: cannot write") and err.count("\n") == 1


def _device(path: Path, minor: int) -> Path:
    """A private copy of /dev/null (minor 3) or /dev/full (minor 7), so a regression cannot break the real one."""
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, minor))
    except (OSError, AttributeError):
        pytest.skip("cannot make device nodes here")
    return path


def test_a_device_is_written_to_not_replaced(tmp_path, capsys):
    """Renaming over a device (say -o /dev/null as root) would replace it with a file for every program."""
    null = _device(tmp_path / "null", 3)
    assert convert_to(null) == 0
    assert stat.S_ISCHR(null.stat().st_mode) and null.stat().st_rdev == os.makedev(1, 3)
    full = _device(tmp_path / "full", 7)
    assert convert_to(full) == 2
    assert capsys.readouterr().err.endswith("cannot write: no space left on the device\n")
    assert stat.S_ISCHR(full.stat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["full", "null"]


def test_a_symbolic_link_is_followed_and_kept(tmp_path):
    real = tmp_path / "real.code"
    real.write_text(OLD)
    link = tmp_path / "link.code"
    link.symlink_to(real.name)
    assert convert_to(link) == 0
    assert link.is_symlink() and real.read_text().startswith("C")


def test_a_hard_link_to_the_input_is_the_input(tmp_path, capsys):
    deck = tmp_path / "deck.txt"
    deck.write_text(GOOD.read_text())
    twin = tmp_path / "twin.txt"
    os.link(deck, twin)
    assert main(["convert", str(deck), "--to", "code", "-O", str(twin)]) == 2
    assert "would overwrite an input file; choose another name, or add --force" in capsys.readouterr().err
    assert deck.read_text() == GOOD.read_text()


def test_atomic_write_from_the_library_raises_our_error(tmp_path):
    (tmp_path / "file").write_text(OLD)
    with pytest.raises(DeckcheckError, match="a part of the path is a file"):
        deck_io.atomic_write_text(tmp_path / "file" / "out.txt", "x")
    deck_io.atomic_write_text(tmp_path / "new.txt", "fresh\n")
    assert (tmp_path / "new.txt").read_text() == "fresh\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "new.txt"]
