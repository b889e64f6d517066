"""The settings a command runs with: the command line first, then the settings file, then the default.

Every command reads the settings through :func:`settings_in_force`, so ``deckcheck.toml`` (or
``[tool.deckcheck]`` in ``pyproject.toml``) means the same to ``check``, ``sheet``, ``report``,
``rules``, ``formats`` and the others, and every file the settings name is one ``--out-file``
must never replace.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

#: Each setting, the option that gives it on the command line, and its default.
OPTIONS = {
    "format": ("--format", "standard"),
    "as-of": ("--as-of", None),
    "strict": ("--strict", False),
    "select": ("--select", []),
    "ignore": ("--ignore", []),
    "exclude": ("", []),
}


@dataclass(slots=True)
class InForce:
    """Each setting's value and where it came from (``used[key] == (value, origin)``)."""

    settings: Any  # deckcheck.settings.Settings
    used: dict[str, tuple[Any, str]]

    def __getitem__(self, key: str) -> Any:
        return self.used[key][0]

    @property
    def files(self) -> list[str]:
        """The files these settings read: the settings file and a format file it or the command names."""
        import os

        found = [str(self.settings.path)] if self.settings.path is not None else []
        fmt = self["format"]
        if isinstance(fmt, str) and fmt.lower().endswith((".yaml", ".yml")) and os.path.isfile(fmt):
            found.append(fmt)
        return found

    def excluded_by(self):
        """A test of a path against the settings' ``exclude`` globs (None when there are none)."""
        settings = self.settings
        if not settings.get("exclude"):
            return None

        def excluded(path: str) -> str | None:
            pattern = settings.excluded(path)
            return None if pattern is None else f"excluded by '{pattern}' in {settings.path}"

        return excluded

    def describe(self) -> str:
        """Each setting in force, its value and where it comes from (``--show-settings``)."""
        from deckcheck.settings import describe

        return describe(self.settings, self.used)


def settings_in_force(*, format: str | None = None, as_of: str | None = None, strict: bool | None = None,
                      select: list[str] | None = None, ignore: list[str] | None = None) -> InForce:
    """The settings for this run: what the command line gave (None: not given) wins over the file."""
    from deckcheck.settings import find_settings

    settings = find_settings()
    given = {"format": format, "as-of": as_of, "strict": strict, "select": _selectors(select),
             "ignore": _selectors(ignore), "exclude": None}
    used = {}
    for key, (option, default) in OPTIONS.items():
        value = given[key]
        if value is not None:
            if option == "--strict" and value is False:
                option = "--no-strict"
            used[key] = value, f"command line {option}"
        elif key in settings.values:
            used[key] = settings.values[key], str(settings.path)
        else:
            used[key] = default, "default"
    if settings.path is not None:
        _say(settings.shown())
    return InForce(settings, used)


@cache
def _say(where: str) -> None:
    """Say once on stderr which settings file the command runs with (stdout stays the output's data)."""
    import sys

    from deckcheck.words import one_line

    sys.stderr.write(f"deckcheck: {one_line(where)}\n")


def _selectors(values: list[str] | None) -> list[str] | None:
    """``--select RB1,RB6 --select RB004`` -> ``["RB1", "RB6", "RB004"]``; None when not given."""
    found = [part.strip() for value in values or () for part in value.split(",") if part.strip()]
    return found or None
