"""The AI worker: searches run in the background while the scenes keep drawing.

One ``AIWorker`` serves every game. A scene asks for a move with ``request``
(which returns a ticket at once), reads ``poll(ticket)`` every frame, and may
``cancel`` at any time. The worker never touches the scene's objects: the board
is turned into plain text when it is requested (the root FEN and the moves in
their notation), and the search works on a board rebuilt from that text, so the
scene may change its own board the moment ``request`` returns.

Two ways to run the search, with the same behaviour:

- ``use_process=True`` (the default): a long-lived child process
  (``python -m game.ai.worker``) runs the search on another core, and a
  manager thread in the game process talks to it with one JSON object per line.
  The design's frame-time measurement chose this: a CPU-bound pure Python
  search in a thread of the game process holds the GIL and stretches frames
  (p50 21 ms), while in a child process the frames stay at 16.9 ms (p95).
  The child starts on the first request (or ``warm_up``) and is started again
  after a crash; nothing is pickled, so no game object crosses the boundary.
- ``use_process=False``: the manager thread runs the search itself. Useful for
  tests, debugging, and platforms that cannot start a process.

Games plug in through ``register_game``; Ataxx is registered here. A game is
found by the type of the board handed to ``request``.
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import enum
import importlib
import itertools
import json
import math
import os
import queue
import random
import subprocess
import sys
import threading
import time
import traceback
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TextIO

__all__ = [
    "AIProgress",
    "AIState",
    "AIStatus",
    "AIWorker",
    "GameAI",
    "game_for",
    "game_named",
    "register_game",
]

# A search that was told to stop must end within 100 ms; a child that has not
# answered long after that is hung (or stuck in C code) and is killed so the
# next request gets a fresh one.
STOP_GRACE = 2.0
# How long ``close`` waits for the child to exit on its own before killing it.
QUIT_GRACE = 1.0
# How long ``close`` waits for the manager thread.
CLOSE_TIMEOUT = 5.0
# Lines of the child's stderr kept to explain a crash.
STDERR_TAIL_LINES = 20

_PROJECT_ROOT = Path(__file__).resolve().parents[2]


# --- what the scenes see ---------------------------------------------------------


class AIState(enum.Enum):
    """Where a request stands."""

    THINKING = "thinking"
    """The search is running (or about to start)."""
    DONE = "done"
    """The move is ready in ``AIStatus.move``."""
    ERROR = "error"
    """The search failed; ``AIStatus.error`` says why."""
    CANCELLED = "cancelled"
    """``cancel`` or ``close`` stopped the request; no move will come."""
    UNKNOWN = "unknown"
    """The ticket was never issued, or a newer request superseded it."""


@dataclasses.dataclass(frozen=True)
class AIProgress:
    """The latest completed search depth: what a scene shows while the AI thinks.

    ``score`` is from the point of view of the side to move (positive: good for
    the AI); ``pv`` is the best line found, as moves of the game.
    """

    depth: int
    score: int
    nodes: int
    nps: int
    elapsed: float
    pv: tuple[Any, ...]

    @property
    def best_move(self) -> Any:
        """The first move of the best line, or ``None`` if the line is empty."""
        return self.pv[0] if self.pv else None


@dataclasses.dataclass(frozen=True)
class AIStatus:
    """A snapshot of one request, as returned by ``AIWorker.poll``.

    ``move`` is set only when ``state`` is ``DONE``; ``error`` (the exception's
    type and message) and ``traceback`` only when it is ``ERROR``; ``progress``
    is the latest search depth reported, kept after the request finishes.
    """

    state: AIState
    move: Any = None
    error: str | None = None
    traceback: str | None = None
    progress: AIProgress | None = None

    @property
    def finished(self) -> bool:
        """Whether the request is over (done, failed, cancelled or unknown): polling again is pointless."""
        return self.state is not AIState.THINKING


_UNKNOWN = AIStatus(AIState.UNKNOWN)


# --- games ------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class GameAI:
    """What the worker needs from one game.

    - ``encode_board(board)`` returns plain JSON data (dicts, lists, strings,
      numbers) describing the position *and its history* (repetition rules need
      it); ``decode_board(data)`` rebuilds an equal, independent board.
    - ``parse_move(text)`` turns ``str(move)`` back into the move.
    - ``level_by_key(key)`` returns the game's level with that key (``ValueError``
      if there is none).
    - ``choose_move(board, level, *, stop, on_info, rng, time_budget)`` returns a
      legal move without changing ``board``; it must return soon (100 ms) after
      ``stop`` is set, and may call ``on_info`` with objects that have ``depth``,
      ``score``, ``nodes``, ``elapsed``, ``pv`` (and optionally ``nps``). It
      also gets ``memory``, a dict the worker keeps from one request to the
      next (for the life of its child process or thread), where the game may
      keep what helps the next search, such as a transposition table.
    - ``module`` is imported by the child process to register the game there.
    """

    name: str
    board_type: type
    encode_board: Callable[[Any], Any]
    decode_board: Callable[[Any], Any]
    parse_move: Callable[[str], Any]
    level_by_key: Callable[[str], Any]
    choose_move: Callable[..., Any]
    module: str


_GAMES: dict[str, GameAI] = {}
_GAMES_LOCK = threading.Lock()


def register_game(
    name: str,
    board_type: type,
    *,
    encode_board: Callable[[Any], Any],
    decode_board: Callable[[Any], Any],
    parse_move: Callable[[str], Any],
    level_by_key: Callable[[str], Any],
    choose_move: Callable[..., Any],
    module: str | None = None,
) -> GameAI:
    """Make the worker able to play ``board_type`` boards; see ``GameAI`` for the hooks' contracts.

    ``module`` is the module whose import performs this registration (the child
    process imports it); by default the module that defines ``choose_move``.
    Registering a name again replaces the earlier entry.
    """
    game = GameAI(
        name=name,
        board_type=board_type,
        encode_board=encode_board,
        decode_board=decode_board,
        parse_move=parse_move,
        level_by_key=level_by_key,
        choose_move=choose_move,
        module=module or choose_move.__module__,
    )
    with _GAMES_LOCK:
        _GAMES[name] = game
    return game


def game_named(name: str) -> GameAI:
    """The game registered as ``name``; ``KeyError`` if there is none."""
    with _GAMES_LOCK:
        try:
            return _GAMES[name]
        except KeyError:
            raise KeyError(f"no AI registered for the game {name!r}") from None


def game_for(board: object) -> GameAI:
    """The game whose board type ``board`` is (subclasses included); ``TypeError`` if none."""
    with _GAMES_LOCK:
        games = list(_GAMES.values())
    for cls in type(board).__mro__:
        for game in games:
            if game.board_type is cls:
                return game
    raise TypeError(f"no AI registered for boards of type {type(board).__name__}")


def _register_ataxx() -> None:
    # The engine is light and pygame-free; the search modules are imported only
    # when a level is needed, so constructing a worker stays cheap.
    from game.engine import ataxx

    def encode_board(board: ataxx.Board) -> dict[str, Any]:
        return {"fen": board.root_fen(), "moves": [str(move) for move in board.move_stack]}

    def decode_board(data: Mapping[str, Any]) -> ataxx.Board:
        board = ataxx.Board(data["fen"])
        for text in data["moves"]:
            board.push_uai(text)
        return board

    def level_by_key(key: str) -> Any:
        from game.ai.ataxx import levels

        if key == levels.HINT_LEVEL.key:
            return levels.HINT_LEVEL
        return levels.level_by_key(key)

    def choose_move(board: ataxx.Board, level: Any, *, memory: dict[str, Any], **options: Any) -> ataxx.Move:
        from game.ai.ataxx import levels, search

        if not level.careless:
            # The strong levels keep one transposition table from move to move,
            # as the strength benchmark's players do: the last search's tree
            # orders the next one. The careless levels start afresh, so that
            # deep scores left by a strong search cannot sharpen their sight.
            searcher = memory.get("searcher")
            if not isinstance(searcher, search.Searcher):
                searcher = memory["searcher"] = search.Searcher()
            options["searcher"] = searcher
        return levels.choose_move(board, level, **options)

    register_game(
        "ataxx",
        ataxx.Board,
        encode_board=encode_board,
        decode_board=decode_board,
        parse_move=ataxx.Move.from_uai,
        level_by_key=level_by_key,
        choose_move=choose_move,
        module=__name__,
    )


_register_ataxx()


# --- running one search (both modes, and the child) ---------------------------------


def _info_to_json(info: Any) -> dict[str, Any]:
    """A search's progress report as plain data; tolerant of games that report less."""
    elapsed = float(getattr(info, "elapsed", 0.0))
    nodes = int(getattr(info, "nodes", 0))
    nps = getattr(info, "nps", None)
    if nps is None:
        nps = nodes / elapsed if elapsed > 0 else 0
    return {
        "depth": int(getattr(info, "depth", 0)),
        "score": int(getattr(info, "score", 0)),
        "nodes": nodes,
        "nps": int(nps),
        "elapsed": elapsed,
        "pv": [str(move) for move in getattr(info, "pv", ())],
    }


def _run_search(
    request: Mapping[str, Any],
    stop: threading.Event,
    on_progress: Callable[[dict[str, Any]], None],
    memory: dict[str, dict[str, Any]] | None = None,
) -> str:
    """Run the search a request describes; returns the chosen move's text.

    ``request`` holds ``game``, ``module``, ``board``, ``level``, ``time_budget``
    and ``seed``, all plain data. ``memory`` is kept by the caller between
    requests; each game gets its own part of it. Exceptions propagate to the
    caller.
    """
    module = request.get("module")
    if module:
        importlib.import_module(module)
    game = game_named(request["game"])
    board = game.decode_board(request["board"])
    level = game.level_by_key(request["level"])
    seed = request.get("seed")
    rng = random.Random(seed) if seed is not None else random.Random()
    move = game.choose_move(
        board,
        level,
        stop=stop,
        on_info=lambda info: on_progress(_info_to_json(info)),
        rng=rng,
        time_budget=request.get("time_budget"),
        memory=(memory if memory is not None else {}).setdefault(game.name, {}),
    )
    legal_moves = getattr(board, "legal_moves", None)
    if callable(legal_moves) and move not in legal_moves():
        # A bug in the AI must reach the player as an error, not as a corrupt game.
        raise RuntimeError(f"the AI chose {move!s}, which is not a legal move in this position")
    return str(move)


def _format_exception(error: BaseException) -> tuple[str, str]:
    message = f"{type(error).__name__}: {error}"
    return message, "".join(traceback.format_exception(type(error), error, error.__traceback__))


# --- the worker ------------------------------------------------------------------


@dataclasses.dataclass(eq=False)
class _Job:
    """One request; its mutable fields are guarded by the worker's lock."""

    ticket: int
    game: GameAI
    payload: dict[str, Any]
    stop: threading.Event = dataclasses.field(default_factory=threading.Event)
    state: AIState = AIState.THINKING
    move: Any = None
    error: str | None = None
    traceback: str | None = None
    progress: AIProgress | None = None

    def status(self) -> AIStatus:
        return AIStatus(self.state, self.move, self.error, self.traceback, self.progress)


_CLOSE = ("close",)


class AIWorker:
    """Runs AI searches in the background for the scenes; see the module docstring.

    Thread-safe: ``request``, ``poll``, ``cancel`` and ``close`` may be called
    from any thread and never wait for a search. Only the most recent request
    is tracked: a new one supersedes (cancels) the previous.
    """

    def __init__(self, *, use_process: bool = True) -> None:
        """Create an idle worker: one waiting thread; the child process starts on the first request.

        The thread starts here, not in ``request``: starting a thread waits for
        it to run, which on a busy machine can cost a frame.
        """
        self.use_process = use_process
        self._lock = threading.Condition()
        self._tickets = itertools.count(1)
        self._current: _Job | None = None
        # Tickets whose search may still be using a CPU (queued, running, or
        # stopping); ``wait_idle`` waits for this to empty.
        self._busy: set[int] = set()
        self._inbox: queue.Queue[tuple[Any, ...]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._closed = False
        self._child: _Child | None = None  # only touched by the manager thread
        with self._lock:
            self._start_thread_locked()

    # -- the scenes' side --

    def request(
        self, board: Any, level: Any, *, time_budget: float | None = None, seed: int | None = None
    ) -> int:
        """Start choosing a move for the side to move on ``board``; returns a ticket at once.

        ``level`` is one of the game's levels (or its key); ``time_budget`` in
        seconds overrides the level's thinking time; ``seed`` makes the level's
        random choices repeatable. The board is copied (as text) before this
        returns. Any earlier request is cancelled. Raises ``TypeError`` for a
        board of no registered game, ``ValueError`` for an unknown level or a bad
        budget, ``RuntimeError`` after ``close``.
        """
        game = game_for(board)
        level_key = level if isinstance(level, str) else level.key
        # Levels travel by key (the child process looks them up again): a wrong
        # or home-made level is the caller's bug, so say so now.
        registered = game.level_by_key(level_key)
        if not isinstance(level, str) and registered != level:
            raise ValueError(f"level {level_key!r} differs from the registered level with that key")
        if time_budget is not None and not (isinstance(time_budget, int | float) and time_budget >= 0):
            raise ValueError(f"time_budget must be None or a number of seconds >= 0, not {time_budget!r}")
        if time_budget is not None and not math.isfinite(time_budget):
            raise ValueError(f"time_budget must be finite, not {time_budget!r}")
        if seed is not None and not isinstance(seed, int):
            raise ValueError(f"seed must be None or an int, not {seed!r}")
        payload = {
            "game": game.name,
            "module": game.module,
            "board": game.encode_board(board),
            "level": level_key,
            "time_budget": None if time_budget is None else float(time_budget),
            "seed": seed,
        }
        with self._lock:
            if self._closed:
                raise RuntimeError("the AI worker is closed")
            ticket = next(self._tickets)
            payload["id"] = ticket
            self._cancel_current_locked()
            job = _Job(ticket, game, payload)
            self._current = job
            self._busy.add(ticket)
            self._start_thread_locked()
        self._inbox.put(("search", job))
        return ticket

    def poll(self, ticket: int) -> AIStatus:
        """The state of request ``ticket``; never blocks. ``UNKNOWN`` once superseded."""
        with self._lock:
            job = self._current
            if job is None or job.ticket != ticket:
                return _UNKNOWN
            return job.status()

    def cancel(self) -> None:
        """Stop the current request: ``poll`` says ``CANCELLED`` at once; the search ends within 100 ms."""
        with self._lock:
            job = self._cancel_current_locked()
        if job is not None:
            self._inbox.put(("cancel", job))

    def warm_up(self) -> None:
        """Start the manager thread (and child process) now, so the first request starts faster."""
        with self._lock:
            if self._closed:
                return
            self._start_thread_locked()
        self._inbox.put(("warm_up",))

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until no search uses a CPU (cancelled ones included); ``False`` on timeout.

        For tests and shutdown; a scene should poll instead.
        """
        with self._lock:
            return self._lock.wait_for(lambda: not self._busy, timeout)

    @property
    def child_pid(self) -> int | None:
        """The process id of the child process, if one is running (process mode only)."""
        child = self._child
        return child.process.pid if child is not None and child.process.poll() is None else None

    def close(self) -> None:
        """Cancel any request, stop the thread and the child process, and wait for them. Idempotent."""
        with self._lock:
            if self._closed:
                thread = None
            else:
                self._closed = True
                self._cancel_current_locked()
                thread = self._thread
        if thread is not None:
            self._inbox.put(_CLOSE)
            # In thread mode a game whose search ignores ``stop`` cannot be
            # interrupted; the thread is a daemon, so give up on it rather than hang.
            thread.join(CLOSE_TIMEOUT)

    def __enter__(self) -> AIWorker:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- shared bookkeeping (called with the lock held) --

    def _start_thread_locked(self) -> None:
        # Normally once, in the constructor; again only if the manager died of a bug.
        if self._thread is None:
            self._thread = threading.Thread(target=self._manage, name="ai-worker", daemon=True)
            self._thread.start()

    def _cancel_current_locked(self) -> _Job | None:
        job = self._current
        if job is None or job.state is not AIState.THINKING:
            return None
        job.state = AIState.CANCELLED
        job.stop.set()
        return job

    def _release(self, ticket: int) -> None:
        with self._lock:
            self._busy.discard(ticket)
            self._lock.notify_all()

    def _report_progress(self, job: _Job, data: Mapping[str, Any]) -> None:
        try:
            pv = tuple(job.game.parse_move(text) for text in data.get("pv", ()))
            progress = AIProgress(
                depth=int(data["depth"]),
                score=int(data["score"]),
                nodes=int(data["nodes"]),
                nps=int(data["nps"]),
                elapsed=float(data["elapsed"]),
                pv=pv,
            )
        except (KeyError, TypeError, ValueError):
            return  # progress is cosmetic: a malformed report is not worth failing the search
        with self._lock:
            if job.state is AIState.THINKING:
                job.progress = progress

    def _finish(
        self, job: _Job, *, move_text: str | None = None, error: tuple[str, str] | None = None
    ) -> None:
        """Record the result of ``job`` unless it was cancelled meanwhile."""
        move = None
        if error is None and move_text is not None:
            try:
                move = job.game.parse_move(move_text)
            except ValueError as exc:
                error = _format_exception(exc)
        with self._lock:
            if job.state is AIState.THINKING:
                if error is not None:
                    job.state = AIState.ERROR
                    job.error, job.traceback = error
                else:
                    job.state = AIState.DONE
                    job.move = move
            self._busy.discard(job.ticket)
            self._lock.notify_all()

    # -- the manager thread --

    def _manage(self) -> None:
        try:
            if self.use_process:
                self._manage_process()
            else:
                self._manage_thread()
        except Exception as exc:
            # A bug in the worker itself: the scene must hear of it rather than
            # wait forever, and the next request starts a fresh manager.
            error = _format_exception(exc)
            with self._lock:
                job = self._current
                if job is not None and job.state is AIState.THINKING:
                    job.state = AIState.ERROR
                    job.error, job.traceback = error
                self._thread = None
        finally:
            with self._lock:
                self._busy.clear()
                self._lock.notify_all()

    def _manage_thread(self) -> None:
        """Thread mode: run each request's search right here."""
        memory: dict[str, dict[str, Any]] = {}
        while True:
            item = self._inbox.get()
            if item[0] == "close":
                return
            if item[0] != "search":
                continue
            job: _Job = item[1]
            if job.stop.is_set():  # superseded or cancelled before it started
                self._release(job.ticket)
                continue
            try:
                move_text = _run_search(
                    job.payload, job.stop, lambda data, job=job: self._report_progress(job, data), memory
                )
            except Exception as exc:
                self._finish(job, error=_format_exception(exc))
            else:
                self._finish(job, move_text=move_text)

    def _manage_process(self) -> None:
        """Process mode: feed requests to the child and turn its messages into job states."""
        try:
            while True:
                child = self._child
                deadline = child.stop_deadline if child is not None else None
                timeout = None if deadline is None else max(0.0, deadline - time.monotonic())
                try:
                    item = self._inbox.get(timeout=timeout)
                except queue.Empty:
                    # A stopped search did not end in time: the child is hung. Its
                    # exit fails whatever it still holds, and the next request
                    # starts a new one.
                    if child is not None and child.jobs:
                        child.kill()
                    if child is not None:
                        child.stop_deadline = None
                    continue
                kind = item[0]
                if kind == "close":
                    return
                if kind == "warm_up":
                    with contextlib.suppress(OSError):  # the next request reports it
                        self._ensure_child()
                elif kind == "search":
                    job = item[1]
                    if job.stop.is_set():  # superseded or cancelled before it was sent
                        self._release(job.ticket)
                        continue
                    try:
                        child = self._ensure_child()
                    except OSError as exc:  # no interpreter to run, too many processes...
                        self._finish(job, error=_format_exception(exc))
                        continue
                    for old in child.jobs.values():
                        child.send_stop(old.ticket)
                    child.jobs[job.ticket] = job
                    child.send({"type": "search", **job.payload})
                elif kind == "cancel":
                    job = item[1]
                    if child is not None and job.ticket in child.jobs:
                        child.send_stop(job.ticket)
                elif kind == "message":
                    self._handle_message(item[1], item[2])
                elif kind == "exit":
                    dead_child, description = item[1], item[2]
                    if dead_child is self._child:
                        self._child = None
                    for job in dead_child.jobs.values():
                        self._finish(job, error=("ChildProcessError: " + description, description))
                    dead_child.jobs.clear()
        finally:
            if self._child is not None:
                self._child.quit()
                self._child = None

    def _ensure_child(self) -> _Child:
        if self._child is None or self._child.dead:
            # A killed child still reports its exit, which fails its own jobs.
            self._child = _Child(self._inbox)
        return self._child

    def _handle_message(self, child: _Child, message: Mapping[str, Any]) -> None:
        job = child.jobs.get(message.get("id"))  # type: ignore[arg-type]
        if job is None:
            return
        kind = message.get("type")
        if kind == "info":
            self._report_progress(job, message)
            return
        if kind not in ("done", "error", "cancelled"):
            return
        del child.jobs[job.ticket]
        if not child.jobs:
            child.stop_deadline = None
        if kind == "done":
            self._finish(job, move_text=message.get("move"))
        elif kind == "error":
            error = str(message.get("error", "unknown error in the AI process"))
            self._finish(job, error=(error, str(message.get("traceback", error))))
        else:
            self._release(job.ticket)  # it never started: it was cancelled before


# --- the child process, seen from the parent --------------------------------------


class _Child:
    """One running child process and the threads that read its output."""

    def __init__(self, inbox: queue.Queue[tuple[Any, ...]]) -> None:
        env = dict(os.environ)
        # The child must import this package wherever the game was started from.
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(_PROJECT_ROOT), env.get("PYTHONPATH")]))
        env["PYTHONUNBUFFERED"] = "1"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "game.ai.worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=str(_PROJECT_ROOT),
            env=env,
            text=True,
            encoding="utf-8",
            errors="replace",
            bufsize=1,
        )
        self.dead = False
        # Requests sent and not answered yet, and when the stopped ones must have ended by.
        self.jobs: dict[int, _Job] = {}
        self.stop_deadline: float | None = None
        self._inbox = inbox
        self._stderr_tail: collections.deque[str] = collections.deque(maxlen=STDERR_TAIL_LINES)
        self._stderr_reader = threading.Thread(target=self._read_stderr, name="ai-child-stderr", daemon=True)
        self._stdout_reader = threading.Thread(target=self._read_stdout, name="ai-child-stdout", daemon=True)
        self._stderr_reader.start()
        self._stdout_reader.start()

    def send(self, message: Mapping[str, Any]) -> None:
        """Write one message; a dead child is noticed by the reader, so errors here are ignored."""
        try:
            assert self.process.stdin is not None
            self.process.stdin.write(json.dumps(message) + "\n")
            self.process.stdin.flush()
        except (OSError, ValueError):
            self.kill()

    def send_stop(self, ticket: int) -> None:
        """Tell the child to stop request ``ticket``; it is killed if it has not answered in time."""
        self.send({"type": "stop", "id": ticket})
        if self.stop_deadline is None:
            self.stop_deadline = time.monotonic() + STOP_GRACE

    def kill(self) -> None:
        """Kill the process; the stdout reader then reports its exit."""
        self.dead = True
        with contextlib.suppress(OSError):
            self.process.kill()

    def quit(self) -> None:
        """Ask the child to exit, kill it if it does not, and wait for the reader threads."""
        self.dead = True
        self.send({"type": "quit"})
        with contextlib.suppress(OSError, ValueError):
            assert self.process.stdin is not None
            self.process.stdin.close()
        try:
            self.process.wait(QUIT_GRACE)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._stdout_reader.join()
        self._stderr_reader.join()

    def _read_stdout(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            try:
                message = json.loads(line)
            except ValueError:
                self._stderr_tail.append(line.rstrip("\n"))  # not ours: keep it for a crash report
                continue
            if isinstance(message, dict):
                self._inbox.put(("message", self, message))
        returncode = self.process.wait()
        self._stderr_reader.join(1.0)
        self.dead = True
        description = f"the AI process exited unexpectedly (exit code {returncode})"
        tail = "\n".join(self._stderr_tail).strip()
        if tail:
            description += ":\n" + tail
        self._inbox.put(("exit", self, description))

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self._stderr_tail.append(line.rstrip("\n"))


# --- the child process, seen from inside ---------------------------------------------


def child_main(stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Serve search requests, one JSON object per line, until ``quit`` or end of input.

    Messages in: ``search`` (a request's payload with its ``id``), ``stop``
    (``id``), ``quit``. Messages out: ``info`` (progress), ``done`` (``move``),
    ``error`` (``error``, ``traceback``), ``cancelled`` (stopped before it
    started); each carries the request's ``id``. A listener thread reads the
    input so a ``stop`` reaches the running search at once.
    """
    if stdout is None:
        # Anything else printing to stdout would corrupt the protocol: keep the
        # real stdout for messages and send stray prints to stderr.
        stdout = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8", buffering=1)
        os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
        sys.stdout = sys.stderr
    if stdin is None:
        stdin = sys.stdin
    output_lock = threading.Lock()
    lock = threading.Lock()
    requests: queue.Queue[dict[str, Any] | None] = queue.Queue()
    stopped: set[Any] = set()
    quitting = threading.Event()
    running: dict[str, Any] = {"id": None, "stop": threading.Event()}
    memory: dict[str, dict[str, Any]] = {}  # what the games keep between searches

    def send(message: dict[str, Any]) -> None:
        with output_lock:
            stdout.write(json.dumps(message) + "\n")
            stdout.flush()

    def listen() -> None:
        for line in stdin:
            try:
                message = json.loads(line)
                kind = message["type"]
            except (ValueError, TypeError, KeyError):
                print(f"ai child: ignoring malformed message {line.strip()[:200]!r}", file=sys.stderr)
                continue
            if kind == "search":
                requests.put(message)
            elif kind == "stop":
                with lock:
                    stopped.add(message.get("id"))
                    if running["id"] == message.get("id"):
                        running["stop"].set()
            elif kind == "quit":
                break
        # Quit or end of input (the game is gone): stop now, answer nothing more.
        quitting.set()
        with lock:
            running["stop"].set()
        requests.put(None)

    threading.Thread(target=listen, name="ai-child-listener", daemon=True).start()
    while True:
        request = requests.get()
        if request is None or quitting.is_set():
            return 0
        ticket = request.get("id")
        stop = threading.Event()
        with lock:
            # Tickets only grow and requests are served in order: a stop for an
            # older ticket can only concern a finished request, so forget it
            # (otherwise the set grows by one for every stop that came late).
            if isinstance(ticket, int):
                stopped.difference_update([old for old in stopped if isinstance(old, int) and old < ticket])
            running["id"], running["stop"] = ticket, stop
            if ticket in stopped:
                stopped.discard(ticket)
                stop.set()
        if stop.is_set():
            send({"type": "cancelled", "id": ticket})
            continue
        try:
            move_text = _run_search(
                request,
                stop,
                lambda data, ticket=ticket: send({"type": "info", "id": ticket, **data}),
                memory,
            )
        except Exception as exc:
            error, trace = _format_exception(exc)
            send({"type": "error", "id": ticket, "error": error, "traceback": trace})
        else:
            send({"type": "done", "id": ticket, "move": move_text})
        with lock:
            running["id"] = None
            stopped.discard(ticket)


if __name__ == "__main__":
    # Run through the imported module, not this ``__main__`` copy, so games that
    # register themselves with ``game.ai.worker`` land in the registry we use.
    from game.ai import worker as _worker

    sys.exit(_worker.child_main())
