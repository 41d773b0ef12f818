"""The Lionheart board's battle log, in the tray beside (or under) the dice.

A mixin of ``LionheartBoard``. Every line is said in words (``words.read_battle``:
attacks, panics, retreats, pushes, bribes, the opening roll), the newest
first; the mouse wheel over the tray scrolls back through the older ones (a
new line brings the newest back), and pointing at a line lights the squares
where it happened on the field."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.i18n import tr
from game.scenes.lionheart.overlays import OverlaysHost
from game.ui import theme
from game.ui.textbox import draw_text, layout_text

__all__ = ["BattleLog", "LogHost"]


class LogHost(OverlaysHost, Protocol):
    """The board as its battle log sees it: the overlays (their marks on squares), the log's scrolling and
    rows."""

    log_back: int
    log_count: int
    log_rows: tuple[tuple[pygame.Rect, int], ...]

    def pointed_line(self) -> int | None: ...

    def _draw_log_scroll(
        self, surface: pygame.Surface, area: pygame.Rect, back: int, count: int, shown: int
    ) -> None: ...


class BattleLog:
    """The battle log of ``LionheartBoard``."""

    log_back = 0
    """How many lines the log is scrolled back from the newest (0: the newest first)."""
    log_count = 0
    """The lines the log had when last drawn: one more brings the newest back."""
    log_rows: tuple[tuple[pygame.Rect, int], ...] = ()
    """The lines drawn in the last frame: where each stands and its entry index."""

    def log_wheel(self: LogHost, event: pygame.event.Event) -> bool:
        """The mouse wheel over the tray scrolls the log: down to older lines, up to newer ones."""
        pointer = self.hover_pos or pygame.mouse.get_pos()
        if not self.view.tray.collidepoint(pointer):
            return False
        count = len(self.record().lines)
        self.log_back = max(0, min(count - 1, self.log_back - event.y))
        return True

    def pointed_line(self: LogHost) -> int | None:
        """The entry index of the log line under the pointer, if any."""
        pointer = self.hover_pos
        if pointer is None:
            return None
        return next((ply for rect, ply in self.log_rows if rect.collidepoint(pointer)), None)

    def _draw_pointed_line(self: LogHost, surface: pygame.Surface) -> None:
        """The squares where the log line under the pointer happened, lit on the field."""
        ply = self.pointed_line()
        if ply is None:
            return
        for square in self.record().places.get(ply, ()):
            self._shade(surface, square, theme.GOLD, 70)
            self._outline(surface, square, theme.GOLD, 0.06)

    def _draw_log(
        self: LogHost,
        surface: pygame.Surface,
        area: pygame.Rect,
        lines: list[tuple[int, str]],
        outcomes: dict[int, str],
    ) -> None:
        """The log beside the dice: the lines (entry index, text) newest first from ``log_back`` on, as many as
        fit whole; below the board a line too long for its three rows gives way to what the roll did (the
        dice are drawn beside it)."""
        ui = self.app.theme
        pointed = self.pointed_line()
        self.log_rows = ()
        if len(lines) != self.log_count:
            self.log_back = 0
            self.log_count = len(lines)
        if not lines:
            text = tr("The battle log: every attack and its dice")
            draw_text(
                surface,
                ui,
                text,
                "body",
                max(theme.MIN_TEXT_SIZE, round(self.view.square * 0.24)),
                theme.TEXT_FAINT,
                area,
                valign="middle",
                max_lines=3,
                min_size=theme.MIN_TEXT_SIZE,
            )
            return
        beside = self.view.tray_beside
        size = max(theme.MIN_TEXT_SIZE, round(self.view.square * (0.24 if not beside else 0.25)))
        back = min(self.log_back, len(lines) - 1)
        shown = list(reversed(lines))[back:]
        gap = size // 2 if beside else size // 4
        chosen: list[tuple[int, str, int]] = []
        y = area.y
        for ply, line in shown:
            room = area.bottom - y
            if room < size * 1.2:
                break
            rows = 4 if beside else 3
            block = layout_text(
                ui, line, "body", size, area.width, room, max_lines=rows, min_size=theme.MIN_TEXT_SIZE
            )
            if block.cut and not beside and not chosen and outcomes.get(ply):
                line = outcomes[ply]
                block = layout_text(
                    ui, line, "body", size, area.width, room, max_lines=rows, min_size=theme.MIN_TEXT_SIZE
                )
            if block.cut and chosen:
                break
            chosen.append((ply, line, block.height))
            y += block.height + gap
        used = sum(height for _, _, height in chosen) + gap * (len(chosen) - 1)
        y = area.y if beside else area.y + max(0, (area.height - used) // 2)
        rows_drawn = []
        for index, (ply, line, height) in enumerate(chosen):
            box = pygame.Rect(area.x, y, area.width, max(height, area.bottom - y))
            row = pygame.Rect(area.x, y, area.width, height)
            if ply == pointed and self.record().places.get(ply):
                pygame.draw.rect(
                    surface,
                    theme.lerp_colour((16, 20, 42), theme.GOLD, 0.2),
                    row.inflate(6, 4),
                    border_radius=4,
                )
            colour = theme.TEXT if index == 0 and back == 0 else theme.TEXT_DIM
            draw_text(
                surface,
                ui,
                line,
                "body",
                size,
                colour,
                box,
                max_lines=4 if beside else 3,
                min_size=theme.MIN_TEXT_SIZE,
                container=self.view.tray,
            )
            rows_drawn.append((row, ply))
            y += height + gap
        self.log_rows = tuple(rows_drawn)
        self._draw_log_scroll(surface, area, back, len(lines), len(chosen))

    def _draw_log_scroll(
        self: LogHost, surface: pygame.Surface, area: pygame.Rect, back: int, count: int, shown: int
    ) -> None:
        """A thin bar at the log's right edge when not every line is shown: where the lines shown stand
        among all (the newest at its top), so the wheel's older lines are known to be there."""
        if shown >= count:
            return
        track = pygame.Rect(self.view.tray.right - 5, area.y, 3, area.height)
        pygame.draw.rect(
            surface, theme.lerp_colour((16, 20, 42), theme.TEXT_FAINT, 0.35), track, border_radius=2
        )
        top = track.y + track.height * back // count
        length = max(6, track.height * shown // count)
        thumb = pygame.Rect(track.x, min(top, track.bottom - length), track.width, length)
        pygame.draw.rect(surface, theme.TEXT_DIM, thumb, border_radius=2)
