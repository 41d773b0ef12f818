"""Engines from the menus, with scripted events: Options → Engines (add, check, test, remove), the new
game against an engine, a whole game against our own engine started as an external one, and every
kind of failure of a scripted fake engine during a game: a message, a way on, nothing left running."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from processes import fake_engine as fake
from processes import gone, own_engine, pid_in
from waiting import frames_until

from game.ai.worker import EngineTimeouts
from game.driver import Driver
from game.engine import saves
from game.engine.levels import LevelInfo
from game.engine.match import MatchConfig, engine_level
from game.i18n import set_language
from game.ui.settings import MAX_ENGINES, EngineEntry, Settings

pytestmark = [
    pytest.mark.usefixtures("importable"),
    pytest.mark.usefixtures("compiled_search"),
]  # every test here may start our own engine
QUICK = EngineTimeouts(handshake=2.0, ready=3.0, grace=0.4, stop=2.0)
PATIENT = EngineTimeouts(handshake=20.0, ready=120.0, grace=2.0, stop=2.0)
OPEN = "x5o/7/7/7/7/7/o5x x 0 1"
ENDGAME = "xxxxxx1/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/oooooo1 x 0 1"
"""Two empty squares, Red to move: a whole game is two moves, one each."""


def make_driver(timeouts: EngineTimeouts = QUICK, **options: Any) -> Driver:
    driver = Driver.fast(engine_timeouts=timeouts, **options)
    driver.frames(1)
    return driver


@pytest.fixture
def driver() -> Iterator[Driver]:
    driver = make_driver()
    yield driver
    driver.app.close()


def with_engines(*entries: tuple[str, str, str], **fields: Any) -> None:
    """Settings holding these engines (key, name, command) for Ataxx, before the app starts."""
    settings = Settings.load()
    section = settings.for_game("ataxx")
    section.engines = [EngineEntry(*entry) for entry in entries]
    for name, value in fields.items():
        setattr(section, name, value)
    settings.save()


def saved_engines(user_data_dir: Path) -> list[dict[str, str]]:
    data = json.loads((user_data_dir / "settings.json").read_text(encoding="utf-8"))
    engines: list[dict[str, str]] = data["games"]["ataxx"]["engines"]
    return engines


def type_text(driver: Driver, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    driver.frames(1)


def until(driver: Driver, condition: Any) -> bool:
    """Run frames (an engine answers in real time) until ``condition()``."""
    return frames_until(driver, condition)


def open_engines(driver: Driver) -> Any:
    driver.press("options")
    driver.press("engines")
    assert driver.top.name == "engines"
    return driver.top


# -- Options → Engines ------------------------------------------------------------------------------


def test_an_engine_is_added_from_the_menus_after_it_passed_its_check(
    driver: Driver, user_data_dir: Path
) -> None:
    engines = open_engines(driver)
    assert not engines.rows
    driver.press("add")
    assert driver.top.name == "addengine"
    type_text(driver, fake("good"))
    driver.key(pygame.K_RETURN)
    assert driver.top.checking  # the engine is checked in the background: the frames go on
    assert until(driver, lambda: driver.top is engines)
    assert [entry.name for _, entry, _ in engines.rows] == ["Fake Engine"]
    assert "Fake Engine was added" in engines.message[0]
    assert saved_engines(user_data_dir) == [
        {"key": engines.rows[0][1].key, "name": "Fake Engine", "command": fake("good")}
    ]


@pytest.mark.parametrize(
    ("command", "words"),
    [
        ("", "Type the command line"),
        ("engine 'open", "quotation mark is not closed"),
        (fake("silent"), "Not added: it did not answer “uai” within 2 seconds"),
        (fake("exit"), "Not added: it stopped (exit code 2): fake engine: nothing to do"),
        (fake("illegal"), "Not added: it played d4, which is not legal here"),
        ("/no/such/engine --x", "Not added: it could not be started"),
    ],
)
def test_an_engine_that_fails_its_check_is_not_added(
    driver: Driver, command: str, words: str, user_data_dir: Path
) -> None:
    open_engines(driver)
    driver.press("add")
    dialog = driver.top
    if command:
        type_text(driver, command)
    driver.press("add")
    assert until(driver, lambda: not dialog.checking)
    assert driver.top is dialog
    assert words in dialog.error
    assert not Settings.load().for_game("ataxx").engines
    driver.key(pygame.K_ESCAPE)  # Cancel
    assert driver.top.name == "engines"


def test_the_same_engine_is_not_added_twice(user_data_dir: Path) -> None:
    with_engines(("00aa", "Fake Engine", fake("good")))
    driver = make_driver()
    try:
        open_engines(driver)
        driver.press("add")
        type_text(driver, fake("good"))
        driver.key(pygame.K_RETURN)
        assert "already in the list" in driver.top.error
    finally:
        driver.app.close()


def test_cancel_while_an_engine_is_checked_leaves_nothing_running(driver: Driver, tmp_path: Path) -> None:
    open_engines(driver)
    driver.press("add")
    pid_file = tmp_path / "pid"
    type_text(driver, fake("silent", pid_file))
    driver.key(pygame.K_RETURN)
    pid = pid_in(pid_file)
    driver.press("cancel")
    assert driver.top.name == "engines"
    assert gone(pid)
    assert not Settings.load().for_game("ataxx").engines


def test_remove_asks_first_and_its_safe_answer_is_forward(user_data_dir: Path) -> None:
    with_engines(
        ("00aa", "First", fake("good")), ("00bb", "Second", fake("good")), engine="00bb", opponent="engine"
    )
    driver = make_driver()
    try:
        engines = open_engines(driver)
        driver.press("remove_1")
        assert driver.top.name == "dialog" and "Second" in driver.top.title
        driver.key(pygame.K_RETURN)  # Cancel is the default
        assert [entry.name for _, entry, _ in engines.rows] == ["First", "Second"]
        driver.press("remove_1")
        driver.press("remove")
        assert driver.top is engines
        assert [entry.name for _, entry, _ in engines.rows] == ["First"]
        section = Settings.load().for_game("ataxx")
        assert [entry.key for entry in section.engines] == ["00aa"]
        assert (section.opponent, section.engine) == ("computer", "")  # the removed one is not offered
    finally:
        driver.app.close()


def test_test_checks_an_engine_in_the_background(user_data_dir: Path) -> None:
    with_engines(("00aa", "Good", fake("good")), ("00bb", "Crashes", fake("crash")))
    driver = make_driver()
    try:
        engines = open_engines(driver)
        driver.press("test_0")
        assert engines.testing is not None and not driver.button("test_1").enabled
        assert until(driver, lambda: engines.testing is None)
        assert engines.message[0].startswith("Good is ready: it played g2 in ")
        driver.press("test_1")
        assert until(driver, lambda: engines.testing is None)
        assert engines.message[0].startswith("Crashes failed its test: it stopped (exit code 3)")
    finally:
        driver.app.close()


def test_the_time_per_move_is_kept(driver: Driver) -> None:
    engines = open_engines(driver)
    engines.ensure_layout()
    driver.click(engines.time_choice.rects[2].center)
    assert Settings.load().for_game("ataxx").engine_time == 2.0


def test_no_more_engines_than_the_list_holds(user_data_dir: Path) -> None:
    with_engines(*[(f"{n:04x}", f"E{n}", fake("good") + f" {n}") for n in range(MAX_ENGINES)])
    driver = make_driver()
    try:
        open_engines(driver)
        assert not driver.button("add").enabled
    finally:
        driver.app.close()


def test_engines_are_offered_only_where_they_can_play(user_data_dir: Path) -> None:
    with_engines(("00aa", "Good", fake("good")))
    for options in ({"game": "attangle"}, {"kiosk": True}):
        driver = make_driver(**options)
        try:
            if options.get("kiosk"):
                driver.app.router.push("options")
            else:
                driver.press("options")
            assert not driver.button("engines").visible
            driver.app.router.push("newgame")
            driver.frames(1)
            assert "engine" not in [value for _, value in driver.top.opponent.options]
        finally:
            driver.app.close()


# -- the new game and a whole game ----------------------------------------------------------------


def test_the_new_game_screen_offers_the_engines_beside_the_levels(user_data_dir: Path) -> None:
    with_engines(("00aa", "First", fake("good")), ("00bb", "Second", fake("good")))
    driver = make_driver()
    try:
        driver.press("new_game")
        newgame = driver.top
        assert newgame.opponent.options == [
            ("Computer", "computer"),
            ("Second player", "human"),
            ("Engine", "engine"),
        ]
        driver.click(newgame.opponent.rects[2].center)
        assert newgame.card_keys() == [engine_level("00aa"), engine_level("00bb")]
        driver.click(newgame.level_centre(engine_level("00bb")))
        assert newgame.config.level == engine_level("00bb") and newgame.config.computer_name == "Second"
        driver.click(newgame.opponent.rects[0].center)  # a change of mind: our levels, as chosen before
        assert newgame.config.level == "casual"
        driver.click(newgame.opponent.rects[2].center)
        assert newgame.config.level == engine_level("00bb")
        driver.press("choose_level")
        section = Settings.load().for_game("ataxx")
        assert (section.opponent, section.engine, section.level) == ("engine", "00bb", "casual")
        assert driver.top.name == "levelselect"
    finally:
        driver.app.close()


def test_against_an_engine_the_screens_name_it_not_the_computer(
    user_data_dir: Path, recorded: list[str]
) -> None:
    """ "Who starts" offers You or the engine chosen, level select says "vs" the engine, and so does the
    question Resign asks."""
    with_engines(("00aa", "First", fake("good")), ("00bb", "Kataxx 2.3", fake("good")))
    driver = make_driver()
    try:
        driver.press("new_game")
        newgame = driver.top
        assert [label for label, _ in newgame.starts.options] == ["You", "Computer"]
        driver.click(newgame.opponent.rects[2].center)
        driver.click(newgame.level_centre(engine_level("00bb")))
        assert [label for label, _ in newgame.starts.options] == ["You", "Kataxx 2.3"]
        recorded.clear()
        driver.frames(1)
        assert "Kataxx 2.3" in recorded and recorded.count("Computer") == 1  # the Opponent row's chip only
        driver.click(newgame.level_centre(engine_level("00aa")))
        assert newgame.starts.options[1][0] == "First"
        driver.click(newgame.opponent.rects[0].center)
        assert newgame.starts.options[1][0] == "Computer"
        driver.click(newgame.opponent.rects[2].center)
        driver.press("choose_level")
        recorded.clear()
        driver.frames(1)
        assert "vs First" in recorded and "vs Computer" not in recorded
    finally:
        driver.app.close()
    driver = make_driver()
    try:
        config = MatchConfig(True, engine_level("00bb"), 0, 0, "Kataxx 2.3")
        level = LevelInfo("Test", "A test position.", "tests", OPEN)
        play = driver.app.router.push("match", config, level)
        driver.frames(1)
        play.ask_resign()
        assert driver.top.lines == ["Give up this game? Kataxx 2.3 wins it, and it counts as a loss."]
    finally:
        driver.app.close()


def test_without_engines_the_engine_column_says_what_one_is(driver: Driver) -> None:
    driver.press("new_game")
    newgame = driver.top
    driver.click(newgame.opponent.rects[2].center)
    newgame.ensure_layout()
    assert newgame.engine_note.width and not newgame.level_rects
    assert not driver.button("choose_level").enabled
    driver.press("engines")
    assert driver.top.name == "engines"
    driver.press("add")
    type_text(driver, fake("good"))
    driver.key(pygame.K_RETURN)
    assert until(driver, lambda: driver.top.name == "engines")
    driver.press("back")
    assert driver.top is newgame  # back, the new engine chosen
    assert newgame.engine_chosen is not None and newgame.engine_chosen.name == "Fake Engine"
    assert driver.button("choose_level").enabled


def test_the_new_game_screen_by_keyboard_reaches_the_engines(user_data_dir: Path) -> None:
    with_engines(
        ("00aa", "First", fake("good")), ("00bb", "Second", fake("good")), opponent="engine", engine="00aa"
    )
    driver = make_driver()
    try:
        driver.press("new_game")
        newgame = driver.top
        assert newgame.opponent_kind == "engine"
        level_row = newgame.rows().index("level")
        for _ in range(level_row + 1):
            driver.key(pygame.K_DOWN)
        driver.key(pygame.K_RIGHT)
        assert newgame.config.level == engine_level("00bb")
        driver.key(pygame.K_DOWN)  # the Engines… button
        driver.key(pygame.K_RETURN)
        assert driver.top.name == "engines"
    finally:
        driver.app.close()


def test_a_whole_game_against_our_own_engine_started_as_an_external_one(user_data_dir: Path) -> None:
    with_engines(("00aa", "Ours", own_engine()))
    driver = make_driver(PATIENT)
    try:
        app = driver.app
        level = LevelInfo("Endgame", "", "", ENDGAME)
        # The engine moves first; then the person; the board is full.
        config = MatchConfig(True, engine_level("00aa"), human_seat=1, first=0, computer_name="Ours")
        play = app.router.push("match", config, level)
        assert play.player_name(0) == "Ours"
        assert until(driver, lambda: app.worker.engine_pid is not None)
        pid = app.worker.engine_pid
        for _ in range(20):  # the engine may jump (and leave a square empty): play until the end
            if play.match.is_over:
                break
            if play.human_turn():
                moves = play.match.legal_moves()
                driver.play_move(next((move for move in moves if len(str(move)) == 2), moves[0]))  # a clone
            else:
                before = play.match.ply
                assert until(driver, lambda before=before: play.match.ply > before), "the engine did not move"
        assert until(driver, lambda: driver.top.name == "results")
        assert app.worker.engine_pid == pid  # one process for the whole game
        assert pid is not None
        app.router.home()  # leaving the game lets the engine go
        driver.frames(2)
        assert gone(pid)
    finally:
        driver.app.close()


def test_our_own_engine_plays_on_until_the_end_through_the_scenes(user_data_dir: Path) -> None:
    with_engines(("00aa", "Ours", own_engine()), opponent="engine", engine="00aa")
    driver = make_driver(PATIENT)
    try:
        app = driver.app
        driver.press("new_game")
        assert driver.top.opponent_kind == "engine"
        driver.press("choose_level")
        play = app.router.push(
            "match", driver.top.config, LevelInfo("Corner", "", "", "x5o/7/7/7/7/7/o5x x 0 1")
        )
        for _ in range(3):  # three moves each
            driver.play_move(play.match.legal_moves()[0])
            before = play.match.ply
            assert until(driver, lambda before=before: play.match.ply > before)
            assert driver.top is play
        assert "Ours" in play.player_name(1)
    finally:
        driver.app.close()


# -- an engine failing during a game ------------------------------------------------------------------


def start_against(driver: Driver, name: str = "Bad") -> Any:
    """A game against the engine of key ``00aa``, which plays Red and moves first (``g2``, as the fake does)."""
    config = MatchConfig(True, engine_level("00aa"), human_seat=1, first=0, computer_name=name)
    play = driver.app.router.push("match", config, LevelInfo("Open", "", "", OPEN))
    driver.frames(1)
    return play


@pytest.mark.parametrize(
    ("mode", "words"),
    [
        ("silent", "it did not answer “uai” within 2 seconds"),
        ("garbage", "it did not answer “uai” within 2 seconds"),
        ("crash", "it stopped (exit code 3): fake engine: segmentation fault (pretend)"),
        ("hang", "it did not play a move within"),
        ("illegal", "it played d4, which is not legal here"),
        ("nonsense", "it answered “bestmove zz99!”, which is not a move"),
        ("exit", "it stopped (exit code 2)"),
    ],
)
def test_a_failing_engine_is_said_and_the_computer_plays_on(
    user_data_dir: Path, mode: str, words: str, tmp_path: Path
) -> None:
    pid_file = tmp_path / "pid"
    with_engines(("00aa", "Bad", fake(mode, pid_file)))
    driver = make_driver()
    try:
        play = start_against(driver)
        assert until(driver, lambda: driver.top.name == "dialog")
        dialog = driver.top
        assert dialog.title == "Bad is stuck"
        assert words in dialog.lines[0]
        assert set(dialog.widgets.ids()) == {"retry", "computer_plays", "quit"}
        driver.press("computer_plays")
        assert driver.top is play
        assert play.match.player(0).engine is None and play.match.player(0).level == "casual"
        assert until(driver, lambda: play.match.ply == 1), "our computer did not play on"
        assert gone(pid_in(pid_file))
    finally:
        driver.app.close()


def test_try_again_asks_the_engine_again(
    user_data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "log"
    monkeypatch.setenv("FAKE_LOG", str(log))
    monkeypatch.setenv("FAKE_MOVES", "d4,g2")  # an illegal move, then a good one
    with_engines(("00aa", "Bad", fake("good")))
    driver = make_driver()
    try:
        play = start_against(driver)
        assert until(driver, lambda: driver.top.name == "dialog")
        driver.press("retry")
        assert driver.top is play
        assert until(driver, lambda: driver.top.name == "dialog" or play.match.ply == 1)
        assert driver.top is play and str(play.match.moves[0]) == "g2"
        assert log.read_text().splitlines().count("go movetime 20") == 2  # asked a second time
    finally:
        driver.app.close()


def test_an_engine_removed_since_the_game_began_is_said(user_data_dir: Path) -> None:
    driver = make_driver()
    try:
        start_against(driver)
        assert until(driver, lambda: driver.top.name == "dialog")
        dialog = driver.top
        assert "no longer among your engines" in dialog.lines[0]
        assert "retry" not in dialog.widgets.ids()
    finally:
        driver.app.close()


def test_leaving_a_game_against_an_engine_ends_the_engine(user_data_dir: Path, tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    with_engines(("00aa", "Slow", fake("hang", pid_file)))
    driver = make_driver(EngineTimeouts(handshake=5.0, ready=5.0, grace=30.0, stop=1.0))
    try:
        play = start_against(driver, "Slow")
        pid = pid_in(pid_file)
        assert until(driver, lambda: play.thinking)
        assert play.status_text()[0] == "Slow is thinking"
        driver.key(pygame.K_ESCAPE)
        driver.press("quit_to_menu")  # the game kept in its autosave
        if driver.top.name == "dialog":
            driver.key(pygame.K_RETURN)
        assert until(driver, lambda: driver.top.name == "menu")
        assert gone(pid)
    finally:
        driver.app.close()


def test_a_game_against_an_engine_is_saved_with_its_name_and_goes_on_after_loading(
    user_data_dir: Path,
) -> None:
    with_engines(("00aa", "Good", fake("good")))
    driver = make_driver()
    try:
        play = start_against(driver, "Good")
        assert until(driver, lambda: play.match.ply == 1)
        path = saves.save_game("against an engine", play.match, level_name="Open")
        match, _ = saves.load_game(path)
        assert match.player(0).engine == "00aa" and match.player(0).name == "Good"
        assert "computer:engine:00aa" in path.read_text(encoding="utf-8")
        assert fake("good") not in path.read_text(encoding="utf-8")  # never a command line in a save
    finally:
        driver.app.close()


def test_the_engine_screens_in_french(user_data_dir: Path) -> None:
    settings = Settings.load()
    settings.language = "fr"
    settings.save()
    with_engines(("00aa", "Bad", fake("nonsense")))
    driver = make_driver()
    try:
        open_engines(driver)
        assert driver.top.widgets["add"].label == "Add engine…"
        start_against(driver)
        assert until(driver, lambda: driver.top.name == "dialog")
        assert driver.top.title == "Bad est bloqué"
        assert "il a répondu « bestmove zz99! », qui n'est pas un coup" in driver.top.lines[0]
    finally:
        driver.app.close()
        set_language("en")


def test_the_terminal_loads_a_game_against_an_engine_with_its_own_computer() -> None:
    import io

    from game.engine.ataxx.rules import RULES
    from game.engine.match import Match, Player
    from game.text.cli import main as text_main

    match = Match(RULES, players=(Player.human("You"), Player.computer(engine_level("00aa"), "Kataxx")))
    match.play(RULES.parse_move("g2"))
    match.play(RULES.parse_move("a2"))
    saves.save_game("versus kataxx", match, level_name="Classic")
    output = io.StringIO()
    code = text_main([], stdin=io.StringIO("load versus kataxx\n"), stdout=output, sleep=lambda seconds: None)
    assert code == 0
    assert "The computer (Casual) plays on instead of Kataxx." in output.getvalue()


@pytest.mark.parametrize("demo", ["engines", "engines-add", "newgame-engine", "engine-stuck"])
def test_every_engine_screen_has_its_french(demo: str, recorded: list[str]) -> None:
    from game import i18n

    settings = Settings.load()
    settings.language = "fr"
    settings.save()
    i18n._missing.clear()
    driver = Driver.fast(demo=demo, game="ataxx", audio=False)
    try:
        driver.frames(6, dt=0.2)
        assert recorded
        assert i18n.missing_translations() == set()
    finally:
        driver.app.close()
        set_language("en")
