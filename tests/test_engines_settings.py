"""The engines the player adds, as the settings keep them: written, read back, and every bad entry of a
hand-edited or damaged file left out on its own, the rest kept; files without engines still load."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.engine import saves
from game.engine.ataxx.rules import RULES
from game.engine.match import Match, MatchConfig, Player, engine_key, engine_level
from game.ui.settings import MAX_ENGINES, SCHEMA_VERSION, EngineEntry, Settings

GOOD = {"key": "3f9a0c12", "name": "Kataxx 2.3", "command": "/opt/kataxx --threads 2"}


def load_with(user_data_dir: Path, section: dict[str, Any]) -> Settings:
    user_data_dir.mkdir(parents=True, exist_ok=True)
    data = {"schema_version": 2, "games": {"ataxx": section}}
    (user_data_dir / "settings.json").write_text(json.dumps(data), encoding="utf-8")
    settings = Settings.load()
    assert settings.load_message is None  # bad engines are left out, the file is not set aside
    return settings


def test_engines_are_written_and_read_back(user_data_dir: Path) -> None:
    settings = Settings()
    section = settings.for_game("ataxx")
    entry = section.add_engine("Kataxx\t2.3 ", "/opt/kataxx --threads 2")
    section.opponent, section.engine, section.engine_time = "engine", entry.key, 2.0
    settings.save()
    data = json.loads((user_data_dir / "settings.json").read_text(encoding="utf-8"))
    assert data["schema_version"] == SCHEMA_VERSION == 2
    assert data["games"]["ataxx"]["engines"] == [
        {"key": entry.key, "name": "Kataxx 2.3", "command": entry.command}
    ]
    again = Settings.load().for_game("ataxx")
    assert again.engines == [entry] and (again.opponent, again.engine, again.engine_time) == (
        "engine",
        entry.key,
        2.0,
    )


def test_a_file_from_before_the_engines_loads_with_none(user_data_dir: Path) -> None:
    section = load_with(user_data_dir, {"opponent": "computer", "level": "expert"}).for_game("ataxx")
    assert section.engines == [] and section.engine == "" and section.engine_time == 1.0
    assert section.level == "expert"


@pytest.mark.parametrize(
    "bad",
    [
        "not an object",
        {"key": "XYZ!", "name": "n", "command": "c"},
        {"key": "ab", "name": "", "command": "c"},
        {"key": "ab", "name": "n", "command": "engine 'unclosed"},
        {"key": "ab", "name": "n", "command": ""},
        {"key": "ab", "name": "n", "command": "x" * 5000},
        {"key": "ab", "name": 7, "command": "c"},
        {"key": "ab", "name": "n"},
    ],
)
def test_each_bad_engine_is_left_out_and_the_good_ones_kept(user_data_dir: Path, bad: Any) -> None:
    section = load_with(user_data_dir, {"engines": [bad, GOOD], "engine": "ab", "opponent": "engine"})
    section_ataxx = section.for_game("ataxx")
    assert [entry.key for entry in section_ataxx.engines] == [GOOD["key"]]
    assert (section_ataxx.engine, section_ataxx.opponent) == ("", "computer")  # "ab" is not there


def test_duplicates_and_too_many_engines_are_left_out(user_data_dir: Path) -> None:
    many = [{**GOOD, "key": f"{n:x}", "command": f"engine {n}"} for n in range(MAX_ENGINES + 5)]
    section = load_with(user_data_dir, {"engines": [GOOD, GOOD, *many]}).for_game("ataxx")
    keys = [entry.key for entry in section.engines]
    assert len(keys) == MAX_ENGINES == len(set(keys))


@pytest.mark.parametrize("value", [0, -1, 1000, "1", True, None, 61, [1]])
def test_a_bad_time_per_move_falls_back_to_the_default(user_data_dir: Path, value: Any) -> None:
    assert load_with(user_data_dir, {"engine_time": value}).for_game("ataxx").engine_time == 1.0


def test_not_a_list_of_engines_is_ignored(user_data_dir: Path) -> None:
    assert load_with(user_data_dir, {"engines": {"a": 1}}).for_game("ataxx").engines == []


def test_add_and_remove(user_data_dir: Path) -> None:
    section = Settings().for_game("ataxx")
    entries = [section.add_engine(f"E{n}", f"engine {n}") for n in range(MAX_ENGINES)]
    assert len({entry.key for entry in entries}) == MAX_ENGINES
    with pytest.raises(ValueError, match="at most"):
        section.add_engine("one more", "engine x")
    section.opponent, section.engine = "engine", entries[2].key
    section.remove_engine(entries[2].key)
    assert section.find_engine(entries[2].key) is None and (section.opponent, section.engine) == (
        "computer",
        "",
    )
    assert EngineEntry.from_json(GOOD).spec.command == GOOD["command"]


def test_a_player_who_is_an_engine() -> None:
    level = engine_level("3f9a0c12")
    assert engine_key(level) == "3f9a0c12" and engine_key("master") is None and engine_key(None) is None
    player = Player.computer(level, "Kataxx")
    assert (
        player.engine == "3f9a0c12"
        and Player.computer("master").engine is None
        and Player.human().engine is None
    )
    config = MatchConfig(True, level, human_seat=0, first=0, computer_name="Kataxx")
    match = Match(RULES, players=config.players())
    assert match.player(1) == player
    assert MatchConfig.for_match(match) == config  # the rematch keeps the engine and its name


def test_a_save_against_an_engine_loads_though_its_level_is_no_level_of_the_game(user_data_dir: Path) -> None:
    match = Match(RULES, players=(Player.computer(engine_level("3f9a0c12"), "Kataxx"), Player.human("You")))
    match.play(RULES.parse_move("g2"))
    path = saves.save_game("versus", match, level_name="Classic")
    text = path.read_text(encoding="utf-8")
    assert '[Seat0Player "computer:engine:3f9a0c12"]' in text and '[Seat0Name "Kataxx"]' in text
    loaded, _ = saves.load_game(path)
    assert loaded.player(0) == match.player(0)
    # A level the game lacks is still refused.
    bad = Match(RULES, players=(Player.computer("grandmaster"), Player.human("You")))
    with pytest.raises(saves.SaveError, match="level"):
        saves.load_game(saves.save_game("bad", bad))
