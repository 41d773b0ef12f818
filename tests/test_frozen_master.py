"""The frozen compiled Master (``bench/baselines/ataxx_master_2026_11_29``) is today's search, and stays it.

Its moves, scores and node counts at fixed depths are compared with a list
taken from the live ``game.ai.ataxx.search.Searcher`` at the commit it was
frozen from, not with the live search itself: the live search is meant to
change (issue 33 measures every change against this copy), and the copy must
not. The list proved the copy faithful on the day of the freeze; from then on it
proves the copy unchanged, whatever happens to ``game.ai``.
"""

from __future__ import annotations

import ast
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from game.ai import compiled
from game.engine.ataxx import Board
from game.engine.ataxx.bits import Z_BLUE_TO_MOVE, Z_FLIP, Z_PIECE

BENCH = Path(__file__).resolve().parent.parent / "bench"
FROZEN = BENCH / "baselines" / "ataxx_master_2026_11_29"

# (FEN, depth, move, score, nodes) of today's search, fresh, with a table of 2**16 slots, compiled or not.
TODAY = [
    ("x5o/7/7/7/7/7/o5x x 0 1", 4, "f1", 0, 353),
    ("x5o/7/7/7/7/7/o5x x 0 1", 6, "f1", -100, 13498),
    ("x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1", 6, "b1", -100, 10187),
    ("x1xoooo/1xx1oo1/xxx-3/1x-1-2/o2-3/o6/o5x x 0 8", 6, "d6", -100, 22136),
    ("xxo1o1o/x2ooo1/xoo1ooo/xoo4/1oo3x/ox4x/oo3xx x 0 13", 6, "b7d5", -600, 37426),
    ("xxx1ooo/x-x2-o/xx4x/x1o-1ox/xooooox/x-ooo-x/oooooxx o 0 16", 6, "b4", 200, 68783),
    ("oooxooo/oxxxooo/oxx1x2/1xx1x1x/oooxxxx/ooooox1/o1oo1xx x 0 19", 6, "d3b1", -700, 53004),
    ("oxooooo/1xooxxx/o1-1-xx/1o1-xxx/1o-1-xx/ooo1xxx/o1ooxxx o 0 16", 6, "b4d5", -500, 47391),
]


@pytest.fixture(scope="module")
def frozen() -> Iterator[dict[str, ModuleType]]:
    """The frozen copy's modules, imported as ``bench/strength.py`` imports them."""
    # numba reads NUMBA_CACHE_DIR once: loaded by the live search's rule first (see the copy's ``compiled``).
    compiled.numba_problem()
    sys.path.insert(0, str(BENCH))
    try:
        from baselines.ataxx_master_2026_11_29 import bits, limits, master, search
        from baselines.ataxx_master_2026_11_29 import compiled as frozen_compiled
    finally:
        sys.path.remove(str(BENCH))
    yield {"bits": bits, "compiled": frozen_compiled, "limits": limits, "master": master, "search": search}


def test_the_frozen_copy_imports_only_itself_and_the_rules_board() -> None:
    for path in sorted(FROZEN.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        absolute = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
        absolute += [
            alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names
        ]
        # A change to today's search (game.ai) or to the rules' bit functions never changes the reference.
        assert [module for module in absolute if module.startswith("game")] in ([], ["game.engine.ataxx"]), (
            path.name,
            absolute,
        )


def test_the_frozen_copy_keys_positions_as_the_rules_do(frozen: dict[str, ModuleType]) -> None:
    # The search takes the board's Zobrist hash at the root and updates it with its own copy of the keys.
    bits = frozen["bits"]
    assert (bits.Z_PIECE, bits.Z_FLIP, bits.Z_BLUE_TO_MOVE) == (Z_PIECE, Z_FLIP, Z_BLUE_TO_MOVE)


@pytest.mark.parametrize("use_numba", [False, True], ids=["python", "compiled"])
def test_the_frozen_master_searches_as_the_search_of_the_day_it_was_frozen(
    frozen: dict[str, ModuleType], use_numba: bool
) -> None:
    if use_numba and compiled.numba_problem() is not None:
        pytest.skip(f"no numba: {compiled.numba_problem()}")
    searcher_class, limits = frozen["search"].Searcher, frozen["limits"].SearchLimits
    for fen, depth, move, score, nodes in TODAY:
        board = Board(fen)
        searcher = searcher_class(compiled=use_numba, table_slots=1 << 16)
        found, info = searcher.search(board, limits(depth=depth))
        assert searcher.is_compiled == use_numba
        assert found in board.legal_moves() and board.fen() == fen
        assert (str(found), info.score, info.nodes, info.depth) == (move, score, nodes, depth), fen


def test_the_frozen_kernel_is_cached_in_a_folder_of_its_own(frozen: dict[str, ModuleType]) -> None:
    if compiled.numba_problem() is not None:
        pytest.skip(f"no numba: {compiled.numba_problem()}")
    from numba.core import config

    folder = frozen["compiled"]._cache_folder()
    assert folder is not None and folder.name.startswith(f"{FROZEN.name}-")
    assert frozen["search"].prepare_compiled(wait=True)
    assert list(folder.rglob("*.nbi"))
    # The live search's folder, which numba keeps for the live kernels, is where it was.
    assert config.CACHE_DIR == os.environ["NUMBA_CACHE_DIR"] == str(compiled._cache_folder())
    assert not list(FROZEN.rglob("*.nbi")) and not list(FROZEN.rglob("*.nbc"))


def test_the_frozen_master_plays_its_level_s_move(frozen: dict[str, ModuleType]) -> None:
    master = frozen["master"]
    assert master.budget() == 2.5 and master.budget(0.1, 0.1) == pytest.approx(0.065)
    searcher = frozen["search"].Searcher(compiled=False)
    # One legal move (a pass here) is played without a search.
    stuck = Board("xxxxxxx/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/oooooo1 x 0 1")
    assert master.choose_move(stuck, searcher, think_time=0.05, max_think_time=0.05).is_pass
    board = Board()
    move = master.choose_move(board, searcher, think_time=0.05, max_think_time=0.05)
    assert move in board.legal_moves() and board.fen() == Board().fen()
