"""Drive the App with synthetic input, as a person would: for tests and benchmarks.

Events go through pygame's real queue and the App's real dispatch, so what
works here works with a mouse. Frames run with a fixed ``dt`` and no waiting.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.app import App, AppOptions

__all__ = ["Driver"]

FRAME = 1 / 60


class Driver:
    """Posts mouse and keyboard events to an App and runs its frames."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.app.start()

    @classmethod
    def fast(cls, **options: object) -> Driver:
        """An App for tests: no animations or pauses, a tiny AI budget, the search in a thread."""
        defaults: dict[str, object] = {
            "instant": True,
            "animation": "off",
            "ai_time_budget": 0.02,
            "use_process": False,
        }
        defaults.update(options)
        return cls(App(AppOptions(**defaults)))  # type: ignore[arg-type]

    @property
    def top(self) -> object:
        """The scene on top of the stack."""
        return self.app.top

    def frames(self, count: int = 1, dt: float = FRAME) -> None:
        """Run ``count`` frames."""
        for _ in range(count):
            self.app.frame(dt)

    def until(
        self, condition: Callable[[], bool], max_frames: int = 600, dt: float = FRAME, sleep: float = 0.0
    ) -> bool:
        """Run frames until ``condition()`` holds; False if it never did within ``max_frames``."""
        for _ in range(max_frames):
            if condition():
                return True
            self.app.frame(dt)
            if sleep:
                pygame.time.wait(int(sleep * 1000))
        return condition()

    def move_mouse(self, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
        """Post a mouse motion to ``pos``."""
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))

    def click(self, pos: tuple[int, int], button: int = 1, frames: int = 1) -> None:
        """Move to ``pos``, press and release ``button`` there, and run ``frames`` frames."""
        self.move_mouse(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.frames(frames)

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
        """Press at ``start``, move to ``end`` in ``steps``, release there."""
        self.move_mouse(start)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        self.frames(1)
        for step in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * step // steps
            y = start[1] + (end[1] - start[1]) * step // steps
            self.move_mouse((x, y), (1, 0, 0))
            self.frames(1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        self.frames(1)

    def key(self, key: int, mod: int = 0, frames: int = 1) -> None:
        """Press and release ``key``."""
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
        self.frames(frames)

    def button(self, button_id: str) -> Any:
        """The top scene's button ``button_id`` (its own, or its panel's)."""
        scene = self.app.top
        assert scene is not None
        scene.ensure_layout()
        for group in (
            getattr(scene, "widgets", None),
            getattr(getattr(scene, "panel", None), "widgets", None),
        ):
            if group is not None and button_id in group.ids():
                return group[button_id]
        raise KeyError(f"{type(scene).__name__} has no button {button_id!r}")

    def press(self, button_id: str, frames: int = 1) -> None:
        """Click the top scene's button ``button_id``."""
        button = self.button(button_id)
        assert button.visible and button.enabled, f"button {button_id!r} is not usable"
        self.click(button.rect.center, frames=frames)

    def play_move(self, move: Any, *, drag: bool = False) -> None:
        """Play ``move`` on the match screen on top by clicking (or dragging) where a person would."""
        scene = self.app.top
        points = scene.board.click_points(move)  # type: ignore[union-attr]
        if drag and len(points) == 2:
            self.drag(points[0], points[1])
        else:
            for point in points:
                self.click(point)
