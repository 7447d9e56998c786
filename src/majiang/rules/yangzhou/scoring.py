"""Yangzhou scoring (扬州麻将, seed 001): the fans a win makes, its total against the 18/20 minimum, and
what each seat pays.

A win is four sets (chows, pungs, kongs) and a pair. Every way the hand splits (``iter_decompositions``)
and every set the winning tile may have completed is read; each fan of the table (``YANGZHOU_FANS``) is
found with the sets it uses, and the fans are counted from the highest down: a fan counted keeps the fans
it excludes ("不重复计算…") and, with ``combined="replace"``, the fans it is made of, from counting again on
its own sets; the instances of one fan use disjoint sets. The reading with the most fans is scored.

>>> r = score("123m456m789m789pWW", YangzhouContext(win_by=WinBy.SELF_DRAWN))
>>> [(line.fan.zh, line.points) for line in r.fans], r.total, r.payments
([('门清', 1), ('自摸', 1), ('齐相', 1), ('独吊', 1), ('一条龙', 20)], 24, (72, -24, -24, -24))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, NamedTuple

from majiang.analysis.decompose import CHOW_SET, PUNG_SET, iter_decompositions, waits
from majiang.errors import InvalidHandError
from majiang.game.scoring import checked_win_by, scoring_inputs
from majiang.hand import Hand, WinBy
from majiang.meld import MeldKind
from majiang.rules.yangzhou.fans import YANGZHOU_FANS, Fan, FanId, suppressed_by
from majiang.rules.yangzhou.options import Options
from majiang.tiles import DRAGONS, WINDS, Tile

__all__ = ["Deltas", "FanLine", "YangzhouContext", "YangzhouScore", "fan_lines", "payments", "score"]

Deltas = tuple[int, int, int, int]
"""The score changes of seats 0-3; they sum to zero."""

KONG_SET = 2
"""A set's kind here beside ``CHOW_SET`` and ``PUNG_SET``: a kong."""
_ALL = frozenset(range(5))
"""The sets a whole-hand fan uses: the four sets (0-3) and the pair (4)."""
_CHOW_PAIR_FANS = frozenset({FanId.MIXED_CHOWS, FanId.LINKED_CHOWS, FanId.OLD_YOUNG})
_ORDER = sorted(YANGZHOU_FANS.values(), key=lambda f: -f.value)
"""The fans counted from the highest down (a combined fan is worth more than each of its parts)."""


def _check_seat(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be a seat number 0-3, not {value!r}")
    if not 0 <= value <= 3:
        raise InvalidHandError(f"{name} must be a seat 0-3, not {value}")
    return value


@dataclass(frozen=True, slots=True)
class YangzhouContext:
    """What the tiles do not show: how the hand was won, the winds, the winner and the seat that pays.

    Seats are 0-3 in turn order. ``giver`` is the discarder (or the konger robbed); on a discard it
    defaults to the winner's 上家. A self-drawn win has none.

    >>> YangzhouContext(winner=2).giver
    1
    >>> YangzhouContext(win_by=WinBy.SELF_DRAWN, giver=0)
    Traceback (most recent call last):
    majiang.errors.InvalidHandError: a self-drawn win has no giver, not seat 0
    """

    win_by: WinBy = WinBy.DISCARD
    seat_wind: Tile = Tile.EAST
    round_wind: Tile = Tile.EAST
    winner: int = 0
    giver: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "win_by", checked_win_by(self.win_by))
        for name in ("seat_wind", "round_wind"):
            wind = getattr(self, name)
            if isinstance(wind, bool) or not isinstance(wind, int) or wind not in WINDS:
                raise InvalidHandError(f"{name} must be a wind (E, S, W, N), not {wind!r}")
            object.__setattr__(self, name, Tile(wind))
        _check_seat("winner", self.winner)
        if self.win_by.self_drawn:
            if self.giver is not None:
                raise InvalidHandError(f"a self-drawn win has no giver, not seat {self.giver}")
        elif self.giver is None:
            object.__setattr__(self, "giver", (self.winner + 3) % 4)
        elif _check_seat("giver", self.giver) == self.winner:
            raise InvalidHandError(f"the giver cannot be the winner (seat {self.winner})")

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {"win_by": self.win_by.value, "seat_wind": self.seat_wind.notation(),
                "round_wind": self.round_wind.notation(), "winner": self.winner, "giver": self.giver}


@dataclass(frozen=True, slots=True)
class FanLine:
    """A fan as a score counts it: how many times it was made and the 番 it brings."""

    fan: Fan
    count: int
    points: int


@dataclass(frozen=True, slots=True)
class YangzhouScore:
    """A scored Yangzhou hand: its fans, total, whether it reaches the minimum, and the payments (one
    share is the total; a self-draw takes a share from each other seat, a discard two from the discarder).
    """

    fans: tuple[FanLine, ...]
    total: int
    wins: bool
    payments: Deltas
    context: YangzhouContext
    options: Options

    def explain(self) -> str:
        """A readable account: a line a fan, the total against the minimum, then who pays.

        >>> print(score("[123m,1]456m789m789p11p", YangzhouContext(winner=1, giver=0)).explain())
        平胡 all chows, no honors: 1 番
        缺一 one suit missing: 1 番
        幺头 pair of 1s or 9s: 1 番
        齐相 same chow in two suits: 1 番
        独吊 single wait on the pair: 1 番
        一条龙 pure straight: 20 番
        total 25 番 (a win: 18 at least)
        seat 0 pays 50 (放炮 pays double)
        payments: -50 +50 0 0
        """
        lines = [f"{line.fan.zh} {line.fan.en}: {line.points} 番" + (f" ({line.count}×)" if line.count > 1
                                                                      else "") for line in self.fans]
        need = f"more than {self.options.minimum}" if self.options.above_minimum else \
            f"{self.options.minimum} at least"
        lines.append(f"total {self.total} 番 ({'a win' if self.wins else 'no win'}: {need})")
        if self.wins:
            if self.context.win_by.self_drawn:
                lines.append(f"each other seat pays {self.total} (自摸)")
            else:
                paid = ", ".join(f"seat {s} pays {-p}" for s, p in enumerate(self.payments) if p < 0)
                lines.append(f"{paid} (放炮 pays double)")
            lines.append("payments: " + " ".join(f"{p:+d}" if p else "0" for p in self.payments))
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {
            "rules": "yangzhou",
            "fans": [{"id": line.fan.id.value, "zh": line.fan.zh, "en": line.fan.en, "count": line.count,
                      "points": line.points} for line in self.fans],
            "total": self.total,
            "wins": self.wins,
            "minimum": self.options.minimum,
            "payments": list(self.payments),
            "context": self.context.to_dict(),
            "options": self.options.to_dict(),
        }


class _Set(NamedTuple):
    """One of a reading's four sets: ``kind`` (``CHOW_SET``, ``PUNG_SET``, ``KONG_SET``), its (lowest)
    ``tile``, ``melded`` (laid from a claim: 吃, 碰, 明杠, 加杠) and ``in_hand`` (its tiles all the
    player's own: a concealed pung or kong, not a pung the winning discard completed)."""

    kind: int
    tile: int
    melded: bool
    in_hand: bool


class _Made(NamedTuple):
    """A fan found in a reading, the sets it uses (0-3, the pair 4) and its 番."""

    fan: FanId
    uses: frozenset[int]
    value: int


@dataclass(frozen=True, slots=True)
class _Reading:
    """One way to read a winning hand: its sets, its pair, and what the fans look at."""

    sets: tuple[_Set, ...]
    pair: int
    pair_wait: bool
    self_drawn: bool
    one_wait: bool
    suits: frozenset[int]
    honors: bool
    terminals: bool
    context: YangzhouContext
    options: Options


# -- the fans, one rule each ------------------------------------------------------------------------

Relation = Callable[[tuple[int, int], tuple[int, int]], bool]
"""Whether two chows, each (suit, rank index), make a fan of a pair of chows."""
Shape = Callable[[list[tuple[int, int]], tuple[tuple[int, int, int], ...]], bool]
"""Whether some chows make a fan: their (suit, rank index) sorted, and the chows with their set index."""


def _whole(fan: FanId, hit: bool) -> list[_Made]:
    return [_Made(fan, _ALL, YANGZHOU_FANS[fan].value)] if hit else []


def _chows(r: _Reading) -> list[tuple[int, int, int]]:
    """The reading's chows as (set index, suit, rank index of the lowest tile)."""
    return [(i, s.tile // 9, s.tile % 9) for i, s in enumerate(r.sets) if s.kind == CHOW_SET]


def _all_pungs(r: _Reading) -> bool:
    return all(s.kind != CHOW_SET for s in r.sets)


def _flush(r: _Reading, honors: bool) -> bool:
    return len(r.suits) == 1 and r.honors == honors


def concealed(r: _Reading) -> list[_Made]:
    """门清: no chow, pung or kong claimed (a concealed kong keeps it)."""
    return _whole(FanId.CONCEALED, not any(s.melded for s in r.sets))


def plain(r: _Reading) -> list[_Made]:
    """平胡: four chows and no honor tile (风牌: the seed's 风 are the winds and the dragons)."""
    chows = all(s.kind == CHOW_SET for s in r.sets) and not r.honors
    if chows and r.options.plain_chows == "claimed":
        chows = any(s.melded for s in r.sets)
    return _whole(FanId.PLAIN, chows)


def self_drawn(r: _Reading) -> list[_Made]:
    """自摸."""
    return _whole(FanId.SELF_DRAWN, r.self_drawn)


def one_wait(r: _Reading) -> list[_Made]:
    """丫子: the hand waited on one kind of tile (with 独吊 only under ``lone_wait_both``)."""
    return _whole(FanId.ONE_WAIT, r.one_wait and (not r.pair_wait or r.options.lone_wait_both))


def two_suits(r: _Reading) -> list[_Made]:
    """缺一: no honor, and two of the three suits."""
    return _whole(FanId.TWO_SUITS, not r.honors and len(r.suits) == 2)


def terminal_pair(r: _Reading) -> list[_Made]:
    """幺头: no honor, and the pair a 1 or a 9."""
    return _whole(FanId.TERMINAL_PAIR, not r.honors and r.pair % 9 in (0, 8))


def kong(r: _Reading) -> list[_Made]:
    """杠牌: a concealed kong 2, a melded or added one 1; a dragon kong doubled (or one more)."""
    out = []
    for i, s in enumerate(r.sets):
        if s.kind == KONG_SET:
            value = 1 if s.melded else 2
            if s.tile in DRAGONS:
                value = value * 2 if r.options.dragon_kong == "double" else value + 1
            out.append(_Made(FanId.KONG, frozenset({i}), value))
    return out


def all_simples(r: _Reading) -> list[_Made]:
    """断幺: no honor, no 1 or 9."""
    return _whole(FanId.ALL_SIMPLES, not r.honors and not r.terminals)


def _chow_pairs(r: _Reading, fan: FanId, related: Relation) -> list[_Made]:
    chows = _chows(r)
    return [_Made(fan, frozenset({a[0], b[0]}), 1) for k, a in enumerate(chows) for b in chows[k + 1:]
            if related(a[1:], b[1:])]


def mixed_chows(r: _Reading) -> list[_Made]:
    """齐相: two chows of the same numbers in two suits."""
    return _chow_pairs(r, FanId.MIXED_CHOWS, lambda a, b: a[1] == b[1] and a[0] != b[0])


def linked_chows(r: _Reading) -> list[_Made]:
    """连副: two chows of one suit, one running on from the other (345 678)."""
    return _chow_pairs(r, FanId.LINKED_CHOWS, lambda a, b: a[0] == b[0] and abs(a[1] - b[1]) == 3)


def old_young(r: _Reading) -> list[_Made]:
    """老少: 123 and 789 of one suit."""
    return _chow_pairs(r, FanId.OLD_YOUNG, lambda a, b: a[0] == b[0] and {a[1], b[1]} == {0, 6})


def concealed_pung(r: _Reading) -> list[_Made]:
    """子格: a pung of three in hand (not a kong, which its 杠牌 pays; not a pung the discard completed)."""
    added = r.options.dragon_pungs == "added"
    return [_Made(FanId.CONCEALED_PUNG, frozenset({i}), 1) for i, s in enumerate(r.sets)
            if s.kind == PUNG_SET and s.in_hand and not (added and s.tile in DRAGONS)]


def seat_wind(r: _Reading) -> list[_Made]:
    """门风: a pung or kong of the seat's wind 2, of another wind 1 (``other_winds``)."""
    out = []
    for i, s in enumerate(r.sets):
        if s.kind != CHOW_SET and s.tile in WINDS:
            if s.tile == r.context.seat_wind:
                out.append(_Made(FanId.SEAT_WIND, frozenset({i}), 2))
            elif r.options.other_winds:
                out.append(_Made(FanId.SEAT_WIND, frozenset({i}), 1))
    return out


def round_wind(r: _Reading) -> list[_Made]:
    """圈风: a pung or kong of the round's wind."""
    return [_Made(FanId.ROUND_WIND, frozenset({i}), 1) for i, s in enumerate(r.sets)
            if s.kind != CHOW_SET and s.tile == r.context.round_wind]


def dragon_pung(r: _Reading) -> list[_Made]:
    """中发白: a pung or kong of a dragon 1 (``dragon_pungs="added"``: 2 claimed, 3 in hand)."""
    added = r.options.dragon_pungs == "added"
    return [_Made(FanId.DRAGON_PUNG, frozenset({i}), (3 if s.in_hand else 2) if added else 1)
            for i, s in enumerate(r.sets) if s.kind != CHOW_SET and s.tile in DRAGONS]


def pair_wait(r: _Reading) -> list[_Made]:
    """独吊: four sets and a single tile, waiting on that tile alone to pair it."""
    return _whole(FanId.PAIR_WAIT, r.pair_wait and r.one_wait)


def _groups(r: _Reading, size: int) -> Iterator[tuple[tuple[int, int, int], ...]]:
    """Every ``size`` chows of the reading, in set order."""
    return combinations(_chows(r), size)


def _chow_fan(r: _Reading, fan: FanId, size: int, shape: Shape) -> list[_Made]:
    """The ``size`` chows whose (suit, rank) pairs, sorted, make ``shape``."""
    value = YANGZHOU_FANS[fan].value
    return [_Made(fan, frozenset(c[0] for c in group), value) for group in _groups(r, size)
            if shape(sorted(c[1:] for c in group), group)]


def twin_chows(r: _Reading) -> list[_Made]:
    """一板: two chows alike."""
    return _chow_fan(r, FanId.TWIN_CHOWS, 2, lambda c, g: c[0] == c[1])


def all_pungs(r: _Reading) -> list[_Made]:
    """对对胡: four pungs or kongs."""
    return _whole(FanId.ALL_PUNGS, _all_pungs(r))


def _straight(c: list[tuple[int, int]]) -> bool:
    return len({s for s, _ in c}) == 1 and {0, 3, 6} <= {k for _, k in c}


def pure_straight(r: _Reading) -> list[_Made]:
    """一条龙: 123 456 789 of one suit."""
    return _chow_fan(r, FanId.PURE_STRAIGHT, 3, lambda c, g: _straight(c))


def half_flush(r: _Reading) -> list[_Made]:
    """混一色: one suit and honors."""
    return _whole(FanId.HALF_FLUSH, _flush(r, True))


def triple_chow(r: _Reading) -> list[_Made]:
    """三幅同: the same chow in the three suits."""
    return _chow_fan(r, FanId.TRIPLE_CHOW, 3,
                     lambda c, g: len({k for _, k in c}) == 1 and len({s for s, _ in c}) == 3)


def _two_suits_of(c: list[tuple[int, int]], ranks: list[int]) -> bool:
    """Two suits, each holding chows at ``ranks``."""
    suits = sorted({s for s, _ in c})
    return len(suits) == 2 and all(sorted(k for s, k in c if s == suit) == ranks for suit in suits)


def double_old_young(r: _Reading) -> list[_Made]:
    """双老少: 123 and 789 in each of two suits."""
    return _chow_fan(r, FanId.DOUBLE_OLD_YOUNG, 4, lambda c, g: _two_suits_of(c, [0, 6]))


def double_linked(r: _Reading) -> list[_Made]:
    """双飘: in each of two suits the same two chows, one running on from the other (123 456)."""
    return _chow_fan(r, FanId.DOUBLE_LINKED, 4,
                     lambda c, g: any(_two_suits_of(c, [k, k + 3]) for k in range(4)))


def twin_straight(r: _Reading) -> list[_Made]:
    """板龙: 一条龙 and a fourth chow alike one of its three."""
    return _chow_fan(r, FanId.TWIN_STRAIGHT, 4,
                     lambda c, g: _straight(c) and sorted(k for _, k in c) in ([0, 0, 3, 6], [0, 3, 3, 6],
                                                                               [0, 3, 6, 6]))


def quadruple_chow(r: _Reading) -> list[_Made]:
    """四幅同: the same chow four times, in all three suits."""
    return _chow_fan(r, FanId.QUADRUPLE_CHOW, 4,
                     lambda c, g: len({k for _, k in c}) == 1 and len({s for s, _ in c}) == 3)


def half_flush_pungs(r: _Reading) -> list[_Made]:
    """混对对: 混一色 and 对对胡."""
    return _whole(FanId.HALF_FLUSH_PUNGS, _flush(r, True) and _all_pungs(r))


def _two_twins(c: list[tuple[int, int]]) -> bool:
    return c[0] == c[1] and c[2] == c[3]


def two_twins(r: _Reading) -> list[_Made]:
    """双板: two 一板."""
    return _chow_fan(r, FanId.TWO_TWINS, 4, lambda c, g: _two_twins(c))


def half_flush_straight(r: _Reading) -> list[_Made]:
    """混龙: 混一色 with 一条龙."""
    return _whole(FanId.HALF_FLUSH_STRAIGHT, _flush(r, True) and bool(pure_straight(r)))


def half_flush_twin_straight(r: _Reading) -> list[_Made]:
    """混板龙: an honor pair and 板龙."""
    return _whole(FanId.HALF_FLUSH_TWIN_STRAIGHT, _flush(r, True) and bool(twin_straight(r)))


def iron_plate(r: _Reading) -> list[_Made]:
    """铁板: three chows alike; under ``iron_plate="seed"`` not one claimed with two in hand ("吃的234万，
    手里234万234万，不算铁板")."""
    def alike(c: list[tuple[int, int]], group: tuple[tuple[int, int, int], ...]) -> bool:
        if len(set(c)) != 1:
            return False
        claimed = sum(r.sets[i].melded for i, _, _ in group)
        return r.options.iron_plate == "any" or claimed != 1
    return _chow_fan(r, FanId.IRON_PLATE, 3, alike)


def full_flush(r: _Reading) -> list[_Made]:
    """清一色: one suit, no honor."""
    return _whole(FanId.FULL_FLUSH, _flush(r, False))


def two_twins_linked(r: _Reading) -> list[_Made]:
    """双板双连: 双板 whose two chows run on in one suit (123 123 456 456)."""
    return _chow_fan(r, FanId.TWO_TWINS_LINKED, 4,
                     lambda c, g: _two_twins(c) and c[0][0] == c[2][0] and c[2][1] - c[0][1] == 3)


def two_twins_mixed(r: _Reading) -> list[_Made]:
    """双板双喜: 双板 of the same chow in two suits (234 234 of one, 234 234 of another)."""
    return _chow_fan(r, FanId.TWO_TWINS_MIXED, 4,
                     lambda c, g: _two_twins(c) and c[0][1] == c[2][1] and c[0][0] != c[2][0])


def two_twins_old_young(r: _Reading) -> list[_Made]:
    """双板双老少: 双板 of 123 and 789 of one suit."""
    return _chow_fan(r, FanId.TWO_TWINS_OLD_YOUNG, 4,
                     lambda c, g: _two_twins(c) and c[0][0] == c[2][0] and (c[0][1], c[2][1]) == (0, 6))


def full_flush_pungs(r: _Reading) -> list[_Made]:
    """清对对: 清一色 and 对对胡."""
    return _whole(FanId.FULL_FLUSH_PUNGS, _flush(r, False) and _all_pungs(r))


def full_flush_twin_straight(r: _Reading) -> list[_Made]:
    """清板龙: 清一色 and 板龙."""
    return _whole(FanId.FULL_FLUSH_TWIN_STRAIGHT, _flush(r, False) and bool(twin_straight(r)))


def all_honors(r: _Reading) -> list[_Made]:
    """风清: honors only."""
    return _whole(FanId.ALL_HONORS, not r.suits)


def steel_plate(r: _Reading) -> list[_Made]:
    """钢板: four chows alike."""
    return _chow_fan(r, FanId.STEEL_PLATE, 4, lambda c, g: len(set(c)) == 1)


RULES = {
    FanId.CONCEALED: concealed, FanId.PLAIN: plain, FanId.SELF_DRAWN: self_drawn, FanId.ONE_WAIT: one_wait,
    FanId.TWO_SUITS: two_suits, FanId.TERMINAL_PAIR: terminal_pair, FanId.KONG: kong,
    FanId.ALL_SIMPLES: all_simples, FanId.MIXED_CHOWS: mixed_chows, FanId.LINKED_CHOWS: linked_chows,
    FanId.OLD_YOUNG: old_young, FanId.CONCEALED_PUNG: concealed_pung, FanId.SEAT_WIND: seat_wind,
    FanId.ROUND_WIND: round_wind, FanId.DRAGON_PUNG: dragon_pung, FanId.PAIR_WAIT: pair_wait,
    FanId.TWIN_CHOWS: twin_chows, FanId.ALL_PUNGS: all_pungs, FanId.PURE_STRAIGHT: pure_straight,
    FanId.HALF_FLUSH: half_flush, FanId.TRIPLE_CHOW: triple_chow, FanId.DOUBLE_OLD_YOUNG: double_old_young,
    FanId.DOUBLE_LINKED: double_linked, FanId.TWIN_STRAIGHT: twin_straight,
    FanId.QUADRUPLE_CHOW: quadruple_chow, FanId.HALF_FLUSH_PUNGS: half_flush_pungs,
    FanId.TWO_TWINS: two_twins, FanId.HALF_FLUSH_STRAIGHT: half_flush_straight,
    FanId.HALF_FLUSH_TWIN_STRAIGHT: half_flush_twin_straight, FanId.IRON_PLATE: iron_plate,
    FanId.FULL_FLUSH: full_flush, FanId.TWO_TWINS_LINKED: two_twins_linked,
    FanId.TWO_TWINS_MIXED: two_twins_mixed, FanId.TWO_TWINS_OLD_YOUNG: two_twins_old_young,
    FanId.FULL_FLUSH_PUNGS: full_flush_pungs, FanId.FULL_FLUSH_TWIN_STRAIGHT: full_flush_twin_straight,
    FanId.ALL_HONORS: all_honors, FanId.STEEL_PLATE: steel_plate,
}
"""Each fan's rule: the reading in, the fan's instances (with the sets each uses) out."""


# -- counting ---------------------------------------------------------------------------------------

def _disjoint(found: list[_Made]) -> list[_Made]:
    """The most instances of one fan no two of which share a set (the first such choice)."""
    best: list[_Made] = []

    def grow(start: int, chosen: list[_Made], used: frozenset[int]) -> None:
        nonlocal best
        if len(chosen) > len(best):
            best = list(chosen)
        for k in range(start, len(found)):
            if not found[k].uses & used:
                chosen.append(found[k])
                grow(k + 1, chosen, used | found[k].uses)
                chosen.pop()

    grow(0, [], frozenset())
    return best


def _count(r: _Reading) -> list[_Made]:
    """The fans counted in a reading, highest first."""
    replace = r.options.replaces_parts
    counted: list[_Made] = []
    blocked: list[tuple[frozenset[FanId], frozenset[int]]] = []
    for fan in _ORDER:
        found = [m for m in RULES[fan.id](r)
                 if not any(fan.id in keeps and m.uses <= uses for keeps, uses in blocked)]
        if not found:
            continue
        chosen = _disjoint(found)
        if fan.id in _CHOW_PAIR_FANS and r.options.chow_pairs == "once":
            chosen = chosen[:1]
        counted.extend(chosen)
        keeps = suppressed_by(fan.id, replace)
        if keeps:
            blocked.extend((keeps, m.uses) for m in chosen)
    return counted


def fan_lines(counted: Sequence[_Made]) -> tuple[FanLine, ...]:
    """The counted fans as lines, one a fan, in table order."""
    lines = []
    for fan in YANGZHOU_FANS.values():
        made = [m for m in counted if m.fan is fan.id]
        if made:
            lines.append(FanLine(fan, len(made), sum(m.value for m in made)))
    return tuple(lines)


# -- reading a hand ---------------------------------------------------------------------------------

def _melded_sets(hand: Hand) -> list[_Set]:
    out = []
    for m in hand.melds:
        if m.kind is MeldKind.MIXED:
            raise InvalidHandError(f"Yangzhou has no meld of mixed tiles ({m.notation()})")
        if m.kind is MeldKind.CHOW:
            out.append(_Set(CHOW_SET, int(m.tile), True, False))
        elif m.kind is MeldKind.PUNG:
            out.append(_Set(PUNG_SET, int(m.tile), True, False))
        else:
            hidden = m.is_concealed_kong
            out.append(_Set(KONG_SET, int(m.tile), not hidden, hidden))
    return out


def _readings(hand: Hand, context: YangzhouContext, options: Options) -> Iterator[_Reading]:
    """Every reading of a winning hand: each split, and each set the winning tile may have completed."""
    assert hand.winning_tile is not None
    win = int(hand.winning_tile)
    melded = _melded_sets(hand)
    all_counts = hand.counts(include_melds=True)
    suits = frozenset(s for s in range(3) if any(all_counts[s * 9:s * 9 + 9]))
    honors = any(all_counts[27:])
    terminals = any(all_counts[s * 9] or all_counts[s * 9 + 8] for s in range(3))
    before = hand.counts()
    before[win] -= 1
    one_wait = len(waits(before)) == 1
    discard = not context.win_by.self_drawn
    for sets, pair in iter_decompositions(hand.counts()):
        if len(sets) + len(melded) != 4:
            continue
        # Where the winning tile sat: the pair, or a pung or chow that holds it (standing sets only).
        places: list[int] = [-1] if pair == win else []
        places.extend(i for i, (kind, tile) in enumerate(sets) if tile == win or (
            kind == CHOW_SET and tile <= win <= tile + 2 and tile // 9 == win // 9))
        for place in places:
            standing = [_Set(kind, tile, False, not (discard and k == place and kind == PUNG_SET))
                        for k, (kind, tile) in enumerate(sets)]
            yield _Reading((*melded, *standing), pair, place == -1, context.win_by.self_drawn, one_wait,
                           suits, honors, terminals, context, options)


def payments(total: int, context: YangzhouContext, options: Options | None = None) -> Deltas:
    """What each seat gains for a win of ``total`` 番 (one share): a self-draw takes a share from each
    other seat ("自摸三家都要给"); a discard two from the discarder ("放炮的需要付双份"), and with
    ``discard_payers="all"`` one from each of the two others besides.

    >>> payments(20, YangzhouContext(winner=1, giver=3))
    (0, 40, 0, -40)
    >>> payments(20, YangzhouContext(winner=1, giver=3), Options(discard_payers="all"))
    (-20, 80, -20, -40)
    """
    options = options or Options()
    deltas = [0, 0, 0, 0]
    for seat in range(4):
        if seat == context.winner:
            continue
        if context.giver is None:
            share = total
        elif seat == context.giver:
            share = 2 * total
        else:
            share = total if options.discard_payers == "all" else 0
        deltas[seat] -= share
        deltas[context.winner] += share
    return deltas[0], deltas[1], deltas[2], deltas[3]


def score(hand: Hand | str, context: YangzhouContext | None = None,
          options: Options | None = None) -> YangzhouScore:
    """Score a Yangzhou hand: the reading with the most fans. A hand that is not four sets and a pair
    raises ``InvalidHandError``; one below the minimum scores with ``wins`` False and no payments.

    >>> r = score("123m456m789m11pEEE", YangzhouContext(seat_wind=Tile.SOUTH))   # E on a discard: no 子格
    >>> [line.fan.zh for line in r.fans], r.total, r.wins
    (['门清', '门风', '圈风', '一条龙'], 23, True)
    >>> score("123m456p789s11p234s").wins
    False
    """
    hand, checked, chosen = scoring_inputs(hand, context, options, YangzhouContext, Options)
    context, options = checked, chosen  # (narrowed: no longer None)
    if context.win_by is WinBy.KONG_REPLACEMENT and not any(m.is_kong for m in hand.melds):
        raise InvalidHandError("a win on a kong's replacement tile needs a kong in the hand")
    best: list[_Made] | None = None
    best_total = -1
    for reading in _readings(hand, context, options):
        counted = _count(reading)
        total = sum(m.value for m in counted)
        if total > best_total:
            best, best_total = counted, total
    if best is None:
        raise InvalidHandError(f"{hand.notation()} is not a winning hand: Yangzhou wins are four sets and a "
                               "pair")
    wins = options.wins(best_total)
    paid = payments(best_total, context, options) if wins else (0, 0, 0, 0)
    return YangzhouScore(fan_lines(best), best_total, wins, paid, context, options)
