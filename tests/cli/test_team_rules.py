"""The 2v2 team rules (RB701-RB703) are rules like the others: ``deckcheck rule``, ``deckcheck rules``,
``--select``/``--ignore`` on a team check, and SARIF rule descriptors."""

from __future__ import annotations

import json

from conftest import REPO
from decks.test_registrations import export

from cli.support import run_cli

SAMPLES = REPO / "sample_decks"
JINX = SAMPLES / "legal-jinx-loose-cannon.txt"
ORNN = SAMPLES / "legal-ornn-calm-mind.txt"
SETT = SAMPLES / "legal-sett-the-boss-with-ids.txt"
AS_OF = "2026-10-20"  # the CR of 2026-10-09: the 2v2 rules are numbered 491.8.*
TEAM = {"RB701": "team-shared-legend", "RB702": "team-shared-battlefield", "RB703": "team-size"}


def twin_team(tmp_path) -> tuple[str, str]:
    """Two teammates with the same Jinx list: one shared legend, three shared battlefields."""
    a, b = tmp_path / "ana.txt", tmp_path / "ben.txt"
    for path in (a, b):
        path.write_text(JINX.read_text(encoding="utf-8"), encoding="utf-8")
    return str(a), str(b)


def team_codes(doc: dict) -> list[list[str]]:
    return [[v["code"] for v in d["violations"] if v["code"].startswith("RB7")] for d in doc["decks"]]


def test_rule_explains_a_team_rule_with_both_numberings_and_its_format(capsys):
    code, out, err = run_cli(capsys, "rule", "RB701", "--as-of", AS_OF)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "RB701 team-shared-legend (error)"
    assert "CR 491.8.h" in lines[1] and "CR 489.8.h" in lines[2]  # as on the date, and of 2026-07-16
    assert lines[3].split() == ["formats:", "2v2"]
    assert "fix:" in out and "another legend" in out
    code, out, _ = run_cli(capsys, "rule", "team-size", "--json", "--as-of", AS_OF)
    info = json.loads(out)
    assert code == 0 and (info["code"], info["severity"], info["formats"]) == ("RB703", "warning", ["2v2"])


def test_rules_lists_the_team_rules_and_only_in_a_team_format(capsys):
    code, out, _ = run_cli(capsys, "rules", "--json", "--as-of", AS_OF)
    listed = {r["code"]: r for r in json.loads(out)["rules"]}
    assert code == 0
    assert {c: listed[c]["name"] for c in TEAM} == TEAM
    assert listed["RB702"]["references"] == "CR 491.8.i"
    _, out, _ = run_cli(capsys, "rules", "--format", "2v2", "--json")
    assert set(TEAM) <= {r["code"] for r in json.loads(out)["rules"]}
    _, out, _ = run_cli(capsys, "rules", "--format", "standard", "--json")
    assert not set(TEAM) & {r["code"] for r in json.loads(out)["rules"]}
    _, table, _ = run_cli(capsys, "rules")
    assert all(code in table and name in table for code, name in TEAM.items())


def test_ignore_and_select_choose_the_team_rules_of_a_pair(tmp_path, capsys):
    a, b = twin_team(tmp_path)
    check = ("check", "-f", "2v2", "--as-of", AS_OF, "--team", a, b, "-o", "json")
    code, out, _ = run_cli(capsys, *check)
    assert code == 1 and team_codes(json.loads(out)) == [["RB701", "RB702", "RB702", "RB702"]] * 2
    code, out, _ = run_cli(capsys, *check, "--ignore", "RB701")
    assert code == 1 and team_codes(json.loads(out)) == [["RB702", "RB702", "RB702"]] * 2
    code, out, _ = run_cli(capsys, *check, "--select", "team-shared-legend")
    doc = json.loads(out)
    assert code == 1 and [[v["code"] for v in d["violations"]] for d in doc["decks"]] == [["RB701"]] * 2
    code, out, _ = run_cli(capsys, *check, "--ignore", "RB7")
    assert code == 0 and team_codes(json.loads(out)) == [[], []]


def test_ignore_drops_a_team_rule_from_a_registration_export(tmp_path, capsys):
    jinx, ornn, sett = (p.read_text(encoding="utf-8") for p in (JINX, ORNN, SETT))
    path = export(tmp_path, [["Ana", "Red", jinx], ["Ben", "Red", jinx], ["Cy", "Blue", ornn], ["Di", "Blue", sett],
                             ["Ed", "Green", sett]], header=["Player", "Team", "Decklist"])
    check = ("check", str(path), "-f", "2v2", "--as-of", AS_OF, "-o", "json")
    _, out, _ = run_cli(capsys, *check, "--ignore", "RB702")
    by_player = {d["player"]: [v["code"] for v in d["violations"]] for d in json.loads(out)["decks"]}
    assert by_player["Ana"] == by_player["Ben"] == ["RB701"] and by_player["Ed"] == ["RB703"]
    _, out, _ = run_cli(capsys, *check, "--select", "RB703")
    by_player = {d["player"]: [v["code"] for v in d["violations"]] for d in json.loads(out)["decks"]}
    assert by_player == {"Ana": [], "Ben": [], "Cy": [], "Di": [], "Ed": ["RB703"]}


def test_sarif_describes_each_team_rule_a_result_points_at(tmp_path, capsys):
    a, b = twin_team(tmp_path)
    for extra in ((), ("--select", "RB7")):
        code, out, _ = run_cli(capsys, "check", "-f", "2v2", "--as-of", AS_OF, "--team", a, b, "-o", "sarif", *extra)
        sarif = json.loads(out)["runs"][0]
        rules = sarif["tool"]["driver"]["rules"]
        assert code == 1
        by_id = {r["id"]: r for r in rules}
        assert by_id["RB701"]["name"] == "team-shared-legend"
        assert by_id["RB702"]["properties"]["references"] == "CR 491.8.i"
        assert by_id["RB701"]["defaultConfiguration"] == {"level": "error"}
        results = sarif["results"]
        assert sorted({r["ruleId"] for r in results}) == ["RB701", "RB702"]
        assert all(rules[r["ruleIndex"]]["id"] == r["ruleId"] for r in results)


def test_one_file_named_twice_is_the_same_deck_twice_and_illegal(tmp_path, capsys):
    (tmp_path / "deck.txt").write_text(JINX.read_text(encoding="utf-8"), encoding="utf-8")
    done = run_cli(capsys, "check", "--team", "deck.txt", "./deck.txt", "-f", "2v2", "--as-of", AS_OF, "-o", "json",
                   cwd=tmp_path)
    doc = json.loads(done.stdout)
    assert done.returncode == 1 and [d["source"] for d in doc["decks"]] == ["deck.txt", "./deck.txt"]
    assert team_codes(doc) == [["RB701", "RB702", "RB702", "RB702"]] * 2  # one legend, three battlefields shared
