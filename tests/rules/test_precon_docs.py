"""docs/organisers.md shows the Nexus Night format as deckcheck runs it: its console example is what
``check --format nexus-night`` prints for the Jinx Champion Deck as sold and with a Cleave for a
Gust, and its event format file turns the exception on."""

from __future__ import annotations

import re
import shlex
from datetime import date

from conftest import REPO
from cli.support import run_cli
from deckcheck.cards import load_cards
from deckcheck.decks.load import read_text
from deckcheck.decks.resolve import resolve_deck
from deckcheck.rules import check_deck
from rules.test_precon_exception import JINX_CHAMPION_DECK

PAGE = (REPO / "docs" / "organisers.md").read_text(encoding="utf-8")


def _block(kind: str, holding: str) -> str:
    (found,) = [b for b in re.findall(rf"^```{kind}\n(.*?)^```", PAGE, re.S | re.M) if holding in b]
    return found


def test_the_nexus_night_example_is_what_deckcheck_prints(tmp_path, capsys):
    (tmp_path / "jinx-champion-deck.txt").write_text(JINX_CHAMPION_DECK, encoding="utf-8")
    (tmp_path / "jinx-changed.txt").write_text(JINX_CHAMPION_DECK.replace("3 Gust\n", "2 Gust\n1 Cleave\n"),
                                               encoding="utf-8")
    command, *shown = _block("console", "nexus-night").rstrip("\n").split("\n")
    done = run_cli(capsys, *shlex.split(command.removeprefix("$ deckcheck ")), cwd=tmp_path)
    assert done.returncode == 1 and done.stdout.rstrip("\n").split("\n") == shown


def test_the_event_format_file_of_the_page_keeps_a_product_s_banned_cards(tmp_path):
    event = tmp_path / "rift-cafe-thursdays.yaml"
    event.write_text(_block("yaml", "precon_exception"), encoding="utf-8")
    deck = resolve_deck(read_text(JINX_CHAMPION_DECK, source="jinx.txt"), load_cards())
    assert check_deck(deck, str(event), date(2026, 12, 5)).legal
    assert not check_deck(deck, "standard", date(2026, 12, 5)).legal
