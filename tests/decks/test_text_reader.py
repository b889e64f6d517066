"""The sectioned text reader and writer, with the real tournament lists in every dialect players paste."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import REPO, raw_from_flat, real_decks
from deckcheck.decks import text
from deckcheck.decks.model import Deck, Severity, Zone
from deckcheck.decks.resolve import resolve_deck
from deckcheck.errors import DeckReadError

ZONES = (Zone.LEGEND, Zone.MAIN, Zone.BATTLEFIELDS, Zone.RUNES, Zone.SIDEBOARD)


# ---------------------------------------------------------------------------- helpers
def reference_decks(db) -> list[Deck]:
    """Every real list the database fully knows, resolved, with a Chosen Champion named (not guessed)."""
    out = []
    for data in real_decks():
        deck = resolve_deck(raw_from_flat(data["cards"], data["slug"]), db)
        if deck.unknown or deck.legend is None:
            continue
        tag = deck.legend.card.champion_tag
        first = next(e.card.name for e in deck.main if e.card.is_champion_unit and e.card.champion_tag == tag)
        deck = resolve_deck(raw_from_flat(data["cards"], data["slug"]), db, champion=first)
        out.append(deck)
    return out


@pytest.fixture(scope="module")
def decks(db):
    found = reference_decks(db)
    assert len(found) >= 20
    return found


def by_name(deck: Deck) -> dict:
    """What a player sees: per zone, card names and counts; and the champion's name."""
    zones = {z.value: Counter() for z in ZONES}
    for zone in ZONES:
        for entry in deck.zone(zone):
            zones[zone.value][entry.card.name] += entry.count
    zones["champion"] = deck.champion.card.name if deck.champion else None
    return zones


def by_printing(deck: Deck) -> dict:
    zones = {z.value: Counter() for z in ZONES}
    for zone in ZONES:
        for entry in deck.zone(zone):
            zones[zone.value][entry.card.id] += entry.count
    zones["champion"] = deck.champion.card.id if deck.champion else None
    zones["name"] = deck.name
    return zones


def split_champion(deck: Deck):
    """(legend, champion, main without the champion's copy, battlefields, runes, sideboard) entries."""
    main = [(e.card, e.count) for e in deck.main]
    champion = deck.champion.card
    at = next(i for i, (card, _) in enumerate(main) if card.id == champion.id)
    card, count = main[at]
    main[at] = (card, count - 1)
    main = [(c, n) for c, n in main if n]
    return (
        [(deck.legend.card, 1)],
        [(champion, 1)],
        main,
        [(e.card, e.count) for e in deck.battlefields],
        [(e.card, e.count) for e in deck.runes],
        [(e.card, e.count) for e in deck.sideboard],
    )


def dashed(name: str) -> str:
    return name.replace(", ", " - ", 1)


def render(deck: Deck, headers, line, blank_between=True, title=None) -> str:
    out = [title] if title else []
    for header, entries in zip(headers, split_champion(deck)):
        if header is None:
            continue
        if header:
            out.append(header)
        out.extend(line(card, count) for card, count in entries)
        if blank_between:
            out.append("")
    return "\n".join(out) + "\n"


PILTOVER = ("Legend:", "Champion:", "MainDeck:", "Battlefields:", "Runes:", "Sideboard:")
DIALECTS = {
    "piltover": lambda d: render(d, PILTOVER, lambda c, n: f"{n} {c.name}"),
    "equals-3x-dashed": lambda d: render(
        d, ("== Legend ==", "== Champion ==", "== Main Deck ==", "== Battlefields ==", "== Runes ==", "== Sideboard =="),
        lambda c, n: f"{n}x {dashed(c.name)}", title="My list by someone"),
    "upper-name-x3": lambda d: render(
        d, ("LEGEND:", "CHAMPION:", "MAIN DECK:", "BATTLEFIELDS:", "RUNE DECK:", "SIDE DECK:"),
        lambda c, n: f"{c.name} x{n}", blank_between=False),
    "markdown-paren-count": lambda d: render(
        d, ("## Legend", "## Champion", "## Main Deck (39)", "## Battlefields", "## Rune Pool", "## Sideboard"),
        lambda c, n: f"- {c.name} ({n})"),
    "french-3-x": lambda d: render(
        d, ("Légende", "Champion", "Deck principal", "Champs de bataille", "Runes", "Réserve"),
        lambda c, n: f"{n} x {c.name}"),
    "ids-in-brackets": lambda d: render(d, PILTOVER, lambda c, n: f"{n} {c.name} [{c.id}]"),
    "ids-in-parens-3x": lambda d: render(d, PILTOVER, lambda c, n: f"{n}x {dashed(c.name)} ({c.id})"),
    "bare-ids": lambda d: render(d, PILTOVER, lambda c, n: f"{n} {c.id}"),
    "headerless": lambda d: render(d, ("", "", "", "", "", None), lambda c, n: f"{n} {c.name}"),
    "headerless-no-counts-for-singles": lambda d: render(
        d, ("", "", "", "", "", None), lambda c, n: c.name if c.type.value in ("Legend", "Battlefield") else f"{n} {c.name}"),
}
ID_DIALECTS = {"ids-in-brackets", "ids-in-parens-3x", "bare-ids"}


# ---------------------------------------------------------------------------- dialects
@pytest.mark.parametrize("dialect", sorted(DIALECTS))
def test_every_real_list_reads_the_same_in_every_dialect(db, decks, dialect):
    for deck in decks:
        written = DIALECTS[dialect](deck)
        raw = text.read(written, source="list.txt")
        assert [p for p in raw.problems if p.severity is not Severity.INFO] == [], (dialect, written)
        again = resolve_deck(raw, db)
        assert again.unknown == [], (dialect, deck.source)
        want, got = (by_printing, by_printing) if dialect in ID_DIALECTS else (by_name, by_name)
        expected, actual = want(deck), got(again)
        expected.pop("name", None), actual.pop("name", None)
        assert actual == expected, (dialect, deck.source)
        assert again.main_count == 40 and again.rune_count == 12 and again.battlefield_count == 3


def test_inline_headers(db, decks):
    deck = decks[0]
    legend, champion, main, battlefields, runes, _ = split_champion(deck)
    lines = [f"Legend: {legend[0][0].name}", f"Champion: {champion[0][0].name}", "Main Deck:"]
    lines += [f"{n} {c.name}" for c, n in main]
    lines += ["Battlefields: " + battlefields[0][0].name] + [c.name for c, _ in battlefields[1:]]
    lines += ["Runes:"] + [f"{n} {c.name}" for c, n in runes]
    again = resolve_deck(text.read("\n".join(lines)), db)
    assert by_name(again) == by_name(deck)


def test_flat_list_is_filed_by_type_and_champion_inferred(db, decks):
    for deck in decks:
        lines = [f"{e.count} {e.card.name}" for zone in ZONES for e in deck.zone(zone)]
        raw = text.read("\n".join(reversed(lines)))
        assert all(e.zone is None for e in raw.entries)
        again = resolve_deck(raw, db)
        got, want = by_name(again), by_name(deck)
        got.pop("champion"), want.pop("champion")
        assert got == want
        if again.champion is not None:
            assert again.champion_inferred


def test_legend_pasted_under_champion_lands_in_the_legend_slot(db):
    raw = text.read("Champion:\n1 Loose Cannon\n1 Jinx, Demolitionist\nMainDeck:\n3 Cleave\n")
    deck = resolve_deck(raw, db)
    assert deck.legend.card.name == "Jinx, Loose Cannon"
    assert deck.champion.card.name == "Jinx, Demolitionist"
    note = next(p for p in deck.problems if "legend listed under Champion" in p.message)
    assert note.source.line == 2


def test_id_beside_the_name_decides_and_a_mismatch_is_a_warning(db):
    raw = text.read("MainDeck:\n3 Jinx, Rebel [OGN-004]\n2 Cleave (OGN-004)\n")
    deck = resolve_deck(raw, db)
    assert [(e.card.name, e.count) for e in deck.main] == [("Cleave", 5)]
    warning = [p for p in deck.problems if p.severity is Severity.WARNING]
    assert len(warning) == 1 and warning[0].source.line == 2 and "OGN-004" in warning[0].message


def test_inline_card_keeps_its_id_comment(db):
    raw = text.read("Legend: Jinx, Loose Cannon # OGN-251\nMainDeck: // the rest\n3 Cleave\n")
    assert [(e.zone, e.text, e.card_id) for e in raw.entries] == [
        (Zone.LEGEND, "Jinx, Loose Cannon", "OGN-251"), (Zone.MAIN, "Cleave", None)]
    assert raw.problems == []


def test_id_comment_keeps_the_printing(db):
    raw = text.read("Runes:\n8 Fury Rune # OGN-007a\n4 Chaos Rune // a comment, not an id\n")
    assert [(e.text, e.card_id) for e in raw.entries] == [("Fury Rune", "OGN-007a"), ("Chaos Rune", None)]
    deck = resolve_deck(raw, db)
    assert [e.card.id for e in deck.runes] == ["OGN-007a", db.by_name("Chaos Rune").id]


# ---------------------------------------------------------------------------- noise around the cards
def test_bom_crlf_cr_tabs_nbsp_comments_and_blank_lines(db, decks):
    deck = decks[1]
    plain = DIALECTS["piltover"](deck)
    noisy = "\ufeff# exported for the store championship\n\n" + plain.replace(" ", "\u00a0", 3)
    noisy = noisy.replace("\n", "\r\n").replace("1 ", "1\t", 5)
    noisy = noisy.replace("MainDeck:", "MainDeck:   // the 39 others\r\n\r\n// units first")
    for variant in (noisy, noisy.replace("\r\n", "\r")):
        raw = text.read(variant)
        assert [p for p in raw.problems] == []
        assert by_name(resolve_deck(raw, db)) == by_name(deck)


def test_line_numbers_survive_crlf_and_cr(db):
    for eol in ("\n", "\r\n", "\r"):
        raw = text.read(eol.join(["Legend:", "Loose Cannon", "", "MainDeck:", "3 Cleave", "0 Cleave"]))
        assert [e.source.line for e in raw.entries] == [2, 5]
        assert [p.source.line for p in raw.problems] == [6]


@pytest.mark.parametrize(
    "first_lines, title",
    [
        ("# Jinx Aggro\n", "Jinx Aggro"),
        ("Jinx Aggro v3 (store champs)\n\n", "Jinx Aggro v3 (store champs)"),
        ("Name: Jinx Aggro\n", "Jinx Aggro"),
        ("Deck: Jinx Aggro\n", "Jinx Aggro"),
        ("2026 Regionals - Jinx\n", "2026 Regionals - Jinx"),
        ("// not a title\n", None),
    ],
)
def test_title_line(first_lines, title):
    raw = text.read(first_lines + "Legend:\nLoose Cannon\nMainDeck:\n3 Cleave\n")
    assert raw.name == title
    assert [e.text for e in raw.entries] == ["Loose Cannon", "Cleave"]


def test_headerless_list_with_a_title(db, decks):
    deck = decks[2]
    written = DIALECTS["headerless"](deck)
    raw = text.read("Tournament list\n\n" + written)
    assert raw.name == "Tournament list"
    assert by_name(resolve_deck(raw, db)) == by_name(deck)


def test_lines_without_count(db):
    raw = text.read("Legend:\nLoose Cannon\nChampion:\nJinx, Demolitionist\nMainDeck:\nCleave\nBattlefields:\nZaun Warrens\n")
    assert [e.count for e in raw.entries] == [1, 1, 1, 1]
    (warning,) = raw.problems
    assert warning.severity is Severity.WARNING and warning.source.line == 6 and "no count" in warning.message


def test_sb_prefix_and_additional_legends(db):
    raw = text.read("MainDeck:\n3 Cleave\nSB: 2 Gust\nAdditional Legends:\nLoose Cannon\n")
    deck = resolve_deck(raw, db)
    assert [(e.card.name, e.count) for e in deck.sideboard] == [("Gust", 2)]
    assert [e.card.name for e in deck.additional_legends] == ["Jinx, Loose Cannon"]


# ---------------------------------------------------------------------------- problems
BAD_LINES = {
    "0 Cleave": "a count of 0",
    "-2 Cleave": "negative count",
    "100 Cleave": "more than 99",
    "99999999999999999999999 Cleave": "more than 99",
    "Cleave x0": "a count of 0",
    "3x": "a count without a card name",
    "3 Cleave x2": "two counts",
    "3 ---": "no card name",
    "Battlefeilds:": "unknown section header 'Battlefeilds'",
    "== Sidebaord ==": "unknown section header 'Sidebaord'",
    "3 Cle\x1bave": "control characters",
    "3 " + "x" * 400: "line too long",
}


def test_every_bad_line_is_an_error_with_its_line_number_and_text():
    lines = ["Legend:", "Loose Cannon", "MainDeck:"] + list(BAD_LINES) + ["3 Cleave"]
    raw = text.read("\n".join(lines), source="deck.txt")
    assert [e.text for e in raw.entries] == ["Loose Cannon", "Cleave"]
    assert len(raw.problems) == len(BAD_LINES)
    for number, (problem, (line, message)) in enumerate(zip(raw.problems, BAD_LINES.items()), start=4):
        assert problem.severity is Severity.ERROR
        assert problem.source.file == "deck.txt" and problem.source.line == number
        assert message in problem.message, (line, problem.message)
        assert problem.text and "\x1b" not in problem.text and len(problem.text) < 100


def test_unknown_header_suggests_and_its_cards_are_filed_by_type(db):
    raw = text.read("MainDeck:\n3 Cleave\nBattlefeilds:\nZaun Warrens\nRunes:\n12 Fury Rune\n")
    assert raw.problems[0].suggestions == ("Battlefields",)
    deck = resolve_deck(raw, db)
    assert [e.card.name for e in deck.battlefields] == ["Zaun Warrens"]


def test_unknown_card_is_reported_with_suggestions_not_dropped(db):
    deck = resolve_deck(text.read("MainDeck:\n3 Clevae\n2 Cleave\n"), db)
    (unknown,) = deck.unknown
    assert unknown.count == 3 and unknown.source.line == 2 and "Cleave" in unknown.suggestions


def test_empty_or_comment_only_input():
    with pytest.raises(DeckReadError):
        text.read("  \n\ufeff\n")
    raw = text.read("# only a comment\nLegend:\n")
    assert [p.message for p in raw.problems] == ["no cards found in the decklist"]


def test_sniff():
    assert text.sniff("Legend:\nLoose Cannon\n")
    assert text.sniff("## Legend\n- Loose Cannon\n")
    assert text.sniff("3 Cleave\n2 Gust\n")
    assert text.sniff("Cleave x3\n")
    assert not text.sniff("CMAAAAAAAAAQCAAAA4AACAIAABMQAAILAAAA")
    assert not text.sniff("OGN-245-1 OGN-245-1 OGN-246-1")
    assert not text.sniff('{"legend": "OGN-251", "main": {"OGN-004": 3}}')
    assert not text.sniff("\x00\x01\x02binary")


_PIECES = ["3", "3x", "x3", "0", "-1", "(2)", "100", "Cleave", "Jinx, Rebel", "Loose Cannon", "-", ":", "Legend:",
           "MainDeck", "== Runes ==", "## Sideboard", "[OGN-004]", "(OGN-007a)", "OGN-004", "#", "//", "SB:",
           "Name:", "\t", "\u00a0", "\ufeff", "\r", "Battlefeilds:", "**", "- ", "é", "\x1b"]
_LINE = st.one_of(
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=60),
    st.lists(st.sampled_from(_PIECES), max_size=6).map(" ".join),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_LINE, min_size=1, max_size=30))
def test_nothing_is_dropped_silently(lines):
    """Every line is an entry, a problem, a header, a title, a comment or blank; reading never crashes."""
    source = "\n".join(lines)
    try:
        raw = text.read(source)
    except DeckReadError:
        assert not text._clean(source)  # nothing but spaces, BOMs and bold markers
        return
    accounted = {e.source.line for e in raw.entries} | {p.source.line for p in raw.problems if p.source.line}
    accounted |= {e.source.line for e in raw.additional_legends}
    for number, line in enumerate(text._LINE_BREAK.split(source.lstrip("\ufeff")), start=1):
        parsed = text.classify(number, line)
        if parsed.kind in (text.BLANK, text.COMMENT, text.TITLE):
            continue
        if parsed.kind == text.HEADER and parsed.value[1] is None:
            continue
        if parsed.kind == text.COUNT_ALONE and number + 1 in accounted:
            continue  # a count on its own line before its card
        if number == 1 or raw.name in (parsed.text, parsed.text.rstrip(":").rstrip()):
            continue  # a title line
        assert number in accounted, (line, raw)


# ---------------------------------------------------------------------------- writing
def test_writer_is_piltover_layout(db, decks):
    deck = decks[0]
    written = text.write(deck)
    headers = [line for line in written.splitlines() if line.endswith(":")]
    assert headers[:5] == ["Legend:", "Champion:", "MainDeck:", "Battlefields:", "Runes:"]
    section = written.split("Champion:\n")[1].split("\n\n")[0].splitlines()
    assert section == [f"1 {deck.champion.card.name}" + _id_comment(db, deck.champion.card)]
    main = written.split("MainDeck:\n")[1].split("\n\n")[0].splitlines()
    assert sum(int(line.split()[0]) for line in main) == 39


def _id_comment(db, card) -> str:
    return "" if db.by_name(card.name).id == card.id else f" # {card.id}"


def test_round_trip_text_deck_text_deck_keeps_every_printing(db, decks):
    for deck in decks:
        written = text.write(deck)
        again = resolve_deck(text.read(written), db)
        assert by_printing(again) == by_printing(deck), deck.source
        rewritten = text.write(again)  # the champion's copies now come first in the main deck
        assert text.write(resolve_deck(text.read(rewritten), db)) == rewritten


def test_writer_keeps_printings_only_where_the_name_would_lose_them(db, decks):
    for deck in decks:
        for line in text.write(deck).splitlines():
            if " # " in line and line[0].isdigit():
                name, printing = line.split(" ", 1)[1].split(" # ")
                assert db.by_name(name).id != printing
                assert db.get(printing).name == name


def test_round_trip_of_the_sample_decks(db):
    for path in sorted((REPO / "sample_decks").glob("*.txt")):
        deck = resolve_deck(text.read(path.read_text(encoding="utf-8"), source=path.name), db)
        again = resolve_deck(text.read(text.write(deck)), db)
        assert by_printing(again) == by_printing(deck), path.name
        assert [(u.text, u.count) for u in again.unknown] == [(u.text, u.count) for u in deck.unknown]


def test_inferred_champion_is_written_as_a_comment_and_inferred_again(db, decks):
    flat = next(d for d in real_decks() if d["slug"].startswith("jinx"))
    deck = resolve_deck(raw_from_flat(flat["cards"]), db)
    assert deck.champion_inferred
    written = text.write(deck)
    assert "Champion:\n# not named in the list; deckcheck would choose Jinx, Demolitionist" in written
    again = resolve_deck(text.read(written), db)
    assert again.champion_inferred and again.champion.card.id == deck.champion.card.id
    assert again.main_count == 40


def test_unknown_cards_are_written_as_the_player_wrote_them(db):
    pyke = next(d for d in real_decks() if d["slug"].startswith("pyke"))
    cards = {**pyke["cards"], "RAD-011": 2, "RAD-177": 1}  # numbers the preliminary Radiance data lacks
    deck = resolve_deck(raw_from_flat(cards), db)
    assert deck.unknown
    again = resolve_deck(text.read(text.write(deck)), db)
    assert sorted((u.text, u.count) for u in again.unknown) == sorted((u.text, u.count) for u in deck.unknown)
    assert by_printing(again) == by_printing(deck)


@pytest.mark.parametrize("ending", ["", "\n", "\r\n"])
def test_a_count_alone_on_the_last_line_is_reported_whatever_ends_the_file(ending):
    # the count waits for a card line that never comes: the end of the text must still report it
    deck = text.read("Legend:\nJinx, Loose Cannon\nMainDeck:\n3 Cleave\n3" + ending, source="l.txt")
    assert [(e.text, e.count) for e in deck.entries] == [("Jinx, Loose Cannon", 1), ("Cleave", 3)]
    assert [(p.message, p.source.line, p.text) for p in deck.problems] == [
        ("cannot read this line: a count without a card name", 5, "3")]
