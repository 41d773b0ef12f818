"""design.md's layering, enforced: the import-linter contracts, kept and complete.

The contracts say: the rules engines, the AI and the terminal version (``game.text``) never
import pygame (nor does the terminal version import ``ui`` or the scenes); ``ui``
never imports the scenes; scenes sit above ui, above the AI, above the engine;
only the registry and a game itself import that game's subpackages (so no
generic module imports a game, and no game imports another); scenes never
import one another. The generic contracts are written in pyproject.toml; the
one per game is built here from the registry, so a game added to it is
protected without a line of configuration. These tests run the linter on both,
check that every game's subpackages are protected, and that a broken rule is caught.
"""

from __future__ import annotations

import graphlib
import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import grimp
import pytest

from game import games

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("engine", "ai", "scenes")

OUTSIDE_IMPORTERS = {"ataxx": ("game.text",)}
"""Packages outside a game's folders that may import it: Ataxx's terminal version (``main.py --text``)."""


def _settings() -> dict[str, Any]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    settings: dict[str, Any] = data["tool"]["importlinter"]
    return settings


def _game_contract(definition: games.GameDefinition) -> dict[str, Any]:
    """The registry's contract for one game: only the registry and the game itself import its packages."""
    own = [f"game.{layer}.{definition.key}" for layer in LAYERS]
    return {
        "name": f"Only the registry and {definition.name} itself import {definition.name}",
        "type": "protected",
        "protected_modules": own,
        "allowed_importers": ["game.games", *own, *OUTSIDE_IMPORTERS.get(definition.key, ())],
    }


def _contracts() -> list[dict[str, Any]]:
    """pyproject.toml's contracts, then one per game of the registry."""
    contracts: list[dict[str, Any]] = _settings()["contracts"]
    return [*contracts, *(_game_contract(definition) for definition in games.GAMES)]


def _config(folder: Path) -> Path:
    """A configuration of every contract in ``folder`` (TOML; JSON's strings and lists are TOML's)."""
    settings = {key: value for key, value in _settings().items() if key != "contracts"}
    lines = ["[tool.importlinter]", *(f"{key} = {json.dumps(value)}" for key, value in settings.items())]
    for contract in _contracts():
        lines += ["", "[[tool.importlinter.contracts]]"]
        lines += [f"{key} = {json.dumps(value)}" for key, value in contract.items()]
    path = folder / "importlinter.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _lint(project: Path, config_folder: Path) -> subprocess.CompletedProcess[str]:
    """Run import-linter on ``project``'s ``game`` package with every contract (written in ``config_folder``)."""
    return subprocess.run(
        [sys.executable, "-c", "from importlinter.cli import lint_imports_command; lint_imports_command()",
         "--config", str(_config(config_folder)), "--no-cache"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )  # fmt: skip


def test_the_layering_contracts_are_kept(tmp_path: Path) -> None:
    result = _lint(ROOT, tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "BROKEN" not in result.stdout
    assert result.stdout.count("KEPT") == len(_contracts())


def test_every_game_subpackage_is_protected_by_a_contract() -> None:
    # design.md: each layer holds one subpackage per game (a game not written yet has its package,
    # a docstring, so that its contract names modules the linter can find).
    expected = {f"game.{layer}.{definition.key}" for definition in games.GAMES for layer in LAYERS}
    missing = {
        module for module in expected if not (ROOT / Path(*module.split("."), "__init__.py")).is_file()
    }
    assert not missing, f"no package for: {sorted(missing)}"
    protected_by: dict[str, dict[str, Any]] = {
        module: contract
        for contract in _contracts()
        if contract["type"] == "protected"
        for module in contract["protected_modules"]
    }
    assert expected <= protected_by.keys(), f"not protected: {sorted(expected - protected_by.keys())}"
    for definition in games.GAMES:
        own = [f"game.{layer}.{definition.key}" for layer in LAYERS]
        contract = protected_by[own[0]]
        # One contract per game: its layers may import one another, the registry may import them.
        assert all(protected_by[module] is contract for module in own), definition.key
        assert {"game.games", *own} <= set(contract["allowed_importers"]), definition.key


def test_a_generic_module_importing_a_game_breaks_a_contract(tmp_path: Path) -> None:
    # The same contracts, on a copy of the package where the match screen imports Ataxx.
    shutil.copytree(ROOT / "game", tmp_path / "game", ignore=shutil.ignore_patterns("__pycache__"))
    match_screen = tmp_path / "game" / "scenes" / "match.py"
    match_screen.write_text(
        match_screen.read_text(encoding="utf-8") + "\nfrom game.engine.ataxx import Board  # noqa\n",
        encoding="utf-8",
    )
    result = _lint(tmp_path, tmp_path)
    assert result.returncode != 0
    assert "game.scenes.match -> game.engine.ataxx" in result.stdout


def test_the_terminal_version_importing_the_screens_breaks_a_contract(tmp_path: Path) -> None:
    # ``python main.py --text`` must start where pygame cannot: game.text stays off ui and the scenes.
    shutil.copytree(ROOT / "game", tmp_path / "game", ignore=shutil.ignore_patterns("__pycache__"))
    screen = tmp_path / "game" / "text" / "screen.py"
    screen.write_text(
        screen.read_text(encoding="utf-8") + "\nfrom game.ui import theme  # noqa\n", encoding="utf-8"
    )
    result = _lint(tmp_path, tmp_path)
    assert result.returncode != 0
    assert "game.text.screen -> game.ui" in result.stdout


def test_no_import_circle_among_games_modules_type_only_imports_included() -> None:
    # A circle closed only under TYPE_CHECKING still ties the modules together for a reader and
    # for mypy; the screens reach the app, and the mixins their board, through protocols instead.
    graph = grimp.build_graph("game", cache_dir=None)
    imports = {module: graph.find_modules_directly_imported_by(module) for module in graph.modules}
    try:
        graphlib.TopologicalSorter(imports).prepare()
    except graphlib.CycleError as circle:
        raise AssertionError(f"an import circle: {' -> '.join(circle.args[1])}") from None


def test_a_circle_closed_only_for_type_checking_is_found(tmp_path: Path) -> None:
    package = tmp_path / "circle"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from circle import b\n")
    (package / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from circle import a\n"
    )
    sys.path.insert(0, str(tmp_path))
    try:
        graph = grimp.build_graph("circle", cache_dir=None)
    finally:
        sys.path.remove(str(tmp_path))
    assert graph.find_modules_directly_imported_by("circle.b") == {"circle.a"}
    imports = {module: graph.find_modules_directly_imported_by(module) for module in graph.modules}
    with pytest.raises(graphlib.CycleError):
        graphlib.TopologicalSorter(imports).prepare()
