"""Every shipped puzzle is proved again from scratch: exactly one move wins by force within its moves.

The proof is ``game.engine.puzzles.prove_puzzle``, a plain exhaustive search
on the game's own rules (``game.engine.proof``): the winning move wins within
the puzzle's plies and not sooner, and every other move fails to, even with
one move more (the player would be told "not this one" for a win). The miner
(``tools/mine_puzzles.py``) keeps only puzzles whose proof fits ``PROOF_NODES``
positions, so the whole collection is proved in seconds.
"""

from __future__ import annotations

import time

import pytest

from game.engine.puzzles import prove_puzzle, shipped_puzzles
from game.games import game

PROOF_NODES = 4_000
"""The most positions one puzzle's proof may visit (the miner's ``--proof-nodes``)."""
LEAST = {"ataxx": 100, "attangle": 30}
"""Issue 22: at least this many puzzles shipped per game."""


@pytest.mark.parametrize("key", sorted(LEAST))
def test_every_shipped_puzzle_is_proved(key: str) -> None:
    rules = game(key).load_rules()
    puzzles, errors = shipped_puzzles(rules)
    assert errors == [], [str(error) for error in errors]
    assert len(puzzles) >= LEAST[key]
    started = time.monotonic()
    nodes = 0
    failed = []
    for puzzle in puzzles:
        try:
            nodes += prove_puzzle(puzzle, rules, node_limit=PROOF_NODES)
        except ValueError as error:  # PuzzleProofError or ProofBudgetError: every failing puzzle is named
            failed.append(str(error))
    elapsed = time.monotonic() - started
    assert failed == []
    print(f"{key}: {len(puzzles)} puzzles proved in {elapsed:.1f} s, {nodes} positions")


@pytest.mark.parametrize("key", sorted(LEAST))
def test_the_collection_is_graded_from_easy_to_hard(key: str) -> None:
    puzzles, _ = shipped_puzzles(game(key).load_rules())
    grades = [puzzle.grade for puzzle in puzzles]
    assert grades == sorted(grades), "the collection opens with the easiest"
    assert len(set(grades)) >= 3 and {puzzle.moves for puzzle in puzzles} >= {1, 2}
    assert len({puzzle.position for puzzle in puzzles}) == len(puzzles)
