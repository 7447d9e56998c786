"""The defensive bot's ``dora`` weight: dora kept where efficiency alone would let them go, no shanten lost,
and the ruleset's ``tile_bonus`` read from the indicators shown."""

from __future__ import annotations

import pytest

from majiang.actions import ActionKind
from majiang.bots import DefenseBot, find_bot
from majiang.bots.common import PASS, after_claim, efficiency_of, hand_counts, own_melds
from majiang.bots.danger import read_table
from majiang.errors import InvalidOptionError
from majiang.game.ruleset import NO_BONUS, Efficiency, find_ruleset
from majiang.game.table import Game, Phase
from majiang.meld import Meld
from majiang.rules.riichi.ruleset import RiichiPublic
from majiang.rules.riichi.scoring import dora_of
from majiang.seats import RelativeSeat

RIICHI = find_ruleset("riichi")


def test_tile_bonus_is_one_han_a_copy_of_each_indicated_dora() -> None:
    game = Game(RIICHI, seed=5)
    view = game.view(game.current)
    public = view.public_state
    assert isinstance(public, RiichiPublic) and len(public.dora_indicators) == 1
    bonus = RIICHI.tile_bonus(view)
    assert len(bonus) == 34 and sum(bonus) == 1 and bonus[int(dora_of(public.dora_indicators[0]))] == 1
    mcr = Game(seed=5)
    assert find_ruleset("mcr").tile_bonus(mcr.view(mcr.current)) == NO_BONUS


def test_dora_kept_at_no_cost_in_shanten() -> None:
    """Over the quiet turns of defense bots' hands: the weighted bot never leaves a worse shanten than
    efficiency alone, and where the two differ it never lets more bonus go (and sometimes less)."""
    plain, weighted = DefenseBot(seed=0), DefenseBot(seed=0, dora=10)
    differ = 0
    for seed in range(12):
        game = Game(RIICHI, seed=seed)
        bots = [DefenseBot(seed=s) for s in range(4)]
        while game.phase != Phase.OVER:
            seat = game.to_act()[0]
            view = game.view(seat)
            if view.phase == Phase.TURN and not plain.threatened(view, read_table(view)):
                a, b = plain.act(view), weighted.act(view)
                if a != b and a.kind in (ActionKind.DISCARD, ActionKind.RIICHI) \
                        and b.kind in (ActionKind.DISCARD, ActionKind.RIICHI):
                    assert a.tile is not None and b.tile is not None
                    bonus = RIICHI.tile_bonus(view)
                    model, counts, melds = efficiency_of(view), hand_counts(view), own_melds(view)
                    shanten = []
                    for t in (int(a.tile), int(b.tile)):
                        counts[t] -= 1
                        shanten.append(model.shanten(counts, melds))
                        counts[t] += 1
                    assert shanten[1] == shanten[0], (seed, a, b)
                    assert bonus[int(b.tile)] <= bonus[int(a.tile)], (seed, a, b)
                    differ += bonus[int(b.tile)] < bonus[int(a.tile)]
            game.apply(seat, bots[seat].act(view))
    assert differ > 0


@pytest.mark.parametrize(("option", "value"), [("dora", -1), ("dora", "x"), ("dora", True),
                                               ("dora", float("inf")), ("push", -1), ("push", 1.5),
                                               ("call_gain", -1), ("call_gain", "x")])
def test_a_bad_option_is_refused(option: str, value: object) -> None:
    with pytest.raises(InvalidOptionError, match=option):
        find_bot("defense", seed=1, **{option: value})


def _claims(bot: DefenseBot, games: int) -> tuple[int, int]:
    """Over defense bots' hands: (claims the plain bot makes from a closed hand, those ``bot`` also makes),
    each of ``bot``'s checked to lower the shanten by its ``call_gain``."""
    plain = DefenseBot(seed=0)
    made = kept = 0
    for seed in range(games):
        game = Game(RIICHI, seed=seed)
        bots = [DefenseBot(seed=s) for s in range(4)]
        while game.phase != Phase.OVER:
            seat = game.to_act()[0]
            view = game.view(seat)
            closed = all(m.is_concealed_kong for m in own_melds(view))
            if view.phase == Phase.CLAIM and closed and view.last_discard is not None:
                a, b = plain.act(view), bot.act(view)
                if a.kind in (ActionKind.CHOW, ActionKind.PUNG):
                    made += 1
                    assert b in (a, PASS), (seed, a, b)
                    if b == a:
                        kept += 1
                        model, counts = efficiency_of(view), hand_counts(view)
                        giver, tile = view.last_discard
                        after, meld = after_claim(counts, b, int(tile), RelativeSeat.between(seat, giver))
                        melds = (*own_melds(view), meld)
                        left = min(_without(model, after, melds, t) for t in range(34) if after[t])
                        assert left <= model.shanten(counts, own_melds(view)) - bot.call_gain, (seed, b)
            game.apply(seat, bots[seat].act(view))
    return made, kept


def _without(model: Efficiency, counts: list[int], melds: tuple[Meld, ...], tile: int) -> int:
    counts[tile] -= 1
    value = model.shanten(counts, melds)
    counts[tile] += 1
    return value


def test_a_closed_hand_calls_only_for_speed_with_call_gain() -> None:
    made, kept = _claims(DefenseBot(seed=0, call_gain=1), 16)
    assert made > kept > 0  # some calls kept (they lower the shanten), some given up
