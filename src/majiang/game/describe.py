"""How a ruleset puts its options, scores and state into words and display data (``Ruleset.describer()``).

Describing is apart from the engine's hooks: nothing here is called while a hand is played. Displays
(the terminal game, the web table), replays, reports and the commands ask a ruleset for its
``Describer`` and call it; the defaults below say what any ruleset can, and a ruleset's own describer
(``majiang.rules.<name>.describe``) overrides what it shows beyond them.

>>> from majiang.game.ruleset import find_ruleset
>>> describer = find_ruleset("sichuan").describer()
>>> type(describer).__name__, describer.words().options["declare_void"].name
('SichuanDescriber', Words(en='Declare a void suit', zh='定缺'))
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass
from typing import Any

from majiang.game.names import RulesetWords, Words, name_sources
from majiang.game.scoring import Score
from majiang.tiles import Tile

__all__ = ["Describer", "HandLabel", "TableInfo"]

_BULLET = re.compile(r"^\* ``(\w+)``[^:]*: (.+?)(?=^\* |^\S|\Z)", re.M | re.S)
"""A ``* ``option`` (...): meaning`` bullet of a docstring, running on to the next bullet or paragraph."""


@dataclass(frozen=True, slots=True)
class TableInfo:
    """What a table display shows of a ruleset's own state, as data (``Describer.table_info``).

    ``tiles`` are named groups of tiles face up on the table (riichi: ``dora`` indicators, and ``ura``
    once a riichi hand has won); ``counters`` named counts (riichi: ``honba``, ``sticks``); ``sideways``
    per seat the index in its discards of the tile laid sideways (riichi: the declaration), or None;
    ``marks`` per seat short keys of its state (``riichi``, ``double-riichi``; ``furiten`` only on the
    viewing seat). Keys are stable English words a display translates.
    """

    tiles: tuple[tuple[str, tuple[Tile, ...]], ...] = ()
    counters: tuple[tuple[str, int], ...] = ()
    sideways: tuple[int | None, int | None, int | None, int | None] = (None, None, None, None)
    marks: tuple[tuple[str, ...], ...] = ((), (), (), ())

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON (tiles in notation).

        >>> TableInfo(tiles=(("dora", (Tile.M3,)),), counters=(("honba", 1),)).to_dict()["tiles"]
        {'dora': ['3m']}
        """
        return {"tiles": {name: [t.notation() for t in group] for name, group in self.tiles},
                "counters": dict(self.counters), "sideways": list(self.sideways),
                "marks": [list(m) for m in self.marks]}


@dataclass(frozen=True, slots=True)
class HandLabel:
    """How a display names a hand of a match (``Describer.hand_label``): its ``number`` in the match,
    ``of`` the hands the match plays (None when the ruleset ends the match by its own rule, so no total
    is shown), and ``name``, the ruleset's own name for it (riichi: ``東2局 1本場``), empty where the
    number says it all.

    >>> HandLabel(3, 16).text(), HandLabel(3, 16).text(zh=True), HandLabel(5, None, "東2局 1本場").text()
    ('Hand 3/16', '第3/16局', '東2局 1本場')
    """

    number: int
    of: int | None
    name: str = ""

    def text(self, zh: bool = False) -> str:
        """The label in a few words: the ruleset's name for the hand, or its number (and the total)."""
        if self.name:
            return self.name
        of = "" if self.of is None else f"/{self.of}"
        return f"第{self.number}{of}局" if zh else f"Hand {self.number}{of}"

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON, with the text in both languages.

        >>> HandLabel(3, 16).to_dict()
        {'number': 3, 'of': 16, 'name': '', 'en': 'Hand 3/16', 'zh': '第3/16局'}
        """
        return {"number": self.number, "of": self.of, "name": self.name, "en": self.text(),
                "zh": self.text(zh=True)}


@dataclass(frozen=True, slots=True)
class Describer:
    """How a ruleset describes itself, its scores and its state: the defaults, which name no fans, show
    no marks and count hands by number.

    ``rules`` is the ruleset described (its class docstring gives ``option_help``; a ruleset's own
    describer may read its options there); ``counts_hands`` says whether its matches play all their
    hands, so that a hand's label shows how many (False where the ruleset ends a match by its own rule).
    """

    rules: object
    counts_hands: bool = True

    def words(self) -> RulesetWords:
        """The ruleset's names in Chinese and English (``majiang.game.names``): its title, options, presets
        and fans, as the catalogue (``majiang.catalogue``) serves them to the pages and ``majiang rules``.
        Here only its registered name, which a ruleset meant for players replaces with its own words."""
        name = str(getattr(self.rules, "name", ""))
        summary = (inspect.getdoc(type(self.rules)) or "").split("\n\n")[0].replace("\n", " ").strip()
        return RulesetWords(Words(name, name), Words(summary, summary))

    def option_help(self) -> dict[str, str]:
        """A one-line meaning of each option, for ``majiang rules NAME`` and the option schema: the English
        help the ruleset's ``words()`` declare (sources named by title) with the rule's Chinese name, else
        the first sentence of each ``* ``option``: meaning`` bullet in the ruleset class's docstring."""
        out = {}
        for name, w in self.words().options.items():
            text = name_sources(w.help.en, zh=False)
            # The Chinese term is the rule's name at a table (点杠花, 过水): a player looks for it.
            out[name] = text if w.name.zh in text else f"{text} ({w.name.zh})"
        for match in _BULLET.finditer(inspect.getdoc(type(self.rules)) or ""):
            text = " ".join(match.group(2).replace("``", "").split()).split(". ")[0].rstrip(".")
            if len(text) > 100 and ": " in text:
                text = text.split(": ")[0]  # a long sentence: its head, before the details
            out.setdefault(match.group(1), text + ".")
        return out

    def action_words(self) -> dict[str, dict[str, str]]:
        """What the ruleset calls an action of a built-in kind it offers, by the kind's name, in English
        (``en``) and Chinese (``zh``), where a display should not show the kind's own word: Changchun's
        ``riichi`` is 上听. None by default (a ruleset's declared actions carry their own labels)."""
        return {}

    def action_tiles(self, action: Any) -> tuple[int, ...] | None:
        """The tiles a ruleset's own action (``Action`` of kind ``DECLARED``) lays or uses, for a display
        to draw it by its tiles (Changchun's 旋风杠: E S W N); None: its tile alone, if it names one."""
        return None

    def score_names(self, score: Score) -> list[str]:
        """The names of what a win scored (fans, yaku ...), each once, for statistics; none by default."""
        return []

    def describe_score(self, score: Score) -> str:
        """A win's score in one line of words, for replays and reports."""
        return f"total {score.total}"

    def score_headline(self, score: Score) -> str:
        """A win's score in a few words for a table display: ``N fans`` here (riichi: han, fu, points)."""
        return f"{score.total} {'fan' if score.total == 1 else 'fans'}"

    def seat_badges(self, state: Any) -> tuple[str, str, str, str]:
        """A short mark per seat for a table display, read from ``public_state`` as a view holds it
        (``View.public_state``), e.g. a void suit ``缺万``; empty strings where there is nothing to show.

        >>> Describer(None).seat_badges(None)
        ('', '', '', '')
        """
        return ("", "", "", "")

    def table_note(self, state: Any) -> str:
        """A short line about the table for a display, read from ``public_state`` as a view holds it (riichi:
        the dora indicators, honba and sticks); empty when there is nothing to show.

        >>> Describer(None).table_note(None)
        ''
        """
        return ""

    def table_info(self, state: Any) -> TableInfo:
        """What a table display shows of ``public_state`` as a view holds it, as data: tiles face up,
        counts, sideways discards, marks per seat (``table_note`` says it in one line); nothing here.

        >>> Describer(None).table_info(None) == TableInfo()
        True
        """
        return TableInfo()

    def hand_label(self, game: Any, number: int, hands: int) -> HandLabel:
        """How displays name ``game`` (a hand in play, ``majiang.game.ruleset.Table``), hand ``number`` of a
        match of ``hands`` (``Match.hands``): by number, with the total where the match plays all its
        hands (``counts_hands``).

        >>> Describer(None).hand_label(None, 3, 16), Describer(None, False).hand_label(None, 3, 16)
        (HandLabel(number=3, of=16, name=''), HandLabel(number=3, of=None, name=''))
        """
        return HandLabel(number, hands if self.counts_hands else None)
