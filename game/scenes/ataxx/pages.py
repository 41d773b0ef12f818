"""Ataxx's rules pages: the text of each page, its animated diagram, and the controls.

The generic rules screen (``game.scenes.rules``) shows any game's ``RulesPages``;
this is Ataxx's, from the registry entry's ``rules_pages``.
"""

from __future__ import annotations

from game.scenes.ataxx.diagrams import draw_diagram
from game.scenes.parts import MATCH_CONTROLS, RulesPages

__all__ = ["CONTROLS", "PAGES", "RULES_PAGES"]


# The controls page: a key (or gesture) and what it does.
CONTROLS: tuple[tuple[str, str], ...] = (
    ("Mouse", "point at a piece to see its moves, click it, click a square (or drag)"),
    ("Right click", "cancel the selection"),
    ("Arrows, Enter", "move the cursor, select the piece, play the square"),
    ("11-77, then a code", "keypad play: row and column, then 1-9 to clone, 5 and a direction to jump"),
    *MATCH_CONTROLS,
)

# (title, text, diagram): English keys, translated when drawn (the titles in the context "ataxx").
PAGES: tuple[tuple[str, str, str], ...] = (
    (
        "The goal",
        "Two players, {side} and {other}, take turns on a board of 7 by 7 squares. Each starts with two "
        "pieces in opposite corners, and {side} moves first.\nOwn more pieces than your opponent when "
        "the game ends.",
        "goal",
    ),
    (
        "Clone",
        "Move a piece to an empty square next to it: one of the 8 green squares around it. The "
        "piece stays where it was and a copy appears on the new square, so you gain a piece.",
        "clone",
    ),
    (
        "Jump",
        "Or move a piece two squares away: one of the 16 magenta squares of the outer ring. The "
        "piece leaves its square: you go further, but you leave a hole your opponent may take.",
        "jump",
    ),
    (
        "Infection",
        "After every move, each enemy piece touching the square you landed on turns to your "
        "colour: up to 8 at once. Pieces further away are not affected.",
        "infection",
    ),
    (
        "Destroyed squares",
        "Some levels have destroyed squares: nobody can land on them, but a jump can pass over "
        "them. Plan your way around them.",
        "blocks",
    ),
    (
        "Passing",
        "A player who cannot move passes, and only then: passing is never a choice. The other "
        "player moves again until a move opens up.",
        "passing",
    ),
    (
        "End of the game",
        "The game ends when the board is full, when a side has no pieces left, or when nobody can "
        "move. The side with more pieces wins; equal counts are a draw.\nThe same position three "
        "times, or 100 moves without a clone, is also a draw (the repetition rule can be turned "
        "off in the options).",
        "end",
    ),
    (
        "Early finish",
        "When one side is stuck and must pass while the other can fill every empty square by "
        "clones alone, the game ends at once: those squares go to the side that can reach them, "
        "and fill in before your eyes. The options can turn this rule off.",
        "early_finish",
    ),
    ("Controls", "", ""),
)


RULES_PAGES = RulesPages("HOW TO PLAY ATAXX", PAGES, CONTROLS, draw_diagram, context="ataxx")
"""Ataxx's pages, as the registry entry names them (``game.scenes.ataxx.pages:RULES_PAGES``)."""
