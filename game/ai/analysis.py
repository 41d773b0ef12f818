"""Post-game analysis, for every game: each position searched, each move judged, the luck of the dice.

``Analysis`` takes a game (its start, the moves and rolls played, the match
rules) and the game's ``GameAI`` for one thing, its ``expected_result``
curve. It lists the positions to search; whoever runs the searches (the
screen, through the AI worker: ``game.ai.analysis_run``; a test, directly) hands each
answer back as a ``Search``, and ``review()`` gives, at any moment, what is
known so far (``Review``):

- the expected result of seat 0 at every position of the game (seat 1's is
  the rest): a finished game's result where it ended, else the search's score
  through the game's curve, the mover's view turned to seat 0's. Scores are
  by seat, never by ply parity: after a move of a seat that moves again
  (Lionheart's second action), the next position is the same seat's;
- each move's verdict (``MoveVerdict``): the search's best move and its line
  from the position it was played in, and the loss of expected result of the
  move played: what the position was worth with the best move (the search's
  score) less what it was worth after the move played (the next position's
  value, for the mover). A move the search would have played is ``BEST``;
  the others are marked by their loss (``MARK_LIMITS``). A move nobody chose
  (the only legal one: Ataxx's pass) and the set-up are not judged;
- with dice, the luck apart from the skill: per seat, the hits its rolls
  could expect against those they rolled (``HasDice.roll_luck``).

Dice are honest here. The worker never sees a roll before it is made, so a
move followed by a roll (an attack) is not judged by the position after the
roll, which has the luck in it: a move the search chose itself is ``BEST``
with the search's own expectation; any other is worth the expectation over
every roll the dice can show, each outcome's position searched (positions
that come out the same are searched once, the one rolled is the game's own).

The marks and the limits of expected result lost between them: ``game.ai.marks``.

>>> from game.engine.ataxx.rules import RULES
>>> from game.ai.ataxx.player import AI
>>> analysis = Analysis(RULES, AI, "x5o/7/7/7/7/7/o5x x 0 1", ["b6", "a1a3"])
>>> [node.text for node in analysis.pending()]
['x5o/7/7/7/7/7/o5x x 0 1', 'x5o/7/7/7/7/7/o5x x 0 1 moves b6', 'x5o/7/7/7/7/7/o5x x 0 1 moves b6 a1a3']
>>> analysis.answer(analysis.pending()[0], Search(100, "b6", ("b6", "f2")))
>>> analysis.answer(analysis.pending()[0], Search(-100, "f2", ("f2",)))
>>> analysis.answer(analysis.pending()[0], Search(500, "a6", ("a6",)))
>>> review = analysis.review()
>>> [verdict.mark.name for verdict in review.verdicts if verdict is not None]
['BEST', 'INACCURACY']
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from game.ai.limits import WIN_SCORE, is_win_score
from game.ai.marks import MARK_LIMITS, Mark, mark_for
from game.engine.core import CHANCE, Outcome, Trait
from game.engine.rules import GameRules, adjudicate, history_text, in_setup, roll_luck
from game.engine.saves import match_to_pgn
from game.formats import format_percent
from game.paths import atomic_write_text, safe_file_stem, user_data_dir

__all__ = [
    "DEFAULT_STRENGTH",
    "MARK_LIMITS",
    "STRENGTHS",
    "Analysis",
    "AnalysisError",
    "LuckTally",
    "Mark",
    "MoveVerdict",
    "Review",
    "Search",
    "analyses_dir",
    "export_pgn",
    "pgn_annotations",
    "playable_line",
    "settled_score",
]


STRENGTHS: tuple[tuple[str, float], ...] = (("quick", 0.1), ("normal", 0.3), ("deep", 1.0))
"""The strengths offered: a key and the seconds of search a position (at the game's hint level, its strongest)."""
DEFAULT_STRENGTH = "normal"
"""What the screen offers first, and ``bench/analysis_speed.py`` measures."""


def settled_score(scores: Sequence[int]) -> int:
    """A position's score from the scores of a search's depths (the last deepest): the mean of the last two.

    A search's score leans towards the side that moves last at its horizon (in
    Ataxx the last move grabs pieces that the reply would take back), and that
    side changes from one depth to the next; two positions in a row are
    searched to about the same depth with the other side to move, so the last
    depth alone would make every position look better for its side to move and
    every move look worse than it is. A decided score (a win or loss seen) is
    the deepest's.

    >>> settled_score([300, -100]), settled_score([250]), settled_score([5, 99_990])
    (100, 250, 99990)
    """
    last = scores[-1]
    if len(scores) < 2 or is_win_score(last) or is_win_score(scores[-2]):
        return last
    return round((last + scores[-2]) / 2)


MIXED_BOUND = WIN_SCORE // 20
"""Scores beyond this (and not decided) are expectations over dice with decided ends among them."""


def is_mixed_score(score: int) -> bool:
    """Whether ``score`` mixes decided ends with the evaluation: a chance search's expectation when a
    roll may win or lose the game at once (Lionheart's king under attack); no evaluation goes so high."""
    return abs(score) > MIXED_BOUND and not is_win_score(score)


def mixed_result(score: int, baseline: int, curve: ResultCurve) -> float:
    """The mover's expected result of a mixed ``score``, read as a chance of a decided end and, for the
    rest, the evaluation of ``baseline`` (the game's last plain score, the mover's view): a share ``p`` of
    a win and the rest at ``baseline`` make ``p * WIN_SCORE + (1 - p) * baseline``. No curve can read such
    a score alone: a side behind with one chance in four of killing the king scores +24,000, where the
    logistic curve would say a sure win.

    >>> class Curve:
    ...     @staticmethod
    ...     def expected_result(score): return 0.1 if score < 0 else 0.5
    >>> round(mixed_result(24_000, -1_000, Curve()), 2)  # a quarter of a win; the rest a position lost
    0.32
    """
    if score >= baseline:
        share = min(1.0, max(0.0, (score - baseline) / (WIN_SCORE - baseline)))
        return share + (1.0 - share) * curve.expected_result(baseline)
    share = min(1.0, max(0.0, (baseline - score) / (WIN_SCORE + baseline)))
    return (1.0 - share) * curve.expected_result(baseline)


class ResultCurve(Protocol):
    """What the analysis needs of a game's AI: a score read as an expected result (``GameAI.expected_result``)."""

    def expected_result(self, score: int) -> float: ...


class AnalysisError(ValueError):
    """A game that cannot be analysed (a move that cannot be replayed), or a search that failed."""


@dataclasses.dataclass(frozen=True)
class Search:
    """What a search said of a position: its score (the mover's view, ``None`` when it did not search: one
    legal move, or stopped before its first depth), its best move and its line, as text."""

    score: int | None
    best: str | None
    line: tuple[str, ...] = ()
    depth: int = 0


@dataclasses.dataclass(frozen=True)
class MoveVerdict:
    """The judgement of one move of the game (``Review.verdicts``); expected results are the mover's, 0 to 1."""

    index: int
    """The move's place in the game (its entry, rolls counted)."""
    seat: int
    move: str
    mark: Mark | None
    """``None``: not judged (yet, or the position after it could not be valued)."""
    forced: bool = False
    """The only legal move: nobody chose it, so it is not judged."""
    before: float | None = None
    """The position it was played in, with the search's best move."""
    after: float | None = None
    """The position after the move played (an expectation over the dice when a roll follows)."""
    best: str | None = None
    """The search's move, when it is not the move played."""
    line: tuple[str, ...] = ()
    """The search's line from the position the move was played in, its best move first."""
    score: int | None = None
    """The search's score of that position (the mover's view), for the game's own words."""

    @property
    def loss(self) -> float:
        """The expected result the move gave away (0 for the search's own move)."""
        if self.before is None or self.after is None or self.best is None:
            return 0.0
        return max(0.0, self.before - self.after)


@dataclasses.dataclass(frozen=True)
class LuckTally:
    """A seat's rolls across the game: how many, the hits they could expect, the hits they rolled."""

    seat: int
    rolls: int
    expected: float
    rolled: float


@dataclasses.dataclass(frozen=True)
class Review:
    """What the analysis knows of the game so far (``Analysis.review``)."""

    values: tuple[float | None, ...]
    """Seat 0's expected result at each position, the start first and the last position last
    (``None`` where it is not known: not yet searched, or a set-up)."""
    verdicts: tuple[MoveVerdict | None, ...]
    """Per entry of the game: its verdict, ``None`` for a roll of the dice and a set-up action."""
    luck: tuple[LuckTally, LuckTally] | None
    """Per seat, for a game with dice; ``None`` without."""

    def count(self, seat: int, mark: Mark) -> int:
        """How many of ``seat``'s moves got ``mark``."""
        return sum(
            1 for verdict in self.verdicts if verdict and verdict.seat == seat and verdict.mark is mark
        )

    def judged(self, seat: int) -> list[MoveVerdict]:
        """``seat``'s judged moves, in order."""
        return [v for v in self.verdicts if v is not None and v.seat == seat and v.mark is not None]

    def average_loss(self, seat: int) -> float | None:
        """The expected result ``seat`` gave away per judged move (``None`` before any is judged)."""
        judged = self.judged(seat)
        return sum(v.loss for v in judged) / len(judged) if judged else None


@dataclasses.dataclass(eq=False)
class _Node:
    """A position the analysis values: the game's own, or one a roll might have given (a probe)."""

    text: str
    """The position with its history (what the worker is given)."""
    plain: str
    """The position's text alone (positions that come out the same are valued once)."""
    turn: int
    ended: float | None
    """Seat 0's result when the game is over here."""
    setup: bool
    moves: int
    """Legal moves of the seat to move (0 at a chance node or at the end)."""
    origin: int = 0
    """The game's own position it comes from (itself for the game's own; for a probe, the roll's)."""
    search: Search | None = None
    children: list[tuple[float, _Node]] | None = None
    """At a chance node once expanded, each outcome's next position with its probability; at a position
    with one legal move, the position after it."""

    @property
    def wants_search(self) -> bool:
        """Whether a search must value it: a seat to choose among several moves, the game going on."""
        return self.ended is None and self.turn != CHANCE and not self.setup and self.moves > 1


def _ended(rules: GameRules[Any, Any], position: Any, options: Mapping[str, bool]) -> Outcome | None:
    """The end of the game at ``position`` as a match sees it: by the rules, else by a match rule."""
    outcome = rules.outcome(position, options)
    if outcome is None:
        adjudication = adjudicate(rules, position, options)
        if adjudication is not None:
            outcome = adjudication.outcome
    return outcome


def _seat0_result(outcome: Outcome) -> float:
    if outcome.winner is None:
        return 0.5
    return 1.0 if outcome.winner == 0 else 0.0


MAX_FORCED_CHAIN = 6
"""How many forced moves (one legal move each) a probe follows to reach a position worth searching."""


class Analysis:
    """The positions of one game to search, the answers so far, and the review (see the module docstring).

    ``entries`` are the moves and rolls played, as the game's objects or as
    text. Raises ``AnalysisError`` when one cannot be replayed from ``start``.
    """

    def __init__(
        self,
        rules: GameRules[Any, Any],
        curve: ResultCurve,
        start: str,
        entries: Sequence[Any],
        options: Mapping[str, bool] | None = None,
    ) -> None:
        self.rules = rules
        self.curve = curve
        self.options = dict(options or {})
        position = rules.new_position(start)
        self.start = rules.position_text(position)
        self.texts: list[str] = []
        self.seats: list[int] = []
        self._luck: list[tuple[int, float, float] | None] = []
        self._origin = 0
        self.main: list[_Node] = [self._node(position, [])]
        for index, entry in enumerate(entries):
            move = rules.parse_move(entry) if isinstance(entry, str) else entry
            text = rules.move_text(move)
            turn = int(position.turn)
            luck = roll_luck(rules, position, move) if turn == CHANCE else None
            try:
                position.push(move)
            except ValueError as error:
                raise AnalysisError(f"move {index + 1} ({text}) cannot be replayed: {error}") from None
            self.texts.append(text)
            self.seats.append(turn)
            self._luck.append(None if luck is None else (luck.seat, luck.expected, luck.rolled))
            self._origin = index + 1
            self.main.append(self._node(position, self.texts))
        for index, node in enumerate(self.main[:-1]):
            if node.ended is None and node.turn != CHANCE and node.moves == 1:
                node.children = [(1.0, self.main[index + 1])]  # forced: worth what follows
        self._by_plain: dict[str, _Node] = {}
        for node in self.main:
            self._by_plain.setdefault(node.plain, node)
        self._queue: list[_Node] = [node for node in self.main if node.wants_search]
        self.total = len(self._queue)
        """The game's own positions to search (the positions the dice might have given come on top)."""
        self._answered_main = 0
        self._probes = 0
        """How many positions the last roll probed may give (``probing``)."""

    @classmethod
    def of_match(cls, match: Any, curve: ResultCurve) -> Analysis:
        """The analysis of a ``Match``'s game so far (its moves and rolls, under its rules)."""
        return cls(match.rules, curve, match.start_text, match.moves, match.options)

    def _node(self, position: Any, texts: Sequence[str]) -> _Node:
        outcome = _ended(self.rules, position, self.options)
        turn = int(position.turn)
        setup = outcome is None and turn != CHANCE and in_setup(self.rules, position)
        moves = 0 if outcome is not None or turn == CHANCE else len(position.legal_moves())
        return _Node(
            history_text(self.start, list(texts)),
            self.rules.position_text(position),
            turn,
            None if outcome is None else _seat0_result(outcome),
            setup,
            moves,
            self._origin,
        )

    # -- the searches --

    def pending(self) -> list[_Node]:
        """The positions still to search, next first (what ``answer`` expects)."""
        return list(self._queue)

    @property
    def done(self) -> bool:
        """Whether every search is answered."""
        return not self._queue

    @property
    def searched(self) -> int:
        """The game's own positions searched, with what they asked of the dice (for a progress bar)."""
        probing = bool(self._queue) and self._queue[0] not in self.main
        return max(0, self._answered_main - (1 if probing else 0))

    @property
    def probing(self) -> tuple[int, int] | None:
        """While the positions a roll might have given are searched (after a move not the search's): how many
        of them are searched, and how many there are; ``None`` otherwise."""
        if not self._queue or any(self._queue[0] is main for main in self.main):
            return None
        left = sum(1 for node in self._queue if not any(node is main for main in self.main))
        return self._probes - left, self._probes

    def answer(self, node: _Node, search: Search) -> None:
        """The search of ``node`` (one of ``pending()``) said ``search``."""
        if node not in self._queue:
            raise AnalysisError("that position was not waiting for a search")
        self._queue.remove(node)
        node.search = search
        if any(node is main for main in self.main):
            self._answered_main += 1
            self._probe_after(node)

    def _probe_after(self, node: _Node) -> None:
        """A move not the search's, followed by a roll: every roll's position is to be searched (first)."""
        index = next(i for i, main in enumerate(self.main) if main is node)
        if index >= len(self.texts) or node.search is None or node.search.best == self.texts[index]:
            return
        after = self.main[index + 1]
        if after.turn != CHANCE or after.ended is not None or after.children is not None:
            return
        position = self.rules.new_position(self.start)
        for text in self.texts[: index + 1]:
            position.push(self.rules.parse_move(text))
        probes: list[_Node] = []
        self._origin = index + 1
        after.children = self._outcomes(position, list(self.texts[: index + 1]), probes, 0)
        self._queue[0:0] = probes
        self._probes = len(probes)

    def _outcomes(
        self, position: Any, texts: list[str], probes: list[_Node], forced: int
    ) -> list[tuple[float, _Node]]:
        """Each position the roll at ``position`` (a chance node) may give, with its probability, merged when
        they are the same; the new ones needing a search are added to ``probes``."""
        merged: dict[int, tuple[float, _Node]] = {}
        for outcome, probability in position.chance_outcomes():
            texts.append(self.rules.move_text(outcome))
            position.push(outcome)
            if position.turn == CHANCE and _ended(self.rules, position, self.options) is None:
                leaves = self._outcomes(position, texts, probes, forced)
            else:
                leaves = [(1.0, self._probe(position, texts, probes, forced))]
            position.pop()
            texts.pop()
            for weight, leaf in leaves:
                known = merged.get(id(leaf))
                merged[id(leaf)] = (probability * weight + (known[0] if known else 0.0), leaf)
        return list(merged.values())

    def _probe(self, position: Any, texts: list[str], probes: list[_Node], forced: int) -> _Node:
        """The node of ``position`` (not a chance node): the game's own or one met before, else a new one."""
        plain = self.rules.position_text(position)
        known = self._by_plain.get(plain)
        if known is not None:
            return known
        node = self._node(position, texts)
        self._by_plain[plain] = node
        if node.wants_search:
            probes.append(node)
        elif node.ended is None and node.moves == 1 and forced < MAX_FORCED_CHAIN:
            (move,) = position.legal_moves()
            texts.append(self.rules.move_text(move))
            position.push(move)
            if position.turn == CHANCE and _ended(self.rules, position, self.options) is None:
                node.children = self._outcomes(position, texts, probes, forced + 1)
            else:
                node.children = [(1.0, self._probe(position, texts, probes, forced + 1))]
            position.pop()
            texts.pop()
        return node

    # -- the review --

    def _value(self, node: _Node, depth: int = 0) -> float | None:
        """Seat 0's expected result at ``node``, or ``None`` while it is not known."""
        if node.ended is not None:
            return node.ended
        if node.search is not None and node.search.score is not None and node.turn != CHANCE:
            mover = self._mover_result(node, node.search.score)
            return mover if node.turn == 0 else 1.0 - mover
        if node.children is None or depth > 4 * MAX_FORCED_CHAIN:
            return None
        total = 0.0
        for weight, child in node.children:
            value = self._value(child, depth + 1)
            if value is None:
                return None
            total += weight * value
        return total

    def _mover_result(self, node: _Node, score: int) -> float:
        """The expected result of ``node``'s mover from its search's ``score`` (``mixed_result`` for a score
        that mixes decided ends with the evaluation, against the last plain score of the game before it)."""
        if not is_mixed_score(score):
            return self.curve.expected_result(score)
        baseline = 0
        for index in range(min(node.origin, len(self.main) - 1), -1, -1):
            earlier = self.main[index].search
            if earlier is not None and earlier.score is not None and not is_mixed_score(earlier.score):
                if not is_win_score(earlier.score):
                    same = self.main[index].turn == node.turn
                    baseline = earlier.score if same else -earlier.score
                break
        return mixed_result(score, baseline, self.curve)

    def review(self) -> Review:
        """Everything known so far (see ``Review``); cheap enough to ask after every answer."""
        count = len(self.main)
        values: list[float | None] = [self._value(node) for node in self.main]
        verdicts: list[MoveVerdict | None] = []
        for index, seat in enumerate(self.seats):
            node = self.main[index]
            if seat == CHANCE or node.setup:
                verdicts.append(None)
                continue
            verdicts.append(self._verdict(index, seat, values))
        # A roll's position without its expectation: the search's own when its move led there, else (the
        # dice not searched) what was rolled.
        for index in range(count - 1, -1, -1):
            node = self.main[index]
            if values[index] is not None or node.turn != CHANCE:
                continue
            verdict = verdicts[index - 1] if index > 0 else None
            if verdict is not None and verdict.best is None and verdict.before is not None:
                values[index] = verdict.before if verdict.seat == 0 else 1.0 - verdict.before
            elif index + 1 < count:
                values[index] = values[index + 1]
        return Review(tuple(values), tuple(verdicts), self._luck_tally())

    def _verdict(self, index: int, seat: int, values: Sequence[float | None]) -> MoveVerdict:
        node = self.main[index]
        move = self.texts[index]
        if node.moves == 1:
            return MoveVerdict(index, seat, move, None, forced=True)
        search = node.search
        if search is None or search.score is None:
            return MoveVerdict(index, seat, move, None)
        before = self._mover_result(node, search.score)
        after_value = self._value(self.main[index + 1]) if index + 1 < len(self.main) else None
        if after_value is None:
            after_value = values[index + 1] if index + 1 < len(values) else None
        after = None if after_value is None else (after_value if seat == 0 else 1.0 - after_value)
        if (
            after is None
            and search.best == move
            and index + 1 < len(self.main)
            and self.main[index + 1].turn == CHANCE
        ):
            # The search's own move before a roll: its expectation over the dice is the search's score.
            after = before
        line = search.line or ((search.best,) if search.best else ())
        if search.best == move:
            return MoveVerdict(
                index, seat, move, Mark.BEST, before=before, after=after, line=line, score=search.score
            )
        if after is None:
            return MoveVerdict(
                index, seat, move, None, before=before, best=search.best, line=line, score=search.score
            )
        mark = mark_for(max(0.0, before - after))
        return MoveVerdict(
            index,
            seat,
            move,
            mark,
            before=before,
            after=after,
            best=search.best,
            line=line,
            score=search.score,
        )

    def _luck_tally(self) -> tuple[LuckTally, LuckTally] | None:
        if Trait.CHANCE not in self.rules.traits:
            return None
        tallies = []
        for seat in (0, 1):
            rolls = [luck for luck in self._luck if luck is not None and luck[0] == seat]
            tallies.append(
                LuckTally(seat, len(rolls), sum(luck[1] for luck in rolls), sum(luck[2] for luck in rolls))
            )
        return tallies[0], tallies[1]


def playable_line(rules: GameRules[Any, Any], position_text: str, line: Sequence[str]) -> list[Any]:
    """The moves of a search's ``line`` that can be played in turn from ``position_text`` (with history), as
    the game's moves: up to the first roll of the dice (whose outcome a line cannot know) or the first
    move that is not legal there (a line is a search's guess)."""
    from game.engine.rules import replay

    position = replay(rules, position_text)
    moves: list[Any] = []
    for text in line:
        if position.turn == CHANCE:
            break
        try:
            move = rules.parse_move(text)
        except ValueError:
            break
        if move not in position.legal_moves():
            break
        position.push(move)
        moves.append(move)
    return moves


# -- annotated PGN --

_PLURALS = {Mark.INACCURACY: "inaccuracies", Mark.MISTAKE: "mistakes", Mark.BLUNDER: "blunders"}
_NOT_IN_A_COMMENT = re.compile(r"[{}\n\r]")


def _comment(text: str) -> str:
    return "{" + _NOT_IN_A_COMMENT.sub(" ", text).strip() + "}"


def pgn_annotations(analysis: Analysis, review: Review, seat_names: tuple[str, str]) -> tuple[list[str], str]:
    """The PGN annotations of each entry of the game and the comment before the first move
    (``game.engine.pgn.write_pgn``'s ``annotations`` and ``preface``), in English as PGN comments are.

    A marked move gets its NAG (or, for a game whose readers stop at NAGs, its
    glyph at the start of the comment: ``GameRules.pgn_nags``), a comment with
    the mover's expected result before and after, and the search's better line
    as a variation (the part of it that can be played: ``playable_line``).
    """
    rules = analysis.rules
    notes = ["" for _ in analysis.texts]
    for verdict in review.verdicts:
        if verdict is None or verdict.mark is None or verdict.best is None or verdict.before is None:
            continue
        if verdict.mark in (Mark.BEST, Mark.GOOD):
            continue
        name = seat_names[verdict.seat]
        # In English, as PGN comments are.
        before, after = (
            format_percent(value, language="en") for value in (verdict.before, verdict.after or 0.0)
        )
        words = f"{verdict.mark.label}. {name} {before} -> {after}."
        words += f" Better {verdict.best}."
        glyph = "" if rules.pgn_nags else f"{verdict.mark.glyph} "
        parts = [verdict.mark.nag] if rules.pgn_nags else []
        parts.append(_comment(glyph + words))
        line = playable_line(rules, analysis.main[verdict.index].text, verdict.line)
        if line:
            parts.append("(" + " ".join(rules.move_text(move) for move in line) + ")")
        notes[verdict.index] = " ".join(parts)
    summary = []
    for seat in (0, 1):
        counts = ", ".join(
            f"{review.count(seat, mark)} {_PLURALS[mark] if review.count(seat, mark) != 1 else mark.value}"
            for mark in (Mark.INACCURACY, Mark.MISTAKE, Mark.BLUNDER)
        )
        summary.append(f"{seat_names[seat]}: {counts}")
    if review.luck is not None:
        for tally in review.luck:
            summary.append(
                f"{seat_names[tally.seat]} rolled {tally.rolled:g} hits for {tally.expected:.1f} expected"
            )
    return notes, _comment("Attax Arcade analysis. " + "; ".join(summary) + ".")


def analyses_dir() -> Path:
    """The folder of exported analyses, in the user data folder (created on first use)."""
    folder = user_data_dir() / "analyses"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def export_pgn(
    match: Any,
    analysis: Analysis,
    review: Review,
    name: str,
    *,
    seat_names: tuple[str, str],
    level_name: str = "",
    annotator: str = "Attax Arcade",
) -> Path:
    """Write ``match``'s game annotated with ``review`` (``pgn_annotations``) as ``<name>.pgn`` in the
    analyses folder, atomically, replacing a file of that name; returns the file. ``ValueError`` for a
    name no file can have, ``OSError`` when the folder cannot be written."""
    notes, preface = pgn_annotations(analysis, review, seat_names)
    text = match_to_pgn(
        match, level_name=level_name, annotations=notes, preface=preface, extra_tags={"Annotator": annotator}
    )
    path = analyses_dir() / f"{safe_file_stem(name)}.pgn"
    atomic_write_text(path, text)
    return path
