"""Changsha scoring (seed 004): which wins a hand makes, big or small, and what each seat pays for it.

>>> r = score("123m456m789p234s55s", WinContext(win_by=WinBy.SELF_DRAWN, seat=1))
>>> r.category.value, [w.zh for w in r.wins], r.payments
('small', ['小胡'], (-2, 4, -1, -1))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from majiang.analysis.decompose import PUNG_SET, iter_decompositions
from majiang.errors import InvalidHandError
from majiang.game.scoring import checked_win_by, scoring_inputs
from majiang.hand import Hand, WinBy
from majiang.meld import MeldKind
from majiang.rules.changsha.fans import CHANGSHA_WINS, Category, OpeningWin, Win, WinId
from majiang.rules.changsha.options import Options
from majiang.rules.changsha.payments import PRICES, Deltas, PayCase, check_seat, win_payments
from majiang.tiles import Tile

__all__ = ["ChangshaScore", "OpeningWin", "WinContext", "opening_wins", "score"]

_RANKS_258 = (1, 4, 7)  # rank index (rank - 1) of 2, 5, 8


def _is_258(kind: int) -> bool:
    return kind < 27 and kind % 9 in _RANKS_258


@dataclass(frozen=True, slots=True)
class WinContext:
    """Everything about a win that the tiles do not show; contradictions raise ``InvalidHandError``.

    Seats are 0-3 in turn order. ``giver`` is the seat that paid the winning tile: the discarder (点炮), or
    the konger robbed (抢杠); ``None`` on a self-draw. ``last_of_wall`` is 海底: self-drawn, or on a discard
    when ``seabed_taker``, the seat that took the last tile in 海底漫游 and could not win, gives it.

    >>> WinContext(win_by=WinBy.SELF_DRAWN, giver=2)
    Traceback (most recent call last):
    majiang.errors.InvalidHandError: a self-drawn win has no giver, not seat 2
    """

    win_by: WinBy = WinBy.DISCARD
    seat: int = 0
    dealer: int = 0
    giver: int | None = None
    heavenly: bool = False
    earthly: bool = False
    last_of_wall: bool = False
    seabed_taker: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "win_by", checked_win_by(self.win_by))
        check_seat("seat", self.seat)
        check_seat("dealer", self.dealer)
        for name in ("giver", "seabed_taker"):
            other = getattr(self, name)
            if other is not None and check_seat(name, other) == self.seat:
                raise InvalidHandError(f"{name} cannot be the winner (seat {self.seat})")
        for name in ("heavenly", "earthly", "last_of_wall"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name} must be True or False, not {getattr(self, name)!r}")
        self._check_flags()

    def _check_flags(self) -> None:
        how = self.win_by
        if how.self_drawn and self.giver is not None:
            raise InvalidHandError(f"a self-drawn win has no giver, not seat {self.giver}")
        if how is WinBy.ROBBING_KONG and self.giver is None:
            raise InvalidHandError("抢杠胡 needs the giver, the seat whose kong was robbed")
        if how is WinBy.DISCARD and self.giver is None and self.seabed_taker is None:
            raise InvalidHandError("a win on a discard needs the giver, the seat that discarded")
        if self.seabed_taker is not None:
            if not self.last_of_wall or how is not WinBy.DISCARD:
                raise InvalidHandError("seabed_taker pays a 海底 win on the tile it took: it needs "
                                       "last_of_wall and win_by discard")
            if self.giver not in (None, self.seabed_taker):
                raise InvalidHandError(f"in 海底漫游 the taker (seat {self.seabed_taker}) gives the "
                                       f"tile, not seat {self.giver}")
        if self.last_of_wall and how not in (WinBy.SELF_DRAWN, WinBy.DISCARD):
            raise InvalidHandError(f"海底 (last_of_wall) is a win on the last tile drawn, not {how.value}")
        if self.last_of_wall and how is WinBy.DISCARD and self.seabed_taker is None:
            raise InvalidHandError("海底 on another seat's tile needs seabed_taker, the seat that took it")
        if self.heavenly and self.earthly:
            raise InvalidHandError("a win cannot be both heavenly (天胡) and earthly (地胡)")
        if self.heavenly and (how is not WinBy.SELF_DRAWN or self.seat != self.dealer or self.last_of_wall):
            raise InvalidHandError("天胡 (heavenly) is the dealer's self-drawn hand as dealt "
                                   "(庄家起牌后,即已经胡牌)")
        if self.earthly and (how is not WinBy.DISCARD or self.seat == self.dealer or self.giver != self.dealer
                             or self.last_of_wall):
            raise InvalidHandError("地胡 (earthly) is a non-dealer's win on the dealer's first discard "
                                   "(当庄家打出第一张牌时,闲家已经胡牌)")

    @property
    def payer(self) -> int | None:
        """The one seat that pays, or ``None`` when every other seat does (a self-draw)."""
        return self.seabed_taker if self.seabed_taker is not None else self.giver

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        data = dataclasses.asdict(self)
        data["win_by"] = self.win_by.value
        return data


@dataclass(frozen=True, slots=True)
class ChangshaScore:
    """A scored Changsha win: its category, the wins it makes and the seats' payments before birds.

    ``total`` is how many times the win is paid: the number of big wins (1 with ``big_wins="highest"``),
    or 1 for a small win. ``payments`` are by seat, the winner's positive, summing to zero.
    """

    category: Category
    wins: tuple[Win, ...]
    total: int
    payments: Deltas
    case: PayCase
    context: WinContext
    options: Options

    def explain(self) -> str:
        """A readable account: one line a win, then who pays.

        >>> print(score("222444666888m99m", WinContext(seat=1, giver=0)).explain())
        碰碰胡 all pungs: big win
        清一色 full flush: big win
        2 big wins, 大胡点炮 7 each: seat 0 pays 14
        payments: -14 +14 0 0
        """
        lines = [f"{w.zh} {w.en}: {w.category.value} win" for w in self.wins]
        price = PRICES[self.case]
        count = f"{self.total} {self.category.value} win{'s' if self.total > 1 else ''}"
        if self.category is Category.BIG and self.total < len(self.wins):
            count += " (the highest only)"
        figures = sorted({-p // self.total for p in self.payments if p < 0})
        paid = ", ".join(f"seat {s} pays {-p}" for s, p in enumerate(self.payments) if p < 0)
        lines.append(f"{count}, {price.zh} {'/'.join(map(str, figures))} each: {paid}")
        lines.append("payments: " + " ".join(f"{p:+d}" if p else "0" for p in self.payments))
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {
            "rules": "changsha",
            "category": self.category.value,
            "wins": [{"id": w.id.value, "zh": w.zh, "en": w.en, "category": w.category.value}
                     for w in self.wins],
            "total": self.total,
            "case": self.case.value,
            "payments": list(self.payments),
            "context": self.context.to_dict(),
            "options": self.options.to_dict(),
        }


def _shape(hand: Hand) -> list[int]:
    """The 34 counts of a hand that may be scored; honors raise ``InvalidHandError``."""
    counts = hand.counts(include_melds=True)
    honors = [k for k in range(27, 34) if counts[k]]
    if honors:
        raise InvalidHandError(f"Changsha mahjong plays the 108 suited tiles; {Tile(honors[0]).notation()} "
                               "is an honor tile")
    return counts


def _forms(hand: Hand, counts: list[int], options: Options) -> list[tuple[list[WinId], bool]]:
    """Every way to read the hand: its pattern wins and whether it holds a 2/5/8 pair (将)."""
    standing = hand.counts()
    flush = sum(1 for s in range(3) if any(counts[s * 9:s * 9 + 9])) == 1
    all_258 = all(n == 0 or _is_258(k) for k, n in enumerate(counts))
    melded_pungs = all(m.kind != MeldKind.CHOW for m in hand.melds)
    forms: list[tuple[list[WinId], bool]] = []
    for sets, pair in iter_decompositions(standing):
        if len(sets) + len(hand.melds) != 4:
            continue
        wins = []
        if melded_pungs and all(kind == PUNG_SET for kind, _ in sets):
            wins.append(WinId.ALL_PUNGS)
        if all_258:
            wins.append(WinId.ALL_258)
        if flush:
            wins.append(WinId.FULL_FLUSH)
        forms.append((wins, _is_258(pair)))
    largest = 4 if options.pairs_with_four else 2
    if not hand.melds and all(n % 2 == 0 and n <= largest for n in standing):
        wins = [WinId.SEVEN_PAIRS]
        if all_258:
            wins.append(WinId.ALL_258)
        if flush:
            wins.append(WinId.FULL_FLUSH)
        # Seven pairs have no one pair as eyes: any 2/5/8 pair among them serves as the 将.
        forms.append((wins, any(n and _is_258(k) for k, n in enumerate(standing))))
    if all_258 and options.all_258 == "any" and not forms:
        # Fourteen tiles over nine kinds of 2, 5 and 8 always hold two alike: a 2/5/8 pair.
        forms.append(([WinId.ALL_258], True))
    return forms


def _events(context: WinContext) -> list[WinId]:
    """The wins the moment of the win makes (天胡, 海底, 杠上开花...), in table order."""
    found = {WinId.HEAVENLY: context.heavenly, WinId.EARTHLY: context.earthly,
             WinId.LAST_OF_WALL: context.last_of_wall,
             WinId.KONG_BLOOM: context.win_by is WinBy.KONG_REPLACEMENT,
             WinId.ROBBING_KONG: context.win_by is WinBy.ROBBING_KONG}
    return [w for w, hit in found.items() if hit]


def _read(wins: list[WinId], has_258: bool, events: list[WinId], options: Options) -> list[WinId] | None:
    """The wins of one reading, ``[SMALL]`` for a small win, ``None`` if this reading wins nothing."""
    free = [e for e in events if not CHANGSHA_WINS[e].needs_258]
    big = bool(wins or free)
    counted = [e for e in events if e in free or has_258 or (big and not options.events_need_258)]
    found = set(wins) | set(counted)
    if found:
        return [w for w in CHANGSHA_WINS if w in found]
    return [WinId.SMALL] if has_258 else None


def _case(category: Category, context: WinContext) -> PayCase:
    how = context.win_by
    if context.seabed_taker is not None:
        return PayCase.SEABED
    if how is WinBy.ROBBING_KONG:
        return PayCase.ROBBING_KONG
    if category is Category.SMALL:
        return PayCase.SMALL_SELF_DRAWN if how.self_drawn else PayCase.SMALL_DISCARD
    return PayCase.BIG_SELF_DRAWN if how.self_drawn else PayCase.BIG_DISCARD


def score(hand: Hand | str, context: WinContext | None = None,
          options: Options | None = None) -> ChangshaScore:
    """Score a Changsha win: the best reading of the hand, its category, wins and payments before birds.

    A hand that is no Changsha win (an honor, not complete, a small win without a 2/5/8 pair) raises
    ``InvalidHandError``; a wrong type, ``TypeError``.

    >>> r = score("123m456m789m11m234m", WinContext(seat=2, giver=0))   # 清一色 on the dealer's discard
    >>> [w.zh for w in r.wins], r.total, r.payments
    (['清一色'], 1, (-7, 0, 7, 0))
    >>> score("123m456m789p234s33s", WinContext(seat=2, giver=0))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    majiang.errors.InvalidHandError: ... a small win (小胡) needs a pair of 2, 5 or 8 (小番子须2、5、8作将)
    """
    return _score(*scoring_inputs(hand, context, options, WinContext, Options))


def _score(hand: Hand, context: WinContext, options: Options) -> ChangshaScore:
    counts = _shape(hand)
    if (context.heavenly or context.earthly) and hand.melds:
        raise InvalidHandError("天胡 and 地胡 are won on the hand as dealt, with no meld")
    if context.win_by is WinBy.KONG_REPLACEMENT and not any(m.is_kong for m in hand.melds):
        raise InvalidHandError("杠上开花 is a win on the tile drawn for a kong: the hand shows no kong")
    forms = _forms(hand, counts, options)
    if not forms:
        raise InvalidHandError(f"{hand.notation()} is not a winning hand: neither four sets and a pair, nor "
                               "seven pairs, nor all 2, 5 and 8")
    events = _events(context)
    readings = [r for wins, has_258 in forms if (r := _read(wins, has_258, events, options)) is not None]
    if not readings:
        needing = [CHANGSHA_WINS[e].zh for e in events if CHANGSHA_WINS[e].needs_258]
        why = f"; {', '.join(needing)} needs one too (需将)" if needing else ""
        raise InvalidHandError(f"{hand.notation()} is no Changsha win: a small win (小胡) needs a pair of "
                               f"2, 5 or 8 (小番子须2、5、8作将){why}")
    best = max(readings, key=lambda r: (r != [WinId.SMALL], len(r)))
    wins = tuple(CHANGSHA_WINS[w] for w in best)
    category = wins[0].category
    total = len(wins) if category is Category.BIG and options.big_wins == "add" else 1
    case = _case(category, context)
    payments = win_payments(case, total, context.seat, context.dealer, context.payer, options)
    return ChangshaScore(category, wins, total, payments, case, context, options)



def opening_wins(counts: Sequence[int], options: Options | None = None) -> tuple[OpeningWin, ...]:
    """The opening wins of a seat's dealt tiles (34 counts, 13 tiles or the dealer's 14), in table order.

    >>> c = [0] * 34
    >>> for k in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12): c[k] += 1   # 123456789m1234p
    >>> [w.zh for w in opening_wins(c)]
    ['缺一色']
    """
    options = options or Options()
    if isinstance(counts, str) or not isinstance(counts, Sequence) or any(
            isinstance(n, bool) or not isinstance(n, int) for n in counts):
        raise TypeError(f"counts are a sequence of 34 ints, not {counts!r}")
    if len(counts) != 34 or min(counts) < 0 or max(counts) > 4:
        raise InvalidHandError("counts are 34 numbers from 0 to 4, one a tile kind")
    if any(counts[27:]):
        raise InvalidHandError("Changsha plays the 108 suited tiles: the dealt hand holds an honor")
    if sum(counts) not in (13, 14):
        raise InvalidHandError(f"a dealt hand has 13 tiles, the dealer's 14, not {sum(counts)}")
    found: list[OpeningWin] = []
    fours = tuple(Tile(k) for k, n in enumerate(counts) if n == 4)
    if fours:
        found.append(OpeningWin(CHANGSHA_WINS[WinId.FOUR_ALIKE], fours))
    if not any(counts[k] for k in range(27) if _is_258(k)):
        found.append(OpeningWin(CHANGSHA_WINS[WinId.NO_258]))
    if not all(any(counts[s * 9:s * 9 + 9]) for s in range(3)):
        found.append(OpeningWin(CHANGSHA_WINS[WinId.MISSING_SUIT]))
    triplets = tuple(Tile(k) for k, n in enumerate(counts) if n >= 3)
    if options.six_six and len(triplets) >= 2:
        found.append(OpeningWin(CHANGSHA_WINS[WinId.TWO_TRIPLETS], triplets))
    return tuple(found)
