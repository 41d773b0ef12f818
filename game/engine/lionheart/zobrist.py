"""Zobrist keys of a battle: a fixed 64-bit key per unit, XORed together as the units change, and one per
side, actions, quiet count and pending roll.

The keys are computed on first use and remembered (a unit is a small
immutable value), so the same position has the same key in every process.
"""

from __future__ import annotations

import hashlib

from game.engine.lionheart.field import INDEX, Pending, Unit
from game.engine.lionheart.notation import FACINGS, KINDS

__all__ = ["scalar_key", "unit_key"]

_MASK = (1 << 64) - 1


def _mix(value: int) -> int:
    """splitmix64: a fixed, well-spread 64-bit key for ``value``."""
    value = (value + 0x9E3779B97F4A7C15) & _MASK
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK
    return value ^ (value >> 31)


_KIND_CODE = {kind: index for index, kind in enumerate(KINDS)}
_UNIT_KEYS: dict[Unit, int] = {}


def unit_key(unit: Unit) -> int:
    """The key of ``unit`` standing where it says (owner, kind, figures, square, facing, attacked)."""
    key = _UNIT_KEYS.get(unit)
    if key is None:
        code = (
            (((unit.owner * 8 + _KIND_CODE[unit.kind]) * 11 + unit.figures) * 90 + INDEX[unit.square]) * 8
            + FACINGS.index(unit.facing) * 2
            + unit.attacked
        )
        key = _UNIT_KEYS[unit] = _mix(code)
    return key


_SCALAR_KEYS: dict[tuple[int, int, int, Pending], int] = {}


def scalar_key(side: int, actions: int, quiet: int, pending: Pending) -> int:
    """The key of the fields beside the units: the side, the actions left, QUIET and PENDING."""
    scalars = (side, actions, quiet, pending)
    key = _SCALAR_KEYS.get(scalars)
    if key is None:
        digest = hashlib.blake2b(
            f"{side} {actions} {quiet} {pending.text()}".encode(), digest_size=8
        ).digest()
        key = _SCALAR_KEYS[scalars] = int.from_bytes(digest, "little")
    return key
