"""Saving and loading games: Save, Save as (a name field), the Load list, Continue, and the
messages about damaged files.

The files themselves are ``game.saves``' business (PGN, atomic writes, safe
names, damaged files listed with their reason); these scenes show them. A
loaded game becomes a ``PlayScene`` with the saved players, level name and
undo/redo history, on top of the menu.
"""

from __future__ import annotations

import datetime as _dt
import logging
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import saves
from game.ai.ataxx.levels import level_by_key
from game.engine.ataxx import Board, Side
from game.engine.levels import LevelInfo
from game.engine.match import Match
from game.i18n import tr
from game.scenes.base import Scene
from game.scenes.dialog import Dialog
from game.ui import gfx, theme
from game.ui.board_view import thumbnail
from game.ui.lang import fit_text, player_label, tr_data
from game.ui.textinput import TextInput
from game.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.play import PlayScene

__all__ = [
    "LoadScene",
    "SaveAsScene",
    "continue_autosave",
    "damaged_settings_dialog",
    "explain_reason",
    "open_match",
    "quick_save",
]

log = logging.getLogger(__name__)

# The reasons game.saves, game.paths and game.engine.pgn give, and their translation keys.
_REASONS: tuple[tuple[str, str], ...] = (
    (r"file is larger than (?P<n>\d+) bytes", "the file is larger than {n} bytes"),
    (r"the file is larger than (?P<n>\d+) KB", "the file is larger than {n} KB"),
    (r"binary data, not a (text file|PGN game)", "binary data, not a saved game"),
    (r"not UTF-8 text \(byte (?P<n>\d+)\)", "not text (byte {n} is not UTF-8)"),
    (r"no game found: the file is empty", "the file is empty"),
    (r"line (?P<n>\d+): malformed tag .*", "line {n}: a malformed tag"),
    (r"bad FEN tag: .*", "the starting position (FEN tag) is not an Ataxx position"),
    (r"bad Redo tag: .*", "the Redo tag is damaged"),
    (r"move (?P<n>\d+) \((?P<move>.*?)\): .*", "move {n} ({move}) is not a legal Ataxx move"),
    (r"more than (?P<n>\d+) moves", "more than {n} moves"),
    (r".*never (closed|opened).*", "the move text is cut off or garbled"),
    (r"the moves cannot be replayed.*", "the moves cannot be replayed under these rules"),
    (r"cannot be read.*", "the file cannot be read"),
    (r"not a file", "not a file"),
)


def explain_reason(reason: str) -> str:
    """Why a save is damaged, in the player's language, without the file name in front."""
    text = reason
    while True:  # "name.pgn: name.pgn: why" -> "why"
        head, sep, rest = text.partition(": ")
        if sep and (head.endswith(".pgn") or head.endswith(".json")):
            text = rest
        else:
            break
    for pattern, key in _REASONS:
        found = re.fullmatch(pattern, text)
        if found:
            return tr(key, **found.groupdict())
    return tr("the file is not a game this program can read")


# -- loading into a play screen --


def _config_for(match: Match) -> object:
    from game.scenes.newgame import GameConfig

    red, _blue = match.players
    first = Board(match.start_fen).turn
    computers = [player for player in match.players if not player.is_human]
    if len(computers) == 1:
        try:
            level = level_by_key(computers[0].level or "casual").key
        except ValueError:
            level = "casual"
        human_side = Side.RED if red.is_human else Side.BLUE
        return GameConfig(True, level, human_side, first)
    return GameConfig(False, "casual", Side.RED, first)


def open_match(app: App, match: Match, level_name: str, *, save_name: str | None = None) -> PlayScene:
    """A play screen for ``match`` (a loaded game) on top of the menu; returns it."""
    from game.engine.match import Player
    from game.scenes.menu import MenuScene
    from game.scenes.play import PlayScene

    if all(not player.is_human for player in match.players):
        # Two computers cannot be resumed by a person: they become two players.
        match.players = (Player.human("Red"), Player.human("Blue"))
    config = _config_for(match)
    level = LevelInfo(level_name or tr("Loaded game"), "", "", match.start_fen)
    play = PlayScene(app, config, level)  # type: ignore[arg-type]
    play.match = match
    play.first_side = Board(match.start_fen).turn
    play.keeper.adopt(match, save_name)
    if match.is_over:
        play.results_shown = True  # a finished game opens on its final board
    if not app.pop_to(MenuScene):
        app.reset(MenuScene(app))
    match.pause()
    app.push(play)
    match.resume()
    app.audio.play("start")
    return play


def continue_autosave(app: App) -> PlayScene | None:
    """Resume the autosave; a damaged one is set aside with a message naming it."""
    path = saves.autosave_path()
    try:
        loaded = saves.load_autosave()
    except (saves.SaveError, OSError) as error:
        log.warning("autosave unusable: %s", error)
        stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"autosave.damaged-{stamp}.pgn")
        try:
            path.replace(aside)
            kept = tr("It is kept as {name}.", name=aside.name)
        except OSError:
            kept = ""
        _message(
            app,
            tr("Cannot continue"),
            [
                tr(
                    "The autosave {file} is damaged: {reason}.",
                    file=str(path),
                    reason=explain_reason(str(error)),
                ),
                kept,
            ],
        )
        return None
    if loaded is None:
        return None
    match, game = loaded
    return open_match(app, match, game.tag("Level"))


def _message(app: App, title: str, lines: list[str], accent: theme.Colour = theme.DANGER) -> Dialog:
    dialog = Dialog(app, title, [line for line in lines if line], [("OK", app.pop)], accent=accent, width=600)
    dialog.escape_action = app.pop
    app.push(dialog)
    return dialog


def damaged_settings_dialog(app: App) -> Dialog:
    """The message shown at start when the settings file was damaged and set aside."""
    damaged = app.settings.damaged or ("settings.json", "")
    lines = [tr("The settings file {file} is damaged: the default settings are used.", file=damaged[0])]
    if damaged[1]:
        lines.append(tr("The damaged file is kept as {name}.", name=damaged[1]))
    dialog = Dialog(app, tr("Settings reset"), lines, [("OK", app.pop)], accent=theme.GOLD, width=620)
    dialog.escape_action = app.pop
    return dialog


# -- saving --


def quick_save(play: PlayScene) -> None:
    """Save to the current name, or ask for one (Save as) the first time."""
    app = play.app
    name = play.keeper.save_name
    if not name:
        app.push(SaveAsScene(app, play))
        return
    _write(play, name)


def _write(play: PlayScene, name: str) -> bool:
    try:
        path = saves.save_game(name, play.match, level_name=play.level.name)
    except (saves.SaveError, OSError) as error:
        log.warning("save failed: %s", error)
        play.toast = (tr("Could not save: {reason}", reason=explain_reason(str(error))), 2.5)
        play.app.audio.play("invalid")
        return False
    play.keeper.save_name = path.stem
    play.toast = (tr("Saved as “{name}”", name=path.stem), 1.8)
    play.app.audio.play("select")
    return True


class SaveAsScene(Dialog):
    """A name field over the game; Save writes ``<name>.pgn`` in the saves folder."""

    def __init__(self, app: App, play: PlayScene) -> None:
        self.play = play
        default = play.keeper.save_name or f"{play.level.name} {_dt.datetime.now():%Y-%m-%d %H.%M}"
        super().__init__(
            app,
            tr("Save as"),
            [tr("Name of the saved game:")],
            [("Save", self.submit), ("Cancel", self._cancel)],
            accent=theme.ACCENT,
            width=520,
        )
        self.field = TextInput(
            default, on_submit=lambda _text: self.submit(), max_length=saves.MAX_NAME_LENGTH
        )
        self.error = ""
        self.escape_action = self._cancel

    def enter(self) -> None:
        self.field.start()

    def exit(self) -> None:
        self.field.stop()

    def content_height(self, width: int) -> int:
        return self.px(86)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        top = self.content_top()
        self.field.rect = pygame.Rect(0, top, self.panel_rect.width - self.px(80), self.px(46))
        self.field.rect.centerx = self.panel_rect.centerx

    def _cancel(self) -> None:
        self.app.pop()

    def submit(self) -> None:
        """Save under the typed name (asking first before replacing another save)."""
        try:
            name = saves.sanitize_name(self.field.text)
            exists = saves.save_path(name).exists()
        except saves.SaveError:
            self.error = tr("Use letters or digits for the name")
            self.app.audio.play("invalid")
            return
        if exists and name != self.play.keeper.save_name:

            def replace() -> None:
                self.app.pop()
                self._save(name)

            dialog = Dialog(
                self.app,
                tr("Replace?"),
                [tr("A saved game called “{name}” exists. Replace it?", name=name)],
                [("Replace", replace), ("Cancel", self.app.pop)],
                accent=theme.GOLD,
            )
            dialog.escape_action = self.app.pop
            self.app.push(dialog)
            return
        self._save(name)

    def _save(self, name: str) -> None:
        from game.scenes.play import PlayScene

        if _write(self.play, name):
            self.app.pop_to(PlayScene)
        else:
            self.error = self.play.toast[0] if self.play.toast else tr("Could not save")

    def handle_event(self, event: pygame.event.Event) -> bool:
        # The only field keeps the focus: a click on a button must not stop the typing.
        clicked_elsewhere = event.type == pygame.MOUSEBUTTONDOWN and not self.field.rect.collidepoint(
            event.pos
        )
        if not clicked_elsewhere and self.field.handle_event(event):
            self.error = ""
            return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.field.update(dt)

    def draw_content(self, surface: pygame.Surface) -> None:
        super().draw_content(surface)
        self.field.draw(surface, self.app.theme)
        if self.error:
            note = self.app.theme.text(self.error, "body", self.px(15), theme.DANGER, bold=True)
            surface.blit(
                note, note.get_rect(midtop=(self.panel_rect.centerx, self.field.rect.bottom + self.px(8)))
            )


# -- the Load list --


def _when(seconds: float) -> str:
    try:
        return _dt.datetime.fromtimestamp(seconds).strftime("%Y-%m-%d %H:%M")
    except (OverflowError, OSError, ValueError):
        return "?"


class LoadScene(Scene):
    """Every save with its position, level and move number; load or delete one."""

    def __init__(self, app: App) -> None:
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
                Button("Back", self._back, key=pygame.K_ESCAPE),
                Button("Delete", self.ask_delete, key=pygame.K_DELETE, accent=theme.DANGER),
                Button("Load", self.load_selected, primary=True),
            ]
        )
        self.refresh()

    def button(self, label: str) -> Button:
        """The button labelled ``label``."""
        return self.widgets.by_label(label)

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
        self._layout_size = None

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
        self.app.pop()

    def load_selected(self) -> None:
        """Open the selected save (a damaged one only buzzes)."""
        if self.selected is None:
            return
        entry = self.entries[self.selected]
        if isinstance(entry, saves.DamagedSave):
            self.app.audio.play("invalid")
            return
        try:
            match, game = saves.load_game(entry.path)
        except (saves.SaveError, OSError) as error:
            self.app.audio.play("invalid")
            _message(self.app, tr("Cannot load"), [explain_reason(str(error))])
            self.refresh()
            return
        open_match(self.app, match, game.tag("Level"), save_name=entry.name)

    def ask_delete(self) -> None:
        """Ask before deleting the selected save."""
        if self.selected is None:
            return
        entry = self.entries[self.selected]

        def confirmed() -> None:
            self.app.pop()
            try:
                saves.delete_save(entry.path)
            except (saves.SaveError, OSError) as error:
                log.warning("delete failed: %s", error)
            self.refresh()

        dialog = Dialog(
            self.app,
            tr("Delete?"),
            [tr("Delete the saved game “{name}”? This cannot be undone.", name=entry.name)],
            [("Delete", confirmed), ("Cancel", self.app.pop)],
            accent=theme.DANGER,
        )
        dialog.escape_action = self.app.pop
        self.app.push(dialog)

    # -- layout and events --

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        margin = self.px(30)
        top = self.px(100)
        bottom = height - self.px(86)
        self.list_rect = pygame.Rect(margin, top, width - margin * 2, bottom - top)
        self.row_h = max(self.px(88), 62)
        self.max_scroll = max(0, len(self.entries) * self.row_h - self.list_rect.height)
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        button_w, button_h = self.px(190), self.px(48)
        back, delete, load = self.widgets.buttons
        y = height - self.px(70)
        back.rect = pygame.Rect(margin, y, button_w, button_h)
        load.rect = pygame.Rect(width - margin - button_w, y, button_w, button_h)
        delete.rect = pygame.Rect(load.rect.x - self.px(16) - button_w, y, button_w, button_h)
        entry = self.entries[self.selected] if self.selected is not None else None
        delete.enabled = entry is not None
        load.enabled = isinstance(entry, saves.SaveEntry)

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
        self._layout_size = None
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

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        width, _height = surface.get_size()
        self.draw_screen_title(surface, tr("LOAD A GAME"), size=36, y=48)
        count = sum(isinstance(entry, saves.SaveEntry) for entry in self.entries)
        sub = ui.text(tr("{count} saved game(s)", count=count), "body", self.px(16), theme.TEXT_DIM)
        surface.blit(sub, sub.get_rect(center=(width // 2, self.px(80))))
        gfx.panel(surface, self.list_rect.inflate(self.px(12), self.px(12)), radius=self.px(14), alpha=200)
        if not self.entries:
            empty = ui.text(self.problem or tr("No saved games yet"), "body", self.px(20), theme.TEXT_FAINT)
            surface.blit(empty, empty.get_rect(center=self.list_rect.center))
            hint = ui.text(
                tr("Save a game from its menu (Esc during play)."), "body", self.px(15), theme.TEXT_FAINT
            )
            surface.blit(
                hint, hint.get_rect(center=(self.list_rect.centerx, self.list_rect.centery + self.px(32)))
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
                picture = thumbnail(entry.fen, thumb)
            except ValueError:
                picture = None
            if picture is not None:
                surface.blit(picture, picture.get_rect(midleft=(x, rect.centery)))
        else:
            box = pygame.Rect(x, rect.y + pad, thumb, thumb)
            pygame.draw.rect(surface, (40, 20, 34), box, border_radius=self.px(6))
            pygame.draw.line(surface, theme.DANGER, box.topleft, box.bottomright, 3)
            pygame.draw.line(surface, theme.DANGER, box.topright, box.bottomleft, 3)
        text_x = x + thumb + self.px(14)
        room = rect.right - text_x - self.px(24)
        name = fit_text(ui, entry.name, "body", self.px(19), theme.TEXT, room - self.px(170), bold=True)
        surface.blit(name, (text_x, rect.y + pad))
        if isinstance(entry, saves.DamagedSave):
            reason = tr("damaged: {reason}", reason=explain_reason(entry.reason))
            line = fit_text(ui, reason, "body", self.px(15), theme.DANGER, room)
            surface.blit(line, (text_x, rect.y + pad + self.px(30)))
            return
        level = tr_data(entry.level_name) if entry.level_name else tr("Unknown level")
        if entry.result != "*":
            move = tr("finished, {moves} moves", moves=entry.move_number)
        else:
            move = tr("move {number}", number=entry.move_number + 1)
        detail = fit_text(ui, f"{level}  ·  {move}", "body", self.px(15), theme.ACCENT, room)
        surface.blit(detail, (text_x, rect.y + pad + self.px(30)))
        players = tr(
            "{red} vs {blue}", red=player_label(entry.red_player), blue=player_label(entry.blue_player)
        )
        who = ui.text(players, "body", self.px(14), theme.TEXT_DIM)
        surface.blit(who, (text_x, rect.y + pad + self.px(52)))
        when = ui.text(_when(entry.modified), "body", self.px(14), theme.TEXT_DIM)
        surface.blit(when, when.get_rect(topright=(rect.right - self.px(22), rect.y + pad)))


def saves_folder() -> Path:
    """Where the saves are (shown in the About page)."""
    return saves.saves_dir()
