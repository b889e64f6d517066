"""Mutation testing: how many small planted bugs the test suite catches, per package.

Runs mutmut (``pip install -e '.[mutation]'``) on a scratch copy of the repository, one scope
at a time, and prints for each scope the mutants killed, the survivors and the score next to the
target (90 % killed). Survivors judged *equivalent* (a change no user can see) are listed with a
one-line reason in docs/testing.md; the script reads that list and prints the score both with
and without them. It is slow (minutes to tens of minutes per scope), so it is not part of CI.

    python bench/mutation.py                      # every scope
    python bench/mutation.py deckcode odds        # some scopes
    python bench/mutation.py --sample 150         # a seeded random sample of each scope's mutants
    python bench/mutation.py --jobs 2 --list      # show scopes; parallel test children
    python bench/mutation.py --together --sample 40 repair cli   # one scratch copy for both

With ``--sample N`` each scope tests a random sample (seeded by ``--seed``) of N of its mutants
and the score is printed with its 95 % (Wilson) interval: the estimate of the full run's score.

Each scope mutates only its modules and runs only the test files that exercise them (mutmut then
runs, for each mutant, only the tests that call the mutated function). With ``--together`` the
scopes share one scratch copy, so the tests are run and mapped once instead of once per scope (most
scopes run every in-process test file, which is most of the cost of a sample). The scratch copy is
deleted afterwards unless ``--keep`` is given; with ``--keep`` you can inspect a survivor with
``cd <copy> && python -m mutmut show <name>``.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TARGET = 0.90
#: Survivors judged equivalent: the table in docs/testing.md, and one file per scope in
#: docs/mutation-equivalents/ (so each scope's list can grow on its own).
EQUIVALENTS_DOCS = (REPO / "docs" / "testing.md", REPO / "docs" / "mutation-equivalents")


@dataclass(frozen=True)
class Scope:
    mutate: tuple[str, ...]  # fnmatch patterns of files to mutate
    tests: tuple[str, ...]  # test files (globs) that exercise them (in-process tests only matter)


#: Every test file but those that only start deckcheck processes (a process imports the unmutated
#: package, so they cannot kill a mutant; they would only cost time). Most command-line tests run
#: deckcheck in this process (tests/cli/support.py's run_cli), so they count.
IN_PROCESS = ("tests/*/test_*.py",)
#: Also left out: tests that read the package's source or signatures as a tool does (the catalog
#: check finds every mutated message untranslated; mypy and the parameter-spelling check see
#: mutmut's trampolines), so the unmutated run that maps the tests would fail.
PROCESS_ONLY = {
    "tests/robustness/test_batch.py", "tests/i18n/test_every_message_is_translated.py",
    "tests/library/test_typed_exports.py", "tests/library/test_one_spelling_per_parameter.py",
}


def rest_of(folder: str, *taken: str) -> tuple[str, ...]:
    """The modules of ``folder`` (``deckcheck/decks``) that no other scope mutates, by name."""
    return tuple(sorted(str(p.relative_to(REPO)) for p in (REPO / folder).glob("*.py")
                        if p.name not in taken and p.name != "__init__.py"))


SCOPES: dict[str, Scope] = {
    "rules": Scope(("deckcheck/rules/*",), IN_PROCESS),
    "deckcode": Scope(("deckcheck/decks/deckcode.py",), ("tests/decks/test_deckcode.py",)),
    "text": Scope(("deckcheck/decks/text/*",), IN_PROCESS),
    "resolve": Scope(("deckcheck/decks/resolve.py",), IN_PROCESS),
    "cards": Scope(("deckcheck/cards/*",), IN_PROCESS),
    "odds": Scope(("deckcheck/goldfish/odds.py",), IN_PROCESS),
    "engine": Scope(("deckcheck/goldfish/engine.py",), IN_PROCESS),
    "workers": Scope(("deckcheck/workers.py", "deckcheck/rules/transfer.py"), ("tests/equivalence/test_workers.py",)),
    "repair": Scope(("deckcheck/repair/*",), IN_PROCESS),
    "render": Scope(("deckcheck/render/*",), IN_PROCESS),
    "batch": Scope(("deckcheck/batch/*",), IN_PROCESS),
    # The command line: only the tests that run it in this process (run_cli) can kill its mutants.
    "cli": Scope(("deckcheck/cli/*",), IN_PROCESS),
    "decks": Scope(rest_of("deckcheck/decks", "deckcode.py", "resolve.py"), IN_PROCESS),
    "goldfish": Scope(rest_of("deckcheck/goldfish", "odds.py", "engine.py"), IN_PROCESS),
    # The top-level modules (words, translate, settings, io, safe_yaml, cache, ...) but workers.py.
    "top": Scope(rest_of("deckcheck", "workers.py", "__main__.py"), IN_PROCESS),
}
KILLED = {"killed", "timeout", "caught by type check"}
COUNTED = KILLED | {"survived", "no tests", "suspicious", "segfault"}
SKIP_COPY = {".git", ".venv", "mutants", ".hypothesis", ".pytest_cache", "__pycache__", "deckcheck.egg-info"}


def equivalents() -> dict[str, str]:
    """Mutant name -> reason, from the tables of EQUIVALENTS_DOCS (lines ``| `name` | reason |``)."""
    doc, folder = EQUIVALENTS_DOCS
    files = ([doc] if doc.is_file() else []) + (sorted(folder.glob("*.md")) if folder.is_dir() else [])
    found: dict[str, str] = {}
    for path in files:
        found.update(re.findall(r"^\|\s*`([\w.]+__mutmut_\d+)`\s*\|\s*(.+?)\s*\|\s*$", path.read_text(), re.M))
    return found


def scratch_copy(workdir: Path, scope: Scope) -> Path:
    """A copy of the repository with a [tool.mutmut] section for ``scope``."""
    dest = workdir / "repo"
    shutil.copytree(REPO, dest, ignore=shutil.ignore_patterns(*SKIP_COPY))
    tests = sorted({str(p.relative_to(dest)) for pattern in scope.tests for p in dest.glob(pattern)} - PROCESS_ONLY)
    also_copy = [p.name for p in REPO.iterdir() if p.name not in SKIP_COPY and p.name not in ("deckcheck", "tests")]
    config = "\n".join([
        "", "[tool.mutmut]",
        'source_paths = ["deckcheck"]',
        f"only_mutate = {list(scope.mutate)!r}",
        f"also_copy = {also_copy!r}",
        f"pytest_add_cli_args_test_selection = {tests!r}",
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-p", "mutation_fresh_caches", "-q"]',
        "",
    ])
    pyproject = dest / "pyproject.toml"
    pyproject.write_text(pyproject.read_text() + config.replace("'", '"'))
    return dest


def results(copy: Path) -> dict[str, str]:
    """Mutant name -> status, as ``mutmut results --all`` prints them."""
    out = subprocess.run(
        [sys.executable, "-m", "mutmut", "results", "--all", "true"],
        cwd=copy, capture_output=True, text=True, check=True,
    ).stdout
    return dict(re.findall(r"^\s+(\S+): (.+)$", out, re.M))


#: Tests that cannot run inside mutmut's process: this one checks that the process has no child
#: left, and mutmut's process has its own.
NOT_UNDER_MUTMUT = {"tests/equivalence/test_workers.py::test_two_processes_give_every_result_in_job_order"}
_COLLECT_TWICE = """
import json, sys, pytest
selection, ids = json.load(open(sys.argv[1]))
args = ["--rootdir=.", "-q", "--collect-only", "-p", "no:cacheprovider", "-p", "mutation_fresh_caches"]
pytest.main(args + selection)
pytest.main(args + ids)
"""


def drop_unfindable_tests(copy: Path, env: dict) -> list[str]:
    """Take out of mutmut's test map the test ids pytest cannot find again in the same process.

    mutmut runs pytest several times in one process (list the tests, the clean run, each mutant's
    fork), passing test ids back. Some parametrised ids with escaped characters (a Chinese card
    name, a control character) are not found the second time; pytest then stops with a usage error
    and mutmut with it. Their function's ids with an escape are left out of the map (each of those
    tests still runs in the unmutated run, but kills no mutant), as are NOT_UNDER_MUTMUT: returns
    the ids taken out.
    """
    stats_file = copy / "mutants" / "mutmut-stats.json"
    stats = json.loads(stats_file.read_text())
    ids = sorted(set().union(*map(set, stats["tests_by_mangled_function_name"].values())))
    pyproject = (copy / "pyproject.toml").read_text()
    selection = json.loads(re.search(r"^pytest_add_cli_args_test_selection = (.*)$", pyproject, re.M)[1])
    request = copy / "collect-twice.json"
    request.write_text(json.dumps([selection, ids]))
    out = subprocess.run([sys.executable, "-c", _COLLECT_TWICE, str(request)], cwd=copy / "mutants", env=env,
                         capture_output=True, text=True).stdout
    lost = {m.split("mutants/", 1)[-1] for m in re.findall(r"^ERROR: not found: (\S+)", out, re.M)}
    gone = sorted(t for t in ids if t in NOT_UNDER_MUTMUT
                  or "[" in t and t[:t.index("[")] in lost and "\\" in t[t.index("["):])
    stats["tests_by_mangled_function_name"] = {
        k: [t for t in v if t not in gone] for k, v in stats["tests_by_mangled_function_name"].items()}
    stats_file.write_text(json.dumps(stats, indent=4))
    return gone


def mutmut_run(copy: Path, names: list[str], jobs: int, env: dict, log) -> int:
    cmd = [sys.executable, "-m", "mutmut", "run", "--max-children", str(jobs), *names]
    return subprocess.run(cmd, cwd=copy, env=env, stdout=log, stderr=subprocess.STDOUT, text=True).returncode


def owners(mutant: str, scopes: dict[str, Scope]) -> list[str]:
    """The scopes (of ``scopes``) whose modules hold ``mutant`` (``deckcheck.decks.xlsx.x_read__mutmut_3``)."""
    parts = mutant.split(".")
    paths = [f"{'/'.join(parts[:i])}{end}" for i in range(len(parts) - 1, 0, -1) for end in (".py", "/__init__.py")]
    path = next((p for p in paths if (REPO / p).is_file()), "")
    return [name for name, scope in scopes.items() if any(fnmatch.fnmatchcase(path, m) for m in scope.mutate)]


def run_scopes(scopes: dict[str, Scope], jobs: int, keep: bool, log, sample: int | None, seed: int,
               only: str | None = None) -> dict[str, dict[str, str]]:
    """Run ``scopes`` in one scratch copy (one test map for all): scope -> mutant -> status.

    Each scope's sample is drawn from its own mutants with its own seed, as a run of that scope alone
    draws it; a mutant of two scopes (rules/transfer.py) is counted in both.
    """
    label = "+".join(scopes)
    workdir = Path(tempfile.mkdtemp(prefix=f"deckcheck-mutation-{label[:60]}-"))
    merged = Scope(tuple(dict.fromkeys(m for s in scopes.values() for m in s.mutate)),
                   tuple(dict.fromkeys(t for s in scopes.values() for t in s.tests)))
    copy = scratch_copy(workdir, merged)
    # The per-user cache off (a cached format would hide a mutant of its parser); memo caches are
    # emptied before each test by bench/mutation_fresh_caches.py, a pytest plugin found on PYTHONPATH.
    env = dict(os.environ, DECKCHECK_NO_CACHE="1", PYTHONDONTWRITEBYTECODE="1",
               PYTHONPATH=os.pathsep.join(filter(None, [str(copy / "bench"), os.environ.get("PYTHONPATH")])))
    env.pop("DECKCHECK_CARD_DATA", None)
    started = time.monotonic()
    chosen: dict[str, list[str]] = {}
    # Generate the mutants and the test map only (a pattern that names no mutant), then pick.
    mutmut_run(copy, ["no-such-mutant*"], jobs, env, log)
    gone = drop_unfindable_tests(copy, env)
    if gone:
        print(f"  {label}: {len(gone)} test ids left out of the map: {' '.join(gone)}", flush=True)
    if sample or only:
        everyone = sorted(k for k in results(copy) if only is None or fnmatch.fnmatchcase(k, only))
        for name in scopes:
            own = [k for k in everyone if name in owners(k, scopes)]
            chosen[name] = own
            if sample and len(own) > sample:
                chosen[name] = random.Random(f"{seed}:{name}").sample(own, sample)
            print(f"  {name}: {len(own)} mutants, testing {len(chosen[name])}", flush=True)
        if not any(chosen.values()):
            print(f"  {label}: no mutant matches {only!r}", flush=True)
            return {}
    names = sorted({k for picked in chosen.values() for k in picked})
    code = mutmut_run(copy, names, jobs, env, log)
    statuses = results(copy)
    print(f"  {label}: mutmut exited {code} after {time.monotonic() - started:.0f} s"
          + (f"; copy kept in {copy}" if keep else ""), flush=True)
    if not keep:
        shutil.rmtree(workdir, ignore_errors=True)
    if chosen:
        return {name: {k: statuses[k] for k in picked if k in statuses} for name, picked in chosen.items()}
    return {name: {k: v for k, v in statuses.items() if name in owners(k, scopes)} for name in scopes}


def wilson(killed: int, total: int) -> tuple[float, float]:
    """95 % Wilson interval of a proportion."""
    if not total:
        return 0.0, 1.0
    z, p = 1.96, killed / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return max(0.0, centre - half), min(1.0, centre + half)


def summarise(name: str, statuses: dict[str, str], equiv: dict[str, str]) -> tuple[int, int, int]:
    counted = {k: v for k, v in statuses.items() if v in COUNTED}
    killed = sum(v in KILLED for v in counted.values())
    survivors = sorted(k for k, v in counted.items() if v not in KILLED)
    judged = [k for k in survivors if k in equiv]
    total = len(counted)
    raw = killed / total if total else 0.0
    net = killed / (total - len(judged)) if total - len(judged) else 0.0
    flag = "meets" if net >= TARGET else "BELOW"
    low, high = wilson(killed, total - len(judged))
    print(f"{name:9} {killed:5}/{total:<5} killed  raw {raw:6.1%}  without {len(judged)} equivalent "
          f"{net:6.1%} (95% {low:.0%}-{high:.0%})  target {TARGET:.0%}: {flag}")
    for k in survivors:
        note = f"  (equivalent: {equiv[k]})" if k in equiv else ""
        print(f"    {statuses[k]:10} {k}{note}")
    return killed, total, len(judged)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scopes", nargs="*", help=f"scopes to run (default all): {', '.join(SCOPES)}")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="test processes at once")
    parser.add_argument("--keep", action="store_true", help="keep the scratch copies to inspect survivors")
    parser.add_argument("--list", action="store_true", help="list the scopes and exit")
    parser.add_argument("--sample", type=int, help="test a random sample of this many mutants per scope")
    parser.add_argument("--seed", type=int, default=17, help="seed of the sample (default 17)")
    parser.add_argument("--only", metavar="GLOB",
                        help="only the mutants whose names match, e.g. 'deckcheck.cards.lookup.*'")
    parser.add_argument("--together", action="store_true",
                        help="run the scopes in one scratch copy: the tests are run and mapped once, not per scope")
    parser.add_argument("--log", type=Path, help="write mutmut's own output here (default: discarded)")
    args = parser.parse_args(argv)
    if args.list:
        for name, scope in SCOPES.items():
            print(f"{name:9} mutates {', '.join(scope.mutate)}; tests {' '.join(scope.tests)}")
        return 0
    unknown = [s for s in args.scopes if s not in SCOPES]
    if unknown:
        parser.error(f"unknown scope(s) {', '.join(unknown)}; known: {', '.join(SCOPES)}")
    try:
        import mutmut  # noqa: F401
    except ImportError:
        parser.error("mutmut is not installed: pip install -e '.[mutation]'")
    equiv = equivalents()
    totals = [0, 0, 0]
    log = open(args.log, "a") if args.log else subprocess.DEVNULL
    rows = {}
    wanted = {name: SCOPES[name] for name in args.scopes or SCOPES}
    groups = [wanted] if args.together else [{name: scope} for name, scope in wanted.items()]
    for group in groups:
        rows.update(run_scopes(group, args.jobs, args.keep, log, args.sample, args.seed, args.only))
    print(f"\nmutation score per scope (target: {TARGET:.0%} of mutants killed)")
    for name, statuses in rows.items():
        for i, n in enumerate(summarise(name, statuses, equiv)):
            totals[i] += n
    killed, total, judged = totals
    if total:
        print(f"{'all':9} {killed:5}/{total:<5} killed  raw {killed / total:6.1%}  "
              f"without {judged} equivalent {killed / max(total - judged, 1):6.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
