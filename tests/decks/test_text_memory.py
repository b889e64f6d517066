"""A batch's text reader remembers lines it has read in a ReadMemory (a folder of lists repeats most
of them): a line read before must give the same cards and problems, at its own line number in each list."""

from __future__ import annotations

from deckcheck.decks import text

FIRST = """# Jinx for the regional
Legend:
1 Jinx, Loose Cannon
0 Cleave
Champion:
Jinx, Rebel

MainDeck:
3 Get Excited! [OGN-008]
3
Defy
2x  Cleave
"""

SECOND = """Legend:
1 Jinx, Loose Cannon

MainDeck:
2x  Cleave
3 Get Excited! [OGN-008]
0 Cleave
3
Defy
Champion:
Jinx, Rebel
"""


def _seen(deck) -> tuple:
    entries = [(e.text, e.count, e.zone, e.card_id, e.file, e.line, e.number, e.counted) for e in deck.entries]
    problems = [(p.severity, p.message, p.source.file, p.source.line, p.text) for p in deck.problems]
    return deck.name, entries, problems


def test_lines_read_before_give_what_a_first_reading_gives_at_their_own_numbers():
    alone = [_seen(text.read(FIRST, "a.txt")), _seen(text.read(SECOND, "b.txt"))]
    memory = text.ReadMemory()
    together = [_seen(text.read(FIRST, "a.txt", memory)), _seen(text.read(SECOND, "b.txt", memory))]
    again = [_seen(text.read(FIRST, "a.txt", memory)), _seen(text.read(SECOND, "b.txt", memory))]
    assert together == alone and again == alone
    first, second = again
    assert [p[3] for p in first[2] if p[1].startswith("cannot read")] == [4]
    assert [p[3] for p in second[2] if p[1].startswith("cannot read")] == [7]
    assert ("Defy", 3, text.Zone.MAIN, None, "b.txt", 9, None, True) in second[1]  # the count on the line above
    assert ("Cleave", 2, text.Zone.MAIN, None, "a.txt", 12, None, True) in first[1]


def test_a_remembered_title_or_comment_is_not_taken_for_a_card():
    memory = text.ReadMemory()
    body = "# Mono fury\n\nLegend:\n1 Jinx, Loose Cannon\nMainDeck:\n# sideboard plan below\n3 Cleave\n"
    first = _seen(text.read(body, "a.txt", memory))
    second = _seen(text.read("\n" + body, "b.txt", memory))
    assert first[0] == second[0] == "Mono fury"
    assert [e[:2] + e[5:6] for e in first[1]] == [("Jinx, Loose Cannon", 1, 4), ("Cleave", 3, 7)]
    assert [e[:2] + e[5:6] for e in second[1]] == [("Jinx, Loose Cannon", 1, 5), ("Cleave", 3, 8)]


def test_the_section_word_prefilter_finds_what_a_plain_alternation_finds():
    """The header prefilter is a trie-shaped pattern of the section words: on any letters it finds
    a word exactly when the plain 'word1|word2|...' pattern does."""
    import random
    import re

    from deckcheck.decks import text

    words = sorted(text._SECTION_WORDS, key=len, reverse=True)
    plain = re.compile("|".join(re.escape(w) for w in words))
    rng = random.Random(12)
    samples = ["".join(rng.choice("abcdeilmnorstu") for _ in range(rng.randint(0, 40))) for _ in range(5000)]
    samples += [rng.choice(["", "x", "my"]) + w + rng.choice(["", "s", "deckfile"]) for w in words for _ in range(3)]
    samples += [w[:-1] for w in words] + [w[1:] for w in words]
    for sample in samples:
        assert (text._any_section_word().search(sample) is None) == (plain.search(sample) is None), sample
    ascii_words = [w for w in words if w.isascii()]
    for sample in samples:  # the ASCII line's patterns: a word anywhere, at the start, at the end
        letters = sample.encode()
        assert (text._ANY_ASCII_SECTION_WORD.search(letters) is None) == \
            (not any(w in sample for w in ascii_words)), sample
        assert (text._ASCII_SECTION_WORD_FIRST.match(letters) is None) == \
            (not any(sample.startswith(w) for w in ascii_words)), sample
        assert (text._ASCII_SECTION_WORD_LAST.match(letters[::-1]) is None) == \
            (not any(sample.endswith(w) for w in ascii_words)), sample


def test_a_comment_remembered_anywhere_is_a_title_only_where_a_title_stands(tmp_path):
    """A batch's reader remembers comment lines; one read under a section in one list is still the
    title of a list it starts, and a remembered title is a plain comment under a section."""
    memory = text.ReadMemory()
    under = "Legend:\n1 Jinx, Loose Cannon\n# Tempo Jinx\nMainDeck:\n3 Cleave\n"
    first = "# Tempo Jinx\nLegend:\n1 Jinx, Loose Cannon\nMainDeck:\n3 Cleave\n"
    assert text.read(under, memory=memory).name is None
    assert text.read(first, memory=memory).name == "Tempo Jinx"
    assert text.read(under, memory=memory).name is None
    for body in (under, first):  # the memory full or empty
        assert text.read(body).name == text.read(body, memory=memory).name


def test_the_readers_memories_stay_bounded():
    """A batch reading endless lists with new card lines, common (``3 Name``) and unusual (``Name x3``),
    keeps at most a bounded memory of them, and reads each list as before once it has forgotten."""
    memory = text.ReadMemory(most=50)
    for i in range(400):
        name = "Card " + "".join(chr(ord("a") + int(d)) for d in str(i))  # a new card name, of letters only
        body = f"# List {i}\nLegend:\n1 Jinx, Loose Cannon\n# note {i}\nMainDeck:\n{i % 9 + 1} {name}\n{name}s x2\n"
        raw = text.read(body, memory=memory)
        assert raw.name == f"List {i}"
        common, unusual = raw.entries[-2:]
        assert (common.text, common.count, common.card_id, common.line) == (name, i % 9 + 1, None, 6)
        assert (unusual.text, unusual.count, unusual.line) == (f"{name}s", 2, 7)
        assert len(memory.lines) <= 50 + 1 and len(memory.cards) <= 50 + 1  # a list brings one line of each


def test_the_rows_reader_remembers_a_comment_and_makes_it_a_title_only_where_one_stands(tmp_path):
    """The quick reader remembers comment lines; one read under a section in one list is still the
    title of a list it starts, and a remembered title is a plain comment under a section."""
    memory = text.ReadMemory()
    under = "Legend:\n1 Jinx, Loose Cannon\n# Tempo Jinx\nMainDeck:\n3 Cleave\n"
    first = "# Tempo Jinx\nLegend:\n1 Jinx, Loose Cannon\nMainDeck:\n3 Cleave\n"
    assert text.quick_rows(under, memory=memory)[0] is None
    assert text.quick_rows(first, memory=memory)[0] == "Tempo Jinx"
    assert text.quick_rows(under, memory=memory)[0] is None
    for body in (under, first):  # as the general reader reads them, the memory full or empty
        assert text.quick_rows(body)[0] == text.read(body).name == text.read(body, memory=memory).name


def test_the_rows_readers_memories_stay_bounded():
    """A batch reading endless lists with new comments and cards keeps at most a bounded memory
    of them, and reads each list as before once it has forgotten."""
    memory = text.ReadMemory(most=50)
    for i in range(400):
        name = "Card " + "".join(chr(ord("a") + int(d)) for d in str(i))  # a new card name, of letters only
        body = f"# List {i}\nLegend:\n1 Jinx, Loose Cannon\n# note {i}\nMainDeck:\n{i % 9 + 1} {name}\n"
        title, sections = text.quick_rows(body, memory=memory)
        assert title == f"List {i}"
        assert [row for _, rows in sections for row in rows][-1] == ((name, i % 9 + 1, None), 6)
        assert len(memory.comments) <= 51 and len(memory.cards) <= 51


def test_a_line_is_certainly_no_header_exactly_when_no_section_word_starts_or_ends_its_letters():
    """The header test of an ASCII line without a colon or a second mark (a title, '# Main Deck') asks
    its patterns only when the line's letters start or end as a section word does: its answer is
    the plain one, whether a section word starts or ends them."""
    import random

    words = [w for w in text._SECTION_WORDS if w.isascii()]
    rng = random.Random(3)
    lines = [f"# {w}" for w in words] + [f"## {w[:-1]} x" for w in words] + [f"# x{w}" for w in words]
    for _ in range(4000):
        parts = [rng.choice(words + ["calm", "jinx", "file", "by", "kgo", "deck-copy", "(3)", "x", "-"])
                 for _ in range(rng.randint(1, 4))]
        lines.append(rng.choice(["# ", "#", "== ", "", "[", "**"]) + rng.choice([" ", "-", ""]).join(parts)
                     + rng.choice(["", " (file 7)", " ==", "]", " (Main)", "s"]))
    for line in lines:
        if ":" in line or "#" in line[1:] or "//" in line:
            continue
        letters = "".join(ch for ch in line.lower() if "a" <= ch <= "z")
        plain = not any(letters.startswith(w) or letters.endswith(w) for w in words)
        assert text._no_ascii_header(line) == plain, line
