"""What the new-game screen has chosen: the opponent (the game's own computer, an engine the player
added, or a second player), its level or engine, the person's seat and who starts; taken from the
game's section of the settings and kept there for next time.

Who starts is remembered apart for the two kinds of game: against the computer
as "you" or "the computer", between two people as a seat, which is the one the
rules name first (the start position's) until the players choose another. The
screen (``game.scenes.newgame``) shows these choices and turns clicks and keys
into the calls below.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.engine.match import MatchConfig, engine_key, engine_level

if TYPE_CHECKING:
    from game.ai.api import Level
    from game.ui.settings import EngineEntry, GameSettings, Settings

__all__ = ["MatchChoices", "config_from_settings"]


def config_from_settings(
    settings: GameSettings, level_keys: list[str], *, engines: bool = False, rules_first: int = 0
) -> MatchConfig:
    """The choices made last time in a game (an unknown level falls back to the second one); an engine
    chosen last is offered again when ``engines`` may play here and it is still there. Between two
    people the seat chosen last starts, or ``rules_first`` (the seat the rules name) if none was."""
    level = settings.level if settings.level in level_keys else level_keys[min(1, len(level_keys) - 1)]
    human = settings.human_seat if settings.human_seat in (0, 1) else 0
    if settings.opponent == "human":
        return MatchConfig(False, level, human, _pair_first(settings, rules_first))
    first = human if settings.human_starts else 1 - human
    entry = settings.find_engine(settings.engine) if engines and settings.opponent == "engine" else None
    if entry is not None:
        return MatchConfig(True, engine_level(entry.key), human, first, entry.name)
    return MatchConfig(settings.opponent != "human", level, human, first)


def _pair_first(settings: GameSettings, rules_first: int) -> int:
    """Who starts a game between two people: the seat chosen last time, else ``rules_first``."""
    return rules_first if settings.two_player_first is None else settings.two_player_first


class MatchChoices:
    """The match the new-game screen sets up (``config``) and what it keeps aside for a change of mind.

    ``levels`` are the game's computer levels (none: only two people can play);
    ``speaks`` whether engines the player added may play here; ``start_first``
    the seat the rules name first in the start position; ``fixed_first`` the
    seat that starts whatever is chosen (set in the editor, or named by the
    rules), if one does.
    """

    def __init__(
        self,
        settings: Settings,
        game_key: str,
        levels: Sequence[Level],
        *,
        speaks: bool,
        start_first: int,
        fixed_first: int | None,
    ) -> None:
        self.settings = settings
        self.game_key = game_key
        self.levels = tuple(levels)
        self.speaks = speaks
        self.fixed_first = fixed_first
        remembered = settings.for_game(game_key)
        self.engine_entries: list[EngineEntry] = list(remembered.engines) if speaks else []
        self.config = config_from_settings(
            remembered,
            [level.key for level in self.levels] or ["casual"],
            engines=speaks,
            rules_first=start_first,
        )
        self.pair_first = _pair_first(remembered, start_first)
        """Who starts a game between two people: the seat chosen last time, else the rules' first."""
        self.pair_chosen = False
        """Whether the players chose who starts a game between two people on this screen (then remembered)."""
        human = self.config.human_seat
        self.vs_first = human if remembered.human_starts else 1 - human
        """Who starts against the computer, as chosen last time."""
        self.own_level = self.config.level if engine_key(self.config.level) is None else remembered.level
        """The game's own level chosen (kept while an engine is chosen, for a change of mind)."""
        self.engine_key = engine_key(self.config.level) or ""
        """The engine chosen (kept while the game's own levels are shown)."""
        if self.own_level not in [level.key for level in self.levels] and self.levels:
            self.own_level = self.levels[min(1, len(self.levels) - 1)].key
        if not self.levels:
            self.config = dataclasses.replace(self.config, vs_computer=False)
        if fixed_first is not None:
            self.config = dataclasses.replace(self.config, first=fixed_first)

    @property
    def opponent_kind(self) -> str:
        """``computer`` (the game's own), ``engine`` (one the player added) or ``human``."""
        if not self.config.vs_computer:
            return "human"
        return "engine" if engine_key(self.config.level) is not None else "computer"

    @property
    def engine_chosen(self) -> EngineEntry | None:
        """The engine chosen to play, if the opponent is one and it is still there."""
        key = engine_key(self.config.level) if self.config.vs_computer else None
        return next((entry for entry in self.engine_entries if entry.key == key), None)

    def card_keys(self) -> list[str]:
        """The keys of the cards in the right column: the game's levels, or the engines."""
        if self.opponent_kind == "engine":
            return [engine_level(entry.key) for entry in self.engine_entries]
        return [level.key for level in self.levels]

    def _remembered_engine(self) -> EngineEntry | None:
        """The engine chosen last (on this screen, else last time) if it is still there, else the first one."""
        keys = (self.engine_key, self.settings.for_game(self.game_key).engine)
        found = (entry for key in keys for entry in self.engine_entries if entry.key == key)
        return next(found, None) or next(iter(self.engine_entries), None)

    def _engine_config(self) -> None:
        """The engine chosen before, else the one remembered, else none yet, as the opponent."""
        entry = self.engine_chosen or self._remembered_engine()
        level, name = (engine_level(entry.key), entry.name) if entry is not None else (engine_level(""), "")
        self.config = dataclasses.replace(self.config, level=level, computer_name=name)

    def set_opponent(self, kind: str, *, you_start: bool, pair_first: int) -> None:
        """The opponent becomes ``kind`` (``opponent_kind``'s words); who starts is then as the "Who
        starts" row says against the computer (``you_start``), or ``pair_first`` between two people."""
        if kind == "engine":
            self._engine_config()
        else:
            self.config = dataclasses.replace(self.config, level=self.own_level, computer_name="")
        vs_computer = kind != "human"
        if vs_computer:
            human = self.config.human_seat
            first = human if you_start else 1 - human
        else:
            first = pair_first
        if self.fixed_first is not None:
            first = self.fixed_first
        self.config = dataclasses.replace(self.config, vs_computer=vs_computer, first=first)

    def set_you_start(self, you_start: bool) -> None:
        """Against the computer: the person starts, or the computer does."""
        human = self.config.human_seat
        self.config = dataclasses.replace(self.config, first=human if you_start else 1 - human)

    def set_seat(self, seat: int, *, you_start: bool) -> None:
        """The person plays ``seat``; who starts stays the person or the computer, unless it is fixed."""
        first = self.config.first if self.fixed_first is not None else (seat if you_start else 1 - seat)
        self.config = dataclasses.replace(self.config, human_seat=seat, first=first)

    def set_first(self, seat: int) -> None:
        """Between two people: ``seat`` starts (and is remembered)."""
        self.config = dataclasses.replace(self.config, first=seat)
        self.pair_chosen = True

    def choose_level(self, key: str) -> None:
        """Pick the computer's level, or an engine (``engine_level`` of its key)."""
        engine = next((entry for entry in self.engine_entries if engine_level(entry.key) == key), None)
        if engine is not None:
            self.engine_key = engine.key
            self.config = dataclasses.replace(self.config, level=key, computer_name=engine.name)
        elif key in [level.key for level in self.levels]:
            self.own_level = key
            self.config = dataclasses.replace(self.config, level=key, computer_name="")
        else:
            raise ValueError(f"unknown level {key!r}")

    def engines_changed(self) -> None:
        """The player added or removed engines: the list is read again, and an engine chosen that is gone
        gives way to another."""
        self.engine_entries = list(self.settings.for_game(self.game_key).engines) if self.speaks else []
        if self.opponent_kind == "engine" and self.engine_chosen is None:
            self._engine_config()

    def remember(self, *, first_chosen: bool) -> None:
        """Keep the choices for next time, in the game's section of the settings (who starts against the
        computer only when ``first_chosen``: the players chose it)."""
        remembered = self.settings.for_game(self.game_key)
        remembered.opponent = self.opponent_kind
        if self.config.vs_computer:
            remembered.level = self.own_level
            engine = self.engine_chosen
            if engine is not None:
                remembered.engine = engine.key
            remembered.human_seat = self.config.human_seat
            if first_chosen:
                remembered.human_starts = self.config.first == self.config.human_seat
        elif self.pair_chosen:
            remembered.two_player_first = self.config.first
