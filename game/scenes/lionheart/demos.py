"""Lionheart's own demonstrations for ``main.py --demo NAME``: the battle, the dice tray, the odds, the army builder.

``battle``: a game under way against the computer, one of your units chosen
(its moves, turn handles and targets); ``odds``: the same with the pointer on
a target, the odds of the attack shown; ``dice``: an attack's dice landing in
the tray, the hits flying to the target; ``builder``: level 2's army builder
with a few bases placed; ``silver``: a battle seen from Silver's side;
``hint``: the battle with a hint shown, an attack of archers if there is one
(the longest of the hints' sentences); the battle editor's (``editor_demos``). The campaign:
``campaign``, its battles with the first two won; ``campaign-story``, the
story before the third; ``campaign-battle``, the first battle under way with
its goal's banner; ``campaign-won``, the story after the first, won with three stars.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.engine.lionheart import Action, Battle, Move
from game.engine.match import Match, MatchConfig
from game.scenes.level_cards import available_levels
from game.scenes.lionheart.anim import EntryAnimation
from game.scenes.lionheart.board import LionheartBoard
from game.scenes.lionheart.editor_demos import EDITOR_DEMOS, start_editor_demo
from game.scenes.match import MatchScene

if TYPE_CHECKING:
    from game.scenes.services import Services

__all__ = ["CAMPAIGN_DEMOS", "DEMO_NAMES", "MATCH_DEMOS", "start_demo"]

MATCH_DEMOS = ("battle", "dice", "odds", "builder", "silver", "hint")
"""The demonstrations of a battle on the match screen."""
CAMPAIGN_DEMOS = ("campaign", "campaign-story", "campaign-battle", "campaign-won")
"""The campaign's screens (see the module docstring)."""
DEMO_NAMES = MATCH_DEMOS + CAMPAIGN_DEMOS
SCREENSHOT_TIME = 75 / 60
"""The frames ``main.py --screenshot`` runs before the picture, in seconds."""


def lively_move(match: Match[Any, Any], rng: random.Random) -> Any:
    """An action of a lively battle: mostly an attack when there is one, else mostly a step forward."""
    moves = match.legal_moves()
    attacks = [move for move in moves if move.action is Action.ATTACK]
    if attacks and rng.random() < 0.8:
        return rng.choice(attacks)
    marches = [move for move in moves if move.action is Action.MOVE]
    forward = [
        move
        for move in marches
        if (int(move.target[1:]) - int(move.square[1:])) * (1 if match.turn == 0 else -1) > 0
    ]
    if forward and rng.random() < 0.85:
        return rng.choice(forward)
    return rng.choice(moves)


def fight(
    match: Match[Any, Any], seed: int, *, until: Callable[[Match[Any, Any]], bool], limit: int = 400
) -> None:
    """Play ``match`` on (rolling the dice) until ``until(match)`` holds at a seat's choice: a lively battle
    tried with seeds from ``seed`` on until one gets there before the end, then replayed on ``match``."""
    for attempt in range(60):
        rng = random.Random(seed + attempt)
        trial = Match(match.rules, match.position_text(), match.players, seed=seed + attempt)
        for _ in range(limit):
            if trial.is_over:
                break
            if trial.at_chance:
                trial.roll()
                continue
            if until(trial):
                for entry in trial.moves:
                    match.replay(entry)
                return
            trial.play(lively_move(trial, rng))


def _losses(match: Match[Battle, Any]) -> int:
    return 40 - sum(unit.figures for unit in match.position.units)


def start_demo(app: Services, name: str) -> bool:
    """Set up demonstration ``name`` over the menu; ``False`` if it is not one of Lionheart's."""
    if name in EDITOR_DEMOS:
        start_editor_demo(app, name)
        return True
    if name not in DEMO_NAMES:
        return False
    if name.startswith("campaign"):
        return _campaign_demo(app, name)
    levels, _ = available_levels(app.game)
    by_name = {level.name: level for level in levels}
    seat = 1 if name == "silver" else 0
    config = MatchConfig(vs_computer=True, level="skilled", human_seat=seat, first=0)
    if name == "builder":
        level = by_name.get("Choose your army", levels[0])
        scene = app.router.push("match", config, level)
        assert isinstance(scene, MatchScene) and isinstance(scene.board, LionheartBoard)
        match, board = scene.match, scene.board
        for text in ("N@d1", "A@c1", "I@d2", "M@e2", "H2@f2", "P3@b2"):
            match.play(Move.from_text(text))
        scene.ensure_layout()
        board.builder.choose("R", 2)
        board.hover = "g2"
        board.hover_pos = board.view.centre("g2")
        return True
    level = by_name.get("The standard battle", levels[0])
    scene = app.router.push("match", config, level)
    assert isinstance(scene, MatchScene) and isinstance(scene.board, LionheartBoard)
    match, board = scene.match, scene.board
    seed = {"battle": 5, "odds": 5, "dice": 7, "silver": 3, "hint": 5}[name]

    def ready(match: Match[Any, Any]) -> bool:
        if match.turn != seat or match.position.actions != 2 or _losses(match) < 5 or match.ply < 24:
            return False
        return any(
            move.action is Action.ATTACK and not match.position.is_bribe(move) for move in match.legal_moves()
        )

    fight(match, seed, until=ready)
    scene.ensure_layout()
    attacks = [move for move in match.legal_moves() if move.action is Action.ATTACK]
    attack = max(attacks, key=lambda move: (match.position.dice_for(move.square), move.square))
    if name == "dice":
        before = match.position.copy()
        match.play(attack)
        board.selected = None
        roll = match.roll()
        after = match.position.copy()
        # Caught as the dice land and the hits fly: the picture is taken SCREENSHOT_TIME later.
        before.push(attack)
        anim = EntryAnimation(before, after, roll, 1.0, seed=match.ply - 1)
        landed = sum(phase.length for phase in anim.phases[:2])
        fly = anim.phases[2].length if len(anim.phases) > 2 and anim.phases[2].name == "fly" else 0.0
        anim.time = landed + fly * 0.55 - SCREENSHOT_TIME
        anim.update(0.0)
        board.anim = anim
        return True
    if name == "hint":
        shots = [move for move in attacks if match.position.unit_at(move.square).kind == "A"]
        hint = max(shots or attacks, key=lambda move: (len(move.target), move.square))
        scene.hint_move = hint
        board.show_hint(hint)
        return True
    board.selected = attack.square
    if name == "odds":
        board.hover = attack.target
        board.hover_pos = board.view.centre(attack.target)
    return True


def _campaign_demo(app: Services, name: str) -> bool:
    """The campaign's screens (see the module docstring); nothing is written."""
    from game.engine.lionheart.goals import GoalState, GoalTracker
    from game.scenes.lionheart.campaign_flow import BattleResult, open_battle, open_story

    scene: Any = app.router.push("campaign")
    campaign = scene.campaign
    progress = campaign.progress
    for battle, earned in zip(campaign.battles[:2], (3, 2), strict=False):
        progress.win(battle.id, earned)
    if name == "campaign":
        scene.hover = 2
        return True
    if name == "campaign-story":
        open_story(app, campaign, 2)
        return True
    if name == "campaign-won":
        open_story(app, campaign, 0, BattleResult(True, "The line held", 3, 3, 2, 2))
        return True
    battle = open_battle(app, campaign, 0)
    match = battle.match

    start = sum(unit.figures for unit in match.position.units)

    def ready(trial: Match[Any, Any]) -> bool:
        lost = start - sum(unit.figures for unit in trial.position.units)
        if trial.turn != 0 or trial.position.actions != 2 or trial.ply < 10 or lost < 3:
            return False
        judged = Battle(battle.battle.position)
        tracker = GoalTracker(battle.battle.goal, judged)
        for _, entry in trial.history():
            judged.push(entry)
            tracker.observe(judged)
        return tracker.state is GoalState.OPEN

    fight(match, 11, until=ready)
    battle._judge()
    if battle.tracker.state is not GoalState.OPEN:  # the dice ended it: the start is shown instead
        battle.restart()
    battle.ensure_layout()
    return True
