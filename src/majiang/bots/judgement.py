"""The strong bot's judgement of a seat's position, for the coach: what it would do, and how dangerous
each discard is.

The coach's own tables rank discards by tile efficiency and fans (``majiang.analysis``,
``majiang.game.advice``); they read a hand and the tiles in sight, not the table. ``judge`` reads the
seat's whole view the way the ruleset's coaching bot does (``Ruleset.coaching_bot()``: the fan-aware bot,
the search bot on Botzone's per-seat walls, riichi's defensive bot weighing value) and gives the second
opinion beside them:

* ``pick``: the move that bot makes here (a discard, a call, a pass, a win, a riichi);
* ``threat``: each opponent's rough chance of being ready (``majiang.bots.danger``);
* ``deal_in``: for each kind the seat may discard now, the chance that it deals into someone.

Everything comes from the view, so a person's coach knows no more than the person does. The bot is
seeded (``seed``), so the same position gives the same judgement.

>>> from majiang.game import Game
>>> game = Game(seed=3)
>>> j = judge(game.view(game.current))
>>> j.bot, j.to_dict()["pick_kind"], len(j.deal_in) > 0, j.threat[game.current]
('fan-aware', 'discard', True, 0.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from majiang.actions import Action, ActionKind
from majiang.bots import find_bot
from majiang.bots.danger import read_table
from majiang.game.table import View
from majiang.tiles import ALL_TILES

__all__ = ["Judgement", "judge", "judgement_json"]


@dataclass(frozen=True, slots=True)
class Judgement:
    """The coaching bot's view of one decision (``judge``)."""

    bot: str
    """The bot that judged (``Ruleset.coaching_bot()``, or the one asked for), by its registered name (a
    coach such as ``defense:dora=4`` is the ``defense`` bot with options)."""
    pick: Action | None
    """Its move here; None when the seat has nothing to decide."""
    threat: tuple[float, float, float, float]
    """Each seat's chance of being ready as the bot reads it (0 for the seat itself)."""
    deal_in: dict[int, float]
    """For each kind the seat may discard now (tile index), the chance that it deals in."""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON: the pick as action text, dangers by tile notation, rounded to thousandths."""
        return {
            "bot": self.bot,
            "pick": None if self.pick is None else self.pick.notation(),
            "pick_kind": None if self.pick is None else self.pick.name or self.pick.kind.word,
            "threat": [round(x, 3) for x in self.threat],
            "deal_in": {ALL_TILES[k].notation(): round(p, 3) for k, p in sorted(self.deal_in.items())},
        }


def judge(view: View, bot: str | None = None, seed: int = 0) -> Judgement:
    """The coaching bot's judgement of ``view``: its move, the threats and each discard's danger."""
    name = bot or (view.rules.coaching_bot() if view.rules is not None else "fan-aware")
    pick = find_bot(name, seed=seed).act(view) if view.legal else None
    table = read_table(view)
    discards = sorted({int(a.tile) for a in view.legal
                       if a.kind is ActionKind.DISCARD and a.tile is not None})
    threat = tuple(0.0 if o == view.seat else table.threat[o] for o in range(4))
    return Judgement(name.split(":", 1)[0], pick, (threat[0], threat[1], threat[2], threat[3]),
                     {k: table.deal_in(k) for k in discards})


def judgement_json(view: View) -> dict[str, Any]:
    """``judge(view).to_dict()``: what the web server's worker processes run for the table page."""
    return judge(view).to_dict()
