"""Lionheart's campaign: the battle files (every shipped one reads; bad ones are named), the goals judged along
scripted battles (each kind won and lost), the stars, and the progress kept in the statistics."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.levels import MAX_LEVEL_BYTES, LevelError
from game.engine.lionheart import Battle, Move
from game.engine.lionheart.campaign import (
    LEVEL_KEYS,
    CampaignBattle,
    battle_from_text,
    load_battle,
    load_campaign,
    shipped_campaign,
    shipped_campaign_dir,
)
from game.engine.lionheart.goals import GOAL_KINDS, Goal, GoalState, GoalTracker, stars
from game.engine.lionheart.rules import RULES
from game.engine.progress import CampaignProgress
from game.engine.stats import Statistics

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "game" / "scenes" / "lionheart" / "locale" / "fr" / "lionheart_campaign.toml"
START = "gK1e1N,gI4d3N,gI4f3N,sI4d7S,sI4f7S,sR2e6S,sK1e10S g 2 0 -"


def battle_text(goal: str = 'kind = "battle"', position: str = START, **fields: object) -> str:
    """A battle file with ``goal`` (the [goal] table's body) and the other fields as given, or defaults."""
    values: dict[str, object] = {
        "game": "lionheart",
        "schema_version": 2,
        "name": "Test",
        "position": position,
        "level": "beginner",
        "before": "Before.",
        "after": "After.",
        "par_turns": 5,
        "par_losses": 2,
        **fields,
    }
    head = "".join(f"{key} = {json.dumps(value)}\n" for key, value in values.items() if value is not None)
    return f"{head}\n[goal]\n{goal}\n"


def _shipped() -> list[CampaignBattle]:
    battles = list(shipped_campaign(RULES))
    assert all(isinstance(battle, CampaignBattle) for battle in battles), battles
    return battles  # type: ignore[return-value]


def test_eight_battles_or_more_read_in_order_with_every_kind_of_goal() -> None:
    battles = _shipped()
    assert len(battles) >= 8
    assert [battle.number for battle in battles] == list(range(1, len(battles) + 1))
    kinds = {battle.goal.kind for battle in battles}
    assert {"hold", "reach", "within", "fewer", "survive", "protect"} <= kinds
    assert all(battle.before and battle.after for battle in battles)


def test_the_computer_and_the_armies_rise_through_the_campaign() -> None:
    battles = _shipped()
    levels = [LEVEL_KEYS.index(battle.level) for battle in battles]
    assert levels == sorted(levels) and levels[-1] > levels[0]
    enemies = [sum(unit.figures for unit in Battle(battle.position).army(1)) for battle in battles]
    assert enemies[-1] > enemies[0] and max(enemies[-3:]) == max(enemies)


def test_every_battles_texts_have_their_french() -> None:
    french = tomllib.loads(CATALOGUE.read_text(encoding="utf-8"))
    for battle in _shipped():
        for text in (battle.name, battle.before, battle.after):
            assert text in french, text
    from game.scenes.lionheart.campaign_words import REASONS

    assert set(REASONS) <= set(french)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not toml [[[", "not a valid battle file"),
        (battle_text().replace('"lionheart"', '"ataxx"'), "a battle for 'ataxx'"),
        (battle_text(schema_version=9), "written by a newer version"),
        (battle_text(level="godlike"), "'level' must be one of beginner"),
        (battle_text(before=None), "missing 'before'"),
        (battle_text(par_turns=0), "'par_turns' must be from 1"),
        (battle_text(par_losses="two"), "'par_losses' must be a whole number"),
        (battle_text(colour="red"), "unknown key 'colour'"),
        (battle_text('kind = "dance"'), "'kind' must be one of battle, hold"),
        (battle_text('kind = "hold"\nturns = 3'), "goal: missing 'line'"),
        (battle_text('kind = "within"'), "goal: missing 'turns'"),
        (battle_text('kind = "battle"\nturns = 3'), "a 'battle' goal counts no turns"),
        (battle_text('kind = "survive"\nturns = 3\nline = 4'), "only a 'hold' goal has a line"),
        (battle_text('kind = "hold"\nturns = 3\nline = 7'), "Silver already stands on or behind the line"),
        (battle_text('kind = "protect"'), "needs Gold's peasants"),
        (battle_text('kind = "fewer"', START.replace("sR2e6S,", "")), "needs Gold to field fewer units"),
        (
            battle_text('kind = "survive"\nturns = 2', START.replace("sR2e6S,", "")),
            "needs Silver's mercenaries",
        ),
        (battle_text(position=START.replace(" g 2 0 -", " - 2 0 start")), "starts with a side to move"),
        (battle_text(position="gK1e1N,sK1e10S g 2 0 -"), "the battle is already over"),
        (battle_text(position="gK1e1N,gZ4d3N,sK1e10S,sI4a9S g 2 0 -"), "bad position"),
        (battle_text(goal="kind = 1").replace("[goal]\nkind = 1\n", ""), "goal: missing"),
    ],
)
def test_a_bad_battle_file_is_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(LevelError) as raised:
        battle_from_text(text, RULES, "b.toml")
    assert message in str(raised.value)
    assert str(raised.value).startswith("b.toml")


def test_a_good_battle_keeps_its_fields() -> None:
    battle = battle_from_text(battle_text('kind = "survive"\nturns = 4', level="expert"), RULES)
    assert battle.goal == Goal("survive", 4) and battle.level == "expert"
    assert (battle.par_turns, battle.par_losses, battle.before) == (5, 2, "Before.")
    assert battle.id == "test"


def test_a_folder_is_read_past_damaged_files_which_are_named(tmp_path: Path) -> None:
    (tmp_path / "01-good.toml").write_text(battle_text())
    (tmp_path / "02-binary.toml").write_bytes(b"\x00\x01garbage")
    (tmp_path / "03-huge.toml").write_text("#" * (MAX_LEVEL_BYTES + 10))
    (tmp_path / "04-folder.toml").mkdir()
    (tmp_path / "05-good.toml").write_text(battle_text('kind = "within"\nturns = 9'))
    found = load_campaign(tmp_path, RULES)
    assert isinstance(found[0], CampaignBattle) and found[0].number == 1
    assert isinstance(found[4], CampaignBattle) and found[4].id == "05-good"
    errors = [str(item) for item in found[1:4]]
    assert "02-binary.toml: binary data, not a battle file" in errors[0]
    assert "03-huge.toml: too large for a battle file" in errors[1]
    assert "04-folder.toml: not a regular file" in errors[2]
    with pytest.raises(LevelError) as raised:
        load_battle(tmp_path / "02-binary.toml", RULES)
    assert raised.value.path == tmp_path / "02-binary.toml"


FIRST = shipped_campaign_dir() / "01-the-ford.toml"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(at=st.floats(0, 1), piece=st.binary(max_size=40), cut=st.booleans())
def test_a_damaged_battle_is_named_and_the_others_still_load(
    tmp_path_factory: pytest.TempPathFactory, at: float, piece: bytes, cut: bool
) -> None:
    folder = tmp_path_factory.mktemp("campaign")
    good = FIRST.read_bytes()
    place = int(len(good) * at)
    damaged = good[:place] if cut else good[:place] + piece + good[place:]
    (folder / "01-good.toml").write_bytes(good)
    (folder / "02-damaged.toml").write_bytes(damaged)
    found = load_campaign(folder, RULES)
    assert isinstance(found[0], CampaignBattle) and found[0].name == "The ford"
    assert isinstance(found[1], CampaignBattle | LevelError)
    if isinstance(found[1], LevelError):
        assert str(found[1]).startswith("02-damaged.toml: ")
    assert (folder / "02-damaged.toml").read_bytes() == damaged  # a shipped folder is never changed


# -- the goals, judged along scripted battles --

ALL_AXES = ("axe", "axe", "axe", "axe")


def judged(goal: Goal, start: str, *entries: str | tuple[str, ...]) -> GoalTracker:
    """The goal judged from ``start`` through ``entries`` (actions as text, rolls as tuples)."""
    battle = Battle(start)
    tracker = GoalTracker(goal, battle)
    for entry in entries:
        battle.push(Move.from_text(entry) if isinstance(entry, str) else entry)
        tracker.observe(battle)
    return tracker


KNIGHTS_AT_THE_KING = "gN2e9N,gI4a1N,gK1e1N,sK1e10S,sI4i10S g 2 0 -"
"""Gold's knights face Silver's king: four axes kill it."""
KING_IN_DANGER = "gK1e4N,gI4a1N,sI4e5S,sK1e10S,sI4i10S s 2 0 -"
"""Silver's infantry faces Gold's king: four axes kill it."""


@pytest.mark.parametrize("kind", ["battle", "fewer", "protect"])
def test_killing_the_enemy_king_wins_a_goal_of_victory(kind: str) -> None:
    tracker = judged(Goal(kind), KNIGHTS_AT_THE_KING, "e9xe10", ALL_AXES)
    assert tracker.state is GoalState.WON and tracker.reason == "The enemy army is beaten"
    assert (tracker.player_turns, tracker.losses) == (1, 0)


@pytest.mark.parametrize("kind", ["battle", "fewer", "protect", "reach"])
def test_losing_the_king_loses_the_goal(kind: str) -> None:
    tracker = judged(Goal(kind), KING_IN_DANGER, "e5xe4", ALL_AXES)
    assert tracker.state is GoalState.LOST and tracker.reason == "Your army is beaten"
    assert tracker.losses == 1


def test_a_goal_stays_open_while_the_battle_goes_on_and_decided_once_decided() -> None:
    tracker = judged(Goal("battle"), KNIGHTS_AT_THE_KING, "a1-a2")
    assert tracker.state is GoalState.OPEN
    tracker = judged(Goal("within", 1), KNIGHTS_AT_THE_KING, "e9xe10", ALL_AXES)
    assert tracker.state is GoalState.WON
    assert tracker.observe(Battle(KING_IN_DANGER)) is GoalState.WON  # once decided, it stays so


def test_hold_is_won_after_its_turns_and_lost_when_the_enemy_crosses_the_line() -> None:
    start = "gK1e1N,gI4a1N,sI4e6S,sK1e10S,sI4i10S s 2 0 -"
    held = judged(Goal("hold", 2, 4), start, "e6-e5", "i10:E", "a1-a2", "a2-a3", "i10:S", "e10:E")
    assert held.state is GoalState.WON and held.rounds == 2 and held.reason == "The line held"
    crossed = judged(Goal("hold", 2, 4), start, "e6-e5", "e5-e4")
    assert crossed.state is GoalState.LOST and crossed.reason == "The enemy broke through the line"
    still = judged(Goal("hold", 2, 4), start, "e6-e5", "i10:E")
    assert still.state is GoalState.OPEN and still.rounds == 1


def test_reach_is_won_on_the_far_rank_and_lost_out_of_turns() -> None:
    start = "gK1e5N,gI4a1N,sK1a10S,sI4i10S g 2 0 -"
    reached = judged(Goal("reach"), start, "e5-e10")
    assert reached.state is GoalState.WON and reached.reason == "Your king reached the far rank"
    late = judged(Goal("reach", 1), start, "a1-a2", "a2-a3")
    assert late.state is GoalState.LOST and late.reason == "Out of turns"


def test_within_is_lost_once_its_turns_are_spent_without_a_victory() -> None:
    won = judged(Goal("within", 1), KNIGHTS_AT_THE_KING, "a1-a2", "e9xe10", ALL_AXES)
    assert won.state is GoalState.WON
    late = judged(Goal("within", 1), KNIGHTS_AT_THE_KING, "a1-a2", "a2-a3")
    assert late.state is GoalState.LOST and late.reason == "Out of turns"


def test_survive_is_won_with_the_king_alive_and_lost_with_it_dead() -> None:
    survived = judged(Goal("survive", 1), KING_IN_DANGER, "i10:E", "i10:S")
    assert survived.state is GoalState.WON and survived.reason == "Your king survived"
    killed = judged(Goal("survive", 1), KING_IN_DANGER, "e5xe4", ALL_AXES)
    assert killed.state is GoalState.LOST


def test_protect_is_lost_when_a_band_of_peasants_falls() -> None:
    start = "gP1e4N,gI4a1N,gK1e1N,sI4e5S,sK1e10S,sI4i10S s 2 0 -"
    fallen = judged(Goal("protect"), start, "e5xe4", ALL_AXES)
    assert fallen.state is GoalState.LOST and fallen.reason == "The peasants fell"
    assert judged(Goal("fewer"), start, "e5xe4", ALL_AXES).state is GoalState.OPEN


def test_a_draw_loses_the_goal() -> None:
    tracker = judged(
        Goal("battle"), "gK1e1N,gI4a1N,sK1e10S,sI4i10S g 2 29 -", "a1-a2", "a2-a3", "i10:E", "i10:S"
    )
    assert tracker.state is GoalState.LOST and tracker.reason == "The battle ended in a draw"


def test_every_kind_is_judged() -> None:
    for kind in GOAL_KINDS:
        goal = Goal(kind, 3 if kind in ("hold", "within", "survive") else None, 4 if kind == "hold" else None)
        assert judged(goal, KNIGHTS_AT_THE_KING, "e9xe10", ALL_AXES).state is GoalState.WON


def test_stars_count_the_turns_and_the_figures_lost_against_the_par() -> None:
    assert stars(won=True, turns=5, losses=2, par_turns=5, par_losses=2) == 3
    assert stars(won=True, turns=6, losses=2, par_turns=5, par_losses=2) == 2
    assert stars(won=True, turns=5, losses=3, par_turns=5, par_losses=2) == 2
    assert stars(won=True, turns=9, losses=9, par_turns=5, par_losses=2) == 1
    assert stars(won=False, turns=1, losses=0, par_turns=5, par_losses=2) == 0


# -- the progress --


def test_the_progress_keeps_the_best_stars_of_each_battle() -> None:
    progress = CampaignProgress()
    assert progress.win("01-the-ford", 2) and progress.stars_of("01-the-ford") == 2
    assert not progress.win("01-the-ford", 1) and progress.stars_of("01-the-ford") == 2
    assert progress.win("01-the-ford", 3) and progress.won == {"01-the-ford"}
    assert progress.stars_of("02-the-messenger") == 0


def test_the_progress_reads_leniently_and_counts_what_it_skips() -> None:
    data = {"stars": {"01-a": 3, "02-b": 0, "03-c": 4, "BAD ID": 2, "05-e": True, "06-f": "3", "07-g": 1}}
    progress, skipped = CampaignProgress.from_json(data)
    assert progress.stars == {"01-a": 3, "07-g": 1} and skipped == 5
    assert CampaignProgress.from_json(progress.to_json()) == (progress, 0)
    for bad in ([], {"stars": []}, "x"):
        with pytest.raises(ValueError):
            CampaignProgress.from_json(bad)


def test_the_campaign_survives_a_reload_and_goes_with_a_reset(user_data_dir: Path) -> None:
    stats = Statistics.load("lionheart")
    stats.campaign.win("01-the-ford", 2)
    stats.tutorials.finish("01-first-battle")
    stats.save()
    again = Statistics.load("lionheart")
    assert again.campaign.stars == {"01-the-ford": 2} and again.load_message is None
    saved = json.loads(Statistics.path().read_text(encoding="utf-8"))
    assert saved["games"]["lionheart"]["campaign"] == {"stars": {"01-the-ford": 2}}
    again.reset()
    again.save()
    assert not Statistics.load("lionheart").campaign
    assert "campaign" not in json.loads(Statistics.path().read_text(encoding="utf-8"))["games"]["lionheart"]


def test_a_damaged_campaign_part_is_skipped_and_said(user_data_dir: Path) -> None:
    payload = {
        "schema_version": 5,
        "games": {"lionheart": {"records": [], "campaign": {"stars": {"01-a": 9}}}},
    }
    Statistics.path().write_text(json.dumps(payload), encoding="utf-8")
    stats = Statistics.load("lionheart")
    assert not stats.campaign and stats.load_message is not None and "1 damaged" in stats.load_message
    payload["games"]["lionheart"]["campaign"] = ["not", "progress"]
    Statistics.path().write_text(json.dumps(payload), encoding="utf-8")
    assert not Statistics.load("lionheart").campaign


def test_the_banner_says_how_far_each_goal_has_got() -> None:
    from game.scenes.lionheart.campaign_words import goal_progress, goal_text, goal_title

    start = "gP1e4N,gI4a1N,gK1e1N,sI4e5S,sK1e10S,sI4i10S,sA4h10S s 2 0 -"
    assert goal_progress(judged(Goal("hold", 4, 2), start, "i10:E", "i10:S")) == ("1 of 4 turns", 0.25)
    assert goal_progress(judged(Goal("within", 5), start, "i10:E", "i10:S")) == ("Turn 1 of 5", 0.2)
    assert goal_progress(judged(Goal("fewer"), start)) == ("Turn 1  ·  3 units against 4", None)
    assert goal_progress(judged(Goal("protect"), start)) == ("1 band of peasants alive", None)
    fallen = judged(Goal("protect"), start, "e5xe4", ALL_AXES)
    assert fallen.peasants_alive == 0 and goal_progress(fallen)[0] == "0 bands of peasants alive"
    assert goal_progress(judged(Goal("battle"), start))[0] == "Turn 1  ·  0 figures lost"
    assert goal_text(Goal("hold", 8, 2)) == "Let no enemy reach rank 2 or behind it for 8 turns"
    assert goal_text(Goal("survive", 1)) == "Keep your king alive for 1 turn"
    assert {goal_title(Goal(kind)) for kind in GOAL_KINDS} == {
        "Win the battle", "Hold the line", "Reach the far rank", "Win in time", "Win with fewer", "Survive",
        "Protect the peasants",
    }  # fmt: skip
