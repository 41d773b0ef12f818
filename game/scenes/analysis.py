"""The post-game analysis screen, for every game: a game searched position by position, its moves judged.

Opened with "Analyse" from the results of a game or from the Load screen
(``AnalysisScene(app, match, level_name)``, the match's game being the
current one). It starts at once, at the strength chosen (``STRENGTHS``:
seconds of search a position at the game's hint level, its strongest): the worker
searches one position after another (``game.ai.analysis.AnalysisRun``),
polled every frame, never waited on; a progress bar and Cancel show while it
runs, and what is found shows as it comes. Then:

- the graph (``game.ui.evalgraph``): seat 0's expected result over the
  positions (seat 1's is the rest), in the seats' colours and names, each
  marked move dotted in its mark's colour; a click (or a drag) on it jumps
  to that move;
- the board, by the game's own controller, shows the position the move on
  show was played in: the move played ringed in its mark's colour, and when
  the search preferred another, that one as the game's hint arrow. "Show
  line" plays the search's line from there on the board, one move after
  another (up to the first roll of the dice, which a line cannot know);
- the panel: the summary per seat (inaccuracies, mistakes, blunders; with
  dice, the hits each side rolled against those it could expect), the move on
  show in words (the mover's expected result before and after, the better
  move), and the move list with every mark, to click;
- keys: Left and Right step through the game (a step forward plays the move,
  animated), Up and Down jump to the previous or next inaccuracy or worse,
  Home and End to the start and the end, L shows the line, Esc goes back;
- Export writes the game as annotated PGN in the analyses folder of the
  user's data (not offered in a kiosk, which keeps no files).

The board controller is the match screen's, driven by this scene as a
replay: nobody moves on it, it is handed the replayed match (``match``) and
the few things a board reads of its screen (``speed``, ``human_turn``...).
"""

from __future__ import annotations

import datetime as _dt
import logging
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.ai.analysis import (
    STRENGTHS,
    Analysis,
    Mark,
    MoveVerdict,
    Review,
    export_pgn,
    playable_line,
)
from game.ai.analysis_run import AnalysisRun, RunState
from game.engine.core import CHANCE
from game.engine.match import Match, move_numbers
from game.i18n import tr
from game.scenes.analysis_marks import draw_played
from game.scenes.analysis_moves import MARK_COLOURS
from game.scenes.analysis_panel import AnalysisPanel
from game.scenes.base import Scene
from game.scenes.parts import BoardBackdrop
from game.scenes.services import ComputerServices, KioskServices, SceneServices, SettingsServices
from game.ui import theme
from game.ui.anim import SPEED_FACTORS, count_down
from game.ui.evalgraph import EvalGraph
from game.ui.lang import explain_write_error
from game.ui.notice import MessageStrip
from game.ui.widgets import Button, Choice, WidgetGroup

if TYPE_CHECKING:
    from game.scenes.parts import BoardController

__all__ = ["AnalysisScene"]

log = logging.getLogger(__name__)

GRAPH_BACK = (12, 15, 34)
"""The graph's ground (``game.ui.evalgraph``)."""
LINE_STEP = 0.9
"""Seconds between the moves of a line played on the board (after each move's animation)."""


class AnalysisServices(SceneServices, SettingsServices, KioskServices, ComputerServices, Protocol):
    """What the analysis uses of the app: the scenes', the settings (its strength), the kiosk's lock-down,
    the AI worker."""


class AnalysisScene(Scene):
    """The analysis of one game (see the module docstring)."""

    app: AnalysisServices

    name = "analysis"

    def __init__(
        self,
        app: AnalysisServices,
        match: Match[Any, Any],
        level_name: str = "",
        *,
        save_name: str = "",
        analysis: Analysis | None = None,
    ) -> None:
        super().__init__(app)
        self.definition = app.game
        self.rules = match.rules
        self.ai = self.definition.load_ai()
        self.source = match
        """The game analysed: read, never changed (it may be the match screen's own)."""
        self.level_name = level_name
        self.save_name = save_name
        self.entries: list[Any] = match.moves
        self.history: list[tuple[int, Any]] = match.history()
        self.strength = app.settings.analysis_strength
        self.analysis = analysis or Analysis.of_match(match, self.ai)
        """The analysis on show (``analysis``: one already done, which is not searched again)."""
        self.review: Review = self.analysis.review()
        self.run: AnalysisRun | None = None
        self.numbers = move_numbers(
            [CHANCE if self.analysis.main[i].setup else seat for i, (seat, _) in enumerate(self.history)],
            match.first_seat,
        )
        self.cursor = 0
        """The position on show: the move on show is the one played in it (none at the end)."""
        self.view = self._replayed(0)
        self.line: list[Any] | None = None
        """The search's line being played on the board ("Show line"), if any."""
        self.line_shown = 0
        self.line_timer = 0.0
        self.toast: tuple[str, float] | None = None
        self.forced_timer: float | None = None  # what boards read of a match screen: nothing is forced here
        self.graph = EvalGraph()
        self.strength_choice = Choice(
            [("Quick", "quick"), ("Standard", "normal"), ("Deep", "deep")],
            self.strength,
            self._set_strength,
            accent=theme.ACCENT,
        )
        self.widgets = WidgetGroup(
            [
                Button("analyse", "Analyse", self.start, primary=True),
                Button("cancel", "Cancel", self.cancel, accent=theme.DANGER),
                Button("line", "Show line", self.toggle_line, key=pygame.K_l),
                Button("export", "Export", self.export),
                Button("back", "Back", self.back, key=pygame.K_ESCAPE),
            ]
        )
        self.panel = AnalysisPanel(self, self.px, app.theme)
        self.board_area = pygame.Rect(0, 0, 0, 0)
        self.messages = MessageStrip()
        """Where passing messages show (where an export went): a line of its own along the bottom."""
        self._backdrop = BoardBackdrop()
        board_class: type[BoardController[Any, Any]] = self.definition.load("board")
        self.board = board_class(self)
        self.board.show_played(self._played_here())
        self._dragging = False
        self._refresh_buttons()

    # -- what a board reads of its screen --

    @property
    def match(self) -> Match[Any, Any]:
        """The match the board shows: the game replayed to the position on show (and a line played on)."""
        return self.view

    @property
    def speed(self) -> float:
        """The animation speed factor from the settings (0: animations off)."""
        return SPEED_FACTORS.get(self.app.settings.animation, 1.0)

    @property
    def vs_computer(self) -> bool:
        """Whether the computer played a seat (a board turns the field for a person playing the second seat)."""
        return not all(player.is_human for player in self.source.players)

    thinking = False
    """Nobody thinks on this board."""

    def human_turn(self) -> bool:
        """Nobody moves on a replay."""
        return False

    def hidden_seat(self) -> int | None:
        """A finished game hides nothing (not even its set-up)."""
        return None

    def play(self, move: Any, *, animate: bool = True) -> None:
        """Nobody moves on a replay: a board's move is ignored."""

    def reject(self, message: str | None = None) -> None:
        """A click that does nothing: a buzz."""
        self.app.audio.play("invalid")

    def say(self, message: str, seconds: float = 1.6) -> None:
        """A short note in the message strip along the bottom (already translated)."""
        self.toast = (message, seconds)

    def skip(self) -> bool:
        """End the board's animation at once."""
        return self.board.skip()

    # -- the run --

    def enter(self) -> None:
        if not self.analysis.done:
            self.start()

    def exit(self) -> None:
        if self.run is not None:
            self.run.cancel()

    def start(self) -> None:
        """Analyse the game from its first position at the strength chosen (again, if it was)."""
        if self.run is not None:
            self.run.cancel()
        self.analysis = Analysis.of_match(self.source, self.ai)
        self.review = self.analysis.review()
        budget = dict(STRENGTHS)[self.strength]
        if self.app.options.ai_time_budget is not None:  # tests and tools: the app's own, if shorter
            budget = min(budget, self.app.options.ai_time_budget)
        level = self.ai.hint_level.key  # the strongest advice, in the strength's own time
        self.run = AnalysisRun(self.analysis, self.app.worker, self.definition.key, level, budget)
        self.app.audio.play("click")
        self._refresh_buttons()

    def cancel(self) -> None:
        """Stop the analysis (what it found so far stays on show)."""
        if self.run is not None and self.run.state is RunState.RUNNING:
            self.run.cancel()
            self.app.audio.play("click")
        self._refresh_buttons()

    def _set_strength(self, value: object) -> None:
        self.strength = str(value)
        self.app.settings.analysis_strength = self.strength
        self.app.save_settings()  # the next game is analysed at the strength chosen last
        self.start()

    @property
    def running(self) -> bool:
        """Whether the worker is searching for the analysis now."""
        return self.run is not None and self.run.state is RunState.RUNNING

    @property
    def finished(self) -> bool:
        """Whether every position is searched."""
        return self.analysis.done and not self.running

    def _refresh_buttons(self) -> None:
        self.widgets["analyse"].visible = not self.running and not self.finished
        self.widgets["cancel"].visible = self.running
        self.widgets["export"].enabled = self.finished
        self.widgets["line"].enabled = bool(self.line) or bool(self._line_from_here())
        self.widgets["line"].label = "Hide line" if self.line is not None else "Show line"
        self.app.lock_down(self)

    # -- stepping --

    @property
    def positions(self) -> int:
        """The positions of the game, the start and the last included."""
        return len(self.entries) + 1

    def _replayed(self, index: int) -> Match[Any, Any]:
        match = Match(
            self.rules,
            self.source.start_text,
            self.source.players,
            self.source.options,
            seed=self.source.seed,
        )
        for entry in self.entries[:index]:
            match.replay(entry)
        return match

    def show(self, index: int, *, animate: bool = False) -> None:
        """Show position ``index`` (0 the start, the last the end), playing the move to it when it is the next."""
        index = max(0, min(self.positions - 1, index))
        self.line = None
        if animate and index == self.cursor + 1 and self.view.ply == self.cursor:
            self.board.skip()
            entry = self.entries[self.cursor]
            note = self.board.before_move(entry)
            self.view.replay(entry)
            self.board.after_move(entry, note, animate=self.speed > 0)
        else:
            self.board.skip()
            self.view = self._replayed(index)
            self.board.reset()
        self.cursor = index
        self.board.show_played(self._played_here())
        self._show_better_move()
        self.panel.follow(index)
        self._refresh_buttons()

    def pick_move(self, index: int) -> None:
        """Show position ``index``, picked on the graph or the move list."""
        self.app.audio.play("select")
        self.show(index)

    def step(self, steps: int) -> None:
        """Step ``steps`` positions on (back when negative)."""
        target = max(0, min(self.positions - 1, self.cursor + steps))
        if target != self.cursor:
            self.show(target, animate=steps == 1)
        elif self.line is not None:
            self.show(self.cursor)

    def jump_to_mark(self, direction: int) -> None:
        """Show the previous (-1) or next (+1) move marked an inaccuracy or worse."""
        bad = (Mark.INACCURACY, Mark.MISTAKE, Mark.BLUNDER)
        indices = [v.index for v in self.review.verdicts if v is not None and v.mark in bad]
        later = [i for i in indices if (i > self.cursor if direction > 0 else i < self.cursor)]
        if not later:
            self.app.audio.play("invalid")
            return
        self.show(min(later) if direction > 0 else max(later))

    def verdict(self, index: int | None = None) -> MoveVerdict | None:
        """The verdict of the move played in position ``index`` (the one on show by default)."""
        index = self.cursor if index is None else index
        return self.review.verdicts[index] if 0 <= index < len(self.review.verdicts) else None

    def _played_here(self) -> list[Any]:
        """The move on show and the rolls that followed it (a roll on show: it and the rolls after it)."""
        played = self.entries[self.cursor : self.cursor + 1]
        for seat, entry in self.history[self.cursor + 1 :]:
            if seat != CHANCE:
                break
            played.append(entry)
        return played

    def _show_better_move(self) -> None:
        verdict = self.verdict()
        better = None
        if verdict is not None and verdict.best is not None and self.line is None:
            try:
                better = self.rules.parse_move(verdict.best)
            except ValueError:
                better = None
        self.board.show_hint(better)

    # -- the line --

    def _line_from_here(self) -> list[Any]:
        if self.cursor >= len(self.analysis.main):
            return []
        node = self.analysis.main[self.cursor]
        if node.search is None or not node.search.line:
            return []
        return playable_line(self.rules, node.text, node.search.line)

    def toggle_line(self) -> None:
        """Play the search's line from the position on show on the board, or back to the game."""
        if self.line is not None:
            self.show(self.cursor)
            return
        line = self._line_from_here()
        if not line:
            self.app.audio.play("invalid")
            return
        self.app.audio.play("click")
        self.board.show_hint(None)
        self.board.show_played(())  # the line is played on the field, not the game's move
        self.line = line
        self.line_shown = 0
        self.line_timer = 0.0
        self._refresh_buttons()

    def _advance_line(self, dt: float) -> None:
        if self.line is None or self.line_shown >= len(self.line) or self.board.busy:
            return
        self.line_timer -= dt
        if self.line_timer > 0:
            return
        move = self.line[self.line_shown]
        note = self.board.before_move(move)
        self.view.play(move)
        self.board.after_move(move, note, animate=self.speed > 0)
        self.line_shown += 1
        self.line_timer = LINE_STEP if self.speed > 0 else 0.0

    # -- export --

    def export(self) -> None:
        """Write the annotated game in the analyses folder, and say where."""
        if not self.finished:
            self.app.audio.play("invalid")
            return
        base = self.save_name or self.level_name or tr(self.definition.name)
        name = tr("{name} analysis {time}", name=base, time=f"{_dt.datetime.now():%Y-%m-%d %H.%M}")
        names = (theme.SEAT_NAMES[0], theme.SEAT_NAMES[1])
        try:
            path = export_pgn(
                self.source, self.analysis, self.review, name, seat_names=names, level_name=self.level_name
            )
        except (OSError, ValueError) as error:
            log.warning("export failed: %s", error)
            self.app.audio.play("invalid")
            reason = explain_write_error(error) if isinstance(error, OSError) else str(error)
            self.say(tr("Could not export: {reason}", reason=reason), 3.0)
            return
        self.app.audio.play("select")
        self.say(tr("Saved as {path}", path=str(path)), 4.0)

    def back(self) -> None:
        """Back to where the analysis was opened from (the results, the Load screen)."""
        self.app.audio.play("click")
        if self.app.top is self:
            self.app.stack.pop()

    # -- the frame --

    def update(self, dt: float) -> None:
        super().update(dt)
        self.widgets.update(dt)
        self.board.update(dt)
        self.toast = count_down(self.toast, dt)
        run = self.run
        if run is not None:
            run.step()
            if run.changed:
                run.changed = False
                self.review = self.analysis.review()
                self._show_better_move()
                self._refresh_buttons()
                if run.state is RunState.FAILED:
                    log.error("analysis failed: %s", run.error)
                if run.state is RunState.DONE:
                    self.app.audio.play("select")
        self._advance_line(dt)

    # -- input --

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self._key(event):
            return True
        if self.strength_choice.handle_event(event):
            return True
        if self.widgets.handle_event(event):
            return True
        if self._graph_event(event):
            return True
        return self.panel.handle_event(event)

    def _key(self, event: pygame.event.Event) -> bool:
        steps = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}
        if event.key in steps:
            self.widgets.set_focus(None)
            self.step(steps[event.key])
            return True
        if event.key == pygame.K_HOME:
            self.show(0)
            return True
        if event.key == pygame.K_END:
            self.show(self.positions - 1)
            return True
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            self.jump_to_mark(-1 if event.key == pygame.K_UP else 1)
            return True
        if event.key == pygame.K_SPACE and self.widgets.focus is None:
            self.skip()
            return True
        return False

    def _graph_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.graph.hover = self.graph.move_at(event.pos, self.positions)
            if self._dragging and self.graph.hover is not None and self.graph.hover != self.cursor:
                self.show(self.graph.hover)
            return self._dragging
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            move = self.graph.move_at(event.pos, self.positions)
            if move is None:
                return False
            self._dragging = True
            self.pick_move(move)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging:
            self._dragging = False
            return True
        return False

    # -- layout --

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        margin = self.px(16)
        panel_w = max(210, min(int(width * 0.33), self.px(380)))
        graph_h = max(72, min(self.px(170), int(height * 0.2)))
        left_w = width - panel_w - margin * 3
        # The messages' strip along the bottom, the window's width: an export's whole path fits on its line.
        strip = MessageStrip.height(self.app.theme, self.px(16))
        self.messages.rect = pygame.Rect(margin, height - margin - strip, width - margin * 2, strip)
        bottom = self.messages.rect.y - self.px(8)
        self.board_area = pygame.Rect(margin, margin, left_w, bottom - graph_h - margin * 2)
        self.board.layout(self.board_area)
        self.graph.layout(pygame.Rect(margin, bottom - graph_h, left_w, graph_h), max(4, self.px(8)))
        self.panel.layout(pygame.Rect(width - panel_w - margin, margin, panel_w, bottom - margin))

    # -- drawing --

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        surface.blit(
            self._backdrop.picture(surface.get_size(), self.board, self.panel.rect, self.px(16)), (0, 0)
        )
        self.board.draw(surface)
        self._draw_played(surface)
        self._draw_graph(surface)
        self.panel.draw(surface)
        self._draw_toast(surface)

    def _draw_played(self, surface: pygame.Surface) -> None:
        """The move played in the position on show: its places ringed, and its mark's glyph in its colour."""
        if self.line is not None or self.board.busy or self.cursor >= len(self.entries):
            return
        seat, entry = self.history[self.cursor]
        if seat == CHANCE or self.analysis.main[self.cursor].setup:
            return
        verdict = self.verdict()
        mark = verdict.mark if verdict is not None else None
        draw_played(surface, self.board, seat, entry, mark, self.px, self.app.theme, self.board_area)

    def _draw_graph(self, surface: pygame.Surface) -> None:
        dots = [
            (verdict.index + 1, MARK_COLOURS[verdict.mark])
            for verdict in self.review.verdicts
            if verdict is not None and verdict.mark in (Mark.INACCURACY, Mark.MISTAKE, Mark.BLUNDER)
        ]
        labels = (
            tr("{side} wins", side=tr(theme.SEAT_NAMES[0])),
            tr("{side} wins", side=tr(theme.SEAT_NAMES[1])),
        )
        self.graph.draw(
            surface,
            self.app.theme,
            self.review.values,
            dots=dots,
            # Each seat's colour, lightened where it would not show on the graph's dark ground (Black).
            colours=(
                theme.readable(theme.SEAT_COLOURS[0], GRAPH_BACK, 3.0),
                theme.readable(theme.SEAT_COLOURS[1], GRAPH_BACK, 3.0),
            ),
            labels=labels,
            band=self.cursor if self.cursor < self.positions - 1 else None,
            text_size=max(theme.MIN_TEXT_SIZE, self.px(13)),
        )

    def _draw_toast(self, surface: pygame.Surface) -> None:
        self.messages.draw(surface, self.app.theme, self.toast, self.px(16))
