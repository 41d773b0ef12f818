"""The chance search (``game.ai.expectimax``): exact expectimax values on small trees worked out by hand
and on random trees against brute force, seats that move twice, chance after chance, the limits."""

from __future__ import annotations

import dataclasses
import random
import threading

import pytest
from clocks import SteppingClock
from hypothesis import given, settings
from hypothesis import strategies as st
from waiting import SearchThread

from game.ai.alphabeta import NO_FEATURES, AlphaBeta
from game.ai.attangle.evaluate import AttangleHeuristics
from game.ai.expectimax import ChancePruning, Expectimax
from game.ai.limits import WIN_SCORE, SearchLimits, is_win_score, turns_to_end
from game.engine.attangle import Board as AttangleBoard
from game.engine.core import CHANCE, Trait

PRUNINGS = list(ChancePruning)


@dataclasses.dataclass(eq=False)
class Node:
    """A node of an explicit game tree.

    A decision node (``turn`` a seat) has ``children`` (one per move), or none
    when the game is over (``winner``: a seat, or ``None`` for a draw), or
    ``None`` at the bottom of the tree (it is only ever evaluated). ``value`` is
    its static evaluation from seat 0's view. A chance node has ``children``
    and their ``probabilities``.
    """

    turn: int
    value: int = 0
    children: list[Node] | None = None
    probabilities: list[float] = dataclasses.field(default_factory=list)
    winner: int | None = None


def leaf(turn: int, value: int) -> Node:
    return Node(turn, value)


def decision(turn: int, *children: Node, value: int = 0) -> Node:
    return Node(turn, value, list(children))


def chance(*pairs: tuple[float, Node]) -> Node:
    return Node(CHANCE, 0, [node for _, node in pairs], [p for p, _ in pairs])


def ended(turn: int, winner: int | None) -> Node:
    return Node(turn, 0, [], winner=winner)


class Tree:
    """A position in a ``Node`` tree, as the searches see it (every node its own hash)."""

    def __init__(self, root: Node) -> None:
        self.path = [root]

    @property
    def node(self) -> Node:
        return self.path[-1]

    @property
    def turn(self) -> int:
        return self.node.turn

    @property
    def hash(self) -> int:
        return id(self.node)

    def raw_moves(self) -> list[int]:
        children = self.node.children
        return [0] if children is None else list(range(len(children)))

    def chance_outcomes_raw(self) -> list[tuple[int, float]]:
        assert self.node.turn == CHANCE
        return list(enumerate(self.node.probabilities))

    def push_raw(self, raw: int) -> None:
        children = self.node.children
        assert children is not None, "searched below the bottom of the tree"
        self.path.append(children[raw])

    def pop_raw(self) -> None:
        self.path.pop()


class TreeHeuristics:
    def evaluate(self, tree: Tree) -> int:
        assert tree.turn != CHANCE
        return tree.node.value if tree.turn == 0 else -tree.node.value

    def end_score(self, tree: Tree, moves: list[int]) -> int | None:
        assert tree.turn != CHANCE
        if tree.node.children != []:
            return None
        winner = tree.node.winner
        return 0 if winner is None else WIN_SCORE if winner == tree.turn else -WIN_SCORE

    def order(self, tree: Tree, moves: list[int]) -> list[int]:
        return moves


def brute_force(node: Node, depth: int, last_seat: int, turns: int = 0) -> float:
    """Plain expectimax from seat 0's view (max for seat 0, min for seat 1, mean at chance), depth in
    decisions, decided games ``±(WIN_SCORE - turns)``; a turn begins when the seat to move changes."""
    if node.turn == CHANCE:
        assert node.children
        return sum(
            p * brute_force(child, depth, last_seat, turns)
            for p, child in zip(node.probabilities, node.children, strict=True)
        )
    if node.turn != last_seat:
        turns += 1
    if node.children == []:
        if node.winner is None:
            return 0.0
        return float(WIN_SCORE - turns if node.winner == 0 else turns - WIN_SCORE)
    if depth == 0 or node.children is None:
        assert depth == 0, "the tree is shallower than the search"
        return float(node.value)
    values = [brute_force(child, depth - 1, node.turn, turns) for child in node.children]
    return max(values) if node.turn == 0 else min(values)


def root_value(root: Node, depth: int) -> float:
    """The brute-force value for the root's seat to move."""
    value = brute_force(root, depth, root.turn)
    return value if root.turn == 0 else -value


# --- trees worked out by hand --------------------------------------------------------------------

# Seat 0 chooses: a gamble (1/3: +6, 2/3: -3, worth 0) or a sure +1.
GAMBLE = decision(0, chance((1 / 3, leaf(1, 6)), (2 / 3, leaf(1, -3))), leaf(1, 1))
# Seat 0 chooses, then seat 0 again (it picks +5 of ±5), or hands over to seat 1 (who picks -4 of ±4).
TWICE = decision(0, decision(0, leaf(1, 5), leaf(1, -5)), decision(1, leaf(0, 4), leaf(0, -4)))
# Seat 1 attacks: the dice say (1/4) it acts again, choosing between 8 and 2 (seat 0's view: it takes
# 2), or (3/4) seat 0 answers, choosing between 3 and -1 (it takes 3). The attack is worth
# 1/4 * 2 + 3/4 * 3 = 2.75 to seat 0, so -2.75 to seat 1, better than its other move's -3.
# (Negating at every ply would give the second action to seat 0, who would take 8.)
MIXED = decision(
    1,
    chance(
        (0.25, decision(1, leaf(0, 8), leaf(0, 2))),
        (0.75, decision(0, leaf(1, 3), leaf(1, -1))),
    ),
    decision(0, leaf(1, 3)),  # a forced reply: 3
)
# The dice twice in a row (a re-roll), then seat 1: 1/2 * (1/2 * 4 + 1/2 * 0) + 1/2 * (-2) = 0 against a sure -1.
REROLL = decision(
    0,
    chance((0.5, chance((0.5, leaf(1, 4)), (0.5, leaf(1, 0)))), (0.5, leaf(1, -2))),
    leaf(1, -1),
)
# Seat 0 can win at once (a win in 1 turn) or after a roll that wins half the time and draws otherwise.
WIN_NOW = decision(0, ended(1, 0), chance((0.5, ended(1, 0)), (0.5, ended(1, None))))

HAND_WORKED = [
    ("gamble", GAMBLE, 1, 1.0, 1),
    ("twice", TWICE, 2, 5.0, 0),
    ("mixed", MIXED, 2, -2.75, 0),
    ("reroll", REROLL, 1, 0.0, 0),
    ("win now", WIN_NOW, 1, WIN_SCORE - 1.0, 0),
]


@pytest.mark.parametrize("pruning", PRUNINGS, ids=lambda p: p.value)
@pytest.mark.parametrize(
    ("name", "root", "depth", "value", "move"), HAND_WORKED, ids=[h[0] for h in HAND_WORKED]
)
def test_hand_worked_trees(name: str, root: Node, depth: int, value: float, move: int, pruning) -> None:
    assert root_value(root, depth) == pytest.approx(value)  # the reference agrees with the hand
    for bounds in ((-WIN_SCORE, WIN_SCORE), (-10, 10)):
        if is_win_score(value) and bounds[1] < WIN_SCORE:
            continue
        search = Expectimax(TreeHeuristics(), bounds=bounds, pruning=pruning)
        assert search.value(Tree(root), depth) == pytest.approx(value), name
        best, info = search.search(Tree(root), SearchLimits(depth=depth))
        assert best == move and info.pv[0] == move
        assert info.score == round(value)


def test_decided_scores_count_turns_not_plies() -> None:
    # Seat 0 plays twice, then seat 1 once, then seat 0 wins on its next action: three turns, four plies.
    line = decision(0, decision(1, decision(0, ended(1, 0), leaf(1, 0))))
    root = decision(0, line, ended(1, None))  # or a draw at once
    search = Expectimax(TreeHeuristics())
    assert search.value(Tree(root), 4) == WIN_SCORE - 3
    _, info = search.search(Tree(root), SearchLimits(depth=8))
    assert turns_to_end(info.score) == 3 and info.depth <= 4  # a proven win stops the deepening


# --- random trees against brute force -------------------------------------------------------------


def random_tree(rng: random.Random, depth: int, turn: int, *, ends: bool, chance_odds: float) -> Node:
    """A tree ``depth`` decisions deep: seats may repeat, chance nodes anywhere (up to two in a row)."""
    if depth == 0:
        return leaf(turn, rng.randint(-100, 100))
    if ends and rng.random() < 0.15:
        return ended(turn, rng.choice([0, 1, None]))
    children = []
    for _ in range(rng.randint(1, 3)):
        next_turn = turn if rng.random() < 0.3 else 1 - turn
        children.append(_maybe_chance(rng, depth - 1, next_turn, 2, ends=ends, chance_odds=chance_odds))
    return decision(turn, *children, value=rng.randint(-100, 100))


def _maybe_chance(
    rng: random.Random, depth: int, turn: int, rolls: int, *, ends: bool, chance_odds: float
) -> Node:
    if rolls == 0 or rng.random() >= chance_odds:
        return random_tree(rng, depth, turn, ends=ends, chance_odds=chance_odds)
    weights = [rng.choice([1, 1, 2, 3, 5]) for _ in range(rng.randint(1, 4))]
    total = sum(weights)
    return chance(
        *(
            (weight / total, _maybe_chance(rng, depth, rng.choice([turn, 1 - turn]), rolls - 1, ends=ends,
                                           chance_odds=chance_odds))
            for weight in weights
        )
    )  # fmt: skip


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    depth=st.integers(1, 4),
    ends=st.booleans(),
    chance_odds=st.sampled_from([0.0, 0.3, 0.6, 1.0]),
    pruning=st.sampled_from(PRUNINGS),
    table=st.booleans(),
)
def test_random_trees_match_brute_force(
    seed: int, depth: int, ends: bool, chance_odds: float, pruning: ChancePruning, table: bool
) -> None:
    rng = random.Random(seed)
    root = random_tree(rng, depth, rng.randint(0, 1), ends=ends, chance_odds=chance_odds)
    if not root.children:
        return  # the game is over at the root
    bounds = (-WIN_SCORE, WIN_SCORE) if ends else (-100, 100)
    search = Expectimax(TreeHeuristics(), 1, bounds=bounds, pruning=pruning, table=table)
    for searched in range(1, depth + 1):
        assert search.value(Tree(root), searched) == pytest.approx(root_value(root, searched), abs=1e-6)
    move, _ = search.search(Tree(root), SearchLimits(depth=depth))
    tree = Tree(root)
    tree.push_raw(move)
    seat = root.turn
    after = brute_force(tree.node, depth - 1, seat)
    assert (after if seat == 0 else -after) == pytest.approx(root_value(root, depth), abs=1e-6)


def test_pruning_saves_nodes_on_random_trees() -> None:
    counts = {pruning: 0 for pruning in PRUNINGS}
    for seed in range(10):
        root = random_tree(random.Random(seed), 4, 0, ends=False, chance_odds=0.6)
        for pruning in PRUNINGS:
            search = Expectimax(TreeHeuristics(), 1, bounds=(-100, 100), pruning=pruning)
            search.value(Tree(root), 4)
            counts[pruning] += search.nodes
    assert counts[ChancePruning.STAR1] < 0.8 * counts[ChancePruning.NONE]


# --- a game without chance: the same values as the alpha-beta ------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "-,-,-,-/-,b,-,w,-/-,-,-,-,w,-/-,b,-,-,w,w,-/w,w,-,-,b,-/-,-,b,-,-/-,-,-,b b 12 13",
        "-,-,-,-/-,w,-,-,-/w,-,-,wbw,-,-/-,b,-,-,-,-,-/w,b,-,b,-,-/-,-,w,-,-/wb,-,-,- w 11 13",
    ],
)
def test_without_dice_it_agrees_with_alphabeta(text: str) -> None:
    for depth in (1, 2, 3):
        # The alpha-beta without its reductions, whose scores are the exact depth-limited values.
        plain = AlphaBeta(AttangleHeuristics(), features=NO_FEATURES)
        _, expected = plain.search(AttangleBoard(text), SearchLimits(depth=depth))
        board = AttangleBoard(text)
        move, info = Expectimax(AttangleHeuristics()).search(board, SearchLimits(depth=depth))
        assert info.score == expected.score and move in board.raw_moves()
        assert board.text() == text


# --- limits and refusals -------------------------------------------------------------------------


class Endless:
    """An endless random game: each node's seat (or chance), moves, outcomes and value come from a hash
    of its path, so the limits alone stop a search."""

    def __init__(self, seed: int) -> None:
        self.path = [seed]

    @property
    def hash(self) -> int:
        return hash(tuple(self.path)) & 0xFFFF_FFFF

    @property
    def turn(self) -> int:
        key = self.hash
        if len(self.path) == 1:
            return 0
        return CHANCE if key % 5 == 0 else key >> 3 & 1

    def raw_moves(self) -> list[int]:
        return list(range(2 + self.hash % 3))

    def chance_outcomes_raw(self) -> list[tuple[int, float]]:
        count = 2 + (self.hash >> 5) % 3
        return [(outcome, 1 / count) for outcome in range(count)]

    def push_raw(self, raw: int) -> None:
        self.path.append(raw)

    def pop_raw(self) -> None:
        self.path.pop()


class EndlessHeuristics:
    def evaluate(self, position: Endless) -> int:
        return (position.hash >> 8) % 201 - 100

    def end_score(self, position: Endless, moves: list[int]) -> int | None:
        return None

    def order(self, position: Endless, moves: list[int]) -> list[int]:
        return moves


def test_node_budget_and_depth_zero() -> None:
    search = Expectimax(EndlessHeuristics(), bounds=(-100, 100))
    _, info = search.search(Endless(1), SearchLimits(nodes=200))
    assert search.nodes <= 200 and info.depth >= 1
    stop = threading.Event()
    stop.set()
    move, info = search.search(Endless(1), SearchLimits(hard_time=0.0, nodes=1), stop)
    assert info.depth == 0 and move in Endless(1).raw_moves()
    assert search.nodes <= 1  # depth 1 is stopped like any other


def test_stop_event_and_hard_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as patch:
        SteppingClock(0.01).install(patch)  # 10 ms each time the search looks (every few hundred nodes)
        search = Expectimax(EndlessHeuristics())
        # The node budget only ends a search that ignored its deadline (failing here, rather than never ending).
        search.search(Endless(2), SearchLimits(hard_time=0.1, nodes=200_000))
        assert search.nodes < 20_000
    running = SearchThread(Expectimax(EndlessHeuristics()), Endless(2), SearchLimits())
    assert running.searching(), "the search never completed depth 2"
    running.stop.set()  # nothing else ends an endless game's search without limits
    assert running.ended()
    assert running.answers and running.answers[0] in Endless(2).raw_moves()


def test_iterations_and_score_moves() -> None:
    root = random_tree(random.Random(7), 4, 0, ends=False, chance_odds=0.5)
    seen = []
    _, last = Expectimax(TreeHeuristics()).search(Tree(root), SearchLimits(depth=3), on_info=seen.append)
    assert [info.depth for info in seen] == [1, 2, 3] and seen[-1] == last
    scored = Expectimax(TreeHeuristics()).score_moves(Tree(root), 2)
    assert scored is not None
    assert sorted(move for move, _ in scored) == Tree(root).raw_moves()
    assert scored[0][1] == round(root_value(root, 2))


def test_a_depth_stopped_after_a_root_move_finished_still_answers() -> None:
    # Stopped one node before depth 3 ends, the search has finished every root move but the last one's
    # subtree: with partial iterations its answer is depth 3's best among the moves it finished (the exact
    # depth-3 value of the move it names, at most the whole depth's), without them depth 2's.
    answered_as_the_whole_depth = 0
    for seed in range(40):
        root = random_tree(random.Random(seed), 3, 0, ends=False, chance_odds=0.5)
        if root.children is None or len(root.children) < 2:
            continue
        full = Expectimax(TreeHeuristics(), bounds=(-100, 100)).search(Tree(root), SearchLimits(depth=3))[1]
        assert full.depth == 3
        limits = SearchLimits(nodes=full.nodes - 1)
        search = Expectimax(TreeHeuristics(), bounds=(-100, 100))
        search.check_interval = 1
        move, info = search.search(Tree(root), limits)
        tree = Tree(root)
        tree.push_raw(move)
        assert info.depth == 3, seed
        assert info.score == round(brute_force(tree.node, 2, 0)) <= full.score, seed
        answered_as_the_whole_depth += (move, info.score) == (full.pv[0], full.score)
        without = Expectimax(TreeHeuristics(), bounds=(-100, 100), partial=False)
        without.check_interval = 1
        assert without.search(Tree(root), limits)[1].depth == 2, seed
    assert answered_as_the_whole_depth >= 5


def test_refuses_a_roll_or_a_finished_game() -> None:
    search = Expectimax(TreeHeuristics())
    with pytest.raises(ValueError, match="dice"):
        search.search(Tree(chance((1.0, leaf(0, 1)))), SearchLimits(depth=1))
    with pytest.raises(ValueError, match="game is over"):
        search.search(Tree(ended(0, 1)), SearchLimits(depth=1))
    with pytest.raises(ValueError, match="bounds"):
        Expectimax(TreeHeuristics(), bounds=(5, 5))


def test_it_handles_every_trait() -> None:
    assert Expectimax.handles == frozenset(Trait)
