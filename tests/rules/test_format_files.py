"""Format files, in process: each error a user can make in an event file, with its exact message,
file and line; what a format allows on a date; a cache entry that is not a format is rebuilt; an
edited file is read again."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from rules.support import ORNN, ORNN_CHAMPION, check, deck, flat

from deckcheck.rules.formats import FormatError, FormatSpec, format_on, line_of, load_format


def event(tmp_path: Path, text: str, name: str = "event.yaml") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def error_of(path: str) -> FormatError:
    with pytest.raises(FormatError) as err:
        load_format(path)
    assert err.value.file == path
    return err.value


# ----------------------------------------------------------------------------- which format
def test_a_misspelt_format_name_suggests_the_close_ones():
    with pytest.raises(FormatError) as err:
        load_format("standart")
    assert err.value.message == ("unknown format 'standart'; did you mean standard or standard-bo1? (known formats: "
                                 "2v2, casual, nexus-night, standard, standard-bo1; or give a format .yaml file)")
    with pytest.raises(FormatError) as err:
        load_format("modern")
    assert err.value.message == ("unknown format 'modern' (known formats: 2v2, casual, nexus-night, standard, "
                                 "standard-bo1; or give a format .yaml file)")


def test_a_format_name_in_other_case_is_the_bundled_format():
    spec = load_format(" Standard-BO1")
    assert (spec.name, spec.best_of, spec.sideboard) == ("standard-bo1", 1, "none")


# ----------------------------------------------------------------------------- files that are not formats
def test_a_file_that_is_not_utf8(tmp_path):
    path = tmp_path / "latin.yaml"
    path.write_bytes(b"name: caf\xe9\n")
    assert error_of(str(path)).message == "format file is not UTF-8 (byte 9)"


def test_a_file_that_is_not_yaml(tmp_path):
    path = event(tmp_path, "name: bad\nbans: [\n  - x: 1\n")
    error = error_of(path)
    assert (error.message, error.line) == ("format file is not valid YAML: did not find expected node content", 3)


def test_a_file_that_is_not_a_mapping(tmp_path):
    path = event(tmp_path, "- standard\n- casual\n")
    assert error_of(path).message == "a format file must be a YAML mapping (name: ..., bans: ...)"


def test_a_format_extending_a_missing_format(tmp_path):
    path = event(tmp_path, "extends: standrd\nname: cup\n")
    with pytest.raises(FormatError) as err:
        load_format(path)
    assert err.value.message.startswith("unknown format 'standrd'; did you mean standard")


def test_a_chain_of_formats_that_loops_names_each_step(tmp_path):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text(f"name: a\nextends: {b}\n")
    b.write_text(f"name: b\nextends: {a}\n")
    with pytest.raises(FormatError) as err:
        load_format(str(a))
    assert err.value.message == f"format '{b}' extends itself through {a} -> {b} -> {a}"
    assert err.value.file == str(b)


# ----------------------------------------------------------------------------- schema errors: place, line, did-you-mean
@pytest.mark.parametrize("text, message, line", [
    ("extends: standard\nname: cup\nbest_off: 1\n", "unknown key 'best_off' in format '{}'; did you mean 'best_of'?",
     3),
    ("extends: standard\nname: cup\nadd_bans:\n  - {card: Charm, from: 2026-01-01}\n  - {card: Defy, form: 2026-01-01}\n",
     "unknown key 'form' in format '{}'; did you mean 'from'?", 5),
    ("extends: standard\nname: cup\nbans:\n  - {card: Charm, from: 2026-01-01, zzzz: 1}\n",
     "unknown key 'zzzz' in format '{}' (known keys: card, from, riot_name, unverified)", 4),
    ("extends: standard\nname: cup\nsideboard:\n  - {from: 2026-01-01, maxx: 3}\n",
     "unknown key 'maxx' in format '{}'; did you mean 'max'?", 4),
    ("extends: standard\nname: cup\nmain_deck:\n  exacty: 40\n",
     "unknown key 'exacty' in format '{}'; did you mean 'exactly'?", 4),
    ("extends: standard\nname: cup\nbest_of: 0\n",
     "broken format '{}': best_of: Input should be greater than or equal to 1", 3),
    ("extends: standard\nname: cup\nmain_deck: {exactly: 40, at_least: 40}\n",
     "broken format '{}': main_deck: Value error, give either exactly or at_least", 3),
    ("extends: standard\nname: cup\nsideboard:\n  - {from: 2026-01-01}\n",
     "broken format '{}': sideboard.0: Value error, give either max or sizes", 4),
    ("extends: standard\nname: cup\nadd_bans:\n  - {card: Charm, from: someday}\n",
     "broken format '{}': add_bans.0.from: Input should be a valid date or datetime, input is too short", 4),
    ("name: cup\ntitle: Cup\n", "broken format '{}': starts: Field required", 1),
    ("extends: standard\nname: cup\nsets: [OGN, 3]\n", "broken format '{}': sets.1: Input should be a valid string",
     3),
    # a ban that is not a mapping, in the file's own add_bans: its place there, not in the merged bans
    ("extends: standard\nname: cup\nadd_bans:\n  - {card: Charm, from: 2026-01-01}\n  - Defy\n",
     "broken format '{}': add_bans.1: Input should be a valid dictionary or instance of BanSchema", 5),
    ("extends: standard\nname: cup\nbans: 5\n", "broken format '{}': bans: Input should be a valid list", 3),
    ("extends: standard\nname: cup\nadd_bans: 5\n", "broken format '{}': add_bans: Input should be a valid list", 3),
    ("extends: standard\nname: cup\nadd_bans: {card: Charm, from: 2026-01-01}\n",
     "broken format '{}': add_bans: Input should be a valid list", 3),
    # an unknown top-level key with no close one lists the keys a file may have ('file' is not one)
    ("extends: standard\nname: cup\nzzzz: 1\n", "unknown key 'zzzz' in format '{}' (known keys: name, title, "
     "description, starts, tournament, best_of, main_deck, sideboard, sets, bans, battlefields, team_size, "
     "precon_exception, extends, add_bans)", 3),
])
def test_each_schema_error_says_where(tmp_path, text, message, line):
    path = event(tmp_path, text)
    error = error_of(path)
    assert (error.message, error.line) == (message.format(path), line)


def test_a_ban_of_the_parent_format_keeps_its_place_in_bans(tmp_path):
    path = event(tmp_path, "extends: standard\nname: cup\nbans:\n  - {card: Charm, from: 2026-01-01, form: 1}\n"
                           "add_bans:\n  - {card: Defy, from: 2026-01-01}\n")
    assert (error_of(path).message, error_of(path).line) == (
        f"unknown key 'form' in format '{path}'; did you mean 'from'?", 4)


def test_cards_the_event_names_must_exist(tmp_path):
    path = event(tmp_path, "extends: standard\nname: cup\nadd_bans:\n  - {card: Defy, from: 2026-01-01}\n"
                           "  - {card: Chram, from: 2026-01-01}\n")
    with pytest.raises(FormatError) as err:
        check(deck(flat(ORNN), champion=ORNN_CHAMPION), path)
    assert (err.value.message, err.value.file, err.value.line) == (
        "format 'cup' bans 'Chram', which is not in the card database; did you mean 'Charm'? (mark it "
        "'unverified: true' if the card is newer than the data)", path, 5)
    fields = event(tmp_path, "extends: standard\nname: cup\nbattlefields:\n  - Seat of Power\n  - Charm\n",
                   "fields.yaml")
    with pytest.raises(FormatError) as err:
        check(deck(flat(ORNN), champion=ORNN_CHAMPION), fields)
    assert (err.value.message, err.value.line) == (
        "format 'cup' lists the battlefield 'Charm', which is a spell, not a battlefield", 5)


def test_an_unverified_ban_of_a_card_the_data_lacks_is_accepted(tmp_path):
    path = event(tmp_path, "extends: standard\nname: cup\nadd_bans:\n"
                           "  - {card: Some Radiance Card, from: 2026-01-01, unverified: true}\n")
    assert check(deck(flat(ORNN), champion=ORNN_CHAMPION), path, date(2026, 10, 5)).violations == []


def test_a_format_listing_a_set_nobody_knows(tmp_path, db):
    path = event(tmp_path, "extends: standard\nname: cup\nsets: [OGN, ZZZ]\n")
    with pytest.raises(FormatError) as err:
        format_on(load_format(path), date(2026, 10, 5), db.sets)
    assert (err.value.message, err.value.file) == ("format 'cup' lists set ZZZ, which sets.json does not know", path)


def test_a_date_before_the_format_starts(db):
    with pytest.raises(FormatError) as err:
        format_on(load_format("standard"), date(2025, 10, 30), db.sets)
    assert err.value.message == ("standard starts on 2025-10-31 (the first Riftbound release); 2025-10-30 is "
                                 "before any card was legal")
    assert format_on(load_format("standard"), date(2025, 10, 31), db.sets).legal_sets.keys() == {"OGS", "OGN"}


# ----------------------------------------------------------------------------- what a format allows on a date
@pytest.mark.parametrize("name, day, targets", [
    ("standard", date(2025, 11, 1), {"main": "40", "runes": "12", "battlefields": "3", "sideboard": "0 or 8"}),
    ("standard", date(2026, 1, 30), {"main": "40", "runes": "12", "battlefields": "3", "sideboard": "8"}),
    ("standard", date(2026, 7, 24), {"main": "40", "runes": "12", "battlefields": "3", "sideboard": "10"}),
    ("standard-bo1", date(2026, 7, 24), {"main": "40", "runes": "12", "battlefields": "3", "sideboard": "0"}),
    ("casual", date(2026, 7, 24), {"main": "40+", "runes": "12", "battlefields": "3"}),
])
def test_zone_targets_on_a_date(db, name, day, targets):
    assert format_on(load_format(name), day, db.sets).targets() == targets


def test_bans_before_and_from_their_day(db):
    day_before = format_on(load_format("standard"), date(2026, 9, 17), db.sets)
    assert "Ekko, Recurrent" in day_before.later_bans and "Ekko, Recurrent" not in day_before.bans
    on_the_day = format_on(load_format("standard"), date(2026, 9, 18), db.sets)
    assert "Ekko, Recurrent" in on_the_day.bans and "Ekko, Recurrent" not in on_the_day.later_bans
    assert on_the_day.bans["Ekko, Recurrent"].since == date(2026, 9, 18)


def test_sets_are_legal_from_their_release_day(db):
    fmt = format_on(load_format("standard"), date(2026, 7, 31), db.sets)
    assert sorted(fmt.legal_sets) == ["OGN", "OGS", "SFD", "UNL", "VEN"]
    assert sorted(fmt.pending_sets) == ["LGC", "PG2", "RAD", "REC"]  # with the sets announced after Radiance
    assert fmt.pending_sets["RAD"].released == date(2026, 10, 23)
    assert "VEN" in format_on(load_format("standard"), date(2026, 7, 30), db.sets).pending_sets


def test_an_event_file_without_yaml_ending_in_a_folder_and_its_own_fields(tmp_path):
    path = event(tmp_path, "extends: standard\nname: cup\ntitle: The Cup\nbest_of: 1\nsideboard: none\n"
                           "battlefields: [Seat of Power]\nteam_size: 2\n", "cup")
    spec = load_format(path)
    assert (spec.name, spec.title, spec.best_of, spec.sideboard, spec.battlefields, spec.team_size, spec.file) == (
        "cup", "The Cup", 1, "none", ["Seat of Power"], 2, path)
    assert not spec.has_sideboard and load_format("standard").has_sideboard
    assert spec.tournament and len(spec.bans) == len(load_format("standard").bans)


# ----------------------------------------------------------------------------- cache entries
def test_a_format_read_from_its_cache_entry_is_the_format_read_from_its_file(tmp_path, monkeypatch):
    from deckcheck.rules import formats

    monkeypatch.delenv("DECKCHECK_NO_CACHE", raising=False)
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    for name in ("standard", "casual", "2v2"):
        load_format.cache_clear()
        parsed = load_format(name)  # parsed, checked by the schema, cached
        load_format.cache_clear()
        with monkeypatch.context() as patched:
            patched.setattr(formats, "_parse_yaml", None)  # a parse now would fail
            assert load_format(name) == parsed
    sizes = load_format("standard").sideboard[0]
    assert (sizes.since, sizes.max, sizes.sizes, sizes.note) == (date(2025, 10, 31), None, (0, 8),
                                                                 "launch Tournament Rules: exactly 0 or 8")
    load_format.cache_clear()


# ----------------------------------------------------------------------------- line_of
def test_line_of_finds_keys_list_items_and_values(tmp_path):
    path = event(tmp_path, "name: cup\nbans:\n  - card: Charm\n    from: 2026-01-01\n  - {card: Defy, from: 2026-01-01}\n")
    assert line_of(path, ("bans", 0, "from")) == 4
    assert line_of(path, ("bans", 1, "card")) == 5
    assert line_of(path, ("bans",)) == 2
    assert line_of(path, ("nothing",)) == 1  # not written: the mapping that lacks it
    assert line_of(path, ("bans", 7)) == 3  # no such item: the list
    assert line_of(path, value="Defy") == 5 and line_of(path, value="Nope") is None
    assert line_of(None, ("bans",)) is None and line_of(str(tmp_path / "gone.yaml"), ("bans",)) is None
    assert line_of(event(tmp_path, "", "empty.yaml"), ("bans",)) is None


def test_a_cached_format_is_not_parsed_again_and_a_bad_entry_is_rebuilt(tmp_path, monkeypatch):
    from deckcheck import cache
    from deckcheck.rules import formats

    monkeypatch.delenv("DECKCHECK_NO_CACHE", raising=False)
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    path = event(tmp_path, "extends: standard\nname: cup\nadd_bans:\n  - {card: Charm, from: 2026-01-01}\n")
    load_format.cache_clear()
    first = load_format(path)
    assert first.bans[-1].card == "Charm" and first.name == "cup"
    entries = list((tmp_path / "cache").glob("format-*.json"))
    assert len(entries) == 1  # the event's checked format, with the digest of the standard it extends
    key = entries[0].name[len("format-"):-len(".json")]
    assert cache.load("format", key)["extends"][0][0] == str(formats.formats_dir() / "standard.yaml")

    def no_parsing(*args):
        raise AssertionError("the format file was parsed again")

    parse = formats._parse_yaml
    monkeypatch.setattr(formats, "_parse_yaml", no_parsing)
    load_format.cache_clear()
    assert load_format(path) == first  # the checked format comes from the cache
    cache.store("format", key, {"spec": {"name": "not a format"}, "extends": []}, keep=64)  # intact, but no format
    monkeypatch.setattr(formats, "_parse_yaml", parse)
    load_format.cache_clear()
    assert load_format(path) == first  # read from the file again, and cached again
    monkeypatch.setattr(formats, "_parse_yaml", no_parsing)
    load_format.cache_clear()
    assert load_format(path) == first
    load_format.cache_clear()


def test_an_edited_format_file_is_read_again_by_a_long_running_process(tmp_path, monkeypatch):
    # a library user keeps one process running through an event: an edit of the event's file, or
    # of a file it extends, is what the next check reads, with no clear_caches()
    monkeypatch.delenv("DECKCHECK_NO_CACHE", raising=False)
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    base = event(tmp_path, "extends: standard\nname: league\n", "league.yaml")
    path = event(tmp_path, "extends: league.yaml\nname: cup\n".replace("league.yaml", base))
    ornn = deck(flat(ORNN), champion=ORNN_CHAMPION)
    load_format.cache_clear()
    assert load_format(path).bans == load_format("standard").bans
    assert check(ornn, path, date(2026, 11, 30)).violations == []
    keeper = next(e.card.name for e in ornn.main if e.card.id == "OGN-044")
    event(tmp_path, f"extends: {base}\nname: cup\nadd_bans:\n  - {{card: {keeper}, from: 2026-01-01}}\n")
    assert load_format(path).bans[-1].card == keeper
    assert [v.code for v in check(ornn, path, date(2026, 11, 30)).violations] == ["RB601"]
    event(tmp_path, "extends: standard\nname: league night\n", "league.yaml")  # the file it extends
    assert load_format(path).name == "cup" and load_format(base).name == "league night"
    event(tmp_path, f"extends: {base}\nname: cup\n")
    assert check(ornn, path, date(2026, 11, 30)).violations == []
    same = load_format(path)
    assert load_format(path) is same  # unchanged files: the same spec, not read again
    load_format.cache_clear()


def test_a_bundled_format_name_is_never_a_file_of_the_working_folder(tmp_path, monkeypatch):
    (tmp_path / "standard").write_text("extends: casual\nname: impostor\n")
    monkeypatch.chdir(tmp_path)
    load_format.cache_clear()
    try:
        assert load_format("standard").name == "standard"
        assert load_format("./standard").name == "impostor"  # a path, written as one
    finally:
        load_format.cache_clear()


def test_a_format_built_in_code_with_the_defaults():
    from deckcheck.rules.formats import MainDeckSpec

    spec = FormatSpec(name="kitchen", title="Kitchen table", starts=date(2025, 10, 31), tournament=False, best_of=1,
                      main_deck=MainDeckSpec(at_least=40), sideboard="unchecked", sets="all")
    assert (spec.bans, spec.battlefields, spec.team_size, spec.description, spec.file) == ([], None, None, "", "")
    report = check(deck(flat(ORNN), champion=ORNN_CHAMPION), spec, date(2026, 10, 5))
    assert (report.format, report.violations) == ("kitchen", [])


def test_a_ban_written_as_a_card_id_suggests_the_name_of_that_card(tmp_path):
    # OGN-284 is Obelisk of Power (RULES.md §3 bans it): its id is no card name, but it names the card
    path = event(tmp_path, "extends: standard\nname: cup\nadd_bans:\n  - {card: OGN-284, from: 2026-01-01}\n")
    with pytest.raises(FormatError) as err:
        check(deck(flat(ORNN), champion=ORNN_CHAMPION), path)
    assert (err.value.message, err.value.line) == (
        "format 'cup' bans 'OGN-284', which is not in the card database; did you mean 'Obelisk of Power'? (mark it "
        "'unverified: true' if the card is newer than the data)", 4)


def test_a_ban_of_a_name_like_no_card_suggests_nothing(tmp_path):
    path = event(tmp_path, "extends: standard\nname: cup\nadd_bans:\n  - {card: Zzqxv, from: 2026-01-01}\n")
    with pytest.raises(FormatError) as err:
        check(deck(flat(ORNN), champion=ORNN_CHAMPION), path)
    assert err.value.message == ("format 'cup' bans 'Zzqxv', which is not in the card database (mark it "
                                 "'unverified: true' if the card is newer than the data)")


@pytest.mark.parametrize("written, suggestion", [
    ("Reckoners Arena", "; did you mean 'Reckoner's Arena'?"),  # the card itself, spelt loosely
    ("Blast of Powr", "; did you mean 'Seat of Power'?"),  # Blast of Power (a spell) is closer
    ("Seat of Fire", "; did you mean 'Seat of Power'?"),  # Seal of Rage (a gear) is closer
    ("Sandstone", "; did you mean 'Sandswept Tomb'?"),  # the 4th closest name, the 1st battlefield
    ("Shadow Order", ""),  # the closest battlefield (Shadow Temple) is only the 6th closest name: too far
])
def test_a_battlefield_list_suggests_only_battlefields(tmp_path, written, suggestion):
    path = event(tmp_path, f"extends: standard\nname: cup\nbattlefields:\n  - Seat of Power\n  - {written}\n")
    with pytest.raises(FormatError) as err:
        check(deck(flat(ORNN), champion=ORNN_CHAMPION), path)
    assert (err.value.message, err.value.line) == (
        f"format 'cup' lists the battlefield '{written}', which is not in the card database{suggestion}", 5)


def test_line_of_never_walks_a_document_over_the_yaml_limits(tmp_path):
    # nine aliases (the limit is 8): refused before it is composed, so no line is looked for
    aliases = "  - *a\n" * 9
    path = event(tmp_path, f"name: cup\nbase: &a [1]\nmore:\n{aliases}bans:\n  - card: Charm\n")
    assert line_of(path, value="Charm") is None and line_of(path, ("bans", 0, "card")) is None
    fine = event(tmp_path, "name: cup\nbase: &a [1]\nmore:\n  - *a\nbans:\n  - card: Charm\n", "fine.yaml")
    assert line_of(fine, value="Charm") == 6 and line_of(fine, ("bans", 0, "card")) == 6


def test_line_of_an_item_just_past_the_end_of_a_list_is_the_list(tmp_path):
    path = event(tmp_path, "name: cup\nbans:\n  - {card: Charm, from: 2026-01-01}\n  - {card: Defy, from: 2026-01-01}\n")
    assert line_of(path, ("bans", 1)) == 4  # the last item
    assert line_of(path, ("bans", 2)) == 3  # one past it: where the list starts


def test_a_date_written_as_a_key_is_named_as_written(tmp_path):
    path = event(tmp_path, "extends: standard\nname: cup\n2026-01-01: opening day\n")
    error = error_of(path)
    assert (error.message, error.line) == (
        f"unknown key '2026-01-01' in format '{path}' (known keys: name, title, description, starts, tournament, "
        "best_of, main_deck, sideboard, sets, bans, battlefields, team_size, precon_exception, extends, add_bans)", 3)


def test_a_name_close_to_three_formats_suggests_the_two_closest():
    with pytest.raises(FormatError) as err:
        load_format("casuandard")  # close to standard, standard-bo1 and casual
    assert err.value.message == ("unknown format 'casuandard'; did you mean standard or standard-bo1? (known formats: "
                                 "2v2, casual, nexus-night, standard, standard-bo1; or give a format .yaml file)")


def test_before_the_first_sideboard_step_the_format_has_none(tmp_path, db):
    path = event(tmp_path, "extends: standard\nname: cup\nsideboard:\n  - {from: 2026-11-01, max: 5}\n")
    spec = load_format(path)
    before, on = format_on(spec, date(2026, 10, 31), db.sets), format_on(spec, date(2026, 11, 1), db.sets)
    assert (before.sideboard, before.sideboard_max, before.targets()["sideboard"]) == ("none", None, "0")
    assert (on.sideboard, on.sideboard_max, on.targets()["sideboard"]) == ("limited", 5, "5")


def test_a_sideboard_step_built_in_code_has_no_note(db):
    from deckcheck.rules.formats import MainDeckSpec, SideboardStep

    step = SideboardStep(since=date(2025, 10, 31), max=6)
    spec = FormatSpec(name="club", title="Club night", starts=date(2025, 10, 31), tournament=True, best_of=3,
                      main_deck=MainDeckSpec(exactly=40), sideboard=[step], sets="all")
    fmt = format_on(spec, date(2026, 10, 5), db.sets)
    assert (step.note, step.sizes, fmt.sideboard_max, fmt.sideboard_note) == ("", None, 6, "")
