"""Formats as reviewed YAML: what each bundled format allows, custom format files, broken ones."""

from __future__ import annotations

import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from rules.support import (
    BANNED_FROM, ORNN, ORNN_CHAMPION, YI, YI_CHAMPION, change, check, codes, deck, flat, only, spare_sideboard,
)

from deckcheck.rules import FormatError, format_names, format_on, load_format


def test_bundled_formats():
    assert format_names() == ["2v2", "casual", "nexus-night", "standard", "standard-bo1"]


def test_standard_ban_list_matches_the_riot_list(db):
    bans = {b.card: b.since for b in load_format("standard").bans}
    assert bans == BANNED_FROM
    assert all(db.by_name(name) is not None for name in bans)  # real card names, every one
    assert {b.riot_name for b in load_format("standard").bans if b.riot_name} == {"Dreaming Tree"}


def test_standard_sets_follow_their_release_dates(db):
    spec = load_format("standard")
    assert list(format_on(spec, date(2026, 10, 22), db.sets).legal_sets) == ["OGS", "OGN", "SFD", "UNL", "VEN"]
    on_release = format_on(spec, date(2026, 10, 23), db.sets).legal_sets
    assert "RAD" in on_release and on_release["RAD"].in_database
    assert "ARC" not in on_release


def test_2v2_is_standard_plus_the_master_yi_legend(db):
    bans = {b.card: b.since for b in load_format("2v2").bans}
    assert bans == {**BANNED_FROM, "Master Yi, Wuju Bladesman": date(2026, 7, 24)}  # every inherited ban kept
    yi = deck(flat(YI), champion=YI_CHAMPION)
    assert check(yi, "standard").violations == []
    v = only(check(yi, "2v2"), "RB601")
    assert v.card == "Master Yi, Wuju Bladesman" and v.zone == "legend" and "banned in 2v2" in v.message


# A format that extends standard keeps what it does not change: each inherited property is checked
# through a deck that only that property makes illegal.
INHERITING = ["2v2", "standard-bo1"]


@pytest.mark.parametrize("fmt", INHERITING)
def test_extending_formats_keep_the_standard_bans(fmt):
    d = deck(change(flat(ORNN), OGN_104=-1, OGN_110=1), champion=ORNN_CHAMPION)  # Ekko, Recurrent
    assert check(d, fmt, "2026-09-17").violations == []
    v = only(check(d, fmt, "2026-09-18"), "RB601")
    assert v.card == "Ekko, Recurrent" and "since 2026-09-18" in v.message


@pytest.mark.parametrize("fmt", INHERITING)
def test_extending_formats_keep_the_exact_main_deck_size(fmt):
    d = deck(change(flat(ORNN), OGN_043=1), champion=ORNN_CHAMPION)  # 41 cards: fine casually
    assert check(d, "casual").violations == []
    assert "41" in only(check(d, fmt), "RB101").message
    short = deck(change(flat(ORNN), OGN_043=-1), champion=ORNN_CHAMPION)
    assert "39" in only(check(short, fmt), "RB101").message


@pytest.mark.parametrize("fmt", INHERITING)
def test_extending_formats_keep_the_set_release_dates(fmt):
    d = deck(flat(ORNN), champion=ORNN_CHAMPION)  # plays Patched Porobot (Vendetta, 2026-07-31)
    assert only(check(d, fmt, "2026-07-30"), "RB602").card == "Patched Porobot"
    assert check(d, fmt, "2026-07-31").violations == []
    early = check(d, fmt, "2026-07-30")
    assert early.rules_version == check(d, "standard", "2026-07-30").rules_version


@pytest.mark.parametrize("fmt", INHERITING)
def test_extending_formats_keep_copy_limits_over_main_and_sideboard(fmt):
    side = {"OGN-044": 1}  # a 4th copy of a card the Ornn list plays 3 of
    d = deck(flat(ORNN), champion=ORNN_CHAMPION, sideboard=side)
    report = check(d, fmt)
    copies = [v for v in report.violations if v.code == "RB103"]
    assert [v.card for v in copies] == ["Clockwork Keeper"] and "1 in the sideboard" in copies[0].message
    # best of one also refuses the sideboard itself; 2v2 reports nothing else
    assert codes(report) == (["RB103", "RB502"] if fmt == "standard-bo1" else ["RB103"])


def test_2v2_keeps_the_sideboard_limit_history():
    # Before 2026-07-24 (and before its own Yi ban) 8 was the most; from then on 10.
    yi = deck(flat(YI), champion=YI_CHAMPION, sideboard=spare_sideboard(8))
    assert check(yi, "2v2", "2026-07-23").violations == []
    nine = deck(flat(YI), champion=YI_CHAMPION, sideboard=spare_sideboard(9))
    assert "9 cards" in only(check(nine, "2v2", "2026-07-23"), "RB501").message
    ornn = deck(flat(ORNN), champion=ORNN_CHAMPION, sideboard=spare_sideboard(10))
    assert check(ornn, "2v2", "2026-08-01").violations == []
    eleven = deck(flat(ORNN), champion=ORNN_CHAMPION, sideboard=spare_sideboard(11))
    assert "11 cards" in only(check(eleven, "2v2", "2026-08-01"), "RB501").message


def test_a_custom_format_extending_standard_keeps_its_bans_and_adds_its_own(tmp_path: Path):
    event = tmp_path / "my-event.yaml"
    event.write_text("name: my-event\ntitle: My event\nextends: standard\n"
                     "add_bans:\n  - {card: Charm, from: 2026-01-01}\n")
    assert {b.card for b in load_format(str(event)).bans} == set(BANNED_FROM) | {"Charm"}
    d = deck(change(flat(ORNN), OGN_104=-1, OGN_110=1), champion=ORNN_CHAMPION)  # Ekko, Recurrent
    assert {v.card for v in check(d, str(event)).violations if v.code == "RB601"} == {"Charm", "Ekko, Recurrent"}


def test_2v2_ban_starts_on_2026_07_24():
    yi = deck(flat(YI), champion=YI_CHAMPION)
    before = check(yi, "2v2", "2026-07-23")
    assert [v.code for v in before.violations] == []
    assert only(check(yi, "2v2", "2026-07-24"), "RB601").card == "Master Yi, Wuju Bladesman"


def test_best_of_one_has_no_sideboard_rules_but_the_same_cards():
    bo1 = load_format("standard-bo1")
    assert bo1.sideboard == "none" and bo1.bans == load_format("standard").bans
    d = deck(change(flat(ORNN), OGN_104=-1, OGN_110=1), champion=ORNN_CHAMPION)
    assert only(check(d, "standard-bo1"), "RB601").card == "Ekko, Recurrent"


def test_casual_has_no_bans_and_no_upper_size():
    d = deck(change(flat(ORNN), OGN_104=-1, OGN_110=1, OGN_043=1), champion=ORNN_CHAMPION)
    assert check(d, "casual").violations == []
    assert {v.code for v in check(d, "standard").violations} == {"RB101", "RB601"}


def test_targets_on_a_date(db):
    spec = load_format("standard")
    assert format_on(spec, date(2025, 12, 1), db.sets).targets()["sideboard"] == "0 or 8"
    assert format_on(spec, date(2026, 2, 1), db.sets).targets()["sideboard"] == "8"
    assert format_on(spec, date(2026, 8, 1), db.sets).targets() == {
        "main": "40", "runes": "12", "battlefields": "3", "sideboard": "10"}
    assert format_on(load_format("casual"), date(2026, 8, 1), db.sets).targets()["main"] == "40+"


def test_a_format_file_of_ones_own(tmp_path: Path):
    event = tmp_path / "my-event.yaml"
    event.write_text("name: my-event\ntitle: My event\nextends: standard\n"
                     "add_bans:\n  - {card: Charm, from: 2026-01-01}\n")
    d = deck(flat(ORNN), champion=ORNN_CHAMPION)
    v = only(check(d, str(event)), "RB601")
    assert v.card == "Charm" and "banned in my-event since 2026-01-01" in v.message


def test_unknown_format_names_the_known_ones():
    with pytest.raises(FormatError, match="unknown format 'modern'.*casual, nexus-night, standard"):
        load_format("modern")


def test_broken_yaml_says_where(tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: bad\nbans: [\n  - x: 1\n")
    with pytest.raises(FormatError) as err:
        load_format(str(bad))
    assert err.value.file == str(bad) and err.value.line is not None


def test_wrong_fields_and_unknown_cards(tmp_path: Path):
    typo = tmp_path / "typo.yaml"
    typo.write_text("extends: standard\nname: typo\nbest_off: 1\n")
    with pytest.raises(FormatError, match="best_off"):
        load_format(str(typo))
    ghost = tmp_path / "ghost.yaml"
    ghost.write_text("extends: standard\nname: ghost\nadd_bans:\n  - {card: Chram, from: 2026-01-01}\n")
    with pytest.raises(FormatError, match="bans 'Chram', which is not in the card database"):
        check(deck(flat(ORNN), champion=ORNN_CHAMPION), str(ghost))
    loop = tmp_path / "loop.yaml"
    loop.write_text(f"extends: {loop}\nname: loop\n")
    with pytest.raises(FormatError, match="extends itself"):
        load_format(str(loop))


def test_yaml_is_parsed_once_then_a_check_never_imports_it(tmp_path):
    import os

    env = {**os.environ, "DECKCHECK_CACHE_DIR": str(tmp_path)}
    env.pop("DECKCHECK_NO_CACHE", None)  # this test is about the cache: on, whatever the caller's setting
    code = ("import sys, deckcheck.rules; print('yaml' in sys.modules); "
            "deckcheck.rules.load_format('standard'); print('yaml' in sys.modules)")
    first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert first.stdout.split() == ["False", "True"]  # parsed, then cached
    again = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert again.stdout.split() == ["False", "False"]  # served from the cache
    edited = tmp_path / "edited.yaml"
    edited.write_text((Path(rules_formats_dir()) / "standard.yaml").read_text() + "\n# changed\n")
    code = f"import deckcheck.rules as r; print(r.load_format({str(edited)!r}).name)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env=env).stdout.strip() == "standard"


def rules_formats_dir():
    from deckcheck.rules.formats import formats_dir

    return formats_dir()


# ----------------------------------------------------------------------------- format file errors, exactly
def test_a_misspelt_key_of_a_ban_is_named_with_the_known_keys(tmp_path: Path):
    bad = tmp_path / "typo-ban.yaml"
    bad.write_text("name: typo-ban\nextends: standard\nadd_bans:\n  - {card: Charm, form: 2026-01-01}\n")
    with pytest.raises(FormatError) as err:
        load_format(str(bad))
    assert err.value.message == f"unknown key 'form' in format '{bad}'; did you mean 'from'?"
    assert err.value.file == str(bad)


def test_a_misspelt_key_of_an_added_ban_points_at_its_line(tmp_path: Path):
    bad = tmp_path / "typo-ban.yaml"
    bad.write_text("name: typo-ban\nextends: standard\nadd_bans:\n  - {card: Charm, form: 2026-01-01}\n")
    with pytest.raises(FormatError) as err:
        load_format(str(bad))
    assert err.value.line == 4


def test_a_value_of_the_wrong_type_names_its_place(tmp_path: Path):
    bad = tmp_path / "wrong.yaml"
    bad.write_text("name: wrong\nextends: standard\nadd_bans:\n  - {card: Charm, from: someday}\n")
    with pytest.raises(FormatError) as err:
        load_format(str(bad))
    assert err.value.message.startswith(f"broken format '{bad}': ") and ".from: " in err.value.message
    assert "valid date" in err.value.message and err.value.file == str(bad)


def test_an_unknown_top_level_key_far_from_any_lists_the_known_keys(tmp_path: Path):
    bad = tmp_path / "odd.yaml"
    bad.write_text("name: odd\nextends: standard\nzzzzzz: 1\n")
    with pytest.raises(FormatError) as err:
        load_format(str(bad))
    assert err.value.message.startswith(f"unknown key 'zzzzzz' in format '{bad}' (known keys: ")
    assert "bans" in err.value.message and "sideboard" in err.value.message


def test_a_format_path_without_yaml_ending_is_read_as_a_path(tmp_path: Path):
    folder = tmp_path / "events"
    folder.mkdir()
    (folder / "cup").write_text("name: cup\nextends: standard\n")
    assert load_format(str(folder / "cup")).name == "cup"
    with pytest.raises(FormatError) as err:
        load_format(str(folder / "missing"))
    assert err.value.message == f"format file not found: {folder / 'missing'}"


def test_a_format_extending_itself_names_the_file_and_the_chain(tmp_path: Path):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text(f"name: a\nextends: {b}\n")
    b.write_text(f"name: b\nextends: {a}\n")
    with pytest.raises(FormatError) as err:
        load_format(str(a))
    assert "extends itself through" in err.value.message and err.value.file in (str(a), str(b))


def test_formats_without_sideboard_steps_have_no_sideboard_note(db):
    assert format_on(load_format("casual"), date(2026, 8, 1), db.sets).sideboard_note == ""
    assert format_on(load_format("standard-bo1"), date(2026, 8, 1), db.sets).sideboard_note == ""
    note = format_on(load_format("standard"), date(2026, 8, 1), db.sets).sideboard_note
    assert note == "Tournament Rules of 2026-07-16 (in force 2026-07-24): 10 or fewer"


def test_casual_and_best_of_one_describe_their_sideboard(db):
    from deckcheck.rules.describe import format_info

    assert format_info(load_format("casual"), date(2026, 8, 1), db.sets)["sideboard"] == "not checked (Core Rules only)"
    assert format_info(load_format("standard-bo1"), date(2026, 8, 1), db.sets)["sideboard"] == "none (best of one)"
