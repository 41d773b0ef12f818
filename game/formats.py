"""Numbers, percentages, dates and durations as the player's language writes them (CLDR, through Babel).

Every screen writes these through here, so a language changes them all at
once: English "56%", "33.7", "Mar 14, 2025, 8:05 PM", "14 min 36 sec";
French "56 %", "33,7", "14 mars 2025, 20:05", "14 min 36 s" (the spaces
no-break ones, as CLDR has them, so a line never breaks between a number
and its sign).

>>> format_percent(0.56, language="en"), format_percent(0.56, language="fr")
('56%', '56\\xa0%')
>>> format_percent(0.056, precise=True, language="fr"), format_percent(0.0004, precise=True, language="en")
('5,6\\xa0%', '<0.1%')
>>> format_duration(876, language="en"), format_duration(876, language="fr")
('14 min 36 sec', '14\\xa0min 36\\u202fs')
>>> format_duration(3725, language="en"), format_duration(42, language="en")
('1 hr 2 min', '42 sec')
"""

from __future__ import annotations

import copy
import datetime
import functools
import math

from babel import Locale
from babel.dates import format_date, format_time
from babel.lists import format_list
from babel.numbers import NumberPattern
from babel.units import format_unit

from game.i18n import current_language

__all__ = ["format_datetime", "format_decimal", "format_duration", "format_percent"]


@functools.cache
def _locale(language: str) -> Locale:
    return Locale.parse(language)


@functools.cache
def _pattern(language: str, percent: bool, decimals: int) -> NumberPattern:
    """The language's own pattern of a number or a percentage ("#,##0 %" in French) with ``decimals``
    digits after the decimal sign."""
    locale = _locale(language)
    pattern: NumberPattern = copy.copy((locale.percent_formats if percent else locale.decimal_formats)[None])
    pattern.frac_prec = (decimals, decimals)
    return pattern


def _number(value: float, decimals: int, language: str, *, percent: bool) -> str:
    return str(_pattern(language, percent, decimals).apply(value, _locale(language)))


def format_percent(value: float, *, precise: bool = False, language: str | None = None) -> str:
    """``value`` (a fraction, 0.56) as a percentage in ``language`` (the player's by default): "56%".

    Whole percents; ``precise`` (a chance the player weighs): one decimal
    under 10 % where it says more ("5.6%"), "<0.1%" for the rare that is not
    impossible and ">99%" for the nearly sure, so neither reads as certain.
    """
    language = language or current_language()
    percent = value * 100
    if precise and 0 < percent < 0.1:
        return "<" + _number(0.001, 1, language, percent=True)
    if precise and 99.5 < percent < 100:
        return ">" + _number(0.99, 0, language, percent=True)
    decimals = 1 if precise and percent < 10 and abs(percent - round(percent)) > 0.05 else 0
    return _number(value, decimals, language, percent=True)


def format_decimal(value: float, decimals: int = 1, *, language: str | None = None) -> str:
    """``value`` with ``decimals`` digits after the language's decimal sign: "33.7", "33,7".

    >>> format_decimal(33.66, language="en"), format_decimal(33.66, language="fr"), format_decimal(2, language="fr")
    ('33.7', '33,7', '2,0')
    """
    language = language or current_language()
    return _number(value, decimals, language, percent=False)


def format_duration(seconds: float, *, language: str | None = None) -> str:
    """A length of time in ``language``: minutes and seconds ("14 min 36 sec"), hours and minutes past an
    hour ("1 hr 2 min"), parts that are zero left out ("3 min"; "0 sec" for nothing)."""
    language = language or current_language()
    whole = max(0, int(seconds)) if math.isfinite(seconds) else 0
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        parts = [(hours, "duration-hour"), (minutes, "duration-minute")]
    else:
        parts = [(minutes, "duration-minute"), (secs, "duration-second")]
    shown = [(count, unit) for count, unit in parts if count] or [(0, "duration-second")]
    locale = _locale(language)
    words = [format_unit(count, unit, "short", locale=locale) for count, unit in shown]
    return format_list(words, style="unit-narrow", locale=locale)


def format_datetime(moment: datetime.datetime, *, language: str | None = None) -> str:
    """A day and time in ``language``'s order and words: "Mar 14, 2025, 8:05 PM", "14 mars 2025, 20:05"."""
    locale = _locale(language or current_language())
    date = format_date(moment, "medium", locale=locale)
    time = format_time(moment, "short", locale=locale)
    return str(locale.datetime_formats["medium"]).format(time, date)
