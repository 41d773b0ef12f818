"""Post-game analysis (``game.ai.analysis``): known games get known marks, scores by seat, dice, luck, PGN.

The searches here are fixed-depth searches run in the test itself (or scripted
answers), so every figure is the same on every machine; ``AnalysisRun`` is
driven through the thread-mode worker with a tiny budget, and a fake worker
for its failures.
"""

from __future__ import annotations

import dataclasses
import re

import ataxx.pgn
import pytest
from waiting import wait_for

from game.ai.analysis import (
    Analysis,
    AnalysisError,
    Mark,
    Search,
    export_pgn,
    mark_for,
    pgn_annotations,
    playable_line,
    settled_score,
)
from game.ai.analysis_run import AnalysisRun, RunState
from game.ai.ataxx.player import AI as ATAXX_AI
from game.ai.ataxx.search import Searcher, SearchLimits
from game.ai.attangle.player import AI as ATTANGLE_AI
from game.ai.worker import AIWorker
from game.ai.worker.status import AIProgress, AIState, AIStatus
from game.engine.ataxx.rules import RULES as ATAXX
from game.engine.attangle.rules import RULES as ATTANGLE
from game.engine.lionheart.rules import RULES as LIONHEART
from game.engine.match import Match
from game.engine.pgn import parse_pgn
from game.engine.rules import replay
from tests.raid import RULES as RAID

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search

# Red (a1, c2) misses the win at once (c3 or d3 takes Blue's only piece) and plays b1; Blue's jump to b2
# takes all three Red pieces.
BLUNDER_START = "7/7/7/3o3/7/2x4/x6 x 0 1"
BLUNDER_GAME = ["b1", "d4b2"]


def answer_all(analysis: Analysis, depth: int = 4) -> None:
    """Answer every search of ``analysis`` with Ataxx's search to a fixed ``depth`` (the same everywhere)."""
    while analysis.pending():
        node = analysis.pending()[0]
        board = replay(ATAXX, node.text)
        infos = list(Searcher(compiled=False).iterate(board, SearchLimits(depth=depth)))
        line = tuple(str(move) for move in infos[-1].pv)
        analysis.answer(node, Search(settled_score([info.score for info in infos]), line[0], line, depth))


def test_a_known_short_game_gets_known_marks() -> None:
    analysis = Analysis(ATAXX, ATAXX_AI, BLUNDER_START, BLUNDER_GAME)
    assert analysis.total == 2
    answer_all(analysis)
    review = analysis.review()
    blunder, best = review.verdicts
    assert blunder is not None and best is not None
    assert (blunder.seat, blunder.mark, best.seat, best.mark) == (0, Mark.BLUNDER, 1, Mark.BEST)
    # Red was sure to win (1.0) with c3 or d3, and is sure to lose after b1; Blue's jump was the search's own.
    assert blunder.best in ("c3", "d3") and blunder.line[0] == blunder.best
    assert (blunder.before, blunder.after, blunder.loss) == (1.0, 0.0, 1.0)
    assert best.best is None and best.loss == 0.0
    assert review.values == (
        1.0,
        0.0,
        0.0,
    )  # seat 0's expected result at each position; the end is the result
    assert review.count(0, Mark.BLUNDER) == 1 and review.count(1, Mark.BLUNDER) == 0
    assert review.luck is None


def test_a_forced_move_is_not_judged_nor_searched() -> None:
    # Blue's piece on a1 is walled in: it must pass; Red jumps away, and Blue's one move is to b2.
    analysis = Analysis(ATAXX, ATAXX_AI, "7/7/7/7/---4/xx-4/ox-4 o 0 1", ["0000", "b2d4", "b2"])
    assert [node.text.split(" moves ")[-1] for node in analysis.pending()] == ["0000", "0000 b2d4 b2"]
    answer_all(analysis, depth=2)
    review = analysis.review()
    passed, played, only = review.verdicts
    assert passed is not None and passed.forced and passed.mark is None
    assert played is not None and played.mark is not None
    assert only is not None and only.forced and only.mark is None
    assert review.values[2] == review.values[3], "a forced move's position is worth what follows it"


def test_marks_follow_the_loss_of_expected_result() -> None:
    assert [mark_for(loss) for loss in (0.0, 0.029, 0.05, 0.1, 0.2, 0.22, 0.9)] == [
        Mark.BEST,
        Mark.BEST,
        Mark.GOOD,
        Mark.INACCURACY,
        Mark.MISTAKE,
        Mark.BLUNDER,
        Mark.BLUNDER,
    ]
    assert [mark.glyph for mark in Mark] == ["", "", "?!", "?", "??"]
    assert [mark.nag for mark in Mark] == ["", "", "$6", "$2", "$4"]


def test_two_depths_settle_the_score_of_the_side_moving_last() -> None:
    assert settled_score([400, -200]) == 100
    assert settled_score([-200, 99_990]) == 99_990, "a win seen is the deepest's"
    assert settled_score([70]) == 70


def test_a_game_that_cannot_be_replayed_is_refused() -> None:
    with pytest.raises(AnalysisError, match="move 2"):
        Analysis(ATAXX, ATAXX_AI, ATAXX.start_text, ["b6", "b6"])


class Curve:
    """Raid's scores as expected results: a point ahead is 5% (clamped)."""

    @staticmethod
    def expected_result(score: int) -> float:
        return min(1.0, max(0.0, 0.5 + score / 20))


def raid_search(text: str) -> Search:
    """A scripted search of a Raid position: the mover's points ahead, and always "step"."""
    position = replay(RAID, text)
    mover = position.state.side
    scores = position.state.scores
    return Search(scores[mover] - scores[1 - mover], "step", ("step",), 1)


def test_scores_are_by_seat_and_a_move_before_the_dice_is_worth_their_expectation() -> None:
    # Seat 0 steps, then gambles (a roll: lost), and seat 1 steps twice.
    analysis = Analysis(RAID, Curve(), "0 0 0 2 0 -", ["step", "gamble", "L", "step", "step"])
    first = analysis.pending()[0]
    analysis.answer(first, raid_search(first.text))
    second = analysis.pending()[0]
    assert second.text.endswith("moves step") and second.turn == 0, "seat 0's second action"
    analysis.answer(second, raid_search(second.text))
    # The gamble was not the search's move, and a roll follows: the position it would have won is searched
    # first (the one lost is the game's own).
    probe = analysis.pending()[0]
    assert probe.plain == "4 0 1 2 1 -" and probe not in analysis.main
    while analysis.pending():
        node = analysis.pending()[0]
        analysis.answer(node, raid_search(node.text))
    review = analysis.review()
    step, gamble, roll, *_ = review.verdicts
    assert roll is None, "a roll is not judged"
    assert step is not None and step.mark is Mark.BEST
    # At seat 0's second action the mover is seat 0 again: 1 point ahead is 0.55 for seat 0, not 0.45.
    assert review.values[1] == pytest.approx(0.55)
    # Won (1/3): seat 1 to move, 4 behind: 0.3 for it, 0.7 for seat 0. Lost (2/3): 1 behind: 0.55 for seat 0.
    assert gamble is not None and gamble.best == "step"
    assert gamble.after == pytest.approx(0.7 / 3 + 0.55 * 2 / 3)
    assert gamble.before == pytest.approx(0.55) and gamble.mark is Mark.BEST
    assert review.luck is not None and all(tally.rolls == 0 for tally in review.luck), (
        "Raid's rolls score nothing"
    )


def test_the_searchs_own_move_before_the_dice_keeps_the_searchs_expectation_after_it() -> None:
    """The analysis said "Gold: from 53% to ?" after an attack the search chose: the roll after it is not
    searched (nothing was given away), so the move's expected result over the dice is the search's own."""
    analysis = Analysis(RAID, Curve(), "0 0 0 2 0 -", ["step", "gamble", "L", "step", "step"])
    while analysis.pending():
        node = analysis.pending()[0]
        search = raid_search(node.text)
        if node is analysis.main[1]:
            search = dataclasses.replace(search, best="gamble", line=("gamble",))
        analysis.answer(node, search)
    gamble = analysis.review().verdicts[1]
    assert gamble is not None and gamble.mark is Mark.BEST and gamble.best is None
    assert gamble.before == pytest.approx(0.55) and gamble.after == pytest.approx(0.55)
    assert gamble.loss == 0.0


def test_the_rolls_searched_after_the_games_positions_are_counted_apart() -> None:
    """The screen says "Position 2 of 5 · rolls 1 of 1" while the positions a roll might have given are
    searched after the game's own: at the end, "Position 5 of 5" alone with the run going on looked finished."""
    analysis = Analysis(RAID, Curve(), "0 0 0 2 0 -", ["step", "gamble", "L", "step", "step"])
    assert analysis.probing is None and analysis.total == 5
    for _ in range(2):
        node = analysis.pending()[0]
        analysis.answer(node, raid_search(node.text))
    assert analysis.probing == (0, 1) and analysis.searched == 1
    node = analysis.pending()[0]
    analysis.answer(node, raid_search(node.text))
    assert analysis.probing is None and analysis.searched == 2
    while analysis.pending():
        node = analysis.pending()[0]
        analysis.answer(node, raid_search(node.text))
    assert analysis.probing is None and analysis.searched == analysis.total


def test_lionheart_counts_expected_hits_against_hits_rolled() -> None:
    start = "gI4e4N,gK1a1N,sI4e5S,sK1i10S g 2 1 -"
    analysis = Analysis(LIONHEART, Curve(), start, ["e4xe5", "HHFP"])
    review = analysis.review()
    assert review.luck is not None
    gold, silver = review.luck
    # Four dice, each an axe one time in two: two hits expected; the roll had two axes.
    assert (gold.rolls, gold.expected, gold.rolled) == (1, pytest.approx(2.0), 2)
    assert (silver.rolls, silver.expected, silver.rolled) == (0, 0.0, 0)


def test_the_playable_part_of_a_line() -> None:
    assert [str(move) for move in playable_line(ATAXX, ATAXX.start_text, ["b6", "f6", "b6", "a1"])] == [
        "b6",
        "f6",
    ]


# -- annotated PGN --


def test_the_annotated_ataxx_pgn_is_read_by_python_ataxx_and_by_us() -> None:
    match = Match(ATAXX, BLUNDER_START)
    for move in BLUNDER_GAME:
        match.play(ATAXX.parse_move(move))
    analysis = Analysis.of_match(match, ATAXX_AI)
    answer_all(analysis)
    path = export_pgn(match, analysis, analysis.review(), "Blunder", seat_names=("Red", "Blue"))
    assert path.parent.name == "analyses" and path.name == "Blunder.pgn"
    text = path.read_text(encoding="utf-8")
    assert "$4" not in text, "python-ataxx stops at a NAG: Ataxx's marks are in the comments"
    assert re.search(r"b1 \{\?\? Blunder\. Red 100% -> 0%\. Better (c3|d3)\.\} \((c3|d3)\)", text)
    assert "Annotator" in text and "1 blunder" in text
    theirs = ataxx.pgn.parse(text)
    assert [str(node.move) for node in theirs.main_line()] == BLUNDER_GAME
    ours = parse_pgn(text, ATAXX)
    assert [str(move) for move in ours.moves] == BLUNDER_GAME


def test_the_annotated_pgn_of_another_game_carries_nags() -> None:
    match = Match(ATTANGLE)
    for move in ("d3", "c3"):
        match.play(ATTANGLE.parse_move(move))
    analysis = Analysis.of_match(match, ATTANGLE_AI)
    first, second = analysis.pending()[:2]
    analysis.answer(first, Search(0, "d3", ("d3",)))
    analysis.answer(second, Search(3000, "b2", ("b2", "a1")))  # after c3, Black's reply b2 wins big
    while analysis.pending():
        node = analysis.pending()[0]
        analysis.answer(node, Search(3000, None, ()))
    notes, preface = pgn_annotations(analysis, analysis.review(), ("White", "Black"))
    assert notes[0] == "" and notes[1].startswith("$4 {Blunder. Black")
    assert preface.startswith("{Attax Arcade analysis.")


# -- through the worker --


def test_a_run_through_the_thread_worker_judges_every_move() -> None:
    match = Match(ATAXX, BLUNDER_START)
    for move in BLUNDER_GAME:
        match.play(ATAXX.parse_move(move))
    analysis = Analysis.of_match(match, ATAXX_AI)
    with AIWorker(use_process=False) as worker:
        run = AnalysisRun(analysis, worker, "ataxx", "master", 0.05)

        def finished() -> bool:
            run.step()  # as the screen does every frame
            return run.state is not RunState.RUNNING

        assert wait_for(finished), "the analysis never finished"
    assert run.state is RunState.DONE and run.fraction == 1.0
    marks = [verdict.mark for verdict in analysis.review().verdicts if verdict is not None]
    assert marks == [Mark.BLUNDER, Mark.BEST], "a win missed at once is seen at any depth"


class FakeWorker:
    """A worker that answers as a script says: thinking, an error, or a move."""

    def __init__(self, answers: list[AIStatus]) -> None:
        self.answers = answers
        self.asked: list[str] = []
        self.budgets: list[float | None] = []
        self.cancelled = 0
        self.abandoned = 0

    def request(self, game: str, position: str, level: str, *, time_budget: float | None = None) -> int:
        self.asked.append(position)
        self.budgets.append(time_budget)
        return len(self.asked)

    def poll(self, ticket: int) -> AIStatus:
        return self.answers.pop(0) if self.answers else AIStatus(AIState.THINKING)

    def cancel(self) -> None:
        self.cancelled += 1

    def abandon(self) -> None:
        self.abandoned += 1


def _analysis() -> Analysis:
    return Analysis(ATAXX, ATAXX_AI, BLUNDER_START, BLUNDER_GAME)


def test_a_run_reads_the_progress_and_asks_again_when_superseded() -> None:
    progress = AIProgress(3, 500, 10, 100, 0.1, (ATAXX.parse_move("c3"),), scores=(700, 300))
    worker = FakeWorker(
        [AIStatus(AIState.UNKNOWN), AIStatus(AIState.DONE, ATAXX.parse_move("c3"), progress=progress)]
    )
    analysis = _analysis()
    run = AnalysisRun(analysis, worker, "ataxx", "master", 0.1)
    for _ in range(5):
        run.step()
    assert worker.asked[:2] == [BLUNDER_START, BLUNDER_START], (
        "asked again after another request took the worker"
    )
    assert analysis.main[0].search == Search(500, "c3", ("c3",), 3), "the last two depths' mean"


def test_a_search_that_completed_no_depth_is_asked_again_with_twice_the_time() -> None:
    # On a busy machine (or a child still loading its search) a position's time may pass before its first
    # depth: the move would be left unjudged. It is searched again, longer, a few times at most.
    shallow = AIStatus(AIState.DONE, ATAXX.parse_move("c3"))  # no progress: no depth completed
    progress = AIProgress(2, 400, 10, 100, 0.1, (ATAXX.parse_move("c3"),), scores=(400,))
    deep = AIStatus(AIState.DONE, ATAXX.parse_move("c3"), progress=progress)
    worker = FakeWorker([shallow, shallow, deep])
    analysis = _analysis()
    run = AnalysisRun(analysis, worker, "ataxx", "master", 0.1)
    for _ in range(7):
        run.step()
    assert worker.asked[:3] == [BLUNDER_START] * 3 and worker.budgets[:4] == [0.1, 0.2, 0.4, 0.1]
    assert analysis.main[0].search == Search(400, "c3", ("c3",), 2)
    # At most MAX_LONGER times: then the position is left unjudged and the run goes on.
    worker = FakeWorker([shallow] * (AnalysisRun.MAX_LONGER + 1))
    analysis = _analysis()
    run = AnalysisRun(analysis, worker, "ataxx", "master", 0.1)
    for _ in range(2 * AnalysisRun.MAX_LONGER + 3):
        run.step()
    assert worker.asked.count(BLUNDER_START) == AnalysisRun.MAX_LONGER + 1
    assert analysis.main[0].search == Search(None, "c3", ("c3",)) and run.state is RunState.RUNNING


def test_a_search_that_fails_twice_stops_the_run_with_its_error() -> None:
    broken = AIStatus(AIState.ERROR, error="ValueError: broken")
    worker = FakeWorker([broken, broken])
    run = AnalysisRun(_analysis(), worker, "ataxx", "master", 0.1)
    run.step()
    run.step()
    assert run.state is RunState.RUNNING, "asked again once"
    run.step()
    run.step()
    assert run.state is RunState.FAILED and "broken" in run.error
    assert worker.asked == [BLUNDER_START, BLUNDER_START]


def test_a_search_that_never_answers_is_abandoned_then_the_run_fails() -> None:
    now = [0.0]
    worker = FakeWorker([])
    run = AnalysisRun(_analysis(), worker, "ataxx", "master", 0.1, grace=1.0, clock=lambda: now[0])
    run.step()
    now[0] = 5.0
    run.step()
    assert run.state is RunState.RUNNING and worker.abandoned == 1, "one more try"
    run.step()
    now[0] = 10.0
    run.step()
    assert run.state is RunState.FAILED and worker.abandoned == 2 and "within" in run.error


def test_cancel_stops_the_search_under_way() -> None:
    worker = FakeWorker([])
    run = AnalysisRun(_analysis(), worker, "ataxx", "master", 0.1)
    run.step()
    run.cancel()
    assert run.state is RunState.CANCELLED and worker.cancelled == 1
    run.step()
    assert len(worker.asked) == 1


def test_a_kernel_still_being_imported_is_not_taken_for_built() -> None:
    # A worker child's first search, asked for at once, met the kernel half imported by the warm-up thread
    # and failed with an AttributeError (bench/analysis_speed.py found it).
    from types import ModuleType

    from game.ai.ataxx.search import _KERNEL

    assert not _KERNEL.built(ModuleType("game.ai.ataxx.kernel"))
