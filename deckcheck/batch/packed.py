"""A batch's reports kept packed: each report as the bytes of its plain values, made whole again each
time it is read. ``deckcheck check`` keeps the reports of a large batch so past its first 10,000 (its
outputs count and sort the whole batch before or after its rows): a report of four problems costs
about 0.8 KB packed (as JSON, then compressed), 5 KB whole (each message keeps its template and
fields, so it can still be said in the reader's language).

The plain values are those a worker process sends (:mod:`deckcheck.rules.transfer`), so a report read
back is the report packed, as a report sent by a worker is.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterator, Sequence
from typing import Any, overload

from deckcheck.rules.report import Report
from deckcheck.rules.transfer import report_from_plain, report_to_plain

#: ``deckcheck check`` keeps this many reports whole and packs the rest: whole reports of 10,000 decks
#: of four problems cost about 50 MB, and reading a packed report again each time an output passes over
#: the batch costs time.
PACK_FROM = 10_000


def pack(report: Report) -> bytes:
    """``report`` packed (:func:`unpack` reads it back)."""
    return pack_plain(report_to_plain(report))


def pack_plain(plain: Any) -> bytes:
    """A report's plain values (:func:`~deckcheck.rules.transfer.report_to_plain`, as a worker sent them)
    packed: compact JSON (the encoding a worker sends them in), compressed."""
    return zlib.compress(json.dumps(plain, separators=(",", ":")).encode(), 1)


def plain_of(packed: bytes) -> Any:
    """The plain values of a packed report (what a worker sends its parent)."""
    return json.loads(zlib.decompress(packed))


def unpack(packed: bytes) -> Report:
    """The report :func:`pack` was given."""
    return report_from_plain(plain_of(packed))


class PackedReports(Sequence[Report]):
    """Reports read as a sequence, the first ``whole`` kept whole and the rest packed: each read of a
    packed one makes the report again (the same report when one index is read twice in a row, as a
    row and then its details are), so what a reader changes in it is not kept. ``append`` takes a
    report or one already packed."""

    __slots__ = ("_items", "_whole", "_last")

    def __init__(self, reports: Sequence[Report] = (), whole: int = 0) -> None:
        self._items: list[Report | bytes] = []
        self._whole = whole
        self._last: tuple[int, Report] | None = None  # the packed index read last, and its report
        for report in reports:
            self.append(report)

    def append(self, report: Report | bytes) -> None:
        if len(self._items) < self._whole:
            self._items.append(unpack(report) if isinstance(report, bytes) else report)
        else:
            self._items.append(report if isinstance(report, bytes) else pack(report))

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> Report: ...

    @overload
    def __getitem__(self, index: slice) -> list[Report]: ...

    def __getitem__(self, index: int | slice) -> Report | list[Report]:
        if isinstance(index, slice):
            return [_made(item) for item in self._items[index]]
        item = self._items[index]
        if not isinstance(item, bytes):
            return item
        last = self._last
        if last is not None and last[0] == index:
            return last[1]
        report = unpack(item)
        self._last = (index, report)
        return report

    def __iter__(self) -> Iterator[Report]:
        for item in self._items:
            yield unpack(item) if isinstance(item, bytes) else item

    def __repr__(self) -> str:
        return f"PackedReports({len(self._items)} reports, the first {self._whole} whole)"


def _made(item: Report | bytes) -> Report:
    return unpack(item) if isinstance(item, bytes) else item
