"""The end of a game: the winner, the final scores, moves and time; rematch, levels, menu."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.engine.core import SEATS
from game.formats import format_duration
from game.i18n import ntr, tr
from game.scenes.dialog import Dialog
from game.ui import gfx, theme
from game.ui.lang import end_reason, level_name, seat_name
from game.ui.textbox import draw_text, shared_size
from game.ui.widgets import Choice

if TYPE_CHECKING:
    from game.scenes.match import MatchScene
    from game.scenes.services import SceneServices

__all__ = ["ResultsScene", "describe_result"]


def describe_result(scene: MatchScene) -> tuple[str, str, theme.Colour, str]:
    """The headline, the reason ("Blue resigned" for a resignation), the accent colour and the sound for the
    end of ``scene``'s match."""
    result = scene.match.result
    assert result is not None
    winner = result.outcome.winner
    reason = end_reason(scene.rules, result.outcome)
    if winner is None:
        return tr("DRAW"), reason, theme.GOLD, "pass"
    colour = theme.SEAT_COLOURS[winner]
    if scene.vs_computer:
        if scene.match.player(winner).is_human:
            return tr("YOU WIN!"), reason, colour, "win"
        return tr("YOU LOSE"), reason, colour, "loss"
    return tr("{side} WINS!", side=seat_name(winner).upper()), reason, colour, "win"


class ResultsScene(Dialog):
    """Shown over the final board."""

    name = "results"

    def __init__(self, app: SceneServices, scene: MatchScene) -> None:
        self.play = scene
        headline, reason, accent, self.sound = describe_result(scene)
        super().__init__(
            app,
            headline,
            [reason],
            [
                ("rematch", "Rematch", self._rematch),
                ("analyse", "Analyse", self._analyse),
                ("levels", "Levels", self._levels),
                ("menu", "Menu", self._menu),
            ],
            accent=accent,
            width=500,
        )
        self.widgets["analyse"].visible = app.game.has("ai")  # a game without a computer cannot be analysed
        self.swap = Choice(
            [("Same sides", False), ("Swap sides", True)],
            False,
            self._set_swap,
            accent=theme.GOLD,
            key=pygame.K_s,
        )

    def enter(self) -> None:
        self.app.audio.play(self.sound)

    def _set_swap(self, value: object) -> None:
        self.app.audio.play("select")

    def _rows(self) -> dict[str, int]:
        """The heights of the result's rows, top to bottom, from the sizes of their type."""
        ui = self.app.theme
        return {
            "piece": self.px(46),
            "count": ui.font(theme.SCORE_ROLE, self.px(34), bold=True).get_height(),
            "name": ui.font("body", self.px(14)).get_height(),
            "stats": ui.font("body", self.px(16)).get_height() + self.px(6),
            "swap": self.px(36) + self.px(4),
            "hint": ui.font("body", self.px(12)).get_height() + self.px(6),
        }

    def _row_top(self, row: str) -> int:
        """Where ``row`` starts, below the dialog's text."""
        y = self.content_top() + self.px(6)
        for name, height in self._rows().items():
            if name == row:
                return y
            y += height
        return y

    def _row_box(self, row: str, x: int, width: int) -> pygame.Rect:
        """``row``'s box from ``x``, ``width`` wide."""
        return pygame.Rect(x, self._row_top(row), width, self._rows()[row])

    def content_height(self, width: int) -> int:
        return self.px(6) + sum(self._rows().values())

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        top = self._row_top("swap")
        area = pygame.Rect(0, top, min(self.panel_rect.width - self.px(40), self.px(360)), self.px(36))
        area.centerx = self.panel_rect.centerx
        self.swap.layout(area, self.px(8), self.app.theme)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.swap.handle_event(event):
            return True
        return super().handle_event(event)

    def _rematch(self) -> None:
        self.app.stack.pop()
        self.play.restart(swap=bool(self.swap.value))

    def _analyse(self) -> None:
        """The game's analysis, over the results (Back returns here)."""
        play = self.play
        self.app.router.push(
            "analysis", play.match, level_name(play.level), save_name=play.keeper.save_name or ""
        )

    def _levels(self) -> None:
        if not self.app.router.back_to("levelselect"):
            self._menu()

    def _menu(self) -> None:
        self.app.router.home()

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
        column = rect.width // 4
        names = [self.play.player_name(seat) for seat in SEATS]
        name_w = column * 2 - self.px(16)
        name_size = shared_size(ui, names, "body", self.px(14), name_w, max_lines=1)
        for seat in SEATS:
            x = rect.centerx + (-1 if seat == 0 else 1) * column
            colour = theme.SEAT_COLOURS[seat]
            sprite = gfx.piece_sprite(self.px(46), colour)
            surface.blit(sprite, sprite.get_rect(center=(x, self._row_top("piece") + self.px(23))))
            count_box = self._row_box("count", x - column + self.px(8), name_w)
            draw_text(
                surface,
                ui,
                self.play.board.score_text(seat, result.score(seat)),
                theme.SCORE_ROLE,
                self.px(34),
                theme.TEXT,
                count_box,
                bold=True,
                align="center",
                max_lines=1,
                container=rect,
            )
            name_box = self._row_box("name", x - column + self.px(8), name_w)
            draw_text(
                surface,
                ui,
                names[seat],
                "body",
                name_size,
                theme.TEXT_DIM,
                name_box,
                align="center",
                max_lines=1,
                container=rect,
            )
        # Between the two scores, which are narrow: "contre" needs more than "vs".
        versus_box = self._row_box("count", 0, column)
        versus_box.centerx = rect.centerx
        draw_text(
            surface,
            ui,
            self.play.board.score_caption() or tr("vs"),
            "title",
            self.px(18),
            theme.TEXT_FAINT,
            versus_box,
            align="center",
            valign="middle",
            max_lines=1,
            container=rect,
        )
        moves = ntr("{count} move", "{count} moves", result.moves)
        stats = tr("{moves}  ·  {time}", moves=moves, time=format_duration(result.elapsed))
        stats_box = self._row_box("stats", rect.x + self.px(20), rect.width - self.px(40))
        draw_text(surface, ui, stats, "body", self.px(16), theme.TEXT, stats_box, align="center", max_lines=1)
        self.swap.draw(surface, ui)
        if self.swap.rects:
            hint_box = self._row_box("hint", rect.x + self.px(20), rect.width - self.px(40))
            draw_text(
                surface,
                ui,
                tr("S: switch sides for the rematch"),
                "body",
                self.px(12),
                theme.TEXT_FAINT,
                hint_box,
                align="center",
                valign="bottom",
                max_lines=1,
            )
