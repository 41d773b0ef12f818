"""What the match screen does for an engine the player added (another program): its failures in words, and
the way on when it fails.

An engine that cannot move (it did not answer, crashed, played nonsense or an
illegal move, or was removed from the options since) stops nothing: the match
screen says why in a dialog and offers to ask it again, to let the game's own
computer (at the level the player chose last) take its seat for the rest of
the game, or to leave. The game is kept as it stood (and autosaved).
"""

from __future__ import annotations

from typing import Any, Protocol

from game.ai.worker import AIStatus
from game.engine.match import MatchConfig, Player
from game.i18n import tr
from game.scenes.match_names import MatchPlayers
from game.scenes.services import ComputerServices, SceneServices
from game.ui import theme
from game.ui.lang import engine_problem

__all__ = ["EngineHost", "engine_failed", "engine_failure_text"]


class _Request(Protocol):
    ticket: int | None


class _Keeper(Protocol):
    def update(self) -> None: ...


class EngineServices(SceneServices, ComputerServices, Protocol):
    """What an engine's failure uses of the app: the scenes (its message), the AI worker (letting the engine
    go)."""


class EngineHost(MatchPlayers, Protocol):
    """The match screen as an engine's failure sees it: the match, its players, and the computer taking over."""

    @property
    def app(self) -> EngineServices: ...

    config: MatchConfig

    @property
    def computer(self) -> _Request: ...

    @property
    def keeper(self) -> _Keeper: ...

    def engine_name(self, player: Player) -> str: ...

    def say(self, message: str, seconds: float = 1.6) -> None: ...


def engine_failure_text(status: AIStatus) -> str:
    """Why an engine could not move, in the player's language (``AIStatus.failure``)."""
    if status.failure is None:
        return status.error or "unknown error"
    kind, fields = status.failure
    return engine_problem(kind, fields, status.traceback or "")


def engine_failed(scene: EngineHost, player: Player, reason: str, *, retry: bool = True) -> None:
    """The dialog when ``player``'s engine could not move (``reason``, translated): Try again (unless
    ``retry`` is false: it is gone), Computer plays on, Quit to menu."""
    scene.app.audio.play("invalid")
    own = _own_level(scene)
    buttons: list[tuple[str, str, Any]] = [("retry", "Try again", None)] if retry else []
    buttons += [
        ("computer_plays", "Computer plays on", lambda: _hand_over(scene, own.key)),
        ("quit", "Quit to menu", scene.app.router.home),
    ]
    scene.app.router.push(
        "dialog",
        tr("{name} is stuck", name=scene.engine_name(player)),
        [
            tr("It could not choose a move: {error}", error=reason[:240]),
            tr("With “Computer plays on”, the computer ({level}) takes its seat.", level=tr(own.name)),
        ],
        buttons,
        accent=theme.DANGER,
        escape=buttons[0][0],
    )


def _own_level(scene: EngineHost) -> Any:
    """The game's own level that takes over from a failed engine: the one the player chose last."""
    ai = scene.ai
    assert ai is not None
    try:
        return ai.level(scene.game_settings.level)
    except ValueError:
        return ai.levels[min(1, len(ai.levels) - 1)]


def _hand_over(scene: EngineHost, level: str) -> None:
    """The game's own computer at ``level`` plays the engines' seats from now on (the dialog closes)."""
    scene.app.stack.pop()
    scene.app.worker.release_engine()
    match = scene.match
    seats = [Player.computer(level) if player.engine is not None else player for player in match.players]
    match.players = (seats[0], seats[1])
    scene.config = MatchConfig.for_match(match)
    scene.computer.ticket = None
    scene.keeper.update()
    if scene.ai is not None:
        scene.say(tr("The computer plays on ({level})", level=tr(scene.ai.level(level).name)), 2.0)
