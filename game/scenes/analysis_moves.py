"""The analysis screen's move list: every move with its mark, the move on show highlighted, to click and scroll.

A row is a seat's move with the rolls after it (their dice drawn after it, as
the game's board draws them); its mark shows at its right in the mark's
colour. The list reads the game from an ``AnalysisMovesView`` (the analysis
screen is one).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Protocol

import pygame

from game.ai.analysis import Mark, MoveVerdict
from game.engine.core import CHANCE
from game.engine.rules import GameRules
from game.scenes.board_capabilities import roll_icons, roll_label
from game.ui import theme
from game.ui.textbox import draw_text
from game.ui.theme import Theme

__all__ = [
    "LIST_BACK",
    "MARK_COLOURS",
    "AnalysisMoveList",
    "AnalysisMovesView",
    "ReplayView",
    "Row",
    "RowLabels",
]

MARK_COLOURS: dict[Mark | None, theme.Colour] = {
    Mark.BEST: (60, 226, 132),
    Mark.GOOD: (120, 210, 255),
    Mark.INACCURACY: (255, 210, 63),
    Mark.MISTAKE: (255, 148, 56),
    Mark.BLUNDER: (255, 86, 96),
}
"""Each mark's colour (in the move list its glyph says it too: ?!, ?, ??; the best a dot, a good move a tick)."""
LIST_BACK = (12, 15, 34)


@dataclasses.dataclass(frozen=True)
class Row:
    """A line of the move list: a seat's move, the rolls after it, and where it was played."""

    index: int
    """The position the move was played in (its entry in the game)."""
    number: int
    seat: int
    label: str
    rolls: tuple[Any, ...] = ()
    """The outcomes of the rolls that followed the move (their dice drawn after it)."""


class RowLabels(Protocol):
    """How the game's board controller writes a row (``BoardController`` has these)."""

    def move_label(self, move: Any) -> str: ...


class ReplayView(Protocol):
    """An analysed game as its move list and its words read it: the entries, their numbers and verdicts, the
    move on show."""

    rules: GameRules[Any, Any]
    history: list[tuple[int, Any]]
    numbers: list[int]
    entries: list[Any]
    cursor: int

    def verdict(self, index: int | None = None) -> MoveVerdict | None: ...


class AnalysisMovesView(ReplayView, Protocol):
    """What the move list shows of an analysis, and where a click on a move goes."""

    @property
    def board(self) -> RowLabels: ...

    def pick_move(self, index: int) -> None:
        """Show the move played in position ``index`` (clicked)."""
        ...


class AnalysisMoveList:
    """The move list of ``view``'s game, at the scale ``px`` gives, in ``ui``'s letters."""

    def __init__(self, view: AnalysisMovesView, px: Callable[[float], int], ui: Theme) -> None:
        self.view = view
        self.px = px
        self.ui = ui
        self.rect: pygame.Rect | None = None
        """Where the list is (``None`` until the panel is laid out)."""
        self.rows: list[Row] = []
        self.scroll = 0
        self.row_h = 1

    def set_rows(self) -> None:
        """Read the game's moves again (when the panel is laid out)."""
        self.rows = self._rows()

    def _rows(self) -> list[Row]:
        view = self.view
        rows: list[Row] = []
        for index, (seat, entry) in enumerate(view.history):
            if seat == CHANCE:
                if rows:
                    rows[-1] = dataclasses.replace(rows[-1], rolls=(*rows[-1].rolls, entry))
                continue
            rows.append(Row(index, view.numbers[index], seat, view.board.move_label(entry)))
        return rows

    @property
    def max_scroll(self) -> int:
        area = self.rect or pygame.Rect(0, 0, 0, 0)
        return max(0, len(self.rows) * self.row_h - (area.height - self.px(8)))

    def _row_of(self, index: int) -> int | None:
        """The row of the move played in position ``index`` (a roll's: the move before it)."""
        best = None
        for number, row in enumerate(self.rows):
            if row.index <= index:
                best = number
            else:
                break
        return best

    def follow(self, index: int) -> None:
        """Scroll the move list so that the move on show is in sight."""
        area = self.rect
        row = self._row_of(index)
        if area is None or row is None:
            return
        top = row * self.row_h
        visible = area.height - self.px(8)
        if top < self.scroll:
            self.scroll = top
        elif top + self.row_h > self.scroll + visible:
            # Down to it, the top row whole (the room left over goes under the last row).
            self.scroll = -(-(top + self.row_h - visible) // self.row_h) * self.row_h
        self.scroll = max(0, min(self.max_scroll, self.scroll))

    # -- events --

    def handle_event(self, event: pygame.event.Event, panel: pygame.Rect) -> bool:
        """The wheel (over the list or anywhere on ``panel``) and clicks on the move list."""
        area = self.rect
        if area is None:
            return False
        if event.type == pygame.MOUSEWHEEL:
            pointer = pygame.mouse.get_pos()
            if area.collidepoint(pointer) or panel.collidepoint(pointer):
                self.scroll = max(0, min(self.max_scroll, self.scroll - event.y * self.row_h * 2))
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and area.collidepoint(event.pos):
            number = (event.pos[1] - area.y - self.px(4) + self.scroll) // self.row_h
            if 0 <= number < len(self.rows):
                self.view.pick_move(self.rows[number].index)
            return True
        return event.type == pygame.MOUSEBUTTONDOWN and area.collidepoint(event.pos)

    def row_rect(self, row: int) -> pygame.Rect:
        """Where row ``row`` of the move list is drawn now (tests click it)."""
        area = self.rect
        assert area is not None, "the move list is not laid out"
        return pygame.Rect(
            area.x, area.y + self.px(4) + row * self.row_h - self.scroll, area.width, self.row_h
        )

    def _draw_row_label(
        self,
        surface: pygame.Surface,
        row: Row,
        box: pygame.Rect,
        colour: theme.Colour,
        size: int,
        *,
        bold: bool,
    ) -> None:
        """A row's move, then the dice of the rolls after it as the board draws them (a game that draws no
        dice: the rolls written in brackets)."""
        ui = self.ui
        board = self.view.board
        label = row.label
        die = max(8, box.height - self.px(6))
        pictures: list[list[pygame.Surface]] = []
        for outcome in row.rolls:
            icons = roll_icons(board, outcome, die)
            if icons is None:
                label = f"{label} [{roll_label(board, self.view.rules, outcome)}]"
            else:
                pictures.append(icons)
        gap = max(1, die // 8)
        icons_w = sum(len(icons) * (die + gap) + gap * 3 for icons in pictures)
        text_box = box.copy()
        text_box.width = max(box.width // 3, box.width - icons_w)
        block = draw_text(
            surface,
            ui,
            label,
            "body",
            size,
            colour,
            text_box,
            bold=bold,
            valign="middle",
            max_lines=1,
            cut_ok=True,
        )
        x = text_box.x + block.width + gap * 3
        for icons in pictures:
            for icon in icons:
                if x + die > box.right:
                    return
                surface.blit(icon, icon.get_rect(midleft=(x, box.centery)))
                x += die + gap
            x += gap * 3

    def draw(self, surface: pygame.Surface) -> None:
        """The list, the move on show highlighted, scrolled to ``scroll``."""
        view, ui = self.view, self.ui
        area = self.rect
        if area is None or area.height < self.row_h:
            return
        pygame.draw.rect(surface, LIST_BACK, area, border_radius=self.px(8))
        pygame.draw.rect(surface, (44, 52, 94), area, 1, border_radius=self.px(8))
        clip = surface.get_clip()
        surface.set_clip(area.inflate(-2, -2))
        current = self._row_of(view.cursor) if view.cursor < len(view.entries) else None
        size = self.px(15)
        number_w = ui.measure("000.", "body", size) + self.px(6)
        glyph_w = ui.measure("??", "body", size, bold=True) + self.px(10)
        for number, row in enumerate(self.rows):
            rect = self.row_rect(number)
            if rect.bottom < area.top or rect.top > area.bottom:
                continue
            if number == current:
                pygame.draw.rect(
                    surface,
                    theme.lerp_colour(LIST_BACK, theme.GOLD, 0.22),
                    rect.inflate(-self.px(6), 0),
                    border_radius=self.px(4),
                )
            first = number == 0 or self.rows[number - 1].number != row.number
            if first and row.number:
                draw_text(
                    surface,
                    ui,
                    f"{row.number}.",
                    "body",
                    size,
                    theme.TEXT_FAINT,
                    pygame.Rect(rect.x + self.px(8), rect.y, number_w, rect.height),
                    valign="middle",
                    max_lines=1,
                )
            x = rect.x + self.px(8) + number_w
            dot = max(3, self.px(5))
            seat_colour = theme.readable(theme.SEAT_COLOURS[row.seat], LIST_BACK, 3.0)
            pygame.draw.circle(surface, seat_colour, (x + dot, rect.centery), dot)
            verdict = view.verdict(row.index)
            mark = verdict.mark if verdict is not None else None
            colour = (
                theme.GOLD
                if number == current
                else theme.readable(
                    theme.lerp_colour(theme.SEAT_COLOURS[row.seat], theme.TEXT, 0.55), LIST_BACK
                )
            )
            label_box = pygame.Rect(x + dot * 3, rect.y, rect.right - x - dot * 3 - glyph_w, rect.height)
            self._draw_row_label(surface, row, label_box, colour, size, bold=number == current)
            if mark is not None:
                self._draw_row_mark(surface, rect, mark, glyph_w, size)
        surface.set_clip(clip)
        if self.max_scroll:
            track = pygame.Rect(area.right - self.px(5), area.y + 2, self.px(3), area.height - 4)
            knob_h = max(self.px(16), track.height * track.height // (track.height + self.max_scroll))
            knob_y = track.y + (track.height - knob_h) * self.scroll // max(1, self.max_scroll)
            pygame.draw.rect(
                surface, theme.PANEL_EDGE, (track.x, knob_y, track.width, knob_h), border_radius=2
            )

    def _draw_row_mark(
        self, surface: pygame.Surface, row: pygame.Rect, mark: Mark, glyph_w: int, size: int
    ) -> None:
        """A move's mark at the right of its row, in the mark's colour: a bad move's glyph (?!, ?, ??), a dot
        for the best, a tick for a good one (quiet marks: most moves are one or the other)."""
        colour = MARK_COLOURS[mark]
        x, y = row.right - self.px(14), row.centery
        if mark.glyph:
            box = pygame.Rect(row.right - glyph_w, row.y, glyph_w - self.px(8), row.height)
            draw_text(
                surface, self.ui, mark.glyph, "body", size, colour, box, bold=True, align="right",
                valign="middle", max_lines=1,
            )  # fmt: skip
        elif mark is Mark.BEST:
            pygame.draw.circle(surface, colour, (x, y), max(2, self.px(3)))
        elif mark is Mark.GOOD:
            half = max(3, self.px(5))
            tick = [(x - half, y), (x - half // 3, y + half * 2 // 3), (x + half, y - half * 2 // 3)]
            pygame.draw.lines(surface, colour, False, tick, max(2, self.px(2)))
