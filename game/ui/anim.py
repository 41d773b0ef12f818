"""Timing for animations: easing curves and the speed setting's factors.

Animations are timed in seconds, never in frames, and scaled by the speed
setting (``SPEED_FACTORS``: normal, fast, off). Each game's board animations
(``game/scenes/<game>/``) build on these curves.
"""

from __future__ import annotations

import math
from typing import TypeVar

__all__ = [
    "SPEED_FACTORS",
    "count_down",
    "ease_in_out",
    "ease_out_back",
    "ease_out_cubic",
    "flip_squash",
    "run_down",
]

T = TypeVar("T")

SPEED_FACTORS = {"normal": 1.0, "fast": 0.45, "off": 0.0}


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle stop."""
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    """Slow start and stop."""
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


def ease_out_back(t: float, overshoot: float = 1.9) -> float:
    """Overshoots a little, then settles: a springy arrival."""
    t = max(0.0, min(1.0, t)) - 1
    return 1 + t * t * ((overshoot + 1) * t + overshoot)


def flip_squash(progress: float) -> tuple[float, bool]:
    """A coin flip at ``progress`` (0..1): the vertical scale, and whether the new face shows yet."""
    progress = max(0.0, min(1.0, progress))
    return max(0.06, abs(math.cos(math.pi * progress))), progress >= 0.5


def count_down(timed: tuple[T, float] | None, dt: float) -> tuple[T, float] | None:
    """Something shown for a while (a toast, a note, a shake: its value and the seconds it has left), ``dt``
    seconds later: ``None`` once its time is up, or if there was none."""
    if timed is None:
        return None
    value, left = timed
    return (value, left - dt) if left > dt else None


def run_down(left: float | None, dt: float, seconds: float) -> float | None:
    """A wait of ``seconds`` (starting now if ``left`` is ``None``), ``dt`` seconds on: the seconds it has left,
    ``None`` once it is over."""
    left = (seconds if left is None else left) - dt
    return left if left > 0 else None
