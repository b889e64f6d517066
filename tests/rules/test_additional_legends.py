"""RB203 with Neeko, Blending In (RAD-167): a deck holding her may choose up to 3 different additional
legends (CR 103.1, TR 401.2.a; Radiance errata of 2026-10-09, RULES.md §9). Built on the real Evelynn
sample list, one Tideturner swapped for Neeko (a colourless unit, legal in every identity)."""

from __future__ import annotations

from datetime import date

import pytest

from conftest import REPO
from deckcheck import check_deck, load_deck
from deckcheck.cards.lookup import CardDB
from deckcheck.cards.sets import CardRules, LegendChoice

EVELYNN = (REPO / "sample_decks" / "legal-evelynn-agonys-embrace-radiance.txt").read_text()
DAY = date(2026, 11, 2)  # Radiance released, the Core Rules of 2026-10-09 in force
LEGENDS = ["Ekko, Boy Who Shattered Time", "Ziggs, Hexplosives Expert", "Jarvan IV, Exemplar of Demacia",
           "Mordekaiser, Iron Revenant"]


def evelynn(*extra: str, neeko: bool = True) -> str:
    """The Evelynn sample list, with Neeko in place of its one Tideturner, naming ``extra`` legends."""
    text = EVELYNN.replace("1 Tideturner\n", "1 Neeko, Blending In\n") if neeko else EVELYNN
    assert ("Neeko" in text) == neeko
    if extra:
        text += "Additional Legends:\n" + "".join(f"1 {name}\n" for name in extra)
    return text


def check(text: str, db=None, as_of: date = DAY):
    return check_deck(load_deck(text, db), "standard", as_of, cards=db)


def rb203(report) -> list[str]:
    return [v.message for v in report.violations if v.code == "RB203"]


@pytest.mark.parametrize("count", [0, 1, 2, 3])
def test_with_neeko_up_to_three_different_legends_are_legal(count, db):
    report = check(evelynn(*LEGENDS[:count]), db)
    assert report.verdict == "legal", [v.message for v in report.violations]


def test_with_neeko_a_fourth_legend_is_illegal_and_named(db):
    report = check(evelynn(*LEGENDS), db)
    assert report.verdict == "illegal"
    (v,) = [v for v in report.violations if v.code == "RB203"]
    assert v.message == "the deck chooses 4 additional legends; Neeko, Blending In allows up to 3"
    assert v.card == "Mordekaiser, Iron Revenant"  # the one past the limit
    assert v.hint == "Keep at most 3 additional legends, all different"


def test_with_neeko_a_legend_chosen_twice_is_illegal(db):
    report = check(evelynn(LEGENDS[0], LEGENDS[1], LEGENDS[0]), db)
    assert rb203(report) == ["Ekko, Boy Who Shattered Time is chosen twice; the legends must all differ"]
    # the deck's own legend is no additional choice either
    own = check(evelynn(LEGENDS[0], "Evelynn, Agony's Embrace"), db)
    assert rb203(own) == ["Evelynn, Agony's Embrace is chosen twice; the legends must all differ"]


@pytest.mark.parametrize("count", [1, 3])
def test_without_neeko_no_additional_legend_is_legal(count, db):
    report = check(evelynn(*LEGENDS[:count], neeko=False), db)
    assert report.verdict == "illegal"
    assert rb203(report) == [f"the deck chooses {count} additional legend{'s' if count > 1 else ''} but its "
                             "Main Deck holds no card that allows it"]
    assert check(evelynn(neeko=False), db).verdict == "legal"


def test_neeko_in_the_sideboard_only_does_not_allow_them(db):
    text = evelynn(LEGENDS[0], neeko=False).replace("Additional Legends:", "Sideboard:\n1 Neeko, Blending In\n"
                                                    "Additional Legends:")
    assert rb203(check(text, db)) == ["the deck chooses 1 additional legend but its Main Deck holds no card "
                                      "that allows it"]


def test_before_the_october_rules_took_effect_no_card_allows_them(db):
    # On 2026-10-15 the Core Rules of 2026-10-09 were published but not in force (and Radiance unreleased).
    report = check(evelynn(LEGENDS[0]), db, as_of=date(2026, 10, 15))
    assert rb203(report) == ["the deck chooses 1 additional legend; no rule allowed that before 2026-10-16, "
                             "when the Core Rules of 2026-10-09 took effect"]


def test_which_card_allows_how_many_legends_is_card_data(db):
    # The same list judged with card rules that say Neeko allows only 1 and Ember Monk 2: RB203 follows the
    # data, and names the card of the data that allows the most.
    rules = CardRules(copy_limits=db.rules.copy_limits, additional_legends=(
        LegendChoice(name="Neeko, Blending In", ids=("RAD-167",), up_to=1, text="up to 1", rule="CR 103.1"),
        LegendChoice(name="Ember Monk", ids=(), up_to=2, text="up to 2", rule="CR 103.1")))
    other = CardDB(printings=db.printings, sets=db.sets, rules=rules, data_as_of=db.data_as_of, source=db.source,
                   provenance=db.provenance)
    assert check(evelynn(*LEGENDS[:2]), other).verdict == "legal"
    assert rb203(check(evelynn(*LEGENDS[:3]), other)) == [
        "the deck chooses 3 additional legends; Ember Monk allows up to 2"]
    assert rb203(check(evelynn(*LEGENDS[:2], neeko=False).replace("3 Ember Monk\n", "3 Tideturner\n"), other)) == [
        "the deck chooses 2 additional legends but its Main Deck holds no card that allows it"]


def test_the_bundled_card_rules_hold_neekos_errata(db):
    neeko = db.rules.legends_allowed_by("Neeko, Blending In")
    assert (neeko.up_to, neeko.ids, neeko.rule) == (3, ("RAD-167",), "CR 103.1")
    assert "errata of 2026-10-09" in neeko.text and db.get("RAD-167").name == neeko.name
    assert db.rules.legends_allowed_by("Evelynn, Consuming") is None


@pytest.mark.parametrize("count, verdict", [(3, "legal"), (4, "illegal")])
def test_a_deck_code_carries_the_choices_and_gets_the_same_verdict(count, verdict, db):
    from deckcheck.decks import deckcode

    code = deckcode.write(load_deck(evelynn(*LEGENDS[:count]), db))
    deck = load_deck(code, db)
    assert [e.card.name for e in deck.additional_legends] == LEGENDS[:count]
    assert check_deck(deck, "standard", DAY, cards=db).verdict == verdict
