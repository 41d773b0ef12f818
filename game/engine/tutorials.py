"""Tutorial files: a short commented game that teaches a game's rules one at a time ("Learn to play").

A tutorial is a TOML file in the level format, ``levels/<game>/tutorial/NN-name.toml``::

    game = "ataxx"
    schema_version = 2
    name = "Learn to play"
    position = "x5o/7/7/7/7/7/o5x x 0 1"

    [[step]]
    say = "Each side starts with two pieces in opposite corners."

    [[step]]
    say = "Clone: move to a neighbouring square, and a new piece appears there."
    move = "b6"
    by = "player"

``position`` is the start, in the game's level notation (``rules.new_position``;
a position ``validate_level`` refuses is refused here too). Each ``[[step]]``
has ``say``, the commentary in English (its French is in the game's
catalogue), and, where the step is a move, ``move`` in the game's notation as
saves write it (a chance outcome, a roll, in a game with dice: tutorials'
dice are scripted) and ``by``: ``"player"`` (the player makes it, shown
where) or ``"other"`` (played for them). Every move must be legal where it
comes; every player's move is the same seat's (the player's), every other
one's the other seat's (a roll belongs to no seat). The game is played under
the match rules' defaults: no move after one the rules or a match rule (Ataxx's
early finish) end the game on. A tutorial has at least ``MIN_STEPS`` steps.

A file that cannot be used gives a ``LevelError`` naming it and the reason
(the step and the move where one is wrong); a folder is read past a bad file.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from game.engine.core import CHANCE
from game.engine.levels import (
    MAX_NAME_LENGTH,
    MAX_POSITION_LENGTH,
    LevelError,
    file_data,
    file_id,
    level_position,
    load_file,
    load_folder,
    name_id,
    number_from_name,
    shipped_ids,
    shipped_levels_dir,
    text_field,
)
from game.engine.rules import GameRules, adjudicate
from game.filedata import reason_of

__all__ = [
    "MAX_SAY_LENGTH",
    "MAX_STEPS",
    "MIN_STEPS",
    "Tutorial",
    "TutorialStep",
    "has_shipped_tutorials",
    "load_tutorial",
    "load_tutorials",
    "shipped_tutorial_ids",
    "shipped_tutorials",
    "shipped_tutorials_dir",
    "tutorial_from_text",
]

TUTORIAL_FOLDER = "tutorial"
"""The folder of a game's shipped levels that holds its tutorials."""
MIN_STEPS = 12
"""A tutorial shorter than this teaches too little to be one."""
MAX_STEPS = 400
"""Longer tutorials are refused (a hostile file); the longest shipped is far shorter."""
MAX_SAY_LENGTH = 600
"""A step's commentary: a few sentences, which the screen must show whole."""

Mover = Literal["player", "other"]


@dataclasses.dataclass(frozen=True)
class TutorialStep:
    """One step: the commentary, and the move it asks for or plays (``None`` for a step that only speaks)."""

    say: str
    move: str | None = None
    """The move's text as ``rules.move_text`` writes it."""
    by: Mover | None = None
    """Who makes ``move``: ``"player"`` or ``"other"``; ``None`` when there is no move."""


@dataclasses.dataclass(frozen=True)
class Tutorial:
    """A tutorial of the game ``game``: its name, start position (``rules.position_text``) and steps."""

    game: str
    name: str
    position: str
    steps: tuple[TutorialStep, ...]
    player_seat: int | None
    """The seat the player's moves are made for (``None`` if the player makes no move)."""
    path: Path | None = None
    number: int | None = None
    """The number at the front of the file name (``01-first-game.toml`` is 1), if any."""

    @property
    def id(self) -> str:
        """What the statistics know the tutorial by: its file's name without ``.toml`` (``01-first-moves``), else
        its name in lower case with dashes."""
        return file_id(self.path) if self.path is not None else name_id(self.name, "tutorial")

    def moves(self) -> list[str]:
        """Every step's move, in order."""
        return [step.move for step in self.steps if step.move is not None]


def _step(raw: Any, index: int, where: str) -> TutorialStep:
    place = f"{where}: step {index}"
    if not isinstance(raw, dict):
        raise LevelError(f"{place}: must be a table ([[step]]), not {type(raw).__name__}")
    unknown = sorted(set(raw) - {"say", "move", "by"})
    if unknown:
        raise LevelError(f"{place}: unknown key {str(unknown[0])[:40]!r} (a step has say, move and by)")
    say = text_field(raw, "say", place, required=True, limit=MAX_SAY_LENGTH)
    move = text_field(raw, "move", place, required=False, limit=40) or None
    by = raw.get("by")
    if move is None:
        if by is not None:
            raise LevelError(f"{place}: 'by' without a 'move'")
        return TutorialStep(say)
    if by not in ("player", "other"):
        raise LevelError(f'{place}: \'by\' must be "player" or "other", not {str(by)[:40]!r}')
    return TutorialStep(say, move, by)


def tutorial_from_text(
    text: str, rules: GameRules[Any, Any], where: str = "tutorial", path: Path | None = None
) -> Tutorial:
    """Parse and check a tutorial file's text for the game of ``rules``; ``where`` names it in messages.

    Raises ``LevelError`` when the TOML is broken, the file is another game's
    or a newer version's, a field is missing or of the wrong kind, there are
    fewer than ``MIN_STEPS`` or more than ``MAX_STEPS`` steps, the position is
    bad, or a move is illegal where it comes or made by the wrong seat. The
    steps' moves are written back as ``rules.move_text`` writes them.
    """
    data = file_data(text, rules, where, "tutorial")
    name = text_field(data, "name", where, required=True, limit=MAX_NAME_LENGTH)
    start = text_field(data, "position", where, required=True, limit=MAX_POSITION_LENGTH)
    raw_steps = data.get("step")
    if not isinstance(raw_steps, list):
        raise LevelError(f"{where}: no steps (an array of [[step]] tables)")
    if not MIN_STEPS <= len(raw_steps) <= MAX_STEPS:
        raise LevelError(f"{where}: {len(raw_steps)} steps; a tutorial has {MIN_STEPS} to {MAX_STEPS}")
    steps = [_step(raw, index, where) for index, raw in enumerate(raw_steps, start=1)]
    position = level_position(start, rules, where)
    # A tutorial is played under the match rules' defaults (the early finish on): a game they end is over.
    options = {option.key: option.default for option in rules.options}
    seats: dict[Mover, int] = {}
    checked: list[TutorialStep] = []
    for index, step in enumerate(steps, start=1):
        if step.move is None or step.by is None:
            checked.append(step)
            continue
        place = f"{where}: step {index} ({step.move})"
        if rules.outcome(position, options) is not None or adjudicate(rules, position, options) is not None:
            raise LevelError(f"{place}: the game is already over")
        try:
            move = rules.parse_move(step.move)
        except Exception as error:
            raise LevelError(f"{place}: {reason_of(error)}") from None
        seat = position.turn
        allowed = (
            [outcome for outcome, _ in position.chance_outcomes()]
            if seat == CHANCE
            else position.legal_moves()
        )
        if move not in allowed:
            raise LevelError(
                f"{place}: not a legal move here" if seat != CHANCE else f"{place}: not a roll here"
            )
        if seat != CHANCE:
            expected = seats.setdefault(step.by, seat)
            if expected != seat:
                raise LevelError(f"{place}: by {step.by}, but it is the other seat's move")
            if seats.get("player") is not None and seats.get("player") == seats.get("other"):
                raise LevelError(f"{place}: the player and the other side play the same seat")
        position.push(move)
        checked.append(dataclasses.replace(step, move=rules.move_text(move)))
    number = number_from_name(path) if path is not None else None
    return Tutorial(
        rules.key,
        name,
        rules.position_text(rules.new_position(start)),
        tuple(checked),
        seats.get("player"),
        path,
        number,
    )


def load_tutorial(path: Path | str, rules: GameRules[Any, Any]) -> Tutorial:
    """Read and check one tutorial file of the game of ``rules``; ``LevelError`` naming the file and the problem."""
    return load_file(
        path, "tutorial file", lambda text, where, target: tutorial_from_text(text, rules, where, target)
    )


def load_tutorials(folder: Path | str, rules: GameRules[Any, Any]) -> list[Tutorial | LevelError]:
    """Every ``*.toml`` tutorial in ``folder``, in file-name order; bad files as ``LevelError`` items
    (``levels.load_folder``; shipped files are never set aside)."""
    return load_folder(folder, lambda path: load_tutorial(path, rules))


def shipped_tutorials_dir(key: str) -> Path:
    """The folder of the tutorials shipped for the game ``key``: ``levels/<key>/tutorial/``."""
    return shipped_levels_dir(key) / TUTORIAL_FOLDER


def shipped_tutorials(rules: GameRules[Any, Any]) -> Sequence[Tutorial | LevelError]:
    """The tutorials shipped for the game of ``rules``: ``levels/<game>/tutorial/``."""
    return load_tutorials(shipped_tutorials_dir(rules.key), rules)


def shipped_tutorial_ids(key: str) -> list[str]:
    """The ids of the tutorial files shipped for the game ``key`` (read or not), in file-name order."""
    return shipped_ids(key, TUTORIAL_FOLDER)


def has_shipped_tutorials(key: str) -> bool:
    """Whether the game ``key`` ships tutorial files (read or not: the menu offers "Learn to play", the screen
    says what is wrong)."""
    try:
        return any(shipped_tutorials_dir(key).glob("*.toml"))
    except (OSError, LookupError):
        return False
