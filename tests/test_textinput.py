"""The text field: selection, every editing key, the mouse, the clipboard, and Save as through the App."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from starting import start_match

from game.driver import Driver
from game.scenes.match import MatchScene
from game.scenes.pause import PauseScene
from game.scenes.saveload import SaveAsScene
from game.ui import theme
from game.ui.textinput import DOUBLE_CLICK, TextInput

CTRL = pygame.KMOD_LCTRL
SHIFT = pygame.KMOD_LSHIFT


@pytest.fixture
def driver():
    driver = Driver.fast()
    yield driver
    driver.app.close()


def _key(field: TextInput, key: int, mod: int = 0, unicode: str = "") -> bool:
    return field.handle_event(
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
    )


def _type(field: TextInput, text: str) -> None:
    assert field.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))


def _field(driver: Driver, text: str = "Test Arena 2026-11-23 16.50", **options: object) -> TextInput:
    """A field laid out and drawn once (so the mouse can find its characters)."""
    field = TextInput(text, **options)  # type: ignore[arg-type]
    field.rect = pygame.Rect(40, 40, 600, 46)
    field.draw(driver.app.screen, driver.app.theme)
    return field


def _x_of(driver: Driver, field: TextInput, index: int) -> int:
    """The screen column between characters ``index - 1`` and ``index``, as drawn."""
    return field.x_of(index)


def _click(field: TextInput, x: int, *, up: bool = True) -> None:
    pos = (x, field.rect.centery)
    field.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    if up:
        field.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


# -- selecting --


def test_ctrl_a_selects_everything_and_typing_replaces_it(driver: Driver) -> None:
    field = _field(driver)
    assert field.selection is None and field.caret == len(field.text)
    assert _key(field, pygame.K_a, CTRL, "\x01")
    assert field.selection == (0, len(field.text)) and field.selected_text == field.text
    _type(field, "M")
    _type(field, "y second save")
    assert field.text == "My second save" and field.caret == len("My second save")
    assert field.selection is None


def test_select_all_then_backspace_or_delete_empties_the_field(driver: Driver) -> None:
    for key in (pygame.K_BACKSPACE, pygame.K_DELETE):
        field = _field(driver, "abc def")
        field.select_all()
        assert _key(field, key)
        assert field.text == "" and field.caret == 0


def test_shift_arrows_home_and_end_extend_the_selection(driver: Driver) -> None:
    field = _field(driver, "hello world")
    _key(field, pygame.K_HOME)
    assert field.caret == 0 and field.selection is None
    for _ in range(3):
        _key(field, pygame.K_RIGHT, SHIFT)
    assert field.selected_text == "hel"
    _key(field, pygame.K_LEFT, SHIFT)
    assert field.selected_text == "he"
    _key(field, pygame.K_END, SHIFT)
    assert field.selected_text == "hello world"
    _key(field, pygame.K_HOME, SHIFT)  # back past the anchor: nothing left selected
    assert field.selection is None and field.caret == 0
    _key(field, pygame.K_RIGHT, SHIFT | CTRL)  # a word at a time, with Shift
    assert field.selected_text == "hello "


def test_arrows_without_shift_collapse_the_selection_to_its_side(driver: Driver) -> None:
    field = _field(driver, "hello world")
    field.select(2, 7)
    _key(field, pygame.K_LEFT)
    assert field.caret == 2 and field.selection is None
    field.select(2, 7)
    _key(field, pygame.K_RIGHT)
    assert field.caret == 7 and field.selection is None
    _key(field, pygame.K_RIGHT)
    assert field.caret == 8
    _key(field, pygame.K_LEFT)
    assert field.caret == 7
    _key(field, pygame.K_HOME)
    _key(field, pygame.K_LEFT)  # nothing before the start
    assert field.caret == 0
    _key(field, pygame.K_END)
    _key(field, pygame.K_RIGHT)
    assert field.caret == len(field.text)


def test_ctrl_arrows_move_by_words(driver: Driver) -> None:
    field = _field(driver, "Test Arena 2026-11-23")
    _key(field, pygame.K_LEFT, CTRL)
    assert field.caret == len("Test Arena 2026-11-")
    _key(field, pygame.K_HOME)
    _key(field, pygame.K_RIGHT, CTRL)
    assert field.caret == len("Test ")
    _key(field, pygame.K_RIGHT, CTRL)
    assert field.caret == len("Test Arena ")


# -- deleting --


def test_backspace_and_delete_remove_one_character(driver: Driver) -> None:
    field = _field(driver, "abcd")
    field.caret = 2
    _key(field, pygame.K_BACKSPACE)
    assert (field.text, field.caret) == ("acd", 1)
    _key(field, pygame.K_DELETE)
    assert (field.text, field.caret) == ("ad", 1)
    _key(field, pygame.K_HOME)
    _key(field, pygame.K_BACKSPACE)  # nothing before the start
    _key(field, pygame.K_END)
    _key(field, pygame.K_DELETE)  # nothing after the end
    assert field.text == "ad"


def test_ctrl_backspace_and_ctrl_delete_remove_a_word(driver: Driver) -> None:
    field = _field(driver, "Test Arena 2026  ")
    _key(field, pygame.K_BACKSPACE, CTRL)  # the spaces before the caret go with the word
    assert field.text == "Test Arena "
    _key(field, pygame.K_BACKSPACE, CTRL)
    assert field.text == "Test "
    field.text, field.caret = "one two three", 4
    _key(field, pygame.K_DELETE, CTRL)
    assert field.text == "one three" and field.caret == 4
    field.caret = 2  # in the middle of a word: only its start goes
    _key(field, pygame.K_BACKSPACE, CTRL)
    assert field.text == "e three" and field.caret == 0


def test_typing_keeps_to_the_maximum_length(driver: Driver) -> None:
    field = _field(driver, "abcdef", max_length=8)
    _type(field, "ghijk")
    assert field.text == "abcdefgh"
    field.select(2, 4)  # a selection frees room for what replaces it
    _type(field, "XYZW")
    assert field.text == "abXYefgh"


def test_enter_submits_and_printable_keydowns_are_swallowed(driver: Driver) -> None:
    submitted: list[str] = []
    field = _field(driver, "name", on_submit=submitted.append)
    assert _key(field, pygame.K_RETURN)
    assert _key(field, pygame.K_KP_ENTER)
    assert submitted == ["name", "name"]
    assert _key(field, pygame.K_q, 0, "q")  # the letter comes as TEXTINPUT: its key must not be a shortcut
    assert not _key(field, pygame.K_F1)
    assert field.text == "name"


# -- the clipboard --


def test_ctrl_c_ctrl_x_and_ctrl_v_go_through_the_clipboard(driver: Driver) -> None:
    field = _field(driver, "Test Arena 2026")
    field.select(5, 10)
    assert _key(field, pygame.K_c, CTRL)
    assert pygame.scrap.get_text() == "Arena"
    _key(field, pygame.K_END)
    _type(field, " ")
    assert _key(field, pygame.K_v, CTRL)
    assert field.text == "Test Arena 2026 Arena"
    field.select(0, 5)
    assert _key(field, pygame.K_x, CTRL)
    assert field.text == "Arena 2026 Arena" and pygame.scrap.get_text() == "Test "
    # A pasted text with several lines gives its first line, within the length allowed.
    pygame.scrap.put_text("first line\nsecond line")
    field = _field(driver, "", max_length=5)
    _key(field, pygame.K_v, CTRL)
    assert field.text == "first"


def test_no_clipboard_is_no_error(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: object) -> None:
        raise pygame.error("No clipboard available")

    monkeypatch.setattr(pygame.scrap, "get_text", broken)
    monkeypatch.setattr(pygame.scrap, "put_text", broken)
    field = _field(driver, "kept")
    field.select_all()
    assert _key(field, pygame.K_c, CTRL)
    assert _key(field, pygame.K_x, CTRL)  # cut: removed even though the clipboard refused it
    assert field.text == ""
    assert _key(field, pygame.K_v, CTRL)
    assert field.text == ""


# -- the mouse --


def test_a_click_places_the_caret_and_a_drag_selects(driver: Driver) -> None:
    field = _field(driver, "hello world")
    _click(field, _x_of(driver, field, 3) + 1)
    assert field.caret == 3 and field.selection is None and field.focused
    field.update(DOUBLE_CLICK + 0.1)
    _click(field, _x_of(driver, field, 1), up=False)
    motion = pygame.event.Event(
        pygame.MOUSEMOTION, pos=(_x_of(driver, field, 5), field.rect.centery), rel=(0, 0)
    )
    assert field.handle_event(motion)
    assert field.selected_text == "ello"
    field.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=motion.pos, button=1))
    assert not field.handle_event(motion)  # the button is up: moving selects nothing more
    assert field.selected_text == "ello"
    # A click outside the field takes its focus away.
    _click(field, field.rect.right + 50)
    assert not field.focused


def test_a_double_click_selects_a_word_and_a_slow_one_does_not(driver: Driver) -> None:
    field = _field(driver, "Test Arena 2026-11-23 16.50")
    inside_arena = _x_of(driver, field, 7)
    _click(field, inside_arena)
    _click(field, inside_arena)
    assert field.selected_text == "Arena"
    _type(field, "Garden")
    assert field.text == "Test Garden 2026-11-23 16.50"
    # Two clicks further apart in time than a double click: the caret, no selection.
    field.update(DOUBLE_CLICK * 3)
    year = _x_of(driver, field, len("Test Garden 20"))
    _click(field, year)
    field.update(DOUBLE_CLICK + 0.05)
    _click(field, year)
    assert field.selection is None and field.caret == len("Test Garden 20")
    field.update(DOUBLE_CLICK + 0.05)
    _click(field, year)
    field.update(DOUBLE_CLICK / 2)
    _click(field, year)
    assert field.selected_text == "2026"


def test_the_selection_is_drawn_highlighted(driver: Driver) -> None:
    surface = pygame.Surface((700, 120))
    field = TextInput("WWWWWWWWWW")
    field.rect = pygame.Rect(20, 30, 600, 46)
    field.blink = 0.7  # the caret is off in this half of its blink

    def picture() -> pygame.Surface:
        surface.fill((0, 0, 0))
        field.draw(surface, driver.app.theme)
        return surface.copy()

    plain = picture()
    field.select(2, 6)
    field.blink = 0.7
    lit = picture()
    left, right = field.x_of(2), field.x_of(6)
    row = field.rect.centery - 10  # above the letters, inside the highlight
    changed = [
        x for x in range(field.rect.x, field.rect.right) if plain.get_at((x, row)) != lit.get_at((x, row))
    ]
    assert changed and min(changed) >= left and max(changed) < right
    middle = (left + right) // 2
    assert lit.get_at((middle, row)).b > plain.get_at((middle, row)).b + 40  # tinted with the accent
    assert theme.ACCENT[2] > 200


# -- Save as through the App --


def _save_as(driver: Driver) -> SaveAsScene:
    start_match(driver, 0)  # two players: no computer to wait for
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)
    driver.press("save_as")
    dialog = driver.top
    assert isinstance(dialog, SaveAsScene)
    return dialog


def test_save_as_offers_its_name_selected_so_typing_replaces_it(driver: Driver, user_data_dir: Path) -> None:
    dialog = _save_as(driver)
    offered = dialog.field.text
    assert offered.startswith("Classic 20")
    assert dialog.field.selected_text == offered  # selected on open
    for text in ("My", " second save"):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    driver.frames(1)
    assert dialog.field.text == "My second save"
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, MatchScene)
    assert (user_data_dir / "saves" / "My second save.pgn").is_file()


def test_save_as_keys_reach_the_field_through_the_app(driver: Driver, user_data_dir: Path) -> None:
    dialog = _save_as(driver)
    field = dialog.field
    driver.key(pygame.K_END)
    assert field.selection is None
    driver.key(pygame.K_a, CTRL)  # Ctrl+A through the real dispatch
    assert field.selected_text == field.text
    driver.key(pygame.K_c, CTRL)
    driver.key(pygame.K_DELETE)
    assert field.text == ""
    driver.key(pygame.K_v, CTRL)
    driver.key(pygame.K_BACKSPACE, CTRL)  # the minutes "50" go
    assert field.text.startswith("Classic 20") and field.text.endswith(".")
    driver.frames(2)
    # A double click on the level's name selects it, through the dialog.
    driver.frames(30)  # past the dialog's entrance, so the field has been drawn
    word_x = _x_of(driver, field, 3)
    for _ in range(2):
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(word_x, field.rect.centery), button=1)
        )
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(word_x, field.rect.centery), button=1)
        )
    driver.frames(1)
    assert field.selected_text == "Classic"
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Arena"))
    driver.frames(1)
    assert field.text.startswith("Arena 20")
    assert driver.top is dialog


def test_the_level_editor_offers_the_level_name_selected(driver: Driver) -> None:
    from game.engine.ataxx import STARTPOS
    from game.engine.ataxx.rules import RULES
    from game.engine.levels import LevelInfo, custom_levels, save_custom_level
    from game.scenes.ataxx.editor_dialogs import SaveLevelDialog

    save_custom_level(LevelInfo("Mine", "Two words.", "You", STARTPOS), RULES)
    driver.press("editor")
    editor = driver.top
    editor.load_level(custom_levels(RULES)[0])
    driver.press("save_level")
    dialog = driver.top
    assert isinstance(dialog, SaveLevelDialog)
    assert dialog.name_field.selected_text == "Mine"
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Yours"))
    driver.frames(30)
    assert dialog.name_field.text == "Yours"
    # A click in the description moves the focus there and puts the caret where it was clicked.
    description = dialog.description
    x = description.x_of(3)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, description.rect.centery), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, description.rect.centery), button=1))
    driver.frames(1)
    assert description.focused and not dialog.name_field.focused and description.caret == 3
    driver.key(pygame.K_a, CTRL)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="New words."))
    driver.frames(1)
    assert description.text == "New words." and dialog.name_field.text == "Yours"
