"""Statistics: counting, figures, persistence by game, damaged files."""

from __future__ import annotations

import dataclasses
import datetime
import json
from pathlib import Path

import pytest

from game.engine.ataxx import Move
from game.engine.match import Match, Player
from game.engine.stats import (
    MAX_RECORDS,
    MAX_STATS_BYTES,
    SCHEMA_VERSION,
    GameRecord,
    Statistics,
    TutorialProgress,
    record_for,
)
from game.games import UnknownGameError, game

NOW = datetime.datetime(2026, 11, 22, 12, 0, 0)
RULES = game("ataxx").load_rules()


def finished(players: tuple[Player, Player], seat_0_wins: bool) -> Match:
    # Seat 0 to move eliminates seat 1 with d5; seat 1 to move eliminates seat 0 with c5.
    fen = "7/7/7/2xo3/7/7/7 x 0 1" if seat_0_wins else "7/7/7/2xo3/7/7/7 o 0 1"
    match = Match(RULES, fen, players)
    match.play(Move.from_uai("d5" if seat_0_wins else "c5"))
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
    return GameRecord(NOW.isoformat(), opponent, difficulty, level, 0, result, plies, 60.0, (30, 19))


def test_record_from_the_persons_point_of_view() -> None:
    vs_computer = (Player.human(), Player.computer("expert"))
    record = record_for(finished(vs_computer, True), level_name="Classic", now=NOW)
    assert (record.result, record.seat, record.scores, record.finished_at) == (
        "win",
        0,
        (3, 0),
        "2026-11-22T12:00:00",
    )
    assert record_for(finished(vs_computer, False)).result == "loss"
    as_seat_1 = (Player.computer("casual"), Player.human())
    record = record_for(finished(as_seat_1, True))
    assert (record.result, record.seat, record.difficulty, record.opponent, record.scores) == (
        "loss",
        1,
        "casual",
        "computer",
        (3, 0),
    )
    two_people = record_for(finished((Player.human(), Player.human()), False))
    assert (two_people.opponent, two_people.result, two_people.difficulty, two_people.seat) == (
        "human",
        "loss",
        "",
        0,
    )
    with pytest.raises(ValueError, match="not over"):
        record_for(Match(RULES))


def test_tallies_streaks_and_extremes() -> None:
    stats = Statistics("ataxx")
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
    assert stats.tally(difficulty="expert").games == 3 and stats.tally(level_name="Other").games == 0
    master = stats.by("difficulty")["master"]
    assert (master.wins, master.losses) == (2, 2) and master.score == 0.5
    assert set(stats.by("level_name")) == {"Classic"}
    assert stats.streaks() == (0, 3, 2)
    assert stats.results_count() == {"win": 6, "draw": 1, "loss": 3}
    longest, shortest = stats.longest(), stats.shortest()
    assert longest is not None and longest.plies == 100
    assert shortest is not None and shortest.plies == 5
    stats.reset()
    assert stats.tally().games == 0 and stats.longest() is None


def test_a_resignation_is_recorded_with_the_seat_that_resigned(user_data_dir: Path) -> None:
    stats = Statistics("ataxx")
    against = Match(RULES, players=(Player.computer("master"), Player.human("You")))
    against.play(Move.from_uai("b6"))
    against.resign()  # the person, seat 1, gives up
    gave_up = record_for(against, now=NOW)
    assert (gave_up.seat, gave_up.resigned, gave_up.result) == (1, 1, "loss")
    assert gave_up.resigned_by_person is True and gave_up.scores == (3, 2)
    beaten = Match(RULES, players=(Player.human("You"), Player.computer("expert")))
    beaten.play(Move.from_uai("b6"))
    beaten.resign()  # the computer, seat 1, gives up
    computer_gave_up = record_for(beaten, now=NOW)
    assert (computer_gave_up.resigned, computer_gave_up.result) == (1, "win")
    assert computer_gave_up.resigned_by_person is False
    two = Match(RULES)
    two.resign(1)
    between_people = record_for(two, now=NOW)
    assert (between_people.seat, between_people.result, between_people.resigned_by_person) == (
        0,
        "win",
        False,
    )
    by_rules = record_for(finished((Player.human(), Player.computer("master")), True), now=NOW)
    assert by_rules.resigned is None and by_rules.resigned_by_person is None
    for record in (gave_up, computer_gave_up, between_people, by_rules):
        stats.add(record)
    assert stats.resignations(opponent="computer") == (1, 1)
    assert stats.resignations(opponent="human") == (0, 1)  # seat 0's, seat 1's
    stats.save()
    data = json.loads(Statistics.path().read_text())
    assert [record["resigned"] for record in data["games"]["ataxx"]["records"]] == [1, 1, 1, None]
    assert Statistics.load("ataxx").records == stats.records


def test_schema_2_records_load_without_resignations_and_are_written_as_the_current_schema(
    user_data_dir: Path,
) -> None:
    old = rec("loss").to_json()
    del old["resigned"]
    Statistics.path().write_text(
        json.dumps(
            {"schema_version": 2, "games": {"ataxx": {"records": [old]}, "attangle": {"records": [old]}}}
        )
    )
    stats = Statistics.load("ataxx")
    assert stats.load_message is None and stats.records == [rec("loss")]
    assert stats.records[0].resigned is None and stats.resignations(opponent="computer") == (0, 0)
    stats.add(rec("win"))
    stats.save()
    data = json.loads(Statistics.path().read_text())
    assert data["schema_version"] == SCHEMA_VERSION == 5
    assert data["games"]["attangle"] == {"records": [old]}  # another game's records, kept as they were
    assert [record.result for record in Statistics.load("ataxx").records] == ["loss", "win"]
    assert Statistics.load("attangle").records == [rec("loss")]


def test_save_load_round_trip(user_data_dir: Path) -> None:
    stats = Statistics("ataxx")
    stats.add(
        record_for(finished((Player.human(), Player.computer("master")), True), level_name="Diamond", now=NOW)
    )
    stats.save()
    data = json.loads(Statistics.path().read_text())
    assert data["schema_version"] == SCHEMA_VERSION == 5 and list(data["games"]) == ["ataxx"]
    assert data["games"]["ataxx"]["records"][0]["scores"] == [3, 0]
    loaded = Statistics.load("ataxx")
    assert loaded.records == stats.records and loaded.load_message is None
    assert loaded.game == "ataxx"


def test_each_game_keeps_its_own_records(user_data_dir: Path) -> None:
    ataxx = Statistics.load("ataxx")
    ataxx.add(rec("win"))
    ataxx.save()
    attangle = Statistics.load("attangle")
    assert attangle.records == []
    attangle.add(rec("loss", difficulty="beginner"))
    attangle.add(rec("draw"))
    attangle.save()
    # an object loaded before the other game saved must not lose that game's records
    ataxx.add(rec("draw"))
    ataxx.save()
    assert [r.result for r in Statistics.load("attangle").records] == ["loss", "draw"]
    assert [r.result for r in Statistics.load("ataxx").records] == ["win", "draw"]
    attangle = Statistics.load("attangle")
    attangle.reset()
    attangle.save()
    assert Statistics.load("attangle").records == []
    assert len(Statistics.load("ataxx").records) == 2
    with pytest.raises(UnknownGameError):
        Statistics.load("chess")


def test_other_games_sections_are_kept_untouched(user_data_dir: Path) -> None:
    odd = {"records": [{"from": "a later game"}, 5]}
    Statistics.path().write_text(json.dumps({"schema_version": 2, "games": {"lionheart": odd}}))
    stats = Statistics.load("ataxx")
    assert stats.load_message is None
    stats.add(rec("win"))
    stats.save()
    data = json.loads(Statistics.path().read_text())
    assert data["games"]["lionheart"] == odd


def test_a_newer_file_is_read_but_never_written_over(user_data_dir: Path) -> None:
    newer = {
        "schema_version": SCHEMA_VERSION + 1,
        "games": {"ataxx": {"records": [rec("win").to_json()]}},
        "more": True,
    }
    text = json.dumps(newer)
    Statistics.path().write_text(text)
    stats = Statistics.load("ataxx")
    assert [r.result for r in stats.records] == ["win"]
    assert stats.load_message is not None and "newer version" in stats.load_message
    stats.add(rec("loss"))
    stats.save()
    assert Statistics.path().read_text() == text
    assert not list(user_data_dir.glob("statistics.damaged-*"))


def test_records_are_capped() -> None:
    stats = Statistics("ataxx")
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
        b'{"schema_version": 2, "games": []}',
        b'{"schema_version": 2, "games": {"ataxx": {"records": 5}}}',
        b'{"schema_version": "2", "games": {}}',
        b"\xff\xfe",
        b'{"records": [' + b"1," * (MAX_STATS_BYTES // 2) + b"1]}",
    ],
)
def test_a_damaged_file_is_set_aside_and_counting_restarts(user_data_dir: Path, content: bytes) -> None:
    path = Statistics.path()
    path.write_bytes(content)
    stats = Statistics.load("ataxx")
    assert stats.records == [] and stats.load_message is not None
    assert "statistics.json" in stats.load_message
    kept = list(user_data_dir.glob("statistics.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    stats.add(rec("win"))
    stats.save()
    assert len(Statistics.load("ataxx").records) == 1


def test_bad_records_are_skipped_one_by_one(user_data_dir: Path) -> None:
    good = rec("win").to_json()
    records = [
        good,
        {"opponent": "alien"},
        7,
        dict(good, result="maybe"),
        dict(good, plies=-1),
        dict(good, seconds="NaN"),
        dict(good, seat=2),
        dict(good, seat=True),
        dict(good, scores=[1]),
        dict(good, resigned=2),
        dict(good, resigned=False),
    ]
    Statistics.path().write_text(json.dumps({"schema_version": 2, "games": {"ataxx": {"records": records}}}))
    stats = Statistics.load("ataxx")
    assert len(stats.records) == 1 and stats.records[0] == dataclasses.replace(rec("win"))
    assert stats.load_message is not None and "10 damaged" in stats.load_message


def test_schema_1_records_migrate_and_bad_ones_are_skipped(user_data_dir: Path) -> None:
    v1 = {
        "finished_at": NOW.isoformat(),
        "opponent": "computer",
        "difficulty": "master",
        "level_name": "Classic",
        "side": "blue",
        "result": "win",
        "plies": 40,
        "seconds": 60.0,
        "red_count": 19,
        "blue_count": 30,
    }
    records = [v1, dict(v1, side="green"), {"opponent": "alien"}]
    Statistics.path().write_text(json.dumps({"version": 1, "records": records}))
    stats = Statistics.load("ataxx")
    assert stats.records == [
        GameRecord(NOW.isoformat(), "computer", "master", "Classic", 1, "win", 40, 60.0, (19, 30))
    ]
    assert stats.load_message is not None and "2 damaged" in stats.load_message
    # another game's first save writes the current schema and keeps the migrated records
    other = Statistics.load("attangle")
    assert other.records == []
    other.add(rec("loss"))
    other.save()
    data = json.loads(Statistics.path().read_text())
    assert data["schema_version"] == SCHEMA_VERSION and data["games"]["ataxx"]["records"][0]["seat"] == 1
    assert Statistics.load("ataxx").records == stats.records


def test_tutorial_progress_round_trips_and_resets_with_the_statistics(user_data_dir: Path) -> None:
    stats = Statistics.load("ataxx")
    assert not stats.tutorials and stats.tutorials.step_of("01-first-moves") == 0
    assert stats.tutorials.leave("02-the-end", 5) and not stats.tutorials.leave("02-the-end", 5)
    assert stats.tutorials.finish("01-first-moves") and not stats.tutorials.finish("01-first-moves")
    stats.save()
    data = json.loads(Statistics.path().read_text())
    assert data["games"]["ataxx"]["tutorials"] == {
        "finished": ["01-first-moves"],
        "reached": {"02-the-end": 5},
    }
    loaded = Statistics.load("ataxx")
    assert loaded.load_message is None
    assert loaded.tutorials == TutorialProgress({"01-first-moves"}, {"02-the-end": 5})
    # Finishing forgets where it was left; leaving at the start forgets it too.
    assert loaded.tutorials.finish("02-the-end") and loaded.tutorials.reached == {}
    assert loaded.tutorials.leave("03-more", 2) and loaded.tutorials.leave("03-more", 0)
    assert loaded.tutorials.reached == {}
    loaded.reset()
    loaded.save()
    assert not Statistics.load("ataxx").tutorials


def test_bad_tutorial_entries_are_skipped_and_unknown_parts_kept(user_data_dir: Path) -> None:
    section = {
        "records": [rec("win").to_json()],
        "tutorials": {
            "finished": ["01-first-moves", 7, "../../etc", "x" * 80],
            "reached": {"02-the-end": 3, "03-x": True, "04-y": -1, "05-z": 10_000, "Bad Id": 2},
        },
        "trophies": {"from": "a later version"},
    }
    Statistics.path().write_text(json.dumps({"schema_version": 5, "games": {"ataxx": section}}))
    stats = Statistics.load("ataxx")
    assert stats.tutorials == TutorialProgress({"01-first-moves"}, {"02-the-end": 3})
    assert stats.load_message is not None and "7 damaged" in stats.load_message
    assert [record.result for record in stats.records] == ["win"]
    stats.save()
    data = json.loads(Statistics.path().read_text())
    assert data["games"]["ataxx"]["trophies"] == {"from": "a later version"}  # not this version's to drop
    kept = list(user_data_dir.glob("statistics.damaged-*"))  # the skipped entries, in a copy of the file
    assert len(kept) == 1 and "../../etc" in kept[0].read_text()
    # Not progress at all: counted as one damaged entry, the rest read.
    section["tutorials"] = ["not", "an", "object"]
    Statistics.path().write_text(json.dumps({"schema_version": 5, "games": {"ataxx": section}}))
    stats = Statistics.load("ataxx")
    assert not stats.tutorials and len(stats.records) == 1 and "1 damaged" in (stats.load_message or "")


def test_a_schema_4_file_reads_with_no_tutorial_finished(user_data_dir: Path) -> None:
    old = {"records": [rec("draw").to_json()], "puzzles": {"solved": {}, "streak": 0, "best_streak": 2}}
    Statistics.path().write_text(json.dumps({"schema_version": 4, "games": {"attangle": old}}))
    stats = Statistics.load("attangle")
    assert stats.load_message is None and not stats.tutorials and stats.puzzles.best_streak == 2
    stats.tutorials.finish("01-attangle")
    stats.save()
    data = json.loads(Statistics.path().read_text())
    assert data["schema_version"] == 5 and data["games"]["attangle"]["puzzles"]["best_streak"] == 2
