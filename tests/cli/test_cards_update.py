"""``deckcheck cards update``: new card data from a file or a URL, laid over the bundle, never over it.

Every test runs the command line with its own data folder ($DECKCHECK_DATA_DIR); the URL tests
serve the dump from a web server on the loopback interface.
"""

from __future__ import annotations

import hashlib
import http.server
import json
import threading
from pathlib import Path

import pytest

from conftest import REPO
from cards.test_overlay import NEW_SET
from cli.support import run_cli

CARDS = REPO / "card_data" / "cards.json"
JINX = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"
ZIGGS = REPO / "sample_decks" / "unverified-ziggs-radiance-missing-cards.txt"
DAY = "2026-12-01"


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture
def data_dir(tmp_path, monkeypatch) -> Path:
    """This test's own data folder: the deckcheck it runs reads and writes its update there."""
    path = tmp_path / "data"
    monkeypatch.setenv("DECKCHECK_DATA_DIR", str(path))
    return path


@pytest.fixture
def new_set(tmp_path) -> Path:
    path = tmp_path / "nxs.json"
    path.write_text(json.dumps(NEW_SET))
    return path


def _radiance_final() -> list[dict]:
    """The bundled Radiance rows with RAD-011 revealed and RAD-092's doubtful domain corrected."""
    rows = [r for r in json.loads(CARDS.read_text()) if r["set"] == "RAD"]
    for row in rows:
        row.pop("champion_tag")
        if row["id"] == "RAD-092":
            row["domains"], row["power_domains"] = ["Chaos"], []
    rows.append({"id": "RAD-011", "set": "RAD", "number": "011", "variant": None, "name": "Ember Cartographer",
                 "type": "Unit", "supertypes": [], "tags": [], "domains": ["Fury"], "energy": 2, "power": None,
                 "power_domains": [], "might": 2, "rarity": "Common"})
    return rows


def test_an_update_from_a_file_adds_a_new_set_and_leaves_the_bundle_alone(data_dir, new_set, capsys):
    bundled = hashlib.sha256(CARDS.read_bytes()).hexdigest()
    result = run_cli(capsys, "cards", "update", str(new_set))
    assert result.returncode == 0, result.stderr
    shown = words(result.stdout)
    assert "NXS complete, 2 printings" in shown and "new set" in shown and "no release date known" in shown
    assert "NXS-001 Nexus Vanguard (Unit)" in shown and "NXS-002 Jinx, Nexus Runner (Unit)" in shown
    assert (data_dir / "cards-update.json").exists()
    assert hashlib.sha256(CARDS.read_bytes()).hexdigest() == bundled
    show = json.loads(run_cli(capsys, "cards", "show", "nxs-2", "--json").stdout)
    assert show["name"] == "Jinx, Nexus Runner" and show["champion_tag"] == "Jinx"
    info = run_cli(capsys, "cards", "info")
    assert "update: NXS from" in words(info.stdout)
    row = next(line for line in info.stdout.splitlines() if line.startswith("NXS "))
    assert row.split()[:6] == ["NXS", "NXS", "?", "complete*", DAY, "2"] or row.split()[3] == "complete*"
    rad = next(line for line in info.stdout.splitlines() if line.startswith("RAD "))
    assert "preliminary" in rad and "011 022" in rad  # the bundled layer is still listed
    by_code = {s["code"]: s for s in json.loads(run_cli(capsys, "cards", "info", "--json").stdout)["sets"]}
    assert by_code["NXS"]["layer"] == "update" and by_code["RAD"]["layer"] == "bundled"


def test_a_set_no_format_knows_makes_a_deck_unverified_not_legal(data_dir, new_set, tmp_path, capsys):
    run_cli(capsys, "cards", "update", str(new_set))
    deck = tmp_path / "jinx.txt"
    deck.write_text(JINX.read_text().replace("2 Cleave\n", "1 Cleave\n1 Nexus Vanguard\n", 1))
    for fmt in ("standard", "casual"):
        result = run_cli(capsys, "check", str(deck), "--as-of", DAY, "-o", "json", "-f", fmt)
        report = json.loads(result.stdout)["decks"][0]
        assert result.returncode == 1 and report["verdict"] == "unverified", (fmt, report["violations"])
        [v] = [v for v in report["violations"] if v["severity"] == "error"]
        assert v["code"] == "RB602" and v["unverified"] and "do not know its release date" in v["message"]
    without = run_cli(capsys, "check", str(JINX), "--as-of", DAY)
    assert without.returncode == 0


def test_an_update_from_a_url_on_the_loopback_interface(data_dir, tmp_path, capsys):
    (tmp_path / "www").mkdir()
    (tmp_path / "www" / "rad.json").write_text(json.dumps(_radiance_final()))

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(tmp_path / "www"), **kwargs)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/rad.json"
        before = run_cli(capsys, "check", str(ZIGGS), "--as-of", DAY, "-o", "json")
        assert json.loads(before.stdout)["decks"][0]["verdict"] == "unverified"
        dry = run_cli(capsys, "cards", "update", url, "--dry-run")
        assert dry.returncode == 0 and "dry run: nothing stored" in dry.stdout
        assert not (data_dir / "cards-update.json").exists()
        result = run_cli(capsys, "cards", "update", url)
    finally:
        server.shutdown()
        thread.join()
    assert result.returncode == 0, result.stderr
    shown = words(result.stdout)
    assert "RAD preliminary, 219 printings" in shown and "missing 022 032 044 094 104 177" in shown
    assert "RAD-011 Ember Cartographer (Unit)" in shown and "RAD-092 domains: Body -> Chaos" in shown
    info = json.loads(run_cli(capsys, "cards", "info", "--json").stdout)
    rad = next(s for s in info["sets"] if s["code"] == "RAD")
    assert rad["layer"] == "update" and rad["missing"][0] == "022" and rad["source"] == url
    after = run_cli(capsys, "check", str(ZIGGS), "--as-of", DAY, "-o", "json")
    deck = json.loads(after.stdout)["decks"][0]
    assert [v["card"] for v in deck["violations"] if v["unverified"]] == ["RAD-094"]  # RAD-011 is known now


def test_a_broken_dump_exits_2_and_keeps_the_earlier_update(data_dir, new_set, tmp_path, capsys):
    assert run_cli(capsys, "cards", "update", str(new_set)).returncode == 0
    stored = (data_dir / "cards-update.json").read_bytes()
    bad_row = [dict(NEW_SET[0], id="NXS-003", number="003", type="Sorcery")]
    cases = {
        "not-json.json": "[{\"id\": \"NXS-001\",",
        "object.json": json.dumps({"cards": NEW_SET}),
        "empty.json": "[]",
        "bad-type.json": json.dumps(bad_row),
        "unknown-field.json": json.dumps([dict(NEW_SET[0], artist="someone")]),
        "disagreeing.json": json.dumps([dict(NEW_SET[0]), dict(NEW_SET[0], id="NXS-001a", variant="alt-art",
                                                                    domains=["Calm"])]),
    }
    for name, text in cases.items():
        path = tmp_path / name
        path.write_text(text)
        result = run_cli(capsys, "cards", "update", str(path))
        assert result.returncode == 2, (name, result.stdout, result.stderr)
        assert result.stderr.startswith("deckcheck: error: ") and result.stderr.count("\n") == 1, result.stderr
        assert (data_dir / "cards-update.json").read_bytes() == stored, name
    missing = run_cli(capsys, "cards", "update", str(tmp_path / "nowhere.json"))
    assert missing.returncode == 2 and "nowhere.json" in missing.stderr
    assert "NXS" in run_cli(capsys, "cards", "info").stdout


def test_a_dead_url_exits_2_and_keeps_the_earlier_update(data_dir, new_set, capsys):
    import socket

    assert run_cli(capsys, "cards", "update", str(new_set)).returncode == 0
    stored = (data_dir / "cards-update.json").read_bytes()
    with socket.socket() as sock:  # a port nothing listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    result = run_cli(capsys, "cards", "update", f"http://127.0.0.1:{port}/cards.json", "--timeout", "5")
    assert result.returncode == 2 and f"cannot fetch http://127.0.0.1:{port}/cards.json" in result.stderr
    assert (data_dir / "cards-update.json").read_bytes() == stored
    other = run_cli(capsys, "cards", "update", "ftp://127.0.0.1/cards.json")
    assert other.returncode == 2 and "only files and http(s):// URLs" in other.stderr


def test_a_url_that_does_not_answer_in_time_exits_2(data_dir, capsys):
    import socket

    with socket.socket() as sock:  # accepts the connection, never answers
        sock.bind(("127.0.0.1", 0))
        sock.listen(1)
        port = sock.getsockname()[1]
        result = run_cli(capsys, "cards", "update", f"http://127.0.0.1:{port}/cards.json", "--timeout", "1")
    assert result.returncode == 2 and "no answer within 1 s" in result.stderr
    assert not (data_dir / "cards-update.json").exists()


def test_updates_accumulate_and_reset_returns_to_the_bundled_data(data_dir, new_set, tmp_path, capsys):
    run_cli(capsys, "cards", "update", str(new_set))
    rad = tmp_path / "rad.json"
    rad.write_text(json.dumps(_radiance_final()))
    assert run_cli(capsys, "cards", "update", str(rad)).returncode == 0
    sets = {s["code"]: s["layer"] for s in json.loads(run_cli(capsys, "cards", "info", "--json").stdout)["sets"]}
    assert sets["NXS"] == "update" and sets["RAD"] == "update"
    again = run_cli(capsys, "cards", "update", str(rad))
    assert "no change to the card data in force" in again.stdout
    reset = run_cli(capsys, "cards", "update", "--reset")
    assert reset.returncode == 0 and "removed the card data update" in reset.stdout
    assert not (data_dir / "cards-update.json").exists()
    assert "NXS" not in run_cli(capsys, "cards", "info").stdout
    assert "no card data update to remove" in run_cli(capsys, "cards", "update", "--reset").stdout


def test_a_damaged_update_file_says_how_to_recover(data_dir, new_set, capsys):
    run_cli(capsys, "cards", "update", str(new_set))
    (data_dir / "cards-update.json").write_text('{"schema_version": 1, "printings": [')
    result = run_cli(capsys, "check", str(JINX), "--as-of", DAY)
    assert result.returncode == 2 and "--reset" in result.stderr and result.stderr.count("\n") == 1
    assert run_cli(capsys, "cards", "update", "--reset").returncode == 0
    assert run_cli(capsys, "check", str(JINX), "--as-of", DAY).returncode == 0


def test_the_data_folder_follows_xdg_when_not_set(tmp_path, new_set, capsys):
    result = run_cli(capsys, "cards", "update", str(new_set),
                             env={"DECKCHECK_DATA_DIR": None, "XDG_DATA_HOME": str(tmp_path / "xdg")})
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "xdg" / "deckcheck" / "cards-update.json").exists()
