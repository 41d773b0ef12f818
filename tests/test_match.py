"""The generic match: players, undo/redo, chance, repetition, early finish, elapsed time, results.

Ataxx goes through its ``RULES``; the parts Ataxx never reaches (dice, undo
barriers) through a tiny dice game written below.
"""

from __future__ import annotations

import collections
import dataclasses
import enum
import random
from collections.abc import Mapping

import pytest

from game.engine.ataxx import (
    STARTPOS,
    Board,
    IllegalMoveError,
    Move,
    Side,
    Termination,
    parse_square,
)
from game.engine.ataxx.rules import EARLY_FINISH, RULES, THREEFOLD, fillable_by
from game.engine.core import CHANCE, MatchTermination, Outcome
from game.engine.match import (
    Match,
    MatchConfig,
    MatchOverError,
    NotChanceError,
    Player,
    PlayerKind,
)
from game.engine.rules import Adjudication, DiceDefaults, RuleOption, history_text, replay

# Red (x) is walled in on rank 1 by two full ranks of Blue and must pass;
# Blue can clone into every one of the 28 empty squares above.
STUCK_RED_FILLABLE = "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1"
# The same, but a wall of blocks cuts the top three ranks off from Blue's clones:
# Blue can only get there by jumping, so the early finish does not apply.
STUCK_RED_WALLED = "7/7/7/-------/ooooooo/ooooooo/xxxxxxx x 0 1"
SHUFFLE = ["a7c7", "g7e7", "c7a7", "e7g7"]  # both sides jump out and back
NO_REPETITION = {THREEFOLD.key: False}
NO_EARLY_FINISH = {EARLY_FINISH.key: False}


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def ataxx(start: str | None = None, **options: object) -> Match:
    return Match(RULES, start, **options)  # type: ignore[arg-type]


def play_all(match: Match, texts: list[str]) -> None:
    for text in texts:
        match.play(Move.from_uai(text))


# --- Ataxx through the generic match --------------------------------------------------------


def test_new_match_defaults() -> None:
    match = ataxx()
    assert match.rules is RULES
    assert match.position.fen() == STARTPOS and match.start_text == STARTPOS
    assert match.position_text() == STARTPOS
    assert match.turn == 0 and not match.at_chance
    assert match.players[0].is_human and match.players[1].is_human
    assert match.options == {EARLY_FINISH.key: True, THREEFOLD.key: True}
    assert not match.is_over and match.result is None
    assert not match.can_undo and not match.can_redo
    assert len(match.legal_moves()) == 16
    assert match.forced_move() is None
    assert match.history() == [] and match.moves == [] and match.ply == 0


def test_options_keep_the_known_keys_as_booleans() -> None:
    match = ataxx(options={THREEFOLD.key: 0, "no such rule": True})
    assert match.options == {EARLY_FINISH.key: True, THREEFOLD.key: False}


def test_play_returns_the_move_and_records_who_played_it() -> None:
    match = ataxx("7/7/7/2x1o2/3o3/7/5o1 x 0 1")
    clone, jump = Move.from_uai("d4"), Move.from_uai("f1d2")
    assert match.play(clone) == clone
    assert match.play(jump) == jump
    assert match.history() == [(0, clone), (1, jump)]
    assert match.moves == [clone, jump] and match.ply == 2
    assert match.position_text() == "7/7/7/2x1o2/3o3/7/5o1 x 0 1 moves d4 f1d2"
    assert replay(RULES, match.position_text()).fen() == match.position.fen()
    assert match.position.move_stack == [clone, jump]


def test_played_move_describes_captures_and_source() -> None:
    # What a move did, for the board's animation: the Ataxx scene's own record now.
    from game.scenes.ataxx.anim import PlayedMove

    # describe() reads the position before the move is played.
    match = ataxx("7/7/7/2x1o2/3o3/7/5o1 x 0 1")
    played = PlayedMove.describe(match.position, Move.from_uai("d4"))
    match.play(played.move)
    assert played.side is Side.RED
    assert played.captured == (1 << parse_square("e4")) | (1 << parse_square("d3"))
    # orthogonal neighbours before diagonal ones, nearest first
    assert played.captured_squares == sorted([parse_square("e4"), parse_square("d3")])
    assert played.source == parse_square("c4")
    jump = PlayedMove.describe(match.position, Move.from_uai("f1d2"))
    assert jump.source == parse_square("f1") and jump.side is Side.BLUE
    assert jump.captured == 1 << parse_square("d3")
    passing = PlayedMove.describe(Board(STUCK_RED_WALLED), Move.null())
    assert (passing.captured, passing.source) == (0, None)


def test_illegal_move_changes_nothing() -> None:
    match = ataxx()
    before = match.position.fen()
    with pytest.raises(IllegalMoveError):
        match.play(Move.from_uai("d4"))
    assert match.position.fen() == before and match.ply == 0 and match.history() == []


def test_undo_redo_many_steps() -> None:
    match = ataxx()
    texts = ["b6", "f6", "f2", "b2", "a7c5", "g7e5"]
    fens = [match.position.fen()]
    for text in texts:
        match.play(Move.from_uai(text))
        fens.append(match.position.fen())
    for expected_fen, text in zip(reversed(fens[:-1]), reversed(texts), strict=True):
        assert str(match.undo()) == text
        assert match.position.fen() == expected_fen
    assert not match.can_undo
    with pytest.raises(IndexError):
        match.undo()
    assert [str(m) for m in match.redo_moves] == texts
    for expected_fen in fens[1:4]:
        match.redo()
        assert match.position.fen() == expected_fen
    assert match.position_text() == history_text(STARTPOS, texts[:3])
    # playing the move redo would play keeps the redo stack
    match.play(Move.from_uai("b2"))
    assert [str(m) for m in match.redo_moves] == texts[4:]
    # playing anything else drops it
    match.play(Move.from_uai("c6"))
    assert not match.can_redo
    with pytest.raises(IndexError):
        match.redo()


def test_undo_turn_against_computer() -> None:
    match = ataxx(players=(Player.human("Ann"), Player.computer("master")))
    play_all(match, ["b6", "f6", "f2", "b2"])
    undone = match.undo_turn()
    assert [str(m) for m in undone] == ["b2", "f2"]
    assert match.turn == 0 and match.current_player.is_human
    # with the computer's reply not yet played, one undo is enough
    match.play(Move.from_uai("c6"))
    assert [str(m) for m in match.undo_turn()] == ["c6"]
    assert ataxx(players=(Player.computer("beginner"), Player.computer("master"))).undo_turn() == []
    assert ataxx().undo_turn() == []  # nothing to undo


def test_undo_turn_skips_a_forced_pass() -> None:
    # Red, walled in, must pass; against the computer, undo does not stop at a turn
    # where the person had nothing to choose.
    start = "7/7/7/7/ooo4/ooo4/xoo4 x 0 1"
    match = ataxx(start, players=(Player.human(), Player.computer("master")), options=NO_EARLY_FINISH)
    assert match.forced_move() == Move.null()
    match.play(Move.null())
    match.play(Move.from_uai("d3"))
    assert match.turn == 0 and match.forced_move() == Move.null()
    assert [str(m) for m in match.undo_turn()] == ["d3", "0000"]
    assert match.ply == 0 and match.position.fen() == start
    # Between two people, Blue's own turn is a real choice: one undo.
    match = ataxx(start, options=NO_EARLY_FINISH)
    play_all(match, ["0000", "d3"])
    assert [str(m) for m in match.undo_turn()] == ["d3"]


def test_computer_to_move() -> None:
    match = ataxx(players=(Player.human(), Player.computer("casual")))
    assert not match.computer_to_move and match.has_human
    match.play(Move.from_uai("b6"))
    assert match.computer_to_move and match.current_player.level == "casual"
    assert match.current_player.kind is PlayerKind.COMPUTER
    assert not ataxx(players=(Player.computer("casual"), Player.computer("master"))).has_human


def test_threefold_repetition_ends_match_at_third_occurrence() -> None:
    match = ataxx()
    play_all(match, SHUFFLE)  # start position, second time
    assert not match.is_over
    play_all(match, SHUFFLE[:3])
    assert not match.is_over
    match.play(Move.from_uai(SHUFFLE[3]))  # third time
    assert match.is_over
    assert match.result is not None
    assert match.result.outcome.termination is Termination.THREEFOLD_REPETITION
    assert match.result.outcome.winner is None
    assert match.result.detail is None and match.result.plies == 8
    assert match.legal_moves() == [] and match.forced_move() is None
    with pytest.raises(MatchOverError):
        match.play(Move.from_uai("b6"))
    assert match.ply == 8
    # an undo reopens the match
    match.undo()
    assert not match.is_over and match.legal_moves()
    # and a redo ends it again
    match.redo()
    assert match.is_over


def test_threefold_repetition_can_be_switched_off() -> None:
    match = ataxx(options=NO_REPETITION)
    play_all(match, SHUFFLE * 3)
    assert not match.is_over
    assert match.position.outcome() is not None  # the board itself sees the repetition


def test_early_finish_fills_the_board_for_the_opponent() -> None:
    match = ataxx(STUCK_RED_FILLABLE)
    assert match.is_over
    result = match.result
    assert result is not None
    assert result.outcome.termination is Termination.EARLY_FINISH
    assert result.outcome.winner == Side.BLUE
    assert result.detail == match.position.empty and result.detail.bit_count() == 28
    assert result.scores == (7, 14 + 28)
    assert result.score(1) == 42 and result.score(0) == 7
    assert match.legal_moves() == [] and match.forced_move() is None
    # The rule itself, as the match asked it.
    adjudication = RULES.adjudicate(Board(STUCK_RED_FILLABLE), match.options)
    assert adjudication == Adjudication(result.outcome, result.detail)
    assert adjudication.outcome.scores == (7, 42)
    assert RULES.outcome(Board(STUCK_RED_FILLABLE), match.options) is None  # a match rule, not the game's


def test_early_finish_needs_every_square_fillable_by_clones() -> None:
    match = ataxx(STUCK_RED_WALLED)
    assert not match.is_over
    assert RULES.early_finish_squares(match.position) == 0
    assert RULES.adjudicate(match.position, match.options) is None
    assert match.legal_moves() == [Move.null()]
    assert match.forced_move() == Move.null()
    board = Board(STUCK_RED_WALLED)
    assert fillable_by(board, Side.BLUE) == 0  # the wall of blocks is in the way


def test_early_finish_can_be_switched_off() -> None:
    match = ataxx(STUCK_RED_FILLABLE, options=NO_EARLY_FINISH)
    assert not match.is_over
    assert RULES.adjudicate(match.position, match.options) is None
    assert RULES.early_finish_squares(match.position) != 0  # it would apply
    match.play(Move.null())
    assert match.turn == Side.BLUE


def test_early_finish_reached_by_play_and_undone() -> None:
    # Blue's only piece sits on a1; Red's clone to c3 takes the last empty square
    # within Blue's reach, so Blue must pass and Red can fill the rest by clones.
    match = ataxx("7/7/7/7/xx5/xxx4/oxx4 x 0 1")
    assert not match.is_over
    match.play(Move.from_uai("c3"))
    result = match.result
    assert result is not None
    assert result.outcome.termination is Termination.EARLY_FINISH
    assert result.outcome.winner == Side.RED
    assert result.scores == (48, 1)
    assert result.detail.bit_count() == 48 - match.position.count(Side.RED)
    match.undo()
    assert not match.is_over and match.turn == Side.RED and match.result is None


def test_elimination_result_and_counts() -> None:
    match = ataxx("7/7/7/2xo3/7/7/7 x 0 1")
    match.play(Move.from_uai("d5"))
    result = match.result
    assert result is not None
    assert result.outcome.termination is Termination.ELIMINATION
    assert result.outcome.winner == Side.RED
    assert result.scores == (3, 0)
    assert result.plies == 1 and result.detail is None


def test_elapsed_time_pauses_and_stops_at_the_end() -> None:
    clock = FakeClock()
    match = ataxx("7/7/7/2xo3/7/7/7 x 0 1", clock=clock, elapsed=5.0)
    clock.now += 10
    assert match.elapsed == pytest.approx(15.0)
    match.pause()
    clock.now += 100
    assert match.elapsed == pytest.approx(15.0)
    match.resume()
    clock.now += 2
    match.play(Move.from_uai("d5"))  # wins: the clock stops
    clock.now += 50
    assert match.elapsed == pytest.approx(17.0)
    assert match.result is not None and match.result.elapsed == pytest.approx(17.0)
    match.resume()  # no effect once over
    clock.now += 5
    assert match.elapsed == pytest.approx(17.0)
    # An undo reopens the match and its clock.
    match.undo()
    clock.now += 3
    assert match.elapsed == pytest.approx(20.0)


# -- resignation --


def test_the_seat_to_move_resigns_and_the_other_seat_wins() -> None:
    clock = FakeClock()
    match = ataxx(clock=clock)
    play_all(match, ["b6", "f6", "f2"])  # Red 4 pieces, Blue 3: Blue to move
    clock.now += 7
    assert match.resign() == Side.BLUE and match.resigned == Side.BLUE
    result = match.result
    assert result is not None and match.is_over
    assert result.outcome.termination is MatchTermination.RESIGNATION
    assert result.outcome.winner == Side.RED and result.outcome.result() == "1-0"
    assert result.scores == (4, 3)  # the pieces on the board when Blue gave up
    assert (result.plies, result.moves, result.detail) == (3, 2, None)
    clock.now += 50  # the clock stopped at the resignation
    assert match.elapsed == pytest.approx(7.0) == result.elapsed
    assert match.legal_moves() == [] and not match.computer_to_move
    with pytest.raises(MatchOverError, match="resignation"):
        match.play(Move.from_uai("b2"))
    with pytest.raises(MatchOverError):
        match.resign()


def test_a_named_seat_may_resign_out_of_turn_and_only_a_seat_may() -> None:
    match = ataxx()
    assert match.resign(1) == 1 and match.result is not None
    assert match.result.outcome.winner == 0 and match.result.outcome.result() == "1-0"
    for seat in (2, -1, True):
        with pytest.raises(ValueError, match="only seat 0 or 1"):
            ataxx().resign(seat)  # type: ignore[arg-type]
    # While the dice are to be rolled nobody is to move: the seat must be named.
    dice = Match(DiceRules(), seed=3)
    assert dice.at_chance
    with pytest.raises(NotChanceError, match="name the seat"):
        dice.resign()
    assert not dice.is_over
    dice.resign(0)
    assert dice.result is not None and dice.result.outcome.winner == 1
    assert dice.result.scores == ()  # a game that keeps no scores: none
    assert not dice.at_chance


def test_undo_takes_back_a_resignation_with_the_last_move() -> None:
    match = ataxx(players=(Player.human(), Player.computer("master")))
    play_all(match, ["b6", "f6"])
    match.resign()  # the person, to move, gives up
    assert match.can_undo and match.can_undo_turn and not match.can_redo
    # As after any end: back to the person's previous turn, and the resignation is forgotten.
    assert [str(move) for move in match.undo_turn()] == ["f6", "b6"]
    assert not match.is_over and match.resigned is None and match.result is None
    assert match.redo_turn() and match.ply == 2 and not match.is_over
    # A resignation before any move cannot be taken back (nothing to undo), as a game over at the start.
    first = ataxx()
    first.resign()
    assert not first.can_undo and first.is_over
    with pytest.raises(IndexError):
        first.undo()


def test_random_matches_end_and_undo_fully() -> None:
    rng = random.Random(7)
    for _ in range(20):
        match = ataxx()
        while not match.is_over and match.ply < 600:
            match.play(rng.choice(match.legal_moves()))
        assert match.is_over
        result = match.result
        assert result is not None
        assert sum(result.scores) <= 49
        assert result.plies == match.ply
        while match.can_undo:
            match.undo()
        assert match.position.fen() == STARTPOS and not match.is_over


# --- a tiny dice game: what Ataxx never reaches ------------------------------------------------

TARGET = 6
DIE = ((1, 0.5), (2, 0.3), (3, 0.2))


class DiceEnd(enum.Enum):
    REACHED = "reached"


@dataclasses.dataclass(frozen=True)
class DiceState:
    scores: tuple[int, int]
    seat: int  # whose turn it is (after the roll, if one is due)
    roll: int | None  # the die showing; None while it is to be rolled


class DicePosition:
    """A race to ``TARGET``: roll the die, then "take" it (the opponent rolls next) or "rest".

    Resting scores nothing and gives the opponent a move with the die at 1,
    without a roll: so chance comes sometimes, not before every move.
    """

    def __init__(self, state: DiceState) -> None:
        self.state = state
        self.stack: list[tuple[DiceState, object]] = []

    @property
    def turn(self) -> int:
        return CHANCE if self.state.roll is None else self.state.seat

    @property
    def hash(self) -> int:
        return hash(self.state)

    def legal_moves(self) -> list[str]:
        if self.outcome() is not None or self.turn == CHANCE:
            return []
        return ["take", "rest"]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self.turn == CHANCE
        return list(DIE)

    def push(self, entry: object) -> None:
        state = self.state
        if self.turn == CHANCE:
            if entry not in [value for value, _ in DIE]:
                raise ValueError(f"{entry!r} is not a face of the die")
            new = DiceState(state.scores, state.seat, entry)  # type: ignore[arg-type]
        elif entry == "take" and entry in self.legal_moves():
            scores = list(state.scores)
            scores[state.seat] += state.roll or 0
            new = DiceState((scores[0], scores[1]), 1 - state.seat, None)
        elif entry == "rest" and entry in self.legal_moves():
            new = DiceState(state.scores, 1 - state.seat, 1)
        else:
            raise ValueError(f"{entry!r} is not legal now")
        self.stack.append((state, entry))
        self.state = new

    def pop(self) -> object:
        self.state, entry = self.stack.pop()
        return entry

    def copy(self) -> DicePosition:
        other = DicePosition(self.state)
        other.stack = list(self.stack)
        return other

    def outcome(self) -> Outcome | None:
        scores = self.state.scores
        for seat in (0, 1):
            if scores[seat] >= TARGET:
                return Outcome(DiceEnd.REACHED, seat, scores)
        return None


@dataclasses.dataclass
class DiceRules(DiceDefaults):
    """The dice game's ``GameRules``; ``barrier`` makes every roll an undo barrier (as Lionheart's)."""

    barrier: bool = False
    key: str = "dice"
    start_text: str = "0 0 0 -"
    options: tuple[RuleOption, ...] = (RuleOption("sudden_death", "Sudden death", default=False),)
    level_position_key: str = "position"
    pgn_name_tags: tuple[str, str] = ("First", "Second")
    pgn_position_tag: str = "Position"

    def new_position(self, text: str | None = None) -> DicePosition:
        first, second, seat, roll = (text or self.start_text).split()
        return DicePosition(
            DiceState((int(first), int(second)), int(seat), None if roll == "-" else int(roll))
        )

    def position_text(self, position: DicePosition) -> str:
        state = position.state
        roll = "-" if state.roll is None else str(state.roll)
        return f"{state.scores[0]} {state.scores[1]} {state.seat} {roll}"

    def parse_move(self, text: str) -> object:
        return int(text) if text.isdigit() else text

    def outcome(self, position: DicePosition, options: Mapping[str, bool]) -> Outcome | None:
        outcome = position.outcome()
        if outcome is None and options.get("sudden_death") and max(position.state.scores) > 0:
            scores = position.state.scores
            return Outcome(DiceEnd.REACHED, scores.index(max(scores)), scores)
        return outcome

    def adjudicate(self, position: DicePosition, options: Mapping[str, bool]) -> Adjudication | None:
        return None

    def forced_move(self, position: DicePosition) -> object | None:
        return None

    def is_undo_barrier(self, entry: object) -> bool:
        return self.barrier and isinstance(entry, int)

    def first_seat(self, start_text: str) -> int:
        return int(start_text.split()[2])

    def with_first_seat(self, start_text: str, seat: int) -> str:
        fields = start_text.split()
        fields[2] = str(seat)
        return " ".join(fields)

    def validate_level(self, position: DicePosition) -> list:
        return []

    def termination_text(self, termination: enum.Enum) -> str:
        return "Reached the target"


def play_out(match: Match, choose: str = "take") -> None:
    """Roll when a roll is due, else play ``choose``, to the end."""
    while not match.is_over:
        if match.at_chance:
            match.roll()
        else:
            match.play(choose)


def test_the_match_rolls_the_dice_with_its_own_seeded_generator() -> None:
    histories = []
    for noise in (1, 2):
        match = Match(DiceRules(), seed=2024)
        assert match.seed == 2024 and match.at_chance and match.turn == CHANCE
        random.seed(noise)  # the global generator plays no part
        play_out(match)
        histories.append(match.history())
    assert histories[0] == histories[1]
    rolls = [entry for seat, entry in histories[0] if seat == CHANCE]
    assert rolls and all(roll in (1, 2, 3) for roll in rolls)
    other = Match(DiceRules(), seed=2025)
    play_out(other)
    assert other.history() != histories[0]
    # An unseeded match picks a seed, and keeps it so the game can be replayed.
    unseeded = Match(DiceRules())
    play_out(unseeded)
    again = Match(DiceRules(), seed=unseeded.seed)
    play_out(again)
    assert again.history() == unseeded.history()


def test_rolls_follow_the_probabilities() -> None:
    seeds = random.Random(7)
    match = Match(DiceRules(), seed=seeds.randrange(2**32))
    counts: collections.Counter[int] = collections.Counter()
    for _ in range(3000):
        if match.is_over:
            match = Match(DiceRules(), seed=seeds.randrange(2**32))
        counts[match.roll()] += 1
        match.play("take")
    assert set(counts) == {1, 2, 3}
    for face, probability in DIE:
        assert counts[face] / 3000 == pytest.approx(probability, abs=0.04)


def test_history_records_chance_for_rolls() -> None:
    match = Match(DiceRules(), seed=3)
    first = match.roll()
    match.play("rest")  # no roll before the opponent's move
    match.play("take")
    second = match.roll()
    assert match.history() == [(CHANCE, first), (0, "rest"), (1, "take"), (CHANCE, second)]
    assert match.moves == [first, "rest", "take", second] and match.ply == 4
    assert match.position_text() == f"0 0 0 - moves {first} rest take {second}"
    assert match.rules.position_text(replay(match.rules, match.position_text())) == match.rules.position_text(
        match.position
    )
    assert match.turn == 0 and not match.at_chance


def test_play_during_a_roll_and_roll_during_a_turn_raise() -> None:
    match = Match(DiceRules(), players=(Player.human(), Player.computer("casual")), seed=1)
    assert match.legal_moves() == [] and not match.computer_to_move
    assert match.current_player is match.players[0]  # seat 0's while the dice roll
    with pytest.raises(NotChanceError):
        match.play("take")
    assert match.ply == 0 and match.at_chance
    match.roll()
    with pytest.raises(NotChanceError):
        match.roll()
    assert match.ply == 1 and match.legal_moves() == ["take", "rest"]
    match.play("rest")
    assert match.computer_to_move  # seat 1 moves without a roll
    with pytest.raises(NotChanceError):
        match.roll()
    assert match.ply == 2
    with pytest.raises(ValueError, match="not legal"):
        match.play("jump")
    assert match.ply == 2


def test_undo_stops_at_a_barrier_before_a_roll() -> None:
    match = Match(DiceRules(barrier=True), players=(Player.human(), Player.computer("casual")), seed=5)
    roll = match.roll()
    match.play("take")
    assert match.can_undo
    assert match.undo() == "take"
    assert not match.can_undo and match.history() == [(CHANCE, roll)]
    with pytest.raises(IndexError):
        match.undo()
    assert match.ply == 1 and match.turn == 0
    match.play("take")
    match.roll()
    # The computer's move and the roll before the person's turn: never undone past the roll.
    assert match.undo_turn() == []
    assert match.ply == 3


def test_undo_and_redo_replay_the_same_rolls() -> None:
    match = Match(DiceRules(), seed=11)
    for _ in range(4):
        match.roll()
        match.play("take")
    played = match.history()
    while match.can_undo:
        match.undo()
    assert match.ply == 0 and match.at_chance
    assert match.redo_moves == [entry for _, entry in played]
    # roll() at a taken-back roll draws nothing new: it is the roll redo replays.
    state = match.rng.getstate()
    assert match.roll() == played[0][1]
    assert match.rng.getstate() == state
    for _ in played[1:]:
        match.redo()
    assert match.history() == played
    assert not match.can_redo
    # Taking back a roll and playing on with it keeps the rest of the redo stack.
    match.undo()
    match.undo()
    assert match.roll() == played[-2][1]
    assert match.redo_moves == ["take"]


def test_undo_turn_goes_back_over_rolls_and_the_computer() -> None:
    match = Match(DiceRules(), players=(Player.human(), Player.computer("casual")), seed=9)
    first = match.roll()
    match.play("take")  # the person
    reply_roll = match.roll()
    match.play("take")  # the computer
    match.roll()  # the person's next roll
    undone = match.undo_turn()
    # Back to the person's previous turn, their roll kept.
    assert undone[1:] == ["take", reply_roll, "take"]
    assert match.history() == [(CHANCE, first)]
    assert match.turn == 0 and match.current_player.is_human


def test_no_move_after_the_end() -> None:
    match = Match(DiceRules(), seed=4)
    play_out(match)
    result = match.result
    assert result is not None and result.outcome.termination is DiceEnd.REACHED
    assert result.score(result.outcome.winner) >= TARGET  # type: ignore[arg-type]
    assert result.plies == match.ply
    with pytest.raises(MatchOverError):
        match.play("take")
    with pytest.raises(MatchOverError):
        match.roll()
    assert match.legal_moves() == [] and not match.at_chance and not match.computer_to_move
    last = match.undo()
    assert not match.is_over
    assert match.redo() == last and match.is_over


def test_a_switched_option_reaches_the_rules() -> None:
    assert Match(DiceRules()).options == {"sudden_death": False}
    match = Match(DiceRules(), options={"sudden_death": True}, seed=1)
    match.roll()
    match.play("take")  # any point ends it
    assert match.is_over and match.result is not None and match.result.outcome.winner == 0


# --- who plays a new match --------------------------------------------------------------------


def test_match_config_players() -> None:
    you_first = MatchConfig(vs_computer=True, level="expert", human_seat=0)
    assert you_first.players() == (Player.human("You"), Player.computer("expert"))
    you_second = dataclasses.replace(you_first, human_seat=1)
    assert you_second.players() == (Player.computer("expert"), Player.human("You"))
    two = MatchConfig(vs_computer=False, level="expert")
    assert two.players() == (Player.human(), Player.human())
    assert all(player.name == "" for player in two.players())


def test_match_config_start_sets_who_moves_first() -> None:
    level = "x5o/7/2-1-2/7/2-1-2/7/o5x x 3 9"
    assert MatchConfig(first=1).start(RULES, level) == "x5o/7/2-1-2/7/2-1-2/7/o5x o 3 9"
    assert MatchConfig(first=0).start(RULES, level) == level
    assert MatchConfig(first=1).start(DiceRules(), "0 0 0 -") == "0 0 1 -"


def test_match_config_swapped() -> None:
    config = MatchConfig(vs_computer=True, level="skilled", human_seat=0, first=0)
    assert config.swapped() == MatchConfig(True, "skilled", 1, 1)
    assert config.swapped().swapped() == config
    two = MatchConfig(vs_computer=False, level="skilled", human_seat=0, first=1)
    assert two.swapped() == MatchConfig(False, "skilled", 0, 0)


@pytest.mark.parametrize(
    "config",
    [
        MatchConfig(True, "master", 0, 0),
        MatchConfig(True, "master", 0, 1),
        MatchConfig(True, "beginner", 1, 0),
        MatchConfig(True, "expert", 1, 1),
        MatchConfig(False, "casual", 0, 0),
        MatchConfig(False, "casual", 0, 1),
    ],
    ids=str,
)
def test_match_config_for_match_round_trips(config: MatchConfig) -> None:
    match = Match(RULES, config.start(RULES, STARTPOS), config.players())
    assert match.turn == config.first
    assert MatchConfig.for_match(match) == config
    assert MatchConfig.for_match(
        Match(RULES, config.swapped().start(RULES, STARTPOS), config.swapped().players())
    ) == (config.swapped())


def test_match_config_for_a_match_between_computers() -> None:
    match = Match(RULES, players=(Player.computer("beginner"), Player.computer("master")))
    assert MatchConfig.for_match(match) == MatchConfig(False, "casual", 0, 0)
