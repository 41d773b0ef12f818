"""Lionheart said in words: the hint's turn names its facing as a sentence needs it, in either language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.engine.lionheart import Battle, Move
from game.i18n import set_language
from game.scenes.lionheart.words import hint_text

POSITION = "gI4d2N,gK1e1N,sK1i10S g 2 1 -"


@pytest.fixture
def french() -> Iterator[None]:
    set_language("fr")
    yield
    set_language("en")


def test_a_turn_names_its_facing() -> None:
    battle = Battle(POSITION)
    assert hint_text(battle, Move.from_text("d2:E")) == "Turn your infantry at d2 to face east"


@pytest.mark.usefixtures("french")
@pytest.mark.parametrize(
    ("facing", "words"),
    [("E", "vers l'est"), ("N", "vers le nord"), ("S", "vers le sud"), ("W", "vers l'ouest")],
)
def test_a_french_turn_names_its_facing_with_its_article(facing: str, words: str) -> None:
    battle = Battle(POSITION)
    assert hint_text(battle, Move.from_text(f"d2:{facing}")) == f"Tournez {words} en d2 (infanterie)"
