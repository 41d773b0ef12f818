"""The display face reads as letters and figures, titles stand clear of what is under them, and
small codes read on what they are drawn over.

Orbitron, the title face, slashes its zero ("Ø" in the statistics), sets its accents as short
strokes that turn into dots when the type is small ("GAGNÉ !" at 640x480), and its small letters
look like another face ("Paused" beside "NEW GAME"). A line under a title ("vs Computer") was laid
out at a fixed distance from it, inside the title's glow. These tests draw the real screens and
measure what is drawn.
"""

from __future__ import annotations

import pygame
import pytest
from colour_metrics import contrast_ratio
from screens import SCREENS

from game.driver import Driver
from game.ui import theme
from game.ui.theme import Theme

SIZES = [(640, 480), (1024, 768), (1920, 1080)]


def _drawn(driver: Driver) -> list[theme.DrawnText]:
    """Every line of text one frame draws."""
    drawn: list[theme.DrawnText] = []
    driver.app.theme.drawn = drawn
    try:
        driver.app.draw()
    finally:
        driver.app.theme.drawn = None
    return drawn


def _line(drawn: list[theme.DrawnText], text: str) -> pygame.Rect:
    found = [line.rect for line in drawn if line.text == text]
    assert found, f"{text!r} not drawn: {[line.text for line in drawn]}"
    return found[0]


@pytest.mark.parametrize("bold", [False, True], ids=["regular", "bold"])
def test_the_title_face_draws_its_zero_without_a_slash(bold: bool) -> None:
    """Orbitron's zero is crossed corner to corner: its middle is inked. Drawn unslashed, it is empty."""
    pygame.display.init()
    pygame.font.init()
    ui = Theme()
    for size in (14, 28, 64):
        zero = ui.text("0", "title", size, (255, 255, 255), bold=bold)
        inked = pygame.mask.from_surface(zero, 40).get_bounding_rects()[0]
        middle = zero.get_at(inked.center)
        assert middle.a < 40, f"{size} px: the zero's middle is inked ({middle})"
        # Laid out as wide as drawn: a count in the title face keeps its place.
        assert (
            ui.measure("10", "title", size, bold=bold)
            == ui.text("10", "title", size, (0, 0, 0), bold=bold).get_width()
        )


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_results_title_is_large_enough_for_its_accents(size: tuple[int, int], french: None) -> None:
    """At 640x480 "GAGNÉ !" was drawn at 19 pixels: Orbitron's acute was a square dot in the glow."""
    driver = Driver.fast(size=size, audio=False)
    try:
        driver.frames(1)
        SCREENS["results"][1](driver)
        driver.frames(6, dt=0.2)
        block = driver.top._title_block  # type: ignore[attr-defined]
        # From about 28 pixels Orbitron's acute is a slanted stroke, not a dot.
        assert block.size >= 28, block
    finally:
        driver.app.close()


def test_the_pause_menus_title_is_in_capitals_as_every_title(french: None) -> None:
    """ "Pause" was drawn in Orbitron's small letters, which read as another face than "NOUVELLE PARTIE"."""
    driver = Driver.fast(size=(640, 480), audio=False)
    try:
        driver.frames(1)
        SCREENS["pause"][1](driver)
        driver.frames(6, dt=0.2)
        texts = [line.text for line in _drawn(driver)]
        assert "PAUSE" in texts and "Pause" not in texts, texts
        assert driver.top.title == "Pause"  # type: ignore[attr-defined]  # the text itself is unchanged
    finally:
        driver.app.close()


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize(
    ("screen", "title", "below"),
    [
        ("level select", "CHOISISSEZ UN NIVEAU", "contre l'ordinateur"),
        ("load", "CHARGER UNE PARTIE", "1 partie enregistrée"),
    ],
)
def test_the_line_under_a_title_stands_clear_of_its_glow(
    screen: str, title: str, below: str, size: tuple[int, int], french: None
) -> None:
    """ "contre l'ordinateur" touched the glowing "CHOISISSEZ UN NIVEAU" above it."""
    driver = Driver.fast(size=size, audio=False)
    try:
        driver.frames(1)
        SCREENS[screen][1](driver)
        driver.frames(6, dt=0.2)
        drawn = _drawn(driver)
        title_rect, below_rect = _line(drawn, title), _line(drawn, below)
        assert below_rect.top >= title_rect.bottom, (title_rect, below_rect)
    finally:
        driver.app.close()


def test_the_keypad_code_of_the_chosen_piece_reads_on_the_selection(monkeypatch: pytest.MonkeyPatch) -> None:
    """The "5" under the selected piece was gold on the gold selection: its contrast with what is
    behind it, pixel by pixel, is at least 4.5:1 (WCAG 2.1, success criterion 1.4.3)."""
    driver = Driver.fast(size=(1024, 768), audio=False, demo="keypad")
    try:
        driver.frames(3)
        board = driver.top.board  # type: ignore[attr-defined]
        square = board.view.square_rect(board.selected)
        colours: list[theme.Colour] = []
        original = Theme.text

        def spy(
            self: Theme, text: str, role: str, size: int, colour: theme.Colour, **kwargs: bool
        ) -> pygame.Surface:
            rendered = original(self, text, role, size, colour, **kwargs)
            if text != "5" or not hide:
                return rendered
            colours.append(colour)
            return pygame.Surface(rendered.get_size(), pygame.SRCALPHA)

        monkeypatch.setattr(Theme, "text", spy)
        hide = False
        driver.app.draw()
        shown = driver.app.screen.subsurface(square).copy()
        hide = True
        driver.app.draw()
        behind = driver.app.screen.subsurface(square).copy()
        assert colours, "no keypad 5 drawn"
        # The glyph's own pixels: those the 5 changes, drawn in its colour (the anti-aliased edge left out).
        # The console's typed 5 is drawn too, elsewhere: the colour is the one the square shows.
        changed = [
            (x, y)
            for x in range(square.width)
            for y in range(square.height)
            if shown.get_at((x, y)) != behind.get_at((x, y))
        ]
        text = max(
            set(colours), key=lambda colour: sum(tuple(shown.get_at(p))[:3] == colour for p in changed)
        )
        ratios = [
            contrast_ratio(text, tuple(behind.get_at(p))[:3])
            for p in changed
            if tuple(shown.get_at(p))[:3] == text
        ]
        assert ratios, "the 5 covers no pixel of its square"
        ratios.sort()
        assert ratios[len(ratios) // 10] >= 4.5, f"{text} on the selection: {ratios[len(ratios) // 10]:.2f}:1"
    finally:
        driver.app.close()
