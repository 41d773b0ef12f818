"""Attangle's computer opponent: evaluation and move order, the compiled search, the levels, ``AI``."""
