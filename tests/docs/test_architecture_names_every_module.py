"""ARCHITECTURE.md's map names every module of the package, so a newcomer finds each one there."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "deckcheck"


def _map() -> str:
    text = (REPO / "ARCHITECTURE.md").read_text(encoding="utf-8")
    return text[text.index("```\ndeckcheck/"):text.index("## Contracts")]


def _named_as(path: Path) -> str:
    """How the map names a module: a package by its folder (``rules/``), a module by its file name."""
    if path.name == "__init__.py":
        return "__init__.py" if path.parent == PACKAGE else path.parent.name + "/"
    return path.name


def test_every_module_is_named_in_the_map():
    drawn = _map()
    modules = [p for p in PACKAGE.rglob("*.py")
               if p.name != "__main__.py" and p.parent.name != "checks"]  # the rule units: checks/*.py
    missing = sorted(str(p.relative_to(REPO)) for p in modules if _named_as(p) not in drawn)
    assert not missing, f"ARCHITECTURE.md does not name: {missing}"


def test_the_map_names_no_module_that_is_gone():
    files = {p.name for p in PACKAGE.rglob("*.py")} | {p.name for p in (REPO / "scripts").iterdir()}
    named = set(re.findall(r"([A-Za-z_]\w*\.py)\b", _map())) - {"pyproject.py"}
    assert named <= files, f"ARCHITECTURE.md names modules that do not exist: {sorted(named - files)}"
