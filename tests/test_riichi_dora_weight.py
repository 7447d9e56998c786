"""The defensive bot's ``dora`` weight: dora kept where efficiency alone would let them go, no shanten lost,
and the ruleset's ``tile_bonus`` read from the indicators shown."""

from __future__ import annotations

import pytest

from majiang.actions import ActionKind
from majiang.bots import DefenseBot, find_bot
from majiang.bots.common import efficiency_of, hand_counts, own_melds
from majiang.bots.danger import read_table
from majiang.errors import InvalidOptionError
from majiang.game.ruleset import NO_BONUS, find_ruleset
from majiang.game.table import Game, Phase
from majiang.rules.riichi.ruleset import RiichiPublic
from majiang.rules.riichi.scoring import dora_of

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


@pytest.mark.parametrize("value", [-1, "x", True, float("inf")])
def test_a_bad_dora_weight_is_refused(value: object) -> None:
    with pytest.raises(InvalidOptionError, match="dora"):
        find_bot("defense", seed=1, dora=value)
