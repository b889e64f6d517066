"""Chinese in, Chinese out: a folder of Chinese lists checked with Chinese output, against the same folder
written in English, in one process (``check_paths(...).render("text")``, what ``deckcheck check FOLDER``
prints in a pipe).

The 32 real tournament lists of ``tests/data/realdecks.json`` are written by deckcheck's text writer in
English and in Chinese (official Chinese card names and section headers), round-robin into ``--decks``
files per folder, by bench_folder.py (file ``i`` names its deck ``<slug> (file i)`` and rotates its main
deck by ``i`` lines, so no two files are alike). Three runs are timed in turn, ``--runs`` times:

- the English folder, English output (the baseline);
- the Chinese folder, Chinese output (its own language: names read in Chinese, every message said in
  Chinese through the catalog, cards named in Chinese);
- the Chinese folder with ``lang="en"`` (reading Chinese, answering in English), which tells the cost
  of reading Chinese names from the cost of saying the answer in Chinese.

The process's CPU time is measured (``--jobs 1``: all the work is this process's), medians are quoted, and the ratio of each run to the English run of the same round (median of the
ratios), so a drift of the machine's speed moves it least. The target: Chinese within 1.2x the English.
Prints figures; asserts nothing.

Run: ``.venv/bin/python bench/bench_chinese.py [--decks 500] [--runs 7]``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

TARGET = 1.2  # Chinese time / English time


def write_folders(base: Path, count: int) -> dict[str, Path]:
    """``count`` text lists in English and the same lists in Chinese (bench_folder.py writes them, with the
    other forms it times)."""
    from bench_folder import write_folders as write_forms

    forms = write_forms(base, count)
    return {"en": forms["text lists"], "zh": forms["Chinese text lists"]}


def check_folder(folder: Path, lang: str | None) -> tuple[float, str]:
    """CPU seconds to check ``folder`` in this process and render its text output in ``lang`` (the
    process's own CPU time: other work on a busy machine moves it less than the wall clock), and that text."""
    from deckcheck import clear_caches
    from deckcheck.batch import check_paths

    clear_caches()
    start = time.process_time()
    batch = check_paths([str(folder)], as_of="2026-11-30", jobs=1)
    shown = batch.render("text", lang=lang)
    return time.process_time() - start, shown


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=500)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="deckcheck-bench-") as tmp:
        folders = write_folders(Path(tmp), args.decks)
        cases = {"English lists, English output": (folders["en"], None),
                 "Chinese lists, Chinese output": (folders["zh"], None),
                 "Chinese lists, --lang en": (folders["zh"], "en")}
        for folder, lang in cases.values():  # warm up: card data, formats, the catalog
            check_folder(folder, lang)
        times: dict[str, list[float]] = {label: [] for label in cases}
        for _ in range(args.runs):
            for label, (folder, lang) in cases.items():
                times[label].append(check_folder(folder, lang)[0])
        sample = check_folder(folders["zh"], None)[1].splitlines()
    base = times["English lists, English output"]
    print(f"{args.decks} lists per folder, {args.runs} rounds (one process, --jobs 1)")
    for label, spent in times.items():
        ratios = [t / b for t, b in zip(spent, base)]
        print(f"  {label:32} median {statistics.median(spent) * 1000:7.0f} ms"
              f"  ({args.decks / statistics.median(spent):6.0f} lists/s)  x{statistics.median(ratios):.2f} of English")
    chinese = statistics.median(t / b for t, b in zip(times["Chinese lists, Chinese output"], base))
    print(f"target: Chinese within {TARGET}x the English: {'met' if chinese <= TARGET else 'NOT met'} ({chinese:.2f}x)")
    print("the Chinese output's last line:", sample[-1])


if __name__ == "__main__":
    main()
