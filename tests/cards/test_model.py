"""The card model and the bundle on disk, in-process: what a row may hold, what each property
means (CR 103.2, 132, 185), and the message a user reads when a bundle file is broken.

Facts of real cards are those of shared/carddata/cards.json (SOURCE.md's schema); the messages
are written out in full, as a user sees them.
"""

from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path

import pytest

from pydantic import ValidationError

from deckcheck.cards.bundle import default_card_data_dir, load_bundle, parse_card_rules, parse_sets, write_bundle
from deckcheck.cards.model import Card, CardType, Domain, Supertype
from deckcheck.cards.schema import CardRulesSchema, CardSchema, SetInfoSchema
from deckcheck.cards.sets import CardRules, SetInfo
from deckcheck.errors import CardDataError

from conftest import REPO

#: OGN-202 in shared/carddata/cards.json (with the champion tag the importer adds).
REBEL = {"id": "OGN-202", "set": "OGN", "number": "202", "variant": None, "name": "Jinx, Rebel", "type": "Unit",
         "supertypes": ["Champion"], "tags": ["Jinx", "Zaun"], "domains": ["Chaos"], "energy": 5, "power": 1,
         "power_domains": ["Chaos"], "might": 5, "rarity": "Epic", "champion_tag": "Jinx"}


def card(**changes) -> Card:
    """Jinx, Rebel as the card schema reads it, with ``changes`` to its row."""
    return CardSchema.model_validate({**REBEL, **changes}).to_card()


# ------------------------------------------------------------------ a row of cards.json
def test_a_row_becomes_a_card_with_every_fact():
    rebel = card()
    assert (rebel.id, rebel.set, rebel.number, rebel.variant, rebel.name) == ("OGN-202", "OGN", "202", None,
                                                                               "Jinx, Rebel")
    assert rebel.type is CardType.UNIT and rebel.supertypes == (Supertype.CHAMPION,)
    assert rebel.tags == ("Jinx", "Zaun") and rebel.domains == (Domain.CHAOS,)
    assert (rebel.energy, rebel.power, rebel.might, rebel.rarity, rebel.champion_tag) == (5, 1, 5, "Epic", "Jinx")
    assert rebel.power_domains == (Domain.CHAOS,)
    assert Card.from_trusted(dict(REBEL)) == rebel


def test_optional_facts_may_be_left_out():
    bare = CardSchema.model_validate({"id": "OGN-202", "set": "OGN", "number": "202", "name": "Jinx, Rebel",
                                      "type": "Unit"}).to_card()
    assert (bare.variant, bare.supertypes, bare.tags, bare.domains, bare.power_domains) == (None, (), (), (), ())
    assert (bare.energy, bare.power, bare.might, bare.rarity, bare.champion_tag) == (None, None, None, None, None)
    trusted = Card.from_trusted({"id": "OGN-202", "set": "OGN", "number": "202", "name": "Jinx, Rebel",
                                 "type": "Unit"})
    assert trusted == bare


def test_zero_is_a_count():
    zero = card(energy=0, power=0, might=0)
    assert (zero.energy, zero.power, zero.might) == (0, 0, 0)


@pytest.mark.parametrize("changes", [
    {"id": 202}, {"number": 202}, {"name": ""}, {"name": None}, {"set": "ogn"}, {"set": "OGNX"}, {"set": "OG"},
    {"set": "ÖGN"}, {"set": "O1N"}, {"set": 123}, {"type": "Sorcery"}, {"supertypes": ["Legendary"]},
    {"supertypes": "Champion"}, {"tags": [7]}, {"tags": "Jinx"}, {"domains": ["Blue"]}, {"power_domains": ["Red"]},
    {"energy": -1}, {"energy": "five"}, {"energy": 5.5}, {"power": -1}, {"might": -2},
    {"rarity": 3}, {"variant": 1}, {"champion_tag": ["Jinx"]}, {"artist": "someone"}, {"name": "Jinx\nRebel"},
    {"id": "OGN-203"},
])
def test_a_row_with_a_wrong_fact_is_refused(changes):
    with pytest.raises(ValidationError):
        card(**changes)


@pytest.mark.parametrize("missing", ["id", "set", "number", "name", "type"])
def test_a_row_without_a_required_fact_is_refused(missing):
    with pytest.raises(ValidationError, match=f"{missing}\n  Field required"):
        CardSchema.model_validate({k: v for k, v in REBEL.items() if k != missing})


def test_only_a_dict_is_a_row():
    for row in ([REBEL], "OGN-202", None):
        with pytest.raises(ValidationError):
            CardSchema.model_validate(row)


def test_names_split_into_short_name_and_subtitle():
    assert (card().short_name, card().subtitle) == ("Jinx", "Rebel")
    plain = card(name="Blazing Scorcher")
    assert (plain.short_name, plain.subtitle) == ("Blazing Scorcher", None)
    two = card(name="Kai'Sa, Daughter of the Void, Again")
    assert (two.short_name, two.subtitle) == ("Kai'Sa", "Daughter of the Void, Again")


def test_what_a_card_may_be_in_a_deck(db):
    rebel = db.get("OGN-202")  # Jinx, Rebel: champion unit
    assert rebel.is_champion_unit and rebel.can_be_chosen_champion and not rebel.is_signature
    assert rebel.is_main_deck_type and not rebel.is_token
    rain = db.get("OGN-248")  # Icathian Rain: a signature spell
    assert rain.is_signature and not rain.is_champion_unit and not rain.can_be_chosen_champion
    assert rain.is_main_deck_type
    signed_champion = card(supertypes=["Champion", "Signature"])
    assert signed_champion.is_champion_unit and not signed_champion.can_be_chosen_champion
    legend = db.get("OGN-251")  # Jinx, Loose Cannon
    assert not legend.is_main_deck_type and not legend.is_champion_unit
    champion_legend = card(type="Legend")  # a legend is no champion unit even if marked Champion
    assert not champion_legend.is_champion_unit
    rune = db.get("OGN-007")  # Fury Rune
    assert not rune.is_main_deck_type and not rune.is_token
    buff = db.get("UNL-T04")  # Buff: type Token
    assert buff.is_token and not buff.is_main_deck_type
    token_unit = card(supertypes=["Token"])  # a unit token: a unit, yet no main deck card (CR 185)
    assert token_unit.is_token and not token_unit.is_main_deck_type
    assert card(type="Gear", supertypes=[]).is_main_deck_type and card(type="Spell").is_main_deck_type
    assert not card(type="Battlefield").is_main_deck_type


def test_every_bundled_row_reads_the_same_trusted_or_checked_and_is_written_back_as_it_was():
    rows = json.loads((REPO / "card_data" / "cards.json").read_text())
    trusted = [Card.from_trusted(r) for r in rows]
    assert trusted == [CardSchema.model_validate(r).to_card() for r in rows]
    assert [c.to_json() for c in trusted] == rows


# ------------------------------------------------------------------ sets.json, card_rules.json
def test_a_set_entry():
    rad = SetInfo.from_trusted({"code": "RAD", "name": "Radiance", "released": "2026-10-23", "in_database": True,
                                "size": 167})
    assert (rad.code, rad.name, rad.released, rad.in_database, rad.size) == (
        "RAD", "Radiance", date(2026, 10, 23), True, 167)
    bare = SetInfoSchema.model_validate({"code": "NXS", "name": "Nexus", "in_database": False}).to_plain()
    assert (bare.released, bare.size, bare.in_database) == (None, None, False)


@pytest.mark.parametrize("changes", [
    {"code": "rad"}, {"code": "RADX"}, {"code": 1}, {"code": "R4D"}, {"name": None}, {"in_database": "maybe"},
    {"size": "many"}, {"released": "23 Oct 2026"}, {"colour": "gold"},
])
def test_a_wrong_set_entry_is_refused(changes):
    entry = {"code": "RAD", "name": "Radiance", "released": "2026-10-23", "in_database": True, "size": 167}
    with pytest.raises(ValidationError):
        SetInfoSchema.model_validate({**entry, **changes})
    with pytest.raises(ValidationError):
        SetInfoSchema.model_validate([entry])


def test_copy_limits_read_from_card_text():
    rules = CardRules.from_trusted({"copy_limits": [
        {"name": "Forgefire Cape", "ids": ["SFD-190"], "limit": 1, "keyword": "Unique", "rule": "CR 825.3"},
        {"name": "Spiderling", "ids": ["VEN-097"], "limit": None, "keyword": "any number", "rule": "CR 002"}]})
    cape = rules.limit_for("Forgefire Cape")
    assert (cape.name, cape.ids, cape.limit, cape.keyword, cape.rule) == (
        "Forgefire Cape", ("SFD-190",), 1, "Unique", "CR 825.3")
    assert rules.limit_for("Spiderling").limit is None and rules.limit_for("Jinx, Rebel") is None
    assert CardRules.from_trusted({}).copy_limits == () == CardRulesSchema.model_validate({}).to_plain().copy_limits


@pytest.mark.parametrize("data", [
    [], {"copy_limits": [], "extra": 1}, {"copy_limits": [["Cape"]]},
    {"copy_limits": [{"name": "Cape", "ids": ["SFD-190"], "limit": 1, "keyword": "Unique"}]},
    {"copy_limits": [{"name": "Cape", "ids": "SFD-190", "limit": 1, "keyword": "Unique", "rule": "CR"}]},
    {"copy_limits": [{"name": "Cape", "ids": [190], "limit": 1, "keyword": "Unique", "rule": "CR"}]},
    {"copy_limits": [{"name": "Cape", "ids": [], "limit": "one", "keyword": "Unique", "rule": "CR"}]},
    {"copy_limits": [{"name": 1, "ids": [], "limit": 1, "keyword": "Unique", "rule": "CR"}]},
    {"copy_limits": [{"name": "Cape", "ids": [], "limit": 1, "keyword": None, "rule": "CR"}]},
    {"copy_limits": [{"name": "Cape", "ids": [], "limit": 1, "keyword": "Unique", "rule": 825}]},
])
def test_wrong_card_rules_are_refused(data):
    with pytest.raises(ValidationError):
        CardRulesSchema.model_validate(data)


def test_broken_set_lists_and_card_rules_name_the_field(tmp_path):
    path = tmp_path / "sets.json"

    def fails(parse, data) -> CardDataError:
        with pytest.raises(CardDataError) as err:
            parse(path, json.dumps(data).encode())
        assert err.value.file == str(path)
        return err.value

    good = {"code": "RAD", "name": "Radiance", "released": "2026-10-23", "in_database": True, "size": 167}
    assert list(parse_sets(path, json.dumps({"sets": [good]}).encode())) == ["RAD"]
    assert list(parse_sets(path, json.dumps([good]).encode())) == ["RAD"]  # a bare list is a set list too
    assert fails(parse_sets, {"sets": [good, dict(good, code="rad")]}).message == (
        "broken set list: 1.code: String should match pattern '^[A-Z]{2}[A-Z0-9]$'")
    assert fails(parse_sets, {"sets": [dict(good, size="x", in_database="x")]}).message == (
        "broken set list: 0.in_database: Input should be a valid boolean, unable to interpret input (and 1 more)")
    rules = {"_comment": "reviewed", "copy_limits": [{"name": "Cape", "ids": ["SFD-190"], "limit": 1,
                                                      "keyword": "Unique", "rule": "CR 825.3"}]}
    assert parse_card_rules(path, json.dumps(rules).encode()).limit_for("Cape").limit == 1
    rules["copy_limits"][0]["limit"] = "one"
    assert fails(parse_card_rules, rules).message == (
        "broken card rules: copy_limits.0.limit: Input should be a valid integer, unable to parse string as an integer")
    for parse in (parse_sets, parse_card_rules):
        with pytest.raises(CardDataError) as err:
            parse(path, b'{"sets": [\n  {"code": "RAD",\n}')
        assert (err.value.file, err.value.line) == (str(path), 3)
        assert err.value.message == "card data is not valid JSON (Expecting property name enclosed in double " \
                                    "quotes: line 3 column 1 (char 29))"


# ------------------------------------------------------------------ the bundle folder
@pytest.fixture
def bundle(tmp_path) -> Path:
    dest = tmp_path / "card_data"
    shutil.copytree(REPO / "card_data", dest, ignore=shutil.ignore_patterns("formats", "*.md", "*.txt", "legion.json"))
    return dest


def loading_fails(folder: Path, verify: bool = True) -> CardDataError:
    with pytest.raises(CardDataError) as err:
        load_bundle(folder, verify=verify)
    return err.value


def test_the_bundle_loads_the_same_checked_or_trusted(bundle, db):
    checked = load_bundle(bundle, verify=False)
    trusted = load_bundle(bundle)
    assert checked.printings == trusted.printings == db.printings
    assert trusted.data_as_of == date(2026, 10, 10) and trusted.source.startswith("shared/carddata/cards.json")
    assert trusted.sets["RAD"].size == 167 and trusted.rules.limit_for("Spiderling").limit is None
    assert trusted.provenance.set_data("RAD").state == "preliminary"


def test_a_missing_or_unreadable_file_is_named(bundle):
    (bundle / "sets.json").unlink()
    err = loading_fails(bundle)
    assert (err.message, err.file) == (f"card data file missing: {bundle / 'sets.json'}", str(bundle / "sets.json"))
    (bundle / "sets.json").mkdir()
    assert loading_fails(bundle).message == "cannot read card data: Is a directory"


def test_a_broken_manifest_is_named(bundle):
    path = bundle / "bundle.json"
    manifest = json.loads(path.read_text())
    path.write_text(json.dumps(dict(manifest, schema_version=2)))
    err = loading_fails(bundle)
    assert (err.message, err.file) == ("bundle schema 2 is not supported (this deckcheck reads 1)", str(path))
    path.write_text(json.dumps(dict(manifest, printings="many")))
    assert loading_fails(bundle).message == (
        "broken bundle manifest: printings: Input should be a valid integer, unable to parse string as an integer")
    path.write_text(json.dumps(dict(manifest, data_as_of="yesterday")))
    assert loading_fails(bundle).message.startswith("broken bundle manifest: data_as_of: Input should be a valid date")
    path.write_text(json.dumps(dict(manifest, sha256=None)))
    assert loading_fails(bundle).message == "broken bundle manifest: sha256: Input should be a valid string"
    path.write_text(json.dumps([manifest]))
    assert loading_fails(bundle).message == "broken bundle manifest: Input should be a valid dictionary or instance " \
                                            "of ManifestSchema"
    path.write_text('{"schema_version": 1,')
    err = loading_fails(bundle)
    assert err.line == 1 and err.message.startswith("card data is not valid JSON (Expecting")
    assert str(err) == f"{path}:1: {err.message}"


def test_a_changed_cards_file_fails_the_checksum(bundle):
    path = bundle / "cards.json"
    path.write_text(path.read_text().replace('"Blazing Scorcher"', '"Blazing Scorcher II"', 1))
    err = loading_fails(bundle)
    assert (err.message, err.file) == (
        "cards.json does not match the checksum in bundle.json: the bundle was changed or corrupted; "
        "re-run 'deckcheck cards import'", str(path))
    assert load_bundle(bundle, verify=False).get("OGN-001").name == "Blazing Scorcher II"


def test_a_broken_card_row_is_named_by_index_and_field(bundle):
    path = bundle / "cards.json"
    path.write_text(path.read_text().replace('"type":"Spell"', '"type":"Sorcery"', 1))
    rows = json.loads(path.read_text())
    index = next(i for i, r in enumerate(rows) if r["type"] == "Sorcery")
    assert loading_fails(bundle, verify=False).message == (
        f"broken card list: {index}.type: Input should be 'Unit', 'Spell', 'Gear', 'Legend', 'Battlefield', "
        "'Rune' or 'Token'")


def test_the_manifest_must_count_the_printings_right(bundle):
    path = bundle / "bundle.json"
    manifest = json.loads(path.read_text())
    path.write_text(json.dumps(dict(manifest, printings=manifest["printings"] + 1)))
    assert loading_fails(bundle).message == (
        f"bundle.json promises {manifest['printings'] + 1} printings, cards.json holds {manifest['printings']}")


def test_the_shipped_manifest_vouches_for_the_reviewed_files():
    # so that a start reads them without the schema library (a maintainer who edits sets.json or
    # card_rules.json re-runs 'deckcheck cards import', which checks them and writes their checksums)
    import hashlib

    manifest = json.loads((REPO / "card_data" / "bundle.json").read_text())
    assert manifest["files"] == {name: hashlib.sha256((REPO / "card_data" / name).read_bytes()).hexdigest()
                                 for name in ("sets.json", "card_rules.json")}


def test_loading_the_shipped_bundle_imports_no_schema_library():
    import subprocess
    import sys

    code = ("import sys; from deckcheck.cards.bundle import load_bundle; db = load_bundle(); "
            "print(len(db.printings), 'pydantic' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["1591", "False"]


def test_a_reviewed_file_edited_since_the_manifest_is_checked_by_its_schema(bundle):
    path = bundle / "sets.json"
    data = json.loads(path.read_text())
    rad = next(s for s in data["sets"] if s["code"] == "RAD")
    rad["size"] = "many"
    path.write_text(json.dumps(data))
    err = loading_fails(bundle)
    assert err.message.startswith("broken set list: ") and "size: Input should be a valid integer" in err.message
    rad["size"] = 168
    path.write_text(json.dumps(data))
    assert load_bundle(bundle).sets["RAD"].size == 168  # the edit is read
    rules = bundle / "card_rules.json"
    rules.write_text(rules.read_text().replace('"limit": null', '"limit": "none"', 1))
    assert loading_fails(bundle).message.startswith("broken card rules: copy_limits.")


def test_a_bundle_without_provenance_counts_every_set_complete(bundle):
    (bundle / "provenance.json").unlink()
    prov = load_bundle(bundle).provenance
    assert sorted(prov.sets) == ["ARC", "OGN", "OGS", "RAD", "SFD", "UNL", "VEN"]
    rad = prov.set_data("RAD")
    assert (rad.state, rad.data_as_of, rad.printings, rad.missing) == ("complete", date(2026, 10, 10), 218, ())
    assert rad.source.startswith("shared/carddata/cards.json") and prov.doubts == {}


def test_where_the_card_data_lives(monkeypatch, tmp_path):
    monkeypatch.setenv("DECKCHECK_CARD_DATA", str(tmp_path))
    assert default_card_data_dir() == tmp_path
    monkeypatch.delenv("DECKCHECK_CARD_DATA")
    assert default_card_data_dir() == REPO / "card_data"


def test_the_old_manifest_name_still_imports():
    from deckcheck.cards import bundle
    from deckcheck.cards.schema import ManifestSchema

    assert bundle.Manifest is ManifestSchema
    with pytest.raises(AttributeError, match="has no attribute 'Nothing'"):
        bundle.Nothing  # noqa: B018


def test_write_bundle_writes_one_row_a_line_and_a_matching_manifest(tmp_path, db):
    cards = [db.get("OGN-202"), db.get("OGN-001")]
    manifest = write_bundle(cards, tmp_path / "out", source="two cards", data_as_of=date(2026, 8, 22))
    lines = (tmp_path / "out" / "cards.json").read_text().splitlines()
    assert lines[0] == "[" and lines[-1] == "]" and len(lines) == 4
    assert json.loads(lines[1].rstrip(",")) == REBEL
    assert (manifest.printings, manifest.names, manifest.sets, manifest.imported) == (2, 2, {"OGN": 2}, date.today())
    stored = json.loads((tmp_path / "out" / "bundle.json").read_text())
    assert stored["source"] == "two cards" and stored["data_as_of"] == "2026-08-22"
    import hashlib

    assert stored["sha256"] == hashlib.sha256((tmp_path / "out" / "cards.json").read_bytes()).hexdigest()


def test_the_schemas_build_the_same_plain_objects_as_a_vouched_for_file():
    entry = {"code": "RAD", "name": "Radiance", "released": "2026-10-23", "in_database": True, "size": 167}
    assert SetInfoSchema.model_validate(entry).to_plain() == SetInfo.from_trusted(entry)
    rules = {"copy_limits": [{"name": "Spiderling", "ids": ["VEN-097"], "limit": None, "keyword": "any number",
                              "rule": "CR 002"}]}
    assert CardRulesSchema.model_validate(rules).to_plain() == CardRules.from_trusted(rules)
    assert CardSchema.model_validate(REBEL).to_card() == Card.from_trusted(REBEL)


# ------------------------------------------------------------------ load_cards
def test_load_cards_is_cached_per_folder_and_update(bundle, monkeypatch, tmp_path):
    from deckcheck.cards import load_cards

    monkeypatch.setenv("DECKCHECK_DATA_DIR", str(tmp_path / "data"))
    first = load_cards()
    assert load_cards() is first and load_cards(update=False) is first  # no update stored: the same data
    mine = load_cards(bundle)
    assert mine is not first and load_cards(str(bundle)) is mine and mine.printings == first.printings
    (bundle / "provenance.json").unlink()
    assert load_cards(bundle) is mine  # cached: a bundle folder is read once per process
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "cards-update.json").write_text("{}")
    with pytest.raises(CardDataError, match="the card data update is damaged"):
        load_cards()
    assert load_cards(update=False) is first and load_cards(bundle) is mine  # a folder given: no update
