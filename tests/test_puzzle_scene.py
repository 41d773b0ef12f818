"""The puzzle screen through the real App, driven by posted mouse and key events, on collections of the
test's own (so the shipped collection may be mined again without changing these tests)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.driver import Driver
from game.engine import puzzles as puzzle_files
from game.engine.proof import Prover
from game.engine.stats import SolvedPuzzle, Statistics
from game.games import game
from game.scenes.menu import MenuScene
from game.scenes.puzzle import PuzzleScene, PuzzleState

ATAXX = game("ataxx").load_rules()
ATTANGLE = game("attangle").load_rules()

RED_WIN_IN_1 = """
[[puzzle]]
id = "red-win-in-1"
position = "xx-o-xx/x-x-o-x/-o-x-x-/o-x-x-1/-o-x-o-/o-x-x-o/oo-x-oo x 0 21"
solution = ["g4"]
moves = 1
grade = 1
tempting = 0
"""
BLUE_WIN_IN_2 = """
[[puzzle]]
id = "blue-win-in-2"
position = "oo-x-oo/o-o-x-o/-x-o-o-/x-o-o-x/-x-o-x-/x-o-x-1/xx-1-xx o 0 20"
solution = ["d1", "g4g2", "g4"]
moves = 2
grade = 3
tempting = 1
"""
BLUE_WIN_IN_1 = """
[[puzzle]]
id = "blue-win-in-1"
position = "oo-x-oo/o-o-x-o/-x-o-o-/x-o-o-1/-x-o-x-/x-o-o-x/xx-o-xx o 0 21"
solution = ["g4"]
moves = 1
grade = 2
tempting = 0
"""
ATTANGLE_WIN_IN_2 = """
[[puzzle]]
id = "white-win-in-2"
position = "bw,b,-,b/w,-,bwb,-,-/-,wbw,-,-,-,w/b,b,-,-,-,wwb,-/-,b,-,-,w,b/-,-,-,-,w/b,bbw,w,- w 6 4"
solution = ["b2", "a3", "a1,b2-a2"]
moves = 2
grade = 3
tempting = 1
"""


def _head(key: str) -> str:
    return f'game = "{key}"\nschema_version = 1\n'


@pytest.fixture
def collections(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test's own puzzles in place of the shipped ones: three for Ataxx, one for Attangle."""
    for key, text in (
        ("ataxx", RED_WIN_IN_1 + BLUE_WIN_IN_2 + BLUE_WIN_IN_1),
        ("attangle", ATTANGLE_WIN_IN_2),
    ):
        folder = tmp_path / key
        folder.mkdir()
        (folder / "1-test.toml").write_text(_head(key) + text, encoding="utf-8")
    (tmp_path / "lionheart").mkdir()
    monkeypatch.setattr(puzzle_files, "shipped_puzzles_dir", lambda key: tmp_path / key)
    return tmp_path


@pytest.fixture
def driver(collections: Path) -> Iterator[Driver]:
    driver = Driver.fast(game="ataxx", size=(640, 480))
    yield driver
    driver.app.close()


def _open_puzzles(driver: Driver) -> PuzzleScene:
    assert isinstance(driver.top, MenuScene)
    driver.press("puzzles")
    scene = driver.top
    assert isinstance(scene, PuzzleScene)
    scene.ensure_layout()
    return scene


def _settle(driver: Driver) -> None:
    driver.frames(12)


def _play(driver: Driver, text: str) -> None:
    scene = driver.top
    assert isinstance(scene, PuzzleScene)
    driver.play_move(scene.rules.parse_move(text))
    _settle(driver)


def test_a_new_player_solves_a_puzzle_after_a_wrong_try(driver: Driver, recorded: list[str]) -> None:
    scene = _open_puzzles(driver)
    assert scene.puzzle.id == "red-win-in-1" and scene.match.turn == 0
    driver.frames(2)
    assert "Red to play and win!" in recorded and "Win in 1 move" in recorded
    assert "PUZZLE 1 / 3" in recorded
    assert scene.panel.figures()[0] == ("Tries", "0")  # no try made yet
    start = scene.match.position_text()
    # A wrong move is shown, said, counted and taken back.
    wrong = next(move for move in scene.match.legal_moves() if str(move) != "g4")
    driver.play_move(wrong)
    _settle(driver)
    # (No animations here: the move was played and taken back at once.)
    assert scene.match.redo_moves == [wrong] and driver.app.audio.played[-1] == "invalid"
    assert scene.toast is not None and scene.toast[0] == "Not this one: try again"
    assert scene.state is PuzzleState.SOLVING and scene.match.position_text() == start and scene.tries == 1
    recorded.clear()
    driver.frames(1)
    assert "Tries" in recorded and "1" in recorded
    _play(driver, "g4")
    assert scene.state is PuzzleState.SOLVED and scene.match.is_over
    recorded.clear()
    driver.frames(1)
    assert "SOLVED!" in recorded and "Solved in 2 tries" in recorded
    progress = Statistics.load("ataxx").puzzles
    assert progress.solved == {"red-win-in-1": SolvedPuzzle(2, False)} and progress.streak == 0


def test_the_other_seat_replies_with_the_line_and_a_clean_solve_starts_a_streak(driver: Driver) -> None:
    scene = _open_puzzles(driver)
    driver.press("next_puzzle")
    assert scene.puzzle.id == "blue-win-in-2" and scene.seat == 1
    _play(driver, "d1")
    # Red's most stubborn reply came at once; Blue is to move again.
    assert [str(move) for move in scene.match.moves] == ["d1", "g4g2"] and scene.human_turn()
    _play(driver, "g4")
    assert scene.state is PuzzleState.SOLVED
    progress = Statistics.load("ataxx").puzzles
    assert progress.solved["blue-win-in-2"] == SolvedPuzzle(1, False)
    assert (progress.streak, progress.best_streak) == (1, 1)
    # Next opens the next puzzle from its start; the keyboard's N does too, and wraps round.
    driver.press("next_puzzle")
    assert scene.puzzle.id == "blue-win-in-1" and scene.state is PuzzleState.SOLVING and not scene.match.ply
    driver.key(pygame.K_n)
    assert scene.puzzle.id == "red-win-in-1"
    driver.key(pygame.K_p)
    assert scene.puzzle.id == "blue-win-in-1"


def test_a_try_is_counted_once_however_many_moves_it_takes(driver: Driver) -> None:
    scene = _open_puzzles(driver)
    scene.go_to(1)  # Blue wins in 2
    _play(driver, "d1")
    assert scene.tries == 1 and scene.match.ply == 2  # the reply came; the same try goes on
    wrong = next(move for move in scene.match.legal_moves() if not scene._wins(move))
    driver.play_move(wrong)
    _settle(driver)
    assert scene.tries == 1 and scene.match.ply == 2  # the miss was taken back: the next move is a new try
    _play(driver, "g4")
    assert scene.state is PuzzleState.SOLVED and scene.tries == 2


RED_WINS_BY_THE_EARLY_FINISH = """
[[puzzle]]
id = "red-early-finish"
position = "xxxxxoo/oxxoooo/xxx-ooo/xx---1x/x1x-ooo/1xxxooo/2xxooo x 0 37"
solution = ["f4"]
moves = 1
grade = 2
tempting = 3
"""


@pytest.mark.parametrize(("number", "move"), [(1, "g4"), (4, "f4")])
def test_solved_is_said_as_the_winning_move_lands(collections: Path, number: int, move: str) -> None:
    """With the animations on: no pause after the last move, and an early finish fills in under the banner."""
    (collections / "ataxx" / "2-fill.toml").write_text(
        _head("ataxx") + RED_WINS_BY_THE_EARLY_FINISH, encoding="utf-8"
    )
    driver = Driver.fast(game="ataxx", size=(640, 480), instant=False, animation="normal")
    try:
        scene = _open_puzzles(driver)
        scene.go_to(number - 1)
        driver.frames(2)
        driver.play_move(scene.rules.parse_move(move))
        assert scene.match.is_over and scene.board.busy  # the winning move is being shown
        assert driver.until(lambda: not scene.board.busy)
        driver.frames(1)
        assert scene.state is PuzzleState.SOLVED
    finally:
        driver.app.close()


def test_a_move_off_the_line_is_judged_by_a_proof(driver: Driver) -> None:
    scene = _open_puzzles(driver)
    scene.go_to(1)  # Blue wins in 2
    _play(driver, "d1")
    position = scene.match.position
    prover = Prover(ATAXX)
    winning = {str(move) for move in prover.winning_moves(position.copy(), 2)}
    judged = {str(move) for move in position.legal_moves() if scene._wins(move)}
    assert judged == winning and "g4" in winning


def test_a_hint_shows_the_winning_move_and_the_solve_counts_as_helped(driver: Driver) -> None:
    scene = _open_puzzles(driver)
    scene.go_to(1)
    driver.press("hint")
    assert str(scene.board.hint_move) == "d1" and scene.helped
    _play(driver, "d1")
    driver.key(pygame.K_h)
    assert str(scene.board.hint_move) == "g4"
    _play(driver, "g4")
    assert scene.state is PuzzleState.SOLVED
    assert Statistics.load("ataxx").puzzles.solved["blue-win-in-2"] == SolvedPuzzle(1, True)


def test_the_solution_is_played_out_and_the_puzzle_stays_unsolved(
    driver: Driver, recorded: list[str]
) -> None:
    scene = _open_puzzles(driver)
    scene.go_to(1)
    driver.press("solution")
    assert scene.state is PuzzleState.SHOWING and not scene.human_turn()
    assert driver.until(lambda: scene.state is PuzzleState.SHOWN, max_frames=200)
    assert [str(move) for move in scene.match.moves] == ["d1", "g4g2", "g4"] and scene.match.is_over
    recorded.clear()
    driver.frames(1)
    assert "The solution" in recorded
    assert not Statistics.load("ataxx").puzzles.solved
    # Retry: the puzzle from its start, a fresh attempt.
    driver.press("retry")
    assert (
        scene.state is PuzzleState.SOLVING and not scene.match.ply and scene.tries == 0 and not scene.helped
    )


def test_the_statistics_show_the_puzzles_solved(driver: Driver, recorded: list[str]) -> None:
    scene = _open_puzzles(driver)
    _play(driver, "g4")
    assert scene.state is PuzzleState.SOLVED
    driver.press("menu")
    assert isinstance(driver.top, MenuScene)
    recorded.clear()
    driver.press("statistics")
    driver.frames(1)
    assert "Puzzles solved: 1 of 3" in recorded and "Streak 1, best 1" in recorded


def test_the_puzzles_are_offered_where_a_game_has_them(driver: Driver) -> None:
    menu = driver.top
    assert isinstance(menu, MenuScene)
    for key, offered in (("attangle", True), ("lionheart", False), ("ataxx", True)):
        driver.click(menu.tile_centre(key))
        assert driver.button("puzzles").visible is offered, key


def test_an_attangle_puzzle_is_solved_on_its_own_board(driver: Driver) -> None:
    menu = driver.top
    assert isinstance(menu, MenuScene)
    driver.click(menu.tile_centre("attangle"))
    scene = _open_puzzles(driver)
    assert type(scene.board).__name__ == "AttangleBoard"
    assert scene.caption() == "White to play and win!"
    _play(driver, "b2")
    assert [str(move) for move in scene.match.moves] == ["b2", "a3"]
    _play(driver, "a1,b2-a2")
    assert scene.state is PuzzleState.SOLVED
    assert "white-win-in-2" in Statistics.load("attangle").puzzles.solved


def test_in_french_the_caption_is_the_seeds(
    collections: Path, user_data_dir: Path, recorded: list[str]
) -> None:
    user_data_dir.mkdir(parents=True, exist_ok=True)
    (user_data_dir / "settings.json").write_text('{"language": "fr"}', encoding="utf-8")
    driver = Driver.fast(game="ataxx", size=(640, 480))
    try:
        _open_puzzles(driver)
        driver.frames(1)
        assert "Rouge joue et gagne !" in recorded and "Gagner en 1 coup" in recorded
        assert "ÉNIGME 1 / 3" in recorded
    finally:
        driver.app.close()
        i18n.set_language("en")


def test_the_seat_is_named_as_the_palette_names_it(collections: Path, user_data_dir: Path) -> None:
    user_data_dir.mkdir(parents=True, exist_ok=True)
    (user_data_dir / "settings.json").write_text('{"palette": "neon"}', encoding="utf-8")
    driver = Driver.fast(game="ataxx", size=(640, 480))
    try:
        assert _open_puzzles(driver).caption() == "Gold to play and win!"
    finally:
        driver.app.close()


def test_damaged_puzzle_files_are_named_and_the_others_played(driver: Driver, collections: Path) -> None:
    (collections / "ataxx" / "2-broken.toml").write_bytes(b"\x00 not text")
    scene = _open_puzzles(driver)
    assert len(scene.puzzles) == 3 and scene.toast is not None
    assert scene.toast[0].startswith("1 puzzle could not be read: 2-broken.toml: binary data")


def test_a_collection_that_cannot_be_read_is_said_and_not_opened(driver: Driver, collections: Path) -> None:
    (collections / "ataxx" / "1-test.toml").write_text(
        'game = "ataxx"\nschema_version = 7\n', encoding="utf-8"
    )
    driver.press("puzzles")
    dialog = driver.top
    assert type(dialog).__name__ == "Dialog"
    assert "1-test.toml: written by a newer version" in " ".join(dialog.lines)  # type: ignore[attr-defined]
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, MenuScene)
