"""The puzzle screen, for every game with puzzles: "{side} to play and win!" (seed 001's caption).

A puzzle (``game.engine.puzzles``) is a position where exactly one move wins
by force within a few moves. The screen is the match screen (the game's own
board controller draws the board, takes the clicks and animates the moves)
with a puzzle's rules of play instead of an opponent:

- the player's move is checked: the first must be the puzzle's one winning
  move; a later one must still win within the moves left (the line's own
  move, or one ``game.engine.proof`` proves on the spot). A wrong move is
  shown, "Not this one" is said, the try is counted and the move taken back;
- the other seat answers at once with the most stubborn reply (the line's
  own while the player follows it, else the prover's), and a forced pass
  is announced and played as in a game;
- Hint shows the next winning move on the board; Solution plays the whole
  line from the start, the replies too; Retry starts the puzzle again;
  Previous and Next go through the collection, which opens at the first
  puzzle not yet solved;
- a solved puzzle goes into the player's statistics (``PuzzleProgress``):
  its fewest tries, whether a hint or the solution helped, and the streak
  of puzzles solved at the first try without help.

The puzzles are played under the game's default match rules, as they were
proved. A collection with damaged files says so (naming the file) and plays
the puzzles it could read.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable
from typing import Any

import pygame

from game.engine.levels import LevelInfo
from game.engine.match import Match, MatchConfig, Player
from game.engine.proof import ProofBudgetError, Prover, default_options
from game.engine.puzzles import Puzzle, PuzzleError, shipped_puzzles
from game.engine.stats import PuzzleProgress, Statistics
from game.i18n import ntr, tr
from game.scenes.base import Scene
from game.scenes.board_capabilities import forced_text
from game.scenes.match import MatchServices
from game.scenes.practice import PracticeScene
from game.scenes.puzzle_panel import PuzzlePanel
from game.ui import theme
from game.ui.anim import count_down, run_down
from game.ui.lang import seat_name

__all__ = ["RUNTIME_NODES", "NoPuzzlesError", "PuzzleScene", "PuzzleState", "load_collection"]

log = logging.getLogger(__name__)

RUNTIME_NODES = 4_000
"""The most positions one of the screen's own proofs may visit (a move off the line, a reply to it),
so that a frame never waits long: the proof within a shipped puzzle's moves fits as many (the tests
check it), and what the screen asks is a part of the same tree. Past it (an edited file), a move off
the line is not taken as winning, and the reply is the first legal move."""
DEFENDER_LEVEL = "puzzle"
"""The other seat's "level": it never asks the computer, the screen answers for it."""


class NoPuzzlesError(ValueError):
    """The current game has no puzzle that can be played; the message (translated) says why."""


class PuzzleState(enum.Enum):
    """Where the player is in a puzzle."""

    SOLVING = "solving"
    WRONG = "wrong"
    """A wrong move is on the board, about to be taken back."""
    SOLVED = "solved"
    SHOWING = "showing"
    """The solution is being played out."""
    SHOWN = "shown"


def load_collection(app: MatchServices) -> tuple[list[Puzzle], list[PuzzleError]]:
    """The current game's puzzles and the problems met reading them (none for a game without puzzles)."""
    try:
        rules = app.game.load_rules()
    except LookupError:
        return [], []
    return shipped_puzzles(rules)


class PuzzleScene(PracticeScene):
    """One puzzle of the current game's collection at a time (see the module docstring)."""

    name = "puzzle"

    def __init__(
        self,
        app: MatchServices,
        number: int | None = None,
        *,
        collection: tuple[list[Puzzle], list[PuzzleError]] | None = None,
    ) -> None:
        self.puzzles, self.problems = collection if collection is not None else load_collection(app)
        if not self.puzzles:
            reason = str(self.problems[0]) if self.problems else tr("there are none")
            raise NoPuzzlesError(
                tr("No puzzle of {name} could be read: {reason}", name=tr(app.game.name), reason=reason[:300])
            )
        self.progress = self._load_progress(app)
        self.index = self._first_index(number)
        self.state = PuzzleState.SOLVING
        self.tries = 0
        """The tries made so far: one more at the first move played since the start or the last miss."""
        self.trying = False
        """Whether a try is under way (a move was played since the start, a miss or Retry)."""
        self.helped = False
        self.step_timer: float | None = None
        """Seconds before the next step: taking a wrong move back, a reply, the solution's next move."""
        self.shown_moves = 0
        """How many moves of the solution have been played out (``SHOWING``)."""
        self.solved_at = 0.0
        """The scene's ``time`` when the puzzle was solved (the banner's entrance)."""
        puzzle = self.puzzle
        super().__init__(app, self._config(puzzle), self._level(puzzle))
        self.prover = Prover(self.rules, node_limit=RUNTIME_NODES)
        self.panel = PuzzlePanel(self, self.px, app.theme)
        if self.problems:
            for problem in self.problems:
                log.warning("puzzle file: %s", problem)

    # -- the collection --

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle on screen."""
        return self.puzzles[self.index]

    @property
    def seat(self) -> int:
        """The seat the player plays: the puzzle's, which wins."""
        return self.puzzle.seat

    def _first_index(self, number: int | None) -> int:
        if number is not None:
            return max(0, min(len(self.puzzles) - 1, number - 1))
        return next(
            (index for index, puzzle in enumerate(self.puzzles) if puzzle.id not in self.progress.solved), 0
        )

    def _config(self, puzzle: Puzzle) -> MatchConfig:
        return MatchConfig(vs_computer=True, level=DEFENDER_LEVEL, human_seat=puzzle.seat, first=puzzle.seat)

    def _level(self, puzzle: Puzzle) -> LevelInfo:
        return LevelInfo(f"Puzzle {puzzle.number}", "", "", puzzle.position, game=puzzle.game)

    def _new_match(self) -> None:
        puzzle = self.puzzle
        players = (Player.human("You"), Player.computer(DEFENDER_LEVEL))
        self.match = Match(
            self.rules,
            puzzle.position,
            players if puzzle.seat == 0 else (players[1], players[0]),
            default_options(self.rules),  # as the puzzles were proved, whatever the player's options say
        )
        self._clear_transient()
        self.results_shown = False
        self.step_timer = None
        self.shown_moves = 0
        self.trying = False

    def go_to(self, index: int) -> None:
        """Open the puzzle at ``index`` of the collection (wrapping round), from its start."""
        self.index = index % len(self.puzzles)
        self.prover = Prover(self.rules, node_limit=RUNTIME_NODES)  # what it learnt of the last one is no use
        puzzle = self.puzzle
        self.config = self._config(puzzle)
        self.level = self._level(puzzle)
        self._fresh_attempt()
        self.relayout()  # a puzzle on another board (Grand Attangle) lays out anew
        self.app.audio.play("start")

    def _fresh_attempt(self) -> None:
        self.state = PuzzleState.SOLVING
        self.tries = 0
        self.helped = False
        self._new_match()

    def next_puzzle(self) -> None:
        """The next puzzle of the collection."""
        self.go_to(self.index + 1)

    def previous_puzzle(self) -> None:
        """The previous puzzle of the collection."""
        self.go_to(self.index - 1)

    def retry(self) -> None:
        """This puzzle again from its start (a fresh attempt once it is solved or its solution shown)."""
        if self.state in (PuzzleState.SOLVED, PuzzleState.SHOWN, PuzzleState.SHOWING):
            self._fresh_attempt()
        else:
            self._new_match()
            self.state = PuzzleState.SOLVING
        self.app.audio.play("start")

    # -- progress --

    @staticmethod
    def _load_progress(app: MatchServices) -> PuzzleProgress:
        return Statistics.load(app.game.key).puzzles

    def _record(self, change: Callable[[PuzzleProgress], bool]) -> None:
        """Apply ``change`` to the saved progress and write it if it changed (never in a demonstration)."""
        self.progress = self.record_progress(lambda statistics: statistics.puzzles, change, self.progress)

    def _stumbled(self) -> None:
        """A wrong move, a hint or the solution: the streak ends if the puzzle is a new one."""
        puzzle_id = self.puzzle.id
        self._record(lambda progress: progress.stumbled(puzzle_id))

    @property
    def solved_count(self) -> int:
        """The puzzles of this collection solved so far."""
        return sum(1 for puzzle in self.puzzles if puzzle.id in self.progress.solved)

    # -- what the match screen asks --

    def enter(self) -> None:
        """No computer is asked anything here; a damaged collection is said once."""
        if self.problems:
            first = str(self.problems[0])
            self.say(
                ntr(
                    "{count} puzzle could not be read: {reason}",
                    "{count} puzzles could not be read: {reason}",
                    len(self.problems),
                    reason=first[:160],
                ),
                5.0,
            )

    def human_turn(self) -> bool:
        """The player may move only while solving, at the puzzle's seat's turn."""
        return self.state is PuzzleState.SOLVING and super().human_turn()

    def can_hint(self) -> bool:
        return self.human_turn()

    def hint(self) -> None:
        """Show the next winning move on the board; the puzzle then counts as helped."""
        if not self.can_hint():
            self.reject(tr("A hint is for your turn"))
            return
        move = self._winning_move()
        if move is None:
            self.reject(tr("No hint this time"))
            return
        self.hint_move = move
        self.board.show_hint(move)
        if not self.helped:
            self.helped = True
            self._stumbled()
        self.app.audio.play("click")

    def show_solution(self) -> None:
        """Play the whole solution out from the start; the puzzle then counts as helped."""
        if self.state is PuzzleState.SHOWING:
            return
        if self.state is not PuzzleState.SOLVED and not self.helped:
            self.helped = True
            self._stumbled()
        self._new_match()
        self.state = PuzzleState.SHOWING
        self.step_timer = self.pace(0.6, 0.4, 0.2)
        self.app.audio.play("click")

    # -- moves --

    def _follows_line(self) -> bool:
        """Whether every move so far is the solution's."""
        played = [self.rules.move_text(move) for move in self.match.moves]
        return played == list(self.puzzle.solution[: len(played)])

    def _plies_left(self) -> int:
        return self.puzzle.plies - self.match.ply

    def _winning_move(self) -> Any | None:
        """A move of the player's that still wins in time: the line's, else the prover's; ``None`` if none is known."""
        ply = self.match.ply
        if self._follows_line() and ply < len(self.puzzle.solution):
            return self.rules.parse_move(self.puzzle.solution[ply])
        try:
            found = self.prover.attack(self.match.position.copy(), self._plies_left())
        except ProofBudgetError:
            return None
        return found[0] if found is not None else None

    def _wins(self, move: Any) -> bool:
        """Whether the player's ``move`` keeps the win within the moves the puzzle gives."""
        ply = self.match.ply
        solution = self.puzzle.solution
        if self._follows_line() and ply < len(solution) and self.rules.move_text(move) == solution[ply]:
            return True
        if ply == 0:
            return False  # the first move is the one the puzzle proves, and no other
        if self.match.forced_move() is not None:
            return True  # no choice: the position was winning, so is the pass
        position = self.match.position.copy()
        position.push(move)
        try:
            return self.prover.wins_within(position, self.seat, self._plies_left() - 1)
        except ProofBudgetError:
            log.warning("puzzle %s: no proof within the budget for %s", self.puzzle.id, move)
            return False

    def _reply(self) -> Any:
        """The other seat's answer: the line's while the player follows it, else the most stubborn reply."""
        ply = self.match.ply
        solution = self.puzzle.solution
        if self._follows_line() and ply < len(solution):
            return self.rules.parse_move(solution[ply])
        try:
            return self.prover.defence(self.match.position.copy(), self.seat, self._plies_left())
        except ProofBudgetError:
            return self.match.legal_moves()[0]

    def play(self, move: Any, *, animate: bool = True) -> None:
        """A move on the board: the player's is checked (see the module docstring), the other seat's played."""
        if self.state is PuzzleState.SOLVING and self.match.turn == self.seat:
            if not self.trying:
                self.tries += 1
                self.trying = True
            right = self._wins(move)
            super().play(move, animate=animate)
            if not right:
                self._wrong()
            return
        super().play(move, animate=animate)

    def _wrong(self) -> None:
        self.state = PuzzleState.WRONG
        self.step_timer = self.pace(1.1, 0.8, 0.6)
        self.trying = False
        self._stumbled()
        self.say(tr("Not this one: try again"), max(1.2, self.step_timer + 0.4))
        self.app.audio.play("invalid")

    def _take_back(self) -> None:
        """After a wrong move: back to the position before it."""
        self.board.skip()
        if self.match.can_undo:
            self.match.undo()
        self._clear_transient_keep_toast()
        self.state = PuzzleState.SOLVING

    def _clear_transient_keep_toast(self) -> None:
        toast = self.toast
        self._clear_transient()
        self.toast = toast

    def _solved(self) -> None:
        self.state = PuzzleState.SOLVED
        self.solved_at = self.time
        puzzle_id, tries, helped = self.puzzle.id, self.tries, self.helped
        self._record(lambda progress: progress.solve(puzzle_id, tries, helped))
        self.app.audio.play("win")

    def show_results(self) -> None:
        """The game is over while solving: won is solved; anything else (never on a proved puzzle) is a wrong try."""
        if self.state is not PuzzleState.SOLVING:
            return
        result = self.match.result
        winner = result.outcome.winner if result is not None else None
        if winner is not None and int(winner) == self.seat:
            self._solved()
        else:
            self.say(tr("Not this one: try again"), 2.0)
            self._new_match()

    # -- the frame --

    def update(self, dt: float) -> None:
        Scene.update(self, dt)
        self.panel.update(dt)
        self.board.update(dt)
        self.toast = count_down(self.toast, dt)
        if self.state is PuzzleState.WRONG:
            self._update_wrong(dt)
        elif self.state is PuzzleState.SHOWING:
            self._update_showing(dt)
        elif self.state is PuzzleState.SOLVING:
            match = self.match
            if match.is_over:
                # Told as the last move lands: an early finish fills in under the banner.
                if not self.board.busy:
                    self.show_results()
            elif match.forced_move() is not None:
                self._update_forced(dt)
            elif match.computer_to_move:
                self._update_reply(dt)
        else:  # solved or shown: the board finishes showing the end
            self._board_settled(dt)

    def _update_wrong(self, dt: float) -> None:
        if self.board.busy:
            return
        self.step_timer = (self.step_timer or 0.0) - dt
        if self.step_timer <= 0:
            self._take_back()

    def _update_reply(self, dt: float) -> None:
        if self.board.busy:
            return
        self.step_timer = run_down(self.step_timer, dt, self.pace(0.5, 0.3, 0.15))
        if self.step_timer is None:
            self.play(self._reply())

    def _update_showing(self, dt: float) -> None:
        if self.board.busy:
            return
        solution = self.puzzle.solution
        if self.shown_moves >= len(solution):
            if self._board_settled(dt):
                self.state = PuzzleState.SHOWN
            return
        self.step_timer = (self.step_timer or 0.0) - dt
        if self.step_timer <= 0:
            self.step_timer = self.pace(0.9, 0.6, 0.3)
            move = self.rules.parse_move(solution[self.shown_moves])
            self.shown_moves += 1
            self.play(move)

    # -- what the panel shows --

    def caption(self) -> str:
        """Seed 001's caption with the seat's name in the palette ("Red to play and win!" in Ataxx's classic one)."""
        return tr("{side} to play and win!", side=seat_name(self.seat))

    def depth_text(self) -> str:
        """How many moves the win takes."""
        return ntr("Win in {count} move", "Win in {count} moves", self.puzzle.moves)

    def puzzle_status(self) -> tuple[str, str, theme.Colour]:
        """The panel's status: a headline, a detail line and a colour."""
        colour = theme.SEAT_COLOURS[self.seat]
        state = self.state
        if state is PuzzleState.SOLVED:
            detail = (
                tr("First try! Streak: {count}", count=self.progress.streak)
                if self.tries == 1 and not self.helped
                else ntr("Solved in {count} try", "Solved in {count} tries", self.tries)
            )
            return tr("Solved!"), detail, theme.GOLD
        if state is PuzzleState.SHOWN:
            return tr("The solution"), tr("Retry it yourself, or go on to the next puzzle"), theme.GOLD
        if state is PuzzleState.SHOWING:
            return tr("The solution"), tr("Every reply is the most stubborn one"), theme.GOLD
        if state is PuzzleState.WRONG:
            return tr("Not this one"), tr("That move does not win in time"), theme.DANGER
        if self.match.is_over:
            return "", "", colour  # the last move is still being shown: the end is said once it has been
        if self.forced_timer is not None:
            headline, detail = forced_text(self.board, self.match.turn)
            return headline, detail, theme.SEAT_COLOURS[self.match.turn]
        if self.match.turn != self.seat:
            return (
                tr("{side} replies", side=seat_name(self.match.turn)),
                "",
                theme.SEAT_COLOURS[self.match.turn],
            )
        if self.hint_move is not None:
            return (
                self.board.hint_headline(self.hint_move),
                self.board.hint_instruction(self.hint_move),
                theme.GOLD,
            )
        if self.match.ply:
            return tr("Your move"), tr("Keep going: the win is near"), colour
        return tr("Your move"), self.board.instructions(), colour

    def status_text(self) -> tuple[str, str, theme.Colour]:
        return self.puzzle_status()

    # -- drawing --

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.state is PuzzleState.SOLVED:
            self.draw_banner(surface, tr("Solved!"), self.puzzle_status()[1], self.solved_at)
