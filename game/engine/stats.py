"""Win/loss statistics by game (seed 001): every finished game, and the figures drawn from them.

The records of finished games are kept in ``<user data>/statistics.json``,
the newest ``MAX_RECORDS`` of each game; the figures — wins, draws and losses
by opponent, board level and difficulty, streaks, the longest and shortest
games — are computed from the records, so they can never disagree. One
``Statistics`` object holds one game's records; the other games' records in
the file are kept untouched and written back with it.

The file (schema 5)::

    {"schema_version": 5,
     "games": {"ataxx": {"records": [{"finished_at": "2026-11-22T12:00:00",
                                      "opponent": "computer", "difficulty": "master",
                                      "level_name": "Classic", "seat": 0, "result": "win",
                                      "plies": 40, "moves": 20, "seconds": 60.0,
                                      "scores": [30, 19], "resigned": 1}],
                         "puzzles": {"solved": {"3f9a0c1d2e": {"tries": 1, "helped": false}},
                                     "streak": 1, "best_streak": 4},
                         "tutorials": {"finished": ["01-first-moves"],
                                       "reached": {"02-the-end": 5}},
                         "campaign": {"stars": {"01-the-ford": 3}}}}}

``plies`` counts every entry of the game's history; ``moves`` is its length in
full moves, as the screens say it (``game.engine.match.move_numbers``). A
record written before ``moves`` was kept has its moves worked out from its
plies, as if seat 0 had moved first: right for every game recorded then
(their seats alternate), though one short when seat 1 began and the plies are even.
``resigned`` is the seat that gave the game up (``Match.resign``), ``null``
when the game ended by its rules.

``puzzles`` (``PuzzleProgress``) is the game's puzzles solved, by puzzle id,
each with its fewest tries (1: solved at the first try) and whether a hint or
the solution helped; and the streak of puzzles solved at the first try
without help, the current one and the best. A puzzle counts for the streak
the first time it is solved; one already solved may be played again freely.

``tutorials`` (``TutorialProgress``) is the game's tutorials ("Learn to
play") finished, by tutorial id (the file's name without ``.toml``), and the
step each one left half way was left at, so it resumes there.

``campaign`` (``CampaignProgress``), for a game with a campaign, is the
battles won, by battle id (the file's name without ``.toml``), each with the
most stars it earned (1 to 3); a battle won opens the next.

Migration. Schema 4 (before tutorials) is read as it is, no tutorial
finished (and schema 5 before the campaign, no battle won: the part is new,
the schema is not). Schema 3 (before puzzles) and schema 2 (before resignations) are
read as they are: no puzzle solved, each schema 2 record with no resignation
(``resigned`` null); the next ``save`` writes schema 5. Schema 1 (``{"version": 1, "records": [...]}``, Ataxx only) is read
as the records of ``ataxx``: a record's ``side`` (``red``/``blue``) becomes its
``seat`` (0/1) and ``red_count``/``blue_count`` its ``scores``; the next
``save`` writes schema 5. A file of a newer schema is read (what this version
understands of it) but never written over: ``load_message`` says so.

A damaged file is moved aside (``statistics.damaged-<time>.json``) with a
message, and counting starts afresh: nothing else is lost, and the damaged
file is kept for the curious. Bad records inside a good file are skipped one by
one, and so are bad entries of the puzzles solved, the tutorials and the campaign. The texts of a record (its level name, difficulty and time) are cleaned
as they are read: control characters dropped, a lone surrogate (a JSON
``\\ud800``) made U+FFFD, too long a text cut.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import logging
import math
from collections import Counter
from pathlib import Path
from typing import Any

from game import games
from game.engine.match import Match
from game.engine.progress import CampaignProgress, PuzzleProgress, SolvedPuzzle, TutorialProgress
from game.filedata import clean_text, load_json, reason_of
from game.paths import atomic_write_text, keep_copy, read_text_limited, set_aside, user_data_dir

__all__ = [
    "MAX_RECORDS",
    "MAX_STATS_BYTES",
    "SCHEMA_VERSION",
    "STATS_FILE",
    "CampaignProgress",
    "GameRecord",
    "PuzzleProgress",
    "SolvedPuzzle",
    "Statistics",
    "Tally",
    "TutorialProgress",
    "record_for",
]

log = logging.getLogger(__name__)

SCHEMA_VERSION = 5
"""The version of the statistics file this module writes (4 had no tutorials, 3 no puzzles, 2 no resignations;
all are read)."""
STATS_FILE = "statistics.json"
MAX_RECORDS = 5000
"""The records kept per game (the oldest go first)."""

MAX_STATS_BYTES = 16 * 1024 * 1024
"""Larger files are set aside unread (every game's ``MAX_RECORDS`` take about a quarter of it)."""
RESULTS = ("win", "draw", "loss")
OPPONENTS = ("computer", "human")
_V1_GAME = "ataxx"
"""The game of every schema 1 record: schema 1 knew no other."""
_V1_SIDES = {"red": 0, "blue": 1}
"""Schema 1's ``side`` values (Ataxx's colours) and the seats they are."""


def _number(value: object, name: str) -> int | float:
    """``value`` if it is a number as JSON writes one; a string ("12", "١٢") or a boolean is no number."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{name} must be a number, not {str(value)[:20]!r}")
    return value


def _whole(value: object, name: str) -> int:
    """``value`` if it is a whole number as JSON writes one (see ``_number``)."""
    number = _number(value, name)
    if not isinstance(number, int):
        raise ValueError(f"{name} must be a whole number, not {number!r}")
    return number


@dataclasses.dataclass(frozen=True)
class GameRecord:
    """One finished game, from the point of view of the person at the machine.

    Against the computer ``seat`` is the person's seat and ``result`` is
    ``win``/``draw``/``loss`` for them; between two people ``seat`` is 0 and
    the result is seat 0's. ``scores`` are the final scores of seat 0 and seat 1.
    """

    finished_at: str
    opponent: str
    """``computer`` or ``human``."""
    difficulty: str
    """The computer's level key; ``""`` between two people."""
    level_name: str
    """The board's level name."""
    seat: int
    result: str
    plies: int
    seconds: float
    scores: tuple[int, int]
    moves: int | None = None
    """Full moves played (what the screens say); ``None`` in a record written before it was kept."""
    resigned: int | None = None
    """The seat that gave the game up (``Match.resign``); ``None`` when the rules ended it (and in schema 2)."""

    @property
    def resigned_by_person(self) -> bool | None:
        """Whether the person at ``seat`` resigned (``True``), their opponent (``False``), or nobody (``None``).

        Between two people, ``seat`` is seat 0: ``True`` when seat 0 resigned.
        """
        return None if self.resigned is None else self.resigned == self.seat

    @property
    def full_moves(self) -> int:
        """The game's length in full moves: ``moves``, or for an old record its plies paired up."""
        return self.moves if self.moves is not None else (self.plies + 1) // 2

    def to_json(self) -> dict[str, Any]:
        """The record as the file holds it."""
        data = dataclasses.asdict(self)
        data["scores"] = list(self.scores)
        if self.moves is None:
            del data["moves"]
        return data

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Rebuild a record (schema 2 or 3); raises ``ValueError`` if ``data`` is not one."""
        if not isinstance(data, dict):
            raise ValueError("a record must be an object")
        try:
            scores = data.get("scores", [0, 0])
            if not isinstance(scores, list) or len(scores) != 2:
                raise ValueError("scores must be two numbers")
            seat = data.get("seat", 0)
            if seat not in (0, 1) or isinstance(seat, bool):
                raise ValueError(f"seat must be 0 or 1, not {seat!r}")
            resigned = data.get("resigned")
            if resigned is not None and (resigned not in (0, 1) or isinstance(resigned, bool)):
                raise ValueError(f"resigned must be a seat (0 or 1) or null, not {resigned!r}")
            moves = data.get("moves")
            record = cls(
                finished_at=clean_text(str(data["finished_at"]), 40),
                opponent=str(data["opponent"]),
                difficulty=clean_text(str(data.get("difficulty", "")), 40),
                level_name=clean_text(str(data.get("level_name", "")), 80),
                seat=int(seat),
                result=str(data["result"]),
                plies=_whole(data["plies"], "plies"),
                seconds=float(_number(data["seconds"], "seconds")),
                scores=(_whole(scores[0], "scores"), _whole(scores[1], "scores")),
                moves=None if moves is None else _whole(moves, "moves"),
                resigned=None if resigned is None else int(resigned),
            )
        except (KeyError, TypeError, ValueError, OverflowError) as error:
            raise ValueError(f"bad record: {error}") from None
        if record.opponent not in OPPONENTS or record.result not in RESULTS:
            raise ValueError("bad record: unknown opponent or result")
        if (
            record.plies < 0
            or (record.moves is not None and not 0 <= record.moves <= record.plies)
            or not (math.isfinite(record.seconds) and 0 <= record.seconds < 1e9)
        ):
            raise ValueError("bad record: impossible length")
        return record

    @classmethod
    def from_v1_json(cls, data: Any) -> GameRecord:
        """Rebuild a schema 1 record (``side``, ``red_count``, ``blue_count``); ``ValueError`` if it is not one."""
        if not isinstance(data, dict):
            raise ValueError("a record must be an object")
        side = data.get("side", "red")
        if side not in _V1_SIDES:
            raise ValueError(f"bad record: side must be red or blue, not {side!r}")
        migrated = {
            key: value for key, value in data.items() if key not in ("side", "red_count", "blue_count")
        }
        migrated["seat"] = _V1_SIDES[side]
        migrated["scores"] = [data.get("red_count", 0), data.get("blue_count", 0)]
        return cls.from_json(migrated)


def record_for(
    match: Match[Any, Any], *, level_name: str = "", now: datetime.datetime | None = None
) -> GameRecord:
    """The record of a finished match (``ValueError`` if it is not over), from the person's point of view."""
    result = match.result
    if result is None:
        raise ValueError("the match is not over")
    humans = [seat for seat in (0, 1) if match.players[seat].is_human]
    if len(humans) == 1:
        seat = humans[0]
        opponent, difficulty = "computer", match.players[1 - seat].level or ""
    else:
        seat, opponent, difficulty = 0, "human", ""
    winner = result.outcome.winner
    verdict = "draw" if winner is None else ("win" if int(winner) == seat else "loss")
    return GameRecord(
        finished_at=(now or datetime.datetime.now()).isoformat(timespec="seconds"),
        opponent=opponent,
        difficulty=difficulty,
        level_name=level_name,
        seat=seat,
        result=verdict,
        plies=result.plies,
        seconds=round(result.elapsed, 1),
        scores=(result.score(0), result.score(1)),
        moves=result.moves,
        resigned=None if match.resigned is None else int(match.resigned),
    )


@dataclasses.dataclass
class Tally:
    """Wins, draws and losses."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        """Games counted."""
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """Points per game (a win 1, a draw 1/2), 0 when there are no games."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    def add(self, result: str) -> None:
        """Count one result (``win``/``draw``/``loss``)."""
        if result == "win":
            self.wins += 1
        elif result == "draw":
            self.draws += 1
        else:
            self.losses += 1


class _Damaged(ValueError):
    """The statistics file cannot be used at all (it is set aside)."""


@dataclasses.dataclass
class _FileContents:
    """What the file holds: its schema, each game's records, and each game's other parts as stored (schema 2 to
    5 have one shape)."""

    version: int
    games: dict[str, list[Any]]
    parts: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)
    """Each game's parts besides its records (``puzzles``, ``tutorials``...), unread: a part this version does
    not know is written back as it is."""

    def section(self, key: str) -> dict[str, Any]:
        """The game ``key``'s section as the file holds it."""
        return {"records": self.games.get(key, []), **self.parts.get(key, {})}


def _read_file(path: Path) -> _FileContents:
    """The file's records by game, schema 1 migrated; ``FileNotFoundError``, ``OSError``, or ``_Damaged``."""
    try:
        data = load_json(read_text_limited(path, MAX_STATS_BYTES))
    except ValueError as error:  # too large, binary, not UTF-8, not JSON, nested or numbered beyond reason
        raise _Damaged(str(error)) from None
    if not isinstance(data, dict):
        raise _Damaged("not a statistics file")
    if "schema_version" not in data:  # schema 1: Ataxx's records only
        if not isinstance(data.get("records"), list):
            raise _Damaged("not a statistics file")
        return _FileContents(1, {_V1_GAME: data["records"]})
    version = data["schema_version"]
    if not isinstance(version, int) or isinstance(version, bool) or version < 2:
        raise _Damaged(f"bad schema_version {version!r}")
    newer = version > SCHEMA_VERSION  # read what is understood, never set aside
    sections = data.get("games")
    if not isinstance(sections, dict):
        if newer:
            return _FileContents(version, {})
        raise _Damaged("not a statistics file: no games")
    by_game: dict[str, list[Any]] = {}
    parts: dict[str, dict[str, Any]] = {}
    for key, section in sections.items():
        if not isinstance(section, dict) or not isinstance(section.get("records"), list):
            if newer:
                continue
            raise _Damaged(f"the section of {str(key)[:40]!r} holds no records")
        by_game[str(key)] = section["records"]
        parts[str(key)] = {str(name): part for name, part in section.items() if name != "records"}
    return _FileContents(version, by_game, parts)


def _v1_records_as_v2(items: list[Any]) -> tuple[list[Any], int]:
    """Schema 1 records in schema 2's shape, and how many were damaged and dropped (as ``load`` skips them)."""
    records = []
    for item in items:
        try:
            records.append(GameRecord.from_v1_json(item).to_json())
        except Exception:
            continue
    return records, len(items) - len(records)


_PROGRESS_PARTS: dict[str, type[PuzzleProgress] | type[TutorialProgress] | type[CampaignProgress]] = {
    "puzzles": PuzzleProgress,
    "tutorials": TutorialProgress,
    "campaign": CampaignProgress,
}
"""The parts of a game's section besides its records: each the name of a ``Statistics`` attribute, and the kind
of progress it holds (read leniently with ``from_json``, written with ``to_json`` when it holds anything)."""


class Statistics:
    """One game's records of finished games, with load/save and the figures computed from them."""

    def __init__(self, game: str, records: list[GameRecord] | None = None) -> None:
        self.game = games.game(game).key
        """The registry key of the game counted."""
        self.records: list[GameRecord] = list(records or [])[-MAX_RECORDS:]
        self.puzzles = PuzzleProgress()
        """The game's puzzles solved, and the streak."""
        self.tutorials = TutorialProgress()
        """The game's tutorials finished, and where the others were left."""
        self.campaign = CampaignProgress()
        """The game's campaign battles won, and their stars."""
        self._unknown_parts: dict[str, Any] = {}
        """The parts of this game's section a newer version wrote that this one does not know: kept as they are."""
        self.load_message: str | None = None
        """Set by ``load`` when the file was damaged and set aside, records were skipped, or it is newer."""
        self._others: dict[str, dict[str, Any]] = {}
        """The other games' sections of the file as read: written back as they are."""
        self._read_only = False
        self._dropped = 0
        """Records ``load`` skipped as damaged: before the file is next written without them, a copy is kept."""

    # -- the file --

    @staticmethod
    def path() -> Path:
        """Where the statistics of every game live."""
        return user_data_dir() / STATS_FILE

    @classmethod
    def load(cls, game: str) -> Statistics:
        """The saved statistics of ``game`` (a registry key); empty ones if there are none or the file is damaged.

        A damaged file is renamed aside and ``load_message`` says so; bad
        records of ``game`` are skipped one by one (and said). Schema 1 is
        migrated (see the module docstring). ``UnknownGameError`` for a key the
        registry does not know.
        """
        stats = cls(game)
        try:
            path = cls.path()
        except OSError as error:  # no usable data folder: nothing counted yet, and the reason
            stats.load_message = f"{STATS_FILE} cannot be read: {reason_of(error)}"
            return stats
        try:
            contents = _read_file(path)
        except FileNotFoundError:
            return stats
        except (
            Exception
        ) as error:  # whatever went wrong reading it, the same outcome: set aside, start afresh
            stats.load_message = cls._set_aside(path, reason_of(error))
            return stats
        parse = GameRecord.from_v1_json if contents.version == 1 else GameRecord.from_json
        records = []
        skipped = 0
        for item in contents.games.get(stats.game, []):
            try:
                records.append(parse(item))
            except (
                Exception
            ):  # a record that makes no sense: skipped, and kept in a copy before the next write
                skipped += 1
        parts = dict(contents.parts.get(stats.game, {}))
        for name, kind in _PROGRESS_PARTS.items():
            if name in parts:
                try:
                    progress, bad = kind.from_json(parts.pop(name))
                except ValueError:
                    progress, bad = kind(), 1
                setattr(stats, name, progress)
                skipped += bad
        stats._unknown_parts = parts
        stats._dropped = skipped
        stats.records = records[-MAX_RECORDS:]
        stats._others = {key: contents.section(key) for key in contents.games if key != stats.game}
        if contents.version > SCHEMA_VERSION:
            stats._read_only = True
            stats.load_message = (
                f"{STATS_FILE} was written by a newer version of Attax Arcade; "
                "it is read but not written, so nothing in it is lost"
            )
            log.warning(stats.load_message)
        elif skipped:
            stats.load_message = f"{STATS_FILE}: {skipped} damaged record(s) skipped; the file is copied before it is next written"
            log.warning(stats.load_message)
        return stats

    @staticmethod
    def _set_aside(path: Path, reason: str) -> str:
        aside = set_aside(path)
        if aside is not None:
            message = f"{path.name} was damaged ({reason}); kept as {aside.name}, counting starts afresh"
        else:
            message = f"{path.name} was damaged ({reason}); counting starts afresh"
        log.warning(message)
        return message

    def save(self) -> None:
        """Write this game's records, puzzles, tutorials and campaign, and the other games' as the file holds them now,
        atomically (schema 5).

        The file is read again first, so records another ``Statistics`` saved
        meanwhile for another game are kept; if it has become unreadable, the
        other games' records read by ``load`` are written. A file of a newer
        schema is left alone. Raises ``OSError`` if the disk refuses.
        """
        if self._read_only:
            log.warning("%s is from a newer version: not written", STATS_FILE)
            return
        path = self.path()
        try:
            contents = _read_file(path)
        except Exception:  # unreadable now: the other games' records as ``load`` read them
            others = self._others
        else:
            if contents.version > SCHEMA_VERSION:
                log.warning("%s is from a newer version: not written", STATS_FILE)
                return
            others = {key: contents.section(key) for key in contents.games if key != self.game}
            if contents.version == 1:
                migrated = {key: _v1_records_as_v2(value["records"]) for key, value in others.items()}
                others = {key: {"records": records} for key, (records, _) in migrated.items()}
                self._dropped += sum(dropped for _, dropped in migrated.values())
        if self._dropped and path.exists():
            # Records ``load`` skipped are not written again: keep the file as it was, with them.
            kept = keep_copy(path)
            log.warning("%s: %d damaged record(s) dropped; the old file is kept as %s", STATS_FILE, self._dropped,
                        kept.name if kept is not None else "(no copy: the folder refused it)")  # fmt: skip
            if kept is None:
                raise OSError(
                    f"{STATS_FILE}: cannot keep a copy of the damaged records, so it is not rewritten"
                )
            self._dropped = 0
        sections = dict(others)
        section: dict[str, Any] = {**self._unknown_parts}
        section["records"] = [record.to_json() for record in self.records]
        for name in _PROGRESS_PARTS:
            progress = getattr(self, name)
            if progress:
                section[name] = progress.to_json()
        sections[self.game] = section
        payload = {"schema_version": SCHEMA_VERSION, "games": dict(sorted(sections.items()))}
        atomic_write_text(path, json.dumps(payload, indent=1) + "\n")
        self._others = others

    def add(self, record: GameRecord) -> None:
        """Count a finished game (the oldest records beyond ``MAX_RECORDS`` are dropped)."""
        self.records.append(record)
        del self.records[:-MAX_RECORDS]

    def reset(self) -> None:
        """Forget every game of this game, its puzzles solved, its tutorials finished and its campaign's
        battles won (the other games' stay)."""
        self.records.clear()
        self.puzzles = PuzzleProgress()
        self.tutorials = TutorialProgress()
        self.campaign = CampaignProgress()

    # -- figures --

    def tally(
        self, *, opponent: str | None = None, difficulty: str | None = None, level_name: str | None = None
    ) -> Tally:
        """Wins, draws and losses of the games matching every filter given."""
        tally = Tally()
        for record in self.records:
            if opponent is not None and record.opponent != opponent:
                continue
            if difficulty is not None and record.difficulty != difficulty:
                continue
            if level_name is not None and record.level_name != level_name:
                continue
            tally.add(record.result)
        return tally

    def by(self, field: str, *, opponent: str | None = "computer") -> dict[str, Tally]:
        """Tallies grouped by a record field (``difficulty``, ``level_name``, ``seat``) of the games against ``opponent``."""
        groups: dict[str, Tally] = {}
        for record in self.records:
            if opponent is not None and record.opponent != opponent:
                continue
            groups.setdefault(getattr(record, field), Tally()).add(record.result)
        return groups

    def resignations(self, *, opponent: str) -> tuple[int, int]:
        """The games against ``opponent`` that ended in a resignation: (the person's, the opponent's).

        Between two people (``opponent="human"``): seat 0's, then seat 1's.
        """
        counts = Counter(record.resigned_by_person for record in self.records if record.opponent == opponent)
        return counts[True], counts[False]

    def streaks(self, *, opponent: str = "computer") -> tuple[int, int, int]:
        """(current winning streak, best winning streak, worst losing streak) against ``opponent``."""
        current = best = losing = worst = 0
        for record in self.records:
            if record.opponent != opponent:
                continue
            if record.result == "win":
                current += 1
                losing = 0
            elif record.result == "loss":
                losing += 1
                current = 0
            else:
                current = losing = 0
            best = max(best, current)
            worst = max(worst, losing)
        return current, best, worst

    def longest(self) -> GameRecord | None:
        """The game with the most moves (the first such), or ``None``."""
        return max(self.records, key=lambda record: record.full_moves, default=None)

    def shortest(self) -> GameRecord | None:
        """The game with the fewest moves (the first such), or ``None``."""
        return min(self.records, key=lambda record: record.full_moves, default=None)

    def results_count(self) -> Counter[str]:
        """How many wins, draws and losses in all."""
        return Counter(record.result for record in self.records)
