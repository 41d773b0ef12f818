"""Issue 19 item 19: at 640x480 in French nothing is cut while the screen has room, nothing overlaps.

Each test opens a screen the way ``main.py --demo`` does (the pictures one looks at), in French, in
the smallest window the game supports, and checks what the eye would: whole descriptions, letters
off the board's rim, names on lines of their own, messages clear of the reserves, saves said once,
pieces visible in thumbnails, and a diagram that shows what its caption says.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.driver import Driver
from game.engine.attangle import GRAND_STARTPOS, Board
from game.engine.saves import SaveEntry
from game.i18n import tr
from game.scenes.attangle.diagrams import SCENES
from game.scenes.attangle.view import thumbnail
from game.scenes.saveload import save_detail
from game.ui import theme
from game.ui.textbox import layout_text

SMALL = (640, 480)


def _open(demo: str, game: str = "attangle", size: tuple[int, int] = SMALL) -> Driver:
    driver = Driver.fast(game=game, size=size, demo=demo)
    driver.frames(3)
    return driver


@pytest.mark.parametrize("game", ["attangle", "ataxx"])
def test_the_computer_levels_descriptions_are_whole_at_640x480_in_french(game: str, french: None) -> None:
    driver = _open("newgame", game)
    try:
        scene = driver.top
        ui = driver.app.theme
        assert scene.level_rects  # type: ignore[attr-defined]
        for rect, key in scene.level_rects:  # type: ignore[attr-defined]
            level = next(level for level in scene.levels if level.key == key)  # type: ignore[attr-defined]
            height = scene._description_height(rect.height)  # type: ignore[attr-defined]
            block = layout_text(
                ui,
                tr(level.description),
                "body",
                scene.level_sizes[1],  # type: ignore[attr-defined]
                rect.width - scene.px(24),  # type: ignore[attr-defined]
                height,
                spacing=0.0,
                min_size=scene.level_sizes[1] * 0.85,  # type: ignore[attr-defined]
            )
            assert not block.cut, (key, tr(level.description))
            assert rect.bottom < scene.widgets.buttons[0].rect.top  # type: ignore[attr-defined]
    finally:
        driver.app.close()


def test_attangles_two_level_cards_say_their_descriptions_whole(french: None) -> None:
    from game.scenes.level_cards import card_name_fit, descriptions_fit

    driver = _open("levels")
    try:
        scene = driver.top
        cards = scene.cards  # type: ignore[attr-defined]
        assert len(cards) == 2
        fit = card_name_fit(driver.app.theme, cards[0][0], (level for _, level in cards), scale=scene.scale)  # type: ignore[attr-defined]
        tagged = [(level, tr("LEVEL {number}", number=index + 1)) for index, (_, level) in enumerate(cards)]
        assert descriptions_fit(driver.app.theme, cards[0][0], tagged, fit, scale=scene.scale)  # type: ignore[attr-defined]
        # Wide cards, side by side in two columns.
        assert cards[0][0].width > SMALL[0] // 3 and cards[0][0].top == cards[1][0].top
    finally:
        driver.app.close()


def _plate_left(view: object, y: float) -> float:
    """The x of the plate's left edge at height ``y`` (the hexagon's slanted sides)."""
    from game.scenes.attangle.view import PLATE_GROW, ROOT3

    spacing = view.spacing  # type: ignore[attr-defined]
    radius = (view.geometry.side - 1 + PLATE_GROW) * spacing  # type: ignore[attr-defined]
    rows_off = abs(y - view.centre[1]) / (spacing * ROOT3 / 2)  # type: ignore[attr-defined]
    return view.centre[0] - radius + rows_off * spacing / 2  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", [SMALL, (1920, 1080)])
def test_grand_attangles_row_letters_stand_off_the_rim_readably(size: tuple[int, int], french: None) -> None:
    driver = _open("grand", size=size)
    try:
        view = driver.top.board.view  # type: ignore[attr-defined]
        assert driver.top.match.position.geometry.side == 5  # type: ignore[attr-defined]
        centres = view.row_letter_centres()
        assert len(centres) == 9
        size_px = view.row_letter_size()
        assert size_px >= 11
        font = driver.app.theme.font("body", size_px)
        for centre in centres:
            half = font.size("m")[0] / 2
            assert centre[0] + half < _plate_left(view, centre[1]) - 2, "a letter touches the plate"
            assert centre[0] - half >= 0, "a letter leaves the window"
    finally:
        driver.app.close()


def test_the_computers_name_never_wraps_after_its_dot(french: None) -> None:
    driver = _open("grand")
    try:
        scene = driver.top
        panel = scene.panel  # type: ignore[attr-defined]
        for seat in (0, 1):
            _, text, _ = panel._card_parts(panel.cards[seat])
            size, lines = panel._name_fit(text.width)
            name = scene.player_name(seat, stacked=lines == 2)  # type: ignore[attr-defined]
            block = layout_text(driver.app.theme, name, "body", size, text.width, bold=True, max_lines=lines)
            assert not block.cut
            assert not any(line.rstrip().endswith("·") for line in block.lines), block.lines
        assert scene.player_name(1, stacked=True) == "Ordinateur\nAssez bon"  # type: ignore[attr-defined]
    finally:
        driver.app.close()


def test_messages_leave_the_board_and_its_reserves_clear(french: None) -> None:
    driver = _open("grand")
    try:
        scene = driver.top
        long = "Votre réserve est vide : vous devez capturer une pile adverse avec deux des vôtres"
        scene.say(long)  # type: ignore[attr-defined]
        driver.app.theme.drawn = []
        driver.frames(1)
        strip = scene.messages.rect  # type: ignore[attr-defined]
        lines = [drawn for drawn in driver.app.theme.drawn if drawn.container == strip]
        assert len(lines) == 1 and lines[0].text == long  # whole, on one line
        assert not strip.colliderect(scene.board_area)  # type: ignore[attr-defined]
        assert pygame.Rect((0, 0), SMALL).contains(strip)
    finally:
        driver.app.theme.drawn = None
        driver.app.close()


def test_a_save_on_attangles_level_named_attangle_says_it_once(french: None) -> None:
    entry = SaveEntry(
        name="x",
        path=Path("x.pgn"),
        modified=0.0,
        game="attangle",
        level_name="Attangle",
        plies=20,
        position=GRAND_STARTPOS,
        result="*",
        players=("", ""),
        moves=10,
        move_number=11,
    )
    i18n.set_language("fr")
    assert save_detail(entry) == "Attangle  ·  coup 11"
    assert save_detail(dataclasses.replace(entry, level_name="Grand Attangle")) == (
        "Attangle  ·  Grand Attangle  ·  coup 11"
    )


def test_black_pieces_show_in_small_thumbnails() -> None:
    pygame.init()
    picture = thumbnail(GRAND_STARTPOS, 48)
    board = Board(GRAND_STARTPOS)
    black = [point for point, stack in enumerate(board.stacks) if stack == "b"]
    assert black
    # Somewhere on each black piece's disc a pixel stands out from the plate.
    from game.scenes.attangle.view import HexView

    view = HexView(board.geometry)
    reach = board.geometry.side - 1
    view.spacing = 48 / (2 * reach + 1.3)
    view.centre = (24, 24)
    for point in black:
        x, y = view.point_centre(point)
        seen = max(
            theme.contrast_ratio(tuple(picture.get_at((x + dx, y + dy)))[:3], theme.SQUARE_B)
            for dx in range(-3, 4)
            for dy in range(-3, 4)
        )
        assert seen >= 3.0, (point, seen)


def test_the_goal_diagram_rings_only_whites_three_triples() -> None:
    stacks = SCENES["goal"].stacks
    triples = [stack for stack in stacks.values() if len(stack) == 3]
    assert len(triples) == 3 and all(stack[-1] == "w" for stack in triples)
