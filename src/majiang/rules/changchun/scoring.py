"""Changchun scoring (seed 001): whether a hand is a Changchun win, its 番, and what each seat pays.

A win is four sets and a pair ("胡牌组合只考虑只上几种"), sets being chows, pungs, kongs or special kongs
(旋风杠, 喜杠, 幺蛋, 九蛋, laid as melds of mixed tiles), and it must meet the seed's 胡牌的条件: all three
suits (三色全), a 1 or 9 unless it holds an honor, a pung unless it holds a dragon or any kong (一叉), and
all four sets melded (手把一) only as 飘胡. Its 番 are the seed's table, added: 平胡 1, then 放炮 or 自摸,
夹胡, 宝牌, 对宝, 飘胡, 庄胡 and 立胡.

>>> r = score("[111m]456m789p345s9s 9s", WinContext(seat=1, giver=0))
>>> [f.zh for f in r.fans], r.total, r.payments
(['平胡', '放炮', '夹胡'], 3, (-3, 3, 0, 0))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from majiang.analysis.decompose import CHOW_SET, PUNG_SET, iter_decompositions
from majiang.analysis.ready import quick_ready_kinds
from majiang.errors import InvalidHandError
from majiang.game.scoring import checked_win_by, scoring_inputs
from majiang.hand import Hand, WinBy
from majiang.meld import Meld, MeldKind
from majiang.rules.changchun.fans import CHANGCHUN_FANS, Fan, FanId, special_kong_of
from majiang.rules.changchun.options import Options
from majiang.rules.changchun.payments import Deltas, check_seat, fan_points, win_payments
from majiang.tiles import ALL_TILES, Tile

__all__ = ["ChangchunScore", "Reading", "WinContext", "check_melds", "score", "winning_kinds"]

_TERMINALS = (0, 8, 9, 17, 18, 26)
_DRAGONS = (31, 32, 33)
_SUIT_NAMES = ("万 characters", "饼 dots", "条 bamboo")


@dataclass(frozen=True, slots=True)
class WinContext:
    """Everything about a win that the tiles do not show; contradictions raise ``InvalidHandError``.

    Seats are 0-3 in turn order. ``giver`` is the seat that gave the winning tile: the discarder (放炮) or
    the seat whose addition was robbed (抢胡), the winner's 上家 if not named; None on a self-draw.
    ``treasure``: the winning tile is the 宝牌 drawn by a ready seat, standing for whichever tile wins
    best ("宝牌可代替任何牌"); ``pair_treasure``: 对宝, the 宝牌 seen is the seat's wait and it wins at once.

    >>> WinContext(win_by=WinBy.DISCARD, treasure=True, giver=1)
    Traceback (most recent call last):
    majiang.errors.InvalidHandError: a 宝牌 win is self-drawn (听牌后摸到宝牌即可胡), not discard
    """

    win_by: WinBy = WinBy.DISCARD
    seat: int = 0
    dealer: int = 0
    giver: int | None = None
    treasure: bool = False
    pair_treasure: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "win_by", checked_win_by(self.win_by))
        check_seat("seat", self.seat)
        check_seat("dealer", self.dealer)
        for name in ("treasure", "pair_treasure"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name} must be True or False, not {getattr(self, name)!r}")
        how = self.win_by
        if self.treasure and not how.self_drawn:
            raise InvalidHandError(f"a 宝牌 win is self-drawn (听牌后摸到宝牌即可胡), not {how.value}")
        if self.pair_treasure and how is not WinBy.SELF_DRAWN:
            raise InvalidHandError(f"对宝 is won the moment the 宝牌 is seen, counted self-drawn, "
                                   f"not {how.value}")
        if self.treasure and self.pair_treasure:
            raise InvalidHandError("a win is 宝牌 (the 宝 drawn) or 对宝 (the 宝 seen is the wait), not both")
        if self.giver is not None and check_seat("giver", self.giver) == self.seat:
            raise InvalidHandError(f"giver cannot be the winner (seat {self.seat})")
        if how.self_drawn and self.giver is not None:
            raise InvalidHandError(f"a self-drawn win has no giver, not seat {self.giver}")
        if not how.self_drawn and self.giver is None:
            object.__setattr__(self, "giver", (self.seat - 1) % 4)  # none named: the winner's 上家

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        data = dataclasses.asdict(self)
        data["win_by"] = self.win_by.value
        return data


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read a complete hand: whether it holds a pung (一叉), is all pungs (飘胡), and whether its
    winning tile sits at an edge, in the middle of a chow or as the pair (夹胡's shape)."""

    pung: bool
    all_pungs: bool
    edge: bool


@dataclass(frozen=True, slots=True)
class ChangchunScore:
    """A scored Changchun win: its 番, the points each payer pays and the seats' payments.

    ``total`` is the 番 added; ``points`` what one payer pays; ``stands_for`` the tile the 宝牌 stood for
    (None unless ``context.treasure``); ``waits`` the tiles that would have won the hand (独听: one).
    """

    fans: tuple[Fan, ...]
    total: int
    points: int
    payments: Deltas
    context: WinContext
    options: Options
    waits: tuple[Tile, ...]
    stands_for: Tile | None = None

    @property
    def payer(self) -> int | None:
        """The one seat that pays, or None when all three do."""
        return _payer(self.context, self.options)

    def explain(self) -> str:
        """A readable account: one line a 番, then who pays.

        >>> print(score("[111m]456m789p345s9s 9s", WinContext(seat=1, giver=0)).explain())
        平胡 plain win: 1
        放炮 won on a discard: +1
        夹胡 edge, closed or single wait: +1
        3 番 = 3 points: seat 0 pays 3
        payments: -3 +3 0 0
        """
        lines = [f"{f.zh} {f.en}: {'+' if i else ''}{f.value}" for i, f in enumerate(self.fans)]
        if self.stands_for is not None:
            lines.append(f"(the 宝牌 stands for {self.stands_for.notation()})")
        paid = ", ".join(f"seat {s} pays {-p}" for s, p in enumerate(self.payments) if p < 0)
        lines.append(f"{self.total} 番 = {self.points} points: {paid}")
        lines.append("payments: " + " ".join(f"{p:+d}" if p else "0" for p in self.payments))
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {
            "rules": "changchun",
            "fans": [{"id": f.id.value, "zh": f.zh, "en": f.en, "value": f.value} for f in self.fans],
            "total": self.total,
            "points": self.points,
            "payments": list(self.payments),
            "waits": [t.notation() for t in self.waits],
            "stands_for": None if self.stands_for is None else self.stands_for.notation(),
            "context": self.context.to_dict(),
            "options": self.options.to_dict(),
        }


def check_melds(melds: Sequence[Meld]) -> None:
    """``InvalidHandError`` for a meld of mixed tiles that is no special kong."""
    for m in melds:
        if m.kind is MeldKind.MIXED and special_kong_of({int(t) for t in m.mixed}) is None:
            raise InvalidHandError(f"{m.notation()} is no special kong: 旋风杠 is the four winds, "
                                   "喜杠 中发白, 幺蛋 1m1p1s and 九蛋 9m9p9s, each with later tiles of its "
                                   "kinds")


def _counted(melds: Sequence[Meld], standing: Sequence[int], options: Options) -> list[int]:
    """The 34 counts the tile rules read: the standing tiles and the melds (special kongs as the option
    says)."""
    counts = list(standing)
    for m in melds:
        if m.kind is MeldKind.MIXED and not options.special_tiles_count:
            continue
        for t in m.tiles:
            counts[t] += 1
    return counts


def _tiles_rule_out(melds: Sequence[Meld], standing: Sequence[int], options: Options) -> str | None:
    """Why the tiles alone are no win (三色全, 1/9), or None."""
    counts = _counted(melds, standing, options)
    for suit in range(3):
        if not any(counts[9 * suit:9 * suit + 9]):
            return f"it lacks {_SUIT_NAMES[suit]} (必须三色全)"
    if not any(counts[27:]) and not any(counts[t] for t in _TERMINALS):
        return "it holds no 1 or 9 and no honor (不能缺1，9，当手牌中有风、字牌的时候可免1、9)"
    return None


def _free_of_pung(melds: Sequence[Meld], standing: Sequence[int], options: Options) -> bool:
    """Whether the hand needs no pung: it holds a kong of any kind, or (``dragon_exemption="any"``) a
    dragon ("当手牌有中发白和各种杠牌…可免叉")."""
    if any(m.kind in (MeldKind.KONG, MeldKind.MIXED) for m in melds):
        return True
    return options.dragon_exemption == "any" and any(
        standing[t] or any(t in m.tiles for m in melds) for t in _DRAGONS)


def _readings(melds: Sequence[Meld], standing: Sequence[int], winning: int) -> list[Reading]:
    """Every reading of the standing tiles (the winning one among them) as sets completing the melds to
    four, and a pair."""
    melded_pung = any(m.kind in (MeldKind.PUNG, MeldKind.KONG) for m in melds)
    melded_chow = any(m.kind is MeldKind.CHOW for m in melds)
    rank = winning % 9 if winning < 27 else -1
    out = []
    for sets, pair in iter_decompositions(standing):
        if len(sets) + len(melds) != 4:
            continue
        pung = melded_pung or any(kind == PUNG_SET for kind, _ in sets)
        chow = melded_chow or any(kind == CHOW_SET for kind, _ in sets)
        edge = pair == winning or any(
            kind == CHOW_SET and (t + 1 == winning or (t + 2 == winning and rank == 2)
                                  or (t == winning and rank == 6))
            for kind, t in sets)
        out.append(Reading(pung, not chow, edge))
    return out


def _valid(readings: list[Reading], melds: Sequence[Meld], free: bool) -> list[Reading]:
    """The readings the win conditions allow: a pung (or the exemption), and 手把一 only as 飘胡."""
    return [r for r in readings if (r.pung or free) and (len(melds) < 4 or r.all_pungs)]


def _why_not(melds: Sequence[Meld], standing: Sequence[int], winning: int, options: Options) -> str | None:
    """Why the complete holding is no Changchun win, or None if it is one."""
    readings = _readings(melds, standing, winning)
    if not readings:
        return "it is not four sets and a pair (胡牌组合只考虑只上几种)"
    why = _tiles_rule_out(melds, standing, options)
    if why:
        return why
    if not _valid(readings, melds, _free_of_pung(melds, standing, options)):
        if len(melds) == 4 and any(r.pung for r in readings):
            return "all four sets are melded (手把一), which only 飘胡 may be (只有飘胡允许手把一)"
        return ("it holds no pung, and no kong or dragon to be free of one "
                "(最少有一叉(刻)…当手牌有中发白和各种杠牌的时可免叉)")
    return None


def winning_kinds(melds: Sequence[Meld], counts: Sequence[int],
                  options: Options | None = None) -> tuple[int, ...]:
    """The kinds that make a Changchun win of a holding: ``counts`` the 13 - 3 × melds standing tiles
    (34 ints). Empty: the holding is not ready (未听).

    >>> from majiang.analysis.decompose import counts_of
    >>> from majiang.notation import parse_tiles
    >>> [ALL_TILES[k].notation() for k in winning_kinds([], counts_of(parse_tiles("111m456m789p345s9s")))]
    ['9s']
    """
    options = options or Options()
    found = quick_ready_kinds(list(counts), len(melds), forms=0) or []
    out = []
    standing = list(counts)
    for k in found:
        standing[k] += 1
        if _why_not(melds, standing, k, options) is None:
            out.append(k)
        standing[k] -= 1
    return tuple(out)


def _payer(context: WinContext, options: Options) -> int | None:
    how = context.win_by
    if how.self_drawn or (how is WinBy.ROBBING_KONG and options.robbing == "self-drawn"):
        return None
    return context.giver


def _fans(reading: Reading, single: bool, closed: bool, context: WinContext, options: Options) -> list[FanId]:
    found = [FanId.PLAIN]
    if context.pair_treasure:
        found += [FanId.SELF_DRAWN, FanId.PAIR_TREASURE]
        if options.pair_treasure == "stack":
            found.append(FanId.TREASURE)
    elif context.treasure:
        found.append(FanId.TREASURE)
        if options.treasure_self_drawn:
            found.append(FanId.SELF_DRAWN)
    else:
        found.append(FanId.DISCARD if _payer(context, options) is not None else FanId.SELF_DRAWN)
    edge = {"both": reading.edge and single, "shape": reading.edge, "single": single}[options.edge]
    if edge:
        found.append(FanId.EDGE)
    if reading.all_pungs:
        found.append(FanId.ALL_PUNGS)
    if context.seat == context.dealer:
        found.append(FanId.DEALER)
    if closed:
        found.append(FanId.CLOSED)
    return [f for f in CHANGCHUN_FANS if f in found]


def score(hand: Hand | str, context: WinContext | None = None,
          options: Options | None = None) -> ChangchunScore:
    """Score a Changchun win: the best reading of the hand (the 宝牌 standing for the best tile), its 番,
    points and payments.

    A hand that is no Changchun win raises ``InvalidHandError`` saying which condition it misses; a wrong
    type, ``TypeError``.

    >>> r = score("[ESWN,x]123m456p789s5m 5m", WinContext(win_by=WinBy.SELF_DRAWN, seat=0))
    >>> [f.zh for f in r.fans], r.payments   # the dealer's, closed with its 旋风杠: 单调 on 5m
    (['平胡', '自摸', '夹胡', '庄胡', '立胡'], (15, -5, -5, -5))
    >>> score("111m456m789m345s9s 9s", WinContext(seat=1, giver=0))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    majiang.errors.InvalidHandError: ... it lacks 饼 dots (必须三色全)
    """
    hand, checked, chosen = scoring_inputs(hand, context, options, WinContext, Options)
    context, options = checked, chosen  # (narrowed: no longer None)
    melds = hand.melds
    check_melds(melds)
    if context.win_by is WinBy.KONG_REPLACEMENT and not any(m.kind in (MeldKind.KONG, MeldKind.MIXED)
                                                            for m in melds):
        raise InvalidHandError("a win on a kong's replacement tile needs a kong: the hand shows none")
    assert hand.winning_tile is not None  # (scoring_inputs checked it)
    winning = int(hand.winning_tile)
    before = hand.counts()
    before[winning] -= 1
    waits = winning_kinds(melds, before, options)
    closed = all(m.is_concealed_kong or (m.kind is MeldKind.MIXED and options.special_closed) for m in melds)
    held = hand.counts(include_melds=True)
    stands = [winning]
    if context.treasure:
        # "宝牌可代替任何牌": the 宝 stands for each tile that wins, and the best is taken (就高).
        stands = [k for k in waits if held[k] - (k == winning) < 4] or [winning]
    best: tuple[int, list[FanId], int] | None = None
    why = None
    for k in stands:
        standing = list(before)
        standing[k] += 1
        why = _why_not(melds, standing, k, options)
        if why is not None:
            continue
        free = _free_of_pung(melds, standing, options)
        for reading in _valid(_readings(melds, standing, k), melds, free):
            fans = _fans(reading, len(waits) == 1, closed, context, options)
            total = sum(CHANGCHUN_FANS[f].value for f in fans)
            if best is None or total > best[0]:
                best = (total, fans, k)
    if best is None:
        raise InvalidHandError(f"{hand.notation()} is no Changchun win: {why}")
    total, fans, k = best
    if context.pair_treasure and winning not in waits:
        raise InvalidHandError(f"对宝 is won on the 宝 that is one's wait; {ALL_TILES[winning].notation()} "
                               "is not a wait of the hand without it")
    points = fan_points(total, options)
    payments = win_payments(points, context.seat, _payer(context, options))
    return ChangchunScore(tuple(CHANGCHUN_FANS[f] for f in fans), total, points, payments, context, options,
                          tuple(ALL_TILES[w] for w in waits), ALL_TILES[k] if context.treasure else None)
