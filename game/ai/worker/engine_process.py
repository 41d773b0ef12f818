"""An engine's program: its command line, split without a shell, and its process, started.

The player types a command line for an engine (``Options → Engines``);
``parse_command`` splits it into words the way a POSIX shell would (quotes,
backslashes) but nothing is ever given to a shell, so ``; rm -rf ~`` is two
words for the program, not a second command. ``start_engine`` runs it as a
``LineProcess`` in its own process group, and says what stopped it from
starting as an ``EngineError``.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable
from pathlib import Path

from game.ai.line_process import LineProcess
from game.ai.worker.engine_spec import EngineError

__all__ = [
    "MAX_COMMAND_LENGTH",
    "EngineCommandError",
    "default_folder",
    "parse_command",
    "start_engine",
]

MAX_COMMAND_LENGTH = 1000
"""The longest command line accepted, in characters (a path and a few options are far shorter)."""
_POSIX = os.name == "posix"


class EngineCommandError(ValueError):
    """A command line that cannot be run: empty, too long, an open quote, a control character."""


def parse_command(text: str) -> list[str]:
    """The words of the command line ``text``, split as a POSIX shell would, never run by one.

    >>> parse_command('"/opt/my engine/run" --threads 2')
    ['/opt/my engine/run', '--threads', '2']
    >>> parse_command("engine; rm -rf ~")  # one program and its words, not two commands
    ['engine;', 'rm', '-rf', '~']
    >>> parse_command("engine 'unclosed")
    Traceback (most recent call last):
    ...
    game.ai.worker.engine_process.EngineCommandError: the command line cannot be read: No closing quotation
    """
    if not isinstance(text, str):
        raise EngineCommandError(f"a command line is text, not {type(text).__name__}")
    if len(text) > MAX_COMMAND_LENGTH:
        raise EngineCommandError(
            f"the command line is {len(text)} characters long; at most {MAX_COMMAND_LENGTH} are accepted"
        )
    if any(ord(char) < 32 or ord(char) == 127 for char in text):
        raise EngineCommandError("the command line holds a control character (a line break, a tab...)")
    try:
        # Windows paths keep their backslashes: there they separate folders, they do not escape.
        words = shlex.split(text, posix=_POSIX)
    except ValueError as error:
        raise EngineCommandError(f"the command line cannot be read: {error}") from None
    if not _POSIX:
        words = [word[1:-1] if len(word) > 1 and word[0] == word[-1] == '"' else word for word in words]
    if not words or not words[0]:
        raise EngineCommandError("the command line is empty: type the program to run and its options")
    return words


def start_engine(
    command: str, cwd: Path | None, on_line: Callable[[str], None], on_exit: Callable[[str], None]
) -> LineProcess:
    """The engine's process (``on_exit`` gets how it ended); an ``EngineError`` (``command`` or ``start``)
    when it cannot be started."""
    try:
        argv = parse_command(command)
    except EngineCommandError as error:
        raise EngineError("command", reason=str(error)) from None
    try:
        return LineProcess(
            argv,
            on_line=on_line,
            on_exit=lambda process: on_exit(process.describe_end()),
            cwd=cwd,
            name="engine",
        )
    except OSError as error:
        reason = error.strerror or str(error)
        raise EngineError(
            "start", reason=f"{reason}: {argv[0]}" if error.filename is None else reason
        ) from None
    except ValueError as error:  # an argument Popen refuses (a NUL byte...)
        raise EngineError("start", reason=str(error)) from None


def default_folder() -> Path | None:
    """Where engines run by default: the user data folder (``None``, the game's own, if it is unusable)."""
    from game import paths

    try:
        return paths.user_data_dir()
    except OSError:
        return None
