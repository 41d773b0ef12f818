"""The player's settings, kept as JSON in the user data folder.

A missing, unreadable or damaged file gives the defaults (and is replaced on
the next save); every save is atomic. Unknown keys are ignored and bad
values fall back to their default one by one, so an old or hand-edited file
keeps whatever is still valid.
"""

from __future__ import annotations

import dataclasses
import json
import logging
from pathlib import Path
from typing import Any

from game import paths

__all__ = ["ANIMATION_SPEEDS", "SETTINGS_FILE", "Settings"]

log = logging.getLogger(__name__)

SETTINGS_FILE = "settings.json"
ANIMATION_SPEEDS = ("normal", "fast", "off")
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
            log.warning("settings file unusable (%s); using the defaults", error)
            return settings
        if not isinstance(data, dict):
            log.warning("settings file does not hold an object; using the defaults")
            return settings
        settings._apply(data)
        return settings

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
            paths.atomic_write_text(self.path(), json.dumps(dataclasses.asdict(self), indent=2) + "\n")
        except OSError as error:
            log.warning("could not save the settings: %s", error)
