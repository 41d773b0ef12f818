"""Puzzle files: reading and checking, what a damaged or hostile file gives, the proof of a puzzle's claim."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import puzzles as puzzle_files
from game.engine.ataxx import Move
from game.engine.proof import ProofBudgetError, Prover
from game.engine.puzzles import (
    MAX_PUZZLE_BYTES,
    Puzzle,
    PuzzleError,
    PuzzleProofError,
    dump_puzzles,
    grade_of,
    grade_puzzle,
    greedy_misses,
    greedy_moves,
    has_shipped_puzzles,
    load_puzzle_file,
    prove_puzzle,
    puzzle_id,
    puzzles_from_text,
    shipped_puzzles,
    solved_by_greedy,
    tempting_moves,
)
from game.games import game

ATAXX = game("ataxx").load_rules()
ATTANGLE = game("attangle").load_rules()

WIN_IN_2 = """
[[puzzle]]
id = "8aa166b783"
position = "oo-x-oo/o-o-x-o/-x-o-o-/x-o-o-x/-x-o-x-/x-o-x-1/xx-1-xx o 0 20"
solution = ["d1", "g4g2", "g4"]
moves = 2
grade = 3
tempting = 1
source = "casual against skilled on Checkerboard"
"""
WIN_IN_1 = """
[[puzzle]]
id = "9f12402b39"
position = "oo-x-oo/o-o-x-o/-x-o-o-/x-o-o-1/-x-o-x-/x-o-o-x/xx-o-xx o 0 21"
solution = ["g4"]
moves = 1
grade = 1
tempting = 0
"""
HEAD = 'game = "ataxx"\nschema_version = 1\n'
GOOD = HEAD + WIN_IN_1 + WIN_IN_2


def test_a_good_file_reads_into_checked_puzzles() -> None:
    found, errors = puzzles_from_text(GOOD, ATAXX, "good.toml")
    assert errors == []
    first, second = found
    assert (first.id, first.moves, first.plies, first.seat, first.solution) == (
        "9f12402b39",
        1,
        2,
        1,
        ("g4",),
    )
    assert (second.grade, second.tempting, second.source) == (3, 1, "casual against skilled on Checkerboard")
    # What is written reads back the same.
    again, _ = puzzles_from_text(dump_puzzles(found, ATAXX, header="a header\non two lines"), ATAXX)
    assert again == found


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("game = [", "not a valid puzzle file"),
        ('game = "attangle"\nschema_version = 1\n', "puzzles for 'attangle', not 'ataxx'"),
        ('game = "ataxx"\nschema_version = 9\n', "written by a newer version"),
        ('game = "ataxx"\nschema_version = "1"\n', "'schema_version' must be a whole number"),
        (HEAD, "no [[puzzle]] tables"),
        (HEAD + 'puzzle = "many"\n', "no [[puzzle]] tables"),
    ],
)
def test_a_file_that_cannot_be_used_is_refused_by_name(text: str, reason: str) -> None:
    with pytest.raises(PuzzleError, match=r"^grade-9\.toml: ") as caught:
        puzzles_from_text(text, ATAXX, "grade-9.toml")
    assert reason in str(caught.value)


def _with(field: str, value: str) -> str:
    lines = [line for line in WIN_IN_2.strip().splitlines() if not line.startswith(f"{field} =")]
    if value:
        lines.append(f"{field} = {value}")
    return HEAD + WIN_IN_1 + "\n" + "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("id", "", "missing 'id'"),
        ("id", '"Not An Id!"', "'id' must be up to 40 small letters"),
        ("position", '"x5o/7/7"', "bad position"),
        ("position", '"x5o/7/7/7/7/7/o5x x 0 1"', "move 1 of the solution (d1): illegal move d1"),
        ("solution", '["d1", "g4g2"]', "a solution of 2 move(s) has 3 or 4 entries, not 2"),
        ("solution", '["d1", "a1a2", "g4"]', "move 2 of the solution (a1a2)"),
        ("solution", '["d1", "g4g2", "zz"]', "move 3 of the solution (zz)"),
        ("solution", '["d1", 5, "g4"]', "the solution must be moves as text"),
        ("solution", '"d1"', "'solution' must be list"),
        ("moves", "4", "'moves' must be from 1 to 3"),
        ("moves", "true", "'moves' must be a whole number"),
        ("grade", "0", "'grade' must be from 1 to 5"),
        ("tempting", "-1", "'tempting' must be from 0 to 999"),
        ("source", "12", "'source' must be text"),
        ("source", '"a\\u0007bell"', "'source' contains control characters"),
    ],
)
def test_a_bad_puzzle_is_reported_by_its_place_and_the_others_stay(
    field: str, value: str, reason: str
) -> None:
    found, errors = puzzles_from_text(_with(field, value), ATAXX, "2-easy.toml")
    assert [puzzle.id for puzzle in found] == ["9f12402b39"]
    (error,) = errors
    assert str(error).startswith("2-easy.toml, puzzle 2") and reason in str(error), str(error)


def test_a_line_that_wins_before_its_end_or_a_game_already_over_is_refused() -> None:
    over = HEAD + WIN_IN_1.replace(
        "oo-x-oo/o-o-x-o/-x-o-o-/x-o-o-1/-x-o-x-/x-o-o-x/xx-o-xx o 0 21",
        "oo-x-oo/o-o-x-o/-x-o-o-/x-o-o-o/-x-o-x-/x-o-o-x/xx-o-xx x 0 21",
    )
    _, errors = puzzles_from_text(over, ATAXX)
    assert "the game is already over" in str(errors[0])
    early = HEAD + WIN_IN_1.replace('["g4"]', '["g4", "0000"]')
    _, errors = puzzles_from_text(early, ATAXX)
    assert "the game is over before move 2 of the solution" in str(errors[0])
    unfinished = HEAD + WIN_IN_2.replace(
        "oo-x-oo/o-o-x-o/-x-o-o-/x-o-o-x/-x-o-x-/x-o-x-1/xx-1-xx o 0 20", "x5o/7/7/7/7/7/o5x x 0 1"
    ).replace('["d1", "g4g2", "g4"]', '["b6", "b2", "c6"]')
    _, errors = puzzles_from_text(unfinished, ATAXX)
    assert "the solution does not end the game won by the seat to move" in str(errors[0])


def _folder(tmp_path: Path, files: dict[str, bytes | str]) -> Path:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    for name, content in files.items():
        path = folder / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return folder


def test_damaged_files_are_named_with_the_reason_and_the_good_ones_played(tmp_path: Path) -> None:
    folder = _folder(
        tmp_path,
        {
            "1-good.toml": GOOD,
            "2-binary.toml": b"\x00\x01\x02junk",
            "3-latin1.toml": HEAD.encode() + b"# caf\xe9\n",
            "4-huge.toml": HEAD + "#" * (MAX_PUZZLE_BYTES + 1),
            "5-again.toml": HEAD + WIN_IN_1,
        },
    )
    (folder / "6-folder.toml").mkdir()
    found, errors = shipped_puzzles(ATAXX, folder)
    assert [(puzzle.number, puzzle.id) for puzzle in found] == [(1, "9f12402b39"), (2, "8aa166b783")]
    messages = [str(error) for error in errors]
    assert messages[0].startswith("2-binary.toml: binary data")
    assert messages[1].startswith("3-latin1.toml: not UTF-8 text")
    assert messages[2].startswith("4-huge.toml: file is larger than")
    assert messages[3] == "5-again.toml: puzzle 9f12402b39 comes twice"
    assert messages[4].startswith("6-folder.toml: not a regular file")
    assert all(error.path is not None for error in errors)
    with pytest.raises(PuzzleError, match=r"missing\.toml"):
        load_puzzle_file(folder / "missing.toml", ATAXX)


def test_the_menu_offers_the_puzzles_of_a_game_that_ships_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert has_shipped_puzzles("ataxx") and has_shipped_puzzles("attangle")
    assert not has_shipped_puzzles("lionheart")
    monkeypatch.setattr(puzzle_files, "shipped_puzzles_dir", lambda key: tmp_path / "nowhere")
    assert not has_shipped_puzzles("ataxx") and shipped_puzzles(ATAXX) == ([], [])


@settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mangled_files_give_puzzle_errors_only(data: st.DataObject) -> None:
    text = GOOD
    for _ in range(data.draw(st.integers(1, 6))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 8))
        insert = data.draw(st.text(alphabet='x o-/0123456789[]"=,\n#abcdefg', max_size=8))
        text = text[:at] + insert + text[at + cut :]
    try:
        found, errors = puzzles_from_text(text, ATAXX, "fuzz.toml")
    except PuzzleError as error:
        assert str(error).startswith("fuzz.toml")
        return
    assert all(isinstance(error, PuzzleError) and str(error).startswith("fuzz.toml") for error in errors)
    for puzzle in found:  # whatever was read back is a puzzle whose line ends won
        assert puzzle.solution and 1 <= puzzle.moves <= 3


SOUND = (
    HEAD
    + """
[[puzzle]]
id = "3087c6a32b"
position = "ooxoooo/ooxxoxx/o--x--o/xxoxxoo/x--x--x/1ooxoxx/oooxoxx x 0 33"
solution = ["a2"]
moves = 1
grade = 1
tempting = 0

[[puzzle]]
id = "40b4c6e4f6"
position = "oxoxxo1/ooxxxoo/ooxxxoo/xxxxxxx/xxxxxoo/oxxxxoo/oxxxooo x 0 37"
solution = ["e7g7", "f5e7", "f5"]
moves = 2
grade = 3
tempting = 2
"""
)
"""Two puzzles whose every claim holds, one move more included."""


def test_the_proof_of_a_puzzle() -> None:
    (first, second), _ = puzzles_from_text(SOUND, ATAXX)
    assert 0 < prove_puzzle(first, ATAXX) < prove_puzzle(second, ATAXX)
    with pytest.raises(ProofBudgetError):
        prove_puzzle(second, ATAXX, node_limit=5)
    # Another first move: refused, naming the moves that do win.
    other = next(move for move in ATAXX.new_position(second.position).legal_moves() if str(move) != "e7g7")
    wrong = dataclasses.replace(second, solution=(str(other), "f5e7", "f5"))
    with pytest.raises(PuzzleProofError, match=rf"win within 4 plies are e7g7, not {other} alone"):
        prove_puzzle(wrong, ATAXX)
    with pytest.raises(PuzzleProofError, match="a1a3 is not a legal move"):
        prove_puzzle(dataclasses.replace(second, solution=("a1a3", "f5e7", "f5")), ATAXX)
    # A puzzle said to take two moves that one move wins.
    longer = dataclasses.replace(first, moves=2)
    with pytest.raises(PuzzleProofError, match="it is shorter than 2 moves"):
        prove_puzzle(longer, ATAXX)


def test_the_greedy_player_takes_the_most_pieces_at_once() -> None:
    board = ATAXX.new_position("7/7/7/2xo3/3o3/7/7 x 0 1")
    # c3 and the jumps to e3 and e4 take both blue pieces: a clone and a jump that take as many are alike.
    assert sorted(str(move) for move in greedy_moves(ATAXX, board)) == ["c3", "c4e3", "c4e4"]
    capture = Puzzle("t", "ataxx", board.fen(), ("c3",), 1, 1, 0, 0)
    assert solved_by_greedy(capture, ATAXX)
    assert solved_by_greedy(dataclasses.replace(capture, solution=("c4e3",)), ATAXX)  # a tie counts as found
    assert not solved_by_greedy(dataclasses.replace(capture, solution=("d5",)), ATAXX)  # a clone taking less
    assert tempting_moves(ATAXX, board, Move.from_uai("d5")) == 3
    # Attangle: a capture that builds a triple first, then any capture, then a placement.
    board = ATTANGLE.new_position(
        "-,-,-,-/-,-,-,-,-/-,w,b,bw,-,-/-,-,-,-,-,-,-/w,b,w,-,-,-/-,-,-,-,-/-,-,-,- w 14 15"
    )
    assert [str(move) for move in greedy_moves(ATTANGLE, board)] == ["c2,c4-c3"]


def test_what_the_greedy_player_misses_grades_a_puzzle() -> None:
    text = (
        'game = "ataxx"\nschema_version = 1\n[[puzzle]]\nid = "978733e06f"\n'
        'position = "1xxooo1/x--x--o/x-oxx-o/xooxxxo/x-oxx-x/x--o--o/xxxoooo x 0 42"\n'
        'solution = ["a7", "g5g7", "g5"]\nmoves = 2\ngrade = 1\ntempting = 0\n'
    )
    (puzzle,), _ = puzzles_from_text(text, ATAXX)
    # The clone to a7 takes nothing and wins; the jump e5g7 takes two pieces, and the greedy player loses with it.
    position = ATAXX.new_position(puzzle.position)
    assert tempting_moves(ATAXX, position, ATAXX.parse_move("a7")) == 1
    assert not solved_by_greedy(puzzle, ATAXX) and greedy_misses(puzzle, ATAXX) == 1
    graded = grade_puzzle(puzzle, ATAXX)
    assert (graded.tempting, graded.grade) == (1, 2)
    # c4 is the last empty square: the clone there takes as many as the winning jump a4c4 and ends the
    # game unwon. The greedy player may choose either: a tie is solved, grade 1.
    tie = dataclasses.replace(
        puzzle,
        position="xooooxx/xooooxx/x--x--x/xx1xxox/x--o--o/xoooooo/xooooox x 0 43",
        solution=("a4c4", "b2a4", "b2"),
    )
    assert solved_by_greedy(tie, ATAXX) and greedy_misses(tie, ATAXX) == 0
    assert grade_puzzle(tie, ATAXX).grade == 1 and grade_of(3, 3, 9, greedy=False) == 5


def test_a_position_where_several_moves_win_is_no_puzzle() -> None:
    text = "7/7/7/2xo3/7/7/7 x 0 1"  # any clone or jump next to the lone blue piece takes it
    puzzle = Puzzle(puzzle_id("ataxx", text), "ataxx", text, ("d5",), 1, 1, 0, 0)
    with pytest.raises(PuzzleProofError, match=r"the moves that win within 2 plies are .*, not d5 alone"):
        prove_puzzle(puzzle, ATAXX)
    winners = Prover(ATAXX).winning_moves(ATAXX.new_position(text), 2)
    assert len(winners) == 7  # 4 clones and 3 jumps reach a square next to d4


def test_a_wrong_move_that_wins_one_move_later_spoils_the_puzzle() -> None:
    # g6 wins at once; g4g6 wins too, a move later: the player would hear "not this one" for a win.
    text = "oo-o-xx/o-o-x-1/-o-x-x-/x-x-x-x/-o-o-x-/x-o-o-x/xo-o-xx x 0 20"
    puzzle = Puzzle(puzzle_id("ataxx", text), "ataxx", text, ("g6",), 1, 1, 0, 0)
    with pytest.raises(PuzzleProofError, match=r"g4g6 also win\(s\) by force within 4 plies"):
        prove_puzzle(puzzle, ATAXX)
    # Here the later wins need the early finish: proved under the game's usual rules, they count.
    text = "oo1oxxx/oooooxx/xx-o-xx/xxooxxx/oo-o-xx/oooxxxx/oooxxxx x 0 38"
    puzzle = Puzzle(puzzle_id("ataxx", text), "ataxx", text, ("e7c7", "d5e7", "d5"), 2, 1, 0, 0)
    with pytest.raises(PuzzleProofError, match=r"a5c7, b5c7 also win\(s\) by force within 6 plies"):
        prove_puzzle(puzzle, ATAXX)
    assert Prover(ATAXX, {"early_finish": False}).winning_moves(ATAXX.new_position(text), 6) == [
        Move.from_uai("e7c7")
    ]


def test_an_attangle_puzzle_reads_and_proves() -> None:
    text = (
        'game = "attangle"\nschema_version = 1\n[[puzzle]]\nid = "713630be9c"\n'
        'position = "-,wb,b,-/-,b,bbw,w,b/-,wb,bw,-,w,-/b,-,-,-,-,wwb,-/b,-,-,-,bw,w/wb,-,wbw,w,w/bw,b,b,w w 1 1"\n'
        'solution = ["f2", "a1", "f2,g1-g2"]\nmoves = 2\ngrade = 4\ntempting = 13\n'
    )
    (puzzle,), errors = puzzles_from_text(text, ATTANGLE)
    assert errors == [] and puzzle.seat == 0
    assert prove_puzzle(puzzle, ATTANGLE) > 0
