"""A secret set-up on the match screen: which army the board must not show, and the curtain between two people.

A game with a set-up (``Match.in_setup``) keeps each army secret until both
are placed: ``hidden_seat`` names the seat the board must not show, and
between two people's placements a curtain hides the board until the next
person clicks (``curtain_seat``). The computer sets up like it moves: the
worker is asked for its move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.engine.core import CHANCE
from game.engine.match import Match
from game.i18n import tr
from game.ui import gfx, theme
from game.ui.lang import seat_name
from game.ui.textbox import TitleDrawer, draw_text

if TYPE_CHECKING:
    from game.scenes.services import SceneServices

__all__ = ["CurtainBoard", "CurtainHost", "SetupCurtain"]


class CurtainBoard(Protocol):
    """The board under the curtain (``BoardController`` has these)."""

    rect: pygame.Rect

    def drawn_rect(self) -> pygame.Rect: ...

    def reset(self) -> None: ...


class CurtainHost(TitleDrawer, Protocol):
    """The match screen as the curtain sees it."""

    @property
    def app(self) -> SceneServices: ...

    match: Match[Any, Any]

    @property
    def board(self) -> CurtainBoard: ...

    @property
    def vs_computer(self) -> bool: ...

    def px(self, value: float) -> int: ...


class SetupCurtain:
    """Who may see what of a match's set-up, and the curtain that hides the board between two people."""

    def __init__(self, host: CurtainHost) -> None:
        self.host = host
        self.revealed_to: int | None = None
        """During two people's set-up: the seat last at the screen (``curtain_seat``)."""
        self.pressed = False
        """Whether a click began on the curtain (only such a click lifts it on release)."""

    def hidden_seat(self) -> int | None:
        """The seat whose set-up the screen must not show now, or ``None``.

        Only during the set-up (``Match.in_setup``): while a person places, the
        other seat (a person's or the computer's); while the computer places
        against a person, its own. Two computers hide nothing.
        """
        match = self.host.match
        if not match.in_setup or match.turn == CHANCE:
            return None
        seat = int(match.turn)
        if match.player(seat).is_human:
            return 1 - seat
        return seat if match.player(1 - seat).is_human else None

    def seat(self) -> int | None:
        """The person to set up next while the board waits behind the curtain for them, else ``None``.

        Between two people's placements: the seat to place has not yet said
        it is at the screen (``reveal``), so the other's placement stays hidden.
        """
        match = self.host.match
        if self.host.vs_computer or not match.in_setup or match.turn == CHANCE:
            return None
        seat = int(match.turn)
        return seat if self.revealed_to != seat else None

    def reveal(self) -> None:
        """The person to set up is at the screen: lift the curtain."""
        self.pressed = False
        seat = self.seat()
        if seat is not None:
            self.revealed_to = seat
            self.host.board.reset()
            self.host.app.audio.play("click")

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The curtain is down: a click on the board, Enter or Space lifts it; the board gets nothing."""
        rect = self.host.board.rect
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and rect.collidepoint(event.pos):
            # Only a click begun on the curtain lifts it: the release of the click that ended the other's
            # set-up (its last placement, its "Ready") must not.
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and rect.collidepoint(event.pos):
            if self.pressed:
                self.pressed = False
                self.reveal()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.reveal()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION) and rect.collidepoint(event.pos)

    def draw(self, surface: pygame.Surface) -> None:
        """Between two people's placements: the board hidden, and who sets up next."""
        seat = self.seat()
        if seat is None:
            return
        host = self.host
        px = host.px
        # Over the board's frame too, not only its squares (and the curtain's own edge outside it).
        area = host.board.drawn_rect().inflate(px(4), px(4))
        colour = theme.SEAT_COLOURS[seat]
        pygame.draw.rect(surface, (10, 12, 30), area, border_radius=px(14))
        pygame.draw.rect(surface, colour, area, 2, border_radius=px(14))
        sprite = gfx.piece_sprite(px(64), colour)
        inner = area.inflate(-px(40), -px(40))
        sprite_rect = sprite.get_rect(midbottom=(area.centerx, area.centery - px(44)))
        surface.blit(sprite, sprite_rect)
        head = pygame.Rect(inner.x, area.centery - px(36), inner.width, px(72))
        host.draw_title(
            surface,
            tr("{side}, your turn to set up", side=seat_name(seat)),
            head,
            size=28,
            spread=8,
            glow=colour,
            max_lines=2,
            container=area,
        )
        note = pygame.Rect(inner.x, head.bottom + px(8), inner.width, px(60))
        draw_text(
            surface,
            host.app.theme,
            tr("The other player looks away. Click when ready."),
            "body",
            px(18),
            theme.TEXT_DIM,
            note,
            align="center",
            max_lines=2,
            container=area,
        )
