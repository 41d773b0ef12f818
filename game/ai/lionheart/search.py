"""Lionheart as the generic chance search sees it: raw actions and rolls as ints, pushed on a ``Battle``.

``game.ai.expectimax`` searches any position offering ``turn``, ``hash``,
``raw_moves``, ``chance_outcomes_raw``, ``push_raw`` and ``pop_raw``;
``SearchBattle`` gives those over a ``Battle``. A raw action is a fixed int
for the action wherever it is played (the table's move is tried first only if
it is legal where it is tried), a raw roll an int above every action's.

>>> from game.engine.lionheart import Battle, Move
>>> position = SearchBattle(Battle("gK1e1N,gI4e4N,sI4e5S,sK1e10S g 2"))
>>> raw = encode(Move.from_text("e4xe5"))
>>> raw in position.raw_moves(), decode(raw)
(True, Move.from_text('e4xe5'))
>>> position.push_raw(raw)
>>> [decode_roll(raw) for raw, _ in position.chance_outcomes_raw()][:2]
[('axe', 'axe', 'axe', 'axe'), ('arrow', 'axe', 'axe', 'axe')]
"""

from __future__ import annotations

from game.engine.lionheart import KINDS, Action, Battle, Move, dice_count, hits, outcome_text
from game.engine.lionheart.battle import ARCHER_ZONE, LONE_ATTACKERS, RAYS, STEP, TWO_HIT
from game.engine.lionheart.notation import DICE_FACES, FACINGS, PANIC, PLACEABLE, SQUARE_NAMES

__all__ = [
    "ACTION_BLOCK",
    "ROLL_BASE",
    "SearchBattle",
    "decode",
    "decode_roll",
    "encode",
    "encode_roll",
    "promising",
    "purposeful",
    "roll_results",
]

_SQUARES = len(SQUARE_NAMES)
_INDEX = {name: sq for sq, name in enumerate(SQUARE_NAMES)}
"""Square indices by name."""
_CODES = {Action.MOVE: 0, Action.TURN: 1, Action.ATTACK: 2, Action.PLACE: 3, Action.DONE: 4}
_ACTIONS = {code: action for action, code in _CODES.items()}
ACTION_BLOCK = _SQUARES * _SQUARES
"""Raw actions of one kind: ``raw // ACTION_BLOCK`` is 0 a move, 1 a turn, 2 an attack, 3 a placement, 4 done."""
ROLL_BASE = 5 * ACTION_BLOCK
"""Raw rolls are ``ROLL_BASE`` and above; raw actions below."""


def encode(move: Move) -> int:
    """The raw int of an action: its kind, its square and its target (facing, or kind and figures)."""
    code = _CODES[move.action]
    if code == 4:
        return 4 * ACTION_BLOCK
    square = _INDEX[move.square]  # a Move's squares are checked when it is made
    if code == 1:
        other = FACINGS.index(move.facing)
    elif code == 3:
        other = PLACEABLE.index(move.unit) * 11 + move.figures
    else:
        other = _INDEX[move.target]
    return code * ACTION_BLOCK + square * _SQUARES + other


def decode(raw: int) -> Move:
    """The action of a raw int (``encode``'s inverse)."""
    code, rest = divmod(raw, ACTION_BLOCK)
    action = _ACTIONS[code]
    if action is Action.DONE:
        return Move.done()
    square, other = divmod(rest, _SQUARES)
    name = SQUARE_NAMES[square]
    if action is Action.TURN:
        return Move.turn(name, FACINGS[other])
    if action is Action.PLACE:
        kind, figures = divmod(other, 11)
        return Move.place(PLACEABLE[kind], name, figures)
    target = SQUARE_NAMES[other]
    return Move.move(name, target) if action is Action.MOVE else Move.attack(name, target)


def encode_roll(roll: tuple[str, ...]) -> int:
    """The raw int of a roll: its counts of axes, arrows and panics."""
    axe, arrow, panic = (roll.count(face) for face in DICE_FACES)
    return ROLL_BASE + axe * 25 + arrow * 5 + panic


def decode_roll(raw: int) -> tuple[str, ...]:
    """The roll of a raw int, as a sorted tuple of faces."""
    axe, rest = divmod(raw - ROLL_BASE, 25)
    arrow, panic = divmod(rest, 5)
    return tuple(sorted(["axe"] * axe + ["arrow"] * arrow + ["panic"] * panic))


_ROOT_SALT = (0, 0x9E3779B97F4A7C15)
"""What the search key adds by the side searching: GOLD, SILVER."""
_UNSPIRITED_SALT = 0x2545F4914F6CDD1D
"""What the search key adds for a search without the will to fight (``SearchBattle.spirited``)."""
MERGED_CACHE_SIZE = 50_000
"""Chance nodes whose merged rolls a ``SearchBattle`` keeps before it starts its table afresh."""
_FORWARD = ("N", "S")


def promising(battle: Battle, moves: list[Move]) -> list[Move]:
    """The actions worth searching below the root (``moves`` are the battle's legal ones).

    Every attack and every step of foot; of a king's or knights' moves the
    longest and the single step; the king's turns (a turn is how a side
    passes an action); of the other turns, those that face the enemy's side
    of the field, or an enemy the unit could then attack (at once, or after
    a step: along the ray for knights). Turns towards nothing, and
    middle-distance rides, are left out: they seldom matter, and the root
    still searches them all. Never leaves out everything.
    """
    units = battle._units  # the engine's dict by square index: read only, the hot path
    kept = []
    for move in moves:
        action = move.action
        if action is Action.ATTACK:
            kept.append(move)
            continue
        sq = _INDEX[move.square]
        unit = units[sq]
        kind = unit.kind
        if action is Action.MOVE:
            if kind not in "KN":
                kept.append(move)
                continue
            target = _INDEX[move.target]
            beyond = STEP[unit.facing][target]
            if abs(target - sq) in (1, 9) or beyond < 0 or beyond in units:
                kept.append(move)
            continue
        facing = move.facing
        if facing == _FORWARD[unit.owner] or kind == "K":
            kept.append(move)  # the king's turns too: the nearest thing to a pass, which the rules lack
            continue
        if kind == "H":
            continue  # heavy infantry strikes all round: turning only steers its slow march
        if kind == "A":
            zone = ARCHER_ZONE[facing][sq]
        else:
            ray = RAYS[facing][sq]
            zone = ray if kind in "KN" else ray[:2]
        for target in zone:
            other = units.get(target)
            if other is not None:
                if other.owner != unit.owner:
                    kept.append(move)
                    break
                if kind != "A":
                    break
    return kept or moves  # never none: a side whose every action seems idle still has to act


def purposeful(battle: Battle, moves: list[Move]) -> list[Move]:
    """``moves`` (the battle's legal ones) but the second action that turns back the unit the first one
    turned: a turn that leaves every unit as it found it buys nothing.

    The rules have no pass, so a side content to wait would spin a unit and
    back; it must at least leave a unit facing elsewhere. Never leaves out
    everything.

    >>> battle = Battle("gK1e1N,gI4e4N,sI4e6S,sK1e10S g 2")
    >>> battle.push(Move.turn("e4", "E"))
    >>> Move.turn("e4", "N") in purposeful(battle, battle.legal_moves())
    False
    """
    if battle.actions != 1 or not battle._stack:
        return moves
    before, *_, last = battle._stack[-1]  # the engine's saved field before the last action: read only
    if not isinstance(last, Move) or last.action is not Action.TURN:
        return moves
    unit = before.get(_INDEX[last.square])
    if unit is None:
        return moves
    back = [
        move
        for move in moves
        if not (move.action is Action.TURN and move.square == last.square and move.facing == unit.facing)
    ]
    return back or moves


def roll_results(battle: Battle) -> list[list[tuple[tuple[str, ...], float]]]:
    """The rolls due in ``battle`` (a chance node) with their chances, grouped by result: the rolls of a
    group leave the same battle.

    An attack's result is the figures it kills and what its panics do: all
    dice on panic for most kinds, each panic for peasants (they step back)
    and for mercenaries (they push a survivor back). The opening roll and a
    lone soldier's rolls are not grouped.
    """
    outcomes = battle.chance_outcomes()
    pending = battle.pending
    if pending.kind != "attack":
        return [[pair] for pair in outcomes]
    units = battle._units  # the engine's dict by square index: read only
    attacker, defender = units[pending.origin], units[pending.target]
    kind, dice = attacker.kind, dice_count(attacker.kind, attacker.figures)
    if attacker.figures == 1 and kind in LONE_ATTACKERS and defender.kind in TWO_HIT:
        return [[pair] for pair in outcomes]  # one die: three rolls, one of them rolls again
    per_figure = KINDS[defender.kind].hits_per_figure
    panics_all = KINDS[kind].panics
    groups: dict[tuple[int, int], list[tuple[tuple[str, ...], float]]] = {}
    for roll, probability in outcomes:
        killed = min(hits(kind, roll) // per_figure, defender.figures)
        panics = roll.count(PANIC)
        if kind == "P":
            effect = panics
        elif kind == "R":
            effect = panics if killed < defender.figures else 0
        else:
            effect = int(panics == dice and panics_all)
        groups.setdefault((killed, effect), []).append((roll, probability))
    return list(groups.values())


class SearchBattle:
    """A ``Battle`` as the chance search searches it (see the module docstring).

    Keeps the ``Move`` of each raw action it has listed (so ``push_raw`` does
    not build them again) and the raw roll of each roll: caches of this one
    position's, never shared, as long-lived as the search of one action.
    """

    def __init__(self, battle: Battle, *, prune: bool = False, spirited: bool = True) -> None:
        self.battle = battle
        self.prune = prune
        self.spirited = spirited
        """Whether the evaluation adds the searching side's will to fight (``EvalWeights.engage``): a level
        that plays does; the hint, which advises, and the analysis, which judges, weigh the battle as it is."""
        self._root_ply = battle.ply
        self.root_side = battle.side
        """The side searching (the side to act at the root)."""
        self.root_text = battle.text()
        """The root battle's text (its field, for the evaluation's measures taken from the root)."""
        self.root_engaged: int | None = None
        """How engaged the armies are at the root, once the evaluation has measured it."""
        self._moves: dict[int, Move] = {}
        self._raw: dict[int, int] = {}
        self._kept: list[Move] = []
        self._rolls: dict[int, tuple[str, ...]] = {}
        self._merged: dict[int, list[tuple[int, float]]] = {}

    @property
    def turn(self) -> int:
        """GOLD, SILVER or CHANCE."""
        return self.battle.turn

    @property
    def hash(self) -> int:
        """The battle's 64-bit key (side, actions left, quiet turns and pending roll included), told apart by
        the side searching and by ``spirited``: the evaluation's will to fight is the searching side's
        (``EvalWeights.engage``), so a table kept from a search by the other side, or with the will to fight
        when this one has none (a hint asked for in a battle against the computer), holds no score for
        this one."""
        return self.battle.hash ^ _ROOT_SALT[self.root_side] ^ (0 if self.spirited else _UNSPIRITED_SALT)

    @hash.setter
    def hash(self, value: int) -> None:
        # The search protocol declares ``hash`` a plain attribute; this one follows the battle.
        raise AttributeError("a SearchBattle's hash is its battle's")

    def raw_moves(self) -> list[int]:
        """The legal actions as raw ints, in the battle's order."""
        raws = []
        known = self._raw
        battle = self.battle
        moves = battle.legal_moves()
        if not battle.in_setup:
            moves = purposeful(battle, moves)
            if self.prune and battle.ply > self._root_ply:
                moves = promising(battle, moves)
        for move in moves:
            # By identity: the battle hands out the same Move objects again, and a Move's own hash is slow.
            # Every object met is kept in ``_kept``, so no id is reused while it is in the table.
            raw = known.get(id(move))
            if raw is None:
                raw = known[id(move)] = encode(move)
                self._kept.append(move)
                self._moves.setdefault(raw, move)
            raws.append(raw)
        return raws

    def chance_outcomes_raw(self) -> list[tuple[int, float]]:
        """The rolls due, as raw ints, with their probabilities; rolls with the same result are one.

        Four dice have fifteen rolls, but infantry's attack has six results
        (none to four hits, or all panic): the search weighs each result
        once, with the sum of its rolls' chances (``roll_results``).
        """
        battle = self.battle
        key = battle.hash
        merged = self._merged.get(key)
        if merged is None:
            merged = []
            for rolls in roll_results(battle):
                roll, _ = rolls[0]
                raw = encode_roll(roll)
                self._rolls[raw] = roll
                merged.append((raw, sum(probability for _, probability in rolls)))
            if len(self._merged) >= MERGED_CACHE_SIZE:
                self._merged.clear()
            self._merged[key] = merged
        return merged

    def move(self, raw: int) -> Move:
        """The action of a raw int."""
        move = self._moves.get(raw)
        return move if move is not None else decode(raw)

    def text(self, raw: int) -> str:
        """A raw action or roll as text (``e4xe5``, ``HHF``)."""
        if raw >= ROLL_BASE:
            return outcome_text(decode_roll(raw))
        return str(self.move(raw))

    def push_raw(self, raw: int) -> None:
        """Play a raw action or roll (legal here)."""
        if raw >= ROLL_BASE:
            roll = self._rolls.get(raw)
            self.battle.push(roll if roll is not None else decode_roll(raw))
        else:
            self.battle.push(self.move(raw))

    def pop_raw(self) -> object:
        """Take back the last action or roll."""
        return self.battle.pop()
