"""Running deckcheck from a test: in this process (quick), or the installed executable (end to end).

(No tests here; the module is shared by the tests that drive the command line.)
"""

from __future__ import annotations

import fcntl
import io
import json
import os
import pty
import re
import struct
import subprocess
import sys
import termios
from pathlib import Path
from typing import NamedTuple

import pytest

from conftest import REPO, drain_terminal

from deckcheck import clear_caches
from deckcheck.cli import main

_EXE = Path(sys.executable).with_name("deckcheck")
#: The installed ``deckcheck`` script, or the module where the package is not installed.
DECKCHECK = [str(_EXE)] if _EXE.exists() else [sys.executable, "-m", "deckcheck"]


class Ran(NamedTuple):
    """What an in-process run gave, named as :func:`run_deckcheck`'s result names it."""

    returncode: int
    stdout: str
    stderr: str


def run_cli(capsys, *args: str | os.PathLike, stdin: str | bytes | None = None, cwd: Path | str = REPO,
            env: dict[str, str | None] | None = None) -> Ran:
    """Run the CLI in this process, as :func:`run_deckcheck` runs the executable: colours off, ``env``
    laid over the environment (None removes a name), in ``cwd``, with ``stdin`` (if given) as the
    standard input, and what deckcheck remembers forgotten as a new process has it; all put back
    afterwards. A Python traceback on stderr fails the test.
    """
    environ = dict(os.environ)
    with pytest.MonkeyPatch.context() as patch:
        for name, value in {"NO_COLOR": "1", "DECKCHECK_DEBUG": None, **(env or {})}.items():
            if value is None:
                patch.delenv(name, raising=False)
            else:
                patch.setenv(name, value)
        patch.chdir(cwd)
        if stdin is not None:
            data = stdin.encode() if isinstance(stdin, str) else stdin
            patch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
        clear_caches()  # formats and card facts read again, as a new process would (a test may change their files)
        capsys.readouterr()
        try:
            code = main([os.fspath(arg) for arg in args])
        finally:
            captured = capsys.readouterr()
            os.environ.clear()  # main() may set names of its own (the shell named for completion)
            os.environ.update(environ)
    assert "Traceback (most recent call last)" not in captured.err, captured.err
    return Ran(code, captured.out, captured.err)


def run_cli_json(capsys, *args: str) -> dict:
    """Run the CLI in this process with ``--output json``; it must exit 0; the parsed output."""
    code, out, err = run_cli(capsys, *args, "--output", "json")
    assert code == 0, err
    return json.loads(out)


def run_deckcheck(*args: str, stdin: str | bytes | None = None, cwd: Path | str = REPO,
                  env: dict[str, str | None] | None = None, stderr: int = subprocess.PIPE,
                  timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run the installed ``deckcheck`` with colours off; stdout and stderr as text (stderr "" when not piped).

    ``env`` is laid over this process's environment (less DECKCHECK_DEBUG; a name set to None is
    removed); ``stderr`` may be a file descriptor (a pseudo-terminal). A Python traceback on stderr
    fails the test.
    """
    environ = {**os.environ, "NO_COLOR": "1", "DECKCHECK_DEBUG": None, **(env or {})}
    environ = {name: value for name, value in environ.items() if value is not None}
    data = stdin.encode() if isinstance(stdin, str) else stdin
    done = subprocess.run([*DECKCHECK, *args], input=data, stdout=subprocess.PIPE, stderr=stderr, cwd=cwd,
                          env=environ, timeout=timeout)
    result = subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode(),
                                         done.stderr.decode() if done.stderr is not None else "")
    assert "Traceback (most recent call last)" not in result.stderr, result.stderr
    return result


def run_with_terminal_stderr(*args: str) -> tuple[int, str, bytes]:
    """Run with stderr on a pseudo-terminal and stdout on a pipe: (exit code, stdout, what the terminal got)."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([*DECKCHECK, *args], cwd=REPO, stdout=subprocess.PIPE, stderr=follower,
                            env={**os.environ, "COLUMNS": "80"})
    os.close(follower)
    err = drain_terminal(leader)
    out = proc.stdout.read().decode()
    proc.stdout.close()
    return proc.wait(), out, err


def run_on_terminal(*args: str, columns: int = 80, colours: bool = False) -> str:
    """What ``deckcheck ARGS`` shows with stdout and stderr on a pseudo-terminal ``columns`` wide
    (COLUMNS and LINES unset; NO_COLOR set unless ``colours``), escape sequences kept, line ends "\\n"."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    env = {name: value for name, value in os.environ.items() if name not in ("COLUMNS", "LINES", "NO_COLOR")}
    if not colours:
        env["NO_COLOR"] = "1"
    proc = subprocess.Popen([*DECKCHECK, *args], stdin=subprocess.DEVNULL, stdout=follower, stderr=follower,
                            cwd=REPO, env=env)
    os.close(follower)
    shown = drain_terminal(leader)
    proc.wait(timeout=60)
    return shown.decode("utf-8", errors="replace").replace("\r\n", "\n")


class TerminalStream(io.StringIO):
    """A stream that says it is a terminal: what a progress bar asks before it shows (in this process)."""

    def isatty(self) -> bool:
        return True


def without_escapes(shown: str) -> str:
    """A terminal's text without its escape sequences (colours, cursor moves) and carriage returns."""
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", shown).replace("\r", "")
