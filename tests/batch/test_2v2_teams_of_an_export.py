"""``deckcheck.check_paths`` in format 2v2 over an export with a Team column: the team rules see the
teams (teammates sharing a legend: RB701/RB702; a team of one deck: RB703)."""

from __future__ import annotations

from decks.test_registrations import AS_OF, KENNEN_CODE, export

import deckcheck


def test_a_2v2_batch_of_an_export_checks_its_teams(tmp_path):
    path = export(tmp_path, [["Ana", "Red", KENNEN_CODE], ["Ben", "Red", KENNEN_CODE], ["Cai", "Blue", KENNEN_CODE]],
                  header=["Player", "Team", "Deck"])
    batch = deckcheck.check_paths([str(path)], format="2v2", as_of=AS_OF)
    codes = {r.player: {v.code for v in r.violations} for r in batch.reports}
    assert {"RB701", "RB702"} <= codes["Ana"] and {"RB701", "RB702"} <= codes["Ben"]
    assert "RB703" in codes["Cai"] and not {"RB701", "RB702"} & codes["Cai"]
    assert batch.exit_code() == 1
