"""What users see stays byte for byte what it was: every output of the bundled sample decks, the 32 real
decks, a Chinese list and the registration export, compared with the files in ``tests/golden/outputs/``.

A refactor must leave them all unchanged. A change that means to alter an output regenerates its files
in a commit of its own, saying why::

    DECKCHECK_UPDATE_GOLDEN=1 python -m pytest tests/golden -q

The date is fixed (``--as-of``), and so is the clock of the pages (``SOURCE_DATE_EPOCH``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cli.support import run_cli
from conftest import REPO

HERE = Path(__file__).parent
OUTPUTS = HERE / "outputs"
INPUTS = "tests/golden/inputs"
DAY = ("--as-of", "2026-11-30")
EXPORT = "sample_decks/registrations/registrations.csv"
SAMPLES = "sample_decks/"
REAL = f"{INPUTS}/realdecks"
CHINESE = f"{INPUTS}/chinese-kaisa.txt"
ILLEGAL_SAMPLES = ("illegal-annie-banned-stacked-deck.txt", "illegal-kaisa-too-many-copies.txt",
                   "illegal-master-yi-banned-battlefields.txt")
#: The clock of the HTML pages and CSV headings (2026-11-30 12:00 UTC).
CLOCK = {"SOURCE_DATE_EPOCH": "1796040000", "COLUMNS": "100"}
CHECK_OUTPUTS = ("text", "concise", "json", "github", "sarif", "junit", "csv", "markdown", "html")

#: golden file name -> the command line that makes it (its stdout, or the file it writes with -O).
CASES: dict[str, tuple[str, ...]] = {
    **{f"check-samples.{out}": ("check", SAMPLES, *DAY, "-o", out) for out in CHECK_OUTPUTS},
    "check-samples-statistics.text": ("check", SAMPLES, *DAY, "--statistics"),
    "check-samples-quiet.text": ("check", SAMPLES, *DAY, "-q"),
    **{f"check-realdecks.{out}": ("check", REAL, *DAY, "-o", out) for out in ("text", "json", "csv", "html")},
    **{f"check-export.{out}": ("check", EXPORT, *DAY, "-o", out)
       for out in ("text", "json", "csv", "markdown", "html", "sarif")},
    **{f"check-chinese.{out}": ("check", CHINESE, *DAY, "-o", out) for out in ("text", "json", "csv")},
    **{f"fix-{name.removesuffix('.txt')}.{out}": ("fix", f"sample_decks/{name}", *DAY, "-o", out)
       for name in ILLEGAL_SAMPLES for out in ("text", "json")},
    "fix-chinese.text": ("fix", CHINESE, *DAY),
    "fix-export.csv": ("fix", EXPORT, *DAY, "-o", "csv"),
    "fix-export.json": ("fix", EXPORT, *DAY, "-o", "json"),
    "fix-export.text": ("fix", EXPORT, *DAY),
    "sheet-export.html": ("sheet", EXPORT, *DAY, "--event", "Piltover Open"),
    "sheet-samples.html": ("sheet", SAMPLES, *DAY),
    "report-jinx.html": ("report", "sample_decks/legal-jinx-loose-cannon.txt", *DAY, "--seed", "7", "-n", "2000"),
    "diff-samples.text": ("diff", "sample_decks/legal-jinx-loose-cannon.txt", "sample_decks/legal-viktor-mind-order-headerless.txt"),
    "convert-yaml-to-text.text": ("convert", "sample_decks/legal-rengar-pridestalker.yaml", "--to", "text"),
    "convert-text-to-code.text": ("convert", "sample_decks/legal-jinx-loose-cannon.txt", "--to", "code"),
    "convert-code-to-yaml.text": ("convert", "sample_decks/legal-kennen-chaos-order.code", "--to", "yaml"),
    "convert-text-to-zh.text": ("convert", "sample_decks/legal-ornn-calm-mind.txt", "--to", "text", "--lang", "zh"),
    "goldfish-jinx.text": ("goldfish", "sample_decks/legal-jinx-loose-cannon.txt", "--seed", "7"),
    "goldfish-jinx.json": ("goldfish", "sample_decks/legal-jinx-loose-cannon.txt", "--seed", "7", "-o", "json"),
    "castable-ornn.text": ("castable", "sample_decks/legal-ornn-calm-mind.txt"),
    "odds-ornn.text": ("odds", "sample_decks/legal-ornn-calm-mind.txt", "Calm Rune"),
    "clock-jinx.text": ("clock", "sample_decks/legal-jinx-loose-cannon.txt", "--seed", "7", "-n", "300"),
    "formats.text": ("formats", *DAY),
    "rules.text": ("rules", *DAY),
    "rule-RB103.text": ("rule", "RB103", *DAY),
    "cards-info-cleave.text": ("cards", "info", "Cleave"),
}

UPDATE = os.environ.get("DECKCHECK_UPDATE_GOLDEN") == "1"


@pytest.mark.parametrize("name", sorted(CASES))
def test_output_is_unchanged(capsys, name):
    ran = run_cli(capsys, *CASES[name], env=CLOCK, cwd=REPO)
    assert ran.returncode in (0, 1, 2), ran.stderr
    shown = ran.stdout + (f"\n--- stderr\n{ran.stderr}" if ran.stderr else "") + f"\n--- exit {ran.returncode}\n"
    golden = OUTPUTS / name
    if UPDATE:
        OUTPUTS.mkdir(exist_ok=True)
        golden.write_text(shown, encoding="utf-8", newline="")
    assert golden.exists(), f"no golden file {golden.name}: run with DECKCHECK_UPDATE_GOLDEN=1"
    with golden.open(encoding="utf-8", newline="") as file:
        assert shown == file.read(), f"{name}: deckcheck {' '.join(CASES[name])}"
