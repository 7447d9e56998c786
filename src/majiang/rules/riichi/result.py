"""The result of scoring a riichi win: yaku, fu breakdown, han, limit, points and who pays what."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

__all__ = ["LIMIT_NAMES", "FuItem", "Payment", "RiichiResult", "YakuHit", "payment"]

LIMIT_NAMES = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
"""Limit names by rank; results add ``kazoe yakuman`` and ``double yakuman``... as ``limit``."""
_LIMIT_ZH = {"mangan": "满贯", "haneman": "跳满", "baiman": "倍满", "sanbaiman": "三倍满",
             "yakuman": "役满", "kazoe yakuman": "累计役满"}


class YakuHit(NamedTuple):
    """One yaku (or dora count) of a result: id, names, han and, for a yakuman, how many limits."""

    id: str
    romaji: str
    zh: str
    en: str
    han: int
    yakuman: int = 0

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {"id": self.id, "romaji": self.romaji, "zh": self.zh, "en": self.en, "han": self.han,
                "yakuman": self.yakuman}


class FuItem(NamedTuple):
    """One line of the fu breakdown: why (``base``, ``menzen ron``, ``closed pung 5p``...) and how much."""

    reason: str
    fu: int


def _up100(points: int) -> int:
    return -(-points // 100) * 100


@dataclass(frozen=True, slots=True)
class Payment:
    """Who pays the winner what, honba (本场) included; ``sticks`` are the riichi sticks collected.

    A win on a discard: the discarder pays ``ron``. A self-draw: the dealer pays ``dealer`` (0 when the
    winner is the dealer) and every other non-dealer pays ``others``. ``total`` is the winner's gain.

    >>> payment(2000, dealer=False, tsumo=True, honba=1)
    Payment(ron=0, dealer=4100, others=2100, sticks=0, total=8300)
    """

    ron: int
    dealer: int
    others: int
    sticks: int
    total: int

    def to_dict(self) -> dict[str, int]:
        """Plain data for JSON."""
        return {"ron": self.ron, "dealer": self.dealer, "others": self.others, "sticks": self.sticks,
                "total": self.total}


def payment(base: int, *, dealer: bool, tsumo: bool, honba: int = 0, riichi_sticks: int = 0,
            players: int = 4) -> Payment:
    """The payment of a win worth ``base`` points (基本点: fu × 2^(han+2), or 2000 for a mangan...).

    Nagashi mangan is paid as a mangan self-draw: ``payment(2000, dealer=..., tsumo=True)``.

    >>> payment(2000, dealer=True, tsumo=False).ron
    12000
    """
    sticks = 1000 * riichi_sticks
    payers = players - 1
    if not tsumo:
        ron = _up100(base * (6 if dealer else 4)) + 300 * honba
        return Payment(ron, 0, 0, sticks, ron + sticks)
    if dealer:
        each = _up100(base * 2) + 100 * honba
        return Payment(0, 0, each, sticks, each * payers + sticks)
    from_dealer = _up100(base * 2) + 100 * honba
    each = _up100(base) + 100 * honba
    return Payment(0, from_dealer, each, sticks, from_dealer + each * (payers - 1) + sticks)


@dataclass(frozen=True, slots=True)
class RiichiResult:
    """A scored riichi win.

    ``han`` counts every yaku and dora (13 per limit for a yakuman hand, whose dora are not counted);
    ``fu`` is rounded up to 10 (chiitoitsu 25); ``fu_items`` explain it. ``yakuman`` is how many limits
    the yakuman yaku make (0 for none). ``limit`` names the limit reached (``""`` below mangan,
    ``mangan`` ... ``sanbaiman``, ``yakuman``, ``kazoe yakuman``, ``double yakuman``...). ``base`` is the
    basic points (基本点), ``points`` the hand's value before honba and sticks (what a discarder pays, or
    the sum of the self-draw payments), ``payment`` the split. ``decomposition`` shows the sets the score
    was read from (the highest-scoring reading wins).
    """

    yaku: tuple[YakuHit, ...]
    han: int
    fu: int
    fu_items: tuple[FuItem, ...]
    yakuman: int
    limit: str
    base: int
    points: int
    payment: Payment
    dealer: bool
    tsumo: bool
    decomposition: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        """The han, as ``Score.total`` reports a ruleset's own count."""
        return self.han

    @property
    def dora(self) -> int:
        """Han from dora, red fives and ura dora together."""
        return sum(y.han for y in self.yaku if y.id in ("dora", "aka_dora", "ura_dora"))

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``majiang fan --rules riichi --json``."""
        return {"yaku": [y.to_dict() for y in self.yaku], "han": self.han, "fu": self.fu,
                "fu_items": [{"reason": r, "fu": f} for r, f in self.fu_items], "yakuman": self.yakuman,
                "limit": self.limit, "base": self.base, "points": self.points,
                "payment": self.payment.to_dict(), "dealer": self.dealer, "tsumo": self.tsumo,
                "decomposition": list(self.decomposition)}

    def explain(self) -> str:
        """A few lines for people: yaku with han, the fu breakdown, the limit and the payments."""
        lines = []
        width = max((len(y.romaji) for y in self.yaku), default=0)
        for y in self.yaku:
            value = f"{y.yakuman}x yakuman" if y.yakuman else f"{y.han} han"
            lines.append(f"{y.romaji:<{width}}  {y.zh}  {value}")
        if self.decomposition:
            lines.append("sets: " + " ".join(self.decomposition))
        if not self.yakuman and self.fu_items:
            lines.append("fu: " + " + ".join(f"{r} {f}" for r, f in self.fu_items) + f" = {self.fu}")
        head = f"{self.yakuman}x yakuman" if self.yakuman else f"{self.han} han {self.fu} fu"
        if self.limit and not self.yakuman:
            head += f" ({self.limit} {_LIMIT_ZH.get(self.limit, '')})".replace(" )", ")")
        who = "dealer" if self.dealer else "non-dealer"
        lines.append(f"{head}: {self.points} points ({who} {'tsumo' if self.tsumo else 'ron'})")
        p = self.payment
        if self.tsumo:
            split = f"{p.others} all" if self.dealer else f"{p.others}/{p.dealer}"
            lines.append(f"pays: {split}; winner gains {p.total}")
        else:
            lines.append(f"pays: {p.ron} from the discarder; winner gains {p.total}")
        return "\n".join(lines)
