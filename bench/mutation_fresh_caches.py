"""pytest plugin for mutation runs (bench/mutation.py): empty deckcheck's memo caches before each test.

mutmut runs, for each mutant, only the tests that called the mutated function while it recorded
them. A memoised function is called by the first test that needs a value and answered from memory
for every later one, so mutmut would credit it to that one test only; and the process mutmut forks
each mutant's tests from has already filled the memos with the unmutated code's answers. Emptying
them before each test (:func:`deckcheck.clear_caches`, the one way to drop them all) makes every test
that needs the function call it. It changes no behaviour: the caches only save time.
"""

from __future__ import annotations


def pytest_runtest_setup(item) -> None:
    from deckcheck import clear_caches

    clear_caches()
