"""What the app offers the scenes, as narrow protocols grouped by purpose.

A scene is typed with the groups it uses, never with the app. Every scene
(the base scene) has ``SceneServices``: the window's size, the theme and the
sound (``Media``), the way to other scenes, the game being played. A game's
board has ``BoardServices``: the media and the settings. The rest come by
purpose: the settings and their saving, the files a scene writes, the
window, the kiosk, the computer (the AI worker and the run's options), and
the recovery from a failed scene. A scene that needs more names the groups
in a protocol of its own (``class MenuServices(SceneServices,
KioskServices, Protocol)``) and types its ``app`` with it. The app
implements them all structurally (``Services``); the router hands it to
each scene it makes. No scene imports the app, not even for its types;
this module names the classes of what it offers for type checking only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from game.ai.worker import AIWorker
    from game.games import GameDefinition
    from game.stack import SceneStack, StackScene
    from game.ui.audio import Audio
    from game.ui.settings import Settings
    from game.ui.theme import Theme

__all__ = [
    "BoardServices",
    "ComputerServices",
    "FileServices",
    "KioskMode",
    "KioskServices",
    "Media",
    "Navigator",
    "PlayerSettings",
    "Recovery",
    "RunOptions",
    "SceneServices",
    "Services",
    "SettingsServices",
    "WindowServices",
]


class Navigator(Protocol):
    """Scenes by name (``game.scenes.router.Router``): each opens the scene called ``name`` with the arguments
    given and returns it."""

    def has(self, name: str) -> bool: ...

    def push(self, name: str, /, *args: Any, **kwargs: Any) -> StackScene: ...

    def replace(self, name: str, /, *args: Any, **kwargs: Any) -> StackScene: ...

    def reset(self, name: str, /, *args: Any, **kwargs: Any) -> StackScene: ...

    def back_to(self, name: str) -> bool: ...

    def home(self) -> None: ...


class Media(Protocol):
    """What anything drawn and heard uses: the theme and the sound."""

    @property
    def theme(self) -> Theme: ...

    @property
    def audio(self) -> Audio: ...


class SceneServices(Media, Protocol):
    """What every scene needs: the window's size, the theme and the sound, the way to other scenes (by name,
    or on the stack), the game being played."""

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def router(self) -> Navigator: ...

    @property
    def stack(self) -> SceneStack: ...

    @property
    def top(self) -> StackScene | None: ...

    @property
    def game(self) -> GameDefinition: ...


class PlayerSettings(Protocol):
    """The player's settings, to read."""

    @property
    def settings(self) -> Settings: ...


class SettingsServices(PlayerSettings, Protocol):
    """The player's settings, their saving, and what applies them: the current game, the looks, the sound."""

    def save_settings(self) -> None: ...

    def choose_game(self, key: str) -> None: ...

    def apply_look(self) -> None: ...

    def apply_audio_settings(self) -> None: ...


class BoardServices(Media, PlayerSettings, Protocol):
    """What a game's board uses of the app: the theme, its sounds, the settings (the game's view switches)."""


class FileServices(Protocol):
    """The player told of a file that could not be written (``what``: ``autosave``, ``statistics``...)."""

    def write_failed(self, what: str, error: OSError) -> None: ...


class WindowServices(Protocol):
    """The window: fullscreen or not, and closing it."""

    @property
    def fullscreen(self) -> bool: ...

    def toggle_fullscreen(self) -> None: ...

    def quit(self) -> None: ...


class KioskMode(Protocol):
    """What a scene asks of a running kiosk (``game.scenes.kiosk.Kiosk``)."""

    attract_games: int
    """Games the attract mode finished."""

    def back_to_menu(self) -> None: ...


class KioskServices(Protocol):
    """Whether the app runs as a kiosk, the kiosk when it does, and hiding what a kiosk must not offer."""

    @property
    def kiosk(self) -> bool: ...

    @property
    def kiosk_mode(self) -> KioskMode | None: ...

    def lock_down(self, scene: StackScene) -> None: ...


class RunOptions(Protocol):
    """What the scenes read of how the app was started (the app's ``AppOptions``)."""

    @property
    def ai_time_budget(self) -> float | None: ...

    @property
    def ai_grace(self) -> float: ...

    @property
    def instant(self) -> bool: ...

    @property
    def demo(self) -> str | None: ...


class ComputerServices(Protocol):
    """The computer's side: the AI worker, and the options that time it."""

    @property
    def worker(self) -> AIWorker: ...

    @property
    def options(self) -> RunOptions: ...


class Recovery(Protocol):
    """Carrying on after a scene failed (the error message's button)."""

    def dismiss_error(self, failed: StackScene) -> None: ...


class Services(
    SceneServices,
    SettingsServices,
    FileServices,
    WindowServices,
    KioskServices,
    ComputerServices,
    Recovery,
    Protocol,
):
    """Everything the app offers the scenes: what the router hands each scene it makes."""
