"""An event addendum's list of legal battlefields (TR 601.1.d), as a format file that extends standard."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.support import ORNN, ORNN_CHAMPION, check, codes, deck, flat, only

from deckcheck.cards import load_cards
from deckcheck.rules import FormatError, load_format


def event_format(tmp_path, battlefields: list[str]) -> str:
    # A new file per list: a format file is read once per process, like a module.
    path = tmp_path / f"regional-qualifier-{len(list(tmp_path.iterdir()))}.yaml"
    listed = "\n".join(f"  - {name!r}" for name in battlefields)
    path.write_text(f"extends: standard\nname: regional-qualifier\ntitle: A regional qualifier\n"
                    f"battlefields:\n{listed}\n", encoding="utf-8")
    return str(path)


def test_a_battlefield_off_the_event_list_is_the_one_violation(tmp_path):
    ornn = deck(flat(ORNN), champion=ORNN_CHAMPION)
    assert [e.card.name for e in ornn.battlefields] == ["Ornn's Forge", "Seat of Power", "Veiled Temple"]
    allowed = ["Ornn's Forge", "Seat of Power", "Startipped Peak", "Vilemaw's Lair"]
    report = check(ornn, event_format(tmp_path, allowed))
    v = only(report, "RB405")
    assert v.card == "Veiled Temple" and v.rule == "TR 601.1.d"
    assert "Startipped Peak" in v.hint and v.line is not None


def test_a_deck_whose_battlefields_are_all_listed_is_legal(tmp_path):
    ornn = deck(flat(ORNN), champion=ORNN_CHAMPION)
    allowed = ["Ornn's Forge", "Seat of Power", "Veiled Temple"]
    assert codes(check(ornn, event_format(tmp_path, allowed))) == []
    assert codes(check(ornn, "standard")) == []  # standard itself sets no list


def test_the_event_list_must_name_real_battlefields(tmp_path):
    ornn = deck(flat(ORNN), champion=ORNN_CHAMPION)
    with pytest.raises(FormatError, match="'Veiled Temp', which is not in the card database"):
        check(ornn, event_format(tmp_path, ["Ornn's Forge", "Veiled Temp"]))
    with pytest.raises(FormatError, match="'Cleave', which is a spell, not a battlefield"):
        check(ornn, event_format(tmp_path, ["Cleave"]))
    assert load_format(event_format(tmp_path, ["Seat of Power"])).battlefields == ["Seat of Power"]


def test_a_legend_whose_facts_are_in_doubt_still_has_its_battlefields_checked(tmp_path):
    # Riven, The Exile (RAD-149): the preliminary Radiance data has its domains in doubt
    from deckcheck.decks.model import DeckEntry

    ornn = deck(flat(ORNN), champion=ORNN_CHAMPION)
    riven = DeckEntry(card=load_cards().get("RAD-149"), count=1, written="RAD-149", file=ornn.legend.file, line=ornn.legend.line)
    allowed = ["Ornn's Forge", "Seat of Power", "Startipped Peak"]
    report = check(replace(ornn, legend=riven), event_format(tmp_path, allowed), "2026-11-30")
    assert only_of(report, "RB405").card == "Veiled Temple"
    assert only_of(report, "RB006").card == "Riven, The Exile"


@pytest.mark.parametrize("change_deck", ["no legend", "a Signature card of another champion"])
def test_the_event_list_is_checked_whatever_else_the_deck_breaks(tmp_path, change_deck):
    from rules.support import change

    if change_deck == "no legend":
        broken = deck(change(flat(ORNN), SFD_189=-1), champion=ORNN_CHAMPION)
    else:  # Master Yi's Highlander (OGS-020) in the Ornn deck
        broken = deck(change(flat(ORNN), OGN_043=-1, OGS_020=1), champion=ORNN_CHAMPION)
    report = check(broken, event_format(tmp_path, ["Ornn's Forge", "Seat of Power", "Startipped Peak"]))
    assert only_of(report, "RB405").card == "Veiled Temple"
    assert only_of(report, "RB201" if change_deck == "no legend" else "RB106")


def only_of(report, code: str):
    """The one violation of ``report`` with ``code`` (others may be there too)."""
    (found,) = [v for v in report.violations if v.code == code]
    return found
