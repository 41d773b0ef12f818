"""The panel of the analysis screen: strength, progress, each seat's summary, the move on show, the move list.

Drawn beside the board by ``game.scenes.analysis.AnalysisScene``, which owns
the state (the run, the review, the move on show) and the buttons; the panel
reads them from an ``AnalysisView``, lays the buttons out, draws the rest
(the move's words are ``analysis_words``'s), and leaves the move list to an
``AnalysisMoveList``, which turns clicks and the wheel into moves to show.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.ai.analysis import Mark, Review
from game.ai.analysis_run import AnalysisRun, RunState
from game.engine.core import Trait
from game.formats import format_decimal
from game.i18n import ntr, tr
from game.scenes.analysis_moves import LIST_BACK, MARK_COLOURS, AnalysisMoveList, AnalysisMovesView
from game.scenes.analysis_words import VerdictView, verdict_text
from game.ui import theme
from game.ui.lang import seat_name
from game.ui.textbox import TitleDrawer, draw_text
from game.ui.theme import Theme
from game.ui.view_panel import ViewPanel
from game.ui.widgets import Choice, WidgetGroup

if TYPE_CHECKING:
    from game.games import GameDefinition

__all__ = ["AnalysisPanel", "AnalysisView"]

BAD_MARKS = (Mark.INACCURACY, Mark.MISTAKE, Mark.BLUNDER)


class AnalysisView(VerdictView, AnalysisMovesView, TitleDrawer, Protocol):
    """What the panel shows of an analysis and the controls it lays out: the analysis screen implements it."""

    definition: GameDefinition
    level_name: str
    run: AnalysisRun | None
    review: Review
    line: list[Any] | None
    line_shown: int
    strength_choice: Choice
    widgets: WidgetGroup

    @property
    def finished(self) -> bool: ...

    def title_px(self, value: float) -> int: ...


class AnalysisPanel(ViewPanel[AnalysisView]):
    """The analysis screen's panel (see the module docstring)."""

    def __init__(self, view: AnalysisView, px: Callable[[float], int], ui: Theme) -> None:
        super().__init__(view, px, ui)
        self.widgets = view.widgets
        """The screen's buttons (a board looks for its screen's ``panel.widgets``)."""
        self.moves = AnalysisMoveList(view, px, ui)
        self.parts: dict[str, pygame.Rect] = {}

    # -- layout --

    def layout(self, rect: pygame.Rect) -> None:
        """Place everything in ``rect``, top to bottom; the move list takes what is left."""
        self.rect = rect.copy()
        self.moves.set_rows()
        view, ui = self.view, self.ui
        pad = self.px(14)
        inner = rect.inflate(-2 * pad, 0)
        gap = self.px(8)
        y = rect.y + pad
        parts: dict[str, pygame.Rect] = {}

        def take(name: str, height: int) -> pygame.Rect:
            nonlocal y
            parts[name] = pygame.Rect(inner.x, y, inner.width, height)
            y += height + gap
            return parts[name]

        take("title", round(view.title_px(24) * 1.3))
        take("subtitle", ui.font("body", self.px(14)).get_height())
        chips = take("strength", max(24, self.px(32)))
        caption_w = ui.measure(tr("Strength"), "body", self.px(14), bold=True) + self.px(10)
        view.strength_choice.layout(
            pygame.Rect(chips.x + caption_w, chips.y, chips.width - caption_w, chips.height), self.px(6), ui
        )
        line = ui.font("body", self.px(15)).get_height() + self.px(4)
        luck_rows = 2 if Trait.CHANCE in view.rules.traits else 0
        status = take("status", max(24, self.px(34)) + line + luck_rows * line)
        take("verdict", ui.font("body", self.px(16), bold=True).get_height() + 3 * line)
        button_h = max(26, self.px(40))
        bottom = rect.bottom - pad
        back = pygame.Rect(inner.x, bottom - button_h, inner.width, button_h)
        half = (inner.width - gap) // 2
        row = back.y - gap - button_h
        widgets = view.widgets
        widgets["line"].rect = pygame.Rect(inner.x, row, half, button_h)
        widgets["export"].rect = pygame.Rect(inner.x + half + gap, row, inner.width - half - gap, button_h)
        widgets["back"].rect = back
        button_w = min(inner.width // 2, max(self.px(120), ui.measure(tr("Analyse"), "title", 14) + 40))
        action = pygame.Rect(status.right - button_w, status.y, button_w, max(24, self.px(34)))
        widgets["analyse"].rect = action
        widgets["cancel"].rect = action.copy()
        parts["list"] = pygame.Rect(inner.x, y, inner.width, max(0, row - gap - y))
        self.parts = parts
        self.moves.rect = parts["list"]
        self.moves.row_h = max(ui.font("body", self.px(15), bold=True).get_height() + self.px(6), 16)
        self.moves.follow(view.cursor)

    def follow(self, index: int) -> None:
        """Scroll the move list so that the move on show is in sight."""
        self.moves.follow(index)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The wheel and clicks on the move list."""
        return self.moves.handle_event(event, self.rect)

    def verdict_text(self) -> tuple[str, tuple[str, theme.Colour] | None, list[tuple[str, theme.Colour]]]:
        """The move on show in words: a heading, its mark (name and colour) and up to three lines."""
        return verdict_text(self.view)

    # -- drawing --

    def draw(self, surface: pygame.Surface) -> None:
        view, ui = self.view, self.ui
        parts = self.parts
        view.draw_title(surface, tr("ANALYSIS"), parts["title"], size=24, spread=8, container=self.rect)
        moves = ntr("{count} move", "{count} moves", view.source.full_moves)
        details = [tr(view.definition.name)]
        if view.level_name and view.level_name != details[0]:
            details.append(view.level_name)
        details.append(moves)
        draw_text(
            surface,
            ui,
            "  ·  ".join(details),
            "body",
            self.px(14),
            theme.TEXT_DIM,
            parts["subtitle"],
            align="center",
            max_lines=1,
        )
        chips = parts["strength"]
        draw_text(
            surface,
            ui,
            tr("Strength"),
            "body",
            self.px(14),
            theme.TEXT_DIM,
            pygame.Rect(chips.x, chips.y, chips.width // 3, chips.height),
            bold=True,
            valign="middle",
            max_lines=1,
        )
        view.strength_choice.draw(surface, ui)
        self._draw_status(surface)
        self._draw_verdict(surface)
        self.moves.draw(surface)
        view.widgets.draw(surface, ui)

    def _line_h(self) -> int:
        return self.ui.font("body", self.px(15)).get_height() + self.px(4)

    def _draw_status(self, surface: pygame.Surface) -> None:
        view, ui = self.view, self.ui
        area = self.parts["status"]
        line = self._line_h()
        top_h = max(24, self.px(34))
        run = view.run
        action = view.widgets["cancel"].rect
        first = pygame.Rect(area.x, area.y, action.x - area.x - self.px(10), top_h)
        if run is not None and run.state is RunState.RUNNING:
            bar = pygame.Rect(first.x, first.centery - self.px(6), first.width, max(6, self.px(12)))
            pygame.draw.rect(surface, (30, 36, 70), bar, border_radius=bar.height // 2)
            filled = bar.copy()
            filled.width = max(bar.height, int(bar.width * run.fraction))
            pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=bar.height // 2)
            total = max(1, view.analysis.total)
            text = tr("Position {done} of {total}", done=min(total, view.analysis.searched + 1), total=total)
            probing = view.analysis.probing
            if probing is not None:
                # After the move, the rolls it led to: the run goes on past the game's last position.
                text = tr(
                    "{position} · rolls {done} of {total}",
                    position=text,
                    done=probing[0] + 1,
                    total=probing[1],
                )
            self._text(surface, text, theme.TEXT_DIM, pygame.Rect(area.x, area.y + top_h, area.width, line))
        elif view.finished:
            for seat in (0, 1):
                self._summary(
                    surface,
                    seat,
                    pygame.Rect(area.x, area.y + seat * (top_h + line) // 2, area.width, (top_h + line) // 2),
                )
        else:
            if run is not None and run.state is RunState.FAILED:
                message = tr("The analysis stopped: {error}", error=run.error[:120])
                colour = theme.DANGER
            elif run is not None:
                message = tr(
                    "Stopped at position {done} of {total}",
                    done=view.analysis.searched,
                    total=max(1, view.analysis.total),
                )
                colour = theme.TEXT_DIM
            else:
                message, colour = tr("Analysis stopped"), theme.TEXT_DIM
            draw_text(
                surface,
                ui,
                message,
                "body",
                self.px(15),
                colour,
                pygame.Rect(first.x, area.y, first.width, top_h + line),
                valign="middle",
                max_lines=3,
            )
        luck = view.review.luck
        if luck is not None:
            y = area.y + top_h + line
            for tally in luck:
                text = ntr(
                    "{side} rolled {count} hit for {expected} expected",
                    "{side} rolled {count} hits for {expected} expected",
                    round(tally.rolled),
                    side=seat_name(tally.seat),
                    expected=format_decimal(tally.expected),
                )
                self._text(
                    surface, text, theme.seat_text(tally.seat), pygame.Rect(area.x, y, area.width, line)
                )
                y += line

    def _summary(self, surface: pygame.Surface, seat: int, box: pygame.Rect) -> None:
        """A seat's name and its count of each bad mark, glyphs in their colours."""
        ui = self.ui
        size = self.px(15)
        cell = max(ui.measure("?? 99", "body", size, bold=True) + self.px(8), box.width // 7)
        name_box = pygame.Rect(box.x, box.y, box.width - 3 * cell, box.height)
        draw_text(
            surface,
            ui,
            seat_name(seat),
            "body",
            size,
            theme.seat_text(seat),
            name_box,
            bold=True,
            valign="middle",
            max_lines=1,
        )
        for number, mark in enumerate(BAD_MARKS):
            count = self.view.review.count(seat, mark)
            colour = MARK_COLOURS[mark] if count else theme.TEXT_FAINT
            cell_box = pygame.Rect(box.right - (3 - number) * cell, box.y, cell, box.height)
            draw_text(
                surface,
                ui,
                f"{mark.glyph} {count}",
                "body",
                size,
                colour,
                cell_box,
                bold=True,
                align="right",
                valign="middle",
                max_lines=1,
            )

    def _text(
        self,
        surface: pygame.Surface,
        text: str,
        colour: theme.Colour,
        box: pygame.Rect,
        *,
        bold: bool = False,
    ) -> None:
        draw_text(
            surface,
            self.ui,
            text,
            "body",
            self.px(15),
            colour,
            box,
            bold=bold,
            valign="middle",
            max_lines=1,
        )

    def _draw_verdict(self, surface: pygame.Surface) -> None:
        view, ui = self.view, self.ui
        area = self.parts["verdict"]
        pygame.draw.rect(surface, LIST_BACK, area.inflate(self.px(8), self.px(4)), border_radius=self.px(8))
        heading, mark, lines = self.verdict_text()
        if view.line is not None:
            line = view.line
            shown = " ".join(view.board.move_label(move) for move in line[: view.line_shown])
            rest = " ".join(view.board.move_label(move) for move in line[view.line_shown :])
            mark = None
            lines = [
                (tr("The computer's line from here:"), theme.TEXT_DIM),
                (f"{shown}  {rest}".strip(), theme.GOLD),
            ]
        head_h = ui.font("body", self.px(16), bold=True).get_height()
        mark_w = 0
        if mark is not None:
            mark_w = min(area.width // 2, ui.measure(mark[0], "body", self.px(15), bold=True) + self.px(16))
            chip = pygame.Rect(area.right - mark_w, area.y, mark_w, head_h)
            pygame.draw.rect(
                surface, theme.lerp_colour(LIST_BACK, mark[1], 0.25), chip, border_radius=chip.height // 2
            )
            pygame.draw.rect(surface, mark[1], chip, 1, border_radius=chip.height // 2)
            draw_text(
                surface,
                ui,
                mark[0],
                "body",
                self.px(15),
                mark[1],
                chip.inflate(-self.px(8), 0),
                bold=True,
                align="center",
                valign="middle",
                max_lines=1,
            )
        draw_text(
            surface,
            ui,
            heading,
            "body",
            self.px(16),
            theme.TEXT,
            pygame.Rect(area.x, area.y, area.width - mark_w - self.px(6), head_h),
            bold=True,
            valign="middle",
            max_lines=1,
        )
        y = area.y + head_h + self.px(2)
        line_h = self._line_h()
        for text, colour in lines:
            self._text(surface, text, colour, pygame.Rect(area.x, y, area.width, line_h))
            y += line_h
