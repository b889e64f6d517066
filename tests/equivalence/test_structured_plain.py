"""Our deck files read without the pydantic models (``structured._plain_file``): only documents the
schema accepts, with the same values; everything else is left to the schema."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcheck.decks import structured
from deckcheck.decks.deck_schema import DeckFile

ROOT = Path(__file__).resolve().parents[2]


def as_schema_gives(model) -> dict:
    """The values a DeckFile (or the plain reading) holds, as plain data."""
    out = {key: getattr(model, key) for key in ("format_version", "name", "legend", "champion", "notes",
                                               "additional_legends")}
    for section in structured.SECTIONS:
        out[section] = [(item.card, item.count, item.id) for item in getattr(model, section)]
    return out


def schema_reading(data):
    from pydantic import ValidationError

    try:
        return as_schema_gives(DeckFile.model_validate(data))
    except ValidationError:
        return None


def assert_agrees(data) -> None:
    plain = structured._plain_file(data)
    if plain is not None:
        assert schema_reading(data) == as_schema_gives(plain), data


def test_our_own_files_are_read_without_the_models_and_as_the_schema_reads_them():
    """Every deck file deckcheck writes (the real lists, in JSON) and the sample YAML deck."""
    from deckcheck.cards import load_cards
    from deckcheck.decks.model import RawDeck, RawEntry
    from deckcheck.decks.resolve import resolve_deck

    db = load_cards()
    real = json.loads((ROOT / "tests" / "data" / "realdecks.json").read_text())["decks"]
    for d in real:
        deck = resolve_deck(RawDeck(name=d["slug"], reader="flat",
                                    entries=[RawEntry(text=c, count=n) for c, n in d["cards"].items()]), db)
        data = json.loads(structured.write_json(deck, db=db))
        plain = structured._plain_file(data)
        assert plain is not None, d["slug"]
        assert as_schema_gives(plain) == schema_reading(data)
    import yaml

    sample = yaml.safe_load((ROOT / "sample_decks" / "legal-rengar-pridestalker.yaml").read_text())
    assert structured._plain_file(sample) is not None
    assert as_schema_gives(structured._plain_file(sample)) == schema_reading(sample)


@pytest.mark.parametrize("data", [
    {"main": {"Flash": True}}, {"main": {"Flash": 2.0}}, {"main": {"Flash": 0}}, {"main": {"Flash": 100}},
    {"main": {"": 2}}, {"main": [""]}, {"main": [{"card": "Flash", "count": True}]},
    {"main": [{"card": "Flash", "extra": 1}]}, {"main": [{"count": 2}]}, {"main": [{"card": "", "count": 2}]},
    {"main": [{"card": "Flash", "id": 7}]}, {"main": [3]}, {"main": "Flash"}, {"main": 3},
    {"legend": ["Jinx", 3]}, {"legend": 3}, {"legend": {"Jinx": 1}}, {"champion": 3}, {"name": ["x"]},
    {"notes": 1}, {"format_version": 2}, {"format_version": True}, {"format_version": "1"},
    {"additional_legends": None}, {"additional_legends": "Jinx"}, {"additional_legends": [1]},
    {"mainn": {"Flash": 2}}, {1: "x"}, {"runes": None, "sideboard": None, "legend": None, "name": None},
])
def test_a_document_the_schema_would_refuse_or_change_goes_to_the_schema(data):
    plain = structured._plain_file(data)
    refused = schema_reading(data) is None
    if refused:
        assert plain is None, "only what the schema accepts is read without it"
    assert_agrees(data)


_TEXT = st.one_of(st.just(""), st.just(" "), st.text(max_size=6))
_VALUE = st.one_of(st.none(), st.booleans(), st.integers(-2, 120), st.floats(allow_nan=False, width=16), _TEXT)
_ITEM = st.one_of(_TEXT, _VALUE, st.dictionaries(st.sampled_from(["card", "count", "id", "x"]), _VALUE, max_size=4))
_SECTION = st.one_of(_VALUE, st.dictionaries(_TEXT, _VALUE, max_size=4), st.lists(_ITEM, max_size=4))
_DOCUMENT = st.dictionaries(
    st.sampled_from(["format_version", "name", "legend", "champion", "main", "battlefields", "runes", "sideboard",
                     "additional_legends", "notes", "other"]),
    st.one_of(_VALUE, _SECTION, st.lists(_VALUE, max_size=3)), max_size=8)


@settings(max_examples=1500, deadline=None)
@given(_DOCUMENT)
def test_random_documents_read_without_the_models_agree_with_the_schema(data):
    assert_agrees(data)


def test_reading_a_deck_file_imports_no_pydantic():
    """The start of ``deckcheck check deck.json``: the common file needs neither pydantic nor the models."""
    import subprocess
    import sys

    code = ("import sys; from deckcheck.decks import structured; "
            "structured.read('{\"legend\": \"Jinx, Loose Cannon\", \"main\": {\"Flash\": 2}}', source='d.json'); "
            "print('pydantic' in sys.modules, 'deckcheck.decks.deck_schema' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=ROOT).stdout.split()
    assert out == ["False", "False"]


def test_the_plain_reading_knows_exactly_the_schemas_fields():
    """A field added to the schema must be added to the plain reading too (else every file using it
    would quietly take the slow way, or a value would be read differently)."""
    from deckcheck.decks.deck_schema import CardItem

    assert structured._FILE_KEYS == set(DeckFile.model_fields)
    assert structured._ITEM_KEYS == set(CardItem.model_fields)
