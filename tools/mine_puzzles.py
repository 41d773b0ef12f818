"""Mine puzzles from the computer's own games: positions where exactly one move wins by force.

    python tools/mine_puzzles.py ataxx --games 3000 --seed 1 --target 100 --per-game 3
    python tools/mine_puzzles.py attangle --games 3000 --seed 1 --target 30
    python tools/mine_puzzles.py ataxx --regrade    # the shipped collection graded again, no mining

The computer plays games against itself (its own levels, in pairs close in
strength, so that games stay close and mistakes happen), from every shipped
level of the game. Every position of every game is then looked at in steps,
each dearer and rarer than the last:

1. a scout, the game's own search for a moment (``game/ai/<key>/scout.py``:
   Ataxx's also proves two plies deep where a move leaves the other side
   stuck, Attangle's looks only where the triples lacking can still be built):
   does it see a forced win within ``2 * MAX_MOVES`` plies? Once no more
   puzzles the greedy player solves are wanted, a position where every move
   gains as much is passed over;
2. the exact prover (``game.engine.proof``, under the game's usual rules:
   Ataxx's early finish on): the moves that win within 2, then 4, then 6
   plies, until one does; a position where two do, or where the proof needs
   more than ``--mine-nodes`` positions, is dropped;
3. the greedy player (``game.engine.puzzles.greedy_moves``: the moves that
   take the most at once, in Ataxx the most pieces, a clone or a jump alike):
   a puzzle it solves (its move is the winning one, ties counted) is kept only
   while such puzzles are fewer than a fifth of ``--target``;
4. the prover again, two plies further: a wrong move that still wins, one
   move later, drops the position (the player would hear "not this one" for
   a win);
5. the proof the tests will make again (``game.engine.puzzles.prove_puzzle``)
   from scratch, each of whose searches must fit ``--proof-nodes`` positions,
   so that the whole collection is re-proved in seconds.

The main line is then made (the defender's most stubborn replies, the
attacker's quickest wins) and the puzzle graded by what the greedy player
misses (``game.engine.puzzles.grade_puzzle``). The collection keeps every
puzzle the greedy player does not solve and at most a quarter as many that it
does (a fifth of the whole). The puzzles are written, easiest first, into
``levels/<game>/puzzles/`` as one file per grade (``--out`` elsewhere),
replacing what was there. Figures go to standard output.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import random
import re
import signal
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Protocol

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.engine.levels import LevelInfo, shipped_levels  # noqa: E402
from game.engine.proof import ProofBudgetError, Prover  # noqa: E402
from game.engine.puzzles import (  # noqa: E402
    MAX_MOVES,
    HasMaterialGain,
    Puzzle,
    PuzzleProofError,
    dump_puzzles,
    grade_puzzle,
    greedy_moves,
    prove_puzzle,
    puzzle_id,
    shipped_puzzles,
    shipped_puzzles_dir,
)
from game.engine.rules import GameRules  # noqa: E402
from game.games import GAMES, GameDefinition, game, resolve  # noqa: E402

GRADE_NAMES = {1: "first steps", 2: "easy", 3: "tricky", 4: "hard", 5: "fiendish"}
"""The grades' names in the files' headers (the screens show stars)."""
PAIRS = (("casual", "casual"), ("casual", "skilled"), ("skilled", "skilled"), ("skilled", "expert"),
         ("expert", "expert"))  # fmt: skip
"""The levels that play each other: close in strength, so games stay close."""
GREEDY_SHARE = 4
"""Puzzles the greedy player fails, kept per puzzle it solves: a fifth of the collection at most is that easy."""


class Scout(Protocol):
    """What mining needs of one game: its games and a quick look for a forced win.

    A game with puzzles ships one as ``Scout(time_budget)`` in the ``scout`` module of its AI's package
    (``game/ai/<key>/scout.py``), found from the AI's path in the registry.
    """

    def play(self, level: LevelInfo, pair: tuple[str, str], rng: random.Random) -> Iterator[str]:
        """Plays one game from the level between the two levels, yielding the text of every position."""
        ...

    def sees_win(self, position: Any) -> bool:
        """Whether the game's search sees a forced win for the side to move within ``2 * MAX_MOVES`` plies."""
        ...

    def normalise(self, text: str) -> str:
        """A position's text as a puzzle starts it (Ataxx: the 100-move clock at zero)."""
        ...


def scout_module(definition: GameDefinition) -> str | None:
    """The module of the game's scout, beside its AI; ``None`` for a game without one (so without puzzles)."""
    if definition.ai is None:
        return None
    package = definition.ai.partition(":")[0].rpartition(".")[0]
    module = f"{package}.scout"
    return module if importlib.util.find_spec(module) is not None else None


def scout_games() -> list[str]:
    """The keys of the games that have a scout, in menu order."""
    return [definition.key for definition in GAMES if scout_module(definition) is not None]


def new_scout(key: str, time_budget: float) -> Scout:
    """The scout of the game ``key``, playing ``time_budget`` seconds a move."""
    module = scout_module(game(key))
    assert module is not None, f"{key} has no scout"
    scout: Scout = resolve(f"{module}:Scout")(time_budget)
    return scout


# -- mining --


@dataclasses.dataclass
class Figures:
    games: int = 0
    alike: int = 0
    positions: int = 0
    scouted: int = 0
    proved: int = 0
    several: int = 0
    greedy_skipped: int = 0
    slower: int = 0
    too_long: int = 0
    puzzles: int = 0


@dataclasses.dataclass
class Found:
    """A puzzle found, with what choosing the collection needs."""

    puzzle: Puzzle
    nodes: int
    """The positions its proof visits."""
    greedy: bool
    """Whether the greedy player solves it."""
    choices: int
    """The legal moves at the start."""


def greedy_order(rules: GameRules[Any, Any]) -> Callable[[Any, list[Any]], list[Any]] | None:
    """The moves of largest material gain first: the miner's guess at the winning ones (its proofs go faster)."""
    if not isinstance(rules, HasMaterialGain):
        return None
    gain = rules.material_gain
    return lambda position, moves: sorted(moves, key=lambda move: -gain(position, move))


def main_line(prover: Prover, position: Any, key: Any, plies: int, rules: GameRules[Any, Any]) -> list[str]:
    """The solution: ``key``, then the defender's most stubborn replies and the attacker's quickest wins."""
    seat = int(position.turn)
    line = [key]
    position.push(key)
    left = plies - 1
    while prover.end(position) is None:
        if int(position.turn) == seat:
            found = prover.attack(position, left)
            assert found is not None, "the winning line lost its way"
            move = found[0]
        else:
            move = prover.defence(position, seat, left)
        line.append(move)
        position.push(move)
        left -= 1
    for _ in line:
        position.pop()
    return [rules.move_text(move) for move in line]


def find_puzzle(
    rules: GameRules[Any, Any], scout: Scout, text: str, source: str, args: argparse.Namespace, figures: Figures,
    take_greedy: bool,
) -> Found | None:  # fmt: skip
    """The puzzle in the position ``text``, or ``None`` (see the module docstring).

    ``take_greedy``: whether a puzzle the greedy player solves is still wanted.
    """
    position = rules.new_position(text)
    prover = Prover(rules, node_limit=args.mine_nodes, order=greedy_order(rules))
    moves = list(position.legal_moves())
    if prover.end(position) is not None or len(moves) < 3:
        return None
    gains = [
        rules.material_gain(position, move) if isinstance(rules, HasMaterialGain) else 0 for move in moves
    ]
    if not take_greedy and len(set(gains)) <= 1:
        figures.alike += 1  # every move is a greedy one: whatever wins, the greedy player finds it
        return None
    figures.positions += 1
    if not scout.sees_win(position):
        return None
    figures.scouted += 1
    try:
        for count in range(1, MAX_MOVES + 1):
            winners = prover.winning_moves(position, 2 * count, enough=2)
            if len(winners) > 1:
                figures.several += 1
                return None
            if winners:
                break
        else:
            return None
        key = winners[0]
        greedy = key in greedy_moves(rules, position)
        if greedy and not take_greedy:
            figures.greedy_skipped += 1
            return None
        figures.proved += 1
        # Exact, one move further: a wrong move that wins later would be answered "not this one".
        if len(prover.winning_moves(position, 2 * count + 2, enough=2)) > 1:
            figures.slower += 1
            return None
        line = main_line(prover, position, key, 2 * count, rules)
    except ProofBudgetError:
        figures.too_long += 1
        return None
    puzzle = Puzzle(
        id=puzzle_id(rules.key, rules.position_text(position)),
        game=rules.key,
        position=rules.position_text(position),
        solution=tuple(line),
        moves=count,
        grade=1,
        tempting=0,
        seat=int(position.turn),
        source=source,
    )
    try:
        nodes = prove_puzzle(puzzle, rules, node_limit=args.proof_nodes)
        puzzle = grade_puzzle(puzzle, rules, node_limit=args.mine_nodes)
    except ProofBudgetError:
        figures.too_long += 1
        return None
    except PuzzleProofError as error:  # the miner's proof and the plain one disagree: a bug, said loudly
        print(f"  !! {error}", flush=True)
        return None
    return Found(puzzle, nodes, greedy, len(moves))


def collection(found: dict[str, Found]) -> list[Found]:
    """The puzzles kept: every one the greedy player fails, and at most a quarter as many that it solves.

    Among those it solves, the deepest and the most open (most moves to choose from) first.
    """
    hard = [entry for entry in found.values() if not entry.greedy]
    easy = sorted(
        (entry for entry in found.values() if entry.greedy),
        key=lambda entry: (-entry.puzzle.moves, -entry.choices, entry.puzzle.id),
    )
    return hard + easy[: len(hard) // GREEDY_SHARE]


def mine_games(
    args: argparse.Namespace, rules: GameRules[Any, Any], scout: Scout, levels: list[LevelInfo], rng: random.Random,
    figures: Figures, found: dict[str, Found], started: float,
) -> None:  # fmt: skip
    """Play the games and look at every position, adding the puzzles to ``found`` (see the module docstring)."""
    greedy_wanted = args.target // (GREEDY_SHARE + 1) if args.target else 1 << 30
    for index in range(args.games):
        level = levels[index % len(levels)]
        pair = PAIRS[rng.randrange(len(PAIRS))]
        if rng.random() < 0.5:
            pair = (pair[1], pair[0])
        texts = list(scout.play(level, pair, rng))
        figures.games += 1
        from_game = 0
        for ply, text in enumerate(texts, start=1):
            text = scout.normalise(text)
            ident = puzzle_id(rules.key, rules.position_text(rules.new_position(text)))
            if ident in found or from_game >= args.per_game:
                continue
            source = f"{pair[0]} against {pair[1]} on {level.name}, after {ply} plies"
            take_greedy = sum(1 for entry in found.values() if entry.greedy) < greedy_wanted
            result = find_puzzle(rules, scout, text, source, args, figures, take_greedy)
            if result is None:
                continue
            puzzle = result.puzzle
            found[puzzle.id] = result
            from_game += 1
            figures.puzzles += 1
            print(
                f"  puzzle {len(found)}: win in {puzzle.moves}, grade {puzzle.grade}, "
                f"{'solved' if result.greedy else 'missed'} by greedy, tempting "
                f"{puzzle.tempting}, proof {result.nodes} positions ({source})",
                flush=True,
            )
        elapsed = time.monotonic() - started
        kept = len(collection(found))
        print(
            f"game {index + 1}/{args.games}: {len(texts)} moves, {len(found)} puzzles found, {kept} kept, "
            f"{elapsed:.0f} s",
            flush=True,
        )
        if args.target and kept >= args.target:
            break


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def mine(args: argparse.Namespace) -> int:
    rules = game(args.game).load_rules()
    scout = new_scout(args.game, args.time)
    levels = [level for level in shipped_levels(rules) if isinstance(level, LevelInfo)]
    rng = random.Random(args.seed)
    figures = Figures()
    found: dict[str, Found] = {}
    started = time.monotonic()
    cpu = time.process_time()
    signal.signal(signal.SIGTERM, _interrupt)  # a run in the background is stopped with kill, not Ctrl+C
    try:
        mine_games(args, rules, scout, levels, rng, figures, found, started)
    except KeyboardInterrupt:  # Ctrl+C: the puzzles found so far are written all the same
        print("\ninterrupted: writing the puzzles found so far", flush=True)
    kept = collection(found)
    command = (
        f"python tools/mine_puzzles.py {rules.key} --games {args.games} --seed {args.seed} --time {args.time} "
        f"--target {args.target} --per-game {args.per_game}"
    )
    write(rules, [entry.puzzle for entry in kept], Path(args.out) if args.out else None, command)
    elapsed = time.monotonic() - started
    total_nodes = sum(entry.nodes for entry in kept)
    greedy = sum(1 for entry in kept if entry.greedy)
    print(f"\n{figures.games} games, {figures.alike} positions passed over (every move as greedy, once no more "
          f"puzzles the greedy player solves were wanted), {figures.positions} positions looked at, {figures.scouted} where the "
          f"search saw a win, {figures.several} with several winning moves, {figures.greedy_skipped} solved by "
          f"greedy and not wanted, {figures.proved} with one winning move, {figures.slower} where another "
          f"move wins one move later, {figures.too_long} too long to prove")  # fmt: skip
    print(
        f"{len(found)} puzzles found, {len(kept)} kept ({greedy} solved by greedy) in {elapsed:.0f} s "
        f"({time.process_time() - cpu:.0f} s of CPU); their proofs visit {total_nodes} positions in all"
    )
    by_grade = {grade: sum(1 for entry in kept if entry.puzzle.grade == grade) for grade in GRADE_NAMES}
    by_moves = {
        count: sum(1 for entry in kept if entry.puzzle.moves == count) for count in range(1, MAX_MOVES + 1)
    }
    print(f"by grade: {by_grade}; by moves: {by_moves}")
    return 0


def write(rules: GameRules[Any, Any], puzzles: list[Puzzle], out: Path | None, command: str) -> None:
    """The collection as one file per grade in ``out`` (the shipped folder by default), replacing what was there."""
    folder = out or shipped_puzzles_dir(rules.key)
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.toml"):
        old.unlink()
    ordered = sorted(puzzles, key=lambda p: (p.grade, p.moves, p.tempting, p.id))
    for grade, name in GRADE_NAMES.items():
        chosen = [puzzle for puzzle in ordered if puzzle.grade == grade]
        if not chosen:
            continue
        header = (
            f"{game(rules.key).name} puzzles, grade {grade} ({name}): {len(chosen)} puzzles.\n"
            f"Mined from the computer's own games by `{command}`; every one is proved:\n"
            "exactly one move wins by force within the moves said, and no other within one move more\n"
            "(tests/test_puzzle_proofs.py)."
        )
        path = folder / f"{grade}-{name.replace(' ', '-')}.toml"
        path.write_text(dump_puzzles(chosen, rules, header=header), encoding="utf-8")
        print(f"wrote {len(chosen)} puzzles to {path}")


def regrade(args: argparse.Namespace) -> int:
    """Grade a collection again (``grade_puzzle``) and write it back, each puzzle and the command that mined it kept."""
    rules = game(args.game).load_rules()
    folder = Path(args.out) if args.out else shipped_puzzles_dir(rules.key)
    puzzles, errors = shipped_puzzles(rules, folder)
    if errors or not puzzles:
        print("\n".join(str(error) for error in errors) or f"no puzzles in {folder}", file=sys.stderr)
        return 1
    commands = {
        found.group(1)
        for path in folder.glob("*.toml")
        for found in re.finditer(r"`(python tools/mine_puzzles\.py [^`]*)`", path.read_text(encoding="utf-8"))
    }
    if len(commands) != 1:
        print(f"{folder}: the files do not name the one command that mined them", file=sys.stderr)
        return 1
    graded = [dataclasses.replace(grade_puzzle(puzzle, rules), number=0) for puzzle in puzzles]
    write(rules, graded, folder, commands.pop())
    by_grade = {grade: sum(1 for puzzle in graded if puzzle.grade == grade) for grade in GRADE_NAMES}
    print(f"{len(graded)} puzzles graded again: {by_grade}")
    return 0


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=scout_games())
    parser.add_argument("--games", type=int, default=200, help="games the computer plays itself")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time", type=float, default=0.05, help="seconds a move in those games")
    parser.add_argument(
        "--target", type=int, default=0, help="stop once the collection has this many puzzles"
    )
    parser.add_argument("--per-game", type=int, default=2, help="puzzles taken from one game at most")
    parser.add_argument(
        "--mine-nodes", type=int, default=60_000, help="positions the miner's proofs may visit"
    )
    parser.add_argument(
        "--proof-nodes", type=int, default=10_000, help="positions the tests' proof may visit"
    )
    parser.add_argument("--out", help="the folder to write (levels/<game>/puzzles/ by default)")
    parser.add_argument(
        "--regrade",
        action="store_true",
        help="no mining: grade the collection in --out (or the shipped one) again",
    )
    return parser.parse_args(argv)


if __name__ == "__main__":
    arguments = parse_args()
    sys.exit(regrade(arguments) if arguments.regrade else mine(arguments))
