"""Sichuan (四川麻将) and Chengdu (成都) scoring and table rules: the public module.

``majiang.rules.sichuan`` implements it.

>>> r = score("123m456m789m55m111p")
>>> [h.fan.zh for h in r.fans], r.total, r.points
(['平胡'], 1, 6)
>>> r = score("123m456m789m55m111p", options="chengdu")
>>> r.total, r.points
(0, 5)
"""

from majiang.hand import WinBy
from majiang.rules.sichuan import (
    CHENGDU_FANS,
    DEFAULT_TABLE,
    OPTIONS,
    SICHUAN_FANS,
    Deltas,
    Exchange,
    Fan,
    FanHit,
    FanId,
    KongBloom,
    KongKind,
    Mode,
    NextDealer,
    Options,
    PassLock,
    ReadyPrice,
    ScoreResult,
    TableOptions,
    WinContext,
    exchange_direction,
    exchange_receiver,
    find_options,
    flower_pig_payments,
    kong_discard_transfer,
    kong_payment,
    next_dealer,
    not_ready_payments,
    refund_kongs,
    score,
    settle_exhausted,
    void_kong,
    win_payment,
)

__all__ = ["CHENGDU_FANS", "DEFAULT_TABLE", "OPTIONS", "SICHUAN_FANS", "Deltas", "Exchange", "Fan", "FanHit",
           "FanId", "KongBloom", "KongKind", "Mode", "NextDealer", "Options", "PassLock", "ReadyPrice",
           "ScoreResult", "TableOptions", "WinBy", "WinContext", "exchange_direction", "exchange_receiver",
           "find_options", "flower_pig_payments", "kong_discard_transfer", "kong_payment", "next_dealer",
           "not_ready_payments", "refund_kongs", "score", "settle_exhausted", "void_kong", "win_payment"]
