"""``-O`` never replaces a file the run read, however it was reached (a link to a folder inside a
checked folder, a glob matching a folder, a name with glob characters, the event's format file,
the settings file); ``--force`` allows it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import REPO
from cli.support import run_cli

JINX = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"
EVENT = "name: my-event\ntitle: My event\nextends: standard\nbest_of: 1\nsideboard: none\n"


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
def test_out_file_never_replaces_a_file_the_run_read(folder, args, target, capsys):
    before = (folder / target).read_bytes()
    refused = run_cli(capsys, "check", *args, "-o", "json", "-O", target, cwd=folder)
    assert refused.returncode == 2 and "would overwrite an input file" in refused.stderr, refused.stderr
    assert (folder / target).read_bytes() == before
    forced = run_cli(capsys, "check", *args, "-o", "json", "-O", target, "--force", cwd=folder)
    assert forced.returncode in (0, 1), forced.stderr
    assert (folder / target).read_bytes().startswith(b"{")


def test_the_same_file_by_another_path_is_refused(folder, capsys):
    (folder / "alias.txt").symlink_to(folder / "decks" / "jinx.txt")
    refused = run_cli(capsys, "sheet", "decks", "-O", "alias.txt", cwd=folder)
    assert refused.returncode == 2 and "would overwrite an input file" in refused.stderr
    assert (folder / "decks" / "jinx.txt").read_bytes() == JINX.read_bytes()


def test_a_new_file_is_written(folder, capsys):
    written = run_cli(capsys, "check", "checked", "-o", "json", "-O", "out.json", cwd=folder)
    assert written.returncode == 0 and (folder / "out.json").read_text(encoding="utf-8").startswith("{")
