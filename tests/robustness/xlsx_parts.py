"""Hand-made .xlsx archives for the hostile-workbook tests (and bench/bench_hostile.py): each part
written as bytes, so a test can break exactly one thing."""

from __future__ import annotations

import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

from deckcheck.decks.xlsx import column_letters

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006/relationships"


def sheet_xml(rows: list[list[str]], *, dimension: str | None = None, extra: str = "") -> str:
    """A worksheet of inline strings, ``rows[0]`` in row 1."""
    body = []
    for r, cells in enumerate(rows, 1):
        cs = "".join(f'<c r="{column_letters(c)}{r}" t="inlineStr"><is><t>{escape(v)}</t></is></c>'
                     for c, v in enumerate(cells) if v)
        body.append(f'<row r="{r}">{cs}</row>')
    dim = f'<dimension ref="{dimension}"/>' if dimension else ""
    return f'<worksheet xmlns="{MAIN}">{dim}<sheetData>{"".join(body)}{extra}</sheetData></worksheet>'


def workbook(path: Path, sheets: list[tuple[str, str, str | None]], *, shared: str | None = None,
             drop: tuple[str, ...] = ()) -> Path:
    """Write ``path``: ``sheets`` are (name, kind 'worksheet' or 'chartsheet', part XML or None for a
    missing part); ``shared`` is sharedStrings.xml; parts named in ``drop`` are left out."""
    rels = [f'<Relationship Id="rId{i}" Type="{REL}/{kind}" Target="{kind}s/sheet{i}.xml"/>'
            for i, (_, kind, _) in enumerate(sheets, 1)]
    if shared is not None:
        rels.append(f'<Relationship Id="rIdS" Type="{REL}/sharedStrings" Target="sharedStrings.xml"/>')
    entries = "".join(f'<sheet name="{escape(name)}" sheetId="{i}" r:id="rId{i}"/>'
                      for i, (name, _, _) in enumerate(sheets, 1))
    parts = {
        "_rels/.rels": f'<Relationships xmlns="{PKG}"><Relationship Id="rId1" '
                       f'Type="{REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": f'<workbook xmlns="{MAIN}" xmlns:r="{REL}"><sheets>{entries}</sheets></workbook>',
        "xl/_rels/workbook.xml.rels": f'<Relationships xmlns="{PKG}">{"".join(rels)}</Relationships>',
    }
    for i, (_, kind, xml) in enumerate(sheets, 1):
        if xml is not None:
            parts[f"xl/{kind}s/sheet{i}.xml"] = xml
    if shared is not None:
        parts["xl/sharedStrings.xml"] = shared
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in parts.items():
            if name not in drop:
                archive.writestr(name, text)
    return path
