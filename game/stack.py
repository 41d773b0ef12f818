"""The scene stack: push/pop/replace with paired lifecycle calls, and scenes that fail kept apart.

Tuxemon's state manager is the model (style.md): ``push`` pauses the scene
beneath and enters the new one; ``pop`` exits the top and resumes the one
that ends up on top; ``replace`` and ``reset`` exit without resuming anything
in between, so ``pause``/``resume`` always pair and only the scene left on top
is resumed. Every call into a scene goes through ``call``, which turns an
exception into a report to ``on_error`` (the app shows a message, or the kiosk
starts again) and keeps that scene from being called again.

The stack knows scenes by their class attribute ``name`` (``"menu"``,
``"match"``...), so nothing needs to import a scene class to look for it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame

__all__ = ["SceneStack", "StackScene"]


class StackScene(Protocol):
    """What the stack and the app's loop ask of a scene (``game.scenes.base.Scene`` has it all)."""

    name: str
    """The router's name for the scene, which the stack finds it by."""
    transparent: bool
    """Whether the scene beneath shows through (it is drawn, and offered the events, too)."""

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def handle_event(self, event: pygame.event.Event) -> bool: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def ensure_layout(self) -> None: ...

    def relayout(self) -> None: ...


class SceneStack:
    """The scenes, bottom first; see the module docstring.

    ``on_error(scene, method, error)`` hears of a scene that raised;
    ``on_top(scene)`` is told whenever a scene comes to the top (entered or
    resumed), for the kiosk's lock-down; ``on_covered(scene)`` when another
    scene is pushed over it (the pointer is no longer over its buttons).
    """

    def __init__(
        self,
        on_error: Callable[[StackScene, str, Exception], None],
        on_top: Callable[[StackScene], None] | None = None,
        on_covered: Callable[[StackScene], None] | None = None,
    ) -> None:
        self.scenes: list[StackScene] = []
        self._on_error = on_error
        self._on_top = on_top
        self._on_covered = on_covered
        self._failed: set[int] = set()
        self.dropped = False
        """Set when a scene leaves the stack (the app collects garbage after the frame)."""

    # -- reading --

    @property
    def top(self) -> StackScene | None:
        """The scene on top."""
        return self.scenes[-1] if self.scenes else None

    def find(self, name: str) -> Any:
        """The topmost scene called ``name``, or ``None``."""
        for scene in reversed(self.scenes):
            if scene.name == name:
                return scene
        return None

    def __len__(self) -> int:
        return len(self.scenes)

    def __contains__(self, scene: object) -> bool:
        return any(scene is item for item in self.scenes)

    # -- changing --

    def push(self, scene: StackScene) -> None:
        """Cover the top scene with ``scene``."""
        if self.scenes:
            covered = self.scenes[-1]
            self.call(covered, "pause")
            if self._on_covered is not None:
                self._on_covered(covered)
        self.scenes.append(scene)
        self._enter(scene)

    def pop(self) -> StackScene | None:
        """Remove the top scene and resume the one beneath."""
        scene = self._drop()
        if scene is not None and self.scenes:
            self._resume(self.scenes[-1])
        return scene

    def replace(self, scene: StackScene) -> None:
        """Swap the top scene for ``scene`` (the one beneath is neither resumed nor paused)."""
        self._drop()
        self.scenes.append(scene)
        self._enter(scene)

    def reset(self, scene: StackScene) -> None:
        """Empty the stack, top first, and start again from ``scene``; nothing in between is resumed."""
        while self.scenes:
            self._drop()
        self.scenes.append(scene)
        self._enter(scene)

    def pop_to(self, name: str) -> bool:
        """Pop down to the topmost scene called ``name`` and resume it; ``False`` (nothing popped) if none is."""
        target = self.find(name)
        if target is None:
            return False
        if self.scenes[-1] is target:
            return True
        while self.scenes[-1] is not target:
            self._drop()
        self._resume(target)
        return True

    def drop_failed(self, failed: StackScene) -> None:
        """Remove ``failed`` and every scene above it; resume what is left on top."""
        if failed not in self:
            return
        while self.scenes and self.scenes[-1] is not failed:
            self._drop()
        self._drop()
        if self.scenes:
            self._resume(self.scenes[-1])

    def clear(self) -> None:
        """Exit every scene (errors only logged through ``on_error``), top first."""
        while self.scenes:
            self._drop()

    # -- calls into scenes --

    def call(self, scene: StackScene, method: str, *args: Any) -> Any:
        """``scene.method(*args)``, unless the scene failed before; an exception is reported, not raised."""
        if id(scene) in self._failed:
            return None
        try:
            return getattr(scene, method)(*args)
        except Exception as error:
            self._failed.add(id(scene))
            self._on_error(scene, method, error)
            return None

    def has_failed(self, scene: StackScene) -> bool:
        """Whether ``scene`` raised and is no longer called."""
        return id(scene) in self._failed

    def forget_failures(self) -> None:
        """Start afresh (after a recovery that replaced every scene)."""
        self._failed.clear()

    def _enter(self, scene: StackScene) -> None:
        self.call(scene, "enter")
        if self._on_top is not None and self.scenes and self.scenes[-1] is scene:
            self._on_top(scene)

    def _resume(self, scene: StackScene) -> None:
        self.call(scene, "resume")
        if self._on_top is not None and self.scenes and self.scenes[-1] is scene:
            self._on_top(scene)

    def _drop(self) -> StackScene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        self.call(scene, "exit")
        self._failed.discard(id(scene))
        self.dropped = True
        return scene
