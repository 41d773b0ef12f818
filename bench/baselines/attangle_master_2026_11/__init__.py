"""Attangle's Master as it was before issue 21's search work (commit 25afcaa), frozen: the reference player
of ``bench/attangle_strength.py``.

Issue 21 measures the generic alpha-beta with late-move reductions and a history against this one
("Attangle's Master against today's: >= 65% over >= 60 games"). The three modules are copies of
``game/ai/alphabeta.py``, ``game/ai/limits.py`` and ``game/ai/attangle/evaluate.py`` at that
commit, with only their imports pointed here; they use the rules engine (``game.engine.attangle``),
which plays the same game whatever its speed. Never edit them: a better search goes in ``game/ai``.

``python bench/attangle_strength.py --match master baseline`` plays today's Master against it;
``baseline`` searches as Master did (``SearchLimits.within`` its think time, 2.5 s, or ``:t=``),
keeping its table from move to move.
"""
