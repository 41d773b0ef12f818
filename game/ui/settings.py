"""The player's settings, kept as JSON in the user data folder.

A missing file gives the defaults. A damaged one (not JSON, binary, too big,
not an object) also gives the defaults, but it is first renamed aside
(``settings.damaged-<time>.json``) and ``load_message`` says so, naming both
files, so the player is told and nothing is silently overwritten. Every save
is atomic. Unknown keys are ignored and bad values fall back to their default
one by one, so an old or hand-edited file keeps whatever is still valid.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import json
import logging
from pathlib import Path
from typing import Any

from game import paths
from game.engine.match import MatchRules

__all__ = [
    "ANIMATION_SPEEDS",
    "BOARD_THEMES",
    "LANGUAGES",
    "PALETTES",
    "PIECE_SETS",
    "SETTINGS_FILE",
    "Settings",
]

log = logging.getLogger(__name__)

SETTINGS_FILE = "settings.json"
ANIMATION_SPEEDS = ("normal", "fast", "off")
PALETTES = ("classic", "neon", "colourblind")
PIECE_SETS = ("glossy", "marked", "flat")
BOARD_THEMES = ("midnight", "arcade", "paper")
LANGUAGES = ("en", "fr")
MAX_SETTINGS_BYTES = 64 * 1024


@dataclasses.dataclass
class Settings:
    """What the player chose in the options and on the new-game screen."""

    animation: str = "normal"
    volume: float = 0.7
    muted: bool = False
    fullscreen: bool = False
    # The last new-game choices, offered again next time.
    opponent: str = "computer"
    level: str = "casual"
    human_starts: bool = True
    human_colour: str = "red"
    # The look: piece colours, piece set, board theme (see game.ui.looks).
    palette: str = "classic"
    piece_set: str = "glossy"
    board_theme: str = "midnight"
    language: str = "en"
    # The match rules players may switch off (both on by default, as design.md says).
    early_finish: bool = True
    threefold_repetition: bool = True
    load_message: str | None = dataclasses.field(default=None, compare=False, repr=False)
    """Set by ``load`` when the file was damaged and kept aside: what to tell the player."""
    damaged: tuple[str, str] | None = dataclasses.field(default=None, compare=False, repr=False)
    """(the damaged file, the name it was kept under or "") after ``load`` set a file aside."""

    def match_rules(self) -> MatchRules:
        """The rules a new match is played with."""
        return MatchRules(early_finish=self.early_finish, threefold_repetition=self.threefold_repetition)

    @staticmethod
    def path() -> Path:
        """Where the settings live."""
        return paths.user_data_dir() / SETTINGS_FILE

    @classmethod
    def load(cls) -> Settings:
        """The saved settings, or the defaults when there are none or the file is damaged."""
        settings = cls()
        try:
            text = paths.read_text_limited(cls.path(), MAX_SETTINGS_BYTES)
            data = json.loads(text)
        except FileNotFoundError:
            return settings
        except (OSError, ValueError) as error:
            settings.load_message, settings.damaged = cls._set_aside(str(error))
            return settings
        if not isinstance(data, dict):
            settings.load_message, settings.damaged = cls._set_aside("it does not hold a settings object")
            return settings
        settings._apply(data)
        return settings

    @classmethod
    def _set_aside(cls, reason: str) -> tuple[str, tuple[str, str]]:
        """Rename the damaged file out of the way; the message for the player, naming both files."""
        path = cls.path()
        stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"settings.damaged-{stamp}.json")
        number = 1
        while aside.exists():  # never overwrite a file already kept aside
            number += 1
            aside = path.with_name(f"settings.damaged-{stamp}-{number}.json")
        try:
            path.replace(aside)
        except OSError:
            message = f"{path} is damaged ({reason}); the default settings are used"
            kept = ""
        else:
            message = f"{path} is damaged ({reason}); the default settings are used and the file is kept as {aside.name}"
            kept = aside.name
        log.warning(message)
        return message, (str(path), kept)

    def _apply(self, data: dict[str, Any]) -> None:
        checks = {
            "animation": lambda v: v in ANIMATION_SPEEDS,
            "volume": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1,
            "muted": lambda v: isinstance(v, bool),
            "fullscreen": lambda v: isinstance(v, bool),
            "opponent": lambda v: v in ("computer", "human"),
            "level": lambda v: isinstance(v, str) and 0 < len(v) < 40,
            "human_starts": lambda v: isinstance(v, bool),
            "human_colour": lambda v: v in ("red", "blue"),
            "palette": lambda v: v in PALETTES,
            "piece_set": lambda v: v in PIECE_SETS,
            "board_theme": lambda v: v in BOARD_THEMES,
            "language": lambda v: v in LANGUAGES,
            "early_finish": lambda v: isinstance(v, bool),
            "threefold_repetition": lambda v: isinstance(v, bool),
        }
        for key, valid in checks.items():
            if key in data:
                if valid(data[key]):
                    setattr(self, key, float(data[key]) if key == "volume" else data[key])
                else:
                    log.warning("settings: ignoring bad value for %s: %r", key, data[key])

    def save(self) -> None:
        """Write the settings atomically; a failure is logged, never fatal."""
        try:
            data = dataclasses.asdict(self)
            data.pop("load_message", None)
            data.pop("damaged", None)
            paths.atomic_write_text(self.path(), json.dumps(data, indent=2) + "\n")
        except OSError as error:
            log.warning("could not save the settings: %s", error)
