"""Statistics (seed 001) of the current game: wins, draws and losses by opponent, computer level
and board, as bar charts; streaks; the longest and shortest games; a reset with confirmation.

Everything is computed by ``game.engine.stats.Statistics`` from the records of
the game's finished games; this scene only draws it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pygame

from game.engine.stats import GameRecord, Statistics, Tally
from game.i18n import ntr, tr
from game.scenes.base import Scene
from game.ui import gfx, theme
from game.ui.anim import ease_out_cubic
from game.ui.lang import fit_text, format_time, seat_name, tr_data
from game.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from game.app import App

__all__ = ["StatisticsScene"]

WIN, DRAW, LOSS = theme.CLONE, theme.GOLD, theme.DANGER


def _load_note(message: str | None) -> str:
    """``Statistics.load_message`` in the player's language."""
    if not message:
        return ""
    found = re.search(r"kept as (\S+),", message)
    if found:
        return tr(
            "The statistics file was damaged; it is kept as {name} and counting starts afresh.",
            name=found.group(1),
        )
    found = re.search(r"(\d+) damaged record", message)
    if found:
        count = int(found.group(1))
        return ntr(
            "{count} damaged record in the statistics file was skipped.",
            "{count} damaged records in the statistics file were skipped.",
            count,
        )
    return tr("The statistics file was damaged; counting starts afresh.")


class StatisticsScene(Scene):
    """The charts of every finished game."""

    name = "statistics"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.stats = Statistics.load(app.game.key)
        self.levels = app.game.load_ai().levels if app.game.ai is not None else ()
        self.note = _load_note(self.stats.load_message)
        self.widgets = WidgetGroup(
            [
                Button("back", "Back", self._back, key=pygame.K_ESCAPE, primary=True),
                Button("reset", "Reset", self.ask_reset, accent=theme.DANGER),
            ]
        )
        self.cards: list[pygame.Rect] = []
        self.charts: list[pygame.Rect] = []
        self.extremes = pygame.Rect(0, 0, 0, 0)

    def _back(self) -> None:
        self.app.audio.play("click")
        self.app.stack.pop()

    def ask_reset(self) -> None:
        """Ask, then forget every game."""

        def confirmed() -> None:
            self.app.stack.pop()
            self.stats.reset()
            try:
                self.stats.save()
                self.note = ""
            except OSError:
                self.note = tr("The statistics file cannot be written.")
            self.time = 0.0
            self.app.audio.play("flip")

        self.app.router.push(
            "dialog",
            tr("Reset the statistics?"),
            [tr("Every game counted so far will be forgotten. This cannot be undone.")],
            [("reset", "Reset", confirmed), ("cancel", "Cancel", None)],
            accent=theme.DANGER,
            default="cancel",
        )

    # -- the figures --

    def chart_rows(self) -> list[tuple[str, list[tuple[str, Tally]]]]:
        """The three charts: (title, [(label, tally)])."""
        stats = self.stats
        opponent = [
            (tr("Computer"), stats.tally(opponent="computer")),
            (tr("Two players ({side}'s view)", side=seat_name(0)), stats.tally(opponent="human")),
        ]
        by_level = stats.by("difficulty")
        difficulty = [(tr(level.name), by_level.get(level.key, Tally())) for level in self.levels]
        boards = stats.by("level_name", opponent=None)
        board_rows = sorted(boards.items(), key=lambda item: (-item[1].games, item[0]))
        board = [(tr_data(name) if name else tr("Unknown level"), tally) for name, tally in board_rows]
        return [
            (tr("By opponent"), opponent),
            (tr("By computer level"), difficulty),
            (tr("By board"), board),
        ]

    # -- layout --

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        margin = self.px(26)
        top = self.px(92)
        card_h = self.px(78)
        count = 6
        gap = self.px(12)
        card_w = (width - margin * 2 - gap * (count - 1)) // count
        self.cards = [
            pygame.Rect(margin + index * (card_w + gap), top, card_w, card_h) for index in range(count)
        ]
        chart_top = top + card_h + self.px(16)
        buttons_y = height - self.px(66)
        self.extremes = pygame.Rect(margin, buttons_y - self.px(62), width - margin * 2, self.px(52))
        chart_h = self.extremes.y - self.px(12) - chart_top
        chart_w = (width - margin * 2 - gap * 2) // 3
        self.charts = [
            pygame.Rect(margin + index * (chart_w + gap), chart_top, chart_w, chart_h) for index in range(3)
        ]
        back, reset = self.widgets.buttons
        back.rect = pygame.Rect(width - margin - self.px(200), buttons_y, self.px(200), self.px(48))
        reset.rect = pygame.Rect(margin, buttons_y, self.px(200), self.px(48))
        reset.enabled = bool(self.stats.records)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.widgets.handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.widgets.update(dt)
        self.widgets["reset"].enabled = bool(self.stats.records)

    # -- drawing --

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        width, height = surface.get_size()
        self.draw_screen_title(surface, tr("STATISTICS"), size=36, y=42)
        self._draw_cards(surface)
        grow = ease_out_cubic(min(1.0, self.time / 0.7))
        for rect, (name, rows) in zip(self.charts, self.chart_rows(), strict=True):
            self._draw_chart(surface, rect, name, rows, grow)
        self._draw_extremes(surface)
        self.widgets.draw(surface, ui)
        if self.note:
            note = ui.text(self.note, "body", self.px(14), theme.GOLD)
            surface.blit(note, note.get_rect(center=(width // 2, self.px(74))))
        elif not self.stats.records:
            note = ui.text(tr("No finished games yet: play one!"), "body", self.px(15), theme.TEXT_DIM)
            surface.blit(note, note.get_rect(center=(width // 2, self.px(74))))
        legend_x = self.widgets.buttons[1].rect.right + self.px(24)
        legend_y = self.widgets.buttons[1].rect.centery
        for colour, label in ((WIN, tr("won")), (DRAW, tr("drawn")), (LOSS, tr("lost"))):
            pygame.draw.rect(
                surface, colour, (legend_x, legend_y - self.px(6), self.px(12), self.px(12)), border_radius=3
            )
            text = ui.text(label, "body", self.px(15), theme.TEXT_DIM)
            surface.blit(text, text.get_rect(midleft=(legend_x + self.px(18), legend_y)))
            legend_x += self.px(30) + text.get_width()
        del height

    def _draw_cards(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        stats = self.stats
        computer = stats.tally(opponent="computer")
        current, best, worst = stats.streaks()
        figures = [
            (tr("Games"), str(len(stats.records)), theme.TEXT),
            (tr("Wins"), str(computer.wins), WIN),
            (tr("Draws"), str(computer.draws), DRAW),
            (tr("Losses"), str(computer.losses), LOSS),
            (tr("Winning streak"), str(current), theme.ACCENT),
            (tr("Best / worst run"), f"{best} / {worst}", theme.ACCENT_2),
        ]
        for rect, (label, value, colour) in zip(self.cards, figures, strict=True):
            gfx.panel(
                surface, rect, edge=theme.lerp_colour(theme.PANEL_EDGE, colour, 0.5), radius=self.px(12)
            )
            number = ui.text(value, "title", self.px(28), colour, bold=True)
            surface.blit(number, number.get_rect(center=(rect.centerx, rect.y + rect.height * 0.4)))
            size = self.px(13)
            text = fit_text(ui, label, "body", size, theme.TEXT_DIM, rect.width - self.px(8))
            surface.blit(text, text.get_rect(center=(rect.centerx, rect.y + rect.height * 0.78)))

    def _draw_chart(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        name: str,
        rows: list[tuple[str, Tally]],
        grow: float,
    ) -> None:
        ui = self.app.theme
        gfx.panel(surface, rect, radius=self.px(14))
        heading = fit_text(
            ui, name.upper(), "title", self.px(14), theme.ACCENT, rect.width - self.px(28), bold=True
        )
        surface.blit(heading, (rect.x + self.px(14), rect.y + self.px(12)))
        inner = pygame.Rect(
            rect.x + self.px(14), rect.y + self.px(40), rect.width - self.px(28), rect.height - self.px(52)
        )
        if not rows:
            empty = ui.text(tr("No games yet"), "body", self.px(15), theme.TEXT_FAINT)
            surface.blit(empty, empty.get_rect(center=inner.center))
            return
        row_h = min(self.px(50), inner.height // max(1, len(rows)))
        shown = rows[: max(1, inner.height // max(1, row_h))]
        most = max(1, max(tally.games for _, tally in rows))
        label_size = max(11, min(self.px(15), int(row_h * 0.36)))
        bar_h = max(4, int(row_h * 0.32))
        for index, (label, tally) in enumerate(shown):
            y = inner.y + index * row_h
            figures = ui.text(
                tr(
                    "{wins} W · {draws} D · {losses} L",
                    wins=tally.wins,
                    draws=tally.draws,
                    losses=tally.losses,
                ),
                "body",
                max(10, int(label_size * 0.9)),
                theme.TEXT_DIM,
            )
            surface.blit(figures, figures.get_rect(topright=(inner.right, y + 1)))
            room = inner.width - figures.get_width() - self.px(8)
            surface.blit(fit_text(ui, label, "body", label_size, theme.TEXT, room, bold=True), (inner.x, y))
            bar = pygame.Rect(inner.x, y + label_size + self.px(5), inner.width, bar_h)
            pygame.draw.rect(surface, (30, 36, 70), bar, border_radius=bar_h // 2)
            x = bar.x
            for count, colour in ((tally.wins, WIN), (tally.draws, DRAW), (tally.losses, LOSS)):
                length = int(bar.width * count / most * grow)
                if length > 0:
                    pygame.draw.rect(
                        surface, colour, (x, bar.y, length, bar.height), border_radius=bar_h // 2
                    )
                    x += length

    def _draw_extremes(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        rect = self.extremes
        gfx.panel(surface, rect, radius=self.px(12), alpha=200)
        half = rect.width // 2
        for index, (label, record) in enumerate(
            ((tr("Longest game"), self.stats.longest()), (tr("Shortest game"), self.stats.shortest()))
        ):
            x = rect.x + self.px(16) + index * half
            head = ui.text(label, "body", self.px(14), theme.ACCENT, bold=True)
            surface.blit(head, (x, rect.y + self.px(7)))
            detail = self._describe(record)
            text = fit_text(ui, detail, "body", self.px(14), theme.TEXT, half - self.px(24))
            surface.blit(text, (x, rect.y + self.px(27)))

    @staticmethod
    def _describe(record: GameRecord | None) -> str:
        if record is None:
            return "—"
        level = tr_data(record.level_name) if record.level_name else tr("Unknown level")
        verdict = {"win": tr("won"), "draw": tr("drawn"), "loss": tr("lost")}[record.result]
        return tr(
            "{moves} in {time} on {level}, {verdict}",
            moves=ntr("{count} move", "{count} moves", record.full_moves),
            time=format_time(record.seconds),
            level=level,
            verdict=verdict,
        )
