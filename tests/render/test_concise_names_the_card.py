"""A concise line keeps the rule's message and names the card at fault after it when the message does not."""

from __future__ import annotations

from datetime import date

from conftest import rule_violation

from deckcheck.render.concise import render_concise
from deckcheck.rules.report import Report


def _report(violation) -> Report:
    return Report(source="decks/jinx.txt", format="standard", as_of=date(2026, 10, 20), legend="Loose Cannon",
                  champion="Jinx, Rebel", counts={"main": 40, "runes": 12, "battlefields": 3, "sideboard": 8},
                  violations=[violation])


def test_a_card_the_message_does_not_name_follows_the_message_in_brackets():
    violation = rule_violation("RB107", "4 Signature cards counting the sideboard", card="Super Mega Death Rocket!",
                               file="decks/jinx.txt", line=17, zone="sideboard")
    first = render_concise([_report(violation)]).splitlines()[0]
    assert first == "decks/jinx.txt:17: RB107 4 Signature cards counting the sideboard [Super Mega Death Rocket!]"


def test_a_card_the_message_names_is_not_repeated():
    violation = rule_violation("RB103", "4 copies of Cleave; at most 3", card="Cleave", file="decks/jinx.txt", line=5)
    first = render_concise([_report(violation)]).splitlines()[0]
    assert first == "decks/jinx.txt:5: RB103 4 copies of Cleave; at most 3"
