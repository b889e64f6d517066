"""The card importer, in-process: every row checked with a message naming row, id and field;
``_src``/``_doubt`` kept as doubts; champion tags; several dumps; ``--preliminary SET:DATE``.

Rows are small hand-written dumps in the schema of shared/carddata/SOURCE.md; the figures of the
bundled data (set sizes, Radiance gaps) come from card_data/sets.json and RAD-SOURCE.md.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from deckcheck.cards.importer import (
    RULE_FACTS, check_consistency, import_dump, import_dumps, load_json, parse_rows, read_dump, set_records,
    set_sizes,
)
from deckcheck.cards.model import CardType, Domain, Supertype
from deckcheck.errors import CardDataError

from conftest import REPO


def row(ident: str, name: str, type_: str = "Unit", **facts) -> dict:
    code, number = ident.split("-", 1)
    out = {"id": ident, "set": code, "number": number[:3], "variant": None, "name": name, "type": type_,
           "supertypes": [], "tags": [], "domains": ["Fury"], "energy": 2, "power": None, "power_domains": [],
           "might": 2, "rarity": "Common"}
    out.update(facts)
    return out


def error(rows, **kwargs) -> str:
    with pytest.raises(CardDataError) as err:
        parse_rows(rows, "dump.json", **kwargs)
    assert err.value.file == "dump.json"
    return err.value.message


JINX_LEGEND = row("NXS-001", "Jinx, Loose Cannon", "Legend", domains=["Fury", "Chaos"], tags=["Jinx"], energy=None,
                  might=None)
JINX_UNIT = row("NXS-002", "Jinx, Rebel", supertypes=["Champion"], tags=["Jinx", "Zaun"])
JINX_SPELL = row("NXS-003", "Super Mega Death Rocket", "Spell", supertypes=["Signature"], tags=["Jinx"], might=None)


# ------------------------------------------------------------------ one dump, row by row
def test_a_valid_dump_becomes_sorted_cards_with_their_facts():
    dump = parse_rows([JINX_SPELL, JINX_UNIT, JINX_LEGEND], "dump.json")
    assert [c.id for c in dump.cards] == ["NXS-001", "NXS-002", "NXS-003"]
    legend, unit, spell = dump.cards
    assert legend.type is CardType.LEGEND and legend.domains == (Domain.FURY, Domain.CHAOS)
    assert unit.supertypes == (Supertype.CHAMPION,) and unit.tags == ("Jinx", "Zaun") and unit.might == 2
    assert spell.energy == 2 and spell.might is None and spell.rarity == "Common"
    assert dump.counts() == {"NXS": 3} and dump.doubts == {}


def test_counts_are_per_set_in_code_order():
    dump = parse_rows([row("ZZZ-001", "Zed"), row("AAA-001", "Ahri"), row("AAA-002", "Annie")], "d")
    assert list(dump.counts().items()) == [("AAA", 2), ("ZZZ", 1)]


@pytest.mark.parametrize("rows", [[], {"cards": []}, "cards", None])
def test_a_dump_must_be_a_non_empty_list(rows):
    assert error(rows) == "card dump must be a non-empty JSON list of printings"


@pytest.mark.parametrize("change, message", [
    ({"type": "Sorcery"},
     "row 2 (NXS-002): type: 'Sorcery' is not one of Unit, Spell, Gear, Legend, Battlefield, Rune or Token"),
    ({"set": "nxs"}, "row 2 (NXS-002): set: 'nxs' is not a set code of three capital letters, or two and a digit (OGN, OP1)"),
    ({"energy": -1}, "row 2 (NXS-002): energy: -1 is too small: it must be at least 0"),
    ({"domains": ["Fury", "Blue"]},
     "row 2 (NXS-002): domains item 2: 'Blue' is not one of Fury, Calm, Mind, Body, Chaos or Order"),
    ({"name": ""}, "row 2 (NXS-002): name: empty; it needs at least one character"),
    ({"artist": "someone", "flavor": "x"}, "row 2 (NXS-002): unknown fields ['artist', 'flavor']"),
])
def test_a_broken_row_is_named_by_index_id_and_field(change, message):
    assert error([JINX_LEGEND, dict(JINX_UNIT, **change)]) == message


def test_a_row_without_an_id_is_named_by_its_row_number():
    bad = {k: v for k, v in JINX_UNIT.items() if k != "id"}
    assert error([JINX_LEGEND, bad]) == "row 2 (no id): id: missing (every printing needs it)"


def test_a_row_that_is_not_an_object():
    assert error([JINX_LEGEND, ["NXS-002"]]) == "row 2 is not an object"


def test_a_duplicate_id_in_any_case_is_refused():
    assert error([JINX_UNIT, dict(JINX_UNIT, id="nxs-002")]) == "row 2: duplicate id nxs-002"


def test_a_wrong_champion_tag_is_refused_and_a_right_one_accepted():
    assert error([JINX_LEGEND, dict(JINX_UNIT, champion_tag="Vi")]) == (
        "row 2 (NXS-002): champion_tag 'Vi' does not match its legend and tags ('Jinx')")
    assert parse_rows([JINX_LEGEND, dict(JINX_UNIT, champion_tag="Jinx")], "d").cards[1].champion_tag == "Jinx"
    assert error([dict(JINX_SPELL, supertypes=[], champion_tag="Jinx")]) == (
        "row 1 (NXS-003): champion_tag 'Jinx' does not match its legend and tags (None)")


# ------------------------------------------------------------------ champion tags
def test_champion_tags_of_legends_champions_and_signatures():
    cards = {c.id: c for c in parse_rows([JINX_LEGEND, JINX_UNIT, JINX_SPELL], "d").cards}
    assert cards["NXS-001"].champion_tag == "Jinx"  # a legend: its short name
    assert cards["NXS-002"].champion_tag == "Jinx"  # a champion unit tagged with a legend's tag
    assert cards["NXS-003"].champion_tag == "Jinx"  # a signature card tagged with a legend's tag


def test_a_signature_card_of_a_legend_held_elsewhere_takes_that_tag():
    spell = dict(JINX_SPELL, tags=["Zaun", "Jinx"])
    assert parse_rows([spell], "d").cards[0].champion_tag is None
    assert parse_rows([spell], "d", legend_tags=["Jinx"]).cards[0].champion_tag == "Jinx"


def test_a_champion_unit_without_a_legend_is_tagged_by_its_own_name_or_first_tag():
    own = row("NXS-010", "Vi, Enforcer", supertypes=["Champion"], tags=["Piltover", "Vi"])
    first = row("NXS-011", "Sevika, Enforcer", supertypes=["Champion"], tags=["Zaun", "Chem-Baron"])
    bare = row("NXS-012", "Ekko, Rewinder", supertypes=["Champion"], tags=[])
    plain = row("NXS-013", "Zaun Thug", tags=["Zaun"])
    cards = {c.id: c.champion_tag for c in parse_rows([own, first, bare, plain], "d").cards}
    assert cards == {"NXS-010": "Vi", "NXS-011": "Zaun", "NXS-012": "Ekko", "NXS-013": None}


# ------------------------------------------------------------------ doubts
def test_doubtful_fields_keep_their_sources():
    # RAD-007 Rally for War in rad_preliminary.json: its type is in doubt
    rally = row("RAD-007", "Rally for War", "Spell", might=None, _doubt=["type", "rarity", "might"],
                _src={"name": ["RL", "JP"], "type": ["RL", "rejected JP=Gear"], "might": "CN"})
    sure = row("RAD-008", "Steady Hand", _src={"type": ["RL"]}, _doubt=[])
    dump = parse_rows([rally, sure], "d")
    assert dump.doubts == {"RAD-007": {"type": ("RL", "rejected JP=Gear"), "rarity": (), "might": ("CN",)}}


@pytest.mark.parametrize("change, message", [
    ({"_doubt": "type"}, "row 1 (NXS-002): _doubt must list field names"),
    ({"_doubt": ["colour"]}, "row 1 (NXS-002): _doubt must list field names"),
    ({"_doubt": [1]}, "row 1 (NXS-002): _doubt must list field names"),
    ({"_doubt": ["type"], "_src": ["RL"]}, "row 1 (NXS-002): _src must map fields to sources"),
])
def test_broken_doubts_are_named(change, message):
    assert error([dict(JINX_UNIT, **change)]) == message


def test_doubts_recorded_elsewhere_are_kept_unless_the_row_has_its_own():
    known = {"NXS-002": {"might": ("CN",)}, "NXS-003": {"energy": ("JP",)}}
    dump = parse_rows([JINX_LEGEND, JINX_UNIT, dict(JINX_SPELL, _doubt=["tags"])], "d", known_doubts=known)
    assert dump.doubts == {"NXS-002": {"might": ("CN",)}, "NXS-003": {"tags": ()}}


# ------------------------------------------------------------------ one name, one card (CR 132.3)
def test_printings_of_one_name_must_agree_on_the_facts_the_rules_read():
    alt = dict(JINX_UNIT, id="NXS-002a", variant="alt-art", domains=["Calm"])
    assert error([JINX_LEGEND, JINX_UNIT, alt]) == "NXS-002a and NXS-002 are both 'Jinx, Rebel' but differ in domains"
    for name, value in (("type", "Gear"), ("supertypes", []), ("energy", 3), ("power", 1), ("might", 5)):
        other = dict(JINX_UNIT, id="NXS-002a", variant="alt-art", **{name: value})
        assert error([JINX_LEGEND, JINX_UNIT, other]).endswith(f"but differ in {name}"), name


def test_rarity_and_tags_may_differ_between_printings():
    promo = dict(JINX_UNIT, id="NXS-002-PR", variant="promo", rarity="Promo", tags=["Jinx"])
    assert len(parse_rows([JINX_LEGEND, JINX_UNIT, promo], "d").cards) == 3


def test_a_field_in_doubt_may_differ_on_either_printing():
    alt = dict(JINX_UNIT, id="NXS-002a", variant="alt-art", domains=["Calm"])
    assert len(parse_rows([JINX_UNIT, dict(alt, _doubt=["domains"])], "d").cards) == 2
    assert len(parse_rows([dict(JINX_UNIT, _doubt=["domains"]), alt], "d").cards) == 2
    assert error([dict(JINX_UNIT, _doubt=["might"]), alt]).endswith("differ in domains")


def test_an_update_checks_only_the_facts_a_verdict_reads():
    alt = dict(JINX_UNIT, id="NXS-002a", variant="alt-art", energy=9, might=9)
    assert len(parse_rows([JINX_UNIT, alt], "d", fields=RULE_FACTS).cards) == 2
    assert error([JINX_UNIT, dict(alt, domains=["Mind"])], fields=RULE_FACTS).endswith("differ in domains")
    cards = parse_rows([JINX_UNIT], "d").cards
    check_consistency(cards, "d")  # one printing agrees with itself


# ------------------------------------------------------------------ files
def test_read_dump_and_load_json_name_the_file(tmp_path):
    path = tmp_path / "nxs.json"
    path.write_text(json.dumps([JINX_LEGEND, JINX_UNIT]))
    assert [c.name for c in read_dump(path)] == ["Jinx, Loose Cannon", "Jinx, Rebel"]
    with pytest.raises(CardDataError) as err:
        load_json(tmp_path / "nowhere.json")
    assert (err.value.message, err.value.file) == ("cannot read card dump: No such file or directory",
                                                   str(tmp_path / "nowhere.json"))
    path.write_text('[{"id": "NXS-001",')
    with pytest.raises(CardDataError) as err:
        read_dump(path)
    assert err.value.message == "card dump is not valid JSON (Expecting property name enclosed in double quotes: " \
                                "line 1 column 19 (char 18))"
    path.write_bytes(b"[\xff]")
    with pytest.raises(CardDataError, match=r"card dump is not valid JSON \("):
        read_dump(path)


def test_set_sizes_come_from_the_bundle_folder_else_the_bundled_list(tmp_path):
    bundled = set_sizes(tmp_path)  # card_data/sets.json, reviewed by hand
    assert bundled == {"OGN": 298, "OGS": 24, "ARC": 6, "SFD": 221, "UNL": 219, "VEN": 166, "RAD": 167,
                       "LGC": 346, "PG2": None, "REC": 264}  # with the sets announced after Radiance
    (tmp_path / "sets.json").write_text(json.dumps({"sets": [
        {"code": "NXS", "name": "Nexus", "released": None, "in_database": True, "size": 3}]}))
    assert set_sizes(tmp_path) == {"NXS": 3}
    (tmp_path / "sets.json").unlink()
    (tmp_path / "sets.json").mkdir()
    with pytest.raises(CardDataError) as err:
        set_sizes(tmp_path)
    assert err.value.message == "cannot read the set list: Is a directory"


# ------------------------------------------------------------------ set records
def _cards(*numbers: str, code: str = "NXS"):
    return parse_rows([row(f"{code}-{n}", f"Card {code} {n}") for n in numbers], "d").cards


def test_a_complete_set_record():
    records = set_records(_cards("001", "002", "003"), {"NXS": 3}, data_as_of=date(2026, 8, 22),
                          sources={"NXS": "nxs.json"}, preliminary={})
    nxs = records["NXS"]
    assert (nxs.state, nxs.data_as_of, nxs.source, nxs.printings, nxs.missing, nxs.layer) == (
        "complete", date(2026, 8, 22), "nxs.json", 3, (), "bundled")


def test_a_preliminary_set_keeps_its_own_date_and_gaps():
    records = set_records(_cards("001", "003") + _cards("001", code="AAA"), {"NXS": 4, "AAA": 1},
                          data_as_of=date(2026, 8, 22), sources={"NXS": "rad.json", "AAA": "a.json"},
                          preliminary={"NXS": date(2026, 10, 10)})
    assert list(records) == ["AAA", "NXS"]
    nxs = records["NXS"]
    assert (nxs.state, nxs.data_as_of, nxs.printings, nxs.missing) == ("preliminary", date(2026, 10, 10), 2,
                                                                       ("002", "004"))
    assert records["AAA"].state == "complete" and records["AAA"].data_as_of == date(2026, 8, 22)


def test_a_preliminary_set_with_no_gap_is_still_preliminary():
    records = set_records(_cards("001"), {"NXS": 1}, data_as_of=date(2026, 8, 22), sources={"NXS": "n"},
                          preliminary={"NXS": date(2026, 9, 1)})
    assert (records["NXS"].state, records["NXS"].missing) == ("preliminary", ())


def test_set_record_errors_say_what_to_do():
    def fails(cards, sizes, preliminary=None) -> str:
        with pytest.raises(CardDataError) as err:
            set_records(cards, sizes, data_as_of=date(2026, 8, 22), sources={"NXS": "n"},
                        preliminary=preliminary or {})
        return err.value.message

    assert fails(_cards("001"), {"NXS": 1}, {"RAD": date(2026, 10, 10), "ABC": date(2026, 1, 1)}) == (
        "--preliminary names set ABC, RAD, which no dump holds")
    assert fails(_cards("001"), {"OGN": 298}) == (
        "set NXS is not in sets.json: add its name, release date and size first")
    assert fails(_cards("002"), {"NXS": 3}) == (
        "set NXS lacks collector numbers 001, 003: import it as preliminary (--preliminary NXS:DATE) "
        "or complete the dump")
    assert fails(_cards("001"), {"NXS": 11}) == (
        "set NXS lacks collector numbers 002, 003, 004, 005, 006, 007, 008, 009, 010, 011: import it as "
        "preliminary (--preliminary NXS:DATE) or complete the dump")
    assert fails(_cards("001"), {"NXS": 12}) == (
        "set NXS lacks collector numbers 002, 003, 004, 005, 006, 007, 008, 009, 010, 011 …: import it as "
        "preliminary (--preliminary NXS:DATE) or complete the dump")


# ------------------------------------------------------------------ importing into a bundle
NXS_SETS = {"sets": [{"code": "NXS", "name": "Nexus", "released": "2027-01-15", "in_database": True, "size": 3},
                     {"code": "AAA", "name": "Aardvark", "released": None, "in_database": True, "size": 1}]}


@pytest.fixture
def out(tmp_path) -> Path:
    folder = tmp_path / "bundle"
    folder.mkdir()
    (folder / "sets.json").write_text(json.dumps(NXS_SETS))
    return folder


def write(path: Path, rows) -> Path:
    path.write_text(json.dumps(rows))
    return path


def test_importing_two_dumps_writes_cards_manifest_and_provenance(tmp_path, out):
    main = write(tmp_path / "main.json", [JINX_LEGEND, JINX_UNIT, row("AAA-001", "Aardvark Scout")])
    pre = write(tmp_path / "pre.json", [dict(JINX_SPELL, _doubt=["energy"], _src={"energy": ["JP"]})])
    manifest = import_dumps([main, pre], out, data_as_of=date(2026, 8, 22),
                            preliminary={"NXS": date(2026, 10, 10)})
    assert manifest.source == "main.json + pre.json (facts-only dumps; see docs/card-data.md)"
    assert manifest.data_as_of == date(2026, 10, 10)  # the newest data
    assert (manifest.printings, manifest.names, manifest.sets) == (4, 4, {"AAA": 1, "NXS": 3})
    written = json.loads((out / "cards.json").read_text())
    assert [r["id"] for r in written] == ["AAA-001", "NXS-001", "NXS-002", "NXS-003"]
    assert written[3]["champion_tag"] == "Jinx"  # the signature spell's legend is in the other dump
    prov = json.loads((out / "provenance.json").read_text())
    assert prov["sets"]["NXS"] == {"state": "preliminary", "data_as_of": "2026-10-10", "source": "main.json",
                                   "printings": 3, "missing": []}
    assert prov["sets"]["AAA"] == {"state": "complete", "data_as_of": "2026-08-22", "source": "main.json",
                                   "printings": 1, "missing": []}
    assert prov["doubts"] == {"NXS-003": {"energy": ["JP"]}}
    stored = json.loads((out / "bundle.json").read_text())
    assert stored["source"] == manifest.source and stored["printings"] == 4


def test_a_set_first_met_in_the_second_dump_names_that_dump(tmp_path, out):
    main = write(tmp_path / "main.json", [row("AAA-001", "Aardvark Scout")])
    more = write(tmp_path / "more.json", [JINX_LEGEND, JINX_UNIT, JINX_SPELL])
    import_dumps([main, more], out, data_as_of=date(2026, 8, 22), source="hand-made")
    prov = json.loads((out / "provenance.json").read_text())
    assert prov["sets"]["NXS"]["source"] == "more.json" and prov["sets"]["AAA"]["source"] == "main.json"
    assert json.loads((out / "bundle.json").read_text())["source"] == "hand-made"
    assert json.loads((out / "bundle.json").read_text())["data_as_of"] == "2026-08-22"


def test_import_errors(tmp_path, out):
    with pytest.raises(CardDataError, match=r"^no card dump to import$"):
        import_dumps([], out, data_as_of=date(2026, 8, 22))
    empty = write(tmp_path / "empty.json", [])
    with pytest.raises(CardDataError) as err:
        import_dumps([empty], out, data_as_of=date(2026, 8, 22))
    assert (err.value.message, err.value.file) == ("card dump must be a non-empty JSON list of printings",
                                                   str(empty))
    one = write(tmp_path / "one.json", [JINX_LEGEND, JINX_UNIT, JINX_SPELL])
    two = write(tmp_path / "two.json", [dict(JINX_UNIT, id="nxs-002")])
    with pytest.raises(CardDataError, match=r"^printing nxs-002 is in more than one dump$"):
        import_dumps([one, two], out, data_as_of=date(2026, 8, 22))
    three = write(tmp_path / "three.json", [dict(JINX_UNIT, id="NXS-002a", variant="alt-art", might=7)])
    with pytest.raises(CardDataError) as err:
        import_dumps([one, three], out, data_as_of=date(2026, 8, 22))
    assert err.value.message == "NXS-002a and NXS-002 are both 'Jinx, Rebel' but differ in might"
    assert err.value.file == f"{one}, {three}"
    assert not (out / "cards.json").exists()  # nothing written


def test_import_dump_is_import_dumps_of_one(tmp_path, out):
    one = write(tmp_path / "one.json", [JINX_LEGEND, JINX_UNIT, JINX_SPELL])
    manifest = import_dump(one, out, data_as_of=date(2026, 9, 1))
    assert manifest.source == "one.json (facts-only dumps; see docs/card-data.md)"
    assert manifest.data_as_of == date(2026, 9, 1) and manifest.sets == {"NXS": 3}


def test_reimporting_a_bundle_keeps_its_doubts_sources_and_preliminary_sets(tmp_path, out):
    pre = write(tmp_path / "pre.json", [JINX_LEGEND, dict(JINX_UNIT, _doubt=["might"], _src={"might": "CN"})])
    import_dumps([pre], out, data_as_of=date(2026, 8, 22), preliminary={"NXS": date(2026, 10, 10)})
    again = tmp_path / "again"
    again.mkdir()
    (again / "sets.json").write_text(json.dumps(NXS_SETS))
    import_dumps([out / "cards.json"], again, data_as_of=date(2026, 12, 1))
    prov = json.loads((again / "provenance.json").read_text())
    assert prov["sets"]["NXS"] == {"state": "preliminary", "data_as_of": "2026-10-10", "source": "pre.json",
                                   "printings": 2, "missing": ["003"]}
    assert prov["doubts"] == {"NXS-002": {"might": ["CN"]}}
    assert (again / "cards.json").read_bytes() == (out / "cards.json").read_bytes()


def test_a_cards_json_outside_a_bundle_is_a_plain_dump(tmp_path, out):
    loose = tmp_path / "loose"
    loose.mkdir()
    # a provenance.json beside it but no bundle.json: not a bundle, so no provenance is taken over
    (loose / "provenance.json").write_text(json.dumps({"schema_version": 1, "sets": {"NXS": {
        "state": "preliminary", "data_as_of": "2026-10-10", "source": "x", "printings": 3, "missing": []}}}))
    dump = write(loose / "cards.json", [JINX_LEGEND, JINX_UNIT, JINX_SPELL])
    import_dumps([dump], out, data_as_of=date(2026, 8, 22))
    prov = json.loads((out / "provenance.json").read_text())
    assert prov["sets"]["NXS"]["state"] == "complete" and prov["sets"]["NXS"]["source"] == "cards.json"


def test_reimporting_the_bundled_cards_file_gives_the_bundled_provenance(tmp_path):
    import_dumps([REPO / "card_data" / "cards.json"], tmp_path, data_as_of=date(2026, 8, 22))
    prov = json.loads((tmp_path / "provenance.json").read_text())
    assert prov["sets"]["RAD"]["state"] == "preliminary" and prov["sets"]["RAD"]["data_as_of"] == "2026-10-10"
    assert prov["sets"]["RAD"]["missing"] == ["011", "022", "032", "044", "094", "104", "177"]
    assert prov["sets"]["RAD"]["source"] == "rad_preliminary.json"
    assert prov["sets"]["OGN"]["source"] == "cards.json" and prov["sets"]["OGN"]["printings"] == 413
    manifest = json.loads((tmp_path / "bundle.json").read_text())
    assert manifest["data_as_of"] == "2026-10-10" and manifest["printings"] == 1373 + 218
