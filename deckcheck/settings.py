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

    def shown(self) -> str:
        """Where the settings come from, for an output's footer: the file, or that there is none."""
        return f"settings: {self.path}" if self.path is not None else "settings: none (no deckcheck.toml found)"

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
    """The settings in force in ``start`` (default: the working folder); empty if none is found.

    A candidate that is not a regular file, is not UTF-8, or is broken TOML is an error (the
    search does not go on past it); so is a file another user could have planted (see :func:`_trusted`).
    """
    folder = os.path.abspath(start or os.getcwd())
    while True:
        own = os.path.join(folder, "deckcheck.toml")
        if os.path.lexists(own):
            text = _read(Path(own))
            return Settings(Path(own), _validated(_parse(text, Path(own)), Path(own)))
        project = os.path.join(folder, "pyproject.toml")
        if os.path.lexists(project):
            table = _deckcheck_table(Path(project))
            if table is not None:
                return Settings(Path(project), _validated(table, Path(project)))
        parent = os.path.dirname(folder)
        if parent == folder:
            return Settings()
        folder = parent


#: The largest settings file read (a pyproject.toml of a large project is a few dozen KiB).
MAX_BYTES = 256 * 1024
#: The most parts of one dotted key (``a.b.c`` has 3): the standard library's TOML parser takes time
#: growing with the square of a key's parts (8,000 parts: seconds).
MAX_KEY_PARTS = 20
_PART = r"(?:[A-Za-z0-9_-]+|\"[^\"\n]*\"|'[^'\n]*')"


def _read(path: Path, *, mentions: bytes | None = None) -> str | None:
    """A settings file's text, read only from a regular file one may trust; with ``mentions``, None
    when the bytes do not hold it (a pyproject.toml with nothing for deckcheck)."""
    from deckcheck.io import open_regular

    with open_regular(path, error=SettingsError) as handle:
        info = os.fstat(handle.fileno())
        raw = handle.read(MAX_BYTES + 1)
    if len(raw) > MAX_BYTES:
        raise SettingsError(f"too large for a settings file (over {MAX_BYTES // 1024} KiB)", file=str(path))
    if mentions is not None and mentions not in raw:
        return None
    _trusted(path, info)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SettingsError(f"not UTF-8 text (byte {exc.start}); TOML files are UTF-8", file=str(path)) from None


def _trusted(path: Path, info: os.stat_result) -> None:
    """Refuse a settings file owned by another user (not root), or writable by every user: someone
    else could have put it in a shared folder above this one (as git refuses such repositories).
    ``DECKCHECK_SAFE_SETTINGS`` lists files to trust anyway (separated like PATH; ``*``: all)."""
    getuid = getattr(os, "geteuid", None)
    if getuid is None:
        return
    owner_ok = info.st_uid in (getuid(), 0)
    if owner_ok and not info.st_mode & 0o002:
        return
    safe = os.environ.get("DECKCHECK_SAFE_SETTINGS", "")
    if safe == "*" or os.path.abspath(path) in {os.path.abspath(p) for p in safe.split(os.pathsep) if p}:
        return
    why = (f"it belongs to another user (uid {info.st_uid})" if not owner_ok
           else "every user may write to it")
    raise SettingsError(f"settings file refused: {why}, so it may not be yours; remove it, or trust it with "
                        "DECKCHECK_SAFE_SETTINGS=<its path>", file=str(path))


def _deckcheck_table(path: Path) -> dict | None:
    """``[tool.deckcheck]`` of a pyproject.toml (however the TOML writes it), or None (most have
    none: the parse is skipped when the file does not mention deckcheck)."""
    text = _read(path, mentions=b"deckcheck")
    if text is None:
        return None
    table = _parse(text, path).get("tool", {})
    table = table.get("deckcheck") if isinstance(table, dict) else None
    if table is not None and not isinstance(table, dict):
        raise SettingsError("[tool.deckcheck] must be a table", file=str(path))
    return table


def _parse(text: str, path: Path) -> dict:
    """The TOML document, within bounds: a dotted key of at most :data:`MAX_KEY_PARTS` parts, arrays
    and tables nested no deeper than the parser can go (each a one-line error, never a hang)."""
    import re
    import tomllib

    long_key = re.search(rf"{_PART}(?:[ \t]*\.[ \t]*{_PART}){{{MAX_KEY_PARTS},}}", text)
    if long_key is not None:
        raise SettingsError(f"a dotted key of more than {MAX_KEY_PARTS} parts: not a deckcheck setting",
                            file=str(path), line=text.count("\n", 0, long_key.start()) + 1)
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise SettingsError("arrays or tables nested too deeply: not a deckcheck setting", file=str(path)) from None
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
        import reprlib

        return SettingsError(f"{name} must be {KEYS[name]}, not {reprlib.repr(value)}", file=str(path))

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
    from deckcheck.words import one_line

    return "\n".join(map(one_line, lines)) + "\n"
