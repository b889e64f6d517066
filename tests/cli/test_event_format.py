"""An event's format file is validated before any deck; undetermined champions in tournament
formats; 2v2 teammates checked as a pair (CR 489.8.h-i, cited as numbered on the date)."""

from __future__ import annotations

import json

from cli.support import run_cli
from cli.test_check import JINX, SAMPLES, assert_clean_failure
from decks.test_registrations import export

AS_OF = "2026-10-20"


def event(tmp_path, body: str, name="my-event.yaml"):
    path = tmp_path / name
    path.write_text("extends: standard\nname: my-event\ntitle: My Event\n" + body, encoding="utf-8")
    return path


def test_a_typo_in_the_event_file_is_one_error_with_line_and_did_you_mean(tmp_path, capsys):
    cases = [
        ("battlefeilds:\n  - Startipped Peak\n", ":4: unknown key 'battlefeilds'", "did you mean 'battlefields'?"),
        ("battlefields:\n  - Zaun Warrens\n  - Startiped Peak\n", ":6:", "the battlefield 'Startiped Peak', which is "
         "not in the card database; did you mean 'Startipped Peak'?"),
        ("bans:\n  - {card: \"Stacked Dek\", from: 2026-01-01}\n", ":5:", "bans 'Stacked Dek'",
         ),
        ("bans:\n  - {card: \"Stacked Deck\", form: 2026-01-01}\n", ":5: unknown key 'form'", "did you mean 'from'?"),
    ]
    for body, *words in cases:
        path = event(tmp_path, body)
        result = run_cli(capsys, "check", str(SAMPLES), "--format", str(path), "--as-of", AS_OF)
        assert_clean_failure(result, str(path), *words)
        assert result.stdout == "", "no per-deck noise"
        assert len(result.stderr.strip().splitlines()) == 1
    assert "did you mean 'Stacked Deck'?" in run_cli(capsys, "check", str(JINX), "--format",
                                                        str(event(tmp_path, cases[2][0])), "--as-of", AS_OF).stderr


def test_formats_shows_the_event_battlefield_list(tmp_path, capsys):
    path = event(tmp_path, "battlefields:\n  - Startipped Peak\n  - Zaun Warrens\n  - Seat of Power\n")
    result = run_cli(capsys, "formats", str(path), "--as-of", AS_OF)
    assert result.returncode == 0
    assert "event battlefields (TR 601.1.d): Startipped Peak; Zaun Warrens; Seat of Power" in result.stdout
    (info,) = json.loads(run_cli(capsys, "formats", str(path), "--as-of", AS_OF, "--json").stdout)
    assert info["event_battlefields"] == ["Startipped Peak", "Zaun Warrens", "Seat of Power"]
    bad = event(tmp_path, "battlefields:\n  - Startiped Peak\n", name="bad.yaml")
    assert_clean_failure(run_cli(capsys, "formats", str(bad), "--as-of", AS_OF), "did you mean 'Startipped Peak'?")


def _ambiguous(tmp_path):
    text = JINX.read_text(encoding="utf-8")
    text = text.replace("Champion:\n1 Jinx, Demolitionist\n\n", "")
    text = text.replace("MainDeck:\n1 Blazing Scorcher\n", "MainDeck:\n1 Jinx, Demolitionist\n1 Jinx, Rebel\n")
    path = tmp_path / "ambiguous.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_undetermined_champion_is_an_error_in_tournament_formats_and_a_note_in_casual(tmp_path, capsys):
    path = _ambiguous(tmp_path)
    doc = json.loads(run_cli(capsys, "check", str(path), "--as-of", AS_OF, "-o", "json").stdout)
    (deck,) = doc["decks"]
    assert deck["verdict"] == "illegal"
    (v,) = [v for v in deck["violations"] if v["code"] == "RB211"]
    assert v["severity"] == "error" and "cannot be determined" in v["message"] and v["rule"].startswith("TR 401.2")
    assert "Jinx, Demolitionist; Jinx, Rebel" in v["message"]
    assert not [v for v in deck["violations"] if v["code"] == "RB003"], "reported once, as the error"
    casual = json.loads(run_cli(capsys, "check", str(path), "--as-of", AS_OF, "-o", "json", "-f", "casual").stdout)
    casual = casual["decks"][0]
    assert casual["verdict"] == "legal"
    assert [(v["code"], v["severity"]) for v in casual["violations"]] == [("RB004", "info")]
    named = json.loads(run_cli(capsys, "check", str(path), "--as-of", AS_OF, "-o", "json", "--champion",
                                       "Jinx, Rebel").stdout)
    assert named["decks"][0]["verdict"] == "legal"


def _deck_with(tmp_path, name, battlefields):
    text = JINX.read_text(encoding="utf-8")
    head, tail = text.split("Battlefields:\n")
    rest = tail.split("\n\n", 1)[1]
    path = tmp_path / name
    path.write_text(head + "Battlefields:\n" + "".join(f"1 {b}\n" for b in battlefields) + "\n" + rest,
                    encoding="utf-8")
    return path


def test_2v2_teammates_from_an_export_may_not_share_legend_or_battlefield(tmp_path, capsys):
    jinx = JINX.read_text(encoding="utf-8")
    ornn = (SAMPLES / "legal-ornn-calm-mind.txt").read_text(encoding="utf-8")
    sett = (SAMPLES / "legal-sett-the-boss-with-ids.txt").read_text(encoding="utf-8")
    path = export(tmp_path, [["Ana", "Red", jinx], ["Ben", "Red", jinx], ["Cy", "Blue", ornn], ["Di", "Blue", sett],
                             ["Ed", "Green", sett]], header=["Player", "Team", "Decklist"])
    doc = json.loads(run_cli(capsys, "check", str(path), "-f", "2v2", "--as-of", AS_OF, "-o", "json").stdout)
    by_player = {d["player"]: d for d in doc["decks"]}
    assert {d["team"] for d in doc["decks"]} == {"Red", "Blue", "Green"}
    ana = [(v["code"], v["rule"]) for v in by_player["Ana"]["violations"] if v["code"].startswith("RB70")]
    assert ("RB701", "CR 491.8.h") in ana and ("RB702", "CR 491.8.i") in ana  # renumbered on 2026-10-09
    legend = next(v for v in by_player["Ana"]["violations"] if v["code"] == "RB701")
    assert f"teammate Ben ({path} row 3) has the same legend, Jinx, Loose Cannon" == legend["message"]
    assert by_player["Ana"]["verdict"] == by_player["Ben"]["verdict"] == "illegal"
    assert by_player["Cy"]["verdict"] == by_player["Di"]["verdict"] == "legal"
    assert [v["code"] for v in by_player["Ed"]["violations"] if v["code"].startswith("RB70")] == ["RB703"]
    older = json.loads(run_cli(capsys, "check", str(path), "-f", "2v2", "--as-of", "2026-08-01", "-o", "json").stdout)
    assert any(v["rule"] == "CR 489.8.h" for v in older["decks"][0]["violations"])
    standard = json.loads(run_cli(capsys, "check", str(path), "--as-of", AS_OF, "-o", "json").stdout)
    assert not any(v["code"].startswith("RB70") for d in standard["decks"] for v in d["violations"])


def test_2v2_team_of_two_files(tmp_path, capsys):
    a = _deck_with(tmp_path, "a.txt", ["Startipped Peak", "Zaun Warrens", "Seat of Power"])
    ornn = SAMPLES / "legal-ornn-calm-mind.txt"
    result = run_cli(capsys, "check", "-f", "2v2", "--as-of", AS_OF, "--team", str(a), str(ornn), "-o", "json")
    doc = json.loads(result.stdout)
    assert result.returncode in (0, 1)
    shared = [v for d in doc["decks"] for v in d["violations"] if v["code"] in ("RB701", "RB702")]
    # the Ornn list brings Ornn's Forge, Seat of Power and Veiled Temple
    assert sorted((v["code"], v["card"]) for v in shared) == [("RB702", "Seat of Power")] * 2
    assert not [v for d in doc["decks"] for v in d["violations"] if v["code"] == "RB703"]
    twin = tmp_path / "twin.txt"
    twin.write_text(JINX.read_text(encoding="utf-8"), encoding="utf-8")
    same = run_cli(capsys, "check", "-f", "2v2", "--as-of", AS_OF, "--team", str(JINX), str(twin), "-o", "json")
    assert any(v["code"] == "RB701" for d in json.loads(same.stdout)["decks"] for v in d["violations"])
    assert_clean_failure(run_cli(capsys, "check", "--team", str(a), str(ornn)), "--team: the format 'standard' has no teams")
