"""``fix_deck`` on the samples, the statuses it gives, the judge's deck check (TR 703.3), the corrected
list in the input's own format, and a registration export fixed row by row."""

from __future__ import annotations

import difflib
from dataclasses import replace
from datetime import date

import pytest

from conftest import REPO
from deckcheck.cards import load_cards
from deckcheck.decks import deckcode
from deckcheck.decks.load import load_deck, read_text
from deckcheck.decks.resolve import resolve_deck
from deckcheck.repair import ALREADY_LEGAL, CANNOT, FIXED, UNVERIFIED, fix_deck
from deckcheck.repair.batch import corrected_export, fix_export, fix_text
from deckcheck.repair.context import FixContext
from deckcheck.repair.listing import signature
from deckcheck.rules import check_deck

from .helpers import add, cut, legal_real_decks

DB = load_cards()
DAY = date(2026, 11, 30)
SAMPLES = REPO / "sample_decks"
KAISA = SAMPLES / "illegal-kaisa-too-many-copies.txt"


def _fix(path, **kw):
    return fix_deck(load_deck(str(path), DB), format="standard", as_of=DAY, cards=DB, **kw)


def test_the_broken_kaisa_sample_gets_three_changes_and_its_own_champion():
    fix = _fix(KAISA)
    assert fix.status == FIXED and fix.legal_after and fix.size == 3
    cut_ = {(c.card, c.code, c.reason) for c in fix.changes if c.delta < 0 and c.zone == "main"}
    assert cut_ == {("Cleave", "RB103", "4th copy"), ("Gust", "RB108", "Chaos, outside Fury and Mind")}
    # Darius is not a Kai'Sa champion: the deck's own Kai'Sa, Survivor is named, no card moves
    assert fix.champion == ("Darius, Trifarian", "Kai'Sa, Survivor")
    (added,) = [c for c in fix.changes if c.delta > 0 and c.zone == "main"]
    assert DB.by_name(added.card).type.value == "Spell" and DB.by_name(added.card).energy == 1  # as Gust


def test_a_banned_card_is_cut_with_its_ban_date():
    fix = _fix(SAMPLES / "illegal-annie-banned-stacked-deck.txt")
    assert ("main", "Stacked Deck", -2, "RB601", "banned since 2026-09-18") in {
        (c.zone, c.card, c.delta, c.code, c.reason) for c in fix.changes}
    assert fix.legal_after and fix.size == 4


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("legal-*")), ids=lambda p: p.name)
def test_a_legal_sample_is_already_legal(path):
    fix = _fix(path)
    assert fix.status == ALREADY_LEGAL and not fix.changes


def test_an_unverified_deck_is_not_fixed_but_names_the_cards_to_check():
    fix = _fix(SAMPLES / "unverified-ziggs-radiance-missing-cards.txt")
    assert fix.status == UNVERIFIED and not fix.changes and not fix.legal_after
    assert fix.check_by_hand == ["RAD-011", "RAD-094"]


def test_a_misspelt_card_cannot_be_fixed_from_the_list():
    text = KAISA.read_text().replace("3 Hextech Ray", "3 Hextek Rayz")
    deck = resolve_deck(read_text(text, source="typo.txt"), DB)
    fix = fix_deck(deck, format="standard", as_of=DAY, cards=DB)
    assert fix.status == CANNOT and fix.deck is None and not fix.changes
    assert any("Hextek Rayz" in r and r.startswith("line 14: ") for r in fix.reasons)


def test_no_legend_cannot_be_fixed():
    text = KAISA.read_text().replace("1 Kai'Sa, Daughter of the Void", "")
    fix = fix_deck(resolve_deck(read_text(text, source="x.txt"), DB), format="standard", as_of=DAY, cards=DB)
    assert fix.status == CANNOT and "no Champion Legend" in fix.reasons[0]


def test_a_missing_champion_is_named_from_the_deck_without_moving_a_card():
    d, deck, day = legal_real_decks(DB)[0]
    unnamed = replace(deck, champion=None)
    fix = fix_deck(unnamed, format="standard", as_of=day, cards=DB)
    assert fix.status == FIXED and fix.size == 0
    assert [c.zone for c in fix.changes] == ["champion"] and fix.changes[0].code == "RB211"
    assert fix.deck.champion.card.name in {e.card.name for e in deck.main}


# ---------------------------------------------------------------------------- the judge's deck check
def _planted(deck, day):
    """The registered deck with a difference planted in three zones, and the differences."""
    d = deck
    main = next(e.card for e in d.main if e.count >= 2 and e.card.name != d.champion.card.name)
    rune = d.runes[0].card
    other_rune = next(e.card for e in d.runes if e.card.name != rune.name)
    extra = next(e.card for e in d.main if e.count == 1)
    shown = add(add(cut(cut(d, "main", main.name), "runes", rune.name), "runes", other_rune), "main", extra)
    planted = {("main", main.name, -1), ("main", extra.name, 1), ("runes", rune.name, -1),
               ("runes", other_rune.name, 1)}
    ctx = FixContext(DB, "standard", day)
    gone = d.battlefields[0].card
    held = {e.card.name for e in d.battlefields}
    new_bf = next(c for c, f in ctx.battlefield_pool() if c.name not in held)
    side = next(e.card for e in d.main if e.count == 1 and e.card.name != d.champion.card.name)
    shown = add(add(cut(shown, "battlefields", gone.name), "battlefields", new_bf), "sideboard", side)
    planted |= {("battlefields", gone.name, -1), ("battlefields", new_bf.name, 1), ("sideboard", side.name, 1)}
    return shown, planted


@pytest.mark.parametrize("i", range(4))
def test_a_deck_check_finds_every_planted_difference_and_matches_a_legal_deck(i):
    d, deck, day = legal_real_decks(DB)[i]
    shown, planted = _planted(deck, day)
    assert check_deck(shown, "standard", day, cards=DB).legal
    fix = fix_deck(deck, format="standard", as_of=day, cards=DB, presented=shown)
    found = {(x.zone, x.card, x.count) for x in fix.deck_check.differences}
    assert found == planted
    assert fix.deck_check.presented_legal and fix.deck_check.rule == "TR 703.3"
    assert fix.status == FIXED and fix.legal_after
    assert signature(fix.deck) == signature(shown)  # the list now matches the deck


def test_an_illegal_presented_deck_leaves_the_smallest_change_to_the_list():
    fix_list = load_deck(str(KAISA), DB)
    shown = add(fix_list, "main", DB.by_name("Fight or Flight"))
    fix = fix_deck(fix_list, format="standard", as_of=DAY, cards=DB, presented=shown)
    assert {(x.zone, x.card, x.count) for x in fix.deck_check.differences} == {("main", "Fight or Flight", 1)}
    assert not fix.deck_check.presented_legal
    assert fix.status == FIXED and fix.size == 3 and "Fight or Flight" not in {c.card for c in fix.changes}


def test_a_legal_list_stands_against_an_illegal_deck():
    d, deck, day = legal_real_decks(DB)[0]
    shown = add(deck, "main", deck.main[0].card)
    fix = fix_deck(deck, format="standard", as_of=day, cards=DB, presented=shown)
    assert fix.status == ALREADY_LEGAL and not fix.changes
    assert len(fix.deck_check.differences) == 1


# ---------------------------------------------------------------------------- the list in its own format
def test_a_text_list_keeps_its_lines_and_only_the_changed_ones_differ():
    ctx = FixContext(DB, "standard", DAY)
    original = KAISA.read_text()
    result = fix_text(original, str(KAISA), ctx)
    assert result.notes == []
    changed = [line for line in difflib.ndiff(original.splitlines(), result.corrected.splitlines())
               if line[:1] in "+-"]
    assert sorted(changed) == sorted([
        "- 1 Darius, Trifarian", "+ 1 Kai'Sa, Survivor",  # the Champion: line
        "- 4 Cleave", "+ 3 Cleave", "- 2 Darius, Trifarian", "+ 3 Darius, Trifarian",
        "- 2 Kai'Sa, Survivor", "+ 1 Kai'Sa, Survivor", "- 1 Gust",
        f"+ 1 {[c.card for c in result.fix.changes if c.delta > 0 and c.zone == 'main'][0]}"])
    again = resolve_deck(read_text(result.corrected, source="fixed.txt"), DB)
    assert check_deck(again, "standard", DAY, cards=DB).legal


@pytest.mark.parametrize("shape", ["{n}x {name}", "{name} x{n}", "- {n} {name}"])
def test_a_pasted_dialect_is_kept(shape):
    ctx = FixContext(DB, "standard", DAY)
    lines = []
    for line in KAISA.read_text().splitlines():
        head, _, name = line.partition(" ")
        lines.append(shape.format(n=head, name=name) if head.isdigit() else line)
    result = fix_text("\n".join(lines) + "\n", "pasted.txt", ctx)
    assert result.notes == [] and result.fix.legal_after
    assert shape.format(n=3, name="Cleave") in result.corrected.splitlines()
    again = resolve_deck(read_text(result.corrected, source="fixed.txt"), DB)
    assert check_deck(again, "standard", DAY, cards=DB).legal


def test_a_deck_code_stays_a_code():
    ctx = FixContext(DB, "standard", DAY)
    broken = load_deck(str(KAISA), DB)
    code = deckcode.write(broken).strip()
    result = fix_text(code, "<code>", ctx)
    assert result.fix.status == FIXED
    assert deckcode.sniff(result.corrected.strip())
    again = resolve_deck(read_text(result.corrected.strip(), source="<code>"), DB)
    assert check_deck(again, "standard", DAY, cards=DB).legal


def test_a_registration_export_is_fixed_row_by_row(tmp_path):
    path = str(SAMPLES / "registrations" / "registrations.csv")
    day = date(2026, 12, 5)
    ctx = FixContext(DB, "standard", day)
    export, results = fix_export(path, ctx)
    assert [r.row for r in results] == [r.row for r in export.registrations]
    for r in results:
        if r.error is not None:
            continue
        verdict = r.fix.before.verdict
        assert (r.fix.status == ALREADY_LEGAL) == (verdict == "legal")
        if r.fix.status == FIXED:
            assert r.fix.legal_after and r.corrected
    assert sum(r.error is not None for r in results) == 2
    fixed_csv = tmp_path / "fixed.csv"
    fixed_csv.write_bytes(corrected_export(export, results))
    _, again = fix_export(str(fixed_csv), ctx)
    for before, after in zip(results, again):
        assert before.row == after.row and before.player == after.player
        if before.fix is not None and before.fix.status in (FIXED, ALREADY_LEGAL):
            assert after.fix.status == ALREADY_LEGAL, after.source


@pytest.mark.parametrize("fmt", ["text", "code", "tts", "pixelborn", "yaml", "json"])
def test_every_written_format_is_fixed_into_itself(fmt):
    from deckcheck.decks.load import detect_format, write_deck

    d, deck, day = legal_real_decks(DB)[2]
    ctx = FixContext(DB, "standard", day)
    broken = add(cut(deck, "runes", deck.runes[0].card.name), "main", DB.by_name("Fight or Flight"))
    written = write_deck(broken, fmt)
    result = fix_text(written, f"deck.{fmt}", ctx, fmt=fmt)
    assert result.fix.status == FIXED and result.fix.size == 2, result.fix.reasons
    assert result.notes == []
    if fmt in ("code", "tts", "pixelborn"):
        assert detect_format(result.corrected.strip()) == fmt
    again = resolve_deck(read_text(result.corrected, source="again", fmt=fmt), DB)
    assert signature(again) == signature(result.fix.deck)
    assert check_deck(again, "standard", day, cards=DB).legal


def test_an_event_battlefield_list_is_followed(tmp_path):
    event = tmp_path / "event.yaml"
    event.write_text("extends: standard\nname: regional-qualifier\ntitle: A regional qualifier\nbattlefields:\n"
                     "  - Startipped Peak\n  - Zaun Warrens\n  - Seat of Power\n  - Vilemaw's Lair\n", encoding="utf-8")
    fix = fix_deck(load_deck(str(KAISA), DB), format=str(event), as_of=DAY, cards=DB)
    assert ("battlefields", "Grove of the God-Willow", -1, "RB405") in {
        (c.zone, c.card, c.delta, c.code) for c in fix.changes}
    (added,) = [c for c in fix.changes if c.zone == "battlefields" and c.delta > 0]
    assert {added.card, *added.candidates} == {"Seat of Power", "Zaun Warrens"}
    assert fix.legal_after and fix.size == 5


def test_an_unverified_list_with_other_problems_gets_them_fixed_and_stays_unverified():
    path = SAMPLES / "unverified-ziggs-radiance-missing-cards.txt"
    text = path.read_text(encoding="utf-8").replace("3 Amateur Demolitionist", "4 Amateur Demolitionist")
    fix = fix_deck(resolve_deck(read_text(text, source="z.txt"), DB), format="standard", as_of=DAY, cards=DB)
    assert fix.status == UNVERIFIED and not fix.legal_after
    assert [(c.card, c.delta, c.code) for c in fix.changes] == [("Amateur Demolitionist", -1, "RB103")]
    assert fix.after.verdict == "unverified" and fix.check_by_hand == ["RAD-011", "RAD-094"]


def test_a_deck_without_any_champion_unit_gets_one_added_inside_the_identity():
    d, deck, day = legal_real_decks(DB)[0]
    name = deck.champion.card.name
    gone = cut(replace(deck, champion=None), "main", name, 3)
    ctx = FixContext(DB, "standard", day)
    fix = fix_deck(gone, context=ctx)
    assert fix.status == FIXED and fix.legal_after
    champion = DB.by_name(fix.champion[1])
    assert champion.champion_tag == deck.legend.card.champion_tag
    assert not ctx.facts(champion).mask & ~ctx.facts(deck.legend.card).mask
    assert ("main", champion.name, 1) in {(c.zone, c.card, c.delta) for c in fix.changes}


def test_with_neeko_only_the_legends_over_her_three_are_cut():
    from deckcheck.repair.listing import corrected_list

    legends = ["Ekko, Boy Who Shattered Time", "Ziggs, Hexplosives Expert", "Jarvan IV, Exemplar of Demacia",
               "Mordekaiser, Iron Revenant"]
    text = (SAMPLES / "legal-evelynn-agonys-embrace-radiance.txt").read_text(encoding="utf-8")
    text = text.replace("1 Tideturner\n", "1 Neeko, Blending In\n") + "Additional Legends:\n" + "".join(
        f"1 {name}\n" for name in legends)
    day = date(2026, 11, 2)
    deck = resolve_deck(read_text(text, source="neeko.txt"), DB)
    fix = fix_deck(deck, format="standard", as_of=day, cards=DB)
    assert [(c.zone, c.card, c.delta, c.code) for c in fix.changes] == [
        ("additional_legends", "Mordekaiser, Iron Revenant", -1, "RB203")]
    assert fix.legal_after
    written, notes = corrected_list(fix.deck, text, "text", DB, deck)
    assert "Mordekaiser" not in written and "Jarvan IV, Exemplar of Demacia" in written
    without = text.replace("1 Neeko, Blending In\n", "1 Tideturner\n")
    fix = fix_deck(resolve_deck(read_text(without, source="x.txt"), DB), format="standard", as_of=day, cards=DB)
    assert {c.card for c in fix.changes} == set(legends) and fix.legal_after
