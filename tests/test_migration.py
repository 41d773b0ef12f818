"""Files written by schema 1 (tests/data/v1/, made by that version: see its README) load with nothing lost.

Each fixture is copied into the test's user data folder, loaded with today's
code, checked field by field against the file itself, written back (today's
schema) and loaded again.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import random
import re
import shutil
import tomllib
from pathlib import Path

import ataxx.pgn
import pytest
import raid

from game.engine import saves
from game.engine.core import CHANCE
from game.engine.levels import LevelInfo, custom_levels, save_custom_level
from game.engine.match import Match, Player
from game.engine.pgn import parse_pgn
from game.engine.stats import SCHEMA_VERSION as STATS_SCHEMA
from game.engine.stats import GameRecord, Statistics
from game.games import game
from game.ui.settings import GameSettings, Settings

V1 = Path(__file__).resolve().parent / "data" / "v1"
RULES = game("ataxx").load_rules()
SAVE_NAME = "Evening game"


def install(relative: str, user_data_dir: Path) -> Path:
    """Copy the fixture ``relative`` to the same place in the user data folder."""
    target = user_data_dir / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(V1 / relative, target)
    return target


def pgn_tags(text: str) -> dict[str, str]:
    return dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', text, flags=re.MULTILINE))


def their_moves(text: str) -> list[str]:
    return [str(node.move) for node in ataxx.pgn.parse(text).main_line()]


def same_match(one: Match, other: Match) -> None:
    assert one.rules is other.rules
    assert one.start_text == other.start_text
    assert one.moves == other.moves and one.redo_moves == other.redo_moves
    assert one.players == other.players and one.options == other.options
    assert one.elapsed == pytest.approx(other.elapsed, abs=0.1)
    assert RULES.position_text(one.position) == RULES.position_text(other.position)


# -- settings --


def test_settings_migrate_with_every_field(user_data_dir: Path) -> None:
    install("settings.json", user_data_dir)
    old = json.loads((V1 / "settings.json").read_text())
    assert "schema_version" not in old and old["human_colour"] == "blue"
    settings = Settings.load()
    assert settings.load_message is None and settings.damaged is None
    for field in (
        "animation",
        "volume",
        "muted",
        "fullscreen",
        "palette",
        "piece_set",
        "board_theme",
        "language",
    ):
        assert getattr(settings, field) == old[field], field
        assert getattr(settings, field) != getattr(Settings(), field), (
            f"the fixture keeps the default {field}"
        )
    assert settings.game == "ataxx"
    assert settings.games == {
        "ataxx": GameSettings(
            opponent=old["opponent"],
            level=old["level"],
            human_starts=old["human_starts"],
            human_seat=1,
            rules={"early_finish": old["early_finish"], "threefold_repetition": old["threefold_repetition"]},
        )
    }
    assert settings.match_options("ataxx") == {"early_finish": False, "threefold_repetition": False}

    settings.save()
    written = json.loads(Settings.path().read_text())
    assert written["schema_version"] == 2
    assert not {"opponent", "level", "human_starts", "human_colour", "early_finish"} & set(written)
    assert written["games"]["ataxx"] == {
        "opponent": "human",
        "level": "master",
        "human_starts": False,
        "human_seat": 1,
        "two_player_first": None,
        "engine": "",
        "rules": {"early_finish": False, "threefold_repetition": False},
        "view": {},
        "engines": [],
        "engine_time": 1.0,
    }
    assert Settings.load() == settings


def test_settings_schema_2_round_trip_and_bad_values_one_by_one(user_data_dir: Path) -> None:
    settings = Settings(game="attangle")
    settings.for_game("ataxx").rules["early_finish"] = False
    settings.for_game("attangle").opponent = "human"
    settings.save()
    assert Settings.load() == settings
    data = json.loads(Settings.path().read_text())
    data["games"]["ataxx"].update(human_seat=2, level="", rules={"early_finish": "no", "x": True})
    data["games"]["chess"] = {"opponent": "human"}
    data.update(game="chess", volume=3, unknown="ignored")
    Settings.path().write_text(json.dumps(data))
    loaded = Settings.load()
    assert loaded.game == "ataxx" and loaded.volume == Settings().volume and "chess" not in loaded.games
    assert loaded.for_game("ataxx") == GameSettings(rules={"x": True})
    assert loaded.for_game("attangle").opponent == "human"
    assert loaded.match_options("ataxx") == {"early_finish": True, "threefold_repetition": True}


@pytest.mark.parametrize("content", [b"", b"{", b"[]", b"\xff\xfe", b"\x00binary"])
def test_damaged_settings_are_set_aside(user_data_dir: Path, content: bytes) -> None:
    Settings.path().write_bytes(content)
    settings = Settings.load()
    assert settings == Settings() and settings.load_message and "settings.json" in settings.load_message
    assert settings.damaged is not None
    kept = list(user_data_dir.glob("settings.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == content


# -- statistics --


def test_statistics_migrate_with_every_record(user_data_dir: Path) -> None:
    install("statistics.json", user_data_dir)
    old = json.loads((V1 / "statistics.json").read_text())
    assert old["version"] == 1 and len(old["records"]) == 7
    assert {record["side"] for record in old["records"]} == {"red", "blue"}
    assert {record["opponent"] for record in old["records"]} == {"computer", "human"}
    stats = Statistics.load("ataxx")
    assert stats.load_message is None
    assert stats.records == [
        GameRecord(
            finished_at=record["finished_at"],
            opponent=record["opponent"],
            difficulty=record["difficulty"],
            level_name=record["level_name"],
            seat={"red": 0, "blue": 1}[record["side"]],
            result=record["result"],
            plies=record["plies"],
            seconds=record["seconds"],
            scores=(record["red_count"], record["blue_count"]),
        )
        for record in old["records"]
    ]
    assert stats.tally().games == 7 and stats.results_count()["draw"] == 1
    assert Statistics.load("attangle").records == []

    stats.save()
    written = json.loads(Statistics.path().read_text())
    assert (
        written["schema_version"] == STATS_SCHEMA
        and "version" not in written
        and list(written["games"]) == ["ataxx"]
    )
    assert Statistics.load("ataxx").records == stats.records


# -- saves --


def test_a_named_save_migrates_with_nothing_lost(user_data_dir: Path) -> None:
    path = install(f"saves/{SAVE_NAME}.pgn", user_data_dir)
    text = path.read_text()
    tags = pgn_tags(text)
    assert "SchemaVersion" not in tags and "Game" not in tags and tags["Rules"] == "threefold"
    match, pgn_game = saves.load_game(path)
    assert match.rules is RULES
    assert match.players == (Player.computer("skilled", "Skilled"), Player.human("You"))
    assert match.options == {"early_finish": False, "threefold_repetition": True}
    assert match.start_text == tags["FEN"]
    assert [str(move) for move in match.moves] == their_moves(text)
    assert [str(move) for move in match.redo_moves] == tags["Redo"].split() and match.can_redo
    assert match.elapsed == pytest.approx(float(tags["TimeSpent"]), abs=0.5)
    assert pgn_game.tag("Level") == tags["Level"] == "Four Pillars"
    [entry] = saves.list_saves()
    assert isinstance(entry, saves.SaveEntry)
    assert (entry.name, entry.game, entry.level_name, entry.plies, entry.result, entry.players) == (
        SAVE_NAME,
        "ataxx",
        "Four Pillars",
        20,
        "*",
        ("Skilled", "You"),
    )
    assert entry.position == RULES.position_text(match.position)

    saved_at = datetime.datetime(2026, 11, 22, 21, 30)
    new_text = saves.match_to_pgn(match, level_name=pgn_game.tag("Level"), saved_at=saved_at)
    new_tags = pgn_tags(new_text)
    assert new_tags["Game"] == "ataxx" and new_tags["SchemaVersion"] == "3"
    assert (new_tags["Seat0Player"], new_tags["Seat1Player"]) == (tags["RedPlayer"], tags["BluePlayer"])
    assert (new_tags["Seat0Name"], new_tags["Seat1Name"]) == (tags["RedName"], tags["BlueName"])
    assert (new_tags["Black"], new_tags["White"]) == (tags["Black"], tags["White"])
    for same in ("Event", "Site", "Round", "Level", "TimeSpent", "Result", "FEN", "SetUp", "Redo"):
        assert new_tags[same] == tags[same], same
    assert new_tags["Rules"] == "threefold_repetition"
    assert not {"RedPlayer", "BluePlayer", "RedName", "BlueName"} & set(new_tags)
    path.write_text(new_text)
    again, _ = saves.load_game(path)
    same_match(again, match)


def test_python_ataxx_reads_the_old_save_and_the_new_one(user_data_dir: Path) -> None:
    old_text = (V1 / "saves" / f"{SAVE_NAME}.pgn").read_text()
    match, _ = saves.load_game(install(f"saves/{SAVE_NAME}.pgn", user_data_dir))
    new_path = saves.save_game("rewritten", match, level_name="Four Pillars")
    expected = [str(move) for move in match.moves]
    assert their_moves(old_text) == expected
    assert their_moves(new_path.read_text()) == expected
    theirs = ataxx.pgn.parse(new_path.read_text())
    assert theirs.headers["FEN"] == match.start_text and theirs.headers["Black"] == "Skilled"


def test_the_legacy_autosave_moves_to_its_games_path(user_data_dir: Path) -> None:
    legacy = install("autosave.pgn", user_data_dir)
    content = legacy.read_bytes()
    tags = pgn_tags(content.decode())
    assert (tags["RedName"], tags["BlueName"]) == ("Red", "Blue")
    assert saves.has_autosave("ataxx")
    assert not legacy.exists()
    moved = saves.autosave_path("ataxx")
    assert moved == user_data_dir / "autosaves" / "ataxx.pgn" and moved.read_bytes() == content
    loaded = saves.load_autosave("ataxx")
    assert loaded is not None
    match, pgn_game = loaded
    # Schema 1 called two people Red and Blue: now they are named by their seat on screen.
    assert match.players == (Player.human(), Player.human())
    assert match.options == {"early_finish": True, "threefold_repetition": True}
    assert [str(move) for move in match.moves] == their_moves(content.decode())
    assert [str(move) for move in match.redo_moves] == tags["Redo"].split()
    assert match.start_text == RULES.start_text
    assert match.elapsed == pytest.approx(float(tags["TimeSpent"]), abs=0.5)
    assert pgn_game.tag("Level") == "Classic"

    saves.write_autosave(match, level_name="Classic")
    assert pgn_tags(moved.read_text())["SchemaVersion"] == "3"
    again = saves.load_autosave("ataxx")
    assert again is not None
    same_match(again[0], match)
    assert not legacy.exists()


def test_the_legacy_autosave_is_never_lost(user_data_dir: Path) -> None:
    legacy = install("autosave.pgn", user_data_dir)
    # The game already has a newer autosave: the old one stays where it is.
    newer = Match(RULES)
    newer.play(RULES.parse_move("b6"))
    saves.write_autosave(newer)
    loaded = saves.load_autosave("ataxx")
    assert loaded is not None and loaded[0].ply == 1
    assert legacy.read_bytes() == (V1 / "autosave.pgn").read_bytes()
    # A damaged old autosave hides nothing: it is set aside like every damaged file (see below).
    saves.delete_autosave("ataxx")
    legacy.write_bytes(b"\xff\x00 garbage")
    assert saves.load_autosave("ataxx") is None and not saves.has_autosave("ataxx")
    [kept] = user_data_dir.glob("autosave.damaged-*.pgn")
    assert kept.read_bytes() == b"\xff\x00 garbage"
    assert saves.migrate_legacy_autosave() is None  # calling it again changes nothing


def test_a_damaged_legacy_autosave_is_set_aside_with_its_reason(user_data_dir: Path) -> None:
    user_data_dir.mkdir(parents=True, exist_ok=True)
    legacy = user_data_dir / "autosave.pgn"
    legacy.write_bytes(b"\xff\x00 garbage")
    reason = saves.migrate_legacy_autosave()
    assert not legacy.exists()
    [kept] = user_data_dir.glob("autosave.damaged-*.pgn")
    assert kept.read_bytes() == b"\xff\x00 garbage"
    assert reason is not None and "autosave.pgn" in reason and kept.name in reason
    # A sound one of a newer version is left where it is.
    text = saves.match_to_pgn(Match(RULES))
    newer = text.replace(f'[SchemaVersion "{saves.SCHEMA_VERSION}"]', '[SchemaVersion "99"]')
    legacy.write_text(newer, encoding="utf-8")
    assert "newer version" in (saves.migrate_legacy_autosave() or "")
    assert legacy.read_text(encoding="utf-8") == newer


# -- custom levels --


def test_a_custom_level_loads_and_is_rewritten_as_version_2(user_data_dir: Path) -> None:
    path = install("levels/ataxx/Moat.toml", user_data_dir)
    old = tomllib.loads(path.read_text())
    assert "schema_version" not in old and old["game"] == "ataxx"
    [level] = custom_levels(RULES)
    assert isinstance(level, LevelInfo)
    assert (level.name, level.description, level.author, level.position, level.game) == (
        old["name"],
        old["description"],
        old["author"],
        old["fen"],
        "ataxx",
    )
    assert level.path == path
    assert save_custom_level(level, RULES, replace=True) == path.resolve()
    new = tomllib.loads(path.read_text())
    assert new == {**old, "schema_version": 2}
    [again] = custom_levels(RULES)
    assert dataclasses.replace(again, path=path) == dataclasses.replace(level, path=path)


def test_a_schema_2_save_with_dice_replays_its_rolls_and_rolls_on_as_it_would_have() -> None:
    """Schema 2 re-drew each roll from ``Seed`` when loading: today the record replays as written, and
    the generator goes on from where schema 2's loading left it (``tests/data/v2/README.md``)."""
    text = (Path(__file__).parent / "data" / "v2" / "raid-dice.pgn").read_text(encoding="utf-8")
    pgn_game = parse_pgn(text, raid.RULES)
    # The fixture is what schema 2 loaded: each roll is the one its seed re-draws, in order.
    schema_2_generator = random.Random(int(pgn_game.tag("Seed")))
    position = raid.RULES.new_position(pgn_game.start)
    rolls = 0
    for entry in [*pgn_game.moves, *pgn_game.redo]:
        if position.turn == CHANCE:
            outcomes = position.chance_outcomes()
            drawn = schema_2_generator.choices([o for o, _ in outcomes], weights=[w for _, w in outcomes])[0]
            assert drawn == entry
            rolls += 1
        position.push(entry)

    match = saves.match_from_pgn(pgn_game, raid.RULES)
    assert match.moves == pgn_game.moves and match.redo_moves == ["gamble"]
    assert match.players == (Player.human("Ann"), Player.computer("expert"))
    assert match.seed == 918273 and match.draws == rolls == 5
    assert match.elapsed == pytest.approx(73.4, abs=1.0)  # the clock runs on from the saved time
    # The dice to come: the same generator, where schema 2 left it.
    match.redo()
    while not match.is_over:
        if match.at_chance:
            outcomes = match.position.chance_outcomes()
            expected = schema_2_generator.choices([o for o, _ in outcomes], weights=[w for _, w in outcomes])[
                0
            ]
            assert match.roll() == expected
        else:
            match.play("gamble")
    # Written again, it is schema 3 with the generator's state beside the record.
    tags = pgn_tags(saves.match_to_pgn(match))
    assert tags["SchemaVersion"] == "3" and tags["Draws"] == str(match.draws)
