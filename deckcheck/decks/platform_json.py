"""Tournament-platform deck JSON: sections keyed by their name, then cards keyed by their name.

```json
{"Legend": {"Jinx, Loose Cannon": {"id": "OGN-251", "count": 1}},
 "Champion": {"Jinx, Demolitionist": {"id": "OGN-030", "count": 1}},
 "MainDeck": {"Cleave": {"id": "OGN-004", "count": 3}, "Get Excited!": 3},
 "Battlefields": {"Zaun Warrens": {"count": 1}},
 "Runes": {"Fury Rune": {"id": "OGN-007", "count": 7}},
 "Sideboard": {}}
```

Section names are read like the headers of a text list (``Main``, ``Main Deck``, ``Rune Deck``,
any case); a card is ``{"id": …, "count": …}`` (``quantity``/``qty`` also read) or a bare count;
``Name``/``Title`` names the deck. The document is parsed once; line numbers are looked up only
for the lines a problem is reported on and for the entries, in one forward scan of the text.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from deckcheck.decks.model import MAX_COUNT, Problem, RawDeck, RawEntry, Severity, Source, Zone
from deckcheck.decks.surrogates import SURROGATE, has_surrogate
from deckcheck.errors import DeckReadError

NAME = "platform-json"
_COUNT_KEYS = ("count", "quantity", "qty", "amount", "copies")
_ID_KEYS = ("id", "card_id", "cardId", "code", "set_id")
_NAME_KEYS = ("name", "title", "deck", "deckname", "deck_name")
#: A capitalised section key opening an object: what tells this layout from our own JSON.
_SNIFF = re.compile(r'"(?:Legend|Champion|Main|MainDeck|Main Deck|Mainboard|Battlefields|Runes|Rune Deck|Sideboard)"'
                    r'\s*:\s*\{')


def sniff(text: str) -> bool:
    """True for a JSON object whose sections are capitalised keys holding objects of cards."""
    head = text[:20_000].lstrip("\ufeff \t\r\n")
    return head.startswith("{") and _SNIFF.search(head) is not None


def read(text: str, source: str | None = None) -> RawDeck:
    """Read a platform deck. A bad card becomes a Problem on its line; a bad document a DeckReadError."""
    from deckcheck.decks.text import _SECTION_WORDS, _letters  # the section words of text lists

    text = text.lstrip("\ufeff")
    try:
        data = json.loads(text, parse_int=_small_int)
    except json.JSONDecodeError as exc:
        raise DeckReadError(f"invalid JSON: {exc.msg}", file=source, line=exc.lineno) from None
    except (RecursionError, ValueError):
        raise DeckReadError("invalid JSON: nested too deeply or a number too long", file=source) from None
    if not isinstance(data, dict):
        raise DeckReadError("a platform deck must be a JSON object of sections", file=source, line=1)
    if "\\u" in text and has_surrogate(data):
        raise DeckReadError("invalid JSON: a \\u escape names half of a UTF-16 pair (a lone surrogate)", file=source)
    lines = _Lines(text)
    deck = RawDeck(source=source or "<json>", reader=NAME)
    for key, value in data.items():
        if not isinstance(key, str):
            continue
        zone = _SECTION_WORDS.get(_letters(key))
        if zone is None or not isinstance(zone, Zone):
            if _letters(key) in _NAME_KEYS and isinstance(value, str) and deck.name is None:
                deck.name = value.strip()[:200] or None
            elif isinstance(value, (dict, list)) and value:
                deck.problems.append(Problem(severity=Severity.WARNING, text=key,
                                             source=Source(file=source, line=lines.find(key)),
                                             message=f"unknown section '{key}': its cards were not read"))
            continue
        section_line = lines.find(key)
        if value is None:
            continue
        if not isinstance(value, dict):
            raise DeckReadError(f"section '{key}' must be an object of card: {{id, count}}, not "
                                f"{type(value).__name__}", file=source, line=section_line)
        for name, item in value.items():
            line = lines.find(name) or section_line
            entry, problem = _card(name, item, zone, source, line)
            if problem is not None:
                deck.problems.append(problem)
            if entry is not None:
                deck.entries.append(entry)
    if not deck.entries and not any(p.severity is Severity.ERROR for p in deck.problems):
        raise DeckReadError("no cards: no Legend, Champion, Main, Battlefields, Runes or Sideboard section "
                            "with cards", file=source)
    return deck


def _card(name: str, item: Any, zone: Zone, source: str | None, line: int | None
          ) -> tuple[RawEntry | None, Problem | None]:
    """One card of a section: ``"Name": {"id": …, "count": …}`` or ``"Name": 3``."""
    card_id = None
    if isinstance(item, dict):
        count = next((item[k] for k in _COUNT_KEYS if k in item), 1)
        card_id = next((item[k] for k in _ID_KEYS if isinstance(item.get(k), str) and item[k].strip()), None)
    else:
        count = item

    def problem(message: str) -> tuple[None, Problem]:
        return None, Problem(severity=Severity.ERROR, message=message, text=name[:80],
                             source=Source(file=source, line=line))

    if not name.strip():
        return problem("a card with an empty name")
    if SURROGATE.search(name) or (card_id and SURROGATE.search(card_id)):
        return problem("not valid text: a \\u escape names half of a UTF-16 pair")
    if isinstance(count, bool) or not isinstance(count, int):
        return problem(f"'{name[:80]}': count must be a whole number, not {json.dumps(count)[:20]}")
    if not 1 <= count <= MAX_COUNT:
        return problem(f"'{name[:80]}': count {count} must be between 1 and {MAX_COUNT}")
    return RawEntry(name.strip()[:200], count, zone, card_id.strip() if card_id else None,
                    file=source or "<json>", line=line), None


def _small_int(digits: str) -> int:
    if len(digits) > 100:
        raise ValueError("number too long")
    return int(digits)


@dataclass(slots=True)
class _Lines:
    """Line numbers of JSON keys, found by one forward scan (keys are looked up in document order)."""

    text: str
    pos: int = 0
    line: int = 1

    def find(self, key: str) -> int | None:
        if '"' in key or "\\" in key or not key.isprintable() or not key.isascii():
            quoted = json.dumps(key, ensure_ascii=False)
        else:
            quoted = f'"{key}"'
        at = self.text.find(quoted, self.pos)
        if at < 0:
            return None
        self.line += self.text.count("\n", self.pos, at)
        self.pos = at + len(quoted)
        return self.line
