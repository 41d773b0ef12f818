"""Test configuration: headless SDL, and a private user-data folder for every test."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

# Set before anything imports pygame: tests never open a real window or sound device.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import tempfile  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from typing import TYPE_CHECKING  # noqa: E402

import pytest  # noqa: E402
from hypothesis.configuration import set_hypothesis_home_dir  # noqa: E402

if TYPE_CHECKING:
    from game.ui.theme import Theme

# Hypothesis keeps its caches out of the source tree (the tests write nothing there).
set_hypothesis_home_dir(Path(tempfile.gettempdir()) / "attax-arcade-hypothesis")
# Compiled search code (numba) is cached once for the whole run and the AI child processes it starts,
# not in each test's own user folder (a compile takes seconds).
os.environ.setdefault("NUMBA_CACHE_DIR", str(Path(tempfile.gettempdir()) / "attax-arcade-numba"))


def _one_build_at_a_time() -> None:
    """Every kernel build of this process under a lock shared by the suite's processes (the xdist
    workers): on a fresh clone the first compiles, the others wait and load what it cached, rather than
    each compiling the same kernels at once."""
    try:
        import fcntl
    except ImportError:  # not POSIX: each process builds its own
        return
    from game.ai import compiled

    start_warm_up = compiled.start_warm_up
    lock_path = Path(os.environ["NUMBA_CACHE_DIR"]) / "building.lock"

    def locked(name: str, warm: Callable[[], None]) -> compiled.Build:
        def warm_alone() -> None:
            lock_path.parent.mkdir(parents=True, exist_ok=True)
            with open(lock_path, "a") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                warm()

        return start_warm_up(name, warm_alone)

    compiled.start_warm_up = locked


_one_build_at_a_time()


@pytest.fixture(scope="session")
def compiled_search() -> None:
    """The compiled searches built (with numba, and ``ATTAX_NUMBA`` not 0) before a test that searches
    with them, or starts a process that does (that process then loads them from the cache). A module
    asks for it with ``pytestmark = pytest.mark.usefixtures("compiled_search")``; the other tests start
    at once."""
    from game.ai.ataxx.search import prepare_compiled
    from game.ai.attangle.search import prepare_compiled as prepare_attangle

    assert prepare_compiled(wait=True, timeout=600), "the compiled Ataxx search could not be built"
    assert prepare_attangle(wait=True, timeout=600), "the compiled Attangle search could not be built"


@pytest.fixture(autouse=True)
def user_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test writes user files (saves, settings, logs) into its own temporary folder."""
    folder = tmp_path / "userdata"
    monkeypatch.setenv("ATTAX_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def french(user_data_dir: Path) -> Iterator[None]:
    """The game in French: the settings say so before the app starts (English again after the test)."""
    from game import i18n

    user_data_dir.mkdir(parents=True, exist_ok=True)
    (user_data_dir / "settings.json").write_text('{"language": "fr"}', encoding="utf-8")
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def ui() -> Iterator[Theme]:
    """A theme to draw with, over an 800x600 display (for the tests that draw diagrams and pictures)."""
    import pygame

    from game.ui.theme import Theme  # pygame only for the tests that draw

    pygame.init()
    pygame.display.set_mode((800, 600))
    yield Theme()
    pygame.quit()


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text rendered through the theme from now on, in order (tests clear it for a fresh look)."""
    from game.ui.theme import Theme  # pygame only for the tests that draw

    seen: list[str] = []
    original = Theme.text

    def text(self: Theme, text: str, *args: object, **kwargs: object) -> object:
        seen.append(text)
        return original(self, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Theme, "text", text)
    return seen


@pytest.fixture
def importable(monkeypatch: pytest.MonkeyPatch) -> None:
    """Engines run in the data folder: our own engine (``python -m game.ai.uai``) finds its package
    through PYTHONPATH."""
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
