"""The army builder's cards in French (the longest names: "Infanterie de masse", "Infanterie lourde"), in
windows from 640x480 to 2560x1440: every line of a card stays whole inside it and clear of its size chips."""

from __future__ import annotations

from typing import Any

import pytest

from game.driver import Driver
from game.ui import theme

SIZES = [(640, 480), (800, 600), (1280, 720), (1366, 768), (1920, 1080), (1920, 1200), (2560, 1440)]


@pytest.mark.usefixtures("french")
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_every_card_line_is_whole_inside_its_card_and_clear_of_the_chips(size: tuple[int, int]) -> None:
    driver = Driver.fast(size=size, audio=False, game="lionheart", demo="builder")
    try:
        driver.frames(3, dt=0.2)
        drawn: list[theme.DrawnText] = []
        driver.app.theme.drawn = drawn
        try:
            driver.app.draw()
        finally:
            driver.app.theme.drawn = None
        board: Any = driver.top.board  # type: ignore[attr-defined]
        found = []
        for card in board.builder.cards:
            chips = [chip for _, chip in card.chips]
            lines = [text for text in drawn if card.rect.colliderect(text.rect) and text.rect not in chips]
            assert lines, f"{card.kind}: no words drawn"
            for text in lines:
                if text.text.isdigit() and any(chip.contains(text.rect) for chip in chips):
                    continue  # a chip's own figure
                if text.cut or not card.rect.contains(text.rect):
                    found.append(f"{card.kind}: {text.text!r} {text.rect} cut or out of {card.rect}")
                found += [
                    f"{card.kind}: {text.text!r} over a chip" for chip in chips if chip.colliderect(text.rect)
                ]
        assert not found, found
    finally:
        driver.app.close()
