"""Every rule: a real deck changed to break only that rule gets exactly that one violation, and the
legal deck it was made from gets none."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from typing import Callable

import pytest
from rules.support import (
    CHECK_DAY, JINX, JINX_CHAMPION, ORNN, ORNN_CHAMPION, YI, YI_CHAMPION, change, check, deck, flat,
    only, sectioned,
)

from deckcheck.cards import load_cards
from deckcheck.decks.model import Deck, Problem, RawDeck, RawEntry, Severity, Source, Zone
from deckcheck.decks.resolve import resolve_deck
from deckcheck.rules import all_rules


@dataclass
class Case:
    base: Callable[[], Deck]
    broken: Callable[[], Deck]
    says: tuple[str, ...]  # fragments the message must contain
    card: str | None = None  # the card the violation names
    fmt: str = "standard"
    as_of: date = CHECK_DAY


def ornn(**delta) -> Deck:
    return deck(change(flat(ORNN), **delta), champion=ORNN_CHAMPION)


def ornn_base() -> Deck:
    return ornn()


def yi(**delta) -> Deck:
    return deck(change(flat(YI), **delta), champion=YI_CHAMPION)


def _sideboard_of(n: int) -> dict[str, int]:
    """``n`` legal Calm/Mind sideboard cards the Ornn deck does not play (3 of each name at most)."""
    names = ["OGN-046", "OGN-047", "OGN-048", "OGN-049", "OGN-050"]
    out: dict[str, int] = {}
    for card_id in names:
        take = min(3, n - sum(out.values()))
        if take:
            out[card_id] = take
    return out


def _raw_problem(severity: Severity) -> Deck:
    raw = RawDeck(name="deck.txt", source="deck.txt", reader="text",
                  entries=[RawEntry(text=k, count=v, file="deck.txt", line=i + 1)
                           for i, (k, v) in enumerate(flat(ORNN).items())],
                  problems=[Problem(severity=severity, message="cannot read '3x'", text="3x",
                                    source=Source(file="deck.txt", line=30))])
    return resolve_deck(raw, load_cards(), champion=ORNN_CHAMPION)


def _id_name_mismatch() -> Deck:
    entries = [RawEntry(text=k, count=v, file="deck.txt", line=i + 1)
               for i, (k, v) in enumerate(flat(ORNN).items()) if k != "OGN-044"]
    entries.append(RawEntry(text="Clockwork Keepr", card_id="OGN-044", count=3,
                            file="deck.txt", line=40))
    raw = RawDeck(name="deck.txt", source="deck.txt", reader="text", entries=entries)
    return resolve_deck(raw, load_cards(), champion=ORNN_CHAMPION)


def _domain_battlefield() -> Deck:
    """No printed battlefield has a domain yet, so this one is a real battlefield given Fury."""
    from deckcheck.cards.model import Domain

    base = ornn_base()
    first = base.battlefields[0]
    fury = replace(first, card=replace(first.card, domains=(Domain.FURY,)))
    return replace(base, battlefields=[fury, *base.battlefields[1:]])


def _event_format() -> str:
    """A format file for an event whose addendum allows only four battlefields (TR 601.1.d)."""
    import tempfile
    from pathlib import Path

    path = Path(tempfile.mkdtemp(prefix="deckcheck-event-")) / "event.yaml"
    path.write_text("extends: standard\nname: event\ntitle: An event\nbattlefields:\n"
                    "  - Ornn's Forge\n  - Seat of Power\n  - Veiled Temple\n  - Monastery of Hirana\n")
    return str(path)


EVENT = _event_format()

CASES: dict[str, Case] = {
    "RB001": Case(ornn_base, lambda: ornn(OGN_043=-1, OGN_999=1),
                  ("no card OGN-999 in Origins",), "OGN-999"),
    "RB002": Case(ornn_base, lambda: _raw_problem(Severity.ERROR), ("cannot read '3x'",), "3x"),
    "RB003": Case(ornn_base, _id_name_mismatch, ("Clockwork Keepr", "OGN-044"), "Clockwork Keepr"),
    "RB004": Case(ornn_base, lambda: deck(flat(ORNN)), ("chose Ornn, Blacksmith",), "Ornn, Blacksmith"),
    "RB005": Case(ornn_base, lambda: ornn(OGN_043=-1, RAD_011=1),
                  ("RAD-011", "not in the card data", "preliminary", "check it by hand"), "RAD-011",
                  as_of=date(2026, 11, 30)),
    "RB006": Case(ornn_base, lambda: ornn(OGN_043=-1, RAD_053=1),
                  ("Strigian Oracle", "preliminary Radiance data has in doubt", "domains Mind"), "Strigian Oracle",
                  as_of=date(2026, 11, 30)),
    "RB101": Case(ornn_base, lambda: ornn(OGN_043=-1), ("Main Deck has 39 cards", "exactly 40")),
    "RB102": Case(ornn_base, lambda: ornn(OGN_043=-1, OGN_271=1), ("Recruit is a token",), "Recruit"),
    "RB103": Case(ornn_base, lambda: ornn(OGN_043=-1, OGN_081=1),
                  ("4 copies of Seal of Focus", "OGN-081", "SFD-226", "at most 3"), "Seal of Focus"),
    "RB104": Case(ornn_base, lambda: ornn(OGN_043=-2, SFD_190=2),
                  ("2 copies of Forgefire Cape", "Unique", "at most 1"), "Forgefire Cape"),
    "RB105": Case(lambda: yi(), lambda: yi(OGN_043=-3, OGN_045=-1, OGS_020=2, UNL_192=2),
                  ("4 Signature cards", "Highlander ×2", "Alpha Strike ×2", "at most 3")),
    "RB106": Case(ornn_base, lambda: ornn(OGN_043=-1, OGN_256=1),
                  ("Fox-Fire is a Signature card of Ahri", "Ornn"), "Fox-Fire"),
    "RB107": Case(lambda: yi(OGN_043=-3, OGS_020=3), lambda: deck(change(flat(YI), OGN_043=-3, OGS_020=3),
                  champion=YI_CHAMPION, sideboard={"UNL-192": 1}),
                  ("4 Signature cards over Main Deck (3) and sideboard (1)",)),
    "RB108": Case(ornn_base, lambda: ornn(OGN_043=-1, OGN_004=1),
                  ("Cleave (Fury) is outside the domain identity Calm and Mind",), "Cleave"),
    "RB201": Case(ornn_base, lambda: ornn(SFD_189=-1), ("No Champion Legend",)),
    "RB202": Case(lambda: sectioned(flat(ORNN), {}, champion=ORNN_CHAMPION),
                  lambda: sectioned(change(flat(ORNN), SFD_189=-1, SFD_190=1),
                                    {"SFD-190": Zone.LEGEND}, champion=ORNN_CHAMPION),
                  ("Forgefire Cape is a gear, not a legend",), "Forgefire Cape"),
    "RB203": Case(ornn_base, lambda: deck(flat(ORNN), champion=ORNN_CHAMPION,
                                          additional_legends=["Ahri, Nine-Tailed Fox"]),
                  ("1 additional legend", "2026-10-09"), "Ahri, Nine-Tailed Fox"),
    "RB211": Case(ornn_base, lambda: deck(change(flat(ORNN), SFD_058=-1, OGN_043=1)),
                  ("No Chosen Champion", "no Ornn champion unit")),
    "RB212": Case(ornn_base, lambda: deck(flat(ORNN), champion="Ornn, Forge God"),
                  ("Ornn, Forge God is not in the Main Deck",), "Ornn, Forge God"),
    "RB213": Case(ornn_base, lambda: deck(flat(ORNN), champion="Charm"),
                  ("Charm is a spell without the Champion supertype",), "Charm"),
    "RB214": Case(lambda: ornn(OGN_043=-1, SFD_190=1),
                  lambda: deck(change(flat(ORNN), OGN_043=-1, SFD_190=1), champion="Forgefire Cape"),
                  ("Forgefire Cape is a Signature card",), "Forgefire Cape"),
    "RB215": Case(lambda: deck(flat(JINX), champion=JINX_CHAMPION),
                  lambda: deck(flat(JINX), champion="Vi, Destructive"),
                  ("Vi, Destructive is a Vi champion", "needs a Jinx champion"), "Vi, Destructive"),
    "RB301": Case(ornn_base, lambda: ornn(VEN_R02=-1), ("Rune Deck has 11 runes", "exactly 12")),
    "RB302": Case(lambda: sectioned(flat(ORNN), {}, champion=ORNN_CHAMPION),
                  lambda: sectioned(change(flat(ORNN), VEN_R02=-1, OGN_043=1),
                                    {"OGN-104": Zone.RUNES}, champion=ORNN_CHAMPION),
                  ("Retreat is a spell, not a rune",), "Retreat"),
    "RB303": Case(ornn_base, lambda: ornn(VEN_R02=-1, OGN_007=1),
                  ("Fury Rune (Fury) is outside the domain identity",), "Fury Rune"),
    "RB401": Case(ornn_base, lambda: ornn(SFD_221=-1), ("2 battlefields", "exactly 3")),
    "RB402": Case(ornn_base, lambda: ornn(SFD_221=-1, SFD_217=1),
                  ("Seat of Power is listed more than once",), "Seat of Power"),
    "RB403": Case(lambda: sectioned(flat(ORNN), {}, champion=ORNN_CHAMPION),
                  lambda: sectioned(change(flat(ORNN), SFD_221=-1, OGN_042=1),
                                    {"OGN-042": Zone.BATTLEFIELDS}, champion=ORNN_CHAMPION),
                  ("Calm Rune is a rune, not a battlefield",), "Calm Rune"),
    "RB404": Case(ornn_base, _domain_battlefield, ("(Fury) is outside the domain identity",), "Ornn's Forge"),
    "RB405": Case(ornn_base, lambda: ornn(SFD_221=-1, OGN_283=1),
                  ("Navori Fighting Pit is not on the list of battlefields allowed in event",),
                  "Navori Fighting Pit", fmt=EVENT),
    "RB501": Case(lambda: deck(flat(ORNN), champion=ORNN_CHAMPION, sideboard=_sideboard_of(10)),
                  lambda: deck(flat(ORNN), champion=ORNN_CHAMPION, sideboard=_sideboard_of(11)),
                  ("Sideboard has 11 cards", "at most 10")),
    "RB502": Case(ornn_base, lambda: deck(flat(ORNN), champion=ORNN_CHAMPION, sideboard={"OGN-046": 2}),
                  ("best of one", "2 cards"), fmt="standard-bo1"),
    "RB503": Case(lambda: deck(flat(ORNN), champion=ORNN_CHAMPION, sideboard={"OGN-046": 1}),
                  lambda: deck(flat(ORNN), champion=ORNN_CHAMPION, sideboard={"OGN-004": 1}),
                  ("sideboard card Cleave (Fury) is outside the domain identity",), "Cleave"),
    "RB601": Case(ornn_base, lambda: ornn(OGN_104=-1, OGN_110=1),
                  ("Ekko, Recurrent is banned in standard since 2026-09-18",), "Ekko, Recurrent"),
    "RB602": Case(lambda: ornn(VEN_058=-3, OGN_043=1, OGN_104=2),
                  lambda: ornn(VEN_058=-2, OGN_043=1, OGN_104=1),
                  ("Patched Porobot is from Vendetta (VEN), which is legal from 2026-07-31", "not yet on 2026-07-01"),
                  "Patched Porobot", as_of=date(2026, 7, 1)),
}


def test_every_rule_has_a_case():
    # the team rules judge two decks together: test_teams_and_selection.py
    assert sorted(CASES) == [r.code for r in all_rules() if not r.team]


@pytest.mark.parametrize("code", sorted(CASES))
def test_base_deck_is_clean(code):
    case = CASES[code]
    report = check(case.base(), case.fmt, case.as_of)
    assert report.violations == [], [(v.code, v.message) for v in report.violations]
    assert report.legal


@pytest.mark.parametrize("code", sorted(CASES))
def test_broken_deck_breaks_only_that_rule(code):
    case = CASES[code]
    report = check(case.broken(), case.fmt, case.as_of)
    v = only(report, code)
    for fragment in case.says:
        assert fragment in v.message, v.message
    if case.card is not None:
        assert v.card == case.card
    assert v.hint, "every violation says how to fix it"
    assert v.rule.startswith(("CR ", "TR "))
    assert v.file == "deck.txt"
    rule = next(r for r in all_rules() if r.code == code)
    assert v.name == rule.name and v.severity is rule.severity
    assert report.legal is (rule.severity is not Severity.ERROR)


def test_violation_points_at_the_line():
    report = check(ornn(OGN_043=-1, OGN_004=1))
    (v,) = report.violations
    lines = list(change(flat(ORNN), OGN_043=-1, OGN_004=1))
    assert v.line == lines.index("OGN-004") + 1
    assert v.zone == "main"
