"""Decklists written in Simplified Chinese: the 32 real lists written out with the official Chinese
names, in the dialects the text reader knows, mixed with English names, with Traditional characters,
full-width digits and typos. Each must come out as its English original does.

The Chinese names are taken from the bundled names file as data (each printing's name and subtitle),
not from deckcheck's own Chinese name index; a few are pinned below, checked by hand against the
official Chinese catalog dump they come from.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from conftest import REPO, real_decks
from deckcheck.decks import text
from deckcheck.decks.load import read_text
from deckcheck.decks.model import RawDeck, RawEntry, Severity, Zone
from deckcheck.decks.resolve import resolve_deck
from deckcheck.rules import check_deck

AS_OF = "2026-11-30"
NAMES = json.loads((REPO / "card_data" / "names-zh.json").read_text(encoding="utf-8"))
ROWS = NAMES["names"]  # printing id -> [name, subtitle, source]
#: Traditional form -> Simplified character, turned round: a Simplified character -> a Traditional form.
TRADITIONAL = {s: t for t, s in sorted(NAMES["traditional"].items())}
#: Checked by hand against the official Chinese catalog (name and subtitle as it prints them).
HAND_CHECKED = {
    "OGN-004": ("Cleave", "顺劈"),
    "OGN-202": ("Jinx, Rebel", "金克丝·反抗者"),
    "OGN-030": ("Jinx, Demolitionist", "金克丝·爆破狂人"),
    "OGN-251": ("Jinx, Loose Cannon", "暴走萝莉"),
    "OGN-007": ("Fury Rune", "炽烈符文"),
    "OGN-166": ("Chaos Rune", "混沌符文"),
    "OGN-126": ("Body Rune", "摧破符文"),
    "OGN-169": ("Gust", "罡风"),
    "OGN-173": ("Ride the Wind", "驭风而行"),
    "OGN-213": ("Hidden Blade", "暗刃"),
    "OGN-095": ("Stupefy", "“敲”诈"),
    "SFD-090": ("The Zero Drive", "Z型驱动"),
    "SFD-189": ("Ornn, Fire Below the Mountain", "山隐之焰"),
}


def chinese(card, db, sep: str = "·") -> str | None:
    """The card's Chinese name as the data prints it (name, separator, subtitle); None when the data
    has none, or only one without the subtitle that other cards share (a list must then use English)."""
    rows = [ROWS[p.id] for p in db.printings_of(card.name) if p.id in ROWS]
    if not rows:
        return None
    name, sub, _ = max(rows, key=lambda r: r[1] is not None)
    if sub is None and ", " in card.name and card.type.value != "Legend":
        return None  # the subtitle is not known: '阿卡丽' alone names several Akalis
    return name if sub is None else f"{name}{sep}{sub}"


def english_deck(db, d: dict):
    """The real list resolved from its ids, its Chosen Champion named where several could be it."""
    raw = RawDeck(reader="flat", entries=[RawEntry(cid, n) for cid, n in d["cards"].items()])
    deck = resolve_deck(raw, db)
    if deck.champion is None:
        named = [p.suggestions[0] for p in deck.problems if p.suggestions]
        if named:
            deck = resolve_deck(raw, db, champion=named[0])
    return deck


def sections(deck):
    """(card, count) per section, the champion apart from its other copies."""
    champion = deck.champion.card if deck.champion else None
    main = [(e.card, e.count - (1 if champion and e.card.name == champion.name else 0)) for e in deck.main]
    return {"legend": [(deck.legend.card, 1)], "champion": [(champion, 1)] if champion else [],
            "main": [(c, n) for c, n in main if n], "battlefields": [(e.card, e.count) for e in deck.battlefields],
            "runes": [(e.card, e.count) for e in deck.runes]}


ZH_HEADERS = {"legend": "传奇：", "champion": "选定英雄：", "main": "主卡组：", "battlefields": "战场：", "runes": "符文："}
EN_HEADERS = {"legend": "Legend:", "champion": "Champion:", "main": "MainDeck:", "battlefields": "Battlefields:",
              "runes": "Runes:"}


def write_zh(deck, db, line=lambda name, n: f"{n} {name}", header=ZH_HEADERS.get, name=chinese) -> str:
    out = []
    for key, cards in sections(deck).items():
        out.append(header(key))
        out += [line(name(card, db) or card.name, n) for card, n in cards]
    return "\n".join(out) + "\n"


def outcome(deck, day: str = AS_OF):
    """What a player sees: cards per zone, the champion, unknown lines, and the check's verdict and codes."""
    zones = {z.value: Counter() for z in (Zone.LEGEND, Zone.MAIN, Zone.BATTLEFIELDS, Zone.RUNES, Zone.SIDEBOARD)}
    for z in (Zone.LEGEND, Zone.MAIN, Zone.BATTLEFIELDS, Zone.RUNES, Zone.SIDEBOARD):
        for e in deck.zone(z):
            zones[z.value][e.card.name] += e.count
    report = check_deck(deck, format="standard", as_of=day)
    return (zones, deck.champion.card.name if deck.champion else None, [u.reason for u in deck.unknown],
            report.verdict, sorted(v.code for v in report.violations))


def write_en(deck, db, line=lambda name, n: f"{n} {name}") -> str:
    """The English original: the same layout with the English names and headers."""
    return write_zh(deck, db, line, EN_HEADERS.get, name=lambda card, db: None)


def read(written: str, db):
    return resolve_deck(read_text(written, source="zh.txt"), db)


def complaints(deck) -> list[str]:
    return [p.message for p in deck.problems if p.severity is not Severity.INFO]


DECKS = real_decks()


def test_the_hand_checked_names_are_the_datas():
    from deckcheck.cards import load_cards

    db = load_cards()
    for cid, (english, written) in HAND_CHECKED.items():
        card = db.get(cid)
        assert card.name == english and chinese(card, db) == written
        assert db.find(written).card.name == english


@pytest.mark.parametrize("d", DECKS, ids=[d["slug"][:40] for d in DECKS])
def test_every_real_list_written_in_chinese_comes_out_as_in_english(db, d):
    english = english_deck(db, d)
    want = outcome(read(write_en(english, db), db), d["date"])
    written = write_zh(english, db)
    deck = read(written, db)
    assert complaints(deck) == [], written
    assert outcome(deck, d["date"]) == want, written
    assert sum(1 for ch in written if "\u4e00" <= ch <= "\u9fff") > 100  # written in Chinese indeed


SHAPES = {
    "3x name": dict(line=lambda name, n: f"{n}x {name}"),
    "name x3": dict(line=lambda name, n: f"{name} x{n}"),
    "name×3": dict(line=lambda name, n: f"{name}×{n}"),
    "3张 name": dict(line=lambda name, n: f"{n}张 {name}"),
    "name 3张": dict(line=lambda name, n: f"{name} {n}张"),
    "full-width digits and ×": dict(line=lambda name, n: f"{chr(0xFF10 + n) if n < 10 else n}× {name}"),
    "== headers ==": dict(header=lambda key: f"== {ZH_HEADERS[key].rstrip('：')} =="),
    "【headers】": dict(header=lambda key: f"【{ZH_HEADERS[key].rstrip('：')}】"),
    "headers with counts": dict(header=lambda key: f"{ZH_HEADERS[key].rstrip('：')}（{3 if key == 'battlefields' else 1}张）："),
    "英雄 for the champion": dict(header=lambda key: "英雄：" if key == "champion" else ZH_HEADERS[key]),
    "name, subtitle with a comma": dict(name=lambda card, db: chinese(card, db, sep="，")),
    "name and subtitle with a space": dict(name=lambda card, db: chinese(card, db, sep=" ")),
    "Traditional characters": dict(
        name=lambda card, db: "".join(TRADITIONAL.get(ch, ch) for ch in chinese(card, db) or card.name)),
    "mixed Chinese and English": dict(
        name=lambda card, db: chinese(card, db) if hash(card.name) % 2 and card.type.value != "Legend" else card.name),
}
SHAPED = [d for d in DECKS if d["tournament"]][:4]


@pytest.mark.parametrize("shape", SHAPES, ids=list(SHAPES))
def test_chinese_lists_in_every_dialect(db, shape):
    for d in SHAPED:
        english = english_deck(db, d)
        written = write_zh(english, db, **SHAPES[shape])
        deck = read(written, db)
        assert complaints(deck) == [], written
        assert outcome(deck) == outcome(read(write_en(english, db), db)), written


def test_a_headerless_chinese_list_read_by_its_groups(db):
    english = english_deck(db, SHAPED[0])
    groups = ["\n".join(f"{n} {chinese(c, db) or c.name}" for c, n in cards) for cards in sections(english).values()]
    deck = read("\n\n".join(groups) + "\n", db)
    assert outcome(deck) == outcome(read(write_en(english, db), db))


def test_the_report_keeps_the_chinese_name_beside_the_english_one(db):
    english = english_deck(db, SHAPED[0])
    card, count = sections(english)["main"][0]
    written = write_zh(english, db).replace(f"{count} {chinese(card, db)}\n", f"{count + 3} {chinese(card, db)}\n", 1)
    deck = read(written, db)
    report = check_deck(deck, format="standard", as_of=AS_OF)
    assert (card.name, chinese(card, db)) in {(v.card, v.written) for v in report.violations}
    assert (report.legend, report.legend_written) == (english.legend.card.name, chinese(english.legend.card, db))


@pytest.mark.parametrize("d", SHAPED, ids=[d["slug"][:40] for d in SHAPED])
def test_a_typo_in_a_chinese_name_is_as_illegal_as_one_in_english(db, d):
    english = english_deck(db, d)
    card = next(c for c, _ in sections(english)["main"] if len(chinese(c, db) or "") >= 3)
    right = chinese(card, db)
    typo = right[:-1] + ("口" if right[-1] != "口" else "日")  # the last character mistyped
    deck = read(write_zh(english, db, name=lambda c, db: typo if c is card else chinese(c, db)), db)
    assert [u.text for u in deck.unknown] == [typo]
    assert right in deck.unknown[0].suggestions
    misspelt = write_en(english, db).replace(f" {card.name}\n", f" {card.name[:-1]}q\n", 1)
    english_typo = read(misspelt, db)
    assert outcome(deck)[3:] == outcome(english_typo)[3:] == ("illegal", outcome(english_typo)[4])


def test_a_chinese_name_several_cards_share_is_ambiguous_never_matched(db):
    """Two Vendetta Akalis have one Chinese name in the data (the subtitle is not known): the name
    alone must be reported as ambiguous, as 'Akali' alone is."""
    akalis = {db.get(cid).name for cid, (name, sub, _) in ROWS.items() if name == "阿卡丽" and sub is None}
    assert len(akalis) >= 2
    hit = db.find("阿卡丽")
    assert hit.kind == "ambiguous" and akalis <= set(hit.suggestions)
    deck = read("传奇：\n1 暴走萝莉\n主卡组：\n3 阿卡丽\n", db)
    assert [u.reason for u in deck.unknown] == ["ambiguous"]


def test_no_chinese_name_can_be_taken_for_an_english_one(db):
    """Every Chinese name holds a Chinese character, so none is ever an English name of another card."""
    from deckcheck.cards.chinese import has_han

    assert all(has_han(name) for name, _, _ in ROWS.values())


def test_a_chinese_list_reads_the_same_with_the_lines_of_its_batch_remembered(db):
    english = english_deck(db, SHAPED[1])
    written = "# 中文卡组\n" + write_zh(english, db)
    memory = text.ReadMemory()
    first = text.read(written, "zh.txt", memory)
    again = text.read(written, "zh.txt", memory)  # every line now remembered
    assert first.name == again.name == "中文卡组" and not first.problems
    assert [(e.text, e.count, e.card_id, e.zone, e.line) for e in first.entries] == [
        (e.text, e.count, e.card_id, e.zone, e.line) for e in again.entries]


def test_every_chinese_name_reads_as_written():
    names = sorted({name if sub is None else f"{name}·{sub}" for name, sub, _ in ROWS.values()})
    written = "主卡组：\n" + "".join(f"{i % 3 + 1} {name}\n" for i, name in enumerate(names))
    general = text.read(written, "zh.txt", text.ReadMemory())
    assert not general.problems
    assert [(e.text, e.count) for e in general.entries] == [(name, i % 3 + 1) for i, name in enumerate(names)]


def test_the_quick_way_and_the_general_reader_read_a_chinese_list_alike(db):
    english = english_deck(db, SHAPED[1])
    written = "# 中文卡组\n" + write_zh(english, db)
    memory = text.ReadMemory()  # the general reader then meets the lines the quick way has read
    quick = text.quick_rows(written, "zh.txt", memory)
    assert quick is not None  # the common Chinese list takes the quick way
    title, rows = quick
    general = text.read(written, "zh.txt", memory)
    assert title == general.name == "中文卡组"
    assert [(known, line) for _, section in rows for known, line in section] == [
        ((e.text, e.count, e.card_id), e.line) for e in general.entries]


def test_every_chinese_name_reads_the_same_the_quick_way_and_the_general_way():
    names = sorted({name if sub is None else f"{name}·{sub}" for name, sub, _ in ROWS.values()})
    assert [n for n in names if "：" in n] == ["指令：攻击"]  # a colon: read the general way (a key: value?)
    names = [n for n in names if "：" not in n]
    written = "主卡组：\n" + "".join(f"{i % 3 + 1} {name}\n" for i, name in enumerate(names))
    memory = text.ReadMemory()
    title, rows = text.quick_rows(written, "zh.txt", memory)
    general = text.read(written, "zh.txt", memory)
    assert not general.problems
    assert [(known, line) for _, section in rows for known, line in section] == [
        ((e.text, e.count, e.card_id), e.line) for e in general.entries]


def test_a_chinese_line_with_an_id_comment_reads_alike_both_ways(db):
    written = "传奇：\n1 暴走萝莉\n主卡组：\n1 薇古丝·冷眼旁观 # UNL-150a\n2 顺劈\n"
    memory = text.ReadMemory()
    title, rows = text.quick_rows(written, "zh.txt", memory)
    assert [known for _, section in rows for known, _ in section][1:] == [
        ("薇古丝·冷眼旁观", 1, "UNL-150a"), ("顺劈", 2, None)]
    assert [(e.text, e.count, e.card_id) for e in text.read(written, "zh.txt", memory).entries][1:] == [
        ("薇古丝·冷眼旁观", 1, "UNL-150a"), ("顺劈", 2, None)]
    deck = read(written, db)
    assert [(e.card.id, e.written) for e in deck.main][0] == ("UNL-150a", "UNL-150a") and not complaints(deck)


def test_a_section_settles_a_short_chinese_name_as_it_does_an_english_one(db):
    deck = read("传奇：\n1 金克丝\n选定英雄：\n1 金克丝·反抗者\n符文：\n6 炽烈\n6 混沌\n", db)
    assert deck.legend.card.name == "Jinx, Loose Cannon"
    assert {e.card.name: e.count for e in deck.runes} == {"Fury Rune": 6, "Chaos Rune": 6}
    assert not deck.unknown
