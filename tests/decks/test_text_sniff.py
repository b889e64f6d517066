"""Telling a text list from other formats (docs/text-format.md: the format of a file is detected),
including lines the reader has read before and lists with old Mac line ends."""

from __future__ import annotations

import re
import pytest

from deckcheck.decks import text
from deckcheck.decks.load import detect_format


def plain_id(value):
    """An ASCII test id (mutmut passes ids back to pytest, which cannot find some non-ASCII ones)."""
    if isinstance(value, str):
        return re.sub(r"[^A-Za-z0-9]+", "_", value).strip("_")[:40] or "blank"
    return None


@pytest.mark.parametrize("eol", ["\n", "\r\n", "\r"], ids=plain_id)
def test_a_card_line_is_looked_for_among_the_first_sixty_other_lines(eol):
    assert text.sniff(f"some words{eol}" * 60 + "3 Cleave" + eol)
    assert not text.sniff(f"some words{eol}" * 61 + "3 Cleave" + eol)


@pytest.mark.parametrize("eol", ["\n", "\r\n", "\r"], ids=plain_id)
def test_only_the_first_400_lines_are_read(eol):
    assert text.sniff(f"# comment{eol}" * 399 + "3 Cleave" + eol)
    assert not text.sniff(f"# comment{eol}" * 400 + "3 Cleave" + eol)


def test_a_single_line_without_a_line_end():
    assert text.sniff("3 Cleave") and text.sniff("Legend:") and not text.sniff("some words")


def test_lines_read_before_are_still_text_lines():
    text.read("Legend:\nLoose Cannon\nMainDeck:\n3 Cleave\n2x Jinx - Rebel\n")
    for line in ("3 Cleave", "  3 Cleave  ", "MainDeck:", "2x Jinx - Rebel"):
        assert text.sniff(line + "\n"), line
        assert detect_format(line + "\n") == "text", line
    assert not text.sniff("some words\n")


@pytest.mark.parametrize("written", ["- Cleave x3\n", "* 3 Cleave\n", "• Cleave (2)\n", "3xCleave\n", "```\n~~~\n3 Cleave\n",
                                     "//\n#\n\n2 Gust\n"], ids=plain_id)
def test_bullets_fences_and_comments_before_a_card(written):
    assert text.sniff(written)
