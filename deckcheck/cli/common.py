"""Small helpers shared by the command modules (console, JSON output, card database)."""

from __future__ import annotations

import json
import os
import sys
from typing import Any


def console(stderr: bool = False):
    """A rich console; colours off when not a terminal or when NO_COLOR is set."""
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    no_color = bool(os.environ.get("NO_COLOR")) or not stream.isatty()
    return Console(file=stream, no_color=no_color, highlight=False, soft_wrap=False,
                   width=None if stream.isatty() else 100)


def print_json(data: Any) -> None:
    """Write ``data`` as indented JSON to stdout."""
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n")


def card_db():
    """The bundled card database (``$DECKCHECK_CARD_DATA`` points elsewhere)."""
    from deckcheck.cards import load_cards

    return load_cards()
