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

from cards.test_overlay import NEW_SET, bundled, dump, home  # noqa: E402,F401 - fixtures


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
        "update": None, "printings": [],
        "printings_sha256": "4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945"}  # of "[]"


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
    assert (err.value.message, err.value.file) == ("not a regular file (a folder): not read",
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


# ------------------------------------------------------------------ building a layer
import dataclasses  # noqa: E402
import json  # noqa: E402

from deckcheck.cards.overlay import read_update  # noqa: E402
from deckcheck.cards.provenance import merge  # noqa: E402

from cards.test_overlay import radiance_final  # noqa: E402

#: RAD-007 Rally for War in card_data/cards.json: a Fury spell (its type in doubt: JP says Gear)
RALLY = {"id": "NXS-007", "set": "NXS", "number": "007", "variant": None, "name": "Rally for War", "type": "Spell",
         "supertypes": [], "tags": [], "domains": ["Fury"], "energy": 3, "power": 1, "power_domains": ["Fury"],
         "might": None, "rarity": "Common"}


def test_a_signature_card_of_a_champion_with_no_legend_gets_no_champion_tag(bundled, home):
    # Caitlyn has champion units in the bundle (Caitlyn, Patrolling) but no legend
    spell = dict(RALLY, id="NXS-008", number="008", name="Piltover Peacemaker", supertypes=["Signature"],
                 tags=["Caitlyn"], domains=["Calm"], power_domains=["Calm"])
    assert build_update(dump([spell]), bundled).cards[0].champion_tag is None


def test_replacing_a_set_drops_the_bundled_doubts_of_that_set(bundled, home):
    earlier = build_update(dump([RALLY]), bundled)  # agrees with the bundled RAD-007
    # a bundled doubt on a promo id of Radiance: it goes with the Radiance it belonged to
    doubted = dataclasses.replace(bundled, provenance=dataclasses.replace(
        bundled.provenance, doubts={**bundled.provenance.doubts, "RAD-007-PR": {"type": ("JP",)}}))
    rows = [r for r in radiance_final() if r["id"] != "RAD-007"]
    rows.append({**RALLY, "id": "RAD-007-PR", "set": "RAD", "variant": "promo", "type": "Gear", "rarity": "Promo"})
    fetched = dump(rows, "/dumps/rad.json")
    with pytest.raises(CardDataError) as err:
        build_update(fetched, doubted, earlier)
    assert (err.value.message, err.value.file) == (
        "RAD-007-PR and NXS-007 are both 'Rally for War' but differ in type", "/dumps/rad.json")


def test_a_later_update_of_a_set_drops_the_earlier_doubts_of_that_set_even_on_promo_ids(bundled, home):
    promo = dict(RALLY, id="NXS-007-PR", variant="promo", rarity="Promo", _doubt=["energy"], _src={"energy": ["A"]})
    first = build_update(dump([RALLY, promo]), bundled)
    assert first.provenance.doubts == {"NXS-007-PR": {"energy": ("A",)}}
    again = build_update(dump([RALLY]), bundled, first)
    assert again.provenance.doubts == {} and [c.id for c in again.cards] == ["NXS-007"]


def test_a_known_set_without_its_last_numbers_lacks_them(bundled, home):
    # card_data/sets.json: Radiance has 167 cards; this dump stops at 164 (no overnumbered cards either)
    rows = [r for r in radiance_final() if not (r["number"].isdigit() and int(r["number"]) >= 165)]
    rad = build_update(dump(rows), bundled).provenance.sets["RAD"]
    assert rad.missing == ("022", "032", "044", "094", "104", "165", "166", "167")


def test_a_stored_layer_without_a_checksum_or_with_its_own_docs_page_reads_back(bundled, home):
    path = store_update(build_update(dump([RALLY]), bundled))
    data = json.loads(path.read_text())
    del data["update"]["sha256"]
    data["provenance"]["docs"] = "docs/card-data-2027.md"
    path.write_text(json.dumps(data))
    back = read_update()
    assert back.provenance.update.sha256 == "" and back.provenance.docs == "docs/card-data-2027.md"


def test_merge_drops_the_doubts_of_a_replaced_set_on_promo_ids_too():
    from datetime import date

    from deckcheck.cards.provenance import SetData

    record = SetData(code="RAD", state="complete", data_as_of=date(2026, 11, 2), source="rad.json", printings=1)
    base = Provenance(sets={"RAD": record}, doubts={"RAD-007-PR": {"type": ("JP",)}, "OGN-001": {"might": ()}})
    merged = merge(base, Provenance(sets={"RAD": record}))
    assert merged.doubts == {"OGN-001": {"might": ()}}


@pytest.mark.parametrize("change, reason", [
    (lambda rows: rows.__setitem__(0, ["NXS-001"]), "0: Input should be a valid dictionary or instance of CardSchema"),
    (lambda rows: rows[0].__setitem__("colour", "red"), "0.colour: Extra inputs are not permitted"),
    (lambda rows: rows[0].__setitem__("id", 7), "0.id: Input should be a valid string"),
    (lambda rows: rows[0].__setitem__("name", ""), "0.name: String should have at least 1 character"),
    (lambda rows: rows[0].__setitem__("set", "nxs"), "0.set: String should match pattern '^[A-Z]{2}[A-Z0-9]$'"),
    (lambda rows: rows[0].__setitem__("tags", "Noxus"), "0.tags: Input should be a valid tuple"),
])
def test_a_damaged_printing_in_a_stored_layer_says_what_is_wrong(bundled, home, change, reason):
    path = store_update(build_update(dump([RALLY]), bundled))
    data = json.loads(path.read_text())
    change(data["printings"])
    path.write_text(json.dumps(data))
    with pytest.raises(CardDataError) as err:
        read_update()
    assert err.value.message == (f"the card data update is damaged (broken card list: {reason}); fetch it again or "
                                 "remove it with "
                                 "'deckcheck cards update --reset'")
