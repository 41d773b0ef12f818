"""What every game's level editor does around its board: undo and redo, the checks before playing or
saving, "Save as level…", the level pickers, deleting one of your levels, leaving, the passing messages.

A game's editor scene derives from ``LevelEditorScene`` and gives its draft
(anything with ``snapshot``, ``undo``, ``redo``, ``can_undo`` and
``can_redo``), the draft's position as a level's text, how to replace it by
a level's, its checks, and the findings box that shows them over its board.
So the look, the keys and the file handling are the same in every editor.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

import pygame

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
from game.engine.rules import GameRules, LevelProblem, Severity
from game.i18n import tr
from game.scenes.base import Scene
from game.scenes.editor_parts import ToolsPanelBase
from game.scenes.level_dialogs import LevelPickerScene, SaveLevelDialog
from game.scenes.services import SceneServices
from game.ui import theme
from game.ui.lang import explain_write_error, level_description, level_name
from game.ui.notice import MessageStrip

__all__ = ["EditorDraft", "LevelEditorScene"]

log = logging.getLogger(__name__)


class EditorDraft(Protocol):
    """The document a level editor edits, with its undo history."""

    @property
    def can_undo(self) -> bool: ...

    @property
    def can_redo(self) -> bool: ...

    def snapshot(self) -> Any:
        """The whole document as an immutable value (compared to tell an edited one)."""
        ...

    def undo(self) -> bool: ...

    def redo(self) -> bool: ...


class LevelEditorScene(Scene):
    """A level editor: its draft, the level it came from, what was saved, its messages (see the module)."""

    name = "editor"

    def __init__(
        self, app: SceneServices, rules: GameRules[Any, Any], draft: EditorDraft, level: LevelInfo | None
    ) -> None:
        super().__init__(app)
        self.rules = rules
        self.draft = draft
        self.source: LevelInfo | None = level
        """The level the draft started from (its name and description are offered when saving)."""
        self.saved: object = draft.snapshot()
        """The draft as it was opened or last saved."""
        self.messages = MessageStrip()
        """Where passing messages show: a line of its own under the board, so they cover nothing."""
        self.flagged: list[tuple[Any, theme.Colour]] = []
        """The places marked by the last check and their colour, until the next edit."""
        self.toast: tuple[str, float] | None = None

    # -- what a game's editor gives --

    panel: ToolsPanelBase
    """The tools beside the board."""

    def place_board(self, area: pygame.Rect) -> None:
        """Fit the board into ``area``."""
        raise NotImplementedError

    def level_picture(self, position: str, size: int) -> pygame.Surface:
        """A level card's picture of ``position``, about ``size`` pixels tall."""
        raise NotImplementedError

    def position_text(self) -> str:
        """The draft's position, as a level file writes it."""
        raise NotImplementedError

    def set_position(self, text: str) -> None:
        """Replace the draft by a level's position (an undo step); ``ValueError`` if the editor cannot hold it."""
        raise NotImplementedError

    def problems(self) -> list[LevelProblem]:
        """The checks' findings on the draft."""
        raise NotImplementedError

    def problems_dialog(
        self, problems: Sequence[LevelProblem], go_label: str, then: Callable[[], None]
    ) -> Scene:
        """The findings box over the board (``level_dialogs.ValidationDialog``)."""
        raise NotImplementedError

    def delete_note(self, name: str) -> str:
        """What deleting the level called ``name`` does (the question's text)."""
        raise NotImplementedError

    def leave_note(self) -> str:
        """What leaving with changes loses (the question's text)."""
        raise NotImplementedError

    def not_opened(self, level: LevelInfo, error: ValueError) -> str:
        """Why ``level`` cannot be edited here (said when it is picked)."""
        return tr("{name} cannot be opened here: {reason}", name=level_name(level), reason=str(error)[:100])

    def _refresh(self) -> None:
        """Bring the widgets in line with the draft."""

    def _edited(self) -> None:
        """After an edit: the last check's marks go, the widgets follow."""
        self.flagged = []
        self._refresh()

    # -- state --

    @property
    def dirty(self) -> bool:
        """Whether the draft differs from what was opened or last saved."""
        return bool(self.draft.snapshot() != self.saved)

    @property
    def custom_path(self) -> Path | None:
        """The file of the custom level being edited, if it is one of the player's own."""
        source = self.source
        if source is None or source.path is None:
            return None
        try:
            folder = custom_levels_dir(self.rules.key, create=False).resolve()
            path = source.path.resolve()
        except OSError:
            return None
        return source.path if path.parent == folder else None

    def _say(self, text: str) -> None:
        self.toast = (text, 2.2)

    # -- undo and redo --

    def undo(self) -> None:
        """Take back the last edit."""
        self._history_step(self.draft.undo())

    def redo(self) -> None:
        """Make again the last edit taken back."""
        self._history_step(self.draft.redo())

    def _history_step(self, stepped: bool) -> None:
        """After an undo or a redo: a click and the board redrawn when there was an edit to step over, else a
        buzz."""
        if stepped:
            self.app.audio.play("click")
            self._edited()
        else:
            self.app.audio.play("invalid")

    # -- opening levels --

    def load_level(self, level: LevelInfo) -> None:
        """Start editing ``level`` (undoable); one the editor cannot hold is named and the draft left alone."""
        try:
            self.set_position(level.position)
        except ValueError as error:
            log.info("level %r not opened in the editor: %s", level.name, error)
            self.app.audio.play("invalid")
            self._say(self.not_opened(level, error))
            return
        self.source = level
        self.saved = self.draft.snapshot()
        self._say(tr("Opened {name}", name=level_name(level)))
        self._edited()

    def open_standard(self) -> None:
        """Pick one of the game's levels to edit."""
        self.app.audio.play("click")
        self.app.stack.push(
            LevelPickerScene(
                self.app,
                tr("Standard levels"),
                shipped_levels(self.rules),
                self.load_level,
                tag=lambda index, level: tr("LEVEL {number}", number=level.number or index + 1),
                thumbnail=self.level_picture,
            )
        )

    def open_custom(self) -> None:
        """Pick one of your own levels to edit; damaged files are listed with their reason."""
        self.app.audio.play("click")
        self.app.stack.push(
            LevelPickerScene(
                self.app,
                tr("My levels"),
                custom_levels(self.rules),
                self.load_level,
                tag=lambda index, level: tr("MY LEVEL"),
                thumbnail=self.level_picture,
                empty_text=tr("You have no levels of your own yet. Make one, then “Save as level…”."),
            )
        )

    # -- checking, saving, deleting, leaving --

    def _validated(self, go_label: str, then: Callable[[], None]) -> None:
        """Check the draft: ``then`` at once when nothing is found, else the findings (refusals stop there;
        warnings offer ``go_label``)."""
        problems = self.problems()
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
        self.app.stack.push(self.problems_dialog(problems, go_label, then))

    def save_as(self) -> None:
        """Check, then ask for a name and a description and save into "My levels"."""
        self._validated("Save anyway", self._ask_name)

    def _ask_name(self) -> None:
        custom = self.custom_path is not None and self.source is not None
        name = self.source.name if custom and self.source else ""
        description = level_description(self.source) if self.source else ""
        self.app.stack.push(SaveLevelDialog(self.app, name, description, self._save))

    def _save(self, name: str, description: str, *, replace: bool = False) -> None:
        dialog = self.app.top
        position = self.position_text()
        level = LevelInfo(name, description, tr("You"), position)
        try:
            if not replace and self.custom_path is not None and self.source is not None:
                replace = name.strip().casefold() == self.source.name.casefold()
            path = save_custom_level(level, self.rules, replace=replace)
        except LevelExistsError:

            def replace_it() -> None:
                self.app.stack.pop()
                self._save(name, description, replace=True)

            self.app.router.push(
                "dialog",
                tr("Replace it?"),
                [tr("A level called “{name}” is already in My levels. Replace it with this one?", name=name)],
                [("replace", "Replace", replace_it), ("rename", "Choose another name", None)],
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
        self.source = LevelInfo(name, description, tr("You"), position, path, custom=True)
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
                delete_custom_level(path, self.rules.key)
            except (LevelError, OSError) as error:
                self._say(tr("Not deleted: {reason}", reason=str(error)[:100]))
                self.app.audio.play("invalid")
                return
            self._say(tr("Deleted “{name}”", name=self.source.name if self.source else ""))
            self.source = None
            self.saved = None  # nothing saved matches the board any more
            self._refresh()

        self.app.audio.play("click")
        self.app.router.push(
            "dialog",
            tr("Delete this level?"),
            [self.delete_note(self.source.name)],
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
            [self.leave_note()],
            [("leave", "Leave", leave), ("keep", "Keep editing", None)],
            accent=theme.ACCENT_2,
            default="keep",
        )

    # -- keys --

    def editor_key(self, event: pygame.event.Event) -> bool:
        """The keys every editor has (Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo, Ctrl+S save); whether ``event``
        was one."""
        ctrl = event.type == pygame.KEYDOWN and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if ctrl and event.key == pygame.K_z:
            self.redo() if event.mod & pygame.KMOD_SHIFT else self.undo()
            return True
        if ctrl and event.key == pygame.K_y:
            self.redo()
            return True
        if ctrl and event.key == pygame.K_s:
            self.save_as()
            return True
        return False

    # -- the frame --

    def layout(self, size: tuple[int, int]) -> None:
        board, panel = self.place_areas(size)
        self.place_board(board)
        self.panel.layout(self.app.theme, panel)

    def place_areas(self, size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
        """The board's area and the tools' panel beside it on the right, for a window of ``size``; the
        messages' strip goes under the board (the panel keeps its height for its tools)."""
        width, height = size
        margin = self.px(16)
        # At least 300 pixels where the window allows: the tools' labels keep their words whole.
        panel_w = max(min(300, int(width * 0.47)), min(int(width * 0.4), self.px(372)))
        strip = MessageStrip.height(self.app.theme, self.px(17))
        board_w = width - panel_w - margin * 3
        self.messages.rect = pygame.Rect(margin, height - margin - strip, board_w, strip)
        board = pygame.Rect(margin, margin, board_w, self.messages.rect.y - self.px(8) - margin)
        return board, pygame.Rect(width - panel_w - margin, margin, panel_w, height - margin * 2)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.toast is not None:
            self.toast = (self.toast[0], self.toast[1] - dt) if self.toast[1] > dt else None
