"""Ataxx games as PGN: what the game saves, and what other Ataxx software writes.

A saved game is PGN with the usual seven tags, a ``FEN`` tag (and ``SetUp``)
when the game did not start from the standard position, and the moves in UAI
notation. ``Black`` names the player of ``x`` (Red, who moves first) and
``White`` the player of ``o`` (Blue), as python-ataxx and libataxx do. Attax
Arcade adds tags of its own that other readers ignore: who played each side
(``RedPlayer``/``BluePlayer``: ``human`` or ``computer:LEVEL``), the level name,
the match rules, the time spent, and the moves taken back (``Redo``), so a
loaded game keeps its undo/redo history.

The reader accepts what other programs write: comments in braces or after a
semicolon, variations in parentheses (skipped), move numbers, annotation
glyphs (``!``, ``?``, ``$1``), any tag order and case. Every move is checked
against the rules; a bad file raises ``PgnError`` saying where and why.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import re

from game.engine.ataxx import STARTPOS, AtaxxError, Board, Move

__all__ = [
    "MAX_PGN_BYTES",
    "PgnError",
    "PgnGame",
    "parse_pgn",
    "write_pgn",
]

MAX_PGN_BYTES = 1024 * 1024
MAX_MOVES = 5000

SEVEN_TAGS = ("Event", "Site", "Date", "Round", "Black", "White", "Result")
_TAG_LINE = re.compile(r'^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
_TOKEN = re.compile(r"\{[^}]*\}?|;[^\n]*|\(|\)|\$\d+|[^\s(){};]+")
_MOVE_NUMBER = re.compile(r"^\d+\.+$")
_NUMBERED_MOVE = re.compile(r"^(\d+\.+)(.+)$")
_RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


class PgnError(ValueError):
    """PGN text that is not a readable Ataxx game."""


@dataclasses.dataclass
class PgnGame:
    """A game read from or written to PGN."""

    tags: dict[str, str] = dataclasses.field(default_factory=dict)
    start_fen: str = STARTPOS
    moves: list[Move] = dataclasses.field(default_factory=list)
    redo: list[Move] = dataclasses.field(default_factory=list)
    """Moves taken back, next to replay first (Attax Arcade's ``Redo`` tag)."""
    comments: list[str] = dataclasses.field(default_factory=list)

    def board(self) -> Board:
        """A board with the start position and every move pushed."""
        board = Board(self.start_fen)
        for move in self.moves:
            board.push(move)
        return board

    def tag(self, name: str, default: str = "") -> str:
        """The value of tag ``name`` (case-insensitive), or ``default``."""
        lowered = name.lower()
        for key, value in self.tags.items():
            if key.lower() == lowered:
                return value
        return default


def _clean_tag_value(value: str) -> str:
    # Quotes, backslashes and brackets would confuse simple readers (python-ataxx
    # splits tag lines on spaces and strips the outer quotes): keep values plain.
    value = re.sub(r'["\\\[\]]', "'", value)
    return " ".join(value.split())[:200]


def write_pgn(game: PgnGame, *, date: _dt.date | None = None) -> str:
    """The PGN text of ``game``; the ``Result`` tag is derived from the final position.

    Moves must be legal from the start position (raises ``IllegalMoveError``).
    """
    board = game.board()
    result = board.result()
    if result == "*" and "Result" in game.tags and game.tags["Result"] in _RESULTS:
        result = game.tags["Result"]  # e.g. an early finish the board alone cannot see
    tags: dict[str, str] = {
        "Event": "Attax Arcade game",
        "Site": "?",
        "Date": (date or _dt.date.today()).strftime("%Y.%m.%d"),
        "Round": "-",
        "Black": "?",
        "White": "?",
    }
    for key, value in game.tags.items():
        if re.fullmatch(r"[A-Za-z0-9_]+", key) and key not in ("FEN", "SetUp", "Redo", "Result"):
            tags[key] = value
    tags["Result"] = result
    if board.root_fen() != STARTPOS:
        tags["FEN"] = board.root_fen()
        tags["SetUp"] = "1"
    if game.redo:
        tags["Redo"] = " ".join(str(move) for move in game.redo)
    lines = [f'[{key} "{_clean_tag_value(value)}"]' for key, value in tags.items()]
    lines.append("")
    words: list[str] = []
    fullmove = Board(game.start_fen).fullmove_number
    first_blue = Board(game.start_fen).turn.symbol == "o"
    for index, move in enumerate(game.moves):
        red_to_move = (index % 2 == 0) != first_blue
        if red_to_move:
            words.append(f"{fullmove}.")
        elif index == 0:
            words.append(f"{fullmove}...")
        words.append(str(move))
        if not red_to_move:
            fullmove += 1
    words.append(result)
    # One line of move text: python-ataxx's reader restarts at the first move on every line.
    lines.append(" ".join(words))
    return "\n".join(lines) + "\n"


def parse_pgn(text: str) -> PgnGame:
    """Read the first game in ``text``; raises ``PgnError`` with the reason.

    The moves are replayed from the ``FEN`` tag (or the standard start), so a
    returned game is always legal.
    """
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
            match = _TAG_LINE.match(line)
            if not match:
                raise PgnError(f"line {number}: malformed tag {line[:60]!r}")
            tags[match.group(1)] = re.sub(r"\\(.)", r"\1", match.group(2))
            continue
        if line:
            seen_moves = True
            movetext_lines.append(line)
    if not tags and not movetext_lines:
        raise PgnError("no game found: the file is empty")
    game = PgnGame(tags=tags)
    fen = next((value for key, value in tags.items() if key.lower() == "fen"), None)
    if fen is not None:
        try:
            game.start_fen = Board(fen).fen()
        except AtaxxError as error:
            raise PgnError(f"bad FEN tag: {error}") from None
    board = Board(game.start_fen)
    depth = 0
    for token in _TOKEN.findall("\n".join(movetext_lines)):
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
            break
        numbered = _NUMBERED_MOVE.match(token)
        if numbered:
            token = numbered.group(2)
        move_text = token.rstrip("!?+#").lower()
        try:
            move = Move.from_uai(move_text)
            board.push(move)
        except AtaxxError as error:
            raise PgnError(f"move {len(game.moves) + 1} ({token!r}): {error}") from None
        game.moves.append(move)
        if len(game.moves) > MAX_MOVES:
            raise PgnError(f"more than {MAX_MOVES} moves")
    if depth:
        raise PgnError("a variation '(' is never closed")
    redo_text = game.tag("Redo")
    if redo_text:
        try:
            game.redo = [Move.from_uai(word) for word in redo_text.split()]
            for move in game.redo:
                board.push(move)  # the redo line must be playable too
        except AtaxxError as error:
            raise PgnError(f"bad Redo tag: {error}") from None
    return game
