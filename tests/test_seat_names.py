"""Every text names a seat as the palette in use names it ("Orange" in the colour-blind palette, never "Red").

The rules pages of every game, in English and in French, name the seats by
the palette chosen; the shipped levels' descriptions name none (a level's file
cannot know the palette).
"""

from __future__ import annotations

import re

import pytest

from game import games
from game.engine.levels import shipped_levels
from game.i18n import set_language, tr
from game.scenes.rules import page_text
from game.ui import theme
from game.ui.lang import level_description

PLAYABLE = [definition.key for definition in games.playable_games()]


def _words(text: str) -> set[str]:
    """The words of ``text`` in lower case, a plural's ``s`` dropped ("les rouges" names Red too)."""
    return {word.lower().removesuffix("s") for word in re.findall(r"\w+", text)}


def _names(definition: games.GameDefinition, palette: str) -> set[str]:
    """The seats' names in ``palette``, in the current language, as ``_words`` gives them."""
    return {tr(look.name).lower().removesuffix("s") for look in definition.seat_looks(palette)}


@pytest.fixture(params=["en", "fr"])
def language(request: pytest.FixtureRequest) -> object:
    set_language(request.param)
    yield request.param
    set_language("en")


@pytest.mark.parametrize("key", PLAYABLE)
def test_the_rules_pages_name_the_seats_by_the_palette_in_use(
    key: str, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    definition = games.game(key)
    pages = definition.load("rules_pages")
    every_name = set().union(*(_names(definition, palette) for palette in games.PALETTE_KEYS))
    for palette in games.PALETTE_KEYS:
        monkeypatch.setattr(theme, "SEAT_NAMES", [look.name for look in definition.seat_looks(palette)])
        shown = _names(definition, palette)
        named: set[str] = set()
        for _, text, _ in pages.pages:
            words = _words(page_text(text))
            assert not words & (every_name - shown), (palette, language, text[:60])
            named |= words & shown
        assert named == shown, (palette, language)  # the goal's page names both seats


@pytest.mark.parametrize("key", PLAYABLE)
def test_the_shipped_levels_name_no_seat(key: str, language: str) -> None:
    definition = games.game(key)
    every_name = set().union(*(_names(definition, palette) for palette in games.PALETTE_KEYS))
    for level in shipped_levels(definition.load_rules()):
        assert not _words(level_description(level)) & every_name, (language, level.name)
