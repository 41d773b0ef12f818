"""New game: the opponent, the computer's level, who starts and your colour; then a level."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pygame

from game.ai.ataxx.levels import LEVELS, level_by_key
from game.engine.ataxx import Board, Side
from game.engine.match import Player
from game.i18n import tr
from game.scenes.base import Scene
from game.ui import gfx, theme
from game.ui.keyboard import NewGameKeys
from game.ui.widgets import Button, Choice, WidgetGroup

if TYPE_CHECKING:
    from game.app import App

__all__ = ["GameConfig", "NewGameScene"]


@dataclasses.dataclass(frozen=True)
class GameConfig:
    """Who plays: against the computer (at ``level``) or a second player, and who moves first."""

    vs_computer: bool = True
    level: str = "casual"
    human_side: Side = Side.RED
    first: Side = Side.RED

    def players(self) -> tuple[Player, Player]:
        """The match's players, Red's first."""
        if not self.vs_computer:
            return (Player.human("Red"), Player.human("Blue"))
        computer = Player.computer(self.level, level_by_key(self.level).name)
        you = Player.human("You")
        return (you, computer) if self.human_side is Side.RED else (computer, you)

    def start_fen(self, level_fen: str) -> str:
        """The level's position with the chosen side to move."""
        board = Board(level_fen)
        fields = board.fen().split()
        fields[1] = self.first.symbol
        return " ".join(fields)

    def swapped(self) -> GameConfig:
        """The same game with the colours swapped (a rematch from the other side)."""
        if self.vs_computer:
            return dataclasses.replace(self, human_side=self.human_side.opponent, first=self.first.opponent)
        return dataclasses.replace(self, first=self.first.opponent)

    @classmethod
    def from_settings(cls, app: App) -> GameConfig:
        """The choices made last time."""
        settings = app.settings
        try:
            level = level_by_key(settings.level).key
        except ValueError:
            level = "casual"
        human = Side.RED if settings.human_colour == "red" else Side.BLUE
        first = human if settings.human_starts else human.opponent
        return cls(settings.opponent == "computer", level, human, first)


class NewGameScene(Scene):
    """Choose the opponent and the sides, then go on to pick a level."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.config = GameConfig.from_settings(app)
        self.opponent = Choice(
            [("Computer", True), ("Second player", False)], self.config.vs_computer, self._set_opponent
        )
        self.starts = Choice(
            [("You", True), ("Computer", False)],
            self.config.first is self.config.human_side,
            self._set_starts,
        )
        self.colour = Choice(
            [("Red", Side.RED), ("Blue", Side.BLUE)],
            self.config.human_side,
            self._set_colour,
            accent=theme.GOLD,
        )
        self.two_player_first = Choice([("Red", Side.RED), ("Blue", Side.BLUE)], Side.RED, self._set_first)
        self.level_rects: list[tuple[pygame.Rect, str]] = []
        self.level_hover: str | None = None
        self.widgets = WidgetGroup(
            [
                Button("Back", self._back, key=pygame.K_ESCAPE),
                Button("Choose level", self._next, key=pygame.K_RETURN, primary=True),
            ]
        )
        self.labels: list[tuple[str, tuple[int, int]]] = []
        self.keys = NewGameKeys(self)

    def button(self, label: str) -> Button:
        """The button labelled ``label``."""
        return self.widgets.by_label(label)

    # -- choices --

    def _set_opponent(self, value: object) -> None:
        self.config = dataclasses.replace(self.config, vs_computer=bool(value))
        if not self.config.vs_computer:
            self.config = dataclasses.replace(self.config, first=self.two_player_first.value)  # type: ignore[arg-type]
        else:
            first = self.config.human_side if self.starts.value else self.config.human_side.opponent
            self.config = dataclasses.replace(self.config, first=first)
        self.app.audio.play("select")
        self._layout_size = None

    def _set_starts(self, value: object) -> None:
        first = self.config.human_side if value else self.config.human_side.opponent
        self.config = dataclasses.replace(self.config, first=first)
        self.app.audio.play("select")

    def _set_colour(self, value: object) -> None:
        side = value if isinstance(value, Side) else Side.RED
        first = side if self.starts.value else side.opponent
        self.config = dataclasses.replace(self.config, human_side=side, first=first)
        self.app.audio.play("select")

    def _set_first(self, value: object) -> None:
        self.config = dataclasses.replace(self.config, first=value)  # type: ignore[arg-type]
        self.app.audio.play("select")

    def choose_level(self, key: str) -> None:
        """Pick the computer's level."""
        self.config = dataclasses.replace(self.config, level=level_by_key(key).key)
        self.app.audio.play("select")

    def _back(self) -> None:
        self.app.audio.play("click")
        self.app.pop()

    def _next(self) -> None:
        from game.scenes.levelselect import LevelSelectScene

        settings = self.app.settings
        settings.opponent = "computer" if self.config.vs_computer else "human"
        if self.config.vs_computer:
            settings.level = self.config.level
            settings.human_colour = "red" if self.config.human_side is Side.RED else "blue"
            settings.human_starts = self.config.first is self.config.human_side
        self.app.save_settings()
        self.app.audio.play("click")
        self.app.push(LevelSelectScene(self.app, self.config))

    # -- layout --

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        margin = self.px(40)
        top = self.px(120)
        column = (width - margin * 3) // 2
        row_h = self.px(44)
        left = margin
        self.labels = []
        y = top
        self.labels.append(("Opponent", (left, y)))
        self.opponent.layout(pygame.Rect(left, y + self.px(28), column, row_h), self.px(10))
        y += self.px(100)
        vs = self.config.vs_computer
        self.starts.visible = vs
        self.colour.visible = vs
        self.two_player_first.visible = not vs
        if vs:
            self.labels.append(("Who starts", (left, y)))
            self.starts.layout(pygame.Rect(left, y + self.px(28), column, row_h), self.px(10))
            y += self.px(100)
            self.labels.append(("Your colour", (left, y)))
            self.colour.layout(pygame.Rect(left, y + self.px(28), column, row_h), self.px(10))
        else:
            self.labels.append(("Who starts", (left, y)))
            self.two_player_first.layout(pygame.Rect(left, y + self.px(28), column, row_h), self.px(10))
        right = margin * 2 + column
        self.level_rects = []
        if vs:
            self.labels.append(("Computer level", (right, top)))
            card_h = min(self.px(66), (height - top - self.px(150)) // len(LEVELS))
            for index, level in enumerate(LEVELS):
                rect = pygame.Rect(right, top + self.px(28) + index * (card_h + self.px(6)), column, card_h)
                self.level_rects.append((rect, level.key))
        button_w, button_h = self.px(220), self.px(50)
        back, go = self.widgets.buttons
        back.rect = pygame.Rect(margin, height - margin - button_h, button_w, button_h)
        go.rect = pygame.Rect(width - margin - button_w, height - margin - button_h, button_w, button_h)

    def level_centre(self, key: str) -> tuple[int, int]:
        """The centre of the card of level ``key`` (tests click it)."""
        self.ensure_layout()
        return next(rect.center for rect, k in self.level_rects if k == key)

    # -- events --

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.keys.handle_event(event):
            return True
        if self.widgets.handle_event(event):
            return True
        for choice in (self.opponent, self.starts, self.colour, self.two_player_first):
            if choice.handle_event(event):
                return True
        if event.type == pygame.MOUSEMOTION:
            self.level_hover = next((k for rect, k in self.level_rects if rect.collidepoint(event.pos)), None)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, key in self.level_rects:
                if rect.collidepoint(event.pos):
                    self.choose_level(key)
                    return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        self.widgets.update(dt)

    # -- drawing --

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        self.draw_screen_title(surface, tr("NEW GAME"), size=40, y=56)
        for text, (x, y) in self.labels:
            label = ui.text(tr(text).upper(), "title", self.px(15), theme.ACCENT)
            surface.blit(label, (x, y))
        for choice in (self.opponent, self.starts, self.colour, self.two_player_first):
            choice.draw(surface, ui)
        for rect, key in self.level_rects:
            self._draw_level(surface, rect, key)
        self.widgets.draw(surface, ui)
        self.keys.draw(surface)

    def _draw_level(self, surface: pygame.Surface, rect: pygame.Rect, key: str) -> None:
        ui = self.app.theme
        level = level_by_key(key)
        chosen = key == self.config.level
        hovered = key == self.level_hover
        index = [lv.key for lv in LEVELS].index(key)
        edge = theme.ACCENT if chosen else (theme.PANEL_EDGE if hovered else (50, 60, 110))
        gfx.panel(
            surface,
            rect,
            edge=edge,
            alpha=235 if chosen else 190,
            radius=self.px(10),
            fill=(24, 30, 64) if chosen else theme.PANEL,
        )
        pad = self.px(12)
        # Difficulty pips: one to five.
        pip = max(3, rect.height // 10)
        for n in range(len(LEVELS)):
            colour = theme.lerp_colour(theme.CLONE, theme.DANGER, n / 4) if n <= index else (50, 56, 90)
            pygame.draw.circle(
                surface, colour, (rect.right - pad - (len(LEVELS) - 1 - n) * pip * 3, rect.y + pad + pip), pip
            )
        name = ui.text(
            tr(level.name),
            "title",
            max(12, int(rect.height * 0.3)),
            theme.TEXT if chosen else theme.TEXT_DIM,
            bold=True,
        )
        surface.blit(name, (rect.x + pad, rect.y + rect.height * 0.12))
        size = max(11, int(rect.height * 0.24))
        lines = ui.wrap(tr(level.description), "body", size, rect.width - pad * 2)
        line = lines[0] + ("…" if len(lines) > 1 else "")
        description = ui.text(line, "body", size, theme.TEXT_DIM)
        surface.blit(description, (rect.x + pad, rect.y + rect.height * 0.56))
