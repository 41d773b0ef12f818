"""An engine ends with everything it started.

An engine that starts a helper process (a wrapper script running the real program in the background,
a program that forks a worker) left the helper running after the probe or the game: ``kill`` returned
without ending the process group once the engine itself had exited and been reaped. The fake engine's
``fork`` and ``fork-exit`` modes show it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from processes import ended, pid_in
from processes import fake_engine as fake

from game.ai.worker import AIState, AIStatus, AIWorker, EngineSpec, EngineTimeouts
from game.ai.worker.uai_client import probe_engine
from game.engine.ataxx.rules import RULES

pytestmark = pytest.mark.skipif(os.name != "posix", reason="process groups and fork are POSIX's")
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


def answer(worker: AIWorker, ticket: int, timeout: float = 60.0) -> AIStatus:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        status = worker.poll(ticket)
        if status.finished:
            return status
        time.sleep(0.01)
    raise AssertionError(f"request {ticket} still thinking after {timeout} s")


def test_the_probe_ends_an_engine_s_helper(tmp_path: Path, helper: Callable[[], int]) -> None:
    identity = probe_engine(fake("fork", tmp_path / "pid"), rules=RULES, timeouts=QUICK, movetime=0.05)
    assert identity.name == "Fake Engine" and identity.move == "g2"
    assert ended(helper()), "the engine's helper was left running after the probe"


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


def test_an_engine_that_exits_leaves_no_helper(tmp_path: Path, helper: Callable[[], int]) -> None:
    with AIWorker(use_process=False, engine_timeouts=QUICK) as worker:
        engine = EngineSpec("Gone", fake("fork-exit", tmp_path / "pid"))
        status = answer(worker, worker.request_engine("ataxx", START, engine, movetime=0.05))
        assert status.state is AIState.ERROR and status.failure is not None
        assert status.failure[0] == "exited"
        assert ended(helper()), "the helper of an engine that exited was left running"
