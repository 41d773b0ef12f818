"""The frozen reference player of issue 21 (``bench/baselines/``) plays, and depends on no search of ``game.ai``."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from game.engine.ataxx import Board
from game.engine.attangle import Board as AttangleBoard

BENCH = Path(__file__).resolve().parent.parent / "bench"
FROZEN = BENCH / "baselines" / "ataxx_master_2026_11"
FROZEN_ATTANGLE = BENCH / "baselines" / "attangle_master_2026_11"


@pytest.mark.parametrize(
    "path",
    [FROZEN / name for name in ("search.py", "evaluate.py", "limits.py")]
    + [FROZEN_ATTANGLE / name for name in ("alphabeta.py", "evaluate.py", "limits.py")],
    ids=lambda path: f"{path.parent.name}/{path.name}",
)
def test_the_frozen_masters_import_nothing_of_game_ai(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    imported += [
        alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names
    ]
    # A change to today's search never changes the reference.
    assert not [module for module in imported if module.startswith("game.ai")], imported


def test_the_frozen_master_finds_a_legal_move_and_takes_a_free_piece() -> None:
    sys.path.insert(0, str(BENCH))
    try:
        from baselines.ataxx_master_2026_11.limits import SearchLimits
        from baselines.ataxx_master_2026_11.search import Searcher
    finally:
        sys.path.remove(str(BENCH))
    board = Board()
    move, info = Searcher().search(board, SearchLimits(depth=2))
    assert move in board.legal_moves() and info is not None and info.depth == 2
    # Red to move can clone next to three Blue pieces: any sane search takes them.
    tactic = Board("x5o/7/7/7/7/1ooo3/x6 x 0 1")
    move, _ = Searcher().search(tactic, SearchLimits(depth=2))
    assert tactic.captures(move).bit_count() == 3


def test_the_frozen_attangle_master_finds_a_legal_move_and_builds_a_triple() -> None:
    sys.path.insert(0, str(BENCH))
    try:
        from baselines.attangle_master_2026_11.alphabeta import AlphaBeta
        from baselines.attangle_master_2026_11.evaluate import AttangleHeuristics
        from baselines.attangle_master_2026_11.limits import SearchLimits
    finally:
        sys.path.remove(str(BENCH))
    board = AttangleBoard()
    raw, info = AlphaBeta(AttangleHeuristics()).search(board, SearchLimits(depth=2))
    assert raw in board.raw_moves() and info.depth == 2
    # White's double on b2 and single on b4 both see Black's single on b3: taking it builds a triple.
    tactic = AttangleBoard(
        "-,-,-,-/-,bw,b,w,-/-,-,-,-,-,-/-,-,-,-,-,-,-/-,-,-,-,-,-/-,-,-,-,-/-,-,-,- w 15 16"
    )
    raw, _ = AlphaBeta(AttangleHeuristics()).search(tactic, SearchLimits(depth=2))
    move = tactic.move_from_raw(raw)
    tactic.push(move)
    assert move.is_capture and tactic.triples[0] == 1
