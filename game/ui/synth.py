"""The building blocks of synthesised sound effects: sample times, envelopes, glides and notes.

The arcade's shared effects (``game.ui.audio``) and each game's own (its
``sounds`` module) are written with these, as mono float samples at ``RATE``.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

__all__ = ["RATE", "SoundMaker", "envelope", "notes", "sweep", "times", "tone"]

RATE = 44100

SoundMaker = Callable[[np.random.Generator], dict[str, np.ndarray]]
"""A game's own effects: ``synthesise(rng)`` -> name -> samples, its noise drawn from ``rng``."""


def times(seconds: float) -> np.ndarray:
    """The sample times of ``seconds`` of sound."""
    return np.arange(int(RATE * seconds), dtype=np.float64) / RATE


def envelope(t: np.ndarray, attack: float, decay: float) -> np.ndarray:
    """A quick attack and an exponential decay (``decay`` = time constant, seconds)."""
    rise = np.clip(t / max(attack, 1e-4), 0, 1)
    return rise * np.exp(-np.maximum(t - attack, 0) / decay)


def sweep(t: np.ndarray, start_hz: float, end_hz: float) -> np.ndarray:
    """The phase of a tone gliding exponentially from ``start_hz`` to ``end_hz``."""
    duration = max(t[-1], 1e-6) if len(t) else 1.0
    ratio = end_hz / start_hz
    freq = start_hz * ratio ** (t / duration)
    return 2 * np.pi * np.cumsum(freq) / RATE


def tone(t: np.ndarray, hz: float, *, harmonics: tuple[float, ...] = (1.0, 0.3, 0.12)) -> np.ndarray:
    """A note of pitch ``hz`` with the given strengths of its harmonics."""
    return sum(
        (amp * np.sin(2 * np.pi * hz * (n + 1) * t) for n, amp in enumerate(harmonics)), np.zeros_like(t)
    )


def notes(freqs: list[float], step: float, length: float, decay: float) -> np.ndarray:
    """Plucked notes one after another, ``step`` seconds apart, each ringing ``length`` seconds."""
    total = times(step * (len(freqs) - 1) + length)
    out = np.zeros_like(total)
    for index, hz in enumerate(freqs):
        start = int(index * step * RATE)
        t = times(length)
        note = tone(t, hz, harmonics=(1.0, 0.45, 0.2, 0.08)) * envelope(t, 0.006, decay)
        out[start : start + len(note)] += note[: len(out) - start]
    return out
