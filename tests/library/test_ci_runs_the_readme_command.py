"""CI runs the README's test command, word for word: ruff, then mypy, then the tests (issue 37)."""

from __future__ import annotations

import re

from conftest import REPO


def _readme_command() -> str:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    return re.search(r"Run the test suite:\n\n```sh\n(.*?)\n```", readme, re.S)[1]


def test_ci_runs_the_readme_test_command():
    script = (REPO / ".ci" / "run").read_text(encoding="utf-8").replace("\\\n", " ")
    last = " ".join(script.strip().splitlines()[-1].split())
    assert last == " ".join(_readme_command().split())


def test_the_command_lints_and_type_checks_before_the_tests():
    steps = [step.strip() for step in _readme_command().split("&&")]
    assert steps[-3:] == [".venv/bin/ruff check", ".venv/bin/mypy", ".venv/bin/python -m pytest -q -n auto"]
    assert "'.[test]'" in steps[1]  # ruff and mypy come with the test extra
