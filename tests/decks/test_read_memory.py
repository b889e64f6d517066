"""What the readers learn from a batch's repeated lines belongs to that batch (a ReadMemory): two
batches share nothing, and a process reading ever new lists keeps nothing of them at module level."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from deckcheck import check_paths
from deckcheck.decks.load import iter_decks, load_deck, read_text, resolve_files
from deckcheck.decks.memory import ReadMemory
from deckcheck.errors import DeckcheckError


def _list(title: str, cards: list[str]) -> str:
    return f"# {title}\nLegend:\n1 Jinx, Loose Cannon\nChampion:\n1 Jinx, Rebel\nMainDeck:\n" + \
        "".join(f"{line}\n" for line in cards)


def _new_name(i: int) -> str:
    """A card name no list read before holds (letters only: no id, no count in it)."""
    return "Card " + "".join(chr(ord("a") + int(d)) for d in str(i))


def _write_batch(folder, label: str, cards: list[str], files: int = 3) -> list[str]:
    folder.mkdir()
    paths = []
    for i in range(files):
        path = folder / f"{label}{i}.txt"
        path.write_text(_list(f"{label} {i}", cards), encoding="utf-8")
        paths.append(str(path))
    return paths


def test_a_batch_remembers_its_own_lines_and_none_of_another_batch(db, tmp_path):
    first = _write_batch(tmp_path / "first", "a", ["3 Cleave", "2 Defy"])
    second = _write_batch(tmp_path / "second", "b", ["3 Cleave", "1 Get Excited!"])
    memory_a, memory_b = ReadMemory(), ReadMemory()
    decks_a = resolve_files(first, db, memory=memory_a)
    decks_b = resolve_files(second, db, memory=memory_b)
    assert {"3 Cleave", "2 Defy"} <= set(memory_a.cards) and "1 Get Excited!" not in memory_a.cards
    assert {"3 Cleave", "1 Get Excited!"} <= set(memory_b.cards) and "2 Defy" not in memory_b.cards
    again = resolve_files(second, db)  # a batch of its own: what the others learnt changes nothing
    assert [[(e.card.id, e.count) for e in d.main] for d in again] == \
        [[(e.card.id, e.count) for e in d.main] for d in decks_b]
    assert [d.name for d in decks_a] == ["a 0", "a 1", "a 2"]


def _module_tables() -> dict[tuple[str, str], int]:
    """The size of every dict, list and set held at module level by deckcheck's modules."""
    sizes = {}
    for name, module in list(sys.modules.items()):
        if name == "deckcheck" or name.startswith("deckcheck."):
            for attr, value in list(vars(module).items()):
                if isinstance(value, (dict, list, set)) and not attr.startswith("__"):
                    sizes[(name, attr)] = len(value)
    return sizes


def _read_everywhere(db, folder, first: int) -> None:
    """New lists (new titles, comments and card lines) read each way the library offers."""
    folder.mkdir()
    for i in range(first, first + 30):
        cards = [f"{i % 3 + 1} {_new_name(i)}", f"{i % 2 + 1} {_new_name(i + 1000)} # note {i}", "3 Cleave"]
        listing = _list(f"List {i}", cards)
        (folder / f"deck{i}.txt").write_text(listing, encoding="utf-8")
        document = {"legend": "Jinx, Loose Cannon", "champion": "Jinx, Rebel", "main": {_new_name(i + 2000): 3}}
        (folder / f"deck{i}.json").write_text(json.dumps(document), encoding="utf-8")
        read_text(listing, source=f"deck{i}.txt")
        load_deck(str(folder / f"deck{i}.txt"), db)
    resolve_files(sorted(str(p) for p in folder.iterdir()), db)
    assert all(item.error is None for item in iter_decks([str(folder)]))
    check_paths([str(folder)], as_of="2026-11-01", jobs=1)


def test_reading_ever_new_lists_keeps_nothing_of_them_at_module_level(db, tmp_path):
    _read_everywhere(db, tmp_path / "warm", 0)  # every reader and table imported and set up once
    before = _module_tables()
    _read_everywhere(db, tmp_path / "new", 100)
    after = _module_tables()
    grown = {key: (before.get(key, 0), size) for key, size in after.items() if size > before.get(key, 0)}
    assert grown == {}


def test_the_rows_of_a_registration_export_read_as_each_list_read_alone(db):
    """An export's rows are one batch (they share what they learn): each row's deck is the one its
    text gives read on its own."""
    from deckcheck.decks.registrations import read_export

    export = read_export(str(Path(__file__).resolve().parents[2] / "sample_decks" / "registrations" / "registrations.csv"))
    rows = [reg for reg in export.registrations if reg.error is None]
    assert len(rows) > 10
    for reg in rows + rows:  # every row twice: the second time each line was read before
        try:
            together = reg.read()
        except DeckcheckError as exc:
            together = str(exc)
        try:
            alone = read_text(reg.text, source=reg.source)
        except DeckcheckError as exc:
            assert together == str(exc)
            continue
        assert (together.name, together.entries, together.problems[:len(alone.problems)]) == \
            (alone.name, alone.entries, alone.problems)
