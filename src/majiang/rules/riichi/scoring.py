"""Riichi scoring: every reading of a winning hand, its yaku (one predicate each), fu, han and points.

A *reading* is one way to see the hand: four sets and a pair (with the set or pair the winning tile
completed, which decides the wait and whether a pung won on a discard is concealed), seven pairs, or
thirteen orphans. Each reading is scored; the best is the result: the most basic points, then a real
yakuman before a counted one, then the most han, then the most fu.

Kept whole though over 600 lines: it is the hot path of riichi's wins in the ``engine, random policy, with
views (riichi)`` row of benchmarks/all.py, and mypyc compiles it whole (the Makefile's
``COMPILED_MODULES``): a split would change what the compiled build compiles and measures.

>>> r = score("[777m,2]345p345s45m22s 3m", WinContext(seat_wind=Tile.SOUTH))
>>> [y.id for y in r.yaku], r.han, r.fu, r.points
(['tanyao', 'sanshoku'], 2, 30, 2000)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache

from majiang.errors import InvalidHandError
from majiang.hand import Hand
from majiang.rules.riichi.context import RiichiOptions, WinContext
from majiang.rules.riichi.notation import RiichiHand, parse_hand
from majiang.rules.riichi.result import FuItem, RiichiResult, YakuHit, payment
from majiang.rules.riichi.yaku import YAKU, YakuId
from majiang.tiles import Tile

__all__ = ["NoYakuError", "dora_of", "score"]

CHOW, PUNG, KONG = 0, 1, 2
"""Set kinds of a reading (as ``MeldKind``)."""
TERMINALS_HONORS = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
_TH_MASK = sum(1 << k for k in TERMINALS_HONORS)
_HONOR_MASK = sum(1 << k for k in range(27, 34))
_GREEN_MASK = sum(1 << k for k in (19, 20, 21, 23, 25, 32))  # 2 3 4 6 8 s and 发
_SUIT_MASKS = tuple(sum(1 << k for k in range(9 * s, 9 * s + 9)) for s in range(3))
_DRAGONS = (31, 32, 33)  # white, green, red
_DEFAULT_CONTEXT = WinContext()
_DEFAULT_OPTIONS = RiichiOptions()
_SET_NAMES = {CHOW: "chow", PUNG: "pung", KONG: "kan"}


class NoYakuError(InvalidHandError):
    """A complete hand with no yaku (役): dora alone make no win."""


def dora_of(indicator: Tile) -> Tile:
    """The dora an indicator points at: the next tile of its suit, winds E→S→W→N→E, dragons 白→发→中→白.

    >>> dora_of(Tile.M9).notation(), dora_of(Tile.NORTH).notation(), dora_of(Tile.RED).notation()
    ('1m', 'E', 'P')
    """
    k = int(indicator)
    if k < 27:
        return Tile(k - 8 if k % 9 == 8 else k + 1)
    if k < 31:
        return Tile(27 if k == 30 else k + 1)
    return Tile(31 if k == 33 else k + 1)


_DORA = tuple(int(dora_of(Tile(k))) for k in range(34))

# -- reading the hand --------------------------------------------------------------------------------

Group = tuple[int, int]
"""A set of a reading: (kind, lowest tile)."""


@lru_cache(maxsize=1 << 16)  # one suit's counts: a few thousand shapes come up in play
def _suit_readings(key: tuple[int, ...]) -> tuple[tuple[int, tuple[Group, ...]], ...]:
    """Every way to split one suit's 9 counts into sets and at most one pair: (pair rank or -1, sets)."""
    out: list[tuple[int, tuple[Group, ...]]] = []

    def walk(c: list[int], start: int, pair: int, sets: list[Group]) -> None:
        i = start
        while i < 9 and c[i] == 0:
            i += 1
        if i == 9:
            out.append((pair, tuple(sets)))
            return
        if c[i] >= 3:
            c[i] -= 3
            sets.append((PUNG, i))
            walk(c, i, pair, sets)
            sets.pop()
            c[i] += 3
        if i <= 6 and c[i + 1] and c[i + 2]:
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            sets.append((CHOW, i))
            walk(c, i, pair, sets)
            sets.pop()
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1
        if pair < 0 and c[i] >= 2:
            c[i] -= 2
            walk(c, i, i, sets)
            c[i] += 2

    if sum(key) % 3 != 1:
        walk(list(key), 0, -1, [])
    return tuple(out)


def _standard_readings(counts: list[int]) -> Iterator[tuple[int, list[Group]]]:
    """Every (pair tile, concealed sets) of the standing tiles as sets and exactly one pair."""
    honor_sets: list[Group] = []
    pair = -1
    for k in range(27, 34):
        n = counts[k]
        if n == 3:
            honor_sets.append((PUNG, k))
        elif n == 2:
            if pair >= 0:
                return
            pair = k
        elif n:
            return
    per_suit = []
    for s in range(3):
        options = _suit_readings(tuple(counts[9 * s:9 * s + 9]))
        if not options:
            return
        per_suit.append(options)
    for p0, s0 in per_suit[0]:
        for p1, s1 in per_suit[1]:
            for p2, s2 in per_suit[2]:
                pairs = [p for p in ((p0, 0), (p1, 9), (p2, 18)) if p[0] >= 0]
                if len(pairs) + (pair >= 0) != 1:
                    continue
                tile = pair if pair >= 0 else pairs[0][0] + pairs[0][1]
                sets = [(kind, t) for kind, t in s0]
                sets += [(kind, t + 9) for kind, t in s1]
                sets += [(kind, t + 18) for kind, t in s2]
                yield tile, sets + honor_sets


class Reading:
    """One reading of a win, everything the yaku predicates and the fu count look at.

    ``sets`` are (kind, lowest tile, concealed) for the declared melds and the standing sets; a pung
    completed by a discard is not concealed (明刻). ``wait`` is ``ryanmen``, ``kanchan``, ``penchan``,
    ``tanki``, ``shanpon``, or for the special forms ``chiitoitsu``/``kokushi``/``kokushi13``. ``mask``
    has bit k set when the hand holds kind k (melds included), ``counts`` are those copies, ``red`` the
    red fives. The sets' pungs, chows, concealed pungs and kans are counted once, here.
    """

    __slots__ = ("chow_set", "chows", "closed", "concealed_pungs", "context", "counts", "form", "kans",
                 "mask", "options", "pair", "pung_set", "pungs", "red", "round_wind", "seat_wind", "sets",
                 "tsumo", "wait", "win")

    def __init__(self, form: str, sets: list[tuple[int, int, bool]], pair: int, wait: str, closed: bool,
                 tsumo: bool, win: int, mask: int, counts: tuple[int, ...], context: WinContext,
                 options: RiichiOptions, red: int) -> None:
        self.form = form
        self.sets = sets
        self.pair = pair
        self.wait = wait
        self.closed = closed
        self.tsumo = tsumo
        self.win = win
        self.mask = mask
        self.counts = counts
        self.context = context
        self.options = options
        self.red = red
        self.seat_wind = int(context.seat_wind)
        self.round_wind = int(context.round_wind)
        self.pungs = [t for kind, t, _ in sets if kind != CHOW]
        self.chows = [t for kind, t, _ in sets if kind == CHOW]
        self.pung_set = set(self.pungs)
        self.chow_set = set(self.chows)
        self.concealed_pungs = sum(1 for kind, _, concealed in sets if kind != CHOW and concealed)
        self.kans = sum(1 for kind, _, _ in sets if kind == KONG)

    def is_value(self, tile: int) -> bool:
        """Whether a pair of ``tile`` earns fu: a dragon, the seat or the round wind."""
        return tile >= 31 or tile == self.seat_wind or tile == self.round_wind


# -- yaku predicates: one per yaku, each (reading) -> bool --------------------------------------------

def _riichi(r: Reading) -> bool:
    return r.context.riichi and not r.context.double_riichi


def _double_riichi(r: Reading) -> bool:
    return r.context.double_riichi


def _ippatsu(r: Reading) -> bool:
    return r.context.ippatsu


def _menzen_tsumo(r: Reading) -> bool:
    return r.tsumo and r.closed


def _pinfu(r: Reading) -> bool:
    return (r.form == "standard" and r.closed and r.wait == "ryanmen" and not r.is_value(r.pair)
            and all(kind == CHOW for kind, _, _ in r.sets) and (r.options.pinfu_tsumo or not r.tsumo))


def _tanyao(r: Reading) -> bool:
    return not r.mask & _TH_MASK and (r.closed or r.options.open_tanyao)


def _peikou(r: Reading) -> int:
    """How many pairs of identical chows (一杯口 1, 两杯口 2)."""
    chows = r.chows
    seen: dict[int, int] = {}
    for t in chows:
        seen[t] = seen.get(t, 0) + 1
    return sum(n // 2 for n in seen.values())


def _three_alike(r: Reading) -> bool:
    """Three identical chows (or four) among the sets."""
    chows = r.chows
    return len(chows) - len(r.chow_set) >= 2 and any(chows.count(t) >= 3 for t in r.chow_set)


def _iipeikou(r: Reading) -> bool:
    # 一色三顺 holds the pair of identical chows 一杯口 counts: the option's yaku takes it over.
    return (r.form == "standard" and _peikou(r) == 1
            and not (r.options.isshoku_sanjun and _three_alike(r)))


def _ryanpeikou(r: Reading) -> bool:
    return r.form == "standard" and _peikou(r) == 2


def _has_pung(r: Reading, tile: int) -> bool:
    return tile in r.pung_set


def _seat_wind(r: Reading) -> bool:
    return r.seat_wind in r.pung_set


def _round_wind(r: Reading) -> bool:
    return r.round_wind in r.pung_set


def _haku(r: Reading) -> bool:
    return _has_pung(r, Tile.WHITE)


def _hatsu(r: Reading) -> bool:
    return _has_pung(r, Tile.GREEN)


def _chun(r: Reading) -> bool:
    return _has_pung(r, Tile.RED)


def _rinshan(r: Reading) -> bool:
    return r.context.rinshan


def _chankan(r: Reading) -> bool:
    return r.context.chankan


def _haitei(r: Reading) -> bool:
    return r.context.haitei


def _houtei(r: Reading) -> bool:
    return r.context.houtei


def _chiitoitsu(r: Reading) -> bool:
    return r.form == "chiitoitsu"


def _outside(r: Reading) -> bool:
    """Every set and the pair hold a terminal or honour, with at least one chow (全带么)."""
    if r.form != "standard" or r.pair not in TERMINALS_HONORS:
        return False
    chow = False
    for kind, t, _ in r.sets:
        if kind == CHOW:
            if t % 9 not in (0, 6):
                return False
            chow = True
        elif t not in TERMINALS_HONORS:
            return False
    return chow


def _chanta(r: Reading) -> bool:
    return bool(r.mask & _HONOR_MASK) and _outside(r)


def _junchan(r: Reading) -> bool:
    return not r.mask & _HONOR_MASK and _outside(r)


def _ittsu(r: Reading) -> bool:
    chows = r.chow_set
    return any(b in chows and b + 3 in chows and b + 6 in chows for b in (0, 9, 18))


def _sanshoku(r: Reading) -> bool:
    chows = r.chow_set
    return any(t in chows and t + 9 in chows and t + 18 in chows for t in range(7))


def _sanshoku_doukou(r: Reading) -> bool:
    pungs = r.pung_set
    return any(t in pungs and t + 9 in pungs and t + 18 in pungs for t in range(9))


def _toitoi(r: Reading) -> bool:
    return r.form == "standard" and all(kind != CHOW for kind, _, _ in r.sets)


def _sanankou(r: Reading) -> bool:
    return r.concealed_pungs == 3


def _sankantsu(r: Reading) -> bool:
    return r.kans == 3


def _shousangen(r: Reading) -> bool:
    return r.pair in _DRAGONS and sum(1 for t in r.pungs if t in _DRAGONS) == 2


def _honroutou(r: Reading) -> bool:
    return not r.mask & ~_TH_MASK


def _flush_suit(r: Reading) -> bool:
    """Numbered tiles of one suit only (honours aside)."""
    numbered = r.mask & ~_HONOR_MASK
    return any(numbered and not numbered & ~m for m in _SUIT_MASKS)


def _honitsu(r: Reading) -> bool:
    return bool(r.mask & _HONOR_MASK) and _flush_suit(r)


def _chinitsu(r: Reading) -> bool:
    return not r.mask & _HONOR_MASK and _flush_suit(r)


def _renhou_mangan(r: Reading) -> bool:
    return r.context.renhou and r.options.renhou == "mangan"


def _consecutive_pungs(r: Reading, run: int) -> bool:
    """Pungs (or kans) of ``run`` consecutive numbers in one suit (连刻)."""
    pungs = r.pung_set
    return any(all(t + i in pungs for i in range(run)) and t % 9 + run <= 9 for t in range(27))


def _sanrenkou(r: Reading) -> bool:
    return r.options.sanrenkou and _consecutive_pungs(r, 3)


def _isshoku_sanjun(r: Reading) -> bool:
    # Four identical chows of a concealed hand are 两杯口 (3 han), which takes the chows over.
    return r.options.isshoku_sanjun and _three_alike(r) and not (r.closed and _peikou(r) == 2)


def _kokushi(r: Reading) -> bool:
    return r.form == "kokushi" and r.wait != "kokushi13"


def _kokushi_13(r: Reading) -> bool:
    return r.form == "kokushi" and r.wait == "kokushi13"


def _suuankou(r: Reading) -> bool:
    return r.concealed_pungs == 4 and r.wait != "tanki"


def _suuankou_tanki(r: Reading) -> bool:
    return r.concealed_pungs == 4 and r.wait == "tanki"


def _daisangen(r: Reading) -> bool:
    return sum(1 for t in r.pungs if t in _DRAGONS) == 3


def _shousuushii(r: Reading) -> bool:
    return 27 <= r.pair <= 30 and sum(1 for t in r.pungs if 27 <= t <= 30) == 3


def _daisuushii(r: Reading) -> bool:
    return sum(1 for t in r.pungs if 27 <= t <= 30) == 4


def _tsuuiisou(r: Reading) -> bool:
    return not r.mask & ~_HONOR_MASK


def _ryuuiisou(r: Reading) -> bool:
    return not r.mask & ~_GREEN_MASK


def _chinroutou(r: Reading) -> bool:
    return not r.mask & ~(_TH_MASK & ~_HONOR_MASK)


def _nine_gates(r: Reading) -> int:
    """0, or 1 for 九莲宝灯, 2 when the 13 tiles before the winning one were 1112345678999 (纯正)."""
    if not r.closed or r.kans or not _chinitsu(r):
        return 0
    base = r.win - r.win % 9
    c = r.counts[base:base + 9]
    if c[0] < 3 or c[8] < 3 or not all(c[1:8]):
        return 0
    return 2 if c[r.win - base] in (2, 4) else 1


def _chuuren(r: Reading) -> bool:
    return _nine_gates(r) == 1


def _junsei_chuuren(r: Reading) -> bool:
    return _nine_gates(r) == 2


def _suukantsu(r: Reading) -> bool:
    return r.kans == 4


def _tenhou(r: Reading) -> bool:
    return r.context.tenhou


def _chiihou(r: Reading) -> bool:
    return r.context.chiihou


def _renhou(r: Reading) -> bool:
    return r.context.renhou and r.options.renhou == "yakuman"


def _daisharin(r: Reading) -> bool:
    return r.options.daisharin and r.form == "chiitoitsu" and r.counts[10:17] == (2,) * 7


def _suurenkou(r: Reading) -> bool:
    return r.options.suurenkou and _consecutive_pungs(r, 4)


def _touhoku(r: Reading) -> bool:
    east, north = int(Tile.EAST), int(Tile.NORTH)
    winds = (r.pair == north and _has_pung(r, east)) or (r.pair == east and _has_pung(r, north))
    return r.options.touhoku and winds and _ittsu(r)


Predicate = Callable[[Reading], bool]
YAKU_PREDICATES: dict[YakuId, Predicate] = {
    YakuId.RIICHI: _riichi, YakuId.DOUBLE_RIICHI: _double_riichi, YakuId.IPPATSU: _ippatsu,
    YakuId.MENZEN_TSUMO: _menzen_tsumo, YakuId.PINFU: _pinfu, YakuId.TANYAO: _tanyao,
    YakuId.IIPEIKOU: _iipeikou, YakuId.SEAT_WIND: _seat_wind, YakuId.ROUND_WIND: _round_wind,
    YakuId.HAKU: _haku, YakuId.HATSU: _hatsu, YakuId.CHUN: _chun, YakuId.RINSHAN: _rinshan,
    YakuId.CHANKAN: _chankan, YakuId.HAITEI: _haitei, YakuId.HOUTEI: _houtei,
    YakuId.CHIITOITSU: _chiitoitsu, YakuId.CHANTA: _chanta, YakuId.ITTSU: _ittsu,
    YakuId.SANSHOKU: _sanshoku, YakuId.SANSHOKU_DOUKOU: _sanshoku_doukou, YakuId.TOITOI: _toitoi,
    YakuId.SANANKOU: _sanankou, YakuId.SANKANTSU: _sankantsu, YakuId.SHOUSANGEN: _shousangen,
    YakuId.HONROUTOU: _honroutou, YakuId.RYANPEIKOU: _ryanpeikou, YakuId.JUNCHAN: _junchan,
    YakuId.HONITSU: _honitsu, YakuId.CHINITSU: _chinitsu, YakuId.RENHOU_MANGAN: _renhou_mangan,
    YakuId.SANRENKOU: _sanrenkou, YakuId.ISSHOKU_SANJUN: _isshoku_sanjun,
}
"""The predicate of every ordinary yaku (dora aside), in table order."""
YAKUMAN_PREDICATES: dict[YakuId, Predicate] = {
    YakuId.KOKUSHI: _kokushi, YakuId.KOKUSHI_13: _kokushi_13, YakuId.SUUANKOU: _suuankou,
    YakuId.SUUANKOU_TANKI: _suuankou_tanki, YakuId.DAISANGEN: _daisangen,
    YakuId.SHOUSUUSHII: _shousuushii, YakuId.DAISUUSHII: _daisuushii, YakuId.TSUUIISOU: _tsuuiisou,
    YakuId.RYUUIISOU: _ryuuiisou, YakuId.CHINROUTOU: _chinroutou, YakuId.CHUUREN: _chuuren,
    YakuId.JUNSEI_CHUUREN: _junsei_chuuren, YakuId.SUUKANTSU: _suukantsu, YakuId.TENHOU: _tenhou,
    YakuId.CHIIHOU: _chiihou, YakuId.RENHOU: _renhou, YakuId.DAISHARIN: _daisharin,
    YakuId.SUURENKOU: _suurenkou, YakuId.TOUHOKU: _touhoku,
}
"""The predicate of every yakuman, in table order."""

_HITS: dict[tuple[YakuId, int, int], YakuHit] = {}


def _hit(yid: YakuId, han: int, yakuman: int = 0) -> YakuHit:
    hit = _HITS.get((yid, han, yakuman))
    if hit is None:
        row = YAKU[yid]
        hit = _HITS[yid, han, yakuman] = YakuHit(yid.value, row.romaji, row.zh, row.en, han, yakuman)
    return hit


_SITUATION = (YakuId.RIICHI, YakuId.DOUBLE_RIICHI, YakuId.IPPATSU, YakuId.RINSHAN, YakuId.CHANKAN,
              YakuId.HAITEI, YakuId.HOUTEI, YakuId.RENHOU_MANGAN)
"""Yaku of the moment of the win, not of the tiles: looked at only when the context has a flag."""
_WITH_PUNGS = (YakuId.SEAT_WIND, YakuId.ROUND_WIND, YakuId.HAKU, YakuId.HATSU, YakuId.CHUN,
               YakuId.SANSHOKU_DOUKOU, YakuId.TOITOI, YakuId.SANANKOU, YakuId.SANKANTSU, YakuId.SHOUSANGEN,
               YakuId.SANRENKOU)
"""Yaku that need a pung or kan."""
_WITH_CHOWS = (YakuId.PINFU, YakuId.IIPEIKOU, YakuId.RYANPEIKOU, YakuId.ITTSU, YakuId.SANSHOKU,
               YakuId.CHANTA, YakuId.JUNCHAN, YakuId.ISSHOKU_SANJUN)
"""Yaku that need a chow."""


def _rows(ids: tuple[YakuId, ...] | None, closed: bool) -> list[tuple[YakuHit, Predicate]]:
    """(hit, predicate) of the yaku ``ids`` (None: those of no group) a closed or open hand may have."""
    grouped = set(_SITUATION) | set(_WITH_PUNGS) | set(_WITH_CHOWS)
    out = []
    for yid, predicate in YAKU_PREDICATES.items():
        if (yid in ids) if ids is not None else (yid not in grouped):
            han = YAKU[yid].closed if closed else YAKU[yid].opened
            if han:
                out.append((_hit(yid, han), predicate))
    return out


_ROWS = {closed: (_rows(_SITUATION, closed), _rows(_WITH_PUNGS, closed), _rows(_WITH_CHOWS, closed),
                  _rows(None, closed)) for closed in (True, False)}


def _yaku(r: Reading) -> list[YakuHit]:
    """The ordinary yaku of a reading with their han (open values on an open hand), in table order."""
    situation, pungs, chows, rest = _ROWS[r.closed]
    ctx = r.context
    out = [hit for hit, predicate in rest if predicate(r)]
    if (ctx.riichi or ctx.double_riichi or ctx.rinshan or ctx.chankan or ctx.haitei or ctx.houtei
            or ctx.renhou):
        out += [hit for hit, predicate in situation if predicate(r)]
    if r.pungs:
        out += [hit for hit, predicate in pungs if predicate(r)]
    if r.chows:
        out += [hit for hit, predicate in chows if predicate(r)]
    if len(out) > 1:
        out.sort(key=_ORDER.__getitem__)
    return out


_ORDER = {hit: i for i, hit in enumerate(sorted(
    {hit for rows in _ROWS.values() for group in rows for hit, _ in group},
    key=lambda h: (list(YAKU).index(YakuId(h.id)), h.han)))}


_PLAIN_TERMINALS = _TH_MASK & ~_HONOR_MASK


def _may_be_yakuman(r: Reading) -> bool:
    """A cheap test every yakuman passes (so most hands skip the predicates): its form, three pungs or
    more, a first-turn win, one-kind tiles (honours, green, terminals), or one suit alone."""
    mask = r.mask
    ctx = r.context
    return (r.form == "kokushi" or len(r.pungs) >= 3 or ctx.tenhou or ctx.chiihou or ctx.renhou
            or r.options.touhoku or not mask & ~_HONOR_MASK or not mask & ~_GREEN_MASK
            or not mask & ~_PLAIN_TERMINALS or any(not mask & ~m for m in _SUIT_MASKS))


def _yakuman(r: Reading) -> list[YakuHit]:
    """The yakuman of a reading, each with how many limits it is worth."""
    if not _may_be_yakuman(r):
        return []
    out = []
    for yid, predicate in YAKUMAN_PREDICATES.items():
        row = YAKU[yid]
        if (r.closed or row.opened) and predicate(r):
            count = row.yakuman if r.options.double_yakuman else 1
            out.append(_hit(yid, 13 * count, count))
    if any(h.id == YakuId.DAISUUSHII for h in out):
        out = [h for h in out if h.id != YakuId.SHOUSUUSHII]
    return out


# -- fu --------------------------------------------------------------------------------------------

def _fu(r: Reading, pinfu: bool) -> int:
    """The fu of a reading, rounded up to 10 (``_fu_items`` says what they are made of)."""
    if r.form == "chiitoitsu":
        return 25
    raw = 30 if r.closed and not r.tsumo else 20
    for kind, t, concealed in r.sets:
        if kind != CHOW:
            raw += (2 << ((t in TERMINALS_HONORS) + concealed)) * (4 if kind == KONG else 1)
    pair = r.pair
    if pair >= 31:
        raw += 2
    elif pair == r.seat_wind:
        raw += r.options.double_wind_pair_fu if pair == r.round_wind else 2
    elif pair == r.round_wind:
        raw += 2
    if r.wait in _TWO_FU_WAITS:
        raw += 2
    if r.tsumo and not pinfu:
        raw += 2
    if raw == 20 and not r.closed and r.options.open_pinfu_fu:
        return 30
    return -(-raw // 10) * 10


_TWO_FU_WAITS = frozenset(("kanchan", "penchan", "tanki"))


def _fu_items(r: Reading, pinfu: bool) -> list[FuItem]:
    """The items the fu of a reading are made of, before rounding."""
    if r.form == "chiitoitsu":
        return [FuItem("chiitoitsu", 25)]
    items = [FuItem("base", 20)]
    if r.closed and not r.tsumo:
        items.append(FuItem("menzen ron", 10))
    for kind, t, concealed in r.sets:
        if kind == CHOW:
            continue
        fu = 2 * (2 if t in TERMINALS_HONORS else 1) * (2 if concealed else 1) * (4 if kind == KONG else 1)
        what = ("closed " if concealed else "open ") + _SET_NAMES[kind]
        items.append(FuItem(f"{what} {_NAMES[t]}", fu))
    pair = r.pair
    if pair >= 31:
        items.append(FuItem(f"pair {_NAMES[pair]}", 2))
    elif pair == r.seat_wind and pair == r.round_wind:
        items.append(FuItem(f"pair {_NAMES[pair]} (seat and round wind)", r.options.double_wind_pair_fu))
    elif pair in (r.seat_wind, r.round_wind):
        items.append(FuItem(f"pair {_NAMES[pair]}", 2))
    if r.wait in _TWO_FU_WAITS:
        items.append(FuItem(f"{r.wait} wait", 2))
    if r.tsumo and not pinfu:
        items.append(FuItem("tsumo", 2))
    if sum(f for _, f in items) == 20 and not r.closed and r.options.open_pinfu_fu:
        items.append(FuItem("open pinfu", 10))
    return items


# -- points ----------------------------------------------------------------------------------------

_MULTIPLES = ("", "yakuman", "double yakuman", "triple yakuman", "quadruple yakuman",
              "quintuple yakuman", "sextuple yakuman")


def _limit(han: int, fu: int, yakuman: int, options: RiichiOptions) -> tuple[int, str]:
    """Basic points (基本点) and the limit's name."""
    if yakuman:
        n = min(yakuman, 6)
        return 8000 * n, _MULTIPLES[n]
    if han >= 13:
        return (8000, "kazoe yakuman") if options.kazoe_yakuman else (6000, "sanbaiman")
    if han >= 11:
        return 6000, "sanbaiman"
    if han >= 8:
        return 4000, "baiman"
    if han >= 6:
        return 3000, "haneman"
    if han >= 5:
        return 2000, "mangan"
    base = fu * 2 ** (han + 2)
    if base >= 2000 or (options.kiriage and (han, fu) in ((4, 30), (3, 60))):
        return 2000, "mangan"
    return base, ""


# -- the entry point -------------------------------------------------------------------------------

def _readings(hand: Hand, context: WinContext, options: RiichiOptions, red: int) -> Iterator[Reading]:
    """Every reading of ``hand`` as a win."""
    assert hand.winning_tile is not None
    win = int(hand.winning_tile)
    counts = hand.counts()
    all_counts = tuple(hand.counts(include_melds=True))
    mask = sum(1 << k for k in range(34) if all_counts[k])
    closed = all(m.is_concealed_kong for m in hand.melds)
    tsumo = context.tsumo
    melded = [(int(m.kind), int(m.tile), m.is_concealed_kong) for m in hand.melds]
    common = (closed, tsumo, win, mask, all_counts, context, options, red)
    if not hand.melds:
        kinds = [k for k in range(34) if counts[k]]
        if len(kinds) == 7 and all(counts[k] == 2 for k in kinds):
            yield Reading("chiitoitsu", [], -1, "tanki", *common)
        if len(kinds) == 13 and all(k in TERMINALS_HONORS for k in kinds):
            wait = "kokushi13" if counts[win] == 2 else "kokushi"
            yield Reading("kokushi", [], -1, wait, *common)
    for pair, sets in _standard_readings(counts):
        seen: set[tuple[int, int]] = set()
        if pair == win:
            seen.add((-1, pair))
            yield Reading("standard", melded + [(k, t, True) for k, t in sets], pair, "tanki", *common)
        for index, (kind, t) in enumerate(sets):
            if (kind, t) in seen:
                continue
            if kind == PUNG and t == win:
                wait = "shanpon"
            elif kind == CHOW and t <= win <= t + 2:
                if win == t + 1:
                    wait = "kanchan"
                elif (win == t + 2 and t % 9 == 0) or (win == t and t % 9 == 6):
                    wait = "penchan"
                else:
                    wait = "ryanmen"
            else:
                continue
            seen.add((kind, t))
            own = [(k, u, True) for k, u in sets]
            if kind == PUNG and not tsumo:
                own[index] = (kind, t, False)  # completed by a discard: 明刻
            yield Reading("standard", melded + own, pair, wait, *common)


def _describe(r: Reading, declared: int) -> tuple[str, ...]:
    """The sets of a reading as notation, declared melds in brackets (``[123m]``, ``456p``, ``EE``)."""
    if r.form == "kokushi":
        return ("".join(Tile(k).notation() for k in range(34) if r.counts[k]),)
    if r.form == "chiitoitsu":
        return tuple(_text([k, k]) for k in range(34) if r.counts[k] == 2)
    out = []
    for i, (kind, t, _) in enumerate(r.sets):
        text = _text([t, t + 1, t + 2] if kind == CHOW else [t] * (4 if kind == KONG else 3))
        out.append(f"[{text}]" if i < declared else text)
    out.append(_text([r.pair, r.pair]))
    return tuple(out)


_NAMES = tuple(Tile(k).notation() for k in range(34))


def _text(tiles: list[int]) -> str:
    key = (tiles[0], tiles[-1], len(tiles))
    text = _TEXTS.get(key)
    if text is None:
        if tiles[0] >= 27:
            text = "".join(_NAMES[t] for t in tiles)
        else:
            text = "".join(str(t % 9 + 1) for t in tiles) + "mps"[tiles[0] // 9]
        _TEXTS[key] = text
    return text


_TEXTS: dict[tuple[int, int, int], str] = {}


def score(hand: Hand | RiichiHand | str, context: WinContext | None = None,
          options: RiichiOptions | None = None) -> RiichiResult:
    """Score a riichi win: the best reading's yaku, fu, han, limit, points and payments.

    Raises ``InvalidHandError`` for a hand that is no complete shape or contradicts ``context``,
    ``NoYakuError`` for a complete hand without yaku.

    >>> score("11223344556677z").limit
    'yakuman'
    """
    context = _DEFAULT_CONTEXT if context is None else context
    options = _DEFAULT_OPTIONS if options is None else options
    if isinstance(hand, str):
        hand = parse_hand(hand)
    red = context.red_fives
    if isinstance(hand, RiichiHand):
        if red:
            raise InvalidHandError("red fives come from the notation (0m 0p 0s); context.red_fives must be 0")
        red = hand.red_fives
        hand = hand.hand
    if hand.winning_tile is None:
        raise InvalidHandError("a win needs 14 tiles: the last one is the winning tile")
    _check(hand, context, red)
    ctx = context
    dora = _count_dora(ctx.dora_indicators, hand)
    ura = _count_dora(ctx.ura_indicators, hand) if ctx.riichi or ctx.double_riichi else 0
    best: tuple[tuple[int, int, int, int], Reading, list[YakuHit], bool] | None = None
    complete = False
    for reading in _readings(hand, context, options, red):
        complete = True
        scored = _score_reading(reading, dora, ura)
        if scored is not None and (best is None or scored[0] > best[0]):
            best = scored
    if best is None:
        if complete:
            raise NoYakuError(f"{hand.notation()} is complete but has no yaku (dora alone make no win)")
        raise InvalidHandError(f"{hand.notation()} is not a complete hand (four sets and a pair, "
                               "seven pairs or thirteen orphans)")
    (base, yakuman, han, fu), r, hits, pinfu = best
    limit = _limit(han, fu, yakuman, options)[1]
    plain = payment(base, dealer=ctx.dealer, tsumo=r.tsumo)
    paid = payment(base, dealer=ctx.dealer, tsumo=r.tsumo, honba=ctx.honba, riichi_sticks=ctx.riichi_sticks)
    return RiichiResult(tuple(hits), han, fu, tuple(_fu_items(r, pinfu)), yakuman, limit, base, plain.total,
                        paid, ctx.dealer, r.tsumo, _describe(r, len(hand.melds)))


def _check(hand: Hand, context: WinContext, red: int) -> None:
    """Refuse a context the hand contradicts."""
    closed = all(m.is_concealed_kong for m in hand.melds)
    riichi = context.riichi or context.double_riichi
    if riichi and not closed:
        raise InvalidHandError("riichi needs a concealed hand (concealed kans only)")
    if (context.tenhou or context.chiihou or context.renhou) and hand.melds:
        raise InvalidHandError("tenhou, chiihou and renhou come before any call or kan")
    if context.rinshan and not any(m.is_kong for m in hand.melds):
        raise InvalidHandError("rinshan needs a kan among the melds")
    all_counts = hand.counts(include_melds=True)
    fives = all_counts[4] + all_counts[13] + all_counts[22]
    if red > fives:
        raise InvalidHandError(f"red_fives={red} but the hand holds {fives} five(s)")


def _score_reading(r: Reading, dora: int, ura: int
                   ) -> tuple[tuple[int, int, int, int], Reading, list[YakuHit], bool] | None:
    """The ranking key (base points, yakuman, han, fu), yaku and pinfu of a reading; None without yaku."""
    pinfu = _pinfu(r)
    fu = _fu(r, pinfu)
    hits = _yakuman(r)
    if hits:
        n = sum(h.yakuman for h in hits)
        return (8000 * min(n, 6), n, 13 * n, fu), r, hits, pinfu
    hits = _yaku(r)
    if not hits:
        return None
    if dora:
        hits.append(_hit(YakuId.DORA, dora))
    if r.red:
        hits.append(_hit(YakuId.AKA_DORA, r.red))
    if ura:
        hits.append(_hit(YakuId.URA_DORA, ura))
    han = sum(h.han for h in hits)
    return (_limit(han, fu, 0, r.options)[0], 0, han, fu), r, hits, pinfu


def _count_dora(indicators: tuple[Tile, ...], hand: Hand) -> int:
    if not indicators:
        return 0
    counts = hand.counts(include_melds=True)
    return sum(counts[_DORA[t]] for t in indicators)
