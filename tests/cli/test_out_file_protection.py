"""``-O`` never replaces a file the run read, however it was reached (a link to a folder inside a
checked folder, a glob matching a folder, a name with glob characters, the event's format file,
the settings file); ``--force`` allows it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO

EXE = str(Path(sys.executable).with_name("deckcheck"))
JINX = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"
EVENT = "name: my-event\ntitle: My event\nextends: standard\nbest_of: 1\nsideboard: none\n"


def run(folder: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([EXE, *args], capture_output=True, text=True, cwd=folder,
                          env={**os.environ, "NO_COLOR": "1"})


@pytest.fixture
def folder(tmp_path) -> Path:
    (tmp_path / "decks").mkdir()
    shutil.copy(JINX, tmp_path / "decks" / "jinx.txt")
    (tmp_path / "checked").mkdir()
    (tmp_path / "checked" / "linked").symlink_to(tmp_path / "decks", target_is_directory=True)
    shutil.copy(JINX, tmp_path / "deck[1].txt")
    (tmp_path / "event.yaml").write_text(EVENT, encoding="utf-8")
    return tmp_path


CASES = {
    "a link to a folder inside a checked folder": (["checked"], "decks/jinx.txt"),
    "a glob matching a folder": (["dec*"], "decks/jinx.txt"),
    "a name with glob characters": (["deck[1].txt"], "deck[1].txt"),
    "the event's format file": (["decks", "-f", "event.yaml"], "event.yaml"),
}


@pytest.mark.parametrize("args,target", CASES.values(), ids=list(CASES))
def test_out_file_never_replaces_a_file_the_run_read(folder, args, target):
    before = (folder / target).read_bytes()
    refused = run(folder, "check", *args, "-o", "json", "-O", target)
    assert refused.returncode == 2 and "would overwrite an input file" in refused.stderr, refused.stderr
    assert (folder / target).read_bytes() == before
    forced = run(folder, "check", *args, "-o", "json", "-O", target, "--force")
    assert forced.returncode in (0, 1), forced.stderr
    assert (folder / target).read_bytes().startswith(b"{")


def test_the_same_file_by_another_path_is_refused(folder):
    (folder / "alias.txt").symlink_to(folder / "decks" / "jinx.txt")
    refused = run(folder, "sheet", "decks", "-O", "alias.txt")
    assert refused.returncode == 2 and "would overwrite an input file" in refused.stderr
    assert (folder / "decks" / "jinx.txt").read_bytes() == JINX.read_bytes()


def test_a_new_file_is_written(folder):
    written = run(folder, "check", "checked", "-o", "json", "-O", "out.json")
    assert written.returncode == 0 and (folder / "out.json").read_text(encoding="utf-8").startswith("{")
