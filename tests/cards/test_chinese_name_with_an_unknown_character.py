"""A Chinese name with a character no card's name has is "no card named" (RB001), not an unreadable list."""

from __future__ import annotations

from cli.support import run_cli


def test_a_chinese_typo_with_a_character_no_card_has_is_rb001(tmp_path, capsys):
    deck = tmp_path / "zh.txt"
    deck.write_text("传奇:\n1 金克丝，暴走萝莉\n\n主卡组:\n3 顺劈齉\n", encoding="utf-8")
    ran = run_cli(capsys, "check", deck, "-o", "concise")
    assert ran.returncode == 1
    assert f"{deck}:5: RB001 没有名为“顺劈齉”的卡牌" in ran.stdout.splitlines()
    assert "unreadable" not in ran.stdout
