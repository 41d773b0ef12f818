"""Numbers, percentages, dates and durations follow the player's language through one formatter each
(``game.formats``), and the screens that show them use it: the results, the statistics, the saves list,
the analysis, Lionheart's odds, the volume."""

from __future__ import annotations

import datetime
import os
import re
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.driver import Driver
from game.engine import saves
from game.engine.ataxx.rules import RULES
from game.engine.match import Match, Player
from game.formats import format_datetime, format_decimal, format_duration, format_percent
from game.scenes.resume import open_match

ROOT = Path(__file__).resolve().parent.parent
NEARLY_FULL = "xxxxxx1/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/ooooooo x 0 1"


def test_percentages_are_written_as_each_language_writes_them() -> None:
    assert format_percent(0.56, language="en") == "56%"
    assert (
        format_percent(0.56, language="fr") == "56\u00a0%"
    )  # CLDR's French: a no-break space before the sign
    assert format_percent(0.056, precise=True, language="en") == "5.6%"
    assert format_percent(0.056, precise=True, language="fr") == "5,6\u00a0%"
    # A chance that is not nothing never reads 0%, one that is not sure never reads 100%.
    assert format_percent(0.0004, precise=True, language="fr") == "<0,1\u00a0%"
    assert format_percent(0.997, precise=True, language="en") == ">99%"
    assert format_percent(0.0, precise=True, language="en") == "0%"
    assert format_percent(1.0, precise=True, language="en") == "100%"
    i18n.set_language("fr")
    try:
        assert format_percent(0.5) == "50\u00a0%" and format_decimal(33.66) == "33,7"
    finally:
        i18n.set_language("en")
    assert format_percent(0.5) == "50%" and format_decimal(33.66) == "33.7"


def test_durations_say_minutes_and_seconds_never_a_time_of_day() -> None:
    assert format_duration(876, language="en") == "14 min 36 sec"
    assert format_duration(876, language="fr") == "14\u00a0min 36\u202fs"
    assert format_duration(263.9, language="en") == "4 min 23 sec"
    assert format_duration(42, language="fr") == "42\u202fs"
    assert format_duration(180, language="en") == "3 min"
    # Past an hour: hours and minutes.
    assert format_duration(3725, language="en") == "1 hr 2 min"
    assert format_duration(3725, language="fr") == "1\u202fh 2\u00a0min"
    assert format_duration(0, language="en") == "0 sec"
    assert format_duration(float("nan"), language="en") == "0 sec"
    assert ":" not in format_duration(876, language="en")


def test_dates_follow_the_languages_order() -> None:
    moment = datetime.datetime(2025, 3, 14, 20, 5)
    assert format_datetime(moment, language="fr") == "14 mars 2025, 20:05"
    assert format_datetime(moment, language="en") == "Mar 14, 2025, 8:05\u202fPM"


def test_one_percent_formatter_and_no_hand_made_percentages() -> None:
    """Every percentage goes through ``format_percent``: no ``_percent`` of a module's own, no f-string
    ending a number with "%" (the French "56 %" needs the language's pattern)."""
    found = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        if path.name == "formats.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if re.search(r"def _?percent\(|\}%[\"']", line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, found


@pytest.mark.parametrize("font", ["Orbitron.ttf", "Exo2.ttf"])
@pytest.mark.parametrize("space", ["\u00a0", "\u202f"], ids=["no-break", "narrow no-break"])
def test_the_fonts_draw_the_no_break_spaces_as_spaces(font: str, space: str) -> None:
    """The spaces CLDR puts in "56 %" and "14 min 36 s": some room, and no ink (a missing glyph draws a box)."""
    pygame.font.init()
    face = pygame.font.Font(str(ROOT / "assets" / "fonts" / font), 40)
    with_space = face.render(f"a{space}a", True, (255, 255, 255), (0, 0, 0))
    without = face.render("aa", True, (255, 255, 255), (0, 0, 0))
    assert with_space.get_width() > without.get_width()
    ink = pygame.surfarray.array_red(with_space).sum()
    assert ink == pygame.surfarray.array_red(without).sum()


def _results(driver: Driver) -> object:
    match = Match(RULES, NEARLY_FULL, (Player.human(), Player.human()), elapsed=876.0)
    open_match(driver.app, match, "Nearly full")
    driver.play_move(RULES.parse_move("g7"))
    assert driver.until(lambda: driver.top.name == "results", max_frames=120)
    return driver.top


def test_the_results_say_how_long_the_game_took(recorded: list[str], french: None) -> None:
    driver = Driver.fast()
    try:
        _results(driver)
        driver.frames(30)  # the panel has grown to its size
        assert "1 coup  ·  14\u00a0min 36\u202fs" in recorded, [text for text in recorded if "coup" in text]
        assert not any(re.search(r"\b14:36\b", text) for text in recorded)
    finally:
        driver.app.close()


def test_the_statistics_and_the_saves_list_write_durations_and_dates_in_french(
    recorded: list[str], french: None
) -> None:
    driver = Driver.fast()
    try:
        _results(driver)  # one game counted, of 14 min 36 s
        match = Match(RULES, players=(Player.human("You"), Player.computer("casual")))
        match.play(RULES.parse_move("b6"))
        path = saves.save_game("Soirée", match, level_name="Classic")
        stamp = datetime.datetime(2025, 3, 14, 20, 5).timestamp()
        os.utime(path, (stamp, stamp))
        driver.app.router.reset("statistics")
        recorded.clear()
        driver.frames(2)
        assert any("14\u00a0min 36\u202fs" in text for text in recorded), recorded
        driver.app.router.reset("load")
        recorded.clear()
        driver.frames(2)
        assert "14 mars 2025, 20:05" in recorded, recorded
    finally:
        driver.app.close()


def test_the_volume_and_lionhearts_odds_are_french_percentages(recorded: list[str], french: None) -> None:
    driver = Driver.fast(game="lionheart", demo="odds")
    try:
        recorded.clear()
        driver.frames(2)
        odds = [text for text in recorded if text.endswith("%")]
        assert odds and all(text.endswith("\u00a0%") for text in odds), odds
        driver.app.router.reset("options")
        recorded.clear()
        driver.frames(2)
        assert any(re.fullmatch(r"\d+\u00a0%", text) for text in recorded), recorded
    finally:
        driver.app.close()
