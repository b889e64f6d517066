"""A rule is one unit: its code, words, the formats it applies to, when the engine calls it and how
``fix`` repairs it are all on the ``@rule`` it is registered with, found through the one registry.
A new rule that forbids a card in a zone is checked and repaired with nothing else to change."""

from __future__ import annotations

import pytest
from rules.support import CHECK_DAY, YI, YI_CHAMPION, check, codes, deck, flat

from deckcheck.caches import clear_caches
from deckcheck.cards import load_cards
from deckcheck.decks.model import Zone
from deckcheck.repair import FIXED, fix_deck
from deckcheck.rules.facts import CardFacts
from deckcheck.rules.registry import ERROR, RULES, Findings, Place, Repair, all_rules, get_rule, rule
from deckcheck.rules.signals import ALWAYS
from deckcheck.rules.tally import Tally


def _no_gear(f: CardFacts, place: Place) -> str | None:
    return "no gear at this event" if f.type_word == "gear" else None


@pytest.fixture
def no_gear_event(tmp_path):
    """An event format (standard otherwise) and, for it alone, a rule of its own: no gear in the Main Deck."""
    path = tmp_path / "no-gear.yaml"
    path.write_text("extends: standard\nname: no-gear\ntitle: No gear\n", encoding="utf-8")

    @rule("RB901", "no-gear", severity=ERROR, refs=("TR 601.1",), summary="No gear at this event",
          hint="Replace the gear", example="Brutalizer in the Main Deck", applies=lambda spec: spec.name == "no-gear",
          repair=Repair("cuts the gear " + "and adds a card of its type and cost", _no_gear, ("main",), rank=2))
    def no_gear(t: Tally, out: Findings) -> None:
        """This event plays without gear."""
        for e in t.deck.main:
            if t.facts_for(e).type_word == "gear":
                out.add(no_gear, f"{e.card.name} is gear", entry=e, zone=Zone.MAIN.value)

    clear_caches()
    yield str(path)
    del RULES["RB901"]
    clear_caches()


def test_a_new_rule_is_checked_and_repaired_through_its_unit_alone(no_gear_event):
    d = deck(flat(YI), champion=YI_CHAMPION)  # its one gear: 2 Zhonya's Hourglass
    assert codes(check(d)) == []
    assert [(v.code, v.card) for v in check(d, no_gear_event).violations] == [("RB901", "Zhonya's Hourglass")]
    fix = fix_deck(d, format=no_gear_event, as_of=CHECK_DAY, cards=load_cards())
    assert fix.status == FIXED and fix.legal_after and fix.size == 4
    assert [(c.card, c.delta, c.code, c.reason) for c in fix.changes if c.delta < 0] == [
        ("Zhonya's Hourglass", -2, "RB901", "no gear at this event")]
    added = [c for c in fix.changes if c.delta > 0]
    assert {c.reason for c in added} == {"for Zhonya's Hourglass: gear, cost 2"}
    assert not any(e.card.type.value == "Gear" for e in fix.deck.main)  # no gear added back either
    assert get_rule("RB901").repair_words == "deckcheck fix cuts the gear and adds a card of its type and cost"


def test_every_rule_of_one_deck_owns_when_it_runs_and_what_fix_does():
    for r in all_rules():
        if r.team:
            assert r.repair is None  # a team's decks are judged together; fix repairs one list
            continue
        assert r.when, r.code
        if r.severity is ERROR and r.code not in ("RB005",):
            assert r.repair is not None and r.repair_words.startswith("deckcheck fix "), r.code
    assert get_rule("RB405").when == ALWAYS  # the event's list: looked at for every deck
    refusing = {r.code for r in all_rules() if r.repair is not None and r.repair.refuses is not None}
    assert refusing == {"RB102", "RB106", "RB108", "RB302", "RB303", "RB403", "RB404", "RB405", "RB502", "RB503",
                        "RB601", "RB602"}
