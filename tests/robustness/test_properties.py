"""Properties the other test files leave open: name lookup on any text, and the whole pipeline
(read -> resolve -> check) on deck-like text, decoded deck codes and nested YAML/JSON data."""

from __future__ import annotations

import base64
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckcheck.cards import load_cards
from deckcheck.cards.lookup import Found, NotFound
from deckcheck.decks.load import read_text
from deckcheck.decks.resolve import resolve_deck
from deckcheck.errors import DeckcheckError
from deckcheck.rules import check_deck, get_rule

DB = load_cards()
NAMES = sorted(DB.names)
IDS = sorted({card.id for name in NAMES for card in DB.printings_of(name)})
AS_OF = "2026-10-20"
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

ANY_TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=200)  # no lone surrogates
CONTROL_TEXT = st.text(alphabet=st.characters(max_codepoint=0x9F), max_size=60)
LONG_TEXT = st.builds(lambda piece, times: piece * times, st.text(min_size=1, max_size=12), st.integers(10, 5000))
NEAR_NAMES = st.builds(lambda name, cut, junk: name[:cut] + junk + name[cut:],
                       st.sampled_from(NAMES), st.integers(0, 40), st.text(max_size=3))
NEAR_IDS = st.builds(lambda card_id, junk: card_id + junk, st.sampled_from(IDS),
                     st.sampled_from(["", "a", "s", "*", "-1", "x", "/298", " ", "-STAR", "a-2"]))


@SETTINGS
@given(st.one_of(ANY_TEXT, CONTROL_TEXT, LONG_TEXT, NEAR_NAMES, NEAR_IDS))
def test_find_returns_found_or_not_found_for_any_text(text):
    result = DB.find(text)
    assert isinstance(result, (Found, NotFound))
    if isinstance(result, NotFound):
        assert result.message and len(result.message) < 500  # a long paste is not echoed back whole
        assert all(s in DB.names for s in result.suggestions if result.kind in ("unknown-name", "ambiguous"))


def run_pipeline(text: str, fmt: str | None = None) -> None:
    """Read, resolve and check ``text``; anything but a DeckcheckError is a bug."""
    try:
        raw = read_text(text, source="prop.txt", fmt=fmt)
    except DeckcheckError:
        return
    deck = resolve_deck(raw, DB)
    report = check_deck(deck, "standard", AS_OF, cards=DB)
    # Every finding names a rule of the registry, and a line the text has.
    assert all(get_rule(v.code) is not None for v in report.violations), [v.code for v in report.violations]
    assert all(v.line is None or 1 <= v.line <= max(1, len(text.splitlines())) for v in report.violations)
    # The report's counts are the deck's, and a legal verdict holds what a Standard deck must hold,
    # counted here from the resolved deck rather than taken from the rule engine.
    main = sum(e.count for e in deck.main)
    assert report.counts.get("main", 0) == main
    if report.legal:
        assert deck.legend is not None and not deck.unknown
        assert main == 40 and sum(e.count for e in deck.runes) == 12
        assert sum(e.count for e in deck.battlefields) == 3


COUNT = st.sampled_from(["", "1 ", "3 ", "3x ", "0 ", "-2 ", "99 ", "100 ", "12345678901234567890 ", "+3 ", "٣ "])
CARD = st.one_of(st.sampled_from(NAMES), st.sampled_from(IDS), NEAR_NAMES, NEAR_IDS, ANY_TEXT)
SUFFIX = st.sampled_from(["", " x3", " (2)", " [OGN-007a]", " # OGN-245", " // note", "\t", "\u00a0"])
HEADER = st.sampled_from(["Legend:", "Champion:", "MainDeck:", "Main Deck (40):", "Battlefields:", "Runes:",
                          "Sideboard:", "== Runes ==", "## Sideboard", "SB:", "Additional legends:", "# title", ""])
LINE = st.one_of(st.builds(lambda c, n, s: c + n + s, COUNT, CARD, SUFFIX), HEADER)


@SETTINGS
@given(st.lists(LINE, min_size=1, max_size=40), st.sampled_from(["\n", "\r\n", "\r"]))
def test_any_deck_like_text_goes_through_the_whole_pipeline(lines, newline):
    run_pipeline(newline.join(lines))


@SETTINGS
@given(st.integers(0x10, 0x1F), st.binary(max_size=120))
def test_any_bytes_as_a_deck_code_go_through_the_whole_pipeline(header, data):
    code = base64.b32encode(bytes([header]) + data).decode().rstrip("=")
    run_pipeline(code)
    run_pipeline(code, fmt="code")


SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(allow_nan=True),
                    st.sampled_from(NAMES), st.sampled_from(IDS), ANY_TEXT)
NESTED = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=5),
                                                        st.dictionaries(st.one_of(st.sampled_from(NAMES), ANY_TEXT),
                                                                        inner, max_size=5)), max_leaves=30)
SECTION = st.one_of(
    st.dictionaries(st.one_of(st.sampled_from(NAMES), NEAR_NAMES), st.one_of(st.integers(-5, 150), NESTED), max_size=12),
    st.dictionaries(st.sampled_from(NAMES), st.integers(1, 4), max_size=12),
    st.lists(st.one_of(st.sampled_from(NAMES), NESTED), max_size=12), NESTED)
MOSTLY_NAME = st.one_of(st.sampled_from(NAMES), st.sampled_from(NAMES), st.sampled_from(NAMES), NESTED)
DECK_DATA = st.fixed_dictionaries(  # mostly well-shaped, so most documents reach the resolver and the rules
    {"format_version": st.one_of(st.just(1), st.just(1), st.just(1), NESTED)},
    optional={"legend": MOSTLY_NAME, "champion": MOSTLY_NAME, "main": SECTION, "battlefields": SECTION,
              "runes": SECTION, "sideboard": SECTION, "name": st.one_of(ANY_TEXT, ANY_TEXT, NESTED),
              "additional_legends": st.one_of(st.lists(st.sampled_from(NAMES), max_size=3), NESTED)})


@SETTINGS
@given(DECK_DATA, st.sampled_from(["yaml", "json"]))
def test_any_nested_yaml_or_json_deck_goes_through_the_whole_pipeline(data, kind):
    if kind == "json":
        text = json.dumps(data, allow_nan=True)
    else:
        import yaml

        text = yaml.safe_dump(data, allow_unicode=True)
    run_pipeline(text, fmt=kind)
