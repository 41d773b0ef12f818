"""New game: the opponent, the computer's level, who starts and your seat; then a level (or, from an
editor, straight into the game on the edited position).

The choices are the current game's (its seats' names and colours, its AI's
levels) and are remembered in that game's section of the settings. Up and
Down (or Tab) walk the rows, Left and Right change the choice in a row, Enter
goes on and Esc goes back; the focused row wears a pulsing outline. In a game
that engines the player added may play (``GameExtras.engine_protocol``), the
opponent may be one of them: the right column then lists them instead of the
levels, with Engines… to add or remove some. In a
game whose opening roll decides who starts (``HasDice.rolls_first_seat``)
there is no choice of who starts: the screen says the dice decide; in a game
whose rules name the first seat (``GameRules.first_seat_fixed``) neither: the
screen says which seat always starts, and the colour chosen decides who it is.
What is chosen, and how it is remembered, is ``game.scenes.newgame_choices``'s
``MatchChoices``; the right column's cards are ``game.scenes.newgame_cards``'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.engine.levels import LevelInfo
from game.engine.rules import rolls_first_seat
from game.i18n import tr
from game.scenes.base import Scene
from game.scenes.newgame_cards import OpponentCards
from game.scenes.newgame_choices import MatchChoices
from game.scenes.services import KioskServices, SceneServices, SettingsServices
from game.ui import theme
from game.ui.lang import seat_name
from game.ui.textbox import draw_text
from game.ui.widgets import Button, Choice, WidgetGroup, draw_focus

if TYPE_CHECKING:
    from game.ai.api import Level
    from game.engine.match import MatchConfig
    from game.ui.settings import EngineEntry

__all__ = ["NewGameScene"]

_ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


class NewGameServices(SceneServices, SettingsServices, KioskServices, Protocol):
    """What the new game screen uses of the app: the scenes', the game's settings, whether it runs as a kiosk
    (no engines)."""


class NewGameScene(Scene):
    """Choose the opponent and the seats, then go on to pick a level.

    With ``level`` (an edited position) the level is fixed: "Play" starts the
    game at once, and who starts is ``first``, as set in the editor.
    """

    app: NewGameServices

    name = "newgame"

    def __init__(
        self, app: NewGameServices, level: LevelInfo | None = None, first: int | None = None
    ) -> None:
        super().__init__(app)
        self.level = level
        self.fixed_first = first
        rules = app.game.load_rules()
        position = level.position if level is not None else rules.start_text
        self.rolls_first = rolls_first_seat(rules, position)
        """Whether a roll of the dice, not the players, decides who starts (no "Who starts" choice)."""
        self.rules_first: int | None = (
            rules.first_seat(position) if rules.first_seat_fixed(position) else None
        )
        """The seat the rules name to start (no "Who starts" choice), or None when the players choose."""
        self.no_first_choice = self.rolls_first or self.rules_first is not None
        """Whether "Who starts" is not the players' choice (a note says why instead)."""
        self.dice_note = pygame.Rect(0, 0, 0, 0)
        self.levels: tuple[Level, ...] = app.game.load_ai().levels if app.game.ai else ()
        self.speaks = app.game.extras.engine_protocol is not None and not app.kiosk
        """Whether engines the player added may play this game here (never in a kiosk)."""
        if self.rules_first is not None:
            first = self.rules_first
            self.fixed_first = first
        self.chosen = MatchChoices(
            app.settings,
            app.game.key,
            self.levels,
            speaks=self.speaks,
            start_first=rules.first_seat(rules.start_text),
            fixed_first=self.fixed_first,
        )
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
            [("Computer", "computer"), ("Second player", "human"), ("Engine", "engine")]
            if self.speaks
            else [("Computer", "computer"), ("Second player", "human")],
            self.opponent_kind,
            self._set_opponent,
        )
        self.starts_between_players = first is None or self.rules_first is not None
        """Whether "Who starts" offers the two players (not a start fixed in the editor)."""
        if self.starts_between_players:
            self.starts = Choice(
                self._starters(),
                self.chosen.vs_first == self.config.human_seat,
                self._set_starts,
                translated=True,
            )
            self.two_player_first = Choice(
                [(names[0], 0), (names[1], 1)], self.chosen.pair_first, self._set_first, translated=True
            )
        else:
            assert first is not None  # a start fixed in the editor
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
        self.cards = OpponentCards(self.px)
        go = ("play", "Play") if level is not None else ("choose_level", "Choose level")
        self.widgets = WidgetGroup(
            [
                Button("back", "Back", self._back, key=pygame.K_ESCAPE),
                Button(go[0], go[1], self._next, primary=True),
                Button("engines", "Engines…", self._engines, accent=theme.GOLD),
            ]
        )
        self.labels: list[tuple[str, tuple[int, int]]] = []
        self.focus_row: int | None = None
        """The keyboard's row (index into ``rows()``); None until the keyboard is used."""
        self.on_back = False
        """On the buttons row: whether Back (rather than going on) has the focus."""

    # -- choices --

    @property
    def config(self) -> MatchConfig:
        """The match chosen so far."""
        return self.chosen.config

    @property
    def opponent_kind(self) -> str:
        """``computer`` (the game's own), ``engine`` (one the player added) or ``human``."""
        return self.chosen.opponent_kind

    @property
    def engine_chosen(self) -> EngineEntry | None:
        """The engine chosen to play, if the opponent is one and it is still there."""
        return self.chosen.engine_chosen

    def card_keys(self) -> list[str]:
        """The keys of the cards in the right column: the game's levels, or the engines."""
        return self.chosen.card_keys()

    def opponent_name(self) -> str:
        """Who the person plays against, as "Who starts" names it: the engine chosen, else the computer."""
        engine = self.engine_chosen
        return engine.name if engine is not None else tr("Computer")

    def _starters(self) -> list[tuple[str, object]]:
        return [(tr("You"), True), (self.opponent_name(), False)]

    def _name_the_opponent(self) -> None:
        """The "Who starts" choice names the opponent chosen now (an engine by its name)."""
        if self.starts_between_players:
            self.starts.options = self._starters()
            self.relayout()

    def _set_opponent(self, value: object) -> None:
        pair_first = int(self.two_player_first.value)  # type: ignore[call-overload]
        self.chosen.set_opponent(str(value), you_start=bool(self.starts.value), pair_first=pair_first)
        self.app.audio.play("select")
        self._name_the_opponent()

    def _set_starts(self, value: object) -> None:
        self.chosen.set_you_start(bool(value))
        self.app.audio.play("select")

    def _set_seat(self, value: object) -> None:
        self.chosen.set_seat(int(value), you_start=bool(self.starts.value))  # type: ignore[call-overload]
        self.app.audio.play("select")

    def _set_first(self, value: object) -> None:
        self.chosen.set_first(int(value))  # type: ignore[call-overload]
        self.app.audio.play("select")

    def choose_level(self, key: str) -> None:
        """Pick the computer's level, or an engine (``engine_level`` of its key)."""
        self.chosen.choose_level(key)
        self.app.audio.play("select")
        self._name_the_opponent()
        self._sync_go()

    def _sync_go(self) -> None:
        """Going on needs an engine when the opponent is one."""
        self.widgets.buttons[1].enabled = self.opponent_kind != "engine" or self.engine_chosen is not None

    def _engines(self) -> None:
        """Options → Engines, over this screen: add or remove engines, then back here."""
        self.app.audio.play("click")
        self.app.router.push("engines")

    def resume(self) -> None:
        """Back from the engines' screen: the list may have changed."""
        self.chosen.engines_changed()
        self._sync_go()
        self._name_the_opponent()

    def _back(self) -> None:
        self.app.audio.play("click")
        self.app.stack.pop()

    def _remember(self) -> None:
        """Keep the choices for next time, in the game's section of the settings."""
        self.chosen.remember(first_chosen=not self.no_first_choice)
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
        vs = self.config.vs_computer
        # Two people need no right-hand column (levels or engines): their choices stand in the middle.
        left = margin if vs else (width - column) // 2
        if not vs:
            # A third of the room the title and the buttons leave is above them, two thirds below.
            content_h = self.px(100) + self.px(28) + row_h
            top += max(0, height - margin - self.px(50) - top - content_h) // 3
        self.labels = []
        y = top
        self.labels.append(("Opponent", (left, y)))
        self.opponent.layout(pygame.Rect(left, y + self.px(28), column, row_h), self.px(10), self.app.theme)
        self.opponent.visible = bool(self.levels)
        y += self.px(100)
        self.starts.visible = vs and not self.no_first_choice
        self.seat.visible = vs
        self.two_player_first.visible = not vs and not self.no_first_choice
        self.labels.append(("Who starts", (left, y)))
        self.dice_note = pygame.Rect(0, 0, 0, 0)
        if self.no_first_choice:
            self.dice_note = pygame.Rect(left, y + self.px(28), column, row_h)
        if vs:
            self.starts.layout(pygame.Rect(left, y + self.px(28), column, row_h), self.px(10), self.app.theme)
            y += self.px(100)
            self.labels.append(("Your colour", (left, y)))
            self.seat.layout(pygame.Rect(left, y + self.px(28), column, row_h), self.px(10))
        else:
            self.two_player_first.layout(pygame.Rect(left, y + self.px(28), column, row_h), self.px(10))
        right = margin * 2 + column
        self.cards.clear()
        button_w, button_h = self.px(220), self.px(50)
        engines_button = self.widgets["engines"]
        engines_button.visible = vs and self.opponent_kind == "engine"
        if engines_button.visible:
            # The engine column: its label, a card per engine (or what an engine is), and the Engines button.
            area = pygame.Rect(right, top, column, height - margin - button_h - top)
            self.labels.append(("Engine", area.topleft))
            engines_button.rect = pygame.Rect(0, 0, min(area.width, self.px(240)), self.px(44))
            below = self.cards.layout_engines(
                self.app.theme, area, self.chosen.engine_entries, engines_button.rect.height
            )
            engines_button.rect.topleft = (area.x, below)
        elif vs:
            self.labels.append(("Computer level", (right, top)))
            # The cards share the height between their label and the buttons' row.
            button_top = height - margin - self.px(50)
            self.cards.layout_levels(
                self.app.theme, pygame.Rect(right, top, column, button_top - top), self.levels
            )
        back, go = self.widgets.buttons[:2]
        back.rect = pygame.Rect(margin, height - margin - button_h, button_w, button_h)
        go.rect = pygame.Rect(width - margin - button_w, height - margin - button_h, button_w, button_h)
        self._sync_go()

    @property
    def level_rects(self) -> list[tuple[pygame.Rect, str]]:
        """The cards of the right column and their keys (``card_keys``)."""
        return self.cards.rects

    @property
    def level_sizes(self) -> tuple[int, int]:
        """The computer levels' cards: the size of their names and of their descriptions."""
        return self.cards.sizes

    @property
    def engine_note(self) -> pygame.Rect:
        """Where the engine column explains what an engine is (none added yet)."""
        return self.cards.note

    def _description_height(self, card_h: int) -> int:
        """The height a computer level's card of ``card_h`` pixels leaves its description."""
        return self.cards.description_height(self.app.theme, card_h)

    def level_centre(self, key: str) -> tuple[int, int]:
        """The centre of the card of level ``key`` (tests click it)."""
        self.ensure_layout()
        return self.cards.centre(key)

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
            self.cards.hover = self.cards.key_at(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            key = self.cards.key_at(event.pos)
            if key is not None:
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
            engines = ["engines"] if self.opponent_kind == "engine" else []
            return [*rows, *starts, "seat", "level", *engines, "buttons"]
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
            button = self.widgets.buttons[self._enter_button()]
            if button.enabled:
                button.action()
            else:
                self.app.audio.play("invalid")
            return True
        return False

    def _enter_button(self) -> int:
        """The index of the button Enter presses: the one in focus, else the one that goes on."""
        rows = self.rows()
        row = rows[min(self.focus_row, len(rows) - 1)] if self.focus_row is not None else ""
        if row == "engines":
            return 2
        return 0 if row == "buttons" and self.on_back else 1

    def _change(self, row: str, step: int) -> None:
        if row == "buttons":
            self.on_back = step < 0
            self._sync_buttons()
            return
        if row == "level":
            keys = self.card_keys()
            if not keys:
                return
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
        row = rows[min(self.focus_row, len(rows) - 1)] if self.focus_row is not None else ""
        self.widgets.set_focus(self._enter_button() if row in ("buttons", "engines") else None)

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
        seconds = self.app.settings.for_game(self.app.game.key).engine_time
        self.cards.draw(surface, ui, self.config.level, self.levels, self.chosen.engine_entries, seconds)
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
            rect = self.cards.rect_of(self.config.level)
        else:
            choice = self._row_choice(row)
            if choice is not None and choice.rects:
                rect = choice.rects[0].unionall(choice.rects[1:])
        if rect is not None:
            draw_focus(surface, rect, self.time, self.px(10))
