"""The searches' aids, each of which can be switched on or off to measure what it gives: one set for every search.

A search uses the aids it has and ignores the others (a null move, the
frontier shortcut and futility pruning are a kernel's; every search has the
reductions, the history and aspiration windows). Where the searches' best
settings differ, the default is ``None``: the search's own choice.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DEFAULT_FEATURES", "SearchFeatures"]


@dataclass(frozen=True)
class SearchFeatures:
    """What a search may do beyond plain principal-variation search (the benchmarks switch them)."""

    null_move: bool = True
    """If passing still holds beta, a real move would too: prune (where the search has a null move)."""
    late_move_reductions: int | None = None
    """Plies by which quiet moves late in the order are searched shallower first (again in full if
    they beat alpha); 0: none; ``None``: the search's own choice (``reductions``)."""
    reduction_table: int | None = None
    """Late moves (from the fourth) searched shallower first, by ln(depth)·ln(move number + 1) plies times
    this percent (in steps of ``reduction_step``; on the principal variation, ``pv_reduction_table``
    percent of that), and again in full if they beat alpha; 0: none; ``None``: the search's own choice (a
    kernel's)."""
    reduction_step: int | None = None
    """The table's reductions are rounded down to a multiple of this many plies (2: whole moves, which keep
    the leaves' side to move); ``None``: the search's own choice."""
    reverse_futility: int | None = None
    """A few plies from the leaves (``reverse_futility_depth``), off the principal variation: a position
    whose evaluation beats beta by this much a ply (hundredths of a piece) is taken to hold it; 0: never;
    ``None``: the search's own choice (a kernel's)."""
    reverse_futility_depth: int | None = None
    """The plies from the leaves where ``reverse_futility`` prunes; ``None``: the search's own choice."""
    late_move_pruning: int | None = None
    """A few plies from the leaves (``late_move_pruning_depth``), off the principal variation: after this
    many moves plus the depth squared, the later ones are not searched; 0: never; ``None``: the search's
    own choice (a kernel's)."""
    late_move_pruning_depth: int | None = None
    """The plies from the leaves where ``late_move_pruning`` prunes; ``None``: the search's own choice."""
    null_divisor: int | None = None
    """The null move's reduction grows by a ply every this many plies of depth; 0: it does not;
    ``None``: the search's own choice (a kernel's)."""
    internal_reduction: int | None = None
    """From this depth, a node off the principal variation that the table knows no move for is searched a
    ply shallower; 0: never; ``None``: the search's own choice (a kernel's)."""
    exact_empty: int | None = None
    """With this many empty squares or fewer, the reduction table, reverse futility and the internal
    reduction stay off (the null move and late-move pruning have their own guard): near the end the search
    proves results, and a pruned line proves nothing. ``None``: the search's own choice (a kernel's)."""
    null_empty: int | None = None
    """With this many empty squares or fewer, no null move and no late-move pruning (zugzwang, and each of
    the few moves left can decide the game); ``None``: the search's own choice (a kernel's)."""
    pv_reduction_table: int | None = None
    """On the principal variation, late moves reduced by the table at this percent of its off-PV
    reductions; 0: not at all; ``None``: the search's own choice (a kernel's)."""
    history: bool = False
    """Quiet moves ordered by how often they cut off elsewhere in the tree (deeper cut-offs count more)."""
    frontier: bool = True
    """One ply from the leaves with a material evaluation, the best move's score without playing it."""
    futility: bool = True
    """One ply from the leaves, moves that cannot reach alpha even at their best are not searched."""
    aspiration: bool = True
    """The root searched first in a window around an earlier depth's score (``game.ai.aspiration``)."""
    keep_table: bool = True
    """Keep the transposition table between searches (a new search only ages it)."""
    partial: bool = True
    """An iteration from depth 2 that a limit stops still answers, if a root move it finished beat
    its window: that move, which scored better at this depth than every root move searched before
    it (the previous best first). Otherwise the last iteration completed answers."""

    @staticmethod
    def chosen(value: int | None, default: int) -> int:
        """An aid's setting: ``value``, or the search's ``default`` when it is ``None``."""
        return default if value is None else int(value)

    def reductions(self, default: int) -> int:
        """The plies of the late-move reductions: ``late_move_reductions``, or the search's ``default``."""
        return self.chosen(self.late_move_reductions, default)


DEFAULT_FEATURES = SearchFeatures()
"""Every aid on, and each search's own reductions."""
