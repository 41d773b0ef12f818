"""Measure the real-time promises of the AI and the UAI engine against their goals.

    python bench/responsiveness.py [--runs N]

The tests check what ends a search (a stop, a deadline, quit, a watchdog) by
events, never by the clock, so that they pass however busy the machine is;
how soon it happens is measured here, on this machine, as it is now (run it on
a quiet one to compare with the goals). Each promise is measured ``--runs``
times; the table gives the goal, the median and the worst time, and how many
runs kept the goal:

- the AI worker (thread and child process): a request returns at once (20 ms);
  a cancelled search has stopped within 100 ms;
- the searches: a stop ends Ataxx's and Lionheart's within 100 ms; Ataxx's,
  Attangle's and Lionheart's hard deadline is kept to within 100 ms (the
  time the whole search took); every Ataxx level keeps a 0.1 s budget (0.2 s
  at most), the Master its ``max_think_time``;
- the UAI engine (``python -m game.ai.uai`` through pipes): ``go movetime``
  50 and 300 ms answered within the time and 100 ms; ``go`` on a 3 s clock
  within a third of it; a clock below zero answered at once (1 s); ``stop``
  ends an infinite search within 200 ms; ``stop`` and ``quit`` end a perft
  that would take hours within 200 ms and 2 s; the watchdog answers a search
  that overruns ``go movetime 100`` by 200 ms after the go.
"""

from __future__ import annotations

import argparse
import queue
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai.ataxx import uai  # noqa: E402
from game.ai.ataxx.levels import LEVELS, choose_move, level_by_key  # noqa: E402
from game.ai.ataxx.search import Searcher, SearchInfo, SearchLimits, prepare_compiled  # noqa: E402
from game.ai.attangle.search import Searcher as AttangleSearcher  # noqa: E402
from game.ai.attangle.search import prepare_compiled as prepare_attangle  # noqa: E402
from game.ai.lionheart.levels import new_searcher  # noqa: E402
from game.ai.lionheart.search import SearchBattle  # noqa: E402
from game.ai.worker import AIState, AIWorker  # noqa: E402
from game.engine.ataxx import Board  # noqa: E402
from game.engine.attangle import Board as AttangleBoard  # noqa: E402
from game.engine.lionheart import Battle  # noqa: E402

MIDGAME = "7/1x4x/3x1xx/1x2x2/o6/o1o3x/o1oo3 x 2 16"
LIONHEART = "gK1e1N,gA4c1N,gI4c2N,gI4e4N,gN2d1N,sI4e5S,sA4d9S,sN2f10S,sK1e10S g 2"
PATIENCE = 60.0
"""Seconds after which a measurement is given up (something hangs)."""


@dataclass
class Promise:
    """One real-time promise and what was measured of it."""

    name: str
    goal: float
    """Seconds."""
    times: list[float] = field(default_factory=list)

    def row(self) -> str:
        if not self.times:
            return f"{self.name:<58} {self.goal * 1000:>7.0f}   (not measured)"
        kept = sum(measured <= self.goal for measured in self.times)
        median, worst = statistics.median(self.times), max(self.times)
        return (
            f"{self.name:<58} {self.goal * 1000:>7.0f} {median * 1000:>9.1f} {worst * 1000:>9.1f}"
            f"   {kept}/{len(self.times)}"
        )


def measure(promise: Promise, runs: int, once: Callable[[], float]) -> Promise:
    """Run ``once`` (which returns the seconds it measured) ``runs`` times into ``promise``."""
    for _ in range(runs):
        promise.times.append(once())
    print(promise.row(), flush=True)
    return promise


# -- the AI worker -----------------------------------------------------------------------------------


def worker_promises(runs: int) -> None:
    for mode in ("thread", "process"):
        with AIWorker(use_process=mode == "process") as worker:
            _wait(worker, worker.request("ataxx", MIDGAME, "beginner", time_budget=0.01))  # the child is up

            def request() -> float:
                start = time.perf_counter()
                ticket = worker.request("ataxx", MIDGAME, "master", time_budget=0.05)
                taken = time.perf_counter() - start
                _wait(worker, ticket)
                return taken

            def cancel() -> float:
                ticket = worker.request("ataxx", MIDGAME, "master", time_budget=30.0)
                if not _until(lambda: worker.poll(ticket).progress is not None):
                    raise RuntimeError("the search never reported progress")
                start = time.perf_counter()
                worker.cancel()
                if not worker.wait_idle(PATIENCE):
                    raise RuntimeError("the cancelled search never stopped")
                return time.perf_counter() - start

            measure(Promise(f"worker ({mode}): request returns", 0.020), runs, request)
            measure(Promise(f"worker ({mode}): cancel stops the search", 0.100), runs, cancel)


def _wait(worker: AIWorker, ticket: int) -> None:
    if not _until(lambda: worker.poll(ticket).finished):
        raise RuntimeError("the request never finished")
    if worker.poll(ticket).state is not AIState.DONE:
        raise RuntimeError(f"the request failed: {worker.poll(ticket).error}")


def _until(condition: Callable[[], bool]) -> bool:
    end = time.monotonic() + PATIENCE
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.001)
    return False


# -- the searches ------------------------------------------------------------------------------------


def stopped_after_depth(search: Callable[[threading.Event, Callable[[SearchInfo], None]], object]) -> float:
    """Seconds from setting the stop (once depth 2 is done) to the search's return."""
    stop, deep, done = threading.Event(), threading.Event(), threading.Event()
    stopped_at: list[float] = []

    def seen(info: SearchInfo) -> None:
        if info.depth >= 2:
            deep.set()

    def run() -> None:
        search(stop, seen)
        stopped_at.append(time.perf_counter())
        done.set()

    threading.Thread(target=run, daemon=True).start()
    if not deep.wait(PATIENCE):
        raise RuntimeError("the search never completed depth 2")
    start = time.perf_counter()
    stop.set()
    if not done.wait(PATIENCE):
        raise RuntimeError("the search never stopped")
    return stopped_at[0] - start


def taken(search: Callable[[], object]) -> float:
    """Seconds ``search`` took."""
    start = time.perf_counter()
    search()
    return time.perf_counter() - start


def search_promises(runs: int) -> None:
    measure(
        Promise("Ataxx search: a stop ends it", 0.100),
        runs,
        lambda: stopped_after_depth(
            lambda stop, seen: Searcher(hash_mb=1).search(Board(), SearchLimits(), stop, seen)
        ),
    )
    measure(
        Promise("Lionheart search: a stop ends it", 0.100),
        runs,
        lambda: stopped_after_depth(
            lambda stop, seen: new_searcher(hash_mb=1).search(_battle(), SearchLimits(), stop, seen)
        ),
    )
    measure(
        Promise("Ataxx search: hard deadline 0.15 s", 0.250),
        runs,
        lambda: taken(lambda: Searcher(hash_mb=1).search(Board(MIDGAME), SearchLimits(hard_time=0.15))),
    )
    measure(
        Promise("Attangle search: hard deadline 0.2 s", 0.300),
        runs,
        lambda: taken(lambda: AttangleSearcher().search(AttangleBoard(), SearchLimits(hard_time=0.2))),
    )
    measure(
        Promise("Lionheart search: hard deadline 0.1 s", 0.200),
        runs,
        lambda: taken(lambda: new_searcher(hash_mb=1).search(_battle(), SearchLimits(hard_time=0.1))),
    )
    for level in LEVELS:
        measure(
            Promise(f"Ataxx {level.name}: a 0.1 s budget", 0.200),
            runs,
            lambda level=level: taken(lambda: choose_move(Board(MIDGAME), level, time_budget=0.1)),
        )
    master = level_by_key("master")
    measure(
        Promise(f"Ataxx Master: its max_think_time ({master.max_think_time:g} s)", master.max_think_time),
        runs,
        lambda: taken(lambda: choose_move(Board(MIDGAME), master, time_budget=60.0)),
    )


def _battle() -> SearchBattle:
    return SearchBattle(Battle(LIONHEART))


# -- the UAI engine ----------------------------------------------------------------------------------


class Engine:
    """``python -m game.ai.uai`` through pipes, its lines read by a thread (with the time each came)."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "game.ai.uai"],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.lines: queue.Queue[tuple[float, str] | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send("isready")
        self.expect("readyok")

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put((time.perf_counter(), line.rstrip("\n")))
        self.lines.put(None)

    def send(self, line: str) -> float:
        """Write ``line``; the time it was sent."""
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        return time.perf_counter()

    def answered(self, command: str, prefix: str) -> float:
        """Seconds from sending ``command`` to the first line starting with ``prefix``."""
        sent = self.send(command)
        return self.expect(prefix) - sent

    def expect(self, prefix: str) -> float:
        """The time the first line starting with ``prefix`` came."""
        while True:
            item = self.lines.get(timeout=PATIENCE)
            if item is None:
                raise RuntimeError(f"the engine ended before {prefix!r}")
            if item[1].startswith(prefix):
                return item[0]

    def quit(self) -> float:
        """Seconds from ``quit`` to the engine's exit."""
        sent = self.send("quit")
        self.process.wait(PATIENCE)
        return time.perf_counter() - sent


def uai_promises(runs: int) -> None:
    engine = Engine()
    try:
        engine.send("position startpos moves b6 f6 f2 b2")
        for movetime in (50, 300):
            measure(
                Promise(f"UAI: go movetime {movetime} answered", movetime / 1000 + 0.100),
                runs,
                lambda movetime=movetime: engine.answered(f"go movetime {movetime}", "bestmove"),
            )
        engine.send("position startpos moves b6")
        measure(
            Promise("UAI: go on a 3 s clock answered", 1.0),
            runs,
            lambda: engine.answered("go wtime 3000 btime 3000 winc 0 binc 0", "bestmove"),
        )
        measure(
            Promise("UAI: a clock below zero answered", 1.0),
            runs,
            lambda: engine.answered("go wtime -5 btime -5", "bestmove"),
        )

        def stop_infinite() -> float:
            engine.send("go infinite")
            engine.expect("info depth 3")
            return engine.answered("stop", "bestmove")

        def stop_perft() -> float:
            engine.send("perft 8")
            engine.send("isready")
            engine.expect("readyok")
            return engine.answered("stop", "info string perft stopped")

        measure(Promise("UAI: stop ends an infinite search", 0.200), runs, stop_infinite)
        measure(Promise("UAI: stop ends a long perft", 0.200), runs, stop_perft)
    finally:
        engine.quit()

    def quit_perft() -> float:
        running = Engine()
        running.send("perft 8")
        running.send("isready")
        running.expect("readyok")
        return running.quit()

    measure(Promise("UAI: quit ends a long perft (the engine exits)", 2.0), runs, quit_perft)
    measure(Promise("UAI: the watchdog answers a late search (movetime 100)", 0.200), runs, watchdog)


class _LateSearcher:
    """Reports depth 1, then overruns every limit and ignores stop for a second."""

    def __init__(self, hash_mb: int = 16) -> None:
        pass

    def new_game(self) -> None:
        pass

    def search(self, board, limits, stop=None, on_info=None, *, only=None):  # type: ignore[no-untyped-def]
        move = board.legal_moves()[0]
        if on_info is not None:
            on_info(SearchInfo(1, 0, 1, 0.001, (move,)))
        time.sleep(1.0)
        return move, None


def watchdog() -> float:
    answered = threading.Event()
    at: list[float] = []

    def write(line: str) -> None:
        if line.startswith("bestmove") and not at:
            at.append(time.perf_counter())
            answered.set()

    original, uai.Searcher = uai.Searcher, _LateSearcher  # type: ignore[misc]
    try:
        engine = uai.UaiEngine(write)
        engine.handle(f"position fen {MIDGAME}")
        start = time.perf_counter()
        engine.handle("go movetime 100")
        if not answered.wait(PATIENCE):
            raise RuntimeError("the watchdog never answered")
        engine.shutdown()
    finally:
        uai.Searcher = original  # type: ignore[misc]
    return at[0] - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="measurements of each promise (default 5)")
    args = parser.parse_args()
    prepare_compiled(wait=True, timeout=600)
    prepare_attangle(wait=True, timeout=600)
    print(f"{'promise':<58} {'goal ms':>7} {'median ms':>9} {'worst ms':>9}   kept")
    worker_promises(args.runs)
    search_promises(args.runs)
    uai_promises(args.runs)


if __name__ == "__main__":
    main()
