"""``cards update URL`` against a misbehaving server on 127.0.0.1: every failure is one line, the
whole fetch has a deadline, and a redirect never leaves http(s)."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from deckcheck.cards import overlay
from deckcheck.errors import CardDataError


class Server:
    """A one-thread TCP server on 127.0.0.1 answering every connection with ``answer(conn)``."""

    def __init__(self, answer) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.answer = answer
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}/cards.json"
        self.stop = threading.Event()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        self.sock.settimeout(0.2)
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            threading.Thread(target=self._one, args=(conn,), daemon=True).start()

    def _one(self, conn) -> None:
        try:
            conn.recv(65536)
            self.answer(conn, self)
        except OSError:
            pass
        finally:
            conn.close()

    def close(self) -> None:
        self.stop.set()
        self.sock.close()


def sends(data: bytes):
    return lambda conn, server: conn.sendall(data)


def drip(conn, server) -> None:
    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n")
    while not server.stop.is_set():
        conn.sendall(b"[")
        time.sleep(0.2)


CASES = {
    "bad chunking": (sends(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n"), "IncompleteRead"),
    "bad status line": (sends(b"HTTP/9 what\r\n\r\n"), "BadStatusLine"),
    "too many headers": (sends(b"HTTP/1.1 200 OK\r\n" + b"X: y\r\n" * 200 + b"\r\n[]"), "more than 100 headers"),
    "a line too long": (sends(b"HTTP/1.1 200 OK\r\nX: " + b"y" * 70000 + b"\r\n\r\n[]"), "LineTooLong"),
    "ftp redirect": (sends(b"HTTP/1.1 302 Found\r\nLocation: ftp://127.0.0.1/cards.json\r\nContent-Length: 0\r\n\r\n"),
                     "redirects to ftp://127.0.0.1/cards.json"),
    "file redirect": (sends(b"HTTP/1.1 301 Moved\r\nLocation: file:///etc/passwd\r\nContent-Length: 0\r\n\r\n"),
                      "file:///etc/passwd"),
    "an error status": (sends(b"HTTP/1.1 503 Busy\r\nContent-Length: 0\r\n\r\n"), "HTTP 503 Busy"),
    "a closed connection": (sends(b""), "RemoteDisconnected"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_every_http_failure_is_one_line(case):
    answer, words = CASES[case]
    server = Server(answer)
    try:
        with pytest.raises(CardDataError) as caught:
            overlay.fetch(server.url, timeout=5, deadline=20)
    finally:
        server.close()
    text = str(caught.value)
    assert words in text and text.startswith(f"cannot fetch {server.url}: ") and "\n" not in text


def test_a_dripping_server_meets_the_deadline_of_the_whole_fetch():
    server = Server(drip)
    try:
        with pytest.raises(CardDataError, match="no complete answer within 1 s"):
            overlay.fetch(server.url, timeout=5, deadline=1)
    finally:
        server.close()


def test_a_good_answer_is_read():
    body = b'[{"id": "NEW-001"}]'
    server = Server(sends(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\nLast-Modified: Tue, 01 Dec 2026 10:00:00 GMT"
                          b"\r\n\r\n%s" % (len(body), body)))
    try:
        fetched = overlay.fetch(server.url, timeout=5, deadline=20)
    finally:
        server.close()
    assert fetched.raw == body and fetched.data_as_of.isoformat() == "2026-12-01"


def test_a_dump_that_is_not_a_regular_file_is_refused_unread(tmp_path):
    import os

    fifo = tmp_path / "cards.json"
    os.mkfifo(fifo)
    for path in (str(fifo), "/dev/zero", str(tmp_path)):
        with pytest.raises(CardDataError, match="not a regular file"):
            overlay.fetch(path)
