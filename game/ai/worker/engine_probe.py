"""Probing an engine before it is added: start it, shake hands, read its name, have it play one move.

``probe_engine`` is what Options → Engines does before adding an engine; ``EngineProbe`` runs it in a
thread the screens look at every frame.
"""

from __future__ import annotations

import queue
import threading
import time
from pathlib import Path
from typing import Any

from game.ai import uai_protocol as uai
from game.ai.worker.engine_naming import clean_name, program_name
from game.ai.worker.engine_process import default_folder, parse_command, start_engine
from game.ai.worker.engine_spec import (
    EngineError,
    EngineIdentity,
    EngineTimeouts,
    checked_move,
    seconds_text,
    shown,
)
from game.engine.rules import GameRules

__all__ = ["PROBE_MOVETIME", "EngineProbe", "probe_engine"]

PROBE_MOVETIME = 0.2
"""Seconds of the test move ``probe_engine`` asks for."""
PROBE_QUIT_GRACE = 0.5
"""Seconds the probed engine has to exit after ``quit`` before it is killed."""
_DEFAULT_TIMEOUTS = EngineTimeouts()


class _Cancelled(Exception):
    """The probe was cancelled (the player closed the dialog)."""


def probe_engine(
    command: str,
    *,
    rules: GameRules[Any, Any] | None = None,
    timeouts: EngineTimeouts = _DEFAULT_TIMEOUTS,
    cwd: Path | None = None,
    cancel: threading.Event | None = None,
    movetime: float = PROBE_MOVETIME,
) -> EngineIdentity:
    """Start ``command``, shake hands (``uai``/``uaiok``, ``isready``/``readyok``), read its ``id`` lines,
    and given ``rules`` have it play one move from the start position; then ``quit`` (and kill if need be).

    Blocks (run it in a thread: ``EngineProbe``); raises ``EngineError`` saying what went wrong, or
    ``InterruptedError`` when ``cancel`` is set. The name is the ``id name`` reply, else the program's.
    """
    lines: queue.Queue[str | None] = queue.Queue()
    process = start_engine(
        command, cwd if cwd is not None else default_folder(), lines.put, lambda end: lines.put(None)
    )
    fallback = program_name(parse_command(command))
    said: dict[str, str] = {}

    def wait_for(word: str, seconds: float, kind: str, said_seconds: str = "") -> str:
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if cancel is not None and cancel.is_set():
                raise _Cancelled
            if left <= 0:
                raise EngineError(kind, seconds=said_seconds or seconds_text(seconds))
            try:
                line = lines.get(timeout=min(left, 0.05))
            except queue.Empty:
                continue
            if line is None:
                process.join(1.0)
                raise EngineError(
                    "exited", end=process.describe_end(), detail=shown(process.last_error_line(), 80)
                )
            identity = uai.parse_id(line)
            if identity is not None:
                said.setdefault(*identity)
            if uai.first_word(line) == word:
                return line

    try:
        process.send(uai.UAI)
        wait_for(uai.UAIOK, timeouts.handshake, "handshake")
        process.send(uai.ISREADY)
        wait_for(uai.READYOK, timeouts.ready, "ready")
        move = ""
        started = time.monotonic()
        if rules is not None:
            position = rules.new_position(rules.start_text)
            process.send(uai.UAINEWGAME)
            process.send(uai.format_position(rules.start_text, []))
            process.send(uai.format_go(uai.GoParams(movetime=max(1, round(movetime * 1000)))))
            total = seconds_text(movetime + timeouts.grace + timeouts.stop)
            try:
                answer = wait_for(uai.BESTMOVE, movetime + timeouts.grace, "timeout", total)
            except EngineError as error:
                if error.kind != "timeout":
                    raise
                process.send(uai.STOP)  # late: the move it has now will do
                answer = wait_for(uai.BESTMOVE, timeouts.stop, "timeout", total)
            move = checked_move(answer, rules, position)
        return EngineIdentity(
            clean_name(said.get("name", ""), fallback),
            clean_name(said.get("author", ""), ""),
            move,
            time.monotonic() - started,
        )
    except _Cancelled:
        raise InterruptedError("the engine check was cancelled") from None
    finally:
        process.quit(uai.QUIT, PROBE_QUIT_GRACE)


class EngineProbe:
    """``probe_engine`` in a thread: the screens start it and look at ``result`` every frame."""

    def __init__(self, command: str, **options: Any) -> None:
        self.command = command
        self._cancel = threading.Event()
        self._result: EngineIdentity | Exception | None = None
        self._thread = threading.Thread(target=self._run, args=(options,), name="engine-probe", daemon=True)
        self._thread.start()

    def _run(self, options: dict[str, Any]) -> None:
        try:
            self._result = probe_engine(self.command, cancel=self._cancel, **options)
        except Exception as error:  # reported to the screen, which says it
            self._result = error

    @property
    def done(self) -> bool:
        """Whether the probe is over (``result`` says how)."""
        return not self._thread.is_alive()

    @property
    def result(self) -> EngineIdentity | Exception | None:
        """The engine's identity, or the error (``EngineError``...), or ``None`` while it runs."""
        return self._result if self.done else None

    def cancel(self, wait: float = 2.0) -> None:
        """Stop the probe (the engine is told to quit, or killed) and wait up to ``wait`` seconds for it."""
        self._cancel.set()
        self._thread.join(wait)
