"""Lionheart through the real App and scenes, driven by posted mouse and key events."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import instant_ai
import pygame
import pytest
from starting import start_match
from waiting import frames_until

from game import i18n
from game.driver import Driver
from game.engine import saves
from game.engine.core import CHANCE
from game.engine.lionheart import Action, Battle, Move
from game.engine.match import Match, Player
from game.engine.stats import Statistics
from game.games import game
from game.scenes.lionheart.board import LionheartBoard
from game.scenes.lionheart.builder import army_tally
from game.scenes.lionheart.demos import MATCH_DEMOS
from game.scenes.lionheart.words import battle_log, hint_text
from game.scenes.match import MatchScene
from game.scenes.menu import MenuScene
from game.scenes.results import ResultsScene
from game.scenes.resume import open_match

RULES = game("lionheart").load_rules()
LEVELS = {"standard": 0, "builder": 1, "ambush": 2, "line": 3}
"""Level select's card of each shipped battle."""


@pytest.fixture
def driver() -> Iterator[Driver]:
    driver = Driver.fast(game="lionheart")
    yield driver
    driver.app.close()


def _choose(battle: Battle, rng: random.Random) -> Move:
    """A fierce player: an attack when there is one (mostly), else mostly a step forward."""
    moves = battle.legal_moves()
    if battle.in_setup:
        places = [move for move in moves if move.action is Action.PLACE]
        return rng.choice(places) if places and rng.random() < 0.9 else rng.choice(moves)
    attacks = [move for move in moves if move.action is Action.ATTACK]
    if attacks and rng.random() < 0.85:
        return rng.choice(attacks)
    forward = [
        move
        for move in moves
        if move.action is Action.MOVE
        and (int(move.target[1:]) - int(move.square[1:])) * (1 if battle.turn == 0 else -1) > 0
    ]
    if forward and rng.random() < 0.8:
        return rng.choice(forward)
    return rng.choice(moves)


def test_a_whole_game_against_the_computer_by_mouse(driver: Driver) -> None:
    play = start_match(driver, LEVELS["standard"], computer="beginner")
    assert play.match.player(1).level == "beginner"
    assert play.match.at_chance, "the opening roll comes first"
    rng = random.Random(4)
    rolls = 0
    for _ in range(600):
        assert frames_until(driver, lambda: play.match.is_over or play.human_turn())
        if play.match.is_over:
            break
        before = play.match.ply
        move = _choose(play.match.position, rng)
        driver.play_move(move)
        assert play.match.ply > before and play.match.moves[before] == move, move
        rolls = sum(1 for seat, _ in play.match.history() if seat == CHANCE)
    assert play.match.is_over
    assert rolls > 4
    assert driver.until(lambda: isinstance(driver.top, ResultsScene), max_frames=600)
    driver.press("menu")
    assert isinstance(driver.top, MenuScene)
    stats = Statistics.load("lionheart")
    assert len(stats.records) == 1 and stats.records[0].opponent == "computer"


def test_two_people_set_up_an_army_behind_the_curtain(driver: Driver) -> None:
    play = start_match(driver, LEVELS["builder"])
    match = play.match
    board = play.board
    assert match.in_setup and match.turn == 0 and play.curtain_seat() is None
    assert play.hidden_seat() == 1
    # Gold chooses its bases in the builder and places them by clicks; Ready is refused short of ten.
    for text in ("N@d1", "A@c1", "I@d2", "P3@b2", "R2@g2"):
        driver.play_move(Move.from_text(text))
    assert [str(move) for move in match.moves] == ["N@d1", "A@c1", "I@d2", "P3@b2", "R2@g2"]
    driver.click(board.builder.done_rect.center)  # Ready, with six bases of ten
    assert match.ply == 5 and match.turn == 0 and play.toast is not None
    assert play.toast[0] == "Place 4 more bases first"
    # A square outside the home ranks is refused, with a reason.
    driver.click(board.builder.point_of("I", 4))
    driver.click(board.view.centre("e9"))
    assert match.ply == 5 and play.toast is not None
    for text in ("I@c2", "M@e2", "N@f1", "A@g1"):
        driver.play_move(Move.from_text(text))
    # The tenth base stands: Gold looks its army over; nothing hands over until Ready.
    assert len(match.position.army(0)) == 10 and match.turn == 0
    driver.frames(30)
    assert match.in_setup and match.turn == 0 and play.curtain_seat() is None and play.human_turn()
    driver.click(board.view.centre("h1"))
    assert (
        match.ply == 9
        and play.toast is not None
        and play.toast[0] == "Your ten bases are placed: press Ready"
    )
    driver.click(board.builder.done_rect.center)  # Ready
    # Silver's turn: the curtain hides the field; Gold's units are not shown.
    assert play.curtain_seat() == 1 and play.hidden_seat() == 0 and not play.human_turn()
    assert board.score_text(0, board.displayed_score(0)) == "?"
    driver.click(board.rect.center)
    assert play.curtain_seat() is None and play.human_turn()
    assert not play.can_undo(), "Silver cannot go back into Gold's set-up"
    for text in ("I@e9", "A@d10", "M@f9", "I@a9", "I@b9", "I@c9", "N@c10", "N@g10", "A@i10"):
        driver.play_move(Move.from_text(text))
    assert match.in_setup and match.turn == 1 and play.human_turn()
    driver.key(pygame.K_d)  # Ready, from the keyboard
    assert not match.in_setup and play.hidden_seat() is None
    assert driver.until(lambda: not match.at_chance, max_frames=120)
    assert match.turn in (0, 1) and match.position.actions == 2
    assert board.turn_state()[match.turn].endswith("2 actions left")


def test_against_the_computer_the_tenth_base_waits_for_ready_and_the_computer_sets_up_alone(
    driver: Driver,
) -> None:
    play = start_match(driver, LEVELS["builder"], computer="casual")
    match = play.match
    for text in ("M@d2", "M@f2", "H2@e2", "I@c2", "I@g2", "N@d1", "N@f1", "A@c1"):
        driver.play_move(Move.from_text(text))
    assert match.turn == 0 and play.human_turn()
    driver.play_move(Move.from_text("A@g1"))
    driver.frames(60)  # the computer is never asked while the person looks the army over
    assert match.in_setup and match.turn == 0 and not match.computer_to_move and play.human_turn()
    assert match.legal_moves() == [Move.done()]
    assert play.board.instructions() == "Look your army over, then press Ready"
    driver.key(pygame.K_d)  # Ready
    assert match.turn == 1 and match.computer_to_move
    assert frames_until(driver, lambda: not match.in_setup)
    assert len(match.position.army(1)) == 10 and match.moves.count(Move.done()) == 2


def test_resign_is_not_offered_before_the_battle(driver: Driver) -> None:
    play = start_match(driver, LEVELS["builder"], computer="casual")
    match = play.match
    driver.frames(1)
    assert match.in_setup and play.human_turn()
    assert not play.can_resign() and not play.panel.widgets["resign"].enabled
    play.ask_resign()  # what the pause menu and the panel's keyboard focus would call
    driver.frames(1)
    assert driver.top is play and not match.is_over
    driver.key(pygame.K_ESCAPE)  # the pause menu: its Resign is greyed too
    assert driver.top is not play and not driver.top.widgets["resign"].enabled
    driver.key(pygame.K_ESCAPE)
    assert driver.top is play
    for text in ("M@d2", "M@f2", "H2@e2", "I@c2", "I@g2", "N@d1", "N@f1", "A@c1", "A@g1", "done"):
        driver.play_move(Move.from_text(text))
    assert frames_until(driver, lambda: not match.in_setup and play.human_turn())
    driver.frames(1)
    assert play.can_resign() and play.panel.widgets["resign"].enabled


def test_the_builder_counts_bases_in_its_header_and_on_its_cards(driver: Driver) -> None:
    play = start_match(driver, LEVELS["builder"])
    for text in ("N@d1", "P3@b2"):
        driver.play_move(Move.from_text(text))
    driver.app.theme.drawn = []
    driver.frames(1)
    texts = [line.text for line in driver.app.theme.drawn]
    driver.app.theme.drawn = None
    assert "Your army: 7 bases left to place" in texts
    # Knights: one base of two left (not "2 left" figures); peasants: one base (of the one figure left);
    # infantry: five bases; mercenaries: one.
    assert texts.count("1 base left") == 3 and "5 bases left" in texts and "2 bases left" in texts
    assert not any(text.endswith(" left") and "base" not in text for text in texts)
    _, tallies = army_tally(play.match.position, 0)
    assert {tally.kind: tally.bases_left for tally in tallies} == {
        "N": 1,
        "A": 2,
        "I": 5,
        "M": 2,
        "H": 2,
        "P": 1,
        "R": 1,
    }


def test_the_keyboard_chooses_turns_and_attacks(driver: Driver) -> None:
    match = Match(
        RULES, "gI4e4N,gK1a1N,gN2c3N,sI4e5S,sK1i10S,sA4h10S g 2 1 -", (Player.human(), Player.human()), seed=3
    )
    play = open_match(driver.app, match, "Keys")
    driver.frames(1)
    board = play.board
    assert isinstance(board, LionheartBoard)
    board.cursor = "c3"
    driver.key(pygame.K_RETURN)  # shows the cursor
    driver.key(pygame.K_RETURN)  # chooses the knights
    assert board.selected == "c3"
    driver.key(pygame.K_e)  # turn east
    assert str(match.moves[-1]) == "c3:E"
    assert board.selected == "c3", "the unit stays chosen for its next action"
    driver.key(pygame.K_ESCAPE)
    assert board.selected is None
    # Gold attacks with the keyboard: the cursor to e4, Enter, up to e5 (the odds are shown), Enter.
    board.cursor = "e3"
    driver.key(pygame.K_UP)
    assert board.cursor == "e4"
    driver.key(pygame.K_RETURN)
    assert board.selected == "e4"
    driver.key(pygame.K_UP)
    assert board.pointed_attack() == Move.from_text("e4xe5")
    driver.frames(1)  # the odds are drawn
    driver.key(pygame.K_RETURN)
    assert Move.from_text("e4xe5") in match.moves
    assert driver.until(lambda: not match.at_chance, max_frames=60)
    assert isinstance(match.moves[-1], tuple)
    assert battle_log(match.start_text, match.moves)[-1].startswith("Gold infantry rolls 4:")
    if match.is_over or match.turn != 1:
        return
    # Silver: Shift and an arrow turn the chosen unit.
    board.cursor = "h10"
    driver.key(pygame.K_RETURN)
    assert board.selected == "h10"
    driver.key(pygame.K_LEFT, mod=pygame.KMOD_SHIFT)
    assert str(match.moves[-1]) == "h10:W"
    driver.key(pygame.K_UP, mod=pygame.KMOD_SHIFT)
    assert str(match.moves[-1]) == "h10:N" and match.turn == 0


def test_undo_goes_back_a_turn_and_never_across_a_roll(driver: Driver) -> None:
    match = Match(
        RULES, "gI4e4N,gK1a1N,gN2c3N,sI4e5S,sK1i10S,sA4h10S g 2 1 -", (Player.human(), Player.human()), seed=9
    )
    play = open_match(driver.app, match, "Undo")
    driver.frames(1)
    driver.play_move(Move.from_text("c3-c5"))
    assert play.can_undo()
    play.undo()
    assert match.ply == 0
    driver.play_move(Move.from_text("c3-c4"))
    driver.play_move(Move.from_text("e4xe5"))
    assert driver.until(lambda: not match.at_chance, max_frames=60)
    rolled = match.ply
    assert isinstance(match.moves[-1], tuple)
    assert not play.can_undo(), "the roll is a barrier"
    if match.turn == 1 and not match.is_over:
        driver.play_move(next(move for move in match.legal_moves() if move.action is Action.TURN))
        assert play.can_undo()
        play.undo()
        assert match.ply == rolled, "back to the start of Silver's turn, no further than the roll"
        assert not play.can_undo()


def test_save_and_load_give_the_same_battle_and_the_same_dice(driver: Driver, user_data_dir: Path) -> None:
    play = start_match(driver, LEVELS["ambush"])
    rng = random.Random(2)
    for _ in range(30):
        if play.match.is_over:
            break
        assert driver.until(lambda: play.human_turn() or play.match.is_over, max_frames=120)
        driver.play_move(_choose(play.match.position, rng))
    assert driver.until(lambda: play.human_turn() or play.match.is_over, max_frames=120)
    match = play.match
    assert any(isinstance(entry, tuple) for entry in match.moves)
    path = saves.save_game("Ambush test", match, level_name="Mercenary ambush")
    text = path.read_text(encoding="utf-8")
    assert '[Game "lionheart"]' in text
    loaded, _ = saves.load_game(path)
    assert loaded.position.text() == match.position.text()
    assert [RULES.move_text(entry) for entry in loaded.moves] == [
        RULES.move_text(entry) for entry in match.moves
    ]
    # The dice to come are the same: attack on both and roll.
    if not match.is_over:
        for _attempt in range(40):
            attacks = [
                move
                for move in match.legal_moves()
                if move.action is Action.ATTACK and not match.position.is_bribe(move)
            ]
            move = attacks[0] if attacks else match.legal_moves()[0]
            match.play(move)
            loaded.play(move)
            if match.at_chance:
                assert match.roll() == loaded.roll()
                break
            if match.is_over:
                break
    # Through the Load screen: the same battle on the match screen.
    driver.app.router.home()
    driver.press("load")
    load = driver.top
    driver.click(load.row_rect(load.index_of("Ambush test")).center)
    resumed = driver.top
    assert isinstance(resumed, MatchScene) and isinstance(resumed.board, LionheartBoard)
    assert resumed.match.position.text() == loaded.position.text() or resumed.match.ply <= loaded.ply


def test_the_hint_says_the_action_in_words(driver: Driver) -> None:
    match = Match(
        RULES, "gA4c1N,gK1a1N,sI4d4S,sK1i10S g 2 1 -", (Player.human(), Player.computer("casual")), seed=3
    )
    play = open_match(driver.app, match, "Hint")
    driver.frames(1)
    assert hint_text(match.position, Move.from_text("c1xd4")) == (
        "Your archers at c1 can shoot the infantry at d4: 4 dice, 1.3 hits expected"
    )
    driver.press("hint")
    assert frames_until(driver, lambda: play.board.hint_move is not None)
    headline, detail, _ = play.status_text()
    assert headline.startswith("Hint:") and detail == hint_text(match.position, play.board.hint_move)
    driver.frames(2)


def _french(user_data_dir: Path) -> None:
    user_data_dir.mkdir(parents=True, exist_ok=True)
    (user_data_dir / "settings.json").write_text('{"schema_version": 2, "language": "fr"}', encoding="utf-8")


@pytest.mark.parametrize("size", [(640, 480), (1920, 1080)])
def test_the_screen_in_french(size: tuple[int, int], user_data_dir: Path) -> None:
    _french(user_data_dir)
    driver = Driver.fast(game="lionheart", size=size)
    try:
        i18n._missing.clear()
        play = start_match(driver, LEVELS["standard"])
        rng = random.Random(3)
        for _ in range(40):
            assert driver.until(lambda: play.human_turn() or play.match.is_over, max_frames=120)
            if play.match.is_over:
                break
            driver.play_move(_choose(play.match.position, rng))
        assert driver.until(play.human_turn, max_frames=120)
        board = play.board
        attacks = [move for move in play.match.legal_moves() if move.action is Action.ATTACK]
        if attacks:
            driver.click(board.view.centre(attacks[0].square))
            driver.move_mouse(board.view.centre(attacks[0].target))
            driver.frames(2)
        enemy = next(unit for unit in play.match.position.units if unit.owner != play.match.turn)
        board.selected = None
        driver.click(board.view.centre(enemy.square))  # a refusal, in French
        assert play.toast is not None and "unités" in play.toast[0]
        assert not i18n.missing_translations(), i18n.missing_translations()
        assert board.view.rect.right < play.panel.rect.left
        assert pygame.Rect((0, 0), size).contains(board.view.tray)
        lines = battle_log(play.match.start_text, play.match.moves)
        assert lines and all("rolls" not in line for line in lines)
    finally:
        driver.app.close()
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(640, 480), (1920, 1080)])
@pytest.mark.parametrize(
    "name", [*MATCH_DEMOS, "campaign-battle"]
)  # the campaign's battle is a match screen too
def test_the_demos_render(name: str, size: tuple[int, int], user_data_dir: Path) -> None:
    driver = Driver.fast(game="lionheart", size=size, demo=name, animation="normal", instant=False)
    try:
        driver.app.theme.drawn = []
        driver.frames(4)
        top = driver.top
        assert isinstance(top, MatchScene) and isinstance(top.board, LionheartBoard)
        cut = [text.text for text in driver.app.theme.drawn if text.cut]
        assert not cut, cut
        area = pygame.Rect((0, 0), size)
        assert area.contains(top.board.view.rect) and area.contains(top.board.view.tray)
    finally:
        driver.app.theme.drawn = None
        driver.app.close()


def test_the_attract_mode_plays_lionheart_battles_to_the_end(user_data_dir: Path) -> None:
    from game.scenes.attract import AttractScene

    driver = Driver.fast()
    try:
        instant_ai.install(driver.app)  # the attract mode's test, not the search's
        driver.app.router.reset("attract", random.Random(1))
        for _ in range(12):
            if driver.top.definition.key == "lionheart":
                break
            driver.top.next_game()
            driver.frames(1)
        attract = driver.top
        assert isinstance(attract, AttractScene) and attract.definition.key == "lionheart"
        games_before = attract.games
        assert driver.until(lambda: attract.games > games_before, max_frames=20000)
    finally:
        driver.app.close()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_tray_below_a_small_field_never_cuts_what_a_roll_did(language: str, user_data_dir: Path) -> None:
    """At 640x480 the tray below the field has three short rows for the newest line: a roll whose line is
    too long for them ("Silver peasants roll 4: 2 axes, 1 arrow, 1 panic — Gold king is destroyed —
    Silver peasants panic and run…") shows what it did, the dice being drawn beside it; none is cut."""
    from game.engine.match import MatchConfig
    from game.scenes.level_cards import available_levels
    from game.scenes.lionheart.words import read_battle

    i18n.set_language(language)
    driver = Driver.fast(game="lionheart", size=(640, 480))
    try:
        levels, _ = available_levels(driver.app.game)
        config = MatchConfig(vs_computer=False)
        level = levels[LEVELS["line"]]
        battle = Match(RULES, level.position, (Player.human("You"), Player.human("Friend")), seed=4)
        play = driver.app.router.push("match", config, level, match=battle)
        assert isinstance(play, MatchScene) and isinstance(play.board, LionheartBoard)
        rng = random.Random(4)
        match = play.match
        shortened = 0
        while not match.is_over and match.ply < 400:
            if match.at_chance:
                match.roll()
                play.board.anim = None  # the line as it stands once the dice have landed
                driver.app.theme.drawn = []
                driver.app.draw()
                cut = [text.text for text in driver.app.theme.drawn if text.cut]
                assert not cut, (match.ply, cut)
                record = read_battle(match.start_text, match.moves)
                if record.lines and record.lines[-1][0] == match.ply - 1:
                    tray = play.board.view.tray
                    shown = " ".join(text.text for text in driver.app.theme.drawn if text.container == tray)
                    lead = record.lines[-1][1].split(" — ")[0]
                    shortened += lead.split(":")[0] not in shown
            else:
                match.play(_choose(match.position, rng))
        assert match.is_over
        assert shortened, "no line of this battle was too long for the tray: the test shows nothing"
    finally:
        driver.app.theme.drawn = None
        driver.app.close()
        i18n.set_language("en")
