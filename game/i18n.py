"""Translations: every string a player reads goes through ``tr``.

The English text is the key (as in gettext), so the code stays readable and an
untranslated string still shows in English. Catalogues are TOML files under
``game/locale/<language>/``, one per area of the game (``menu.toml``,
``play.toml``, ...), and each game's own under its folder (the registry says
where: ``GameDefinition.catalogue_folder``), each mapping English text to its
translation::

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

A short word can mean different things (a "Move" is a noun on one screen and
a verb on another; "Clone" is Ataxx's own word, "Capturing" Attangle's). Such
a text is looked up with a context, as gettext's ``pgettext`` does:
``trc(context, text)`` (and ``ntrc``) read the catalogue key
``"context|text"``, never the text alone, so each meaning has its own
translation. The context is a game's key for a game's own words (``ataxx``,
``attangle``, ``lionheart``), else a word saying which sense is meant::

    "ataxx|Clone" = "Dupliquer"

The French follows the vocabulary of the Attax 2000 manual (seed 000). The
current language is the one piece of module state: it belongs to the user
interface, which has one language at a time.

>>> set_language("fr"); ntr("{count} move", "{count} moves", 0), ntr("{count} move", "{count} moves", 2)
('0 coup', '2 coups')
>>> set_language("en"); ntr("{count} move", "{count} moves", 0), ntr("{count} move", "{count} moves", 1)
('0 moves', '1 move')
>>> set_language("fr"); trc("ataxx", "Clone"), trc("ataxx", "Block")
('Dupliquer', 'Détruite')
>>> set_language("en"); trc("ataxx", "Clone"), context_key("ataxx", "Clone")
('Clone', 'ataxx|Clone')
"""

from __future__ import annotations

import functools
import logging
import tomllib
from collections.abc import Mapping
from pathlib import Path

from babel import Locale

from game.games import GAMES

__all__ = [
    "CONTEXT_SEPARATOR",
    "LANGUAGES",
    "catalogue_paths",
    "context_key",
    "current_language",
    "load_catalog",
    "load_plurals",
    "missing_translations",
    "ntr",
    "ntrc",
    "plural_form",
    "set_language",
    "tr",
    "trc",
]

log = logging.getLogger(__name__)

LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français"}
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

CONTEXT_SEPARATOR = "|"
"""Between a context and the English text in a catalogue key (``"ataxx|Clone"``); no plain key has one."""

_state = {"language": "en"}
_missing: set[str] = set()


def catalogue_paths(language: str) -> list[Path]:
    """The catalogue files of ``language``: the shared ones, then each game's, in menu order."""
    folders = [LOCALE_DIR / language, *(definition.catalogue_folder(language) for definition in GAMES)]
    return [path for folder in folders for path in sorted(folder.glob("*.toml"))]


@functools.cache
def _catalog_files(language: str) -> tuple[dict[str, object], ...]:
    """The parsed catalogue files of ``language``; a damaged one is logged and skipped."""
    if language == "en" or language not in LANGUAGES:
        return ()
    files = []
    for path in catalogue_paths(language):
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


def context_key(context: str, text: str) -> str:
    """The catalogue key of ``text`` in ``context`` (``"ataxx|Clone"``); the text itself without a context."""
    return f"{context}{CONTEXT_SEPARATOR}{text}" if context else text


def tr(text: str, /, **fields: object) -> str:
    """``text`` in the current language, with ``{placeholders}`` filled from ``fields``."""
    return _translate(text, text, fields)


def trc(context: str, text: str, /, **fields: object) -> str:
    """``text`` in the current language in the sense ``context`` says (see the module docstring).

    Only the key ``"context|text"`` is looked up: without it the English is
    shown and that key reported missing (the same text without a context may
    mean something else).
    """
    return _translate(context_key(context, text), text, fields)


def _translate(key: str, text: str, fields: Mapping[str, object]) -> str:
    language = _state["language"]
    translated = text
    if language != "en" and text:
        found = load_catalog(language).get(key)
        if found is None:
            _missing.add(key)
        else:
            translated = found
    if fields:
        try:
            return translated.format(**fields)
        except (KeyError, IndexError, ValueError):
            log.warning("bad placeholders in the translation of %r", key)
            return text.format(**fields)
    return translated


def ntr(singular: str, plural: str, count: int, /, **fields: object) -> str:
    """The text for ``count`` things, in the current language's plural form, with ``{count}`` filled.

    ``singular`` and ``plural`` are the English texts; a catalogue translates
    them by the singular (see the module docstring). A table without the form
    asked for gives its "other" text; without that either (or without a table)
    the English is shown, chosen by the English rules, and reported missing.
    """
    return _translate_plural(singular, singular, plural, count, fields)


def ntrc(context: str, singular: str, plural: str, count: int, /, **fields: object) -> str:
    """``ntr`` in the sense ``context`` says: the table of the key ``"context|singular"``."""
    return _translate_plural(context_key(context, singular), singular, plural, count, fields)


def _translate_plural(key: str, singular: str, plural: str, count: int, fields: Mapping[str, object]) -> str:
    language = _state["language"]
    english = singular if plural_form(count, "en") == "one" else plural
    text = english
    if language != "en":
        forms = load_plurals(language).get(key)
        translated = forms and (forms.get(plural_form(count, language)) or forms.get("other"))
        if translated:
            text = translated
        else:  # no table, or neither this form nor "other": the English (by English rules), reported
            _missing.add(key)
    try:
        return text.format(count=count, **fields)
    except (KeyError, IndexError, ValueError):
        log.warning("bad placeholders in the translation of %r", key)
        return english.format(count=count, **fields)


def missing_translations() -> set[str]:
    """The strings asked for in another language but missing from its catalogue (for tests)."""
    return set(_missing)
