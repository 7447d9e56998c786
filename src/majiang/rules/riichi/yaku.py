"""The riichi yaku table as data: id, romaji, Chinese name (seed 001 where it has one), English, han.

``closed`` is the han of a concealed hand (门前清), ``opened`` of a hand with a claimed meld (0: the yaku
needs a concealed hand); a yakuman row has ``yakuman`` set to how many limits it is worth (a double
yakuman is 2 when the ``double_yakuman`` option is on, else 1). ``local`` rows are the seed's local yaku,
off unless their option is on. Each yaku's predicate lives in ``scoring.py``; this module holds no logic.

>>> YAKU[YakuId.PINFU].zh, YAKU[YakuId.ITTSU].closed, YAKU[YakuId.ITTSU].opened
('平胡', 2, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["YAKU", "Yaku", "YakuId"]


class YakuId(StrEnum):
    """The id of a yaku (or of a dora count) in results: ``YakuId.PINFU == "pinfu"``."""

    RIICHI = "riichi"
    DOUBLE_RIICHI = "double_riichi"
    IPPATSU = "ippatsu"
    MENZEN_TSUMO = "menzen_tsumo"
    PINFU = "pinfu"
    TANYAO = "tanyao"
    IIPEIKOU = "iipeikou"
    SEAT_WIND = "seat_wind"
    ROUND_WIND = "round_wind"
    HAKU = "haku"
    HATSU = "hatsu"
    CHUN = "chun"
    RINSHAN = "rinshan"
    CHANKAN = "chankan"
    HAITEI = "haitei"
    HOUTEI = "houtei"
    CHIITOITSU = "chiitoitsu"
    CHANTA = "chanta"
    ITTSU = "ittsu"
    SANSHOKU = "sanshoku"
    SANSHOKU_DOUKOU = "sanshoku_doukou"
    TOITOI = "toitoi"
    SANANKOU = "sanankou"
    SANKANTSU = "sankantsu"
    SHOUSANGEN = "shousangen"
    HONROUTOU = "honroutou"
    RYANPEIKOU = "ryanpeikou"
    JUNCHAN = "junchan"
    HONITSU = "honitsu"
    CHINITSU = "chinitsu"
    RENHOU_MANGAN = "renhou_mangan"
    SANRENKOU = "sanrenkou"
    ISSHOKU_SANJUN = "isshoku_sanjun"
    KOKUSHI = "kokushi"
    KOKUSHI_13 = "kokushi_13"
    SUUANKOU = "suuankou"
    SUUANKOU_TANKI = "suuankou_tanki"
    DAISANGEN = "daisangen"
    SHOUSUUSHII = "shousuushii"
    DAISUUSHII = "daisuushii"
    TSUUIISOU = "tsuuiisou"
    RYUUIISOU = "ryuuiisou"
    CHINROUTOU = "chinroutou"
    CHUUREN = "chuuren"
    JUNSEI_CHUUREN = "junsei_chuuren"
    SUUKANTSU = "suukantsu"
    TENHOU = "tenhou"
    CHIIHOU = "chiihou"
    RENHOU = "renhou"
    DAISHARIN = "daisharin"
    SUURENKOU = "suurenkou"
    TOUHOKU = "touhoku"
    DORA = "dora"
    AKA_DORA = "aka_dora"
    URA_DORA = "ura_dora"


@dataclass(frozen=True, slots=True)
class Yaku:
    """One row of the yaku table (see the module docstring for the fields)."""

    id: YakuId
    romaji: str
    zh: str
    en: str
    closed: int
    opened: int
    yakuman: int = 0
    local: bool = False


def _table(*rows: Yaku) -> dict[YakuId, Yaku]:
    return {row.id: row for row in rows}


Y = YakuId
YAKU: dict[YakuId, Yaku] = _table(
    # 1 han
    Yaku(Y.RIICHI, "Riichi", "立直", "Riichi", 1, 0),
    Yaku(Y.IPPATSU, "Ippatsu", "立直一发", "One-shot", 1, 0),
    Yaku(Y.MENZEN_TSUMO, "Menzen Tsumo", "门前清自摸", "Fully concealed self-draw", 1, 0),
    Yaku(Y.PINFU, "Pinfu", "平胡", "All sequences, no fu", 1, 0),
    Yaku(Y.TANYAO, "Tanyao", "断么九", "All simples", 1, 1),
    Yaku(Y.IIPEIKOU, "Iipeikou", "一杯口", "Pure double sequence", 1, 0),
    Yaku(Y.SEAT_WIND, "Yakuhai (jikaze)", "役牌 门风", "Seat wind triplet", 1, 1),
    Yaku(Y.ROUND_WIND, "Yakuhai (bakaze)", "役牌 场风", "Round wind triplet", 1, 1),
    Yaku(Y.HAKU, "Yakuhai (haku)", "役牌 白", "White dragon triplet", 1, 1),
    Yaku(Y.HATSU, "Yakuhai (hatsu)", "役牌 发", "Green dragon triplet", 1, 1),
    Yaku(Y.CHUN, "Yakuhai (chun)", "役牌 中", "Red dragon triplet", 1, 1),
    Yaku(Y.RINSHAN, "Rinshan Kaihou", "杠上开花", "After a kan", 1, 1),
    Yaku(Y.CHANKAN, "Chankan", "抢杠", "Robbing a kan", 1, 1),
    Yaku(Y.HAITEI, "Haitei Raoyue", "海底捞月", "Last tile self-drawn", 1, 1),
    Yaku(Y.HOUTEI, "Houtei Raoyui", "河底捞鱼", "Last discard", 1, 1),
    # 2 han
    Yaku(Y.DOUBLE_RIICHI, "Double Riichi", "双重立直", "Double riichi", 2, 0),
    Yaku(Y.CHIITOITSU, "Chiitoitsu", "七对子", "Seven pairs", 2, 0),
    Yaku(Y.CHANTA, "Chanta", "混全带么", "Half outside hand", 2, 1),
    Yaku(Y.ITTSU, "Ittsu", "一气连通", "Pure straight", 2, 1),
    Yaku(Y.SANSHOKU, "Sanshoku Doujun", "三色同顺", "Mixed triple sequence", 2, 1),
    Yaku(Y.SANSHOKU_DOUKOU, "Sanshoku Doukou", "三色同刻", "Triple triplets", 2, 2),
    Yaku(Y.TOITOI, "Toitoi", "对对和", "All triplets", 2, 2),
    Yaku(Y.SANANKOU, "San Ankou", "三暗刻", "Three concealed triplets", 2, 2),
    Yaku(Y.SANKANTSU, "San Kantsu", "三杠子", "Three kans", 2, 2),
    Yaku(Y.SHOUSANGEN, "Shousangen", "小三元", "Little three dragons", 2, 2),
    Yaku(Y.HONROUTOU, "Honroutou", "混老头", "All terminals and honours", 2, 2),
    # 3 han and more
    Yaku(Y.RYANPEIKOU, "Ryanpeikou", "两杯口", "Twice pure double sequence", 3, 0),
    Yaku(Y.JUNCHAN, "Junchan", "纯全带么", "Terminals in every set", 3, 2),
    Yaku(Y.HONITSU, "Honitsu", "混一色", "Half flush", 3, 2),
    Yaku(Y.CHINITSU, "Chinitsu", "清一色", "Full flush", 6, 5),
    Yaku(Y.RENHOU_MANGAN, "Renhou", "人和", "Blessing of man (mangan)", 5, 0, local=True),
    Yaku(Y.SANRENKOU, "Sanrenkou", "三连刻", "Three consecutive triplets", 3, 3, local=True),
    Yaku(Y.ISSHOKU_SANJUN, "Isshoku Sanjun", "一色三顺", "Pure triple chow", 2, 2, local=True),
    # yakuman
    Yaku(Y.KOKUSHI, "Kokushi Musou", "国士无双", "Thirteen orphans", 13, 0, 1),
    Yaku(Y.KOKUSHI_13, "Kokushi Musou Juusanmen", "国士无双十三面待ち", "Thirteen orphans, 13-sided wait",
         13, 0, 2),
    Yaku(Y.SUUANKOU, "Suuankou", "四暗刻", "Four concealed triplets", 13, 0, 1),
    Yaku(Y.SUUANKOU_TANKI, "Suuankou Tanki", "四暗刻单骑", "Four concealed triplets, pair wait", 13, 0, 2),
    Yaku(Y.DAISANGEN, "Daisangen", "大三元", "Big three dragons", 13, 13, 1),
    Yaku(Y.SHOUSUUSHII, "Shousuushii", "小四喜", "Little four winds", 13, 13, 1),
    Yaku(Y.DAISUUSHII, "Daisuushii", "大四喜", "Big four winds", 13, 13, 2),
    Yaku(Y.TSUUIISOU, "Tsuuiisou", "字一色", "All honours", 13, 13, 1),
    Yaku(Y.RYUUIISOU, "Ryuuiisou", "绿一色", "All green", 13, 13, 1),
    Yaku(Y.CHINROUTOU, "Chinroutou", "清老头", "All terminals", 13, 13, 1),
    Yaku(Y.CHUUREN, "Chuuren Poutou", "九莲宝灯", "Nine gates", 13, 0, 1),
    Yaku(Y.JUNSEI_CHUUREN, "Junsei Chuuren Poutou", "纯正九莲宝灯", "True nine gates", 13, 0, 2),
    Yaku(Y.SUUKANTSU, "Suukantsu", "四杠子（十八罗汉）", "Four kans", 13, 13, 1),
    Yaku(Y.TENHOU, "Tenhou", "天和", "Blessing of heaven", 13, 0, 1),
    Yaku(Y.CHIIHOU, "Chiihou", "地和", "Blessing of earth", 13, 0, 1),
    Yaku(Y.RENHOU, "Renhou", "人和", "Blessing of man", 13, 0, 1, local=True),
    Yaku(Y.DAISHARIN, "Daisharin", "大车轮", "Big wheels", 13, 0, 1, local=True),
    Yaku(Y.SUURENKOU, "Suurenkou", "四连刻", "Four consecutive triplets", 13, 13, 1, local=True),
    Yaku(Y.TOUHOKU, "Touhoku Shinkansen", "东北一条龙", "Northeast straight", 13, 13, 1, local=True),
    # dora: han per tile, not yaku (a hand of dora alone is no win)
    Yaku(Y.DORA, "Dora", "宝牌", "Dora", 1, 1),
    Yaku(Y.AKA_DORA, "Aka Dora", "赤宝牌", "Red fives", 1, 1),
    Yaku(Y.URA_DORA, "Ura Dora", "里宝牌", "Ura dora", 1, 0),
)
"""Every yaku by id."""
