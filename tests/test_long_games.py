"""What the game writes it reads: the longest game each game's rules allow saves and loads whole.

A Lionheart battle may run to some 12,000 entries (thirty quiet turns before every figure that falls);
the reader refused more than 5,000 moves, so Continue lost such a battle and the Load screen set the
player's own save aside as damaged. Each game's rules now bound their games (``longest_game``, with the
reasoning in each), and the reader refuses only a record longer than that bound (or a file over its
size), as a hostile file would be.
"""

from __future__ import annotations

import pytest
from lionheart_play import long_battle

from game.engine import saves
from game.engine.match import Match, Player
from game.engine.pgn import PgnError, parse_pgn
from game.games import GAMES, game

LIONHEART = game("lionheart").load_rules()
ATAXX = game("ataxx").load_rules()
ATTANGLE = game("attangle").load_rules()


@pytest.fixture(scope="module")
def battle() -> list[object]:
    entries = long_battle()
    assert len(entries) > 7000
    return entries


def _match(entries: list[object]) -> Match:
    match = Match(LIONHEART, players=(Player.human("Ann"), Player.computer("casual")))
    for entry in entries:
        match.replay(entry)
    return match


def test_a_legal_battle_of_over_7000_entries_saves_and_loads_whole(battle: list[object]) -> None:
    match = _match(battle[:-4])  # still going on: the autosave keeps it
    saves.write_autosave(match, level_name="Standard")
    path = saves.save_game("long battle", match, level_name="Standard")
    for loaded, _ in (saves.load_game(path), saves.load_autosave("lionheart")):
        assert loaded.moves == match.moves and len(loaded.moves) == len(battle) - 4
        assert LIONHEART.position_text(loaded.position) == LIONHEART.position_text(match.position)
    [entry] = saves.list_saves()
    assert isinstance(entry, saves.SaveEntry) and entry.plies == len(battle) - 4
    assert path.exists(), "the player's own save was set aside"


def test_the_finished_battle_and_its_redo_line_load_whole(battle: list[object]) -> None:
    match = _match(battle)
    assert match.is_over
    path = saves.save_game("finished", match)
    loaded, _ = saves.load_game(path)
    assert loaded.is_over and loaded.moves == match.moves
    # Taken back as far as the dice allow: the last actions are the redo line.
    while match.can_undo:
        match.undo()
    assert match.redo_moves
    path = saves.save_game("taken back", match)
    loaded, _ = saves.load_game(path)
    assert loaded.moves == match.moves and loaded.redo_moves == match.redo_moves


def test_every_game_bounds_its_games(battle: list[object]) -> None:
    for definition in GAMES:
        try:
            rules = definition.load_rules()
        except LookupError:
            continue
        bound = rules.longest_game(rules.new_position(rules.start_text))
        assert isinstance(bound, int) and bound > 0, definition.key
    assert LIONHEART.longest_game(LIONHEART.new_position()) >= len(battle)
    # Thirty quiet turns of six entries (two attacks and their rolls, each with the lone soldier's
    # second roll) for each of the 66 figures and after the last: 12,060; plus the opening rolls.
    assert 12_060 < LIONHEART.longest_game(LIONHEART.new_position()) < 12_500
    # Level 2's fullest armies (49 figures each); a hand-made field of mass infantry goes no further.
    fullest = LIONHEART.longest_game(LIONHEART.new_position("gK1e1N,sK1e10S g 2 0 setup"))
    assert fullest == 20 + 128 + 6 * 30 * 99
    crowd = ",".join(
        f"{side}M10{file}{rank}{facing}"
        for side, facing, ranks in (("g", "N", "234"), ("s", "S", "789"))
        for rank in ranks
        for file in "abcdefghi"
    )
    assert LIONHEART.longest_game(LIONHEART.new_position(f"gK1e1N,sK1e10S,{crowd} g 2 0 -")) == fullest - 20
    # Ataxx: at most 100 plies without a clone, 45 clones from the start.
    assert ATAXX.longest_game(ATAXX.new_position()) == 100 * 46
    # Attangle: every move raises the sum of the squared stack heights, at most 3 per piece.
    assert ATTANGLE.longest_game(ATTANGLE.new_position()) == 3 * 36


def test_a_record_longer_than_the_rules_allow_is_refused() -> None:
    # The opening roll ties again and again: possible, but never this often in any game played.
    ties = " ".join(["HHHH HHHH"] * 6100)
    with pytest.raises(PgnError, match="longer than any game of lionheart"):
        parse_pgn(f'[Game "lionheart"]\n\n{ties} *\n', LIONHEART)
    redo = " ".join(["HHHH"] * 12_200)
    with pytest.raises(PgnError, match="longer than any game of lionheart"):
        parse_pgn(f'[Game "lionheart"]\n[Redo "{redo}"]\n\n*\n', LIONHEART)
