"""A game of Ataxx at a terminal, as seed 002 plays it: a cell typed as ``ij``, then a keypad move code.

``TextGame`` drives a ``Match`` (the windowed game's generic match: undo,
repetition, the result) with lines read from the player. Each turn the board
is drawn; the player types a cell (row then column, ``11`` the top left),
the board shows the chosen piece yellow, its clone targets green and its jump
targets magenta, and the player types a move code (``1``-``9`` around 5, ``5x``
and ``5xy`` for jumps: ``game.engine.ataxx.keypad``). A code that cannot be
played gives the move up, and the player chooses a cell again. A player who
cannot move passes by themselves; the computer's moves come from the AI worker.

Every line the game says to a player starts with the player's tag, as the seed
writes them: ``[red] - Enter a position to play:``. At any prompt, ``save
NAME`` and ``load NAME`` use the windowed game's saves, ``undo`` and ``redo``
step through the game, ``codes`` shows the move codes, ``?`` the help, and
``quit`` (or the end of the input) leaves.

In a terminal each board is drawn at the top of a cleared screen, with what
happened in the last two moves under it; piped, boards and lines follow one
another, once each, with no colours and no clearing, so a game can be
scripted.
"""

from __future__ import annotations

import collections
import dataclasses
import textwrap
import unicodedata
from collections.abc import Callable
from typing import TextIO

from game import games
from game.engine import saves
from game.engine.ataxx import Board, Cell, InvalidMoveError, Move, Side, bits, neighbours
from game.engine.ataxx.keypad import CODE_GRID, cell_code, code_for_offset, move_for_code, parse_cell
from game.engine.ataxx.rules import RULES
from game.engine.match import Match, Player
from game.filedata import ascii_int
from game.i18n import current_language, load_catalog, ntr, tr
from game.paths import display_name, set_aside
from game.text.computer import Computer
from game.text.screen import CLEAR, Mark, Picture, Style, board_lines, code_grid_lines, piece_letter

__all__ = ["COMMANDS", "Leave", "TextGame"]

MOVE_CODES: frozenset[str] = frozenset(code for codes in CODE_GRID for code in codes if code)

COMMANDS: dict[str, frozenset[str]] = {
    "help": frozenset({"?", "help", "aide"}),
    "codes": frozenset({"codes"}),
    "save": frozenset({"save", "sauver", "enregistrer"}),
    "load": frozenset({"load", "charger"}),
    "undo": frozenset({"undo", "annuler"}),
    "redo": frozenset({"redo", "refaire"}),
    "quit": frozenset({"quit", "exit", "quitter"}),
}
"""The words of each command, in English and in French (both are always understood)."""

YES: frozenset[str] = frozenset({"y", "yes", "o", "oui"})
"""The answers that say yes (in English and in French) to "Replace?"."""

NEWS_PLIES = 2
"""How many moves' news a terminal shows under the board (the player's last move and the reply)."""


class Leave(Exception):  # not an error: the player chose to go
    """The player left (``quit`` or the end of the input); ``code`` is the exit code."""

    def __init__(self, code: int = 0) -> None:
        super().__init__(code)
        self.code = code


class _Redraw(Exception):  # control flow, never seen outside this module
    """The match changed under the prompt (load, undo, redo): start the turn again."""


@dataclasses.dataclass
class Seat:
    """How a seat is named on screen: its colour's name and its tag (``[red]``)."""

    side: Side
    name: str
    """The colour's name, capitalised and translated ("Red", "Rouge")."""
    tag: str
    """``[red]``: the seed's prefix, in lower case and the seat's colour."""


def _level_title(name: str) -> str:
    """A level's name in the player's language (a shipped level has a translation; the player's own do not)."""
    if not name:
        return tr("Loaded game")
    return load_catalog(current_language()).get(name, name)


class TextGame:
    """One game at a terminal (see the module docstring).

    ``read_line(prompt)`` shows the prompt and returns the line typed without
    its newline, or ``None`` at the end of the input. ``clear`` draws each
    board on a cleared screen (a terminal); ``delay`` is the pause, in seconds,
    between the steps of an infection, spent by ``sleep``.
    """

    def __init__(
        self,
        match: Match,
        level_name: str,
        *,
        output: TextIO,
        read_line: Callable[[str], str | None],
        style: Style,
        clear: bool = False,
        delay: float = 0.0,
        sleep: Callable[[float], None] = lambda seconds: None,
        computer: Computer | None = None,
        show_codes: bool = False,
        replace: bool = False,
        width: int | None = None,
        discard_typed: Callable[[], None] = lambda: None,
    ) -> None:
        self.match = match
        self.level_name = level_name
        self.output = output
        self.read_line = read_line
        self.style = style
        self.clear = clear
        self.delay = delay
        self.sleep = sleep
        self.computer = computer or Computer()
        self.show_codes = show_codes
        self.replace = replace
        """``save NAME`` replaces a save of that name without asking (``--yes``)."""
        self.width = width
        self.discard_typed = discard_typed
        """Drops what was typed ahead at the terminal (keys pressed during a pause are not sent on)."""
        self.paused = False
        """Whether an infection pause was spent since the last prompt."""
        """The terminal's width: messages are wrapped between words to fit it (``None``: not wrapped)."""
        self.pending: list[str] = []
        """Lines to write after the next board, or before the next prompt, whichever comes first."""
        self.news: collections.deque[list[str]] = collections.deque(maxlen=NEWS_PLIES)
        """What the last moves did, one list per move: under every board in a terminal."""
        looks = games.game(RULES.key).seat_looks("classic")
        self.seats = {
            side: Seat(side, tr(looks[side].name), style.seat(f"[{tr(looks[side].name).lower()}]", side))
            for side in Side
        }

    # -- the game --

    def run(self) -> int:
        """Play until the end of the game or until the player leaves; returns the exit code."""
        self._introduce()
        try:
            while not self.match.is_over:
                try:
                    self._turn()
                except _Redraw:
                    continue
            self._finish()
            return 0
        except Leave as leave:
            self.say(tr("Game left."))
            self._flush()
            return leave.code

    def _introduce(self) -> None:
        """Who plays what, once at the start (a terminal shows it in every header)."""
        if not _encodes(self.output, "·…"):
            self.say(tr("This terminal cannot show every letter: some are written plainly."))
        if not self.clear:
            self.say(self._players_line())

    def _turn(self) -> None:
        match = self.match
        forced = match.forced_move()
        if forced is not None:
            self.play(forced)
            return
        if match.computer_to_move:
            self.draw()
            self._write(self.line(match.turn, tr("is thinking…")) + "\n")
            self.play(self.computer.choose(match))
            return
        self._human_turn()

    def _human_turn(self) -> None:
        side = self.match.turn
        self.draw()
        while True:
            text = self.ask(side, tr("Enter a position to play:"))
            if not text or self._command(text, None):
                continue
            square = self._cell(text)
            if square is not None and self._choose_move(square):
                return

    def _choose_move(self, source: int) -> bool:
        """The move of the piece on ``source``: True once played, False when given up (choose a cell again)."""
        side = self.match.turn
        self.draw(Picture.selection(self.match.position, source))
        if self.show_codes:
            self.pending += self._codes(source)
        while True:
            text = self.ask(side, tr("Enter a move:"))
            if text and self._command(text, source):
                continue
            if not text:  # Enter alone: another piece
                self.draw()
                return False
            move, why = self._move_for(source, text)
            if move is None:
                # The seed: an impossible move gives this one up; the player chooses a cell again.
                self.say(self.line(side, tr("This move is invalid.") + " " + why))
                self.draw()
                return False
            self.play(move, source)
            return True

    def _cell(self, text: str) -> int | None:
        """The square of one of the player's movable pieces typed as ``ij``, or ``None`` after saying what is wrong."""
        board: Board = self.match.position
        typed = "".join(text.split())
        problem = ""
        square = -1
        if len(typed) != 2 or ascii_int(typed) is None:
            problem = tr("Type the row then the column: two digits from 1 to 7, like 11 or 74 (? for help).")
        elif not ("1" <= typed[0] <= "7" and "1" <= typed[1] <= "7"):
            problem = tr("{cell} is off the board: rows and columns go from 1 to 7.", cell=typed)
        else:
            square = parse_cell(typed)
            cell = board.cell(square)
            if cell is Cell.BLOCK:
                problem = tr("{cell} is a destroyed square.", cell=typed)
            elif cell is Cell.EMPTY:
                problem = tr("{cell} is empty.", cell=typed)
            elif board.side_at(square) is not board.turn:
                problem = tr("The piece on {cell} is not yours.", cell=typed)
            elif not board.clone_targets(square) | board.jump_targets(square):
                problem = tr(
                    "The piece on {cell} cannot move: every square it could reach is taken.", cell=typed
                )
        if problem:
            self.say(self.line(board.turn, tr("Incorrect position.") + " " + problem))
            return None
        return square

    def _move_for(self, source: int, text: str) -> tuple[Move | None, str]:
        """The move that code ``text`` names from ``source``, or ``None`` and why it cannot be played."""
        board: Board = self.match.position
        code = "".join(text.split())
        cell = cell_code(source)
        if code not in MOVE_CODES:
            return None, tr(
                "{code} is not a move code: 1-9 around 5 clone, 5 then a direction jumps.", code=code
            )
        try:
            move = move_for_code(source, code)
        except InvalidMoveError:
            return None, tr("{code} from {cell} leaves the board.", code=code, cell=cell)
        if not board.is_legal(move):
            target = cell_code(move.to_square)
            if board.cell(move.to_square) is Cell.BLOCK:
                return None, tr(
                    "{code} from {cell} lands on {target}, a destroyed square.",
                    code=code,
                    cell=cell,
                    target=target,
                )
            return None, tr(
                "{code} from {cell} lands on {target}, which is not empty.",
                code=code,
                cell=cell,
                target=target,
            )
        return move, ""

    def play(self, move: Move, source: int | None = None) -> None:
        """Play ``move`` and tell it; an infection is shown in steps: the move, the infected pieces, then flipped.

        ``source`` is the piece that moved (a clone's source is not in the
        move); the computer's clones name one of its pieces next to the target.
        """
        board: Board = self.match.position
        mover = board.turn
        self.news.append([])
        if move.is_pass:
            self.match.play(move)
            self.note(self.line(mover, tr("passes.")))
            return
        target = move.to_square
        if source is None:
            source = move.from_square if move.is_jump else bits(neighbours(target) & board.pieces[mover])[0]
        infected = board.captures(move)
        before = Picture.of(board)
        number = self.match.move_number
        self.match.play(move)
        code = code_for_offset(source // 7 - target // 7, target % 7 - source % 7)
        self.note(
            self.line(
                mover,
                tr(
                    "plays {source} -> {target} (code {code}).",
                    source=cell_code(source),
                    target=cell_code(target),
                    code=code,
                ),
            )
        )
        if not infected:
            return
        landed = {target: Cell.RED if mover is Side.RED else Cell.BLUE}
        if move.is_jump:
            landed[source] = Cell.EMPTY
        self.draw(before.with_cells(landed, {target: Mark.MOVED}, mover), number)
        self._pause()
        self.note(self.line(mover, tr("infects the opponent!")))
        marks = {square: Mark.INFECTED for square in bits(infected)}
        self.draw(before.with_cells(landed, {target: Mark.MOVED, **marks}, mover), number)
        self._pause()

    def _pause(self) -> None:
        if self.delay > 0:
            self.sleep(self.delay)
            self.paused = True

    def _finish(self) -> None:
        """The final board, why the game ended, both counts and the winner."""
        result = self.match.result
        assert result is not None
        board: Board = self.match.position
        picture = Picture.of(board)
        if result.detail:  # the early finish: the squares filled for the side that could fill them
            filler = board.turn.opponent
            filled = dict.fromkeys(bits(result.detail), Cell.RED if filler is Side.RED else Cell.BLUE)
            picture = picture.with_cells(filled, dict.fromkeys(bits(result.detail), Mark.MOVED), filler)
        self.draw(picture)
        outcome = result.outcome
        reason = tr(RULES.termination_text(outcome.termination))
        scores = [result.score(side) for side in Side]
        winner = (
            tr("Draw!")
            if outcome.winner is None
            else tr("{side} wins!", side=self.seats[Side(outcome.winner)].name)
        )
        moves = ntr("{count} move", "{count} moves", result.moves)
        self._write(f"{tr('The game is over.')} {reason}.\n{self._counts(scores)}\n{winner} ({moves})\n")

    # -- what the player types besides cells and codes --

    def _command(self, text: str, source: int | None) -> bool:
        """Run ``text`` if it is a command (True); ``source`` is the piece chosen, if any."""
        word, _, rest = text.strip().partition(" ")
        word = word.lower()
        name = next((key for key, words in COMMANDS.items() if word in words), None)
        if name is None:
            return False
        rest = rest.strip()
        if name == "help":
            self.pending += self._codes(source) if source is not None else self._help()
        elif name == "codes":
            if source is not None:
                self.pending += self._codes(source)
            else:
                self.show_codes = not self.show_codes
                self.say(
                    tr("The move codes will be shown with each piece chosen.")
                    if self.show_codes
                    else tr("The move codes will no longer be shown.")
                )
        elif name == "save":
            self._save(rest)
        elif name == "load":
            self._load(rest)
        elif name == "undo":
            self._undo()
        elif name == "redo":
            self._redo()
        else:
            raise Leave(0)
        return True

    def _help(self) -> list[str]:
        return [
            tr(
                "Type a cell as its row then its column (11 is the top left, 77 the bottom right), then a move code:"
            ),
            *code_grid_lines(self.style),
            tr("1-9 clone · 5 then a direction jumps"),
            tr("A code that cannot be played gives the move up: choose a cell again."),
            tr("At any prompt: save NAME, load NAME, undo, redo, codes, quit, and ? for this help."),
            tr("Saves are shared with the windowed game (Load game)."),
        ]

    def _codes(self, source: int) -> list[str]:
        """The move codes of the piece on ``source``: those it can play, clones green and jumps magenta."""
        return [
            tr("Move codes from {cell}:", cell=cell_code(source)),
            *code_grid_lines(self.style, self.match.position, source),
        ]

    def _save(self, name: str) -> None:
        if not name:
            self.say(tr("Type a name after save, like: save my game"))
            return
        try:
            existing = saves.save_path(name)
            if not self.replace and existing.is_file():
                answer = self.ask(
                    self.match.turn,
                    tr("A save called “{name}” exists. Replace? (y/n)", name=existing.stem),
                )
                if answer.strip().lower() not in YES:
                    self.say(tr("Not saved."))
                    return
            path = saves.save_game(name, self.match, level_name=self.level_name)
        except (saves.SaveError, OSError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            self.say(tr("Cannot save: {reason}", reason=reason))
            return
        self.say(tr("Saved as “{name}”", name=path.stem))

    def _load(self, name: str) -> None:
        if not name:
            self.say(self._saved_games())
            return
        try:
            path = saves.save_path(name)
            if not path.is_file():
                self.say(tr("No saved game called {name}.", name=name) + " " + self._saved_games())
                return
            match, pgn_game = saves.load_game(path)
        except (saves.SaveError, OSError) as error:
            said = tr("Cannot load {name}: {reason}", name=name, reason=str(error))
            if isinstance(error, saves.SaveError) and error.damaged and path.is_file():
                # As the Load screen: a damaged file is set aside (a newer version's is left in place).
                aside = set_aside(path)
                if aside is not None:
                    said += " " + tr("It is kept as {name}.", name=display_name(aside))
            self.say(said)
            return
        if match.rules.key != RULES.key:
            game_name = tr(games.game(match.rules.key).name)
            self.say(
                tr(
                    "{name} is a game of {title}: the terminal plays Ataxx only.",
                    name=path.stem,
                    title=game_name,
                )
            )
            return
        if match.is_over:
            self.say(tr("{name} is a finished game.", name=path.stem))
            return
        if not match.has_human:
            # Two computers cannot be resumed by a person: they become two players, as in the window.
            match.players = (Player.human(), Player.human())
        engines = [player.name or "?" for player in match.players if player.engine is not None]
        if engines:
            # An engine added in the window's options: the terminal runs no other program, its computer plays on.
            seats = [
                Player.computer("casual") if player.engine is not None else player for player in match.players
            ]
            match.players = (seats[0], seats[1])
        self.match = match
        self.level_name = pgn_game.tag("Level")
        self.news.clear()
        self.news.append([])
        self.note(tr("Loaded {name}: move {number}.", name=path.stem, number=match.move_number))
        if pgn_game.cut_short:
            self.note(
                ntr(
                    "{file} was cut short: {count} move read, the rest is missing.",
                    "{file} was cut short: {count} moves read, the rest is missing.",
                    match.full_moves,
                    file=display_name(path),
                )
                + " "
                + tr("The game goes on from there.")
            )
        if engines:
            self.note(
                tr(
                    "The computer ({level}) plays on instead of {engine}.",
                    level=tr("Casual"),
                    engine=engines[0],
                )
            )
        if not self.clear:
            self.note(self._players_line())
        raise _Redraw

    def _saved_games(self) -> str:
        """The Ataxx saves by name, newest first (as the windowed game's Load list)."""
        try:
            entries = saves.list_saves()
        except OSError as error:  # the saves folder cannot be used (a file, no permission...)
            reason = error.strerror or str(error)
            return tr("The saved games cannot be listed: {reason}", reason=reason)
        names = [
            entry.name for entry in entries if isinstance(entry, saves.SaveEntry) and entry.game == RULES.key
        ]
        if not names:
            return tr("No saved game yet.")
        return tr("Saved games: {names}", names=", ".join(names))

    def _undo(self) -> None:
        undone = self.match.undo_turn()
        if not undone:
            self.say(tr("Nothing to undo."))
            return
        self.news.clear()
        # Named by the move it goes back to, as the results number moves (a move is both sides' turns).
        self.say(tr("Taken back to move {number}.", number=self.match.move_number))
        raise _Redraw

    def _redo(self) -> None:
        match = self.match
        if not match.can_redo:
            self.say(tr("Nothing to redo."))
            return
        match.redo_turn()
        self.news.clear()
        self.say(tr("Forward to move {number}.", number=match.move_number))
        raise _Redraw

    # -- writing and reading --

    def line(self, side: Side, text: str) -> str:
        """``text`` said to or by ``side``, as the seed writes it: ``[red] - text``."""
        return f"{self.seats[side].tag} - {text}"

    def say(self, text: str) -> None:
        """A line for the player: written after the next board, or before the next prompt."""
        self.pending.append(text)

    def note(self, text: str) -> None:
        """A line about the move just played: said once, and in a terminal kept under the boards that follow."""
        if not self.news:
            self.news.append([])
        self.news[-1].append(text)
        if not self.clear:
            self.pending.append(text)

    def _header(self, picture: Picture, number: int) -> list[str]:
        title = tr("{level} · move {number}", level=_level_title(self.level_name), number=number)
        lines = [f"Ataxx · {title}"]
        if self.clear:
            lines.append(self._players_line())
        # The counts of the board drawn: during an infection's steps, before the pieces change sides.
        counts = [picture.cells.count(Cell.RED), picture.cells.count(Cell.BLUE)]
        return [*lines, self._counts(counts)]

    def _counts(self, scores: list[int]) -> str:
        parts = []
        for side in Side:
            seat = self.seats[side]
            count = ntr("{side}: {count} piece", "{side}: {count} pieces", scores[side], side=seat.name)
            parts.append(f"{self.style.seat(piece_letter(side), side)} {count}")
        return "   ".join(parts)

    def _players_line(self) -> str:
        if all(player.is_human for player in self.match.players):
            return tr("Two players take turns at the keyboard.")
        parts = []
        for side in Side:
            player = self.match.player(side)
            if player.is_human:
                who = tr("You")
            else:
                ai = games.game(RULES.key).load_ai()
                who = tr("Computer ({level})", level=tr(ai.level(player.level or "casual").name))
            parts.append(tr("{side}: {who}", side=self.seats[side].name, who=who))
        return " · ".join(parts)

    def draw(self, picture: Picture | None = None, number: int | None = None) -> None:
        """The board (as it stands, or ``picture`` during move ``number``), then the lines waiting to be said."""
        picture = picture or Picture.of(self.match.position, self._last_move_marks())
        lines = self._header(picture, number or self.match.move_number)
        lines += board_lines(picture, self.style)
        if self.clear:
            lines += self._wrapped([text for news in self.news for text in news])
        lines += self._wrapped(self.pending)
        self.pending = []
        # A terminal draws each board at the top of a cleared screen; piped, a blank line parts the boards.
        self._write((CLEAR if self.clear else "\n") + "\n".join(lines) + "\n")

    def _last_move_marks(self) -> dict[int, Mark]:
        """The square the last move landed on, marked as a piece just moved (none before a move, or after a pass)."""
        moves = self.match.moves
        if not moves or moves[-1].is_pass:
            return {}
        return {moves[-1].to_square: Mark.MOVED}

    def _wrapped(self, texts: list[str]) -> list[str]:
        """``texts`` cut between words to fit the terminal's width (lines within it are kept as they are)."""
        if self.width is None:
            return texts
        width = max(self.width - 1, 20)
        lines: list[str] = []
        for text in texts:
            for line in text.split("\n"):
                if len(line) <= width:
                    lines.append(line)
                    continue
                lines += textwrap.wrap(line, width, break_long_words=False, break_on_hyphens=False) or [line]
        return lines

    def ask(self, side: Side, prompt: str) -> str:
        """The line typed at ``side``'s prompt, stripped; ``Leave`` at the end of the input."""
        self._flush()
        while True:
            if self.paused:
                # Keys pressed while the pieces turned were not answers to this prompt.
                self.discard_typed()
                self.paused = False
            text = self.read_line(self.line(side, prompt) + " ")
            if text is None:
                raise Leave(0)
            if "\ufffd" not in text:
                return text.strip()
            # Bytes that are not text in the terminal's encoding (read as U+FFFD by the reader).
            self.say(self.line(side, tr("That line is not text the game can read: type it again.")))
            self._flush()

    def _flush(self) -> None:
        if self.pending:
            self._write("\n".join(self._wrapped(self.pending)) + "\n")
            self.pending = []

    def _write(self, text: str) -> None:
        if not _encodes(self.output, text):
            text = _plain(text)
        self.output.write(text)
        self.output.flush()


_PLAIN = str.maketrans(
    {"·": "-", "…": "...", "“": '"', "”": '"', "’": "'", "«": '"', "»": '"', "\u00a0": " "}
)


def _encodes(stream: TextIO, text: str) -> bool:
    """Whether ``stream`` can write ``text`` as it is (a stream with no encoding takes any text)."""
    encoding = getattr(stream, "encoding", None)
    if not encoding:
        return True
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return False
    except LookupError:
        return True
    return True


def _plain(text: str) -> str:
    """``text`` for an output that cannot encode it: ASCII stand-ins for the game's signs, accents dropped
    (what is left that the output cannot encode becomes ``?`` there)."""
    text = unicodedata.normalize("NFKD", text.translate(_PLAIN))
    return "".join(char for char in text if not unicodedata.combining(char))
