"""Games as PGN, for any game of the arcade: what the game saves, and what other software writes.

A game is written in the shape of chess PGN: tag pairs, then one line of move
text. The seven standard tags come first, the players' names in the tags the
game's rules name (``rules.pgn_name_tags``: Ataxx uses ``Black`` for seat 0,
the ``x`` player who moves first, and ``White`` for seat 1, as python-ataxx and
libataxx do). A game that did not start from the standard position has the
game's position tag (``rules.pgn_position_tag``: ``FEN`` for Ataxx) and
``SetUp "1"``. Moves (and chance outcomes, for games with dice) are written in
the game's own notation, ``str(move)``, and read back with ``rules.parse_move``.
``Redo`` holds the moves taken back, next to replay first, so a loaded game keeps
its undo/redo history. Other tags pass through untouched (``game.engine.saves``
adds its own).

The reader accepts what other programs write: comments in braces or after a
semicolon, variations in parentheses (skipped), move numbers, annotation
glyphs (``!``, ``?``, ``$1``), any tag order and case, moves in capitals. Every
move is checked against the rules; a bad file raises ``PgnError`` saying where
and why. Only the first game of a file is read.

PGN ends every game's move text with its result (``*`` while it goes on), and
every writer does (python-ataxx's too): a game without one was cut short, a
file truncated between two moves or inside the last one. It is read as far as
it goes, and ``PgnGame.cut_short`` says so; the caller tells the player.

>>> from game.games import game
>>> rules = game("ataxx").load_rules()
>>> read = parse_pgn('[Event "x"]\\n\\n1. b6 {good} f6! 2. F2 (2. a2) *', rules)
>>> [str(move) for move in read.moves], read.comments
(['b6', 'f6', 'f2'], ['good'])
>>> print(write_pgn(read, rules, date=datetime.date(2026, 11, 22)), end="")
[Event "x"]
[Site "?"]
[Date "2026.11.22"]
[Round "-"]
[Black "?"]
[White "?"]
[Result "*"]
<BLANKLINE>
1. b6 f6 2. f2 *
>>> read_game_tag('[Event "x"]\\n[game "ataxx"]\\n\\n1. b6 *')
'ataxx'
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Sequence
from typing import Any

from game.engine.core import CHANCE
from game.engine.rules import GameRules, HasOlderRecords
from game.filedata import is_ascii_digits

__all__ = [
    "MAX_PGN_BYTES",
    "SEVEN_TAGS",
    "PgnError",
    "PgnGame",
    "parse_pgn",
    "read_game_tag",
    "read_tag",
    "write_pgn",
]

MAX_PGN_BYTES = 1024 * 1024
"""Longer texts are refused unread: the longest game of any of the arcade's rules takes about 120 KB (a
Lionheart battle of level 2's fullest armies, every turn as long as it can be: 17,968 entries)."""

SEVEN_TAGS = ("Event", "Site", "Date", "Round", "Black", "White", "Result")
_TAG_LINE = re.compile(r'^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")
_TOKEN = re.compile(r"\{[^}]*\}?|;[^\n]*|\(|\)|\$[0-9]+|[^\s(){};]+")
_MOVE_NUMBER = re.compile(r"^[0-9]+\.+$")
_NUMBERED_MOVE = re.compile(r"^([0-9]+\.+)(.+)$")
_RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
_OWN_TAGS = ("SetUp", "Redo", "Result")
"""Tags ``write_pgn`` derives itself (with the position tag); values given for them are ignored."""


class PgnError(ValueError):
    """PGN text that is not a readable game of the rules given; the message says where and why."""


@dataclasses.dataclass
class PgnGame:
    """A game read from or written to PGN.

    ``start`` is the text of the start position (``""`` stands for the game's
    standard start when writing; ``parse_pgn`` always fills it in). ``moves``
    and ``redo`` hold the game's move objects (and chance outcomes): the moves
    played, oldest first, and the moves taken back, next to replay first.
    """

    tags: dict[str, str] = dataclasses.field(default_factory=dict)
    start: str = ""
    moves: list[Any] = dataclasses.field(default_factory=list)
    redo: list[Any] = dataclasses.field(default_factory=list)
    comments: list[str] = dataclasses.field(default_factory=list)
    cut_short: bool = False
    """The move text ends without its result: the file was cut short. ``moves`` are those read (a last
    move cut in two left out), and the ``Redo`` line, which came after the end that is lost, is dropped."""

    def position(self, rules: GameRules[Any, Any]) -> Any:
        """A position of ``rules`` with the start position and every move pushed (the game's ``ValueError`` if one is illegal)."""
        position = rules.new_position(self.start or None)
        for move in self.moves:
            position.push(move)
        return position

    def tag(self, name: str, default: str = "") -> str:
        """The value of tag ``name`` (case-insensitive), or ``default``."""
        lowered = name.lower()
        for key, value in self.tags.items():
            if key.lower() == lowered:
                return value
        return default


def _tag_value_text(value: str) -> str:
    r"""``value`` as PGN writes it between the quotes: ``"`` and ``\`` escaped, line breaks and other control
    characters as spaces (a tag is one line). Never shortened: a redo line or a position is whole or the
    game is lost. (python-ataxx, which splits tag lines on spaces, still reads the tags it knows.)

    >>> print(_tag_value_text('Zoë  "the bold" [x] \\o/'))
    Zoë  \"the bold\" [x] \\o/
    """
    value = "".join(character if character.isprintable() else " " for character in value)
    return value.replace("\\", "\\\\").replace('"', '\\"')


_NOT_IN_A_TOKEN = re.compile(r'[\s(){};"\[\]]')


def _token(rules: GameRules[Any, Any], entry: Any) -> str:
    """The text of a move or chance outcome, checked to be one token a reader gives back whole."""
    text = rules.move_text(entry)
    if not text or _NOT_IN_A_TOKEN.search(text) or text in _RESULTS:
        # A game's notation is wrong (PGN would read parentheses as a variation): never write it.
        raise ValueError(f"{rules.key}: {text!r} is not one token of move text")
    return text


def _same_start(rules: GameRules[Any, Any], start: str) -> bool:
    standard = rules.position_text(rules.new_position(rules.start_text))
    return not start or rules.position_text(rules.new_position(start)) == standard


def write_pgn(
    game: PgnGame,
    rules: GameRules[Any, Any],
    *,
    date: datetime.date | None = None,
    annotations: Sequence[str] = (),
    preface: str = "",
) -> str:
    """The PGN text of ``game`` (see the module docstring), one line of move text.

    ``annotations[i]``, when given and not empty, is written after the ``i``-th
    move (NAGs, a ``{comment}``, a ``(variation)``: PGN text, made by the
    caller), and ``preface`` (a ``{comment}``) before the first move; a seat's
    move after an annotation gets its number again (``12...``), as PGN asks.

    The ``Result`` tag is derived from the final position (``rules.outcome``
    with the default options); while it goes on, a valid ``Result`` given in
    ``game.tags`` is kept (e.g. a match rule such as Ataxx's early finish ended
    it), else ``*``. The position tag and ``SetUp`` are written only when the
    start differs from the standard one, ``Redo`` only when there is a redo
    line. Tags with names PGN cannot hold are dropped. ``date`` defaults to today.
    The moves must be legal from the start (the game's ``ValueError`` otherwise).
    """
    position = rules.new_position(game.start or None)
    start_text = rules.position_text(position)
    # Full moves counted from seat 0, as chess PGN does; positions that keep a
    # full-move number (Ataxx's FEN) start from theirs.
    fullmove = int(getattr(position, "fullmove_number", 1) or 1)
    words: list[str] = [preface] if preface else []
    previous_seat: int | None = None
    annotated = False
    for index, move in enumerate(game.moves):
        seat = position.turn
        if seat != CHANCE:
            if seat == 0 and previous_seat != 0:
                if previous_seat is not None:
                    fullmove += 1
                words.append(f"{fullmove}.")
            elif index == 0 or annotated:
                words.append(f"{fullmove}...")
            previous_seat = seat
        position.push(move)
        words.append(_token(rules, move))
        note = annotations[index] if index < len(annotations) else ""
        annotated = bool(note)
        if note:
            words.append(note)
    outcome = rules.outcome(position, {})
    result = outcome.result() if outcome is not None else "*"
    given = game.tag("Result")
    if result == "*" and given in _RESULTS:
        result = given
    tags: dict[str, str] = {
        "Event": "Attax Arcade game",
        "Site": "?",
        "Date": (date or datetime.date.today()).strftime("%Y.%m.%d"),
        "Round": "-",
    }
    for name_tag in rules.pgn_name_tags:
        tags[name_tag] = "?"
    derived = {name.lower() for name in (*_OWN_TAGS, rules.pgn_position_tag)}
    for key, value in game.tags.items():
        if _TAG_NAME.fullmatch(key) and key.lower() not in derived:
            tags[key] = value
    tags["Result"] = result
    if not _same_start(rules, start_text):
        tags[rules.pgn_position_tag] = start_text
        tags["SetUp"] = "1"
    if game.redo:
        tags["Redo"] = " ".join(_token(rules, move) for move in game.redo)
    lines = [f'[{key} "{_tag_value_text(value)}"]' for key, value in tags.items()]
    lines.append("")
    words.append(result)
    # One line of move text: python-ataxx's reader restarts at the first move on every line.
    lines.append(" ".join(words))
    return "\n".join(lines) + "\n"


def read_tag(text: str, name: str) -> str | None:
    """The value of tag ``name`` (case-insensitive) in the first game of ``text``, or ``None``.

    Reads only the tag section, without checking the moves: for choosing the
    rules (or refusing a newer file) before ``parse_pgn``. ``text`` should be
    capped in size by the caller (``MAX_PGN_BYTES``).
    """
    lowered = name.lower()
    for raw_line in text.splitlines():
        line = raw_line.strip()
        if not line or line.startswith("%"):
            continue
        if not line.startswith("["):
            return None  # the move text: the tag section is over
        match = _TAG_LINE.match(line)
        if match and match.group(1).lower() == lowered:
            return re.sub(r"\\(.)", r"\1", match.group(2))
    return None


def read_game_tag(text: str) -> str | None:
    """The value of the ``Game`` tag (which game's rules read the moves), or ``None`` (see ``read_tag``)."""
    return read_tag(text, "Game")


def _parse_token(rules: GameRules[Any, Any], position: Any, token: str) -> list[Any]:
    """The move ``token`` names, pushed on ``position`` after any entry an older record of the game left out
    there (``HasOlderRecords``: pushed first, and listed first); the last attempt's ``ValueError`` if none fits.

    Tries the token as written, then without annotation marks (``!?+#``), then
    in lower case (other programs write ``B6``).
    """
    stripped = token.rstrip("!?+#") or token
    error: ValueError | None = None
    for candidate in dict.fromkeys((token, stripped, stripped.lower())):
        implied = None
        pushed = False
        try:
            move = rules.parse_move(candidate)
            if isinstance(rules, HasOlderRecords):
                implied = rules.implied_entry(position, move)
            if implied is not None:
                position.push(implied)
                pushed = True
            position.push(move)
        except ValueError as failure:
            if pushed:
                position.pop()
            error = failure
            continue
        return [move] if implied is None else [implied, move]
    assert error is not None
    raise error


def _cut_in_two(rules: GameRules[Any, Any], position: Any, token: str) -> bool:
    """Whether ``token``, a file's last word, is the beginning and not the whole of what may come next: a move
    (or chance outcome) possible in ``position``, a move number (before its dot) or a result."""
    if is_ascii_digits(token) or any(
        len(result) > len(token) and result.startswith(token) for result in _RESULTS
    ):
        return True
    if position.turn == CHANCE:
        entries = [outcome for outcome, _ in position.chance_outcomes()]
    else:
        entries = list(position.legal_moves())
    start = token.lower()
    return any(
        len(text) > len(start) and text.lower().startswith(start)
        for text in (rules.move_text(entry) for entry in entries)
    )


def _too_long(rules: GameRules[Any, Any], longest: int) -> str:
    return f"more than {longest} moves, longer than any game of {rules.key} from its start position"


def parse_pgn(text: str, rules: GameRules[Any, Any]) -> PgnGame:
    """Read the first game in ``text`` with ``rules``; raises ``PgnError`` with the reason.

    The start is the position tag (``rules.pgn_position_tag``, any case) when
    present, else the standard start, and ``start`` holds its text as
    ``rules.position_text`` writes it. The moves and the ``Redo`` line are
    replayed on ``rules.new_position``, so a returned game is always legal.
    A move text without its result is read as far as it goes (``cut_short``).
    """
    tags, movetext = _first_game(text)
    game = PgnGame(tags=tags)
    start = game.tag(rules.pgn_position_tag) or None
    try:
        position = rules.new_position(start)
    except ValueError as error:
        raise PgnError(f"bad {rules.pgn_position_tag} tag: {error}") from None
    game.start = rules.position_text(position)
    longest = rules.longest_game(position)
    _read_moves(game, rules, position, movetext, longest)
    redo_text = "" if game.cut_short else game.tag("Redo")
    if redo_text:
        if longest is not None and len(game.moves) + len(redo_text.split()) > longest:
            raise PgnError(f"bad Redo tag: {_too_long(rules, longest)}")
        try:
            # The redo line must be playable after the moves.
            game.redo = [entry for word in redo_text.split() for entry in _parse_token(rules, position, word)]
        except ValueError as error:
            raise PgnError(f"bad Redo tag: {error}") from None
    return game


def _first_game(text: str) -> tuple[dict[str, str], str]:
    """The tags and the move text of the first game in ``text``; ``PgnError`` for no game or no text."""
    if len(text) > MAX_PGN_BYTES:
        raise PgnError(f"the file is larger than {MAX_PGN_BYTES // 1024} KB")
    if "\x00" in text:
        raise PgnError("binary data, not a PGN game")
    tags: dict[str, str] = {}
    movetext_lines: list[str] = []
    seen_moves = False
    for number, raw_line in enumerate(text.splitlines(), start=1):
        line = raw_line.strip()
        if line.startswith("%"):  # PGN escape line
            continue
        if line.startswith("["):
            if seen_moves:
                break  # the next game starts
            tag_line = _TAG_LINE.match(line)
            if not tag_line:
                raise PgnError(f"line {number}: malformed tag {line[:60]!r}")
            tags[tag_line.group(1)] = re.sub(r"\\(.)", r"\1", tag_line.group(2))
            continue
        if line:
            seen_moves = True
            movetext_lines.append(line)
    if not tags and not movetext_lines:
        raise PgnError("no game found: the file is empty")
    return tags, "\n".join(movetext_lines)


def _read_moves(
    game: PgnGame, rules: GameRules[Any, Any], position: Any, movetext: str, longest: int | None
) -> None:
    """Play ``movetext``'s main line on ``position`` into ``game`` (its moves, its comments, whether it is
    cut short), variations and annotations skipped; ``PgnError`` for a bad move or an unbalanced text."""
    depth = 0
    tokens = _TOKEN.findall(movetext)
    game.cut_short = True
    for index, token in enumerate(tokens):
        if token == "(":
            depth += 1
            continue
        if token == ")":
            if depth == 0:
                raise PgnError("')' closes a variation that was never opened")
            depth -= 1
            continue
        if token.startswith("{"):
            if not token.endswith("}"):
                raise PgnError("a comment '{' is never closed")
            if depth == 0:
                game.comments.append(token[1:-1].strip())
            continue
        if depth or token.startswith((";", "$")) or _MOVE_NUMBER.match(token):
            continue
        if token in _RESULTS:
            game.cut_short = False
            break
        numbered = _NUMBERED_MOVE.match(token)
        if numbered:
            token = numbered.group(2)
        try:
            entries = _parse_token(rules, position, token)
        except ValueError as error:
            if index == len(tokens) - 1 and _cut_in_two(rules, position, token):
                break  # the file ends inside its last word: cut short
            raise PgnError(f"move {len(game.moves) + 1} ({token!r}): {error}") from None
        game.moves.extend(entries)
        if longest is not None and len(game.moves) > longest:
            raise PgnError(_too_long(rules, longest))
    if depth:
        raise PgnError("a variation '(' is never closed")
