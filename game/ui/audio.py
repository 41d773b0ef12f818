"""Sound effects synthesised with numpy at start-up, and a player with volume and mute.

No files are needed: each effect is a few lines of additive synthesis with an
envelope (``game.ui.synth``). The effects here are the screens' and those several games share;
a game brings its own through the registry, and the player synthesises them
with these. When there is no sound device the mixer fails to open, ``Audio``
stays silent, and nothing is printed (the device probe's own chatter on
stderr is silenced too).
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import sys
from collections.abc import Callable, Iterable, Iterator

import numpy as np

from game.ui.synth import RATE, SoundMaker, envelope, notes, sweep, times

__all__ = ["RATE", "SOUND_NAMES", "Audio", "synthesise"]

log = logging.getLogger(__name__)

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
)
FLIP_VARIANTS = 5


def synthesise(games: Iterable[SoundMaker] = ()) -> dict[str, np.ndarray]:
    """Every shared effect and the ``games``' own as mono float samples in -1..1 (``flip0`` .. ``flip4``
    for the wave).

    One seeded generator gives all the noise, the games' effects drawing from it after the shared ones,
    so every effect is the same on every run.
    """
    rng = np.random.default_rng(7)
    sounds: dict[str, np.ndarray] = {}
    t = times(0.09)
    sounds["select"] = np.sin(sweep(t, 880, 1320)) * envelope(t, 0.003, 0.03) * 0.6
    t = times(0.05)
    sounds["click"] = np.sin(2 * np.pi * 1400 * t) * envelope(t, 0.001, 0.012) * 0.4
    t = times(0.22)
    sounds["clone"] = (
        (np.sin(sweep(t, 300, 720)) + 0.3 * np.sin(2 * sweep(t, 300, 720))) * envelope(t, 0.01, 0.07) * 0.55
    )
    t = times(0.42)
    whoosh = rng.standard_normal(len(t)) * np.sin(np.pi * t / t[-1]) ** 2 * 0.18
    boing = np.sin(sweep(t, 260, 620)) * np.sin(np.pi * np.clip(t / 0.42, 0, 1)) * 0.45
    sounds["jump"] = (whoosh + boing) * envelope(t, 0.02, 0.25)
    for index in range(FLIP_VARIANTS):
        t = times(0.12)
        hz = 660 * 2 ** (index * 2 / 12)
        tick = rng.standard_normal(len(t)) * envelope(t, 0.0005, 0.004) * 0.4
        sounds[f"flip{index}"] = (np.sin(sweep(t, hz * 1.5, hz)) * envelope(t, 0.002, 0.035) + tick) * 0.5
    t = times(0.26)
    buzz = np.sign(np.sin(2 * np.pi * 110 * t)) * 0.25 + np.sin(2 * np.pi * 220 * t) * 0.2
    gate = (np.sin(2 * np.pi * 11 * t) > -0.3).astype(np.float64)
    sounds["invalid"] = buzz * gate * envelope(t, 0.005, 0.09)
    sounds["pass"] = notes([523.25, 392.0], 0.16, 0.35, 0.12) * 0.45
    sounds["win"] = notes([523.25, 659.25, 783.99, 1046.5, 1318.5], 0.1, 0.6, 0.25) * 0.4
    sounds["loss"] = notes([392.0, 329.63, 277.18, 196.0], 0.18, 0.7, 0.3) * 0.42
    sounds["start"] = notes([392.0, 523.25, 783.99], 0.07, 0.4, 0.12) * 0.35
    for game_sounds in games:
        sounds.update(game_sounds(rng))
    for name, samples in sounds.items():
        fade = min(len(samples), 220)
        samples[-fade:] *= np.linspace(1, 0, fade)
        peak = np.max(np.abs(samples)) or 1.0
        if peak > 0.95:
            sounds[name] = samples * (0.95 / peak)
    return sounds


@functools.cache
def _effects(games: tuple[SoundMaker, ...]) -> dict[str, np.ndarray]:
    """``synthesise(games)`` once a process (read, never changed): the effects are always the same, and
    each app that opens the mixer (every test's) needs them."""
    return synthesise(games)


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
    """Plays the effects at the chosen volume; silent when muted or without a sound device.

    ``games``: the games' own effects (their ``synthesise`` functions), played by name as the shared ones.
    """

    def __init__(
        self,
        volume: float = 0.7,
        muted: bool = False,
        *,
        enabled: bool = True,
        games: Iterable[SoundMaker] = (),
    ) -> None:
        self.volume = volume
        self.muted = muted
        self._sounds: dict[str, object] = {}
        self.available = False
        self._flip_index = 0
        self.played: list[str] = []
        """The names of the effects asked for, most recent last (kept short; tests read it)."""
        if enabled:
            self._open(tuple(games))

    def _open(self, games: tuple[SoundMaker, ...]) -> None:
        try:
            import pygame

            with _quiet_stderr():
                pygame.mixer.init(RATE, -16, 2, 512)
            started = pygame.mixer.get_init()
            if started is None:
                raise pygame.error("the mixer did not start")
            frequency, _format, channels = started
        except Exception as error:  # no device, no driver: play silently
            log.info("no sound: %s", error)
            return
        try:
            pygame.mixer.set_num_channels(24)
            for name, samples in _effects(games).items():
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
