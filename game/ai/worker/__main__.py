"""``python -m game.ai.worker``: the worker's child process (see ``game.ai.worker.child``)."""

from __future__ import annotations

import sys

from game.ai.worker.child import child_main

if __name__ == "__main__":
    sys.exit(child_main())
