"""The worker's manager thread: it runs the searches itself, or feeds them to a child process.

Both managers read the worker's inbox (``("search", job)``, ``("cancel",
job)``, ``("kill",)``, ``("warm_up",)``, ``("close",)``, and, for the child's readers,
``("message", child, data)`` and ``("exit", child, description)``) and report
through the ``JobBook``.

- ``run_in_thread``: each request's search runs right in the manager thread.
- ``ProcessManager``: a long-lived child process (``python -m game.ai.worker``)
  runs the search on another core; the manager talks to it with one JSON
  object per line. The child starts on the first request (or ``warm_up``) and
  again after a crash; a child that does not end a stopped search in time is
  hung, and is killed.
"""

from __future__ import annotations

import collections
import contextlib
import functools
import json
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.ai.worker.child import run_search
from game.ai.worker.jobs import Job, JobBook
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

Inbox = queue.Queue[tuple[Any, ...]]


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
                deadline = child.stop_deadline if child is not None else None
                timeout = None if deadline is None else max(0.0, deadline - time.monotonic())
                try:
                    item = self.inbox.get(timeout=timeout)
                except queue.Empty:
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
        return child.process.pid if child is not None and child.process.poll() is None else None

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
    """One running child process and the threads that read its output."""

    def __init__(self, inbox: Inbox) -> None:
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
        self.jobs: dict[int, Job] = {}
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
