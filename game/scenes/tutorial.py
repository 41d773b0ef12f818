"""The "Learn to play" screen, for every game with tutorials: a short commented game, one rule at a time.

A tutorial (``game.engine.tutorials``) is a start position and a list of
steps, each a piece of commentary and maybe a move. The screen is the match
screen (the game's own board controller draws the board, takes the clicks and
animates the moves) with the tutorial's script instead of an opponent:

- a step that only speaks waits for Next (the button, Space or Enter);
- a step the player must play marks its move on the board as the hint does,
  and waits for it; another move is not played: a friendly word says so and
  the marks stay. Once the move has been shown, the next step follows;
- the other side's moves, its forced passes and the dice (scripted: a
  tutorial's rolls are written in it) are played for the player after a
  moment; the commentary then waits for Next, so it can be read with the
  move on the board (a short word in a run of the other side's moves, as a
  set-up placed base by base or an attack and its roll, goes on by itself
  once read, and Next hurries it);
- Skip plays the step for the player (its move, if it has one) and goes on;
  Restart starts the lesson again; Previous and Next lesson go through the
  game's lessons, which open at the first one not finished;
- the step on show is kept in the statistics as each comes (``TutorialProgress``),
  and the lesson resumes there when it is opened again; the last
  step marks it finished, which the menu shows. A kiosk's visitors are
  strangers to one another: there a lesson always opens at its start.

The lessons are played under the game's default match rules, as their files
were checked. A collection with damaged files says so (naming the file) and
plays the lessons it could read.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pygame

from game.engine.core import CHANCE
from game.engine.levels import LevelError, LevelInfo
from game.engine.match import Match, MatchConfig, Player
from game.engine.proof import default_options
from game.engine.stats import Statistics, TutorialProgress
from game.engine.tutorials import Tutorial, TutorialStep, shipped_tutorials
from game.i18n import ntr, tr
from game.scenes.base import Scene
from game.scenes.match import MatchServices
from game.scenes.practice import PracticeScene
from game.scenes.tutorial_panel import TutorialPanel
from game.ui import theme
from game.ui.anim import count_down, run_down

__all__ = ["NoTutorialsError", "TutorialScene", "load_lessons"]

log = logging.getLogger(__name__)

OTHER_LEVEL = "tutorial"
"""The other seat's "level": it never asks the computer, the script moves for it."""


FLOWING_SAY = 80
"""The longest commentary (in characters, as shown) of the other side's move that goes on by itself when the
other side moves again next; a longer one waits for Next."""
READING_PAUSE = 1.0
READING_PER_CHARACTER = 0.05
"""Seconds to read a flowing step: a pause, and this much a character (twenty characters a second, a slow
reader's pace)."""


class NoTutorialsError(ValueError):
    """The current game has no tutorial that can be played; the message (translated) says why."""


def load_lessons(app: MatchServices) -> tuple[list[Tutorial], list[LevelError]]:
    """The current game's tutorials and the problems met reading them (none for a game without tutorials)."""
    try:
        rules = app.game.load_rules()
    except LookupError:
        return [], []
    tutorials: list[Tutorial] = []
    problems: list[LevelError] = []
    for item in shipped_tutorials(rules):
        if isinstance(item, Tutorial):
            tutorials.append(item)
        else:
            problems.append(item)
    return tutorials, problems


class TutorialScene(PracticeScene):
    """One lesson of the current game's tutorials at a time (see the module docstring)."""

    name = "tutorial"

    def __init__(
        self,
        app: MatchServices,
        number: int | None = None,
        *,
        collection: tuple[list[Tutorial], list[LevelError]] | None = None,
    ) -> None:
        self.tutorials, self.problems = collection if collection is not None else load_lessons(app)
        if not self.tutorials:
            reason = str(self.problems[0]) if self.problems else tr("there are none")
            raise NoTutorialsError(
                tr("No lesson of {name} could be read: {reason}", name=tr(app.game.name), reason=reason[:300])
            )
        self.progress = self._load_progress(app)
        self.index = self._first_index(number)
        self.step = 0
        """The step on show (0: the first)."""
        self.step_done = False
        """Whether the step on show has been played (or has nothing to play)."""
        self.step_timer: float | None = None
        """Seconds before the script plays the step's move, or goes on after the player's."""
        self.step_shown_at = 0.0
        """The scene's ``time`` when the step came on (the commentary's entrance)."""
        self.finished_at: float | None = None
        """The scene's ``time`` when the lesson was finished (the banner's entrance), else ``None``."""
        self.misses = 0
        """Moves other than the one asked for, at the step on show."""
        tutorial = self.tutorial
        super().__init__(app, self._config(tutorial), self._level(tutorial))
        self.panel = TutorialPanel(self, self.px, app.theme)
        self.start_at(self._resume_step())
        for problem in self.problems:
            log.warning("tutorial file: %s", problem)

    # -- the lessons --

    @property
    def tutorial(self) -> Tutorial:
        """The lesson on screen."""
        return self.tutorials[self.index]

    @property
    def seat(self) -> int:
        """The seat the player plays: the lesson's (seat 0 in a lesson where the player never moves)."""
        seat = self.tutorial.player_seat
        return 0 if seat is None else seat

    @property
    def current(self) -> TutorialStep:
        """The step on show."""
        return self.tutorial.steps[self.step]

    @property
    def last_step(self) -> bool:
        """Whether the step on show is the lesson's last."""
        return self.step == len(self.tutorial.steps) - 1

    @property
    def finished(self) -> bool:
        """Whether the lesson has been played to its end (its last step done)."""
        return self.finished_at is not None

    def _first_index(self, number: int | None) -> int:
        if number is not None:
            return max(0, min(len(self.tutorials) - 1, number - 1))
        progress = self.progress
        begun = [index for index, lesson in enumerate(self.tutorials) if lesson.id in progress.reached]
        if begun:
            return begun[0]
        return next(
            (index for index, lesson in enumerate(self.tutorials) if lesson.id not in progress.finished), 0
        )

    def _resume_step(self) -> int:
        if self.app.kiosk:
            return 0
        return min(self.progress.step_of(self.tutorial.id), len(self.tutorial.steps) - 1)

    def _config(self, tutorial: Tutorial) -> MatchConfig:
        seat = 0 if tutorial.player_seat is None else tutorial.player_seat
        return MatchConfig(vs_computer=True, level=OTHER_LEVEL, human_seat=seat, first=seat)

    def _level(self, tutorial: Tutorial) -> LevelInfo:
        return LevelInfo(tutorial.name, "", "", tutorial.position, game=tutorial.game)

    def _new_match(self) -> None:
        tutorial = self.tutorial
        players = (Player.human("You"), Player.computer(OTHER_LEVEL))
        self.match = Match(
            self.rules,
            tutorial.position,
            players if self.seat == 0 else (players[1], players[0]),
            default_options(self.rules),  # as the lessons were checked, whatever the player's options say
        )
        self._clear_transient()
        self.results_shown = False

    def start_at(self, step: int) -> None:
        """A fresh match with the moves of the steps before ``step`` played at once, and ``step`` on show."""
        self._new_match()
        for earlier in self.tutorial.steps[:step]:
            if earlier.move is not None:
                self.match.replay(self.rules.parse_move(earlier.move))
        self.board.reset()
        self.finished_at = None
        self._show_step(step)

    def _show_step(self, step: int) -> None:
        self.step = step
        self.step_done = self.current.move is None
        self.step_timer = None
        self.step_shown_at = self.time
        self.misses = 0
        self.hint_move = self._asked_move()
        self.board.show_hint(self.hint_move)
        if self.step_done and self.last_step:
            self._finish()
        else:
            self._keep_place()  # at once, so even a crash leaves the lesson to resume where it was

    def go_to(self, index: int) -> None:
        """Open the lesson at ``index`` (wrapping round) where it was left."""
        self._keep_place()
        self.index = index % len(self.tutorials)
        tutorial = self.tutorial
        self.config = self._config(tutorial)
        self.level = self._level(tutorial)
        self.start_at(self._resume_step())
        self.relayout()  # a lesson on another board (Grand Attangle) lays out anew
        self.app.audio.play("start")

    def next_lesson(self) -> None:
        """The next lesson of the game."""
        self.go_to(self.index + 1)

    def previous_lesson(self) -> None:
        """The previous lesson of the game."""
        self.go_to(self.index - 1)

    def restart_lesson(self) -> None:
        """This lesson again from its first step."""
        self._record(lambda progress: progress.leave(self.tutorial.id, 0))
        self.start_at(0)
        self.app.audio.play("start")

    # -- the script --

    def _asked_move(self) -> Any | None:
        """The move the player is asked for now, else ``None``."""
        step = self.current
        if self.step_done or step.move is None or step.by != "player" or self._scripted():
            return None
        return self.rules.parse_move(step.move)

    def _scripted(self) -> bool:
        """Whether the script plays the step's move itself: the other side's, a roll, a forced pass."""
        match = self.match
        return self.current.by == "other" or match.at_chance or match.forced_move() is not None

    def waiting_for_player(self) -> bool:
        """Whether the step waits for the player's move."""
        return self._asked_move() is not None and not self.board.busy

    def waiting_for_next(self) -> bool:
        """Whether the step waits for Next: it has been played (or only speaks) and is not the last."""
        return self.step_done and not self.last_step and not self.board.busy and self._reads_after()

    def _reads_after(self) -> bool:
        """Whether a step done waits to be read: one that speaks or shows the other side's move; the
        player's own moves go on by themselves."""
        step = self.current
        return step.move is None or step.by == "other" or self._was_roll()

    def _flows_on(self) -> bool:
        """Whether a step of the other side's goes on by itself once read: a short word in a run of its moves
        (a set-up placed base by base, an attack and its roll), so a run is watched rather than clicked through."""
        steps = self.tutorial.steps
        step = self.current
        following = steps[self.step + 1] if self.step + 1 < len(steps) else None
        return (
            step.move is not None
            and step.by == "other"
            and following is not None
            and following.by == "other"
            and len(tr(step.say)) <= FLOWING_SAY
        )

    def _reading_time(self) -> float:
        """Seconds to read the step's commentary before a run goes on: a moment, and more for more words."""
        seconds = READING_PAUSE + READING_PER_CHARACTER * len(tr(self.current.say))
        return self.pace(seconds, seconds * 0.8, seconds * 0.7)

    def _was_roll(self) -> bool:
        history = self.match.history()
        return bool(history) and self.step_done and history[-1][0] == CHANCE

    def next_step(self) -> None:
        """Go on to the next step (Next): only once the step on show is done."""
        if self.finished or self.last_step:
            return
        if not self.step_done:
            self.reject(tr("Make the move first, or press Skip"))
            return
        self.board.skip()
        self._show_step(self.step + 1)
        self.app.audio.play("click")

    def go_on(self) -> None:
        """The panel's first button: the next step, or once the lesson is finished the next lesson (the menu
        after the last)."""
        if not self.finished:
            self.next_step()
        elif self.index + 1 < len(self.tutorials):
            self.next_lesson()
        else:
            self.leave()

    def go_on_label(self) -> str:
        """What the first button says (English; the button translates it)."""
        if not self.finished:
            return "Next"
        return "Next lesson" if self.index + 1 < len(self.tutorials) else "Menu"

    def skip_step(self) -> None:
        """Play the step for the player (its move, if it has one) and go on."""
        if self.finished:
            return
        self.board.skip()
        if not self.step_done:
            self._play_step()
            if self.last_step:
                return
        self._show_step(self.step + 1)
        self.app.audio.play("click")

    def _play_step(self) -> None:
        """Play the step's move on the match and the board, whoever makes it."""
        step = self.current
        assert step.move is not None
        move = self.rules.parse_move(step.move)
        if self.match.at_chance:
            note = self.board.before_move(None)
            self.match.replay(move)
            self.board.after_move(move, note, animate=self.speed > 0)
        else:
            super().play(move)
        self.forced_timer = None
        self._step_played()

    def _step_played(self) -> None:
        self.step_done = True
        self.step_timer = None
        self.hint_move = None
        self.board.show_hint(None)
        if self.last_step:
            self._finish()

    def _finish(self) -> None:
        if self.finished:
            return
        self.finished_at = self.time
        tutorial_id = self.tutorial.id
        self._record(lambda progress: progress.finish(tutorial_id))
        self.app.audio.play("win")

    def play(self, move: Any, *, animate: bool = True) -> None:
        """A move from the board: the one the step asks for is played, another gets a friendly word."""
        asked = self._asked_move()
        if asked is None:
            self.reject()
            return
        if self.rules.move_text(move) != self.rules.move_text(asked):
            self._missed()
            return
        super().play(move, animate=animate)
        self._step_played()
        self.app.audio.play("select")

    def _missed(self) -> None:
        """Not the move asked for: nothing is played; a word, and the marks again."""
        self.misses += 1
        self.board.reset()
        self.board.show_hint(self.hint_move)
        word = (
            tr("Not quite: this lesson asks for the marked move. Try again!")
            if self.misses == 1
            else tr("Follow the marks on the board, or press Skip to see the move played.")
        )
        self.say(word, 3.0)
        self.app.audio.play("invalid")

    # -- progress --

    @staticmethod
    def _load_progress(app: MatchServices) -> TutorialProgress:
        return Statistics.load(app.game.key).tutorials

    def _record(self, change: Callable[[TutorialProgress], bool]) -> None:
        """Apply ``change`` to the saved progress and write it if it changed (never in a demonstration)."""
        self.progress = self.record_progress(lambda statistics: statistics.tutorials, change, self.progress)

    def _keep_place(self) -> None:
        """Remember the step the lesson on show stands at (its start once finished, or in a kiosk)."""
        if self.finished:
            return
        tutorial_id, step = self.tutorial.id, 0 if self.app.kiosk else self.step
        self._record(lambda progress: progress.leave(tutorial_id, step))

    @property
    def finished_count(self) -> int:
        """The lessons of this game finished so far."""
        return sum(1 for lesson in self.tutorials if lesson.id in self.progress.finished)

    # -- what the match screen asks --

    def enter(self) -> None:
        """No computer is asked anything here; a damaged collection is said once."""
        if self.problems:
            self.say(
                ntr(
                    "{count} lesson could not be read: {reason}",
                    "{count} lessons could not be read: {reason}",
                    len(self.problems),
                    reason=str(self.problems[0])[:160],
                ),
                5.0,
            )

    def exit(self) -> None:
        self._keep_place()
        super().exit()

    def human_turn(self) -> bool:
        """The player may move only when the step asks for their move."""
        return self._asked_move() is not None and super().human_turn()

    def can_hint(self) -> bool:
        return False

    def hidden_seat(self) -> int | None:
        """Nothing is secret in a lesson: the commentary names the other side's set-up as it is placed."""
        return None

    def skip(self) -> bool:
        """Space or Enter: cut an animation short, else go on to the next step when it waits for Next."""
        if super().skip():
            return True
        if self.waiting_for_next():
            self.next_step()
            return True
        return False

    # -- the frame --

    def update(self, dt: float) -> None:
        Scene.update(self, dt)
        self.panel.update(dt)
        self.board.update(dt)
        self.toast = count_down(self.toast, dt)
        if self.match.is_over:
            self._board_settled(dt)  # the game's closing animation (Ataxx's early finish fills the board)
        if self.step_done:
            if self.last_step or self.board.busy:
                return
            if not self._reads_after():
                self.step_timer = run_down(self.step_timer, dt, self.pace(0.5, 0.3, 0.15))
            elif self._flows_on():
                self.step_timer = run_down(self.step_timer, dt, self._reading_time())
            else:
                return
            if self.step_timer is None:
                self._show_step(self.step + 1)
            return
        if self.current.move is not None and self._scripted():
            self._update_scripted(dt)

    def _update_scripted(self, dt: float) -> None:
        if self.board.busy:
            return
        if self.match.forced_move() is not None:
            self._update_forced(dt)  # announced as in a game, then played through ``play``
            return
        self.step_timer = run_down(self.step_timer, dt, self.pace(0.9, 0.6, 0.25))
        if self.step_timer is None:
            self._play_step()

    def _update_forced(self, dt: float) -> None:
        if self.forced_timer is None:
            self.forced_timer = self.pace(1.7, 1.0, 0.8)
            self.app.audio.play("pass")
        self.forced_timer -= dt
        if self.forced_timer <= 0:
            self._play_step()

    # -- what the panel shows --

    def step_status(self) -> tuple[str, str, theme.Colour]:
        """The panel's status under the commentary: what to do now, a detail line and a colour."""
        colour = theme.SEAT_COLOURS[self.seat]
        if self.finished:
            if self.index + 1 < len(self.tutorials):
                return (
                    tr("Lesson complete!"),
                    tr("Next lesson: {name}", name=tr(self.tutorials[self.index + 1].name)),
                    theme.GOLD,
                )
            return (
                tr("Lesson complete!"),
                tr("You know the rules: start a new game from the menu"),
                theme.GOLD,
            )
        asked = self._asked_move()
        if asked is not None:
            return tr("Your move"), self.board.hint_instruction(asked), colour
        if not self.step_done:
            turn = self.match.turn
            if self.match.at_chance:
                return tr("The dice roll"), "", theme.GOLD
            return (
                tr("Watch"),
                tr("Your opponent moves"),
                theme.SEAT_COLOURS[turn if turn != CHANCE else 1 - self.seat],
            )
        return tr("Read, then go on"), tr("Next (Space) when you are ready"), theme.ACCENT_2

    def status_text(self) -> tuple[str, str, theme.Colour]:
        return self.step_status()

    # -- layout and drawing --

    def panel_width(self, width: int) -> int:
        """Wider than the match screen's: the commentary is read there."""
        return max(220, min(int(width * 0.36), self.px(420)))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.finished_at is not None:
            self.draw_banner(surface, tr("Lesson complete!"), self.step_status()[1], self.finished_at)
