"""The importer's errors name the file at fault, its records name their set, and ``import_dump``
passes on every option; hand-made dumps in the schema of shared/carddata/SOURCE.md."""

from __future__ import annotations

import json
from datetime import date

import pytest

from deckcheck.cards.importer import import_dump, import_dumps, read_dump, set_records, set_sizes
from deckcheck.errors import CardDataError

from cards.test_importer import JINX_LEGEND, JINX_SPELL, JINX_UNIT, NXS_SETS, _cards, row


def _error(call, *args, **kwargs) -> CardDataError:
    with pytest.raises(CardDataError) as err:
        call(*args, **kwargs)
    return err.value


def test_a_broken_row_of_a_dump_names_the_dump_file(tmp_path):
    path = tmp_path / "nxs.json"
    path.write_text(json.dumps([row("NXS-001", "Nexus Vanguard", energy=-1)]))
    err = _error(read_dump, path)
    assert (err.message, err.file) == ("row 1 (NXS-001): energy: -1 is too small: it must be at least 0",
                                       str(path))


def test_an_unreadable_or_broken_set_list_names_its_file(tmp_path):
    (tmp_path / "sets.json").mkdir()
    err = _error(set_sizes, tmp_path)
    assert (err.message, err.file) == ("cannot read the set list: Is a directory", str(tmp_path / "sets.json"))
    (tmp_path / "sets.json").rmdir()
    (tmp_path / "sets.json").write_text('{"sets": [{"code": "NXS"')
    err = _error(set_sizes, tmp_path)
    assert err.file == str(tmp_path / "sets.json")
    assert err.message.startswith("card data is not valid JSON (")


def test_each_set_record_names_its_own_set():
    records = set_records(_cards("001") + _cards("001", code="AAA"), {"NXS": 1, "AAA": 1},
                          data_as_of=date(2026, 8, 22), sources={"NXS": "n.json", "AAA": "a.json"}, preliminary={})
    assert [(code, r.code, r.source) for code, r in records.items()] == [("AAA", "AAA", "a.json"),
                                                                        ("NXS", "NXS", "n.json")]


def test_import_dump_passes_on_its_source_and_preliminary_sets(tmp_path):
    out = tmp_path / "bundle"
    out.mkdir()
    (out / "sets.json").write_text(json.dumps(NXS_SETS))
    dump = tmp_path / "pre.json"
    dump.write_text(json.dumps([JINX_LEGEND, JINX_UNIT]))  # NXS-003 not yet known
    manifest = import_dump(dump, out, data_as_of=date(2026, 8, 22), source="Nexus preview",
                           preliminary={"NXS": date(2026, 10, 10)})
    assert (manifest.source, manifest.data_as_of, manifest.printings) == ("Nexus preview", date(2026, 10, 10), 2)
    prov = json.loads((out / "provenance.json").read_text())
    assert prov["sets"]["NXS"] == {"state": "preliminary", "data_as_of": "2026-10-10", "source": "pre.json",
                                   "printings": 2, "missing": ["003"]}


@pytest.mark.parametrize("text", ["42", "true", '"cards"', "{}", "[]", "null"])
def test_a_dump_that_is_no_list_of_printings_is_refused_by_name(tmp_path, text):
    out = tmp_path / "bundle"
    out.mkdir()
    (out / "sets.json").write_text(json.dumps(NXS_SETS))
    good = tmp_path / "good.json"
    good.write_text(json.dumps([JINX_LEGEND, JINX_UNIT, JINX_SPELL]))
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    err = _error(import_dumps, [good, bad], out, data_as_of=date(2026, 8, 22))
    assert (err.message, err.file) == ("card dump must be a non-empty JSON list of printings", str(bad))
    assert not (out / "cards.json").exists()


def test_a_broken_row_in_the_second_dump_names_that_dump(tmp_path):
    out = tmp_path / "bundle"
    out.mkdir()
    (out / "sets.json").write_text(json.dumps(NXS_SETS))
    good = tmp_path / "good.json"
    good.write_text(json.dumps([JINX_LEGEND, JINX_UNIT, JINX_SPELL]))
    bad = tmp_path / "aaa.json"
    bad.write_text(json.dumps([row("AAA-001", "Aardvark Scout", domains=["Purple"])]))
    err = _error(import_dumps, [good, bad], out, data_as_of=date(2026, 8, 22))
    assert err.file == str(bad)
    assert err.message == ("row 1 (AAA-001): domains item 1: 'Purple' is not one of Fury, Calm, Mind, Body, Chaos "
                           "or Order")


def test_a_dump_that_is_not_json_names_its_file(tmp_path):
    path = tmp_path / "nxs.json"
    path.write_text('[{"id": "NXS-001",')
    err = _error(read_dump, path)
    assert err.file == str(path) and err.message.startswith("card dump is not valid JSON (")


def test_the_written_provenance_keeps_non_ascii_sources_readable(tmp_path):
    out = tmp_path / "bundle"
    out.mkdir()
    (out / "sets.json").write_text(json.dumps(NXS_SETS))
    dump = tmp_path / "nxs.json"
    dump.write_text(json.dumps([JINX_LEGEND, dict(JINX_UNIT, _doubt=["might"], _src={"might": ["官方目录"]}),
                                JINX_SPELL]))
    import_dump(dump, out, data_as_of=date(2026, 8, 22))
    text = (out / "provenance.json").read_text(encoding="utf-8")
    assert '"might": [\n    "官方目录"\n   ]' in text


# ------------------------------------------------------------------ champion tags and consistency
from deckcheck.cards.importer import parse_rows  # noqa: E402


def test_a_legend_whose_title_has_a_comma_is_tagged_by_the_part_before_the_first_comma():
    legend = row("NXS-001", "Jinx, Loose Cannon, Reloaded", "Legend", domains=["Fury", "Chaos"], tags=["Jinx"],
                 energy=None, might=None)
    cards = {c.id: c.champion_tag for c in parse_rows([legend, JINX_SPELL], "d").cards}
    assert cards == {"NXS-001": "Jinx", "NXS-003": "Jinx"}


def test_a_legend_row_without_a_name_is_refused_by_its_champion_tag_first():
    nameless = {k: v for k, v in JINX_LEGEND.items() if k != "name"}
    with pytest.raises(CardDataError) as err:
        parse_rows([dict(nameless, champion_tag="Jinx")], "dump.json")
    assert err.value.message == "row 1 (NXS-001): champion_tag 'Jinx' does not match its legend and tags ('')"
    with pytest.raises(CardDataError) as err:
        parse_rows([nameless], "dump.json")
    assert err.value.message == "row 1 (NXS-001): name: missing (every printing needs it)"


def test_a_field_in_doubt_excuses_only_that_field():
    # domains in doubt on the alt art, but its might differs too (checked after domains)
    alt = dict(JINX_UNIT, id="NXS-002a", variant="alt-art", domains=["Calm"], might=7, _doubt=["domains"])
    with pytest.raises(CardDataError) as err:
        parse_rows([JINX_UNIT, alt], "dump.json")
    assert err.value.message == "NXS-002a and NXS-002 are both 'Jinx, Rebel' but differ in might"


@pytest.mark.parametrize("tag", ["None", "XXXX"])
def test_a_legend_row_without_a_name_gives_no_champion_tag_to_other_rows(tmp_path, tag):
    # errors come in row order: the signature spell of row 1 names a legend tag no legend has
    spell = dict(JINX_SPELL, tags=[tag], champion_tag=tag)
    nameless = {k: v for k, v in JINX_LEGEND.items() if k != "name"}
    path = tmp_path / "nxs.json"
    path.write_text(json.dumps([spell, nameless]))
    err = _error(read_dump, path)
    assert err.message == f"row 1 (NXS-003): champion_tag '{tag}' does not match its legend and tags (None)"
