"""Lionheart's evaluation and move order for the chance search (``game.ai.expectimax``).

A battle is won by killing the enemy king or every other enemy unit, and
units die one figure at a time under the dice. So the evaluation counts, by
seat:

- material: each unit by its dice and the hits it takes (a knight's figure
  takes two hits and rolls two dice; mass infantry's figures beyond four add
  hits, not dice); a side down to one unit beside its king is in danger;
- attacks within reach, worth the figures they are expected to take (the
  king's life weighed as a big prize, bribed mercenaries as a unit won):
  those a unit can make at once, and those it can make after one action
  (a step, a knight's or king's ride along its file, or a turn towards an
  enemy beside or behind it). The side to act counts its best two attacks
  by different units, or one that needs an action first; the other side's
  count against it at a discount (the side to act may strike first, or step
  away). Facing matters through this: a unit struck from its flank or back
  needs a turn before it can strike back;
- the king's safety: enemy attacks on it are counted as above, at the king's
  worth, and friendly units beside it count a little;
- advancement: units further forward and facing the enemy's side; the king
  better at home; a unit facing its own side's edge, or sideways into the
  field's edge or a friend, loses a little (it strikes nothing there);
- the QUIET counter: the longer nothing has fallen, the more each rank
  forward is worth (waiting is no plan), and over the last twenty turns
  before the thirtieth quiet turn every advantage fades towards the draw
  (the side ahead must strike);
- the hunt: the side ahead in material gains, in proportion to its lead,
  for each of its units near the enemy's nearest unit but the king (the
  king rides away; the last unit beside it falling ends the battle too).

Beside the score, a taste of the side searching: its will to fight
(``EvalWeights.engage``). Armies nearer each other than at the search's
root are worth something to it at its own nodes and as much against it at
its opponent's; the root scores nothing for it. Two careful armies would
otherwise stand off until the quiet draw: a drawn battle is no result.

Scores are from the seat to act's view, about 100 a figure of infantry.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.limits import WIN_SCORE
from game.ai.lionheart.search import ACTION_BLOCK, SearchBattle
from game.engine.lionheart import GOLD, KINDS, QUIET_TURNS, Battle, Unit, dice_count, dice_outcomes, hits
from game.engine.lionheart.battle import ARCHER_ZONE, NEIGHBOURS, RAYS, STEP
from game.engine.lionheart.notation import FACINGS, SQUARE_NAMES

__all__ = [
    "CARELESS_WEIGHTS",
    "CHARGING_WEIGHTS",
    "DEFAULT_WEIGHTS",
    "EvalWeights",
    "LionheartHeuristics",
    "attack_gain",
    "expected_kills",
    "unit_value",
]

SQUARE_INDEX = {name: sq for sq, name in enumerate(SQUARE_NAMES)}


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
    attack_now: float = 0.8
    """How much of its attacks within reach the side to act counts (it must still roll)."""
    threat: float = 0.5
    """How much of the other side's attacks within reach counts against the side to act."""
    advance: int = 12
    """Each rank a unit (not the king) stands nearer the enemy's side."""
    forward: int = 20
    """A unit (not the king) facing the enemy's side."""
    backward: int = 40
    """A unit (not the king) facing its own side's edge (a penalty)."""
    blocked: int = 20
    """A unit (not the king) facing sideways into the field's edge or a friend just ahead (a penalty)."""
    king_guard: int = 25
    """Each friendly unit beside the king."""
    king_advance: int = 20
    """Each rank the king has left its home rank (a penalty)."""
    last_unit: int = 400
    """A side down to one unit beside its king (a penalty: that unit's loss loses the battle)."""
    quiet_fade: int = 20
    """Turns before the quiet draw over which every advantage fades to nothing."""
    press: int = 60
    """Each rank a unit (not the king) stands nearer the enemy's side, at the thirtieth quiet turn: the
    longer nothing has fallen, the more going forward is worth (from nothing after a figure falls)."""
    engage: int = 20
    """The searching side's will to fight: each square (steps along files and ranks, up to ``REACH``) by
    which units of either side (not the kings) stand nearer their nearest enemy than at the search's root
    is worth this to the side searching, and as much against it at its opponent's nodes. Not a judgement of
    the battle (the root scores nothing for it, and neither side's score gains from it in the other's
    search) but a taste: a drawn battle is no result, so the computer closes in rather than wait."""
    hunt: int = 60
    """Each square (up to ``REACH``) a unit (not the king) stands nearer its nearest enemy but the king, for
    the side ahead in material, in proportion to its lead: the side ahead hunts the enemy's last units down
    rather than wait."""


DEFAULT_WEIGHTS = EvalWeights()
CARELESS_WEIGHTS = EvalWeights(engage=0)
"""The weak levels' (they score an action or a turn alone, with noise): no will to fight. Seen one or two
actions ahead it outweighs their noise, so that every one of their battles would open with the same ride,
and it makes no plan of their charges: their battles grew longer with it."""
CHARGING_WEIGHTS = EvalWeights(advance=40, forward=40, king_advance=0, engage=0)
"""A beginner's idea of the battle: forward, always."""


def unit_value(kind: str, figures: int, weights: EvalWeights = DEFAULT_WEIGHTS) -> int:
    """The material worth of a unit (the king's is not counted: its loss ends the battle).

    >>> unit_value("I", 4), unit_value("M", 10), unit_value("N", 2), unit_value("K", 1)
    (400, 640, 400, 0)
    """
    if kind == "K" or figures <= 0:
        return 0
    return weights.die * dice_count(kind, figures) + weights.hit * figures * KINDS[kind].hits_per_figure


def attack_gain(
    attacker_kind: str, attacker_figures: int, defender_kind: str, defender_figures: int, weights: EvalWeights
) -> float:
    """The expected worth of an attack: the figures it takes, the king's life, or bribed mercenaries.

    >>> round(attack_gain("I", 4, "I", 4, DEFAULT_WEIGHTS)), round(attack_gain("N", 2, "K", 1, DEFAULT_WEIGHTS))
    (200, 2062)
    """
    if defender_kind == "K":
        return weights.king * expected_kills(attacker_kind, attacker_figures, "K", 1)
    if attacker_kind == "K" and defender_kind == "R":
        return float(2 * unit_value("R", defender_figures, weights))  # the bribe: they change sides
    # What the defender is expected to lose: its last figures take its dice with them.
    per_figure = KINDS[defender_kind].hits_per_figure
    before = unit_value(defender_kind, defender_figures, weights)
    return sum(
        probability
        * (
            before
            - unit_value(
                defender_kind,
                defender_figures - min(defender_figures, hits(attacker_kind, roll) // per_figure),
                weights,
            )
        )
        for roll, probability in dice_outcomes(dice_count(attacker_kind, attacker_figures))
    )


_AHEAD = ("N", "S")
"""The facing towards the enemy's side, by seat."""
_SINGLE = frozenset("IMPRKN")
"""Kinds that attack only the square ahead."""
_FAR = frozenset("KN")

UnitReach = tuple[float, int, bool, tuple[int, ...], tuple[int, ...], tuple[int, ...], int]
"""A unit's worth where it stands; the ranks it has advanced (0 for the king); whether it strikes only
the square ahead; the squares it strikes (the one ahead, or the archers' zone, or heavy infantry's
eight); the squares it may ride or step to before striking (ahead of the square ahead); the squares
beside and behind it (a turn, then a strike); its material worth (``unit_value``)."""


class LionheartHeuristics:
    """The ``Heuristics`` of Lionheart over a ``SearchBattle`` (see ``game.ai.alphabeta``).

    ``blind``: the evaluation does not see the other side's threats (a
    beginner's mistakes: it marches into archers' reach and forgets its king).
    Keeps its own tables of unit worths and attack gains, filled as met.
    """

    def __init__(self, weights: EvalWeights = DEFAULT_WEIGHTS, *, blind: bool = False) -> None:
        self.weights = weights
        self.blind = blind
        self._gains: dict[tuple[str, int, str, int], float] = {}
        self._units: dict[Unit, UnitReach] = {}
        self._scores: dict[int, tuple[int, int]] = {}

    def end_score(self, position: SearchBattle, moves: list[int]) -> int | None:
        """``±WIN_SCORE`` for a battle won or lost, 0 drawn, ``None`` while it goes on."""
        return None if moves else self.leaf_end_score(position)

    def leaf_end_score(self, position: SearchBattle) -> int | None:
        """``end_score`` without the moves (the search's leaves list none)."""
        battle = position.battle
        outcome = battle.outcome()
        if outcome is None:
            return None
        if outcome.winner is None:
            return 0
        return WIN_SCORE if outcome.winner == battle.turn else -WIN_SCORE

    def gain(self, attacker: Unit, defender: Unit) -> float:
        """``attack_gain`` of ``attacker`` on ``defender``, from the table."""
        key = (attacker.kind, attacker.figures, defender.kind, defender.figures)
        value = self._gains.get(key)
        if value is None:
            value = self._gains[key] = attack_gain(*key, self.weights)
        return value

    def order(self, position: SearchBattle, moves: list[int]) -> list[int]:
        """Attacks by expected worth first, then moves, then turns."""
        units = position.battle._units  # the engine's dict by square index: read only, the hot path
        keyed = []
        for raw in moves:
            code, rest = divmod(raw, ACTION_BLOCK)
            if code == 2:
                origin, target = divmod(rest, 90)
                keyed.append((1000.0 + self.gain(units[origin], units[target]), raw))
            else:
                keyed.append((10.0 if code == 0 else 0.0, raw))
        keyed.sort(key=lambda item: -item[0])
        return [raw for _, raw in keyed]

    def static(self, unit: Unit) -> float:
        """A unit's worth where it stands, for its owner: material, advancement, facing."""
        return self._reach(unit)[0]

    def _reach(self, unit: Unit) -> UnitReach:
        """What the evaluation needs of a unit, worked out once per unit met (see ``UnitReach``)."""
        reach = self._units.get(unit)
        if reach is None:
            owner, kind, figures, square, facing, _ = unit
            weights = self.weights
            sq = SQUARE_INDEX[square]
            progress = sq // 9 if owner == GOLD else 9 - sq // 9
            ranks = 0 if kind == "K" else progress
            if kind == "K":
                worth = float(-weights.king_advance * progress)
            else:
                worth = float(unit_value(kind, figures, weights) + weights.advance * progress)
                if facing == _AHEAD[owner]:
                    worth += weights.forward
                elif facing == _AHEAD[1 - owner]:
                    worth -= weights.backward
            if kind in _SINGLE:
                ray = RAYS[facing][sq]
                reach = (
                    worth,
                    ranks,
                    True,
                    ray[:1],
                    ray[1:] if kind in _FAR else ray[1:2],
                    _SIDEWAYS[facing][sq],
                    unit_value(kind, figures, weights),
                )
            else:
                zone = ARCHER_ZONE[facing][sq] if kind == "A" else NEIGHBOURS[sq]
                reach = (worth, ranks, False, zone, (), (), unit_value(kind, figures, weights))
            self._units[unit] = reach
        return reach

    def evaluate(self, position: SearchBattle) -> int:
        """The static score for the seat to act (the battle goes on), from the table of scores when known,
        with the searching side's will to fight (``EvalWeights.engage``) measured from the search's root."""
        battle = position.battle
        key = battle.hash
        cache = self._scores
        value = cache.get(key)
        if value is None:
            if len(cache) >= SCORE_CACHE_SIZE:
                cache.clear()
            value = cache[key] = self.judge(battle)
        score, engaged = value
        engage = self.weights.engage
        if not engage or battle.in_setup or not position.spirited:
            return score
        root = position.root_engaged
        if root is None:
            root = position.root_engaged = self.judge(Battle(position.root_text))[1]
        spirit = engage * (engaged - root)
        return score + spirit if battle.side == position.root_side else score - spirit

    def score(self, battle: Battle) -> int:
        """The static score of ``battle`` for its seat to act (see the module docstring)."""
        return self.judge(battle)[0]

    def judge(self, battle: Battle) -> tuple[int, int]:
        """The static score of ``battle`` for its seat to act, and how engaged the armies are (the sum, over
        both sides' units but the kings, of ``REACH`` less the squares to their nearest enemy)."""
        weights = self.weights
        me = battle.side
        units = battle._units  # the engine's dict by square index: read only, the hot path
        totals = [0.0, 0.0]
        counts = [0, 0]
        advanced = [0, 0]
        kings = [-1, -1]
        squares: tuple[list[int], list[int]] = ([], [])  # each side's units but its king
        material = [0.0, 0.0]
        # Attacks within reach, per side: (gain, attacker square, actions it needs: 1 or 2).
        attacks: tuple[list[tuple[float, int, int]], list[tuple[float, int, int]]] = ([], [])
        gain = self.gain
        known = self._units
        blocked = weights.blocked
        for sq, unit in units.items():
            reach = known.get(unit)
            if reach is None:
                reach = self._reach(unit)
            worth, ranks, single, zone, beyond, sideways, value = reach
            owner = unit[0]
            totals[owner] += worth
            advanced[owner] += ranks
            if unit[1] == "K":
                kings[owner] = sq
            else:
                counts[owner] += 1
                squares[owner].append(sq)
                material[owner] += value
            if unit[5]:  # it has attacked in this turn
                continue
            found = attacks[owner]
            if single:
                defender = units.get(zone[0]) if zone else None
                if (
                    unit[4] in _SIDEWAYS_FACINGS
                    and unit[1] != "K"
                    and (not zone or (defender is not None and defender[0] == owner))
                ):
                    totals[owner] -= blocked  # it strikes nothing there: a turn for nothing
                if zone:
                    if defender is None:
                        for far in beyond:  # a step (any distance for kings and knights), then the attack
                            defender = units.get(far)
                            if defender is not None:
                                if defender[0] != owner:
                                    found.append((gain(unit, defender), sq, 2))
                                break
                    elif defender[0] != owner:
                        found.append((gain(unit, defender), sq, 1))
                for beside in sideways:  # a turn, then the attack
                    defender = units.get(beside)
                    if defender is not None and defender[0] != owner:
                        found.append((gain(unit, defender), sq, 2))
            else:
                for target in zone:
                    defender = units.get(target)
                    if defender is not None and defender[0] != owner:
                        found.append((gain(unit, defender), sq, 1))
        for side in (0, 1):
            king = kings[side]
            if king >= 0:
                for sq in NEIGHBOURS[king]:
                    guard = units.get(sq)
                    if guard is not None and guard[0] == side:
                        totals[side] += weights.king_guard
            if counts[side] == 1:
                totals[side] -= weights.last_unit
        engaged = self._closing_in(totals, squares, kings, material) if weights.engage or weights.hunt else 0
        you = 1 - me
        score = totals[me] - totals[you]
        score += weights.attack_now * _best_attacks(attacks[me], battle.actions)
        if not self.blind:
            score -= weights.threat * _best_attacks(attacks[you], 2)
        quiet = battle.quiet
        score += weights.press * quiet * (advanced[me] - advanced[you]) / QUIET_TURNS
        fade = weights.quiet_fade
        if quiet > QUIET_TURNS - fade:
            score *= max(0, QUIET_TURNS + 1 - quiet) / (fade + 1)
        return int(score), engaged

    def _closing_in(
        self,
        totals: list[float],
        squares: tuple[list[int], list[int]],
        kings: list[int],
        material: list[float],
    ) -> int:
        """Add ``hunt`` to ``totals`` (the side ahead's units near the nearest enemy unit but the king: the
        king rides away, and its army's last unit falling ends the battle too) and return how engaged the
        armies are: the sum, over both sides' units but the kings, of ``REACH`` less the squares to their
        nearest enemy, the king included."""
        weights = self.weights
        whole = material[0] + material[1]
        engaged = 0
        for side in (0, 1):
            prey = squares[1 - side]
            king = kings[1 - side]
            foes = [*prey, king] if king >= 0 else prey
            if not foes:
                continue
            lead = (material[side] - material[1 - side]) / whole if whole else 0.0
            hunting = lead > 0 and bool(prey) and weights.hunt > 0
            near = near_prey = 0
            for sq in squares[side]:
                row = _CLOSENESS[sq]
                near += max([row[foe] for foe in foes])
                if hunting:
                    near_prey += max([row[foe] for foe in prey])
            engaged += near
            if hunting:
                totals[side] += weights.hunt * lead * near_prey
        return engaged


_SIDEWAYS_FACINGS = frozenset("EW")
REACH = 10
"""Squares beyond which a unit's distance to an enemy makes no difference to ``engage`` and ``hunt``."""
_CLOSENESS: tuple[tuple[int, ...], ...] = tuple(
    tuple(max(0, REACH - abs(a % 9 - b % 9) - abs(a // 9 - b // 9)) for b in range(90)) for a in range(90)
)
"""``_CLOSENESS[a][b]``: ``REACH`` less the steps between squares a and b along files and ranks (0 at least)."""
SCORE_CACHE_SIZE = 100_000
"""Scores a ``LionheartHeuristics`` keeps by position key before it starts its table afresh."""
_SIDEWAYS: dict[str, tuple[tuple[int, ...], ...]] = {
    facing: tuple(
        tuple(STEP[other][sq] for other in FACINGS if other != facing and STEP[other][sq] >= 0)
        for sq in range(90)
    )
    for facing in FACINGS
}
"""The squares a unit facing ``facing`` on a square could attack after a turn (beside and behind it)."""


def _best_attacks(attacks: list[tuple[float, int, int]], actions: int) -> float:
    """The worth of the attacks ``actions`` actions can make: two attacks by different units, or one that
    needs a step or a turn first (with two actions left); one attack with one."""
    best_one = best_two = 0.0
    first_unit = -1
    second = 0.0
    for value, unit, cost in attacks:
        if cost == 2:
            best_two = max(best_two, value)
        elif value > best_one:
            if unit != first_unit:
                second = best_one
            best_one, first_unit = value, unit
        elif value > second and unit != first_unit:
            second = value
    if actions < 2:
        return best_one
    return max(best_one + second, best_two)
