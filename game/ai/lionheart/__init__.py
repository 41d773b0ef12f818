"""Lionheart's computer opponent (design.md's Lionheart and AI sections).

``search`` gives the battle to the generic chance search (``game.ai.expectimax``)
as raw actions and rolls, rolls of the same result grouped, and the actions
worth searching below the root; ``evaluate`` scores a battle by seat;
``setup`` places an army in level 2's set-up; ``levels`` holds the five
difficulty levels; ``player`` the ``GameAI`` the registry points at (``AI``);
``baselines`` a random and a greedy player to measure the levels against.
"""
