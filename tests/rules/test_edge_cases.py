"""The edge cases of RULES.md §7, each on a real deck."""

from __future__ import annotations

from rules.support import (
    JINX, JINX_CHAMPION, KENNEN, KENNEN_CHAMPION, ORNN, ORNN_CHAMPION, RENGAR, RENGAR_CHAMPION, YI,
    YI_CHAMPION, change, check, codes, deck, flat, only, sectioned,
)

from deckcheck.cards import load_cards
from deckcheck.decks.model import RawDeck, RawEntry, Zone
from deckcheck.decks.resolve import resolve_deck

ANNIE = "fury-chaos-by-fg5fq"  # Annie (Fury/Chaos), 33rd in Nanning, 2026-09-30; played Stacked Deck
RUMBLE = "rumble-champion-deck-preconstructed"  # Rumble (Fury/Mind) preconstructed deck


def annie(**delta):
    """The Annie list with its 2 Stacked Deck (banned 2026-09-18) swapped for 2 Tibbers."""
    return change(flat(ANNIE), OGN_183=-2, OGS_018=2, **delta)


def test_two_domain_card_needs_both_domains():
    # Thrill of the Hunt is Fury and Body: legal with Rengar (Fury/Body) ...
    assert check(deck(flat(RENGAR), champion=RENGAR_CHAMPION)).violations == []
    # ... but a Jinx deck (Fury/Chaos) lacks Body, even though it has Fury.
    report = check(deck(change(flat(JINX), OGN_009=-2, UNL_184=2), champion=JINX_CHAMPION))
    identity = next(v for v in report.violations if v.code == "RB108")
    assert "needs all of Fury and Body" in identity.message and "lacks Body" in identity.message
    assert identity.rule == "CR 103.2.c, CR 103.1.b.4"
    assert sorted(codes(report)) == ["RB106", "RB108"]  # and it is Rengar's Signature card


def test_single_domain_card_cites_the_single_domain_rule():
    v = only(check(deck(change(flat(ORNN), OGN_043=-1, OGN_004=1), champion=ORNN_CHAMPION)), "RB108")
    assert v.rule == "CR 103.2.c, CR 103.1.b.3"


def test_colourless_battlefields_are_legal_in_every_identity():
    ornn = {k: v for k, v in flat(ORNN).items() if not k.startswith(("SFD-213", "SFD-217", "SFD-221"))}
    jinx_fields = {"OGN-288": 1, "OGN-291": 1, "OGN-295": 1}
    assert check(deck(ornn | jinx_fields, champion=ORNN_CHAMPION)).violations == []
    assert all(not bf.card.domains for bf in deck(ornn | jinx_fields, champion=ORNN_CHAMPION).battlefields)


def test_champion_matched_by_tag_not_other_tags():
    # Kennen's legend carries the tags Yordle and Kennen; only the champion tag counts.
    assert check(deck(flat(KENNEN), champion=KENNEN_CHAMPION)).violations == []
    v = only(check(deck(flat(KENNEN), champion="Fizz, Trickster")), "RB215")  # a Yordle, not Kennen
    assert "Fizz, Trickster is a Fizz champion" in v.message
    assert "Kennen, Keeper of Balance" in v.hint


def test_same_short_name_different_subtitles_are_separate_cards():
    cards = change(flat(RUMBLE), OGN_016=-3, OGN_024=-3, OGN_039=3, OGN_112=3)
    d = deck(cards, champion="Rumble, Hotheaded")
    assert check(d).violations == []  # 3 Kai'Sa, Survivor and 3 Kai'Sa, Evolutionary
    assert d.champion.card.name == "Rumble, Hotheaded"


def test_chosen_champion_counts_toward_40_and_its_own_3():
    # A list of 39 plus the champion under its own heading is a 40-card Main Deck.
    cards = flat(ORNN)
    d = sectioned(cards, {"SFD-058": Zone.CHAMPION}, champion=ORNN_CHAMPION)
    assert d.main_count == 40 and check(d).violations == []
    # The champion and 2 more copies make 3; a 4th is one too many.
    assert check(deck(change(cards, SFD_058=2, OGN_043=-2), champion=ORNN_CHAMPION)).violations == []
    v = only(check(deck(change(cards, SFD_058=3, OGN_043=-2, OGN_104=-1), champion=ORNN_CHAMPION)), "RB103")
    assert "4 copies of Ornn, Blacksmith" in v.message
    assert "Chosen Champion counts toward its own 3" in v.message
    assert v.rule == "CR 103.2.b, CR 103.2.b.1"


def test_chosen_champion_must_be_a_champion_unit():
    v = only(check(deck(flat(ORNN), champion="Brutalizer")), "RB213")
    assert "Brutalizer is a gear without the Champion supertype" in v.message


def test_signature_unit_cannot_be_the_chosen_champion():
    assert check(deck(annie(), champion="Annie, Stubborn"), as_of="2026-09-30").violations == []
    v = only(check(deck(annie(), champion="Tibbers"), as_of="2026-09-30"), "RB214")
    assert v.card == "Tibbers" and v.rule == "CR 103.2.a.2, CR 103.2.d.3"


def test_other_champion_units_are_ordinary_cards():
    d = deck(flat(JINX), champion=JINX_CHAMPION)
    others = {e.card.champion_tag for e in d.main if e.card.is_champion_unit} - {"Jinx"}
    assert others == {"Vi", "Teemo", "Twisted Fate", "Morgana"}
    assert check(d).violations == []


def test_four_signature_cards_with_different_names():
    cards = change(flat(YI), OGN_043=-3, OGN_045=-1, OGS_020=3, UNL_192=1)
    v = only(check(deck(cards, champion=YI_CHAMPION)), "RB105")
    assert "4 Signature cards" in v.message and v.rule == "CR 103.2.d.1"


def test_unique_signature_cards_count_toward_both_limits():
    three = change(flat(ORNN), OGN_043=-2, OGN_104=-1, SFD_190=1, SFD_191=1, SFD_192=1)
    assert check(deck(three, champion=ORNN_CHAMPION)).violations == []
    v = only(check(deck(change(three, SFD_192=-1, SFD_191=1), champion=ORNN_CHAMPION)), "RB104")
    assert "2 copies of Rabadon's Deathcrown" in v.message
    # A second copy is also a 4th Signature card, so both limits are broken.
    both = change(three, SFD_046=-1, SFD_190=1)
    assert sorted(codes(check(deck(both, champion=ORNN_CHAMPION)))) == ["RB104", "RB105"]


def test_spiderling_text_lifts_the_copy_limit():
    cards = change(flat(JINX), OGN_169=-2, OGN_173=-2, VEN_097=4)
    assert check(deck(cards, champion=JINX_CHAMPION)).violations == []
    more = deck(change(cards, OGN_004=-2, VEN_097=2), champion=JINX_CHAMPION, sideboard={"VEN-097": 3})
    assert check(more).violations == []


def test_runes_any_split_and_no_copy_limit():
    cards = change(flat(ORNN), VEN_R03=-4, VEN_R02=4)  # 12 Calm Runes, 0 Mind
    assert check(deck(cards, champion=ORNN_CHAMPION)).violations == []


def test_legend_and_battlefield_in_the_main_deck():
    legend = sectioned(change(flat(ORNN), OGN_043=-1, OGN_255=1), {"OGN-255": Zone.MAIN}, champion=ORNN_CHAMPION)
    v = only(check(legend), "RB102")
    assert v.message.startswith("Ahri, Nine-Tailed Fox is a legend") and v.card == "Ahri, Nine-Tailed Fox"
    field = sectioned(change(flat(ORNN), OGN_043=-1, OGN_288=1), {"OGN-288": Zone.MAIN}, champion=ORNN_CHAMPION)
    v = only(check(field), "RB102")
    assert "Startipped Peak is a battlefield" in v.message and "battlefields" in v.hint


def test_two_printings_of_one_battlefield_share_a_name():
    cards = change(flat(ORNN), SFD_217=-1, SFD_221=-1, OGN_278=1, OGN_278a=1)
    v = only(check(deck(cards, champion=ORNN_CHAMPION)), "RB402")
    assert v.card == "Bandle Tree"


def test_printings_count_as_one_card():
    # The real Annie list already holds Kai'Sa, Survivor as OGN-039, OGN-039A and VEN-SP1: 3 in all.
    assert check(deck(annie(), champion="Annie, Stubborn"), as_of="2026-09-30").violations == []
    v = only(check(deck(annie(OGS_011=-1, OGN_039=1), champion="Annie, Stubborn"), as_of="2026-09-30"), "RB103")
    assert "4 copies of Kai'Sa, Survivor" in v.message
    # Lux, Crownguard is OGS-014 and the Vendetta special printing VEN-SP6.
    lux = change(flat(KENNEN), OGN_218=-3, OGN_224=-1, OGS_014=2, VEN_SP6=2)
    assert "4 copies of Lux, Crownguard" in only(check(deck(lux, champion=KENNEN_CHAMPION)), "RB103").message
    # An Arcane Box Set printing is legal by its name (TR 601.2.a) though ARC is no Standard set.
    jinx = change(flat(JINX), OGN_004=-1, ARC_005=1)
    assert check(deck(jinx, champion=JINX_CHAMPION)).violations == []


def test_sideboard_copies_count_with_the_main_deck():
    d = deck(flat(ORNN), champion=ORNN_CHAMPION, sideboard={"OGN-044": 1})
    v = only(check(d), "RB103")
    assert "4 copies of Clockwork Keeper (3 in the Main Deck, 1 in the sideboard)" in v.message
    assert v.rule == "CR 103.2.b, TR 601.1.c.3"
    assert check(d, "casual").violations == []  # the Core Rules know no sideboard


def test_main_deck_over_40():
    d = deck(change(flat(ORNN), OGN_043=1), champion=ORNN_CHAMPION)
    v = only(check(d), "RB101")
    assert "41 cards" in v.message and v.hint.startswith("Cut 1")
    assert check(d, "casual").violations == []
    short = deck(change(flat(ORNN), OGN_043=-1), champion=ORNN_CHAMPION)
    v = only(check(short, "casual"), "RB101")
    assert "at least 40" in v.message and v.rule == "CR 103.2"


def test_names_written_with_dashes_and_starter():
    cards = {k: v for k, v in flat(YI).items() if k not in ("OGS-019", "OGS-009")}
    entries = [RawEntry(text=k, count=v, file="yi.txt", line=i + 1)
               for i, (k, v) in enumerate(cards.items())]
    entries += [RawEntry(text="Wuju Bladesman - Starter", count=1, file="yi.txt", line=90),
                RawEntry(text="Master Yi - Honed", count=1, file="yi.txt", line=91)]
    d = resolve_deck(RawDeck(name="yi", source="yi.txt", reader="text", entries=entries), load_cards(),
                     champion="Master Yi - Honed")
    assert d.legend.card.name == "Master Yi, Wuju Bladesman"
    assert check(d).violations == []
