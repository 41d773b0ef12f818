"""Every string in the game has its French: a scan of the source, the plural tables, and a pass
through every screen in French recording each text drawn."""

from __future__ import annotations

import ast
import functools
import json
import re
import tomllib
from pathlib import Path

import pygame
import pytest
from waiting import frames_until

from game import games, i18n
from game.engine import saves
from game.engine.ataxx import Move
from game.engine.ataxx.rules import RULES
from game.engine.match import Match, Player
from game.i18n import (
    CONTEXT_SEPARATOR,
    context_key,
    load_catalog,
    load_plurals,
    ntr,
    ntrc,
    plural_form,
    set_language,
    tr,
    trc,
)

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
NEARLY_FULL = "xxxxxx1/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/ooooooo x 0 1"

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


def _catalogue_files() -> dict[str, dict[str, object]]:
    """Every French catalogue, the shared ones and each registered game's, by its path in the game."""
    return {
        str(path.relative_to(GAME)): tomllib.loads(path.read_text(encoding="utf-8"))
        for path in i18n.catalogue_paths("fr")
    }


def _catalogue_keys() -> set[str]:
    """The English texts with a plain French translation (not the plural tables)."""
    return {
        key for data in _catalogue_files().values() for key, value in data.items() if isinstance(value, str)
    }


def _plural_keys() -> set[str]:
    """The English singulars with a French plural table."""
    return {
        key for data in _catalogue_files().values() for key, value in data.items() if isinstance(value, dict)
    }


def _string(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _button_label(node: ast.Call) -> str | None:
    """The label of ``Button(id, label, ...)`` (or ``label=``)."""
    for keyword in node.keywords:
        if keyword.arg == "label":
            return _string(keyword.value)
    return _string(node.args[1]) if len(node.args) > 1 else None


@functools.cache
def _sources() -> list[tuple[Path, ast.AST]]:
    """Every module of the game, parsed once for the whole run (the scans only read the trees)."""
    return [(path, ast.parse(path.read_text(encoding="utf-8"))) for path in sorted(GAME.rglob("*.py"))]


@functools.cache
def _literal_keys() -> tuple[dict[str, str], dict[str, str]]:
    """English keys written in the source, with where each one is: (plain texts, plural singulars).

    Plain: ``tr("...")``, the label of ``Button(id, "...")`` (and ``FitButton``), the
    ``("label", value)`` pairs given to ``Choice`` and ``_bind``, the labels of dialog
    buttons ``(id, "label", action)``, and the editor's "go on" labels. Plural: the
    singular of every ``ntr("...", "...", count)``. With a context, ``trc("ctx", "...")``
    and ``ntrc("ctx", "...", "...", count)`` give the key ``"ctx|..."``.
    """
    found: dict[str, str] = {}
    plurals: dict[str, str] = {}
    for path, tree in _sources():
        for node in ast.walk(tree):
            where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Tuple) and len(node.elts) == 3:
                # A dialog button: (id, label, action or None).
                button_id, label = _string(node.elts[0]), _string(node.elts[1])
                if (
                    button_id
                    and re.fullmatch(r"[a-z_]+", button_id)
                    and label
                    and _string(node.elts[2]) is None
                ):
                    found[label] = where
                continue
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            first = _string(node.args[0]) if node.args else None
            if name in ("tr", "_validated") and first is not None:
                found[first] = where
            if name == "ntr" and first is not None:
                plurals[first] = where
            second = _string(node.args[1]) if len(node.args) > 1 else None
            if name in ("trc", "ntrc") and first is not None and second is not None:
                (found if name == "trc" else plurals)[context_key(first, second)] = where
            if name in ("Button", "FitButton"):
                label = _button_label(node)
                if label is not None:
                    found[label] = where
            if name in ("Choice", "_bind"):
                for argument in node.args:
                    for item in ast.walk(argument):
                        if isinstance(item, ast.Tuple) and len(item.elts) == 2:
                            label = _string(item.elts[0])
                            if label:
                                found[label] = f"{path.relative_to(ROOT)}:{item.lineno}"
    return found, plurals


def test_each_text_is_translated_in_one_catalogue_file_only() -> None:
    # The files are merged in name order, so a text in two files would silently
    # take the later file's translation; one place per text keeps them honest.
    where: dict[str, str] = {}
    clashes = []
    for name, data in _catalogue_files().items():
        for key in data:
            if key in where:
                clashes.append(f"{key!r} in {where[key]} and {name}")
            where.setdefault(key, name)
    assert not clashes, clashes


def test_the_scan_finds_every_kind_of_key() -> None:
    found, plurals = _literal_keys()
    # One of each: tr, a button's label (not its id), a chip, a dialog button, an option row, ntr.
    for text in ("Paused", "Take current game", "Second player", "Choose another name", "Play anyway"):
        assert text in found, text
    assert "ataxx|Block" in found and "Block" not in found  # trc: the key with its context
    assert "take_game" not in found and "rename" not in found
    assert {"{count} move", "It sees a win in {count} move", "{count} saved game"} <= set(plurals)


def test_every_english_key_in_the_source_has_a_french_entry() -> None:
    keys = _catalogue_keys()
    found, plurals = _literal_keys()
    missing = {text: where for text, where in found.items() if text not in keys}
    assert not missing, "no French for: " + "; ".join(f"{t!r} ({w})" for t, w in sorted(missing.items()))
    tables = _plural_keys()
    missing = {text: where for text, where in plurals.items() if text not in tables}
    assert not missing, "no French plural table for: " + "; ".join(
        f"{t!r} ({w})" for t, w in sorted(missing.items())
    )


def test_every_plural_table_has_the_forms_french_uses_and_keeps_the_placeholders() -> None:
    _, plurals = _literal_keys()
    tables = load_plurals("fr")
    assert set(tables) == _plural_keys()
    for singular, forms in tables.items():
        # "one" (0 and 1) and "other" (2 and more); "many" (a million) falls back to "other".
        assert {"one", "other"} <= set(forms) <= {"one", "many", "other"}, singular
        wanted = set(re.findall(r"{(\w+)}", singular))
        for form, text in forms.items():
            assert set(re.findall(r"{(\w+)}", text)) == wanted, (singular, form)
        assert forms["one"] != forms["other"], singular
    # A plural table is only for ntr, and ntr's texts only have tables.
    assert not set(tables) & _catalogue_keys()
    assert set(tables) == set(plurals), "plural tables nothing uses any more, or ntr texts without one"


def _used_strings() -> set[str]:
    """Every string constant in the game's source, and the texts of the shipped level files."""
    used: set[str] = set()
    for _, tree in _sources():
        used |= {
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
        }
    for path in (ROOT / "levels").rglob("*.toml"):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        used |= {value for value in data.values() if isinstance(value, str)}
        used |= {step["say"] for step in data.get("step", []) if "say" in step}  # a tutorial's commentary
    return used


def _ntr_plurals() -> set[str]:
    """The English plurals of every ``ntr(singular, plural, count)``: never looked up on their own (an
    English plural that is its singular, as "{count} left", is the key itself)."""
    return {
        plural
        for _, tree in _sources()
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", None) == "ntr"
        and len(node.args) > 1
        and (plural := _string(node.args[1])) is not None
        and plural != _string(node.args[0])
    }


def _contexts() -> set[str]:
    """The translation contexts: the games' keys (their rules pages' titles), and each ``trc``/``ntrc``'s."""
    found, plurals = _literal_keys()
    contexts = {definition.key for definition in games.GAMES}
    return contexts | {
        key.partition(CONTEXT_SEPARATOR)[0] for key in (*found, *plurals) if CONTEXT_SEPARATOR in key
    }


def test_no_catalogue_entry_is_left_over() -> None:
    used = _used_strings() - _ntr_plurals()
    assert "{count} moves" not in used and "{count} move" in used
    contexts = _contexts()

    def is_used(key: str) -> bool:
        context, separator, text = key.partition(CONTEXT_SEPARATOR)
        return (context in contexts and text in used) if separator else key in used

    stale = sorted(key for key in _catalogue_keys() | _plural_keys() if not is_used(key))
    assert not stale, f"French for texts nothing shows any more: {stale}"


def _data_texts() -> list[str]:
    """The texts from data a player reads: every game's names, seats, rules, pages, AI levels..."""
    from game.scenes.about import CREDITS
    from game.ui.lang import _REASONS
    from game.ui.looks import BOARD_THEMES, PALETTE_LABELS, PIECE_SETS

    texts = [line for heading, lines in CREDITS for line in (heading, *lines)]
    from game.scenes.level_cards import _LEVEL_REASONS

    texts += [key for _, key in _REASONS] + [label for label in PALETTE_LABELS.values() if label]
    texts += [key for _, key in _LEVEL_REASONS]
    texts += list(PIECE_SETS.values()) + [board.label for board in BOARD_THEMES.values()]
    texts += ["{first} and {second}"]  # the palettes named by their seats
    for definition in games.GAMES:
        identity = definition.identity
        texts += [identity.name, identity.tagline, identity.motto]
        texts += [look.name for looks in identity.seats.values() for look in looks]
        if not definition.playable:
            continue
        rules = definition.load_rules()
        texts += [option.label for option in rules.options]
        if definition.ai is not None:
            texts += [
                text for level in definition.load_ai().levels for text in (level.name, level.description)
            ]
        if definition.has("rules_pages"):
            pages = definition.load("rules_pages")
            assert pages.context == definition.key, "a game's page titles are its own words"
            texts += [pages.heading] + [context_key(pages.context, title) for title, _, _ in pages.pages]
            texts += [text for _, text, _ in pages.pages if text]
            texts += [text for pair in pages.controls for text in pair]
        from game.engine.levels import LevelInfo, shipped_levels

        shipped = [level for level in shipped_levels(rules) if isinstance(level, LevelInfo)]
        texts += [text for level in shipped for text in (level.name, level.description)]
        from game.engine.tutorials import Tutorial, shipped_tutorials

        tutorials = [tutorial for tutorial in shipped_tutorials(rules) if isinstance(tutorial, Tutorial)]
        texts += [tutorial.name for tutorial in tutorials]
        texts += [step.say for tutorial in tutorials for step in tutorial.steps]
    return texts


def test_data_shown_to_the_player_has_french_too() -> None:
    from game.ai.ataxx.player import AI
    from game.ai.ataxx.search import WIN_SCORE
    from game.engine.ataxx import Termination

    keys = _catalogue_keys()
    texts = _data_texts() + [RULES.termination_text(termination) for termination in Termination]
    for definition in games.playable_games():  # why each game ends, as its results screen says it
        rules = definition.load_rules()
        texts += [rules.termination_text(termination) for termination in rules.termination_texts]
    texts += [AI.describe_score(score)[0] for score in (0, 125, WIN_SCORE - 3, 3 - WIN_SCORE)]
    assert "Early finish" in texts and "Red" in texts and "Clone, jump, infect" in texts
    assert "The winning triple is built" in texts and "Both armies fell at once" in texts
    assert "First moves" in texts and "Your opponent jumps from f6 to f4." in texts
    missing = sorted({text for text in texts if text not in keys})
    assert not missing, f"no French for: {missing}"


# -- contexts: the same English, a different sense --


def test_a_context_separates_the_senses_of_a_text(language, monkeypatch: pytest.MonkeyPatch) -> None:
    catalogue = {"Move": "Coup", "lionheart|Move": "Déplacer", "lionheart|{count} turn": "x"}
    tables = {"lionheart|{count} turn": {"one": "{count} tour de jeu", "other": "{count} tours de jeu"}}
    monkeypatch.setattr(i18n, "load_catalog", lambda _language: catalogue)
    monkeypatch.setattr(i18n, "load_plurals", lambda _language: tables)
    language("fr")
    i18n._missing.clear()
    assert (tr("Move"), trc("lionheart", "Move")) == ("Coup", "Déplacer")
    assert ntrc("lionheart", "{count} turn", "{count} turns", 2) == "2 tours de jeu"
    # Without its context's entry, a text is English and reported by its key, never the other sense.
    assert trc("attangle", "Move") == "Move"
    assert i18n.missing_translations() == {"attangle|Move"}
    assert trc("", "Move") == "Coup", "no context is the plain text"
    language("en")
    assert (trc("lionheart", "Move"), ntrc("lionheart", "{count} turn", "{count} turns", 1)) == (
        "Move",
        "1 turn",
    )


def test_contexts_are_named_and_plain_keys_have_no_separator() -> None:
    contexts = _contexts()
    assert {"ataxx", "attangle"} <= contexts
    assert all(re.fullmatch(r"[a-z_]+", context) for context in contexts), contexts
    for key in _catalogue_keys() | _plural_keys():
        if CONTEXT_SEPARATOR in key:
            context, _, text = key.partition(CONTEXT_SEPARATOR)
            assert context in contexts and text and CONTEXT_SEPARATOR not in text, key


# -- plural forms through ntr --


@pytest.fixture
def language():
    yield set_language
    set_language("en")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ["0 moves", "1 move", "2 moves"]),
        ("fr", ["0 coup", "1 coup", "2 coups"]),
    ],
)
def test_plural_forms_of_zero_one_and_two(language, lang: str, expected: list[str]) -> None:
    language(lang)
    assert [ntr("{count} move", "{count} moves", count) for count in (0, 1, 2)] == expected
    assert [plural_form(count) for count in (0, 1, 2)] == (
        ["other", "one", "other"] if lang == "en" else ["one", "one", "other"]
    )


@pytest.mark.parametrize(
    ("singular", "plural", "english", "french"),
    [
        (
            "It sees a win in {count} move",
            "It sees a win in {count} moves",
            ["It sees a win in 0 moves", "It sees a win in 1 move", "It sees a win in 2 moves"],
            [
                "Il voit une victoire en 0 coup",
                "Il voit une victoire en 1 coup",
                "Il voit une victoire en 2 coups",
            ],
        ),
        (
            "{count} saved game",
            "{count} saved games",
            ["0 saved games", "1 saved game", "2 saved games"],
            ["0 partie enregistrée", "1 partie enregistrée", "2 parties enregistrées"],
        ),
        (
            "{count} damaged record in the statistics file was skipped.",
            "{count} damaged records in the statistics file were skipped.",
            [
                "0 damaged records in the statistics file were skipped.",
                "1 damaged record in the statistics file was skipped.",
                "2 damaged records in the statistics file were skipped.",
            ],
            [
                "0 fiche endommagée du fichier des statistiques a été ignorée.",
                "1 fiche endommagée du fichier des statistiques a été ignorée.",
                "2 fiches endommagées du fichier des statistiques ont été ignorées.",
            ],
        ),
    ],
)
def test_plural_texts_in_both_languages(
    language, singular: str, plural: str, english: list[str], french: list[str]
) -> None:
    language("en")
    assert [ntr(singular, plural, count) for count in (0, 1, 2)] == english
    language("fr")
    i18n._missing.clear()
    assert [ntr(singular, plural, count) for count in (0, 1, 2)] == french
    assert i18n.missing_translations() == set(), " | ".join(sorted(i18n.missing_translations()))


def test_a_plural_table_missing_a_form_falls_back(language, monkeypatch: pytest.MonkeyPatch) -> None:
    tables = {
        "{count} move": {"one": "{count} coup", "other": "{count} coups"},  # no "many"
        "{count} lap": {"one": "{count} tour"},  # no "other"
        "{count} wall": {"one": "{count} mur", "other": "{count} murs {oops}"},  # a broken placeholder
    }
    monkeypatch.setattr(i18n, "load_plurals", lambda _language: tables)
    language("fr")
    i18n._missing.clear()
    # A million is "many" in French: without that form, "other" is used.
    assert plural_form(1_000_000) == "many"
    assert ntr("{count} move", "{count} moves", 1_000_000) == "1000000 coups"
    # Without "other", the English text of the right number, and the text is reported missing.
    assert ntr("{count} lap", "{count} laps", 1) == "1 tour"
    assert ntr("{count} lap", "{count} laps", 2) == "2 laps"
    assert "{count} lap" in i18n.missing_translations()
    # A translation with a bad placeholder: the English, never an exception.
    assert ntr("{count} wall", "{count} walls", 3) == "3 walls"
    assert ntr("{count} wall", "{count} walls", 1) == "1 mur"
    # No table at all: English, and reported.
    assert ntr("{count} tower", "{count} towers", 0) == "0 towers"
    assert "{count} tower" in i18n.missing_translations()


# -- the runtime pass --

_NOTATION = re.compile(r"^[a-g][1-7]([a-g][1-7])?$")


def _french_words() -> set[str]:
    words: set[str] = set()
    values = list(load_catalog("fr").values())
    values += [text for forms in load_plurals("fr").values() for text in forms.values()]
    # Dates are written with CLDR's French month names ("28 nov. 2026"), not the catalogue's.
    from babel import Locale

    months = Locale.parse("fr").months["format"]
    values += [name for width in ("abbreviated", "wide") for name in months[width].values()]
    for value in values:
        found = re.findall(r"[^\W\d_]+", value)
        words |= set(found) | {word.upper() for word in found} | {word.lower() for word in found}
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


def test_every_screen_in_french_draws_only_french(recorded: list[str], user_data_dir: Path) -> None:
    from game.app import damaged_settings_message
    from game.driver import Driver
    from game.engine.stats import Statistics, record_for
    from game.scenes.about import AboutScene
    from game.scenes.ataxx.editor import EditorScene
    from game.scenes.ataxx.editor_dialogs import ValidationDialog
    from game.scenes.dialog import Dialog
    from game.scenes.levelselect import LevelSelectScene
    from game.scenes.match import MatchScene
    from game.scenes.menu import MenuScene
    from game.scenes.message import ErrorScene
    from game.scenes.newgame import NewGameScene
    from game.scenes.options import OptionsScene
    from game.scenes.pause import PauseScene
    from game.scenes.puzzle import PuzzleScene, PuzzleState
    from game.scenes.results import ResultsScene
    from game.scenes.resume import open_match
    from game.scenes.rules import RulesScene
    from game.scenes.saveload import LoadScene, SaveAsScene
    from game.scenes.statistics import StatisticsScene

    user_data_dir.mkdir(parents=True, exist_ok=True)
    (user_data_dir / "settings.json").write_text('{"language": "fr"}', encoding="utf-8")
    # Something to list: a good save, a damaged one; a finished game in the statistics.
    saves.save_game("Partie", Match(RULES, players=(Player.human("You"), Player.computer("casual"))))
    (saves.saves_dir() / "Vieille.pgn").write_bytes(b"\x00binary")
    finished = Match(RULES, NEARLY_FULL, (Player.human("You"), Player.computer("expert")))
    finished.play(Move.from_uai("g7"))
    stats = Statistics("ataxx")
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
        driver.press("new_game")
        show()
        newgame = driver.top
        assert isinstance(newgame, NewGameScene)
        driver.click(newgame.opponent.rects[1].center)
        show()
        driver.click(newgame.opponent.rects[0].center)
        driver.key(pygame.K_DOWN)  # the keyboard's focus outline
        show()
        driver.press("choose_level")
        assert isinstance(driver.top, LevelSelectScene)
        show()
        driver.click(driver.top.card_centre(3))
        play = driver.top
        assert isinstance(play, MatchScene)
        show()
        driver.click(play.board.square_centre(42))  # select a piece: targets, panel
        show()
        driver.click(play.board.square_centre(3 * 7 + 3))  # a refused click: a toast
        show()
        driver.key(pygame.K_ESCAPE)
        assert isinstance(driver.top, PauseScene)
        show()
        driver.press("save_as")
        assert isinstance(driver.top, SaveAsScene)
        show()
        driver.press("cancel")
        driver.press("options")
        assert isinstance(driver.top, OptionsScene)
        show()
        driver.press("back")
        driver.press("rules")
        rules = driver.top
        assert isinstance(rules, RulesScene)
        for _ in rules.pages.pages:
            driver.frames(40, dt=0.05)
            rules.next()
        driver.press("close")
        driver.press("restart")
        assert driver.top is play
        # A move, the restart question, then Undo's note.
        driver.play_move(Move.from_uai("b6"))
        assert frames_until(driver, lambda: play.human_turn() and play.match.ply >= 2)
        play.ask_restart()
        assert isinstance(driver.top, Dialog)
        show()
        driver.press("cancel")
        play.undo()
        assert play.toast is not None
        show()
        app.router.push("error", play, "ValueError: test")
        assert isinstance(driver.top, ErrorScene)
        show()
        app.stack.pop()
        app.router.push("dialog", **damaged_settings_message(app.settings))
        show()
        app.stack.pop()
        # A finished game: the results and the final board.
        match = Match(RULES, NEARLY_FULL, (Player.human("You"), Player.computer("expert")))
        open_match(app, match, "Classic")
        driver.play_move(Move.from_uai("g7"))
        assert driver.until(lambda: isinstance(driver.top, ResultsScene), max_frames=60)
        show()
        driver.press("menu")
        assert isinstance(driver.top, MenuScene)
        show()
        # A damaged record for the statistics screen to mention (the game just counted rewrote the file).
        data = json.loads(Statistics.path().read_text(encoding="utf-8"))
        data["games"]["ataxx"]["records"].append({"opponent": "nobody"})
        Statistics.path().write_text(json.dumps(data), encoding="utf-8")
        for button, scene_type in (
            ("load", LoadScene),
            ("statistics", StatisticsScene),
            ("about", AboutScene),
            ("options", OptionsScene),
        ):
            driver.press(button)
            assert isinstance(driver.top, scene_type)
            driver.frames(40)
            driver.key(pygame.K_ESCAPE)
        # The puzzles: a wrong try, a hint, the solution played out, a solve.
        driver.press("puzzles")
        puzzle = driver.top
        assert isinstance(puzzle, PuzzleScene)
        show()
        key = puzzle.puzzle.solution[0]
        driver.play_move(next(move for move in puzzle.match.legal_moves() if str(move) != key))
        show(1)
        driver.press("hint")
        show()
        driver.press("solution")
        assert driver.until(lambda: puzzle.state is PuzzleState.SHOWN, max_frames=300)
        show()
        driver.press("retry")
        for text in puzzle.puzzle.solution[::2]:
            driver.play_move(puzzle.rules.parse_move(text))
            show()
        assert puzzle.state is PuzzleState.SOLVED
        driver.press("menu")
        assert isinstance(driver.top, MenuScene)
        # The level editor: its refusals and warnings, and the new-game screen it opens.
        driver.press("editor")
        editor = driver.top
        assert isinstance(editor, EditorScene)
        show()
        editor.draft.set_position("x--4/---4/---4/7/4---/4---/4--o x 0 1")
        driver.press("play")
        assert isinstance(driver.top, ValidationDialog)
        show()
        driver.press("back")
        editor.draft.set_position("-5o/1x5/7/7/7/1o5/x5- o 0 1")
        driver.press("play")
        show()
        driver.press("go")
        assert isinstance(driver.top, NewGameScene)
        show()
        driver.press("back")
        driver.press("cancel")
        driver.press("leave")
        assert isinstance(driver.top, MenuScene)
        driver.press("help")
        driver.frames(5)
    finally:
        app.close()
        set_language("en")

    french = _french_words()
    data_words = {"Partie", "Vieille"}
    # The pass did see the screens (and the check would see English).
    shown = set(recorded)
    for expected in (
        "Nouvelle partie",
        "CHARGER UNE PARTIE",
        "STATISTIQUES : ATAXX",
        "FIN ANTICIPÉE",
        "Dupliquer",
        "Retour au coup 1",
        "1 partie enregistrée",
        "1 fiche endommagée du fichier des statistiques a été ignorée.",
        "Bleu commence (choisi dans l'éditeur)",
        "Pas celui-ci : réessayez",
        "Résolue !",
    ):
        assert expected in shown, expected
    assert any(text.startswith("endommagée : ") for text in shown)
    assert _english_only("New game", french, data_words) == ["New", "game"]
    offenders = {}
    for text in set(recorded):
        words = _english_only(text, french, data_words)
        if words:
            offenders[text] = words
    assert not offenders, f"English on a French screen: {offenders}"
    assert i18n.missing_translations() == set(), " | ".join(sorted(i18n.missing_translations()))
