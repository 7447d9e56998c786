"""The implementation of Sichuan (四川麻将, seed 004) and Chengdu (成都, seed 000) scoring and table rules.

Import from ``majiang.sichuan``, the public module.
"""

from majiang.rules.sichuan.fans import CHENGDU_FANS, SICHUAN_FANS, Fan, FanId
from majiang.rules.sichuan.payments import (
    DEFAULT_TABLE,
    Deltas,
    Exchange,
    KongBloom,
    KongKind,
    Mode,
    NextDealer,
    PassLock,
    ReadyPrice,
    TableOptions,
    exchange_direction,
    exchange_receiver,
    flower_pig_payments,
    kong_discard_transfer,
    kong_payment,
    next_dealer,
    not_ready_payments,
    refund_kongs,
    settle_exhausted,
    void_kong,
    win_payment,
)
from majiang.rules.sichuan.scoring import (
    OPTIONS,
    FanHit,
    Options,
    ScoreResult,
    WinContext,
    find_options,
    score,
)

__all__ = ["CHENGDU_FANS", "DEFAULT_TABLE", "OPTIONS", "SICHUAN_FANS", "Deltas", "Exchange", "Fan", "FanHit",
           "FanId", "KongBloom", "KongKind", "Mode", "NextDealer", "Options", "PassLock", "ReadyPrice",
           "ScoreResult", "TableOptions", "WinContext", "exchange_direction", "exchange_receiver",
           "find_options", "flower_pig_payments", "kong_discard_transfer", "kong_payment", "next_dealer",
           "not_ready_payments", "refund_kongs", "score", "settle_exhausted", "void_kong", "win_payment"]
