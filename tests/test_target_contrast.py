"""Move targets stand out from the board on every board theme and palette, and differ by shape (issue 13).

On the Arcade board the squares' purple and teal were so close to the magenta
and green targets that the hover preview nearly vanished; in the colour-blind
palette clone and jump targets differed only by colour. These tests measure
what the match screen draws (pixels of a real frame) and the colours the looks
give, against stated thresholds:

- CIEDE2000 (ΔE00; about 2.3 is a just-noticeable difference, above 10 two
  colours read as different at a glance): a square tinted as a target against
  every plain square, at least ``PREVIEW_DELTA_E`` while the pointer rests on a
  piece and ``SELECTED_DELTA_E`` around a selected piece (measured at the
  faintest moment of its pulse); the two kinds of target against each other,
  for normal vision and simulated protanopia, deuteranopia and tritanopia;
- WCAG 2.1 contrast ratio of a target's mark against each square: at least 3:1,
  the success criterion 1.4.11 for graphical objects;
- shape: the marks of a clone target and of a jump target overlap little.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pygame
import pytest
from colour_metrics import (
    CVD_MATRICES,
    contrast_ratio,
    delta_e_2000,
    lab_delta_e_2000,
    relative_luminance,
    simulate,
)

from game import games
from game.driver import Driver
from game.engine.attangle import Board as AttangleBoardPosition
from game.engine.levels import LevelInfo
from game.engine.match import MatchConfig
from game.ui import looks, theme
from game.ui.settings import Settings

PREVIEW_DELTA_E = 12.0
SELECTED_DELTA_E = 20.0
KINDS_DELTA_E = 20.0
MARK_CONTRAST = 3.0
LINE_DELTA_E = 20.0

LOOKS = list(itertools.product(looks.BOARD_THEMES, games.PALETTE_KEYS))
SOURCE = 42  # a7: Red's piece in the standard start, with three clone and five jump targets
CLONES = (43, 35, 36)
JUMPS = (44, 37, 30, 29, 28)
PLAIN = (24, 17, 23, 16)  # d4, d3, c4, c3: empty, out of a7's reach, both shades


@pytest.fixture
def restore_look() -> Iterator[None]:
    yield
    looks.apply(Settings(), games.game("ataxx"))


def test_the_colour_measures_match_published_values() -> None:
    """CIEDE2000 on Sharma, Wu and Dalal's test pairs; WCAG's extremes."""
    pairs = [
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, -1.3802, -84.2814), (50.0, 0.0, -82.7485), 1.0000),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
        ((63.0109, -31.0961, -5.8663), (62.8187, -29.7946, -4.0864), 1.2630),
    ]
    for first, second, expected in pairs:
        assert lab_delta_e_2000(first, second) == pytest.approx(expected, abs=1e-4)
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert relative_luminance((255, 255, 255)) == pytest.approx(1.0)
    assert simulate((128, 128, 128), "deuteranopia") == pytest.approx((128, 128, 128), abs=1.5)


def _match_frame(board_theme: str, palette: str, *, select: bool) -> tuple[pygame.Surface, object]:
    """A frame of the Ataxx match screen with Red's a7 piece pointed at (or selected), pulse at its faintest."""
    driver = Driver.fast(save_settings=False, game="ataxx")
    driver.app.settings.board_theme = board_theme
    driver.app.settings.palette = palette
    driver.app.apply_look()
    start = LevelInfo("Open", "", "", "x5o/7/7/7/7/7/o5x x 0 1", game="ataxx")
    scene = driver.app.router.push("match", MatchConfig(vs_computer=False), start)
    driver.frames(2)
    board = scene.board  # type: ignore[attr-defined]
    centre = board.square_centre(SOURCE)
    if select:
        driver.click(centre)
        driver.move_mouse(board.square_centre(24))  # the pointer off the targets
    else:
        driver.move_mouse(centre)
    driver.frames(2)
    assert board.selected == (SOURCE if select else None)
    scene.time = 0.0  # type: ignore[attr-defined]  # the pulse at its faintest
    surface = pygame.Surface(driver.app.size)
    scene.draw(surface)  # type: ignore[attr-defined]
    driver.app.close()
    return surface, board


def _tint_sample(surface: pygame.Surface, board: object, sq: int) -> tuple[int, int, int]:
    """The colour of square ``sq`` away from its centre mark and its top sheen."""
    rect = board.view.square_rect(sq)  # type: ignore[attr-defined]
    colour = surface.get_at((rect.x + int(rect.width * 0.22), rect.y + int(rect.height * 0.3)))
    return colour.r, colour.g, colour.b


@pytest.mark.parametrize(("board_theme", "palette"), LOOKS)
@pytest.mark.parametrize("select", [False, True], ids=["pointed", "selected"])
def test_targets_stand_out_from_every_square(
    board_theme: str, palette: str, select: bool, restore_look: None
) -> None:
    surface, board = _match_frame(board_theme, palette, select=select)
    plain = [_tint_sample(surface, board, sq) for sq in PLAIN]
    threshold = SELECTED_DELTA_E if select else PREVIEW_DELTA_E
    for sq in CLONES + JUMPS:
        tinted = _tint_sample(surface, board, sq)
        closest = min(delta_e_2000(tinted, colour) for colour in plain)
        assert closest >= threshold, (
            f"{board_theme}/{palette}: target {sq} drawn {tinted} is only ΔE00 {closest:.1f} "
            f"from a plain square {plain} (at least {threshold} wanted)"
        )


@pytest.mark.parametrize(("board_theme", "palette"), LOOKS)
def test_target_marks_contrast_with_the_squares_and_with_each_other(
    board_theme: str, palette: str, restore_look: None
) -> None:
    looks.apply(Settings(board_theme=board_theme, palette=palette), games.game("ataxx"))
    first, second = theme.TARGETS
    for target, square in itertools.product(theme.TARGETS, (theme.SQUARE_A, theme.SQUARE_B)):
        ratio = contrast_ratio(target, square)
        assert ratio >= MARK_CONTRAST, f"{board_theme}: mark {target} on {square} is {ratio:.2f}:1"
    assert delta_e_2000(first, second) >= KINDS_DELTA_E
    for deficiency in CVD_MATRICES:
        seen = delta_e_2000(simulate(first, deficiency), simulate(second, deficiency))
        assert seen >= KINDS_DELTA_E, (
            f"{board_theme}: the two kinds are ΔE00 {seen:.1f} apart with {deficiency}"
        )


@pytest.mark.parametrize("board_theme", list(looks.BOARD_THEMES))
def test_the_chosen_piece_stands_out_on_every_board(board_theme: str, restore_look: None) -> None:
    # Paper's squares once took the panels' bright gold at 1.1:1: the chosen piece all but vanished.
    looks.apply(Settings(board_theme=board_theme), games.game("ataxx"))
    for square in (theme.SQUARE_A, theme.SQUARE_B):
        ratio = contrast_ratio(theme.BOARD_SELECT, square)
        assert ratio >= MARK_CONTRAST, f"{board_theme}: the chosen square's ring on {square} is {ratio:.2f}:1"


def _mark_mask(surface: pygame.Surface, board: object, sq: int) -> set[tuple[int, int]]:
    """The pixels of square ``sq``'s central area that differ clearly from its tint: its mark."""
    rect = board.view.square_rect(sq)  # type: ignore[attr-defined]
    background = _tint_sample(surface, board, sq)
    half = int(rect.width * 0.3)
    pixels = set()
    for dx in range(-half, half + 1):
        for dy in range(-half, half + 1):
            colour = surface.get_at((rect.centerx + dx, rect.centery + dy))
            if delta_e_2000((colour.r, colour.g, colour.b), background) > 10:
                pixels.add((dx, dy))
    return pixels


@pytest.mark.parametrize("board_theme", list(looks.BOARD_THEMES))
def test_clone_and_jump_targets_differ_by_shape(board_theme: str, restore_look: None) -> None:
    """In the colour-blind palette (and every other), the two kinds of target have different marks."""
    surface, board = _match_frame(board_theme, "colourblind", select=True)
    clone = _mark_mask(surface, board, CLONES[1])
    jump = _mark_mask(surface, board, JUMPS[1])
    assert clone and jump, "every target shows a mark"
    overlap = len(clone & jump) / len(clone | jump)
    assert overlap < 0.5, f"{board_theme}: clone and jump marks overlap {overlap:.0%}"


@pytest.mark.parametrize(("board_theme", "palette"), LOOKS)
def test_attangle_captures_stand_out_from_the_plate_and_its_lines(
    board_theme: str, palette: str, restore_look: None
) -> None:
    from game.scenes.attangle.board import CAPTURE_STRENGTH
    from game.scenes.attangle.view import grid_colour

    looks.apply(Settings(board_theme=board_theme, palette=palette), games.game("attangle"))
    assert AttangleBoardPosition().legal_moves()  # the game is there to draw
    faintest = theme.lerp_colour(theme.SQUARE_B, theme.TARGETS[0], CAPTURE_STRENGTH[0])
    assert contrast_ratio(faintest, theme.SQUARE_B) >= MARK_CONTRAST
    assert delta_e_2000(faintest, grid_colour()) >= LINE_DELTA_E
