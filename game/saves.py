"""Saved games: the saves folder, the autosave, and turning a Match into PGN and back.

Each save is one PGN file in ``<user data>/saves/``; the autosave is
``<user data>/autosave.pgn``, rewritten after every move so "Continue" can
resume a game after a quit or a crash. Writes are atomic. Names typed by the
player are sanitised, so no name can reach outside the saves folder. Listing
never fails because of one bad file: a damaged or foreign file is listed with
the reason and the others are read as usual.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import re
import unicodedata
from pathlib import Path

from game.engine.ataxx import AtaxxError, Side
from game.engine.match import Match, MatchRules, Player, PlayerKind
from game.engine.pgn import MAX_PGN_BYTES, PgnError, PgnGame, parse_pgn, write_pgn
from game.paths import atomic_write_text, read_text_limited, user_data_dir

__all__ = [
    "AUTOSAVE_NAME",
    "MAX_NAME_LENGTH",
    "DamagedSave",
    "SaveEntry",
    "SaveError",
    "autosave_path",
    "delete_autosave",
    "delete_save",
    "list_saves",
    "load_autosave",
    "load_game",
    "match_from_pgn",
    "match_to_pgn",
    "sanitize_name",
    "save_game",
    "save_path",
    "saves_dir",
    "write_autosave",
]

AUTOSAVE_NAME = "autosave.pgn"
MAX_NAME_LENGTH = 60
_WINDOWS_RESERVED = {
    "con",
    "prn",
    "aux",
    "nul",
    *(f"com{i}" for i in range(1, 10)),
    *(f"lpt{i}" for i in range(1, 10)),
}


class SaveError(ValueError):
    """A save that cannot be written or read; the message names the file and the reason."""


@dataclasses.dataclass(frozen=True)
class SaveEntry:
    """A readable save, as the Load screen lists it."""

    name: str
    path: Path
    modified: float
    """Seconds since the epoch, from the file system."""
    level_name: str
    move_number: int
    """Plies played."""
    fen: str
    """The current position, for the thumbnail."""
    result: str
    red_player: str
    blue_player: str


@dataclasses.dataclass(frozen=True)
class DamagedSave:
    """A file in the saves folder that cannot be loaded, and why."""

    name: str
    path: Path
    reason: str


def saves_dir() -> Path:
    """The folder of named saves (created on first use)."""
    folder = user_data_dir() / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def autosave_path() -> Path:
    """Where the game in progress is autosaved."""
    return user_data_dir() / AUTOSAVE_NAME


def sanitize_name(name: str) -> str:
    """A safe file stem from a name the player typed; raises ``SaveError`` if nothing is left.

    Keeps letters, digits, spaces, ``-``, ``_``, ``.`` and ``'``; drops path
    separators, control characters and leading dots; trims to 60 characters;
    avoids names Windows reserves.
    """
    if not isinstance(name, str):
        raise SaveError("a save name must be text")
    text = unicodedata.normalize("NFC", name)
    text = "".join(char for char in text if char.isalnum() or char in " -_.'")
    text = re.sub(r"\s+", " ", text).strip(" .")
    text = text[:MAX_NAME_LENGTH].rstrip(" .")
    if not text:
        raise SaveError(f"{name!r} is not a usable name: use letters or digits")
    if text.lower().split(".")[0] in _WINDOWS_RESERVED:
        text = f"{text}_"
    return text


def save_path(name: str) -> Path:
    """The file a save called ``name`` lives in (inside the saves folder, always)."""
    folder = saves_dir().resolve()
    path = (folder / f"{sanitize_name(name)}.pgn").resolve()
    if path.parent != folder:  # belt and braces: sanitize_name already forbids separators
        raise SaveError(f"{name!r} would be saved outside the saves folder")
    return path


def _player_tag(player: Player) -> str:
    return "human" if player.is_human else f"computer:{player.level}"


def _player_from_tag(text: str, name: str) -> Player:
    if text.startswith("computer:") and len(text) > len("computer:"):
        return Player(PlayerKind.COMPUTER, text.split(":", 1)[1], name)
    return Player(PlayerKind.HUMAN, None, name)


def _display_name(player: Player) -> str:
    if player.name:
        return player.name
    return "Player" if player.is_human else f"Computer ({player.level})"


def match_to_pgn(match: Match, *, level_name: str = "", saved_at: _dt.datetime | None = None) -> str:
    """The PGN text of a match, with everything needed to resume it exactly."""
    red, blue = match.players
    rules = []
    if match.rules.early_finish:
        rules.append("early-finish")
    if match.rules.threefold_repetition:
        rules.append("threefold")
    tags = {
        "Event": "Attax Arcade game",
        "Black": _display_name(red),
        "White": _display_name(blue),
        "RedPlayer": _player_tag(red),
        "BluePlayer": _player_tag(blue),
        "Rules": " ".join(rules) or "none",
        "TimeSpent": f"{match.elapsed:.1f}",
        "SavedAt": (saved_at or _dt.datetime.now()).isoformat(timespec="seconds"),
    }
    for tag, player in (("RedName", red), ("BlueName", blue)):
        if player.name:
            tags[tag] = player.name
    if level_name:
        tags["Level"] = level_name
    result = match.result
    if result is not None:
        tags["Result"] = result.outcome.result()
        tags["Termination"] = result.outcome.termination.value
    game = PgnGame(tags=tags, start_fen=match.start_fen, moves=match.moves, redo=match.redo_moves)
    return write_pgn(game, date=(saved_at.date() if saved_at else None))


def match_from_pgn(game: PgnGame) -> Match:
    """A match rebuilt from a PGN game: players, rules, time, moves and the redo line.

    PGN from other software (without our tags) gives two human players and the
    default rules.
    """
    rules_text = game.tag("Rules")
    rules = (
        MatchRules(
            early_finish="early-finish" in rules_text.split(),
            threefold_repetition="threefold" in rules_text.split(),
        )
        if rules_text
        else MatchRules()
    )
    players = (
        _player_from_tag(game.tag("RedPlayer", "human"), game.tag("RedName")),
        _player_from_tag(game.tag("BluePlayer", "human"), game.tag("BlueName")),
    )
    try:
        elapsed = max(0.0, min(float(game.tag("TimeSpent", "0")), 10 * 365 * 86400.0))
    except ValueError:
        elapsed = 0.0
    if elapsed != elapsed:  # NaN
        elapsed = 0.0
    match = Match(game.start_fen, players, rules, elapsed=elapsed)
    try:
        for move in game.moves:
            match.play(move)
        for move in game.redo:  # replay the line taken back, then take it back again
            match.board.push(move)
        for _ in game.redo:
            match.undo()
    except AtaxxError as error:
        # A game can end earlier under our rules (early finish, repetition) than the file says.
        raise SaveError(f"the moves cannot be replayed under this game's rules: {error}") from None
    return match


def _read_game(path: Path) -> PgnGame:
    try:
        text = read_text_limited(path, MAX_PGN_BYTES)
    except OSError as error:
        raise SaveError(f"{path.name}: cannot be read ({error.strerror or error})") from None
    except ValueError as error:
        raise SaveError(str(error)) from None
    try:
        return parse_pgn(text)
    except PgnError as error:
        raise SaveError(f"{path.name}: {error}") from None


def load_game(path: Path | str) -> tuple[Match, PgnGame]:
    """Read a save (ours or another program's PGN); raises ``SaveError`` naming the file."""
    target = Path(path)
    game = _read_game(target)
    try:
        return match_from_pgn(game), game
    except SaveError as error:
        raise SaveError(f"{target.name}: {error}") from None


def save_game(name: str, match: Match, *, level_name: str = "") -> Path:
    """Save ``match`` as ``name`` (sanitised) in the saves folder, atomically; returns the file."""
    path = save_path(name)
    atomic_write_text(path, match_to_pgn(match, level_name=level_name))
    return path


def delete_save(name_or_path: str | Path) -> None:
    """Delete a save by name or by a path inside the saves folder; missing files are fine."""
    folder = saves_dir().resolve()
    path = Path(name_or_path) if isinstance(name_or_path, Path) else save_path(name_or_path)
    path = path.resolve()
    if path.parent != folder:
        raise SaveError(f"{path.name} is not in the saves folder")
    path.unlink(missing_ok=True)


def list_saves() -> list[SaveEntry | DamagedSave]:
    """Every ``*.pgn`` in the saves folder, newest first; damaged ones as ``DamagedSave``."""
    entries: list[SaveEntry | DamagedSave] = []
    for path in saves_dir().glob("*.pgn"):
        try:
            modified = path.stat().st_mtime
            if not path.is_file():
                raise SaveError(f"{path.name}: not a file")
            match, game = load_game(path)
        except (SaveError, OSError) as error:
            entries.append(DamagedSave(path.stem, path, str(error)))
            continue
        red, blue = match.players
        entries.append(
            SaveEntry(
                name=path.stem,
                path=path,
                modified=modified,
                level_name=game.tag("Level"),
                move_number=match.ply,
                fen=match.board.fen(),
                result=match.result.outcome.result() if match.result else "*",
                red_player=_display_name(red),
                blue_player=_display_name(blue),
            )
        )
    entries.sort(
        key=lambda entry: (-entry.modified if isinstance(entry, SaveEntry) else 0.0, entry.name.lower())
    )
    return entries


def write_autosave(match: Match, *, level_name: str = "") -> None:
    """Autosave the game in progress (atomically); a finished game removes the autosave."""
    if match.is_over:
        delete_autosave()
        return
    atomic_write_text(autosave_path(), match_to_pgn(match, level_name=level_name))


def load_autosave() -> tuple[Match, PgnGame] | None:
    """The autosaved game, or ``None`` when there is none; raises ``SaveError`` if it is damaged."""
    path = autosave_path()
    if not path.exists():
        return None
    return load_game(path)


def delete_autosave() -> None:
    """Forget the autosave (the game finished, or the player chose a new one)."""
    autosave_path().unlink(missing_ok=True)


def side_player_names(match: Match) -> dict[Side, str]:
    """Display names of both players, e.g. for the Load list."""
    return {Side.RED: _display_name(match.players[0]), Side.BLUE: _display_name(match.players[1])}
