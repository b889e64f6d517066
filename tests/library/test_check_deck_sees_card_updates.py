"""``check_deck`` without ``cards=`` is as fast as with it (bench/bench_library.py), and still checks
against a card data update stored since: by another process on a later call (it looks at most once
a second), by this process at once (issue 37)."""

from __future__ import annotations

import json
import subprocess

import pytest

from cards.test_overlay import NEW_SET
from cli.support import DECKCHECK
from conftest import REPO

from deckcheck import check_deck, clear_caches, load_cards, load_deck, resolve_deck
from deckcheck.cards.overlay import apply_update, read_update, update_path
from deckcheck.decks.load import read_deck
from deckcheck.rules import engine

JINX = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"
DAY = "2026-12-01"
#: The Jinx sample with one Cleave swapped for a card of the set NXS, which only the update knows.
WITH_NXS = JINX.read_text(encoding="utf-8").replace("2 Cleave\n", "1 Cleave\n1 Nexus Vanguard\n", 1)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKCHECK_DATA_DIR", str(tmp_path / "data"))
    clear_caches()
    yield tmp_path / "data"
    clear_caches()


@pytest.fixture
def clock(monkeypatch) -> list[float]:
    """The clock check_deck reads, stopped: a test moves it on by hand."""
    now = [1000.25]
    monkeypatch.setattr(engine, "_monotonic", lambda: now[0])
    return now


def _another_process_stores_the_update(tmp_path) -> None:
    dump = tmp_path / "nxs.json"
    dump.write_text(json.dumps(NEW_SET), encoding="utf-8")
    subprocess.run([*DECKCHECK, "cards", "update", str(dump)], check=True, capture_output=True, timeout=120)
    assert update_path().exists()


def test_a_later_call_sees_an_update_another_process_stored(data_dir, tmp_path, clock):
    assert check_deck(load_deck(JINX), as_of=DAY).verdict == "legal"  # the bundled data, remembered
    _another_process_stores_the_update(tmp_path)
    updated = apply_update(load_cards(update=False), read_update(update_path()))  # not through load_cards
    deck = resolve_deck(read_deck(WITH_NXS), updated)
    clock[0] += 1.0  # a later call: the next second of the clock
    report = check_deck(deck, format="standard", as_of=DAY)
    assert (report.verdict, [v.code for v in report.violations]) == ("unverified", ["RB602"])


def test_a_database_this_process_loaded_is_seen_at_once(data_dir, tmp_path, clock):
    assert check_deck(load_deck(JINX), as_of=DAY).verdict == "legal"
    _another_process_stores_the_update(tmp_path)
    deck = load_deck(WITH_NXS)  # load_cards() finds the update and loads it, in the same second
    report = check_deck(deck, format="standard", as_of=DAY)
    assert (report.verdict, [v.code for v in report.violations]) == ("unverified", ["RB602"])
