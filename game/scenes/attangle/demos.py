"""Attangle's own demonstrations for ``main.py --demo NAME``: a capture being chosen, and a game's end.

``capture`` is a game under way on the small board, the pointer on an enemy
stack that two of the player's stacks can take (the pairs drawn along their
lines); ``grand`` the same on Grand Attangle, with a target chosen.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from game.engine.attangle import Board, Move
from game.engine.match import Match, MatchConfig
from game.scenes.attangle.board import AttangleBoard
from game.scenes.level_cards import available_levels
from game.scenes.match import MatchScene

if TYPE_CHECKING:
    from game.scenes.services import Services

__all__ = ["DEMO_NAMES", "start_demo"]

DEMO_NAMES = ("capture", "grand")


def _lively(match: Match[Board, Move], rng: random.Random) -> None:
    """One move of a lively game: a capture that builds a triple, else often a capture, else a placement."""
    board = match.position
    moves = board.legal_moves()
    captures = [move for move in moves if move.is_capture]
    building = [
        move
        for move in captures
        if len(board.stack(move.target)) + sum(len(board.stack(name)) for name in move.attackers) == 4
    ]
    if building:
        match.play(rng.choice(building))
    elif captures and rng.random() < 0.5:
        match.play(rng.choice(captures))
    else:
        match.play(rng.choice([move for move in moves if not move.is_capture] or moves))


def start_demo(app: Services, name: str) -> bool:
    """Set up demonstration ``name`` over the menu; ``False`` if it is not one of Attangle's."""
    if name not in DEMO_NAMES:
        return False
    levels, _ = available_levels(app.game)
    level = levels[1 if name == "grand" else 0]
    config = MatchConfig(vs_computer=True, level="skilled", human_seat=0, first=0)
    scene = app.router.push("match", config, level)
    assert isinstance(scene, MatchScene) and isinstance(scene.board, AttangleBoard)
    match, view = scene.match, scene.board
    rng = random.Random(12 if name == "grand" else 8)
    # Play on until it is the player's turn with a capture to make, a triple or two on the board.
    while True:
        _lively(match, rng)
        board = match.position
        triples = sum(1 for stack in board.stacks if len(stack) == 3)
        if match.is_over:
            match.undo()
            break
        if match.turn == 0 and triples >= 2 and board.raw_captures() and match.ply > 24:
            break
    scene.ensure_layout()
    position = match.position
    targets: dict[int, int] = {}
    for raw in position.raw_captures():
        targets[raw & 63] = targets.get(raw & 63, 0) + 1
    target = max(targets, key=lambda point: (targets[point], -point))
    if name == "grand":
        view.selection = [target]
        view.hover = None
    else:
        view.hover = target
    return True
