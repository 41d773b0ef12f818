"""The "Learn to play" screen through the real App, driven by posted mouse and key events: every shipped lesson
of every game played to its end with scripted clicks, a wrong move, leaving and resuming, skipping, restarting,
the menu's mark, damaged files, and the kiosk."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import games
from game.driver import FRAME, Driver
from game.engine import tutorials as tutorial_files
from game.engine.stats import Statistics
from game.engine.tutorials import Tutorial, has_shipped_tutorials, shipped_tutorials
from game.scenes.menu import MenuScene
from game.scenes.tutorial import TutorialScene

TUTORIAL_GAMES = [
    definition.key for definition in games.playable_games() if has_shipped_tutorials(definition.key)
]
MAX_FRAMES = 3000
"""Frames a lesson may take in the tests (instant mode: a step takes a few)."""


def _open(driver: Driver) -> TutorialScene:
    assert isinstance(driver.top, MenuScene)
    driver.press("learn")
    scene = driver.top
    assert isinstance(scene, TutorialScene)
    scene.ensure_layout()
    return scene


def _lessons(key: str) -> list[Tutorial]:
    lessons = [item for item in shipped_tutorials(games.game(key).load_rules()) if isinstance(item, Tutorial)]
    assert lessons
    return lessons


def _play_to_the_end(driver: Driver, scene: TutorialScene) -> list[int]:
    """Play the lesson on show as a player would: the asked move by clicks, Next when a step waits for it.

    Returns the steps at which the player moved."""
    moved_at: list[int] = []
    for _ in range(MAX_FRAMES):
        if scene.finished:
            driver.frames(2)
            return moved_at
        if scene.waiting_for_player():
            step = scene.current
            assert step.move is not None and step.by == "player"
            assert scene.board.hint_move is not None  # the move asked for is marked on the board
            moved_at.append(scene.step)
            driver.play_move(scene.rules.parse_move(step.move))
        elif scene.waiting_for_next() and driver.button("next_step").enabled:  # as drawn in the last frame
            driver.press("next_step")
        else:
            driver.frames(1)
    raise AssertionError(f"{scene.tutorial.name}: not finished at step {scene.step}")


@pytest.fixture
def driver() -> Iterator[Driver]:
    drivers: list[Driver] = []

    def make(**options: object) -> Driver:
        made = Driver.fast(**{"size": (640, 480), **options})
        drivers.append(made)
        return made

    yield make  # type: ignore[misc]
    for made in drivers:
        made.app.close()


@pytest.mark.parametrize("key", TUTORIAL_GAMES)
def test_every_lesson_plays_to_its_end_through_the_screen(driver, key: str) -> None:  # type: ignore[no-untyped-def]
    app = driver(game=key)
    scene = _open(app)
    lessons = _lessons(key)
    assert [lesson.id for lesson in scene.tutorials] == [lesson.id for lesson in lessons]
    for index, lesson in enumerate(lessons):
        assert scene.index == index and scene.step == 0
        moved_at = _play_to_the_end(app, scene)
        asked = [number for number, step in enumerate(lesson.steps) if step.by == "player"]
        assert moved_at and set(moved_at) <= set(
            asked
        )  # the player made the lesson's moves (forced ones played)
        played = [scene.rules.move_text(entry) for entry in scene.match.moves]
        assert played == lesson.moves()  # the whole script, in order, nothing else
        assert scene.step == len(lesson.steps) - 1
        assert lesson.id in Statistics.load(key).tutorials.finished
        if index + 1 < len(lessons):
            app.press("next_lesson")
    app.press("menu")
    menu = app.top
    assert isinstance(menu, MenuScene)
    assert menu.widgets["learn"].icon == "done"  # every lesson finished: a tick on the menu


def test_a_wrong_move_gets_a_friendly_word_and_another_try(driver, recorded: list[str]) -> None:  # type: ignore[no-untyped-def]
    app = driver(game="ataxx")
    scene = _open(app)
    app.frames(1)
    app.press("next_step")
    assert scene.waiting_for_player() and scene.current.move == "b6"
    start = scene.match.position_text()
    wrong = next(move for move in scene.match.position.legal_moves() if str(move) not in ("b6", "a7b6"))
    recorded.clear()
    app.play_move(wrong)
    app.frames(2)
    assert scene.match.position_text() == start and scene.step == 1  # nothing played
    assert scene.misses == 1 and any("Try again" in text for text in recorded)
    assert scene.board.hint_move is not None and scene.waiting_for_player()  # the marks stay
    app.play_move(scene.rules.parse_move("b6"))
    app.frames(3)
    assert scene.step == 2 and scene.match.moves and str(scene.match.moves[0]) == "b6"


def test_a_lesson_left_half_way_resumes_where_it_was(driver) -> None:  # type: ignore[no-untyped-def]
    app = driver(game="ataxx")
    scene = _open(app)
    for _ in range(200):
        if scene.step >= 5:
            break
        if scene.waiting_for_player():
            app.play_move(scene.rules.parse_move(scene.current.move))
        elif scene.waiting_for_next():
            app.key(pygame.K_SPACE)  # Space goes on, as Next does
        else:
            app.frames(1)
    step, position = scene.step, scene.match.position_text()
    assert step >= 5
    # Kept as each step comes, not only on the way out: a crash would not lose it.
    assert Statistics.load("ataxx").tutorials.reached == {scene.tutorial.id: step}
    app.press("menu")
    assert isinstance(app.top, MenuScene)
    assert Statistics.load("ataxx").tutorials.reached == {scene.tutorial.id: step}
    again = _open(app)
    assert again.tutorial.id == scene.tutorial.id and again.step == step
    assert again.match.position_text() == position
    # Restart: the first step, the start position, and nothing remembered.
    app.press("restart")
    assert again.step == 0 and again.match.ply == 0
    assert Statistics.load("ataxx").tutorials.reached == {}


def test_a_lesson_can_be_skipped_step_by_step(driver) -> None:  # type: ignore[no-untyped-def]
    app = driver(game="ataxx")
    scene = _open(app)
    lesson = scene.tutorial
    for _ in range(len(lesson.steps) + 5):
        if scene.finished:
            break
        app.press("skip_step")
        app.frames(2)
    assert scene.finished and [scene.rules.move_text(move) for move in scene.match.moves] == lesson.moves()
    app.frames(1)
    assert not app.button("skip_step").enabled
    assert app.button("next_step").enabled and app.button("next_step").label == "Next lesson"
    assert lesson.id in Statistics.load("ataxx").tutorials.finished
    # A finished lesson opens from its start next time.
    app.press("menu")
    again = _open(app)
    assert again.tutorial.id != lesson.id or again.step == 0


def test_the_lessons_play_under_the_default_match_rules(driver) -> None:  # type: ignore[no-untyped-def]
    """Ataxx's second lesson ends on the early finish: it still does when the player turned it off."""
    app = driver(game="ataxx")
    app.app.settings.for_game("ataxx").rules["early_finish"] = False
    assert app.app.settings.match_options("ataxx")["early_finish"] is False
    scene = _open(app)
    lessons = _lessons("ataxx")
    app.press("next_lesson")
    assert scene.tutorial.id == lessons[1].id
    _play_to_the_end(app, scene)
    assert scene.match.is_over


def test_the_kiosk_opens_every_lesson_at_its_start(driver) -> None:  # type: ignore[no-untyped-def]
    app = driver(game="ataxx", kiosk=True)
    scene = _open(app)
    app.frames(1)
    app.press("next_step")
    app.play_move(scene.rules.parse_move("b6"))
    app.frames(3)
    assert scene.step >= 2
    app.press("menu")
    assert Statistics.load("ataxx").tutorials.reached == {}
    assert _open(app).step == 0


def test_damaged_lessons_are_named_and_the_others_play(
    driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, recorded: list[str]
) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "lessons"
    folder.mkdir()
    good = tutorial_files.shipped_tutorials_dir("ataxx") / "01-first-moves.toml"
    (folder / "01-good.toml").write_text(good.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "02-broken.toml").write_bytes(b'game = "ataxx"\nschema_version = 2\n[[step\n\x00')
    monkeypatch.setattr(tutorial_files, "shipped_tutorials_dir", lambda key: folder)
    app = driver(game="ataxx")
    scene = _open(app)
    app.frames(2)
    assert [lesson.id for lesson in scene.tutorials] == ["01-good"]
    assert any("02-broken.toml" in text for text in recorded)  # said, naming the file
    app.press("menu")
    # Nothing readable at all: the menu says so and stays.
    (folder / "01-good.toml").write_text("not toml [[[", encoding="utf-8")
    app.press("learn")
    assert app.top is not None and app.top.name == "dialog"


def test_a_run_of_the_other_sides_moves_goes_on_by_itself_once_read(driver) -> None:  # type: ignore[no-untyped-def]
    """Time is the frames' (a fake clock): a short word in a run of the other side's moves goes on after its
    reading time without Next; a step before the player's turn waits for Next however long it is left."""
    app = driver(game="lionheart", instant=False, animation="off")
    scene = _open(app)
    lesson = next(index for index, lesson in enumerate(_lessons("lionheart")) if "army" in lesson.id)
    scene.go_to(lesson)
    steps = scene.tutorial.steps
    run = next(
        index
        for index, step in enumerate(steps[:-1])
        if step.by == "other" and steps[index + 1].by == "other" and len(step.say) <= 80
    )
    scene.start_at(run)
    reading = scene._reading_time()
    assert 1.0 < reading < 6.0
    frames = round((reading + 3.0) / FRAME)  # the move's moment, its animation, the reading
    app.frames(frames)
    assert scene.step > run  # went on by itself
    # The step before the player's first move waits for Next, however long.
    before_player = next(index for index, step in enumerate(steps) if step.by == "player") - 1
    scene.start_at(before_player)
    app.frames(round(20.0 / FRAME))
    assert scene.step == before_player and scene.waiting_for_next()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("key", TUTORIAL_GAMES)
def test_every_step_of_every_lesson_fits_at_640x480(driver, key: str, language: str) -> None:  # type: ignore[no-untyped-def]
    """The commentary shrinks to fit its card, never below legible: no step's text is cut, in either language."""
    from game import i18n

    app = driver(game=key)
    i18n.set_language(language)
    try:
        scene = _open(app)
        for index in range(len(scene.tutorials)):
            scene.go_to(index)
            for step in range(len(scene.tutorial.steps)):
                scene.start_at(step)
                app.app.theme.drawn = []
                app.frames(1)
                cut = [text.text for text in app.app.theme.drawn if text.cut]
                assert not cut, (scene.tutorial.id, step, cut)
                assert not i18n.missing_translations(), i18n.missing_translations()
    finally:
        app.app.theme.drawn = None
        i18n.set_language("en")
