"""Lionheart's rules pages: every act a diagram plays is legal in the rules engine and ends as its caption
says; the pages say every decision, in French too. (That every diagram draws and moves and every page fits
the rules screen, whole and translated: tests/test_game_contract.py, as every game's.)"""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest

from game.engine.lionheart import (
    CHANCE,
    GOLD,
    KINDS,
    SILVER,
    STANDARD_TEXT,
    Battle,
    Move,
    Termination,
    army_problems,
    attack_zone,
)
from game.engine.lionheart.notation import square_index
from game.engine.lionheart.odds import attack_odds
from game.i18n import context_key, load_catalog, set_language
from game.scenes.lionheart import diagrams
from game.scenes.lionheart.diagram_extras import TABLE_KINDS
from game.scenes.lionheart.diagrams import DIAGRAMS, ODDS_LABELS, play
from game.scenes.lionheart.pages import CONTROLS, PAGES, RULES_PAGES


@pytest.fixture
def french() -> Iterator[None]:
    set_language("fr")
    yield
    set_language("en")


def _last(kind: str, act: int = 0) -> Battle:
    return play(DIAGRAMS[kind].acts[act])[-1]


def _unit(battle: Battle, square: str) -> tuple[str, str, int, str]:
    """(owner letter, kind, figures, facing) of the unit on ``square``."""
    unit = battle.unit_at(square)
    assert unit is not None, f"no unit on {square} in {battle.text()}"
    return "gs"[unit.owner], unit.kind, unit.figures, unit.facing


# -- the pages --


def test_the_pages_are_lionhearts() -> None:
    # The heading, the controls last, the diagrams drawn and the pages on the rules screen:
    # tests/test_game_contract.py, as every game's.
    assert RULES_PAGES.pages is PAGES and RULES_PAGES.controls is CONTROLS
    assert RULES_PAGES.draw_diagram is diagrams.draw_diagram


def test_the_pages_say_every_decision() -> None:
    """design.md's decisions and the battle module's, each said somewhere in the pages."""
    text = " ".join(text for _, text, _ in PAGES).lower()
    for words in (
        "30 full turns",  # the draw rule
        "lost at the end of the attack",  # hits do not carry over
        "beyond the figures",  # nor the hits beyond the target's figures
        "rolls its die again",  # the lone soldier
        "panic is a miss",  # its second die
        "3 by 3",  # archers' zone
        "over every unit",
        "its own king or its own mercenaries",  # panic's deaths
        "kings and mercenaries never panic",
        "comes back to a unit already panicking",  # a chain that loops
        "after every attack",  # peasants step back after every attack
        "keeping its facing",  # the pushed defender
        "stops at the edge of the field or at any unit",
        "beside them, facing them",  # the refused bribe
        "spent for nothing",
        "this very turn",  # the bought mercenaries act at once
        "costs both actions",  # heavy infantry
        "eight squares",
        "never more than four",  # mass infantry
        "no passing",
        "on a tie, both roll again",
        "both sides lose at once",
        "after every action and every roll",
        "ten bases, the king included",
        "only one unit of mercenaries",
        "two home ranks",
    ):
        assert words in text, words


# -- every act is the engine's --


@pytest.mark.parametrize("kind", sorted(key for key, diagram in DIAGRAMS.items() if diagram.acts))
def test_every_act_is_legal_and_every_state_is_the_engines(kind: str) -> None:
    for act in DIAGRAMS[kind].acts:
        battle = Battle(act.start)
        for token, state in zip(act.steps, play(act)[1:], strict=True):
            if set(token) <= set("HFP"):
                assert battle.turn == CHANCE, (kind, token)
                roll = next(roll for roll, _ in battle.chance_outcomes() if "".join(
                    {"axe": "H", "arrow": "F", "panic": "P"}[face] for face in sorted(
                        roll, key=("axe", "arrow", "panic").index)) == token)  # fmt: skip
                battle.push(roll)
            else:
                move = Move.from_text(token)
                assert move in battle.legal_moves(), (kind, token, battle.text())
                battle.push(move)
            assert battle.text() == state.text()
        # Everything the diagram shows of the field is inside its window (but units stepping off it).
        first = play(act)[0]
        for unit in first.units:
            if unit.kind != "K" or len(act.files) == 9:
                square = square_index(unit.square)
                assert square % 9 in act.files and square // 9 in act.ranks, (kind, unit)


def test_a_turn_is_two_actions_each() -> None:
    states = play(DIAGRAMS["turn"].acts[0])
    assert [state.side for state in states] == [GOLD, GOLD, SILVER, SILVER, GOLD]
    assert [state.actions for state in states] == [2, 1, 2, 1, 2]
    assert _unit(states[-1], "d6") == ("g", "N", 2, "N")  # the knights rode three squares


def test_going_back_is_a_turn_about_then_a_move_and_knights_ride_until_blocked() -> None:
    states = play(DIAGRAMS["moving"].acts[0])
    assert _unit(states[-1], "f4") == ("g", "I", 4, "S")
    assert _unit(states[-1], "d4") == ("s", "N", 2, "S")  # stopped by the archers on d3
    rides = [move.target for move in states[2].moves_from("d7") if move.target]
    assert sorted(rides) == ["d4", "d5", "d6"]


@pytest.mark.parametrize(
    ("kind", "square", "left"),
    [("attack", "e5", 2), ("archers", "f6", 2), ("two_hits", "e5", 1), ("lone", "e5", 1), ("mass", "e5", 1)],
)
def test_the_hits_are_as_the_captions_say(kind: str, square: str, left: int) -> None:
    assert _last(kind).unit_at(square).figures == left  # type: ignore[union-attr]


def test_archers_shoot_over_their_own_infantry() -> None:
    start = play(DIAGRAMS["archers"].acts[0])[0]
    zone = attack_zone("A", square_index("e3"), "N")
    assert square_index("f6") in zone and square_index("e4") in zone
    assert start.unit_at("e4").owner == GOLD  # type: ignore[union-attr]
    assert square_index("d7") not in zone  # four squares ahead: out of reach


def test_the_lone_soldier_rolls_twice() -> None:
    states = play(DIAGRAMS["lone"].acts[0])
    assert states[2].pending.kind == "lone" and states[2].turn == CHANCE


def test_the_panicking_unit_dies_against_its_own_king() -> None:
    start, *_, last = play(DIAGRAMS["panic"].acts[0])
    assert _unit(start, "e2") == ("g", "I", 2, "N") and _unit(start, "e1")[1] == "K"
    assert last.unit_at("e2") is None and _unit(last, "e1") == ("g", "K", 1, "N")
    assert _unit(last, "e3") == ("s", "I", 4, "S")


def test_the_chain_panic_pushes_the_knights_off_the_field() -> None:
    last = _last("chain")
    assert [unit.kind for unit in last.army(GOLD)] == ["K", "A", "I"]
    assert _unit(last, "e1") == ("g", "A", 4, "S") and _unit(last, "e2")[:2] == ("g", "I")


def test_the_opening_roll_ties_then_gold_starts() -> None:
    states = play(DIAGRAMS["opening"].acts[0])
    assert states[0].text() == Battle(STANDARD_TEXT).text()
    assert states[2].turn == CHANCE and states[2].pending.text() == "start"  # the tie: both roll again
    assert states[-1].turn == GOLD and states[-1].actions == 2


def test_the_king_falls_and_gold_wins() -> None:
    outcome = _last("end").outcome()
    assert outcome is not None and outcome.winner == GOLD and outcome.termination is Termination.KING_KILLED


def test_thirty_quiet_turns_draw() -> None:
    states = play(DIAGRAMS["draw"].acts[0])
    assert states[0].quiet == 29 and states[2].quiet == 30 and states[2].outcome() is None
    outcome = states[-1].outcome()
    assert outcome is not None and outcome.winner is None and outcome.termination is Termination.QUIET
    assert sum(unit.figures for unit in states[0].units) == sum(unit.figures for unit in states[-1].units)


def test_the_setup_places_legal_armies_then_waits_for_the_roll() -> None:
    states = play(DIAGRAMS["setup"].acts[0])
    assert states[0].in_setup and not states[-1].in_setup and states[-1].pending.kind == "start"
    for side in (GOLD, SILVER):
        army = states[-1].army(side)
        assert army_problems(army) == [] and len(army) <= 10
        assert all(unit.facing == ("N" if side == GOLD else "S") for unit in army)


def test_heavy_infantry_pays_two_actions_to_move_and_strikes_beside_it() -> None:
    states = play(DIAGRAMS["heavy"].acts[0])
    assert states[1].side == SILVER and states[1].actions == 2, "the move cost both actions"
    assert _unit(states[4], "e5") == ("g", "H", 2, "N"), "one axe on a heavy infantryman is lost"
    assert _unit(states[-1], "d5") == ("s", "I", 1, "E")


def test_mass_infantry_rolls_four_dice() -> None:
    pending = play(DIAGRAMS["mass"].acts[0])[1]
    assert pending.unit_at("e4").figures == 10  # type: ignore[union-attr]
    assert {len(roll) for roll, _ in pending.chance_outcomes()} == {4}


def test_peasants_hit_with_arrows_and_step_back() -> None:
    last = _last("peasants")
    assert _unit(last, "e5") == ("s", "I", 2, "S")
    assert _unit(last, "e3") == ("g", "P", 4, "S") and last.unit_at("e4") is None


def test_mercenaries_push_back_the_unit_they_hit() -> None:
    last = _last("mercenaries")
    assert _unit(last, "e7") == ("s", "I", 2, "S") and last.unit_at("e5") is None
    assert _unit(last, "e4")[:2] == ("g", "R")


def test_the_bribe_buys_the_mercenaries_unless_their_king_faces_them() -> None:
    bought, refused = (_last("bribe", act) for act in (0, 1))
    assert _unit(bought, "e5") == ("g", "R", 2, "S")
    assert _unit(refused, "e5") == ("s", "R", 2, "S") and _unit(refused, "e6") == ("s", "K", 1, "S")
    assert refused.unit_at("e4").attacked and refused.actions == 1  # type: ignore[union-attr]


def _binomial_at_least(dice: int, wanted: int, chance: float) -> float:
    return sum(math.comb(dice, k) * chance**k * (1 - chance) ** (dice - k) for k in range(wanted, dice + 1))


def test_the_odds_shown_are_exact() -> None:
    battle = play(DIAGRAMS["odds"].acts[0])[0]
    knights = attack_odds(battle, Move.from_text("e4xe5"))  # four infantry dice on two knights
    assert knights.kill == pytest.approx(_binomial_at_least(4, 2, 0.5))
    assert knights.destroy == pytest.approx(0.5**4)
    assert knights.panic == pytest.approx((1 / 6) ** 4)
    archers = attack_odds(battle, Move.from_text("c3xd6"))  # four archers' dice on four infantrymen
    assert archers.kill == pytest.approx(_binomial_at_least(4, 1, 1 / 3))
    assert archers.destroy == pytest.approx((1 / 3) ** 4)


# -- French --


def _texts() -> list[str]:
    texts = [RULES_PAGES.heading]
    texts += [context_key("lionheart", title) for title, _, _ in PAGES]
    texts += [text for _, text, _ in PAGES if text]
    texts += [text for pair in CONTROLS for text in pair]
    texts += [diagram.caption for diagram in DIAGRAMS.values() if diagram.caption]
    texts += [*ODDS_LABELS, "per army", "per base"]
    return texts


SAME_IN_FRENCH = {"Tab", "F1", "F11", "F12", "Ctrl+S", "Ctrl+Z / Ctrl+Y", "U / Y / H", "N, E, S, W"}
"""Key names, and words written the same in both languages."""


def test_every_string_has_a_french_translation(french: None) -> None:
    catalogue = load_catalog("fr")
    for text in _texts():
        assert text in catalogue, f"no French for {text!r}"
        if text in SAME_IN_FRENCH:
            assert catalogue[text] == text
        else:
            assert catalogue[text] != text, f"the French of {text!r} is the English"


def test_the_captions_keep_their_placeholders_in_french() -> None:
    catalogue = load_catalog("fr")
    for diagram in DIAGRAMS.values():
        for name in ("{side}", "{other}"):
            if name in diagram.caption:
                assert name in catalogue[diagram.caption]


def test_the_table_names_every_kind_but_the_king() -> None:
    assert sorted(TABLE_KINDS) == sorted(set(KINDS) - {"K"})
