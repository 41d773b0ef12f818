"""A level editor's overlays, for any game's editor: the checks' findings, "Save as level…" and the level pickers.

A game's editor gives what is its own: how a finding reads (``describe``), how
its places are marked on the board (``ProblemMarks``) and the thumbnail of a
level (``Thumbnail``); the dialogs keep the look, the keys and the file
handling the same in every game.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.engine.levels import MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH, LevelError, LevelInfo
from game.engine.rules import LevelProblem, Severity
from game.i18n import tr
from game.scenes.base import PLAYER_INPUT
from game.scenes.card_grid import CardGridScene
from game.scenes.dialog import Dialog
from game.scenes.level_cards import Thumbnail, card_grid, card_name_fit, draw_damaged_card, draw_level_card
from game.ui import gfx, theme
from game.ui.anim import ease_out_cubic
from game.ui.scrollbar import ScrollBar
from game.ui.textbox import TextBlock, draw_text, layout_text
from game.ui.textinput import TextInput
from game.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from game.scenes.services import SceneServices

__all__ = [
    "HasRect",
    "LevelPickerScene",
    "ProblemMarks",
    "SaveLevelDialog",
    "ValidationDialog",
]


class HasRect(Protocol):
    """What the findings' box is placed over: the editor's tools panel."""

    @property
    def rect(self) -> pygame.Rect: ...


class ProblemMarks(Protocol):
    """How a game's editor marks the places of a finding on its board."""

    def board_rect(self) -> pygame.Rect:
        """The board's area, left clear under the veil so the marks can be seen."""
        ...

    def mark(self, surface: pygame.Surface, places: Any, colour: theme.Colour, pulse: float) -> None:
        """Mark ``places`` (a finding's ``places``) in ``colour``, ``pulse`` going 0 to 1 and back."""
        ...


# -- validation --


class ValidationDialog(Dialog):
    """The findings of a level's checks, over the editor's ``tools``; the board stays visible.

    Refusals allow only going back to the editor; warnings offer to go on.
    The offending places pulse on the board (``marks``); pointing at one
    finding shows only its places. ``describe`` gives a finding's words.
    """

    def __init__(
        self,
        app: SceneServices,
        tools: HasRect,
        marks: ProblemMarks,
        problems: Sequence[LevelProblem],
        go_label: str,
        on_go: Callable[[], None],
        describe: Callable[[LevelProblem], str],
    ) -> None:
        self.tools = tools
        self.marks = marks
        self.describe = describe
        self.problems = list(problems)
        self.refused = any(p.severity is Severity.REFUSED for p in self.problems)
        if self.refused:
            title = tr("Not playable")
            # Only a finding with squares marks the board: without one, pointing at the board misleads.
            marked = any(p.places for p in self.problems if p.severity is Severity.REFUSED)
            if marked:
                intro = tr("Fix what is marked on the board, then try again.")
            else:
                intro = tr("This position cannot be played:")
            buttons: list[tuple[str, str, Callable[[], None] | None]] = [("back", "Back to the editor", None)]
            accent = theme.DANGER
        else:
            title = tr("Are you sure?")
            intro = tr("This level is playable, but unusual:")
            buttons = [("go", go_label, self._go), ("back", "Keep editing", None)]
            accent = theme.GOLD
        self.on_go = on_go
        super().__init__(app, title, [intro], buttons, accent=accent, width=400, escape="back")
        self.focus_problem: int | None = None
        self.problem_rects: list[pygame.Rect] = []
        self._problem_lines: list[TextBlock] = []

    def _go(self) -> None:
        self.app.stack.pop()
        self.on_go()

    def highlighted(self) -> list[tuple[Any, theme.Colour]]:
        """The places to mark on the board and their colour, for the finding pointed at or all."""
        chosen = self.problems if self.focus_problem is None else [self.problems[self.focus_problem]]
        return [
            (p.places, theme.DANGER if p.severity is Severity.REFUSED else theme.GOLD)
            for p in chosen
            if p.places
        ]

    def _text_size(self) -> int:
        return self.px(16)

    def content_height(self, width: int) -> int:
        size = self._text_size()
        self._problem_lines = [
            layout_text(self.app.theme, self.describe(p), "body", size, width - self.px(76), spacing=0.05)
            for p in self.problems
        ]
        return (
            sum(block.height for block in self._problem_lines) + len(self.problems) * self.px(12) + self.px(8)
        )

    def layout(self, size: tuple[int, int]) -> None:
        # Over the tools, beside the board, so the marked squares can be seen.
        tools = self.tools.rect
        if tools.width > 0:
            self.design_width = tools.width / self.scale
        super().layout(size)
        if tools.width > 0:
            shift = tools.centerx - self.panel_rect.centerx
            self.panel_rect.move_ip(shift, 0)
            for button in self.widgets.buttons:
                button.rect.move_ip(shift, 0)
        y = self.content_top() + self.px(4)
        self.problem_rects = []
        for block in self._problem_lines:
            height = block.height + self.px(8)
            self.problem_rects.append(
                pygame.Rect(self.panel_rect.x + self.px(16), y, self.panel_rect.width - self.px(32), height)
            )
            y += height + self.px(4)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.focus_problem = next(
                (i for i, rect in enumerate(self.problem_rects) if rect.collidepoint(event.pos)), None
            )
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        appear = ease_out_cubic(self.time / 0.25)
        board = self.marks.board_rect()
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((4, 6, 18, int(170 * appear)))
        veil.fill((4, 6, 18, int(40 * appear)), board)  # the board stays clear
        surface.blit(veil, (0, 0))
        pulse = 0.5 + 0.5 * math.sin(self.time * 6)
        for places, colour in self.highlighted():
            self.marks.mark(surface, places, colour, pulse)
        gfx.panel(surface, self.panel_rect, edge=self.accent, alpha=245, radius=self.px(18), width=2)
        self.draw_content(surface)
        self.widgets.draw(surface, self.app.theme)

    def draw_content(self, surface: pygame.Surface) -> None:
        super().draw_content(surface)
        ui = self.app.theme
        size = self._text_size()
        for index, (rect, block, problem) in enumerate(
            zip(self.problem_rects, self._problem_lines, self.problems, strict=False)
        ):
            refused = problem.severity is Severity.REFUSED
            colour = theme.DANGER if refused else theme.GOLD
            if index == self.focus_problem:
                gfx.panel(
                    surface, rect, fill=(40, 36, 60), edge=colour, alpha=200, radius=self.px(8), width=1
                )
            centre = (rect.x + self.px(16), int(rect.y + self.px(4) + size * 0.65))
            radius = max(5, int(size * 0.5))
            pygame.draw.circle(surface, colour, centre, radius)
            mark = pygame.Rect(0, 0, radius * 2, rect.height)
            mark.midtop = (centre[0], rect.y)
            draw_text(
                surface,
                ui,
                "×" if refused else "!",
                "body",
                max(11, int(size * 0.95)),
                (20, 16, 30),
                pygame.Rect(mark.x, centre[1] - 1 - rect.height, mark.width, rect.height * 2),
                bold=True,
                align="center",
                valign="middle",
                max_lines=1,
                container=rect,
            )
            text = pygame.Rect(
                rect.x + self.px(34), rect.y + self.px(4), rect.right - self.px(34) - rect.x, block.height
            )
            block.draw(surface, ui, theme.TEXT if refused else theme.TEXT_DIM, text, container=rect)


# -- save as level --


class SaveLevelDialog(Dialog):
    """Name and description of the level to save; Save calls ``on_save(name, description)``."""

    def __init__(
        self, app: SceneServices, name: str, description: str, on_save: Callable[[str, str], None]
    ) -> None:
        super().__init__(
            app,
            tr("Save as level"),
            [tr("Your level goes to “My levels” in level select.")],
            [("save", "Save", self._save), ("cancel", "Cancel", None)],
            accent=theme.ACCENT,
            width=520,
        )
        self.on_save = on_save
        self.name_field = TextInput(  # not ``name``: that is the scene's name on the stack
            name, on_submit=lambda _: self._save(), max_length=MAX_NAME_LENGTH, placeholder=tr("Level name")
        )
        self.description = TextInput(
            description,
            on_submit=lambda _: self._save(),
            max_length=MAX_DESCRIPTION_LENGTH,
            placeholder=tr("A few words about it (optional)"),
            focused=False,
        )
        self.name_field.select_all()  # a name typed replaces the one offered
        self.error = ""
        self.labels: list[tuple[str, tuple[int, int]]] = []

    @property
    def fields(self) -> tuple[TextInput, TextInput]:
        return self.name_field, self.description

    def enter(self) -> None:
        self.name_field.start()

    def exit(self) -> None:
        self.name_field.stop()

    def _save(self) -> None:
        if not self.name_field.text.strip():
            self.error = tr("Give the level a name.")
            self.app.audio.play("invalid")
            return
        self.on_save(self.name_field.text.strip(), self.description.text.strip())

    def content_height(self, width: int) -> int:
        return self.px(2 * 76 + 34)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        x = self.panel_rect.x + self.px(30)
        width = self.panel_rect.width - self.px(60)
        y = self.content_top() + self.px(14)
        self.labels = []
        for label, field in ((tr("Name"), self.name_field), (tr("Description"), self.description)):
            self.labels.append((label, (x, y)))
            field.rect = pygame.Rect(x, y + self.px(22), width, self.px(44))
            y += self.px(76)
        self.error_pos = (self.panel_rect.centerx, y + self.px(8))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            first = not self.name_field.focused
            self.name_field.focused, self.description.focused = first, not first
            return True
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if clicked and any(field.rect.collidepoint(event.pos) for field in self.fields):
            for field in self.fields:
                field.handle_event(event)  # the one clicked takes the focus and places its caret
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if enter and self.widgets.focus is not None:
            return super().handle_event(event)  # the arrows chose a button: Enter presses it
        for field in self.fields:
            if (
                field.focused
                and event.type in (pygame.TEXTINPUT, pygame.KEYDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP)
                and field.handle_event(event)
            ):
                if event.type == pygame.TEXTINPUT:
                    self.error = ""
                self.widgets.set_focus(None)  # typing again: Enter saves
                return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        for field in self.fields:
            field.update(dt)

    def draw_content(self, surface: pygame.Surface) -> None:
        super().draw_content(surface)
        ui = self.app.theme
        width = self.panel_rect.width - self.px(60)
        for label, (x, y) in self.labels:
            box = pygame.Rect(x, y, width, self.px(22))
            draw_text(surface, ui, label.upper(), "title", self.px(13), theme.ACCENT, box, max_lines=1)
        for field in self.fields:
            field.draw(surface, ui)
        if self.error:
            box = pygame.Rect(0, self.error_pos[1], width, self.panel_rect.bottom - self.error_pos[1])
            box.centerx = self.error_pos[0]
            box.height = min(box.height, self.widgets.buttons[0].rect.y - box.y)
            draw_text(
                surface, ui, self.error, "body", self.px(16), theme.DANGER, box, bold=True, align="center"
            )


# -- level pickers --


class LevelPickerScene(CardGridScene):
    """A grid of level cards over the editor: click one to load it. Damaged files show their reason."""

    name = "levelpicker"
    transparent = True

    def __init__(
        self,
        app: SceneServices,
        title: str,
        entries: Sequence[LevelInfo | LevelError],
        on_pick: Callable[[LevelInfo], None],
        *,
        tag: Callable[[int, LevelInfo], str],
        thumbnail: Thumbnail,
        empty_text: str = "",
    ) -> None:
        super().__init__(app)
        self.thumbnail = thumbnail
        self.title = title
        self.entries = list(entries)
        self.on_pick = on_pick
        self.tag = tag
        self.empty_text = empty_text
        self.cards: list[pygame.Rect] = []
        self.hover: int | None = None
        self.scrollbar = ScrollBar()
        self.max_scroll = 0
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.view = pygame.Rect(0, 0, 0, 0)
        self.note: tuple[str, float] | None = None
        self.widgets = WidgetGroup([Button("cancel", "Cancel", self._cancel, key=pygame.K_ESCAPE)])

    def _cancel(self) -> None:
        self.app.audio.play("click")
        self.app.stack.pop()

    def pick(self, index: int) -> None:
        """Choose entry ``index``: a level is loaded (and the picker closes); a damaged file is refused."""
        entry = self.entries[index]
        if isinstance(entry, LevelError):
            self.app.audio.play("invalid")
            self.note = (tr("This file is damaged and cannot be opened."), 2.0)
            return
        self.app.audio.play("click")
        self.app.stack.pop()
        self.on_pick(entry)

    def card_rects(self) -> list[pygame.Rect]:
        return self.cards

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        margin = self.px(30)
        self.panel_rect = pygame.Rect(margin, margin, width - margin * 2, height - margin * 2)
        top = self.panel_rect.y + self.px(80)
        bottom = self.panel_rect.bottom - self.px(84)
        inner = self.panel_rect.inflate(-self.px(40), 0)
        gap = self.px(14)
        self.view = pygame.Rect(inner.x, top, inner.width, bottom - top)

        def fill(columns: int, card_w: int) -> int:
            # Every card in view when they fit; else the list scrolls.
            rows = max(1, math.ceil(len(self.entries) / columns))
            fit_h = (self.view.height - gap * (rows - 1)) // rows
            card_h = max(self.px(104), min(self.px(150), card_w // 2))
            return min(card_h, fit_h) if fit_h >= self.px(96) else self.px(104)

        tagged = [
            (entry, self.tag(index, entry))
            for index, entry in enumerate(self.entries)
            if isinstance(entry, LevelInfo)
        ]
        most = 3 if inner.width >= self.px(840) else 2
        columns, card_w, card_h = card_grid(
            self.app.theme,
            inner.width,
            tagged,
            columns=most,
            gap=gap,
            height=fill,
            scale=self.scale,
            custom=True,
        )
        rows = max(1, math.ceil(len(self.entries) / columns))
        self.cards = []
        for index in range(len(self.entries)):
            row, column = divmod(index, columns)
            self.cards.append(
                pygame.Rect(inner.x + column * (card_w + gap), top + row * (card_h + gap), card_w, card_h)
            )
        content = rows * (card_h + gap) - gap
        self.max_scroll = max(0, content - self.view.height)
        # The bar in the panel's right margin, beside the cards.
        track_w = max(4, self.px(8))
        margin_x = inner.x - self.panel_rect.x
        track = pygame.Rect(inner.right + (margin_x - track_w) // 2, top, track_w, self.view.height)
        self.scrollbar.layout(track, self.view.height, self.max_scroll)
        cancel = self.widgets.buttons[0]
        cancel.rect = pygame.Rect(0, 0, self.px(200), self.px(48))
        cancel.rect.midbottom = (self.panel_rect.centerx, self.panel_rect.bottom - self.px(20))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.cards_event(event):
            return True
        if event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_9:
            index = event.key - pygame.K_1
            if index < len(self.entries):
                self.pick(index)
        # Modal: nothing reaches the editor beneath.
        return event.type in PLAYER_INPUT

    def update(self, dt: float) -> None:
        super().update(dt)
        self.widgets.update(dt)
        if self.note is not None:
            self.note = (self.note[0], self.note[1] - dt) if self.note[1] > dt else None

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        appear = ease_out_cubic(self.time / 0.25)
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((4, 6, 18, int(190 * appear)))
        surface.blit(veil, (0, 0))
        gfx.panel(surface, self.panel_rect, edge=theme.ACCENT, alpha=245, radius=self.px(18), width=2)
        title_box = pygame.Rect(0, 0, self.panel_rect.width - self.px(48), self.px(56))
        title_box.center = (self.panel_rect.centerx, self.panel_rect.y + self.px(42))
        self.draw_title(surface, self.title, title_box, size=28)
        if not self.entries and self.empty_text:
            box = self.view.inflate(-self.px(80), 0)
            box.y += self.px(40)
            box.height -= self.px(40)
            draw_text(surface, ui, self.empty_text, "body", self.px(19), theme.TEXT_DIM, box, align="center")
        clip = surface.get_clip()
        surface.set_clip(self.view.inflate(self.px(16), self.px(8)))
        levels = [entry for entry in self.entries if isinstance(entry, LevelInfo)]
        name_fit = card_name_fit(ui, self.cards[0], levels, scale=self.scale) if self.cards else None
        for index, (rect, entry) in enumerate(zip(self.cards, self.entries, strict=False)):
            shown = rect.move(0, -self.scroll)
            if shown.bottom < self.view.top or shown.top > self.view.bottom:
                continue
            if isinstance(entry, LevelError):
                draw_damaged_card(surface, ui, shown, entry, hovered=index == self.hover, scale=self.scale)
            else:
                draw_level_card(
                    surface,
                    ui,
                    shown,
                    entry,
                    self.tag(index, entry),
                    self.thumbnail,
                    hovered=index == self.hover,
                    scale=self.scale,
                    name_fit=name_fit,
                )
        surface.set_clip(clip)
        self.scrollbar.draw(surface)
        cancel = self.widgets.buttons[0].rect
        if self.max_scroll:
            hint = pygame.Rect(cancel.right + self.px(16), cancel.y, 0, cancel.height)
            hint.width = self.panel_rect.right - self.px(24) - hint.x
            draw_text(
                surface,
                ui,
                tr("Scroll for more"),
                "body",
                self.px(14),
                theme.TEXT_FAINT,
                hint,
                align="right",
                valign="middle",
            )
        self.widgets.draw(surface, ui)
        if self.note is not None:
            block = layout_text(
                ui,
                self.note[0],
                "body",
                self.px(17),
                self.panel_rect.width - self.px(72),
                bold=True,
                max_lines=2,
            )
            box = pygame.Rect(0, 0, block.width, block.height)
            box.midbottom = (self.panel_rect.centerx, cancel.top - self.px(10))
            frame = box.inflate(self.px(24), self.px(12))
            gfx.panel(surface, frame, fill=(40, 20, 30), edge=theme.DANGER, alpha=235, radius=self.px(10))
            block.draw(surface, ui, theme.DANGER, box, align="center", container=frame)
