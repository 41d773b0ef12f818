"""New game: the opponent, the computer's level, who starts and your seat; then a level (or, from an
editor, straight into the game on the edited position).

The choices are the current game's (its seats' names and colours, its AI's
levels) and are remembered in that game's section of the settings. Up and
Down (or Tab) walk the rows, Left and Right change the choice in a row, Enter
goes on and Esc goes back; the focused row wears a pulsing outline. In a
game whose opening roll decides who starts (``GameRules.rolls_first_seat``)
there is no choice of who starts: the screen says the dice decide; in a game
whose rules name the first seat (``GameRules.first_seat_fixed``) neither: the
screen says which seat always starts, and the colour chosen decides who it is.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pygame

from game.engine.levels import LevelInfo
from game.engine.match import MatchConfig
from game.i18n import tr
from game.scenes.base import Scene
from game.ui import gfx, theme
from game.ui.lang import seat_name
from game.ui.textbox import draw_text, layout_text
from game.ui.widgets import Button, Choice, WidgetGroup, draw_focus

if TYPE_CHECKING:
    from game.ai.api import Level
    from game.app import App
    from game.ui.settings import GameSettings

__all__ = ["NewGameScene", "config_from_settings"]

_ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


def config_from_settings(settings: GameSettings, level_keys: list[str]) -> MatchConfig:
    """The choices made last time in a game (an unknown level falls back to the second one)."""
    level = settings.level if settings.level in level_keys else level_keys[min(1, len(level_keys) - 1)]
    human = settings.human_seat if settings.human_seat in (0, 1) else 0
    first = human if settings.human_starts else 1 - human
    return MatchConfig(settings.opponent == "computer", level, human, first)


class NewGameScene(Scene):
    """Choose the opponent and the seats, then go on to pick a level.

    With ``level`` (an edited position) the level is fixed: "Play" starts the
    game at once, and who starts is ``first``, as set in the editor.
    """

    name = "newgame"

    def __init__(self, app: App, level: LevelInfo | None = None, first: int | None = None) -> None:
        super().__init__(app)
        self.level = level
        self.fixed_first = first
        rules = app.game.load_rules()
        position = level.position if level is not None else rules.start_text
        self.rolls_first = rules.rolls_first_seat(position)
        """Whether a roll of the dice, not the players, decides who starts (no "Who starts" choice)."""
        self.rules_first: int | None = (
            rules.first_seat(position) if rules.first_seat_fixed(position) else None
        )
        """The seat the rules name to start (no "Who starts" choice), or None when the players choose."""
        self.no_first_choice = self.rolls_first or self.rules_first is not None
        """Whether "Who starts" is not the players' choice (a note says why instead)."""
        self.dice_note = pygame.Rect(0, 0, 0, 0)
        self.levels: tuple[Level, ...] = app.game.load_ai().levels if app.game.ai else ()
        self.config = config_from_settings(
            app.settings.for_game(app.game.key), [level.key for level in self.levels] or ["casual"]
        )
        if not self.levels:
            self.config = dataclasses.replace(self.config, vs_computer=False)
        if self.rules_first is not None:
            first = self.rules_first
            self.fixed_first = first
        if first is not None:
            self.config = dataclasses.replace(self.config, first=first)
        names = [seat_name(0), seat_name(1)]
        self.first_note = (
            tr("A roll of the dice decides who starts")
            if self.rolls_first
            else tr("{side} always starts", side=names[self.rules_first])
            if self.rules_first is not None
            else ""
        )
        """Why there is no "Who starts" choice, or empty."""
        self.opponent = Choice(
            [("Computer", True), ("Second player", False)], self.config.vs_computer, self._set_opponent
        )
        if first is None or self.rules_first is not None:
            self.starts = Choice(
                [("You", True), ("Computer", False)],
                self.config.first == self.config.human_seat,
                self._set_starts,
            )
            self.two_player_first = Choice(
                [(names[0], 0), (names[1], 1)], self.config.first, self._set_first, translated=True
            )
        else:
            locked = tr("{side} starts (set in the editor)", side=names[first])
            self.starts = Choice([(locked, True)], True, lambda _: None, translated=True)
            self.two_player_first = Choice([(locked, first)], first, lambda _: None, translated=True)
        self.seat = Choice(
            [(names[0], 0), (names[1], 1)],
            self.config.human_seat,
            self._set_seat,
            accent=theme.GOLD,
            translated=True,
        )
        self.level_rects: list[tuple[pygame.Rect, str]] = []
        self.level_sizes = (12, 11)
        """The computer levels' cards: the size of their names and of their descriptions."""
        self.level_hover: str | None = None
        go = ("play", "Play") if level is not None else ("choose_level", "Choose level")
        self.widgets = WidgetGroup(
            [
                Button("back", "Back", self._back, key=pygame.K_ESCAPE),
                Button(go[0], go[1], self._next, primary=True),
            ]
        )
        self.labels: list[tuple[str, tuple[int, int]]] = []
        self.focus_row: int | None = None
        """The keyboard's row (index into ``rows()``); None until the keyboard is used."""
        self.on_back = False
        """On the buttons row: whether Back (rather than going on) has the focus."""

    # -- choices --

    def _set_opponent(self, value: object) -> None:
        vs_computer = bool(value)
        if vs_computer:
            human = self.config.human_seat
            first = human if self.starts.value else 1 - human
        else:
            first = int(self.two_player_first.value)  # type: ignore[call-overload]
        if self.fixed_first is not None:
            first = self.fixed_first
        self.config = dataclasses.replace(self.config, vs_computer=vs_computer, first=first)
        self.app.audio.play("select")
        self.relayout()

    def _set_starts(self, value: object) -> None:
        human = self.config.human_seat
        self.config = dataclasses.replace(self.config, first=human if value else 1 - human)
        self.app.audio.play("select")

    def _set_seat(self, value: object) -> None:
        seat = int(value)  # type: ignore[call-overload]
        first = (
            self.config.first if self.fixed_first is not None else (seat if self.starts.value else 1 - seat)
        )
        self.config = dataclasses.replace(self.config, human_seat=seat, first=first)
        self.app.audio.play("select")

    def _set_first(self, value: object) -> None:
        self.config = dataclasses.replace(self.config, first=int(value))  # type: ignore[call-overload]
        self.app.audio.play("select")

    def choose_level(self, key: str) -> None:
        """Pick the computer's level."""
        if key not in [level.key for level in self.levels]:
            raise ValueError(f"unknown level {key!r}")
        self.config = dataclasses.replace(self.config, level=key)
        self.app.audio.play("select")

    def _back(self) -> None:
        self.app.audio.play("click")
        self.app.stack.pop()

    def _remember(self) -> None:
        """Keep the choices for next time, in the game's section of the settings."""
        remembered = self.app.settings.for_game(self.app.game.key)
        remembered.opponent = "computer" if self.config.vs_computer else "human"
        if self.config.vs_computer:
            remembered.level = self.config.level
            remembered.human_seat = self.config.human_seat
            if not self.no_first_choice:
                remembered.human_starts = self.config.first == self.config.human_seat
        self.app.save_settings()

    def _next(self) -> None:
        """Go on: to level select, or (an edited position) straight into the game."""
        self._remember()
        if self.level is None:
            self.app.audio.play("click")
            self.app.router.push("levelselect", self.config)
            return
        self.app.audio.play("start")
        # "Jouer" closes the editor: the game on the edited position replaces whatever was under it.
        self.app.router.home()
        self.app.router.push("match", self.config, self.level)

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
        self.opponent.visible = bool(self.levels)
        y += self.px(100)
        vs = self.config.vs_computer
        self.starts.visible = vs and not self.no_first_choice
        self.seat.visible = vs
        self.two_player_first.visible = not vs and not self.no_first_choice
        self.labels.append(("Who starts", (left, y)))
        self.dice_note = pygame.Rect(0, 0, 0, 0)
        if self.no_first_choice:
            self.dice_note = pygame.Rect(left, y + self.px(28), column, row_h)
        if vs:
            self.starts.layout(pygame.Rect(left, y + self.px(28), column, row_h), self.px(10))
            y += self.px(100)
            self.labels.append(("Your colour", (left, y)))
            self.seat.layout(pygame.Rect(left, y + self.px(28), column, row_h), self.px(10))
        else:
            self.two_player_first.layout(pygame.Rect(left, y + self.px(28), column, row_h), self.px(10))
        right = margin * 2 + column
        self.level_rects = []
        if vs:
            self.labels.append(("Computer level", (right, top)))
            # The cards share the height between their label and the buttons' row.
            button_top = height - margin - self.px(50)
            room = (button_top - self.px(12) - top - self.px(28)) // len(self.levels) - self.px(6)
            card_h = min(self.px(66), room)
            self.level_sizes = (max(12, int(card_h * 0.3)), max(11, int(card_h * 0.24)))
            # A description that needs more lines than the card has gets them, as far as the room allows.
            ui = self.app.theme
            line_h = ui.font("body", self.level_sizes[1]).get_linesize()
            lines = max(
                len(
                    layout_text(
                        ui,
                        tr(level.description),
                        "body",
                        self.level_sizes[1],
                        column - self.px(24),
                        spacing=0.0,
                    ).lines
                )
                for level in self.levels
            )
            needed = self.px(6) + ui.font("title", self.level_sizes[0], bold=True).get_height()
            needed += self.px(4) + lines * line_h + self.px(6)
            card_h = max(card_h, min(room, needed))
            for index, level in enumerate(self.levels):
                rect = pygame.Rect(right, top + self.px(28) + index * (card_h + self.px(6)), column, card_h)
                self.level_rects.append((rect, level.key))
        button_w, button_h = self.px(220), self.px(50)
        back, go = self.widgets.buttons
        back.rect = pygame.Rect(margin, height - margin - button_h, button_w, button_h)
        go.rect = pygame.Rect(width - margin - button_w, height - margin - button_h, button_w, button_h)

    def _description_height(self, card_h: int) -> int:
        """The height a computer level's card of ``card_h`` pixels leaves its description."""
        name_h = self.app.theme.font("title", self.level_sizes[0], bold=True).get_height()
        return card_h - self.px(6) - name_h - self.px(4)

    def level_centre(self, key: str) -> tuple[int, int]:
        """The centre of the card of level ``key`` (tests click it)."""
        self.ensure_layout()
        return next(rect.center for rect, k in self.level_rects if k == key)

    # -- events --

    def choices(self) -> tuple[Choice, ...]:
        """The rows of chips."""
        return (self.opponent, self.starts, self.seat, self.two_player_first)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self._key(event):
            return True
        if self.widgets.handle_event(event):
            return True
        if any(choice.handle_event(event) for choice in self.choices()):
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

    # -- the keyboard --

    def rows(self) -> list[str]:
        """The focusable rows, top to bottom, for the current opponent."""
        rows = ["opponent"] if self.levels else []
        if self.config.vs_computer:
            starts = [] if self.no_first_choice else ["starts"]
            return [*rows, *starts, "seat", "level", "buttons"]
        return [*rows, *([] if self.no_first_choice else ["first"]), "buttons"]

    def _row_choice(self, row: str) -> Choice | None:
        return {
            "opponent": self.opponent,
            "starts": self.starts,
            "seat": self.seat,
            "first": self.two_player_first,
        }.get(row)

    def _key(self, event: pygame.event.Event) -> bool:
        """Arrows, Tab and Enter walk the rows and change them; True when consumed."""
        key = event.key
        rows = self.rows()
        if key in (pygame.K_DOWN, pygame.K_UP, pygame.K_TAB):
            step = -1 if key == pygame.K_UP or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT) else 1
            self.focus_row = (
                0 if self.focus_row is None else (min(self.focus_row, len(rows) - 1) + step) % len(rows)
            )
            self._sync_buttons()
            self.app.audio.play("select")
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            if self.focus_row is None:
                self.focus_row = 0
            self._change(rows[min(self.focus_row, len(rows) - 1)], 1 if key == pygame.K_RIGHT else -1)
            return True
        if key in _ENTER:
            on_buttons = self.focus_row is not None and rows[min(self.focus_row, len(rows) - 1)] == "buttons"
            button = self.widgets.buttons[0 if on_buttons and self.on_back else 1]
            button.action()
            return True
        return False

    def _change(self, row: str, step: int) -> None:
        if row == "buttons":
            self.on_back = step < 0
            self._sync_buttons()
            return
        if row == "level":
            keys = [level.key for level in self.levels]
            index = keys.index(self.config.level) if self.config.level in keys else 0
            self.choose_level(keys[max(0, min(len(keys) - 1, index + step))])
            return
        choice = self._row_choice(row)
        if choice is None:
            return
        values = [value for _, value in choice.options]
        index = values.index(choice.value) if choice.value in values else 0
        value = values[max(0, min(len(values) - 1, index + step))]
        if value != choice.value:
            choice.value = value
            choice.on_change(value)

    def _sync_buttons(self) -> None:
        rows = self.rows()
        on_buttons = self.focus_row is not None and rows[min(self.focus_row, len(rows) - 1)] == "buttons"
        self.widgets.set_focus((0 if self.on_back else 1) if on_buttons else None)

    # -- drawing --

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        self.draw_screen_title(surface, tr("NEW GAME"), size=40, y=56)
        column = (surface.get_width() - self.px(40) * 3) // 2
        for text, (x, y) in self.labels:
            box = pygame.Rect(x, y, column, self.px(26))
            draw_text(surface, ui, tr(text).upper(), "title", self.px(15), theme.ACCENT, box, max_lines=1)
        for choice in self.choices():
            choice.draw(surface, ui)
        if self.dice_note.width:
            draw_text(
                surface,
                ui,
                self.first_note,
                "body",
                self.px(17),
                theme.TEXT,
                self.dice_note,
                valign="middle",
                max_lines=2,
                min_size=self.px(17) * 0.8,
            )
        for rect, key in self.level_rects:
            self._draw_level(surface, rect, key)
        self.widgets.draw(surface, ui)
        self._draw_focus(surface)

    def _draw_focus(self, surface: pygame.Surface) -> None:
        """The focus outline around the row in focus (the buttons show their own)."""
        if self.focus_row is None:
            return
        rows = self.rows()
        row = rows[min(self.focus_row, len(rows) - 1)]
        rect: pygame.Rect | None = None
        if row == "level":
            rect = next((r for r, key in self.level_rects if key == self.config.level), None)
        else:
            choice = self._row_choice(row)
            if choice is not None and choice.rects:
                rect = choice.rects[0].unionall(choice.rects[1:])
        if rect is not None:
            draw_focus(surface, rect, self.time, self.px(10))

    def _draw_level(self, surface: pygame.Surface, rect: pygame.Rect, key: str) -> None:
        ui = self.app.theme
        keys = [level.key for level in self.levels]
        index = keys.index(key)
        level = self.levels[index]
        chosen = key == self.config.level
        hovered = key == self.level_hover
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
        pip = max(3, min(rect.height, self.px(66)) // 10)
        count = len(keys)
        for n in range(count):
            colour = (
                theme.lerp_colour(theme.CLONE, theme.DANGER, n / max(1, count - 1))
                if n <= index
                else (50, 56, 90)
            )
            pygame.draw.circle(
                surface, colour, (rect.right - pad - (count - 1 - n) * pip * 3, rect.y + pad + pip), pip
            )
        pips = pygame.Rect(rect.right - pad - count * pip * 3, rect.y, count * pip * 3, rect.height)
        name_size, size = self.level_sizes
        name_h = self.app.theme.font("title", name_size, bold=True).get_height()
        name_box = pygame.Rect(rect.x + pad, rect.y + self.px(6), 0, name_h)
        name_box.width = pips.x - name_box.x
        draw_text(
            surface,
            ui,
            tr(level.name),
            "title",
            name_size,
            theme.TEXT if chosen else theme.TEXT_DIM,
            name_box,
            bold=True,
            max_lines=1,
            container=rect,
        )
        description_box = pygame.Rect(rect.x + pad, name_box.bottom, rect.width - pad * 2, 0)
        description_box.height = self._description_height(rect.height)
        draw_text(
            surface,
            ui,
            tr(level.description),
            "body",
            size,
            theme.TEXT_DIM,
            description_box,
            valign="middle",
            spacing=0.0,
            min_size=size * 0.85,
            container=rect,
        )
