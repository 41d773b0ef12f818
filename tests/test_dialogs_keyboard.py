"""Every dialog of the game, driven by the keyboard alone: Esc, Enter and the arrows.

The issue: Enter on the new-game screen opened by the level editor's Play
looked a button up by an English label and showed the error screen. So each
dialog here is opened (by whatever way the game offers), then driven only by
keys: Esc closes it without side effects (or does what its escape button
does); the first Enter shows the focus and the second presses the focused
button (a dialog with a text field submits it at once); the arrows walk the
buttons. No scene may fail on the way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app import App
from game.driver import Driver
from game.engine import saves
from game.engine.ataxx import STARTPOS, Move
from game.engine.ataxx.rules import RULES
from game.engine.levels import LevelInfo, custom_levels, load_level, save_custom_level, shipped_levels
from game.engine.match import Match, MatchConfig, Player
from game.engine.stats import Statistics, record_for
from game.scenes.dialog import Dialog

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search

NEARLY_FULL = "xxxxxx1/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/ooooooo x 0 1"
OVER = "x--4/---4/---4/7/4---/4---/4--o x 0 1"
CORNER_BLOCK = "-5o/1x5/7/7/7/1o5/x5- x 0 1"
ENTER = pygame.K_RETURN

Context = dict[str, Any]


@pytest.fixture
def failures(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every scene failure (what would show the error screen), as ``Scene.method: error``."""
    seen: list[str] = []
    original = App._scene_failed

    def failed(self: App, scene: Any, method: str, error: Exception) -> None:
        seen.append(f"{type(scene).__name__}.{method}: {type(error).__name__}: {error}")
        original(self, scene, method, error)

    monkeypatch.setattr(App, "_scene_failed", failed)
    return seen


def _names(driver: Driver) -> list[str]:
    return [scene.name for scene in driver.app.stack.scenes]


def _top(driver: Driver) -> str:
    top = driver.app.top
    assert top is not None
    return top.name


def _type(driver: Driver, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    driver.frames(1)


# -- ways to open each dialog --


def _two_player_match(driver: Driver, moves: tuple[str, ...] = ("b6",)) -> Any:
    play = driver.app.router.push("match", MatchConfig(vs_computer=False), shipped_levels(RULES)[0])
    driver.frames(1)
    for move in moves:
        driver.play_move(Move.from_uai(move))
    assert play.match.ply == len(moves)
    return play


def _open_editor(driver: Driver) -> Any:
    driver.press("editor")
    assert _top(driver) == "editor"
    return driver.top


def open_restart(driver: Driver) -> Context:
    play = _two_player_match(driver)
    driver.press("restart")
    return {"play": play}


def open_restart_from_pause(driver: Driver) -> Context:
    play = _two_player_match(driver)
    driver.key(pygame.K_ESCAPE)
    driver.press("restart")
    return {"play": play}


def open_delete_save(driver: Driver) -> Context:
    path = saves.save_game("keep me", Match(RULES), level_name="Classic")
    driver.press("load")
    driver.press("delete")
    return {"path": path}


def open_reset_statistics(driver: Driver) -> Context:
    finished = Match(RULES, NEARLY_FULL, (Player.human(), Player.human()))
    finished.play(Move.from_uai("g7"))
    stats = Statistics("ataxx")
    stats.add(record_for(finished, level_name="Nearly full"))
    stats.save()
    driver.press("statistics")
    driver.press("reset")
    return {}


def open_leave_editor(driver: Driver) -> Context:
    editor = _open_editor(driver)
    editor.draft.set_position(CORNER_BLOCK)
    driver.press("cancel")
    return {"editor": editor}


def open_delete_level(driver: Driver) -> Context:
    path = save_custom_level(LevelInfo("Mine", "", "", CORNER_BLOCK), RULES)
    editor = _open_editor(driver)
    editor.load_level(load_level(path, RULES))
    driver.press("delete")
    return {"editor": editor, "path": path}


def open_replace_level(driver: Driver) -> Context:
    path = save_custom_level(LevelInfo("Taken", "", "", CORNER_BLOCK), RULES)
    editor = _open_editor(driver)
    driver.press("save_level")
    _type(driver, "Taken")
    driver.key(ENTER)
    return {"editor": editor, "path": path}


def open_replace_save(driver: Driver) -> Context:
    path = saves.save_game("taken", Match(RULES), level_name="Classic")
    play = _two_player_match(driver)
    driver.key(pygame.K_ESCAPE)
    driver.press("save_as")
    driver.app.top.field.text = ""
    _type(driver, "taken")
    driver.key(ENTER)
    return {"play": play, "path": path}


def open_refused(driver: Driver) -> Context:
    editor = _open_editor(driver)
    editor.draft.set_position(OVER)
    driver.press("play")
    return {"editor": editor}


def open_warning_play(driver: Driver) -> Context:
    editor = _open_editor(driver)
    editor.draft.set_position(CORNER_BLOCK)
    driver.press("play")
    return {"editor": editor}


def open_warning_save(driver: Driver) -> Context:
    editor = _open_editor(driver)
    editor.draft.set_position(CORNER_BLOCK)
    driver.press("save_level")
    return {"editor": editor}


def open_save_as(driver: Driver) -> Context:
    play = _two_player_match(driver)
    driver.key(pygame.K_ESCAPE)
    driver.press("save_as")
    return {"play": play}


def open_save_level(driver: Driver) -> Context:
    editor = _open_editor(driver)
    driver.press("save_level")
    _type(driver, "Keyboard level")
    return {"editor": editor}


def open_pause(driver: Driver) -> Context:
    play = _two_player_match(driver)
    driver.key(pygame.K_ESCAPE)
    return {"play": play}


def open_results(driver: Driver) -> Context:
    from game.scenes.resume import open_match

    play = open_match(driver.app, Match(RULES, NEARLY_FULL, (Player.human(), Player.human())), "Nearly full")
    driver.play_move(Move.from_uai("g7"))
    assert driver.until(lambda: _top(driver) == "results", max_frames=120)
    return {"play": play}


def open_error(driver: Driver) -> Context:
    driver.press("about")
    about = driver.top

    def fail(dt: float) -> None:
        raise RuntimeError("a test failure")

    about.update = fail  # the next frame fails: the error message shows
    driver.frames(1)
    return {"failed": about}


def open_ai_stuck(driver: Driver) -> Context:
    play = _two_player_match(driver)
    play.ai_failed("a test failure")
    return {"play": play}


def open_damaged_autosave(driver: Driver) -> Context:
    path = saves.autosave_path(RULES.key)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x00\x01 not a game")
    driver.app.router.reset("menu")
    driver.frames(1)
    driver.press("continue")
    return {"path": path}


def open_standard_levels(driver: Driver) -> Context:
    editor = _open_editor(driver)
    driver.press("standard_levels")
    return {"editor": editor}


# -- what must hold after each --


def _match_untouched(driver: Driver, ctx: Context) -> None:
    assert ctx["play"].match.ply == 1 and ctx["play"] in driver.app.stack


def _back_to(name: str, untouched: Callable[[Driver, Context], None]) -> Callable[[Driver, Context], None]:
    def check(driver: Driver, ctx: Context) -> None:
        assert _top(driver) == name, _names(driver)
        untouched(driver, ctx)

    return check


def _nothing(driver: Driver, ctx: Context) -> None:
    return None


def _file_kept(driver: Driver, ctx: Context) -> None:
    assert ctx["path"].is_file()


def _level_kept(driver: Driver, ctx: Context) -> None:
    assert load_level(ctx["path"], RULES).position == RULES.position_text(RULES.new_position(CORNER_BLOCK))


def _save_kept(driver: Driver, ctx: Context) -> None:
    assert saves.load_game(ctx["path"])[0].ply == 0
    _match_untouched(driver, ctx)


def _one_record(driver: Driver, ctx: Context) -> None:
    assert len(Statistics.load("ataxx").records) == 1


def _draft_kept(driver: Driver, ctx: Context) -> None:
    assert ctx["editor"] in driver.app.stack and ctx["editor"].draft.fen() == ctx["fen"]


def _no_saves(driver: Driver, ctx: Context) -> None:
    assert saves.list_saves() == []
    _match_untouched(driver, ctx)


def _no_levels(driver: Driver, ctx: Context) -> None:
    assert custom_levels(RULES) == []
    if "fen" in ctx:
        _draft_kept(driver, ctx)


def _autosave_set_aside(driver: Driver, ctx: Context) -> None:
    assert _top(driver) == "menu" and not ctx["path"].exists()
    assert list(ctx["path"].parent.glob("ataxx.damaged-*.pgn"))


def _error_dismissed(driver: Driver, ctx: Context) -> None:
    assert _names(driver) == ["menu"] and ctx["failed"] not in driver.app.stack


def _restarted(driver: Driver, ctx: Context) -> None:
    assert driver.top is ctx["play"] and ctx["play"].match.ply == 0


def _save_deleted(driver: Driver, ctx: Context) -> None:
    assert _top(driver) == "load" and not ctx["path"].exists()
    assert "keep me" not in {entry.name for entry in driver.top.entries}


def _statistics_reset(driver: Driver, ctx: Context) -> None:
    assert _top(driver) == "statistics" and Statistics.load("ataxx").records == []


def _left_editor(driver: Driver, ctx: Context) -> None:
    assert _names(driver) == ["menu"]


def _level_deleted(driver: Driver, ctx: Context) -> None:
    assert _top(driver) == "editor" and not ctx["path"].exists()


def _level_replaced(driver: Driver, ctx: Context) -> None:
    assert _top(driver) == "editor" and load_level(ctx["path"], RULES).position == STARTPOS


def _save_replaced(driver: Driver, ctx: Context) -> None:
    assert driver.top is ctx["play"] and saves.load_game(ctx["path"])[0].ply == 1


def _new_game_screen(driver: Driver, ctx: Context) -> None:
    assert _top(driver) == "newgame" and driver.top.level.position == CORNER_BLOCK


def _save_level_dialog(driver: Driver, ctx: Context) -> None:
    assert type(driver.top).__name__ == "SaveLevelDialog"


def _saved_game(driver: Driver, ctx: Context) -> None:
    assert driver.top is ctx["play"]
    [entry] = saves.list_saves()
    assert isinstance(entry, saves.SaveEntry) and entry.plies == 1
    assert ctx["play"].keeper.save_name == entry.name


def _saved_level(driver: Driver, ctx: Context) -> None:
    assert _top(driver) == "editor"
    assert [level.name for level in custom_levels(RULES)] == ["Keyboard level"]


def _resumed(driver: Driver, ctx: Context) -> None:
    assert driver.top is ctx["play"] and _names(driver) == ["menu", "match"]
    _match_untouched(driver, ctx)


def _rematch(driver: Driver, ctx: Context) -> None:
    assert driver.top is ctx["play"] and ctx["play"].match.ply == 0


def _home(driver: Driver, ctx: Context) -> None:
    assert _names(driver) == ["menu"]


@dataclasses.dataclass(frozen=True)
class Case:
    """One dialog: how to open it, which button the first Enter shows, and the outcomes."""

    open: Callable[[Driver], Context]
    name: str
    """The scene's name (``dialog``, ``pause``...)."""
    focus: str | None
    """The button the first Enter focuses (None: Enter submits the dialog's text field at once)."""
    untouched: Callable[[Driver, Context], None]
    """Nothing has happened yet."""
    after_escape: Callable[[Driver, Context], None]
    after_enter: Callable[[Driver, Context], None]
    """After Enter pressed ``focus`` (or submitted the field)."""
    escape: str
    """The id of the button Esc presses."""


CASES: dict[str, Case] = {
    # A question whose answer destroys something: Enter goes to the safe answer, never the other.
    "restart": Case(
        open_restart,
        "dialog",
        "cancel",
        _match_untouched,
        _back_to("match", _match_untouched),
        _back_to("match", _match_untouched),
        "cancel",
    ),
    "restart from the pause menu": Case(
        open_restart_from_pause,
        "dialog",
        "cancel",
        _match_untouched,
        _back_to("match", _match_untouched),
        _back_to("match", _match_untouched),
        "cancel",
    ),
    "delete save": Case(
        open_delete_save,
        "dialog",
        "cancel",
        _file_kept,
        _back_to("load", _file_kept),
        _back_to("load", _file_kept),
        "cancel",
    ),
    "reset statistics": Case(
        open_reset_statistics,
        "dialog",
        "cancel",
        _one_record,
        _back_to("statistics", _one_record),
        _back_to("statistics", _one_record),
        "cancel",
    ),
    "leave editor": Case(
        open_leave_editor,
        "dialog",
        "keep",
        _draft_kept,
        _back_to("editor", _draft_kept),
        _back_to("editor", _draft_kept),
        "keep",
    ),
    "delete level": Case(
        open_delete_level,
        "dialog",
        "keep",
        _file_kept,
        _back_to("editor", _file_kept),
        _back_to("editor", _file_kept),
        "keep",
    ),
    "replace level": Case(
        open_replace_level,
        "dialog",
        "rename",
        _level_kept,
        _back_to("dialog", _level_kept),  # back to "Save as level" to choose another name
        _back_to("dialog", _level_kept),
        "rename",
    ),
    "replace save": Case(
        open_replace_save,
        "dialog",
        "cancel",
        _save_kept,
        _back_to("saveas", _save_kept),
        _back_to("saveas", _save_kept),
        "cancel",
    ),
    "refused level": Case(
        open_refused,
        "dialog",
        "back",
        _no_levels,
        _back_to("editor", _no_levels),
        _back_to("editor", _no_levels),
        "back",
    ),
    "warning, play": Case(
        open_warning_play,
        "dialog",
        "go",
        _no_levels,
        _back_to("editor", _no_levels),
        _new_game_screen,
        "back",
    ),
    "warning, save": Case(
        open_warning_save,
        "dialog",
        "go",
        _no_levels,
        _back_to("editor", _no_levels),
        _save_level_dialog,
        "back",
    ),
    "save as": Case(
        open_save_as, "saveas", None, _no_saves, _back_to("pause", _no_saves), _saved_game, "cancel"
    ),
    "save level": Case(
        open_save_level, "dialog", None, _no_levels, _back_to("editor", _no_levels), _saved_level, "cancel"
    ),
    "pause": Case(open_pause, "pause", "resume", _match_untouched, _resumed, _resumed, "resume"),
    "results": Case(open_results, "results", "rematch", _nothing, _home, _rematch, "menu"),
    "error": Case(open_error, "error", "continue", _nothing, _error_dismissed, _error_dismissed, "continue"),
    "computer stuck": Case(open_ai_stuck, "dialog", "retry", _match_untouched, _resumed, _resumed, "retry"),
    "damaged autosave": Case(
        open_damaged_autosave, "dialog", "ok", _nothing, _autosave_set_aside, _autosave_set_aside, "ok"
    ),
    "level picker": Case(
        open_standard_levels,
        "levelpicker",
        "cancel",
        _draft_kept,
        _back_to("editor", _draft_kept),
        _back_to("editor", _draft_kept),
        "cancel",
    ),
}

DESTRUCTIVE: dict[str, tuple[str, Callable[[Driver, Context], None]]] = {
    "restart": ("restart", _restarted),
    "restart from the pause menu": ("restart", _restarted),
    "delete save": ("delete", _save_deleted),
    "reset statistics": ("reset", _statistics_reset),
    "leave editor": ("leave", _left_editor),
    "delete level": ("delete", _level_deleted),
    "replace level": ("replace", _level_replaced),
    "replace save": ("replace", _save_replaced),
}
"""The questions whose first button destroys something: that button, and what it leaves."""

EXPECTED_FAILURES = {"error": 1}
"""The error message is opened by a scene that fails on purpose."""


def _open(case_name: str) -> tuple[Driver, Case, Context, Any]:
    case = CASES[case_name]
    driver = Driver.fast()
    driver.frames(1)
    ctx = case.open(driver)
    driver.frames(2)
    dialog = driver.top
    assert dialog is not None and dialog.name == case.name, _names(driver)
    if "editor" in ctx:
        ctx["fen"] = ctx["editor"].draft.fen()
    assert dialog.transparent, "a dialog shows what it is over"
    ctx["dialog"] = dialog
    case.untouched(driver, ctx)
    return driver, case, ctx, dialog


def _usable(dialog: Any) -> list[str]:
    return [button.id for button in dialog.widgets.buttons if button.active]


def _focused(dialog: Any) -> str | None:
    focus = dialog.widgets.focus
    return None if focus is None else dialog.widgets.buttons[focus].id


def _check_failures(failures: list[str], case_name: str) -> None:
    assert len(failures) == EXPECTED_FAILURES.get(case_name, 0), failures


@pytest.mark.parametrize("case_name", sorted(CASES))
def test_escape_closes_without_side_effects(case_name: str, failures: list[str], user_data_dir: Path) -> None:
    driver, case, ctx, dialog = _open(case_name)
    try:
        assert dialog.widgets[case.escape].active
        if isinstance(dialog, Dialog):
            assert dialog.escape == case.escape
        driver.key(pygame.K_ESCAPE)
        driver.frames(2)
        assert dialog not in driver.app.stack
        case.after_escape(driver, ctx)
        assert "error" not in _names(driver)
        _check_failures(failures, case_name)
    finally:
        driver.app.close()


@pytest.mark.parametrize("case_name", sorted(CASES))
def test_enter_shows_the_focus_then_presses_it(
    case_name: str, failures: list[str], user_data_dir: Path
) -> None:
    driver, case, ctx, dialog = _open(case_name)
    try:
        if case.focus is not None and case_name not in DESTRUCTIVE:
            assert _focused(dialog) is None, "no focus shows before the keyboard is used"
            driver.key(ENTER)
            assert driver.top is dialog, "the first Enter only shows where the focus is"
            assert _focused(dialog) == case.focus and dialog.widgets[case.focus].focused
            case.untouched(driver, ctx)
            driver.frames(3)  # the focus is drawn
        driver.key(ENTER)
        driver.frames(2)
        assert dialog not in driver.app.stack
        case.after_enter(driver, ctx)
        assert "error" not in _names(driver)
        _check_failures(failures, case_name)
    finally:
        driver.app.close()


@pytest.mark.parametrize("case_name", sorted(CASES))
def test_arrows_walk_the_buttons_and_enter_presses_the_one_in_focus(
    case_name: str, failures: list[str], user_data_dir: Path
) -> None:
    driver, case, ctx, dialog = _open(case_name)
    try:
        usable = _usable(dialog)
        assert case.escape in usable and (case.focus is None or case.focus in usable)
        driver.key(pygame.K_DOWN)
        assert _focused(dialog) == usable[0]
        walked = [usable[0]]
        for _ in range(len(usable)):
            driver.key(pygame.K_DOWN)
            walked.append(_focused(dialog))
        assert walked == [*usable, usable[0]], "Down walks every button in order, then wraps"
        driver.key(pygame.K_UP)
        assert _focused(dialog) == usable[-1], "Up walks back (wrapping)"
        assert driver.top is dialog
        case.untouched(driver, ctx)
        # To the escape button, then Enter: what Esc does.
        while _focused(dialog) != case.escape:
            driver.key(pygame.K_DOWN)
        driver.frames(2)
        driver.key(ENTER)
        driver.frames(2)
        assert dialog not in driver.app.stack
        case.after_escape(driver, ctx)
        assert "error" not in _names(driver)
        _check_failures(failures, case_name)
    finally:
        driver.app.close()


# -- the damaged settings message, shown at start --


def _damaged_settings(user_data_dir: Path) -> Driver:
    user_data_dir.mkdir(parents=True, exist_ok=True)
    (user_data_dir / "settings.json").write_bytes(b"{broken")
    driver = Driver.fast()
    driver.frames(2)
    assert _names(driver) == ["menu", "dialog"] and _usable(driver.top) == ["ok"]
    return driver


@pytest.mark.parametrize("keys", [(pygame.K_ESCAPE,), (ENTER, ENTER), (pygame.K_DOWN, ENTER)])
def test_the_damaged_settings_message_by_keyboard(
    keys: tuple[int, ...], failures: list[str], user_data_dir: Path
) -> None:
    driver = _damaged_settings(user_data_dir)
    try:
        message = driver.top
        for index, key in enumerate(keys):
            driver.key(key)
            if index < len(keys) - 1:
                assert driver.top is message and _focused(message) == "ok"
        assert _names(driver) == ["menu"]
        assert failures == []
    finally:
        driver.app.close()


# -- the new-game screen opened by the editor's Play (the issue) --


def _editor_new_game(driver: Driver) -> Any:
    editor = _open_editor(driver)
    editor.draft.set_position("x5o/7/2-4/7/4-2/7/o5x o 0 1")
    driver.press("play")
    setup = driver.top
    # Back and Play (not Choose level); then Engines…, shown only when an engine is the opponent.
    assert setup.name == "newgame" and setup.widgets.ids() == ["back", "play", "engines"]
    assert not setup.widgets["engines"].visible
    return setup


@pytest.fixture
def driver(failures: list[str]):
    driver = Driver.fast()
    yield driver
    driver.app.close()
    assert failures == []


def test_enter_on_the_editors_new_game_screen_starts_the_edited_level(driver: Driver) -> None:
    _editor_new_game(driver)
    driver.key(ENTER)
    play = driver.top
    assert play.name == "match", _names(driver)
    assert play.match.position.fen() == "x5o/7/2-4/7/4-2/7/o5x o 0 1"
    assert _names(driver) == ["menu", "match"]


def test_escape_on_the_editors_new_game_screen_goes_back_to_the_editor(driver: Driver) -> None:
    setup = _editor_new_game(driver)
    driver.key(pygame.K_ESCAPE)
    assert _names(driver) == ["menu", "editor"] and setup not in driver.app.stack


def test_arrows_on_the_editors_new_game_screen_reach_back_and_play(driver: Driver) -> None:
    setup = _editor_new_game(driver)
    rows = setup.rows()
    assert rows[-1] == "buttons"
    for index in range(len(rows)):
        driver.key(pygame.K_DOWN)
        assert setup.focus_row == index
    assert _focused(setup) == "play", "on the buttons row, the way on has the focus"
    driver.key(pygame.K_LEFT)
    assert _focused(setup) == "back"
    driver.key(pygame.K_RIGHT)
    assert _focused(setup) == "play"
    driver.key(pygame.K_LEFT)
    driver.frames(2)
    driver.key(ENTER)
    assert _names(driver) == ["menu", "editor"]
    # Again, and this time Enter with Play in focus.
    driver.press("play")
    setup = driver.top
    assert setup.name == "newgame"
    for _ in setup.rows():
        driver.key(pygame.K_DOWN)
    assert _focused(setup) == "play"
    driver.key(ENTER)
    assert _names(driver) == ["menu", "match"]


# -- destructive questions: Enter keeps, the destroying answer must be chosen --


@pytest.mark.parametrize("case_name", sorted(DESTRUCTIVE))
def test_enter_never_destroys(case_name: str, failures: list[str], user_data_dir: Path) -> None:
    driver, case, ctx, dialog = _open(case_name)
    try:
        button, _ = DESTRUCTIVE[case_name]
        assert not dialog.widgets[button].primary, "the destroying answer is not the one put forward"
        for _ in range(3):  # however many Enters it takes to answer
            driver.key(ENTER)
            driver.frames(2)
            if dialog not in driver.app.stack:
                break
        assert dialog not in driver.app.stack, "Enter answers the question"
        case.after_escape(driver, ctx)  # as if Esc: nothing destroyed
        _check_failures(failures, case_name)
    finally:
        driver.app.close()


@pytest.mark.parametrize("case_name", sorted(DESTRUCTIVE))
def test_the_destroying_answer_still_works_when_chosen(
    case_name: str, failures: list[str], user_data_dir: Path
) -> None:
    driver, _case, ctx, dialog = _open(case_name)
    try:
        button, destroyed = DESTRUCTIVE[case_name]
        driver.key(pygame.K_DOWN)
        while _focused(dialog) != button:
            driver.key(pygame.K_DOWN)
        driver.key(ENTER)
        driver.frames(2)
        assert dialog not in driver.app.stack
        destroyed(driver, ctx)
        _check_failures(failures, case_name)
    finally:
        driver.app.close()


@pytest.mark.parametrize("case_name", sorted(DESTRUCTIVE))
def test_a_question_opened_by_the_mouse_takes_enter_at_once(
    case_name: str, failures: list[str], user_data_dir: Path
) -> None:
    # Issue 19, item 17: "Restart?" opened with the mouse needed two Enters (the first only drew the focus).
    driver, case, ctx, dialog = _open(case_name)
    try:
        assert _focused(dialog) == case.focus, "the safe answer holds the focus from the start"
        driver.frames(3)  # the focus is drawn
        driver.key(ENTER)
        driver.frames(2)
        assert dialog not in driver.app.stack, "one Enter answers the question"
        case.after_enter(driver, ctx)  # the safe answer: nothing destroyed
        assert "error" not in _names(driver)
        _check_failures(failures, case_name)
    finally:
        driver.app.close()
