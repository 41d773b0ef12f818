"""Lionheart's campaign: battles in order, each a level file with a goal and a story before and after it.

A battle is a TOML file in the level format, ``levels/lionheart/campaign/NN-name.toml``::

    game = "lionheart"
    schema_version = 2
    name = "The ford"
    position = "gK1e1N,gI4d3N,sI4d6S,sK1e10S g 2 0 -"
    level = "beginner"
    before = "Raiders have crossed the river..."
    after = "The raiders flee back over the ford..."
    par_turns = 10
    par_losses = 4

    [goal]
    kind = "hold"
    turns = 5
    line = 4

``position`` is the battle's start (the player commands Gold; the side to move
is set, no opening roll, no set-up; a position the game's ``validate_level``
refuses is refused here too). ``level`` is the computer's level (Silver), one
of the game's five. ``before`` and ``after`` are the story told before and
after the battle, in English (the French is in the game's catalogue). The
goal (``game.engine.lionheart.goals``) has a ``kind`` and, as the kind needs,
``turns`` and ``line`` (a rank, 2 to 9). ``par_turns`` and ``par_losses`` are
the stars' par: the player's turns taken and figures lost.

What a kind needs of the position is checked: ``fewer`` a player's army of
fewer units than the enemy's, ``survive`` enemy mercenaries, ``protect`` the
player's peasants, ``hold`` no enemy already on or behind the line, ``reach``
a king of the player's not yet on the far rank.

A file that cannot be used gives a ``LevelError`` naming it and the reason; a
folder is read past a bad file.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.engine.levels import (
    CAMPAIGN_FOLDER,
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
    shipped_levels_dir,
    text_field,
)
from game.engine.lionheart.battle import Battle
from game.engine.lionheart.goals import ENEMY, FAR_RANK, GOAL_KINDS, NEEDS_TURNS, PLAYER, Goal
from game.engine.rules import GameRules

__all__ = [
    "LEVEL_KEYS",
    "MAX_STORY_LENGTH",
    "MAX_TURNS",
    "CampaignBattle",
    "battle_from_text",
    "has_campaign",
    "load_battle",
    "load_campaign",
    "shipped_campaign",
    "shipped_campaign_dir",
]

MAX_STORY_LENGTH = 700
"""A story before or after a battle: a few sentences, which the screen shows whole."""
MAX_TURNS = 60
"""The most turns a goal or a par may count (a battle's draw comes after thirty quiet turns)."""
MAX_LOSSES = 200
LEVEL_KEYS = ("beginner", "casual", "skilled", "expert", "master")
"""The computer's levels a battle may name (the game's five, ``game.ai.lionheart.levels``)."""
_KEYS = frozenset(
    {"game", "schema_version", "name", "author", "position", "level", "before", "after",
     "par_turns", "par_losses", "goal"}
)  # fmt: skip


@dataclasses.dataclass(frozen=True)
class CampaignBattle:
    """One battle of the campaign (see the module docstring)."""

    name: str
    position: str
    level: str
    goal: Goal
    before: str
    after: str
    par_turns: int
    par_losses: int
    path: Path | None = None
    number: int | None = None
    """The number at the front of the file name (``01-the-ford.toml`` is 1), if any."""

    @property
    def id(self) -> str:
        """What the statistics know the battle by: its file's name without ``.toml`` (else its name, dashed)."""
        return file_id(self.path) if self.path is not None else name_id(self.name, "battle")


def _whole(data: dict[str, Any], key: str, where: str, low: int, high: int, *, required: bool) -> int | None:
    value = data.get(key)
    if value is None:
        if required:
            raise LevelError(f"{where}: missing {key!r}")
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise LevelError(f"{where}: {key!r} must be a whole number, not {str(value)[:40]!r}")
    if not low <= value <= high:
        raise LevelError(f"{where}: {key!r} must be from {low} to {high}, not {value}")
    return value


def _goal(raw: Any, where: str) -> Goal:
    place = f"{where}: goal"
    if not isinstance(raw, dict):
        raise LevelError(f"{place}: missing, or not a table ([goal])")
    unknown = sorted(set(raw) - {"kind", "turns", "line"})
    if unknown:
        raise LevelError(f"{place}: unknown key {str(unknown[0])[:40]!r} (a goal has kind, turns and line)")
    kind = raw.get("kind")
    if kind not in GOAL_KINDS:
        raise LevelError(f"{place}: 'kind' must be one of {', '.join(GOAL_KINDS)}, not {str(kind)[:40]!r}")
    turns = _whole(raw, "turns", place, 1, MAX_TURNS, required=kind in NEEDS_TURNS)
    line = _whole(raw, "line", place, 2, FAR_RANK - 1, required=kind == "hold")
    if kind not in NEEDS_TURNS | {"reach"} and turns is not None:
        raise LevelError(f"{place}: a {kind!r} goal counts no turns")
    if kind != "hold" and line is not None:
        raise LevelError(f"{place}: only a 'hold' goal has a line")
    return Goal(kind, turns, line)


def _check_start(battle: Battle, goal: Goal, where: str) -> None:
    """Refuse a start the campaign cannot judge, or one where the goal makes no sense."""
    if battle.pending.kind != "-" or battle.side < 0:
        raise LevelError(f"{where}: a campaign battle starts with a side to move (no roll, no set-up)")
    if battle.outcome() is not None:
        raise LevelError(f"{where}: the battle is already over")
    mine, theirs = battle.army(PLAYER), battle.army(ENEMY)
    kind = goal.kind
    if kind == "fewer" and len(mine) >= len(theirs):
        raise LevelError(f"{where}: a 'fewer' goal needs Gold to field fewer units than Silver")
    if kind == "survive" and not any(unit.kind == "R" for unit in theirs):
        raise LevelError(f"{where}: a 'survive' goal needs Silver's mercenaries")
    if kind == "protect" and not any(unit.kind == "P" for unit in mine):
        raise LevelError(f"{where}: a 'protect' goal needs Gold's peasants")
    line = goal.line
    if kind == "hold" and line is not None and any(int(unit.square[1:]) <= line for unit in theirs):
        raise LevelError(f"{where}: Silver already stands on or behind the line")
    if kind == "reach" and any(unit.kind == "K" and unit.square.endswith(str(FAR_RANK)) for unit in mine):
        raise LevelError(f"{where}: Gold's king already stands on the far rank")


def battle_from_text(
    text: str, rules: GameRules[Any, Any], where: str = "campaign battle", path: Path | None = None
) -> CampaignBattle:
    """Parse and check a campaign battle file's text (``rules``: Lionheart's); ``where`` names it in messages.

    Raises ``LevelError`` when the TOML is broken, the file is another game's
    or a newer version's, a field is missing, unknown or of the wrong kind,
    the position is bad or does not suit the goal.
    """
    data = file_data(text, rules, where, "battle")
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise LevelError(f"{where}: unknown key {str(unknown[0])[:40]!r}")
    name = text_field(data, "name", where, required=True, limit=MAX_NAME_LENGTH)
    start = text_field(data, "position", where, required=True, limit=MAX_POSITION_LENGTH)
    level = data.get("level")
    if level not in LEVEL_KEYS:
        raise LevelError(f"{where}: 'level' must be one of {', '.join(LEVEL_KEYS)}, not {str(level)[:40]!r}")
    before = text_field(data, "before", where, required=True, limit=MAX_STORY_LENGTH)
    after = text_field(data, "after", where, required=True, limit=MAX_STORY_LENGTH)
    par_turns = _whole(data, "par_turns", where, 1, MAX_TURNS, required=True)
    par_losses = _whole(data, "par_losses", where, 0, MAX_LOSSES, required=True)
    assert par_turns is not None and par_losses is not None
    goal = _goal(data.get("goal"), where)
    position = level_position(start, rules, where)
    if not isinstance(position, Battle):
        raise LevelError(f"{where}: not a Lionheart battle")
    _check_start(position, goal, where)
    number = number_from_name(path) if path is not None else None
    return CampaignBattle(
        name, position.text(), str(level), goal, before, after, par_turns, par_losses, path, number
    )


def load_battle(path: Path | str, rules: GameRules[Any, Any]) -> CampaignBattle:
    """Read and check one battle file; ``LevelError`` naming the file and the problem."""
    return load_file(
        path, "battle file", lambda text, where, target: battle_from_text(text, rules, where, target)
    )


def load_campaign(folder: Path | str, rules: GameRules[Any, Any]) -> list[CampaignBattle | LevelError]:
    """Every ``*.toml`` battle in ``folder``, in file-name order; bad files as ``LevelError`` items
    (``levels.load_folder``: the others are read all the same)."""
    return load_folder(folder, lambda path: load_battle(path, rules))


def shipped_campaign_dir() -> Path:
    """The folder of the campaign's battles: ``levels/lionheart/campaign/``."""
    return shipped_levels_dir("lionheart") / CAMPAIGN_FOLDER


def shipped_campaign(rules: GameRules[Any, Any]) -> Sequence[CampaignBattle | LevelError]:
    """The campaign's battles as shipped."""
    return load_campaign(shipped_campaign_dir(), rules)


def has_campaign() -> bool:
    """Whether battle files are shipped (read or not: the campaign screen says what is wrong)."""
    try:
        return any(shipped_campaign_dir().glob("*.toml"))
    except (OSError, LookupError):
        return False
