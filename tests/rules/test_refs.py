"""Rule numbers as cited on a date (the renumbering of the CR of 2026-10-09, in force from 2026-10-16,
RULES.md §9), and the registry's
look-up by code or name."""

from __future__ import annotations

from datetime import date

import pytest

from deckcheck.rules.refs import cite, cite_one, cite_text
from deckcheck.rules.registry import ERROR, get_rule, rule

BEFORE, ON, AFTER = date(2026, 10, 15), date(2026, 10, 16), date(2026, 10, 20)


@pytest.mark.parametrize("ref, renumbered", [
    ("CR 103.1", "CR 103.2"), ("CR 103.1.b.3", "CR 103.2.b.3"), ("CR 103.2.d.1", "CR 103.3.d.1"),
    ("CR 103.3.a.1", "CR 103.4.a.1"), ("CR 103.4.c", "CR 103.5.c"),
    ("CR 103.1.b.5", "CR 103.2.b.6"),  # the one number that also moved within its rule
    ("CR 485.4.a", "CR 487.4.a"), ("CR 489.8.h", "CR 491.8.h"), ("CR 472", "CR 474"), ("CR 472.2.b", "CR 474.2.b"),
    ("CR 485.4.a–489.4.a", "CR 487.4.a–491.4.a"), ("CR 133.4-133.6", "CR 133.4-133.6"),
    ("CR 103.5", "CR 103.5"), ("CR 484.1", "CR 484.1"), ("CR 490.1", "CR 490.1"), ("CR 825.3", "CR 825.3"),
    ("CR 1030.1", "CR 1030.1"), ("TR 103.1", "TR 103.1"), ("TR 601.1.c.3", "TR 601.1.c.3"),
])
def test_a_reference_on_both_sides_of_the_renumbering(ref, renumbered):
    assert cite_one(ref, BEFORE) == ref
    assert cite_one(ref, ON) == renumbered == cite_one(ref, AFTER)


def test_a_reference_new_on_2026_10_09_says_so_before_it():
    assert cite_one("CR* 103.1", BEFORE) == "CR 103.1 (of 2026-10-09)"
    assert cite_one("CR* 103.1", ON) == "CR 103.1"
    assert cite(("CR* 103.1", "TR 401.2.a", "CR 103.2.a"), AFTER) == "CR 103.1, TR 401.2.a, CR 103.3.a"
    assert cite((), AFTER) == ""


def test_prose_cites_the_numbers_of_its_date():
    text = ("The legend sets the identity (CR 103.1.b.2). See CR 103.2.a, 103.2.b.1 and TR 402.1; the modes "
            "(CR 485.4.a–489.4.a) and the win check CR 472. It was written down as 103.2.b.5.")
    assert cite_text(text, BEFORE) == text
    assert cite_text(text, AFTER) == (
        "The legend sets the identity (CR 103.2.b.2). See CR 103.3.a, 103.3.b.1 and TR 402.1; the modes "
        "(CR 487.4.a–491.4.a) and the win check CR 474. It was written down as 103.2.b.5.")
    assert cite_text("No rule numbers here: 103.1.", AFTER) == "No rule numbers here: 103.1."


@pytest.mark.parametrize("key", ["RB101", "rb101", " RB101 ", "main-deck-size", "Main-Deck-Size"])
def test_a_rule_by_code_or_name_in_any_case(key):
    found = get_rule(key)
    assert found is not None and (found.code, found.name) == ("RB101", "main-deck-size")


def test_no_rule_by_an_unknown_key():
    assert get_rule("RB999") is None and get_rule("main-deck") is None and get_rule("RB10") is None


@pytest.mark.parametrize("code, name", [("RB101", "some-new-rule"), ("RB998", "copy-limit")])
def test_a_code_or_name_registered_twice_is_refused(code, name):
    with pytest.raises(ValueError) as err:
        rule(code, name, severity=ERROR, refs=("TR 401.2",), summary="s", hint="h", example="e")(lambda t, out: None)
    assert str(err.value) == f"rule {code} {name} is registered twice"
    assert get_rule("RB998") is None and get_rule("some-new-rule") is None


# ----------------------------------------------------------------------------- wording helpers of the messages
@pytest.mark.parametrize("word, said", [
    ("unit", "a unit"), ("Unique card", "a Unique card"), ("one-of", "a one-of"), ("use", "a use"),
    ("usual", "a usual"), ("utility", "a utility"), ("once-per-turn", "a once-per-turn"), ("euro", "a euro"),
    ("equipment", "an equipment"), ("Equipment", "an Equipment"), ("Ancient", "an Ancient"), ("item", "an item"),
    ("order", "an order"), ("hour", "an hour"), ("honest", "an honest"), ("Honor", "an Honor"),
    ("honour", "an honour"), ("gear", "a gear"), ("legend", "a legend"), ("house", "a house"),
])
def test_the_article_goes_by_the_sound(word, said):
    from deckcheck.rules.checks.common import a_or_an

    assert a_or_an(word) == said


def test_plural_and_domain_words():
    from deckcheck.cards.model import Domain
    from deckcheck.rules.checks.common import plural
    from deckcheck.rules.facts import domain_words, mask_of

    assert (plural(0, "card"), plural(1, "card"), plural(2, "card")) == ("0 cards", "1 card", "2 cards")
    assert (plural(1, "copy", "copies"), plural(3, "copy", "copies")) == ("1 copy", "3 copies")
    assert domain_words(0) == "no domain"
    assert domain_words(mask_of((Domain.CHAOS, Domain.FURY))) == "Fury and Chaos"  # in the rules' order
    assert domain_words(mask_of((Domain.MIND, Domain.CALM, Domain.BODY))) == "Calm, Mind and Body"


def test_prose_is_renumbered_from_the_day_of_the_renumbering():
    text = "The legend sets the identity (CR 103.1.b.2); the win check is CR 472."
    assert cite_text(text, BEFORE) == text
    assert cite_text(text, ON) == "The legend sets the identity (CR 103.2.b.2); the win check is CR 474."


def test_a_new_rule_is_registered_with_its_words_and_its_docstring_as_explanation():
    from deckcheck.rules.registry import RULES, WARNING

    def check(t, out):
        """First line of the explanation,
        second line.

        A second paragraph."""

    def bare(t, out):
        pass

    def only_standard(spec):
        return spec.name == "standard"

    try:
        made = rule("RB998", "test-only-rule", severity=WARNING, refs=("TR 401.2", "CR 103.1"),
                    summary="a summary", hint="a hint", example="an example", applies=only_standard)(check)
        plain = rule("RB997", "test-only-bare", severity=ERROR, refs=("TR 401.2",),
                     summary="the summary stands in", hint="h", example="e")(bare)
        assert (made.code, made.name, made.severity, made.refs, made.summary, made.hint, made.example) == (
            "RB998", "test-only-rule", WARNING, ("TR 401.2", "CR 103.1"), "a summary", "a hint", "an example")
        assert made.explanation == "First line of the explanation,\nsecond line.\n\nA second paragraph."
        assert made.check is check and made.applies is only_standard
        assert get_rule("test-only-rule") is made and get_rule("rb998") is made
        assert (plain.explanation, plain.applies, plain.check) == ("the summary stands in", None, bare)
    finally:
        RULES.pop("RB998", None)
        RULES.pop("RB997", None)
    assert get_rule("RB998") is None and get_rule("RB997") is None
