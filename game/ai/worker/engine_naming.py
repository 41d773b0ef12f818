"""Naming an engine the player adds: the name it gives itself made fit to show, or its program's."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

__all__ = ["MAX_NAME_LENGTH", "clean_name", "program_name"]

MAX_NAME_LENGTH = 48
"""An engine's name is cut to this many characters (``clean_name``)."""


def clean_name(text: str, fallback: str = "") -> str:
    """An engine's name fit to show: printable characters, spaces collapsed, at most ``MAX_NAME_LENGTH``.

    >>> clean_name("  Deep\\x07  Blue\\t 2 "), clean_name("", "engine.exe")
    ('Deep Blue 2', 'engine.exe')
    """
    printable = "".join(char if char.isprintable() else " " for char in text)
    name = " ".join(printable.split())[:MAX_NAME_LENGTH].strip()
    return name or " ".join(fallback.split())[:MAX_NAME_LENGTH] or "?"


def program_name(argv: Sequence[str]) -> str:
    """The name to show for a program that does not say its own: the file name of the last word naming a
    file (the script an interpreter runs), else of the program."""
    for word in reversed(argv[1:]):
        if not word.startswith("-") and Path(word).expanduser().is_file():
            return Path(word).name
    return Path(argv[0]).name
