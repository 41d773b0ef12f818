"""Issue 19: texts from files that no font can draw, and texts long enough to freeze the screens.

Strings read from files are cleaned (no control characters, no lone
surrogates) and the drawing never raises on one that slips through; cutting a
text to its box is a binary search, not one letter at a time; a save's level
and names are capped when read; a level file's absurd dotted key is refused
before the TOML parser spends seconds on it.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import filedata
from game.driver import Driver
from game.engine import saves
from game.engine.ataxx.rules import RULES
from game.engine.levels import LevelError, custom_levels, custom_levels_dir
from game.engine.match import Match, Player
from game.engine.stats import Statistics
from game.filedata import FileDataError, clean_text, load_toml
from game.scenes.match import MatchScene
from game.scenes.saveload import LoadScene
from game.scenes.statistics import StatisticsScene
from game.ui.textbox import ELLIPSIS, layout_text
from game.ui.theme import Theme

STATS_WITH_BAD_NAMES = """{"schema_version": 2, "games": {"ataxx": {"records": [
 {"finished_at": "2026-11-22T12:00:00", "opponent": "human", "difficulty": "", "level_name": "\\ud800",
  "seat": 0, "result": "win", "plies": 4, "moves": 2, "seconds": 6.0, "scores": [30, 19]},
 {"finished_at": "2026-11-22T12:00:01", "opponent": "computer", "difficulty": "casual",
  "level_name": "Dia\\u0000mond", "seat": 1, "result": "loss", "plies": 5, "moves": 3, "seconds": 7.0,
  "scores": [20, 29]}]}}}"""


def _undrawable(text: str) -> bool:
    return any(ord(char) < 32 or 0xD800 <= ord(char) <= 0xDFFF for char in text)


@pytest.fixture
def driver():
    driver = Driver.fast()
    yield driver
    driver.app.close()


# -- item 4: strings no font can draw --


def test_statistics_with_a_lone_surrogate_or_a_null_level_name_load_and_the_screen_draws(
    user_data_dir: Path, recorded: list[str]
) -> None:
    user_data_dir.mkdir(parents=True, exist_ok=True)
    (user_data_dir / "statistics.json").write_text(STATS_WITH_BAD_NAMES, encoding="utf-8")
    stats = Statistics.load("ataxx")
    assert stats.load_message is None and len(stats.records) == 2, "both records are kept, cleaned"
    assert [record.level_name for record in stats.records] == ["\ufffd", "Diamond"]
    driver = Driver.fast()
    try:
        driver.press("statistics")
        assert isinstance(driver.top, StatisticsScene)
        driver.frames(5)  # drawn, again and again, without a failure
        assert "Diamond" in dict(dict(driver.top.chart_rows())["By board"])
    finally:
        driver.app.close()
    assert recorded and not any(_undrawable(text) for text in recorded)


def test_drawing_a_text_no_font_can_draw_never_raises() -> None:
    pygame.font.init()
    ui = Theme()
    for text in ["\ud800", "a\x00b", "x\udfff y\x07 z", "\x1b[31m red"]:
        assert ui.measure(text, "body", 20) >= 0
        assert ui.text(text, "body", 20, (255, 255, 255)).get_width() >= 1
        block = layout_text(ui, text * 40, "body", 20, 120, max_lines=1)
        block.draw(pygame.Surface((200, 40)), ui, (255, 255, 255), pygame.Rect(0, 0, 120, 40))


def test_clean_text_drops_control_characters_mends_surrogates_and_caps() -> None:
    assert clean_text("a\x00b\nc\td\ud800", 80) == "ab c d\ufffd"
    assert clean_text("L" * 300_000, 200) == "L" * 199 + ELLIPSIS


# -- item 5: long texts --


def test_shortening_a_huge_word_measures_it_a_few_dozen_times(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.font.init()
    ui = Theme()
    calls = 0
    measure = Theme.measure

    def counted(self: Theme, text: str, *args: object, **kwargs: object) -> int:
        nonlocal calls
        calls += len(text) > 1000  # the quadratic cost: measuring long cuts, one letter shorter each time
        return measure(self, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Theme, "measure", counted)
    for text in ["L" * 300_000, "Ab " * 30_000 + "L" * 100_000]:
        calls = 0
        block = layout_text(ui, text, "body", 24, 300, max_lines=1)
        assert block.cut and block.lines[0].endswith(ELLIPSIS)
        assert block.width <= 300
        assert calls < 300, f"{calls} measures: the cut is searched letter by letter"


def _long_save(level: str, name: str) -> Path:
    match = Match(RULES, players=(Player.human(name), Player.human()))
    for uai in ["b6", "f6", "g1e3", "a1c3"]:
        match.play(RULES.parse_move(uai))
    match.undo()
    return saves.save_game("Long", match, level_name=level)


def test_a_save_with_a_huge_level_tag_or_name_is_cut_when_read_and_its_moves_kept() -> None:
    path = _long_save("L" * 300_000, "N" * 100_000)
    match, pgn_game = saves.load_game(path)
    assert pgn_game.tag("Level") == "L" * (saves.MAX_TEXT_TAG - 1) + ELLIPSIS
    assert match.players[0].name == "N" * (saves.MAX_TEXT_TAG - 1) + ELLIPSIS
    assert [str(move) for move in match.moves] == ["b6", "f6", "g1e3"]
    assert [str(move) for move in match.redo_moves] == ["a1c3"], "the redo line is never cut"
    [entry] = saves.list_saves()
    assert isinstance(entry, saves.SaveEntry) and len(entry.level_name) == saves.MAX_TEXT_TAG
    assert entry.players[0] == match.players[0].name


def test_the_load_screen_and_the_match_screen_show_a_save_with_huge_texts(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    _long_save("L" * 300_000, "N" * 100_000)
    measured: list[int] = []
    measure = Theme.measure

    def counted(self: Theme, text: str, *args: object, **kwargs: object) -> int:
        measured.append(len(text))
        return measure(self, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Theme, "measure", counted)
    driver.press("load")
    load = driver.top
    assert isinstance(load, LoadScene)
    driver.frames(3)
    driver.press("load")
    assert isinstance(driver.top, MatchScene)
    driver.frames(3)
    # The freeze (over a minute) was the screens measuring the whole texts: they get them capped.
    assert measured and max(measured) <= 2 * saves.MAX_TEXT_TAG


def _dotted_key_level(parts: int) -> str:
    key = ".".join(["a"] * parts)
    return f'name = "Deep"\nposition = "x5o/7/7/7/7/7/o5x x 0 1"\n{key} = 1\n'


def test_a_level_with_a_30000_part_dotted_key_is_refused_before_parsing_naming_the_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = custom_levels_dir(RULES.key)
    (folder / "deep.toml").write_text(_dotted_key_level(30_000), encoding="utf-8")
    parsed: list[int] = []
    parse = filedata.tomllib.loads

    def counted(text: str, **options: object) -> object:
        parsed.append(len(text))
        return parse(text, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(filedata.tomllib, "loads", counted)
    [found] = custom_levels(RULES)
    assert not parsed, "tomllib took 16-29 s over such a key: it must never see it"
    assert isinstance(found, LevelError)
    assert "deep.toml" in str(found) and "dotted key" in str(found)


def test_sane_dotted_keys_floats_and_dates_still_read() -> None:
    text = (
        'a.b.c = 1.5\n[x.y]\nz = [1.5, 2.5, 3.5, 4.5]\nwhen = 1979-05-27T07:32:00.999\n"q.r".s = "a.b.c.d"\n'
    )
    assert load_toml(text)["a"]["b"]["c"] == 1.5
    assert load_toml(_dotted_key_level(20))["name"] == "Deep"
    with pytest.raises(FileDataError, match="dotted key"):
        load_toml(_dotted_key_level(40))
