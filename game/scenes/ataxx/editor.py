"""The level editor (seed 000, "Mise en situation"): the board on the left, the tools on the right.

Paint cells by clicking or dragging (right button: erase), optionally mirrored;
set who starts; take over the game in progress or a standard level; save and
open your own levels; then Play (the position is validated first, as is
saving). The draft and its undo history are ``game.engine.ataxx.level_edit``'s
``LevelDraft``; this scene turns the mouse and keys into its calls.
"""

from __future__ import annotations

import logging
import math
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.engine import saves
from game.engine.ataxx import STARTPOS, Cell, Side, bits
from game.engine.ataxx.level_edit import LevelDraft, Symmetry, mirror_squares
from game.engine.ataxx.rules import RULES
from game.engine.levels import (
    LevelError,
    LevelExistsError,
    LevelInfo,
    custom_levels,
    custom_levels_dir,
    delete_custom_level,
    save_custom_level,
    shipped_levels,
)
from game.engine.rules import Severity
from game.i18n import tr
from game.scenes.ataxx.editor_dialogs import LevelPickerScene, SaveLevelDialog, ValidationDialog
from game.scenes.ataxx.editor_tools import SYMMETRY_NAMES, FitButton, SymmetryPicker, ToolPalette, draw_counts
from game.scenes.ataxx.view import BoardView, PieceLook
from game.scenes.base import Scene
from game.ui import gfx, theme
from game.ui.lang import explain_write_error, level_description, level_name, tr_data
from game.ui.notice import MessageStrip
from game.ui.textbox import draw_text
from game.ui.widgets import Choice, WidgetGroup

if TYPE_CHECKING:
    from game.app import App

__all__ = ["EditorScene"]

log = logging.getLogger(__name__)

_TOOL_KEYS = {pygame.K_1: Cell.EMPTY, pygame.K_2: Cell.RED, pygame.K_3: Cell.BLUE, pygame.K_4: Cell.BLOCK}
_POP_TIME = 0.3


def _squares_between(start: int, end: int) -> list[int]:
    """The squares on a straight line from ``start`` to ``end`` (a fast drag skips none)."""
    x0, y0, x1, y1 = start % 7, start // 7, end % 7, end // 7
    steps = max(abs(x1 - x0), abs(y1 - y0))
    if steps == 0:
        return [end]
    return [
        round(y0 + (y1 - y0) * i / steps) * 7 + round(x0 + (x1 - x0) * i / steps) for i in range(1, steps + 1)
    ]


class EditorScene(Scene):
    """Build a position, then play it or keep it as a level."""

    name = "editor"

    def __init__(self, app: App, level: LevelInfo | None = None) -> None:
        super().__init__(app)
        self.draft = LevelDraft(level.position if level else STARTPOS)
        self.source: LevelInfo | None = level
        """The level the draft started from (its name and description are offered when saving)."""
        self.saved = self.draft.snapshot()
        self.view = BoardView()
        self.palette = ToolPalette(Cell.BLOCK, self._set_tool)
        self.symmetry = SymmetryPicker(Symmetry.POINT, self._set_symmetry)
        self.who_starts = Choice(
            [(theme.SEAT_NAMES[0], Side.RED), (theme.SEAT_NAMES[1], Side.BLUE)],
            self.draft.turn,
            self._set_turn,
            accent=theme.GOLD,
        )
        self.widgets = WidgetGroup(
            [
                FitButton("undo_edit", "Undo edit", self.undo, icon="undo"),
                FitButton("redo_edit", "Redo edit", self.redo, icon="redo"),
                FitButton("reset_board", "Reset board", self.reset_board),
                FitButton("take_game", "Take current game", self.take_current_game, accent=theme.CLONE),
                FitButton("standard_levels", "Standard levels…", self.open_standard),
                FitButton("open_custom", "Open custom level…", self.open_custom),
                FitButton("save_level", "Save as level…", self.save_as, accent=theme.GOLD),
                FitButton("delete", "Delete", self.delete, accent=theme.DANGER),
                FitButton("cancel", "Cancel", self.cancel, key=pygame.K_ESCAPE),
                FitButton("play", "Play", self.play, primary=True, accent=theme.CLONE),
            ]
        )
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.board_area = pygame.Rect(0, 0, 0, 0)
        self.messages = MessageStrip()
        """Where passing messages show: a line of its own under the board, so they cover nothing."""
        self.labels: list[tuple[str, tuple[int, int]]] = []
        self.title_y = 0
        self.caption_y = 0
        self.label_h = 0
        self.caption_h = 0
        self.counts_rect = pygame.Rect(0, 0, 0, 0)
        self.hover: int | None = None
        self.stroke: Cell | None = None
        self.stroke_last: int | None = None
        self.pops: dict[int, float] = {}
        self.flagged: list[tuple[int, theme.Colour]] = []
        """Squares marked by the last validation, until the next edit."""
        self.toast: tuple[str, float] | None = None
        self.current_game: tuple[str, str] | None = None
        """(FEN, name) of the game in progress, if there is one."""
        self._background_surface: pygame.Surface | None = None
        self._background_key: object = None

    # -- state --

    @property
    def tool(self) -> Cell:
        """The cell a left click places."""
        return self.palette.value

    @property
    def dirty(self) -> bool:
        """Whether the draft differs from what was opened or last saved."""
        return self.draft.snapshot() != self.saved

    @property
    def custom_path(self) -> Path | None:
        """The file of the custom level being edited, if it is one."""
        if self.source is None or self.source.path is None:
            return None
        try:
            folder = custom_levels_dir(RULES.key, create=False).resolve()
            path = self.source.path.resolve()
        except OSError:
            return None
        return self.source.path if path.parent == folder else None

    def square_centre(self, sq: int) -> tuple[int, int]:
        """The pixel centre of square ``sq`` (tests click there)."""
        self.ensure_layout()
        return self.view.square_centre(sq)

    def _refresh(self) -> None:
        """Bring the widgets in line with the draft and what is available."""
        self.who_starts.value = self.draft.turn
        self.widgets["undo_edit"].enabled = self.draft.can_undo
        self.widgets["redo_edit"].enabled = self.draft.can_redo
        self.widgets["take_game"].enabled = self.current_game is not None
        self.widgets["delete"].enabled = self.custom_path is not None

    def _edited(self) -> None:
        self.flagged = []
        self._refresh()

    def _find_current_game(self) -> tuple[str, str] | None:
        play = self.app.stack.find("match")
        if play is not None and play.match.rules is RULES:
            return play.match.position.fen(), level_name(play.level)
        try:
            saved = saves.load_autosave(RULES.key)
        except Exception as error:  # a damaged autosave only means there is nothing to take
            log.info("no game to take from the autosave: %s", error)
            return None
        if saved is None:
            return None
        match, game = saved
        level = game.tag("Level")
        return match.position.fen(), tr_data(level) if level else tr("Game in progress")

    def enter(self) -> None:
        self.current_game = self._find_current_game()
        self._refresh()

    def resume(self) -> None:
        self._refresh()

    def pause(self) -> None:
        self._end_stroke()

    # -- the tools --

    def _set_tool(self, cell: Cell) -> None:
        self.app.audio.play("select")

    def _set_symmetry(self, symmetry: Symmetry) -> None:
        self.app.audio.play("select")

    def _set_turn(self, side: object) -> None:
        if isinstance(side, Side) and self.draft.set_turn(side):
            self.app.audio.play("select")
            self._edited()

    def undo(self) -> None:
        """Take back the last edit."""
        if self.draft.undo():
            self.app.audio.play("click")
            self._edited()
        else:
            self.app.audio.play("invalid")

    def redo(self) -> None:
        """Make again the last edit taken back."""
        if self.draft.redo():
            self.app.audio.play("click")
            self._edited()
        else:
            self.app.audio.play("invalid")

    def reset_board(self) -> None:
        """The classic start: four pieces in the corners, no blocks, Red to move (undoable).

        The board no longer comes from the level opened before: it becomes an
        untitled one, so neither its name nor its file is carried over.
        """
        self.draft.set_position(STARTPOS)
        self.source = None
        self.app.audio.play("click")
        self._say(tr("Board reset"))
        self._edited()

    def take_current_game(self) -> None:
        """Bring over the game in progress: its exact position and side to move."""
        if self.current_game is None:
            self.app.audio.play("invalid")
            return
        fen, name = self.current_game
        self.draft.set_position(fen)
        self.source = None  # a game's position, not the level opened before
        self.app.audio.play("click")
        self._say(tr("Took the game in progress: {name}", name=name))
        self._edited()

    def load_level(self, level: LevelInfo) -> None:
        """Start editing ``level`` (undoable)."""
        self.draft.set_position(level.position)
        self.source = level
        self.saved = self.draft.snapshot()
        self._say(tr("Opened {name}", name=level_name(level)))
        self._edited()

    def open_standard(self) -> None:
        """Pick one of the standard levels to edit."""
        entries = shipped_levels(RULES)
        self.app.audio.play("click")
        self.app.stack.push(
            LevelPickerScene(
                self.app,
                tr("Standard levels"),
                entries,
                self.load_level,
                tag=lambda index, level: tr("LEVEL {number}", number=level.number or index + 1),
            )
        )

    def open_custom(self) -> None:
        """Pick one of your own levels to edit; damaged files are listed with their reason."""
        self.app.audio.play("click")
        self.app.stack.push(
            LevelPickerScene(
                self.app,
                tr("My levels"),
                custom_levels(RULES),
                self.load_level,
                tag=lambda index, level: tr("MY LEVEL"),
                empty_text=tr("You have no levels of your own yet. Make one, then “Save as level…”."),
            )
        )

    def _validated(self, go_label: str, then: callable) -> None:  # type: ignore[valid-type]
        problems = self.draft.problems()
        self.flagged = [
            (p.places, theme.DANGER if p.severity is Severity.REFUSED else theme.GOLD)
            for p in problems
            if p.places
        ]
        if not problems:
            then()
            return
        refused = any(p.severity is Severity.REFUSED for p in problems)
        self.app.audio.play("invalid" if refused else "select")
        self.app.stack.push(ValidationDialog(self.app, self, problems, go_label, then))

    def play(self) -> None:
        """Validate, then choose the opponent and play the position."""
        self._validated("Play anyway", self._start_game)

    def _level_for_play(self) -> LevelInfo:
        fen = self.draft.fen()
        source = self.source
        if source is not None and source.position == fen:
            return LevelInfo(source.name, source.description, source.author, fen, custom=source.custom)
        if source is not None:
            # Named now, in the player's language: the edited level is theirs from here on.
            name = tr("{name} (edited)", name=level_name(source))
            return LevelInfo(name, level_description(source), "", fen, custom=True)
        return LevelInfo(tr("Custom position"), tr("A position made in the level editor."), "", fen)

    def _start_game(self) -> None:
        self.app.audio.play("click")
        self.app.router.push("newgame", self._level_for_play(), int(self.draft.turn))

    def save_as(self) -> None:
        """Validate, then ask for a name and a description and save into "My levels"."""
        self._validated("Save anyway", self._ask_name)

    def _ask_name(self) -> None:
        custom = self.custom_path is not None and self.source is not None
        name = self.source.name if custom and self.source else ""
        description = level_description(self.source) if self.source else ""
        self.app.stack.push(SaveLevelDialog(self.app, name, description, self._save))

    def _save(self, name: str, description: str, *, replace: bool = False) -> None:
        dialog = self.app.top
        level = LevelInfo(name, description, tr("You"), self.draft.fen())
        try:
            if not replace and self.custom_path is not None and self.source is not None:
                replace = name.strip().casefold() == self.source.name.casefold()
            path = save_custom_level(level, RULES, replace=replace)
        except LevelExistsError:
            self.app.router.push(
                "dialog",
                tr("Replace it?"),
                [tr("A level called “{name}” is already in My levels. Replace it with this one?", name=name)],
                [
                    (
                        "replace",
                        "Replace",
                        lambda: (self.app.stack.pop(), self._save(name, description, replace=True)),
                    ),
                    ("rename", "Choose another name", None),
                ],
                accent=theme.GOLD,
                default="rename",
            )
            return
        except (LevelError, OSError) as error:
            log.warning("saving level %r failed: %s", name, error)
            if isinstance(dialog, SaveLevelDialog):
                reason = explain_write_error(error) if isinstance(error, OSError) else str(error)[:120]
                dialog.error = tr("Not saved: {reason}", reason=reason)
            self.app.audio.play("invalid")
            return
        if isinstance(self.app.top, SaveLevelDialog):
            self.app.stack.pop()
        self.source = LevelInfo(name, description, tr("You"), self.draft.fen(), path, custom=True)
        self.saved = self.draft.snapshot()
        self.app.audio.play("start")
        self._say(tr("Saved “{name}” in My levels", name=name))
        self._refresh()

    def delete(self) -> None:
        """Delete the custom level being edited (after a confirmation); the board stays as it is."""
        path = self.custom_path
        if path is None or self.source is None:
            self.app.audio.play("invalid")
            return

        def confirmed() -> None:
            self.app.stack.pop()
            try:
                delete_custom_level(path, RULES.key)
            except (LevelError, OSError) as error:
                self._say(tr("Not deleted: {reason}", reason=str(error)[:100]))
                self.app.audio.play("invalid")
                return
            self._say(tr("Deleted “{name}”", name=self.source.name if self.source else ""))
            self.source = None
            self.saved = ((), Side.RED)  # nothing saved matches the board any more
            self._refresh()

        self.app.audio.play("click")
        self.app.router.push(
            "dialog",
            tr("Delete this level?"),
            [
                tr(
                    "“{name}” will be removed from My levels. The board stays in the editor.",
                    name=self.source.name,
                )
            ],
            [("delete", "Delete", confirmed), ("keep", "Keep it", None)],
            accent=theme.DANGER,
            default="keep",
        )

    def cancel(self) -> None:
        """Close the editor without using the changes (asks first when there are some)."""
        if not self.dirty:
            self.app.audio.play("click")
            self.app.stack.pop()
            return

        def leave() -> None:
            self.app.stack.pop()
            self.app.stack.pop()

        self.app.router.push(
            "dialog",
            tr("Leave the editor?"),
            [tr("Your changes to this board will be lost.")],
            [("leave", "Leave", leave), ("keep", "Keep editing", None)],
            accent=theme.ACCENT_2,
            default="keep",
        )

    def _say(self, text: str) -> None:
        self.toast = (text, 2.2)

    # -- painting --

    def _paint(self, sq: int) -> None:
        if self.stroke is None:
            return
        squares = _squares_between(self.stroke_last, sq) if self.stroke_last is not None else [sq]
        for target in squares:
            before = self.draft.snapshot()
            if self.draft.paint(target, self.stroke, self.symmetry.value):
                for image in mirror_squares(target, self.symmetry.value):
                    if before[0][image] is not self.stroke:
                        self.pops[image] = _POP_TIME
                self.app.audio.play("clone" if self.stroke in (Cell.RED, Cell.BLUE) else "select")
        self.stroke_last = sq

    def _begin_stroke(self, sq: int, cell: Cell) -> None:
        self.draft.begin_stroke()
        self.stroke = cell
        self.stroke_last = None
        self._paint(sq)

    def _end_stroke(self) -> None:
        if self.stroke is None:
            return
        self.stroke = None
        self.stroke_last = None
        if self.draft.end_stroke():
            self._edited()

    # -- layout --

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        margin = self.px(16)
        # At least 300 pixels where the window allows: the tools' labels keep their words whole.
        panel_w = max(min(300, int(width * 0.47)), min(int(width * 0.4), self.px(372)))
        # The messages' strip under the board (the panel keeps its height for its tools).
        strip = MessageStrip.height(self.app.theme, self.px(17))
        board_w = width - panel_w - margin * 3
        self.messages.rect = pygame.Rect(margin, height - margin - strip, board_w, strip)
        self.board_area = pygame.Rect(margin, margin, board_w, self.messages.rect.y - self.px(8) - margin)
        self.view.place(self.board_area)
        self.panel_rect = pygame.Rect(width - panel_w - margin, margin, panel_w, height - margin * 2)
        pad = self.px(16)
        inner = self.panel_rect.inflate(-pad * 2, -pad * 2)
        gap = self.px(8)
        bottom_h = self.px(46)
        row_h = self.px(40)
        # A label's line: never shorter than its type (the smallest windows).
        label_h = max(self.px(20), self.app.theme.font("title", self.px(13)).get_height() + 1)
        caption_h = max(self.px(20), self.app.theme.font("body", self.px(14)).get_height() + 1)
        # The title and the level's name under it, then the sections and their heights at the design
        # size; spare height is shared between the gaps.
        ui = self.app.theme
        self.title_y = inner.y + self.px(4)
        title_h = ui.font("title", self.title_px(24), bold=True).get_height()
        subtitle_h = ui.font("body", self.px(15)).get_height()
        sections = [
            max(self.px(58), self.title_y - inner.y + title_h + self.px(2) + subtitle_h + self.px(4)),
            label_h + self.px(74),
            label_h + self.px(38 + 4) + caption_h,
            label_h + self.px(36),
            self.px(28),
        ]
        buttons_h = 4 * row_h + 3 * gap
        spare = inner.height - sum(sections) - buttons_h - bottom_h
        section_gap = max(self.px(6), min(self.px(30), spare // 6))
        if spare < section_gap * 6:  # a small window: shrink the tool buttons instead
            row_h = max(20, row_h - (section_gap * 6 - spare) // 4)
        self.label_h, self.caption_h = label_h, caption_h
        y = inner.y + sections[0]
        self.labels = []
        self.labels.append(("Cells to place", (inner.x, y)))
        y += label_h
        self.palette.layout(pygame.Rect(inner.x, y, inner.width, self.px(74)), self.px(8))
        y += self.px(74) + section_gap
        self.labels.append(("Symmetry", (inner.x, y)))
        y += label_h
        self.symmetry.layout(pygame.Rect(inner.x, y, inner.width, self.px(38)), self.px(6))
        y += self.px(38) + self.px(4)
        self.caption_y = y
        y += caption_h + section_gap
        self.labels.append(("Who starts?", (inner.x, y)))
        y += label_h
        self.who_starts.layout(pygame.Rect(inner.x, y, inner.width, self.px(36)), self.px(8))
        y += self.px(36) + section_gap
        self.counts_rect = pygame.Rect(inner.x, y, inner.width, self.px(28))
        y += self.px(28) + section_gap
        column_w = (inner.width - gap) // 2
        buttons = self.widgets.buttons
        for index, button in enumerate(buttons[:8]):
            row, column = divmod(index, 2)
            button.rect = pygame.Rect(
                inner.x + column * (column_w + gap), y + row * (row_h + gap), column_w, row_h
            )
        bottom_y = inner.bottom - bottom_h
        for column, button in enumerate(buttons[8:]):
            button.rect = pygame.Rect(inner.x + column * (column_w + gap), bottom_y, column_w, bottom_h)

    # -- events --

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self._key(event):
            return True
        if self.widgets.handle_event(event):
            return True
        if self.palette.handle_event(event) or self.symmetry.handle_event(event):
            return True
        if self.who_starts.handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.view.square_at(event.pos)
            if self.stroke is not None and self.hover is not None:
                self._paint(self.hover)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            sq = self.view.square_at(event.pos)
            if sq is None:
                return False
            self._end_stroke()
            self._begin_stroke(sq, self.tool if event.button == 1 else Cell.EMPTY)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3) and self.stroke is not None:
            self._end_stroke()
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if ctrl and event.key == pygame.K_z:
            self.redo() if event.mod & pygame.KMOD_SHIFT else self.undo()
            return True
        if ctrl and event.key == pygame.K_y:
            self.redo()
            return True
        if ctrl and event.key == pygame.K_s:
            self.save_as()
            return True
        if not ctrl and event.key in _TOOL_KEYS:
            self.palette.choose(_TOOL_KEYS[event.key])
            return True
        return False

    # -- the frame --

    def update(self, dt: float) -> None:
        super().update(dt)
        self.widgets.update(dt)
        self.pops = {sq: left - dt for sq, left in self.pops.items() if left > dt}
        if self.toast is not None:
            self.toast = (self.toast[0], self.toast[1] - dt) if self.toast[1] > dt else None

    def draw(self, surface: pygame.Surface) -> None:
        board = self.draft.board()
        surface.blit(self._background(surface.get_size(), board.blocks), (0, 0))
        view = self.view
        pulse = 0.5 + 0.5 * math.sin(self.time * 5)
        for squares, colour in self.flagged:
            for sq in bits(squares):
                view.fill_square(surface, sq, colour, int(40 + 50 * pulse))
        view.draw_pieces(surface, board)
        for sq, left in self.pops.items():
            strength = left / _POP_TIME
            halo = gfx.glow(int(view.cell * (0.9 - 0.3 * strength)), theme.SELECT, 0.7 * strength)
            surface.blit(
                halo, halo.get_rect(center=view.square_centre(sq)), special_flags=pygame.BLEND_RGB_ADD
            )
        self._draw_hover(surface)
        self._draw_toast(surface)
        self._draw_panel(surface)

    def _draw_hover(self, surface: pygame.Surface) -> None:
        if self.hover is None or self.stroke is not None:
            return
        view = self.view
        for index, sq in enumerate(mirror_squares(self.hover, self.symmetry.value)):
            if self.tool in (Cell.RED, Cell.BLUE) and self.draft.cells[sq] is not self.tool:
                side = Side.RED if self.tool is Cell.RED else Side.BLUE
                view.draw_piece(surface, sq, PieceLook(side, alpha=110))
            elif self.tool is Cell.BLOCK and self.draft.cells[sq] is not Cell.BLOCK:
                tile = gfx.block_tile(view.cell, sq % 5).copy()
                tile.set_alpha(120)
                surface.blit(tile, view.square_rect(sq))
            colour = theme.SELECT if index == 0 else theme.lerp_colour(theme.SELECT, theme.ACCENT, 0.6)
            view.ring_square(surface, sq, colour, max(2, view.cell // 22))

    def _draw_toast(self, surface: pygame.Surface) -> None:
        self.messages.draw(surface, self.app.theme, self.toast, self.px(17))

    def _draw_panel(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        panel = self.panel_rect
        inner = panel.inflate(-self.px(32), 0)
        title_h = ui.font("title", self.title_px(24), bold=True).get_height()
        title_box = pygame.Rect(inner.x, self.title_y, inner.width, title_h)
        self.draw_title(surface, tr("LEVEL EDITOR"), title_box, size=24)
        if self.source is not None:
            subtitle = level_name(self.source) + (" *" if self.dirty else "")
        else:
            subtitle = tr("Untitled board") + (" *" if self.dirty else "")
        subtitle_h = ui.font("body", self.px(15)).get_height()
        subtitle_box = pygame.Rect(inner.x, title_box.bottom + self.px(2), inner.width, subtitle_h)
        draw_text(
            surface,
            ui,
            subtitle,
            "body",
            self.px(15),
            theme.TEXT_DIM,
            subtitle_box,
            align="center",
            max_lines=1,
        )
        for text, (x, y) in self.labels:
            box = pygame.Rect(x, y, inner.width, self.label_h)
            draw_text(surface, ui, tr(text).upper(), "title", self.px(13), theme.ACCENT, box, max_lines=1)
        self.palette.draw(surface, ui, self.time)
        self.symmetry.draw(surface, ui)
        caption_box = pygame.Rect(inner.x, self.caption_y, inner.width, self.caption_h)
        draw_text(
            surface,
            ui,
            tr(SYMMETRY_NAMES[self.symmetry.value]),
            "body",
            self.px(14),
            theme.TEXT_DIM,
            caption_box,
            align="center",
            max_lines=1,
        )
        self.who_starts.draw(surface, ui)
        counts = {cell: self.draft.count(cell) for cell in Cell}
        draw_counts(surface, ui, self.counts_rect, counts, self.px(16))
        self.widgets.draw(surface, ui)

    def _background(self, size: tuple[int, int], blocks: int) -> pygame.Surface:
        key = (
            size,
            tuple(self.view.rect),
            blocks,
            tuple(self.panel_rect),
            theme.__dict__.get("LOOK_VERSION"),
        )
        if self._background_key != key:
            background = gfx.backdrop(size).copy()
            self.view.draw_static(background, self.app.theme, blocks)
            gfx.panel(background, self.panel_rect, radius=self.px(16), alpha=215)
            self._background_surface = background
            self._background_key = key
        assert self._background_surface is not None
        return self._background_surface
