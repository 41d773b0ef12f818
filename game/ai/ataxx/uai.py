"""The Ataxx AI as a UAI engine: ``python -m game.ai.uai``.

UAI is UCI for Ataxx: text commands on stdin, answers on stdout, one per line.
Supported: ``uai``, ``isready``, ``uainewgame``, ``setoption name Level|Hash
value V``, ``position startpos|fen <4 fields> [moves m1 m2 ...]``, ``go`` with
``wtime btime winc binc movestogo movetime depth nodes infinite``, ``stop``,
``quit``; and two extras, ``perft N`` and ``d`` (show the board).

Contracts:

- The search runs in a thread, so ``isready``, ``stop`` and ``quit`` are
  answered while it thinks. An ``info depth ... pv ...`` line follows every
  completed depth, then ``bestmove M``. The move is always legal; it is
  ``0000`` only when passing is the only legal move, or when the game is over
  (then an ``info string`` says why first). With ``infinite``, ``bestmove``
  waits for ``stop`` as UCI requires.
- ``go movetime N`` answers within N ms plus a small margin: the search stops
  itself before N, and a watchdog sends the best move found so far at N + 60 ms
  should the search be late.
- Bad input never stops the engine: it answers ``info string error <reason>``
  and keeps its previous state. A ``position`` with a bad FEN or an illegal
  move leaves the position as it was before that command; a ``go`` with a bad
  parameter starts no search (and sends no ``bestmove``).
- The lines are read and written by ``game.ai.uai_protocol``, the grammar the
  game's own client of other engines shares.
- Red is ``x`` and moves first; as in libataxx it is "black", so its clock is
  ``btime``/``binc``.
- The search respects the repetition rule. A position that is already drawn by
  threefold repetition, which other software may not know about, is searched
  without its history, so a legal move still comes back.
"""

from __future__ import annotations

import contextlib
import random
import re
import sys
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import BinaryIO, TextIO

from game.ai import uai_protocol as uai
from game.ai.ataxx import levels
from game.ai.ataxx.search import (
    Searcher,
    SearchInfo,
    SearchLimits,
    is_win_score,
    plies_to_end,
    prepare_compiled,
)
from game.ai.line_process import MAX_LINE_BYTES, read_lines
from game.ai.uai_protocol import GoParams, UaiError, parse_go, quote
from game.engine.ataxx import STARTPOS, AtaxxError, Board, Move, Side, Termination
from game.engine.ataxx.perft import PerftStopped
from game.filedata import ascii_int

__all__ = ["GoParams", "UaiEngine", "UaiError", "main", "parse_go", "time_limits"]

ENGINE_NAME = "Attax Arcade"
ENGINE_AUTHOR = "the Attax Arcade authors"
DEFAULT_HASH_MB = 16
MIN_HASH_MB = 1
MAX_HASH_MB = 1024
MOVE_OVERHEAD = 0.03
"""Seconds kept back from every time limit for the answer to travel and threads to switch."""
CLOCK_STABILITY = False
"""Under a clock, the time planned for a move scaled by how long the search's best move has held
(``SearchLimits.stability``): more on a move whose best changed at the last depth, less on a settled one.
Off: +8.1 ± 26.1 Elo after 600 games at 2 s + 20 ms a game, not shown stronger (``bench/strength.py``'s
``--clock``, ``tm=1``)."""
WATCHDOG_GRACE = 0.06
"""Seconds past the time limit after which the best move so far is sent even if the search is late."""
STOP_JOIN_TIMEOUT = 2.0
COMPILE_TIMEOUT = 120.0
"""The longest ``isready`` waits for the compiled search to be built (the first run only)."""
"""How long a new command waits for a stopped search to end."""


def engine_version() -> str:
    """The project's version, read from pyproject.toml beside the package, or ``dev``."""
    try:
        text = (Path(__file__).resolve().parents[3] / "pyproject.toml").read_text(encoding="utf-8")
    except OSError:
        return "dev"
    match = re.search(r'^version\s*=\s*"([^"]+)"', text, re.MULTILINE)
    return match.group(1) if match else "dev"


# --- time ------------------------------------------------------------------------------


def time_limits(
    params: GoParams, turn: Side, empty_squares: int | None = None
) -> tuple[float | None, float | None]:
    """The soft and hard time limits in seconds that ``params`` give the side ``turn``.

    ``movetime`` is used whole, less ``MOVE_OVERHEAD`` (a tenth of it when short). From a clock, the
    search plans on remaining / moves-to-go plus most of the increment. Moves to go
    are ``movestogo`` if given, else what the board says: a side fills at most one
    square a move, so about half the ``empty_squares`` plus a few, between 8 and
    30 (20 without a board). It may run up to twice that if an iteration is nearly
    done (the hard limit), and never spends more than a third of what is left. The
    search starts no iteration it does not expect to finish before the hard limit.
    ``(None, None)`` when no time limit is given.

    >>> time_limits(GoParams(movetime=1000), Side.RED)
    (0.97, 0.97)
    >>> soft, hard = time_limits(GoParams(btime=60_000, binc=1000), Side.RED)
    >>> round(soft, 2), round(hard, 2)
    (3.72, 7.47)
    """
    limits: list[float] = []
    if params.movetime is not None:
        limits.append(params.movetime / 1000)
    remaining_ms = params.btime if turn is Side.RED else params.wtime
    increment_ms = (params.binc if turn is Side.RED else params.winc) or 0
    if remaining_ms is not None:
        remaining = remaining_ms / 1000
        expected = 20 if empty_squares is None else max(8, min(30, (empty_squares + 1) // 2 + 4))
        moves_to_go = min(params.movestogo or expected, expected)
        planned = remaining / moves_to_go + 0.75 * increment_ms / 1000
        hard = min(2 * planned, remaining / 3)
        soft = min(planned, hard)
        if not limits or hard < limits[0]:
            return soft - _overhead(soft), hard - _overhead(hard)
    if limits:
        limit = limits[0] - _overhead(limits[0])
        return limit, limit
    return None, None


def _overhead(limit: float) -> float:
    """The margin kept back from ``limit``: ``MOVE_OVERHEAD``, or a tenth of a short limit."""
    return min(MOVE_OVERHEAD, limit / 10)


def _greedy_move(board: Board) -> Move:
    """A quick legal move (most pieces gained, clones first): the answer of last resort."""
    moves = board.legal_moves()
    return max(moves, key=lambda move: board.captures(move).bit_count() * 2 + move.is_clone)


# --- the engine ------------------------------------------------------------------------


class _Task:
    """One background job (a search or a perft) and what its answer depends on."""

    def __init__(self, *, infinite: bool = False) -> None:
        self.stop = threading.Event()
        self.done = threading.Event()
        self.infinite = infinite
        self.lock = threading.Lock()
        self.answered = False
        self.best: Move | None = None
        self.thread: threading.Thread | None = None
        self.watchdog: threading.Timer | None = None


class UaiEngine:
    """The protocol state machine: feed it lines with ``handle``; it answers through ``write``.

    ``write`` receives one line at a time (no newline) and must be thread-safe
    enough for one call at a time: the engine serialises its own calls.
    """

    def __init__(self, write: Callable[[str], None]) -> None:
        self._write = write
        self._write_lock = threading.Lock()
        prepare_compiled()
        self.board = Board()
        self.level = levels.LEVELS[-1]
        self.hash_mb = DEFAULT_HASH_MB
        self._searcher: Searcher | None = None
        self._rng = random.Random()
        self._task: _Task | None = None
        self._commands: dict[str, Callable[[list[str]], None]] = {
            uai.UAI: self._uai,
            uai.ISREADY: self._isready,
            uai.UAINEWGAME: self._uainewgame,
            uai.SETOPTION: self._setoption,
            uai.POSITION: self._position,
            uai.GO: self._go,
            uai.STOP: self._stop,
            "perft": self._perft,
            "d": self._display,
        }

    # -- input --

    def handle(self, line: str) -> bool:
        """Process one input line; returns ``False`` after ``quit``. Never raises on bad input."""
        tokens = line.split()
        if not tokens:
            return True
        command = tokens[0]
        if command == uai.QUIT:
            self.shutdown()
            return False
        handler = self._commands.get(command)
        if handler is None:
            self.error(f"unknown command {quote(command)}")
            return True
        try:
            handler(tokens[1:])
        except UaiError as exc:
            self.error(str(exc))
        except Exception as exc:  # a bug must not kill a running match: report and go on
            self.error(f"internal error in {command}: {type(exc).__name__}: {exc}")
        return True

    def run(self, lines: Iterable[str]) -> None:
        """Handle ``lines`` until ``quit`` or their end, then stop any search."""
        for line in lines:
            if not self.handle(line):
                return
        self.shutdown()

    def shutdown(self) -> None:
        """Stop the running task (it still answers) and wait briefly for it."""
        self._finish_task()

    # -- output --

    def send(self, line: str) -> None:
        """Write one line of output."""
        with self._write_lock:
            self._write(line)

    def note(self, text: str) -> None:
        """Tell whoever reads the output something (an ``info string`` line)."""
        self.send(uai.format_info_string(text))

    def error(self, reason: str) -> None:
        """Report bad input."""
        self.note(f"error {reason}")

    # -- commands --

    def _uai(self, args: list[str]) -> None:
        self.send(uai.format_id("name", f"{ENGINE_NAME} {engine_version()}"))
        self.send(uai.format_id("author", ENGINE_AUTHOR))
        keys = [level.key for level in levels.LEVELS]
        self.send(uai.format_option("Level", "combo", levels.LEVELS[-1].key, choices=keys))
        self.send(
            uai.format_option("Hash", "spin", DEFAULT_HASH_MB, minimum=MIN_HASH_MB, maximum=MAX_HASH_MB)
        )
        self.send(uai.UAIOK)

    def _isready(self, args: list[str]) -> None:
        # The compiled search is built (or loaded from the cache) before the first readyok, as engines
        # do their slow set-up before answering it; a go before that searches in Python.
        prepare_compiled(wait=True, timeout=COMPILE_TIMEOUT)
        self.send(uai.READYOK)

    def _uainewgame(self, args: list[str]) -> None:
        self._finish_task()
        if self._searcher is not None:
            self._searcher.new_game()
        self._rng = random.Random()

    def _setoption(self, args: list[str]) -> None:
        written, value = uai.parse_setoption(args)
        name = written.lower()
        if name == "level":
            try:
                self.level = levels.level_by_key(value.lower())
            except ValueError:
                known = ", ".join(level.key for level in levels.LEVELS)
                raise UaiError(f"unknown level {quote(value)}: expected one of {known}") from None
        elif name == "hash":
            megabytes = ascii_int(value, max_digits=6)
            if megabytes is None or not MIN_HASH_MB <= megabytes <= MAX_HASH_MB:
                raise UaiError(f"Hash must be a whole number of MB from {MIN_HASH_MB} to {MAX_HASH_MB}")
            self._finish_task()  # the searcher is about to be replaced
            self.hash_mb = megabytes
            self._searcher = None
        else:
            raise UaiError(f"unknown option {quote(written)}: expected Level or Hash")

    def _position(self, args: list[str]) -> None:
        fen, moves = uai.parse_position(args)
        try:
            board = Board(STARTPOS if fen is None else fen)
        except AtaxxError as exc:
            raise UaiError(f"bad FEN, position unchanged: {exc}") from None
        for number, text in enumerate(moves, start=1):
            try:
                board.push_uai(text)
            except AtaxxError as exc:
                raise UaiError(f"move {number} ({quote(text)}): {exc}; position unchanged") from None
        self.board = board

    def _go(self, args: list[str]) -> None:
        params = parse_go(args)
        self._finish_task()
        received = time.monotonic()
        board = self.board.copy()
        task = _Task(infinite=params.infinite)
        outcome = board.outcome()
        if outcome is not None:
            if outcome.termination is not Termination.THREEFOLD_REPETITION:
                self.note(f"game over ({outcome.termination.value}, {outcome.result()})")
                self._start(task, lambda: self._answer_when_allowed(task, None))
                return
            self.note("the position is drawn by threefold repetition; searching it without history")
            board = board.copy(stack=False)
        for key in params.clamped:
            self.note(f"go {key} below 0 taken as 0")
        only = self._search_moves(board, params.searchmoves)
        task.best = only[0] if only else _greedy_move(board)
        soft, hard = time_limits(params, board.turn, board.empty.bit_count())
        if hard is not None and not params.infinite:
            # The answer must come in time even if the search overruns its deadline.
            # ``hard`` is the limit less its overhead, which was min(MOVE_OVERHEAD, hard / 4).
            limit = hard + min(MOVE_OVERHEAD, hard / 4)
            delay = max(0.0, received + limit + WATCHDOG_GRACE - time.monotonic())
            task.watchdog = threading.Timer(delay, self._watchdog, args=(task,))
            task.watchdog.daemon = True
        self._start(task, lambda: self._think(task, board, params, soft, hard, received, only))
        if task.watchdog is not None:
            task.watchdog.start()

    def _search_moves(self, board: Board, written: tuple[str, ...]) -> list[Move]:
        """The legal moves among ``go searchmoves``'s (others are reported and left out); [] for all."""
        if not written:
            return []
        legal = board.legal_moves()
        chosen: list[Move] = []
        for text in written:
            try:
                move = Move.from_uai(text)
            except ValueError:
                move = None
            if move is None or move not in legal:
                self.note(f"searchmoves: {quote(text)} is not a legal move here, left out")
            elif move not in chosen:
                chosen.append(move)
        if not chosen:
            self.note("searchmoves: no legal move given, searching them all")
        return chosen

    def _stop(self, args: list[str]) -> None:
        task = self._task
        if task is not None:
            task.stop.set()

    def _perft(self, args: list[str]) -> None:
        depth = ascii_int(args[0], max_digits=3) if len(args) == 1 else None
        if depth is None:
            raise UaiError("perft needs one depth, a whole number >= 0")
        self._finish_task()
        task = _Task()
        board = self.board.copy()
        self._start(task, lambda: self._run_perft(task, board, depth))

    def _display(self, args: list[str]) -> None:
        board = self.board
        for line in str(board).splitlines():
            self.send(line)
        self.send(f"Fen: {board.fen()}")
        self.send(f"Key: {board.hash:016x}")
        self.send(f"Side to move: {board.turn.name.lower()} ({board.turn.symbol})")
        self.send(f"Pieces: red {board.count(Side.RED)}, blue {board.count(Side.BLUE)}")
        moves = board.legal_moves()
        self.send(f"Legal moves ({len(moves)}): {' '.join(str(move) for move in moves)}")
        outcome = board.outcome()
        if outcome is not None:
            self.send(f"Game over: {outcome.termination.value}, {outcome.result()}")

    # -- background tasks --

    def _start(self, task: _Task, target: Callable[[], None]) -> None:
        def run() -> None:
            try:
                target()
            except Exception as exc:
                self.error(f"internal error: {type(exc).__name__}: {exc}")
                self._answer_when_allowed(task, task.best)
            finally:
                task.done.set()

        self._task = task
        task.thread = threading.Thread(target=run, name="uai-task", daemon=True)
        task.thread.start()

    def _finish_task(self) -> None:
        """Stop the running task and wait for it, so a new one never overlaps it."""
        task = self._task
        if task is None:
            return
        task.stop.set()
        task.done.wait(STOP_JOIN_TIMEOUT)
        if task.watchdog is not None:
            task.watchdog.cancel()
        self._task = None

    def _searcher_for_search(self) -> Searcher:
        if self._searcher is None:
            self._searcher = Searcher(self.hash_mb)
        return self._searcher

    def _think(
        self,
        task: _Task,
        board: Board,
        params: GoParams,
        soft: float | None,
        hard: float | None,
        received: float,
        only: list[Move] | None = None,
    ) -> None:
        """The search thread: report each depth, then answer (among ``only`` when ``go searchmoves`` gave some)."""
        if hard is not None:
            # The limits count from the go command, not from when this thread got going.
            spent = time.monotonic() - received
            soft = None if soft is None else max(soft - spent, 0.0)
            hard = max(hard - spent, 0.0)

        def on_info(info: SearchInfo) -> None:
            if task.answered:
                return  # the watchdog answered: later lines would belong to no search
            if info.pv:
                task.best = info.pv[0]
            self.send(_info_line(info))

        level = self.level
        searcher = self._searcher_for_search()
        if level == levels.LEVELS[-1]:
            if params.unlimited and not params.infinite:
                # A bare ``go``: think as the level would in the game.
                soft, hard = level.think_time * 0.45, level.think_time
            # A clock's limits (a movetime's are the same, spent whole) follow the best move's stability.
            clock = soft is not None and hard is not None and soft < hard
            limits = SearchLimits(
                depth=params.depth,
                nodes=params.nodes,
                soft_time=soft,
                hard_time=hard,
                stability=CLOCK_STABILITY and clock,
            )
            move, _ = searcher.search(board, limits, task.stop, on_info, only=only or None)
        else:
            # Weaker levels play by their own rules (noise, shallow search): only
            # the time can be imposed on them.
            if params.depth is not None or params.nodes is not None:
                self.note(f"level {level.key} ignores depth and nodes limits")
            if only:
                self.note(f"level {level.key} ignores searchmoves")
            move = levels.choose_move(
                board,
                level,
                stop=task.stop,
                on_info=on_info,
                rng=self._rng,
                time_budget=hard,
                searcher=searcher,
            )
        task.best = move
        self._answer_when_allowed(task, move)

    def _answer_when_allowed(self, task: _Task, move: Move | None) -> None:
        if task.infinite:
            task.stop.wait()  # UCI: no bestmove before stop in an infinite search
        self._answer(task, move)

    def _answer(self, task: _Task, move: Move | None) -> None:
        with task.lock:
            if task.answered:
                return
            task.answered = True
        if task.watchdog is not None:
            task.watchdog.cancel()
        self.send(uai.format_bestmove(str(move if move is not None else Move.null())))

    def _watchdog(self, task: _Task) -> None:
        """The time is up and the search has not answered: stop it and send the best move so far."""
        task.stop.set()
        if not task.done.wait(0.0):
            self._answer(task, task.best)

    def _run_perft(self, task: _Task, board: Board, depth: int) -> None:
        """Count leaf nodes root move by root move; ``stop`` (and ``quit``) end it within milliseconds."""
        start = time.monotonic()
        if depth == 0:
            nodes = 1
        else:
            nodes = 0
            moves = board.legal_moves()
            for number, move in enumerate(moves, start=1):
                board.push(move)
                try:
                    nodes += board.perft(depth - 1, stop=task.stop) if depth > 1 else 1
                except PerftStopped:
                    number -= 1
                    task.stop.set()
                finally:
                    board.pop()
                if task.stop.is_set():
                    self.note(f"perft stopped after {number} of {len(moves)} root moves")
                    return
        elapsed = time.monotonic() - start
        nps = int(nodes / elapsed) if elapsed > 0 else nodes
        self.send(f"perft depth {depth} nodes {nodes} time {int(elapsed * 1000)} nps {nps}")


def _info_line(info: SearchInfo) -> str:
    """The ``info`` line of one depth: a stopped one's (``info.partial``) says the depth completed before it,
    so that a program counting depths counts finished ones."""
    if is_win_score(info.score):
        plies = plies_to_end(info.score)
        # UCI counts mates in moves of the winner: +N to win, -N to lose.
        score = uai.Score("mate", (plies + 1) // 2 if info.score > 0 else -max(plies // 2, 1))
    else:
        score = uai.Score("cp", info.score)
    return uai.format_info(
        uai.InfoLine(
            depth=info.depth - 1 if info.partial else info.depth,
            score=score,
            nodes=info.nodes,
            nps=info.nps,
            time=int(info.elapsed * 1000),
            pv=tuple(str(move) for move in info.pv),
        )
    )


# --- the program -------------------------------------------------------------------------


def main(stdin: BinaryIO | None = None, stdout: TextIO | None = None) -> int:
    """Run the engine on stdin/stdout until ``quit`` or end of input; returns the exit status."""
    input_stream = stdin if stdin is not None else sys.stdin.buffer
    output = stdout if stdout is not None else sys.stdout
    closed = threading.Event()

    def write(line: str) -> None:
        if closed.is_set():
            return
        try:
            output.write(line + "\n")
            output.flush()
        except (OSError, ValueError):
            closed.set()  # the GUI went away; keep quiet and let end of input end us

    if stdout is None:
        with contextlib.suppress(AttributeError, ValueError):
            sys.stdout.reconfigure(encoding="utf-8", errors="replace")  # type: ignore[union-attr]
    engine = UaiEngine(write)
    try:
        engine.run(
            read_lines(
                input_stream,
                MAX_LINE_BYTES,
                lambda: engine.error(f"input line longer than {MAX_LINE_BYTES} bytes ignored"),
            )
        )
    except KeyboardInterrupt:
        engine.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
