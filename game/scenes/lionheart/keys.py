"""The Lionheart board's input: the mouse's clicks on the field, the keyboard cursor, the turn keys.

A mixin of ``LionheartBoard``. The arrows move a cursor over the squares;
Enter does what a click there would; N, E, S, W (or Shift and an arrow) turn
the chosen unit; in level 2's set-up the keys 1 to 7 choose a kind and D ends
the set-up (the builder's own clicks are ``builder.BuilderClicks``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.engine.lionheart import KINDS, Action, Move, Unit
from game.i18n import tr
from game.scenes.lionheart.builder import PLACEABLE, BuilderHost
from game.scenes.lionheart.handles import SCREEN_STEPS

__all__ = ["ARROW_DIRECTIONS", "FLIP", "LETTER_FACINGS", "BoardKeys", "KeysHost"]
ARROW_DIRECTIONS = {pygame.K_UP: "N", pygame.K_RIGHT: "E", pygame.K_DOWN: "S", pygame.K_LEFT: "W"}
LETTER_FACINGS = {pygame.K_n: "N", pygame.K_e: "E", pygame.K_s: "S", pygame.K_w: "W", pygame.K_o: "W"}
"""N, E, S, W; and O, the French "ouest"."""
FLIP = {"N": "S", "S": "N", "E": "W", "W": "E"}


class KeysHost(BuilderHost, Protocol):
    """The board as its clicks and keys see them: the cursor, the shake, the handles, the log's wheel, the
    builder's clicks, and the keys' own steps."""

    cursor: str
    _cursor_shown: bool

    def handle_at(self, pos: tuple[int, int]) -> Move | None: ...

    def log_wheel(self, event: pygame.event.Event) -> bool: ...

    def _builder_click(self, pos: tuple[int, int]) -> bool: ...

    def _place(self, square: str) -> bool: ...

    def _key(self, event: pygame.event.Event) -> bool: ...

    def _turn_to(self, facing: str) -> bool: ...

    def _step(self, square: str, direction: str) -> str: ...

    def out_of_turn(self) -> bool: ...

    def press(self, square: str) -> bool: ...

    def move_cursor(self, step: Callable[[str], str]) -> bool: ...

    def press_cursor(self) -> bool: ...


class BoardKeys:
    """Clicks on the field and keys for ``LionheartBoard``: choosing a unit, acting, turning, refusing."""

    # What the clicks and keys set on the board, declared here as the board has them (``reset``).
    selected: str | None
    hover: str | None
    hover_pos: tuple[int, int] | None
    shake: tuple[str, float] | None

    def handle_event(self: KeysHost, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEMOTION:
            self.hover_pos = event.pos
            self.hover = self.view.square_at(event.pos)
            self._cursor_shown = False
            return False
        if event.type == pygame.MOUSEWHEEL:
            return self.log_wheel(event)
        if event.type == pygame.WINDOWLEAVE:  # no pointer over the board (out of the window, or covered)
            self.hover_pos = self.hover = None
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.scene.skip():
                return True
            if self.position.in_setup and self.human_turn() and self.builder.rect.collidepoint(event.pos):
                return self._builder_click(event.pos)
            turn = self.handle_at(event.pos)
            if turn is not None:
                self.scene.play(turn)
                return True
            square = self.view.square_at(event.pos)
            if square is None:
                if self.view.rect.collidepoint(event.pos) or self.view.tray.collidepoint(event.pos):
                    return True
                self.selected = None
                return False
            return self.press(square)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            had = self.selected is not None
            self.selected = None
            return had or self.view.rect.collidepoint(event.pos)
        return False

    def _key(self: KeysHost, event: pygame.event.Event) -> bool:
        battle = self.position
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if ctrl:
            return False
        if event.key in ARROW_DIRECTIONS:
            direction = ARROW_DIRECTIONS[event.key]
            if shift and self.selected is not None:
                facing = FLIP[direction] if self.view.flipped else direction
                return self._turn_to(facing)
            self.move_cursor(lambda square: self._step(square, direction))
            self.hover_pos = None
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self.press_cursor()
        if event.key == pygame.K_ESCAPE and self.selected is not None:
            self.selected = None
            return True
        if battle.in_setup and self.human_turn():
            if pygame.K_1 <= event.key <= pygame.K_7:
                kind = PLACEABLE[event.key - pygame.K_1]
                sizes = KINDS[kind].base_sizes
                if self.builder.kind == kind and len(sizes) > 1:
                    index = sizes.index(self.builder.figures) if self.builder.figures in sizes else -1
                    self.builder.choose(kind, sizes[(index + 1) % len(sizes)])
                else:
                    self.builder.choose(kind)
                self.builder.fit(battle, battle.side)
                self.app.audio.play("select")
                return True
            if event.key == pygame.K_d:
                self._finish_setup()
                return True
        if event.key in LETTER_FACINGS and self.selected is not None and not battle.in_setup:
            return self._turn_to(LETTER_FACINGS[event.key])
        return False

    def _turn_to(self: KeysHost, facing: str) -> bool:
        assert self.selected is not None
        for move in self.unit_moves(self.selected):
            if move.action is Action.TURN and move.facing == facing:
                self.scene.play(move)
                return True
        unit = self.position.unit_at(self.selected)
        if unit is not None and unit.facing == facing:
            self.reject(self.selected, tr("It faces that way already"))
        else:
            self.reject(self.selected, tr("It cannot turn now"))
        return True

    def _step(self: KeysHost, square: str, direction: str) -> str:
        """The square next to ``square`` in a screen direction (the cursor stays on the field)."""
        rect = self.view.square_rect(square)
        dx, dy = SCREEN_STEPS[direction]
        pos = (rect.centerx + dx * self.view.square, rect.centery + dy * self.view.square)
        return self.view.square_at(pos) or square

    def press(self: KeysHost, square: str) -> bool:
        """A click (or Enter on the cursor) on ``square``."""
        scene = self.scene
        if scene.skip() or self.out_of_turn():
            return True
        battle = self.position
        if battle.in_setup:
            return self._place(square)
        unit = battle.unit_at(square)
        if self.selected is not None:
            for move in self.unit_moves(self.selected):
                if move.action in (Action.MOVE, Action.ATTACK) and move.target == square:
                    scene.play(move)
                    return True
            if square == self.selected:
                self.selected = None
                return True
            if unit is not None and unit.owner != battle.turn:
                chosen = battle.unit_at(self.selected)
                reason = battle.illegal_reason(Move(Action.ATTACK, self.selected, square)) if chosen else None
                self.reject(square, _reason_text(chosen, reason))
                return True
        if unit is None:
            self.selected = None
            return True
        if unit.owner != battle.turn:
            self.reject(square, tr("Choose one of your units first"))
            return True
        if not self.unit_moves(square):
            if unit.attacked:
                message = tr("That unit has attacked in this turn already")
            else:
                message = tr("Heavy infantry needs both actions of a turn to move or turn")
            self.reject(square, message)
            return True
        self.selected = square
        self.app.audio.play("select")
        return True


def _reason_text(unit: Unit | None, reason: str | None) -> str:
    """Why the chosen ``unit`` cannot attack a square (the battle's ``reason``), in a player's words."""
    if unit is None or reason is None:
        return tr("Out of reach")
    if "attacked in this turn" in reason:
        return tr("That unit has attacked in this turn already")
    if unit.kind == "A":
        return tr("Out of reach: archers shoot 1 to 3 squares ahead")
    if unit.kind == "H":
        return tr("Out of reach: heavy infantry strikes the eight squares around it")
    return tr("Out of reach: a unit attacks the square it faces")
