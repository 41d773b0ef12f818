"""Difficulty levels: lookups, legal and reproducible moves, time and stop respected."""

from __future__ import annotations

import dataclasses
import random
import re
import threading
from pathlib import Path

import pytest
from clocks import SteppingClock, StoppedClock
from waiting import HANG

from game.ai.ataxx.levels import HINT_LEVEL, LEVELS, Level, choose_move, level_by_key
from game.ai.ataxx.search import Searcher, SearchInfo
from game.engine.ataxx import Board, Move

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search

MIDGAME = "7/1x4x/3x1xx/1x2x2/o6/o1o3x/o1oo3 x 2 16"
RED_MUST_PASS = "7/7/7/7/ooo4/ooo4/xoo4 x 0 1"


def test_five_named_levels_weakest_first() -> None:
    assert [level.name for level in LEVELS] == ["Beginner", "Casual", "Skilled", "Expert", "Master"]
    assert all(level.description and level.max_think_time > 0 for level in LEVELS)
    assert level_by_key("master").max_think_time <= 3.0
    assert HINT_LEVEL.think_time == pytest.approx(1.0, abs=0.25)
    assert HINT_LEVEL.max_think_time < level_by_key("master").max_think_time


def test_level_by_key() -> None:
    for level in LEVELS:
        assert level_by_key(level.key) is level
    with pytest.raises(ValueError, match="beginner, casual, skilled, expert, master"):
        level_by_key("grandmaster")


@pytest.mark.parametrize("level", [*LEVELS, HINT_LEVEL], ids=lambda level: level.key)
def test_levels_play_legal_moves_without_touching_the_board(level: Level) -> None:
    for fen in (MIDGAME, "x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1"):
        board = Board(fen)
        before = (board.fen(), board.move_stack, board.hash)
        move = choose_move(board, level, rng=random.Random(1), time_budget=0.05)
        assert move in board.legal_moves()
        assert (board.fen(), board.move_stack, board.hash) == before


@pytest.mark.parametrize("level", LEVELS, ids=lambda level: level.key)
def test_seeded_levels_are_deterministic(level: Level) -> None:
    board = Board(MIDGAME)
    budget = 5.0 if level.careless else None  # the searching levels run to a fixed depth below
    if level.careless:
        first = [choose_move(board, level, rng=random.Random(seed), time_budget=budget) for seed in range(3)]
        again = [choose_move(board, level, rng=random.Random(seed), time_budget=budget) for seed in range(3)]
        assert first == again
    else:
        fixed = Level(level.key, level.name, level.description, 5.0, 5.0, depth=3)
        assert choose_move(board, fixed, searcher=Searcher(1)) == choose_move(
            board, fixed, searcher=Searcher(1)
        )


def test_weak_levels_make_mistakes_strong_ones_do_not_vary() -> None:
    board = Board(MIDGAME)
    beginner = {choose_move(board, LEVELS[0], rng=random.Random(seed)) for seed in range(12)}
    assert len(beginner) > 1


def test_pass_only_position_returns_the_pass() -> None:
    for level in LEVELS:
        assert choose_move(Board(RED_MUST_PASS), level, time_budget=0.05) == Move.null()


def test_game_over_raises() -> None:
    with pytest.raises(ValueError, match="game is over"):
        choose_move(Board("x6/7/7/7/7/7/7 o 0 1"), LEVELS[-1])


@pytest.mark.parametrize("level", LEVELS, ids=lambda level: level.key)
def test_time_budget_respected(level: Level, monkeypatch: pytest.MonkeyPatch) -> None:
    # Time passes only as the search looks at the clock: a search that overran the budget fails here.
    clock = SteppingClock(0.01, limit=0.1).install(monkeypatch)
    move = choose_move(Board(MIDGAME), level, time_budget=0.1, rng=random.Random(0))
    assert move in Board(MIDGAME).legal_moves()
    assert clock.elapsed <= 0.1


def test_max_think_time_caps_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    master = dataclasses.replace(level_by_key("master"), max_think_time=0.8)
    clock = SteppingClock(0.05, limit=master.max_think_time).install(monkeypatch)
    move = choose_move(Board(MIDGAME), master, time_budget=60.0)
    assert clock.elapsed < master.max_think_time
    assert move in Board(MIDGAME).legal_moves()


@pytest.mark.parametrize("level", [LEVELS[1], LEVELS[-1]], ids=lambda level: level.key)
def test_stop_returns(level: Level, monkeypatch: pytest.MonkeyPatch) -> None:
    # The clock stands still: only the stop can end the Master's search.
    StoppedClock().install(monkeypatch)
    stop = threading.Event()
    result: list[Move] = []
    infos: list[SearchInfo] = []
    reported = threading.Event()

    def think() -> None:
        result.append(choose_move(Board(), level, stop=stop, on_info=seen, time_budget=30.0))

    def seen(info: SearchInfo) -> None:
        infos.append(info)
        reported.set()

    thread = threading.Thread(target=think, daemon=True)
    thread.start()
    assert reported.wait(HANG), "the search never reported"
    stop.set()
    thread.join(HANG)
    assert not thread.is_alive()
    assert result and result[0] in Board().legal_moves()
    assert infos


NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


@pytest.mark.parametrize("key", ["ataxx", "attangle"])
def test_a_level_that_reads_moves_ahead_says_its_depth(key: str) -> None:
    """New game's "Reads N moves ahead" counts each side's move, as the search counts plies, in every game."""
    from game.games import game

    said = 0
    for level in game(key).load_ai().levels:
        found = re.search(r"Reads (\w+) moves ahead", level.description)
        if found:
            assert NUMBERS[found.group(1)] == level.depth, level.key  # type: ignore[attr-defined]
            said += 1
    assert said


def test_the_readme_says_how_far_ataxx_levels_read_as_new_game_does() -> None:
    readme = " ".join((Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8").split())
    assert "Skilled reads three moves ahead" in readme and "Expert five" in readme
    assert level_by_key("skilled").depth == 3 and level_by_key("expert").depth == 5
