"""Lionheart's computer opponent as the AI worker uses it: ``AI``, the ``GameAI`` of the registry entry.

The worker gives a position as text (the start, then ``moves`` and the
actions and rolls played) and a level key; ``AI.choose`` rebuilds the battle,
picks the level's action (``game.ai.lionheart.levels.choose_move``) and
answers it as text: one action, never a roll (at a roll the match rolls; a
request there is a ``ValueError``). The strong levels keep one
transposition table from action to action in the worker's ``memory``. The
computer plays every battle out: it never resigns (``proves_losses``).

>>> import random, threading
>>> position = "gK1e1N,gI4e4N,sI4e5S,sK1e10S g 1"
>>> AI.choose(position, "master", stop=threading.Event(), on_progress=lambda progress: None,
...           rng=random.Random(1), time_budget=0.2, memory={})
'e4xe5'
>>> AI.describe_score(150), AI.describe_score(99_996)
(('{score}', {'score': '+1.50'}), ('wins in {turns}', {'turns': 4}))
"""

from __future__ import annotations

from game.ai.api import SearchingAI
from game.ai.expectimax import Expectimax
from game.ai.lionheart import levels
from game.ai.lionheart.search import SearchBattle
from game.engine.lionheart import Battle
from game.engine.lionheart.rules import RULES
from game.engine.rules import replay

__all__ = ["AI", "LionheartAI", "battle_from_text"]


def battle_from_text(text: str) -> Battle:
    """The battle a position text describes: its start with every action and roll pushed."""
    return replay(RULES, text)


class LionheartAI(SearchingAI):
    """The ``GameAI`` of Lionheart (see ``game.ai.api``): its levels on the chance search; a figure of
    infantry is 100."""

    rules = RULES
    play = levels
    handles = Expectimax.handles
    score_unit = 100
    result_scale = 500.0
    """Chosen, not fitted: five figures of infantry ahead (500) is about 73%, and a king in danger (its
    life is weighed as a big prize) tips the curve further."""
    proves_losses = False
    """The computer never resigns a battle: a chance search's decided score is an expectation over the dice
    (a loss nearly sure, not sure: a run of panic may still save it), and below the root the search leaves
    out the actions that seldom matter (``prune``), so a loss it sees is never proved."""

    def move_text(self, position: Battle, move: int) -> str:
        """The search's raw actions and rolls as text."""
        return SearchBattle(position).text(move)


AI = LionheartAI()
"""Lionheart's computer opponent."""
