"""What a game's computer opponent offers the AI worker and the screens (design.md, "AI").

Each game has one object implementing ``GameAI`` in ``game/ai/<game>/``
(Ataxx's is ``game.ai.ataxx.player.AI``); ``game.games`` points at it. The
worker hands it a position as text (with its history, see
``game.engine.rules.history_text``) and a level, and gets back one action as
text: a game whose turn is several actions (Lionheart) is asked once per
action, and never sees dice that have not been rolled yet.

Every game offers the same five level keys, weakest first; ``HINT`` is the key
of the level that suggests moves to the player.

The computer resigns (``GameAI.resigns``) when the search of its level proves
the game lost: a decided loss (``game.ai.limits.is_win_score``) in the score of
the position, never a guess. A weak level that picks among its scored moves
with noise reports the best of their scores, so its loss too is every move
losing at its depth; the Beginner never resigns (``Level.resigns``), and a game
whose search cannot prove a loss (an expectation over dice) never does.

Each search declares the traits of the games it searches right
(``game.engine.core.Trait``); a game's AI exposes its search's as ``handles``,
and ``check_search`` refuses an AI whose search cannot handle one of its
game's traits (``game.games`` checks it when it loads the AI).
"""

from __future__ import annotations

import dataclasses
import enum
import math
import random
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from game.ai.limits import SearchInfo, is_win_score, turns_to_end
from game.engine.core import Trait
from game.engine.rules import GameRules, MoveT, replay

__all__ = [
    "HINT",
    "LEVEL_KEYS",
    "CarelessLevel",
    "GameAI",
    "GameLevels",
    "Level",
    "Outlook",
    "Progress",
    "ScoreReading",
    "SearchingAI",
    "UnsupportedGameError",
    "check_search",
    "describe_search_score",
    "expected_result",
    "noisy_choice",
    "read_search_score",
]

LEVEL_KEYS = ("beginner", "casual", "skilled", "expert", "master")
"""The difficulty levels of every game, weakest first."""
HINT = "hint"
"""The key of the level that gives the player advice."""


@dataclasses.dataclass(frozen=True)
class Level:
    """A difficulty level as the screens show it: key, name and description (English keys for ``tr``).

    ``max_think_time`` is what a move never exceeds (seconds); ``think_time`` what
    the level means to take. A game's levels add how they search.
    """

    key: str
    name: str
    description: str
    max_think_time: float
    think_time: float
    resigns: bool = True
    """Whether the level gives up a game its search proves lost (not the Beginner, who plays on)."""

    @property
    def careless(self) -> bool:
        """Whether the level picks among scored moves with noise instead of searching its best."""
        return False

    def budget(self, time_budget: float | None = None) -> float:
        """Seconds to think about a move: ``time_budget`` if given, else the level's own, kept under the promise.

        The clock is read every few milliseconds, and a busy machine may not
        run the searching thread for a few more: keep a margin below
        ``max_think_time``.
        """
        budget = self.think_time if time_budget is None else max(0.0, time_budget)
        return max(0.0, min(budget, self.max_think_time * 0.95 - 0.03))


LevelT = TypeVar("LevelT", bound=Level)


def find_level(key: str, levels: Sequence[LevelT], *also: LevelT) -> LevelT:
    """The level called ``key`` among ``levels`` and ``also`` (the hint's, which players do not pick).

    A ``ValueError`` naming ``levels``' keys otherwise.
    """
    for level in (*levels, *also):
        if level.key == key:
            return level
    valid = ", ".join(level.key for level in levels)
    raise ValueError(f"unknown level {key!r}; the levels are: {valid}")


@dataclasses.dataclass(frozen=True)
class Progress:
    """One step of a search, as a game reports it while it thinks (depth, score, best line as text)."""

    depth: int
    score: int
    nodes: int
    elapsed: float
    pv: tuple[str, ...] = ()


class Outlook(enum.Enum):
    """What a search score says of the game, from the side that searched."""

    WINNING = "winning"
    """A forced win found."""
    AHEAD = "ahead"
    EVEN = "even"
    BEHIND = "behind"
    LOSING = "losing"
    """A forced loss found."""


@dataclasses.dataclass(frozen=True)
class ScoreReading:
    """A search score read for a player: the outlook, and for a decided game how soon it ends.

    ``moves`` counts full moves to the end, as the screens count moves
    (``game.engine.match.move_numbers``: a full move is a turn of each seat):
    a win 5 turns away is the searching side's third turn, so 3; a loss 2
    turns away comes with the opponent's next turn, so 1. It is 0 for an
    undecided game. (A turn is a ply where seats alternate; ``game.ai.limits``.)
    """

    outlook: Outlook
    moves: int = 0


class GameAI(Protocol):
    """One game's computer opponent (see the module docstring)."""

    levels: tuple[Level, ...]
    """The five levels, weakest first (keys: ``LEVEL_KEYS``)."""
    hint_level: Level
    """The level of the hint (key ``HINT``)."""
    handles: frozenset[Trait]
    """The traits of the games its search handles (``check_search``)."""

    def level(self, key: str) -> Level:
        """The level called ``key`` (the hint's included); ``ValueError`` naming the levels otherwise."""
        ...

    def choose(
        self,
        position: str,
        level: str,
        *,
        stop: threading.Event,
        on_progress: Callable[[Progress], None],
        rng: random.Random,
        time_budget: float | None,
        memory: dict[str, Any],
    ) -> str:
        """The action ``level`` plays in ``position`` (text with history), as text.

        Must be legal; must return soon (100 ms) after ``stop`` is set; may
        report ``Progress``. ``memory`` lasts from one request to the next (for
        the life of the worker's child process or thread): a game may keep a
        transposition table there. Raises ``ValueError`` for a bad position or
        a finished game.
        """
        ...

    def describe_score(self, score: int) -> tuple[str, Mapping[str, object]]:
        """A progress score as numbers, for the panel's details: an English template for ``tr`` and its fields."""
        ...

    def prepare(self) -> None:
        """Get ready to search soon, without blocking: the worker's child calls it once when it starts.

        A game whose search is compiled starts building it here, in the
        background; the others do nothing.
        """
        ...

    def read_score(self, score: int) -> ScoreReading:
        """A progress score read for the player (who is ahead, a win or loss seen), put in words by the panel."""
        ...

    def resigns(self, level: str, depth: int, score: int) -> bool:
        """Whether the computer at ``level`` gives the game up rather than play the move it chose, after a
        search whose last completed ``depth`` scored the position ``score`` (the mover's view, as ``Progress``
        reports it): only when the level resigns at all and the score proves the game lost."""
        ...

    def expected_result(self, score: int) -> float:
        """What a search ``score`` (the mover's view) is worth to the mover as an expected result, 0 to 1:
        1 a sure win, 0.5 even (or a sure draw), 0 a sure loss; the post-game analysis graphs and judges
        moves with it (``expected_result`` gives the shape)."""
        ...


def noisy_choice(scored: Sequence[tuple[MoveT, int]], noise: float, rng: random.Random) -> tuple[MoveT, int]:
    """How a weak level picks among scored moves: a win it has seen, else the best score after noise.

    ``scored`` are (move, score) pairs, scores as ``game.ai.limits`` has them;
    ``noise`` is the standard deviation of the error added to each score.
    """
    wins = [(move, score) for move, score in scored if score > 0 and is_win_score(score)]
    if wins:
        return max(wins, key=lambda item: item[1])
    noisy = [(score + rng.gauss(0.0, noise), index) for index, (_, score) in enumerate(scored)]
    _, index = max(noisy)
    return scored[index]


def careless_choice(
    searcher: Any,
    position: Any,
    *,
    depth: int,
    noise: float,
    wander: float,
    budget: float,
    stop: threading.Event | None,
    on_info: Callable[[SearchInfo], None] | None,
    rng: random.Random,
    overlook: float = 0.0,
) -> Any:
    """A weak level's move: every move scored (``searcher.score_moves``) ``depth`` deep if ``budget``
    seconds allow, else one, then a random one now and then (``wander``, never when a win is seen),
    else ``noisy_choice``; ``on_info`` hears the move chosen, with the best score of the moves (what
    the level makes of the position: a decided loss only when every move loses at its depth). With the
    chance ``overlook`` the level does not look deeper than its own move this time (as a player who
    forgets the reply)."""
    start = time.monotonic()
    scored = searcher.score_moves(position, 1)
    assert scored is not None  # no stop and no deadline: never aborted
    if depth > 1 and overlook and rng.random() < overlook:
        depth = 1
    if depth > 1:
        deeper = searcher.score_moves(position, depth, stop=stop, deadline=start + budget)
        if deeper is None:
            depth = 1
        else:
            scored = deeper
    if rng.random() < wander and not any(score > 0 and is_win_score(score) for _, score in scored):
        move, _ = scored[rng.randrange(len(scored))]
    else:
        move, _ = noisy_choice(scored, noise, rng)
    if on_info is not None:
        best = max(score for _, score in scored)
        on_info(SearchInfo(depth, best, searcher.nodes, time.monotonic() - start, (move,)))
    return move


@dataclasses.dataclass(frozen=True)
class CarelessLevel(Level):
    """A level whose weak settings pick among scored moves (``careless_choice``) and whose strong ones search.

    ``depth``: deepest search (``None``: as deep as ``think_time`` allows; a
    careless level scores its moves at least one ply deep); ``noise``: the
    standard deviation of the error added to each move's score; ``wander``:
    the chance of playing any legal move at all; ``overlook``: the chance of
    not looking past its own move this time.
    """

    depth: int | None = None
    noise: int = 0
    wander: float = 0.0
    overlook: float = 0.0

    @property
    def careless(self) -> bool:
        """Whether the level picks among scored moves with noise instead of searching."""
        return self.noise > 0 or self.wander > 0 or self.overlook > 0

    def careless_move(
        self,
        searcher: Any,
        position: Any,
        budget: float,
        stop: threading.Event | None,
        on_info: Callable[[SearchInfo], None] | None,
        rng: random.Random,
    ) -> Any:
        """The move this careless level picks in ``position`` with ``searcher`` (``careless_choice`` with
        the level's settings)."""
        return careless_choice(
            searcher,
            position,
            depth=max(1, self.depth or 1),
            noise=self.noise,
            wander=self.wander,
            overlook=self.overlook,
            budget=budget,
            stop=stop,
            on_info=on_info,
            rng=rng,
        )


DECIDED_WORDING: tuple[str, str] = ("wins in {turns}", "loses in {turns}")
"""The panel's words for a decided score (English templates for ``tr``), the turns to the end in ``{turns}``."""


def expected_result(score: float, scale: float) -> float:
    """A search score (the mover's view) as the mover's expected result, 0 to 1 (a win 1, a draw half):
    a decided game is 1 or 0, else the logistic curve ``1 / (1 + e^(-score / scale))``, where a lead of
    ``scale`` is about 73% (``bench/texel.py`` fits that curve to game results).

    >>> expected_result(0, 780), round(expected_result(780, 780), 3), expected_result(-99_995, 780)
    (0.5, 0.731, 0.0)
    """
    if is_win_score(score):
        return 1.0 if score > 0 else 0.0
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, score / scale))))


def describe_search_score(
    score: int, unit: int, wording: tuple[str, str] = DECIDED_WORDING
) -> tuple[str, Mapping[str, object]]:
    """A search score for the panel, as ``GameAI.describe_score`` gives it: ``+1.25`` (``unit`` to one),
    or for a decided game the game's ``wording`` (a win's template, a loss's) with the turns to the end
    as ``{turns}``: ``wins in 7`` / ``loses in 7`` by default.

    >>> describe_search_score(125, 100), describe_search_score(-99_997, 100)  # a loss 3 turns away
    (('{score}', {'score': '+1.25'}), ('loses in {turns}', {'turns': 3}))
    >>> describe_search_score(99_996, 100, ("wins in {turns} turns", "loses in {turns} turns"))
    ('wins in {turns} turns', {'turns': 4})
    """
    if is_win_score(score):
        return wording[0] if score > 0 else wording[1], {"turns": turns_to_end(score)}
    return "{score}", {"score": f"{score / unit:+.2f}"}


def read_search_score(score: int, unit: int) -> ScoreReading:
    """A search score read for a player, ``unit`` being the score of one unit of advantage (a piece...).

    Within half a unit of nothing the game is even; a decided score is a win
    or a loss so many full moves away (see ``ScoreReading``).

    >>> read_search_score(125, 100), read_search_score(-40, 100)
    (ScoreReading(outlook=<Outlook.AHEAD: 'ahead'>, moves=0), ScoreReading(outlook=<Outlook.EVEN: 'even'>, moves=0))
    >>> read_search_score(99_995, 100), read_search_score(-99_998, 100)  # a win 5 turns away, a loss 2 away
    (ScoreReading(outlook=<Outlook.WINNING: 'winning'>, moves=3), ScoreReading(outlook=<Outlook.LOSING: 'losing'>, moves=1))
    """
    if is_win_score(score):
        moves = max(1, (turns_to_end(score) + 1) // 2)
        return ScoreReading(Outlook.WINNING if score > 0 else Outlook.LOSING, moves)
    if 2 * abs(score) < unit:
        return ScoreReading(Outlook.EVEN)
    return ScoreReading(Outlook.AHEAD if score > 0 else Outlook.BEHIND)


class UnsupportedGameError(ValueError):
    """A game's AI searches with a search that cannot handle one of the game's traits (the message names them)."""


def check_search(ai: GameAI, rules: GameRules[Any, Any]) -> None:
    """Refuse (``UnsupportedGameError``) an ``ai`` whose search cannot handle every trait of ``rules``' game.

    >>> class Rules:
    ...     key, traits = "dice", frozenset({Trait.ALTERNATING, Trait.CHANCE})
    >>> class AI:
    ...     handles = frozenset({Trait.ALTERNATING, Trait.REPEATED_SEATS})
    >>> check_search(AI(), Rules())
    Traceback (most recent call last):
    ...
    game.ai.api.UnsupportedGameError: the AI of dice searches games with alternating seats and a seat acting several times in a row, not with chance
    """
    missing = rules.traits - ai.handles
    if missing:
        handled = " and ".join(trait.value for trait in Trait if trait in ai.handles) or "no trait at all"
        lacking = " and ".join(trait.value for trait in Trait if trait in missing)
        raise UnsupportedGameError(f"the AI of {rules.key} searches games with {handled}, not with {lacking}")


class GameLevels(Protocol):
    """A game's levels module (``game.ai.<game>.levels``) as ``SearchingAI`` plays with it."""

    @property
    def LEVELS(self) -> tuple[Level, ...]:
        """The five levels, weakest first."""
        ...

    @property
    def HINT_LEVEL(self) -> Level:
        """The level of the hint."""
        ...

    @property
    def choose_move(self) -> Callable[..., Any]:
        """The move a level plays: ``(position, level, *, stop, on_info, rng, time_budget, searcher)``."""
        ...

    @property
    def new_searcher(self) -> Callable[[], Any]:
        """A search with an empty table, the one the strong levels keep from move to move."""
        ...


class SearchingAI:
    """What a ``GameAI`` built on a search has in common: levels by key, progress reports, the panel's score.

    A game's AI subclasses it: ``rules`` (to rebuild the position from its
    text), ``play`` (its levels module: the levels, the hint's, the move a
    level plays and the search the strong levels keep in the worker's
    ``memory`` from move to move, for its transposition table), ``handles``
    (its search's traits), ``score_unit`` (the score of one unit of
    advantage: a piece, a triple), ``result_scale`` (the lead worth about 73%
    of the result, for the post-game analysis: ``expected_result``), and
    optionally ``decided_wording`` (how the panel words a win or loss seen,
    ``describe_search_score``).
    """

    rules: GameRules[Any, Any]
    play: GameLevels
    handles: frozenset[Trait]
    score_unit: int
    decided_wording: tuple[str, str] = DECIDED_WORDING
    result_scale: float
    """The lead, in the game's score units, that is worth about 73% of the result (``expected_result``)."""
    proves_losses: bool = True
    """Whether a decided loss in the search's score is a proof (alpha-beta over a game without dice: every
    move was searched and each loses); a game whose search cannot prove one sets it false and never resigns."""

    def __init__(self) -> None:
        self.levels: tuple[Level, ...] = self.play.LEVELS
        self.hint_level: Level = self.play.HINT_LEVEL

    def level(self, key: str) -> Level:
        """The level called ``key`` (the hint's included); ``ValueError`` naming the levels otherwise."""
        return find_level(key, self.levels, self.hint_level)

    def new_searcher(self) -> Any:
        """A search with an empty table (the game's own)."""
        return self.play.new_searcher()

    def prepare(self) -> None:
        """Nothing to get ready: the search is Python."""

    def move_text(self, position: Any, move: Any) -> str:
        """A move of a search's best line as text (the searcher's own form, here already a move)."""
        return str(move)

    def choose(
        self,
        position: str,
        level: str,
        *,
        stop: threading.Event,
        on_progress: Callable[[Progress], None],
        rng: random.Random,
        time_budget: float | None,
        memory: dict[str, Any],
    ) -> str:
        """The move ``level`` plays in ``position`` (text with its history), as text (see ``GameAI``)."""
        board = replay(self.rules, position)
        chosen = self.level(level)
        searcher = None
        if not chosen.careless:
            searcher = memory.get(
                "searcher"
            )  # each game's AI has its own memory (the worker keeps them apart)
            if searcher is None:
                searcher = memory["searcher"] = self.new_searcher()

        def report(info: SearchInfo) -> None:
            line = tuple(self.move_text(board, move) for move in info.pv)
            on_progress(Progress(info.depth, info.score, info.nodes, info.elapsed, line))

        move = self.play.choose_move(
            board, chosen, stop=stop, on_info=report, rng=rng, time_budget=time_budget, searcher=searcher
        )
        return str(move)

    def describe_score(self, score: int) -> tuple[str, Mapping[str, object]]:
        """A search score, the mover's view: ``+1.25`` units, or in the game's words ``wins in 7`` (turns)."""
        return describe_search_score(score, self.score_unit, self.decided_wording)

    def read_score(self, score: int) -> ScoreReading:
        """A search score, the mover's view, read for the player (``read_search_score`` in the game's units)."""
        return read_search_score(score, self.score_unit)

    def expected_result(self, score: int) -> float:
        """A search score, the mover's view, as the mover's expected result (``expected_result`` on the game's
        ``result_scale``)."""
        return expected_result(score, self.result_scale)

    def resigns(self, level: str, depth: int, score: int) -> bool:
        """Whether ``level`` gives up after a search of ``depth`` (1 or more: a search stopped before its first
        depth proves nothing) scored the position ``score``: a decided loss, from a search that proves losses,
        at a level that resigns (see ``GameAI.resigns``). ``ValueError`` for a level the game lacks."""
        return (
            self.proves_losses
            and self.level(level).resigns
            and depth >= 1
            and score < 0
            and is_win_score(score)
        )
