"""Card data provenance, in-process: set records, doubts, missing numbers, reading and merging.

The bundled figures (Radiance preliminary as of 2026-10-10, its seven missing numbers, the data
date of the other sets) come from card_data/RAD-SOURCE.md and card_data/SOURCE.md.
"""

from __future__ import annotations

import json
from datetime import date

import pytest

from deckcheck.cards.provenance import (
    Provenance, SetData, UpdateInfo, merge, missing_numbers, read_provenance,
)
from deckcheck.errors import CardDataError

from conftest import REPO

RAD_MISSING = ("011", "022", "032", "044", "094", "104", "177")  # RAD-SOURCE.md, "Gaps"


def record(**changes) -> dict:
    return {"state": "complete", "data_as_of": "2026-08-22", "source": "cards.json", "printings": 6,
            "missing": [], **changes}


def test_the_bundled_provenance_holds_every_set_with_state_date_source_and_gaps():
    prov = read_provenance(REPO / "card_data")
    assert sorted(prov.sets) == ["ARC", "OGN", "OGS", "RAD", "SFD", "UNL", "VEN"]
    rad = prov.set_data("RAD")
    assert (rad.state, rad.data_as_of, rad.source, rad.missing, rad.layer) == (
        "preliminary", date(2026, 10, 10), "rad_preliminary.json", RAD_MISSING, "bundled")
    ogn = prov.set_data("OGN")
    assert (ogn.state, ogn.data_as_of, ogn.source, ogn.missing) == ("complete", date(2026, 8, 22), "cards.json", ())
    assert [s.code for s in prov.preliminary] == ["RAD"]
    assert prov.missing("RAD") == RAD_MISSING and prov.missing("OGN") == () and prov.missing("XYZ") == ()
    assert prov.set_data("XYZ") is None
    assert prov.docs == "docs/card-data.md" and prov.update is None


def test_doubts_name_the_fields_and_their_sources():
    prov = read_provenance(REPO / "card_data")
    # rad_preliminary.json: RAD-007 Rally for War, type in doubt (RL says Spell, JP said Gear)
    assert prov.doubts_of("RAD-007") == {"type": ("RL", "rejected JP=Gear")}
    # a doubt with no source listed keeps the field with no sources
    assert prov.doubts_of("RAD-010")["rarity"] == ()
    assert prov.doubts_of("OGN-001") == {}


def test_a_set_record_round_trips_through_json():
    data = record(state="preliminary", missing=["003", "005"])
    item = SetData.from_json("ARC", data, layer="update")
    assert item == SetData(code="ARC", state="preliminary", data_as_of=date(2026, 8, 22), source="cards.json",
                           printings=6, missing=("003", "005"), layer="update")
    assert item.to_json() == data
    assert SetData.from_json("ARC", {k: v for k, v in data.items() if k != "missing"}).missing == ()
    assert SetData.from_json("ARC", record()).layer == "bundled"


@pytest.mark.parametrize("changes, message", [
    ({"state": "final"}, "set ARC: state must be one of complete, preliminary, not 'final'"),
    ({"missing": "003"}, "set ARC: missing must be a list of collector numbers"),
    ({"missing": [3]}, "set ARC: missing must be a list of collector numbers"),
    ({"printings": -1}, "set ARC: printings must be a whole number"),
    ({"printings": 6.0}, "set ARC: printings must be a whole number"),
    ({"printings": True}, "set ARC: printings must be a whole number"),
])
def test_a_broken_set_record_is_named(changes, message):
    with pytest.raises(ValueError) as err:
        SetData.from_json("ARC", record(**changes))
    assert str(err.value) == message


def test_zero_printings_is_a_whole_number():
    assert SetData.from_json("ARC", record(printings=0)).printings == 0


def test_provenance_round_trips_through_json():
    prov = Provenance(sets={"RAD": SetData.from_json("RAD", record(state="preliminary", missing=["011"])),
                            "ARC": SetData.from_json("ARC", record())},
                      doubts={"RAD-007": {"type": ("RL", "JP")}})
    data = prov.to_json()
    assert data["schema_version"] == 1 and data["docs"] == "docs/card-data.md"
    assert list(data["sets"]) == ["ARC", "RAD"]  # sorted
    assert data["doubts"] == {"RAD-007": {"type": ["RL", "JP"]}}
    again = Provenance.from_json(json.loads(json.dumps(data)), layer="update")
    assert again.sets["RAD"].missing == ("011",) and again.sets["RAD"].layer == "update"
    assert again.doubts == {"RAD-007": {"type": ("RL", "JP")}} and again.docs == "docs/card-data.md"


def test_provenance_from_json_refuses_other_shapes():
    for data in ([], {"schema_version": 2, "sets": {}}, {"sets": {}}):
        with pytest.raises(ValueError, match=r"^not a provenance record of schema 1$"):
            Provenance.from_json(data)
    with pytest.raises(ValueError, match=r"^doubts of RAD-007 must be an object$"):
        Provenance.from_json({"schema_version": 1, "sets": {}, "doubts": {"RAD-007": ["type"]}})
    none = Provenance.from_json({"schema_version": 1, "sets": {}, "doubts": {"RAD-007": {"type": None}}})
    assert none.doubts == {"RAD-007": {"type": ()}}
    assert Provenance.from_json({"schema_version": 1, "sets": {}, "docs": "elsewhere.md"}).docs == "elsewhere.md"


def test_a_bundle_without_provenance_uses_the_fallback(tmp_path):
    fallback = [SetData(code="OGN", state="complete", data_as_of=date(2026, 1, 1), source="x", printings=3)]
    prov = read_provenance(tmp_path, fallback)
    assert prov.sets == {"OGN": fallback[0]} and prov.doubts == {}
    assert read_provenance(tmp_path).sets == {}


def test_a_broken_provenance_file_is_one_error_naming_the_file(tmp_path):
    path = tmp_path / "provenance.json"
    path.write_text(json.dumps({"schema_version": 1, "sets": {"RAD": record(state="draft")}}))
    with pytest.raises(CardDataError) as err:
        read_provenance(tmp_path)
    assert err.value.file == str(path)
    assert err.value.message == ("broken card data provenance: set RAD: state must be one of complete, "
                                 "preliminary, not 'draft'")
    path.write_text("{")
    with pytest.raises(CardDataError) as err:
        read_provenance(tmp_path)
    assert err.value.message == ("broken card data provenance: Expecting property name enclosed in double quotes: "
                                 "line 1 column 2 (char 1)")
    path.unlink()
    path.mkdir()
    with pytest.raises(CardDataError) as err:
        read_provenance(tmp_path)
    assert (err.value.message, err.value.file) == ("cannot read card data provenance: Is a directory", str(path))


def test_missing_numbers_covers_the_set_size_and_overnumbered_cards():
    assert missing_numbers(["001", "003"], 4) == ("002", "004")
    assert missing_numbers(["001", "002"], 2) == ()
    # overnumbered printings count up to the highest held
    assert missing_numbers(["001", "002", "005"], 2) == ("003", "004")
    # runes, tokens and specials are not in the main numbering
    assert missing_numbers(["001", "R01", "T02", "SP1"], 1) == ()
    assert missing_numbers([], None) == ()
    assert missing_numbers(["002"], None) == ("001",)
    assert missing_numbers([], 2) == ("001", "002")


def test_radiance_gaps_from_its_dump_and_set_size():
    rows = [r for r in json.loads((REPO / "card_data" / "cards.json").read_text()) if r["set"] == "RAD"]
    assert missing_numbers([r["number"] for r in rows], 167) == RAD_MISSING  # size 167 in sets.json


def test_merge_replaces_whole_sets_and_their_doubts():
    base = Provenance(sets={"RAD": SetData.from_json("RAD", record(state="preliminary")),
                            "OGN": SetData.from_json("OGN", record())},
                      doubts={"RAD-007": {"type": ("RL",)}, "OGN-001": {"might": ("A",)}}, docs="base.md")
    info = UpdateInfo(source="https://example.org/rad.json", fetched="2026-12-01T10:00:00+00:00",
                      path="/tmp/u.json", sets=("RAD",))
    upd = Provenance(sets={"RAD": SetData.from_json("RAD", record(), layer="update")},
                     doubts={"RAD-010": {"domains": ("CN",)}}, update=info)
    merged = merge(base, upd)
    assert merged.sets["RAD"].layer == "update" and merged.sets["RAD"].state == "complete"
    assert merged.sets["OGN"] is base.sets["OGN"]
    assert merged.doubts == {"OGN-001": {"might": ("A",)}, "RAD-010": {"domains": ("CN",)}}
    assert merged.docs == "base.md" and merged.update is info
    assert info.to_json() == {"source": "https://example.org/rad.json", "fetched": "2026-12-01T10:00:00+00:00",
                              "path": "/tmp/u.json", "sets": ["RAD"], "sha256": ""}
