"""Options → Engines: the other programs that may play the current game as an opponent.

Offered for a game whose engines speak a protocol the worker knows
(``GameExtras.engine_protocol``), never in a kiosk. The list shows each
engine by the name it gave and its command line, with Test (the engine is
started, checked and asked for one move, in the background) and Remove (asked
first, Cancel forward). The time each engine thinks per move is one row of
chips. **Add engine…** opens ``AddEngineScene``: a field for the command line,
which is checked before anything is kept — the program is started without a
shell, must answer the protocol's handshake in time, give its name and play a
legal move; otherwise the dialog says why and nothing is added. Engines are
kept in the game's section of the settings (``GameSettings.engines``), written
at once.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.ai.worker.engine_process import MAX_COMMAND_LENGTH, EngineCommandError, parse_command
from game.ai.worker.uai_client import EngineError, EngineIdentity, EngineProbe
from game.formats import format_decimal
from game.i18n import tr
from game.scenes.base import Scene
from game.scenes.dialog import FieldDialog
from game.scenes.page import draw_page
from game.scenes.services import ComputerServices, SceneServices, SettingsServices
from game.ui import gfx, theme
from game.ui.lang import engine_problem, engine_time_label
from game.ui.settings import ENGINE_TIMES, MAX_ENGINES, EngineEntry
from game.ui.textbox import draw_text
from game.ui.textinput import TextInput
from game.ui.widgets import Button, Choice, WidgetGroup

if TYPE_CHECKING:
    from game.ui.settings import GameSettings

__all__ = ["AddEngineScene", "EnginesScene", "probe_failure"]


def probe_failure(error: BaseException) -> str:
    """What a failed check of an engine says, in the player's language."""
    if isinstance(error, EngineError):
        return engine_problem(error.kind, error.fields, str(error))
    return str(error)


def _spinner(surface: pygame.Surface, centre: tuple[int, int], radius: int, time_s: float) -> None:
    """A ring of dots chasing each other: something is being checked."""
    for index in range(8):
        angle = time_s * 5 + index * math.pi / 4
        point = (centre[0] + math.cos(angle) * radius, centre[1] + math.sin(angle) * radius)
        colour = theme.lerp_colour(theme.PANEL, theme.GOLD, (index + 1) / 8)
        pygame.draw.circle(surface, colour, point, max(2, radius // 4))


class EnginesServices(SceneServices, SettingsServices, ComputerServices, Protocol):
    """What the engines screens use of the app: the scenes', the game's settings (its engines), the AI worker
    (probing one)."""


class EnginesScene(Scene):
    """The engines of the current game: list, Test, Remove, time per move, Add engine…"""

    app: EnginesServices

    name = "engines"

    def __init__(self, app: EnginesServices) -> None:
        super().__init__(app)
        self.definition = app.game
        self.rules = self.definition.load_rules()
        self.time_choice = Choice(
            [(engine_time_label(seconds), seconds) for seconds in ENGINE_TIMES],
            self.section.engine_time,
            self._set_time,
            accent=theme.GOLD,
            translated=True,
        )
        self.message: tuple[str, theme.Colour] | None = None
        """The last thing done (an engine added, tested, removed), shown under the list."""
        self.testing: tuple[EngineProbe, EngineEntry] | None = None
        self.rows: list[tuple[pygame.Rect, EngineEntry, int]] = []
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.intro_rect = pygame.Rect(0, 0, 0, 0)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.time_label = pygame.Rect(0, 0, 0, 0)
        self.message_rect = pygame.Rect(0, 0, 0, 0)
        self.widgets = WidgetGroup()
        self._rebuild()

    @property
    def section(self) -> GameSettings:
        """The game's section of the settings, where its engines are kept."""
        return self.app.settings.for_game(self.definition.key)

    # -- the buttons --

    def _rebuild(self) -> None:
        """The buttons for the engines listed now (a Test and a Remove each)."""
        buttons = [
            Button("back", "Back", self._back, key=pygame.K_ESCAPE, primary=True),
            Button("add", "Add engine…", self._add, accent=theme.GOLD),
        ]
        for index, entry in enumerate(self.section.engines):
            buttons.append(Button(f"test_{index}", "Test", self._tester(entry)))
            buttons.append(Button(f"remove_{index}", "Remove", self._remover(entry), accent=theme.DANGER))
        self.widgets = WidgetGroup(buttons)
        self._sync()
        self.relayout()

    def _sync(self) -> None:
        """Add only while there is room; one test at a time."""
        self.widgets["add"].enabled = len(self.section.engines) < MAX_ENGINES
        for button in self.widgets.buttons:
            if button.id.startswith("test_"):
                button.enabled = self.testing is None

    def _back(self) -> None:
        self.app.audio.play("click")
        self.app.stack.pop()

    def _add(self) -> None:
        self.app.audio.play("click")
        self.app.router.push("addengine", on_added=self._added)

    def _added(self, entry: EngineEntry, identity: EngineIdentity) -> None:
        self.message = (
            tr("{name} was added: it played {move} in its test", name=entry.name, move=identity.move),
            theme.CLONE,
        )
        self._rebuild()

    def _tester(self, entry: EngineEntry) -> Callable[[], None]:
        def test() -> None:
            if self.testing is not None:
                return
            self.app.audio.play("click")
            self.testing = (self.app.worker.probe(entry.command, rules=self.rules), entry)
            self.message = None
            self._sync()

        return test

    def _remover(self, entry: EngineEntry) -> Callable[[], None]:
        def ask() -> None:
            def remove() -> None:
                self.app.stack.pop()
                self.section.remove_engine(entry.key)
                self.app.save_settings()
                self.message = (tr("{name} was removed", name=entry.name), theme.TEXT_DIM)
                self._rebuild()

            self.app.audio.play("click")
            self.app.router.push(
                "dialog",
                tr("Remove {name}?", name=entry.name),
                [tr("It will no longer be offered as an opponent. The program itself is not touched.")],
                [("remove", "Remove", remove), ("cancel", "Cancel", None)],
                accent=theme.DANGER,
                default="cancel",
            )

        return ask

    def _set_time(self, value: object) -> None:
        self.section.engine_time = float(value)  # type: ignore[arg-type]
        self.app.save_settings()
        self.app.audio.play("select")

    # -- lifecycle --

    def resume(self) -> None:
        self._rebuild()

    def exit(self) -> None:
        if self.testing is not None:
            self.testing[0].cancel(0.0)  # the probe quits the engine in its own thread
            self.testing = None

    def update(self, dt: float) -> None:
        super().update(dt)
        self.widgets.update(dt)
        if self.testing is not None and self.testing[0].done:
            probe, entry = self.testing
            self.testing = None
            result = probe.result
            if isinstance(result, EngineIdentity):
                self.message = (
                    tr(
                        "{name} is ready: it played {move} in {seconds} s",
                        name=entry.name,
                        move=result.move,
                        seconds=format_decimal(result.seconds),
                    ),
                    theme.CLONE,
                )
                self.app.audio.play("select")
            else:
                reason = probe_failure(result) if result is not None else "?"
                self.message = (
                    tr("{name} failed its test: {reason}", name=entry.name, reason=reason),
                    theme.DANGER,
                )
                self.app.audio.play("invalid")
            self._sync()

    # -- layout --

    def layout(self, size: tuple[int, int]) -> None:
        self.panel_rect = gfx.centred_panel(size, self.px(980), self.px(740), self.px(24))
        pad = self.px(26)
        inner = self.panel_rect.inflate(-pad * 2, 0)
        self.intro_rect = pygame.Rect(inner.x, self.panel_rect.y + self.px(72), inner.width, self.px(48))
        self.time_label = pygame.Rect(inner.x, self.intro_rect.bottom + self.px(8), inner.width, self.px(22))
        chips = pygame.Rect(
            inner.x, self.time_label.bottom + self.px(2), min(inner.width, self.px(520)), self.px(36)
        )
        self.time_choice.layout(chips, self.px(6), self.app.theme)
        button_h = self.px(50)
        bottom = self.panel_rect.bottom - self.px(20)
        self.message_rect = pygame.Rect(inner.x, bottom - button_h - self.px(52), inner.width, self.px(44))
        self.list_rect = pygame.Rect(inner.x, chips.bottom + self.px(18), inner.width, 0)
        self.list_rect.height = self.message_rect.y - self.px(8) - self.list_rect.y
        engines = self.section.engines
        gap = self.px(6)
        row_h = min(self.px(64), (self.list_rect.height - gap * (MAX_ENGINES - 1)) // MAX_ENGINES)
        self.rows = []
        small_w = min(self.px(120), inner.width // 5)
        small_h = min(self.px(38), row_h - self.px(8))
        for index, entry in enumerate(engines):
            rect = pygame.Rect(inner.x, self.list_rect.y + index * (row_h + gap), inner.width, row_h)
            self.rows.append((rect, entry, index))
            remove = self.widgets[f"remove_{index}"]
            test = self.widgets[f"test_{index}"]
            remove.rect = pygame.Rect(0, 0, small_w, small_h)
            remove.rect.midright = (rect.right - self.px(10), rect.centery)
            test.rect = pygame.Rect(0, 0, small_w, small_h)
            test.rect.midright = (remove.rect.x - self.px(8), rect.centery)
        if self.rows:  # what was done, right under the list
            self.message_rect.y = min(self.message_rect.y, self.rows[-1][0].bottom + self.px(10))
        back, add = self.widgets["back"], self.widgets["add"]
        for button in (back, add):
            button.rect = pygame.Rect(0, 0, self.px(240), button_h)
        back.rect.bottomright = (self.panel_rect.centerx - self.px(8), bottom)
        add.rect.bottomleft = (self.panel_rect.centerx + self.px(8), bottom)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle_event(event):
            return True
        return self.time_choice.handle_event(event)

    # -- drawing --

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        draw_page(self, surface, self.panel_rect, tr("ENGINES"))
        protocol = (self.definition.extras.engine_protocol or "").upper()
        draw_text(
            surface,
            ui,
            tr(
                "Other programs that play {title} ({protocol} engines) can be your opponent. Each is added by"
                " the command line that starts it, and checked first.",
                title=tr(self.definition.name),
                protocol=protocol,
            ),
            "body",
            self.px(16),
            theme.TEXT_DIM,
            self.intro_rect,
            valign="middle",
            min_size=self.px(16) * 0.8,
        )
        draw_text(
            surface,
            ui,
            tr("Time per move").upper(),
            "title",
            self.px(13),
            theme.ACCENT,
            self.time_label,
            max_lines=1,
        )
        self.time_choice.draw(surface, ui)
        for rect, entry, index in self.rows:
            self._draw_row(surface, rect, entry, self.widgets[f"test_{index}"].rect.x)
        if not self.rows:
            draw_text(
                surface,
                ui,
                tr("No engine yet: Add engine… asks for the command line of one."),
                "body",
                self.px(17),
                theme.TEXT_FAINT,
                self.list_rect,
                align="center",
                valign="middle",
            )
        self._draw_message(surface)
        self.widgets.draw(surface, ui)

    def _draw_row(
        self, surface: pygame.Surface, rect: pygame.Rect, entry: EngineEntry, buttons_x: int
    ) -> None:
        """An engine: its name over its command line, left of its buttons (which start at ``buttons_x``)."""
        ui = self.app.theme
        gfx.panel(surface, rect, edge=(50, 60, 110), alpha=200, radius=self.px(10), fill=theme.PANEL)
        text = pygame.Rect(
            rect.x + self.px(12), rect.y + self.px(4), buttons_x - self.px(12) - rect.x - self.px(12), 0
        )
        text.height = rect.height - self.px(8)
        name_h = text.height * 11 // 20
        name_box = pygame.Rect(text.x, text.y, text.width, name_h)
        size = max(12, min(self.px(19), int(name_h * 0.8)))
        draw_text(
            surface,
            ui,
            entry.name,
            "title",
            size,
            theme.TEXT,
            name_box,
            bold=True,
            max_lines=1,
            valign="middle",
            cut_ok=True,
        )
        command_box = pygame.Rect(text.x, name_box.bottom, text.width, text.bottom - name_box.bottom)
        draw_text(
            surface,
            ui,
            entry.command,
            "body",
            max(11, min(self.px(14), int(command_box.height * 0.75))),
            theme.TEXT_FAINT,
            command_box,
            max_lines=1,
            valign="middle",
            cut_ok=True,
        )

    def _draw_message(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        rect = self.message_rect
        if self.testing is not None:
            radius = self.px(9)
            _spinner(surface, (rect.x + radius + self.px(4), rect.centery), radius, self.time)
            box = pygame.Rect(rect.x + self.px(32), rect.y, rect.width - self.px(32), rect.height)
            text = tr("Testing {name}…", name=self.testing[1].name)
            draw_text(
                surface,
                ui,
                text,
                "body",
                self.px(16),
                theme.GOLD,
                box,
                valign="middle",
                max_lines=2,
                cut_ok=True,
            )
        elif self.message is not None:
            draw_text(
                surface,
                ui,
                self.message[0],
                "body",
                self.px(16),
                self.message[1],
                rect,
                valign="middle",
                max_lines=2,
                min_size=self.px(16) * 0.8,
                cut_ok=True,
            )
        elif len(self.section.engines) >= MAX_ENGINES:
            draw_text(
                surface,
                ui,
                tr("At most {count} engines: remove one to add another.", count=MAX_ENGINES),
                "body",
                self.px(16),
                theme.TEXT_DIM,
                rect,
                valign="middle",
                max_lines=2,
            )


class AddEngineScene(FieldDialog):
    """A field for an engine's command line; Add checks the engine (in the background) and keeps it."""

    app: EnginesServices

    name = "addengine"

    def __init__(
        self, app: EnginesServices, on_added: Callable[[EngineEntry, EngineIdentity], None] | None = None
    ) -> None:
        self.definition = app.game
        field = TextInput(
            "",
            max_length=MAX_COMMAND_LENGTH,
            placeholder=tr("for example: /opt/engines/my-engine --threads 1"),
        )
        super().__init__(
            app,
            tr("Add an engine"),
            tr("The command line that starts it, as you would type it in a terminal:"),
            ("add", "Add"),
            field,
            accent=theme.GOLD,
            width=680,
        )
        self.on_added = on_added
        self.probe: EngineProbe | None = None

    def exit(self) -> None:
        super().exit()
        if self.probe is not None:
            self.probe.cancel(0.0)  # the probe quits the engine in its own thread
            self.probe = None

    def content_height(self, width: int) -> int:
        return self.px(110)

    @property
    def checking(self) -> bool:
        """Whether the engine is being checked now."""
        return self.probe is not None

    def submit(self) -> None:
        """Check the command line, then the engine (in the background); ``update`` adds it once it passed."""
        if self.probe is not None:
            return
        text = self.field.text.strip()
        section = self.app.settings.for_game(self.definition.key)
        problem = ""
        if not text:
            problem = tr("Type the command line that starts the engine")
        elif any(entry.command == text for entry in section.engines):
            problem = tr("This engine is already in the list")
        else:
            try:
                parse_command(text)
            except EngineCommandError as error:
                quote = "quotation" in str(error)
                problem = (
                    tr("A quotation mark is not closed")
                    if quote
                    else engine_problem("command", {"reason": str(error)})
                )
        if problem:
            self.error = problem
            self.app.audio.play("invalid")
            return
        self.error = ""
        self.probe = self.app.worker.probe(text, rules=self.definition.load_rules())
        self.widgets["add"].enabled = False

    @property
    def typing(self) -> bool:
        return not self.checking  # only Cancel (and Esc) while the engine is checked

    def edited(self, before: str) -> None:
        if self.field.text != before:
            self.error = ""  # a new command line: the old problem is gone

    def update(self, dt: float) -> None:
        super().update(dt)
        probe = self.probe
        if probe is None or not probe.done:
            return
        self.probe = None
        self.widgets["add"].enabled = True
        result: Any = probe.result
        if isinstance(result, EngineIdentity):
            section = self.app.settings.for_game(self.definition.key)
            try:
                entry = section.add_engine(result.name, probe.command)
            except ValueError:  # the list filled up meanwhile
                self.error = tr("At most {count} engines: remove one to add another.", count=MAX_ENGINES)
                return
            self.app.save_settings()
            self.app.audio.play("select")
            self.close()
            if self.on_added is not None:
                self.on_added(entry, result)
        else:
            self.error = tr(
                "Not added: {reason}", reason=probe_failure(result) if result is not None else "?"
            )
            self.app.audio.play("invalid")

    def draw_content(self, surface: pygame.Surface) -> None:
        super().draw_content(surface)
        ui = self.app.theme
        below = self.below_field(self.px(8))
        if self.checking:
            radius = self.px(9)
            _spinner(
                surface, (below.x + radius + self.px(4), below.y + radius + self.px(4)), radius, self.time
            )
            box = below.inflate(-self.px(32), 0).move(self.px(16), 0)
            draw_text(
                surface, ui, tr("Checking the engine…"), "body", self.px(16), theme.GOLD, box, max_lines=2
            )
        elif self.error:
            draw_text(
                surface,
                ui,
                self.error,
                "body",
                self.px(15),
                theme.DANGER,
                below,
                bold=True,
                align="center",
                min_size=self.px(15) * 0.8,
                container=self.panel_rect,
                cut_ok=True,
            )
