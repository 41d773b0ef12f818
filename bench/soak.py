"""Kiosk soak test: the attract mode, headless, at accelerated speed, for a long time.

    python bench/soak.py [--minutes 10] [--games N] [--thread] [--idle SECONDS]

The real App runs as a kiosk with SDL's dummy video and audio drivers, frames
as fast as the machine draws them, each advancing the clock by ``--dt``
seconds (0.1: six times real time) with a short sleep between frames (``--idle``,
as the real loop sleeps in ``Clock.tick``), the computer thinking ``--budget`` seconds
a move, animations fast. Every ``--tap-every`` games a tap brings the menu
back, and the idle timer starts the attract mode again, so those paths are
soaked too. The user data folder is a temporary one.

Prints games played, exceptions (logged errors and kiosk recoveries; the goal
is 0), the resident memory of this process and of the AI worker's child
process at the start (after ``--warmup`` games: the drawing caches are bounded
but take a while to fill) and at the end, the range it moved in between, and
the number of live Python objects. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.dont_write_bytecode = True
os.environ.setdefault("PYTHONDONTWRITEBYTECODE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def rss_mib(pid: int | str = "self") -> float | None:
    """Resident memory of process ``pid`` in MiB (Linux /proc; else this process's peak from resource)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    if pid == "self":
        try:
            import resource

            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024
        except (ImportError, OSError):
            return None
    return None


class _ErrorCounter(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.count = 0
        self.first: str | None = None

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1
        if self.first is None:
            self.first = record.getMessage()


def _fmt(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.1f} MiB"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench/soak.py", description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="wall-clock minutes to run (default 10)")
    parser.add_argument("--games", type=int, default=None, help="stop after this many attract games")
    parser.add_argument("--dt", type=float, default=0.1, help="game seconds per frame (default 0.1)")
    parser.add_argument("--budget", type=float, default=0.005, help="AI seconds per move (default 0.005)")
    parser.add_argument(
        "--warmup",
        type=int,
        default=12,
        help="games before the start figures, once caches are warm (default 12)",
    )
    parser.add_argument("--tap-every", type=int, default=10, help="tap back to the menu every N games")
    parser.add_argument(
        "--thread", action="store_true", help="search in the worker thread, not a child process"
    )
    parser.add_argument(
        "--idle",
        type=float,
        default=0.001,
        help="seconds of sleep a frame (default 0.001): the real loop sleeps in Clock.tick, and "
        "without a pause the worker's threads in this process hardly ever get the interpreter",
    )
    args = parser.parse_args(argv)

    data = tempfile.TemporaryDirectory(prefix="attax-soak-")
    os.environ["ATTAX_DATA_DIR"] = data.name
    counter = _ErrorCounter()
    logging.getLogger().addHandler(counter)
    logging.getLogger().setLevel(logging.INFO)

    import pygame

    from game.app import App, AppOptions
    from game.scenes.attract import AttractScene

    app = App(
        AppOptions(
            kiosk=True,
            kiosk_idle=1.0,
            kiosk_game_idle=2.0,
            ai_time_budget=args.budget,
            animation="fast",
            audio=False,
            save_settings=False,
            use_process=not args.thread,
        )
    )
    kiosk = app.kiosk_mode
    assert kiosk is not None
    began = time.monotonic()
    deadline = began + args.minutes * 60
    start_rss: float | None = None
    start_child: float | None = None
    start_objects = 0
    taps = 0
    back_from_menu = False  # a tap has shown the menu, and the attract mode has come back since
    seen_menu = False
    next_report = began + 60
    last_tapped_at = 0
    low, high = float("inf"), 0.0
    try:
        app.start()
        while app.running:
            app.frame(args.dt)
            if args.idle > 0:
                # A frame that never sleeps keeps re-taking the GIL before the AI
                # worker's reader threads wake up, and the computer's moves come
                # seconds late: the game's 60 FPS loop sleeps, and so does this one.
                time.sleep(args.idle)
            games = kiosk.attract_games
            if taps and not isinstance(app.top, AttractScene):
                seen_menu = True
            elif seen_menu:
                back_from_menu = True
            warmed_up = games >= min(args.warmup, args.games or args.warmup) and (
                back_from_menu or not args.tap_every or args.games is not None
            )
            if start_rss is None and warmed_up and isinstance(app.top, AttractScene):
                # Measured once everything is loaded and the drawing caches have
                # filled: after a whole cycle (attract, tap, menu, attract again),
                # as the menu's pictures are drawn only when it first shows.
                gc.collect()
                start_rss = rss_mib()
                pid = app.worker.child_pid if app.worker.use_process else None
                start_child = rss_mib(pid) if pid else None
                start_objects = len(gc.get_objects())
            if args.tap_every and games and games % args.tap_every == 0 and games != last_tapped_at:
                last_tapped_at = games
                if isinstance(app.top, AttractScene):
                    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(20, 20), button=1))
                    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(20, 20), button=1))
                    taps += 1
            now = time.monotonic()
            if start_rss is not None and app.stats.frames % 600 == 0:
                current = rss_mib()
                if current is not None:
                    low, high = min(low, current), max(high, current)
            if now >= next_report:
                next_report += 60
                print(
                    f"  {(now - began) / 60:5.1f} min: {games} games, {counter.count} errors, "
                    f"RSS {_fmt(rss_mib())}",
                    flush=True,
                )
            if now >= deadline or (args.games is not None and games >= args.games):
                break
        gc.collect()
        end_rss = rss_mib()
        pid = app.worker.child_pid if app.worker.use_process else None
        end_child = rss_mib(pid) if pid else None
        end_objects = len(gc.get_objects())
        elapsed = time.monotonic() - began
    finally:
        app.close()
        logging.getLogger().removeHandler(counter)
        data.cleanup()

    exceptions = counter.count + kiosk.recoveries
    print(
        f"soak: {elapsed / 60:.1f} min wall, {app.stats.frames} frames ({app.stats.frames / max(elapsed, 1e-9):.0f}/s)"
    )
    print(
        f"games played: {kiosk.attract_games}  (attract runs {kiosk.attract_runs}, taps to the menu {taps})"
    )
    print(f"exceptions: {exceptions}" + (f"  (first: {counter.first})" if counter.first else ""))
    print(
        f"RSS main:  start {_fmt(start_rss)}  end {_fmt(end_rss)}"
        + (f"  (between {low:.1f} and {high:.1f} MiB after the warm-up)" if high else "")
    )
    if not args.thread:
        print(f"RSS child: start {_fmt(start_child)}  end {_fmt(end_child)}")
    print(f"Python objects: start {start_objects}  end {end_objects}")
    return 0 if exceptions == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
