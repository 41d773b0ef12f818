"""The end of a game: the winner, the final counts, moves and time; rematch, levels, menu."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.engine.ataxx import Side, Termination
from game.i18n import tr
from game.scenes.dialog import Dialog
from game.ui import gfx, theme
from game.ui.lang import side_name
from game.ui.widgets import Choice

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.play import PlayScene

__all__ = ["ResultsScene", "describe_result"]

REASONS = {
    Termination.ELIMINATION: "No pieces left",
    Termination.FULL_BOARD: "The board is full",
    Termination.NO_MOVES: "Nobody can move",
    Termination.HALFMOVE_CLOCK: "100 moves without a clone",
    Termination.THREEFOLD_REPETITION: "The same position three times",
    Termination.EARLY_FINISH: "Early finish: the rest is filled in",
}


def describe_result(play: PlayScene) -> tuple[str, str, theme.Colour, str]:
    """The headline, the reason, the accent colour and the sound for the end of ``play``'s match."""
    result = play.match.result
    assert result is not None
    winner = result.outcome.winner
    reason = tr(REASONS.get(result.outcome.termination, result.outcome.termination.value))
    if winner is None:
        return tr("DRAW"), reason, theme.GOLD, "pass"
    if play.vs_computer:
        if play.match.player(winner).is_human:
            return tr("YOU WIN!"), reason, theme.SIDE_COLOURS[winner], "win"
        return tr("YOU LOSE"), reason, theme.SIDE_COLOURS[winner], "loss"
    return tr("{side} WINS!", side=side_name(winner).upper()), reason, theme.SIDE_COLOURS[winner], "win"


def format_time(seconds: float) -> str:
    """``m:ss`` (or ``h:mm:ss``)."""
    seconds = int(seconds)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class ResultsScene(Dialog):
    """Shown over the final board."""

    def __init__(self, app: App, play: PlayScene) -> None:
        self.play = play
        headline, reason, accent, self.sound = describe_result(play)
        super().__init__(
            app,
            headline,
            [reason],
            [("Rematch", self._rematch), ("Levels", self._levels), ("Menu", self._menu)],
            accent=accent,
            width=500,
        )
        self.swap = Choice(
            [("Same sides", False), ("Swap sides", True)],
            False,
            self._set_swap,
            accent=theme.GOLD,
            key=pygame.K_s,
        )
        self.escape_action = self._menu

    def enter(self) -> None:
        self.app.audio.play(self.sound)

    def _set_swap(self, value: object) -> None:
        self.app.audio.play("select")

    def content_height(self, width: int) -> int:
        return self.px(200)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        top = self.content_top() + self.px(150)
        area = pygame.Rect(0, top, min(self.panel_rect.width - self.px(80), self.px(300)), self.px(36))
        area.centerx = self.panel_rect.centerx
        self.swap.layout(area, self.px(8))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.swap.handle_event(event):
            return True
        return super().handle_event(event)

    def _rematch(self) -> None:
        self.app.pop()
        self.play.restart(swap=bool(self.swap.value))

    def _levels(self) -> None:
        from game.scenes.levelselect import LevelSelectScene

        if not self.app.pop_to(LevelSelectScene):
            self._menu()

    def _menu(self) -> None:
        from game.scenes.menu import MenuScene

        if not self.app.pop_to(MenuScene):
            self.app.reset(MenuScene(self.app))

    def draw_content(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        rect = self.panel_rect
        # A soft burst of light behind the headline, and confetti for a win.
        centre = (rect.centerx, rect.y + self.px(48))
        halo = gfx.glow_box(rect.width - self.px(80), self.px(110), self.accent, 0.3, self.px(54))
        surface.blit(halo, halo.get_rect(center=centre), special_flags=pygame.BLEND_RGB_ADD)
        if self.sound == "win":
            colours = (theme.GOLD, self.accent, theme.CLONE, theme.ACCENT, theme.ACCENT_2)
            for index in range(28):
                phase = (self.time * (0.18 + (index % 5) * 0.03) + index * 0.137) % 1.0
                x = rect.x + self.px(16) + (index * 97 % 100) / 100 * (rect.width - self.px(32))
                x += math.sin(self.time * 2 + index) * self.px(8)
                y = rect.y + self.px(8) + phase * (rect.height - self.px(16))
                size = self.px(3 + index % 3)
                spin = abs(math.cos(self.time * 4 + index))
                piece = pygame.Rect(0, 0, size, max(1, int(size * 2 * spin)))
                piece.center = (int(x), int(y))
                pygame.draw.rect(surface, colours[index % len(colours)], piece, border_radius=1)
        super().draw_content(surface)
        result = self.play.match.result
        assert result is not None
        top = self.content_top() + self.px(6)
        column = rect.width // 4
        for index, side in enumerate((Side.RED, Side.BLUE)):
            x = rect.centerx + (-1 if index == 0 else 1) * column // 1
            colour = theme.SIDE_COLOURS[side]
            sprite = gfx.piece_sprite(self.px(46), colour)
            surface.blit(sprite, sprite.get_rect(center=(x, top + self.px(24))))
            count = ui.text(str(result.count(side)), "title", self.px(34), theme.TEXT, bold=True)
            surface.blit(count, count.get_rect(center=(x, top + self.px(74))))
            name = ui.text(self.play.player_name(side), "body", self.px(14), theme.TEXT_DIM)
            surface.blit(name, name.get_rect(center=(x, top + self.px(102))))
        versus = ui.text(tr("vs"), "title", self.px(18), theme.TEXT_FAINT)
        surface.blit(versus, versus.get_rect(center=(rect.centerx, top + self.px(60))))
        stats = tr("{moves} moves  ·  {time}", moves=result.plies, time=format_time(result.elapsed))
        line = ui.text(stats, "body", self.px(16), theme.TEXT)
        surface.blit(line, line.get_rect(center=(rect.centerx, top + self.px(124))))
        self.swap.draw(surface, ui)
        if self.swap.rects:
            hint = ui.text(tr("S: switch sides for the rematch"), "body", self.px(12), theme.TEXT_FAINT)
            below = self.swap.rects[-1].bottom + self.px(4)
            surface.blit(hint, hint.get_rect(midtop=(rect.centerx, below)))
