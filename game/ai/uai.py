"""``python -m game.ai.uai [--game KEY]``: the UAI engine of the arcade (Ataxx's: UAI is the Ataxx protocol).

The engine itself belongs to its game (``game.games``: a definition's ``uai``
entry); this module runs the one the registry offers, so other software keeps
one command to start it. Should several games offer one, ``--game`` names
which: the command never guesses.
"""

from __future__ import annotations

import sys

from game.games import GAMES, GameDefinition, resolve


def uai_games() -> list[GameDefinition]:
    """The games whose AI speaks UAI, in the registry's order."""
    return [definition for definition in GAMES if definition.extras.uai is not None]


def main(argv: list[str] | None = None) -> int:
    """Run the UAI engine of the game ``--game`` names, or of the only game that has one.

    Exit status 2, with the reason on stderr, when no game or an unknown one is named where
    several offer an engine, or when the game named has none; 1 when no game has one.
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    offered = {definition.key: definition for definition in uai_games()}
    if not offered:
        print("no game of this program offers a UAI engine", file=sys.stderr)
        return 1
    if argv[:1] == ["--game"] and len(argv) == 2:
        key = argv[1]
    elif not argv and len(offered) == 1:
        key = next(iter(offered))
    else:
        print(f"usage: python -m game.ai.uai [--game {{{','.join(offered)}}}]", file=sys.stderr)
        return 2
    if key not in offered:
        print(f"{key!r} has no UAI engine here; the games that do: {', '.join(offered)}", file=sys.stderr)
        return 2
    engine = offered[key].extras.uai
    assert engine is not None
    return int(resolve(engine)())


if __name__ == "__main__":
    sys.exit(main())
