"""Puzzle progress in the statistics: solves, the streak, schema 4, older files, damaged entries, other games."""

from __future__ import annotations

import json
from pathlib import Path

from game.engine.stats import SCHEMA_VERSION, PuzzleProgress, SolvedPuzzle, Statistics


def test_the_streak_counts_first_solves_at_the_first_try_without_help() -> None:
    progress = PuzzleProgress()
    assert progress.solve("a1", 1, False) and progress.solve("b2", 1, False)
    assert (progress.streak, progress.best_streak) == (2, 2)
    # Solving a puzzle already solved again changes nothing, however well.
    assert not progress.solve("a1", 1, False) and progress.streak == 2
    # A wrong move on a new puzzle ends the streak; on one already solved it does not.
    assert not progress.stumbled("a1") and progress.streak == 2
    assert progress.stumbled("c3") and progress.streak == 0
    assert progress.solve("c3", 3, False) and progress.streak == 0 and progress.best_streak == 2
    # A solve with help is kept, and improved upon later; it never lengthens the streak.
    assert progress.solve("d4", 1, True) and progress.streak == 0
    assert progress.solve("d4", 2, False) and progress.solved["d4"] == SolvedPuzzle(2, False)
    assert not progress.solve("d4", 1, True)
    assert progress.clean == 2 and len(progress.solved) == 4


def test_a_schema_3_file_loads_with_no_puzzles_and_is_written_as_the_current_schema(
    user_data_dir: Path,
) -> None:
    record = {
        "finished_at": "2026-11-22T12:00:00", "opponent": "human", "difficulty": "", "level_name": "Classic",
        "seat": 0, "result": "win", "plies": 3, "moves": 2, "seconds": 10.0, "scores": [3, 0], "resigned": None,
    }  # fmt: skip
    user_data_dir.mkdir(parents=True, exist_ok=True)
    Statistics.path().write_text(
        json.dumps(
            {"schema_version": 3, "games": {"ataxx": {"records": [record]}, "attangle": {"records": []}}}
        )
    )
    stats = Statistics.load("ataxx")
    assert stats.load_message is None and not stats.puzzles and len(stats.records) == 1
    stats.puzzles.solve("0123456789", 1, False)
    stats.save()
    data = json.loads(Statistics.path().read_text())
    assert data["schema_version"] == SCHEMA_VERSION == 5
    assert data["games"]["ataxx"]["records"] == [record]
    assert data["games"]["ataxx"]["puzzles"] == {
        "solved": {"0123456789": {"tries": 1, "helped": False}},
        "streak": 1,
        "best_streak": 1,
    }
    assert data["games"]["attangle"] == {"records": []}  # no puzzles written for a game that has none solved


def test_another_games_puzzles_are_kept_when_one_game_saves(user_data_dir: Path) -> None:
    attangle = Statistics.load("attangle")
    attangle.puzzles.solve("aaaa", 2, True)
    attangle.save()
    ataxx = Statistics.load("ataxx")
    ataxx.puzzles.solve("bbbb", 1, False)
    ataxx.save()
    assert Statistics.load("attangle").puzzles.solved == {"aaaa": SolvedPuzzle(2, True)}
    assert Statistics.load("ataxx").puzzles.solved == {"bbbb": SolvedPuzzle(1, False)}
    # A reset forgets the game's puzzles too, and only its own.
    ataxx.reset()
    ataxx.save()
    assert not Statistics.load("ataxx").puzzles and Statistics.load("attangle").puzzles


def test_damaged_puzzle_entries_are_skipped_one_by_one_and_the_file_kept(user_data_dir: Path) -> None:
    user_data_dir.mkdir(parents=True, exist_ok=True)
    puzzles = {
        "solved": {
            "good": {"tries": 2, "helped": False},
            "BAD ID": {"tries": 1, "helped": False},
            "no-tries": {"helped": True},
            "zero": {"tries": 0, "helped": False},
            "bool": {"tries": True, "helped": False},
            "helped-text": {"tries": 1, "helped": "yes"},
        },
        "streak": -4,
        "best_streak": 3,
    }
    Statistics.path().write_text(
        json.dumps({"schema_version": 4, "games": {"ataxx": {"records": [], "puzzles": puzzles}}})
    )
    stats = Statistics.load("ataxx")
    assert stats.puzzles.solved == {"good": SolvedPuzzle(2, False)}
    assert (stats.puzzles.streak, stats.puzzles.best_streak) == (0, 3)
    assert stats.load_message is not None and "6 damaged record(s)" in stats.load_message
    stats.save()
    copies = [path for path in user_data_dir.iterdir() if path.name != "statistics.json"]
    assert copies, "the file with the damaged entries is kept before it is rewritten"
    # Progress that is not an object at all counts as one damaged entry; the records stay.
    Statistics.path().write_text(
        json.dumps({"schema_version": 4, "games": {"ataxx": {"records": [], "puzzles": [1, 2]}}})
    )
    assert not Statistics.load("ataxx").puzzles
