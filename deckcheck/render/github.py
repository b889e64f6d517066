"""Check results as GitHub Actions workflow commands, so a pull request shows each violation on its line.

``::error file=decks/jinx.txt,line=12,title=RB101 main-deck-size (TR 402.1)::message``

Errors become ``::error``, warnings ``::warning`` and notes ``::notice``; an error the card data
cannot decide (the deck is unverified) says ``unverified`` in its title. Values are escaped the way
the Actions runner unescapes them: ``%``, CR and LF everywhere, and also ``:`` and ``,`` in
properties. Paths under the working directory are written relative to it, as GitHub expects.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import Any

from deckcheck.decks.model import Severity
from deckcheck.errors import DeckcheckError
from deckcheck.rules.report import Report, Violation
from deckcheck.words import each_line, one_line, with_written

_COMMANDS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}
#: Sources that are not files in the repository.
_NOT_FILES = {"<stdin>", "<code>", "-"}


def escape_data(value: str) -> str:
    """Escape a message (the part after ``::``)."""
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(value: str) -> str:
    """Escape a property value (``file=``, ``title=``, ...)."""
    return escape_data(value).replace(":", "%3A").replace(",", "%2C")


def repo_path(path: str, root: str | None = None) -> str:
    """``path`` relative to ``root`` (default: the working directory) if it lies inside it."""
    root = os.path.abspath(root or os.getcwd())
    absolute = os.path.abspath(path)
    if os.path.commonpath([root, absolute]) == root:
        return os.path.relpath(absolute, root).replace(os.sep, "/")
    return path


def command(kind: str, message: str, *, file: str | None = None, line: int | None = None,
            title: str | None = None, root: str | None = None) -> str:
    """One workflow command line."""
    props = []
    if file and file not in _NOT_FILES:
        props.append(f"file={escape_property(one_line(repo_path(file, root)))}")
        if line:
            props.append(f"line={line}")
    if title:
        props.append(f"title={escape_property(one_line(title))}")
    head = f"::{kind}" + (" " + ",".join(props) if props else "")
    return f"{head}::{escape_data(each_line(message))}"


def _export_row(source: str | None) -> tuple[str | None, str | None]:
    """``("regs.csv", "12")`` for ``regs.csv:12`` (a row of a registration export), else (None, None)."""
    if source:
        path, _, row = source.rpartition(":")
        if row.isdigit() and path.lower().endswith((".csv", ".tsv", ".xlsx")):
            return path, row
    return None, None


def violation_command(violation: Violation, report: Report, root: str | None = None) -> str:
    message = violation.message
    card = with_written(violation.card, violation.written)
    if card and card not in message:
        message += f" [{card}]"
    if violation.hint:
        message += f"\nFix: {violation.hint}"
    if not (violation.file or report.source) or (violation.file or report.source) in _NOT_FILES:
        message = f"{report.name or report.source or 'deck'}: {message}"
    file, line = violation.file or report.source, violation.line
    export, row = _export_row(file)
    if export is not None:  # a row of a registration export: annotate the export file, say the row
        file, line = export, None
        message = f"row {row}" + (f" ({report.player})" if report.player else "") + f": {message}"
    elif report.player:
        message = f"{report.player}: {message}"
    return command(
        _COMMANDS[violation.severity],
        message,
        file=file,
        line=line,
        title=f"{violation.code} {violation.name} ({violation.rule})" + (" unverified" if violation.unverified else ""),
        root=root,
    )


def render_github(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), **options: Any) -> str:
    """All annotations, then one plain summary line (shown in the job log); ``options`` as for
    :func:`github_lines` (``quiet`` leaves out the notices, keeping errors and warnings)."""
    return "".join(github_lines(reports, unreadable, **options))


def github_lines(
    reports: Sequence[Report],
    unreadable: Sequence[DeckcheckError] = (),
    *,
    strict: bool = False,
    root: str | None = None,
    quiet: bool = False,
) -> Iterator[str]:
    """:func:`render_github` a line at a time, each made as it is written; ``strict`` counts the decks
    failing by warnings, ``root`` is the folder paths are given from, ``quiet`` leaves out the notices."""
    for report in reports:
        for violation in sorted(report.violations, key=Violation.sort_key):
            if quiet and violation.severity is Severity.INFO:
                continue
            yield violation_command(violation, report, root) + "\n"
    for error in unreadable:
        export, row = _export_row(error.file)
        message = error.message if export is None else (
            f"row {row}" + (f" ({error.player})" if error.player else "") + f": {error.message}")
        yield command("error", message, file=export or error.file, line=None if export else error.line,
                      title="deckcheck: unreadable input", root=root) + "\n"
    verdicts = [r.verdict for r in reports]
    failed = sum(1 for r in reports if not r.passes(strict))
    tail = (f"deckcheck: {len(reports)} deck{'' if len(reports) == 1 else 's'} checked, "
            f"{verdicts.count('legal')} legal, {verdicts.count('illegal')} illegal")
    if "unverified" in verdicts:
        tail += f", {verdicts.count('unverified')} unverified"
    if strict:
        tail += f", {failed} failing with --strict"
    if unreadable:
        tail += f", {len(unreadable)} unreadable"
    if reports:
        from deckcheck.render.concise import judged_by

        tail += f" ({judged_by(reports)})"
    yield tail + "\n"
