"""Our YAML and JSON deck files: schema, reader (friendly errors, safe loading, YAML bombs),
writers (names, printings kept), and round trips with the real decks and the deck-code vectors."""

from __future__ import annotations

import json
import time

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from conftest import deckcode_vectors, raw_from_flat, real_decks, zones
from deckcheck.decks import deckcode, structured, tts
from deckcheck.decks.model import Severity, Zone
from deckcheck.decks.resolve import resolve_deck
from deckcheck.decks.structured import DeckFile, deck_json_schema
from json_schema_check import schema_errors
from deckcheck.errors import DeckReadError

JINX = """\
format_version: 1
name: Jinx test
legend: Jinx, Loose Cannon
champion: Jinx, Rebel
main:
  Jinx, Rebel: 3
  "Get Excited!": 2
battlefields: [Zaun Warrens, The Grand Plaza, Hallowed Tomb]
runes:
  - {card: Fury Rune, count: 7, id: OGN-007a}
  - card: Chaos Rune
    count: 5
sideboard:
  - Get Excited!
"""


# ----------------------------------------------------------------------------- reading
def test_both_section_shapes_zones_champion_and_lines(db):
    raw = structured.read(JINX, source="jinx.yaml")
    assert raw.reader == "yaml" and raw.name == "Jinx test" and not raw.problems
    seen = [(e.text, e.count, e.zone, e.card_id, e.source.line) for e in raw.entries]
    assert seen == [
        ("Jinx, Loose Cannon", 1, Zone.LEGEND, None, 3),
        ("Jinx, Rebel", 3, Zone.MAIN, None, 6),
        ("Get Excited!", 2, Zone.MAIN, None, 7),
        ("Zaun Warrens", 1, Zone.BATTLEFIELDS, None, 8),
        ("The Grand Plaza", 1, Zone.BATTLEFIELDS, None, 8),
        ("Hallowed Tomb", 1, Zone.BATTLEFIELDS, None, 8),
        ("Fury Rune", 7, Zone.RUNES, "OGN-007a", 10),
        ("Chaos Rune", 5, Zone.RUNES, None, 11),
        ("Get Excited!", 1, Zone.SIDEBOARD, None, 14),
    ]
    assert raw.champion.text == "Jinx, Rebel" and raw.champion.source.line == 4
    deck = resolve_deck(raw, db)
    assert not deck.unknown
    assert deck.champion.card.name == "Jinx, Rebel"
    assert deck.counts() == {"main": 5, "runes": 12, "battlefields": 3, "sideboard": 1}
    assert next(e for e in deck.runes if e.card.name == "Fury Rune").card.id == "OGN-007a"


def test_name_with_printing_in_brackets_and_ids_alone(db):
    raw = structured.read('{"legend": "OGN-247", "main": {"Fury Rune [OGN-007a]": 2, "OGN-004": 3}}')
    assert raw.reader == "json"
    assert [(e.text, e.card_id) for e in raw.entries] == [("OGN-247", None), ("Fury Rune", "OGN-007a"), ("OGN-004", None)]
    deck = resolve_deck(raw, db)
    assert deck.legend.card.id == "OGN-247"
    assert sorted(e.card.id for e in deck.main + deck.runes) == ["OGN-004", "OGN-007a"]


def test_json_entries_know_their_lines():
    text = '{\n  "legend": "Jinx, Loose Cannon",\n  "main": {\n    "Jinx, Rebel": 3,\n    "Get Excited!": 0\n  }\n}'
    raw = structured.read(text, source="d.json")
    assert [(e.text, e.source.line) for e in raw.entries] == [("Jinx, Loose Cannon", 2), ("Jinx, Rebel", 4)]
    assert raw.problems[0].source.line == 5


@pytest.mark.parametrize(
    ("line", "value", "message"),
    [
        (7, "0", "count 0 must be between 1 and 99"),
        (7, "100", "count 100 must be between 1 and 99"),
        (7, "-3", "count -3 must be between 1 and 99"),
        (7, "three", "count must be a whole number, not 'three'"),
        (7, "2.5", "count must be a whole number, not 2.5"),
        (7, "true", "count must be a whole number, not True"),
    ],
)
def test_a_bad_count_is_a_problem_on_its_line_and_the_rest_is_read(line, value, message):
    text = JINX.replace('"Get Excited!": 2', f'"Get Excited!": {value}')
    raw = structured.read(text, source="jinx.yaml")
    assert [(p.severity, p.source.line, p.text) for p in raw.problems] == [(Severity.ERROR, line, "Get Excited!")]
    assert message in raw.problems[0].message
    assert "Get Excited!" not in [e.text for e in raw.entries if e.zone is Zone.MAIN]
    assert len(raw.entries) == 8


def test_bad_list_items_are_problems_too():
    text = "main:\n  - Jinx, Rebel\n  - 42\n  - {card: Get Excited!, count: 3, colour: red}\n  - {card: '', count: 1}\n"
    raw = structured.read(text)
    assert [e.text for e in raw.entries] == ["Jinx, Rebel"]
    assert [(p.source.line, p.message) for p in raw.problems] == [
        (3, "card #2 under main: expected a card name or {card, count, id}, not 42"),
        (4, "'Get Excited!' under main: unknown field 'colour' (use card, count, id)"),
        (5, "card #4 under main: the card name is empty"),
    ]


def test_repeated_card_is_reported_not_silently_dropped():
    raw = structured.read("main:\n  Jinx, Rebel: 2\n  Get Excited!: 3\n  Jinx, Rebel: 1\n")
    assert [(e.text, e.count) for e in raw.entries] == [("Jinx, Rebel", 1), ("Get Excited!", 3)]
    assert raw.problems[0].source.line == 4
    assert "listed twice under main (lines 2 and 4); only the last count was read" in raw.problems[0].message
    raw = structured.read('{"main": {"Jinx, Rebel": 2, "Jinx, Rebel": 1}}')
    assert [(e.text, e.count) for e in raw.entries] == [("Jinx, Rebel", 2)]
    assert "only the first count was read" in raw.problems[0].message


@pytest.mark.parametrize(
    ("text", "message", "line"),
    [
        ("legend: Jinx\nsidebaord:\n  Jinx, Rebel: 1\n", "unknown key 'sidebaord'; did you mean 'sideboard'?", 2),
        ("format_version: 2\nlegend: Jinx\n", "format_version 2 is not supported", 1),
        ("legend: Jinx\nmain: 40\n", "'main' must be a mapping of card: count or a list of cards, not 40", 2),
        ("legend: [Jinx, 7]\n", "'legend #2' must be text, not 7", 1),
        ("name: 2026-10-01\n", "'name' must be text, not datetime.date(2026, 10, 1) (put it in quotes)", 1),
        ("- Jinx\n- Rebel\n", "a deck file must be a mapping", 1),
        ("legend: Jinx\nmain:\n  Jinx, Rebel: 3\n main: x\n", "invalid YAML", 4),
        ("legend: Jinx\nmain: {}\nmain: {}\n", "'main' appears twice (lines 2 and 3)", 3),
        ('{"legend": "Jinx",\n "main": {"a": 1,}}', "invalid JSON: Expecting property name", 2),
        ('{"main": {}, "main": []}', "'main' appears twice", 1),
        ("main: {A: 1}\n---\nmain: {B: 1}\n", "expected a single document in the stream, but found another document", 2),
    ],
)
def test_a_bad_file_shape_is_one_friendly_line_with_its_line_number(text, message, line):
    with pytest.raises(DeckReadError) as err:
        structured.read(text, source="deck.yaml")
    assert message in err.value.message
    assert err.value.file == "deck.yaml" and err.value.line == line
    assert "\n" not in str(err.value)


def test_several_errors_say_how_many_more():
    with pytest.raises(DeckReadError, match=r"unknown key 'colour'.*\(and 1 more problem\)"):
        structured.read("colour: red\nflavour: sweet\n")


def test_yaml_is_loaded_safely(tmp_path):
    target = tmp_path / "pwned"
    text = f"legend: !!python/object/apply:os.system ['touch {target}']\n"
    with pytest.raises(DeckReadError, match="YAML tag !!python/object/apply:os.system is not allowed"):
        structured.read(text)
    assert not target.exists()


def test_yaml_bombs_are_refused_quickly():
    laughs = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    for name, prev in zip("bcdefghi", "abcdefgh"):
        laughs += f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]\n"
    laughs += "main: *i\n"
    start = time.perf_counter()
    with pytest.raises(DeckReadError, match="too many YAML aliases"):
        structured.read(laughs)
    # Few aliases, but each one doubles the document.
    doubling = "a0: &a0 [x, x]\n" + "".join(f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}]\n" for i in range(1, 8))
    with pytest.raises(DeckReadError, match="too many YAML aliases"):
        structured.read(doubling)
    with pytest.raises(DeckReadError, match="nested too deeply"):
        structured.read("main:\n" + "".join("  " * i + "-\n" for i in range(1, 40)))
    with pytest.raises(DeckReadError, match="nested too deeply"):
        structured.read("main: " + "[" * 100_000)
    with pytest.raises(DeckReadError, match="nested too deeply"):
        structured.read('{"main": ' + "[" * 50 + "]" * 50 + "}")
    with pytest.raises(DeckReadError, match="too large"):
        structured.read("main:\n" + "  Jinx, Rebel: 1\n" * 70_000)
    assert time.perf_counter() - start < 5  # generous: refusals must not expand anything


def test_a_few_aliases_are_fine():
    raw = structured.read("legend: &l Jinx, Loose Cannon\nnotes: *l\nmain:\n  Jinx, Rebel: 3\n")
    assert [e.text for e in raw.entries] == ["Jinx, Loose Cannon", "Jinx, Rebel"]


def test_an_unquoted_comma_in_flow_style_gets_a_hint():
    raw = structured.read("main: {Jinx, Rebel: 3}\n")
    assert [(e.text, e.count) for e in raw.entries] == [("Rebel", 3)]
    assert "'Jinx' under main: no count given" in raw.problems[0].message
    assert "must be in quotes" in raw.problems[0].message


def test_empty_and_blank_files_are_read_errors():
    for text in ["", "  \n\n", "# only a comment\n", "\ufeff"]:
        with pytest.raises(DeckReadError):
            structured.read(text)


# ----------------------------------------------------------------------------- sniffing
def test_sniff_claims_our_files_only(db):
    assert structured.sniff(JINX)
    assert structured.sniff("\ufefflegend: Jinx\nmain:\n  Jinx, Rebel: 3\n")
    assert structured.sniff("main:\n  - Jinx, Rebel\n")
    assert structured.sniff("runes: {Fury Rune: 12}\n")
    assert structured.sniff('{"legend": "Jinx", "main": {}}')
    for text in [
        "Legend:\n1 Jinx, Loose Cannon\nMainDeck:\n3 Jinx, Rebel\n",
        "legend: Jinx, Loose Cannon\nchampion: Jinx, Rebel\nmain:\n3 Jinx, Rebel\n",
        deckcode_vectors()["vectors"][0]["code"],
        deckcode_vectors()["vectors"][0]["ttsExport"],
        '{"version": 1, "reports": []}',
        "",
    ]:
        assert not structured.sniff(text), text


# ----------------------------------------------------------------------------- writing
def test_writer_uses_names_and_keeps_printings_that_are_not_the_base_one(db):
    cards = {"OGN-247": 1, "OGN-027a": 2, "OGN-004": 3, "OGN-007": 6, "VEN-R02": 6, "OGN-280": 1}
    text = structured.write(resolve_deck(raw_from_flat(cards), db))
    doc = yaml.safe_load(text)
    fury, calm = db.get("OGN-007").name, db.get("VEN-R02").name
    assert doc["legend"] == db.get("OGN-247").name
    assert doc["runes"] == {fury: 6, f"{calm} [VEN-R02]": 6}
    assert doc["main"] == {f"{db.get('OGN-027a').name} [OGN-027a]": 2, db.get("OGN-004").name: 3}
    assert doc["battlefields"] == [db.get("OGN-280").name]
    assert "OGN-" not in text.split("main:")[0]  # the legend is written by name


def test_json_writer_writes_the_documented_deck_file(db):
    cards = {"OGN-247": 1, "OGN-027a": 2, "OGN-004": 3, "OGN-007": 6, "VEN-R02": 6, "OGN-280": 1}
    deck = resolve_deck(raw_from_flat(cards, "kaisa"), db)
    # docs/deck-file-format.md: names, and a [printing] only where it is not the base one.
    assert json.loads(structured.write(deck, "json")) == {
        "format_version": 1,
        "name": "kaisa",
        "legend": "Kai'Sa, Daughter of the Void",
        "champion": None,
        "main": {"Darius, Trifarian [OGN-027a]": 2, "Cleave": 3},
        "battlefields": ["Grove of the God-Willow"],
        "runes": {"Fury Rune": 6, "Calm Rune [VEN-R02]": 6},
        "sideboard": {},
    }


def test_a_real_deck_written_as_json_reads_back_to_the_same_deck(db):
    deck = resolve_deck(raw_from_flat(real_decks()[5]["cards"]), db)
    again = resolve_deck(structured.read(structured.write(deck, "json")), db)
    assert zones(again) == zones(deck)


def test_an_inferred_champion_is_written_with_a_note(db):
    deck = resolve_deck(tts.read(deckcode_vectors()["vectors"][1]["ttsExport"]), db)
    assert deck.champion_inferred
    text = structured.write(deck)
    assert "deckcheck chose this one" in text
    assert yaml.safe_load(text)["champion"] == deck.champion.card.name


def test_unknown_cards_are_written_as_read(db):
    deck = resolve_deck(raw_from_flat({"OGN-247": 1, "RAD-011": 2, "Mystery Card": 1}), db)
    doc = yaml.safe_load(structured.write(deck))
    assert doc["main"] == {"RAD-011": 2, "Mystery Card": 1}


@pytest.mark.parametrize("real", real_decks(), ids=lambda d: d["slug"])
def test_real_deck_round_trips_through_yaml_and_json(real, db):
    deck = resolve_deck(raw_from_flat(real["cards"], real["title"]), db)
    for fmt in ("yaml", "json"):
        text = structured.write(deck, fmt)
        assert structured.sniff(text)
        again = resolve_deck(structured.read(text, source=f"deck.{fmt}"), db)
        assert zones(again) == zones(deck)
        assert again.name == real["title"]
        assert (again.champion and again.champion.card.id) == (deck.champion and deck.champion.card.id)
        assert not [p for p in again.problems if p.severity is Severity.ERROR]


def _merges_printings(code: str, db) -> bool:
    deck = resolve_deck(deckcode.read(code), db)
    return any("not a known printing" in p.message for p in deck.problems)


@pytest.mark.parametrize(
    "code",
    [v["code"] for v in deckcode_vectors()["vectors"] + deckcode_vectors()["upstreamFixtures"]],
)
def test_code_to_yaml_to_code(code, db):
    original = deckcode.decode(code)
    deck = resolve_deck(deckcode.read(code), db)
    if any(n > 99 for _, n in original.main + original.sideboard):
        # A deck file refuses absurd counts (the v5 fixture has 130 copies): reported, not hidden.
        raw = structured.read(structured.write(deck))
        assert any("must be between 1 and 99" in p.message for p in raw.problems)
        return
    again = resolve_deck(structured.read(structured.write(deck)), db)
    back = deckcode.decode(deckcode.write(again))
    assert sorted(back.sideboard) == sorted(original.sideboard) or _merges_printings(code, db)

    def every_card(c) -> int:
        return sum(n for _, n in c.main) + len(c.additional_legends)

    assert every_card(back) == every_card(original)
    # Known limit: an unknown additional legend in a deck with no legend at all (two synthetic
    # v6 fixtures) comes back from the file as the deck's legend, i.e. into the main list.
    lost_role = deck.legend is None and any(u.zone is Zone.LEGEND for u in deck.unknown)
    if not _merges_printings(code, db) and not deck.champion_inferred and not lost_role:
        assert deckcode.write(again).strip() == code


# ----------------------------------------------------------------------------- the schema
def test_json_schema_accepts_what_we_write_and_what_we_read(db):
    schema = deck_json_schema()
    assert schema["$schema"].endswith("2020-12/schema")
    assert set(schema["properties"]) == set(DeckFile.model_fields)
    for real in real_decks()[:8]:
        doc = json.loads(structured.write(resolve_deck(raw_from_flat(real["cards"]), db), "json"))
        assert schema_errors(doc, schema) == []
    assert schema_errors(yaml.safe_load(JINX), schema) == []


@pytest.mark.parametrize(
    "doc",
    [
        {"main": {"Jinx, Rebel": 0}},
        {"main": {"Jinx, Rebel": 100}},
        {"main": [{"card": "Jinx, Rebel", "colour": "red"}]},
        {"sidebaord": {}},
        {"format_version": 2},
        {"main": 40},
    ],
)
def test_json_schema_and_reader_reject_the_same_mistakes(doc):
    assert schema_errors(doc, deck_json_schema())
    try:
        raw = structured.read(json.dumps(doc))
    except DeckReadError:
        return
    assert raw.problems


# ----------------------------------------------------------------------------- robustness
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=20,
)
DECKISH = st.fixed_dictionaries(
    {},
    optional={
        key: JSON_VALUES
        for key in ("format_version", "name", "legend", "champion", "main", "runes", "battlefields", "sideboard")
    },
)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(JSON_VALUES, DECKISH))
def test_any_json_or_yaml_document_is_read_or_refused_cleanly(value):
    for text in (json.dumps(value), yaml.safe_dump(value)):
        try:
            raw = structured.read(text)
        except DeckReadError as exc:
            assert "\n" not in exc.message
            continue
        assert all(1 <= e.count <= 99 for e in raw.entries)


@settings(max_examples=250, deadline=None)
@given(st.text(max_size=200))
@example("format_version: 1\nlegend: Jinx, Loose Cannon\nmain:\n  Cleave: 3\n")
@example('{"format_version": 1, "main": {"Cleave": 2}, "runes": {"Fury Rune": 12}}')
@example("main: [Cleave]\n")
def test_any_text_is_read_or_refused_cleanly(text):
    assert isinstance(structured.sniff(text), bool)
    try:
        raw = structured.read(text)
    except DeckReadError as exc:
        assert exc.message and "\n" not in exc.message
        return
    # What is read was a mapping (a deck document), and every card line it gave is a real count.
    assert isinstance(yaml.safe_load(text), dict)
    assert all(1 <= e.count <= 99 and e.text.strip() for e in raw.entries)
