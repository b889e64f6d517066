"""Check results as text: one block per deck, then a summary.

Functions return :class:`Lines` (text with styles) and print nothing. Piped or written to a file,
``Lines.plain()`` is the text itself, with no terminal library involved (the common case of a
script or a CI job costs microseconds). In a terminal, rich prints the same lines in colour,
wrapped to the window (``Lines`` is a rich renderable). Card names and messages are never parsed
as markup, so a line like ``Jinx [OGN-1]`` shows as written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from deckcheck.decks.model import Severity
from deckcheck.errors import DeckcheckError, one_line, place
from deckcheck.rules.report import Report, Violation
from deckcheck.words import excluded_by_settings, join_names, plural, skipped_summary, with_written

#: The zones of the counts line, in order.
COUNT_ZONES = ("main", "runes", "battlefields", "sideboard")

_HEADINGS = {Severity.ERROR: ("error", "errors"), Severity.WARNING: ("warning", "warnings"),
             Severity.INFO: ("note", "notes")}
_STYLES = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}


class Text:
    """One line of text made of styled pieces (the subset of :class:`rich.text.Text` used here):
    ``style`` is the style of the whole line, each appended piece may add its own."""

    __slots__ = ("parts", "style")

    def __init__(self, text: str = "", style: str = "") -> None:
        self.style = style
        self.parts: list[tuple[str, str]] = [(text, "")] if text else []

    def append(self, text: str, style: str = "") -> "Text":
        self.parts.append((text, style))
        return self

    @property
    def plain(self) -> str:
        return "".join(text for text, _ in self.parts)

    def __rich__(self) -> Any:
        from rich.text import Text as RichText

        line = RichText(style=self.style)
        for text, style in self.parts:
            line.append(text, style=style or None)
        return _Hanging(line)


#: How much further than its first line a wrapped line's continuation lines are indented.
HANG = 6


class _Hanging:
    """A line wrapped to the terminal's width at word boundaries, its continuation lines indented
    ``HANG`` columns past the line's own indentation (so a long message never starts at column 0)."""

    __slots__ = ("text",)

    def __init__(self, text) -> None:
        self.text = text

    def __rich_console__(self, console, options):
        from rich._wrap import divide_line
        from rich.cells import cell_len
        from rich.segment import Segment

        text = self.text
        plain = text.plain
        indent = len(plain) - len(plain.lstrip(" "))
        width = options.max_width
        if cell_len(plain) <= width or width <= indent + HANG + 10:  # a Chinese character takes two columns
            yield text
            return
        body = text[indent:]
        first_breaks = divide_line(body.plain, width - indent, fold=True)
        cut = first_breaks[0] if first_breaks else len(body.plain)
        head, rest = body[:cut], body[cut:]
        rest = rest[len(rest.plain) - len(rest.plain.lstrip(" ")):]
        head.rstrip()
        yield Segment(" " * indent)
        yield from console.render(head, options.update(width=width - indent))
        pad = indent + HANG
        for piece in rest.wrap(console, width - pad):
            yield Segment(" " * pad)
            yield from console.render(piece, options.update(width=width - pad))


class Lines:
    """Lines of styled text (nested blocks are flattened): plain with :meth:`plain`, coloured by rich."""

    __slots__ = ("lines",)

    def __init__(self, *items: "Text | Lines") -> None:
        self.lines: list[Text] = []
        for item in items:
            if isinstance(item, Lines):
                self.lines.extend(item.lines)
            else:
                self.lines.append(item)

    def plain(self) -> str:
        """The text without styles, one line each, ending in a newline."""
        return "".join(line.plain + "\n" for line in self.lines)

    def __rich__(self) -> Any:
        from rich.console import Group

        return Group(*(line.__rich__() for line in self.lines))


#: What the renderers return.
RenderableType = Lines | Text
Group = Lines


def counts_line(counts: Mapping[str, int], targets: Mapping[str, str] | None = None) -> str:
    """``40/40 main · 12/12 runes · 3/3 battlefields · 8/10 sideboard`` (no ``/target`` if unknown)."""
    targets = targets or {}
    parts = []
    for zone in COUNT_ZONES:
        if zone not in counts:
            continue
        target = targets.get(zone)
        parts.append(f"{counts[zone]}/{target} {zone}" if target else f"{counts[zone]} {zone}")
    if counts.get("unknown"):
        parts.append(f"+{counts['unknown']} not identified")
    return " · ".join(parts)


def where(violation: Violation, report: Report) -> str:
    """``file:line`` of a violation, falling back to the deck's source."""
    return place(violation.file or report.source, violation.line)


def render_violation(violation: Violation, report: Report) -> RenderableType:
    """Code, rule, message; then card and place; then the fix hint."""
    style = _STYLES[violation.severity]
    head = Text("    ")
    head.append(violation.code, style=style)
    head.append(f" {violation.rule}", style="bold")
    head.append(f"  {one_line(violation.message)}")
    lines: list[RenderableType] = [head]
    detail = []
    if violation.card:
        detail.append(f"card: {one_line(with_written(violation.card, violation.written))}")
    place = where(violation, report)
    if place:
        detail.append(f"at {one_line(place)}")
    if detail:
        lines.append(Text("        " + " · ".join(detail), style="dim"))
    if violation.hint:
        fix = Text("        fix: ", style="green")
        fix.append(one_line(violation.hint))
        lines.append(fix)
    return Group(*lines)


def render_report(
    report: Report,
    *,
    targets: Mapping[str, str] | None = None,
    strict: bool = False,
    quiet: bool = False,
) -> RenderableType | None:
    """One deck: verdict and source, legend and champion, counts, then violations by severity.

    With ``quiet`` a passing deck gives ``None`` and a failing one shows only what fails it.
    """
    passes = report.passes(strict)
    if quiet and passes:
        return None
    title = Text()
    verdict = report.verdict
    if passes:
        title.append("✓ legal  ", style="bold green")
    elif verdict == "legal":
        title.append("✗ warnings  ", style="bold yellow")
    elif verdict == "unverified":
        title.append("? unverified  ", style="bold magenta")
    else:
        title.append("✗ illegal  ", style="bold red")
    title.append(one_line(report.source or report.name or "deck"), style="bold")
    if report.player:
        title.append(f"  player {one_line(report.player)}")
    if report.name and report.source and report.name != report.source:
        title.append(f"  ({one_line(report.name)})")
    lines: list[RenderableType] = [title]
    who = Text("  ")
    who.append(f"legend {with_written(report.legend, report.legend_written) or '—'}")
    who.append(f" · champion {with_written(report.champion, report.champion_written) or '—'}")
    who.append(f" · {report.format}, {report.as_of.isoformat()}", style="dim")
    lines.append(who)
    if report.counts:
        lines.append(Text("  " + counts_line(report.counts, targets)))
    if verdict == "unverified":
        check = Text("  not proven legal: check by hand ", style="magenta")
        check.append(join_names(report.unverified_cards), style="bold")
        lines.append(check)
    shown = [v for v in report.violations if not quiet or v.fails(strict)]
    for severity in (Severity.ERROR, Severity.WARNING, Severity.INFO):
        group = sorted((v for v in shown if v.severity is severity), key=Violation.sort_key)
        if not group:
            continue
        one, many = _HEADINGS[severity]
        heading = f"  {len(group)} {one if len(group) == 1 else many}"
        if severity is Severity.ERROR and all(v.unverified for v in group):  # not proven legal, not wrong
            heading = f"  {len(group)} to check by hand (not in the card data)"
        lines.append(Text(heading, style=_STYLES[severity]))
        lines.extend(render_violation(v, report) for v in group)
    return Group(*lines)


def render_unreadable(error: DeckcheckError) -> RenderableType:
    """An input that could not be read at all."""
    line = Text("✗ unreadable  ", style="bold red")
    line.append(str(error))
    if error.player:
        line.append(f"  (player {one_line(error.player)})")
    return line


def render_skipped(skipped: Sequence) -> RenderableType:
    """The files a folder check did not read, each with the reason."""
    lines = []
    for excluded, heading in ((False, "skipped (not decks)"), (True, "excluded by the settings")):
        group = [item for item in skipped if excluded_by_settings(item) is excluded]
        if group:
            lines.append(Text(f"{heading}: {plural(len(group), 'file')}", style="dim"))
            lines.extend(Text(one_line(f"  {item.source}: {item.reason}"), style="dim") for item in group)
    return Group(*lines)


def render_text_plain(renderable: Any, width: int = 100) -> str:
    """A renderable as plain text without colours (for --out-file and piped output)."""
    if isinstance(renderable, (Lines, Text)):
        return Lines(renderable).plain()
    import io

    from rich.console import Console

    buffer = io.StringIO()
    Console(file=buffer, no_color=True, highlight=False, width=width, color_system=None,
            force_terminal=False).print(renderable, soft_wrap=True)
    return buffer.getvalue()


def summary(
    reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *, strict: bool = False,
    skipped: Sequence = (),
) -> Text:
    """``3 decks checked: 2 legal, 1 illegal · 1 file could not be read``.

    Unverified decks are counted only when there are some: ``1 legal, 0 illegal, 1 unverified``.
    """
    verdicts = [r.verdict for r in reports]
    legal = verdicts.count("legal")
    illegal = verdicts.count("illegal")
    unverified = verdicts.count("unverified")
    warned = sum(1 for r in reports if r.legal and r.warnings)
    text = Text(f"{len(reports)} deck{_s(len(reports))} checked: ", style="bold")
    text.append(f"{legal} legal", style="green" if legal else "")
    text.append(", ")
    text.append(f"{illegal} illegal", style="bold red" if illegal else "")
    if unverified:
        text.append(", ")
        text.append(f"{unverified} unverified", style="bold magenta")
    if warned:
        text.append(", ")
        label = f"{warned} with warnings" + (" (failing with --strict)" if strict else "")
        text.append(label, style="yellow")
    if unreadable:
        text.append(" · ")
        text.append(f"{len(unreadable)} input{_s(len(unreadable))} could not be read", style="bold red")
    if skipped:
        text.append(f" · {skipped_summary(skipped)}")
    return text


def render_text(
    reports: Sequence[Report],
    unreadable: Sequence[DeckcheckError] = (),
    *,
    targets: Mapping[str, Mapping[str, str]] | None = None,
    strict: bool = False,
    quiet: bool = False,
    skipped: Sequence = (),
) -> RenderableType:
    """Every deck, every unreadable input, the skipped files and the summary; ``targets`` maps a
    format to its sizes."""
    blocks: list[RenderableType] = []
    for report in reports:
        block = render_report(report, targets=(targets or {}).get(report.format), strict=strict, quiet=quiet)
        if block is not None:
            blocks.extend([block, Text("")])
    blocks.extend(render_unreadable(e) for e in unreadable)
    if unreadable:
        blocks.append(Text(""))
    if skipped and not quiet:
        blocks.extend([render_skipped(skipped), Text("")])
    all_pass = all(r.passes(strict) for r in reports) and not unreadable
    if not (quiet and all_pass):
        blocks.append(summary(reports, unreadable, strict=strict, skipped=skipped))
    return Group(*blocks)


def _s(n: int) -> str:
    return "" if n == 1 else "s"
