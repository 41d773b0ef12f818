"""Overlays: a dimmed screen with a centred panel, a title, some text and buttons.

The pause menu, the error message and the results build on ``Dialog``; Save
as and Add an engine on ``FieldDialog``, a dialog around one text field. A
dialog is transparent (the scene beneath stays visible, dimmed) and modal
(it consumes every input event). Buttons are given as ``(id, label,
action)``: an action of ``None`` closes the dialog. Esc presses the
``escape`` button (the last one unless said otherwise); Enter shows the focus
on the ``default`` button (the first one unless said otherwise), and presses
the focused one. A question whose first button destroys something (Restart,
Delete, Reset, Replace) names its safe button as the ``default``, so Enter
never destroys by surprise; such a question holds the focus on its safe
button from the start, so however it was opened (the mouse too) the first
Enter answers it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.scenes.base import PLAYER_INPUT, Scene
from game.ui import gfx, theme
from game.ui.anim import ease_out_back, ease_out_cubic
from game.ui.textbox import layout_text
from game.ui.textinput import TextInput
from game.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from game.scenes.services import SceneServices

__all__ = ["Dialog", "FieldDialog"]


class Dialog(Scene):
    """A modal overlay with a title, text lines and a column of buttons."""

    name = "dialog"
    transparent = True

    def __init__(
        self,
        app: SceneServices,
        title: str,
        lines: Sequence[str] = (),
        buttons: Sequence[tuple[str, str, Callable[[], None] | None]] = (),
        *,
        accent: theme.Colour = theme.ACCENT,
        width: float = 460,
        escape: str | None = None,
        default: str | None = None,
    ) -> None:
        super().__init__(app)
        self.title = title
        self.lines = list(lines)
        self.accent = accent
        self.design_width = width
        self.widgets = WidgetGroup(
            [
                Button(
                    button_id,
                    label,
                    self._wrap(action),
                    primary=button_id == default if default is not None else index == 0,
                )
                for index, (button_id, label, action) in enumerate(buttons)
            ]
        )
        if default is not None:
            # A question with a safe answer: Enter takes it at once, opened by the mouse or the keyboard.
            self.widgets.set_focus(self.widgets.ids().index(default))
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self._title_block = layout_text(app.theme, "", "title", 30, 1)
        self._text_block = self._title_block
        self._header = 0
        """Pixels from the panel's top to the end of the text (``content_top``)."""
        self.escape = escape if escape is not None else (buttons[-1][0] if buttons else None)
        """The id of the button Esc presses (``None``: Esc does nothing)."""

    def _wrap(self, action: Callable[[], None] | None) -> Callable[[], None]:
        def run() -> None:
            self.app.audio.play("click")
            if action is None:
                self.close()
            else:
                action()

        return run

    def close(self) -> None:
        """Close the dialog (if it is still on top)."""
        if self.app.top is self:
            self.app.stack.pop()

    def content_height(self, width: int) -> int:
        """Extra height a subclass draws between the text and the buttons."""
        return 0

    def layout(self, size: tuple[int, int]) -> None:
        width = min(size[0] - self.px(40), self.px(self.design_width))
        ui = self.app.theme
        inner = width - self.px(60)
        # In capitals, as every title of the game: Orbitron's small letters read as another face.
        title = self.title.upper()
        self._title_block = layout_text(ui, title, "title", self.title_px(30), inner, bold=True, max_lines=2)
        button_height = self.px(46)
        gap = self.px(12)
        visible = [b for b in self.widgets.buttons if b.visible]
        buttons = len(visible) * (button_height + gap) + self.px(24)
        # The text gets what the window leaves once the title, the content and the buttons are in.
        room = (
            size[1]
            - self.px(20)
            - self._title_block.height
            - self.px(42)
            - self.content_height(width)
            - buttons
        )
        self._text_block = layout_text(ui, "\n".join(self.lines), "body", self.px(19), inner, max(1, room))
        self._header = (
            self.px(20) + self._title_block.height + self.px(14) + self._text_block.height + self.px(8)
        )
        height = min(self._header + self.content_height(width) + buttons, size[1] - self.px(20))
        self.panel_rect = pygame.Rect(0, 0, width, height)
        self.panel_rect.center = (size[0] // 2, size[1] // 2)
        y = self.panel_rect.bottom - self.px(24) - len(visible) * (button_height + gap) + gap
        for button in visible:
            button.rect = pygame.Rect(0, 0, min(width - self.px(80), self.px(300)), button_height)
            button.rect.midtop = (self.panel_rect.centerx, y)
            y += button_height + gap

    def content_top(self) -> int:
        """Where a subclass's extra content starts."""
        return self.panel_rect.y + self._header

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.escape is not None:
            button = self.widgets[self.escape]
            if button.active:
                button.action()
            return True
        # Modal: nothing reaches the scenes beneath.
        return event.type in PLAYER_INPUT

    def update(self, dt: float) -> None:
        super().update(dt)
        self.widgets.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        appear = ease_out_cubic(self.time / 0.25)
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((4, 6, 18, int(170 * appear)))
        surface.blit(veil, (0, 0))
        scale = 0.85 + 0.15 * ease_out_back(min(1.0, self.time / 0.3))
        rect = self.panel_rect
        if scale < 0.999:
            rect = rect.inflate(-rect.width * (1 - scale), -rect.height * (1 - scale))
        gfx.panel(surface, rect, edge=self.accent, alpha=240, radius=self.px(18), width=2)
        if scale < 0.999:
            return
        self.draw_content(surface)
        self.widgets.draw(surface, self.app.theme)

    def draw_content(self, surface: pygame.Surface) -> None:
        """The title and the text; subclasses add their own below ``content_top``."""
        ui = self.app.theme
        rect = self.panel_rect
        inner = rect.inflate(-self.px(60), 0)
        title_box = pygame.Rect(inner.x, rect.y + self.px(20), inner.width, self._title_block.height)
        self._title_block.draw(
            surface, ui, theme.TEXT, title_box, align="center", glow=self.accent, container=rect
        )
        text_box = pygame.Rect(inner.x, title_box.bottom + self.px(14), inner.width, self._text_block.height)
        self._text_block.draw(surface, ui, theme.TEXT_DIM, text_box, align="center", container=rect)


class FieldDialog(Dialog):
    """A dialog around one text field under its prompt, which keeps the typing, and what was wrong with the text
    typed (``error``) under it; its first button (``submit``: id and label) and Enter in the field call
    ``submit``, the other button cancels."""

    field_margin = 60
    """Design pixels of the panel's width left beside the field."""

    def __init__(
        self,
        app: SceneServices,
        title: str,
        prompt: str,
        submit: tuple[str, str],
        field: TextInput,
        *,
        accent: theme.Colour,
        width: float,
    ) -> None:
        submit_id, label = submit
        super().__init__(
            app,
            title,
            [prompt],
            [(submit_id, label, self.submit), ("cancel", "Cancel", None)],
            accent=accent,
            width=width,
        )
        self.field = field
        field.on_submit = lambda _text: self.submit()
        self.error = ""

    def submit(self) -> None:
        """Do what the dialog is for with the text typed (or say in ``error`` what is wrong with it)."""
        raise NotImplementedError

    def enter(self) -> None:
        self.field.start()

    def exit(self) -> None:
        self.field.stop()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        top = self.content_top()
        self.field.rect = pygame.Rect(0, top, self.panel_rect.width - self.px(self.field_margin), self.px(46))
        self.field.rect.centerx = self.panel_rect.centerx

    @property
    def typing(self) -> bool:
        """Whether the field takes what is typed now (a subclass busy with the text refuses it)."""
        return True

    def edited(self, before: str) -> None:
        """The field took an event (its text was ``before``): what was wrong is no longer said."""
        self.error = ""

    def below_field(self, gap: int) -> pygame.Rect:
        """The room under the field, ``gap`` pixels below it, to the end of the content."""
        field = self.field.rect
        below = pygame.Rect(field.x, field.bottom + gap, field.width, 0)
        below.height = self.content_top() + self.content_height(self.panel_rect.width) - below.y
        return below

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.typing:
            return super().handle_event(event)
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if enter and self.widgets.focus is not None:
            return super().handle_event(event)  # the arrows chose a button: Enter presses it
        # The only field keeps the focus: a click on a button must not stop the typing.
        clicked_elsewhere = event.type == pygame.MOUSEBUTTONDOWN and not self.field.rect.collidepoint(
            event.pos
        )
        before = self.field.text
        if not clicked_elsewhere and self.field.handle_event(event):
            self.edited(before)
            self.widgets.set_focus(None)  # typing again: Enter submits the text
            return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.field.update(dt)

    def draw_content(self, surface: pygame.Surface) -> None:
        super().draw_content(surface)
        self.field.draw(surface, self.app.theme)
