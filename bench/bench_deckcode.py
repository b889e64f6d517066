"""Deck-code throughput on one core, and the 32 real decks through code and back.

Run: .venv/bin/python bench/bench_deckcode.py [seconds per measurement, default 2] [--js DIR]
Prints figures only (rates use CPU time of this process, the best of 5 runs, so a busy machine skews
them least),
each next to its target: decode >= 150,000 codes/s and encode >= 25,000 codes/s (issue 14: twice
the reference JavaScript codec's 76,000 decodes/s).

The decoder remembers the card codes of each printing it has met (the same whatever codes are
read), so a second decode figure forgets them before every code: what the first code of a process
costs.

``--js DIR`` also times the reference JavaScript codec the target is stated against, on this
machine in the same minutes, so the figure does not hang on how fast the host is that hour. DIR is
a folder where ``npm install @piltoverarchive/riftbound-deck-codes@1.1.0`` was run (nothing of it
is kept in this repository); Node.js must be on PATH. That release reads format versions 1-3 and
the sets OGN, OGS, ARC and SFD only, so both codecs decode the same codes: the real decks without
their later sets' cards and rune or special printings, written as version 3.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from deckcheck.cards import load_cards  # noqa: E402
from deckcheck.decks import deckcode, deckcode_codec  # noqa: E402
from deckcheck.decks.model import RawDeck, RawEntry, Zone  # noqa: E402
from deckcheck.decks.resolve import resolve_deck  # noqa: E402
from timing import rate  # noqa: E402


DECODE_TARGET = 150_000
ENCODE_TARGET = 25_000
#: The decode target is twice the reference JavaScript codec's rate (issue 14: 2 x 76,000/s).
REFERENCE_RATIO_TARGET = 2.0
#: What the reference codec (npm 1.1.0) knows: sets 0-3, versions 1-3 and counts up to 12.
REFERENCE_SETS = deckcode.SETS[:4]

#: Times the reference codec over the codes in argv[1] (a JSON list): CPU time, best of 5 runs of
#: argv[2] seconds each after 3 runs that let the JIT compile. Prints the rate, or a line starting
#: with "error" if a code does not decode to the cards it holds.
_JS_HARNESS = r"""
const { getDeckFromCode } = require('@piltoverarchive/riftbound-deck-codes');
const [codes, expected] = JSON.parse(require('fs').readFileSync(process.argv[1], 'utf8'));
const seconds = Number(process.argv[2]);
codes.forEach((code, i) => {
  const got = getDeckFromCode(code).mainDeck.map(c => c.cardCode + 'x' + c.count).sort().join(' ');
  if (got !== expected[i]) { console.log('error: code ' + i + ' decodes to ' + got); process.exit(0); }
});
function run() {
  const t0 = process.cpuUsage(); let n = 0;
  for (;;) {
    for (const c of codes) getDeckFromCode(c);
    n += codes.length;
    const u = process.cpuUsage(t0), el = (u.user + u.system) / 1e6;
    if (el >= seconds) return n / el;
  }
}
for (let i = 0; i < 3; i++) run();
let best = 0;
for (let i = 0; i < 5; i++) best = Math.max(best, run());
console.log(best);
"""


RUNS = 5


def cpu_rate(work, items: list, seconds: float) -> float:
    """Items per second of CPU time, the best of :data:`RUNS` runs of ``seconds / RUNS`` each (as
    bench_check.py quotes the rule check): a run slowed by other work on the machine, which CPU
    time alone does not undo (a shared processor's caches, a host lending its cores), does not count."""
    return max(rate(work, items, seconds / RUNS, clock=time.process_time)[0] for _ in range(RUNS))


def decode_cold(code: str) -> deckcode.DeckCode:
    """Decode with the decoder's remembered card codes forgotten first."""
    for cache in (deckcode_codec._printings, deckcode_codec._rows, deckcode_codec._number_texts):
        cache.cache_clear()
    return deckcode.decode(code)


def real_decks(db) -> list:
    data = json.loads((ROOT / "tests" / "data" / "realdecks.json").read_text())["decks"]
    decks = []
    for real in data:
        entries = [RawEntry(text=card, count=n) for card, n in real["cards"].items()]
        decks.append(resolve_deck(RawDeck(name=real["slug"], reader="flat", entries=entries), db))
    return decks


def zones(deck) -> dict:
    keep = (Zone.LEGEND, Zone.MAIN, Zone.BATTLEFIELDS, Zone.RUNES, Zone.SIDEBOARD)
    out = {z: sorted((e.card.id, e.count) for e in deck.zone(z)) for z in keep}
    out["unknown"] = sorted((u.text.upper(), u.count) for u in deck.unknown)
    return out


def reference_codes(models: list[deckcode.DeckCode]) -> list[str]:
    """The real decks as codes the reference codec reads: their cards of its sets, plain numbers."""
    def known(cards):
        return tuple((c, n) for c, n in cards if c[:3] in REFERENCE_SETS and "-R" not in c and "-SP" not in c)

    codes = []
    for m in models:
        champion = m.champion if m.champion and known([(m.champion, 1)]) else None
        codes.append(deckcode.encode(deckcode.DeckCode(main=known(m.main), sideboard=known(m.sideboard),
                                                       champion=champion)))
    return codes


def reference_rate(folder: str, codes: list[str], decoded: list[deckcode.DeckCode], seconds: float) -> float:
    """The reference codec's decodes a second on ``codes`` (``decoded``: what ours makes of them,
    which the reference must match), timed by Node.js in ``folder``."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("--js needs Node.js (node) on PATH")
    expected = [" ".join(sorted(f"{c}x{n}" for c, n in deck.main)) for deck in decoded]
    work = Path(folder).resolve()
    if not (work / "node_modules" / "@piltoverarchive" / "riftbound-deck-codes").is_dir():
        raise SystemExit(f"no reference codec in {work}: run npm install @piltoverarchive/riftbound-deck-codes@1.1.0 there")
    with tempfile.NamedTemporaryFile("w", suffix=".json", prefix="deckcheck-bench-codes-") as data:
        json.dump([codes, expected], data)
        data.flush()
        done = subprocess.run([node, "-e", _JS_HARNESS, data.name, str(seconds / RUNS)], cwd=work,
                              capture_output=True, text=True, timeout=120 + 10 * seconds)
    line = done.stdout.strip()
    if done.returncode or not line or line.startswith("error"):
        raise SystemExit(f"the reference codec in {work} did not run: {line or done.stderr.strip()[-300:]}")
    return float(line)


def compare_with_reference(folder: str, models: list[deckcode.DeckCode], seconds: float) -> None:
    """Print deckcheck's decode beside the reference codec's, on the same codes, in the same minutes."""
    codes = reference_codes(models)
    decoded = [deckcode.decode(code) for code in codes]
    ours = cpu_rate(deckcode.decode, codes, seconds)
    theirs = reference_rate(folder, codes, decoded, seconds)
    ratio = ours / theirs
    versions = "/".join(str(v) for v in sorted({deck.version for deck in decoded}))
    print(f"decode beside the reference JavaScript codec (npm 1.1.0, {len(codes)} codes of its sets, version {versions}): "
          f"deckcheck {ours:,.0f}/s, reference {theirs:,.0f}/s: {ratio:.2f}x   "
          f"target >= {REFERENCE_RATIO_TARGET:.0f}x: {'met' if ratio >= REFERENCE_RATIO_TARGET else 'NOT met'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("seconds", nargs="?", type=float, default=2.0, help="seconds per measurement (default 2)")
    parser.add_argument("--js", metavar="DIR", help="also time the reference JavaScript codec installed in DIR with npm")
    args = parser.parse_args()
    seconds, js = args.seconds, args.js
    db = load_cards()
    decks = real_decks(db)
    codes = [deckcode.write(d).strip() for d in decks]
    models = [deckcode.decode(c) for c in codes]
    print(f"{len(codes)} real decks, codes of {min(map(len, codes))}-{max(map(len, codes))} characters, "
          f"{sum(sum(n for _, n in m.main) for m in models) / len(models):.0f} cards each; "
          f"rates are CPU time, best of {RUNS} runs")

    decoded = cpu_rate(deckcode.decode, codes, seconds)
    encoded = cpu_rate(deckcode.encode, models, seconds)
    print(f"decode  (code -> DeckCode)      {decoded:>10,.0f} codes/s   target >= {DECODE_TARGET:,}/s: "
          f"{'met' if decoded >= DECODE_TARGET else 'NOT met'}")
    print(f"encode  (DeckCode -> code)      {encoded:>10,.0f} codes/s   target >= {ENCODE_TARGET:,}/s: "
          f"{'met' if encoded >= ENCODE_TARGET else 'NOT met'}")
    if js is not None:
        compare_with_reference(js, models, seconds)
    print(f"decode, card codes made afresh      {cpu_rate(decode_cold, codes, seconds):>6,.0f} codes/s   (a process's first code)")
    print(f"read    (code -> RawDeck)       {cpu_rate(deckcode.read, codes, seconds):>10,.0f} codes/s")
    print(f"write   (Deck -> code)          {cpu_rate(deckcode.write, decks, seconds):>10,.0f} decks/s")

    start = time.process_time()
    same = exact = 0
    for deck, code in zip(decks, codes):
        again = resolve_deck(deckcode.read(code), db)
        same += zones(again) == zones(deck)
        exact += deckcode.write(again).strip() == code
    elapsed = time.process_time() - start
    print(f"round trip deck -> code -> deck: {same}/{len(decks)} identical decks, "
          f"{exact}/{len(decks)} identical codes, {elapsed / len(decks) * 1000:.2f} ms per deck (with resolve)")


if __name__ == "__main__":
    main()
