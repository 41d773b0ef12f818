"""``python -m game.ai.uai``: the UAI engine of the arcade (Ataxx's: UAI is the Ataxx protocol).

The engine itself belongs to its game (``game.games``: a definition's ``uai``
entry); this module runs the one the registry offers, so other software keeps
one command to start it.
"""

from __future__ import annotations

import sys

from game.games import GAMES, resolve


def main() -> int:
    """Run the first game's UAI engine that the registry lists; exit status 1 if none has one."""
    for definition in GAMES:
        if definition.extras.uai is not None:
            return int(resolve(definition.extras.uai)())
    print("no game of this program offers a UAI engine", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
