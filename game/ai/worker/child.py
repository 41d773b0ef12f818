"""Running one search, and the child process's loop (``python -m game.ai.worker``).

A request is plain data: ``ai`` (the ``module:attribute`` path of the game's
``GameAI``, from the registry), ``position`` (text with history), ``level``,
``time_budget`` and ``seed``. ``run_search`` imports the game's AI by that path
and asks it for one action, as text; the worker checks it against the rules
when the answer arrives. Both ways of running use ``run_search``: the manager
thread calls it directly, the child process calls it for every request read
from its input, one JSON object per line (no pickle: no game object crosses the
boundary).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
import queue
import random
import sys
import threading
from collections.abc import Callable, Mapping
from typing import Any, TextIO

from game.ai.api import Progress
from game.ai.worker.status import format_exception

__all__ = ["child_main", "run_search"]


def _resolve(path: str) -> Any:
    # The registry's own resolver, imported late: the child needs no more of it.
    from game.games import resolve

    return resolve(path)


def _progress_to_json(progress: Progress) -> dict[str, Any]:
    """A search's progress report as plain data."""
    elapsed = float(progress.elapsed)
    nodes = int(progress.nodes)
    return {
        **dataclasses.asdict(progress),
        "pv": [str(move) for move in progress.pv],
        "nps": int(nodes / elapsed) if elapsed > 0 else nodes,
    }


def run_search(
    request: Mapping[str, Any],
    stop: threading.Event,
    on_progress: Callable[[dict[str, Any]], None],
    memory: dict[str, dict[str, Any]] | None = None,
) -> str:
    """Run the search a request describes; returns the chosen action's text.

    ``memory`` is kept by the caller between requests; each game's AI gets its
    own part of it. Exceptions propagate to the caller.
    """
    ai_path = str(request["ai"])
    ai = _resolve(ai_path)
    prepare = getattr(ai, "prepare", None)  # a bare AI (a test's) has nothing to get ready
    if callable(prepare):
        prepare()  # the game being played: its compiled search, if still queued, is built next
    seed = request.get("seed")
    rng = random.Random(seed) if seed is not None else random.Random()
    answer = ai.choose(
        str(request["position"]),
        str(request["level"]),
        stop=stop,
        on_progress=lambda progress: on_progress(_progress_to_json(progress)),
        rng=rng,
        time_budget=request.get("time_budget"),
        memory=(memory if memory is not None else {}).setdefault(ai_path, {}),
    )
    if not isinstance(answer, str):
        raise TypeError(f"the AI answered {answer!r}, not a move as text")
    return answer


def _prepare_games() -> None:
    """Let every game's AI get ready (a compiled search starts building), while the player is in the menus."""
    from game.games import GAMES

    for game in GAMES:
        if game.ai is None:
            continue
        try:
            _resolve(game.ai).prepare()
        except Exception as exc:  # a game that cannot get ready searches as it can when asked
            print(f"ai child: {game.key} could not prepare its search: {exc}", file=sys.stderr)


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

    def send_progress(ticket: Any, data: dict[str, Any]) -> None:
        send({"type": "info", "id": ticket, **data})

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
    threading.Thread(target=_prepare_games, name="ai-child-prepare", daemon=True).start()
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
            move_text = run_search(
                request,
                stop,
                functools.partial(send_progress, ticket),
                memory,
            )
        except Exception as exc:
            error, trace = format_exception(exc)
            send({"type": "error", "id": ticket, "error": error, "traceback": trace})
        else:
            send({"type": "done", "id": ticket, "move": move_text})
        with lock:
            running["id"] = None
            stopped.discard(ticket)
