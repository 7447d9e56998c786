"""Score our riichi hands with the `mahjong` package (``pip install mahjong``), the field's reference.

The package is a test and benchmark dependency only, imported when first needed. Its conventions, as
established by experiment against version 2.1.0 and its documentation:

* Tiles are 136-ids: kind ``k`` (our ``Tile`` order: 1-9m, 1-9p, 1-9s, E S W N, white green red) has
  ids ``4k`` to ``4k+3``; with ``has_aka_dora`` the ids 16, 52 and 88 (``4k`` of each five) are the red
  fives, so plain fives take ids ``4k+1`` to ``4k+3``.
* ``tiles`` holds all the hand's tiles, the melds' included (all four of a kan), with the winning tile;
  ``win_tile`` is the winning tile's id.
* Melds: ``Meld(Meld.CHI | Meld.PON | Meld.KAN, ids, opened)``; a concealed kan is a ``KAN`` with
  ``opened=False``; melded and added kans are opened ``KAN`` (their fu are the same).
* ``player_wind`` and ``round_wind`` are our wind tiles' kinds (27-30); ``tsumi_number`` is the honba,
  ``kyoutaku_number`` the riichi sticks; double riichi also sets ``is_riichi``.
* The result's ``cost`` splits ``main`` (discarder, or the dealer on a non-dealer's self-draw) and
  ``additional`` (each other payer) with the honba apart (``main_bonus``, ``additional_bonus``).
"""

from __future__ import annotations

from typing import Any

from majiang.meld import MeldKind
from majiang.rules.riichi.generate import Case

__all__ = ["PACKAGE_YAKU", "package_args"]


PACKAGE_YAKU = {
    0: "menzen_tsumo", 1: "riichi", 3: "ippatsu", 4: "chankan", 5: "rinshan", 6: "haitei", 7: "houtei",
    8: "double_riichi", 11: "renhou_mangan", 12: "pinfu", 13: "tanyao", 14: "iipeikou", 15: "haku",
    16: "hatsu", 17: "chun", 18: "seat_wind", 19: "seat_wind", 20: "seat_wind", 21: "seat_wind",
    22: "round_wind", 23: "round_wind", 24: "round_wind", 25: "round_wind", 26: "sanshoku", 27: "ittsu",
    28: "chanta", 29: "honroutou", 30: "toitoi", 31: "sanankou", 32: "sankantsu", 33: "sanshoku_doukou",
    34: "chiitoitsu", 35: "shousangen", 36: "honitsu", 37: "junchan", 38: "ryanpeikou", 39: "chinitsu",
    100: "kokushi", 101: "chuuren", 102: "suuankou", 103: "daisangen", 104: "shousuushii",
    105: "ryuuiisou", 106: "suukantsu", 107: "tsuuiisou", 108: "chinroutou", 109: "daisharin",
    111: "daisuushii", 112: "kokushi_13", 113: "suuankou_tanki", 114: "junsei_chuuren", 115: "tenhou",
    116: "chiihou", 117: "renhou", 120: "dora", 121: "aka_dora", 122: "ura_dora",
}
"""The package's yaku ids and ours."""


def package_args(case: Case) -> dict[str, Any]:
    """The arguments of ``HandCalculator.estimate_hand_value`` for ``case`` (tiles as 136-ids)."""
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld as PMeld

    hand = case.hand.hand
    used = [0] * 34
    reds = list(case.hand.red)

    def take(kind: int) -> int:
        if kind in (4, 13, 22) and reds[kind // 9]:
            reds[kind // 9] = 0
            return 4 * kind  # the red five's id
        used[kind] += 1
        if kind in (4, 13, 22):
            return 4 * kind + used[kind]  # ids 1-3: the plain fives (a fourth five is the red one)
        return 4 * kind + used[kind] - 1

    melds = []
    tiles: list[int] = []
    for m in hand.melds:
        ids = [take(t) for t in m.tiles]
        tiles += ids
        if m.kind == MeldKind.CHOW:
            melds.append(PMeld(PMeld.CHI, ids, True))
        elif m.kind == MeldKind.PUNG:
            melds.append(PMeld(PMeld.PON, ids, True))
        else:
            melds.append(PMeld(PMeld.KAN, ids, not m.is_concealed_kong))
    tiles += [take(t) for t in hand.tiles]
    win = take(hand.winning_tile or 0)
    tiles.append(win)
    c = case.context
    o = case.options
    rules = OptionalRules(
        has_open_tanyao=o.open_tanyao, has_aka_dora=True, has_double_yakuman=o.double_yakuman,
        kazoe_limit=0 if o.kazoe_yakuman else 1, kiriage=o.kiriage, fu_for_open_pinfu=o.open_pinfu_fu,
        fu_for_pinfu_tsumo=not o.pinfu_tsumo, renhou_as_yakuman=o.renhou == "yakuman",
        has_daisharin=o.daisharin)
    config = HandConfig(
        is_tsumo=c.tsumo, is_riichi=c.riichi or c.double_riichi, is_ippatsu=c.ippatsu,
        is_rinshan=c.rinshan, is_chankan=c.chankan, is_haitei=c.haitei, is_houtei=c.houtei,
        is_daburu_riichi=c.double_riichi, is_tenhou=c.tenhou, is_chiihou=c.chiihou,
        is_renhou=c.renhou and o.renhou != "off", player_wind=int(c.seat_wind),
        round_wind=int(c.round_wind), kyoutaku_number=c.riichi_sticks, tsumi_number=c.honba,
        options=rules)
    return {"tiles": tiles, "win_tile": win, "melds": melds,
            "dora_indicators": [4 * t + 3 for t in c.dora_indicators],
            "ura_dora_indicators": [4 * t + 3 for t in c.ura_indicators] or None, "config": config}
