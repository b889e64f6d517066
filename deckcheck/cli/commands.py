"""The one place where command modules are attached to the app.

Each command group lives in its own module. A run registers only the module of the command it
names (``deckcheck check …`` never imports the goldfish or convert commands); ``--help``, no
command or an unknown one registers them all, so help and "no such command" stay complete.
"""

from __future__ import annotations

import importlib

#: Command name -> the module (in deckcheck.cli) that registers it, in the order help lists them.
COMMAND_MODULES: dict[str, str] = {
    "check": "check_cmd",
    "sheet": "sheet_cmd",
    "diff": "diff_cmd",
    "convert": "convert_cmd",
    "fix": "fix_cmd",
    "rules": "rules_cmd",
    "rule": "rules_cmd",
    "formats": "rules_cmd",
    "goldfish": "goldfish_cmd",
    "odds": "goldfish_cmd",
    "simulate": "goldfish_cmd",
    "clock": "goldfish_cmd",
    "castable": "castable_cmd",
    "report": "report_cmd",
    "cards": "cards_cmd",
}


def modules_for(args: list[str] | None) -> list[str]:
    """The command modules a run with ``args`` needs (all of them when it names no known command)."""
    first = next((a for a in args or () if not a.startswith("-")), None)
    if first in COMMAND_MODULES and "--help" not in (args or ()) and "-h" not in (args or ()):
        return [COMMAND_MODULES[first]]
    return list(dict.fromkeys(COMMAND_MODULES.values()))


def register(app, args: list[str] | None = None) -> None:
    for name in modules_for(args):
        importlib.import_module(f"deckcheck.cli.{name}").register(app)
