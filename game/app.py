"""The application: pygame set-up, the window, and the 60 FPS loop.

``App`` owns what every scene shares (the window, the theme, the settings, the
sound, the AI worker, the current game) and offers it to the scenes as the
protocols of ``game.scenes.services``, which it implements: the router hands
it to each scene it creates, typed with what that scene uses. The scene stack
(``game.stack``) lives beside it: events are offered to the scenes top-down,
drawing goes from the lowest opaque scene up. A scene that raises is logged
and replaced by a message on screen (in a kiosk, the kiosk starts again from
its menu); the app keeps running. Frame timing for the benchmarks is kept
apart, in ``FrameStats``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import gc
import io
import logging
import sys
import time
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import games, paths
from game.i18n import set_language
from game.scenes.router import Router
from game.stack import SceneStack, StackScene
from game.ui.audio import Audio
from game.ui.settings import Settings
from game.ui.theme import Theme

if TYPE_CHECKING:
    from game.ai.worker import AIWorker, EngineTimeouts
    from game.games import GameDefinition
    from game.scenes.kiosk import Kiosk

__all__ = ["FPS", "MIN_SIZE", "App", "AppOptions", "FrameStats", "desktop_size", "fit_window"]

log = logging.getLogger(__name__)

FPS = 60
DEFAULT_SIZE = (1024, 768)
MIN_SIZE = (640, 480)
MAX_DT = 0.1  # a stall (window dragged, machine busy) must not make animations jump


@dataclasses.dataclass
class AppOptions:
    """How the app starts; tests and tools change these, players use main.py's options."""

    size: tuple[int, int] = DEFAULT_SIZE
    fullscreen: bool | None = None
    """None: the saved setting."""
    use_process: bool = True
    """Run the AI's search in a child process (True) or in the worker thread."""
    ai_time_budget: float | None = None
    """Seconds per computer move instead of the level's own (tests use a tiny budget)."""
    animation: str | None = None
    """Override the animation speed setting ("normal", "fast", "off")."""
    instant: bool = False
    """No waiting at all: announcements and the computer's minimum thinking time are skipped."""
    ai_grace: float = 5.0
    """Seconds past a computer level's stated time before a search that has not answered is given up
    (the child process restarted, the player offered to try again)."""
    engine_timeouts: EngineTimeouts | None = None
    """How long the engines the player added may take to answer (None: the worker's defaults; tests
    give short ones)."""
    audio: bool = True
    save_settings: bool = True
    demo: str | None = None
    """Open on a demonstration scene (for screenshots): see ``game.scenes.demo``."""
    game: str | None = None
    """Open on this game's menu (a registry key); None: the game chosen last time."""
    kiosk: bool = False
    """Unattended kiosk: fullscreen, no Quit, no file options, the attract mode (``game.scenes.kiosk``)."""
    kiosk_idle: float | None = None
    """Seconds without input before the attract mode (None: ``ATTAX_KIOSK_IDLE`` or 60)."""
    kiosk_game_idle: float | None = None
    """The same for a game left alone (None: ``ATTAX_KIOSK_GAME_IDLE`` or 120)."""


@dataclasses.dataclass
class FrameStats:
    """What the benchmarks read of the loop: frames run, the first one's time, and per-frame work."""

    started: float = dataclasses.field(default_factory=time.perf_counter)
    frames: int = 0
    first_frame_at: float | None = None
    first_frame_wall: float | None = None
    record: bool = False
    """Keep every frame's work time in ``frame_times`` (bench/frames.py)."""
    frame_times: list[float] = dataclasses.field(default_factory=list)

    def count(self, began: float) -> None:
        """One frame finished; ``began`` is its ``perf_counter`` start."""
        self.frames += 1
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
            self.first_frame_wall = time.time()
        if self.record:
            self.frame_times.append(time.perf_counter() - began)


class App:
    """The window and the loop (see the module docstring)."""

    def __init__(self, options: AppOptions | None = None) -> None:
        self.options = options or AppOptions()
        self.stats = FrameStats()
        self.data_problem = paths.data_folder_problem()
        """Where the player's files should go and why they cannot, if the data folder is unusable (said at start)."""
        if self.data_problem is None:
            for removed in paths.clean_stale_temporaries(paths.user_data_dir()):
                log.info("removed %s, left by a write that was interrupted", removed)
        self._write_failures: set[str] = set()
        self.settings = Settings.load()
        if self.options.animation is not None:
            self.settings.animation = self.options.animation
        self.game: GameDefinition = self._initial_game()
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(350, 40)
        pygame.display.set_caption("Attax Arcade")
        self._windowed_size = self.options.size
        self._window_position: tuple[int, int] | None = None
        """Where the window was before it went fullscreen (it returns there)."""
        fullscreen = self.settings.fullscreen if self.options.fullscreen is None else self.options.fullscreen
        self.kiosk = self.options.kiosk
        """Running as a kiosk: scenes hide Quit and every option that writes files."""
        if self.kiosk:
            fullscreen = True
        self.fullscreen = False
        self.screen = self._set_mode(fullscreen)
        self.theme = Theme()
        self.apply_look()
        self._set_icon()
        set_language(self.settings.language)
        self.audio = Audio(
            self.settings.volume,
            self.settings.muted,
            enabled=self.options.audio,
            games=games.game_sounds(),
        )
        self._worker: AIWorker | None = None
        self.stack = SceneStack(self._scene_failed, self._scene_on_top, self._scene_covered)
        self.router = Router(self)
        self.clock = pygame.time.Clock()
        self.running = True
        from game.scenes.kiosk import Kiosk
        from game.ui.touch import TouchMapper

        self.touch = TouchMapper()
        self.kiosk_mode: Kiosk | None = (
            Kiosk(self, self.options.kiosk_idle, self.options.kiosk_game_idle) if self.kiosk else None
        )

    def _initial_game(self) -> GameDefinition:
        key = self.options.game or self.settings.game
        if self.options.demo and not self.options.game:
            # A demonstration opens a game that can show it, whichever game was chosen last.
            from game.scenes.demo import demo_game

            key = demo_game(self.options.demo, key).key
        try:
            definition = games.game(key)
        except KeyError:
            definition = games.playable_games()[0]
        return definition if definition.playable else games.playable_games()[0]

    # -- the current game --

    def choose_game(self, key: str) -> None:
        """Make ``key`` the current game (menu tiles, level select, options); its looks apply at once."""
        definition = games.game(key)
        if not definition.playable:
            raise ValueError(f"{definition.name} cannot be played yet")
        self.game = definition
        if self.settings.game != key:
            self.settings.game = key
            self.save_settings()
        self.apply_look()

    # -- the window --

    @property
    def size(self) -> tuple[int, int]:
        """The current window size in pixels."""
        return self.screen.get_size()

    def _set_mode(self, fullscreen: bool) -> pygame.Surface:
        leaving_fullscreen = self.fullscreen and not fullscreen
        if fullscreen:
            if not self.fullscreen:
                self._window_position = _window_position()
            # Some window managers keep a window's offset when it turns fullscreen, which
            # pushes the picture off the screen: put the window in the display's corner first.
            _move_window((0, 0))
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            size = fit_window(self._windowed_size, desktop_size())
            screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            self._set_minimum_size()
            if leaving_fullscreen and self._window_position is not None:
                _move_window(self._window_position)  # back where the player had it
        self.fullscreen = fullscreen
        return screen

    def _set_minimum_size(self) -> None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            window.minimum_size = MIN_SIZE
        except (AttributeError, pygame.error, ValueError):
            pass  # older pygame: the layout still copes with small windows

    def _set_icon(self) -> None:
        from game.ui import gfx, theme

        with contextlib.suppress(pygame.error):
            pygame.display.set_icon(gfx.piece_sprite(64, theme.SEAT_COLOURS[0]))

    def toggle_fullscreen(self) -> None:
        """Switch between the window and fullscreen at the desktop resolution (F11); a kiosk stays fullscreen."""
        if self.kiosk and self.fullscreen:
            return
        if not self.fullscreen:
            self._windowed_size = self.size
        self.screen = self._set_mode(not self.fullscreen)
        self.settings.fullscreen = self.fullscreen
        self.save_settings()

    def _resized(self, size: tuple[int, int]) -> None:
        if self.fullscreen:
            return
        width, height = max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])
        if (width, height) != self.screen.get_size():
            self._windowed_size = (width, height)
            self.screen = self._set_mode(False)
        surface = pygame.display.get_surface()
        if surface is not None:
            self.screen = surface

    def resize(self, size: tuple[int, int]) -> None:
        """Resize the window as a person dragging its edge would (tests use it)."""
        self._windowed_size = size
        self.screen = self._set_mode(False)

    # -- shared services --

    @property
    def worker(self) -> AIWorker:
        """The AI worker, started on first use and closed with the app."""
        if self._worker is None:
            from game.ai.worker import AIWorker

            if not self.options.use_process:
                # The search shares the interpreter with the loop: hand the GIL over every
                # millisecond instead of every 5, so a frame never waits long for it.
                sys.setswitchinterval(0.001)
            self._worker = AIWorker(
                use_process=self.options.use_process, engine_timeouts=self.options.engine_timeouts
            )
        return self._worker

    def save_settings(self) -> None:
        """Persist the settings (not in tests that ask otherwise, nor in a kiosk); a failure is said once."""
        if self.options.save_settings and not self.kiosk:
            try:
                self.settings.save()
            except OSError as error:
                self.write_failed("settings", error)

    def write_failed(self, what: str, error: OSError) -> None:
        """A write of the player's files failed: log it, and tell the player what and why (once per kind).

        ``what`` is ``settings``, ``autosave``, ``statistics``, ``save``, ``level`` or
        ``screenshot``. When the data folder was found unusable at start the
        player has been told already, and is not told again.
        """
        from game.i18n import tr
        from game.ui import theme
        from game.ui.lang import explain_write_error

        log.warning("%s not written: %s", what, error)
        if self.data_problem is not None or what in self._write_failures or self.kiosk:
            return
        self._write_failures.add(what)
        reason = explain_write_error(error)
        messages = {
            "settings": (
                tr("Settings not saved"),
                tr("Your settings could not be written: {reason}. They apply until you quit.", reason=reason),
            ),
            "autosave": (
                tr("Autosave failed"),
                tr(
                    "The game in progress could not be autosaved: {reason}. Continue will not find it: save it yourself if you can.",
                    reason=reason,
                ),
            ),
            "statistics": (
                tr("Game not counted"),
                tr("This game could not be added to your statistics: {reason}.", reason=reason),
            ),
            "screenshot": (
                tr("Screenshot not saved"),
                tr("The screenshot could not be written: {reason}.", reason=reason),
            ),
        }
        title, line = messages.get(
            what, (tr("Not saved"), tr("A file could not be written: {reason}.", reason=reason))
        )
        self.router.push("dialog", title, [line], [("ok", "OK", None)], accent=theme.GOLD, width=620)

    def apply_look(self) -> None:
        """Draw with the palette, piece set and board theme from the settings, in the current game's colours."""
        from game.ui import looks

        looks.apply(self.settings, self.game)

    def apply_audio_settings(self) -> None:
        """Give the sound player the volume and mute from the settings."""
        self.audio.volume = self.settings.volume
        self.audio.muted = self.settings.muted

    def screenshot(self, path: Path | str | None = None) -> Path:
        """Save the current frame as PNG; by default into the user data folder's screenshots."""
        if path is None:
            stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S-%f")[:-3]
            path = paths.user_data_dir() / "screenshots" / f"attax-{stamp}.png"
        target = Path(path)
        # The picture is made in memory, then written through a temporary file and a rename
        # (paths.atomic_write_bytes): a full disk or a folder that refuses files raises an
        # OSError saying why, and leaves no empty or half file behind (SDL's own writer says nothing).
        picture = io.BytesIO()
        try:
            pygame.image.save(self.screen, picture, target.name)
        except pygame.error as error:  # SDL's own failures (an unknown extension) as an OSError
            raise OSError(f"{target}: {error}") from None
        paths.atomic_write_bytes(target, picture.getvalue())
        log.info("screenshot saved to %s", target)
        return target

    # -- the stack --

    @property
    def top(self) -> StackScene | None:
        """The scene on top of the stack."""
        return self.stack.top

    def _scene_on_top(self, scene: StackScene) -> None:
        self.lock_down(scene)

    def _scene_covered(self, scene: StackScene) -> None:
        # The events go to the scene on top now: the one beneath would keep a button lit where the pointer
        # was (Resign glowing at a rematch) until the pointer moved again after it came back.
        self.stack.call(scene, "handle_event", pygame.event.Event(pygame.WINDOWLEAVE))

    def lock_down(self, scene: StackScene) -> None:
        """In a kiosk, hide ``scene``'s buttons a kiosk must not offer (a scene calls it after showing more)."""
        if self.kiosk_mode is not None:
            self.kiosk_mode.lock_down(scene)

    def _scene_failed(self, scene: StackScene, method: str, error: Exception) -> None:
        log.error("%s.%s failed", type(scene).__name__, method, exc_info=error)
        if self.kiosk_mode is not None:
            # Nobody is there to read a message: start again from the kiosk's menu.
            self.kiosk_mode.recoveries += 1
            self._recover()
            return
        if scene.name == "error":
            self._recover()
            return
        if scene not in self.stack:
            return
        self.router.push("error", scene, f"{type(error).__name__}: {error}")

    def dismiss_error(self, failed: StackScene) -> None:
        """Called by the error message: drop the failed scene and carry on beneath it."""
        self.stack.pop()
        self.stack.drop_failed(failed)
        if not len(self.stack):
            self._recover()

    def _recover(self) -> None:
        self.stack.clear()
        self.stack.forget_failures()
        self.router.reset("menu")

    # -- the loop --

    def start(self) -> None:
        """Put the first scene on the stack (the menu, or a demonstration)."""
        if len(self.stack):
            return
        if self.options.demo:
            from game.scenes.demo import start_demo

            start_demo(self, self.options.demo)
        else:
            self.router.push("menu")
        log.info(
            "started%s: %dx%d%s, %s, the AI in a %s",
            " as a kiosk" if self.kiosk else "",
            *self.size,
            " fullscreen" if self.fullscreen else "",
            self.game.key,
            "child process" if self.options.use_process else "thread",
        )
        if self.settings.damaged is not None:
            self.router.push("dialog", **damaged_settings_message(self.settings))
        if self.data_problem is not None:
            folder, error = self.data_problem
            log.error("the data folder %s cannot be used (%s): nothing is kept this time", folder, error)
            if not self.kiosk:
                self.router.push("dialog", **data_folder_message(folder, error))

    def run(self, max_frames: int | None = None) -> None:
        """Run the loop until Quit (or ``max_frames`` frames)."""
        self.start()
        while self.running and (max_frames is None or self.stats.frames < max_frames):
            dt = self.clock.tick(FPS) / 1000.0
            if self.kiosk_mode is None:
                self.frame(dt)
                continue
            try:
                self.frame(dt)
            except Exception:
                # A kiosk never drops to the desktop: log it and start again from the menu.
                log.exception("frame failed; the kiosk starts again from its menu")
                self.kiosk_mode.recoveries += 1
                try:
                    self._recover()
                except Exception:
                    log.exception("recovery failed; trying again")
                    pygame.time.wait(200)

    def frame(self, dt: float = 1 / FPS) -> None:
        """One frame: events, update, draw, flip."""
        self.start()
        began = time.perf_counter()
        for event in pygame.event.get():
            self.dispatch(event)
            if not self.running:
                return
        dt = max(0.0, min(MAX_DT, dt))
        top = self.top
        if top is not None:
            top.ensure_layout()
            self.stack.call(top, "update", dt)
        if self.kiosk_mode is not None:
            self.kiosk_mode.update(dt)
        self.draw()
        pygame.display.flip()
        if self.stack.dropped:
            # A scene refers to itself through its widgets' callbacks, so a dropped
            # one waits for the cycle collector, and with it the megabytes of its
            # cached pictures (which the collector's counts do not see). Collect
            # now, on the frame of the change, rather than let dead scenes pile up.
            self.stack.dropped = False
            gc.collect()
        self.stats.count(began)

    def dispatch(self, event: pygame.event.Event) -> None:
        """Handle the app's own events, then offer ``event`` to the scenes from the top down."""
        translated = self.touch.translate(event, self.size)  # fingers act as the mouse
        if translated is None:
            return
        event = translated
        if self.kiosk_mode is not None and self.kiosk_mode.handle_event(event):
            return
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self._resized(event.size)
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                self.toggle_fullscreen()
                return
            if event.key == pygame.K_F12:
                try:
                    self.screenshot()
                except OSError as error:
                    self.audio.play("invalid")
                    self.write_failed("screenshot", error)
                else:
                    self.audio.play("click")
                return
        # Offered from the top down; an opaque scene hides (and shields) the ones beneath it.
        for scene in reversed(list(self.stack.scenes)):
            scene.ensure_layout()
            if self.stack.call(scene, "handle_event", event) or not scene.transparent:
                break

    def draw(self) -> None:
        """Paint from the lowest opaque scene up."""
        scenes = self.stack.scenes
        base = 0
        for index in range(len(scenes) - 1, -1, -1):
            if not scenes[index].transparent:
                base = index
                break
        if not scenes or scenes[base].transparent:
            self.screen.fill((0, 0, 0))
        for scene in scenes[base:]:
            scene.ensure_layout()
            self.stack.call(scene, "draw", self.screen)

    def quit(self) -> None:
        """Stop the loop at the end of this frame."""
        self.running = False

    def close(self) -> None:
        """Release the worker, the sound and the display."""
        self.stack.clear()
        if self._worker is not None:
            self._worker.close()
            self._worker = None
        self.audio.close()
        if self.kiosk_mode is not None:
            self.kiosk_mode.close()
        pygame.display.quit()
        pygame.font.quit()


_NO_SCREEN_DRIVERS = frozenset({"dummy", "offscreen"})
"""SDL video drivers that draw into memory: their "desktop" is made up, so it limits nothing."""


def desktop_size() -> tuple[int, int] | None:
    """The size of the desktop the window opens on (the first display); None without a real screen."""
    try:
        if pygame.display.get_driver() in _NO_SCREEN_DRIVERS:
            return None  # headless pictures (tests, --screenshot) may be larger than any screen
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    if not sizes:
        return None
    width, height = sizes[0]
    return width, height


def fit_window(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """A window size from ``size``: no larger than ``desktop`` (when known), never below ``MIN_SIZE``.

    >>> fit_window((2560, 1440), (1920, 1080)), fit_window((800, 600), (1920, 1080))
    ((1920, 1080), (800, 600))
    >>> fit_window((3000, 500), None), fit_window((320, 200), (1920, 1080))
    ((3000, 500), (640, 480))
    """
    width, height = size
    if desktop is not None:
        width, height = min(width, desktop[0]), min(height, desktop[1])
    return max(MIN_SIZE[0], width), max(MIN_SIZE[1], height)


def _window_position() -> tuple[int, int] | None:
    try:
        x, y = pygame.display.get_window_position()
    except (pygame.error, AttributeError):
        return None  # no window yet, or a pygame without it
    return x, y


def _move_window(position: tuple[int, int]) -> None:
    with contextlib.suppress(pygame.error, AttributeError):
        pygame.display.set_window_position(position)


def data_folder_message(folder: Path, error: OSError) -> dict[str, object]:
    """The dialog shown at start when the user data folder cannot be used (router arguments)."""
    from game.i18n import tr
    from game.ui import theme
    from game.ui.lang import explain_write_error

    return {
        "title": tr("Nothing will be kept"),
        "lines": [
            tr(
                "Your files go to {folder}, which cannot be used: {reason}.",
                folder=str(folder),
                reason=explain_write_error(error),
            ),
            tr(
                "You can play, but this time no settings, saves, levels or statistics are kept. Set ATTAX_DATA_DIR to a folder you can write to, or free the disk."
            ),
        ],
        "buttons": [("ok", "OK", None)],
        "accent": theme.DANGER,
        "width": 680,
    }


def damaged_settings_message(settings: Settings) -> dict[str, object]:
    """The dialog shown at start when the settings file was damaged and set aside (router arguments)."""
    from game.i18n import tr
    from game.ui import theme

    damaged = settings.damaged or ("settings.json", "")
    lines = [tr("The settings file {file} is damaged: the default settings are used.", file=damaged[0])]
    if damaged[1]:
        lines.append(tr("The damaged file is kept as {name}.", name=damaged[1]))
    return {
        "title": tr("Settings reset"),
        "lines": lines,
        "buttons": [("ok", "OK", None)],
        "accent": theme.GOLD,
        "width": 620,
    }
