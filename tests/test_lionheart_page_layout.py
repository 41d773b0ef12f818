"""Lionheart's rules pages as drawn on the rules screen: the army table's headings stand apart, and the
odds card sits under its field, inside the diagram, never over the field's frame."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.driver import Driver
from game.i18n import ntr, set_language, tr
from game.scenes.lionheart import diagram_extras
from game.scenes.lionheart.pages import PAGES
from game.ui import theme
from game.ui.settings import Settings

SIZES = [(640, 480), (1024, 768), (1920, 1080)]


@pytest.fixture(params=["en", "fr"])
def language(request: pytest.FixtureRequest, user_data_dir: Path) -> Iterator[str]:
    settings = Settings.load()
    settings.language = request.param
    settings.save()
    yield request.param
    set_language("en")


def _page(size: tuple[int, int], kind: str) -> Driver:
    """The rules screen on the page whose diagram is ``kind``, its animation over."""
    driver = Driver.fast(size=size, audio=False, game="lionheart")
    driver.app.router.push("rules")
    scene: Any = driver.top
    scene.turn_to(next(index for index, (_, _, page_kind) in enumerate(PAGES) if page_kind == kind))
    driver.frames(3, dt=0.2)
    scene.page_time = 10.0
    return driver


def _drawn(driver: Driver) -> list[theme.DrawnText]:
    drawn: list[theme.DrawnText] = []
    driver.app.theme.drawn = drawn
    try:
        driver.app.draw()
    finally:
        driver.app.theme.drawn = None
    return drawn


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_army_tables_headings_stand_apart(language: str, size: tuple[int, int]) -> None:
    driver = _page(size, "army")
    try:
        drawn = _drawn(driver)
        army, base = tr("per army"), tr("per base")
        # A heading may take two lines ("per" / "army"): the lines of both, split into the left column's
        # and the right one's.
        parts = {army, base, *army.split(), *base.split()}
        lines = [text.rect for text in drawn if text.text in parts]
        assert len(lines) >= 2, [text.text for text in drawn]
        middle = sum(line.centerx for line in lines) / len(lines)
        left = [line for line in lines if line.centerx < middle]
        right = [line for line in lines if line.centerx >= middle]
        assert left and right, lines
        gap = min(line.left for line in right) - max(line.right for line in left)
        assert gap >= 4, f"{army!r} {left} and {base!r} {right} run together"
    finally:
        driver.app.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_odds_card_sits_under_its_field_inside_the_diagram(
    language: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    fields: list[tuple[pygame.Rect, pygame.Rect]] = []
    original = diagram_extras._odds_card

    def spy(field: Any, ui: Any, odds: Any, show: float) -> Any:
        frame = field.rect.inflate(round(field.cell * 0.16), round(field.cell * 0.16))
        fields.append((frame, pygame.Rect(field.area)))
        return original(field, ui, odds, show)

    monkeypatch.setattr(diagram_extras, "_odds_card", spy)
    driver = _page(size, "odds")
    try:
        drawn = _drawn(driver)
        assert fields, "no odds card drawn"
        frame, area = fields[-1]
        # The card is the area its title is drawn in.
        heading = ntr("Attack: {count} die", "Attack: {count} dice", 4)
        title = next(text for text in drawn if text.text == heading)
        card = title.container
        assert card.top >= frame.bottom, f"the card {card} covers the field's frame {frame}"
        assert area.contains(card), f"the card {card} leaves the diagram {area}"
    finally:
        driver.app.close()
