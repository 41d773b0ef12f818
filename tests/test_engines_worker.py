"""Engines the player adds (other programs speaking UAI), through the AI worker and the probe.

Our own engine (``python -m game.ai.uai``) plays as an external one; a scripted fake engine
(``tests/fake_uai_engine.py``) misbehaves in every way its first argument selects. Each misbehaviour
ends the request with a clear error, the worker goes on (the next request is answered), nothing waits
for ever, and no process is left behind. Timeouts are short (injected), never slept through.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from processes import fake_engine as fake
from processes import gone, own_engine, pid_in
from waiting import HANG, answer, wait_for

from game.ai.limits import WIN_SCORE, is_win_score
from game.ai.worker import AIState, AIWorker, EngineSpec, EngineTimeouts
from game.ai.worker.engine_process import EngineCommandError, parse_command
from game.ai.worker.uai_client import (
    EngineError,
    EngineProbe,
    clean_name,
    parse_bestmove,
    parse_info,
    probe_engine,
)
from game.engine.ataxx import Board, Move
from game.engine.ataxx.rules import RULES
from game.engine.rules import history_text

pytestmark = [
    pytest.mark.usefixtures("importable"),
    pytest.mark.usefixtures("compiled_search"),
]  # every test here may start our own engine
START = "x5o/7/7/7/7/7/o5x x 0 1"
QUICK = EngineTimeouts(handshake=2.0, ready=3.0, grace=0.4, stop=2.0)
"""For the fakes: a silent or hung one fails within a few seconds, a good one started on a busy machine has
time to say uaiok, and a late one time to answer its stop."""
PATIENT = EngineTimeouts(handshake=20.0, ready=120.0, grace=2.0, stop=2.0)
"""For our own engine: it may load its compiled search before ``readyok``."""


@pytest.fixture
def worker() -> Iterator[AIWorker]:
    with AIWorker(use_process=False, engine_timeouts=QUICK) as worker:
        yield worker


# -- reading the protocol ------------------------------------------------------------------------


def test_a_command_line_is_split_into_words_and_never_given_to_a_shell() -> None:
    assert parse_command("engine --hash 64") == ["engine", "--hash", "64"]
    assert parse_command("'/my engines/x' && rm -rf ~") == ["/my engines/x", "&&", "rm", "-rf", "~"]
    for bad, reason in (("", "empty"), ("   ", "empty"), ("a\nb", "control"), ("x 'open", "quotation")):
        with pytest.raises(EngineCommandError, match=reason):
            parse_command(bad)
    with pytest.raises(EngineCommandError, match="characters long"):
        parse_command("x" * 5000)


def info(line: str, score_unit: int = 100) -> dict[str, Any] | None:
    """``parse_info`` of one line."""
    return parse_info(line.split(), score_unit)


def test_info_lines_become_progress_in_the_game_s_units() -> None:
    progress = info("info depth 7 seldepth 9 score cp 250 nodes 1000 nps 5000 time 200 pv g2 a7b5")
    assert progress == {
        "depth": 7,
        "score": 250,
        "nodes": 1000,
        "nps": 5000,
        "elapsed": 0.2,
        "pv": ["g2", "a7b5"],
    }
    assert info("info depth 3 score cp 250", score_unit=10)["score"] == 25
    win = info("info depth 3 score mate 2 pv g2")["score"]
    loss = info("info depth 3 score mate -2 pv g2")["score"]
    assert (win, loss) == (WIN_SCORE - 3, -(WIN_SCORE - 4))  # three plies to win, four to lose
    # A huge centipawn score is an advantage, never a decided game.
    assert not is_win_score(info("info depth 3 score cp 99999999")["score"])
    for line in (
        "info string hi",
        "info depth x score cp 1",
        "info depth 3 score",
        "info nodes 5 score cp 1",
    ):
        assert parse_info(line.split()) is None, line


def test_a_bestmove_gives_its_move_and_ignores_the_words_after_it() -> None:
    assert parse_bestmove("bestmove g2") == "g2"
    assert parse_bestmove("bestmove g2 ponder a7b5") == "g2"
    assert parse_bestmove("bestmove a1a3 and junk") == "a1a3"
    with pytest.raises(EngineError) as caught:
        parse_bestmove("bestmove")
    assert caught.value.kind == "not_a_move"


def test_an_engine_s_name_is_cleaned() -> None:
    assert clean_name("\x1b[31mRed\x1b[0m  Engine") == "[31mRed [0m Engine"
    assert len(clean_name("n" * 500)) == 48
    assert clean_name("", "") == "?"


# -- probing before an engine is added -----------------------------------------------------------


def test_our_own_engine_probed_as_an_external_one() -> None:
    identity = probe_engine(own_engine(), rules=RULES, timeouts=PATIENT)
    assert identity.name.startswith("Attax Arcade")
    assert Move.from_uai(identity.move) in Board().legal_moves()


def test_the_probe_reads_the_name_or_makes_one_up() -> None:
    assert probe_engine(fake("good"), rules=RULES, timeouts=QUICK).name == "Fake Engine"
    assert probe_engine(fake("noname"), timeouts=QUICK).name == "fake_uai_engine.py"
    assert probe_engine(fake("late"), rules=RULES, timeouts=QUICK).move == "g2"  # it answers ``stop``
    assert probe_engine(fake("huge"), rules=RULES, timeouts=QUICK).move == "g2"  # the huge lines skipped
    assert probe_engine(fake("junk"), rules=RULES, timeouts=QUICK).move == "g2"


@pytest.mark.parametrize(
    ("mode", "kind", "words"),
    [
        ("silent", "handshake", "did not answer “uai” within 2 seconds"),
        ("garbage", "handshake", "did not answer “uai”"),
        ("exit", "exited", "stopped (exit code 2): fake engine: nothing to do"),
        ("crash", "exited", "exit code 3"),
        ("hang", "timeout", "did not play a move within"),
        ("illegal", "illegal", "played d4, which is not legal here"),
        ("nonsense", "not_a_move", "“bestmove zz99!”, which is not a move"),
    ],
)
def test_the_probe_refuses_a_misbehaving_engine_with_a_clear_message(
    mode: str, kind: str, words: str, tmp_path: Path
) -> None:
    pid_file = tmp_path / "pid"
    with pytest.raises(EngineError) as caught:
        probe_engine(fake(mode, pid_file), rules=RULES, timeouts=QUICK)
    assert caught.value.kind == kind
    assert words in str(caught.value)
    assert gone(pid_in(pid_file)), "the engine was left running"


def test_the_probe_refuses_a_command_it_cannot_run(tmp_path: Path) -> None:
    with pytest.raises(EngineError) as caught:
        probe_engine(str(tmp_path / "no-such-engine"), timeouts=QUICK)
    assert caught.value.kind == "start"
    assert "No such file" in str(caught.value)
    with pytest.raises(EngineError) as caught:
        probe_engine("engine 'open", timeouts=QUICK)
    assert caught.value.kind == "command"


def test_a_probe_in_its_thread_can_be_cancelled(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    probe = EngineProbe(fake("silent", pid_file), timeouts=EngineTimeouts(handshake=60.0))
    pid = pid_in(pid_file)
    assert probe.result is None and not probe.done
    probe.cancel()
    assert probe.done
    assert isinstance(probe.result, InterruptedError)
    assert gone(pid)


# -- playing through the worker ------------------------------------------------------------------


def test_our_own_engine_plays_moves_through_the_worker_and_is_kept_from_move_to_move() -> None:
    with AIWorker(use_process=False, engine_timeouts=PATIENT) as worker:
        board = Board()
        moves: list[str] = []
        engine = EngineSpec("Attax Arcade", own_engine())
        pids = set()
        for _ in range(4):
            status = answer(
                worker, worker.request_engine("ataxx", history_text(START, moves), engine, movetime=0.05)
            )
            assert status.state is AIState.DONE, status.error
            assert status.move in board.legal_moves()
            # Its progress is not asserted: a move late on a busy machine is answered by the engine's
            # watchdog before any depth is told (test_a_good_engine_s_progress_and_move checks the relay).
            board.push(status.move)
            moves.append(str(status.move))
            pids.add(worker.engine_pid)
        assert len(pids) == 1 and None not in pids  # one process for the whole game
        (pid,) = pids
        assert pid is not None
        worker.release_engine()
        assert gone(pid)
        assert worker.engine_pid is None


def test_a_good_engine_s_progress_and_move(worker: AIWorker) -> None:
    status = answer(
        worker, worker.request_engine("ataxx", START, EngineSpec("Fake", fake("good")), movetime=0.05)
    )
    assert status.state is AIState.DONE
    assert status.move == Move.from_uai("g2")
    assert status.progress is not None and status.progress.depth == 2 and is_win_score(status.progress.score)


@pytest.mark.parametrize(
    ("mode", "kind"),
    [
        ("silent", "handshake"),
        ("garbage", "handshake"),
        ("exit", "exited"),
        ("crash", "exited"),
        ("hang", "timeout"),
        ("illegal", "illegal"),
        ("nonsense", "not_a_move"),
    ],
)
def test_a_misbehaving_engine_is_an_error_and_the_worker_goes_on(
    worker: AIWorker, mode: str, kind: str, tmp_path: Path
) -> None:
    pid_file = tmp_path / "pid"
    # It fails within its time limits (the engine's own would never end for a hung one): answer waits only
    # as long as a hang detector does.
    status = answer(
        worker, worker.request_engine("ataxx", START, EngineSpec("Bad", fake(mode, pid_file)), movetime=0.1)
    )
    assert status.state is AIState.ERROR
    assert status.failure is not None and status.failure[0] == kind
    assert status.error and status.error.startswith("EngineError: it ")
    if kind != "illegal" and kind != "not_a_move":
        assert gone(pid_in(pid_file)), "the engine was left running"
    # The game goes on: the next request (another engine here) is answered.
    status = answer(
        worker, worker.request_engine("ataxx", START, EngineSpec("Good", fake("good")), movetime=0.05)
    )
    assert status.state is AIState.DONE
    assert gone(pid_in(pid_file))  # a new command: the old engine quit


def test_trailing_junk_and_huge_lines_do_not_stop_a_move(worker: AIWorker) -> None:
    for mode in ("junk", "huge"):
        status = answer(
            worker, worker.request_engine("ataxx", START, EngineSpec(mode, fake(mode)), movetime=0.05)
        )
        assert status.state is AIState.DONE and status.move == Move.from_uai("g2"), mode


def test_an_engine_flooding_chatter_still_has_its_move_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAKE_FLOOD", "100000")  # 200,000 lines, some 8 MB, before its bestmove
    with AIWorker(use_process=False, engine_timeouts=PATIENT) as patient:
        status = answer(
            patient, patient.request_engine("ataxx", START, EngineSpec("Flood", fake("flood")), movetime=0.05)
        )
    assert status.state is AIState.DONE and status.move == Move.from_uai("g2")


def test_chatter_is_dropped_while_the_manager_is_behind_but_never_an_answer() -> None:
    # An engine writing faster than the manager reads would fill the memory before its timeout.
    import queue
    from types import SimpleNamespace

    from game.ai.worker.engine_session import MAX_BACKLOG, _Session

    inbox: queue.Queue[tuple[object, ...]] = queue.Queue()
    session = SimpleNamespace(dropped_lines=0)
    pass_line = _Session._pass_line(session, inbox)  # type: ignore[arg-type]
    pass_line("info depth 1 score cp 3 pv g2")
    assert inbox.qsize() == 1, "not behind: everything is passed on"
    for _ in range(MAX_BACKLOG):
        inbox.put(("line", session, "info"))
    for chatter in ("info depth 9 score cp 1 pv g2", "", "   ", "not a word of it", "bestmoves g2"):
        pass_line(chatter)
    assert session.dropped_lines == 5
    for needed in ("bestmove g2", "readyok", "uaiok", "id name Flood"):
        pass_line(needed)
    assert inbox.qsize() == MAX_BACKLOG + 1 + 4
    assert [inbox.get()[2] for _ in range(inbox.qsize())][-4:] == [
        "bestmove g2",
        "readyok",
        "uaiok",
        "id name Flood",
    ]


def test_a_late_engine_is_told_to_stop_and_its_move_taken(worker: AIWorker) -> None:
    status = answer(
        worker, worker.request_engine("ataxx", START, EngineSpec("Late", fake("late")), movetime=0.05)
    )
    assert status.state is AIState.DONE and status.move == Move.from_uai("g2")


def test_a_cancelled_search_is_stopped_and_its_late_answer_ignored(
    worker: AIWorker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "log"
    monkeypatch.setenv("FAKE_LOG", str(log))
    monkeypatch.setenv("FAKE_MOVES", "g2,b1")
    engine = EngineSpec("Late", fake("late"))
    first = worker.request_engine("ataxx", START, engine, movetime=30.0)  # answers only when stopped
    assert wait_for_line(log, "go movetime 30000")
    worker.cancel()
    assert worker.poll(first).state is AIState.CANCELLED
    # The second request is for Blue: the stopped search's late "bestmove g2" is no answer to it.
    status = answer(
        worker, worker.request_engine("ataxx", history_text(START, ["g2"]), engine, movetime=0.05)
    )
    assert status.state is AIState.DONE and status.move == Move.from_uai("b1")
    assert worker.wait_idle(HANG)
    lines = log.read_text().splitlines()
    assert lines.count("stop") >= 2  # the cancelled search, then the late second one
    assert lines.count("uainewgame") == 1  # the second position follows the first: the same game


def wait_for_line(path: Path, line: str) -> bool:
    return wait_for(lambda: path.is_file() and line in path.read_text().splitlines(), every=0.01)


def test_a_new_game_is_announced_to_the_engine(
    worker: AIWorker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "log"
    monkeypatch.setenv("FAKE_LOG", str(log))
    monkeypatch.setenv("FAKE_MOVES", "g2,b7,g2")
    engine = EngineSpec("Good", fake("good"))
    for moves in ([], ["g2", "b1"], []):  # on, then back to the start (an undo, a new game)
        status = answer(
            worker, worker.request_engine("ataxx", history_text(START, moves), engine, movetime=0.05)
        )
        assert status.state is AIState.DONE
    lines = log.read_text().splitlines()
    assert lines[:2] == ["uai", "isready"]
    assert lines.count("uainewgame") == 2
    assert f"position fen {START} moves g2 b1" in lines
    assert lines.count("go movetime 50") == 3


def test_a_hung_engine_is_killed_when_the_game_gives_up(
    worker: AIWorker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pid_file, log = tmp_path / "pid", tmp_path / "log"
    monkeypatch.setenv("FAKE_LOG", str(log))
    ticket = worker.request_engine("ataxx", START, EngineSpec("Hang", fake("hang", pid_file)), movetime=60.0)
    pid = pid_in(pid_file)
    assert wait_for_line(log, "go movetime 60000")  # it is thinking, and will never answer
    assert worker.poll(ticket).state is AIState.THINKING
    worker.abandon()
    assert gone(pid)
    assert worker.wait_idle(HANG)


def test_our_own_ai_takes_over_from_an_engine_at_once(worker: AIWorker, tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    worker.request_engine("ataxx", START, EngineSpec("Hang", fake("hang", pid_file)), movetime=60.0)
    pid_in(pid_file)
    status = answer(worker, worker.request("ataxx", START, "beginner", time_budget=0.02))
    assert status.state is AIState.DONE and status.move in Board().legal_moves()
    assert worker.wait_idle(HANG)  # the engine was told to stop, and killed when it would not


def test_close_leaves_no_engine_behind(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    worker = AIWorker(use_process=False, engine_timeouts=QUICK)
    worker.request_engine("ataxx", START, EngineSpec("Hang", fake("hang", pid_file)), movetime=60.0)
    pid = pid_in(pid_file)
    worker.close()
    assert gone(pid)
    with pytest.raises(RuntimeError):
        worker.request_engine("ataxx", START, EngineSpec("Hang", fake("hang")), movetime=1.0)


def test_bad_engine_requests_raise_at_once(worker: AIWorker) -> None:
    engine = EngineSpec("Good", fake("good"))
    with pytest.raises(LookupError, match="cannot be played by engines"):
        worker.request_engine("attangle", "x", engine, movetime=1.0)
    for movetime in (0, -1.0, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="movetime"):
            worker.request_engine("ataxx", START, engine, movetime=movetime)
    with pytest.raises(ValueError, match="EngineSpec"):
        worker.request_engine("ataxx", START, "engine", movetime=1.0)  # type: ignore[arg-type]


def test_a_position_that_cannot_be_sent_is_an_error(worker: AIWorker) -> None:
    engine = EngineSpec("Good", fake("good"))
    for position in ("not a fen", "x6/7/7/7/7/7/7 o 0 1", f"{START} moves g2 g2"):
        status = answer(worker, worker.request_engine("ataxx", position, engine, movetime=0.05))
        assert status.state is AIState.ERROR and status.failure is not None
        assert status.failure[0] == "position", position
