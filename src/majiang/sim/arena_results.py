"""What the duplicate arena's plays and deals came to, and its report over the deals: each bot's results
and the difference between the two."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from majiang.errors import InvalidOptionError
from majiang.game.ruleset import DEFAULT_RULESET, Ruleset, find_ruleset
from majiang.sim.intervals import CONFIDENCE, Interval, mean_interval

__all__ = ["ARRANGEMENTS", "ArenaResult", "BotSummary", "DealResult", "PlayResult", "arrangement_name",
           "summarize"]

ARRANGEMENTS: tuple[tuple[int, int, int, int], ...] = (
    (0, 0, 1, 1),
    (1, 0, 0, 1),
    (1, 1, 0, 0),
    (0, 1, 1, 0),
    (0, 1, 0, 1),
    (1, 0, 1, 0),
)
"""Which bot (0 = A, 1 = B) sits in seats 0-3, for each of a deal's six plays."""


def arrangement_name(arrangement: Sequence[int]) -> str:
    """``AABB`` for ``(0, 0, 1, 1)``."""
    return "".join("AB"[k] for k in arrangement)


# -- a play and a deal ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayResult:
    """One play of a deal: which bot sat where, and how the hand ended."""

    arrangement: tuple[int, int, int, int]
    deltas: tuple[int, int, int, int]
    winners: tuple[int, ...]
    """The seat of each win, in order."""
    payer: int | None
    """The seat that gave the first win (None: self-drawn, or no win)."""
    self_drawn: bool
    fans: tuple[int, ...]
    """The score total of each win."""
    givers: tuple[int | None, ...] = ()
    """The seat that gave each win (None: self-drawn)."""
    forfeits: tuple[int, ...] = ()
    """The seat that forfeited the hand, if one did (an external program's failed or illegal answer)."""
    riichi: tuple[int, ...] = ()
    """The seats that declared riichi (under a ruleset with riichi)."""
    forfeit_reasons: tuple[str, ...] = ()
    """Why each seat of ``forfeits`` forfeited (Botzone's verdict, ``FORFEIT_REASONS``; an mjai failure's
    reason)."""


@dataclass(frozen=True, slots=True)
class DealResult:
    """The six plays of one deal."""

    deal: int
    seed: int
    dealer: int
    plays: tuple[PlayResult, ...]

    def per_hand(self, bot: int) -> float:
        """Mean score change of bot ``bot`` (0 = A, 1 = B) over its seats in this deal's plays."""
        total = 0
        n = 0
        for p in self.plays:
            for seat, who in enumerate(p.arrangement):
                if who == bot:
                    total += p.deltas[seat]
                    n += 1
        return total / n


# -- the report -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BotSummary:
    """One bot's figures over an arena run."""

    name: str
    mean: Interval
    """Mean score change per hand, with its interval over deals."""
    seat_hands: int
    wins: int
    """Its wins: every one counts (several in a hand where play goes on after a win)."""
    self_drawn: int
    deal_ins: int
    """Wins on its discard or robbed kong (a discard several seats win on counts once for each)."""
    win_points: int
    """Sum of the score totals of its wins (Chinese Official: fans and flowers)."""
    forfeits: int = 0
    """Hands it forfeited (an external program's failed or illegal answer)."""
    riichi: int = 0
    """Seat-hands in which it declared riichi."""
    forfeit_reasons: tuple[tuple[str, int], ...] = ()
    """Why it forfeited: each reason with its count, the most frequent first."""

    @property
    def win_rate(self) -> float:
        """Its wins per seat-hand (in Chinese Official, the share of its seat-hands it won)."""
        return self.wins / self.seat_hands if self.seat_hands else 0.0

    @property
    def deal_in_rate(self) -> float:
        """Wins it gave (discarded or had robbed the winning tile) per seat-hand."""
        return self.deal_ins / self.seat_hands if self.seat_hands else 0.0

    @property
    def riichi_rate(self) -> float:
        """Riichi declarations per seat-hand."""
        return self.riichi / self.seat_hands if self.seat_hands else 0.0

    @property
    def mean_win_total(self) -> float:
        """Average score total of its wins."""
        return self.win_points / self.wins if self.wins else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "bot": self.name,
            "mean": self.mean.mean,
            "ci": self.mean.bounds(),
            "seat_hands": self.seat_hands,
            "win_rate": self.win_rate,
            "self_drawn_wins": self.self_drawn,
            "deal_in_rate": self.deal_in_rate,
            "mean_win_total": self.mean_win_total,
            "forfeits": self.forfeits,
            "forfeit_reasons": dict(self.forfeit_reasons),
            "riichi_rate": self.riichi_rate,
        }


@dataclass(frozen=True, slots=True)
class ArenaResult:
    """A duplicate comparison of bot A (``bots[0]``) and bot B (``bots[1]``)."""

    names: tuple[str, str]
    seed: int
    deals: tuple[DealResult, ...]
    bots: tuple[BotSummary, BotSummary]
    difference: Interval
    """Mean of the per-deal difference A - B (points per hand), with its interval."""
    exhausted: int
    """Plays that ended with no winner (荒庄)."""
    rules: Ruleset | None = None
    """The ruleset played (None: the default, Chinese Official)."""

    @property
    def hands(self) -> int:
        """Hands played (six per deal)."""
        return len(self.deals) * len(ARRANGEMENTS)

    @property
    def decisive(self) -> bool:
        """Whether the interval of A - B excludes 0."""
        return self.difference.excludes_zero()

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``majiang arena --json``."""
        rules = self.rules or find_ruleset(DEFAULT_RULESET)
        return {
            "bots": list(self.names),
            "seed": self.seed,
            "rules": rules.name,
            "options": rules.options(),
            "deals": len(self.deals),
            "hands": self.hands,
            "arrangements": [arrangement_name(a) for a in ARRANGEMENTS],
            "confidence": CONFIDENCE,
            "results": [b.to_dict() for b in self.bots],
            "difference": {
                "a": self.names[0],
                "b": self.names[1],
                "mean": self.difference.mean,
                "ci": self.difference.bounds(),
                "decisive": self.decisive,
            },
            "exhausted_rate": self.exhausted / self.hands if self.hands else 0.0,
        }


def summarize(names: tuple[str, str], seed: int, deals: Iterable[DealResult],
              rules: Ruleset | None = None) -> ArenaResult:
    """Figures of a set of played deals (under ``rules``, for the report)."""
    played = tuple(sorted(deals, key=lambda d: d.deal))
    if not played:
        raise InvalidOptionError("no deals played")
    per_deal = [[d.per_hand(0) for d in played], [d.per_hand(1) for d in played]]
    summaries = []
    exhausted = 0
    for who in (0, 1):
        seat_hands = wins = self_drawn = deal_ins = points = forfeits = riichi = 0
        reasons: Counter[str] = Counter()
        for d in played:
            for p in d.plays:
                for seat, sitter in enumerate(p.arrangement):
                    if sitter != who:
                        continue
                    seat_hands += 1
                    forfeits += p.forfeits.count(seat)
                    # (strict=False: a PlayResult made without its reasons has none.)
                    reasons.update(r for s, r in zip(p.forfeits, p.forfeit_reasons, strict=False)
                                   if s == seat)
                    riichi += seat in p.riichi
                    givers = p.givers or (p.payer,) * len(p.winners)
                    for winner, giver, total in zip(p.winners, givers, p.fans, strict=True):
                        if winner == seat:
                            wins += 1
                            self_drawn += giver is None
                            points += total
                        elif giver == seat:
                            deal_ins += 1
        summaries.append(BotSummary(names[who], mean_interval(per_deal[who]), seat_hands, wins, self_drawn,
                                    deal_ins, points, forfeits, riichi, tuple(reasons.most_common())))
    for d in played:
        exhausted += sum(1 for p in d.plays if not p.winners and not p.forfeits)
    diff = mean_interval([a - b for a, b in zip(per_deal[0], per_deal[1], strict=True)])
    return ArenaResult(names, seed, played, (summaries[0], summaries[1]), diff, exhausted, rules)
