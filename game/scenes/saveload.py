"""Saving and loading games: Save as (a name field), the Load list, Continue, and damaged files.

The files themselves are ``game.engine.saves``' business (PGN-shaped files for
every game, atomic writes, safe names, damaged files listed with their
reason); these scenes show them. A loaded game becomes a match screen with the
saved players, level name and undo/redo history, on top of the menu, in its
own game (which becomes the current one).
"""

from __future__ import annotations

import datetime as _dt
import logging
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game import games
from game.engine import saves
from game.formats import format_datetime
from game.i18n import ntr, tr
from game.paths import DAMAGED_MARK, MAX_STEM_LENGTH, SetAsideNameError, display_name
from game.scenes.base import Scene
from game.scenes.dialog import FieldDialog
from game.scenes.resume import message, open_match, tell_cut_short
from game.scenes.services import SceneServices, SettingsServices
from game.ui import gfx, theme
from game.ui.lang import explain_file_error, explain_write_error, level_name, player_label, tr_data
from game.ui.textbox import draw_text
from game.ui.textinput import TextInput
from game.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from game.scenes.match import MatchScene

__all__ = ["LoadScene", "SaveAsScene", "save_detail"]

log = logging.getLogger(__name__)


# -- saving --


def save_detail(entry: saves.SaveEntry) -> str:
    """A save's line under its name: the game, the level and how far it went ("Ataxx · Cross · move 12").

    A level named as its game (Attangle's "Attangle") is said once.
    """
    game_name = tr(games.game(entry.game).name)
    level = tr_data(entry.level_name) if entry.level_name else tr("Unknown level")
    if entry.result != "*":
        move = tr("finished, {moves}", moves=ntr("{count} move", "{count} moves", entry.moves))
    else:
        move = tr("move {number}", number=entry.move_number)
    parts = [game_name, move] if level == game_name else [game_name, level, move]
    if entry.cut_short:
        parts.append(tr("cut short"))
    return "  ·  ".join(parts)


class SaveLoadServices(SceneServices, SettingsServices, Protocol):
    """What saving and loading use of the app: the scenes', and the settings (a loaded file's game)."""


class SaveAsScene(FieldDialog):
    """A name field over the game; Save writes ``<name>.pgn`` in the saves folder."""

    app: SaveLoadServices

    name = "saveas"
    field_margin = 80

    def __init__(self, app: SaveLoadServices, scene: MatchScene) -> None:
        self.play = scene
        # Offered in the player's language: "Colonnes 2026-11-23 16.50" in French.
        default = scene.keeper.save_name or f"{level_name(scene.level)} {_dt.datetime.now():%Y-%m-%d %H.%M}"
        field = TextInput(default, max_length=MAX_STEM_LENGTH)
        field.select_all()  # a name typed replaces the one offered
        super().__init__(
            app,
            tr("Save as"),
            tr("Name of the saved game:"),
            ("save", "Save"),
            field,
            accent=theme.ACCENT,
            width=520,
        )

    def content_height(self, width: int) -> int:
        return self.px(86)

    def submit(self) -> None:
        """Save under the typed name (asking first before replacing another save)."""
        try:
            path = saves.save_path(self.field.text)
            exists = path.exists()
        except saves.SaveError as error:
            if isinstance(error.__cause__, SetAsideNameError):  # it would be saved, then never listed
                self.error = tr(
                    "Names with “{mark}” are kept for damaged files: choose another", mark=DAMAGED_MARK
                )
            else:
                self.error = tr("Use letters or digits for the name")
            self.app.audio.play("invalid")
            return
        except OSError as error:  # the saves folder cannot be made or read
            self.error = tr("Cannot save: {reason}", reason=explain_write_error(error))
            self.app.audio.play("invalid")
            return
        name = path.stem
        if exists and name != self.play.keeper.save_name:

            def replace() -> None:
                self.app.stack.pop()
                self._save(name)

            self.app.router.push(
                "dialog",
                tr("Replace?"),
                [tr("A saved game called “{name}” exists. Replace it?", name=name)],
                [("replace", "Replace", replace), ("cancel", "Cancel", None)],
                accent=theme.GOLD,
                default="cancel",
            )
            return
        self._save(name)

    def _save(self, name: str) -> None:
        if self.play.keeper.save_as(name):
            self.app.router.back_to("match")
        else:
            self.error = self.play.toast[0] if self.play.toast else tr("Could not save")

    def draw_content(self, surface: pygame.Surface) -> None:
        super().draw_content(surface)
        if self.error:
            draw_text(
                surface,
                self.app.theme,
                self.error,
                "body",
                self.px(15),
                theme.DANGER,
                self.below_field(self.px(6)),
                bold=True,
                align="center",
                container=self.panel_rect,
            )


# -- the Load list --


def _when(seconds: float) -> str:
    try:
        return format_datetime(_dt.datetime.fromtimestamp(seconds))
    except (OverflowError, OSError, ValueError):
        return "?"


class LoadScene(Scene):
    """Every save with its position, level and move number; load or delete one."""

    app: SaveLoadServices

    name = "load"

    def __init__(self, app: SaveLoadServices) -> None:
        super().__init__(app)
        self.entries: list[saves.SaveEntry | saves.DamagedSave] = []
        self.selected: int | None = None
        self.scroll = 0
        self.max_scroll = 0
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 1
        self.problem = ""
        self.widgets = WidgetGroup(
            [
                Button("back", "Back", self._back, key=pygame.K_ESCAPE),
                Button("delete", "Delete", self.ask_delete, key=pygame.K_DELETE, accent=theme.DANGER),
                Button("analyse_save", "Analyse", self.analyse_selected),
                Button("load", "Load", self.load_selected, primary=True),
            ]
        )
        self.refresh()

    def refresh(self) -> None:
        """Read the saves folder again (after a delete)."""
        try:
            self.entries = saves.list_saves()
            self.problem = ""
        except OSError as error:
            log.warning("saves folder unreadable: %s", error)
            self.entries = []
            self.problem = tr("The saves folder cannot be read.")
        if self.selected is not None and self.selected >= len(self.entries):
            self.selected = len(self.entries) - 1 if self.entries else None
        if self.selected is None and self.entries:
            self.selected = next(
                (i for i, entry in enumerate(self.entries) if isinstance(entry, saves.SaveEntry)), 0
            )
        self.relayout()

    def index_of(self, name: str) -> int:
        """The row of the save called ``name`` (tests use it)."""
        return next(i for i, entry in enumerate(self.entries) if entry.name == name)

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row ``index`` is on screen now."""
        self.ensure_layout()
        return pygame.Rect(
            self.list_rect.x,
            self.list_rect.y + index * self.row_h - self.scroll,
            self.list_rect.width,
            self.row_h,
        ).inflate(0, -self.px(6))

    # -- actions --

    def _back(self) -> None:
        self.app.audio.play("click")
        self.app.stack.pop()

    def _read_selected(self) -> tuple[saves.SaveEntry, Any, Any] | None:
        """The selected save, its match and its record; ``None`` (after a buzz, and a message if it
        cannot be read) when nothing is selected or the save is damaged."""
        if self.selected is None:
            return None
        entry = self.entries[self.selected]
        if isinstance(entry, saves.DamagedSave):
            self.app.audio.play("invalid")
            return None
        try:
            match, game = saves.load_game(entry.path)
        except (saves.SaveError, OSError) as error:
            self.app.audio.play("invalid")
            message(self.app, tr("Cannot load"), [explain_file_error(str(error))])
            self.refresh()
            return None
        return entry, match, game

    def load_selected(self) -> None:
        """Open the selected save (a damaged one only buzzes)."""
        selected = self._read_selected()
        if selected is not None:
            entry, match, game = selected
            open_match(self.app, match, game.tag("Level"), save_name=entry.name)
            tell_cut_short(self.app, game, match, display_name(entry.path))

    def analyse_selected(self) -> None:
        """The selected save's analysis, in its own game (a damaged one only buzzes); Back returns here."""
        selected = self._read_selected()
        if selected is not None:
            entry, match, game = selected
            self.app.choose_game(match.rules.key)
            level = tr_data(game.tag("Level")) if game.tag("Level") else ""
            self.app.router.push("analysis", match, level, save_name=entry.name)
            tell_cut_short(self.app, game, match, display_name(entry.path))

    def ask_delete(self) -> None:
        """Ask before deleting the selected save."""
        if self.selected is None:
            return
        entry = self.entries[self.selected]

        def confirmed() -> None:
            self.app.stack.pop()
            try:
                saves.delete_save(entry.path)
            except (saves.SaveError, OSError) as error:
                log.warning("delete failed: %s", error)
            self.refresh()

        self.app.router.push(
            "dialog",
            tr("Delete?"),
            [tr("Delete the saved game “{name}”? This cannot be undone.", name=entry.name)],
            [("delete", "Delete", confirmed), ("cancel", "Cancel", None)],
            accent=theme.DANGER,
            default="cancel",
        )

    # -- layout and events --

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        margin = self.px(30)
        top = max(self.px(100), self._subtitle_box().bottom + self.px(6))
        bottom = height - self.px(86)
        self.list_rect = pygame.Rect(margin, top, width - margin * 2, bottom - top)
        ui = self.app.theme
        # The name, the game's line and the players', one under another, in every window.
        lines = (
            ui.font("body", self.px(19), bold=True).get_height()
            + ui.font("body", self.px(15)).get_height()
            + ui.font("body", self.px(14)).get_height()
        )
        self.row_h = max(self.px(88), 62, lines + 8 + 2 * self.px(10) + self.px(6))
        self.max_scroll = max(0, len(self.entries) * self.row_h - self.list_rect.height)
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        button_w, button_h = self.px(190), self.px(48)
        back, delete, analyse, load = self.widgets.buttons
        y = height - self.px(70)
        gap = self.px(16)
        # Four buttons in a row: as wide as the window leaves them, never wider than the design's.
        button_w = min(button_w, (width - 2 * margin - 3 * gap) // 4)
        back.rect = pygame.Rect(margin, y, button_w, button_h)
        load.rect = pygame.Rect(width - margin - button_w, y, button_w, button_h)
        analyse.rect = pygame.Rect(load.rect.x - gap - button_w, y, button_w, button_h)
        delete.rect = pygame.Rect(analyse.rect.x - gap - button_w, y, button_w, button_h)
        entry = self.entries[self.selected] if self.selected is not None else None
        delete.enabled = entry is not None
        load.enabled = isinstance(entry, saves.SaveEntry)
        analyse.enabled = isinstance(entry, saves.SaveEntry) and games.game(entry.game).has("ai")

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.list_rect.collidepoint(pos):
            return None
        index = (pos[1] - self.list_rect.y + self.scroll) // self.row_h
        return index if 0 <= index < len(self.entries) else None

    def _select(self, index: int) -> None:
        self.selected = max(0, min(len(self.entries) - 1, index))
        row = self.row_rect(self.selected)
        if row.top < self.list_rect.top:
            self.scroll -= self.list_rect.top - row.top + self.px(3)
        elif row.bottom > self.list_rect.bottom:
            self.scroll += row.bottom - self.list_rect.bottom + self.px(3)
        self.relayout()
        self.app.audio.play("select")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle_event(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.max_scroll, self.scroll - event.y * self.px(40)))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self._row_at(event.pos)
            if index is not None:
                if index == self.selected:
                    self.load_selected()
                else:
                    self._select(index)
                return True
        if event.type == pygame.KEYDOWN and self.entries:
            if event.key == pygame.K_DOWN:
                self._select((self.selected if self.selected is not None else -1) + 1)
                return True
            if event.key == pygame.K_UP:
                self._select((self.selected if self.selected is not None else 1) - 1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.load_selected()
                return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        self.widgets.update(dt)

    # -- drawing --

    def _subtitle_box(self) -> pygame.Rect:
        """The line under the title (how many saved games), clear of the title's glow."""
        sub_h = self.app.theme.font("body", self.px(16)).get_height()
        title = self.screen_title_box(36, 48)
        return pygame.Rect(self.px(30), title.bottom, self.app.size[0] - self.px(60), sub_h)

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        self.draw_screen_title(surface, tr("LOAD A GAME"), size=36, y=48)
        count = sum(isinstance(entry, saves.SaveEntry) for entry in self.entries)
        sub_box = self._subtitle_box()
        draw_text(
            surface,
            ui,
            ntr("{count} saved game", "{count} saved games", count),
            "body",
            self.px(16),
            theme.TEXT_DIM,
            sub_box,
            align="center",
            max_lines=1,
        )
        gfx.panel(surface, self.list_rect.inflate(self.px(12), self.px(12)), radius=self.px(14), alpha=200)
        if not self.entries:
            inner = self.list_rect.inflate(-self.px(40), -self.px(20))
            upper = pygame.Rect(inner.x, inner.y, inner.width, inner.centery + self.px(8) - inner.y)
            draw_text(
                surface,
                ui,
                self.problem or tr("No saved games yet"),
                "body",
                self.px(20),
                theme.TEXT_FAINT,
                upper,
                align="center",
                valign="bottom",
            )
            lower = pygame.Rect(
                inner.x, upper.bottom + self.px(8), inner.width, inner.bottom - upper.bottom - self.px(8)
            )
            draw_text(
                surface,
                ui,
                tr("Save a game from its menu (Esc during play)."),
                "body",
                self.px(15),
                theme.TEXT_FAINT,
                lower,
                align="center",
            )
        clip = surface.get_clip()
        surface.set_clip(self.list_rect)
        for index, entry in enumerate(self.entries):
            rect = self.row_rect(index)
            if rect.bottom < self.list_rect.top or rect.top > self.list_rect.bottom:
                continue
            self._draw_row(surface, rect, entry, index == self.selected)
        surface.set_clip(clip)
        if self.max_scroll:
            track = pygame.Rect(
                self.list_rect.right - self.px(5), self.list_rect.y, self.px(4), self.list_rect.height
            )
            knob_h = max(self.px(20), track.height * track.height // (track.height + self.max_scroll))
            knob_y = track.y + (track.height - knob_h) * self.scroll // max(1, self.max_scroll)
            pygame.draw.rect(
                surface, theme.PANEL_EDGE, (track.x, knob_y, track.width, knob_h), border_radius=2
            )
        self.widgets.draw(surface, ui)

    def _draw_row(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        entry: saves.SaveEntry | saves.DamagedSave,
        chosen: bool,
    ) -> None:
        ui = self.app.theme
        damaged = isinstance(entry, saves.DamagedSave)
        edge = theme.ACCENT if chosen else ((110, 50, 70) if damaged else (52, 62, 112))
        fill = (26, 34, 70) if chosen else theme.PANEL
        gfx.panel(surface, rect.inflate(-self.px(8), 0), fill=fill, edge=edge, radius=self.px(10), alpha=235)
        pad = self.px(10)
        thumb = rect.height - pad * 2
        x = rect.x + self.px(4) + pad
        if isinstance(entry, saves.SaveEntry):
            try:
                definition = games.game(entry.game)
                looks = definition.seat_looks(self.app.settings.palette)
                picture = definition.load("board").thumbnail(
                    entry.position, thumb, (looks[0].colour, looks[1].colour)
                )
            except (ValueError, LookupError):
                picture = None
            if picture is not None:
                surface.blit(picture, picture.get_rect(midleft=(x, rect.centery)))
        else:
            box = pygame.Rect(x, rect.y + pad, thumb, thumb)
            pygame.draw.rect(surface, (40, 20, 34), box, border_radius=self.px(6))
            pygame.draw.line(surface, theme.DANGER, box.topleft, box.bottomright, 3)
            pygame.draw.line(surface, theme.DANGER, box.topright, box.bottomleft, 3)
        text_x = x + thumb + self.px(14)
        text = pygame.Rect(text_x, rect.y + pad, rect.right - text_x - self.px(24), rect.height - pad * 2)
        top_line = ui.font("body", self.px(19), bold=True).get_height()
        if isinstance(entry, saves.SaveEntry):
            when = draw_text(
                surface,
                ui,
                _when(entry.modified),
                "body",
                self.px(14),
                theme.TEXT_DIM,
                pygame.Rect(text.x, text.y, text.width, top_line),
                align="right",
                valign="middle",
                max_lines=1,
            )
            name_w = text.width - when.width - self.px(16)
        else:
            name_w = text.width
        name_box = pygame.Rect(text.x, text.y, name_w, top_line)
        draw_text(
            surface,
            ui,
            entry.name,
            "body",
            self.px(19),
            theme.TEXT,
            name_box,
            bold=True,
            max_lines=1,
            cut_ok=True,
        )
        below = pygame.Rect(
            text.x, name_box.bottom + self.px(4), text.width, text.bottom - name_box.bottom - self.px(4)
        )
        if isinstance(entry, saves.DamagedSave):
            reason = tr("damaged: {reason}", reason=explain_file_error(entry.reason))
            draw_text(surface, ui, reason, "body", self.px(15), theme.DANGER, below, spacing=0.0, cut_ok=True)
            return
        detail = draw_text(
            surface,
            ui,
            save_detail(entry),
            "body",
            self.px(15),
            theme.ACCENT,
            below,
            max_lines=1,
        )
        looks = definition.seat_looks(self.app.settings.palette)
        names = [
            player_label(name) if name else tr(looks[seat].name) for seat, name in enumerate(entry.players)
        ]
        players = tr("{first} vs {second}", first=names[0], second=names[1])
        who = pygame.Rect(below.x, below.y + detail.height + self.px(2), below.width, 0)
        who.height = text.bottom - who.y
        draw_text(surface, ui, players, "body", self.px(14), theme.TEXT_DIM, who, max_lines=1)
