"""The differential comparison of our riichi scorer with the `mahjong` package, shared by the tests."""

from __future__ import annotations

from typing import Any

from majiang.interop.mahjong_package import PACKAGE_YAKU, package_args
from majiang.rules.riichi.generate import Case

__all__ = ["compare", "known_difference"]


def known_difference(case: Case) -> bool:
    """Whether ``case`` is one where the package follows another ruling on purpose (docs/riichi.md).

    With ``open_pinfu_fu=False`` the package also drops the 2 fu of a self-draw on an open hand with
    no other fu (20 fu); we keep them (22, rounded to 30), as the fu rules have it.
    """
    hand = case.hand.hand
    open_hand = not all(m.is_concealed_kong for m in hand.melds)
    return not case.options.open_pinfu_fu and open_hand and case.context.tsumo


def compare(case: Case, calculator: Any) -> str | None:
    """None when we and the package agree on ``case`` (yaku, han, fu, payments), else what differs."""
    from majiang.rules.riichi import NoYakuError, score

    try:
        ours = score(case.hand, case.context, case.options)
    except NoYakuError:
        ours = None
    ref = calculator.estimate_hand_value(**package_args(case))
    if ref.error or ours is None:
        if ours is None and ref.error == "no_yaku":
            return None
        return f"{case}: package {ref.error or [str(y) for y in ref.yaku]}, ours {ours and ours.yaku}"
    ref_yaku = sorted(PACKAGE_YAKU[y.yaku_id] for y in ref.yaku)
    our_yaku = sorted(y.id for y in ours.yaku)
    cost = ref.cost
    pay = ours.payment
    if case.context.tsumo:
        ref_pay = (cost["main"] + cost["main_bonus"], cost["additional"] + cost["additional_bonus"])
        our_pay = (pay.dealer, pay.others) if not case.context.dealer else (pay.others, pay.others)
    else:
        ref_pay, our_pay = (cost["main"] + cost["main_bonus"], 0), (pay.ron, 0)
    ref_sum = (ref_yaku, ref.han, ref.fu if not ours.yakuman else 0, ref_pay, cost["total"])
    our_sum = (our_yaku, ours.han, ours.fu if not ours.yakuman else 0, our_pay, pay.total)
    if ref_sum == our_sum:
        return None
    return f"{case}\n  ours    {our_sum}\n  package {ref_sum}"
