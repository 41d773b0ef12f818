"""Where an event on the match screen goes: a shortcut, the set-up's curtain, the panel's buttons, or the board.

The keyboard walks between the board and the panel: Tab from the board
focuses the panel's first usable button, Tab past its last one (or Esc)
gives the board its cursor back.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.scenes.match_curtain import SetupCurtain
from game.ui.widgets import WidgetGroup

__all__ = ["InputBoard", "InputHost", "InputPanel", "route_event"]


class InputBoard(Protocol):
    """The board as the input sees it (``BoardController`` has these)."""

    def handle_event(self, event: pygame.event.Event) -> bool: ...

    def show_cursor(self, shown: bool) -> None: ...


class InputPanel(Protocol):
    """A side panel: its buttons."""

    widgets: WidgetGroup


class InputHost(Protocol):
    """The match screen as its input sees it: where events go, and what the shortcuts do."""

    curtain: SetupCurtain

    @property
    def board(self) -> InputBoard: ...

    @property
    def panel(self) -> InputPanel: ...

    def skip(self) -> bool: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def save(self) -> None: ...

    def open_help(self) -> None: ...


def route_event(host: InputHost, event: pygame.event.Event) -> bool:
    """Offer ``event`` to the match screen's parts in turn; True when one of them took it."""
    if event.type == pygame.KEYDOWN and _shortcut(host, event):
        return True
    if host.curtain.seat() is not None and host.curtain.handle_event(event):
        return True
    widgets = host.panel.widgets
    if event.type == pygame.KEYDOWN and widgets.focus is not None and _panel_key(host, event):
        return True
    if event.type == pygame.MOUSEBUTTONDOWN and widgets.usable_at(event.pos) is not None:
        # A press on a button is the button's: the board would take it, while it shows a move or a roll,
        # as a click that only cuts the animation short, and the button's release would then do nothing.
        return widgets.handle_event(event)
    if widgets.focus is None and host.board.handle_event(event):
        return True
    if widgets.handle_event(event):
        return True
    if event.type == pygame.KEYDOWN:
        if event.key in (pygame.K_SPACE, pygame.K_RETURN) and host.skip():
            return True
        if event.key == pygame.K_TAB:
            return _focus_panel(host)
        if event.key == pygame.K_BACKSPACE:
            host.undo()
            return True
    return False


def _shortcut(host: InputHost, event: pygame.event.Event) -> bool:
    ctrl = bool(event.mod & pygame.KMOD_CTRL)
    if event.key == pygame.K_F1:
        host.open_help()
    elif ctrl and event.key == pygame.K_s:
        host.save()
    elif ctrl and event.key == pygame.K_z:
        host.undo()
    elif ctrl and event.key == pygame.K_y:
        host.redo()
    else:
        return False
    return True


def _focus_panel(host: InputHost) -> bool:
    widgets = host.panel.widgets
    usable = [index for index, button in enumerate(widgets.buttons) if button.active]
    if not usable:
        return False
    widgets.set_focus(usable[0])
    host.board.show_cursor(False)
    return True


def _panel_key(host: InputHost, event: pygame.event.Event) -> bool:
    """The panel has the focus: Tab walks its buttons and then comes back to the board; Esc comes back."""
    widgets = host.panel.widgets
    usable = [index for index, button in enumerate(widgets.buttons) if button.active]
    if event.key == pygame.K_TAB and (not usable or widgets.focus == usable[-1]):
        widgets.set_focus(None)
        host.board.show_cursor(True)
        return True
    if event.key == pygame.K_ESCAPE:
        widgets.set_focus(None)
        host.board.show_cursor(True)
        return True
    return False
