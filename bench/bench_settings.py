"""What looking for settings costs a `deckcheck check` run: find_settings() from a folder with no
settings file (deep below /tmp), from a deck repository whose pyproject.toml has no
[tool.deckcheck] table, and from one that has it (the only case that parses TOML)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import rate  # noqa: E402

from deckcheck.settings import find_settings  # noqa: E402


def main() -> None:
    with tempfile.TemporaryDirectory() as root:
        deep = Path(root, "a", "b", "c", "d")
        deep.mkdir(parents=True)
        plain = Path(root, "plain", "decks")
        plain.mkdir(parents=True)
        Path(root, "plain", "pyproject.toml").write_text('[project]\nname = "decks"\n' * 20)
        with_table = Path(root, "repo", "decks")
        with_table.mkdir(parents=True)
        Path(root, "repo", "pyproject.toml").write_text(
            '[project]\nname = "decks"\n\n[tool.deckcheck]\nformat = "standard"\nas-of = 2026-10-20\n'
            'select = ["RB1", "RB6"]\nexclude = ["drafts"]\n')
        for label, folder in (("no settings file (5 folders up to /)", deep),
                              ("pyproject.toml without [tool.deckcheck]", plain),
                              ("pyproject.toml with [tool.deckcheck]", with_table)):
            per_second, _ = rate(lambda f: find_settings(f), [folder], 1.0)
            print(f"find_settings, {label}: {1e6 / per_second:.1f} µs")


if __name__ == "__main__":
    main()
