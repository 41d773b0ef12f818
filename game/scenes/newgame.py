"""New game: the opponent, the computer's level, who starts and your seat; then a level (or, from an
editor, straight into the game on the edited position).

The choices are the current game's (its seats' names and colours, its AI's
levels) and are remembered in that game's section of the settings. Up and
Down (or Tab) walk the rows, Left and Right change the choice in a row, Enter
goes on and Esc goes back; the focused row wears a pulsing outline. In a game
that engines the player added may play (``GameDefinition.engine_protocol``), the
opponent may be one of them: the right column then lists them instead of the
levels, with Engines… to add or remove some. In a
game whose opening roll decides who starts (``GameRules.rolls_first_seat``)
there is no choice of who starts: the screen says the dice decide; in a game
whose rules name the first seat (``GameRules.first_seat_fixed``) neither: the
screen says which seat always starts, and the colour chosen decides who it is.
Who starts is remembered apart for the two kinds of game: against the computer
as "you" or "the computer", between two people as a seat, which is the one the
rules name first (the start position's) until the players choose another.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pygame

from game.engine.levels import LevelInfo
from game.engine.match import MatchConfig, engine_key, engine_level
from game.i18n import tr
from game.scenes.base import Scene
from game.ui import gfx, theme
from game.ui.lang import engine_time_label, seat_name
from game.ui.textbox import draw_text, layout_text
from game.ui.widgets import Button, Choice, WidgetGroup, draw_focus

if TYPE_CHECKING:
    from game.ai.api import Level
    from game.app import App
    from game.ui.settings import EngineEntry, GameSettings

__all__ = ["NewGameScene", "config_from_settings"]

_ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


def config_from_settings(
    settings: GameSettings, level_keys: list[str], *, engines: bool = False, rules_first: int = 0
) -> MatchConfig:
    """The choices made last time in a game (an unknown level falls back to the second one); an engine
    chosen last is offered again when ``engines`` may play here and it is still there. Between two
    people the seat chosen last starts, or ``rules_first`` (the seat the rules name) if none was."""
    level = settings.level if settings.level in level_keys else level_keys[min(1, len(level_keys) - 1)]
    human = settings.human_seat if settings.human_seat in (0, 1) else 0
    if settings.opponent == "human":
        return MatchConfig(False, level, human, _pair_first(settings, rules_first))
    first = human if settings.human_starts else 1 - human
    entry = settings.find_engine(settings.engine) if engines and settings.opponent == "engine" else None
    if entry is not None:
        return MatchConfig(True, engine_level(entry.key), human, first, entry.name)
    return MatchConfig(settings.opponent != "human", level, human, first)


def _pair_first(settings: GameSettings, rules_first: int) -> int:
    """Who starts a game between two people: the seat chosen last time, else ``rules_first``."""
    return rules_first if settings.two_player_first is None else settings.two_player_first


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
        self.speaks = app.game.engine_protocol is not None and not app.kiosk
        """Whether engines the player added may play this game here (never in a kiosk)."""
        remembered = app.settings.for_game(app.game.key)
        self.engine_entries: list[EngineEntry] = list(remembered.engines) if self.speaks else []
        self.config = config_from_settings(
            remembered,
            [level.key for level in self.levels] or ["casual"],
            engines=self.speaks,
            rules_first=rules.first_seat(rules.start_text),
        )
        self.pair_first = _pair_first(remembered, rules.first_seat(rules.start_text))
        """Who starts a game between two people: the seat chosen last time, else the rules' first."""
        self.pair_chosen = False
        """Whether the players chose who starts a game between two people on this screen (then remembered)."""
        human = self.config.human_seat
        self.vs_first = human if remembered.human_starts else 1 - human
        """Who starts against the computer, as chosen last time."""
        self.own_level = self.config.level if engine_key(self.config.level) is None else remembered.level
        """The game's own level chosen (kept while an engine is chosen, for a change of mind)."""
        self.engine_key = engine_key(self.config.level) or ""
        """The engine chosen (kept while the game's own levels are shown)."""
        if self.own_level not in [level.key for level in self.levels] and self.levels:
            self.own_level = self.levels[min(1, len(self.levels) - 1)].key
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
                self.vs_first == self.config.human_seat,
                self._set_starts,
                translated=True,
            )
            self.two_player_first = Choice(
                [(names[0], 0), (names[1], 1)], self.pair_first, self._set_first, translated=True
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
                Button("engines", "Engines…", self._engines, accent=theme.GOLD),
            ]
        )
        self.engine_note = pygame.Rect(0, 0, 0, 0)
        """Where the engine column explains what an engine is (none added yet)."""
        self.labels: list[tuple[str, tuple[int, int]]] = []
        self.focus_row: int | None = None
        """The keyboard's row (index into ``rows()``); None until the keyboard is used."""
        self.on_back = False
        """On the buttons row: whether Back (rather than going on) has the focus."""

    # -- choices --

    @property
    def opponent_kind(self) -> str:
        """``computer`` (the game's own), ``engine`` (one the player added) or ``human``."""
        if not self.config.vs_computer:
            return "human"
        return "engine" if engine_key(self.config.level) is not None else "computer"

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

    @property
    def engine_chosen(self) -> EngineEntry | None:
        """The engine chosen to play, if the opponent is one and it is still there."""
        key = engine_key(self.config.level) if self.config.vs_computer else None
        return next((entry for entry in self.engine_entries if entry.key == key), None)

    def _set_opponent(self, value: object) -> None:
        kind = str(value)
        vs_computer = kind != "human"
        if kind == "engine":
            entry = self.engine_chosen or self._remembered_engine()
            level, name = (
                (engine_level(entry.key), entry.name) if entry is not None else (engine_level(""), "")
            )
        else:
            level, name = self.own_level, ""
        self.config = dataclasses.replace(self.config, level=level, computer_name=name)
        if vs_computer:
            human = self.config.human_seat
            first = human if self.starts.value else 1 - human
        else:
            first = int(self.two_player_first.value)  # type: ignore[call-overload]
        if self.fixed_first is not None:
            first = self.fixed_first
        self.config = dataclasses.replace(self.config, vs_computer=vs_computer, first=first)
        self.app.audio.play("select")
        self._name_the_opponent()

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
        self.pair_chosen = True
        self.app.audio.play("select")

    def _remembered_engine(self) -> EngineEntry | None:
        """The engine chosen last (on this screen, else last time) if it is still there, else the first one."""
        keys = (self.engine_key, self.app.settings.for_game(self.app.game.key).engine)
        found = (entry for key in keys for entry in self.engine_entries if entry.key == key)
        return next(found, None) or next(iter(self.engine_entries), None)

    def choose_level(self, key: str) -> None:
        """Pick the computer's level, or an engine (``engine_level`` of its key)."""
        engine = next((entry for entry in self.engine_entries if engine_level(entry.key) == key), None)
        if engine is not None:
            self.engine_key = engine.key
            self.config = dataclasses.replace(self.config, level=key, computer_name=engine.name)
        elif key in [level.key for level in self.levels]:
            self.own_level = key
            self.config = dataclasses.replace(self.config, level=key, computer_name="")
        else:
            raise ValueError(f"unknown level {key!r}")
        self.app.audio.play("select")
        self._name_the_opponent()
        self._sync_go()

    def card_keys(self) -> list[str]:
        """The keys of the cards in the right column: the game's levels, or the engines."""
        if self.opponent_kind == "engine":
            return [engine_level(entry.key) for entry in self.engine_entries]
        return [level.key for level in self.levels]

    def _sync_go(self) -> None:
        """Going on needs an engine when the opponent is one."""
        self.widgets.buttons[1].enabled = self.opponent_kind != "engine" or self.engine_chosen is not None

    def _engines(self) -> None:
        """Options → Engines, over this screen: add or remove engines, then back here."""
        self.app.audio.play("click")
        self.app.router.push("engines")

    def resume(self) -> None:
        """Back from the engines' screen: the list may have changed."""
        self.engine_entries = (
            list(self.app.settings.for_game(self.app.game.key).engines) if self.speaks else []
        )
        if self.opponent_kind == "engine" and self.engine_chosen is None:
            entry = self._remembered_engine()
            level, name = (
                (engine_level(entry.key), entry.name) if entry is not None else (engine_level(""), "")
            )
            self.config = dataclasses.replace(self.config, level=level, computer_name=name)
        self._sync_go()
        self._name_the_opponent()

    def _back(self) -> None:
        self.app.audio.play("click")
        self.app.stack.pop()

    def _remember(self) -> None:
        """Keep the choices for next time, in the game's section of the settings."""
        remembered = self.app.settings.for_game(self.app.game.key)
        remembered.opponent = self.opponent_kind
        if self.config.vs_computer:
            remembered.level = self.own_level
            engine = self.engine_chosen
            if engine is not None:
                remembered.engine = engine.key
            remembered.human_seat = self.config.human_seat
            if not self.no_first_choice:
                remembered.human_starts = self.config.first == self.config.human_seat
        elif self.pair_chosen:
            remembered.two_player_first = self.config.first
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
        self.level_rects = []
        button_w, button_h = self.px(220), self.px(50)
        engines_button = self.widgets["engines"]
        engines_button.visible = vs and self.opponent_kind == "engine"
        self.engine_note = pygame.Rect(0, 0, 0, 0)
        if engines_button.visible:
            self._layout_engines(pygame.Rect(right, top, column, height - margin - button_h - top))
        elif vs:
            self.labels.append(("Computer level", (right, top)))
            # The cards share the height between their label and the buttons' row.
            button_top = height - margin - self.px(50)
            room = (button_top - self.px(12) - top - self.px(28)) // len(self.levels) - self.px(6)
            card_h = min(self.px(76), room)
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
        back, go = self.widgets.buttons[:2]
        back.rect = pygame.Rect(margin, height - margin - button_h, button_w, button_h)
        go.rect = pygame.Rect(width - margin - button_w, height - margin - button_h, button_w, button_h)
        self._sync_go()

    def _layout_engines(self, area: pygame.Rect) -> None:
        """The engine column: its label, a card per engine (or what an engine is), and the Engines button."""
        self.labels.append(("Engine", area.topleft))
        button = self.widgets["engines"]
        button.rect = pygame.Rect(0, 0, min(area.width, self.px(240)), self.px(44))
        card_h = self.px(66)
        top = area.y + self.px(28)
        room = area.bottom - self.px(12) - button.rect.height - self.px(12) - top
        if self.engine_entries:
            card_h = min(card_h, room // len(self.engine_entries) - self.px(6))
            for index, entry in enumerate(self.engine_entries):
                rect = pygame.Rect(area.x, top + index * (card_h + self.px(6)), area.width, card_h)
                self.level_rects.append((rect, engine_level(entry.key)))
            below = self.level_rects[-1][0].bottom + self.px(12)
        else:
            size = self.px(16)
            note = layout_text(
                self.app.theme, self.note_text(), "body", size, area.width, room, min_size=size * 0.8
            )
            self.engine_note = pygame.Rect(area.x, top, area.width, note.height)
            below = self.engine_note.bottom + self.px(16)
        button.rect.topleft = (area.x, below)

    @staticmethod
    def note_text() -> str:
        """What the engine column says when there is no engine yet."""
        return tr("No engine yet. An engine is another program that plays this game; add one with Engines…")

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
        for rect, key in self.level_rects:
            if engine_key(key) is not None:
                self._draw_engine(surface, rect, key)
            else:
                self._draw_level(surface, rect, key)
        if self.engine_note.width:
            draw_text(
                surface,
                ui,
                self.note_text(),
                "body",
                self.px(16),
                theme.TEXT_DIM,
                self.engine_note,
                min_size=self.px(16) * 0.8,
            )
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

    def _card(self, surface: pygame.Surface, rect: pygame.Rect, key: str) -> bool:
        """A card's panel, lit when chosen (returned) and edged when pointed at."""
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
        return chosen

    def _draw_engine(self, surface: pygame.Surface, rect: pygame.Rect, key: str) -> None:
        """An engine's card: its name, and how long it thinks with its command line."""
        ui = self.app.theme
        entry = next(entry for entry in self.engine_entries if engine_level(entry.key) == key)
        chosen = self._card(surface, rect, key)
        pad = self.px(12)
        name_size = max(12, min(self.px(20), int(rect.height * 0.3)))
        size = max(11, min(self.px(14), int(rect.height * 0.22)))
        name_h = ui.font("title", name_size, bold=True).get_height()
        inner = rect.inflate(-pad * 2, 0)
        name_box = pygame.Rect(inner.x, rect.y + self.px(6), inner.width, name_h)
        draw_text(
            surface,
            ui,
            entry.name,
            "title",
            name_size,
            theme.TEXT if chosen else theme.TEXT_DIM,
            name_box,
            bold=True,
            max_lines=1,
            container=rect,
            cut_ok=True,
        )
        seconds = self.app.settings.for_game(self.app.game.key).engine_time
        detail = tr("{time} a move · {command}", time=engine_time_label(seconds), command=entry.command)
        detail_box = pygame.Rect(
            inner.x, name_box.bottom, inner.width, rect.bottom - name_box.bottom - self.px(4)
        )
        draw_text(
            surface,
            ui,
            detail,
            "body",
            size,
            theme.TEXT_FAINT,
            detail_box,
            valign="middle",
            max_lines=1,
            container=rect,
            cut_ok=True,
        )

    def _draw_level(self, surface: pygame.Surface, rect: pygame.Rect, key: str) -> None:
        ui = self.app.theme
        keys = [level.key for level in self.levels]
        index = keys.index(key)
        level = self.levels[index]
        chosen = self._card(surface, rect, key)
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
