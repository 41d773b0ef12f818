"""Rules diagrams that show more than an act's play: level 1's armies mustering, level 2's table of units,
the quiet turns counted to a draw, and an attack's odds as the battle screen shows them.
"""

from __future__ import annotations

import pygame

from game.engine.lionheart import GOLD, KINDS, STANDARD_TEXT, Battle, Move, Unit, attack_zone
from game.engine.lionheart.notation import square_index
from game.engine.lionheart.odds import AttackOdds, attack_odds
from game.formats import format_decimal, format_percent
from game.i18n import ntr, tr
from game.scenes.lionheart.diagram_acts import period
from game.scenes.lionheart.diagram_acts import square as square_of
from game.scenes.lionheart.diagram_field import Field, Frame, phase, pulse, seat_colour, seat_mark
from game.scenes.lionheart.units import draw_unit
from game.scenes.lionheart.words import kind_name
from game.ui import theme
from game.ui.anim import ease_in_out, ease_out_cubic
from game.ui.textbox import draw_text
from game.ui.theme import Theme

TABLE_KINDS = ("N", "A", "I", "M", "H", "P", "R")
"""Level 2's table, in the seed's order but the king (always one, on e1 / e10)."""


def draw_table(surface: pygame.Surface, rect: pygame.Rect, t: float, ui: Theme) -> None:
    """Level 2's units: each kind's base, its name, the figures an army may field and a base holds."""
    # The header may take two lines ("per / army"): its columns are narrow, and each keeps a gap from the
    # next so two headings never run together.
    head_size = max(theme.MIN_TEXT_SIZE, int(rect.height / (len(TABLE_KINDS) + 1) * 0.4))
    head_h = ui.font("body", head_size).get_height() * 2
    row_h = (rect.height - head_h) // len(TABLE_KINDS)
    if row_h < 4 or rect.width < 40:
        return
    icon = max(8, int(row_h * 0.86))
    number_w = max(18, rect.width // 5)
    name_w = rect.width - icon - 2 * number_w - row_h // 2
    size = max(11, int(row_h * 0.5))
    gap = max(4, number_w // 8)
    x = rect.x + icon + row_h // 4 + name_w
    for text in (tr("per army"), tr("per base")):
        box = pygame.Rect(x + gap // 2, rect.y, number_w - gap, head_h)
        draw_text(surface, ui, text, "body", head_size, theme.TEXT_DIM, box, align="center", valign="bottom",
                  max_lines=2, spacing=0.0)  # fmt: skip
        x += number_w
    for index, kind in enumerate(TABLE_KINDS):
        info = KINDS[kind]
        y = rect.y + head_h + index * row_h
        appear = phase(t % 6.0, 0.2 + 0.25 * index, 0.3)
        if appear <= 0:
            continue
        alpha = int(255 * appear)
        if index % 2 == 0:
            band = pygame.Surface((rect.width, row_h), pygame.SRCALPHA)
            band.fill((*theme.PANEL_EDGE, int(50 * appear)))
            surface.blit(band, (rect.x, y))
        figures = info.base_sizes[-1]
        unit = Unit(GOLD, kind, figures, "e1", "N")
        draw_unit(surface, (rect.x + icon / 2, y + row_h / 2), icon, unit, seat_colour(GOLD), mark=seat_mark(GOLD),
                  alpha=alpha)  # fmt: skip
        name = kind_name(kind).capitalize()
        box = pygame.Rect(rect.x + icon + row_h // 4, y, name_w, row_h)
        draw_text(surface, ui, name, "body", size, theme.TEXT, box, valign="middle", max_lines=1,
                  min_size=max(9, size * 3 // 4))  # fmt: skip
        sizes = info.base_sizes
        base = f"{sizes[0]}-{sizes[-1]}" if len(sizes) > 1 else str(sizes[0])
        x = box.right
        for text in (str(info.army_limit), base):
            cell = pygame.Rect(x, y, number_w, row_h)
            draw_text(surface, ui, text, "body", size, theme.GOLD, cell, align="center", valign="middle",
                      bold=True, max_lines=1)  # fmt: skip
            x += number_w


def draw_muster(field: Field, t: float) -> None:
    """Level 1's armies drop in, rank by rank, then the two kings glow: the targets."""
    field.board({})
    units = Battle(STANDARD_TEXT).units
    order = sorted(units, key=lambda unit: (abs(square_of(unit.square)[1] - 4.5), unit.square))
    for index, unit in enumerate(order):
        appear = phase(t, 0.2 + 0.08 * index, 0.35)
        if appear <= 0:
            continue
        if unit.kind == "K":
            field.glow(
                field.at(square_of(unit.square)), theme.GOLD, phase(t, 2.6, 0.4) * (0.5 + 0.4 * pulse(t))
            )
        fall = 1 - ease_out_cubic(appear)
        x, y = field.at(square_of(unit.square))
        lift = -1 if unit.owner == GOLD else 1
        field.unit(unit, (x, y + lift * field.cell * 0.8 * fall), alpha=int(255 * min(1.0, appear * 2)))


def draw_quiet(field: Field, frame: Frame, ui: Theme) -> None:
    """The quiet turns counted, in a badge over the field's upper right corner; at the end, the draw."""
    beat = frame.beat
    state = frame.states[-1] if beat.kind == "end" else frame.states[beat.step]
    drawn = state.outcome() is not None
    count = min(state.quiet, 30)
    badge = pygame.Rect(0, 0, int(field.cell * 1.5), int(field.cell * 0.8))
    badge.topright = (field.rect.right - field.cell // 8, field.rect.y + field.cell // 8)
    colour = theme.GOLD if drawn else theme.TEXT_DIM
    glow = phase(frame.t, beat.start, 0.4) * (0.5 + 0.4 * pulse(frame.t)) if drawn else 0.0
    if glow:
        field.glow(badge.center, theme.GOLD, glow, size=1.2)
    pygame.draw.rect(field.surface, (14, 18, 40), badge, border_radius=badge.height // 3)
    pygame.draw.rect(field.surface, colour, badge, 2, border_radius=badge.height // 3)
    draw_text(field.surface, ui, f"{count}/30", "body", max(11, badge.height * 3 // 5), colour, badge.inflate(-4, 0),
              align="center", valign="middle", bold=True, max_lines=1, min_size=9)  # fmt: skip


def draw_odds(field: Field, frame: Frame, ui: Theme) -> None:
    """The pointer on a target, and beside it the odds the battle screen shows before the roll."""
    act = frame.act
    battle = frame.states[0]
    t = frame.t % period(frame.key)
    aims = (("e4", "e5"), ("c3", "d6"))
    half = period(frame.key) / 2
    attacker, target = aims[0] if t < half else aims[1]
    local = t if t < half else t - half
    field.board({square_of(attacker): (theme.SELECT, 0.45)})
    unit = battle.unit_at(attacker)
    assert unit is not None
    zone = attack_zone(unit.kind, square_index(attacker), unit.facing)
    tint = {(sq % 9, sq // 9): (theme.DANGER, 0.25) for sq in zone}
    tint[square_of(attacker)] = (theme.SELECT, 0.45)
    field.board(tint)
    for other in battle.units:
        if field.shows(square_of(other.square)):
            field.unit(other)
    point = ease_in_out(phase(local, 0.3, 0.7))
    field.ring(square_of(target), theme.DANGER, point)
    # The pointer glides from the attacker to the target.
    (x0, y0), (x1, y1) = field.at(square_of(attacker)), field.at(square_of(target))
    tip = (x0 + (x1 - x0) * point + field.cell * 0.15, y0 + (y1 - y0) * point + field.cell * 0.1)
    odds = attack_odds(battle, Move.from_text(f"{attacker}x{target}"))
    show = phase(local, 1.1, 0.35)
    if show > 0:
        _odds_card(field, ui, odds, show)
    _pointer(field.surface, tip, max(10, int(field.cell * 0.55)))
    del act


def _pointer(surface: pygame.Surface, tip: tuple[float, float], size: int) -> None:
    x, y = tip
    points = [
        (x, y),
        (x, y + size),
        (x + size * 0.28, y + size * 0.74),
        (x + size * 0.5, y + size * 1.1),
        (x + size * 0.64, y + size * 1.02),
        (x + size * 0.44, y + size * 0.66),
        (x + size * 0.76, y + size * 0.66),
    ]
    pygame.draw.polygon(surface, (250, 250, 255), points)
    pygame.draw.polygon(surface, (20, 20, 30), points, max(1, size // 12))


ODDS_LABELS = ("Kill at least one", "Destroy the unit", "Panic", "Hits expected")
"""The rows of the odds the battle screen shows (its own keys, translated in its catalogue)."""


def _odds_card_height(ui: Theme, size: int) -> int:
    """The height of the odds card with its text ``size`` pixels high: a title and four rows, padded."""
    return ui.font("body", size).get_height() * 5 + max(3, size // 3) * 3


def odds_share(area: pygame.Rect, ui: Theme) -> float:
    """The share of ``area`` kept under the field for the odds card: room for it at the smallest text at
    least, so the card never covers the field's frame."""
    least = _odds_card_height(ui, theme.MIN_TEXT_SIZE) + max(2, area.height // 60)
    return min(0.6, max(0.32, least / max(1, area.height)))


def _odds_card(field: Field, ui: Theme, odds: AttackOdds, show: float) -> pygame.Rect:
    """The odds as the battle screen shows them, in a card under the field: the dice, then four rows.
    Returns the card's rectangle."""
    room = field.tray
    lines = (
        (tr("Kill at least one"), format_percent(odds.kill, precise=True)),
        (tr("Destroy the unit"), format_percent(odds.destroy, precise=True)),
        (tr("Panic"), format_percent(odds.panic, precise=True)),
        (tr("Hits expected"), format_decimal(odds.expected_hits)),
    )
    title = ntr("Attack: {count} die", "Attack: {count} dice", odds.dice)
    # The largest text up to the field's own whose card fits in the room under the field.
    size = max(theme.MIN_TEXT_SIZE, round(field.cell * 0.3))
    while size > theme.MIN_TEXT_SIZE and _odds_card_height(ui, size) > room.height:
        size -= 1
    line_h = ui.font("body", size).get_height()
    pad = max(3, size // 3)
    # As wide as the field, or wider (up to the diagram's width) where a label and its figure need it.
    widest = max(
        ui.measure(label, "body", size) + ui.measure(value, theme.SCORE_ROLE, size, bold=True) + pad * 2
        for label, value in lines
    )
    wanted = max(widest, ui.measure(title, "body", size, bold=True)) + pad * 4
    card = pygame.Rect(
        0, 0, min(field.area.width, max(field.rect.width, wanted)), _odds_card_height(ui, size)
    )
    card.midtop = (field.rect.centerx, room.y)
    card.bottom = min(card.bottom, field.area.bottom)
    layer = pygame.Surface(card.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (12, 14, 32, int(240 * show)), layer.get_rect(), border_radius=max(4, pad))
    pygame.draw.rect(layer, (*theme.DANGER, int(255 * show)), layer.get_rect(), 2, border_radius=max(4, pad))
    field.surface.blit(layer, card)
    if show < 0.6:
        return card
    row = pygame.Rect(card.x + pad * 2, card.y + pad, card.width - pad * 4, line_h)
    draw_text(field.surface, ui, title, "body", size, theme.TEXT, row, bold=True, max_lines=1, container=card)
    row = row.move(0, line_h + pad // 2)
    for label, value in lines:
        draw_text(field.surface, ui, label, "body", size, theme.TEXT_DIM, row, max_lines=1, container=card)
        draw_text(field.surface, ui, value, theme.SCORE_ROLE, size, theme.GOLD, row, bold=True, align="right",
                  max_lines=1, container=card)  # fmt: skip
        row = row.move(0, line_h)
    return card
