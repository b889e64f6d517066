"""Official rule numbers as they were on a given date.

Rules write their references in one baseline, the Core Rules (CR) and Tournament Rules (TR) of
2026-07-16 (in force 2026-07-24; RULES.md §1-§7). :func:`cite` turns them into the numbers in
force on the date checked:

- the CR of 2026-10-09, in force from 2026-10-16 (Riot's patch notes: "effective October 16"),
  moved 103.1-103.4 down by one (103.2-103.5), old 103.1.b.5 became 103.2.b.6, the modes
  485-489 became 487-491 and the win check 472 became 474 (RULES.md §9);
- before 2026-07-24 older CR/TR versions were in force, and their numbering is not on record:
  deckcheck then cites the 2026-07-16 numbers and says so (:func:`edition`).

The TR of 2026-10-09 moved few numbers: the remedies of a Deck Presentation Error, 703.4.b.1-5,
became 703.4.c.1-4 and 703.4.d (703.4.b now holds a Chosen Champion forgotten at setup), and a
judge checking an opponent's deck, 703.4.b.3.b, became 703.4.e. A reference written ``"CR* 103.1"``
is already in the numbering of 2026-10-09 (a rule that did not exist before); for earlier dates it
is cited with that date.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from deckcheck.words import say


@dataclass(frozen=True, slots=True)
class Edition:
    """One edition of the Core and Tournament Rules: the date on the documents, and the day it took effect."""

    published: date
    in_force: date


#: The editions deckcheck cites, oldest first (RULES.md §1, §9).
EDITIONS = (
    Edition(published=date(2026, 7, 16), in_force=date(2026, 7, 24)),  # the baseline (Vendetta)
    Edition(published=date(2026, 10, 9), in_force=date(2026, 10, 16)),  # Radiance: CR 103 renumbered
)
#: The CR/TR of 2026-07-16 (the baseline) are in force from this day.
BASELINE_IN_FORCE = EDITIONS[0].in_force
#: The date on the CR/TR that renumbered CR 103, and the day they took effect.
PUBLISHED, RENUMBERED = EDITIONS[1].published, EDITIONS[1].in_force

_CR_103 = re.compile(r"^103\.([1-4])(.*)$")
_MODES = re.compile(r"^(48[5-9])(.*)$")


def _renumber_cr(number: str) -> str:
    """One CR number of 2026-07-16 as the CR of 2026-10-09 numbers it."""
    if number.startswith("103.1.b.5"):
        return "103.2.b.6" + number[len("103.1.b.5"):]
    m = _CR_103.match(number)
    if m:
        return f"103.{int(m[1]) + 1}{m[2]}"
    m = _MODES.match(number)
    if m:
        return f"{int(m[1]) + 2}{m[2]}"
    if number.startswith("472"):
        return "474" + number[3:]
    return number


#: The TR numbers of 2026-07-16 that the TR of 2026-10-09 moved (a number below one moves with it).
_TR_MOVED = {"703.4.b.1": "703.4.c.1", "703.4.b.2": "703.4.c.2", "703.4.b.3.b": "703.4.e",
             "703.4.b.3": "703.4.c.3", "703.4.b.4": "703.4.c.4", "703.4.b.5": "703.4.d"}


def _renumber_tr(number: str) -> str:
    """One TR number of 2026-07-16 as the TR of 2026-10-09 numbers it."""
    for old, new in _TR_MOVED.items():
        if number == old or number.startswith(old + "."):
            return new + number[len(old):]
    return number


def cite_one(ref: str, as_of: date) -> str:
    """``"CR 103.2.b"`` as numbered on ``as_of``; ranges ("133.4-133.6") are renumbered per end."""
    if ref.startswith("CR* "):
        return "CR " + ref[4:] + ("" if as_of >= RENUMBERED else f" (of {PUBLISHED.isoformat()})")
    if ref.startswith("TR ") and as_of >= RENUMBERED:
        return "TR " + _renumber_tr(ref[3:])
    if as_of < RENUMBERED or not ref.startswith("CR "):
        return ref
    body = ref[3:]
    parts = re.split(r"([–-])", body)
    return "CR " + "".join(p if p in "–-" else _renumber_cr(p) for p in parts)


def cite(refs: tuple[str, ...], as_of: date) -> str:
    """Several references joined the way a judge writes them: ``"CR 103.3.b, TR 601.1.c.3"``."""
    return ", ".join(cite_one(r, as_of) for r in refs)


def edition(as_of: date) -> str:
    """Which rules' numbering the citations for ``as_of`` use, said honestly."""
    for ed in reversed(EDITIONS):
        if as_of >= ed.in_force:
            return say("Core and Tournament Rules of {day}", day=ed.published.isoformat())
    return say("numbering of the Core and Tournament Rules of 2026-07-16; the versions in force on {day} were older "
               "and numbered some rules differently", day=as_of.isoformat())


#: "CR 103.2.a, 103.2.b.1", "CR 485.4.a–489.4.a": a run of CR numbers, up to a TR reference, a
#: closing parenthesis or the end of a sentence.
_CR_RUN = re.compile(r"\bCR (\d{3}.*?)(?=\)|\bTR |\.\s|\.?$)", re.S)
_NUMBER = re.compile(r"\b\d{3}(?:\.[0-9a-z]+)*(?![\d-])")


def cite_text(text: str, as_of: date) -> str:
    """Prose (a rule's explanation) with its ``CR`` numbers, written in the 2026-07-16 baseline,
    renumbered as on ``as_of``, so the text agrees with the references cited above it."""
    if as_of < RENUMBERED or "CR " not in text:
        return text

    def run(m: re.Match) -> str:
        return "CR " + _NUMBER.sub(lambda n: _renumber_cr(n[0]), m[1])

    return _CR_RUN.sub(run, text)
