"""Official Chinese card names: imported with their sources, found however a player writes them."""

from __future__ import annotations

import json
import shutil

import pytest

from conftest import REPO
from deckcheck.cards import load_cards
from deckcheck.cards.lookup import Found, NotFound

NAMES = json.loads((REPO / "card_data" / "names-zh.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("written", ["金克丝·反抗者", "金克丝，反抗者", "金克丝 反抗者", "金克丝-反抗者", "金克丝反抗者",
                                     "金克絲·反抗者", "金克丝（反抗者）", " 金克丝 , 反抗者 "])
def test_a_full_name_in_any_spelling(db, written):
    hit = db.find(written)
    assert isinstance(hit, Found) and hit.card.name == "Jinx, Rebel"


def test_full_width_letters_and_traditional_characters_count_as_the_names():
    db = load_cards()
    assert db.find("Ｚ型驅動").card.name == "The Zero Drive"  # full-width Z, Traditional 驅 and 動
    assert db.find("隨從（諾克薩斯）").card.name == "Recruit"
    assert db.find("順劈").card.name == "Cleave"


def test_a_champions_name_alone_lists_its_cards_as_in_english(db):
    zh, en = db.find("金克丝"), db.find("Jinx")
    assert isinstance(zh, NotFound) and zh.kind == en.kind == "ambiguous"
    assert set(zh.suggestions) == set(en.suggestions) == {"Jinx, Demolitionist", "Jinx, Loose Cannon", "Jinx, Rebel"}
    assert "金克丝·反抗者 (Jinx, Rebel)" in zh.message and "暴走萝莉 (Jinx, Loose Cannon)" in zh.message


def test_a_legend_by_its_title_or_with_its_champion(db):
    for written in ("暴走萝莉", "金克丝·暴走萝莉", "暴走萝莉 金克丝"):
        assert db.find(written).card.name == "Jinx, Loose Cannon"


def test_a_chinese_name_is_written_only_where_it_reads_back_as_that_one_card(db):
    names = db.chinese()
    akali = db.by_name("Akali, Deadly Weapon")  # its only Chinese name is its champion's, 阿卡丽: four cards
    assert names.of(akali) == "阿卡丽" and names.name_for(akali) == "Akali, Deadly Weapon"
    assert names.name_for(db.by_name("Jinx, Rebel")) == "金克丝·反抗者"
    for name in db.names:
        written = names.name_for(db.by_name(name))
        hit = db.find(written)
        assert isinstance(hit, Found) and hit.card.name == name, (name, written)


def test_did_you_mean_goes_by_characters(db):
    hit = db.find("顺皮")
    assert hit.kind == "unknown-name" and hit.suggestions[0] == "顺劈"
    assert db.find("金克丝·反抗").kind == "unknown-name"
    assert "金克丝·反抗者" in db.find("金克丝·反抗").suggestions
    assert db.suggest("暴走罗莉")[0] == "暴走萝莉"


def test_search_matches_chinese_names_only_where_they_hold_the_text(db):
    found = {c.name for c in db.search("符文", types=["Rune"])}
    assert {"Fury Rune", "Calm Rune", "Mind Rune", "Body Rune", "Chaos Rune", "Order Rune"} <= found
    assert {c.name for c in db.search("金克丝")} == {"Jinx, Demolitionist", "Jinx, Loose Cannon", "Jinx, Rebel"}
    assert db.search("没有这张卡") == []


def test_the_recruit_tokens_keep_their_own_chinese_names(db):
    zh = db.chinese()
    own = {zh.of(p) for p in db.printings_of("Recruit")}
    assert {"随从", "随从（诺克萨斯）", "随从（祖安）", "随从（德玛西亚）"} <= own


def test_the_names_file_says_where_each_name_comes_from_and_what_is_missing(db):
    assert len(NAMES["names"]) == 1411
    for code, described in NAMES["sources"].items():
        assert described["source"] and described["as_of"][:4] == "2026", code
    assert {row[2] for row in NAMES["names"].values()} <= set(NAMES["sources"])
    missing = set(NAMES["missing"])
    assert len(missing) == 34 and {"Bomb", "Buff", "Riven, Broken Blade"} <= missing
    assert missing == {c.name for c in db} - {db.get(cid).name for cid in NAMES["names"]}
    assert db.chinese().display("Bomb") is None


def test_the_importer_writes_the_names_with_their_sources(tmp_path, db):
    from deckcheck.cards.importer import import_names_zh

    shutil.copy(REPO / "card_data" / "zh-reviewed.json", tmp_path)
    dump = tmp_path / "cn.json"
    dump.write_text(json.dumps({"names": {"OGN-004": {"name": " 顺劈 ", "subtitle": "", "src": "cn-catalog"}}}),
                    encoding="utf-8")
    result = import_names_zh(dump, tmp_path, list(db))
    written = json.loads((tmp_path / "names-zh.json").read_text(encoding="utf-8"))
    assert written["names"] == {"OGN-004": ["顺劈", None, "cn-catalog"]}
    assert written["sources"]["cn-catalog"]["as_of"] == "2026-05-28"
    assert "Cleave" not in result.missing and "Gust" in result.missing
    dump.write_text(json.dumps({"names": {"OGN-004": {"name": "顺劈", "subtitle": None, "src": "a guess"}}}),
                    encoding="utf-8")
    with pytest.raises(Exception, match="not described"):
        import_names_zh(dump, tmp_path, list(db))


def test_a_card_data_update_brings_chinese_names_for_a_new_set(tmp_path, monkeypatch, db):
    from deckcheck.cards.overlay import Fetched, apply_update, build_update, read_update, store_update

    monkeypatch.setenv("DECKCHECK_DATA_DIR", str(tmp_path))
    row = {"id": "XYZ-001", "set": "XYZ", "number": "001", "name": "Brand New Spell", "type": "Spell",
           "domains": ["Fury"], "energy": 1, "name_zh": "全新法术", "subtitle_zh": None}
    layer = build_update(Fetched(json.dumps([row]).encode(), "new.json", db.data_as_of), db)
    store_update(layer)
    updated = apply_update(db, read_update())
    assert updated.find("全新法术").card.id == "XYZ-001"
    assert updated.find("顺劈").card.name == "Cleave"  # the bundled names stay
