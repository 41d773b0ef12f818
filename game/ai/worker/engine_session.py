"""Driving an engine for the worker: one engine process at a time, the conversation with it, and its
answers turned into the worker's job states (the steps are in ``game.ai.worker.uai_client``'s docstring)."""

from __future__ import annotations

import dataclasses
import enum
import logging
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from game.ai import uai_protocol as uai
from game.ai.limits import WIN_BOUND, WIN_SCORE
from game.ai.line_process import LineProcess
from game.ai.worker.engine_process import default_folder, start_engine
from game.ai.worker.engine_spec import (
    EngineError,
    EngineSpec,
    EngineTimeouts,
    checked_move,
    seconds_text,
    shown,
)
from game.ai.worker.jobs import Inbox, Job, JobBook, next_item
from game.engine.rules import replay, split_history_text

__all__ = ["ANSWERS", "MAX_BACKLOG", "EngineManager", "Phase", "parse_info"]

log = logging.getLogger(__name__)

MAX_PV = 64
"""Moves of an ``info`` line's best line kept for the progress."""
QUIT_GRACE = 1.0
"""Seconds an engine has to exit after ``quit`` before it is killed."""
MAX_BACKLOG = 2000
"""Engine lines waiting for the manager thread beyond which the engine's chatter is dropped: an engine
that floods ``info`` lines (or garbage) faster than they are read cannot fill the memory before its
timeout. The answers the conversation waits for (``ANSWERS``) are always passed on."""
ANSWERS = frozenset({uai.ID, uai.UAIOK, uai.READYOK, uai.BESTMOVE})
"""The first words of the lines never dropped."""


def _score(score: uai.Score, score_unit: int) -> int:
    """A UAI score as the game's AI scores: centipawns in the game's unit, a mate as a decided game."""
    kind, value = score
    if kind == "mate":
        # "mate 3": a win on the engine's third move from now (5 plies); "mate -2": lost in 4 plies.
        plies = 2 * value - 1 if value > 0 else 2 * -value
        decided = WIN_SCORE - min(plies, WIN_SCORE - WIN_BOUND - 1)
        return decided if value > 0 else -decided
    scaled = round(value * score_unit / 100)
    return max(-WIN_BOUND, min(WIN_BOUND, scaled))  # a big number is an advantage, never a decided game


def parse_info(tokens: Sequence[str], score_unit: int = 100) -> dict[str, Any] | None:
    """An ``info`` line's search report as the worker's progress (depth, score, nodes, nps, elapsed, pv),
    or ``None`` when it has no depth and score (``info string``, ``info currmove``) or is malformed.

    >>> parse_info("info depth 5 score cp -120 nodes 9000 time 250 pv g2 a7b5".split())
    {'depth': 5, 'score': -120, 'nodes': 9000, 'nps': 36000, 'elapsed': 0.25, 'pv': ['g2', 'a7b5']}
    >>> parse_info("info string hello".split()) is None
    True
    """
    info = uai.parse_info(tokens)
    if info is None or info.depth is None or info.score is None:
        return None
    elapsed = max(0, info.time or 0) / 1000
    nodes = max(0, info.nodes or 0)
    nps = info.nps if info.nps is not None else int(nodes / elapsed) if elapsed > 0 else nodes
    return {
        "depth": info.depth,
        "score": _score(info.score, score_unit),
        "nodes": nodes,
        "nps": nps,
        "elapsed": elapsed,
        "pv": list((info.pv or ())[:MAX_PV]),
    }


class Phase(enum.Enum):
    """Where the conversation with the engine stands."""

    STARTING = "starting"
    """``uai`` sent, waiting for ``uaiok``."""
    READYING = "readying"
    """``isready`` sent, waiting for ``readyok``."""
    IDLE = "idle"
    SEARCHING = "searching"
    """``go`` sent for the job, waiting for ``bestmove``."""
    STOPPING = "stopping"
    """``stop`` sent for a search nobody wants any more, waiting for its ``bestmove``."""


class _Session:
    """One engine process and the state of the conversation (touched by the manager thread only)."""

    def __init__(self, spec: EngineSpec, inbox: Inbox, cwd: Path | None, clock: Callable[[], float]) -> None:
        self.spec = spec
        self.clock = clock
        self.dropped_lines = 0
        """Chatter dropped while the manager was behind (counted by the engine's reader thread)."""
        self.process = start_engine(
            spec.command, cwd, self._pass_line(inbox), lambda end: inbox.put(("exit", self, end))
        )
        self.phase = Phase.STARTING
        self.deadline: float | None = None
        self.job: Job | None = None
        """The request being served (searching, or being readied)."""
        self.waiting: Job | None = None
        """The request to serve once the engine is idle."""
        self.position: Any = None
        """The position of ``job``, to check its answer."""
        self.history: tuple[str, list[str]] | None = None
        """The last position sent: its start and moves (a position that does not follow it is a new game)."""
        self.searches = 0
        """``go`` commands sent and not yet answered by a ``bestmove``."""
        self.stop_sent = False
        self.movetime = 0.0

    def _pass_line(self, inbox: Inbox) -> Callable[[str], None]:
        """What the reader thread does with each line: queue it for the manager, unless the manager is
        ``MAX_BACKLOG`` lines behind and the line is chatter (see ``ANSWERS``)."""

        def pass_line(line: str) -> None:
            if inbox.qsize() >= MAX_BACKLOG and uai.first_word(line) not in ANSWERS:
                self.dropped_lines += 1
                return
            inbox.put(("line", self, line))

        return pass_line

    def send(self, line: str) -> None:
        self.process.send(line)

    def expect(self, phase: Phase, seconds: float | None) -> None:
        """Now waiting for ``phase``'s answer, for at most ``seconds``."""
        self.phase = phase
        self.deadline = None if seconds is None else self.clock() + seconds


@dataclasses.dataclass(eq=False)
class EngineManager:
    """Serves the worker's engine requests in the worker's engine thread (see the module docstring).

    The inbox carries ``("search", job)``, ``("cancel", job)``, ``("kill",)``
    (the game gave up on the request), ``("release",)`` (the engine is not
    needed now), ``("close",)``, and from the engine's reader ``("line",
    session, text)`` and ``("exit", session, end)``.
    """

    book: JobBook
    inbox: Inbox
    timeouts: EngineTimeouts
    _: dataclasses.KW_ONLY
    cwd: Path | None = None
    clock: Callable[[], float] = time.monotonic
    session: _Session | None = dataclasses.field(default=None, init=False)
    _dropped: list[LineProcess] = dataclasses.field(default_factory=list, init=False)
    """Killed engines whose reader has not reaped them yet (waited for on ``close``)."""

    @property
    def engine_pid(self) -> int | None:
        """The process id of the running engine, if any."""
        session = self.session
        return session.process.pid if session is not None and session.process.alive else None

    def run(self) -> None:
        """Serve the inbox until ``close``; the engine is told to quit at the end."""
        try:
            while True:
                session = self.session
                item = next_item(self.inbox, session.deadline if session is not None else None, self.clock)
                if item is None:
                    self._overdue()
                    continue
                if item[0] == "close":
                    return
                self._handle(item)
                # An engine writing without pause never lets the inbox empty: the deadline is looked at
                # after every item too, or the limit would hold only once it fell silent.
                self._overdue()
        finally:
            self._end_session()
            for process in self._dropped:
                process.join(QUIT_GRACE)

    def _handle(self, item: tuple[Any, ...]) -> None:
        kind = item[0]
        session = self.session
        if kind == "search":
            self._search(item[1])
        elif kind == "cancel":
            self._cancel(item[1])
        elif kind == "kill":
            if session is not None and (session.job is not None or session.waiting is not None):
                self._drop(session, None)
        elif kind == "release":
            self._end_session()
        elif session is not None and item[1] is session:  # the engine's own words (not an old engine's)
            if kind == "line":
                self._line(session, item[2])
            elif kind == "exit":
                self._exited(session, item[2])

    # -- requests --

    def _search(self, job: Job) -> None:
        if job.stop.is_set():  # superseded or cancelled before it arrived
            self.book.release(job.ticket)
            return
        spec = EngineSpec(**job.payload["engine"])
        session = self.session
        if session is not None and session.spec.command != spec.command:
            self._end_session()  # another engine now
            session = None
        if session is None:
            try:
                session = self._open(spec)
            except EngineError as error:
                self._fail(job, error)
                return
        if session.waiting is not None:
            self.book.release(session.waiting.ticket)
        session.waiting = job
        if session.job is not None and session.phase is Phase.SEARCHING:
            self._stop(session)  # a search nobody wants any more: its answer will be ignored
        self._advance(session)

    def _open(self, spec: EngineSpec) -> _Session:
        session = _Session(
            spec, self.inbox, self.cwd if self.cwd is not None else default_folder(), self.clock
        )
        self.session = session
        log.info("engine %s started (pid %d): %s", spec.name, session.process.pid, spec.command)
        session.send(uai.UAI)
        session.expect(Phase.STARTING, self.timeouts.handshake)
        return session

    def _cancel(self, job: Job) -> None:
        session = self.session
        if session is None:
            return
        if session.waiting is job:
            session.waiting = None
            self.book.release(job.ticket)
        elif session.job is job and session.phase is Phase.SEARCHING:
            self._stop(session)
        # A job being readied is let go when ``readyok`` comes.

    def _stop(self, session: _Session) -> None:
        session.send(uai.STOP)
        session.expect(Phase.STOPPING, self.timeouts.stop)

    def _advance(self, session: _Session) -> None:
        """An idle engine takes the waiting request."""
        while session.phase is Phase.IDLE and session.waiting is not None:
            job, session.waiting = session.waiting, None
            if job.stop.is_set():
                self.book.release(job.ticket)
                continue
            self._begin(session, job)

    def _begin(self, session: _Session, job: Job) -> None:
        text = str(job.payload["position"])
        try:
            start, moves = split_history_text(text)
            session.position = replay(job.rules, text)
        except ValueError as error:
            self._fail(job, EngineError("position", reason=str(error)))
            return
        if not session.position.legal_moves():
            self._fail(job, EngineError("position", reason="the game is over"))
            return
        session.job = job
        session.movetime = float(job.payload["movetime"])
        last = session.history
        new_game = last is None or last[0] != start or moves[: len(last[1])] != last[1]
        session.history = (start, moves)
        if new_game:
            session.send(uai.UAINEWGAME)
            session.send(uai.format_position(start, moves))
            session.send(uai.ISREADY)
            session.expect(Phase.READYING, self.timeouts.ready)
        else:
            session.send(uai.format_position(start, moves))
            self._go(session)

    def _go(self, session: _Session) -> None:
        session.send(uai.format_go(uai.GoParams(movetime=max(1, round(session.movetime * 1000)))))
        session.searches += 1
        session.stop_sent = False
        session.expect(Phase.SEARCHING, session.movetime + self.timeouts.grace)

    # -- the engine's lines --

    def _line(self, session: _Session, line: str) -> None:
        word = uai.first_word(line)
        if word == uai.UAIOK and session.phase is Phase.STARTING:
            session.send(uai.ISREADY)
            session.expect(Phase.READYING, self.timeouts.ready)
        elif word == uai.READYOK and session.phase is Phase.READYING:
            job = session.job
            if job is not None and not job.stop.is_set():
                self._go(session)
                return
            if job is not None:
                session.job = None
                self.book.release(job.ticket)
            session.expect(Phase.IDLE, None)
            self._advance(session)
        elif word == uai.BESTMOVE:
            self._bestmove(session, line)
        elif word == uai.INFO and session.phase is Phase.SEARCHING and session.job is not None:
            progress = parse_info(line.split(), int(session.job.payload.get("score_unit", 100)))
            if progress is not None:
                self.book.report_progress(session.job, progress)
        # Anything else (id, option, info string, a line it made up) is ignored.

    def _bestmove(self, session: _Session, line: str) -> None:
        if session.searches == 0:
            return  # an answer nobody asked for
        session.searches -= 1
        if session.searches or session.phase not in (Phase.SEARCHING, Phase.STOPPING):
            return  # the answer to an older search
        job, session.job = session.job, None
        session.expect(Phase.IDLE, None)
        if job is not None:
            if job.stop.is_set():
                self.book.release(job.ticket)
            else:
                try:
                    move_text = checked_move(line, job.rules, session.position)
                except EngineError as error:
                    self._fail(job, error)
                else:
                    self.book.finish(job, move_text=move_text)
        self._advance(session)

    def _overdue(self) -> None:
        session = self.session
        if session is None or session.deadline is None or self.clock() < session.deadline:
            return
        phase = session.phase
        if phase is Phase.STARTING:
            self._drop(session, EngineError("handshake", seconds=seconds_text(self.timeouts.handshake)))
        elif phase is Phase.READYING:
            self._drop(session, EngineError("ready", seconds=seconds_text(self.timeouts.ready)))
        elif phase is Phase.SEARCHING and not session.stop_sent:
            session.send(uai.STOP)  # late: the move it has now will do
            session.stop_sent = True
            session.deadline = self.clock() + self.timeouts.stop
        elif phase is Phase.SEARCHING:
            total = session.movetime + self.timeouts.grace + self.timeouts.stop
            self._drop(session, EngineError("timeout", seconds=seconds_text(total)))
        elif phase is Phase.STOPPING:
            # It will not stop: a fresh engine serves what waits.
            waiting, session.waiting = session.waiting, None
            self._drop(session, None)
            if waiting is not None:
                self._search(waiting)

    def _exited(self, session: _Session, end: str) -> None:
        self.session = None
        error = EngineError("exited", end=end, detail=shown(session.process.last_error_line(), 80))
        log.warning("engine %s: %s", session.spec.name, error)
        self._let_go(session, error)

    # -- endings --

    def _fail(self, job: Job, error: EngineError) -> None:
        log.warning("engine request %d failed: %s", job.ticket, error)
        self.book.finish(job, error=(f"EngineError: {error}", str(error)), failure=(error.kind, error.fields))

    def _let_go(self, session: _Session, error: EngineError | None) -> None:
        """The requests ``session`` holds end: with ``error``, or (none) released."""
        for job in (session.job, session.waiting):
            if job is None:
                continue
            if job.stop.is_set():
                self.book.release(job.ticket)
            else:  # still wanted (never so when the game lets the engine go): say it ended
                self._fail(job, error or EngineError("exited", end="closed by the game"))
        session.job = session.waiting = None

    def _drop(self, session: _Session, error: EngineError | None) -> None:
        """Kill the engine now; what it held ends with ``error`` (or is released)."""
        if session is self.session:
            self.session = None
        if error is not None:
            log.warning("engine %s killed: %s", session.spec.name, error)
        session.process.kill()
        self._dropped = [process for process in self._dropped if process.alive]
        self._dropped.append(session.process)
        self._let_go(session, error)

    def _end_session(self) -> None:
        """The engine is not needed: ``quit`` (killed if it lingers), and reaped."""
        session, self.session = self.session, None
        if session is None:
            return
        self._let_go(session, None)
        session.process.quit(uai.QUIT, QUIT_GRACE)
        log.info("engine %s ended (%s)", session.spec.name, session.process.describe_end())
        if session.dropped_lines:
            log.info("engine %s: %d lines of chatter dropped (it wrote faster than they were read)",
                     session.spec.name, session.dropped_lines)  # fmt: skip
