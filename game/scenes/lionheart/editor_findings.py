"""What the battle editor's checks found, in the player's language and on the field.

``problem_text`` words a finding of ``BattleDraft.problems`` (naming the side,
the kind and the squares); ``FieldMarks`` marks its squares on the field for
the shared findings box (``game.scenes.level_dialogs``).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.lionheart import KINDS
from game.engine.lionheart.level_edit import DraftProblem
from game.engine.rules import LevelProblem
from game.i18n import tr
from game.scenes.lionheart.view import FieldView
from game.scenes.lionheart.words import kind_name
from game.ui import theme

__all__ = ["FieldMarks", "mark_squares", "problem_text"]


def _squares(names: tuple[str, ...], limit: int = 6) -> str:
    if len(names) > limit:
        return ", ".join(names[:limit]) + tr(" and {count} more", count=len(names) - limit)
    return ", ".join(names)


def problem_text(problem: LevelProblem) -> str:
    """A finding of the battle editor's checks in the player's language, saying where it is."""
    if not isinstance(problem, DraftProblem):
        return problem.message
    side = tr(theme.SEAT_NAMES[problem.side]) if problem.side in (0, 1) else ""
    squares = _squares(problem.squares)
    kind = kind_name(problem.kind) if problem.kind in KINDS else ""
    texts = {
        "off-field": lambda: tr("Units off the field: {squares}", squares=squares),
        "no-king": lambda: tr("{side} has no king (its place is {square})", side=side, square=squares),
        "kings": lambda: tr(
            "{side} has {count} kings ({squares})", side=side, count=problem.count, squares=squares
        ),
        "base": lambda: tr(
            "{side}'s {kind}: {count} figures a unit at most ({squares})",
            side=side,
            kind=kind,
            count=problem.count,
            squares=squares,
        ),
        "mercenaries": lambda: tr(
            "{side} has {count} units of mercenaries ({squares}), one at most",
            side=side,
            count=problem.count,
            squares=squares,
        ),
        "army-limit": lambda: tr(
            "{side}'s {kind}: {count} figures, {limit} at most ({squares})",
            side=side,
            count=problem.count,
            kind=kind,
            limit=KINDS[problem.kind].army_limit if problem.kind in KINDS else 0,
            squares=squares,
        ),
        "alone": lambda: tr(
            "{side}'s king stands alone on {square}: the battle would be over", side=side, square=squares
        ),
        "bases": lambda: tr("{side} has {count} units, ten at most", side=side, count=problem.count),
        "unequal": lambda: tr(
            "{first} has {count} figures and {second} {other}: the armies are not equal",
            first=tr(theme.SEAT_NAMES[0]),
            second=tr(theme.SEAT_NAMES[1]),
            count=problem.count,
            other=problem.other,
        ),
    }
    text = texts.get(problem.code)
    return text() if text is not None else problem.message


def mark_squares(
    surface: pygame.Surface, view: FieldView, places: int, colour: theme.Colour, pulse: float
) -> None:
    """Fill and ring the squares of ``places`` (a bitboard of the field's 90 squares)."""
    while places:
        low = places & -places
        sq = low.bit_length() - 1
        places ^= low
        rect = view.cell_rect(sq % 9, sq // 9).inflate(-2, -2)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        radius = max(2, view.square // 8)
        pygame.draw.rect(layer, (*colour, int(60 + 70 * pulse)), layer.get_rect(), border_radius=radius)
        surface.blit(layer, rect)
        pygame.draw.rect(surface, colour, rect, max(2, view.square // 16), border_radius=radius)


class FieldMarks:
    """The squares of a finding, marked on the editor's field."""

    def __init__(self, view: FieldView) -> None:
        self.view = view

    def board_rect(self) -> pygame.Rect:
        return self.view.frame_rect().inflate(self.view.square, self.view.square)

    def mark(self, surface: pygame.Surface, places: Any, colour: theme.Colour, pulse: float) -> None:
        mark_squares(surface, self.view, int(places or 0), colour, pulse)
