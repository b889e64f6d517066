"""Card data updates, in-process: what a user reads when a URL cannot be fetched in time."""

from __future__ import annotations

import socket

import pytest

from deckcheck.cards.overlay import fetch
from deckcheck.errors import CardDataError


def test_a_server_that_never_takes_the_connection_is_no_answer_in_time():
    # the listening socket's queue is full and it never accepts: connecting itself times out
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(0)
        port = server.getsockname()[1]
        queued = []
        try:
            for _ in range(2):
                client = socket.socket()
                client.settimeout(0.2)
                queued.append(client)
                try:
                    client.connect(("127.0.0.1", port))
                except OSError:
                    break  # the queue is full
            with pytest.raises(CardDataError) as err:
                fetch(f"http://127.0.0.1:{port}/cards.json", timeout=0.2)
        finally:
            for client in queued:
                client.close()
    assert err.value.message == f"cannot fetch http://127.0.0.1:{port}/cards.json: no answer within 0.2 s"
