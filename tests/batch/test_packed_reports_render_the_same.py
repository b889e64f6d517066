"""A large batch keeps its reports packed (``deckcheck check`` of thousands of registrations): every
output, in every language, is the batch's output to the byte, with one process or shared among two."""

from __future__ import annotations

import pytest

from conftest import REPO
from cli.support import run_cli

import deckcheck
from deckcheck.batch.outputs import OUTPUTS
from deckcheck.batch.packed import PackedReports

SAMPLES = REPO / "sample_decks"
#: The sample lists and an export of registrations: more inputs than one chunk, some unreadable rows.
INPUTS = [str(SAMPLES), str(SAMPLES / "registrations" / "registrations.csv")]
AS_OF = "2026-11-01"


@pytest.fixture(scope="module")
def whole():
    return deckcheck.check_paths(INPUTS, as_of=AS_OF, jobs=1)


@pytest.fixture(scope="module", params=[(1, 0), (2, 0), (1, 5), (2, 5)],
                ids=["one process", "two processes", "one process, five whole", "two processes, five whole"])
def packed(request):
    jobs, whole = request.param
    return deckcheck.check_paths(INPUTS, as_of=AS_OF, jobs=jobs, pack_reports=whole)


def test_the_packed_batch_holds_the_same_reports(whole, packed):
    assert isinstance(packed.reports, PackedReports) and not isinstance(whole.reports, PackedReports)
    assert len(whole.reports) > 25 and whole.unreadable  # more than one chunk: two processes share it
    assert list(packed.reports) == whole.reports
    assert [packed.reports[i] for i in range(len(whole.reports))] == whole.reports
    assert [packed.reports[i] for i in range(-1, -len(whole.reports) - 1, -1)] == whole.reports[::-1]
    assert packed.reports[3:30] == whole.reports[3:30]
    assert [str(e) for e in packed.unreadable] == [str(e) for e in whole.unreadable]
    assert packed.exit_code() == whole.exit_code() and packed.exit_code(strict=True) == whole.exit_code(strict=True)


@pytest.mark.parametrize("lang", [None, "zh"])
@pytest.mark.parametrize("output", OUTPUTS)
def test_every_output_is_the_same_to_the_byte(whole, packed, output, lang, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1796040000")
    for strict in (False, True):
        assert packed.render(output, strict=strict, lang=lang) == whole.render(output, strict=strict, lang=lang)
    assert packed.statistics(output, lang) == whole.statistics(output, lang)


def test_a_batch_of_fewer_inputs_than_the_reports_kept_whole_is_as_it_was():
    batch = deckcheck.check_paths(INPUTS, as_of=AS_OF, jobs=1, pack_reports=10_000)
    assert not isinstance(batch.reports, PackedReports)


def test_the_command_prints_the_same_when_its_reports_are_packed(capsys, monkeypatch):
    import deckcheck.batch.packed as packed_module

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1796040000")
    packing = packed_module.pack
    made: list[bytes] = []
    for output in ("text", "json", "html"):
        whole = run_cli(capsys, "check", *INPUTS, "--as-of", AS_OF, "-o", output, "--jobs", "1")
        assert not made  # a batch of a few decks is kept whole
        with monkeypatch.context() as patched:
            patched.setattr(packed_module, "PACK_FROM", 0)
            patched.setattr(packed_module, "pack", lambda report: made.append(packing(report)) or made[-1])
            packed = run_cli(capsys, "check", *INPUTS, "--as-of", AS_OF, "-o", output, "--jobs", "1")
        assert made and (packed.stdout, packed.returncode) == (whole.stdout, whole.returncode) != ("", 0)
        made.clear()
