"""The unattended kiosk (``python main.py --kiosk``): idle timers, the attract mode, the admin chord.

The app owns one ``Kiosk`` when started with ``--kiosk``. It sees every event
before the scenes: any touch, click or key counts as someone being there;
the window's close button, F11 and F12 are ignored; Ctrl+Alt+Shift+Q (the admin
chord) is the only way out. After ``idle`` seconds without input (``game_idle``
while a game is on screen) it starts the attract mode, where the computer
plays itself until someone touches the screen. Scene errors are logged to
``attax.log`` in the user data folder and the kiosk starts again from its
menu (see ``App._scene_failed``).

The timers come from the App's options, else from the environment variables
``ATTAX_KIOSK_IDLE`` and ``ATTAX_KIOSK_GAME_IDLE`` (seconds), else 60 and 120.
"""

from __future__ import annotations

import logging
import os
import random
from typing import TYPE_CHECKING, Protocol

import pygame

from game import paths
from game.filedata import ascii_number
from game.scenes.services import SceneServices, WindowServices

if TYPE_CHECKING:
    from game.stack import StackScene

__all__ = [
    "ADMIN_CHORD",
    "GAME_IDLE",
    "IDLE",
    "Kiosk",
    "KioskHost",
    "is_admin_chord",
    "positive_seconds",
    "timer_from_env",
]

log = logging.getLogger(__name__)

IDLE = 60.0
GAME_IDLE = 120.0
ADMIN_CHORD = "Ctrl+Alt+Shift+Q"
_CHORD_MODS = (pygame.KMOD_CTRL, pygame.KMOD_ALT, pygame.KMOD_SHIFT)
KIOSK_HIDDEN_BUTTONS = frozenset(
    {"quit", "save", "save_as", "load", "delete", "reset", "editor", "engines", "export", "analyse_save"}
)
"""Ids of the buttons no kiosk shows: leaving the program, everything that writes or reads the
player's files (the autosave and Continue stay; a finished game's analysis too, but not its export),
and the engines (other programs to run)."""
_INPUT_EVENTS = (
    pygame.KEYDOWN,
    pygame.MOUSEBUTTONDOWN,
    pygame.MOUSEBUTTONUP,
    pygame.MOUSEMOTION,
    pygame.MOUSEWHEEL,
    pygame.FINGERDOWN,
    pygame.FINGERUP,
    pygame.FINGERMOTION,
    pygame.TEXTINPUT,
)


MAX_TIMER = 24 * 3600.0
"""The longest idle timer accepted: a day (longer is surely a typing slip)."""


def positive_seconds(text: str) -> float:
    """A timer in seconds from text: a finite number above 0 and at most a day; ``ValueError`` saying why not.

    >>> positive_seconds("90"), positive_seconds(" 2.5 ")
    (90.0, 2.5)
    >>> positive_seconds("nan")
    Traceback (most recent call last):
    ...
    ValueError: 'nan' is not a number of seconds: give a number above 0 (60 is a minute)
    """
    value = ascii_number(text)
    if value is None or value <= 0:
        raise ValueError(f"{text!r} is not a number of seconds: give a number above 0 (60 is a minute)")
    if value > MAX_TIMER:
        raise ValueError(f"{text!r} seconds is more than a day: give at most {MAX_TIMER:.0f}")
    return value


def timer_from_env(name: str, default: float) -> float:
    """Seconds from environment variable ``name``; ``default`` (with a warning) when it is not a usable timer."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        return positive_seconds(text)
    except ValueError as error:
        log.warning("%s: %s; using %g", name, error, default)
        return default


def is_admin_chord(event: pygame.event.Event) -> bool:
    """Whether ``event`` is the key press that leaves the kiosk (Ctrl+Alt+Shift+Q)."""
    return (
        event.type == pygame.KEYDOWN
        and event.key == pygame.K_q
        and all(event.mod & mod for mod in _CHORD_MODS)
    )


class KioskHost(SceneServices, WindowServices, Protocol):
    """What a kiosk uses of the app: the scenes (to start the attract mode, or the menu) and quitting."""


class Kiosk:
    """Idle timers, the attract mode and the locked-down keys of a kiosk."""

    def __init__(self, app: KioskHost, idle: float | None = None, game_idle: float | None = None) -> None:
        self.app = app
        self.idle_limit = idle if idle is not None else timer_from_env("ATTAX_KIOSK_IDLE", IDLE)
        self.game_idle_limit = (
            game_idle if game_idle is not None else timer_from_env("ATTAX_KIOSK_GAME_IDLE", GAME_IDLE)
        )
        self.idle = 0.0
        self.rng = random.Random()
        self.attract_runs = 0
        """How many times the attract mode started."""
        self.attract_games = 0
        """Games the attract mode finished (the soak bench counts them)."""
        self.recoveries = 0
        """Scene errors the kiosk recovered from."""
        self.swallow_release = False
        """The touch that ended the attract mode must not also press what lies under it on the menu."""
        self._log_handler: logging.Handler | None = None
        self._ensure_log_file()

    def _ensure_log_file(self) -> None:
        """Errors must reach attax.log in the user data folder even when main.py did not set it up."""
        try:
            target = (paths.user_data_dir() / "attax.log").resolve()
        except OSError as error:
            log.warning("no log file for the kiosk: %s", error)
            return
        root = logging.getLogger()
        for handler in root.handlers:
            if isinstance(handler, logging.FileHandler) and os.path.abspath(handler.baseFilename) == str(
                target
            ):
                return
        try:
            handler = logging.FileHandler(target, encoding="utf-8")
        except OSError as error:
            log.warning("no log file for the kiosk: %s", error)
            return
        handler.setLevel(logging.WARNING)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        root.addHandler(handler)
        self._log_handler = handler

    def close(self) -> None:
        """Detach the log file this kiosk opened."""
        if self._log_handler is not None:
            logging.getLogger().removeHandler(self._log_handler)
            self._log_handler.close()
            self._log_handler = None

    def lock_down(self, scene: StackScene) -> None:
        """Hide ``scene``'s buttons that a kiosk must not offer, by id (called as each scene comes on top)."""
        groups = [getattr(scene, "widgets", None), getattr(getattr(scene, "panel", None), "widgets", None)]
        for group in groups:
            for button in getattr(group, "buttons", ()):
                if button.id in KIOSK_HIDDEN_BUTTONS:
                    button.visible = False
        scene.relayout()  # lay out again without them

    # -- events --

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Before the scenes: True when the kiosk consumed ``event``."""
        if event.type in _INPUT_EVENTS:
            self.idle = 0.0
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.swallow_release = False
        elif event.type == pygame.MOUSEBUTTONUP and self.swallow_release:
            self.swallow_release = False
            return True
        if event.type == pygame.QUIT:
            log.info("kiosk: window close ignored (the admin chord is %s)", ADMIN_CHORD)
            return True
        if event.type == pygame.KEYDOWN:
            if is_admin_chord(event):
                log.info("kiosk: admin chord, leaving")
                self.app.quit()
                return True
            if event.key in (pygame.K_F11, pygame.K_F12):
                return True  # stays fullscreen; writes no screenshots
        return False

    # -- time --

    def update(self, dt: float) -> None:
        """Count idle time and start the attract mode when nobody has played for long enough."""
        self.idle += dt
        app = self.app
        if app.top is not None and app.top.name == "attract":
            return
        in_game = app.stack.find("match") is not None
        if self.idle >= (self.game_idle_limit if in_game else self.idle_limit):
            self.start_attract()

    def start_attract(self) -> None:
        """Clear the stack and let the computer play itself."""
        self.idle = 0.0
        self.attract_runs += 1
        log.info("kiosk: attract mode (run %d)", self.attract_runs)
        self.app.router.reset("attract", self.rng)

    def back_to_menu(self) -> None:
        """Someone is here: the menu, with nothing else on the stack."""
        self.idle = 0.0
        self.swallow_release = True
        self.app.router.reset("menu")
