"""Small animated diagrams for Lionheart's rules pages: every case of both levels, played by the real engine.

Each diagram is one or more acts; an act is a real position (``Battle`` text)
and the actions and rolls played from it, in the engine's notation
(``e4xe5`` then ``HHFP``). The states drawn between the steps are the
engine's own (``play``): a diagram can never show what the rules would not
do, and the tests replay every act and check that it ends as its caption
says. The animation is derived from those states: before each action its
unit is selected and what it may reach is lit (its moves, or its attack
zone); a move slides, a turn rotates, an attack's dice tumble in the tray
under the field and land on the scripted roll, then figures fall and units
panic, retreat, are pushed or change sides, as the next state has them.

A diagram is a function of time: it loops every ``period`` seconds (its own,
from its beats), so a given moment always looks the same (tests and
screenshots are repeatable). Units and dice are drawn with the battle
screen's own helpers, in the seats' colours, so a diagram looks like the
real field and follows the palette chosen in the options.

The acts and their timeline are ``game.scenes.lionheart.diagram_acts``' (pygame-free).

The field and the moment shown are ``diagram_field``'s; an act's units ``diagram_moves``'; the dice
``diagram_dice``'; the muster, the table, the quiet turns and the odds ``diagram_extras``'. This module
says which of them draws each diagram.
"""

from __future__ import annotations

import pygame

from game.engine.lionheart import GOLD, SILVER
from game.i18n import tr
from game.scenes.diagram_caption import fit_caption
from game.scenes.lionheart.diagram_acts import DIAGRAMS, Act, Beat, Diagram, period, play, timeline
from game.scenes.lionheart.diagram_dice import draw_faces, draw_opening, draw_tray
from game.scenes.lionheart.diagram_extras import (
    ODDS_LABELS,
    draw_muster,
    draw_odds,
    draw_quiet,
    draw_table,
    odds_share,
)
from game.scenes.lionheart.diagram_field import Field, current_frame
from game.scenes.lionheart.diagram_moves import draw_act
from game.ui import theme
from game.ui.lang import seat_name
from game.ui.theme import Theme

__all__ = [
    "DIAGRAMS",
    "ODDS_LABELS",
    "Act",
    "Beat",
    "Diagram",
    "draw_diagram",
    "period",
    "play",
    "timeline",
]


def draw_diagram(surface: pygame.Surface, rect: pygame.Rect, kind: str, t: float, ui: Theme) -> None:
    """Draw diagram ``kind`` at time ``t`` (seconds) inside ``rect``, with its caption if any."""
    diagram = DIAGRAMS[kind]
    length = period(kind)
    # To the millisecond within the loop: the same moment of any loop draws the very same pixels.
    t = round(t % length, 3)
    area = rect.copy()
    largest = max(11, rect.height // 17)
    block = None
    if diagram.caption:
        caption = tr(diagram.caption, side=seat_name(GOLD), other=seat_name(SILVER))
        block = fit_caption(ui, caption, rect.width, largest)
        area.height -= block.height + block.size // 2
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    try:
        _draw_body(surface, area, kind, diagram, t, ui)
    finally:
        surface.set_clip(clip)
    if block is not None:
        box = pygame.Rect(rect.x, area.bottom + block.size // 2, rect.width, block.height)
        block.draw(surface, ui, theme.TEXT_DIM, box, align="center", container=rect)


def _draw_body(
    surface: pygame.Surface, area: pygame.Rect, kind: str, diagram: Diagram, t: float, ui: Theme
) -> None:
    if diagram.extra == "faces":
        draw_faces(surface, area, t)
        return
    if diagram.extra == "table":
        draw_table(surface, area, t, ui)
        return
    frame = current_frame(kind, t)
    if diagram.extra == "opening":
        assert frame is not None
        draw_opening(surface, area, frame, ui)
        return
    act = frame.act if frame is not None else diagram.acts[0]
    # The odds card goes under the field: three rows of text, 12 pixels high at the least.
    below = odds_share(area, ui) if diagram.extra == "odds" else 0.0
    field = Field(surface, area, act, tray=diagram.tray, below=below)
    if diagram.extra == "muster":
        draw_muster(field, t)
        return
    if diagram.extra == "odds":
        assert frame is not None
        draw_odds(field, frame, ui)
        return
    assert frame is not None
    draw_act(field, frame, diagram)
    if diagram.extra == "quiet":
        draw_quiet(field, frame, ui)
    draw_tray(ui, field, frame, diagram)
