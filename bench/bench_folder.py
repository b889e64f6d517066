"""Folder throughput: one ``deckcheck check FOLDER --output json --quiet`` over 1,000 real decklists,
in each of three forms (text lists, deck codes, our JSON deck files), beyond start-up.

The 32 real tournament lists of ``tests/data/realdecks.json`` are written in each form by
deckcheck's own writers, round-robin into 1,000 files. No two text lists and no two JSON deck
files have the same bytes: file ``i`` names its deck ``<slug> (file i)`` and lists the main deck
rotated by ``i`` lines (the same cards, so still the real list), so a memory keyed on a whole
file or a whole deck could not help; only what real folders repeat (the same card lines) can be
remembered. A deck code is the canonical form of its deck (no name, cards in a fixed order), so
the deck-code folder repeats its 32 codes; deckcheck keeps no memory of whole codes either.
Start-up is the time of the same command on one of those files; "beyond start-up" is 999 /
(folder time - one-file time), the difference taken pair by pair (one file, then the folder, in
turn) and its median quoted, so a drift of the machine's speed moves it least. Each time is the median of several runs of the real executable,
as wall time and as the CPU time (user + system) the run used (every process of it: a folder is
shared among one process per core, see deckcheck.workers). The target is wall time; text lists
are also timed with ``--jobs 1`` (one process), which shows what sharing gains. Prints figures;
asserts nothing.

Run: ``.venv/bin/python bench/bench_folder.py [--decks 1000] [--runs 5]``
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TARGET = 20_000  # decks/s beyond start-up (text lists)
MEMORY_TARGET_MIB = 60


def deckcheck_cmd() -> list[str]:
    exe = Path(sys.executable).with_name("deckcheck")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "deckcheck"]


def write_folders(base: Path, count: int) -> dict[str, Path]:
    """``count`` files per form: text lists, deck codes, JSON deck files."""
    from deckcheck.cards import load_cards
    from deckcheck.decks import deckcode, structured, text
    from deckcheck.decks.model import RawDeck, RawEntry
    from deckcheck.decks.resolve import resolve_deck

    db = load_cards()
    real = json.loads((ROOT / "tests" / "data" / "realdecks.json").read_text())["decks"]
    decks = [resolve_deck(RawDeck(name=d["slug"], reader="flat",
                                  entries=[RawEntry(text=c, count=n) for c, n in d["cards"].items()]), db)
             for d in real]
    forms = {
        "text lists": (".txt", lambda deck: text.write(deck, db)),
        "deck codes": (".code", deckcode.write),
        "JSON deck files": (".json", lambda deck: structured.write_json(deck, db=db)),
        "Chinese text lists": (".zh.txt", lambda deck: text.write(deck, db, lang="zh")),
    }
    folders = {}
    for label, (ending, write) in forms.items():
        folder = base / ending.strip(".")
        folder.mkdir()
        codes = [write(deck) for deck in decks] if ending == ".code" else None
        for i in range(count):
            body = codes[i % len(codes)] if codes is not None else write(unique_copy(decks[i % len(decks)], i))
            (folder / f"deck{i:04d}{ending}").write_text(body, encoding="utf-8")
        folders[label] = folder
    return folders


def unique_copy(deck, i: int):
    """The same deck, named ``<name> (file i)``, its main deck rotated by ``i`` lines: unique bytes."""
    shift = i % len(deck.main) if deck.main else 0
    return replace(deck, name=f"{deck.name} (file {i})", main=deck.main[shift:] + deck.main[:shift])


def paired(one: list[str], whole: list[str], runs: int, env: dict[str, str]) -> dict[str, float | int]:
    """``one`` (a single file) and ``whole`` (the folder) run in turn, ``runs`` pairs after a warm-up
    pair: the medians of each, and the median of the pairs' differences (wall and CPU), which a
    machine whose speed drifts during the measurement moves least. Also the folder's exit code."""
    walls_a, cpus_a, walls_b, cpus_b = [], [], [], []
    code = 0
    for i in range(runs + 1):
        wall_a, cpu_a, _ = _runs(one, 1, env)
        wall_b, cpu_b, code = _runs(whole, 1, env)
        if i:
            walls_a += wall_a
            cpus_a += cpu_a
            walls_b += wall_b
            cpus_b += cpu_b
    med = statistics.median
    return {"one": med(walls_a), "one_cpu": med(cpus_a), "whole": med(walls_b), "whole_cpu": med(cpus_b),
            "beyond": med(b - a for a, b in zip(walls_a, walls_b)),
            "beyond_cpu": med(b - a for a, b in zip(cpus_a, cpus_b)), "code": code}


def _runs(cmd: list[str], runs: int, env: dict[str, str]) -> tuple[list[float], list[float], int]:
    walls, cpus = [], []
    code = 0
    for _ in range(runs):
        before = _children_cpu()
        start = time.perf_counter()
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        walls.append(time.perf_counter() - start)
        cpus.append(_children_cpu() - before)
        code = proc.returncode
    return walls, cpus, code


def per_second(decks: int, seconds: float) -> str:
    """``decks`` a second for ``seconds`` beyond start-up, or why there is no figure."""
    if seconds <= 0:
        return "   (none: the folder took no longer than one file; the machine is too noisy now)"
    return f"{decks / seconds:8,.0f} decks/s"


def _children_cpu() -> float:
    """CPU seconds used by the finished children of this process (0 where the platform cannot say)."""
    try:
        import resource
    except ImportError:
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def peak_mib(cmd: list[str], env: dict[str, str]) -> float | None:
    """Peak resident memory of one run, from the operating system's accounting of the child."""
    try:
        import resource
    except ImportError:  # not on this platform
        return None
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(after, before) / 1024 if sys.platform != "darwin" else max(after, before) / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--chinese", action="store_true",
                        help="only the text lists in English and the same lists in Chinese (--jobs 1), in turn")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="deckcheck-folder-") as tmp, \
            tempfile.TemporaryDirectory(prefix="deckcheck-pycache-") as pycache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(NO_COLOR="1", PYTHONPYCACHEPREFIX=pycache)  # bytecode cached, as after an install
        folders = write_folders(Path(tmp), args.decks)
        print(f"one 'deckcheck check FOLDER --output json --quiet' over {args.decks:,} real decklists "
              f"(the 32 real lists round-robin, each text/JSON file unique), median of {args.runs} runs, {os.cpu_count()} CPUs, "
              f"load average {os.getloadavg()[0]:.1f}:")
        from deckcheck.workers import available_cores, processes_for

        shared, cores = processes_for(args.decks), available_cores()
        print(f"  (by default a folder is shared among one process per core the machine's load leaves free: "
              f"{shared} now; '--jobs 1' is one process alone, '--jobs {cores}' one per core whatever the load; "
              "CPU time is that of every process)")
        if args.chinese:
            return chinese_against_english(folders, args, env)
        runs = [(label, folder, []) for label, folder in folders.items() if label != "Chinese text lists"]
        runs.insert(1, ("text, --jobs 1", folders["text lists"], ["--jobs", "1"]))
        if cores > 1:
            runs.insert(2, (f"text, --jobs {cores}", folders["text lists"], ["--jobs", str(cores)]))
        for label, folder, extra in runs:
            one = sorted(folder.iterdir())[0]
            base = [*deckcheck_cmd(), "check", "--output", "json", "--quiet", *extra]
            got = paired([*base, str(one)], [*base, str(folder)], args.runs, env)
            beyond = (args.decks - 1) / got["beyond"] if got["beyond"] > 0 else 0.0
            target = f"target >= {TARGET:,}/s: {'met' if beyond >= TARGET else 'NOT met'}" if label == "text lists" \
                else "(reported)"
            print(f"  {label:<16} {got['whole'] * 1000:7.0f} ms for the folder, {got['one'] * 1000:5.0f} ms for one "
                  f"file: {per_second(args.decks - 1, got['beyond'])} beyond start-up   {target}   (exit {got['code']})")
            print(f"  {'':<16} {got['whole_cpu'] * 1000:7.0f} ms CPU,           {got['one_cpu'] * 1000:5.0f} ms CPU:"
                  f"        {per_second(args.decks - 1, got['beyond_cpu'])} of CPU time beyond start-up")
        memory = peak_mib([*deckcheck_cmd(), "check", "--output", "json", "--quiet", str(folders["text lists"])], env)
        if memory is not None:
            print(f"  peak memory of the text-list run: {memory:.0f} MiB   target < {MEMORY_TARGET_MIB} MiB: "
                  f"{'met' if memory < MEMORY_TARGET_MIB else 'NOT met'}")


def in_process(folders: dict[str, Path], runs: int) -> None:
    """The same two folders read, resolved and checked in this process (CPU time, in turn, after a
    warm-up of each): steadier than whole commands on a busy machine."""
    from deckcheck.cards import load_cards
    from deckcheck.decks.load import resolve_files
    from deckcheck.rules import check_deck

    db = load_cards()
    paths = {label: [str(p) for p in sorted(folders[label].iterdir())] for label in ("text lists", "Chinese text lists")}

    def once(label: str) -> float:
        start = time.process_time()
        for deck in resolve_files(paths[label], db):
            check_deck(deck, "standard", "2026-11-30", db)
        return time.process_time() - start

    for label in paths:
        once(label)
    times = {label: [] for label in paths}
    for _ in range(max(runs, 5)):
        for label in paths:
            times[label].append(once(label))
    for label, spent in times.items():
        print(f"  in-process {label:<20} {len(paths[label]) / statistics.median(spent):8,.0f} decks/s "
              "(read, resolve, check; CPU time)")
    ratio = statistics.median(times["Chinese text lists"]) / statistics.median(times["text lists"])
    print(f"  in-process Chinese / English: {ratio:.2f}x   target <= 1.2x: {'met' if ratio <= 1.2 else 'NOT met'}")


def chinese_against_english(folders: dict[str, Path], args, env: dict[str, str]) -> None:
    """The same lists written in English and in Chinese (official names, Chinese headers): in this
    process, then as whole commands of one process each (--jobs 1), timed in turn ``args.runs``
    times; the CPU time beyond start-up is the figure (wall time is shown, a busy machine moves it
    most). Target: Chinese within 1.2x English."""
    in_process(folders, args.runs)
    base = [*deckcheck_cmd(), "check", "--output", "json", "--quiet", "--jobs", "1"]
    labels = ("text lists", "Chinese text lists")
    walls: dict[str, list[float]] = {label: [] for label in labels}
    cpus: dict[str, list[float]] = {label: [] for label in labels}
    for _ in range(args.runs):
        for label in labels:
            folder = folders[label]
            got = paired([*base, str(sorted(folder.iterdir())[0])], [*base, str(folder)], 1, env)
            walls[label].append(got["beyond"])
            cpus[label].append(got["beyond_cpu"])
    med = statistics.median
    for label in labels:
        print(f"  {label:<20} {per_second(args.decks - 1, med(cpus[label]))} of CPU time beyond start-up, "
              f"{per_second(args.decks - 1, med(walls[label])).strip()} wall (--jobs 1)")
    ratio = med(cpus["Chinese text lists"]) / med(cpus["text lists"])
    print(f"  Chinese / English CPU time beyond start-up: {ratio:.2f}x (wall: "
          f"{med(walls['Chinese text lists']) / med(walls['text lists']):.2f}x; medians of {args.runs} rounds)   "
          f"target <= 1.2x: {'met' if ratio <= 1.2 else 'NOT met'}")


if __name__ == "__main__":
    main()
