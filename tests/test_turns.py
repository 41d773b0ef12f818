"""Turns of several actions, set-up, opening roll and dice in the generic match, on the tests' own Raid.

What Lionheart needs of the core before it exists: the match knows where a
turn starts (undo goes back to the start of a person's turn, never across a
roll, and never leaves the computer to move again with dice it has seen), who
moved first once the opening roll decided, and a save taken while a roll is
due loads back at that very node, with the same dice to come.
"""

from __future__ import annotations

import pytest
import raid

from game.engine import saves
from game.engine.core import CHANCE
from game.engine.match import Match, Player, TurnRecord
from game.engine.pgn import parse_pgn

RULES = raid.RULES
VS_COMPUTER = (Player.human("Ann"), Player.computer("expert"))


def text(match: Match) -> str:
    return RULES.position_text(match.position)


def play(match: Match, *entries: str) -> None:
    """Play ``entries`` in order: moves for the seat to move, recorded outcomes at rolls."""
    for entry in entries:
        match.replay(entry)


def test_set_up_then_the_opening_roll_decides_who_starts() -> None:
    match = Match(RULES, players=VS_COMPUTER)
    assert match.in_setup and match.turn == 0 and match.legal_moves() == ["b0", "b1", "b2"]
    assert RULES.rolls_first_seat(RULES.start_text)
    play(match, "b2", "b1")
    assert not match.in_setup and match.at_chance and text(match) == "2 1 - 2 0 start"
    play(match, "S")
    assert match.turn == 1 and match.first_seat == 0  # the set-up came first, seat 0's
    assert match.starts_turn and match.actions_left == 2
    play(match, "step")
    assert not match.starts_turn and match.actions_left == 1 and match.turn == 1


def test_the_first_seat_is_the_first_to_move_after_an_opening_roll() -> None:
    match = Match(RULES, "0 0 - 2 0 start")  # no set-up: the roll comes first
    assert match.at_chance and match.first_seat == 0  # not known yet: seat 0 by default
    play(match, "S")
    assert match.first_seat == 0  # still nobody moved
    play(match, "step")
    assert match.first_seat == 1


def test_turn_records_group_each_turns_actions_and_rolls() -> None:
    match = Match(RULES, "0 0 - 2 0 start")
    play(match, "G", "step", "gamble", "W", "hit", "gamble", "L")
    records = match.turn_records()
    assert records == [
        TurnRecord(None, 0, ((CHANCE, "G"),)),
        TurnRecord(0, 1, ((0, "step"), (0, "gamble"), (CHANCE, "W"))),
        TurnRecord(1, 1, ((1, "hit"), (1, "gamble"), (CHANCE, "L"))),
    ]
    assert match.turn == 0 and match.starts_turn


def test_undo_against_the_computer_goes_back_to_the_start_of_the_persons_turn() -> None:
    match = Match(RULES, "0 0 - 2 0 start", VS_COMPUTER)
    play(match, "G", "step", "hit", "step", "step")  # Ann's turn, then the computer's
    assert match.turn == 0 and match.starts_turn
    assert match.undo_turn() == ["step", "step", "hit", "step"]
    assert text(match) == "0 0 0 2 0 -" and match.redo_moves == ["step", "hit", "step", "step"]
    # Mid-turn: back to the start of her turn.
    play(match, "step")
    assert match.undo_turn() == ["step"]
    # Redo replays up to her next choice at the start of a turn.
    assert match.redo_turn() == ["step", "hit", "step", "step"]
    assert match.turn == 0 and match.starts_turn


def test_undo_never_crosses_a_roll() -> None:
    match = Match(RULES, "0 0 - 2 0 start", VS_COMPUTER)
    # Ann gambles (rolled), then steps; the computer plays its turn.
    play(match, "G", "gamble", "L", "step", "step", "step")
    assert match.turn == 0
    # The start of her turn lies before the roll: back to her first choice after it.
    assert match.undo_turn() == ["step", "step", "step"]
    assert text(match) == "0 0 0 1 0 -" and match.turn == 0
    assert not match.can_undo_turn and match.undo_turn() == []  # the roll stands
    assert match.ply == 3 and match.history()[-1] == (CHANCE, "L")


def test_undo_never_leaves_the_computer_to_move_again_with_the_same_dice() -> None:
    match = Match(RULES, "0 0 - 2 0 start", VS_COMPUTER)
    play(match, "S", "gamble", "W", "hit")  # the computer started, gambled, won the roll, hit
    assert match.turn == 0
    # Nothing Ann chose lies after the roll: undo would hand the computer its roll again.
    assert not match.can_undo_turn and match.undo_turn() == []
    assert match.ply == 4


def test_between_two_people_undo_takes_back_the_last_turn() -> None:
    match = Match(RULES, "0 0 - 2 0 start")
    play(match, "G", "step", "step", "hit")
    assert match.undo_turn() == ["hit"]  # Seat 1's turn, begun: back to its start
    assert match.undo_turn() == ["step", "step"]  # then seat 0's whole turn
    assert match.undo_turn() == []  # the opening roll stands
    assert match.at_chance is False and match.turn == 0


def test_the_computer_sets_up_through_the_same_moves() -> None:
    match = Match(RULES, players=(Player.computer("expert"), Player.human()))
    assert match.in_setup and match.computer_to_move
    play(match, "b2")
    assert match.in_setup and not match.computer_to_move and match.turn == 1


def test_saved_while_a_roll_is_due_loads_at_that_node_with_the_same_dice() -> None:
    match = Match(RULES, players=VS_COMPUTER, seed=77)
    play(match, "b1", "b2")
    match.roll()
    while match.turn != 0:  # the computer's turn, if the roll gave it the start
        match.play("step")
    play(match, "step", "gamble")
    assert match.at_chance and text(match).endswith("gamble")
    pgn_text = saves.match_to_pgn(match)
    loaded = saves.match_from_pgn(parse_pgn(pgn_text, RULES), RULES)
    assert text(loaded) == text(match) and loaded.at_chance
    assert (loaded.seed, loaded.draws) == (match.seed, match.draws) == (77, 1)
    # The dice to come are the ones the saved match would have rolled.
    assert loaded.roll() == match.roll()
    # The gamble was her second action: the computer's turn now, and the roll stands, so nothing of
    # hers can be taken back.
    assert loaded.turn == 1 and loaded.starts_turn and loaded.undo_turn() == []
    for _ in range(3):
        for both in (loaded, match):
            both.play("step")
    assert loaded.moves == match.moves
    assert loaded.undo_turn() == match.undo_turn()


def test_a_schema_2_save_of_a_game_with_dice_loads_with_its_dice() -> None:
    """Schema 2 kept only the seed and re-drew every roll when loading: its rolls replay, the dice go on."""
    match = Match(RULES, "0 0 - 2 0 start", seed=2024)
    while match.ply < 9:
        if match.at_chance:
            match.roll()
        else:
            match.play("gamble" if match.ply % 3 else "step")
    written = saves.match_to_pgn(match)
    schema_2 = written.replace('[SchemaVersion "3"]', '[SchemaVersion "2"]')
    schema_2 = "\n".join(line for line in schema_2.splitlines() if not line.startswith("[Draws "))
    assert "Draws" not in schema_2
    loaded = saves.match_from_pgn(parse_pgn(schema_2, RULES), RULES)
    assert loaded.moves == match.moves and loaded.draws == match.draws
    while not match.is_over:
        if match.at_chance:
            assert loaded.roll() == match.roll()
        else:
            loaded.play("gamble")
            match.play("gamble")


def test_a_recorded_roll_that_the_dice_cannot_give_is_refused_with_the_reason() -> None:
    pgn_text = saves.match_to_pgn(Match(RULES, "0 0 - 2 0 start"))
    broken = pgn_text.replace("\n\n", "\n\n1. X ", 1)
    with pytest.raises(ValueError, match="'X'"):
        saves.match_from_pgn(parse_pgn(broken, RULES), RULES)


def test_a_huge_draws_count_is_refused() -> None:
    pgn_text = saves.match_to_pgn(Match(RULES, seed=3))
    with pytest.raises(saves.SaveError, match="bad Draws tag"):
        saves.match_from_pgn(
            parse_pgn(pgn_text.replace('[Draws "0"]', '[Draws "99999999999"]'), RULES), RULES
        )


def test_the_set_up_is_no_move_and_the_opening_roll_after_it_a_record_of_its_own() -> None:
    match = Match(RULES, players=VS_COMPUTER)
    play(match, "b2", "b1", "S", "step", "hit", "gamble", "W")
    assert match.turn_records() == [
        TurnRecord(0, 0, ((0, "b2"),), setup=True),
        TurnRecord(1, 0, ((1, "b1"),), setup=True),
        TurnRecord(None, 0, ((CHANCE, "S"),)),
        TurnRecord(1, 1, ((1, "step"), (1, "hit"))),
        TurnRecord(0, 2, ((0, "gamble"), (CHANCE, "W"))),
    ]
    # Seat 1 made the first move: move 1 is its, seat 0's reply is move 2, as in any game seat 1 starts.
    assert match.first_seat == 1 and match.full_moves == 2 and match.move_number == 2
