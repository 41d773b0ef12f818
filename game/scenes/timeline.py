"""A board animation's clock: ``Timeline``, the seconds played of its length (done at the end, a click skips
to it), and ``PhasedTimeline``, a timeline of named phases played one after another."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["PhasedTimeline", "Timeline"]


class Timeline:
    """Seconds played (``time``) of ``length``, both set by the animation."""

    time: float
    length: float

    @property
    def done(self) -> bool:
        """Whether the animation has ended."""
        return self.time >= self.length

    def finish(self) -> None:
        """Jump to the end (a click skips the animation)."""
        self.time = self.length


class PhasedTimeline(Timeline):
    """A timeline of ``phases``, each a name and its seconds, played in order."""

    phases: Sequence[tuple[str, float]]

    def phase(self) -> tuple[str, float]:
        """The current phase and its progress (0..1); ``("end", 1.0)`` once they have all played."""
        start = 0.0
        for name, length in self.phases:
            if self.time < start + length:
                return name, (self.time - start) / length if length else 1.0
            start += length
        return "end", 1.0
