"""Every string in the game has its French: a scan of the source, and a pass through every screen
in French recording each text drawn."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pygame
import pytest

from game import i18n, saves
from game.engine.ataxx import Move
from game.engine.match import Match, Player
from game.i18n import load_catalog
from game.ui.theme import Theme

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"

# Words that are the same in every language: names of games, fonts and programs, keys.
ALLOWED_WORDS = {
    "ATTAX",
    "ARCADE",
    "Attax",
    "Arcade",
    "ATAXX",
    "Ataxx",
    "ATTANGLE",
    "Attangle",
    "LIONHEART",
    "Lionheart",
    "English",
    "Ctrl",
    "Esc",
    "Orbitron",
    "Exo",
    "SIL",
    "OFL",
    "FEN",
    "PGN",
    "UAI",
    "python",
    "ataxx",
    "libataxx",
    "pygame",
    "ce",
    "numpy",
    "Python",
}


def _catalogue_keys() -> set[str]:
    keys: set[str] = set()
    for path in (GAME / "locale" / "fr").glob("*.toml"):
        keys |= set(tomllib.loads(path.read_text(encoding="utf-8")))
    return keys


def _literal_keys() -> dict[str, str]:
    """English keys written in the source: tr("..."), Button("..."), and the ("label", value)
    pairs of Choice(...) and Dialog(...) calls; with where each one is."""
    found: dict[str, str] = {}
    for path in GAME.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            first = node.args[0] if node.args else None
            if name in ("tr", "Button") and isinstance(first, ast.Constant) and isinstance(first.value, str):
                found[first.value] = f"{path.relative_to(ROOT)}:{node.lineno}"
            if name in ("Choice", "Dialog"):
                for argument in node.args:
                    for item in ast.walk(argument):
                        if (
                            isinstance(item, ast.Tuple)
                            and len(item.elts) == 2
                            and isinstance(item.elts[0], ast.Constant)
                            and isinstance(item.elts[0].value, str)
                        ):
                            found[item.elts[0].value] = f"{path.relative_to(ROOT)}:{item.lineno}"
    return found


def test_each_text_is_translated_in_one_catalogue_file_only() -> None:
    # The files are merged in name order, so a text in two files would silently
    # take the later file's translation; one place per text keeps them honest.
    where: dict[str, str] = {}
    clashes = []
    for path in sorted((GAME / "locale" / "fr").glob("*.toml")):
        for key in tomllib.loads(path.read_text(encoding="utf-8")):
            if key in where:
                clashes.append(f"{key!r} in {where[key]} and {path.name}")
            where.setdefault(key, path.name)
    assert not clashes, clashes


def test_every_english_key_in_the_source_has_a_french_entry() -> None:
    keys = _catalogue_keys()
    missing = {text: where for text, where in _literal_keys().items() if text not in keys}
    assert not missing, "no French for: " + "; ".join(f"{t!r} ({w})" for t, w in sorted(missing.items()))


def test_data_shown_to_the_player_has_french_too() -> None:
    from game.ai.ataxx.levels import LEVELS
    from game.engine.levels import shipped_levels
    from game.scenes.about import CREDITS
    from game.scenes.menu import GAMES
    from game.scenes.results import REASONS
    from game.scenes.rules import CONTROLS, PAGES
    from game.scenes.saveload import _REASONS
    from game.ui.looks import BOARD_THEMES, PALETTES, PIECE_SETS

    keys = _catalogue_keys()
    texts = [text for page in PAGES for text in page[:2] if text]
    texts += [line for heading, lines in CREDITS for line in (heading, *lines)]
    texts += [text for pair in CONTROLS for text in pair] + list(REASONS.values())
    texts += [tagline for _, _, tagline, _ in GAMES] + [key for _, key in _REASONS]
    texts += [text for level in LEVELS for text in (level.name, level.description)]
    texts += [text for level in shipped_levels("ataxx") for text in (level.name, level.description)]
    texts += [p.label for p in PALETTES.values()] + [p.red_name for p in PALETTES.values()]
    texts += [p.blue_name for p in PALETTES.values()] + list(PIECE_SETS.values())
    texts += [b.label for b in BOARD_THEMES.values()]
    missing = sorted({text for text in texts if text not in keys})
    assert not missing, f"no French for: {missing}"


# -- the runtime pass --

_NOTATION = re.compile(r"^[a-g][1-7]([a-g][1-7])?$")


def _french_words() -> set[str]:
    words: set[str] = set()
    for value in load_catalog("fr").values():
        words |= set(re.findall(r"[^\W\d_]+", value))
        words |= {word.upper() for word in re.findall(r"[^\W\d_]+", value)}
        words |= {word.lower() for word in re.findall(r"[^\W\d_]+", value)}
    return words


def _english_only(text: str, french: set[str], data_words: set[str]) -> list[str]:
    """The words of ``text`` that belong to no French text, no name and no notation."""
    left = []
    for token in text.split():
        if "/" in token or "\\" in token or token.endswith((".pgn", ".json", ".log")):
            continue  # a path or a file name
        for word in re.findall(r"[^\W\d_]+", token):
            if len(word) < 2 or _NOTATION.match(word) or word in french or word in ALLOWED_WORDS:
                continue
            if word in data_words:
                continue
            left.append(word)
    return left


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    original = Theme.text

    def text(self: Theme, text: str, *args: object, **kwargs: object) -> pygame.Surface:
        seen.append(text)
        return original(self, text, *args, **kwargs)

    monkeypatch.setattr(Theme, "text", text)
    return seen


def test_every_screen_in_french_draws_only_french(recorded: list[str], user_data_dir: Path) -> None:
    from game.scenes.about import AboutScene
    from game.scenes.dialog import Dialog
    from game.scenes.levelselect import LevelSelectScene
    from game.scenes.menu import MenuScene
    from game.scenes.message import ErrorScene
    from game.scenes.newgame import NewGameScene
    from game.scenes.options import OptionsScene
    from game.scenes.pause import PauseScene
    from game.scenes.play import PlayScene
    from game.scenes.results import ResultsScene
    from game.scenes.rules import PAGES, RulesScene
    from game.scenes.saveload import LoadScene, SaveAsScene, damaged_settings_dialog, open_match
    from game.scenes.statistics import StatisticsScene
    from game.stats import Statistics, record_for
    from game.ui.driver import Driver

    user_data_dir.mkdir(parents=True, exist_ok=True)
    (user_data_dir / "settings.json").write_text('{"language": "fr"}', encoding="utf-8")
    # Something to list: a good save, a damaged one; a finished game in the statistics.
    saves.save_game("Partie", Match(players=(Player.human("You"), Player.computer("casual", "Casual"))))
    (saves.saves_dir() / "Vieille.pgn").write_bytes(b"\x00binary")
    finished = Match(
        "xxxxxx1/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/ooooooo x 0 1",
        (Player.human("You"), Player.computer("expert", "Expert")),
    )
    finished.play(Move.from_uai("g7"))
    stats = Statistics()
    stats.add(record_for(finished, level_name="Classic"))
    stats.save()

    i18n._missing.clear()
    driver = Driver.fast()
    app = driver.app
    try:
        assert i18n.current_language() == "fr"

        def show(frames: int = 3) -> None:
            driver.frames(frames)

        show()
        driver.press("New game")
        show()
        newgame = driver.top
        assert isinstance(newgame, NewGameScene)
        driver.click(newgame.opponent.rects[1].center)
        show()
        driver.click(newgame.opponent.rects[0].center)
        driver.press("Choose level")
        assert isinstance(driver.top, LevelSelectScene)
        show()
        driver.click(driver.top.card_centre(3))
        play = driver.top
        assert isinstance(play, PlayScene)
        show()
        driver.click(play.square_centre(42))  # select a piece: targets, panel
        show()
        driver.click(play.square_centre(3 * 7 + 3))  # a refused click: a toast
        show()
        driver.key(pygame.K_ESCAPE)
        assert isinstance(driver.top, PauseScene)
        show()
        driver.press("Save as")
        assert isinstance(driver.top, SaveAsScene)
        show()
        driver.press("Cancel")
        driver.press("Options")
        assert isinstance(driver.top, OptionsScene)
        show()
        driver.press("Back")
        driver.press("Rules")
        rules = driver.top
        assert isinstance(rules, RulesScene)
        for _ in PAGES:
            driver.frames(40, dt=0.05)
            rules.next()
        driver.press("Close")
        driver.press("Restart")
        app.push(Dialog(app, "", [], [("Restart", app.pop), ("Cancel", app.pop)]))
        show()
        app.pop()
        play.ask_restart() if play.match.ply else None
        show()
        app.push(ErrorScene(app, play, "ValueError: test"))
        show()
        app.pop()
        app.push(damaged_settings_dialog(app))
        show()
        app.pop()
        # A finished game: the results and the final board.
        match = Match(
            "xxxxxx1/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/ooooooo x 0 1",
            (Player.human("You"), Player.computer("expert", "Expert")),
        )
        open_match(app, match, "Classic")
        driver.play_move(Move.from_uai("g7"))
        assert driver.until(lambda: isinstance(driver.top, ResultsScene), max_frames=60)
        show()
        driver.press("Menu")
        assert isinstance(driver.top, MenuScene)
        show()
        for label, scene_type in (
            ("Load game", LoadScene),
            ("Statistics", StatisticsScene),
            ("About", AboutScene),
            ("Options", OptionsScene),
        ):
            driver.press(label)
            assert isinstance(driver.top, scene_type)
            driver.frames(40)
            driver.key(pygame.K_ESCAPE)
        driver.press("Help")
        driver.frames(5)
    finally:
        app.close()
        i18n.set_language("en")

    french = _french_words()
    data_words = {"Partie", "Vieille"}
    # The pass did see the screens (and the check would see English).
    shown = set(recorded)
    for expected in ("Nouvelle partie", "CHARGER UNE PARTIE", "STATISTIQUES", "FIN ANTICIPÉE", "Dupliquer"):
        assert expected in shown, expected
    assert any(text.startswith("endommagée : ") for text in shown)
    assert _english_only("New game", french, data_words) == ["New", "game"]
    offenders = {}
    for text in set(recorded):
        words = _english_only(text, french, data_words)
        if words:
            offenders[text] = words
    assert not offenders, f"English on a French screen: {offenders}"
    assert i18n.missing_translations() == set()
