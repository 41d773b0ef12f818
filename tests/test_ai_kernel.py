"""The compiled Ataxx search kernel: the same source compiled and as Python, the switches, the fallbacks."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from processes import run_python
from waiting import HANG, wait_for

from game.ai import compiled
from game.ai.ataxx import kernel
from game.ai.ataxx.search import Searcher, SearchFeatures, SearchLimits, is_win_score
from game.ai.deepening import Deepening
from game.engine.ataxx import STARTPOS, Board

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search

ROOT = Path(__file__).resolve().parent.parent
MIDGAME = "x3xoo/1x2xoo/2-1-2/o6/ox-o-2/xxoooxx/xxxxx2 x 2 16"
needs_numba = pytest.mark.skipif(compiled.numba_problem() is not None, reason="numba is not in use")


def random_positions(count: int, seed: int) -> list[Board]:
    rng = random.Random(seed)
    boards = []
    while len(boards) < count:
        board = Board(rng.choice([STARTPOS, "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"]))
        for _ in range(rng.randrange(4, 60)):
            if board.outcome() is not None:
                break
            board.push(rng.choice(board.legal_moves()))
        if board.outcome() is None:
            boards.append(board)
    return boards


@needs_numba
def test_compiled_and_python_search_the_same_tree() -> None:
    for board in random_positions(12, 7):
        results = []
        for as_compiled in (True, False):
            searcher = Searcher(compiled=as_compiled, table_slots=1 << 14)
            move, info = searcher.search(board, SearchLimits(depth=4))
            assert info is not None and searcher.is_compiled is as_compiled
            results.append((move, info.score, info.nodes, info.pv))
        assert results[0] == results[1], board.fen()


@pytest.mark.parametrize(
    "features",
    [
        SearchFeatures(),
        SearchFeatures(null_move=False),
        SearchFeatures(late_move_reductions=True),
        SearchFeatures(history=True),
        SearchFeatures(frontier=False, futility=False),
        SearchFeatures(aspiration=False, keep_table=False),
    ],
    ids=["all", "no-null", "lmr", "history", "no-frontier-futility", "no-aspiration-table"],
)
def test_every_switch_keeps_the_search_exact_at_small_depth_and_legal(features: SearchFeatures) -> None:
    # Depth 1 and 2 see no reduction, null move or aspiration: the scores are minimax's.
    reference = Searcher(hash_mb=1, features=SearchFeatures(False, False, False, False, False, False, False))
    searcher = Searcher(hash_mb=1, features=features)
    for board in random_positions(6, 3):
        for depth in (1, 2):
            _, expected = reference.search(board, SearchLimits(depth=depth))
            _, got = searcher.search(board, SearchLimits(depth=depth))
            assert expected is not None and got is not None and got.score == expected.score, board.fen()
        move, info = searcher.search(board, SearchLimits(depth=5))
        assert move in board.legal_moves() and info is not None
        assert info.depth == 5 or is_win_score(info.score)


def test_the_table_is_kept_between_moves_and_forgotten_on_new_game() -> None:
    searcher = Searcher(hash_mb=4)
    board = Board(MIDGAME)
    searcher.search(board, SearchLimits(depth=6))
    first = searcher.nodes
    searcher.search(board, SearchLimits(depth=6))
    assert searcher.nodes < first / 2
    searcher.new_game()
    searcher.search(board, SearchLimits(depth=6))
    assert searcher.nodes == first


def test_without_the_table_kept_every_search_starts_afresh() -> None:
    searcher = Searcher(hash_mb=4, features=SearchFeatures(keep_table=False))
    board = Board(MIDGAME)
    searcher.search(board, SearchLimits(depth=5))
    first = searcher.nodes
    searcher.search(board, SearchLimits(depth=5))
    assert searcher.nodes == first


def test_the_pure_copy_is_plain_python() -> None:
    pure = compiled.load_pure(kernel.__name__)
    assert pure.pvs.__class__.__name__ == "function"
    assert pure.popcount is compiled.py_popcount and pure.lowest is compiled.py_lowest
    assert compiled.load_pure(kernel.__name__) is pure


def test_the_primitives_agree() -> None:
    popcount, lowest = compiled.primitives_for(kernel.__name__)
    rng = random.Random(5)
    for _ in range(200):
        value = rng.getrandbits(49) | 1 << rng.randrange(49)
        assert popcount(value) == compiled.py_popcount(value) == bin(value).count("1")
        assert lowest(value) == compiled.py_lowest(value) == (value & -value).bit_length() - 1


_PLAY = (
    "from game.ai.ataxx.search import Searcher, SearchLimits\n"
    "from game.ai import compiled\n"
    "from game.engine.ataxx import Board\n"
    "searcher = Searcher()\n"
    "move, info = searcher.search(Board(), SearchLimits(depth=3))\n"
    "print(move in Board().legal_moves(), searcher.is_compiled, compiled.numba_problem())\n"
)


def test_a_process_that_only_imports_the_levels_never_loads_numba(tmp_path: Path) -> None:
    # The game's window imports the levels (their names) but searches in the AI child: no numba there.
    code = (
        "import sys, game.ai.ataxx.levels, game.ai.ataxx.player, game.games\nprint('numba' in sys.modules)\n"
    )
    result = run_python(code, ATTAX_DATA_DIR=str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False"]


def test_switched_off_numba_is_never_imported_and_the_search_plays(tmp_path: Path) -> None:
    code = _PLAY + "import sys; print('numba' in sys.modules)\n"
    result = run_python(code, ATTAX_NUMBA="0", ATTAX_DATA_DIR=str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "False", "ATTAX_NUMBA=0", "False"]
    assert result.stderr == ""


def test_a_broken_numba_leaves_the_python_search_playing_without_alarm(tmp_path: Path) -> None:
    fake = tmp_path / "fake"
    (fake / "numba").mkdir(parents=True)
    (fake / "numba" / "__init__.py").write_text("raise ImportError('llvmlite is missing')\n")
    result = run_python(_PLAY, PYTHONPATH=str(fake), ATTAX_DATA_DIR=str(tmp_path / "data"))
    assert result.returncode == 0, result.stderr
    words = result.stdout.split()
    assert words[:2] == ["True", "False"] and "llvmlite is missing" in result.stdout
    assert result.stderr == ""


def test_compiled_code_is_cached_in_the_users_cache_folder_not_the_source_tree(tmp_path: Path) -> None:
    code = "import os, game.ai.compiled as c\nc.numba_problem()\nprint(os.environ.get('NUMBA_CACHE_DIR'))\n"
    result = run_python(code, ATTAX_DATA_DIR=str(tmp_path))
    assert result.returncode == 0, result.stderr
    if compiled.numba_problem() is None:
        assert Path(result.stdout.strip()) == tmp_path / "cache" / "numba" / compiled._source_tag()
    assert not list((ROOT / "game").rglob("*.nbi")) and not list((ROOT / "game").rglob("*.nbc"))


PURE_RUN = (
    "tests/test_ai_kernel.py",
    "tests/test_ai_endgame.py",
    "tests/test_ai_search.py",
    "tests/test_ai_golden.py",
    "tests/test_ai_levels.py",
    "tests/test_rules_once.py",
    "tests/test_uai.py",
    "tests/test_attangle_kernel.py",
)
"""The AI's tests, run a second time with the searches as Python (``ATTAX_NUMBA=0``). Not the
frozen baselines' (``tests/test_baseline.py``): they never use a kernel."""
GENERIC_ONLY = (
    "tests/test_ai_search.py::test_a_reduced_move_never_fails_high_on_its_reduced_search_alone",
    "tests/test_ai_search.py::test_a_reduced_move_that_beats_alpha_is_searched_again_in_full",
    "tests/test_ai_search.py::test_the_history_and_the_aspiration_windows_keep_the_minimax_scores",
    "tests/test_ai_search.py::test_late_move_reductions_search_fewer_nodes_and_still_take_the_triple",
    "tests/test_ai_search.py::test_attangle_searches_the_same_tree_as_before_seats",
    "tests/test_ai_search.py::test_a_depth_stopped_after_a_root_move_finished_still_answers",
)
"""The slower tests of those files that search only with the generic alpha-beta (Attangle's), which
numba never runs: the second run would repeat them exactly."""
DESELECT = tuple(f"--deselect={test}" for test in GENERIC_ONLY)


@pytest.mark.skipif(os.environ.get(compiled.ENV_NUMBA) == "0", reason="this run is already the Python one")
def test_the_ai_tests_pass_with_the_search_as_python(tmp_path: Path) -> None:
    environment = {key: value for key, value in os.environ.items() if key != "NUMBA_CACHE_DIR"}
    environment[compiled.ENV_NUMBA] = "0"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-n",
            "0",
            "-x",
            *PURE_RUN,
            *DESELECT,
        ],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "[100%]" in result.stdout and "failed" not in result.stdout


def test_the_next_iteration_is_expected_to_cost_the_last_times_its_growth() -> None:
    assert Deepening._next_cost([0.1, 0.3]) == pytest.approx(0.9)  # grew 3x: 3x again
    assert Deepening._next_cost([0.1, 0.1]) == pytest.approx(0.2)  # at least twice the last
    assert Deepening._next_cost([0.01, 0.5]) == pytest.approx(3.0)  # at most six times
    assert Deepening._next_cost([0.2]) == pytest.approx(0.4)


def test_no_iteration_starts_that_could_not_finish_before_the_hard_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A fake clock that moves 10 ms each time the search's own thread looks at it (the watchdog only
    # reads it): every iteration seems to take 10 ms, so the next is expected to take 20 ms.
    now = [100.0]
    searching = threading.current_thread()

    def tick() -> float:
        if threading.current_thread() is searching:
            now[0] += 0.01
        return now[0]

    monkeypatch.setattr("game.ai.ataxx.search.time.monotonic", tick)
    infos = list(Searcher(hash_mb=1).iterate(Board(MIDGAME), SearchLimits(hard_time=0.105)))
    # Depth d ends 20 d ms after the start (two looks each). After depth 5 (100 ms) depth 6 would end at
    # 120 ms, past the limit: it never starts. (Started, it would finish: this clock never reaches the
    # limit inside an iteration, so the watchdog would not stop it.)
    assert [info.depth for info in infos] == [1, 2, 3, 4, 5]
    assert all(info.elapsed <= 0.105 for info in infos)


def test_an_unwritable_cache_folder_means_no_cache_never_the_source_tree(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(blocker / "numba"))
    assert compiled._cache_folder() is None
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    monkeypatch.setenv("ATTAX_DATA_DIR", str(blocker))
    assert compiled._cache_folder() is None
    monkeypatch.setenv("ATTAX_DATA_DIR", str(tmp_path / "data"))
    assert compiled._cache_folder() == tmp_path / "data" / "cache" / "numba" / compiled._source_tag()


def test_the_cache_is_kept_per_version_of_the_sources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # numba checks only the compiled function's own file: a change to a module a kernel calls into (the
    # shared kernel code, the rules' bit functions) must not load the old code from the cache.
    tag = compiled._source_tag()
    assert tag.startswith("src-") and tag == compiled._source_tag()
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "numba"))
    assert compiled._cache_folder() == tmp_path / "numba" / tag
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "numba" / tag))  # as a child process inherits it
    assert compiled._cache_folder() == tmp_path / "numba" / tag
    copy = tmp_path / "copy" / "game"
    shutil.copytree(ROOT / "game" / "ai", copy / "ai")
    shutil.copytree(ROOT / "game" / "engine", copy / "engine")
    (copy / "ai" / "compiled.py").write_text(
        (ROOT / "game" / "ai" / "compiled.py").read_text(encoding="utf-8"), encoding="utf-8"
    )
    bits = copy / "engine" / "ataxx" / "bits.py"

    def tag_of_copy() -> str:
        code = "import importlib.util, sys\n"
        code += f"spec = importlib.util.spec_from_file_location('c', {str(copy / 'ai' / 'compiled.py')!r})\n"
        code += "module = importlib.util.module_from_spec(spec); spec.loader.exec_module(module)\n"
        code += "print(module._source_tag())\n"
        result = run_python(code)
        assert result.returncode == 0, result.stderr
        return result.stdout.strip()

    assert tag_of_copy() == tag
    bits.write_text(bits.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert tag_of_copy() != tag


def test_kernels_build_one_at_a_time_and_the_one_asked_for_again_goes_first() -> None:
    # numba compiles under one lock: the kernel of the game being played must not wait behind another.
    queue = compiled._BuildQueue()
    gate = threading.Event()
    order: list[str] = []

    def warm(name: str) -> Callable[[], None]:
        def run() -> None:
            if name == "first":
                assert gate.wait(HANG)
            order.append(name)

        return run

    first = queue.start("first", warm("first"))
    assert wait_for(lambda: first.started)  # the builder has taken it (it then waits at the gate)
    queue.start("other", warm("other"))
    played = queue.start("played", warm("played"))
    assert queue.start("played", warm("played")) is played, "one build a name"
    gate.set()
    assert played.join(HANG) and first.join(HANG)
    assert queue.start("other", warm("other")).join(HANG)
    assert order == ["first", "played", "other"]


def test_a_failed_build_is_over_and_leaves_python_playing() -> None:
    queue = compiled._BuildQueue()

    def broken() -> None:
        raise RuntimeError("numba could not lower this")

    assert queue.start("broken", broken).join(HANG)
