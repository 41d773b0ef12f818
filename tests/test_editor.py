"""The level editor: the draft model, custom level files, and every tool driven through the real App."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.driver import Driver
from game.engine.ataxx import STARTPOS, Board, Cell, Move, Side, parse_square
from game.engine.ataxx.level_edit import LevelDraft, Symmetry, mirror_squares
from game.engine.ataxx.rules import RULES
from game.engine.levels import (
    LevelError,
    LevelExistsError,
    LevelInfo,
    custom_level_path,
    custom_levels,
    custom_levels_dir,
    delete_custom_level,
    load_level,
    save_custom_level,
    shipped_levels,
)
from game.engine.match import MatchConfig
from game.engine.rules import Severity
from game.paths import is_set_aside
from game.scenes.ataxx.editor import EditorScene
from game.scenes.ataxx.editor_dialogs import LevelPickerScene, SaveLevelDialog, ValidationDialog
from game.scenes.dialog import Dialog
from game.scenes.levelselect import LevelSelectScene
from game.scenes.match import MatchScene
from game.scenes.menu import MenuScene
from game.scenes.newgame import NewGameScene
from game.scenes.options import OptionsScene

sq = parse_square
KEY = RULES.key


def level_file_stem(name: str) -> str:
    """The file name (without extension) a custom level called ``name`` is saved under."""
    return custom_level_path(name, KEY).stem


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
    path = save_custom_level(info, RULES)
    assert path.parent == custom_levels_dir(KEY).resolve() and path.name == "Cross fire.toml"
    listed = custom_levels(RULES)
    assert [level.name for level in listed] == ["Cross fire"]
    loaded = load_level(path, RULES)
    assert (loaded.name, loaded.description, loaded.position) == (
        info.name,
        info.description,
        info.position,
    )
    with pytest.raises(LevelExistsError):
        save_custom_level(info, RULES)
    save_custom_level(LevelInfo("Cross fire", "Again.", "Me", info.position), RULES, replace=True)
    assert load_level(path, RULES).description == "Again."
    with pytest.raises(LevelError, match="unplayable"):
        save_custom_level(LevelInfo("Nope", "", "", "7/7/7/7/7/7/o5o x 0 1"), RULES)
    with pytest.raises(LevelError):
        delete_custom_level(shipped_levels(RULES)[0].path, KEY)  # never outside the custom folder
    delete_custom_level(path, KEY)
    assert custom_levels(RULES) == []


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
    path = save_custom_level(LevelInfo(name[:60], "", "", STARTPOS), RULES, replace=True)
    assert path.parent == custom_levels_dir(KEY).resolve()


def test_a_name_with_nothing_usable_is_refused() -> None:
    with pytest.raises(LevelError, match="not a usable"):
        level_file_stem("../..//")


def _damaged_files(folder: Path) -> list[str]:
    """Good and damaged level files of every kind; returns the damaged file names."""
    folder.mkdir(parents=True, exist_ok=True)
    save_custom_level(LevelInfo("Alpha", "Good one.", "", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"), RULES)
    save_custom_level(LevelInfo("Omega", "Good two.", "", "x5o/7/7/3-3/7/7/o5x o 0 1"), RULES)
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
    names = _damaged_files(custom_levels_dir(KEY))
    entries = custom_levels(RULES)
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
    driver.press("editor")
    editor = driver.top
    assert isinstance(editor, EditorScene)
    return editor


def _names(driver: Driver) -> list[str]:
    return [scene.name for scene in driver.app.stack.scenes]


def test_the_editor_opens_from_the_menu_and_from_options(driver: Driver) -> None:
    editor = _open_editor(driver)
    assert editor.draft.fen() == STARTPOS
    driver.press("cancel")  # nothing changed: closes at once
    assert isinstance(driver.top, MenuScene)
    driver.press("options")
    assert isinstance(driver.top, OptionsScene)
    _open_editor(driver)
    driver.press("cancel")
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
    assert editor.widgets["undo_edit"].enabled
    driver.press("undo_edit")  # the whole drag is one step
    assert [editor.draft.cells[sq(n)] for n in ("a4", "b4", "c4")] == [Cell.EMPTY] * 3
    driver.press("redo_edit")
    assert editor.draft.cells[sq("b4")] is Cell.BLOCK
    driver.click(editor.square_centre(sq("b4")), button=3)  # right button erases
    assert editor.draft.cells[sq("b4")] is Cell.EMPTY
    for symmetry, expected in (
        (Symmetry.LEFT_RIGHT, ("b6", "f6")),
        (Symmetry.TOP_BOTTOM, ("b6", "b2")),
        (Symmetry.BOTH, ("b6", "f6", "b2", "f2")),
        (Symmetry.POINT, ("b6", "f2")),
    ):
        driver.press("reset_board")
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
    driver.press("reset_board")
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
    driver.press("play")
    setup = driver.top
    assert isinstance(setup, NewGameScene) and setup.name == "newgame"
    # The level is fixed: no level to choose (Engines… shows only when an engine is the opponent).
    assert setup.widgets.ids() == ["back", "play", "engines"] and not setup.widgets["engines"].visible
    assert setup.level is not None and setup.level.position == fen
    driver.click(setup.opponent.rects[1].center)  # two players
    driver.press("play")
    play = driver.top
    assert isinstance(play, MatchScene)
    assert play.match.position.fen() == fen and play.match.turn == Side.BLUE
    assert not play.vs_computer
    assert driver.app.stack.find("editor") is None  # "Jouer" closes the editor
    assert _names(driver) == ["menu", "match"]


def test_play_against_the_computer_keeps_the_editor_side_to_move(driver: Driver) -> None:
    editor = _open_editor(driver)
    driver.click(editor.who_starts.rects[1].center)
    driver.press("play")
    setup = driver.top
    assert isinstance(setup, NewGameScene)
    driver.click(setup.opponent.rects[0].center)  # computer
    driver.click(setup.seat.rects[1].center)  # you play Blue
    driver.press("play")
    play = driver.top
    assert isinstance(play, MatchScene)
    assert play.match.turn == Side.BLUE and play.match.player(Side.BLUE).is_human
    assert not play.match.player(Side.RED).is_human


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
    for button in ("play", "save_level"):
        driver.press(button)
        dialog = driver.top
        assert isinstance(dialog, ValidationDialog) and dialog.refused
        assert code in {problem.code for problem in dialog.problems}
        assert dialog.widgets.ids() == ["back"]  # no "Play anyway"
        assert "Play anyway" not in [b.label for b in dialog.widgets.buttons]
        if code == "over":
            assert dialog.highlighted() and editor.flagged  # the offending squares are marked
            driver.move_mouse(dialog.problem_rects[0].center)
            driver.frames(2)
        driver.press("back")
        assert driver.top is editor
    assert driver.app.stack.find("match") is None and custom_levels(RULES) == []


@pytest.mark.parametrize("code", sorted(REFUSALS))
def test_a_refusal_points_at_the_board_only_when_it_marks_squares(driver: Driver, code: str) -> None:
    editor = _open_editor(driver)
    editor.draft.set_position(REFUSALS[code])
    driver.press("play")
    dialog = driver.top
    assert isinstance(dialog, ValidationDialog) and dialog.refused
    refusals = [problem for problem in dialog.problems if problem.severity is Severity.REFUSED]
    if any(problem.places for problem in refusals):
        assert dialog.lines == ["Fix what is marked on the board, then try again."]
    else:  # nothing of what is wrong is on the board: the findings beneath say it
        assert dialog.lines == ["This position cannot be played:"]


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
    driver.press("play")
    dialog = driver.top
    assert isinstance(dialog, ValidationDialog) and not dialog.refused
    assert code in {problem.code for problem in dialog.problems}
    driver.frames(2)
    driver.press("back")  # "Keep editing"
    assert driver.top is editor
    driver.press("play")
    assert driver.button("go").label == "Play anyway"
    driver.press("go")
    assert isinstance(driver.top, NewGameScene)
    driver.press("play")
    assert isinstance(driver.top, MatchScene)
    assert driver.top.match.position.fen() == Board(WARNINGS[code]).fen()


def _type(driver: Driver, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    driver.frames(1)


def test_save_open_and_delete_custom_levels(driver: Driver) -> None:
    editor = _open_editor(driver)
    driver.click(editor.square_centre(sq("d4")))  # a block in the middle (point symmetry)
    driver.press("save_level")
    dialog = driver.top
    assert isinstance(dialog, SaveLevelDialog)
    driver.press("save")
    assert driver.top is dialog and dialog.error  # a name is needed
    _type(driver, "Centre ")
    _type(driver, "stone")
    driver.key(pygame.K_TAB)
    _type(driver, "One block in the middle.")
    driver.key(pygame.K_RETURN)
    assert driver.top is editor
    [saved] = custom_levels(RULES)
    assert (saved.name, saved.description, saved.position) == (
        "Centre stone",
        "One block in the middle.",
        editor.draft.fen(),
    )
    assert editor.widgets["delete"].enabled and not editor.dirty
    # Saving under the same name asks before replacing another file.
    driver.click(editor.square_centre(sq("d4")), button=3)  # erased: an edit of the level being edited
    driver.press("save_level")
    dialog = driver.top
    dialog.name_field.text = ""
    _type(driver, "Centre stone")
    driver.key(pygame.K_RETURN)
    # It is the level being edited: replaced without a question.
    assert driver.top is editor and custom_levels(RULES)[0].position == STARTPOS
    driver.press("reset_board")  # a new, untitled board: saving it under that name asks first
    driver.press("save_level")
    _type(driver, "Centre stone")
    driver.key(pygame.K_RETURN)
    confirm = driver.top
    assert isinstance(confirm, Dialog) and "Replace" in [b.label for b in confirm.widgets.buttons]
    assert confirm.widgets.ids() == ["replace", "rename"]
    driver.press("rename")  # "Choose another name"
    driver.press("cancel")
    assert driver.top is editor
    # Open it again from "Open custom level…".
    editor.draft.set_position("x5o/7/7/7/7/7/o5x o 0 1")
    driver.press("open_custom")
    picker = driver.top
    assert isinstance(picker, LevelPickerScene) and len(picker.entries) == 1
    driver.click(picker.card_centre(0))
    assert driver.top is editor and editor.draft.fen() == STARTPOS
    assert editor.custom_path is not None
    driver.press("delete")
    driver.press("delete")  # confirmed
    assert custom_levels(RULES) == [] and not editor.widgets["delete"].enabled


def _drawn(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The texts drawn in one frame."""
    texts: list[str] = []
    theme = driver.app.theme
    original = theme.text

    def spy(text: str, *args: object, **kwargs: object) -> pygame.Surface:
        texts.append(text)
        return original(text, *args, **kwargs)

    monkeypatch.setattr(theme, "text", spy)
    driver.frames(1)
    monkeypatch.setattr(theme, "text", original)
    return set(texts)


def test_reset_board_forgets_the_level_it_replaced(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    editor = _open_editor(driver)
    driver.press("standard_levels")
    driver.frames(2)
    driver.click(driver.top.card_centre(3))
    assert driver.top is editor and editor.source is not None and editor.source.name == "Diamond"
    driver.click(editor.square_centre(sq("b6")))  # edited: still the Diamond
    assert "Diamond *" in _drawn(driver, monkeypatch)
    driver.press("reset_board")
    assert editor.draft.fen() == STARTPOS
    drawn = _drawn(driver, monkeypatch)
    assert "Untitled board *" in drawn and not any("Diamond" in text for text in drawn)
    driver.press("play")
    setup = driver.top
    assert isinstance(setup, NewGameScene) and setup.level is not None
    assert setup.level.name == "Custom position"  # not "Diamond (edited)"
    driver.press("back")
    # Taking the game in progress does not keep a level's name either.
    editor.source = shipped_levels(RULES)[3]
    editor.current_game = ("x5o/7/7/3-3/7/7/o5x o 0 1", "Classic")
    editor.take_current_game()
    assert editor.source is None


def test_standard_levels_picker_loads_a_level(driver: Driver) -> None:
    editor = _open_editor(driver)
    driver.press("standard_levels")
    picker = driver.top
    assert isinstance(picker, LevelPickerScene) and len(picker.entries) == 9
    driver.frames(2)
    driver.click(picker.card_centre(3))
    assert driver.top is editor
    assert editor.draft.fen() == shipped_levels(RULES)[3].position and editor.draft.count(Cell.BLOCK) == 8
    driver.press("undo_edit")
    assert editor.draft.fen() == STARTPOS


def test_take_current_game_brings_the_exact_position_and_side_to_move(driver: Driver) -> None:
    editor = _open_editor(driver)
    assert not editor.widgets["take_game"].enabled  # no game in progress
    driver.press("cancel")
    level = shipped_levels(RULES)[1]
    play = driver.app.router.push("match", MatchConfig(vs_computer=False), level)
    assert isinstance(play, MatchScene)
    driver.frames(1)
    for move in ("a7a5", "f6", "b6"):
        driver.play_move(Move.from_uai(move))
    fen = play.match.position.fen()
    assert play.match.turn == Side.BLUE
    driver.key(pygame.K_ESCAPE)  # the pause menu, then Options, then the editor (seed 000)
    driver.press("options")
    editor = _open_editor(driver)
    assert editor.widgets["take_game"].enabled
    driver.press("take_game")
    board = Board(editor.draft.fen())
    assert board.pieces == Board(fen).pieces and board.blocks == Board(fen).blocks
    assert editor.draft.turn is Side.BLUE
    assert editor.who_starts.value is Side.BLUE
    # Cancel with changes asks first; Leave goes back to the options.
    driver.press("cancel")
    assert isinstance(driver.top, Dialog)
    driver.press("leave")
    assert isinstance(driver.top, OptionsScene)
    assert play.match.position.fen() == fen  # the game itself is untouched


def test_damaged_files_in_my_levels_and_in_open_custom_level(driver: Driver) -> None:
    names = _damaged_files(custom_levels_dir(KEY))
    driver.press("new_game")
    driver.press("choose_level")
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
    assert isinstance(play, MatchScene) and play.level.name == "Omega"
    driver.key(pygame.K_ESCAPE)
    driver.press("quit_to_menu")
    editor = _open_editor(driver)
    driver.press("open_custom")
    picker = driver.top
    # Level select set the damaged files aside (renamed, nothing lost): the picker no longer meets them,
    # only what is not damage (a folder, a pipe, another game's level) and the two good ones.
    folder = custom_levels_dir(KEY)
    kept = [path for path in folder.iterdir() if is_set_aside(path)]
    assert len(kept) == len(names) - 2 - hasattr(os, "mkfifo")  # not another game's level, a folder, a pipe
    assert isinstance(picker, LevelPickerScene) and len(picker.entries) == len(names) - len(kept) + 2
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
        assert tr("Take current game") == "Reprendre la partie en cours"
        assert tr("Not playable") == "Partie impossible"
        assert tr("Cells to place") == "Cases à placer"
        editor.draft.set_position(REFUSALS["over"])
        driver.press("play")
        driver.frames(2)
        driver.press("back")
        driver.press("reset_board")
        driver.press("save_level")
        driver.frames(2)
        driver.press("cancel")
        driver.press("standard_levels")
        driver.frames(2)
        driver.press("cancel")
        driver.frames(2)
        strings = _editor_strings()
        assert {"Take current game", "Play anyway", "Back to the editor", "Choose another name"} <= strings
        mine = {text for text in missing_translations() if text in strings}
        assert mine == set()
    finally:
        set_language("en")


def _editor_strings() -> set[str]:
    import re

    scenes = Path(__file__).resolve().parent.parent / "game" / "scenes"
    found: set[str] = set()
    for path in (
        scenes / "ataxx" / "editor.py",
        scenes / "ataxx" / "editor_dialogs.py",
        scenes / "ataxx" / "editor_tools.py",
        scenes / "level_dialogs.py",
        scenes / "level_editor.py",
        scenes / "level_cards.py",
    ):
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r'\btr\("([^"]+)"', text))
        found |= set(re.findall(r'Button\(\s*"[^"]+",\s*"([^"]+)"', text))  # Button(id, label, ...)
        found |= set(re.findall(r'\(\s*"[a-z_]+",\s*"([^"]+)",', text))  # dialog buttons (id, label, action)
        found |= set(re.findall(r'_validated\("([^"]+)"', text))  # the "go on" labels
    return found
