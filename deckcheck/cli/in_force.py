"""The settings a command runs with: the command line first, then the settings file, then the default.

Every command reads the settings through :func:`settings_in_force`, so ``deckcheck.toml`` (or
``[tool.deckcheck]`` in ``pyproject.toml``) means the same to ``check``, ``sheet``, ``report``,
``rules``, ``formats`` and the others, and every file the settings name is one ``--out-file``
must never replace.
"""

from __future__ import annotations

from collections.abc import Sequence
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
        """The files these settings read: the settings file, and the format file it or the command
        names with each format file that one extends."""
        from deckcheck.rules.formats import format_files

        found = [str(self.settings.path)] if self.settings.path is not None else []
        fmt = self["format"]
        return found + format_files(fmt) if isinstance(fmt, str) else found

    def excluded_by(self, named: Sequence[str] = ()):
        """A test of a path against the settings' ``exclude`` globs (None when there are none).

        A file in ``named`` (the command line's paths) is never excluded: a file named explicitly is
        always checked, as ruff checks a file passed to it directly; the globs leave out what a
        folder walk or a glob finds.
        """
        import os

        settings = self.settings
        if not settings.get("exclude"):
            return None
        explicit = {os.path.abspath(path) for path in named if path != "-" and os.path.isfile(path)}

        def excluded(path: str) -> str | None:
            if explicit and os.path.abspath(path) in explicit:
                return None
            pattern = settings.excluded(path)
            return None if pattern is None else f"excluded by '{pattern}' in {settings.path}"

        return excluded

    def named_and_kept(self, named: Sequence[str]) -> list[str]:
        """``--force-exclude``: the paths of ``named`` less the files the settings' ``exclude``
        matches, each left out said on stderr (folders stay: their walk leaves out what is excluded)."""
        import os
        import sys

        from deckcheck.words import one_line

        kept = []
        for path in named:
            pattern = self.settings.excluded(path) if os.path.isfile(path) else None
            if pattern is None:
                kept.append(path)
            else:
                sys.stderr.write(one_line(f"deckcheck: {path}: excluded by '{pattern}' in {self.settings.path}") + "\n")
        return kept

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
