"""Waiting for another thread or process in a test, without the machine's speed in the claim.

A test waits for an event (a search started, a line written, a process gone),
never for a length of time. ``HANG`` bounds each wait only so that a broken
program fails the test instead of stalling the suite: no busy machine comes
near it, so the test passes or fails by what the program does, not how fast.
How fast it does it is measured by the benchmarks (``bench/responsiveness.py``).
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["HANG", "wait_for"]

HANG = 60.0
"""Seconds after which what should come at once (or within a fraction of a second) is taken as never
coming: a hang detector, far beyond the slowest busy machine."""


def wait_for(condition: Callable[[], bool], timeout: float = HANG, *, every: float = 0.002) -> bool:
    """Whether ``condition()`` holds within ``timeout`` seconds, looking every ``every`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(every)
    return condition()
