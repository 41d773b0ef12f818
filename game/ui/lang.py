"""Names shown to the player in their language: sides, players, levels.

Fixed interface strings go through ``game.i18n.tr`` where they are written.
These helpers are for names that come from data (a level file, a saved game):
a shipped level's name has a translation in the catalogue, a level the
player made does not and is shown as written — without being reported as a
missing translation.
"""

from __future__ import annotations

import re

import pygame

from game.engine.ataxx import Side
from game.i18n import current_language, load_catalog, tr
from game.ui import theme
from game.ui.theme import Colour, Theme

__all__ = ["fit_text", "player_label", "side_name", "squeeze_text", "tr_data"]


def tr_data(text: str) -> str:
    """``text`` translated if the catalogue knows it, else unchanged (names from files)."""
    return load_catalog(current_language()).get(text, text)


def side_name(side: Side) -> str:
    """The colour name of ``side`` in the current palette and language ("Red", "Orange"...)."""
    return tr(theme.SIDE_NAMES[side])


def player_label(name: str) -> str:
    """A player's stored display name ("You", "Red", "Casual", "Computer (casual)") translated."""
    if name in ("Red", "Blue"):
        return side_name(Side.RED if name == "Red" else Side.BLUE)
    found = re.fullmatch(r"Computer \((\w+)\)", name)
    if found:
        from game.ai.ataxx.levels import level_by_key

        try:
            return tr("Computer ({level})", level=tr(level_by_key(found.group(1)).name))
        except ValueError:
            return name
    return tr_data(name)


def fit_text(
    ui: Theme, text: str, role: str, size: int, colour: Colour, width: int, *, bold: bool = False
) -> pygame.Surface:
    """``text`` rendered no wider than ``width``: smaller type first, then cut with an ellipsis."""
    rendered = ui.text(text, role, size, colour, bold=bold)
    smaller = size
    while rendered.get_width() > width and smaller > 11:
        smaller = max(11, int(smaller * 0.9))
        rendered = ui.text(text, role, smaller, colour, bold=bold)
    cut = text
    while rendered.get_width() > width and len(cut) > 1:
        cut = cut[:-1]
        rendered = ui.text(cut.rstrip() + "…", role, smaller, colour, bold=bold)
    return rendered


def squeeze_text(
    ui: Theme, text: str, role: str, size: int, colour: Colour, width: int, *, bold: bool = False
) -> pygame.Surface:
    """``text`` no wider than ``width`` and never cut: smaller type (down to 11 pixels), then condensed.

    For labels that must be read whole (buttons, choices); ``fit_text`` cuts with an ellipsis instead.
    """
    rendered = ui.text(text, role, size, colour, bold=bold)
    while rendered.get_width() > width and size > 11:
        size -= 1
        rendered = ui.text(text, role, size, colour, bold=bold)
    if rendered.get_width() > width and role != "body":
        rendered = ui.text(text, "body", size, colour, bold=bold)
    if rendered.get_width() > width > 0:
        # Even the smallest font is too wide (long French labels in a small window):
        # condense the letters, keeping their height, which reads better than smaller type.
        rendered = pygame.transform.smoothscale(rendered, (width, rendered.get_height()))
    return rendered
