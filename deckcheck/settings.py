"""Settings of a deck repository: ``[tool.deckcheck]`` in ``pyproject.toml`` or a ``deckcheck.toml``.

The first folder, from the working folder upward, that holds a ``deckcheck.toml`` or a
``pyproject.toml`` with a ``[tool.deckcheck]`` table gives the settings (``deckcheck.toml`` wins
in the same folder, as ruff's own file wins over pyproject.toml)::

    [tool.deckcheck]            # in deckcheck.toml: the keys at the top level
    format = "standard"
    as-of = 2026-10-20          # a TOML date or "YYYY-MM-DD"
    select = ["RB1", "RB6"]     # rule codes or prefixes (or "RB1,RB6")
    ignore = ["RB004"]
    strict = true
    exclude = ["drafts/*", "old"]   # globs, relative to the settings file's folder

Options given on the command line win over the file. Finding the file costs a few ``stat`` calls;
the TOML parser is imported only when a candidate file exists.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from deckcheck.errors import DeckcheckError

#: The keys a settings file may hold, with what each holds (for error messages).
KEYS = {
    "format": "a format name or a format .yaml file",
    "as-of": "a date (YYYY-MM-DD)",
    "select": "rule codes or prefixes",
    "ignore": "rule codes or prefixes",
    "strict": "true or false",
    "exclude": "globs of paths not to check",
}


class SettingsError(DeckcheckError):
    """A settings file deckcheck cannot use (bad TOML, an unknown key, a value of the wrong kind)."""


class Settings:
    """What a settings file says, and where it is (``path`` None: no file was found)."""

    __slots__ = ("path", "values")

    def __init__(self, path: Path | None = None, values: dict[str, Any] | None = None) -> None:
        self.path = path
        self.values = {} if values is None else values

    @property
    def root(self) -> Path:
        """The folder the ``exclude`` globs are relative to."""
        return self.path.parent if self.path is not None else Path.cwd()

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)

    def excluded(self, path: str) -> str | None:
        """The ``exclude`` pattern that matches ``path``, if any."""
        patterns = self.values.get("exclude") or ()
        if not patterns or path == "-" or path.startswith("<"):
            return None
        import fnmatch

        try:
            relative = Path(os.path.abspath(path)).relative_to(self.root.resolve()).as_posix()
        except ValueError:
            relative = Path(path).as_posix()
        parts = relative.split("/")
        for pattern in patterns:
            pattern = pattern.strip().strip("/")
            if "/" not in pattern:  # a name: any file or folder of that name
                if any(fnmatch.fnmatchcase(part, pattern) for part in parts):
                    return pattern
            elif any(fnmatch.fnmatchcase("/".join(parts[:i]), pattern) for i in range(1, len(parts) + 1)):
                return pattern
        return None


def find_settings(start: str | os.PathLike[str] | None = None) -> Settings:
    """The settings in force in ``start`` (default: the working folder); empty if none is found."""
    folder = os.path.abspath(start or os.getcwd())
    while True:
        own = os.path.join(folder, "deckcheck.toml")
        if os.path.isfile(own):
            return Settings(Path(own), _validated(_read_toml(Path(own)), Path(own)))
        project = os.path.join(folder, "pyproject.toml")
        if os.path.isfile(project):
            table = _deckcheck_table(Path(project))
            if table is not None:
                return Settings(Path(project), _validated(table, Path(project)))
        parent = os.path.dirname(folder)
        if parent == folder:
            return Settings()
        folder = parent


def _deckcheck_table(path: Path) -> dict | None:
    """``[tool.deckcheck]`` of a pyproject.toml, or None (most have none: skip the parse then)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    if "tool.deckcheck" not in text.replace(" ", "").replace('"', ""):  # [tool.deckcheck] or [tool.deckcheck.x]
        return None
    table = _parse(text, path).get("tool", {})
    table = table.get("deckcheck") if isinstance(table, dict) else None
    if table is not None and not isinstance(table, dict):
        raise SettingsError("[tool.deckcheck] must be a table", file=str(path))
    return table


def _read_toml(path: Path) -> dict:
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise SettingsError(f"not UTF-8 text (byte {exc.start})", file=str(path)) from None
    except OSError as exc:
        raise SettingsError(f"cannot read: {exc.strerror or exc}", file=str(path)) from None
    return _parse(text, path)


def _parse(text: str, path: Path) -> dict:
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        import re

        message = str(exc)
        found = re.search(r"\(at line (\d+), column \d+\)", message)
        line = int(found[1]) if found else None
        message = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", message)
        raise SettingsError(f"not valid TOML: {message}", file=str(path), line=line) from None


def _validated(table: dict, path: Path) -> dict[str, Any]:
    """The table's values in the forms the CLI uses: strings, lists of strings, a bool."""
    import difflib

    out: dict[str, Any] = {}
    for key, value in table.items():
        name = key.replace("_", "-")
        if name not in KEYS:
            close = difflib.get_close_matches(name.casefold(), list(KEYS), n=1, cutoff=0.6)
            hint = f"; did you mean {close[0]}?" if close else ""
            raise SettingsError(f"unknown setting '{key}'{hint} (settings: {', '.join(KEYS)})", file=str(path))
        out[name] = _value(name, value, path)
    return out


def _value(name: str, value: Any, path: Path) -> Any:
    from datetime import date

    def wrong() -> SettingsError:
        return SettingsError(f"{name} must be {KEYS[name]}, not {value!r}", file=str(path))

    if name == "strict":
        if not isinstance(value, bool):
            raise wrong()
        return value
    if name == "as-of":
        if isinstance(value, date):
            return value.isoformat()
        if not isinstance(value, str):
            raise wrong()
        return value
    if name == "format":
        if not isinstance(value, str) or not value.strip():
            raise wrong()
        if value.endswith((".yaml", ".yml")) and not os.path.isabs(value):
            return str(path.parent / value)  # a format file beside the settings, wherever deckcheck runs
        return value
    if isinstance(value, str):
        value = [v for v in value.split(",") if v.strip()]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise wrong()
    return [v.strip() for v in value]


def describe(settings: Settings, used: dict[str, tuple[Any, str]]) -> str:
    """``check --show-settings``: each setting in force, its value and where it came from."""
    lines = [f"settings file: {settings.path if settings.path else 'none found (from here upward)'}"]
    width = max(len(k) for k in used)
    for key, (value, origin) in used.items():
        if key == "as-of" and value is None:
            value = "today"
        shown = ", ".join(value) if isinstance(value, (list, tuple)) else str(value).lower() \
            if isinstance(value, bool) else str(value)
        lines.append(f"  {key:<{width}}  {shown or '(none)'}   [{origin}]")
    return "\n".join(lines) + "\n"
