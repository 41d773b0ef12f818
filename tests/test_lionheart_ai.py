"""Lionheart's computer opponent: legal actions at every kind of node, golden positions, whole battles.

Budgets are tiny or depths fixed: nothing here asserts on the clock.
"""

from __future__ import annotations

import dataclasses
import random
import threading
from typing import Any

import pytest
from lionheart_play import GOLD_SET_UP

from game.ai.api import HINT, LEVEL_KEYS, Outlook, Progress, check_search
from game.ai.attangle.levels import LEVELS as ATTANGLE_LEVELS
from game.ai.expectimax import Expectimax
from game.ai.limits import WIN_SCORE, SearchLimits
from game.ai.lionheart.baselines import greedy_action, random_action
from game.ai.lionheart.evaluate import DEFAULT_WEIGHTS, EvalWeights, LionheartHeuristics
from game.ai.lionheart.levels import HINT_LEVEL, LEVELS, Level, choose_move, level_by_key, new_searcher
from game.ai.lionheart.player import AI, battle_from_text
from game.ai.lionheart.search import (
    SearchBattle,
    decode,
    decode_roll,
    encode,
    encode_roll,
    promising,
    roll_results,
)
from game.ai.lionheart.setup import PLANS, WEAK_PLANS, setup_move
from game.engine.lionheart import CHANCE, GOLD, SILVER, Action, Battle, Move, army_problems, dice_outcomes
from game.engine.lionheart.rules import RULES
from game.engine.rules import history_text

TINY = 0.02
"""A think time that lets a search finish its first depth only."""

POSITIONS = {
    "turn start": "gK1e1N,gA4c1N,gI4c2N,gI4e4N,gN2d1N,sI4e5S,sA4d9S,sN2f10S,sK1e10S g 2",
    "second action": "gK1e1N,gA4c1N,gI4c2N,gI4e4N,gN2d1N,sI4e5S,sA4d9S,sN2f10S,sK1e10S g 1",
    "after an attack": "gK1e1N,gI4e4N*,gN2d5E,sI3e5S,sA4d9S,sK1e10S g 1 0",
    "heavy infantry, one action": "gK1e1N,gH2e4N,sI4d5S,sI4f5E,sK1e10S g 1",
    "heavy infantry, two actions": "gK1e1N,gH2e4N,sI4d5S,sM10f4W,sK1e10S g 2",
    "bribe": "gK1e5N,gI4a1N,sR2e6S,sI4i10S,sK1e10S g 2",
    "silver, peasants and mercenaries": "gK1e1N,gR2e5N,gP3c4N,sP4c5S,sI4e6S,sM10d6S,sK1e10S s 2",
    "set-up, first base": Battle.level2().text(),
    "set-up, silver": f"{GOLD_SET_UP} s 2 0 setup",
    "set-up, a whole army": f"{GOLD_SET_UP.replace(',sK1e10S', '')},sM10d9S,sH2e9S,sK1e10S,sI4a9S,sI4b9S,"
    "sI4c9S,sA4a10S,sA4b10S,sN2c10S,sN2d10S s 2 0 setup",
    "standard, opening rolled": f"{Battle.standard().text()} moves HHFP HFFP",
}


def choose(text: str, level: str, **options: Any) -> str:
    """The AI's action through its public entry point, with a tiny budget."""
    options.setdefault("time_budget", TINY)
    options.setdefault("memory", {})
    return AI.choose(
        text,
        level,
        stop=threading.Event(),
        on_progress=lambda progress: None,
        rng=random.Random(7),
        **options,
    )


def legal_texts(text: str) -> set[str]:
    return {str(move) for move in battle_from_text(text).legal_moves()}


def fixed_depth(level: Level, depth: int) -> Level:
    return dataclasses.replace(level, depth=depth, think_time=60.0, max_think_time=60.0)


GOLDEN_DEPTHS = {"beginner": 1, "casual": 1, "skilled": 2, "expert": 2, "master": 3}
"""Each level at its own depth, or a fixed one for the searching levels: the same choice on any machine."""


def golden(text: str, key: str, seed: int = 7) -> str:
    """The action of level ``key`` at its golden depth, whatever the machine's speed."""
    level = fixed_depth(level_by_key(key), GOLDEN_DEPTHS[key])
    return str(choose_move(battle_from_text(text), level, rng=random.Random(seed), searcher=new_searcher()))


# -- the levels --


def test_five_levels_named_as_every_game_s() -> None:
    assert tuple(level.key for level in LEVELS) == LEVEL_KEYS
    assert [level.name for level in LEVELS] == [level.name for level in ATTANGLE_LEVELS]
    assert all(level.description for level in LEVELS)
    assert level_by_key("master").max_think_time <= 3.0
    assert HINT_LEVEL.key == HINT and AI.level(HINT) is HINT_LEVEL
    with pytest.raises(ValueError, match="beginner, casual, skilled, expert, master"):
        AI.level("grandmaster")


def test_the_search_handles_lionheart_s_traits() -> None:
    check_search(AI, RULES)  # REPEATED_SEATS and CHANCE


@pytest.mark.parametrize("key", [*LEVEL_KEYS, HINT])
@pytest.mark.parametrize("name", POSITIONS)
def test_every_level_plays_a_legal_action_at_every_kind_of_node(key: str, name: str) -> None:
    text = POSITIONS[name]
    assert choose(text, key) in legal_texts(text)


def test_the_computer_is_never_asked_to_roll() -> None:
    text = "gK1e1N,gI4e4N,sI4e5S,sK1e10S g 2 0 e4xe5"
    assert battle_from_text(text).turn == CHANCE
    for key in LEVEL_KEYS:
        with pytest.raises(ValueError, match="dice are to be rolled"):
            choose(text, key)
    with pytest.raises(ValueError, match="dice are to be rolled"):
        choose(Battle.standard().text(), "master")  # the opening roll


def test_a_finished_battle_is_refused() -> None:
    with pytest.raises(ValueError, match="over"):
        choose("gK1e1N,sI4e5S,sK1e10S g 2", "master")


def test_choose_leaves_the_battle_alone_and_reports_progress() -> None:
    battle = Battle(POSITIONS["turn start"])
    before = (battle.text(), battle.hash)
    seen: list[Progress] = []
    move = choose_move(battle, level_by_key("master"), time_budget=TINY, on_info=lambda info: None)
    assert move in battle.legal_moves() and (battle.text(), battle.hash) == before
    AI.choose(
        POSITIONS["turn start"],
        "master",
        stop=threading.Event(),
        on_progress=seen.append,
        rng=random.Random(1),
        time_budget=TINY,
        memory={},
    )
    assert seen and all(line in legal_texts(POSITIONS["turn start"]) for line in seen[-1].pv[:1])


def test_a_set_stop_returns_at_once_with_a_legal_action() -> None:
    stop = threading.Event()
    stop.set()
    text = POSITIONS["turn start"]
    move = AI.choose(
        text,
        "master",
        stop=stop,
        on_progress=lambda p: None,
        rng=random.Random(1),
        time_budget=60.0,
        memory={},
    )
    assert move in legal_texts(text)


def test_memory_kept_between_requests_never_changes_legality(monkeypatch: pytest.MonkeyPatch) -> None:
    # The Master at a fixed depth: what the table holds never depends on how fast the machine searched
    # (a timed search fills it deeper on a faster one, and deeper entries may rightly change a choice).
    master = fixed_depth(level_by_key("master"), 2)
    monkeypatch.setattr(AI, "levels", (*LEVELS[:-1], master))
    memory: dict[str, Any] = {}
    for name, text in POSITIONS.items():
        assert choose(text, "master", memory=memory, time_budget=None) in legal_texts(text), name
    assert isinstance(memory["searcher"], Expectimax)
    # The same table for a position reached otherwise: still legal, and the same choice at that depth.
    text = POSITIONS["second action"]
    fresh = choose_move(Battle(text), master, searcher=new_searcher())
    assert choose_move(Battle(text), master, searcher=memory["searcher"]) == fresh


# -- golden positions --


def test_kills_the_king_when_it_can() -> None:
    # Knights before the enemy king (11 chances in 16 to kill it) or infantry on infantry: the king.
    text = "gK1e1N,gN2e9N,gI4c5N,sI4c6S,sK1e10S g 1"
    for key in ("casual", "skilled", "expert", "master"):
        assert golden(text, key) == "e9xe10", key


def test_does_not_walk_into_the_archers() -> None:
    # e5-e6 puts the infantry within reach of both archers for nothing.
    text = "gK1e1N,gI4e5N,sA4d9S,sA4f9S,sK1e10S g 2"
    for key in ("skilled", "expert", "master"):
        for seed in range(3):
            assert golden(text, key, seed) != "e5-e6", key


def test_takes_the_bribe() -> None:
    # The mercenaries face the king: bought, they threaten nothing and fight for Gold.
    text = "gK1e5N,gI4a1N,sR2e6S,sI4i10S,sK1e10S g 1"
    for key in ("casual", "skilled", "expert", "master"):
        assert golden(text, key) == "e5xe6", key


def test_the_king_steps_out_of_reach() -> None:
    # Silver's knights face the lone king on e2; Gold's one action: out of their file (any move along
    # its file keeps it facing the knights' ray; a turn then a move is two actions).
    text = "gK1e2E,gI4a1N,sN2e4S,sI4i10S,sK1e10S g 1"
    level = fixed_depth(level_by_key("master"), 3)
    move = choose_move(Battle(text), level)
    assert move.square == "e2" and move.action is Action.MOVE


def test_no_level_turns_a_unit_back_in_the_same_turn() -> None:
    # Gold's first action turned the king: turning it back would leave the field as the turn found it.
    text = "gK1e1N,gI4c4N,gI4e4N,sI4c8S,sI4e8S,sK1e10S g 2"
    battle = Battle(text)
    battle.push(Move.turn("e1", "E"))
    after = f"{text} moves e1:E"
    assert "e1:N" in legal_texts(after)  # the rules allow it
    assert Move.turn("e1", "N") not in [
        SearchBattle(battle).move(raw) for raw in SearchBattle(battle).raw_moves()
    ]
    for key in LEVEL_KEYS:
        for seed in range(4):
            assert golden(after, key, seed) != "e1:N", (key, seed)


def test_a_unit_facing_nothing_scores_worse() -> None:
    # The same infantry facing the enemy, sideways to the open field, sideways into the edge or a friend,
    # and back to its own edge: nothing within reach either way, so facing alone decides.
    heuristics = LionheartHeuristics()

    def score(facing: str, square: str = "b3") -> int:
        return heuristics.score(Battle(f"gK1e1N,gI4c3N,gI4{square}{facing},sI4e9S,sK1e10S g 2"))

    assert score("N") > score("E", "a3") > score("S")  # a3 facing east: c3 is two squares off
    assert score("W") < score("N") and score("E") < score("N")
    assert score("W", "a3") < score("E", "a3")  # facing the field's edge
    assert score("E") < score("W")  # facing a friend beside it


def test_quiet_turns_press_forward() -> None:
    # The longer nothing has fallen, the more a rank forward is worth (before the quiet draw fades it all).
    heuristics = LionheartHeuristics()

    def score(rank: int, quiet: int) -> int:
        return heuristics.score(Battle(f"gK1e1N,gI4c{rank}N,sI4e9S,sK1e10S g 2 {quiet}"))

    assert score(5, 10) - score(3, 10) > score(5, 0) - score(3, 0) > 0


def test_the_side_ahead_hunts() -> None:
    # Gold's knights, far from anything within reach, stand nearer or farther from Silver's last infantry
    # (sideways, at the same rank: advancement and facing equal). Closing in is worth something to the
    # side ahead only, and nothing once hunt is off.
    def gap(weights: EvalWeights, gold_knights: int) -> int:
        def score(file: str) -> int:
            return LionheartHeuristics(weights).score(
                Battle(f"gK1e1N,gN{gold_knights}{file}5N,sI2i8S,sK1e10S g 2")
            )

        return score("f") - score("b")

    assert gap(DEFAULT_WEIGHTS, 2) > 0  # two knights (400) ahead of two foot (200)
    assert gap(DEFAULT_WEIGHTS, 1) == 0  # one knight (200): level
    assert gap(dataclasses.replace(DEFAULT_WEIGHTS, hunt=0), 2) == 0


def test_the_searching_side_wants_a_battle() -> None:
    # The will to fight is the searching side's: armies nearer each other than at the root are worth more
    # to it at its own nodes, less at its opponent's, and the root itself scores nothing for it.
    heuristics = LionheartHeuristics()
    position = SearchBattle(Battle("gK1e1N,gN2b5N,sI2i8S,sK1e10S g 2"))
    assert heuristics.evaluate(position) == heuristics.score(position.battle)
    root_engaged = heuristics.judge(position.battle)[1]
    position.battle.push(Move.move("b5", "b8"))
    score, engaged = heuristics.judge(position.battle)
    spirit = DEFAULT_WEIGHTS.engage * (engaged - root_engaged)
    assert spirit > 0
    assert heuristics.evaluate(position) == score + spirit
    position.root_side = SILVER
    assert heuristics.evaluate(position) == score - spirit
    assert LionheartHeuristics(dataclasses.replace(DEFAULT_WEIGHTS, engage=0)).evaluate(position) == score


def test_the_hint_and_the_analysis_judge_without_the_will_to_fight() -> None:
    # The analysis judges an action by searches from the positions before and after it: a will to fight
    # measured from each root counted the closing in of an advance before it and not after, so the hint's
    # advances were marked mistakes. The hint and the analysis (at the hint's level) search without it, and
    # their table never holds a spirited search's scores.
    assert level_by_key("master").spirited and not HINT_LEVEL.spirited
    heuristics = LionheartHeuristics()
    battle = Battle("gK1e1N,gN2b5N,sI2i8S,sK1e10S g 2")
    spirited, judging = SearchBattle(battle.copy()), SearchBattle(battle.copy(), spirited=False)
    assert spirited.hash != judging.hash
    for position in (spirited, judging):
        position.battle.push(Move.move("b5", "b8"))
    assert heuristics.evaluate(judging) == heuristics.score(judging.battle) < heuristics.evaluate(spirited)
    seen: list[bool] = []

    class Recording(LionheartHeuristics):
        def evaluate(self, position: SearchBattle) -> int:
            seen.append(position.spirited)
            return super().evaluate(position)

    searcher = new_searcher()
    searcher.heuristics = Recording()
    for level, spirited_search in ((HINT_LEVEL, False), (level_by_key("master"), True)):
        seen.clear()
        choose_move(battle.copy(), fixed_depth(level, 2), searcher=searcher)
        assert seen and set(seen) == {spirited_search}, level.key


# -- the dice --


def test_the_computer_never_sees_future_dice() -> None:
    """The position text holds only rolls already made, and the searching levels' choice does not depend
    on the random generator the worker hands them (only the weak levels' noise and the armies do)."""
    text = POSITIONS["standard, opening rolled"]
    level = fixed_depth(level_by_key("master"), 2)
    choices = {
        choose_move(battle_from_text(text), level, rng=random.Random(seed), searcher=new_searcher())
        for seed in range(3)
    }
    assert len(choices) == 1
    # The text after an attack declared stops at the roll: there is nothing of it to see.
    assert battle_from_text("gK1e1N,gI4e4N,sI4e5S,sK1e10S g 2 0 e4xe5").legal_moves() == []


def test_the_beginner_errs_with_its_random_generator() -> None:
    text = POSITIONS["turn start"]
    beginner = level_by_key("beginner")
    picks = [choose_move(Battle(text), beginner, rng=random.Random(seed)) for seed in range(12)]
    again = [choose_move(Battle(text), beginner, rng=random.Random(seed)) for seed in range(12)]
    assert picks == again and len(set(picks)) > 2


# -- the set-up --


@pytest.mark.parametrize("plans", [PLANS, WEAK_PLANS], ids=["strong", "weak"])
def test_set_up_plans_are_legal_armies_with_a_guarded_king(plans: tuple[Any, ...]) -> None:
    for plan in plans:
        assert len(plan) == 9 and len({square for _, _, square in plan}) == 9
        army = [Battle.level2().army(GOLD)[0]]
        army += [
            army[0]._replace(kind=kind, figures=figures, square=square) for kind, figures, square in plan
        ]
        assert army_problems(army) == []
    for plan in PLANS:
        squares = {square: kind for kind, _, square in plan}
        assert squares.get("e2") in ("H", "I", "M"), plan  # a guard before the king
        for kind, _, square in plan:
            if kind == "A":  # archers on the back rank, behind their own foot
                assert square.endswith("1") and squares.get(f"{square[0]}2") in ("I", "M", "H", "R")


@pytest.mark.parametrize("key", LEVEL_KEYS)
def test_each_level_sets_up_a_whole_army_one_base_a_request(key: str) -> None:
    moves: list[str] = []
    start = Battle.level2().text()
    battle = Battle(start)
    while battle.in_setup:
        action = choose(history_text(start, moves), key)
        assert action in {str(move) for move in battle.legal_moves()}
        battle.push(RULES.parse_move(action))
        moves.append(action)
    for side in (GOLD, SILVER):
        army = battle.army(side)
        assert len(army) == 10 and army_problems(army) == []
        assert len({unit.kind for unit in army}) >= 4


def test_a_set_up_under_way_is_finished_sensibly() -> None:
    # A player asking for a hint after bases of their own: the plan nearest theirs, on free squares.
    battle = Battle("gK1e1N,gI4e2N,gA4a1N,sK1e10S g 2 0 setup")
    while battle.side == GOLD and battle.in_setup:
        battle.push(setup_move(battle, PLANS, random.Random(1)))
    assert len(battle.army(GOLD)) == 10 and army_problems(battle.army(GOLD)) == []


@pytest.mark.parametrize("plans", [PLANS, WEAK_PLANS], ids=["strong", "weak"])
def test_the_set_up_planner_always_fields_ten_bases_then_says_done(plans: tuple[Any, ...]) -> None:
    # Armies begun at random (a person's bases, then a hint): the plan cannot always be followed, and the
    # bases it cannot give are made up; done comes once ten bases stand, never sooner.
    rng = random.Random(8)
    for _ in range(40):
        battle = Battle.level2()
        while battle.in_setup:
            side = battle.side
            for _ in range(rng.randrange(10)):
                places = [move for move in battle.legal_moves() if move.action is Action.PLACE]
                if places:
                    battle.push(rng.choice(places))
            while battle.in_setup and battle.side == side:
                move = setup_move(battle, plans, rng)
                assert (move == Move.done()) == (len(battle.army(side)) == 10), battle.text()
                battle.push(move)
            army = battle.army(side)
            assert len(army) == 10 and army_problems(army) == []
        assert battle.pending.kind == "start" and battle.move_stack.count(Move.done()) == 2


# -- raw actions and whole battles --


def test_raw_actions_and_rolls_round_trip() -> None:
    battle = Battle(POSITIONS["bribe"])
    moves = [*battle.legal_moves(), *Battle.level2().legal_moves()]
    assert all(decode(encode(move)) == move for move in moves)
    assert len({encode(move) for move in moves}) == len(moves)
    rolls = [roll for dice in range(1, 5) for roll, _ in dice_outcomes(dice)]
    assert all(decode_roll(encode_roll(roll)) == roll for roll in rolls)
    position = SearchBattle(Battle(POSITIONS["turn start"]))
    assert sorted(position.raw_moves()) == sorted(encode(move) for move in position.battle.legal_moves())


@pytest.mark.parametrize("start", ["standard", "level2"])
def test_whole_battles_between_levels_end(start: str) -> None:
    first = Battle.standard().text() if start == "standard" else Battle.level2().text()
    dice = random.Random(5)
    battle = Battle(first)
    moves: list[str] = []
    keys = ("master", "beginner") if start == "standard" else ("casual", "expert")
    memories: tuple[dict[str, Any], dict[str, Any]] = ({}, {})
    while battle.outcome() is None:
        assert len(moves) < 3000
        if battle.turn == CHANCE:
            rolls = battle.chance_outcomes()
            roll = dice.choices([roll for roll, _ in rolls], [chance for _, chance in rolls])[0]
            battle.push(roll)
            moves.append(RULES.move_text(roll))
            continue
        side = battle.side
        action = choose(history_text(first, moves), keys[side], time_budget=0.005, memory=memories[side])
        battle.push(RULES.parse_move(action))
        moves.append(action)
    assert battle.outcome() is not None


def test_the_baselines_play_legal_actions_to_the_end() -> None:
    for seed, player in enumerate((random_action, greedy_action)):
        rng = random.Random(seed)
        battle = Battle.level2()
        while battle.outcome() is None:
            if battle.turn == CHANCE:
                rolls = battle.chance_outcomes()
                battle.push(rng.choices([roll for roll, _ in rolls], [chance for _, chance in rolls])[0])
            else:
                battle.push(player(battle, rng))


def test_the_search_scores_by_seat_across_a_turn() -> None:
    # Gold's second action and Silver's turn to come: the same position, scored from each side's view.
    battle = Battle(POSITIONS["second action"])
    heuristics = LionheartHeuristics()
    searcher = Expectimax(heuristics)
    _, info = searcher.search(SearchBattle(battle.copy()), SearchLimits(depth=2))
    assert abs(info.score) < WIN_SCORE // 2
    silver = Battle(POSITIONS["second action"].replace(" g 1", " s 2"))
    assert heuristics.score(battle) != heuristics.score(silver)


def test_scores_read_for_the_panel() -> None:
    assert AI.describe_score(150) == ("{score}", {"score": "+1.50"})
    assert AI.describe_score(-(WIN_SCORE - 3)) == ("loses in {turns}", {"turns": 3})
    assert AI.read_score(250).outlook is Outlook.AHEAD
    assert AI.read_score(WIN_SCORE - 4).outlook is Outlook.WINNING


def test_rolls_grouped_by_result_leave_the_same_battle() -> None:
    """Every group of ``roll_results`` leads to one battle, and the groups' chances sum to one."""
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        battle = Battle.level2() if seed % 2 else Battle.standard()
        while battle.outcome() is None:
            if battle.turn == CHANCE:
                groups = roll_results(battle)
                assert sum(chance for group in groups for _, chance in group) == pytest.approx(1.0)
                for group in groups:
                    after = set()
                    for roll, _ in group:
                        battle.push(roll)
                        after.add(battle.hash)
                        battle.pop()
                    assert len(after) == 1, (battle.text(), group)
                checked += 1
                rolls = battle.chance_outcomes()
                battle.push(rng.choices([roll for roll, _ in rolls], [chance for _, chance in rolls])[0])
            else:
                battle.push(greedy_action(battle, rng) if rng.random() < 0.7 else random_action(battle, rng))
    assert checked > 50


def test_pruning_keeps_every_attack_and_the_root_whole() -> None:
    battle = Battle(POSITIONS["turn start"])
    position = SearchBattle(battle, prune=True)
    everything = sorted(encode(move) for move in battle.legal_moves())
    assert sorted(position.raw_moves()) == everything  # the root: all
    position.push_raw(encode(Move.from_text("c2-c3")))
    kept = promising(battle, battle.legal_moves())
    assert sorted(position.raw_moves()) == sorted(encode(move) for move in kept)
    assert {move for move in battle.legal_moves() if move.action is Action.ATTACK} <= set(kept)
    assert Move.from_text("c1:W") not in kept and Move.from_text("e4:N") not in kept  # facing nothing
    assert Move.from_text("d1-d5") not in kept and Move.from_text("d1-d8") in kept  # the longest ride


def test_pruning_never_leaves_a_side_without_an_action() -> None:
    # Heavy infantry with one action and nothing in reach, the king boxed in: every action looks idle.
    battle = Battle("gK1a1N,gH2a2N,sI4e9S,sK1e10S g 1")
    assert promising(battle, battle.legal_moves()) == battle.legal_moves()
