"""Options: the current game's (opponent, computer level, who starts, its match rules), the look
(piece colours, piece set, board, animations), sound, language and display. Every change applies
and is saved at once. Buttons open the level editor and, for a game other programs can play, the
engines (``game.scenes.engines``).

Two columns of labelled rows of chips. The language switches the whole
interface immediately; the palette, pieces and board redraw immediately
(including the game beneath when the options are opened from its menu); the
game's rules apply to its next match. Each row is a ``Choice`` (or the volume
``Slider``) bound to one setting by ``_bind``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from game.engine.core import SEATS
from game.engine.rules import rolls_first_seat
from game.i18n import LANGUAGES, set_language, tr
from game.scenes.base import Scene
from game.scenes.board_capabilities import view_options
from game.scenes.page import draw_page
from game.scenes.services import KioskServices, SceneServices, SettingsServices, WindowServices
from game.ui import gfx, theme
from game.ui.lang import seat_name
from game.ui.looks import BOARD_THEMES, PALETTE_LABELS, PIECE_SETS, palette_label
from game.ui.textbox import draw_text
from game.ui.widgets import Button, Choice, Slider, WidgetGroup

__all__ = ["OptionsScene"]

Widget = Choice | Slider


class OptionsServices(SceneServices, SettingsServices, KioskServices, WindowServices, Protocol):
    """What the options use of the app: the scenes', the settings and what applies them, the kiosk, the
    window."""


class OptionsScene(Scene):
    """Every change applies and is saved immediately; Back returns."""

    app: OptionsServices

    name = "options"

    def __init__(self, app: OptionsServices) -> None:
        super().__init__(app)
        settings = app.settings
        definition = app.game
        game = settings.for_game(definition.key)
        levels = definition.load_ai().levels if definition.ai is not None else ()
        rules = definition.load_rules()
        options = settings.match_options(definition.key)
        on_off: Sequence[tuple[str, object]] = (("On", True), ("Off", False))
        game_rows: list[tuple[str, Widget]] = []
        # With engines added, one of them may be the opponent (the one chosen last; New game chooses).
        engines = definition.extras.engine_protocol is not None and bool(game.engines) and not app.kiosk
        if levels:
            game_rows += [
                (
                    "Opponent",
                    self._bind(
                        [("Computer", "computer"), ("Second player", "human"), ("Engine", "engine")]
                        if engines
                        else [("Computer", "computer"), ("Second player", "human")],
                        game.opponent,
                        self._set_opponent,
                    ),
                ),
                (
                    "Computer level",
                    self._bind(
                        [(level.name, level.key) for level in levels],
                        game.level,
                        lambda v: setattr(game, "level", v),
                    ),
                ),
            ]
            # Who starts only where the players choose it: not where the dice or the rules decide.
            start = rules.start_text
            if not (rolls_first_seat(rules, start) or rules.first_seat_fixed(start)):
                game_rows.append(
                    (
                        "Computer starts",
                        self._bind(
                            [("No", False), ("Yes", True)],
                            not game.human_starts,
                            lambda v: setattr(game, "human_starts", not v),
                        ),
                    )
                )
            game_rows += [
                # Said in words while it thinks; the search's figures are for the curious.
                (
                    "Computer's thinking",
                    self._bind(
                        [("In words", False), ("With numbers", True)],
                        settings.ai_numbers,
                        lambda v: setattr(settings, "ai_numbers", bool(v)),
                    ),
                ),
            ]
        for option in rules.options:
            game_rows.append(
                (
                    option.label,
                    self._bind(
                        on_off, options[option.key], self._rule_setter(option.key), accent=theme.CLONE
                    ),
                )
            )
        self.language = self._bind(
            [(name, code) for code, name in LANGUAGES.items()], settings.language, self._set_language
        )
        self.display = self._bind(
            [("Window", False), ("Fullscreen", True)],
            app.fullscreen,
            self._set_fullscreen,
            accent=theme.ACCENT_2,
        )
        self.palette = self._bind(
            [(palette_label(definition, key), key) for key in PALETTE_LABELS],
            settings.palette,
            self._look_setter("palette"),
            accent=theme.GOLD,
        )
        self.palette.translated = True  # the seats' names, already in the player's language
        look_rows: list[tuple[str, Widget]] = [
            ("Piece colours", self.palette),
            (
                "Piece set",
                self._bind(
                    list((label, key) for key, label in PIECE_SETS.items()),
                    settings.piece_set,
                    self._look_setter("piece_set"),
                    accent=theme.GOLD,
                ),
            ),
            (
                "Board",
                self._bind(
                    [(board.label, key) for key, board in BOARD_THEMES.items()],
                    settings.board_theme,
                    self._look_setter("board_theme"),
                    accent=theme.GOLD,
                ),
            ),
            (
                "Animations",
                self._bind(
                    [("Normal", "normal"), ("Fast", "fast"), ("Off", "off")],
                    settings.animation,
                    lambda v: setattr(settings, "animation", v),
                ),
            ),
            (
                "Sound",
                self._bind(
                    [("On", False), ("Muted", True)],
                    settings.muted,
                    lambda v: setattr(settings, "muted", v),
                    accent=theme.GOLD,
                ),
            ),
            ("Volume", Slider(settings.volume, self._set_volume)),
        ]
        # The board's own display switches (Ataxx: keypad play shown from the start), beside the look.
        board_class = definition.load("board") if definition.has("board") else None
        for view_option in view_options(board_class):
            look_rows.append(
                (
                    view_option.label,
                    self._bind(
                        on_off,
                        settings.view_option(definition.key, view_option.key, view_option.default),
                        self._view_setter(view_option.key),
                        accent=theme.GOLD,
                    ),
                )
            )
        # A kiosk stays fullscreen: the display row is not offered there at all.
        display_rows: list[tuple[str, Widget]] = [] if app.kiosk else [("Display", self.display)]
        self.columns: tuple[tuple[tuple[str, Widget], ...], ...] = (
            (*game_rows, ("Language", self.language), *display_rows),
            tuple(look_rows),
        )
        self.widgets = WidgetGroup(
            [
                Button("back", "Back", self._back, key=pygame.K_ESCAPE, primary=True),
                Button("editor", "Level editor", self._editor, accent=theme.GOLD),
                Button("engines", "Engines…", self._engines, accent=theme.GOLD),
            ]
        )
        self.widgets["editor"].visible = app.router.has("editor")
        # Other programs as opponents: for a game whose engines speak a protocol we know, never in a kiosk.
        self.widgets["engines"].visible = definition.extras.engine_protocol is not None and not app.kiosk
        self.rows: list[tuple[str, tuple[int, int]]] = []
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.preview_rect = pygame.Rect(0, 0, 0, 0)

    def choices(self) -> list[Widget]:
        """Every control, column by column."""
        return [widget for column in self.columns for _, widget in column]

    def row(self, label: str) -> Widget:
        """The control of the row labelled ``label`` (its English text); ``KeyError`` if there is none."""
        for column in self.columns:
            for name, widget in column:
                if name == label:
                    return widget
        raise KeyError(label)

    # -- changes --

    def _bind(
        self,
        options: Sequence[tuple[str, object]],
        value: object,
        apply: Callable[[object], None],
        *,
        accent: theme.Colour = theme.ACCENT,
    ) -> Choice:
        """A row of chips whose choice ``apply`` stores; every change is then applied and saved."""

        def changed(chosen: object) -> None:
            apply(chosen)
            self.app.apply_audio_settings()
            self.app.save_settings()
            self.app.audio.play("select")

        return Choice(options, value, changed, accent=accent)

    def _set_opponent(self, value: object) -> None:
        game = self.app.settings.for_game(self.app.game.key)
        game.opponent = str(value)
        if value == "engine" and game.find_engine(game.engine) is None:
            game.engine = game.engines[0].key

    def _rule_setter(self, key: str) -> Callable[[object], None]:
        def store(value: object) -> None:
            self.app.settings.for_game(self.app.game.key).rules[key] = bool(value)

        return store

    def _view_setter(self, key: str) -> Callable[[object], None]:
        def store(value: object) -> None:
            self.app.settings.for_game(self.app.game.key).view[key] = bool(value)

        return store

    def _look_setter(self, attribute: str) -> Callable[[object], None]:
        def store(value: object) -> None:
            setattr(self.app.settings, attribute, str(value))
            self.app.apply_look()

        return store

    def _set_language(self, value: object) -> None:
        self.app.settings.language = str(value)
        set_language(str(value))
        self.palette.options = [(palette_label(self.app.game, key), key) for key in PALETTE_LABELS]
        for scene in self.app.stack.scenes:
            scene.relayout()  # texts change width: lay every scene out again
            relabel = getattr(scene, "retranslate", None)
            if relabel is not None:
                relabel()

    def _set_fullscreen(self, value: object) -> None:
        if bool(value) != self.app.fullscreen:
            self.app.toggle_fullscreen()
        self.relayout()

    def _set_volume(self, value: float) -> None:
        self.app.settings.volume = value
        self.app.apply_audio_settings()
        self.app.save_settings()
        self.app.audio.play("click")

    def _editor(self) -> None:
        """Seed 000: the level editor ("Mise en situation") is also in the options."""
        self.app.audio.play("click")
        self.app.router.push("editor")

    def _engines(self) -> None:
        """Options → Engines: the other programs that may be the opponent."""
        self.app.audio.play("click")
        self.app.router.push("engines")

    def _back(self) -> None:
        self.app.audio.play("click")
        self.app.stack.pop()

    # -- layout --

    def layout(self, size: tuple[int, int]) -> None:
        self.panel_rect = gfx.centred_panel(size, self.px(980), self.px(740), self.px(24))
        panel_w = self.panel_rect.width
        pad = self.px(26)
        gap = self.px(30)
        column_w = (panel_w - pad * 2 - gap) // 2
        top = self.panel_rect.y + self.px(78)
        bottom = self.panel_rect.bottom - self.px(84)
        row_h = min(self.px(86), (bottom - top) // max(len(column) for column in self.columns))
        chip_h = max(self.px(34), int(row_h * 0.46))
        self.rows = []
        for index, column in enumerate(self.columns):
            x = self.panel_rect.x + pad + index * (column_w + gap)
            y = top
            for name, widget in column:
                self.rows.append((name, (x, y)))
                area = pygame.Rect(x, y + self.px(24), column_w, chip_h)
                if isinstance(widget, Slider):
                    widget.rect = pygame.Rect(
                        x + self.px(10), area.centery - self.px(10), column_w - self.px(84), self.px(20)
                    )
                    left = widget.rect.right + self.px(16)
                    widget.label_rect = pygame.Rect(left, area.y, area.right - left, area.height)
                else:
                    widget.layout(area, self.px(6), self.app.theme)
                y += row_h
            if index == 1:
                self.preview_rect = pygame.Rect(x, y, column_w, max(self.px(40), bottom - y))
        # Back, then the level editor and the engines where the game has them, in a row in the middle.
        shown = [button for button in self.widgets.buttons if button.visible]
        gap = self.px(16)
        button_w = min(
            self.px(220), (self.panel_rect.width - self.px(40) - gap * (len(shown) - 1)) // len(shown)
        )
        x = self.panel_rect.centerx - (button_w * len(shown) + gap * (len(shown) - 1)) // 2
        for button in shown:
            button.rect = pygame.Rect(
                x, self.panel_rect.bottom - self.px(20) - self.px(50), button_w, self.px(50)
            )
            x += button_w + gap

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle_event(event):
            return True
        return any(widget.handle_event(event) for widget in self.choices())

    def update(self, dt: float) -> None:
        super().update(dt)
        self.widgets.update(dt)
        self.display.value = self.app.fullscreen

    # -- drawing --

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        draw_page(self, surface, self.panel_rect, tr("OPTIONS"))
        column_w = (self.panel_rect.width - self.px(26) * 2 - self.px(30)) // 2
        for name, (x, y) in self.rows:
            box = pygame.Rect(x, y, column_w, self.px(22))
            draw_text(surface, ui, tr(name).upper(), "title", self.px(13), theme.ACCENT, box, max_lines=1)
        for widget in self.choices():
            widget.draw(surface, ui)
        self._draw_preview(surface)
        self.widgets.draw(surface, ui)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        """The two seats' pieces as they look now, with their names."""
        ui = self.app.theme
        rect = self.preview_rect
        if rect.height < self.px(36):
            return
        diameter = min(self.px(46), rect.height - self.px(24))
        x = rect.x + self.px(8)
        y = rect.y + self.px(14) + diameter // 2
        for seat in SEATS:
            square = pygame.Rect(0, 0, diameter + self.px(12), diameter + self.px(12))
            square.center = (x + diameter // 2, y)
            shade = theme.SQUARE_A if seat == 0 else theme.SQUARE_B
            pygame.draw.rect(surface, shade, square, border_radius=self.px(6))
            pygame.draw.rect(surface, theme.BOARD_EDGE, square, 1, border_radius=self.px(6))
            sprite = gfx.piece_sprite(diameter, theme.SEAT_COLOURS[seat])
            surface.blit(sprite, sprite.get_rect(center=square.center))
            # The two names share the row: each gets half of what the pieces leave.
            room = (rect.width - 2 * (square.width + self.px(34))) // 2
            box = pygame.Rect(square.right + self.px(10), square.y, room, square.height)
            name = draw_text(
                surface,
                ui,
                seat_name(seat),
                "body",
                self.px(17),
                theme.TEXT,
                box,
                bold=True,
                valign="middle",
                max_lines=2,
                spacing=0.0,
            )
            x = square.right + self.px(24) + name.width
