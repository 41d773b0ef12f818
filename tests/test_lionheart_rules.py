"""Lionheart's rules, one case each on chosen dice: seed 003's appendix C and design.md's decisions."""

from __future__ import annotations

import pytest
from lionheart_play import battle

from game.engine.lionheart import (
    CHANCE,
    GOLD,
    SILVER,
    Action,
    Battle,
    IllegalMoveError,
    Move,
    Termination,
    dice_count,
)

A, F, P = "axe", "arrow", "panic"


def play(position: Battle, *entries: str | tuple[str, ...]) -> Battle:
    """Push actions (as text) and rolls (as tuples) in order."""
    for entry in entries:
        position.push(Move.from_text(entry) if isinstance(entry, str) else entry)
    return position


def units(position: Battle) -> set[str]:
    return {unit.text() for unit in position.units}


def moves(position: Battle, square: str) -> set[str]:
    return {str(move) for move in position.moves_from(square)}


# --- the start -------------------------------------------------------------------


def test_the_standard_battle_waits_on_the_opening_roll() -> None:
    position = Battle.standard()
    assert position.text().endswith(" - 2 0 start")
    assert position.text() == Battle().text()
    assert position.turn == CHANCE and position.legal_moves() == []
    assert len(position.units) == 20 and position.unit_at("e1") == position.units[2]
    king = position.unit_at("e10")
    assert king is not None and (king.owner, king.kind, king.figures, king.facing) == (SILVER, "K", 1, "S")
    assert {unit.text() for unit in position.army(GOLD)} == {
        "gA4c1N", "gN2d1N", "gK1e1N", "gN2f1N", "gA4g1N", "gI4c2N", "gI4d2N", "gI4e2N", "gI4f2N", "gI4g2N",
    }  # fmt: skip


def test_the_opening_roll_gives_the_first_turn_to_the_most_axes() -> None:
    position = play(Battle.standard(), (F, A, P, A))
    assert position.text().endswith(" - 2 0 start:HHFP") and position.turn == CHANCE
    play(position, (A, A, A, P))
    assert position.turn == SILVER and position.text().endswith(" s 2 1 -")


def test_a_tied_opening_roll_is_rolled_again() -> None:
    position = play(Battle.standard(), (A, A, F, F), (A, A, P, P))
    assert position.text().endswith(" - 2 0 start") and position.turn == CHANCE
    play(position, (A, F, F, F), (F, F, F, F))
    assert position.turn == GOLD


# --- moving and turning ----------------------------------------------------------


def test_infantry_advances_one_square_straight_ahead_only() -> None:
    position = battle("gI4e5N,gA4c5E")
    assert moves(position, "e5") == {"e5-e6", "e5:E", "e5:S", "e5:W"}
    assert moves(position, "c5") == {"c5-d5", "c5:N", "c5:S", "c5:W"}
    for illegal in ("e5-e7", "e5-e4", "e5-f5", "e5:N"):
        with pytest.raises(IllegalMoveError):
            position.push(Move.from_text(illegal))


def test_a_unit_in_the_way_blocks_a_move() -> None:
    position = battle("gI4e5N,sI4e6S")
    assert "e5-e6" not in moves(position, "e5")


def test_kings_and_knights_ride_any_distance_until_blocked() -> None:
    position = battle("gN2e3N,gK1c2E,sI4e7S")
    assert {str(m) for m in position.moves_from("e3") if m.action is Action.MOVE} == {
        "e3-e4",
        "e3-e5",
        "e3-e6",
    }
    assert {str(m) for m in position.moves_from("c2") if m.action is Action.MOVE} == {
        f"c2-{file}2" for file in "defghi"
    }


def test_a_turn_costs_an_action_and_two_actions_end_the_turn() -> None:
    position = play(battle("gI4e5N"), "e5:E")
    assert position.unit_at("e5").facing == "E" and position.actions_left == 1 and position.turn == GOLD
    play(position, "e5-f5")
    assert position.turn == SILVER and position.actions_left == 2 and position.quiet == 2


def test_heavy_infantry_pays_both_actions_to_move_or_turn() -> None:
    position = play(battle("gH2e5N"), "e5-e6")
    assert position.turn == SILVER and position.actions_left == 2
    tired = battle("gH2e5N,sI4e6S", actions=1)
    assert moves(tired, "e5") == {"e5xe6"}
    with pytest.raises(IllegalMoveError, match="both actions"):
        tired.push(Move.from_text("e5:E"))


# --- attacks ---------------------------------------------------------------------


def test_infantry_attacks_only_the_square_ahead() -> None:
    position = battle("gI4e5N,sI4e6S,sI4f5W,sI4d6S")
    assert {str(m) for m in position.moves_from("e5") if m.action is Action.ATTACK} == {"e5xe6"}


def test_archers_shoot_in_the_three_files_ahead_over_units() -> None:
    position = battle("gA4e5N,gI4e6N,sI4e7S,sI4d8S,sI4f6S,sI4c6S,sI4e9S,sI4e4N")
    assert {str(m) for m in position.moves_from("e5") if m.action is Action.ATTACK} == {
        "e5xe7", "e5xd8", "e5xf6",
    }  # fmt: skip
    sideways = battle("gA4e5E,sI4h6W,sI4f4W,sI4i5W,sI4e6S")
    assert {str(m) for m in sideways.moves_from("e5") if m.action is Action.ATTACK} == {"e5xh6", "e5xf4"}


def test_heavy_infantry_attacks_all_eight_neighbours() -> None:
    position = battle("gH2e5N,sI4e4N,sI4d6S,sI4f5W,sI4e7S")
    assert {str(m) for m in position.moves_from("e5") if m.action is Action.ATTACK} == {
        "e5xe4", "e5xd6", "e5xf5",
    }  # fmt: skip


def test_an_attack_is_a_chance_node_with_the_attackers_dice() -> None:
    position = play(battle("gI4e5N,sI4e6S"), "e5xe6")
    assert position.turn == CHANCE and position.text().endswith(" g 2 1 e5xe6")
    assert position.pending_attack == ("e5", "e6")
    assert all(len(outcome) == 4 for outcome, _ in position.chance_outcomes())


@pytest.mark.parametrize(
    ("kind", "figures", "dice"),
    [("K", 1, 2), ("N", 2, 4), ("N", 1, 2), ("I", 3, 3), ("A", 4, 4), ("M", 10, 4), ("M", 3, 3),
     ("H", 2, 4), ("H", 1, 2), ("P", 3, 3), ("R", 2, 4), ("R", 1, 2)],
)  # fmt: skip
def test_dice_per_unit_kind(kind: str, figures: int, dice: int) -> None:
    assert dice_count(kind, figures) == dice
    position = play(battle(f"g{kind}{figures}e5N,sI4e6S"), "e5xe6")
    assert {len(outcome) for outcome, _ in position.chance_outcomes()} == {dice}


def test_infantry_hits_with_axes() -> None:
    position = play(battle("gI4e5N,sI4e6S"), "e5xe6", (A, A, F, P))
    assert position.unit_at("e6").figures == 2 and position.actions_left == 1
    assert position.unit_at("e5").attacked and position.quiet == 0


def test_archers_hit_with_arrows() -> None:
    position = play(battle("gA4e5N,sI4e7S"), "e5xe7", (A, A, A, F))
    assert position.unit_at("e7").figures == 3


def test_peasants_hit_with_the_more_frequent_of_axes_and_arrows() -> None:
    position = play(battle("gP4e5N,sI4e6S"), "e5xe6", (F, F, F, A))
    assert position.unit_at("e6").figures == 1


def test_two_hits_take_a_knight_and_leftover_hits_are_lost() -> None:
    position = play(battle("gI4e5N,sN2e6S"), "e5xe6", (A, A, A, F))
    assert position.unit_at("e6").figures == 1
    play(position, "a1:E")  # the turn passes: no wound carries over
    assert position.unit_at("e6").figures == 1


def test_hits_beyond_the_targets_figures_are_lost() -> None:
    position = play(battle("gI4e5N,sI1e6S,sI4h10S"), "e5xe6", (A, A, A, A))
    assert position.unit_at("e6") is None and position.outcome() is None


def test_one_hit_does_not_hurt_a_king() -> None:
    position = play(battle("gI4e5N,sK1e6S"), "e5xe6", (A, F, F, F))
    assert position.unit_at("e6") is not None and position.outcome() is None


def test_one_attack_per_unit_a_turn() -> None:
    position = play(battle("gI4e5N,gI4d5N,sI4e6S,sI4d6S"), "e5xe6", (F, F, F, F))
    assert "e5xe6" not in moves(position, "e5") and "d5xd6" in moves(position, "d5")
    with pytest.raises(IllegalMoveError, match="attacked in this turn already"):
        position.push(Move.from_text("e5xe6"))
    play(position, "d5:E")  # the turn passes: the marks are cleared
    assert "*" not in position.text()


# --- the lone soldier ------------------------------------------------------------


def test_a_lone_infantryman_rolls_again_after_a_hit_on_a_two_hit_figure() -> None:
    position = play(battle("gI1e5N,sN2e6S"), "e5xe6", (A,))
    assert position.turn == CHANCE and position.text().endswith(" e5xe6:H")
    assert [len(outcome) for outcome, _ in position.chance_outcomes()] == [1, 1, 1]
    play(position, (A,))
    assert position.unit_at("e6").figures == 1 and position.actions_left == 1


def test_a_lone_soldiers_second_miss_leaves_the_target_whole() -> None:
    position = play(battle("gI1e5N,sK1e6S"), "e5xe6", (A,), (P,))
    assert position.unit_at("e6") is not None and position.turn == GOLD and position.actions_left == 1
    assert position.unit_at("e5").facing == "N"  # the second die's panic is no panic


def test_a_lone_archer_rolls_again_after_an_arrow() -> None:
    position = play(battle("gA1e5N,sH2e7S"), "e5xe7", (F,))
    assert position.text().endswith(" e5xe7:F")
    play(position, (F,))
    assert position.unit_at("e7").figures == 1


def test_no_second_roll_after_a_miss_or_against_one_hit_figures() -> None:
    missed = play(battle("gI1e5N,sN2e6S"), "e5xe6", (F,))
    assert missed.turn == GOLD and missed.unit_at("e6").figures == 2
    plain = play(battle("gI1e5N,sI4e6S"), "e5xe6", (A,))
    assert plain.turn == GOLD and plain.unit_at("e6").figures == 3


def test_peasants_are_no_lone_soldiers() -> None:
    position = play(battle("gP1e5N,sN2e6S"), "e5xe6", (A,))
    assert position.turn == GOLD and position.unit_at("e6").figures == 2


# --- panic -----------------------------------------------------------------------


def test_all_dice_panic_turns_the_attacker_about_and_steps_it_back() -> None:
    position = play(battle("gI4e5N,sI4e6S"), "e5xe6", (P, P, P, P))
    assert position.unit_at("e5") is None and position.unit_at("e4").text() == "gI4e4S*"


def test_no_panic_unless_every_die_shows_it() -> None:
    position = play(battle("gI4e5N,sI4e6S"), "e5xe6", (P, P, P, F))
    assert position.unit_at("e5").text() == "gI4e5N*"


def test_panic_off_the_board_kills_the_unit() -> None:
    position = play(battle("gI4d1N,sI4d2S"), "d1xd2", (P, P, P, P))
    assert position.unit_at("d1") is None and position.quiet == 0


@pytest.mark.parametrize("blocker", ["gK1e4N", "gR2e4N", "sI4e4N"])
def test_panic_against_the_own_king_own_mercenaries_or_an_enemy_kills_the_unit(blocker: str) -> None:
    position = play(battle(f"gI4e5N,sI4e6S,{blocker},gI4c3N"), "e5xe6", (P, P, P, P))
    assert position.unit_at("e5") is None and position.unit_at("e4").text() == blocker


def test_panic_spreads_to_own_units_in_the_way() -> None:
    position = play(battle("gI4e5N,gA4e4N,gI4e3E,sI4e6S"), "e5xe6", (P, P, P, P))
    # e5 turns about into the archers, which turn about and step south into e3's infantry, which steps
    # west: the chain makes room down the line.
    assert units(position) >= {"gI4e4S*", "gA4e3S", "gI4d3W"}


def test_a_chain_that_turns_back_on_itself_kills_the_unit_that_would_step_into_it() -> None:
    position = play(battle("gI4e5N,gA4e4S,sI4e6S"), "e5xe6", (P, P, P, P))
    assert units(position) >= {"gI4e4S*"} and position.unit_at("e5") is None


def test_a_chained_unit_blocked_by_its_king_dies_and_makes_room() -> None:
    position = play(battle("gI4e5N,gA4e4N,gK1e3N,sI4e6S"), "e5xe6", (P, P, P, P))
    assert units(position) >= {"gI4e4S*", "gK1e3N"} and position.unit_at("e5") is None


def test_kings_never_panic() -> None:
    position = play(battle("gK1e5N,sI4e6S"), "e5xe6", (P, P))
    assert position.unit_at("e5").text() == "gK1e5N*"


def test_mercenaries_never_panic() -> None:
    position = play(battle("gR1e5N,sI4e6S,sI4e7S"), "e5xe6", (P, P))
    assert position.unit_at("e5").text() == "gR1e5N*"


# --- peasants and mercenaries ----------------------------------------------------


def test_peasants_step_back_once_per_panic_after_attacking() -> None:
    position = play(battle("gP4e5N,sI4e6S"), "e5xe6", (F, F, P, P))
    assert position.unit_at("e6").figures == 2 and position.unit_at("e3").text() == "gP4e3S*"


def test_peasants_step_back_even_after_a_miss() -> None:
    position = play(battle("gP2e5N,sI4e6S"), "e5xe6", (A, P))
    assert position.unit_at("e6").figures == 3 and position.unit_at("e4").text() == "gP2e4S*"


def test_peasants_without_panic_hold_their_ground() -> None:
    position = play(battle("gP2e5N,sI4e6S"), "e5xe6", (A, F))
    assert position.unit_at("e5").text() == "gP2e5N*"


def test_peasants_stepping_off_the_board_die() -> None:
    position = play(battle("gP4e2N,sI4e3S"), "e2xe3", (A, A, P, P))
    assert position.unit_at("e3").figures == 2 and not any(unit.kind == "P" for unit in position.units)


def test_mercenaries_push_the_defender_back_once_per_panic() -> None:
    position = play(battle("gR2e5N,sI4e6S"), "e5xe6", (A, P, P, F))
    assert position.unit_at("e8").text() == "sI3e8S" and position.unit_at("e5").text() == "gR2e5N*"


def test_a_blocked_push_stops_and_the_defender_stays() -> None:
    position = play(battle("gR2e5N,sI4e6S,sI4e8S"), "e5xe6", (P, P, P, P))
    assert position.unit_at("e7").text() == "sI4e7S" and position.unit_at("e8") is not None
    edge = play(battle("gR1h9E,sI4i9S"), "h9xi9", (P, P))
    assert edge.unit_at("i9").text() == "sI4i9S"


def test_the_king_bribes_enemy_mercenaries_without_dice() -> None:
    position = play(battle("gK1e5N,sR2e6S"), "e5xe6")
    assert position.turn == GOLD and position.actions_left == 1
    assert position.unit_at("e6").text() == "gR2e6S" and position.unit_at("e5").attacked
    assert position.is_bribe(Move.from_text("e5xe6")) is False  # they are Gold's now


def test_mercenaries_beside_their_king_facing_them_refuse_the_bribe() -> None:
    position = play(battle("gK1e5N,sR2e6S,sK1e7S"), "e5xe6")
    assert position.unit_at("e6").text() == "sR2e6S" and position.actions_left == 1
    turned_away = play(battle("gK1e5N,sR2e6S,sK1e7N"), "e5xe6")
    assert turned_away.unit_at("e6").owner == GOLD


# --- the end ---------------------------------------------------------------------


def test_killing_the_king_wins_at_once() -> None:
    position = play(battle("gI4e5N,sK1e6S"), "e5xe6", (A, A, F, F))
    outcome = position.outcome()
    assert outcome is not None and outcome.winner == GOLD and outcome.termination is Termination.KING_KILLED
    assert position.legal_moves() == []


def test_a_king_left_alone_loses() -> None:
    position = play(battle("gI4e5N,sI1e6S,sK1i10S"), "e5xe6", (A, F, F, F))
    outcome = position.outcome()
    assert (
        outcome is not None and outcome.winner == GOLD and outcome.termination is Termination.ARMY_DESTROYED
    )


def test_both_sides_falling_at_once_is_a_draw() -> None:
    position = play(Battle("gK1a1N,gP4e1N,sI1e2S,sK1i10S g 2 1 -"), "e1xe2", (A, A, P, P))
    outcome = position.outcome()
    assert outcome is not None and outcome.winner is None and outcome.termination is Termination.BOTH_FALLEN


def test_thirty_quiet_turns_draw() -> None:
    position = play(battle("gI4e5N", actions=1, quiet=30), "e5:E")
    outcome = position.outcome()
    assert outcome is not None and outcome.winner is None and outcome.termination is Termination.QUIET
    assert position.text().endswith(" s 2 31 -")
    almost = play(battle("gI4e5N", actions=1, quiet=29), "e5:E")
    assert almost.outcome() is None and almost.quiet == 30


def test_a_removed_figure_starts_the_quiet_count_again() -> None:
    position = play(battle("gI4e5N,sI4e6S", quiet=25), "e5xe6", (A, F, F, F))
    assert position.quiet == 0
    play(position, "a1:E")
    assert position.quiet == 1 and position.turn == SILVER


def test_the_end_is_checked_after_every_roll_mid_turn() -> None:
    position = play(battle("gI4e5N,gI4d5N,sK1e6S"), "e5xe6", (A, A, A, A))
    assert position.actions_left == 1 and position.outcome() is not None and position.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="over"):
        position.push(Move.from_text("d5-d6"))
