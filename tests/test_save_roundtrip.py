"""Saves never lose a game: whatever a match went through, save then load gives the same match.

A property test (Hypothesis) plays random matches of every playable game of the
registry, and of the tests' own Raid (dice, turns of two actions, a set-up),
with random undo, redo and resignations, then writes the match (as a named save and as the
autosave) and loads it back: the moves, the redo line, the position, the
players, the options, the clock, the result and the dice to come are the same.
And the case that lost games: 80 moves undone back to the start, then saved.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
import raid
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import games
from game.engine import saves
from game.engine.core import Trait
from game.engine.match import Match, Player
from game.engine.pgn import parse_pgn
from game.engine.rules import GameRules

PLAYABLE = [definition.key for definition in games.playable_games()]
STEPS = st.lists(
    st.sampled_from(["move", "move", "move", "undo", "undo_turn", "redo", "redo_turn", "resign"]), max_size=60
)
PLAYERS = st.sampled_from(
    [
        (Player.human(), Player.human()),
        (Player.human("Ann"), Player.computer("expert")),
        (Player.computer("beginner", "Bot"), Player.human('Zoë  "the bold" [x] \\o/ ')),
    ]
)


def _rules(key: str) -> GameRules:
    return raid.RULES if key == "raid" else games.game(key).load_rules()


def _play(match: Match, steps: list[str], rng: random.Random) -> None:
    """Run ``steps`` on ``match``: a random move (or the roll due), an undo or a redo, when possible."""
    for step in steps:
        if step == "move" and not match.is_over:
            if match.at_chance:
                match.roll()
            else:
                match.play(rng.choice(match.legal_moves()))
        elif step == "undo" and match.can_undo:
            match.undo()
        elif step == "undo_turn":
            match.undo_turn()
        elif step == "redo" and match.can_redo and not match.is_over:
            match.redo()
        elif step == "redo_turn":
            match.redo_turn()
        elif step == "resign" and not match.is_over:
            match.resign(rng.choice((0, 1)))  # either seat, whoever is to move (or the dice)


def _same(loaded: Match, match: Match) -> None:
    rules = match.rules
    assert [rules.move_text(move) for move in loaded.moves] == [rules.move_text(move) for move in match.moves]
    assert loaded.redo_moves == match.redo_moves
    assert rules.position_text(loaded.position) == rules.position_text(match.position)
    assert loaded.start_text == match.start_text
    assert loaded.players == match.players
    assert loaded.options == match.options
    assert loaded.elapsed == pytest.approx(match.elapsed, abs=0.06)
    # The time is saved to a tenth of a second: the rest of the result is the same.
    assert (loaded.result is None) == (match.result is None)
    if match.result is not None:
        assert loaded.result is not None
        assert loaded.result.elapsed == pytest.approx(match.result.elapsed, abs=0.06)
        assert dataclasses.replace(loaded.result, elapsed=0.0) == dataclasses.replace(
            match.result, elapsed=0.0
        )
    assert loaded.resigned == match.resigned
    if match.result is not None:
        assert loaded.result is not None and loaded.result.scores == match.result.scores
    assert loaded.history() == match.history()
    assert loaded.turn_records() == match.turn_records()
    assert loaded.can_undo_turn == match.can_undo_turn
    if Trait.CHANCE in rules.traits:
        assert (loaded.seed, loaded.draws) == (match.seed, match.draws)
        # The dice to come are the same: play both on with the same choices.
        chooser = random.Random(5)
        for _ in range(30):
            if match.is_over:
                break
            if match.at_chance:
                assert loaded.roll() == match.roll()
            else:
                move = chooser.choice(match.legal_moves())
                match.play(move)
                loaded.play(move)
        assert loaded.moves == match.moves


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    key=st.sampled_from([*PLAYABLE, "raid"]),
    steps=STEPS,
    players=PLAYERS,
    choices=st.integers(0, 2**32 - 1),
    seed=st.integers(0, 2**32 - 1),
    elapsed=st.floats(0, 10_000),
    options=st.lists(st.booleans(), min_size=4, max_size=4),
)
def test_save_then_load_gives_the_same_match(
    key: str, steps: list[str], players: tuple[Player, Player], choices: int, seed: int, elapsed: float,
    options: list[bool],
) -> None:  # fmt: skip
    rules = _rules(key)
    switches = {option.key: on for option, on in zip(rules.options, options, strict=False)}
    match = Match(rules, players=players, options=switches, seed=seed, elapsed=elapsed, clock=lambda: 0.0)
    _play(match, steps, random.Random(choices))

    text = saves.match_to_pgn(match, level_name="Somewhere")
    _same(saves.match_from_pgn(parse_pgn(text, rules), rules), match)
    if key == "raid":
        return  # not in the registry: no file of its own
    path = saves.save_game("round trip", match, level_name="Somewhere")
    loaded, pgn_game = saves.load_game(path)
    assert pgn_game.tag("Level") == "Somewhere"
    _same(loaded, match)
    saves.write_autosave(match, level_name="Somewhere")
    autosaved = saves.load_autosave(key)
    if match.is_over:
        assert autosaved is None  # a finished game leaves no game to continue
    else:
        assert autosaved is not None
        _same(autosaved[0], match)


def _long_ataxx_game(plies: int) -> Match:
    rules = games.game("ataxx").load_rules()
    for seed in range(100):
        rng = random.Random(seed)
        match = Match(rules, players=(Player.human(), Player.computer("master")))
        while match.ply < plies and not match.is_over:
            match.play(rng.choice(match.legal_moves()))
        if match.ply == plies and not match.is_over:
            return match
    raise AssertionError(f"no random game of {plies} moves")


def test_eighty_moves_undone_to_the_start_save_and_load_whole() -> None:
    match = _long_ataxx_game(80)
    played = [str(move) for move in match.moves]
    while match.can_undo:
        match.undo()
    assert match.ply == 0 and len(match.redo_moves) == 80
    path = saves.save_game("long", match)
    assert len(path.read_text()) > 300  # the Redo tag alone is far longer than the 200 characters once kept
    loaded, _ = saves.load_game(path)
    assert [str(move) for move in loaded.redo_moves] == played
    saves.write_autosave(match)
    continued = saves.load_autosave("ataxx")
    assert continued is not None and [str(move) for move in continued[0].redo_moves] == played
    # Redo replays every move of the game.
    while continued[0].can_redo:
        continued[0].redo()
    assert [str(move) for move in continued[0].moves] == played
    assert saves.list_saves()[0].name == "long"  # listed as a good save, not set aside


def test_half_undone_long_game_keeps_both_halves() -> None:
    match = _long_ataxx_game(80)
    for _ in range(37):
        match.undo()
    loaded, _ = saves.load_game(saves.save_game("half", match))
    assert loaded.ply == 43 and len(loaded.redo_moves) == 37
    assert loaded.redo_moves == match.redo_moves and loaded.moves == match.moves


def test_a_notation_that_is_not_one_token_is_never_written() -> None:
    class Spaced(raid.RaidRules):
        def move_text(self, entry: object) -> str:
            return f"({entry})"

    rules = Spaced()
    match = Match(rules, players=(Player.human(), Player.human()))
    match.play("b1")
    with pytest.raises(ValueError, match=r"'\(b1\)' is not one token"):
        saves.match_to_pgn(match)
