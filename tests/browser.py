"""Headless Chromium for tests of deckcheck's HTML pages: render, screenshot, print to PDF.

One browser serves the whole session (the ``browser`` fixture of ``tests/render/conftest.py``, a
:class:`Browser`): each page opens in a tab of its own. Tests that need the browser use the
``requires_chromium`` mark: where no Chromium is installed they are skipped with a reason that says
how to get it (``.ci/run`` installs the Debian package ``chromium`` when it is missing). ``DECKCHECK_CHROMIUM`` names a browser binary to use instead.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import functools
import json
import os
import re
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

#: Binaries tried in order when DECKCHECK_CHROMIUM is not set.
CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
#: Seconds to wait for one answer of the browser (or of pdftotext).
TIMEOUT = 60


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


class Browser:
    """One headless Chromium for a whole test session, driven over the DevTools protocol on a pipe
    (``--remote-debugging-pipe``: messages of JSON ending in a NUL byte, no port, no extra library).

    Each call opens the page in a tab of its own (so an address's ``#fragment`` is a fresh load),
    waits for its load event (the page's scripts have run), does its job and closes the tab.
    """

    def __init__(self, binary: str) -> None:
        self.profile = tempfile.TemporaryDirectory(prefix="deckcheck-chromium-")
        commands_read, self.commands = os.pipe()
        self.replies, replies_write = os.pipe()

        def as_fds_3_and_4() -> None:  # where Chromium reads commands and writes replies
            high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (commands_read, replies_write)]
            for fd, wanted in zip(high, (3, 4)):
                os.dup2(fd, wanted)  # a copy to another number: inherited across exec

        self.process = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
             "--no-default-browser-check", "--disable-extensions", "--hide-scrollbars", "--remote-debugging-pipe",
             f"--user-data-dir={self.profile.name}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            close_fds=False, preexec_fn=as_fds_3_and_4)
        os.close(commands_read)
        os.close(replies_write)
        self.buffer = b""
        self.events: list[dict] = []
        self.last_id = 0

    def close(self) -> None:
        try:
            self.send("Browser.close")
        except (AssertionError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self.commands)
        os.close(self.replies)
        self.profile.cleanup()

    def send(self, method: str, session: str | None = None, **params) -> dict:
        """Send one command and wait for its answer (events that arrive meanwhile are kept)."""
        self.last_id += 1
        message = {"id": self.last_id, "method": method, "params": params}
        if session is not None:
            message["sessionId"] = session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._next()
            if reply.get("id") == self.last_id:
                if "error" in reply:
                    raise AssertionError(f"chromium: {method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def _next(self) -> dict:
        deadline = time.monotonic() + TIMEOUT
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.replies], [], [], left)[0]:
                raise AssertionError("chromium did not answer in time")
            chunk = os.read(self.replies, 1 << 20)
            if not chunk:
                raise AssertionError(f"chromium stopped (exit {self.process.poll()})")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def _wait_for(self, method: str, session: str) -> None:
        while True:
            for i, event in enumerate(self.events):
                if event.get("method") == method and event.get("sessionId") == session:
                    del self.events[: i + 1]
                    return
            self.events.append(self._next())

    @contextlib.contextmanager
    def _tab(self, url: str, width: int = 1280, height: int = 1600):
        """A tab of ``width`` x ``height`` CSS pixels showing ``url``, loaded; its session id."""
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        session = self.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        try:
            self.send("Emulation.setDeviceMetricsOverride", session, width=width, height=height,
                      deviceScaleFactor=1, mobile=False)
            self.send("Page.enable", session)
            self.send("Page.navigate", session, url=url)
            self._wait_for("Page.loadEventFired", session)
            yield session
        finally:
            self.events = [e for e in self.events if e.get("sessionId") != session]
            self.send("Target.closeTarget", targetId=target)

    def dom(self, path: str | os.PathLike[str], fragment: str = "") -> str:
        """The page's DOM as HTML after its scripts ran (``fragment`` is the address's ``#...`` part)."""
        with self._tab(file_url(path, fragment)) as session:
            found = self.send("Runtime.evaluate", session, expression="document.documentElement.outerHTML",
                              returnByValue=True)
        return found["result"]["value"]

    def evaluate(self, path: str | os.PathLike[str], expression: str) -> object:
        """The value of a JavaScript ``expression`` on the loaded page (returned by value: JSON data)."""
        with self._tab(file_url(path)) as session:
            found = self.send("Runtime.evaluate", session, expression=expression, returnByValue=True)
        return found["result"].get("value")

    def screenshot(self, path: str | os.PathLike[str], png: str | os.PathLike[str], *, width: int = 1280,
                   height: int = 1600, fragment: str = "") -> Path:
        """A PNG screenshot of the page (``width`` x ``height`` CSS pixels)."""
        with self._tab(file_url(path, fragment), width, height) as session:
            data = self.send("Page.captureScreenshot", session, format="png", optimizeForSpeed=True)["data"]
        out = Path(png)
        out.write_bytes(base64.b64decode(data))
        assert out.read_bytes().startswith(b"\x89PNG"), "chromium wrote no PNG"
        return out

    def print_pdf(self, path: str | os.PathLike[str], pdf: str | os.PathLike[str]) -> Path:
        """The page printed to PDF as a browser prints it (print CSS and its page size apply; no
        header or footer; backgrounds printed)."""
        with self._tab(file_url(path)) as session:
            data = self.send("Page.printToPDF", session, printBackground=True, preferCSSPageSize=True,
                             displayHeaderFooter=False)["data"]
        out = Path(pdf)
        out.write_bytes(base64.b64decode(data))
        assert out.read_bytes().startswith(b"%PDF-"), "chromium wrote no PDF"
        return out


def start_browser() -> Browser:
    """The session's browser (skips the test where none is installed)."""
    binary = find_chromium()
    if binary is None:
        pytest.skip("headless Chromium not found")
    return Browser(binary)


def file_url(path: str | os.PathLike[str], fragment: str = "") -> str:
    """The file:// address of ``path``, with ``#fragment`` when given."""
    url = Path(path).resolve().as_uri()
    return f"{url}#{fragment}" if fragment else url


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

    import numpy

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
    raw = numpy.frombuffer(zlib.decompress(b"".join(chunks)), dtype=numpy.uint8).reshape(height, width * size + 1)
    rows: list[bytes] = []
    previous = numpy.zeros(width * size, dtype=numpy.uint8)
    for kind, line in zip(raw[:, 0], raw[:, 1:]):
        if kind == 1:  # Sub: each byte plus the one a pixel to its left (uint8 wraps as PNG does)
            line = numpy.add.accumulate(line.reshape(width, size), axis=0, dtype=numpy.uint8).reshape(-1)
        elif kind == 2:  # Up: plus the byte above
            line = line + previous
        elif kind in (3, 4):  # Average, Paeth: byte by byte
            line = numpy.frombuffer(_unfilter(kind, bytearray(line), previous.tobytes(), size), dtype=numpy.uint8)
        rows.append(line.tobytes())
        previous = line
    return width, height, rows


def _unfilter(kind: int, line: bytearray, previous: bytes, size: int) -> bytes:
    """One row of the Average (3) or Paeth (4) PNG filter undone."""
    for i in range(len(line)):
        left = line[i - size] if i >= size else 0
        up = previous[i]
        corner = previous[i - size] if i >= size else 0
        if kind == 3:
            line[i] = (line[i] + (left + up) // 2) & 255
        else:
            p = left + up - corner
            pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
            line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
    return bytes(line)


def pixel(png_rows: tuple[int, int, list[bytes]], x: int, y: int) -> tuple[int, int, int]:
    """The RGB colour at (x, y) of what :func:`png_pixels` returned."""
    width, _, rows = png_rows
    size = len(rows[0]) // width
    r, g, b = rows[y][x * size:x * size + 3]
    return r, g, b


def pdf_text(pdf: str | os.PathLike[str], page: int) -> str:
    """The text of one page (from 1) of a PDF, as ``pdftotext -layout`` (poppler-utils) reads it."""
    found = Path(pdf).stat()
    return _pdf_pages(str(pdf), found.st_mtime_ns, found.st_size)[page - 1]


@functools.lru_cache(maxsize=8)
def _pdf_pages(pdf: str, mtime: int, size: int) -> list[str]:
    """Every page's text, read once per version of the file (pdftotext ends each page with a form feed)."""
    tool = shutil.which("pdftotext")
    if tool is None:
        pytest.skip("pdftotext not found: install the Debian package 'poppler-utils' (.ci/run does)")
    done = subprocess.run([tool, "-layout", pdf, "-"], capture_output=True, timeout=TIMEOUT)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    return done.stdout.decode("utf-8").split("\f")
