# ruff: noqa: E501  (a table of words: one entry to a line reads best)
"""Sichuan and Chengdu rules as players read them, in Chinese and English (``SichuanDescriber.words()``)."""

from __future__ import annotations

from majiang.game.names import LobbyEntry, OptionWords, RulesetWords, Words, words
from majiang.rules.sichuan.fans import CHENGDU_FANS, SICHUAN_FANS

__all__ = ["CHENGDU_WORDS", "LOBBY_OPTIONS", "SICHUAN_WORDS"]

W = words

LOBBY_OPTIONS = {"exchange": "dice", "declare_void": True}
"""What the lobby starts a Sichuan or Chengdu table with (the rulesets' own defaults, which records keep,
play neither): 换三张 in the direction the dealer's dice give and 定缺, as the common tables play; the
sources ask a hand to lack a suit to win (seed 004: 必须缺门可胡) and do not mention 换三张 (docs/sichuan.md)."""

_ON_OFF_PAY = W("单位为底分。", "In base units.")

OPTIONS = {
    "mode": OptionWords(
        W("玩法", "Mode"),
        W("有人和牌后怎么继续。", "How play goes on after a win."),
        {"blood-battle": W("血战到底：和牌者退出，打到三家和牌", "Blood battle: a winner leaves; play on until "
                           "three have won"),
         "blood-river": W("血流成河：和牌者留下继续和", "Blood river: winners stay and may win again"),
         "single": W("一家和牌即结束", "The hand ends at the first win")}),
    "several_winners": OptionWords(
        W("一炮多响", "Several winners on one discard"),
        W("几家同时和同一张牌时都算和。", "Every player who wins on the same discard wins.")),
    "exchange": OptionWords(
        W("换三张", "Exchange three tiles"),
        W("开局每家拿出同一花色的三张牌交给别家。", "Before play each player passes on three tiles of one suit."),
        {"none": W("不换", "No exchange"), "dice": W("按骰子定方向", "Direction by the dice"),
         "clockwise": W("顺时针（给上家）", "Clockwise (to the left)"),
         "counterclockwise": W("逆时针（给下家）", "Counterclockwise (to the right)"),
         "across": W("对家互换", "Across")}),
    "declare_void": OptionWords(
        W("定缺", "Declare a void suit"),
        W("开局每家宣布不要的一门花色，先打这门牌，有这门牌不能和。",
          "Before play each player names a suit to give up: its tiles must go first, and a hand holding "
          "any cannot win.")),
    "forced_win_last_four": OptionWords(
        W("最后四张自动胡", "Must win on the last four tiles"),
        W("牌墙最后四张时，听牌的人能和必须和。", "On the wall's last four tiles a ready player who can win "
          "must win.")),
    "next_dealer_by": OptionWords(
        W("坐庄", "Next dealer"),
        W("下一盘谁坐庄。", "Who deals the next hand."),
        {"mode": W("按玩法", "As the mode says"), "dice": W("掷骰子", "By the dice"),
         "discarder": W("放炮者", "The discarder"), "first-winner": W("第一个和牌者", "The first winner")}),
    "flower_pig": OptionWords(
        W("查花猪", "Flower pig"),
        W("流局时手里三门都有的人付给其他每家的分数（0：不查）。" + _ON_OFF_PAY.zh,
          "What a hand holding all three suits at the wall's end pays each other player (0: off). "
          + _ON_OFF_PAY.en)),
    "direct_kong": OptionWords(
        W("直杠（刮风）", "Kong on a discard"),
        W("杠别人打的牌时放杠者立即付的分数。" + _ON_OFF_PAY.zh,
          "What the discarder pays at once for a kong made on their discard. " + _ON_OFF_PAY.en)),
    "added_kong": OptionWords(
        W("面下杠", "Added kong"),
        W("碰后自己摸到第四张加杠时每家立即付的分数。" + _ON_OFF_PAY.zh,
          "What every player still in pays at once for a kong added to a pung. " + _ON_OFF_PAY.en)),
    "concealed_kong": OptionWords(
        W("暗杠（下雨）", "Concealed kong"),
        W("暗杠时每家立即付的分数。" + _ON_OFF_PAY.zh,
          "What every player still in pays at once for a concealed kong. " + _ON_OFF_PAY.en)),
    "refund_kongs_when_not_ready": OptionWords(
        W("查大叫退杠钱", "Refund kongs when not ready"),
        W("流局时没听牌的人退还杠钱。", "A player not ready at the wall's end gives back their kong money.")),
    "melded_kong_bloom": OptionWords(
        W("点杠花", "Kong bloom after a kong on a discard"),
        W("杠别人的牌后杠上开花，由谁付。", "Who pays a kong bloom when the kong was made on a discard."),
        {"discarder": W("放杠者付", "The discarder pays"), "self-drawn": W("按自摸，三家付", "As a self-draw: "
                                                                         "all three pay")}),
    "not_ready_pays": OptionWords(
        W("查大叫赔付", "Not ready pays"),
        W("流局时没听牌的人付给每个听牌者多少。", "What a player not ready at the wall's end pays each ready player."),
        {"largest": W("按对方最大可能的番", "The most that player could win"),
         "smallest": W("按对方最小可能的番", "The least that player could win")}),
    "pass_win_lock": OptionWords(
        W("过水", "Passed win"),
        W("放过一次和牌后，到自己下次摸牌前不能再和，除非番更多。",
          "After letting a win go, a player may not win again until their next turn unless the win scores "
          "more."),
        {"any": W("任何牌", "On any tile"), "same-tile": W("仅同一张牌", "On the same tile only"),
         "none": W("不限制", "No lock")}),
    "fans": OptionWords(
        W("番种表", "Fan table"),
        W("按哪一套番种计番：四川（seed 004）或成都（seed 000）。",
          "Which fan table scores a win: Sichuan (seed 004) or Chengdu (seed 000)."),
        {"sichuan": W("四川", "Sichuan"), "chengdu": W("成都", "Chengdu")}),
    "base": OptionWords(W("底分", "Base points"), W("平和的分数。", "The points of a plain win.")),
    "plain_fan": OptionWords(
        W("平和番数", "Fans of a plain win"),
        W("平和算几番；分数为底分 × 2^(番数 − 平和番数)。",
          "The fans of a plain win; a win's points are base × 2^(fans − this).")),
    "cap_fan": OptionWords(W("封顶番数", "Fan cap"), W("最多算几番（空：不封顶）。",
                                                   "The most fans counted (empty: no cap).")),
    "cap_points": OptionWords(W("封顶分数", "Points cap"), W("一家为一次和牌最多付的分数（空：不封顶）。",
                                                       "The most one player pays for a win (empty: no cap).")),
    "self_drawn": OptionWords(
        W("自摸加", "Self-drawn bonus"),
        W("自摸另加什么。", "What a self-drawn win adds."),
        {"none": W("不加", "Nothing"), "base": W("加底", "The base points"), "fan": W("加番", "One fan")}),
    "last_of_wall": OptionWords(W("海底捞", "Last tile self-drawn"),
                                W("摸牌墙最后一张和牌算番。", "Winning on the wall's last tile, self-drawn, scores a fan.")),
    "concealed_root": OptionWords(W("暗根", "Concealed root"),
                                  W("手里四张相同的牌不开杠也算根。", "Four alike held without a kong count as a root (根).")),
    "last_of_wall_discard": OptionWords(W("海底炮", "Last discard win"),
                                        W("和最后一张打出的牌也算海底。", "Winning on the last discard scores 海底 too.")),
}


def _fans(*tables: dict) -> dict[str, Words]:  # type: ignore[type-arg]
    out: dict[str, Words] = {}
    for table in tables:
        for fan_id, fan in table.items():
            out.setdefault(str(fan_id), W(fan.zh, fan.en[:1].upper() + fan.en[1:]))
    return out


SICHUAN_WORDS = RulesetWords(
    title=W("四川麻将", "Sichuan"),
    summary=W("108 张牌，不能吃，缺一门才能和，一炮多响，刮风下雨，血战到底。来源：seed 004",
              "108 tiles, no chows, a hand must lack a suit to win, several winners on one discard, kong "
              "money at once, play on after a win. Source: seed 004"),
    options=OPTIONS,
    presets={"血流": W("血流成河", "Blood river"), "血流成河": W("血流成河", "Blood river")},
    fans=_fans(SICHUAN_FANS, CHENGDU_FANS),
    lobby=(LobbyEntry("sichuan", W("四川麻将 血战到底", "Sichuan: blood battle"), LOBBY_OPTIONS),
           LobbyEntry("sichuan-blood-river", W("四川麻将 血流成河", "Sichuan: blood river"),
                      {"mode": "blood-river", **LOBBY_OPTIONS})),
)

CHENGDU_WORDS = RulesetWords(
    title=W("成都麻将", "Chengdu"),
    summary=W("四川麻将的玩法，按成都的番种计番（seed 000），80 分封顶。",
              "Sichuan play scored by the Chengdu fans (seed 000), capped at 80 points."),
    options=OPTIONS,
    fans=_fans(CHENGDU_FANS, SICHUAN_FANS),
    lobby=(LobbyEntry("chengdu", W("成都麻将", "Chengdu"), LOBBY_OPTIONS),),
)
