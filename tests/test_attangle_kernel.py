"""Attangle's search kernel: the engine's moves, keys and evaluation exactly, and the generic search's tree.

The kernel runs compiled when numba is in use and as Python in the second run
of the AI tests (``ATTAX_NUMBA=0``, ``tests/test_ai_kernel.py``): every test
here holds both ways.
"""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

import pytest
from clocks import StoppedClock
from processes import run_python
from waiting import HeldKernel, SearchThread, wait_for

from game.ai import compiled
from game.ai.alphabeta import NO_FEATURES, AlphaBeta, SearchFeatures
from game.ai.attangle import encoding, kernel
from game.ai.attangle.evaluate import AttangleHeuristics, EvalWeights
from game.ai.attangle.search import Searcher, SearchLimits, layout, prepare_compiled
from game.ai.limits import WIN_SCORE
from game.engine.attangle import Board

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search

COMPILED = compiled.numba_problem() is None
"""Whether this run's kernel is compiled (numba in use): its tables are then numpy arrays."""
needs_numba = pytest.mark.skipif(not COMPILED, reason="numba is not in use")
GOLDEN = Path(__file__).parent / "data" / "attangle_search_golden.txt"
TRIPLE_IN_ONE = "-,-,-,-/-,bw,b,w,-/-,-,-,-,-,-/-,-,-,-,-,-,-/-,-,-,-,-,-/-,-,-,-,-/-,-,-,- w 15 16"
"""White's double on b2 and single on b4 both see Black's single on b3: taking it builds a triple."""


def golden() -> list[tuple[int, str, int, int, str]]:
    """The generic search's fixed-depth results without its aids (``tests/test_ai_search.py``'s file)."""
    rows = []
    for line in GOLDEN.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            depth, move, score, nodes, text = (part.strip() for part in line.split("|"))
            rows.append((int(depth), move, int(score), int(nodes), text))
    return rows


def without_reserve(board: Board) -> Board:
    """``board`` with the side to move's reserve empty: capturing is compulsory."""
    rows, turn, white, black = board.text().split()
    return Board(f"{rows} {turn} {'0' if turn == 'w' else white} {'0' if turn == 'b' else black}")


def random_games(count: int, grand: bool, seed: int) -> list[Board]:
    """Every position of ``count`` random games (captures preferred, so that games end), the ends included,
    and one in four again with the side to move's reserve empty."""
    rng = random.Random(seed)
    positions = []
    for _ in range(count):
        board = Board(grand=grand)
        while True:
            positions.append(Board(board.text()))
            if len(positions) % 4 == 0:
                positions.append(without_reserve(board))
            moves = board.raw_moves()
            if not moves:
                break
            captures = [move for move in moves if move >= 1 << 18]
            board.push_raw(rng.choice(captures if captures and rng.random() < 0.6 else moves))
    return positions


class Kernel:
    """The kernel's tables and a board's position in them, as the search sets them up."""

    def __init__(self, board: Board, slots: int = 1024) -> None:
        self.tables = kernel.new_tables(slots, as_arrays=COMPILED)
        self.geometry = encoding.geometry_table(board.geometry, as_array=COMPILED)
        self.weights = self.tables["weights"]
        self.load(board)

    def load(self, board: Board) -> None:
        self.cells = self.tables["cells"]
        encoding.fill_cells(self.cells, board.stacks)
        me = int(board.turn)
        self.side = me
        self.reserves = (board.reserves[me], board.reserves[1 - me])
        self.triples = (board.triples[me], board.triples[1 - me])
        self.key = board.hash & kernel.KEY_MASK

    def moves(self) -> list[int]:
        history = self.tables["history"]
        moves, keys = self.tables["moves"], self.tables["keys"]
        count = kernel.generate(
            self.cells, self.side, self.reserves[0], *self.triples, 0, moves, keys, history, 0, self.geometry
        )
        return [int(moves[index]) for index in range(count)]

    def has_move(self) -> bool:
        return bool(kernel.has_move(self.cells, self.side, self.reserves[0], *self.triples, self.geometry))

    def evaluate(self) -> int:
        return int(
            kernel.evaluate(self.cells, self.side, *self.reserves, *self.triples, self.geometry, self.weights)
        )

    def perft(self, depth: int) -> int:
        tables = self.tables
        return int(
            kernel.perft(
                self.cells, self.side, *self.reserves, *self.triples, self.key, depth, 0,
                tables["moves"], tables["keys"], tables["history"], self.geometry,
            )
        )  # fmt: skip

    def stacks(self, count: int) -> list[str]:
        return [encoding.stack_text(int(self.cells[point])) for point in range(count)]


def fill_weights(weights: Any, evaluation: EvalWeights) -> None:
    for index, value in enumerate(vars(evaluation).values()):
        weights[index] = value


@pytest.mark.parametrize("grand", [False, True], ids=["attangle", "grand"])
def test_the_kernel_generates_the_engines_moves(grand: bool) -> None:
    positions = random_games(12, grand, 3 + grand)
    assert len(positions) > 500
    ends = forced = 0
    state = Kernel(positions[0])
    for board in positions:
        state.load(board)
        moves = board.raw_moves()
        assert sorted(state.moves()) == sorted(moves), board.text()
        assert state.has_move() == board.has_legal_move() == bool(moves), board.text()
        ends += not moves
        forced += bool(moves) and board.reserves[board.turn] == 0
    assert ends > 12 and forced > 50  # the games' ends, and positions where capturing is compulsory


@pytest.mark.parametrize("grand", [False, True], ids=["attangle", "grand"])
def test_make_changes_the_stacks_reserves_triples_and_key_as_the_engine_does(grand: bool) -> None:
    rng = random.Random(5 + grand)
    for board in random_games(4, grand, 9 + grand)[::3]:
        state = Kernel(board)
        before = state.stacks(len(board.stacks))
        moves = board.raw_moves()
        for move in rng.sample(moves, min(6, len(moves))):
            mover = int(board.turn)
            key, reserve, triples = kernel.make(
                state.cells, state.side, state.reserves[0], state.triples[0], state.key, move, state.geometry
            )
            board.push_raw(move)
            assert state.stacks(len(board.stacks)) == board.stacks, (board.text(), move)
            assert (key, reserve, triples) == (
                board.hash & kernel.KEY_MASK, board.reserves[mover], board.triples[mover]
            )  # fmt: skip
            board.pop_raw()
            state.load(board)  # as the search puts the codes back
            assert state.stacks(len(board.stacks)) == before


@pytest.mark.parametrize("grand", [False, True], ids=["attangle", "grand"])
def test_perft_agrees_with_the_engine(grand: bool) -> None:
    positions = random_games(2, grand, 21 + grand)
    rng = random.Random(1)
    for board in rng.sample(positions, 12):
        state = Kernel(board)
        for depth in (1, 2):
            assert state.perft(depth) == board.perft(depth), board.text()
        assert state.stacks(len(board.stacks)) == board.stacks  # put back as it was
    for board in rng.sample([board for board in positions if board.reserves[board.turn] < 10], 2):
        assert Kernel(board).perft(3) == board.perft(3), board.text()
    if COMPILED:
        assert Kernel(Board()).perft(4) == 1413720  # tests/test_attangle_rules.py's


@pytest.mark.parametrize("grand", [False, True], ids=["attangle", "grand"])
def test_the_kernels_evaluation_is_the_heuristics(grand: bool) -> None:
    positions = [board for board in random_games(30, grand, 31 + grand) if board.has_legal_move()]
    assert len(positions) > 1200
    rng = random.Random(2)
    other = EvalWeights(*(rng.randrange(1, 900) for _ in vars(EvalWeights())))
    state = Kernel(positions[0])
    for weights in (EvalWeights(), other):
        heuristics = AttangleHeuristics(weights)
        fill_weights(state.weights, weights)
        for board in positions:
            state.load(board)
            assert state.evaluate() == heuristics.evaluate(board), board.text()


def test_the_search_is_the_generic_one_node_for_node() -> None:
    # The generic search's results without its aids, written down before: the same move, score and nodes.
    rows = golden()
    for depth, move, score, nodes, text in rows if COMPILED else rows[::2]:
        board = Board(text)
        raw, info = Searcher(features=NO_FEATURES, table_slots=1 << 16).search(
            board, SearchLimits(depth=depth)
        )
        assert (str(board.move_from_raw(raw)), info.score, info.nodes) == (move, score, nodes), text
        assert board.text() == text


@pytest.mark.parametrize(
    "features",
    [SearchFeatures(), SearchFeatures(late_move_reductions=2, history=True, aspiration=False)],
    ids=["default", "lmr2-history"],
)
def test_with_every_aid_the_search_is_still_the_generic_one(features: SearchFeatures) -> None:
    # The generic search's table has 65,536 slots at 16 MB: with as many, the very same tree.
    texts = list(dict.fromkeys(text for *_, text in golden()))
    for text in texts[:: 3 if COMPILED else 6]:
        board = Board(text)
        expected = list(
            AlphaBeta(AttangleHeuristics(), features=features).iterate(board, SearchLimits(depth=4))
        )
        got = list(Searcher(features=features, table_slots=1 << 16).iterate(board, SearchLimits(depth=4)))
        assert [(i.depth, i.score, i.nodes, i.pv) for i in got] == [
            (i.depth, i.score, i.nodes, i.pv) for i in expected
        ], text


def test_two_searches_in_a_row_keep_the_generic_searchs_table_and_killers() -> None:
    texts = list(dict.fromkeys(text for *_, text in golden()))[:2]
    generic = AlphaBeta(AttangleHeuristics())
    ours = Searcher(table_slots=1 << 16)
    for text in texts * 2:
        board = Board(text)
        expected = generic.search(board, SearchLimits(depth=3))[1]
        got = ours.search(board, SearchLimits(depth=3))[1]
        assert (got.score, got.nodes, got.pv) == (expected.score, expected.nodes, expected.pv), text


def test_the_weak_levels_scores_are_the_generic_searchs() -> None:
    for text in list(dict.fromkeys(text for *_, text in golden()))[:4]:
        board = Board(text)
        for depth in (1, 2):
            expected = AlphaBeta(AttangleHeuristics()).score_moves(board, depth)
            assert Searcher(table_slots=1 << 16).score_moves(board, depth) == expected, text


@needs_numba
def test_compiled_and_python_search_the_same_tree() -> None:
    for text in list(dict.fromkeys(text for *_, text in golden()))[::5]:
        results = []
        for as_compiled in (True, False):
            searcher = Searcher(compiled=as_compiled, table_slots=1 << 14)
            raw, info = searcher.search(Board(text), SearchLimits(depth=4))
            assert searcher.is_compiled is as_compiled
            results.append((raw, info.score, info.nodes, info.pv))
        assert results[0] == results[1], text


def test_it_takes_the_triple_and_a_won_game_is_scored_by_its_distance() -> None:
    board = Board(TRIPLE_IN_ONE)
    raw, info = Searcher().search(board, SearchLimits(depth=4))
    assert str(board.move_from_raw(raw)) == "b2,b4-b3"
    # White to move, and Black builds its third triple within two turns whatever White does
    # (tests/test_ai_resign.py): a proved loss, as far away as the generic search finds it.
    lost = Board("b,wb,-,bw/wwb,w,-,-,w/-,-,w,-,-,-/-,b,-,-,-,-,bwb/-,-,w,w,-,b/-,b,-,w,-/-,bw,-,- w 6 8")
    _, info = Searcher().search(lost, SearchLimits(depth=6))
    _, expected = AlphaBeta(AttangleHeuristics()).search(lost, SearchLimits(depth=6))
    assert info.score < -(WIN_SCORE - 10) and info.depth <= 4
    assert (info.depth, info.score) == (expected.depth, expected.score)


def test_a_finished_game_is_refused() -> None:
    board = next(board for board in random_games(1, False, 4) if not board.raw_moves())
    with pytest.raises(ValueError, match="game is over"):
        Searcher().search(board, SearchLimits(depth=2))
    with pytest.raises(ValueError, match="game is over"):
        Searcher().score_moves(board, 1)


def test_depth_one_stopped_answers_a_legal_move_with_depth_0() -> None:
    board = Board(golden()[0][4])
    text = board.text()
    for limits in (SearchLimits(nodes=3), SearchLimits(hard_time=0.0)):
        raw, info = Searcher().search(board, limits)
        assert info.depth == 0 and raw in board.raw_moves()
        assert info.score == AttangleHeuristics().evaluate(board)
    stop = threading.Event()
    stop.set()
    raw, info = Searcher().search(board, SearchLimits(), stop)
    assert info.depth == 0 and raw == AttangleHeuristics().order(board, board.raw_moves())[0]
    assert board.text() == text


def test_a_depth_stopped_after_a_root_move_finished_still_answers() -> None:
    # Stopped one node before depth 3 ends: with SearchFeatures.partial its answer is depth 3's.
    for text in list(dict.fromkeys(text for *_, text in golden()))[:4]:
        full = Searcher().search(Board(text), SearchLimits(depth=3))[1]
        limits = SearchLimits(nodes=full.nodes - 1)
        raw, info = Searcher().search(Board(text), limits)
        assert (info.depth, raw, info.score) == (3, full.pv[0], full.score), text
        without = Searcher(features=SearchFeatures(partial=False))
        assert without.search(Board(text), limits)[1].depth == 2


def test_a_hard_limit_and_a_stop_end_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    board = Board(golden()[-1][4])
    with monkeypatch.context() as patch:
        clock = StoppedClock().install(patch)  # searching on until the test moves the clock
        search = SearchThread(Searcher(), board, SearchLimits(hard_time=0.2))
        assert search.searching(), "the search never completed depth 2"
        clock.now += 0.2
        assert search.ended(), "the search went on past its hard limit"
        assert search.answers and search.answers[0] in board.raw_moves()
    search = SearchThread(Searcher(), board, SearchLimits())
    assert search.searching(), "the search never completed depth 2"
    search.stop.set()  # nothing else ends a search without limits
    assert search.ended()
    assert search.answers and search.answers[0] in board.raw_moves()
    assert Searcher().score_moves(board, 9, stop=search.stop) is None
    assert Searcher().score_moves(board, 9, deadline=0.0) is None  # a deadline long past


@pytest.mark.parametrize("limit", ["stop", "deadline"])
def test_a_stop_or_the_deadline_abandons_the_depth_it_comes_in(
    limit: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The search is held in the middle of depth 3 while the test stops it or moves the clock past its
    # deadline: the depth must be given up, not finished.
    board = Board(golden()[-1][4])
    clock = StoppedClock().install(monkeypatch)
    hold = HeldKernel(layout, monkeypatch, depth=3)
    searcher = Searcher(hash_mb=1, compiled=False)
    limits = SearchLimits(hard_time=1.0) if limit == "deadline" else SearchLimits()
    search = SearchThread(searcher, board, limits, on_info=hold.seen)
    assert hold.inside(), "the search never reached depth 3"
    if limit == "stop":
        search.stop.set()
    else:
        clock.now += 1.0
    flags = searcher._tables["stats"]
    raised = wait_for(lambda: flags[layout.STOP] != 0)  # the search's watchdog has told the kernel
    hold.go_on.set()
    assert search.ended()
    assert raised, f"the {limit} never reached the running depth"
    whole = Searcher(hash_mb=1, compiled=False)
    whole.search(board, SearchLimits(depth=3))
    assert searcher.nodes < whole.nodes  # depth 3 was not searched to its end
    assert search.answers and search.answers[0] in board.raw_moves()


def test_the_table_is_kept_between_moves_and_forgotten_on_new_game() -> None:
    searcher = Searcher(hash_mb=1)
    board = Board(golden()[3][4])
    searcher.search(board, SearchLimits(depth=4))
    first = searcher.nodes
    searcher.search(board, SearchLimits(depth=4))
    assert searcher.nodes < first / 2
    searcher.new_game()
    searcher.search(board, SearchLimits(depth=4))
    assert searcher.nodes == first
    with pytest.raises(ValueError):
        Searcher(hash_mb=0)


def test_the_pure_copy_is_plain_python() -> None:
    pure = compiled.load_pure(kernel.__name__)
    assert pure.pvs.__class__.__name__ == "function"
    assert (kernel.pvs.__class__.__name__ == "function") is not COMPILED
    assert prepare_compiled(wait=True)


def test_the_levels_and_the_hint_search_with_the_kernel() -> None:
    from game.ai.attangle import levels
    from game.ai.attangle.player import AI

    assert isinstance(AI.new_searcher(), Searcher) and isinstance(levels.new_searcher(), Searcher)
    board = Board(TRIPLE_IN_ONE)
    for level in (*levels.LEVELS[3:], levels.HINT_LEVEL):
        move = levels.choose_move(board, level, time_budget=0.2, searcher=levels.new_searcher())
        assert str(move) == "b2,b4-b3"


_PLAY = (
    "import sys\n"
    "from game.ai.attangle.search import Searcher, SearchLimits, prepare_compiled\n"
    "from game.ai import compiled\n"
    "from game.engine.attangle import Board\n"
    "prepare_compiled(wait=True)\n"
    "searcher = Searcher()\n"
    "move, info = searcher.search(Board(), SearchLimits(depth=2))\n"
    "print(move in Board().raw_moves(), searcher.is_compiled, 'numba' in sys.modules)\n"
)


def test_a_process_that_only_imports_the_levels_never_loads_numba(tmp_path: Path) -> None:
    code = (
        "import sys, game.ai.attangle.levels, game.ai.attangle.player, game.games\n"
        "print('numba' in sys.modules)\n"
    )
    result = run_python(code, ATTAX_DATA_DIR=str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False"]


def test_without_numba_or_with_a_broken_one_the_python_search_plays_without_alarm(tmp_path: Path) -> None:
    result = run_python(_PLAY, ATTAX_NUMBA="0", ATTAX_DATA_DIR=str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "False", "False"] and result.stderr == ""
    fake = tmp_path / "fake"
    (fake / "numba").mkdir(parents=True)
    (fake / "numba" / "__init__.py").write_text("raise ImportError('llvmlite is missing')\n")
    result = run_python(_PLAY, PYTHONPATH=str(fake), ATTAX_DATA_DIR=str(tmp_path / "data"))
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[:2] == ["True", "False"] and result.stderr == ""
