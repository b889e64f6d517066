"""``-O`` never replaces a file the run read, however it was reached (a link to a folder inside a
checked folder, a glob matching a folder, a name with glob characters, the event's format file,
the settings file, stdin redirected from the file, a mulligan strategy file); ``--force`` allows it."""

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
    (tmp_path / "checked" / "real").mkdir(parents=True)
    shutil.copy(JINX, tmp_path / "checked" / "real" / "jinx.txt")
    (tmp_path / "checked" / "linked").symlink_to("real", target_is_directory=True)
    shutil.copy(JINX, tmp_path / "deck[1].txt")
    (tmp_path / "event.yaml").write_text(EVENT, encoding="utf-8")
    return tmp_path


CASES = {
    "a link to a folder inside a checked folder": (["checked"], "checked/real/jinx.txt"),
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


# ---------------------------------------------------------------------------- stdin
#: Every command that reads a deck from stdin and writes -O, with what it reads besides.
FROM_STDIN = {
    "check": ("check", "-", "-o", "json"), "fix": ("fix", "-", "-o", "json"), "fix-list": ("fix", "-"),
    "convert": ("convert", "-", "-o", "code"), "sheet": ("sheet", "-"), "report": ("report", "-", "-n", "100"),
    "diff": ("diff", "-", "other.txt"), "goldfish": ("goldfish", "-", "--seed", "1"),
    "castable": ("castable", "-", "-n", "100"), "clock": ("clock", "-", "-n", "10"),
    "simulate": ("simulate", "-", "-n", "10"), "odds": ("odds", "-", "--card", "Sharkling"),
}


@pytest.mark.parametrize("args", FROM_STDIN.values(), ids=list(FROM_STDIN))
def test_out_file_never_replaces_the_file_behind_stdin(tmp_path, args):
    import subprocess

    from cli.support import DECKCHECK

    deck = tmp_path / "a.txt"
    shutil.copy(JINX, deck)
    shutil.copy(JINX, tmp_path / "other.txt")
    with open(deck, "rb") as stdin:  # check - -O a.txt < a.txt
        done = subprocess.run([*DECKCHECK, *args, "-O", "a.txt"], stdin=stdin, capture_output=True, cwd=tmp_path,
                              timeout=120)
    assert done.returncode == 2 and b"a.txt: would overwrite an input file" in done.stderr, done.stderr
    assert deck.read_bytes() == JINX.read_bytes()


def test_out_file_may_replace_another_file_when_stdin_is_redirected(tmp_path):
    import subprocess

    from cli.support import DECKCHECK

    shutil.copy(JINX, tmp_path / "a.txt")
    with open(tmp_path / "a.txt", "rb") as stdin:
        done = subprocess.run([*DECKCHECK, "convert", "-", "-o", "code", "-O", "b.code"], stdin=stdin,
                              capture_output=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 0 and (tmp_path / "b.code").read_text().startswith("C"), done.stderr


STRATEGY = "description: keep a cheap unit\nhunt: type=Unit and energy<=2\n"


@pytest.mark.parametrize("command", [("castable", "-n", "100"), ("clock", "-n", "10"), ("simulate", "-n", "10"),
                                     ("odds", "--card", "Sharkling"), ("report", "-n", "100")],
                         ids=lambda c: c[0])
def test_out_file_never_replaces_the_mulligan_strategy_file(tmp_path, command, capsys):
    (tmp_path / "keep.yaml").write_text(STRATEGY, encoding="utf-8")
    shutil.copy(JINX, tmp_path / "jinx.txt")
    done = run_cli(capsys, command[0], "jinx.txt", *command[1:], "-m", "keep.yaml", "-O", "keep.yaml", cwd=tmp_path)
    assert done.returncode == 2 and "would overwrite an input file" in done.stderr, done.stderr
    assert (tmp_path / "keep.yaml").read_text(encoding="utf-8") == STRATEGY
