"""The look the player chooses in the options: piece colours, piece set and board theme.

``apply(settings, definition)`` sets the shared palette in ``game.ui.theme``
(the current game's seat colours and names, the square colours) and the piece
style in ``game.ui.gfx``, and clears the sprite caches so everything redraws
in the new look at once (pictures cached elsewhere key on ``theme.LOOK_VERSION``). Each game gives its seats' colours for every palette
(``game.games``); the colour-blind palette always marks the pieces with shapes
as well, so the seats differ by more than colour.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from game.i18n import tr
from game.ui import gfx, theme
from game.ui.theme import Colour

if TYPE_CHECKING:
    from game.games import GameDefinition
    from game.ui.settings import Settings

__all__ = ["BOARD_THEMES", "PALETTE_LABELS", "PIECE_SETS", "BoardTheme", "apply", "palette_label"]


@dataclasses.dataclass(frozen=True)
class BoardTheme:
    """The squares' two shades, the board's edge, and the move targets' colours on these squares."""

    label: str
    square_a: Colour
    square_b: Colour
    edge: Colour
    targets: tuple[Colour, Colour] = (theme.CLONE, theme.JUMP)
    """Green and magenta, for the first and the second kind of target (``theme.TARGETS``), in
    shades that keep their contrast with the squares (a light board needs dark ones)."""
    select: Colour = theme.SELECT
    """The chosen piece's square (``theme.BOARD_SELECT``), likewise."""


PALETTE_LABELS: dict[str, str] = {"classic": "", "neon": "", "colourblind": "Colour-blind safe"}
"""Palette keys, with a fixed label where the seats' names do not say it (English keys for ``tr``)."""

PIECE_SETS: dict[str, str] = {"glossy": "Glossy", "marked": "Marked", "flat": "Flat"}
"""Piece set keys and labels: "marked" draws a cross on seat 0's pieces and a ring on seat 1's."""

BOARD_THEMES: dict[str, BoardTheme] = {
    "midnight": BoardTheme("Midnight", (28, 34, 66), (33, 40, 76), (70, 110, 200)),
    # Arcade's squares stay dusky so the bright green and magenta targets do not melt into them.
    "arcade": BoardTheme("Arcade", (30, 18, 68), (28, 58, 80), (220, 70, 200)),
    "paper": BoardTheme(
        "Paper",
        (206, 210, 222),
        (182, 188, 204),
        (150, 160, 190),
        ((0, 100, 50), (170, 20, 130)),
        (140, 80, 0),  # the panels' bright gold all but vanishes on these light squares (1.1:1)
    ),
}


def palette_label(definition: GameDefinition, key: str) -> str:
    """The options' label of palette ``key`` for ``definition``'s seats, translated ("Red and blue")."""
    fixed = PALETTE_LABELS.get(key, "")
    if fixed:
        return tr(fixed)
    first, second = definition.seat_looks(key)
    return tr("{first} and {second}", first=tr(first.name), second=tr(second.name).lower())


def apply(settings: Settings, definition: GameDefinition) -> None:
    """Make ``settings``' palette, piece set and board theme, for ``definition``'s seats, the ones drawn now."""
    looks = definition.seat_looks(settings.palette)
    board = BOARD_THEMES.get(settings.board_theme, BOARD_THEMES["midnight"])
    theme.SEAT_COLOURS[:] = [look.colour for look in looks]
    theme.SEAT_NAMES[:] = [look.name for look in looks]
    theme.SQUARE_A, theme.SQUARE_B, theme.BOARD_EDGE = board.square_a, board.square_b, board.edge
    theme.TARGETS[:] = board.targets
    theme.BOARD_SELECT = board.select
    marks = tuple(look.mark for look in looks)
    if not any(marks) and settings.piece_set == "marked":
        marks = ("cross", "ring")
    gfx.PIECE_MARKS.clear()
    for look, mark in zip(looks, marks, strict=True):
        if mark:
            gfx.PIECE_MARKS[look.colour] = mark
    gfx.PIECE_STYLE["finish"] = "flat" if settings.piece_set == "flat" else "glossy"
    theme.LOOK_VERSION += 1
    gfx.piece_sprite.cache_clear()
    gfx.piece_with_shadow.cache_clear()
