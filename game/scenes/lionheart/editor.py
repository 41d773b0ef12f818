"""The battle editor: the field on the left, the tools on the right.

Place units of either side (the kind, the figures and the facing chosen in
the panel) by clicking the field or with the keys; drag a unit to move it
(off the field: removed), right-click to remove it; click one to choose it,
and the panel's side, figures and facing then change it. Set who starts (a
side, or the opening roll); check, test-play, save as a level and open one.
The draft and its undo history are ``game.engine.lionheart.level_edit``'s
``BattleDraft``; this scene turns the mouse and keys into its calls, and the
keys into a cursor on the field (arrows move it, Enter places or picks up and
puts down, Delete removes, R turns; Tab goes through the buttons instead, and Enter
presses the one lit).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.engine.levels import LevelInfo
from game.engine.lionheart import GOLD, SILVER, STANDARD_TEXT
from game.engine.lionheart.level_edit import EDIT_KINDS, BattleDraft, DraftUnit, figure_choices, on_field
from game.engine.lionheart.rules import RULES
from game.engine.rules import LevelProblem
from game.i18n import tr
from game.scenes.base import Scene
from game.scenes.level_dialogs import ValidationDialog
from game.scenes.level_editor import LevelEditorScene
from game.scenes.lionheart.editor_findings import FieldMarks, mark_squares, problem_text
from game.scenes.lionheart.editor_panel import EditorPanel
from game.scenes.lionheart.editor_tools import FACING_BACK, FACING_TURN, KindPalette, Stepper, TurnButton
from game.scenes.lionheart.overlays import mark_of
from game.scenes.lionheart.units import draw_unit
from game.scenes.lionheart.view import FieldView, thumbnail
from game.ui import gfx, theme
from game.ui.lang import level_name
from game.ui.widgets import Button, Choice, WidgetGroup

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from game.scenes.services import SceneServices

__all__ = ["BattleEditorScene", "EditorField"]

EMPTY_TEXT = "gK1e1N,sK1e10S - 2 0 start"
"""A cleared field: the two kings on their squares, the opening roll to come."""
_KIND_KEYS = {pygame.K_1 + index: kind for index, kind in enumerate(EDIT_KINDS)}
_ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1)}
Square = tuple[int, int]


class EditorField(FieldView):
    """The battle's field as the editor shows it: as large as its area allows, no dice tray."""

    def place(self, area: pygame.Rect, *, flipped: bool = False) -> None:
        self.area = area.copy()
        self.flipped = flipped
        label = 0.42
        self.square = max(12, int(min(area.width / (9 + label * 2), area.height / (10 + label * 2))))
        field_w, field_h = self.square * 9, self.square * 10
        self.rect = pygame.Rect(0, 0, field_w, field_h)
        self.rect.center = area.center
        self.tray = pygame.Rect(self.rect.right, self.rect.bottom, 0, 0)
        self.tray_beside = False

    def cell_at(self, pos: tuple[int, int]) -> Square | None:
        """``(file, rank)`` of the square under ``pos``, or ``None`` off the field."""
        if not self.rect.collidepoint(pos):
            return None
        column = (pos[0] - self.rect.x) // self.square
        row = (pos[1] - self.rect.y) // self.square
        return int(column), int(9 - row)


class BattleEditorScene(LevelEditorScene):
    """Set up a battle, then test-play it or keep it as a level."""

    def __init__(self, app: SceneServices, level: LevelInfo | None = None) -> None:
        self.draft: BattleDraft = BattleDraft(level.position if level else STANDARD_TEXT)
        super().__init__(app, RULES, self.draft, level)
        self.view = EditorField()
        self.brush = DraftUnit(GOLD, "I", 4, "N")
        """The unit a click on an empty square places."""
        self.chosen: Square | None = None
        """The unit chosen on the field: the panel's side, figures and facing change it."""
        self.cursor: Square = (4, 1)
        """The keys' square on the field."""
        self.cursor_shown = False
        self.hover: Square | None = None
        self.drag: tuple[Square, tuple[int, int]] | None = None
        """A unit being dragged: its square and where the pointer is."""
        self.dragged = False
        self.palette = KindPalette(self.brush.kind, self._set_kind)
        self.side = Choice(
            [(theme.SEAT_NAMES[0], GOLD), (theme.SEAT_NAMES[1], SILVER)],
            GOLD,
            self._set_side,
            accent=theme.GOLD,
            key=pygame.K_s,
        )
        self.figures = Stepper(self.step_figures)
        self.turn = TurnButton(self.turn_unit)
        self.who_starts = Choice(
            [("Dice roll", None), (theme.SEAT_NAMES[0], GOLD), (theme.SEAT_NAMES[1], SILVER)],
            self.draft.opening,
            self._set_opening,
            accent=theme.GOLD,
            key=pygame.K_o,
        )
        self.widgets = WidgetGroup(
            [
                Button("undo_edit", "Undo edit", self.undo, icon="undo"),
                Button("redo_edit", "Redo edit", self.redo, icon="redo"),
                Button("new_battle", "Standard battle", self.new_battle),
                Button("clear_field", "Clear the field", self.clear_field),
                Button("standard_levels", "Standard levels…", self.open_standard),
                Button("open_custom", "Open custom level…", self.open_custom),
                Button("save_level", "Save as level…", self.save_as, accent=theme.GOLD),
                Button("delete", "Delete", self.delete, accent=theme.DANGER),
                Button("cancel", "Cancel", self.cancel),
                Button("play", "Test play", self.play, primary=True, accent=theme.CLONE),
            ]
        )
        self.panel: EditorPanel = EditorPanel(
            self.palette,
            self.side,
            self.figures,
            self.turn,
            self.who_starts,
            self.widgets,
            px=self.px,
            title_px=self.title_px,
        )
        self.field_area = pygame.Rect(0, 0, 0, 0)
        self._background_surface: pygame.Surface | None = None
        self._background_key: object = None

    # -- state --

    def square_centre(self, name: str) -> tuple[int, int]:
        """The pixel centre of square ``name`` (``e1``; tests click there)."""
        self.ensure_layout()
        return self.view.centre(name)

    def shown_unit(self) -> DraftUnit:
        """What the panel shows: the unit chosen on the field, else the one a click places."""
        if self.chosen is not None:
            unit = self.draft.unit_at(*self.chosen)
            if unit is not None:
                return unit
        return self.brush

    def _refresh(self) -> None:
        """Bring the widgets in line with the draft."""
        if self.chosen is not None and self.draft.unit_at(*self.chosen) is None:
            self.chosen = None
        shown = self.shown_unit()
        self.side.value = shown.owner
        self.palette.value = shown.kind
        self.who_starts.value = self.draft.opening
        self.widgets["undo_edit"].enabled = self.draft.can_undo
        self.widgets["redo_edit"].enabled = self.draft.can_redo
        self.widgets["delete"].enabled = self.custom_path is not None

    def enter(self) -> None:
        self._refresh()

    def resume(self) -> None:
        self._refresh()

    # -- the unit's tools: the brush, or the unit chosen on the field --

    def _change_shown(
        self, *, owner: int | None = None, figures: int | None = None, facing: str | None = None
    ) -> None:
        """Change the chosen unit (an undo step) or the brush."""
        if self.chosen is not None and self.draft.unit_at(*self.chosen) is not None:
            if self.draft.change(*self.chosen, owner=owner, figures=figures, facing=facing):
                self.app.audio.play("select")
                self._edited()
            return
        self.brush = self.brush.changed(owner=owner, figures=figures, facing=facing)
        self.app.audio.play("select")
        self._refresh()

    def _set_kind(self, kind: str) -> None:
        """The palette's choice: the kind a click places, a full base of it (the chosen unit is let go)."""
        self.chosen = None
        self.brush = DraftUnit(self.brush.owner, kind, max(figure_choices(kind)), self.brush.facing)
        self.app.audio.play("select")
        self._refresh()

    def _set_side(self, side: object) -> None:
        if isinstance(side, int):
            facing = "N" if side == GOLD else "S"
            if self.chosen is None:
                self._change_shown(owner=side, facing=facing)
            else:
                self._change_shown(owner=side)

    def step_figures(self, step: int) -> None:
        """One figure more or fewer, within the table's base of the kind."""
        shown = self.shown_unit()
        choices = figure_choices(shown.kind)
        figures = min(max(shown.figures + step, choices[0]), choices[-1])
        if figures == shown.figures:
            self.app.audio.play("invalid")
            return
        self._change_shown(figures=figures)

    def turn_unit(self, step: int) -> None:
        """A quarter turn clockwise (``step`` 1) or back (-1)."""
        facing = self.shown_unit().facing
        self._change_shown(facing=FACING_TURN[facing] if step > 0 else FACING_BACK[facing])

    def _set_opening(self, opening: object) -> None:
        if (opening is None or isinstance(opening, int)) and self.draft.set_opening(opening):
            self.app.audio.play("select")
            self._edited()

    # -- editing the field --

    def press_square(self, square: Square) -> None:
        """A click (or Enter) on ``square``: choose the unit there, else place the brush's unit."""
        unit = self.draft.unit_at(*square)
        if unit is not None:
            self.chosen = None if self.chosen == square else square
            self.app.audio.play("click")
            self._refresh()
            return
        self.chosen = None
        figures = min(self.brush.figures, max(figure_choices(self.brush.kind)))
        self.draft.place(*square, DraftUnit(self.brush.owner, self.brush.kind, figures, self.brush.facing))
        self.app.audio.play("clone")
        self._edited()

    def move_unit(self, start: Square, end: Square | None) -> None:
        """Move the unit on ``start`` to ``end`` (swapping with one there); off the field (``None``): removed."""
        if end is None:
            self.remove_unit(start)
            return
        if self.draft.move(start, end):
            self.chosen = end
            self.app.audio.play("clone")
            self._edited()

    def remove_unit(self, square: Square) -> None:
        """Take the unit on ``square`` off the field."""
        if self.draft.remove(*square):
            self.app.audio.play("select")
            self._edited()
        else:
            self.app.audio.play("invalid")

    def _set_position(self, text: str, message: str) -> None:
        self.set_position(text)
        self.source = None
        self.app.audio.play("click")
        self._say(message)
        self._edited()

    def new_battle(self) -> None:
        """The standard battle (level 1's armies, the opening roll), untitled (undoable)."""
        self._set_position(STANDARD_TEXT, tr("The standard battle"))

    def clear_field(self) -> None:
        """Only the two kings left on the field (undoable)."""
        self._set_position(EMPTY_TEXT, tr("Field cleared: only the kings are left"))

    # -- what the shared editor asks --

    def position_text(self) -> str:
        return self.draft.text()

    def set_position(self, text: str) -> None:
        self.draft.set_position(text)
        self.chosen = None

    def problems(self) -> list[LevelProblem]:
        return list(self.draft.problems())

    def problems_dialog(
        self, problems: Sequence[LevelProblem], go_label: str, then: Callable[[], None]
    ) -> Scene:
        return ValidationDialog(
            self.app, self.panel, FieldMarks(self.view), problems, go_label, then, problem_text
        )

    def level_picture(self, position: str, size: int) -> pygame.Surface:
        return thumbnail(position, size)

    def not_opened(self, level: LevelInfo, error: ValueError) -> str:
        return tr("{name} cannot be edited here: it is an army builder's set-up", name=level_name(level))

    def delete_note(self, name: str) -> str:
        return tr("“{name}” will be removed from My levels. The battle stays in the editor.", name=name)

    def leave_note(self) -> str:
        return tr("Your changes to this battle will be lost.")

    # -- checking and playing --

    def check(self) -> None:
        """Check the battle: what is wrong with it and where (as Test play shows it), or that it is ready."""
        if self.problems():
            self.play()
            return
        self.app.audio.play("select")
        self._say(tr("The battle is ready to play"))

    def play(self) -> None:
        """Check, then play the battle here, two people at the screen; the editor is there after."""
        self._validated("Play anyway", self._test_play)

    def _test_play(self) -> None:
        self.app.audio.play("start")
        name = level_name(self.source) if self.source is not None else tr("Untitled battle")
        level = LevelInfo(name, "", "", self.draft.text(), custom=True)
        self.app.router.push("trial", level)

    # -- layout --

    def place_board(self, area: pygame.Rect) -> None:
        self.field_area = area
        self.view.place(area)

    # -- events --

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self._key(event):
            return True
        if self.widgets.handle_event(event):
            return True
        for tool in (self.palette, self.side, self.figures, self.turn, self.who_starts):
            if tool.handle_event(event):
                return True
        return self._pointer(event)

    def _pointer(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.cursor_shown = False
            self.hover = self.view.cell_at(event.pos)
            if self.drag is not None:
                self.drag = (self.drag[0], event.pos)
                self.dragged = self.dragged or self.hover != self.drag[0]
            return False
        if event.type == pygame.MOUSEWHEEL and self.hover is not None and self.draft.unit_at(*self.hover):
            unit = self.draft.unit_at(*self.hover)
            assert unit is not None
            self.draft.change(*self.hover, facing=(FACING_TURN if event.y > 0 else FACING_BACK)[unit.facing])
            self.app.audio.play("select")
            self._edited()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            square = self.view.cell_at(event.pos)
            if square is None:
                return False
            if event.button == 3:
                self.remove_unit(square)
            elif self.draft.unit_at(*square) is not None:
                self.drag, self.dragged = (square, event.pos), False
            else:
                self.press_square(square)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            start, _ = self.drag
            self.drag = None
            end = self.view.cell_at(event.pos)
            if end == start or (not self.dragged and end is not None):
                self.press_square(start)
            else:
                self.move_unit(start, end)
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        if self.editor_key(event):
            return True
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if ctrl:
            return False
        if event.key in _KIND_KEYS:
            self.palette.choose(_KIND_KEYS[event.key])
            return True
        if event.key == pygame.K_TAB:
            self.cursor_shown = False  # Tab goes through the buttons (Enter then presses the one lit)
            return False
        if event.key in _ARROWS:
            self.widgets.set_focus(None)
            if self.cursor_shown:
                step = _ARROWS[event.key]
                self.cursor = (
                    min(8, max(0, self.cursor[0] + step[0])),
                    min(9, max(0, self.cursor[1] + step[1])),
                )
            self.cursor_shown = True
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.cursor_shown:
            if self.chosen is not None and self.chosen != self.cursor:
                self.move_unit(self.chosen, self.cursor)
            else:
                self.press_square(self.cursor)
            return True
        if event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            target = self.cursor if self.cursor_shown else self.chosen
            if target is not None:
                self.remove_unit(target)
            return True
        if event.key == pygame.K_r:
            self.turn_unit(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.step_figures(1)
            return True
        if event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.step_figures(-1)
            return True
        if event.key == pygame.K_c:
            self.check()
            return True
        if event.key == pygame.K_ESCAPE:
            if self.chosen is not None:
                self.chosen = None
                self._refresh()
            else:
                self.cancel()
            return True
        return False

    # -- the frame --

    def update(self, dt: float) -> None:
        super().update(dt)
        self.widgets.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._background(surface.get_size()), (0, 0))
        view = self.view
        pulse = 0.5 + 0.5 * math.sin(self.time * 5)
        for places, colour in self.flagged:
            mark_squares(surface, view, places, colour, 0.3 * pulse)
        size = view.unit_size()
        dragging = self.drag[0] if self.drag is not None and self.dragged else None
        for (file, rank), unit in self.draft.units.items():
            if not on_field(file, rank):
                continue
            colour = theme.SEAT_COLOURS[unit.owner]
            centre = view.cell_rect(file, rank).center
            draw_unit(
                surface,
                centre,
                size,
                unit,
                colour,
                mark=mark_of(colour),
                alpha=90 if dragging == (file, rank) else 255,
            )
        self._draw_marks(surface)
        self.messages.draw(surface, self.app.theme, self.toast, self.px(17))
        self._draw_panel(surface)

    def _ring(self, surface: pygame.Surface, square: Square, colour: theme.Colour) -> None:
        rect = self.view.cell_rect(*square).inflate(-2, -2)
        width, radius = max(2, self.view.square // 16), max(2, self.view.square // 8)
        pygame.draw.rect(surface, colour, rect, width, border_radius=radius)

    def _draw_marks(self, surface: pygame.Surface) -> None:
        """The chosen unit's ring, the keys' cursor, the ghost of what a click places, the unit dragged."""
        view = self.view
        if self.chosen is not None:
            self._ring(surface, self.chosen, theme.SELECT)
        if self.cursor_shown:
            self._ring(surface, self.cursor, theme.BOARD_SELECT)
        colour = theme.SEAT_COLOURS[self.brush.owner]
        if self.drag is None and self.hover is not None and self.draft.unit_at(*self.hover) is None:
            draw_unit(
                surface,
                view.cell_rect(*self.hover).center,
                view.unit_size(),
                self.brush,
                colour,
                mark=mark_of(colour),
                alpha=110,
            )
        if self.drag is not None and self.dragged:
            unit = self.draft.unit_at(*self.drag[0])
            if unit is not None:
                own = theme.SEAT_COLOURS[unit.owner]
                if self.hover is not None:
                    self._ring(surface, self.hover, theme.SELECT)
                draw_unit(surface, self.drag[1], view.unit_size(), unit, own, mark=mark_of(own), alpha=220)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        self.draw_title(surface, tr("BATTLE EDITOR"), self.panel.title_box(ui), size=24)
        name = level_name(self.source) if self.source is not None else tr("Untitled battle")
        subtitle = name + (" *" if self.dirty else "")
        counts = (
            (self.draft.bases(GOLD), self.draft.figures(GOLD)),
            (self.draft.bases(SILVER), self.draft.figures(SILVER)),
        )
        self.panel.draw(surface, ui, subtitle, self.shown_unit(), counts)

    def _background(self, size: tuple[int, int]) -> pygame.Surface:
        key = (size, tuple(self.view.rect), tuple(self.panel.rect), theme.__dict__.get("LOOK_VERSION"))
        if self._background_key != key:
            background = gfx.backdrop(size).copy()
            self.view.draw_static(background, self.app.theme)
            gfx.panel(background, self.panel.rect, radius=self.px(16), alpha=215)
            self._background_surface = background
            self._background_key = key
        assert self._background_surface is not None
        return self._background_surface
