"""Level select shows a scroll bar when the cards do not fit, and keeps the focused card in view (issue 13).

"My levels" used to lie below the fold with nothing saying so: only the wheel
scrolled. Now a bar beside the cards shows how much there is; its thumb drags,
a click on the track pages, and the arrows bring the card they focus into view.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.app import MIN_SIZE
from game.driver import Driver
from game.engine.ataxx.rules import RULES
from game.engine.levels import LevelInfo, save_custom_level
from game.engine.match import MatchConfig
from game.scenes.ataxx.editor_dialogs import LevelPickerScene
from game.scenes.levelselect import LevelSelectScene

CUSTOM = ["Corners", "Crossroads", "Open field", "Ring", "Stripes"]


def _open(size: tuple[int, int], custom: list[str]) -> tuple[Driver, LevelSelectScene]:
    for name in custom:
        level = LevelInfo(name, "Made in the editor.", "me", "x5o/7/7/3-3/7/7/o5x x 0 1", game="ataxx")
        save_custom_level(level, RULES)
    driver = Driver.fast(size=size, save_settings=False)
    select = driver.app.router.push("levelselect", MatchConfig(vs_computer=True))
    driver.frames(2)
    assert isinstance(select, LevelSelectScene)
    return driver, select


@pytest.fixture
def small() -> Iterator[tuple[Driver, LevelSelectScene]]:
    driver, select = _open(MIN_SIZE, CUSTOM)
    yield driver, select
    driver.app.close()


def _frame(driver: Driver) -> pygame.Surface:
    driver.frames(1)
    return driver.app.screen.copy()


def test_a_bar_is_drawn_when_my_levels_lie_below_the_fold(small: tuple[Driver, LevelSelectScene]) -> None:
    driver, select = small
    bar = select.scrollbar
    assert select.max_scroll > 0 and bar.shown
    window = pygame.Rect((0, 0), driver.app.size)
    thumb = bar.thumb()
    assert window.contains(bar.rect) and bar.rect.contains(thumb)
    assert not bar.rect.colliderect(select.view), "the bar stands beside the cards, not over them"
    assert thumb.top == bar.rect.top and thumb.height < bar.rect.height
    # Something is drawn on the thumb: the frame differs there from the same frame without the bar.
    with_bar = _frame(driver)
    bar.maximum = 0
    without = driver.app.screen.copy()
    select.draw(without)
    changed = sum(
        with_bar.get_at((x, y)) != without.get_at((x, y))
        for x in range(thumb.left, thumb.right)
        for y in range(thumb.top, thumb.bottom, 3)
    )
    assert changed > thumb.width * thumb.height // 3 // 2


def test_dragging_the_thumb_scrolls_to_the_end(small: tuple[Driver, LevelSelectScene]) -> None:
    driver, select = small
    thumb = select.scrollbar.thumb()
    driver.drag(thumb.center, (thumb.centerx, driver.app.size[1] - 1), steps=8)
    assert select.scroll == select.max_scroll
    last = select.cards[-1][0].move(0, -select.scroll)
    assert select.view.contains(last), "the last of my levels is wholly in view"
    thumb = select.scrollbar.thumb()
    assert thumb.bottom == select.scrollbar.rect.bottom
    driver.drag(thumb.center, (thumb.centerx, 0), steps=8)
    assert select.scroll == 0


def test_a_click_on_the_track_pages(small: tuple[Driver, LevelSelectScene]) -> None:
    driver, select = small
    bar = select.scrollbar
    below = (bar.rect.centerx, bar.rect.bottom - 2)
    driver.click(below)
    assert select.scroll == min(select.max_scroll, select.view.height)
    assert driver.top is select, "a click on the bar never plays a level"
    driver.click((bar.rect.centerx, bar.rect.top + 1))
    assert select.scroll == 0


def test_the_keyboard_brings_the_focused_card_into_view(small: tuple[Driver, LevelSelectScene]) -> None:
    driver, select = small
    for _ in range(len(select.cards) + 1):
        driver.key(pygame.K_RIGHT)
        assert select.hover is not None
        shown = select.cards[select.hover][0].move(0, -select.scroll)
        assert select.view.contains(shown), f"card {select.hover} is out of view"
    assert select.hover == len(select.cards) - 1 and select.scroll > 0
    thumb = select.scrollbar.thumb()
    assert thumb.top > select.scrollbar.rect.top, "the thumb follows the scroll"
    for _ in range(len(select.cards)):
        driver.key(pygame.K_UP)
        shown = select.cards[select.hover][0].move(0, -select.scroll)
        assert select.view.contains(shown), f"card {select.hover} is out of view"
    assert select.scroll == 0


def test_no_bar_when_everything_fits() -> None:
    driver, select = _open((1920, 1080), [])
    try:
        assert select.max_scroll == 0 and not select.scrollbar.shown
        before = select.scroll
        thumb_area = select.scrollbar.rect.center
        driver.click(thumb_area)
        assert select.scroll == before and driver.top is select
    finally:
        driver.app.close()


def test_the_editors_level_picker_has_the_same_bar() -> None:
    names = [f"Board {index}" for index in range(30)]  # more than the picker can shrink to fit
    for name in names:
        level = LevelInfo(name, "Made in the editor.", "me", "x5o/7/7/3-3/7/7/o5x x 0 1", game="ataxx")
        save_custom_level(level, RULES)
    driver = Driver.fast(size=MIN_SIZE, save_settings=False)
    try:
        driver.press("editor")
        driver.press("open_custom")
        picker = driver.top
        assert isinstance(picker, LevelPickerScene) and len(picker.entries) == len(names)
        driver.frames(1)
        bar = picker.scrollbar
        assert picker.max_scroll > 0 and bar.shown
        assert not bar.rect.colliderect(picker.view), "beside the cards, not over them"
        thumb = bar.thumb()
        driver.drag(thumb.center, (thumb.centerx, driver.app.size[1] - 1), steps=8)
        assert picker.scroll == picker.max_scroll
        assert picker.view.contains(picker.cards[-1].move(0, -picker.scroll)), "the last card in view"
        assert driver.top is picker, "dragging the bar picked no level"
    finally:
        driver.app.close()
