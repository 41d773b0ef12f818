"""Every seat's turn and result text reads on what is behind it, in every game and palette (issue 19, item 13).

Attangle's Black is dark grey: drawn as text on the navy panels ("to move",
"Your move", "Au tour de Noir", "Black wins!") and as the active player's
frame it all but vanished. Text in a seat's colour is now drawn in
``theme.readable`` shades of it; these tests measure the WCAG 2.1 contrast
ratio (``tests/colour_metrics.py``) against the background, at least 4.5:1
(success criterion 1.4.3), of the colours the helpers give and of the colours
a real frame of the match screen draws its texts in.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from colour_metrics import contrast_ratio

from game import games, i18n
from game.driver import Driver
from game.engine.levels import LevelInfo
from game.engine.match import MatchConfig
from game.scenes import attract, match_panel
from game.scenes.board_capabilities import turn_state
from game.ui import looks, theme
from game.ui.settings import Settings

TEXT_CONTRAST = 4.5
GAME_PALETTES = list(itertools.product([definition.key for definition in games.GAMES], games.PALETTE_KEYS))


@pytest.fixture
def restore_look() -> Iterator[None]:
    yield
    looks.apply(Settings(), games.game("ataxx"))


def _apply(game_key: str, palette: str, board_theme: str = "midnight") -> None:
    settings = Settings()
    settings.palette = palette
    settings.board_theme = board_theme
    looks.apply(settings, games.game(game_key))


@pytest.mark.parametrize(("game_key", "palette"), GAME_PALETTES)
def test_seat_text_colours_read_on_their_backgrounds(game_key: str, palette: str, restore_look: None) -> None:
    for board_theme in looks.BOARD_THEMES:
        _apply(game_key, palette, board_theme)
        for seat in (0, 1):
            colour = theme.SEAT_COLOURS[seat]
            card = theme.lerp_colour(theme.PANEL, colour, 0.18)  # the active player's card
            backgrounds = {
                "panel": (theme.PANEL, theme.seat_text(seat)),
                "turn state": (theme.PANEL, theme.readable(theme.lerp_colour(colour, theme.TEXT, 0.3))),
                "active frame": (card, theme.readable(colour, card)),
                "reserve count": (theme.BG_BOTTOM, theme.readable(colour, theme.BG_BOTTOM)),
                "attract result": (
                    attract.band_behind_text(),
                    theme.seat_text(seat, attract.band_behind_text()),
                ),
            }
            for where, (back, text) in backgrounds.items():
                ratio = contrast_ratio(text, back)
                assert ratio >= TEXT_CONTRAST, (
                    f"{game_key}/{palette}/{board_theme}: seat {seat} {where} {text} on {back} is {ratio:.2f}:1"
                )


def test_readable_keeps_a_colour_that_already_reads() -> None:
    assert theme.readable(theme.TEXT) == theme.TEXT
    assert theme.readable((255, 72, 88)) == (255, 72, 88)
    assert theme.contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    dark_on_light = theme.readable((236, 236, 244), (230, 230, 230))
    assert contrast_ratio(dark_on_light, (230, 230, 230)) >= TEXT_CONTRAST


@pytest.mark.parametrize("palette", games.PALETTE_KEYS)
@pytest.mark.parametrize("seat", [0, 1])
def test_the_match_screen_draws_each_seats_turn_readably(
    palette: str, seat: int, monkeypatch: pytest.MonkeyPatch, restore_look: None
) -> None:
    """A real Attangle frame, each seat to move: the panel's headline and turn lines, and the active card's frame."""
    drawn: list[tuple[str, Any]] = []
    real = match_panel.draw_text

    def recording(
        surface: Any, ui: Any, text: str, role: str, size: float, colour: Any, *a: Any, **k: Any
    ) -> Any:
        drawn.append((text, colour))
        return real(surface, ui, text, role, size, colour, *a, **k)

    monkeypatch.setattr(match_panel, "draw_text", recording)
    panels: list[tuple[Any, Any]] = []
    real_panel = match_panel.gfx.panel

    def panel(surface: Any, rect: Any, *a: Any, **k: Any) -> Any:
        panels.append((k.get("fill"), k.get("edge")))
        return real_panel(surface, rect, *a, **k)

    monkeypatch.setattr(match_panel.gfx, "panel", panel)
    driver = Driver.fast(save_settings=False, game="attangle", size=(640, 480))
    try:
        driver.app.settings.palette = palette
        driver.app.apply_look()
        rules = driver.app.game.load_rules()
        level = LevelInfo("Open", "", "", rules.start_text, game="attangle")
        scene = driver.app.router.push("match", MatchConfig(vs_computer=False), level)
        driver.frames(2)
        if seat == 1:
            driver.play_move(scene.match.legal_moves()[0])
            driver.frames(30)
        assert scene.match.turn == seat
        drawn.clear()
        panels.clear()
        driver.frames(1)
        headline = scene.status_text()[0]
        turn_lines = turn_state(scene.board, scene.match) or []
        card = theme.lerp_colour(theme.PANEL, theme.SEAT_COLOURS[seat], 0.18)  # the active player's
        note = i18n.tr("to move")
        texts = [(text, colour) for text, colour in drawn if text in (headline, note, *turn_lines)]
        assert {text for text, _ in texts} >= {headline, note, *turn_lines}
        for text, colour in texts:
            ratio = contrast_ratio(tuple(colour)[:3], card if text == note else theme.PANEL)
            assert ratio >= TEXT_CONTRAST, f"{palette}: {text!r} in {colour} is {ratio:.2f}:1 on the panel"
        frames = [(fill, edge) for fill, edge in panels if fill is not None and edge != (56, 66, 110)]
        frames = [
            (fill, edge)
            for fill, edge in frames
            if fill == theme.lerp_colour(theme.PANEL, theme.SEAT_COLOURS[seat], 0.18)
        ]
        assert frames
        for fill, edge in frames:
            assert contrast_ratio(edge, fill) >= TEXT_CONTRAST, f"{palette}: active frame {edge} on {fill}"
    finally:
        driver.app.close()
