"""The goals of Lionheart's campaign battles, judged after every action and roll, and the stars a battle earns.

A campaign battle (``game.engine.lionheart.campaign``) is won by its goal, not
only by killing the enemy king. The player always commands Gold. The kinds:

- ``battle``: win the battle (the enemy king dead, or alone);
- ``hold``: no enemy unit may stand on rank ``line`` or behind it (nearer Gold's
  home) for ``turns`` rounds (a round ends with the enemy's turn);
- ``reach``: the player's king stands on the far rank (rank 10), within
  ``turns`` of the player's turns if the goal says so;
- ``within``: win the battle within ``turns`` of the player's turns;
- ``fewer``: win the battle with an army smaller than the enemy's (the file's
  check makes sure it is);
- ``survive``: the player's king is still alive after ``turns`` rounds (the
  enemy's mercenaries lie in wait: the file's check makes sure they do);
- ``protect``: win the battle with every unit of the player's peasants alive.

Whatever the kind, a battle lost by the rules (the king dead or alone, or the
draw of thirty quiet turns) loses the goal, and a battle won by the rules wins
it unless the goal was already lost (``protect``: the peasants fell first).

Stars: a won battle earns one star, one more for taking at most ``par_turns``
of the player's turns, and one more for losing at most ``par_losses`` figures.

>>> goal = Goal("within", turns=3)
>>> tracker = GoalTracker(goal, Battle("gK1e1N,gI4e5N,sI1e6S,sK1e10S,sI4a10S g 2 0 -"))
>>> tracker.state
<GoalState.OPEN: 'open'>
>>> stars(won=True, turns=2, losses=0, par_turns=3, par_losses=1)
3
>>> stars(won=True, turns=5, losses=4, par_turns=3, par_losses=1)
1
"""

from __future__ import annotations

import dataclasses
import enum

from game.engine.lionheart.battle import GOLD, SILVER, Battle

__all__ = ["GOAL_KINDS", "PLAYER", "Goal", "GoalState", "GoalTracker", "figures_of", "stars"]

PLAYER = GOLD
"""The side the player commands in every campaign battle."""
ENEMY = SILVER
FAR_RANK = 10
"""The enemy's back rank, the far one for the player's king."""

GOAL_KINDS = ("battle", "hold", "reach", "within", "fewer", "survive", "protect")
"""The kinds of goal, as a battle file names them."""
NEEDS_TURNS = frozenset({"hold", "within", "survive"})
"""The kinds that need ``turns`` (``reach`` may have it)."""


class GoalState(enum.Enum):
    """Where the goal stands after an action: still open, won or lost."""

    OPEN = "open"
    WON = "won"
    LOST = "lost"


@dataclasses.dataclass(frozen=True)
class Goal:
    """A battle's goal: its kind (``GOAL_KINDS``), its number of turns and its line (a rank), where it has them."""

    kind: str
    turns: int | None = None
    line: int | None = None


def figures_of(battle: Battle, side: int) -> int:
    """The figures of ``side``'s units on the field."""
    return sum(unit.figures for unit in battle.army(side))


def _rank(square: str) -> int:
    return int(square[1:])


def stars(*, won: bool, turns: int, losses: int, par_turns: int, par_losses: int) -> int:
    """The stars a battle earns: none lost, else one, plus one within ``par_turns`` turns and one within
    ``par_losses`` figures lost."""
    if not won:
        return 0
    return 1 + (turns <= par_turns) + (losses <= par_losses)


class GoalTracker:
    """Judges a goal along a battle, fed every position in turn (``observe``) from ``start`` on.

    Counts the player's turns played (``player_turns``, the stars' turns:
    a turn counts once the player has acted in it), the player's turns ended
    (``player_done``) and the rounds ended (the enemy's turns ended, ``rounds``).
    """

    def __init__(self, goal: Goal, start: Battle) -> None:
        self.goal = goal
        self.start_figures = figures_of(start, PLAYER)
        self.peasants = sum(1 for unit in start.army(PLAYER) if unit.kind == "P")
        self.side = start.side
        self.player_turns = 0
        self._acted = False
        """Whether the player has acted in the turn under way (it counts once they have)."""
        self.player_done = 0
        self.rounds = 0
        self.losses = 0
        self.units = (0, 0)
        """The player's units and the enemy's on the field."""
        self.peasants_alive = self.peasants
        self.state = GoalState.OPEN
        self.reason = ""
        """Why the goal was won or lost, in English (the screens translate it)."""
        self._judge(start)

    def observe(self, battle: Battle) -> GoalState:
        """The goal after ``battle``, the position that follows the last one observed; once won or lost it
        stays so."""
        if self.state is not GoalState.OPEN:
            return self.state
        if self.side == PLAYER and not self._acted:  # what was just played was the player's
            self._acted = True
            self.player_turns += 1
        side = battle.side
        if side != self.side and side >= 0:
            if self.side == PLAYER:
                self.player_done += 1
            elif self.side == ENEMY:
                self.rounds += 1
            self._acted = False
            self.side = side
        self._judge(battle)
        return self.state

    def _end(self, state: GoalState, reason: str) -> None:
        self.state = state
        self.reason = reason

    def _judge(self, battle: Battle) -> None:
        goal = self.goal
        army = battle.army(PLAYER)
        self.losses = max(0, self.start_figures - figures_of(battle, PLAYER))
        self.units = (len(army), len(battle.army(ENEMY)))
        self.peasants_alive = sum(1 for unit in army if unit.kind == "P")
        outcome = battle.outcome()
        if goal.kind == "protect" and self.peasants_alive < self.peasants:
            self._end(GoalState.LOST, "The peasants fell")
            return
        line = goal.line
        if (
            goal.kind == "hold"
            and line is not None
            and any(_rank(u.square) <= line for u in battle.army(ENEMY))
        ):
            self._end(GoalState.LOST, "The enemy broke through the line")
            return
        if outcome is not None:
            if outcome.winner == PLAYER:
                self._end(GoalState.WON, "The enemy army is beaten")
            elif outcome.winner is None:
                self._end(GoalState.LOST, "The battle ended in a draw")
            else:
                self._end(GoalState.LOST, "Your army is beaten")
            return
        turns = goal.turns
        if goal.kind == "reach" and any(unit.kind == "K" and _rank(unit.square) == FAR_RANK for unit in army):
            self._end(GoalState.WON, "Your king reached the far rank")
        elif goal.kind in ("hold", "survive") and turns is not None and self.rounds >= turns:
            self._end(GoalState.WON, "The line held" if goal.kind == "hold" else "Your king survived")
        elif goal.kind in ("within", "reach") and turns is not None and self.player_done >= turns:
            self._end(GoalState.LOST, "Out of turns")
