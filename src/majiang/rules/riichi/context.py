"""What a riichi score needs besides the hand: the win's situation and the table's rule options."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

from majiang.errors import InvalidHandError, InvalidOptionError
from majiang.tiles import Tile

__all__ = ["RENHOU_VALUES", "RiichiOptions", "ScoringFields", "WinContext"]

RENHOU_VALUES = ("off", "mangan", "yakuman")
"""What 人和 (renhou) is worth: nothing (Tenhou), a mangan, or a yakuman (seed 001: a limit hand)."""
Renhou = Literal["off", "mangan", "yakuman"]

_FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
          "tenhou", "chiihou", "renhou")


@dataclass(frozen=True, slots=True)
class WinContext:
    """The situation of a win (立直, 自摸, winds, dora indicators, sticks...); the hand is given apart.

    ``double_riichi`` implies riichi; ``rinshan``, ``haitei``, ``tenhou`` and ``chiihou`` need
    ``tsumo``; ``chankan``, ``houtei`` and ``renhou`` need a win on another's tile. ``red_fives`` is how
    many red fives (赤宝牌) the hand holds, melds included. ``honba`` (本场) and ``riichi_sticks`` (供托,
    the 1000-point sticks on the table) only change the payment. Contradictions raise
    ``InvalidHandError`` naming the fields.

    >>> WinContext(tsumo=True, seat_wind=Tile.EAST).dealer
    True
    """

    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    seat_wind: Tile = Tile.EAST
    round_wind: Tile = Tile.EAST
    dora_indicators: tuple[Tile, ...] = ()
    ura_indicators: tuple[Tile, ...] = ()
    red_fives: int = 0
    honba: int = 0
    riichi_sticks: int = 0

    def __post_init__(self) -> None:
        for name in _FLAGS:
            if not isinstance(getattr(self, name), bool):
                raise InvalidHandError(f"{name} must be True or False, not {getattr(self, name)!r}")
        for name in ("seat_wind", "round_wind"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or not 27 <= value <= 30:
                raise InvalidHandError(f"{name} must be a wind tile (E, S, W, N), not {value!r}")
            object.__setattr__(self, name, Tile(value))
        for name in ("dora_indicators", "ura_indicators"):
            value = tuple(getattr(self, name))
            for t in value:
                if not isinstance(t, int) or isinstance(t, bool) or not 0 <= t < 34:
                    raise InvalidHandError(f"{name} holds {t!r}, not a tile")
            if len(value) > 5:
                raise InvalidHandError(f"{name}: at most 5 indicators (1 + 4 kans), not {len(value)}")
            object.__setattr__(self, name, tuple(Tile(t) for t in value))
        for name in ("red_fives", "honba", "riichi_sticks"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise InvalidHandError(f"{name} must be a whole number >= 0, not {value!r}")
        if self.red_fives > 4:
            raise InvalidHandError(f"red_fives: at most 4 red fives in a set, not {self.red_fives}")
        self._check_flags()

    def _check_flags(self) -> None:
        riichi = self.riichi or self.double_riichi
        needs = (("ippatsu", riichi, "riichi or double_riichi"),
                 ("ura_indicators", riichi, "riichi or double_riichi"),
                 ("rinshan", self.tsumo, "tsumo"), ("haitei", self.tsumo, "tsumo"),
                 ("tenhou", self.tsumo, "tsumo"), ("chiihou", self.tsumo, "tsumo"),
                 ("chankan", not self.tsumo, "a win on another's tile (tsumo=False)"),
                 ("houtei", not self.tsumo, "a win on another's tile (tsumo=False)"),
                 ("renhou", not self.tsumo, "a win on another's tile (tsumo=False)"))
        for name, ok, what in needs:
            if getattr(self, name) and not ok:
                raise InvalidHandError(f"{name} needs {what}")
        pairs = (("rinshan", "haitei"), ("chankan", "houtei"), ("tenhou", "chiihou"))
        for a, b in pairs:
            if getattr(self, a) and getattr(self, b):
                raise InvalidHandError(f"{a} and {b} cannot both hold")
        if self.tenhou and self.seat_wind != Tile.EAST:
            raise InvalidHandError("tenhou is the dealer's (seat_wind E) win; a non-dealer's is chiihou")
        if (self.chiihou or self.renhou) and self.seat_wind == Tile.EAST:
            raise InvalidHandError(f"{'chiihou' if self.chiihou else 'renhou'} is a non-dealer's win; "
                                   "the dealer's (seat_wind E) first draw is tenhou")
        first = self.tenhou or self.chiihou or self.renhou
        if first and (riichi or self.ippatsu or self.rinshan or self.chankan):
            raise InvalidHandError("tenhou, chiihou and renhou come before any riichi, call or kan")

    @property
    def dealer(self) -> bool:
        """Whether the winner is the dealer (亲家), i.e. sits East."""
        return self.seat_wind == Tile.EAST

    def replace(self, **changes: Any) -> WinContext:
        """A copy with some fields changed (checked again)."""
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True)
class ScoringFields:
    """Riichi's scoring options, declared once: the fields (and defaults) of ``RiichiOptions`` and of the
    ruleset (``RiichiRules``), which both take them from here."""

    __slots__ = ()

    open_tanyao: bool = True
    double_yakuman: bool = False
    kazoe_yakuman: bool = True
    kiriage: bool = False
    open_pinfu_fu: bool = True
    pinfu_tsumo: bool = True
    double_wind_pair_fu: int = 4
    renhou: Renhou = "off"
    daisharin: bool = False
    suurenkou: bool = False
    sanrenkou: bool = False
    touhoku: bool = False
    isshoku_sanjun: bool = False


@dataclass(frozen=True, slots=True)
class RiichiOptions(ScoringFields):
    """Rule options of riichi scoring; the defaults are Tenhou's (docs/riichi.md lists each).

    Local yaku of seed 001 (大车轮 daisharin, 四连刻 suurenkou, 三连刻 sanrenkou, 东北一条龙 touhoku,
    一色三顺 isshoku_sanjun, 人和 renhou) are off by default.

    >>> RiichiOptions().parse("kiriage=true").kiriage
    True
    """

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name == "double_wind_pair_fu":
                if value not in (2, 4) or isinstance(value, bool):
                    raise InvalidOptionError(f"double_wind_pair_fu must be 2 or 4, not {value!r}")
            elif f.name == "renhou":
                if value not in RENHOU_VALUES:
                    raise InvalidOptionError(f"renhou must be one of {', '.join(RENHOU_VALUES)}, "
                                             f"not {value!r}")
            elif not isinstance(value, bool):
                raise InvalidOptionError(f"{f.name} must be True or False, not {value!r}")

    def replace(self, **changes: Any) -> RiichiOptions:
        """A copy with some options changed; unknown names raise ``InvalidOptionError``."""
        names = [f.name for f in dataclasses.fields(self)]
        for key in changes:
            if key not in names:
                raise InvalidOptionError(f"no riichi option {key!r}; options are {', '.join(names)}")
        return dataclasses.replace(self, **changes)

    def parse(self, text: str) -> RiichiOptions:
        """A copy with one ``key=value`` option changed (``true``/``false``, numbers, names)."""
        key, sep, raw = text.partition("=")
        key, raw = key.strip(), raw.strip()
        if not sep or not key:
            raise InvalidOptionError(f"an option is written key=value, not {text!r}")
        current = getattr(self, key, None) if key in self.options() else None
        if current is None:
            self.replace(**{key: raw})  # raises: unknown option
        value: object = raw
        if isinstance(current, bool):
            lowered = raw.lower()
            if lowered in ("true", "yes", "on", "1"):
                value = True
            elif lowered in ("false", "no", "off", "0"):
                value = False
            else:
                raise InvalidOptionError(f"{key} must be true or false, not {raw!r}")
        elif isinstance(current, int):
            if not (raw.isascii() and raw.isdigit() and len(raw) < 4):
                raise InvalidOptionError(f"{key} must be a number, not {raw!r}")
            value = int(raw)
        return self.replace(**{key: value})

    def options(self) -> dict[str, Any]:
        """Every option as plain data."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
