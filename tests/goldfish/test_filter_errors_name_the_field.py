"""A filter that uses `~` on a number or names an unknown supertype is refused in one line that says
which field and which words it takes, as the command line shows it."""

from __future__ import annotations

import pytest

from conftest import REPO
from cli.support import run_cli

JINX = str(REPO / "sample_decks" / "legal-jinx-loose-cannon.txt")


@pytest.mark.parametrize("text, said", [
    ("cost~3", "filter 'cost~3': '~' works on names only, not on energy"),
    ("supertype=Foo", "filter 'supertype=Foo': unknown supertype 'Foo' (one of: Champion, Signature, Token, Basic)"),
])
def test_a_filter_the_field_cannot_take_is_one_line_naming_the_field(capsys, text, said):
    ran = run_cli(capsys, "odds", JINX, "--filter", text)
    assert ran.returncode == 2 and ran.stdout == ""
    assert ran.stderr == f"deckcheck: error: {said}\n"
