"""The AI worker: tickets, progress, cancel, supersede, errors, crashes, both ways of running.

Every behavioural test runs twice: with the search in the worker's thread and
in its child process. A fake game (its rules and AI in a module written to a
temporary folder that the child process finds through ``PYTHONPATH``, and a
definition handed to the worker through its ``games=`` lookup) makes the AI
raise, crash, hang or answer nonsense on demand: the position text says how.
"""

from __future__ import annotations

import io
import json
import os
import random
import signal
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from types import ModuleType

import pytest

from game import games
from game.ai.ataxx.levels import HINT_LEVEL, LEVELS
from game.ai.ataxx.player import AI, board_from_text
from game.ai.worker import AIState, AIStatus, AIWorker, managers
from game.ai.worker.child import child_main
from game.engine.ataxx import Board, Move
from game.engine.ataxx.rules import RULES
from game.engine.match import Match
from game.engine.rules import history_text, replay

MODES = ["thread", "process"]
# Time for a fresh child process to start and import the search, on a slow machine.
STARTUP = 10.0

FAKE_MODULE = "fake_game_for_worker_tests"
FAKE_SOURCE = '''
"""A fake game for the worker's tests: its AI misbehaves as the position's text says."""

from __future__ import annotations

import dataclasses
import os
import sys
import time

from game.ai.api import Level, Progress
from game.engine.core import Trait
from game.engine.rules import split_history_text


@dataclasses.dataclass(frozen=True)
class Action:
    """A move of the fake game: one action of a turn."""

    text: str

    def __str__(self) -> str:
        return self.text


class Position:
    """The start text is the AI's mode; the actions played are the history."""

    turn = 0

    def __init__(self, mode: str) -> None:
        self.mode = mode
        self.played: list[Action] = []

    def legal_moves(self) -> list[Action]:
        # "step-N" is legal only after exactly N actions: legality needs the history.
        names = ["ok", *(f"count-{n}" for n in range(1, 10)), f"step-{len(self.played)}"]
        return [Action(name) for name in names]

    def push(self, move: Action) -> None:
        if move not in self.legal_moves():
            raise ValueError(f"illegal fake action {move}")
        self.played.append(move)

    def pop(self) -> Action:
        return self.played.pop()


class Rules:
    key = "fake"
    traits = frozenset({Trait.ALTERNATING, Trait.REPEATED_SEATS})

    def new_position(self, text: str | None = None) -> Position:
        return Position(text or "ok")

    def parse_move(self, text: str) -> Action:
        if not text or " " in text:
            raise ValueError(f"{text!r} is not one fake action")
        return Action(text)


LEVEL = Level("fake", "Fake", "Misbehaves on demand.", 1.0, 0.5)


class FakeAI:
    levels = (LEVEL,)
    hint_level = LEVEL
    handles = frozenset(Trait)

    def level(self, key: str) -> Level:
        if key != "fake":
            raise ValueError(f"unknown fake level {key!r}")
        return LEVEL

    def choose(self, position, level, *, stop, on_progress, rng, time_budget, memory):
        mode, moves = split_history_text(position)
        if mode == "count":  # how many searches this worker has run: memory lasts
            memory["searches"] = memory.get("searches", 0) + 1
            return f"count-{memory['searches']}"
        if mode == "raise":
            raise RuntimeError("boom from the fake AI")
        if mode == "crash":
            print("fatal: the fake AI crashed", file=sys.stderr, flush=True)
            os._exit(3)
        if mode == "hang":
            on_progress(Progress(1, 0, 1, 0.0))  # "it has started": the tests wait for this
            time.sleep(60)  # deaf to stop, like a search stuck in C code
        if mode == "illegal":
            return "not-a-move"
        if mode == "two":  # a whole turn at once instead of one action
            return "ok ok"
        if mode == "step":  # one action, the one due after the history
            return f"step-{len(moves)}"
        if mode == "stale":  # the action due at the start, whatever was played since
            return "step-0"
        return "ok"

    def describe_score(self, score):
        return "{score}", {"score": score}


RULES = Rules()
AI = FakeAI()
'''

FAKE = games.GameDefinition(
    key="fake",
    name="Fake",
    tagline="A game for the worker's tests",
    seats={},
    tile=f"{FAKE_MODULE}:draw_tile",
    rules=f"{FAKE_MODULE}:RULES",
    ai=f"{FAKE_MODULE}:AI",
)
# A game with rules but no computer opponent.
NO_AI = games.GameDefinition(
    key="no-ai", name="No AI", tagline="", seats={}, tile=f"{FAKE_MODULE}:draw_tile", rules=FAKE.rules
)


def lookup(key: str) -> games.GameDefinition:
    """The registry, plus the fake games."""
    for definition in (FAKE, NO_AI):
        if definition.key == key:
            return definition
    return games.game(key)


@pytest.fixture(scope="module")
def fake_game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The fake game's module, importable here and in the child (through PYTHONPATH)."""
    folder = tmp_path_factory.mktemp("fake_game")
    (folder / f"{FAKE_MODULE}.py").write_text(textwrap.dedent(FAKE_SOURCE), encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(folder))
        patch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(folder), os.environ.get("PYTHONPATH")])))
        yield __import__(FAKE_MODULE)
        sys.modules.pop(FAKE_MODULE, None)


@pytest.fixture(params=MODES)
def ai(request: pytest.FixtureRequest) -> Iterator[AIWorker]:
    """A worker in each mode that knows the fake games, closed after the test."""
    with AIWorker(use_process=request.param == "process", games=lookup) as instance:
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


def ask(ai: AIWorker, position: str, level: str = "fake", **options: object) -> AIStatus:
    """Request and wait for the answer (the fake game by default)."""
    game = "fake" if level == "fake" else "ataxx"
    return wait_finished(ai, ai.request(game, position, level, **options))  # type: ignore[arg-type]


def start_long_search(ai: AIWorker, position: str) -> int:
    """A search that would run for seconds, once it is really running (progress seen)."""
    ticket = ai.request("ataxx", position, "master", time_budget=3.0)
    assert wait_for(lambda: ai.poll(ticket).progress is not None), "the search never reported progress"
    assert ai.poll(ticket).state is AIState.THINKING
    return ticket


MIDGAME_MOVES = ["b6", "f6", "f2", "b2", "c5", "e5", "g1e3"]
MIDGAME = history_text(RULES.start_text, MIDGAME_MOVES)


def legal(position: str) -> list[Move]:
    return board_from_text(position).legal_moves()


# --- the happy path ---------------------------------------------------------------


def test_request_returns_at_once(ai: AIWorker) -> None:
    durations = []
    for _ in range(5):
        start = time.perf_counter()
        ai.request("ataxx", MIDGAME, "master", time_budget=0.05)
        durations.append(time.perf_counter() - start)
    assert max(durations) < 0.020


def test_progress_then_done_with_a_legal_move(ai: AIWorker) -> None:
    ticket = ai.request("ataxx", MIDGAME, LEVELS[-1].key, time_budget=0.2)
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
    assert status.move in legal(MIDGAME)
    assert status.error is None
    assert status.progress is not None and status.progress.depth >= depths[-1]
    assert status.progress.pv and isinstance(status.progress.pv[0], Move)
    assert status.progress.nodes > 0


def test_the_hint_level_and_the_weak_levels_answer(ai: AIWorker) -> None:
    for level in (HINT_LEVEL, LEVELS[0], LEVELS[1]):
        status = ask(ai, MIDGAME, level.key, time_budget=0.1, seed=3)
        assert status.state is AIState.DONE, status.error
        assert status.move in legal(MIDGAME)


def test_the_answer_is_for_the_position_asked_about(ai: AIWorker) -> None:
    match = Match(RULES)
    for text in MIDGAME_MOVES:
        match.play(RULES.parse_move(text))
    asked = match.position_text()
    legal_then = match.legal_moves()
    ticket = ai.request("ataxx", asked, "master", time_budget=0.15)
    # The scene goes on with its match at once; the search must not notice.
    match.play(match.legal_moves()[0])
    status = wait_finished(ai, ticket)
    assert status.state is AIState.DONE, status.error
    assert status.move in legal_then


def test_the_position_text_carries_the_history(ai: AIWorker) -> None:
    # Red is far behind; both sides jumped out and back, so Red's jump a7c7 now
    # repeats a position of the history, which the search scores as a draw.
    start = "x6/7/7/7/4ooo/4ooo/4ooo x 0 1"
    shuffled = history_text(start, ["a7c7", "g3g5", "c7a7", "g5g3"])
    board = board_from_text(shuffled)
    assert board.fen() != start and board.repetition_count() == 2  # the same board, clocks aside
    with_history = ask(ai, shuffled, "master", time_budget=0.3)
    assert with_history.state is AIState.DONE, with_history.error
    assert with_history.move == Move.from_uai("a7c7")
    assert with_history.progress is not None and with_history.progress.score == 0
    # The same board without its history: nothing repeats, and Red is lost.
    bare = ask(ai, board.fen(), "master", time_budget=0.3)
    assert bare.state is AIState.DONE, bare.error
    assert bare.move != Move.from_uai("a7c7")
    assert bare.progress is not None and bare.progress.score <= -300  # far behind, not the draw above


def test_one_action_at_a_time_as_a_legal_move_of_the_game(ai: AIWorker, fake_game: ModuleType) -> None:
    # Ataxx: a parsed Move, legal where it was asked.
    status = ask(ai, MIDGAME, "beginner", seed=1)
    assert status.state is AIState.DONE, status.error
    assert type(status.move) is Move and status.move in legal(MIDGAME)
    # The fake game: one action per request, each checked after the history.
    played: list[str] = []
    for step in range(3):
        status = ask(ai, history_text("step", played))
        assert status.state is AIState.DONE, status.error
        assert type(status.move) is fake_game.Action
        assert status.move == fake_game.Action(f"step-{step}")
        played.append(str(status.move))
    assert [str(move) for move in replay(fake_game.RULES, history_text("step", played)).played] == [
        "step-0",
        "step-1",
        "step-2",
    ]
    # An answer legal at the start but not after the history is refused...
    status = ask(ai, history_text("stale", ["ok", "ok"]))
    assert status.state is AIState.ERROR
    assert "step-0" in (status.error or "") and "not a legal move" in (status.error or "")
    assert status.move is None
    # ...and so is a whole turn at once.
    status = ask(ai, "two")
    assert status.state is AIState.ERROR
    assert "not one fake action" in (status.error or "")


def test_same_seed_same_move_in_both_modes() -> None:
    moves = []
    for mode in MODES:
        with AIWorker(use_process=mode == "process") as ai:  # the registry itself
            status = ask(ai, MIDGAME, "beginner", seed=12345, time_budget=0.1)
            assert status.state is AIState.DONE, status.error
            moves.append(status.move)
    assert moves[0] == moves[1]


# --- cancel and supersede ---------------------------------------------------------------


def test_cancel_stops_the_search_within_100_ms(ai: AIWorker) -> None:
    ticket = start_long_search(ai, MIDGAME)
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
    status = wait_finished(ai, ai.request("ataxx", MIDGAME, "master", time_budget=0.05), timeout=2.0)
    assert status.state is AIState.DONE, status.error


def test_cancel_without_a_request_is_harmless(ai: AIWorker) -> None:
    ai.cancel()
    status = wait_finished(ai, ai.request("ataxx", MIDGAME, "beginner", time_budget=0.05))
    assert status.state is AIState.DONE
    ai.cancel()  # after it finished: nothing changes
    assert ai.poll(1).state is AIState.DONE


def test_a_new_request_supersedes_the_old_one(ai: AIWorker) -> None:
    old = start_long_search(ai, MIDGAME)
    # A different position: a stale answer would be illegal here.
    second = "7/7/7/3x3/7/7/3o3 o 0 1"
    new = ai.request("ataxx", second, "master", time_budget=0.1)
    assert ai.poll(old).state is AIState.UNKNOWN
    status = wait_finished(ai, new)
    assert status.state is AIState.DONE, status.error
    assert status.move in legal(second)
    assert ai.poll(old).state is AIState.UNKNOWN
    assert ai.wait_idle(1.0)


def test_many_quick_requests_end_with_the_last(ai: AIWorker) -> None:
    tickets = [ai.request("ataxx", MIDGAME, "master", time_budget=0.5) for _ in range(10)]
    status = wait_finished(ai, tickets[-1])
    assert status.state is AIState.DONE, status.error
    assert all(ai.poll(ticket).state is AIState.UNKNOWN for ticket in tickets[:-1])
    assert ai.wait_idle(2.0)


def test_unknown_tickets(ai: AIWorker) -> None:
    assert ai.poll(0).state is AIState.UNKNOWN
    assert ai.poll(12345).state is AIState.UNKNOWN


# --- errors -----------------------------------------------------------------------------


def test_an_exception_in_the_search_is_reported(ai: AIWorker, fake_game: ModuleType) -> None:
    status = ask(ai, "raise")
    assert status.state is AIState.ERROR
    assert status.error == "RuntimeError: boom from the fake AI"
    assert status.traceback is not None and "boom from the fake AI" in status.traceback
    assert "in choose" in status.traceback
    assert status.move is None
    # The worker is not harmed.
    status = ask(ai, "ok")
    assert status.state is AIState.DONE and status.move == fake_game.Action("ok")
    status = ask(ai, MIDGAME, "beginner", time_budget=0.05)
    assert status.state is AIState.DONE, status.error


def test_the_game_memory_lasts_from_one_request_to_the_next(ai: AIWorker, fake_game: ModuleType) -> None:
    moves = [str(ask(ai, "count").move) for _ in range(3)]
    assert moves == ["count-1", "count-2", "count-3"]


def test_strong_levels_keep_their_transposition_table_and_weak_ones_start_afresh() -> None:
    memory: dict = {}
    options = {
        "stop": threading.Event(),
        "on_progress": lambda progress: None,
        "rng": random.Random(1),
        "time_budget": None,
        "memory": memory,
    }
    AI.choose(MIDGAME, "beginner", **options)  # type: ignore[arg-type]
    assert "searcher" not in memory
    options["time_budget"] = 0.05
    AI.choose(MIDGAME, "master", **options)  # type: ignore[arg-type]
    searcher = memory["searcher"]
    AI.choose(MIDGAME, "hint", **options)  # type: ignore[arg-type]
    assert memory["searcher"] is searcher


def test_an_illegal_answer_is_an_error(ai: AIWorker, fake_game: ModuleType) -> None:
    status = ask(ai, "illegal")
    assert status.state is AIState.ERROR
    assert "not a legal move" in (status.error or "")
    assert status.move is None


def test_a_game_over_position_is_an_error(ai: AIWorker) -> None:
    status = ask(ai, "xxxxxxx/7/7/7/7/7/7 o 0 1", "master")
    assert status.state is AIState.ERROR
    assert (status.error or "").startswith("ValueError: ")
    assert "over" in (status.error or "")


def test_a_bad_position_text_is_an_error(ai: AIWorker) -> None:
    status = ask(ai, history_text(RULES.start_text, ["b6", "b6"]), "beginner")
    assert status.state is AIState.ERROR
    assert (status.error or "").startswith("IllegalMoveError: move 2 (b6): illegal move b6")
    status = ask(ai, "x5o/7/7 x 0 1", "beginner")
    assert status.state is AIState.ERROR
    assert (status.error or "").startswith("InvalidFenError: ")
    # The worker is not harmed.
    status = ask(ai, MIDGAME, "beginner", time_budget=0.05)
    assert status.state is AIState.DONE, status.error


def test_bad_requests_raise_at_once(ai: AIWorker) -> None:
    with pytest.raises(ValueError, match="position"):
        ai.request("ataxx", Board(), "master")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="position"):
        ai.request("ataxx", None, "master")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown level"):
        ai.request("ataxx", MIDGAME, "grandmaster")
    with pytest.raises(ValueError, match="time_budget"):
        ai.request("ataxx", MIDGAME, "master", time_budget=-1)
    with pytest.raises(ValueError, match="time_budget"):
        ai.request("ataxx", MIDGAME, "master", time_budget=float("inf"))
    with pytest.raises(ValueError, match="seed"):
        ai.request("ataxx", MIDGAME, "master", seed="x")  # type: ignore[arg-type]
    # Nothing was started by any of them.
    assert ai.poll(1).state is AIState.UNKNOWN
    assert ai.wait_idle(0)


def test_a_level_is_given_by_its_key(ai: AIWorker) -> None:
    with pytest.raises(ValueError, match="key"):
        ai.request("ataxx", MIDGAME, LEVELS[-1])  # type: ignore[arg-type]
    status = ask(ai, MIDGAME, LEVELS[0].key, time_budget=0.05)
    assert status.state is AIState.DONE, status.error


def test_games_are_looked_up_by_key(ai: AIWorker, fake_game: ModuleType) -> None:
    with pytest.raises(games.UnknownGameError, match=r"chess.*ataxx, attangle, lionheart"):
        ai.request("chess", MIDGAME, "master")
    # The registry's games without a computer opponent (yet; none once every game has landed), and a fake one.
    for key in [definition.key for definition in games.GAMES if definition.ai is None] + ["no-ai"]:
        with pytest.raises(LookupError, match="no computer opponent") as caught:
            ai.request(key, "whatever", "master")
        assert not isinstance(caught.value, KeyError)
    # Levels are the game's own: the fake AI knows only its level, Ataxx not that one.
    with pytest.raises(ValueError, match="unknown fake level"):
        ai.request("fake", "ok", "master")
    with pytest.raises(ValueError, match="unknown level"):
        ai.request("ataxx", MIDGAME, "fake")
    assert ai.wait_idle(0)


def test_the_default_lookup_is_the_registry(fake_game: ModuleType) -> None:
    with AIWorker(use_process=False) as plain:
        with pytest.raises(KeyError, match="fake"):
            plain.request("fake", "ok", "fake")
        status = wait_finished(plain, plain.request("ataxx", MIDGAME, "beginner", time_budget=0.05))
        assert status.state is AIState.DONE, status.error


# --- the child process --------------------------------------------------------------------


@pytest.fixture
def process_ai() -> Iterator[AIWorker]:
    with AIWorker(use_process=True, games=lookup) as instance:
        yield instance


def test_a_killed_child_is_an_error_and_the_next_request_works(process_ai: AIWorker) -> None:
    ticket = start_long_search(process_ai, MIDGAME)
    pid = process_ai.child_pid
    assert pid is not None
    os.kill(pid, getattr(signal, "SIGKILL", signal.SIGTERM))
    status = wait_finished(process_ai, ticket, timeout=5.0)
    assert status.state is AIState.ERROR
    assert "exited unexpectedly" in (status.error or "")
    status = ask(process_ai, MIDGAME, "master", time_budget=0.05)
    assert status.state is AIState.DONE, status.error
    assert status.move in legal(MIDGAME)
    assert process_ai.child_pid not in (None, pid)


def test_a_crash_inside_the_child_is_explained(process_ai: AIWorker, fake_game: ModuleType) -> None:
    status = ask(process_ai, "crash")
    assert status.state is AIState.ERROR
    assert "exit code 3" in (status.error or "")
    assert "fatal: the fake AI crashed" in (status.error or "")
    status = ask(process_ai, "ok")
    assert status.state is AIState.DONE, status.error


def test_a_hung_child_is_killed_after_cancel(
    process_ai: AIWorker, fake_game: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(managers, "STOP_GRACE", 0.3)
    ticket = process_ai.request("fake", "hang", "fake")
    assert wait_for(lambda: process_ai.child_pid is not None)
    pid = process_ai.child_pid
    assert wait_for(lambda: process_ai.poll(ticket).progress is not None)  # it is stuck in the search
    process_ai.cancel()
    assert process_ai.poll(ticket).state is AIState.CANCELLED
    assert process_ai.wait_idle(3.0)
    status = ask(process_ai, "ok")
    assert status.state is AIState.DONE, status.error
    assert process_ai.child_pid not in (None, pid)


def test_a_child_that_cannot_start_is_an_error(process_ai: AIWorker, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "executable", "/nonexistent/python-for-the-ai")
    status = ask(process_ai, MIDGAME, "beginner")
    assert status.state is AIState.ERROR
    assert "FileNotFoundError" in (status.error or "")
    monkeypatch.undo()
    status = ask(process_ai, MIDGAME, "beginner", time_budget=0.05)
    assert status.state is AIState.DONE, status.error


def test_warm_up_starts_the_child(process_ai: AIWorker) -> None:
    assert process_ai.child_pid is None  # nothing heavy before it is needed
    process_ai.warm_up()
    assert wait_for(lambda: process_ai.child_pid is not None)


# --- closing ----------------------------------------------------------------------------------


def worker_threads() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name.startswith("ai-")]


def test_close_is_idempotent_and_leaves_nothing_running(ai: AIWorker) -> None:
    ticket = start_long_search(ai, MIDGAME)
    manager = ai._process
    child = manager.child if manager is not None else None
    assert (child is not None) == ai.use_process
    ai.close()
    assert ai.poll(ticket).state is AIState.CANCELLED
    ai.close()
    assert worker_threads() == []
    if child is not None:
        assert child.process.poll() is not None
    with pytest.raises(RuntimeError, match="closed"):
        ai.request("ataxx", MIDGAME, "master")
    ai.cancel()  # harmless after close


def test_close_before_any_request(ai: AIWorker) -> None:
    ai.close()
    ai.close()
    assert worker_threads() == []


def test_close_right_after_request_in_a_with_block() -> None:
    for mode in MODES:
        with AIWorker(use_process=mode == "process") as ai:
            ai.request("ataxx", MIDGAME, "master", time_budget=2.0)
        assert worker_threads() == []


def test_child_main_serves_requests_over_text() -> None:
    # The protocol itself, run in this process: one JSON object per line each way.
    position = history_text(RULES.start_text, ["b6"])
    request = {
        "type": "search",
        "id": 7,
        "ai": games.game("ataxx").ai,
        "position": position,
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

    assert child_main(stdin(), stdout) == 0  # type: ignore[arg-type]
    messages = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert [message["type"] for message in messages] == ["info", "done"]
    assert all(message["id"] == 7 for message in messages)
    assert Move.from_uai(messages[-1]["move"]) in legal(position)
