"""The card database: every printing known, every id and name form found, broken bundles refused."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from deckcheck.cards import Found, NotFound
from deckcheck.cards.bundle import load_bundle
from deckcheck.cards.ids import parse_id
from deckcheck.cards.names import name_key
from deckcheck.errors import CardDataError

from conftest import REPO
from cli.support import run_cli


def found(db, text: str):
    hit = db.find(text)
    assert isinstance(hit, Found), f"{text!r}: {hit}"
    return hit


# ------------------------------------------------------------------ the bundle
# The expected figures come from the card data's provenance, card_data/SOURCE.md (a copy of the
# importer's notes, with counts taken from the public sources) and the hand-reviewed sets.json,
# never from the bundle itself.
def _provenance_table(heading: str) -> dict[str, dict[str, int]]:
    """The Markdown table right under ``heading`` in card_data/SOURCE.md: set -> column -> count."""
    text = (REPO / "card_data" / "SOURCE.md").read_text()
    lines = text[text.index(heading):].splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    block = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        block.append([cell.strip() for cell in line.strip("|").split("|")])
    header, body = block[0], block[2:]
    return {row[0]: {col: int(cell) for col, cell in zip(header[1:], row[1:])} for row in body}


def _by_set(db, key=lambda card: card.set) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card in db:
        counts[key(card)] = counts.get(key(card), 0) + 1
    return counts


def _radiance_figure(pattern: str) -> int:
    """A figure from card_data/RAD-SOURCE.md, the provenance of the preliminary Radiance data."""
    import re

    return int(re.search(pattern, (REPO / "card_data" / "RAD-SOURCE.md").read_text()).group(1))


def test_bundle_holds_every_printing_its_provenance_counts(db):
    printings = _provenance_table("## Counts (printings)")
    expected = {s: row["all"] for s, row in printings.items()}
    expected["RAD"] = _radiance_figure(r"holds \*\*(\d+) RAD printings\*\*")
    assert _by_set(db) == expected
    by_variant = _by_set(db, lambda c: (c.set, c.variant))
    for set_code, row in printings.items():
        assert by_variant.get((set_code, "alt-art"), 0) == row["alt-art"], set_code
        assert by_variant.get((set_code, "overnumbered"), 0) == row["overnumbered"], set_code
        assert by_variant.get((set_code, "signature"), 0) == row["signature"], set_code
        promos = by_variant.get((set_code, "promo"), 0) + by_variant.get((set_code, "promo-metal"), 0)
        assert promos == row["promo"], set_code


def test_bundle_types_per_set_match_the_provenance(db):
    types = _provenance_table("| set | Unit |")
    totals = types.pop("all")
    by_type = _by_set(db, lambda c: (c.set, c.type.value))
    for set_code, row in types.items():
        assert {t: by_type.get((set_code, t), 0) for t in row} == row, set_code
    assert {t: sum(n for (s, ty), n in by_type.items() if ty == t and s != "RAD") for t in totals} == totals
    rad = {ty: n for (s, ty), n in by_type.items() if s == "RAD"}
    assert rad == {t: _radiance_figure(rf"{t} (\d+)") for t in ("Unit", "Spell", "Gear", "Legend", "Battlefield", "Rune")}


def test_every_collector_number_of_each_main_set_is_present(db):
    """sets.json gives each set's size; SOURCE.md says every number 1..size is in the data."""
    sets = json.loads((REPO / "card_data" / "sets.json").read_text())["sets"]
    for info in sets:
        if not info["in_database"]:
            continue
        numbers = {card.number for card in db if card.set == info["code"]}
        missing = [f"{n:03d}" for n in range(1, info["size"] + 1) if f"{n:03d}" not in numbers]
        if info["code"] == "RAD":  # preliminary: RAD-SOURCE.md lists the numbers no source has
            assert missing == ["011", "022", "032", "044", "094", "104"]
            assert "**Missing: 011, 022, 032, 044, 094, 104**" in (REPO / "card_data" / "RAD-SOURCE.md").read_text()
            assert db.provenance.missing("RAD") == (*missing, "177")
        else:
            assert missing == [], (info["code"], missing)


def test_the_database_knows_exactly_the_sets_marked_in_database(db):
    sets = json.loads((REPO / "card_data" / "sets.json").read_text())["sets"]
    assert set(_by_set(db)) == {info["code"] for info in sets if info["in_database"]}


def test_distinct_names_match_the_provenance(db):
    text = (REPO / "card_data" / "SOURCE.md").read_text()
    rad_names = {c.name for c in db if c.set == "RAD"}
    older = {c.name for c in db if c.set != "RAD"}
    assert f"Distinct names: {len(older)}." in text
    assert len(rad_names) == _radiance_figure(r"Distinct names (\d+)")
    assert len(db.names) == len(older | rad_names)


def test_bundle_records_source_date_and_checksum():
    manifest = json.loads((REPO / "card_data" / "bundle.json").read_text())
    assert manifest["printings"] == 1373 + 218
    assert manifest["data_as_of"] == "2026-10-10"
    assert len(manifest["sha256"]) == 64


def test_the_database_says_which_sets_it_knows(db):
    assert db.knows_set("VEN") and db.knows_set("OGS") and db.knows_set("RAD")
    assert db.sets["RAD"].name == "Radiance"


def test_radiance_is_preliminary_with_its_missing_numbers_and_doubts(db):
    rad = db.provenance.set_data("RAD")
    assert (rad.state, rad.data_as_of.isoformat(), rad.printings) == ("preliminary", "2026-10-10", 218)
    assert rad.missing == ("011", "022", "032", "044", "094", "104", "177")
    assert {s.state for code, s in db.provenance.sets.items() if code != "RAD"} == {"complete"}
    assert db.provenance.doubts_of("RAD-092") == {
        "domains": ("rule: 23-number domain block only (neighbours RAD-091 ['Body'] and RAD-093 ['Chaos'] in CN)",),
        "might": (), "rarity": ()}
    assert "type" in db.provenance.doubts_of("RAD-007") and db.provenance.doubts_of("RAD-001") == {}


def test_reimporting_the_shared_dumps_reproduces_the_bundle(tmp_path):
    from datetime import date

    from deckcheck.cards.importer import import_dumps

    shared = REPO.parent / "shared" / "carddata"
    if not shared.exists():
        pytest.skip("shared/ card dumps not beside the repo")
    import_dumps([shared / "cards.json", shared / "rad_preliminary.json"], tmp_path,
                 data_as_of=date(2026, 8, 22), preliminary={"RAD": date(2026, 10, 10)})
    for name in ("cards.json", "provenance.json"):
        assert (tmp_path / name).read_bytes() == (REPO / "card_data" / name).read_bytes(), name


def test_reimporting_the_bundled_cards_file_keeps_its_provenance(tmp_path):
    from datetime import date

    from deckcheck.cards.importer import import_dumps

    import_dumps([REPO / "card_data" / "cards.json"], tmp_path, data_as_of=date(2026, 8, 22))
    for name in ("cards.json", "provenance.json"):
        assert (tmp_path / name).read_bytes() == (REPO / "card_data" / name).read_bytes(), name


def test_a_set_with_gaps_cannot_be_imported_as_complete(tmp_path):
    from datetime import date

    from deckcheck.cards.importer import import_dumps

    shared = REPO.parent / "shared" / "carddata"
    if not shared.exists():
        pytest.skip("shared/ card dumps not beside the repo")
    with pytest.raises(CardDataError, match=r"set RAD lacks collector numbers 011, 022, .*--preliminary RAD"):
        import_dumps([shared / "cards.json", shared / "rad_preliminary.json"], tmp_path, data_as_of=date(2026, 8, 22))
    assert not (tmp_path / "cards.json").exists()


def _copy_bundle(tmp_path: Path) -> Path:
    dest = tmp_path / "card_data"
    shutil.copytree(REPO / "card_data", dest)
    return dest


def test_a_hand_edited_cards_file_is_refused_by_checksum(tmp_path):
    folder = _copy_bundle(tmp_path)
    path = folder / "cards.json"
    path.write_text(path.read_text().replace('"Blazing Scorcher"', '"Blazing Scorcher II"', 1))
    with pytest.raises(CardDataError, match="checksum"):
        load_bundle(folder)


def test_a_truncated_cards_file_gives_a_clear_error(tmp_path):
    folder = _copy_bundle(tmp_path)
    path = folder / "cards.json"
    path.write_bytes(path.read_bytes()[:5000])
    with pytest.raises(CardDataError) as err:
        load_bundle(folder, verify=False)
    assert "cards.json" in str(err.value)


def test_a_card_with_a_wrong_field_is_named(tmp_path):
    folder = _copy_bundle(tmp_path)
    path = folder / "cards.json"
    path.write_text(path.read_text().replace('"type":"Spell"', '"type":"Sorcery"', 1))
    with pytest.raises(CardDataError, match=r"type"):
        load_bundle(folder, verify=False)


def test_a_missing_manifest_is_reported(tmp_path):
    folder = _copy_bundle(tmp_path)
    (folder / "bundle.json").unlink()
    with pytest.raises(CardDataError, match="missing"):
        load_bundle(folder)


def test_broken_bundle_on_the_command_line_is_one_line_and_exit_2(tmp_path, capsys):
    folder = _copy_bundle(tmp_path)
    (folder / "bundle.json").write_text("{not json")
    proc = run_cli(capsys, "cards", "show", "OGN-001", env={"DECKCHECK_CARD_DATA": str(folder)})
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1 and "bundle.json" in proc.stderr


# ------------------------------------------------------------------ facts
def test_champion_tags_come_from_legends_units_and_signatures(db):
    assert db.get("OGN-251").champion_tag == "Jinx"  # legend "Jinx, Loose Cannon"
    assert db.get("OGN-202").champion_tag == "Jinx"  # Jinx, Rebel
    assert db.get("OGN-248").champion_tag == "Kai'Sa"  # Icathian Rain, a signature spell
    assert db.get("OGN-004").champion_tag is None  # Cleave


def test_card_name_parts(db):
    card = db.get("OGN-039")
    assert (card.short_name, card.subtitle) == ("Kai'Sa", "Survivor")
    assert db.get("OGN-004").subtitle is None


def test_copy_limits_from_card_text_are_data(db):
    assert db.rules.limit_for("Forgefire Cape").limit == 1
    assert db.rules.limit_for("Spiderling").limit is None
    assert db.rules.limit_for("Cleave") is None


# ------------------------------------------------------------------ ids
@pytest.mark.parametrize(
    "text, expected_id",
    [
        ("OGN-007", "OGN-007"),
        ("ogn-7", "OGN-007"),
        ("OGN-007a", "OGN-007a"),
        ("OGN-301*", "OGN-301*"),
        ("OGN-301s", "OGN-301*"),
        ("OGN-007/298", "OGN-007"),
        ("[OGN] 007/298", "OGN-007"),
        ("OGN-007-1", "OGN-007"),  # TTS art index
        ("UNL-236-STAR", "UNL-236*"),  # riftbound.gg signed printing
        ("VEN-084A", "VEN-084a"),
        ("OGN-263-a", "OGN-263a"),
        ("OGN-066-P", "OGN-066-PR"),
        ("OGN-066-P2", "OGN-066-PR"),
        ("SFD-009-P", "SFD-009-OPP"),
        ("VEN-R02", "VEN-R02"),
        ("VEN-SP5", "VEN-SP5"),
        ("UNL-T01", "UNL-T01"),
        ("OGN-251-OPP-METAL", "OGN-251-OPP-METAL"),
        ("ogs-14", "OGS-014"),
    ],
)
def test_every_id_form_seen_in_the_wild(db, text, expected_id):
    hit = found(db, text)
    assert hit.by_id
    assert hit.card.id == expected_id


def test_riftbound_gg_promo_suffix_falls_back_to_base_when_no_promo_exists(db):
    # Cleave (OGN-004) has no promo printing in the data: -P resolves to the card, not an error.
    assert found(db, "OGN-004-P").card.id == "OGN-004"


def test_unknown_suffix_on_a_known_number_resolves_to_that_card_with_a_note(db):
    hit = found(db, "OGN-193b")  # a CN-only promo printing
    assert hit.card.id == "OGN-193"
    assert hit.note and "OGN-193b" in hit.note


def test_all_printings_are_one_card(db):
    lux = {found(db, t).card.name for t in ("OGS-014", "VEN-SP6", "OGS-014-OPP", "Lux, Crownguard")}
    assert lux == {"Lux, Crownguard"}
    assert db.canonical(db.get("VEN-SP6")).id == "OGS-014"
    jinx = {p.id for p in db.printings_of("Jinx, Loose Cannon")}
    assert {"OGN-251", "OGN-301", "OGN-301*", "OGN-251-OPP"} <= jinx


def test_a_number_missing_from_a_preliminary_set_says_so_with_the_data_date(db):
    for text in ("RAD-011", "rad-177", "[RAD] 094/167"):
        hit = db.find(text)
        assert isinstance(hit, NotFound) and hit.kind == "not-in-data", text
        assert "preliminary" in hit.message and "2026-10-10" in hit.message
    beyond = db.find("RAD-185")  # past the highest printing: no such card, not a gap in the data
    assert isinstance(beyond, NotFound) and beyond.kind == "unknown-id"
    assert found(db, "RAD-095").card.name == "Momentary Companion"


def test_an_unknown_number_in_a_known_set_is_not_a_set_problem(db):
    hit = db.find("OGN-999")
    assert isinstance(hit, NotFound) and hit.kind == "unknown-id"


def test_every_real_deck_id_resolves(db):
    from conftest import real_decks

    for deck in real_decks():
        for card_id in deck["cards"]:
            hit = db.find(card_id)
            assert isinstance(hit, Found), (deck["slug"], card_id, hit)


def test_parse_id_does_not_mistake_names_for_ids():
    for text in ("Cleave", "Jinx, Rebel", "Fury Rune", "Get Excited!"):
        assert parse_id(text) is None


# ------------------------------------------------------------------ names
@pytest.mark.parametrize(
    "text, name",
    [
        ("Kai'Sa, Survivor", "Kai'Sa, Survivor"),
        ("Kai'Sa - Survivor", "Kai'Sa, Survivor"),
        ("KAISA SURVIVOR", "Kai'Sa, Survivor"),
        ("kai’sa, survivor", "Kai'Sa, Survivor"),
        ("Jinx, Loose Cannon", "Jinx, Loose Cannon"),
        ("Loose Cannon", "Jinx, Loose Cannon"),
        ("Dark Child - Starter", "Annie, Dark Child"),
        ("Reavers Row", "Reaver's Row"),
        ("reaver's   row", "Reaver's Row"),
        ("Cleave", "Cleave"),
        ("Rek'Sai, Void Burrower", "Rek'Sai, Void Burrower"),
        ("reksai void burrower", "Rek'Sai, Void Burrower"),
        ("Void Burrower", "Rek'Sai, Void Burrower"),
    ],
)
def test_names_are_case_accent_apostrophe_and_punctuation_insensitive(db, text, name):
    hit = db.find(text)
    assert isinstance(hit, Found), hit
    assert hit.card.name == name
    assert hit.card.name == db.by_name(name).name


def test_a_legend_by_its_full_name_is_the_legend_not_a_unit_of_its_champion(db):
    hit = found(db, "Rek'Sai, Void Burrower")
    assert hit.card.type.value == "Legend" and hit.card.champion_tag == "Rek'Sai"
    assert found(db, "Rek'Sai, Breacher").card.type.value == "Unit"


def test_accented_names_match_without_accents():
    assert name_key("Pökémon") == name_key("pokemon")


def test_an_ambiguous_short_name_lists_the_candidates_instead_of_guessing(db):
    hit = db.find("Jinx")
    assert isinstance(hit, NotFound) and hit.kind == "ambiguous"
    assert set(hit.suggestions) == {"Jinx, Demolitionist", "Jinx, Loose Cannon", "Jinx, Rebel"}


def test_a_misspelt_name_gets_ranked_suggestions(db):
    hit = db.find("Jinx, Rebell")
    assert isinstance(hit, NotFound) and hit.kind == "unknown-name"
    assert hit.suggestions[0] == "Jinx, Rebel"
    hit = db.find("Icathan Rain")
    assert isinstance(hit, NotFound) and hit.suggestions[0] == "Icathian Rain"


def test_nonsense_gets_no_wrong_silent_match(db):
    hit = db.find("Totally Not A Card")
    assert isinstance(hit, NotFound)


def test_search_filters_by_type_domain_set_and_tag(db):
    legends = db.search(types=["Legend"], domains=["Fury"])
    assert legends and all(c.type.value == "Legend" and any(d.value == "Fury" for d in c.domains) for c in legends)
    jinx = db.search(tags=["Jinx"], types=["Unit"])
    assert {c.name for c in jinx} >= {"Jinx, Rebel", "Jinx, Demolitionist"}
    assert all(c.set == "VEN" or "VEN" in {p.set for p in db.printings_of(c.name)} for c in db.search(sets=["VEN"]))


def test_cards_cli_search_and_show_json(tmp_path, capsys):
    out = run_cli(capsys, "cards", "show", "ogn-301s", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["name"] == "Jinx, Loose Cannon" and "OGN-251" in data["printings"]
    out = run_cli(capsys, "cards", "search", "rebel", "--type", "Unit", "--json")
    assert any(c["name"] == "Jinx, Rebel" for c in json.loads(out.stdout))
    out = run_cli(capsys, "cards", "show", "Jinx")
    assert out.returncode == 2 and "Jinx, Rebel" in out.stderr and "Traceback" not in out.stderr


# ------------------------------------------------------------------ no cache needed
def test_loading_the_card_data_neither_reads_nor_writes_a_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    first = load_bundle()
    assert not (tmp_path / "cache").exists()
    second = load_bundle()
    assert second.get("OGN-251") == first.get("OGN-251") and len(second) == len(first) == 1373 + 218
    assert isinstance(second.find("Loose Cannon"), Found)


def test_a_changed_bundle_never_comes_from_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    folder = _copy_bundle(tmp_path)
    load_bundle(folder)
    path = folder / "cards.json"
    path.write_text(path.read_text().replace('"Blazing Scorcher"', '"Blazing Scorcher II"', 1))
    with pytest.raises(CardDataError, match="checksum"):
        load_bundle(folder)
