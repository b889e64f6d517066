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

from deckcheck.words import ENGLISH, SAID, Language

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


def render_page(template: str, w: Language = ENGLISH, **context: Any) -> str:
    """Render the template named ``template`` (e.g. ``"report.html.j2"``) with ``context``, its words in
    the language ``w``: a template writes ``say("... {name} ...", name=...)`` and ``say_n(one, many, n)``
    (the catalog's messages; each field escaped, markup given as ``Markup`` kept), ``words(text)`` for a
    message made elsewhere (a violation's) and ``card(name)`` for a card's name; ``lang`` is the page's
    language code (``<html lang>``)."""
    return environment().get_template(template).render(**context, **page_words(w))


def page_words(w: Language) -> dict[str, Any]:
    """The functions a template says its words with, in the language ``w``."""
    from markupsafe import Markup

    shown = _for_people()

    # The catalog's words are the page's own text (written like the template's); each field is shown as
    # one line (a deck's title keeps no line break or escape) and escaped.
    def say(template: str, /, **fields: Any) -> Markup:
        return Markup(w.template(template)).format(**{k: shown(v) for k, v in w.fields(fields).items()})

    def say_n(singular: str, plural: str, n: int, /, **fields: Any) -> Markup:
        said = w.fields({**fields, "n": n})
        return Markup(w.template(singular, plural, n)).format(**{k: shown(v) for k, v in said.items()})

    def zone_count(zone: str, count: int) -> str:
        """``40 main``: a zone's count as the counts line says it."""
        from deckcheck.render.text import COUNTED

        return w.say(COUNTED[zone], count=count) if zone in COUNTED else f"{count} {zone}"

    return {"say": say, "say_n": say_n, "words": w, "card": w.card, "lang": "zh-Hans" if w.code == "zh" else w.code,
            "as_code": lambda text: Markup("<code>{}</code>").format(text),
            "as_bold": lambda text: Markup("<b>{}</b>").format(text),
            "format_names": lambda names: w.say(", ").join(w.word("format", n) for n in names),
            "zone_count": zone_count,
            "said": lambda text: w(text) if type(text) in SAID else text,  # a player's text stays as written
            "join_said": lambda items, sep: w.say(sep).join(w(str(i) if type(i) not in SAID else i) for i in items),
            "join_cards": lambda names: w.say(", ").join(w.card(n) for n in names)}


def page_chunks(template: str, w: Language = ENGLISH, **context: Any) -> Iterator[str]:
    """:func:`render_page` in pieces, each written as the template makes it (a page of 100,000 rows
    is never one string, nor a list of millions of pieces), its words in the language ``w``."""
    return environment().get_template(template).generate(**context, **page_words(w))


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
