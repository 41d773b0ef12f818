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
from typing import TYPE_CHECKING, Protocol

import pygame

from game import games
from game.engine.puzzles import has_shipped_puzzles, shipped_puzzles
from game.engine.stats import GameRecord, Statistics, Tally
from game.engine.tutorials import has_shipped_tutorials
from game.formats import format_duration
from game.i18n import ntr, tr
from game.scenes.base import Scene
from game.scenes.services import SceneServices, SettingsServices
from game.scenes.statistics_charts import (
    BAR_BACK,
    ChartRow,
    draw_cards,
    draw_chart,
    draw_extremes,
    draw_legend,
    draw_resignations,
    extreme_lines,
)
from game.ui import theme
from game.ui.anim import ease_out_cubic
from game.ui.lang import tr_data
from game.ui.textbox import draw_text, layout_text
from game.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from game.games import GameDefinition

__all__ = ["StatisticsScene"]

WIN, DRAW, LOSS = theme.CLONE, theme.GOLD, theme.DANGER


class StatisticsServices(SceneServices, SettingsServices, Protocol):
    """What the statistics use of the app: the scenes', and the settings (the game shown)."""


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

    app: StatisticsServices

    name = "statistics"

    def __init__(self, app: StatisticsServices) -> None:
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

    def _reset_warning(self) -> str:
        """What a reset forgets: the games, and the puzzles and lessons of a game that has them."""
        puzzles = self.puzzle_ids is not None
        lessons = has_shipped_tutorials(self.app.game.key)
        if self.app.game.has("campaign"):
            return self._campaign_reset_warning(puzzles, lessons)
        if puzzles and lessons:
            return tr(
                "Every game counted so far, every puzzle solved and every lesson finished will be forgotten. "
                "This cannot be undone."
            )
        if lessons:
            return tr(
                "Every game counted so far and every lesson finished will be forgotten. This cannot be undone."
            )
        if puzzles:
            return tr(
                "Every game counted so far and every puzzle solved will be forgotten. This cannot be undone."
            )
        return tr("Every game counted so far will be forgotten. This cannot be undone.")

    @staticmethod
    def _campaign_reset_warning(puzzles: bool, lessons: bool) -> str:
        """What a reset forgets in a game with a campaign: its battles won too."""
        if puzzles and lessons:
            return tr(
                "Every game counted so far, every puzzle solved, every lesson finished and every battle of the "
                "campaign won will be forgotten. This cannot be undone."
            )
        if lessons:
            return tr(
                "Every game counted so far, every lesson finished and every battle of the campaign won will be "
                "forgotten. This cannot be undone."
            )
        if puzzles:
            return tr(
                "Every game counted so far, every puzzle solved and every battle of the campaign won will be "
                "forgotten. This cannot be undone."
            )
        return tr(
            "Every game counted so far and every battle of the campaign won will be forgotten. This cannot be undone."
        )

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
            [self._reset_warning()],
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
                ui,
                "\n".join("1" * extreme_lines(ui, self.px, self.extreme_parts(), width - margin * 2)),
                "body",
                self.px(14),
                100,
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
        draw_cards(surface, ui, self.px, self.cards, self._figures())
        grow = ease_out_cubic(min(1.0, self.time / 0.7))
        for index, (rect, (name, rows)) in enumerate(zip(self.charts, self.chart_rows(), strict=True)):
            shown = [
                ChartRow(
                    label,
                    self.tally_text(tally),
                    (tally.wins, tally.draws, tally.losses),
                    self.bar_colours(tally),
                )
                for label, tally in rows
            ]
            bottom = draw_chart(surface, ui, self.px, rect, name, shown, grow)
            if index == 0:
                draw_resignations(surface, ui, self.px, rect, bottom, self.resignation_rows())
        draw_extremes(surface, ui, self.px, self.extremes, self.extreme_parts())
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
        draw_legend(surface, ui, self.px, legend, [(label, colour) for _, label, colour in self.outcomes()])

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
