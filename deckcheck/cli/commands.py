"""The one place where command modules are attached to the app."""

from __future__ import annotations


def register(app) -> None:
    from deckcheck.cli import cards_cmd

    cards_cmd.register(app)
    from deckcheck.cli import convert_cmd; convert_cmd.register(app)
    from deckcheck.cli import rules_cmd; rules_cmd.register(app)
    from deckcheck.cli import check_cmd; check_cmd.register(app)
    from deckcheck.cli import diff_cmd; diff_cmd.register(app)
    from deckcheck.cli import goldfish_cmd; goldfish_cmd.register(app)
