"""Headless Chromium for tests of deckcheck's HTML pages: render, screenshot, print to PDF.

Tests that need the browser use the ``requires_chromium`` mark: where no Chromium is installed
they are skipped with a reason that says how to get it (``.ci/run`` installs the Debian package
``chromium`` when it is missing). ``DECKCHECK_CHROMIUM`` names a browser binary to use instead.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

#: Binaries tried in order when DECKCHECK_CHROMIUM is not set.
CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
TIMEOUT = 90


def find_chromium() -> str | None:
    """The path of a Chromium (or Chrome) binary, or None."""
    chosen = os.environ.get("DECKCHECK_CHROMIUM")
    if chosen:
        return shutil.which(chosen) or (chosen if os.access(chosen, os.X_OK) else None)
    for name in CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    return None


requires_chromium = pytest.mark.skipif(
    find_chromium() is None,
    reason="headless Chromium not found: install the Debian package 'chromium' (.ci/run does) "
           "or set DECKCHECK_CHROMIUM to a Chrome/Chromium binary",
)


def _run(args: list[str], url: str) -> subprocess.CompletedProcess:
    binary = find_chromium()
    if binary is None:
        pytest.skip("headless Chromium not found")
    with tempfile.TemporaryDirectory(prefix="deckcheck-chromium-") as profile:
        command = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                   "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                   f"--user-data-dir={profile}", *args, url]
        done = subprocess.run(command, capture_output=True, timeout=TIMEOUT)
    if done.returncode != 0:
        raise AssertionError(f"chromium failed ({done.returncode}): {done.stderr.decode(errors='replace')[-2000:]}")
    return done


def file_url(path: str | os.PathLike[str], fragment: str = "") -> str:
    """The file:// address of ``path``, with ``#fragment`` when given."""
    url = Path(path).resolve().as_uri()
    return f"{url}#{fragment}" if fragment else url


def dom(path: str | os.PathLike[str], fragment: str = "") -> str:
    """The page's DOM as HTML after its scripts ran (``fragment`` is the address's ``#...`` part)."""
    return _run(["--dump-dom"], file_url(path, fragment)).stdout.decode("utf-8")


def screenshot(path: str | os.PathLike[str], png: str | os.PathLike[str], *, width: int = 1280,
               height: int = 1600, fragment: str = "") -> Path:
    """A PNG screenshot of the page (``width`` x ``height`` CSS pixels)."""
    _run([f"--screenshot={Path(png).resolve()}", f"--window-size={width},{height}", "--hide-scrollbars"],
         file_url(path, fragment))
    out = Path(png)
    assert out.is_file() and out.read_bytes().startswith(b"\x89PNG"), "chromium wrote no PNG"
    return out


def print_pdf(path: str | os.PathLike[str], pdf: str | os.PathLike[str]) -> Path:
    """The page printed to PDF as a browser prints it (print CSS applies; no header or footer)."""
    _run([f"--print-to-pdf={Path(pdf).resolve()}", "--no-pdf-header-footer"], file_url(path))
    out = Path(pdf)
    assert out.is_file() and out.read_bytes().startswith(b"%PDF-"), "chromium wrote no PDF"
    return out


_PAGE = re.compile(rb"/Type\s*/Page(?![a-zA-Z])")


def pdf_page_count(pdf: str | os.PathLike[str]) -> int:
    """The number of pages of a PDF Chromium printed (its page objects are stored uncompressed)."""
    count = len(_PAGE.findall(Path(pdf).read_bytes()))
    assert count > 0, "no page objects found in the PDF"
    return count


def png_size(png: str | os.PathLike[str]) -> tuple[int, int]:
    """Width and height of a PNG, from its header."""
    data = Path(png).read_bytes()
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def png_pixels(png: str | os.PathLike[str]) -> tuple[int, int, list[bytes]]:
    """Width, height and the rows of an 8-bit RGB/RGBA PNG as Chromium writes it (3 or 4 bytes a pixel)."""
    import struct
    import zlib

    data = Path(png).read_bytes()
    pos, chunks, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        pos += 12 + length
    assert header is not None, "no PNG header"
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and not interlace, f"unexpected PNG layout {header}"
    size = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * size
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - size] if i >= size else 0
            up = previous[i]
            corner = previous[i - size] if i >= size else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, rows


def pixel(png_rows: tuple[int, int, list[bytes]], x: int, y: int) -> tuple[int, int, int]:
    """The RGB colour at (x, y) of what :func:`png_pixels` returned."""
    width, _, rows = png_rows
    size = len(rows[0]) // width
    r, g, b = rows[y][x * size:x * size + 3]
    return r, g, b


def pdf_text(pdf: str | os.PathLike[str], page: int) -> str:
    """The text of one page (from 1) of a PDF, as ``pdftotext`` (poppler-utils) reads it."""
    tool = shutil.which("pdftotext")
    if tool is None:
        pytest.skip("pdftotext not found: install the Debian package 'poppler-utils' (.ci/run does)")
    done = subprocess.run([tool, "-layout", "-f", str(page), "-l", str(page), str(pdf), "-"],
                          capture_output=True, timeout=TIMEOUT)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    return done.stdout.decode("utf-8")
