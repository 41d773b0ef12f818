"""Saves: round trips with history, the autosaves, hostile names, damaged files of every kind."""

from __future__ import annotations

import dataclasses
import datetime
import enum
import os
import random
from pathlib import Path

import ataxx.pgn
import pytest

from game import games
from game.engine import saves
from game.engine.ataxx import Move
from game.engine.core import CHANCE, Outcome
from game.engine.match import Match, Player
from game.engine.pgn import parse_pgn
from game.engine.rules import DiceDefaults
from game.games import game

RULES = game("ataxx").load_rules()
PILLARS = "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"


def played_match(seed: int = 1, plies: int = 30, fen: str = PILLARS) -> Match:
    rng = random.Random(seed)
    match = Match(RULES, fen, (Player.human("Ann"), Player.computer("expert")), {"early_finish": False})
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
    loaded, pgn_game = saves.load_game(path)
    assert loaded.rules is RULES
    assert RULES.position_text(loaded.position) == RULES.position_text(match.position)
    assert loaded.start_text == match.start_text == PILLARS
    assert loaded.moves == match.moves
    assert loaded.redo_moves == match.redo_moves and len(loaded.redo_moves) == 4
    assert loaded.players == match.players
    assert loaded.options == match.options == {"early_finish": False, "threefold_repetition": True}
    assert loaded.elapsed >= match.elapsed - 0.1
    assert pgn_game.tag("Level") == "Four Pillars"
    assert pgn_game.tag("Game") == "ataxx" and pgn_game.tag("SchemaVersion") == "3"
    assert pgn_game.tag("Seat0Player") == "human" and pgn_game.tag("Seat1Player") == "computer:expert"
    assert pgn_game.tag("Seat0Name") == "Ann" and pgn_game.tag("Seat1Name") == ""
    assert pgn_game.tag("Black") == "Ann" and pgn_game.tag("White") == "Computer (expert)"
    assert pgn_game.tag("Rules") == "threefold_repetition"
    assert pgn_game.tag("Seed") == ""  # Ataxx has no dice
    # the whole history is there: undo to the start, redo to the end
    while loaded.can_undo:
        loaded.undo()
    assert RULES.position_text(loaded.position) == PILLARS
    while loaded.can_redo:
        loaded.redo()
    assert loaded.ply == 30


def test_a_finished_match_keeps_its_result_and_termination() -> None:
    match = Match(RULES, "7/7/7/2xo3/7/7/7 x 0 1", (Player.human(), Player.human()))
    match.play(Move.from_uai("d5"))
    text = saves.match_to_pgn(match, saved_at=datetime.datetime(2026, 11, 22, 12, 0))
    pgn_game = parse_pgn(text, RULES)
    assert (
        pgn_game.tag("Result") == "1-0"
        and pgn_game.tag("Termination") == match.result.outcome.termination.value
    )
    assert pgn_game.tag("SavedAt") == "2026-11-22T12:00:00" and pgn_game.tag("Date") == "2026.11.22"
    assert pgn_game.tag("Black") == "?" and pgn_game.tag("White") == "?"
    assert "Seat0Name" not in pgn_game.tags
    loaded = saves.match_from_pgn(pgn_game, RULES)
    assert loaded.is_over and loaded.result.outcome == match.result.outcome


@pytest.mark.parametrize("key", [definition.key for definition in games.playable_games()])
def test_a_resigned_game_saves_and_loads_back_resigned_and_finished(key: str) -> None:
    rules = game(key).load_rules()
    match = Match(rules, players=(Player.human("Ann"), Player.computer("expert")), seed=7)
    rng = random.Random(3)
    while match.ply < 6:
        if match.at_chance:
            match.roll()
        else:
            match.play(rng.choice(match.legal_moves()))
    seat = 1 if match.at_chance else match.turn
    match.resign(seat)
    text = saves.match_to_pgn(match, level_name="Somewhere")
    pgn_game = parse_pgn(text, rules)
    assert pgn_game.tag("Termination") == "resignation"
    assert pgn_game.tag("Result") == ("0-1" if seat == 0 else "1-0")
    assert text.rstrip().endswith(pgn_game.tag("Result"))  # the move text ends with the result too
    loaded = saves.match_from_pgn(pgn_game, rules)
    assert loaded.is_over and loaded.resigned == seat
    assert loaded.result is not None and match.result is not None
    assert loaded.result.outcome == match.result.outcome and loaded.result.scores == match.result.scores
    assert loaded.moves == match.moves and not loaded.legal_moves()
    path = saves.save_game("resigned", match)
    assert [entry.result for entry in saves.list_saves()] == [pgn_game.tag("Result")]
    assert saves.load_game(path)[0].resigned == seat


def test_python_ataxx_reads_a_resigned_save() -> None:
    match = played_match(5, 12)
    match.resign()  # Red is to move after an even number of moves, and gives up
    path = saves.save_game("resigned", match)
    theirs = ataxx.pgn.parse(path.read_text())
    assert [str(node.move) for node in theirs.main_line()] == [str(m) for m in match.moves]
    assert theirs.headers["Result"] == "0-1" and theirs.headers["Termination"] == "resignation"


@pytest.mark.parametrize(
    ("termination", "result", "resigned"),
    [
        ("resignation", "1-0", 1),
        ("Resignation", "0-1", 0),  # other programs' case
        ("resignation", "1/2-1/2", None),  # no winner named: no resignation, the game goes on
        ("resignation", "*", None),
        ("normal", "1-0", None),  # another program's end we cannot tell: the game goes on
    ],
)
def test_a_resignation_is_read_from_the_termination_tag_and_the_result(
    termination: str, result: str, resigned: int | None
) -> None:
    text = f'[Game "ataxx"]\n[Termination "{termination}"]\n[Result "{result}"]\n\n1. b6 f6 {result}\n'
    loaded = saves.match_from_pgn(parse_pgn(text, RULES), RULES)
    assert loaded.resigned == resigned and loaded.is_over is (resigned is not None)
    assert loaded.ply == 2


def test_all_options_off_is_written_as_none() -> None:
    match = Match(RULES, options={"early_finish": False, "threefold_repetition": False})
    pgn_game = parse_pgn(saves.match_to_pgn(match), RULES)
    assert pgn_game.tag("Rules") == "none"
    assert saves.match_from_pgn(pgn_game, RULES).options == match.options


def test_python_ataxx_reads_a_save() -> None:
    match = played_match(2, 40)
    path = saves.save_game("for them", match)
    theirs = ataxx.pgn.parse(path.read_text())
    assert [str(node.move) for node in theirs.main_line()] == [str(m) for m in match.moves]
    assert theirs.headers["Black"] == "Ann" and theirs.headers["FEN"] == PILLARS


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
        "newer.pgn": b'[Game "ataxx"]\n[SchemaVersion "4"]\n\n1. b6 *\n',
        "bad player.pgn": b'[Game "ataxx"]\n[SchemaVersion "2"]\n[Seat0Player "robot"]\n\n1. b6 *\n',
    }
    for name, data in damaged.items():
        (folder / name).write_bytes(data)
    (folder / "a folder.pgn").mkdir()
    entries = saves.list_saves()
    good = [e for e in entries if isinstance(e, saves.SaveEntry)]
    bad = {e.name: e.reason for e in entries if isinstance(e, saves.DamagedSave)}
    assert [e.name for e in good] == ["good one"]
    assert good[0].game == "ataxx" and good[0].level_name == "Classic" and good[0].plies == 10
    assert good[0].players == ("Ann", "Computer (expert)") and good[0].result == "*"
    assert good[0].position == RULES.position_text(played_match(3, 10).position)
    assert set(bad) == {Path(n).stem for n in damaged} | {"a folder"}
    assert "empty" in bad["empty"] and "binary" in bad["binary"] and "larger" in bad["huge"]
    assert "e4" in bad["chess"] and "UTF-8" in bad["latin1"] and "not a file" in bad["a folder"]
    assert "newer version" in bad["newer"] and "robot" in bad["bad player"]
    for name, reason in bad.items():
        assert f"{name}.pgn" in reason, reason


def test_a_save_of_an_unknown_computer_level_is_listed_as_damaged() -> None:
    match = Match(RULES, players=(Player.human(), Player.computer("grandmaster")))
    path = saves.saves_dir() / "strong.pgn"
    path.write_text(saves.match_to_pgn(match))
    [entry] = saves.list_saves()
    assert isinstance(entry, saves.DamagedSave) and entry.name == "strong"
    assert "strong.pgn" in entry.reason and "grandmaster" in entry.reason
    # Set aside, listed this once, nothing lost.
    assert not path.exists() and entry.path.name.startswith("strong.damaged-") and entry.path.exists()
    assert "kept as strong.damaged-" in entry.reason
    with pytest.raises(saves.SaveError, match="grandmaster"):
        saves.load_game(entry.path)
    assert saves.list_saves() == []


def test_a_save_of_an_unknown_or_unplayable_game_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    # A game of the registry that cannot be played yet (as a later version's save would name).
    identity = dataclasses.replace(game("ataxx").identity, name="Lionheart")
    later = dataclasses.replace(
        game("ataxx"), key="later", identity=identity, rules=None, ai=None, board=None
    )
    monkeypatch.setattr(games, "GAMES", (*games.GAMES, later))
    folder = saves.saves_dir()
    (folder / "chess.pgn").write_text('[Game "chess"]\n[SchemaVersion "2"]\n\n1. e4 *\n')
    (folder / "later.pgn").write_text('[Game "later"]\n[SchemaVersion "2"]\n\n*\n')
    with pytest.raises(
        saves.SaveError, match=r"chess\.pgn: a game of 'chess', which this version does not know"
    ):
        saves.load_game(folder / "chess.pgn")
    reasons = {entry.name: entry.reason for entry in saves.list_saves()}
    assert "'chess'" in reasons["chess"] and "Lionheart" in reasons["later"]
    # the Game tag must agree with the rules given
    with pytest.raises(saves.SaveError, match="not of 'ataxx'"):
        saves.match_from_pgn(parse_pgn('[Game "attangle"]\n\n*', RULES), RULES)


@pytest.mark.parametrize(
    ("typed", "stem"),
    [
        ("../../etc/passwd", "etcpasswd"),
        ("..\\..\\windows", "..windows"),
        ("/absolute/path", "absolutepath"),
        ("  spaced   out  ", "spaced out"),
        (".hidden", "hidden"),
        ("CON", "CON_"),
        ("nul.txt", "nul_.txt"),
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
    with pytest.raises(saves.SaveError, match="not a usable name"):
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
    assert saves.load_autosave("ataxx") is None and not saves.has_autosave("ataxx")
    match = played_match(7, 15)
    saves.write_autosave(match, level_name="Classic")
    assert saves.autosave_path("ataxx") == user_data_dir / "autosaves" / "ataxx.pgn"
    assert saves.has_autosave("ataxx") and not saves.has_autosave("attangle")
    resumed = saves.load_autosave("ataxx")
    assert resumed is not None
    assert RULES.position_text(resumed[0].position) == RULES.position_text(match.position)
    assert resumed[1].tag("Level") == "Classic"
    finished = Match(RULES, "7/7/7/2xo3/7/7/7 x 0 1")
    finished.play(Move.from_uai("d5"))
    saves.write_autosave(finished)
    assert saves.load_autosave("ataxx") is None and not saves.has_autosave("ataxx")
    saves.write_autosave(match)
    saves.delete_autosave("ataxx")
    assert not saves.has_autosave("ataxx")
    with pytest.raises(ValueError, match="unknown game"):
        saves.autosave_path("../evil")


def test_damaged_autosave_raises_a_clear_error() -> None:
    path = saves.autosave_path("ataxx")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\xff\x00 garbage")
    with pytest.raises(saves.SaveError, match=r"ataxx\.pgn"):
        saves.load_autosave("ataxx")


def test_an_autosave_of_another_game_is_refused() -> None:
    path = saves.autosave_path("attangle")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(saves.match_to_pgn(played_match(8, 4)))
    with pytest.raises(saves.SaveError, match="not of 'attangle'"):
        saves.load_autosave("attangle")


def test_foreign_pgn_loads_as_two_humans() -> None:
    text = '[Event "x"]\n[FEN "x5o/7/7/7/7/7/o5x o 0 3"]\n\n3... f6 4. b6 *\n'
    path = saves.saves_dir() / "foreign.pgn"
    path.write_text(text)
    match, _ = saves.load_game(path)
    assert match.players[0].is_human and match.players[1].is_human
    assert match.players[0].name == match.players[1].name == ""
    assert [str(m) for m in match.moves] == ["f6", "b6"]
    assert match.options == {option.key: option.default for option in RULES.options}


def test_moves_that_our_options_end_sooner_are_refused() -> None:
    # Seat 0 must pass and seat 1 can fill every empty square: the early finish ends it at once.
    stuck = "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1"
    text = f'[Game "ataxx"]\n[SchemaVersion "2"]\n[Rules "early_finish"]\n[FEN "{stuck}"]\n\n1. 0000 *\n'
    with pytest.raises(saves.SaveError, match="cannot be replayed"):
        saves.match_from_pgn(parse_pgn(text, RULES), RULES)
    off = text.replace("early_finish", "none")
    assert saves.match_from_pgn(parse_pgn(off, RULES), RULES).ply == 1


# -- a game with dice, through the generic code only --


class Step(enum.Enum):
    """Why the dice race ended."""

    DONE = "done"


@dataclasses.dataclass(frozen=True)
class Roll:
    value: int

    def __str__(self) -> str:
        return f"d{self.value}"


class RacePosition:
    """A tiny dice game: a roll, then the seat adds it to its score or skips; twenty entries in all."""

    def __init__(self) -> None:
        self.stack: list[object] = []
        self.scores = [0, 0]
        self.last_roll = 0

    @property
    def turn(self) -> int:
        return CHANCE if len(self.stack) % 2 == 0 else (len(self.stack) // 2) % 2

    @property
    def hash(self) -> int:
        return hash(tuple(str(entry) for entry in self.stack))

    def legal_moves(self) -> list[str]:
        return [] if self.turn == CHANCE or self.outcome() else ["add", "skip"]

    def chance_outcomes(self) -> list[tuple[Roll, float]]:
        return [(Roll(value), 1 / 6) for value in range(1, 7)]

    def push(self, entry: object) -> None:
        if self.outcome() is not None:
            raise ValueError("the race is over")
        if self.turn == CHANCE:
            if not isinstance(entry, Roll):
                raise ValueError(f"{entry} is not a roll")
            self.last_roll = entry.value
        elif entry not in ("add", "skip"):
            raise ValueError(f"illegal move {entry}")
        elif entry == "add":
            self.scores[self.turn] += self.last_roll
        self.stack.append(entry)

    def pop(self) -> object:
        entry = self.stack[-1]
        seat = self.turn
        self.stack.pop()
        if entry == "add":
            self.scores[seat] -= self.last_roll
        if isinstance(entry, Roll):
            previous = [e for e in self.stack if isinstance(e, Roll)]
            self.last_roll = previous[-1].value if previous else 0
        return entry

    def copy(self) -> RacePosition:
        other = RacePosition()
        for entry in self.stack:
            other.push(entry)
        return other

    def outcome(self) -> Outcome | None:
        if len(self.stack) < 20:
            return None
        winner = None if self.scores[0] == self.scores[1] else int(self.scores[1] > self.scores[0])
        return Outcome(Step.DONE, winner, tuple(self.scores))


class RaceRules(DiceDefaults):
    key = "lionheart"  # a game the registry knows
    start_text = "start"
    options = ()
    level_position_key = "position"
    pgn_name_tags = ("Gold", "Silver")
    pgn_position_tag = "Position"

    def new_position(self, text: str | None = None) -> RacePosition:
        if text not in (None, "start"):
            raise ValueError(f"bad position {text!r}")
        return RacePosition()

    def position_text(self, position: RacePosition) -> str:
        return "start"

    def parse_move(self, text: str) -> object:
        if text.startswith("d") and text[1:].isdigit():
            return Roll(int(text[1:]))
        if text in ("add", "skip"):
            return text
        raise ValueError(f"{text!r} is not a move")

    def outcome(self, position: RacePosition, options: object) -> Outcome | None:
        return position.outcome()

    def adjudicate(self, position: RacePosition, options: object) -> None:
        return None

    def forced_move(self, position: RacePosition) -> None:
        return None

    def is_undo_barrier(self, entry: object) -> bool:
        return isinstance(entry, Roll)


def test_a_game_with_dice_replays_its_rolls_from_the_seed() -> None:
    rules = RaceRules()
    match = Match(rules, players=(Player.human("Ann"), Player.computer("casual")), seed=1234)
    rng = random.Random(3)
    for _ in range(4):
        match.roll()
        match.play(rng.choice(match.legal_moves()))
    match.roll()
    match.play("add")
    match.undo()  # the move after the roll can be taken back, the roll cannot
    assert not match.can_undo and match.redo_moves == ["add"]
    text = saves.match_to_pgn(match)
    pgn_game = parse_pgn(text, rules)
    assert pgn_game.tag("Seed") == "1234" and pgn_game.tag("Game") == "lionheart"
    assert pgn_game.tag("Gold") == "Ann" and pgn_game.tag("Rules") == "none"
    loaded = saves.match_from_pgn(pgn_game, rules)
    assert loaded.moves == match.moves and loaded.redo_moves == ["add"] and loaded.seed == 1234
    assert loaded.players == match.players
    # the generator is where it was: the next rolls are the ones the saved match would draw
    loaded.redo()
    match.redo()
    for _ in range(5):
        assert loaded.roll() == match.roll()
        loaded.play("add")
        match.play("add")
    assert loaded.is_over and loaded.result.outcome == match.result.outcome
    assert loaded.result.scores == match.result.scores
    # The record replays as written whatever the seed: another seed changes the dice to come only.
    reseeded = saves.match_from_pgn(parse_pgn(text.replace('"1234"', '"99"'), rules), rules)
    assert reseeded.moves == match.moves[: len(reseeded.moves)] and reseeded.seed == 99
    assert pgn_game.tag("Draws") == str(
        sum(1 for seat, _ in match.history()[: len(reseeded.moves)] if seat == CHANCE)
    )
    with pytest.raises(saves.SaveError, match="bad Seed tag"):
        saves.match_from_pgn(parse_pgn(text.replace('"1234"', '"-1"'), rules), rules)
