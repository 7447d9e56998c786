"""Sichuan table rules (seed 004): options, kong payments, 杠上炮, 查花猪, 查大叫, the next dealer."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from majiang.errors import IllegalActionError, InvalidOptionError, MajiangError
from majiang.sichuan import (
    DEFAULT_TABLE,
    Exchange,
    KongBloom,
    KongKind,
    Mode,
    NextDealer,
    PassLock,
    ReadyPrice,
    TableOptions,
    exchange_direction,
    exchange_receiver,
    flower_pig_payments,
    kong_discard_transfer,
    kong_payment,
    next_dealer,
    not_ready_payments,
    refund_kongs,
    settle_exhausted,
    void_kong,
    win_payment,
)

SEATS = (0, 1, 2, 3)
# Every set of seats still in that a hand can have: at least two (with one seat left the hand is over).
STILL_IN = [frozenset(c) for n in (2, 3, 4) for c in itertools.combinations(SEATS, n)]


# -- the options ------------------------------------------------------------------------------------

def test_defaults_follow_seed_004() -> None:
    t = TableOptions()
    assert t == DEFAULT_TABLE
    assert (t.mode, t.exchange, t.next_dealer_by) == (Mode.BLOOD_BATTLE, Exchange.NONE, NextDealer.MODE)
    assert (t.melded_kong_bloom, t.not_ready_pays, t.pass_win_lock) == \
        (KongBloom.DISCARDER, ReadyPrice.LARGEST, PassLock.ANY)
    assert (t.direct_kong, t.added_kong, t.concealed_kong, t.flower_pig) == (1, 1, 2, 16)
    assert t.several_winners and t.forced_win_last_four and t.refund_kongs_when_not_ready
    assert not t.declare_void


def test_strings_become_enums() -> None:
    t = TableOptions(mode="blood-river", exchange="across", next_dealer_by="first-winner")  # type: ignore[arg-type]
    assert t.mode is Mode.BLOOD_RIVER and t.exchange is Exchange.ACROSS
    assert t.next_dealer_by is NextDealer.FIRST_WINNER
    assert t == TableOptions(Mode.BLOOD_RIVER, exchange=Exchange.ACROSS,
                             next_dealer_by=NextDealer.FIRST_WINNER)


BAD_OPTIONS: list[tuple[dict[str, Any], str]] = [
    ({"mode": "bloody"}, "mode must be one of 'blood-battle', 'blood-river', 'single', not 'bloody'"),
    ({"mode": 1}, "mode must be one of"),
    ({"exchange": "left"}, "exchange must be one of"),
    ({"next_dealer_by": "winner"}, "next_dealer_by must be one of"),
    ({"declare_void": 1}, "declare_void must be True or False, not 1"),
    ({"several_winners": "yes"}, "several_winners must be True or False"),
    ({"forced_win_last_four": None}, "forced_win_last_four must be True or False"),
    ({"refund_kongs_when_not_ready": 0}, "refund_kongs_when_not_ready must be True or False"),
    ({"flower_pig": -1}, "flower_pig must be an integer from 0 to 64, not -1"),
    ({"direct_kong": 1.5}, "direct_kong must be an integer from 0 to 64, not 1.5"),
    ({"added_kong": True}, "added_kong must be an integer from 0 to 64, not True"),
    ({"concealed_kong": "2"}, "concealed_kong must be an integer from 0 to 64, not '2'"),
]


@pytest.mark.parametrize(("changes", "message"), BAD_OPTIONS)
def test_bad_options_are_refused(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message.replace("(", r"\(")):
        TableOptions(**changes)
    with pytest.raises(InvalidOptionError):
        DEFAULT_TABLE.replace(**changes)


def test_replace_refuses_unknown_fields() -> None:
    with pytest.raises(InvalidOptionError, match="no table option 'cap'"):
        DEFAULT_TABLE.replace(cap=3)
    assert DEFAULT_TABLE.replace(flower_pig=8).flower_pig == 8
    assert DEFAULT_TABLE.flower_pig == 16  # frozen: the original is unchanged


PARSED: list[tuple[str, dict[str, Any]]] = [
    ("mode=blood-river", {"mode": Mode.BLOOD_RIVER}),
    ("mode=single", {"mode": Mode.SINGLE}),
    ("exchange=dice", {"exchange": Exchange.DICE}),
    ("next-dealer-by=discarder", {"next_dealer_by": NextDealer.DISCARDER}),
    ("declare_void=true", {"declare_void": True}),
    ("declare-void=on", {"declare_void": True}),
    ("several_winners=no", {"several_winners": False}),
    ("forced_win_last_four=0", {"forced_win_last_four": False}),
    ("refund_kongs_when_not_ready=false", {"refund_kongs_when_not_ready": False}),
    ("flower_pig=0", {"flower_pig": 0}),
    ("concealed_kong=3", {"concealed_kong": 3}),
]


@pytest.mark.parametrize(("text", "fields"), PARSED)
def test_parse(text: str, fields: dict[str, Any]) -> None:
    parsed = DEFAULT_TABLE.parse(text)
    assert parsed == TableOptions(**fields)
    for name, value in fields.items():
        assert getattr(parsed, name) == value


@pytest.mark.parametrize(("text", "message"), [
    ("mode", "a table option is key=value"),
    ("cap=3", "a table option is key=value with key one of mode, several_winners"),
    ("mode=blood", "mode must be one of"),
    ("declare_void=maybe", "declare_void must be true or false, not 'maybe'"),
    ("flower_pig=-3", "flower_pig must be an integer from 0 to 64, not '-3'"),
    ("flower_pig=１６", "flower_pig must be an integer from 0 to 64, not '１６'"),
    ("direct_kong=1234567890", "direct_kong must be an integer from 0 to 64, not '1234567890'"),
])
def test_parse_refuses(text: str, message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        DEFAULT_TABLE.parse(text)


def test_to_dict_round_trips_through_strings() -> None:
    t = TableOptions(mode=Mode.SINGLE, exchange=Exchange.DICE, flower_pig=8)
    data = t.to_dict()
    assert data["mode"] == "single" and data["exchange"] == "dice" and data["flower_pig"] == 8
    assert all(type(v) in (str, int, bool) for v in data.values())
    assert TableOptions(**data) == t


# -- kong payments (刮风下雨) ------------------------------------------------------------------------

# (kind, konger, still in, discarder, base, expected deltas), written out by hand from seed 004.
KONG_CASES: list[tuple[KongKind, int, tuple[int, ...], int | None, int, tuple[int, int, int, int]]] = [
    (KongKind.MELDED, 0, (0, 1, 2, 3), 1, 6, (6, -6, 0, 0)),
    (KongKind.MELDED, 3, (1, 3), 1, 5, (0, -5, 0, 5)),
    (KongKind.ADDED, 1, (0, 1, 2, 3), None, 6, (-6, 18, -6, -6)),
    (KongKind.ADDED, 1, (1, 2, 3), None, 6, (0, 12, -6, -6)),
    (KongKind.ADDED, 2, (0, 2), None, 5, (-5, 0, 5, 0)),
    (KongKind.CONCEALED, 0, (0, 1, 2, 3), None, 6, (36, -12, -12, -12)),
    (KongKind.CONCEALED, 3, (0, 3), None, 6, (-12, 0, 0, 12)),
    (KongKind.CONCEALED, 2, (1, 2, 3), None, 5, (0, -10, 20, -10)),
]


@pytest.mark.parametrize(("kind", "konger", "still_in", "discarder", "base", "expected"), KONG_CASES)
def test_kong_payment_cases(kind: KongKind, konger: int, still_in: tuple[int, ...], discarder: int | None,
                            base: int, expected: tuple[int, int, int, int]) -> None:
    assert kong_payment(kind, konger, still_in, base, discarder=discarder) == expected
    assert kong_payment(kind.value, konger, still_in, base, discarder=discarder) == expected


@pytest.mark.parametrize("still_in", STILL_IN, ids=lambda s: "".join(map(str, sorted(s))))
@pytest.mark.parametrize("kind", list(KongKind))
def test_kong_payment_matrix(kind: KongKind, still_in: frozenset[int]) -> None:
    """Every kong kind, konger and (for 直杠) discarder over every set of seats still in."""
    times = {KongKind.MELDED: 1, KongKind.ADDED: 1, KongKind.CONCEALED: 2}[kind]
    for konger in sorted(still_in):
        others = sorted(still_in - {konger})
        for discarder in (others if kind is KongKind.MELDED else [None]):
            deltas = kong_payment(kind, konger, still_in, 6, discarder=discarder)
            payers = [discarder] if discarder is not None else others
            for seat in SEATS:
                if seat == konger:
                    assert deltas[seat] == 6 * times * len(payers)
                elif seat in payers:
                    assert deltas[seat] == -6 * times
                else:  # a seat that has won and left, or a bystander to a 直杠
                    assert deltas[seat] == 0
            # Seats out of the hand pay nothing and receive nothing.
            assert all(deltas[s] == 0 for s in SEATS if s not in still_in)


def test_kong_multipliers_are_options() -> None:
    t = TableOptions(direct_kong=2, added_kong=0, concealed_kong=3)
    assert kong_payment("melded", 0, SEATS, 6, discarder=2, options=t) == (12, 0, -12, 0)
    assert kong_payment("added", 0, SEATS, 6, options=t) == (0, 0, 0, 0)
    assert kong_payment("concealed", 0, SEATS, 6, options=t) == (54, -18, -18, -18)


@pytest.mark.parametrize(("call", "error", "message"), [
    (lambda: kong_payment("melded", 0, SEATS, 6), IllegalActionError, "paid by the discarder"),
    (lambda: kong_payment("melded", 0, SEATS, 6, discarder=0), IllegalActionError, "is the konger"),
    (lambda: kong_payment("melded", 0, (0, 1), 6, discarder=2), IllegalActionError, "has left the hand"),
    (lambda: kong_payment("added", 0, SEATS, 6, discarder=1), IllegalActionError, "takes no discard"),
    (lambda: kong_payment("concealed", 3, (0, 1, 2), 6), IllegalActionError, "seat 3 has left the hand"),
    (lambda: kong_payment("hidden", 0, SEATS, 6), InvalidOptionError, "a kong kind must be one of"),
    (lambda: kong_payment("added", 4, SEATS, 6), InvalidOptionError, "konger must be a seat 0-3, not 4"),
    (lambda: kong_payment("added", 0, (0, 5), 6), InvalidOptionError, "each of still_in must be a seat"),
    (lambda: kong_payment("added", 0, SEATS, 0), InvalidOptionError, "base must be a positive integer"),
    (lambda: kong_payment("added", 0, "0123", 6), TypeError, "still_in must be a collection of seats"),  # type: ignore[arg-type]
])
def test_kong_payment_refuses(call: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        call()


def test_a_robbed_added_kong_collects_nothing() -> None:
    kong = kong_payment(KongKind.ADDED, 2, SEATS, 6)
    assert kong == (-6, -6, 18, -6)
    assert void_kong(kong) == (6, 6, -18, 6)
    total = [a + b for a, b in zip(kong, void_kong(kong), strict=True)]
    assert total == [0, 0, 0, 0]


def test_void_kong_refuses_non_payments() -> None:
    with pytest.raises(InvalidOptionError, match="must sum to zero"):
        void_kong((1, 0, 0, 0))
    with pytest.raises(TypeError, match="four integer score changes"):
        void_kong((1, -1, 0))  # type: ignore[arg-type]


# -- 杠上炮 ------------------------------------------------------------------------------------------

def test_kong_discard_one_winner() -> None:
    kong = kong_payment("concealed", 1, SEATS, 6)  # seat 1 collects 36
    assert kong_discard_transfer(kong, 1, winners=[3]) == (0, -36, 0, 36)


def test_kong_discard_two_winners_each_take_the_whole_income() -> None:
    # Seed 004: "如果1炮多响则胡家给多份": each winner receives a full share.
    kong = kong_payment("added", 0, (0, 1, 2), 6)  # seat 3 has left: seat 0 collects 12
    assert kong == (12, -6, -6, 0)
    assert kong_discard_transfer(kong, 0, winners=(1, 2)) == (-24, 12, 12, 0)


def test_kong_discard_direct_kong_back_to_its_payer() -> None:
    kong = kong_payment("melded", 2, SEATS, 6, discarder=0)
    assert kong_discard_transfer(kong, 2, winners={0}) == (6, 0, -6, 0)


@pytest.mark.parametrize(("kong", "konger", "winners", "message"), [
    ((0, 6, -6, 0), 1, (), "at least one winner"),
    ((0, 6, -6, 0), 1, (1, 2), "cannot win on its own discard"),
    ((0, 6, -6, 0), 2, (0,), "is not an income of seat 2"),
    ((6, 6, -12, 0), 1, (3,), "is not an income of seat 1"),
])
def test_kong_discard_refuses(kong: tuple[int, int, int, int], konger: int, winners: tuple[int, ...],
                              message: str) -> None:
    with pytest.raises(MajiangError, match=message):
        kong_discard_transfer(kong, konger, winners)


# -- wins -------------------------------------------------------------------------------------------

def test_win_payment_discard_and_self_drawn() -> None:
    assert win_payment(2, 48, SEATS, discarder=0) == (-48, 0, 48, 0)
    assert win_payment(2, 12, SEATS) == (-12, -12, 36, -12)
    assert win_payment(2, 12, (1, 2)) == (0, -12, 12, 0)
    with pytest.raises(IllegalActionError, match="seat 0 has left the hand and cannot win"):
        win_payment(0, 12, (1, 2))
    with pytest.raises(IllegalActionError, match="cannot have discarded"):
        win_payment(2, 12, (1, 2), discarder=3)
    with pytest.raises(InvalidOptionError, match="points must be a non-negative integer"):
        win_payment(2, -1, SEATS)


# -- 查花猪, 查大叫 ------------------------------------------------------------------------------------

PIG_CASES: list[tuple[set[int], tuple[int, ...], int, tuple[int, int, int, int]]] = [
    ({0}, (0, 1, 2, 3), 6, (-288, 96, 96, 96)),
    ({0, 1}, (0, 1, 2, 3), 6, (-192, -192, 192, 192)),
    ({0, 1, 2}, (0, 1, 2, 3), 5, (-80, -80, -80, 240)),
    ({0, 1, 2, 3}, (0, 1, 2, 3), 6, (0, 0, 0, 0)),
    ({3}, (1, 3), 6, (0, 96, 0, -96)),  # seats 0 and 2 have won and left: they take nothing
    (set(), (0, 1, 2), 6, (0, 0, 0, 0)),
]


@pytest.mark.parametrize(("pigs", "still_in", "base", "expected"), PIG_CASES)
def test_flower_pig(pigs: set[int], still_in: tuple[int, ...], base: int,
                    expected: tuple[int, int, int, int]) -> None:
    assert flower_pig_payments(pigs, still_in, base) == expected


def test_flower_pig_multiplier_and_refusals() -> None:
    assert flower_pig_payments({1}, SEATS, 6, options=TableOptions(flower_pig=8)) == (48, -144, 48, 48)
    assert flower_pig_payments({1}, SEATS, 6, options=TableOptions(flower_pig=0)) == (0, 0, 0, 0)
    with pytest.raises(IllegalActionError, match="seat 0 has left the hand and cannot be a flower pig"):
        flower_pig_payments({0}, (1, 2), 6)


def test_not_ready_pays_each_ready_seat_its_largest_win() -> None:
    assert not_ready_payments({2: 96}, not_ready={0}) == (-96, 0, 96, 0)
    assert not_ready_payments({1: 12, 3: 24}, not_ready=(0, 2)) == (-36, 24, -36, 48)
    assert not_ready_payments({}, not_ready=(0, 1)) == (0, 0, 0, 0)
    assert not_ready_payments({0: 6, 1: 6}, not_ready=()) == (0, 0, 0, 0)
    with pytest.raises(IllegalActionError, match="both ready and not ready"):
        not_ready_payments({1: 6}, not_ready=(1,))
    with pytest.raises(InvalidOptionError, match="largest win of seat 1 must be non-negative"):
        not_ready_payments({1: -6}, not_ready=(0,))


def test_refund_kongs() -> None:
    a = kong_payment("concealed", 1, SEATS, 6)
    b = kong_payment("melded", 1, SEATS, 6, discarder=3)
    assert refund_kongs([a, b]) == (12, -42, 12, 18)
    assert refund_kongs([]) == (0, 0, 0, 0)


SETTLE_CASES: list[tuple[str, dict[str, Any], tuple[int, int, int, int]]] = [
    # Nobody ready, no pig, no kongs: nothing moves.
    ("all waiting", {"still_in": SEATS, "pigs": (), "largest": {}, "kongs": {}}, (0, 0, 0, 0)),
    # Everyone ready: nothing moves, kongs stand.
    ("all ready", {"still_in": (0, 1), "pigs": (), "largest": {0: 6, 1: 12},
                   "kongs": {0: [(12, -6, -6, 0)]}}, (0, 0, 0, 0)),
    # Seat 0 a pig (pays 96 to 1, 2, 3); seat 1 ready for 24; seats 2 and 3 pay it 24 each.
    ("pig and 大叫", {"still_in": SEATS, "pigs": (0,), "largest": {1: 24}, "kongs": {}},
     (-288, 144, 72, 72)),
    # Seat 2 not ready returns its concealed kong (36 from 0, 1, 3) and pays seat 1 its 大叫.
    ("refund", {"still_in": SEATS, "pigs": (), "largest": {1: 12},
                "kongs": {2: [(-12, -12, 36, -12)], 1: [(0, 6, -6, 0)]}}, (0, 48, -48, 0)),
    # A pig returns its kong income too, and does not pay 大叫 (花猪不用).
    ("pig refund", {"still_in": SEATS, "pigs": (3,), "largest": {0: 6},
                    "kongs": {3: [(-6, 0, 0, 6)]}}, (114, 90, 90, -294)),
    # 血战: seat 0 has won and left; it takes no pig money nor 大叫, but its kong payment comes back.
    ("left seat", {"still_in": (1, 2, 3), "pigs": (2,), "largest": {3: 12},
                   "kongs": {1: [(-6, 18, -6, -6)]}}, (6, 66, -186, 114)),
]


@pytest.mark.parametrize(("name", "kwargs", "expected"), SETTLE_CASES, ids=[c[0] for c in SETTLE_CASES])
def test_settle_exhausted(name: str, kwargs: dict[str, Any], expected: tuple[int, int, int, int]) -> None:
    assert settle_exhausted(**kwargs, base=6) == expected


def test_settle_without_refunds_or_pig_check() -> None:
    kwargs: dict[str, Any] = {"still_in": SEATS, "pigs": (0,), "largest": {1: 12},
                              "kongs": {0: [(6, -6, 0, 0)], 2: [(-12, -12, 36, -12)]}}
    # No refunds: the pig pays 96 to each; seats 2 and 3 pay 12 to seat 1.
    no_refund = TableOptions(refund_kongs_when_not_ready=False)
    assert settle_exhausted(**kwargs, base=6, options=no_refund) == (-288, 120, 84, 84)
    # No 查花猪: seat 0 is simply not ready: it pays 12 and returns its kong like seat 2.
    no_pig = TableOptions(flower_pig=0)
    assert settle_exhausted(**kwargs, base=6, options=no_pig) == (-6, 54, -48, 0)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"still_in": (1, 2), "pigs": (0,), "largest": {}, "kongs": {}}, "seat 0 has left the hand"),
    ({"still_in": (1, 2), "pigs": (), "largest": {0: 6}, "kongs": {}}, "cannot be ready"),
    ({"still_in": (1, 2), "pigs": (1,), "largest": {1: 6}, "kongs": {}}, "holds three suits"),
    ({"still_in": (1, 2), "pigs": (), "largest": {}, "kongs": {1: [(6, -6, 0, 0)]}},
     "is not an income of seat 1"),
])
def test_settle_refuses(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(MajiangError, match=message):
        settle_exhausted(**kwargs, base=6)


# -- zero sum -----------------------------------------------------------------------------------------

seat_sets = st.sets(st.sampled_from(SEATS), min_size=2)
tables = st.builds(TableOptions, flower_pig=st.integers(0, 32), direct_kong=st.integers(0, 4),
                   added_kong=st.integers(0, 4), concealed_kong=st.integers(0, 4),
                   refund_kongs_when_not_ready=st.booleans())


@st.composite
def kongs(draw: st.DrawFn, still_in: frozenset[int] | set[int], table: TableOptions,
          base: int) -> tuple[int, tuple[int, int, int, int]]:
    kind = draw(st.sampled_from(list(KongKind)))
    konger = draw(st.sampled_from(sorted(still_in)))
    discarder = (draw(st.sampled_from(sorted(set(still_in) - {konger}))) if kind is KongKind.MELDED
                 else None)
    return konger, kong_payment(kind, konger, still_in, base, discarder=discarder, options=table)


@given(st.data(), seat_sets, tables, st.integers(1, 10))
def test_every_payment_sums_to_zero(data: st.DataObject, still_in: set[int], table: TableOptions,
                                    base: int) -> None:
    konger, kong = data.draw(kongs(still_in, table, base))
    assert sum(kong) == 0
    assert sum(void_kong(kong)) == 0
    others = sorted(set(SEATS) - {konger})
    winners = data.draw(st.sets(st.sampled_from(others), min_size=1))
    transfer = kong_discard_transfer(kong, konger, winners)
    assert sum(transfer) == 0 and transfer[konger] == -kong[konger] * len(winners)
    pigs = data.draw(st.sets(st.sampled_from(sorted(still_in))))
    assert sum(flower_pig_payments(pigs, still_in, base, options=table)) == 0
    rest = sorted(set(still_in) - pigs)
    ready = data.draw(st.dictionaries(st.sampled_from(rest), st.integers(0, 500))) if rest else {}
    assert sum(not_ready_payments(ready, set(rest) - ready.keys())) == 0
    settled = settle_exhausted(still_in, pigs, ready, {konger: [kong]},
                               base, options=table)
    assert sum(settled) == 0
    # Seats that have left neither pay nor receive at the wall's end, except a refund of what they paid.
    for seat in set(SEATS) - set(still_in):
        assert settled[seat] >= 0


@given(seat_sets, st.integers(1, 10))
def test_a_pig_loses_and_everyone_else_gains(still_in: set[int], base: int) -> None:
    for pig in still_in:
        deltas = flower_pig_payments({pig}, still_in, base)
        assert deltas[pig] == -16 * base * (len(still_in) - 1)
        assert all(deltas[s] == 16 * base for s in still_in if s != pig)


# -- 换三张 and the next dealer -------------------------------------------------------------------------

def test_exchange_directions() -> None:
    by_roll = {roll: exchange_direction("dice", roll) for roll in range(2, 13)}
    assert by_roll == {2: Exchange.COUNTERCLOCKWISE, 3: Exchange.ACROSS, 4: Exchange.CLOCKWISE,
                       5: Exchange.COUNTERCLOCKWISE, 6: Exchange.ACROSS, 7: Exchange.CLOCKWISE,
                       8: Exchange.COUNTERCLOCKWISE, 9: Exchange.ACROSS, 10: Exchange.CLOCKWISE,
                       11: Exchange.COUNTERCLOCKWISE, 12: Exchange.ACROSS}
    # Each direction comes up in 12 of the 36 throws of two dice.
    throws = [exchange_direction("dice", a + b) for a in range(1, 7) for b in range(1, 7)]
    directions = (Exchange.CLOCKWISE, Exchange.COUNTERCLOCKWISE, Exchange.ACROSS)
    assert all(throws.count(d) == 12 for d in directions)
    for fixed in (Exchange.CLOCKWISE, Exchange.COUNTERCLOCKWISE, Exchange.ACROSS):
        assert exchange_direction(fixed) is fixed
    assert [exchange_receiver("counterclockwise", s) for s in SEATS] == [1, 2, 3, 0]
    assert [exchange_receiver("across", s) for s in SEATS] == [2, 3, 0, 1]
    assert [exchange_receiver("clockwise", s) for s in SEATS] == [3, 0, 1, 2]


@pytest.mark.parametrize("direction", [Exchange.CLOCKWISE, Exchange.COUNTERCLOCKWISE, Exchange.ACROSS])
def test_exchange_is_a_permutation_without_fixed_seats(direction: Exchange) -> None:
    receivers = [exchange_receiver(direction, s) for s in SEATS]
    assert sorted(receivers) == list(SEATS)
    assert all(r != s for s, r in zip(SEATS, receivers, strict=True))


@pytest.mark.parametrize(("call", "message"), [
    (lambda: exchange_direction("none"), "there is no exchange"),
    (lambda: exchange_direction("dice"), "needs a roll of two dice, 2-12, not None"),
    (lambda: exchange_direction("dice", 13), "2-12, not 13"),
    (lambda: exchange_direction("across", 3), "is fixed"),
    (lambda: exchange_receiver("dice", 0), "is not a direction"),
    (lambda: exchange_receiver("none", 0), "is not a direction"),
    (lambda: exchange_receiver("across", -1), "seat must be a seat 0-3"),
])
def test_exchange_refuses(call: Any, message: str) -> None:
    with pytest.raises(MajiangError, match=message):
        call()


# (rule, dealer, first winners, discarder, dice, expected next dealer)
DEALER_CASES: list[tuple[str, int, tuple[int, ...], int | None, int | None, int]] = [
    ("discarder", 0, (2,), 1, None, 1),  # 点炮者坐庄
    ("discarder", 0, (2, 3), 1, None, 1),  # 一炮多响: still the 点炮者
    ("discarder", 0, (2,), None, None, 2),  # self-drawn: no 点炮者, the winner deals
    ("discarder", 3, (), None, None, 3),  # 流局则连庄
    ("first-winner", 0, (2,), 1, None, 2),
    ("first-winner", 0, (2,), None, None, 2),
    ("first-winner", 0, (2, 3), 1, None, 1),  # several winners: the discarder deals
    ("first-winner", 1, (), None, None, 1),  # 连庄
    ("dice", 0, (), None, 2, 1),  # the dealer counts 1, so 2 lands on 下家
    ("dice", 0, (2,), 1, 5, 0),
    ("dice", 2, (), None, 12, 1),
]


@pytest.mark.parametrize(("rule", "dealer", "won", "discarder", "dice", "expected"), DEALER_CASES)
def test_next_dealer(rule: str, dealer: int, won: tuple[int, ...], discarder: int | None, dice: int | None,
                     expected: int) -> None:
    assert next_dealer(rule, dealer, won, discarder=discarder, dice=dice) == expected


@pytest.mark.parametrize(("call", "message"), [
    (lambda: next_dealer("dice", 0, ()), "needs a roll of two dice, 2-12, not None"),
    (lambda: next_dealer("dice", 0, (), dice=1), "2-12, not 1"),
    (lambda: next_dealer("discarder", 0, (1,), dice=7), "rolls no dice"),
    (lambda: next_dealer("discarder", 0, (1, 2)), "need the discarder"),
    (lambda: next_dealer("discarder", 0, (1,), discarder=1), "cannot be the discarder"),
    (lambda: next_dealer("discarder", 0, (), discarder=1), "cannot be the discarder"),
    (lambda: next_dealer("winner", 0, ()), "next_dealer_by must be one of"),
    (lambda: next_dealer("discarder", 4, ()), "dealer must be a seat 0-3"),
])
def test_next_dealer_refuses(call: Any, message: str) -> None:
    with pytest.raises(MajiangError, match=message):
        call()
