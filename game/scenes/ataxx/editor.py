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
from typing import TYPE_CHECKING, Any

import pygame

from game.engine import saves
from game.engine.ataxx import STARTPOS, Cell, Side, bits
from game.engine.ataxx.level_edit import LevelDraft, Symmetry
from game.engine.ataxx.rules import RULES
from game.engine.levels import LevelInfo
from game.engine.rules import LevelProblem
from game.i18n import tr
from game.scenes.ataxx.editor_brush import Brush
from game.scenes.ataxx.editor_dialogs import ValidationDialog
from game.scenes.ataxx.editor_panel import ToolsPanel
from game.scenes.ataxx.editor_tools import FitButton, SymmetryPicker, ToolPalette
from game.scenes.ataxx.view import BoardView, thumbnail
from game.scenes.base import Scene
from game.scenes.level_editor import LevelEditorScene
from game.ui import gfx, theme
from game.ui.lang import level_description, level_name, tr_data
from game.ui.widgets import Choice, WidgetGroup

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from game.scenes.services import SceneServices

__all__ = ["EditorScene"]

log = logging.getLogger(__name__)

_TOOL_KEYS = {pygame.K_1: Cell.EMPTY, pygame.K_2: Cell.RED, pygame.K_3: Cell.BLUE, pygame.K_4: Cell.BLOCK}


def _find_current_game(play: Any) -> tuple[str, str] | None:
    """(FEN, name) of the Ataxx game in progress: the one on the match screen ``play`` (if one is on the
    stack), else the autosave's."""
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


def _level_for_play(source: LevelInfo | None, fen: str) -> LevelInfo:
    """The level that plays position ``fen`` edited from ``source`` (if any): ``source`` itself if unchanged."""
    if source is not None and source.position == fen:
        return LevelInfo(source.name, source.description, source.author, fen, custom=source.custom)
    if source is not None:
        # Named now, in the player's language: the edited level is theirs from here on.
        name = tr("{name} (edited)", name=level_name(source))
        return LevelInfo(name, level_description(source), "", fen, custom=True)
    return LevelInfo(tr("Custom position"), tr("A position made in the level editor."), "", fen)


class EditorScene(LevelEditorScene):
    """Build a position, then play it or keep it as a level."""

    def __init__(self, app: SceneServices, level: LevelInfo | None = None) -> None:
        self.draft: LevelDraft = LevelDraft(level.position if level else STARTPOS)
        super().__init__(app, RULES, self.draft, level)
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
        self.panel: ToolsPanel = ToolsPanel(
            self.palette, self.symmetry, self.who_starts, self.widgets, px=self.px, title_px=self.title_px
        )
        self.brush = Brush(self.draft, self.app.audio.play)
        self.board_area = pygame.Rect(0, 0, 0, 0)
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
    def panel_rect(self) -> pygame.Rect:
        """The tools' panel beside the board."""
        return self.panel.rect

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

    def enter(self) -> None:
        self.current_game = _find_current_game(self.app.stack.find("match"))
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

    def play(self) -> None:
        """Validate, then choose the opponent and play the position."""
        self._validated("Play anyway", self._start_game)

    def _start_game(self) -> None:
        self.app.audio.play("click")
        self.app.router.push("newgame", _level_for_play(self.source, self.draft.fen()), int(self.draft.turn))

    # -- what the shared editor asks --

    def position_text(self) -> str:
        return self.draft.fen()

    def set_position(self, text: str) -> None:
        self.draft.set_position(text)

    def problems(self) -> list[LevelProblem]:
        return self.draft.problems()

    def problems_dialog(
        self, problems: Sequence[LevelProblem], go_label: str, then: Callable[[], None]
    ) -> Scene:
        return ValidationDialog(self.app, self.panel, self.view, problems, go_label, then)

    def level_picture(self, position: str, size: int) -> pygame.Surface:
        return thumbnail(position, size)

    def delete_note(self, name: str) -> str:
        return tr("“{name}” will be removed from My levels. The board stays in the editor.", name=name)

    def leave_note(self) -> str:
        return tr("Your changes to this board will be lost.")

    # -- painting --

    def _end_stroke(self) -> None:
        if self.brush.end():
            self._edited()

    # -- layout --

    def place_board(self, area: pygame.Rect) -> None:
        self.board_area = area
        self.view.place(area)

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
        brush = self.brush
        if event.type == pygame.MOUSEMOTION:
            brush.hover = self.view.square_at(event.pos)
            if brush.stroke is not None and brush.hover is not None:
                brush.paint(brush.hover, self.symmetry.value)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            sq = self.view.square_at(event.pos)
            if sq is None:
                return False
            self._end_stroke()
            brush.begin(sq, self.tool if event.button == 1 else Cell.EMPTY, self.symmetry.value)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3) and brush.stroke is not None:
            self._end_stroke()
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        if self.editor_key(event):
            return True
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if not ctrl and event.key in _TOOL_KEYS:
            self.palette.choose(_TOOL_KEYS[event.key])
            return True
        return False

    # -- the frame --

    def update(self, dt: float) -> None:
        super().update(dt)
        self.widgets.update(dt)
        self.brush.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        board = self.draft.board()
        surface.blit(self._background(surface.get_size(), board.blocks), (0, 0))
        view = self.view
        pulse = 0.5 + 0.5 * math.sin(self.time * 5)
        for squares, colour in self.flagged:
            for sq in bits(squares):
                view.fill_square(surface, sq, colour, int(40 + 50 * pulse))
        view.draw_pieces(surface, board)
        self.brush.draw_pops(surface, view)
        self.brush.draw_hover(surface, view, self.tool, self.symmetry.value)
        self._draw_toast(surface)
        self._draw_panel(surface)

    def _draw_toast(self, surface: pygame.Surface) -> None:
        self.messages.draw(surface, self.app.theme, self.toast, self.px(17))

    def _draw_panel(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        self.draw_title(surface, tr("LEVEL EDITOR"), self.panel.title_box(ui), size=24)
        if self.source is not None:
            subtitle = level_name(self.source) + (" *" if self.dirty else "")
        else:
            subtitle = tr("Untitled board") + (" *" if self.dirty else "")
        counts = {cell: self.draft.count(cell) for cell in Cell}
        self.panel.draw(surface, ui, self.time, subtitle, counts)

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
