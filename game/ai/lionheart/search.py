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

from game.engine.lionheart import Action, Battle, Move, outcome_text
from game.engine.lionheart.notation import DICE_FACES, FACINGS, PLACEABLE, SQUARE_NAMES, square_index

__all__ = ["ACTION_BLOCK", "ROLL_BASE", "SearchBattle", "decode", "decode_roll", "encode", "encode_roll"]

_SQUARES = len(SQUARE_NAMES)
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
    square = square_index(move.square)
    if code == 1:
        other = FACINGS.index(move.facing)
    elif code == 3:
        other = PLACEABLE.index(move.unit) * 11 + move.figures
    else:
        other = square_index(move.target)
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


class SearchBattle:
    """A ``Battle`` as the chance search searches it (see the module docstring).

    Keeps the ``Move`` of each raw action it has listed (so ``push_raw`` does
    not build them again) and the raw roll of each roll: caches of this one
    position's, never shared, as long-lived as the search of one action.
    """

    def __init__(self, battle: Battle) -> None:
        self.battle = battle
        self._moves: dict[int, Move] = {}
        self._raw: dict[int, int] = {}
        self._kept: list[Move] = []
        self._rolls: dict[int, tuple[str, ...]] = {}

    @property
    def turn(self) -> int:
        """GOLD, SILVER or CHANCE."""
        return self.battle.turn

    @property
    def hash(self) -> int:
        """The battle's 64-bit key (side, actions left, quiet turns and pending roll included)."""
        return self.battle.hash

    @hash.setter
    def hash(self, value: int) -> None:
        # The search protocol declares ``hash`` a plain attribute; this one follows the battle.
        raise AttributeError("a SearchBattle's hash is its battle's")

    def raw_moves(self) -> list[int]:
        """The legal actions as raw ints, in the battle's order."""
        raws = []
        known = self._raw
        for move in self.battle.legal_moves():
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
        """The rolls due, as raw ints, with their probabilities."""
        pairs = []
        for roll, probability in self.battle.chance_outcomes():
            raw = encode_roll(roll)
            self._rolls[raw] = roll
            pairs.append((raw, probability))
        return pairs

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
