"""The rules engine and the AI must work without pygame (tools, workers, headless tests)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Runs in a fresh interpreter: block pygame, import every module of game.engine and game.ai.
SCRIPT = r"""
import importlib
import importlib.abc
import json
import pkgutil
import sys


class BlockPygame(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "pygame" or name.startswith("pygame."):
            raise ImportError(f"pygame is blocked in this test (import of {name!r})")
        return None


sys.meta_path.insert(0, BlockPygame())
for name in [n for n in sys.modules if n == "pygame" or n.startswith("pygame.")]:
    del sys.modules[name]

try:
    import pygame  # noqa: F401
except ImportError:
    pass
else:
    raise SystemExit("the pygame block does not work")

imported = []
for package_name in ("game.engine", "game.ai"):
    package = importlib.import_module(package_name)
    imported.append(package_name)
    for info in pkgutil.walk_packages(package.__path__, prefix=package_name + "."):
        importlib.import_module(info.name)
        imported.append(info.name)

import game.engine.ataxx

game.engine.ataxx.Board().perft(2)
print(json.dumps({
    "imported": imported,
    "pygame_loaded": sorted(n for n in sys.modules if n == "pygame" or n.startswith("pygame.")),
}))
"""


def run_script(script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_engine_and_ai_import_without_pygame() -> None:
    result = run_script(SCRIPT)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert "game.engine" in report["imported"]
    assert "game.engine.ataxx" in report["imported"]
    assert "game.ai" in report["imported"]
    # every module file on disk was found and imported
    on_disk = {
        ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for folder in ("game/engine", "game/ai")
        for path in (ROOT / folder).rglob("*.py")
        if path.name != "__init__.py" and "__pycache__" not in path.parts
    }
    assert on_disk <= set(report["imported"])
    assert report["pygame_loaded"] == []


def test_the_block_really_blocks() -> None:
    # The same harness must catch a module that imports pygame.
    script = SCRIPT.replace(
        'for package_name in ("game.engine", "game.ai"):', "import pygame.font\nfor _ in ():"
    )
    result = run_script(script)
    assert result.returncode != 0
    assert "pygame is blocked" in result.stderr
