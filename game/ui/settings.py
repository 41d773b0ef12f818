"""The player's settings, kept as JSON in the user data folder: general ones, and a section per game.

The file (schema 2)::

    {"schema_version": 2,
     "animation": "normal", "volume": 0.7, "muted": false, "fullscreen": false,
     "palette": "classic", "piece_set": "glossy", "board_theme": "midnight", "language": "en",
     "ai_numbers": false, "analysis_strength": "normal", "game": "ataxx",
     "games": {"ataxx": {"opponent": "computer", "level": "casual", "human_starts": true,
                         "human_seat": 0, "two_player_first": null, "engine": "",
                         "rules": {"early_finish": true, "threefold_repetition": true},
                         "view": {"keypad": false},
                         "engines": [{"key": "3f9a0c12", "name": "Attax Arcade 0.1.0",
                                      "command": "python3 /home/me/attax/main.py --uai"}],
                         "engine_time": 1.0}}}

``game`` is the game last chosen on the menu; each game's section keeps the
last new-game choices for it, the match rules (the game's ``RuleOption``
keys) and the board's display switches (its board's ``ViewOption`` keys)
switched on or off. A game without a section gets the defaults.
``human_starts`` and ``human_seat`` are the choices against the computer;
``two_player_first`` the seat that starts a game between two people, as
chosen last (``null`` until one is chosen: the seat the rules name first), so
neither kind of game inherits the other's choice of who starts.

In a game whose engines speak a protocol (``GameExtras.engine_protocol``),
``engines`` lists the programs the player added as opponents (Options →
Engines): a key of the section's own (never reused), the name the engine gave,
and the command line typed; ``engine_time`` is the seconds each may think per
move. ``opponent`` is then ``engine`` when one was chosen, ``engine`` its key.
These fields came after schema 2 was fixed, optional: a file without them
has no engines, and an older program ignores them.

Migration. Schema 1 (no ``schema_version``) was flat and Ataxx only:
``opponent``, ``level``, ``human_starts``, ``human_colour`` (``red``/``blue``,
now seat 0/1 as ``human_seat``), ``early_finish`` and ``threefold_repetition``
at the top level. They move into the ``ataxx`` section; the next save writes
schema 2.

A missing file gives the defaults. A damaged one (not JSON, binary, too big,
not an object) also gives the defaults, but it is first renamed aside
(``settings.damaged-<time>.json``) and ``load_message`` says so, naming both
files, so the player is told and nothing is silently overwritten. Every save
is atomic. Unknown keys are ignored and bad values fall back to their default
one by one, so an old, newer or hand-edited file keeps whatever is still valid.

>>> settings = Settings()
>>> settings.for_game("ataxx").human_seat, settings.match_options("ataxx")
(0, {'early_finish': True, 'threefold_repetition': True})
"""

from __future__ import annotations

import dataclasses
import json
import logging
import re
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game import games, paths
from game.ai.worker import EngineSpec
from game.ai.worker.engine_process import MAX_COMMAND_LENGTH, EngineCommandError, parse_command
from game.ai.worker.uai_client import MAX_NAME_LENGTH, clean_name
from game.filedata import FileDataError, load_json, reason_of

__all__ = [
    "ANIMATION_SPEEDS",
    "BOARD_THEMES",
    "ENGINE_TIMES",
    "LANGUAGES",
    "MAX_ENGINES",
    "PALETTES",
    "PIECE_SETS",
    "SCHEMA_VERSION",
    "SETTINGS_FILE",
    "EngineEntry",
    "GameSettings",
    "Settings",
]

log = logging.getLogger(__name__)

SCHEMA_VERSION = 2
"""The version of the settings file this module writes."""
SETTINGS_FILE = "settings.json"
ANIMATION_SPEEDS = ("normal", "fast", "off")
PALETTES = ("classic", "neon", "colourblind")
PIECE_SETS = ("glossy", "marked", "flat")
BOARD_THEMES = ("midnight", "arcade", "paper")
LANGUAGES = ("en", "fr")
ANALYSIS_STRENGTHS = ("quick", "normal", "deep")
"""``game.ai.analysis.STRENGTHS``' keys, named here so that reading the settings at launch does not import
the analysis (a test checks they agree)."""
MAX_SETTINGS_BYTES = 64 * 1024
MAX_RULES = 32
"""More rule switches than any game has: the rest of a hand-edited list is ignored."""
MAX_ENGINES = 6
"""The engines a game's section keeps (the new-game screen lists them all)."""
ENGINE_TIMES = (0.5, 1.0, 2.0, 5.0)
"""The engines' thinking times per move offered, in seconds."""
_ENGINE_KEY = re.compile(r"[0-9a-f]{1,16}")

_V1_GAME = "ataxx"
"""The game of schema 1's new-game choices and rules: schema 1 knew no other."""
_V1_SEATS = {"red": 0, "blue": 1}
"""Schema 1's ``human_colour`` values (Ataxx's colours) and the seats they are."""
_V1_RULE_KEYS = ("early_finish", "threefold_repetition")
"""Schema 1's top-level rule switches, Ataxx's ``RuleOption`` keys already."""


def _is_bool(value: Any) -> bool:
    return isinstance(value, bool)


def _is_seat(value: Any) -> bool:
    return value in (0, 1) and not isinstance(value, bool)


def _is_level(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) < 40


_GENERAL_CHECKS: dict[str, Callable[[Any], bool]] = {
    "animation": lambda v: v in ANIMATION_SPEEDS,
    "volume": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1,
    "muted": _is_bool,
    "fullscreen": _is_bool,
    "palette": lambda v: v in PALETTES,
    "piece_set": lambda v: v in PIECE_SETS,
    "board_theme": lambda v: v in BOARD_THEMES,
    "language": lambda v: v in LANGUAGES,
    "ai_numbers": _is_bool,
    "analysis_strength": lambda v: v in ANALYSIS_STRENGTHS,
    "game": lambda v: isinstance(v, str) and v in {definition.key for definition in games.GAMES},
}


def _is_engine_time(value: Any) -> bool:
    # Compared, never converted: NaN and infinities fail the comparison, a huge int cannot overflow.
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0.05 <= value <= 60


_GAME_CHECKS: dict[str, Callable[[Any], bool]] = {
    "opponent": lambda v: v in ("computer", "engine", "human"),
    "level": _is_level,
    "human_starts": _is_bool,
    "human_seat": _is_seat,
    "two_player_first": lambda v: v is None or _is_seat(v),
    "engine": lambda v: v == "" or (isinstance(v, str) and _ENGINE_KEY.fullmatch(v) is not None),
    "engine_time": _is_engine_time,
}


@dataclasses.dataclass(frozen=True)
class EngineEntry:
    """An engine the player added: its key (in its game's section), the name it gave, its command line."""

    key: str
    name: str
    command: str

    @property
    def spec(self) -> EngineSpec:
        """What the AI worker is given to run it."""
        return EngineSpec(self.name, self.command)

    @classmethod
    def from_json(cls, data: Any) -> EngineEntry:
        """An entry as the file holds it; ``ValueError`` saying what is wrong with it."""
        if not isinstance(data, dict):
            raise ValueError(f"an engine is an object with key, name and command, not {type(data).__name__}")
        key, name, command = data.get("key"), data.get("name"), data.get("command")
        if not isinstance(key, str) or not _ENGINE_KEY.fullmatch(key):
            raise ValueError(f"bad engine key {key!r}")
        if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME_LENGTH * 2:
            raise ValueError(f"bad engine name {name!r:.60}")
        if not isinstance(command, str) or len(command) > MAX_COMMAND_LENGTH:
            raise ValueError("bad engine command line")
        try:
            parse_command(command)
        except EngineCommandError as error:
            raise ValueError(str(error)) from None
        return cls(key, clean_name(name), command)


@dataclasses.dataclass
class GameSettings:
    """One game's section: the last new-game choices (offered again) and its match rules.

    ``human_seat`` is the person's seat against the computer; ``rules`` maps
    the game's ``RuleOption`` keys to on/off, missing keys taking the option's
    default (see ``Settings.match_options``).
    """

    opponent: str = "computer"
    """``computer`` or ``human``."""
    level: str = "casual"
    """The computer's level key."""
    human_starts: bool = True
    human_seat: int = 0
    two_player_first: int | None = None
    """The seat that started the last game between two people, if the player chose it; ``None``: the rules' first."""
    engine: str = ""
    """The key of the engine chosen last (``opponent`` is then ``engine``), or ""."""
    rules: dict[str, bool] = dataclasses.field(default_factory=dict)
    view: dict[str, bool] = dataclasses.field(default_factory=dict)
    """The board's display switches (its ``ViewOption`` keys, e.g. Ataxx's keypad play), on or off."""
    engines: list[EngineEntry] = dataclasses.field(default_factory=list)
    """The engines the player added, in the order added."""
    engine_time: float = 1.0
    """Seconds an engine thinks per move."""

    def find_engine(self, key: str | None) -> EngineEntry | None:
        """The engine ``key``, or ``None`` (removed since, or never there)."""
        return next((entry for entry in self.engines if entry.key == key), None)

    def add_engine(self, name: str, command: str) -> EngineEntry:
        """Add an engine under a new key; ``ValueError`` when ``MAX_ENGINES`` are there already."""
        if len(self.engines) >= MAX_ENGINES:
            raise ValueError(f"at most {MAX_ENGINES} engines can be added")
        taken = {entry.key for entry in self.engines}
        key = secrets.token_hex(4)
        while key in taken:
            key = secrets.token_hex(4)
        entry = EngineEntry(key, clean_name(name), command)
        self.engines.append(entry)
        return entry

    def remove_engine(self, key: str) -> None:
        """Forget the engine ``key`` (and the choice of it for the next game)."""
        self.engines = [entry for entry in self.engines if entry.key != key]
        if self.engine == key:
            self.engine = ""
            if self.opponent == "engine":
                self.opponent = "computer"

    def _apply(self, data: dict[str, Any], where: str) -> None:
        """Take every valid value of ``data``; bad ones are logged and leave the default."""
        for key, valid in _GAME_CHECKS.items():
            if key in data:
                if valid(data[key]):
                    setattr(self, key, float(data[key]) if key == "engine_time" else data[key])
                else:
                    log.warning("settings: ignoring bad value for %s.%s: %r", where, key, data[key])
        self._apply_engines(data.get("engines"), where)
        if self.engine and self.find_engine(self.engine) is None:
            self.engine = ""  # an engine removed by hand: nobody to offer
        if self.opponent == "engine" and not self.engine:
            self.opponent = "computer"
        for field in ("rules", "view"):
            switches = data.get(field)
            if switches is None:
                continue
            if not isinstance(switches, dict):
                log.warning("settings: ignoring bad value for %s.%s: %r", where, field, switches)
                continue
            kept: dict[str, bool] = getattr(self, field)
            for key, value in list(switches.items())[:MAX_RULES]:
                if isinstance(key, str) and 0 < len(key) < 40 and isinstance(value, bool):
                    kept[key] = value
                else:
                    log.warning("settings: ignoring bad switch in %s.%s: %r = %r", where, field, key, value)

    def _apply_engines(self, engines: Any, where: str) -> None:
        """Keep the valid engines of the file (bad ones are logged and left out, duplicates too)."""
        if engines is None:
            return
        if not isinstance(engines, list):
            log.warning("settings: ignoring bad value for %s.engines: %r", where, engines)
            return
        kept: list[EngineEntry] = []
        for item in engines[: MAX_ENGINES * 2]:
            try:
                entry = EngineEntry.from_json(item)
            except ValueError as error:
                log.warning("settings: ignoring an engine of %s: %s", where, error)
                continue
            if len(kept) < MAX_ENGINES and all(other.key != entry.key for other in kept):
                kept.append(entry)
        self.engines = kept

    def to_json(self) -> dict[str, Any]:
        """The section as the file holds it."""
        return dataclasses.asdict(self)


@dataclasses.dataclass
class Settings:
    """What the player chose in the options, on the menu and on the new-game screens."""

    animation: str = "normal"
    volume: float = 0.7
    muted: bool = False
    fullscreen: bool = False
    # The look: piece colours, piece set, board theme (see game.ui.looks).
    palette: str = "classic"
    piece_set: str = "glossy"
    board_theme: str = "midnight"
    language: str = "en"
    ai_numbers: bool = False
    """Whether the match screen adds the computer's search figures (depth, evaluation) to its words."""
    analysis_strength: str = "normal"
    """The post-game analysis's strength last chosen (a key of ``game.ai.analysis.STRENGTHS``)."""
    game: str = "ataxx"
    """The registry key of the game last chosen on the menu."""
    games: dict[str, GameSettings] = dataclasses.field(default_factory=dict)
    """Each game's section, by registry key (see ``for_game``)."""
    load_message: str | None = dataclasses.field(default=None, compare=False, repr=False)
    """Set by ``load`` when the file was damaged and kept aside: what to tell the player."""
    damaged: tuple[str, str] | None = dataclasses.field(default=None, compare=False, repr=False)
    """(the damaged file, the name it was kept under or "") after ``load`` set a file aside."""

    def for_game(self, key: str) -> GameSettings:
        """The section of the game ``key``, created with the defaults (and kept) when missing.

        ``UnknownGameError`` (a ``ValueError``) for a key the registry does not know.
        """
        key = games.game(key).key
        section = self.games.get(key)
        if section is None:
            section = self.games[key] = GameSettings()
        return section

    def view_option(self, key: str, option: str, default: bool = False) -> bool:
        """Whether the board display switch ``option`` of the game ``key`` is on (``default`` if never set)."""
        return self.for_game(key).view.get(option, default)

    def match_options(self, key: str) -> dict[str, bool]:
        """The match rules a new match of ``key`` is played with: the game's options, stored choices over defaults.

        ``LookupError`` for a game without rules yet.
        """
        rules = games.game(key).load_rules()
        stored = self.for_game(key).rules
        return {option.key: stored.get(option.key, option.default) for option in rules.options}

    @staticmethod
    def path() -> Path:
        """Where the settings live."""
        return paths.user_data_dir() / SETTINGS_FILE

    @classmethod
    def load(cls) -> Settings:
        """The saved settings (schema 1 migrated), or the defaults when there are none or the file is damaged."""
        try:
            path = cls.path()
        except OSError:  # no usable data folder: the defaults (the app says so once, at start)
            return cls()
        try:
            data = load_json(paths.read_text_limited(path, MAX_SETTINGS_BYTES))
            if not isinstance(data, dict):
                raise FileDataError("it does not hold a settings object")
            loaded = cls()
            loaded._apply(data)
        except FileNotFoundError:
            return cls()
        except Exception as error:  # whatever went wrong reading it, the same outcome: defaults, file kept
            settings = cls()
            settings.load_message, settings.damaged = cls._set_aside(reason_of(error))
            return settings
        return loaded

    @classmethod
    def _set_aside(cls, reason: str) -> tuple[str, tuple[str, str]]:
        """Rename the damaged file out of the way; the message for the player, naming both files."""
        path = cls.path()
        aside = paths.set_aside(path)
        if aside is None:
            message = f"{path} is damaged ({reason}); the default settings are used"
            kept = ""
        else:
            message = f"{path} is damaged ({reason}); the default settings are used and the file is kept as {aside.name}"
            kept = aside.name
        log.warning(message)
        return message, (str(path), kept)

    def _apply(self, data: dict[str, Any]) -> None:
        for key, valid in _GENERAL_CHECKS.items():
            if key in data:
                if valid(data[key]):
                    setattr(self, key, float(data[key]) if key == "volume" else data[key])
                else:
                    log.warning("settings: ignoring bad value for %s: %r", key, data[key])
        if "schema_version" not in data:
            self._apply_v1(data)
            return
        sections = data.get("games", {})
        if not isinstance(sections, dict):
            log.warning("settings: ignoring bad value for games: %r", sections)
            return
        known = {definition.key for definition in games.GAMES}
        for key, section in sections.items():
            if key not in known or not isinstance(section, dict):
                log.warning("settings: ignoring the section of %r", key)
                continue
            self.for_game(key)._apply(section, key)

    def _apply_v1(self, data: dict[str, Any]) -> None:
        """Schema 1's flat new-game choices and rules become the section of its one game."""
        section: dict[str, Any] = {
            key: data[key] for key in ("opponent", "level", "human_starts") if key in data
        }
        if "human_colour" in data:
            colour = data["human_colour"]
            # A bad colour is passed on as it is, to be refused (and logged) with the section's checks.
            section["human_seat"] = (
                _V1_SEATS[colour] if isinstance(colour, str) and colour in _V1_SEATS else colour
            )
        rules = {key: data[key] for key in _V1_RULE_KEYS if key in data}
        if rules:
            section["rules"] = rules
        if section:
            self.for_game(_V1_GAME)._apply(section, _V1_GAME)

    def to_json(self) -> dict[str, Any]:
        """The settings as the file holds them (schema 2)."""
        data: dict[str, Any] = {"schema_version": SCHEMA_VERSION}
        for field in dataclasses.fields(self):
            if field.name in ("load_message", "damaged", "games"):
                continue
            data[field.name] = getattr(self, field.name)
        data["games"] = {key: section.to_json() for key, section in self.games.items()}
        return data

    def save(self) -> None:
        """Write the settings atomically (schema 2); ``OSError`` if the folder or the disk refuses."""
        paths.atomic_write_text(self.path(), json.dumps(self.to_json(), indent=2) + "\n")
