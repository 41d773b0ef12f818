"""The UAI protocol's lines, read and written: the one grammar the engine and the client share.

UAI is UCI for a game of moves as text: commands go to the engine on its input,
answers come back on its output, one line each, words separated by spaces.
This module names the commands, splits the words of the lines either side
reads (``go``, ``position``, ``setoption``; ``info``, ``bestmove``, ``id``) and
writes the lines either side sends, so the engine (``game.ai.ataxx.uai``) and
the client (``game.ai.worker.uai_client``) never disagree on a word. What a
line means for a game (a move's legality, a score's scale, the clocks' colours)
is the game's or the client's business, not this module's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from game.filedata import ascii_int, is_ascii_digits

__all__ = [
    "BESTMOVE",
    "GO",
    "ID",
    "INFO",
    "ISREADY",
    "MAX_NUMBER_DIGITS",
    "OPTION",
    "POSITION",
    "QUIT",
    "READYOK",
    "SETOPTION",
    "STOP",
    "UAI",
    "UAINEWGAME",
    "UAIOK",
    "GoParams",
    "InfoLine",
    "Score",
    "UaiError",
    "first_word",
    "format_bestmove",
    "format_go",
    "format_id",
    "format_info",
    "format_info_string",
    "format_option",
    "format_position",
    "parse_bestmove",
    "parse_go",
    "parse_id",
    "parse_info",
    "parse_position",
    "parse_setoption",
    "quote",
]

# The commands, to the engine.
UAI = "uai"
ISREADY = "isready"
UAINEWGAME = "uainewgame"
SETOPTION = "setoption"
POSITION = "position"
GO = "go"
STOP = "stop"
QUIT = "quit"
# The answers, from the engine.
ID = "id"
OPTION = "option"
UAIOK = "uaiok"
READYOK = "readyok"
INFO = "info"
BESTMOVE = "bestmove"

MAX_NUMBER_DIGITS = 12
"""Go parameters with more digits are refused: they overflow timers and mean nothing."""


class UaiError(ValueError):
    """A command the engine cannot follow; the message is the reason shown after ``info string error``."""


def quote(text: str, limit: int = 60) -> str:
    """``text`` quoted for an error message: ASCII only, and short.

    >>> print(quote("x" * 70, 3))
    'xxx'...
    """
    shown = ascii(text[:limit])
    return shown + ("..." if len(text) > limit else "")


def first_word(line: str) -> str:
    """The command or answer a line starts with ("" for a blank line): what either side dispatches on.

    >>> first_word("  bestmove g2"), first_word(" ")
    ('bestmove', '')
    """
    words = line.split(None, 1)
    return words[0] if words else ""


# -- go ----------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class GoParams:
    """The limits of one ``go`` command; times in milliseconds, ``None`` when not given."""

    wtime: int | None = None
    btime: int | None = None
    winc: int | None = None
    binc: int | None = None
    movestogo: int | None = None
    movetime: int | None = None
    depth: int | None = None
    nodes: int | None = None
    infinite: bool = False
    searchmoves: tuple[str, ...] = ()
    """The moves the search is limited to, as written (checked against the position by the engine)."""
    clamped: tuple[str, ...] = ()
    """The times given below 0 (``wtime -5``), taken as 0: a clock may run over in some GUIs."""

    @property
    def unlimited(self) -> bool:
        """Whether nothing but ``stop`` (or the level) limits the search."""
        return (
            self.wtime is None
            and self.btime is None
            and self.movetime is None
            and self.depth is None
            and self.nodes is None
        )


_GO_NUMBERS = ("wtime", "btime", "winc", "binc", "movestogo", "movetime", "depth", "nodes")
_GO_MINIMUM = {"movestogo": 1, "depth": 1, "nodes": 1}
_GO_TIMES = {"wtime", "btime", "winc", "binc", "movetime"}
# python-ataxx's client sends ``go nodes N simulations N``: simulations are for
# Monte Carlo engines, so the number is checked and then ignored.
_GO_IGNORED_NUMBERS = {"simulations"}
_GO_WORDS = {*_GO_NUMBERS, *_GO_IGNORED_NUMBERS, "infinite", "searchmoves"}


def parse_go(tokens: list[str]) -> GoParams:
    """Parse the words after ``go``; raises ``UaiError`` naming the bad word.

    Times are whole milliseconds; below 0 (a clock that ran over, in some GUIs)
    they are taken as 0 and listed in ``clamped``, so the engine still answers a
    move at once. ``movestogo``, ``depth`` and ``nodes`` are >= 1.
    ``searchmoves`` takes the words after it up to the next parameter.

    >>> parse_go("movetime 100 depth 3".split())  # doctest: +NORMALIZE_WHITESPACE
    GoParams(wtime=None, btime=None, winc=None, binc=None, movestogo=None, movetime=100, depth=3, nodes=None,
             infinite=False, searchmoves=(), clamped=())
    >>> parse_go("wtime -5 btime -5 searchmoves b6 a7a5".split())  # doctest: +NORMALIZE_WHITESPACE
    GoParams(wtime=0, btime=0, winc=None, binc=None, movestogo=None, movetime=None, depth=None, nodes=None,
             infinite=False, searchmoves=('b6', 'a7a5'), clamped=('wtime', 'btime'))
    >>> parse_go(["depth", "x"])
    Traceback (most recent call last):
    ...
    game.ai.uai_protocol.UaiError: go depth needs a whole number, not 'x'
    """
    values: dict[str, object] = {}
    clamped: list[str] = []
    index = 0
    while index < len(tokens):
        word = tokens[index]
        key = word.lower()
        if key == "infinite":
            values["infinite"] = True
            index += 1
            continue
        if key == "searchmoves":
            if key in values:
                raise UaiError("go searchmoves given twice")
            end = index + 1
            while end < len(tokens) and tokens[end].lower() not in _GO_WORDS:
                end += 1
            if end == index + 1:
                raise UaiError("go searchmoves needs at least one move after it")
            values[key] = tuple(tokens[index + 1 : end])
            index = end
            continue
        if key not in _GO_NUMBERS and key not in _GO_IGNORED_NUMBERS:
            raise UaiError(f"unknown go parameter {quote(word)}")
        if index + 1 >= len(tokens):
            raise UaiError(f"go {key} needs a number after it")
        text = tokens[index + 1]
        number = ascii_int(text, signed=True, max_digits=MAX_NUMBER_DIGITS)
        if number is None:
            if is_ascii_digits(text.lstrip("+-")):
                raise UaiError(f"go {key} {quote(text)} is too large")
            raise UaiError(f"go {key} needs a whole number, not {quote(text)}")
        if key in _GO_TIMES and number < 0:
            clamped.append(key)
            number = 0
        minimum = _GO_MINIMUM.get(key, 0)
        if number < minimum:
            raise UaiError(f"go {key} must be at least {minimum}, not {number}")
        if key in values:
            raise UaiError(f"go {key} given twice")
        if key not in _GO_IGNORED_NUMBERS:
            values[key] = number
        index += 2
    return GoParams(**values, clamped=tuple(clamped))  # type: ignore[arg-type]


def format_go(params: GoParams) -> str:
    """The ``go`` command asking for ``params`` (the numbers given, then ``infinite`` and ``searchmoves``).

    >>> format_go(GoParams(movetime=200))
    'go movetime 200'
    """
    words = [GO]
    for key in _GO_NUMBERS:
        value = getattr(params, key)
        if value is not None:
            words += [key, str(value)]
    if params.infinite:
        words.append("infinite")
    if params.searchmoves:
        words += ["searchmoves", *params.searchmoves]
    return " ".join(words)


# -- position ------------------------------------------------------------------------------------


def parse_position(args: Sequence[str]) -> tuple[str | None, list[str]]:
    """The position of the words after ``position``: its start (``None`` for ``startpos``) and its moves.

    >>> parse_position("fen x5o/7/7/7/7/7/o5x x 0 1 moves g2 a7a5".split())
    ('x5o/7/7/7/7/7/o5x x 0 1', ['g2', 'a7a5'])
    >>> parse_position(["startpos"])
    (None, [])
    """
    if not args:
        raise UaiError("position needs 'startpos' or 'fen <fen>'")
    fen: str | None
    if args[0] == "startpos":
        fen, rest = None, list(args[1:])
    elif args[0] == "fen":
        end = args.index("moves") if "moves" in args else len(args)
        fen, rest = " ".join(args[1:end]), list(args[end:])
        if not fen:
            raise UaiError("position fen needs a FEN")
    else:
        raise UaiError(f"position needs 'startpos' or 'fen', not {quote(args[0])}")
    if rest and rest[0] != "moves":
        raise UaiError(f"unexpected {quote(rest[0])} in position: expected 'moves'")
    return fen, rest[1:]


def format_position(start: str, moves: Sequence[str]) -> str:
    """The ``position fen`` command for the position ``start`` then ``moves``.

    >>> format_position("x5o/7/7/7/7/7/o5x x 0 1", ["g2"])
    'position fen x5o/7/7/7/7/7/o5x x 0 1 moves g2'
    """
    return f"{POSITION} fen {start}" + (f" moves {' '.join(moves)}" if moves else "")


# -- setoption -----------------------------------------------------------------------------------


def parse_setoption(args: Sequence[str]) -> tuple[str, str]:
    """The option's name (as written) and value of the words after ``setoption``.

    >>> parse_setoption("name Level value casual".split())
    ('Level', 'casual')
    """
    if not args or args[0].lower() != "name":
        raise UaiError("setoption needs 'name <option> value <value>'")
    lowered = [arg.lower() for arg in args]
    if "value" not in lowered:
        raise UaiError("setoption needs 'value <value>' after the option name")
    split = lowered.index("value")
    return " ".join(args[1:split]), " ".join(args[split + 1 :])


# -- the engine's answers ------------------------------------------------------------------------


def format_id(field: str, value: str) -> str:
    """An ``id`` line: the engine's ``name`` or ``author``."""
    return f"{ID} {field} {value}"


def parse_id(line: str) -> tuple[str, str] | None:
    """The field (``name``, ``author``) and text of an ``id`` line, or ``None`` for another line.

    >>> parse_id("id name Deep  Blue 2"), parse_id("info string hi")
    (('name', 'Deep  Blue 2'), None)
    """
    words = line.split(None, 2)
    if len(words) < 3 or words[0] != ID or words[1] not in ("name", "author"):
        return None
    return words[1], words[2]


def format_option(
    name: str,
    kind: str,
    default: object,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    choices: Iterable[str] = (),
) -> str:
    """An ``option`` line: a ``spin`` with its bounds, a ``combo`` with its choices.

    >>> format_option("Hash", "spin", 16, minimum=1, maximum=1024)
    'option name Hash type spin default 16 min 1 max 1024'
    """
    words = [OPTION, "name", name, "type", kind, "default", str(default)]
    if minimum is not None:
        words += ["min", str(minimum)]
    if maximum is not None:
        words += ["max", str(maximum)]
    for choice in choices:
        words += ["var", choice]
    return " ".join(words)


class Score(NamedTuple):
    """An ``info`` line's score: ``cp`` (hundredths of a unit) or ``mate`` (moves of the winner, < 0 lost)."""

    kind: str
    value: int

    def __str__(self) -> str:
        return f"{self.kind} {self.value}"


@dataclasses.dataclass(frozen=True)
class InfoLine:
    """The search report of an ``info`` line; ``None`` where the line gives nothing."""

    depth: int | None = None
    score: Score | None = None
    nodes: int | None = None
    nps: int | None = None
    time: int | None = None
    """Milliseconds."""
    pv: tuple[str, ...] | None = None


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


def format_info(info: InfoLine) -> str:
    """The ``info`` line of ``info``: what it gives, in the usual order.

    >>> format_info(InfoLine(depth=5, score=Score("cp", -120), nodes=9000, nps=36000, time=250, pv=("g2",)))
    'info depth 5 score cp -120 nodes 9000 nps 36000 time 250 pv g2'
    """
    words = [INFO]
    for key in ("depth", "score", "nodes", "nps", "time"):
        value = getattr(info, key)
        if value is not None:
            words += [key, str(value)]
    if info.pv is not None:
        words += ["pv", " ".join(info.pv)]
    return " ".join(words)


def format_info_string(text: str) -> str:
    """An ``info string`` line: free text for whoever reads the engine's output."""
    return f"{INFO} string {text}"


def parse_info(tokens: Sequence[str]) -> InfoLine | None:
    """The search report of an ``info`` line's words, or ``None`` when a number or the score is malformed.

    Words it does not know (``currmove``, ``lowerbound``...) are skipped; ``string`` ends the report.

    >>> parse_info("info depth 5 score cp -120 nodes 9000 time 250 pv g2 a7b5".split())
    InfoLine(depth=5, score=Score(kind='cp', value=-120), nodes=9000, nps=None, time=250, pv=('g2', 'a7b5'))
    >>> parse_info("info depth ٣ score cp 5".split()) is None
    True
    """
    numbers: dict[str, int] = {}
    score: Score | None = None
    pv: tuple[str, ...] | None = None
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
                score = Score(kind, value)
                index += 3
            elif word == "pv":
                pv = tuple(tokens[index + 1 :])
                break
            elif word == "string":
                break
            else:
                index += 1
    except (IndexError, ValueError):
        return None
    return InfoLine(
        depth=numbers.get("depth"),
        score=score,
        nodes=numbers.get("nodes"),
        nps=numbers.get("nps"),
        time=numbers.get("time"),
        pv=pv,
    )


def _engine_int(text: str) -> int:
    """A number of an engine's line, in ASCII digits; ``ValueError`` for anything else (the line is ignored)."""
    number = ascii_int(text, signed=True)
    if number is None:
        raise ValueError(f"{text[:20]!r} is not a whole number")
    return number


def format_bestmove(move: str) -> str:
    """The ``bestmove`` line answering a ``go``."""
    return f"{BESTMOVE} {move}"


def parse_bestmove(line: str) -> tuple[str, list[str]] | None:
    """The move of a ``bestmove`` line and the words after it, or ``None`` when the line has no move.

    >>> parse_bestmove("bestmove g2 ponder a7b5"), parse_bestmove("bestmove")
    (('g2', ['ponder', 'a7b5']), None)
    """
    tokens = line.split()
    if len(tokens) < 2 or tokens[0] != BESTMOVE:
        return None
    return tokens[1], tokens[2:]
