"""Save, Save as, Load, Continue and the autosave through the real scenes, driven by events."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pygame
import pytest
from starting import start_match

from game.driver import Driver
from game.engine import saves
from game.engine.ataxx import Move
from game.engine.ataxx.rules import RULES
from game.engine.match import Match, Player
from game.paths import MAX_STEM_LENGTH
from game.scenes.dialog import Dialog
from game.scenes.match import MatchScene
from game.scenes.menu import MenuScene
from game.scenes.pause import PauseScene
from game.scenes.resume import open_match
from game.scenes.saveload import LoadScene, SaveAsScene

KEY = RULES.key


@pytest.fixture
def driver():
    driver = Driver.fast()
    yield driver
    driver.app.close()


def _two_player_game(driver: Driver) -> MatchScene:
    play = start_match(driver, 0)
    assert not play.vs_computer
    return play


def _type(driver: Driver, text: str, *, clear: bool = True) -> None:
    if clear:
        for _ in range(MAX_STEM_LENGTH + 5):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode=""))
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    driver.frames(1)


def _history(match: Match) -> tuple[list[str], list[str]]:
    return [str(m) for m in match.moves], [str(m) for m in match.redo_moves]


def test_save_as_load_and_continue_keep_history_players_and_level(
    driver: Driver, user_data_dir: Path
) -> None:
    play = _two_player_game(driver)
    for text in ("b6", "f6", "g1e3", "a1c3"):
        driver.play_move(Move.from_uai(text))
    driver.press("undo")
    driver.press("undo")
    moves, redo = _history(play.match)
    assert moves == ["b6", "f6"] and redo == ["g1e3", "a1c3"]
    level_name = play.level.name
    # The autosave follows every change, history included.
    auto, _ = saves.load_autosave(KEY)
    assert _history(auto) == (moves, redo)

    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)
    driver.press("save_as")
    assert isinstance(driver.top, SaveAsScene)
    _type(driver, "Évening game #1")
    driver.key(pygame.K_RETURN)
    assert driver.top is play, "saving returns to the game"
    path = user_data_dir / "saves" / "Évening game 1.pgn"
    assert path.is_file()
    assert play.keeper.save_name == "Évening game 1" and play.toast is not None

    # Save (to the same name) after one more move: no question asked.
    driver.press("redo")
    driver.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    assert driver.top is play
    assert [str(m) for m in saves.load_game(path)[0].moves] == ["b6", "f6", "g1e3"]
    driver.press("undo")

    driver.key(pygame.K_ESCAPE)
    driver.press("quit_to_menu")
    menu = driver.top
    assert isinstance(menu, MenuScene)
    assert menu.widgets["continue"].visible

    driver.press("load")
    load = driver.top
    assert isinstance(load, LoadScene)
    index = load.index_of("Évening game 1")
    if load.selected != index:
        driver.click(load.row_rect(index).center)  # a click selects; a click on the selection loads
    driver.press("load")
    loaded = driver.top
    assert isinstance(loaded, MatchScene) and loaded is not play
    assert _history(loaded.match) == (["b6", "f6", "g1e3"], ["a1c3"])
    assert loaded.level.name == level_name
    assert [p.is_human for p in loaded.match.players] == [True, True]
    assert loaded.keeper.save_name == "Évening game 1"
    driver.press("redo")
    assert _history(loaded.match) == (["b6", "f6", "g1e3", "a1c3"], [])
    assert [type(s) for s in driver.app.stack.scenes] == [MenuScene, MatchScene]

    driver.key(pygame.K_ESCAPE)
    driver.press("quit_to_menu")
    driver.press("continue")
    resumed = driver.top
    assert isinstance(resumed, MatchScene)
    assert _history(resumed.match) == (["b6", "f6", "g1e3", "a1c3"], [])
    assert resumed.level.name == level_name


def test_loading_against_the_computer_restores_the_players(driver: Driver) -> None:
    match = Match(RULES, players=(Player.computer("expert"), Player.human("You")))
    match.play(Move.from_uai("b6"))
    saves.save_game("vs expert", match, level_name="Diamond")
    driver.press("load")
    driver.press("load")
    play = driver.top
    assert isinstance(play, MatchScene)
    assert play.vs_computer and play.config.level == "expert" and play.config.human_seat == 1
    assert play.match.player(play.config.human_seat).is_human
    assert play.match.player(0) == Player.computer("expert")
    assert play.level.name == "Diamond" and play.match.ply == 1


def test_save_as_refuses_empty_names_and_asks_before_replacing(driver: Driver, user_data_dir: Path) -> None:
    play = _two_player_game(driver)
    driver.play_move(Move.from_uai("b6"))
    saves.save_game("taken", Match(RULES), level_name="Classic")
    driver.key(pygame.K_ESCAPE)
    driver.press("save_as")
    dialog = driver.top
    _type(driver, "../../..")
    driver.press("save")
    assert driver.top is dialog and dialog.error, "a name with no letters is refused"
    _type(driver, "../../etc/taken")
    driver.press("save")  # sanitised to "etctaken": a new file, inside the saves folder
    assert driver.top is play
    assert (user_data_dir / "saves" / "etctaken.pgn").is_file()
    assert not (user_data_dir.parent / "etc").exists()
    driver.key(pygame.K_ESCAPE)
    driver.press("save_as")
    _type(driver, "taken")
    driver.press("save")
    confirm = driver.top
    assert isinstance(confirm, Dialog) and confirm.title == "Replace?"
    driver.press("replace")
    assert driver.top is play
    assert saves.load_game(user_data_dir / "saves" / "taken.pgn")[0].ply == 1


def test_finished_games_remove_the_autosave_and_a_damaged_one_is_reported(
    driver: Driver, user_data_dir: Path
) -> None:
    fen = "xxxxxx1/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/oooooo1 x 0 1"
    open_match(driver.app, Match(RULES, fen, (Player.human(), Player.human())), "Nearly full")
    play = driver.top
    driver.play_move(Move.from_uai("g7"))
    assert not play.match.is_over and saves.autosave_path(KEY).exists()
    driver.play_move(Move.from_uai("g1"))
    assert play.match.is_over
    driver.frames(2)
    assert not saves.autosave_path(KEY).exists()
    # A damaged autosave: Continue names the file, sets it aside and the menu goes on.
    saves.autosave_path(KEY).write_bytes(b"\x00\x01\x02 not a game")
    driver.app.router.reset("menu")
    driver.frames(1)
    driver.press("continue")
    message = driver.top
    assert isinstance(message, Dialog)
    assert any("ataxx.pgn" in line for line in message.lines)
    assert list(saves.autosave_path(KEY).parent.glob("ataxx.damaged-*.pgn"))
    assert not saves.autosave_path(KEY).exists()
    driver.press("ok")
    menu = driver.top
    assert isinstance(menu, MenuScene) and not menu.widgets["continue"].visible


def _damaged_files(folder: Path) -> dict[str, bytes]:
    good = saves.match_to_pgn(Match(RULES), level_name="Classic").encode()
    files = {
        "empty.pgn": b"",
        "truncated.pgn": good[: good.index(b"[Black") + 9],  # cut inside a tag
        "binary.pgn": bytes(range(256)) * 4,
        "huge.pgn": b'[Event "x"]\n' + b"1. b6 " * 400_000,
        "chess.pgn": b'[Event "Chess"]\n\n1. e4 e5 2. Nf3 Nc6 *\n',
        "bad fen.pgn": b'[FEN "not a position"]\n\n*\n',
        "latin1.pgn": '[Event "\xe9t\xe9"]\n\n*\n'.encode("latin-1"),
        "CON.pgn": good,
        "..pgn": good,
        "\u202eevil\u200b name.pgn": good,
        ("x" * 200) + ".pgn": good,
    }
    for name, data in files.items():
        (folder / name).write_bytes(data)
    (folder / "a folder.pgn").mkdir()
    link = folder / "link.pgn"
    with contextlib.suppress(OSError):
        link.symlink_to("/etc/passwd")
    return files


@pytest.mark.parametrize("language", ["en", "fr"])
def test_damaged_files_of_every_kind_are_listed_and_never_block_the_others(
    language: str, user_data_dir: Path
) -> None:
    saves.save_game("good one", Match(RULES), level_name="Classic")
    _damaged_files(saves.saves_dir())
    driver = Driver.fast()
    try:
        driver.app.settings.language = language
        from game.i18n import set_language

        set_language(language)
        driver.press("load")
        load = driver.top
        assert isinstance(load, LoadScene)
        names = {entry.name: entry for entry in load.entries}
        assert isinstance(names["good one"], saves.SaveEntry)
        for bad in ("empty", "truncated", "binary", "huge", "chess", "bad fen", "latin1", "a folder"):
            assert isinstance(names[bad], saves.DamagedSave), bad
        # Draw every row (scrolling through the list), in both languages, without a failure.
        for index in range(len(load.entries)):
            load._select(index)
            driver.frames(1)
            assert driver.top is load
        # A damaged file cannot be loaded but can be deleted, after a confirmation.
        load._select(load.index_of("binary"))
        assert not load.widgets["load"].enabled
        driver.frames(1)
        driver.press("delete")
        assert isinstance(driver.top, Dialog)
        driver.press("delete")
        assert driver.top is load and "binary" not in {e.name for e in load.entries}
        assert not (saves.saves_dir() / "binary.pgn").exists()
        load._select(load.index_of("good one"))
        driver.frames(1)
        driver.press("load")
        assert isinstance(driver.top, MatchScene)
    finally:
        driver.app.close()
        from game.i18n import set_language

        set_language("en")


def test_a_newer_version_autosave_is_left_in_place_not_called_damaged(
    driver: Driver, user_data_dir: Path
) -> None:
    text = saves.match_to_pgn(Match(RULES), level_name="Classic")
    newer = text.replace(
        f'[SchemaVersion "{saves.SCHEMA_VERSION}"]', f'[SchemaVersion "{saves.SCHEMA_VERSION + 1}"]'
    )
    assert newer != text
    path = saves.autosave_path(KEY)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(newer, encoding="utf-8")
    driver.app.router.reset("menu")
    driver.frames(1)
    driver.press("continue")
    message = driver.top
    assert isinstance(message, Dialog)
    assert not any("damaged" in line for line in message.lines)
    assert any("cannot be used" in line for line in message.lines), message.lines
    assert path.read_text(encoding="utf-8") == newer
    assert not list(path.parent.glob("ataxx.damaged-*.pgn"))
