"""Lionheart's rules pages: the text of each page, its animated diagram, and the controls.

The generic rules screen (``game.scenes.rules``) shows any game's ``RulesPages``;
this is Lionheart's (seed 003's appendix C, as design.md and the battle
module resolve it: every decision they take is said on a page), for the
registry entry's ``rules_pages``. The diagrams, each played by the rules
engine, are in ``game.scenes.lionheart.diagrams``.
"""

from __future__ import annotations

from game.scenes.lionheart.diagrams import draw_diagram
from game.scenes.parts import MATCH_CONTROLS, RulesPages

__all__ = ["CONTROLS", "PAGES", "RULES_PAGES"]


# The controls page: a key (or gesture) and what it does.
CONTROLS: tuple[tuple[str, str], ...] = (
    (
        "Mouse",
        "click one of your units, then a dot to move it, a handle to turn it, or a ringed enemy to attack",
    ),
    ("Point at an enemy", "shows the odds of the attack before you make it"),
    ("Right click", "let the chosen unit go"),
    ("Arrows, Enter", "move the cursor, do what a click there would"),
    ("N, E, S, W", "turn the chosen unit (or Shift and an arrow)"),
    ("1 to 7, D", "level 2's set-up: choose a kind of unit; D when your army is ready"),
    *MATCH_CONTROLS,
)

# (title, text, diagram): English keys, translated when drawn (the titles in the context "lionheart").
PAGES: tuple[tuple[str, str, str], ...] = (
    (
        "The battle",
        "{side} and {other} face each other on a field of 9 by 10 squares. Each base is a unit, and its "
        "figures are its lives.\nLevel 1: five units of four infantrymen in front; behind them archers "
        "(4), knights (2), the king, knights (2), archers (4).\nWin by killing the enemy king, or every "
        "other enemy unit.",
        "battlefield",
    ),
    (
        "Your turn",
        "On your turn you take two actions, then your opponent takes two. An action is a move, a turn "
        "or an attack, in any mix: one unit may act twice, or two units once each.\nThere is no "
        "passing: a turn is always two actions. Both sides' actions left are shown beside the field.",
        "turn",
    ),
    (
        "Moving and turning",
        "A unit moves straight ahead, never sideways or backwards, never through another unit. "
        "Infantry and archers step one square; the king and knights ride as far as they like over "
        "empty squares.\nA quarter or a half turn is one action. To go back, turn about, then move: "
        "two actions.",
        "moving",
    ),
    (
        "Attacking",
        "A unit attacks the enemy unit on the square just ahead of it: turn to face your target first. "
        "Roll one die per figure, two per knight and two for the king.\nAn attack is one action. A "
        "unit attacks at most once a turn, but two units may each attack in the same turn.",
        "attack",
    ),
    (
        "Archers",
        "Archers shoot at any enemy unit in the 3 by 3 squares ahead of them: the three files centred "
        "on them, one to three squares ahead. Their arrows fly over every unit in between, friend or "
        "foe.\nThey roll one die per archer, and each arrow is a hit.",
        "archers",
    ),
    (
        "The dice",
        "Each die has three axe faces, two arrow faces and one panic face.\nAxes are the hits of every "
        "unit but the archers, whose hits are arrows, and the peasants, who count the axes or the "
        "arrows, whichever came up more often.",
        "dice",
    ),
    (
        "Two-hit figures",
        "Most figures fall to one hit. Knights, the king and heavy infantry need two hits each.\nHits do "
        "not carry over: a single hit on a two-hit figure is lost at the end of the attack, and so are "
        "the hits beyond the figures the target has.",
        "two_hits",
    ),
    (
        "The lone soldier",
        "A unit of infantry, mass infantry or archers down to its last figure that attacks the king, "
        "knights or heavy infantry rolls its die again when the first one hits (an axe, an arrow for an "
        "archer).\nTwo hits kill one figure. On the second roll only a hit counts: panic is a miss.",
        "lone",
    ),
    (
        "Panic",
        "If every die of an attack shows panic, the attacking unit panics: it turns about and steps one "
        "square.\nIt dies if that step leaves the field or runs into an enemy unit, its own king or its "
        "own mercenaries. Kings and mercenaries never panic.",
        "panic",
    ),
    (
        "Chain panic",
        "A panicking unit that runs into another unit of its army makes it panic too: that one turns "
        "about and steps back in its new direction, and so on down the chain, before the first takes "
        "its place.\nA chain that comes back to a unit already panicking kills the unit stepping into it.",
        "chain",
    ),
    (
        "Who starts",
        "Before the battle, each side rolls four dice: {side} first, then {other}. The side with more axes "
        "takes the first turn; on a tie, both roll again.\nEvery roll of the battle is made by the game "
        "and shown in the dice tray, for both sides alike.",
        "opening",
    ),
    (
        "The end",
        "A side has lost as soon as its king is killed, or its king stands alone, every other unit of "
        "its army gone. If both sides lose at once, the battle is a draw.\nThis is checked after every "
        "action and every roll.",
        "end",
    ),
    (
        "The draw",
        "A battle in which no figure is removed for 30 full turns in a row is a draw. Each side's turn "
        "counts as one.\nThe count starts again whenever a figure is removed, by an attack or by panic.",
        "draw",
    ),
    (
        "Level 2: the armies",
        "At level 2 each side chooses its army: ten bases, the king included, within the table's "
        "limits, figures per army and per base.\nKnights, archers, infantry and mass infantry come in "
        "full bases. Peasants come 1 to 4 to a base, heavy infantry and mercenaries 1 or 2; only one "
        "unit of mercenaries per army.",
        "army",
    ),
    (
        "Level 2: placement",
        "The kings stand in the middle of the back ranks, on e1 and e10. {side} places its bases one "
        "by one anywhere on its two home ranks, all facing the enemy; then {other}, out of sight. Then the "
        "opening roll.\nA side's set-up ends when its player, its ten bases placed, presses Ready: no army starts "
        "short.",
        "setup",
    ),
    (
        "Heavy infantry",
        "Slow but dangerous. A move of one square, or a turn, costs both actions of the turn; an attack "
        "only one.\nIt strikes all around: any enemy on the eight squares next to it, ahead, beside, "
        "diagonally or behind. Two dice per figure, axes hit, and each figure takes two hits.",
        "heavy",
    ),
    (
        "Mass infantry",
        "A base of ten infantrymen. It moves and attacks like infantry, and each hit takes one of its "
        "figures.\nIt rolls one die per figure, but never more than four: ten men roll four dice, and "
        "so do four.",
        "mass",
    ),
    (
        "Peasants",
        "They move and attack like infantry, one die each, and hit with axes or with arrows, whichever "
        "came up more often.\nAfter every attack they turn about and step back one square for each "
        "panic rolled, by panic's rules when the way is blocked. That is their only panic.",
        "peasants",
    ),
    (
        "Mercenaries",
        "They move and attack like infantry, but roll two dice each; axes hit.\nThey never panic: each "
        "panic they roll pushes the target one square straight away from them, keeping its facing. A "
        "push stops at the edge of the field or at any unit.",
        "mercenaries",
    ),
    (
        "The bribe",
        "A king never rolls against enemy mercenaries: its attack on them is a bribe, and they change "
        "sides at once, free to act for their new king this very turn.\nUnless their own king stands "
        "beside them, facing them: then they refuse, and the king's action is spent for nothing.",
        "bribe",
    ),
    (
        "Reading the odds",
        "Select one of your units and point at an enemy it can attack: before you roll, the screen "
        "shows the exact chances of killing at least one figure, of destroying the whole unit, and of "
        "your unit panicking.\nThey count every rule: dice, hits per kind, two-hit figures, the lone "
        "soldier.",
        "odds",
    ),
    ("Controls", "", ""),
)


RULES_PAGES = RulesPages("HOW TO PLAY LIONHEART", PAGES, CONTROLS, draw_diagram, context="lionheart")
"""Lionheart's pages, as the registry entry names them (``game.scenes.lionheart.pages:RULES_PAGES``)."""
