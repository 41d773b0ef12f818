"""Attangle through the real App and scenes, driven by posted mouse and key events, on both boards."""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

import instant_ai
import pygame
import pytest
from starting import start_match
from waiting import frames_until

from game import i18n
from game.driver import Driver
from game.engine import saves
from game.engine.attangle import GRAND_STARTPOS, STARTPOS, Board, Move, Side
from game.engine.match import Match, MatchConfig, Player
from game.engine.stats import Statistics
from game.games import game, playable_games
from game.scenes.attangle.board import capture_points
from game.scenes.attract import AttractScene
from game.scenes.match import MatchScene
from game.scenes.menu import MenuScene
from game.scenes.results import ResultsScene
from game.scenes.resume import open_match
from game.scenes.saveload import LoadScene
from game.ui import theme

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search

RULES = game("attangle").load_rules()
BOARDS = {"attangle": 0, "grand": 1}
"""Level select's card of each board."""


@pytest.fixture
def driver():
    driver = Driver.fast(game="attangle")
    yield driver
    driver.app.close()


def _start(driver: Driver, board: str, *, computer: str | None = None) -> MatchScene:
    play = start_match(driver, BOARDS[board], computer=computer)
    assert driver.app.game.key == "attangle" and play.match.position.grand == (board == "grand")
    return play


def _choose(board: Board, rng: random.Random) -> Move:
    """A lively player: a capture that builds a triple, else any capture most of the time, else a placement."""
    moves = board.legal_moves()
    captures = [move for move in moves if move.is_capture]
    triples = [move for move in captures if len(board.stack(move.target)) == 2 or any(
        len(board.stack(name)) == 2 for name in move.attackers)]  # fmt: skip
    if triples:
        return rng.choice(triples)
    if captures and rng.random() < 0.75:
        return rng.choice(captures)
    return rng.choice(moves)


@pytest.mark.parametrize("board", ["attangle", "grand"])
def test_two_players_play_a_whole_game_by_mouse(driver: Driver, board: str) -> None:
    play = _start(driver, board)
    rng = random.Random(11)
    orders = 0
    for _ in range(200):
        if play.match.is_over:
            break
        assert play.human_turn()
        before = play.match.ply
        move = _choose(play.match.position, rng)
        if move.is_capture and orders % 2:
            # The other way round: the two attackers, then the target.
            position = play.match.position
            points = [position.point(name) for name in (*move.attackers, move.target)]
            for point in points:
                driver.click(play.board.point_centre(point))
                if play.match.ply > before:
                    break
        else:
            driver.play_move(move)
        orders += move.is_capture
        assert play.match.ply == before + 1, f"the clicks did not play {move}"
        assert play.match.moves[-1] == move
    assert play.match.is_over and orders > 3
    assert driver.until(lambda: isinstance(driver.top, ResultsScene), max_frames=200)
    assert [str(m) for m in play.match.moves] == [str(m) for m in play.match.position.move_stack]


@pytest.mark.parametrize("board", ["attangle", "grand"])
def test_a_whole_game_against_the_computer(driver: Driver, board: str) -> None:
    play = _start(driver, board, computer="beginner")
    assert play.match.player(1).level == "beginner"
    rng = random.Random(4)
    for _ in range(200):
        assert frames_until(driver, lambda: play.match.is_over or play.human_turn())
        if play.match.is_over:
            break
        before = play.match.ply
        driver.play_move(_choose(play.match.position, rng))
        assert play.match.ply == before + 1
    assert play.match.is_over
    assert driver.until(lambda: isinstance(driver.top, ResultsScene), max_frames=400)
    driver.press("menu")
    assert isinstance(driver.top, MenuScene)
    stats = Statistics.load("attangle")
    assert len(stats.records) == 1 and stats.records[0].opponent == "computer"


def test_pointing_shows_a_ghost_or_the_attacker_pairs(driver: Driver) -> None:
    play = _start(driver, "attangle")
    position = play.match.position
    for text in ("c1", "g4", "a1", "b1"):  # White c1 and a1, Black g4 and b1
        driver.play_move(Move.from_text(text))
    # White to move: b1 (Black) is seen by a1 (along its line) and by c1.
    board = play.board
    driver.move_mouse(board.point_centre(position.point("d2")))
    driver.frames(1)
    assert board.offered() == (position.point("d2"), [], [])
    driver.move_mouse(board.point_centre(position.point("b1")))
    driver.frames(1)
    ghost, shown, _ = board.offered()
    assert ghost is None
    assert {str(position.move_from_raw(raw)) for raw in shown} == {"a1,c1-b1"}
    # Not on the centre, which shows nothing to place.
    driver.move_mouse(board.point_centre(position.geometry.centre))
    driver.frames(1)
    assert board.offered() == (None, [], [])


def test_choosing_a_target_offers_its_pairs_and_right_click_forgets(driver: Driver) -> None:
    play = _start(driver, "attangle")
    position = play.match.position
    # White: a1, c1, c3, e1; Black: b1 (taken by a1+c1 or a1+... ), d4 is the centre.
    for text in ("a1", "b1", "c1", "g4", "c3", "g3"):
        driver.play_move(Move.from_text(text))
    board = play.board
    target = position.point("b1")
    driver.click(board.point_centre(target))
    assert board.selection == [target]
    _, shown, _ = board.offered()
    pairs = {str(position.move_from_raw(raw)) for raw in shown}
    assert pairs and all(move.endswith("-b1") for move in pairs)
    driver.click(board.point_centre(target), button=3)
    assert board.selection == []
    # Target then one attacker: played when only one pair fits.
    move = position.move_from_raw(shown[0])
    before = play.match.ply
    driver.play_move(move)
    assert play.match.ply == before + 1 and play.match.moves[-1] == move
    assert len(capture_points(position.raw_from_move(move))) == 3


def test_refused_clicks_say_why(driver: Driver) -> None:
    play = _start(driver, "attangle")
    board = play.board
    app = driver.app
    driver.click(board.point_centre(play.match.position.geometry.centre))
    assert play.toast is not None and "star point" in play.toast[0]
    assert app.audio.played[-1] == "invalid" and play.match.ply == 0


def test_a_triple_is_refused_with_a_reason() -> None:
    driver = Driver.fast(game="attangle")
    try:
        text = "-,-,-,-/-,-,-,-,-/-,-,-,-,-,-/-,-,-,-,-,-,-/-,-,-,-,-,-/-,-,-,-,-/bbw,-,-,b w 14 15"
        match = Match(RULES, text, (Player.human(), Player.human()))
        play = open_match(driver.app, match, "Attangle")
        driver.frames(2)
        position = play.match.position
        driver.click(play.board.point_centre(position.point("g1")))
        assert play.toast is not None and play.toast[0] == "A triple never moves"
        driver.click(play.board.point_centre(position.point("g4")))
        assert play.toast[0] == "None of your stacks can take that one"
    finally:
        driver.app.close()


def test_the_keyboard_cursor_places_and_captures(driver: Driver) -> None:
    play = _start(driver, "attangle")
    board = play.board
    geometry = play.match.position.geometry
    driver.key(pygame.K_DOWN)  # shows the cursor on the centre
    assert board.cursor_shown and board.cursor == geometry.centre
    driver.key(pygame.K_LEFT)
    assert geometry.names[board.cursor] == "d3"
    driver.key(pygame.K_RETURN)
    assert [str(m) for m in play.match.moves] == ["d3"]
    driver.key(pygame.K_UP)
    driver.key(pygame.K_RETURN)
    assert str(play.match.moves[-1]) == geometry.names[board.cursor]


def test_save_and_load_round_trip(driver: Driver, user_data_dir: Path) -> None:
    play = _start(driver, "grand")
    rng = random.Random(2)
    for _ in range(14):
        driver.play_move(_choose(play.match.position, rng))
    play.undo()
    path = saves.save_game("Grand test", play.match, level_name="Grand Attangle")
    text = path.read_text(encoding="utf-8")
    assert '[Game "attangle"]' in text and f'[Position "{GRAND_STARTPOS}"]' in text
    loaded, _ = saves.load_game(path)
    assert [str(m) for m in loaded.moves] == [str(m) for m in play.match.moves]
    assert [str(m) for m in loaded.redo_moves] == [str(m) for m in play.match.redo_moves]
    assert loaded.position.text() == play.match.position.text()
    # Through the Load screen: the match screen opens on the same game.
    driver.app.router.home()
    driver.press("load")
    load = driver.top
    assert isinstance(load, LoadScene)
    entries = [entry for entry in saves.list_saves() if isinstance(entry, saves.SaveEntry)]
    assert [entry.game for entry in entries] == ["attangle"]
    driver.click(load.row_rect(load.index_of("Grand test")).center)  # the chosen row: a click opens it
    resumed = driver.top
    assert isinstance(resumed, MatchScene) and resumed.match.position.text() == play.match.position.text()
    assert resumed.match.position.grand


def test_the_small_board_start_is_the_standard_start() -> None:
    assert RULES.start_text == STARTPOS
    assert Board(RULES.with_first_seat(STARTPOS, 1)).turn is Side.BLACK


@pytest.mark.parametrize("size", [(640, 480), (1920, 1080)])
def test_the_screen_in_french(size: tuple[int, int], user_data_dir: Path) -> None:
    user_data_dir.mkdir(parents=True, exist_ok=True)
    (user_data_dir / "settings.json").write_text('{"language": "fr"}', encoding="utf-8")
    driver = Driver.fast(game="attangle", size=size)
    try:
        i18n._missing.clear()
        play = _start(driver, "attangle")
        rng = random.Random(3)
        for _ in range(16):
            driver.play_move(_choose(play.match.position, rng))
        position = play.match.position
        hover = next(point for point, stack in enumerate(position.stacks) if stack)
        driver.move_mouse(play.board.point_centre(hover))
        driver.frames(3)
        driver.click(play.board.point_centre(position.geometry.centre))  # a refusal, in French
        driver.frames(2)
        assert play.toast is not None and "étoilée" in play.toast[0]
        assert not i18n.missing_translations(), i18n.missing_translations()
        assert play.board.view.rect.width <= size[0] and play.board.rect.right < play.panel.rect.left
        for seat in (0, 1):
            assert pygame.Rect((0, 0), size).contains(play.board.view.reserve_rects[seat])
    finally:
        driver.app.close()
        i18n.set_language("en")


def test_the_attract_mode_shows_attangle_games(user_data_dir: Path) -> None:
    driver = Driver.fast()
    try:
        app = driver.app
        instant_ai.install(app)  # the attract mode's test, not the search's
        shown = set()
        rng = random.Random(1)
        app.router.reset("attract", rng)
        for _ in range(30):
            scene = driver.top
            assert isinstance(scene, AttractScene)
            shown.add(scene.definition.key)
            scene.next_game()
            driver.frames(1)
        assert shown == {definition.key for definition in playable_games()}
        # An Attangle attract game plays to its end with the computer on both sides.
        while driver.top.definition.key != "attangle":
            driver.top.next_game()
            driver.frames(1)
        attract = driver.top
        games_before = attract.games
        assert driver.until(lambda: attract.games > games_before, max_frames=4000)
    finally:
        driver.app.close()


def test_undo_redo_and_hint_against_the_computer(driver: Driver) -> None:
    play = _start(driver, "attangle", computer="casual")
    rng = random.Random(6)
    for _ in range(3):
        assert frames_until(driver, play.human_turn)
        driver.play_move(_choose(play.match.position, rng))
    assert frames_until(driver, play.human_turn)
    assert play.match.ply == 6
    before = play.match.position.text()
    driver.press("undo")  # back to the person's previous turn: their move and the reply
    assert play.match.ply == 4 and play.human_turn()
    driver.press("redo")
    assert play.match.ply == 6 and play.match.position.text() == before
    driver.press("hint")
    assert frames_until(driver, lambda: play.board.hint_move is not None)
    hint = play.board.hint_move
    assert hint in play.match.legal_moves()
    driver.frames(2)  # the hint is drawn: a ring or the capture's lines in gold
    assert "arrow" not in play.status_text()[1]
    driver.play_move(hint)
    assert play.match.moves[6] == hint and play.board.hint_move is None


def test_white_always_starts_whatever_colour_you_choose(driver: Driver) -> None:
    """Issue 19, item 1: no "Who starts" in Attangle; as Black you wait for White, also after a swapped rematch."""
    driver.press("new_game")
    new = driver.top
    assert not new.starts.visible and "starts" not in new.rows()
    assert new.first_note == i18n.tr("{side} always starts", side=new.seat.options[0][0])
    driver.click(new.seat.rects[1].center)  # Black
    driver.click(new.level_centre("beginner"))
    driver.press("choose_level")
    driver.click(driver.top.card_centre(BOARDS["grand"]))
    play = driver.top
    assert isinstance(play, MatchScene)
    assert play.match.player(1).is_human and not play.match.player(0).is_human
    assert play.match.turn == Side.WHITE and play.match.computer_to_move
    play.restart(swap=True)  # the results screen's "Swap sides" → "Rematch"
    assert play.match.position.grand and play.match.player(0).is_human
    assert play.match.turn == Side.WHITE and not play.match.computer_to_move
    play.restart(swap=True)
    assert play.match.turn == Side.WHITE and play.match.computer_to_move
    # Two players: nobody chooses either.
    play.match.pause()
    driver.app.router.home()
    driver.press("new_game")
    new = driver.top
    driver.click(new.opponent.rects[1].center)
    assert not new.two_player_first.visible and "first" not in new.rows()


def test_the_rules_fix_the_first_seat_of_a_match_config() -> None:
    for config in (
        MatchConfig(True, "casual", 1, 1),
        MatchConfig(True, "casual", 0, 1),
        MatchConfig(False, "casual", 0, 1),
    ):
        for start in (STARTPOS, GRAND_STARTPOS):
            assert Board(config.start(RULES, start)).turn == Side.WHITE
            assert Board(config.swapped().start(RULES, start)).turn == Side.WHITE


def test_the_hint_says_what_the_board_draws(driver: Driver) -> None:
    """Issue 19, item 14: no arrow in Attangle: a placement's point is ringed, a capture's lines are drawn."""
    play = _start(driver, "attangle")
    placement = next(move for move in play.match.legal_moves() if not move.attackers)
    play.hint_move = placement
    play.board.show_hint(placement)
    driver.frames(1)
    assert play.status_text()[1] == i18n.tr("Place a piece on the ringed point")
    capture = Move.capture("a1", "b2", "c3")
    assert capture.attackers
    play.hint_move = capture
    assert play.status_text()[1] == i18n.tr("Capture along the marked lines")


def test_the_triple_counts_are_labelled_and_drawn_in_plain_digits(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 19, item 15: the counts read "Triples" and "0/3" in the body face (the title face's zero is "Ø")."""
    from game.scenes import match_panel, results

    drawn: list[tuple[str, str]] = []

    def recorder(real: Any) -> Any:
        def record(surface: Any, ui: Any, text: str, role: str, *args: Any, **kwargs: Any) -> Any:
            drawn.append((text, role))
            return real(surface, ui, text, role, *args, **kwargs)

        return record

    monkeypatch.setattr(match_panel, "draw_text", recorder(match_panel.draw_text))
    monkeypatch.setattr(results, "draw_text", recorder(results.draw_text))
    play = _start(driver, "attangle")
    driver.frames(1)
    drawn.clear()
    driver.frames(1)
    caption = i18n.tr("Triples")
    assert [text for text, _ in drawn].count(caption) == 2
    counts = [(text, role) for text, role in drawn if text == "0/3"]
    assert len(counts) == 2 and all(role == "body" for _, role in counts)
    # The results: the same counts, labelled.
    rng = random.Random(11)
    for _ in range(200):
        if play.match.is_over:
            break
        driver.play_move(_choose(play.match.position, rng))
    assert driver.until(lambda: isinstance(driver.top, ResultsScene), max_frames=400)
    drawn.clear()
    driver.frames(2)
    assert caption in [text for text, _ in drawn]
    roles = [role for text, role in drawn if text.endswith("/3")]
    assert len(roles) >= 2 and set(roles) == {"body"}


@pytest.mark.parametrize("size", [(640, 480), (1920, 1080)])
@pytest.mark.parametrize("board", ["attangle", "grand"])
def test_the_points_numbers_stand_along_the_lower_edges(board: str, size: tuple[int, int]) -> None:
    """Beside the row letters, each point number stands where the line of its points leaves the board,
    outside the plate, clear of the piles and inside the board's area, so "c2,d7-c6" can be followed."""
    from game.scenes.attangle.view import PILE_STACK, PILE_STEP, PLATE_GROW, hexagon

    driver = Driver.fast(game="attangle", size=size)
    try:
        play = _start(driver, board)
        driver.frames(1)
        view = play.board.view  # type: ignore[attr-defined]
        geometry = view.geometry
        numbers = view.number_centres()
        assert [number for number, _ in numbers] == list(range(1, 2 * geometry.side))
        assert len(view.row_letter_centres()) == len(geometry.rows)
        plate = pygame.Surface(driver.app.size)
        pygame.draw.polygon(
            plate, (255, 255, 255), hexagon(view.centre, view.spacing * (geometry.side - 1 + PLATE_GROW))
        )
        # Each reserve pile at its fullest, and its count beside it (a pile's rect has room for Grand's).
        disc = view.disc_width()
        stacks = math.ceil(geometry.pieces_per_side / PILE_STACK)
        count_size = max(12, int(disc * 0.5))
        count_w = driver.app.theme.measure(
            str(geometry.pieces_per_side), theme.SCORE_ROLE, count_size, bold=True
        )
        span = round(disc * (PILE_STEP * (stacks - 1) + 1.2)) + count_w
        piles = [pygame.Rect(rect.x, rect.y, span, rect.height) for rect in view.reserve_rects]
        for number, (x, y) in numbers:
            label = pygame.Rect(0, 0, view.row_letter_size(), view.row_letter_size())
            label.center = (round(x), round(y))
            assert play.board.rect.contains(label), number  # type: ignore[attr-defined]
            assert not any(label.colliderect(pile) for pile in piles), number
            reach = view.row_letter_size() // 3  # about a digit's half height
            for dx, dy in ((0, 0), (-reach, -reach), (reach, -reach), (-reach, reach), (reach, reach)):
                assert plate.get_at((label.centerx + dx, label.centery + dy))[:3] == (0, 0, 0), number
            # On the line of the points numbered so in the lower half, beyond the last of them.
            points = [
                row[number - 1] for row in geometry.rows[len(geometry.rows) // 2 :] if len(row) >= number
            ]
            x0, y0 = view.point_centre(points[0])
            length = math.hypot(x - x0, y - y0)
            for point in points[1:]:
                px, py = view.point_centre(point)
                assert abs((x - x0) * (py - y0) - (y - y0) * (px - x0)) / length < 2, number
                assert math.hypot(px - x0, py - y0) < length, number
    finally:
        driver.app.close()
