# ruff: noqa: E501  (a table of words: one entry to a line reads best)
"""Changsha rules as players read them, in Chinese and English (``ChangshaDescriber.words()``)."""

from __future__ import annotations

from majiang.game.names import OptionWords, RulesetWords, words
from majiang.rules.changsha.fans import CHANGSHA_WINS

__all__ = ["WORDS"]

W = words
N = OptionWords

WORDS = RulesetWords(
    title=W("长沙麻将", "Changsha"),
    summary=W("小胡要 2、5、8 作将，大胡不要；起手胡、扎鸟、海底漫游。来源：seed 004",
              "A small win needs a pair of 2, 5 or 8, a big win does not; opening wins, birds and the "
              "seabed tile offered round. Source: seed 004"),
    options={
        "big_wins": N(W("大胡叠加", "Several big wins"), W("一手牌有几个大胡时怎么算。",
                                                       "How a hand of several big wins is paid."),
                      {"add": W("每个大胡各算一次", "Once per big win"), "highest": W("只算一次", "Once")}),
        "six_six": N(W("六六顺", "Two triplets dealt"), W("起手两副刻子也算起手胡；来源 seed 004 没有列出。",
                                                        "Two triplets in the dealt hand are an opening win "
                                                        "too; seed 004 does not list it.")),
        "birds": N(W("扎鸟数", "Birds"), W("和牌后翻几只鸟（0-6）。", "How many birds are turned over after a win, 0-6.")),
        "bird_mode": N(W("中鸟算法", "Bird payment"), W("中鸟的人多付多少。", "What a bird that hits adds."),
                       {"add": W("每只鸟再付一份", "Each bird pays once more"),
                        "double": W("每只鸟翻倍", "Each bird doubles it")}),
        "dealer_more": N(W("庄家多算", "Dealer pays and gains more"),
                         W("庄家和牌或付钱时多算一分（庄家比闲家多算一分）。",
                           "The dealer's figures are one more when the dealer wins or pays.")),
        "all_258": N(W("将将胡", "All 2-5-8"), W("将将胡的要求。", "What an all 2-5-8 hand needs."),
                     {"any": W("任意十四张 2、5、8", "Any fourteen tiles of 2, 5 and 8"),
                      "complete": W("必须成和牌形", "A complete hand only")}),
        "events_need_258": N(W("海底等要 258 将", "Seabed and kong wins need a 2-5-8 pair"),
                             W("海底、杠上开花、抢杠胡即使有别的大胡也要 2、5、8 作将。",
                               "海底, 杠上开花 and 抢杠胡 need a 2, 5 or 8 pair even with another big win.")),
        "pairs_with_four": N(W("七巧对可含四张", "Seven pairs with four alike"),
                             W("七巧对可以有四张相同的牌，算两对。", "Seven pairs may hold four alike, as two pairs.")),
        "opening_count": N(W("起手胡计数", "Counting opening wins"), W("一手起手牌有几个起手胡时怎么算。",
                                                                   "How a deal with several opening wins is paid."),
                           {"each": W("每个都算", "Each one"), "once": W("只算一次", "Once")}),
    },
    fans={str(w.id): W(w.zh, w.en[:1].upper() + w.en[1:]) for w in CHANGSHA_WINS.values()},
)
