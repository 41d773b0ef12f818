"""``python main.py --text``: its options, the level chosen, the terminal or pipe it runs in, and the exit codes.

Exit codes: 0 when the game ends, or the player leaves with ``quit`` or
Ctrl+D (the end of the input); 130 after Ctrl+C (the shell's code for an
interrupt), without a traceback; 2 for a bad option or an unknown level (with
a message, as argparse does); 1 when the computer cannot give a move, or the
output is closed under it (a pipe into ``head``). ``--help`` and the README say so.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from game.ai.api import LEVEL_KEYS
from game.engine.ataxx.rules import RULES
from game.engine.levels import LevelError, LevelInfo, custom_levels, load_level, shipped_levels
from game.engine.match import Match, MatchConfig
from game.filedata import ascii_int, ascii_number
from game.i18n import LANGUAGES, set_language, tr
from game.text.computer import Computer, ComputerError
from game.text.play import TextGame
from game.text.screen import Style

__all__ = ["DEFAULT_DELAY", "DEFAULT_LEVEL", "enable_line_editing", "find_level", "main", "parse_args"]

DEFAULT_LEVEL = LevelInfo("Four Pillars", "", "", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", number=2)
"""The board without ``--level-file``: seed 002's, four blocks that never move (the shipped level 02-four-pillars)."""
DEFAULT_DELAY = 1.0
"""Seconds between the steps of an infection in a terminal (piped: none, unless ``--delay`` says)."""
INTERRUPTED = 130
"""The exit code after Ctrl+C: 128 + SIGINT, as shells report an interrupted program."""


def _seconds(text: str) -> float:
    value = ascii_number(text, signed=True)
    if value is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds")
    if value < 0 or value > 60:
        raise argparse.ArgumentTypeError(f"{text!r}: give a number of seconds from 0 to 60")
    return value


def _think_time(text: str) -> float:
    value = _seconds(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r}: the computer needs more than 0 seconds")
    return value


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The text mode's command line; bad options print a message and exit with code 2 (argparse)."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.computer_starts and args.level is None:
        parser.error("--computer-starts needs --level LEVEL (the computer's level)")
    return args


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="main.py --text",
        description=(
            "Ataxx in a terminal: two players passing the keyboard, or one against the computer. Type a cell as its row then its column (11 is the top left), "
            "then a move code: 1-9 around 5 clone, 5 then a direction jumps (? shows them)."
        ),
        epilog=(
            "At any prompt: save NAME and load NAME (the windowed game's saves), undo, redo, codes, "
            "quit, ? for help. Exit codes: 0 at the end of the game, after quit or Ctrl+D; 130 after "
            "Ctrl+C; 2 for a bad option; 1 if the computer cannot move or the output is closed "
            "(a pipe into head). Piped, or with TERM=dumb, the game never clears the screen; piped, it writes no "
            "colours."
        ),
    )
    parser.add_argument(
        "--level",
        choices=LEVEL_KEYS,
        metavar="LEVEL",
        help=f"play against the computer at this level ({', '.join(LEVEL_KEYS)}); default: two players",
    )
    parser.add_argument(
        "--computer-starts",
        action="store_true",
        help="the computer plays the side that moves first (Red on the standard levels); you play the other",
    )
    parser.add_argument(
        "--level-file",
        metavar="NAME",
        help="the board: a standard level (its name, file name or number: 'Diamond', 04-diamond, 4), "
        "one of your own levels by name, or a level file's path; default: Four Pillars (the seed's board, "
        "four blocks; Classic has none)",
    )
    parser.add_argument(
        "--delay",
        type=_seconds,
        metavar="SECONDS",
        help=f"pause between the steps of an infection (default {DEFAULT_DELAY:g} in a terminal, 0 piped; 0 for none)",
    )
    parser.add_argument("--lang", choices=sorted(LANGUAGES), default="en", help="language (default en)")
    parser.add_argument(
        "--codes", action="store_true", help="show the move codes each time a piece is chosen"
    )
    parser.add_argument(
        "--think-time",
        type=_think_time,
        metavar="SECONDS",
        help="seconds the computer thinks per move (default: its level's own)",
    )
    parser.add_argument(
        "--ai-thread", action="store_true", help="run the computer's search in a thread, not a process"
    )
    parser.add_argument("--no-color", action="store_true", help="no colours, even in a terminal")
    parser.add_argument(
        "--yes", action="store_true", help="save NAME replaces a save of that name without asking"
    )
    return parser


def _words(text: str) -> str:
    """``text`` compared loosely: case, dashes, underscores and spacing ignored."""
    return " ".join(re.split(r"[\s_-]+", text.casefold())).strip()


def find_level(name: str | None) -> LevelInfo:
    """The level ``--level-file`` names (``DEFAULT_LEVEL`` for ``None``); ``LevelError`` saying which levels there are.

    A path to a file is read as a level file. Otherwise the shipped levels,
    then the player's own, are matched by name (in English or in the current
    language), file name, or the number of a shipped level.
    """
    if name is not None and (name.endswith(".toml") or os.sep in name):
        try:
            path = Path(name).expanduser()
            if path.is_file():
                return load_level(path, RULES)
        except RuntimeError as error:  # ~nosuchuser: no such home folder
            raise LevelError(f"{_shown(name)}: {error}") from None
        except (OSError, ValueError) as error:  # a name too long for the system (ENAMETOOLONG), a NUL byte
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            raise LevelError(f"{_shown(name)}: {reason}") from None
    levels = [level for level in shipped_levels(RULES) + custom_levels(RULES) if isinstance(level, LevelInfo)]
    if name is None:
        return next(
            (level for level in levels if not level.custom and level.number == DEFAULT_LEVEL.number),
            DEFAULT_LEVEL,
        )
    wanted = _words(name)
    for level in levels:
        keys = {_words(level.name), _words(tr(level.name)) if not level.custom else ""}
        if level.path is not None:
            stem = _words(level.path.stem)
            keys |= {stem, re.sub(r"^[0-9]+ ", "", stem)}
        if level.number is not None and not level.custom and ascii_int(wanted, max_digits=3) == level.number:
            return level
        if wanted in keys - {""}:
            return level
    known = ", ".join(level.name for level in levels)
    raise LevelError(f"no level called {_shown(name)}; the levels are: {known}")


def _shown(text: str, limit: int = 80) -> str:
    """``text`` quoted for a message, cut short when it is long (a 5,000-letter name fills no screen)."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"... ({len(text)} characters)"


def _tolerate_encodings(stdin: TextIO, stdout: TextIO) -> None:
    """Bytes typed that are not text in the locale's encoding read as U+FFFD (the game says so), and
    letters the output cannot encode are written as ``?`` (the game writes plain ones where it can)."""
    for stream in (stdin, stdout):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(AttributeError, ValueError, OSError):
                reconfigure(errors="replace")


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def enable_line_editing(stdin: TextIO) -> bool:
    """Arrow keys and history for ``input`` at a terminal: ``readline`` imported when ``stdin`` is a tty and
    the system has it (not on Windows); whether it is there."""
    if not _is_tty(stdin):
        return False
    try:
        import readline  # noqa: F401 - importing it is what turns line editing on
    except ImportError:
        return False
    return True


def discard_typed(stdin: TextIO) -> None:
    """Drop the keys typed ahead at the terminal ``stdin`` and not read yet (POSIX; elsewhere nothing)."""
    try:
        import termios

        termios.tcflush(stdin.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError, AttributeError):
        pass


def _reader(stdin: TextIO, stdout: TextIO, *, echo: bool, line_editing: bool) -> Callable[[str], str | None]:
    """``read_line(prompt)``: the prompt shown, the line typed (``None`` at the end of the input).

    At a real terminal ``input`` gives line editing; piped, the line read is
    written after its prompt (``echo``), so the output reads as a transcript.
    """

    def read_line(prompt: str) -> str | None:
        if line_editing:
            try:
                return input(prompt)
            except EOFError:
                stdout.write("\n")
                return None
        stdout.write(prompt)
        stdout.flush()
        line = stdin.readline()
        if not line:
            stdout.write("\n")
            return None
        if echo:
            stdout.write(line if line.endswith("\n") else line + "\n")
        return line.rstrip("\r\n")

    return read_line


def main(
    argv: list[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> int:
    """Play Ataxx in the terminal; returns the exit code (see the module docstring)."""
    parser = _parser()
    args = parse_args(argv)
    set_language(args.lang)
    try:
        level = find_level(args.level_file)
    except LevelError as error:
        parser.error(f"--level-file: {error}")
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    _tolerate_encodings(stdin, stdout)
    terminal = _is_tty(stdin) and _is_tty(stdout)
    colour = (
        terminal and not args.no_color and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"
    )
    delay = args.delay if args.delay is not None else (DEFAULT_DELAY if terminal else 0.0)
    first = RULES.first_seat(level.position)
    config = MatchConfig(
        vs_computer=args.level is not None,
        level=args.level or "casual",
        human_seat=1 - first if args.computer_starts else first,
        first=first,
    )
    match = Match(RULES, level.position, config.players())
    computer = Computer(think_time=args.think_time, use_process=not args.ai_thread)
    line_editing = terminal and stdin is sys.stdin and stdout is sys.stdout
    if line_editing:
        enable_line_editing(stdin)
    game = TextGame(
        match,
        level.name,
        output=stdout,
        read_line=_reader(stdin, stdout, echo=not _is_tty(stdin), line_editing=line_editing),
        style=Style(colour=colour),
        clear=terminal and os.environ.get("TERM") != "dumb",
        delay=delay,
        sleep=sleep,
        computer=computer,
        show_codes=args.codes,
        replace=args.yes,
        width=shutil.get_terminal_size((80, 24)).columns if terminal else None,
        discard_typed=(lambda: discard_typed(stdin)) if terminal else (lambda: None),
    )
    computer.on_retry = lambda reason: game.console.say(
        tr("The computer could not choose a move: {error}", error=reason) + " " + tr("It is asked again.")
    )
    try:
        return game.run()
    except KeyboardInterrupt:
        with contextlib.suppress(OSError, ValueError):
            stdout.write("\n" + tr("Game left.") + "\n")
            stdout.flush()
        return INTERRUPTED
    except BrokenPipeError:
        # Whoever read the output went away (``| head``): nothing more can be said, so stop quietly,
        # and keep Python from failing again when it flushes the stream at exit.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), stdout.fileno())
        return 1
    except ComputerError as error:
        stdout.write(tr("The computer could not choose a move: {error}", error=str(error)) + "\n")
        return 1
    finally:
        computer.close()
