"""A save cut short loads with the moves it holds, and the player is told so, with the file and the count.

PGN ends every game's move text with its result (``*`` while it goes on), and every writer writes it
(the game, python-ataxx): a file without one was cut off, between two moves or inside the last one.
It loaded quietly as a shorter game. Now it loads as far as it goes (nothing more is lost, nothing is
set aside), and Continue, Load, the analysis and the terminal say that the file was cut short and how
many moves were read; the Load list marks it.
"""

from __future__ import annotations

import io
import random
import re

import pytest
from lionheart_play import STARTS, random_game, start

from game.driver import Driver
from game.engine import saves
from game.engine.ataxx.rules import RULES
from game.engine.match import Match, Player
from game.engine.pgn import PgnError, parse_pgn
from game.games import game
from game.i18n import set_language
from game.scenes.dialog import Dialog
from game.scenes.match import MatchScene
from game.scenes.saveload import LoadScene, save_detail
from game.text.cli import main

LIONHEART = game("lionheart").load_rules()


def played(plies: int = 24, seed: int = 3) -> Match:
    rng = random.Random(seed)
    match = Match(RULES, players=(Player.human("Ann"), Player.human("Bob")), options={"early_finish": False})
    for _ in range(plies):
        match.play(rng.choice(match.legal_moves()))
    return match


def cut_after(text: str, entries: int) -> str:
    """``text``'s move text cut just after its ``entries``-th move, as a file truncated there."""
    head, _, moves = text.partition("\n\n")
    words = moves.split()
    kept = 0
    for index, word in enumerate(words):
        if not re.fullmatch(r"[0-9]+\.+", word):
            kept += 1
        if kept == entries:
            return f"{head}\n\n{' '.join(words[: index + 1])}\n"
    raise AssertionError(f"fewer than {entries} moves")


def test_a_move_text_without_its_result_is_read_as_cut_short() -> None:
    whole = parse_pgn("1. b6 f6 2. f2 *", RULES)
    assert not whole.cut_short and len(whole.moves) == 3
    cut = parse_pgn("1. b6 f6 2. f2", RULES)
    assert cut.cut_short and cut.moves == whole.moves
    assert parse_pgn('[Event "x"]\n', RULES).cut_short  # cut before its move text
    assert not parse_pgn('[Event "x"]\n\n*\n', RULES).cut_short
    # The file ends inside its last move, its move number or its result: the moves before it are read.
    for ending in ("2. g1e", "2. G1E", "2", "1/2-1", "1-"):
        cut = parse_pgn(f"1. b6 f6 {ending}", RULES)
        assert cut.cut_short and [str(move) for move in cut.moves] == ["b6", "f6"], ending
    # A whole move that is wrong stays an error: that is damage, not an end cut off.
    for damaged in ("1. b6 f6 2. d4", "1. b6 f6 2. zz", "1. b6 zz f6", "1. b6 { open"):
        with pytest.raises(PgnError):
            parse_pgn(damaged, RULES)


def test_every_cut_of_a_save_s_move_text_reads_the_moves_before_it() -> None:
    match = played(12)
    text = saves.match_to_pgn(match)
    start = text.index("\n\n") + 2
    moves = [str(move) for move in match.moves]
    for end in range(start, len(text) - 2):  # every byte of the move text but its result
        read = parse_pgn(text[:end], RULES)
        assert read.cut_short, end
        got = [str(move) for move in read.moves]
        assert got == moves[: len(got)] and len(got) >= len(text[start:end].split()) // 2 - 1, end


def test_a_battle_cut_inside_a_roll_reads_the_entries_before_it() -> None:
    close_quarters = start(STARTS[2])  # every kind of unit in reach of one another: attacks at once
    played_out = [battle.move_stack for battle in random_game(close_quarters, seed=5, limit=60)][-1]
    entries = [LIONHEART.move_text(entry) for entry in played_out]
    roll = max(index for index, entry in enumerate(entries) if len(entry) > 1 and entry.isalpha())
    assert roll > 2, entries
    for cut_at in range(1, len(entries[roll])):
        text = f'[Game "lionheart"]\n[Position "{STARTS[2]}"]\n\n{" ".join(entries[:roll])} {entries[roll][:cut_at]}'
        cut = parse_pgn(text, LIONHEART)
        assert cut.cut_short and [LIONHEART.move_text(entry) for entry in cut.moves] == entries[:roll]


def test_a_cut_save_loads_its_moves_is_listed_and_is_never_set_aside() -> None:
    match = played(24)
    match.undo()
    match.undo()  # a redo line, which came after the end that is lost
    path = saves.saves_dir() / "cut.pgn"
    path.write_text(cut_after(saves.match_to_pgn(match), 15), encoding="utf-8")
    loaded, pgn_game = saves.load_game(path)
    assert pgn_game.cut_short
    assert loaded.moves == match.moves[:15] and loaded.redo_moves == []
    assert not loaded.is_over
    [entry] = saves.list_saves()
    assert isinstance(entry, saves.SaveEntry) and entry.cut_short and entry.plies == 15
    assert path.exists() and not list(saves.saves_dir().glob("*.damaged-*"))
    set_language("en")
    assert save_detail(entry).endswith("cut short")
    whole = saves.save_game("whole", match)
    assert not saves.load_game(whole)[1].cut_short


def test_a_cut_save_that_was_resigned_goes_on_from_its_last_move() -> None:
    match = played(20)
    match.resign(0)
    path = saves.saves_dir() / "resigned.pgn"
    path.write_text(cut_after(saves.match_to_pgn(match), 12), encoding="utf-8")
    loaded, _ = saves.load_game(path)
    assert not loaded.is_over and loaded.ply == 12


@pytest.fixture
def driver():
    driver = Driver.fast()
    yield driver
    driver.app.close()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_continue_says_the_autosave_was_cut_short_and_plays_on(driver: Driver, language: str) -> None:
    driver.app.settings.language = language
    set_language(language)
    match = played(24)
    path = saves.autosave_path("ataxx")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(cut_after(saves.match_to_pgn(match), 15), encoding="utf-8")
    driver.app.router.reset("menu")
    driver.frames(1)
    driver.press("continue")
    told = driver.top
    assert isinstance(told, Dialog)
    said = " ".join(told.lines)
    assert str(path) in said and "15" not in said.split(str(path))[0]
    assert ("8 moves read" if language == "en" else "8 coups lus") in said, said
    driver.frames(2)
    driver.press("ok")
    play = driver.top
    assert isinstance(play, MatchScene) and play.match.moves == match.moves[:15]
    driver.play_move(play.match.legal_moves()[0])
    assert saves.load_game(path)[0].ply == 16 and not saves.load_game(path)[1].cut_short


def test_load_says_the_save_was_cut_short(driver: Driver) -> None:
    match = played(24)
    (saves.saves_dir() / "cut.pgn").write_text(cut_after(saves.match_to_pgn(match), 9), encoding="utf-8")
    driver.press("load")
    load = driver.top
    assert isinstance(load, LoadScene)
    load._select(load.index_of("cut"))
    driver.frames(1)
    driver.press("load")
    told = driver.top
    assert isinstance(told, Dialog) and "cut.pgn was cut short: 5 moves read" in " ".join(told.lines)
    driver.press("ok")
    assert isinstance(driver.top, MatchScene) and driver.top.match.ply == 9


def test_the_terminal_says_the_save_was_cut_short() -> None:
    match = played(24)
    (saves.saves_dir() / "cut.pgn").write_text(cut_after(saves.match_to_pgn(match), 9), encoding="utf-8")
    output = io.StringIO()
    main([], stdin=io.StringIO("load cut\nquit\n"), stdout=output, sleep=lambda _: None)
    said = output.getvalue()
    assert "Loaded cut: move 5." in said and "cut.pgn was cut short: 5 moves read" in said, said
