"""A list written in Chinese is answered in Chinese by every command that prints for people, and ``--lang zh``
answers an English list in Chinese: no English sentence is left. What may stay in Latin letters is what a
reader types or looks up as it is: rule codes and numbers (RB103, CR 103.2.b, TR 402.1), set codes, option
names and values (--seed, most-energy), paths, the program's name, and the English name of a card that has
no official Chinese name."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from cli.support import run_cli
from conftest import REPO
from deckcheck.rules.registry import all_rules

DAY = ("--as-of", "2026-11-30")
CHINESE = REPO / "tests" / "golden" / "inputs" / "chinese-kaisa.txt"
#: Words a Chinese answer keeps in Latin letters: identifiers a user types, units, the program, the names
#: of file formats and of a platform.
IDENTIFIERS = {"deckcheck", "DECK", "Pixelborn", "TTS", "YAML", "JSON", "UTF", "PNG", "none", "curve", "hunt", "most-energy", "costliest-first", "compare"}
#: What a reader types as it is: a strategy (--mulligan "hunt Cleave"), a command.
TYPED = ("hunt Cleave", "deckcheck castable", "deckcheck goldfish", "deckcheck fix", "deckcheck cards update SOURCE",
         "deckcheck cards show", "precon_exception: true")
#: A path, a file ending or a setting's key, as typed (card_data/formats/, card_data/precons.json, .yaml).
_PATHS = re.compile(r"[\w.-]*[/_][\w./-]*|(?<![\w.])\.[a-z]+")
_OPTION = re.compile(r"--[a-z][a-z-]*")
_CODES = re.compile(r"\b(?:RB\d{3}|[A-Z]{3}(?:-[A-Z0-9]+)?|[CT]R \S+)")
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]{2,}")


@pytest.fixture(scope="module")
def untranslated(db):
    """The English words left in ``text`` once the cards without a Chinese name, ``spared`` texts
    (paths), identifiers, options and codes are taken out."""
    zh = db.chinese()
    english_only = sorted({c.name for c in db.printings if zh.display(c.name) is None}, key=len, reverse=True)

    rule_names = {rule.name for rule in all_rules()}  # typed as they are: deckcheck rule copy-limit

    def left(text: str, *spared: str) -> list[str]:
        text = re.sub(r"<style>.*?</style>|<script>.*?</script>|<[^>]+>", " ", text, flags=re.S)
        text = html.unescape(text)
        for piece in [*spared, *TYPED, *english_only]:
            text = text.replace(piece, " ")
        text = _CODES.sub(" ", _OPTION.sub(" ", _PATHS.sub(" ", text)))
        return sorted({w for w in _WORD.findall(text) if w not in IDENTIFIERS and w not in rule_names})

    return left


@pytest.fixture
def chinese_list(tmp_path) -> Path:
    """The golden Chinese list, titled in Chinese, in a folder of its own."""
    body = CHINESE.read_text(encoding="utf-8").replace("# Kai'Sa Fury Mind (broken on purpose)", "# 卡莎 炽烈灵光（故意出错）")
    path = tmp_path / "卡莎.txt"
    path.write_text(body, encoding="utf-8")
    return path


def _answer(capsys, *args) -> str:
    ran = run_cli(capsys, *map(str, args))
    assert ran.returncode in (0, 1), ran.stderr
    return ran.stdout


@pytest.mark.parametrize("output", ["text", "concise", "markdown", "html"])
def test_check_answers_a_chinese_list_in_chinese(capsys, untranslated, chinese_list, output):
    shown = _answer(capsys, "check", chinese_list, *DAY, "-o", output)
    assert "顺劈有 4 张" in shown
    assert untranslated(shown, str(chinese_list)) == []


@pytest.mark.parametrize("output", ["text", "concise", "html"])
def test_why_an_input_is_unreadable_is_said_in_chinese(capsys, untranslated, chinese_list, output):
    """Beside a Chinese list, an empty file, a file of no format and a picture: each reason in Chinese."""
    folder = chinese_list.parent
    (folder / "空.txt").write_text("", encoding="utf-8")
    (folder / "随便.txt").write_text("这不是牌表\n随便写写\n", encoding="utf-8")
    (folder / "图.txt").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(40))
    ran = run_cli(capsys, "check", str(folder), *DAY, "-o", output)
    assert ran.returncode == 2 and "卡组是空的" in ran.stdout and "PNG" in ran.stdout
    assert untranslated(ran.stdout, str(folder), "空.txt", "随便.txt", "图.txt", "卡莎.txt") == [], ran.stdout


def test_fix_answers_a_chinese_list_in_chinese(capsys, untranslated, chinese_list):
    shown = _answer(capsys, "fix", chinese_list, *DAY)
    assert "修正" in shown or "更改" in shown
    assert untranslated(shown, str(chinese_list)) == []


@pytest.mark.parametrize("command", [
    ("goldfish", "--seed", "7"),
    ("odds", "--card", "顺劈", "--by-turn", "3"),
    ("odds", "--runes", "Fury:2", "--by-turn", "3"),
    ("odds", "--card", "顺劈", "--mulligan", "compare", "-n", "300", "--seed", "1"),
    ("simulate", "-n", "200", "--seed", "1", "-t", "4"),
    ("clock", "-n", "100", "--seed", "1"),
    ("clock", "-n", "50", "--seed", "1", "--policy", "compare"),
    ("castable",),
    ("castable", "--runes-compare"),
    ("castable", "--mulligan", "compare", "-n", "300", "--seed", "1"),
], ids=" ".join)
def test_the_goldfish_commands_answer_a_chinese_list_in_chinese(capsys, untranslated, chinese_list, command):
    name, *options = command
    shown = _answer(capsys, name, chinese_list, *options)
    assert untranslated(shown, str(chinese_list), "Fury:2") == []


@pytest.mark.parametrize("command", [("sheet",), ("report", "--seed", "7", "-n", "300")], ids=" ".join)
def test_the_pages_answer_a_chinese_list_in_chinese(capsys, untranslated, chinese_list, command):
    name, *options = command
    shown = _answer(capsys, name, chinese_list, *DAY, *options)
    assert 'lang="zh-Hans"' in shown
    assert untranslated(shown, str(chinese_list), chinese_list.name) == []


def test_diff_answers_two_chinese_lists_in_chinese(capsys, untranslated, chinese_list, tmp_path):
    other = tmp_path / "另一副.txt"
    other.write_text(chinese_list.read_text(encoding="utf-8").replace("4 顺劈", "3 顺劈"), encoding="utf-8")
    shown = _answer(capsys, "diff", chinese_list, other, "--sideboard-plan")
    assert "顺劈" in shown
    assert untranslated(shown, str(chinese_list), str(other)) == []


@pytest.mark.parametrize("command", [("rules",), ("rule", "RB103"), ("rule", "RB601"), ("formats",)], ids=" ".join)
def test_the_rules_and_formats_are_told_in_chinese(capsys, untranslated, command):
    from deckcheck.rules.precons import load_products

    shown = _answer(capsys, *command, *DAY, "--lang", "zh")
    assert untranslated(shown, *(product.name for product in load_products())) == []  # products keep their names


def test_lang_zh_answers_english_lists_in_chinese(capsys, untranslated):
    import json

    shown = _answer(capsys, "check", "sample_decks/", *DAY, "--lang", "zh")
    assert "已检查 13 副卡组" in shown
    decks = json.loads(_answer(capsys, "check", "sample_decks/", *DAY, "-o", "json"))
    users = [text for d in decks["decks"] for text in (d["source"], d["name"]) if text]  # paths and titles as written
    users += [s["source"] for s in decks["skipped"]]
    assert untranslated(shown, *sorted(users, key=len, reverse=True)) == []


def test_lang_en_answers_a_chinese_list_in_english(capsys, chinese_list):
    shown = _answer(capsys, "check", chinese_list, *DAY, "--lang", "en")
    assert "legend Kai'Sa, Daughter of the Void (虚空之女)" in shown
    assert "1 deck checked: 0 legal, 1 illegal" in shown


@pytest.mark.parametrize("command", [("cards", "search", "金克丝"), ("cards", "show", "暴走萝莉"),
                                     ("cards", "show", "Cleave", "--lang", "zh"),
                                     ("cards", "search", "--domain", "Fury", "--type", "Unit", "--lang", "zh")],
                         ids=" ".join)
def test_cards_asked_in_chinese_are_shown_in_chinese(capsys, untranslated, db, command):
    """Headings, types, supertypes, domains and costs in Chinese; what stays as the data writes it: the
    cards' English names (the search's other column), tags, each printing's variant and rarity, and the
    code of the source of a Chinese name."""
    shown = _answer(capsys, *command)
    assert "类型" in shown
    data = sorted({text for card in db.printings
                   for text in (card.name, *card.tags, card.variant or "", card.rarity or "") if text}
                  | set(db.chinese().data.sources), key=len, reverse=True)
    assert untranslated(shown, *data) == []


def test_a_search_in_chinese_that_finds_nothing_says_so_in_chinese(capsys):
    ran = run_cli(capsys, "cards", "search", "金克丝x")
    assert ran.returncode == 1
    assert ran.stdout.splitlines() == ["没有卡牌符合 '金克丝x'", "你是不是要找：金克丝·反抗者、暴走萝莉、金克丝·爆破狂人"]
