"""``python -m game.ai.uai``: the UAI engine (Ataxx's, ``game.ai.ataxx.uai``)."""

from __future__ import annotations

import sys

from game.ai.ataxx.uai import main

if __name__ == "__main__":
    sys.exit(main())
