"""The registry (``game.games``): every game's definition, and the rules and AI it points at.

Only ``test_playable_games_resolve_their_screen_parts`` imports pygame (the
board, tile and rules pages are drawing code); the rest stays pygame-free, as
the AI's child process and the terminal version use the registry.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import random
import subprocess
import sys
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from game import games
from game.ai.api import HINT, LEVEL_KEYS, Level, UnsupportedGameError, check_search
from game.engine.core import CHANCE, SEATS, Outcome, Trait
from game.engine.rules import (
    Adjudication,
    GameRules,
    RuleOption,
    RulesDefaults,
    Severity,
    adjudicate,
    history_text,
    is_undo_barrier,
    replay,
    rolls_first_seat,
)

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search

ROOT = Path(__file__).resolve().parent.parent
PLAYABLE = [definition for definition in games.GAMES if definition.playable]
GAME_IDS = [definition.key for definition in games.GAMES]


def test_the_three_games_in_menu_order() -> None:
    # design.md fixes the three games and their keys; which of them can be played is the registry's to say.
    assert [definition.key for definition in games.GAMES] == ["ataxx", "attangle", "lionheart"]
    assert games.playable_games() == PLAYABLE
    assert games.game("ataxx") in PLAYABLE, "the headline game is always playable"
    for definition in games.GAMES:
        assert games.game(definition.key) is definition


def test_an_unknown_game_is_refused_naming_the_games() -> None:
    with pytest.raises(games.UnknownGameError) as caught:
        games.game("chess")
    assert isinstance(caught.value, KeyError)
    assert str(caught.value) == "unknown game 'chess'; the games are: ataxx, attangle, lionheart"


@pytest.mark.parametrize("definition", games.GAMES, ids=GAME_IDS)
def test_every_definition_has_its_identity(definition: games.GameDefinition) -> None:
    assert definition.key.isidentifier() and definition.key.islower()
    assert isinstance(definition.name, str) and definition.name.strip()
    identity = definition.identity
    assert isinstance(identity.tagline, str) and identity.tagline.strip()
    assert identity.tagline != definition.name
    assert ":" in identity.tile and identity.tile.startswith(f"game.scenes.{definition.key}.")
    assert set(identity.seats) == set(games.PALETTE_KEYS)
    for palette in games.PALETTE_KEYS:
        looks = identity.seats[palette]
        assert len(looks) == 2 and all(isinstance(look, games.SeatLook) for look in looks)
        assert definition.seat_looks(palette) == looks
        first, second = looks
        assert first.colour != second.colour, palette
        assert first.name and second.name and first.name != second.name, palette
        assert first.mark == second.mark == "" or first.mark != second.mark, palette
        for look in looks:
            assert len(look.colour) == 3 and all(isinstance(c, int) and 0 <= c <= 255 for c in look.colour)
    assert definition.seat_looks("no such palette") == identity.seats["classic"]


def test_names_and_colours_differ_between_games() -> None:
    assert len({definition.key for definition in games.GAMES}) == len(games.GAMES)
    assert len({definition.name for definition in games.GAMES}) == len(games.GAMES)
    assert len({definition.identity.tagline for definition in games.GAMES}) == len(games.GAMES)
    assert len({definition.identity.motto for definition in games.GAMES}) == len(games.GAMES)


@pytest.mark.parametrize("definition", games.GAMES, ids=GAME_IDS)
def test_parts_are_module_paths_in_the_games_own_packages(definition: games.GameDefinition) -> None:
    assert len(dataclasses.fields(definition)) <= 6, "the registry's entry stays narrow"
    for part in ("rules", "ai", "board", "editor", "rules_pages", "uai", "demos"):
        path = getattr(definition, part, None) or getattr(definition.extras, part, None)
        assert definition.has(part) == (path is not None)
        if path is None:
            with pytest.raises(LookupError, match=definition.name):
                definition.load(part)
            continue
        module, _, attribute = path.partition(":")
        assert attribute, path
        assert f".{definition.key}." in f"{module}.", path
    assert definition.playable == (definition.rules is not None and definition.board is not None)
    if definition.extras.demos is None:
        assert definition.extras.demo_names == ()


def _not_playable_yet() -> games.GameDefinition:
    """A game of the registry's shape that has its identity and tile but no rules, AI or board yet."""
    return dataclasses.replace(
        games.game("ataxx"), key="later",
        identity=dataclasses.replace(games.game("ataxx").identity, name="Later", tagline="Soon on this menu"),
        rules=None, ai=None, board=None, extras=games.GameExtras(),
    )  # fmt: skip


# The registry's own games not playable yet (none once every game has landed), and one made up so the
# test always tests something.
COMING_SOON = [definition for definition in games.GAMES if not definition.playable] + [_not_playable_yet()]


@pytest.mark.parametrize("definition", COMING_SOON, ids=lambda definition: definition.key)
def test_coming_soon_games_say_what_they_lack(definition: games.GameDefinition) -> None:
    assert not definition.playable
    with pytest.raises(LookupError, match=f"{definition.name} has no rules yet") as caught:
        definition.load_rules()
    assert not isinstance(caught.value, KeyError)
    with pytest.raises(LookupError, match=f"{definition.name} has no computer opponent yet"):
        definition.load_ai()
    with pytest.raises(LookupError, match=f"{definition.name} has no board yet"):
        definition.load("board")


@pytest.mark.parametrize("definition", PLAYABLE, ids=lambda definition: definition.key)
def test_playable_games_have_their_rules_ai_and_board(definition: games.GameDefinition) -> None:
    # Playable is rules and a board; every game is played against the computer too (design.md).
    assert definition.rules is not None and definition.board is not None and definition.ai is not None
    rules = definition.load_rules()
    assert rules.key == definition.key
    # Its AI plays its rules: a legal first action from the start (past an opening roll, if any).
    position: Any = rules.new_position()
    played: list[str] = []
    while position.turn == CHANCE:
        # The likeliest-first list, from each end in turn: an opening roll of equal dice would tie for ever.
        outcome = position.chance_outcomes()[-(len(played) % 2)][0]
        position.push(outcome)
        played.append(rules.move_text(outcome))
    answer = definition.load_ai().choose(
        history_text(rules.start_text, played), "beginner", stop=threading.Event(),
        on_progress=lambda progress: None, rng=random.Random(1), time_budget=0.05, memory={},
    )  # fmt: skip
    assert rules.parse_move(answer) in position.legal_moves()


def test_resolve_follows_dotted_attributes() -> None:
    assert games.resolve("game.games:GAMES") is games.GAMES
    assert games.resolve("game.games:SeatLook.__name__") == "SeatLook"
    assert games.resolve("game.games") is games
    with pytest.raises(ModuleNotFoundError):
        games.resolve("game.no_such_module:X")
    with pytest.raises(AttributeError):
        games.resolve("game.games:NO_SUCH_NAME")


def test_the_registry_loads_rules_and_ai_without_pygame() -> None:
    # A fresh interpreter where pygame cannot be imported, as the AI's child process may be.
    script = r"""
import importlib.abc, json, sys

class BlockPygame(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "pygame" or name.startswith("pygame."):
            raise ImportError("pygame is blocked")
        return None

sys.meta_path.insert(0, BlockPygame())
from game import games
for definition in games.playable_games():
    definition.load_rules()
    definition.load_ai()
    if definition.has("uai"):
        definition.load("uai")
print(json.dumps(sorted(name for name in sys.modules if name.startswith("game.scenes"))))
"""
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1]) == []


def test_playable_games_resolve_their_screen_parts() -> None:
    import pygame

    from game.scenes.base import Scene
    from game.scenes.parts import BoardController, RulesPages

    for definition in PLAYABLE:
        board = definition.load("board")
        assert isinstance(board, type) and issubclass(board, BoardController)
        pages = definition.load("rules_pages")
        assert isinstance(pages, RulesPages) and pages.pages and pages.heading
        if definition.has("editor"):
            editor = definition.load("editor")
            assert isinstance(editor, type) and issubclass(editor, Scene) and editor.name == "editor"
        if definition.has("demos"):
            assert callable(definition.load("demos")) and definition.extras.demo_names
    for definition in games.GAMES:  # every game has its tile, playable or not
        draw = definition.load("tile")
        surface = pygame.Surface((120, 120))
        surface.fill((0, 0, 0))
        looks = definition.seat_looks("classic")
        draw(surface, (60, 60), 50, (looks[0].colour, looks[1].colour))
        colours = {tuple(surface.get_at((x, y)))[:3] for x in range(0, 120, 4) for y in range(0, 120, 4)}
        assert len(colours) > 2, f"{definition.key}'s tile draws nothing"


# --- the rules' surface -------------------------------------------------------------------------


def walk(
    rules: GameRules, seed: int, games_count: int = 6, max_plies: int = 400
) -> list[tuple[Any, list[str]]]:
    """Positions of random games with the moves that led there (chance outcomes drawn by weight)."""
    rng = random.Random(seed)
    seen = []
    for _ in range(games_count):
        position: Any = rules.new_position()
        moves: list[str] = []
        seen.append((position.copy(), list(moves)))
        while rules.outcome(position, {}) is None and len(moves) < max_plies:
            if position.turn == CHANCE:
                outcomes = position.chance_outcomes()
                entry = rng.choices([o for o, _ in outcomes], weights=[p for _, p in outcomes])[0]
            else:
                entry = rng.choice(list(position.legal_moves()))
            position.push(entry)
            moves.append(rules.move_text(entry))
            seen.append((position.copy(), list(moves)))
    return seen


@pytest.fixture(scope="module", params=PLAYABLE, ids=lambda d: d.key)
def rules(request: pytest.FixtureRequest) -> GameRules:
    definition: games.GameDefinition = request.param
    loaded = definition.load_rules()
    assert loaded.key == definition.key
    return loaded


def test_rules_offer_the_surface(rules: GameRules) -> None:
    assert isinstance(rules.start_text, str) and rules.start_text
    assert isinstance(rules.level_position_key, str) and rules.level_position_key
    assert len(rules.pgn_name_tags) == 2 and all(isinstance(tag, str) and tag for tag in rules.pgn_name_tags)
    assert isinstance(rules.pgn_position_tag, str) and rules.pgn_position_tag
    for name in (
        "new_position",
        "position_text",
        "parse_move",
        "outcome",
        "first_seat",
        "with_first_seat",
        "validate_level",
        "termination_text",
    ):
        assert callable(getattr(rules, name)), name


def test_rules_say_whether_the_game_has_dice(rules: GameRules) -> None:
    # The game's rules, not the registry, say it (GameRules.traits).
    assert Trait.ALTERNATING in rules.traits
    if Trait.CHANCE not in rules.traits:
        assert all(position.turn != CHANCE for position, _ in walk(rules, seed=4, games_count=2))


def test_rules_options(rules: GameRules) -> None:
    assert isinstance(rules.options, tuple)
    keys = [option.key for option in rules.options]
    assert len(set(keys)) == len(keys)
    for option in rules.options:
        assert isinstance(option, RuleOption)
        assert option.key.isidentifier() and option.label.strip() and isinstance(option.default, bool)
    # Outcome and adjudication read the options, the defaults standing in for missing keys.
    start = rules.new_position()
    every_off = {key: False for key in keys}
    for options in ({}, every_off, {key: True for key in keys}):
        assert rules.outcome(start, options) is None
        assert adjudicate(rules, start, options) is None


def test_the_start_position(rules: GameRules) -> None:
    start = rules.new_position()
    assert rules.position_text(start) == rules.start_text
    assert rules.position_text(rules.new_position(rules.start_text)) == rules.start_text
    assert start.turn in (*SEATS, CHANCE)
    assert list(start.legal_moves()) or start.turn == CHANCE
    assert not [problem for problem in rules.validate_level(start) if problem.severity is Severity.REFUSED]
    for seat in SEATS:
        text = rules.with_first_seat(rules.start_text, seat)
        if rolls_first_seat(rules, rules.start_text):
            # An opening roll decides (Lionheart): the start is left as it is, seat 0 until the dice speak.
            assert text == rules.start_text and rules.first_seat(text) == 0
            continue
        assert rules.first_seat(text) == seat
        assert rules.position_text(rules.new_position(text)) == text
    with pytest.raises(ValueError):
        rules.new_position("this is no position of any game")
    with pytest.raises(ValueError):
        rules.parse_move("no move at all")


def test_position_text_and_move_text_round_trip(rules: GameRules) -> None:
    positions = walk(rules, seed=1)
    assert len(positions) > 100
    for position, moves in positions:
        text = rules.position_text(position)
        again = rules.new_position(text)
        assert rules.position_text(again) == text
        assert again.turn == position.turn
        # The history text replays to the same position, hash included.
        replayed = replay(rules, history_text(rules.start_text, moves))
        assert rules.position_text(replayed) == text and replayed.hash == position.hash
        legal = [] if position.turn == CHANCE else list(position.legal_moves())
        for move in legal:
            parsed = rules.parse_move(str(move))
            assert parsed == move and str(parsed) == str(move)
        # push/pop leave the position as it was; a copy is independent.
        if legal:
            copy = position.copy()
            copy.push(legal[0])
            assert rules.position_text(position) == text
            assert copy.pop() == legal[0]
            assert rules.position_text(copy) == text and copy.hash == position.hash


def test_the_end_of_games(rules: GameRules) -> None:
    endings = [
        outcome for position, _ in walk(rules, seed=2) if (outcome := rules.outcome(position, {})) is not None
    ]
    assert endings
    for outcome in endings:
        assert isinstance(outcome, Outcome) and outcome.winner in (*SEATS, None)
        assert len(outcome.scores) == len(SEATS)
    # Every reason the game's rules can give has a text, and no two the same.
    reasons = type(endings[0].termination)
    assert issubclass(reasons, enum.Enum) and all(type(outcome.termination) is reasons for outcome in endings)
    texts = [rules.termination_text(member) for member in reasons]
    assert all(isinstance(text, str) and text.strip() for text in texts)
    assert len(set(texts)) == len(texts)


def test_adjudication_and_undo_barriers_are_answered(rules: GameRules) -> None:
    for position, moves in walk(rules, seed=3, games_count=2):
        for options in ({}, {option.key: False for option in rules.options}):
            adjudication = adjudicate(rules, position, options)
            assert adjudication is None or isinstance(adjudication, Adjudication)
        for text in moves[-1:]:
            assert isinstance(is_undo_barrier(rules, rules.parse_move(text)), bool)


# --- the AI --------------------------------------------------------------------------------------


@pytest.mark.parametrize("definition", PLAYABLE, ids=lambda d: d.key)
def test_ai_offers_the_five_levels_and_the_hint(definition: games.GameDefinition) -> None:
    ai = definition.load_ai()
    assert tuple(level.key for level in ai.levels) == LEVEL_KEYS
    assert ai.hint_level.key == HINT
    for level in (*ai.levels, ai.hint_level):
        assert isinstance(level, Level)
        assert level.name.strip() and level.description.strip() and level.max_think_time > 0
        assert ai.level(level.key) is level
    assert len({level.name for level in ai.levels}) == len(LEVEL_KEYS)
    for bad in ("grandmaster", "", "Master"):
        with pytest.raises(ValueError):
            ai.level(bad)
    for score in (-100_000, -150, 0, 125, 99_993):
        template, fields = ai.describe_score(score)
        assert isinstance(template, str) and isinstance(fields, Mapping)
        assert "{" not in template.format(**fields)


# --- each search handles its game's traits ---------------------------------------------------------


@pytest.mark.parametrize("definition", PLAYABLE, ids=lambda d: d.key)
def test_every_playable_game_has_an_ai_that_handles_it(definition: games.GameDefinition) -> None:
    ai = definition.load_ai()  # checks it
    assert definition.load_rules().traits <= ai.handles
    assert Trait.ALTERNATING in definition.load_rules().traits


class _DiceRules(RulesDefaults):
    """Attangle's rules as a game with dice would declare them."""

    key = "dice"
    traits = frozenset({Trait.ALTERNATING, Trait.CHANCE})


DICE_RULES = _DiceRules()


def test_a_game_with_dice_refuses_an_alphabeta_ai() -> None:
    definition = dataclasses.replace(
        games.game("attangle"), key="dice", rules="test_registry:DICE_RULES", ai="game.ai.attangle.player:AI"
    )
    with pytest.raises(UnsupportedGameError, match="not with chance") as refused:
        definition.load_ai()
    assert isinstance(refused.value, ValueError)
    assert "the AI of dice searches games with alternating seats" in str(refused.value)
    check_search(games.game("attangle").load_ai(), games.game("attangle").load_rules())  # no error
