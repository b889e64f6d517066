"""A folder of 1,000 registrations, some broken: every good deck is checked, every bad one listed."""

from __future__ import annotations

import json
import os
from pathlib import Path

from cli.support import run_deckcheck

SAMPLES = Path(__file__).resolve().parents[2] / "sample_decks"
AS_OF = "2026-11-30"  # after Radiance's release: the Radiance samples are checked as released
TOTAL = 1_000


def _bad_files(root: Path) -> dict[str, str]:
    """Make the broken entries; return relative path -> what its error must say."""
    bad = {
        "broken/not-a-deck.txt": ("this is not a deck\nreally not\n", "not a decklist in any format"),
        "broken/empty.txt": ("", "the deck is empty"),
        "broken/blank.deck": (" \n\t\n", "the deck is empty"),
        "broken/photo.txt": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "a PNG image"),
        "broken/scan.pdf.txt": (b"%PDF-1.7\n%\xe2\xe3\n", "a PDF document"),
        "broken/latin1.txt": (b"Legend:\n1 Jinx, Loose Cannon\n2 Pouty P\xf6ro\n", "not valid UTF-8 text: byte 0xF6"),
        "broken/nul.txt": (b"3 Cleave\n\x00\x00\x00", "NUL byte at byte offset 9"),
        "broken/bomb.yaml": ("format_version: 1\na: &a [x, x]\nb: &b [*a, *a]\nc: &c [*b, *b]\nd: &d [*c, *c]\n"
                             "e: &e [*d, *d]\nf: &f [*e, *e]\n", "too many YAML aliases"),
        "broken/cycle.yaml": ("format_version: 1\nmain: &m\n  - *m\n", "a cycle"),
        "broken/list.json": ('["Jinx, Loose Cannon"]', "a deck file must be a mapping"),
        "broken/truncated.code": ("CMAAAAAAAEAQKAABAYAAAAAB", "truncated deck code"),
        "broken/too-long.code": ("C" + "A" * 5000, "deck code too long"),
        "broken/big.txt": ("3 Cleave\n" * 120_000, "too large"),
    }
    for name, (content, _) in bad.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
    links = {
        "links/self.txt": ("self.txt", "symbolic link loop"),
        "links/up": ("..", "symbolic link loop"),
        "links/gone.txt": ("nowhere.txt", "broken symbolic link"),
    }
    for name, (target, message) in links.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        os.symlink(target, root / name)
        bad[name] = (None, message)
    os.symlink("/proc/self/mem", root / "links" / "mem.txt")  # outside the folder: never opened, skipped
    os.mkfifo(root / "broken" / "pipe.txt")
    bad["broken/pipe.txt"] = (None, "not a regular file")
    return {name: message for name, (_, message) in bad.items()}


def _good_files(root: Path, count: int) -> dict[str, str]:
    """``count`` copies of the sample decks in nested folders; return relative path -> sample name."""
    samples = sorted(p for p in SAMPLES.iterdir() if p.suffix in (".txt", ".code", ".yaml"))
    made = {}
    for i in range(count):
        sample = samples[i % len(samples)]
        name = f"good/{i % 10}/{i:04d}-{sample.name}"
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(sample.read_bytes())
        made[name] = sample.name
    return made


def test_a_folder_of_1000_with_broken_entries_checks_every_good_deck_and_lists_every_bad_one(tmp_path):
    root = tmp_path / "registrations"
    bad = _bad_files(root)
    good = _good_files(root, TOTAL - len(bad))
    (root / ".hidden-draft.txt").write_text("3 Cleave\n")  # hidden: skipped
    (root / "README.md").write_text("# not a deck\n")  # not a deck ending: skipped
    # The expected verdict is the sample file's name (legal-/illegal-/unverified-...), not the checker's.
    verdicts = {sample: sample.split("-")[0] for sample in set(good.values())}
    assert set(verdicts.values()) == {"legal", "illegal", "unverified"}

    done = run_deckcheck("check", str(root), "--as-of", AS_OF, "--output", "json", timeout=240)
    assert done.returncode == 2 and done.stderr == ""
    report = json.loads(done.stdout)

    decks = {os.path.relpath(d["source"], root): d for d in report["decks"]}
    assert set(decks) == set(good)
    for name, sample in good.items():
        assert decks[name]["verdict"] == verdicts[sample], name
    unreadable = {os.path.relpath(u["source"], root): u["error"] for u in report["unreadable"]}
    assert set(unreadable) == set(bad)
    skipped = {os.path.relpath(s["source"], root): s["reason"] for s in report["skipped"]}
    assert "outside the folder named: not followed" in skipped["links/mem.txt"]
    for name, message in bad.items():
        assert message in unreadable[name], (name, unreadable[name])
    assert report["summary"]["decks"] == len(good) and report["summary"]["unreadable"] == len(bad)
    expected = [verdicts[sample] for sample in good.values()]
    assert (report["summary"]["legal"], report["summary"]["illegal"], report["summary"]["unverified"]) == (
        expected.count("legal"), expected.count("illegal"), expected.count("unverified"))
    assert len(good) + len(bad) == TOTAL
