"""Saves: round trips with history, the autosave, hostile names, damaged files of every kind."""

from __future__ import annotations

import os
import random
from pathlib import Path

import ataxx.pgn
import pytest

from game import saves
from game.engine.ataxx import Move, Side
from game.engine.match import Match, MatchRules, Player


def played_match(seed: int = 1, plies: int = 30, fen: str = "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1") -> Match:
    rng = random.Random(seed)
    match = Match(fen, (Player.human("Ann"), Player.computer("expert")), MatchRules(early_finish=False))
    for _ in range(plies):
        if match.is_over:
            break
        match.play(rng.choice(match.legal_moves()))
    return match


def test_save_and_load_round_trip_with_undo_redo_history(user_data_dir: Path) -> None:
    match = played_match()
    for _ in range(4):
        match.undo()
    path = saves.save_game("My game", match, level_name="Four Pillars")
    assert path.parent == user_data_dir / "saves" and path.name == "My game.pgn"
    loaded, game = saves.load_game(path)
    assert loaded.board.fen() == match.board.fen()
    assert loaded.moves == match.moves
    assert loaded.redo_moves == match.redo_moves and len(loaded.redo_moves) == 4
    assert loaded.players == match.players
    assert loaded.rules == match.rules
    assert loaded.elapsed >= match.elapsed - 0.1
    assert game.tag("Level") == "Four Pillars"
    # the whole history is there: undo to the start, redo to the end
    while loaded.can_undo:
        loaded.undo()
    assert loaded.board.fen() == "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"
    while loaded.can_redo:
        loaded.redo()
    assert loaded.ply == 30


def test_python_ataxx_reads_a_save() -> None:
    match = played_match(2, 40)
    path = saves.save_game("for them", match)
    theirs = ataxx.pgn.parse(path.read_text())
    assert [str(node.move) for node in theirs.main_line()] == [str(m) for m in match.moves]


def test_list_shows_details_and_damaged_files_without_blocking(user_data_dir: Path) -> None:
    saves.save_game("good one", played_match(3, 10), level_name="Classic")
    folder = saves.saves_dir()
    damaged = {
        "empty.pgn": b"",
        "truncated.pgn": saves.match_to_pgn(played_match(4, 20)).encode()[:-40].replace(b"\n1.", b"\n1. zz"),
        "binary.pgn": bytes(range(256)) * 4,
        "huge.pgn": b"1. b6 " * 400_000,
        "chess.pgn": b'[Event "chess"]\n\n1. e4 e5 2. Nf3 *\n',
        "latin1.pgn": '[Event "caf\xe9"]\n'.encode("latin-1"),
    }
    for name, data in damaged.items():
        (folder / name).write_bytes(data)
    (folder / "a folder.pgn").mkdir()
    entries = saves.list_saves()
    good = [e for e in entries if isinstance(e, saves.SaveEntry)]
    bad = {e.name: e.reason for e in entries if isinstance(e, saves.DamagedSave)}
    assert [e.name for e in good] == ["good one"]
    assert good[0].level_name == "Classic" and good[0].move_number == 10
    assert good[0].red_player == "Ann" and good[0].blue_player == "Computer (expert)"
    assert set(bad) == {Path(n).stem for n in damaged} | {"a folder"}
    assert "empty" in bad["empty"] and "binary" in bad["binary"] and "larger" in bad["huge"]
    assert "e4" in bad["chess"] and "UTF-8" in bad["latin1"]
    for name, reason in bad.items():
        assert reason, name


@pytest.mark.parametrize(
    ("typed", "stem"),
    [
        ("../../etc/passwd", "etcpasswd"),
        ("..\\..\\windows", "..windows"),
        ("/absolute/path", "absolutepath"),
        ("  spaced   out  ", "spaced out"),
        (".hidden", "hidden"),
        ("CON", "CON_"),
        ("nul.txt", "nul.txt_"),
        ("a" * 200, "a" * 60),
        ("café\x00\x1b[31m", "café31m"),
    ],
)
def test_hostile_names_stay_in_the_saves_folder(typed: str, stem: str) -> None:
    path = saves.save_path(typed)
    assert path.parent == saves.saves_dir().resolve()
    assert path.stem == stem.strip(".")


@pytest.mark.parametrize("typed", ["", "   ", "...", "/", "\x00\x01"])
def test_unusable_names_are_refused(typed: str) -> None:
    with pytest.raises(saves.SaveError):
        saves.save_path(typed)


def test_save_overwrites_atomically_and_delete(user_data_dir: Path) -> None:
    saves.save_game("slot", played_match(5, 6))
    saves.save_game("slot", played_match(6, 12))
    assert sorted(os.listdir(saves.saves_dir())) == ["slot.pgn"]
    assert saves.load_game(saves.save_path("slot"))[0].ply == 12
    saves.delete_save("slot")
    assert saves.list_saves() == []
    saves.delete_save("slot")  # already gone: fine
    with pytest.raises(saves.SaveError):
        saves.delete_save(user_data_dir / "settings.json")


def test_autosave_cycle(user_data_dir: Path) -> None:
    assert saves.load_autosave() is None
    match = played_match(7, 15)
    saves.write_autosave(match, level_name="Classic")
    resumed = saves.load_autosave()
    assert resumed is not None and resumed[0].board.fen() == match.board.fen()
    finished = Match("7/7/7/2xo3/7/7/7 x 0 1")
    finished.play(Move.from_uai("d5"))
    saves.write_autosave(finished)
    assert saves.load_autosave() is None


def test_damaged_autosave_raises_a_clear_error(user_data_dir: Path) -> None:
    saves.autosave_path().write_bytes(b"\xff\x00 garbage")
    with pytest.raises(saves.SaveError, match=r"autosave\.pgn"):
        saves.load_autosave()


def test_foreign_pgn_loads_as_two_humans() -> None:
    text = '[Event "x"]\n[FEN "x5o/7/7/7/7/7/o5x o 0 3"]\n\n3... f6 4. b6 *\n'
    path = saves.saves_dir() / "foreign.pgn"
    path.write_text(text)
    match, _ = saves.load_game(path)
    assert match.players[Side.RED].is_human and match.players[Side.BLUE].is_human
    assert [str(m) for m in match.moves] == ["f6", "b6"]
    assert match.rules == MatchRules()
