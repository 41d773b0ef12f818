"""A child process spoken to in lines: started without a shell, read within bounds, always reaped.

``LineProcess`` runs a program with pipes for its input and output, for a
protocol of one message a line (UAI with an engine the player added, JSON
with the AI worker's own child):

- each line it writes is handed to ``on_line`` (decoded as UTF-8, bad bytes
  replaced, the line break removed); a line longer than ``max_line_bytes`` is
  skipped whole, so a program that writes without end never fills the memory;
- what it writes on its error output is kept, its last lines only, to explain
  a crash;
- lines to it are written by a thread of their own: a program that stops
  reading its input blocks that thread, never the caller;
- ``kill`` ends it and, when it runs in a process group of its own
  (``own_group``, on POSIX), every process it started, even once it has
  exited itself: a helper it started in the background lives on in the group.
  The reader thread waits for it, so it never stays a zombie, ends what is
  left of the group, and then reports its end through ``on_exit``.

``read_lines`` is the reading rule alone, for a program reading its own input.
"""

from __future__ import annotations

import collections
import contextlib
import io
import os
import queue
import signal
import subprocess
import threading
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import BinaryIO

__all__ = ["MAX_LINE_BYTES", "LineProcess", "read_lines"]

MAX_LINE_BYTES = 1 << 16
"""Longer lines are skipped whole (a line of a protocol spoken through pipes is far shorter)."""
READ_BUFFER = 1 << 16
STDERR_TAIL_LINES = 10
"""Lines of the program's error output kept to explain its end."""
STDERR_LINE_CHARS = 300
"""Each of those lines is kept to this many characters."""
EXIT_WAIT = 1.0
"""Seconds the reader waits for the program to end once its output is closed, before it kills it."""
_POSIX = os.name == "posix"


def read_lines(
    stream: BinaryIO, max_bytes: int | None = MAX_LINE_BYTES, on_overlong: Callable[[], None] = lambda: None
) -> Iterator[str]:
    """The lines of ``stream`` decoded (bad UTF-8 replaced), without their line break, until its end or an
    error reading it; a line over ``max_bytes`` (``None``: no limit) is skipped whole and ``on_overlong`` called.

    >>> list(read_lines(io.BytesIO(b"uai\\r\\n" + b"x" * 20 + b"\\nisready\\n"), 8, lambda: print("skipped")))
    skipped
    ['uai', 'isready']
    """
    limit = -1 if max_bytes is None else max_bytes
    while True:
        try:
            raw = stream.readline(limit)
        except (OSError, ValueError):
            return
        if not raw:
            return
        if len(raw) == max_bytes and not raw.endswith(b"\n"):
            # Too long to be a line of the protocol: skip the rest of it too, none of it can be trusted.
            while raw and not raw.endswith(b"\n"):
                try:
                    raw = stream.readline(limit)
                except (OSError, ValueError):
                    raw = b""
            on_overlong()
            continue
        yield raw.decode("utf-8", errors="replace").rstrip("\r\n")


class LineProcess:
    """One running program and the threads that talk to it (see the module docstring).

    ``on_line`` and ``on_exit`` are called from the reader thread; ``on_exit``
    exactly once, after the process has been reaped, with the process itself
    (``returncode``, ``describe_end``, ``last_error_line`` say how it ended).
    ``error_tail`` receives the last lines of its error output (the caller may
    add lines of its own there). Raises ``OSError`` when the program cannot be
    started (not found, not executable).
    """

    def __init__(
        self,
        argv: list[str],
        *,
        on_line: Callable[[str], None],
        on_exit: Callable[[LineProcess], None],
        cwd: Path | None = None,
        env: Mapping[str, str] | None = None,
        own_group: bool = True,
        max_line_bytes: int | None = MAX_LINE_BYTES,
        error_tail: collections.deque[str] | None = None,
        name: str = "child",
    ) -> None:
        options: dict[str, object] = {}
        self._own_group = own_group and _POSIX
        if own_group and _POSIX:
            options["start_new_session"] = True  # its own process group: ``kill`` reaches its children
        elif own_group:
            options["creationflags"] = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0) | getattr(
                subprocess, "CREATE_NO_WINDOW", 0
            )
        self.process = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=None if cwd is None else str(cwd),
            env=None if env is None else dict(env),
            bufsize=0,
            close_fds=True,
            **options,  # type: ignore[call-overload]
        )
        self.pid = self.process.pid
        self._on_line = on_line
        self._on_exit = on_exit
        self._max_line_bytes = max_line_bytes
        self.stderr_tail = (
            error_tail if error_tail is not None else collections.deque(maxlen=STDERR_TAIL_LINES)
        )
        self.skipped_lines = 0
        """Lines longer than ``max_line_bytes``, skipped."""
        self.returncode: int | None = None
        self._group_ended = False
        """The process group is known to be empty (it is never signalled again)."""
        self._outbox: queue.Queue[bytes | None] = queue.Queue()
        self._stderr_reader = threading.Thread(target=self._read_stderr, name=f"{name}-stderr", daemon=True)
        self._stdout_reader = threading.Thread(target=self._read_stdout, name=f"{name}-stdout", daemon=True)
        self._writer = threading.Thread(target=self._write_stdin, name=f"{name}-stdin", daemon=True)
        # The error reader first: the output reader waits for it once the program has ended.
        for thread in (self._stderr_reader, self._writer, self._stdout_reader):
            thread.start()

    @property
    def alive(self) -> bool:
        """Whether the program is still running."""
        return self.process.poll() is None

    def send(self, line: str) -> None:
        """Queue one line for the program (never blocks; lost if the program is gone)."""
        self._outbox.put((line + "\n").encode("utf-8", errors="replace"))

    def kill(self) -> None:
        """End the program (and its process group) now (idempotent); the reader reaps it and calls ``on_exit``.

        A group of its own is signalled whether or not the program itself is
        still there: what it started (a helper in the background) is in the
        group and outlives it otherwise.
        """
        self._outbox.put(None)
        if self._own_group:
            self._end_group()
        elif self.process.poll() is None:
            with contextlib.suppress(OSError):
                self.process.kill()

    def _end_group(self) -> None:
        """Kill every process of the program's group, until the group is known to be empty.

        The group keeps the program's id while any of its processes lives, so
        the id cannot name another group meanwhile; once it is empty
        (``ProcessLookupError``), the group is never signalled again.
        """
        if self._group_ended:
            return
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            self._group_ended = True
        except OSError:  # not ours to signal any more (EPERM): nothing of it is left to end
            self._group_ended = True

    def quit(self, line: str | None, grace: float) -> None:
        """Say ``line`` (the protocol's goodbye), close its input, wait up to ``grace`` seconds, then kill;
        returns once the process is reaped and the threads are done (a second or so at most)."""
        if line is not None:
            self.send(line)
        self._outbox.put(None)  # closes its input once the line is written
        try:
            self.process.wait(grace)
        except subprocess.TimeoutExpired:
            self.kill()
        self.kill()  # what it left behind in its process group too
        self.join(grace + EXIT_WAIT)

    def join(self, timeout: float) -> None:
        """Wait up to ``timeout`` seconds for the threads (after ``kill`` or ``quit``)."""
        for thread in (self._stdout_reader, self._stderr_reader, self._writer):
            thread.join(timeout)

    def describe_end(self) -> str:
        """How the program ended, for a message: its exit code or signal."""
        code = self.returncode
        if code is None:
            text = "it is still running"
        elif code < 0:
            try:
                text = f"killed by signal {signal.Signals(-code).name}"
            except ValueError:
                text = f"killed by signal {-code}"
        else:
            text = f"exit code {code}"
        return text

    def last_error_line(self) -> str:
        """The last non-empty line the program wrote on its error output, or ""."""
        for line in reversed(self.stderr_tail):
            if line.strip():
                return line.strip()
        return ""

    # -- the threads --

    def _read_stdout(self) -> None:
        assert self.process.stdout is not None
        # Buffered: a raw pipe's readline reads one byte per system call.
        stream = io.BufferedReader(self.process.stdout, READ_BUFFER)
        try:
            for line in read_lines(stream, self._max_line_bytes, self._skipped):
                self._on_line(line)
        finally:
            self._reap()

    def _skipped(self) -> None:
        self.skipped_lines += 1

    def _reap(self) -> None:
        """The output is closed: wait for the program (kill it if it lingers), then report its end."""
        try:
            self.process.wait(EXIT_WAIT)
        except subprocess.TimeoutExpired:  # it closed its output but runs on
            self.kill()
            self.process.wait()
        if self._own_group:
            self._end_group()  # it has ended: what it started in the background ends with it
        self.returncode = self.process.returncode
        self._outbox.put(None)
        self._stderr_reader.join(EXIT_WAIT)  # its last error lines explain the end
        with contextlib.suppress(OSError, ValueError):
            if self.process.stdout is not None:
                self.process.stdout.close()
        self._on_exit(self)

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        stream = io.BufferedReader(self.process.stderr, READ_BUFFER)
        with contextlib.suppress(OSError, ValueError):
            while True:
                # A long line is kept in pieces (its last one counts): only the tail is ever shown.
                raw = stream.readline(MAX_LINE_BYTES)
                if not raw:
                    break
                text = raw.decode("utf-8", errors="replace").rstrip("\r\n")
                self.stderr_tail.append(text[:STDERR_LINE_CHARS])
        with contextlib.suppress(OSError, ValueError):
            stream.close()

    def _write_stdin(self) -> None:
        stream = self.process.stdin
        assert stream is not None
        while True:
            data = self._outbox.get()
            if data is None:
                break
            try:
                stream.write(data)
                stream.flush()
            except (OSError, ValueError):  # it is gone, or closed its input: the reader reports the end
                break
        with contextlib.suppress(OSError, ValueError):
            stream.close()
