"""A list read from text with no file name (the library's `read_text`) says where it broke as "line N"."""

from __future__ import annotations

import pytest

from deckcheck.decks.load import read_text
from deckcheck.errors import DeckReadError


def test_a_broken_yaml_text_without_a_source_is_said_at_its_line():
    with pytest.raises(DeckReadError) as raised:
        read_text("legend: [Jinx\nmain:\n  - 3 Cleave\n", fmt="yaml")
    assert str(raised.value).startswith("line 2: invalid YAML: while parsing a flow sequence")
