"""The command line with Chinese card names: show, convert and sheet in Chinese, and terminal widths."""

from __future__ import annotations


from rich.cells import cell_len

from conftest import REPO
from cli.support import run_cli

DECK = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"


def test_cards_show_by_a_chinese_name(capsys):
    shown = run_cli(capsys, "cards", "show", "金克丝·反抗者")
    assert shown.returncode == 0 and "Jinx, Rebel" in shown.stdout and "金克丝·反抗者" in shown.stdout
    several = run_cli(capsys, "cards", "show", "金克丝")
    assert several.returncode == 2 and "could be any of 3 cards" in several.stderr
    typo = run_cli(capsys, "cards", "show", "顺皮")
    assert typo.returncode == 2 and "did you mean 顺劈" in typo.stderr


def test_convert_to_chinese_and_back_gives_the_same_deck_and_verdict(tmp_path, capsys):
    zh = run_cli(capsys, "convert", str(DECK), "--to", "text", "--lang", "zh")
    assert zh.returncode == 0, zh.stderr
    assert "传奇：\n1 暴走萝莉\n" in zh.stdout and "主卡组：" in zh.stdout and "Legend" not in zh.stdout
    written = tmp_path / "zh.txt"
    written.write_text(zh.stdout, encoding="utf-8")
    again = run_cli(capsys, "convert", str(written), "--to", "text")
    original = run_cli(capsys, "convert", str(DECK), "--to", "text")
    assert again.stdout == original.stdout
    checked = run_cli(capsys, "check", str(written), "-o", "json")
    assert checked.returncode == 0 and '"verdict": "legal"' in checked.stdout
    refused = run_cli(capsys, "convert", str(DECK), "--to", "code", "--lang", "zh")
    assert refused.returncode == 2 and "--lang zh" in refused.stderr


def test_the_sheet_in_chinese_names_the_cards_in_chinese(tmp_path, capsys):
    page = tmp_path / "sheets.html"
    made = run_cli(capsys, "sheet", str(DECK), "--lang", "zh", "-O", str(page))
    assert made.returncode == 0, made.stderr
    html = page.read_text(encoding="utf-8")
    assert "暴走萝莉" in html and "炽烈符文" in html and "Fury Rune" not in html
    english = run_cli(capsys, "sheet", str(DECK), "-O", str(tmp_path / "en.html"))
    assert english.returncode == 0 and "暴走萝莉" not in (tmp_path / "en.html").read_text(encoding="utf-8")


def test_a_report_of_a_chinese_list_in_english_shows_both_names(capsys):
    listed = "传奇：\n1 暴走萝莉\n主卡组：\n4 顺劈\n"
    checked = run_cli(capsys, "check", "-", "--lang", "en", stdin=listed)
    assert checked.returncode == 1
    assert "card: Cleave (顺劈)" in checked.stdout and "legend Jinx, Loose Cannon (暴走萝莉)" in checked.stdout
    chinese = run_cli(capsys, "check", "-", stdin=listed)  # its own language: Chinese, with the Chinese names
    assert "卡牌：顺劈" in chinese.stdout and "传奇 暴走萝莉" in chinese.stdout


def test_chinese_names_line_up_in_an_80_column_terminal(db):
    """A table of Chinese names fits 80 columns and every row has the same display width (a Chinese
    character takes two columns); a report line of 52 characters but 88 columns is wrapped."""
    import io

    from rich.console import Console

    from deckcheck.render.cards import card_table
    from deckcheck.render.text import _Hanging
    from rich.text import Text

    out = io.StringIO()
    console = Console(file=out, width=80, color_system=None, force_terminal=True)
    console.print(card_table(db.search("符文"), db, chinese=True))
    console.print(_Hanging(Text("    " + "金克丝·反抗者 " * 6)))  # 52 characters, 88 columns
    table, report = out.getvalue().split("\n")[1:-1], out.getvalue()
    rows = [line for line in table if line.startswith(("┃", "│", "┏", "└", "┡"))]
    assert rows and len({cell_len(line) for line in rows}) == 1
    wrapped = report.split("\n")[-3:-1]  # the report line, wrapped by its display width
    assert all(cell_len(line) <= 80 for line in wrapped)
    assert wrapped[1].startswith(" " * 10) and wrapped[1].strip()  # its continuation hangs under it


def test_cards_info_says_how_many_cards_have_a_chinese_name(capsys):
    shown = run_cli(capsys, "cards", "info")
    assert shown.returncode == 0 and "Chinese names: 1061 of 1095 cards" in shown.stdout
    as_json = run_cli(capsys, "cards", "info", "--json")
    assert '"Bomb"' in as_json.stdout and '"cn-catalog": "2026-05-28"' in as_json.stdout
