"""The card data update layer (``deckcheck cards update``), in-process: fetching a file or URL,
checking every row, the records of each set, the diff, the atomic store in $DECKCHECK_DATA_DIR,
--reset, and a broken dump or damaged file that keeps what was stored.

The dumps are hand-made (a new set NXS) or the bundled Radiance rows with one missing number
revealed (RAD-011) and RAD-092's doubtful domain corrected; the expected gaps come from
card_data/RAD-SOURCE.md and the set sizes from card_data/sets.json.
"""

from __future__ import annotations

import hashlib
import http.server
import json
import os
import socket
import threading
from dataclasses import replace
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from deckcheck.cards import load_cards, overlay
from deckcheck.cards.model import CardType, Domain
from deckcheck.cards.overlay import (
    Diff, Fetched, Update, apply_update, build_update, data_dir, diff, fetch, is_url, read_update, reset_update,
    store_update, update_path,
)
from deckcheck.errors import CardDataError

from conftest import REPO

DAY = date(2026, 12, 1)
#: A new set (code NXS, which sets.json does not know) of two printings, one a Jinx champion unit.
NEW_SET = [
    {"id": "NXS-001", "set": "NXS", "number": "001", "variant": None, "name": "Nexus Vanguard", "type": "Unit",
     "supertypes": [], "tags": ["Noxus"], "domains": ["Fury"], "energy": 2, "power": None, "power_domains": [],
     "might": 2, "rarity": "Common"},
    {"id": "NXS-002", "set": "NXS", "number": "002", "variant": None, "name": "Jinx, Nexus Runner", "type": "Unit",
     "supertypes": ["Champion"], "tags": ["Jinx", "Zaun"], "domains": ["Fury"], "energy": 3, "power": None,
     "power_domains": [], "might": 3, "rarity": "Rare", "_src": {"might": ["A"]}, "_doubt": []},
]
RAD_GAPS_LEFT = ("022", "032", "044", "094", "104", "177")  # RAD-SOURCE.md's gaps, RAD-011 revealed


@pytest.fixture(scope="module")
def bundled():
    return load_cards(update=False)


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("DECKCHECK_DATA_DIR", str(folder))
    return folder


def dump(rows, source: str = "/dumps/nxs.json", when: date = DAY) -> Fetched:
    return Fetched(json.dumps(rows).encode(), source, when)


def radiance_final() -> list[dict]:
    rows = [r for r in json.loads((REPO / "card_data" / "cards.json").read_text()) if r["set"] == "RAD"]
    for row in rows:
        row.pop("champion_tag")
        if row["id"] == "RAD-092":
            row["domains"] = ["Chaos"]
    rows.append({"id": "RAD-011", "set": "RAD", "number": "011", "variant": None, "name": "Ember Cartographer",
                 "type": "Unit", "supertypes": [], "tags": [], "domains": ["Fury"], "energy": 2, "power": None,
                 "power_domains": [], "might": 2, "rarity": "Common"})
    return rows


# ------------------------------------------------------------------ where the update lives
def test_the_data_folder_is_the_env_var_else_xdg_else_home(monkeypatch, tmp_path):
    monkeypatch.setenv("DECKCHECK_DATA_DIR", str(tmp_path / "mine"))
    assert data_dir() == tmp_path / "mine"
    assert update_path() == tmp_path / "mine" / "cards-update.json"
    monkeypatch.setenv("DECKCHECK_DATA_DIR", "")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "deckcheck"
    monkeypatch.delenv("DECKCHECK_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", "")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert data_dir() == tmp_path / "home" / ".local" / "share" / "deckcheck"


def test_what_counts_as_a_url():
    assert is_url("https://example.org/cards.json") and is_url("HTTP://example.org/cards.json")
    assert not is_url("ftp://example.org/cards.json") and not is_url("cards.json")
    assert not is_url("/tmp/http://x")


# ------------------------------------------------------------------ fetching a file
def test_a_file_is_read_with_its_absolute_path_and_date(tmp_path, monkeypatch):
    path = tmp_path / "nxs.json"
    path.write_text(json.dumps(NEW_SET))
    stamp = datetime(2026, 11, 20, 12, 0, tzinfo=timezone.utc).timestamp()
    os.utime(path, (stamp, stamp))
    monkeypatch.chdir(tmp_path)
    got = fetch("nxs.json")
    assert got == Fetched(path.read_bytes(), str(path.resolve()), date.fromtimestamp(stamp))
    assert got.data_as_of == date(2026, 11, 20)


def test_file_errors_name_the_file(tmp_path, monkeypatch):
    def fails(source: str) -> CardDataError:
        with pytest.raises(CardDataError) as err:
            fetch(source)
        return err.value

    err = fails(str(tmp_path / "nowhere.json"))
    assert (err.message, err.file) == ("cannot read: No such file or directory", str(tmp_path / "nowhere.json"))
    err = fails(str(tmp_path))
    assert (err.message, err.file) == ("not a regular file (a folder): not read", str(tmp_path))
    assert fails("ftp://example.org/cards.json").message == (
        "cannot read ftp://example.org/cards.json: only files and http(s):// URLs are supported")
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 1500)
    monkeypatch.setattr(overlay, "MAX_BYTES", 1499)
    err = fails(str(big))
    assert (err.message, err.file) == ("too large (1,500 bytes; the limit for a card dump is 1,499 bytes)", str(big))
    monkeypatch.setattr(overlay, "MAX_BYTES", 1500)
    assert fetch(str(big)).raw == b" " * 1500


# ------------------------------------------------------------------ fetching a URL (a server on the loopback interface)
class _Handler(http.server.BaseHTTPRequestHandler):
    routes: dict[str, tuple[int, dict, bytes]] = {}
    seen: list[dict] = []

    def do_GET(self):  # noqa: N802 - the http.server spelling
        self.seen.append(dict(self.headers))
        status, headers, body = self.routes.get(self.path, (404, {}, b"no"))
        self.send_response(status)
        for key, value in headers.items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def server():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    body = json.dumps(NEW_SET).encode()
    _Handler.routes = {
        "/dated.json": (200, {"Last-Modified": "Fri, 20 Nov 2026 08:00:00 GMT"}, body),
        "/plain.json": (200, {}, body),
        "/odd-date.json": (200, {"Last-Modified": "yesterday-ish"}, body),
    }
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    thread.join()


def test_a_url_is_fetched_with_its_last_modified_date(server):
    from deckcheck import __version__

    got = fetch(server + "/dated.json")
    assert got == Fetched(json.dumps(NEW_SET).encode(), server + "/dated.json", date(2026, 11, 20))
    headers = _Handler.seen[-1]
    assert headers["User-Agent"] == f"deckcheck/{__version__}" and headers["Accept"] == "application/json"


def test_a_url_without_a_readable_date_is_dated_today(server):
    assert fetch(server + "/plain.json").data_as_of == date.today()
    assert fetch(server + "/odd-date.json").data_as_of == date.today()


def test_url_errors_say_what_went_wrong(server, monkeypatch):
    with pytest.raises(CardDataError) as err:
        fetch(server + "/gone.json")
    assert err.value.message == f"cannot fetch {server}/gone.json: HTTP 404 Not Found"
    monkeypatch.setattr(overlay, "MAX_BYTES", 10)
    with pytest.raises(CardDataError) as err:
        fetch(server + "/plain.json")
    assert err.value.message == f"cannot fetch {server}/plain.json: more than 10 bytes is no card dump"
    monkeypatch.setattr(overlay, "MAX_BYTES", len(json.dumps(NEW_SET)))
    assert fetch(server + "/plain.json").raw == json.dumps(NEW_SET).encode()


def test_a_url_nobody_answers_on():
    with socket.socket() as sock:  # a port nothing listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with pytest.raises(CardDataError) as err:
        fetch(f"http://127.0.0.1:{port}/cards.json", timeout=5)
    assert err.value.message == f"cannot fetch http://127.0.0.1:{port}/cards.json: [Errno 111] Connection refused"


def test_a_malformed_url_is_an_error_not_a_traceback():
    with pytest.raises(CardDataError) as err:
        fetch("http://[::1/cards.json")
    assert err.value.message == "cannot fetch http://[::1/cards.json: Invalid IPv6 URL"
    with pytest.raises(CardDataError) as err:
        fetch("http://")
    assert err.value.message == "cannot fetch http://: no host given"


def test_a_url_that_does_not_answer_in_time():
    with socket.socket() as sock:  # accepts the connection, never answers
        sock.bind(("127.0.0.1", 0))
        sock.listen(1)
        port = sock.getsockname()[1]
        with pytest.raises(CardDataError) as err:
            fetch(f"http://127.0.0.1:{port}/cards.json", timeout=0.2)
    assert err.value.message == f"cannot fetch http://127.0.0.1:{port}/cards.json: no answer within 0.2 s"


# ------------------------------------------------------------------ building the layer
def test_a_new_set_is_complete_with_its_date_source_and_checksum(bundled, home):
    fetched = dump(NEW_SET)
    before = datetime.now(timezone.utc).replace(microsecond=0)
    layer = build_update(fetched, bundled)
    assert [c.id for c in layer.cards] == ["NXS-001", "NXS-002"] and layer.sets == ("NXS",)
    nxs = layer.provenance.sets["NXS"]
    assert (nxs.state, nxs.data_as_of, nxs.source, nxs.printings, nxs.missing, nxs.layer) == (
        "complete", DAY, "/dumps/nxs.json", 2, (), "update")
    assert layer.provenance.doubts == {}
    info = layer.provenance.update
    assert (info.source, info.path, info.sets) == ("/dumps/nxs.json", str(home / "cards-update.json"), ("NXS",))
    assert info.sha256 == hashlib.sha256(fetched.raw).hexdigest()
    fetched_at = datetime.fromisoformat(info.fetched)
    assert fetched_at.tzinfo is not None and fetched_at.microsecond == 0
    assert before <= fetched_at <= datetime.now(timezone.utc)
    # the champion tag of a champion unit whose legend (Jinx, Loose Cannon) is in the bundled data
    assert layer.cards[1].champion_tag == "Jinx" and layer.cards[0].champion_tag is None


def test_a_signature_card_takes_the_tag_of_a_bundled_legend(bundled, home):
    rocket = dict(NEW_SET[0], id="NXS-003", number="003", name="Nexus Rocket", type="Spell",
                  supertypes=["Signature"], tags=["Zaun", "Jinx"], might=None)
    layer = build_update(dump([rocket]), bundled)
    assert layer.cards[0].champion_tag == "Jinx"


def test_the_radiance_update_is_preliminary_with_the_gaps_left(bundled, home):
    layer = build_update(dump(radiance_final(), "https://example.org/rad.json", date(2026, 11, 2)), bundled)
    rad = layer.provenance.sets["RAD"]
    assert (rad.state, rad.data_as_of, rad.source, rad.printings, rad.missing) == (
        "preliminary", date(2026, 11, 2), "https://example.org/rad.json", 219, RAD_GAPS_LEFT)
    # its doubts were the bundled dump's; this dump marks none, so none are left for RAD
    after = apply_update(bundled, layer)
    assert after.provenance.doubts_of("RAD-007") == {} and after.provenance.doubts_of("RAD-092") == {}


def test_a_doubtful_field_makes_a_full_set_preliminary(bundled, home):
    rows = [NEW_SET[0], dict(NEW_SET[1], _doubt=["might"])]
    layer = build_update(dump(rows), bundled)
    assert layer.provenance.sets["NXS"].state == "preliminary" and layer.provenance.sets["NXS"].missing == ()
    assert layer.provenance.doubts == {"NXS-002": {"might": ("A",)}}


def test_a_dump_with_numbers_missing_from_a_known_set_is_preliminary(bundled, home):
    rows = [r for r in radiance_final() if r["number"] != "050"]
    rad = build_update(dump(rows), bundled).provenance.sets["RAD"]
    assert rad.state == "preliminary" and rad.missing == ("022", "032", "044", "050", "094", "104", "177")
    assert rad.printings == 219 - 1


def test_a_known_set_in_full_is_complete(bundled, home):
    arc = [dict(r) for r in json.loads((REPO / "card_data" / "cards.json").read_text()) if r["set"] == "ARC"]
    for r in arc:
        r.pop("champion_tag")
    record = build_update(dump(arc), bundled).provenance.sets["ARC"]
    assert (record.state, record.printings, record.missing) == ("complete", 6, ())


def test_a_set_dumped_on_its_release_day_is_complete_and_the_day_before_preview_data(bundled, home):
    arc = [dict(r) for r in json.loads((REPO / "card_data" / "cards.json").read_text()) if r["set"] == "ARC"]
    for r in arc:
        r.pop("champion_tag")
    released = bundled.sets["ARC"].released
    on_the_day = build_update(dump(arc, when=released), bundled).provenance.sets["ARC"]
    the_day_before = build_update(dump(arc, when=released - timedelta(days=1)), bundled).provenance.sets["ARC"]
    assert (on_the_day.state, the_day_before.state) == ("complete", "preliminary")


def test_updates_accumulate_and_a_later_one_replaces_a_set(bundled, home):
    first = build_update(dump([dict(NEW_SET[0], _doubt=["energy"])]), bundled)
    both = build_update(dump(radiance_final(), "/dumps/rad.json"), bundled, first)
    assert both.sets == ("NXS", "RAD")
    assert both.provenance.sets["NXS"] == first.provenance.sets["NXS"]
    assert both.provenance.doubts == {"NXS-001": {"energy": ()}}
    assert both.provenance.update.sets == ("NXS", "RAD") and both.provenance.update.source == "/dumps/rad.json"
    assert len(both.cards) == 1 + 219 and [c.id for c in both.cards] == sorted(c.id for c in both.cards)
    again = build_update(dump(NEW_SET), bundled, both)
    assert sorted(c.id for c in again.cards if c.set == "NXS") == ["NXS-001", "NXS-002"]
    assert again.provenance.doubts == {} and again.sets == ("NXS", "RAD")


def test_a_broken_dump_is_refused_with_the_reason(bundled, home):
    def fails(raw: bytes) -> str:
        with pytest.raises(CardDataError) as err:
            build_update(Fetched(raw, "/dumps/x.json", DAY), bundled)
        assert err.value.file == "/dumps/x.json"
        return err.value.message

    assert fails(b'[{"id": "NXS-001",') == ("not a card dump: not valid JSON (Expecting property name enclosed in "
                                            "double quotes: line 1 column 19 (char 18))")
    assert fails(b"\xff\xfe").startswith("not a card dump: not valid JSON (")
    assert fails(b"{}") == "card dump must be a non-empty JSON list of printings"
    assert fails(json.dumps([dict(NEW_SET[0], type="Sorcery")]).encode()).startswith("row 1 (NXS-001): type: 'Sorcery' is not one of")


def test_an_update_must_agree_with_the_bundled_printings_of_a_name(bundled, home):
    # Jinx, Rebel is OGN-202 and ARC-005 (Arcane Box Set) in the bundle: a Chaos champion unit
    rebel = dict(NEW_SET[0], id="NXS-005", number="005", name="Jinx, Rebel", supertypes=["Champion"],
                 tags=["Jinx", "Zaun"], domains=["Fury"])
    with pytest.raises(CardDataError) as err:
        build_update(dump([rebel]), bundled)
    assert err.value.message == "NXS-005 and ARC-005 are both 'Jinx, Rebel' but differ in domains"
    # energy, might and rarity are no rule facts: a reprint may differ there
    reprint = dict(rebel, domains=["Chaos"], energy=1, might=1, rarity="Promo")
    assert build_update(dump([reprint]), bundled).cards[0].champion_tag == "Jinx"


def test_a_bundled_doubt_lets_an_update_differ_on_that_field(bundled, home):
    # RAD-007 Rally for War: its type is in doubt in the bundle (provenance.json)
    assert "type" in bundled.provenance.doubts_of("RAD-007")
    gear = dict(NEW_SET[0], id="NXS-007", number="007", name="Rally for War", type="Gear", domains=["Fury"],
                might=None)
    assert build_update(dump([gear]), bundled).cards[0].type is CardType.GEAR
    # ... but not once the update replaces Radiance without that doubt
    with pytest.raises(CardDataError, match="are both 'Rally for War' but differ in type"):
        build_update(dump([*radiance_final(), gear]), bundled)


# ------------------------------------------------------------------ storing, reading, resetting
def test_store_and_read_back(bundled, home):
    layer = build_update(dump([NEW_SET[0], dict(NEW_SET[1], _doubt=["might"])]), bundled)
    path = store_update(layer)
    assert path == home / "cards-update.json" and path.exists()
    assert path.read_bytes().endswith(b"}\n") and b"\n" not in path.read_bytes()[:-1]
    stored = json.loads(path.read_text())
    assert stored["schema_version"] == 1 and stored["update"]["sets"] == ["NXS"]
    assert [r["id"] for r in stored["printings"]] == ["NXS-001", "NXS-002"]
    back = read_update()
    assert back.cards == layer.cards and back.sets == ("NXS",)
    assert back.provenance.sets["NXS"] == layer.provenance.sets["NXS"]  # layer "update" again
    assert back.provenance.doubts == {"NXS-002": {"might": ("A",)}}
    assert back.provenance.update == layer.provenance.update
    assert list(home.iterdir()) == [path]  # no temporary file left


def test_store_writes_non_ascii_as_is(bundled, home, tmp_path):
    layer = build_update(dump([dict(NEW_SET[0], name="Nexus Vanguard, Défenseur")]), bundled)
    path = store_update(layer, tmp_path / "deep" / "er" / "u.json")
    assert "Défenseur" in path.read_text(encoding="utf-8")
    assert read_update(path).cards[0].name == "Nexus Vanguard, Défenseur"
    assert read_update(path).provenance.update.path == str(path)


def test_no_update_stored_reads_as_none(home):
    assert read_update() is None
    assert reset_update() is False


def test_reset_removes_the_stored_update(bundled, home):
    store_update(build_update(dump(NEW_SET), bundled))
    assert reset_update() is True
    assert not update_path().exists() and read_update() is None
    assert reset_update() is False


@pytest.mark.parametrize("text, reason", [
    ('{"schema_version": 1, "printings": [', "Expecting value: line 1 column 37 (char 36)"),
    ('{"schema_version": 2}', "not a card data update of schema 1"),
    ("[1]", "not a card data update of schema 1"),
    ('{"schema_version": 1}', "'provenance'"),
])
def test_a_damaged_update_says_how_to_recover(home, text, reason):
    home.mkdir()
    (home / "cards-update.json").write_text(text)
    with pytest.raises(CardDataError) as err:
        read_update()
    assert err.value.message == (f"the card data update is damaged ({reason}); fetch it again or remove it with "
                                 "'deckcheck cards update --reset'")
    assert err.value.file == str(home / "cards-update.json")


def test_a_damaged_printing_in_the_update_is_reported(bundled, home):
    path = store_update(build_update(dump(NEW_SET), bundled))
    data = json.loads(path.read_text())
    data["printings"][0]["type"] = "Sorcery"
    path.write_text(json.dumps(data))
    with pytest.raises(CardDataError) as err:
        read_update()
    assert err.value.message.startswith("the card data update is damaged (broken card list: 0.type: Input should "
                                        "be 'Unit', 'Spell', 'Gear', 'Legend', 'Battlefield', 'Rune' or 'Token'); "
                                        "fetch it again")


def test_a_stored_update_is_read_without_the_schema_library_until_it_is_edited(bundled, home):
    # the printings were checked on fetching; their checksum lets a start skip the check, and an
    # edit made by hand since is checked again (and read)
    import subprocess
    import sys

    path = store_update(build_update(dump(NEW_SET), bundled))
    code = ("import sys; from deckcheck.cards.overlay import read_update; u = read_update(); "
            "print(u.cards[0].might, 'pydantic' in sys.modules)")
    env = {**os.environ, "DECKCHECK_DATA_DIR": str(home)}

    def run() -> list[str]:
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env).stdout.split()

    assert run() == ["2", "False"]
    data = json.loads(path.read_text())
    data["printings"][0]["might"] = 4
    path.write_text(json.dumps(data))
    assert run() == ["4", "True"]


def test_a_wrong_count_in_the_update_is_reported(bundled, home):
    path = store_update(build_update(dump(NEW_SET), bundled))
    data = json.loads(path.read_text())
    data["printings"][1]["might"] = -3
    path.write_text(json.dumps(data))
    with pytest.raises(CardDataError) as err:
        read_update()
    assert err.value.message == ("the card data update is damaged (broken card list: 1.might: Input should be greater "
                                 "than or equal to 0); fetch it again or remove it with 'deckcheck cards update --reset'")


def test_filesystem_trouble_is_an_error_not_a_traceback(bundled, home, tmp_path):
    (home / "cards-update.json").mkdir(parents=True)
    with pytest.raises(CardDataError) as err:
        read_update()
    assert err.value.message == "not a regular file (a folder): not read"
    with pytest.raises(CardDataError) as err:
        reset_update()
    assert err.value.message == "cannot remove the card data update: Is a directory"
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(CardDataError) as err:
        store_update(build_update(dump(NEW_SET), bundled), blocker / "sub" / "u.json")
    assert (err.value.message, err.value.file) == ("cannot make the data folder: Not a directory",
                                                   str(blocker / "sub"))


# ------------------------------------------------------------------ laying it over the bundle
def test_a_new_set_joins_the_database_with_no_release_date(bundled, home):
    after = apply_update(bundled, build_update(dump(NEW_SET), bundled))
    nxs = after.sets["NXS"]
    assert (nxs.code, nxs.name, nxs.in_database, nxs.released, nxs.size) == ("NXS", "NXS", True, None, None)
    assert after.sets["OGN"] is bundled.sets["OGN"]
    assert len(after) == len(bundled) + 2 and after.get("NXS-002").name == "Jinx, Nexus Runner"
    assert [c.id for c in after] == sorted(c.id for c in after)
    assert (after.rules, after.data_as_of, after.source) == (bundled.rules, bundled.data_as_of, bundled.source)
    assert after.provenance.sets["NXS"].layer == "update" and after.provenance.sets["OGN"].layer == "bundled"
    assert after.provenance.update.sets == ("NXS",)
    assert after.find("Nexus Vanguard").card.id == "NXS-001"


def test_a_set_known_but_not_held_becomes_held(bundled, home):

    sets = dict(bundled.sets)
    sets["RAD"] = replace(sets["RAD"], in_database=False)
    without = replace(bundled, printings=tuple(c for c in bundled if c.set != "RAD"), sets=sets)
    assert not without.knows_set("RAD")
    after = apply_update(without, build_update(dump(radiance_final()), without))
    assert after.knows_set("RAD") and after.sets["RAD"].name == "Radiance"
    assert after.sets["RAD"].released == date(2026, 10, 23)
    assert len([c for c in after if c.set == "RAD"]) == 219


def test_load_cards_lays_the_stored_update_over_the_bundle(bundled, home):
    assert load_cards().get("NXS-001") is None
    store_update(build_update(dump(NEW_SET), bundled))
    with_update = load_cards()
    assert with_update.get("NXS-001").name == "Nexus Vanguard"
    assert load_cards(update=False).get("NXS-001") is None
    reset_update()
    assert load_cards().get("NXS-001") is None


# ------------------------------------------------------------------ what changes
def test_the_diff_of_a_new_set(bundled, home):
    after = apply_update(bundled, build_update(dump(NEW_SET), bundled))
    changes = diff(bundled, after, ["NXS"])
    assert changes.new_sets == ["NXS"] and changes.unknown_to_formats == ["NXS"]
    assert [c.id for c in changes.added] == ["NXS-001", "NXS-002"]
    assert changes.changed == [] and changes.removed == [] and not changes.empty
    assert changes.to_json() == {"new_sets": ["NXS"], "unknown_to_formats": ["NXS"],
                                 "added": ["NXS-001", "NXS-002"], "removed": [], "changed": []}


def test_the_diff_of_the_radiance_update(bundled, home):
    after = apply_update(bundled, build_update(dump(radiance_final()), bundled))
    changes = diff(bundled, after, ["RAD"])
    assert changes.new_sets == [] and changes.unknown_to_formats == []  # Radiance has a release date
    assert [c.id for c in changes.added] == ["RAD-011"] and changes.removed == []
    assert changes.changed == [("RAD-092", "domains", (Domain.BODY,), (Domain.CHAOS,))]
    assert changes.to_json()["changed"] == [{"id": "RAD-092", "field": "domains", "old": ["Body"], "new": ["Chaos"]}]


def test_the_diff_of_removed_printings_and_changed_facts(bundled, home):
    rows = [dict(r) for r in radiance_final() if r["id"] not in ("RAD-011", "RAD-020a")]
    for r in rows:
        if r["id"] == "RAD-001":
            r["rarity"], r["energy"] = "Uncommon", 9
        if r["id"] == "RAD-092":
            r["domains"] = ["Body"]
    after = apply_update(bundled, build_update(dump(rows), bundled))
    changes = diff(bundled, after, ["RAD"])
    assert [c.id for c in changes.removed] == ["RAD-020a"] and changes.added == []
    rad1 = bundled.get("RAD-001")
    assert changes.changed == [("RAD-001", "energy", rad1.energy, 9), ("RAD-001", "rarity", rad1.rarity, "Uncommon")]
    assert changes.to_json()["changed"][0] == {"id": "RAD-001", "field": "energy", "old": rad1.energy, "new": 9}
    assert changes.to_json()["removed"] == ["RAD-020a"]


def test_the_same_data_again_changes_nothing(bundled, home):
    layer = build_update(dump(NEW_SET), bundled)
    after = apply_update(bundled, layer)
    again = apply_update(bundled, build_update(dump(NEW_SET), bundled, layer))
    changes = diff(after, again, ["NXS"])
    assert changes.empty and changes == Diff(unknown_to_formats=["NXS"])
    assert Update(cards=[], provenance=layer.provenance).sets == ("NXS",)


def test_every_fact_a_reader_sees_is_compared(bundled, home):
    layer = build_update(dump(NEW_SET), bundled)
    after = apply_update(bundled, layer)
    base = NEW_SET[0]
    changes = {"name": "Nexus Vanguard II", "type": "Gear", "supertypes": ["Token"], "tags": ["Zaun"],
               "domains": ["Calm"], "energy": 3, "power": 1, "power_domains": ["Calm"], "might": 4,
               "rarity": "Rare", "variant": "promo"}
    for name, value in changes.items():
        other = apply_update(bundled, build_update(dump([dict(base, **{name: value}), NEW_SET[1]]), bundled))
        found = diff(after, other, ["NXS"]).changed
        assert [(i, f) for i, f, _, _ in found] == [("NXS-001", name)], name


def test_a_diff_is_empty_only_without_new_sets_printings_or_changes():
    assert Diff().empty and Diff(unknown_to_formats=["NXS"]).empty
    assert not Diff(new_sets=["NXS"]).empty
    assert not Diff(changed=[("NXS-001", "might", 2, 3)]).empty


def test_a_changed_type_shows_as_its_printed_word(bundled, home):
    after = apply_update(bundled, build_update(dump(NEW_SET), bundled))
    other = apply_update(bundled, build_update(dump([dict(NEW_SET[0], type="Gear", might=None), NEW_SET[1]]), bundled))
    changes = diff(after, other, ["NXS"])
    assert changes.to_json()["changed"] == [{"id": "NXS-001", "field": "type", "old": "Unit", "new": "Gear"},
                                            {"id": "NXS-001", "field": "might", "old": 2, "new": None}]
    removed = diff(after, apply_update(bundled, build_update(dump([NEW_SET[1]]), bundled)), ["NXS"])
    assert [c.id for c in removed.removed] == ["NXS-001"] and not removed.empty
