"""Tile efficiency (牌效率): live tiles, waits, discard advice (何切) and call advice.

Everything here starts from what the player can see: their own standing tiles and melds, plus
``visible`` (everyone else's melds and all discards). A tile's *live* count is four minus the copies
seen. Which kinds are listed depends on the player's own tiles alone: a kind the player holds four of
(standing and in melds) is never an effective tile or a wait, since there is no copy to draw or claim;
a kind whose last copies are in sight elsewhere is listed with ``live == 0`` (exhausted). Given a
``WinFans`` (a ruleset's fan count for a win, with its minimum), waits say whether they are legal
wins and discards are ranked by the live tiles that lead to a legal win; ``majiang.mcr.discard_advice``
passes the Chinese Official one (8-fan minimum).

Kept whole though over 600 lines: it is the hot path of the ``discard advice with the 8-fan check`` row of
benchmarks/all.py, and mypyc compiles it whole (the Makefile's ``COMPILED_MODULES``): a split would change
what the compiled build compiles and measures.

>>> [(w.tile.notation(), w.live) for w in live_waits("123456789m1234p")]
[('1p', 3), ('4p', 3)]
>>> best = discard_efficiency("123456789m1234pE")[0]
>>> best.discard.notation(), best.shanten, best.live
('E', 0, 6)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import chain
from operator import add, getitem
from typing import NamedTuple, Protocol

from majiang.analysis.ready import (
    HONORS_KNITTED,
    SEVEN_PAIRS,
    SPECIAL_FORMS,
    THIRTEEN_ORPHANS,
    _regular_waits,
    _special_ready,
    near_special_forms,
    special_waits,
)
from majiang.analysis.shanten import (
    _POW5,
    FORMS,
    RULED_OUT,
    _code,
    _shanten_and_effective,
    _vectors,
    counts_and_melds,
    effective_counts,
    shanten_and_effective,
    shanten_counts,
)
from majiang.analysis.tables import RECORD, suit_table
from majiang.errors import InvalidHandError, InvalidOptionError
from majiang.hand import Hand
from majiang.meld import Meld, MeldKind
from majiang.seats import RelativeSeat
from majiang.tiles import ALL_TILES, Tile

__all__ = [
    "CallKind",
    "CallOption",
    "DiscardOption",
    "LiveTile",
    "Wait",
    "WinFans",
    "call_efficiency",
    "discard_efficiency",
    "live_effective",
    "live_waits",
    "seen_counts",
]


class LiveTile(NamedTuple):
    """A tile kind and how many copies of it the player cannot see (an immutable named tuple)."""

    tile: Tile
    live: int


class WinFans(Protocol):
    """A ruleset's fan count for a win, and the least it must reach (``minimum``)."""

    minimum: int

    def __call__(self, hand: Hand, *, self_drawn: bool, last_copy: bool) -> int:
        """Fans of ``hand`` (its last tile the winning one), flowers excluded."""
        ...


@dataclass(frozen=True, slots=True)
class Wait:
    """A winning tile of a ready hand, its live copies and the fans it would score.

    ``fans_discard`` / ``fans_self_drawn`` are fan totals without flowers, and ``legal`` says whether
    either reaches the ruleset's minimum; all three are ``None`` without a fan check. A wait with
    ``live == 0`` is exhausted: every copy is already in sight.
    """

    tile: Tile
    live: int
    fans_discard: int | None = None
    fans_self_drawn: int | None = None
    legal: bool | None = None

    @property
    def exhausted(self) -> bool:
        """All four copies are visible (绝张 already gone)."""
        return self.live == 0


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One discard from a hand after its draw, and what the remaining hand can do.

    ``legal_live`` (8-fan aware, for discards leaving a ready or one-away hand) counts the live tiles
    that lead to a legal win: for a ready hand, live copies of waits reaching 8 fans; for a one-away
    hand, live copies of effective draws after which some discard leaves a ready hand with such a wait.
    It is ``None`` when not computed.
    """

    discard: Tile
    shanten: int
    effective: tuple[LiveTile, ...]
    waits: tuple[Wait, ...] = ()
    legal_live: int | None = None

    @property
    def live(self) -> int:
        """Live copies of all effective tiles."""
        return sum(e.live for e in self.effective)


class CallKind(Enum):
    """What can be done with another player's discard."""

    WIN = "win"
    PASS = "pass"
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"


@dataclass(frozen=True, slots=True)
class CallOption:
    """Passing or one way of claiming a discard, judged after the best follow-up discard.

    For a chow or a pung, ``discard`` is the best tile to let go afterwards; a kong draws a replacement
    first, so its figures are those of the hand right after the kong. ``meld`` is the claimed meld.
    ``WIN`` (shanten -1) appears when the discard completes the hand; whether the win reaches a
    ruleset's minimum is for the caller to check (``majiang.mcr.call_advice`` does).
    """

    kind: CallKind
    meld: Meld | None
    discard: Tile | None
    shanten: int
    effective: tuple[LiveTile, ...]

    @property
    def live(self) -> int:
        """Live copies of all effective tiles."""
        return sum(e.live for e in self.effective)


def _as_hand(hand: str | Hand) -> Hand:
    if isinstance(hand, str):
        return Hand.parse(hand)
    if isinstance(hand, Hand):
        return hand
    raise TypeError(f"hand must be notation or a Hand, not {type(hand).__name__}")


def seen_counts(hand: str | Hand, visible: Iterable[Tile] = ()) -> list[int]:
    """Copies of each kind the player can see: own standing tiles and melds, plus ``visible``.

    Raises InvalidHandError if any kind would be seen more than four times.
    """
    h = _as_hand(hand)
    seen = h.counts(include_melds=True)
    for t in visible:
        seen[Tile(t)] += 1
    for k, n in enumerate(seen):
        if n > 4:
            raise InvalidHandError(
                f"{n} copies of {ALL_TILES[k].notation()} in sight (hand, melds and visible); a set has 4"
            )
    return seen


def _live(tiles: Iterable[int], seen: Sequence[int]) -> tuple[LiveTile, ...]:
    new = tuple.__new__  # a named tuple's own constructor costs three times as much
    return tuple([new(LiveTile, (ALL_TILES[t], 4 - seen[t])) for t in tiles])


def live_effective(hand: str | Hand, visible: Iterable[Tile] = (), form: str | None = None
                   ) -> tuple[LiveTile, ...]:
    """Effective tiles (有效牌) of a waiting hand with the live count of each (kinds the hand holds
    four of, melds included, are not listed; those all in sight are, with 0).

    >>> [(e.tile.notation(), e.live) for e in live_effective("123456789m1234p", visible=parse("1p1p"))]
    [('1p', 1), ('4p', 3)]
    """
    h = _as_hand(hand)
    counts, melds = counts_and_melds(h)
    if h.winning_tile is not None:
        raise InvalidHandError("effective tiles are for a hand waiting to draw (13 tiles, a kong counting 3)")
    seen = seen_counts(h, visible)
    return _live(effective_counts(counts, melds, form, held=h.counts(include_melds=True)), seen)


def parse(text: str) -> list[Tile]:
    """Tiles from notation without melds, e.g. visible discards: ``parse("1p1pE")``."""
    from majiang.notation import parse_tiles

    return parse_tiles(text)


def _held(melds: Sequence[Meld], standing: Sequence[int]) -> list[int]:
    """Copies of each kind the player holds: ``standing`` plus the melds' tiles."""
    held = list(standing)
    for m in melds:
        for k in m.tiles:
            held[k] += 1
    return held


# Counts 0-4 as the digits of a binary number, kind 0 last: a bit set per kind held, in C-level passes.
_BIT_DIGITS = bytes.maketrans(bytes(range(5)), b"01111")


def _mask(counts: Sequence[int]) -> int:
    """Bit k set when kind k is held (``Hand``'s masks)."""
    return int(bytes(counts[::-1]).translate(_BIT_DIGITS), 2)


_THREE_DIGITS = bytes.maketrans(bytes(range(5)), b"00011")
_FOUR_DIGITS = bytes.maketrans(bytes(range(5)), b"00001")


def _mask_of(counts: Sequence[int], digits: bytes) -> int:
    """Bit k set where ``digits`` turns count k into 1 (``_mask`` with another table)."""
    return int(bytes(counts[::-1]).translate(digits), 2)


# _RUNS[k][n]: n copies of kind k, so counts become sorted tiles in one C-level pass.
_RUNS = tuple(tuple((tile,) * n for n in range(5)) for tile in ALL_TILES)


class _Wins:
    """The fan check of one advice call: totals and ready holdings remembered while the call lasts.

    The one-away check meets the same holdings and wins many times over (a draw then a discard, or the
    discard then the draw), so each win is scored once, on a discard and self-drawn together (in one pass
    when the fan count offers ``both_ways``); a holding is judged legal as soon as one wait reaches the
    minimum either way.
    """

    __slots__ = ("both", "counted", "fans", "floor", "forms", "held", "legal", "loose", "meld_kinds", "melds",
                 "named", "scored", "special_legal")

    def __init__(self, melds: tuple[Meld, ...], fans: WinFans, forms: int = SPECIAL_FORMS) -> None:
        self.melds = melds
        # The special forms (七对, 十三幺, 全不靠, 组合龙, as bits) a holding met may be ready in; else
        # readiness and waits are the regular form's.
        self.forms = forms
        self.fans = fans
        # Optional on a WinFans: both totals of one win, ``(discard, self_drawn)``, sharing the work.
        self.both: Callable[..., tuple[int, int]] | None = getattr(fans, "both_ways", None)
        # And the same from counts, with no hand built.
        self.counted: Callable[..., tuple[int, int]] | None = getattr(fans, "both_ways_counted", None)
        # Optional too: the fewest fans any win in four sets and a pair with these melds scores the better
        # way, by the kinds it holds, those it holds three or four of, those it holds four of outside a kong
        # and 和绝张 (``floors``), or by the kinds alone (``floor``).
        self.floor: Callable[[int, int, int, bool], int] | None = None
        floors = getattr(fans, "floors", None)
        if floors is not None:
            self.floor = floors(melds)
        else:
            kinds_floor: Callable[[int], int] | None = getattr(fans, "floor", None)
            if kinds_floor is not None:
                self.floor = lambda kinds, threes, fours, last_copy: kinds_floor(kinds)
        # Optional: whether every win in a special form reaches the minimum.
        self.special_legal: bool = getattr(fans, "special_forms_legal", False)
        self.held = _held(melds, [0] * 34)  # the melds' tiles alone
        self.loose = _held([m for m in melds if m.kind is not MeldKind.KONG], [0] * 34)  # less the kongs'
        self.meld_kinds = _mask(self.held)
        self.scored: dict[tuple[tuple[int, ...], int, bool], tuple[int, int]] = {}
        self.legal: dict[tuple[int, ...], bool] = {}
        # any_legal by the holding's name in the one-away loop (what left the call's hand, what came in)
        self.named: dict[int, bool] = {}

    def totals(self, key: tuple[int, ...], win: int, last: bool) -> tuple[int, int]:
        """Fans of the win on ``win`` by the standing tiles ``key`` (counts), flowers excluded: on a
        discard and self-drawn."""
        slot = (key, win, last)
        value = self.scored.get(slot)
        if value is None:
            if self.counted is not None:
                counts = list(key)
                counts[win] += 1
                standing = tuple(counts)
                everything = tuple(map(add, standing, self.held)) if self.melds else standing
                kinds = _mask(standing)
                value = self.counted(self.melds, standing, everything, kinds, kinds | self.meld_kinds, win,
                                     last)
                self.scored[slot] = value
                return value
            hand = self._hand(key, win)
            if self.both is not None:
                value = self.both(hand, last_copy=last)
            else:
                value = (self.fans(hand, self_drawn=False, last_copy=last),
                         self.fans(hand, self_drawn=True, last_copy=last))
            self.scored[slot] = value
        return value

    def _hand(self, key: tuple[int, ...], win: int) -> Hand:
        """The hand of the win on ``win`` by the standing tiles ``key``, counted here, not re-checked."""
        tiles = tuple(chain.from_iterable(map(getitem, _RUNS, key)))
        counts = list(key)
        counts[win] += 1
        all_counts = tuple(map(add, counts, self.held))
        if len(tiles) != 13 - 3 * len(self.melds) or all_counts[win] > 4:
            return Hand(self.melds, tiles, ALL_TILES[win])  # raises the usual error
        mask = _mask(counts)
        return Hand._checked(self.melds, tiles, ALL_TILES[win], tuple(counts), all_counts, mask,
                             mask | self.meld_kinds)

    def any_legal(self, key: tuple[int, ...], seen: Sequence[int], codes: Sequence[int], regular: bool,
                  special: int) -> bool:
        """Whether the ready holding ``key`` (``codes``: its suits' table keys) has a wait that reaches the
        minimum; ``regular`` says whether it is ready in the regular form, ``special`` in which special
        forms (bits).

        ``seen`` counts the tiles in sight: the call's own plus one drawn tile. The draw changes no
        answer, so the memo is keyed by the holding alone: 和绝张 on a wait ``w`` needs no copy of ``w``
        standing, and a drawn copy of ``w`` that is not discarded again is standing.
        """
        ok = self.legal.get(key)
        if ok is not None:
            return ok
        held = self.held
        specials: list[int] = []
        if special:
            # A win in a special form scores that form's fan: where the fan count says each reaches the
            # minimum, a live wait of such a form is legal without a count. 七对, 十三幺 and 全不靠 are
            # concealed and a ready holding of one waits on a kind it holds at most three times, so it
            # has such a wait; so has a concealed 组合龙 holding no kind four times (its waits are kinds
            # it holds, standing, fewer than four times, and it has some). Else the waits are worked out.
            if self.special_legal and (special & (SEVEN_PAIRS | THIRTEEN_ORPHANS | HONORS_KNITTED)
                                       or (not self.melds and 4 not in key)):
                self.legal[key] = True
                return True
            specials = [t for t in special_waits(key, len(self.melds), special) if key[t] + held[t] < 4]
            if specials and self.special_legal:
                self.legal[key] = True
                return True
        melds = self.melds
        if not regular:
            waits: list[int] = []
        elif melds:
            waits = [t for t in _regular_waits(key, codes) if key[t] + held[t] < 4]
        else:
            waits = _regular_waits(key, codes)  # it leaves out kinds held four times standing
        minimum = self.fans.minimum
        floor = self.floor
        if waits and floor is not None:
            # The fans a win's tiles decide (清一色, 混一色 with 不求人, 箭刻, ...) may settle it without a
            # count.
            mine: Sequence[int]
            loose: Sequence[int]
            if melds:
                mine = list(map(add, key, held))
                loose = list(map(add, key, self.loose))
                kinds = _mask(key) | self.meld_kinds
                threes = _mask_of(mine, _THREE_DIGITS)
                fours = _mask_of(loose, _FOUR_DIGITS)
            else:
                mine = loose = key
                raw = bytes(key[::-1])
                kinds = int(raw.translate(_BIT_DIGITS), 2)
                threes = int(raw.translate(_THREE_DIGITS), 2)
                fours = int(raw.translate(_FOUR_DIGITS), 2)
            for t in waits:
                bit = 1 << t
                last = seen[t] - key[t] == 3 and not key[t]
                if floor(kinds | bit, threes | bit if mine[t] == 2 else threes,
                         fours | bit if loose[t] == 3 else fours, last) >= minimum:
                    self.legal[key] = True
                    return True
        ok = False
        for t in sorted({*waits, *specials}) if specials else waits:
            on_discard, drawn = self.totals(key, t, seen[t] - key[t] == 3 and not key[t])
            if on_discard >= minimum or drawn >= minimum:
                ok = True
                break
        self.legal[key] = ok
        return ok


def _waits(melds: tuple[Meld, ...], standing: Sequence[int], seen: Sequence[int],
           fans: WinFans | None, form: str | None = None, wins: _Wins | None = None,
           kinds: Sequence[int] | None = None) -> tuple[Wait, ...]:
    """The waits of a ready holding (``kinds``: its waits if already known), scored given ``fans``."""
    counts = list(standing)
    if fans is not None and wins is None:
        wins = _Wins(melds, fans)
    key = tuple(counts)
    out = []
    if kinds is None:
        # A formal wait on a fifth copy (counting melds) is dropped: there is no tile to win on.
        kinds = effective_counts(counts, len(melds), form, held=_held(melds, counts))
    legal = False
    for t in kinds:
        if wins is None:
            out.append(Wait(ALL_TILES[t], 4 - seen[t]))
            continue
        # 和绝张 when the other three copies are in sight outside the standing tiles. With a copy also
        # standing the wait is exhausted and its win hypothetical: scored without 和绝张, which the
        # calculator rightly refuses beside a standing copy.
        on_discard, drawn = wins.totals(key, t, seen[t] - counts[t] == 3 and not counts[t])
        wait_legal = max(on_discard, drawn) >= wins.fans.minimum
        legal = legal or wait_legal
        out.append(Wait(ALL_TILES[t], 4 - seen[t], on_discard, drawn, wait_legal))
    if wins is not None and form is None:
        # What the one-away check would find for this holding.
        wins.legal.setdefault(key, legal)
    return tuple(out)


def live_waits(hand: str | Hand, visible: Iterable[Tile] = (), fans: WinFans | None = None
               ) -> tuple[Wait, ...]:
    """The waits (听牌) of a ready hand, with live counts and (given ``fans``) the fans of each win.

    Without ``fans`` no minimum is checked; ``majiang.mcr.ready_waits`` is the 8-fan-aware one.

    A kind the hand holds four of (melds included) is no wait, so a hand formally ready only on such
    a kind has none. Raises InvalidHandError if the hand is not ready (shanten 0) or has a drawn tile.
    """
    h = _as_hand(hand)
    if h.winning_tile is not None:
        raise InvalidHandError("waits are for a hand waiting to draw (13 tiles, a kong counting 3)")
    counts, melds = counts_and_melds(h)
    if shanten_counts(counts, melds) != 0:
        raise InvalidHandError(f"{h.notation()} is not ready (shanten {shanten_counts(counts, melds)})")
    seen = seen_counts(h, visible)
    return _waits(h.melds, counts, seen, fans)


def _legal_live_one_away(counts: list[int], seen: list[int], effective: Sequence[int], wins: _Wins,
                         gone: int, codes: tuple[int, int, int], order: Sequence[int]) -> int:
    """Live copies of the draws after which some discard leaves a ready hand with a legal wait.

    ``counts`` is the call's hand less the discard ``gone`` (``codes``: its suits' table keys); holdings
    are named in the memo by what left the call's hand and what came in, which is cheaper than their
    counts.
    """
    total = 0
    known = wins.named
    # The suits' table keys, moved by a draw and a discard as ``Holding`` moves them.
    base_codes = list(codes)
    table = suit_table()
    vecs = _vectors()
    combine = vecs.combine
    final = vecs.final
    melds = len(wins.melds)
    forms = wins.forms if melds <= 1 else 0
    sets = 4 - melds
    full = 3 * sets + 1
    # A holding is named by an int: ``d`` for the call's hand less ``d`` (the drawn tile was ``gone``), else
    # by the two tiles that left (sorted) and the one that came in; ``kept`` holds the first part.
    kept = [(d, ((d * 34 + gone if d < gone else gone * 34 + d) + 1) * 34)
            for d in sorted((d for d in range(34) if counts[d]), key=order.__getitem__)]
    base_honors = vecs.honor_stats(tuple(counts[27:34]))
    ds = [d for d, _ in kept]
    pairs = [pair for _, pair in kept]
    for t in effective:
        if seen[t] >= 4:
            continue
        counts[t] += 1
        seen[t] += 1
        # Holdings already judged cost a lookup: try them first, then judge the others in ``kept``'s order.
        # Letting the drawn tile go again leaves the one-away hand: never ready (its name, among those
        # looked up, is never judged legal).
        again = t == gone
        ok = any(map(known.get, ds)) if again else any(map(known.get, map(t.__add__, pairs)))
        if not ok:
            drawn = base_codes.copy()
            if t < 27:
                drawn[t // 9] += _POW5[t % 9]
            drawn_honors = base_honors if t < 27 else vecs.honor_stats(tuple(counts[27:34]))
            v0, v1, v2 = table[drawn[0] * RECORD], table[drawn[1] * RECORD], table[drawn[2] * RECORD]
            vh = drawn_honors[0]
            # A discard changes one group: the other three together, per group (combining is associative),
            # worked out when a discard from that group is first read (-1 until then).
            c01 = c2h = -1
            rests = [-1, -1, -1, -1]
            for d, pair in kept:
                name = d if again else pair + t
                if d == t or name in known:
                    continue
                counts[d] -= 1
                if d < 27:
                    group = d // 9
                    vid = table[(drawn[group] - _POW5[d % 9]) * RECORD]
                    honors = drawn_honors
                else:
                    group = 3
                    honors = vecs.honor_stats(tuple(counts[27:34]))
                    vid = honors[0]
                # Most holdings are not ready: told from the tables alone (``vecs.best`` with its cache read
                # inline), before any other work.
                rest = rests[group]
                if rest < 0:
                    if group < 2:
                        if c2h < 0:
                            c2h = combine(v2, vh)
                        rest = combine(v1 if group == 0 else v0, c2h)
                    else:
                        if c01 < 0:
                            c01 = combine(v0, v1)
                        rest = combine(c01, vh if group == 2 else v2)
                    rests[group] = rest
                key = ((rest << 16 | vid) if rest <= vid else (vid << 16 | rest)) << 3 | sets
                value = final.get(key)
                if value is None:
                    value = vecs.best(rest, vid, sets)
                regular = value == full
                if regular or forms:
                    keys = drawn.copy()
                    if d < 27:
                        keys[group] -= _POW5[d % 9]
                    special = _special_ready(table, vecs, keys[0] * RECORD, keys[1] * RECORD,
                                             keys[2] * RECORD, honors, melds, forms) if forms else 0
                    ok = (regular or special != 0) and wins.any_legal(tuple(counts), seen, keys, regular,
                                                                      special)
                else:
                    ok = False
                known[name] = ok
                counts[d] += 1
                if ok:
                    break
        counts[t] -= 1
        seen[t] -= 1
        if ok:
            total += 4 - seen[t]
    return total


def discard_efficiency(hand: str | Hand, visible: Iterable[Tile] = (), fans: WinFans | None = None,
                       form: str | None = None) -> list[DiscardOption]:
    """Every distinct discard of a hand after its draw, best first (何切), by tile efficiency.

    Without ``fans`` the 8-fan minimum is ignored; ``majiang.mcr.discard_advice`` is the advice that
    keeps it.

    Ranked by shanten, then (given ``fans``, for ready and one-away results) by the live tiles that
    lead to a legal win, then by live effective tiles, then by tile order. ``form`` (one of
    ``majiang.analysis.FORMS``) judges every discard by that form alone instead of the best form.
    """
    h = _as_hand(hand)
    if h.winning_tile is None:
        raise InvalidHandError("discard advice is for a hand after its draw (14 tiles, a kong counting 3)")
    counts, melds = counts_and_melds(h)
    seen = seen_counts(h, visible)
    held = h.counts(include_melds=True)
    options: list[DiscardOption] = []
    wins = None
    if fans is not None:
        # A holding met is this hand less two tiles plus one: only the special forms near this hand can
        # be ready in one.
        wins = _Wins(h.melds, fans, near_special_forms(counts, melds))
    if form is not None and form not in FORMS:
        raise InvalidOptionError(f"unknown form {form!r}; one of {', '.join(FORMS)}")
    # The suits' table keys of the hand: a discard moves one.
    hand_codes = (_code(counts, 0), _code(counts, 9), _code(counts, 18))
    found: list[tuple[int, int, list[int], tuple[int, int, int]]] = []
    for d in range(34):
        if not counts[d]:
            continue
        counts[d] -= 1
        held[d] -= 1
        codes = hand_codes
        if d < 27:
            moved = list(hand_codes)
            moved[d // 9] -= _POW5[d % 9]
            codes = (moved[0], moved[1], moved[2])
        value, effective = _shanten_and_effective(counts, melds, form, codes)
        found.append((d, value, [t for t in effective if held[t] < 4], codes))
        counts[d] += 1
        held[d] += 1
    # The ready discards first: their waits are scored anyway and settle holdings the one-away check meets.
    # That check then tries second discards in the order of their own shanten (ready ones first), so the
    # first holding it reads is most often ready.
    order = [RULED_OUT] * 34
    for d, value, _, _ in found:
        order[d] = value
    legals: dict[int, int | None] = {}
    waits_of: dict[int, tuple[Wait, ...]] = {}
    for d, value, effective, codes in sorted(found, key=lambda f: f[1] != 0):
        legal: int | None = None
        counts[d] -= 1
        if value == 0:
            waits = waits_of[d] = _waits(h.melds, counts, seen, fans, form, wins, effective)
            if fans is not None:
                legal = sum(w.live for w in waits if w.legal)
        elif value == 1 and wins is not None and form is None:
            legal = _legal_live_one_away(counts, seen, effective, wins, d, codes, order)
        counts[d] += 1
        legals[d] = legal
    for d, value, effective, _ in found:
        options.append(DiscardOption(ALL_TILES[d], value, _live(effective, seen), waits_of.get(d, ()),
                                     legals[d]))
    options.sort(key=lambda o: (o.shanten, -(o.legal_live or 0), -o.live, o.discard))
    return options


def _best_after_call(melds: tuple[Meld, ...], counts: list[int], seen: list[int],
                     kind: CallKind, meld: Meld) -> CallOption:
    best: CallOption | None = None
    held = _held(melds, counts)
    for d in range(34):
        if not counts[d]:
            continue
        counts[d] -= 1
        held[d] -= 1
        value, kinds = shanten_and_effective(counts, len(melds))
        effective = _live([t for t in kinds if held[t] < 4], seen)
        counts[d] += 1
        held[d] += 1
        option = CallOption(kind, meld, ALL_TILES[d], value, effective)
        if best is None or (value, -option.live) < (best.shanten, -best.live):
            best = option
    assert best is not None
    return best


def call_efficiency(
    hand: str | Hand,
    tile: Tile | str,
    *,
    from_seat: RelativeSeat = RelativeSeat.LEFT,
    visible: Iterable[Tile] = (),
) -> list[CallOption]:
    """Compare passing on another player's discard with every chow, pung and kong it allows.

    Fans are not counted: ``majiang.mcr.call_advice`` drops a win below the 8-fan minimum.

    ``from_seat`` is who discarded it: the left player (上家, the only one you may chow from), across
    or right. ``visible`` should not include the discarded tile itself. Best first: by shanten, then live
    effective tiles; passing wins ties.
    """
    h = _as_hand(hand)
    if h.winning_tile is not None:
        raise InvalidHandError("call advice is for a hand waiting to draw (13 tiles, a kong counting 3)")
    if isinstance(from_seat, bool) or from_seat not in (1, 2, 3):
        raise InvalidOptionError(
            f"from_seat must be a RelativeSeat (1 left, 2 across, 3 right), not {from_seat!r}")
    from_seat = RelativeSeat(from_seat)
    claimed = Tile.parse(tile) if isinstance(tile, str) else Tile(tile)
    counts, melds = counts_and_melds(h)
    seen = seen_counts(h, [*visible, claimed])
    base = shanten_counts(counts, melds)
    held = h.counts(include_melds=True)
    options = [CallOption(CallKind.PASS, None, None, base,
                          _live(effective_counts(counts, melds, held=held), seen))]
    if base == 0 and counts[claimed] < 4:
        counts[claimed] += 1
        if shanten_counts(counts, melds) == -1:
            options.append(CallOption(CallKind.WIN, None, None, -1, ()))
        counts[claimed] -= 1
    if len(h.melds) == 4:
        return options
    c = claimed
    candidates: list[tuple[CallKind, Meld, tuple[int, ...]]] = []
    if from_seat == RelativeSeat.LEFT and c.is_numbered:
        for low in (c - 2, c - 1, c):
            if low >= 0 and low // 9 == c // 9 and low % 9 <= 6:
                need = tuple(k for k in (low, low + 1, low + 2) if k != c)
                if all(counts[k] for k in need):
                    candidates.append((CallKind.CHOW, Meld.chow(ALL_TILES[low], c - low + 1), need))
    if counts[c] >= 2:
        candidates.append((CallKind.PUNG, Meld.pung(c, from_seat), (c, c)))
    if counts[c] >= 3:
        candidates.append((CallKind.KONG, Meld.kong(c, from_seat), (c, c, c)))
    for kind, meld, need in candidates:
        for k in need:
            counts[k] -= 1
        new_melds = (*h.melds, meld)
        if kind == CallKind.KONG:
            value = shanten_counts(counts, len(new_melds))
            kinds = effective_counts(counts, len(new_melds), held=_held(new_melds, counts))
            effective = _live(kinds, seen)
            options.append(CallOption(kind, meld, None, value, effective))
        else:
            options.append(_best_after_call(new_melds, counts, seen, kind, meld))
        for k in need:
            counts[k] += 1
    order = {CallKind.WIN: -1, CallKind.PASS: 0, CallKind.KONG: 1, CallKind.PUNG: 2, CallKind.CHOW: 3}
    options.sort(key=lambda o: (o.shanten, -o.live, order[o.kind]))
    return options

