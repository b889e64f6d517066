"""Decklists as players paste them (issue 12): each numbered shape, built from real tournament lists.

Every test writes a real list (tests/data/realdecks.json) the way a site, an app or a chat
message shows it, reads it the way the command line does (format detection included), resolves
it against the card data and checks it: the zones and counts must be the list's, the reading must
add no error or warning the list does not deserve, and the verdict must be the list's own.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from conftest import real_decks
from deckcheck.decks import deckcode
from deckcheck.decks.load import read_file, read_text
from deckcheck.decks.model import Deck, RawDeck, RawEntry, Severity, Zone
from deckcheck.decks.resolve import resolve_deck
from deckcheck.rules import check_deck

AS_OF = "2026-11-30"
VIKTOR = "mind-order-by-oc-mystegune"  # Viktor, Herald of the Arcane; Stupefy, Hidden Blade; Mind/Order runes
AKALI = "calm-fury-by-kc-raclo-lugubre"  # Akali, Rogue Assassin; Defy, Discipline; Calm/Fury runes
#: Eight cards of the Viktor player's colours for a sideboard (none of them in the main deck).
VIKTOR_SIDEBOARD = {"Riptide Rex": 2, "Daring Poro": 2, "Lecturing Yordle": 2, "Noxian Drummer": 2}
CHAMPIONS = {VIKTOR: "Viktor, Leader", AKALI: "Akali, Deadly Weapon"}


# ---------------------------------------------------------------------------- the reference lists
def reference(db, slug: str, sideboard: dict[str, int] | None = None) -> Deck:
    """The real list resolved from its card ids, with its Chosen Champion named and a sideboard."""
    data = next(d for d in real_decks() if d["slug"] == slug)
    entries = [RawEntry(card_id, count) for card_id, count in data["cards"].items()]
    entries += [RawEntry(name, count, Zone.SIDEBOARD) for name, count in (sideboard or {}).items()]
    deck = resolve_deck(RawDeck(reader="flat", entries=entries), db, champion=CHAMPIONS[slug])
    assert not deck.unknown and check_deck(deck, format="standard", as_of=AS_OF).verdict == "legal"
    return deck


def sections(deck: Deck) -> dict[str, list]:
    """(card, count) per section as a Piltover export lists them: the champion apart from its other copies."""
    champion = deck.champion.card
    main = [(e.card, e.count - (1 if e.card.name == champion.name else 0)) for e in deck.main]
    return {
        "legend": [(deck.legend.card, 1)],
        "champion": [(champion, 1)],
        "main": [(card, n) for card, n in main if n],
        "battlefields": [(e.card, e.count) for e in deck.battlefields],
        "runes": [(e.card, e.count) for e in deck.runes],
        "sideboard": [(e.card, e.count) for e in deck.sideboard],
    }


def seen(deck: Deck) -> dict:
    """What a player sees: card names and counts per zone, and the Chosen Champion."""
    zones = {zone.value: Counter() for zone in (Zone.LEGEND, Zone.MAIN, Zone.BATTLEFIELDS, Zone.RUNES, Zone.SIDEBOARD)}
    for zone in (Zone.LEGEND, Zone.MAIN, Zone.BATTLEFIELDS, Zone.RUNES, Zone.SIDEBOARD):
        for entry in deck.zone(zone):
            zones[zone.value][entry.card.name] += entry.count
    zones["champion"] = deck.champion.card.name if deck.champion else None
    zones["unknown"] = [u.text for u in deck.unknown]
    return zones


def read_and_check(db, written: str, source: str = "pasted.txt"):
    """Read as the command line does (format detected), resolve and check."""
    deck = resolve_deck(read_text(written, source=source), db)
    return deck, check_deck(deck, format="standard", as_of=AS_OF)


def complaints(deck: Deck) -> list[str]:
    """Errors and warnings of reading and resolving (notes are fine)."""
    return [f"{p.source}: {p.message}" for p in deck.problems if p.severity is not Severity.INFO]


def assert_same_deck(db, written: str, want: Deck, source: str = "pasted.txt") -> Deck:
    deck, report = read_and_check(db, written, source)
    assert complaints(deck) == [], written
    assert seen(deck) == seen(want), written
    assert report.verdict == "legal", [(v.code, v.message) for v in report.violations]
    return deck


def lines(cards, line) -> list[str]:
    return [line(card, n) for card, n in cards]


# ---------------------------------------------------------------------------- 1. headers without a colon
def test_1_tournament_platform_headers_in_tildes(db):
    want = reference(db, VIKTOR, VIKTOR_SIDEBOARD)
    s = sections(want)
    written = []
    for title, key in (("Legend", "legend"), ("Champion", "champion"), ("Main Deck", "main"),
                       ("Battlefields", "battlefields"), ("Runes", "runes"), ("Sideboard", "sideboard")):
        written.append(f"~~{title}~~")
        written += lines(s[key], lambda c, n: f"{n} {c.name}")
    deck = assert_same_deck(db, "\n".join(written), want)
    assert deck.sideboard_count == 8 and deck.main_count == 40


def test_1_localized_headers_with_an_english_alias(db):
    want = reference(db, VIKTOR, VIKTOR_SIDEBOARD)
    s = sections(want)
    written = ["Efsane (Legend)", *lines(s["legend"], lambda c, n: c.name),
               "Şampiyon (Champion)", *lines(s["champion"], lambda c, n: c.name),
               "Ana Deste (Main Board)", *lines(s["main"], lambda c, n: f"{n} {c.name}"),
               "Savaş Alanları (Battlefields)", *lines(s["battlefields"], lambda c, n: c.name),
               "Rün Destesi (Runes)", *lines(s["runes"], lambda c, n: f"{n} {c.name}"),
               "Yan Deste (Sideboard)", *lines(s["sideboard"], lambda c, n: f"{n} {c.name}")]
    assert_same_deck(db, "\n".join(written), want)


def test_1_a_line_naming_a_section_never_becomes_a_card(db):
    want = reference(db, VIKTOR)
    s = sections(want)
    written = ["Legend", *lines(s["legend"], lambda c, n: c.name), "Champion", *lines(s["champion"], lambda c, n: c.name),
               "Main Deck (39)", *lines(s["main"], lambda c, n: f"{n} {c.name}"),
               "Battlefields (3)", *lines(s["battlefields"], lambda c, n: c.name),
               "Runes", *lines(s["runes"], lambda c, n: f"{n} {c.name}")]
    deck = assert_same_deck(db, "\n".join(written), want)
    assert not any(u.text in ("Legend", "Champion", "Runes") for u in deck.unknown)


# ---------------------------------------------------------------------------- 2. Chinese headers
@pytest.mark.parametrize("style", ["full-width colon", "no colon", "brackets"])
def test_2_chinese_section_headers(db, style):
    want = reference(db, VIKTOR, VIKTOR_SIDEBOARD)
    s = sections(want)
    head = {"full-width colon": "{}：", "no colon": "{}", "brackets": "【{}】"}[style].format
    written = []
    for title, key in (("传奇", "legend"), ("英雄", "champion"), ("主卡组", "main"), ("战场", "battlefields"),
                       ("符文", "runes"), ("备牌", "sideboard")):
        written += [head(title), *lines(s[key], lambda c, n: f"{n} {c.name}"), ""]
    assert_same_deck(db, "\n".join(written), want)


def test_2_chinese_variants_and_an_inline_legend(db):
    want = reference(db, VIKTOR)
    s = sections(want)
    written = [f"传说：{s['legend'][0][0].name}", "选定英雄", *lines(s["champion"], lambda c, n: f"{n} {c.name}"),
               "主牌组 (39)", *lines(s["main"], lambda c, n: f"{n} {c.name}"),
               "战场卡", *lines(s["battlefields"], lambda c, n: f"{n} {c.name}"),
               "符文卡组", *lines(s["runes"], lambda c, n: f"{n} {c.name}")]
    assert_same_deck(db, "\n".join(written), want)


# ---------------------------------------------------------------------------- 3. collector numbers
def test_3_collector_numbers_in_parentheses_are_not_counts(db):
    want = reference(db, VIKTOR)
    s = sections(want)

    def numbered(card, n):  # a store's copy: every line names its collector number
        return f"{n} {card.name} ({int(card.number)})" if card.number.isdigit() else f"{n} {card.name}"

    written = ["Legend:", *lines(s["legend"], lambda c, n: f"{c.name} ({int(c.number)})"),
               "Champion:", *lines(s["champion"], lambda c, n: f"{c.name} ({int(c.number)})"),
               "MainDeck:", *lines(s["main"], numbered),
               "Battlefields:", *lines(s["battlefields"], lambda c, n: f"{c.name} ({int(c.number)})"),
               "Runes:", *lines(s["runes"], numbered)]
    deck = assert_same_deck(db, "\n".join(written), want)
    assert dict(seen(deck)["battlefields"]) == {c.name: 1 for c, _ in s["battlefields"]}


def test_3_a_line_is_never_read_as_95_copies(db):
    deck, _ = read_and_check(db, "Legend:\nViktor, Herald of the Arcane\nMainDeck:\nStupefy (95)\n"
                                 "Battlefields:\n1 Hall of Legends (210)\nHall of Legends (210)\n")
    assert seen(deck)["main"] == Counter({"Stupefy": 1})
    assert seen(deck)["battlefields"] == Counter({"Hall of Legends": 2})
    assert complaints(deck) == []


def test_3_counts_in_parentheses_still_read_as_counts(db):
    """A list that writes every count in parentheses: a count that happens to equal a collector
    number (Mind Rune is OGN-089; 6 is no number of it) stays a count."""
    want = reference(db, VIKTOR)
    s = sections(want)
    written = []
    for title, key in (("Legend", "legend"), ("Champion", "champion"), ("Main Deck", "main"),
                       ("Battlefields", "battlefields"), ("Rune Pool", "runes")):
        written += [f"## {title}", *lines(s[key], lambda c, n: f"- {c.name} ({n})"), ""]
    assert_same_deck(db, "\n".join(written), want)


def test_3_a_number_that_is_neither_is_an_error_not_copies(db):
    deck, report = read_and_check(db, "MainDeck:\nStupefy (94)\n")
    assert seen(deck)["main"] == Counter({"Stupefy": 1})
    (error,) = [p for p in deck.problems if p.severity is Severity.ERROR]
    assert "(94)" in error.message and "095" in error.message and error.source.line == 2
    assert report.verdict != "legal"


# ---------------------------------------------------------------------------- 4. several cards on a header line
def test_4_several_cards_on_one_header_line(db):
    want = reference(db, VIKTOR)
    s = sections(want)
    written = [f"Legend: {s['legend'][0][0].name}", f"Champion: 1 {s['champion'][0][0].name}",
               "MainDeck: " + " ".join(f"{n} {c.name}" for c, n in s["main"]),
               "Battlefields: " + " ".join(f"1 {c.name}" for c, _ in s["battlefields"]),
               "Runes: " + ", ".join(f"{n} {c.name}" for c, n in s["runes"])]
    deck = assert_same_deck(db, "\n".join(written), want)
    assert {e.source.line for e in deck.main} == {2, 3}  # the champion's line and the main deck's


# ---------------------------------------------------------------------------- 5. Piltover Archive links
@pytest.mark.parametrize("query", ["code={code}", "code={code}&lang=en", "utm_source=discord&code={code}&tab=stats"])
def test_5_piltover_archive_link_with_a_deck_code(db, query):
    want = reference(db, VIKTOR)
    code = deckcode.write(want).strip()
    link = "https://piltoverarchive.com/deckbuilder?" + query.format(code=code)
    deck, report = read_and_check(db, link + "\n", source="<code>")
    assert deck.reader == "code"
    assert seen(deck) == seen(want) and report.verdict == "legal"


def test_5_a_deck_page_link_says_it_holds_no_code(db):
    from deckcheck.errors import DeckReadError

    with pytest.raises(DeckReadError, match="holds no deck code"):
        read_text("https://piltoverarchive.com/decks/view/3889db57-5e18-4b15-9303-a2f6b3ab9ef6", source="<code>")


# ---------------------------------------------------------------------------- 6. tournament-platform JSON
def platform_json(deck: Deck) -> str:
    s = sections(deck)
    keys = {"legend": "Legend", "champion": "Champion", "main": "MainDeck", "battlefields": "Battlefields",
            "runes": "Runes", "sideboard": "Sideboard"}
    data = {"Name": "Viktor control", **{keys[k]: {c.name: {"id": c.id, "count": n} for c, n in cards}
                                         for k, cards in s.items()}}
    return json.dumps(data, indent=2, ensure_ascii=False)


def test_6_tournament_platform_deck_json(db, tmp_path):
    want = reference(db, VIKTOR, VIKTOR_SIDEBOARD)
    written = platform_json(want)
    path = tmp_path / "registration.json"
    path.write_text(written, encoding="utf-8")
    raw = read_file(path)
    assert raw.reader == "platform-json" and raw.name == "Viktor control"
    deck = resolve_deck(raw, db)
    assert complaints(deck) == [] and seen(deck) == seen(want)
    assert check_deck(deck, format="standard", as_of=AS_OF).verdict == "legal"
    stupefy = next(e for e in raw.entries if e.text == "Stupefy")
    assert written.splitlines()[stupefy.line - 1].strip().startswith('"Stupefy"')
    assert_same_deck(db, written, want)  # pasted (no file ending): detected too


def test_6_a_bad_count_is_a_problem_on_its_line(db):
    raw = read_text('{"Legend": {"Viktor, Herald of the Arcane": {"count": 1}},\n'
                    ' "MainDeck": {"Stupefy": {"count": "three"},\n  "Hidden Blade": 3}}', source="p.json")
    assert [(e.text, e.count) for e in raw.entries] == [("Viktor, Herald of the Arcane", 1), ("Hidden Blade", 3)]
    (problem,) = raw.problems
    assert problem.source.line == 2 and "whole number" in problem.message


# ---------------------------------------------------------------------------- 7. chat noise
def test_7_chat_noise_is_ignored_with_a_note(db):
    want = reference(db, AKALI)
    s = sections(want)
    written = ["Akali for Saturday's store championship, feedback welcome", "```", "Deck: 56 cards",
               "Legend:", *lines(s["legend"], lambda c, n: f"{n} {c.name}"),
               "Champion:", *lines(s["champion"], lambda c, n: f"{n} {c.name}"),
               "MainDeck:", *lines(s["main"], lambda c, n: f"{n} {c.name}"),
               "Battlefields:", *lines(s["battlefields"], lambda c, n: f"{n} {c.name}"),
               "Runes:", *lines(s["runes"], lambda c, n: f"{n} {c.name}"),
               "Total: 56 cards", "```"]
    deck = assert_same_deck(db, "\n".join(written), want)
    assert deck.name == "Akali for Saturday's store championship, feedback welcome"
    notes = [(p.source.line, p.message) for p in deck.problems if p.severity is Severity.INFO and "ignored" in p.message]
    assert [line for line, _ in notes] == [2, 3, len(written) - 1, len(written)]


def test_7_a_chat_line_ending_in_a_colon_is_the_title_not_an_unknown_header(db):
    want = reference(db, AKALI)
    written = ["Here's what I'm bringing to regionals:", "", *piltover(sections(want), skip="")]
    deck = assert_same_deck(db, "\n".join(written), want)
    assert deck.name == "Here's what I'm bringing to regionals"
    misspelt, _ = read_and_check(db, "Legnd:\n1 Akali, Rogue Assassin\n")
    assert [p.suggestions for p in misspelt.problems if p.severity is Severity.ERROR] == [("Legend",)]


# ---------------------------------------------------------------------------- 8. app and store copies
def test_8_count_glued_to_its_x(db):
    want = reference(db, AKALI)
    s = sections(want)
    written = []
    for title, key in (("Legend", "legend"), ("Champion", "champion"), ("MainDeck", "main"),
                       ("Battlefields", "battlefields"), ("Runes", "runes")):
        written += [f"{title}:", *lines(s[key], lambda c, n: f"{n}x{c.name}")]
    assert_same_deck(db, "\n".join(written), want)


def test_8_store_copy_with_set_code_and_collector_number(db):
    want = reference(db, AKALI)
    s = sections(want)
    written = []
    for title, key in (("Legend", "legend"), ("Champion", "champion"), ("MainDeck", "main"),
                       ("Battlefields", "battlefields"), ("Runes", "runes")):
        written += [f"{title}:", *lines(s[key], lambda c, n: f"{n} {c.name} [{c.set}] {c.number}/298")]
    deck = assert_same_deck(db, "\n".join(written), want)
    assert {e.card.id for e in deck.runes} == {c.id for c, _ in s["runes"]}  # the printing written is kept


def test_8_price_column_and_tabs(db):
    want = reference(db, AKALI)
    s = sections(want)
    written = []
    for title, key in (("Legend", "legend"), ("Champion", "champion"), ("MainDeck", "main"),
                       ("Battlefields", "battlefields"), ("Runes", "runes")):
        written += [f"{title}:", *lines(s[key], lambda c, n: f"{n}\t{c.name}\t${0.1 * n + 0.05:.2f}")]
    assert_same_deck(db, "\n".join(written), want)


def test_8_count_on_its_own_line_before_the_name(db):
    want = reference(db, AKALI)
    s = sections(want)
    written = []
    for title, key in (("Legend", "legend"), ("Champion", "champion"), ("Main Deck", "main"),
                       ("Battlefields", "battlefields"), ("Runes", "runes")):
        written.append(title)
        for i, (card, n) in enumerate(s[key]):
            written += [str(n) if i % 2 else f"x{n}", card.name]
    deck = assert_same_deck(db, "\n".join(written), want)
    defy = next(e for e in deck.main if e.card.name == "Defy")
    assert written[defy.source.line - 1] == "Defy" and written[defy.source.line - 2] in ("3", "x3")


# ---------------------------------------------------------------------------- 9. printing labels
def test_9_printing_label_before_the_id_gives_no_warning(db):
    want = reference(db, AKALI)
    s = sections(want)
    labels = {"OGN": "Origins", "SFD": "Spiritforged", "UNL": "Unleashed", "VEN": "Vendetta"}

    def labelled(card, n):
        if card.name == "Discipline":  # the player's copies are the Nexus Night promo
            return f"{n} Discipline (Origins Nexus Night Promo) (OGN-058-P)"
        return f"{n} {card.name} ({labels.get(card.set, card.set)} Showcase) ({card.id})"

    written = []
    for title, key in (("Legend", "legend"), ("Champion", "champion"), ("MainDeck", "main"),
                       ("Battlefields", "battlefields"), ("Runes", "runes")):
        written += [f"{title}:", *lines(s[key], labelled)]
    deck = assert_same_deck(db, "\n".join(written), want)
    discipline = next(e for e in deck.main if e.card.name == "Discipline")
    assert discipline.card.variant == "promo" and discipline.count == 3


# ---------------------------------------------------------------------------- 10. names settled by their section
def test_10_short_names_are_settled_by_their_section(db):
    want = reference(db, VIKTOR)
    s = sections(want)
    written = ["Legend:", "Viktor", "Champion:", "1 Viktor, Leader",
               "MainDeck:", *lines(s["main"], lambda c, n: f"{n} {c.name}"),
               "Battlefields:", *lines(s["battlefields"], lambda c, n: f"1 {c.name}"),
               "Runes:", *lines(s["runes"], lambda c, n: f"{n} {c.name.removesuffix(' Rune')}")]
    assert_same_deck(db, "\n".join(written), want)


def test_10_ambiguity_is_reported_only_where_the_section_does_not_settle_it(db):
    deck, _ = read_and_check(db, "Legend:\nViktor\nMainDeck:\n3 Viktor\n")
    assert deck.legend.card.name == "Viktor, Herald of the Arcane"
    (unknown,) = deck.unknown
    assert unknown.reason == "ambiguous" and unknown.source.line == 4
    assert set(unknown.suggestions) == {"Viktor, Innovator", "Viktor, Leader"}  # the legend is no main-deck card


# ---------------------------------------------------------------------------- 11. a lost section header
def piltover(s, skip: str) -> list[str]:
    out = []
    for title, key in (("Legend", "legend"), ("Champion", "champion"), ("MainDeck", "main"),
                       ("Battlefields", "battlefields"), ("Runes", "runes"), ("Sideboard", "sideboard")):
        if key != skip:
            out.append(f"{title}:")
        out += lines(s[key], lambda c, n: f"{n} {c.name}")
        out.append("")
    return out


def test_11_a_lost_sideboard_header_is_never_guessed_into_a_legal_list(db):
    """Issue 40: the sideboard cards pasted under Runes: without their header stay in the Rune Deck,
    as the list says; the list is illegal (RB302 on each line) and the hint offers the header."""
    want = reference(db, VIKTOR, VIKTOR_SIDEBOARD)
    written = piltover(sections(want), skip="sideboard")
    deck, report = read_and_check(db, "\n".join(written))
    first = written.index(f"2 {next(iter(VIKTOR_SIDEBOARD))}") + 1
    assert complaints(deck) == [] and deck.sideboard == []
    assert report.verdict == "illegal"
    wrong = [v for v in report.violations if v.code == "RB302"]
    assert [v.line for v in wrong] == list(range(first, first + len(VIKTOR_SIDEBOARD)))
    assert all(v.hint.endswith("if it is a sideboard card, put it under a Sideboard: header") for v in wrong)
    assert {v.code for v in report.violations if v.severity.value == "error"} == {"RB302"}


def test_11_lost_main_deck_header(db):
    want = reference(db, VIKTOR)
    written = piltover(sections(want), skip="main")
    deck, report = read_and_check(db, "\n".join(written))
    (message,) = complaints(deck)
    assert "cards of other types under Champion:" in message and "a missing MainDeck: header?" in message
    assert seen(deck) == seen(want) and report.verdict == "legal"


def test_11_an_ambiguous_lost_header_is_one_error_not_a_guess(db):
    want = reference(db, VIKTOR, VIKTOR_SIDEBOARD)
    written = piltover(sections(want), skip="")
    written[written.index("Runes:") + 3:written.index("Runes:") + 3] = ["2 Sprite Mother", "1 Ravenbloom Student"]
    deck, report = read_and_check(db, "\n".join(written))
    (message,) = complaints(deck)
    assert message.startswith(f"pasted.txt:{written.index('2 Sprite Mother') + 1}: cards of other types under Runes:")
    assert seen(deck)["runes"] == seen(want)["runes"]  # never counted as runes
    errors = [v.code for v in report.violations if v.severity.value == "error"]
    assert "RB002" in errors and "RB301" not in errors and report.verdict == "illegal"


# ---------------------------------------------------------------------------- the memory of lines is invisible
def test_remembered_lines_read_exactly_as_new_ones(db):
    """The reader remembers common lines (a folder repeats them); a list reads the same either way."""
    from deckcheck.decks import text
    from deckcheck.decks.resolve import lookup_entries, lookup_entry

    want = reference(db, VIKTOR, VIKTOR_SIDEBOARD)
    s = sections(want)
    written = "\n".join(piltover(s, skip="")) + "\n3x Star-Crossed # OGN-999\n2 Jinx - Rebel\n"
    memory = text.ReadMemory()
    first = text.read(written, source="a.txt", memory=memory)
    again = text.read(written, source="a.txt", memory=memory)
    assert again.entries == first.entries and again.problems == first.problems
    assert [e.zone for e in again.entries] == [e.zone for e in first.entries]
    assert lookup_entries(db, again.entries) == [lookup_entry(db, e) for e in again.entries]
    other = text.read(written.replace("Runes:", "Sideboard:"), source="b.txt", memory=memory)  # same lines, another section
    runes = {card.name for card, _ in s["runes"]}
    assert {e.zone for e in first.entries if e.text in runes} == {Zone.RUNES}
    assert {e.zone for e in other.entries if e.text in runes} == {Zone.SIDEBOARD}
    assert {e.file for e in other.entries} == {"b.txt"}


# ---------------------------------------------------------------------------- the fast path is exact
def test_common_lines_read_the_same_by_the_fast_path_and_the_general_one(db):
    """Every card name in the data, written the common ways: the one-expression path gives exactly
    what the general path gives (count, name, id), or leaves the line to it."""
    from deckcheck.decks import text

    fast = 0
    for i, name in enumerate(db.names):
        card = db.by_name(name)
        for line in (f"{i % 3 + 1} {name}", f"{i % 12 + 1}x {name.replace(', ', ' - ', 1)}",
                     f"{i % 9 + 1} x {name} # {card.id}", f"3 {name} # not-an-id", f"2 {name},"):
            quick, general = text.classify(7, line), text._classify_slow(7, line)
            assert (quick.kind, quick.value) == (general.kind, general.value), line
            fast += text._FAST_CARD.fullmatch(line) is not None
    assert fast > 2.5 * len(db.names)  # the common forms did take the fast path


# ---------------------------------------------------------------------------- end to end
def test_the_executable_checks_a_folder_of_pasted_shapes(db, tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    want = reference(db, VIKTOR, VIKTOR_SIDEBOARD)
    s = sections(want)
    titles = (("传奇：", "legend"), ("英雄：", "champion"), ("主卡组：", "main"), ("战场：", "battlefields"),
              ("符文：", "runes"), ("备牌：", "sideboard"))
    (tmp_path / "chinese.txt").write_text("\n".join(f"{t}\n" + "\n".join(f"{n} {c.name}" for c, n in s[k])
                                                    for t, k in titles), encoding="utf-8")
    (tmp_path / "platform.json").write_text(platform_json(want), encoding="utf-8")
    (tmp_path / "link.txt").write_text("https://piltoverarchive.com/deckbuilder?code="
                                       + deckcode.write(want).strip() + "&lang=en\n")
    (tmp_path / "lost-header.txt").write_text("\n".join(piltover(s, skip="sideboard")))
    exe = Path(sys.executable).with_name("deckcheck")
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "deckcheck"]
    done = subprocess.run([*command, "check", str(tmp_path), "--output", "json", "--as-of", AS_OF],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    assert done.returncode == 1, done.stdout.decode()[-2000:] + done.stderr.decode()
    decks = json.loads(done.stdout)["decks"]
    assert sorted(Path(d["source"]).name for d in decks) == ["chinese.txt", "link.txt", "lost-header.txt",
                                                             "platform.json"]
    verdicts = {Path(d["source"]).name: d["verdict"] for d in decks}
    assert verdicts.pop("lost-header.txt") == "illegal"  # sideboard cards under Runes: never guessed legal
    assert set(verdicts.values()) == {"legal"}
