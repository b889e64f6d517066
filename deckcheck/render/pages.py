"""HTML pages: one Jinja2 environment with autoescaping, templates shipped in ``render/templates/``.

Every page deckcheck writes (the organiser's report, printable registration sheets, a player's
report) is rendered here, so each one escapes what players wrote the same way and is one
self-contained file: CSS and scripts inline, charts as inline SVG, nothing fetched from the
network (the base template's Content-Security-Policy forbids it).

Jinja2 is imported inside these functions, never on the plain ``deckcheck check`` path.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

#: The package holding the templates (``deckcheck/render/templates/``).
TEMPLATE_PACKAGE = "deckcheck.render"
TEMPLATE_FOLDER = "templates"


@lru_cache(maxsize=1)
def environment():
    """The Jinja2 environment: package templates, autoescape on for every template, strict undefined."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.PackageLoader(TEMPLATE_PACKAGE, TEMPLATE_FOLDER),
        autoescape=True,  # every template, whatever its ending: players' text is never trusted
        undefined=jinja2.StrictUndefined,  # a misspelt variable is a bug, not an empty cell
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        finalize=_for_people(),  # every value shown: no control character (an escape, U+202E) reaches the page
    )
    env.globals["bar_chart"] = bar_chart
    env.globals["generator"] = _generator()
    return env


def _for_people():
    """The environment's ``finalize``: a value a template shows as one line, its control characters
    escaped as text (markup that deckcheck built, such as a chart, keeps its lines). Printable text,
    nearly every value, is returned at once: a page of 20,000 registrations shows millions."""
    from markupsafe import Markup

    from deckcheck.words import each_line, one_line

    def shown(value: Any) -> Any:
        kind = value.__class__
        if kind is str:
            return value if value.isprintable() else one_line(value)
        if kind is Markup or isinstance(value, Markup):
            return value if value.replace("\n", " ").isprintable() else Markup(each_line(value))
        return one_line(value) if isinstance(value, str) else value

    return shown


def render_page(template: str, **context: Any) -> str:
    """Render the template named ``template`` (e.g. ``"report.html.j2"``) with ``context``."""
    return environment().get_template(template).render(**context)


def page_chunks(template: str, **context: Any) -> Iterator[str]:
    """:func:`render_page` in pieces, each written as the template makes it (a page of 100,000 rows
    is never one string, nor a list of millions of pieces)."""
    return environment().get_template(template).generate(**context)


def _generator() -> dict[str, str]:
    from deckcheck.version import __version__

    return {"name": "deckcheck", "version": __version__}


def bar_chart(bars: Sequence[tuple[str, float]], *, width: int = 360, bar_height: int = 18,
              label_width: int = 120, title: str = "", unit: str = "") -> Any:
    """A horizontal bar chart as inline SVG markup: one ``(label, value)`` bar a row.

    Labels are escaped; the chart carries a ``<title>`` and ``role="img"`` for screen readers. An
    empty ``bars`` gives an empty string.
    """
    from markupsafe import Markup, escape

    if not bars:
        return Markup("")
    top = max((value for _, value in bars), default=0) or 1
    gap = 4
    plot = width - label_width - 48
    height = len(bars) * (bar_height + gap)
    parts = [f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" '
             f'height="{height}" viewBox="0 0 {width} {height}">',
             f"<title>{escape(title)}</title>" if title else ""]
    for i, (label, value) in enumerate(bars):
        y = i * (bar_height + gap)
        length = max(1.0, plot * value / top) if value else 0.0
        shown = f"{value:g}{unit}"
        parts.append(
            f'<text x="{label_width - 6}" y="{y + bar_height * 0.75:.1f}" text-anchor="end">{escape(label)}</text>'
            f'<rect x="{label_width}" y="{y}" width="{length:.1f}" height="{bar_height}" rx="2"/>'
            f'<text x="{label_width + length + 4:.1f}" y="{y + bar_height * 0.75:.1f}">{escape(shown)}</text>'
        )
    parts.append("</svg>")
    return Markup("".join(parts))
