"""Every card number a deck code can hold decodes to its card code, whatever its size in bytes, its
prefix (plain, R, SP) and its printing: on both sides of the edges where the decoder stops reading a
number from its printing's rows (127/128: one byte or two; 383/384: the plain numbers the rows hold)."""

from __future__ import annotations

import base64

import pytest

from deckcheck.decks.deckcode import SETS, VARIANTS, DeckCode, decode, encode
from deckcheck.errors import DeckCodeError

EDGES = (0, 1, 63, 64, 99, 127, 128, 129, 255, 256, 383, 384, 385, 999, 16383, 16384, 2**21, 2**32 - 1)


def b32(data: bytes) -> str:
    return base64.b32encode(data).decode().rstrip("=")


def _code(number: int, prefix: str = "", suffix: str = "", set_code: str = "OGN") -> str:
    width = {"": 3, "R": 2, "SP": 1}[prefix]
    return f"{set_code}-{prefix}{number:0{width}d}{suffix}"


@pytest.mark.parametrize("prefix", ["", "R", "SP"])
def test_a_card_number_of_any_size_decodes_to_its_card_code(prefix):
    cards = tuple((_code(n, prefix), 1 + i % 3) for i, n in enumerate(EDGES))
    decoded = decode(encode(DeckCode(main=cards)))
    assert sorted(decoded.main) == sorted(cards)


@pytest.mark.parametrize("set_code", SETS)
@pytest.mark.parametrize("suffix", [v for v in VARIANTS if v])
def test_every_printing_decodes_its_numbers_with_its_set_and_variant(set_code, suffix):
    cards = tuple((_code(n, suffix=suffix, set_code=set_code), 2) for n in (5, 127, 128, 300, 383, 384))
    cards += ((_code(3, "R", suffix, set_code), 3),)  # an R number: the code carries prefix flags
    assert sorted(decode(encode(DeckCode(main=cards))).main) == sorted(cards)


def test_the_signed_variant_is_written_as_the_reader_asks():
    code = encode(DeckCode(main=(("SFD-200s", 1), ("SFD-020s", 2))))
    assert sorted(decode(code, signed_suffix="*").main) == [("SFD-020*", 2), ("SFD-200*", 1)]
    assert sorted(decode(code).main) == [("SFD-020s", 2), ("SFD-200s", 1)]


def test_a_number_written_with_a_needless_zero_byte_is_still_its_number():
    """``85 00`` is 5 written in two bytes (a lax encoder): the card OGN-005, as with ``05``."""
    lax = b32(bytes([0x13, 1, 1, 0, 0, 0x85, 0x00]) + bytes(11 + 3 + 1))
    assert decode(lax).main == (("OGN-005", 12),)


def test_a_card_listed_in_two_groups_of_one_count_has_its_copies_added():
    twice = b32(bytes([0x13, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 0, 0, 0x85, 0x02, 1, 0, 0, 0x85, 0x02])
                + bytes(3 + 1))
    assert decode(twice).main == (("OGN-261", 2),)


def test_a_bad_prefix_flag_after_good_numbers_is_named():
    """Version 4: every number carries a flag, 0 or 1; a flag of 2 in the middle of a group is refused."""
    bad = b32(bytes([0x14, 1, 3, 0, 0, 0, 1, 0, 0x85, 0x02, 2, 7]) + bytes(11 + 3 + 1))
    with pytest.raises(DeckCodeError, match=r"prefix flag 2 in the main list \(expected 0 to 1\)"):
        decode(bad)


def test_a_group_cut_short_after_a_bad_number_is_a_truncation():
    """The group is known whole before the bad number in it is named: cut short, it is a truncation."""
    cut = b32(bytes([0x14, 1, 3, 0, 0, 0, 1, 2, 7]))
    with pytest.raises(DeckCodeError, match="truncated deck code: it ends inside the main list"):
        decode(cut)
