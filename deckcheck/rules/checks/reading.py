"""What could not be read: unknown cards, and the notes of the readers and the resolver."""

from __future__ import annotations

from deckcheck.words import card_named, listing, say, word
from deckcheck.cards.ids import parse_id
from deckcheck.cards.provenance import number_runs
from deckcheck.decks.model import Problem, Severity, Zone
from deckcheck.rules.registry import ERROR, INFO, WARNING, Findings, Repair, rule
from deckcheck.rules.signals import PROBLEM_ERROR, PROBLEM_INFO, PROBLEM_WARNING, UNKNOWN
from deckcheck.rules.tally import Tally


#: Zone -> its word (an Enum's .value is a slow property); None for an unsectioned line.
_ZONE_WORD = {z: z.value for z in Zone}

#: Lookup failures that mean "the card data does not hold this card", not "no such card".
NOT_IN_DATA = frozenset({"unknown-set", "not-in-data"})


def _set_of(u) -> str:
    parsed = parse_id(u.text)
    return parsed.set if parsed else ""


def _unverifiable(u, t: Tally) -> bool:
    """The card is missing from the data, and its set is legal in the format on the date.

    Only then is the deck unverified: before a set's release its cards are not legal whatever
    they are, and a name that is not found is a typo until proven otherwise.
    """
    return u.reason in NOT_IN_DATA and _set_of(u) in t.fmt.legal_sets


def _missing_hint(t: Tally) -> str | None:
    """For a name not found while a preliminary set lacks numbers: it may be one of them."""
    gaps = [(s, t.db.sets[s.code].name) for s in t.db.provenance.preliminary if s.missing and s.code in t.db.sets]
    if not gaps:
        return None
    record, name = gaps[0]
    example = f"{record.code}-{record.missing[0]}"
    if len(gaps) == 1:
        return say("Check the spelling; if it is a {set} card the preliminary data lacks (numbers {numbers}), write "
                   "its id, e.g. {example}, to check it by hand", set=word("set", name), numbers=number_runs(record.missing, ', '),
                   example=example)
    lacks = listing([say("{set} numbers {numbers}", set=word("set", n), numbers=number_runs(s.missing, ', ')) for s, n in gaps], ";")
    return say("Check the spelling; if it is a card the preliminary data lacks ({lacks}), write its id, e.g. {example}, "
               "to check it by hand", lacks=lacks, example=example)


@rule(
    "RB001", "unknown-card", severity=ERROR, refs=("TR 401.2",),
    summary="Every line names a card deckcheck knows",
    hint="Check the spelling or the id",
    example="'Jinks, Rebel', or RAD-250 (Radiance has no card 250)",
    when=UNKNOWN,
    repair=Repair("reads a misspelt name with exactly one close match as that card (a change of its own); a name "
                  "as close to several cards is a line to settle, listed with them, and the rest is fixed; a line "
                  "no card is close to is named to correct"),
)
def unknown_card(t: Tally, out: Findings) -> None:
    """A decklist must say unambiguously what is in the deck (TR 401.2). A line whose card
    cannot be found is kept and reported, never dropped: a typo, an ambiguous short name, an id
    no printing has, or a card of a set that is not legal yet on the date checked. Its cards may
    be missing from the zone counts, so size errors that they could explain are not reported.
    A card the data lacks from a legal set is reported by RB005 instead (the deck is then
    unverified, not illegal)."""
    missing: list[str] = []  # the hint for a name no card has, worked out once per deck
    for u in t.deck.unknown:
        if _unverifiable(u, t):
            continue
        message = _unknown_message(u)
        hint = unknown_card.hint
        if u.reason == "ambiguous" and u.suggestions:
            hint = say("Write the full name: {cards}", cards=_names(u.suggestions))
        elif u.suggestions:
            hint = say("Did you mean: {cards}?", cards=_names(u.suggestions))
        elif u.reason == "unknown-name":
            if not missing:
                missing.append(_missing_hint(t) or hint)
            hint = missing[0]
        code = _set_of(u) if u.reason in NOT_IN_DATA else ""
        if code and code not in t.db.sets:
            hint = say("Check the set code; if {code} is a new set, update the card data (deckcheck cards update)",
                       code=code)
        elif code:
            pending = t.fmt.pending_sets.get(code)
            form = word("format", t.fmt.name)
            if pending is not None and pending.released is not None:
                message = say("{message}; {set} ({code}) is legal in {format} from {day} (its release), not before",
                              message=message, set=word("set", pending.name), code=code, format=form,
                              day=pending.released.isoformat())
            elif pending is not None:
                message = say("{message}; no release date is known for set {code}, so it is not legal in {format}",
                              message=message, code=code, format=form)
            else:
                message = say("{message}; set {code} is not legal in {format}", message=message, code=code,
                              format=form)
            hint = say("Replace the card with one from a legal, released set")
        out.add(unknown_card, message, card=u.text, source=u.source,
                zone=_ZONE_WORD.get(u.zone), hint=hint)


@rule(
    "RB005", "card-not-in-data", severity=ERROR, refs=("TR 401.2",),
    summary="A card of a legal set that the card data does not hold yet is checked by hand",
    hint="Check this card by hand, or update the card data: deckcheck cards update SOURCE",
    example="RAD-011, a Radiance number the preliminary data does not have",
    when=UNKNOWN,
    repair=Repair("not repaired: the fix names the cards to check by hand"),
)
def card_not_in_data(t: Tally, out: Findings) -> None:
    """A card the data cannot know is no proof that a deck is illegal. When a line names a
    card by an id of a legal set that the card data does not hold (a set newer than the data,
    or a number missing from a preliminary set), deckcheck cannot check it: the deck is
    **unverified**, not illegal, and exits 1 because it is not proven legal. Check the card by
    hand, or update the card data (``deckcheck cards update``). A misspelt name or an id no
    printing can have stays an RB001 error: a typo never hides behind "unverified"."""
    for u in t.deck.unknown:
        if not _unverifiable(u, t):
            continue
        out.add(card_not_in_data, say("{message}; check it by hand", message=_unknown_message(u)), card=u.text,
                source=u.source, zone=_ZONE_WORD.get(u.zone), unverified=True)


def _unknown_message(u) -> str:
    """What the lookup said of an unknown line, naming the line's text when it does not."""
    return u.message if u.text in u.message else say("'{text}': {message}", text=u.text, message=u.message)


def _names(names) -> str:
    """Card names a hint suggests, in the reader's language."""
    return listing([card_named(n) for n in names], "/")


def _problems(rule_, severity: Severity, t: Tally, out: Findings) -> None:
    """Report every reader/resolver problem of ``severity`` under ``rule_``."""
    for p in t.deck.problems:
        if p.severity is severity:
            _problem(rule_, p, t, out)


def _problem(rule_, p: Problem, t: Tally, out: Findings) -> None:
    hint = say("It could be: {cards}", cards=_names(p.suggestions)) if p.suggestions else rule_.hint
    card = p.text
    champ = t.deck.champion
    if champ is not None and card is not None and card == champ.written:
        card = champ.card.name  # the note on an inferred champion names the card, not the id written
    out.put(rule_, p.message, card, p.source, None, hint)


@rule(
    "RB002", "read-error", severity=ERROR, refs=("TR 401.2",),
    summary="Every line of the list can be read",
    hint="Fix or remove the line",
    example="a line '3x' with no card, or --champion naming no card",
    when=PROBLEM_ERROR,
    repair=Repair("not repaired: the line cannot be read; the fix names the line to correct"),
)
def read_error(t: Tally, out: Findings) -> None:
    """A line the reader could not understand, or a Chosen Champion that could not be found,
    leaves the list ambiguous (TR 401.2)."""
    _problems(read_error, Severity.ERROR, t, out)


@rule(
    "RB003", "read-warning", severity=WARNING, refs=("TR 401.2",),
    summary="The list is read without guessing",
    hint="Make the list say what it means",
    example="two Champion units could be the Chosen Champion; a name that does not match its id",
    when=PROBLEM_WARNING,
)
def read_warning(t: Tally, out: Findings) -> None:
    """Something in the list was read with a guess that could be wrong: several champion units
    could be the Chosen Champion (name it with --champion or a Champion: line; in a tournament
    format that is error RB211 instead, in casual a note), a name that does not match the id beside it, a second
    Chosen Champion line."""
    for p in t.deck.problems:
        if p.severity is not Severity.WARNING:
            continue
        if not _champion_ambiguity(p, t):
            _problem(read_warning, p, t, out)
        elif not t.fmt.tournament:  # casual: a note; tournament formats: error RB211
            _problem(read_note, p, t, out)


def _champion_ambiguity(p: Problem, t: Tally) -> bool:
    """The resolver's "several champion units could be the Chosen Champion" (RB211 reports it in
    tournament formats)."""
    if t.deck.champion is not None or p.text is not None or len(p.suggestions) < 2:
        return False
    choosable = _choosable(t.db)
    for name in p.suggestions:  # a loop, not all(generator): most lists without a champion line get here
        can = choosable.get(name)
        if can is None:
            card = t.db.by_name(name)
            can = choosable[name] = card is not None and card.can_be_chosen_champion
        if not can:
            return False
    return True


def _choosable(db) -> dict[str, bool]:
    """Per card database: whether the card of a full name can be a Chosen Champion, filled as names
    are asked (kept on the database; emptied past 4,096 entries)."""
    table = db.kept(_no_names_yet)
    if len(table) > 4096:
        table.clear()
    return table


def _no_names_yet(db) -> dict[str, bool]:
    return {}


@rule(
    "RB004", "read-note", severity=INFO, refs=("TR 401.2",),
    summary="Notes on how the list was read",
    hint="Nothing to fix; name things explicitly to silence the note",
    example="the Chosen Champion was inferred; a card listed under the wrong section was moved",
    when=PROBLEM_INFO,
)
def read_note(t: Tally, out: Findings) -> None:
    """How deckcheck read the list where it had to decide something: the Chosen Champion it
    inferred (the only matching champion unit), a card filed under the zone of its type, an
    id read without an unknown suffix."""
    champ = t.deck.champion
    for p in t.deck.problems:  # _problems(read_note, INFO, ...) and _problem written out: most lists get a note
        if p.severity is INFO:
            card = p.text
            if champ is not None and card is not None and card == champ.written:
                card = champ.card.name  # the note on an inferred champion names the card, not the id written
            out.put(read_note, p.message, card, p.source, None,
                    say("It could be: {cards}", cards=_names(p.suggestions)) if p.suggestions else read_note.hint)
