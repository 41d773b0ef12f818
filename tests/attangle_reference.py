"""A second, deliberately plain Attangle move generator, written from the rules' words alone.

It shares nothing with ``game.engine.attangle`` but the position text: points
are axial coordinates in a dict, lines are walked step by step, stacks are
lists. The differential tests and ``bench/attangle_perft.py`` compare the
engine with it.
"""

from __future__ import annotations

import itertools

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


class Reference:
    """An Attangle position: ``stacks`` maps ``(q, r)`` to a list of ``"w"``/``"b"``, bottom first."""

    def __init__(self, text: str) -> None:
        rows_text, turn, white, black = text.split()
        rows = rows_text.split("/")
        self.side = (len(rows) + 1) // 2
        reach = self.side - 1
        self.names: dict[tuple[int, int], str] = {}
        self.stacks: dict[tuple[int, int], list[str]] = {}
        for row_number, (r, row_text) in enumerate(zip(range(-reach, reach + 1), rows, strict=True)):
            qs = range(max(-reach, -reach - r), min(reach, reach - r) + 1)
            for column, (q, cell) in enumerate(zip(qs, row_text.split(","), strict=True), start=1):
                self.names[q, r] = "abcdefghi"[row_number] + str(column)
                self.stacks[q, r] = [] if cell == "-" else list(cell)
        self.turn = turn
        self.reserves = {"w": int(white), "b": int(black)}
        if self.side == 4:
            self.free = {(0, 0)}
            self.goal = 3
        else:
            self.free = {(0, 0), (1, -3), (3, -2), (-2, -1), (2, 1), (-3, 2), (-1, 3)}
            self.goal = 5

    def triples(self, colour: str) -> int:
        return sum(1 for stack in self.stacks.values() if len(stack) == 3 and stack[-1] == colour)

    def moves(self) -> set[str]:
        """Every legal move's text (empty when the game is over)."""
        if self.triples("w") >= self.goal or self.triples("b") >= self.goal:
            return set()
        us = self.turn
        found: set[str] = set()
        if self.reserves[us] > 0:
            for point, stack in self.stacks.items():
                if not stack and point not in self.free:
                    found.add(self.names[point])
        for target, stack in self.stacks.items():
            if not stack or stack[-1] == us or len(stack) == 3:
                continue
            seen = []
            for dq, dr in STEPS:
                q, r = target
                while True:
                    q, r = q + dq, r + dr
                    if (q, r) not in self.stacks:
                        break
                    other = self.stacks[q, r]
                    if other:
                        if other[-1] == us and len(other) < 3:
                            seen.append((q, r))
                        break
            for one, two in itertools.combinations(seen, 2):
                if len(self.stacks[one]) + len(self.stacks[two]) + len(stack) <= 4:
                    first, second = sorted((self.names[one], self.names[two]))
                    found.add(f"{first},{second}-{self.names[target]}")
        return found

    def play(self, text: str) -> None:
        """Play a legal move's text."""
        by_name = {name: point for point, name in self.names.items()}
        us = self.turn
        if "-" not in text:
            self.stacks[by_name[text]] = [us]
            self.reserves[us] -= 1
        else:
            attackers, target = text.split("-")
            one, two = (self.stacks[by_name[name]] for name in attackers.split(","))
            tall, short = (one, two) if len(one) >= len(two) else (two, one)
            pile = self.stacks[by_name[target]] + tall + short
            pile.pop()
            self.reserves[us] += 1
            self.stacks[by_name[target]] = pile
            for name in attackers.split(","):
                self.stacks[by_name[name]] = []
        self.turn = "b" if us == "w" else "w"

    def perft(self, depth: int) -> int:
        if depth == 0:
            return 1
        total = 0
        for move in self.moves():
            if depth == 1:
                total += 1
                continue
            saved = (
                {point: list(stack) for point, stack in self.stacks.items()},
                dict(self.reserves),
                self.turn,
            )
            self.play(move)
            total += self.perft(depth - 1)
            self.stacks, self.reserves, self.turn = saved
        return total
