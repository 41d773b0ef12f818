"""Every text on every screen fits its area and covers no other text, in English and French, small to large.

Each screen is opened with the Driver (see ``screens.py``; the ``--demo``
set-ups add screens full of saves, statistics and games in progress) and one
frame is drawn with the theme recording every line of text drawn through
``game.ui.textbox``: its box, and the area it must stay in (its button, card,
panel). A line fails when it leaves the window or its area, or when its box
meets the box of another line drawn by the same scene (an overlay's text is
compared with the overlay's only: it is drawn over the scene beneath on
purpose).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pytest
from screens import SCREENS

from game.driver import Driver
from game.engine.ataxx import Move
from game.engine.ataxx.rules import RULES
from game.engine.levels import shipped_levels
from game.engine.match import Match, MatchConfig, Player
from game.i18n import set_language
from game.scenes.demo import DEMOS
from game.ui.settings import Settings

if TYPE_CHECKING:
    from game.ui.theme import DrawnText

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search

SIZES = [(640, 480), (1024, 768), (1920, 1080)]
LANGUAGES = ["en", "fr"]


def _two_computers(driver: Driver) -> None:
    """Names of different lengths in the two player cards (they share one size)."""
    match = Match(RULES, players=(Player.computer("beginner"), Player.computer("casual")))
    config = MatchConfig(vs_computer=True, level="casual")
    driver.app.router.push("match", config, shipped_levels(RULES)[0], match=match)


def _keypad_error(driver: Driver) -> None:
    """The keypad's error line: a square typed that holds no piece of the player's."""
    driver.app.router.push(
        "match",
        MatchConfig(vs_computer=True, level="casual", human_seat=0, first=0),
        shipped_levels(RULES)[0],
    )
    driver.frames(1)
    for key, char in ((pygame.K_4, "4"), (pygame.K_4, "4")):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0))
        driver.frames(1)


def _attangle_match(driver: Driver) -> None:
    driver.app.choose_game("attangle")
    driver.app.router.reset("menu")
    driver.press("new_game")
    driver.press("choose_level")
    driver.top.play(0)


def _over(driver: Driver) -> None:
    """A finished match left on screen: the status says who won and why."""
    driver.app.router.push("match", MatchConfig(vs_computer=False), shipped_levels(RULES)[0])
    scene = driver.top
    scene.results_shown = True
    scene.match = Match(
        RULES, "xxxxxx1/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/ooooooo x 0 1", scene.match.players
    )
    scene.match.play(Move.from_uai("g7"))


def _demo(name: str, game: str = "ataxx") -> tuple[str, dict[str, Any]]:
    return name, {"demo": name, "game": game}


EXTRA: dict[str, tuple[str, Callable[[Driver], Any]]] = {
    "match, two computers": ("match", _two_computers),
    "match, keypad error": ("match", _keypad_error),
    "match, over": ("match", _over),
    "attangle match": ("match", _attangle_match),
    "attangle menu": (
        "menu",
        lambda driver: (driver.app.choose_game("attangle"), driver.app.router.reset("menu")),
    ),
    "attangle rules, last page": (
        "rules",
        lambda driver: (driver.app.choose_game("attangle"), driver.press("help"), driver.top.turn_to(99)),
    ),
}

DEMO_SCREENS: dict[str, tuple[str, dict[str, Any]]] = {
    **{f"demo {name}": _demo(name) for name in DEMOS},
    **{
        f"demo {name}": _demo(name)
        for name in ("keypad", "cursor", "editor", "editor-problems", "editor-save", "editor-open")
    },
    "demo attangle play": _demo("attangle", "attangle"),
    "demo attangle grand": _demo("grand", "attangle"),
    "demo attangle results": _demo("results", "attangle"),
    "demo attangle rules": _demo("rules", "attangle"),
    "demo attangle puzzle": _demo("puzzle", "attangle"),
    "demo attangle puzzle-solved": _demo("puzzle-solved", "attangle"),
    "demo attangle newgame": _demo("newgame", "attangle"),
    "demo attangle levels": _demo("levels", "attangle"),
    **{
        f"demo lionheart {name}": _demo(name, "lionheart")
        for name in (
            "newgame",
            "levels",
            "play",
            "results",
            "rules",
            "battle",
            "builder",
            "dice",
            "odds",
            "silver",
            "campaign",
            "campaign-story",
            "campaign-battle",
            "campaign-won",
            "battle-editor",
            "battle-editor-problems",
            "battle-editor-open",
            "battle-editor-play",
        )
    },
}

ALL = sorted([*SCREENS, *EXTRA, *DEMO_SCREENS])


def _open(screen: str, size: tuple[int, int]) -> Driver:
    if screen in DEMO_SCREENS:
        _, options = DEMO_SCREENS[screen]
        return Driver.fast(size=size, audio=False, **options)
    driver = Driver.fast(size=size, audio=False)
    driver.frames(1)
    _, open_screen = SCREENS.get(screen) or EXTRA[screen]
    open_screen(driver)
    return driver


def _drawn(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, DrawnText]]:
    """Every line of text of one frame, with the scene that drew it."""
    app = driver.app
    drawn: list[DrawnText] = []
    owners: list[tuple[int, str]] = []
    original = app.stack.call

    def call(scene: Any, method: str, *args: Any) -> Any:
        if method == "draw":
            owners.append((len(drawn), scene.name))
        return original(scene, method, *args)

    monkeypatch.setattr(app.stack, "call", call)
    app.theme.drawn = drawn
    try:
        app.draw()
    finally:
        app.theme.drawn = None
        monkeypatch.setattr(app.stack, "call", original)
    texts: list[tuple[str, DrawnText]] = []
    for index, text in enumerate(drawn):
        layer = max(number for number, (start, _) in enumerate(owners) if start <= index)
        texts.append((f"{layer}:{owners[layer][1]}", text))
    return texts


def _on_screen(text: DrawnText, screen: pygame.Surface) -> tuple[pygame.Rect, pygame.Rect] | None:
    """The line's box and its area in window coordinates; None when drawn off screen (a cached picture)."""
    surface = text.surface
    if surface is not screen and surface.get_abs_parent() is not screen:
        return None
    dx, dy = surface.get_abs_offset()
    return text.rect.move(dx, dy), text.container.move(dx, dy)


def problems(texts: list[tuple[str, DrawnText]], screen: pygame.Surface) -> list[str]:
    """What is wrong with the lines drawn: out of the window, out of their area, over one another, cut.

    No text of the game is cut (ends with an ellipsis), not even in the smallest window: a layout
    that runs short of room wraps, takes fewer columns or scrolls. Only what comes from a file (a
    damaged file's name and reason, a level's own words) may be cut.
    """
    window = screen.get_rect()
    found: list[str] = []
    placed: list[tuple[str, str, pygame.Rect]] = []
    for owner, text in texts:
        where = _on_screen(text, screen)
        if where is None:
            continue
        box, area = where
        if text.cut:
            found.append(f"{text.text!r} {box} is cut")
        if not window.contains(box):
            found.append(f"{text.text!r} {box} leaves the window {window.size}")
        elif not area.inflate(2, 2).contains(box):
            found.append(f"{text.text!r} {box} leaves its area {area}")
        for other_owner, other_text, other in placed:
            overlap = box.clip(other)
            if other_owner == owner and overlap.width > 1 and overlap.height > 1:
                found.append(f"{text.text!r} {box} covers {other_text!r} {other}")
        placed.append((owner, text.text, box))
    return found


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("screen", ALL)
def test_every_text_fits_and_stands_alone(
    screen: str,
    language: str,
    size: tuple[int, int],
    user_data_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings = Settings.load()
    settings.language = language
    settings.save()
    driver = _open(screen, size)
    try:
        driver.frames(6, dt=0.2)  # every appearing animation is over
        texts = _drawn(driver, monkeypatch)
        assert texts, f"{screen}: no text drawn"
        found = problems(texts, driver.app.screen)
        assert not found, f"{screen} ({language}, {size[0]}x{size[1]}):\n" + "\n".join(found)
    finally:
        driver.app.close()
        set_language("en")


# -- the cases seen, one by one (these also fail without the text registry) --


class _Screen(pygame.Surface):
    """A stand-in for the window that notes which rendered texts are blitted onto it."""

    def __init__(self, size: tuple[int, int], texts: dict[int, tuple[str, str, int, bool]]) -> None:
        super().__init__(size)
        self.texts = texts
        self.shown: list[tuple[str, str, int, bool]] = []

    def blit(self, source: pygame.Surface, *args: Any, **kwargs: Any) -> pygame.Rect:
        if id(source) in self.texts:
            self.shown.append(self.texts[id(source)])
        return super().blit(source, *args, **kwargs)


def _spied(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str, int, bool]]:
    """(text, role, size, bold) of every text drawn on the window in one frame, as drawn."""
    driver.frames(6, dt=0.2)
    app = driver.app
    theme = app.theme
    original = theme.text
    rendered: dict[int, tuple[str, str, int, bool]] = {}

    def spy(text: str, role: str, size: int, colour: Any, *, bold: bool = False) -> pygame.Surface:
        surface = original(text, role, size, colour, bold=bold)
        rendered[id(surface)] = (text, role, int(size), bold)
        return surface

    screen = _Screen(app.screen.get_size(), rendered)
    monkeypatch.setattr(theme, "text", spy)
    monkeypatch.setattr(app, "screen", screen)
    app.draw()
    monkeypatch.undo()
    return screen.shown


def _driver(language: str, size: tuple[int, int]) -> Driver:
    settings = Settings.load()
    settings.language = language
    settings.save()
    driver = Driver.fast(size=size, audio=False)
    driver.frames(1)
    return driver


def _gap(surface: pygame.Surface) -> int:
    """The widest run of empty columns between the first and the last inked one."""
    columns = [
        any(surface.get_at((x, y)).a > 40 for y in range(surface.get_height()))
        for x in range(surface.get_width())
    ]
    first, last = columns.index(True), len(columns) - 1 - columns[::-1].index(True)
    widest = run = 0
    for inked in columns[first : last + 1]:
        run = 0 if inked else run + 1
        widest = max(widest, run)
    return widest


@pytest.mark.parametrize("role", ["body", "title"])
@pytest.mark.parametrize("bold", [False, True], ids=["regular", "bold"])
def test_words_are_drawn_apart(role: str, bold: bool) -> None:
    """Exo 2's own space is a fifth of an em: two pixels at small sizes, and "au trait" read "autrait"."""
    pygame.display.init()
    pygame.font.init()
    from game.ui.theme import Theme

    ui = Theme()
    for size in range(11, 19):
        for text in ("au trait", "original game", "cut the", "level editor", "F11 fullscreen"):
            gap = _gap(ui.text(text, role, size, (255, 255, 255), bold=bold))
            assert gap >= size * 0.25, f"{text!r} at {size} px: {gap} px between the words"


@pytest.mark.parametrize("size", [(640, 480), (1024, 768)], ids=["640x480", "1024x768"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_player_names_share_one_size(
    language: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Computer · Beginner" was drawn smaller than "Computer · Casual" beside it, or cut, or over the score."""
    driver = _driver(language, size)
    try:
        _two_computers(driver)
        scene = driver.top
        # One line ("Computer · Casual") or two ("Computer" over "Casual"), never cut after the dot.
        names = [scene.player_name(seat) for seat in (0, 1)]
        names += [scene.player_name(seat, stacked=True) for seat in (0, 1)]
        pieces = {
            (text, size_, bold)
            for text, _, size_, bold in _spied(driver, monkeypatch)
            if text and any(text in name or text.rstrip("…") in name for name in names)
        }
        names = [scene.player_name(seat, stacked=True) for seat in (0, 1)]
        assert len({size_ for _, size_, _ in pieces}) == 1, sorted(pieces)
        words = " ".join(text for text, _, _ in pieces).split()
        assert all(word in words for name in names for word in name.split()), (
            f"{names} not drawn whole: {words}"
        )
    finally:
        driver.app.close()
        set_language("en")


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_keypad_says_why_in_full(
    language: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Position entered is incorrect. That is not…": the reason was cut off even at 1024x768."""
    from game.i18n import tr

    driver = _driver(language, size)
    try:
        _keypad_error(driver)
        drawn = " ".join(text for text, *_ in _spied(driver, monkeypatch)).split()
        message = tr("Position entered is incorrect.") + " " + tr("No piece of yours there.")
        missing = [word for word in message.split() if word not in drawn]
        assert not missing, f"{missing} not drawn"
    finally:
        driver.app.close()
        set_language("en")


@pytest.mark.parametrize("language", LANGUAGES)
def test_computer_levels_are_described_whole(language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The French "Moyen" description was squeezed (or cut) at 1024x768 on the new game screen: whole, one size."""
    from game.i18n import tr

    driver = _driver(language, (1024, 768))
    try:
        driver.press("new_game")
        shown = _spied(driver, monkeypatch)
        words = " ".join(text for text, *_ in shown).split()
        descriptions = [tr(level.description) for level in driver.top.levels]
        for description in descriptions:
            missing = [word for word in description.split() if word not in words]
            assert not missing, f"{description!r}: {missing} not drawn"
        sizes = {size for text, _, size, _ in shown if len(text) > 3 and any(text in d for d in descriptions)}
        assert len(sizes) == 1, sizes
    finally:
        driver.app.close()
        set_language("en")


@pytest.mark.parametrize("size", [(640, 480), (1024, 768)], ids=["640x480", "1024x768"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_titles_keep_their_font(
    language: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A level's name too wide for its card was drawn in the body font ("titles switch font when squeezed")."""
    from game.ui.lang import tr_data

    driver = _driver(language, size)
    try:
        driver.press("new_game")
        driver.press("choose_level")
        names = {tr_data(level.name) for level in shipped_levels(RULES)}
        roles = {
            (text, role)
            for text, role, *_ in _spied(driver, monkeypatch)
            if text.rstrip("…") and any(name.startswith(text.rstrip("…")) for name in names)
        }
        assert roles and all(role == "title" for _, role in roles), sorted(roles)
    finally:
        driver.app.close()
        set_language("en")


# -- the layout itself --

TEXT = "The open board of the original game: no destroyed squares, pure tactics."


@pytest.fixture(scope="module")
def ui() -> Any:
    pygame.display.init()
    pygame.font.init()
    from game.ui.theme import Theme

    return Theme()


def test_a_text_wraps_between_words_before_it_shrinks(ui: Any) -> None:
    from game.ui.textbox import layout_text

    block = layout_text(ui, TEXT, "body", 16, 180)
    assert block.size == 16 and len(block.lines) > 2 and not block.cut
    assert " ".join(block.lines).split(" ") == TEXT.split(" ")
    assert all(width <= 180 for width in block.widths)


def test_a_text_too_long_for_its_box_shrinks_within_limits_then_ends_with_an_ellipsis(ui: Any) -> None:
    from game.ui.textbox import ELLIPSIS, layout_text

    two_lines = layout_text(ui, "x\nx", "body", 14, 100).height
    smaller = layout_text(ui, TEXT, "body", 16, 230, two_lines + 12)
    assert 11 <= smaller.size < 16 and not smaller.cut, smaller
    cut = layout_text(ui, TEXT, "body", 16, 120, two_lines, min_size=14)
    assert cut.size == 14 and cut.cut and cut.lines[-1].endswith(ELLIPSIS)
    kept = " ".join(cut.lines).removesuffix(ELLIPSIS).split(" ")
    assert kept == TEXT.split(" ")[: len(kept)], "a word was cut or joined"
    assert cut.height <= two_lines


def test_a_title_stays_a_title(ui: Any) -> None:
    from game.ui.textbox import layout_text

    block = layout_text(ui, "Checkerboard of Doom", "title", 30, 90, max_lines=1)
    assert block.role == "title"


def test_a_label_a_little_too_long_is_narrowed_before_it_is_cut(ui: Any) -> None:
    from game.ui.textbox import MIN_CONDENSE, layout_text

    natural = ui.measure("Recommencer", "body", 11)
    block = layout_text(ui, "Recommencer", "body", 14, int(natural * 0.9), max_lines=1)
    assert not block.cut and block.lines == ("Recommencer",) and MIN_CONDENSE <= block.condense < 1
    assert layout_text(ui, "Recommencer", "body", 14, int(natural * 0.5), max_lines=1).cut


def test_a_file_name_too_wide_breaks_after_its_punctuation(ui: Any) -> None:
    from game.ui.textbox import layout_text

    block = layout_text(ui, "/home/player/.local/share/attax-arcade/saves", "body", 14, 120)
    assert not block.cut and "".join(block.lines) == "/home/player/.local/share/attax-arcade/saves"
