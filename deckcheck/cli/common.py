"""Small helpers shared by the command modules (console, JSON output, card database)."""

from __future__ import annotations

import json
import os
import sys
from typing import Any


#: The width of a pipe or a file: wide enough that nothing is wrapped.
UNWRAPPED = 10_000


class TrimmedLines:
    """A text stream that writes whole lines without trailing spaces (what a pipe or file gets)."""

    def __init__(self, stream) -> None:
        self.stream = stream
        self.pending = ""

    def write(self, text: str) -> int:
        self.pending += text
        if "\n" in self.pending:
            *lines, self.pending = self.pending.split("\n")
            self.stream.write("".join(line.rstrip() + "\n" for line in lines))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return False

    @property
    def encoding(self) -> str:
        return getattr(self.stream, "encoding", None) or "utf-8"


def console(stderr: bool = False):
    """A rich console; colours off when not a terminal or when NO_COLOR is set.

    A terminal gets text wrapped to its width (``COLUMNS`` replaces the window's); a pipe gets
    nothing wrapped and no trailing spaces.
    """
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    tty = stream.isatty()
    no_color = bool(os.environ.get("NO_COLOR")) or not tty
    out = Console(file=stream if tty else TrimmedLines(stream), no_color=no_color, highlight=False,
                  soft_wrap=False, width=None if tty else UNWRAPPED)
    out.on_broken_pipe = _closed_pipe  # rich would exit 1 ("illegal"); main() ends quietly with 0
    return out


def _closed_pipe() -> None:
    """The reader went away (``deckcheck … | head -1``): stop writing; main() exits 0."""
    raise BrokenPipeError("output closed by the reader")


def fitted_to_terminal(text: str) -> str:
    """``text`` as a terminal of its width shows it best: each line longer than the terminal wrapped
    at spaces, its continuation indented two columns past the line's own indent (as ``check`` does);
    a pipe or a file gets ``text`` as it is, every line whole."""
    if not sys.stdout.isatty():
        return text
    import shutil
    import textwrap

    width = max(shutil.get_terminal_size().columns, 20)  # COLUMNS, else the window's size
    out = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip(" ")) + 2)
        out.extend(textwrap.wrap(line, width, subsequent_indent=indent, break_long_words=False,
                                 break_on_hyphens=False, drop_whitespace=True) or [line])
    return "\n".join(out)


def json_text(data: Any) -> str:
    """``data`` as indented JSON text, ending in a newline."""
    return json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n"


def print_json(data: Any) -> None:
    """Write ``data`` as indented JSON to stdout."""
    sys.stdout.write(json_text(data))


def card_db():
    """The bundled card database (``$DECKCHECK_CARD_DATA`` points elsewhere)."""
    from deckcheck.cards import load_cards

    return load_cards()


def natural_width(out, renderable) -> int:
    """How wide ``renderable`` is when nothing has to be cut or folded."""
    return max(out.measure(renderable, options=out.options.update_width(100_000)).maximum, 20)


def print_table(out, table) -> None:
    """A rich table on ``out``: fitted to a terminal; in a pipe as wide as its longest row, so no
    card name is cut or folded."""
    if out.is_terminal:
        out.print(table)
    else:
        out.width = natural_width(out, table)
        out.print(table, soft_wrap=False)


def plain_text(renderable, table: bool = False) -> str:
    """What ``renderable`` prints in a pipe (no colour, no wrapping, no trailing spaces), as a
    string for a file."""
    if isinstance(renderable, str):
        return renderable if renderable.endswith("\n") or not renderable else renderable + "\n"
    import io

    from rich.console import Console

    buffer = io.StringIO()
    out = Console(file=buffer, no_color=True, highlight=False, soft_wrap=True, width=UNWRAPPED,
                  color_system=None, force_terminal=False)
    if table:  # as wide as its longest row
        out.width = natural_width(out, renderable)
        out.print(renderable, soft_wrap=False)
    else:
        out.print(renderable, soft_wrap=True)
    return "".join(line.rstrip() + "\n" for line in buffer.getvalue().splitlines())


#: Game-turns from which a long goldfish run shows a progress bar (about a second of work).
PROGRESS_MIN_GAME_TURNS = 100_000


class game_progress:
    """A transient progress bar on stderr while the goldfish engine does ``total`` steps (game-turns,
    or games for the clock); only when stderr is a terminal, ``show`` and the work (``work`` game-turns,
    ``total`` by default) is long enough (never for JSON, never in a pipe). Feed it :meth:`advance`."""

    def __init__(self, total: int, label: str, show: bool = True, work: int | None = None) -> None:
        self.total = total
        self.label = label
        self.show = show and (work or total) >= PROGRESS_MIN_GAME_TURNS and sys.stderr.isatty()
        self.bar = None
        self.task = None

    def __enter__(self):
        if not self.show:
            return self
        from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeRemainingColumn

        self.bar = Progress(TextColumn(self.label), BarColumn(), TaskProgressColumn(), TimeRemainingColumn(),
                            console=console(stderr=True), transient=True)
        self.bar.__enter__()
        self.task = self.bar.add_task(self.label, total=self.total)
        return self

    def advance(self, steps: int) -> None:
        """Move the bar by ``steps`` (nothing when it is not shown)."""
        if self.bar is not None:
            self.bar.advance(self.task, steps)

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)
