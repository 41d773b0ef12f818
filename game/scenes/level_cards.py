"""Level cards: a thumbnail, a tag, the name and the description, or a damaged file and its reason.

Level select and the editors' level pickers draw the same cards with these
functions; the picture of a position comes from the game (its board
controller's ``thumbnail``).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.levels import LevelError, LevelInfo, shipped_levels
from game.i18n import tr
from game.ui import gfx, theme
from game.ui.lang import level_description, level_name, tr_data
from game.ui.textbox import draw_text, layout_text
from game.ui.theme import Colour, Theme

if TYPE_CHECKING:
    from game.engine.rules import GameRules
    from game.games import GameDefinition

Thumbnail = Callable[[str, int], pygame.Surface]
"""``thumbnail(position text, size) -> picture`` of a game."""

__all__ = [
    "available_levels",
    "card_grid",
    "card_name_fit",
    "damaged_name",
    "damaged_reason",
    "descriptions_fit",
    "display_text",
    "draw_damaged_card",
    "draw_level_card",
    "explain_level_error",
    "thumbnail_side",
]

log = logging.getLogger(__name__)


def available_levels(definition: GameDefinition) -> tuple[list[LevelInfo], list[LevelError]]:
    """The playable shipped levels of a game and the files that failed (each names its file and reason).

    Without any, the game's standard start position stands in, so a game can always start.
    """
    rules: GameRules[Any, Any] = definition.load_rules()
    levels: list[LevelInfo] = []
    problems: list[LevelError] = []
    try:
        entries = shipped_levels(rules)
    except OSError as error:
        entries = []
        problems.append(LevelError(f"levels folder unreadable: {error.strerror or error}"))
    for entry in entries:
        if isinstance(entry, LevelError):
            log.warning("level skipped: %s", entry)
            problems.append(entry)
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


# The reasons game.engine.levels gives (without the file name in front), and their translation keys.
_LEVEL_REASONS: tuple[tuple[str, str], ...] = (
    (r"missing '(?P<field>\w+)'", "the field “{field}” is missing"),
    (r"'(?P<field>\w+)' must be text, not \w+", "the field “{field}” must be text"),
    (r"'(?P<field>\w+)' is empty", "the field “{field}” is empty"),
    (
        r"'(?P<field>\w+)' is longer than (?P<n>\d+) characters",
        "the field “{field}” is longer than {n} characters",
    ),
    (r"'(?P<field>\w+)' contains control characters", "the field “{field}” contains control characters"),
    (r"'schema_version' must be .*", "the format version (schema_version) is not a whole number from 1"),
    (r"written by a newer version of Attax Arcade.*", "written by a newer version of Attax Arcade"),
    (r"a level for .*", "a level for another game"),
    (r"not a valid level file.*", "not a valid level file"),
    (r"bad position: .*", "the position cannot be read"),
    (r"not a regular file", "not a regular file"),
    (r"cannot be read.*", "the file cannot be read"),
    (r"too large for a level file \(over (?P<n>\d+) KB\)", "the file is larger than {n} KB"),
    (r"the file is empty", "the file is empty"),
    (r"binary data, not a level file", "binary data, not a level file"),
    (r"not UTF-8 text", "not text (not UTF-8)"),
    (r"levels folder unreadable.*", "the levels folder cannot be read"),
)


def _refusal(text: str) -> str:
    """One reason a game's level check refuses a position, in the player's language."""
    found = re.fullmatch(r"(\w+) has no pieces", text)
    if found:  # the side is named by the game's rules: its seat name is in the catalogue
        return tr("{side} has no pieces", side=tr_data(found.group(1)))
    return tr_data(text)


def explain_level_error(error: LevelError) -> str:
    """Why a level file cannot be used, in the player's language, without the file name in front."""
    text = str(error)
    text = re.sub(r"^[^:]*\.toml: ", "", text)  # "04-x.toml: why" -> "why"
    set_aside, _, _ = text.partition("; the file is kept as ")
    kept, text = set_aside != text, set_aside
    found = re.fullmatch(r"unplayable position: (?P<why>.*)", text, flags=re.DOTALL)
    if found:
        reasons = "; ".join(_refusal(part) for part in found.group("why").split("; "))
        reason = tr("the position cannot be played: {reasons}", reasons=reasons)
    else:
        reason = next(
            (
                tr(key, **match.groupdict())
                for pattern, key in _LEVEL_REASONS
                if (match := re.fullmatch(pattern, text, flags=re.DOTALL))
            ),
            tr("this file cannot be used as a level"),
        )
    # The card names the file it was renamed to: the reason only says it was set aside.
    return tr("{reason} (set aside)", reason=reason) if kept else reason


def damaged_reason(error: LevelError) -> str:
    """Why a level file cannot be used (in the player's language, without the file name), safe to show."""
    return display_text(explain_level_error(error), 160)


THUMBNAIL_SHARE = 0.45
"""The most of a card's width its thumbnail takes: a tall card keeps room for its text."""


def thumbnail_side(card: pygame.Rect, pad: int) -> int:
    """The side of a card's square thumbnail: the card's height inside its padding, at most ``THUMBNAIL_SHARE``
    of its width."""
    return max(1, min(card.height - pad * 2, int(card.width * THUMBNAIL_SHARE)))


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
    name_fit: tuple[int, int, bool] | None = None,
) -> None:
    """A playable level: its thumbnail on the left, ``tag``, name and description on the right.

    ``name_fit``: the size, lines and weight of the name, shared by the cards shown together (``card_name_fit``).
    """

    def px(value: float) -> int:
        return max(1, round(value * scale))

    edge = theme.SELECT if chosen else (theme.ACCENT if hovered else (60, 74, 130))
    if hovered or chosen:
        halo = gfx.glow_box(rect.width + 32, rect.height + 32, edge, 0.45, 18)
        surface.blit(halo, halo.get_rect(center=rect.center), special_flags=pygame.BLEND_RGB_ADD)
    gfx.panel(surface, rect, edge=edge, radius=px(12))
    pad = px(10)
    side = thumbnail_side(rect, pad)
    picture = thumbnail(level.position, side)
    surface.blit(picture, (rect.x + pad, rect.y + pad + (rect.height - pad * 2 - side) // 2))
    text_x = rect.x + pad * 2 + picture.get_width()
    text = pygame.Rect(text_x, rect.y + pad, rect.right - pad - text_x, rect.height - pad * 2)
    name = display_text(level_name(level), 60)
    description = display_text(level_description(level).replace("\n", " "), 400) or tr("No description.")
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
        name_fit=name_fit,
        cut_ok=level.custom,
    )


def descriptions_fit(
    ui: Theme,
    card: pygame.Rect,
    levels: Iterable[tuple[LevelInfo, str]],
    name_fit: tuple[int, int, bool],
    *,
    scale: float = 1.0,
    custom: bool = False,
) -> bool:
    """Whether every shipped level's (level, tag) description fits whole on a card of ``card``'s size
    (``custom``: the player's own levels' too).

    The same arithmetic as ``draw_level_card``: the thumbnail a square on the left, then the tag,
    the name and what is left for the description.
    """

    def px(value: float) -> int:
        return max(1, round(value * scale))

    pad = px(10)
    width = card.width - pad * 3 - thumbnail_side(card, pad)
    inner = card.height - pad * 2
    for level, tag in levels:
        if level.custom and not custom:
            continue
        tag_block = layout_text(ui, tag, "title", px(12), width, inner, max_lines=2)
        if tag_block.cut:
            return False
        used = tag_block.height + px(2)
        name = display_text(level_name(level), 60)
        used += layout_text(
            ui, name, "title", name_fit[0], width, bold=name_fit[2], max_lines=name_fit[1]
        ).height
        used += px(4)
        description = display_text(level_description(level).replace("\n", " "), 400) or tr("No description.")
        block = layout_text(ui, description, "body", px(14), width, max(1, inner - used), spacing=0.05)
        if block.cut or inner - used < block.height:
            return False
    return True


def card_name_fit(
    ui: Theme, card: pygame.Rect, levels: Iterable[LevelInfo], *, scale: float = 1.0
) -> tuple[int, int, bool]:
    """One size, line count and weight for the names on cards of ``card``'s size, so names in a grid match.

    The first that lets every shipped name fit whole: bold on one line, bold on two lines, then
    regular letters (a long word in a small window), each at the largest size where all fit. The
    player's own levels, which may be as long as they were typed, do not pull the others down.
    """
    pad = max(1, round(10 * scale))
    width = card.width - pad * 3 - thumbnail_side(card, pad)
    names = [display_text(level_name(level), 60) for level in levels if not level.custom]
    size = max(1, round(19 * scale))
    for lines, bold in ((1, True), (2, True), (1, False), (2, False)):
        blocks = [layout_text(ui, name, "title", size, width, bold=bold, max_lines=lines) for name in names]
        if all(block.bold == bold and not block.cut and block.condense == 1.0 for block in blocks):
            break
    return min((block.size for block in blocks), default=size), lines, bold


def card_grid(
    ui: Theme,
    width: int,
    tagged: Sequence[tuple[LevelInfo, str]],
    *,
    columns: int,
    gap: int,
    height: Callable[[int, int], int],
    scale: float = 1.0,
    custom: bool = False,
) -> tuple[int, int, int]:
    """The columns, card width and card height of a grid of level cards ``width`` pixels across.

    ``height(columns, card width)`` is the height the screen would give its cards (filling its view);
    a card grows from there, up to two thirds of its width, until every shipped description of
    ``tagged`` (level, tag) is whole on it (``custom``: the player's own levels' too). When none is
    enough the grid takes a column fewer: a small window shows fewer, wider cards and scrolls, rather
    than cut what they say. Texts too long for any card leave the grid as ``columns`` would have it.
    """
    columns = max(1, columns)
    step = max(2, round(8 * scale))
    for count in range(columns, 0, -1):
        card_w = (width - gap * (count - 1)) // count
        card_h = height(count, card_w)
        for grown in range(card_h, max(card_h, card_w * 2 // 3) + 1, step):
            card = pygame.Rect(0, 0, card_w, grown)
            fit = card_name_fit(ui, card, (level for level, _ in tagged), scale=scale)
            if descriptions_fit(ui, card, tagged, fit, scale=scale, custom=custom):
                return count, card_w, grown
    card_w = (width - gap * (columns - 1)) // columns
    return columns, card_w, height(columns, card_w)


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
    name_fit: tuple[int, int, bool] | None = None,
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
        name_fit[0] if name_fit is not None else px(name_size),
        name[1],
        name_box,
        bold=name_fit[2] if name_fit is not None else True,
        max_lines=name_fit[1] if name_fit is not None else 1,
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
    # A sign, not a picture: smaller than a thumbnail, leaving its words more room.
    side = thumbnail_side(rect, pad) * 2 // 3
    slot = pygame.Rect(rect.x + pad, rect.y + pad + (rect.height - pad * 2 - side) // 2, side, side)
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
