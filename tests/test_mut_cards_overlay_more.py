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


# ------------------------------------------------------------------ the stored layer
from deckcheck.cards.overlay import Update, build_update, reset_update, store_update  # noqa: E402
from deckcheck.cards.provenance import Provenance  # noqa: E402

from test_mut_cards_overlay import NEW_SET, bundled, dump, home  # noqa: E402,F401 - fixtures


def test_the_json_form_of_a_layer_holds_plain_values(bundled, home):
    layer = build_update(dump(NEW_SET), bundled)
    printed = layer.to_json()["printings"]
    assert printed[1] == {"id": "NXS-002", "set": "NXS", "number": "002", "variant": None,
                          "name": "Jinx, Nexus Runner", "type": "Unit", "supertypes": ["Champion"],
                          "tags": ["Jinx", "Zaun"], "domains": ["Fury"], "energy": 3, "power": None,
                          "power_domains": [], "might": 3, "rarity": "Rare", "champion_tag": "Jinx"}
    assert type(printed[1]["type"]) is str and type(printed[1]["domains"]) is list
    assert Update([], Provenance()).to_json() == {
        "schema_version": 1, "provenance": {"schema_version": 1, "docs": "docs/card-data.md", "sets": {}, "doubts": {}},
        "update": None, "printings": []}


def test_the_stored_layer_is_compact_json_and_a_second_store_reuses_the_folder(bundled, home):
    layer = build_update(dump(NEW_SET), bundled)
    path = store_update(layer)
    raw = path.read_bytes()
    assert raw.startswith(b'{"schema_version":1,"provenance":{"schema_version":1,"docs":"docs/card-data.md",')
    assert b'", "' not in raw and b'": ' not in raw
    again = store_update(layer)  # the data folder exists now
    assert again == path and again.read_bytes() == raw


def test_a_layer_that_cannot_be_removed_names_its_file(home):
    (home / "cards-update.json").mkdir(parents=True)
    with pytest.raises(CardDataError) as err:
        reset_update()
    assert (err.value.message, err.value.file) == ("cannot remove the card data update: Is a directory",
                                                   str(home / "cards-update.json"))


def test_a_read_error_of_the_layer_names_its_file(home):
    from deckcheck.cards.overlay import read_update

    (home / "cards-update.json").mkdir(parents=True)
    with pytest.raises(CardDataError) as err:
        read_update()
    assert (err.value.message, err.value.file) == ("cannot read the card data update: Is a directory",
                                                   str(home / "cards-update.json"))


def test_the_json_diff_shows_changed_tags_and_domains_as_words():
    from deckcheck.cards.lookup import CardDB
    from deckcheck.cards.model import Card, CardType, Domain
    from deckcheck.cards.overlay import diff
    from deckcheck.cards.sets import CardRules, SetInfo

    def db(tags, domains):
        card = Card(id="NXS-001", set="NXS", number="001", name="Nexus Vanguard", type=CardType.UNIT,
                    tags=tags, domains=domains)
        return CardDB(printings=(card,), sets={"NXS": SetInfo(code="NXS", name="Nexus", in_database=True)},
                      rules=CardRules())

    changes = diff(db(("Noxus",), (Domain.FURY,)), db(("Noxus", "Zaun"), (Domain.FURY, Domain.CHAOS)), ["NXS"])
    assert changes.to_json()["changed"] == [
        {"id": "NXS-001", "field": "tags", "old": ["Noxus"], "new": ["Noxus", "Zaun"]},
        {"id": "NXS-001", "field": "domains", "old": ["Fury"], "new": ["Fury", "Chaos"]}]
