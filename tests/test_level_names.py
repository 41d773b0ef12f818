"""Levels in the player's language: every screen that names a level, the default save name, damaged files.

Shipped levels are named in English in their files and translated where they
are shown; a level the player made keeps the name the player gave it, even
one that happens to match a shipped level's English name.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import games, i18n
from game.driver import Driver
from game.engine import saves
from game.engine.ataxx import STARTPOS, Move
from game.engine.ataxx.rules import RULES
from game.engine.levels import (
    LevelError,
    LevelInfo,
    custom_levels_dir,
    load_level,
    save_custom_level,
    shipped_levels,
)
from game.engine.match import Match, Player
from game.engine.stats import Statistics, record_for
from game.i18n import set_language, tr
from game.scenes.attract import AttractScene
from game.scenes.level_cards import explain_level_error
from game.scenes.levelselect import LevelSelectScene
from game.scenes.match import MatchScene
from game.scenes.saveload import SaveAsScene
from game.ui.lang import level_description, level_name
from game.ui.theme import Theme

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search

NEARLY_FULL = "xxxxxx1/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/ooooooo x 0 1"


def _shipped(key: str) -> list[LevelInfo]:
    rules = games.game(key).load_rules()
    return [level for level in shipped_levels(rules) if isinstance(level, LevelInfo)]


def _english_names() -> list[str]:
    """The shipped levels' English names and descriptions that French says differently."""
    catalogue = i18n.load_catalog("fr")
    texts = [
        text
        for key in ("ataxx", "attangle")
        for level in _shipped(key)
        for text in (level.name, level.description)
    ]
    return [text for text in texts if catalogue.get(text, text) != text]


def _english_in(drawn: set[str]) -> list[tuple[str, str]]:
    """(English name, text drawn) for each drawn text that shows a shipped level's English name."""
    found = []
    for english in _english_names():
        pattern = re.compile(rf"\b{re.escape(english)}\b", re.IGNORECASE)
        found += [(english, text) for text in drawn if pattern.search(text)]
    return found


@pytest.fixture
def french(user_data_dir: Path) -> Iterator[Driver]:
    user_data_dir.mkdir(parents=True, exist_ok=True)
    (user_data_dir / "settings.json").write_text('{"language": "fr"}', encoding="utf-8")
    driver = Driver.fast()
    assert i18n.current_language() == "fr"
    yield driver
    driver.app.close()
    set_language("en")


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[str]]:
    """Every text drawn from here on (cleared by the test when it wants a fresh look)."""
    seen: set[str] = set()
    original = Theme.text

    def text(self: Theme, text: str, *args: object, **kwargs: object) -> pygame.Surface:
        seen.add(text)
        return original(self, text, *args, **kwargs)

    monkeypatch.setattr(Theme, "text", text)
    yield seen


def test_the_names_checked_are_real() -> None:
    names = _english_names()
    assert {"Columns", "Diamond", "Classic"} <= set(names)
    assert any(name.startswith("The original board: 37 points") for name in names)  # Attangle's description
    assert len(_english_in({"L'ordinateur contre lui-même · Columns", "COLUMNS"})) == 2
    assert _english_in({"Classique", "Colonnes", "Diamant", "Grand Attangle"}) == []


@pytest.mark.parametrize("key", ["ataxx", "attangle"])
def test_level_select_match_pause_and_save_as_in_french(
    french: Driver, drawn: set[str], key: str, user_data_dir: Path
) -> None:
    driver = french
    driver.click(driver.top.tile_centre(key))
    driver.press("new_game")
    driver.click(driver.top.opponent.rects[1].center)  # two players: nothing to wait for
    driver.press("choose_level")
    select = driver.top
    assert isinstance(select, LevelSelectScene)
    for _ in range(20):  # every card, down to the last
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0, precise_y=-1)
        )
        driver.frames(1)
    for level in _shipped(key):
        assert level_name(level) in drawn
    driver.frames(1)
    select.scroll = 0
    driver.frames(1)
    index = len(select.levels) - 1 if key == "ataxx" else 0
    level = select.levels[index]
    select.scroll = min(select.max_scroll, max(0, select.cards[index][0].y - select.view.y))
    driver.click(select.card_centre(index))
    play = driver.top
    assert isinstance(play, MatchScene) and play.level.name == level.name
    driver.frames(3)
    driver.key(pygame.K_ESCAPE)  # the pause menu names the level too
    driver.frames(20)
    driver.press("save_as")
    dialog = driver.top
    assert isinstance(dialog, SaveAsScene)
    driver.frames(20)
    # The name offered for the save is in French as well.
    assert dialog.field.text.startswith(level_name(level) + " 20")
    assert _english_in(drawn) == []
    assert level_name(level).upper() in drawn  # the match screen's title


def test_the_attract_caption_names_the_level_in_french(drawn: set[str], user_data_dir: Path) -> None:
    user_data_dir.mkdir(parents=True, exist_ok=True)
    (user_data_dir / "settings.json").write_text('{"language": "fr"}', encoding="utf-8")
    driver = Driver.fast(kiosk=True, kiosk_idle=600.0, kiosk_game_idle=600.0, ai_time_budget=0.005)
    try:
        shown = set()
        for seed in range(8):
            attract = driver.app.router.reset("attract", random.Random(seed))
            assert isinstance(attract, AttractScene)
            driver.frames(2)
            shown.add(attract.level.name)
            assert tr("Computer against computer · {level}", level=level_name(attract.level)) in drawn
        assert len(shown) > 2
        assert _english_in(drawn) == []
    finally:
        driver.app.close()
        set_language("en")


def test_statistics_load_and_the_editor_in_french(french: Driver, drawn: set[str]) -> None:
    driver = french
    finished = Match(RULES, NEARLY_FULL, (Player.human("You"), Player.computer("expert")))
    finished.play(Move.from_uai("g7"))
    stats = Statistics("ataxx")
    stats.add(record_for(finished, level_name="Columns"))
    stats.save()
    saves.save_game(
        "Partie", Match(RULES, players=(Player.human("You"), Player.human("Ami"))), level_name="Diamond"
    )
    for button in ("statistics", "load"):
        driver.press(button)
        driver.frames(30)
        driver.key(pygame.K_ESCAPE)
    assert "Colonnes" in " ".join(drawn) and "Diamant" in " ".join(drawn)
    # The editor: a standard level opened, its name, and the name of the edited level played.
    driver.press("editor")
    editor = driver.top
    driver.press("standard_levels")
    driver.frames(2)
    driver.click(driver.top.card_centre(5))
    assert editor.source is not None and editor.source.name == "Columns"
    driver.frames(2)
    driver.click(editor.square_centre(3 * 7 + 3))  # an edit
    driver.frames(2)
    driver.press("play")
    setup = driver.top
    assert setup.level.name == "Colonnes (modifié)"
    assert setup.level.description == level_description(_shipped("ataxx")[5])
    assert _english_in(drawn) == []
    assert any(text.startswith("Colonnes") for text in drawn)


def test_a_level_the_player_made_keeps_its_name(french: Driver, drawn: set[str]) -> None:
    # Called like a shipped level on purpose: it is the player's, and is not translated.
    save_custom_level(LevelInfo("Columns", "Diamond in the rough.", "Me", STARTPOS), RULES)
    driver = french
    driver.press("new_game")
    driver.press("choose_level")
    select = driver.top
    mine = select.levels[select.custom_start]
    assert (
        mine.custom and level_name(mine) == "Columns" and level_description(mine) == "Diamond in the rough."
    )
    driver.frames(2)
    select.scroll = select.max_scroll
    driver.frames(2)
    assert "Columns" in drawn and "Colonnes" in drawn  # the player's card, and the shipped one


# -- damaged level files --

GOOD = 'game = "ataxx"\nname = "Fine"\nfen = "x5o/7/7/7/7/7/o5x x 0 1"\n'
DAMAGED = {
    "missing name": ('game = "ataxx"\nfen = "x5o/7/7/7/7/7/o5x x 0 1"\n', "le champ « name » manque"),
    "name not text": (GOOD.replace('"Fine"', "3"), "le champ « name » doit être du texte"),
    "empty name": (GOOD.replace('"Fine"', '"  "'), "le champ « name » est vide"),
    "long name": (GOOD.replace("Fine", "n" * 80), "le champ « name » dépasse 60 caractères"),
    "control": (GOOD.replace("Fine", "Fi\\u0007ne"), "le champ « name » contient des caractères de contrôle"),
    "version": (GOOD + "schema_version = -1\n", "la version du format (schema_version)"),
    "newer": (GOOD + "schema_version = 99\n", "écrit par une version plus récente d'Attax Arcade"),
    "other game": (GOOD.replace('"ataxx"', '"attangle"'), "un niveau d'un autre jeu"),
    "broken toml": ('name = "Cut sho', "ce n'est pas un fichier de niveau valide"),
    "bad position": (GOOD.replace("x5o/7/7/7/7/7/o5x", "x5o/7"), "la position est illisible"),
    "no red": (GOOD.replace("x5o/7/7/7/7/7/o5x", "7/7/7/7/7/7/o5o"), "position injouable : Rouge n'a"),
    "full": (
        GOOD.replace("x5o/7/7/7/7/7/o5x", "xxxxxxx/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/ooooooo"),
        "aucune case vide",
    ),
    "empty file": ("", "le fichier est vide"),
    "binary": ("\x00", "des données binaires, pas un fichier de niveau"),
    "huge": ('name = "' + "h" * 100_000 + '"\n', "le fichier dépasse 64 Ko"),
}


@pytest.mark.parametrize("case", sorted(DAMAGED))
def test_a_damaged_levels_reason_is_in_french(case: str, tmp_path: Path) -> None:
    text, french = DAMAGED[case]
    path = tmp_path / f"{case}.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LevelError) as caught:
        load_level(path, RULES)
    set_language("fr")
    try:
        i18n._missing.clear()
        reason = explain_level_error(caught.value)
        assert french in reason, (str(caught.value), reason)
        assert i18n.missing_translations() == set()
        assert f"{case}.toml" not in reason  # the file's name is not repeated in the reason
    finally:
        set_language("en")
    assert explain_level_error(caught.value) != reason  # and English says it in English


def test_other_reasons_in_french(tmp_path: Path) -> None:
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    latin = tmp_path / "latin.toml"
    latin.write_bytes('name = "Été"\n'.encode("latin-1"))
    errors = []
    for path in (folder, latin):
        with pytest.raises(LevelError) as caught:
            load_level(path, RULES)
        errors.append(caught.value)
    errors.append(LevelError("levels folder unreadable: permission denied"))
    errors.append(LevelError("x.toml: something nobody planned for"))
    errors.append(
        LevelError("x.toml: the file is empty; the file is kept as x.damaged-20261124.toml", Path("x"))
    )
    set_language("fr")
    try:
        reasons = [explain_level_error(error) for error in errors]
    finally:
        set_language("en")
    assert reasons == [
        "ce n'est pas un fichier ordinaire",
        "ce n'est pas du texte (pas de l'UTF-8)",
        "le dossier des niveaux est illisible",
        "ce fichier ne peut pas servir de niveau",
        "le fichier est vide (fichier mis de côté)",
    ]


def test_every_games_refusals_have_french() -> None:
    # What the games' level checks refuse comes from their rules, in English.
    from game.engine.ataxx import Board

    positions = ("7/7/7/7/7/7/o5o x 0 1", "x5x/7/7/7/7/7/x5x x 0 1", NEARLY_FULL.replace("1/", "x/", 1))
    refusals = {
        problem.message
        for fen in positions
        for problem in RULES.validate_level(Board(fen))
        if problem.severity.name == "REFUSED"
    }
    assert {"Red has no pieces", "Blue has no pieces", "there is no empty square to play on"} <= refusals
    refusals |= {
        "the game is already over: neither side can move",
        "the game is already over",
    }  # Ataxx, Attangle
    set_language("fr")
    try:
        for message in sorted(refusals):
            reason = explain_level_error(LevelError(f"a.toml: unplayable position: {message}"))
            assert reason.startswith("position injouable : ") and message not in reason, reason
            assert not re.search(r"\b(the|has|no|is|over)\b", reason), reason
    finally:
        set_language("en")


def test_level_select_shows_damaged_files_reasons_in_french(french: Driver, drawn: set[str]) -> None:
    folder = custom_levels_dir(RULES.key)
    (folder / "nameless.toml").write_text(DAMAGED["missing name"][0], encoding="utf-8")
    (folder / "norred.toml").write_text(DAMAGED["no red"][0], encoding="utf-8")
    driver = french
    driver.press("new_game")
    driver.press("choose_level")
    select = driver.top
    assert len(select.damaged) == 2
    select.scroll = select.max_scroll
    driver.app.theme.drawn = []  # in drawing order: a reason may wrap over two lines of its card
    driver.frames(2)
    shown = re.sub(r"\s+", " ", " ".join(line.text for line in driver.app.theme.drawn))
    assert "le champ « name »" in shown and "position injouable : Rouge" in shown and "mis de" in shown
    assert "missing" not in shown and "has no pieces" not in shown
