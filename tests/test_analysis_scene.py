"""The analysis screen through the real scenes, driven by scripted events: from the results and from Load,
the progress and Cancel, stepping with the keys, the graph and the move list, the line, Export, Back."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import ataxx.pgn
import pygame
import pytest
from waiting import frames_until

from game.ai.analysis import (
    Mark,
)
from game.ai.analysis_run import RunState
from game.driver import Driver
from game.engine import saves
from game.engine.ataxx.rules import RULES
from game.engine.lionheart.rules import RULES as LIONHEART
from game.engine.match import Match, Player
from game.formats import format_percent
from game.scenes.analysis import AnalysisScene
from game.scenes.lionheart.words import battle_log
from game.scenes.resume import open_match

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search

# A game of Casual against itself from the standard start, ten plies.
GAME = ["g1f3", "b2", "b7", "b3", "e2", "b2d1", "f3d2", "c2", "e2c3", "b2"]
# Red misses the win at once (c3 or d3) and plays b1; Blue's jump to b2 takes all three Red pieces.
BLUNDER_START = "7/7/7/3o3/7/2x4/x6 x 0 1"


@pytest.fixture
def driver():
    driver = Driver.fast()
    yield driver
    driver.app.close()


def _finished(driver: Driver, scene: AnalysisScene) -> None:
    assert frames_until(driver, lambda: scene.finished), "the analysis never finished"


def _blunder_results(driver: Driver) -> None:
    """The blunder game played by clicks to its end: the results are on top."""
    open_match(driver.app, Match(RULES, BLUNDER_START, (Player.human(), Player.human())), "Two moves")
    for move in ("b1", "d4b2"):
        driver.play_move(RULES.parse_move(move))
    assert driver.until(lambda: driver.top.name == "results", max_frames=120)


def _analysis_of(driver: Driver, moves: list[str], start: str | None = None) -> AnalysisScene:
    match = Match(RULES, start, (Player.human("You"), Player.computer("casual")))
    for move in moves:
        match.play(RULES.parse_move(move))
    scene = driver.app.router.push("analysis", match, "Classic")
    driver.frames(1)
    assert isinstance(scene, AnalysisScene)
    return scene


def test_analyse_from_the_results_judges_the_game_and_back_returns(driver: Driver) -> None:
    _blunder_results(driver)
    driver.press("analyse")
    scene = driver.top
    assert isinstance(scene, AnalysisScene)
    _finished(driver, scene)
    assert not scene.widgets["cancel"].visible and scene.widgets["export"].enabled
    marks = [verdict.mark for verdict in scene.review.verdicts if verdict is not None]
    assert marks == [Mark.BLUNDER, Mark.BEST]
    # The first move on show: played in the start; the better move is the board's hint arrow.
    assert scene.cursor == 0 and str(scene.board.hint_move) in ("c3", "d3")
    heading, mark, lines = scene.panel.verdict_text()
    assert heading == "1. Red b1" and mark is not None and "Blunder" in mark[0]
    assert any(text.startswith("Better: ") for text, _ in lines)
    driver.press("back")
    assert driver.top.name == "results"


def test_the_keys_step_through_the_game_with_the_board_and_the_graph(driver: Driver) -> None:
    scene = _analysis_of(driver, GAME)
    _finished(driver, scene)
    driver.key(pygame.K_RIGHT)
    assert scene.cursor == 1 and [str(move) for move in scene.view.moves] == GAME[:1]
    driver.key(pygame.K_END)
    assert scene.cursor == len(GAME) and scene.view.ply == len(GAME)
    assert scene.panel.verdict_text()[0] == "Last position", "a game saved before its end"
    driver.key(pygame.K_LEFT)
    assert scene.cursor == len(GAME) - 1 and scene.view.ply == len(GAME) - 1
    driver.key(pygame.K_HOME)
    assert scene.cursor == 0 and scene.view.ply == 0
    # Up and Down go to the moves marked an inaccuracy or worse (or buzz when there is none).
    bad = [
        v.index
        for v in scene.review.verdicts
        if v is not None and v.mark in (Mark.INACCURACY, Mark.MISTAKE, Mark.BLUNDER)
    ]
    driver.key(pygame.K_DOWN)
    assert scene.cursor == (bad[0] if bad else 0)


def test_a_click_on_the_graph_and_on_the_move_list_shows_that_move(driver: Driver) -> None:
    scene = _analysis_of(driver, GAME)
    _finished(driver, scene)
    plot = scene.graph.plot
    # The stretch of move 7 (played in position 7 of 10 steps) is 70 to 80% along the graph.
    driver.click((plot.x + plot.width * 3 // 4, plot.centery))
    assert scene.cursor == 7 and scene.view.ply == 7
    assert scene.graph.hover == 7
    driver.click(scene.panel.moves.row_rect(2).center)
    assert scene.cursor == 2 and scene.panel.moves.rows[2].index == 2


def test_show_line_plays_the_computers_line_on_the_board(driver: Driver) -> None:
    scene = _analysis_of(driver, GAME)
    _finished(driver, scene)
    line = scene.analysis.main[0].search.line
    assert line, "the search's line from the start"
    driver.key(pygame.K_l)
    assert scene.line is not None and scene.widgets["line"].label == "Hide line"
    assert driver.until(lambda: scene.line_shown == len(scene.line), max_frames=600)
    assert [str(move) for move in scene.view.moves] == [str(move) for move in scene.line]
    driver.press("line")
    assert scene.line is None and scene.view.ply == 0, "back to the game"


def test_cancel_stops_the_analysis_and_analyse_starts_it_again(driver: Driver) -> None:
    driver.app.options.ai_time_budget = (
        None  # a second a position for Deep: still searching when Cancel comes
    )
    scene = _analysis_of(driver, GAME)
    driver.click(scene.strength_choice.rects[2].center)
    assert scene.strength == "deep" and scene.running
    assert scene.widgets["cancel"].visible and not scene.widgets["analyse"].visible
    driver.frames(3)
    assert scene.running, "a frame never waits for the search"
    driver.press("cancel")
    assert scene.run is not None and scene.run.state is RunState.CANCELLED
    assert scene.panel.verdict_text()[2][0][0] == "Not analysed"
    driver.app.options.ai_time_budget = 0.02
    driver.press("analyse")
    _finished(driver, scene)


def test_export_writes_annotated_pgn_in_the_analyses_folder(driver: Driver, user_data_dir: Path) -> None:
    _blunder_results(driver)
    driver.press("analyse")
    scene = driver.top
    assert isinstance(scene, AnalysisScene)
    _finished(driver, scene)
    driver.press("export")
    files = list((user_data_dir / "analyses").glob("*.pgn"))
    assert len(files) == 1 and files[0].name.startswith("Two moves analysis ")
    assert scene.toast is not None and str(files[0]) in scene.toast[0]
    text = files[0].read_text(encoding="utf-8")
    assert "{?? Blunder." in text
    assert [str(node.move) for node in ataxx.pgn.parse(text).main_line()] == ["b1", "d4b2"]


def test_analyse_from_the_load_screen_opens_that_game_and_back_returns(driver: Driver) -> None:
    match = Match(RULES, players=(Player.human("You"), Player.computer("casual")))
    for move in GAME:
        match.play(RULES.parse_move(move))
    saves.save_game("Ten plies", match, level_name="Classic")
    driver.press("load")
    load = driver.top
    load.selected = load.index_of("Ten plies")  # type: ignore[attr-defined]
    load.relayout()  # type: ignore[attr-defined]
    driver.press("analyse_save")
    scene = driver.top
    assert isinstance(scene, AnalysisScene)
    assert [str(move) for move in scene.entries] == GAME and scene.save_name == "Ten plies"
    _finished(driver, scene)
    driver.key(pygame.K_ESCAPE)
    assert driver.top.name == "load"


def test_the_kiosk_analyses_but_keeps_no_file(driver: Driver) -> None:
    kiosk = Driver.fast(kiosk=True)
    try:
        scene = _analysis_of(kiosk, GAME)
        assert not scene.widgets["export"].visible
        assert scene.widgets["back"].visible
    finally:
        kiosk.app.close()


def test_lionheart_shows_the_dice_and_each_sides_luck(driver: Driver) -> None:
    driver.app.choose_game("lionheart")
    start = "gI4e4N,gK1a1N,sI4e5S,sK1i10S g 2 1 -"
    match = Match(LIONHEART, start, (Player.human(), Player.human()))
    match.play(LIONHEART.parse_move("e4xe5"))
    match.replay(LIONHEART.parse_move("HHFP"))
    scene = driver.app.router.push("analysis", match, "")
    driver.frames(1)
    assert isinstance(scene, AnalysisScene)
    _finished(driver, scene)
    heading, _, lines = scene.panel.verdict_text()
    assert heading == "1. Gold e4xe5" and ("Judged before the dice: their average", lines[1][1]) == lines[1]
    driver.key(pygame.K_RIGHT)
    heading, _, lines = scene.panel.verdict_text()
    assert heading == "Dice: 2 axes, 1 arrow, 1 panic"
    assert lines[0][0] == "2 hits for 2.0 expected"
    assert scene.review.luck is not None and scene.review.luck[0].rolled == 2


def test_an_attacks_expected_result_after_it_is_never_a_question_mark(driver: Driver) -> None:
    """ "Gold: from 53% to ?" after an attack: the roll after it was not searched. The expectation over the
    dice is said, and while it is still unknown, the result before the move alone."""
    driver.app.choose_game("lionheart")
    start = "gI4e4N,gK1a1N,sI4e5S,sK1i10S g 2 1 -"
    match = Match(LIONHEART, start, (Player.human(), Player.human()))
    match.play(LIONHEART.parse_move("e4xe5"))
    match.replay(LIONHEART.parse_move("HHFP"))
    scene = driver.app.router.push("analysis", match, "")
    assert isinstance(scene, AnalysisScene)
    _finished(driver, scene)
    _, _, lines = scene.panel.verdict_text()
    assert lines[0][0].startswith("Gold: from ") and "?" not in lines[0][0], lines
    verdict = scene.review.verdicts[0]
    assert verdict is not None and verdict.before is not None
    unknown = dataclasses.replace(verdict, after=None, mark=None)
    scene.review = dataclasses.replace(scene.review, verdicts=(unknown, *scene.review.verdicts[1:]))
    _, _, lines = scene.panel.verdict_text()
    assert lines[0][0] == f"Gold: {format_percent(verdict.before)} before the move", lines


@pytest.mark.parametrize("size", [(640, 480), (1920, 1080)], ids=["640x480", "1920x1080"])
def test_lionheart_battle_log_tells_the_roll_of_the_attack_on_show(
    size: tuple[int, int], recorded: list[str], user_data_dir: Path
) -> None:
    # The field shows the position the attack was played in; the log beside it stayed on its placeholder
    # ("The battle log: every attack and its dice") though the game knows the roll that followed.
    driver = Driver.fast(size=size, game="lionheart")
    try:
        start = "gI4e4N,gK1a1N,sI4e5S,sK1i10S g 2 1 -"
        match = Match(LIONHEART, start, (Player.human(), Player.human()))
        match.play(LIONHEART.parse_move("e4xe5"))
        match.replay(LIONHEART.parse_move("HHFP"))
        (line,) = battle_log(start, match.moves)
        scene = driver.app.router.push("analysis", match, "")
        assert isinstance(scene, AnalysisScene)
        for step in (0, 1, 1):  # the attack on show, its roll on show, the end
            if step:
                driver.key(pygame.K_RIGHT)
                driver.frames(40)  # the step's animation over
            recorded.clear()
            driver.frames(1)
            assert "The battle log: every attack and its dice" not in recorded
            assert "Rolling the dice…" not in recorded
            # Below a small field the dice stand beside what the roll did, when the whole line has no room.
            told = " ".join(" ".join(recorded).split())  # a line wrapped over rows, told again as one
            assert line in told or line.split(" — ", 1)[1] in recorded, (scene.cursor, recorded)
    finally:
        driver.app.close()


@pytest.mark.parametrize("size", [(640, 480), (1920, 1080)], ids=["640x480", "1920x1080"])
def test_lionheart_analysis_fits_in_french(
    size: tuple[int, int], user_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The demonstration's Ataxx analysis is in every screen's text check; Lionheart's panel has more lines
    # (each side's dice) and longer French.
    from test_text_fits import _drawn, problems

    from game.i18n import set_language
    from game.ui.settings import Settings

    settings = Settings.load()
    settings.language = "fr"
    settings.save()
    french = Driver.fast(size=size, audio=False, game="lionheart")
    try:
        match = Match(LIONHEART, players=(Player.human("Vous"), Player.computer("casual")), seed=3)
        while match.ply < 40 and not match.is_over:
            if match.at_chance:
                match.roll()
            else:
                match.play(match.legal_moves()[match.ply % len(match.legal_moves())])
        scene = french.app.router.push("analysis", match, "La bataille")
        _finished(french, scene)
        scene.jump_to_mark(1)
        french.frames(2)
        found = problems(_drawn(french, monkeypatch), french.app.screen)
        assert not found, found
    finally:
        french.app.close()
        set_language("en")


def test_attangle_is_analysed_and_stepped_like_any_game(driver: Driver) -> None:
    from game.engine.attangle.rules import RULES as ATTANGLE

    driver.app.choose_game("attangle")
    # A search that completes no depth in its time judges nothing: on a busy machine 0.02 s may not be
    # enough for the open board's first depth (nor, a helper's benchmark beside it, 0.1 s once), so these
    # five positions get half a second each, some hundred times what the first depth takes.
    driver.app.options.ai_time_budget = 0.5
    match = Match(ATTANGLE, players=(Player.human(), Player.human()))
    for move in ("d3", "c3", "e3", "b2"):
        match.play(ATTANGLE.parse_move(move))
    scene = driver.app.router.push("analysis", match, "")
    _finished(driver, scene)
    assert [v.seat for v in scene.review.verdicts if v is not None and v.mark is not None] == [0, 1, 0, 1]
    for _ in range(4):
        driver.key(pygame.K_RIGHT)
    assert scene.view.ply == 4 and scene.panel.verdict_text()[0] == "Last position"
    driver.key(pygame.K_HOME)
    assert scene.view.ply == 0 and scene.board.position.text() == match.start_text


def test_the_strength_chosen_is_kept_for_the_next_analysis(driver: Driver) -> None:
    scene = _analysis_of(driver, GAME)
    assert scene.strength == "normal"
    driver.click(scene.strength_choice.rects[0].center)
    assert scene.strength == "quick" and driver.app.settings.analysis_strength == "quick"
    driver.press("back")
    again = _analysis_of(driver, GAME)
    assert again.strength == "quick" and again.strength_choice.value == "quick"


@pytest.mark.parametrize("size", [(640, 480), (1920, 1080)])
def test_every_mark_shows_in_the_move_list_good_ones_too(size: tuple[int, int]) -> None:
    """The move list marks each move as the README's categories say: a dot for the best, a tick for a good
    one, the glyph of a worse one; each in its mark's colour."""
    import dataclasses

    from game.scenes.analysis_moves import MARK_COLOURS

    driver = Driver.fast(size=size)
    try:
        scene = _analysis_of(driver, GAME)
        _finished(driver, scene)
        marks = [Mark.BEST, Mark.GOOD, Mark.INACCURACY, Mark.GOOD, Mark.BLUNDER, Mark.MISTAKE]
        verdicts = list(scene.review.verdicts)
        for index, mark in enumerate(marks):
            assert verdicts[index] is not None
            verdicts[index] = dataclasses.replace(verdicts[index], mark=mark)  # type: ignore[type-var]
        scene.review = dataclasses.replace(scene.review, verdicts=tuple(verdicts))
        scene.panel.moves.scroll = 0
        driver.frames(1)
        screen = driver.app.screen
        for index, mark in enumerate(marks):
            row = scene.panel.moves.row_rect(index)
            right = pygame.Rect(row.right - row.height * 2, row.y, row.height * 2, row.height)
            colours = {
                tuple(screen.get_at((x, y)))[:3]
                for x in range(right.x, right.right)
                for y in range(right.y, right.bottom)
            }
            wanted = MARK_COLOURS[mark]
            assert any(
                max(abs(a - b) for a, b in zip(colour, wanted, strict=True)) <= 24 for colour in colours
            ), (
                index,
                mark,
            )
    finally:
        driver.app.close()


@pytest.mark.parametrize(
    ("key", "start", "moves", "places"),
    [
        ("ataxx", None, GAME[:6], 2),  # b2d1: the piece leaving b2, and d1
        ("lionheart", "gI4e4N,gK1a1N,sI4e5S,sK1i10S g 2 1 -", ["e4xe5", "HHFP"], 2),  # both infantries
        (
            "lionheart",
            "gI4e4N,gK1a1N,sI4e5S,sK1i10S g 2 1 -",
            ["e4:E"],
            1,
        ),  # a turn: the unit, not its handle
    ],
)
def test_the_rings_of_the_move_played_leave_its_pieces_in_sight(
    driver: Driver, key: str, start: str | None, moves: list[str], places: int
) -> None:
    """The move on show is ringed round its places: inside each ring, the board is as it was drawn. A
    Lionheart unit fills its square, which is marked round: the whole square is as drawn (its corners and
    the figures' badge too)."""
    driver.app.choose_game(key)
    rules = driver.app.game.load_rules()
    match = Match(rules, start, (Player.human(), Player.human()))
    for text in moves:
        match.replay(rules.parse_move(text))
    scene = driver.app.router.push("analysis", match, "")
    assert isinstance(scene, AnalysisScene)
    driver.frames(1)
    index = len(moves) - 1 if key == "ataxx" else 0
    scene.show(index)
    scene.ensure_layout()
    surface = pygame.Surface(driver.app.size)
    scene.board.draw(surface)
    before = pygame.surfarray.array3d(surface)
    scene._draw_played(surface)
    after = pygame.surfarray.array3d(surface)
    points = scene.board.click_points(scene.entries[index])[:places]
    radius = scene.board.place_radius()
    whole = (
        radius - 1.5 if key == "lionheart" else radius * 0.75
    )  # a square's half-side, or a circle's radius
    for x, y in points:
        inside = [
            (px, py)
            for px in range(int(x - radius), int(x + radius) + 1)
            for py in range(int(y - radius), int(y + radius) + 1)
            if (
                max(abs(px - x), abs(py - y)) < whole
                if key == "lionheart"
                else (px - x) ** 2 + (py - y) ** 2 < whole**2
            )
        ]
        bad = [(px - x, py - y) for px, py in inside if (before[px, py] != after[px, py]).any()]
        assert not bad, (x, y, radius, bad[:20])
        ring = [(round(x + radius * step / 20), round(y)) for step in range(18, 27)]
        assert any((before[px, py] != after[px, py]).any() for px, py in ring), "no ring drawn"


def test_lionheart_dice_show_as_dice_not_letters(driver: Driver, recorded: list[str]) -> None:
    """The move list draws a roll's dice after the attack as the dice tray does; the move on show names
    their faces in words. No "HHFP" anywhere."""
    driver.app.choose_game("lionheart")
    start = "gI4e4N,gK1a1N,sI4e5S,sK1i10S g 2 1 -"
    match = Match(LIONHEART, start, (Player.human(), Player.human()))
    match.play(LIONHEART.parse_move("e4xe5"))
    match.replay(LIONHEART.parse_move("HHFP"))
    scene = driver.app.router.push("analysis", match, "")
    assert isinstance(scene, AnalysisScene)
    driver.frames(1)
    row = scene.panel.moves.rows[0]
    assert row.label == "e4xe5" and len(row.rolls) == 1
    icons = scene.board.roll_icons(row.rolls[0], 16)
    assert icons is not None and len(icons) == 4
    driver.key(pygame.K_RIGHT)
    recorded.clear()
    driver.frames(2)
    assert "e4xe5" in recorded and "Dice: 2 axes, 1 arrow, 1 panic" in recorded
    assert not any("HHFP" in text or "HH" in text for text in recorded), recorded
    # The dice are drawn in the row: the row's right part differs from the list's plain ground.
    rect = scene.panel.moves.row_rect(0)
    picture = pygame.surfarray.array3d(driver.app.screen.subsurface(rect))
    label_end = rect.x + driver.app.theme.measure("e4xe5", "body", scene.px(15)) + scene.px(40)
    dice_part = picture[label_end - rect.x : label_end - rect.x + 4 * rect.height]
    assert (dice_part.max(axis=2) > 180).sum() > rect.height * 4, "no ivory dice drawn after the move"
