"""Saved games of every game of the arcade: the saves folder, the autosaves, a Match as PGN and back.

Each named save is one PGN file in ``<user data>/saves/`` (all games share the
folder); each game has one autosave, ``<user data>/autosaves/<game>.pgn``,
rewritten after every move so "Continue" resumes it after a quit or a crash.
Writes are atomic. Names typed by the player go through
``game.paths.safe_file_stem``, so no name reaches outside the saves folder.
Listing never fails because of one bad file: a damaged or foreign file is
listed with the reason and the others are read as usual.

The format (schema 2) is ``game.engine.pgn``'s, with these tags of ours, which
other readers ignore (python-ataxx still reads an Ataxx save's moves):

- ``Game``: the registry key (``ataxx``), which chooses the rules that read the
  moves; ``SchemaVersion``: ``2``;
- ``Seat0Player``/``Seat1Player``: ``human`` or ``computer:<level key>`` (an engine the player added:
  ``computer:engine:<its key>``, its name in ``Seat<n>Name``; never its command line);
  ``Seat0Name``/``Seat1Name``: the players' names, when set. The standard name
  tags (``rules.pgn_name_tags``: Ataxx's ``Black`` and ``White``) are for other
  programs: the name, else ``Computer (<level key>)``, else ``?``; they are
  never read back;
- ``Level``: the board's level name; ``Rules``: the keys of the match options
  switched on, space-separated, or ``none``; ``TimeSpent``: seconds of play;
  ``SavedAt``; for games with chance, ``Seed`` and ``Draws``: the seed of the
  match's dice generator and how many numbers it has drawn, its whole state, so
  a resumed game goes on with the dice it would have had;
- ``Result``/``Termination`` once the match is over (the game's reason, or
  ``resignation`` when a seat gave the game up: then ``Result`` names the
  winner, and loading the save ends the match the same way); the position tag
  when the game did not start from the standard position; ``Redo``: the moves
  taken back.

The record replays as it is written: every rolled outcome is in the move text
(in the game's notation), and loading pushes those outcomes, never re-drawing
them, so a record is never refused because a re-draw would differ. No tag or
move is ever cut short (``game.engine.pgn``), except the texts only shown:
``Level`` and the players' names longer than ``MAX_TEXT_TAG`` letters are cut
when read (so a hand-made file cannot freeze the screens that show them).

Migration. Schema 1 (no ``SchemaVersion`` tag) was Ataxx only: a missing
``Game`` tag means ``ataxx``; ``RedPlayer``/``BluePlayer`` and
``RedName``/``BlueName`` are seat 0's and seat 1's; the ``Rules`` words
``early-finish`` and ``threefold`` are the options ``early_finish`` and
``threefold_repetition``; a person called "Red" or "Blue" (the names schema 1
gave two people sharing the machine) becomes unnamed, as the screens now name
such players by their seat. Schema 1 kept a single ``<user data>/autosave.pgn``:
``migrate_legacy_autosave`` moves it to its game's autosave. Schema 2 (before
``Draws``) re-drew every roll from ``Seed`` when loading: its generator's state
is the seed advanced by one draw per roll in the moves and the redo line, which
is what loading it gives. A game whose rules came to ask for an entry its
older records lack says so (``HasOlderRecords``): the PGN reader plays that
entry where it belongs, and the save loads. A ``SchemaVersion`` above 3 is refused ("written by a newer version"), never
guessed at. PGN from other programs (none of our tags) loads as two people
playing with the default options. A file cut short (its move text ends
without a result, which every writer puts there) loads with the moves it
holds, without its redo line or a resignation (both came after the end that is
lost); ``PgnGame.cut_short`` and ``SaveEntry.cut_short`` say so, for the
screens to tell the player. A resignation came without a new schema: the
tags were there before, and a version that does not know the value loads the
game as one still going on.
"""

from __future__ import annotations

import dataclasses
import datetime
import logging
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from game import games
from game.engine.core import CHANCE, MatchTermination, Trait
from game.engine.match import MAX_DRAWS, Match, Player, PlayerKind
from game.engine.pgn import (
    MAX_PGN_BYTES,
    PgnGame,
    parse_pgn,
    read_game_tag,
    read_tag,
    write_pgn,
)
from game.engine.rules import GameRules
from game.filedata import ascii_int, ascii_number, clean_text, reason_of
from game.paths import (
    atomic_write_text,
    display_name,
    is_set_aside,
    read_text_limited,
    safe_file_stem,
    set_aside,
    user_data_dir,
)

__all__ = [
    "LEGACY_AUTOSAVE_NAME",
    "SCHEMA_VERSION",
    "DamagedSave",
    "SaveEntry",
    "SaveError",
    "autosave_path",
    "delete_autosave",
    "delete_save",
    "has_autosave",
    "list_saves",
    "load_autosave",
    "load_game",
    "match_from_pgn",
    "match_to_pgn",
    "migrate_legacy_autosave",
    "save_game",
    "save_path",
    "saves_dir",
    "write_autosave",
]

log = logging.getLogger(__name__)

SCHEMA_VERSION = 3
"""The version of the save format this module writes (and the newest it reads)."""
LEGACY_AUTOSAVE_NAME = "autosave.pgn"
"""Schema 1's one autosave, in the user data folder itself (always a game of Ataxx)."""
DEFAULT_GAME = "ataxx"
"""The game of a file without a ``Game`` tag: schema 1 knew no other."""
MAX_TIME_SPENT = 10 * 365 * 86400.0
"""A ``TimeSpent`` above this is taken as this (a hand-edited file)."""
MAX_TEXT_TAG = 200
"""The longest ``Level`` or player name read from a save; a longer one is cut (``load_game``)."""
_TEXT_TAGS = frozenset({"level", "seat0name", "seat1name", "redname", "bluename"})
"""The tags (lowercased) only ever shown as text: cleaned and capped when read, never any other."""

# Schema 1's tags and words (Ataxx's only), and what they became.
_V1_PLAYER_TAGS = ("RedPlayer", "BluePlayer")
_V1_NAME_TAGS = ("RedName", "BlueName")
_V1_SEAT_NAMES = frozenset({"Red", "Blue"})
_V1_RULE_WORDS = {"early-finish": "early_finish", "threefold": "threefold_repetition"}


class SaveError(ValueError):
    """A save that cannot be written or read; the message names the file and the reason.

    ``damaged`` is false for a sound file this version cannot use (a newer
    format, a game it does not know or cannot play yet): it is never set aside.
    """

    def __init__(self, message: str, *, damaged: bool = True) -> None:
        super().__init__(message)
        self.damaged = damaged


@dataclasses.dataclass(frozen=True)
class SaveEntry:
    """A readable save, as the Load screen lists it."""

    name: str
    path: Path
    modified: float
    """Seconds since the epoch, from the file system."""
    game: str
    """The registry key of the game saved."""
    level_name: str
    plies: int
    """Entries of the history played (moves, passes, chance outcomes)."""
    position: str
    """The current position's text, for the thumbnail."""
    result: str
    """The PGN result: ``1-0``, ``0-1``, ``1/2-1/2``, or ``*`` while it goes on."""
    players: tuple[str, str]
    """Seat 0's and seat 1's display names: the stored name, else ``""`` for a
    person (the screens name them by their seat), else ``Computer (<level>)``."""
    moves: int
    """Full moves played, as the move list numbers them (``Match.full_moves``)."""
    move_number: int
    """The number of the move to play next (``Match.move_number``)."""
    cut_short: bool = False
    """The file ends without its result (``PgnGame.cut_short``): it loads with the moves it holds."""


@dataclasses.dataclass(frozen=True)
class DamagedSave:
    """A file in the saves folder that cannot be loaded, and why (the reason names the file).

    ``path`` is where the file is now: set aside under its damaged name, unless it is sound but not for
    this version (or could not be renamed)."""

    name: str
    path: Path
    reason: str


def saves_dir() -> Path:
    """The folder of named saves, for every game (created on first use)."""
    folder = user_data_dir() / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def save_path(name: str) -> Path:
    """The file a save called ``name`` lives in (inside the saves folder, always); ``SaveError`` for an unusable name.

    The one rule from a typed name to a file (``safe_file_stem``): the Save as
    dialog's "Replace?" check and the write both come here, and the file's
    stem, given again, names the same file. The ``SaveError``'s cause is
    ``safe_file_stem``'s error (``SetAsideNameError`` for a name kept for damaged files).
    """
    try:
        stem = safe_file_stem(name)
    except ValueError as error:
        raise SaveError(str(error)) from error
    folder = saves_dir().resolve()
    path = (folder / f"{stem}.pgn").resolve()
    if path.parent != folder:  # belt and braces: safe_file_stem already forbids separators
        raise SaveError(f"{name!r} would be saved outside the saves folder")
    return path


# -- a match as tags and back --


def _player_tag(player: Player) -> str:
    return "human" if player.is_human else f"computer:{player.level}"


def _player_from_tag(text: str, name: str, where: str) -> Player:
    kind, _, level = text.partition(":")
    if kind == "human" and not level:
        return Player(PlayerKind.HUMAN, None, name)
    if kind == "computer" and level:
        return Player(PlayerKind.COMPUTER, level, name)
    raise SaveError(f"bad {where} tag {text[:40]!r}: expected human or computer:<level>")


def _display_name(player: Player) -> str:
    if player.name:
        return player.name
    return "" if player.is_human else f"Computer ({player.level})"


def match_to_pgn(
    match: Match[Any, Any],
    *,
    level_name: str = "",
    saved_at: datetime.datetime | None = None,
    annotations: Sequence[str] = (),
    preface: str = "",
    extra_tags: Mapping[str, str] | None = None,
) -> str:
    """The PGN text (schema 2) of ``match``, with everything needed to resume it exactly.

    ``saved_at`` (default: now) gives the ``SavedAt`` and ``Date`` tags;
    ``annotations``, ``preface`` and ``extra_tags`` (an ``Annotator``) make an
    annotated game (``write_pgn``).
    """
    rules = match.rules
    saved_at = saved_at or datetime.datetime.now()
    tags: dict[str, str] = {"Event": "Attax Arcade game"}
    for name_tag, player in zip(rules.pgn_name_tags, match.players, strict=True):
        tags[name_tag] = _display_name(player) or "?"
    tags["Game"] = rules.key
    tags["SchemaVersion"] = str(SCHEMA_VERSION)
    for seat, player in enumerate(match.players):
        tags[f"Seat{seat}Player"] = _player_tag(player)
        if player.name:
            tags[f"Seat{seat}Name"] = player.name
    if level_name:
        tags["Level"] = level_name
    switched_on = [option.key for option in rules.options if match.options.get(option.key)]
    tags["Rules"] = " ".join(switched_on) or "none"
    tags["TimeSpent"] = f"{match.elapsed:.1f}"
    tags["SavedAt"] = saved_at.isoformat(timespec="seconds")
    if Trait.CHANCE in rules.traits:
        tags["Seed"] = str(match.seed)
        tags["Draws"] = str(match.draws)
    result = match.result
    if result is not None:
        tags["Result"] = result.outcome.result()
        tags["Termination"] = result.outcome.termination.value
    tags.update(extra_tags or {})
    pgn_game = PgnGame(tags=tags, start=match.start_text, moves=match.moves, redo=match.redo_moves)
    return write_pgn(pgn_game, rules, date=saved_at.date(), annotations=annotations, preface=preface)


def _schema_version(pgn_game: PgnGame) -> int:
    text = pgn_game.tag("SchemaVersion")
    if not text:
        return 1
    return _check_schema_text(text)


def _check_schema_text(text: str) -> int:
    version = ascii_int(text, max_digits=6)
    if version is None or version < 1:
        raise SaveError(f"bad SchemaVersion tag {text[:20]!r}")
    if version > SCHEMA_VERSION:
        raise SaveError(
            f"written by a newer version of Attax Arcade (save format {version}; this one reads up to {SCHEMA_VERSION})",
            damaged=False,
        )
    return version


def _players(pgn_game: PgnGame, version: int) -> tuple[Player, Player]:
    players = []
    for seat in (0, 1):
        player_tag, name_tag = f"Seat{seat}Player", f"Seat{seat}Name"
        if version == 1:
            player_tag, name_tag = _V1_PLAYER_TAGS[seat], _V1_NAME_TAGS[seat]
        player = _player_from_tag(pgn_game.tag(player_tag, "human"), pgn_game.tag(name_tag), player_tag)
        if version == 1 and player.is_human and player.name in _V1_SEAT_NAMES:
            player = dataclasses.replace(player, name="")
        players.append(player)
    return players[0], players[1]


def _options(pgn_game: PgnGame, rules: GameRules[Any, Any], version: int) -> dict[str, bool] | None:
    text = pgn_game.tag("Rules")
    if not text:
        return None  # not one of ours: the default options
    words = set(text.split())
    if version == 1:
        words = {_V1_RULE_WORDS.get(word, word) for word in words}
    return {option.key: option.key in words for option in rules.options}


def _time_spent(pgn_game: PgnGame) -> float:
    elapsed = ascii_number(pgn_game.tag("TimeSpent", "0"))
    return min(elapsed, MAX_TIME_SPENT) if elapsed is not None and elapsed > 0 else 0.0


def _seed(pgn_game: PgnGame) -> int | None:
    text = pgn_game.tag("Seed")
    if not text:
        return None
    seed = ascii_int(text, max_digits=40)
    if seed is None:
        raise SaveError(f"bad Seed tag {text[:20]!r}")
    return seed


def _draws(pgn_game: PgnGame, rules: GameRules[Any, Any], version: int) -> int:
    """How many numbers the dice generator had drawn when the game was saved (see the module docstring)."""
    text = pgn_game.tag("Draws")
    if not text:
        if version >= 3 or Trait.CHANCE not in rules.traits:
            return 0
        # Schema 2 re-drew each roll of the moves and of the redo line while loading.
        return _count_rolls(pgn_game, rules)
    draws = ascii_int(text, max_digits=7)
    if draws is None or draws > MAX_DRAWS:
        raise SaveError(f"bad Draws tag {text[:20]!r}: expected a count of draws up to {MAX_DRAWS}")
    return draws


def _count_rolls(pgn_game: PgnGame, rules: GameRules[Any, Any]) -> int:
    position = rules.new_position(pgn_game.start or None)
    rolls = 0
    for entry in [*pgn_game.moves, *pgn_game.redo]:
        rolls += position.turn == CHANCE
        position.push(entry)
    return rolls


def match_from_pgn(pgn_game: PgnGame, rules: GameRules[Any, Any]) -> Match[Any, Any]:
    """A match of ``rules`` rebuilt from ``pgn_game``: players, options, dice, time, moves and the redo line.

    Reads schema 3 and migrates schemas 1 and 2 (see the module docstring).
    PGN from other programs (without our tags) gives two people and the
    default options. The recorded moves and rolled outcomes are replayed as
    they are; the dice generator gets its saved state (``Seed`` and
    ``Draws``), so the game goes on with the dice it would have had. Raises
    ``SaveError`` when the file is of another game or of a newer schema, a
    tag of ours is malformed, or the moves cannot be replayed under the saved
    options (a match rule such as Ataxx's early finish may end a game sooner
    than the file says); the message does not name the file (``load_game``
    adds it).
    """
    version = _schema_version(pgn_game)
    key = pgn_game.tag("Game", DEFAULT_GAME).strip().lower()
    if key != rules.key:
        raise SaveError(f"a game of {key!r}, not of {rules.key!r}")
    match = Match(
        rules,
        pgn_game.start or None,
        _players(pgn_game, version),
        _options(pgn_game, rules, version),
        elapsed=_time_spent(pgn_game),
        seed=_seed(pgn_game),
        draws=_draws(pgn_game, rules, version),
    )
    match.pause()  # the time spent loading is no time of play
    try:
        for entry in pgn_game.moves:
            match.replay(entry)
        for entry in pgn_game.redo:  # replay the line taken back, then take it back again
            match.replay(entry)
        for _ in pgn_game.redo:
            match.undo()
    except (ValueError, IndexError) as error:
        raise SaveError(f"the moves cannot be replayed under this game's rules: {error}") from None
    # A file cut short lost its end: a resignation there came after the last move read.
    resigned = None if pgn_game.cut_short else _resigned_seat(pgn_game)
    if resigned is not None and not match.is_over:
        match.resign(resigned)
    match.resume()  # no effect on a finished game: its clock stays stopped
    return match


def _resigned_seat(pgn_game: PgnGame) -> int | None:
    """The seat that resigned, when the ``Termination`` tag says a seat resigned and ``Result`` names the winner.

    A resignation tag with a result that names no winner (a hand-edited file)
    is no resignation: the game loads as going on.
    """
    if pgn_game.tag("Termination").strip().lower() != MatchTermination.RESIGNATION.value:
        return None
    return {"1-0": 1, "0-1": 0}.get(pgn_game.tag("Result").strip())


# -- files --


def _read(path: Path) -> str:
    where = display_name(path)
    if path.exists() and not path.is_file():
        raise SaveError(f"{where}: not a file")  # a folder, a pipe or a device
    try:
        return read_text_limited(path, MAX_PGN_BYTES)
    except OSError as error:
        raise SaveError(f"{where}: cannot be read ({error.strerror or error})") from None
    except ValueError as error:
        raise SaveError(str(error)) from None


def _is_file(path: Path) -> bool:
    """Whether ``path`` is a regular file; ``False`` when that cannot even be asked (a file to leave alone)."""
    try:
        return path.is_file()
    except OSError:
        return False


def _rules_for(text: str, where: str) -> GameRules[Any, Any]:
    """The rules of the game ``text`` is a save of (its ``Game`` tag), refusing a newer schema first."""
    version = read_tag(text, "SchemaVersion")
    if version:
        try:
            _check_schema_text(version)
        except SaveError as error:
            raise SaveError(f"{where}: {error}", damaged=error.damaged) from None
    key = (read_game_tag(text) or DEFAULT_GAME).strip().lower()
    try:
        definition = games.game(key)
    except games.UnknownGameError:
        raise SaveError(
            f"{where}: a game of {key[:40]!r}, which this version does not know", damaged=False
        ) from None
    try:
        return definition.load_rules()
    except LookupError:
        raise SaveError(
            f"{where}: a game of {definition.name}, which cannot be played yet", damaged=False
        ) from None


def _check_levels(match: Match[Any, Any], where: str) -> None:
    """Refuse a save whose computer plays at a level the game's AI does not have (an engine the player
    added is named by its key, and looked up when the game goes on: it may have been removed since)."""
    computers = [player for player in match.players if not player.is_human and player.engine is None]
    if not computers:
        return
    definition = games.game(match.rules.key)
    try:
        ai = definition.load_ai()
    except LookupError:
        raise SaveError(f"{where}: {definition.name} has no computer opponent yet") from None
    for player in computers:
        try:
            ai.level(str(player.level))
        except ValueError as error:
            raise SaveError(f"{where}: the computer's level does not exist: {error}") from None


def load_game(path: Path | str) -> tuple[Match[Any, Any], PgnGame]:
    """Read a save (ours of any schema, or another program's PGN) and rebuild its match.

    The ``Game`` tag chooses the rules (through ``game.games``; missing means
    Ataxx). Raises ``SaveError`` naming the file when it cannot be read, is
    too large, not UTF-8, of an unknown game or a newer schema, not PGN the
    game's rules accept, or names a computer level the game's AI lacks.
    A file cut short (``PgnGame.cut_short``) loads with the moves it holds:
    the caller tells the player.
    The ``Level`` and name tags are cleaned and cut to ``MAX_TEXT_TAG``
    letters (``_clean_text_tags``); nothing else is ever cut.
    """
    target = Path(path)
    where = display_name(target)
    try:
        text = _read(target)
        rules = _rules_for(text, where)
        try:
            pgn_game = parse_pgn(text, rules)
            _clean_text_tags(pgn_game)
            match = match_from_pgn(pgn_game, rules)
        except SaveError as error:
            raise SaveError(f"{where}: {error}", damaged=error.damaged) from None
        _check_levels(match, where)
        if pgn_game.cut_short:
            log.warning("%s was cut short: %d entries read, the game goes on from there", where, match.ply)
    except SaveError:
        raise
    except Exception as error:  # PgnError, or anything a hostile file provokes: damage, never a crash
        log.debug("reading %s failed", where, exc_info=True)
        raise SaveError(f"{where}: {reason_of(error)}") from None
    return match, pgn_game


def _clean_text_tags(pgn_game: PgnGame) -> None:
    """Make the level name and the players' names of ``pgn_game`` fit to show (``game.filedata.clean_text``).

    Cut to ``MAX_TEXT_TAG`` letters, without control characters: a hand-made
    file's 300,000-letter level name is shown, and saved again, cut. The
    moves, the redo line, the position and every other tag are left as read.
    """
    for key, value in pgn_game.tags.items():
        if key.lower() in _TEXT_TAGS:
            pgn_game.tags[key] = clean_text(value, MAX_TEXT_TAG)


def save_game(name: str, match: Match[Any, Any], *, level_name: str = "") -> Path:
    """Save ``match`` as ``name`` (sanitised) in the saves folder, atomically, replacing a save of that name; returns the file."""
    path = save_path(name)
    atomic_write_text(path, match_to_pgn(match, level_name=level_name))
    return path


def delete_save(name_or_path: str | Path) -> None:
    """Delete a save by name or by a path inside the saves folder (``SaveError`` for any other); missing files are fine."""
    folder = saves_dir().resolve()
    path = Path(name_or_path) if isinstance(name_or_path, Path) else save_path(name_or_path)
    path = path.resolve()
    if path.parent != folder:
        raise SaveError(f"{path.name} is not in the saves folder")
    path.unlink(missing_ok=True)


def list_saves() -> list[SaveEntry | DamagedSave]:
    """Every ``*.pgn`` in the saves folder, of every game, newest first, then the damaged ones by name.

    Each file is loaded in full (``load_game``), so a file listed as a
    ``SaveEntry`` loads; one that does not is a ``DamagedSave`` with the
    reason. A damaged file is set aside as ``NAME.damaged-<time>.pgn`` (and
    the reason says so), so it is listed this once; files set aside before,
    and sound files of a newer version or another game, are left where they are.
    A file whose name is not UTF-8 (another system's) is listed under a name
    fit to show (``display_name``: each bad byte a U+FFFD), its path unchanged.
    """
    entries: list[SaveEntry | DamagedSave] = []
    for path in saves_dir().glob("*.pgn"):
        if is_set_aside(path):
            continue
        name = display_name(path.stem)
        try:
            modified = path.stat().st_mtime
            match, pgn_game = load_game(path)
        except (SaveError, OSError) as error:
            reason = (
                str(error) if isinstance(error, SaveError) else f"{display_name(path)}: {reason_of(error)}"
            )
            where = path
            if isinstance(error, SaveError) and error.damaged and _is_file(path):
                aside = set_aside(path)
                if aside is not None:
                    reason, where = f"{reason}; the file is kept as {display_name(aside)}", aside
            entries.append(DamagedSave(name, where, display_name(reason)))
            continue
        result = match.result
        entries.append(
            SaveEntry(
                name=name,
                path=path,
                modified=modified,
                game=match.rules.key,
                level_name=pgn_game.tag("Level"),
                plies=match.ply,
                position=match.rules.position_text(match.position),
                result=result.outcome.result() if result is not None else "*",
                players=(_display_name(match.players[0]), _display_name(match.players[1])),
                moves=match.full_moves,
                move_number=match.move_number,
                cut_short=pgn_game.cut_short,
            )
        )
    entries.sort(
        key=lambda entry: (-entry.modified if isinstance(entry, SaveEntry) else 0.0, entry.name.lower())
    )
    return entries


# -- autosaves: one per game --


def autosave_path(game: str) -> Path:
    """Where the game in progress of ``game`` (a registry key) is autosaved: ``<user data>/autosaves/<game>.pgn``.

    ``UnknownGameError`` (a ``ValueError``) for a key the registry does not know.
    """
    key = games.game(game).key
    return user_data_dir() / "autosaves" / f"{key}.pgn"


def migrate_legacy_autosave() -> str | None:
    """Move schema 1's ``<user data>/autosave.pgn`` to its game's autosave, if there is one to move.

    The file moves (an atomic rename) only when it loads and its game has no
    autosave yet; a damaged one is set aside as ``autosave.damaged-<time>.pgn``, like every damaged
    file, and the reason (naming where it is kept) is logged and returned; otherwise (a sound file
    this version cannot use, or its game has an autosave already) it stays where it is, untouched,
    and a warning is logged: it is never lost. Safe to call any number of times.
    """
    legacy = user_data_dir() / LEGACY_AUTOSAVE_NAME
    if not legacy.exists():
        return None
    try:
        match, _ = load_game(legacy)
    except SaveError as error:
        reason = str(error)
        if error.damaged and _is_file(legacy):
            aside = set_aside(legacy)
            if aside is not None:
                reason = f"{reason}; the file is kept as {display_name(aside)}"
            log.warning("the old autosave is damaged: %s", reason)
        else:
            log.warning("the old autosave stays where it is: %s", reason)
        return reason
    target = autosave_path(match.rules.key)
    if target.exists():
        log.warning("the old autosave %s stays where it is: %s already exists", legacy, target.name)
        return None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(legacy, target)
    except OSError as error:
        log.warning("the old autosave %s could not be moved: %s", legacy, error)
    return None


def has_autosave(game: str) -> bool:
    """Whether ``game`` has a game in progress to continue (after migrating schema 1's autosave)."""
    migrate_legacy_autosave()
    return autosave_path(game).is_file()


def write_autosave(match: Match[Any, Any], *, level_name: str = "") -> None:
    """Autosave the game in progress of ``match``'s game, atomically; a finished match removes the autosave."""
    if match.is_over:
        delete_autosave(match.rules.key)
        return
    atomic_write_text(autosave_path(match.rules.key), match_to_pgn(match, level_name=level_name))


def load_autosave(game: str) -> tuple[Match[Any, Any], PgnGame] | None:
    """The autosaved game of ``game``, or ``None`` when there is none; ``SaveError`` naming the file if it is damaged.

    Schema 1's autosave is migrated first (``migrate_legacy_autosave``).
    """
    migrate_legacy_autosave()
    path = autosave_path(game)
    if not path.exists():
        return None
    match, pgn_game = load_game(path)
    if match.rules.key != game:
        raise SaveError(f"{path.name}: a game of {match.rules.key!r}, not of {game!r}")
    return match, pgn_game


def delete_autosave(game: str) -> None:
    """Forget ``game``'s autosave (the game finished, or the player chose a new one)."""
    autosave_path(game).unlink(missing_ok=True)
