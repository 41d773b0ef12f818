"""What an action or a roll does to a battle: moves and turns, placements, attacks and their dice, the
lone soldier's second die, panic and its chains, the peasants' retreat, the mercenaries' push and bribe,
and the end of a turn.

``BattleState`` holds a position's fields (the units by square index, the
side, the actions left, QUIET, PENDING and the units' Zobrist key) and changes
them; ``Battle`` adds the stack, the text and the rules' questions. The
methods here trust their input: ``Battle.push`` has checked it.
"""

from __future__ import annotations

from game.engine.lionheart.field import (
    GOLD,
    HOME_FACING,
    INDEX,
    LONE_ATTACKERS,
    NO_PENDING,
    SILVER,
    START,
    STEP,
    Pending,
    Unit,
    dice_count,
    hits,
    is_lone,
)
from game.engine.lionheart.notation import (
    AXE,
    KINDS,
    OPPOSITE,
    PANIC,
    SQUARE_NAMES,
    Action,
    Move,
    outcome_text,
)
from game.engine.lionheart.zobrist import unit_key

__all__ = ["BattleState"]


class BattleState:
    """A position's fields and how an action or a roll changes them (see the module docstring)."""

    __slots__ = ("_key", "_removed", "_units", "actions", "pending", "quiet", "side")

    _units: dict[int, Unit]
    """The units by square index; never changed in place once saved on a stack (push works on a copy)."""
    _key: int
    """The XOR of the units' Zobrist keys, kept as they change."""
    _removed: bool
    """Whether the action or roll being played has removed a figure (its turn is not quiet)."""
    side: int
    actions: int
    quiet: int
    pending: Pending

    def _dice_due(self) -> int:
        """The dice the pending roll takes (0 when none is pending)."""
        pending = self.pending
        if pending.kind == "start":
            return 4
        if pending.kind == "attack":
            attacker = self._units[pending.origin]
            return dice_count(attacker.kind, attacker.figures)
        if pending.kind == "lone":
            return 1
        return 0

    def _put(self, sq: int, unit: Unit | None) -> None:
        """Set what stands on ``sq``, keeping the Zobrist key."""
        units = self._units
        old = units.get(sq)
        if old is not None:
            self._key ^= unit_key(old)
            del units[sq]
        if unit is not None:
            units[sq] = unit
            self._key ^= unit_key(unit)

    def _relocate(self, sq: int, to: int, facing: str | None = None) -> None:
        unit = self._units[sq]
        self._put(sq, None)
        self._put(
            to,
            Unit(unit.owner, unit.kind, unit.figures, SQUARE_NAMES[to], facing or unit.facing, unit.attacked),
        )

    def _act(self, move: Move) -> None:
        action = move.action
        if action is Action.PLACE:
            sq = INDEX[move.square]
            self._put(sq, Unit(self.side, move.unit, move.figures, move.square, HOME_FACING[self.side]))
            return
        if action is Action.DONE:
            self._end_setup()
            return
        sq = INDEX[move.square]
        unit = self._units[sq]
        cost = KINDS[unit.kind].action_cost
        if action is Action.MOVE:
            self._relocate(sq, INDEX[move.target])
            self._spend(cost)
        elif action is Action.TURN:
            self._put(sq, unit._replace(facing=move.facing))
            self._spend(cost)
        else:
            target = INDEX[move.target]
            defender = self._units[target]
            if unit.kind == "K" and defender.kind == "R":
                self._bribe(sq, target)
                self._put(sq, self._units[sq]._replace(attacked=True))
                self._spend(1)
            else:
                self.pending = Pending("attack", sq, target)

    def _end_setup(self) -> None:
        if self.side == GOLD:
            self.side = SILVER
        else:
            self.side, self.pending = -1, START

    def _bribe(self, king_sq: int, target: int) -> None:
        """The king offers gold to the enemy mercenaries: they change sides unless their own king is
        beside them and facing them."""
        mercenaries = self._units[target]
        for sq, unit in self._units.items():
            if unit.kind == "K" and unit.owner == mercenaries.owner and STEP[unit.facing][sq] == target:
                return  # refused: the action is spent for nothing
        self._put(target, mercenaries._replace(owner=1 - mercenaries.owner, attacked=False))

    def _spend(self, cost: int) -> None:
        """The action is over: count it, and pass the turn after the last one."""
        if self._removed:
            self.quiet = 0
        self.actions -= cost
        if self.actions > 0:
            return
        side = self.side
        for sq, unit in list(self._units.items()):
            if unit.attacked and unit.owner == side:
                self._put(sq, unit._replace(attacked=False))
        self.side = 1 - side
        self.actions = 2
        self.quiet += 1

    def _roll(self, roll: tuple[str, ...]) -> None:
        pending = self.pending
        if pending.kind == "start":
            if not pending.token:
                self.pending = Pending("start", token=outcome_text(roll))
                return
            gold, silver = pending.token.count("H"), roll.count(AXE)
            if gold == silver:
                self.pending = START  # a tie: both roll again
                return
            self.side = GOLD if gold > silver else SILVER
            self.actions = 2
            self.pending = NO_PENDING
            self.quiet += 1  # turn 1 begins
            return
        origin, target = pending.origin, pending.target
        attacker = self._units[origin]
        defender = self._units[target]
        if pending.kind == "lone":
            # The lone soldier's second die: a second hit takes one figure; nothing else counts.
            scored = 1 + (roll[0] == LONE_ATTACKERS[attacker.kind])
            self._finish_attack(origin, target, scored, 0, len(roll))
            return
        if is_lone(attacker, defender) and roll[0] == LONE_ATTACKERS[attacker.kind]:
            self.pending = Pending("lone", origin, target, outcome_text(roll))
            return
        self._finish_attack(origin, target, hits(attacker.kind, roll), roll.count(PANIC), len(roll))

    def _finish_attack(self, origin: int, target: int, scored: int, panics: int, dice: int) -> None:
        units = self._units
        attacker = units[origin]
        defender = units[target]
        self._put(origin, attacker._replace(attacked=True))
        killed = min(scored // KINDS[defender.kind].hits_per_figure, defender.figures)
        if killed:
            self._removed = True
            left = defender.figures - killed
            self._put(target, defender._replace(figures=left) if left else None)
        if panics:
            kind = attacker.kind
            if kind == "R":
                if target in self._units:
                    self._push_back(target, attacker.facing, panics)
            elif kind == "P":
                self._retreat(origin, panics)
            elif panics == dice and KINDS[kind].panics:
                self._panic(origin, set())
        self.pending = NO_PENDING
        self._spend(1)

    def _push_back(self, sq: int, direction: str, squares: int) -> None:
        """Mercenaries push the unit on ``sq`` away from them, one square per panic, until blocked."""
        for _ in range(squares):
            ahead = STEP[direction][sq]
            if ahead < 0 or ahead in self._units:
                return
            self._relocate(sq, ahead)
            sq = ahead

    def _retreat(self, sq: int, steps: int) -> None:
        """Peasants turn about and step back once per panic rolled (panic's rules for a blocked step)."""
        unit = self._units[sq]
        self._put(sq, unit._replace(facing=OPPOSITE[unit.facing]))
        for _ in range(steps):
            after = self._step(sq, set())
            if after is None:
                return
            sq = after

    def _panic(self, sq: int, chain: set[int]) -> int | None:
        """The unit on ``sq`` turns about and steps ahead; its new square, or ``None`` if it died."""
        unit = self._units[sq]
        self._put(sq, unit._replace(facing=OPPOSITE[unit.facing]))
        return self._step(sq, chain)

    def _step(self, sq: int, chain: set[int]) -> int | None:
        """A panicking unit steps ahead: off the field, into its own king or mercenaries, an enemy, or a unit
        already panicking in this chain, it dies; an own unit in the way panics in turn and makes room."""
        units = self._units
        unit = units[sq]
        ahead = STEP[unit.facing][sq]
        blocker = units.get(ahead) if ahead >= 0 else None
        if ahead < 0 or (
            blocker is not None
            and (blocker.owner != unit.owner or not KINDS[blocker.kind].panics or ahead in chain)
        ):
            self._removed = True
            self._put(sq, None)
            return None
        if blocker is not None:
            chain.add(sq)
            self._panic(ahead, chain)
            chain.discard(sq)
        self._relocate(sq, ahead)
        return ahead
