"""Waiting for another thread or process in a test, without the machine's speed in the claim.

A test waits for an event (a search started, a line written, a process gone),
never for a length of time. ``HANG`` bounds each wait only so that a broken
program fails the test instead of stalling the suite: no busy machine comes
near it, so the test passes or fails by what the program does, not how fast.
How fast it does it is measured by the benchmarks (``bench/responsiveness.py``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

__all__ = ["HANG", "HeldKernel", "SearchThread", "answer", "frames_until", "wait_for"]

HANG = 60.0
"""Seconds after which what should come at once (or within a fraction of a second) is taken as never
coming: a hang detector, far beyond the slowest busy machine."""


_real_clock = time.monotonic
"""The machine's clock, whatever a test has put in ``time.monotonic`` (``clocks``)."""


def wait_for(condition: Callable[[], bool], timeout: float = HANG, *, every: float = 0.002) -> bool:
    """Whether ``condition()`` holds within ``timeout`` seconds, looking every ``every`` seconds."""
    deadline = _real_clock() + timeout
    while _real_clock() < deadline:
        if condition():
            return True
        time.sleep(every)
    return condition()


def answer(worker: Any, ticket: int) -> Any:
    """The final status of the worker's request ``ticket`` (polled, as a scene does)."""
    if not wait_for(lambda: worker.poll(ticket).finished, every=0.01):
        raise AssertionError(f"request {ticket} still thinking after {HANG} s")
    return worker.poll(ticket)


def frames_until(
    driver: Any, condition: Callable[[], bool], timeout: float = HANG, *, dt: float = 1 / 60
) -> bool:
    """Whether ``condition()`` comes true while ``driver`` (a ``game.driver.Driver``) runs frames of
    ``dt`` seconds, within ``timeout`` seconds of the machine's clock: for what the AI's thread or child
    process does in real time. The frames sleep a millisecond each, so the AI gets the machine too."""
    return wait_for(lambda: condition() or _frame(driver, dt), timeout, every=0.001)


def _frame(driver: Any, dt: float) -> bool:
    driver.frames(1, dt=dt)
    return False


class SearchThread:
    """A search (``searcher.search(position, limits, stop, on_info)``) run in a daemon thread, for the
    tests of what ends it: ``deep`` is set once it has completed ``depth`` iterations, ``answers`` gets its
    move; ``on_info`` sees every iteration too."""

    def __init__(
        self,
        searcher: Any,
        position: Any,
        limits: Any,
        *,
        depth: int = 2,
        on_info: Callable[[Any], None] | None = None,
    ) -> None:
        self.stop = threading.Event()
        self.deep = threading.Event()
        self.answers: list[Any] = []
        self._depth = depth
        self._on_info = on_info
        self._thread = threading.Thread(
            target=lambda: self.answers.append(searcher.search(position, limits, self.stop, self._seen)[0]),
            name="test-search",
            daemon=True,
        )
        self._thread.start()

    def _seen(self, info: Any) -> None:
        if self._on_info is not None:
            self._on_info(info)
        if info.depth >= self._depth:
            self.deep.set()

    def searching(self) -> bool:
        """Whether it has completed ``depth`` iterations (within ``HANG``)."""
        return self.deep.wait(HANG)

    def ended(self) -> bool:
        """Whether the search ends (within ``HANG``); one that did not is stopped, so it runs on no longer."""
        self._thread.join(HANG)
        self.stop.set()
        return not self._thread.is_alive()


class HeldKernel:
    """A search kernel as Python (``layout``, the compiled kernel's own source) held at its first look at
    its stop flag inside depth ``depth``: the test acts (stops the search, moves the clock) while the
    search is in the middle of that depth, then lets it go on (``go_on``). ``seen`` is the search's
    ``on_info`` (it learns from it which depth is running)."""

    def __init__(self, layout: Any, monkeypatch: Any, depth: int) -> None:
        self.held = threading.Event()
        self.go_on = threading.Event()
        self.completed: list[int] = []
        look = layout.checkpoint

        def checkpoint(stats: Any) -> None:
            if self.completed and self.completed[-1] == depth - 1 and not self.held.is_set():
                self.held.set()
                assert self.go_on.wait(HANG), "the test never let the search go on"
            look(stats)

        monkeypatch.setattr(layout, "checkpoint", checkpoint)

    def seen(self, info: Any) -> None:
        if not info.partial:  # a depth the stop cut short is not a completed one
            self.completed.append(info.depth)

    def inside(self) -> bool:
        """Whether the search has reached the depth and is held there (within ``HANG``)."""
        return self.held.wait(HANG)
