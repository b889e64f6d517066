"""pytest plugin for mutation runs (bench/mutation.py): empty deckcheck's memo caches before each test.

mutmut runs, for each mutant, only the tests that called the mutated function while it recorded
them. A memoised function (``functools.lru_cache``) is called by the first test that needs a value
and answered from the cache for every later one, so mutmut would credit it to that one test only.
Emptying the caches before each test makes every test that needs the function call it. It changes
no behaviour: the caches only save time.
"""

from __future__ import annotations

import sys

#: Memo tables kept in module-level dicts rather than ``lru_cache``: the rule engine's per-format
#: rules and per-date contexts, the per-database card facts, legality, champions and doubts.
#: Without emptying them, the process mutmut forks each mutant's tests from has already filled
#: them with the unmutated code's answers, and a mutant of the code that fills them never runs.
MEMO_TABLES = {
    "deckcheck.rules.engine": ("_APPLICABLE", "_CONTEXTS"),
    "deckcheck.rules.facts": ("_FACTS", "_LEGALITY", "_CHAMPIONS"),
    "deckcheck.rules.checks.provenance": ("_DOUBTFUL",),
    # the text reader's remembered lines and the resolver's remembered lookups (a line or name
    # read by the unmutated code would never reach a mutant of the code that reads it)
    "deckcheck.decks.text.lines": ("_CARD_LINES", "_HEADER_LINES", "_SLOW_LINES", "_COMMENT_LINES", "_QUICK_HEADERS"),
    "deckcheck.decks.resolve": ("_PAIRS", "_NAMES"),
    "deckcheck.decks.structured": ("_QUOTED",),  # how a JSON file writes each card name
}


def pytest_runtest_setup(item) -> None:
    for name, module in list(sys.modules.items()):
        if name == "deckcheck" or name.startswith("deckcheck."):
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear) and getattr(value, "__module__", None) == name:
                    clear()
    for name, tables in MEMO_TABLES.items():
        module = sys.modules.get(name)
        for table in tables if module is not None else ():
            memo = getattr(module, table, None)  # a rewrite may drop a table
            if memo is not None:
                memo.clear()
