"""Lionheart's hint: asked for at any moment of a person's turn, said in full at every size, and the
strongest advice the game can give, which its own analysis never marks worse than an inaccuracy."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import instant_ai
import pytest
from waiting import HANG, frames_until

from game.ai.analysis import Analysis, Mark, MoveVerdict, Search, settled_score
from game.ai.expectimax import Expectimax
from game.ai.limits import SearchInfo
from game.ai.lionheart.levels import HINT_LEVEL, LEVELS, Level, choose_move, level_by_key, new_searcher
from game.ai.lionheart.player import AI, battle_from_text
from game.ai.lionheart.search import SearchBattle
from game.driver import Driver
from game.engine.lionheart import CHANCE, Battle, Move
from game.engine.match import Match, Player
from game.games import game
from game.scenes.analysis_words import verdict_lines
from game.scenes.resume import open_match

RULES = game("lionheart").load_rules()


@pytest.fixture
def animated() -> Iterator[Driver]:
    """Animations on, as a player sees them: a roll is shown before the turn goes on."""
    driver = Driver.fast(game="lionheart", animation="normal", instant=False)
    yield driver
    driver.app.close()


def test_hint_pressed_while_the_roll_is_shown_is_answered(animated: Driver) -> None:
    # Gold's archers shoot, the dice roll, and while the roll is still being shown Gold asks for a hint for
    # the turn's second action: the press is a request, not a click that only cuts the animation short.
    worker = instant_ai.install(animated.app)
    match = Match(
        RULES,
        "gA4c1N,gK1a1N,gI4b1N,sI4d4S,sI4h9S,sK1i10S g 2 1 -",
        (Player.human(), Player.computer("master")),
        seed=3,
    )
    play = open_match(animated.app, match, "Hint")
    animated.frames(1)
    animated.play_move(Move.from_text("c1xd4"))
    assert frames_until(animated, lambda: match.ply == 2 and play.board.busy)  # rolled, and being shown
    animated.frames(1)  # the panel lights Hint up
    assert play.board.busy and play.human_turn() and match.actions_left == 1
    asked = worker.answered
    animated.press("hint")
    assert worker.answered == asked + 1, "the press asked the computer for a hint"
    assert frames_until(animated, lambda: play.hint_move is not None)
    assert play.board.hint_move == play.hint_move and play.hint_move in match.legal_moves()


LONGEST_HINTS = (
    # The longest names in both languages: mass infantry attacking heavy infantry; archers shooting knights.
    ("gM10e4N,gA4c3N,gK1a1N,sH2e5S,sN2d5S,sK1i10S g 2 1 -", "e4xe5"),
    ("gM10e4N,gA4c3N,gK1a1N,sH2e5S,sN2d5S,sK1i10S g 2 1 -", "c3xd5"),
)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(640, 480), (1024, 768), (1920, 1080)])
@pytest.mark.parametrize(("position", "hint"), LONGEST_HINTS, ids=["charge", "shot"])
def test_the_hint_is_said_in_full(
    position: str, hint: str, size: tuple[int, int], language: str, request: pytest.FixtureRequest
) -> None:
    if language == "fr":
        request.getfixturevalue("french")
    else:
        request.getfixturevalue("user_data_dir")
    driver = Driver.fast(game="lionheart", size=size)
    try:
        match = Match(RULES, position, (Player.human(), Player.computer("master")), seed=1)
        play = open_match(driver.app, match, "Hint")
        driver.frames(1)
        play.hint_move = Move.from_text(hint)
        play.board.show_hint(play.hint_move)
        driver.frames(1)  # the panel makes room for the sentence
        driver.app.theme.drawn = []
        driver.frames(1)
        sentence = play.board.hint_instruction(play.hint_move)
        status = play.panel.status
        said = [text for text in driver.app.theme.drawn if status.contains(text.rect)]
        assert not [text.text for text in said if text.cut], said
        assert " ".join(text.text for text in said).split() == [
            *play.status_text()[0].split(),
            *sentence.split(),
        ]
        assert status.bottom <= play.panel.moves_rect.top and play.panel.moves_rect.height > 0
    finally:
        driver.app.theme.drawn = None
        driver.app.close()


HINT_DEPTH = 3
"""The hint's depth in the agreement test (actions: its turn and the other side's first reply), fixed so that
the test does not depend on the machine's speed."""


def _at_depth(level: Level) -> Level:
    """``level`` searching ``HINT_DEPTH`` actions deep, whatever the time."""
    return dataclasses.replace(level, depth=HINT_DEPTH, think_time=HANG, max_think_time=2 * HANG)


def _how_it_searches(level: Level) -> Level:
    """``level`` without what the screens show of it and its time."""
    return dataclasses.replace(level, key="", name="", description="", max_think_time=0.0, think_time=0.0)


def _searched(battle: Battle, level: Level, searcher: Expectimax) -> tuple[Move, Search]:
    """``level``'s action in ``battle`` and what its search said, as the analysis reads a search."""
    infos: list[SearchInfo] = []
    move = choose_move(battle, _at_depth(level), on_info=infos.append, searcher=searcher)
    line = tuple(SearchBattle(battle).text(raw) for raw in infos[-1].pv)
    return move, Search(settled_score([info.score for info in infos]), line[0], line, infos[-1].depth)


def _hinted_battle(seed: int) -> tuple[list[MoveVerdict], list[MoveVerdict]]:
    """A battle where Gold plays every action the hint advises, Silver the Beginner's (whose slips the
    analysis must see), judged by the analysis at the hint's strength (its level, as deep): Gold's judged
    actions and Silver's."""
    rng = random.Random(seed)
    battle = Battle.standard()
    start = battle.text()
    hint_searcher = new_searcher()
    beginner = level_by_key("beginner")
    entries: list[object] = []
    while battle.outcome() is None and len(entries) < 120:
        if battle.turn == CHANCE:
            outcomes = battle.chance_outcomes()
            entry: object = rng.choices([roll for roll, _ in outcomes], [chance for _, chance in outcomes])[0]
        elif battle.turn == 0:
            entry, _ = _searched(battle, HINT_LEVEL, hint_searcher)
        else:
            entry = choose_move(battle, beginner, rng=rng)
        entries.append(entry)
        battle.push(entry)
    analysis = Analysis(RULES, AI, start, entries)
    searcher = new_searcher()
    while analysis.pending():
        node = analysis.pending()[0]
        analysis.answer(node, _searched(battle_from_text(node.text), HINT_LEVEL, searcher)[1])
    review = analysis.review()
    return review.judged(0), review.judged(1)


def test_the_analysis_never_marks_a_hinted_action_worse_than_an_inaccuracy() -> None:
    # The hint searches as the top level without its will to fight (a taste for battle, not a judgement),
    # and the analysis searches at the hint's level: one search, one evaluation.
    assert _how_it_searches(HINT_LEVEL) == dataclasses.replace(
        _how_it_searches(LEVELS[-1]), spirited=False
    ), "the hint searches as the top level, without its will to fight"
    hinted: list[MoveVerdict] = []
    slips: list[MoveVerdict] = []
    for seed in (3, 4):  # the hint beats the Beginner in some twenty actions: two battles
        gold, silver = _hinted_battle(seed)
        hinted += gold
        slips += [v for v in silver if v.mark in (Mark.INACCURACY, Mark.MISTAKE, Mark.BLUNDER)]
    assert len(hinted) > 30, len(hinted)
    worse = [
        (v.move, v.mark, v.before, v.after, v.best) for v in hinted if v.mark in (Mark.MISTAKE, Mark.BLUNDER)
    ]
    assert not worse, worse
    assert slips, "the analysis judges: the Beginner's slips are marked"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_hints_headline_is_in_words_and_its_sentence_begins_with_a_capital(
    language: str, request: pytest.FixtureRequest
) -> None:
    # "Hint: g3xf5" over "archers en g3 : tir possible…": the notation is no newcomer's, and the French
    # template begins with the unit's name, in lower case.
    request.getfixturevalue("french" if language == "fr" else "user_data_dir")
    driver = Driver.fast(game="lionheart", size=(640, 480))
    try:
        position = "gM10e4N,gA4c3N,gK1a1N,sH2e5S,sN2d5S,sK1i10S g 2 1 -"
        match = Match(RULES, position, (Player.human(), Player.computer("master")), seed=1)
        play = open_match(driver.app, match, "Hint")
        driver.frames(1)
        headlines = set()
        for text in ("e4xe5", "c3xd5", "c3-c4", "c3:E"):
            play.hint_move = Move.from_text(text)
            play.board.show_hint(play.hint_move)
            driver.frames(1)
            headline, sentence, _ = play.status_text()
            assert text not in headline and headline.split()[0] in ("Hint:", "Conseil"), headline
            assert any(square in headline for square in (text[:2], text[3:5])), headline
            assert sentence[:1].isupper(), sentence
            headlines.add(headline)
        assert len(headlines) == 4, headlines
    finally:
        driver.app.close()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_analysis_says_the_better_action_in_words(language: str, request: pytest.FixtureRequest) -> None:
    # "Better: i8:N" was the notation; the analysis says the better action as the hint would, where it goes.
    request.getfixturevalue("french" if language == "fr" else "user_data_dir")
    driver = Driver.fast(game="lionheart", size=(1024, 768))
    try:
        position = "gM10e4N,gA4c3N,gK1a1N,sH2e5S,sN2d5S,sK1i10S g 2 1 -"
        match = Match(RULES, position, (Player.human(), Player.human()), seed=1)
        match.play(Move.from_text("c3-c4"))
        scene = driver.app.router.push("analysis", match, "The battle")
        driver.frames(1)
        scene.show(0)
        driver.frames(1)
        words = {}
        for better in ("c3xd5", "e4xe5", "c3:E"):
            verdict = MoveVerdict(0, 0, "c3-c4", Mark.MISTAKE, before=0.6, after=0.4, best=better)
            lines = [text for text, _ in verdict_lines(scene, 0, verdict)]
            said = lines[-1]
            assert said.startswith(("Better: ", "Mieux : ")) and better not in said, lines
            assert better[:2] in said, said
            words[better] = said
        assert ("shoot at d5 from c3" if language == "en" else "tirer sur d5 depuis c3") in words["c3xd5"]
        assert ("attack e5 from e4" if language == "en" else "attaquer e5 depuis e4") in words["e4xe5"]
        assert ("turn to face east at c3" if language == "en" else "tourner vers l'est en c3") in words[
            "c3:E"
        ]
    finally:
        driver.app.close()
