"""Differential test: random games played on our Board and on python-ataxx side by side.

python-ataxx names Red ``BLACK`` (``x``) and Blue ``WHITE`` (``o``); its moves come from
``Move.from_san``, its board has ``makemove``, ``undo``, ``legal_moves()``, ``gameover()``,
``result()`` and ``get_fen()``.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.engine.ataxx import SQUARES, Board, Move

ataxx = pytest.importorskip("ataxx")

SUITE_PATH = Path(__file__).parent / "data" / "perft_suite.txt"


def suite_fens() -> list[str]:
    fens = []
    for line in SUITE_PATH.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            fens.append(line.split(";")[0].strip())
    return fens


def random_layout(rng: random.Random) -> str:
    """A random position: some blocks, a few pieces per side, sometimes a late clock."""
    cells = ["1"] * 49
    free = list(SQUARES)
    rng.shuffle(free)
    blocks = rng.choice([0, 2, 4, 6, 8, 12, 16, 24, 32])
    reds = rng.randint(1, 4)
    blues = rng.randint(1, 4)
    for _ in range(blocks):
        cells[free.pop()] = "-"
    for _ in range(reds):
        cells[free.pop()] = "x"
    for _ in range(blues):
        cells[free.pop()] = "o"
    ranks = []
    for rank in range(6, -1, -1):
        text = ""
        run = 0
        for cell in cells[rank * 7 : rank * 7 + 7]:
            if cell == "1":
                run += 1
                continue
            if run:
                text += str(run)
                run = 0
            text += cell
        ranks.append(text + (str(run) if run else ""))
    side = rng.choice("xo")
    clock = rng.choice([0, 0, 0, 0, rng.randint(85, 99)])
    return f"{'/'.join(ranks)} {side} {clock} {rng.randint(1, 30)}"


def check_same_position(ours: Board, theirs: ataxx.Board) -> list[Move]:
    """Assert both boards agree on FEN, moves, game over and result; return our moves."""
    fen = ours.fen()
    assert theirs.get_fen() == fen
    moves = ours.legal_moves()
    assert len(moves) == len(set(moves)), fen
    assert {str(m) for m in moves} == {str(m) for m in theirs.legal_moves()}, fen
    over = ours.outcome(repetition=False) is not None
    assert over == theirs.gameover(), fen
    if over:
        outcome = ours.outcome(repetition=False)
        assert outcome is not None
        assert outcome.result() == theirs.result(), fen
        assert moves == []
    else:
        assert moves, fen
    return moves


def play_game(fen: str, rng: random.Random, max_plies: int = 400) -> int:
    """Play one random game on both boards; return the number of positions compared."""
    ours = Board(fen)
    theirs = ataxx.Board(fen)
    fens = [fen]
    positions = 0
    for _ in range(max_plies):
        moves = check_same_position(ours, theirs)
        positions += 1
        if not moves:
            break
        move = rng.choice(moves)
        ours.push(move)
        theirs.makemove(ataxx.Move.from_san(str(move)))
        assert theirs.get_fen() == ours.fen(), (fens[-1], str(move))
        fens.append(ours.fen())
        if rng.random() < 0.05 and len(fens) > 2:
            # take back one or two moves on both boards, then play on
            for _ in range(rng.randint(1, 2)):
                ours.pop()
                theirs.undo()
                fens.pop()
                assert ours.fen() == theirs.get_fen() == fens[-1]
    # unwind the whole game on both boards
    while len(fens) > 1:
        ours.pop()
        theirs.undo()
        fens.pop()
        assert ours.fen() == theirs.get_fen() == fens[-1]
    assert ours.move_stack == []
    return positions


def test_random_games_from_the_suite() -> None:
    rng = random.Random(1729)
    fens = [fen for fen in suite_fens() if Board(fen).legal_moves()]
    assert len(fens) == 7
    positions = 0
    for game in range(21):
        positions += play_game(fens[game % len(fens)], rng)
    assert positions > 2000


def test_random_games_from_random_layouts() -> None:
    rng = random.Random(31337)
    positions = 0
    for _ in range(60):
        positions += play_game(random_layout(rng), rng)
    assert positions > 2000


def test_game_over_positions_agree() -> None:
    fens = [
        "7/7/7/7/7/7/7 x 0 1",
        "x5o/7/7/7/7/7/o5x x 100 1",
        "x6/7/7/7/7/7/7 o 0 1",
        "7/7/7/7/7/7/6o x 0 1",
        "xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/ooooooo/ooooooo/oooooo- o 0 1",
        "xxxxxxx/xxxxxxx/xxxxxxx/xxx-ooo/ooooooo/ooooooo/ooooooo o 0 1",
        "x-----o/-------/-------/7/7/7/7 x 0 1",
        "xx----o/-------/-------/7/7/7/7 o 100 1",
        "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1",
        "x--4/---4/---4/7/7/7/6o x 0 1",
    ]
    for fen in fens:
        check_same_position(Board(fen), ataxx.Board(fen))


def test_random_layouts_are_varied() -> None:
    rng = random.Random(5)
    layouts = [random_layout(rng) for _ in range(50)]
    assert len(set(layouts)) == 50
    assert any("-" in fen.split()[0] for fen in layouts)
    for fen in layouts:
        assert Board(fen).fen() == fen
