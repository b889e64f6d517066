"""Tabletop Simulator token lists and Pixelborn strings: the vectors' TTS exports, a public
Pixelborn string, real decks both ways, and bad tokens."""

from __future__ import annotations

import base64
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import deckcode_vectors, raw_from_flat, real_decks, zones
from deckcheck.decks import deckcode, pixelborn, tts
from deckcheck.decks.model import RawDeck, RawEntry, Severity, Zone
from deckcheck.decks.resolve import resolve_deck
from deckcheck.errors import DeckcheckError, DeckReadError

VECTORS = deckcode_vectors()["vectors"]

# Published as the Pixelborn example of the silhouette-card-maker Riftbound plugin (a Viktor
# deck); its README gives the same deck as the TTS list below.
PUBLIC_PIXELBORN = (
    "T0dOLTI2NS0xJE9HTi0yNDYtMSRPR04tMjQ1LTEkT0dOLTI0NS0xJE9HTi0yNDUtMSRPR04tMDk1LTEkT0dOLTA5NS0xJE9HTi0w"
    "OTUtMSRPR04tMjEzLTEkT0dOLTIxMy0xJE9HTi0yMTMtMSRPR04tMjY2LTEkT0dOLTI2Ni0xJE9HTi0yNjYtMSRPR04tMjE2LTEk"
    "T0dOLTIxNi0xJE9HTi0yMTYtMSRPR04tMjA5LTEkT0dOLTIwOS0xJE9HTi0yMDktMSRPR04tMDk2LTEkT0dOLTA5Ni0xJE9HTi0w"
    "OTYtMSRPR04tMjExLTEkT0dOLTIxMS0xJE9HTi0yMTEtMSRPR04tMjE4LTEkT0dOLTIxOC0xJE9HTi0yMTgtMSRPR04tMjA4LTEk"
    "T0dOLTIwOC0xJE9HTi0yMDgtMSRPR04tMjM5LTEkT0dOLTIzOS0xJE9HTi0yMzktMSRPR04tMjMzLTEkT0dOLTIzMy0xJE9HTi0y"
    "MzMtMSRPR04tMjM0LTEkT0dOLTIzNC0xJE9HTi0yMzQtMSRPR04tMjg5LTEkT0dOLTI5NC0xJE9HTi0yODQtMSRPR04tMjE0LTEk"
    "T0dOLTIxNC0xJE9HTi0yMTQtMSRPR04tMjE0LTEkT0dOLTIxNC0xJE9HTi0yMTQtMSRPR04tMjE0LTEkT0dOLTIxNC0xJE9HTi0y"
    "MTQtMSRPR04tMjE0LTEkT0dOLTIxNC0xJE9HTi0yMTQtMQ=="
)
PUBLIC_TTS = (
    "OGN-265-1 OGN-246-1 " + " ".join(f"OGN-{n}-1" for n in [245, 95, 213, 266, 216, 209, 96, 211, 218, 208, 239, 233, 234] for _ in range(3))
).replace("OGN-95-", "OGN-095-").replace("OGN-96-", "OGN-096-") + " OGN-289-1 OGN-294-1 OGN-284-1" + " OGN-214-1" * 12


def vector_deck(vector: dict, db):
    """The vector's deck with its zones and champion label, resolved."""
    deck = vector["deck"]
    entries = [RawEntry(text=deck["legend"], count=1, zone=Zone.LEGEND)]
    entries += [RawEntry(text=c, count=n, zone=Zone.MAIN) for c, n in deck["main"].items()]
    entries += [RawEntry(text=c, count=1, zone=Zone.BATTLEFIELDS) for c in deck["battlefields"]]
    entries += [RawEntry(text=c, count=n, zone=Zone.RUNES) for c, n in deck["runes"].items()]
    entries += [RawEntry(text=c, count=n, zone=Zone.SIDEBOARD) for c, n in deck["sideboard"].items()]
    champion = RawEntry(text=deck["chosenChampion"], count=1) if deck["chosenChampion"] else None
    return resolve_deck(RawDeck(reader="vector", entries=entries, champion=champion), db)


# ----------------------------------------------------------------------------- TTS
@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: v["name"])
def test_tts_writer_reproduces_the_vector_export(vector, db):
    assert tts.write(vector_deck(vector, db)) == vector["ttsExport"] + "\n"


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: v["name"])
def test_tts_export_reads_back_to_the_vector_deck(vector, db):
    raw = tts.read(vector["ttsExport"], source="deck.tts")
    assert raw.reader == "tts" and raw.champion is None and not raw.problems
    assert all(e.zone is None for e in raw.entries)
    deck = resolve_deck(raw, db)
    original = vector_deck(vector, db)
    # A token list has no sideboard marker: sideboard tokens (written last) read as main-deck cards.
    totals = vector["zoneTotals"]
    assert deck.counts() == totals | {"main": totals["main"] + totals["sideboard"], "sideboard": 0}
    for zone in (Zone.LEGEND, Zone.BATTLEFIELDS, Zone.RUNES):
        assert zones(deck)[zone.value] == zones(original)[zone.value]
    assert Counter({e.card.id: e.count for e in deck.main}) == Counter(
        {e.card.id: e.count for e in original.main}
    ) + Counter({e.card.id: e.count for e in original.sideboard})
    # The list names no champion: whatever the resolver chooses is inferred from the legend's tag.
    if deck.champion is not None:
        assert deck.champion_inferred
        assert deck.champion.card.champion_tag == deck.legend.card.champion_tag


def test_art_index_is_not_a_count():
    raw = tts.read("OGN-247-1 OGN-245-3 OGN-245-2 ogn-245-1 SFD-R02-1 VEN-SP1-1 OGN-103s-1")
    assert [(e.text, e.count) for e in raw.entries] == [
        ("OGN-247", 1), ("OGN-245", 3), ("SFD-R02", 1), ("VEN-SP1", 1), ("OGN-103s", 1)
    ]


def test_bad_tokens_become_problems_with_their_position():
    text = "OGN-247-1 OGN-245-1\nOGN-245-1 Jinx OGN-245-1 XX-1-1"
    raw = tts.read(text, source="list.txt")
    assert [(e.text, e.count) for e in raw.entries] == [("OGN-247", 1), ("OGN-245", 3)]
    assert [(p.severity, p.source.line, p.text) for p in raw.problems] == [
        (Severity.ERROR, 2, "Jinx"), (Severity.ERROR, 2, "XX-1-1")
    ]
    assert "token 4 'Jinx'" in raw.problems[0].message
    assert "token 6" in raw.problems[1].message


def test_more_than_99_copies_is_refused_with_a_message():
    raw = tts.read("OGN-247-1 " + "OGN-214-1 " * 100)
    assert [e.text for e in raw.entries] == ["OGN-247"]
    assert "100 copies of OGN-214" in raw.problems[0].message


def test_not_a_tts_list_is_a_read_error():
    with pytest.raises(DeckReadError, match="empty input"):
        tts.read("  \n ")
    with pytest.raises(DeckReadError, match="no card tokens") as err:
        tts.read("Legend: Jinx", source="x.txt")
    assert err.value.file == "x.txt"
    with pytest.raises(DeckReadError, match="too large"):
        tts.read("OGN-001-1 " * 120_000)


def test_tts_sniff():
    assert tts.sniff(VECTORS[0]["ttsExport"])
    assert tts.sniff("\ufeffOGN-245-1\nOGN-245-1\n")
    for text in ["", VECTORS[0]["code"], "3 OGN-245", "OGN-245 OGN-245", "Legend:\nOGN-245-1", PUBLIC_PIXELBORN]:
        assert not tts.sniff(text)


def test_unknown_cards_are_written_as_tokens_and_names_refuse(db):
    deck = resolve_deck(raw_from_flat({"OGN-247": 1, "RAD-019": 2}), db)
    assert tts.write(deck) == "OGN-247-1 RAD-019-1 RAD-019-1\n"
    with pytest.raises(DeckcheckError, match="Not A Card"):
        tts.write(resolve_deck(raw_from_flat({"Not A Card": 1}), db))


@pytest.mark.parametrize("real", real_decks(), ids=lambda d: d["slug"])
def test_real_deck_survives_tts_and_pixelborn(real, db):
    deck = resolve_deck(raw_from_flat(real["cards"], real["slug"]), db)
    assert not deck.sideboard  # the real decks have none, so the token lists lose nothing
    for module in (tts, pixelborn):
        text = module.write(deck)
        assert module.sniff(text) and not deckcode.sniff(text)
        again = resolve_deck(module.read(text), db)
        assert zones(again) == zones(deck)
        if deck.champion:
            assert again.champion is not None and again.champion.card.name == deck.champion.card.name


def test_champion_token_comes_second(db):
    real = real_decks()[0]
    deck = resolve_deck(raw_from_flat(real["cards"]), db)
    tokens = tts.write(deck).split()
    assert tokens[0] == deck.legend.card.id + "-1"
    if deck.champion is not None:
        assert tokens[1].rsplit("-", 1)[0] == deck.champion.card.id
    assert len(tokens) == sum(real["cards"].values())


# ----------------------------------------------------------------------------- Pixelborn
def test_public_pixelborn_string_reads_as_its_tts_twin(db):
    assert pixelborn.sniff(PUBLIC_PIXELBORN) and not tts.sniff(PUBLIC_PIXELBORN)
    raw = pixelborn.read(PUBLIC_PIXELBORN, source="viktor.txt")
    assert raw.reader == "pixelborn" and not raw.problems
    assert [(e.text, e.count) for e in raw.entries] == [(e.text, e.count) for e in tts.read(PUBLIC_TTS).entries]
    deck = resolve_deck(raw, db)
    assert deck.counts() == {"main": 40, "runes": 12, "battlefields": 3, "sideboard": 0}
    assert deck.legend.card.id == "OGN-265" and deck.champion.card.id == "OGN-246"
    # Written back, it is the same string, byte for byte.
    assert pixelborn.write(deck) == PUBLIC_PIXELBORN + "\n"
    assert tts.write(deck) == PUBLIC_TTS + "\n"


def test_pixelborn_tolerates_missing_padding_url_safe_alphabet_and_a_trailing_dollar(db):
    inner = "OGN-247-1$OGN-245-1$OGN-245-1$"
    text = base64.urlsafe_b64encode(inner.encode()).decode().rstrip("=")
    assert pixelborn.sniff(text)
    assert [(e.text, e.count) for e in pixelborn.read(text).entries] == [("OGN-247", 1), ("OGN-245", 2)]


def test_pixelborn_bad_token_is_a_problem_with_its_position():
    text = base64.b64encode(b"OGN-247-1$Hello$OGN-245-1").decode()
    raw = pixelborn.read(text)
    assert [e.text for e in raw.entries] == ["OGN-247", "OGN-245"]
    assert "token 2 'Hello'" in raw.problems[0].message


def test_not_pixelborn_is_a_read_error():
    for text in ["", "not base64 at all!", base64.b64encode(b"\xff\xfe\x00garbage").decode()]:
        with pytest.raises(DeckReadError):
            pixelborn.read(text)
    with pytest.raises(DeckReadError, match="no card tokens"):
        pixelborn.read(base64.b64encode(b"hello$world").decode())


def test_pixelborn_sniff():
    for text in [VECTORS[0]["code"], VECTORS[0]["ttsExport"], "Legend:\n1 Jinx", "", "aGVsbG8gd29ybGQ="]:
        assert not pixelborn.sniff(text)


# ----------------------------------------------------------------------------- robustness
@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_readers_raise_only_deck_read_errors_on_any_text(text):
    for module in (tts, pixelborn):
        module.sniff(text)
        try:
            raw = module.read(text)
        except DeckReadError:
            continue
        assert raw.entries


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["OGN-245-1", "OGN-247-1", "SFD-R02-1", "bad", "VEN-SP1-1", "OGN-7-1"]), max_size=60))
def test_pixelborn_counts_every_token(tokens):
    text = base64.b64encode("$".join(tokens).encode()).decode()
    try:
        raw = pixelborn.read(text)
    except DeckReadError:
        assert all(t == "bad" for t in tokens)
        return
    good = Counter(t.rsplit("-", 1)[0].upper() for t in tokens if t != "bad")
    assert {e.text.upper(): e.count for e in raw.entries} == dict(good)
    assert len(raw.problems) == tokens.count("bad")
