"""No input makes deckcheck walk outside what was named: a folder walk never follows a symbolic
link out of the folder named (a link to ``/``, to a folder or a file beside it); a link inside it is
followed, and a link named on the command line is read wherever it points."""

from __future__ import annotations

import json
import os
import shutil

from conftest import REPO
from cli.support import run_cli

JINX = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"


def test_a_folder_walk_never_follows_a_link_out_of_the_folder(tmp_path, capsys):
    (tmp_path / "decks" / "in").mkdir(parents=True)
    (tmp_path / "secrets").mkdir()
    shutil.copy(JINX, tmp_path / "decks" / "in" / "jinx.txt")
    (tmp_path / "secrets" / "token.txt").write_text("3 hunter2-secret-token\n", encoding="utf-8")
    os.symlink("/", tmp_path / "decks" / "root")
    os.symlink("../secrets", tmp_path / "decks" / "secrets")
    os.symlink("../secrets/token.txt", tmp_path / "decks" / "token.txt")
    os.symlink("in/jinx.txt", tmp_path / "decks" / "inside.txt")
    done = run_cli(capsys, "check", "decks", "--as-of", "2026-11-01", "-o", "json", cwd=tmp_path)
    doc = json.loads(done.stdout)
    assert done.returncode == 0 and "hunter2" not in done.stdout + done.stderr
    assert sorted(d["source"] for d in doc["decks"]) == ["decks/in/jinx.txt", "decks/inside.txt"]
    skipped = {s["source"]: s["reason"] for s in doc["skipped"]}
    assert set(skipped) == {"decks/root", "decks/secrets", "decks/token.txt"}
    assert skipped["decks/root"] == "a link to /, outside the folder named: not followed (name it to check it)"


def test_a_link_named_on_the_command_line_is_read(tmp_path, capsys):
    (tmp_path / "decks").mkdir()
    os.symlink(JINX, tmp_path / "decks" / "jinx.txt")
    named = run_cli(capsys, "check", "decks/jinx.txt", "--as-of", "2026-11-01", cwd=tmp_path)
    assert named.returncode == 0 and "1 deck checked: 1 legal" in named.stdout
    os.symlink(JINX.parent, tmp_path / "samples")
    walked = json.loads(run_cli(capsys, "check", "samples", "--as-of", "2026-11-01", "-o", "json",
                                cwd=tmp_path).stdout)
    assert len(walked["decks"]) >= 12  # the folder named is a link: what it holds is inside it
