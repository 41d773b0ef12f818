"""A screen showing a scrolled grid of cards: level select and the editors' level pickers.

Both scroll their cards in a ``view`` with a ``ScrollBar`` beside it, light
the card under the pointer, and pick the card clicked; what picking does and
what else each offers (keys, damaged files) is theirs.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.scenes.base import Scene
from game.ui.scrollbar import ScrollBar, ScrollOffset
from game.ui.widgets import WidgetGroup

__all__ = ["CardGridScene"]


class CardGridScene(Scene):
    """A scene whose cards (``card_rects``) scroll in ``view``: the bar, its buttons, the wheel and the pointer
    over the cards (``cards_event``); clicking a card calls ``pick``."""

    scroll = ScrollOffset()
    """How far the cards are scrolled up, in pixels (the scroll bar keeps it)."""

    scrollbar: ScrollBar
    """Beside the cards when they do not all fit: it holds the scroll offset."""
    widgets: WidgetGroup
    view: pygame.Rect
    hover: int | None

    def card_rects(self) -> Sequence[pygame.Rect]:
        """Where the cards are, unscrolled, in order."""
        raise NotImplementedError

    def pick(self, index: int) -> None:
        """Card ``index`` was chosen."""
        raise NotImplementedError

    def card_centre(self, index: int) -> tuple[int, int]:
        """The centre of card ``index`` on screen (tests click it)."""
        self.ensure_layout()
        return self.card_rects()[index].move(0, -self.scroll).center

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the card under ``pos``, if any is there in view."""
        if not self.view.collidepoint(pos):
            return None
        return next(
            (i for i, rect in enumerate(self.card_rects()) if rect.move(0, -self.scroll).collidepoint(pos)),
            None,
        )

    def cards_event(self, event: pygame.event.Event) -> bool:
        """Offer ``event`` to the scroll bar, the buttons, the wheel and the cards; True when consumed (the
        pointer moving only lights the card under it)."""
        if self.scrollbar.handle_event(event):
            return True
        if self.widgets.handle_event(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = self.scroll - event.y * self.px(40)
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.card_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self.card_at(event.pos)
            if index is not None:
                self.pick(index)
                return True
        return False
