"""Sichuan table payments (seed 004) as pure functions, and the table options they read (``TableOptions``).

Every payment function returns the score changes of the four seats (a ``Deltas`` tuple that sums to
zero), in points: multiples of ``base``, the scoring profile's 基本分 (``Options.base``). Who pays
depends on who is *still in*: in 血战到底 a seat that has won leaves the hand and pays nothing more
(seed 004: "面下杠,立刻收取其她未胡者1倍点数"); in 血流成河 every seat stays in.

>>> kong_payment(KongKind.CONCEALED, 0, still_in=(0, 1, 2, 3), base=6)
(36, -12, -12, -12)
>>> kong_payment(KongKind.ADDED, 0, still_in=(0, 2, 3), base=6)
(12, 0, -6, -6)
"""

from __future__ import annotations

import dataclasses
import warnings
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from majiang.errors import IllegalActionError, InvalidOptionError
from majiang.meld import KongKind
from majiang.rules.bounds import Bounds, check_bound

__all__ = [
    "DEFAULT_TABLE",
    "Deltas",
    "Exchange",
    "KongBloom",
    "KongKind",
    "Mode",
    "NextDealer",
    "PassLock",
    "ReadyPrice",
    "TableFields",
    "TableOptions",
    "exchange_direction",
    "exchange_receiver",
    "flower_pig_payments",
    "kong_discard_transfer",
    "kong_payment",
    "next_dealer",
    "not_ready_payments",
    "refund_kongs",
    "settle_exhausted",
    "void_kong",
    "win_payment",
]

Deltas = tuple[int, int, int, int]
"""The score changes of seats 0-3 from one payment; they sum to zero."""

ZERO: Deltas = (0, 0, 0, 0)


class _Choice(StrEnum):
    """A StrEnum whose unknown values raise InvalidOptionError naming the option and the choices."""

    @classmethod
    def _missing_(cls, value: object) -> _Choice:
        choices = ", ".join(repr(m.value) for m in cls)
        raise InvalidOptionError(f"{_OPTION_NAMES[cls.__name__]} must be one of {choices}, not {value!r}")


_OPTION_NAMES = {"Mode": "mode", "Exchange": "exchange", "NextDealer": "next_dealer_by",
                 "KongBloom": "melded_kong_bloom", "ReadyPrice": "not_ready_pays",
                 "PassLock": "pass_win_lock"}


class Mode(_Choice):
    """What a win does to the hand: 血战到底, 血流成河, or the hand ends at the first win(s)."""

    BLOOD_BATTLE = "blood-battle"  # 血战到底: a winner leaves; on until three have won or the wall ends
    BLOOD_RIVER = "blood-river"  # 血流成河: winners stay and may win again until the wall ends
    SINGLE = "single"  # 普通场: the hand ends at the first win (with every winner of that discard)


class Exchange(_Choice):
    """换三张: whether each seat passes three tiles before play, and to whom."""

    NONE = "none"
    DICE = "dice"  # the direction is rolled each hand (exchange_direction)
    CLOCKWISE = "clockwise"  # to the seat on the left, 上家 (seat − 1)
    COUNTERCLOCKWISE = "counterclockwise"  # to the seat on the right, 下家 (seat + 1), the turn order
    ACROSS = "across"  # to the seat opposite, 对家 (seat + 2)


class NextDealer(_Choice):
    """Who deals the next hand (坐庄)."""

    MODE = "mode"  # as seed 004's 坐庄 says for the mode: dice in 血战 and 血流, discarder in single
    DICE = "dice"  # 血战: "每局投骰", the dealer is rolled for every hand
    DISCARDER = "discarder"  # 非血战: "点炮者坐庄,流局则连庄"
    FIRST_WINNER = "first-winner"  # "本盘胡牌者为下一盘的庄家"; the discarder when it fed several winners

    def for_mode(self, mode: Mode | str) -> NextDealer:
        """The rule this one comes to in ``mode``: ``mode`` is ``dice`` in 血战 and 血流, ``discarder`` in
        the single-win mode (seed 004 "非血战:第二局起 点炮者坐庄…血战:每局投骰"); any other is itself.

        >>> NextDealer.MODE.for_mode("single"), NextDealer.MODE.for_mode("blood-river")
        (<NextDealer.DISCARDER: 'discarder'>, <NextDealer.DICE: 'dice'>)
        """
        if self is not NextDealer.MODE:
            return self
        return NextDealer.DISCARDER if Mode(mode) is Mode.SINGLE else NextDealer.DICE


class KongBloom(_Choice):
    """Who pays 杠上花 on the replacement of a kong made on another seat's discard (直杠, 引杠)."""

    DISCARDER = "discarder"  # seed 004's first list: "别人打牌,引杠,再杠上花,算引杠者点炮"
    SELF_DRAWN = "self-drawn"  # its later list: "自摸,杠上花（实为自摸一种）,未胡者输分"


class ReadyPrice(_Choice):
    """What a seat not ready at the wall's end pays each ready seat (查叫)."""

    LARGEST = "largest"  # the later list: "赔给听牌的玩家最大的可能番（大叫）"
    SMALLEST = "smallest"  # the first list: "牌面最小可得的点数（按照最小分数计算"


class PassLock(_Choice):
    """过水: what a seat that let a win go may not win on until its next turn (seed 004
    "在同一圈内,不能弃先胡后,但就是加分可以胡"); a win scoring more than the one let go is always allowed."""

    ANY = "any"  # no win on another seat's tile (a discard, a kong robbed) unless it scores more
    SAME_TILE = "same-tile"  # only the kind let go is refused, unless it scores more
    NONE = "none"  # no lock: a win let go may be made later


@dataclass(frozen=True)
class TableFields:
    """The Sichuan table's options, declared once: the fields (and defaults) of ``TableOptions`` and of the
    ruleset (``SichuanRules``), which both take them from here."""

    __slots__ = ()

    mode: Mode = Mode.BLOOD_BATTLE
    """血战到底 by default: the mode seed 004 describes ("1家胡了并不结束该局…直到有3家都胡")."""
    several_winners: bool = True
    """一炮多响: every seat that wins on one discard wins (seed 004 "则均可胡牌")."""
    exchange: Exchange = Exchange.NONE
    """换三张: not in the sources, so off by default."""
    declare_void: bool = False
    """定缺 before play, whose suit must be discarded first: not in the sources, so off by default."""
    forced_win_last_four: bool = True
    """最后四张自动胡: in the wall's last four tiles a ready seat must win (seed 004 "玩家没有选择的权利")."""
    next_dealer_by: NextDealer = NextDealer.MODE
    """As seed 004's 坐庄 says for the mode: 血战 rolls every hand ("血战:每局投骰"), in the single-win mode
    the discarder deals ("非血战:第二局起 点炮者坐庄,流局则连庄")."""
    flower_pig: int = 16
    """查花猪: a seat holding three suits at the wall's end pays this × base to each other seat still
    in that is not one (seed 004 "花猪赔给非花猪玩家16倍点数"); 0 turns the check off."""
    direct_kong: int = 1
    """直杠: the discarder pays this × base (seed 004 "直杠,立刻收取引杠者1倍点数")."""
    added_kong: int = 1
    """面下杠: every other seat still in pays this × base (seed 004 "收取其她未胡者1倍点数")."""
    concealed_kong: int = 2
    """暗杠: every other seat still in pays this × base (seed 004 "下雨立刻收取其她未胡者2倍点数")."""
    refund_kongs_when_not_ready: bool = True
    """查大叫: a seat not ready at the wall's end returns its kong income (seed 004
    "并退回所有刮风下雨所得")."""
    melded_kong_bloom: KongBloom = KongBloom.DISCARDER
    """杠上花 on a kong made on a discard is the discarder's 点炮 (seed 004
    "别人打牌,引杠,再杠上花,算引杠者点炮", the rule for this very case, over the general
    "杠上花（实为自摸一种）,未胡者输分")."""
    not_ready_pays: ReadyPrice = ReadyPrice.LARGEST
    """查大叫 pays each ready seat its largest possible win (seed 004
    "赔给听牌的玩家最大的可能番（大叫）")."""
    pass_win_lock: PassLock = PassLock.ANY
    """过水: a seat that let a win go wins on no other seat's tile until its next turn, unless the win scores
    more (seed 004 "在同一圈内,不能弃先胡后,但就是加分可以胡")."""


@dataclass(frozen=True, slots=True)
class TableOptions(TableFields):
    """The table rules of a Sichuan hand; each default and its source is in docs/sichuan.md ("The table").

    Enum fields also take their string values (``mode="blood-river"``); anything else raises
    ``InvalidOptionError``. The multipliers are of the scoring profile's base.
    """

    def __post_init__(self) -> None:
        # A plain string (from the CLI, JSON or a record) becomes the enum; an unknown one is refused.
        for name, kind in _ENUMS.items():
            object.__setattr__(self, name, kind(getattr(self, name)))
        for name in _FLAGS:
            if not isinstance(getattr(self, name), bool):
                raise InvalidOptionError(f"{name} must be True or False, not {getattr(self, name)!r}")
        for name, bounds in TABLE_BOUNDS.items():
            check_bound(name, getattr(self, name), bounds)

    def replace(self, **changes: Any) -> TableOptions:
        """A copy with some fields changed; unknown fields raise ``InvalidOptionError``.

        >>> TableOptions().replace(mode="blood-river").mode
        <Mode.BLOOD_RIVER: 'blood-river'>
        """
        unknown = sorted(set(changes) - set(_names()))
        if unknown:
            raise InvalidOptionError(f"no table option {unknown[0]!r}; options are {', '.join(_names())}")
        return dataclasses.replace(self, **changes)

    def parse(self, text: str) -> TableOptions:
        """A copy with one ``key=value`` option read from text (``mode=blood-river``, ``flower_pig=8``).

        >>> TableOptions().parse("declare-void=yes").declare_void
        True
        """
        key, sep, raw = text.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or key not in _names():
            raise InvalidOptionError(f"a table option is key=value with key one of {', '.join(_names())}, "
                                     f"not {text!r}")
        raw = raw.strip()
        value: object = raw
        if isinstance(getattr(self, key), bool):
            if raw.lower() not in _TRUE + _FALSE:
                raise InvalidOptionError(f"{key} must be true or false, not {raw!r}")
            value = raw.lower() in _TRUE
        elif key in _COUNTS:
            # Only ASCII digits (int() also reads "+3", " 3" and other scripts' digits): else the range.
            value = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 9 else raw
            check_bound(key, value, TABLE_BOUNDS[key])
        return self.replace(**{key: value})

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON and records: enums as their string values."""
        return {f.name: (v.value if isinstance(v := getattr(self, f.name), StrEnum) else v)
                for f in dataclasses.fields(self)}


_ENUMS: dict[str, type[_Choice]] = {"mode": Mode, "exchange": Exchange, "next_dealer_by": NextDealer,
                                     "melded_kong_bloom": KongBloom, "not_ready_pays": ReadyPrice,
                                     "pass_win_lock": PassLock}
"""The options whose values are an enum's (a plain string becomes the enum)."""
_FLAGS = ("several_winners", "declare_void", "forced_win_last_four", "refund_kongs_when_not_ready")
_COUNTS = ("flower_pig", "direct_kong", "added_kong", "concealed_kong")
TABLE_BOUNDS: dict[str, Bounds] = {name: (0, 64, None) for name in _COUNTS}
"""The payments in base units: 0 (off) to 64, four times the largest seed 004 names (查花猪 16)."""
_TRUE = ("true", "yes", "1", "on")
_FALSE = ("false", "no", "0", "off")


def _names() -> list[str]:
    return [f.name for f in dataclasses.fields(TableOptions)]


DEFAULT_TABLE = TableOptions()
"""The table of seed 004's 血战到底."""


# -- checks shared by the payment functions ------------------------------------------------------

def _seat(seat: object, what: str) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise InvalidOptionError(f"{what} must be a seat 0-3, not {seat!r}")
    return seat


def _seats(seats: Iterable[object], what: str) -> frozenset[int]:
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Iterable):
        raise TypeError(f"{what} must be a collection of seats, not {seats!r}")
    return frozenset(_seat(s, f"each of {what}") for s in seats)


def _base(base: object) -> int:
    if isinstance(base, bool) or not isinstance(base, int) or base < 1:
        raise InvalidOptionError(f"base must be a positive integer, not {base!r}")
    return base


def _deltas(deltas: object, what: str) -> Deltas:
    if (not isinstance(deltas, tuple) or len(deltas) != 4
            or any(isinstance(d, bool) or not isinstance(d, int) for d in deltas)):
        raise TypeError(f"{what} must be four integer score changes, not {deltas!r}")
    if sum(deltas) != 0:
        raise InvalidOptionError(f"{what} must sum to zero, not {deltas!r}")
    return (deltas[0], deltas[1], deltas[2], deltas[3])


def _pay(pairs: Iterable[tuple[int, int, int]]) -> Deltas:
    """Deltas of (payer, receiver, amount) transfers."""
    out = [0, 0, 0, 0]
    for payer, receiver, amount in pairs:
        out[payer] -= amount
        out[receiver] += amount
    return (out[0], out[1], out[2], out[3])


def _add(*parts: Deltas) -> Deltas:
    return (sum(p[0] for p in parts), sum(p[1] for p in parts), sum(p[2] for p in parts),
            sum(p[3] for p in parts))


# -- payments -------------------------------------------------------------------------------------

def kong_payment(kind: KongKind | str, konger: int, still_in: Collection[int], base: int, *,
                 discarder: int | None = None, options: TableOptions = DEFAULT_TABLE) -> Deltas:
    """刮风下雨: what a kong collects at once, from the discarder (a melded kong, 直杠) or every other seat
    still in (an added kong, 面下杠, or a concealed one, 暗杠 下雨). ``kind`` is the engine's ``KongKind``;
    the old string ``"direct"`` still reads as ``"melded"`` for one release.

    >>> kong_payment("melded", 2, still_in=(0, 1, 2, 3), base=6, discarder=0)
    (-6, 0, 6, 0)
    """
    if kind == "direct":
        warnings.warn('the kong kind "direct" is now "melded" (KongKind.MELDED); the old word goes in the '
                      "next release", DeprecationWarning, stacklevel=2)
        kind = KongKind.MELDED
    kind = KongKind(kind)
    konger = _seat(konger, "konger")
    inside = _seats(still_in, "still_in")
    base = _base(base)
    if konger not in inside:
        raise IllegalActionError(f"seat {konger} has left the hand and cannot kong")
    if kind is KongKind.MELDED:
        if discarder is None:
            raise IllegalActionError("a direct kong (直杠) is paid by the discarder; give discarder")
        discarder = _seat(discarder, "discarder")
        if discarder == konger or discarder not in inside:
            raise IllegalActionError(f"seat {discarder} cannot have discarded the tile of seat {konger}'s "
                                     "direct kong: it is the konger or has left the hand")
        return _pay([(discarder, konger, options.direct_kong * base)])
    if discarder is not None:
        raise IllegalActionError(f"an {kind.value} kong takes no discard; discarder must be None, "
                                 f"not {discarder!r}")
    each = (options.added_kong if kind is KongKind.ADDED else options.concealed_kong) * base
    return _pay((payer, konger, each) for payer in sorted(inside - {konger}))


def void_kong(kong: Deltas) -> Deltas:
    """A kong's payment undone: an added kong robbed (抢杠) collects nothing (seed 004 "刮风下雨无效").

    >>> void_kong((-6, 12, 0, -6))
    (6, -12, 0, 6)
    """
    kong = _deltas(kong, "kong")
    return (-kong[0], -kong[1], -kong[2], -kong[3])


def kong_discard_transfer(kong: Deltas, konger: int, winners: Collection[int]) -> Deltas:
    """杠上炮: the konger hands what its kong collected to each winner on the discard right after it.

    Seed 004: "如果为杠上炮,还要将刚才所杠牌所得,转给胡牌家（如果1炮多响则胡家给多份）": with several
    winners each receives the whole income, so the konger pays it once per winner.

    >>> kong_discard_transfer((-12, 36, -12, -12), 1, winners=(2, 3))
    (0, -72, 36, 36)
    """
    kong = _deltas(kong, "kong")
    konger = _seat(konger, "konger")
    won = _seats(winners, "winners")
    if not won:
        raise IllegalActionError("杠上炮 needs at least one winner")
    if konger in won:
        raise IllegalActionError(f"seat {konger} cannot win on its own discard")
    income = kong[konger]
    if income < 0 or any(d > 0 for s, d in enumerate(kong) if s != konger):
        raise InvalidOptionError(f"kong {kong!r} is not an income of seat {konger}")
    return _pay((konger, winner, income) for winner in sorted(won))


def win_payment(winner: int, points: int, still_in: Collection[int], *,
                discarder: int | None = None) -> Deltas:
    """One win paid (各自1对1计分): by the discarder (点炮), or by every other seat still in (自摸).

    ``points`` is ``ScoreResult.points``, what one payer pays.

    >>> win_payment(1, 24, still_in=(0, 1, 3))
    (-24, 48, 0, -24)
    """
    winner = _seat(winner, "winner")
    inside = _seats(still_in, "still_in")
    if isinstance(points, bool) or not isinstance(points, int) or points < 0:
        raise InvalidOptionError(f"points must be a non-negative integer, not {points!r}")
    if winner not in inside:
        raise IllegalActionError(f"seat {winner} has left the hand and cannot win")
    if discarder is None:
        return _pay((payer, winner, points) for payer in sorted(inside - {winner}))
    discarder = _seat(discarder, "discarder")
    if discarder == winner or discarder not in inside:
        raise IllegalActionError(f"seat {discarder} cannot have discarded seat {winner}'s winning tile: "
                                 "it is the winner or has left the hand")
    return _pay([(discarder, winner, points)])


def flower_pig_payments(pigs: Collection[int], still_in: Collection[int], base: int, *,
                        options: TableOptions = DEFAULT_TABLE) -> Deltas:
    """查花猪: each seat still in holding three suits pays ``flower_pig`` × base to each one that does not.

    >>> flower_pig_payments({0}, still_in=(0, 1, 3), base=6)
    (-192, 96, 0, 96)
    """
    pig = _seats(pigs, "pigs")
    inside = _seats(still_in, "still_in")
    base = _base(base)
    if not pig <= inside:
        raise IllegalActionError(f"seat {min(pig - inside)} has left the hand and cannot be a flower pig")
    each = options.flower_pig * base
    return _pay((p, other, each) for p in sorted(pig) for other in sorted(inside - pig))


def not_ready_payments(largest: Mapping[int, int], not_ready: Collection[int]) -> Deltas:
    """查大叫: each seat not ready pays each ready seat its largest possible win (大叫), in points.

    ``largest`` maps each ready seat still in to the points of its largest possible win (or, with
    ``not_ready_pays=smallest``, its smallest: the caller prices the wins); flower pigs are not among
    ``not_ready`` (seed 004 "没听牌的玩家（花猪不用）").

    >>> not_ready_payments({1: 48, 2: 6}, not_ready=(0, 3))
    (-54, 96, 12, -54)
    """
    if not isinstance(largest, Mapping):
        raise TypeError(f"largest must map ready seats to points, not {largest!r}")
    ready = {_seat(s, "each ready seat"): p for s, p in largest.items()}
    for seat, points in ready.items():
        if isinstance(points, bool) or not isinstance(points, int) or points < 0:
            raise InvalidOptionError(f"the largest win of seat {seat} must be non-negative points, "
                                     f"not {points!r}")
    losers = _seats(not_ready, "not_ready")
    if losers & ready.keys():
        raise IllegalActionError(f"seat {min(losers & ready.keys())} cannot be both ready and not ready")
    return _pay((loser, seat, ready[seat]) for loser in sorted(losers) for seat in sorted(ready))


def refund_kongs(kongs: Iterable[Deltas]) -> Deltas:
    """Return kong income to whoever paid it: the sum of those kong payments undone.

    >>> refund_kongs([(-6, 12, 0, -6), (0, 6, -6, 0)])
    (6, -18, 6, 6)
    """
    return void_kong(_add(ZERO, *(_deltas(k, "each kong") for k in kongs)))


def settle_exhausted(still_in: Collection[int], pigs: Collection[int], largest: Mapping[int, int],
                     kongs: Mapping[int, Sequence[Deltas]], base: int, *,
                     options: TableOptions = DEFAULT_TABLE) -> Deltas:
    """The wall-end settlement (流局): 查花猪, then 查大叫 with the kong refunds, as one sum.

    ``still_in`` are the seats that have not left; ``pigs`` those of them holding three suits;
    ``largest`` the points of each ready seat's largest possible win (its smallest, with
    ``not_ready_pays=smallest``); ``kongs`` each seat's kong
    payments still standing (not voided by a rob, not handed on by 杠上炮). A seat still in that is
    neither a pig nor ready pays 大叫; it and every pig return their kong income when
    ``refund_kongs_when_not_ready`` (seed 004 "如果流局的时候玩家还没有叫牌,则必须退回全部刮风下雨所得").

    >>> settle_exhausted((0, 1, 2), pigs={0}, largest={1: 12}, kongs={2: [(-6, -6, 12, 0)]}, base=6)
    (-186, 114, 72, 0)
    """
    inside = _seats(still_in, "still_in")
    pig = _seats(pigs, "pigs")
    if not isinstance(largest, Mapping) or not isinstance(kongs, Mapping):
        raise TypeError("largest and kongs must be mappings by seat")
    ready = _seats(largest.keys(), "ready seats")
    if not ready <= inside:
        raise IllegalActionError(f"seat {min(ready - inside)} has left the hand and cannot be ready")
    if pig & ready:
        raise IllegalActionError(f"seat {min(pig & ready)} holds three suits and cannot be ready")
    if not options.flower_pig:
        # With 查花猪 off a hand of three suits is simply not ready, and pays 大叫 like any other.
        pig = frozenset()
    parts = [flower_pig_payments(pig, inside, base, options=options)]
    waiting = inside - pig - ready
    parts.append(not_ready_payments(largest, waiting))
    if options.refund_kongs_when_not_ready:
        for seat in sorted(pig | waiting):
            own = [_deltas(k, f"a kong of seat {seat}") for k in kongs.get(seat, ())]
            for kong in own:
                if kong[seat] < 0 or any(d > 0 for s, d in enumerate(kong) if s != seat):
                    raise InvalidOptionError(f"kong {kong!r} is not an income of seat {seat}")
            parts.append(refund_kongs(own))
    return _add(*parts)


# -- the opening and the next hand ------------------------------------------------------------------

def exchange_direction(exchange: Exchange | str, roll: int | None = None) -> Exchange:
    """The direction of 换三张 this hand; ``dice`` reads a roll of two dice (2-12) by its remainder by 3.

    A remainder of 1 (4, 7, 10) passes clockwise, 2 (2, 5, 8, 11) counterclockwise, 0 (3, 6, 9, 12)
    across: each has 12 of the 36 throws.

    >>> exchange_direction("dice", 9)
    <Exchange.ACROSS: 'across'>
    """
    exchange = Exchange(exchange)
    if exchange is Exchange.NONE:
        raise IllegalActionError("there is no exchange (换三张) with exchange=none")
    if exchange is not Exchange.DICE:
        if roll is not None:
            raise IllegalActionError(f"exchange={exchange.value} is fixed; no dice are rolled")
        return exchange
    if isinstance(roll, bool) or not isinstance(roll, int) or not 2 <= roll <= 12:
        raise InvalidOptionError(f"exchange=dice needs a roll of two dice, 2-12, not {roll!r}")
    return (Exchange.ACROSS, Exchange.CLOCKWISE, Exchange.COUNTERCLOCKWISE)[roll % 3]


def exchange_receiver(direction: Exchange | str, seat: int) -> int:
    """The seat that receives ``seat``'s three tiles (seats go 0-3 in turn order, 下家 = seat + 1).

    >>> [exchange_receiver("clockwise", s) for s in range(4)]
    [3, 0, 1, 2]
    """
    direction = Exchange(direction)
    seat = _seat(seat, "seat")
    steps = {Exchange.CLOCKWISE: 3, Exchange.COUNTERCLOCKWISE: 1, Exchange.ACROSS: 2}
    if direction not in steps:
        raise IllegalActionError(f"{direction.value!r} is not a direction; roll it with exchange_direction")
    return (seat + steps[direction]) % 4


def next_dealer(rule: NextDealer | str, dealer: int, first_winners: Collection[int], *,
                discarder: int | None = None, dice: int | None = None, mode: Mode | str | None = None) -> int:
    """Who deals the next hand, from the first win of this one (its winners, and the discarder if any).

    ``first_winners`` is empty when no one won (荒庄): the dealer deals again (连庄) under
    ``discarder`` and ``first-winner``. Under ``dice`` (血战 "每局投骰") ``dice`` is the sum of two
    dice, counted round from the dealer (the dealer is 1, 下家 2, ...). ``mode`` (the rule as seed 004
    gives it for each mode) needs the hand's ``mode``: ``dice`` in 血战 and 血流, ``discarder`` in single.

    >>> next_dealer("discarder", 0, first_winners=(1, 2), discarder=3)
    3
    >>> next_dealer("dice", 0, first_winners=(), dice=7)
    2
    >>> next_dealer("mode", 0, first_winners=(2,), discarder=1, mode="single")
    1
    """
    rule = NextDealer(rule)
    if rule is NextDealer.MODE:
        if mode is None:
            raise InvalidOptionError("next_dealer_by=mode needs the hand's mode (blood-battle, "
                                     "blood-river or single)")
        rule = rule.for_mode(mode)
    dealer = _seat(dealer, "dealer")
    won = _seats(first_winners, "first_winners")
    if discarder is not None:
        discarder = _seat(discarder, "discarder")
        if not won or discarder in won:
            raise IllegalActionError(f"seat {discarder} cannot be the discarder of winners {sorted(won)}")
    elif len(won) > 1:
        raise IllegalActionError("several first winners need the discarder they won on")
    if rule is NextDealer.DICE:
        if isinstance(dice, bool) or not isinstance(dice, int) or not 2 <= dice <= 12:
            raise InvalidOptionError(f"next_dealer_by=dice needs a roll of two dice, 2-12, not {dice!r}")
        return (dealer + dice - 1) % 4
    if dice is not None:
        raise IllegalActionError(f"next_dealer_by={rule.value} rolls no dice")
    if not won:
        return dealer
    if rule is NextDealer.DISCARDER:
        # A self-drawn first win has no 点炮者: the winner deals (seed 004 "本盘胡牌者为下一盘的庄家").
        return discarder if discarder is not None else min(won)
    if len(won) > 1:
        assert discarder is not None
        return discarder
    return min(won)
