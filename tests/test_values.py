"""The value types made by majiang._values behave as the standard library's dataclasses and named tuples."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
import subprocess
import sys
import typing
from typing import Any

import pytest

from majiang import _values
from majiang.hand import Hand
from majiang.mcr import FANS, PROFILES, FanHit, Profile, ScoreResult, WinContext, score
from majiang.meld import Meld, MeldKind
from majiang.rules.mcr.fans import Fan
from majiang.seats import RelativeSeat
from majiang.tiles import Tile


def _body(frozen_maker: Any, field_maker: Any, slots: bool) -> Any:
    """One class body, decorated by the maker given (the standard library's or ours)."""

    class Point:
        """A point."""

        x: int
        y: int = 2
        label: str = field_maker(default="p", compare=False)
        cached: int = field_maker(init=False, repr=False, compare=False)

        def __post_init__(self) -> None:
            object.__setattr__(self, "cached", self.x * 10 + self.y)

        @property
        def total(self) -> int:
            return self.x + self.y

    return frozen_maker(frozen=True, slots=slots)(Point)


@pytest.mark.parametrize("slots", [True, False])
def test_dataclass_differs_from_the_standard_one_in_nothing_visible(slots: bool) -> None:
    ours = _body(_values.dataclass, _values.field, slots)
    real = _body(dataclasses.dataclass, dataclasses.field, slots)
    cases: list[tuple[tuple[object, ...], dict[str, object]]] = [
        ((1,), {}), ((1, 3), {}), ((1,), {"y": 5}), ((4, 4, "q"), {}), ((), {"x": 0, "label": "z"})]
    for args, kwargs in cases:
        a, b = ours(*args, **kwargs), real(*args, **kwargs)
        assert repr(a) == repr(b)
        assert hash(a) == hash(b)
        assert a.cached == b.cached and a.total == b.total
        assert a == ours(*args, **kwargs) and a != b  # equal only within one class, as a dataclass
        # Pickling needs a class at module level; copying runs the same __reduce_ex__ and state.
        assert copy.copy(a) == a and copy.deepcopy(a) == a and copy.copy(a).cached == a.cached
        assert a.__getstate__() == b.__getstate__()
    assert ours(1, 2, "a") == ours(1, 2, "b")  # label is not compared
    assert ours(1) != ours(2)
    assert ours.__match_args__ == real.__match_args__ == ("x", "y", "label")
    assert str(inspect.signature(ours)) == str(inspect.signature(real))
    assert hasattr(ours(1), "__dict__") == hasattr(real(1), "__dict__") == (not slots)
    assert [(f.name, f.init, f.repr, f.compare, f.default) for f in dataclasses.fields(ours)] == [
        (f.name, f.init, f.repr, f.compare, f.default) for f in dataclasses.fields(real)]
    assert [dataclasses.is_dataclass(x) for x in (ours, ours(1), real)] == [True, True, True]
    assert dataclasses.asdict(ours(1, 4)) == dataclasses.asdict(real(1, 4))
    assert dataclasses.replace(ours(1, 4), y=7) == ours(1, 7)
    makers: list[Any] = [ours, real]
    for maker in makers:
        point = maker(1)
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'x'"):
            point.x = 3
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'y'"):
            del point.y
        with pytest.raises(TypeError, match="missing 1 required positional argument: 'x'"):
            maker()
        with pytest.raises(TypeError, match="unexpected keyword argument 'z'"):
            maker(1, z=2)
        match point:
            case maker(x, y, label):
                assert (x, y, label) == (1, 2, "p")
            case _:
                pytest.fail("no match")


def test_named_tuple_differs_from_typings_in_nothing_visible() -> None:
    def make(base: Any) -> Any:
        class Pair(base):  # type: ignore[misc]
            """A pair."""

            left: int
            right: str = "r"

            @property
            def both(self) -> str:
                return f"{self.left}{self.right}"

        return Pair

    ours, real = make(_values.NamedTuple), make(typing.NamedTuple)
    for args in ((1,), (2, "x")):
        a, b = ours(*args), real(*args)
        assert (repr(a), a, hash(a), a.both, a._asdict()) == (repr(b), b, hash(b), b.both, b._asdict())
        assert copy.deepcopy(a) == a and a.__getnewargs__() == b.__getnewargs__()
    assert ours._fields == real._fields and ours._field_defaults == real._field_defaults
    assert ours.__doc__ == real.__doc__ == "A pair."
    assert ours.__bases__ == real.__bases__ == (tuple,)
    with pytest.raises(TypeError, match="without a default follows"):
        class Bad(_values.NamedTuple):  # type: ignore[misc, valid-type]
            a: int = 1
            b: int


def test_only_frozen_classes_are_made() -> None:
    with pytest.raises(TypeError, match="frozen"):
        _values.dataclass(frozen=False)


VALUES: list[tuple[Any, Any]] = [
    (Meld.parse("[345p,2]"), Meld(MeldKind.CHOW, Tile.P3, 2)),
    (Meld.parse("[7777s,6]"), Meld.kong(Tile.S7, RelativeSeat.ACROSS, added=True)),
    (Hand.parse("[567m,2]123p45699sCC7s"), Hand((Meld.chow(Tile.M5, 2),), tuple(
        Hand.parse("[567m,2]123p45699sCC7s").tiles), Tile.S7)),
    (FANS["all_green"], Fan(FANS["all_green"].id, "绿一色", "All Green", 88, FANS["all_green"].excludes)),
    (PROFILES["wmo2014"], dataclasses.replace(PROFILES["wmo2014"])),
    (score("[567m,2]123p456s99sCCC"), score("[567m,2]123p456s99sCCC")),
    (score("[567m,2]123p456s99sCCC").fans[0], FanHit("dragon_pung", "箭刻", "Dragon Pung", 2, 1, ("CCC",))),
    (WinContext(), WinContext(seat_wind=Tile.EAST)),
]


@pytest.mark.parametrize(("value", "twin"), VALUES, ids=lambda v: type(v).__name__)
def test_value_types_compare_hash_pickle_and_refuse_mutation(value: Any, twin: Any) -> None:
    assert value == twin and hash(value) == hash(twin) and repr(value) == repr(twin)
    assert value is not twin
    assert pickle.loads(pickle.dumps(value)) == value
    assert copy.copy(value) == value and copy.deepcopy(value) == value
    name = value._fields[0] if hasattr(value, "_fields") else dataclasses.fields(value)[0].name
    with pytest.raises(AttributeError):
        setattr(value, name, None)
    with pytest.raises(AttributeError):
        delattr(value, name)
    assert getattr(value, name) == getattr(twin, name)


def test_value_types_keep_their_shapes() -> None:
    meld = Meld.parse("[555p,3]")
    assert repr(meld) == "Meld.parse('[555p,3]')"
    assert Meld.__match_args__ == ("kind", "tile", "claimed", "from_seat", "added", "mixed")
    assert Hand.__match_args__ == ("melds", "tiles", "winning_tile")
    assert not hasattr(meld, "__dict__") and not hasattr(Hand.parse("19m19p19sESWNCFPP"), "__dict__")
    init = ["kind", "tile", "claimed", "from_seat", "added", "mixed"]
    assert [f.name for f in dataclasses.fields(Meld) if f.init] == init
    assert [f.name for f in dataclasses.fields(Hand) if f.compare] == ["melds", "tiles", "winning_tile"]
    assert repr(FANS["all_green"]) == (
        "Fan(id=<FanId.ALL_GREEN: 'all_green'>, zh='绿一色', en='All Green', value=88, "
        "excludes=(<FanId.HALF_FLUSH: 'half_flush'>, <FanId.ONE_VOIDED_SUIT: 'one_voided_suit'>))")
    assert repr(PROFILES["mil"]).startswith("Profile(name='mil', concealed_and_melded_kong=5, ")
    assert "_hash" not in repr(PROFILES["mil"])
    assert isinstance(score("[567m,2]123p456s99sCCC"), ScoreResult)
    assert repr(score("[567m,2]123p456s99sCCC")) == (
        "ScoreResult(total=2, fans=(FanHit(id='dragon_pung', name='箭刻', en='Dragon Pung', value=2, count=1,"
        " melds=('CCC',)),), flowers=0, meets_minimum=False, profile='mil', decomposition=())")
    assert PROFILES["mil"] != dataclasses.replace(PROFILES["mil"], two_concealed_kongs=8)
    assert Profile("x") == Profile("x") and hash(Profile("x")) == hash(Profile("x"))
    match Meld.parse("[123m,2]"):
        case Meld(MeldKind.CHOW, tile, claimed):
            assert (tile, claimed) == (Tile.M1, 2)
        case _:
            pytest.fail("no match")


@pytest.mark.pure_only("majiang.rules.mcr.calculator",
                       reason="compiled by mypyc, the calculator imports typing (docs/efficiency.md)")
def test_import_pulls_no_dataclasses_typing_or_re() -> None:
    code = ("import sys, majiang.mcr; majiang.mcr.score('[567m,2]123p456s99sCCC');"
            "print(sorted(m for m in ('dataclasses', 'typing', 'inspect', 're', 'ast') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
