"""One spelling per parameter across the library: ``cards=`` (the card database), ``format=`` (the
game format), ``as_of=`` (the date), ``reader=`` (the deck file format); the old spellings ``db=``
and ``fmt=`` work for one more release with a DeprecationWarning naming the new one (issue 37)."""

from __future__ import annotations

import inspect
import warnings

import pytest

from conftest import REPO

import deckcheck
from deckcheck.decks.load import iter_decks
from deckcheck.goldfish import load_plan

JINX = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"
OLD = {"db": "cards", "fmt": "reader"}
PUBLIC = [getattr(deckcheck, name) for name in deckcheck.__all__ if inspect.isfunction(getattr(deckcheck, name))]


@pytest.fixture(scope="module")
def db() -> deckcheck.CardDB:
    return deckcheck.load_cards()


@pytest.mark.parametrize("function", [*PUBLIC, iter_decks, load_plan], ids=lambda f: f.__name__)
def test_the_public_functions_spell_their_parameters_one_way(function):
    parameters = inspect.signature(function).parameters
    for old in OLD.keys() & parameters.keys():  # an old spelling is only a keyword, beside its new one
        assert parameters[old].kind is inspect.Parameter.KEYWORD_ONLY and parameters[old].default is None
        assert OLD[old] in parameters
    assert not {"day", "date", "fmt_", "format_", "spec", "database"} & parameters.keys()


def test_the_new_spellings_warn_nothing(db):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        deck = deckcheck.load_deck(JINX, cards=db, reader="text")
        raw = deckcheck.read_deck(JINX, reader="text")
        again = deckcheck.resolve_deck(raw, cards=db)
        report = deckcheck.check_deck(deck, format="standard", as_of="2026-11-01", cards=db)
        fixed = deckcheck.fix_deck(deck, format="standard", as_of="2026-11-01", cards=db)
    assert again == deck and report.legal and fixed.status == "already legal"


@pytest.mark.parametrize("call, old, new", [
    (lambda db: deckcheck.load_deck(JINX, db=db), "load_deck(db=...)", "load_deck(cards=...)"),
    (lambda db: deckcheck.load_deck(JINX, db, fmt="text"), "load_deck(fmt=...)", "load_deck(reader=...)"),
    (lambda db: deckcheck.resolve_deck(deckcheck.read_deck(JINX), db=db), "resolve_deck(db=...)",
     "resolve_deck(cards=...)"),
    (lambda db: deckcheck.resolve_deck(deckcheck.read_deck(JINX, fmt="text"), db), "read_deck(fmt=...)",
     "read_deck(reader=...)"),
    (lambda db: deckcheck.resolve_deck(next(iter_decks(JINX, fmt="text")).deck, db), "iter_decks(fmt=...)",
     "iter_decks(reader=...)"),
], ids=["load_deck db", "load_deck fmt", "resolve_deck db", "read_deck fmt", "iter_decks fmt"])
def test_an_old_spelling_still_works_with_a_deprecation_warning(db, call, old, new):
    with pytest.warns(DeprecationWarning) as caught:
        deck = call(db)
    assert deck == deckcheck.load_deck(JINX, cards=db)
    message = str(caught[0].message)
    assert message == f"{old} is deprecated and stops working in deckcheck 0.4; write {new}"
    assert caught[0].filename == __file__  # the warning points at the caller's line


def test_both_spellings_at_once_is_a_type_error(db):
    with pytest.raises(TypeError, match=r"load_deck\(\) got both db= and cards=; give cards= only"):
        deckcheck.load_deck(JINX, cards=db, db=db)
