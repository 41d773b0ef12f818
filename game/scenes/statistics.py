"""Statistics (seed 001) of the current game: wins, draws and losses by opponent, computer level
and board, as bar charts; the resignations, under the chart by opponent; streaks; the longest and
shortest games; the puzzles solved and their streak (a game with puzzles); a reset with confirmation.

Every total adds up: the games are those against the computer (wins, draws
and losses are the person's, by level and by board too) plus those between two
people, which are counted by seat ("Red 3 · Blue 2", the seats named as the
palette in use names them), never as one seat's wins and losses.

Everything is computed by ``game.engine.stats.Statistics`` from the records of
the game's finished games; this scene only draws it.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

import pygame

from game import games
from game.engine.puzzles import has_shipped_puzzles, shipped_puzzles
from game.engine.stats import GameRecord, Statistics, Tally
from game.formats import format_duration
from game.i18n import ntr, tr
from game.scenes.base import Scene
from game.ui import gfx, theme
from game.ui.anim import ease_out_cubic
from game.ui.lang import tr_data
from game.ui.textbox import draw_text, layout_text
from game.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from game.app import App
    from game.games import GameDefinition

__all__ = ["StatisticsScene"]

WIN, DRAW, LOSS = theme.CLONE, theme.GOLD, theme.DANGER
BAR_BACK = (30, 36, 70)


class SeatsTally(Tally):
    """The games between two people: ``wins`` are the first seat's, ``losses`` the second's."""


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
    found = re.search(r"([0-9]+) damaged record", message)
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
        self.choices = games.playable_games()
        """The games whose statistics the screen can show (left and right go through them)."""
        self.widgets = WidgetGroup(
            [
                Button("back", "Back", self._back, key=pygame.K_ESCAPE, primary=True),
                Button("reset", "Reset", self.ask_reset, accent=theme.DANGER),
                Button("previous_game", "Previous", lambda: self.switch_game(-1), icon="previous"),
                Button("next_game", "Next", lambda: self.switch_game(1), icon="next"),
            ]
        )
        for button in self.widgets.buttons[2:]:
            button.visible = len(self.choices) > 1
        self.show_game(app.game)
        self.cards: list[pygame.Rect] = []
        self.charts: list[pygame.Rect] = []
        self.extremes = pygame.Rect(0, 0, 0, 0)

    def show_game(self, definition: GameDefinition) -> None:
        """Show the statistics of ``definition``'s game (the menu's current game is not changed)."""
        self.game = definition
        self.stats = Statistics.load(definition.key)
        self.levels = definition.load_ai().levels if definition.ai is not None else ()
        rules = definition.load_rules()
        self.can_draw = rules.can_draw
        self.puzzle_ids: list[str] | None = None
        """The ids of the game's puzzles, ``None`` for a game without puzzles."""
        if has_shipped_puzzles(definition.key):
            self.puzzle_ids = [puzzle.id for puzzle in shipped_puzzles(rules)[0]]
        self.note = _load_note(self.stats.load_message)
        self.time = 0.0

    def switch_game(self, step: int) -> None:
        """Show the next (``step`` 1) or previous (-1) playable game's statistics."""
        if len(self.choices) < 2:
            return
        keys = [definition.key for definition in self.choices]
        index = keys.index(self.game.key) if self.game.key in keys else 0
        self.app.audio.play("click")
        self.show_game(self.choices[(index + step) % len(self.choices)])
        self.layout(self.app.size)

    def outcomes(self) -> list[tuple[str, str, tuple[int, int, int]]]:
        """The outcomes the game can have: (kind, translated label, colour); no draws for a game without."""
        shown = [("win", tr("won"), WIN), ("draw", tr("drawn"), DRAW), ("loss", tr("lost"), LOSS)]
        return [outcome for outcome in shown if self.can_draw or outcome[0] != "draw"]

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
            [
                tr("Every game counted so far will be forgotten. This cannot be undone.")
                if self.puzzle_ids is None
                else tr(
                    "Every game counted so far and every puzzle solved will be forgotten. This cannot be undone."
                )
            ],
            [("reset", "Reset", confirmed), ("cancel", "Cancel", None)],
            accent=theme.DANGER,
            default="cancel",
        )

    # -- the figures --

    def seat_name(self, seat: int) -> str:
        """The name of ``seat`` of the game shown, in the palette in use (the game shown may not be the menu's)."""
        return tr(self.game.seat_looks(self.app.settings.palette)[seat].name)

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        """The colour of ``seat`` of the game shown, in the palette in use."""
        return self.game.seat_looks(self.app.settings.palette)[seat].colour

    def chart_rows(self) -> list[tuple[str, list[tuple[str, Tally]]]]:
        """The three charts: (title, [(label, tally)]); the games against the computer, and in the chart by
        opponent the games between two people (a ``SeatsTally``)."""
        stats = self.stats
        opponent = [
            (tr("Computer"), stats.tally(opponent="computer")),
            (tr("Two players"), SeatsTally(**dataclasses.asdict(stats.tally(opponent="human")))),
        ]
        by_level = stats.by("difficulty")
        difficulty = [(tr(level.name), by_level.get(level.key, Tally())) for level in self.levels]
        boards = stats.by("level_name")
        board_rows = sorted(boards.items(), key=lambda item: (-item[1].games, item[0]))
        board = [(tr_data(name) if name else tr("Unknown level"), tally) for name, tally in board_rows]
        return [
            (tr("By opponent"), opponent),
            (tr("By computer level"), difficulty),
            (tr("By board"), board),
        ]

    def tally_text(self, tally: Tally) -> str:
        """A chart row's figures: the person's wins, draws and losses, or for the games between two people
        each seat's wins (and the draws)."""
        if isinstance(tally, SeatsTally):  # the draws only if any: the row is short of room beside its label
            first, second = self.seat_name(0), self.seat_name(1)
            if tally.draws:
                return tr(
                    "{first} {first_wins} · {second} {second_wins} · {draws} D",
                    first=first, first_wins=tally.wins, second=second, second_wins=tally.losses,
                    draws=tally.draws,
                )  # fmt: skip
            return tr(
                "{first} {first_wins} · {second} {second_wins}",
                first=first, first_wins=tally.wins, second=second, second_wins=tally.losses,
            )  # fmt: skip
        if self.can_draw:
            return tr(
                "{wins} W · {draws} D · {losses} L", wins=tally.wins, draws=tally.draws, losses=tally.losses
            )
        return tr("{wins} W · {losses} L", wins=tally.wins, losses=tally.losses)

    def bar_colours(self, tally: Tally) -> tuple[tuple[int, int, int], ...]:
        """The colours of a chart row's bar, for its wins, draws and losses (the seats' own between two people)."""
        if isinstance(tally, SeatsTally):
            first, second = (theme.readable(self.seat_colour(seat), BAR_BACK, 3.0) for seat in (0, 1))
            return first, DRAW, second
        return WIN, DRAW, LOSS

    def resignation_rows(self) -> list[tuple[str, int]]:
        """The games given up, by whom: against the computer (you, it) and between two people (each seat),
        for the kinds of game played; ``[]`` before any game."""
        rows: list[tuple[str, int]] = []
        if self.stats.tally(opponent="computer").games:
            yours, its = self.stats.resignations(opponent="computer")
            rows += [(tr("You resigned"), yours), (tr("The computer resigned"), its)]
        if self.stats.tally(opponent="human").games:
            first, second = self.stats.resignations(opponent="human")
            rows += [
                (tr("{side} resigned", side=self.seat_name(0)), first),
                (tr("{side} resigned", side=self.seat_name(1)), second),
            ]
        return rows

    # -- layout --

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        margin = self.px(26)
        back, reset, previous, following = self.widgets.buttons
        arrow_w, arrow_h = self.px(150), self.px(40)
        previous.rect = pygame.Rect(margin, self.px(42) - arrow_h // 2, arrow_w, arrow_h)
        following.rect = pygame.Rect(width - margin - arrow_w, previous.rect.y, arrow_w, arrow_h)
        top = max(self.px(92), self._note_box().bottom + self.px(4))
        ui = self.app.theme
        # A figure, and two lines of its label beneath it (French labels are long).
        figure_h = ui.font("title", self.px(28), bold=True).get_height()
        card_h = max(
            self.px(78), self.px(8) + figure_h + layout_text(ui, "1\n2", "body", self.px(13), 100).height
        )
        count = len(self._figures())
        gap = self.px(12)
        card_w = (width - margin * 2 - gap * (count - 1)) // count
        self.cards = [
            pygame.Rect(margin + index * (card_w + gap), top, card_w, card_h) for index in range(count)
        ]
        chart_top = top + card_h + self.px(16)
        buttons_y = height - self.px(66)
        extremes_h = max(
            self.px(52),
            self.px(10)
            + ui.font("body", self.px(14), bold=True).get_height()
            + layout_text(
                ui, "\n".join("1" * self._extreme_lines(width - margin * 2)), "body", self.px(14), 100
            ).height,
        )
        self.extremes = pygame.Rect(
            margin, buttons_y - self.px(10) - extremes_h, width - margin * 2, extremes_h
        )
        chart_h = self.extremes.y - self.px(12) - chart_top
        chart_w = (width - margin * 2 - gap * 2) // 3
        self.charts = [
            pygame.Rect(margin + index * (chart_w + gap), chart_top, chart_w, chart_h) for index in range(3)
        ]
        back.rect = pygame.Rect(width - margin - self.px(200), buttons_y, self.px(200), self.px(48))
        reset.rect = pygame.Rect(margin, buttons_y, self.px(200), self.px(48))
        reset.enabled = bool(self.stats.records or self.stats.puzzles)

    def handle_event(self, event: pygame.event.Event) -> bool:
        arrow = event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT)
        if arrow and len(self.choices) > 1:
            # Left and right change the game shown, as the arrows beside the title.
            self.switch_game(1 if event.key == pygame.K_RIGHT else -1)
            return True
        return self.widgets.handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.widgets.update(dt)
        self.widgets["reset"].enabled = bool(self.stats.records or self.stats.puzzles)

    # -- drawing --

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        self.draw_screen_title(surface, self.title(), size=36, y=42, avoid=self._beside_title())
        self._draw_cards(surface)
        grow = ease_out_cubic(min(1.0, self.time / 0.7))
        for index, (rect, (name, rows)) in enumerate(zip(self.charts, self.chart_rows(), strict=True)):
            bottom = self._draw_chart(surface, rect, name, rows, grow)
            if index == 0:
                self._draw_resignations(surface, rect, bottom)
        self._draw_extremes(surface)
        self.widgets.draw(surface, ui)
        note_box = self._note_box()
        if self.note:
            draw_text(
                surface, ui, self.note, "body", self.px(14), theme.GOLD, note_box, align="center", max_lines=1
            )
        elif not self.stats.records:
            draw_text(
                surface,
                ui,
                tr("No finished games yet: play one!"),
                "body",
                self.px(15),
                theme.TEXT_DIM,
                note_box,
                align="center",
                max_lines=1,
            )
        back, reset = self.widgets.buttons[:2]
        # The legend stays between the two buttons.
        legend = pygame.Rect(reset.rect.right + self.px(24), reset.rect.y, 0, reset.rect.height)
        legend.width = back.rect.x - self.px(12) - legend.x
        legend_x, legend_y = legend.x, legend.centery
        square = self.px(12)
        for _, label, colour in self.outcomes():
            if legend_x + square > legend.right:
                break
            pygame.draw.rect(
                surface, colour, (legend_x, legend_y - square // 2, square, square), border_radius=3
            )
            box = pygame.Rect(
                legend_x + self.px(18), legend.y, legend.right - legend_x - self.px(18), legend.height
            )
            text = draw_text(
                surface, ui, label, "body", self.px(15), theme.TEXT_DIM, box, valign="middle", max_lines=1
            )
            legend_x += self.px(30) + text.width

    def _beside_title(self) -> list[pygame.Rect]:
        """The buttons on the title's line (the previous and the next game's)."""
        return [button.rect for button in self.widgets.buttons[2:] if button.visible]

    def _note_box(self) -> pygame.Rect:
        """The line under the title ("No finished games yet"), clear of the title's glow."""
        note_h = self.app.theme.font("body", self.px(15)).get_height()
        title = self.screen_title_box(36, 42, self._beside_title())
        return pygame.Rect(self.px(26), title.bottom, self.app.size[0] - self.px(52), note_h)

    def title(self) -> str:
        """The screen's title: the statistics of which game."""
        return tr("{name} STATISTICS", name=tr(self.game.name).upper())

    def _figures(self) -> list[tuple[str, str, tuple[int, int, int]]]:
        """The cards: (label, figure, colour); no Draws card for a game that cannot end in a draw. The games
        are the wins, draws and losses against the computer and the games between two people."""
        stats = self.stats
        computer = stats.tally(opponent="computer")
        current, best, worst = stats.streaks()
        figures = [
            (tr("Games"), str(len(stats.records)), theme.TEXT),
            (tr("Wins"), str(computer.wins), WIN),
            *([(tr("Draws"), str(computer.draws), DRAW)] if self.can_draw else []),
            (tr("Losses"), str(computer.losses), LOSS),
            (tr("Two-player games"), str(stats.tally(opponent="human").games), theme.TEXT),
            (tr("Winning streak"), str(current), theme.ACCENT),
            (tr("Best / worst run"), f"{best} / {worst}", theme.ACCENT_2),
        ]
        return figures

    def _draw_cards(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        for rect, (label, value, colour) in zip(self.cards, self._figures(), strict=True):
            gfx.panel(
                surface, rect, edge=theme.lerp_colour(theme.PANEL_EDGE, colour, 0.5), radius=self.px(12)
            )
            inner = rect.inflate(-self.px(8), -self.px(8))
            number = draw_text(
                surface,
                ui,
                value,
                "title",
                self.px(28),
                colour,
                inner,
                bold=True,
                align="center",
                max_lines=1,
            )
            below = pygame.Rect(inner.x, inner.y + number.height, inner.width, inner.height - number.height)
            draw_text(
                surface,
                ui,
                label,
                "body",
                self.px(13),
                theme.TEXT_DIM,
                below,
                align="center",
                valign="middle",
                spacing=0.0,
                container=rect,
            )

    def _draw_chart(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        name: str,
        rows: list[tuple[str, Tally]],
        grow: float,
    ) -> int:
        """One chart in ``rect``; returns where its rows end (the top of the chart's free room)."""
        ui = self.app.theme
        gfx.panel(surface, rect, radius=self.px(14))
        heading_box = pygame.Rect(
            rect.x + self.px(14), rect.y + self.px(10), rect.width - self.px(28), self.px(28)
        )
        draw_text(
            surface, ui, name.upper(), "title", self.px(14), theme.ACCENT, heading_box, bold=True, max_lines=1
        )
        inner = pygame.Rect(
            rect.x + self.px(14), rect.y + self.px(40), rect.width - self.px(28), rect.height - self.px(52)
        )
        if not rows:
            draw_text(
                surface,
                ui,
                tr("No games yet"),
                "body",
                self.px(15),
                theme.TEXT_FAINT,
                inner,
                align="center",
                valign="middle",
            )
            return inner.bottom
        label_size = max(
            11, min(self.px(15), int(min(self.px(50), inner.height // max(1, len(rows))) * 0.36))
        )
        line_h = ui.font("body", label_size, bold=True).get_height()
        bar_h = max(4, self.px(8))
        # A row is its label and its bar: as many rows as fit, never squeezed into one another.
        row_h = max(line_h + bar_h + self.px(8), min(self.px(50), inner.height // max(1, len(rows))))
        most = max(1, max(tally.games for _, tally in rows))
        y = inner.y
        for index, (label, tally) in enumerate(rows):
            figures = self.tally_text(tally)
            figures_w = layout_text(
                ui, figures, "body", label_size * 0.9, inner.width // 2, max_lines=1
            ).width
            label_w = inner.width - figures_w - self.px(8)
            # A label too long for its line beside the figures takes a second line, not an ellipsis.
            name = layout_text(ui, label, "body", label_size, label_w, bold=True, max_lines=1)
            if name.cut or name.condense < 1.0 or not name.bold:
                name = layout_text(ui, label, "body", label_size, label_w, bold=True, max_lines=2)
            height = max(row_h, name.height + bar_h + self.px(8))
            if index and y + height > inner.bottom:
                break
            figures_box = pygame.Rect(inner.centerx, y, inner.width // 2, line_h)
            draw_text(
                surface,
                ui,
                figures,
                "body",
                label_size * 0.9,
                theme.TEXT_DIM,
                figures_box,
                align="right",
                valign="middle",
                max_lines=1,
                container=inner,
            )
            name.draw(surface, ui, theme.TEXT, pygame.Rect(inner.x, y, label_w, name.height), container=inner)
            bar = pygame.Rect(inner.x, y + name.height + self.px(3), inner.width, bar_h)
            pygame.draw.rect(surface, BAR_BACK, bar, border_radius=bar_h // 2)
            x = bar.x
            counts = (tally.wins, tally.draws, tally.losses)
            for count, colour in zip(counts, self.bar_colours(tally), strict=True):
                length = int(bar.width * count / most * grow)
                if length > 0:
                    pygame.draw.rect(
                        surface, colour, (x, bar.y, length, bar.height), border_radius=bar_h // 2
                    )
                    x += length
            y += height
        return y

    def _draw_resignations(self, surface: pygame.Surface, chart: pygame.Rect, top: int) -> None:
        """The resignations in the room a chart leaves under its rows: a heading, then one line each, as
        many as fit (none when the room is too small for the heading and a line)."""
        rows = self.resignation_rows()
        if not rows:
            return
        ui = self.app.theme
        size = self.px(13)
        line_h = ui.font("body", size, bold=True).get_height() + self.px(4)
        area = pygame.Rect(
            chart.x + self.px(14),
            top + self.px(6),
            chart.width - self.px(28),
            chart.bottom - self.px(10) - top,
        )
        fitting = area.height // line_h - 1
        if fitting < 1:
            return
        pygame.draw.line(surface, (44, 52, 94), area.topleft, area.topright, 1)
        heading = pygame.Rect(area.x, area.y + self.px(4), area.width, line_h)
        draw_text(
            surface, ui, tr("Resignations").upper(), "title", size, theme.ACCENT, heading, bold=True,
            valign="middle", max_lines=1, container=chart,
        )  # fmt: skip
        for index, (label, count) in enumerate(rows[:fitting]):
            line = pygame.Rect(area.x, heading.bottom + index * line_h, area.width, line_h)
            figure = draw_text(
                surface, ui, str(count), "body", size, theme.TEXT_DIM, line, bold=True, align="right",
                valign="middle", max_lines=1, container=chart,
            )  # fmt: skip
            label_box = pygame.Rect(line.x, line.y, line.width - figure.width - self.px(8), line_h)
            draw_text(
                surface, ui, label, "body", size, theme.TEXT, label_box, valign="middle", max_lines=1,
                container=chart,
            )  # fmt: skip

    def extreme_parts(self) -> list[tuple[str, str]]:
        """The bottom strip: (heading, detail) for the longest and shortest games, and the puzzles if any."""
        parts = [
            (tr("Longest game"), self._describe(self.stats.longest())),
            (tr("Shortest game"), self._describe(self.stats.shortest())),
        ]
        if self.puzzle_ids is not None:
            progress = self.stats.puzzles
            solved = sum(1 for puzzle_id in self.puzzle_ids if puzzle_id in progress.solved)
            parts.append(
                (
                    tr("Puzzles solved: {solved} of {count}", solved=solved, count=len(self.puzzle_ids)),
                    tr("Streak {streak}, best {best}", streak=progress.streak, best=progress.best_streak),
                )
            )
        return parts

    def _extreme_lines(self, width: int) -> int:
        """The lines the bottom strip's details take in ``width`` pixels: one, or two where a detail (a
        French duration and a level's name in a narrow window) does not fit on one."""
        ui = self.app.theme
        parts = self.extreme_parts()
        room = width // len(parts) - self.px(24)
        size = self.px(14)
        one_line = (layout_text(ui, detail, "body", size, room, max_lines=1) for _, detail in parts)
        whole = all(not block.cut and block.condense == 1.0 and block.size >= int(size) for block in one_line)
        return 1 if whole else 2

    def _draw_extremes(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        rect = self.extremes
        gfx.panel(surface, rect, radius=self.px(12), alpha=200)
        parts = self.extreme_parts()
        share = rect.width // len(parts)
        for index, (label, detail) in enumerate(parts):
            x = rect.x + self.px(16) + index * share
            box = pygame.Rect(x, rect.y + self.px(5), share - self.px(24), rect.height - self.px(10))
            head = draw_text(
                surface, ui, label, "body", self.px(14), theme.ACCENT, box, bold=True, max_lines=1
            )
            below = pygame.Rect(box.x, box.y + head.height, box.width, box.height - head.height)
            draw_text(surface, ui, detail, "body", self.px(14), theme.TEXT, below, max_lines=2)

    def _describe(self, record: GameRecord | None) -> str:
        """A game in one line: its length, its board and how it ended for you (between two people: which seat
        won)."""
        if record is None:
            return "—"
        level = tr_data(record.level_name) if record.level_name else tr("Unknown level")
        if record.result == "draw":
            verdict = tr("drawn")
        elif record.opponent == "human":  # the result is the first seat's
            verdict = tr("{side} won", side=self.seat_name(0 if record.result == "win" else 1))
        else:
            verdict = tr("won") if record.result == "win" else tr("lost")
        return tr(
            "{moves} in {time} on {level}, {verdict}",
            moves=ntr("{count} move", "{count} moves", record.full_moves),
            time=format_duration(record.seconds),
            level=level,
            verdict=verdict,
        )
