"""Lionheart: the rules engine, to come (design.md's Lionheart section; no code yet).

Here will live the dice battle of seed 003 on its 9 x 10 board: ``Battle``
(positions and their text, two actions a turn, attacks as chance nodes with
their dice outcomes, panic, the end), ``Move`` and its notation, the seats
``GOLD``, ``SILVER`` and ``CHANCE`` (``from game.engine.lionheart import
Battle, Move, GOLD, SILVER, CHANCE``), the level checks, and the ``GameRules``
the registry points at. The package exists now so that the import contracts
(pyproject.toml) protect it before anything is written in it.
"""
