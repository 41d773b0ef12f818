"""``AIWorker``: the scenes ask the computer for a move, and keep drawing while it thinks.

One worker serves every game. A scene asks with ``request(game, position,
level)`` — a game key of the registry, the position as text with its history
(``Match.position_text``), a level key — which returns a ticket at once;
it reads ``poll(ticket)`` every frame, and may ``cancel`` at any time. The
worker never touches the scene's objects and is never given dice that have
not been rolled; it answers one action at a time, as a move of the game
checked legal by the game's rules.

Whether the search runs in the manager thread or in a child process that the
thread manages (``use_process``) was decided by measurement (design.md, "AI";
``bench/frames.py``): a CPU-bound pure Python search in a thread of the game
process holds the GIL and stretches frames, while in a child process they
stay smooth. Both ways behave the same.

An engine the player added (another program) is asked with
``request_engine``: a second manager thread of the worker runs it as a
process of its own and talks to it in the game's protocol
(``game.ai.worker.uai_client``), with the same tickets, ``poll``, ``cancel``
and ``abandon``; its failures come back as ``ERROR`` with ``AIStatus.failure``.
"""

from __future__ import annotations

import logging
import math
import queue
import threading
from collections.abc import Callable
from typing import Any

from game.ai.worker.jobs import Job, JobBook
from game.ai.worker.managers import ProcessManager, run_in_thread
from game.ai.worker.status import AIStatus, format_exception
from game.ai.worker.uai_client import PROTOCOL, EngineManager, EngineProbe, EngineSpec, EngineTimeouts

__all__ = ["AIWorker"]

log = logging.getLogger(__name__)

# How long ``close`` waits for the manager thread.
CLOSE_TIMEOUT = 5.0
_CLOSE = ("close",)


def _registry_lookup(key: str) -> Any:
    from game.games import game

    return game(key)


class AIWorker:
    """Runs AI searches in the background for the scenes; see the module docstring.

    Thread-safe: ``request``, ``poll``, ``cancel`` and ``close`` may be called
    from any thread and never wait for a search. Only the most recent request
    is tracked: a new one supersedes (cancels) the previous. ``games`` finds a
    game's definition by key (the registry by default; tests give their own).
    """

    def __init__(
        self,
        *,
        use_process: bool = True,
        games: Callable[[str], Any] = _registry_lookup,
        engine_timeouts: EngineTimeouts | None = None,
    ) -> None:
        """Create an idle worker: two waiting threads; the child process starts on the first request.

        The threads start here, not in ``request``: starting a thread waits for
        it to run, which on a busy machine can cost a frame. ``engine_timeouts``
        bound the engines' answers (tests give short ones).
        """
        self.use_process = use_process
        self.engine_timeouts = engine_timeouts or EngineTimeouts()
        self._games = games
        self._book = JobBook()
        self._inbox: queue.Queue[tuple[Any, ...]] = queue.Queue()
        self._engine_inbox: queue.Queue[tuple[Any, ...]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._engine_thread: threading.Thread | None = None
        self._process: ProcessManager | None = None
        self._engines: EngineManager | None = None
        self._probes: list[EngineProbe] = []
        self._closed = False
        with self._book.lock:
            self._start_thread_locked()

    # -- the scenes' side --

    def request(
        self,
        game: str,
        position: str,
        level: str,
        *,
        time_budget: float | None = None,
        seed: int | None = None,
    ) -> int:
        """Start choosing an action for the seat to move; returns a ticket at once.

        ``game`` is a registry key, ``position`` the position as text with its
        history, ``level`` a level key of the game's AI (or its hint level);
        ``time_budget`` in seconds overrides the level's thinking time; ``seed``
        makes the level's random choices repeatable. Any earlier request is
        cancelled. Raises ``KeyError`` for an unknown game, ``LookupError`` for
        a game without a computer opponent, ``ValueError`` for an unknown level
        or a bad budget, ``RuntimeError`` after ``close``.
        """
        definition = self._games(game)
        ai = definition.load_ai()
        rules = definition.load_rules()
        if not isinstance(level, str):
            raise ValueError(f"a level is given by its key, not {level!r}")
        ai.level(level)  # an unknown level is the caller's bug: say so now
        if not isinstance(position, str):
            raise ValueError(f"a position is given as text, not {type(position).__name__}")
        if time_budget is not None and not (isinstance(time_budget, int | float) and time_budget >= 0):
            raise ValueError(f"time_budget must be None or a number of seconds >= 0, not {time_budget!r}")
        if time_budget is not None and not math.isfinite(time_budget):
            raise ValueError(f"time_budget must be finite, not {time_budget!r}")
        if seed is not None and not isinstance(seed, int):
            raise ValueError(f"seed must be None or an int, not {seed!r}")
        payload = {
            "ai": definition.ai,
            "position": position,
            "level": level,
            "time_budget": None if time_budget is None else float(time_budget),
            "seed": seed,
        }
        return self._open(rules, payload)

    def request_engine(self, game: str, position: str, engine: EngineSpec, *, movetime: float) -> int:
        """Start asking the engine ``engine`` (a program the player added) for the action of the seat to
        move, thinking ``movetime`` seconds; returns a ticket at once, as ``request`` does.

        Raises ``KeyError`` for an unknown game, ``LookupError`` for a game whose engines do not speak a
        protocol the worker knows, ``ValueError`` for a bad position or time, ``RuntimeError`` after
        ``close``. Whatever the engine does wrong comes back through ``poll`` (``AIStatus.failure``).
        """
        definition = self._games(game)
        protocol = definition.extras.engine_protocol
        if protocol != PROTOCOL:
            raise LookupError(f"{definition.name} cannot be played by engines (its protocol: {protocol})")
        rules = definition.load_rules()
        if not isinstance(position, str):
            raise ValueError(f"a position is given as text, not {type(position).__name__}")
        if not (isinstance(movetime, int | float) and math.isfinite(movetime) and movetime > 0):
            raise ValueError(f"movetime must be a number of seconds > 0, not {movetime!r}")
        if not isinstance(engine, EngineSpec):
            raise ValueError(f"an engine is given as an EngineSpec, not {type(engine).__name__}")
        ai = definition.load_ai() if definition.ai is not None else None
        payload = {
            "engine": {"name": engine.name, "command": engine.command},
            "position": position,
            "movetime": float(movetime),
            # The engine's centipawns in the game's units, so the screens read its scores as our own AI's.
            "score_unit": int(getattr(ai, "score_unit", 100)),
        }
        return self._open(rules, payload)

    def _open(self, rules: Any, payload: dict[str, Any]) -> int:
        """Open the request and hand it to its manager (the game's AI's, or the engines')."""
        with self._book.lock:
            if self._closed:
                raise RuntimeError("the AI worker is closed")
            previous = self._book.current
            job = self._book.open(rules, payload)
            self._start_thread_locked()
        # The superseded request's manager hears of it (the other one learns from the new request itself).
        if previous is not None and _is_engine(previous) != _is_engine(job):
            self._inbox_of(previous).put(("cancel", previous))
        self._inbox_of(job).put(("search", job))
        return job.ticket

    def _inbox_of(self, job: Job) -> queue.Queue[tuple[Any, ...]]:
        return self._engine_inbox if _is_engine(job) else self._inbox

    def poll(self, ticket: int) -> AIStatus:
        """The state of request ``ticket``; never blocks. ``UNKNOWN`` once superseded."""
        return self._book.poll(ticket)

    def cancel(self) -> None:
        """Stop the current request: ``poll`` says ``CANCELLED`` at once; the search ends within 100 ms."""
        with self._book.lock:
            job = self._book.cancel_current_locked()
        if job is not None:
            self._inbox_of(job).put(("cancel", job))

    def abandon(self) -> None:
        """Give up on a search that did not answer in time: cancel it, and kill the child process (and a
        busy engine) at once.

        The next request starts a fresh child. In thread mode the search can
        only be asked to stop (``cancel``).
        """
        self.cancel()
        if self.use_process:
            self._inbox.put(("kill",))
        self._engine_inbox.put(("kill",))

    def probe(self, command: str, *, rules: Any = None) -> EngineProbe:
        """Check the engine ``command`` in the background before it is added (``uai_client.probe_engine``:
        its name, and given ``rules`` one move from the start); the screen reads ``EngineProbe.result``
        every frame. ``close`` cancels the probes still running, so no engine outlives the worker."""
        with self._book.lock:
            if self._closed:
                raise RuntimeError("the AI worker is closed")
            self._probes = [probe for probe in self._probes if not probe.done]
            probe = EngineProbe(command, rules=rules, timeouts=self.engine_timeouts)
            self._probes.append(probe)
        return probe

    def release_engine(self) -> None:
        """The engine is not needed now (its match is over): it is told to quit, killed if it lingers,
        and reaped. The next engine request starts it again."""
        self._engine_inbox.put(("release",))

    def warm_up(self) -> None:
        """Start the manager thread (and child process) now, so the first request starts faster."""
        with self._book.lock:
            if self._closed:
                return
            self._start_thread_locked()
        self._inbox.put(("warm_up",))

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until no search uses a CPU (cancelled ones included); ``False`` on timeout.

        For tests and shutdown; a scene should poll instead.
        """
        return self._book.wait_idle(timeout)

    @property
    def child_pid(self) -> int | None:
        """The process id of the child process, if one is running (process mode only)."""
        return self._process.child_pid if self._process is not None else None

    @property
    def engine_pid(self) -> int | None:
        """The process id of the engine running now, if any."""
        return self._engines.engine_pid if self._engines is not None else None

    def close(self) -> None:
        """Cancel any request, stop the thread and the child process, and wait for them. Idempotent."""
        with self._book.lock:
            if self._closed:
                threads: list[threading.Thread | None] = []
            else:
                self._closed = True
                self._book.cancel_current_locked()
                threads = [self._thread, self._engine_thread]
            probes, self._probes = self._probes, []
        for probe in probes:
            probe.cancel(CLOSE_TIMEOUT)
        self._inbox.put(_CLOSE)
        self._engine_inbox.put(_CLOSE)
        for thread in threads:
            # In thread mode a game whose search ignores ``stop`` cannot be
            # interrupted; the thread is a daemon, so give up on it rather than hang.
            if thread is not None:
                thread.join(CLOSE_TIMEOUT)

    def __enter__(self) -> AIWorker:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- the manager thread --

    def _start_thread_locked(self) -> None:
        # Normally once, in the constructor; again only if a manager died of a bug.
        if self._thread is None:
            self._thread = threading.Thread(target=self._manage, name="ai-worker", daemon=True)
            self._thread.start()
        if self._engine_thread is None:
            self._engine_thread = threading.Thread(
                target=self._manage_engines, name="ai-engines", daemon=True
            )
            self._engine_thread.start()

    def _manage(self) -> None:
        try:
            if self.use_process:
                self._process = ProcessManager(self._book, self._inbox)
                self._process.run()
            else:
                run_in_thread(self._book, self._inbox)
        except Exception as exc:
            # A bug in the worker itself: the scene must hear of it rather than
            # wait forever, and the next request starts a fresh manager.
            self._book.fail_current(format_exception(exc))
            with self._book.lock:
                self._thread = None
        finally:
            self._book.release_all()

    def _manage_engines(self) -> None:
        try:
            self._engines = EngineManager(self._book, self._engine_inbox, self.engine_timeouts)
            self._engines.run()
        except Exception as exc:  # a bug in the engine manager: as for the other manager
            log.exception("the engine manager failed")
            self._book.fail_current(format_exception(exc))
            with self._book.lock:
                self._engine_thread = None


def _is_engine(job: Job) -> bool:
    """Whether ``job`` asks an engine the player added (not the game's own AI)."""
    return "engine" in job.payload
