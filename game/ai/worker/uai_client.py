"""The game's side of UAI: other programs (engines) the player adds play through the AI worker.

UAI is UCI for a game of moves as text: the program reads commands on its
input and answers on its output, one line each. The worker speaks it for any
game whose definition says its engines speak UAI (``GameDefinition.engine_protocol``);
nothing here names a game: a position is its start position's text and the moves
since (``position fen <start> moves ...``), as the worker's requests carry it,
and a move is the game's move text.

``EngineManager`` runs in a thread of the worker, beside the manager of the
game's own AI, and keeps one engine process at a time (``EngineProcess``),
started on the first request for it and kept from move to move:

1. ``uai``, then ``uaiok`` within ``EngineTimeouts.handshake`` seconds;
   ``isready``, then ``readyok`` within ``EngineTimeouts.ready`` (an engine's
   slow set-up happens there);
2. a new game (a position that does not follow the last one): ``uainewgame``,
   ``position``, ``isready`` and ``readyok`` again; else only ``position``;
3. ``go movetime N``; ``info`` lines are the progress (depth, score, best
   line), as our own AI reports it; ``bestmove M`` is the answer, checked
   legal before it is played.

What goes wrong ends the request with an ``EngineError`` (the game's screens
say it in the player's language from its ``kind`` and ``fields``) and never
hangs the worker: no ``uaiok`` or ``readyok`` in time, the program exiting (a
crash), no ``bestmove`` within the time per move and ``EngineTimeouts.grace``
(then ``stop``, and ``EngineTimeouts.stop`` seconds later the program is
killed), a ``bestmove`` that is not a move of the game or not legal. Lines
the protocol does not know are ignored (UCI's own rule), as are unknown words
after a ``bestmove``'s move; a line too long for the protocol is skipped. A
search the game no longer wants (cancelled, superseded) is stopped and its
late ``bestmove`` ignored; an engine that does not stop is killed and the next
request starts a fresh one. The process is always reaped: ``release`` (the
match screen closes) and ``close`` say ``quit`` and kill it if it lingers.

``probe_engine`` is what Options → Engines does before adding an engine: it
starts the program, shakes hands, reads its ``id name``, and (given the
game's rules) has it play one move from the start position.
"""

from __future__ import annotations

import dataclasses
import enum
import logging
import queue
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from game.ai.limits import WIN_BOUND, WIN_SCORE
from game.ai.worker.engine_process import EngineCommandError, EngineProcess, parse_command
from game.ai.worker.jobs import Job, JobBook
from game.engine.rules import GameRules, replay, split_history_text
from game.filedata import ascii_int

__all__ = [
    "PROTOCOL",
    "EngineError",
    "EngineIdentity",
    "EngineManager",
    "EngineProbe",
    "EngineSpec",
    "EngineTimeouts",
    "clean_name",
    "parse_bestmove",
    "parse_info",
    "probe_engine",
    "program_name",
]

log = logging.getLogger(__name__)

PROTOCOL = "uai"
"""The protocol this module speaks (a game definition's ``engine_protocol``)."""
MAX_NAME_LENGTH = 48
"""An engine's name is cut to this many characters (``clean_name``)."""
MAX_PV = 64
"""Moves of an ``info`` line's best line kept for the progress."""
QUIT_GRACE = 1.0
"""Seconds an engine has to exit after ``quit`` before it is killed."""
PROBE_MOVETIME = 0.2
"""Seconds of the test move ``probe_engine`` asks for."""
MAX_BACKLOG = 2000
"""Engine lines waiting for the manager thread beyond which the engine's chatter is dropped: an engine
that floods ``info`` lines (or garbage) faster than they are read cannot fill the memory before its
timeout. The answers the conversation waits for (``ANSWERS``) are always passed on."""
ANSWERS = frozenset({"id", "uaiok", "readyok", "bestmove"})
"""The first words of the lines never dropped."""


@dataclasses.dataclass(frozen=True)
class EngineTimeouts:
    """How long an engine may take to answer, in seconds (tests give short ones)."""

    handshake: float = 10.0
    """From ``uai`` to ``uaiok``."""
    ready: float = 30.0
    """From ``isready`` to ``readyok``: an engine loads its tables, or builds its code, before answering."""
    grace: float = 2.0
    """Past the time per move before the engine is told to ``stop``."""
    stop: float = 1.0
    """From ``stop`` to ``bestmove`` before the engine is killed."""

    def longest_move(self, movetime: float) -> float:
        """The longest a request can take before it fails: a fresh engine's set-up, the move, the stop."""
        return self.handshake + 2 * self.ready + movetime + self.grace + self.stop


@dataclasses.dataclass(frozen=True)
class EngineSpec:
    """An engine the player added: its name (from its ``id name``) and the command line that starts it."""

    name: str
    command: str


@dataclasses.dataclass(frozen=True)
class EngineIdentity:
    """What an engine said of itself when probed, and the move it played for the test (or "")."""

    name: str
    author: str = ""
    move: str = ""
    seconds: float = 0.0
    """How long the test move took."""


class EngineError(ValueError):
    """An engine that could not start or misbehaved: ``kind`` and ``fields`` say what for the screens, the
    message says it in English (for the log). Kinds: ``command`` (``reason``), ``start`` (``reason``),
    ``handshake`` and ``ready`` (``seconds``), ``exited`` (``end``, ``detail``), ``timeout`` (``seconds``),
    ``not_a_move`` (``answer``), ``illegal`` (``move``), ``position`` (``reason``)."""

    TEMPLATES: Mapping[str, str] = {
        "command": "its command line cannot be used: {reason}",
        "start": "it could not be started: {reason}",
        "handshake": "it did not answer “uai” within {seconds} seconds",
        "ready": "it did not answer “isready” within {seconds} seconds",
        "exited": "it stopped ({end}){detail}",
        "timeout": "it did not play a move within {seconds} seconds",
        "not_a_move": "it answered “{answer}”, which is not a move",
        "illegal": "it played {move}, which is not legal here",
        "position": "the position cannot be sent to it: {reason}",
    }

    def __init__(self, kind: str, **fields: object) -> None:
        self.kind = kind
        self.fields = {key: str(value) for key, value in fields.items()}
        if kind == "exited":
            detail = self.fields.get("detail", "")
            self.fields["detail"] = f": {detail}" if detail else ""
        super().__init__(self.TEMPLATES[kind].format(**self.fields))


def clean_name(text: str, fallback: str = "") -> str:
    """An engine's name fit to show: printable characters, spaces collapsed, at most ``MAX_NAME_LENGTH``.

    >>> clean_name("  Deep\\x07  Blue\\t 2 "), clean_name("", "engine.exe")
    ('Deep Blue 2', 'engine.exe')
    """
    printable = "".join(char if char.isprintable() else " " for char in text)
    name = " ".join(printable.split())[:MAX_NAME_LENGTH].strip()
    return name or " ".join(fallback.split())[:MAX_NAME_LENGTH] or "?"


def program_name(argv: Sequence[str]) -> str:
    """The name to show for a program that does not say its own: the file name of the last word naming a
    file (the script an interpreter runs), else of the program."""
    for word in reversed(argv[1:]):
        if not word.startswith("-") and Path(word).expanduser().is_file():
            return Path(word).name
    return Path(argv[0]).name


# -- the lines --------------------------------------------------------------------------------

_INFO_NUMBERS = {
    "depth",
    "seldepth",
    "nodes",
    "nps",
    "time",
    "multipv",
    "hashfull",
    "tbhits",
    "currmovenumber",
}


def _score(kind: str, value: int, score_unit: int) -> int:
    """A UAI score as the game's AI scores: centipawns in the game's unit, a mate as a decided game."""
    if kind == "mate":
        # "mate 3": a win on the engine's third move from now (5 plies); "mate -2": lost in 4 plies.
        plies = 2 * value - 1 if value > 0 else 2 * -value
        score = WIN_SCORE - min(plies, WIN_SCORE - WIN_BOUND - 1)
        return score if value > 0 else -score
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
    numbers: dict[str, int] = {}
    score: int | None = None
    pv: list[str] = []
    index = 1
    try:
        while index < len(tokens):
            word = tokens[index]
            if word in _INFO_NUMBERS:
                numbers[word] = _engine_int(tokens[index + 1])
                index += 2
            elif word == "score":
                kind, value = tokens[index + 1], _engine_int(tokens[index + 2])
                if kind not in ("cp", "mate"):
                    return None
                score = _score(kind, value, score_unit)
                index += 3
            elif word == "pv":
                pv = list(tokens[index + 1 : index + 1 + MAX_PV])
                break
            elif word == "string":
                break
            else:  # currmove, lowerbound, upperbound, refutation... or words we do not know
                index += 1
    except (IndexError, ValueError):
        return None
    if "depth" not in numbers or score is None:
        return None
    elapsed = max(0, numbers.get("time", 0)) / 1000
    nodes = max(0, numbers.get("nodes", 0))
    nps = numbers.get("nps", int(nodes / elapsed) if elapsed > 0 else nodes)
    return {
        "depth": numbers["depth"],
        "score": score,
        "nodes": nodes,
        "nps": nps,
        "elapsed": elapsed,
        "pv": pv,
    }


def _engine_int(text: str) -> int:
    """A number of an engine's line, in ASCII digits; ``ValueError`` for anything else (the line is ignored)."""
    number = ascii_int(text, signed=True)
    if number is None:
        raise ValueError(f"{text[:20]!r} is not a whole number")
    return number


def parse_bestmove(line: str) -> str:
    """The move of a ``bestmove`` line (unknown words after it are ignored, as UCI says), or an
    ``EngineError`` (``not_a_move``) when there is none.

    >>> parse_bestmove("bestmove g2 ponder a7b5"), parse_bestmove("bestmove a1a3 whatever")
    ('g2', 'a1a3')
    """
    tokens = line.split()
    if len(tokens) < 2 or tokens[0] != "bestmove":
        raise EngineError("not_a_move", answer=_shown(line))
    extra = tokens[2:]
    if extra and not (extra[0] == "ponder" and len(extra) == 2):
        log.warning("engine: ignoring %r after the move in %r", " ".join(extra)[:60], line[:120])
    return tokens[1]


def _shown(text: str, limit: int = 40) -> str:
    """``text`` cut for a message."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _checked_move(line: str, rules: GameRules[Any], position: Any) -> str:
    """The move of the ``bestmove`` line ``line`` if it is a legal move in ``position``, else an ``EngineError``."""
    move_text = parse_bestmove(line)
    try:
        move = rules.parse_move(move_text)
    except ValueError:
        raise EngineError("not_a_move", answer=_shown(line)) from None
    if move not in position.legal_moves():
        raise EngineError("illegal", move=_shown(move_text, 16))
    return move_text


def _position_command(start: str, moves: Sequence[str]) -> str:
    return f"position fen {start}" + (f" moves {' '.join(moves)}" if moves else "")


def _seconds(value: float) -> str:
    """Seconds for a message: whole ones, or one decimal below ten."""
    return f"{value:.0f}" if value >= 10 or value == int(value) else f"{value:.1f}"


def _start(
    command: str, cwd: Path | None, on_line: Callable[[str], None], on_exit: Callable[[str], None]
) -> EngineProcess:
    """The engine's process; an ``EngineError`` (``command`` or ``start``) when it cannot be started."""
    try:
        argv = parse_command(command)
    except EngineCommandError as error:
        raise EngineError("command", reason=str(error)) from None
    try:
        return EngineProcess(argv, on_line=on_line, on_exit=on_exit, cwd=cwd)
    except OSError as error:
        reason = error.strerror or str(error)
        raise EngineError(
            "start", reason=f"{reason}: {argv[0]}" if error.filename is None else reason
        ) from None
    except ValueError as error:  # an argument Popen refuses (a NUL byte...)
        raise EngineError("start", reason=str(error)) from None


def _default_folder() -> Path | None:
    """Where engines run by default: the user data folder (``None``, the game's own, if it is unusable)."""
    from game import paths

    try:
        return paths.user_data_dir()
    except OSError:
        return None


# -- probing an engine before it is added -------------------------------------------------------


class _Cancelled(Exception):
    """The probe was cancelled (the player closed the dialog)."""


def probe_engine(
    command: str,
    *,
    rules: GameRules[Any] | None = None,
    timeouts: EngineTimeouts = EngineTimeouts(),
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
    process = _start(
        command, cwd if cwd is not None else _default_folder(), lines.put, lambda end: lines.put(None)
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
                raise EngineError(kind, seconds=said_seconds or _seconds(seconds))
            try:
                line = lines.get(timeout=min(left, 0.05))
            except queue.Empty:
                continue
            if line is None:
                process.join(1.0)
                raise EngineError(
                    "exited", end=process.describe_end(), detail=_shown(process.last_error_line(), 80)
                )
            tokens = line.split()
            if not tokens:
                continue
            if tokens[0] == "id" and len(tokens) > 2 and tokens[1] in ("name", "author"):
                said.setdefault(tokens[1], line.split(None, 2)[2])
            if tokens[0] == word:
                return line

    try:
        process.send("uai")
        wait_for("uaiok", timeouts.handshake, "handshake")
        process.send("isready")
        wait_for("readyok", timeouts.ready, "ready")
        move = ""
        started = time.monotonic()
        if rules is not None:
            position = rules.new_position(rules.start_text)
            process.send("uainewgame")
            process.send(_position_command(rules.start_text, []))
            process.send(f"go movetime {max(1, round(movetime * 1000))}")
            total = _seconds(movetime + timeouts.grace + timeouts.stop)
            try:
                answer = wait_for("bestmove", movetime + timeouts.grace, "timeout", total)
            except EngineError as error:
                if error.kind != "timeout":
                    raise
                process.send("stop")  # late: the move it has now will do
                answer = wait_for("bestmove", timeouts.stop, "timeout", total)
            move = _checked_move(answer, rules, position)
        return EngineIdentity(
            clean_name(said.get("name", ""), fallback),
            clean_name(said.get("author", ""), ""),
            move,
            time.monotonic() - started,
        )
    except _Cancelled:
        raise InterruptedError("the engine check was cancelled") from None
    finally:
        process.quit("quit", 0.5)


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


# -- the worker's engine manager ------------------------------------------------------------------


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
        self.process = _start(
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
            if inbox.qsize() >= MAX_BACKLOG:
                words = line.split(maxsplit=1)
                if not words or words[0] not in ANSWERS:
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


Inbox = queue.Queue[tuple[Any, ...]]


class EngineManager:
    """Serves the worker's engine requests in the worker's engine thread (see the module docstring).

    The inbox carries ``("search", job)``, ``("cancel", job)``, ``("kill",)``
    (the game gave up on the request), ``("release",)`` (the engine is not
    needed now), ``("close",)``, and from the engine's reader ``("line",
    session, text)`` and ``("exit", session, end)``.
    """

    def __init__(
        self,
        book: JobBook,
        inbox: Inbox,
        timeouts: EngineTimeouts,
        *,
        cwd: Path | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.book = book
        self.inbox = inbox
        self.timeouts = timeouts
        self.cwd = cwd
        self.clock = clock
        self.session: _Session | None = None
        self._dropped: list[EngineProcess] = []
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
                deadline = session.deadline if session is not None else None
                timeout = None if deadline is None else max(0.0, deadline - self.clock())
                try:
                    item = self.inbox.get(timeout=timeout)
                except queue.Empty:
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
            spec, self.inbox, self.cwd if self.cwd is not None else _default_folder(), self.clock
        )
        self.session = session
        log.info("engine %s started (pid %d): %s", spec.name, session.process.pid, spec.command)
        session.send("uai")
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
        session.send("stop")
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
            session.send("uainewgame")
            session.send(_position_command(start, moves))
            session.send("isready")
            session.expect(Phase.READYING, self.timeouts.ready)
        else:
            session.send(_position_command(start, moves))
            self._go(session)

    def _go(self, session: _Session) -> None:
        session.send(f"go movetime {max(1, round(session.movetime * 1000))}")
        session.searches += 1
        session.stop_sent = False
        session.expect(Phase.SEARCHING, session.movetime + self.timeouts.grace)

    # -- the engine's lines --

    def _line(self, session: _Session, line: str) -> None:
        tokens = line.split()
        if not tokens:
            return
        word = tokens[0]
        if word == "uaiok" and session.phase is Phase.STARTING:
            session.send("isready")
            session.expect(Phase.READYING, self.timeouts.ready)
        elif word == "readyok" and session.phase is Phase.READYING:
            job = session.job
            if job is not None and not job.stop.is_set():
                self._go(session)
                return
            if job is not None:
                session.job = None
                self.book.release(job.ticket)
            session.expect(Phase.IDLE, None)
            self._advance(session)
        elif word == "bestmove":
            self._bestmove(session, line)
        elif word == "info" and session.phase is Phase.SEARCHING and session.job is not None:
            progress = parse_info(tokens, int(session.job.payload.get("score_unit", 100)))
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
                    move_text = _checked_move(line, job.rules, session.position)
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
            self._drop(session, EngineError("handshake", seconds=_seconds(self.timeouts.handshake)))
        elif phase is Phase.READYING:
            self._drop(session, EngineError("ready", seconds=_seconds(self.timeouts.ready)))
        elif phase is Phase.SEARCHING and not session.stop_sent:
            session.send("stop")  # late: the move it has now will do
            session.stop_sent = True
            session.deadline = self.clock() + self.timeouts.stop
        elif phase is Phase.SEARCHING:
            total = session.movetime + self.timeouts.grace + self.timeouts.stop
            self._drop(session, EngineError("timeout", seconds=_seconds(total)))
        elif phase is Phase.STOPPING:
            # It will not stop: a fresh engine serves what waits.
            waiting, session.waiting = session.waiting, None
            self._drop(session, None)
            if waiting is not None:
                self._search(waiting)

    def _exited(self, session: _Session, end: str) -> None:
        self.session = None
        error = EngineError("exited", end=end, detail=_shown(session.process.last_error_line(), 80))
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
        session.process.quit("quit", QUIT_GRACE)
        log.info("engine %s ended (%s)", session.spec.name, session.process.describe_end())
        if session.dropped_lines:
            log.info("engine %s: %d lines of chatter dropped (it wrote faster than they were read)",
                     session.spec.name, session.dropped_lines)  # fmt: skip
