"""Library errors name the parameter as the library spells it (``as_of``); the command line names
its option (``--as-of``) for the same error (issue 37)."""

from __future__ import annotations

import pytest

from cli.support import run_cli
from conftest import REPO

import deckcheck
from deckcheck import goldfish
from deckcheck.errors import DeckcheckError

JINX = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"


@pytest.fixture(scope="module")
def deck() -> deckcheck.Deck:
    return deckcheck.load_deck(JINX)


@pytest.mark.parametrize("call", ["check_deck", "fix_deck"])
def test_a_bad_date_names_as_of(call, deck):
    with pytest.raises(DeckcheckError) as err:
        getattr(deckcheck, call)(deck, format="standard", as_of="yesterday")
    assert str(err.value) == "as_of: 'yesterday' is not a date (YYYY-MM-DD)"
    assert err.value.parameter == "as_of"


def test_a_date_that_is_no_string_is_the_same_error_not_a_crash(deck):
    with pytest.raises(DeckcheckError) as err:
        deckcheck.check_deck(deck, as_of=20261101)  # type: ignore[arg-type]
    assert str(err.value) == "as_of: 20261101 is not a date (YYYY-MM-DD)"


def test_the_command_line_names_its_option_for_the_same_error(capsys):
    ran = run_cli(capsys, "check", JINX, "--as-of", "yesterday")
    assert (ran.returncode, ran.stdout) == (2, "")
    assert ran.stderr == "deckcheck: error: --as-of: 'yesterday' is not a date (YYYY-MM-DD)\n"


def test_a_selector_naming_no_rule_names_select_or_ignore(capsys):
    with pytest.raises(DeckcheckError) as err:
        deckcheck.check_paths(JINX, ignore="RB6O1")
    assert str(err.value).startswith("ignore: no rule code starts with 'RB6O1'; did you mean RB601 or RB701?")
    ran = run_cli(capsys, "check", JINX, "--ignore", "RB6O1")
    assert ran.returncode == 2
    assert ran.stderr.startswith("deckcheck: error: --ignore: no rule code starts with 'RB6O1'; did you mean")


def test_a_team_outside_a_team_format_names_team(capsys):
    with pytest.raises(DeckcheckError) as err:
        deckcheck.check_paths(team=(JINX, JINX))
    assert str(err.value) == "team: the format 'standard' has no teams (teams are checked in format 2v2)"
    ran = run_cli(capsys, "check", "--team", JINX, JINX)
    assert ran.stderr == ("deckcheck: error: --team: the format 'standard' has no teams "
                          "(teams are checked in format 2v2)\n")


@pytest.mark.parametrize("call, said", [
    (lambda plan: goldfish.win_clock(plan, games=0), "games: must be between 1 and 10,000,000, not 0"),
    (lambda plan: goldfish.win_clock(plan, players=7), "players: must be 2 to 4, not 7"),
    (lambda plan: goldfish.deck_odds(plan, runes="Furry:2"),
     "runes: 'Furry:2': write DOMAIN:K, e.g. Fury:2 (domains: Fury, Calm, Mind, Body, Chaos, Order)"),
    (lambda plan: goldfish.win_clock(plan, policy="foo"), "policy: choose most-energy, costliest-first, not 'foo'"),
], ids=["games", "players", "runes", "policy"])
def test_the_goldfish_library_names_its_parameters_too(call, said):
    with pytest.raises(DeckcheckError) as err:
        call(goldfish.load_plan(JINX))
    assert str(err.value) == said


def test_the_goldfish_commands_name_their_options(capsys):
    ran = run_cli(capsys, "clock", JINX, "--games", "0")
    assert (ran.returncode, ran.stderr) == (2, "deckcheck: error: --games: must be between 1 and 10,000,000, not 0\n")
