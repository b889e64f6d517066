"""``deckcheck check FOLDER`` shares a large folder among the cores: what it prints and its exit
code are the same as when one process checks everything (``--jobs 1``)."""

from __future__ import annotations

import json
import os
import shutil

import pytest
from cli.support import run_cli, run_deckcheck
from cli.test_check import SAMPLES, assert_clean_failure

from deckcheck.workers import MIN_JOBS

AS_OF = "2026-11-30"
fork_only = pytest.mark.skipif(not hasattr(os, "fork"), reason="workers are forked (POSIX)")


def big_folder(tmp_path):
    """More than MIN_JOBS inputs: every sample deck many times over, a registrations export, a
    broken deck code, a binary file and an empty list (the unreadable inputs sit among the rest)."""
    folder = tmp_path / "decks"
    folder.mkdir()
    samples = [p for p in sorted(SAMPLES.iterdir()) if p.is_file() and p.suffix != ".md"]
    for i in range(MIN_JOBS + 20):
        source = samples[i % len(samples)]
        (folder / f"{i:03d}-{source.name}").write_bytes(source.read_bytes())
    shutil.copy(SAMPLES / "registrations" / "registrations.csv", folder / "050-registrations.csv")
    (folder / "060-broken.code").write_text("CEAAAAA!!!\n")
    (folder / "070-photo.txt").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(40))
    (folder / "080-empty.txt").write_text("\n\n")
    return folder


@fork_only
@pytest.mark.parametrize("output", ["json", "text", "sarif", "concise", "csv"])
def test_shared_among_processes_the_output_is_the_same(tmp_path, output, capsys):
    folder = big_folder(tmp_path)
    alone = run_cli(capsys, "check", str(folder), "-o", output, "--as-of", AS_OF, "--jobs", "1")
    shared = run_cli(capsys, "check", str(folder), "-o", output, "--as-of", AS_OF, "--jobs", "2")
    assert alone.returncode == shared.returncode == 2, "an unreadable input makes the batch exit 2"
    assert shared.stdout == alone.stdout
    assert shared.stderr == alone.stderr
    if output == "json":
        document = json.loads(shared.stdout)
        assert document["summary"]["decks"] > MIN_JOBS
        assert [u["source"].rsplit("/", 1)[-1] for u in document["unreadable"]] == \
            ["060-broken.code", "070-photo.txt", "080-empty.txt"]


@fork_only
def test_statistics_and_selection_are_the_same_when_shared(tmp_path, capsys):
    folder = big_folder(tmp_path)
    for extra in (["--statistics"], ["--select", "RB1,RB6", "-o", "json"], ["--ignore", "RB004", "-q"]):
        alone = run_cli(capsys, "check", str(folder), "--as-of", AS_OF, "-j", "1", *extra)
        shared = run_cli(capsys, "check", str(folder), "--as-of", AS_OF, *extra)  # default: one process per core
        assert (shared.returncode, shared.stdout) == (alone.returncode, alone.stdout), extra


@fork_only
def test_a_shared_batch_shows_its_progress_bar_in_a_terminal(tmp_path):
    """The bar is drawn without a thread of its own (a fork copies one thread only), up to the end."""
    import pty

    from conftest import drain_terminal

    folder = tmp_path / "many"
    folder.mkdir()
    jinx = (SAMPLES / "legal-jinx-loose-cannon.txt").read_text()
    for i in range(MIN_JOBS + 50):
        (folder / f"deck{i:03d}.txt").write_text(jinx + f"# copy {i}\n")
    leader, follower = pty.openpty()
    try:
        in_terminal = run_deckcheck("check", str(folder), "-o", "json", "--as-of", AS_OF, stderr=follower)
    finally:
        os.close(follower)
    shown = drain_terminal(leader)
    assert b"checking" in shown and b"150/150" in shown
    assert b"Warning" not in shown and b"Traceback" not in shown
    document = json.loads(in_terminal.stdout)
    assert in_terminal.returncode == 0 and document["summary"]["legal"] == MIN_JOBS + 50


@pytest.mark.parametrize("value", ["0", "-2", "two", "1.5", ""])
def test_jobs_must_be_a_whole_number_of_processes(value, capsys):
    result = run_cli(capsys, "check", str(SAMPLES / "legal-jinx-loose-cannon.txt"), "--jobs", value)
    assert_clean_failure(result, "--jobs", "whole number")


@fork_only
def test_shared_json_exit_code_follows_the_decks_checked_in_workers(tmp_path, capsys):
    """With ``-o json`` a worker sends back only each deck's part of the document and its verdict:
    the exit code still says 0 for a folder of legal decks, 1 when one deck far down the folder
    (checked in a worker) is illegal, and 1 under ``--strict`` when one only warns."""
    legal = SAMPLES / "legal-sett-the-boss-with-ids.txt"
    folder = tmp_path / "decks"
    folder.mkdir()
    for i in range(3 * MIN_JOBS):
        (folder / f"{i:03d}.txt").write_bytes(legal.read_bytes())

    def both(*extra):
        alone = run_cli(capsys, "check", str(folder), "-o", "json", "--as-of", AS_OF, "--jobs", "1", *extra)
        shared = run_cli(capsys, "check", str(folder), "-o", "json", "--as-of", AS_OF, "--jobs", "2", *extra)
        assert shared.stdout == alone.stdout
        return alone.returncode, shared.returncode, json.loads(shared.stdout)["summary"]

    assert both() == (0, 0, both()[2]) and both()[2]["legal"] == 3 * MIN_JOBS
    last = folder / f"{3 * MIN_JOBS - 1:03d}.txt"
    last.write_text(legal.read_text().replace("Wallop x1 [OGN-146]", "Walop x1 [OGN-146]", 1))
    lenient, lenient_shared, summary = both()
    assert (lenient, lenient_shared) == (0, 0) and summary["with_warnings"] == 1
    strict, strict_shared, summary = both("--strict")
    assert (strict, strict_shared) == (1, 1) and summary["failed"] == 1
    (folder / f"{3 * MIN_JOBS - 2:03d}.txt").write_text(
        (SAMPLES / "illegal-kaisa-too-many-copies.txt").read_text())
    illegal, illegal_shared, summary = both()
    assert (illegal, illegal_shared) == (1, 1) and summary["illegal"] == 1


def test_a_batch_that_keeps_its_decks_reports_the_same_with_each_deck_beside_its_report(tmp_path):
    """2v2 pairs and sheets keep the decks: the same chunks in this process, the same reports, and
    ``--debug`` still makes an unreadable input its error (only a bug is raised)."""
    from deckcheck import check_paths

    folder = big_folder(tmp_path)
    plain = check_paths([str(folder)], as_of=AS_OF, jobs=1)
    for kept in (check_paths([str(folder)], as_of=AS_OF, keep_decks=True),
                 check_paths([str(folder)], as_of=AS_OF, debug=True)):
        assert kept.render("json") == plain.render("json") and kept.exit_code() == plain.exit_code() == 2
        assert [str(e) for e in kept.unreadable] == [str(e) for e in plain.unreadable]
    decks = check_paths([str(folder)], as_of=AS_OF, keep_decks=True)
    assert len(decks.decks) == len(decks.reports) > MIN_JOBS
    assert all(d.source == r.source and d.name == r.name for d, r in zip(decks.decks, decks.reports))
