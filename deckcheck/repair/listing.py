"""The corrected list, written in the format it came in.

A text list keeps its dialect and order: only the lines of the cards that change are edited (the
count rewritten where it was written, a line dropped when its last copy goes), and a card added
gets a line shaped like its section's last one. A deck code stays a code (a deck-builder link keeps
its address with the new code), TTS, Pixelborn, YAML and JSON are written again by their writers.
Whatever is written is read back and must give the corrected deck; a text list that cannot be
edited line by line (several cards on one line, say) is written in the Piltover layout instead,
with a note saying so. A list written in Chinese stays Chinese: a card added or a champion changed is
written by its official Chinese name (its English name when it has none that reads back as itself), a
section added by its Chinese header.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from deckcheck.words import say
from deckcheck.cards.ids import parse_id
from deckcheck.decks.language import written_language
from deckcheck.decks.formats import WRITTEN
from deckcheck.decks.model import Deck, RawDeck, RawEntry, Zone

#: Readers whose own writer gives the corrected list back in their format (a text list is edited line by line).
_REWRITTEN = tuple(name for name in WRITTEN if name != "text")
_ZONES = (Zone.LEGEND, Zone.CHAMPION, Zone.MAIN, Zone.RUNES, Zone.BATTLEFIELDS, Zone.SIDEBOARD)
_COUNT_SUFFIX = re.compile(r"^\s*(?:[xX×]\s*\d+|\(\s*\d+\s*\))\s*$")
_LAST_NUMBER = re.compile(r"(\d+)(?=\D*$)")
_NUMBER = re.compile(r"\d+")
_LINE_END = re.compile(r"(\r\n|\r|\n)$")
#: The rows of the additional legends a deck chooses (no zone of their own).
EXTRA_LEGENDS = "additional_legends"


def corrected_list(deck: Deck, original: str | None, reader: str | None, db, before: Deck | None = None
                   ) -> tuple[str, list[str]]:
    """``deck`` written as ``reader`` wrote ``original`` (see the module's description), and notes."""
    from deckcheck.decks import text as text_format
    from deckcheck.decks.load import write_deck

    notes: list[str] = []
    lang = written_language(before if before is not None else deck)
    if reader == "text" and original is not None:
        patched = patch_text(original, deck, db, before, lang)
        if patched is not None and _same(_reread(patched, "text", db), deck):
            return patched, notes
        notes.append(say("the list is written in the Piltover layout: its own layout could not be kept line by line"))
    elif reader == "link" and original is not None:
        from deckcheck.decks import deckcode, link

        old = link.deck_code(original.strip())
        new = deckcode.write(deck).strip()
        if old and old in original:
            return original.replace(old, new), notes
        return new + "\n", notes
    elif reader in _REWRITTEN:
        written = write_deck(deck, reader)
        if _same(_reread(written, reader, db), deck):
            return written, notes
        notes.append(say("the list is written as text: {format} could not hold it", format=reader))
    elif reader is not None and reader != "text":
        notes.append(say("the list is written as text (deckcheck does not write {format})", format=reader))
    return text_format.write(deck, db, lang=lang), notes


def _reread(text: str, reader: str, db) -> Deck | None:
    from deckcheck.decks.load import read_text
    from deckcheck.decks.resolve import resolve_deck
    from deckcheck.errors import DeckcheckError

    try:
        return resolve_deck(read_text(text, source="<fixed>", fmt=reader), db)
    except DeckcheckError:
        return None


def signature(deck: Deck) -> tuple:
    """What must survive writing: each zone's copies by name, and the Chosen Champion."""
    from deckcheck.decks.diff import DIFF_ZONES, zone_counts

    champion = deck.champion.card.name if deck.champion is not None else None
    extra = tuple(sorted(e.card.name for e in deck.additional_legends))
    return (champion, extra, *(tuple(sorted(zone_counts(deck, z).items())) for z in DIFF_ZONES))


def _same(read: Deck | None, deck: Deck) -> bool:
    """The list read back gives the deck, and reading it raised no error."""
    from deckcheck.decks.model import Severity

    return (read is not None and signature(read) == signature(deck)
            and not any(p.severity is Severity.ERROR for p in read.problems))


# ---------------------------------------------------------------------------- text, line by line
@dataclass(slots=True)
class _Row:
    """A card line of a text list: its entry, zone, card name and index among the list's lines."""

    entry: RawEntry
    zone: Zone | str
    name: str
    index: int


def _rows(raw: RawDeck, db) -> list[_Row] | None:
    """Each card line with its zone and card name (each resolved on its own), or None when a line
    holds several cards."""
    from deckcheck.decks.resolve import resolve_deck

    lines = Counter(e.line for e in (*raw.entries, *raw.additional_legends))
    out = []
    for e in raw.entries:
        if e.line is None or lines[e.line] > 1:
            return None
        one = resolve_deck(RawDeck(reader="text", entries=[e]), db)
        if e.zone is Zone.CHAMPION and one.champion is not None:
            out.append(_Row(e, Zone.CHAMPION, one.champion.card.name, e.line - 1))
            continue
        for zone in (Zone.LEGEND, Zone.MAIN, Zone.RUNES, Zone.BATTLEFIELDS, Zone.SIDEBOARD):
            found = one.zone(zone)
            if found:
                out.append(_Row(e, zone, found[0].card.name, e.line - 1))
                break
    for e in raw.additional_legends:
        if e.line is None or lines[e.line] > 1:
            return None
        one = resolve_deck(RawDeck(reader="text", additional_legends=[e]), db)
        if one.additional_legends:
            out.append(_Row(e, EXTRA_LEGENDS, one.additional_legends[0].card.name, e.line - 1))
    return out


def _targets(deck: Deck, champion_line: bool) -> dict[tuple[Zone | str, str], int]:
    want: Counter = Counter()
    for zone in (Zone.LEGEND, Zone.MAIN, Zone.RUNES, Zone.BATTLEFIELDS, Zone.SIDEBOARD):
        for e in deck.zone(zone):
            want[(zone, e.card.name)] += e.count
    for e in deck.additional_legends:
        want[(EXTRA_LEGENDS, e.card.name)] += e.count
    if champion_line and deck.champion is not None:
        want[(Zone.CHAMPION, deck.champion.card.name)] = 1
        want[(Zone.MAIN, deck.champion.card.name)] -= 1
    return want


def patch_text(original: str, deck: Deck, db, before: Deck | None = None, lang: str = "en") -> str | None:
    """``original`` with only the changed cards' lines edited (additions named in ``lang``), or None if it can't be."""
    from deckcheck.decks import text as text_format

    headers, name_of = _naming(db, lang)  # in the list's language
    rows = _rows(text_format.read(original), db)
    if rows is None:
        return None
    lines = original.splitlines(keepends=True)
    edited: dict[int, str | None] = {}
    inserted: dict[int, list[str]] = {}
    champion_rows = [r for r in rows if r.zone is Zone.CHAMPION]
    new_champion = deck.champion.card.name if deck.champion is not None else None
    if len(champion_rows) > 1:
        return None
    if champion_rows and new_champion and champion_rows[0].name != new_champion:
        row = champion_rows[0]
        line = lines[row.index]
        if row.entry.text not in line:
            return None
        edited[row.index] = line.replace(row.entry.text, name_of(new_champion), 1)
        row.name = new_champion
    elif not champion_rows and new_champion and before is not None and deck.champion is not None \
            and not deck.champion_inferred and (before.champion is None or before.champion_inferred
                                                or before.champion.card.name != new_champion):
        at = _header_above(lines, rows, Zone.MAIN)
        if at is None:
            return None
        end = _ending(lines[at])
        inserted.setdefault(at - 1, []).extend([f"{headers[Zone.CHAMPION]}{end}", f"1 {name_of(new_champion)}{end}", end])
        champion_rows = [None]
    want = _targets(deck, bool(champion_rows))
    have: Counter = Counter()
    for r in rows:
        have[(r.zone, r.name)] += r.entry.count
    for key in dict.fromkeys([*have, *want]):
        delta = want.get(key, 0) - have.get(key, 0)
        if not delta:
            continue
        mine = [r for r in rows if (r.zone, r.name) == key]
        if delta < 0:
            for r in reversed(mine):
                take = min(-delta, r.entry.count)
                if not take:
                    continue
                line = _recount(edited.get(r.index, lines[r.index]), r.entry, r.entry.count - take)
                if line is False:
                    return None
                edited[r.index] = line
                delta += take
                if not delta:
                    break
        elif mine:
            r = mine[-1]
            line = _recount(edited.get(r.index, lines[r.index]), r.entry, r.entry.count + delta)
            if not line:
                return None
            edited[r.index] = line
        else:
            zone, name = key
            same = [r for r in rows if r.zone is zone]
            if same:
                shaped = _shaped(lines[same[-1].index], same[-1].entry, name, delta, db, name_of)
                if shaped is None:
                    return None
                inserted.setdefault(same[-1].index, []).append(shaped)
            else:
                end = _ending(lines[-1]) or "\n"
                tail = inserted.setdefault(len(lines) - 1, [])
                if lines and not lines[-1].endswith(("\n", "\r")):
                    tail.append(end)
                tail.extend([end, f"{headers[zone]}{end}", f"{delta} {name_of(name)}{end}"])
    out: list[str] = []
    for i in range(-1, len(lines)):
        if i >= 0:
            line = edited.get(i, lines[i])
            if line is not None:
                out.append(line)
        out.extend(inserted.get(i, ()))
    return "".join(out)


def _naming(db, lang: str):
    """The section headers and the card namer of a list in ``lang``: Chinese names that read back as
    their card (:meth:`ChineseNames.name_for`) for ``zh``, English names otherwise."""
    from deckcheck.decks.text import writer

    zh = db.chinese() if lang == "zh" and db is not None else None
    if zh is None:
        return writer.HEADERS, lambda name: name
    return writer.HEADERS_ZH, lambda name: zh.name_for(db.by_name(name)) if db.by_name(name) is not None else name


def _ending(line: str) -> str:
    m = _LINE_END.search(line)
    return m.group(1) if m else "\n"


def _header_above(lines: list[str], rows: list[_Row], zone: Zone) -> int | None:
    """The index of the header line above a zone's first card line (blank lines between allowed)."""
    first = min((r.index for r in rows if r.zone is zone), default=None)
    if first is None:
        return None
    taken = {r.index for r in rows}
    i = first - 1
    while i >= 0 and not lines[i].strip():
        i -= 1
    return i if i >= 0 and i not in taken else None


def _recount(line: str, entry: RawEntry, n: int):
    """``line`` with its count made ``n`` (None: the line goes), or False when its count cannot be found."""
    if n <= 0:
        return None
    body, end = line.rstrip("\r\n"), line[len(line.rstrip("\r\n")):]
    at = body.find(entry.text)
    if at < 0:
        return False
    prefix, suffix = body[:at], body[at + len(entry.text):]
    m = _LAST_NUMBER.search(prefix)
    if m and int(m.group(1)) == entry.count:
        return prefix[:m.start(1)] + str(n) + prefix[m.end(1):] + entry.text + suffix + end
    m = _NUMBER.search(suffix)
    if m and int(m.group()) == entry.count and _COUNT_SUFFIX.match(suffix):
        return prefix + entry.text + suffix[:m.start()] + str(n) + suffix[m.end():] + end
    if entry.count == 1 and not m:
        return f"{prefix}{n} {entry.text}{suffix}{end}" if n > 1 else line
    return False


def _shaped(template: str, entry: RawEntry, name: str, n: int, db, name_of=None) -> str | None:
    """A new line for ``n`` copies of ``name``, shaped like ``template`` (its count, its marks), the
    card named by ``name_of`` (the list's language)."""
    body, end = template.rstrip("\r\n"), template[len(template.rstrip("\r\n")):] or "\n"
    at = body.find(entry.text)
    if at < 0:
        return None
    prefix, suffix = body[:at], body[at + len(entry.text):]
    written = name if name_of is None else name_of(name)
    card = db.by_name(name)
    if parse_id(entry.text) is not None and entry.text.upper() == (entry.card_id or entry.text).upper():
        written = card.id  # the section writes ids alone
    elif entry.card_id and entry.card_id in suffix:
        written += suffix.replace(entry.card_id, card.id)  # the id written beside the name, in the same marks
    m = _LAST_NUMBER.search(prefix)
    if m:
        return prefix[:m.start(1)] + str(n) + prefix[m.end(1):] + written + end
    if _COUNT_SUFFIX.match(suffix):
        k = _NUMBER.search(suffix)
        return prefix + written + suffix[:k.start()] + str(n) + suffix[k.end():] + end
    if n == 1 and not _NUMBER.search(body):
        return f"{prefix}{written}{end}"
    return f"{prefix}{n} {written}{end}"
