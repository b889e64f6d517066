"""Cold start of ``deckcheck check one-deck.txt`` next to the import of its own stack
(``python -c "import typer, pydantic, rich.console"``) measured in the same run, where the time
goes, and the throughput of a folder of copies of one deck (``bench_folder.py`` measures real lists).

Run: ``.venv/bin/python bench/bench_cli.py [--runs 10] [--deck FILE]``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DECK = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"
#: Cold check / import of the stack, medians of the same run (issue 14: at most 1.5, aim for 1.25).
TARGET_RATIO = 1.5
AIM_RATIO = 1.25
STACK_IMPORT = "import typer, pydantic, rich.console"

# One cold process, timing each stage of a check in order (each stage pays for its own imports).
PHASES = r"""
import sys, time
T = time.perf_counter
marks = [("interpreter start", T())]
def mark(name): marks.append((name, T()))
import typer; mark("import typer")
from deckcheck.cli import build_app, _command; command = _command(build_app(["check"])); mark("build the check command")
from deckcheck.cards import load_cards; db = load_cards(); mark("load the card database")
from deckcheck.decks.load import read_file; raw = read_file(sys.argv[1]); mark("read the deck")
from deckcheck.decks.resolve import resolve_deck; deck = resolve_deck(raw, db); mark("resolve")
import deckcheck.rules as rules; mark("import the rule engine")
spec = rules.load_format("standard"); mark("load the format (checked, from the cache)")
report = rules.check_deck(deck, spec, None, cards=db); mark("check")
from deckcheck.render.text import render_text; text = render_text([report]).plain(); mark("render the text (plain)")
print("  modules never imported:", ", ".join(m for m in ("pydantic", "rich", "yaml") if m not in sys.modules))
for (_, a), (name, b) in zip(marks, marks[1:]):
    print(f"{(b - a) * 1000:9.1f}  {name}")
print(f"{(marks[-1][1] - marks[0][1]) * 1000:9.1f}  total after interpreter start")
"""


def timed(cmd: list[str], runs: int, env: dict[str, str]) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        times.append((time.perf_counter() - start) * 1000)
    return times


def deckcheck_cmd() -> list[str]:
    exe = Path(sys.executable).with_name("deckcheck")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "deckcheck"]


def import_breakdown(deck: Path, env: dict[str, str], top: int) -> None:
    """``python -X importtime``: the heaviest imports made directly by deckcheck or the interpreter."""
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "deckcheck", "check", str(deck)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    rows = []
    for line in result.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        self_us, cumulative_us, name = line.removeprefix("import time:").split("|", 2)
        try:
            rows.append((int(self_us), int(cumulative_us), name.rstrip()))
        except ValueError:
            continue  # the header line
    packages: dict[str, int] = defaultdict(int)
    for self_us, _, name in rows:
        packages[name.strip().split(".")[0]] += self_us
    total = sum(packages.values())
    print(f"\nimport time by package (self time summed, {total / 1000:.0f} ms in all):")
    for package, us in sorted(packages.items(), key=lambda kv: -kv[1])[:top]:
        print(f"  {us / 1000:7.1f} ms  {package}")
    outer = [(cum, name.strip()) for _, cum, name in rows if len(name) - len(name.lstrip()) <= 1]
    print("\nheaviest top-level imports (cumulative; candidates to make lazy):")
    for cum, name in sorted(outer, reverse=True)[:top]:
        print(f"  {cum / 1000:7.1f} ms  {name}")
    mine = [(self_us, name.strip()) for self_us, _, name in rows if name.strip().startswith("deckcheck")]
    print("\ndeckcheck modules by self time (module body: regexes, models, tables):")
    for self_us, name in sorted(mine, reverse=True)[:top]:
        print(f"  {self_us / 1000:7.1f} ms  {name}")


def folder_throughput(deck: Path, env: dict[str, str], copies: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        for i in range(copies):
            shutil.copy(deck, Path(folder) / f"deck{i:04}.txt")
        for output in ("text", "json"):
            start = time.perf_counter()
            subprocess.run([*deckcheck_cmd(), "check", folder, "-o", output],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
            seconds = time.perf_counter() - start
            print(f"  {copies} decks, --output {output:<5} {seconds * 1000:7.0f} ms  "
                  f"({copies / seconds:5.0f} decks/s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--deck", type=Path, default=DEFAULT_DECK)
    parser.add_argument("--copies", type=int, default=300, help="decks in the throughput folder")
    parser.add_argument("--top", type=int, default=12)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="deckcheck-pycache-") as pycache:
        # As installed: bytecode cached (kept out of the checkout with PYTHONPYCACHEPREFIX).
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(NO_COLOR="1", PYTHONPYCACHEPREFIX=pycache)
        cold_start(args, env, "bytecode cached, as after pip install")
        if os.environ.get("PYTHONDONTWRITEBYTECODE"):
            cold_start(args, {**os.environ, "NO_COLOR": "1"}, "this shell: PYTHONDONTWRITEBYTECODE is set, "
                       "so every run compiles from source")
        run_details(args, env)


def cold_start(args, env: dict[str, str], label: str) -> None:
    subprocess.run([*deckcheck_cmd(), "check", str(args.deck)], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, env=env)  # warm the disk cache and bytecode cache
    bare, stack, imports, check = [], [], [], []
    for _ in range(args.runs):  # interleaved, so a change in the machine's speed hits all alike
        bare += timed([sys.executable, "-c", "pass"], 1, env)
        stack += timed([sys.executable, "-c", STACK_IMPORT], 1, env)
        imports += timed([sys.executable, "-c", "import deckcheck.cli"], 1, env)
        check += timed([*deckcheck_cmd(), "check", str(args.deck)], 1, env)
    print(f"cold start, median of {args.runs} runs ({label}; {os.cpu_count()} CPUs, "
          f"Python {sys.version.split()[0]}, load average {os.getloadavg()[0]:.1f}):")
    print(f"  {statistics.median(bare):7.1f} ms  python -c pass")
    print(f"  {statistics.median(stack):7.1f} ms  python -c '{STACK_IMPORT}'   (the stack deckcheck is built on)")
    print(f"  {statistics.median(imports):7.1f} ms  python -c 'import deckcheck.cli'")
    median = statistics.median(check)
    ratio = median / statistics.median(stack)
    verdict = "met" if ratio <= TARGET_RATIO else "NOT met"
    print(f"  {median:7.1f} ms  deckcheck check {args.deck.name}   (min {min(check):.1f}, max {max(check):.1f})")
    print(f"  ratio {ratio:.2f} x the stack's import   target <= {TARGET_RATIO}x: {verdict}; "
          f"aim {AIM_RATIO}x: {'met' if ratio <= AIM_RATIO else 'not yet'}\n")


def format_cache(args, env: dict[str, str]) -> None:
    """A cold check with the bundled format and with an event's format file, the per-user format
    cache on (warm) and off, in turn: what the cache (deckcheck/cache.py) buys."""
    with tempfile.TemporaryDirectory() as folder:
        event = Path(folder) / "event.yaml"
        event.write_text("extends: standard\nname: store championship\nadd_bans:\n  - {card: Cleave, from: 2026-01-01}\n")
        for label, extra in (("standard", []), ("event.yaml", ["--format", str(event)])):
            cmd = [*deckcheck_cmd(), "check", str(args.deck), *extra]
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)  # the entry is made
            cached, uncached = [], []
            for _ in range(args.runs):
                cached += timed(cmd, 1, env)
                uncached += timed(cmd, 1, {**env, "DECKCHECK_NO_CACHE": "1"})
            ratio = statistics.median(uncached) / statistics.median(cached)
            print(f"  format {label:<10}  cache on {statistics.median(cached):7.1f} ms, off "
                  f"{statistics.median(uncached):7.1f} ms: off/on {ratio:.2f}x")


def run_details(args, env: dict[str, str]) -> None:
    print("where one cold check spends its time (ms; bytecode cached):")
    phases = subprocess.run([sys.executable, "-c", PHASES, str(args.deck)], capture_output=True, text=True, env=env)
    print(phases.stdout.rstrip() or phases.stderr)

    print(f"\nthe format cache, medians of {args.runs} runs in turn:")
    format_cache(args, env)
    import_breakdown(args.deck, env, args.top)
    print("\nthroughput of a folder:")
    folder_throughput(args.deck, env, args.copies)


if __name__ == "__main__":
    main()
