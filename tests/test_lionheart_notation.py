"""Lionheart's notation: position texts (every bad kind refused, saying why), actions, dice and their odds."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest
from lionheart_play import battle

from game.engine.lionheart import (
    Action,
    Battle,
    IllegalMoveError,
    InvalidMoveError,
    InvalidOutcomeError,
    InvalidPositionError,
    LionheartError,
    Move,
    dice_outcomes,
    outcome_text,
    parse_outcome,
)

A, F, P = "axe", "arrow", "panic"
KINGS = "gK1e1N,gI4c2N,sK1e10S,sI4c9S"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "0 fields"),
        ("gK1e1N", "1 fields"),
        (f"{KINGS} g 2 0 - extra", "6 fields"),
        (f"{KINGS} x 2", "the side is 'x'"),
        (f"{KINGS} g 3", "actions left are '3'"),
        (f"{KINGS} g 0", "actions left are '0'"),
        (f"{KINGS} g 2 x", "QUIET is 'x'"),
        (f"{KINGS} g 2 32", "QUIET is '32'"),
        (f"{KINGS} g 2 -1", "QUIET is '-1'"),
        (f"{KINGS} g 2 01", "QUIET is '01'"),
        (f"{KINGS} g 2 0 nonsense", "PENDING is 'nonsense'"),
        ("gK1j1N,sK1e10S g 2", "is not owner"),
        ("gK1e11N,sK1e10S g 2", "is not owner"),
        ("gK1e1Q,sK1e10S g 2", "is not owner"),
        ("xK1e1N,sK1e10S g 2", "is not owner"),
        ("gZ1e1N,sK1e10S g 2", "'Z' is no kind"),
        ("gK1e1N,gI5c2N,sK1e10S g 2", "at most 4 figures"),
        ("gK2e1N,sK1e10S g 2", "at most 1 figures"),
        ("gK1e1N,gI0c2N,sK1e10S g 2", "is not owner"),
        ("gK1e1N,gI04c2N,sK1e10S g 2", "is not owner"),
        ("gK1e1N,gI4e1N,sK1e10S g 2", "two units stand on e1"),
        ("gK1e1N,gK1c2N,sK1e10S g 2", "Gold has two kings"),
        ("gK1e1N,,sK1e10S g 2", "is not owner"),
        (f"{KINGS} - 2 0 -", "only before the opening roll"),
        (f"{KINGS} g 2 0 start", "the side is '-'"),
        (f"{KINGS} - 1 0 start", "ACTIONS is 2"),
        (f"{KINGS} - 2 0 start:HHF", "four dice"),
        (f"{KINGS} - 2 0 start:FHHP", "not a roll"),
        (f"{KINGS} - 2 0 start:HHHHH", "5 dice"),
        ("gK1e1N,gI4c2N*,sK1e10S,sI4c9S - 2 0 start", "has not begun"),
        ("gK1e1N,gI4c2N,sK1e10S,sI4c9S* g 2", "it is Gold's turn"),
        (f"{KINGS} g 2 0 d2xd3", "Gold has no unit on d2"),
        (f"{KINGS} g 2 0 c2xc3", "no enemy unit stands on c3"),
        ("gK1e1N,gI4c2N,sK1e10S,sI4c4S g 2 0 c2xc4", "out of the reach"),
        ("gK1e1N,gI4c2N*,sK1e10S,sI4c3S g 2 0 c2xc3", "attacked in this turn already"),
        ("gK1e1N,gI4c2N,sK1e10S,sR2e2S g 2 0 e1xe2", "bribe"),
        ("gK1e1N,gI4c2N,sK1e10S,sN2c3S g 2 0 c2xc3:H", "second die"),
        ("gK1e1N,gI1c2N,sK1e10S,sN2c3S g 2 0 c2xc3:F", "second die"),
        ("gK1e1N,gI1c2N,sK1e10S,sN2c3S g 2 0 c2xc3:X", "first die is a hit"),
        ("gK1e1N,gI4c2N,sI4c3S g 2 0 c2xc3", "over"),
        ("gK1d1N,sK1e10S g 2 0 setup", "Gold's king stands on e1"),
        ("gK1e1N,gI4c3N,sK1e10S g 2 0 setup", "two home ranks"),
        ("gK1e1N,gI4c2E,sK1e10S g 2 0 setup", "two home ranks"),
        ("gK1e1N,gR1a1N,gR1b1N,sK1e10S g 2 0 setup", "units of mercenaries"),
        ("gK1e1N,gP4a1N,gP1b1N,sK1e10S g 2 0 setup", "5 peasants"),
        ("gK1e1N,gI4c2N,sK1e10S s 2 0 setup", "Silver sets up once Gold's set-up is over, with 10 bases: "
         "Gold has 2 bases"),
        ("gK1e1N,sK1e10S,sI4c9S g 2 0 setup", "Silver places after Gold"),
        ("gK1e1N,gI1a1N,gI1b1N,gI1c1N,gI1d1N,gI1f1N,gI1g1N,gI1h1N,gI1i1N,gI1a2N,gI1b2N,sK1e10S g 2 0 setup",
         "11 bases, more than 10"),
        ("x" * 3000, "characters long"),
    ],
)  # fmt: skip
def test_bad_position_texts_are_refused_saying_why(text: str, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        Battle(text)


def test_a_position_must_be_text() -> None:
    with pytest.raises(InvalidPositionError, match="must be text"):
        Battle(42)  # type: ignore[arg-type]


def test_short_texts_take_the_defaults_and_text_writes_all_five_fields() -> None:
    assert Battle(f"{KINGS} s 1").text() == "gK1e1N,gI4c2N,sI4c9S,sK1e10S s 1 0 -"
    assert Battle(f"{KINGS} g 2 7").text().endswith(" g 2 7 -")


def test_every_pending_kind_reads_back() -> None:
    for text in (
        "gK1e1N,gI4c2N,sI4c9S,sK1e10S - 2 0 start",
        "gK1e1N,gI4c2N,sI4c9S,sK1e10S - 2 0 start:HFFP",
        "gK1e1N,gI4c2N,sK1e10S g 2 0 setup",
        "gM10a1N,gM10b1N,gA4c1N,gA4d1N,gK1e1N,gI4a2N,gI4b2N,gI4c2N,gI4d2N,gI4e2N,sK1e10S g 2 0 setup",
        "gM10a1N,gM10b1N,gA4c1N,gA4d1N,gK1e1N,gI4a2N,gI4b2N,gI4c2N,gI4d2N,gI4e2N,sI4d9S,sK1e10S s 2 0 setup",
        "gK1e1N,gI4c2N,sI4c3S,sK1e10S g 1 4 c2xc3",
        "gK1e1N,gI1c2N,sN2c3S,sK1e10S s 2 4 -",
        "gK1e1N,gI1c2N,sN2c3S,sI4c9S,sK1e10S g 2 4 c2xc3:H",
        "gK1e1N,gA1c2N,sH2d4S,sI4c9S,sK1e10S g 1 4 c2xd4:F",
        "gK1e1N,gI1c2N*,sI4c9S,sK1e10S g 1 31 -",
    ):
        assert Battle(text).text() == text


# --- actions ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["d1-d5", "d5-d1", "a1-i1", "c2:E", "e10:W", "c2xd3", "e5xe8", "h3xi3", "I@c2", "P1@a1", "P4@i10",
             "H1@d1", "R2@h2", "N@d1", "A@c1", "M@e2", "done"],
)  # fmt: skip
def test_action_texts_read_and_write_back(text: str) -> None:
    move = Move.from_text(text)
    assert (
        str(move) == text and Move.from_text(str(move)) == move and hash(move) == hash(Move.from_text(text))
    )


def test_action_values() -> None:
    assert Move.from_text("d1-d5") == Move.move("d1", "d5") == Move(Action.MOVE, "d1", "d5")
    assert Move.from_text("c2:E") == Move.turn("c2", "E")
    assert Move.from_text("c2xd3") == Move.attack("c2", "d3")
    assert Move.from_text("I@c2") == Move.place("I", "c2") == Move.from_text("I4@c2")
    assert Move.place("I", "c2").figures == 4 and Move.place("P", "c2", 2).figures == 2
    assert Move.from_text("done") == Move.done()
    with pytest.raises(AttributeError):
        Move.done().square = "e1"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "message"),
    [("", "empty"), ("e1", "not an action"), ("e1-e1", "straight"), ("d1-e2", "straight"),
     ("e1xe1", "own square"), ("e1xe5", "that far"), ("e1xg3", "that far"), ("e1:X", "not an action"),
     ("e1:e2", "a facing"), ("e1-N", "names a square"), ("j1-j2", "not an action"), ("e11-e12", "not an action"),
     ("Q@c2", "kinds placed"), ("K@e1", "kinds placed"), ("I3@c2", "4 figures"), ("P5@c2", "1 or 2 or 3 or 4"),
     ("I@z9", "not a square"), ("HHFP", "not an action"), ("done!", "not an action"), ("D1-D5", "not an action"),
     ("x" * 40, "too long")],
)  # fmt: skip
def test_bad_action_texts_are_refused_saying_why(text: str, message: str) -> None:
    with pytest.raises(InvalidMoveError, match=message):
        Move.from_text(text)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Move("move", "d1", "d5"), "not an Action"),  # type: ignore[arg-type]
        (lambda: Move(Action.MOVE, "z9", "d5"), "not a square"),
        (lambda: Move(Action.MOVE, "d1", "e2"), "straight"),
        (lambda: Move(Action.MOVE, "d1", "d5", facing="N"), "only a turn"),
        (lambda: Move(Action.MOVE, 4, "d5"), "must be text"),  # type: ignore[arg-type]
        (lambda: Move(Action.TURN, "d1", facing="X"), "N, E, S or W"),
        (lambda: Move(Action.TURN, "d1", "d2", facing="N"), "N, E, S or W"),
        (lambda: Move(Action.ATTACK, "d1", "d1"), "own square"),
        (lambda: Move(Action.ATTACK, "d1", "f3"), "that far"),
        (lambda: Move(Action.ATTACK, "d1", "d2", unit="I"), "only a placement"),
        (lambda: Move(Action.PLACE, "c2", unit="K", figures=1), "kinds placed"),
        (lambda: Move(Action.PLACE, "c2", unit="I", figures=3), "4 figures"),
        (lambda: Move(Action.PLACE, "c2", "c3", unit="I", figures=4), "no target"),
        (lambda: Move(Action.PLACE, "c2", unit="I", figures=True), "must be a number"),
        (lambda: Move(Action.DONE, "e5"), "names no square"),
    ],
)
def test_bad_action_values_are_refused(make: object, message: str) -> None:
    with pytest.raises(InvalidMoveError, match=message):
        make()  # type: ignore[operator]


def test_errors_are_value_errors() -> None:
    for error in (InvalidMoveError, InvalidPositionError, IllegalMoveError, InvalidOutcomeError):
        assert issubclass(error, LionheartError) and issubclass(error, ValueError)


# --- dice ------------------------------------------------------------------------


def test_dice_tokens_both_ways() -> None:
    assert parse_outcome("HHFP") == ("arrow", "axe", "axe", "panic")
    assert outcome_text(["panic", "axe", "arrow", "axe"]) == "HHFP"
    assert outcome_text(("panic",)) == "P" and parse_outcome("F") == ("arrow",)
    for dice in range(1, 5):
        for outcome, _ in dice_outcomes(dice):
            assert parse_outcome(outcome_text(outcome)) == outcome


@pytest.mark.parametrize(("text", "message"), [("", "not a roll"), ("FH", "not a roll"), ("PH", "not a roll"),
                                               ("HHHHH", "5 dice"), ("hhfp", "not a roll"), ("HXF", "not a roll")])  # fmt: skip
def test_bad_dice_texts_are_refused(text: str, message: str) -> None:
    with pytest.raises(InvalidOutcomeError, match=message):
        parse_outcome(text)


def test_bad_rolls_are_refused() -> None:
    for bad in ((), ("axe", "sword"), "HH", ("axe",) * 5):
        with pytest.raises(InvalidOutcomeError):
            outcome_text(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("dice", [1, 2, 3, 4])
def test_chance_outcomes_are_the_multinomial_odds(dice: int) -> None:
    faces = [A, A, A, F, F, P]
    counted = Counter(tuple(sorted(roll)) for roll in itertools.product(faces, repeat=dice))
    outcomes = dice_outcomes(dice)
    assert len(outcomes) == math.comb(dice + 2, 2) == len(counted)
    for outcome, chance in outcomes:
        assert outcome == tuple(sorted(outcome))
        assert chance == float(Fraction(counted[outcome], 6**dice))
        axes, arrows, panics = outcome.count(A), outcome.count(F), outcome.count(P)
        ways = math.comb(dice, axes) * math.comb(dice - axes, arrows)
        assert chance == pytest.approx(
            ways * (1 / 2) ** axes * (1 / 3) ** arrows * (1 / 6) ** panics, rel=1e-12
        )
    assert sum(chance for _, chance in outcomes) == pytest.approx(1.0, abs=1e-12)


def test_a_battle_lists_the_rolls_of_the_dice_due() -> None:
    position = battle("gM10e5N,sI4e6S", pending="e5xe6")
    assert position.chance_outcomes() == dice_outcomes(4)
    assert battle("gI4e5N").chance_outcomes() == []


def test_a_roll_of_the_wrong_size_or_a_move_at_a_roll_is_refused_unchanged() -> None:
    position = battle("gI2e5N,sI4e6S", pending="e5xe6")
    before = position.text()
    with pytest.raises(InvalidOutcomeError, match="this roll is 2"):
        position.push((A, A, A))
    with pytest.raises(IllegalMoveError, match="rolled first"):
        position.push(Move.from_text("e5:E"))
    with pytest.raises(InvalidOutcomeError):
        position.push(("sword", "axe"))
    assert position.text() == before and position.ply == 0
    position.push((P, A))  # any order: the roll is sorted
    assert position.move_stack == [(A, P)]
