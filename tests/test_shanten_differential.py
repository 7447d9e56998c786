"""Differential tests of the shanten tables against PyMahjongGB and against a from-scratch search.

In CI: 95,000 random hands (30,000 concealed, 60,000 with one to four melds, 5,000 after a draw) must
agree with PyMahjongGB on every form's shanten and useful tiles and on the minimum, and 110,000 more
(13 and 14 tiles, 0-4 melds) with the regular-shanten search written here; every one-suit concealed
holding of 13 tiles is checked for seven pairs, every 8th for the regular form (the soak checks all).
PyMahjongGB refuses 14 standing tiles, so hands after a draw are compared with its figures for each
discard instead. The shipped table file must hold what the table code computes now, so a stale
``suits.bin.xz`` fails the suite.

PyMahjongGB's useful tiles are formal: they include kinds the hand holds four times. ``effective_tiles``
lists live tiles only: it leaves out kinds held four times, standing or (given a ``Hand`` or notation)
counting the melds' tiles, so those are taken out of PyMahjongGB's lists before comparing.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product

import pytest
from MahjongGB import (
    HonorsAndKnittedTilesShanten,
    KnittedStraightShanten,
    MahjongShanten,
    RegularShanten,
    SevenPairsShanten,
    ThirteenOrphansShanten,
)

from majiang import Hand, Meld, Tile
from majiang.analysis import tables
from majiang.analysis.shanten import (
    FORMS,
    RULED_OUT,
    ShantenForms,
    effective_tiles,
    regular_shanten,
    shanten,
    shanten_forms,
)
from majiang.interop.pymahjonggb import pack, tile_code
from majiang.seats import RelativeSeat

CODES: tuple[str, ...] = tuple(tile_code(t) for t in Tile)
MAX_SHOWN = 20

PeerForm = Callable[[tuple[str, ...]], tuple[int, tuple[str, ...]]]
PEER_FORMS: dict[str, PeerForm] = {
    "regular": RegularShanten,
    "seven_pairs": SevenPairsShanten,
    "thirteen_orphans": ThirteenOrphansShanten,
    "honors_knitted": HonorsAndKnittedTilesShanten,
    "knitted_straight": KnittedStraightShanten,
}
PeerResult = dict[str, tuple[int, frozenset[str]]]
"""PyMahjongGB's ``(shanten, useful codes)`` of each form it computes for a hand."""


# --- random hands ------------------------------------------------------------------------------------

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
HONORS = tuple(range(27, 34))
KNITS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
STYLES = ("uniform", "one_suit_honors", "terminals_honors", "knitted", "pairs", "near_complete")
"""How standing tiles are drawn: from the whole wall, mostly from a pool that brings the special forms
(and one-suit regular hands) close, or as a complete hand of a random form with a tile or two swapped."""


def open_forms(melds: int) -> tuple[str, ...]:
    """The forms a hand with ``melds`` declared melds can still take."""
    return FORMS if not melds else ("regular", "knitted_straight") if melds == 1 else ("regular",)


def _knitted_kinds(rng: random.Random) -> tuple[int, ...]:
    """The nine kinds of a random knitted straight (组合龙)."""
    perm = rng.choice(KNITS)
    return tuple(9 * suit + r for start, suit in enumerate(perm) for r in (start, start + 3, start + 6))


def _pool(rng: random.Random, style: str) -> tuple[int, ...]:
    if style == "one_suit_honors":
        suit = rng.randrange(3)
        return tuple(range(9 * suit, 9 * suit + 9)) + (HONORS if rng.random() < 0.5 else ())
    if style == "terminals_honors":
        return ORPHANS
    if style == "knitted":
        return _knitted_kinds(rng) + HONORS
    return tuple(range(34))


def _take(rng: random.Random, left: list[int], kinds: Sequence[int]) -> int:
    """Take one tile from the wall ``left``: a kind among ``kinds`` if any is left there."""
    avail = [k for k in kinds if left[k]] or [k for k in range(34) if left[k]]
    kind = rng.choice(avail)
    left[kind] -= 1
    return kind


def _random_set(rng: random.Random) -> tuple[int, ...]:
    if rng.random() < 0.6:
        start = 9 * rng.randrange(3) + rng.randrange(7)
        return (start, start + 1, start + 2)
    return (rng.randrange(34),) * 3


def _complete(rng: random.Random, melds: int) -> list[int]:
    """The standing tiles of a complete hand (3n+2 of them) in a form open to ``melds`` melds."""
    form = rng.choice(open_forms(melds))
    if form == "seven_pairs":
        return [k for k in rng.sample(range(34), 7) for _ in range(2)]
    if form == "thirteen_orphans":
        return [*ORPHANS, rng.choice(ORPHANS)]
    if form == "honors_knitted":
        return rng.sample(_knitted_kinds(rng) + HONORS, 14)
    tiles = [*_knitted_kinds(rng)] if form == "knitted_straight" else []
    sets = 4 - melds - (3 if tiles else 0)
    for _ in range(sets):
        tiles += _random_set(rng)
    return tiles + [rng.randrange(34)] * 2


def _near_complete(rng: random.Random, left: list[int], n: int, melds: int) -> list[int]:
    """``n`` tiles from a complete hand with up to two swapped for wall tiles (the wall permitting)."""
    for _ in range(20):
        tiles = _complete(rng, melds)
        if all(tiles.count(k) <= left[k] for k in set(tiles)):
            break
    else:
        return [_take(rng, left, range(34)) for _ in range(n)]
    for k in tiles:
        left[k] -= 1
    rng.shuffle(tiles)
    for _ in range(rng.choice((0, 0, 1, 2))):
        left[tiles.pop()] += 1
        tiles.append(_take(rng, left, range(34)))
        rng.shuffle(tiles)
    while len(tiles) > n:
        left[tiles.pop()] += 1
    return tiles


def _standing(rng: random.Random, left: list[int], n: int, style: str, melds: int) -> list[int]:
    if style == "near_complete":
        return _near_complete(rng, left, n, melds)
    pool = _pool(rng, style)
    out: list[int] = []
    for _ in range(n):
        if style == "pairs" and out and rng.random() < 0.55:
            out.append(_take(rng, left, out))  # another copy of a kind already held
        elif style != "uniform" and rng.random() < 0.85:
            out.append(_take(rng, left, pool))
        else:
            out.append(_take(rng, left, range(34)))
    return out


def _meld(rng: random.Random, left: list[int]) -> Meld:
    """A meld whose tiles come out of the wall ``left``."""
    chows = [t for t in range(27) if t % 9 <= 6 and left[t] and left[t + 1] and left[t + 2]]
    pungs = [t for t in range(34) if left[t] >= 3]
    kongs = [t for t in range(34) if left[t] == 4]
    roll = rng.random()
    if chows and (roll < 0.5 or not pungs):
        meld = Meld.chow(Tile(rng.choice(chows)), rng.randint(1, 3))
    elif kongs and roll > 0.85:
        from_seat = rng.choice([None, *RelativeSeat])
        added = from_seat is not None and rng.random() < 0.5
        meld = Meld.kong(Tile(rng.choice(kongs)), from_seat, added=added)
    else:
        meld = Meld.pung(Tile(rng.choice(pungs)), RelativeSeat(rng.randint(1, 3)))
    for t in meld.tiles:
        left[t] -= 1
    return meld


def random_hand(rng: random.Random, melds: int, drawn: bool, style: str) -> Hand:
    """A legal hand: ``melds`` melds and the standing tiles, taken from one set of 136 tiles."""
    left = [4] * 34
    declared = tuple(_meld(rng, left) for _ in range(melds))
    tiles = _standing(rng, left, 13 - 3 * melds + drawn, style, melds)
    last = Tile(tiles.pop()) if drawn else None
    return Hand(declared, tuple(Tile(t) for t in tiles), last)


def hand_stream(seed: int, n: int, melds: int, drawn: bool = False) -> Iterator[Hand]:
    """``n`` hands with ``melds`` melds, the styles taking turns."""
    rng = random.Random(seed)
    for i in range(n):
        yield random_hand(rng, melds, drawn, STYLES[i % len(STYLES)])


def _as_input(hand: Hand, i: int) -> str | Hand | list[Tile]:
    """The same hand as a ``Hand``, as notation or as its standing tiles in a shuffled list."""
    kind = i % 3
    if kind == 0:
        return hand
    if kind == 1:
        return hand.notation()
    tiles = list(hand.standing)
    random.Random(i).shuffle(tiles)
    return tiles


# --- comparing with PyMahjongGB -----------------------------------------------------------------------

def _codes(counts: Sequence[int]) -> tuple[str, ...]:
    return tuple(CODES[t] for t in range(34) for _ in range(counts[t]))


def peer_forms(counts: Sequence[int], melds: int) -> PeerResult:
    """PyMahjongGB's figures for the forms open to a hand with ``melds`` melds (3n+1 standing tiles)."""
    codes = _codes(counts)
    out: PeerResult = {}
    for name in open_forms(melds):
        value, useful = PEER_FORMS[name](codes)
        out[name] = (int(value), frozenset(str(code) for code in useful))
    return out


def _held_four(counts: Sequence[int]) -> frozenset[str]:
    return frozenset(CODES[t] for t in range(34) if counts[t] == 4)


def _peer_minimum(peer: PeerResult, held_four: frozenset[str]) -> tuple[int, frozenset[str]]:
    """The least shanten over the forms and what lowers it, the kinds ``held_four`` left out."""
    least = min(value for value, _ in peer.values())
    useful = frozenset().union(*(u for value, u in peer.values() if value == least))
    return least, useful - held_four


def _useful(hand: str | Hand | list[Tile], form: str | None = None) -> frozenset[str]:
    return frozenset(CODES[t] for t in effective_tiles(hand, form))


@dataclass
class Run:
    """What comparing a stream of hands found, and how often each form came close."""

    hands: int = 0
    differing: list[str] = field(default_factory=list)
    close: Counter[str] = field(default_factory=Counter)
    """Per form: hands where it is the (joint) minimum and at most 1 (ready or one from ready)."""
    complete: Counter[str] = field(default_factory=Counter)
    """Per form: hands after a draw that are complete in it."""
    held_four: Counter[str] = field(default_factory=Counter)
    """Per form: hands where PyMahjongGB lists a kind the hand holds four of as useful."""

    def add(self, other: Run) -> None:
        self.hands += other.hands
        self.differing += other.differing
        self.close += other.close
        self.complete += other.complete
        self.held_four += other.held_four

    def report(self) -> str:
        shown = "\n".join(self.differing[:MAX_SHOWN])
        return f"{len(self.differing)} of {self.hands} hands differ (first {MAX_SHOWN} shown):\n{shown}"


def _forms_text(forms: ShantenForms) -> str:
    return " ".join(f"{name}={getattr(forms, name)}" for name in FORMS)


def compare_waiting(hands: Iterable[Hand]) -> Run:
    """Hands of 3n+1 standing tiles: every form's shanten and useful tiles, and the minimum's."""
    run = Run()
    for i, hand in enumerate(hands):
        run.hands += 1
        given = _as_input(hand, i)
        counts = hand.counts()
        melds = len(hand.melds)
        peer = peer_forms(counts, melds)
        forms = shanten_forms(given)
        # Standing tiles alone carry no melds: only a Hand or notation knows the melds' copies.
        held_four = _held_four(counts if isinstance(given, list) else hand.counts(include_melds=True))
        problems: list[str] = []
        for name in FORMS:
            ours = getattr(forms, name)
            if name not in peer:
                if ours != RULED_OUT:
                    problems.append(f"{name}: ours {ours}, but {melds} meld(s) rule it out")
                continue
            value, useful = peer[name]
            if useful & held_four:
                run.held_four[name] += 1
                useful -= held_four
            mine = _useful(given, name)
            if ours != value or mine != useful:
                problems.append(f"{name}: ours {ours} {sorted(mine)}, PyMahjongGB {value} {sorted(useful)}")
        least, useful = _peer_minimum(peer, held_four)
        packs = tuple(pack(m) for m in hand.melds)
        peer_least = int(MahjongShanten(packs, _codes(counts)))
        value = shanten(given)
        mine = _useful(given)
        if not forms.value == value == least == peer_least or mine != useful:
            problems.append(f"minimum: ours {forms.value}/{value} {sorted(mine)}, PyMahjongGB"
                            f" {least} (MahjongShanten {peer_least}) {sorted(useful)}")
        if problems:
            run.differing.append(f"{hand.notation()} given as {type(given).__name__}: " + "; ".join(problems))
        for name in FORMS:
            if getattr(forms, name) == forms.value <= 1:
                run.close[name] += 1
    return run


def _discard_reference(counts: Sequence[int], melds: int) -> dict[str, int]:
    """Each open form's shanten of 3n+2 standing tiles, from PyMahjongGB's figures for every discard.

    The hand is complete (-1) in a form if some discard leaves it ready in that form waiting on the
    discarded tile; otherwise its shanten is the least over the discards.
    """
    best: dict[str, int] = {}
    c = list(counts)
    for d in range(34):
        if not c[d]:
            continue
        c[d] -= 1
        for name, (value, useful) in peer_forms(c, melds).items():
            if value == 0 and CODES[d] in useful:
                value = -1
            if value < best.get(name, 99):
                best[name] = value
        c[d] += 1
    return best


def compare_drawn(hands: Iterable[Hand]) -> Run:
    """Hands after a draw (3n+2 standing tiles): every form against the discard reference."""
    run = Run()
    for i, hand in enumerate(hands):
        run.hands += 1
        given = _as_input(hand, i)
        counts = hand.counts()
        melds = len(hand.melds)
        expected = _discard_reference(counts, melds)
        forms = shanten_forms(given)
        ours = {name: getattr(forms, name) for name in FORMS if getattr(forms, name) != RULED_OUT}
        least = min(expected.values())
        reference = reference_regular_shanten(counts, melds)
        if ours != expected or not forms.value == shanten(given) == least or reference != forms.regular:
            run.differing.append(f"{hand.notation()} given as {type(given).__name__}:"
                                 f" ours {_forms_text(forms)} (shanten {shanten(given)}),"
                                 f" PyMahjongGB per discard {expected}, regular search {reference}")
        for name, value in ours.items():
            if value == -1:
                run.complete[name] += 1
    return run


# --- an independent regular shanten: sets, partial sets and a pair, searched tile by tile ---------------

Split = tuple[int, int, int]
"""Sets, partial sets (two tiles a set needs one more for, a pair included) and the pair (0/1)."""


def _undominated(splits: Iterable[Split]) -> frozenset[Split]:
    """Drop the splits that another one beats or equals in sets, partial sets and pair alike."""
    found = set(splits)
    return frozenset(
        s for s in found
        if not any(o != s and o[0] >= s[0] and o[1] >= s[1] and o[2] >= s[2] for o in found)
    )


@lru_cache(maxsize=1 << 16)
def _group_splits(counts: tuple[int, ...]) -> frozenset[Split]:
    """Every useful split of one suit (9 counts) or one honor kind (1 count, so no chows)."""
    low = next((r for r, n in enumerate(counts) if n), None)
    if low is None:
        return frozenset({(0, 0, 0)})
    found: list[Split] = []

    def block(ranks: tuple[int, ...], sets: int, partial: int, pair: int) -> None:
        rest = list(counts)
        for r in ranks:
            if r >= len(rest) or not rest[r]:
                return
            rest[r] -= 1
        for s, p, q in _group_splits(tuple(rest)):
            if q + pair <= 1:
                found.append((s + sets, p + partial, q + pair))

    # The lowest tile is alone, or it starts a block: each block holding it starts at it.
    block((low,), 0, 0, 0)
    block((low, low, low), 1, 0, 0)
    block((low, low), 0, 0, 1)
    block((low, low), 0, 1, 0)
    if len(counts) == 9:
        block((low, low + 1, low + 2), 1, 0, 0)
        block((low, low + 1), 0, 1, 0)
        block((low, low + 2), 0, 1, 0)
    return _undominated(found)


def _join(a: frozenset[Split], b: frozenset[Split]) -> frozenset[Split]:
    return _undominated(
        (x[0] + y[0], x[1] + y[1], x[2] + y[2]) for x in a for y in b if x[2] + y[2] <= 1
    )


def reference_regular_shanten(counts: Sequence[int], melds: int) -> int:
    """Regular shanten by the textbook count: 2 per set still needed, less 1 per partial set or pair.

    Only as many partial sets count as there are sets still missing; wait shapes are formal (a partial
    set counts even if the wall has no tile left for it).
    """
    need = 4 - melds
    groups = [tuple(counts[base:base + 9]) for base in (0, 9, 18)] + [(counts[t],) for t in HONORS]
    splits = frozenset({(0, 0, 0)})
    for group in groups:
        if any(group):
            splits = _join(splits, _group_splits(group))
    best = 0
    for sets, partial, pair in splits:
        sets = min(sets, need)
        best = max(best, 2 * sets + min(partial, need - sets) + pair)
    return 2 * need - best


REFERENCE_CASES = (
    ("123m456p789s1122z", 0),  # two pairs: either is the pair
    ("1112345678999m", 0),  # 九莲宝灯
    ("19m19p19sESWNPFC", 8),  # nothing connects
    ("139m146p179sEESS", 3),  # five partial sets: one pair is the pair, four more count
    ("1111m2222p3333sEE", 1),  # pungs and single tiles
    ("123456789m1234p", 0),  # a single wait on 1p or 4p
    ("[123m][456p][789s]1234p", 0),
    ("[123m][456p][789s][EEE]C", 0),
    ("[123m][456p][789s][EEE]CC", -1),
    ("11122233344455m", -1),
    ("1357m1357p1357s1z", 4),
    ("11m22p33s44m55p66s7z", 3),  # six pairs: one is the pair, four of the others partial sets
)


@pytest.mark.parametrize(("text", "expected"), REFERENCE_CASES)
def test_reference_search_on_known_hands(text: str, expected: int) -> None:
    hand = Hand.parse(text)
    assert reference_regular_shanten(hand.counts(), len(hand.melds)) == expected
    assert regular_shanten(hand.counts(), len(hand.melds)) == expected


REFERENCE_SEEDS = (11, 12, 13, 14, 15)
REFERENCE_HANDS = 4_400
"""Per seed and number of melds (0-4), half of them after a draw."""


@pytest.mark.soak
def test_regular_shanten_agrees_with_the_reference_search() -> None:
    differing: list[str] = []
    hands = 0
    for seed in REFERENCE_SEEDS:
        for melds in range(5):
            for drawn in (False, True):
                for hand in hand_stream(seed * 100 + melds * 10 + drawn, REFERENCE_HANDS // 2, melds, drawn):
                    hands += 1
                    counts = hand.counts()
                    ours = regular_shanten(counts, melds)
                    expected = reference_regular_shanten(counts, melds)
                    if ours != expected:
                        differing.append(f"{hand.notation()}: ours {ours}, search {expected}")
    assert hands == len(REFERENCE_SEEDS) * 5 * REFERENCE_HANDS
    assert not differing, f"{len(differing)} of {hands} differ:\n" + "\n".join(differing[:MAX_SHOWN])


# --- random hands against PyMahjongGB -----------------------------------------------------------------

CONCEALED_SEEDS = (1, 2, 3, 4)
CONCEALED_PER_SEED = 7_500
MELDED_SEEDS = (21, 22, 23, 24)
MELDED_PER_SEED = 3_750
"""Per seed and per number of melds, 1-4."""
DRAWN_SEEDS = (31, 32)
DRAWN_PER_SEED = 500
"""Per seed and number of melds, 0-4."""

MIN_CLOSE = 500
"""How often each form must be the minimum and at most 1 among the concealed hands of a run."""


def _concealed_run(seeds: Iterable[int], per_seed: int) -> Run:
    run = Run()
    for seed in seeds:
        run.add(compare_waiting(hand_stream(seed, per_seed, 0)))
    return run


def _melded_run(seeds: Iterable[int], per_seed: int) -> Run:
    run = Run()
    for seed in seeds:
        for melds in range(1, 5):
            run.add(compare_waiting(hand_stream(seed * 10 + melds, per_seed, melds)))
    return run


def _drawn_run(seeds: Iterable[int], per_seed: int) -> Run:
    run = Run()
    for seed in seeds:
        for melds in range(5):
            run.add(compare_drawn(hand_stream(seed * 10 + 5 + melds, per_seed, melds, drawn=True)))
    return run


@pytest.mark.soak
def test_concealed_hands_agree_with_pymahjonggb() -> None:
    run = _concealed_run(CONCEALED_SEEDS, CONCEALED_PER_SEED)
    assert run.hands == len(CONCEALED_SEEDS) * CONCEALED_PER_SEED == 30_000
    assert not run.differing, run.report()
    # The biased styles must keep every form within reach, or the run tests easy hands only.
    assert {name: run.close[name] for name in FORMS if run.close[name] < MIN_CLOSE} == {}


@pytest.mark.soak
def test_melded_hands_agree_with_pymahjonggb() -> None:
    run = _melded_run(MELDED_SEEDS, MELDED_PER_SEED)
    assert run.hands == len(MELDED_SEEDS) * 4 * MELDED_PER_SEED == 60_000
    assert not run.differing, run.report()
    assert run.close["regular"] >= MIN_CLOSE and run.close["knitted_straight"] >= MIN_CLOSE // 10


def test_hands_after_a_draw_agree_with_pymahjonggb_per_discard() -> None:
    run = _drawn_run(DRAWN_SEEDS, DRAWN_PER_SEED)
    assert run.hands == len(DRAWN_SEEDS) * 5 * DRAWN_PER_SEED == 5_000
    assert not run.differing, run.report()
    # Complete hands turn up in every form, so -1 is tested too.
    assert {name: run.complete[name] for name in FORMS if run.complete[name] < 5} == {}


def test_pymahjonggb_refuses_fourteen_standing_tiles() -> None:
    """Why hands after a draw go through the discard reference: PyMahjongGB takes 3n+1 tiles only."""
    hand = Hand.parse("123m456p789s1122zE")
    codes = tuple(CODES[t] for t in hand.standing)
    waiting = tuple(CODES[t] for t in hand.tiles)
    for name, peer in PEER_FORMS.items():
        with pytest.raises(TypeError, match="ERROR_INVALID_HAND"):
            peer(codes)
        assert peer(waiting)[0] == shanten_forms(hand.tiles).as_dict()[name]
    with pytest.raises(TypeError, match="ERROR_INVALID_HAND_OR_PACK"):
        MahjongShanten((), codes)
    assert shanten(hand) == -1


def test_kinds_held_four_times_are_left_out_where_pymahjonggb_lists_them() -> None:
    """PyMahjongGB's useful tiles are formal: a fifth copy counts. Ours are live: no form lists a kind
    the hand holds four of, standing or in its melds."""
    ready = "555777m999pWWWW"  # formally ready for a fifth West
    value, useful = RegularShanten(tuple(CODES[t] for t in Hand.parse(ready).tiles))
    assert (value, set(useful)) == (0, {"F3"})
    assert shanten_forms(ready).regular == 0
    assert effective_tiles(ready, "regular") == effective_tiles(ready) == []
    knitted = "1111458m369p45sP"  # 组合龙 three away; a fifth 1m would make 11m the pair
    value, useful = KnittedStraightShanten(tuple(CODES[t] for t in Hand.parse(knitted).tiles))
    forms = shanten_forms(knitted)
    assert value == forms.knitted_straight == forms.value == 3 < forms.regular
    assert "W1" in useful
    assert Tile.M1 not in effective_tiles(knitted, "knitted_straight")
    assert Tile.M1 not in effective_tiles(knitted)
    assert _useful(knitted, "knitted_straight") == set(useful) - {"W1"}
    # The melds' copies count: PyMahjongGB, given the standing tiles, lists 4m.
    melded = "[234m,2][444m,2]15m15p6sFP"
    value, useful = RegularShanten(tuple(CODES[t] for t in Hand.parse(melded).tiles))
    assert "W4" in useful
    assert Tile.M4 not in effective_tiles(melded, "regular")
    assert Tile.M4 not in effective_tiles(melded)


@pytest.mark.slow
def test_soak_random_hands_agree_with_pymahjonggb() -> None:
    """More hands from other seeds: ``MAJIANG_SOAK_HANDS`` of them (default 10,000; ``make soak`` 200,000)."""
    n = int(os.environ.get("MAJIANG_SOAK_HANDS", "10000"))
    assert n > 0, "MAJIANG_SOAK_HANDS must be a positive number of hands"
    # Of every 100 hands: 30 concealed, 60 with melds (15 per number), 10 after a draw (2 per number).
    blocks = -(-n // 100)
    run = Run()
    base = 1_000_000  # disjoint from the CI seeds
    chunk = 1_000
    for start in range(0, blocks, chunk):
        size = min(chunk, blocks - start)
        seed = base + start
        run.add(_concealed_run((seed,), 30 * size))
        run.add(_melded_run((seed,), 15 * size))
        run.add(_drawn_run((seed,), 2 * size))
    assert run.hands == 100 * blocks >= n
    assert not run.differing, run.report()
    assert {name: run.close[name] for name in FORMS if run.close[name] < blocks // 10} == {}
    assert {name: run.complete[name] for name in FORMS if run.complete[name] < blocks // 100} == {}


# --- every one-suit concealed holding -----------------------------------------------------------------

ONE_SUIT_STRIDE = 8
"""PyMahjongGB's regular form takes ~0.25 ms on a one-suit hand, so CI asks it about every 8th holding
and the soak about all; the seven-pairs form is asked about every holding."""


def _one_suit_holdings() -> list[tuple[int, ...]]:
    """Every way to hold 13 tiles of one suit (at most four of a rank)."""
    return [counts for counts in product(range(5), repeat=9) if sum(counts) == 13]


def _one_suit_differences(holdings: Iterable[tuple[int, ...]], names: tuple[str, ...]) -> list[str]:
    differing: list[str] = []
    for counts in holdings:
        tiles = [Tile(r) for r in range(9) for _ in range(counts[r])]
        codes = tuple(CODES[t] for t in tiles)
        full = [*counts, *[0] * 25]
        forms = shanten_forms(tiles)
        for name in names:
            value, useful = PEER_FORMS[name](codes)
            wanted = frozenset(useful) - _held_four(full)
            mine = _useful(tiles, name)
            ours = getattr(forms, name)
            if ours != value or mine != wanted or (name == "regular" and regular_shanten(full) != value):
                differing.append(f"{counts} {name}: ours {ours} {sorted(mine)},"
                                 f" PyMahjongGB {value} {sorted(useful)}")
    return differing


@pytest.mark.soak
def test_every_one_suit_holding_agrees() -> None:
    holdings = _one_suit_holdings()
    assert len(holdings) == 93_600
    differing = _one_suit_differences(holdings, ("seven_pairs",))
    differing += _one_suit_differences(holdings[::ONE_SUIT_STRIDE], ("regular",))
    assert not differing, f"{len(differing)} differ:\n" + "\n".join(differing[:MAX_SHOWN])


@pytest.mark.slow
def test_soak_every_one_suit_holding_agrees_with_pymahjonggb_regular() -> None:
    """The regular form on the holdings the default test skips: up to ``MAJIANG_SOAK_HANDS`` of them,
    spread evenly (default 2,000; ``make soak``'s 200,000 cover all 81,900)."""
    n = int(os.environ.get("MAJIANG_SOAK_HANDS", "2000"))
    assert n > 0, "MAJIANG_SOAK_HANDS must be a positive number of hands"
    skipped = [h for i, h in enumerate(_one_suit_holdings()) if i % ONE_SUIT_STRIDE]
    assert len(skipped) == 81_900
    step = -(-len(skipped) // n)
    differing = _one_suit_differences(skipped[::step], ("regular",))
    assert not differing, f"{len(differing)} differ:\n" + "\n".join(differing[:MAX_SHOWN])


# --- the shipped table holds what the code computes -----------------------------------------------------

TABLE_SAMPLES = 3_000


def _small_holdings(limit: int) -> list[tuple[int, ...]]:
    """Every suit holding of at most ``limit`` tiles (and up to four of a rank)."""
    return [counts for counts in product(range(min(4, limit) + 1), repeat=9) if sum(counts) <= limit]


def _random_holdings(rng: random.Random, n: int) -> list[tuple[int, ...]]:
    out = []
    for _ in range(n):
        counts = [0] * 9
        for _ in range(rng.randint(6, 14)):
            rank = rng.choice([r for r in range(9) if counts[r] < 4])
            counts[rank] += 1
        out.append(tuple(counts))
    return out


def _expected_record(counts: tuple[int, ...]) -> tuple[object, ...]:
    knit_rests = []
    for start in range(3):
        rest = list(counts)
        for r in (start, start + 3, start + 6):
            if rest[r]:
                rest[r] -= 1
        knit_rests.append(tables.overlap_vector(tuple(rest)))
    return (tables.overlap_vector(counts), *tables.suit_stats(counts), *knit_rests)


def test_shipped_table_matches_the_table_code() -> None:
    table = tables.suit_table()
    vectors = tables.vectors()
    assert len(table) == tables.KEYS * tables.RECORD
    assert all(len(v) == 10 for v in vectors) and list(vectors) == sorted(set(vectors))

    def vector(vid: int) -> tuple[int, ...] | str:
        return vectors[vid] if vid < len(vectors) else f"no vector {vid}"

    holdings = _small_holdings(5)
    assert len(holdings) == 1_993
    holdings += _random_holdings(random.Random(7), TABLE_SAMPLES)
    holdings.append((4, 4, 4, 2, 0, 0, 0, 0, 0))
    holdings.append((0, 0, 0, 0, 2, 0, 4, 4, 4))
    stale: list[str] = []
    for counts in holdings:
        code = tables.code_of(counts)
        record = table[code * tables.RECORD:(code + 1) * tables.RECORD]
        shipped = (vector(record[0]), *record[1:8], *(vector(vid) for vid in record[8:]))
        expected = _expected_record(counts)
        if shipped != expected:
            stale.append(f"{counts}: shipped {shipped}, computed {expected}")
    assert not stale, (f"{len(stale)} of {len(holdings)} records are stale; rebuild with"
                       " python -m majiang.analysis.tables:\n" + "\n".join(stale[:MAX_SHOWN]))
