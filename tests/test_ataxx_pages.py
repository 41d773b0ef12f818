"""Ataxx's rules diagrams show the real board: 7 by 7 as the text says, real positions, real moves.

The issue: the diagrams were 5 by 5 patches while the first page says "a board
of 7 by 7 squares". Each diagram is now the whole board, and what it shows is
checked here with the rules engine.
"""

from __future__ import annotations

import pygame
import pytest

from game.engine.ataxx import STARTPOS, Board, Cell, Move, Side, Termination, bits, parse_square
from game.engine.ataxx.rules import RULES
from game.scenes.ataxx import diagrams
from game.scenes.ataxx.diagrams import DIAGRAMS, MOVES, PERIOD, POSITIONS, cell_of, layout
from game.scenes.ataxx.pages import PAGES, RULES_PAGES
from game.ui.theme import Theme

BOARD_SIZE = len(STARTPOS.split()[0].split("/"))
"""The real board's squares along a side, read from the start position (7)."""


def _played(kind: str) -> Board:
    board = Board(POSITIONS[kind])
    for text in MOVES.get(kind, ()):
        board.push(Move.from_uai(text))  # a move the position does not allow raises here
    return board


@pytest.mark.parametrize("kind", sorted(DIAGRAMS))
def test_every_diagram_is_drawn_on_the_whole_board(
    ui: Theme, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    sizes: list[int] = []
    original = diagrams._Patch.__init__

    def patch(self: diagrams._Patch, surface: pygame.Surface, rect: pygame.Rect, n: int) -> None:
        sizes.append(n)
        original(self, surface, rect, n)

    monkeypatch.setattr(diagrams._Patch, "__init__", patch)
    for t in (0.0, 1.4, 2.5, PERIOD - 0.05):
        surface = pygame.Surface((400, 400))
        RULES_PAGES.draw_diagram(surface, pygame.Rect(20, 20, 360, 360), kind, t, ui)
    assert sizes and set(sizes) == {BOARD_SIZE}
    assert "7 by 7" in PAGES[0][1], "the text the diagrams must match"


def test_every_diagram_shows_a_real_position_and_plays_real_moves() -> None:
    assert set(POSITIONS) == set(DIAGRAMS)
    for kind in DIAGRAMS:
        _played(kind)
    assert cell_of("a7") == (0, 0) and cell_of("g1") == (BOARD_SIZE - 1, BOARD_SIZE - 1)


def test_the_goal_shows_the_start_position() -> None:
    assert layout(POSITIONS["goal"]) == {
        cell_of("a7"): Side.RED,
        cell_of("g1"): Side.RED,
        cell_of("g7"): Side.BLUE,
        cell_of("a1"): Side.BLUE,
    }


def test_the_infection_turns_exactly_the_pieces_it_shows_turning() -> None:
    before, after = Board(POSITIONS["infection"]), _played("infection")
    turned = {
        name
        for name in ("d5", "d4", "c3", "f2")
        if before.cell(parse_square(name)) is not after.cell(parse_square(name))
    }
    assert turned == {"d5", "d4", "c3"}


def test_the_pass_is_forced_and_no_early_finish_hides_it() -> None:
    board = Board(POSITIONS["passing"])
    assert RULES.forced_move(board) == Move.null()
    assert RULES.adjudicate(board, {"early_finish": True}) is None
    after = _played("passing")
    assert after.turn is Side.BLUE and after.legal_moves() != [Move.null()], "a move opens up for Blue"


def test_the_end_fills_the_board() -> None:
    outcome = _played("end").outcome()
    assert outcome is not None and outcome.termination is Termination.FULL_BOARD


def test_the_early_finish_fills_every_empty_square() -> None:
    board = Board(POSITIONS["early_finish"])
    adjudication = RULES.adjudicate(board, {"early_finish": True})
    assert adjudication is not None and adjudication.outcome.termination is Termination.EARLY_FINISH
    empty = {sq for sq in range(BOARD_SIZE * BOARD_SIZE) if board.cell(sq) is Cell.EMPTY}
    assert set(bits(adjudication.detail)) == empty
