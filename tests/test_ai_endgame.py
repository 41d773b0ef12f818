"""The Ataxx search proves endgames: a result it calls exact is the game's result with best play."""

from __future__ import annotations

import random

import pytest

from game.ai.ataxx.search import Searcher, SearchLimits, is_win_score
from game.engine.ataxx import Board

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search

BRUTE_FORCE_NODES = 20_000


class TooBig(Exception):
    """The brute force gave up: the position has too many lines to walk them all in a test."""


def game_result(
    board: Board, line: frozenset[int], seen: dict[tuple[int, int, frozenset[int]], int], budget: list[int]
) -> int:
    """+1, 0 or -1 for the side to move, with best play, found by walking every line.

    ``line``: the positions since the last clone, before this one.

    Written without the search: the rules' own ``outcome`` (repetition aside),
    and a position met again since the last clone is a draw (the search's
    convention for repetitions, which cannot tell the third time from the second).
    """
    key = (board.hash, board.halfmove_clock, line)
    if key in seen:
        return seen[key]
    budget[0] -= 1
    if budget[0] < 0:
        raise TooBig
    outcome = board.outcome(repetition=False)
    if outcome is not None:
        value = 0 if outcome.winner is None else 1 if outcome.winner == board.turn else -1
    elif board.hash in line:
        value = 0
    else:
        value = -1
        before = line | {board.hash}  # the positions a reply must not bring back
        for move in board.legal_moves():
            board.push(move)
            child = -game_result(board, frozenset() if move.is_clone else before, seen, budget)
            board.pop()
            value = max(value, child)
            if value == 1:
                break
    seen[key] = value
    return value


def small_board(rng: random.Random) -> Board:
    """A random corner of six to nine squares, the rest blocked; the half-move clock near 100 keeps lines short."""
    cells = [["-"] * 7 for _ in range(7)]
    for row, column in rng.sample(
        [(row, column) for row in range(3) for column in range(4)], rng.randint(6, 9)
    ):
        cells[row][column] = rng.choice("xxoo..")
    ranks = []
    for row in cells:
        text = "".join(row)
        for run in range(7, 0, -1):
            text = text.replace("." * run, str(run))
        ranks.append(text)
    return Board("/".join(ranks) + f" {rng.choice('xo')} 92 60")


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_proved_result_is_the_games_result_found_by_walking_every_line(seed: int) -> None:
    rng = random.Random(seed)
    searcher = Searcher()
    compared = proved = 0
    while compared < 40:
        try:
            board = small_board(rng)
        except ValueError:  # a corner without a piece of each side
            continue
        if board.outcome() is not None:
            continue
        searcher.new_game()
        _, info = searcher.search(board, SearchLimits(depth=30))
        try:
            truth = game_result(board, frozenset(), {}, [BRUTE_FORCE_NODES])
        except TooBig:
            continue
        compared += 1
        if info.exact:
            proved += 1
            said = 0 if info.score == 0 else 1 if info.score > 0 else -1
            assert said == truth, (board.fen(), info)
    assert proved >= 30  # most of these small endgames are proved well within 30 plies


def test_an_endgame_is_proved_and_the_search_stops_there() -> None:
    # Three empty squares: every line that matters reaches the end of the game within ten plies.
    board = Board("xoxoxoo/xoxoxxx/xxxoooo/xxxxxxo/xxxxxxo/oxx2xo/oo1oxoo o 0 41")
    infos = []
    _, last = Searcher().search(board, SearchLimits(depth=40), on_info=infos.append)
    assert last.exact and is_win_score(last.score)
    assert last.depth < 40 and [info.exact for info in infos].count(True) == 1


def test_a_middlegame_score_is_never_called_exact() -> None:
    board = Board("x3xoo/1x2xoo/2-1-2/o6/ox-o-2/xxoooxx/xxxxx2 x 2 16")
    infos = []
    Searcher().search(board, SearchLimits(depth=5), on_info=infos.append)
    assert len(infos) == 5 and not any(info.exact for info in infos)


def test_a_stuck_side_is_lost_only_if_the_opponent_can_end_the_game_by_clones() -> None:
    # After c6 a7b5 d7d5 b5d7 b5, Blue (d7) is stuck and Red leads 4 to 1, but Red has no clone, only a
    # jump to a7 that frees Blue. Walking every line says the position is a draw, not a win in 5.
    board = Board("o--x---/--1----/-1o1---/-------/-------/-------/------- x 92 60")
    _, info = Searcher().search(board, SearchLimits(depth=30))
    assert info.exact and info.score == 0
    assert game_result(board, frozenset(), {}, [BRUTE_FORCE_NODES]) == 0
