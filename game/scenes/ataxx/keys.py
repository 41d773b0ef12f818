"""Playing without a mouse: a board cursor for the arrow keys, and the keypad codes of seed 002.

``PlayKeys`` belongs to an ``AtaxxBoard`` and sees the board's events first.
Arrow keys move a cursor over the board and Enter (or Space) selects the piece
under it, then plays the square it is on (Tab, which hands the focus to the
panel's buttons and back, is the match screen's). Digits, from the numeric pad or the top row, feed ``KeypadEntry``: a cell
typed as ``ij`` (row from the top, column from the left) selects a piece, then
a move code (``1``-``9`` around 5, ``5x`` and ``5xy`` for jumps) plays it. An
impossible move cancels back to the position prompt, as the seed asks. While a
piece is selected by keypad the board shows the code of every reachable square.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.engine.ataxx import InvalidMoveError, Move, Side, bits
from game.engine.ataxx.keypad import CODE_GRID, cell_code, code_for_offset, move_for_code, parse_cell
from game.i18n import tr
from game.ui import gfx, theme
from game.ui.lang import seat_name
from game.ui.textbox import Run, RunLayout, draw_runs, draw_text, layout_runs, layout_text
from game.ui.theme import MIN_TEXT_SIZE

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.scenes.ataxx.host import AtaxxHost

__all__ = ["ALL_CODES", "KeypadEntry", "PlayKeys", "code_is_final", "digit_of"]

ALL_CODES: frozenset[str] = frozenset(code for row in CODE_GRID for code in row if code)

CHIP: theme.Colour = (10, 12, 30)
"""The dark fill behind a keypad code on the board, so the code reads over any square or piece."""


def _chip(surface: pygame.Surface, rect: pygame.Rect, fill: theme.Colour, edge: theme.Colour) -> None:
    """A pill behind a keypad code: ``fill``, nearly opaque, ringed in ``edge``."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*fill, 235), layer.get_rect(), border_radius=rect.height // 2)
    pygame.draw.rect(layer, (*edge, 255), layer.get_rect(), 2, border_radius=rect.height // 2)
    surface.blit(layer, rect.topleft)


_DIGIT_KEYS: dict[int, str] = {getattr(pygame, f"K_{n}"): str(n) for n in range(10)}
_DIGIT_KEYS.update(
    {getattr(pygame, f"K_KP_{n}", getattr(pygame, f"K_KP{n}", -1 - n)): str(n) for n in range(10)}
)
_ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
_ARROWS = {
    pygame.K_UP: (1, 0),
    pygame.K_DOWN: (-1, 0),
    pygame.K_LEFT: (0, -1),
    pygame.K_RIGHT: (0, 1),
}
MESSAGE_TIME = 3.0


def digit_of(event: pygame.event.Event) -> str | None:
    """The digit a key press types (numeric pad or top row), or None."""
    return _DIGIT_KEYS.get(event.key)


def code_is_final(code: str) -> bool:
    """Whether typing ``code`` leaves nothing to wait for: no longer code starts with it."""
    return not any(other != code and other.startswith(code) for other in ALL_CODES)


class KeypadEntry:
    """The seed's two-step keypad dialogue: a position, then a move; the typed digits and a message."""

    def __init__(self, board: AtaxxHost, put_cursor: Callable[[int], None]) -> None:
        self.board = board
        self._put_cursor = put_cursor
        """Moves the board's keyboard cursor to a square (a cell typed selects the piece there)."""
        self.digits = ""
        self.message: tuple[str, str] | None = None
        """(text already translated, kind: "error" or "info") shown under the prompt."""
        self.message_time = 0.0
        self.used = False
        """Whether keypad play was used in this game: the codes overlay shows from then on."""

    @property
    def stage(self) -> str:
        """``"cell"`` while a position is awaited, ``"move"`` once a piece is selected."""
        return "move" if self.board.selected is not None else "cell"

    def say(self, text: str, kind: str = "info") -> None:
        """Show ``text`` (already translated, without the side tag) under the prompt."""
        self.message = (text, kind)
        self.message_time = MESSAGE_TIME

    def clear(self) -> None:
        """Forget the digits typed so far."""
        self.digits = ""

    def type_digit(self, digit: str) -> None:
        """One more digit; the entry goes through by itself once nothing longer can follow."""
        self.used = True
        if not self.board.human_turn():
            self.board.reject(None, tr("Wait for your turn"))
            return
        self.digits += digit
        if self.stage == "cell":
            if len(self.digits) >= 2:
                self.enter()
        elif code_is_final(self.digits):
            self.enter()
        else:
            self.board.app.audio.play("click")

    def backspace(self) -> bool:
        """Remove the last digit; False when there was none."""
        if not self.digits:
            return False
        self.digits = self.digits[:-1]
        return True

    def enter(self) -> None:
        """Validate what was typed (Enter, or the last digit of a complete entry)."""
        typed, self.digits = self.digits, ""
        if not typed:
            return
        if self.stage == "cell":
            self._enter_cell(typed)
        else:
            self._enter_move(typed)

    def _enter_cell(self, typed: str) -> None:
        board = self.board
        position = board.position
        try:
            square = parse_cell(typed)
        except InvalidMoveError:
            board.reject(None)
            self.say(tr("Position entered is incorrect."), "error")
            return
        owner = position.side_at(square)
        if owner is not position.turn:
            board.reject(square)
            if owner is None:
                self.say(tr("Position entered is incorrect.") + " " + tr("No piece of yours there."), "error")
            else:
                self.say(tr("Position entered is incorrect.") + " " + tr("That is not your piece."), "error")
            return
        if not board.movable(square):
            board.reject(square)
            self.say(tr("Position entered is incorrect.") + " " + tr("That piece cannot move."), "error")
            return
        self.message = None
        board.select(square)
        self._put_cursor(square)

    def _enter_move(self, typed: str) -> None:
        board = self.board
        source = board.selected
        assert source is not None
        move: Move | None = None
        try:
            candidate = move_for_code(source, typed)
        except InvalidMoveError:
            candidate = None
        if candidate is not None:
            move = board.move_for(source, candidate.to_square)
        if move is None:
            # The seed: an impossible move gives up this one and asks for a position again.
            board.select(None)
            board.reject(candidate.to_square if candidate is not None else source)
            self.say(tr("This move is invalid."), "error")
            return
        self._put_cursor(move.to_square)
        board.scene.play(move)

    def update(self, dt: float) -> None:
        """Let the last message fade out."""
        if self.message is not None:
            self.message_time -= dt
            if self.message_time <= 0:
                self.message = None


class PlayKeys:
    """The play screen's keyboard: the board cursor, the keypad entry, and what they draw."""

    def __init__(self, board: AtaxxHost) -> None:
        self.board = board
        self.entry = KeypadEntry(board, self._put_cursor)
        self.cursor: int | None = None
        self.cursor_shown = False
        self.show_codes = board.app.settings.view_option(board.match.rules.key, "keypad")
        """Show the keypad codes on the targets of a selected piece: from the start when Options turn
        keypad play on; K toggles it, typing digits sets it."""
        self._seen_ply = board.match.ply
        self._seen_counts = self._counts()

    def _put_cursor(self, square: int) -> None:
        self.cursor = square

    @property
    def keypad_mode(self) -> bool:
        """Whether keypad play is in use in this game: a digit was typed, or the codes are on (K)."""
        return self.entry.used or self.show_codes

    # -- events --

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Keys for the board; True when consumed. The panel gets the event when this declines."""
        board = self.board
        self._sync()  # a move played since the last frame starts a fresh entry before this key
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.cursor_shown = False
            return False
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        digit = digit_of(event)
        if digit is not None and not ctrl:
            self.show_codes = True
            self.entry.type_digit(digit)
            return True
        if key == pygame.K_BACKSPACE and self.entry.backspace():
            return True
        if key in _ENTER_KEYS and self.entry.digits:
            self.entry.enter()
            return True
        if key == pygame.K_ESCAPE and (self.entry.digits or board.selected is not None):
            self.entry.clear()
            board.select(None)
            board.app.audio.play("click")
            return True
        if key == pygame.K_k and not ctrl:
            self.show_codes = not self.show_codes
            board.app.audio.play("click")
            return True
        if key in _ARROWS:
            self._move_cursor(*_ARROWS[key])
            return True
        if key in (*_ENTER_KEYS, pygame.K_SPACE):
            if board.scene.skip():
                return True
            if self.cursor_shown or key != pygame.K_SPACE:
                self.activate()
                return True
        return False

    def _move_cursor(self, rows_up: int, columns_right: int) -> None:
        board = self.board
        if self.cursor is None or not self.cursor_shown:
            if self.cursor is None:
                self.cursor = board.selected if board.selected is not None else self._first_piece()
            self.cursor_shown = True
            board.hover = self.cursor
            return
        row = min(6, max(0, self.cursor // 7 + rows_up))
        column = min(6, max(0, self.cursor % 7 + columns_right))
        self.cursor = row * 7 + column
        board.hover = self.cursor

    def _first_piece(self) -> int:
        board = self.board.position
        own = [sq for sq in range(49) if board.side_at(sq) is board.turn and self.board.movable(sq)]
        if not own:
            return 3 * 7 + 3
        # The one nearest the top-left, as a reader scans the board.
        return min(own, key=lambda sq: (6 - sq // 7, sq % 7))

    def activate(self) -> None:
        """Enter on the cursor: select the piece there, or play to that square."""
        board = self.board
        if not self.cursor_shown or self.cursor is None:
            self._move_cursor(0, 0)
            return
        square = self.cursor
        if board.selected == square:
            board.select(None)
            return
        board.press(board.view.square_centre(square))
        board.cancel_drag()  # a key press never starts a drag

    # -- the frame --

    def _counts(self) -> tuple[int, int]:
        board = self.board.position
        return board.count(Side.RED), board.count(Side.BLUE)

    def update(self, dt: float) -> None:
        """Notice moves however they were played, to say who infected whom or passed."""
        self.entry.update(dt)
        if self.cursor_shown and self.cursor is not None:
            self.board.hover = self.cursor
        self._sync()

    def _sync(self) -> None:
        board = self.board
        ply = board.match.ply
        if ply != self._seen_ply:
            counts = self._counts()
            last = board.position.peek()
            if ply == self._seen_ply + 1 and last is not None:
                mover = Side(board.match.turn).opponent
                if last.is_pass:
                    self.entry.say(tr("passes."), "info:" + mover.name)
                elif counts[mover.opponent.value] < self._seen_counts[mover.opponent.value]:
                    self.entry.say(tr("infects the opponent!"), "info:" + mover.name)
            else:
                self.entry.message = None
            self.entry.clear()
            self._seen_ply, self._seen_counts = ply, counts

    # -- drawing --

    def draw_board(self, surface: pygame.Surface) -> None:
        """The keypad codes on the reachable squares, and the cursor."""
        board = self.board
        if self.show_codes and board.selected is not None and board.anim is None and board.human_turn():
            self._draw_codes(surface, board.selected)
        if self.cursor_shown and self.cursor is not None and board.scene.panel.widgets.focus is None:
            self._draw_cursor(surface, self.cursor)

    def _draw_codes(self, surface: pygame.Surface, source: int) -> None:
        board = self.board
        view = board.view
        ui = board.app.theme
        clones, jumps = board.targets(source)
        size = max(11, int(view.cell * 0.26))
        for targets, colour in zip((clones, jumps), theme.TARGETS, strict=True):
            for sq in bits(targets):
                code = code_for_offset(source // 7 - sq // 7, sq % 7 - source % 7)
                typed = self.entry.digits and code.startswith(self.entry.digits)
                square = view.square_rect(sq)
                block = layout_text(ui, code, "title", size, square.width - size, bold=True, max_lines=1)
                rect = pygame.Rect(0, 0, block.width, block.height)
                rect.center = square.center
                fill = theme.lerp_colour(CHIP, colour, 0.55 if typed else 0.25)
                _chip(surface, rect.inflate(size * 0.7, size * 0.35), fill, theme.GOLD if typed else colour)
                block.draw(surface, ui, theme.TEXT, rect, container=square)
        # The source is key 5 of the pad: say so, small, on a dark chip in its top-left corner (the square
        # itself is lit in the selection's colour, and a "5" in that colour over it all but vanished).
        corner = view.square_rect(source)
        block = layout_text(ui, "5", "title", view.cell * 0.2, view.cell // 2, bold=True, max_lines=1)
        rect = pygame.Rect(0, 0, block.width, block.height)
        rect.topleft = (round(corner.x + view.cell * 0.1), round(corner.y + view.cell * 0.04))
        _chip(surface, rect.inflate(block.size * 0.7, 0), CHIP, theme.BOARD_SELECT)
        block.draw(surface, ui, theme.readable(theme.BOARD_SELECT, CHIP), rect, container=corner)

    def _draw_cursor(self, surface: pygame.Surface, square: int) -> None:
        board = self.board
        view = board.view
        rect = view.square_rect(square)
        glow = 0.5 + 0.5 * math.sin(board.time * 6)
        inset = int(view.cell * (0.02 + 0.03 * glow))
        rect = rect.inflate(-inset * 2, -inset * 2)
        halo = gfx.glow_box(
            rect.width + view.cell // 3,
            rect.height + view.cell // 3,
            theme.ACCENT,
            0.12 + 0.08 * glow,
            view.cell // 6,
        )
        surface.blit(halo, halo.get_rect(center=rect.center), special_flags=pygame.BLEND_RGB_ADD)
        arm = max(6, rect.width // 4)
        width = max(3, view.cell // 16)
        colour = theme.lerp_colour(theme.ACCENT, (255, 255, 255), 0.3 * glow)
        for corner, (dx, dy) in (
            (rect.topleft, (1, 1)),
            (rect.topright, (-1, 1)),
            (rect.bottomleft, (1, -1)),
            (rect.bottomright, (-1, -1)),
        ):
            x, y = corner[0] - (1 if dx < 0 else 0), corner[1] - (1 if dy < 0 else 0)
            pygame.draw.line(surface, colour, (x, y), (x + dx * arm, y), width)
            pygame.draw.line(surface, colour, (x, y), (x, y + dy * arm), width)
        # The square's keypad name (row then column), on a small tab below the square.
        ui = board.app.theme
        tag = layout_text(ui, cell_code(square), "body", view.cell * 0.2, view.cell, bold=True, max_lines=1)
        text = pygame.Rect(0, 0, tag.width, tag.height)
        text.midtop = (rect.centerx, rect.bottom - tag.height // 3)
        tab = text.inflate(view.cell // 8, 0)
        pygame.draw.rect(surface, colour, tab, border_radius=tab.height // 2)
        tag.draw(surface, ui, (8, 10, 26), text, container=tab)

    def prompt(self) -> tuple[Side | None, str]:
        """The side the prompt speaks to (``None`` once the game is over) and the seed's prompt line (translated)."""
        board = self.board
        side = board.position.turn
        if board.scene.forced_timer is not None:
            return side, tr("passes.")
        if board.match.is_over:
            # Said to nobody: "[Blue] - The game is over." read as if Blue had ended it.
            return None, tr("The game is over.")
        if not board.match.current_player.is_human:
            return side, tr("is thinking…")
        if self.entry.stage == "move":
            return side, tr("Enter a move:")
        return side, tr("Enter a position to play:")

    def draw_prompt(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The seed's console line in the panel: ``[Red] - Enter a position to play: 3_``."""
        board = self.board
        ui = board.app.theme
        pygame.draw.rect(surface, (10, 12, 28), rect, border_radius=board.px(8))
        waiting = board.human_turn() and not board.match.is_over
        edge = theme.lerp_colour((44, 52, 94), theme.ACCENT, 0.5) if self.entry.digits else (44, 52, 94)
        pygame.draw.rect(surface, edge, rect, 1, border_radius=board.px(8))
        pad = board.px(8)
        speaker, line = self.prompt()
        side = board.position.turn
        tag = "[" + seat_name(side) + "]"
        digits = self.entry.digits
        inner = rect.inflate(-pad * 2, 0)
        # The tag, the prompt and the digits share one size; a narrow panel wraps them between words.
        placed = self._prompt_layout(speaker is not None, side, line, digits, inner.width, waiting)
        y = rect.y + board.px(6)
        draw_runs(surface, ui, placed, pygame.Rect(inner.x, y, inner.width, placed.height), container=rect)
        line_h = placed.height
        if waiting and (board.time * 2) % 2 < 1.3:
            caret_h = placed.line_height - 4
            last = len(placed.lines) - 1
            x = inner.x + placed.ends[last] + (0 if digits else ui.word_gap("body", placed.size))
            caret = pygame.Rect(x + 1, y + last * placed.line_height + 2, max(2, placed.size // 2), caret_h)
            pygame.draw.rect(surface, theme.GOLD, caret.clip(rect))
        message = self.entry.message
        small = board.px(12)
        below = pygame.Rect(inner.x, y + line_h + board.px(2), inner.width, 0)
        below.height = rect.bottom - board.px(4) - below.y
        if message is not None:
            text, kind = message
            alpha = min(1.0, self.entry.message_time / 0.4)
            if kind.startswith("info:"):
                speaker = Side[kind.split(":", 1)[1]]
                colour = theme.seat_text(speaker)
                text = "[" + seat_name(speaker) + "] - " + text
            else:
                colour = theme.DANGER if kind == "error" else theme.GOLD
                text = tag + " - " + text
            draw_text(
                surface,
                ui,
                text,
                "body",
                small,
                colour,
                below,
                valign="bottom",
                alpha=int(255 * alpha),
                container=rect,
            )
        elif waiting:
            if self.entry.stage == "move":
                help_text = tr("1-9 clone · 5 then a direction jumps")
            else:
                help_text = tr("Type row then column (11-77), or arrows")
            draw_text(
                surface,
                ui,
                help_text,
                "body",
                small,
                theme.TEXT_FAINT,
                below,
                valign="bottom",
                container=rect,
            )

    def _prompt_layout(
        self, tagged: bool, side: Side, line: str, digits: str, width: int, waiting: bool = True
    ) -> RunLayout:
        """The console's line ``[Red] - Enter a position to play: 34`` wrapped in ``width`` (room left for the
        caret); once the game is over it is said to nobody, without the tag."""
        board = self.board
        runs = []
        if tagged:
            runs.append(Run("[" + seat_name(side) + "]", theme.seat_text(side), bold=True))
            line = "- " + line
        runs.append(Run(line, theme.TEXT if waiting else theme.TEXT_FAINT))
        if digits:
            runs.append(Run(digits, theme.GOLD, "title", bold=True))
        size = board.px(14)
        caret = max(MIN_TEXT_SIZE, size) // 2 + 2
        return layout_runs(board.app.theme, runs, size, width - caret, max_lines=1, min_size=size * 0.85)

    def console_height(self) -> int:
        """The prompt's line and, beneath it, as many lines as the longest refusal takes (three at most)."""
        board = self.board
        ui = board.app.theme
        panel = board.scene.panel.rect
        width = panel.width - 2 * board.px(14) - 2 * board.px(8)
        side = max(Side, key=lambda seat: len(seat_name(seat)))
        prompts = ("Enter a position to play:", "Enter a move:", "is thinking…", "passes.")
        prompt = max(self._prompt_layout(True, side, tr(text), "77", width).height for text in prompts)
        tag = "[" + seat_name(side) + "] - "
        longest = max(
            (
                tr("Position entered is incorrect.") + " " + tr(reason)
                for reason in (
                    "No piece of yours there.",
                    "That is not your piece.",
                    "That piece cannot move.",
                )
            ),
            key=len,
        )
        lines = layout_text(ui, tag + longest, "body", board.px(12), width, max_lines=3).lines
        message = layout_text(ui, "\n".join(["…"] * max(2, len(lines))), "body", board.px(12), width).height
        return board.px(6) + prompt + board.px(2) + message + board.px(4)
