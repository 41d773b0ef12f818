"""A computer player that hangs (its process stopped) is given up after its time and a grace, and restarted."""

from __future__ import annotations

import contextlib
import os
import signal

import pytest
from processes import gone
from waiting import HANG, frames_until

from game.driver import Driver
from game.engine.levels import LevelInfo
from game.engine.match import MatchConfig

pytestmark = [
    pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="needs POSIX signals"),
    pytest.mark.usefixtures("compiled_search"),
]

LEVEL = LevelInfo("Test", "", "", "x5o/7/7/7/7/7/o5x x 0 1")


@pytest.fixture
def driver():
    driver = Driver.fast(use_process=True, ai_grace=0.3)
    yield driver
    driver.app.close()


def _frozen_child(driver: Driver) -> int:
    """The worker's child process, started and then stopped (SIGSTOP): it will never answer."""
    app = driver.app
    assert frames_until(driver, lambda: app.worker.child_pid is not None)
    pid = app.worker.child_pid
    assert pid is not None
    os.kill(pid, signal.SIGSTOP)
    return pid


def test_a_hung_computer_move_is_given_up_and_the_child_restarted(driver: Driver) -> None:
    app = driver.app
    config = MatchConfig(vs_computer=True, level="master", human_seat=0, first=0)
    play = app.router.push("match", config, LEVEL)
    pid = _frozen_child(driver)
    try:
        driver.play_move(play.match.legal_moves()[0])
        assert play.thinking
        assert frames_until(driver, lambda: driver.top.name == "dialog")
        dialog = driver.top
        assert "did not answer" in " ".join(dialog.lines)
        assert gone(pid), "the hung child was not killed"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    # The new child must start and answer: on a loaded machine (CI) its start alone can take longer
    # than the tiny grace this test gives the hung one, so the retry gets one no machine reaches.
    app.options.ai_grace = HANG
    driver.press("retry")
    assert driver.top is play
    assert frames_until(driver, play.human_turn)
    assert play.match.ply == 2
    assert app.worker.child_pid not in (None, pid)


def test_a_hung_hint_is_given_up(driver: Driver) -> None:
    app = driver.app
    config = MatchConfig(vs_computer=False, level="master", human_seat=0, first=0)
    play = app.router.push("match", config, LEVEL)
    app.worker.warm_up()
    pid = _frozen_child(driver)
    try:
        driver.press("hint")
        assert play.computer.hint_ticket is not None
        assert frames_until(driver, lambda: play.computer.hint_ticket is None)
        assert play.toast is not None and "did not answer" in play.toast[0]
        assert gone(pid)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    app.options.ai_grace = HANG  # the fresh child's start may be slow on a loaded machine
    driver.frames(1)  # the panel enables Hint again on the next frame
    driver.press("hint")  # a fresh child gives one
    assert frames_until(driver, lambda: play.hint_move is not None)
