"""Ataxx in a terminal (seed 002): ``python main.py --text``.

The same engine, generic match, keypad codes, levels, saves and AI worker as
the windowed game, and no pygame: it runs where there is no display. ``cli``
reads the options and starts a game, ``play`` is the game at the keyboard
(``TextGame``), ``entry`` reads the cells, move codes and commands typed,
``console`` the lines in and out, ``screen`` draws the board in the seed's
``[ ]`` cells, and ``computer`` waits on the AI worker for the computer's moves.
"""

from __future__ import annotations

from game.text.cli import main

__all__ = ["main"]
