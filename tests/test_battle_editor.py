"""Lionheart's battle editor through the real App: scripted clicks and keys place, move, turn and remove
units of both sides, the checks name where a bad battle goes wrong, a saved battle appears under the
levels and plays, a saved one opens and changes, damaged files are named, and the test play comes back."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.driver import Driver
from game.engine.levels import LevelError, LevelInfo, custom_levels, custom_levels_dir, save_custom_level
from game.engine.lionheart import GOLD, SILVER, STANDARD_TEXT, Battle
from game.engine.lionheart.level_edit import DraftUnit
from game.engine.lionheart.rules import RULES
from game.engine.rules import Severity
from game.scenes.dialog import Dialog
from game.scenes.level_dialogs import LevelPickerScene, SaveLevelDialog, ValidationDialog
from game.scenes.levelselect import LevelSelectScene
from game.scenes.lionheart.editor import EMPTY_TEXT, BattleEditorScene
from game.scenes.lionheart.editor_demos import EDITOR_DEMOS
from game.scenes.lionheart.editor_findings import problem_text
from game.scenes.match import MatchScene
from game.scenes.menu import MenuScene
from game.scenes.trial import TrialScene

FILES = "abcdefghi"


def at(name: str) -> tuple[int, int]:
    """``(file, rank)`` of square ``name``."""
    return FILES.index(name[0]), int(name[1:]) - 1


@pytest.fixture
def driver() -> Iterator[Driver]:
    driver = Driver.fast(game="lionheart")
    yield driver
    driver.app.close()


def _open(driver: Driver) -> BattleEditorScene:
    driver.press("editor")  # the menu's "Level editor"
    editor = driver.top
    assert isinstance(editor, BattleEditorScene)
    editor.ensure_layout()
    return editor


def _names(driver: Driver) -> list[str]:
    return [scene.name for scene in driver.app.stack.scenes]


def _type(driver: Driver, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    driver.frames(1)


def test_the_menu_opens_the_battle_editor_on_the_standard_battle(driver: Driver) -> None:
    assert isinstance(driver.top, MenuScene) and driver.button("editor").visible
    editor = _open(driver)
    assert Battle(editor.draft.text()).text() == STANDARD_TEXT and not editor.dirty
    driver.frames(2)
    driver.press("cancel")  # nothing changed: it closes at once
    assert isinstance(driver.top, MenuScene)


def test_units_of_both_sides_placed_by_mouse_with_kind_figures_and_facing(driver: Driver) -> None:
    editor = _open(driver)
    driver.press("clear_field")
    assert editor.draft.text() == EMPTY_TEXT
    driver.click(editor.palette.centre("N"))  # knights
    driver.click(editor.square_centre("c3"))
    assert editor.draft.unit_at(*at("c3")) == DraftUnit(GOLD, "N", 2, "N")
    driver.click(editor.palette.centre("P"))  # peasants, one fewer figure, Silver, turned twice
    driver.click(editor.figures.halves()[0].center)
    driver.click(editor.side.rects[1].center)
    assert editor.brush.facing == "S"  # a side's units face the enemy
    driver.click(editor.turn.rect.center)
    driver.click(editor.turn.rect.center)
    driver.click(editor.square_centre("f8"))
    assert editor.draft.unit_at(*at("f8")) == DraftUnit(SILVER, "P", 3, "N")
    driver.click(editor.palette.centre("M"))
    for _ in range(12):  # no more than a base holds
        driver.click(editor.figures.halves()[1].center)
    assert editor.brush.figures == 10 and "invalid" in driver.app.audio.played
    driver.move_mouse(editor.square_centre("d7"))
    driver.frames(2)  # the ghost of what a click places
    driver.click(editor.square_centre("d7"))
    assert editor.draft.unit_at(*at("d7")) == DraftUnit(SILVER, "M", 10, "N")
    # A unit clicked is chosen: the panel's tools now change it (each an undo step).
    driver.click(editor.square_centre("c3"))
    assert editor.chosen == at("c3") and editor.side.value == GOLD and editor.palette.value == "N"
    driver.click(editor.turn.rect.center, button=3)  # a quarter back
    driver.click(editor.figures.halves()[0].center)
    driver.click(editor.side.rects[1].center)
    assert editor.draft.unit_at(*at("c3")) == DraftUnit(SILVER, "N", 1, "W")
    for _ in range(3):
        driver.press("undo_edit")
    assert editor.draft.unit_at(*at("c3")) == DraftUnit(GOLD, "N", 2, "N")
    driver.press("redo_edit")
    assert editor.draft.unit_at(*at("c3")) == DraftUnit(GOLD, "N", 2, "W")
    assert editor.dirty and "*" not in editor.draft.text()
    driver.frames(2)


def test_units_moved_swapped_and_removed_by_mouse(driver: Driver) -> None:
    editor = _open(driver)
    standard = editor.draft.text()
    driver.drag(editor.square_centre("e2"), editor.square_centre("e5"))
    assert editor.draft.unit_at(*at("e2")) is None and editor.draft.unit_at(*at("e5")) == DraftUnit(
        GOLD, "I", 4, "N"
    )
    driver.drag(editor.square_centre("e5"), editor.square_centre("c9"))  # onto Silver's infantry: they swap
    assert editor.draft.unit_at(*at("c9")).owner == GOLD and editor.draft.unit_at(*at("e5")).owner == SILVER
    driver.click(editor.square_centre("c10"), button=3)  # the right button removes
    assert editor.draft.unit_at(*at("c10")) is None
    off = (editor.view.rect.right + 40, editor.view.rect.centery)
    driver.drag(editor.square_centre("g1"), off)  # dragged off the field: removed
    assert editor.draft.unit_at(*at("g1")) is None
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=editor.square_centre("d1"), rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0, precise_y=1)
    )
    driver.frames(1)
    assert editor.draft.unit_at(*at("d1")).facing == "E"  # the wheel turns the unit under the pointer
    for _ in range(5):
        driver.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert editor.draft.text() == standard and not editor.widgets["undo_edit"].enabled
    driver.key(pygame.K_y, mod=pygame.KMOD_CTRL)
    driver.key(pygame.K_z, mod=pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert editor.draft.unit_at(*at("c9")).owner == GOLD  # two edits made again: the move and the swap


def test_the_keyboard_places_moves_turns_and_removes(driver: Driver) -> None:
    editor = _open(driver)
    driver.press("clear_field")
    driver.key(pygame.K_RIGHT)  # the first arrow shows the cursor, on e2
    assert editor.cursor_shown and editor.cursor == at("e2")
    driver.key(pygame.K_3)  # archers
    driver.key(pygame.K_s)  # Silver
    driver.key(pygame.K_r)  # turned a quarter: west
    driver.key(pygame.K_MINUS)
    driver.key(pygame.K_UP)
    driver.key(pygame.K_RETURN)
    assert editor.draft.unit_at(*at("e3")) == DraftUnit(SILVER, "A", 3, "W")
    driver.key(pygame.K_RETURN)  # Enter on a unit picks it up...
    assert editor.chosen == at("e3")
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_RETURN)  # ...and puts it down where the cursor is
    assert (
        editor.draft.unit_at(*at("c3")) == DraftUnit(SILVER, "A", 3, "W")
        and editor.draft.unit_at(*at("e3")) is None
    )
    driver.key(pygame.K_r, mod=pygame.KMOD_SHIFT)  # the chosen unit turns back
    driver.key(pygame.K_EQUALS)
    assert editor.draft.unit_at(*at("c3")) == DraftUnit(SILVER, "A", 4, "S")
    driver.key(pygame.K_DELETE)
    assert editor.draft.unit_at(*at("c3")) is None
    driver.key(pygame.K_o)  # who starts: the roll, then Gold
    assert editor.draft.opening == GOLD and editor.draft.text().endswith(" g 2 1 -")
    driver.key(pygame.K_ESCAPE)  # with changes, Esc asks before leaving
    assert isinstance(driver.top, Dialog)
    driver.press("keep")
    assert driver.top is editor
    # Tab goes through the buttons, and Enter presses the one lit (not a unit placed on the field).
    driver.press("new_battle")
    driver.key(pygame.K_TAB)
    assert not editor.cursor_shown and editor.widgets.focus == 0
    driver.key(pygame.K_RETURN)  # Undo edit: the field cleared again
    assert editor.draft.text() == EMPTY_TEXT.replace(" - 2 0 start", " g 2 1 -")
    driver.key(pygame.K_UP)  # the arrows take the cursor back
    assert editor.cursor_shown and editor.widgets.focus is None


def test_a_bad_battle_is_refused_and_each_problem_named_where_it_is(driver: Driver) -> None:
    editor = _open(driver)
    driver.drag(
        editor.square_centre("e1"), editor.square_centre("e10")
    )  # Gold's king onto Silver's: they swap
    driver.click(editor.palette.centre("R"))
    driver.click(editor.square_centre("b3"))
    driver.click(editor.square_centre("h3"))  # a second unit of mercenaries
    driver.click(editor.palette.centre("A"))
    driver.click(editor.square_centre("a1"))  # twelve archers
    for button in ("play", "save_level"):
        driver.press(button)
        dialog = driver.top
        assert isinstance(dialog, ValidationDialog) and dialog.refused
        assert dialog.widgets.ids() == ["back"]
        texts = {problem.code: problem_text(problem) for problem in dialog.problems}
        assert set(texts) == {"mercenaries", "army-limit", "bases"}, texts
        assert "b3, h3" in texts["mercenaries"] and "a1, c1, g1" in texts["army-limit"]
        assert "Gold" in texts["mercenaries"]
        assert all(problem.severity is Severity.REFUSED for problem in dialog.problems)
        assert editor.flagged and dialog.highlighted()  # marked on the field
        driver.move_mouse(dialog.problem_rects[0].center)  # one finding at a time
        driver.frames(2)
        assert len(dialog.highlighted()) == 1
        driver.press("back")
        assert driver.top is editor
    assert driver.app.stack.find("trial") is None and custom_levels(RULES) == []
    driver.press("clear_field")
    driver.key(pygame.K_c)  # the check alone: only the kings, so each king stands alone
    assert isinstance(driver.top, ValidationDialog)
    driver.press("back")
    driver.click(editor.palette.centre("I"))
    driver.click(editor.square_centre("e2"))
    driver.click(editor.side.rects[1].center)
    driver.click(editor.square_centre("e9"))
    driver.key(pygame.K_c)
    assert (
        driver.top is editor and editor.toast is not None and editor.toast[0] == "The battle is ready to play"
    )
    driver.press("clear_field")
    driver.click(editor.square_centre("e1"), button=3)  # Gold's king gone
    driver.press("play")
    dialog = driver.top
    assert isinstance(dialog, ValidationDialog)
    texts = {problem.code: problem_text(problem) for problem in dialog.problems}
    assert texts == {"no-king": "Gold has no king (its place is e1)", "alone": texts["alone"]}
    assert texts["alone"] == "Silver's king stands alone on e10: the battle would be over"


def test_an_unusual_battle_may_be_played_anyway_and_the_test_play_comes_back(driver: Driver) -> None:
    editor = _open(driver)
    driver.click(editor.square_centre("c9"), button=3)  # Silver one unit short: a warning
    driver.click(editor.who_starts.rects[2].center)  # Silver starts
    text = editor.draft.text()
    driver.press("play")
    dialog = driver.top
    assert isinstance(dialog, ValidationDialog) and not dialog.refused
    assert [problem.code for problem in dialog.problems] == ["unequal"]
    driver.press("go")  # "Play anyway"
    trial = driver.top
    assert isinstance(trial, TrialScene) and _names(driver) == ["menu", "editor", "trial"]
    assert trial.match.position.text() == text and trial.match.turn == SILVER and not trial.vs_computer
    driver.frames(3)
    trial.save()  # a test play is not saved
    assert "invalid" in driver.app.audio.played
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, Dialog)
    driver.press("again")
    assert driver.top is trial and trial.match.ply == 0
    driver.key(pygame.K_ESCAPE)
    driver.press("back_to_editor")
    assert driver.top is editor and editor.draft.text() == text
    # Once more, to the end of the battle: its result, then back to the editor.
    editor.draft.set_opening(None)
    driver.press("play")
    driver.press("go")
    trial = driver.top
    assert isinstance(trial, TrialScene)
    trial.match.roll()
    while trial.match.at_chance:
        trial.match.roll()
    trial.resign()
    driver.frames(5)
    result = driver.top
    assert isinstance(result, Dialog) and result.widgets.ids() == ["again", "back_to_editor"]
    driver.press("back_to_editor")
    assert driver.top is editor and _names(driver) == ["menu", "editor"]


def test_a_saved_battle_appears_under_the_levels_and_plays(driver: Driver) -> None:
    editor = _open(driver)
    driver.drag(editor.square_centre("e2"), editor.square_centre("e4"))
    driver.click(editor.who_starts.rects[1].center)  # Gold starts
    text = editor.draft.text()
    driver.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    dialog = driver.top
    assert isinstance(dialog, SaveLevelDialog)
    driver.key(pygame.K_RETURN)  # no name yet
    assert dialog.error and driver.top is dialog
    _type(driver, "Forward centre")
    driver.key(pygame.K_TAB)
    _type(driver, "Gold's centre marches first.")
    driver.press("save")
    assert driver.top is editor and not editor.dirty and editor.widgets["delete"].enabled
    (level,) = custom_levels(RULES)
    assert isinstance(level, LevelInfo) and level.name == "Forward centre" and level.position == text
    driver.press("cancel")
    driver.press("new_game")
    driver.press("choose_level")
    select = driver.top
    assert isinstance(select, LevelSelectScene)
    names = [entry.name for entry in select.levels[select.custom_start :]]
    assert names == ["Forward centre"]
    select.scroll = select.max_scroll
    driver.click(select.card_centre(select.custom_start))
    play = driver.top
    assert isinstance(play, MatchScene) and play.level.name == "Forward centre"
    assert play.match.position.text() == text and play.match.turn == GOLD


def test_a_saved_battle_opens_changes_and_is_saved_again(driver: Driver) -> None:
    save_custom_level(
        LevelInfo("Two kings' duel", "Few units.", "You", "gK1e1N,gI4e2N,sK1e10S,sI4e9S - 2 0 start"), RULES
    )
    editor = _open(driver)
    driver.press("open_custom")
    picker = driver.top
    assert isinstance(picker, LevelPickerScene) and len(picker.entries) == 1
    driver.frames(2)
    driver.click(picker.card_centre(0))
    assert driver.top is editor and editor.source is not None and editor.custom_path is not None
    assert editor.draft.text() == "gK1e1N,gI4e2N,sI4e9S,sK1e10S - 2 0 start" and not editor.dirty
    driver.click(editor.palette.centre("H"))
    driver.click(editor.square_centre("d2"))
    assert editor.dirty
    driver.press("save_level")
    warning = driver.top
    assert isinstance(warning, ValidationDialog) and not warning.refused  # the armies are unequal now
    driver.press("go")  # "Save anyway"
    dialog = driver.top
    assert isinstance(dialog, SaveLevelDialog) and dialog.name_field.text == "Two kings' duel"
    driver.press("save")  # the level being edited: replaced without a question
    (level,) = custom_levels(RULES)
    assert isinstance(level, LevelInfo) and "gH2d2N" in level.position
    driver.press("delete")
    driver.press("delete")  # confirmed
    assert custom_levels(RULES) == [] and not editor.widgets["delete"].enabled


def test_damaged_files_and_battles_the_editor_cannot_open_are_named(driver: Driver) -> None:
    folder = custom_levels_dir(RULES.key)
    (folder / "broken.toml").write_text('name = "Half a battle', encoding="utf-8")
    (folder / "two-kings.toml").write_text(
        'game = "lionheart"\nschema_version = 2\nname = "Two kings"\nposition = "gK1e1N,gK1e2N,sK1e10S s 2 1 -"\n',
        encoding="utf-8",
    )
    editor = _open(driver)
    before = editor.draft.text()
    driver.press("open_custom")
    picker = driver.top
    assert isinstance(picker, LevelPickerScene)
    damaged = [entry for entry in picker.entries if isinstance(entry, LevelError)]
    assert len(damaged) == 2 and any("two kings" in str(entry) for entry in damaged)
    assert all(entry.path is not None for entry in damaged)  # each named by its file
    driver.frames(2)
    driver.click(picker.card_centre(0))
    assert driver.top is picker and picker.note is not None and "invalid" in driver.app.audio.played
    driver.press("cancel")
    # A shipped level that is no battle's start (the army builder's set-up) is named and left alone.
    driver.press("standard_levels")
    picker = driver.top
    assert isinstance(picker, LevelPickerScene)
    builder = next(
        index
        for index, entry in enumerate(picker.entries)
        if isinstance(entry, LevelInfo) and "setup" in entry.position
    )
    driver.click(picker.card_centre(builder))
    assert driver.top is editor and editor.draft.text() == before
    assert editor.toast is not None and "army builder" in editor.toast[0]


def test_the_editor_in_french_says_everything_in_french(french: None, driver: Driver) -> None:
    from game import i18n

    i18n._missing.clear()
    editor = _open(driver)
    for kind in "KNAIMHPR":
        driver.move_mouse(editor.palette.centre(kind))  # each kind's name under the tiles
        driver.frames(1)
    driver.press("clear_field")
    driver.click(editor.square_centre("e1"), button=3)
    driver.press("play")
    dialog = driver.top
    assert isinstance(dialog, ValidationDialog)
    assert problem_text(dialog.problems[0]) == "Or n'a pas de roi (sa place est en e1)"
    assert dialog.title == "Partie impossible"
    driver.frames(2)
    driver.press("back")
    driver.press("undo_edit")
    driver.press("undo_edit")
    driver.press("save_level")
    driver.frames(2)
    driver.key(pygame.K_ESCAPE)
    driver.press("open_custom")
    driver.frames(2)
    driver.press("cancel")
    driver.press("play")
    trial = driver.top
    assert isinstance(trial, TrialScene)
    driver.frames(3)
    driver.key(pygame.K_ESCAPE)
    driver.frames(2)
    assert driver.top.title == "Partie d'essai"
    driver.press("back_to_editor")
    driver.frames(2)
    assert i18n._missing == set()


@pytest.mark.parametrize("size", [(640, 480), (1920, 1080)])
@pytest.mark.parametrize("name", EDITOR_DEMOS)
def test_the_editor_demos_render_whole(name: str, size: tuple[int, int]) -> None:
    driver = Driver.fast(game="lionheart", size=size, demo=name, animation="normal", instant=False)
    try:
        driver.app.theme.drawn = []
        driver.frames(4)
        assert driver.app.stack.find("editor") is not None
        cut = [text.text for text in driver.app.theme.drawn if text.cut]
        assert not cut, cut
        editor = driver.app.stack.find("editor")
        assert isinstance(editor, BattleEditorScene)
        assert pygame.Rect((0, 0), size).contains(editor.view.frame_rect())
        assert not editor.view.frame_rect().colliderect(editor.panel.rect)
    finally:
        driver.app.theme.drawn = None
        driver.app.close()
