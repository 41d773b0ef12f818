"""PGN: round trips, python-ataxx compatibility, other programs' PGN, damaged text."""

from __future__ import annotations

import datetime
import random

import ataxx
import ataxx.pgn
import pytest

from game.engine.ataxx import STARTPOS, Board, Move
from game.engine.pgn import PgnError, PgnGame, parse_pgn, read_game_tag, read_tag, write_pgn
from game.games import game

DATE = datetime.date(2026, 11, 22)
RULES = game("ataxx").load_rules()


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
    pgn_game = PgnGame(
        tags={"Black": 'Ann "the" [best]', "White": "Computer (Master)", "Seat0Player": "human"},
        start=fen,
        moves=moves[:40],
        redo=moves[40:45],
    )
    text = write_pgn(pgn_game, RULES, date=DATE)
    assert '[Date "2026.11.22"]' in text
    loaded = parse_pgn(text, RULES)
    assert loaded.moves == moves[:40] and loaded.redo == moves[40:45]
    assert loaded.start == Board(fen).fen()
    assert loaded.tag("black") == 'Ann "the" [best]' and loaded.tag("Seat0Player") == "human"
    assert ("FEN" in loaded.tags) == (fen != STARTPOS)
    board = Board(fen)
    for move in moves[:40]:
        board.push(move)
    assert loaded.position(RULES).fen() == board.fen()


def test_move_numbers_count_full_moves_from_seat_0() -> None:
    text = write_pgn(
        PgnGame(start="x5o/7/7/7/7/7/o5x o 0 7", moves=[Move.from_uai(m) for m in ("f6", "b6", "b2")]),
        RULES,
        date=DATE,
    )
    assert text.splitlines()[-1] == "7... f6 8. b6 b2 *"
    text = write_pgn(PgnGame(moves=[Move.from_uai(m) for m in ("b6", "f6", "f2")]), RULES, date=DATE)
    assert text.splitlines()[-1] == "1. b6 f6 2. f2 *"


def test_tags_we_derive_are_never_taken_from_the_game() -> None:
    pgn_game = PgnGame(
        tags={"FEN": "7/7/7/7/7/7/7 x 0 1", "setup": "1", "Redo": "b6", "Result": "bad", "Bad Tag": "x"},
        moves=[Move.from_uai("b6")],
    )
    text = write_pgn(pgn_game, RULES, date=DATE)
    assert "FEN" not in text and "SetUp" not in text and "Redo" not in text and "Bad Tag" not in text
    assert '[Result "*"]' in text
    given = write_pgn(PgnGame(tags={"Result": "1-0"}), RULES, date=DATE)
    assert '[Result "1-0"]' in given and given.endswith("1-0\n")


@pytest.mark.parametrize("seed", range(8))
def test_python_ataxx_reads_our_pgn(seed: int) -> None:
    fen = [STARTPOS, "x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1"][seed % 2]
    moves = random_game(seed, fen, plies=400)
    text = write_pgn(PgnGame(tags={"Black": "Seat 0 player"}, start=fen, moves=moves), RULES, date=DATE)
    theirs = ataxx.pgn.parse(text)
    their_moves = [str(node.move) for node in theirs.main_line()]
    assert their_moves == [str(move) for move in moves]
    ours = Board(fen)
    for move in moves:
        ours.push(move)
    assert theirs.headers["Result"] == ours.result()
    assert theirs.headers["Black"] == "Seat 0 player"


def test_we_read_python_ataxx_pgn() -> None:
    board = ataxx.Board("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1")
    rng = random.Random(5)
    for _ in range(50):
        moves = board.legal_moves()
        if not moves:
            break
        board.makemove(rng.choice(moves))
    their_game = ataxx.pgn.Game()
    their_game.from_board(board)
    their_game.set_black("Them")
    loaded = parse_pgn(str(their_game), RULES)
    assert [str(m) for m in loaded.moves] == [str(m) for m in board.main_line()]
    assert loaded.position(RULES).fen() == board.get_fen()
    assert loaded.tag("Black") == "Them"


def test_other_programs_pgn_with_comments_variations_glyphs_and_capitals() -> None:
    text = """[Event "Club night"]
[site "Somewhere"]
[fen "x5o/7/7/7/7/7/o5x x 0 1"]
[SetUp "1"]

% an escape line
1. B6! {good start} f6 (1... f2 2. g2) 2. 2..F2?! ; a rest-of-line comment
2... a2 $1 3. A7C5 {done} 1/2-1/2
[Event "second game, ignored"]
1. f2
"""
    pgn_game = parse_pgn(text, RULES)
    assert [str(m) for m in pgn_game.moves] == ["b6", "f6", "f2", "a2", "a7c5"]
    assert pgn_game.comments == ["good start", "done"]
    assert pgn_game.tag("Site") == "Somewhere"


def test_reading_single_tags_cheaply() -> None:
    text = '% escape\n[Event "x"]\n[GAME "attangle"]\n[SchemaVersion "2"]\n\n1. b6 [Game "late"] *'
    assert read_game_tag(text) == "attangle" and read_tag(text, "schemaversion") == "2"
    assert read_game_tag('[Event "x"]\n\n1. b6\n[Game "second game"]') is None
    assert read_game_tag("") is None and read_game_tag("1. b6 *") is None


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
        ('[Redo "b6 b6"]\n1. b6 *', "bad Redo tag"),
        ('[Redo "f6 zz"]\n1. b6 *', "bad Redo tag"),
        ("1. b6 " * 200_000, "larger than"),
        ('[Event "Chess"]\n1. e4 e5 2. Nf3', "move 1 ('e4')"),
    ],
)
def test_damaged_pgn_is_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(PgnError) as caught:
        parse_pgn(text, RULES)
    assert reason in str(caught.value)


def test_writing_an_illegal_game_raises() -> None:
    with pytest.raises(ValueError, match="illegal move d4"):
        write_pgn(PgnGame(moves=[Move.from_uai("d4")]), RULES)
