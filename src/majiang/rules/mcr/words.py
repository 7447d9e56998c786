# ruff: noqa: E501  (a table of words: one entry to a line reads best)
"""Chinese Official rules as players read them, in Chinese and English (``McrDescriber.words()``)."""

from __future__ import annotations

from majiang.game.names import OptionWords, RulesetWords, words
from majiang.rules.mcr.fans import FANS

__all__ = ["WORDS"]

W = words

WORDS = RulesetWords(
    title=W("国标麻将", "Chinese Official (MCR)"),
    summary=W("国家体育总局 1998 年制定的竞赛规则：81 种番，8 番起和，和牌者得 8 分加番数。",
              "The national competition rules of 1998: 81 fans, a win needs 8 of them, and each loser pays "
              "8 points plus the fans."),
    options={
        "several_winners": OptionWords(
            W("一炮多响", "Several winners on one discard"),
            W("几家同时和同一张牌（或抢同一个杠）时都算和，放炮者分别支付；关闭时只有放炮者下家起最近的一家和。",
              "When several players win on the same discard (or robbed kong), all of them win and the "
              "discarder pays each; off: only the nearest one after the discarder wins.")),
        "false_win": OptionWords(
            W("诈和", "False win"),
            W("有人宣布和牌但不是够 8 番的和牌时怎么办。", "What happens when a player declares a win that "
              "is not a valid 8-fan win."),
            {"error": W("不算，收回宣布", "Refused: the declaration is taken back"),
             "penalty": W("罚分", "Penalty points"),
             "end": W("本盘结束，诈和者赔付", "The hand ends and the declarer pays")}),
        "false_win_penalty": OptionWords(
            W("诈和罚分", "False-win penalty"),
            W("“罚分”时诈和者共扣的分数。", "With penalty points: what a false win costs the declarer.")),
        "false_win_award": OptionWords(
            W("诈和赔付每家", "False-win payment to each"),
            W("“罚分”时诈和者付给其他每家的分数。", "With penalty points: what the declarer pays each other "
              "player.")),
        "kong_flower_counts": OptionWords(
            W("补花后的杠上开花", "Kong bloom after a flower"),
            W("杠后补的牌是花、再补一张和牌时，仍算杠上开花。",
              "A win on the tile drawn after a kong still scores 杠上开花 when the first replacement was a "
              "flower and had to be replaced again.")),
        "profile": OptionWords(
            W("规则版本", "Scoring profile"),
            W("各规则书计番不同之处（明暗杠、双暗杠等）按哪一本算。",
              "Which rulebook settles the fans the rulebooks count differently (a melded and a concealed "
              "kong, two concealed kongs, ...)."),
            {"mil": W("国际麻将联盟补充裁定", "MIL supplementary rulings"),
             "wmo2014": W("世界麻将组织 2014 规则", "WMO 2014 rulebook"),
             "1998": W("1998 年国家规则", "1998 national rules")}),
        "base_points": OptionWords(
            W("底分", "Base points"),
            W("每位输家在番数之外另付的分数：8 加番数。来源：seed 000",
              "What each loser pays on top of the fans: 8 plus the fans. Source: seed 000")),
        "house_fans": OptionWords(
            W("联众非标准番", "Lianzhong house fans"),
            W("计入联众的非标准番：天和、地和、人和、四方大发、天听。来源：seed 000",
              "Count the Lianzhong house fans: heavenly win, earthly win, human win, 四方大发 and heavenly "
              "ready. Source: seed 000")),
        "flowers": OptionWords(
            W("花牌", "Flowers"),
            W("八张花牌在牌墙里（共 144 张），每张 1 番；关闭时只用 136 张。",
              "The eight flowers are in the wall (144 tiles), one fan each; off: the 136 playing tiles "
              "only.")),
        "walls": OptionWords(
            W("牌墙", "Walls"),
            W("四家共用一道牌墙，还是每家各摸自己的一道（Botzone 的裁判）。",
              "One wall for all four players, or each player draws from a wall of their own (Botzone's "
              "judge)."),
            {"shared": W("四家一道牌墙", "One shared wall"), "per-seat": W("每家一道牌墙", "A wall per player")}),
        "single_hand": OptionWords(
            W("只打一盘", "Single hand"),
            W("一场比赛只打一盘（Botzone 的裁判如此）。", "A match is one hand (as Botzone's judge plays).")),
        "seat_changes": OptionWords(
            W("换位", "Seat changes"),
            W("一场比赛中玩家何时换座位。", "When the players change seats during a match."),
            {"each-round": W("每圈换位（seed 003）", "After every round (seed 003)"),
             "before-west-round": W("第三圈（西风圈）前换位（seed 000）", "Before the West round (seed 000)")}),
    },
    presets={"botzone": W("Botzone 规则", "Botzone rules")},
    fans={fan_id: W(fan.zh, fan.en) for fan_id, fan in FANS.items()},
)
