"""Demonstration set-ups of each screen, for ``main.py --demo NAME`` (README pictures, visual checks)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from game.engine.ataxx import Board, Move, Side
from game.scenes.levelselect import LevelSelectScene, available_levels
from game.scenes.menu import MenuScene
from game.scenes.newgame import GameConfig, NewGameScene

if TYPE_CHECKING:
    from game.app import App

__all__ = ["greedy_move", "start_demo"]


def greedy_move(board: Board, rng: random.Random) -> Move:
    """A plausible move: the most infections, clones preferred, ties broken by ``rng``."""
    moves = board.legal_moves()

    def value(move: Move) -> tuple[int, float]:
        gain = board.captures(move).bit_count() + (1 if move.is_clone else 0)
        return gain, rng.random()

    return max(moves, key=value)


def start_demo(app: App, name: str) -> None:
    """Fill the stack with the screens leading to ``name``, in a state worth a picture."""
    from game.scenes.play import PlayScene

    app.push(MenuScene(app))
    if name == "menu":
        return
    from game.scenes.demo_extras import EXTRA_DEMOS, extras_demo

    if name in EXTRA_DEMOS:
        extras_demo(app, name)
        return
    if name == "attract":
        _attract_demo(app)
        return
    if name.startswith("editor"):
        from game.scenes.editor_demo import editor_demo

        editor_demo(app, name)
        return
    if name == "options":
        from game.scenes.options import OptionsScene

        app.push(OptionsScene(app))
        return
    if name == "help":
        from game.scenes.rules import RulesScene

        app.push(RulesScene(app))
        return
    app.push(NewGameScene(app))
    if name == "newgame":
        return
    config = GameConfig(vs_computer=True, level="skilled", human_side=Side.RED, first=Side.RED)
    app.push(LevelSelectScene(app, config))
    if name == "levels":
        return
    levels, _ = available_levels()
    level = levels[min(3, len(levels) - 1)]
    play = PlayScene(app, config, level)
    app.push(play)
    rng = random.Random(4)
    if name == "results":
        from game.engine.match import Match

        play.results_shown = True
        play.match = Match(
            play.match.start_fen, play.match.players, elapsed=263.0
        )  # a believable game length
        _play_out(play, rng)
        from game.scenes.results import ResultsScene

        app.push(ResultsScene(app, play))
        return
    for _ in range(12):
        if play.match.is_over or play.match.legal_moves() == [Move.null()]:
            break
        play.match.play(greedy_move(play.match.board, rng))
    board = play.match.board
    # Select the human's piece with the most places to go.
    best = max(
        (sq for sq in range(49) if board.side_at(sq) is board.turn),
        key=lambda sq: (board.clone_targets(sq) | board.jump_targets(sq)).bit_count(),
    )
    play.selected = best
    if name in ("keypad", "cursor"):
        _keyboard_demo(play, name, best)
    if name == "pause":
        from game.scenes.pause import PauseScene

        app.push(PauseScene(app, play))


def _play_out(play: object, rng: random.Random) -> None:
    """Play greedy moves to the end, the human's side a little greedier (a happy ending)."""
    match = play.match  # type: ignore[attr-defined]
    human = next(side for side in (Side.RED, Side.BLUE) if match.player(side).is_human)
    while not match.is_over:
        board = match.board
        if board.turn is human:
            move = greedy_move(board, rng)
        else:
            moves = board.legal_moves()
            move = rng.choice(moves) if rng.random() < 0.5 else greedy_move(board, rng)
        match.play(move)


def _keyboard_demo(play: object, name: str, selected: int) -> None:
    """The keypad codes around a selected piece, or the arrow-key cursor on a target."""
    from game.engine.ataxx import bits
    from game.engine.ataxx.keypad import cell_code

    keys = play.keys  # type: ignore[attr-defined]
    keys.update(0.0)  # take in the moves the demo played
    keys.entry.used = True
    keys.show_codes = name == "keypad"
    clones, jumps = play.targets(selected)  # type: ignore[attr-defined]
    if name == "keypad":
        keys.entry.digits = "5"
        keys.entry.say("Typed " + cell_code(selected))
        keys.entry.message = None
    else:
        keys.cursor = bits(jumps or clones)[0]
        keys.cursor_shown = True


def _attract_demo(app: App) -> None:
    """The kiosk's attract mode a dozen moves into a game."""
    from game.scenes.attract import AttractScene

    attract = AttractScene(app, random.Random(7))
    app.reset(attract)
    rng = random.Random(2)
    for _ in range(14):
        if attract.match.is_over or attract.match.legal_moves() == [Move.null()]:
            break
        attract.match.play(greedy_move(attract.match.board, rng))
