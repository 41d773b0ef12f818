"""Undo and redo for a level editor's document, kept as snapshots (immutable values of the whole document).

>>> history: EditHistory[str] = EditHistory()
>>> history.remember("a", "ab"), history.remember("ab", "ab")
(True, False)
>>> history.undo("ab"), history.can_redo, history.redo("a")
('a', True, 'ab')
>>> history.undo("ab"), history.remember("a", "ac"), history.can_redo
('a', True, False)

An edit that changes nothing is no step; a new edit forgets what could be
redone; the oldest steps go beyond ``limit``. ``Undoable`` is a document
with its history: it says what its snapshot is and how to go back to one.
"""

from __future__ import annotations

from typing import Generic, TypeVar

__all__ = ["MAX_UNDO", "EditHistory", "Undoable"]

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


class Undoable(Generic[SnapshotT]):
    """A document with undo and redo: ``snapshot`` gives its whole state, ``_apply`` brings one back."""

    def __init__(self) -> None:
        self.history: EditHistory[SnapshotT] = EditHistory()

    def snapshot(self) -> SnapshotT:
        """The whole document as an immutable value."""
        raise NotImplementedError

    def _apply(self, snapshot: SnapshotT) -> None:
        """Make the document ``snapshot`` again."""
        raise NotImplementedError

    @property
    def can_undo(self) -> bool:
        return self.history.can_undo

    @property
    def can_redo(self) -> bool:
        return self.history.can_redo

    def _remember(self, before: SnapshotT) -> bool:
        """An edit made since ``before``: an undo step if it changed anything (True)."""
        return self.history.remember(before, self.snapshot())

    def undo(self) -> bool:
        """Take back the last edit; False if there is none."""
        return self._restore(self.history.undo(self.snapshot()))

    def redo(self) -> bool:
        """Make again the last edit taken back; False if there is none."""
        return self._restore(self.history.redo(self.snapshot()))

    def _restore(self, snapshot: SnapshotT | None) -> bool:
        if snapshot is None:
            return False
        self._apply(snapshot)
        return True
