"""A file deckcheck writes new (`-O`) gets the permissions the umask gives a new file, as a shell's `>` would."""

from __future__ import annotations

import os
import stat

from conftest import REPO

from deckcheck.cli import main

GOOD = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"


def test_a_new_output_file_gets_rw_for_all_less_the_umask(tmp_path, capsys):
    out = tmp_path / "deck.code"
    old = os.umask(0o027)
    try:
        assert main(["convert", str(GOOD), "--to", "code", "-O", str(out)]) == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
