"""Opening a saved game: a loaded match on its match screen, Continue (the autosave), and messages.

Shared by the menu (Continue) and the Load screen; scenes are opened through
the router. A loaded game becomes a match screen with the saved players, level
name and undo/redo history, on top of the menu, in its own game (which
becomes the current one).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Protocol

from game.engine import saves
from game.engine.levels import LevelInfo
from game.engine.match import Match, MatchConfig, Player
from game.engine.pgn import PgnGame
from game.i18n import ntr, tr
from game.paths import set_aside
from game.scenes.services import SceneServices, SettingsServices
from game.ui import theme
from game.ui.lang import explain_file_error

if TYPE_CHECKING:
    from game.stack import StackScene

__all__ = ["continue_autosave", "message", "open_match", "tell_cut_short"]

log = logging.getLogger(__name__)


class ResumeServices(SceneServices, SettingsServices, Protocol):
    """What opening a saved game uses of the app: the scenes', and the settings (its game becomes the current
    one)."""


def open_match(
    app: ResumeServices, match: Match[Any, Any], level_name: str, *, save_name: str | None = None
) -> StackScene:
    """A match screen for ``match`` (a loaded game) on top of the menu; returns it."""
    if not match.has_human:
        # Two computers cannot be resumed by a person: they become two players.
        match.players = (Player.human(), Player.human())
    app.choose_game(match.rules.key)
    level = LevelInfo(level_name or tr("Loaded game"), "", "", match.start_text, game=match.rules.key)
    app.router.home()
    match.pause()
    scene = app.router.push("match", MatchConfig.for_match(match), level, match=match, save_name=save_name)
    match.resume()
    app.audio.play("start")
    return scene


def continue_autosave(app: ResumeServices) -> StackScene | None:
    """Resume the current game's autosave; a damaged one is set aside with a message naming it."""
    key = app.game.key
    path = saves.autosave_path(key)
    try:
        loaded = saves.load_autosave(key)
    except (saves.SaveError, OSError) as error:
        log.warning("autosave unusable: %s", error)
        reason = explain_file_error(str(error))
        if isinstance(error, saves.SaveError) and not error.damaged:
            # Sound, but not for this version (a newer one wrote it): left in place, as the Load list does.
            lines = [
                tr("The autosave {file} cannot be used: {reason}.", file=str(path), reason=reason),
                tr("It is left where it is."),
            ]
        else:
            aside = set_aside(path)
            lines = [
                tr("The autosave {file} is damaged: {reason}.", file=str(path), reason=reason),
                tr("It is kept as {name}.", name=aside.name) if aside is not None else "",
            ]
        message(app, tr("Cannot continue"), lines)
        return None
    if loaded is None:
        return None
    match, game = loaded
    scene = open_match(app, match, game.tag("Level"))
    tell_cut_short(app, game, match, str(path))
    return scene


def tell_cut_short(app: ResumeServices, game: PgnGame, match: Match[Any, Any], file: str) -> None:
    """Say, over the top scene, that the save ``file`` was cut short and how many moves it held (if it was).

    Nothing is lost: the game goes on from the last move the file holds, and
    the file itself is left as it is (an autosave is rewritten at the next move).
    """
    if not game.cut_short:
        return
    moves = match.full_moves
    message(
        app,
        tr("File cut short"),
        [
            ntr(
                "{file} was cut short: {count} move read, the rest is missing.",
                "{file} was cut short: {count} moves read, the rest is missing.",
                moves,
                file=file,
            ),
            tr("The game goes on from there."),
        ],
        accent=theme.ACCENT,
    )


def message(app: ResumeServices, title: str, lines: list[str], accent: theme.Colour = theme.DANGER) -> None:
    """A message with an OK button over the top scene."""
    app.router.push(
        "dialog", title, [line for line in lines if line], [("ok", "OK", None)], accent=accent, width=600
    )
