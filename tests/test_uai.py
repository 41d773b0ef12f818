"""The UAI engine, driven as other Ataxx software drives it: a subprocess talking through pipes.

What the pipes cannot show without a clock, the engine's time rules (movetime,
a clock, the watchdog), is checked in-process with the clock stopped until the
test moves it: every test waits for what the engine says, never for a length
of time. How soon it says it is measured by ``bench/responsiveness.py``.
"""

from __future__ import annotations

import contextlib
import importlib
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from clocks import StoppedClock
from waiting import HANG, wait_for

from game.ai.ataxx import levels, uai
from game.ai.ataxx.search import Searcher, SearchInfo, SearchLimits
from game.ai.ataxx.uai import GoParams, UaiEngine, UaiError, parse_go, time_limits
from game.engine.ataxx import STARTPOS, Board, Move, Side

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search

ROOT = Path(__file__).resolve().parent.parent
COMMAND = [sys.executable, "-m", "game.ai.uai"]
TIMEOUT = HANG  # for answers that should come at once: only a hang misses it


class Engine:
    """Our engine in a subprocess, with a thread reading its output into a queue."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            COMMAND,
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            self.lines.put(raw.decode("utf-8").rstrip("\n"))
        self.lines.put(None)

    def send(self, line: str | bytes) -> None:
        assert self.process.stdin is not None
        data = line if isinstance(line, bytes) else line.encode("utf-8")
        self.process.stdin.write(data + b"\n")
        self.process.stdin.flush()

    def read(self, timeout: float = TIMEOUT) -> str:
        line = self.lines.get(timeout=timeout)
        if line is None:
            raise EOFError("the engine closed its output")
        return line

    def expect(self, prefix: str, timeout: float = TIMEOUT) -> list[str]:
        """Lines up to and including the first that starts with ``prefix``."""
        deadline = time.monotonic() + timeout
        seen = []
        while True:
            line = self.read(max(0.0, deadline - time.monotonic()))
            seen.append(line)
            if line.startswith(prefix):
                return seen

    def ready(self) -> list[str]:
        """Everything said before the answer to ``isready``."""
        self.send("isready")
        return self.expect("readyok")[:-1]

    def close(self) -> tuple[int, str]:
        """Quit; the exit status and everything the engine wrote to stderr."""
        stdin = self.process.stdin
        if stdin is not None and not stdin.closed:
            with contextlib.suppress(OSError):
                self.send("quit")
                stdin.close()
        try:
            self.process.wait(TIMEOUT)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
        assert self.process.stderr is not None
        errors = self.process.stderr.read().decode("utf-8", errors="replace")
        self.process.stderr.close()
        self.reader.join(TIMEOUT)
        assert self.process.stdout is not None
        self.process.stdout.close()
        return self.process.returncode, errors


@pytest.fixture(scope="module")
def shared_engine() -> Iterator[Engine]:
    """One engine process for the module's protocol tests (those of starting and ending one have their own)."""
    instance = Engine()
    yield instance
    # A clean exit and nothing on stderr (no traceback) after every test.
    assert instance.close() == (0, "")


@pytest.fixture
def engine(shared_engine: Engine) -> Iterator[Engine]:
    """The module's engine; after the test, still running, a new game at the start with its options'
    defaults, having said no error the test did not read."""
    yield shared_engine
    assert shared_engine.process.poll() is None, "the engine ended"
    for line in ("stop", "setoption name Level value master", "setoption name Hash value 16", "uainewgame"):
        shared_engine.send(line)
    shared_engine.send("position startpos")
    left = shared_engine.ready()
    assert not [line for line in left if "error" in line], left


def bestmove(lines: list[str]) -> str:
    assert lines[-1].startswith("bestmove ")
    words = lines[-1].split()
    assert len(words) == 2, lines[-1]
    return words[1]


def board_after(*moves: str, fen: str = STARTPOS) -> Board:
    board = Board(fen)
    for text in moves:
        board.push_uai(text)
    return board


def shown(engine: Engine) -> list[str]:
    """What ``d`` prints."""
    engine.send("d")
    return engine.ready()


def fen_shown(engine: Engine) -> str:
    lines = [line for line in shown(engine) if line.startswith("Fen: ")]
    assert len(lines) == 1
    return lines[0].removeprefix("Fen: ")


# --- the protocol ------------------------------------------------------------------------


def test_handshake(engine: Engine) -> None:
    engine.send("uai")
    lines = engine.expect("uaiok")
    assert lines[0].startswith("id name Attax Arcade ")
    assert lines[1].startswith("id author ")
    keys = " ".join(f"var {level.key}" for level in levels.LEVELS)
    assert f"option name Level type combo default master {keys}" in lines
    assert "option name Hash type spin default 16 min 1 max 1024" in lines
    assert engine.ready() == []


def test_position_moves_and_d(engine: Engine) -> None:
    engine.send("position startpos moves b6 f6 g1e3")
    assert fen_shown(engine) == board_after("b6", "f6", "g1e3").fen()
    fen = "x5o/7/2-1-2/7/2-1-2/7/o5x o 3 7"
    engine.send(f"position fen {fen} moves g7e7")
    assert fen_shown(engine) == board_after("g7e7", fen=fen).fen()
    lines = shown(engine)
    assert "7 x . . . o . ." in lines
    assert lines[-1].startswith("Legal moves (14): ")
    assert engine.ready() == []


def test_go_depth_reports_every_depth_and_a_legal_move(engine: Engine) -> None:
    engine.send("position startpos moves b6 f6")
    engine.send("go depth 3")
    lines = engine.expect("bestmove")
    infos = [line.split() for line in lines if line.startswith("info depth")]
    assert [int(words[2]) for words in infos] == [1, 2, 3]
    for words in infos:
        for field in ("score", "nodes", "nps", "time", "pv"):
            assert field in words
        assert words[words.index("score") + 1] in ("cp", "mate")
    move = bestmove(lines)
    board = board_after("b6", "f6")
    assert Move.from_uai(move) in board.legal_moves()
    assert move == infos[-1][infos[-1].index("pv") + 1]


@pytest.mark.parametrize("movetime", [50, 300])
def test_go_movetime_answers_one_legal_move(engine: Engine, movetime: int) -> None:
    # In time: test_movetime_stops_the_search_with_a_watchdog_behind_it, with the clock in the test's hands.
    engine.send("uai")
    engine.expect("uaiok")
    board = board_after("b6", "f6", "f2", "b2")
    engine.send("position startpos moves b6 f6 f2 b2")
    assert engine.ready() == []
    engine.send(f"go movetime {movetime}")
    lines = engine.expect("bestmove")
    assert Move.from_uai(bestmove(lines)) in board.legal_moves()
    assert engine.ready() == []  # one answer only


def test_go_nodes_and_clock(engine: Engine) -> None:
    board = board_after("b6")
    engine.send("position startpos moves b6")
    engine.send("go nodes 2000")
    assert Move.from_uai(bestmove(engine.expect("bestmove"))) in board.legal_moves()
    # At most a third of the clock: test_a_clock_is_kept_to_a_third_of_what_is_left.
    engine.send("go wtime 3000 btime 3000 winc 0 binc 0")
    assert Move.from_uai(bestmove(engine.expect("bestmove"))) in board.legal_moves()
    # python-ataxx's client adds "simulations" to a node-limited go.
    engine.send("go nodes 500 simulations 500")
    assert Move.from_uai(bestmove(engine.expect("bestmove"))) in board.legal_moves()


def test_stop_ends_an_infinite_search(engine: Engine) -> None:
    engine.send("position startpos")
    engine.send("go infinite")
    lines = engine.expect("info depth 2")  # it is searching
    # isready is answered while it thinks, and no bestmove comes before stop.
    lines += engine.ready()
    assert all(not line.startswith("bestmove") for line in lines)
    engine.send("stop")  # only a stop ends it
    lines = engine.expect("bestmove")
    assert Move.from_uai(bestmove(lines)) in Board().legal_moves()
    assert engine.ready() == []


def test_an_infinite_search_waits_for_stop_even_when_done(engine: Engine) -> None:
    # That it waits, not merely that it is slow: test_a_finished_infinite_search_waits_for_stop.
    engine.send("go depth 2 infinite")
    lines = engine.expect("info depth 2")
    lines += engine.ready()
    assert not any(line.startswith("bestmove") for line in lines)
    engine.send("stop")
    assert Move.from_uai(bestmove(engine.expect("bestmove"))) in Board().legal_moves()


def test_a_new_go_stops_the_running_search(engine: Engine) -> None:
    engine.send("go infinite")
    engine.expect("info depth 1")  # it is searching
    engine.send("go depth 1")
    lines = engine.expect("bestmove")  # the first search's answer
    lines += engine.expect("bestmove")  # the second's
    assert sum(line.startswith("bestmove") for line in lines) == 2


def test_perft(engine: Engine) -> None:
    engine.send("perft 3")
    words = engine.expect("perft")[-1].split()
    assert words[:4] == ["perft", "depth", "3", "nodes"]
    assert int(words[4]) == 6460
    assert words[5] == "time" and int(words[6]) >= 0
    engine.send("position startpos moves b6")
    engine.send("perft 1")
    assert engine.expect("perft")[-1].split()[4] == str(len(board_after("b6").legal_moves()))
    engine.send("perft 0")
    assert engine.expect("perft")[-1].split()[4] == "1"


def test_stop_ends_a_long_perft(engine: Engine) -> None:
    engine.send("perft 8")  # hours of work
    assert engine.ready() == []  # the perft has started, and the engine still answers
    engine.send("stop")
    line = engine.expect("info string perft stopped")[-1]
    assert "of 16 root moves" in line
    # The perft has ended: the next search has nothing to wait for.
    engine.send("go movetime 100")
    assert Move.from_uai(bestmove(engine.expect("bestmove"))) in Board().legal_moves()


def test_quit_ends_a_long_perft() -> None:
    engine = Engine()
    engine.send("perft 8")  # hours of work: the engine exits only if quit ends it
    assert engine.ready() == []
    engine.send("quit")
    # It stopped, rather than being left behind when the engine gave up waiting for it (at once, then).
    assert "of 16 root moves" in engine.expect("info string perft stopped")[-1]
    assert engine.process.wait(timeout=HANG) == 0
    assert engine.close() == (0, "")


def test_game_over_and_forced_pass(engine: Engine) -> None:
    engine.send("position fen xxxxxxx/7/7/7/7/7/7 o 0 1")
    engine.send("go movetime 50")
    lines = engine.expect("bestmove")
    assert bestmove(lines) == "0000"
    assert any(line.startswith("info string game over") for line in lines)
    # Red is walled in and must pass; Blue can still fill g1.
    engine.send("position fen xoooooo/ooooooo/ooooooo/ooooooo/ooooooo/ooooooo/oooooo1 x 0 1")
    engine.send("go movetime 50")
    lines = engine.expect("bestmove")
    assert bestmove(lines) == "0000"
    assert not any("error" in line for line in lines)


def test_a_threefold_repetition_still_gets_a_legal_move(engine: Engine) -> None:
    moves = ["a7c7", "g7e7", "c7a7", "e7g7"] * 2
    board = board_after(*moves)
    assert board.is_game_over()
    engine.send(f"position startpos moves {' '.join(moves)}")
    engine.send("go depth 2")
    lines = engine.expect("bestmove")
    assert any("threefold repetition" in line for line in lines)
    assert Move.from_uai(bestmove(lines)) in board.legal_moves()


def test_options(engine: Engine) -> None:
    engine.send("setoption name Hash value 1")
    engine.send("setoption name Level value beginner")
    engine.send("uainewgame")
    assert engine.ready() == []
    engine.send("position startpos")
    engine.send("go movetime 100")
    assert Move.from_uai(bestmove(engine.expect("bestmove"))) in Board().legal_moves()
    engine.send("setoption name level value MASTER")
    assert engine.ready() == []


# --- bad input ----------------------------------------------------------------------------------

GARBAGE = [
    ("frobnicate", "unknown command"),
    (b"\xff\xfe\x00\x01garbage \x80", "unknown command"),
    ("position startpos moves b6 zz", "'zz'"),
    ("position startpos moves b6 b6", "b6 is not empty"),
    ("position startpos moves a7a5 0000", "may not pass"),
    ("position fen x5o/7/7 x 0 1", "bad FEN"),
    ("position fen x5o/7/7/7/7/7/o5x z 0 1", "side to move"),
    ("position fen x5o/7/7/7/7/7/o5x x -1 1", "half-move clock"),
    ("position fen", "needs a FEN"),
    ("position", "position needs"),
    ("position banana", "position needs"),
    ("position startpos b6", "expected 'moves'"),
    ("go depth -3", "at least 1"),
    ("go depth 0", "at least 1"),
    ("go movetime abc", "whole number"),
    ("go wtime 1e5", "whole number"),
    ("go nodes", "needs a number"),
    ("go frobnicate 3", "unknown go parameter"),
    ("go movetime 99999999999999999999", "too large"),
    ("go depth 3 depth 4", "twice"),
    ("go searchmoves", "at least one move"),
    ("go searchmoves b6 depth 2 searchmoves f6", "twice"),
    ("setoption name Level value grandmaster", "unknown level"),
    ("setoption name Hash value 0", "Hash"),
    ("setoption name Hash value -5", "Hash"),
    ("setoption name Hash value lots", "Hash"),
    ("setoption name Colour value red", "unknown option"),
    ("setoption", "setoption needs"),
    ("setoption name Hash", "value"),
    ("perft -1", "perft needs"),
    ("perft x", "perft needs"),
    ("perft", "perft needs"),
    ("x" * 70_000, "longer than"),
]


def test_garbage_is_reported_and_changes_nothing(engine: Engine) -> None:
    engine.send("position startpos moves b6 f6")
    expected_fen = board_after("b6", "f6").fen()
    for line, reason in GARBAGE:
        engine.send(line)
        said = engine.ready()
        assert len(said) == 1, (line, said)
        assert said[0].startswith("info string error "), (line, said)
        assert reason in said[0], (line, said)
        assert said[0].isascii()
    assert fen_shown(engine) == expected_fen
    # Still a working engine, with its options intact.
    engine.send("go depth 2")
    assert Move.from_uai(bestmove(engine.expect("bestmove"))) in board_after("b6", "f6").legal_moves()
    engine.send("uai")
    assert engine.expect("uaiok")


def test_blank_lines_and_surrounding_spaces_are_fine(engine: Engine) -> None:
    engine.send("")
    engine.send("   ")
    engine.send("  isready  ")
    assert engine.expect("readyok") == ["readyok"]


# --- ending --------------------------------------------------------------------------------------


def test_quit_while_searching() -> None:
    engine = Engine()
    engine.send("go infinite")
    engine.expect("info depth 1")  # it is searching, and only a stop or quit ends it
    engine.send("quit")
    # The search stopped and answered, rather than being left behind when the engine gave up waiting for it.
    assert Move.from_uai(bestmove(engine.expect("bestmove"))) in Board().legal_moves()
    assert engine.process.wait(TIMEOUT) == 0
    assert engine.close() == (0, "")


def test_end_of_input_ends_the_engine_cleanly() -> None:
    engine = Engine()
    engine.send("go depth 2")
    engine.expect("bestmove")
    assert engine.process.stdin is not None
    engine.process.stdin.close()
    assert engine.process.wait(TIMEOUT) == 0
    assert engine.close() == (0, "")


# --- a whole game through python-ataxx's client -------------------------------------------------


@pytest.mark.filterwarnings("ignore:line buffering")  # python-ataxx opens its pipes with bufsize=1
def test_a_whole_game_through_python_ataxx(monkeypatch: pytest.MonkeyPatch) -> None:
    ataxx = pytest.importorskip("ataxx")
    importlib.import_module("ataxx.uai")

    # python-ataxx hands its target straight to subprocess.Popen: a command list
    # works, and the module must be importable from the working directory.
    monkeypatch.chdir(ROOT)
    red, blue = ataxx.uai.Engine(COMMAND), ataxx.uai.Engine(COMMAND)
    try:
        for player in (red, blue):
            player.uai()
            player.isready(TIMEOUT)
        assert red.name is not None and red.name.startswith("Attax Arcade")
        blue.setoption("Level", "skilled")
        ours, theirs = Board(), ataxx.Board()
        played: list[str] = []
        while ours.outcome() is None and not theirs.gameover():
            player = red if ours.turn is Side.RED else blue
            player.position(STARTPOS, " ".join(played))
            # Fixed depths, not a movetime: the game is the same on a busy machine (a late search would
            # be answered by the watchdog with a weaker move, and the game could end in a few moves).
            move, _ = player.go(depth=3 if player is red else 2, maxwait=TIMEOUT)
            assert move is not None, f"no answer after {played}"
            assert ours.is_legal(Move.from_uai(move)), f"{move} is illegal after {played}"
            ours.push_uai(move)
            theirs.makemove(ataxx.Move.from_san(move))
            played.append(move)
            assert theirs.get_fen() == ours.fen()
        assert len(played) >= 10
        assert ours.outcome() is not None
    finally:
        for player in (red, blue):
            # Engine.quit() closes the pipes under its reader thread's feet;
            # stop the reader first, then let the engine exit on its own.
            player.client.stop.set()
            player.send_line("quit")
            assert player.client.process.wait(TIMEOUT) == 0
            player.client.listener.join(TIMEOUT)
            player.client.process.stdin.close()
            player.client.process.stdout.close()


# --- the pure parts ---------------------------------------------------------------------------------


def test_parse_go() -> None:
    assert parse_go([]) == GoParams()
    assert parse_go(
        ["wtime", "1000", "btime", "2000", "winc", "10", "binc", "20", "movestogo", "5"]
    ) == GoParams(wtime=1000, btime=2000, winc=10, binc=20, movestogo=5)
    assert parse_go(["infinite"]).infinite
    with pytest.raises(UaiError, match="unknown go parameter"):
        parse_go(["ponder"])


def test_time_limits() -> None:
    assert time_limits(GoParams(), Side.RED) == (None, None)
    soft, hard = time_limits(GoParams(wtime=1000, btime=90_000), Side.BLUE)
    assert soft is not None and hard is not None
    assert soft <= hard <= 1000 / 3 / 1000
    # Red's clock is btime: a long clock for Blue does not help Red.
    soft, hard = time_limits(GoParams(wtime=90_000, btime=600), Side.RED)
    assert hard is not None and hard <= 0.2
    # movetime and a clock together: the tighter wins.
    assert time_limits(GoParams(movetime=100, btime=90_000), Side.RED) == pytest.approx((0.09, 0.09))


def test_a_clock_is_spread_over_the_moves_the_board_has_left() -> None:
    clock = GoParams(btime=60_000)
    opening = time_limits(clock, Side.RED, empty_squares=45)
    middle = time_limits(clock, Side.RED, empty_squares=20)
    ending = time_limits(clock, Side.RED, empty_squares=3)
    assert opening[0] is not None and middle[0] is not None and ending[0] is not None
    # 45 empty squares: about 27 moves each to go; 20: about 14; at the end never fewer than 8.
    assert opening[0] < middle[0] < ending[0] <= 60 / 8
    assert opening[0] == pytest.approx(60 / 27 - 0.03)
    # movestogo, when given, is used if it is fewer than the board's estimate.
    assert time_limits(GoParams(btime=60_000, movestogo=5), Side.RED, 45)[0] == pytest.approx(60 / 5 - 0.03)
    # Never more than a third of what is left, however few moves remain.
    assert all(hard is not None and hard <= 20 for _soft, hard in (opening, middle, ending))


# --- in-process: what a pipe cannot provoke -------------------------------------------------------


class Recorder:
    """Collects the engine's output lines."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.changed = threading.Condition()

    def __call__(self, line: str) -> None:
        with self.changed:
            self.lines.append(line)
            self.changed.notify_all()

    def wait_for(self, prefix: str, timeout: float = TIMEOUT) -> str:
        """The first line that starts with ``prefix``, once it has come."""
        with self.changed:
            assert self.changed.wait_for(
                lambda: any(line.startswith(prefix) for line in self.lines), timeout
            ), f"no {prefix!r} in {self.lines}"
            return next(line for line in self.lines if line.startswith(prefix))

    def count(self, prefix: str) -> int:
        with self.changed:
            return sum(line.startswith(prefix) for line in self.lines)


class HeldTimer:
    """The engine's watchdog timer, held: it never goes off."""

    made: ClassVar[list[HeldTimer]] = []

    def __init__(self, interval: float, function: Any, args: tuple[Any, ...] = ()) -> None:
        self.interval = interval
        self.function = function
        self.args = args
        self.daemon = False
        self.started = self.cancelled = False
        HeldTimer.made.append(self)

    def start(self) -> None:
        self.started = True

    def cancel(self) -> None:
        self.cancelled = True


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> StoppedClock:
    """A stopped clock for the engine and its search, and watchdog timers that never go off."""
    stopped = StoppedClock().install(monkeypatch)
    monkeypatch.setattr(threading, "Timer", HeldTimer)
    monkeypatch.setattr(HeldTimer, "made", [])
    return stopped


@pytest.fixture
def output() -> Recorder:
    """What the ``in_process`` engine writes."""
    return Recorder()


@pytest.fixture
def in_process(output: Recorder) -> Iterator[UaiEngine]:
    """The engine in this process, writing to ``output``; shut down after the test."""
    instance = UaiEngine(output)
    yield instance
    instance.shutdown()


def test_movetime_stops_the_search_with_a_watchdog_behind_it(
    clock: StoppedClock, output: Recorder, in_process: UaiEngine
) -> None:
    in_process.handle("position startpos moves b6 f6 f2 b2")
    in_process.handle("go movetime 300")
    output.wait_for("info depth 2")  # searching, and with the clock stopped it would go on for ever
    [watchdog] = HeldTimer.made
    assert watchdog.started and watchdog.interval == pytest.approx(0.3 + uai.WATCHDOG_GRACE)
    assert output.count("bestmove") == 0
    clock.now += 0.3  # the movetime is up: the search stops itself, its watchdog held back
    line = output.wait_for("bestmove")
    assert Move.from_uai(line.split()[1]) in board_after("b6", "f6", "f2", "b2").legal_moves()
    assert watchdog.cancelled  # the search answered: the watchdog is called off


def test_a_clock_is_kept_to_a_third_of_what_is_left(
    clock: StoppedClock, output: Recorder, in_process: UaiEngine
) -> None:
    in_process.handle("position startpos moves b6")
    in_process.handle("go wtime 3000 btime 3000 winc 0 binc 0")  # Blue to move: wtime
    output.wait_for("info depth 2")
    [watchdog] = HeldTimer.made
    assert watchdog.interval <= 1.0 + uai.WATCHDOG_GRACE
    clock.now += 1.0  # a third of the clock: the search must have stopped by now
    assert Move.from_uai(output.wait_for("bestmove").split()[1]) in board_after("b6").legal_moves()


def test_a_clock_below_zero_answers_without_waiting_for_the_clock(
    clock: StoppedClock, output: Recorder, in_process: UaiEngine
) -> None:
    # The clock never moves: only a search given no time at all can answer (a level's think time never ends).
    in_process.handle("position startpos moves b6")
    in_process.handle("go wtime -5 btime -5")
    assert Move.from_uai(output.wait_for("bestmove").split()[1]) in board_after("b6").legal_moves()
    assert "info string go btime below 0 taken as 0" in output.lines


def test_a_finished_infinite_search_waits_for_stop(output: Recorder, in_process: UaiEngine) -> None:
    waiting = threading.Event()
    original = threading.Event.wait

    def wait(event: threading.Event, timeout: float | None = None) -> bool:
        task = in_process._task
        if task is not None and event is task.stop and threading.current_thread() is task.thread:
            waiting.set()  # the search's own thread is done and waits for stop
        return original(event, timeout)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(threading.Event, "wait", wait)
        in_process.handle("go depth 2 infinite")
        assert waiting.wait(TIMEOUT), "the finished search did not wait"
        assert output.count("info depth 2") == 1 and output.count("bestmove") == 0
        in_process.handle("stop")
        assert Move.from_uai(output.wait_for("bestmove").split()[1]) in Board().legal_moves()


class LateSearcher:
    """A searcher that reports depth 1 and then overruns every limit, deaf to stop, until the test lets it
    finish (``finish``)."""

    made: ClassVar[list[LateSearcher]] = []

    def __init__(self, hash_mb: int = 16) -> None:
        self.finish = threading.Event()
        self.finished = threading.Event()
        LateSearcher.made.append(self)

    def new_game(self) -> None:
        pass

    def search(self, board, limits, stop=None, on_info=None, *, only=None):  # type: ignore[no-untyped-def]
        move = board.legal_moves()[-1]
        if on_info is not None:
            on_info(SearchInfo(1, 0, 1, 0.001, (move,)))
        assert self.finish.wait(TIMEOUT)
        self.finished.set()
        return board.legal_moves()[0], None


class BrokenSearcher(LateSearcher):
    def search(self, board, limits, stop=None, on_info=None, *, only=None):  # type: ignore[no-untyped-def]
        raise RuntimeError("the search broke")


def test_the_watchdog_answers_when_the_search_is_late(
    monkeypatch: pytest.MonkeyPatch, output: Recorder, in_process: UaiEngine
) -> None:
    monkeypatch.setattr(uai, "Searcher", LateSearcher)
    monkeypatch.setattr(LateSearcher, "made", [])
    board = board_after("b6")
    in_process.handle("position startpos moves b6")
    in_process.handle("go movetime 100")
    # Only the watchdog can answer: the search never ends until the test lets it.
    line = output.wait_for("bestmove")
    [searcher] = LateSearcher.made
    assert not searcher.finished.is_set()
    assert line == f"bestmove {board.legal_moves()[-1]}"  # the best move reported so far
    # The late search's own answer (another move) is dropped: one bestmove per go.
    searcher.finish.set()
    in_process.shutdown()
    assert searcher.finished.wait(TIMEOUT)
    assert output.count("bestmove") == 1


def test_a_failing_search_still_answers(
    monkeypatch: pytest.MonkeyPatch, output: Recorder, in_process: UaiEngine
) -> None:
    monkeypatch.setattr(uai, "Searcher", BrokenSearcher)
    in_process.handle("go depth 3")
    line = output.wait_for("bestmove")
    assert Move.from_uai(line.split()[1]) in Board().legal_moves()
    errors = [text for text in output.lines if text.startswith("info string error")]
    assert errors == ["info string error internal error: RuntimeError: the search broke"]
    assert in_process.handle("isready")
    assert output.lines[-1] == "readyok"


def test_a_clock_below_zero_is_taken_as_zero_and_a_legal_move_comes(engine: Engine) -> None:
    """``go wtime -5 btime -5`` (a clock that ran over) answers a legal move, never only an error (at once:
    test_a_clock_below_zero_answers_without_waiting_for_the_clock)."""
    engine.send("position startpos moves b6")
    engine.send("go wtime -5 btime -5")
    lines = engine.expect("bestmove")
    assert (
        "info string go wtime below 0 taken as 0" in lines
        and "info string go btime below 0 taken as 0" in lines
    )
    assert Move.from_uai(bestmove(lines)) in board_after("b6").legal_moves()
    engine.send("go movetime -50")
    assert Move.from_uai(bestmove(engine.expect("bestmove"))) in board_after("b6").legal_moves()


def test_searchmoves_limits_the_answer_and_says_what_it_left_out(engine: Engine) -> None:
    engine.send("position startpos")
    engine.send("go depth 3 searchmoves a7a5 zz g1")
    lines = engine.expect("bestmove")
    assert bestmove(lines) == "a7a5"
    assert any("'zz' is not a legal move here" in line for line in lines)
    assert any("'g1' is not a legal move here" in line for line in lines)  # Blue's piece is there
    # Nothing legal among them: the whole position is searched, and a legal move still comes.
    engine.send("go depth 2 searchmoves d4d6")
    lines = engine.expect("bestmove")
    assert any("no legal move given" in line for line in lines)
    assert Move.from_uai(bestmove(lines)) in Board().legal_moves()


def test_the_command_runs_the_engine_of_the_game_named_and_refuses_a_game_without_one(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ai import uai as command

    ran: list[str] = []
    monkeypatch.setattr(command, "resolve", lambda path: lambda: ran.append(path) or 0)
    offered = [definition.key for definition in command.uai_games()]
    assert offered == ["ataxx"]
    assert command.main(["--game", "ataxx"]) == 0
    assert command.main([]) == 0  # the only game with an engine needs no naming
    assert len(ran) == 2
    assert command.main(["--game", "lionheart"]) == 2
    assert "'lionheart' has no UAI engine here; the games that do: ataxx" in capsys.readouterr().err
    assert command.main(["--game"]) == 2
    assert "usage: python -m game.ai.uai [--game {ataxx}]" in capsys.readouterr().err
    assert len(ran) == 2


@pytest.mark.parametrize("stability", [True, False], ids=["stability", "plain"])
def test_a_clock_plans_by_the_best_moves_stability_when_told_a_movetime_is_spent_whole(
    output: Recorder, in_process: UaiEngine, monkeypatch: pytest.MonkeyPatch, stability: bool
) -> None:
    monkeypatch.setattr(uai, "CLOCK_STABILITY", stability)
    seen: list[SearchLimits] = []

    def recording(
        searcher: Searcher, board: Board, limits: SearchLimits, *args: object, **kwargs: object
    ) -> tuple[Move, None]:
        seen.append(limits)
        return board.legal_moves()[0], None

    monkeypatch.setattr(Searcher, "search", recording)
    in_process.handle("position startpos")
    in_process.handle("go wtime 60000 btime 60000 winc 500 binc 500")
    output.wait_for("bestmove")
    in_process.handle("go movetime 500")
    assert wait_for(lambda: output.count("bestmove") == 2)
    clock, fixed = seen
    assert clock.stability is stability and clock.soft_time is not None
    assert clock.hard_time is not None and clock.soft_time < clock.hard_time
    assert not fixed.stability and fixed.soft_time == fixed.hard_time
