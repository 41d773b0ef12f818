"""Statistics: counting, figures, persistence, damaged files."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest

from game.engine.ataxx import Move, Side
from game.engine.match import Match, Player
from game.stats import MAX_RECORDS, GameRecord, Statistics, record_for

NOW = datetime.datetime(2026, 11, 22, 12, 0, 0)


def finished(players: tuple[Player, Player], red_wins: bool) -> Match:
    # Red to move eliminates Blue with d5; Blue to move eliminates Red with d5.
    fen = "7/7/7/2xo3/7/7/7 x 0 1" if red_wins else "7/7/7/2xo3/7/7/7 o 0 1"
    match = Match(fen, players)
    match.play(Move.from_uai("d5" if red_wins else "c5"))
    assert match.is_over
    return match


def rec(
    result: str,
    *,
    opponent: str = "computer",
    difficulty: str = "master",
    level: str = "Classic",
    plies: int = 40,
) -> GameRecord:
    return GameRecord(NOW.isoformat(), opponent, difficulty, level, "red", result, plies, 60.0, 30, 19)


def test_record_from_the_persons_point_of_view() -> None:
    vs_computer = (Player.human(), Player.computer("expert"))
    assert record_for(finished(vs_computer, True), level_name="Classic", now=NOW).result == "win"
    assert record_for(finished(vs_computer, False)).result == "loss"
    as_blue = (Player.computer("casual"), Player.human())
    record = record_for(finished(as_blue, True))
    assert (record.result, record.side, record.difficulty, record.opponent) == (
        "loss",
        "blue",
        "casual",
        "computer",
    )
    two_people = record_for(finished((Player.human(), Player.human()), False))
    assert (two_people.opponent, two_people.result, two_people.difficulty) == ("human", "loss", "")
    with pytest.raises(ValueError, match="not over"):
        record_for(Match())


def test_tallies_streaks_and_extremes() -> None:
    stats = Statistics()
    for result, difficulty, plies in [
        ("win", "master", 50),
        ("win", "master", 30),
        ("loss", "casual", 90),
        ("win", "casual", 20),
        ("win", "expert", 44),
        ("win", "expert", 61),
        ("draw", "expert", 100),
        ("loss", "master", 12),
        ("loss", "master", 35),
    ]:
        stats.add(rec(result, difficulty=difficulty, plies=plies))
    stats.add(rec("win", opponent="human", difficulty="", plies=5))
    assert (stats.tally().wins, stats.tally().draws, stats.tally().losses) == (6, 1, 3)
    assert stats.tally(opponent="computer").games == 9
    master = stats.by("difficulty")["master"]
    assert (master.wins, master.losses) == (2, 2) and master.score == 0.5
    assert set(stats.by("level_name")) == {"Classic"}
    assert stats.streaks() == (0, 3, 2)
    longest, shortest = stats.longest(), stats.shortest()
    assert longest is not None and longest.plies == 100
    assert shortest is not None and shortest.plies == 5
    stats.reset()
    assert stats.tally().games == 0 and stats.longest() is None


def test_save_load_round_trip(user_data_dir: Path) -> None:
    stats = Statistics()
    stats.add(
        record_for(finished((Player.human(), Player.computer("master")), True), level_name="Diamond", now=NOW)
    )
    stats.save()
    loaded = Statistics.load()
    assert loaded.records == stats.records and loaded.load_message is None


def test_records_are_capped() -> None:
    stats = Statistics()
    for index in range(MAX_RECORDS + 10):
        stats.add(rec("win", plies=index))
    assert len(stats.records) == MAX_RECORDS and stats.records[0].plies == 10


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"{",
        b"\x00\x01\x02",
        b"[1, 2]",
        b'{"records": 5}',
        b"\xff\xfe",
        b'{"records": [' + b"1," * 3_000_000 + b"1]}",
    ],
)
def test_a_damaged_file_is_set_aside_and_counting_restarts(user_data_dir: Path, content: bytes) -> None:
    path = Statistics.path()
    path.write_bytes(content)
    stats = Statistics.load()
    assert stats.records == [] and stats.load_message is not None
    assert "statistics.json" in stats.load_message
    kept = list(user_data_dir.glob("statistics.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    stats.add(rec("win"))
    stats.save()
    assert len(Statistics.load().records) == 1


def test_bad_records_are_skipped_one_by_one(user_data_dir: Path) -> None:
    good = json.loads(json.dumps({"records": [vars(rec("win"))]}))["records"][0]
    records = [
        good,
        {"opponent": "alien"},
        7,
        dict(good, result="maybe"),
        dict(good, plies=-1),
        dict(good, seconds="NaN"),
    ]
    Statistics.path().write_text(json.dumps({"records": records}))
    stats = Statistics.load()
    assert len(stats.records) == 1 and stats.records[0].result == "win"
    assert stats.load_message is not None and "5 damaged" in stats.load_message
    assert stats.records[0].side == Side.RED.name.lower()
