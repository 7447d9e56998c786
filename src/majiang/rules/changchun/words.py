# ruff: noqa: E501  (a table of words: one entry to a line reads best)
"""Changchun rules as players read them, in Chinese and English (``ChangchunDescriber.words()``)."""

from __future__ import annotations

from majiang.game.names import OptionWords, RulesetWords, words
from majiang.rules.changchun.fans import CHANGCHUN_FANS, SPECIAL_KONGS

__all__ = ["WORDS"]

W = words
N = OptionWords

WORDS = RulesetWords(
    title=W("长春麻将", "Changchun"),
    summary=W("136 张牌；和牌要三门、幺九和一副刻子；上听后摇宝牌，旋风杠、喜杠、幺蛋九蛋。来源：seed 001",
              "136 tiles; a win needs all three suits, a terminal or honor and a pung; the treasure tile "
              "after a ready declaration, and special kongs from the deal. Source: seed 001"),
    options={
        "points": N(W("计分", "Points"), W("和牌分数怎么由番数算出。", "How a win's points follow from its fans."),
                    {"add": W("番数乘底注", "Fans times the stake"), "double": W("每番翻倍", "The stake doubled per fan")}),
        "stake": N(W("底注", "Stake"), W("和牌分和杠钱的底注，1-1000。", "The stake of a win's points and of kong money, 1-1000.")),
        "treasure_self_drawn": N(W("摸宝算自摸", "Treasure counts self-drawn"),
                                 W("摸到宝牌和牌也算自摸。", "A win with the drawn treasure tile also counts self-drawn.")),
        "pair_treasure": N(W("对宝计番", "Treasure wait"), W("对宝和牌时算哪些番。",
                                                            "What a win waiting on the treasure tile counts."),
                           {"stack": W("自摸、宝牌、对宝都算", "Self-drawn, treasure and treasure wait"),
                            "once": W("只算自摸和对宝", "Self-drawn and treasure wait only")}),
        "dragon_exemption": N(W("箭牌免刻", "Dragon instead of a pung"), W("手里有中发白时可以不要刻子。",
                                                                       "Whether a dragon frees a hand from "
                                                                       "needing a pung."),
                              {"any": W("有任意中发白即可", "Any dragon held"), "kong": W("必须是杠", "Only a dragon kong")}),
        "special_tiles_count": N(W("特殊杠牌计门", "Special kongs count"),
                                 W("旋风杠、喜杠等的牌算三门和幺九。",
                                   "The special kongs' tiles count for the three suits and the terminals.")),
        "special_closed": N(W("特殊杠不算开门", "Special kongs keep a hand closed"),
                            W("亮特殊杠后仍可算立胡。", "A hand with special kongs can still win as a closed hand (立胡).")),
        "edge": N(W("夹胡", "Edge win"), W("什么样的和牌算夹胡。", "Which wins count as an edge win."),
                  {"both": W("边、嵌、单钓且只和一张", "An edge, closed or single wait on one tile"),
                   "shape": W("按牌形", "By the shape"), "single": W("只和一张", "Waiting on one tile only")}),
        "robbing": N(W("抢胡", "Robbing a kong"), W("抢杠和牌由谁付。", "Who pays a win by robbing a kong."),
                     {"discard": W("杠的人付（放炮）", "The konger, as a discard"),
                      "self-drawn": W("按自摸，三家付", "As a self-draw: all three pay")}),
        "big_egg": N(W("大蛋", "Big egg"), W("哪四张算大蛋。", "Which four alike count as a big egg."),
                     {"listed": W("一条、一饼、中、发、白", "1s, 1p, red, green, white"),
                      "with-1m": W("加上一万", "Those and 1m"), "off": W("不算", "Off")}),
        "kong_payers": N(W("杠钱", "Kong money"), W("杠钱由谁付。", "Who pays for a kong."),
                         {"all": W("其他三家", "Each other player"),
                          "discarder": W("杠别人的牌时放杠者付", "The discarder, for a kong on a discard")}),
    },
    fans={**{str(f.id): W(f.zh, f.en[:1].upper() + f.en[1:]) for f in CHANGCHUN_FANS.values()},
          **{f"kong-{k.id}": W(k.zh, k.en[:1].upper() + k.en[1:]) for k in SPECIAL_KONGS.values()}},
)
