"""The computer resigns a game its search proves lost, at every level but the Beginner, in the games whose
search can prove it (Ataxx, Attangle); Lionheart's chance search never proves a loss, so it plays on."""

from __future__ import annotations

import random
import threading

import pytest

from game.ai.api import LEVEL_KEYS, Progress, careless_choice
from game.ai.limits import WIN_SCORE
from game.games import game, playable_games

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search

# Red has four pieces against Blue's 44 and one empty square, c1: Red fills it and the board is full, or
# jumps e3-c1 and Blue fills e3; either way Blue wins (a loss two plies away, every move searched to the end).
ATAXX_LOST = "ooooooo/ooooooo/ooooooo/ooooooo/ooooxoo/ooxxooo/oo1xooo x 0 1"
# Lost as surely, but four plies away (c2-e1 leaves c2 to Blue, and so on): beyond the Skilled's three.
ATAXX_LOST_DEEPER = "ooooooo/ooooooo/ooooooo/ooooooo/ooooooo/ooxxxoo/oo1x1oo x 0 1"
# White to move, and Black builds its third triple within two turns whatever White does (found by a
# three-ply search of random games, and proved by every level's search below).
ATTANGLE_LOST = "b,wb,-,bw/wwb,w,-,-,w/-,-,w,-,-,-/-,b,-,-,-,-,bwb/-,-,w,w,-,b/-,b,-,w,-/-,bw,-,- w 6 8"
# Gold to move, well ahead: a game nobody resigns.
ATAXX_EVEN = "x5o/7/7/7/7/7/o5x x 0 1"


def last_progress(key: str, position: str, level: str, seed: int = 1) -> Progress:
    """What the computer's search at ``level`` reports last on ``position`` (as the worker would pass it on)."""
    reports: list[Progress] = []
    ai = game(key).load_ai()
    ai.choose(
        position,
        level,
        stop=threading.Event(),
        on_progress=reports.append,
        rng=random.Random(seed),
        time_budget=0.5,
        memory={},
    )
    assert reports, f"{key} at {level} reported nothing"
    return reports[-1]


def test_every_level_resigns_but_the_beginner() -> None:
    for definition in playable_games():
        ai = definition.load_ai()
        assert [level.key for level in ai.levels] == list(LEVEL_KEYS)
        assert [level.resigns for level in ai.levels] == [False, True, True, True, True]


@pytest.mark.parametrize(("key", "position"), [("ataxx", ATAXX_LOST), ("attangle", ATTANGLE_LOST)])
@pytest.mark.parametrize("level", ["skilled", "expert", "master"])
def test_a_proved_loss_is_resigned(key: str, position: str, level: str) -> None:
    ai = game(key).load_ai()
    # A level that now and then forgets the reply (Attangle's Skilled) sees the loss when it looks.
    progress = next(
        report for seed in range(12) if (report := last_progress(key, position, level, seed)).depth >= 2
    )
    assert progress.score < -(WIN_SCORE - 10)
    assert ai.resigns(level, progress.depth, progress.score)
    # The Beginner sees it too (or not), and plays on all the same.
    beginner = last_progress(key, position, "beginner")
    assert not ai.resigns("beginner", beginner.depth, beginner.score)
    assert not ai.resigns("beginner", progress.depth, progress.score)


def test_a_loss_beyond_the_level_s_sight_is_played_on() -> None:
    ai = game("ataxx").load_ai()
    skilled = last_progress("ataxx", ATAXX_LOST_DEEPER, "skilled")  # three plies deep: not seen
    assert skilled.depth == 3 and not ai.resigns("skilled", skilled.depth, skilled.score)
    expert = last_progress("ataxx", ATAXX_LOST_DEEPER, "expert")
    assert ai.resigns("expert", expert.depth, expert.score)
    # The Casual looks at the reply, but now and then forgets it (``overlook``): then it does not see it.
    seen = [last_progress("ataxx", ATAXX_LOST, "casual", seed) for seed in range(6)]
    assert {progress.depth for progress in seen} == {1, 2}
    for progress in seen:
        assert ai.resigns("casual", progress.depth, progress.score) is (progress.depth == 2)


def test_an_open_game_is_never_resigned() -> None:
    ai = game("ataxx").load_ai()
    for level in LEVEL_KEYS:
        progress = last_progress("ataxx", ATAXX_EVEN, level)
        assert not ai.resigns(level, progress.depth, progress.score)


def test_what_does_not_prove_a_loss_is_no_reason_to_resign() -> None:
    ai = game("ataxx").load_ai()
    lost = -(WIN_SCORE - 3)
    assert ai.resigns("master", 4, lost)
    assert not ai.resigns("master", 0, lost)  # a search stopped before its first depth guessed
    assert not ai.resigns("master", 4, WIN_SCORE - 3)  # a win
    assert not ai.resigns("master", 4, -2_500)  # far behind, but not lost
    with pytest.raises(ValueError, match="unknown level"):
        ai.resigns("grandmaster", 4, lost)


def test_lionheart_never_resigns_its_chance_search_proves_no_loss() -> None:
    ai = game("lionheart").load_ai()
    assert ai.proves_losses is False  # type: ignore[attr-defined]
    for level in LEVEL_KEYS:
        assert not ai.resigns(level, 6, -(WIN_SCORE - 2))


class _TwoMoves:
    """A searcher whose two moves score a small edge and a forced loss."""

    nodes = 0

    def score_moves(self, position: object, depth: int, **limits: object) -> list[tuple[str, int]]:
        return [("good", 50), ("lost", -(WIN_SCORE - 2))]


def test_a_careless_level_reports_its_best_move_not_its_slip() -> None:
    """A weak level that wanders into a losing move has not seen the game lost: its report says the best."""
    for seed in range(20):
        infos = []
        move = careless_choice(
            _TwoMoves(), None, depth=2, noise=0, wander=1.0, budget=1.0, stop=None,
            on_info=infos.append, rng=random.Random(seed),
        )  # fmt: skip
        assert infos[-1].score == 50 and infos[-1].pv == (move,)
        if move == "lost":
            break
    else:
        pytest.fail("the wandering level never picked the losing move")
    assert not game("attangle").load_ai().resigns("casual", infos[-1].depth, infos[-1].score)
