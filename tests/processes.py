"""What the tests that start other programs share: the fake and our own UAI engine's command lines,
waiting for a process to be gone or to say its id, and running a snippet of Python in a fresh
interpreter (the compiled-kernel tests)."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

from waiting import HANG, wait_for

from game.ai import compiled

ROOT = Path(__file__).resolve().parent.parent
FAKE_ENGINE = Path(__file__).resolve().parent / "fake_uai_engine.py"


def fake_engine(mode: str, pid_file: Path | None = None) -> str:
    """The command line of the fake engine in ``mode`` (writing its process id to ``pid_file``)."""
    words = [sys.executable, str(FAKE_ENGINE), mode] + ([str(pid_file)] if pid_file is not None else [])
    return shlex.join(words)


def own_engine() -> str:
    """Our own UAI engine's command line, as a player would add it."""
    return shlex.join([sys.executable, "-m", "game.ai.uai"])


def _ended(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def gone(pid: int, timeout: float = HANG) -> bool:
    """Whether process ``pid`` has ended and been reaped (a zombie still answers ``kill 0``)."""
    return wait_for(lambda: _ended(pid), timeout, every=0.02)


def pid_in(path: Path, timeout: float = HANG) -> int:
    """The process id a fake engine wrote to ``path``."""
    if not wait_for(lambda: path.is_file() and bool(path.read_text()), timeout, every=0.01):
        raise AssertionError(f"no process id in {path}")
    return int(path.read_text())


def run_python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``code`` run by a fresh interpreter from the project's folder, with ``env`` added to this one's
    environment less the numba switches (the child decides them itself)."""
    environment = {
        key: value for key, value in os.environ.items() if key not in ("NUMBA_CACHE_DIR", compiled.ENV_NUMBA)
    }
    environment.update(env)
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=environment, capture_output=True, text=True, timeout=120
    )


def _ended_or_orphaned(pid: int) -> bool:
    try:
        os.kill(pid, 0)
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except (ProcessLookupError, FileNotFoundError):
        return True
    except OSError:
        return False  # no /proc (not Linux): wait for it to be reaped


def ended(pid: int, timeout: float = HANG) -> bool:
    """Whether process ``pid`` has ended, reaped or not: an orphan (a program's helper whose parent is gone)
    is reaped by the system's first process, which may take its time or never do it."""
    return wait_for(lambda: _ended_or_orphaned(pid), timeout, every=0.02)
