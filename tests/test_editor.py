"""The level editor: the draft model, custom level files, and every tool driven through the real App."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.engine.ataxx import STARTPOS, Board, Cell, Move, Side, parse_square
from game.engine.ataxx.level_edit import LevelDraft, Symmetry, mirror_squares
from game.engine.levels import (
    LevelError,
    LevelExistsError,
    LevelInfo,
    custom_levels,
    custom_levels_dir,
    delete_custom_level,
    level_file_stem,
    load_level,
    save_custom_level,
    shipped_levels,
)
from game.scenes.dialog import Dialog
from game.scenes.editor import EditorScene
from game.scenes.editor_dialogs import (
    EditorNewGameScene,
    LevelPickerScene,
    SaveLevelDialog,
    ValidationDialog,
)
from game.scenes.levelselect import LevelSelectScene
from game.scenes.menu import MenuScene
from game.scenes.newgame import GameConfig
from game.scenes.options import OptionsScene
from game.scenes.play import PlayScene
from game.ui.driver import Driver

sq = parse_square


# -- the draft --


def test_mirror_squares_for_every_symmetry() -> None:
    b6 = sq("b6")
    assert mirror_squares(b6, Symmetry.NONE) == [b6]
    assert mirror_squares(b6, Symmetry.LEFT_RIGHT) == [b6, sq("f6")]
    assert mirror_squares(b6, Symmetry.TOP_BOTTOM) == [b6, sq("b2")]
    assert sorted(mirror_squares(b6, Symmetry.BOTH)) == sorted([b6, sq("f6"), sq("b2"), sq("f2")])
    assert mirror_squares(b6, Symmetry.POINT) == [b6, sq("f2")]
    assert mirror_squares(sq("d4"), Symmetry.BOTH) == [sq("d4")]


def test_draft_strokes_undo_as_one_step_and_redo() -> None:
    draft = LevelDraft()
    draft.begin_stroke()
    for name in ("c3", "c4", "c5"):
        draft.paint(sq(name), Cell.BLOCK, Symmetry.LEFT_RIGHT)
    assert draft.end_stroke()
    assert draft.count(Cell.BLOCK) == 6
    draft.set_turn(Side.BLUE)
    assert draft.fen() == "x5o/7/2-1-2/2-1-2/2-1-2/7/o5x o 0 1"
    assert draft.undo() and draft.turn is Side.RED
    assert draft.undo() and draft.fen() == STARTPOS
    assert not draft.undo()
    assert draft.redo() and draft.count(Cell.BLOCK) == 6
    draft.paint(sq("d4"), Cell.RED)  # a new edit forgets the redo line
    assert not draft.can_redo
    draft.begin_stroke()
    draft.paint(sq("a7"), Cell.RED)  # no change: no undo step
    assert not draft.end_stroke()
    assert Board(draft.fen()).fen() == draft.fen()


# -- custom level files --


def test_save_list_load_round_trip_and_delete() -> None:
    info = LevelInfo("Cross fire", "Blocks in an X.", "Me", "x5o/1-3-1/7/3-3/7/1-3-1/o5x o 0 1")
    path = save_custom_level(info)
    assert path.parent == custom_levels_dir().resolve() and path.name == "Cross fire.toml"
    listed = custom_levels()
    assert [level.name for level in listed] == ["Cross fire"]
    loaded = load_level(path)
    assert (loaded.name, loaded.description, loaded.fen) == (info.name, info.description, info.fen)
    with pytest.raises(LevelExistsError):
        save_custom_level(info)
    save_custom_level(LevelInfo("Cross fire", "Again.", "Me", info.fen), replace=True)
    assert load_level(path).description == "Again."
    with pytest.raises(LevelError, match="unplayable"):
        save_custom_level(LevelInfo("Nope", "", "", "7/7/7/7/7/7/o5o x 0 1"))
    with pytest.raises(LevelError):
        delete_custom_level(shipped_levels()[0].path)  # never outside the custom folder
    delete_custom_level(path)
    assert custom_levels() == []


@pytest.mark.parametrize(
    ("name", "stem"),
    [
        ("../../etc/passwd", "..etcpasswd".strip(".")),
        ("con", "con_"),
        ("a/b\\c:d*e?f", "abcdef"),
        ("  Ünïcode  level ", "Ünïcode level"),
        ("x" * 200, "x" * 60),
    ],
)
def test_hostile_level_names_are_sanitised(name: str, stem: str) -> None:
    assert level_file_stem(name) == stem
    path = save_custom_level(LevelInfo(name[:60], "", "", STARTPOS), replace=True)
    assert path.parent == custom_levels_dir().resolve()


def test_a_name_with_nothing_usable_is_refused() -> None:
    with pytest.raises(LevelError, match="not a usable"):
        level_file_stem("../..//")


def _damaged_files(folder: Path) -> list[str]:
    """Good and damaged level files of every kind; returns the damaged file names."""
    folder.mkdir(parents=True, exist_ok=True)
    save_custom_level(LevelInfo("Alpha", "Good one.", "", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"))
    save_custom_level(LevelInfo("Omega", "Good two.", "", "x5o/7/7/3-3/7/7/o5x o 0 1"))
    damaged = {
        "empty.toml": b"",
        "truncated.toml": b'game = "ataxx"\nname = "Cut sho',
        "binary.toml": bytes(range(256)) * 4,
        "huge.toml": b'name = "' + b"h" * 100_000 + b'"\n',
        "wrong game.toml": b'game = "lionheart"\nname = "Knights"\nfen = "x5o/7/7/7/7/7/o5x x 0 1"\n',
        "refused.toml": b'name = "No red"\nfen = "7/7/7/7/7/7/o5o x 0 1"\n',
        "bad\x07bell\nnewline.toml": b"\x00",
        ("n" * 200) + ".toml": b"garbage = [",
        "CON.toml": b"also = 'garbage",
        "latin1-\xe9t\xe9.toml": 'name = "Été"\nfen = "x5o x 0 1"\n'.encode("latin-1"),
    }
    names = []
    for name, data in damaged.items():
        (folder / name).write_bytes(data)
        names.append(name)
    (folder / "folder.toml").mkdir()
    names.append("folder.toml")
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe.toml")  # opening it for reading would block forever
        names.append("pipe.toml")
    raw = os.fsencode(folder) + b"/bad-\xff\xfe-bytes.toml"
    with open(raw, "wb") as stream:
        stream.write(b"\xff\xfe")
    names.append("bad-bytes")
    return names


def test_damaged_custom_levels_never_block_the_rest() -> None:
    names = _damaged_files(custom_levels_dir())
    entries = custom_levels()
    good = [entry for entry in entries if isinstance(entry, LevelInfo)]
    bad = [entry for entry in entries if isinstance(entry, LevelError)]
    assert [level.name for level in good] == ["Alpha", "Omega"]
    assert len(bad) == len(names)
    reasons = " | ".join(str(error) for error in bad)
    for expected in ("empty", "binary", "too large", "not Ataxx", "Red has no pieces", "not a regular file"):
        assert expected in reasons
    assert all(error.path is not None for error in bad)


# -- the scene through the real App --


@pytest.fixture
def driver():
    driver = Driver.fast()
    yield driver
    driver.app.close()


def _open_editor(driver: Driver) -> EditorScene:
    driver.press("Level editor")
    editor = driver.top
    assert isinstance(editor, EditorScene)
    return editor


def test_the_editor_opens_from_the_menu_and_from_options(driver: Driver) -> None:
    editor = _open_editor(driver)
    assert editor.draft.fen() == STARTPOS
    driver.press("Cancel")  # nothing changed: closes at once
    assert isinstance(driver.top, MenuScene)
    driver.press("Options")
    assert isinstance(driver.top, OptionsScene)
    _open_editor(driver)
    driver.press("Cancel")
    assert isinstance(driver.top, OptionsScene)


def test_painting_by_click_drag_and_right_click_with_symmetry(driver: Driver) -> None:
    editor = _open_editor(driver)
    driver.click(editor.symmetry.centre(Symmetry.NONE))
    assert editor.symmetry.value is Symmetry.NONE
    driver.click(editor.palette.centre(Cell.RED))
    assert editor.tool is Cell.RED
    driver.click(editor.square_centre(sq("d4")))
    assert editor.draft.cells[sq("d4")] is Cell.RED
    driver.click(editor.palette.centre(Cell.BLOCK))
    driver.drag(editor.square_centre(sq("a4")), editor.square_centre(sq("c4")), steps=1)  # a fast drag
    assert [editor.draft.cells[sq(n)] for n in ("a4", "b4", "c4")] == [Cell.BLOCK] * 3
    assert editor.button("Undo edit").enabled
    driver.press("Undo edit")  # the whole drag is one step
    assert [editor.draft.cells[sq(n)] for n in ("a4", "b4", "c4")] == [Cell.EMPTY] * 3
    driver.press("Redo edit")
    assert editor.draft.cells[sq("b4")] is Cell.BLOCK
    driver.click(editor.square_centre(sq("b4")), button=3)  # right button erases
    assert editor.draft.cells[sq("b4")] is Cell.EMPTY
    for symmetry, expected in (
        (Symmetry.LEFT_RIGHT, ("b6", "f6")),
        (Symmetry.TOP_BOTTOM, ("b6", "b2")),
        (Symmetry.BOTH, ("b6", "f6", "b2", "f2")),
        (Symmetry.POINT, ("b6", "f2")),
    ):
        driver.press("Reset board")
        driver.click(editor.symmetry.centre(symmetry))
        driver.click(editor.square_centre(sq("b6")))
        blocks = {n for n in ("b6", "f6", "b2", "f2") if editor.draft.cells[sq(n)] is Cell.BLOCK}
        assert blocks == set(expected), symmetry
    driver.key(pygame.K_2)  # keys 1-4 pick the cell to place
    assert editor.tool is Cell.RED
    driver.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert editor.draft.count(Cell.BLOCK) == 0
    driver.key(pygame.K_y, mod=pygame.KMOD_CTRL)
    assert editor.draft.count(Cell.BLOCK) == 2
    driver.press("Reset board")
    assert editor.draft.fen() == STARTPOS
    driver.frames(3)  # hover ghosts, pops and the toast draw without trouble


def test_who_starts_and_play_through_the_new_game_screen(driver: Driver) -> None:
    editor = _open_editor(driver)
    driver.click(editor.symmetry.centre(Symmetry.POINT))
    driver.click(editor.square_centre(sq("c5")))
    driver.click(editor.who_starts.rects[1].center)  # Blue starts
    assert editor.draft.turn is Side.BLUE
    fen = editor.draft.fen()
    assert fen == "x5o/7/2-4/7/4-2/7/o5x o 0 1"
    driver.press("Play")
    setup = driver.top
    assert isinstance(setup, EditorNewGameScene)
    driver.click(setup.opponent.rects[1].center)  # two players
    driver.press("Play")
    play = driver.top
    assert isinstance(play, PlayScene)
    assert play.match.board.fen() == fen and play.match.turn is Side.BLUE
    assert not play.vs_computer
    assert driver.app.find(EditorScene) is None  # "Jouer" closes the editor
    assert [type(scene) for scene in driver.app.scenes] == [MenuScene, PlayScene]


def test_play_against_the_computer_keeps_the_editor_side_to_move(driver: Driver) -> None:
    editor = _open_editor(driver)
    driver.click(editor.who_starts.rects[1].center)
    driver.press("Play")
    setup = driver.top
    driver.click(setup.opponent.rects[0].center)  # computer
    driver.click(setup.colour.rects[1].center)  # you play Blue
    driver.press("Play")
    play = driver.top
    assert isinstance(play, PlayScene)
    assert play.match.turn is Side.BLUE and play.match.player(Side.BLUE).is_human


REFUSALS = {
    "no-red": "7/7/7/7/7/7/o5o x 0 1",
    "no-blue": "x5x/7/7/7/7/7/7 x 0 1",
    "no-empty": "/".join(["xxxxxxx"] * 6 + ["ooooooo"]) + " x 0 1",
    "over": "x--4/---4/---4/7/4---/4---/4--o x 0 1",
}


@pytest.mark.parametrize("code", sorted(REFUSALS))
def test_refusals_open_a_message_and_nothing_starts(driver: Driver, code: str) -> None:
    editor = _open_editor(driver)
    editor.draft.set_position(REFUSALS[code])
    for button in ("Play", "Save as level…"):
        driver.press(button)
        dialog = driver.top
        assert isinstance(dialog, ValidationDialog) and dialog.refused
        assert code in {problem.code for problem in dialog.problems}
        assert "Play anyway" not in [b.label for b in dialog.widgets.buttons]
        if code == "over":
            assert dialog.highlighted() and editor.flagged  # the offending squares are marked
            driver.move_mouse(dialog.problem_rects[0].center)
            driver.frames(2)
        driver.press("Back to the editor")
        assert driver.top is editor
    assert driver.app.find(PlayScene) is None and custom_levels() == []


WARNINGS = {
    "many-blocks": "x5o/-------/-------/-------/1-----1/7/o5x x 0 1",
    "corner-block": "-5o/1x5/7/7/7/1o5/x5- x 0 1",
    "unreachable": "x5o/7/7/7/4---/4---/o3--1 x 0 1",
    "asymmetric": "x5o/7/1-5/7/7/7/o5x x 0 1",
}


@pytest.mark.parametrize("code", sorted(WARNINGS))
def test_warnings_let_the_player_go_on(driver: Driver, code: str) -> None:
    editor = _open_editor(driver)
    editor.draft.set_position(WARNINGS[code])
    driver.press("Play")
    dialog = driver.top
    assert isinstance(dialog, ValidationDialog) and not dialog.refused
    assert code in {problem.code for problem in dialog.problems}
    driver.frames(2)
    driver.press("Keep editing")
    assert driver.top is editor
    driver.press("Play")
    driver.press("Play anyway")
    assert isinstance(driver.top, EditorNewGameScene)
    driver.press("Play")
    assert isinstance(driver.top, PlayScene)
    assert driver.top.match.board.fen() == Board(WARNINGS[code]).fen()


def _type(driver: Driver, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    driver.frames(1)


def test_save_open_and_delete_custom_levels(driver: Driver) -> None:
    editor = _open_editor(driver)
    driver.click(editor.square_centre(sq("d4")))  # a block in the middle (point symmetry)
    driver.press("Save as level…")
    dialog = driver.top
    assert isinstance(dialog, SaveLevelDialog)
    driver.press("Save")
    assert driver.top is dialog and dialog.error  # a name is needed
    _type(driver, "Centre ")
    _type(driver, "stone")
    driver.key(pygame.K_TAB)
    _type(driver, "One block in the middle.")
    driver.key(pygame.K_RETURN)
    assert driver.top is editor
    [saved] = custom_levels()
    assert (saved.name, saved.description, saved.fen) == (
        "Centre stone",
        "One block in the middle.",
        editor.draft.fen(),
    )
    assert editor.button("Delete").enabled and not editor.dirty
    # Saving under the same name asks before replacing another file.
    driver.press("Reset board")
    driver.press("Save as level…")
    dialog = driver.top
    dialog.name.text = ""
    _type(driver, "Centre stone")
    driver.key(pygame.K_RETURN)
    # It is the level being edited: replaced without a question.
    assert driver.top is editor and custom_levels()[0].fen == STARTPOS
    editor.source = None
    driver.press("Save as level…")
    _type(driver, "Centre stone")
    driver.key(pygame.K_RETURN)
    confirm = driver.top
    assert isinstance(confirm, Dialog) and "Replace" in [b.label for b in confirm.widgets.buttons]
    driver.press("Choose another name")
    driver.press("Cancel")
    assert driver.top is editor
    # Open it again from "Open custom level…".
    editor.draft.set_position("x5o/7/7/7/7/7/o5x o 0 1")
    driver.press("Open custom level…")
    picker = driver.top
    assert isinstance(picker, LevelPickerScene) and len(picker.entries) == 1
    driver.click(picker.card_centre(0))
    assert driver.top is editor and editor.draft.fen() == STARTPOS
    assert editor.custom_path is not None
    driver.press("Delete")
    driver.press("Delete")  # confirmed
    assert custom_levels() == [] and not editor.button("Delete").enabled


def test_standard_levels_picker_loads_a_level(driver: Driver) -> None:
    editor = _open_editor(driver)
    driver.press("Standard levels…")
    picker = driver.top
    assert isinstance(picker, LevelPickerScene) and len(picker.entries) == 9
    driver.frames(2)
    driver.click(picker.card_centre(3))
    assert driver.top is editor
    assert editor.draft.fen() == shipped_levels()[3].fen and editor.draft.count(Cell.BLOCK) == 8
    driver.press("Undo edit")
    assert editor.draft.fen() == STARTPOS


def test_take_current_game_brings_the_exact_position_and_side_to_move(driver: Driver) -> None:
    editor = _open_editor(driver)
    assert not editor.button("Take current game").enabled  # no game in progress
    driver.press("Cancel")
    level = shipped_levels()[1]
    play = PlayScene(driver.app, GameConfig(vs_computer=False), level)
    driver.app.push(play)
    driver.frames(1)
    for move in ("a7a5", "f6", "b6"):
        driver.play_move(Move.from_uai(move))
    fen = play.match.board.fen()
    assert play.match.turn is Side.BLUE
    driver.key(pygame.K_ESCAPE)  # the pause menu, then Options, then the editor (seed 000)
    driver.press("Options")
    editor = _open_editor(driver)
    assert editor.button("Take current game").enabled
    driver.press("Take current game")
    board = Board(editor.draft.fen())
    assert board.pieces == Board(fen).pieces and board.blocks == Board(fen).blocks
    assert editor.draft.turn is Side.BLUE
    assert editor.who_starts.value is Side.BLUE
    # Cancel with changes asks first; Leave goes back to the options.
    driver.press("Cancel")
    assert isinstance(driver.top, Dialog)
    driver.press("Leave")
    assert isinstance(driver.top, OptionsScene)
    assert play.match.board.fen() == fen  # the game itself is untouched


def test_damaged_files_in_my_levels_and_in_open_custom_level(driver: Driver) -> None:
    names = _damaged_files(custom_levels_dir())
    driver.press("New game")
    driver.press("Choose level")
    select = driver.top
    assert isinstance(select, LevelSelectScene)
    assert [level.name for level in select.levels[select.custom_start :]] == ["Alpha", "Omega"]
    assert len(select.damaged) == len(names)
    driver.frames(2)
    for _ in range(30):  # scroll down to "My levels" and draw it all
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0, precise_y=-1)
        )
    driver.frames(2)
    damaged_card = select.damaged_cards[-1].move(0, -select.scroll).center
    driver.click(damaged_card)
    assert driver.top is select and "invalid" in driver.app.audio.played
    omega = select.cards[select.custom_start + 1][0]
    select.scroll = min(select.max_scroll, omega.y - select.view.y)
    driver.click(select.card_centre(select.custom_start + 1))  # Omega: playable, Blue starts
    play = driver.top
    assert isinstance(play, PlayScene) and play.level.name == "Omega"
    driver.key(pygame.K_ESCAPE)
    driver.press("Quit to menu")
    editor = _open_editor(driver)
    driver.press("Open custom level…")
    picker = driver.top
    assert isinstance(picker, LevelPickerScene) and len(picker.entries) == len(names) + 2
    for _ in range(40):
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0, precise_y=-1)
        )
        driver.frames(1)
    picker.scroll = 0
    driver.click(picker.card_centre(2))  # a damaged one: refused, the picker stays
    assert driver.top is picker and picker.note is not None
    driver.click(picker.card_centre(0))
    assert driver.top is editor and editor.source.name == "Alpha"


def test_french_editor_strings_are_translated(driver: Driver) -> None:
    from game.i18n import missing_translations, set_language, tr

    set_language("fr")
    try:
        editor = _open_editor(driver)
        assert tr("Take current game") == "Récupérer jeu en cours"
        assert tr("Cells to place") == "Cases à placer"
        editor.draft.set_position(REFUSALS["over"])
        driver.press("Play")
        driver.frames(2)
        driver.press("Back to the editor")
        driver.press("Reset board")
        driver.press("Save as level…")
        driver.frames(2)
        driver.press("Cancel")
        driver.press("Standard levels…")
        driver.frames(2)
        driver.press("Cancel")
        driver.frames(2)
        mine = {text for text in missing_translations() if text in _editor_strings()}
        assert mine == set()
    finally:
        set_language("en")


def _editor_strings() -> set[str]:
    import re

    root = Path(__file__).resolve().parent.parent / "game" / "scenes"
    found: set[str] = set()
    for name in ("editor.py", "editor_dialogs.py", "editor_tools.py", "level_cards.py"):
        text = (root / name).read_text(encoding="utf-8")
        found |= set(re.findall(r'tr\("([^"]+)"', text))
        found |= set(re.findall(r'Button\("([^"]+)"', text))
    return found
