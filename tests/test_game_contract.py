"""What every registered game must do, run against each playable game of ``game.games``.

Its rules pages: a heading and the controls last, every page with a diagram
says something, every diagram on one page and drawn inside its rectangle,
moving, the same at the same moment, in the palette's colours; the rules
screen shows every page whole. Its shipped levels: each loads, is the game's
and can be played. Its match: started through the real screens, a move played
by clicking, saved and opened again on the Load screen. Its demonstrations:
each opens and draws its texts whole. What is one game's own (Ataxx's perft,
Lionheart's dice, Attangle's Grand board) stays in that game's tests.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType
from typing import Any

import pygame
import pytest
from starting import start_match

from game.driver import Driver
from game.engine import saves
from game.engine.levels import LevelError, LevelInfo, shipped_levels
from game.engine.rules import Severity
from game.games import GameDefinition, playable_games
from game.i18n import context_key, missing_translations, set_language
from game.scenes.match import MatchScene
from game.scenes.parts import RulesPages
from game.scenes.saveload import LoadScene
from game.ui import theme
from game.ui.settings import Settings
from game.ui.theme import Theme

PLAYABLE = playable_games()
WITH_PAGES = [definition for definition in PLAYABLE if definition.has("rules_pages")]
SIZES = ((360, 300), (218, 218), (491, 491))
"""A diagram's rectangle: a preview, and the rules screen's at 640x480 and at 1920x1080."""
BACKGROUND = (10, 12, 30)


def _key(definition: GameDefinition) -> str:
    return definition.key


# -- the rules pages --


def _pages(definition: GameDefinition) -> RulesPages:
    pages: RulesPages = definition.load("rules_pages")
    return pages


def _diagrams(pages: RulesPages) -> ModuleType:
    """The module drawing the pages' diagrams: its ``DIAGRAMS`` are their kinds, their loop ``PERIOD`` or
    ``period(kind)``."""
    return importlib.import_module(pages.draw_diagram.__module__)


def _period(pages: RulesPages, kind: str) -> float:
    module = _diagrams(pages)
    period = getattr(module, "period", None)
    return float(period(kind) if callable(period) else module.PERIOD)


def _times(pages: RulesPages, kind: str) -> list[float]:
    """Moments across one loop of the diagram ``kind``: its start, eight steps, its end."""
    length = _period(pages, kind)
    return [length * step / 8 for step in range(8)] + [length - 0.05]


def _kinds(pages: RulesPages) -> list[str]:
    return sorted(_diagrams(pages).DIAGRAMS)


def _diagram_pages() -> list[tuple[GameDefinition, tuple[str, str, str]]]:
    return [(definition, page) for definition in WITH_PAGES for page in _pages(definition).pages if page[2]]


def _case(check: str, definition: GameDefinition, case: str, *values: object, name: str = "") -> Any:
    """The parameters ``values`` of ``check`` for one game's ``case``."""
    return pytest.param(definition, *values, id=f"{definition.key}-{name or case}")


def _every_diagram(check: str) -> list[Any]:
    return [
        _case(check, definition, kind, kind)
        for definition in WITH_PAGES
        for kind in _kinds(_pages(definition))
    ]


def _every_diagram_and_size(check: str) -> list[Any]:
    return [
        _case(check, definition, f"{size[0]}x{size[1]}", kind, size, name=f"{kind}-{size[0]}x{size[1]}")
        for definition in WITH_PAGES
        for kind in _kinds(_pages(definition))
        for size in SIZES
    ]


def _draw(
    ui: Theme, pages: RulesPages, kind: str, t: float, size: tuple[int, int]
) -> tuple[pygame.Surface, pygame.Rect]:
    surface = pygame.Surface((size[0] + 40, size[1] + 40))
    surface.fill(BACKGROUND)
    rect = pygame.Rect(20, 20, *size)
    pages.draw_diagram(surface, rect, kind, t, ui)
    return surface, rect


@pytest.mark.parametrize("definition", WITH_PAGES, ids=_key)
def test_the_pages_are_the_games_and_end_with_the_controls(definition: GameDefinition) -> None:
    pages = _pages(definition)
    assert pages.heading == f"HOW TO PLAY {definition.name.upper()}"
    assert pages.context == definition.key
    assert pages.pages[-1] == ("Controls", "", "")
    assert pages.controls and all(key and what for key, what in pages.controls)


@pytest.mark.parametrize(
    ("definition", "page"), _diagram_pages(), ids=lambda value: getattr(value, "key", None) or str(value)[:20]
)
def test_every_page_has_a_title_a_text_and_a_known_diagram(
    definition: GameDefinition, page: tuple[str, str, str]
) -> None:
    title, text, kind = page
    assert title.strip() and text.strip()
    assert kind in _kinds(_pages(definition))
    # Short paragraphs: the rules screen has room for a few lines beside the diagram.
    assert all(len(paragraph) < 330 for paragraph in text.split("\n")), text


@pytest.mark.parametrize("definition", WITH_PAGES, ids=_key)
def test_every_diagram_is_on_one_page(definition: GameDefinition) -> None:
    pages = _pages(definition)
    assert sorted(kind for _, _, kind in pages.pages if kind) == _kinds(pages)


@pytest.mark.parametrize(("definition", "kind", "size"), _every_diagram_and_size("spills"))
def test_every_diagram_draws_inside_its_rect_and_moves(
    ui: Theme, definition: GameDefinition, kind: str, size: tuple[int, int]
) -> None:
    pages = _pages(definition)
    frames = set()
    for t in _times(pages, kind):
        surface, rect = _draw(ui, pages, kind, t, size)
        inside = surface.subsurface(rect).copy()
        assert pygame.transform.average_color(inside)[:3] != BACKGROUND, f"{kind} drew nothing at {t}"
        # Nothing spills more than a few pixels out of the rectangle (a glow's soft edge may).
        for border in (
            pygame.Rect(0, 0, surface.get_width(), 14),
            pygame.Rect(0, surface.get_height() - 14, surface.get_width(), 14),
            pygame.Rect(0, 0, 14, surface.get_height()),
            pygame.Rect(surface.get_width() - 14, 0, 14, surface.get_height()),
        ):
            colour = pygame.transform.average_color(surface.subsurface(border))
            assert max(abs(a - b) for a, b in zip(colour[:3], BACKGROUND, strict=True)) <= 2, (kind, t)
        frames.add(pygame.image.tobytes(inside, "RGB"))
    assert len(frames) >= 3, f"{kind} does not move"


@pytest.mark.parametrize(("definition", "kind"), _every_diagram("moment"))
def test_a_moment_always_looks_the_same(ui: Theme, definition: GameDefinition, kind: str) -> None:
    pages = _pages(definition)
    first, _ = _draw(ui, pages, kind, 1.7, (300, 260))
    again, _ = _draw(ui, pages, kind, 1.7 + 3 * _period(pages, kind), (300, 260))
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(again, "RGB")


@pytest.mark.parametrize("definition", WITH_PAGES, ids=_key)
def test_diagrams_follow_the_palette(
    ui: Theme, definition: GameDefinition, monkeypatch: pytest.MonkeyPatch
) -> None:
    pages = _pages(definition)
    kind = next(kind for _, _, kind in pages.pages if kind)
    drawn = []
    for palette in ("classic", "neon"):
        monkeypatch.setattr(theme, "SEAT_COLOURS", [look.colour for look in definition.seat_looks(palette)])
        surface, _ = _draw(ui, pages, kind, 0.5, (300, 260))
        drawn.append(pygame.image.tobytes(surface, "RGB"))
    assert drawn[0] != drawn[1]


@pytest.mark.parametrize("definition", WITH_PAGES, ids=_key)
def test_a_tiny_rect_still_draws_inside_it(ui: Theme, definition: GameDefinition) -> None:
    pages = _pages(definition)
    for kind in _kinds(pages):
        for t in (0.0, _period(pages, kind) / 2):
            surface, rect = _draw(ui, pages, kind, t, (40, 30))
            assert pygame.transform.average_color(surface.subsurface(rect))[:3] != BACKGROUND, (kind, t)
            # Nothing beside or below it. (Above, a caption taller than the rect pushes the board up.)
            for outside in (
                pygame.Rect(0, rect.bottom + 6, surface.get_width(), surface.get_height() - rect.bottom - 6),
                pygame.Rect(0, 0, rect.x - 6, surface.get_height()),
                pygame.Rect(rect.right + 6, 0, surface.get_width() - rect.right - 6, surface.get_height()),
            ):
                assert pygame.transform.average_color(surface.subsurface(outside))[:3] == BACKGROUND, (
                    kind,
                    t,
                )


def _page_texts(pages: RulesPages) -> set[str]:
    texts = {pages.heading, *(text for _, text, _ in pages.pages if text)}
    texts |= {context_key(pages.context, title) for title, _, _ in pages.pages}
    return texts | {text for pair in pages.controls for text in pair}


@pytest.mark.parametrize("size", [(640, 480), (1920, 1080)], ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("definition", WITH_PAGES, ids=_key)
def test_every_page_fits_the_rules_screen_whole_and_translated(
    definition: GameDefinition, language: str, size: tuple[int, int], user_data_dir: Path
) -> None:
    settings = Settings.load()
    settings.language = language
    settings.save()
    driver = Driver.fast(size=size, audio=False)
    driver.frames(1)
    app = driver.app
    app.choose_game(definition.key)
    app.router.push("rules")
    scene = app.top
    window = app.screen.get_rect()
    pages = _pages(definition)
    try:
        assert scene.pages is pages  # type: ignore[attr-defined]
        for page, (title, _, kind) in enumerate(pages.pages):
            scene.turn_to(page)  # type: ignore[attr-defined]
            driver.frames(3, dt=0.2)
            moments = [_period(pages, kind) - 0.05, _period(pages, kind) / 2] if kind else [0.0]
            for moment in moments:
                scene.page_time = moment  # type: ignore[attr-defined]
                drawn: list[theme.DrawnText] = []
                app.theme.drawn = drawn
                try:
                    app.draw()
                finally:
                    app.theme.drawn = None
                assert drawn
                for text in drawn:
                    if text.surface is not app.screen and text.surface.get_abs_parent() is not app.screen:
                        continue
                    dx, dy = text.surface.get_abs_offset()
                    box, area = text.rect.move(dx, dy), text.container.move(dx, dy)
                    where = f"{title!r} ({language}, {size}): {text.text!r}"
                    assert not text.cut, f"{where} is cut"
                    assert window.contains(box), f"{where} leaves the window"
                    assert area.inflate(2, 2).contains(box), f"{where} leaves its area"
        untranslated = _page_texts(pages) & set(missing_translations())
        assert not untranslated, sorted(untranslated)
    finally:
        app.close()
        set_language("en")


# -- the shipped levels --


@pytest.mark.parametrize("definition", PLAYABLE, ids=_key)
def test_every_shipped_level_loads_valid_and_is_the_games(definition: GameDefinition) -> None:
    rules = definition.load_rules()
    levels = shipped_levels(rules)
    assert levels and [level for level in levels if isinstance(level, LevelError)] == []
    infos = [level for level in levels if isinstance(level, LevelInfo)]
    assert [level.number for level in infos] == list(range(1, len(levels) + 1))
    assert all(level.game == definition.key and level.description and level.author for level in infos)
    assert len({level.position for level in infos}) == len({level.name for level in infos}) == len(levels)
    for level in infos:  # playable (a shipped level may break a guideline on purpose: unequal armies)
        problems = rules.validate_level(rules.new_position(level.position))
        assert [problem for problem in problems if problem.severity is Severity.REFUSED] == [], level.name


# -- a match through the real screens --


@pytest.mark.usefixtures("compiled_search")
@pytest.mark.parametrize("definition", PLAYABLE, ids=_key)
def test_a_match_starts_a_move_is_played_and_the_save_opens_again(
    definition: GameDefinition, user_data_dir: Path
) -> None:
    driver = Driver.fast(game=definition.key)
    try:
        play = start_match(driver, 0)
        match = play.match
        assert driver.until(lambda: play.human_turn() and not match.at_chance, max_frames=120)
        before = match.ply
        driver.play_move(match.legal_moves()[0])
        assert match.ply > before, "the click played no move"
        path = saves.save_game("Contract test", match, level_name="Contract")
        loaded, _ = saves.load_game(path)
        assert loaded.position_text() == match.position_text()
        assert [loaded.entry_text(entry) for entry in loaded.moves] == [
            match.entry_text(entry) for entry in match.moves
        ]
        driver.app.router.home()
        driver.press("load")
        load = driver.top
        assert isinstance(load, LoadScene)
        assert [entry.game for entry in saves.list_saves() if isinstance(entry, saves.SaveEntry)] == [
            definition.key
        ]
        driver.click(load.row_rect(load.index_of("Contract test")).center)
        resumed = driver.top
        assert isinstance(resumed, MatchScene) and resumed.match.position_text() == match.position_text()
    finally:
        driver.app.close()


# -- the demonstrations --


@pytest.mark.parametrize(
    ("definition", "name"),
    [(definition, name) for definition in PLAYABLE for name in definition.extras.demo_names],
    ids=lambda value: getattr(value, "key", value),
)
def test_every_demonstration_opens_and_draws_its_texts_whole(
    definition: GameDefinition, name: str, user_data_dir: Path
) -> None:
    driver = Driver.fast(game=definition.key, demo=name, animation="normal", instant=False)
    try:
        driver.app.theme.drawn = []
        driver.frames(4)
        assert driver.app.game.key == definition.key
        cut = [text.text for text in driver.app.theme.drawn if text.cut]
        assert not cut, cut
    finally:
        driver.app.theme.drawn = None
        driver.app.close()
