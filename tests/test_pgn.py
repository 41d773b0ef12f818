"""PGN saves: round trips, python-ataxx compatibility, other programs' PGN, damaged text."""

from __future__ import annotations

import datetime
import random

import ataxx
import ataxx.pgn
import pytest

from game.engine.ataxx import STARTPOS, Board, Move
from game.engine.pgn import PgnError, PgnGame, parse_pgn, write_pgn

DATE = datetime.date(2026, 11, 22)


def random_game(seed: int, fen: str = STARTPOS, plies: int = 60) -> list[Move]:
    rng = random.Random(seed)
    board = Board(fen)
    moves = []
    while len(moves) < plies and board.legal_moves():
        move = rng.choice(board.legal_moves())
        board.push(move)
        moves.append(move)
    return moves


@pytest.mark.parametrize("fen", [STARTPOS, "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", "x5o/7/7/7/7/7/o5x o 0 7"])
def test_round_trip_with_tags_and_redo(fen: str) -> None:
    moves = random_game(3, fen)
    game = PgnGame(
        tags={"Black": 'Ann "the" [best]', "White": "Computer (Master)", "RedPlayer": "human"},
        start_fen=fen,
        moves=moves[:40],
        redo=moves[40:45],
    )
    text = write_pgn(game, date=DATE)
    assert '[Date "2026.11.22"]' in text
    loaded = parse_pgn(text)
    assert loaded.moves == moves[:40] and loaded.redo == moves[40:45]
    assert loaded.start_fen == Board(fen).fen()
    assert loaded.tag("black") == "Ann 'the' 'best'" and loaded.tag("RedPlayer") == "human"
    assert ("FEN" in loaded.tags) == (fen != STARTPOS)


@pytest.mark.parametrize("seed", range(8))
def test_python_ataxx_reads_our_pgn(seed: int) -> None:
    fen = [STARTPOS, "x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1"][seed % 2]
    moves = random_game(seed, fen, plies=400)
    text = write_pgn(PgnGame(tags={"Black": "Red player"}, start_fen=fen, moves=moves), date=DATE)
    theirs = ataxx.pgn.parse(text)
    their_moves = [str(node.move) for node in theirs.main_line()]
    assert their_moves == [str(move) for move in moves]
    assert theirs.headers["Result"] == Board(fen).result() or theirs.headers["Result"] in (
        "1-0",
        "0-1",
        "1/2-1/2",
        "*",
    )
    ours = Board(fen)
    for move in moves:
        ours.push(move)
    assert theirs.headers["Result"] == ours.result()


def test_we_read_python_ataxx_pgn() -> None:
    board = ataxx.Board("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1")
    rng = random.Random(5)
    for _ in range(50):
        moves = board.legal_moves()
        if not moves:
            break
        board.makemove(rng.choice(moves))
    game = ataxx.pgn.Game()
    game.from_board(board)
    game.set_black("Them")
    loaded = parse_pgn(str(game))
    assert [str(m) for m in loaded.moves] == [str(m) for m in board.main_line()]
    assert loaded.board().fen() == board.get_fen()
    assert loaded.tag("Black") == "Them"


def test_other_programs_pgn_with_comments_variations_and_glyphs() -> None:
    text = """[Event "Club night"]
[site "Somewhere"]
[FEN "x5o/7/7/7/7/7/o5x x 0 1"]
[SetUp "1"]

% an escape line
1. b6! {good start} f6 (1... f2 2. g2) 2. 2..f2?! ; a rest-of-line comment
2... a2 $1 3. a7c5 {done} 1/2-1/2
[Event "second game, ignored"]
1. f2
"""
    game = parse_pgn(text)
    assert [str(m) for m in game.moves] == ["b6", "f6", "f2", "a2", "a7c5"]
    assert game.comments == ["good start", "done"]
    assert game.tag("Site") == "Somewhere"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("   \n\n", "empty"),
        ("\x00\x01PK", "binary"),
        ('[Event "x"\n1. b6', "malformed tag"),
        ('[FEN "x5o/7/7 x 0 1"]\n1. b6', "bad FEN tag"),
        ("1. b6 f6 2. d4", "move 3 ('d4')"),
        ("1. b6 f6 2. zz", "move 3 ('zz')"),
        ("1. b6 f6 2. g1g1", "onto its own square"),
        ("1. b6 { unclosed", "never closed"),
        ("1. b6 ( f6", "never closed"),
        ("1. b6 )", "never opened"),
        ('[Redo "b6 b6"]\n1. b6', "bad Redo tag"),
        ("1. b6 " * 200_000, "larger than"),
        ('[Event "Chess"]\n1. e4 e5 2. Nf3', "move 1 ('e4')"),
    ],
)
def test_damaged_pgn_is_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(PgnError) as caught:
        parse_pgn(text)
    assert reason in str(caught.value)


def test_writing_an_illegal_game_raises() -> None:
    with pytest.raises(ValueError, match="illegal move d4"):
        write_pgn(PgnGame(moves=[Move.from_uai("d4")]))
