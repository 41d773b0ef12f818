"""Lionheart said in words (translated): units, rolls, the battle log, the hint.

The battle log is rebuilt from the match's record (the start position and
every entry), so it survives undo, loading a save and the computer's moves
alike: ``battle_log(start_text, entries)``. Each line is one attack, bribe or
opening roll: "Gold archers roll 4: 2 arrows, 1 axe, 1 panic — Silver
infantry loses 2".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from game.engine.lionheart import Action, Battle, Move, Unit
from game.engine.lionheart.odds import attack_odds
from game.formats import format_decimal
from game.i18n import ntr, tr, trc
from game.ui.lang import seat_name

__all__ = [
    "KIND_NAMES",
    "BattleRecord",
    "RollRecord",
    "action_words",
    "battle_log",
    "describe_bribe",
    "describe_roll",
    "faces_text",
    "hint_text",
    "kind_name",
    "read_battle",
    "roll_outcome",
    "roll_parts",
    "unit_phrase",
]

KIND_NAMES = {  # English, for reference; ``kind_name`` translates
    "K": "king",
    "N": "knights",
    "A": "archers",
    "I": "infantry",
    "M": "mass infantry",
    "H": "heavy infantry",
    "P": "peasants",
    "R": "mercenaries",
}
PLURAL = frozenset("NAPR")
"""Kinds named in the plural (the verb agrees)."""


def kind_name(kind: str) -> str:
    """The kind's name, translated ("archers")."""
    names = {
        "K": trc("lionheart", "king"),
        "N": trc("lionheart", "knights"),
        "A": trc("lionheart", "archers"),
        "I": trc("lionheart", "infantry"),
        "M": trc("lionheart", "mass infantry"),
        "H": trc("lionheart", "heavy infantry"),
        "P": trc("lionheart", "peasants"),
        "R": trc("lionheart", "mercenaries"),
    }
    return names[kind]


def facing_name(facing: str) -> str:
    """A facing as a sentence names the way a unit turns to ("to face east"): in French with its article,
    elided before a vowel ("l'est", "le nord"), hence a context of its own."""
    names = {
        "N": trc("toward", "north"),
        "E": trc("toward", "east"),
        "S": trc("toward", "south"),
        "W": trc("toward", "west"),
    }
    return names[facing]


def unit_phrase(owner: int, kind: str) -> str:
    """A side's unit: "Gold archers"."""
    return tr("{side} {unit}", side=seat_name(owner), unit=kind_name(kind))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def faces_text(roll: Sequence[str]) -> str:
    """The faces of a roll counted: "2 axes, 1 arrow, 1 panic" (faces not rolled left out)."""
    faces = list(roll)
    parts = []
    if faces.count("axe"):
        parts.append(ntr("{count} axe", "{count} axes", faces.count("axe")))
    if faces.count("arrow"):
        parts.append(ntr("{count} arrow", "{count} arrows", faces.count("arrow")))
    if faces.count("panic"):
        parts.append(ntr("{count} panic", "{count} panics", faces.count("panic")))
    return ", ".join(parts)


def describe_roll(before: Battle, roll: tuple[str, ...], after: Battle) -> str:
    """The log line of ``roll`` played on ``before`` (a chance node), giving ``after``."""
    return " — ".join(roll_parts(before, roll, after))


def roll_outcome(before: Battle, roll: tuple[str, ...], after: Battle) -> str:
    """What ``roll`` did, without the roll itself ("Gold king is destroyed — Silver peasants panic and
    run"): what a tray shows beside the dice when the whole line has no room; "" when the roll did
    nothing to tell (or is no attack's)."""
    parts = roll_parts(before, roll, after)[1:]
    return _cap(" — ".join(parts)) if parts else ""


def roll_parts(before: Battle, roll: tuple[str, ...], after: Battle) -> list[str]:
    """``describe_roll``'s line in its parts: the roll ("Silver peasants roll 4: 2 axes, 1 arrow"), then
    each thing it did; none when the roll is no attack's."""
    pending = before.pending
    if pending.kind == "start":
        seat = 0 if not pending.token else 1
        text = ntr(
            "{side} rolls {dice} for the start: {count} axe",
            "{side} rolls {dice} for the start: {count} axes",
            list(roll).count("axe"),
            side=seat_name(seat),
            dice=len(roll),
        )
        if seat == 1:
            if after.pending.kind == "start":
                return [text, tr("a tie: both roll again")]
            return [text, tr("{side} starts", side=seat_name(after.side))]
        return [text]
    squares = before.pending_attack
    if squares is None:
        return []
    origin, target = squares
    attacker = before.unit_at(origin)
    defender = before.unit_at(target)
    assert attacker is not None and defender is not None
    who = _cap(unit_phrase(attacker.owner, attacker.kind))
    if pending.kind == "lone":
        faces = faces_text(roll)
        if attacker.kind in PLURAL:
            text = tr("{who} roll again: {faces}", who=who, faces=faces)
        else:
            text = tr("{who} rolls again: {faces}", who=who, faces=faces)
    else:
        faces, dice = faces_text(roll), len(roll)
        if attacker.kind in PLURAL:
            text = tr("{who} roll {dice}: {faces}", who=who, dice=dice, faces=faces)
        else:
            text = tr("{who} rolls {dice}: {faces}", who=who, dice=dice, faces=faces)
    if after.pending.kind == "lone":
        return [text, tr("a hit: the last soldier rolls again")]
    return [text, *_consequences(before, attacker, defender, after)]


def _consequences(before: Battle, attacker: Unit, defender: Unit, after: Battle) -> list[str]:
    parts = []
    target_side = defender.owner
    lost = sum(unit.figures for unit in before.army(target_side)) - sum(
        unit.figures for unit in after.army(target_side)
    )
    them = unit_phrase(defender.owner, defender.kind)
    if len(after.army(target_side)) < len(before.army(target_side)):
        plural = defender.kind in PLURAL
        parts.append(tr("{who} are destroyed", who=them) if plural else tr("{who} is destroyed", who=them))
    elif lost:
        parts.append(
            tr("{who} loses {count}", who=them, count=lost)
            if defender.kind not in PLURAL
            else tr("{who} lose {count}", who=them, count=lost)
        )
    else:
        parts.append(tr("no loss"))
    now = after.unit_at(attacker.square)
    moved = (
        now is None
        or now.owner != attacker.owner
        or now.kind != attacker.kind
        or now.facing != attacker.facing
    )
    if moved:
        us = unit_phrase(attacker.owner, attacker.kind)
        if attacker.kind == "P":
            parts.append(tr("{who} fall back", who=us))
        else:
            plural = attacker.kind in PLURAL
            parts.append(tr("{who} panic and run", who=us) if plural else tr("{who} panics and runs", who=us))
        own_before = len(before.army(attacker.owner))
        own_after = len(after.army(attacker.owner))
        if own_after < own_before:
            parts.append(
                ntr(
                    "{count} unit of theirs is lost",
                    "{count} units of theirs are lost",
                    own_before - own_after,
                )
            )
    if (
        attacker.kind == "R"
        and after.unit_at(defender.square) is None
        and len(after.army(target_side)) == len(before.army(target_side))
    ):
        plural = defender.kind in PLURAL
        parts.append(
            tr("{who} are pushed back", who=them) if plural else tr("{who} is pushed back", who=them)
        )
    return parts


def describe_bribe(before: Battle, move: Move, after: Battle) -> str:
    """The log line of a king's bribe of enemy mercenaries."""
    king = before.unit_at(move.square)
    mercenaries = before.unit_at(move.target)
    assert king is not None and mercenaries is not None
    now = after.unit_at(move.target)
    who = _cap(unit_phrase(king.owner, "K"))
    them = unit_phrase(mercenaries.owner, "R")
    if now is not None and now.owner == king.owner:
        return tr("{who} bribes {them}: they change sides", who=who, them=them)
    return tr("{who} offers gold to {them}: refused, their king faces them", who=who, them=them)


@dataclasses.dataclass(frozen=True)
class RollRecord:
    """One roll of the battle: the entry's index, its faces, the seat that rolled, the attacker's kind
    (``""`` for the opening roll) and whether it was the opening roll."""

    ply: int
    faces: tuple[str, ...]
    seat: int
    kind: str
    opening: bool


@dataclasses.dataclass(frozen=True)
class BattleRecord:
    """The battle's log lines (oldest first, with the entry index of each) and its rolls."""

    lines: list[tuple[int, str]]
    rolls: list[RollRecord]
    outcomes: dict[int, str] = dataclasses.field(default_factory=dict)
    """For a roll's line, by entry index: what it did without the roll itself (``roll_outcome``)."""
    places: dict[int, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    """For a line, by entry index: the squares where it happened (the attacker, the target, and every square
    the roll or the bribe changed: a unit fled, pushed back, destroyed, won over); none for the opening roll."""


def read_battle(start_text: str, entries: Sequence[Any]) -> BattleRecord:
    """The log and the rolls of the battle, replaying ``entries`` from ``start_text``."""
    battle = Battle(start_text)
    lines: list[tuple[int, str]] = []
    rolls: list[RollRecord] = []
    outcomes: dict[int, str] = {}
    places: dict[int, tuple[str, ...]] = {}
    for ply, entry in enumerate(entries):
        before = battle.copy()
        battle.push(entry)
        if isinstance(entry, tuple):
            line = describe_roll(before, entry, battle)
            if line:
                lines.append((ply, line))
                if before.pending_attack is not None:
                    places[ply] = _changed(before, battle, before.pending_attack)
                outcome = roll_outcome(before, entry, battle)
                if outcome:
                    outcomes[ply] = outcome
            squares = before.pending_attack
            if squares is None:
                seat = 0 if not before.pending.token else 1
                rolls.append(RollRecord(ply, entry, seat, "", True))
            else:
                attacker = before.unit_at(squares[0])
                assert attacker is not None
                rolls.append(RollRecord(ply, entry, attacker.owner, attacker.kind, False))
        elif entry.action is Action.ATTACK and before.is_bribe(entry):
            lines.append((ply, describe_bribe(before, entry, battle)))
            places[ply] = _changed(before, battle, (entry.square, entry.target))
    return BattleRecord(lines, rolls, outcomes, places)


def _changed(before: Battle, after: Battle, squares: tuple[str, str]) -> tuple[str, ...]:
    """``squares`` and every square whose unit ``before`` and ``after`` differ on, in that order."""
    was = {unit.square: unit for unit in before.units}
    now = {unit.square: unit for unit in after.units}
    changed = sorted(square for square in was.keys() | now.keys() if was.get(square) != now.get(square))
    return tuple(dict.fromkeys([*squares, *changed]))


def battle_log(start_text: str, entries: Sequence[Any]) -> list[str]:
    """Every line of the battle's log, oldest first, replaying ``entries`` from ``start_text``."""
    return [line for _, line in read_battle(start_text, entries).lines]


def action_words(battle: Battle, move: Move) -> str:
    """Where the action ``move`` (legal in ``battle``) goes, in a few words ("shoot at f5 from g3"): the hint's
    headline over ``hint_text``, which names the units and the dice, and the analysis's better action."""
    action = move.action
    if action is Action.PLACE:
        return tr("place {unit} on {square}", unit=kind_name(move.unit), square=move.square)
    if action is Action.DONE:
        return tr("end your set-up")
    if action is Action.MOVE:
        return tr("move from {start} to {end}", start=move.square, end=move.target)
    if action is Action.TURN:
        return tr(
            "turn to face {direction} at {square}",
            direction=facing_name(move.facing),
            square=move.square,
        )
    if battle.is_bribe(move):
        return tr("bribe the mercenaries at {target}", target=move.target)
    unit = battle.unit_at(move.square)
    if unit is not None and unit.kind == "A":
        return tr("shoot at {target} from {square}", target=move.target, square=move.square)
    return tr("attack {target} from {square}", target=move.target, square=move.square)


def hint_text(battle: Battle, move: Move) -> str:
    """The hint said in words: what the suggested action does, and for an attack its dice and expected hits;
    a sentence, so begun with a capital whatever word the language's template starts with."""
    return _cap(_hint_words(battle, move))


def _hint_words(battle: Battle, move: Move) -> str:
    action = move.action
    if action is Action.PLACE:
        return tr("Place {unit} on {square}", unit=kind_name(move.unit), square=move.square)
    if action is Action.DONE:
        return tr("End your set-up: your army is ready")
    unit = battle.unit_at(move.square)
    if unit is None:
        return str(move)
    name = kind_name(unit.kind)
    if action is Action.MOVE:
        return tr("Move your {unit} from {start} to {end}", unit=name, start=move.square, end=move.target)
    if action is Action.TURN:
        return tr(
            "Turn your {unit} at {square} to face {direction}",
            unit=name,
            square=move.square,
            direction=facing_name(move.facing),
        )
    target = battle.unit_at(move.target)
    enemy = kind_name(target.kind) if target is not None else move.target
    if battle.is_bribe(move):
        return tr(
            "Your king at {square} can bribe the mercenaries at {target}",
            square=move.square,
            target=move.target,
        )
    odds = attack_odds(battle, move)
    fields = {
        "unit": name,
        "square": move.square,
        "enemy": enemy,
        "target": move.target,
        "dice": odds.dice,
        "hits": format_decimal(odds.expected_hits),
    }
    if unit.kind == "A":
        return tr(
            "Your {unit} at {square} can shoot the {enemy} at {target}: {dice} dice, {hits} hits expected",
            **fields,
        )
    return tr(
        "Your {unit} at {square} can attack the {enemy} at {target}: {dice} dice, {hits} hits expected",
        **fields,
    )
