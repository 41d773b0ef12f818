"""Attangle's rules pages: everything has French, and the positions the diagrams show are real ones, checked
with the rules engine. (That every diagram draws and moves and every page has its text:
tests/test_game_contract.py, as every game's.)"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.engine.attangle import GRAND, Side
from game.i18n import context_key, load_catalog, set_language, tr
from game.scenes.attangle import diagrams
from game.scenes.attangle.diagrams import DIAGRAMS, SCENES
from game.scenes.attangle.pages import CONTROLS, PAGES, RULES_PAGES
from game.ui import theme
from game.ui.theme import Theme


@pytest.fixture
def french() -> Iterator[None]:
    set_language("fr")
    yield
    set_language("en")


def _draw(ui: Theme, kind: str, t: float, size: tuple[int, int]) -> tuple[pygame.Surface, pygame.Rect]:
    surface = pygame.Surface((size[0] + 40, size[1] + 40))
    surface.fill((10, 12, 30))
    rect = pygame.Rect(20, 20, *size)
    RULES_PAGES.draw_diagram(surface, rect, kind, t, ui)
    return surface, rect


# -- the pages --


def test_the_pages_are_attangles() -> None:
    # The heading, the controls last and the diagrams drawn: tests/test_game_contract.py, as every game's.
    assert RULES_PAGES.pages is PAGES and RULES_PAGES.controls is CONTROLS
    assert RULES_PAGES.draw_diagram is diagrams.draw_diagram
    assert len(RULES_PAGES.controls) >= 10


# -- the positions shown are real --


@pytest.mark.parametrize("kind", sorted(SCENES))
def test_every_scene_is_a_real_position(kind: str) -> None:
    scene = SCENES[kind]
    board = scene.position()
    assert set(scene.stacks) <= set(scene.points)
    for coord, stack in scene.stacks.items():
        assert board.stack(scene.name(coord)) == stack
    # The stars drawn are the real board's free points: the centre, or Grand Attangle's seven.
    assert len(scene.stars) == (7 if scene.grand else 1)


@pytest.mark.parametrize("kind", ["capture", "double", "single_double", "end"])
def test_the_captures_shown_are_legal_and_end_as_drawn(kind: str) -> None:
    scene = SCENES[kind]
    board = scene.position()
    move = scene.capture()
    assert move in board.legal_moves()
    assert scene.target is not None
    heights = [len(scene.stacks[coord]) for coord in scene.attackers]
    assert heights == sorted(heights, reverse=True), "the taller attacker lands first"
    board.push(move)
    assert board.stack(scene.name(scene.target)) == scene.result()
    assert scene.result()[-1] == "w"
    for coord in scene.attackers:
        assert board.stack(scene.name(coord)) == ""
    if kind == "end":
        outcome = board.outcome()
        assert outcome is not None and outcome.winner == Side.WHITE


def test_the_capture_crosses_the_centre_and_the_double_comes_from_both_sides() -> None:
    capture = SCENES["capture"]
    first = capture.attackers[0]
    assert (first[0] + 1, first[1]) in capture.stars  # one step east of the first attacker: the centre
    double = SCENES["double"]
    (q1, r1), (q2, r2) = double.attackers
    assert (q1 + q2, r1 + r2) == (2 * double.target[0], 2 * double.target[1])  # type: ignore[index]


def test_the_lines_scene_has_no_capture_of_its_target() -> None:
    scene = SCENES["lines"]
    assert scene.target is not None
    board = scene.position()
    target = scene.name(scene.target)
    assert [move for move in board.legal_moves() if move.target == target] == []


def test_the_grand_scene_is_grand_attangles_start() -> None:
    scene = SCENES["grand"]
    assert scene.position().text() == scene.position().__class__(grand=True).text()
    assert len(scene.stacks) == len(GRAND.start_stacks)


# -- French --


def _texts() -> list[str]:
    texts = [RULES_PAGES.heading]
    texts += [context_key("attangle", title) for title, _, _ in PAGES]  # titles are Attangle's own words
    texts += [text for _, text, _ in PAGES if text]
    texts += [text for pair in CONTROLS for text in pair]
    texts += [diagram.caption for diagram in DIAGRAMS.values() if diagram.caption]
    return texts


SAME_IN_FRENCH = {"Tab", "F1", "F11", "F12", "Ctrl+S", "Ctrl+Z / Ctrl+Y", "U / Y / H", "Grand Attangle"}
"""Key names and the game's name, written the same in both languages."""


def test_every_string_has_a_french_translation(french: None) -> None:
    catalogue = load_catalog("fr")
    for text in _texts():
        assert text in catalogue, f"no French for {text!r}"
        if text in SAME_IN_FRENCH:
            assert tr(text) == text
        else:
            assert tr(text) != text, f"the French of {text!r} is the English"
    assert tr("The centre always stays free") == "Le centre reste toujours libre"


def test_the_captions_keep_their_placeholders_in_french(french: None) -> None:
    for diagram in DIAGRAMS.values():
        if "{side}" in diagram.caption:
            assert "{side}" in load_catalog("fr")[diagram.caption]


def test_the_diagrams_draw_in_french(
    ui: Theme, french: None, recorded: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(theme, "SEAT_NAMES", ["White", "Black"])  # the classic palette, as the app sets it
    catalogue = load_catalog("fr")
    for kind, diagram in DIAGRAMS.items():
        recorded.clear()
        surface, rect = _draw(ui, kind, 4.5, (218, 218))
        assert pygame.transform.average_color(surface.subsurface(rect))[:3] != (10, 12, 30), kind
        # The reserve piles' counts are numbers; the only words are the caption's, last, in French,
        # with White's French name, on one line or two.
        words = [text for text in recorded if not text.isdigit()]
        wanted = catalogue[diagram.caption].format(side="Blanc") if diagram.caption else ""
        assert " ".join(" ".join(words).split()) == " ".join(wanted.split()), kind
        assert recorded[len(recorded) - len(words) :] == words, kind
