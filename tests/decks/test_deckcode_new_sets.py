"""Deck codes and sets newer than deckcheck's deck-code table: the set ids of Legacy and later sets are
not published, so deckcheck never guesses one. A code naming an unknown set id is one clear error
(exit 2), and a card of an announced set cannot be written into a code."""

from __future__ import annotations

import base64
import subprocess
import sys

import pytest

from conftest import REPO
from deckcheck.decks.deckcode import SETS, DeckCode, decode, encode
from deckcheck.errors import DeckCodeError

NO_GUESS = "the deck-code ids of sets after RAD are not published yet, and deckcheck does not guess one"


def b32(data: bytes) -> str:
    return base64.b32encode(data).decode().rstrip("=")


#: A version-3 code with one group in the main list: one copy of number 1 in set id 7 (the id after RAD).
NEXT_SET = b32(bytes([0x13, 1, 1, 7, 0, 1]) + bytes(15))


def test_the_id_after_the_last_known_set_is_refused_not_guessed():
    assert SETS[-1] == "RAD" and len(SETS) == 7
    with pytest.raises(DeckCodeError) as err:
        decode(NEXT_SET)
    assert err.value.message == f"Unknown set code: 7 in the main list (known: 0-6, {'/'.join(SETS)}); {NO_GUESS}"


def test_the_command_line_says_so_on_one_line_and_exits_2():
    result = subprocess.run([sys.executable, "-m", "deckcheck", "check", "--code", NEXT_SET], capture_output=True,
                            text=True, cwd=REPO, timeout=120)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    said = [line for line in (result.stdout + result.stderr).splitlines() if "Unknown set code: 7" in line]
    assert len(said) == 1 and NO_GUESS in said[0]


@pytest.mark.parametrize("card", ["LGC-001", "PG2-001", "REC-010a"])
def test_a_card_of_an_announced_set_cannot_be_written_into_a_code(card):
    with pytest.raises(DeckCodeError) as err:
        encode(DeckCode(main=((card, 1),)))
    code = card[:3]
    assert err.value.message == (f"cannot write '{card}' in a deck code: unknown set {code} "
                                 f"(known: {', '.join(SETS)}); {NO_GUESS}")
