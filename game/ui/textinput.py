"""A one-line text field: typed text (TEXTINPUT events), a caret, a selection, the usual editing keys.

Characters arrive as ``pygame.TEXTINPUT`` events, so accents and dead keys
work as the keyboard layout makes them; typing replaces the selection. The
keys are those of any text field: Backspace and Delete (with Ctrl, a word),
Left and Right (with Ctrl, by words), Home and End (with Shift, each of these
extends the selection), Ctrl+A selects everything, Ctrl+C, Ctrl+X and Ctrl+V
copy, cut and paste through the system clipboard when there is one. The mouse
places the caret, drags a selection, and a double click selects a word. Enter
calls ``on_submit``. The field keeps at most ``max_length`` characters and
scrolls to keep the caret in view.

Time is the field's own: ``update(dt)`` advances it (the caret's blink, and
what counts as a double click), so tests need no clock.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import logging
from collections.abc import Callable

import pygame

from game.ui import theme
from game.ui.theme import Theme

__all__ = ["DOUBLE_CLICK", "TextInput"]

log = logging.getLogger(__name__)

DOUBLE_CLICK = 0.4
"""Seconds within which a second click on the same spot is a double click."""

_SHORTCUT_MODS = pygame.KMOD_CTRL | pygame.KMOD_GUI
"""Ctrl on most systems, Command on a Mac."""


def _kind(char: str) -> int:
    """What a character is for word moves: 0 a space, 1 a word character, 2 punctuation."""
    if char.isspace():
        return 0
    return 1 if char.isalnum() or char == "_" else 2


def _clipboard_text() -> str:
    """The clipboard's text, or "" when there is no clipboard (never an error)."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError, OSError) as error:
        log.info("no clipboard to paste from: %s", error)
        return ""
    return text if isinstance(text, str) else ""


def _to_clipboard(text: str) -> None:
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError, OSError) as error:
        log.info("no clipboard to copy to: %s", error)


@dataclasses.dataclass(eq=False)
class TextInput:
    """An editable line of text with a caret and a selection."""

    text: str = ""
    on_submit: Callable[[str], None] | None = None
    on_change: Callable[[str], None] | None = None
    max_length: int = 60
    placeholder: str = ""
    """Shown dimmed while the field is empty (already translated)."""
    rect: pygame.Rect = dataclasses.field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    caret: int = -1
    focused: bool = True
    blink: float = 0.0
    anchor: int | None = None
    """The fixed end of the selection (the caret is the other end); None: nothing selected."""
    clock: float = 0.0
    """Seconds of ``update``: when the last click was, for double clicks."""
    _last_click: tuple[float, int] | None = dataclasses.field(default=None, repr=False)
    _dragging: bool = dataclasses.field(default=False, repr=False)
    _measure: Callable[[str], int] | None = dataclasses.field(default=None, repr=False)
    """The width of a text as the last drawing drew it, to find the character under the mouse."""
    _text_x: int = dataclasses.field(default=0, repr=False)
    """Where the text started on screen at the last drawing (it scrolls)."""

    def __post_init__(self) -> None:
        self.text = self.text[: self.max_length]
        if self.caret < 0:
            self.caret = len(self.text)

    def start(self) -> None:
        """Ask the system for text input (an on-screen keyboard where there is one)."""
        with contextlib.suppress(pygame.error):
            pygame.key.start_text_input()

    def stop(self) -> None:
        """Stop asking for text input."""
        with contextlib.suppress(pygame.error):
            pygame.key.stop_text_input()

    # -- the selection --

    @property
    def selection(self) -> tuple[int, int] | None:
        """The selected characters as ``(start, end)``, or None when nothing is selected."""
        if self.anchor is None or self.anchor == self.caret:
            return None
        return min(self.anchor, self.caret), max(self.anchor, self.caret)

    @property
    def selected_text(self) -> str:
        """The text selected ("" for none)."""
        chosen = self.selection
        return self.text[chosen[0] : chosen[1]] if chosen else ""

    def select(self, start: int, end: int) -> None:
        """Select from ``start`` to ``end`` (the caret goes to ``end``)."""
        self.anchor = max(0, min(len(self.text), start))
        self.caret = max(0, min(len(self.text), end))
        self.blink = 0.0

    def select_all(self) -> None:
        """Select the whole text, so that typing replaces it."""
        self.select(0, len(self.text))

    def select_word(self, index: int) -> None:
        """Select the word (or the run of spaces or punctuation) at character ``index``."""
        if not self.text:
            return
        index = max(0, min(len(self.text) - 1, index))
        kind = _kind(self.text[index])
        start = index
        while start > 0 and _kind(self.text[start - 1]) == kind:
            start -= 1
        end = index + 1
        while end < len(self.text) and _kind(self.text[end]) == kind:
            end += 1
        self.select(start, end)

    def _move(self, caret: int, extend: bool) -> None:
        """Put the caret at ``caret``; ``extend`` keeps the other end of the selection where it is."""
        if extend:
            if self.anchor is None:
                self.anchor = self.caret
        else:
            self.anchor = None
        self.caret = max(0, min(len(self.text), caret))
        self.blink = 0.0

    def _word_left(self, index: int) -> int:
        while index > 0 and self.text[index - 1].isspace():
            index -= 1
        if index > 0:
            kind = _kind(self.text[index - 1])
            while index > 0 and _kind(self.text[index - 1]) == kind:
                index -= 1
        return index

    def _word_right(self, index: int) -> int:
        length = len(self.text)
        if index < length and not self.text[index].isspace():
            kind = _kind(self.text[index])
            while index < length and _kind(self.text[index]) == kind:
                index += 1
        while index < length and self.text[index].isspace():
            index += 1
        return index

    # -- changing the text --

    def _replace(self, start: int, end: int, inserted: str) -> None:
        text = self.text[:start] + inserted + self.text[end:]
        changed = text != self.text
        self.text = text
        self.caret = start + len(inserted)
        self.anchor = None
        self.blink = 0.0
        if changed and self.on_change is not None:
            self.on_change(text)

    def insert(self, typed: str) -> None:
        """Type ``typed`` at the caret, in place of the selection (control characters dropped)."""
        typed = "".join(char for char in typed if char.isprintable())
        start, end = self.selection or (self.caret, self.caret)
        room = self.max_length - (len(self.text) - (end - start))
        typed = typed[: max(0, room)]
        if typed or start != end:
            self._replace(start, end, typed)

    def _erase(self, start: int, end: int) -> None:
        if start != end:
            self._replace(start, end, "")
        else:
            self.anchor = None

    def copy(self) -> None:
        """Put the selection on the clipboard."""
        if self.selected_text:
            _to_clipboard(self.selected_text)

    def cut(self) -> None:
        """Put the selection on the clipboard and remove it."""
        chosen = self.selection
        if chosen is not None:
            _to_clipboard(self.selected_text)
            self._erase(*chosen)

    def paste(self) -> None:
        """Type the clipboard's text (its first line) at the caret."""
        text = _clipboard_text().replace("\r", "\n").split("\n", 1)[0].replace("\t", " ")
        if text:
            self.insert(text)

    # -- events --

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Edit the text; True when the event was for the field."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            return self._handle_mouse(event)
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        return self._handle_key(event)

    def _handle_mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button != 1:
                return False
            self.focused = self.rect.collidepoint(event.pos)
            if not self.focused:
                return False
            index = self.index_at(event.pos[0])
            last = self._last_click
            if last is not None and self.clock - last[0] <= DOUBLE_CLICK and abs(last[1] - index) <= 1:
                self._last_click = None  # a third click starts again
                self.select_word(min(index, last[1]))
                return True
            self._last_click = (self.clock, index)
            self._move(index, False)
            self._dragging = True
            return True
        if not self._dragging:
            return False
        if event.type == pygame.MOUSEMOTION:
            if self.anchor is None:
                self.anchor = self.caret
            self.caret = self.index_at(event.pos[0])
            return True
        if event.button == 1:  # MOUSEBUTTONUP
            self._dragging = False
            return True
        return False

    def _handle_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        shortcut = bool(event.mod & _SHORTCUT_MODS)
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        chosen = self.selection
        shortcuts = {
            pygame.K_a: self.select_all,
            pygame.K_c: self.copy,
            pygame.K_x: self.cut,
            pygame.K_v: self.paste,
        }
        if shortcut and key in shortcuts:
            shortcuts[key]()
            return True
        if key == pygame.K_BACKSPACE:
            if chosen is not None:
                self._erase(*chosen)
            elif shortcut:
                self._erase(self._word_left(self.caret), self.caret)
            else:
                self._erase(max(0, self.caret - 1), self.caret)
            return True
        if key == pygame.K_DELETE:
            if chosen is not None:
                self._erase(*chosen)
            elif shortcut:
                self._erase(self.caret, self._word_right(self.caret))
            else:
                self._erase(self.caret, min(len(self.text), self.caret + 1))
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            left = key == pygame.K_LEFT
            if shortcut:
                target = self._word_left(self.caret) if left else self._word_right(self.caret)
            elif chosen is not None and not shift:
                target = chosen[0] if left else chosen[1]  # the selection collapses to its side
            else:
                target = self.caret - 1 if left else self.caret + 1
            self._move(target, shift)
            return True
        if key in (pygame.K_HOME, pygame.K_END):
            self._move(0 if key == pygame.K_HOME else len(self.text), shift)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.on_submit is not None:
                self.on_submit(self.text)
            return True
        # Printable keys come as TEXTINPUT; swallow their KEYDOWN so shortcuts don't fire while typing.
        return bool(getattr(event, "unicode", "")) and event.unicode.isprintable()

    def x_of(self, index: int) -> int:
        """The screen column of the caret before character ``index``, as last drawn (tests click there)."""
        if self._measure is None:
            return self.rect.x
        return self._text_x + self._measure(self.text[:index])

    def index_at(self, x: int) -> int:
        """The caret position nearest to the screen column ``x`` (the end before the field was drawn)."""
        measure = self._measure
        if measure is None:
            return len(self.text)
        offset = x - self._text_x
        previous = 0
        for index in range(1, len(self.text) + 1):
            width = measure(self.text[:index])
            if width >= offset:
                return index if width - offset < offset - previous else index - 1
            previous = width
        return len(self.text)

    def update(self, dt: float) -> None:
        """Advance the caret's blink and the field's clock."""
        self.blink += dt
        self.clock += dt

    # -- drawing --

    def draw(self, surface: pygame.Surface, ui: Theme) -> None:
        """The box, the selection's highlight, the text (scrolled to the caret), the caret."""
        rect = self.rect
        if rect.width <= 0:
            return
        radius = max(6, rect.height // 4)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (10, 13, 32, 245), layer.get_rect(), border_radius=radius)
        edge = theme.ACCENT if self.focused else theme.PANEL_EDGE
        pygame.draw.rect(layer, (*edge, 255), layer.get_rect(), 2, border_radius=radius)
        surface.blit(layer, rect.topleft)
        size = max(12, int(rect.height * 0.46))
        pad = max(8, rect.height // 4)
        inner = rect.width - pad * 2
        measure = functools.partial(ui.measure, role="body", size=size)  # as ui.text draws the words
        caret_x = measure(self.text[: self.caret])
        shift = max(0, caret_x - inner + 4)
        self._measure = measure
        self._text_x = rect.x + pad - shift
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-pad, -4).clip(clip) if clip else rect.inflate(-pad, -4))
        half = int(size * 0.62)
        chosen = self.selection
        if chosen is not None:
            left = self._text_x + measure(self.text[: chosen[0]])
            right = self._text_x + measure(self.text[: chosen[1]])
            band = pygame.Surface((max(1, right - left), half * 2), pygame.SRCALPHA)
            # Lit while the field has the focus, faint when it waits behind another one.
            band.fill((*theme.ACCENT, 110 if self.focused else 45))
            surface.blit(band, (left, rect.centery - half))
        if self.text:
            rendered = ui.text(self.text, "body", size, theme.TEXT)
            surface.blit(rendered, rendered.get_rect(midleft=(self._text_x, rect.centery)))
        elif self.placeholder:
            rendered = ui.text(self.placeholder, "body", size, theme.TEXT_FAINT)
            surface.blit(rendered, rendered.get_rect(midleft=(rect.x + pad, rect.centery)))
        if self.focused and (self.blink % 1.0) < 0.6:
            x = self._text_x + caret_x
            pygame.draw.line(surface, theme.ACCENT, (x, rect.centery - half), (x, rect.centery + half), 2)
        surface.set_clip(clip)
