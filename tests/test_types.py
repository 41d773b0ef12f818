"""The code type-checks clean: mypy's strict check over ``game``.

mypy runs as the project configures it (``[tool.mypy]`` in pyproject.toml,
strict), once for the module, with its cache in a temporary folder so that
nothing is written in the source tree. It checks the whole of ``game``, which
must be clean: the rules engines, the AI, the app and its stack, what the
scenes share (``game/ui``), the generic scenes, the games' scenes and the
registry. Folders named in ``TOLERATED`` would have their findings reported
but not held against the check; there are none.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ("game",)

TOLERATED: tuple[str, ...] = ()
"""Folders whose findings would not fail the check; empty, so ``mypy game`` clean is the rule."""

ERROR_LINE = re.compile(r"^(?P<path>[^:\s]+\.py):\d+: error: ", re.MULTILINE)


@pytest.fixture(scope="module")
def mypy_run(tmp_path_factory: pytest.TempPathFactory) -> subprocess.CompletedProcess[str]:
    cache = tmp_path_factory.mktemp("mypy-cache")
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
         "--cache-dir", str(cache), "--no-color-output", "--no-error-summary", *CHECKED],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )  # fmt: skip


def _report(run: subprocess.CompletedProcess[str]) -> str:
    return f"mypy exited with {run.returncode}:\n{run.stdout}{run.stderr}"


def _files_with_errors(run: subprocess.CompletedProcess[str]) -> set[str]:
    # mypy exits with 1 when it found errors and 2 when it could not run (bad config, crash).
    assert run.returncode in (0, 1), _report(run)
    return {match["path"].replace("\\", "/") for match in ERROR_LINE.finditer(run.stdout)}


def test_the_code_is_clean(mypy_run: subprocess.CompletedProcess[str]) -> None:
    held = {path for path in _files_with_errors(mypy_run) if not path.startswith(TOLERATED)}
    assert not held, _report(mypy_run)
    if not TOLERATED:
        assert mypy_run.returncode == 0, _report(mypy_run)
