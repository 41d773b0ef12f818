"""Lionheart played whole: level 2's set-up, push/pop and texts at every node of random games, games that
always end, and the rules adapter in the generic match, with a save read back."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lionheart_play import ARMIES, STARTS, choose, random_game, roll, start

from game.engine import saves
from game.engine.lionheart import (
    CHANCE,
    GOLD,
    KINDS,
    MAX_BASES,
    QUIET_TURNS,
    SILVER,
    Action,
    Battle,
    IllegalMoveError,
    Move,
)
from game.engine.lionheart.rules import RULES
from game.engine.match import Match, Player
from game.engine.pgn import parse_pgn
from game.engine.rules import Severity, replay

# --- level 2's set-up ------------------------------------------------------------


def placements(position: Battle) -> set[str]:
    return {str(move) for move in position.legal_moves()}


def test_level2_starts_with_the_kings_and_gold_to_place() -> None:
    position = Battle.level2()
    assert position.text() == "gK1e1N,sK1e10S g 2 0 setup"
    assert position.in_setup and position.turn == GOLD and position.outcome() is None
    moves = placements(position)
    assert "done" not in moves  # a king alone is no army
    assert {"I@c2", "P1@a1", "P4@i2", "H2@d1", "R1@h2", "M@e2", "N@d1", "A@c1"} <= moves
    assert not any(move.endswith(("3", "e1")) for move in moves)


def test_placements_respect_the_table() -> None:
    position = Battle.level2()
    for square in ("a2", "b2", "c2", "d2", "e2"):
        position.push(Move.place("I", square))
    assert not any(move.startswith("I@") for move in placements(position))  # 20 infantry: five bases
    position.push(Move.from_text("R1@a1"))
    assert not any(move.startswith("R") for move in placements(position))  # one unit of mercenaries
    position.push(Move.from_text("P3@b1"))
    assert {move.split("@")[0] for move in placements(position) if move.startswith("P")} == {"P1"}
    with pytest.raises(IllegalMoveError, match="4 peasants at most"):
        position.push(Move.from_text("P2@c1"))
    with pytest.raises(IllegalMoveError, match="ranks 1 and 2"):
        position.push(Move.from_text("N@c3"))
    with pytest.raises(IllegalMoveError, match="taken"):
        position.push(Move.from_text("N@a1"))
    with pytest.raises(IllegalMoveError, match="set up"):
        position.push(Move.from_text("a1:E"))


def test_each_side_places_one_base_at_a_time_then_the_opening_roll() -> None:
    position = Battle.level2()
    play = [*ARMIES[0], "done", *ARMIES[1], "done"]
    for text in play:
        position.push(Move.from_text(text))
    assert len(position.army(GOLD)) == len(position.army(SILVER)) == MAX_BASES
    assert position.text().split()[1:] == ["-", "2", "0", "start"]
    assert position.turn == CHANCE and not position.in_setup
    for _ in play:
        position.pop()
    assert position.text() == Battle.level2().text()


def test_done_is_offered_with_the_tenth_base_and_never_before() -> None:
    # Seed 003: "Chaque joueur a 10 bases de départ", the king's included.
    position = Battle.level2()
    for count, text in enumerate(ARMIES[0], start=1):
        assert Move.done() not in position.legal_moves()
        with pytest.raises(
            IllegalMoveError, match=rf"Gold has placed {count} of its 10 bases .*more before done"
        ):
            position.push(Move.done())
        position.push(Move.from_text(text))
    # The tenth base stands: the set-up waits for the player's word, with nothing else to do.
    assert position.turn == GOLD and position.in_setup and len(position.army(GOLD)) == MAX_BASES
    assert position.legal_moves() == [Move.done()]
    with pytest.raises(IllegalMoveError, match="Gold has its 10 bases: the set-up ends with done"):
        position.push(Move.from_text("P1@i1"))
    with pytest.raises(IllegalMoveError, match="ends with done"):
        position.push(Move.from_text("I@e9"))  # Silver's ranks are not yet Silver's to place on
    assert all(unit.facing == "N" for unit in position.army(GOLD))
    position.push(Move.done())
    assert position.turn == SILVER and Move.done() not in position.legal_moves()
    position.push(Move.from_text("I@e9"))
    assert position.unit_at("e9").facing == "S"
    with pytest.raises(IllegalMoveError, match="Silver has placed 2 of its 10 bases"):
        position.push(Move.done())


def test_validate_level() -> None:
    assert RULES.validate_level(Battle.standard()) == []
    assert RULES.validate_level(Battle.level2()) == []
    crowded = Battle("gK1e1N," + ",".join(f"gI4{file}2N" for file in "abcdef") + ",sK1e10S,sI4e9S g 2")
    codes = {(problem.severity, problem.code) for problem in RULES.validate_level(crowded)}
    assert (Severity.REFUSED, "overfull") in codes and (Severity.WARNING, "unequal") in codes
    over = {problem.code for problem in RULES.validate_level(Battle("gI4c2N,sK1e10S,sI4e9S g 2"))}
    assert over >= {"over", "no-king"}


# --- push, pop, texts, hashes at every node --------------------------------------


def check_game(position: Battle, seed: int, fierce: bool = True, limit: int = 100_000) -> int:
    """Play a random game checking every node; then pop it all back. Returns the entries played."""
    texts, hashes = [], []
    for node in random_game(position, seed, fierce, limit):
        text = node.text()
        again = Battle(text)
        assert again.text() == text and again.hash == node.hash and again == node
        assert again.turn == node.turn and again.actions_left == node.actions_left
        assert again.legal_moves() == node.legal_moves()
        assert again.chance_outcomes() == node.chance_outcomes()
        assert (again.outcome() is None) == (node.outcome() is None)
        if node.turn == CHANCE:
            assert node.legal_moves() == [] and node.chance_outcomes()
            assert sum(chance for _, chance in node.chance_outcomes()) == pytest.approx(1.0)
        texts.append(text)
        hashes.append(node.hash)
    played = len(texts) - 1
    copy = position.copy()
    for text, key in zip(reversed(texts[:-1]), reversed(hashes[:-1]), strict=True):
        position.pop()
        assert position.text() == text and position.hash == key
    assert copy.ply == played and copy.text() == texts[-1]  # the copy kept its own stack
    return played


@pytest.mark.parametrize("name", STARTS)
def test_every_node_of_fierce_random_games_round_trips(name: str) -> None:
    for seed in range(3):
        check_game(start(name), seed)


def test_push_pop_restore_exactly_after_every_kind_of_entry() -> None:
    position = start(STARTS[2])
    rng = random.Random(11)
    for _ in range(300):
        if position.outcome() is not None:
            break
        text, key = position.text(), position.hash
        entry = roll(position, rng) if position.turn == CHANCE else choose(position, rng)
        position.push(entry)
        assert position.pop() == entry and position.text() == text and position.hash == key
        position.push(entry)


def test_an_illegal_action_leaves_the_battle_unchanged() -> None:
    position = start(STARTS[2])
    before, key = position.text(), position.hash
    for text in ("e4-e6", "e4xe6", "e5:E", "c5xc6", "I@c2", "done"):
        with pytest.raises(IllegalMoveError):
            position.push(Move.from_text(text))
    with pytest.raises(IllegalMoveError, match="not a Lionheart action"):
        position.push("e4:E")  # type: ignore[arg-type]
    assert position.text() == before and position.hash == key and position.ply == 0


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(STARTS), seed=st.integers(0, 2**32 - 1), fierce=st.booleans())
def test_random_games_round_trip_and_pop_back_to_the_start(name: str, seed: int, fierce: bool) -> None:
    check_game(start(name), seed, fierce, limit=400)


def entry_bound(position: Battle) -> int:
    """The most entries a battle can take: each figure removed restarts at most 31 turns of two actions
    (an attack is up to three entries: the action and two rolls); plus the set-up's placements and a few
    tied opening rolls (the seeds used here tie far fewer times)."""
    figures = (
        2 * sum(info.army_limit for info in KINDS.values())
        if position.in_setup
        else sum(unit.figures for unit in position.units)
    )
    return (figures + 1) * (QUIET_TURNS + 1) * 2 * 3 + 2 * MAX_BASES + 50


@pytest.mark.parametrize("fierce", [False, True])
def test_random_games_always_end(fierce: bool) -> None:
    for seed in range(6):
        for name in STARTS:
            position = start(name)
            bound = entry_bound(position)
            *_, last = random_game(position, seed, fierce, limit=bound)
            assert last.outcome() is not None, f"{name} seed {seed}: no end within {bound} entries"


def test_legal_moves_never_include_an_action_push_refuses() -> None:
    position = start(STARTS[3])
    for node in random_game(position, 5):
        if node.turn != CHANCE and node.outcome() is None:
            for move in node.legal_moves():
                assert node.illegal_reason(move) is None
            assert not any(move.action is Action.PLACE for move in node.legal_moves()) or node.in_setup


# --- the rules adapter in the generic match --------------------------------------


def test_the_adapter_reads_and_writes_actions_and_rolls() -> None:
    assert RULES.key == "lionheart" and RULES.start_text == Battle.standard().text()
    assert RULES.parse_move("HHFP") == ("arrow", "axe", "axe", "panic")
    assert (
        RULES.parse_move("c2:E") == Move.turn("c2", "E") and RULES.move_text(Move.turn("c2", "E")) == "c2:E"
    )
    assert RULES.move_text(("axe", "panic")) == "HP"
    with pytest.raises(ValueError, match="or a roll"):
        RULES.parse_move("nonsense")
    assert RULES.rolls_first_seat(RULES.start_text) and RULES.rolls_first_seat(Battle.level2().text())
    fixed = "gK1e1N,gI4c2N,sK1e10S,sI4c9S s 2"
    assert (
        not RULES.rolls_first_seat(fixed) and RULES.first_seat_fixed(fixed) and RULES.first_seat(fixed) == 1
    )
    assert (
        RULES.termination_text(Battle("gI4c2N,sK1e10S,sI4e9S g 2").outcome().termination)
        == "The king is killed"
    )


def play_match(match: Match, rng: random.Random, entries: int) -> None:
    for _ in range(entries):
        if match.is_over:
            return
        if match.at_chance:
            match.roll()
        else:
            match.play(choose(match.position, rng))


def test_a_match_plays_lionheart_with_turns_rolls_and_undo_barriers() -> None:
    match = Match(RULES, players=(Player.human(), Player.computer("expert")), seed=3)
    assert match.at_chance and match.actions_left == 2
    match.roll()
    assert not match.can_undo  # a roll is never taken back
    match.roll()
    while match.at_chance:
        match.roll()
    assert match.turn in (GOLD, SILVER) and match.starts_turn and match.actions_left == 2
    rng = random.Random(1)
    play_match(match, rng, 3000)
    assert match.is_over and match.result is not None
    assert replay(RULES, match.position_text()).text() == match.position.text()


def test_a_match_from_level2_sets_up_one_base_at_a_time() -> None:
    match = Match(RULES, Battle.level2().text(), seed=9)
    assert match.in_setup and match.actions_left is None and match.starts_turn
    match.play(Move.from_text(ARMIES[0][0]))
    assert not match.starts_turn and match.can_undo
    for text in ARMIES[0][1:]:
        match.play(Move.from_text(text))
    assert match.turn == GOLD and match.forced_move() is None, "the tenth base waits for the player's done"
    match.play(Move.from_text("done"))
    assert match.turn == SILVER and match.starts_turn
    match.play(Move.from_text("I@c9"))
    assert match.undo_turn() == [Move.from_text("I@c9")]
    for text in ARMIES[1]:
        match.play(Move.from_text(text))
    match.play(Move.from_text("done"))
    assert not match.in_setup and match.at_chance
    records = match.turn_records()
    assert [record.setup for record in records] == [True, True]


@pytest.mark.parametrize("seed", [1, 2])
def test_a_saved_match_loads_back_the_same_with_the_same_dice_to_come(seed: int) -> None:
    rng = random.Random(seed)
    match = Match(RULES, Battle.level2().text() if seed == 2 else None, seed=seed)
    play_match(match, rng, 120)
    while match.can_undo and rng.random() < 0.7:
        match.undo()
    text = saves.match_to_pgn(match, level_name="Field")
    assert '[Game "lionheart"]' in text and "[Gold " in text
    loaded = saves.match_from_pgn(parse_pgn(text, RULES), RULES)
    assert [RULES.move_text(entry) for entry in loaded.moves] == [
        RULES.move_text(entry) for entry in match.moves
    ]
    assert loaded.redo_moves == match.redo_moves and loaded.position.text() == match.position.text()
    assert (loaded.seed, loaded.draws) == (match.seed, match.draws)
    for _ in range(40):
        if match.is_over:
            break
        if match.at_chance:
            assert loaded.roll() == match.roll()
        else:
            move = choose(match.position, rng)
            match.play(move)
            loaded.play(move)
    assert loaded.position.text() == match.position.text()


def test_a_save_whose_army_said_done_short_of_ten_bases_is_set_aside_saying_why() -> None:
    # Saves written when done was legal from the king and one base: the rules now refuse their record.
    old = (
        '[Game "lionheart"]\n[SchemaVersion "3"]\n[Seat0Player "human"]\n[Seat1Player "human"]\n'
        '[Seed "3"]\n[Draws "0"]\n[Result "*"]\n[Position "gK1e1N,sK1e10S g 2 0 setup"]\n[SetUp "1"]\n\n'
        "1. I@c2 done 2. I@d9 done *\n"
    )
    path = saves.saves_dir() / "short army.pgn"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(old)
    with pytest.raises(
        saves.SaveError, match=r"short army\.pgn: .*done is not legal: Gold has placed 2 of its 10"
    ):
        saves.load_game(path)
    [entry] = saves.list_saves()
    assert isinstance(entry, saves.DamagedSave) and entry.name == "short army"
    assert "8 bases more before done" in entry.reason and "kept as short army.damaged-" in entry.reason
    assert not path.exists() and entry.path.exists()
    autosave = saves.autosave_path("lionheart")
    autosave.parent.mkdir(parents=True, exist_ok=True)
    autosave.write_text(old)
    with pytest.raises(saves.SaveError, match=r"lionheart\.pgn: .*Gold has placed 2 of its 10 bases"):
        saves.load_autosave("lionheart")


def test_a_save_from_when_the_tenth_base_handed_over_by_itself_loads_with_its_done() -> None:
    # Gold's ten bases then Silver's first placements, no done between: the record meant it; so for Silver's
    # tenth base, followed by the opening roll, and in the line taken back (Redo).
    moves = " ".join([*ARMIES[0], *ARMIES[1], "HHHP", "FFPP", "e2-e3"])
    old = (
        '[Game "lionheart"]\n[SchemaVersion "3"]\n[Seat0Player "human"]\n[Seat1Player "computer:casual"]\n'
        '[Seed "3"]\n[Draws "2"]\n[Result "*"]\n[Position "gK1e1N,sK1e10S g 2 0 setup"]\n[SetUp "1"]\n'
        f'[Redo "e3-e4"]\n\n{moves} *\n'
    )
    match = saves.match_from_pgn(parse_pgn(old, RULES), RULES)
    texts = [RULES.move_text(entry) for entry in match.moves]
    assert texts == [*ARMIES[0], "done", *ARMIES[1], "done", "HHHP", "FFPP", "e2-e3"]
    assert (
        match.turn == GOLD and match.position.actions == 1 and match.redo_moves == [Move.from_text("e3-e4")]
    )
    written = saves.match_to_pgn(match)
    again = saves.match_from_pgn(parse_pgn(written, RULES), RULES)
    assert [RULES.move_text(entry) for entry in again.moves] == texts
    # Taken back to the middle of Silver's set-up, the line to redo crosses Gold's hand-over.
    short = old.replace(f"{moves} *", f"{' '.join(ARMIES[0][:8])} *").replace(
        '[Redo "e3-e4"]', f'[Redo "{ARMIES[0][8]} {ARMIES[1][0]}"]'
    )
    match = saves.match_from_pgn(parse_pgn(short, RULES), RULES)
    assert [RULES.move_text(entry) for entry in match.moves] == list(ARMIES[0][:8])
    assert [RULES.move_text(entry) for entry in match.redo_moves] == [ARMIES[0][8], "done", ARMIES[1][0]]
