"""A batch's reports kept packed: each report as the bytes of its plain values, made whole again each
time it is read. ``deckcheck check`` keeps its reports so (its outputs count and sort the whole batch
before or after its rows): a report of four problems costs about 1.5 KB packed, 5 KB whole (each
message keeps its template and fields, so it can still be said in the reader's language).

The plain values are those a worker process sends (:mod:`deckcheck.rules.transfer`), so a report read
back is the report packed, as a report sent by a worker is.
"""

from __future__ import annotations

import pickle
from collections.abc import Iterator, Sequence
from typing import Any, overload

from deckcheck.rules.report import Report
from deckcheck.rules.transfer import report_from_plain, report_to_plain

_PROTOCOL = pickle.HIGHEST_PROTOCOL
#: ``deckcheck check`` packs the reports of a batch of this many inputs or more: below it whole reports
#: cost less than 25 MB, and reading each report again as the outputs pass over them would cost time.
PACK_FROM = 5_000


def pack(report: Report) -> bytes:
    """``report`` packed (:func:`unpack` reads it back)."""
    return pickle.dumps(report_to_plain(report), _PROTOCOL)


def pack_plain(plain: Any) -> bytes:
    """A report's plain values (:func:`~deckcheck.rules.transfer.report_to_plain`, as a worker sent them) packed."""
    return pickle.dumps(plain, _PROTOCOL)


def plain_of(packed: bytes) -> Any:
    """The plain values of a packed report (what a worker sends its parent)."""
    return pickle.loads(packed)


def unpack(packed: bytes) -> Report:
    """The report :func:`pack` was given."""
    return report_from_plain(pickle.loads(packed))


class PackedReports(Sequence[Report]):
    """Reports kept packed, read as a sequence: each read makes the report again (the same report
    when one index is read twice in a row, as a row and then its details are), so what a reader
    changes in a report is not kept. ``append`` takes a report or one already packed."""

    __slots__ = ("_packed", "_last")

    def __init__(self, reports: Sequence[Report] = ()) -> None:
        self._packed: list[bytes] = [pack(report) for report in reports]
        self._last: tuple[int, Report] | None = None  # the index read last, and its report

    def append(self, report: Report | bytes) -> None:
        self._packed.append(report if report.__class__ is bytes else pack(report))  # type: ignore[arg-type]

    def __len__(self) -> int:
        return len(self._packed)

    @overload
    def __getitem__(self, index: int) -> Report: ...

    @overload
    def __getitem__(self, index: slice) -> list[Report]: ...

    def __getitem__(self, index: int | slice) -> Report | list[Report]:
        if isinstance(index, slice):
            return [unpack(packed) for packed in self._packed[index]]
        last = self._last
        if last is not None and last[0] == index:
            return last[1]
        report = unpack(self._packed[index])
        self._last = (index, report)
        return report

    def __iter__(self) -> Iterator[Report]:
        for packed in self._packed:
            yield unpack(packed)

    def __repr__(self) -> str:
        return f"PackedReports({len(self._packed)} reports)"
