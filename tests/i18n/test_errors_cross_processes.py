"""An unreadable input's reason crosses the worker processes as plain JSON and is still said in Chinese."""

from __future__ import annotations

import json

from deckcheck.errors import DeckReadError
from deckcheck.rules.transfer import error_from_plain, error_to_plain
from deckcheck.words import language, say


def test_an_error_sent_between_processes_is_said_in_chinese_and_stays_english_for_scripts():
    sent = DeckReadError(say("too large ({size:,} bytes; the limit is 1 MiB)", size=2_000_000), file="a.txt")
    back = error_from_plain(json.loads(json.dumps(error_to_plain(sent))))
    assert type(back) is DeckReadError
    assert str(back) == str(sent) == "a.txt: too large (2,000,000 bytes; the limit is 1 MiB)"
    assert back.message == "too large (2,000,000 bytes; the limit is 1 MiB)"
    assert back.said(language("zh")) == "a.txt: 过大（2,000,000 字节；上限为 1 MiB）"


def test_an_error_of_plain_text_is_said_as_it_is():
    sent = DeckReadError("a reason no template made", file="a.txt", line=3)
    back = error_from_plain(json.loads(json.dumps(error_to_plain(sent))))
    assert back.said(language("zh")) == str(back) == "a.txt:3: a reason no template made"
