"""Sound effects synthesised with numpy at start-up, and a player with volume and mute.

No files are needed: each effect is a few lines of additive synthesis with an
envelope. When there is no sound device the mixer fails to open, ``Audio``
stays silent, and nothing is printed (the device probe's own chatter on
stderr is silenced too).
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import sys
from collections.abc import Callable, Iterator

import numpy as np

__all__ = ["RATE", "SOUND_NAMES", "Audio", "synthesise"]

log = logging.getLogger(__name__)

RATE = 44100
SOUND_NAMES = (
    "select",
    "click",
    "clone",
    "jump",
    "flip",
    "invalid",
    "pass",
    "win",
    "loss",
    "start",
    "dice",
    "land",
    "hit",
    "fall",
    "panic",
    "coins",
    "march",
    "turn",
    "lunge",
)
FLIP_VARIANTS = 5


def _time(seconds: float) -> np.ndarray:
    return np.arange(int(RATE * seconds), dtype=np.float64) / RATE


def _envelope(t: np.ndarray, attack: float, decay: float) -> np.ndarray:
    """A quick attack and an exponential decay (``decay`` = time constant, seconds)."""
    rise = np.clip(t / max(attack, 1e-4), 0, 1)
    return rise * np.exp(-np.maximum(t - attack, 0) / decay)


def _sweep(t: np.ndarray, start_hz: float, end_hz: float) -> np.ndarray:
    """The phase of a tone gliding exponentially from ``start_hz`` to ``end_hz``."""
    duration = max(t[-1], 1e-6) if len(t) else 1.0
    ratio = end_hz / start_hz
    freq = start_hz * ratio ** (t / duration)
    return 2 * np.pi * np.cumsum(freq) / RATE


def _tone(t: np.ndarray, hz: float, *, harmonics: tuple[float, ...] = (1.0, 0.3, 0.12)) -> np.ndarray:
    return sum(amp * np.sin(2 * np.pi * hz * (n + 1) * t) for n, amp in enumerate(harmonics))


def _notes(freqs: list[float], step: float, length: float, decay: float) -> np.ndarray:
    total = _time(step * (len(freqs) - 1) + length)
    out = np.zeros_like(total)
    for index, hz in enumerate(freqs):
        start = int(index * step * RATE)
        t = _time(length)
        note = _tone(t, hz, harmonics=(1.0, 0.45, 0.2, 0.08)) * _envelope(t, 0.006, decay)
        out[start : start + len(note)] += note[: len(out) - start]
    return out


def synthesise() -> dict[str, np.ndarray]:
    """Every effect as mono float samples in -1..1 (``flip0`` .. ``flip4`` for the wave)."""
    rng = np.random.default_rng(7)
    sounds: dict[str, np.ndarray] = {}
    t = _time(0.09)
    sounds["select"] = np.sin(_sweep(t, 880, 1320)) * _envelope(t, 0.003, 0.03) * 0.6
    t = _time(0.05)
    sounds["click"] = np.sin(2 * np.pi * 1400 * t) * _envelope(t, 0.001, 0.012) * 0.4
    t = _time(0.22)
    sounds["clone"] = (
        (np.sin(_sweep(t, 300, 720)) + 0.3 * np.sin(2 * _sweep(t, 300, 720)))
        * _envelope(t, 0.01, 0.07)
        * 0.55
    )
    t = _time(0.42)
    whoosh = rng.standard_normal(len(t)) * np.sin(np.pi * t / t[-1]) ** 2 * 0.18
    boing = np.sin(_sweep(t, 260, 620)) * np.sin(np.pi * np.clip(t / 0.42, 0, 1)) * 0.45
    sounds["jump"] = (whoosh + boing) * _envelope(t, 0.02, 0.25)
    for index in range(FLIP_VARIANTS):
        t = _time(0.12)
        hz = 660 * 2 ** (index * 2 / 12)
        tick = rng.standard_normal(len(t)) * _envelope(t, 0.0005, 0.004) * 0.4
        sounds[f"flip{index}"] = (np.sin(_sweep(t, hz * 1.5, hz)) * _envelope(t, 0.002, 0.035) + tick) * 0.5
    t = _time(0.26)
    buzz = np.sign(np.sin(2 * np.pi * 110 * t)) * 0.25 + np.sin(2 * np.pi * 220 * t) * 0.2
    gate = (np.sin(2 * np.pi * 11 * t) > -0.3).astype(np.float64)
    sounds["invalid"] = buzz * gate * _envelope(t, 0.005, 0.09)
    sounds["pass"] = _notes([523.25, 392.0], 0.16, 0.35, 0.12) * 0.45
    sounds["win"] = _notes([523.25, 659.25, 783.99, 1046.5, 1318.5], 0.1, 0.6, 0.25) * 0.4
    sounds["loss"] = _notes([392.0, 329.63, 277.18, 196.0], 0.18, 0.7, 0.3) * 0.42
    sounds["start"] = _notes([392.0, 523.25, 783.99], 0.07, 0.4, 0.12) * 0.35
    # Lionheart: dice rattling in a wooden tray, landing, hits, falling figures, a panic, coins, feet.
    t = _time(0.7)
    rattle = np.zeros_like(t)
    for index in range(16):
        start = int(RATE * (0.02 + 0.6 * (index / 16) ** 1.3 + rng.uniform(0, 0.02)))
        click = _time(0.03)
        hz = rng.uniform(900, 2400)
        knock = (np.sin(2 * np.pi * hz * click) + 0.6 * rng.standard_normal(len(click))) * _envelope(
            click, 0.0005, 0.006
        )
        end = min(len(rattle), start + len(click))
        rattle[start:end] += knock[: end - start] * (1 - index / 22)
    sounds["dice"] = rattle * 0.45
    t = _time(0.16)
    sounds["land"] = (
        (np.sin(2 * np.pi * 180 * t) + 0.5 * rng.standard_normal(len(t)) * np.exp(-t / 0.01))
        * _envelope(t, 0.001, 0.04)
        * 0.5
    )
    t = _time(0.35)
    clang = sum(
        np.sin(2 * np.pi * hz * t) * amp
        for hz, amp in ((523.0, 1.0), (1307.0, 0.6), (2089.0, 0.4), (3170.0, 0.25))
    )
    sounds["hit"] = clang * _envelope(t, 0.001, 0.08) * 0.35
    t = _time(0.4)
    sounds["fall"] = (
        (np.sin(_sweep(t, 220, 70)) + 0.4 * rng.standard_normal(len(t)) * np.exp(-t / 0.05))
        * _envelope(t, 0.004, 0.12)
        * 0.5
    )
    sounds["panic"] = _notes([622.25, 523.25, 415.3, 311.13], 0.08, 0.3, 0.1) * 0.4
    sounds["coins"] = _notes([1568.0, 2093.0, 1760.0, 2349.3, 2637.0], 0.05, 0.25, 0.06) * 0.3
    t = _time(0.14)
    sounds["march"] = (
        (np.sin(2 * np.pi * 95 * t) + 0.3 * rng.standard_normal(len(t)) * np.exp(-t / 0.02))
        * _envelope(t, 0.002, 0.04)
        * 0.55
    )
    t = _time(0.2)
    swish = rng.standard_normal(len(t)) * np.sin(np.pi * t / t[-1]) ** 2
    sounds["turn"] = np.convolve(swish, np.ones(12) / 12, mode="same") * 0.5
    t = _time(0.22)
    sounds["lunge"] = (
        np.convolve(rng.standard_normal(len(t)), np.ones(6) / 6, mode="same")
        * np.sin(np.pi * t / t[-1]) ** 3
        * 0.5
        + np.sin(_sweep(t, 200, 420)) * _envelope(t, 0.02, 0.06) * 0.3
    )
    for name, samples in sounds.items():
        fade = min(len(samples), 220)
        samples[-fade:] *= np.linspace(1, 0, fade)
        peak = np.max(np.abs(samples)) or 1.0
        if peak > 0.95:
            sounds[name] = samples * (0.95 / peak)
    return sounds


@functools.cache
def _effects() -> dict[str, np.ndarray]:
    """``synthesise()`` once a process (read, never changed): the effects are always the same, and each
    app that opens the mixer (every test's) needs them."""
    return synthesise()


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Silence C-level writes to stderr (audio back ends print when there is no device)."""
    try:
        fd = sys.stderr.fileno()
        saved = os.dup(fd)
    except (AttributeError, OSError, ValueError):
        yield
        return
    try:
        with open(os.devnull, "w") as devnull:
            sys.stderr.flush()
            os.dup2(devnull.fileno(), fd)
            try:
                yield
            finally:
                os.dup2(saved, fd)
    finally:
        os.close(saved)


class Audio:
    """Plays the effects at the chosen volume; silent when muted or without a sound device."""

    def __init__(self, volume: float = 0.7, muted: bool = False, *, enabled: bool = True) -> None:
        self.volume = volume
        self.muted = muted
        self._sounds: dict[str, object] = {}
        self.available = False
        self._flip_index = 0
        self.played: list[str] = []
        """The names of the effects asked for, most recent last (kept short; tests read it)."""
        if enabled:
            self._open()

    def _open(self) -> None:
        try:
            import pygame

            with _quiet_stderr():
                pygame.mixer.init(RATE, -16, 2, 512)
            frequency, _format, channels = pygame.mixer.get_init()
        except Exception as error:  # no device, no driver: play silently
            log.info("no sound: %s", error)
            return
        try:
            pygame.mixer.set_num_channels(24)
            for name, samples in _effects().items():
                data = samples
                if frequency != RATE:
                    positions = np.linspace(0, len(samples) - 1, int(len(samples) * frequency / RATE))
                    data = np.interp(positions, np.arange(len(samples)), samples)
                pcm = (np.clip(data, -1, 1) * 32000).astype(np.int16)
                frames = np.repeat(pcm[:, None], channels, axis=1)
                self._sounds[name] = pygame.mixer.Sound(buffer=frames.tobytes())
            self.available = True
        except Exception as error:
            log.warning("sound effects unavailable: %s", error)
            self._sounds.clear()

    def play(self, name: str, *, volume: float = 1.0) -> None:
        """Play effect ``name`` (``flip`` picks the next pitch of the wave)."""
        self.played.append(name)
        del self.played[:-50]
        if name == "flip":
            name = f"flip{self._flip_index % FLIP_VARIANTS}"
            self._flip_index += 1
        if self.muted or not self.available or self.volume <= 0:
            return
        sound = self._sounds.get(name)
        if sound is None:
            return
        try:
            sound.set_volume(max(0.0, min(1.0, self.volume * volume)))  # type: ignore[attr-defined]
            sound.play()  # type: ignore[attr-defined]
        except Exception as error:  # a device lost mid-game must not stop the game
            log.info("sound failed: %s", error)

    def reset_wave(self) -> None:
        """Start the next flip wave from its lowest pitch."""
        self._flip_index = 0

    def close(self) -> None:
        """Release the mixer."""
        if self.available:
            with contextlib.suppress(Exception):
                import pygame

                pygame.mixer.quit()
        self.available = False


PlayFn = Callable[[str], None]
