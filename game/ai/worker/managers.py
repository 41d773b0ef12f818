"""The worker's manager thread: it runs the searches itself, or feeds them to a child process.

Both managers read the worker's inbox (``("search", job)``, ``("cancel",
job)``, ``("kill",)``, ``("warm_up",)``, ``("close",)``, and, for the child's readers,
``("message", child, data)`` and ``("exit", child, description)``) and report
through the ``JobBook``.

- ``run_in_thread``: each request's search runs right in the manager thread.
- ``ProcessManager``: a long-lived child process (``python -m game.ai.worker``)
  runs the search on another core; the manager talks to it with one JSON
  object per line (a ``LineProcess``, as the engines the player adds). The child starts on the first request (or ``warm_up``) and
  again after a crash; a child that does not end a stopped search in time is
  hung, and is killed.
"""

from __future__ import annotations

import collections
import contextlib
import functools
import json
import os
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.ai.line_process import LineProcess
from game.ai.worker.child import run_search
from game.ai.worker.jobs import Inbox, Job, JobBook, next_item
from game.ai.worker.status import format_exception

__all__ = ["ProcessManager", "run_in_thread"]

# A search that was told to stop must end within 100 ms; a child that has not
# answered long after that is hung (or stuck in C code) and is killed so the
# next request gets a fresh one.
STOP_GRACE = 2.0
# How long ``quit`` waits for the child to exit on its own before killing it.
QUIT_GRACE = 1.0
# Lines of the child's stderr kept to explain a crash.
STDERR_TAIL_LINES = 20

_PROJECT_ROOT = Path(__file__).resolve().parents[3]


def run_in_thread(book: JobBook, inbox: Inbox) -> None:
    """Thread mode: run each request's search right here, until ``close``."""
    memory: dict[str, dict[str, Any]] = {}
    while True:
        item = inbox.get()
        if item[0] == "close":
            return
        if item[0] != "search":
            continue
        job: Job = item[1]
        if job.stop.is_set():  # superseded or cancelled before it started
            book.release(job.ticket)
            continue
        try:
            move_text = run_search(
                job.payload, job.stop, functools.partial(book.report_progress, job), memory
            )
        except Exception as exc:
            book.finish(job, error=format_exception(exc))
        else:
            book.finish(job, move_text=move_text)


class ProcessManager:
    """Process mode: feed requests to the child and turn its messages into job states."""

    def __init__(self, book: JobBook, inbox: Inbox) -> None:
        self.book = book
        self.inbox = inbox
        self.child: _Child | None = None  # only touched by the manager thread

    def run(self) -> None:
        """Serve the inbox until ``close``; the child is asked to quit at the end."""
        try:
            while True:
                child = self.child
                item = next_item(
                    self.inbox, child.stop_deadline if child is not None else None, time.monotonic
                )
                if item is None:
                    # A stopped search did not end in time: the child is hung. Its
                    # exit fails whatever it still holds, and the next request
                    # starts a new one.
                    if child is not None and child.jobs:
                        child.kill()
                    if child is not None:
                        child.stop_deadline = None
                    continue
                if item[0] == "close":
                    return
                self._handle(item)
        finally:
            if self.child is not None:
                self.child.quit()
                self.child = None

    def _handle(self, item: tuple[Any, ...]) -> None:
        kind = item[0]
        child = self.child
        if kind == "warm_up":
            with contextlib.suppress(OSError):  # the next request reports it
                self._ensure_child()
        elif kind == "search":
            job: Job = item[1]
            if job.stop.is_set():  # superseded or cancelled before it was sent
                self.book.release(job.ticket)
                return
            try:
                child = self._ensure_child()
            except OSError as exc:  # no interpreter to run, too many processes...
                self.book.finish(job, error=format_exception(exc))
                return
            for old in child.jobs.values():
                child.send_stop(old.ticket)
            child.jobs[job.ticket] = job
            child.send({"type": "search", **job.payload})
        elif kind == "cancel":
            job = item[1]
            if child is not None and job.ticket in child.jobs:
                child.send_stop(job.ticket)
        elif kind == "kill":
            # The game gave up on the child (``AIWorker.abandon``): its exit fails what it still holds.
            if child is not None:
                child.kill()
        elif kind == "message":
            self._message(item[1], item[2])
        elif kind == "exit":
            dead_child, description = item[1], item[2]
            if dead_child is self.child:
                self.child = None
            for job in dead_child.jobs.values():
                self.book.finish(job, error=("ChildProcessError: " + description, description))
            dead_child.jobs.clear()

    @property
    def child_pid(self) -> int | None:
        """The process id of the running child, if any."""
        child = self.child
        return child.process.pid if child is not None and child.process.alive else None

    def _ensure_child(self) -> _Child:
        if self.child is None or self.child.dead:
            # A killed child still reports its exit, which fails its own jobs.
            self.child = _Child(self.inbox)
        return self.child

    def _message(self, child: _Child, message: Mapping[str, Any]) -> None:
        job = child.jobs.get(message.get("id"))  # type: ignore[arg-type]
        if job is None:
            return
        kind = message.get("type")
        if kind == "info":
            self.book.report_progress(job, message)
            return
        if kind not in ("done", "error", "cancelled"):
            return
        del child.jobs[job.ticket]
        if not child.jobs:
            child.stop_deadline = None
        if kind == "done":
            self.book.finish(job, move_text=message.get("move"))
        elif kind == "error":
            error = str(message.get("error", "unknown error in the AI process"))
            self.book.finish(job, error=(error, str(message.get("traceback", error))))
        else:
            self.book.release(job.ticket)  # it never started: it was cancelled before


class _Child:
    """One running child process (a ``LineProcess`` speaking JSON lines) and the requests it holds."""

    def __init__(self, inbox: Inbox) -> None:
        env = dict(os.environ)
        # The child must import this package wherever the game was started from.
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(_PROJECT_ROOT), env.get("PYTHONPATH")]))
        env["PYTHONUNBUFFERED"] = "1"
        self._inbox = inbox
        # Its error output and whatever else it printed on its output, to explain a crash.
        self._tail: collections.deque[str] = collections.deque(maxlen=STDERR_TAIL_LINES)
        self.dead = False
        # Requests sent and not answered yet, and when the stopped ones must have ended by.
        self.jobs: dict[int, Job] = {}
        self.stop_deadline: float | None = None
        self.process = LineProcess(
            [sys.executable, "-m", "game.ai.worker"],
            on_line=self._line,
            on_exit=self._exited,
            cwd=_PROJECT_ROOT,
            env=env,
            own_group=False,
            max_line_bytes=None,  # our own child: its messages (a traceback too) are never cut
            error_tail=self._tail,
            name="ai-child",
        )

    def send(self, message: Mapping[str, Any]) -> None:
        """Write one message (never blocks); a dead child is noticed by the reader."""
        self.process.send(json.dumps(message))

    def send_stop(self, ticket: int) -> None:
        """Tell the child to stop request ``ticket``; it is killed if it has not answered in time."""
        self.send({"type": "stop", "id": ticket})
        if self.stop_deadline is None:
            self.stop_deadline = time.monotonic() + STOP_GRACE

    def kill(self) -> None:
        """Kill the process; the reader then reports its exit."""
        self.dead = True
        self.process.kill()

    def quit(self) -> None:
        """Ask the child to exit, kill it if it does not, and wait for the reader threads."""
        self.dead = True
        self.process.quit(json.dumps({"type": "quit"}), QUIT_GRACE)

    def _line(self, line: str) -> None:
        try:
            message = json.loads(line)
        except ValueError:
            self._tail.append(line)  # not ours: keep it for a crash report
            return
        if isinstance(message, dict):
            self._inbox.put(("message", self, message))

    def _exited(self, process: LineProcess) -> None:
        self.dead = True
        description = f"the AI process exited unexpectedly (exit code {process.returncode})"
        tail = "\n".join(self._tail).strip()
        if tail:
            description += ":\n" + tail
        self._inbox.put(("exit", self, description))
