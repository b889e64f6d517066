"""Tables that fit a narrow terminal by leaving out their least needed columns, never by cutting
a card name or folding a number."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

#: Wide enough to measure a table's natural width.
_WIDE = 10_000


class Fitted:
    """A rich table shown whole when it fits; else the columns at ``drop`` (indices, the first to
    go first) are left out until it fits, and a dim line names them. Columns that hold names and
    numbers should be ``no_wrap``: they keep their width while the others shrink."""

    __slots__ = ("table", "drop")

    def __init__(self, table: Any, drop: Sequence[int] = ()) -> None:
        self.table = table
        self.drop = tuple(drop)

    def _natural(self, console, options, table) -> int:
        from rich.measure import Measurement

        return Measurement.get(console, options.update_width(_WIDE), table).maximum

    def __rich_console__(self, console, options):
        from copy import copy

        from rich.text import Text

        table = self.table
        width = options.max_width
        if self._natural(console, options, table) <= width or not self.drop:
            yield table
            return
        fitted = copy(table)
        copies = [copy(column) for column in table.columns]  # renumbered below, the table's own untouched
        fitted.columns = list(copies)
        left_out = []
        for index in self.drop:
            if self._natural(console, options, fitted) <= width:
                break
            column = copies[index]
            fitted.columns.remove(column)
            left_out.append(str(column.header) or "the bars")
            for number, kept in enumerate(fitted.columns):  # rich pads a column by its place (the last: no edge)
                kept._index = number
        yield fitted
        yield Text(f"(not shown at {width} columns: {', '.join(left_out)}; a wider window or a pipe shows them)",
                   style="dim")

    def __rich_measure__(self, console, options):
        from rich.measure import Measurement

        return Measurement.get(console, options, self.table)
