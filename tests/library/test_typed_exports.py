"""``import deckcheck`` stays cheap (names imported on first use) while type checkers see every
export's own type, not ``Any`` (issue 37): the imports they read list the same names as the lazy
table, and mypy refuses ``check_deck(42)`` (typed_usage.py, checked by mypy in CI and here)."""

from __future__ import annotations

import ast
import importlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO

import deckcheck
from library import typed_usage

INIT = Path(deckcheck.__file__)


def _names_for_type_checkers(path: Path) -> dict[str, str]:
    """The names imported under ``if TYPE_CHECKING:`` in ``path``, each with its module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    block = next(node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING")
    return {alias.name: node.module for node in block.body if isinstance(node, ast.ImportFrom) for alias in node.names}


def test_type_checkers_see_the_names_the_package_exports():
    seen = _names_for_type_checkers(INIT)
    assert sorted(seen) == sorted(deckcheck._EXPORTS) == sorted(n for n in deckcheck.__all__ if n != "__version__")
    for name, module in seen.items():  # the name a checker sees is the object the package gives
        assert getattr(importlib.import_module(module), name) is getattr(deckcheck, name)


@pytest.mark.parametrize("package", ["deckcheck.goldfish", "deckcheck.decks"])
def test_the_lazy_subpackages_show_their_names_to_type_checkers_too(package):
    module = importlib.import_module(package)
    assert sorted(_names_for_type_checkers(Path(module.__file__))) == sorted(module.__all__)


def test_importing_deckcheck_imports_nothing_but_its_version_until_a_name_is_used():
    code = ("import sys; before = set(sys.modules); import deckcheck; "
            "print(sorted(m for m in set(sys.modules) - before if m != 'deckcheck'))")
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO)
    assert ran.stdout.strip() == "['deckcheck.version']"


def test_the_typed_calls_run():
    typed_usage.typed_calls()


@pytest.mark.skipif(shutil.which("mypy", path=str(Path(sys.executable).parent)) is None, reason="mypy not installed")
def test_mypy_refuses_a_wrong_call_and_sees_each_exports_type(tmp_path):
    wrong = tmp_path / "wrong.py"
    wrong.write_text("from deckcheck import check_deck, fix_deck\n"
                     "check_deck(42)\n"
                     "reveal_type(fix_deck)\n", encoding="utf-8")
    mypy = str(Path(sys.executable).with_name("mypy"))
    clean = subprocess.run([mypy, "tests/library/typed_usage.py"], capture_output=True, text=True, cwd=REPO)
    assert clean.returncode == 0, clean.stdout
    ran = subprocess.run([mypy, str(wrong)], capture_output=True, text=True, cwd=REPO)
    assert 'wrong.py:2: error: Argument 1 to "check_deck" has incompatible type "int"; expected "Deck"' in ran.stdout
    assert "-> deckcheck.repair.model.Fix" in ran.stdout
