"""The card-data schemas and the bundle reader, in-process: what a user reads for broken card
data. Copy limits are those of card_data/card_rules.json (reviewed by hand)."""

from __future__ import annotations

from datetime import date

from deckcheck.cards.schema import CardRulesSchema
from deckcheck.cards.sets import CardRules, CopyLimit


def copy_card_data(folder):
    """A copy of the bundled card data (cards, sets, rules, provenance; no formats or notes) in ``folder``."""
    import shutil

    from conftest import REPO

    shutil.copytree(REPO / "card_data", folder, ignore=shutil.ignore_patterns("formats", "*.md", "*.txt"))


def test_the_card_rules_schema_keeps_each_copy_limit():
    rules = {"copy_limits": [
        {"name": "Forgefire Cape", "ids": ["SFD-190"], "limit": 1, "keyword": "Unique", "rule": "CR 825.3"},
        {"name": "Spiderling", "ids": ["VEN-097"], "limit": None, "keyword": "any number", "rule": "CR 002"}]}
    plain = CardRulesSchema.model_validate(rules).to_plain()
    assert plain == CardRules(copy_limits=(
        CopyLimit(name="Forgefire Cape", ids=("SFD-190",), limit=1, keyword="Unique", rule="CR 825.3"),
        CopyLimit(name="Spiderling", ids=("VEN-097",), limit=None, keyword="any number", rule="CR 002")))
    assert plain.limit_for("Forgefire Cape").limit == 1 and plain.limit_for("Spiderling").limit is None


def test_write_bundle_makes_nested_folders_and_writes_non_ascii_names_as_is(tmp_path):
    import json
    from datetime import date

    from deckcheck.cards.bundle import load_bundle, write_bundle
    from deckcheck.cards.model import Card, CardType

    card = Card(id="NXS-001", set="NXS", number="001", name="Nexus Vanguard, Défenseur", type=CardType.UNIT)
    folder = tmp_path / "new" / "bundle"
    write_bundle([card], folder, source="hand-made", data_as_of=date(2026, 8, 22))
    text = (folder / "cards.json").read_text(encoding="utf-8")
    assert '"name":"Nexus Vanguard, Défenseur"' in text
    manifest = (folder / "bundle.json").read_text()  # reviewed in git: one field a line, indented by two
    assert manifest.startswith('{\n  "schema_version": 1,\n  "source": "hand-made",\n') and manifest.endswith("}\n")
    (folder / "sets.json").write_text(json.dumps({"sets": [
        {"code": "NXS", "name": "Nexus", "released": None, "in_database": True, "size": 1}]}))
    (folder / "card_rules.json").write_text('{"copy_limits": []}')
    assert load_bundle(folder).by_name("Nexus Vanguard, Défenseur").id == "NXS-001"


def test_a_bundle_without_provenance_or_set_counts_loads_with_no_set_records(tmp_path):
    import json

    from deckcheck.cards.bundle import load_bundle

    folder = tmp_path / "card_data"
    copy_card_data(folder)
    (folder / "provenance.json").unlink()
    manifest = json.loads((folder / "bundle.json").read_text())
    for counts in (None, [413, 45]):  # the set counts left out, or not an object
        if counts is None:
            manifest.pop("sets")
        else:
            manifest["sets"] = counts
        (folder / "bundle.json").write_text(json.dumps(manifest))
        db = load_bundle(folder)
        assert db.provenance.sets == {} and len(db) == 1591


def test_a_broken_manifest_field_names_the_manifest_file(tmp_path):
    import json

    import pytest

    from deckcheck.cards.bundle import load_bundle
    from deckcheck.errors import CardDataError

    folder = tmp_path / "card_data"
    copy_card_data(folder)
    manifest = json.loads((folder / "bundle.json").read_text())
    (folder / "bundle.json").write_text(json.dumps(dict(manifest, printings="many")))
    with pytest.raises(CardDataError) as err:
        load_bundle(folder)
    assert err.value.file == str(folder / "bundle.json")
    assert err.value.message.startswith("broken bundle manifest: printings: ")


def test_a_provenance_record_without_a_docs_page_points_at_the_bundled_one():
    from deckcheck.cards.provenance import Provenance

    prov = Provenance.from_json({"schema_version": 1, "sets": {}})
    assert prov.docs == "docs/card-data.md" and prov.sets == {} and prov.doubts == {}


def test_loading_without_the_checksum_checks_every_field(tmp_path):

    import pytest

    from deckcheck.cards.bundle import load_bundle
    from deckcheck.errors import CardDataError

    folder = tmp_path / "card_data"
    copy_card_data(folder)
    path = folder / "cards.json"
    text = path.read_text()
    assert text.splitlines()[1].startswith('{"id":"ARC-001",')  # row 0
    path.write_text(text.replace('"energy":', '"energy":-', 1))  # ARC-001's energy below zero
    with pytest.raises(CardDataError) as err:
        load_bundle(folder, verify=False)
    assert (err.value.message, err.value.file) == (
        "broken card list: 0.energy: Input should be greater than or equal to 0", str(path))


def test_a_bundle_whose_checksum_matches_is_read_as_the_importer_wrote_it(tmp_path):
    # load_bundle's contract: the checksum vouches for rows the importer checked, so they are not
    # checked again; a row changed by hand with its checksum redone is read as it stands
    import hashlib
    import json

    from deckcheck.cards.bundle import load_bundle

    folder = tmp_path / "card_data"
    copy_card_data(folder)
    raw = (folder / "cards.json").read_bytes().replace(b'"energy":', b'"energy":-', 1)
    (folder / "cards.json").write_bytes(raw)
    manifest = json.loads((folder / "bundle.json").read_text())
    (folder / "bundle.json").write_text(json.dumps(dict(manifest, sha256=hashlib.sha256(raw).hexdigest())))
    assert load_bundle(folder).get("ARC-001").energy == -2


def test_a_wrong_printing_count_names_the_cards_file(tmp_path):
    import json

    import pytest

    from deckcheck.cards.bundle import load_bundle
    from deckcheck.errors import CardDataError

    folder = tmp_path / "card_data"
    copy_card_data(folder)
    manifest = json.loads((folder / "bundle.json").read_text())
    (folder / "bundle.json").write_text(json.dumps(dict(manifest, printings=1590)))
    with pytest.raises(CardDataError) as err:
        load_bundle(folder)
    assert (err.value.message, err.value.file) == ("bundle.json promises 1590 printings, cards.json holds 1591",
                                                   str(folder / "cards.json"))


def test_a_broken_set_list_or_card_rules_file_in_a_bundle_is_named(tmp_path):
    import json
    import shutil

    import pytest

    from deckcheck.cards.bundle import load_bundle
    from deckcheck.errors import CardDataError

    from conftest import REPO

    folder = tmp_path / "card_data"
    copy_card_data(folder)
    sets = json.loads((folder / "sets.json").read_text())
    (folder / "sets.json").write_text(json.dumps({"sets": [dict(sets["sets"][0], code="og")]}))
    with pytest.raises(CardDataError) as err:
        load_bundle(folder)
    assert (err.value.message, err.value.file) == (
        "broken set list: 0.code: String should match pattern '^[A-Z]{2}[A-Z0-9]$'", str(folder / "sets.json"))
    shutil.copy(REPO / "card_data" / "sets.json", folder / "sets.json")
    (folder / "card_rules.json").write_text('{"copy_limits": [{"name": "Spiderling"}]}')
    with pytest.raises(CardDataError) as err:
        load_bundle(folder)
    assert err.value.file == str(folder / "card_rules.json")
    assert err.value.message.startswith("broken card rules: copy_limits.0.ids: Field required")


def test_load_cards_checks_the_checksum_by_default(tmp_path):

    import pytest

    from deckcheck.cards import load_cards
    from deckcheck.errors import CardDataError

    folder = tmp_path / "card_data"
    copy_card_data(folder)
    path = folder / "cards.json"
    path.write_text(path.read_text().replace('"Blazing Scorcher"', '"Blazing Scorcher II"', 1))
    with pytest.raises(CardDataError) as err:
        load_cards(folder)
    assert err.value.message.startswith("cards.json does not match the checksum in bundle.json")
    assert load_cards(folder, verify=False).get("OGN-001").name == "Blazing Scorcher II"


def test_a_manifest_field_of_the_wrong_kind_that_the_schema_would_take_is_still_refused(tmp_path):
    # "1" for the schema version: the schema would read it as 1, the loader wants the number
    import json

    import pytest

    from deckcheck.cards.bundle import load_bundle
    from deckcheck.errors import CardDataError

    folder = tmp_path / "card_data"
    copy_card_data(folder)
    manifest = json.loads((folder / "bundle.json").read_text())
    (folder / "bundle.json").write_text(json.dumps(dict(manifest, schema_version="1")))
    with pytest.raises(CardDataError) as err:
        load_bundle(folder)
    assert (err.value.message, err.value.file) == ("bundle schema '1' is not supported (this deckcheck reads 1)",
                                                   str(folder / "bundle.json"))


def test_load_cards_keeps_two_bundle_folders_apart(tmp_path):
    import hashlib
    import json

    from deckcheck.cards import load_cards

    folders = []
    for name, card in (("one", "Blazing Scorcher"), ("two", "Blazing Scorcher II")):
        folder = tmp_path / name
        copy_card_data(folder)
        raw = (folder / "cards.json").read_bytes().replace(b'"Blazing Scorcher"', f'"{card}"'.encode(), 1)
        (folder / "cards.json").write_bytes(raw)
        manifest = json.loads((folder / "bundle.json").read_text())
        (folder / "bundle.json").write_text(json.dumps(dict(manifest, sha256=hashlib.sha256(raw).hexdigest())))
        folders.append(folder)
    assert [load_cards(f).get("OGN-001").name for f in folders] == ["Blazing Scorcher", "Blazing Scorcher II"]


def test_load_cards_follows_the_card_data_variable_and_lays_no_update_over_a_folder(tmp_path, monkeypatch):
    import hashlib
    import json

    from deckcheck.cards import load_cards
    from deckcheck.cards.overlay import Fetched, build_update, store_update

    monkeypatch.setenv("DECKCHECK_DATA_DIR", str(tmp_path / "data"))
    assert load_cards().get("OGN-001").name == "Blazing Scorcher"
    folder = tmp_path / "mine"
    copy_card_data(folder)
    raw = (folder / "cards.json").read_bytes().replace(b'"Blazing Scorcher"', b'"Blazing Scorcher II"', 1)
    (folder / "cards.json").write_bytes(raw)
    manifest = json.loads((folder / "bundle.json").read_text())
    (folder / "bundle.json").write_text(json.dumps(dict(manifest, sha256=hashlib.sha256(raw).hexdigest())))
    monkeypatch.setenv("DECKCHECK_CARD_DATA", str(folder))
    assert load_cards().get("OGN-001").name == "Blazing Scorcher II"
    # an update stored by the user is laid over the card data in force, never over a folder given
    row = {"id": "NXS-001", "set": "NXS", "number": "001", "name": "Nexus Vanguard", "type": "Unit",
           "domains": ["Fury"], "energy": 2, "might": 2}
    store_update(build_update(Fetched(json.dumps([row]).encode(), "/dumps/nxs.json", date(2026, 12, 1)),
                              load_cards(update=False)))
    assert load_cards().get("NXS-001").name == "Nexus Vanguard"
    assert load_cards(update=False).get("NXS-001") is None
    other = tmp_path / "other"
    copy_card_data(other)
    assert load_cards(other).get("NXS-001") is None


def test_an_unreadable_bundle_file_is_named(tmp_path):

    import pytest

    from deckcheck.cards.bundle import load_bundle
    from deckcheck.errors import CardDataError

    folder = tmp_path / "card_data"
    copy_card_data(folder)
    (folder / "card_rules.json").unlink()
    (folder / "card_rules.json").mkdir()
    with pytest.raises(CardDataError) as err:
        load_bundle(folder)
    assert (err.value.message, err.value.file) == ("cannot read card data: Is a directory",
                                                   str(folder / "card_rules.json"))
