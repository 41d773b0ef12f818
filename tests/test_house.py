"""The house stays a place a newcomer can find their way in: a narrow plug-in and rooms of one purpose.

A game's entry in the registry has at most six fields (what only some games have is a capability
asked for where it is used, not a field every game carries); no class of ``game`` is over 500
lines and no module over 700 (the kernels included): past that, a class does several things.
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

from game import games

ROOT = Path(__file__).resolve().parent.parent
MAX_REGISTRY_FIELDS = 6
MAX_CLASS_LINES = 500
MAX_MODULE_LINES = 700


def _sources() -> list[Path]:
    return sorted((ROOT / "game").rglob("*.py"))


def _too_long(source: str) -> list[tuple[str, int]]:
    """The classes of ``source`` longer than the limit, with their lengths (decorators included)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            first = min([node.lineno, *(decorator.lineno for decorator in node.decorator_list)])
            length = (node.end_lineno or node.lineno) - first + 1
            if length > MAX_CLASS_LINES:
                found.append((node.name, length))
    return found


def test_a_games_entry_in_the_registry_has_at_most_six_fields() -> None:
    fields = [field.name for field in dataclasses.fields(games.GameDefinition)]
    assert len(fields) <= MAX_REGISTRY_FIELDS, fields


def test_no_module_is_over_700_lines() -> None:
    lengths = {
        path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in _sources()
    }
    assert lengths and not {name: n for name, n in lengths.items() if n > MAX_MODULE_LINES}


def test_no_class_is_over_500_lines() -> None:
    found = {
        path.relative_to(ROOT).as_posix(): long
        for path in _sources()
        if (long := _too_long(path.read_text(encoding="utf-8")))
    }
    assert not found


def test_a_class_over_the_limit_is_found() -> None:
    body = "\n".join(f"    x{n} = {n}" for n in range(MAX_CLASS_LINES))
    assert _too_long(f"@dataclass\nclass Big:\n{body}\n") == [("Big", MAX_CLASS_LINES + 2)]
    assert _too_long("class Small:\n    x = 1\n") == []
