"""The shared HTML page stack: autoescaping, self-contained pages, the table script in a real browser."""

from __future__ import annotations

import re

import pytest

from deckcheck.render.pages import bar_chart, environment, render_page
from browser import pdf_page_count, png_size, requires_chromium

PAGE = """{% extends "base.html.j2" %}
{% block title %}{{ title }}{% endblock %}
{% block body %}
<h1>{{ title }}</h1>
<input type="search" data-filter="t"> <select data-filter="t" data-column="1"><option value="">all</option>
<option>legal</option><option>illegal</option></select> <span data-count="t"></span>
<table class="sortable" id="t"><thead><tr><th>player</th><th>verdict</th><th>cards</th></tr></thead><tbody>
{% for name, verdict, cards in rows %}<tr><td>{{ name }}</td><td>{{ verdict }}</td><td data-sort="{{ cards }}">{{ cards }} cards</td></tr>
{% endfor %}</tbody></table>
{{ bar_chart(bars, title="cards") }}
{% endblock %}
"""

ROWS = [("Zoë O'Brien", "legal", 40), ("<script>alert(1)</script>", "illegal", 9), ("Ana", "illegal", 100)]


def page(**extra) -> str:
    context = {"title": "Event <b>&</b>", "rows": ROWS, "bars": [("<Jinx>", 3), ("Ahri", 1)]}
    context.update(extra)
    return environment().from_string(PAGE).render(**context)


def test_everything_players_wrote_is_escaped():
    html = page()
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "Event &lt;b&gt;&amp;&lt;/b&gt;" in html
    assert "&lt;Jinx&gt;" in html and "<Jinx>" not in html
    assert "Zoë O&#39;Brien" in html


def test_a_page_fetches_nothing_and_says_what_made_it():
    html = page()
    assert 'http-equiv="Content-Security-Policy"' in html and "default-src 'none'" in html
    assert not re.search(r'(src|href)="(https?:)?//', html)  # no external asset
    assert '<meta name="generator" content="deckcheck ' in html


def test_shipped_templates_are_found_by_name():
    html = render_page("base.html.j2")
    assert html.startswith("<!DOCTYPE html>") and "<title>deckcheck</title>" in html


def test_a_misspelt_template_variable_is_an_error_not_an_empty_cell():
    import jinja2

    with pytest.raises(jinja2.UndefinedError):
        environment().from_string("{{ playr }}").render(player="x")


def test_bar_chart_scales_bars_to_the_largest_value():
    svg = str(bar_chart([("a", 2), ("b", 4), ("none", 0)], width=300, label_width=100))
    widths = [float(w) for w in re.findall(r'<rect[^>]* width="([0-9.]+)"', svg)]
    assert widths == [76.0, 152.0, 0.0]
    assert bar_chart([]) == ""


@requires_chromium
def test_table_sorts_and_filters_in_a_real_browser(browser, tmp_path):
    path = tmp_path / "page.html"
    path.write_text(page(), encoding="utf-8")

    def players(html: str, shown_only: bool = True) -> list[str]:
        body = html.split("<tbody>")[1].split("</tbody>")[0]
        rows = re.findall(r"<tr( hidden=\"\")?><td>(.*?)</td>", body)
        return [name for hidden, name in rows if not (shown_only and hidden)]

    assert players(browser.dom(path)) == ["Zoë O'Brien", "&lt;script&gt;alert(1)&lt;/script&gt;", "Ana"]
    by_cards = browser.dom(path, "sort=2")  # data-sort numbers: 9 < 40 < 100
    assert players(by_cards) == ["&lt;script&gt;alert(1)&lt;/script&gt;", "Zoë O'Brien", "Ana"]
    assert 'aria-sort="ascending"' in by_cards
    assert players(browser.dom(path, "sort=0&desc=1"))[0] == "Zoë O'Brien"
    filtered = browser.dom(path, "is=illegal")
    assert players(filtered) == ["&lt;script&gt;alert(1)&lt;/script&gt;", "Ana"]
    assert '<span data-count="t">2</span>' in filtered
    assert players(browser.dom(path, "q=zoë")) == ["Zoë O'Brien"]
    assert "alert(1)" not in browser.dom(path).split("<tbody>")[1].replace("&lt;script&gt;alert(1)", "")


@requires_chromium
def test_screenshot_and_pdf_of_a_page(browser, tmp_path):
    path = tmp_path / "page.html"
    path.write_text(page(), encoding="utf-8")
    png = browser.screenshot(path, tmp_path / "page.png", width=800, height=600)
    assert png_size(png) == (800, 600)
    pdf = browser.print_pdf(path, tmp_path / "page.pdf")
    assert pdf_page_count(pdf) == 1
