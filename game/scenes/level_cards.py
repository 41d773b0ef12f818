"""Level cards: a thumbnail, a tag, the name and the description, or a damaged file and its reason.

Level select and the editors' level pickers draw the same cards with these
functions; the picture of a position comes from the game (its board
controller's ``thumbnail``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.engine.levels import LevelError, LevelInfo, shipped_levels
from game.i18n import tr
from game.ui import gfx, theme
from game.ui.lang import tr_data
from game.ui.textbox import draw_text
from game.ui.theme import Colour, Theme

if TYPE_CHECKING:
    from game.engine.rules import GameRules
    from game.games import GameDefinition

Thumbnail = Callable[[str, int], pygame.Surface]
"""``thumbnail(position text, size) -> picture`` of a game."""

__all__ = [
    "available_levels",
    "damaged_name",
    "damaged_reason",
    "display_text",
    "draw_damaged_card",
    "draw_level_card",
]

log = logging.getLogger(__name__)


def available_levels(definition: GameDefinition) -> tuple[list[LevelInfo], list[str]]:
    """The playable shipped levels of a game and, for the files that failed, a message naming each one.

    Without any, the game's standard start position stands in, so a game can always start.
    """
    rules: GameRules = definition.load_rules()
    levels: list[LevelInfo] = []
    problems: list[str] = []
    try:
        entries = shipped_levels(rules)
    except OSError as error:
        entries = []
        problems.append(f"levels folder unreadable: {error}")
    for entry in entries:
        if isinstance(entry, LevelError):
            log.warning("level skipped: %s", entry)
            problems.append(str(entry))
        else:
            levels.append(entry)
    if not levels:
        levels.append(LevelInfo(definition.name, "", "", rules.start_text, game=definition.key))
    return levels, problems


def display_text(text: str, limit: int = 80) -> str:
    """``text`` safe to render: control characters and undecodable bytes shown as ``?``, shortened."""
    cleaned = "".join("?" if ord(char) < 32 or 0xD800 <= ord(char) <= 0xDFFF else char for char in text)
    return cleaned if len(cleaned) <= limit else cleaned[: limit - 1] + "…"


def damaged_name(error: LevelError) -> str:
    """The file name of a damaged level, safe to show."""
    if error.path is not None:
        return display_text(error.path.name, 48)
    return display_text(str(error).split(":", 1)[0], 48)


def damaged_reason(error: LevelError) -> str:
    """Why a level file cannot be used (the message without the file name), safe to show."""
    text = str(error)
    if error.path is not None and text.startswith(error.path.name + ":"):
        text = text[len(error.path.name) + 1 :]
    return display_text(text.strip(), 160)


def draw_level_card(
    surface: pygame.Surface,
    ui: Theme,
    rect: pygame.Rect,
    level: LevelInfo,
    tag: str,
    thumbnail: Thumbnail,
    *,
    hovered: bool = False,
    chosen: bool = False,
    scale: float = 1.0,
) -> None:
    """A playable level: its thumbnail on the left, ``tag``, name and description on the right."""

    def px(value: float) -> int:
        return max(1, round(value * scale))

    edge = theme.SELECT if chosen else (theme.ACCENT if hovered else (60, 74, 130))
    if hovered or chosen:
        halo = gfx.glow_box(rect.width + 32, rect.height + 32, edge, 0.45, 18)
        surface.blit(halo, halo.get_rect(center=rect.center), special_flags=pygame.BLEND_RGB_ADD)
    gfx.panel(surface, rect, edge=edge, radius=px(12))
    pad = px(10)
    picture = thumbnail(level.position, rect.height - pad * 2)
    surface.blit(picture, (rect.x + pad, rect.y + pad))
    text_x = rect.x + pad * 2 + picture.get_width()
    text = pygame.Rect(text_x, rect.y + pad, rect.right - pad - text_x, rect.height - pad * 2)
    name = display_text(tr_data(level.name), 60)
    description = display_text(tr_data(level.description).replace("\n", " "), 400) or tr("No description.")
    # A level of the player's own: its name and description are as long as they were typed.
    _draw_card_text(
        surface,
        ui,
        rect,
        text,
        (tag, theme.ACCENT_2),
        (name, theme.TEXT),
        (description, theme.TEXT_DIM),
        px,
        cut_ok=level.number is None,
    )


def _draw_card_text(
    surface: pygame.Surface,
    ui: Theme,
    card: pygame.Rect,
    text: pygame.Rect,
    tag: tuple[str, Colour],
    name: tuple[str, Colour],
    description: tuple[str, Colour],
    px: Callable[[float], int],
    *,
    name_role: str = "title",
    name_size: float = 19,
    cut_ok: bool = False,
) -> None:
    """A card's tag, name and description one under another in ``text``: the description takes what is left."""
    tag_block = draw_text(surface, ui, tag[0], "title", px(12), tag[1], text, max_lines=2, container=card)
    y = text.y + tag_block.height + px(2)
    name_box = pygame.Rect(text.x, y, text.width, text.bottom - y)
    name_block = draw_text(
        surface,
        ui,
        name[0],
        name_role,
        px(name_size),
        name[1],
        name_box,
        bold=True,
        max_lines=1,
        container=card,
        cut_ok=cut_ok,
    )
    y = name_box.y + name_block.height + px(4)
    if text.bottom - y >= ui.font("body", px(14)).get_height() - 2:
        draw_text(
            surface,
            ui,
            description[0],
            "body",
            px(14),
            description[1],
            pygame.Rect(text.x, y, text.width, text.bottom - y),
            spacing=0.05,
            container=card,
            cut_ok=cut_ok,
        )


def draw_damaged_card(
    surface: pygame.Surface,
    ui: Theme,
    rect: pygame.Rect,
    error: LevelError,
    *,
    hovered: bool = False,
    scale: float = 1.0,
) -> None:
    """A level file that cannot be used: a cracked placeholder, its file name and the reason."""

    def px(value: float) -> int:
        return max(1, round(value * scale))

    gfx.panel(
        surface, rect, fill=(34, 20, 36), edge=theme.DANGER if hovered else (120, 56, 72), radius=px(12)
    )
    pad = px(10)
    side = rect.height - pad * 2
    slot = pygame.Rect(rect.x + pad, rect.y + pad, side, side)
    pygame.draw.rect(surface, (22, 14, 26), slot, border_radius=px(8))
    pygame.draw.rect(surface, (120, 56, 72), slot, 2, border_radius=px(8))
    draw_text(
        surface,
        ui,
        "!",
        "title",
        max(12, side // 2),
        theme.DANGER,
        slot,
        bold=True,
        align="center",
        valign="middle",
    )
    text_x = slot.right + pad
    text = pygame.Rect(text_x, rect.y + pad, rect.right - pad - text_x, rect.height - pad * 2)
    _draw_card_text(
        surface,
        ui,
        rect,
        text,
        (tr("DAMAGED FILE"), theme.DANGER),
        (damaged_name(error), theme.TEXT),
        (damaged_reason(error), (236, 150, 150)),
        px,
        name_role="body",
        name_size=17,
        cut_ok=True,
    )
