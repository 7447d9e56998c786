# ruff: noqa: E501  (a table of words: one entry to a line reads best)
"""Yangzhou rules as players read them, in Chinese and English (``YangzhouDescriber.words()``)."""

from __future__ import annotations

from majiang.game.names import OptionWords, RulesetWords, words
from majiang.rules.yangzhou.fans import YANGZHOU_FANS

__all__ = ["WORDS"]

W = words
N = OptionWords

WORDS = RulesetWords(
    title=W("扬州麻将", "Yangzhou"),
    summary=W("18 番或 20 番起和，扬州自己的番种表，按出牌顺序一家和。来源：seed 001",
              "A win needs 18 or 20 fans from Yangzhou's own fan table; one winner, by turn order. "
              "Source: seed 001"),
    options={
        "minimum": N(W("起和番数", "Minimum fans"), W("和牌最少要几番：18 或 20。", "The fewest fans a win needs: 18 or 20.")),
        "above_minimum": N(W("必须大于起和番", "More than the minimum"),
                           W("和牌的番数必须大于起和番数，不能只是等于。", "A win needs more fans than the minimum, "
                             "not only as many.")),
        "discard_payers": N(W("放炮赔付", "Discard payment"), W("点炮时谁付。", "Who pays a win on a discard."),
                            {"discarder": W("放炮者付两份", "The discarder pays two shares"),
                             "all": W("另两家也各付一份", "The two others pay a share each too")}),
        "combined": N(W("复合番", "Combined fans"), W("混对对、板龙、双板、钢板等复合番怎么算。",
                                                     "How a combined fan (混对对, 板龙, 双板, 钢板 ...) counts."),
                      {"replace": W("代替组成它的番", "Replaces the fans it is made of"),
                       "add": W("与组成它的番相加", "Adds to them")}),
        "plain_chows": N(W("平胡", "Plain hand"), W("平胡（只吃牌）的要求。", "What a plain hand of four chows needs."),
                         {"any": W("四副顺子即可", "Four chows, any way"), "claimed": W("至少吃过一副", "At least one claimed")}),
        "lone_wait_both": N(W("独吊也算丫子", "Pair wait is a one-tile wait"),
                            W("独吊同时算丫子。", "A single wait on the pair also scores 丫子.")),
        "dragon_kong": N(W("中发白杠", "Dragon kong"), W("中发白开杠的番怎么算。", "What a dragon kong is worth."),
                         {"double": W("翻一番", "Doubled"), "plus-one": W("加一番", "One more")}),
        "dragon_pungs": N(W("中发白刻子", "Dragon pung"), W("中发白刻子的番怎么算。", "What a dragon pung is worth."),
                          {"plain": W("普通（1 番，暗刻另算子格）", "Plain (1, a concealed one also 子格)"),
                           "added": W("碰 2 番，暗刻 3 番", "2 claimed, 3 in hand")}),
        "other_winds": N(W("其它风", "Other winds"), W("不是门风的风刻也算 1 番。",
                                                     "A pung of a wind that is not the player's own scores 1.")),
        "chow_pairs": N(W("齐相连副老少", "Chow pairs"), W("齐相、连副、老少怎么计数。",
                                                       "How 齐相, 连副 and 老少 are counted."),
                        {"disjoint": W("每对顺子各算，一副顺子只用一次", "Each pair of chows, a chow in one pair of each"),
                         "once": W("每种一手算一次", "Each fan once a hand")}),
        "iron_plate": N(W("铁板", "Iron plate"), W("铁板（三副相同顺子）的要求。", "What 铁板, three identical chows, needs."),
                        {"seed": W("按来源：吃一副手里两副不算", "As the source says: one claimed and two held "
                                   "is none"), "any": W("任意三副相同顺子", "Any three identical chows")}),
    },
    fans={str(f.id): W(f.zh, f.en[:1].upper() + f.en[1:]) for f in YANGZHOU_FANS.values()},
)
