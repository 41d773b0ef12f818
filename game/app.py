"""The application: pygame set-up, the window, the scene stack and the 60 FPS loop.

``App`` owns what every scene shares (the window, the theme, the settings,
the sound, the AI worker) and passes itself to the scenes it creates. The
stack follows design.md: ``push``/``pop``/``replace`` with paired
``enter``/``exit`` and ``pause``/``resume``; events offered top-down; drawing
from the lowest opaque scene up. A scene that raises is logged and replaced
by a message on screen; the app keeps running.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import gc
import logging
import sys
import time
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import paths
from game.i18n import set_language
from game.scenes.base import Scene
from game.ui.audio import Audio
from game.ui.settings import Settings
from game.ui.theme import Theme

if TYPE_CHECKING:
    from game.ai.worker import AIWorker

__all__ = ["FPS", "MIN_SIZE", "App", "AppOptions"]

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
    audio: bool = True
    save_settings: bool = True
    demo: str | None = None
    kiosk: bool = False
    """Unattended kiosk: fullscreen, no Quit, no file options, the attract mode (``game.kiosk``)."""
    kiosk_idle: float | None = None
    """Seconds without input before the attract mode (None: ``ATTAX_KIOSK_IDLE`` or 60)."""
    kiosk_game_idle: float | None = None
    """The same for a game left alone (None: ``ATTAX_KIOSK_GAME_IDLE`` or 120)."""
    """Open on a demonstration scene (for screenshots): see ``game.scenes.demo``."""


class App:
    """The window, the scene stack and the loop."""

    def __init__(self, options: AppOptions | None = None) -> None:
        self.options = options or AppOptions()
        self.started = time.perf_counter()
        self.settings = Settings.load()
        if self.options.animation is not None:
            self.settings.animation = self.options.animation
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(350, 40)
        pygame.display.set_caption("Attax Arcade")
        self._windowed_size = self.options.size
        fullscreen = self.settings.fullscreen if self.options.fullscreen is None else self.options.fullscreen
        self.kiosk = self.options.kiosk
        """Running as a kiosk: scenes hide Quit and every option that writes files."""
        if self.kiosk:
            fullscreen = True
        self.fullscreen = False
        self.screen = self._set_mode(fullscreen)
        self._set_icon()
        self.theme = Theme()
        self.apply_look()
        set_language(self.settings.language)
        self.audio = Audio(self.settings.volume, self.settings.muted, enabled=self.options.audio)
        self._worker: AIWorker | None = None
        self.scenes: list[Scene] = []
        self._dropped_scene = False  # collect garbage after this frame (see ``frame``)
        self._failed: set[int] = set()
        self.clock = pygame.time.Clock()
        self.running = True
        self.frames = 0
        self.first_frame_at: float | None = None
        self.first_frame_wall: float | None = None
        self.frame_times: list[float] = []
        self.record_frame_times = False
        from game.kiosk import Kiosk
        from game.ui.touch import TouchMapper

        self.touch = TouchMapper()
        self.kiosk_mode: Kiosk | None = (
            Kiosk(self, self.options.kiosk_idle, self.options.kiosk_game_idle) if self.kiosk else None
        )

    # -- the window --

    @property
    def size(self) -> tuple[int, int]:
        """The current window size in pixels."""
        return self.screen.get_size()

    def _set_mode(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            width = max(MIN_SIZE[0], self._windowed_size[0])
            height = max(MIN_SIZE[1], self._windowed_size[1])
            screen = pygame.display.set_mode((width, height), pygame.RESIZABLE)
            self._set_minimum_size()
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
            pygame.display.set_icon(gfx.piece_sprite(64, theme.RED))

    def toggle_fullscreen(self) -> None:
        """Switch between the window and fullscreen at the desktop resolution (F11)."""
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
        self.screen = pygame.display.get_surface()

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
            self._worker = AIWorker(use_process=self.options.use_process)
        return self._worker

    def save_settings(self) -> None:
        """Persist the settings (not in tests that ask otherwise)."""
        if self.options.save_settings and not self.kiosk:
            self.settings.save()

    def apply_look(self) -> None:
        """Draw with the palette, piece set and board theme from the settings (at once)."""
        from game.ui import looks

        looks.apply(self.settings)

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
        target.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(target))
        log.info("screenshot saved to %s", target)
        return target

    # -- the stack --

    @property
    def top(self) -> Scene | None:
        """The scene on top of the stack."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        """Cover the top scene with ``scene``."""
        if self.scenes:
            self._call(self.scenes[-1], "pause")
        self.scenes.append(scene)
        self._call(scene, "enter")
        if self.kiosk_mode is not None:
            self.kiosk_mode.lock_down(scene)

    def pop(self) -> Scene | None:
        """Remove the top scene and resume the one beneath."""
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        self._call(scene, "exit")
        self._failed.discard(id(scene))
        self._dropped_scene = True
        if self.scenes:
            self._call(self.scenes[-1], "resume")
            if self.kiosk_mode is not None:
                self.kiosk_mode.lock_down(self.scenes[-1])
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self.scenes:
            old = self.scenes.pop()
            self._call(old, "exit")
            self._failed.discard(id(old))
            self._dropped_scene = True
        self.scenes.append(scene)
        self._call(scene, "enter")
        if self.kiosk_mode is not None:
            self.kiosk_mode.lock_down(scene)

    def reset(self, scene: Scene) -> None:
        """Empty the stack and start again from ``scene`` (e.g. back to the menu)."""
        while len(self.scenes) > 1:
            self.pop()
        self.replace(scene)

    def pop_to(self, scene_type: type[Scene]) -> bool:
        """Pop scenes until one of ``scene_type`` is on top; False (nothing popped) if none is."""
        if not any(isinstance(scene, scene_type) for scene in self.scenes):
            return False
        while not isinstance(self.scenes[-1], scene_type):
            self.pop()
        return True

    def find(self, scene_type: type[Scene]) -> Any:
        """The topmost scene of ``scene_type`` on the stack, or None."""
        for scene in reversed(self.scenes):
            if isinstance(scene, scene_type):
                return scene
        return None

    # -- errors --

    def _call(self, scene: Scene, method: str, *args: Any) -> Any:
        if id(scene) in self._failed:
            return None
        try:
            return getattr(scene, method)(*args)
        except Exception as error:
            self._scene_failed(scene, method, error)
            return None

    def _scene_failed(self, scene: Scene, method: str, error: Exception) -> None:
        from game.scenes.message import ErrorScene

        log.exception("%s.%s failed", type(scene).__name__, method)
        self._failed.add(id(scene))
        if self.kiosk_mode is not None:
            # Nobody is there to read a message: start again from the kiosk's menu.
            self.kiosk_mode.recoveries += 1
            self._recover()
            return
        if isinstance(scene, ErrorScene):
            self._recover()
            return
        if scene not in self.scenes:
            return
        self.push(ErrorScene(self, scene, f"{type(error).__name__}: {error}"))

    def dismiss_error(self, failed: Scene) -> None:
        """Called by the error message: drop the failed scene and carry on beneath it."""
        self.pop()
        if failed in self.scenes:
            while self.scenes and self.scenes[-1] is not failed:
                self.pop()
            if len(self.scenes) > 1:
                self.pop()
            else:
                self._recover()

    def _recover(self) -> None:
        from game.scenes.menu import MenuScene

        for scene in reversed(self.scenes):
            try:
                scene.exit()
            except Exception:
                log.exception("%s.exit failed during recovery", type(scene).__name__)
        self.scenes.clear()
        self._failed.clear()
        self._dropped_scene = True
        self.push(MenuScene(self))

    # -- the loop --

    def start(self) -> None:
        """Put the first scene on the stack (the menu, or a demonstration)."""
        if self.scenes:
            return
        if self.options.demo:
            from game.scenes.demo import start_demo

            start_demo(self, self.options.demo)
        else:
            from game.scenes.menu import MenuScene

            self.push(MenuScene(self))
        log.info(
            "started%s: %dx%d%s, the AI in a %s",
            " as a kiosk" if self.kiosk else "",
            *self.size,
            " fullscreen" if self.fullscreen else "",
            "child process" if self.options.use_process else "thread",
        )
        if self.settings.damaged is not None:
            from game.scenes.saveload import damaged_settings_dialog

            self.push(damaged_settings_dialog(self))

    def run(self, max_frames: int | None = None) -> None:
        """Run the loop until Quit (or ``max_frames`` frames)."""
        self.start()
        while self.running and (max_frames is None or self.frames < max_frames):
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
            self._call(top, "update", dt)
        if self.kiosk_mode is not None:
            self.kiosk_mode.update(dt)
        self.draw()
        pygame.display.flip()
        self.frames += 1
        if self._dropped_scene:
            # A scene refers to itself through its widgets' callbacks, so a dropped
            # one waits for the cycle collector, and with it the megabytes of its
            # cached pictures (which the collector's counts do not see). Collect
            # now, on the frame of the change, rather than let dead scenes pile up.
            self._dropped_scene = False
            gc.collect()
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
            self.first_frame_wall = time.time()
        if self.record_frame_times:
            self.frame_times.append(time.perf_counter() - began)

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
                self.screenshot()
                self.audio.play("click")
                return
        # Offered from the top down; an opaque scene hides (and shields) the ones beneath it.
        for scene in reversed(list(self.scenes)):
            scene.ensure_layout()
            if self._call(scene, "handle_event", event) or not scene.transparent:
                break

    def draw(self) -> None:
        """Paint from the lowest opaque scene up."""
        base = 0
        for index in range(len(self.scenes) - 1, -1, -1):
            if not self.scenes[index].transparent:
                base = index
                break
        if not self.scenes or self.scenes[base].transparent:
            self.screen.fill((0, 0, 0))
        for scene in self.scenes[base:]:
            scene.ensure_layout()
            self._call(scene, "draw", self.screen)

    def quit(self) -> None:
        """Stop the loop at the end of this frame."""
        self.running = False

    def close(self) -> None:
        """Release the worker, the sound and the display."""
        while self.scenes:
            self.pop()
        if self._worker is not None:
            self._worker.close()
            self._worker = None
        self.audio.close()
        if self.kiosk_mode is not None:
            self.kiosk_mode.close()
        pygame.display.quit()
        pygame.font.quit()
