"""Lionheart's battle editor document: every check and where it says the problem is, undo and redo, and the
round trip through a level's text."""

from __future__ import annotations

import pytest

from game.engine.levels import LevelInfo, custom_levels, load_level, save_custom_level, shipped_levels
from game.engine.lionheart import GOLD, SILVER, STANDARD_TEXT, Battle, LionheartError
from game.engine.lionheart.level_edit import BattleDraft, DraftUnit, figure_choices, parse_draft
from game.engine.lionheart.rules import RULES
from game.engine.rules import Severity

KINGS = "gK1e1N,sK1e10S"


def bit(name: str) -> int:
    """The bit of square ``name`` in a finding's ``places``."""
    return 1 << ("abcdefghi".index(name[0]) + 9 * (int(name[1:]) - 1))


def findings(text: str) -> dict[str, list[object]]:
    """The draft's findings by code."""
    found: dict[str, list[object]] = {}
    for problem in BattleDraft(text).problems():
        found.setdefault(problem.code, []).append(problem)
    return found


def test_the_standard_battle_and_every_shipped_battle_pass_the_checks() -> None:
    assert BattleDraft().problems() == []
    for level in shipped_levels(RULES):
        assert isinstance(level, LevelInfo)
        if Battle(level.position).in_setup:
            continue  # the army builder's set-up is no battle to edit
        refusals = [p for p in BattleDraft(level.position).problems() if p.severity is Severity.REFUSED]
        assert refusals == [], level.name


def test_a_side_without_its_king_is_refused_at_its_kings_square() -> None:
    (problem,) = BattleDraft("gI4c2N,sK1e10S,sI4c9S g 2 1 -").problems()
    assert problem.severity is Severity.REFUSED and problem.code == "no-king"
    assert problem.side == GOLD and problem.places == bit("e1") and problem.squares == ("e1",)
    (problem,) = BattleDraft("gK1e1N,gI4c2N,sI4c9S - 2 0 start").problems()
    assert problem.side == SILVER and problem.places == bit("e10")


def test_two_kings_are_named_where_they_stand() -> None:
    (problem,) = findings("gK1e1N,gK1a2N,gI4c2N,sK1e10S,sI4c9S - 2 0 start")["kings"]
    assert problem.places == bit("e1") | bit("a2") and problem.squares == ("e1", "a2") and problem.count == 2


def test_a_second_unit_of_mercenaries_is_refused_at_both() -> None:
    text = "gK1e1N,gR2c3N,gR1g3N,gI4c2N,sK1e10S,sI4c9S,sR2e8S - 2 0 start"
    (problem,) = findings(text)["mercenaries"]
    assert problem.side == GOLD and problem.places == bit("c3") | bit("g3") and problem.count == 2
    assert "unequal" not in findings(text)  # refusals first: the rules' own checks wait for a battle


@pytest.mark.parametrize(
    ("units", "code", "squares"),
    [
        ("gI5c2N", "base", ("c2",)),  # infantry come four to a unit
        ("gK2e2N", "base", ("e2",)),  # and a king alone
        ("gA4a1N,gA4b1N,gA4c1N", "army-limit", ("a1", "b1", "c1")),  # twelve archers, eight at most
        ("gH2c2N,gH1d2N", "army-limit", ("c2", "d2")),  # three heavy infantrymen, two at most
    ],
)
def test_figures_beyond_the_table_are_refused_at_their_units(
    units: str, code: str, squares: tuple[str, ...]
) -> None:
    king = "" if "gK" in units else "gK1e1N,"
    found = findings(f"{king}{units},sK1e10S,sI4c9S - 2 0 start")
    (problem,) = found[code]
    assert problem.squares == squares and problem.severity is Severity.REFUSED
    assert problem.places == sum(bit(name) for name in squares)


def test_more_than_ten_units_is_refused() -> None:
    infantry = ",".join(f"gP1{file}2N" for file in "abcdefghi")
    (problem,) = findings(f"gK1e1N,gP1a1N,gP1b1N,{infantry},sK1e10S,sI4c9S - 2 0 start")["bases"]
    assert problem.count == 12 and problem.side == GOLD


def test_units_off_the_field_are_named() -> None:
    (problem,) = findings(f"{KINGS},gI4j3N,sI4c11S - 2 0 start")["off-field"]
    assert problem.squares == ("j3", "c11") and problem.places == 0 and problem.count == 2


def test_the_rules_own_checks_come_once_the_units_are_a_battle() -> None:
    (problem,) = findings("gK1e1N,sK1e10S,sI4c9S - 2 0 start")["alone"]  # the battle would be over
    assert problem.severity is Severity.REFUSED and problem.side == GOLD and problem.places == bit("e1")
    (problem,) = findings("gK1e1N,gI4c2N,sK1e10S,sM10c9S - 2 0 start")["unequal"]
    assert problem.severity is Severity.WARNING and (problem.count, problem.other) == (5, 11)


def test_placing_moving_changing_removing_and_the_opening_undo_and_redo() -> None:
    draft = BattleDraft(f"{KINGS},gI4c2N,sI4c9S - 2 0 start")
    start = draft.text()
    assert draft.place(4, 3, DraftUnit(SILVER, "N", 2, "W"))
    assert not draft.place(4, 3, DraftUnit(SILVER, "N", 2, "W"))  # the same unit again: no step
    assert draft.move((4, 3), (2, 1))  # onto the infantry: they swap
    assert draft.unit_at(2, 1) == DraftUnit(SILVER, "N", 2, "W") and draft.unit_at(4, 3) == DraftUnit(
        GOLD, "I", 4, "N"
    )
    assert not draft.move((0, 0), (1, 1))  # nothing there
    assert draft.change(2, 1, facing="S", figures=1)
    assert not draft.change(0, 0, facing="S")
    assert draft.remove(4, 3) and not draft.remove(4, 3)
    assert draft.set_opening(GOLD) and not draft.set_opening(GOLD)
    assert draft.text() == "gK1e1N,sN1c2S,sI4c9S,sK1e10S g 2 1 -"
    texts = []
    while draft.can_undo:
        texts.append(draft.text())
        assert draft.undo()
    assert draft.text() == start and len(texts) == 5 and not draft.undo()
    assert draft.redo() and draft.redo() and draft.unit_at(2, 1) == DraftUnit(SILVER, "N", 2, "W")
    draft.set_opening(SILVER)  # a new edit forgets what could be redone
    assert not draft.can_redo and not draft.redo()
    assert draft.set_position(STANDARD_TEXT) and draft.undo() and draft.opening == SILVER


def test_the_draft_reads_and_writes_a_level_text_unchanged() -> None:
    for text in (STANDARD_TEXT, "gK1e1N,gP3c5E,gR1d4W,sK1e10S,sH2b9S,sA4c10S s 2 1 -"):
        draft = BattleDraft(text)
        assert draft.text() == Battle(draft.text()).text() == Battle(text).text()
    for level in shipped_levels(RULES):
        assert isinstance(level, LevelInfo)
        if not Battle(level.position).in_setup:
            assert BattleDraft(level.position).text() == Battle(level.position).text()


def test_a_saved_draft_is_read_back_as_it_was() -> None:
    draft = BattleDraft(KINGS + " - 2 0 start")
    for file, kind in enumerate("NAIMHPR"):
        draft.place(file, 2, DraftUnit(GOLD, kind, max(figure_choices(kind)), "E"))
        draft.place(file, 7, DraftUnit(SILVER, kind, 1, "W"))
    draft.set_opening(SILVER)
    assert [problem.code for problem in draft.problems()] == ["unequal"]  # a warning: it may be saved
    path = save_custom_level(LevelInfo("Every kind", "All of them.", "You", draft.text()), RULES)
    level = load_level(path, RULES)
    assert BattleDraft(level.position).snapshot() == draft.snapshot()
    assert [entry.name for entry in custom_levels(RULES) if isinstance(entry, LevelInfo)] == ["Every kind"]


@pytest.mark.parametrize(
    "text",
    [
        "gK1e1N,sK1e10S g 2 0 setup",  # the army builder: no battle yet
        "gK1e1N,sK1e10S g 1 1 -",  # in the middle of a turn
        "gK1e1N,sK1e10S g 2 1 e1xe2",
        "gK1e1N,sK1e10S",
        "gK1e1N,gX1e2N,sK1e10S - 2 0 start",
        "gK1e1N,gI4e1N,sK1e10S - 2 0 start",
        "gK1e1N,gI0e2N,sK1e10S - 2 0 start",
        "",
    ],
)
def test_texts_the_editor_cannot_open_say_why(text: str) -> None:
    with pytest.raises(LionheartError):
        parse_draft(text)
    draft = BattleDraft(STANDARD_TEXT)
    with pytest.raises(LionheartError):
        draft.set_position(text)
    assert draft.text() == STANDARD_TEXT and not draft.can_undo  # nothing changed
