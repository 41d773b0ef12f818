"""Ataxx search: iterative deepening principal-variation search on raw bitboards.

Like sunfish, the search is a short loop you can read top to bottom, but with
the features a real engine needs:

- iterative deepening (``Searcher.iterate`` yields a ``SearchInfo`` per depth),
- principal-variation search (null windows after the first move, re-search on
  a fail high) with late-move reductions for quiet moves,
- a transposition table keyed by the Zobrist hash of the rules engine, with a
  fixed number of slots (from ``hash_mb``) and depth-preferred replacement,
- ordered moves: table move, killers, then by material gain (infections), clones
  before jumps, jumps that leave fewer own pieces exposed first,
- exact scores at the end of the game (elimination, full board, no moves, the
  100 half-move draw, repetition as a draw, the pass, and a stuck side whose
  opponent can fill enough of the board to win),
- a soft deadline checked between depths, a hard deadline, a stop event and a
  node budget checked every ``check_interval`` nodes inside an iteration (``game.ai.limits``).

The board is never touched: the search copies its bitboards into plain ints
(``us``, ``them``, ``empty``, from the side to move) and makes and unmakes moves
by passing new ints down the recursion. Moves inside the search are ints
``from << 6 | to`` (a clone has ``from == to``; the pass is ``PASS``).
Everything a search needs lives on its ``Searcher``: two searchers never share
state, and one searcher runs one search at a time.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence

from baselines.ataxx_master_2026_11.evaluate import DEFAULT_WEIGHTS, EvalWeights, make_evaluator
from baselines.ataxx_master_2026_11.limits import (
    MAX_DEPTH,
    MAX_PLY,
    WIN_BOUND,
    WIN_SCORE,
    Interrupted,
    Interruptible,
    SearchInfo,
    SearchLimits,
    final_iteration,
    is_win_score,
    plies_to_end,
)
from game.engine.ataxx import Board, Move
from game.engine.ataxx.bits import (
    FULL,
    JUMP_RING,
    NEIGHBOURS,
    NOT_FILE_A,
    NOT_FILE_G,
    Z_BLUE_TO_MOVE,
    Z_PIECE,
    capture_keys,
    clone_targets,
    fill_region,
    may_end,
    raw_is_legal,
    spread,
)
from game.engine.core import Trait

__all__ = [
    "MAX_DEPTH",
    "WIN_SCORE",
    "SearchInfo",
    "SearchLimits",
    "Searcher",
    "is_win_score",
    "plies_to_end",
]

_INFINITY = WIN_SCORE + 1
_EXACT, _LOWER, _UPPER = 0, 1, 2
PASS = -1
"""The pass inside the search."""
_TT_ENTRY_BYTES = 160  # a 6-tuple of small ints and a 64-bit key, plus its slot


def ordered_moves(us: int, them: int, empty: int) -> list[int]:
    """Every legal move of ``us`` but the pass, as ``order key << 12 | move``, from the rules' tables.

    A move is ``from << 6 | to`` (a clone has ``from == to``). The key sorts by
    material gain (2 per infected piece, 1 more for a clone), then clones before
    jumps, then jumps leaving fewer own pieces next to the vacated square.
    ``item & 4095`` is the move. The targets are ``bits.clone_targets`` and
    ``bits.JUMP_RING``, as ``Board.legal_moves`` has them (a test checks the two
    agree); the loops are written out because every node of the search runs
    them, and a generator of pairs costs 12% of the search's speed.
    """
    neighbours = NEIGHBOURS
    ordered = []
    targets = clone_targets(us, empty)
    while targets:
        low = targets & -targets
        targets ^= low
        to = low.bit_length() - 1
        ordered.append(((neighbours[to] & them).bit_count() << 18) | 0x30000 | to << 6 | to)
    ring = JUMP_RING
    pieces = us
    while pieces:
        low = pieces & -pieces
        pieces ^= low
        frm = low.bit_length() - 1
        targets = ring[frm] & empty
        if targets:
            base = (15 - (neighbours[frm] & us).bit_count()) << 12 | frm << 6
            while targets:
                low = targets & -targets
                targets ^= low
                to = low.bit_length() - 1
                ordered.append(((neighbours[to] & them).bit_count() << 18) | base | to)
    return ordered


def _to_move(move: int) -> Move:
    if move == PASS:
        return Move.null()
    frm, to = move >> 6, move & 63
    return Move.clone(to) if frm == to else Move.jump(frm, to)


def _from_move(move: Move) -> int:
    return PASS if move.is_pass else move.from_square << 6 | move.to_square


def _count_score(us: int, them: int, ply: int) -> int:
    """The final score of a finished game, counted from the side to move."""
    diff = us.bit_count() - them.bit_count()
    if diff > 0:
        return WIN_SCORE - ply
    if diff < 0:
        return ply - WIN_SCORE
    return 0


class Searcher(Interruptible):
    """An Ataxx search with its own transposition table and killer moves.

    ``hash_mb`` bounds the transposition table; ``weights`` picks the evaluation
    (see ``game.ai.ataxx.evaluate``). Not thread-safe: run one search at a time.
    """

    check_interval = 1024  # nodes here are cheap: look at the clock half as often as the generic search

    handles: frozenset[Trait] = frozenset({Trait.ALTERNATING})
    """Seats that alternate every move, no chance: its scores negate at every ply (``game.ai.api.check_search``)."""

    def __init__(self, hash_mb: int = 16, *, weights: EvalWeights = DEFAULT_WEIGHTS) -> None:
        if hash_mb < 1:
            raise ValueError(f"hash_mb must be at least 1, not {hash_mb}")
        slots = max(1024, hash_mb * 2**20 // _TT_ENTRY_BYTES)
        self._tt_mask = (1 << (slots.bit_length() - 1)) - 1
        self._tt: list[tuple[int, int, int, int, int, int] | None] = [None] * (self._tt_mask + 1)
        self._evaluate = make_evaluator(weights)
        self._margin = weights.positional_margin
        self._piece = weights.piece
        self._tempo = weights.tempo
        self._material_only = not (weights.exposed or weights.mobility or weights.edge)
        self._capture_keys = capture_keys()
        self._killers = [[PASS, PASS] for _ in range(MAX_PLY + 2)]
        self._generation = 0
        self._pv: list[list[int]] = [[] for _ in range(MAX_PLY + 2)]
        self._path: list[int] = []
        self._begin(node_limit=None, stop=None, deadline=None, can_abort=False)

    def new_game(self) -> None:
        """Forget everything learnt: the transposition table and the killer moves."""
        self._tt = [None] * (self._tt_mask + 1)
        self._killers = [[PASS, PASS] for _ in range(MAX_PLY + 2)]

    # -- the public entry points --

    def search(
        self,
        board: Board,
        limits: SearchLimits,
        stop: threading.Event | None = None,
        on_info: Callable[[SearchInfo], None] | None = None,
        *,
        only: Sequence[Move] | None = None,
    ) -> tuple[Move, SearchInfo | None]:
        """The best move in ``board`` within ``limits``, and the last completed iteration.

        Returns ``Move.null()`` when the pass is the only legal move. Raises
        ``ValueError`` if the game is over. ``on_info`` sees every iteration.
        ``only``: the root moves to choose among (legal ones; UAI's ``searchmoves``).
        The board is not changed.
        """
        info = final_iteration(self.iterate(board, limits, stop, only=only), on_info)
        return info.pv[0], info

    def iterate(
        self,
        board: Board,
        limits: SearchLimits,
        stop: threading.Event | None = None,
        *,
        only: Sequence[Move] | None = None,
    ) -> Iterator[SearchInfo]:
        """Iterative deepening: yields a ``SearchInfo`` after each completed depth.

        Depth 1 always completes (even past a deadline or a set ``stop``), so at
        least one ``SearchInfo`` with a legal first move comes out. Stops at the
        depth limit, when ``soft_time`` has passed after an iteration, when the
        game's result is proven, or, inside an iteration, at ``hard_time``, the
        node budget or ``stop``. Raises ``ValueError`` if the game is over. The
        board is read once at the start and never changed.
        """
        if board.outcome() is not None:
            raise ValueError(f"the game is over in {board.fen()}: there is no move to search")
        legal = board.legal_moves()
        if only:
            chosen = [move for move in legal if move in only]
            legal = chosen or legal
        us, them = board.pieces[board.turn], board.pieces[1 - board.turn]
        empty = FULL ^ (us | them | board.blocks)
        side = int(board.turn)
        clock = board.halfmove_clock
        history = board.repeatable_hashes()
        self._generation += 1
        root_moves = [_from_move(move) for move in legal]
        neighbours = NEIGHBOURS
        root_moves.sort(
            key=lambda m: m != PASS and 2 * (neighbours[m & 63] & them).bit_count() + (m >> 6 == m & 63),
            reverse=True,
        )

        def one_depth(depth: int) -> tuple[int, tuple[Move, ...]]:
            self._path = list(history)
            score, pv = self._root(us, them, empty, board.hash, clock, side, depth, root_moves)
            root_moves.remove(pv[0])
            root_moves.insert(0, pv[0])
            return score, tuple(_to_move(m) for m in pv)

        yield from self._deepen(limits, stop, one_depth, only_move=len(root_moves) == 1)

    def score_moves(
        self,
        board: Board,
        depth: int,
        *,
        margin: int | None = None,
        stop: threading.Event | None = None,
        deadline: float | None = None,
    ) -> list[tuple[Move, int]] | None:
        """Every legal move with its score at ``depth``, best first.

        For the weaker levels, which pick among the moves with noise. With a
        ``margin``, a move scoring more than ``margin`` below the best is only
        bounded (its score is an upper bound), which is much faster; without
        one every score is exact. Returns ``None`` if ``stop`` is set or the
        ``time.monotonic()`` ``deadline`` passes first. Raises ``ValueError`` if
        the game is over; the board is not changed.
        """
        if board.outcome() is not None:
            raise ValueError(f"the game is over in {board.fen()}: there is no move to score")
        us, them = board.pieces[board.turn], board.pieces[1 - board.turn]
        empty = FULL ^ (us | them | board.blocks)
        clock = board.halfmove_clock
        self._generation += 1
        self._begin(node_limit=None, stop=stop, deadline=deadline, can_abort=True)
        self._path = board.repeatable_hashes()
        self._path.append(board.hash)
        moves = board.legal_moves()
        neighbours = NEIGHBOURS
        moves.sort(key=lambda m: m.is_clone + 2 * (neighbours[m.to_square] & them).bit_count(), reverse=True)
        scored = []
        best = -_INFINITY
        try:
            for move in moves:
                alpha = -_INFINITY if margin is None or best == -_INFINITY else best - margin
                score = -self._child(
                    us, them, empty, board.hash, clock, int(board.turn), _from_move(move), depth,
                    -_INFINITY, -alpha, 1, True,
                )  # fmt: skip
                best = max(best, score)
                scored.append((move, score))
        except Interrupted:
            return None
        scored.sort(key=lambda item: item[1], reverse=True)
        return scored

    # -- the search proper --

    def _root(
        self, us: int, them: int, empty: int, key: int, clock: int, side: int, depth: int, moves: list[int]
    ) -> tuple[int, list[int]]:
        """Search every root move to ``depth``; returns the score and the principal variation."""
        alpha, beta = -_INFINITY, _INFINITY
        if moves == [PASS]:
            self._pv[1] = []
            score = self._stuck(us, them, empty, key, clock, side, depth, alpha, beta, 0, True)
            return score, [PASS, *self._pv[1]]
        best_pv: list[int] = []
        self._path.append(key)
        for index, move in enumerate(moves):
            if index == 0:
                score = -self._child(us, them, empty, key, clock, side, move, depth, -beta, -alpha, 1, True)
            else:
                score = -self._child(
                    us, them, empty, key, clock, side, move, depth, -alpha - 1, -alpha, 1, False
                )
                if score > alpha:
                    score = -self._child(
                        us, them, empty, key, clock, side, move, depth, -beta, -alpha, 1, True
                    )
            if score > alpha:
                alpha = score
                best_pv = [move, *self._pv[1]]
        self._path.pop()
        return alpha, best_pv

    def _child(
        self,
        us: int,
        them: int,
        empty: int,
        key: int,
        clock: int,
        side: int,
        move: int,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
        pv_node: bool,
    ) -> int:
        """Play ``move`` (legal, from the side ``us``) and search the reply: the child's score."""
        if move == PASS:
            return self._pvs(
                them,
                us,
                empty,
                key ^ Z_BLUE_TO_MOVE,
                clock + 1,
                1 - side,
                depth - 1,
                alpha,
                beta,
                ply,
                pv_node,
            )
        frm, to = move >> 6, move & 63
        bit = 1 << to
        captured = NEIGHBOURS[to] & them
        zobrist = Z_PIECE[side]
        key ^= zobrist[to] ^ self._capture_keys[to][captured] ^ Z_BLUE_TO_MOVE
        if frm == to:
            return self._pvs(
                them ^ captured, us | bit | captured, empty ^ bit, key, 0, 1 - side,
                depth - 1, alpha, beta, ply, pv_node,
            )  # fmt: skip
        origin = 1 << frm
        return self._pvs(
            them ^ captured, (us ^ origin) | bit | captured, empty ^ bit ^ origin, key ^ zobrist[frm],
            clock + 1, 1 - side, depth - 1, alpha, beta, ply, pv_node,
        )  # fmt: skip

    def _pvs(
        self,
        us: int,
        them: int,
        empty: int,
        key: int,
        clock: int,
        side: int,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
        pv_node: bool,
    ) -> int:
        """The score of the position for the side to move (``us``), within ``alpha``..``beta``.

        Fail-soft: a score <= alpha is an upper bound, >= beta a lower bound.
        Decided games score ``±(WIN_SCORE - ply)``. ``ply`` counts from the root.
        """
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._checkpoint()
        if pv_node:
            self._pv[ply] = []

        # The end of the game, in the order of the rules (bits.material_over and
        # bits.can_move, written out: this is the hottest spot of the search).
        if not us:
            return ply - WIN_SCORE
        if not empty:
            return _count_score(us, them, ply)
        row = us | ((us << 1) & NOT_FILE_A) | ((us >> 1) & NOT_FILE_G)
        near = (row | (row << 7) | (row >> 7)) & FULL
        row = near | ((near << 1) & NOT_FILE_A) | ((near >> 1) & NOT_FILE_G)
        if not (row | (row << 7) | (row >> 7)) & empty:
            return self._stuck(us, them, empty, key, clock, side, depth, alpha, beta, ply, pv_node)
        if clock >= 100:
            return 0
        if clock >= 4 and key in self._path[-clock:]:
            return 0
        if depth <= 0 or ply >= MAX_PLY:
            return self._evaluate(us, them, empty)
        if depth == 1 and self._material_only and clock < 98:
            reach = (row | (row << 7) | (row >> 7)) & empty
            score = self._frontier(us, them, empty, near & empty, reach, ply)
            if score is not None:
                return score

        # The transposition table.
        slot = key & self._tt_mask
        entry = self._tt[slot]
        tt_move = PASS
        if entry is not None and entry[0] == key:
            tt_move = entry[4]
            if entry[1] >= depth and not pv_node:
                score = entry[3]
                if score > WIN_BOUND:
                    score -= ply
                elif score < -WIN_BOUND:
                    score += ply
                flag = entry[2]
                if flag == _EXACT or (score >= beta if flag == _LOWER else score <= alpha):
                    return score

        # The moves, best first.
        original_alpha = alpha
        best = -_INFINITY
        best_move = PASS
        material = self._piece * (us.bit_count() - them.bit_count()) if depth == 1 else 0
        futility = self._margin
        neighbours = NEIGHBOURS
        killers = self._killers[ply]
        child = self._child
        self._path.append(key)
        searched = 0
        for move in self._moves(us, them, empty, tt_move, killers):
            frm, to = move >> 6, move & 63
            gain = 2 * (neighbours[to] & them).bit_count() + (frm == to)
            if depth == 1 and searched and material + gain * self._piece + futility <= alpha:
                # Futile: even the best evaluation after this move cannot reach alpha,
                # unless the move ends the game (checked exactly: wins hide here).
                bound = material + gain * self._piece + futility
                if not may_end(them, empty, frm, to):
                    if bound > best:
                        best = bound
                    continue
            if searched == 0:
                score = -child(
                    us, them, empty, key, clock, side, move, depth, -beta, -alpha, ply + 1, pv_node
                )
            else:
                reduction = 1 if depth >= 3 and searched >= 3 and gain <= 1 else 0
                score = -child(
                    us, them, empty, key, clock, side, move, depth - reduction,
                    -alpha - 1, -alpha, ply + 1, False,
                )  # fmt: skip
                if score > alpha and reduction:
                    score = -child(
                        us, them, empty, key, clock, side, move, depth, -alpha - 1, -alpha, ply + 1, False
                    )
                if alpha < score < beta and pv_node:
                    score = -child(
                        us, them, empty, key, clock, side, move, depth, -beta, -alpha, ply + 1, True
                    )
            searched += 1
            if score > best:
                best = score
                best_move = move
                if score > alpha:
                    alpha = score
                    if pv_node:
                        self._pv[ply] = [move, *self._pv[ply + 1]]
                    if score >= beta:
                        if gain <= 1 and move != killers[0]:
                            killers[1] = killers[0]
                            killers[0] = move
                        break
        self._path.pop()

        if best >= beta:
            flag = _LOWER
        elif best > original_alpha:
            flag = _EXACT
        else:
            flag = _UPPER
        stored = best
        if stored > WIN_BOUND:
            stored += ply
        elif stored < -WIN_BOUND:
            stored -= ply
        old = self._tt[slot]
        if old is None or old[0] == key or depth >= old[1] or old[5] != self._generation:
            self._tt[slot] = (key, depth, flag, stored, best_move, self._generation)
        return best

    def _frontier(self, us: int, them: int, empty: int, clones: int, reach: int, ply: int) -> int | None:
        """The depth-1 score without playing the moves (material evaluation only), or ``None``.

        With material alone, the best reply is the move of largest gain: a clone
        gains 1 + 2 per infected piece, a jump 2 per infected piece (so a jump
        only matters onto a square no clone reaches). The exact cases stay with
        the full search (``None``): a board one square from full, and an
        opponent whose mobile pieces are close enough together that one move
        could leave it stuck.
        """
        if not empty & (empty - 1):
            return None
        # Could a move leave them stuck? Every enemy piece that can move now would have
        # to be infected or lose its last square, so all of them lie within two squares
        # of the move's target: a 5x5 box. If they do not fit one, no move can.
        row = empty | ((empty << 1) & NOT_FILE_A) | ((empty >> 1) & NOT_FILE_G)
        mobile = them & spread(row | (row << 7) | (row >> 7))
        if not mobile:
            return None
        if (mobile.bit_length() - 1) // 7 - ((mobile & -mobile).bit_length() - 1) // 7 <= 4:
            files = mobile | (mobile >> 28)
            files |= files >> 14
            files = (files | (files >> 7)) & 127
            if files.bit_length() - (files & -files).bit_length() <= 4:
                return None
        # Bit-sliced counts of the enemy pieces around every square (an empty square's
        # 3x3 block holds only its neighbours): planes of weight 1, 2, 4 and 8.
        left = (them << 1) & NOT_FILE_A
        right = (them >> 1) & NOT_FILE_G
        ones = left ^ them ^ right
        twos = (left & them) | (right & (left ^ them))
        above, below = ones >> 7, ones << 7
        weight1 = above ^ ones ^ below
        carry = (above & ones) | (below & (above ^ ones))
        above, below = twos >> 7, twos << 7
        parity = above ^ twos ^ below
        fours = (above & twos) | (below & (above ^ twos))
        weight2 = parity ^ carry
        more = parity & carry
        weight4 = fours ^ more
        weight8 = fours & more
        best_clone = best_jump = 0
        candidates = clones
        jumps = reach & ~clones
        for plane, weight in ((weight8, 8), (weight4, 4), (weight2, 2), (weight1, 1)):
            if candidates & plane:
                candidates &= plane
                best_clone += weight
            if jumps & plane:
                jumps &= plane
                best_jump += weight
        if not clones:
            best_clone = -1
        if not reach & ~clones:
            best_jump = -1
        if max(best_clone, best_jump) == them.bit_count():
            return WIN_SCORE - ply - 1
        gain = max(2 * best_clone + 1, 2 * best_jump)
        return self._piece * (us.bit_count() - them.bit_count() + gain) - self._tempo

    def _moves(self, us: int, them: int, empty: int, tt_move: int, killers: list[int]) -> Iterator[int]:
        """The legal moves (not the pass) of ``us``: table move, killers, then the rest by gain.

        The rest come in the order of ``ordered_moves``.
        """
        if tt_move != PASS and raw_is_legal(us, empty, tt_move >> 6, tt_move & 63):
            yield tt_move
        for killer in killers:
            if killer != PASS and killer != tt_move and raw_is_legal(us, empty, killer >> 6, killer & 63):
                yield killer
        ordered = ordered_moves(us, them, empty)
        ordered.sort(reverse=True)
        for item in ordered:
            move = item & 4095
            if move != tt_move and move != killers[0] and move != killers[1]:
                yield move

    def _stuck(
        self,
        us: int,
        them: int,
        empty: int,
        key: int,
        clock: int,
        side: int,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
        pv_node: bool,
    ) -> int:
        """The side to move cannot move: the game is over, lost, or it passes.

        A stuck side stays stuck (its pieces only get fewer, the empty squares
        too), so if its opponent can clone into enough of the empty squares to
        end ahead, the game is lost; otherwise the pass is searched.
        """
        row = them | ((them << 1) & NOT_FILE_A) | ((them >> 1) & NOT_FILE_G)
        row = spread(row | (row << 7) | (row >> 7))
        if not row & empty:
            return _count_score(us, them, ply)
        if clock >= 99:
            return 0
        if them.bit_count() + fill_region(them, empty).bit_count() > us.bit_count():
            return ply - WIN_SCORE
        if depth <= 0 or ply >= MAX_PLY:
            return self._evaluate(us, them, empty)
        self._path.append(key)
        score = -self._child(us, them, empty, key, clock, side, PASS, depth, -beta, -alpha, ply + 1, pv_node)
        self._path.pop()
        if pv_node and score > alpha:
            self._pv[ply] = [PASS, *self._pv[ply + 1]]
        return score
