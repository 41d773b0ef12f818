"""Puzzle files for any game without dice: "{side} to play and win!" (seed 001's caption), read and checked.

A puzzle is a position from one of the computer's own games where the seat
to move wins by force within a few of its moves, and exactly one of its moves
does (``game.engine.proof`` proves it; ``tools/mine_puzzles.py`` finds them).
The shipped puzzles live under ``levels/<game>/puzzles/``, a few TOML files of
many puzzles each, read in file-name order::

    game = "ataxx"
    schema_version = 1

    [[puzzle]]
    id = "3f9a0c1d2e"
    position = "xxxxxxx/xxxxxxx/xxxxxxx/ooooooo/ooooooo/oooooxx/ooooox1 x 0 1"
    solution = ["g1"]
    moves = 1
    grade = 1
    tempting = 0
    source = "skilled against skilled on Classic, move 24"

``position`` is in the game's notation, with the puzzle's seat to move;
``solution`` is the main line in the game's move notation: the one winning
move, the defender's most stubborn reply, and so on to the win (the line may
end with the defender's last, forced move); ``moves`` is how many moves the
puzzle's seat plays in it (at most ``MAX_MOVES``). ``grade`` is the difficulty
from 1 to 5, by what a greedy player misses (``grade_of``); ``tempting`` is
the number of wrong moves it prefers to the winning one (``tempting_moves``).
``id`` names the puzzle in the player's statistics.

Puzzles are played under the game's default match rules (Ataxx: early finish
on), as the proofs are made.

Reading checks what is cheap to check: the file and each field, that the
position is the game's and not over, that the line is legal move after move
and ends the game won by the seat to move exactly at its last move, no
sooner. That exactly one move wins is the proof's business (the tests prove
every shipped puzzle again). A file that cannot be read is reported by name
with the reason; a bad puzzle in a good file is reported by its place and
skipped: the others stay playable.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from game import games
from game.engine.core import CHANCE
from game.engine.proof import Prover
from game.engine.rules import GameRules
from game.filedata import FileDataError, load_toml, reason_of, toml_string
from game.paths import display_name, read_text_limited, source_root

__all__ = [
    "GRADES",
    "MAX_MOVES",
    "MAX_PUZZLE_BYTES",
    "SCHEMA_VERSION",
    "HasMaterialGain",
    "Puzzle",
    "PuzzleError",
    "PuzzleProofError",
    "check_puzzle",
    "dump_puzzles",
    "grade_of",
    "grade_puzzle",
    "greedy_misses",
    "greedy_moves",
    "has_shipped_puzzles",
    "load_puzzle_file",
    "prove_puzzle",
    "puzzle_id",
    "puzzles_from_text",
    "shipped_puzzles",
    "shipped_puzzles_dir",
    "solved_by_greedy",
    "tempting_moves",
]

SCHEMA_VERSION = 1
"""The version of the puzzle format this module writes (and the newest it reads)."""
MAX_PUZZLE_BYTES = 1024 * 1024
"""Larger puzzle files are refused unread (a hundred puzzles take about 25 KB)."""
MAX_PUZZLES = 2000
"""More puzzles in one file are refused (a file of many thousands is no collection anyone ships)."""
MAX_MOVES = 3
"""The most moves a puzzle asks of its seat: beyond it a proof is too long to redo."""
GRADES = range(1, 6)
"""Difficulty grades: 1 (first steps) to 5 (hardest)."""
MAX_TEXT = 1000
_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")


class PuzzleError(ValueError):
    """A puzzle file, or a puzzle in it, that cannot be used; the message names the file (and the puzzle)."""

    def __init__(self, message: str, path: Path | None = None) -> None:
        super().__init__(message)
        self.path = path


@dataclasses.dataclass(frozen=True)
class Puzzle:
    """One puzzle, checked (see the module docstring)."""

    id: str
    game: str
    position: str
    """The start, in the game's notation as its rules write it."""
    solution: tuple[str, ...]
    """The main line, the puzzle's seat first, in the game's notation."""
    moves: int
    """The moves of the puzzle's seat in the line: "win in 2" is 2."""
    grade: int
    tempting: int
    seat: int
    """The seat to move, which wins."""
    source: str = ""
    number: int = 0
    """Its place in the game's collection, from 1 (set when the collection is read)."""

    @property
    def plies(self) -> int:
        """The horizon of the proof: the puzzle's seat plays at most ``moves`` moves, its opponent as many."""
        return 2 * self.moves


def puzzle_id(game: str, position: str) -> str:
    """A puzzle's id made from its game and position: the same puzzle mined again keeps its id."""
    return hashlib.sha1(f"{game} {position}".encode()).hexdigest()[:10]


def _field(data: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in data:
        raise ValueError(f"{where}: missing {key!r}")
    value = data[key]
    if kind is int and (not isinstance(value, int) or isinstance(value, bool)):
        raise ValueError(f"{where}: {key!r} must be a whole number, not {str(value)[:40]!r}")
    if kind is not int and not isinstance(value, kind):
        raise ValueError(f"{where}: {key!r} must be {kind.__name__}, not {type(value).__name__}")
    return value


def _text(value: str, key: str, where: str) -> str:
    if len(value) > MAX_TEXT:
        raise ValueError(f"{where}: {key!r} is longer than {MAX_TEXT} characters")
    if any(ord(char) < 32 for char in value):
        raise ValueError(f"{where}: {key!r} contains control characters")
    return value.strip()


def check_puzzle(data: Any, rules: GameRules[Any, Any], where: str) -> Puzzle:
    """One ``[[puzzle]]`` table checked (see the module docstring); ``ValueError`` saying what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(f"{where}: not a table of fields")
    ident = _text(_field(data, "id", str, where), "id", where)
    if not _ID.fullmatch(ident):
        raise ValueError(
            f"{where}: 'id' must be up to 40 small letters, digits and dashes, not {ident[:40]!r}"
        )
    where = f"{where} ({ident})"
    text = _text(_field(data, "position", str, where), "position", where)
    line = _field(data, "solution", list, where)
    moves = _field(data, "moves", int, where)
    grade = _field(data, "grade", int, where)
    tempting = _field(data, "tempting", int, where)
    source = data.get("source", "")
    if not isinstance(source, str):
        raise ValueError(f"{where}: 'source' must be text, not {type(source).__name__}")
    source = _text(source, "source", where)
    if not 1 <= moves <= MAX_MOVES:
        raise ValueError(f"{where}: 'moves' must be from 1 to {MAX_MOVES}, not {moves}")
    if grade not in GRADES:
        raise ValueError(f"{where}: 'grade' must be from {GRADES[0]} to {GRADES[-1]}, not {grade}")
    if not 0 <= tempting <= 999:
        raise ValueError(f"{where}: 'tempting' must be from 0 to 999, not {tempting}")
    if not line or len(line) > 2 * moves or (len(line) + 1) // 2 != moves:
        raise ValueError(
            f"{where}: a solution of {moves} move(s) has {2 * moves - 1} or {2 * moves} entries, not {len(line)}"
        )
    if not all(isinstance(entry, str) and len(entry) <= 100 for entry in line):
        raise ValueError(f"{where}: the solution must be moves as text")
    try:
        position = rules.new_position(text)
    except Exception as error:  # the game's own ValueError, or anything a hostile text provokes
        raise ValueError(f"{where}: bad position: {reason_of(error)}") from None
    prover = Prover(rules)
    if prover.end(position) is not None:
        raise ValueError(f"{where}: the game is already over in this position")
    seat = position.turn
    if seat == CHANCE:
        raise ValueError(f"{where}: the dice are to be rolled in this position")
    if len(position.legal_moves()) < 2:
        raise ValueError(f"{where}: there is only one move in this position")
    for index, entry in enumerate(line, start=1):
        if prover.end(position) is not None:
            raise ValueError(f"{where}: the game is over before move {index} of the solution")
        try:
            move = rules.parse_move(entry)
            position.push(move)
        except Exception as error:
            raise ValueError(
                f"{where}: move {index} of the solution ({entry[:20]}): {reason_of(error)}"
            ) from None
    outcome = prover.end(position)
    if outcome is None or outcome.winner is None or int(outcome.winner) != int(seat):
        raise ValueError(f"{where}: the solution does not end the game won by the seat to move")
    return Puzzle(
        id=ident,
        game=rules.key,
        position=rules.position_text(rules.new_position(text)),
        solution=tuple(line),
        moves=moves,
        grade=grade,
        tempting=tempting,
        seat=int(seat),
        source=source,
    )


def puzzles_from_text(
    text: str, rules: GameRules[Any, Any], where: str = "puzzles"
) -> tuple[list[Puzzle], list[PuzzleError]]:
    """The puzzles of a file's ``text`` for the game of ``rules``, and the bad ones as errors.

    ``PuzzleError`` (raised) when the file as a whole cannot be used: broken
    TOML, another game's, a newer format, no puzzle list.
    """
    try:
        data = load_toml(text)
    except FileDataError as error:
        raise PuzzleError(f"{where}: not a valid puzzle file ({error})") from None
    key = data.get("game")
    if key != rules.key:
        raise PuzzleError(f"{where}: puzzles for {str(key)[:40]!r}, not {rules.key!r}")
    version = data.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise PuzzleError(
            f"{where}: 'schema_version' must be a whole number from 1, not {str(version)[:40]!r}"
        )
    if version > SCHEMA_VERSION:
        raise PuzzleError(
            f"{where}: written by a newer version of Attax Arcade (puzzle format {version}; "
            f"this one reads up to {SCHEMA_VERSION})"
        )
    entries = data.get("puzzle")
    if not isinstance(entries, list):
        raise PuzzleError(f"{where}: no [[puzzle]] tables")
    if len(entries) > MAX_PUZZLES:
        raise PuzzleError(f"{where}: {len(entries)} puzzles, more than the {MAX_PUZZLES} a file may hold")
    puzzles: list[Puzzle] = []
    errors: list[PuzzleError] = []
    for index, entry in enumerate(entries, start=1):
        try:
            puzzles.append(check_puzzle(entry, rules, f"{where}, puzzle {index}"))
        except Exception as error:  # one bad puzzle never hides the others
            errors.append(PuzzleError(reason_of(error)))
    return puzzles, errors


def load_puzzle_file(path: Path | str, rules: GameRules[Any, Any]) -> tuple[list[Puzzle], list[PuzzleError]]:
    """The puzzles of one file, and its bad puzzles as errors; ``PuzzleError`` naming the file if it is unusable.

    A file read before and unchanged since (the same size and time) is not checked again.
    """
    target = Path(path)
    where = display_name(target)
    try:
        text = read_text_limited(target, MAX_PUZZLE_BYTES)
        stamp = target.stat()
        puzzles, errors = _checked(text, rules, where, (str(target), stamp.st_size, stamp.st_mtime_ns))
    except PuzzleError as error:
        error.path = target
        raise
    except Exception as error:  # too large, binary, not UTF-8, unreadable: the file is named with the reason
        message = reason_of(error)
        raise PuzzleError(message if message.startswith(where) else f"{where}: {message}", target) from None
    for bad in errors:
        bad.path = target
    return puzzles, errors


_READ: dict[tuple[str, tuple[str, int, int]], tuple[list[Puzzle], list[str]]] = {}
"""The files already read and checked, by game and (path, size, time), with their puzzles and problems."""


def _checked(
    text: str, rules: GameRules[Any, Any], where: str, stamp: tuple[str, int, int]
) -> tuple[list[Puzzle], list[PuzzleError]]:
    key = (rules.key, stamp)
    if key not in _READ:
        if len(_READ) >= 64:
            _READ.clear()
        puzzles, errors = puzzles_from_text(text, rules, where)
        _READ[key] = (puzzles, [str(error) for error in errors])
    puzzles, messages = _READ[key]
    return list(puzzles), [PuzzleError(message) for message in messages]


def shipped_puzzles_dir(key: str) -> Path:
    """The folder of the puzzles shipped for the game ``key``: ``levels/<key>/puzzles/``."""
    return source_root() / "levels" / games.game(key).key / "puzzles"


def has_shipped_puzzles(key: str) -> bool:
    """Whether the game ``key`` ships puzzle files (read or not: the menu offers them, the screen says what is wrong)."""
    try:
        return any(shipped_puzzles_dir(key).glob("*.toml"))
    except (OSError, LookupError):
        return False


def shipped_puzzles(
    rules: GameRules[Any, Any], folder: Path | None = None
) -> tuple[list[Puzzle], list[PuzzleError]]:
    """The game's collection, numbered from 1 in file-name order, and every problem met reading it.

    A puzzle whose id came earlier is skipped (and said). ``folder``
    replaces the shipped one (tests).
    """
    directory = folder if folder is not None else shipped_puzzles_dir(rules.key)
    puzzles: list[Puzzle] = []
    errors: list[PuzzleError] = []
    try:
        paths = sorted(directory.glob("*.toml")) if directory.is_dir() else []
    except OSError as error:
        return [], [
            PuzzleError(f"{display_name(directory)}: cannot be listed ({reason_of(error)})", directory)
        ]
    seen: set[str] = set()
    for path in paths:
        try:
            found, bad = load_puzzle_file(path, rules)
        except PuzzleError as error:
            errors.append(error)
            continue
        errors.extend(bad)
        for puzzle in found:
            if puzzle.id in seen:
                errors.append(PuzzleError(f"{display_name(path)}: puzzle {puzzle.id} comes twice", path))
                continue
            seen.add(puzzle.id)
            puzzles.append(dataclasses.replace(puzzle, number=len(puzzles) + 1))
    return puzzles, errors


@runtime_checkable
class HasMaterialGain(Protocol):
    """A game whose moves have a material gain at once: what its greedy player maximises."""

    def material_gain(self, position: Any, move: Any) -> int:
        """What ``move`` (legal in ``position``) wins at once, in the game's own units (higher is more)."""
        ...


def greedy_moves(rules: GameRules[Any, Any], position: Any) -> list[Any]:
    """The moves a greedy player chooses among: every move of the largest material gain (ties all count).

    Every legal move when the game gives no material gain: such a player has no preference.
    """
    moves = list(position.legal_moves())
    if not isinstance(rules, HasMaterialGain) or not moves:
        return moves
    gains = [rules.material_gain(position, move) for move in moves]
    best = max(gains)
    return [move for move, gain in zip(moves, gains, strict=True) if gain == best]


def solved_by_greedy(puzzle: Puzzle, rules: GameRules[Any, Any]) -> bool:
    """Whether the puzzle's winning move is one a greedy player might choose (one of ``greedy_moves``).

    A tie counts as found: a greedy player could choose it. So "not solved by
    greedy" means every move of the largest gain is wrong.
    """
    position = rules.new_position(puzzle.position)
    return rules.parse_move(puzzle.solution[0]) in greedy_moves(rules, position)


def tempting_moves(rules: GameRules[Any, Any], position: Any, key: Any) -> int:
    """The wrong moves a greedy player prefers to ``key``: those of a larger material gain (0 without one)."""
    if not isinstance(rules, HasMaterialGain):
        return 0
    gain = rules.material_gain(position, key)
    return sum(1 for move in position.legal_moves() if rules.material_gain(position, move) > gain)


def grade_of(moves: int, misses: int, tempting: int, *, greedy: bool) -> int:
    """The difficulty from 1 to 5, by what a greedy player does not find.

    1: the greedy player solves it (``solved_by_greedy``). Otherwise 1 for
    each move of the solution it misses (``greedy_misses``: the first at
    least), 1 more for a win in ``MAX_MOVES`` moves, 1 more when two wrong
    moves or more gain more than the winning one (``tempting_moves``), and
    another when four do; 5 at most.

    >>> grade_of(1, 1, 1, greedy=False), grade_of(2, 1, 3, greedy=False), grade_of(3, 2, 4, greedy=False)
    (2, 3, 5)
    """
    if greedy:
        return 1
    points = (
        misses + (1 if moves >= MAX_MOVES else 0) + (1 if tempting >= 2 else 0) + (1 if tempting >= 4 else 0)
    )
    return max(2, min(GRADES[-1], 1 + points))


def greedy_misses(puzzle: Puzzle, rules: GameRules[Any, Any], *, node_limit: int | None = None) -> int:
    """How many of the seat's moves in the solution a greedy player would not find.

    At the first move, found means the winning move is one of
    ``greedy_moves``; at a later one, that one of the greedy moves there
    still wins within the plies left (any winning move is accepted after the
    first). ``ProofBudgetError`` past ``node_limit`` positions for one move.
    """
    position = rules.new_position(puzzle.position)
    prover = Prover(rules, node_limit=node_limit)
    misses = 0
    for index, text in enumerate(puzzle.solution):
        move = rules.parse_move(text)
        if int(position.turn) == puzzle.seat:
            greedy = greedy_moves(rules, position)
            if index == 0:
                found = move in greedy
            else:
                found = any(
                    _wins_after(prover, position, choice, puzzle.seat, puzzle.plies - index)
                    for choice in greedy
                )
            misses += 0 if found else 1
        position.push(move)
    return misses


def grade_puzzle(puzzle: Puzzle, rules: GameRules[Any, Any], *, node_limit: int | None = None) -> Puzzle:
    """``puzzle`` with its ``tempting`` and ``grade`` as the greedy player sets them (``grade_of``)."""
    position = rules.new_position(puzzle.position)
    tempting = tempting_moves(rules, position, rules.parse_move(puzzle.solution[0]))
    misses = greedy_misses(puzzle, rules, node_limit=node_limit)
    grade = grade_of(puzzle.moves, misses, tempting, greedy=solved_by_greedy(puzzle, rules))
    return dataclasses.replace(puzzle, tempting=tempting, grade=grade)


def _wins_after(prover: Prover, position: Any, move: Any, seat: int, plies: int) -> bool:
    position.push(move)
    try:
        return prover.wins_within(position, seat, plies - 1)
    finally:
        position.pop()


class PuzzleProofError(ValueError):
    """A puzzle whose claim does not hold: another move wins too, or the winning move does not win in time."""


def prove_puzzle(puzzle: Puzzle, rules: GameRules[Any, Any], *, node_limit: int | None = None) -> int:
    """Prove ``puzzle`` again from scratch; the positions the proof visited.

    Proved: the first move of the solution wins by force within the
    puzzle's ``plies``, and not within two plies fewer (the puzzle is no
    shorter than it says); no other move wins within ``plies``, nor within
    two plies more (one move of the puzzle's seat). Raises
    ``PuzzleProofError`` saying which part fails, ``ProofBudgetError`` past
    ``node_limit`` positions.
    """
    position = rules.new_position(puzzle.position)
    prover = Prover(rules, node_limit=node_limit)
    key = rules.parse_move(puzzle.solution[0])
    if key not in position.legal_moves():
        raise PuzzleProofError(f"puzzle {puzzle.id}: {puzzle.solution[0]} is not a legal move")
    nodes = 0
    if puzzle.moves > 1:
        position.push(key)
        quicker = prover.wins_within(position, puzzle.seat, puzzle.plies - 3)
        nodes += prover.nodes
        position.pop()
        if quicker:
            raise PuzzleProofError(
                f"puzzle {puzzle.id}: {puzzle.solution[0]} wins within {puzzle.plies - 2} plies: "
                f"it is shorter than {puzzle.moves} moves"
            )
    winners = prover.winning_moves(position, puzzle.plies)
    nodes += prover.nodes
    if winners != [key]:
        texts = [rules.move_text(move) for move in winners]
        raise PuzzleProofError(
            f"puzzle {puzzle.id}: the moves that win within {puzzle.plies} plies are "
            f"{', '.join(texts) or 'none'}, not {puzzle.solution[0]} alone"
        )
    # A wrong first move that still wins, one move later, would be answered "not this one" for a win.
    later = prover.winning_moves(position, puzzle.plies + 2)
    nodes += prover.nodes
    if later != [key]:
        texts = [rules.move_text(move) for move in later if move != key]
        raise PuzzleProofError(
            f"puzzle {puzzle.id}: {', '.join(texts)} also win(s) by force within {puzzle.plies + 2} plies: "
            f"one move later than {puzzle.solution[0]}"
        )
    return nodes


def dump_puzzles(puzzles: list[Puzzle], rules: GameRules[Any, Any], *, header: str = "") -> str:
    """The TOML text of a puzzle file holding ``puzzles`` (what ``puzzles_from_text`` reads back)."""
    lines = [f"# {line}".rstrip() for line in header.splitlines()]
    lines += [f"game = {toml_string(rules.key)}", f"schema_version = {SCHEMA_VERSION}"]
    for puzzle in puzzles:
        solution = ", ".join(toml_string(move) for move in puzzle.solution)
        lines += [
            "",
            "[[puzzle]]",
            f"id = {toml_string(puzzle.id)}",
            f"position = {toml_string(puzzle.position)}",
            f"solution = [{solution}]",
            f"moves = {puzzle.moves}",
            f"grade = {puzzle.grade}",
            f"tempting = {puzzle.tempting}",
        ]
        if puzzle.source:
            lines.append(f"source = {toml_string(puzzle.source)}")
    return "\n".join(lines) + "\n"
