"""Tabletop Simulator token lists: ``OGN-247-1 OGN-103-1 OGN-004-1 …``.

Each token is one copy of one printing; the trailing ``-1`` is an art index, not a count. The
list has no sections and no champion label: the resolver files cards by type and infers the
Chosen Champion. Writers put the tokens in the order the deck builders export them: legend,
champion, the rest of the main deck, battlefields, runes, sideboard.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from deckcheck.decks.model import MAX_COUNT, Deck, DeckEntry, Problem, RawDeck, RawEntry, Severity, Source, Zone
from deckcheck.errors import DeckcheckError, DeckReadError

NAME = "tts"
MAX_TEXT = 1 << 20  # 1 MiB

#: ``OGN-245-1``, ``OGN-007a-1``, ``SFD-R02-1``, ``VEN-SP1-1``, ``OGN-103s-1``.
_TOKEN = re.compile(r"^([A-Za-z]{3}-(?:R|SP|r|sp)?\d{1,4}[A-Za-z*]?)(?:-(\d{1,3}))?$")


def sniff(text: str) -> bool:
    """True if every word of ``text`` is a card token with an art index (``OGN-245-1``)."""
    words = text[:MAX_TEXT].lstrip("\ufeff").split()
    return bool(words) and all((m := _TOKEN.match(w)) is not None and m[2] is not None for w in words)


def read(text: str, source: str | None = None) -> RawDeck:
    """Read a token list. A word that is not a card token becomes a Problem naming its position."""
    if len(text) > MAX_TEXT:
        raise DeckReadError(f"deck file too large ({len(text)} characters; the limit is {MAX_TEXT})", file=source)
    words = (
        (word, number)
        for number, line in enumerate(text.lstrip("\ufeff").splitlines(), start=1)
        for word in line.split()
    )
    return read_tokens(words, source, NAME, "a Tabletop Simulator deck")


def read_tokens(words: Iterable[tuple[str, int]], source: str | None, reader: str, what: str) -> RawDeck:
    """A RawDeck from ``(token, line)`` pairs: one copy per token, repeated tokens merged in order."""
    where = source or f"<{reader}>"
    counts: dict[str, int] = {}
    first_seen: dict[str, Source] = {}
    shown: dict[str, str] = {}
    problems: list[Problem] = []
    position = 0
    for position, (word, line) in enumerate(words, start=1):
        m = _TOKEN.match(word)
        if m is None:
            problems.append(
                Problem(
                    severity=Severity.ERROR,
                    message=f"token {position} '{_clip(word)}' is not a card token (expected SET-NUMBER-ART, e.g. OGN-245-1)",
                    source=Source(file=where, line=line),
                    text=_clip(word),
                )
            )
            continue
        key = m[1].upper()
        if key not in counts:
            counts[key] = 0
            first_seen[key] = Source(file=where, line=line)
            shown[key] = m[1]
        counts[key] += 1
    if not counts:
        if position == 0:
            raise DeckReadError(f"empty input: not {what}", file=source)
        raise DeckReadError(f"not {what}: no card tokens such as OGN-245-1", file=source)
    entries: list[RawEntry] = []
    for key, count in counts.items():
        if count > MAX_COUNT:
            problems.append(
                Problem(
                    severity=Severity.ERROR,
                    message=f"{count} copies of {shown[key]}: more than {MAX_COUNT} is not a real deck; not read",
                    source=first_seen[key],
                    text=shown[key],
                )
            )
            continue
        entries.append(RawEntry(shown[key], count, file=first_seen[key].file, line=first_seen[key].line))
    return RawDeck(source=where, reader=reader, entries=entries, problems=problems)


def _clip(word: str) -> str:
    return word if len(word) <= 40 else word[:37] + "..."


def deck_tokens(deck: Deck) -> list[str]:
    """One token per copy: legend, champion, rest of main, battlefields, runes, sideboard."""
    from deckcheck.decks.deckcode import printing_code

    def tokens(entry: DeckEntry, count: int | None = None) -> list[str]:
        return [printing_code(entry) + "-1"] * (entry.count if count is None else count)

    out: list[str] = []
    for entry in deck.zone(Zone.LEGEND):
        out += tokens(entry)
    for entry in deck.additional_legends:
        out += tokens(entry)
    out += _unknown_tokens(deck, Zone.LEGEND)
    champion_at = deck.champion_copy()
    if champion_at is not None and deck.champion is not None:  # a copy in main: there is a champion
        out += tokens(deck.champion, 1)
    for i, entry in enumerate(deck.main):
        out += tokens(entry, entry.count - (1 if i == champion_at else 0))
    out += _unknown_tokens(deck, Zone.MAIN) + _unknown_tokens(deck, None) + _unknown_tokens(deck, Zone.CHAMPION)
    for zone in (Zone.BATTLEFIELDS, Zone.RUNES, Zone.SIDEBOARD):
        for entry in deck.zone(zone):
            out += tokens(entry)
        out += _unknown_tokens(deck, zone)
    return out


def _unknown_tokens(deck: Deck, zone: Zone | None) -> list[str]:
    """Cards the database did not know are written as they were read, never dropped."""
    out: list[str] = []
    for unknown in deck.unknown:
        if unknown.zone is zone:
            out += [_unknown_code(unknown.text) + "-1"] * unknown.count
    return out


def _unknown_code(text: str) -> str:
    from deckcheck.decks.deckcode import unknown_card_code
    from deckcheck.errors import DeckCodeError

    try:
        return unknown_card_code(text)
    except DeckCodeError:
        raise DeckcheckError(f"cannot write '{text}' as a card token: it is not a known card") from None


def write(deck: Deck) -> str:
    """The deck as one line of TTS tokens."""
    return " ".join(deck_tokens(deck)) + "\n"
