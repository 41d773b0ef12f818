"""Ataxx's Master of 29 November 2026 (commit 3192593), frozen: the compiled search every later one is measured against.

``python bench/strength.py --match master frozen`` plays today's Master
against it. The modules are copies of that commit's ``game/ai/ataxx/search.py``,
``kernel.py``, ``frontier.py`` and ``evaluate.py``, of what they take from
``game/ai`` (``compiled``, ``kernel_common``, ``kernel_search``, ``deepening``,
``aspiration``, ``features``, ``limits``) and of the rules' bit functions the
kernel compiles (``game/engine/ataxx/bits.py``), with ``master.py`` holding
the Master level's settings and how it asked the search (``game/ai/ataxx/levels.py``,
``game/ai/level_move.py``). What differs from the originals:

- the imports point here (relative), as do the module names the kernel loads
  (``compiled.load_pure``, ``companion``, ``functions_for``), so a change to
  ``game.ai`` or ``game.engine.ataxx.bits`` cannot change this player; only the
  rules' ``Board`` and ``Move`` (``game.engine.ataxx``) come from the live code;
- ``compiled`` caches the compiled kernel in a folder of its own, named for
  these sources, in the user's cache folder, never beside the sources (see its
  docstring: load the live search's numba first in a process that runs both);
- ``kernel_search.KernelSearcher`` lost ``handles`` (the traits the game's
  registry asks for), which named ``game.engine.core``.

It runs compiled by numba as the live search does, or as Python
(``Searcher(compiled=False)``, ``ATTAX_NUMBA=0``). Never edit it: a better
search goes in ``game/ai``.
"""
