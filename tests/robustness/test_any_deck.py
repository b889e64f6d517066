"""Any deck, however broken, in any format on any date: a report, never an exception, and the same
report every time."""

from __future__ import annotations

from datetime import date, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckcheck.cards import load_cards
from deckcheck.decks.model import RawDeck, RawEntry, Zone
from deckcheck.decks.resolve import resolve_deck
from deckcheck.rules import all_rules, check_deck, format_names

DB = load_cards()
IDS = sorted(c.id for c in DB)
NAMES = {r.code: r.name for r in all_rules()}


@st.composite
def raw_decks(draw) -> RawDeck:
    lines = draw(st.lists(
        st.tuples(st.sampled_from(IDS + ["RAD-095", "Jinks, Rebel", "OGN-999"]),
                  st.integers(1, 14),
                  st.sampled_from([None, *Zone])),
        min_size=0, max_size=30))
    entries = [RawEntry(text=t, count=n, zone=z, file="x.txt", line=i + 1)
               for i, (t, n, z) in enumerate(lines)]
    return RawDeck(name="x", source="x.txt", reader="text", entries=entries)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=raw_decks(), fmt=st.sampled_from(format_names()),
       days=st.integers(0, (date(2027, 6, 1) - date(2025, 10, 31)).days),
       champion=st.one_of(st.none(), st.sampled_from(IDS)))
def test_any_deck_gets_a_sound_report(raw, fmt, days, champion):
    deck = resolve_deck(raw, DB, champion=champion)
    day = date(2025, 10, 31) + timedelta(days=days)
    report = check_deck(deck, fmt, day, DB)
    again = check_deck(deck, fmt, day, DB)
    assert report == again
    for v in report.violations:
        assert v.name == NAMES[v.code] and v.hint and v.message
        assert v.rule.startswith(("CR ", "TR "))
        assert v.file == "x.txt"
    # Problems come in report order; past 50 of one rule, one more problem counts the rest, right
    # after the last one listed of that rule.
    listed = [v for v in report.violations if "not listed one by one" not in v.message]
    assert listed == sorted(listed, key=lambda v: v.sort_key())
    for before, v in zip(report.violations, report.violations[1:]):
        if v not in listed:
            assert before.code == v.code and before in listed
    # Every unknown line is reported, never dropped.
    assert sum(v.code == "RB001" for v in report.violations) == len(deck.unknown)
