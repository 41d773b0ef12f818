"""Frozen copies of earlier searches, the reference players of the benchmarks (never edited)."""
