"""Parse card ids in every form seen in the wild into one canonical shape.

Forms handled: ``OGN-007``, ``ogn-7``, ``OGN-007a``, ``OGN-301*``, ``OGN-301s``, ``OGN-007/298``,
``[OGN] 007/298``, TTS ``OGN-007-1`` (art index), riftbound.gg ``OGN-066-STAR``, ``VEN-084A``,
``OGN-263-a``, promo suffixes ``-P``/``-P2``, our own ``-OPP``/``-PR``/``-JDG``/``-METAL``,
``VEN-R02``, ``VEN-SP5``, ``UNL-T01``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_ID_RE = re.compile(
    r"""^\s*\[?(?P<set>[A-Za-z]{2}[A-Za-z0-9])\]? # set code (PG2 too), maybe in brackets
        (?:\s*-\s*|\s+|(?=[RrSsTt]?\d))       # separator
        (?P<prefix>SP|sp|Sp|[RrTt])?          # rune / special / token numbers
        (?P<digits>\d{1,4})
        (?P<letter>[A-Za-z*]?)                # variant letter glued to the number
        (?:\s*/\s*\d{1,4})?                   # "/298" set size
        (?P<tail>(?:\s*-\s*[A-Za-z0-9*]{1,8}){0,3})
        \s*$""",
    re.VERBOSE,
)


@dataclass(frozen=True, slots=True)
class ParsedId:
    """A card id split into parts; ``variant`` is the canonical suffix or None."""

    set: str
    number: str  # canonical collector number: "007", "R02", "T03", "SP5"
    variant: str | None  # "a", "b", "*", or None
    promo: bool  # a promo marker (-P, -P2, -PR, -OPP, -JDG) was present
    extra: tuple[str, ...]  # tail parts not understood (e.g. an unknown suffix)

    @property
    def base_id(self) -> str:
        return f"{self.set}-{self.number}"

    @property
    def printed_id(self) -> str:
        """The id with its variant letter, as the card database writes it."""
        return self.base_id + (self.variant or "")


_PROMO_TAILS = {"P", "PR", "OPP", "JDG", "METAL", "PROMO"}
_SIGNED = {"*", "S", "STAR", "SIG", "SIGNED"}


def canonical_number(prefix: str, digits: str) -> str:
    """Pad a collector number the way the card database writes it."""
    prefix = prefix.upper()
    value = int(digits)
    if prefix == "SP":
        return f"SP{value}"
    if prefix in ("R", "T"):
        return f"{prefix}{value:02d}"
    return f"{value:03d}"


def parse_id(text: str) -> ParsedId | None:
    """Parse ``text`` as a card id; None if it does not look like one."""
    m = _ID_RE.match(text)
    if m is None:
        return None
    number = canonical_number(m["prefix"] or "", m["digits"])
    variant: str | None = None
    letter = m["letter"]
    if letter:
        variant = _variant_of(letter)
    promo = False
    extra: list[str] = []
    for part in re.split(r"\s*-\s*", m["tail"].strip().lstrip("-").strip()) if m["tail"].strip() else ():
        upper = part.upper()
        if upper.isdigit():
            continue  # TTS art index ("-1"): not a count, not a variant
        if upper in _PROMO_TAILS or re.fullmatch(r"P\d", upper):
            promo = True
        elif upper in _SIGNED or upper in ("A", "B"):
            variant = _variant_of(upper)
        else:
            extra.append(part)
    return ParsedId(m["set"].upper(), number, variant, promo, tuple(extra))


def _variant_of(letter: str) -> str | None:
    up = letter.upper()
    if up in _SIGNED:
        return "*"
    if up in ("A", "B"):
        return up.lower()
    return up.lower()  # an unknown letter; the lookup falls back to the base number
