"""The AI worker: searches run in the background while the scenes keep drawing (design.md, "AI").

``api`` is what the scenes use (``AIWorker``: request, poll, cancel);
``managers`` runs the searches in the worker's thread or feeds them to a child
process; ``child`` is the child's loop (``python -m game.ai.worker``) and the
one function both ways use to run a search; ``jobs`` keeps the requests'
states; ``status`` is what a poll returns; ``uai_client`` is the face of
what talks to the engines the player adds (other programs): ``engine_spec``,
``engine_naming``, ``engine_process``, ``engine_probe``, ``engine_session``.
The child and the engines both run as a ``game.ai.line_process.LineProcess``.
"""

from __future__ import annotations

from game.ai.worker.api import AIWorker
from game.ai.worker.status import AIProgress, AIState, AIStatus
from game.ai.worker.uai_client import EngineSpec, EngineTimeouts

__all__ = ["AIProgress", "AIState", "AIStatus", "AIWorker", "EngineSpec", "EngineTimeouts"]
