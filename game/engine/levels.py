"""Level files: reading, writing and validating Ataxx levels.

A level is a small TOML file, one per level, e.g. ``levels/ataxx/04-diamond.toml``::

    name = "Diamond"
    description = "Eight destroyed squares in a ring around the centre."
    author = "Attax Arcade"
    fen = "x5o/3-3/2-1-2/1-3-1/2-1-2/3-3/o5x x 0 1"

Shipped levels live under ``levels/<game>/`` in the source tree; levels made in
the editor are written in the same format into the user's data folder. A file
that cannot be read or does not validate yields a ``LevelError`` naming the file
and the reason; loading a folder never stops at a bad file.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import re
import tomllib
import unicodedata
from pathlib import Path

from game.engine.ataxx import (
    FULL,
    AtaxxError,
    Board,
    Side,
    bits,
    spread,
    square_name,
)

__all__ = [
    "MAX_LEVEL_BYTES",
    "MAX_RECOMMENDED_BLOCKS",
    "LevelError",
    "LevelExistsError",
    "LevelInfo",
    "Problem",
    "Severity",
    "custom_level_path",
    "custom_levels",
    "custom_levels_dir",
    "delete_custom_level",
    "dump_level",
    "level_file_stem",
    "level_from_text",
    "load_level",
    "load_levels",
    "save_custom_level",
    "shipped_levels",
    "shipped_levels_dir",
    "validate_position",
]

MAX_LEVEL_BYTES = 64 * 1024
MAX_NAME_LENGTH = 60
MAX_DESCRIPTION_LENGTH = 400
MAX_RECOMMENDED_BLOCKS = 24
CORNERS = (0, 6, 42, 48)


class LevelError(ValueError):
    """A level file that cannot be used; the message names the file and the reason."""

    def __init__(self, message: str, path: Path | None = None) -> None:
        super().__init__(message)
        self.path = path
        """The file concerned, when there is one."""


class LevelExistsError(LevelError):
    """Saving would replace another custom level of the same file name."""


@dataclasses.dataclass(frozen=True)
class LevelInfo:
    """A level: its texts and its position (a FEN), and where it came from."""

    name: str
    description: str
    author: str
    fen: str
    path: Path | None = None
    number: int | None = None
    """The number at the front of the file name (``04-diamond.toml`` is 4), if any."""

    @property
    def board(self) -> Board:
        """A fresh board set to the level's position."""
        return Board(self.fen)


class Severity(enum.Enum):
    """How serious a validation problem is."""

    REFUSED = "refused"
    """The position cannot be played."""
    WARNING = "warning"
    """Playable, but against the usual guidelines; the player may go on."""


@dataclasses.dataclass(frozen=True)
class Problem:
    """One validation finding, with the squares it concerns (a bitboard, 0 if none)."""

    severity: Severity
    code: str
    message: str
    squares: int = 0


def _rotate_half_turn(bb: int) -> int:
    """The bitboard turned 180 degrees about the centre square d4."""
    return sum(1 << (48 - sq) for sq in bits(bb))


def validate_position(board: Board) -> list[Problem]:
    """The reasons ``board`` cannot be a level (REFUSED) or is unusual (WARNING); [] if fine.

    Refused: a side without pieces, no empty square, a position already over.
    Warned: more than 24 blocks, a block in a corner, empty squares no piece
    can ever reach, blocks not symmetric about the centre.
    """
    problems: list[Problem] = []
    red, blue = board.pieces
    empty = board.empty
    for side, pieces in ((Side.RED, red), (Side.BLUE, blue)):
        if not pieces:
            problems.append(
                Problem(Severity.REFUSED, f"no-{side.name.lower()}", f"{side.name.title()} has no pieces")
            )
    if not empty:
        problems.append(Problem(Severity.REFUSED, "no-empty", "there is no empty square to play on"))
    if red and blue and empty and board.outcome(repetition=False) is not None:
        problems.append(
            Problem(
                Severity.REFUSED,
                "over",
                "the game is already over: neither side can move",
                red | blue,
            )
        )
    block_count = board.blocks.bit_count()
    if block_count > MAX_RECOMMENDED_BLOCKS:
        problems.append(
            Problem(
                Severity.WARNING,
                "many-blocks",
                f"{block_count} blocks: more than {MAX_RECOMMENDED_BLOCKS} leaves little room to play",
                board.blocks,
            )
        )
    corner_blocks = board.blocks & sum(1 << sq for sq in CORNERS)
    if corner_blocks:
        names = ", ".join(square_name(sq) for sq in bits(corner_blocks))
        problems.append(
            Problem(Severity.WARNING, "corner-block", f"block in a corner: {names}", corner_blocks)
        )
    reach = red | blue
    while True:
        grown = reach | (spread(spread(reach)) & empty)
        if grown == reach:
            break
        reach = grown
    unreachable = empty & ~reach & FULL
    if unreachable and red | blue:
        names = ", ".join(square_name(sq) for sq in bits(unreachable))
        problems.append(
            Problem(Severity.WARNING, "unreachable", f"no piece can ever reach {names}", unreachable)
        )
    mirrored = _rotate_half_turn(board.blocks)
    if mirrored != board.blocks:
        problems.append(
            Problem(
                Severity.WARNING,
                "asymmetric",
                "the blocks are not symmetric about the centre",
                board.blocks ^ mirrored,
            )
        )
    return problems


def _number_from_name(path: Path) -> int | None:
    match = re.match(r"(\d{1,3})[-_ ]", path.name)
    return int(match.group(1)) if match else None


def _text_field(data: dict[str, object], key: str, where: str, *, required: bool, limit: int) -> str:
    value = data.get(key)
    if value is None:
        if required:
            raise LevelError(f"{where}: missing {key!r}")
        return ""
    if not isinstance(value, str):
        raise LevelError(f"{where}: {key!r} must be text, not {type(value).__name__}")
    value = value.strip()
    if required and not value:
        raise LevelError(f"{where}: {key!r} is empty")
    if len(value) > limit:
        raise LevelError(f"{where}: {key!r} is longer than {limit} characters")
    if any(ord(char) < 32 and char not in "\n\t" for char in value):
        raise LevelError(f"{where}: {key!r} contains control characters")
    return value


def level_from_text(text: str, where: str = "level", path: Path | None = None) -> LevelInfo:
    """Parse and validate a level file's text; ``where`` names it in error messages.

    Raises ``LevelError`` when the TOML is broken, a field is missing or of the
    wrong kind, the FEN is invalid, or the position is refused by
    ``validate_position`` (warnings are not errors).
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise LevelError(f"{where}: not a valid level file ({error})") from None
    game = data.get("game", "ataxx")
    if game != "ataxx":
        raise LevelError(f"{where}: a level for {game!r}, not Ataxx")
    name = _text_field(data, "name", where, required=True, limit=MAX_NAME_LENGTH)
    description = _text_field(data, "description", where, required=False, limit=MAX_DESCRIPTION_LENGTH)
    author = _text_field(data, "author", where, required=False, limit=MAX_NAME_LENGTH)
    fen = _text_field(data, "fen", where, required=True, limit=200)
    try:
        board = Board(fen)
    except AtaxxError as error:
        raise LevelError(f"{where}: bad position: {error}") from None
    refusals = [p.message for p in validate_position(board) if p.severity is Severity.REFUSED]
    if refusals:
        raise LevelError(f"{where}: unplayable position: {'; '.join(refusals)}")
    number = _number_from_name(path) if path is not None else None
    return LevelInfo(name, description, author, board.fen(), path, number)


def load_level(path: Path | str) -> LevelInfo:
    """Read and validate one level file; raises ``LevelError`` naming the file and the problem."""
    target = Path(path)
    where = target.name
    if target.exists() and not target.is_file():
        # A folder, a pipe or a device: opening it could fail or block forever.
        raise LevelError(f"{where}: not a regular file")
    try:
        with target.open("rb") as stream:
            data = stream.read(MAX_LEVEL_BYTES + 1)
    except OSError as error:
        raise LevelError(f"{where}: cannot be read ({error.strerror or error})") from None
    if len(data) > MAX_LEVEL_BYTES:
        raise LevelError(f"{where}: too large for a level file (over {MAX_LEVEL_BYTES // 1024} KB)")
    if not data.strip():
        raise LevelError(f"{where}: the file is empty")
    if b"\x00" in data:
        raise LevelError(f"{where}: binary data, not a level file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise LevelError(f"{where}: not UTF-8 text") from None
    return level_from_text(text, where, target)


def load_levels(folder: Path | str) -> list[LevelInfo | LevelError]:
    """Every ``*.toml`` level in ``folder``, in file-name order; bad files as ``LevelError`` items.

    A missing folder gives ``[]``.
    """
    directory = Path(folder)
    if not directory.is_dir():
        return []
    results: list[LevelInfo | LevelError] = []
    for path in sorted(directory.glob("*.toml")):
        try:
            results.append(load_level(path))
        except LevelError as error:
            if error.path is None:
                error.path = path
            results.append(error)
    return results


def shipped_levels_dir(game: str = "ataxx") -> Path:
    """The folder of the levels shipped with the game."""
    from game.paths import source_root

    return source_root() / "levels" / game


def shipped_levels(game: str = "ataxx") -> list[LevelInfo | LevelError]:
    """The shipped levels of ``game`` in order (see ``load_levels``)."""
    return load_levels(shipped_levels_dir(game))


def _toml_string(text: str) -> str:
    # JSON string escapes are valid TOML basic-string escapes; DEL must be escaped too.
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def dump_level(level: LevelInfo) -> str:
    """The TOML text of a level file (what ``level_from_text`` reads back)."""
    lines = [
        'game = "ataxx"',
        f"name = {_toml_string(level.name)}",
        f"description = {_toml_string(level.description)}",
        f"author = {_toml_string(level.author)}",
        f"fen = {_toml_string(level.fen)}",
    ]
    return "\n".join(lines) + "\n"


# -- custom levels: the editor's files in the user data folder --

_WINDOWS_RESERVED = {
    "con",
    "prn",
    "aux",
    "nul",
    *(f"com{i}" for i in range(1, 10)),
    *(f"lpt{i}" for i in range(1, 10)),
}


def custom_levels_dir(game: str = "ataxx", *, create: bool = True) -> Path:
    """The folder of the player's own levels: ``<user data>/levels/<game>``."""
    from game.paths import user_data_dir

    folder = user_data_dir(create=create) / "levels" / game
    if create:
        folder.mkdir(parents=True, exist_ok=True)
    return folder


def level_file_stem(name: str) -> str:
    """A safe file name (without ``.toml``) for a level called ``name``; ``LevelError`` if none is left.

    Keeps letters, digits, spaces, ``-``, ``_``, ``.`` and ``'``; drops path
    separators, control characters and leading dots; trims to 60 characters;
    avoids the names Windows reserves (as ``game.saves.sanitize_name`` does).
    """
    text = unicodedata.normalize("NFC", str(name))
    text = "".join(char for char in text if char.isalnum() or char in " -_.'")
    text = re.sub(r"\s+", " ", text).strip(" .")
    text = text[:MAX_NAME_LENGTH].rstrip(" .")
    if not text:
        raise LevelError(f"{name!r} is not a usable level name: use letters or digits")
    if text.lower().split(".")[0] in _WINDOWS_RESERVED:
        text = f"{text}_"
    return text


def custom_level_path(name: str, game: str = "ataxx") -> Path:
    """The file a custom level called ``name`` is saved in (always inside the custom folder)."""
    folder = custom_levels_dir(game).resolve()
    path = (folder / f"{level_file_stem(name)}.toml").resolve()
    if path.parent != folder:  # belt and braces: the stem has no separators
        raise LevelError(f"{name!r} would be saved outside the levels folder")
    return path


def save_custom_level(level: LevelInfo, *, replace: bool = False, game: str = "ataxx") -> Path:
    """Write ``level`` into the custom levels folder, atomically; returns the file written.

    The position must not be refused by ``validate_position`` (warnings are
    allowed) and the texts must fit the format's limits, or ``LevelError`` says
    why. ``LevelExistsError`` when another level already has the file name and
    ``replace`` is false. ``OSError`` when the folder cannot be written.
    """
    from game.paths import atomic_write_text

    path = custom_level_path(level.name, game)
    text = dump_level(
        dataclasses.replace(level, name=level.name.strip(), description=level.description.strip())
    )
    checked = level_from_text(text, path.name, path)  # what is saved must load back
    if path.exists() and not replace:
        raise LevelExistsError(f"a level called {checked.name!r} already exists ({path.name})")
    atomic_write_text(path, text)
    return path


def delete_custom_level(path: Path | str, game: str = "ataxx") -> None:
    """Remove a custom level file; refuses (``LevelError``) any file outside the custom folder."""
    target = Path(path)
    folder = custom_levels_dir(game).resolve()
    if target.resolve().parent != folder or target.suffix != ".toml":
        raise LevelError(f"{target.name}: not one of your levels")
    target.unlink(missing_ok=True)


def custom_levels(game: str = "ataxx") -> list[LevelInfo | LevelError]:
    """The player's own levels, by name; damaged files as ``LevelError`` items (see ``load_levels``)."""
    try:
        folder = custom_levels_dir(game, create=False)
        entries = load_levels(folder)
    except OSError as error:
        return [LevelError(f"levels folder unreadable: {error.strerror or error}")]
    good = sorted(
        (entry for entry in entries if isinstance(entry, LevelInfo)), key=lambda info: info.name.lower()
    )
    return [*good, *(entry for entry in entries if isinstance(entry, LevelError))]
