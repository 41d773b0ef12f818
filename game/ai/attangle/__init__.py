"""Attangle's computer opponent: evaluation and move order for the generic alpha-beta, the levels, ``AI``."""
