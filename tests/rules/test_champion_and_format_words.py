"""What a user sees from the Chosen Champion rules, the reading notes and the format files in the
cases the rest of the suite left open: RB211's words on one or several candidates, the casual note
on an ambiguous champion in a fresh process, the card a note on the champion line names, and the
format files given by path, missing, unreadable, with odd keys, a cache entry that is no format,
and sizes and bans from formats built in code (two with one name each judged by its own). Expected texts are written by hand from RULES.md
(CR 103.2.a, TR 401.2) and the format files.

The memos of the rules (RB211's words, which names can be a Chosen Champion) are emptied first
where it matters: a user's process starts with them empty, so that is the behaviour to hold."""

from __future__ import annotations

import os
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from rules.support import CHECK_DAY, ORNN, ORNN_CHAMPION, change, check, deck, flat, only
from rules.test_units import ornn

from deckcheck import check_deck, load_cards
from deckcheck.decks import text
from deckcheck.decks.resolve import resolve_deck
from deckcheck.rules.formats import BanSpec, FormatError, FormatSpec, MainDeckSpec, load_format

TWO_ORNNS = "Ornn, Blacksmith; Ornn, Forge God"


@pytest.fixture
def fresh_memos():
    """The rules' memos as a new process has them: empty (deckcheck.clear_caches)."""
    from deckcheck import clear_caches

    clear_caches()


@pytest.fixture
def formats_read_afresh():
    """load_format remembers formats by name for the process: forget them around the test."""
    load_format.cache_clear()
    yield
    load_format.cache_clear()


@pytest.fixture
def formats_applied_afresh():
    """The rules' memos of what a format allows on a date, empty as in a new process: what the
    test checks is computed by format_on, not found from an earlier test."""
    from deckcheck import clear_caches

    clear_caches()


def two_candidates():
    """The Ornn list without its Chosen Champion line and a second Ornn champion unit (Ornn, Forge God)."""
    return deck(change(flat(ORNN), OGN_043=-1, SFD_085=1))


def rows(report, *codes):
    return [(v.code, v.message, v.hint, v.card) for v in report.violations if v.code in codes]


# ----------------------------------------------------------------------------- RB211 and its note
def test_several_champion_candidates_are_an_error_in_a_tournament_and_a_note_casually(fresh_memos):
    """TR 401.2: a registration naming no Chosen Champion among two candidates is RB211 (both
    named, sorted, in message and hint) and nothing else; casually it is only the RB004 note."""
    tournament = check(two_candidates(), "standard")
    assert rows(tournament, "RB211", "RB003", "RB004") == [(
        "RB211", f"the Chosen Champion cannot be determined: 2 Ornn champion units could be it ({TWO_ORNNS}); "
        "a tournament registration must name it",
        f"Name one of {TWO_ORNNS} as the Chosen Champion (a Champion: line, or --champion)", None)]
    assert only(tournament, "RB211").rule == "TR 401.2, CR 103.2.a"
    casual = check(two_candidates(), "casual")
    assert rows(casual, "RB211", "RB003", "RB004") == [(
        "RB004", "the list does not name a Chosen Champion and 2 Ornn champion units could be it: "
        f"{TWO_ORNNS}. Name it with --champion", f"It could be: {TWO_ORNNS}", None)]


def test_one_champion_candidate_of_a_deck_without_champion_is_named_in_every_format(fresh_memos):
    """A deck built in code with no Chosen Champion and one candidate: RB211 names that card as
    what could be it (the same casually and in a tournament), never "cannot be determined"."""
    lone = replace(ornn(), champion=None)
    for fmt in ("standard", "casual"):
        assert rows(check(lone, fmt), "RB211") == [(
            "RB211", "no Chosen Champion could be read; Ornn, Blacksmith in the Main Deck could be it",
            "Name Ornn, Blacksmith as the Chosen Champion", "Ornn, Blacksmith")]


def test_a_warning_on_the_champion_line_names_the_card_not_the_id_written():
    """The Champion line '1 Ornn, Blacksmith # OGN-999' (no such id; read by its name): the RB003
    warning on that line names the card, Ornn, Blacksmith, as the Chosen Champion is named."""
    listed = text.write(deck(flat(ORNN), champion=ORNN_CHAMPION))
    written = listed.replace("Champion:\n1 Ornn, Blacksmith\n", "Champion:\n1 Ornn, Blacksmith # OGN-999\n")
    assert written != listed
    db = load_cards()
    report = check_deck(resolve_deck(text.read(written, "deck.txt"), db), "standard", CHECK_DAY, db)
    assert [(v.code, v.message, v.card, v.line) for v in report.violations] == [
        ("RB003", "no card OGN-999 in Origins (OGN); read 'Ornn, Blacksmith' by its name instead",
         "Ornn, Blacksmith", 7)]


# ----------------------------------------------------------------------------- format files
def event(folder: Path, body: str, name: str = "cup.yaml") -> str:
    path = folder / name
    path.write_text(body)
    return str(path)


@pytest.mark.parametrize(("key", "line", "known"), [
    ("5: x", 3, "top"), ("true: 1", 1, "top"), ("main_deck: {exactly: 40, 7: 1}", 3, "main"),
])
def test_a_key_that_yaml_reads_as_a_number_or_a_flag_is_an_unknown_key_not_a_crash(tmp_path, formats_read_afresh,
                                                                                  key, line, known):
    """A format file with a key such as '5:' or 'true:' (YAML reads them as a number, a flag) is
    reported as an unknown key of that file, like any misspelt key; it used to be a traceback."""
    path = event(tmp_path, f"extends: standard\nname: cup\n{key}\n")
    with pytest.raises(FormatError) as err:
        load_format(path)
    keys = ("exactly, at_least" if known == "main" else
            "name, title, description, starts, tournament, best_of, main_deck, sideboard, sets, bans, battlefields, "
            "team_size, precon_exception, extends, add_bans")
    written = {"5: x": "5", "true: 1": "True"}.get(key, "7")
    assert (err.value.message, err.value.file, err.value.line) == (
        f"unknown key '{written}' in format '{path}' (known keys: {keys})", path, line)


def test_a_format_file_named_by_its_ending_alone_is_read_from_the_working_folder(tmp_path, monkeypatch,
                                                                                 formats_read_afresh):
    """--format cup.yaml or cup.yml (no folder written) is that file, never a bundled format name."""
    monkeypatch.chdir(tmp_path)
    event(tmp_path, "extends: casual\nname: cup\n", "cup.yaml")
    event(tmp_path, "extends: casual\nname: league\n", "league.yml")
    assert (load_format("cup.yaml").name, load_format("league.yml").name) == ("cup", "league")


def test_on_windows_a_name_with_either_slash_is_a_path(tmp_path, monkeypatch, formats_read_afresh):
    """Where os.sep is a backslash (Windows), 'events\\cup' and 'events/cup' both name files, not
    bundled formats. (Here a backslash is part of a file name, so 'events\\cup' is one file.)"""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "events").mkdir()
    event(tmp_path, "extends: casual\nname: cup\n", "events\\cup")
    event(tmp_path / "events", "extends: casual\nname: league\n", "league")
    monkeypatch.setattr(os, "sep", "\\")
    assert (load_format("events\\cup").name, load_format("events/league").name) == ("cup", "league")


def test_a_format_file_that_is_missing_or_unreadable_is_an_error_naming_it(tmp_path, formats_read_afresh):
    """The error names the file (its `file`: where the JSON, SARIF and GitHub reports place it; the
    check command puts the deck's name there when it is missing) and says why it cannot be read."""
    gone = str(tmp_path / "gone.yaml")
    with pytest.raises(FormatError) as err:
        load_format(gone)
    assert (err.value.message, err.value.file) == (f"format file not found: {gone}", gone)
    folder = tmp_path / "folder.yaml"
    folder.mkdir()
    with pytest.raises(FormatError) as err:
        load_format(str(folder))
    assert (err.value.message, err.value.file) == ("not a regular file (a folder): not read", str(folder))


def test_a_cached_entry_that_is_no_format_is_read_again_from_the_file_and_its_parent(tmp_path, monkeypatch,
                                                                                     formats_read_afresh):
    """A cache entry that is intact but no valid format (another program's, an older version's)
    never decides: the file, and the format it extends, are read again and the format loads."""
    from deckcheck import cache

    monkeypatch.delenv("DECKCHECK_NO_CACHE", raising=False)
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    parent = event(tmp_path, "extends: casual\nname: league\ndescription: the league\n", "league.yaml")
    child = event(tmp_path, f"extends: {parent}\nname: cup\n")
    for planted in (child, parent):
        key = cache.cache_key(b"format-yaml", Path(planted).read_bytes())
        cache.store("format", key, {"name": "cup", "best_of": "many"}, keep=64)
        load_format.cache_clear()
        spec = load_format(child)
        assert (spec.name, spec.description, spec.tournament, spec.main_deck.at_least) == ("cup", "the league",
                                                                                            False, 40)


def test_an_error_in_the_battlefields_is_placed_there_beside_added_bans(tmp_path, formats_read_afresh):
    """'battlefields: [5]' in a file that also has add_bans (over casual, which bans nothing):
    the error says battlefields.0 on its own line, not the first added ban."""
    path = event(tmp_path, "extends: casual\nname: cup\nbattlefields: [5]\nadd_bans:\n"
                           "  - {card: Charm, from: 2026-01-01}\n")
    with pytest.raises(FormatError) as err:
        load_format(path)
    assert (err.value.message, err.value.line) == (
        f"broken format '{path}': battlefields.0: Input should be a valid string", 3)


def test_a_main_deck_of_at_least_50_cards_is_checked_as_written(tmp_path, formats_read_afresh,
                                                                formats_applied_afresh):
    """main_deck: {at_least: 50}: the 40-card Ornn list is too small for it (never the default 40)."""
    path = event(tmp_path, "extends: casual\nname: highlander\nmain_deck: {at_least: 50}\n")
    report = check(deck(flat(ORNN), champion=ORNN_CHAMPION), path)
    assert [(v.code, v.message) for v in report.violations] == [
        ("RB101", "Main Deck has 40 cards; a deck needs at least 50 (Chosen Champion included)")]


def kitchen(**changes) -> FormatSpec:
    fields = dict(name="kitchen", title="Kitchen table", starts=date(2025, 10, 31), tournament=False, best_of=1,
                  main_deck=MainDeckSpec(), sideboard="unchecked", sets="all")
    return FormatSpec(**{**fields, **changes})


def test_a_format_built_in_code_without_a_size_asks_the_core_rules_40(formats_applied_afresh):
    """A FormatSpec made in code whose MainDeckSpec gives no size: at least 40 cards (CR 103.2)."""
    assert check(deck(flat(ORNN), champion=ORNN_CHAMPION), kitchen(), date(2026, 10, 5)).violations == []
    short = check(deck(change(flat(ORNN), OGN_043=-1), champion=ORNN_CHAMPION), kitchen(), date(2026, 10, 5))
    assert [(v.code, v.message) for v in short.violations] == [
        ("RB101", "Main Deck has 39 cards; a deck needs at least 40 (Chosen Champion included)")]


def test_a_ban_built_in_code_must_name_a_card_of_the_data_unless_marked_unverified(formats_applied_afresh):
    """BanSpec(card=..., since=...) is a ban of a known card: a name the card data lacks is a
    format error saying so, unless the ban says unverified=True."""
    misspelt = kitchen(name="strict-kitchen", bans=[BanSpec(card="Charmm", since=date(2026, 1, 1))])
    with pytest.raises(FormatError) as err:
        check(deck(flat(ORNN), champion=ORNN_CHAMPION), misspelt, date(2026, 10, 5))
    assert err.value.message.startswith("format 'strict-kitchen' bans 'Charmm', which is not in the card database")
    newer = kitchen(name="newer-kitchen", bans=[BanSpec(card="Charmm", since=date(2026, 1, 1), unverified=True)])
    assert check(deck(flat(ORNN), champion=ORNN_CHAMPION), newer, date(2026, 10, 5)).violations == []


def test_formats_built_in_code_with_one_name_are_each_checked_by_their_own_rules(formats_applied_afresh):
    """A library user who builds variants of one format (one name, other bans or sizes) and checks
    a deck against each in one process gets each variant's verdict, never the first one's."""
    listed, day = deck(flat(ORNN), champion=ORNN_CHAMPION), date(2026, 10, 5)
    assert check(listed, kitchen(main_deck=MainDeckSpec(at_least=40)), day).violations == []
    banned = kitchen(main_deck=MainDeckSpec(at_least=40), bans=[BanSpec(card="Charm", since=date(2026, 1, 1))])
    assert [(v.code, v.message) for v in check(listed, banned, day).violations] == [
        ("RB601", "Charm is banned in kitchen since 2026-01-01")]
    assert [(v.code, v.message) for v in check(listed, kitchen(main_deck=MainDeckSpec(at_least=50)), day).violations] == [
        ("RB101", "Main Deck has 40 cards; a deck needs at least 50 (Chosen Champion included)")]
