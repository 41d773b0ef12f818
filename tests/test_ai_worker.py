"""The AI worker: tickets, progress, cancel, supersede, errors, crashes, both ways of running.

Every behavioural test runs twice: with the search in the worker's thread and
in its child process. A fake game (a module written to a temporary folder and
registered like a real game) makes the search raise, crash or hang on demand.
"""

from __future__ import annotations

import dataclasses
import io
import json
import os
import signal
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator

import pytest

from game.ai import worker
from game.ai.ataxx import levels
from game.ai.worker import AIState, AIStatus, AIWorker, game_for, game_named
from game.engine.ataxx import Board, Move

MODES = ["thread", "process"]
# Time for a fresh child process to start and import the search, on a slow machine.
STARTUP = 10.0

FAKE_GAME_MODULE = "fake_game_for_worker_tests"
FAKE_GAME_SOURCE = '''
"""A fake game for the worker's tests: its AI misbehaves as the board says."""

from __future__ import annotations

import os
import sys
import time

from game.ai.worker import register_game


class FakeBoard:
    def __init__(self, mode: str) -> None:
        self.mode = mode

    def legal_moves(self) -> list[str]:
        return ["ok"] + [f"count-{n}" for n in range(1, 10)]


class FakeLevel:
    key = "fake"


def level_by_key(key: str) -> FakeLevel:
    if key != "fake":
        raise ValueError(f"unknown fake level {key!r}")
    return FakeLevel()


def choose_move(board, level, *, stop, on_info, rng, time_budget, memory):
    if board.mode == "count":  # how many searches this worker has run: memory lasts
        memory["searches"] = memory.get("searches", 0) + 1
        return f"count-{memory['searches']}"
    if board.mode == "raise":
        raise RuntimeError("boom from the fake AI")
    if board.mode == "crash":
        print("fatal: the fake AI crashed", file=sys.stderr, flush=True)
        os._exit(3)
    if board.mode == "hang":
        time.sleep(60)  # deaf to stop, like a search stuck in C code
    if board.mode == "illegal":
        return "not-a-move"
    return "ok"


register_game(
    "fake",
    FakeBoard,
    encode_board=lambda board: {"mode": board.mode},
    decode_board=lambda data: FakeBoard(data["mode"]),
    parse_move=str,
    level_by_key=level_by_key,
    choose_move=choose_move,
)
'''


@pytest.fixture(scope="module")
def fake_game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[type]:
    """The fake game's board class, importable here and in the child (through PYTHONPATH)."""
    folder = tmp_path_factory.mktemp("fake_game")
    (folder / f"{FAKE_GAME_MODULE}.py").write_text(textwrap.dedent(FAKE_GAME_SOURCE), encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(folder))
        patch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(folder), os.environ.get("PYTHONPATH")])))
        module = __import__(FAKE_GAME_MODULE)
        yield module.FakeBoard
        sys.modules.pop(FAKE_GAME_MODULE, None)


@pytest.fixture(params=MODES)
def ai(request: pytest.FixtureRequest) -> Iterator[AIWorker]:
    """A worker in each mode, closed after the test."""
    with AIWorker(use_process=request.param == "process") as instance:
        yield instance


def wait_for(condition: Callable[[], bool], timeout: float = STARTUP) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.002)
    return condition()


def wait_finished(ai: AIWorker, ticket: int, timeout: float = STARTUP) -> AIStatus:
    assert wait_for(lambda: ai.poll(ticket).finished, timeout), "the request never finished"
    return ai.poll(ticket)


def start_long_search(ai: AIWorker, board: Board) -> int:
    """A search that would run for seconds, once it is really running (progress seen)."""
    ticket = ai.request(board, "master", time_budget=3.0)
    assert wait_for(lambda: ai.poll(ticket).progress is not None), "the search never reported progress"
    assert ai.poll(ticket).state is AIState.THINKING
    return ticket


def midgame() -> Board:
    board = Board()
    for text in ("b6", "f6", "f2", "b2", "c5", "e5", "g1e3"):
        board.push_uai(text)
    return board


# --- the happy path ---------------------------------------------------------------


def test_request_returns_at_once(ai: AIWorker) -> None:
    board = midgame()
    durations = []
    for _ in range(5):
        start = time.perf_counter()
        ai.request(board, "master", time_budget=0.05)
        durations.append(time.perf_counter() - start)
    assert max(durations) < 0.020


def test_progress_then_done_with_a_legal_move(ai: AIWorker) -> None:
    board = midgame()
    ticket = ai.request(board, levels.LEVELS[-1], time_budget=0.2)
    states = []
    depths = []
    while not (status := ai.poll(ticket)).finished:
        states.append(status.state)
        if status.progress is not None:
            depths.append(status.progress.depth)
        time.sleep(0.001)
    assert set(states) == {AIState.THINKING}
    assert depths, "no progress was visible while thinking"
    assert depths == sorted(depths)
    assert status.state is AIState.DONE, status.error
    assert status.move in board.legal_moves()
    assert status.error is None
    assert status.progress is not None and status.progress.depth >= depths[-1]
    assert status.progress.pv and isinstance(status.progress.pv[0], Move)
    assert status.progress.nodes > 0


def test_the_hint_level_and_the_weak_levels_answer(ai: AIWorker) -> None:
    board = midgame()
    for level in (levels.HINT_LEVEL, levels.LEVELS[0], levels.LEVELS[1]):
        status = wait_finished(ai, ai.request(board, level, time_budget=0.1, seed=3))
        assert status.state is AIState.DONE, status.error
        assert status.move in board.legal_moves()


def test_the_board_is_copied_when_requested(ai: AIWorker) -> None:
    board = midgame()
    fen, moves, legal = board.fen(), board.move_stack, board.legal_moves()
    ticket = ai.request(board, "master", time_budget=0.15)
    assert board.fen() == fen and board.move_stack == moves  # request does not touch it
    # The scene changes its board at once; the search must not notice.
    board.set_fen("x5o/7/7/3-3/7/7/o5x x 0 1")
    status = wait_finished(ai, ticket)
    assert status.state is AIState.DONE, status.error
    assert status.move in legal


def test_the_position_keeps_its_history() -> None:
    # Repetition needs the moves, not only the last position.
    board = Board("x5o/7/7/7/7/7/o5x x 0 1")
    for text in ("a7c7", "g7e7", "c7a7", "e7g7", "a7c7", "g7e7", "c7a7"):
        board.push_uai(text)
    ataxx = game_for(board)
    copy = ataxx.decode_board(ataxx.encode_board(board))
    assert copy.move_stack == board.move_stack
    assert copy.fen() == board.fen() and copy.hash == board.hash
    assert copy.repetition_count() == board.repetition_count() == 2


def test_same_seed_same_move_in_both_modes() -> None:
    board = midgame()
    moves = []
    for mode in MODES:
        with AIWorker(use_process=mode == "process") as ai:
            status = wait_finished(ai, ai.request(board, "beginner", seed=12345, time_budget=0.1))
            assert status.state is AIState.DONE, status.error
            moves.append(status.move)
    assert moves[0] == moves[1]


# --- cancel and supersede ---------------------------------------------------------------


def test_cancel_stops_the_search_within_100_ms(ai: AIWorker) -> None:
    board = midgame()
    ticket = start_long_search(ai, board)
    start = time.monotonic()
    ai.cancel()
    assert ai.poll(ticket).state is AIState.CANCELLED
    assert ai.wait_idle(0.1), "the search was still running 100 ms after cancel"
    assert time.monotonic() - start < 0.1
    # It stays cancelled: the search's late answer is not taken.
    time.sleep(0.05)
    assert ai.poll(ticket).state is AIState.CANCELLED
    assert ai.poll(ticket).move is None
    # And the worker is ready for the next request at once.
    status = wait_finished(ai, ai.request(board, "master", time_budget=0.05), timeout=2.0)
    assert status.state is AIState.DONE, status.error


def test_cancel_without_a_request_is_harmless(ai: AIWorker) -> None:
    ai.cancel()
    status = wait_finished(ai, ai.request(midgame(), "beginner", time_budget=0.05))
    assert status.state is AIState.DONE
    ai.cancel()  # after it finished: nothing changes
    assert ai.poll(1).state is AIState.DONE


def test_a_new_request_supersedes_the_old_one(ai: AIWorker) -> None:
    first_board = midgame()
    old = start_long_search(ai, first_board)
    # A different position: a stale answer would be illegal here.
    second_board = Board("7/7/7/3x3/7/7/3o3 o 0 1")
    new = ai.request(second_board, "master", time_budget=0.1)
    assert ai.poll(old).state is AIState.UNKNOWN
    status = wait_finished(ai, new)
    assert status.state is AIState.DONE, status.error
    assert status.move in second_board.legal_moves()
    assert ai.poll(old).state is AIState.UNKNOWN
    assert ai.wait_idle(1.0)


def test_many_quick_requests_end_with_the_last(ai: AIWorker) -> None:
    board = midgame()
    tickets = [ai.request(board, "master", time_budget=0.5) for _ in range(10)]
    status = wait_finished(ai, tickets[-1])
    assert status.state is AIState.DONE, status.error
    assert all(ai.poll(ticket).state is AIState.UNKNOWN for ticket in tickets[:-1])
    assert ai.wait_idle(2.0)


def test_unknown_tickets(ai: AIWorker) -> None:
    assert ai.poll(0).state is AIState.UNKNOWN
    assert ai.poll(12345).state is AIState.UNKNOWN


# --- errors -----------------------------------------------------------------------------


def test_an_exception_in_the_search_is_reported(ai: AIWorker, fake_game: type) -> None:
    status = wait_finished(ai, ai.request(fake_game("raise"), "fake"))
    assert status.state is AIState.ERROR
    assert status.error == "RuntimeError: boom from the fake AI"
    assert status.traceback is not None and "boom from the fake AI" in status.traceback
    assert "choose_move" in status.traceback
    assert status.move is None
    # The worker is not harmed.
    status = wait_finished(ai, ai.request(fake_game("ok"), "fake"))
    assert status.state is AIState.DONE and status.move == "ok"
    status = wait_finished(ai, ai.request(midgame(), "beginner", time_budget=0.05))
    assert status.state is AIState.DONE, status.error


def test_the_game_memory_lasts_from_one_request_to_the_next(ai: AIWorker, fake_game: type) -> None:
    moves = [wait_finished(ai, ai.request(fake_game("count"), "fake")).move for _ in range(3)]
    assert moves == ["count-1", "count-2", "count-3"]


def test_strong_levels_keep_their_transposition_table_and_weak_ones_start_afresh() -> None:
    from game.ai.worker import game_named

    ataxx_ai = game_named("ataxx")
    memory: dict = {}
    options = {"stop": None, "on_info": None, "rng": None, "time_budget": None, "memory": memory}
    ataxx_ai.choose_move(midgame(), ataxx_ai.level_by_key("beginner"), **options)
    assert "searcher" not in memory
    options["time_budget"] = 0.05
    ataxx_ai.choose_move(midgame(), ataxx_ai.level_by_key("master"), **options)
    searcher = memory["searcher"]
    ataxx_ai.choose_move(midgame(), ataxx_ai.level_by_key("hint"), **options)
    assert memory["searcher"] is searcher


def test_an_illegal_answer_is_an_error(ai: AIWorker, fake_game: type) -> None:
    status = wait_finished(ai, ai.request(fake_game("illegal"), "fake"))
    assert status.state is AIState.ERROR
    assert "not a legal move" in (status.error or "")


def test_a_game_over_position_is_an_error(ai: AIWorker) -> None:
    status = wait_finished(ai, ai.request(Board("xxxxxxx/7/7/7/7/7/7 o 0 1"), "master"))
    assert status.state is AIState.ERROR
    assert (status.error or "").startswith("ValueError: ")
    assert "over" in (status.error or "")


def test_bad_requests_raise_at_once(ai: AIWorker) -> None:
    with pytest.raises(TypeError, match="no AI registered"):
        ai.request("not a board", "master")
    with pytest.raises(ValueError, match="unknown level"):
        ai.request(Board(), "grandmaster")
    with pytest.raises(ValueError, match="time_budget"):
        ai.request(Board(), "master", time_budget=-1)
    with pytest.raises(ValueError, match="time_budget"):
        ai.request(Board(), "master", time_budget=float("inf"))
    with pytest.raises(ValueError, match="seed"):
        ai.request(Board(), "master", seed="x")  # type: ignore[arg-type]


def test_a_home_made_level_is_refused(ai: AIWorker) -> None:
    tweaked = dataclasses.replace(levels.LEVELS[-1], think_time=0.01)
    with pytest.raises(ValueError, match="differs from the registered level"):
        ai.request(Board(), tweaked)


def test_the_registry() -> None:
    ataxx = game_named("ataxx")
    assert game_for(Board()) is ataxx
    assert ataxx.level_by_key("hint") is levels.HINT_LEVEL
    assert ataxx.level_by_key("casual") is levels.level_by_key("casual")
    with pytest.raises(KeyError, match="chess"):
        game_named("chess")


# --- the child process --------------------------------------------------------------------


@pytest.fixture
def process_ai() -> Iterator[AIWorker]:
    with AIWorker(use_process=True) as instance:
        yield instance


def test_a_killed_child_is_an_error_and_the_next_request_works(process_ai: AIWorker) -> None:
    board = midgame()
    ticket = start_long_search(process_ai, board)
    pid = process_ai.child_pid
    assert pid is not None
    os.kill(pid, getattr(signal, "SIGKILL", signal.SIGTERM))
    status = wait_finished(process_ai, ticket, timeout=5.0)
    assert status.state is AIState.ERROR
    assert "exited unexpectedly" in (status.error or "")
    status = wait_finished(process_ai, process_ai.request(board, "master", time_budget=0.05))
    assert status.state is AIState.DONE, status.error
    assert status.move in board.legal_moves()
    assert process_ai.child_pid not in (None, pid)


def test_a_crash_inside_the_child_is_explained(process_ai: AIWorker, fake_game: type) -> None:
    status = wait_finished(process_ai, process_ai.request(fake_game("crash"), "fake"))
    assert status.state is AIState.ERROR
    assert "exit code 3" in (status.error or "")
    assert "fatal: the fake AI crashed" in (status.error or "")
    status = wait_finished(process_ai, process_ai.request(fake_game("ok"), "fake"))
    assert status.state is AIState.DONE, status.error


def test_a_hung_child_is_killed_after_cancel(
    process_ai: AIWorker, fake_game: type, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(worker, "STOP_GRACE", 0.3)
    ticket = process_ai.request(fake_game("hang"), "fake")
    assert wait_for(lambda: process_ai.child_pid is not None)
    time.sleep(0.3)  # let it get stuck
    process_ai.cancel()
    assert process_ai.poll(ticket).state is AIState.CANCELLED
    assert process_ai.wait_idle(3.0)
    status = wait_finished(process_ai, process_ai.request(fake_game("ok"), "fake"))
    assert status.state is AIState.DONE, status.error


def test_a_child_that_cannot_start_is_an_error(process_ai: AIWorker, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "executable", "/nonexistent/python-for-the-ai")
    status = wait_finished(process_ai, process_ai.request(midgame(), "beginner"))
    assert status.state is AIState.ERROR
    assert "FileNotFoundError" in (status.error or "")
    monkeypatch.undo()
    status = wait_finished(process_ai, process_ai.request(midgame(), "beginner", time_budget=0.05))
    assert status.state is AIState.DONE, status.error


def test_warm_up_starts_the_child(process_ai: AIWorker) -> None:
    assert process_ai.child_pid is None  # nothing heavy before it is needed
    process_ai.warm_up()
    assert wait_for(lambda: process_ai.child_pid is not None)


# --- closing ----------------------------------------------------------------------------------


def worker_threads() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name.startswith("ai-")]


def test_close_is_idempotent_and_leaves_nothing_running(ai: AIWorker) -> None:
    board = midgame()
    ticket = start_long_search(ai, board)
    child = ai._child
    ai.close()
    assert ai.poll(ticket).state is AIState.CANCELLED
    ai.close()
    assert worker_threads() == []
    if child is not None:
        assert child.process.poll() is not None
    with pytest.raises(RuntimeError, match="closed"):
        ai.request(board, "master")
    ai.cancel()  # harmless after close


def test_close_before_any_request(ai: AIWorker) -> None:
    ai.close()
    ai.close()
    assert worker_threads() == []


def test_close_right_after_request_in_a_with_block() -> None:
    for mode in MODES:
        with AIWorker(use_process=mode == "process") as ai:
            ai.request(midgame(), "master", time_budget=2.0)
        assert worker_threads() == []


def test_child_main_serves_requests_over_text() -> None:
    # The protocol itself, run in this process: one JSON object per line each way.
    request = {
        "type": "search",
        "id": 7,
        "game": "ataxx",
        "module": "game.ai.worker",
        "board": {"fen": Board().fen(), "moves": ["b6"]},
        "level": "beginner",
        "time_budget": 0.05,
        "seed": 1,
    }
    stdout = io.StringIO()

    def stdin() -> Iterator[str]:
        yield json.dumps(request) + "\n"
        yield "not json\n"
        # Quit only once the answer is out: quit stops whatever is still running.
        assert wait_for(lambda: '"done"' in stdout.getvalue(), 10.0)
        yield json.dumps({"type": "quit"}) + "\n"

    assert worker.child_main(stdin(), stdout) == 0  # type: ignore[arg-type]
    messages = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert [message["type"] for message in messages] == ["info", "done"]
    assert all(message["id"] == 7 for message in messages)
    board = Board()
    board.push_uai("b6")
    assert Move.from_uai(messages[-1]["move"]) in board.legal_moves()
