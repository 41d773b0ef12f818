"""Names shown to the player in their language: seats, players, levels, file problems, engines' failures.

Fixed interface strings go through ``game.i18n.tr`` where they are written.
These helpers are for names that come from data (a level file, a saved game):
a shipped level's name has a translation in the catalogue, a level the
player made does not and is shown as written — without being reported as a
missing translation.
"""

from __future__ import annotations

import errno
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.engine.core import MatchTermination, Outcome, other_seat
from game.i18n import current_language, load_catalog, tr
from game.ui import theme

if TYPE_CHECKING:
    from game.engine.levels import LevelInfo
    from game.engine.rules import GameRules

__all__ = [
    "end_reason",
    "engine_problem",
    "engine_time_label",
    "explain_file_error",
    "explain_write_error",
    "level_description",
    "level_name",
    "player_label",
    "seat_name",
    "tr_data",
]


def tr_data(text: str) -> str:
    """``text`` translated if the catalogue knows it, else unchanged (names from files)."""
    return load_catalog(current_language()).get(text, text)


def level_name(level: LevelInfo) -> str:
    """A level's name in the player's language; a level the player made keeps the name given it."""
    return level.name if level.custom else tr_data(level.name)


def level_description(level: LevelInfo) -> str:
    """A level's description in the player's language (the player's own levels: as written)."""
    return level.description if level.custom else tr_data(level.description)


def seat_name(seat: int) -> str:
    """The name of ``seat`` in the current game, palette and language ("Red", "Orange", "White"...)."""
    return tr(theme.SEAT_NAMES[seat])


def end_reason(rules: GameRules[Any, Any], outcome: Outcome) -> str:
    """Why a game ended, in the player's language: the game's own reason ("The board is full"), or the seat
    that gave the game up, by its name in the current palette ("Blue resigned")."""
    if outcome.termination is MatchTermination.RESIGNATION and outcome.winner is not None:
        return tr("{side} resigned", side=seat_name(other_seat(int(outcome.winner))))
    return tr(rules.termination_text(outcome.termination))


def player_label(name: str) -> str:
    """A player's stored display name ("You", "Computer (casual)", a name typed) in the player's language."""
    found = re.fullmatch(r"Computer \((\w+)\)", name)
    if found:
        return tr("Computer ({level})", level=tr(found.group(1).capitalize()))
    return tr_data(name)


# The reasons game.saves, game.paths and game.engine.pgn give, and their translation keys.
_REASONS: tuple[tuple[str, str], ...] = (
    (r"file is larger than (?P<n>\d+) bytes", "the file is larger than {n} bytes"),
    (r"the file is larger than (?P<n>\d+) KB", "the file is larger than {n} KB"),
    (r"binary data, not a (text file|PGN game)", "binary data, not a saved game"),
    (r"not UTF-8 text \(byte (?P<n>\d+)\)", "not text (byte {n} is not UTF-8)"),
    (r"no game found: the file is empty", "the file is empty"),
    (r"line (?P<n>\d+): malformed tag .*", "line {n}: a malformed tag"),
    (r"bad FEN tag: .*", "the starting position (FEN tag) cannot be read"),
    (r"bad Redo tag: .*", "the Redo tag is damaged"),
    (r"move (?P<n>\d+) \((?P<move>.*?)\): .*", "move {n} ({move}) is not a legal move"),
    (r"more than (?P<n>\d+) moves.*", "more than {n} moves"),
    (r".*never (closed|opened).*", "the move text is cut off or garbled"),
    (r"the moves cannot be replayed.*", "the moves cannot be replayed under these rules"),
    (r"cannot be read.*", "the file cannot be read"),
    (r"not a file", "not a file"),
)


_ERRNO_WORDS = {
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EROFS: "the disk is read-only",
    errno.ENOTDIR: "a file stands where a folder should be",
    errno.EEXIST: "a file stands where a folder should be",
    errno.EISDIR: "a folder stands where the file should be",
    errno.ENAMETOOLONG: "the name is too long",
    errno.ENOENT: "the folder is missing",
}


def explain_write_error(error: BaseException) -> str:
    """Why a file could not be written, in a few words of the player's language (permission, disk full...)."""
    if isinstance(error, OSError) and error.errno in _ERRNO_WORDS:
        return tr(_ERRNO_WORDS[error.errno])
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error) or type(error).__name__


def explain_file_error(reason: str) -> str:
    """Why a save is damaged, in the player's language, without the file name in front."""
    text = reason
    while True:  # "name.pgn: name.pgn: why" -> "why"
        head, sep, rest = text.partition(": ")
        if sep and (head.endswith(".pgn") or head.endswith(".json")):
            text = rest
        else:
            break
    for pattern, key in _REASONS:
        found = re.fullmatch(pattern, text)
        if found:
            return tr(key, **found.groupdict())
    return tr("the file is not a game this program can read")


def engine_problem(kind: str, fields: Mapping[str, str], english: str = "") -> str:
    """What went wrong with an engine the player added, in their language, from an ``EngineError``'s (or an
    ``AIStatus.failure``'s) ``kind`` and ``fields``; ``english`` (the error's own words) for a kind not known."""
    texts = {
        "command": lambda: tr("its command line cannot be used: {reason}", **fields),
        "start": lambda: tr("it could not be started: {reason}", **fields),
        "handshake": lambda: tr("it did not answer “uai” within {seconds} seconds", **fields),
        "ready": lambda: tr("it did not answer “isready” within {seconds} seconds", **fields),
        "exited": lambda: tr("it stopped ({end}){detail}", **fields),
        "timeout": lambda: tr("it did not play a move within {seconds} seconds", **fields),
        "not_a_move": lambda: tr("it answered “{answer}”, which is not a move", **fields),
        "illegal": lambda: tr("it played {move}, which is not legal here", **fields),
        "position": lambda: tr("the position cannot be sent to it: {reason}", **fields),
    }
    text = texts.get(kind)
    try:
        return text() if text is not None else english or kind
    except (KeyError, IndexError):  # fields that do not match the kind: say it as it came
        return english or kind


def engine_time_label(seconds: float) -> str:
    """An engine's time per move as the screens write it: ``0.5 s`` (``0,5 s`` in French), ``2 s``."""
    labels = {0.5: tr("0.5 s"), 1.0: tr("1 s"), 2.0: tr("2 s"), 5.0: tr("5 s")}
    return labels.get(seconds) or f"{seconds:g} s"
