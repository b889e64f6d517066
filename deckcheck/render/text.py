"""Check results as text: one block per deck, then a summary.

Functions return :class:`Lines` (text with styles) and print nothing. Piped or written to a file,
``Lines.plain()`` is the text itself, with no terminal library involved (the common case of a
script or a CI job costs microseconds). In a terminal, rich prints the same lines in colour,
wrapped to the window (``Lines`` is a rich renderable). Card names and messages are never parsed
as markup, so a line like ``Jinx [OGN-1]`` shows as written.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from deckcheck.decks.model import Severity
from deckcheck.errors import DeckcheckError, place
from deckcheck.words import one_line
from deckcheck.rules.report import Report, Violation
from deckcheck.words import ENGLISH, Language, N_, N_n, Speaking, excluded_by_settings, skipped_summary, with_written

#: The zones of the counts line, in order.
COUNT_ZONES = ("main", "runes", "battlefields", "sideboard")

_HEADINGS = {Severity.ERROR: N_n("{n} error", "{n} errors"), Severity.WARNING: N_n("{n} warning", "{n} warnings"),
             Severity.INFO: N_n("{n} note", "{n} notes")}
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


def counts_line(counts: Mapping[str, int], targets: Mapping[str, str] | None = None, w: Language = ENGLISH) -> str:
    """``40/40 main · 12/12 runes · 3/3 battlefields · 8/10 sideboard`` (no ``/target`` if unknown)."""
    targets = targets or {}
    parts = []
    for zone in COUNT_ZONES:
        if zone not in counts:
            continue
        target = targets.get(zone)
        if target:
            parts.append(w.say(_COUNTED_OF[zone], count=counts[zone], target=target))
        else:
            parts.append(w.say(COUNTED[zone], count=counts[zone]))
    if counts.get("unknown"):
        parts.append(w.say("+{count} not identified", count=counts["unknown"]))
    return " · ".join(parts)


#: The counts line's words for each zone, with and without the size the format asks for.
_COUNTED_OF = {"main": N_("{count}/{target} main"), "runes": N_("{count}/{target} runes"),
               "battlefields": N_("{count}/{target} battlefields"), "sideboard": N_("{count}/{target} sideboard")}
COUNTED = {"main": N_("{count} main"), "runes": N_("{count} runes"), "battlefields": N_("{count} battlefields"),
            "sideboard": N_("{count} sideboard")}


def where(violation: Violation, report: Report) -> str:
    """``file:line`` of a violation, falling back to the deck's source."""
    return place(violation.file or report.source, violation.line)


def render_violation(violation: Violation, report: Report, w: Language = ENGLISH) -> RenderableType:
    """Code, rule, message; then card and place; then the fix hint."""
    style = _STYLES[violation.severity]
    head = Text("    ")
    head.append(violation.code, style=style)
    head.append(f" {violation.rule}", style="bold")
    head.append(f"  {one_line(w(violation.message))}")
    lines: list[RenderableType] = [head]
    detail = []
    if violation.card:
        shown = with_written(violation.card, violation.written) if w.english else w.card(violation.card)
        detail.append(w.say("card: {card}", card=one_line(shown)))
    place = where(violation, report)
    if place:
        detail.append(w.say("at {place}", place=one_line(place)))
    if detail:
        lines.append(Text("        " + " · ".join(detail), style="dim"))
    if violation.hint:
        fix = Text("        " + w.say("fix: "), style="green")
        fix.append(one_line(w(violation.hint)))
        lines.append(fix)
    return Group(*lines)


#: The first words of a deck's block, by what it comes to.
_VERDICT_WORDS = {"passes": (N_("✓ legal  "), "bold green"), "warnings": (N_("✗ warnings  "), "bold yellow"),
                  "unverified": (N_("? unverified  "), "bold magenta"), "illegal": (N_("✗ illegal  "), "bold red")}


def render_report(
    report: Report,
    *,
    targets: Mapping[str, str] | None = None,
    strict: bool = False,
    quiet: bool = False,
    w: Language = ENGLISH,
) -> RenderableType | None:
    """One deck: verdict and source, legend and champion, counts, then violations by severity, in
    the language ``w``.

    With ``quiet`` a passing deck gives ``None`` and a failing one shows only what fails it.
    """
    passes = report.passes(strict)
    if quiet and passes:
        return None
    title = Text()
    verdict = report.verdict
    words, style = _VERDICT_WORDS["passes" if passes else "warnings" if verdict == "legal" else verdict]
    title.append(w(words), style=style)
    title.append(one_line(place(report.source, None) or report.name or w.say("deck")), style="bold")
    if report.player:
        title.append(w.say("  player {player}", player=one_line(report.player)))
    if report.name and report.source and report.name != report.source:
        title.append(f"  ({one_line(report.name)})")
    lines: list[RenderableType] = [title, _who(report, w)]
    if report.counts:
        lines.append(Text("  " + counts_line(report.counts, targets, w)))
    if verdict == "unverified":
        check = Text("  " + w.say("not proven legal: check by hand "), style="magenta")
        check.append(w.cards(report.unverified_cards), style="bold")
        lines.append(check)
    shown = [v for v in report.violations if not quiet or v.fails(strict)]
    for severity in (Severity.ERROR, Severity.WARNING, Severity.INFO):
        group = sorted((v for v in shown if v.severity is severity), key=Violation.sort_key)
        if not group:
            continue
        if severity is Severity.ERROR and all(v.unverified for v in group):  # not proven legal, not wrong
            heading = w.say("{count} to check by hand (not in the card data)", count=len(group))
        else:
            heading = w.say_n(*_HEADINGS[severity], len(group))
        lines.append(Text("  " + heading, style=_STYLES[severity]))
        lines.extend(render_violation(v, report, w) for v in group)
    return Group(*lines)


def _who(report: Report, w: Language) -> Text:
    """``legend … · champion … · standard, 2026-11-30``: a Chinese answer names the cards in Chinese,
    an English one adds the name the list wrote in another language."""
    if w.english:
        legend, champion = (with_written(report.legend, report.legend_written),
                            with_written(report.champion, report.champion_written))
    else:
        legend, champion = (w.card(report.legend) if report.legend else None,
                            w.card(report.champion) if report.champion else None)
    who = Text("  ")
    who.append(w.say("legend {legend}", legend=legend or "—"))
    who.append(w.say(" · champion {champion}", champion=champion or "—"))
    who.append(" · " + w.say("{format}, {day}", format=w.word("format", report.format), day=report.as_of.isoformat()),
               style="dim")
    return who


def render_unreadable(error: DeckcheckError, w: Language = ENGLISH) -> RenderableType:
    """An input that could not be read at all."""
    line = Text(w.say("✗ unreadable  "), style="bold red")
    line.append(error.said(w))
    if error.player:
        line.append(w.say("  (player {player})", player=one_line(error.player)))
    return line


def render_skipped(skipped: Sequence, w: Language = ENGLISH) -> RenderableType:
    """The files a folder check did not read, each with the reason."""
    lines = []
    for excluded, (one, many) in ((False, _SKIPPED), (True, _EXCLUDED)):
        group = [item for item in skipped if excluded_by_settings(item) is excluded]
        if group:
            lines.append(Text(w.say_n(one, many, len(group)), style="dim"))
            lines.extend(Text(one_line(f"  {item.source}: {w(item.reason)}"), style="dim") for item in group)
    return Group(*lines)


_SKIPPED = N_n("skipped (not decks): {n:,} file", "skipped (not decks): {n:,} files")
_EXCLUDED = N_n("excluded by the settings: {n:,} file", "excluded by the settings: {n:,} files")


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
    skipped: Sequence = (), w: Language = ENGLISH,
) -> Text:
    """``3 decks checked: 2 legal, 1 illegal · 1 file could not be read``.

    Unverified decks are counted only when there are some: ``1 legal, 0 illegal, 1 unverified``.
    """
    verdicts = [r.verdict for r in reports]
    legal = verdicts.count("legal")
    illegal = verdicts.count("illegal")
    unverified = verdicts.count("unverified")
    warned = sum(1 for r in reports if r.legal and r.warnings)
    text = Text(w.say_n("{n} deck checked: ", "{n} decks checked: ", len(reports)), style="bold")
    text.append(w.say("{count} legal", count=legal), style="green" if legal else "")
    text.append(w.say(", "))
    text.append(w.say("{count} illegal", count=illegal), style="bold red" if illegal else "")
    if unverified:
        text.append(w.say(", "))
        text.append(w.say("{count} unverified", count=unverified), style="bold magenta")
    if warned:
        text.append(w.say(", "))
        label = (w.say("{count} with warnings (failing with --strict)", count=warned) if strict
                 else w.say("{count} with warnings", count=warned))
        text.append(label, style="yellow")
    if unreadable:
        text.append(" · ")
        text.append(w.say_n("{n} input could not be read", "{n} inputs could not be read", len(unreadable)),
                    style="bold red")
    if skipped:
        text.append(f" · {w(skipped_summary(skipped))}")
    return text


def render_text(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (),
                **options: Any) -> RenderableType:
    """Every deck, every unreadable input, the skipped files and the summary (``options`` as for
    :func:`text_blocks`: ``targets``, a format's sizes by its name; ``strict``, ``quiet``, ``skipped``, ``lang``, ``cards``)."""
    return Group(*text_blocks(reports, unreadable, **options))


def text_blocks(
    reports: Sequence[Report],
    unreadable: Sequence[DeckcheckError] = (),
    *,
    targets: Mapping[str, Mapping[str, str]] | None = None,
    strict: bool = False,
    quiet: bool = False,
    skipped: Sequence = (),
    lang: str | None = None,
    cards: Any = None,
) -> Iterator[RenderableType]:
    """:func:`render_text`'s blocks one at a time, made as they are printed (100,000 decks are never
    all in memory as text). ``lang`` is the language of the words (None: each deck's block in the
    language its list was written in, the rest in Chinese only when every list was); ``cards``, the
    card database, names the cards in that language."""
    speaking = Speaking(lang, cards)
    for report in reports:
        block = render_report(report, targets=(targets or {}).get(report.format), strict=strict, quiet=quiet,
                              w=speaking.of(report))
        if block is not None:
            yield Group(block, Text(""))
    w = speaking.of_all(reports)
    if unreadable:
        yield Group(*(render_unreadable(e, w) for e in unreadable), Text(""))
    if skipped and not quiet:
        yield Group(render_skipped(skipped, w), Text(""))
    all_pass = all(r.passes(strict) for r in reports) and not unreadable
    if not (quiet and all_pass):
        yield summary(reports, unreadable, strict=strict, skipped=skipped, w=w)

