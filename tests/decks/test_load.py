"""Reading decks from files, folders, globs, stdin and strings: detection, encodings, limits, bad files."""

from __future__ import annotations

import io
import os
import shutil
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import REPO, deckcode_vectors
from deckcheck.decks import load
from deckcheck.decks.load import iter_deck_files, iter_decks, load_deck, read_deck, read_file, read_text
from deckcheck.errors import DeckcheckError, DeckReadError

SAMPLES = REPO / "sample_decks"
JINX = SAMPLES / "legal-jinx-loose-cannon.txt"
KENNEN = SAMPLES / "legal-kennen-chaos-order.code"


def summary(deck) -> dict:
    return {
        "legend": deck.legend.card.name if deck.legend else None,
        "champion": deck.champion.card.name if deck.champion else None,
        "main": sorted((e.card.name, e.count) for e in deck.main),
        "runes": sorted((e.card.name, e.count) for e in deck.runes),
        "battlefields": sorted(e.card.name for e in deck.battlefields),
        "sideboard": sorted((e.card.name, e.count) for e in deck.sideboard),
    }


# ---------------------------------------------------------------------------- detection
def test_every_sample_deck_is_detected_and_loads(db):
    readers = {}
    for path in sorted(SAMPLES.iterdir()):
        if path.suffix == ".md" or path.is_dir():  # registrations/ holds an export, not decks
            continue
        deck = load_deck(path, db)
        readers[path.suffix] = deck.reader
        assert deck.legend is not None, path.name
        assert deck.main_count + sum(u.count for u in deck.unknown) >= 40, path.name
    assert readers[".txt"] == "text" and readers[".code"] == "code"


def test_detection_of_each_format(db):
    from deckcheck.decks import deckcode, pixelborn, tts

    deck = load_deck(SAMPLES / "legal-viktor-mind-order-headerless.txt", db)  # no sideboard: TTS has none
    for module, expected in ((deckcode, "code"), (tts, "tts"), (pixelborn, "pixelborn")):
        written = module.write(deck)
        assert read_text(written).reader == expected
        assert summary(load_deck(written, db)) == summary(deck), expected
    assert read_text(JINX.read_text()).reader == "text"


def test_named_format_wins_and_unknown_formats_are_refused():
    code = deckcode_vectors()["vectors"][0]["code"]
    assert read_text(code, fmt="code").reader == "code"
    with pytest.raises(DeckcheckError, match="unknown deck format 'cod'"):
        read_text(code, fmt="cod")
    with pytest.raises(DeckReadError, match="not a decklist in any format"):
        read_text("\u2603\u2603\u2603 ??? !!!", source="snow.txt")


def test_file_ending_decides_the_format(tmp_path):
    wrong = tmp_path / "deck.code"
    wrong.write_text(JINX.read_text())
    with pytest.raises(DeckReadError, match="not a deck code") as info:
        read_file(wrong)
    assert info.value.file == str(wrong)
    renamed = tmp_path / "kennen.txt"
    renamed.write_text(KENNEN.read_text())
    assert read_file(renamed).reader == "code"


# ---------------------------------------------------------------------------- encodings
@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le-bom", "utf-16-be-bom", "utf-32"])
def test_encodings(db, tmp_path, encoding):
    plain = JINX.read_text(encoding="utf-8").replace("\n", "\r\n")
    if encoding == "utf-16-le-bom":
        data = b"\xff\xfe" + plain.encode("utf-16-le")
    elif encoding == "utf-16-be-bom":
        data = b"\xfe\xff" + plain.encode("utf-16-be")
    else:
        data = plain.encode(encoding)
    path = tmp_path / "deck.txt"
    path.write_bytes(data)
    assert summary(load_deck(path, db)) == summary(load_deck(JINX, db))


def test_invalid_utf8_names_the_file_and_byte_offset(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes("Légende:\n".encode("latin-1") + b"3 Cleave\n")
    with pytest.raises(DeckReadError) as info:
        read_file(path)
    assert str(info.value) == f"{path}:1: not valid UTF-8 text: byte 0xE9 at byte offset 1 (save the file as UTF-8)"


def test_nul_bytes_are_binary(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_bytes(b"Legend:\nLoose Cannon\n\x00\x01\x02")
    with pytest.raises(DeckReadError, match="NUL byte at byte offset 21"):
        read_file(path)
    path.write_bytes("Legend:\nLoose Cannon\n".encode("utf-16-le"))
    with pytest.raises(DeckReadError, match="UTF-16 without a byte-order mark"):
        read_file(path)


# ---------------------------------------------------------------------------- limits
def test_size_and_line_limits(tmp_path):
    big = tmp_path / "big.txt"
    big.write_bytes(b"3 Cleave\n" * (1024 * 1024 // 9 + 1))
    with pytest.raises(DeckReadError, match="too large") as info:
        read_file(big)
    assert info.value.file == str(big)

    deck = JINX.read_text()
    many = tmp_path / "many.txt"
    many.write_text(deck + "\n" * (10_000 - deck.count("\n")))  # 10,000 lines, each ending in a line break
    assert read_file(many).reader == "text"
    many.write_text(deck + "\n" * (10_001 - deck.count("\n")))
    with pytest.raises(DeckReadError, match="too many lines \\(10,001; the limit is 10,000\\)"):
        read_file(many)
    with pytest.raises(DeckReadError, match="too many lines"):
        read_text("\r" * 20_000 + deck)


def test_a_file_of_any_size_to_the_limit_is_read_whole(tmp_path):
    """A list is read in one read when small, and measured and read on when larger: every size
    around the first read's and up to the limit gives the file's bytes."""
    path = tmp_path / "sized.txt"
    first = load._FIRST_READ
    for size in (0, 1, first - 1, first, first + 1, first + 2, 3 * first + 5, load.MAX_BYTES):
        data = bytes((65 + i % 26) for i in range(size))
        path.write_bytes(data)
        assert load.read_bytes(str(path)) == data, size
    path.write_bytes(b"x" * (load.MAX_BYTES + 1))
    with pytest.raises(DeckReadError, match="too large \\(1,048,577 bytes; the limit is 1 MiB\\)"):
        load.read_bytes(str(path))


def test_a_file_that_grows_while_it_is_read_is_read_to_its_end_within_the_limit(tmp_path, monkeypatch):
    """The size a file had when measured is only where reading starts: a list still being written
    is read whole, and one that grows past 1 MiB is refused."""
    listing = JINX.read_bytes() * (2 * load._FIRST_READ // len(JINX.read_bytes()) + 1)  # more than one read
    path = tmp_path / "growing.txt"
    path.write_bytes(listing)
    measured = os.fstat
    for then in (load._FIRST_READ + 1, load._FIRST_READ + 10):  # what the first read took, and more

        def smaller(fd, then=then):  # the size the file had a moment ago
            info = measured(fd)
            return os.stat_result((*info[:6], then, *info[7:]))

        monkeypatch.setattr(load.os, "fstat", smaller)
        assert load.read_bytes(str(path)) == listing, then
    path.write_bytes(b"3 Cleave\n" * (load.MAX_BYTES // 9 + 1))
    with pytest.raises(DeckReadError, match="too large \\(over 1 MiB\\)"):
        load.read_bytes(str(path))


def test_a_folder_read_as_a_file_is_a_directory(tmp_path):
    with pytest.raises(DeckReadError, match="is a directory") as info:
        load.read_bytes(str(tmp_path))
    assert info.value.file == str(tmp_path)


def test_an_endless_device_is_refused_quickly():
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero on this system")
    start = time.perf_counter()
    with pytest.raises(DeckReadError, match="too large"):
        read_file("/dev/zero")
    assert time.perf_counter() - start < 5


# ---------------------------------------------------------------------------- folders
def build_tree(root: Path) -> dict[str, str | None]:
    """A folder of decks where some files are bad; returns path -> expected error (None = a deck)."""
    (root / "nested" / "deeper").mkdir(parents=True)
    shutil.copy(JINX, root / "jinx.txt")
    shutil.copy(KENNEN, root / "kennen.code")
    shutil.copy(SAMPLES / "legal-ornn-calm-mind.txt", root / "nested" / "deeper" / "ornn.deck")
    shutil.copy(SAMPLES / "legal-viktor-mind-order-headerless.txt", root / "nested" / "viktor")
    (root / "broken.txt").write_text("this is not a deck at all\n???\n")
    (root / "binary.deck").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    (root / "empty.txt").write_bytes(b"")
    if os.geteuid() == 0:  # root reads any file; /proc/self/mem lies outside: a folder walk never follows it
        os.symlink("/proc/self/mem", root / "secret.txt")
    else:
        (root / "secret.txt").write_text(JINX.read_text())
        (root / "secret.txt").chmod(0)
    os.symlink("self.txt", root / "self.txt")
    os.symlink("..", root / "nested" / "up")
    os.symlink("nowhere.txt", root / "gone.txt")
    os.symlink("jinx.txt", root / "jinx-again.txt")
    os.mkfifo(root / "pipe.txt")
    (root / ".hidden.txt").write_text("3 Cleave\n")
    (root / "picture.png").write_bytes(b"\x89PNG")
    (root / "README.md").write_text("# not a deck\n")
    unreadable = {} if os.geteuid() == 0 else {"secret.txt": "cannot read"}
    return {
        **unreadable,
        "binary.deck": "binary data, not a decklist: a PNG image",
        "broken.txt": "not a decklist in any format",
        "empty.txt": "the deck is empty",
        "gone.txt": "broken symbolic link",
        "jinx.txt": None,
        "jinx-again.txt": None,
        "kennen.code": None,
        "nested/deeper/ornn.deck": None,
        "nested/up": "symbolic link loop",
        "nested/viktor": None,
        "pipe.txt": "not a regular file",
        "self.txt": "symbolic link loop",
    }


def test_a_folder_with_broken_binary_empty_unreadable_and_looping_entries(tmp_path):
    expected = build_tree(tmp_path)
    start = time.perf_counter()
    items = list(iter_decks([tmp_path]))
    assert time.perf_counter() - start < 30
    got = {os.path.relpath(item.path, tmp_path): item for item in items}
    assert set(got) == set(expected)
    for name, error in expected.items():
        item = got[name]
        if error is None:
            assert item.error is None and item.deck.entries, (name, item.error)
        else:
            assert item.deck is None and error in str(item.error), (name, str(item.error))
            assert str(item.error).startswith(str(tmp_path / name)), str(item.error)


def test_a_folder_walk_names_each_file_as_the_folder_was_spelled_and_once(tmp_path, monkeypatch):
    (tmp_path / "decks").mkdir()
    names = ["a.txt", "B.TXT", "c", "d.deck", "e.x.json", "f.", "notes.md", "sheet.csv"]
    for name in names:
        (tmp_path / "decks" / name).write_text("3 Cleave\n")
    monkeypatch.chdir(tmp_path)
    wanted = ["B.TXT", "a.txt", "c", "d.deck", "e.x.json", "f."]  # "f." has no ending, as pathlib reads it
    for spelled in ("decks", "decks/", "./decks", str(tmp_path / "decks"), str(tmp_path / "decks") + "/"):
        skipped: list = []
        found = [item.path for item in iter_deck_files([spelled], skipped=skipped)]
        assert found == [os.path.join(spelled, name) for name in wanted], spelled
        assert sorted(s.source for s in skipped) == [os.path.join(spelled, n) for n in ("notes.md", "sheet.csv")]
    assert [item.path for item in iter_deck_files(["decks", "./decks/", str(tmp_path / "decks")])] == \
        [os.path.join("decks", name) for name in wanted]  # the same files named three ways: each once
    monkeypatch.chdir(tmp_path / "decks")
    assert [item.path for item in iter_deck_files(["."])] == [os.path.join(".", name) for name in wanted]


def test_globs_and_missing_paths(tmp_path):
    build = tmp_path / "decks"
    (build / "a").mkdir(parents=True)
    shutil.copy(JINX, build / "jinx.txt")
    shutil.copy(JINX, build / "a" / "jinx2.txt")
    (build / "notes.md").write_text("hello\n")
    flat = [i.path for i in iter_deck_files([str(build / "*")])]
    assert flat == [str(build / "a" / "jinx2.txt"), str(build / "jinx.txt")]
    deep = [i.path for i in iter_deck_files([str(build / "**" / "*.txt")])]
    assert sorted(deep) == sorted([str(build / "a" / "jinx2.txt"), str(build / "jinx.txt")])
    (missing,) = iter_deck_files([str(tmp_path / "nope" / "*.txt")])
    assert missing.error is not None and "no file matches" in str(missing.error)
    (only_md,) = iter_deck_files([str(build / "*.md")])
    assert "no deck file matches" in str(only_md.error)
    (absent,) = iter_deck_files([tmp_path / "absent.txt"])
    assert str(absent.error) == f"{tmp_path / 'absent.txt'}: no such file or directory"
    explicit = list(iter_deck_files([build / "notes.md"]))
    assert [i.error for i in explicit] == [None]  # a file named outright is always read


# ---------------------------------------------------------------------------- stdin and strings
def test_stdin(db, monkeypatch):
    data = b"\xff\xfe" + JINX.read_text().encode("utf-16-le")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    items = list(iter_deck_files(["-", "-"]))
    assert [i.path for i in items] == ["-"]
    raw = read_file(items[0].path)
    assert raw.source == "<stdin>" and raw.reader == "text"
    assert raw.entries[0].source.file == "<stdin>"


def test_load_deck_takes_a_path_a_list_or_a_code(db):
    from_path = summary(load_deck(str(JINX), db))
    assert summary(load_deck(JINX, db)) == from_path
    assert summary(load_deck(JINX.read_text(), db)) == from_path
    code = KENNEN.read_text().strip()
    deck = load_deck(code, db)
    assert deck.source == "<code>" and summary(deck) == summary(load_deck(KENNEN, db))
    with pytest.raises(DeckReadError, match="no such file"):
        read_deck("decks/missing-deck.txt")


def test_package_exports():
    import deckcheck
    import deckcheck.decks

    assert deckcheck.decks.load_deck is load.load_deck and deckcheck.decks.read_deck is load.read_deck
    assert deckcheck.load_deck is load.load_deck


@settings(max_examples=300, deadline=None)
@given(st.one_of(
    st.binary(max_size=300),
    st.sampled_from([JINX.read_bytes(), KENNEN.read_bytes()]).flatmap(
        lambda good: st.tuples(st.integers(0, len(good)), st.binary(min_size=1, max_size=8)).map(
            lambda cut: good[: cut[0]] + cut[1] + good[cut[0]:])),
))
def test_any_bytes_give_a_deck_or_one_error(tmp_path_factory, data):
    """Random bytes and damaged sample files: a RawDeck or a DeckcheckError naming the file, nothing else."""
    path = tmp_path_factory.getbasetemp() / "fuzz.txt"
    path.write_bytes(data)
    try:
        raw = read_file(path)
    except DeckcheckError as exc:
        assert exc.file == str(path) and "\n" not in exc.message
    else:
        assert raw.source == str(path)
