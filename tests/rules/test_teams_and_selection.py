"""In process: the 2v2 team rules (RB701-RB703) over a batch, and ``--select``/``--ignore``.

Both are otherwise reached only through ``deckcheck`` processes; here every message, hint and
rule number a user reads is written out.
"""

from __future__ import annotations

from datetime import date

import pytest
from rules.support import (
    KENNEN, KENNEN_CHAMPION, ORNN, ORNN_CHAMPION, RENGAR, RENGAR_CHAMPION, change, check, deck, flat,
)

from deckcheck.decks.model import Severity
from deckcheck.errors import DeckcheckError
from deckcheck.batch import Batch
from deckcheck.rules.selection import RuleSelection
from deckcheck.rules.teams import check_teams

BEFORE = date(2026, 10, 5)  # CR of 2026-07-16: the 2v2 rules are 489.8.*
AFTER = date(2026, 10, 20)  # CR of 2026-10-09: the modes moved by two, 491.8.*


def entry(slug: str, champion: str, *, name: str | None, player: str | None, team: str | None,
          as_of: date = BEFORE, **delta: int):
    """A checked 2v2 deck as the batch holds it: (deck, report)."""
    d = deck(change(flat(slug), **delta), champion=champion, name=name or "deck.txt")
    if name is None:
        d.source = None
    d.player, d.team = player, team
    report = check(d, "2v2", as_of)
    assert report.violations == [] or delta
    return d, report


def team_rows(report) -> list[tuple]:
    return [(v.code, v.name, v.rule, v.severity, v.message, v.card, v.file, v.line, v.hint, v.zone)
            for v in report.violations]


# ----------------------------------------------------------------------------- RB701 / RB702
def test_teammates_with_the_same_legend_and_battlefields_get_each_violation_on_both_decks():
    ana = entry(ORNN, ORNN_CHAMPION, name="ana.txt", player="Ana", team="Red")
    ben = entry(ORNN, ORNN_CHAMPION, name="ben.txt", player="Ben", team="red ")  # same team, other spelling
    check_teams([ana, ben])
    legend = ("RB701", "team-shared-legend", "CR 489.8.h", Severity.ERROR)
    field = ("RB702", "team-shared-battlefield", "CR 489.8.i", Severity.ERROR)
    for (_, mine), other in ((ana, "Ben (ben.txt)"), (ben, "Ana (ana.txt)")):
        file = mine.source
        assert team_rows(mine) == [
            (*legend, f"teammate {other} has the same legend, Ornn, Fire Below the Mountain",
             "Ornn, Fire Below the Mountain", file, None, "One of the teammates registers another legend", "legend"),
            *((*field, f"teammate {other} also brings the battlefield {name}", name, file, None,
               "One of the teammates replaces the shared battlefield", "battlefields")
              for name in ("Ornn's Forge", "Seat of Power", "Veiled Temple")),  # in name order
        ]
        assert not mine.legal


def test_one_shared_battlefield_and_different_legends_after_the_renumbering():
    ornn = entry(ORNN, ORNN_CHAMPION, name="a.txt", player=None, team="T", as_of=AFTER)
    kennen = entry(KENNEN, KENNEN_CHAMPION, name=None, player="Kim", team="T", as_of=AFTER)
    check_teams([ornn, kennen])
    hint = "One of the teammates replaces the shared battlefield"
    assert team_rows(ornn[1]) == [("RB702", "team-shared-battlefield", "CR 491.8.i", Severity.ERROR,
                                   "teammate Kim also brings the battlefield Veiled Temple", "Veiled Temple",
                                   "a.txt", None, hint, "battlefields")]
    assert team_rows(kennen[1]) == [("RB702", "team-shared-battlefield", "CR 491.8.i", Severity.ERROR,
                                     "teammate teammate (a.txt) also brings the battlefield Veiled Temple",
                                     "Veiled Temple", None, None, hint, "battlefields")]


def test_the_legend_rule_after_the_renumbering_and_a_teammate_without_name_or_file():
    ana = entry(ORNN, ORNN_CHAMPION, name="ana.txt", player="Ana", team="T", as_of=AFTER)
    twin = entry(ORNN, ORNN_CHAMPION, name=None, player=None, team="T", as_of=AFTER)
    check_teams([ana, twin])
    first = ana[1].violations[0]
    assert (first.code, first.rule, first.message) == (
        "RB701", "CR 491.8.h", "teammate teammate has the same legend, Ornn, Fire Below the Mountain")
    assert twin[1].violations[0].message == "teammate Ana (ana.txt) has the same legend, Ornn, Fire Below the Mountain"


def test_teammates_with_nothing_in_common_and_decks_without_a_team_are_left_alone():
    ornn = entry(ORNN, ORNN_CHAMPION, name="a.txt", player="A", team="T")
    rengar = entry(RENGAR, RENGAR_CHAMPION, name="b.txt", player="B", team=None)  # shares Seat of Power
    kennen_1 = entry(KENNEN, KENNEN_CHAMPION, name="c.txt", player="C", team="U")
    rengar_2 = entry(RENGAR, RENGAR_CHAMPION, name="d.txt", player="D", team="U")
    check_teams([ornn, rengar, kennen_1, rengar_2])
    assert [r.violations for _, r in (rengar, kennen_1, rengar_2)] == [[], [], []]
    assert [v.code for v in ornn[1].violations] == ["RB703"]  # alone in team T


def test_a_deck_without_a_legend_shares_no_legend():
    ornn = entry(ORNN, ORNN_CHAMPION, name="a.txt", player="A", team="T")
    d = deck(change(flat(ORNN), SFD_189=-1), champion=ORNN_CHAMPION, name="b.txt")
    d.team = "T"
    lost = (d, check(d, "2v2", BEFORE))
    check_teams([lost, ornn])
    assert [v.code for v in ornn[1].violations] == ["RB702"] * 3


# ----------------------------------------------------------------------------- RB703
@pytest.mark.parametrize("size", [1, 3])
def test_a_team_of_other_than_two_decks_gets_a_warning_on_each(size):
    members = [entry(ORNN, ORNN_CHAMPION, name=f"{i}.txt", player=f"P{i}", team="Blue Team")
               for i in range(size)]
    check_teams(members)
    for _, report in members:
        assert team_rows(report) == [(
            "RB703", "team-size", "CR 489.8", Severity.WARNING,
            f"team 'Blue Team' has {size} registered decks; a 2v2 team has 2, so its decks were not checked as a pair",
            None, report.source, None, "Check the team column: each team has exactly two registrations", None)]
        assert report.legal  # a warning


def test_the_batch_checks_teams_only_in_a_team_format_and_sorts_each_report():
    ana = entry(ORNN, ORNN_CHAMPION, name="ana.txt", player="Ana", team=None, OGN_043=-1)  # also RB101 ...
    ben = entry(ORNN, ORNN_CHAMPION, name="ben.txt", player="Ben", team=None)
    batch = Batch()
    for d, r in (ana, ben):
        batch.add(d, r)
    batch.pair_files("ana.txt", "ben.txt")
    assert [d.team for d in batch.decks] == ["ana.txt + ben.txt"] * 2
    assert [r.team for r in batch.reports] == ["ana.txt + ben.txt"] * 2
    batch.check_teams(None)  # not a team format: nothing checked
    assert [v.code for v in batch.reports[0].violations] == ["RB101"]
    batch.check_teams(2)
    # ... errors without a line first, by code: RB101 before the team rules
    assert [v.code for v in batch.reports[0].violations] == ["RB101", "RB701", "RB702", "RB702", "RB702"]


# ----------------------------------------------------------------------------- --select / --ignore
MAIN_DECK = {"RB101", "RB102", "RB103", "RB104", "RB105", "RB106", "RB107", "RB108"}
CHAMPION = {"RB211", "RB212", "RB213", "RB214", "RB215"}
TEAM = {"RB701", "RB702", "RB703"}
EVERY = {"RB001", "RB002", "RB003", "RB004", "RB005", "RB006", *MAIN_DECK, "RB201", "RB202", "RB203", *CHAMPION,
         "RB301", "RB302", "RB303", "RB401", "RB402", "RB403", "RB404", "RB405", "RB501", "RB502", "RB503",
         "RB601", "RB602", *TEAM}


@pytest.mark.parametrize("select, ignore, codes", [
    ((), (), EVERY),
    (("ALL",), (), EVERY),
    ((" all ",), (), EVERY),
    (("RB1",), (), MAIN_DECK),
    (("rb21",), (), CHAMPION),
    ((" RB103 ",), (), {"RB103"}),
    (("copy-limit",), (), {"RB103"}),
    (("Copy-Limit", "RB6"), (), {"RB103", "RB601", "RB602"}),
    (("RB1",), ("RB103", "signature-with-sideboard"), MAIN_DECK - {"RB103", "RB107"}),
    ((), ("RB2",), EVERY - CHAMPION - {"RB201", "RB202", "RB203"}),
    ((), ("ALL",), set()),
    (("RB7",), ("team-size",), {"RB701", "RB702"}),
    ((), ("RB703",), EVERY - {"RB703"}),
    (("RB101",), ("RB1",), set()),
])
def test_selectors_choose_codes_prefixes_and_names(select, ignore, codes):
    chosen = RuleSelection(select, ignore)
    assert chosen.codes == codes
    assert chosen.everything is (codes == EVERY)
    assert all(chosen.allows(c) is (c in codes) for c in EVERY)
    assert (chosen.select, chosen.ignore) == (tuple(select), tuple(ignore))


@pytest.mark.parametrize("option, selector, message", [
    ("select", "RB9", "select: no rule code starts with 'RB9' ('deckcheck rules' lists them; "
                        "prefixes such as RB1 select a group)"),
    ("ignore", "RB6O1", "ignore: no rule code starts with 'RB6O1'; did you mean RB601 or RB701? "
                          "('deckcheck rules' lists them; prefixes such as RB1 select a group)"),
    ("select", "copy-limits", "select: no rule code starts with 'copy-limits'; did you mean copy-limit? "
                                "('deckcheck rules' lists them; prefixes such as RB1 select a group)"),
])
def test_a_selector_that_matches_no_rule_is_an_error(option, selector, message):
    args = ((selector,), ()) if option == "select" else (("RB1",), (selector,))
    with pytest.raises(DeckcheckError) as err:
        RuleSelection(*args)
    assert str(err.value) == message


def test_apply_keeps_the_selected_rules_violations_and_the_verdict_follows():
    broken = deck(change(flat(ORNN), OGN_043=-1, OGN_004=1, OGN_104=-1, OGN_110=1), champion=ORNN_CHAMPION)
    assert sorted(v.code for v in check(broken).violations) == ["RB108", "RB601"]
    kept = RuleSelection((), ("RB6",)).apply(check(broken))
    assert [v.code for v in kept.violations] == ["RB108"] and not kept.legal
    none_left = RuleSelection(("RB6",), ("banned-card",)).apply(check(broken))
    assert none_left.violations == [] and none_left.legal
    report = check(broken)
    same = list(report.violations)
    assert RuleSelection().apply(report) is report and report.violations == same


def test_ignoring_a_deck_rule_keeps_the_team_rules_of_a_2v2_batch():
    ana = entry(ORNN, ORNN_CHAMPION, name="ana.txt", player="Ana", team="T")
    ben = entry(RENGAR, RENGAR_CHAMPION, name="ben.txt", player="Ben", team="T")
    check_teams([ana, ben])
    kept = RuleSelection((), ("RB101", "RB701")).apply(ana[1])
    assert [(v.code, v.card) for v in kept.violations] == [("RB702", "Seat of Power")]
    assert [v.code for v in RuleSelection((), ("RB7",)).apply(ben[1]).violations] == []


def test_every_selector_is_checked_even_after_all():
    with pytest.raises(DeckcheckError) as err:
        RuleSelection(("ALL", "RB9"), ())
    assert str(err.value).startswith("select: no rule code starts with 'RB9'")
    with pytest.raises(DeckcheckError) as err:
        RuleSelection((), ("all", "copy-limits"))
    assert str(err.value).startswith("ignore: no rule code starts with 'copy-limits'; did you mean copy-limit?")


def test_a_name_close_to_several_rules_suggests_the_two_closest():
    # signature-tag, signature-limit and champion-signature are all close to 'signature'
    with pytest.raises(DeckcheckError) as err:
        RuleSelection(("signature",), ())
    assert str(err.value) == ("select: no rule code starts with 'signature'; did you mean signature-tag or "
                                 "signature-limit? ('deckcheck rules' lists them; prefixes such as RB1 select a group)")
