"""The CLI shell: lazy command registration, --version, help listing every command."""

from __future__ import annotations

import os
import subprocess
import sys

from deckcheck import __version__
from deckcheck.cli import main
from deckcheck.cli.commands import COMMAND_MODULES, modules_for

from conftest import REPO


def test_a_run_registers_only_the_module_of_its_command():
    assert modules_for(["check", "deck.txt", "--output", "json"]) == ["check_cmd"]
    assert modules_for(["--debug", "odds", "deck.txt"]) == ["goldfish_cmd"]
    everything = sorted(set(COMMAND_MODULES.values()))
    assert sorted(modules_for(["--help"])) == everything
    assert sorted(modules_for(["check", "--help"])) == everything
    assert sorted(modules_for(["nosuch"])) == everything
    assert sorted(modules_for([])) == everything


def test_checking_a_deck_imports_no_other_command_and_no_numpy_or_yaml():
    probe = (
        "import sys\n"
        "from deckcheck.cli import main\n"
        "main(['check', sys.argv[1]])\n"
        "print(sorted(m for m in sys.modules if m.startswith('deckcheck.cli.') or m in ('numpy', 'yaml')), file=sys.stderr)\n"
    )
    deck = str(REPO / "sample_decks" / "legal-jinx-loose-cannon.txt")
    env = {k: v for k, v in os.environ.items() if k != "DECKCHECK_NO_CACHE"}  # the cache on, as users have it
    for _ in range(2):  # the first run may parse the format YAML into the (test) cache
        out = subprocess.run([sys.executable, "-c", probe, deck], capture_output=True, text=True, env=env)
    loaded = out.stderr.strip().splitlines()[-1]
    assert "deckcheck.cli.check_cmd" in loaded
    for other in ("goldfish_cmd", "convert_cmd", "cards_cmd", "numpy", "'yaml'"):
        assert other not in loaded, loaded


def test_help_lists_every_command_and_version_prints(capsys):
    assert main(["--help"]) == 0
    listed = capsys.readouterr().out
    for name in COMMAND_MODULES:
        assert f"  {name} " in listed
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"deckcheck {__version__}"
