"""A scripted UAI engine for the tests: it plays, or misbehaves in the way its first argument says.

``python tests/fake_uai_engine.py MODE [PIDFILE]`` (no game package needed:
it knows nothing of the game, so it answers the moves the test gives it in the
environment, ``FAKE_MOVES``, one per ``go`` in turn, the last one again after that; default ``g2``).

Modes:

- ``good``: answers everything properly (``id name Fake Engine``);
- ``silent``: never answers ``uai`` (reads on, says nothing);
- ``garbage``: answers ``uai`` with garbage only, never ``uaiok``;
- ``crash``: shakes hands, then dies in the middle of the search (exit code 3, a line on stderr);
- ``hang``: shakes hands, then never answers ``go``, nor ``stop``;
- ``late``: shakes hands, never answers ``go`` until told to ``stop``, then answers the move;
- ``illegal``: answers ``bestmove a1a1``... a move of the right shape that is not legal (``FAKE_ILLEGAL``,
  default ``d4``: far from every piece at the start);
- ``nonsense``: answers ``bestmove zz99!``;
- ``junk``: answers ``bestmove <move> ponder`` followed by junk words;
- ``huge``: writes lines of a megabyte (with and without line ends) before every answer;
- ``flood``: writes ``FAKE_FLOOD`` (default 200,000) ``info`` lines and as many garbage lines before
  its ``bestmove``, as fast as it can;
- ``exit``: exits at once, before reading anything;
- ``noname``: answers properly but without an ``id name``;
- ``fork``: starts a helper process first (which keeps the engine's pipes, as a program started in
  the background does, and sleeps), then answers as ``good`` and exits on ``quit``, leaving the helper;
- ``fork-exit``: starts a helper (which closes the pipes), then exits at once.

With ``PIDFILE`` it writes its process id there first, so a test can check it is gone; a helper
writes its own to ``PIDFILE.helper``. A helper is in the engine's process group, and sleeps
``FAKE_HELPER_SECONDS`` (default 120) unless it is killed.
Every line it reads is appended to ``FAKE_LOG`` when that is set.
"""

from __future__ import annotations

import os
import sys
import time


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def fork_helper(pid_path: str | None, *, keep_pipes: bool) -> None:
    """Start a helper process that sleeps (in this process group); it writes its id to ``PIDPATH.helper``."""
    if os.fork():
        # Goes on once the helper has written its id: killed before that (a busy machine, a quick probe),
        # it would leave the test nothing to check.
        while pid_path and not os.path.exists(pid_path + ".helper"):
            time.sleep(0.005)
        return
    try:
        if not keep_pipes:
            quiet = os.open(os.devnull, os.O_RDWR)
            for descriptor in (0, 1, 2):
                os.dup2(quiet, descriptor)
        if pid_path:
            with open(pid_path + ".helper.tmp", "w", encoding="utf-8") as pid_file:
                pid_file.write(str(os.getpid()))
            os.replace(pid_path + ".helper.tmp", pid_path + ".helper")
        time.sleep(float(os.environ.get("FAKE_HELPER_SECONDS", "120")))
    finally:
        os._exit(0)


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "good"
    pid_path = sys.argv[2] if len(sys.argv) > 2 else None
    if pid_path:
        with open(pid_path, "w", encoding="utf-8") as pid_file:
            pid_file.write(str(os.getpid()))
    if mode in ("fork", "fork-exit"):
        fork_helper(pid_path, keep_pipes=mode == "fork")
    if mode in ("exit", "fork-exit"):
        sys.stderr.write("fake engine: nothing to do\n")
        return 2
    moves = os.environ.get("FAKE_MOVES", "g2").split(",")
    searches = 0
    move = moves[0]
    log_path = os.environ.get("FAKE_LOG")
    for raw in sys.stdin:
        line = raw.strip()
        if log_path:
            with open(log_path, "a", encoding="utf-8") as log:
                log.write(line + "\n")
        command = line.split()[0] if line.split() else ""
        if mode == "huge" and command in ("uai", "isready", "go"):
            say("x" * 1_000_000)
            sys.stdout.write("info string " + "y" * 2_000_000)  # no line end before the next line
            say("")
        if command == "uai":
            if mode == "silent":
                continue
            if mode == "garbage":
                say("hello there")
                say("\x00\x01\x02 ����")
                continue
            if mode != "noname":
                say("id name Fake Engine")
            say("id author the tests")
            say("uaiok")
        elif command == "isready":
            say("readyok")
        elif command == "go":
            move = moves[min(searches, len(moves) - 1)]
            searches += 1
            if mode == "crash":
                say("info depth 1 score cp 10 nodes 5 time 1 pv " + move)
                sys.stderr.write("fake engine: segmentation fault (pretend)\n")
                sys.stderr.flush()
                os._exit(3)
            if mode in ("hang", "late"):
                continue
            if mode == "flood":
                count = int(os.environ.get("FAKE_FLOOD", "200000"))
                chunk = f"info depth 3 score cp 5 nodes 99 time 1 pv {move}\nnot a word of the protocol\n"
                for start in range(0, count, 1000):
                    sys.stdout.write(chunk * min(1000, count - start))
                sys.stdout.flush()
            say("info string thinking")
            say("info depth 1 score cp 25 nodes 10 time 2 pv " + move)
            say("info depth 2 score mate 3 nodes 40 nps 20000 time 2 pv " + move)
            if mode == "illegal":
                say("bestmove " + os.environ.get("FAKE_ILLEGAL", "d4"))
            elif mode == "nonsense":
                say("bestmove zz99!")
            elif mode == "junk":
                say(f"bestmove {move} ponder a1 and then some junk")
            else:
                say("bestmove " + move)
        elif command == "stop":
            if mode == "late":
                say("bestmove " + move)
        elif command == "quit":
            if mode == "hang":
                time.sleep(60)  # deaf to quit too: it must be killed
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
