"""Translations: every string a player reads goes through ``tr``.

The English text is the key (as in gettext), so the code stays readable and an
untranslated string still shows in English. Catalogues are TOML files under
``game/locale/<language>/``, one per area of the game (``menu.toml``,
``play.toml``, ...), each mapping English text to its translation::

    "New game" = "Nouvelle partie"
    "{side} cannot move and passes" = "{side} ne peut pas jouer et passe son tour"

Placeholders in braces are filled by ``tr(text, **fields)`` after translation.
Texts with a number use ``ntr(singular, plural, count)``: the plural form is
chosen by the language's CLDR plural rules, through Babel (English "1 move",
"0 moves"; French "0 coup", "1 coup", "2 coups"), and a catalogue gives one
text per form, as a table keyed by the English singular::

    ["{count} move"]
    one = "{count} coup"
    other = "{count} coups"

The French follows the vocabulary of the Attax 2000 manual (seed 000). The
current language is the one piece of module state: it belongs to the user
interface, which has one language at a time.

>>> set_language("fr"); ntr("{count} move", "{count} moves", 0), ntr("{count} move", "{count} moves", 2)
('0 coup', '2 coups')
>>> set_language("en"); ntr("{count} move", "{count} moves", 0), ntr("{count} move", "{count} moves", 1)
('0 moves', '1 move')
"""

from __future__ import annotations

import functools
import logging
import tomllib
from pathlib import Path

from babel import Locale

__all__ = [
    "LANGUAGES",
    "current_language",
    "load_catalog",
    "load_plurals",
    "missing_translations",
    "ntr",
    "plural_form",
    "set_language",
    "tr",
]

log = logging.getLogger(__name__)

LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français"}
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_state = {"language": "en"}
_missing: set[str] = set()


@functools.cache
def _catalog_files(language: str) -> tuple[dict[str, object], ...]:
    """The parsed catalogue files of ``language``; a damaged one is logged and skipped."""
    if language == "en" or language not in LANGUAGES:
        return ()
    files = []
    for path in sorted((LOCALE_DIR / language).glob("*.toml")):
        try:
            files.append(tomllib.loads(path.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
            log.warning("translation file %s skipped: %s", path.name, error)
    return tuple(files)


@functools.cache
def load_catalog(language: str) -> dict[str, str]:
    """The merged catalogue of ``language`` (``{}`` for English or an unknown language).

    A damaged catalogue file is logged and skipped: the game shows English
    for its strings rather than stopping.
    """
    return {
        key: value
        for data in _catalog_files(language)
        for key, value in data.items()
        if isinstance(value, str)
    }


@functools.cache
def load_plurals(language: str) -> dict[str, dict[str, str]]:
    """The plural texts of ``language``: English singular -> {CLDR form ("one", "other"...): text}."""
    plurals: dict[str, dict[str, str]] = {}
    for data in _catalog_files(language):
        for key, value in data.items():
            if isinstance(value, dict):
                plurals[key] = {form: text for form, text in value.items() if isinstance(text, str)}
    return plurals


@functools.cache
def _locale(language: str) -> Locale:
    return Locale.parse(language)


def plural_form(count: int, language: str | None = None) -> str:
    """The CLDR plural form of ``count`` in ``language`` (the current one by default): "one", "other"..."""
    return str(_locale(language or _state["language"]).plural_form(abs(count)))


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
    if language != "en" and text:
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


def ntr(singular: str, plural: str, count: int, /, **fields: object) -> str:
    """The text for ``count`` things, in the current language's plural form, with ``{count}`` filled.

    ``singular`` and ``plural`` are the English texts; a catalogue translates
    them by the singular (see the module docstring). A table without the form
    asked for gives its "other" text; without that either (or without a table)
    the English is shown, chosen by the English rules, and reported missing.
    """
    language = _state["language"]
    english = singular if plural_form(count, "en") == "one" else plural
    text = english
    if language != "en":
        forms = load_plurals(language).get(singular)
        translated = forms and (forms.get(plural_form(count, language)) or forms.get("other"))
        if translated:
            text = translated
        else:  # no table, or neither this form nor "other": the English (by English rules), reported
            _missing.add(singular)
    try:
        return text.format(count=count, **fields)
    except (KeyError, IndexError, ValueError):
        log.warning("bad placeholders in the translation of %r", singular)
        return english.format(count=count, **fields)


def missing_translations() -> set[str]:
    """The strings asked for in another language but missing from its catalogue (for tests)."""
    return set(_missing)
