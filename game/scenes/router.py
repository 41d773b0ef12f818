"""Scenes by name: the router creates every scene, so scenes never import one another.

A scene asks ``app.router.push("levelselect", config)`` (or ``replace``,
``reset``, ``back_to``); the router imports the scene's module on first use
and builds it with the app's services (``game.scenes.services.Services``) and the
arguments given. Generic scenes are listed
here; a game's own scenes (its level editor) come from the current game's
registry entry (``game.games``), so the generic code never names a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.games import resolve

if TYPE_CHECKING:
    from game.scenes.base import Scene
    from game.scenes.services import Services

__all__ = ["GAME_SCENES", "SCENES", "Router"]

SCENES: dict[str, str] = {
    "menu": "game.scenes.menu:MenuScene",
    "newgame": "game.scenes.newgame:NewGameScene",
    "levelselect": "game.scenes.levelselect:LevelSelectScene",
    "match": "game.scenes.match:MatchScene",
    "puzzle": "game.scenes.puzzle:PuzzleScene",
    "tutorial": "game.scenes.tutorial:TutorialScene",
    "results": "game.scenes.results:ResultsScene",
    "pause": "game.scenes.pause:PauseScene",
    "options": "game.scenes.options:OptionsScene",
    "engines": "game.scenes.engines:EnginesScene",
    "addengine": "game.scenes.engines:AddEngineScene",
    "statistics": "game.scenes.statistics:StatisticsScene",
    "load": "game.scenes.saveload:LoadScene",
    "saveas": "game.scenes.saveload:SaveAsScene",
    "rules": "game.scenes.rules:RulesScene",
    "about": "game.scenes.about:AboutScene",
    "attract": "game.scenes.attract:AttractScene",
    "dialog": "game.scenes.dialog:Dialog",
    "error": "game.scenes.message:ErrorScene",
    "analysis": "game.scenes.analysis:AnalysisScene",
    "trial": "game.scenes.trial:TrialScene",
}
"""The generic scenes: name -> ``module:class``."""

GAME_SCENES: dict[str, str] = {"editor": "editor", "campaign": "campaign"}
"""Scenes a game provides: name -> its part (``GameDefinition.load``)."""


class Router:
    """Creates scenes by name and puts them on the app's stack."""

    def __init__(self, app: Services) -> None:
        self.app = app

    def has(self, name: str) -> bool:
        """Whether a scene called ``name`` can be opened now (a game scene only if the game has it)."""
        if name in SCENES:
            return True
        part = GAME_SCENES.get(name)
        return part is not None and self.app.game.has(part)

    def make(self, name: str, /, *args: Any, **kwargs: Any) -> Scene:
        """A new scene called ``name``; ``KeyError`` for a name no scene has (or the game lacks)."""
        if name in SCENES:
            scene_class = resolve(SCENES[name])
        elif name in GAME_SCENES and self.app.game.has(GAME_SCENES[name]):
            scene_class = self.app.game.load(GAME_SCENES[name])
        else:
            raise KeyError(f"no scene called {name!r}")
        scene: Scene = scene_class(self.app, *args, **kwargs)
        return scene

    def push(self, name: str, /, *args: Any, **kwargs: Any) -> Scene:
        """Open ``name`` over the top scene; returns it."""
        scene = self.make(name, *args, **kwargs)
        self.app.stack.push(scene)
        return scene

    def replace(self, name: str, /, *args: Any, **kwargs: Any) -> Scene:
        """Open ``name`` in place of the top scene; returns it."""
        scene = self.make(name, *args, **kwargs)
        self.app.stack.replace(scene)
        return scene

    def reset(self, name: str, /, *args: Any, **kwargs: Any) -> Scene:
        """Close every scene and open ``name``; returns it."""
        scene = self.make(name, *args, **kwargs)
        self.app.stack.reset(scene)
        return scene

    def back_to(self, name: str) -> bool:
        """Close the scenes above the topmost ``name``; ``False`` (nothing closed) if there is none."""
        return self.app.stack.pop_to(name)

    def home(self) -> None:
        """Back to the menu: the one on the stack, or a fresh one."""
        if not self.back_to("menu"):
            self.reset("menu")
