"""The match screen's questions: restart the level, resign the game, and what to do when the computer is stuck.

The person to move may resign (the panel's and the pause menu's Resign, after
a question whose safe answer, Keep playing, is the one Enter takes). Either
way a resigned match ends (``Match.resign``), is counted, and the results say
who resigned.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Protocol

from game.engine.levels import LevelInfo
from game.engine.match import Match, Player
from game.i18n import tr
from game.ui import theme
from game.ui.lang import level_name, seat_name

if TYPE_CHECKING:
    from game.scenes.services import SceneServices

__all__ = ["DialogHost", "ask_resign", "ask_restart", "computer_stuck"]

log = logging.getLogger(__name__)


class DialogHost(Protocol):
    """The match screen as its questions see it: what they name, and what their answers do."""

    @property
    def app(self) -> SceneServices: ...

    match: Match[Any, Any]
    level: LevelInfo

    @property
    def vs_computer(self) -> bool: ...

    def engine_name(self, player: Player) -> str: ...

    def can_resign(self) -> bool: ...

    def reject(self, message: str | None = None) -> None: ...

    def restart(self, *, swap: bool = False) -> None: ...

    def resign(self, seat: int | None = None) -> None: ...


def ask_restart(host: DialogHost) -> None:
    """Restart the level from its first position (after a confirmation once moves were made)."""
    if host.match.ply == 0 or host.match.is_over:
        host.restart()
        return

    def confirmed() -> None:
        host.app.stack.pop()
        host.restart()

    host.app.router.push(
        "dialog",
        tr("Restart?"),
        [tr("Start {level} again from the beginning? This game will be lost.", level=level_name(host.level))],
        [("restart", "Restart", confirmed), ("cancel", "Cancel", None)],
        accent=theme.ACCENT_2,
        default="cancel",
    )


def ask_resign(host: DialogHost) -> None:
    """Ask the person to move whether they give the game up; the safe answer, Keep playing, is the default."""
    if not host.can_resign():
        host.reject()
        return
    seat = int(host.match.turn)

    def confirmed() -> None:
        host.app.stack.pop()
        host.resign(seat)

    opponent = host.match.player(1 - seat)
    if opponent.engine is not None:
        question = tr(
            "Give up this game? {name} wins it, and it counts as a loss.", name=host.engine_name(opponent)
        )
    elif host.vs_computer:
        question = tr("Give up this game? The computer wins it, and it counts as a loss.")
    else:
        question = tr(
            "{side} gives up this game, and {other} wins it.",
            side=seat_name(seat),
            other=seat_name(1 - seat),
        )
    host.app.audio.play("click")
    host.app.router.push(
        "dialog",
        tr("Resign?"),
        [question],
        [("keep_playing", "Keep playing", None), ("resign", "Resign", confirmed)],
        accent=theme.DANGER,
        default="keep_playing",
        escape="keep_playing",
    )


def computer_stuck(app: SceneServices, error: str) -> None:
    """The computer could not move (``error``): say so, offer to try again or leave."""
    log.error("AI failed: %s", error)
    app.audio.play("invalid")
    app.router.push(
        "dialog",
        tr("The computer is stuck"),
        [tr("It could not choose a move: {error}", error=error[:240])],
        [("retry", "Try again", None), ("quit", "Quit to menu", app.router.home)],
        accent=theme.DANGER,
        escape="retry",
    )
