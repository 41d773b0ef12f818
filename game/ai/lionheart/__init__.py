"""Lionheart's computer opponent, to come (design.md's Lionheart and AI sections; no code yet).

Here will live Lionheart's search set-up (a search that handles chance and a
seat acting twice in a row, scoring by seat), its evaluation, the five
difficulty levels, and the ``GameAI`` the registry points at. The package
exists now so that the import contracts (pyproject.toml) protect it before
anything is written in it.
"""
