"""What the campaign's screens say of a goal: its title, the goal in words, and how far it has got."""

from __future__ import annotations

from game.engine.lionheart.goals import Goal, GoalTracker
from game.i18n import ntr, tr

__all__ = ["goal_progress", "goal_text", "goal_title", "outcome_reason"]

_TITLES = {
    "battle": "Win the battle",
    "hold": "Hold the line",
    "reach": "Reach the far rank",
    "within": "Win in time",
    "fewer": "Win with fewer",
    "survive": "Survive",
    "protect": "Protect the peasants",
}

REASONS = (
    "The peasants fell",
    "The enemy broke through the line",
    "The enemy army is beaten",
    "The battle ended in a draw",
    "Your army is beaten",
    "Your king reached the far rank",
    "The line held",
    "Your king survived",
    "Out of turns",
    "You gave up the battle",
)
"""Why a goal is won or lost (``GoalTracker.reason``), in English: translated where shown."""


def goal_title(goal: Goal) -> str:
    """A few words naming the goal (translated)."""
    return tr(_TITLES.get(goal.kind, "Win the battle"))


def goal_text(goal: Goal) -> str:
    """The goal in a sentence (translated)."""
    turns = goal.turns or 0
    if goal.kind == "hold":
        return ntr(
            "Let no enemy reach rank {line} or behind it for {count} turn",
            "Let no enemy reach rank {line} or behind it for {count} turns",
            turns,
            line=goal.line,
        )
    if goal.kind == "reach":
        if goal.turns is None:
            return tr("Bring your king to the far rank, rank 10")
        return ntr(
            "Bring your king to the far rank within {count} turn",
            "Bring your king to the far rank within {count} turns",
            turns,
        )
    if goal.kind == "within":
        return ntr("Win the battle within {count} turn", "Win the battle within {count} turns", turns)
    if goal.kind == "fewer":
        return tr("Win the battle with fewer units than the enemy")
    if goal.kind == "survive":
        return ntr("Keep your king alive for {count} turn", "Keep your king alive for {count} turns", turns)
    if goal.kind == "protect":
        return tr("Win the battle without losing a band of peasants")
    return tr("Defeat the enemy king, or every other enemy unit")


def goal_progress(tracker: GoalTracker) -> tuple[str, float | None]:
    """How far the goal has got, in words (translated), and as a fraction for a bar (``None``: no bar)."""
    goal = tracker.goal
    total = goal.turns
    if goal.kind in ("hold", "survive") and total:
        done = min(tracker.rounds, total)
        return tr("{done} of {total} turns", done=done, total=total), done / total
    if goal.kind in ("within", "reach") and total:
        turn = min(tracker.player_done + 1, total)  # the turn under way, or the player's next
        return tr("Turn {turn} of {total}", turn=turn, total=total), turn / total
    if goal.kind == "fewer":
        mine, theirs = tracker.units
        return tr("Turn {turn}  ·  {mine} units against {theirs}", turn=tracker.player_done + 1, mine=mine,
                  theirs=theirs), None  # fmt: skip
    if goal.kind == "protect":
        alive = tracker.peasants_alive
        return ntr("{count} band of peasants alive", "{count} bands of peasants alive", alive), None
    return (
        ntr(
            "Turn {turn}  ·  {count} figure lost",
            "Turn {turn}  ·  {count} figures lost",
            tracker.losses,
            turn=tracker.player_done + 1,
        ),
        None,
    )


def outcome_reason(reason: str) -> str:
    """Why the goal was won or lost (translated)."""
    return tr(reason) if reason else ""
