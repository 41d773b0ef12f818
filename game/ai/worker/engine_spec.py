"""An engine as the worker knows it: the one the player added, how long it may take, what it said of
itself, what can go wrong with it, and the check of the move it answers."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Mapping
from typing import Any

from game.ai import uai_protocol
from game.engine.rules import GameRules

__all__ = [
    "EngineError",
    "EngineIdentity",
    "EngineSpec",
    "EngineTimeouts",
    "checked_move",
    "parse_bestmove",
    "seconds_text",
    "shown",
]

log = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True)
class EngineTimeouts:
    """How long an engine may take to answer, in seconds (tests give short ones)."""

    handshake: float = 10.0
    """From ``uai`` to ``uaiok``."""
    ready: float = 30.0
    """From ``isready`` to ``readyok``: an engine loads its tables, or builds its code, before answering."""
    grace: float = 2.0
    """Past the time per move before the engine is told to ``stop``."""
    stop: float = 1.0
    """From ``stop`` to ``bestmove`` before the engine is killed."""

    def longest_move(self, movetime: float) -> float:
        """The longest a request can take before it fails: a fresh engine's set-up, the move, the stop."""
        return self.handshake + 2 * self.ready + movetime + self.grace + self.stop


@dataclasses.dataclass(frozen=True)
class EngineSpec:
    """An engine the player added: its name (from its ``id name``) and the command line that starts it."""

    name: str
    command: str


@dataclasses.dataclass(frozen=True)
class EngineIdentity:
    """What an engine said of itself when probed, and the move it played for the test (or "")."""

    name: str
    author: str = ""
    move: str = ""
    seconds: float = 0.0
    """How long the test move took."""


class EngineError(ValueError):
    """An engine that could not start or misbehaved: ``kind`` and ``fields`` say what for the screens, the
    message says it in English (for the log). Kinds: ``command`` (``reason``), ``start`` (``reason``),
    ``handshake`` and ``ready`` (``seconds``), ``exited`` (``end``, ``detail``), ``timeout`` (``seconds``),
    ``not_a_move`` (``answer``), ``illegal`` (``move``), ``position`` (``reason``)."""

    TEMPLATES: Mapping[str, str] = {
        "command": "its command line cannot be used: {reason}",
        "start": "it could not be started: {reason}",
        "handshake": "it did not answer “uai” within {seconds} seconds",
        "ready": "it did not answer “isready” within {seconds} seconds",
        "exited": "it stopped ({end}){detail}",
        "timeout": "it did not play a move within {seconds} seconds",
        "not_a_move": "it answered “{answer}”, which is not a move",
        "illegal": "it played {move}, which is not legal here",
        "position": "the position cannot be sent to it: {reason}",
    }

    def __init__(self, kind: str, **fields: object) -> None:
        self.kind = kind
        self.fields = {key: str(value) for key, value in fields.items()}
        if kind == "exited":
            detail = self.fields.get("detail", "")
            self.fields["detail"] = f": {detail}" if detail else ""
        super().__init__(self.TEMPLATES[kind].format(**self.fields))


def shown(text: str, limit: int = 40) -> str:
    """``text`` cut for a message."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def seconds_text(value: float) -> str:
    """Seconds for a message: whole ones, or one decimal below ten."""
    return f"{value:.0f}" if value >= 10 or value == int(value) else f"{value:.1f}"


def parse_bestmove(line: str) -> str:
    """The move of a ``bestmove`` line (unknown words after it are ignored, as UCI says), or an
    ``EngineError`` (``not_a_move``) when there is none.

    >>> parse_bestmove("bestmove g2 ponder a7b5"), parse_bestmove("bestmove a1a3 whatever")
    ('g2', 'a1a3')
    """
    answer = uai_protocol.parse_bestmove(line)
    if answer is None:
        raise EngineError("not_a_move", answer=shown(line))
    move, extra = answer
    if extra and not (extra[0] == "ponder" and len(extra) == 2):
        log.warning("engine: ignoring %r after the move in %r", " ".join(extra)[:60], line[:120])
    return move


def checked_move(line: str, rules: GameRules[Any, Any], position: Any) -> str:
    """The move of the ``bestmove`` line ``line`` if it is a legal move in ``position``, else an ``EngineError``."""
    move_text = parse_bestmove(line)
    try:
        move = rules.parse_move(move_text)
    except ValueError:
        raise EngineError("not_a_move", answer=shown(line)) from None
    if move not in position.legal_moves():
        raise EngineError("illegal", move=shown(move_text, 16))
    return move_text
