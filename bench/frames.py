"""Frame times of the play screen while the computer thinks, and the AI's speed in the game vs alone.

python bench/frames.py [--frames N] [--budget SECONDS] [--mode process|thread|both]

Runs the real App headless (dummy video and audio drivers) at 60 frames per
second on a game where the computer plays both sides at the top level
(master), so it is thinking nearly all the time, with the move animations on.
Prints the frame interval (what a player sees) and the work per frame at
p50 / p95 / max, then replays every position the computer searched in the
game, with the same budget, in this process with no UI, and compares the
nodes per second. Also times a launch of main.py to its first menu frame.
Goals: p95 <= 17 ms and max <= 50 ms while the AI thinks, AI >= 70% of its
speed alone, launch <= 1.5 s. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.dont_write_bytecode = True
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("PYTHONDONTWRITEBYTECODE", "1")

import tempfile  # noqa: E402

os.environ.setdefault("ATTAX_DATA_DIR", tempfile.mkdtemp(prefix="attax-bench-"))

import pygame  # noqa: E402

from game.ai.ataxx.levels import choose_move, level_by_key  # noqa: E402
from game.ai.ataxx.player import board_from_text  # noqa: E402
from game.ai.worker import AIState  # noqa: E402
from game.app import FPS, App, AppOptions  # noqa: E402
from game.engine.levels import LevelInfo  # noqa: E402
from game.engine.match import MatchConfig, Player  # noqa: E402
from game.scenes.demo import plausible_move  # noqa: E402

# A middle-game position on the open board: many moves, a real search.
POSITION = "x1o2oo/1xxo3/xx1o3/2x1o2/2xx1o1/3oxx1/o3xxx x 0 10"


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def run_game(use_process: bool | None, frames: int, budget: float) -> dict[str, object]:
    """Play computer against computer for ``frames`` frames; frame times and the searches made.

    ``use_process=None``: no computer at all (the baseline: the same screen with nothing thinking).
    """
    app = App(
        AppOptions(
            use_process=bool(use_process), ai_time_budget=budget, animation="normal", save_settings=False
        )
    )
    worker = app.worker
    searches: list[dict[str, object]] = []
    original_request = worker.request

    def request(game, position, level, **kwargs):  # type: ignore[no-untyped-def]
        ticket = original_request(game, position, level, **kwargs)
        searches.append(
            {"board": board_from_text(position), "ticket": ticket, "progress": None, "done": False}
        )
        return ticket

    worker.request = request  # type: ignore[method-assign]
    config = MatchConfig(vs_computer=True, level="master", human_seat=1, first=0)
    level = LevelInfo("Bench", "", "", POSITION)
    app.start()
    play = app.router.push("match", config, level)
    master = Player.computer("master") if use_process is not None else Player.human()
    play.match.players = (master, master)
    # Let the child process start before measuring (the game warms it up on entering too).
    for _ in range(30):
        app.frame(1 / FPS)
    intervals: list[float] = []
    work: list[float] = []
    thinking_frames = 0
    clock = pygame.time.Clock()
    clock.tick()
    last = time.perf_counter()
    rng = random.Random(1)
    for index in range(frames):
        if use_process is None and index % 60 == 0 and play.human_turn():
            play.play(plausible_move(play.match, rng))  # the baseline animates moves too
        began = time.perf_counter()
        app.frame(1 / FPS)
        ended = time.perf_counter()
        work.append(ended - began)
        for search in searches:
            if search["done"]:
                continue
            status = worker.poll(search["ticket"])  # type: ignore[arg-type]
            if status.progress is not None:
                search["progress"] = status.progress
            if status.state is not AIState.THINKING:
                search["done"] = status.state is AIState.DONE
                search["finished"] = True
        thinking_frames += play.thinking
        if play.match.is_over:
            play.restart()
            play.match.players = (master, master)
        clock.tick(FPS)
        now = time.perf_counter()
        intervals.append(now - last)
        last = now
    child = worker.child_pid
    memory = {"main": _rss_mib(os.getpid()), "child": _rss_mib(child) if child is not None else None}
    app.close()
    completed = [s for s in searches if s.get("done") and s["progress"] is not None]
    return {
        "memory": memory,
        "intervals": intervals,
        "work": work,
        "thinking": thinking_frames / max(1, frames),
        "searches": completed,
    }


def _rss_mib(pid: int) -> float | None:
    """The resident memory of process ``pid`` in MiB (Linux), or ``None``."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def speed_alone(searches: list[dict[str, object]], budget: float) -> tuple[float, float]:
    """Nodes per second in the game and alone (same positions, same budget, this process, no UI)."""
    try:  # the search alone runs compiled too, as in the game's AI child (a version that has it)
        from game.ai.ataxx.search import prepare_compiled  # type: ignore[attr-defined,unused-ignore]
    except ImportError:
        pass
    else:
        prepare_compiled(wait=True, timeout=600)
    game_nodes = sum(s["progress"].nodes for s in searches)  # type: ignore[union-attr]
    game_time = sum(s["progress"].elapsed for s in searches)  # type: ignore[union-attr]
    level = level_by_key("master")
    alone_nodes = 0
    alone_time = 0.0
    for search in searches:
        infos = []
        choose_move(search["board"], level, time_budget=budget, on_info=infos.append)  # type: ignore[arg-type]
        if infos:
            alone_nodes += infos[-1].nodes
            alone_time += infos[-1].elapsed
    return game_nodes / max(1e-9, game_time), alone_nodes / max(1e-9, alone_time)


def launch_time(repeats: int = 3) -> float:
    """Seconds from starting ``python main.py`` to its first menu frame (best of ``repeats``)."""
    best = float("inf")
    env = dict(os.environ)
    for _ in range(repeats):
        started = time.time()
        result = subprocess.run(
            [sys.executable, str(ROOT / "main.py"), "--quit-after-frames", "1", "--first-frame-time"],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
        try:
            first_frame = float(result.stdout.strip().splitlines()[-1])
        except (ValueError, IndexError):
            print("launch failed:", result.stderr[-500:])
            return float("nan")
        best = min(best, first_frame - started)
    return best


def _prepare_compiled_search() -> None:
    """Build the compiled search (if this version has one) into the cache the game's AI child loads it
    from, as after the game's first run, in a process of its own (this one stays as the game's is)."""
    # Every game's compiled search the child builds (a version without one for a game skips it): after
    # the first run it loads them all from the cache, and a build would take a core from the measure.
    code = (
        "import importlib\n"
        "for name in ('game.ai.ataxx.search', 'game.ai.attangle.search'):\n"
        "    prepare = getattr(importlib.import_module(name), 'prepare_compiled', None)\n"
        "    if prepare is not None:\n"
        "        prepare(wait=True, timeout=600)\n"
    )
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=700
    )
    if result.returncode == 0:
        print(
            f"Compiled search ready in {time.monotonic() - started:.1f} s (built, or loaded from the cache)"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600, help="frames to measure (default 600: 10 s)")
    parser.add_argument("--budget", type=float, default=1.0, help="seconds per computer move (default 1.0)")
    parser.add_argument("--mode", choices=("process", "thread", "both"), default="both")
    args = parser.parse_args()
    modes = ("baseline", "process", "thread") if args.mode == "both" else ("baseline", args.mode)
    print(
        f"Play screen, computer (master) thinking, {args.frames} frames at {FPS} FPS, {args.budget:.1f} s a move"
    )
    print(f"Machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the start")
    _prepare_compiled_search()
    for mode in modes:
        result = run_game(None if mode == "baseline" else mode == "process", args.frames, args.budget)
        intervals = [t * 1000 for t in result["intervals"]]  # type: ignore[union-attr]
        work = [t * 1000 for t in result["work"]]  # type: ignore[union-attr]
        searches = result["searches"]
        if mode == "baseline":
            print("\n[baseline]  the same screen, a move animated every second, nothing thinking")
        else:
            print(f"\n[{mode} mode]  AI thinking in {result['thinking']:.0%} of the frames")
        print(
            f"  frame interval  p50 {statistics.median(intervals):5.1f} ms  p95 {_percentile(intervals, 0.95):5.1f} ms"
            f"  max {max(intervals):5.1f} ms   (goal p95 <= 17, max <= 50)"
        )
        print(
            f"  work per frame  p50 {statistics.median(work):5.1f} ms  p95 {_percentile(work, 0.95):5.1f} ms"
            f"  max {max(work):5.1f} ms"
        )
        memory = result["memory"]
        child = memory["child"]  # type: ignore[index]
        print(
            f"  memory          main {memory['main']:.1f} MiB"  # type: ignore[index]
            + (f", AI child {child:.1f} MiB" if child is not None else "")
        )
        if mode == "baseline":
            continue
        if searches:
            in_game, alone = speed_alone(searches, args.budget)  # type: ignore[arg-type]
            print(
                f"  AI speed        {in_game:,.0f} nodes/s in the game, {alone:,.0f} alone"
                f"  -> {in_game / alone:.0%} (goal >= 70%), {len(searches)} searches"
            )
        else:
            print("  AI speed        no search finished during the run")
    print(f"\nLaunch to first menu frame: {launch_time():.2f} s (goal <= 1.5 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
