"""The AI worker: tickets, progress, cancel, supersede, errors, crashes, both ways of running.

Every behavioural test runs twice: with the search in the worker's thread and
in its child process. A fake game (its rules and AI in a module written to a
temporary folder that the child process finds through ``PYTHONPATH``, and a
definition handed to the worker through its ``games=`` lookup) makes the AI
raise, crash, hang, search without end or wait for the test on demand: the
position text says how. One worker per mode serves the module (a child
process started once); the tests about starting, killing and closing one
have their own. Nothing here waits for a length of time: how soon a cancel
takes effect is measured by ``bench/responsiveness.py``.
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
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from waiting import HANG, wait_for

from game import games
from game.ai.ataxx.levels import HINT_LEVEL, LEVELS
from game.ai.ataxx.player import AI, board_from_text
from game.ai.worker import AIState, AIStatus, AIWorker, managers
from game.ai.worker.child import child_main
from game.engine.ataxx import Board, Move
from game.engine.ataxx.rules import RULES
from game.engine.match import Match
from game.engine.rules import history_text, replay

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search

MODES = ["thread", "process"]
GATE = "FAKE_GATE"
"""The environment variable naming the file the fake AI's ``gate`` mode waits for."""

FAKE_MODULE = "fake_game_for_worker_tests"
FAKE_SOURCE = '''
"""A fake game for the worker's tests: its AI misbehaves as the position's text says."""

from __future__ import annotations

import dataclasses
import os
import sys
import time

from game.ai.api import Level, Progress
from game.ai.ataxx.search import Searcher
from game.ai.limits import SearchLimits
from game.engine.ataxx import Board
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
SEARCHED = "x5o/7/2o1x2/7/2x1o2/7/o5x x 0 5"


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
            time.sleep(600)  # deaf to stop, like a search stuck in C code
        if mode == "search":  # the real Ataxx search with no limit: only a stop ends it
            def report(info):
                on_progress(Progress(info.depth, info.score, info.nodes, info.elapsed))

            Searcher(hash_mb=1).search(Board(SEARCHED), SearchLimits(), stop, report)
            return "ok"
        if mode == "gate":  # answers once the test has made the file FAKE_GATE names (or stopped it)
            while not os.path.exists(os.environ["FAKE_GATE"]) and not stop.is_set():
                time.sleep(0.001)
            return "ok"
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
    identity=games.GameIdentity(
        name="Fake", tagline="A game for the worker's tests", seats={}, tile=f"{FAKE_MODULE}:draw_tile"
    ),
    rules=f"{FAKE_MODULE}:RULES",
    ai=f"{FAKE_MODULE}:AI",
)
# A game with rules but no computer opponent.
NO_AI = games.GameDefinition(
    key="no-ai",
    identity=games.GameIdentity(name="No AI", tagline="", seats={}, tile=f"{FAKE_MODULE}:draw_tile"),
    rules=FAKE.rules,
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


@pytest.fixture(scope="module", params=MODES)
def shared_worker(request: pytest.FixtureRequest, fake_game: ModuleType) -> Iterator[AIWorker]:
    """A worker in each mode that knows the fake games, for the whole module: one child process."""
    with AIWorker(use_process=request.param == "process", games=lookup) as instance:
        yield instance


@pytest.fixture
def ai(shared_worker: AIWorker) -> Iterator[AIWorker]:
    """The module's worker, left idle for the next test."""
    yield shared_worker
    shared_worker.cancel()
    assert shared_worker.wait_idle(HANG), "a search was still running after the test"


def worker_threads() -> set[threading.Thread]:
    return {thread for thread in threading.enumerate() if thread.name.startswith("ai-")}


@pytest.fixture
def threads_before() -> set[threading.Thread]:
    """The worker threads running before the test's own worker started (the module's shared workers')."""
    return worker_threads()


@pytest.fixture(params=MODES)
def fresh_ai(
    request: pytest.FixtureRequest, fake_game: ModuleType, threads_before: set[threading.Thread]
) -> Iterator[AIWorker]:
    """A new worker in each mode, closed after the test: for what a used one cannot show."""
    with AIWorker(use_process=request.param == "process", games=lookup) as instance:
        yield instance


def wait_finished(ai: AIWorker, ticket: int, timeout: float = HANG) -> AIStatus:
    assert wait_for(lambda: ai.poll(ticket).finished, timeout), "the request never finished"
    return ai.poll(ticket)


def ask(ai: AIWorker, position: str, level: str = "fake", **options: object) -> AIStatus:
    """Request and wait for the answer (the fake game by default)."""
    game = "fake" if level == "fake" else "ataxx"
    return wait_finished(ai, ai.request(game, position, level, **options))  # type: ignore[arg-type]


def start_endless_search(ai: AIWorker) -> int:
    """The real Ataxx search with no limit (the fake game's ``search``: only a stop ends it), once it is
    really running (progress seen)."""
    ticket = ai.request("fake", "search", "fake")
    assert wait_for(lambda: ai.poll(ticket).progress is not None), "the search never reported progress"
    assert ai.poll(ticket).state is AIState.THINKING
    return ticket


MIDGAME_MOVES = ["b6", "f6", "f2", "b2", "c5", "e5", "g1e3"]
MIDGAME = history_text(RULES.start_text, MIDGAME_MOVES)


def legal(position: str) -> list[Move]:
    return board_from_text(position).legal_moves()


# --- the happy path ---------------------------------------------------------------


def test_request_returns_at_once(fresh_ai: AIWorker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Neither the child process nor the search can get anywhere until the test allows it: a request
    # that waited for either would never return.
    gate = tmp_path / "gate"
    monkeypatch.setenv(GATE, str(gate))
    child_may_start = threading.Event()
    start_child = managers._Child.__init__

    def gated_start(child: object, *args: object) -> None:
        assert child_may_start.wait(HANG), "the test never let the child start"
        start_child(child, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(managers._Child, "__init__", gated_start)
    tickets: list[int] = []
    asking = threading.Thread(
        target=lambda: tickets.extend(fresh_ai.request("fake", "gate", "fake") for _ in range(5))
    )
    asking.start()
    asking.join(HANG)
    assert not asking.is_alive() and len(tickets) == 5, "a request waited for the child or the search"
    assert [fresh_ai.poll(ticket).state for ticket in tickets] == [AIState.UNKNOWN] * 4 + [AIState.THINKING]
    child_may_start.set()
    gate.touch()
    status = wait_finished(fresh_ai, tickets[-1])
    assert status.state is AIState.DONE, status.error


def test_progress_is_seen_while_thinking(ai: AIWorker, fake_game: ModuleType) -> None:
    ticket = start_endless_search(ai)
    seen: list[AIStatus] = []

    def third_depth_seen() -> bool:
        seen.append(ai.poll(ticket))
        return seen[-1].progress is not None and seen[-1].progress.depth >= 3

    assert wait_for(third_depth_seen), "the search never reported its third depth"
    assert {status.state for status in seen} == {AIState.THINKING}
    depths = [status.progress.depth for status in seen if status.progress is not None]
    assert depths == sorted(depths) and depths[-1] >= 3
    assert seen[-1].progress is not None and seen[-1].progress.nodes > 0


def test_done_with_a_legal_move_and_its_search_s_last_progress(ai: AIWorker) -> None:
    status = ask(ai, MIDGAME, LEVELS[-1].key, time_budget=0.2)
    assert status.state is AIState.DONE, status.error
    assert status.move in legal(MIDGAME)
    assert status.error is None
    assert status.progress is not None and status.progress.nodes > 0
    assert status.progress.pv and isinstance(status.progress.pv[0], Move)


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


def test_cancel_stops_the_search_and_drops_its_answer(ai: AIWorker, monkeypatch: pytest.MonkeyPatch) -> None:
    # The search has no limit: only the cancel can end it. A child is never killed for being slow to stop
    # here (the search itself must stop, however busy the machine).
    monkeypatch.setattr(managers, "STOP_GRACE", HANG)
    ticket = start_endless_search(ai)
    child = ai.child_pid
    ai.cancel()
    assert ai.poll(ticket).state is AIState.CANCELLED  # at once, before the search has heard of it
    assert ai.wait_idle(HANG), "the search went on after cancel"
    assert ai.child_pid == child  # it stopped: the child was not killed
    # Its late answer has come and gone (the worker is idle once it has): not taken.
    assert ai.poll(ticket).state is AIState.CANCELLED
    assert ai.poll(ticket).move is None
    # And the worker is ready for the next request.
    status = wait_finished(ai, ai.request("ataxx", MIDGAME, "master", time_budget=0.05))
    assert status.state is AIState.DONE, status.error


def test_cancel_without_a_request_is_harmless(fresh_ai: AIWorker) -> None:
    fresh_ai.cancel()
    ticket = fresh_ai.request("ataxx", MIDGAME, "beginner", time_budget=0.05)
    status = wait_finished(fresh_ai, ticket)
    assert status.state is AIState.DONE
    fresh_ai.cancel()  # after it finished: nothing changes
    assert fresh_ai.poll(ticket).state is AIState.DONE


def test_a_new_request_supersedes_the_old_one(ai: AIWorker) -> None:
    old = start_endless_search(ai)  # were it not stopped, the new request would never be served
    # A different position: a stale answer would be illegal here.
    second = "7/7/7/3x3/7/7/3o3 o 0 1"
    new = ai.request("ataxx", second, "master", time_budget=0.1)
    assert ai.poll(old).state is AIState.UNKNOWN
    status = wait_finished(ai, new)
    assert status.state is AIState.DONE, status.error
    assert status.move in legal(second)
    assert ai.poll(old).state is AIState.UNKNOWN
    assert ai.wait_idle(HANG)


def test_many_quick_requests_end_with_the_last(ai: AIWorker) -> None:
    tickets = [ai.request("ataxx", MIDGAME, "master", time_budget=0.5) for _ in range(10)]
    status = wait_finished(ai, tickets[-1])
    assert status.state is AIState.DONE, status.error
    assert all(ai.poll(ticket).state is AIState.UNKNOWN for ticket in tickets[:-1])
    assert ai.wait_idle(HANG)


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
    first = int(str(ask(ai, "count").move).removeprefix("count-"))  # the module's worker may have counted
    moves = [str(ask(ai, "count").move) for _ in range(2)]
    assert moves == [f"count-{first + 1}", f"count-{first + 2}"]


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


def test_bad_requests_raise_at_once(ai: AIWorker, fake_game: ModuleType) -> None:
    answered = ai.request("fake", "ok", "fake")
    assert wait_finished(ai, answered).state is AIState.DONE
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
    # Nothing was started by any of them: the last request is still the current one.
    assert ai.poll(answered).state is AIState.DONE
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


def test_a_killed_child_is_an_error_and_the_next_request_works(
    process_ai: AIWorker, fake_game: ModuleType
) -> None:
    ticket = start_endless_search(process_ai)
    pid = process_ai.child_pid
    assert pid is not None
    os.kill(pid, getattr(signal, "SIGKILL", signal.SIGTERM))
    status = wait_finished(process_ai, ticket)
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
    assert process_ai.wait_idle(HANG)  # long before the hung search would end by itself
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


def test_close_is_idempotent_and_leaves_nothing_running(
    fresh_ai: AIWorker, threads_before: set[threading.Thread]
) -> None:
    ticket = start_endless_search(fresh_ai)
    manager = fresh_ai._process
    child = manager.child if manager is not None else None
    assert (child is not None) == fresh_ai.use_process
    fresh_ai.close()
    assert fresh_ai.poll(ticket).state is AIState.CANCELLED
    fresh_ai.close()
    assert worker_threads() <= threads_before
    if child is not None:
        assert not child.process.alive
    with pytest.raises(RuntimeError, match="closed"):
        fresh_ai.request("ataxx", MIDGAME, "master")
    fresh_ai.cancel()  # harmless after close


def test_close_before_any_request(fresh_ai: AIWorker, threads_before: set[threading.Thread]) -> None:
    fresh_ai.close()
    fresh_ai.close()
    assert worker_threads() <= threads_before


def test_close_right_after_request_in_a_with_block(threads_before: set[threading.Thread]) -> None:
    for mode in MODES:
        with AIWorker(use_process=mode == "process") as ai:
            ai.request("ataxx", MIDGAME, "master", time_budget=2.0)
        assert worker_threads() <= threads_before


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
        assert wait_for(lambda: '"done"' in stdout.getvalue())
        yield json.dumps({"type": "quit"}) + "\n"

    assert child_main(stdin(), stdout) == 0  # type: ignore[arg-type]
    messages = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert [message["type"] for message in messages] == ["info", "done"]
    assert all(message["id"] == 7 for message in messages)
    assert Move.from_uai(messages[-1]["move"]) in legal(position)
