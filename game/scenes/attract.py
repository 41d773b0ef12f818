"""The kiosk's attract mode: the computer plays itself on random levels until someone touches the screen.

An ``AttractScene`` is a match screen whose two players are the computer at
middling levels, thinking briefly, with the animations on, on a random level
of a random game that has a computer opponent. It never saves, never counts in
the statistics (``persistent = False``) and shows no buttons; a pulsing "Touch
to play" invites passers-by. When a game ends the winner is announced for a
moment and another level (perhaps of another game) starts. Any touch, click or
key goes back to the kiosk's menu.
"""

from __future__ import annotations

import logging
import math
import random
from typing import Any

import pygame

from game import games
from game.engine.levels import LevelInfo
from game.engine.match import Match, MatchConfig, Player
from game.games import GameDefinition
from game.i18n import tr
from game.scenes.level_cards import available_levels
from game.scenes.match import MatchScene, MatchServices
from game.scenes.parts import BoardController
from game.ui import theme
from game.ui.anim import SPEED_FACTORS, ease_out_cubic
from game.ui.lang import level_name, seat_name
from game.ui.textbox import draw_text

__all__ = ["ATTRACT_LEVELS", "AttractScene"]

log = logging.getLogger(__name__)

BAND: theme.Colour = (6, 8, 24)
"""The dark band across the board behind "Touch to play" and the last game's result."""
BAND_ALPHA = 205
"""Its opacity where the text is (0..255)."""


def band_behind_text() -> theme.Colour:
    """The band as the text sees it: over the lightest of the board's squares (the worst case for light text)."""
    lightest = max((theme.SQUARE_A, theme.SQUARE_B), key=sum)
    return theme.lerp_colour(lightest, BAND, BAND_ALPHA / 255)


ATTRACT_LEVELS = ("casual", "skilled", "expert")
"""Middling computer levels: lively games with real captures, never a slaughter."""
THINK_TIME = 0.25
"""Seconds per move in the attract mode (unless the app sets a budget of its own)."""
END_PAUSE = 3.5
"""Seconds the final position stays on screen before the next level."""


Pick = tuple[GameDefinition, LevelInfo]
"""A game and one of its levels."""


def _pick(rng: random.Random) -> Pick:
    """A random game with a computer opponent and a random level of it (the current game is left alone)."""
    shown = [definition for definition in games.playable_games() if definition.ai is not None]
    definition = rng.choice(shown)
    levels, _ = available_levels(definition)
    return definition, rng.choice(levels)


class AttractScene(MatchScene):
    """Computer against computer, one random level after another, behind a "Touch to play" invitation."""

    name = "attract"
    persistent = False

    def __init__(
        self, app: MatchServices, rng: random.Random | None = None, pick: Pick | None = None
    ) -> None:
        self.rng = rng or random.Random()
        self.games = 0
        self.end_timer: float | None = None
        self.invitation = pygame.Rect(0, 0, 0, 0)
        definition, level = pick if pick is not None else _pick(self.rng)
        if definition.key != app.game.key:
            # The game becomes the current one only now, as the scene made for it is built.
            app.choose_game(definition.key)
        super().__init__(app, MatchConfig(vs_computer=True, level="skilled"), level)
        for button in self.panel.widgets.buttons:
            button.visible = False

    # -- the match --

    def _new_match(self) -> None:
        players = (
            Player.computer(self.rng.choice(ATTRACT_LEVELS)),
            Player.computer(self.rng.choice(ATTRACT_LEVELS)),
        )
        self.match = Match(self.rules, self.level.position, players)
        self.curtain.revealed_to = None  # two computers: nothing is hidden
        self._clear_transient()
        self.results_shown = True  # no results screen here: the next level follows
        self.end_timer = None

    def next_game(self) -> None:
        """A new random level (after a game ends, or when the computer could not move)."""
        self.computer.cancel()
        definition, level = _pick(self.rng)
        if definition.key != self.definition.key:
            # Another game: its own board and rules, in a fresh scene (which makes it the current game).
            self.app.router.replace("attract", self.rng, (definition, level))
            return
        self.level = level
        self._new_match()
        # The same game, but the new level's board may differ in size or shape: a board view made for it.
        board_class: type[BoardController[Any, Any]] = self.definition.load("board")
        self.board = board_class(self)
        self.relayout()

    def ai_budget(self) -> float | None:
        budget = self.app.options.ai_time_budget
        return budget if budget is not None else THINK_TIME

    def ai_failed(self, error: str) -> None:
        log.error("attract mode: the AI failed (%s); next level", error)
        self.next_game()

    @property
    def speed(self) -> float:
        """The animations always play here (at the player's speed, or normal when turned off)."""
        if self.instant:
            return 0.0  # tests: no waiting at all
        return SPEED_FACTORS.get(self.app.settings.animation, 1.0) or SPEED_FACTORS["normal"]

    # -- the frame --

    def _update_end(self, dt: float) -> None:
        # The game's closing animation, if any, then the next level: never the results screen.
        if not self._board_settled(dt):
            return
        if self.end_timer is None:
            self.end_timer = END_PAUSE if not self.instant else 0.0
            self.games += 1
            if self.app.kiosk_mode is not None:
                self.app.kiosk_mode.attract_games += 1
        self.end_timer -= dt
        if self.end_timer <= 0:
            self.next_game()

    # -- input --

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN):
            self.leave()
        return True

    def leave(self) -> None:
        """Someone touched the screen: back to the menu."""
        self.app.audio.play("click")
        if self.app.kiosk_mode is not None:
            self.app.kiosk_mode.back_to_menu()
        else:
            self.app.router.reset("menu")

    # -- drawing --

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        # Room under the board for the invitation.
        area = self.board_area.copy()
        area.height -= self.px(118)
        self.board.layout(area)
        self.invitation = pygame.Rect(self.board_area.x, area.bottom, self.board_area.width, self.px(118))

    def status_text(self) -> tuple[str, str, theme.Colour]:
        if self.match.is_over:
            return super().status_text()
        headline, detail, colour = super().status_text()
        return headline, detail or tr("Computer against computer"), colour

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self._draw_invitation(surface)

    def _draw_invitation(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        appear = ease_out_cubic(min(1.0, self.time / 0.8))
        # Eight steps of the beat: the glowing title is drawn from a handful of cached pictures.
        beat = round((0.5 + 0.5 * math.sin(self.time * 3.2)) * 8) / 8
        band = self.invitation
        layer = pygame.Surface(band.size, pygame.SRCALPHA)
        for row in range(band.height):
            # Dark in the middle, fading to nothing at the top and bottom edges.
            edge = min(row, band.height - 1 - row) / (band.height / 2)
            layer.fill((*BAND, int(BAND_ALPHA * appear * min(1.0, edge * 1.6))), (0, row, band.width, 1))
        surface.blit(layer, band.topleft)
        for offset, alpha in ((-band.height // 2 + 4, 0.9), (band.height // 2 - 6, 0.9)):
            y = band.centery + offset
            rule = pygame.Surface((band.width, 2), pygame.SRCALPHA)
            rule.fill((*theme.ACCENT, int(120 * alpha * appear * (0.6 + 0.4 * beat))))
            surface.blit(rule, (band.x, y))
        size = self.px(40 + 4 * beat)
        # The finger's ring beside the words keeps its room on the right.
        room = band.inflate(-self.px(40) - 2 * self.px(80), 0)
        title_h = ui.font("title", size, bold=True).get_height()
        title_box = pygame.Rect(room.x, band.centery - self.px(12) - title_h // 2, room.width, title_h)
        title = draw_text(
            surface,
            ui,
            tr("TOUCH TO PLAY"),
            "title",
            size,
            theme.TEXT,
            title_box,
            bold=True,
            align="center",
            max_lines=1,
            glow=theme.lerp_colour(theme.ACCENT, theme.ACCENT_2, beat),
            spread=self.px(10 + 8 * beat),
            container=band,
        )
        if self.match.is_over and self.end_told:
            winner = self.match.result.outcome.winner if self.match.result else None
            line = tr("Draw!") if winner is None else tr("{side} wins!", side=seat_name(winner))
            colour = theme.GOLD if winner is None else theme.seat_text(winner, band_behind_text())
        else:
            line = tr("Computer against computer · {level}", level=level_name(self.level))
            colour = theme.TEXT_DIM
        sub_box = pygame.Rect(band.x + self.px(20), title_box.bottom, band.width - self.px(40), 0)
        sub_box.height = band.bottom - self.px(6) - sub_box.y
        draw_text(
            surface,
            ui,
            line,
            "body",
            self.px(18),
            colour,
            sub_box,
            bold=self.end_told,
            align="center",
            valign="middle",
            max_lines=1,
            container=band,
        )
        # A finger tapping, beside the words.
        tap = self.time * 1.6 % 1.0
        centre = (band.centerx + title.width // 2 + self.px(48), band.centery - self.px(12))
        ring = int(self.px(8) + self.px(22) * tap)
        pygame.draw.circle(surface, theme.lerp_colour((6, 8, 24), theme.ACCENT, 1 - tap), centre, ring, 2)
        pygame.draw.circle(surface, theme.ACCENT, centre, self.px(7))
