"""Ataxx's Master as it was before issue 21 (commit c01b48a), frozen: the reference player of ``bench/strength.py``.

Issue 21 measures the compiled, better-pruned search against this one ("Master at 1 s a move
>= 75% against today's Master at 1 s a move"). The three modules are copies of
``game/ai/ataxx/search.py``, ``game/ai/ataxx/evaluate.py`` and ``game/ai/limits.py`` at that
commit, with only their imports pointed here; they use the rules engine (``game.engine.ataxx``),
which plays the same game whatever its speed. Never edit them: a better search goes in ``game/ai``.

``python bench/strength.py --match master baseline`` plays today's Master against it; ``baseline``
searches as Master did (``SearchLimits.within`` its think time, 2.5 s, or ``--movetime``).
"""
