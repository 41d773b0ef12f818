"""What Lionheart's rules diagrams play: each diagram's acts (real positions, and the actions and rolls
played from them in the engine's notation), the states the rules engine gives, and the beats of its loop.

The drawing is ``game.scenes.lionheart.diagrams``'; this module is pygame-free, so the tests replay every
act with the engine alone.

>>> [battle.text() for battle in play(DIAGRAMS["panic"].acts[0])][-1]
'gA4d1N,gK1e1N,sI4e3S,sK1e10S g 1 0 -'
>>> period("attack")
4.5
"""

from __future__ import annotations

import dataclasses
import functools

from game.engine.lionheart import CHANCE, LEVEL2_TEXT, STANDARD_TEXT, Action, Battle, Move, parse_outcome
from game.engine.lionheart.notation import square_index

__all__ = ["DIAGRAMS", "Act", "Beat", "Diagram", "Square", "is_roll", "period", "play", "square", "timeline"]

Square = tuple[int, int]
"""(file, rank) from 0: ``a1`` is (0, 0)."""
ROLL_LETTERS = frozenset("HFP")


def square(name: str) -> Square:
    """The (file, rank) of the square ``name``."""
    index = square_index(name)
    return index % 9, index // 9


def is_roll(token: str) -> bool:
    """Whether ``token`` is a roll (``HHFP``) rather than an action."""
    return bool(token) and set(token) <= ROLL_LETTERS


# -- the scripts --


@dataclasses.dataclass(frozen=True)
class Act:
    """A real position and what is played from it: actions and rolls in the engine's notation."""

    start: str
    """The position (``Battle`` text)."""
    steps: tuple[str, ...] = ()
    """Actions (``e4xe5``, ``c2:E``, ``I@c2``, ``done``) and rolls (``HHFP``), in order."""
    window: tuple[str, str] = ("a1", "i10")
    """The part of the field drawn: its lower left and upper right squares."""

    @property
    def files(self) -> range:
        """The files drawn (0 is ``a``)."""
        return range(square(self.window[0])[0], square(self.window[1])[0] + 1)

    @property
    def ranks(self) -> range:
        """The ranks drawn (0 is rank 1)."""
        return range(square(self.window[0])[1], square(self.window[1])[1] + 1)


@functools.cache
def _states(act: Act) -> tuple[str, ...]:
    battle = Battle(act.start)
    texts = [battle.text()]
    for token in act.steps:
        if is_roll(token):
            if battle.turn != CHANCE:
                raise ValueError(f"{token}: no dice are to be rolled in {battle.text()}")
            battle.push(parse_outcome(token))
        else:
            battle.push(Move.from_text(token))  # IllegalMoveError says why, if the rules refuse it
        texts.append(battle.text())
    return tuple(texts)


def play(act: Act) -> list[Battle]:
    """The battle before the first step and after each one, as the rules engine plays them."""
    return [Battle(text) for text in _states(act)]


@dataclasses.dataclass(frozen=True)
class Diagram:
    """One rules diagram: its acts played in turn, what it adds to the field, its caption."""

    acts: tuple[Act, ...] = ()
    caption: str = ""
    """A line under the diagram (English key; ``{side}`` is Gold's name, ``{other}`` Silver's, in the palette)."""
    extra: str = ""
    """What the diagram draws besides the field: ``table`` (level 2's units, no field), ``faces`` (a die's
    six faces, no field), ``muster`` (the armies drop in), ``quiet`` (the quiet turns counted), ``odds``
    (the chances shown before an attack)."""
    tray: bool = True
    """Whether the dice tray (the side to act, its actions left, the dice) is drawn under the field."""


DIAGRAMS: dict[str, Diagram] = {
    "battlefield": Diagram(
        (Act(STANDARD_TEXT),),
        caption="Level 1: the armies at the start",
        extra="muster",
        tray=False,
    ),
    # Gold: the knights ride, the infantry steps; then Silver turns and steps.
    "turn": Diagram(
        (
            Act(
                "gK1a1N,gN2d3N,gI4e4N,sI4f7S,sA4g7S,sK1i10S g 2 1",
                ("d3-d6", "e4-e5", "f7:W", "g7-g6"),
                ("c3", "g7"),
            ),
        ),
        caption="Two actions each, turn by turn",
    ),
    # Gold's infantry turns about and steps back; Silver's knights ride until a unit stops them.
    "moving": Diagram(
        (
            Act(
                "gK1a1N,gI4f5N,gA4d3N,sN2d7S,sK1i10S g 2 1",
                ("f5:S", "f5-f4", "d7-d4"),
                ("c3", "g7"),
            ),
        ),
        caption="Going back takes two actions",
    ),
    "attack": Diagram(
        (Act("gK1a1N,gI4e4N,sI4e5S,sK1i10S g 2 1", ("e4xe5", "HHFP"), ("c3", "g7")),),
        caption="Two axes: two infantrymen fall",
    ),
    # Over their own infantry, at the enemy three squares ahead and one file aside.
    "archers": Diagram(
        (
            Act(
                "gK1a1N,gA4e3N,gI4e4N,sI4f6S,sI4d7S,sK1i10S g 2 1",
                ("e3xf6", "HFFP"),
                ("c3", "g7"),
            ),
        ),
        caption="Two arrows over the infantry: two hits",
    ),
    "dice": Diagram(caption="3 axes, 2 arrows, 1 panic", extra="faces", tray=False),
    "two_hits": Diagram(
        (Act("gK1a1N,gI4e4N,sN2e5S,sK1i10S g 2 1", ("e4xe5", "HHHF"), ("c3", "g7")),),
        caption="Three axes: one knight falls, a hit is lost",
    ),
    "lone": Diagram(
        (Act("gK1a1N,gI1e4N,sN2e5S,sK1i10S g 2 1", ("e4xe5", "H", "H"), ("c3", "g7")),),
        caption="An axe, then another: a knight falls",
    ),
    "panic": Diagram(
        (Act("gA4d1N,gK1e1N,gI2e2N,sI4e3S,sK1e10S g 2 1", ("e2xe3", "PP"), ("c1", "g5")),),
        caption="Panic into its own king: the unit dies",
    ),
    # The infantry panics into the archers, which panic into the knights, which step off the field.
    "chain": Diagram(
        (Act("gK1d1N,gN2e1N,gA4e2N,gI1e3N,sI4e4S,sK1e10S g 2 1", ("e3xe4", "P"), ("c1", "g5")),),
        caption="The knights step off the field and die",
    ),
    # A tie, both roll again; then Gold has more axes and starts.
    "opening": Diagram(
        (Act(STANDARD_TEXT, ("HFFP", "HFPP", "HHFP", "HFFF")),),
        caption="A tie, then more axes: {side} starts",
        extra="opening",
        tray=False,
    ),
    "end": Diagram(
        (Act("gK1a1N,gN2e5N,sK1e6S,sI4g7S g 2 1", ("e5xe6", "HHFP"), ("c3", "g7")),),
        caption="The king falls: {side} wins",
    ),
    # The 29th quiet turn is Silver's, the 30th Gold's: when it ends, the battle is drawn.
    "draw": Diagram(
        (
            Act(
                "gK1a1N,gI4d4N,gN2f4N,sI4d6S,sA4f7S,sK1i10S s 2 29",
                ("f7:W", "f7-e7", "f4:W", "d4:E"),
                ("c3", "g7"),
            ),
        ),
        caption="Thirty turns without a loss: a draw",
        extra="quiet",
    ),
    "army": Diagram(caption="Ten bases, the king included", extra="table", tray=False),
    "setup": Diagram(
        (
            Act(
                LEVEL2_TEXT,
                (
                    "I@d2",
                    "H2@e2",
                    "I@f2",
                    "M@c2",
                    "R2@g2",
                    "A@c1",
                    "N@d1",
                    "N@f1",
                    "A@g1",
                    "done",
                    "M@e9",
                    "P4@d9",
                    "I@f9",
                    "I@c9",
                    "M@g9",
                    "A@f10",
                    "N@d10",
                    "A@c10",
                    "N@g10",
                    "done",
                ),
            ),
        ),
        caption="{side} places, then {other}",
        tray=False,
    ),
    # A move costs both actions; Silver's one axe on it is lost; it strikes the unit beside it.
    "heavy": Diagram(
        (
            Act(
                "gK1a1N,gH2e4N,sI4d5S,sK1i10S g 2 1",
                ("e4-e5", "d5:E", "d5xe5", "HFFP", "e5xd5", "HHHF"),
                ("c3", "g7"),
            ),
        ),
        caption="Slow, but it strikes all around",
    ),
    "mass": Diagram(
        (Act("gK1a1N,gM10e4N,sI4e5S,sK1i10S g 2 1", ("e4xe5", "HHHF"), ("c3", "g7")),),
        caption="Ten men roll four dice",
    ),
    "peasants": Diagram(
        (Act("gK1a1N,gP4e4N,sI4e5S,sK1i10S g 2 1", ("e4xe5", "HFFP"), ("c2", "g6")),),
        caption="Two arrows hit, one panic: a step back",
    ),
    "mercenaries": Diagram(
        (Act("gK1a1N,gR2e4N,sI4e5S,sK1i10S g 2 1", ("e4xe5", "HHPP"), ("c3", "g7")),),
        caption="Two axes hit, two panics push back",
    ),
    # Bought; then, with their own king beside them and facing them, they refuse.
    "bribe": Diagram(
        (
            Act("gK1e4N,gI4c4N,sR2e5S,sK1g9S,sI4c7S g 2 1", ("e4xe5",), ("c3", "g7")),
            Act("gK1e4N,gI4c4N,sR2e5S,sK1e6S,sI4c7S g 2 1", ("e4xe5",), ("c3", "g7")),
        ),
        caption="Bought, unless their king faces them",
    ),
    "odds": Diagram(
        (Act("gK1a1N,gI4e4N,gA4c3N,sN2e5S,sI4d6S,sK1i10S g 2 1", ("e4xe5",), ("b3", "f6")),),
        caption="The odds, before you roll",
        extra="odds",
    ),
}
"""Every diagram, by the key a page names."""


# -- the timeline --


@dataclasses.dataclass(frozen=True)
class Beat:
    """A stretch of a diagram's loop: one thing happening between two of the engine's states."""

    start: float
    length: float
    kind: str
    """``hold``, ``select``, ``slide``, ``turn``, ``roll``, ``result``, ``bribe``, ``place`` or ``done``."""
    act: int
    step: int
    """The index of the step played (the state before it is ``states[step]``, after it ``states[step + 1]``)."""

    @property
    def end(self) -> float:
        """When the beat is over."""
        return self.start + self.length


_LENGTHS = {
    "hold": 0.6,
    "select": 0.45,
    "slide": 0.6,
    "turn": 0.5,
    "roll": 0.85,
    "result": 1.0,
    "bribe": 0.9,
    "place": 0.32,
    "done": 0.2,
    "end": 1.6,
}


def _beats_of(act: Act, act_index: int, start: float) -> tuple[list[Beat], float]:
    states = _states(act)
    beats: list[Beat] = []
    t = start

    def add(kind: str, step: int, length: float | None = None) -> None:
        nonlocal t
        length = _LENGTHS[kind] if length is None else length
        beats.append(Beat(t, length, kind, act_index, step))
        t += length

    add("hold", 0)
    for step, token in enumerate(act.steps):
        before = Battle(states[step])
        if is_roll(token):
            add("roll", step)
            after = Battle(states[step + 1])
            if after.turn != CHANCE:
                add("result", step)
            continue
        move = Move.from_text(token)
        if move.action is Action.PLACE:
            add("place", step)
        elif move.action is Action.DONE:
            add("done", step)
        elif move.action is Action.MOVE:
            add("select", step)
            add("slide", step)
        elif move.action is Action.TURN:
            add("select", step)
            add("turn", step)
        elif before.is_bribe(move):
            add("select", step)
            add("bribe", step)
        else:
            add("select", step)
    add("end", len(act.steps))
    return beats, t


@functools.cache
def timeline(key: str) -> tuple[tuple[Beat, ...], float]:
    """Diagram ``key``'s beats and its period (seconds): its acts one after the other."""
    diagram = DIAGRAMS[key]
    beats: list[Beat] = []
    t = 0.0
    for index, act in enumerate(diagram.acts):
        more, t = _beats_of(act, index, t)
        beats += more
    if diagram.extra in ("faces", "table"):
        t = 6.0
    elif diagram.extra == "odds":
        t = 7.0
    elif diagram.extra == "muster":
        t = 5.0
    return tuple(beats), t


def period(key: str) -> float:
    """How long diagram ``key`` takes to loop, in seconds."""
    return timeline(key)[1]
