"""Name normalisation: how two spellings of one card name are found equal."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_STARTER = re.compile(r"\s*(?:-\s*starter|\(\s*starter\s*\))\s*$", re.IGNORECASE)
_SEPARATORS = re.compile(r"\s+[-–—:|]\s+|\s*,\s*")
_APOSTROPHES = re.compile(r"['’‘`´ʼ]")
_NON_WORD = re.compile(r"[^0-9a-z]+")
_PLAIN = re.compile(r"[A-Za-z0-9 ,]*")


@lru_cache(maxsize=65536)
def name_key(text: str) -> str:
    """A key equal for every way a player writes one name.

    Case, accents, apostrophes and punctuation do not matter, and ``Kai'Sa - Survivor`` equals
    ``Kai'Sa, Survivor``. A trailing ``- Starter`` (the gallery's name for Proving Grounds legends)
    is dropped.
    """
    if _PLAIN.fullmatch(text):  # letters, digits, spaces and commas only: the same key, sooner
        return ",".join([" ".join(part.split()) for part in text.lower().split(",") if part.strip()])
    text = _STARTER.sub("", text)
    text = _SEPARATORS.sub(" , ", text)
    if not text.isascii():  # accents off (most names are ASCII: skip the per-character pass)
        text = unicodedata.normalize("NFKD", text)
        text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = _APOSTROPHES.sub("", text.casefold())
    parts = [_NON_WORD.sub(" ", part).strip() for part in text.split(",")]
    return ",".join(" ".join(p.split()) for p in parts if p.strip())


def loose_key(text: str) -> str:
    """The name key without the comma that separates short name and subtitle."""
    return name_key(text).replace(",", " ")
