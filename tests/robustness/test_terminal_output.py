"""Player names, titles, file names and card names never reach a terminal or a CI log raw: no
escape sequence, and no line break that starts a workflow command."""

from __future__ import annotations

import shutil

import pytest

from conftest import REPO
from cli.support import run_cli

CODE = (REPO / "sample_decks" / "legal-kennen-chaos-order.code").read_text().strip()
HOSTILE = "x\x1b[2J\n::error file=a::pwned"


@pytest.mark.parametrize("output", ["text", "concise", "github", "markdown"])
def test_hostile_names_are_escaped_in_every_text_output(tmp_path, output, capsys):
    name = "regs\x1b]0;title\x07.csv"
    path = tmp_path / name
    bad_code = "CMAAA\x1b[31m"
    path.write_text("Player,Deck\n" + f'"{HOSTILE}",{CODE}\n' + f'"{HOSTILE}2",{bad_code}\n'
                    + f'"{HOSTILE}3",\n', encoding="utf-8")
    done = run_cli(capsys, "check", name, "--as-of", "2026-10-20", "-o", output, cwd=tmp_path)
    shown = done.stdout + done.stderr
    assert "\x1b" not in shown and "\x07" not in shown
    assert not any(line.startswith("::error file=a") for line in shown.splitlines())
    assert "pwned" in shown or output == "concise"  # the name is shown, escaped


# ---------------------------------------------------------------------------- every surface, not only check
#: An escape that clears the screen, a hyperlink and a window title (OSC), a right-to-left override,
#: a C1 control, and a line break that would start a GitHub Actions workflow command.
EVIL = "x\x1b[2J\x1b]8;;http://e\x07L\x1b]8;;\x07\x1b]0;title\x07\u202eevil\x9b31m\n::error file=a::pwned"


def nothing_raw(shown: str) -> bool:
    """No control or format character but line ends, and no line a CI runner would take as a command."""
    import unicodedata

    raw = [ch for ch in shown if unicodedata.category(ch) in ("Cc", "Cf") and ch not in "\n\r"]
    return not raw and not any(line.startswith("::error file=a") for line in shown.splitlines())


@pytest.fixture
def hostile(tmp_path):
    """A YAML deck named EVIL, an export whose players are EVIL (a legal row, an unreadable one, an
    illegal one) and a deck file whose name holds an escape and U+202E."""
    import csv
    import json

    rengar = (REPO / "sample_decks" / "legal-rengar-pridestalker.yaml").read_text(encoding="utf-8")
    title = next(line for line in rengar.splitlines() if line.startswith("name:"))
    (tmp_path / "deck.yaml").write_text(rengar.replace(title, "name: " + json.dumps(EVIL)), encoding="utf-8")
    with open(tmp_path / "regs.csv", "w", newline="", encoding="utf-8") as handle:
        rows = csv.writer(handle)
        rows.writerows([["Player", "Deck"], [EVIL, CODE], [EVIL + "2", "CMAAA"],
                        [EVIL + "3", "1 Cleave\n1 Stacked Deck"]])
    named = "h\x1b[31m\u202e.txt"
    (tmp_path / named).write_text((REPO / "sample_decks" / "legal-jinx-loose-cannon.txt").read_text(), encoding="utf-8")
    return tmp_path, named


SURFACES = [
    ("fix", "regs.csv"), ("fix", "regs.csv", "-o", "csv"), ("fix", "deck.yaml"), ("fix", "NAMED"),
    ("goldfish", "deck.yaml", "--seed", "1"), ("castable", "deck.yaml", "--games", "100", "--seed", "1"),
    ("clock", "deck.yaml", "--games", "10", "--seed", "1"), ("odds", "deck.yaml", "--card", "Sabotage"),
    ("simulate", "deck.yaml", "--games", "10", "--seed", "1"),
    ("convert", "deck.yaml", "-o", "text"), ("convert", "NAMED", "-o", "text"),
    ("sheet", "regs.csv"), ("check", "regs.csv", "-o", "csv"), ("check", "regs.csv", "-o", "html"),
    ("check", "NAMED", "-o", "csv"), ("check", "NAMED", "-o", "html"),
    ("report", "deck.yaml", "--games", "100", "--seed", "1"), ("diff", "deck.yaml", "NAMED"),
]


@pytest.mark.parametrize("args", SURFACES, ids=["-".join(a[:1] + a[1:2] + a[3:4]) for a in SURFACES])
def test_no_surface_lets_a_control_character_through(hostile, args, capsys):
    folder, named = hostile
    args = [named if a == "NAMED" else a for a in args]
    dated = ("--as-of", "2026-11-01") if args[0] in ("fix", "check", "sheet", "report") else ()
    done = run_cli(capsys, *args, *dated, cwd=folder)
    assert done.returncode in (0, 1, 2) and done.stdout, done.stderr
    assert nothing_raw(done.stdout) and nothing_raw(done.stderr), (done.stdout + done.stderr)[:3000]


def test_the_player_names_are_shown_escaped_not_dropped(hostile, capsys):
    folder, _ = hostile
    shown = run_cli(capsys, "fix", "regs.csv", "--as-of", "2026-11-01", cwd=folder).stdout
    assert "(x\\x1b[2J" in shown and "\\u202eevil\\x9b31m\\n::error file=a::pwned)" in shown
    page = run_cli(capsys, "sheet", "regs.csv", "--as-of", "2026-11-01", cwd=folder)
    assert "(player x\\x1b[2J" in page.stderr  # the unreadable row's line on stderr


def test_a_format_file_with_a_control_character_in_its_name_is_refused(tmp_path, capsys):
    (tmp_path / "event.yaml").write_text('name: "ev\\e[31m"\ntitle: Event\nextends: standard\n', encoding="utf-8")
    shutil.copy(REPO / "sample_decks" / "legal-jinx-loose-cannon.txt", tmp_path / "deck.txt")
    done = run_cli(capsys, "check", "deck.txt", "-f", "event.yaml", cwd=tmp_path)
    assert done.returncode == 2 and "name: Value error, holds a control character" in done.stderr
    assert nothing_raw(done.stderr) and len(done.stderr.strip().splitlines()) == 1
