"""The game's side of UAI: other programs (engines) the player adds play through the AI worker.

UAI is UCI for a game of moves as text: the program reads commands on its
input and answers on its output, one line each. The worker speaks it for any
game whose definition says its engines speak UAI (``GameExtras.engine_protocol``);
nothing here names a game: a position is its start position's text and the moves
since (``position fen <start> moves ...``), as the worker's requests carry it,
and a move is the game's move text.

``EngineManager`` runs in a thread of the worker, beside the manager of the
game's own AI, and keeps one engine process at a time (a ``LineProcess``),
started on the first request for it and kept from move to move:

1. ``uai``, then ``uaiok`` within ``EngineTimeouts.handshake`` seconds;
   ``isready``, then ``readyok`` within ``EngineTimeouts.ready`` (an engine's
   slow set-up happens there);
2. a new game (a position that does not follow the last one): ``uainewgame``,
   ``position``, ``isready`` and ``readyok`` again; else only ``position``;
3. ``go movetime N``; ``info`` lines are the progress (depth, score, best
   line), as our own AI reports it; ``bestmove M`` is the answer, checked
   legal before it is played.

What goes wrong ends the request with an ``EngineError`` (the game's screens
say it in the player's language from its ``kind`` and ``fields``) and never
hangs the worker: no ``uaiok`` or ``readyok`` in time, the program exiting (a
crash), no ``bestmove`` within the time per move and ``EngineTimeouts.grace``
(then ``stop``, and ``EngineTimeouts.stop`` seconds later the program is
killed), a ``bestmove`` that is not a move of the game or not legal. Lines
the protocol does not know are ignored (UCI's own rule), as are unknown words
after a ``bestmove``'s move; a line too long for the protocol is skipped. A
search the game no longer wants (cancelled, superseded) is stopped and its
late ``bestmove`` ignored; an engine that does not stop is killed and the next
request starts a fresh one. The process is always reaped: ``release`` (the
match screen closes) and ``close`` say ``quit`` and kill it if it lingers.

``probe_engine`` is what Options → Engines does before adding an engine: it
starts the program, shakes hands, reads its ``id name``, and (given the
game's rules) has it play one move from the start position.

This module is the client's public face; the work is done beside it: the
lines' grammar in ``game.ai.uai_protocol`` (shared with our own engine),
``engine_spec`` (the engine, its timeouts and errors, its answer checked),
``engine_naming``, ``engine_process`` (its command line, its process),
``engine_probe`` and ``engine_session`` (the ``EngineManager``).
"""

from __future__ import annotations

from game.ai.worker.engine_naming import MAX_NAME_LENGTH, clean_name, program_name
from game.ai.worker.engine_probe import EngineProbe, probe_engine
from game.ai.worker.engine_session import EngineManager, parse_info
from game.ai.worker.engine_spec import (
    EngineError,
    EngineIdentity,
    EngineSpec,
    EngineTimeouts,
    parse_bestmove,
)

__all__ = [
    "MAX_NAME_LENGTH",
    "PROTOCOL",
    "EngineError",
    "EngineIdentity",
    "EngineManager",
    "EngineProbe",
    "EngineSpec",
    "EngineTimeouts",
    "clean_name",
    "parse_bestmove",
    "parse_info",
    "probe_engine",
    "program_name",
]

PROTOCOL = "uai"
"""The protocol this client speaks (a game definition's ``engine_protocol``)."""
