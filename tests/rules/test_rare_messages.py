"""Rare branches of the rules' words: a legend whose champion has no champion unit in the card
data, copies that are all in the sideboard, a team left alone after a checked pair, and the
champions-per-tag table of one card database never lent to another, and which Main Deck cards of
a list naming no Chosen Champion could be it. Expected texts are written by hand from RULES.md
(CR 103.2.a, CR 103.2.b, TR 601.1.c.3, CR 489.8)."""

from __future__ import annotations

from dataclasses import replace

from rules.test_teams_and_selection import entry, team_rows
from rules.support import KENNEN, KENNEN_CHAMPION, ORNN, ORNN_CHAMPION, change, check, deck, flat, only
from rules.test_units import ornn

from deckcheck.decks.model import Severity


def _legend_of_champion(tag: str, champion: bool = True):
    """The Ornn deck, its legend printed for another champion (as a card data update could bring)."""
    base = ornn()
    legend = replace(base.legend, card=replace(base.legend.card, champion_tag=tag))
    return replace(base, **{"legend": legend, **({} if champion else {"champion": None})})


def test_a_legend_whose_champion_has_units_in_the_data_names_them():
    v = only(check(_legend_of_champion("Volibear")), "RB215")
    assert v.message == ("the Chosen Champion Ornn, Blacksmith is an Ornn champion; the legend Ornn, Fire Below "
                         "the Mountain needs a Volibear champion")
    assert v.hint == "Choose one of Volibear, Furious; Volibear, Imposing"


def test_a_legend_whose_champion_has_no_unit_in_the_data_says_so():
    v = only(check(_legend_of_champion("Nobody")), "RB215")
    assert v.hint == "Choose one of none in the card data"
    missing = only(check(_legend_of_champion("Nobody", champion=False)), "RB211")
    assert (missing.message, missing.hint) == (
        "No Chosen Champion: the Main Deck holds no Nobody champion unit",
        "Add one of none in the card data and name it as the Chosen Champion")


def test_copies_that_are_all_in_the_sideboard_are_counted_there():
    # En Garde (OGN-046, Calm) is not in the Ornn Main Deck: 4 in the sideboard break the limit of 3
    v = only(check(deck(flat(ORNN), champion=ORNN_CHAMPION, sideboard={"OGN-046": 4})), "RB103")
    assert (v.message, v.hint, v.rule, v.card, v.line) == (
        "4 copies of En Garde (0 in the Main Deck, 4 in the sideboard); at most 3 of one name, all printings "
        "counted together", "Cut 1 copy of En Garde", "CR 103.2.b, TR 601.1.c.3", "En Garde", 24)


def test_a_team_left_alone_after_a_checked_pair_is_still_warned():
    ana = entry(ORNN, ORNN_CHAMPION, name="ana.txt", player="Ana", team="Red")
    ben = entry(ORNN, ORNN_CHAMPION, name="ben.txt", player="Ben", team="Red")
    kim = entry(KENNEN, KENNEN_CHAMPION, name="kim.txt", player="Kim", team="Blue")
    from deckcheck.rules.teams import check_teams

    check_teams([ana, ben, kim])
    assert [v.code for v in ana[1].violations] == ["RB701", "RB702", "RB702", "RB702"]
    assert team_rows(kim[1]) == [(
        "RB703", "team-size", "CR 489.8", Severity.WARNING,
        "team 'Blue' has 1 registered decks; a 2v2 team has 2, so its decks were not checked as a pair",
        None, "kim.txt", None, "Check the team column: each team has exactly two registrations", None)]


def _database_like(db, printings=None, doubts=None):
    """Another card database with ``db``'s sets and rules: its printings and doubts as given."""

    from deckcheck.cards.lookup import CardDB

    provenance = db.provenance if doubts is None else replace(db.provenance, doubts=doubts)
    return CardDB(printings=db.printings if printings is None else printings, sets=db.sets, rules=db.rules,
                  data_as_of=db.data_as_of, source=db.source, provenance=provenance)


def test_each_card_database_has_its_own_champions_per_tag(db):
    from deckcheck.rules import facts

    assert facts.champions_by_tag(db)["Ornn"] == ["Ornn, Blacksmith", "Ornn, Forge God"]
    assert facts.champions_by_tag(db) is facts.champions_by_tag(db)  # built once, then kept
    without_forge_god = _database_like(db, tuple(c for c in db.printings if c.name != "Ornn, Forge God"))
    assert facts.champions_by_tag(without_forge_god)["Ornn"] == ["Ornn, Blacksmith"]
    assert facts.champions_by_tag(db)["Ornn"] == ["Ornn, Blacksmith", "Ornn, Forge God"]


def _forget_around(db, request) -> None:
    """``db`` forgets what it worked out now (its data changed in place) and again after the test."""
    db.forget()
    request.addfinalizer(db.forget)


def test_a_fact_in_doubt_that_the_card_lacks_is_said_as_none(db, monkeypatch, request):
    # a card data update could mark the supertypes of En Garde (it has none) as in doubt
    monkeypatch.setitem(db.provenance.doubts, "OGN-046", {"supertypes": ("a source",)})
    _forget_around(db, request)
    v = only(check(deck(flat(ORNN), champion=ORNN_CHAMPION, sideboard={"OGN-046": 1})), "RB006")
    assert (v.message, v.hint, v.zone, v.line, v.card) == (
        "the verdict rests on facts of En Garde that the complete Origins data has in doubt: supertypes none",
        "Check the printed card; 'deckcheck cards show OGN-046' lists the sources", "sideboard", 24, "En Garde")


def test_an_unknown_name_is_pointed_at_a_preliminary_set_only_while_it_lacks_numbers(db, monkeypatch):

    from rules.test_messages import with_lines

    def hint() -> str:
        report = check(with_lines(change(flat(ORNN), OGN_043=-1), {"Zzqxv": 1}))  # the 40th card
        return only(report, "RB001").hint

    assert hint() == ("Check the spelling; if it is a Radiance card the preliminary data lacks (numbers 011, 022, "
                      "032, 044, 094, 104, 177), write its id, e.g. RAD-011, to check it by hand")
    monkeypatch.setitem(db.provenance.sets, "RAD", replace(db.provenance.sets["RAD"], missing=()))
    assert hint() == "Check the spelling or the id"  # preliminary, but no number is known to be missing


def test_a_changed_copy_of_a_card_is_judged_by_what_it_says_now():
    # a copy of Clockwork Keeper (OGN-044, Calm) given Fury, then a copy of that given back Calm
    # (a card is a value: changing it in place is refused)
    from dataclasses import FrozenInstanceError

    import pytest

    from deckcheck.cards.model import Domain

    base = ornn()
    at = next(i for i, e in enumerate(base.main) if e.card.id == "OGN-044")
    card = replace(base.main[at].card, domains=(Domain.FURY,))
    changed = replace(base, main=[*base.main[:at], replace(base.main[at], card=card),
                                               *base.main[at + 1:]])
    assert only(check(changed), "RB108").message == ("Clockwork Keeper (Fury) is outside the domain identity Calm and "
                                                     "Mind (Ornn, Fire Below the Mountain)")
    with pytest.raises(FrozenInstanceError):
        card.domains = (Domain.CALM,)
    calm = replace(card, domains=(Domain.CALM,))
    assert check(replace(changed, main=[replace(e, card=calm) if e.card is card else e for e in changed.main])
                 ).violations == []


def test_the_facts_of_a_card_with_and_without_the_card_text_rules(db):
    from deckcheck.rules.facts import facts_of

    cape = db.find("Forgefire Cape").card  # Unique (card_data/card_rules.json, CR 825.3)
    with_rules = facts_of(cape, db)
    assert (with_rules.limit, with_rules.limit_rule.keyword, with_rules.limit_rule.rule) == (1, "Unique", "CR 825.3")
    alone = facts_of(cape)  # no database, so no card-text rules: the Core Rules' 3 copies
    assert (alone.name, alone.limit, alone.limit_rule) == ("Forgefire Cape", 3, None)


def test_without_a_legend_card_no_card_is_outside_an_identity():
    # the Jinx deck (Fury/Chaos): with no legend, or a unit in the legend's place, its Fury and Chaos
    # cards are judged against no identity; only the legend is reported
    from rules.support import JINX, JINX_CHAMPION, sectioned

    from deckcheck.decks.model import Zone

    missing = only(check(deck(change(flat(JINX), OGN_251=-1), champion=JINX_CHAMPION)), "RB201")
    assert missing.message == "No Champion Legend: a deck has exactly one"
    # Blazing Scorcher (OGN-001, a Fury unit) written as the legend, a Cleave taking its Main Deck place
    cards = {"OGN-001": 1, **change(flat(JINX), OGN_251=-1, OGN_001=-1, OGN_004=1)}
    wrong = only(check(sectioned(cards, {"OGN-001": Zone.LEGEND}, champion=JINX_CHAMPION)), "RB202")
    assert (wrong.message, wrong.line) == ("Blazing Scorcher is a unit, not a legend", 1)


def test_a_doubt_about_a_printing_the_data_lacks_hides_no_other_doubt(db, monkeypatch, request):
    # a card data update's provenance may list a printing its cards do not hold (AAA-001 sorts first)
    monkeypatch.setitem(db.provenance.doubts, "AAA-001", {"domains": ("a source",)})
    monkeypatch.setitem(db.provenance.doubts, "OGN-046", {"supertypes": ("a source",)})
    _forget_around(db, request)
    v = only(check(deck(flat(ORNN), champion=ORNN_CHAMPION, sideboard={"OGN-046": 1})), "RB006")
    assert v.card == "En Garde"


def test_each_card_database_checked_in_one_process_has_its_own_doubts(db):
    from deckcheck.rules import check_deck

    listed = deck(flat(ORNN), champion=ORNN_CHAMPION, sideboard={"OGN-046": 1})
    doubting = _database_like(db, doubts={**db.provenance.doubts, "OGN-046": {"domains": ("a source",)}})
    for _ in range(2):  # each in turn, twice: neither database's answer is lent to the other
        assert check_deck(listed, "standard", "2026-10-05", db).violations == []
        assert [v.code for v in check_deck(listed, "standard", "2026-10-05", doubting).violations] == ["RB006"]


def test_every_signature_card_of_the_sideboard_counts():
    # Master Yi: Highlander ×2 and Alpha Strike in the Main Deck, one more of each in the sideboard
    from rules.support import YI, YI_CHAMPION

    d = deck(change(flat(YI), OGN_043=-3, OGS_020=2, UNL_192=1), champion=YI_CHAMPION,
             sideboard={"OGS-020-OPP": 1, "UNL-192": 1})
    v = only(check(d), "RB107")
    assert (v.message, v.line, v.zone) == (
        "5 Signature cards over Main Deck (3) and sideboard (2); if the limit of 3 spans the sideboard, a swap "
        "would make the deck illegal", 26, "sideboard")


def test_each_card_database_checked_in_one_process_has_its_own_card_facts(db):
    # a database whose Cleave is a Calm card: Cleave fits the Ornn identity there, not in the bundled one
    from deckcheck.rules import check_deck

    calm = db.get("OGN-046").domains
    other = _database_like(db, tuple(replace(c, domains=calm) if c.name == "Cleave" else c
                                     for c in db.printings))
    from conftest import raw_from_flat

    from deckcheck.decks.resolve import resolve_deck

    raw = raw_from_flat(change(flat(ORNN), OGN_043=-1, OGN_004=1), "deck.txt")
    listed, listed_other = (resolve_deck(raw, cards, champion=ORNN_CHAMPION) for cards in (db, other))
    for _ in range(2):
        bundled = only(check_deck(listed, "standard", "2026-10-05", db), "RB108")
        assert bundled.message == ("Cleave (Fury) is outside the domain identity Calm and Mind "
                                   "(Ornn, Fire Below the Mountain)")
        assert check_deck(listed_other, "standard", "2026-10-05", other).violations == []


def test_formats_and_card_databases_checked_in_one_process_each_give_their_own_verdict(db):
    from datetime import date

    from deckcheck.rules import check_deck

    day = date(2026, 10, 5)
    listed = deck(flat(ORNN), champion=ORNN_CHAMPION, sideboard={"OGN-046": 1})  # bo1: no sideboard allowed
    other = _database_like(db)
    for _ in range(2):
        for cards in (db, other):
            report = check_deck(listed, "standard", day, cards)
            assert (report.format, report.violations) == ("standard", [])
            assert [v.code for v in check_deck(listed, "standard-bo1", day, cards).violations] == ["RB502"]


def _jinx_naming_no_champion(signature: bool = False):
    """The Jinx list (one Jinx unit beside units of Vi, Teemo, Twisted Fate and Morgana) built without
    a Chosen Champion; with ``signature`` its Jinx unit is printed as a Signature card too."""
    from rules.support import JINX, JINX_CHAMPION

    from deckcheck.cards.model import Supertype

    base = replace(deck(flat(JINX), champion=JINX_CHAMPION), champion=None)
    if not signature:
        return base
    main = [replace(e, card=replace(e.card, supertypes=(*e.card.supertypes,
                                                                                   Supertype.SIGNATURE)))
            if e.card.name == JINX_CHAMPION else e for e in base.main]
    return replace(base, main=main)


def test_only_a_champion_unit_of_the_legends_tag_could_be_the_chosen_champion():
    # CR 103.2.a: the units of other champions are ordinary cards, never candidates
    v = only(check(_jinx_naming_no_champion()), "RB211")
    assert (v.message, v.card) == ("no Chosen Champion could be read; Jinx, Demolitionist in the Main Deck could be it",
                                   "Jinx, Demolitionist")


def test_a_signature_champion_unit_could_never_be_the_chosen_champion():
    # CR 103.2.a.2: with the legend's tag, but Signature
    v = only(check(_jinx_naming_no_champion(signature=True)), "RB211")
    assert v.message == "No Chosen Champion: the Main Deck holds no Jinx champion unit"
    assert v.hint.startswith("Add one of Jinx, ")


def test_a_fact_put_in_doubt_after_a_check_is_noted_by_the_next_check_once_caches_are_cleared(db, monkeypatch,
                                                                                              request):
    # the same deck, format and date checked before and after the card data marks En Garde in doubt
    # in place: deckcheck.clear_caches() is the documented way to make the next check see it
    from deckcheck import clear_caches

    ornn = deck(flat(ORNN), champion=ORNN_CHAMPION, sideboard={"OGN-046": 1})
    assert check(ornn).violations == []
    monkeypatch.setitem(db.provenance.doubts, "OGN-046", {"domains": ("a source",)})
    clear_caches()
    request.addfinalizer(clear_caches)
    assert [v.code for v in check(ornn).violations] == ["RB006"]
    assert [v.code for v in check(ornn).violations] == ["RB006"]  # and the one after
