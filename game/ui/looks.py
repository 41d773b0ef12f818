"""The look the player chooses in the options: piece colours, piece set and board theme.

``apply(settings)`` sets the shared palette in ``game.ui.theme`` (side colours and
names, square colours) and the piece style in ``game.ui.gfx``, and clears the
sprite caches so everything redraws in the new look at once. The colour-blind
palette pairs orange and blue (told apart by nearly every form of colour
blindness) and always marks the pieces with a cross and a ring, so the sides
differ by shape as well as by colour.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from game.engine.ataxx import Side
from game.ui import gfx, theme
from game.ui.theme import Colour

if TYPE_CHECKING:
    from game.ui.settings import Settings

__all__ = ["BOARD_THEMES", "PALETTES", "PIECE_SETS", "BoardTheme", "Palette", "apply"]


@dataclasses.dataclass(frozen=True)
class Palette:
    """The two sides' colours and names (English keys, shown through ``tr``)."""

    label: str
    red: Colour
    blue: Colour
    red_name: str
    blue_name: str
    marks: tuple[str, str] = ("", "")
    """Marks forced by the palette (the colour-blind one), Red's then Blue's."""


@dataclasses.dataclass(frozen=True)
class BoardTheme:
    """The squares' two shades and the board's edge."""

    label: str
    square_a: Colour
    square_b: Colour
    edge: Colour


PALETTES: dict[str, Palette] = {
    "classic": Palette("Red and blue", (255, 72, 88), (58, 140, 255), "Red", "Blue"),
    "neon": Palette("Gold and violet", (255, 196, 46), (170, 96, 255), "Gold", "Violet"),
    "colourblind": Palette(
        "Colour-blind safe", (255, 146, 28), (40, 120, 255), "Orange", "Blue", ("cross", "ring")
    ),
}

PIECE_SETS: dict[str, str] = {"glossy": "Glossy", "marked": "Marked", "flat": "Flat"}
"""Piece set keys and labels: "marked" draws a cross on Red's pieces and a ring on Blue's."""

BOARD_THEMES: dict[str, BoardTheme] = {
    "midnight": BoardTheme("Midnight", (28, 34, 66), (33, 40, 76), (70, 110, 200)),
    "arcade": BoardTheme("Arcade", (46, 22, 70), (30, 52, 74), (220, 70, 200)),
    "paper": BoardTheme("Paper", (206, 210, 222), (182, 188, 204), (150, 160, 190)),
}


def apply(settings: Settings) -> None:
    """Make ``settings``' palette, piece set and board theme the ones drawn from now on."""
    from game.ui.board_view import thumbnail

    palette = PALETTES.get(settings.palette, PALETTES["classic"])
    board = BOARD_THEMES.get(settings.board_theme, BOARD_THEMES["midnight"])
    theme.RED, theme.BLUE = palette.red, palette.blue
    theme.SIDE_COLOURS[Side.RED] = palette.red
    theme.SIDE_COLOURS[Side.BLUE] = palette.blue
    theme.SIDE_NAMES[Side.RED] = palette.red_name
    theme.SIDE_NAMES[Side.BLUE] = palette.blue_name
    theme.SQUARE_A, theme.SQUARE_B, theme.BOARD_EDGE = board.square_a, board.square_b, board.edge
    marks = palette.marks
    if not any(marks) and settings.piece_set == "marked":
        marks = ("cross", "ring")
    gfx.PIECE_MARKS.clear()
    for colour, mark in zip((palette.red, palette.blue), marks, strict=True):
        if mark:
            gfx.PIECE_MARKS[colour] = mark
    gfx.PIECE_STYLE["finish"] = "flat" if settings.piece_set == "flat" else "glossy"
    theme.LOOK_VERSION += 1
    gfx.piece_sprite.cache_clear()
    gfx.piece_with_shadow.cache_clear()
    thumbnail.cache_clear()
