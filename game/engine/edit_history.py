"""Undo and redo for a level editor's document, kept as snapshots (immutable values of the whole document).

>>> history: EditHistory[str] = EditHistory()
>>> history.remember("a", "ab"), history.remember("ab", "ab")
(True, False)
>>> history.undo("ab"), history.can_redo, history.redo("a")
('a', True, 'ab')
>>> history.undo("ab"), history.remember("a", "ac"), history.can_redo
('a', True, False)

An edit that changes nothing is no step; a new edit forgets what could be
redone; the oldest steps go beyond ``limit``.
"""

from __future__ import annotations

from typing import Generic, TypeVar

__all__ = ["MAX_UNDO", "EditHistory"]

MAX_UNDO = 200

SnapshotT = TypeVar("SnapshotT")


class EditHistory(Generic[SnapshotT]):
    """The snapshots to go back and forth to."""

    def __init__(self, limit: int = MAX_UNDO) -> None:
        self.limit = limit
        self._undo: list[SnapshotT] = []
        self._redo: list[SnapshotT] = []

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def remember(self, before: SnapshotT, now: SnapshotT) -> bool:
        """An edit from ``before`` to ``now``: a step to undo if they differ (and the redo line forgotten)."""
        if before == now:
            return False
        self._undo.append(before)
        del self._undo[: -self.limit]
        self._redo.clear()
        return True

    def undo(self, now: SnapshotT) -> SnapshotT | None:
        """The snapshot before the last edit (``now`` kept to redo); ``None`` if there is none."""
        return self._step(self._undo, self._redo, now)

    def redo(self, now: SnapshotT) -> SnapshotT | None:
        """The snapshot of the last edit taken back (``now`` kept to undo); ``None`` if there is none."""
        return self._step(self._redo, self._undo, now)

    @staticmethod
    def _step(back: list[SnapshotT], forth: list[SnapshotT], now: SnapshotT) -> SnapshotT | None:
        if not back:
            return None
        forth.append(now)
        return back.pop()
