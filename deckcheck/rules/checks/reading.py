"""What could not be read: unknown cards, and the notes of the readers and the resolver."""

from __future__ import annotations

from deckcheck.cards.ids import parse_id
from deckcheck.decks.model import Problem, Severity
from deckcheck.rules.registry import ERROR, INFO, WARNING, Findings, rule
from deckcheck.rules.tally import Tally


@rule(
    "RB001", "unknown-card", severity=ERROR, refs=("TR 401.2",),
    summary="Every line names a card deckcheck knows",
    hint="Check the spelling or the id",
    example="'Jinks, Rebel' or RAD-095 (Radiance is not in the card data yet)",
)
def unknown_card(t: Tally, out: Findings) -> None:
    """A decklist must say unambiguously what is in the deck (TR 401.2). A line whose card
    cannot be found is kept and reported, never dropped: it may be a typo, an ambiguous short
    name, or a card from a set the card data does not hold yet (Radiance). Its cards may be
    missing from the zone counts, so size errors that they could explain are not reported."""
    for u in t.deck.unknown:
        message = u.message if u.text in u.message else f"'{u.text}': {u.message}"
        hint = unknown_card.hint
        if u.reason == "ambiguous" and u.suggestions:
            hint = "Write the full name: " + "; ".join(u.suggestions)
        elif u.suggestions:
            hint = "Did you mean: " + "; ".join(u.suggestions) + "?"
        if u.reason == "unknown-set":
            parsed = parse_id(u.text)
            code = parsed.set if parsed else ""
            pending = t.fmt.pending_sets.get(code)
            legal = t.fmt.legal_sets.get(code)
            if pending is not None and pending.released is not None:
                message += f"; {pending.name} is not legal in {t.fmt.name} before {pending.released.isoformat()}"
            hint = ("Check this card by hand, or update the card data when it covers the set"
                    if legal is not None or pending is not None else "Check the set code")
        out.add(unknown_card, message, card=u.text, source=u.source,
                zone=u.zone.value if u.zone else None, hint=hint)


def _problems(rule_, severity: Severity, t: Tally, out: Findings) -> None:
    """Report every reader/resolver problem of ``severity`` under ``rule_``."""
    for p in t.deck.problems:
        if p.severity is severity:
            _problem(rule_, p, t, out)


def _problem(rule_, p: Problem, t: Tally, out: Findings) -> None:
    hint = ("It could be: " + "; ".join(p.suggestions)) if p.suggestions else rule_.hint
    card = p.text
    champ = t.deck.champion
    if champ is not None and card is not None and card == champ.written:
        card = champ.card.name  # the note on an inferred champion names the card, not the id written
    out.add(rule_, p.message, card=card, source=p.source, hint=hint)


@rule(
    "RB002", "read-error", severity=ERROR, refs=("TR 401.2",),
    summary="Every line of the list can be read",
    hint="Fix or remove the line",
    example="a line '3x' with no card, or --champion naming no card",
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
)
def read_warning(t: Tally, out: Findings) -> None:
    """Something in the list was read with a guess that could be wrong: several champion units
    could be the Chosen Champion (name it with --champion or a Champion: line), a name that
    does not match the id beside it, a second Chosen Champion line."""
    _problems(read_warning, Severity.WARNING, t, out)


@rule(
    "RB004", "read-note", severity=INFO, refs=("TR 401.2",),
    summary="Notes on how the list was read",
    hint="Nothing to fix; name things explicitly to silence the note",
    example="the Chosen Champion was inferred; a card listed under the wrong section was moved",
)
def read_note(t: Tally, out: Findings) -> None:
    """How deckcheck read the list where it had to decide something: the Chosen Champion it
    inferred (the only matching champion unit), a card filed under the zone of its type, an
    id read without an unknown suffix."""
    _problems(read_note, Severity.INFO, t, out)
