"""A computer player that hangs (its process stopped) is given up after its time and a grace, and restarted."""

from __future__ import annotations

import contextlib
import os
import signal

import pytest
from processes import gone

from game.engine.levels import LevelInfo
from game.engine.match import MatchConfig
from game.scenes.driver import Driver

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="needs POSIX signals")

LEVEL = LevelInfo("Test", "", "", "x5o/7/7/7/7/7/o5x x 0 1")


@pytest.fixture
def driver():
    driver = Driver.fast(use_process=True, ai_grace=0.3)
    yield driver
    driver.app.close()


def _frozen_child(driver: Driver) -> int:
    """The worker's child process, started and then stopped (SIGSTOP): it will never answer."""
    app = driver.app
    assert driver.until(lambda: app.worker.child_pid is not None, max_frames=3000, sleep=0.005)
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
        assert driver.until(lambda: driver.top.name == "dialog", max_frames=3000, sleep=0.005)
        dialog = driver.top
        assert "did not answer" in " ".join(dialog.lines)
        assert gone(pid), "the hung child was not killed"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    # The new child must start and answer: on a loaded machine (CI) its start alone can take longer
    # than the tiny grace this test gives the hung one, so the retry gets the game's usual grace.
    app.options.ai_grace = 5.0
    driver.press("retry")
    assert driver.top is play
    assert driver.until(play.human_turn, max_frames=6000, sleep=0.005)
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
        assert play.hint_ticket is not None
        assert driver.until(lambda: play.hint_ticket is None, max_frames=3000, sleep=0.005)
        assert play.toast is not None and "did not answer" in play.toast[0]
        assert gone(pid)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    app.options.ai_grace = 5.0  # the fresh child's start may be slow on a loaded machine
    driver.frames(1)  # the panel enables Hint again on the next frame
    driver.press("hint")  # a fresh child gives one
    assert driver.until(lambda: play.hint_move is not None, max_frames=6000, sleep=0.005)
