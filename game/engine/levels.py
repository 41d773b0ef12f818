"""Level files for any game of the arcade: reading, writing, the shipped and the custom levels.

A level is a small TOML file, one per level, e.g. ``levels/ataxx/04-diamond.toml``::

    game = "ataxx"
    schema_version = 2
    name = "Diamond"
    description = "Eight destroyed squares in a ring around the centre."
    author = "Attax Arcade"
    fen = "x5o/3-3/2-1-2/1-3-1/2-1-2/3-3/o5x x 0 1"

``game`` is the registry key; the position is stored under the game's
``rules.level_position_key`` (``fen`` for Ataxx) in the game's own notation,
and must not be one the game's ``validate_level`` refuses (warnings are fine).
Shipped levels live under ``levels/<game>/`` in the source tree; levels made
in an editor are written in the same format into
``<user data>/levels/<game>/``.

Versions. ``schema_version = 2`` is written by this version; a file without it
is version 1 (what the first version wrote: the same fields, no version, and
``game`` sometimes missing, meaning the game of the folder it is read for) and
loads as it is. A version above 2 is refused ("written by a newer version").

A file that cannot be read or does not validate yields a ``LevelError``
naming the file and the reason; loading a folder never stops at a bad file.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from game import games
from game.engine.rules import GameRules, Severity
from game.filedata import FileDataError, load_toml, reason_of, toml_string
from game.paths import (
    atomic_write_text,
    display_name,
    is_set_aside,
    safe_file_stem,
    set_aside,
    source_root,
    user_data_dir,
)

__all__ = [
    "CAMPAIGN_FOLDER",
    "MAX_DESCRIPTION_LENGTH",
    "MAX_LEVEL_BYTES",
    "MAX_NAME_LENGTH",
    "SCHEMA_VERSION",
    "LevelError",
    "LevelExistsError",
    "LevelInfo",
    "custom_level_path",
    "custom_levels",
    "custom_levels_dir",
    "delete_custom_level",
    "dump_level",
    "file_data",
    "file_id",
    "level_from_text",
    "level_position",
    "load_file",
    "load_folder",
    "load_level",
    "load_levels",
    "name_id",
    "number_from_name",
    "read_level_text",
    "save_custom_level",
    "schema_version_of",
    "shipped_ids",
    "shipped_levels",
    "shipped_levels_dir",
    "text_field",
]

SCHEMA_VERSION = 2
"""The version of the level format this module writes (and the newest it reads)."""
MAX_LEVEL_BYTES = 64 * 1024
MAX_NAME_LENGTH = 60
MAX_DESCRIPTION_LENGTH = 400
MAX_POSITION_LENGTH = 1000
"""Longer position texts are refused (an Ataxx FEN is under 80 characters)."""


class LevelError(ValueError):
    """A level file that cannot be used; the message names the file and the reason.

    ``damaged`` is false for a file that is sound but not for this version
    (a newer format, another game's level): such a file is never set aside.
    """

    def __init__(self, message: str, path: Path | None = None, *, damaged: bool = True) -> None:
        super().__init__(message)
        self.path = path
        """The file concerned, when there is one."""
        self.damaged = damaged


class LevelExistsError(LevelError):
    """Saving would replace another custom level of the same file name."""


@dataclasses.dataclass(frozen=True)
class LevelInfo:
    """A level: its texts, its position (in the game's notation), and where it came from.

    ``game`` is the registry key (``""`` for a level not read from a file yet:
    ``dump_level`` and ``save_custom_level`` take the rules' game).
    """

    name: str
    description: str
    author: str
    position: str
    path: Path | None = None
    number: int | None = None
    """The number at the front of the file name (``04-diamond.toml`` is 4), if any."""
    game: str = ""
    custom: bool = False
    """Made by the player (My levels): its name and description are shown as written, never translated."""


def number_from_name(path: Path) -> int | None:
    match = re.match(r"([0-9]{1,3})[-_ ]", path.name)
    return int(match.group(1)) if match else None


def text_field(data: dict[str, Any], key: str, where: str, *, required: bool, limit: int) -> str:
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


def schema_version_of(data: dict[str, Any], where: str) -> int:
    version = data.get("schema_version", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise LevelError(f"{where}: 'schema_version' must be a whole number from 1, not {version!r}")
    if version > SCHEMA_VERSION:
        raise LevelError(
            f"{where}: written by a newer version of Attax Arcade (level format {version}; "
            f"this one reads up to {SCHEMA_VERSION})",
            damaged=False,
        )
    return version


def _game_name(key: str) -> str:
    try:
        return games.game(key).name
    except games.UnknownGameError:
        return key


def level_position(text: str, rules: GameRules[Any, Any], where: str) -> Any:
    """The position of a level-format file (a level, a tutorial) from its ``text``: ``LevelError`` naming
    ``where`` when the game cannot read it or ``rules.validate_level`` refuses it (warnings are fine)."""
    try:
        position = rules.new_position(text)
        refusals = [p.message for p in rules.validate_level(position) if p.severity is Severity.REFUSED]
    except Exception as error:  # the game's own ValueError, or anything a hostile position provokes
        raise LevelError(f"{where}: bad position: {reason_of(error)}") from None
    if refusals:
        raise LevelError(f"{where}: unplayable position: {'; '.join(refusals)}")
    return position


Loaded = TypeVar("Loaded")


def file_data(
    text: str, rules: GameRules[Any, Any], where: str, what: str, *, game_optional: bool = False
) -> dict[str, Any]:
    """The table of a file of the level family (a level, a tutorial, a campaign battle: ``what``) for the game of
    ``rules``, its ``game`` and ``schema_version`` checked; ``where`` names it in messages.

    ``LevelError`` when the TOML is broken, ``game`` is not a game's name or
    (not damage: the file is sound) another game's, or the version is newer.
    ``game_optional``: a file without ``game`` is the game's (levels of old).
    """
    try:
        data = load_toml(text)
    except FileDataError as error:
        raise LevelError(f"{where}: not a valid {what} file ({error})") from None
    key = data.get("game", rules.key if game_optional else None)
    if key is not None and not isinstance(key, str):
        # Not another game's file (every game key is a string): a damaged one.
        raise LevelError(f"{where}: 'game' must be a game's name, not {str(key)[:40]!r}")
    if key != rules.key:
        raise LevelError(
            f"{where}: a {what} for {str(key)[:40]!r}, not {_game_name(rules.key)}", damaged=False
        )
    schema_version_of(data, where)
    return data


def file_id(path: Path) -> str:
    """What the statistics know a file by (a tutorial, a campaign battle): its name without ``.toml``, in lower
    case."""
    return path.stem.lower()[:40]


CAMPAIGN_FOLDER = "campaign"
"""The folder of a game's shipped levels that holds its campaign's battles, in order."""


def shipped_ids(key: str, folder: str) -> list[str]:
    """The ids (``file_id``) of the files shipped in ``levels/<key>/<folder>/`` (read or not), in file-name
    order; none for a game without that folder."""
    try:
        return [file_id(path) for path in sorted((shipped_levels_dir(key) / folder).glob("*.toml"))]
    except (OSError, LookupError):
        return []


def name_id(name: str, fallback: str) -> str:
    """An id made of ``name`` for an item read from no file: its words in lower case, dashed (``fallback`` if it
    has none)."""
    return "-".join("".join(c if c.isalnum() else " " for c in name.lower()).split())[:40] or fallback


def load_file(path: Path | str, what: str, parse: Callable[[str, str, Path], Loaded]) -> Loaded:
    """Read the file ``path`` of the level family (``what``: "level file", "tutorial file"...) with
    ``read_level_text``'s guards and ``parse(text, where, path)`` it; ``LevelError`` naming the file and the
    problem, whatever went wrong."""
    target = Path(path)
    where = display_name(target)
    text = read_level_text(target, what)
    try:
        return parse(text, where, target)
    except LevelError as error:
        error.path = target
        raise
    except Exception as error:  # whatever else goes wrong reading it is damage too, never a crash
        raise LevelError(f"{where}: cannot be read ({reason_of(error)})", target) from None


def level_from_text(
    text: str, rules: GameRules[Any, Any], where: str = "level", path: Path | None = None
) -> LevelInfo:
    """Parse and validate a level file's text for the game of ``rules``; ``where`` names it in error messages.

    Raises ``LevelError`` when the TOML is broken, the level is of another
    game or a newer version, a field is missing or of the wrong kind, the
    position is not one of the game's, or ``rules.validate_level`` refuses it.
    The returned position is written as ``rules.position_text`` writes it.
    """
    data = file_data(text, rules, where, "level", game_optional=True)
    name = text_field(data, "name", where, required=True, limit=MAX_NAME_LENGTH)
    description = text_field(data, "description", where, required=False, limit=MAX_DESCRIPTION_LENGTH)
    author = text_field(data, "author", where, required=False, limit=MAX_NAME_LENGTH)
    text_position = text_field(
        data, rules.level_position_key, where, required=True, limit=MAX_POSITION_LENGTH
    )
    position = level_position(text_position, rules, where)
    number = number_from_name(path) if path is not None else None
    return LevelInfo(name, description, author, rules.position_text(position), path, number, rules.key)


def read_level_text(target: Path, what: str = "level file") -> str:
    """The text of the level-format file ``target`` (a level, a tutorial): ``LevelError`` naming it when it
    is not a regular file, cannot be read, is over ``MAX_LEVEL_BYTES``, empty, binary or not UTF-8."""
    where = display_name(target)
    if target.exists() and not target.is_file():
        # A folder, a pipe or a device: opening it could fail or block forever.
        raise LevelError(f"{where}: not a regular file", target)
    try:
        with target.open("rb") as stream:
            data = stream.read(MAX_LEVEL_BYTES + 1)
    except OSError as error:
        raise LevelError(f"{where}: cannot be read ({error.strerror or error})", target) from None
    if len(data) > MAX_LEVEL_BYTES:
        raise LevelError(f"{where}: too large for a {what} (over {MAX_LEVEL_BYTES // 1024} KB)", target)
    if not data.strip():
        raise LevelError(f"{where}: the file is empty", target)
    if b"\x00" in data:
        raise LevelError(f"{where}: binary data, not a {what}", target)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise LevelError(f"{where}: not UTF-8 text", target) from None


def load_level(path: Path | str, rules: GameRules[Any, Any]) -> LevelInfo:
    """Read and validate one level file of the game of ``rules``; raises ``LevelError`` naming the file and the problem."""
    return load_file(
        path, "level file", lambda text, where, target: level_from_text(text, rules, where, target)
    )


def load_levels(
    folder: Path | str, rules: GameRules[Any, Any], *, set_damaged_aside: bool = False
) -> list[LevelInfo | LevelError]:
    """Every ``*.toml`` level in ``folder``, in file-name order; bad files as ``LevelError`` items (with ``path``).

    Files already set aside as damaged are skipped. With ``set_damaged_aside``
    (the player's own folder, never the source tree), a damaged file is
    renamed ``NAME.damaged-<time>.toml`` and its error says so. A missing
    folder gives ``[]``.
    """
    return load_folder(folder, lambda path: load_level(path, rules), set_damaged_aside=set_damaged_aside)


def load_folder(
    folder: Path | str, load: Callable[[Path], Loaded], *, set_damaged_aside: bool = False
) -> list[Loaded | LevelError]:
    """``load(path)`` of every ``*.toml`` file in ``folder`` (levels, tutorials), in file-name order, as
    ``load_levels`` reads levels: a file ``load`` refuses with a ``LevelError`` is that error in the list,
    set aside if told, and the others are read all the same."""
    directory = Path(folder)
    if not directory.is_dir():
        return []
    results: list[Loaded | LevelError] = []
    for path in sorted(directory.glob("*.toml")):
        if is_set_aside(path):
            continue
        try:
            results.append(load(path))
        except LevelError as error:
            if set_damaged_aside and error.damaged and path.is_file():
                aside = set_aside(path)
                if aside is not None:
                    error = LevelError(f"{error}; the file is kept as {display_name(aside)}", aside)
            results.append(error)
    return results


def _folder_key(key: str) -> str:
    """``key`` checked against the registry, so it is safe as a folder name (``UnknownGameError`` otherwise)."""
    return games.game(key).key


def shipped_levels_dir(key: str) -> Path:
    """The folder of the levels shipped for the game ``key``: ``levels/<key>/`` in the source tree."""
    return source_root() / "levels" / _folder_key(key)


def shipped_levels(rules: GameRules[Any, Any]) -> list[LevelInfo | LevelError]:
    """The shipped levels of the game of ``rules``, in file-name order (see ``load_levels``)."""
    return load_levels(shipped_levels_dir(rules.key), rules)


def dump_level(level: LevelInfo, rules: GameRules[Any, Any]) -> str:
    """The TOML text of a level file of the game of ``rules`` (what ``level_from_text`` reads back).

    ``LevelError`` if ``level.game`` names another game.
    """
    if level.game and level.game != rules.key:
        raise LevelError(f"{level.name!r} is a level for {level.game!r}, not {_game_name(rules.key)}")
    lines = [
        f"game = {toml_string(rules.key)}",
        f"schema_version = {SCHEMA_VERSION}",
        f"name = {toml_string(level.name)}",
        f"description = {toml_string(level.description)}",
        f"author = {toml_string(level.author)}",
        f"{rules.level_position_key} = {toml_string(level.position)}",
    ]
    return "\n".join(lines) + "\n"


# -- custom levels: the editors' files in the user data folder --


def custom_levels_dir(key: str, *, create: bool = True) -> Path:
    """The folder of the player's own levels of the game ``key``: ``<user data>/levels/<key>``."""
    folder = user_data_dir(create=create) / "levels" / _folder_key(key)
    if create:
        folder.mkdir(parents=True, exist_ok=True)
    return folder


def custom_level_path(name: str, key: str) -> Path:
    """The file a custom level of ``key`` called ``name`` is saved in (always inside the custom folder).

    ``LevelError`` for a name with nothing usable in it (see ``game.paths.safe_file_stem``).
    """
    try:
        stem = safe_file_stem(name)
    except ValueError as error:
        raise LevelError(str(error)) from None
    folder = custom_levels_dir(key).resolve()
    path = (folder / f"{stem}.toml").resolve()
    if path.parent != folder:  # belt and braces: the stem has no separators
        raise LevelError(f"{name!r} would be saved outside the levels folder")
    return path


def save_custom_level(level: LevelInfo, rules: GameRules[Any, Any], *, replace: bool = False) -> Path:
    """Write ``level`` into the custom levels folder of the game of ``rules``, atomically; returns the file written.

    The position must not be refused by ``rules.validate_level`` (warnings are
    allowed) and the texts must fit the format's limits, or ``LevelError``
    says why. ``LevelExistsError`` when another level already has the file
    name and ``replace`` is false. ``OSError`` when the folder cannot be written.
    """
    path = custom_level_path(level.name, rules.key)
    text = dump_level(
        dataclasses.replace(level, name=level.name.strip(), description=level.description.strip()), rules
    )
    checked = level_from_text(text, rules, path.name, path)  # what is saved must load back
    if path.exists() and not replace:
        raise LevelExistsError(f"a level called {checked.name!r} already exists ({path.name})", path)
    atomic_write_text(path, text)
    return path


def delete_custom_level(path: Path | str, key: str) -> None:
    """Remove a custom level file of the game ``key``; refuses (``LevelError``) any file outside its custom folder."""
    target = Path(path)
    folder = custom_levels_dir(key).resolve()
    if target.resolve().parent != folder or target.suffix != ".toml":
        raise LevelError(f"{target.name}: not one of your levels", target)
    target.unlink(missing_ok=True)


def custom_levels(rules: GameRules[Any, Any]) -> list[LevelInfo | LevelError]:
    """The player's own levels of the game of ``rules``, by name; damaged files after them as ``LevelError`` items."""
    try:
        folder = custom_levels_dir(rules.key, create=False)
        entries = load_levels(folder, rules, set_damaged_aside=True)
    except OSError as error:
        return [LevelError(f"levels folder unreadable: {error.strerror or error}")]
    good = sorted(
        (dataclasses.replace(entry, custom=True) for entry in entries if isinstance(entry, LevelInfo)),
        key=lambda info: info.name.lower(),
    )
    return [*good, *(entry for entry in entries if isinstance(entry, LevelError))]
