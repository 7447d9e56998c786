# ruff: noqa: E501  (a table of words: one entry to a line reads best)
"""Riichi rules as players read them, in Chinese and English (``RiichiDescriber.words()``)."""

from __future__ import annotations

from majiang.game.names import OptionWords, RulesetWords, words
from majiang.rules.riichi.yaku import YAKU

__all__ = ["WORDS"]

W = words
N = OptionWords


def _flag(zh: str, en: str, help_zh: str, help_en: str) -> OptionWords:
    return N(W(zh, en), W(help_zh, help_en))


WORDS = RulesetWords(
    title=W("立直麻将", "Japanese riichi"),
    summary=W("日本立直麻将，默认按天凤的规则：役、符、番、宝牌、立直、振听、本场与立直棒。",
              "Japanese riichi, with Tenhou's rules by default: yaku, fu and han, dora, riichi, furiten, "
              "honba and sticks."),
    options={
        "red_fives": N(W("赤宝牌", "Red fives"), W("牌中红五的张数。", "How many red fives are in the set."),
                       {"0": W("没有", "None"), "3": W("三张（5万、5筒、5索各一）", "Three (one each of 5m, 5p, 5s)"),
                        "4": W("四张（两张 5 筒）", "Four (two of them 5p)")}),
        "kan_dora": _flag("杠宝牌", "Kan dora", "开杠后翻开一张新的宝牌指示牌。",
                          "A kan turns over a further dora indicator."),
        "kan_dora_after_discard": _flag("明杠后翻宝牌", "Kan dora after the discard",
                                        "明杠、加杠的新宝牌在开杠者打牌后才翻开（天凤）。",
                                        "An open or added kan's indicator is turned over after the konger's "
                                        "next discard (Tenhou)."),
        "ura_dora": _flag("里宝牌", "Ura dora", "立直和牌者也算宝牌指示牌下面的里宝牌。",
                          "A riichi winner also counts the indicators under the dora indicators."),
        "kuikae": N(W("食替", "Swap calls"), W("吃碰后不能立刻打出的牌。",
                                            "Which discards are refused right after a chi or pon."),
                    {"none": W("不限制", "Allowed"), "same": W("不能打同一张", "Not the same tile"),
                     "both": W("同一张和另一头都不能打", "Neither the same tile nor the other end")}),
        "kokushi_robs_concealed_kan": _flag("国士无双抢暗杠", "Thirteen orphans robs a concealed kan",
                                            "国士无双可以抢暗杠和牌。", "Thirteen orphans may win by robbing a "
                                            "concealed kan."),
        "nine_terminals": _flag("九种九牌", "Nine terminals", "第一巡有九种幺九牌时可以宣布流局。",
                                "A player with nine kinds of terminals and honors on their first turn may "
                                "call an abortive draw."),
        "four_winds": _flag("四风连打", "Four winds", "四家第一巡都打同一种风牌时流局。",
                            "The hand is drawn when all four first discards are the same wind."),
        "four_riichi": _flag("四家立直", "Four riichi", "四家都立直时流局。",
                             "The hand is drawn once all four players have declared riichi."),
        "four_kans": _flag("四开杠", "Four kans", "两家以上共开四个杠时流局。",
                           "The hand is drawn after a fourth kan when more than one player made the kans."),
        "three_ron": _flag("三家和", "Triple ron", "三家同时荣和同一张牌时流局。",
                           "The hand is drawn when three players ron on one discard."),
        "several_ron": N(W("多家荣和", "Several rons"), W("几家荣和同一张牌时谁和。",
                                                    "Who wins when several players ron on one discard."),
                         {"double": W("都和（双响）", "All of them (double ron)"),
                          "head-bump": W("头跳：只有放铳者下家起最近的一家", "Head bump: only the nearest")}),
        "honba_to_each": _flag("本场给每家", "Honba to each winner", "双响时每位和牌者都得本场分。",
                               "With double ron, every winner gets the honba."),
        "nagashi_mangan": _flag("流局满贯", "Nagashi mangan", "流局时打出的全是幺九牌且无人鸣走的人得满贯。",
                                "A player whose discards are all terminals and honors, none called, is paid "
                                "a mangan at an exhaustive draw."),
        "length": N(W("长度", "Length"), W("打几圈。", "How many rounds the game has."),
                    {"tonpuu": W("东风战", "East only"), "hanchan": W("半庄战（东南）", "Half game (East and South)")}),
        "starting_points": _flag("起始点数", "Starting points", "每家开始时的点数。", "Each player's points at the start."),
        "target": _flag("返点", "Target", "最后一盘后需要有人达到的点数，也是计算 oka 的点数。",
                        "The points someone must reach for the game to end after its last hand; also the "
                        "return points of oka."),
        "extension": _flag("西入", "Extension", "最后一盘后没人达到返点时进入下一圈，直到有人达到。",
                           "When nobody has the target after the last hand, play on into the next round "
                           "until someone has it."),
        "busting": _flag("击飞", "Busting", "有人点数低于零时游戏结束。", "The game ends when someone goes below zero."),
        "agari_yame": _flag("和了止", "Dealer stops on a win", "最后一盘庄家和牌且第一时可以结束。",
                            "In the last hand a dealer who wins and is first ends the game."),
        "tenpai_yame": _flag("听牌止", "Dealer stops when ready", "最后一盘流局时庄家听牌且第一时结束。",
                             "In the last hand a dealer who is ready at the draw and first ends the game."),
        "uma": _flag("顺位马", "Uma", "第一到第四名的顺位点（千点），如 20,10,-10,-20。",
                     "The placement points of first to fourth, in thousands, e.g. 20,10,-10,-20."),
        "oka": _flag("头名奖励（Oka）", "Oka", "第一名另得四家（返点 − 起始点数）之和。",
                     "First place also takes the difference between target and starting points of all four."),
        "open_tanyao": _flag("食断", "Open tanyao", "鸣牌后也算断幺九。", "All simples counts with calls."),
        "double_yakuman": _flag("双倍役满", "Double yakuman", "双倍役满的牌型算两倍。",
                                "The double yakuman forms count twice."),
        "kazoe_yakuman": _flag("累计役满", "Counted yakuman", "13 番以上算役满。", "13 han or more is a yakuman."),
        "kiriage": _flag("切上满贯", "Round up to mangan", "4 番 30 符和 3 番 60 符算满贯。",
                         "4 han 30 fu and 3 han 60 fu count as a mangan."),
        "open_pinfu_fu": _flag("副露平和形 30 符", "Open pinfu shape 30 fu", "鸣牌的平和形荣和算 30 符。",
                               "An open hand of pinfu shape won on a discard scores 30 fu."),
        "pinfu_tsumo": _flag("平和自摸", "Pinfu by tsumo", "平和可以自摸（20 符）；关闭时自摸不算平和，另加 2 符。",
                             "Pinfu may be won by tsumo (20 fu); off: no pinfu then, and 2 fu for the tsumo."),
        "double_wind_pair_fu": N(W("连风对子符", "Double wind pair fu"), W("既是门风又是场风的对子算几符。",
                                                                   "The fu of a pair of a wind that is both "
                                                                   "seat and round wind."),
                                 {"2": W("2 符", "2 fu"), "4": W("4 符", "4 fu")}),
        "renhou": N(W("人和", "Renhou"), W("闲家第一次摸牌前荣和。", "A non-dealer's ron before their first draw."),
                    {"off": W("不算", "Not counted"), "mangan": W("满贯", "Mangan"), "yakuman": W("役满", "Yakuman")}),
        "daisharin": _flag("大车轮", "Daisharin", "来源里的地方役：筒子 2-8 各两张（seed 001）。",
                           "A local yaku of the source: pairs of 2 to 8 of dots (seed 001)."),
        "suurenkou": _flag("四连刻", "Four consecutive pungs", "来源里的地方役：同一花色四个连续刻子（seed 001）。",
                           "A local yaku of the source: four consecutive pungs of one suit (seed 001)."),
        "sanrenkou": _flag("三连刻", "Three consecutive pungs", "来源里的地方役：同一花色三个连续刻子（seed 001）。",
                           "A local yaku of the source: three consecutive pungs of one suit (seed 001)."),
        "touhoku": _flag("东北一条龙", "Touhoku shinkansen", "来源里的地方役：一条龙加东风刻子和北风对子（或反过来）（seed 001）。",
                         "A local yaku of the source: a straight of one suit with an east pung and a north pair, or the other way round (seed 001)."),
        "isshoku_sanjun": _flag("一色三顺", "Pure triple chow", "来源里的役：三组完全相同的顺子，2 番，鸣牌不减（seed 001）。",
                                "A yaku of the source: three identical chows, 2 han, open or closed (seed 001)."),
        "four_winds_dragons": _flag("四家同打三元牌流局", "Four dragons abort too", "第一巡四家打出同一张三元牌也流局（来源的四风连打包括中发白，seed 001）。",
                                    "Four identical dragon discards on the first go-around also abort the hand (the source's 四风连打 counts the dragons, seed 001)."),
        "renhou_discards": N(W("人和的范围", "Renhou on which discards"), W("人和可以荣和哪些打牌。",
                                                                      "The discards a renhou may be won on."),
                             {"before-draw": W("自己第一次摸牌前的任何打牌", "Any, before the winner's first draw"),
                              "dealer-first": W("只限庄家的第一张打牌（来源的地和，seed 001）", "Only the dealer's first discard (the source's 地和, seed 001)")}),
        "tsumogiri_red": _flag("立直后摸切赤五", "Riichi lets a drawn red five go",
                               "立直后摸到赤五就打出这张赤五，即使手里还有普通的五（天凤）。",
                               "After riichi a drawn red five is the tile let go, even while a plain five of "
                               "the suit is held (Tenhou)."),
        "red_choice": _flag("选择打赤五", "Choose the red five", "同时有赤五和普通五时可以选打哪一张（天凤）。",
                            "A player holding a red five and a plain one of a suit may choose which to let go "
                            "(Tenhou)."),
        "round_final": _flag("终局点数取整", "Round the final points", "第二到第四名的终局点数取整到千点，第一名补齐（天凤）。",
                             "The final points of second to fourth place in whole thousands, first place "
                             "taking the rest (Tenhou)."),
        "pao": _flag("包牌", "Pao", "让别人碰或杠成第三组三元牌或第四组风牌的人，为那家的役满付钱。",
                     "A player whose discard completes another's third dragon or fourth wind set pays for "
                     "that yakuman if the caller wins."),
        "pao_yaku": _flag("包牌役满", "Pao yakuman", "包牌适用的役满，以逗号分隔。",
                          "The yakuman pao covers, comma-separated."),
        "sticks_at_end": N(W("剩余立直棒", "Sticks left at the end"), W("游戏结束时桌上剩下的立直棒归谁。",
                                                                   "Who takes the riichi sticks left on the "
                                                                   "table when the game ends."),
                           {"first": W("加到第一名的点数（天凤）", "Paid into first place's points (Tenhou)"),
                            "standings": W("只计入第一名的成绩", "Counted in first place's standing only")}),
        "final_half": N(W("五百点取整", "Rounding five hundred"), W("终局点数取整时五百点如何处理。",
                                                                "How the final points round five hundred."),
                        {"up": W("四舍五入到千点（天凤）", "To the nearest thousand, a half up (Tenhou)"),
                         "return": W("与返点之差五舍六入", "The difference from the target, a half toward it")}),
    },
    fans={str(y.id): W(f"{y.zh}", f"{y.en}") for y in YAKU.values()},
)
