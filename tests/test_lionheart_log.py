"""Lionheart's dice that speak: rolls drawn as dice in the move list, the battle log in words at every size
(scrollable, pointing at a line shows its squares), the tray in step with the roll, messages clear of it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pytest

from game.driver import Driver
from game.scenes.lionheart.board import LionheartBoard
from game.scenes.lionheart.view import LABEL_SHARE
from game.scenes.match import MatchScene
from game.scenes.move_list import HELD_ROLL
from game.ui import theme

if TYPE_CHECKING:
    from game.ui.theme import DrawnText

SIZES = [(640, 480), (1024, 768), (1920, 1080)]


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def battle(request: pytest.FixtureRequest, user_data_dir: Path) -> Iterator[tuple[Driver, MatchScene]]:
    """The ``battle`` demo (a battle well under way, many rolls behind it) at each window size."""
    driver = Driver.fast(game="lionheart", size=request.param, demo="battle")
    try:
        driver.frames(2)
        play = driver.top
        assert isinstance(play, MatchScene) and isinstance(play.board, LionheartBoard)
        yield driver, play
    finally:
        driver.app.theme.drawn = None
        driver.app.close()


def _drawn(driver: Driver) -> list[tuple[str, pygame.Rect]]:
    driver.app.theme.drawn = []
    driver.app.draw()
    drawn = [(text.text, text.rect) for text in driver.app.theme.drawn]
    driver.app.theme.drawn = None
    return drawn


def test_the_move_list_draws_rolls_as_dice(battle: tuple[Driver, MatchScene]) -> None:
    driver, play = battle
    board = play.board
    sizes: list[int] = []
    drawn_icons = board.roll_icons

    def counted(outcome: object, size: int) -> list[pygame.Surface] | None:
        sizes.append(size)
        return drawn_icons(outcome, size)

    board.roll_icons = counted  # type: ignore[method-assign]
    listed = [text for text, rect in _drawn(driver) if play.panel.moves_rect.contains(rect)]
    assert listed, "the move list drew nothing"
    words = ("axe", "arrow", "panic", "[")
    assert not [text for text in listed if any(word in text for word in words)], listed
    assert any(size >= 12 for size in sizes), "no roll was drawn as dice"


def _wheel(driver: Driver, board: LionheartBoard, steps: int) -> None:
    """Turn the mouse wheel over the tray: ``steps`` down (older lines), negative up."""
    driver.move_mouse(board.view.tray.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-steps, flipped=False))
    driver.frames(1)


def test_every_line_of_the_log_is_read_in_words_at_every_size(battle: tuple[Driver, MatchScene]) -> None:
    """The wheel over the tray walks back through the whole log, one line a notch, each line drawn whole
    and in words (at 640x480 as at full HD), and a new line brings the newest back."""
    driver, play = battle
    board = play.board
    record = board.record()
    lines = record.lines
    assert len(lines) > 10 and any("panic" in line for _, line in lines)
    for back in range(len(lines)):
        if back:
            _wheel(driver, board, 1)
        elif driver.app.screen.get_width() > 640:
            _drawn_texts(driver)  # a turn's two attacks both in sight (at 640x480 the wheel brings the first)
            assert len(board.log_rows) >= 2
        drawn = [text for text in _drawn_texts(driver) if board.view.tray.contains(text.rect)]
        assert not [text.text for text in drawn if text.cut]
        top_rect, ply = board.log_rows[0]
        assert ply == lines[-1 - back][0]
        said = " ".join(text.text for text in drawn if top_rect.contains(text.rect))
        assert said in (lines[-1 - back][1], record.outcomes.get(ply)), (back, said)
        roll = next((roll for roll in record.rolls if roll.ply == ply), None)
        groups = board._tray_groups()  # the dice beside the line are its own roll's
        assert sorted(groups[-1][1]) == sorted(roll.faces) if roll is not None else groups == []
    _wheel(driver, board, 1)  # the oldest line is the last
    assert board.log_rows[0][1] == lines[0][0]
    _wheel(driver, board, -3)
    assert board.log_rows[0][1] == lines[3][0]
    attack = next(move for move in play.match.legal_moves() if move.action.name == "ATTACK")
    driver.play_move(attack)
    assert driver.until(lambda: play.human_turn() and not board.busy, max_frames=600)
    driver.frames(1)
    assert board.log_rows[0][1] == board.record().lines[-1][0], "a new line brings the newest back"


def _drawn_texts(driver: Driver) -> list[DrawnText]:
    driver.app.theme.drawn = []
    driver.app.draw()
    drawn = list(driver.app.theme.drawn)
    driver.app.theme.drawn = None
    return drawn


def test_pointing_at_a_log_line_lights_where_it_happened(battle: tuple[Driver, MatchScene]) -> None:
    driver, play = battle
    board = play.board
    _drawn_texts(driver)
    row, ply = board.log_rows[-1]
    lit: list[str] = []
    shade = board._shade

    def spied(surface: pygame.Surface, square: str, colour: tuple[int, int, int], alpha: int) -> None:
        if colour == theme.GOLD:
            lit.append(square)
        shade(surface, square, colour, alpha)

    board._shade = spied  # type: ignore[method-assign]
    driver.move_mouse(row.center)
    driver.frames(1)
    lit.clear()
    _drawn_texts(driver)
    places = board.record().places[ply]
    assert len(places) >= 2 and set(places) <= set(lit), (places, lit)
    driver.move_mouse(board.view.centre("e1"))
    driver.frames(1)
    lit.clear()
    _drawn_texts(driver)
    assert not lit


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_the_previous_roll_goes_as_soon_as_an_attack_is_chosen(
    size: tuple[int, int], user_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From the attack's choice to its dice landing the tray shows blank dice, then the new dice rolling,
    under "Rolling the dice…": never the last roll's dice nor its sentence as the newest."""
    from game.scenes.lionheart import tray

    faces: list[str] = []
    draw_die = tray.draw_die

    def spied(
        surface: pygame.Surface, centre: tuple[float, float], size: int, face: str, **options: object
    ) -> None:
        faces.append(face)
        draw_die(surface, centre, size, face, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(tray, "draw_die", spied)
    driver = Driver.fast(game="lionheart", size=size, demo="battle", animation="normal", instant=False)
    try:
        driver.frames(2)
        play = driver.top
        assert isinstance(play, MatchScene) and isinstance(play.board, LionheartBoard)
        board = play.board
        board.anim = None
        battle = play.match.position
        attack = next(
            move
            for move in play.match.legal_moves()
            if move.action.name == "ATTACK" and not battle.is_bribe(move)
        )
        dice = battle.dice_for(attack.square)
        before = board.record().lines[-1]
        play.play(attack)
        seen_blank = seen_rolling = False
        for _ in range(600):
            faces.clear()
            drawn = _drawn_texts(driver)
            if board.anim is not None and board.anim.kind == "roll" and board.anim.phase()[0] != "roll":
                break
            assert board.log_rows[0][1] == tray.ROLLING, "the last roll's line is still the newest"
            rolling = board.anim is not None and board.anim.kind == "roll"
            if rolling:
                seen_rolling = True
                listed = [text.text for text in drawn if play.panel.moves_rect.contains(text.rect)]
                assert listed[-1].endswith(f"[{HELD_ROLL}]"), "the move list tells the roll before it lands"
            else:
                assert faces == [""] * dice, faces
                seen_blank = True
            tray_text = " ".join(text.text for text in drawn if board.view.tray.contains(text.rect))
            assert "Rolling the dice" in tray_text
            assert before[1] not in tray_text or tray_text.index("Rolling") < tray_text.index(before[1])
            driver.frames(1)
        assert seen_blank and seen_rolling
    finally:
        driver.app.close()


def _messages_clear(driver: Driver, scene: Any, board: LionheartBoard) -> None:
    """The longest messages drawn on ``scene`` (on top) meet neither the field, its labels nor the tray."""
    view = board.view
    label = round(view.square * LABEL_SHARE)
    field = pygame.Rect(view.rect.x - label, view.rect.y, view.rect.width + label, view.rect.height + label)
    long_path = "Saved as /home/someone/.local/share/attax-arcade/exports/The standard battle 2026-11-28.txt"
    for message in ("Back to move 5", long_path):
        scene.say(message, 2.0)
        drawn = [text for text in _drawn_texts(driver) if text.text.startswith(("Back to", "Saved as"))]
        assert drawn, message
        for box in (scene.messages.rect, *(text.rect for text in drawn)):
            assert not box.colliderect(field) and not box.colliderect(view.tray), (
                message,
                box,
                field,
                view.tray,
            )


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_messages_never_cover_the_field_or_the_tray(size: tuple[int, int], user_data_dir: Path) -> None:
    """ "Back to move 5", "Saved as …" and an export's path show in their strip, on the match screen and in
    the analysis, clear of the field, its labels and the tray."""
    from game.engine.match import Match, Player
    from game.games import game

    driver = Driver.fast(game="lionheart", size=size, demo="battle")
    try:
        driver.frames(2)
        play = driver.top
        assert isinstance(play, MatchScene) and isinstance(play.board, LionheartBoard)
        _messages_clear(driver, play, play.board)
        rules = game("lionheart").load_rules()
        match = Match(rules, players=(Player.human("You"), Player.human("Friend")), seed=3)
        while match.ply < 30 and not match.is_over:
            if match.at_chance:
                match.roll()
            else:
                match.play(match.legal_moves()[match.ply % len(match.legal_moves())])
        analysis = driver.app.router.push("analysis", match, "The battle")
        driver.frames(1)
        assert isinstance(analysis.board, LionheartBoard)
        _messages_clear(driver, analysis, analysis.board)
    finally:
        driver.app.close()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize(
    "size", [(640, 480), (800, 600), (1024, 768)], ids=lambda size: f"{size[0]}x{size[1]}"
)
def test_the_openings_dice_fit_a_narrow_tray(
    language: str, size: tuple[int, int], request: pytest.FixtureRequest
) -> None:
    # The analysis leaves the field a narrow tray: at 640x480 the opening's eight dice ran into the log's
    # sentence ("Argent lance 4 dés / [die]our commencer") and Gold's name over the tray's frame.
    from game.engine.match import Match, Player
    from game.games import game

    request.getfixturevalue("french" if language == "fr" else "user_data_dir")
    driver = Driver.fast(game="lionheart", size=size)
    try:
        match = Match(game("lionheart").load_rules(), players=(Player.human(), Player.human()), seed=1)
        rolls = 0
        while match.at_chance:
            match.roll()
            rolls += 1
        assert rolls == 2, "a tie at the opening: another seed"
        match.play(match.legal_moves()[0])
        scene = driver.app.router.push("analysis", match, "The battle")
        driver.frames(1)
        scene.show(2)
        driver.frames(2)
        board = scene.board
        assert isinstance(board, LionheartBoard) and not board.view.tray_beside
        groups = board._tray_groups()
        assert [len(faces) for _, faces, _ in groups] == [4, 4], "both sides' opening dice on show"
        dice_area, log_area, die = board._tray_parts(len(groups), 8)
        centres = board._die_centres(dice_area, groups, die)
        assert max(x for x, _ in centres) + die // 2 <= log_area.left, (centres, log_area)
        assert min(x for x, _ in centres) - die // 2 >= board.view.tray.left
        names = [rect for text, rect in _drawn(driver) if text in ("Gold", "Silver", "Or", "Argent")]
        names = [rect for rect in names if board.view.tray.colliderect(rect)]
        assert len(names) == 2 and all(board.view.tray.contains(rect) for rect in names), names
    finally:
        driver.app.close()
