"""Clocks for the tests of what runs against time (searches, their watchdogs, the UAI engine's limits).

Installed as ``time.monotonic`` (``install``), a fake clock makes a time limit
an event the test decides: the searches read the clock between iterations and
every few hundred nodes, and their watchdog threads every few milliseconds,
so a test moves the clock past a limit and waits for the search to notice,
however busy the machine is.
"""

from __future__ import annotations

import threading
import time

import pytest

__all__ = ["SteppingClock", "StoppedClock"]


class StoppedClock:
    """A clock that stands still until the test moves it (``now += seconds``)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def install(self, monkeypatch: pytest.MonkeyPatch) -> StoppedClock:
        """Become ``time.monotonic`` until the test ends."""
        monkeypatch.setattr(time, "monotonic", self)
        return self


class SteppingClock(StoppedClock):
    """A clock that moves ``step`` seconds each time the thread that made it reads it: a search run by the
    test sees time pass only as it looks at it, the same for every machine. Other threads (a search's
    watchdog) read it without moving it.

    ``limit``: the time after which a read by that thread fails the test (a search that overran its
    budget), rather than letting it run on for ever.
    """

    def __init__(self, step: float, limit: float | None = None) -> None:
        super().__init__()
        self.start = self.now
        self.step = step
        self.limit = limit
        self.reads = 0
        self._thread = threading.current_thread()

    def __call__(self) -> float:
        if threading.current_thread() is self._thread:
            self.reads += 1
            self.now += self.step
            if self.limit is not None and self.elapsed > self.limit:
                raise AssertionError(f"the clock was read {self.elapsed:.3f} s after the start")
        return self.now

    @property
    def elapsed(self) -> float:
        """How far the clock has moved."""
        return self.now - self.start
