"""Parsing the player's files safely: JSON and TOML with their nesting and numbers kept within bounds.

Every file the game reads from the user data folder (settings, statistics,
custom levels) may be damaged, truncated or written by someone hostile.
``read_text_limited`` (``game.paths``) caps its size; ``load_json`` and
``load_toml`` here cap what a parser cannot be trusted with:

- nesting: brackets deeper than ``MAX_NESTING`` are refused before parsing
  (the parsers recurse, and a kilobyte of ``[`` would exhaust the stack);
- numbers: integers of more than ``MAX_DIGITS`` digits, ``NaN``, infinities
  and floats that overflow (``1e999``) are refused, so no reader meets an
  ``OverflowError`` or a value no game can hold.

Both raise ``FileDataError`` (a ``ValueError``) saying what is wrong; a caller
adds the file's name and sets the file aside.

Numbers read from text of any kind (a save's tags, a position, a file name, a
command line, an engine's output) go through ``ascii_int`` and
``ascii_number``: ASCII digits only. ``str.isdigit()`` takes ``"²"``, which
``int()`` then refuses with an error nobody catches, and ``int()`` and
``float()`` take ``"٣"`` (an Arabic-Indic three) and ``"1_000"``, which no file
of the game ever holds.

>>> load_json('{"plies": 12, "tags": ["a", "b"]}')
{'plies': 12, 'tags': ['a', 'b']}
>>> load_json("[" * 100 + "]" * 100)
Traceback (most recent call last):
...
game.filedata.FileDataError: brackets nested more than 32 deep
>>> load_json('{"plies": 1e999}')
Traceback (most recent call last):
...
game.filedata.FileDataError: a number too large: 1e999
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from typing import Any

__all__ = [
    "MAX_DIGITS",
    "MAX_KEY_PARTS",
    "MAX_NESTING",
    "FileDataError",
    "ascii_int",
    "ascii_number",
    "check_nesting",
    "clean_text",
    "is_ascii_digits",
    "load_json",
    "load_toml",
    "reason_of",
]

MAX_NESTING = 32
"""The deepest brackets any of the game's files need is 4; this leaves room and stays far from the stack."""
MAX_DIGITS = 30
"""The longest number (in digits) a file may hold: counts and times need far fewer."""
MAX_NUMBER = 10**18
"""The largest magnitude a number may have (a 64-bit count, with room)."""
MAX_KEY_PARTS = 32
"""The most parts a dotted TOML key may have (``a.b.c`` has 3): tomllib takes quadratic time over them."""

_ASCII_INT = re.compile(r"[0-9]+")
_ASCII_SIGNED_INT = re.compile(r"[+-]?[0-9]+")
_ASCII_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")
_ASCII_SIGNED_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
_UNDRAWABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
"""Control characters and lone surrogates (a JSON ``\\ud800``): no font draws them, and pygame refuses them."""


class FileDataError(ValueError):
    """A file whose text parses badly or holds what no reader can use; the message says what."""


def ascii_int(text: object, *, max_digits: int = MAX_DIGITS, signed: bool = False) -> int | None:
    """The whole number ``text`` writes in ASCII digits (a sign first if ``signed``), or ``None``.

    ``None`` too for more than ``max_digits`` digits, spaces, underscores, or
    any other digit Unicode knows; the caller says what was expected.

    >>> ascii_int("042"), ascii_int("²"), ascii_int("٣"), ascii_int("-7"), ascii_int("-7", signed=True)
    (42, None, None, None, -7)
    """
    pattern = _ASCII_SIGNED_INT if signed else _ASCII_INT
    if not isinstance(text, str) or not pattern.fullmatch(text) or len(text.lstrip("+-")) > max_digits:
        return None
    return int(text)


def is_ascii_digits(text: object) -> bool:
    """Whether ``text`` is one or more ASCII digits, however many (``ascii_int`` refuses a long run).

    >>> is_ascii_digits("0" * 50), is_ascii_digits("²"), is_ascii_digits("")
    (True, False, False)
    """
    return isinstance(text, str) and text.isascii() and text.isdigit()


def ascii_number(text: object, *, signed: bool = False) -> float | None:
    """The decimal number ``text`` writes in ASCII digits (``2.5``, ``.5``, ``90``), or ``None``.

    Spaces around it are allowed; exponents, ``nan``, ``inf``, underscores and
    other digits are not, nor more than ``MAX_DIGITS`` digits.

    >>> ascii_number(" 2.5 "), ascii_number("٣.٥"), ascii_number("nan"), ascii_number("-1", signed=True)
    (2.5, None, None, -1.0)
    """
    if not isinstance(text, str):
        return None
    stripped = text.strip()
    pattern = _ASCII_SIGNED_NUMBER if signed else _ASCII_NUMBER
    if not pattern.fullmatch(stripped) or len(stripped) > MAX_DIGITS + 2:
        return None
    return float(stripped)


def reason_of(error: BaseException) -> str:
    """Why a file could not be used, in words: an ``OSError``'s own words, else the message or the kind of error.

    >>> reason_of(PermissionError(13, "Permission denied")), reason_of(RecursionError())
    ('permission denied', 'unreadable data (RecursionError)')
    """
    if isinstance(error, OSError) and error.strerror:
        return error.strerror[0].lower() + error.strerror[1:]
    text = str(error).strip()
    return text if text else f"unreadable data ({type(error).__name__})"


def clean_text(text: str, limit: int) -> str:
    """``text`` as a one-line field a screen can draw: no control characters or lone surrogates, at most ``limit`` long.

    Line breaks and tabs become spaces, other control characters go, a lone
    surrogate becomes U+FFFD; a longer text is cut and ends with an ellipsis.

    >>> clean_text("Dia\\x00mond\\ud800", 80), clean_text("abcdef", 4)
    ('Diamond\ufffd', 'abc…')
    """
    cleaned = _UNDRAWABLE.sub(_replacement, text) if _UNDRAWABLE.search(text) else text
    if len(cleaned) > limit:
        cleaned = cleaned[: max(0, limit - 1)] + "…"
    return cleaned


def _replacement(found: re.Match[str]) -> str:
    char = found.group()
    if char in "\t\n\r":
        return " "
    return "\ufffd" if "\ud800" <= char <= "\udfff" else ""


def check_nesting(text: str, *, toml: bool = False) -> None:
    """Refuse ``text`` if its brackets (``[``, ``{``) nest deeper than ``MAX_NESTING``, outside strings.

    For JSON, strings are in double quotes with backslash escapes; with
    ``toml``, single-quoted literal strings and ``#`` comments count too, and
    a dotted key of more than ``MAX_KEY_PARTS`` parts is refused (the dots
    outside strings between two of ``newline , = [ ] { }``; a float has one).
    (TOML's triple-quoted strings are read as strings that open and close
    three times over, which comes to the same.) A conservative scan: an
    unclosed string simply ends it, and the parser reports the rest.
    """
    depth = 0
    dots = 0
    index = 0
    length = len(text)
    while index < length:
        char = text[index]
        if char in "[{":
            depth += 1
            dots = 0
            if depth > MAX_NESTING:
                raise FileDataError(f"brackets nested more than {MAX_NESTING} deep")
        elif char in "]}":
            depth = max(0, depth - 1)
            dots = 0
        elif toml and char == ".":
            dots += 1
            if dots >= MAX_KEY_PARTS:
                raise FileDataError(f"a dotted key of more than {MAX_KEY_PARTS} parts")
        elif char in "\n,=":
            dots = 0
        elif char == '"':
            index += 1
            while index < length and text[index] != '"':
                index += 2 if text[index] == "\\" else 1
        elif toml and char == "'":
            end = text.find("'", index + 1)
            index = length if end < 0 else end
        elif toml and char == "#":
            end = text.find("\n", index)
            index = length if end < 0 else end
        index += 1


def _check_int(text: str) -> int:
    digits = text.lstrip("+-").replace("_", "")
    if len(digits) > MAX_DIGITS:
        raise FileDataError(f"a number of {len(digits)} digits: too long to be a count or a time")
    return int(text)


def _check_float(text: str) -> float:
    if len(text) > MAX_DIGITS + 10:
        raise FileDataError(f"a number of {len(text)} characters: too long to be a count or a time")
    value = float(text)
    if not math.isfinite(value):
        raise FileDataError(f"a number too large: {text}")
    return value


def _refuse_constant(text: str) -> Any:
    raise FileDataError(f"{text} is not a number a file of this game may hold")


def _check_values(data: Any) -> None:
    """Refuse numbers beyond ``MAX_NUMBER`` anywhere in parsed ``data`` (walked without recursion)."""
    pending = [data]
    while pending:
        value = pending.pop()
        if isinstance(value, dict):
            pending.extend(value.values())
        elif isinstance(value, list):
            pending.extend(value)
        elif isinstance(value, bool):
            continue
        elif (isinstance(value, int) and abs(value) > MAX_NUMBER) or (
            isinstance(value, float) and (not math.isfinite(value) or abs(value) > MAX_NUMBER)
        ):
            raise FileDataError(f"a number too large: {value}")


def load_json(text: str) -> Any:
    """Parse JSON ``text`` within the bounds of the module docstring; ``FileDataError`` if it is not."""
    check_nesting(text)
    try:
        data = json.loads(
            text, parse_int=_check_int, parse_float=_check_float, parse_constant=_refuse_constant
        )
    except FileDataError:
        raise
    except (ValueError, RecursionError) as error:  # JSONDecodeError is a ValueError
        raise FileDataError(f"not valid JSON ({error})") from None
    _check_values(data)
    return data


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string, quotes included: what ``load_toml`` reads back as ``text``."""
    # JSON string escapes are valid TOML basic-string escapes; DEL must be escaped too.
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def load_toml(text: str) -> dict[str, Any]:
    """Parse TOML ``text`` within the bounds of the module docstring; ``FileDataError`` if it is not."""
    check_nesting(text, toml=True)
    try:
        data = tomllib.loads(text, parse_float=_check_float)
    except FileDataError:
        raise
    except tomllib.TOMLDecodeError as error:
        raise FileDataError(f"not valid TOML ({error})") from None
    except (ValueError, RecursionError) as error:  # an integer Python will not convert, and the like
        raise FileDataError(f"not valid TOML ({str(error)[:120]})") from None
    _check_values(data)
    return data
