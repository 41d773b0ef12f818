"""Ataxx in a terminal (``python main.py --text``, seed 002): whole games typed through stdin.

Most games run in this process, with the streams and the pause injected (no
sleeping); a few run ``main.py`` in a subprocess where pygame cannot be
imported, to show the terminal version starts on a machine with no display.
"""

from __future__ import annotations

import io
import os
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from waiting import HANG

from game.ai.worker import AIState, AIStatus
from game.engine import saves
from game.engine.ataxx import Board, Move
from game.engine.ataxx.keypad import cell_code, code_for_offset
from game.engine.ataxx.rules import RULES
from game.engine.levels import LevelError
from game.engine.match import Match, MatchConfig, Player
from game.i18n import set_language
from game.text.cli import find_level, main, parse_args
from game.text.computer import ATTEMPTS, Computer, ComputerError
from game.text.play import TextGame
from game.text.screen import Picture, Style, board_lines, code_grid_lines

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search

ROOT = Path(__file__).resolve().parent.parent

# Red on 11 walled in by blocks (it cannot move), a block on 12 and on 66, Red free on 77.
WALLED = "x--3o/---4/---4/7/7/5-1/o5x x 0 1"
# One row of four: Red clones to 12, Blue clones to 13 and infects it; the board is then full.
ROW_OF_FOUR = "x2o---/-------/-------/-------/-------/-------/------- x 0 1"
# Blue on 11 walled in; a pocket on 71 that only a jump reaches (so no early finish): Blue must pass.
BLUE_STUCK = "o--x3/---4/---4/7/7/--5/1-5 x 0 1"
# The same without the pocket: once Blue is stuck, Red can fill the rest by clones (early finish).
BLUE_STUCK_OPEN = "o--x3/---4/---4/7/7/7/7 x 0 1"
# Three open rows for a short game against the computer.
SMALL = "x5o/7/o5x/-------/-------/-------/------- x 0 1"


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    set_language("en")


def write_level(folder: Path, name: str, fen: str) -> Path:
    """A level file called ``name`` with position ``fen`` in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name.lower().replace(' ', '-')}.toml"
    path.write_text(
        f'game = "ataxx"\nschema_version = 2\nname = "{name}"\ndescription = ""\nauthor = "test"\nfen = "{fen}"\n',
        encoding="utf-8",
    )
    return path


def run(
    script: str, *args: str, pauses: list[float] | None = None, stdout: io.StringIO | None = None
) -> tuple[int, str]:
    """Play ``script`` (lines typed) with ``args``; the exit code and everything written."""
    output = stdout if stdout is not None else io.StringIO()
    code = main(
        list(args),
        stdin=io.StringIO(script),
        stdout=output,
        sleep=(pauses.append if pauses is not None else lambda seconds: None),
    )
    return code, output.getvalue()


def lines(*typed: str) -> str:
    return "".join(f"{text}\n" for text in typed)


def level_file(tmp_path: Path, fen: str) -> str:
    return str(write_level(tmp_path / "levels", "Test board", fen))


# -- the board --


def test_the_board_is_drawn_in_the_seeds_cells_with_row_and_column_numbers() -> None:
    drawn = board_lines(Picture.of(Board(WALLED)), Style(colour=False))
    assert drawn[0].split() == ["1", "2", "3", "4", "5", "6", "7"]
    assert drawn[1] == " 1  [x] [#] [#] [ ] [ ] [ ] [o]"
    assert drawn[6] == " 6  [ ] [ ] [ ] [ ] [ ] [#] [ ]"
    assert drawn[7] == " 7  [o] [ ] [ ] [ ] [ ] [ ] [x]"


def test_a_chosen_piece_is_yellow_its_clone_targets_green_and_its_jump_targets_magenta() -> None:
    picture = Picture.selection(Board(), 0 * 7 + 6)  # g1, row 7 column 7
    plain = board_lines(picture, Style(colour=False))
    assert plain[5].endswith("[ ] [*] [*] [*]") and plain[6].endswith("[*] [+] [+]")
    assert plain[7].endswith("[*] [+] (x)")
    coloured = board_lines(picture, Style(colour=True))
    yellow, green, magenta = "\033[30;103m[x]", "\033[30;102m[+]", "\033[30;105m[*]"
    assert coloured[7].endswith(f"{magenta}\033[0m {green}\033[0m {yellow}\033[0m")
    assert coloured[1].count("\033[1;94mo") == 1 and "\033[1;91mx" in coloured[1]  # red and blue pieces


def test_the_code_grid_shows_only_the_codes_a_piece_can_play() -> None:
    board = Board(WALLED)
    grid = code_grid_lines(Style(colour=False), board, 0 * 7 + 6)  # from 77, the bottom right corner
    assert grid[0].split() == ["57", "587", "58", ".", "."]
    assert grid[1].split() == ["547", ".", "8", ".", "."]  # 7 lands on the block at 66
    assert grid[2].split() == ["54", "4", "[5]", ".", "."]
    assert all(row.split() == [".", ".", ".", ".", "."] for row in grid[3:])
    full = code_grid_lines(Style(colour=False))
    assert [row.split() for row in full][1] == ["547", "7", "8", "9", "569"]


# -- whole games through stdin --


def test_a_whole_game_with_an_infection_shown_in_steps(tmp_path: Path) -> None:
    pauses: list[float] = []
    code, out = run(
        lines("11", "6", "14", "4"),
        "--level-file",
        level_file(tmp_path, ROW_OF_FOUR),
        "--delay",
        "0.5",
        pauses=pauses,
    )
    assert code == 0
    assert pauses == [0.5, 0.5]  # after the move, and after the infected piece is shown
    rows = [line for line in out.splitlines() if line.startswith(" 1  ")]
    assert rows[-3:] == [
        " 1  [x] [x] (o) [o] [#] [#] [#]",  # step 1: Blue's clone lands on 13
        " 1  [x] {x} (o) [o] [#] [#] [#]",  # step 2: the piece on 12 about to change sides
        " 1  [x] [o] [o] [o] [#] [#] [#]",  # step 3: flipped (the final board)
    ]
    # The steps' counts are those of the board drawn: Blue's piece landed, Red's not yet infected.
    assert out.count("x Red: 2 pieces   o Blue: 2 pieces") == 2
    assert "[red] - plays 11 -> 12 (code 6)." in out
    assert out.index("[blue] - plays 14 -> 13 (code 4).") < out.index("[blue] - infects the opponent!")
    end = out[out.index("The game is over.") :]
    assert "The board is full." in end and "Red: 1 piece" in end and "Blue: 3 pieces" in end
    assert "Blue wins! (1 move)" in end


def test_no_delay_means_no_pause(tmp_path: Path) -> None:
    pauses: list[float] = []
    code, out = run(
        lines("11", "6", "14", "4"),
        "--level-file",
        level_file(tmp_path, ROW_OF_FOUR),
        "--delay",
        "0",
        pauses=pauses,
    )
    assert code == 0 and pauses == [] and "{x}" in out


def test_every_mistake_gets_its_message_and_an_impossible_code_gives_the_move_up(tmp_path: Path) -> None:
    script = lines(
        "ab", "81", "08", "44", "12", "17", "11",  # cell mistakes
        "77", "0",  # not a move code: given up
        "77", "53",  # off the board
        "77", "7",  # onto the block at 66
        "77", "",  # Enter alone: another piece
        "77", "4",  # a good move at last
    )  # fmt: skip
    code, out = run(script, "--level-file", level_file(tmp_path, WALLED))
    assert code == 0
    expected = [
        "[red] - Incorrect position. Type the row then the column: two digits from 1 to 7, like 11 or 74 (? for help).",
        "[red] - Incorrect position. 81 is off the board: rows and columns go from 1 to 7.",
        "[red] - Incorrect position. 08 is off the board: rows and columns go from 1 to 7.",
        "[red] - Incorrect position. 44 is empty.",
        "[red] - Incorrect position. 12 is a destroyed square.",
        "[red] - Incorrect position. The piece on 17 is not yours.",
        "[red] - Incorrect position. The piece on 11 cannot move: every square it could reach is taken.",
        "[red] - This move is invalid. 0 is not a move code: 1-9 around 5 clone, 5 then a direction jumps.",
        "[red] - This move is invalid. 53 from 77 leaves the board.",
        "[red] - This move is invalid. 7 from 77 lands on 66, a destroyed square.",
        "[red] - plays 77 -> 76 (code 4).",
        "[blue] - Enter a position to play: ",
    ]
    position = 0
    for message in expected:
        position = out.index(message, position)  # each one, in this order
    # After each impossible code the player is asked for a cell again, never for a move.
    for message in expected[7:10]:
        after = out[out.index(message) + len(message) :].lstrip("\n")
        assert after.startswith("[red] - Enter a position to play:")
    assert out.count("[red] - Enter a move:") == 5


def test_the_seeds_french_wording(tmp_path: Path) -> None:
    script = lines("44", "77", "0", "77", "4", "71", "9", "abc")
    code, out = run(script, "--lang", "fr", "--level-file", level_file(tmp_path, WALLED))
    assert code == 0
    for text in (
        "[rouge] - Saisir une position à jouer : 44",
        "[rouge] - Position saisie incorrecte. La case 44 est vide.",
        "[rouge] - Saisir un mouvement à réaliser : 0",
        "[rouge] - Ce mouvement est invalide.",
        "[rouge] - joue 77 -> 76 (code 4).",
        "[bleu] - joue 71 -> 62 (code 9).",
        "Rouge : 3 pièces",
        "Partie quittée.",
    ):
        assert text in out, text
    assert "Enter" not in out and "piece" not in out


def test_the_french_infection_pass_and_end(tmp_path: Path) -> None:
    code, out = run(
        lines("11", "6", "14", "4"), "--lang", "fr", "--level-file", level_file(tmp_path, ROW_OF_FOUR)
    )
    assert code == 0
    assert "[bleu] - infecte l'adversaire !" in out
    assert "La partie est terminée." in out and "Bleu gagne !" in out and "Bleu : 3 pièces" in out
    code, out = run(
        lines("14", "6", "quitter"), "--lang", "fr", "--level-file", level_file(tmp_path, BLUE_STUCK)
    )
    assert code == 0 and "[bleu] - passe son tour." in out


def test_a_player_who_cannot_move_passes_by_themselves(tmp_path: Path) -> None:
    code, out = run(lines("14", "6", "15", "6", "quit"), "--level-file", level_file(tmp_path, BLUE_STUCK))
    assert code == 0
    assert out.count("[blue] - passes.") == 2
    assert "[blue] - Enter a position to play" not in out
    assert out.count("[red] - Enter a position to play") == 3


def test_the_early_finish_fills_the_board_and_says_so(tmp_path: Path) -> None:
    code, out = run(lines("14", "6"), "--level-file", level_file(tmp_path, BLUE_STUCK_OPEN))
    assert code == 0
    end = out[out.index("The game is over.") :]
    assert "Early finish: the rest is filled in." in end
    assert "Red: 40 pieces" in end and "Blue: 1 piece" in end and "Red wins!" in end
    assert " 7  (x) (x) (x) (x) (x) (x) (x)" in out  # the squares filled are marked


def test_threefold_repetition_is_a_draw() -> None:
    there_and_back = ["11", "56", "17", "54", "13", "54", "15", "56"]
    code, out = run(lines(*there_and_back, *there_and_back))
    assert code == 0
    end = out[out.index("The game is over.") :]
    assert "The same position three times." in end and "Draw!" in end
    assert "Red: 2 pieces" in end and "Blue: 2 pieces" in end


def test_the_end_of_the_input_or_quit_leaves_cleanly() -> None:
    for script in ("", "11\n", "11\n6\n", "quit\n", "11\nexit\n"):
        code, out = run(script)
        assert code == 0, script
        assert out.rstrip().endswith("Game left."), script


def test_ctrl_c_leaves_with_code_130() -> None:
    class Interrupted(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    output = io.StringIO()
    assert main([], stdin=Interrupted(), stdout=output) == 130
    assert output.getvalue().endswith("\nGame left.\n")


def test_piped_output_has_no_colours_and_no_clearing_a_terminal_has_both() -> None:
    _, out = run(lines("11", "6"))
    assert "\033" not in out

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    output = Terminal()
    code = main(["--delay", "0"], stdin=Terminal(lines("11", "6", "17")), stdout=output)
    text = output.getvalue()
    assert code == 0
    assert text.count("\033[H\033[2J") == 4  # each board at the top of a cleared screen
    assert "\033[30;103m[x]" in text and "\033[30;102m[+]" in text and "\033[30;105m[*]" in text
    assert "\033[1;91m[red]\033[0m - Enter a position to play:" in text
    # In a terminal the last moves stay under each board.
    last_board = text[text.rindex("\033[H\033[2J") :]
    assert "[red]\033[0m - plays 11 -> 12 (code 6)." in last_board
    output = Terminal()
    main(["--no-color"], stdin=Terminal("11\n"), stdout=output)
    assert (
        "\033[H\033[2J" in output.getvalue()
        and "\033[3" not in output.getvalue()
        and "\033[1" not in output.getvalue()
    )


def test_the_codes_on_request_and_always(tmp_path: Path) -> None:
    level = level_file(tmp_path, WALLED)
    _, out = run(lines("77", "?", "codes", "4", "?"), "--level-file", level)
    assert out.count("Move codes from 77:") == 2
    assert "Type a cell as its row then its column" in out  # ? at the cell prompt: the help
    assert out.count("[red] - plays 77 -> 76 (code 4).") == 1  # the codes did not give the move up
    _, out = run(lines("codes", "77", "4", "71"), "--level-file", level)
    assert "The move codes will be shown with each piece chosen." in out
    assert "Move codes from 77:" in out and "Move codes from 71:" in out
    _, out = run(lines("77"), "--codes", "--level-file", level)
    assert "Move codes from 77:" in out


def test_undo_and_redo() -> None:
    code, out = run(lines("11", "6", "undo", "redo", "undo", "undo", "redo", "redo"))
    assert code == 0
    for text in ("Taken back to move 1.", "Forward to move 1.", "Nothing to undo.", "Nothing to redo."):
        assert text in out, text
    assert out.count("Nothing to undo.") == 1 and out.count("Nothing to redo.") == 1


# -- levels and options --


def test_any_standard_or_custom_level_by_name_file_or_number(user_data_dir: Path, tmp_path: Path) -> None:
    assert find_level(None).name == "Four Pillars"
    assert find_level(None).position == Board("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1").fen()
    assert find_level("classic").position == RULES.start_text
    for name in ("Diamond", "diamond", "04-diamond", "4", "04"):
        assert find_level(name).name == "Diamond", name
    write_level(user_data_dir / "levels" / "ataxx", "My Walls", WALLED)
    assert find_level("my walls").position == Board(WALLED).fen()
    assert find_level(level_file(tmp_path, ROW_OF_FOUR)).name == "Test board"
    with pytest.raises(LevelError, match=r"no level called 'nowhere'.*Classic.*My Walls"):
        find_level("nowhere")
    _, out = run("", "--level-file", "My Walls")
    assert "Ataxx · My Walls · move 1" in out and "[#]" in out


def test_help_and_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        parse_args(["--help"])
    assert exited.value.code == 0
    shown = capsys.readouterr().out
    for option in (
        "--level ",
        "--computer-starts",
        "--level-file",
        "--delay",
        "--lang",
        "--codes",
        "--think-time",
    ):
        assert option in shown, option
    for bad, says in (
        (["--frobnicate"], "unrecognized arguments: --frobnicate"),
        (["--level", "godlike"], "invalid choice: 'godlike'"),
        (["--delay", "-1"], "--delay"),
        (["--delay", "soon"], "is not a number of seconds"),
        (["--computer-starts"], "--computer-starts needs --level"),
        (["--lang", "de"], "--lang"),
    ):
        with pytest.raises(SystemExit) as exited:
            parse_args(bad)
        assert exited.value.code == 2, bad
        assert says in capsys.readouterr().err, bad
    with pytest.raises(SystemExit) as exited:
        main(["--level-file", "nowhere"], stdin=io.StringIO(), stdout=io.StringIO())
    assert exited.value.code == 2
    assert "no level called 'nowhere'" in capsys.readouterr().err


# -- saves shared with the windowed game --


def test_a_game_saved_in_the_terminal_is_in_the_windowed_games_load_list() -> None:
    code, out = run(lines("11", "6", "17", "4", "save my game", "77", "7"))
    assert code == 0 and "Saved as “my game”" in out
    (entry,) = saves.list_saves()
    assert isinstance(entry, saves.SaveEntry)
    assert (entry.name, entry.game, entry.level_name, entry.moves, entry.move_number) == (
        "my game",
        "ataxx",
        "Four Pillars",
        1,
        2,
    )
    match, _ = saves.load_game(entry.path)
    assert [str(move) for move in match.moves] == ["b7", "f7"]
    assert match.players == (Player.human(), Player.human())


def test_a_game_saved_by_the_windowed_game_loads_in_the_terminal() -> None:
    match = Match(RULES, find_level("Diamond").position, MatchConfig(vs_computer=False).players())
    for text in ("b6", "f6"):
        match.play(Move.from_uai(text))
    saves.save_game("from the window", match, level_name="Diamond")
    code, out = run(lines("load from the window", "22", "6", "save back"))
    assert code == 0
    assert "Loaded from the window: move 2." in out
    assert "Ataxx · Diamond · move 2" in out
    assert "[red] - plays 22 -> 23 (code 6)." in out
    back, pgn_game = saves.load_game(saves.save_path("back"))
    assert [str(move) for move in back.moves] == ["b6", "f6", "c6"]
    assert pgn_game.tag("Level") == "Diamond" and back.start_text == match.start_text


def test_loading_what_cannot_be_played_says_why() -> None:
    finished = Match(RULES, "x1o----/-------/-------/-------/-------/-------/------- x 0 1")
    finished.play(Move.from_uai("b7"))
    assert finished.is_over
    saves.save_game("finished", finished)
    from game.engine.attangle.rules import RULES as ATTANGLE

    saves.save_game("hexagon", Match(ATTANGLE))
    (saves.saves_dir() / "broken.pgn").write_text('[Game "ataxx"]\n[FEN "nonsense"]\n\n*\n', encoding="utf-8")
    code, out = run(
        lines("load finished", "load hexagon", "load broken", "load nothing", "load", "save", "save ///")
    )
    assert code == 0
    assert "finished is a finished game." in out
    assert "hexagon is a game of Attangle: the terminal plays Ataxx only." in out
    assert "Cannot load broken: broken.pgn:" in out
    assert "No saved game called nothing. Saved games: " in out
    assert "Type a name after save, like: save my game" in out
    assert "Cannot save: '///' is not a usable name" in out


def test_terminal_load_of_a_damaged_save_sets_it_aside() -> None:
    broken = saves.saves_dir() / "broken.pgn"
    broken.parent.mkdir(parents=True, exist_ok=True)
    broken.write_text('[Game "ataxx"]\n[FEN "nonsense"]\n\n*\n', encoding="utf-8")
    newer = saves.match_to_pgn(Match(RULES)).replace(
        f'[SchemaVersion "{saves.SCHEMA_VERSION}"]', '[SchemaVersion "99"]'
    )
    (saves.saves_dir() / "later.pgn").write_text(newer, encoding="utf-8")
    code, out = run(lines("load broken", "load later"))
    assert code == 0
    assert not broken.exists()
    [kept] = saves.saves_dir().glob("broken.damaged-*.pgn")
    assert f"It is kept as {kept.name}." in out
    assert "Cannot load later: later.pgn:" in out
    assert (saves.saves_dir() / "later.pgn").read_text(encoding="utf-8") == newer


# -- against the computer --


def test_a_whole_game_against_the_computer_with_a_tiny_budget() -> None:
    """The person types the first legal move each time; the computer (beginner, 20 ms) answers."""
    match = Match(RULES, SMALL, MatchConfig(vs_computer=True, level="beginner").players())
    output = io.StringIO()
    chosen: list[int] = []

    def read_line(prompt: str) -> str | None:
        board = match.position
        if "Enter a position" in prompt:
            move = board.legal_moves()[0]
            source = (
                move.from_square
                if move.is_jump
                else next(
                    square
                    for square in range(49)
                    if board.side_at(square) is board.turn
                    and board.clone_targets(square) >> move.to_square & 1
                )
            )
            chosen[:] = [source, move.to_square]
            return cell_code(source)
        source, target = chosen
        return code_for_offset(source // 7 - target // 7, target % 7 - source % 7)

    computer = Computer(think_time=0.02, use_process=False)
    try:
        game = TextGame(
            match, "Small", output=output, read_line=read_line, style=Style(colour=False), computer=computer
        )
        assert game.run() == 0
    finally:
        computer.close()
    out = output.getvalue()
    assert match.is_over and "The game is over." in out
    assert "[blue] - is thinking…" in out and re.search(r"\[blue\] - plays \d\d -> \d\d \(code \d+\)\.", out)
    assert "Red: You · Blue: Computer (Beginner)" in out


class StuckWorker:
    """An AI worker that never answers (or answers ``status``), for the computer's time limit."""

    def __init__(self, status: AIStatus, **options: object) -> None:
        self.status = status
        self.requests = 0
        self.abandoned = 0

    def request(self, *args: object, **options: object) -> int:
        self.requests += 1
        return self.requests

    def poll(self, ticket: int) -> AIStatus:
        return self.status

    def abandon(self) -> None:
        self.abandoned += 1

    def close(self) -> None:
        pass


def test_a_computer_that_does_not_answer_is_abandoned_and_asked_again() -> None:
    now = [0.0]
    worker = StuckWorker(AIStatus(AIState.THINKING))
    retries: list[str] = []

    def wait(seconds: float) -> None:
        now[0] += 1.0

    computer = Computer(
        think_time=0.5,
        clock=lambda: now[0],
        wait=wait,
        on_retry=retries.append,
        worker_factory=lambda **options: worker,
    )
    match = Match(RULES, players=(Player.computer("beginner"), Player.human()))
    with pytest.raises(ComputerError, match="did not answer within 6 seconds"):
        computer.choose(match)
    assert worker.requests == worker.abandoned == ATTEMPTS and len(retries) == ATTEMPTS - 1
    broken = StuckWorker(AIStatus(AIState.ERROR, error="ValueError: boom"))
    computer = Computer(worker_factory=lambda **options: broken)
    with pytest.raises(ComputerError, match="boom"):
        computer.choose(match)
    illegal = StuckWorker(AIStatus(AIState.DONE, move=Move.from_uai("d4")))
    computer = Computer(worker_factory=lambda **options: illegal)
    with pytest.raises(ComputerError, match="it proposed d4, which is not legal here"):
        computer.choose(match)


def test_the_computer_starts_when_asked() -> None:
    code, out = run("", "--level", "beginner", "--computer-starts", "--think-time", "0.02", "--ai-thread")
    assert code == 0
    assert "Red: Computer (Beginner) · Blue: You" in out
    assert re.search(
        r"\[red\] - plays \d\d -> \d\d \(code \d+\)\.\n(.|\n)*\[blue\] - Enter a position to play:", out
    )


# -- main.py, where pygame cannot be imported --

BLOCK_PYGAME = """
import importlib.abc
import sys


class BlockPygame(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "pygame" or name.startswith("pygame."):
            raise ImportError(f"pygame is blocked in this test (import of {name!r})")
        return None


sys.meta_path.insert(0, BlockPygame())
"""


def no_pygame_environment(tmp_path: Path, user_data_dir: Path) -> dict[str, str]:
    shim = tmp_path / "shim"
    shim.mkdir()
    (shim / "sitecustomize.py").write_text(BLOCK_PYGAME, encoding="utf-8")
    env = {key: value for key, value in os.environ.items() if not key.startswith("SDL_")}
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    env["PYTHONPATH"] = str(shim)
    env["ATTAX_DATA_DIR"] = str(user_data_dir)
    return env


def test_main_starts_the_terminal_version_without_pygame_and_plays(
    tmp_path: Path, user_data_dir: Path
) -> None:
    env = no_pygame_environment(tmp_path, user_data_dir)
    check = subprocess.run(
        [sys.executable, "-c", "import pygame"], env=env, capture_output=True, text=True, timeout=30
    )
    assert check.returncode != 0 and "pygame is blocked" in check.stderr
    there_and_back = lines("11", "56", "17", "54", "13", "54", "15", "56")
    result = subprocess.run(
        [sys.executable, "main.py", "--text", "--lang", "fr"],
        cwd=ROOT,
        env=env,
        input=there_and_back * 2,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "[rouge] - Saisir une position à jouer : 11" in result.stdout
    assert "Match nul !" in result.stdout and "\033" not in result.stdout


def test_main_text_help_and_a_bad_option_without_pygame(tmp_path: Path, user_data_dir: Path) -> None:
    env = no_pygame_environment(tmp_path, user_data_dir)
    shown = subprocess.run(
        [sys.executable, "main.py", "--text", "--help"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert (
        shown.returncode == 0
        and "--level-file NAME" in shown.stdout
        and "usage: main.py --text" in shown.stdout
    )
    bad = subprocess.run(
        [sys.executable, "main.py", "--text", "--fullscreen"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert bad.returncode == 2 and "unrecognized arguments: --fullscreen" in bad.stderr


def test_ctrl_c_in_a_real_process_leaves_without_a_traceback(tmp_path: Path, user_data_dir: Path) -> None:
    env = no_pygame_environment(tmp_path, user_data_dir)
    process = subprocess.Popen(
        [
            sys.executable,
            "main.py",
            "--text",
            "--level",
            "beginner",
            "--think-time",
            "0.05",
            "--computer-starts",
        ],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        # As a terminal starts it: Ctrl+C's signal at its default, whatever the suite was started with (a
        # shell's background job, as some CI runners start it, ignores SIGINT, and its children inherit that).
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        seen = b""
        deadline = time.monotonic() + HANG
        assert process.stdout is not None
        while b"Enter a position to play:" not in seen and time.monotonic() < deadline:
            ready, _, _ = select.select([process.stdout], [], [], deadline - time.monotonic())
            if ready:
                chunk = os.read(process.stdout.fileno(), 4096)
                if not chunk:
                    break
                seen += chunk
        assert b"Enter a position to play:" in seen
        process.send_signal(signal.SIGINT)
        # Its input stays open until it has gone: the end of the input would end the game too (exit 0).
        process.wait(HANG)
        out, err = process.communicate()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 130
    assert b"Traceback" not in err and err.strip() == b""
    assert (seen + out).rstrip().endswith(b"Game left.")


def test_main_py_lists_text_mode_and_hands_it_the_rest_of_the_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("attax_main_text", ROOT / "main.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with pytest.raises(SystemExit) as exited:
        module.parse_args(["--help"])
    assert exited.value.code == 0 and "--text" in capsys.readouterr().out
    assert module._text_mode(["--lang", "fr", "--text"]) and module._text_mode(["--tex"])
    assert not module._text_mode(["--kiosk"]) and not module._text_mode(["--", "--text"])


def test_an_output_closed_under_the_game_ends_it_quietly() -> None:
    class ClosedPipe(io.StringIO):
        def write(self, text: str) -> int:
            if len(self.getvalue()) > 200:
                raise BrokenPipeError(32, "Broken pipe")
            return super().write(text)

    assert main([], stdin=io.StringIO(lines("11", "6") * 3), stdout=ClosedPipe()) == 1


def test_a_computer_that_cannot_move_ends_the_game_with_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(self: Computer, match: Match) -> Move:
        raise ComputerError("no answer")

    monkeypatch.setattr(Computer, "choose", fail)
    code, out = run("", "--level", "casual", "--computer-starts")
    assert code == 1 and out.endswith("The computer could not choose a move: no answer\n")


# -- issue 19: names, folders and bytes the game cannot use --


@pytest.mark.parametrize("name", ["x" * 5000 + ".toml", "~nosuchuser-attax/x.toml", "y" * 5000])
def test_an_impossible_level_file_name_is_one_line_and_exit_2(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Item 10: a 5,000-letter name (ENAMETOOLONG) or ``~nosuchuser`` raised a traceback."""
    with pytest.raises(SystemExit) as exited:
        main(["--level-file", name], stdin=io.StringIO(), stdout=io.StringIO())
    assert exited.value.code == 2
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert last.startswith("main.py --text: error: --level-file: ") and len(last) < 600, last


def test_impossible_level_file_names_in_a_real_process(tmp_path: Path, user_data_dir: Path) -> None:
    env = no_pygame_environment(tmp_path, user_data_dir)
    for name in ("x" * 5000 + ".toml", "~nosuchuser-attax/x"):
        result = subprocess.run(
            [sys.executable, "main.py", "--text", "--level-file", name],
            cwd=ROOT,
            env=env,
            input="",
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr[-500:]
        last = result.stderr.strip().splitlines()[-1]  # after argparse's usage, the one line that says why
        assert last.startswith("main.py --text: error: --level-file: ") and len(last) < 600, last


def test_load_with_no_name_when_the_saves_folder_is_unusable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 11: ``load`` listed the saves with no guard, and a data folder that is a file raised."""
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("ATTAX_DATA_DIR", str(blocked))
    code, out = run(lines("load", "load mine", "11", "6"))
    assert code == 0
    assert "The saved games cannot be listed:" in out and "is a file, not a folder" in out
    assert "Cannot load mine" in out and "[red] - plays 11 -> 12 (code 6)." in out


def _text_game(data: bytes, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "main.py", "--text", *args],
        cwd=ROOT,
        env=env,
        input=data,
        capture_output=True,
        timeout=30,
    )


def test_bytes_that_are_not_utf8_get_a_message_and_the_game_goes_on(
    tmp_path: Path, user_data_dir: Path
) -> None:
    """Item 11: non-UTF-8 bytes on stdin under a UTF-8 locale raised UnicodeDecodeError."""
    env = no_pygame_environment(tmp_path, user_data_dir) | {"LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8"}
    result = _text_game(b"\xff\xfe1\n11\n\xe9\n6\n13\n", env)
    out = result.stdout.decode("utf-8", "replace")
    assert result.returncode == 0, result.stderr.decode()
    assert b"Traceback" not in result.stderr
    assert out.count("That line is not text the game can read: type it again.") == 2
    assert "[red] - plays 11 -> 12 (code 6)." in out and "[blue] - Enter a position to play: 13" in out


def test_an_output_that_cannot_encode_the_signs_gets_plain_ones(tmp_path: Path, user_data_dir: Path) -> None:
    """Item 11: ``PYTHONIOENCODING=ascii`` raised UnicodeEncodeError on ``·`` and ``…``."""
    env = no_pygame_environment(tmp_path, user_data_dir) | {"PYTHONIOENCODING": "ascii"}
    for args, words in (
        ((), ("Ataxx - Four Pillars - move 1", "This terminal cannot show every letter", "quit")),
        (("--lang", "fr"), ("Ce terminal ne peut pas afficher toutes les lettres", "Partie quittee")),
    ):
        result = _text_game(b"11\n6\n?\nquit\n", env, *args)
        assert result.returncode == 0 and b"Traceback" not in result.stderr, result.stderr.decode()
        out = result.stdout.decode("ascii")
        for word in words:
            assert word in out, (word, out[-800:])


def test_the_default_board_has_the_seeds_four_blocks() -> None:
    """Issue 19, item 21: seed 002's board has four blocks that never move; Classic has none."""
    code, out = run("")
    assert code == 0 and "Ataxx · Four Pillars · move 1" in out
    board = out[out.index("     1   2   3") :].splitlines()[1:8]
    assert [row.count("[#]") for row in board] == [0, 0, 2, 0, 2, 0, 0]
    assert board[2] == " 3  [ ] [ ] [#] [ ] [#] [ ] [ ]"
    code, out = run("", "--level-file", "Classic")
    assert "Ataxx · Classic · move 1" in out and "[#]" not in out


# -- issue 19, item 22 --


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_readline_gives_line_editing_at_a_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    from game.text import cli

    monkeypatch.delitem(sys.modules, "readline", raising=False)
    assert not cli.enable_line_editing(io.StringIO())  # piped: no readline
    assert "readline" not in sys.modules
    available = importlib.util.find_spec("readline") is not None
    assert cli.enable_line_editing(FakeTerminal()) is available
    assert ("readline" in sys.modules) is available
    # A system without it (Windows): no line editing, and no error.
    monkeypatch.setitem(sys.modules, "readline", None)
    assert not cli.enable_line_editing(FakeTerminal())


def test_messages_are_wrapped_between_words_at_the_terminals_width(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    output = FakeTerminal()
    main(["--no-color", "--delay", "0"], stdin=FakeTerminal(lines("xyz")), stdout=output)
    # A real terminal echoes the line typed, and its newline, after the prompt; this one does not.
    text = output.getvalue().replace("\033[H\033[2J", "").replace("play: [red]", "play:\n[red]")
    assert all(len(line) < 40 for line in text.splitlines()), text
    message = "[red] - Incorrect position. Type the row then the column: two digits from 1 to 7, like 11 or 74 (? for help)."
    assert message in " ".join(text.split())  # every word whole
    assert " 1  [x] [ ] [ ] [ ] [ ] [ ] [o]" in text  # the board is not cut


def test_term_dumb_never_clears_the_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "dumb")
    output = FakeTerminal()
    assert main(["--delay", "0"], stdin=FakeTerminal(lines("11", "6")), stdout=output) == 0
    assert "\033[H" not in output.getvalue() and "\033[2J" not in output.getvalue()
    assert "[red] - plays 11 -> 12 (code 6)." in output.getvalue()


def test_saving_over_a_save_asks_first_unless_yes() -> None:
    code, out = run(lines("11", "6", "save g", "17", "4", "save g", "n", "save g", "yes"))
    assert code == 0
    assert out.count("A save called “g” exists. Replace? (y/n)") == 2
    assert "Not saved." in out and out.count("Saved as “g”") == 2
    match, _ = saves.load_game(saves.save_path("g"))
    assert len(match.moves) == 2  # replaced after yes
    code, out = run(lines("11", "6", "save g", "save g"), "--yes")
    assert "Replace?" not in out and out.count("Saved as “g”") == 2
    match, _ = saves.load_game(saves.save_path("g"))
    assert len(match.moves) == 1


def test_the_exit_code_of_a_closed_output_is_documented(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse_args(["--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "1 if the computer cannot move or the output is closed" in shown
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "1 if the computer cannot move or the output is closed" in readme


def test_undo_on_the_first_turn_keeps_the_computers_opening_move() -> None:
    args = ("--level", "beginner", "--computer-starts", "--think-time", "0.02", "--ai-thread")
    code, out = run(lines("undo"), *args)
    assert code == 0
    assert "Nothing to undo." in out and "Taken back" not in out
    assert re.search(r"\[red\] - plays \d\d -> \d\d \(code \d+\)\.", out)
    code, out = run(lines("17", "4", "undo", "undo"), *args)
    assert "[blue] - plays 17 -> 16 (code 4)." in out
    # Your move and the computer's reply: back to your first turn, the computer's opening kept.
    assert "Taken back to move 1." in out
    assert out.index("Nothing to undo.") > out.index("Taken back to move 1.")


def test_undo_and_redo_say_the_move_number() -> None:
    _, out = run(lines("11", "6", "17", "4", "12", "6", "undo", "undo", "redo"))
    # Moves counted as the results count them: Red's and Blue's turns make one move.
    assert "Taken back to move 2." in out
    assert "Taken back to move 1." in out
    assert "Forward to move 2." in out
    assert "moves taken back" not in out


def test_a_block_as_a_target_is_a_destroyed_square(tmp_path: Path) -> None:
    _, out = run(lines("77", "7"), "--level-file", level_file(tmp_path, WALLED))
    assert "[red] - This move is invalid. 7 from 77 lands on 66, a destroyed square." in out
    _, out = run(lines("77", "7"), "--level-file", level_file(tmp_path, WALLED), "--lang", "fr")
    assert "7 depuis 77 arrive en 66, une case détruite." in out


def test_the_last_move_is_marked_on_the_board() -> None:
    _, out = run(lines("11", "6"))
    boards = out.split("Ataxx · ")
    assert " 1  [x] [ ] [ ] [ ] [ ] [ ] [o]" in boards[1]  # no move yet: nothing marked
    assert " 1  [x] (x) [ ] [ ] [ ] [ ] [o]" in boards[-1]  # Red's clone to 12, at Blue's turn


def test_keys_typed_during_an_infection_pause_are_discarded_before_the_next_prompt() -> None:
    """Item 22: what is typed while the pieces turn is dropped, never taken as the answer to the next prompt."""
    from game.engine.ataxx.rules import RULES as ATAXX

    events: list[str] = []
    # Red and Blue walk along the top row until Red's clone on 14 infects Blue's piece on 15.
    answers = iter(["11", "6", "17", "4", "12", "6", "16", "4", "13", "6"])

    def read_line(prompt: str) -> str | None:
        events.append("prompt")
        return next(answers, None)

    config = MatchConfig(vs_computer=False, level="casual", human_seat=0, first=0)
    match = Match(ATAXX, ATAXX.start_text, config.players())
    game = TextGame(
        match,
        "Classic",
        output=io.StringIO(),
        read_line=read_line,
        style=Style(colour=False),
        delay=0.5,
        sleep=lambda seconds: events.append("pause"),
        discard_typed=lambda: events.append("discard"),
    )
    assert game.run() == 0
    assert events.count("pause") == 2
    first_pause = events.index("pause")
    # Nothing dropped before the infection; after it, exactly once, right before Blue's next prompt.
    assert "discard" not in events[:first_pause]
    assert events[first_pause:] == ["pause", "pause", "discard", "prompt"]


def test_discard_typed_empties_a_real_terminals_typeahead() -> None:
    pytest.importorskip("termios")
    import os
    import select

    from game.text.cli import discard_typed

    leader, follower = os.openpty()
    try:
        os.write(leader, b"55\n")
        with os.fdopen(os.dup(follower), "r") as stream:
            assert select.select([follower], [], [], 1.0)[0]  # the keys are waiting
            discard_typed(stream)  # type: ignore[arg-type]
            assert not select.select([follower], [], [], 0.1)[0]
    finally:
        os.close(leader)
        os.close(follower)
