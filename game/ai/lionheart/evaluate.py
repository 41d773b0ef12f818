"""Lionheart's evaluation and move order for the chance search (``game.ai.expectimax``).

A battle is won by killing the enemy king or every other enemy unit, and
units die one figure at a time under the dice. So the evaluation counts, by
seat:

- material: each unit by its dice and the hits it takes (a knight's figure
  takes two hits and rolls two dice; mass infantry's figures beyond four add
  hits, not dice);
- attacks within reach: the expected figures (and the chance of the king)
  each unit can take now, the side to act taking its best one or two (it has
  the actions), the other side's threats counted at a discount (the side to
  act may parry one);
- the king's safety: enemy dice that reach it now, and enemy units close to it;
- advancement: units nearer the enemy king and facing towards it;
- the QUIET counter: near the thirtieth quiet turn every advantage fades
  towards the draw.

Scores are from the seat to act's view, about 100 a figure of infantry.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.limits import WIN_SCORE
from game.ai.lionheart.search import ACTION_BLOCK, SearchBattle
from game.engine.lionheart import GOLD, KINDS, QUIET_TURNS, Battle, dice_count, dice_outcomes, hits
from game.engine.lionheart.battle import ARCHER_ZONE, NEIGHBOURS, STEP

__all__ = ["DEFAULT_WEIGHTS", "EvalWeights", "LionheartHeuristics", "expected_kills", "unit_value"]


def _kills_table() -> dict[tuple[str, int, int, int], float]:
    """Expected figures killed by ``(hit class, dice, hits per figure, figures)``: exact over the rolls."""
    table = {}
    for hit_class in ("I", "A", "P"):
        for dice in range(1, 5):
            for per_figure in (1, 2):
                for figures in range(1, 11):
                    table[hit_class, dice, per_figure, figures] = sum(
                        probability * min(hits(hit_class, roll) // per_figure, figures)
                        for roll, probability in dice_outcomes(dice)
                    )
    return table


_KILLS = _kills_table()
_HIT_CLASS = {kind: "A" if kind == "A" else "P" if kind == "P" else "I" for kind in KINDS}


def expected_kills(
    attacker_kind: str, attacker_figures: int, defender_kind: str, defender_figures: int
) -> float:
    """The figures an attack is expected to take (the lone soldier's second die left out).

    >>> round(expected_kills("I", 4, "I", 4), 3), round(expected_kills("K", 1, "K", 1), 3)
    (2.0, 0.25)
    """
    dice = dice_count(attacker_kind, attacker_figures)
    return _KILLS[_HIT_CLASS[attacker_kind], dice, KINDS[defender_kind].hits_per_figure, defender_figures]


@dataclass(frozen=True)
class EvalWeights:
    """The evaluation's weights (the strength benchmark can try others)."""

    die: int = 60
    """Each die a unit rolls."""
    hit: int = 40
    """Each hit a unit takes before it is gone."""
    king: int = 3000
    """The king's worth when the chance of killing it is weighed."""
    attack_now: float = 0.85
    """How much of its attacks within reach the side to act counts (it must still roll)."""
    threat: float = 0.45
    """How much of the other side's attacks within reach counts against the side to act."""
    advance: int = 4
    """Each square a unit stands nearer the enemy king than the full width of the field."""
    facing: int = 12
    """A unit facing towards the enemy king's half."""
    king_guard: int = 25
    """Each friendly unit beside the king."""
    king_danger: int = 30
    """Each enemy unit within three squares of the king."""


DEFAULT_WEIGHTS = EvalWeights()


def unit_value(kind: str, figures: int, weights: EvalWeights = DEFAULT_WEIGHTS) -> int:
    """The material worth of a unit (the king's is not counted: its loss ends the battle)."""
    if kind == "K":
        return 0
    return weights.die * dice_count(kind, figures) + weights.hit * figures * KINDS[kind].hits_per_figure


def _figure_value(kind: str, figures: int, weights: EvalWeights) -> float:
    """What losing one figure of this unit costs."""
    return float(unit_value(kind, figures, weights) - unit_value(kind, figures - 1, weights))


class LionheartHeuristics:
    """The ``Heuristics`` of Lionheart over a ``SearchBattle`` (see ``game.ai.alphabeta``).

    ``blind``: the evaluation does not see the other side's threats (a
    beginner's mistakes: it marches into archers' reach and forgets its king).
    """

    def __init__(self, weights: EvalWeights = DEFAULT_WEIGHTS, *, blind: bool = False) -> None:
        self.weights = weights
        self.blind = blind

    def end_score(self, position: SearchBattle, moves: list[int]) -> int | None:
        """``±WIN_SCORE`` for a battle won or lost, 0 drawn, ``None`` while it goes on."""
        if moves:
            return None
        outcome = position.battle.outcome()
        if outcome is None:
            return None
        if outcome.winner is None:
            return 0
        return WIN_SCORE if outcome.winner == position.battle.turn else -WIN_SCORE

    def order(self, position: SearchBattle, moves: list[int]) -> list[int]:
        """Attacks by expected worth first, then moves, then turns."""
        battle = position.battle
        units = battle._units  # the engine's dict by square index: read only, the hot path
        weights = self.weights
        keyed = []
        for raw in moves:
            move = position.move(raw)
            code = raw // ACTION_BLOCK
            if code == 2:
                attacker = units[_sq(move.square)]
                defender = units[_sq(move.target)]
                gain = _attack_gain(attacker.kind, attacker.figures, defender.kind, defender.figures, weights)
                keyed.append((1000.0 + gain, raw))
            elif code == 0:
                keyed.append((10.0, raw))
            else:
                keyed.append((0.0, raw))
        keyed.sort(key=lambda item: -item[0])
        return [raw for _, raw in keyed]

    def evaluate(self, position: SearchBattle) -> int:
        """The static score for the seat to act (the battle goes on)."""
        return evaluate(position.battle, self.weights, blind=self.blind)


def _sq(name: str) -> int:
    return (int(name[1:]) - 1) * 9 + ord(name[0]) - 97


def _attack_gain(
    attacker_kind: str, attacker_figures: int, defender_kind: str, defender_figures: int, weights: EvalWeights
) -> float:
    """The expected worth of an attack: figures taken, or the king's life."""
    if defender_kind == "K":
        return weights.king * expected_kills(attacker_kind, attacker_figures, "K", 1)
    if attacker_kind == "K" and defender_kind == "R":
        return float(2 * unit_value("R", defender_figures, weights))  # the bribe: they change sides
    kills = expected_kills(attacker_kind, attacker_figures, defender_kind, defender_figures)
    return kills * _figure_value(defender_kind, defender_figures, weights)


def evaluate(battle: Battle, weights: EvalWeights = DEFAULT_WEIGHTS, *, blind: bool = False) -> int:
    """The static score of ``battle`` for its seat to act (see the module docstring)."""
    me = battle.side
    units = battle._units  # the engine's dict by square index: read only, the hot path
    material = [0.0, 0.0]
    position_score = [0.0, 0.0]
    kings = [-1, -1]
    for sq, unit in units.items():
        if unit.kind == "K":
            kings[unit.owner] = sq
    # Every attack within reach: per side, (gain, attacker square, target square).
    attacks: tuple[list[tuple[float, int, int]], list[tuple[float, int, int]]] = ([], [])
    for sq, unit in units.items():
        owner, kind = unit.owner, unit.kind
        material[owner] += unit_value(kind, unit.figures, weights)
        enemy_king = kings[1 - owner]
        if kind == "A":
            zone: tuple[int, ...] = ARCHER_ZONE[unit.facing][sq]
        elif kind == "H":
            zone = NEIGHBOURS[sq]
        else:
            ahead = STEP[unit.facing][sq]
            zone = (ahead,) if ahead >= 0 else ()
        for target in zone:
            defender = units.get(target)
            if defender is not None and defender.owner != owner:
                gain = _attack_gain(kind, unit.figures, defender.kind, defender.figures, weights)
                if unit.attacked:
                    gain = 0.0
                attacks[owner].append((gain, sq, target))
        if kind != "K" and enemy_king >= 0:
            distance = abs(sq % 9 - enemy_king % 9) + abs(sq // 9 - enemy_king // 9)
            position_score[owner] += weights.advance * (17 - distance)
            forward = unit.facing == ("N" if owner == GOLD else "S")
            if forward:
                position_score[owner] += weights.facing
        own_king = kings[owner]
        if kind != "K" and own_king >= 0 and sq in NEIGHBOURS[own_king]:
            position_score[owner] += weights.king_guard
        if (
            kind != "K"
            and enemy_king >= 0
            and abs(sq % 9 - enemy_king % 9) <= 3
            and abs(sq // 9 - enemy_king // 9) <= 3
        ):
            position_score[1 - owner] -= weights.king_danger
    you = 1 - me
    score = material[me] - material[you] + position_score[me] - position_score[you]
    score += weights.attack_now * _best_attacks(attacks[me], battle.actions)
    if not blind:
        score -= weights.threat * _best_attacks(attacks[you], 2)
    quiet = battle.quiet
    if quiet > QUIET_TURNS - 8:
        score *= max(0, QUIET_TURNS + 1 - quiet) / 9
    return int(score)


def _best_attacks(attacks: list[tuple[float, int, int]], actions: int) -> float:
    """The worth of the best ``actions`` attacks by different units."""
    if not attacks:
        return 0.0
    attacks.sort(reverse=True)
    best, attacker, _ = attacks[0]
    if actions < 2:
        return best
    for gain, other, _ in attacks[1:]:
        if other != attacker:
            return best + gain
    return best
