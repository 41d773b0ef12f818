"""Attangle's rules pages: the text of each page, its animated diagram, and the controls.

The generic rules screen (``game.scenes.rules``) shows any game's ``RulesPages``;
this is Attangle's (seed 004, as design.md resolves it), for the registry
entry's ``rules_pages``. The diagrams are in ``game.scenes.attangle.diagrams``.
"""

from __future__ import annotations

from game.scenes.attangle.diagrams import draw_diagram
from game.scenes.parts import MATCH_CONTROLS, RulesPages

__all__ = ["CONTROLS", "PAGES", "RULES_PAGES"]


# The controls page: a key (or gesture) and what it does.
CONTROLS: tuple[tuple[str, str], ...] = (
    ("Mouse", "click an empty point to place a piece from your reserve"),
    ("Point at an enemy stack", "shows the pairs of your stacks that can take it"),
    ("Click the target, then an attacker", "captures; or click the two attackers, then the target"),
    ("Right click", "cancel the selection"),
    ("Arrows, Enter", "move the cursor, choose the point under it"),
    *MATCH_CONTROLS,
)

# (title, text, diagram): English keys, translated when drawn (the titles in the context "attangle").
PAGES: tuple[tuple[str, str, str], ...] = (
    (
        "The goal",
        "Two players, {side} and {other}, have 18 pieces each and a hexagonal board of 37 points. {side} "
        "moves first, then the players take turns.\nBe the first to build three stacks three pieces "
        "high, each topped by your colour.",
        "goal",
    ),
    (
        "Placing a piece",
        "On your turn, you may put a piece from your reserve on any empty point.\nAny point but the "
        "centre, marked with a star: pieces may cross it, but nobody ever places one there.",
        "placing",
    ),
    (
        "Capturing",
        "Or take an enemy stack with two of yours. A single piece is a stack too, and you control a "
        "stack when your colour is on top.\nEach attacker must be the first stack seen along one of "
        "the target's six lines, over empty points; the two may even come from opposite sides. Both "
        "slide onto the target, then its top piece goes back to your reserve.",
        "capture",
    ),
    (
        "Taking a double",
        "Two of your singles may also take a double, an enemy stack two high.\nOnce the top piece "
        "has gone back to your reserve, the stack is three high and topped by your colour: a triple.",
        "double",
    ),
    (
        "A single and a double",
        "A single and a double of yours may take a single. The double lands first and the single "
        "last, so your colour is still on top once the top piece has gone back.\nOnly one double may "
        "take part in a capture: a stack is never more than three high.",
        "single_double",
    ),
    (
        "Lines and triples",
        "Pieces move in straight lines, over as many empty points as they like. Only the first stack "
        "along a line can attack: one hidden behind another cannot.\nTriples never move and are "
        "never taken: they stay on the board to the end of the game.",
        "lines",
    ),
    (
        "End of the game",
        "The first player to build their third triple wins at once. There is no draw.\nCapturing is "
        "compulsory only when your reserve is empty; a player who then cannot capture loses. You may "
        "resign at any time on your turn; it is customary once your opponent's third triple can no "
        "longer be stopped.",
        "end",
    ),
    (
        "Grand Attangle",
        "A larger board of 61 points and 27 pieces each, three of which start on the board.\nSeven "
        "points, marked with stars, can be crossed but never placed on. Five triples win.",
        "grand",
    ),
    ("Controls", "", ""),
)


RULES_PAGES = RulesPages("HOW TO PLAY ATTANGLE", PAGES, CONTROLS, draw_diagram, context="attangle")
"""Attangle's pages, as the registry entry names them (``game.scenes.attangle.pages:RULES_PAGES``)."""
