"""Win/loss statistics (seed 001): every finished game, and the figures drawn from them.

The record of each finished game is kept in ``<user data>/statistics.json``
(the newest ``MAX_RECORDS``); the figures — wins, draws and losses by opponent,
board level and difficulty, streaks, the longest and shortest games — are
computed from the records, so they can never disagree. A damaged file is moved
aside (``statistics.damaged-<time>.json``) with a message, and counting starts
afresh: nothing else is lost, and the damaged file is kept for the curious.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import json
import logging
from collections import Counter
from pathlib import Path
from typing import Any

from game.engine.ataxx import Side
from game.engine.match import Match
from game.paths import atomic_write_text, read_text_limited, user_data_dir

__all__ = ["MAX_RECORDS", "STATS_FILE", "GameRecord", "Statistics", "Tally", "record_for"]

log = logging.getLogger(__name__)

STATS_FILE = "statistics.json"
MAX_RECORDS = 5000
MAX_STATS_BYTES = 4 * 1024 * 1024
RESULTS = ("win", "draw", "loss")


@dataclasses.dataclass(frozen=True)
class GameRecord:
    """One finished game, from the point of view of the person at the machine.

    Against the computer ``result`` is ``win``/``draw``/``loss`` for the person;
    between two people it is from Red's point of view.
    """

    finished_at: str
    opponent: str  # "computer" or "human"
    difficulty: str  # the computer's level key; "" between two people
    level_name: str  # the board
    side: str  # the person's colour against the computer ("red"/"blue"); "red" between two people
    result: str  # "win", "draw", "loss"
    plies: int
    seconds: float
    red_count: int
    blue_count: int

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Rebuild a record; raises ``ValueError`` if ``data`` is not one."""
        if not isinstance(data, dict):
            raise ValueError("a record must be an object")
        try:
            record = cls(
                finished_at=str(data["finished_at"])[:40],
                opponent=str(data["opponent"]),
                difficulty=str(data.get("difficulty", ""))[:40],
                level_name=str(data.get("level_name", ""))[:80],
                side=str(data.get("side", "red")),
                result=str(data["result"]),
                plies=int(data["plies"]),
                seconds=float(data["seconds"]),
                red_count=int(data.get("red_count", 0)),
                blue_count=int(data.get("blue_count", 0)),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"bad record: {error}") from None
        if record.opponent not in ("computer", "human") or record.result not in RESULTS:
            raise ValueError("bad record: unknown opponent or result")
        if record.plies < 0 or not 0 <= record.seconds < 1e9 or record.seconds != record.seconds:
            raise ValueError("bad record: impossible length")
        return record


def record_for(match: Match, *, level_name: str = "", now: _dt.datetime | None = None) -> GameRecord:
    """The record of a finished match; the match must be over."""
    result = match.result
    if result is None:
        raise ValueError("the match is not over")
    humans = [side for side in (Side.RED, Side.BLUE) if match.players[side].is_human]
    winner = result.outcome.winner
    if len(humans) == 1:
        person = humans[0]
        computer = match.players[person.opponent]
        opponent, difficulty, side = "computer", computer.level or "", person
    else:
        opponent, difficulty, side = "human", "", Side.RED
    verdict = "draw" if winner is None else ("win" if winner is side else "loss")
    return GameRecord(
        finished_at=(now or _dt.datetime.now()).isoformat(timespec="seconds"),
        opponent=opponent,
        difficulty=difficulty,
        level_name=level_name,
        side=side.name.lower(),
        result=verdict,
        plies=result.plies,
        seconds=round(result.elapsed, 1),
        red_count=result.red_count,
        blue_count=result.blue_count,
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


class Statistics:
    """The records of finished games, with load/save and the figures computed from them."""

    def __init__(self, records: list[GameRecord] | None = None) -> None:
        self.records: list[GameRecord] = list(records or [])[-MAX_RECORDS:]
        self.load_message: str | None = None
        """Set by ``load`` when the file was damaged and set aside."""

    # -- the file --

    @staticmethod
    def path() -> Path:
        """Where the statistics live."""
        return user_data_dir() / STATS_FILE

    @classmethod
    def load(cls) -> Statistics:
        """The saved statistics; empty ones if there are none or the file is damaged.

        A damaged file is renamed aside and ``load_message`` says so; bad
        records inside a good file are skipped one by one.
        """
        path = cls.path()
        try:
            data = json.loads(read_text_limited(path, MAX_STATS_BYTES))
            if not isinstance(data, dict) or not isinstance(data.get("records"), list):
                raise ValueError("not a statistics file")
        except FileNotFoundError:
            return cls()
        except (OSError, ValueError) as error:
            stats = cls()
            stats.load_message = cls._set_aside(path, str(error))
            return stats
        records = []
        skipped = 0
        for item in data["records"]:
            try:
                records.append(GameRecord.from_json(item))
            except ValueError:
                skipped += 1
        stats = cls(records)
        if skipped:
            stats.load_message = f"{STATS_FILE}: {skipped} damaged record(s) skipped"
            log.warning(stats.load_message)
        return stats

    @staticmethod
    def _set_aside(path: Path, reason: str) -> str:
        stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"statistics.damaged-{stamp}.json")
        try:
            path.replace(aside)
            message = f"{path.name} was damaged ({reason}); kept as {aside.name}, counting starts afresh"
        except OSError:
            message = f"{path.name} was damaged ({reason}); counting starts afresh"
        log.warning(message)
        return message

    def save(self) -> None:
        """Write the statistics atomically; raises ``OSError`` if the disk refuses."""
        payload = {"version": 1, "records": [dataclasses.asdict(record) for record in self.records]}
        atomic_write_text(self.path(), json.dumps(payload, indent=1) + "\n")

    def add(self, record: GameRecord) -> None:
        """Count a finished game (the oldest records beyond ``MAX_RECORDS`` are dropped)."""
        self.records.append(record)
        del self.records[:-MAX_RECORDS]

    def reset(self) -> None:
        """Forget every game."""
        self.records.clear()

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
        """Tallies grouped by ``difficulty`` or ``level_name`` (games against ``opponent``)."""
        groups: dict[str, Tally] = {}
        for record in self.records:
            if opponent is not None and record.opponent != opponent:
                continue
            groups.setdefault(getattr(record, field), Tally()).add(record.result)
        return groups

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
        return max(self.records, key=lambda record: record.plies, default=None)

    def shortest(self) -> GameRecord | None:
        """The game with the fewest moves (the first such), or ``None``."""
        return min(self.records, key=lambda record: record.plies, default=None)

    def results_count(self) -> Counter[str]:
        """How many wins, draws and losses in all."""
        return Counter(record.result for record in self.records)
