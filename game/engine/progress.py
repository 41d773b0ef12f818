"""A player's progress through a game's puzzles and lessons, as the statistics file keeps it (``game.engine.stats``).

``PuzzleProgress``: the puzzles solved, by puzzle id, each with its fewest
tries and whether help was needed, and the streak of puzzles solved at the
first try without help. ``TutorialProgress``: the lessons ("Learn to play")
finished, by tutorial id, and the step each one left half way was left at.
``CampaignProgress``: the campaign's battles won, by battle id, each with the
most stars it earned. Each reads its part of the file leniently: a bad entry is skipped and counted,
so the statistics can say so and keep a copy before they are next written.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from game.engine.tutorials import MAX_STEPS

__all__ = [
    "MAX_BATTLES",
    "MAX_SOLVED",
    "MAX_STARS",
    "MAX_TUTORIALS",
    "CampaignProgress",
    "PuzzleProgress",
    "SolvedPuzzle",
    "TutorialProgress",
]

MAX_SOLVED = 20_000
"""The puzzles solved kept per game (far more than any collection holds)."""
MAX_TUTORIALS = 1_000
"""The tutorials' progress kept per game (far more than any game ships)."""
MAX_BATTLES = 1_000
"""The campaign battles kept per game (far more than any campaign has)."""
MAX_STARS = 3
"""The most stars a battle earns."""


@dataclasses.dataclass(frozen=True)
class SolvedPuzzle:
    """How well a puzzle was solved at best: the fewest tries (1: at once), and whether help was needed."""

    tries: int
    helped: bool

    def better_than(self, other: SolvedPuzzle) -> bool:
        """Whether this is a better solve than ``other``: without help, then in fewer tries."""
        return (self.helped, self.tries) < (other.helped, other.tries)


_ITEM_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
"""A puzzle's, a tutorial's or a battle's id, as the file may hold it."""


@dataclasses.dataclass
class PuzzleProgress:
    """A game's puzzles solved and the streak (see the module docstring)."""

    solved: dict[str, SolvedPuzzle] = dataclasses.field(default_factory=dict)
    streak: int = 0
    """Puzzles solved in a row at the first try without help, each the first time it was solved."""
    best_streak: int = 0

    @property
    def clean(self) -> int:
        """The puzzles ever solved at the first try without help."""
        return sum(1 for solved in self.solved.values() if solved.tries == 1 and not solved.helped)

    def __bool__(self) -> bool:
        return bool(self.solved or self.streak or self.best_streak)

    def stumbled(self, puzzle_id: str) -> bool:
        """A wrong move, a hint or the solution on the puzzle ``puzzle_id``: the streak ends if it is a new one.

        Whether anything changed (the caller saves then).
        """
        if puzzle_id in self.solved or not self.streak:
            return False
        self.streak = 0
        return True

    def solve(self, puzzle_id: str, tries: int, helped: bool) -> bool:
        """The puzzle ``puzzle_id`` solved after ``tries`` tries (1: at once), with help or not.

        Kept if it is the puzzle's first solve or its best; the first solve at
        the first try without help lengthens the streak. Whether anything changed.
        """
        result = SolvedPuzzle(max(1, tries), helped)
        earlier = self.solved.get(puzzle_id)
        if earlier is None:
            if result.tries == 1 and not helped:
                self.streak += 1
                self.best_streak = max(self.best_streak, self.streak)
            else:
                self.streak = 0
            self.solved[puzzle_id] = result
            return True
        if result.better_than(earlier):
            self.solved[puzzle_id] = result
            return True
        return False

    def to_json(self) -> dict[str, Any]:
        """The progress as the file holds it."""
        return {
            "solved": {
                key: {"tries": value.tries, "helped": value.helped} for key, value in self.solved.items()
            },
            "streak": self.streak,
            "best_streak": self.best_streak,
        }

    @classmethod
    def from_json(cls, data: Any) -> tuple[PuzzleProgress, int]:
        """The progress from the file (bad entries skipped), and how many were skipped; ``ValueError`` if it is
        not progress at all."""
        if not isinstance(data, dict):
            raise ValueError("the puzzles must be an object")
        progress = cls()
        skipped = 0
        solved = data.get("solved", {})
        if not isinstance(solved, dict):
            raise ValueError("the puzzles solved must be an object")
        for key, value in list(solved.items())[:MAX_SOLVED]:
            tries = value.get("tries") if isinstance(value, dict) else None
            helped = value.get("helped", False) if isinstance(value, dict) else None
            if (
                not _ITEM_ID.fullmatch(key)
                or not isinstance(tries, int)
                or isinstance(tries, bool)
                or not 1 <= tries <= 1_000_000
                or not isinstance(helped, bool)
            ):
                skipped += 1
                continue
            progress.solved[key] = SolvedPuzzle(tries, helped)
        skipped += max(0, len(solved) - MAX_SOLVED)
        for name in ("streak", "best_streak"):
            value = data.get(name, 0)
            if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SOLVED:
                setattr(progress, name, value)
            else:
                skipped += 1
        progress.best_streak = max(progress.best_streak, progress.streak)
        return progress, skipped


@dataclasses.dataclass
class TutorialProgress:
    """A game's tutorials finished, and where each one left half way stands (see the module docstring)."""

    finished: set[str] = dataclasses.field(default_factory=set)
    reached: dict[str, int] = dataclasses.field(default_factory=dict)
    """The step (0: the first) each unfinished tutorial was left at."""

    def __bool__(self) -> bool:
        return bool(self.finished or self.reached)

    def step_of(self, tutorial_id: str) -> int:
        """The step the tutorial ``tutorial_id`` resumes at: where it was left, else its start."""
        return self.reached.get(tutorial_id, 0)

    def leave(self, tutorial_id: str, step: int) -> bool:
        """The tutorial ``tutorial_id`` left at ``step`` (0: its start, which forgets where it was).

        Whether anything changed (the caller saves then).
        """
        step = max(0, min(step, MAX_STEPS))
        if self.reached.get(tutorial_id, 0) == step:
            return False
        if step:
            self.reached[tutorial_id] = step
        else:
            del self.reached[tutorial_id]
        return True

    def finish(self, tutorial_id: str) -> bool:
        """The tutorial ``tutorial_id`` played to its end: finished, and opened next time from its start.

        Whether anything changed.
        """
        changed = tutorial_id not in self.finished or tutorial_id in self.reached
        self.finished.add(tutorial_id)
        self.reached.pop(tutorial_id, None)
        return changed

    def to_json(self) -> dict[str, Any]:
        """The progress as the file holds it."""
        return {"finished": sorted(self.finished), "reached": dict(sorted(self.reached.items()))}

    @classmethod
    def from_json(cls, data: Any) -> tuple[TutorialProgress, int]:
        """The progress from the file (bad entries skipped), and how many were skipped; ``ValueError`` if it is
        not progress at all."""
        if not isinstance(data, dict):
            raise ValueError("the tutorials must be an object")
        finished = data.get("finished", [])
        reached = data.get("reached", {})
        if not isinstance(finished, list) or not isinstance(reached, dict):
            raise ValueError("the tutorials' finished must be a list and reached an object")
        progress = cls()
        skipped = max(0, len(finished) - MAX_TUTORIALS) + max(0, len(reached) - MAX_TUTORIALS)
        for key in finished[:MAX_TUTORIALS]:
            if isinstance(key, str) and _ITEM_ID.fullmatch(key):
                progress.finished.add(key)
            else:
                skipped += 1
        for key, step in list(reached.items())[:MAX_TUTORIALS]:
            if (
                _ITEM_ID.fullmatch(key)
                and isinstance(step, int)
                and not isinstance(step, bool)
                and 0 < step <= MAX_STEPS
            ):
                progress.reached[key] = step
            else:
                skipped += 1
        return progress, skipped


@dataclasses.dataclass
class CampaignProgress:
    """A game's campaign battles won, each with the most stars it earned (1 to ``MAX_STARS``)."""

    stars: dict[str, int] = dataclasses.field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.stars)

    @property
    def won(self) -> set[str]:
        """The battles won at least once."""
        return set(self.stars)

    def stars_of(self, battle_id: str) -> int:
        """The most stars the battle ``battle_id`` earned (0: never won)."""
        return self.stars.get(battle_id, 0)

    def win(self, battle_id: str, stars: int) -> bool:
        """The battle ``battle_id`` won with ``stars``: kept if it is its first win or its best.

        Whether anything changed (the caller saves then).
        """
        stars = max(1, min(MAX_STARS, stars))
        if self.stars.get(battle_id, 0) >= stars:
            return False
        self.stars[battle_id] = stars
        return True

    def to_json(self) -> dict[str, Any]:
        """The progress as the file holds it."""
        return {"stars": dict(sorted(self.stars.items()))}

    @classmethod
    def from_json(cls, data: Any) -> tuple[CampaignProgress, int]:
        """The progress from the file (bad entries skipped), and how many were skipped; ``ValueError`` if it is
        not progress at all."""
        if not isinstance(data, dict):
            raise ValueError("the campaign must be an object")
        stars = data.get("stars", {})
        if not isinstance(stars, dict):
            raise ValueError("the campaign's stars must be an object")
        progress = cls()
        skipped = max(0, len(stars) - MAX_BATTLES)
        for key, value in list(stars.items())[:MAX_BATTLES]:
            if (
                _ITEM_ID.fullmatch(key)
                and isinstance(value, int)
                and not isinstance(value, bool)
                and 1 <= value <= MAX_STARS
            ):
                progress.stars[key] = value
            else:
                skipped += 1
        return progress, skipped
