"""An engine ends with everything it started, and its time limit holds whatever it writes.

An engine that starts a helper process (a wrapper script running the real program in the background,
a program that forks a worker) left the helper running after the probe or the game: ``kill`` returned
without ending the process group once the engine itself had exited and been reaped. An engine that
floods its output kept the manager busy reading, and the manager looked at its deadline only when no
line was waiting: a move limited to 2.5 s came after 7.4 s. The fake engine's ``fork``, ``fork-exit``
and ``flood`` modes show both; the deadline is tested with a fake clock and a scripted engine, never by
timing.
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from processes import ended, pid_in
from processes import fake_engine as fake
from waiting import answer

from game.ai.worker import AIState, AIWorker, EngineSpec, EngineTimeouts, engine_session
from game.ai.worker.jobs import JobBook
from game.ai.worker.uai_client import EngineManager, probe_engine
from game.engine.ataxx.rules import RULES

posix = pytest.mark.skipif(os.name != "posix", reason="process groups and fork are POSIX's")
START = "x5o/7/7/7/7/7/o5x x 0 1"
QUICK = EngineTimeouts(handshake=10.0, ready=10.0, grace=5.0, stop=5.0)


@pytest.fixture
def helper(tmp_path: Path) -> Iterator[Callable[[], int]]:
    """The helper's process id, once the fake engine has written it (killed at the end if still there)."""
    path = tmp_path / "pid.helper"
    seen: list[int] = []

    def pid() -> int:
        seen.append(pid_in(path))
        return seen[-1]

    yield pid
    for number in seen:
        with contextlib.suppress(ProcessLookupError):
            os.kill(number, signal.SIGKILL)


@posix
def test_the_probe_ends_an_engine_s_helper(tmp_path: Path, helper: Callable[[], int]) -> None:
    identity = probe_engine(fake("fork", tmp_path / "pid"), rules=RULES, timeouts=QUICK, movetime=0.05)
    assert identity.name == "Fake Engine" and identity.move == "g2"
    assert ended(helper()), "the engine's helper was left running after the probe"


@posix
@pytest.mark.parametrize("ending", ["release", "close"])
def test_a_game_ends_an_engine_s_helper(tmp_path: Path, helper: Callable[[], int], ending: str) -> None:
    worker = AIWorker(use_process=False, engine_timeouts=QUICK)
    try:
        engine = EngineSpec("Forking", fake("fork", tmp_path / "pid"))
        status = answer(worker, worker.request_engine("ataxx", START, engine, movetime=0.05))
        assert status.state is AIState.DONE
        helper_pid = helper()
        if ending == "release":
            worker.release_engine()
            assert worker.wait_idle(30.0)
    finally:
        worker.close()
    assert ended(helper_pid), f"the engine's helper was left running after {ending}"


@posix
def test_an_engine_that_exits_leaves_no_helper(tmp_path: Path, helper: Callable[[], int]) -> None:
    with AIWorker(use_process=False, engine_timeouts=QUICK) as worker:
        engine = EngineSpec("Gone", fake("fork-exit", tmp_path / "pid"))
        status = answer(worker, worker.request_engine("ataxx", START, engine, movetime=0.05))
        assert status.state is AIState.ERROR and status.failure is not None
        assert status.failure[0] == "exited"
        assert ended(helper()), "the helper of an engine that exited was left running"


# -- the time limit, whatever the engine writes --


class ReadingTakesTime(queue.Queue[tuple[Any, ...]]):
    """The manager's inbox, where reading each item moves the fake clock on by a millisecond."""

    def __init__(self, clock: list[float]) -> None:
        super().__init__()
        self.clock = clock

    def get(self, block: bool = True, timeout: float | None = None) -> tuple[Any, ...]:
        item = super().get(block, timeout)
        self.clock[0] += 0.001
        return item


class ScriptedEngine:
    """An engine process as the manager sees one, answering at once in the manager's own thread: the
    handshake, then on ``go`` a flood of lines and, after them, a ``bestmove``."""

    def __init__(self, inbox: queue.Queue[tuple[Any, ...]], chatter: int) -> None:
        self.inbox = inbox
        self.chatter = chatter
        self.said: list[str] = []
        self.on_line: Callable[[str], None] = lambda line: None
        self.pid = 0
        self.alive = True
        self.killed = False

    def start(self, command: str, cwd: object, on_line: Callable[[str], None], on_exit: object) -> Any:
        self.on_line = on_line
        return self

    def send(self, line: str) -> None:
        self.said.append(line)
        word = line.split()[0]
        if word == "uai":
            self.on_line("uaiok")
        elif word == "isready":
            self.on_line("readyok")
        elif word == "go":
            for number in range(self.chatter):
                # Answers (never dropped) as well as chatter: nothing the engine writes may hold the limit off.
                self.on_line("id name Flood" if number % 2 else f"info depth {number} score cp 1 pv g2")
            self.on_line("bestmove g2")
            self.inbox.put(("close",))

    def kill(self) -> None:
        self.killed = True
        self.alive = False

    def quit(self, line: str | None, grace: float) -> None:
        self.kill()

    def join(self, timeout: float) -> None:
        return None

    def last_error_line(self) -> str:
        return ""

    def describe_end(self) -> str:
        return "killed"


def test_the_time_limit_holds_while_an_engine_floods_its_output(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [0.0]
    inbox = ReadingTakesTime(clock)
    engine = ScriptedEngine(inbox, chatter=10_000)  # 7 s of reading (the backlog dropping some chatter)
    monkeypatch.setattr(engine_session, "start_engine", engine.start)
    book = JobBook()
    manager = EngineManager(book, inbox, EngineTimeouts(grace=2.0, stop=1.0), clock=lambda: clock[0])
    with book.lock:
        job = book.open(
            RULES,
            {"engine": {"name": "Flood", "command": "flood"}, "position": START, "movetime": 0.5},
        )
    inbox.put(("search", job))
    manager.run()
    status = job.status()
    assert status.state is AIState.ERROR, "the move was taken after the time limit"
    assert status.failure is not None and status.failure[0] == "timeout"
    assert status.failure[1]["seconds"] == "3.5"
    assert engine.killed and engine.said[-1] == "stop"
