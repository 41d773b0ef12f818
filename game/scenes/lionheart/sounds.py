"""Lionheart's own sound effects: dice rattling in a wooden tray, landing, hits, falling figures, a panic,
coins and feet (the shared ones are ``game.ui.audio``'s; the registry brings these to the player)."""

from __future__ import annotations

import numpy as np

from game.ui.synth import RATE, envelope, notes, sweep, times

__all__ = ["SOUND_NAMES", "synthesise"]

SOUND_NAMES = ("dice", "land", "hit", "fall", "panic", "coins", "march", "turn", "lunge")


def synthesise(rng: np.random.Generator) -> dict[str, np.ndarray]:
    """Each of Lionheart's effects as mono float samples, its noise drawn from ``rng``."""
    sounds: dict[str, np.ndarray] = {}
    t = times(0.7)
    rattle = np.zeros_like(t)
    for index in range(16):
        start = int(RATE * (0.02 + 0.6 * (index / 16) ** 1.3 + rng.uniform(0, 0.02)))
        click = times(0.03)
        hz = rng.uniform(900, 2400)
        knock = (np.sin(2 * np.pi * hz * click) + 0.6 * rng.standard_normal(len(click))) * envelope(
            click, 0.0005, 0.006
        )
        end = min(len(rattle), start + len(click))
        rattle[start:end] += knock[: end - start] * (1 - index / 22)
    sounds["dice"] = rattle * 0.45
    t = times(0.16)
    sounds["land"] = (
        (np.sin(2 * np.pi * 180 * t) + 0.5 * rng.standard_normal(len(t)) * np.exp(-t / 0.01))
        * envelope(t, 0.001, 0.04)
        * 0.5
    )
    t = times(0.35)
    clang = sum(
        np.sin(2 * np.pi * hz * t) * amp
        for hz, amp in ((523.0, 1.0), (1307.0, 0.6), (2089.0, 0.4), (3170.0, 0.25))
    )
    sounds["hit"] = clang * envelope(t, 0.001, 0.08) * 0.35
    t = times(0.4)
    sounds["fall"] = (
        (np.sin(sweep(t, 220, 70)) + 0.4 * rng.standard_normal(len(t)) * np.exp(-t / 0.05))
        * envelope(t, 0.004, 0.12)
        * 0.5
    )
    sounds["panic"] = notes([622.25, 523.25, 415.3, 311.13], 0.08, 0.3, 0.1) * 0.4
    sounds["coins"] = notes([1568.0, 2093.0, 1760.0, 2349.3, 2637.0], 0.05, 0.25, 0.06) * 0.3
    t = times(0.14)
    sounds["march"] = (
        (np.sin(2 * np.pi * 95 * t) + 0.3 * rng.standard_normal(len(t)) * np.exp(-t / 0.02))
        * envelope(t, 0.002, 0.04)
        * 0.55
    )
    t = times(0.2)
    swish = rng.standard_normal(len(t)) * np.sin(np.pi * t / t[-1]) ** 2
    sounds["turn"] = np.convolve(swish, np.ones(12) / 12, mode="same") * 0.5
    t = times(0.22)
    sounds["lunge"] = (
        np.convolve(rng.standard_normal(len(t)), np.ones(6) / 6, mode="same")
        * np.sin(np.pi * t / t[-1]) ** 3
        * 0.5
        + np.sin(sweep(t, 200, 420)) * envelope(t, 0.02, 0.06) * 0.3
    )
    return sounds
