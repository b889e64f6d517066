"""``deckcheck rule``/``rules``/``formats`` as data, in process: a rule's words and references on a
date, cited in the numbering of that date, and what a format allows on a date."""

from __future__ import annotations

from datetime import date

from deckcheck.rules import get_rule
from deckcheck.rules.describe import format_info, formats_info, rule_info, rules_info, unwrap
from deckcheck.rules.formats import formats_dir, load_format

ALL_FORMATS = ["2v2", "casual", "nexus-night", "standard", "standard-bo1"]


def test_a_rule_after_the_renumbering_cites_the_new_numbers_in_its_text_too():
    assert rule_info(get_rule("domain-identity"), date(2026, 10, 20)) == {
        "code": "RB108",
        "name": "domain-identity",
        "severity": "error",
        "references": "CR 103.3.c, CR 103.2.b.3, CR 103.2.b.4",
        "references_2026_07_16": "CR 103.2.c, CR 103.1.b.3, CR 103.1.b.4",
        "summary": "Every Main Deck card is inside the legend's domains (a multi-domain card needs all of them)",
        "explanation": "The legend's domains are the deck's Domain Identity (CR 103.2.b.2). A card with one domain "
                       "is legal if the identity includes it (CR 103.2.b.3); a card with several domains only if the "
                       "identity includes all of them (CR 103.2.b.4). A card with no domain is legal in every identity "
                       "(an inference until the CR of 2026-10-09 wrote it down as 103.2.b.5). Champion units of other "
                       "champions are ordinary cards and only need to be inside the identity.",
        "example": "Jinx, Rebel (Chaos) in an Ornn deck (Calm and Mind)",
        "hint": "Replace the card with one inside the deck's domains",
        "formats": ALL_FORMATS,
    }


def test_a_rule_new_in_the_rules_of_2026_10_09_says_so_before_they_took_effect():
    info = rule_info(get_rule("RB203"), date(2026, 10, 5))
    assert (info["references"], info["references_2026_07_16"]) == (
        "CR 103.1 (of 2026-10-09), TR 401.2.a", "CR 103.1 (new on 2026-10-09), TR 401.2.a")
    assert info["explanation"].startswith("Since the Core Rules of 2026-10-09 (in force from 2026-10-16), a card or "
                                          "mode may add choices made while building (CR 103.1)")
    assert rule_info(get_rule("RB203"), date(2026, 10, 15))["references"] == "CR 103.1 (of 2026-10-09), TR 401.2.a"
    assert rule_info(get_rule("RB203"), date(2026, 10, 16))["references"] == "CR 103.1, TR 401.2.a"


def test_rules_of_one_format_and_the_numbering_they_use():
    bo1 = rules_info("standard-bo1", date(2026, 10, 16))
    assert (bo1["as_of"], bo1["numbering"], bo1["format"]) == (
        "2026-10-16", "Core and Tournament Rules of 2026-10-09", "standard-bo1")
    assert rules_info("standard-bo1", date(2026, 10, 15))["numbering"] == "Core and Tournament Rules of 2026-07-16"
    codes = [r["code"] for r in bo1["rules"]]
    assert "RB502" in codes and not {"RB107", "RB405", "RB501", "RB503"} & set(codes)
    every = rules_info(None, date(2026, 8, 1))
    assert every["format"] is None and every["numbering"] == "Core and Tournament Rules of 2026-07-16"
    assert [r["code"] for r in every["rules"]] == sorted(r["code"] for r in every["rules"])
    assert {"RB405", "RB502", "RB503"} <= {r["code"] for r in every["rules"]}
    assert rules_info(None, date(2026, 1, 1))["numbering"] == (
        "numbering of the Core and Tournament Rules of 2026-07-16; the versions in force on 2026-01-01 were older "
        "and numbered some rules differently")


#: The sets announced after Radiance (RULES.md §9), in sets.json and Standard before their cards are known.
ANNOUNCED = [
    {"code": "LGC", "name": "Legacy", "released": "2027-01-29", "in_card_data": False, "leaves": None},
    {"code": "PG2", "name": "Proving Grounds 2nd Edition", "released": "2027-02-19", "in_card_data": False,
     "leaves": None},
    {"code": "REC", "name": "The Reckoning", "released": "2027-04-30", "in_card_data": False, "leaves": None}]


def test_what_2v2_allows_on_a_date(db):
    info = format_info(load_format("2v2"), date(2026, 7, 30), db.sets)
    assert info["description"].startswith("Two-versus-two team play.")
    ban = lambda card, day, **riot: {"card": card, "from": day, **riot}  # noqa: E731
    assert {k: v for k, v in info.items() if k != "description"} == {
        "name": "2v2",
        "title": "2v2 (Standard decks, plus the 2v2 ban list)",
        "as_of": "2026-07-30",
        "best_of": 3,
        "tournament_rules": True,
        "main_deck": "exactly 40",
        "runes": "exactly 12",
        "battlefields": "exactly 3, different names",
        "sideboard": "at most 10",
        "sideboard_rule": "Tournament Rules of 2026-07-16 (in force 2026-07-24): 10 or fewer",
        "legal_sets": [
            {"code": "OGS", "name": "Proving Grounds", "released": "2025-10-31", "in_card_data": True, "leaves": None},
            {"code": "OGN", "name": "Origins", "released": "2025-10-31", "in_card_data": True, "leaves": None},
            {"code": "SFD", "name": "Spiritforged", "released": "2026-02-13", "in_card_data": True, "leaves": None},
            {"code": "UNL", "name": "Unleashed", "released": "2026-05-08", "in_card_data": True, "leaves": None}],
        "coming_sets": [
            {"code": "VEN", "name": "Vendetta", "released": "2026-07-31", "in_card_data": True, "leaves": None},
            {"code": "RAD", "name": "Radiance", "released": "2026-10-23", "in_card_data": True, "leaves": None},
            *ANNOUNCED],
        "left_sets": [],
        "bans": [ban("Called Shot", "2026-03-31"), ban("Draven, Vanquisher", "2026-03-31"),
                 ban("Fight or Flight", "2026-03-31"), ban("Obelisk of Power", "2026-03-31"),
                 ban("Reaver's Row", "2026-03-31"), ban("Scrapheap", "2026-03-31"),
                 ban("The Dreaming Tree", "2026-03-31", riot_name="Dreaming Tree"),
                 ban("Aspirant's Climb", "2026-07-24"), ban("Master Yi, Wuju Bladesman", "2026-07-24"),
                 ban("Stealthy Pursuer", "2026-07-24"), ban("The Arena's Greatest", "2026-07-24")],
        "coming_bans": [ban("Ekko, Recurrent", "2026-09-18"), ban("Stacked Deck", "2026-09-18")],
        "event_battlefields": None,
        "team_size": 2,
        "precon_products": None,
        "file": str(formats_dir() / "2v2.yaml"),
    }


def test_sizes_said_for_each_kind_of_format(db):
    def said(name, day):
        info = format_info(load_format(name), day, db.sets)
        return info["main_deck"], info["sideboard"], info["sideboard_rule"]

    assert said("standard", date(2025, 11, 1)) == ("exactly 40", "exactly 0 or 8",
                                                   "launch Tournament Rules: exactly 0 or 8")
    assert said("casual", date(2026, 10, 20)) == ("at least 40", "not checked (Core Rules only)", "")
    assert said("standard-bo1", date(2026, 10, 20)) == ("exactly 40", "none (best of one)", "")


def test_formats_not_started_on_a_date_are_left_out(db):
    assert [f["name"] for f in formats_info(date(2025, 10, 31), db.sets)] == ALL_FORMATS
    assert formats_info(date(2025, 10, 30), db.sets) == []
    assert [f["name"] for f in formats_info(date(2026, 10, 20), db.sets, only="casual")] == ["casual"]


def test_unwrap_joins_the_lines_of_paragraphs_and_keeps_list_items():
    text = "  A rule\n  over two lines.\n\n- one item\n- another\n  continued\n* a star\n"
    assert unwrap(text) == "A rule over two lines.\n\n- one item\n- another continued\n* a star"


def test_a_set_a_card_data_update_brought_has_no_release_date_yet(db):
    from deckcheck.cards.sets import SetInfo

    sets = {**db.sets, "ZZZ": SetInfo(code="ZZZ", name="Next Set", in_database=True)}  # no release date known
    info = format_info(load_format("casual"), date(2026, 10, 20), sets)
    assert info["coming_sets"] == [
        {"code": "RAD", "name": "Radiance", "released": "2026-10-23", "in_card_data": True, "leaves": None},
        *ANNOUNCED,
        {"code": "ZZZ", "name": "Next Set", "released": None, "in_card_data": True, "leaves": None}]


def test_an_event_file_shows_its_own_battlefield_list(db, tmp_path):
    path = tmp_path / "cup.yaml"
    path.write_text("extends: standard\nname: cup\nbattlefields: [Seat of Power, Reckoner's Arena]\n")
    info = format_info(load_format(str(path)), date(2026, 10, 20), db.sets)
    assert (info["name"], info["event_battlefields"], info["file"]) == (
        "cup", ["Seat of Power", "Reckoner's Arena"], str(path))
