"""Tutorial files ("Learn to play"): every shipped one replays through the rules; bad files are named."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import games
from game.engine.ataxx.rules import RULES as ATAXX
from game.engine.attangle.board import Board as AttangleBoard
from game.engine.attangle.board import Move as AttangleMove
from game.engine.attangle.rules import RULES as ATTANGLE
from game.engine.levels import MAX_LEVEL_BYTES, LevelError
from game.engine.rules import adjudicate, history_text, replay, with_turn_field
from game.engine.tutorials import (
    MIN_STEPS,
    Tutorial,
    TutorialStep,
    load_tutorial,
    load_tutorials,
    shipped_tutorials,
    tutorial_from_text,
)

START = "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"


def tutorial_text(*steps: str, head: str = "") -> str:
    """A tutorial file of Ataxx from the start above with ``steps`` (TOML bodies), padded with talk to 12."""
    talk = ['say = "Talk."'] * max(0, MIN_STEPS - len(steps))
    body = "".join(f"\n[[step]]\n{step}\n" for step in (*steps, *talk))
    return head or f'game = "ataxx"\nschema_version = 2\nname = "T"\nposition = "{START}"\n' + body


def test_the_first_ataxx_tutorial_is_a_game_the_player_wins() -> None:
    [first] = [t for t in shipped_tutorials(ATAXX) if isinstance(t, Tutorial) and t.number == 1]
    assert first.name == "First moves" and len(first.steps) >= MIN_STEPS
    assert first.player_seat == 0  # Red, who moves first
    end = replay(ATAXX, history_text(first.position, first.moves()))
    outcome = end.outcome()
    assert outcome is not None and outcome.winner == first.player_seat
    kinds = {("jump" if len(move) == 4 else "clone") for move in first.moves()}
    assert kinds == {"clone", "jump"}


@pytest.mark.parametrize("key", [definition.key for definition in games.playable_games()])
def test_every_shipped_tutorial_replays_through_the_rules(key: str) -> None:
    rules = games.game(key).load_rules()
    for tutorial in shipped_tutorials(rules):
        assert isinstance(tutorial, Tutorial), tutorial
        assert len(tutorial.steps) >= MIN_STEPS
        assert all(step.say for step in tutorial.steps)
        replay(rules, history_text(tutorial.position, tutorial.moves()))


def test_a_step_keeps_its_move_and_who_makes_it_and_talk_has_neither() -> None:
    tutorial = tutorial_from_text(tutorial_text('say = "Clone."\nmove = "b6"\nby = "player"'), ATAXX)
    assert tutorial.position == START and tutorial.moves() == ["b6"]
    assert (tutorial.steps[0].say, tutorial.steps[0].by) == ("Clone.", "player")
    assert tutorial.steps[1].move is None and tutorial.steps[1].by is None


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        (['say = "Jump."\nmove = "a1a3"\nby = "player"'], "step 1 (a1a3): not a legal move here"),
        (['say = "Jump."\nmove = "a7d4"\nby = "player"'], "step 1 (a7d4): 'a7d4' is not a move"),
        (['say = "Oops."\nmove = "zz"\nby = "player"'], "step 1 (zz):"),
        (['say = "Who?"\nmove = "b6"\nby = "me"'], 'step 1: \'by\' must be "player" or "other"'),
        (['say = "Who?"\nmove = "b6"'], "step 1: 'by' must be"),
        (['say = "Nothing."\nby = "other"'], "step 1: 'by' without a 'move'"),
        (['move = "b6"\nby = "player"'], "step 1: missing 'say'"),
        (['say = "Hi."\ncolour = "red"'], "step 1: unknown key 'colour'"),
        (
            ['say = "A."\nmove = "b6"\nby = "player"', 'say = "B."\nmove = "f6"\nby = "player"'],
            "step 2 (f6): by player, but it is the other seat's move",
        ),
    ],
)
def test_a_bad_step_is_named_with_its_number(steps: list[str], message: str) -> None:
    with pytest.raises(LevelError, match=None) as raised:
        tutorial_from_text(tutorial_text(*steps), ATAXX, "t.toml")
    assert str(raised.value).startswith("t.toml: ") and message in str(raised.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("game = [", "not a valid tutorial file"),
        ('game = "attangle"\nname = "T"', "a tutorial for 'attangle', not Ataxx"),
        ('game = "ataxx"\nschema_version = 9\nname = "T"', "written by a newer version"),
        (f'game = "ataxx"\nname = "T"\nposition = "{START}"', "no steps"),
        (
            f'game = "ataxx"\nname = "T"\nposition = "{START}"\n[[step]]\nsay = "Hi."',
            "1 steps; a tutorial has 12",
        ),
        (
            'game = "ataxx"\nname = "T"\nposition = "nonsense"\n' + '[[step]]\nsay = "x"\n' * 12,
            "bad position",
        ),
        (f'game = "ataxx"\nposition = "{START}"', "missing 'name'"),
    ],
)
def test_a_bad_file_is_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(LevelError) as raised:
        tutorial_from_text(text, ATAXX, "t.toml")
    assert message in str(raised.value)


def test_a_folder_is_read_past_damaged_files_which_are_named(tmp_path: Path) -> None:
    (tmp_path / "01-good.toml").write_text(tutorial_text('say = "Clone."\nmove = "b6"\nby = "player"'))
    (tmp_path / "02-binary.toml").write_bytes(b"\x00\x01garbage")
    (tmp_path / "03-huge.toml").write_text("#" * (MAX_LEVEL_BYTES + 10))
    (tmp_path / "04-empty.toml").write_text("")
    (tmp_path / "05-folder.toml").mkdir()
    found = load_tutorials(tmp_path, ATAXX)
    assert isinstance(found[0], Tutorial) and found[0].number == 1
    errors = [str(item) for item in found[1:]]
    assert all(isinstance(item, LevelError) for item in found[1:])
    assert "02-binary.toml: binary data, not a tutorial file" in errors[0]
    assert "03-huge.toml: too large for a tutorial file" in errors[1]
    assert "04-empty.toml: the file is empty" in errors[2]
    assert "05-folder.toml: not a regular file" in errors[3]
    assert load_tutorials(tmp_path / "missing", ATAXX) == []
    with pytest.raises(LevelError) as raised:
        load_tutorial(tmp_path / "02-binary.toml", ATAXX)
    assert raised.value.path == tmp_path / "02-binary.toml"


FIRST = Path(__file__).resolve().parent.parent / "levels" / "ataxx" / "tutorial" / "01-first-moves.toml"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(at=st.floats(0, 1), piece=st.binary(max_size=40), cut=st.booleans())
def test_a_damaged_tutorial_is_named_and_the_others_still_load(
    tmp_path_factory: pytest.TempPathFactory, at: float, piece: bytes, cut: bool
) -> None:
    folder = tmp_path_factory.mktemp("tutorials")
    good = FIRST.read_bytes()
    place = int(len(good) * at)
    damaged = good[:place] if cut else good[:place] + piece + good[place:]
    (folder / "01-good.toml").write_bytes(good)
    (folder / "02-damaged.toml").write_bytes(damaged)
    found = load_tutorials(folder, ATAXX)
    assert isinstance(found[0], Tutorial) and found[0].name == "First moves"
    assert isinstance(found[1], Tutorial | LevelError)
    if isinstance(found[1], LevelError):
        assert str(found[1]).startswith("02-damaged.toml: ")
    assert (folder / "02-damaged.toml").read_bytes() == damaged  # a shipped folder is never changed


def test_the_second_ataxx_tutorial_passes_and_ends_by_the_early_finish() -> None:
    [second] = [t for t in shipped_tutorials(ATAXX) if isinstance(t, Tutorial) and t.number == 2]
    assert "0000" in second.moves() and len(second.steps) >= MIN_STEPS
    end = replay(ATAXX, history_text(second.position, second.moves()))
    assert end.outcome() is None  # the board is not full: a match rule ends it
    early = adjudicate(ATAXX, end, {option.key: option.default for option in ATAXX.options})
    assert early is not None and early.outcome.winner == second.player_seat


def test_no_move_comes_after_a_match_rule_ended_the_game() -> None:
    start = "2xxx-1/xxxxx--/xxxxxxx/xxxxxxx/xxxxxxx/ooxxxxx/ooxxxxx x 0 1"
    moves = [("a7", "player"), ("0000", "other"), ("e7g7", "player"), ("0000", "other")]
    steps = "".join(f'\n[[step]]\nsay = "S."\nmove = "{move}"\nby = "{by}"\n' for move, by in moves)
    text = f'game = "ataxx"\nname = "T"\nposition = "{start}"\n' + steps + '\n[[step]]\nsay = "x"\n' * 8
    with pytest.raises(LevelError) as raised:
        tutorial_from_text(text, ATAXX, "t.toml")
    assert "step 4 (0000): the game is already over" in str(raised.value)


# -- Lionheart: each rule a tutorial's text claims to teach happens at the step that says so --


def _lionheart_tutorial(number: int) -> tuple[Tutorial, list[tuple[str, str | None, Any, Any]]]:
    """Lionheart's tutorial ``number`` and, for each step, its text, its move and the battle before and after it."""
    from game.engine.lionheart.rules import RULES as LIONHEART

    [tutorial] = [t for t in shipped_tutorials(LIONHEART) if isinstance(t, Tutorial) and t.number == number]
    battle = LIONHEART.new_position(tutorial.position)
    walk = []
    for step in tutorial.steps:
        before = battle.copy()
        if step.move is not None:
            battle.push(LIONHEART.parse_move(step.move))
        walk.append((step.say, step.move, before, battle.copy()))
    return tutorial, walk


def _step_saying(walk: list[tuple[str, str | None, Any, Any]], words: str) -> tuple[Any, Any]:
    """The battle before and after the one step whose text holds ``words``."""
    [found] = [(before, after) for say, _, before, after in walk if words in say]
    return found


def _figures(battle: Any, square: str) -> int:
    unit = battle.unit_at(square)
    return 0 if unit is None else unit.figures


def test_the_first_lionheart_tutorial_moves_turns_attacks_and_kills_the_king() -> None:
    from game.engine.lionheart import Termination

    tutorial, walk = _lionheart_tutorial(1)
    assert tutorial.player_seat == 0 and len(tutorial.steps) >= MIN_STEPS
    before, after = _step_saying(walk, "Move your infantry from d4 to d5")
    assert after.unit_at("d5").kind == "I" and after.unit_at("d4") is None
    before, after = _step_saying(walk, "Infantry rolls one die per figure: four dice")
    assert after.dice_for("d5") == 4 and after.pending_attack == ("d5", "d6")
    before, after = _step_saying(walk, "Two axes: two enemies fall")
    assert (_figures(before, "d6"), _figures(after, "d6")) == (4, 2)
    assert after.turn == 1  # the second action ended the player's turn
    before, after = _step_saying(walk, "so it rolls two dice")
    assert after.dice_for("d6") == 2
    before, after = _step_saying(walk, "one of your infantrymen falls")
    assert (_figures(before, "d5"), _figures(after, "d5")) == (4, 3)
    before, after = _step_saying(walk, "The enemy king rides from e10 to e8")
    assert after.unit_at("e8").kind == "K" and before.unit_at("e10").kind == "K"
    before, after = _step_saying(walk, "move them from f1 all the way to f8")
    assert after.unit_at("f8").kind == "N" and before.unit_at("f1").kind == "N"
    before, after = _step_saying(walk, "turn your knights on f8 to face west")
    assert (before.unit_at("f8").facing, after.unit_at("f8").facing) == ("N", "W")
    before, after = _step_saying(walk, "A king rolls two dice")
    assert after.dice_for("e8") == 2 and after.pending_attack == ("e8", "f8")
    before, after = _step_saying(walk, "your knights are unharmed")
    assert _figures(before, "f8") == _figures(after, "f8") == 2
    before, after = _step_saying(walk, "the unit is gone")
    assert (_figures(before, "d6"), after.unit_at("d6")) == (2, None)
    assert after.outcome() is None and after.unit_at("b8") is not None  # the enemy king is not alone
    before, after = _step_saying(walk, "Your two knights roll four dice")
    assert after.dice_for("f8") == 4
    before, after = _step_saying(walk, "the enemy king falls")
    assert before.outcome() is None and after.unit_at("e8") is None
    outcome = after.outcome()
    assert outcome is not None and outcome.winner == tutorial.player_seat
    assert outcome.termination is Termination.KING_KILLED


def test_the_second_lionheart_tutorial_shows_panic_its_chain_and_every_other_unit() -> None:
    from game.engine.lionheart import attack_zone
    from game.engine.lionheart.field import INDEX

    tutorial, walk = _lionheart_tutorial(2)
    assert tutorial.player_seat == 0 and len(tutorial.steps) >= MIN_STEPS
    # Heavy infantry: one step spends the whole turn.
    before, after = _step_saying(walk, "Move your heavy infantry from f3 to f4")
    assert before.actions_left == 2 and before.turn == 0 and after.turn == 1
    assert after.unit_at("f4").kind == "H"
    # Panic: every die shows it; the infantry turns about onto d7, its archers panic in turn and die
    # against their own king on d8.
    before, after = _step_saying(walk, "Both dice show panic")
    assert before.pending_attack == ("d6", "d5") and before.dice_for("d6") == 2
    assert before.unit_at("d7").kind == "A" and before.unit_at("d8").kind == "K"
    assert after.unit_at("d6") is None and after.unit_at("d7").kind == "I"
    assert after.unit_at("d7").facing == "N" and after.unit_at("d8").kind == "K"
    assert not any(unit.kind == "A" for unit in after.army(1))
    assert _figures(after, "d5") == 4  # the panic face hits nobody
    # Peasants: the more frequent of arrows and axes, then a step back per panic.
    before, after = _step_saying(walk, "Two arrows beat one axe")
    assert (_figures(before, "f4"), _figures(after, "f4")) == (2, 1)
    assert after.unit_at("f5") is None and after.unit_at("f6").kind == "P"
    assert after.unit_at("f6").facing == "N"
    # Archers: d7 is in their zone, over the infantry on d5, and arrows hit.
    before, after = _step_saying(walk, "Shoot at d7 from c4")
    assert INDEX["d7"] in attack_zone("A", INDEX["c4"], "N") and before.unit_at("d5").owner == 0
    before, after = _step_saying(walk, "the last two infantrymen on d7 fall")
    assert (_figures(before, "d7"), after.unit_at("d7")) == (2, None)
    # Heavy infantry strikes diagonally, one action, two dice per figure.
    before, after = _step_saying(walk, "Attack g5 from f4, diagonally")
    assert before.actions_left == 1 and after.pending_attack == ("f4", "g5") and after.dice_for("f4") == 2
    before, after = _step_saying(walk, "two infantrymen on g5 fall")
    assert (_figures(before, "g5"), _figures(after, "g5")) == (4, 2)
    # The bribe: no dice, the mercenaries change sides.
    before, after = _step_saying(walk, "Bribe the mercenaries on e4 from e3")
    assert before.unit_at("e4").owner == 1 and after.unit_at("e4").owner == 0
    assert after.pending_attack is None and after.turn == 1
    before, after = _step_saying(walk, "one mercenary falls")
    assert (_figures(before, "e4"), _figures(after, "e4")) == (2, 1)
    # The mercenaries' panic pushes the target straight back, keeping its facing.
    before, after = _step_saying(walk, "Attack e5 from e4")
    assert after.dice_for("e4") == 2
    before, after = _step_saying(walk, "The infantry is pushed from e5 to e6")
    assert after.unit_at("e5") is None and after.unit_at("e6").figures == 3
    assert after.unit_at("e6").facing == "S" and after.unit_at("e4").kind == "R"
    assert after.outcome() is None


def test_the_third_lionheart_tutorial_builds_an_army_and_rolls_for_the_first_turn() -> None:
    from game.engine.core import CHANCE
    from game.engine.lionheart import Move, army_problems

    tutorial, walk = _lionheart_tutorial(3)
    assert tutorial.player_seat == 0 and len(tutorial.steps) >= MIN_STEPS
    _, _, first, _ = walk[0]
    assert first.in_setup and [unit.square for unit in first.units] == ["e1", "e10"]
    # The player places nine bases on ranks 1 and 2, each facing the enemy, then says the army is ready,
    # and not before: ten bases, the king's included, within the table.
    placed = [
        (before, after) for _, move, before, after in walk if move and before.in_setup and before.side == 0
    ]
    assert len(placed) == 10 and all(after.in_setup for _, after in placed[:-1])
    ready_before, ready_after = placed[-1]
    assert ready_before.legal_moves() == [Move.done()] and ready_after.side == 1
    army = ready_after.army(0)
    assert len(army) == 10 and army_problems(army) == []
    assert all(unit.square[1:] in ("1", "2") and unit.facing == "N" for unit in army)
    assert {unit.kind for unit in army} == {"K", "R", "N", "I", "A", "M", "H"}
    # The mercenaries stand just ahead of their king, who faces them.
    before, after = _step_saying(walk, "no enemy king can bribe them")
    assert after.unit_at("e2").kind == "R" and after.unit_at("e1").facing == "N"
    # Mass infantry: ten men, four dice.
    before, after = _step_saying(walk, "never rolls more than four dice")
    assert after.unit_at("c2").figures == 10 and after.dice_for("c2") == 4
    # The other side places after the player, its peasants and a lone mercenary among them.
    before, after = _step_saying(walk, "four peasants on c9")
    assert before.side == 1 and after.unit_at("c9").kind == "P" and after.unit_at("c9").figures == 4
    before, after = _step_saying(walk, "Your opponent's army is ready too")
    assert army_problems(after.army(1)) == [] and len(after.army(1)) == 10 and after.turn == CHANCE
    # The opening roll: a tie rolls again, then more axes start.
    before, after = _step_saying(walk, "a tie, so both sides roll again")
    assert after.turn == CHANCE and after.pending.kind == "start" and not after.pending.token
    before, after = _step_saying(walk, "Your opponent rolls one axe: you start")
    assert after.turn == tutorial.player_seat and after.actions_left == 2 and after.outcome() is None


# --- Attangle ---------------------------------------------------------------------------------------


def _attangle_tutorial(number: int) -> Tutorial:
    [found] = [t for t in shipped_tutorials(ATTANGLE) if isinstance(t, Tutorial) and t.number == number]
    assert len(found.steps) >= MIN_STEPS
    return found


def _attangle_walk(tutorial: Tutorial) -> list[tuple[TutorialStep, AttangleBoard, AttangleBoard]]:
    """Each step with the board before it and after it (the same board for a step that only speaks)."""
    board = ATTANGLE.new_position(tutorial.position)
    walk = []
    for step in tutorial.steps:
        before = board.copy()
        if step.move is not None:
            board.push(ATTANGLE.parse_move(step.move))
        walk.append((step, before, board.copy()))
    return walk


def _capture_kind(board: AttangleBoard, move: AttangleMove) -> tuple[tuple[int, ...], int]:
    """A capture as (its attackers' heights, lowest first; its target's height): ((1, 1), 1) is two singles
    taking a single."""
    heights = sorted(len(board.stack(point)) for point in move.attackers)
    return tuple(heights), len(board.stack(move.target))


def _points_between(board: AttangleBoard, one: str, other: str) -> list[str]:
    """The points strictly between two points on one line."""
    geometry = board.geometry
    return [
        geometry.names[point] for point in geometry.between[geometry.index_of[one], geometry.index_of[other]]
    ]


SINGLES_TAKE_A_SINGLE = ((1, 1), 1)
SINGLES_TAKE_A_DOUBLE = ((1, 1), 2)
A_DOUBLE_AND_A_SINGLE_TAKE_A_SINGLE = ((1, 2), 1)


def test_the_first_attangle_tutorial_meets_each_capture_lines_through_stacks_and_the_third_triple() -> None:
    tutorial = _attangle_tutorial(1)
    walk = _attangle_walk(tutorial)
    player = tutorial.player_seat
    assert player == 0  # White, who moves
    player_captures = {}
    for number, (step, before, after) in enumerate(walk, start=1):
        if step.move is None:
            continue
        move = ATTANGLE.parse_move(step.move)
        # The text says where: the point placed on, or the target and both attackers.
        assert all(point in step.say for point in (move.target, *move.attackers)), (number, step.say)
        if step.by == "player" and move.is_capture:
            player_captures[number] = _capture_kind(before, move)
            # A capture's top piece goes back to the reserve: one more piece to place.
            assert after.reserve(player) == before.reserve(player) + 1
        if step.by == "player" and not move.is_capture:
            assert after.reserve(player) == before.reserve(player) - 1
    # Each of the three captures, at the step that names it.
    assert player_captures == {
        5: SINGLES_TAKE_A_SINGLE,
        7: SINGLES_TAKE_A_DOUBLE,
        12: A_DOUBLE_AND_A_SINGLE_TAKE_A_SINGLE,
    }
    assert "Capture:" in walk[4][0].say and "take a double" in walk[6][0].say
    assert "A double and a single may take a single" in walk[11][0].say
    # The first capture leaves a double the player controls; the second makes a triple topped by the player.
    assert walk[4][2].stack("c3") == "bw" and walk[6][2].stack("e5") == "wbw"
    assert [after.triple_count(player) for _, _, after in walk][5:8] == [1, 2, 2]
    # The opponent's capture over empty points: e2 slides along its row over e3 and e4.
    step, before, _ = walk[5]
    assert step.move == "e2,f4-e5" and _points_between(before, "e2", "e5") == ["e3", "e4"]
    assert not any(before.stack(point) for point in ("e3", "e4"))
    # Nobody may place on the centre, d4, said at step 3.
    assert "d4" in walk[2][0].say and "d4" not in {str(m) for m in walk[2][1].legal_moves()}
    # Lines through stacks: e4 comes between c3 and g4, so c3 no longer sees g4 but e4.
    step, before, after = walk[8]
    assert step.move == "e4" and "e4" in _points_between(before, "c3", "g4")
    assert not any(before.stack(point) for point in _points_between(before, "c3", "g4"))
    with_help = after.copy()  # the player to move, with a second attacker for g4 on f5
    with_help.stacks[with_help.geometry.index_of["f5"]] = "w"
    reason = with_help.illegal_reason(AttangleMove.capture("c3", "f5", "g4"))
    assert reason is not None and "e4 stands between c3 and g4" in reason
    # The last capture crosses the centre, where the opponent could not place to shield e4.
    step, before, after = walk[11]
    assert _points_between(before, "c3", "e4") == ["d4"]
    assert walk[10][2].stack("d4") == "" and "d4" not in {str(m) for m in walk[10][2].legal_moves()}
    # The third triple wins the game for the player.
    outcome = after.outcome()
    assert outcome is not None and outcome.winner == player and after.triple_count(player) == 3
    assert outcome.termination.value == "triples" and walk[-1][0].move is None


def test_the_second_attangle_tutorial_crosses_star_points_empties_the_reserves_and_ends_without_a_move() -> (
    None
):
    tutorial = _attangle_tutorial(2)
    walk = _attangle_walk(tutorial)
    player = tutorial.player_seat
    other = 1 - player if player is not None else None
    start = walk[0][1]
    # The large board: 61 points, 27 pieces each (on the board and in reserve), five triples to win.
    assert start.grand and len(start.stacks) == 61 and start.geometry.triples_to_win == 5
    for side, symbol in enumerate("wb"):
        assert sum(stack.count(symbol) for stack in start.stacks) + start.reserve(side) == 27
    assert (start.triple_count(player), start.triple_count(other)) == (3, 4)  # as step 3 says
    # Step 2 names the seven star points, and nobody may ever place on one.
    stars = {start.geometry.names[point] for point in start.geometry.no_placement}
    assert len(stars) == 7 and all(star in walk[1][0].say for star in stars)
    for _, before, _ in walk:
        assert not stars & {str(move) for move in before.legal_moves() if not move.is_capture}
    for number, (step, before, _) in enumerate(walk, start=1):
        if step.move is None:
            continue
        move = ATTANGLE.parse_move(step.move)
        assert all(point in step.say for point in (move.target, *move.attackers)), (number, step.say)
        if move.is_capture:
            # Each capture here has an attacker whose line crosses the star point the text names, or
            # slides over the empty points it names.
            crossed = [
                point
                for attacker in move.attackers
                for point in _points_between(before, attacker, move.target)
                if point in step.say
            ]
            assert crossed and not any(before.stack(point) for point in crossed), number
    # Steps 4 and 5: each side places its last piece; both reserves are then empty (step 6).
    assert [walk[3][2].reserve(player), walk[4][2].reserve(other)] == [0, 0]
    assert walk[5][0].move is None and "empty" in walk[5][0].say
    # Step 7: an empty reserve leaves the player one move, a capture across the star point c6.
    step, before, after = walk[6]
    assert [str(move) for move in before.legal_moves()] == [step.move] == ["b4,c7-c5"]
    assert _capture_kind(before, ATTANGLE.parse_move(step.move)) == SINGLES_TAKE_A_SINGLE
    assert "c6" in stars and _points_between(before, "c7", "c5") == ["c6"]
    assert after.reserve(player) == 1  # the top piece came back
    # Step 8: the opponent, its reserve empty, has one move: a capture across the star point g2.
    step, before, after = walk[7]
    assert [str(move) for move in before.legal_moves()] == [step.move] == ["f1,h2-f2"]
    assert _points_between(before, "h2", "f2") == ["g2"] and "g2" in stars
    assert after.reserve(other) == 1
    # Step 9: two singles take the double back: the player's fourth triple.
    step, before, after = walk[8]
    assert _capture_kind(before, ATTANGLE.parse_move(step.move)) == SINGLES_TAKE_A_DOUBLE
    assert after.triple_count(player) == 4 and after.stack("f2") == "wbw"
    # Step 10: the opponent's last piece; the threat is real: c7 and f4 would take c5 for a fifth triple.
    _, _, after = walk[9]
    assert after.reserve(other) == 0
    threat = AttangleBoard(with_turn_field(after.text(), "b"))
    threat.push(AttangleMove.capture("c7", "f4", "c5"))
    won = threat.outcome()
    assert won is not None and won.winner == other and threat.triple_count(other) == 5
    # Step 11: the lines into c5 cross star points; d5 is the one point where the player can block.
    _, before, after = walk[10]
    assert _points_between(before, "f4", "c5") == ["e5", "d5"] and "e5" in stars
    assert "d5" in {str(move) for move in before.legal_moves()}
    # The end: an empty reserve and no capture; the opponent cannot move and loses.
    assert after.reserve(other) == 0 and after.legal_moves() == []
    outcome = after.outcome()
    assert outcome is not None and outcome.winner == player
    assert outcome.termination.value == "no moves" and after.triple_count(other) == 4
    assert all(step.move is None for step, _, _ in walk[11:])
