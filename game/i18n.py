"""Translations: every string a player reads goes through ``tr``.

The English text is the key (as in gettext), so the code stays readable and an
untranslated string still shows in English. Catalogues are TOML files under
``game/locale/<language>/``, one per area of the game (``menu.toml``,
``play.toml``, ...), each mapping English text to its translation::

    "New game" = "Nouvelle partie"
    "{side} cannot move and passes" = "{side} ne peut pas jouer et passe son tour"

Placeholders in braces are filled by ``tr(text, **fields)`` after translation.
The French follows the vocabulary of the Attax 2000 manual (seed 000). The
current language is the one piece of module state: it belongs to the user
interface, which has one language at a time.
"""

from __future__ import annotations

import functools
import logging
import tomllib
from pathlib import Path

__all__ = ["LANGUAGES", "current_language", "load_catalog", "missing_translations", "set_language", "tr"]

log = logging.getLogger(__name__)

LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français"}
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_state = {"language": "en"}
_missing: set[str] = set()


@functools.cache
def load_catalog(language: str) -> dict[str, str]:
    """The merged catalogue of ``language`` (``{}`` for English or an unknown language).

    A damaged catalogue file is logged and skipped: the game shows English
    for its strings rather than stopping.
    """
    catalog: dict[str, str] = {}
    if language == "en" or language not in LANGUAGES:
        return catalog
    for path in sorted((LOCALE_DIR / language).glob("*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
            log.warning("translation file %s skipped: %s", path.name, error)
            continue
        for key, value in data.items():
            if isinstance(value, str):
                catalog[key] = value
    return catalog


def set_language(language: str) -> None:
    """Switch the interface language; an unknown code falls back to English."""
    _state["language"] = language if language in LANGUAGES else "en"


def current_language() -> str:
    """The interface language code (``en`` or ``fr``)."""
    return _state["language"]


def tr(text: str, /, **fields: object) -> str:
    """``text`` in the current language, with ``{placeholders}`` filled from ``fields``."""
    language = _state["language"]
    translated = text
    if language != "en":
        translated = load_catalog(language).get(text, text)
        if translated is text:
            _missing.add(text)
    if fields:
        try:
            return translated.format(**fields)
        except (KeyError, IndexError, ValueError):
            log.warning("bad placeholders in the translation of %r", text)
            return text.format(**fields)
    return translated


def missing_translations() -> set[str]:
    """The strings asked for in another language but missing from its catalogue (for tests)."""
    return set(_missing)
