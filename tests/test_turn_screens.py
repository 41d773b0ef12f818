"""The screens for games of turns of several actions, dice, an opening roll and a secret set-up (issue 18).

Raid (``tests/raid.py``) stands in for Lionheart: it is registered as a game
of the arcade for these tests, with a small board controller of its own, and
driven through the real match and New game screens. Ataxx's screens are
checked to be unchanged beside it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
import raid

from game import games
from game.driver import Driver
from game.engine.ataxx import Move
from game.engine.core import CHANCE
from game.engine.levels import LevelInfo
from game.engine.match import Match, MatchConfig, Player
from game.i18n import set_language
from game.scenes.board_capabilities import turn_state
from game.scenes.match import MatchScene
from game.scenes.move_list import HIDDEN_ENTRY, TurnRow, move_rows, turn_rows, wrap_groups
from game.scenes.newgame import NewGameScene
from game.scenes.parts import BoardController
from game.ui import theme
from game.ui.textbox import draw_text

RAID_LEVEL = LevelInfo("Raid", "The tests' own game.", "tests", raid.RULES.start_text, game="raid")


class RaidBoard(BoardController):
    """Raid's board for the tests: each seat's score in a box; the hidden seat's drawn as a question mark."""

    drawn_scores: dict[int, str]

    def __init__(self, scene: MatchScene) -> None:
        super().__init__(scene)
        self.drawn_scores = {}

    def displayed_score(self, seat: int) -> int:
        if self.scene.hidden_seat() == seat:
            return 0
        return int(self.position.state.scores[seat])

    def instructions(self) -> str:
        return ""

    def draw(self, surface: pygame.Surface) -> None:
        hidden = self.scene.hidden_seat()
        self.drawn_scores = {}
        for seat in (0, 1):
            box = pygame.Rect(self.rect.x, self.rect.y + seat * self.rect.height // 2, self.rect.width, 40)
            text = "?" if seat == hidden else str(self.position.state.scores[seat])
            self.drawn_scores[seat] = text
            draw_text(surface, self.app.theme, text, "title", 30, theme.SEAT_COLOURS[seat], box)


RAID = games.GameDefinition(
    key="raid",
    identity=games.GameIdentity(
        name="Raid",
        tagline="Raid",
        seats={
            palette: (games.SeatLook("Gold", (236, 184, 52)), games.SeatLook("Silver", (196, 206, 222)))
            for palette in games.PALETTE_KEYS
        },
        tile="game.scenes.lionheart.tile:draw_tile",
    ),
    rules="raid:RULES",
    board=f"{__name__}:RaidBoard",
)


@pytest.fixture
def driver(monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    monkeypatch.setattr(games, "GAMES", (*games.GAMES, RAID))
    driver = Driver.fast(size=(640, 480))
    yield driver
    driver.app.close()
    set_language("en")


def _raid_screen(
    driver: Driver, match: Match | None = None, players: tuple[Player, Player] | None = None
) -> MatchScene:
    driver.app.choose_game("raid")
    match = match or Match(raid.RULES, players=players or (Player.human(), Player.human()), seed=7)
    scene = driver.app.router.push("match", MatchConfig.for_match(match), RAID_LEVEL, match=match)
    assert isinstance(scene, MatchScene)
    driver.frames(1)
    return scene


def _raid(entries: list[str]) -> Match:
    match = Match(raid.RULES, seed=1)
    for entry in entries:
        match.replay(entry)
    return match


def _rows(match: Match) -> list[TurnRow]:
    return turn_rows(match.turn_records(), lambda _, entry: match.entry_text(entry))


# -- the move list by turns --


def test_one_row_per_turn_with_rolls_in_brackets_after_their_action() -> None:
    match = _raid(["b2", "b1", "S", "step", "gamble", "L", "hit", "gamble", "W", "step", "step"])
    assert [(row.number, row.seat, row.groups) for row in _rows(match)] == [
        (0, 0, ("b2",)),  # the set-up: no move, unnumbered
        (0, 1, ("b1",)),
        (0, None, ("[S]",)),  # the opening roll after it, a row of its own
        (1, 1, ("step", "gamble [L]")),  # numbered as every screen numbers moves (move_numbers)
        (2, 0, ("hit", "gamble [W]")),
        (2, 1, ("step", "step")),
    ]


def test_rolls_before_the_first_move_make_a_row_of_their_own() -> None:
    # Raid after its set-up: the opening roll is the first thing played.
    match = Match(raid.RULES, "2 1 - 2 0 start", seed=3)
    match.replay("G")
    match.replay("step")
    match.replay("gamble")
    match.replay("W")
    rows = _rows(match)
    assert rows[0] == TurnRow(0, None, ("[G]",))
    assert rows[1] == TurnRow(1, 0, ("step", "gamble [W]"))
    assert match.first_seat == 0
    # Several opening rolls (Lionheart's: Gold's dice, then Silver's) are one line of brackets.
    from game.engine.match import TurnRecord

    opening = TurnRecord(None, 0, ((CHANCE, "HHFP"), (CHANCE, "HFPP")))
    assert turn_rows([opening], lambda _, entry: str(entry)) == [TurnRow(0, None, ("[HHFP]", "[HFPP]"))]


def test_a_long_turn_wraps_between_its_actions() -> None:
    def measure(text: str) -> int:
        return len(text) * 10

    groups = ("e5-e6", "e5xe6 [HHFP]")
    assert wrap_groups(groups, 200, measure, 10) == ["e5-e6 e5xe6 [HHFP]"]
    assert wrap_groups(groups, 130, measure, 10) == ["e5-e6", "e5xe6 [HHFP]"]
    # A group wider than the line alone breaks between its words, never inside one.
    assert wrap_groups(groups, 70, measure, 10) == ["e5-e6", "e5xe6", "[HHFP]"]


def test_ataxx_keeps_its_two_columns_of_full_moves() -> None:
    assert move_rows([(1, "f6"), (0, "b6"), (1, "pass")], 1) == [(1, ["…"], ["f6"]), (2, ["b6"], ["pass"])]
    assert move_rows([(0, "g2"), (1, "f6"), (0, "b6")], 0) == [(1, ["g2"], ["f6"]), (2, ["b6"], [])]


def test_ataxx_screen_draws_full_moves_in_two_columns(recorded: list[str]) -> None:
    driver = Driver.fast(size=(640, 480))
    try:
        level = LevelInfo("Test", "", "tests", "x5o/7/7/7/7/7/o5x x 0 1")
        play = driver.app.router.push("match", MatchConfig(vs_computer=False), level)
        assert isinstance(play, MatchScene) and not play.panel.moves.by_turns
        for text in ("b6", "f6", "g1e3"):
            driver.play_move(Move.from_uai(text))
        assert play.panel.state_lines == 0  # no turn state: one action a turn
        recorded.clear()
        driver.frames(1)
        assert "1." in recorded and "2." in recorded
        assert "b6" in recorded and "f6" in recorded and "g1e3" in recorded
    finally:
        driver.app.close()


def test_the_raid_screen_lists_turns_whole_at_640x480(driver: Driver, recorded: list[str]) -> None:
    entries = ["b2", "b1", "S"]
    entries += ["gamble", "L", "gamble", "L", "hit", "hit", "step", "gamble", "W"] * 2
    play = _raid_screen(driver, _raid(entries))
    assert play.panel.moves.by_turns
    driver.app.theme.drawn = []
    recorded.clear()
    driver.frames(1)
    drawn = driver.app.theme.drawn
    assert drawn, "the screen records what it draws"
    assert not [line.text for line in drawn if line.cut], "nothing cut"
    moves = [line for line in drawn if line.rect.colliderect(play.panel.moves_rect)]
    assert any("gamble [W]" in line.text for line in moves)
    assert any("gamble [L]" in line.text for line in moves)
    # The turn state under the players: the actions left to the seat to move.
    assert play.match.actions_left == 2
    assert turn_state(play.board, play.match) == [
        "Gold: 2 actions left" if play.match.turn == 0 else "Silver: 2 actions left"
    ]
    assert play.panel.state_lines == 1 and any("actions left" in text for text in recorded)
    driver.app.theme.drawn = None


def test_first_seat_comes_from_the_opening_roll(driver: Driver) -> None:
    match = Match(raid.RULES, "2 1 - 2 0 start", seed=3)
    assert match.turn == CHANCE and match.first_seat == 0  # not known yet: the default
    play = _raid_screen(driver, match)
    assert driver.until(lambda: play.match.ply >= 1, max_frames=30)
    seat = 0 if play.match.moves[0] == "G" else 1
    assert play.first_seat == match.first_seat == seat == play.match.turn
    assert turn_state(play.board, play.match) is not None


# -- New game --


def test_new_game_says_the_dice_decide_who_starts(driver: Driver, recorded: list[str]) -> None:
    driver.app.choose_game("raid")
    scene = driver.app.router.push("newgame")
    assert isinstance(scene, NewGameScene) and scene.rolls_first
    recorded.clear()
    driver.frames(1)
    assert "A roll of the dice decides who starts" in recorded
    assert not scene.starts.visible and not scene.two_player_first.visible
    assert "first" not in scene.rows() and "starts" not in scene.rows()


def test_new_game_for_ataxx_still_asks_who_starts(recorded: list[str]) -> None:
    driver = Driver.fast(size=(640, 480))
    try:
        scene = driver.app.router.push("newgame")
        assert isinstance(scene, NewGameScene) and not scene.rolls_first
        recorded.clear()
        driver.frames(1)
        assert "A roll of the dice decides who starts" not in recorded
        assert scene.starts.visible or scene.two_player_first.visible
        assert {"starts", "first"} & set(scene.rows())
    finally:
        driver.app.close()


# -- a secret set-up --


def _new_raid(driver: Driver) -> MatchScene:
    driver.app.choose_game("raid")
    play = driver.app.router.push("match", MatchConfig(vs_computer=False), RAID_LEVEL)
    assert isinstance(play, MatchScene)
    driver.frames(1)
    return play


def test_two_people_set_up_behind_a_curtain(driver: Driver, recorded: list[str]) -> None:
    play = _new_raid(driver)
    match = play.match
    assert match.in_setup and match.turn == 0
    assert play.curtain_seat() is None, "the first to set up has nothing to hide from"
    assert play.hidden_seat() == 1 and play.human_turn()
    play.play("b2")
    # Silver's turn: the board hides behind the curtain, Gold's placement unseen.
    assert play.curtain_seat() == 1 and play.hidden_seat() == 0 and not play.human_turn()
    recorded.clear()
    driver.frames(1)
    assert "SILVER, YOUR TURN TO SET UP" in recorded
    assert play.board.drawn_scores[0] == "?"
    assert play.status_text()[0] == "Silver to set up"
    # The move list masks Gold's placement.
    driver.app.theme.drawn = []
    driver.frames(1)
    texts = [line.text for line in driver.app.theme.drawn]
    driver.app.theme.drawn = None
    assert HIDDEN_ENTRY in " ".join(texts) and "b2" not in texts
    # A click on the board lifts the curtain; Silver's placement cannot go back into Gold's.
    assert not play.can_undo()
    driver.click(play.board.rect.center)
    assert play.curtain_seat() is None and play.human_turn()
    assert play.board.drawn_scores[0] == "?" and play.board.drawn_scores[1] == "0"
    play.play("b1")
    # The set-up is over: nothing hidden, the dice decide who starts.
    assert not match.in_setup and play.hidden_seat() is None and play.curtain_seat() is None
    assert driver.until(lambda: not match.at_chance, max_frames=30)
    driver.frames(1)
    assert play.board.drawn_scores == {0: "2", 1: "1"}


def test_a_game_loaded_during_the_set_up_opens_behind_the_curtain(driver: Driver) -> None:
    match = Match(raid.RULES, seed=5)
    match.play("b0")
    play = _raid_screen(driver, match)
    assert play.curtain_seat() == 1
    driver.key(pygame.K_RETURN)
    assert play.curtain_seat() is None


def test_against_the_computer_its_set_up_stays_hidden(driver: Driver) -> None:
    match = Match(raid.RULES, players=(Player.computer("casual"), Player.human()), seed=5)
    driver.app.choose_game("raid")
    play = MatchScene(driver.app, MatchConfig.for_match(match), RAID_LEVEL, match=match)
    assert match.computer_to_move, "the computer sets up as it moves: the worker is asked"
    assert play.hidden_seat() == 0 and play.curtain_seat() is None
    match.play("b2")
    assert play.hidden_seat() == 0, "the person places without seeing the computer's placement"
    assert play.human_turn()
    match.play("b1")
    assert play.hidden_seat() is None
    both = Match(raid.RULES, players=(Player.computer("casual"), Player.computer("casual")))
    play.match = both
    assert play.hidden_seat() is None, "two computers hide nothing"


def test_undo_and_redo_go_by_turns_and_stop_at_rolls(driver: Driver) -> None:
    play = _raid_screen(driver, _raid(["b2", "b1", "S", "step", "step"]))
    match = play.match
    assert match.turn == 0 and match.starts_turn
    play.play("hit")
    assert play.can_undo()
    play.undo()
    assert match.ply == 5 and match.turn == 0, "back to the start of Gold's turn"
    play.undo()
    assert match.ply == 3 and match.turn == 1, "back to Silver's turn, no further than the roll"
    assert not play.can_undo()
    play.redo()
    assert match.ply == 5 and match.turn == 0 and match.starts_turn
    play.redo()
    assert match.ply == 6 and not play.can_redo()


def test_the_turn_screens_in_french(driver: Driver, recorded: list[str]) -> None:
    set_language("fr")
    play = _new_raid(driver)
    play.play("b2")
    recorded.clear()
    driver.frames(1)
    # The curtain, in capitals as every title.
    assert any("À VOUS DE VOUS METTRE" in text for text in recorded)
    play.curtain.reveal()
    play.play("b1")
    assert driver.until(lambda: not play.match.at_chance, max_frames=30)
    assert turn_state(play.board, play.match) in (
        ["Or : 2 actions restantes"],
        ["Argent : 2 actions restantes"],
    )
