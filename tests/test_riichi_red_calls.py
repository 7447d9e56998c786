"""Red fives in calls as the caller's choice (riichi ``red_choice``): the actions, the state after each
choice, the count of red fives kept through random games, and a log where a player chis with plain fives
holding the red one and then lets the red one go, replayed through Tenhou's mjlog, tenhou.net/6 and mjai."""

from __future__ import annotations

import copy
import dataclasses
import functools
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.actions import Action, ActionKind
from majiang.bots import EfficiencyBot, find_bot
from majiang.errors import InvalidActionError
from majiang.game import Game, Phase
from majiang.game.ruleset import find_ruleset
from majiang.game.table import View
from majiang.interop import mjai
from majiang.interop.tenhou import import_tags, lobby_rules
from majiang.interop.tenhou6 import from_tenhou6, to_tenhou6
from majiang.interop.tenhou_mjlog import Tag, parse_mjlog
from majiang.meld import MeldKind
from majiang.records import check_record, play_match
from majiang.records.format import parse_record
from majiang.records.writer import RecordedMatch, iter_record_lines
from majiang.rules.riichi.ruleset import FIVES, RiichiRules, RiichiState
from majiang.tiles import ALL_TILES

RED = RiichiRules(red_choice=True)


@pytest.mark.parametrize(("text", "tiles"), [("chow 406m", (3, 4)), ("chow 340p", (11, 13)),
                                             ("chow 067s", (22, 22)), ("pung 0p", (13, 13))])
def test_a_call_naming_its_red_five_reads_back(text: str, tiles: tuple[int, int]) -> None:
    action = Action.parse(text)
    assert (action.tile, action.tiles) == (ALL_TILES[tiles[0]], (ALL_TILES[tiles[1]],))
    assert action.notation() == text and Action.parse(action.notation()) == action


@pytest.mark.parametrize(("text", "message"), [("chow 405m", "the five as 0"), ("chow 400p", "the five as 0"),
                                               ("chow 406z", "the five as 0"), ("pung 5m", "takes no tile"),
                                               ("kong 0m", "takes no tile")])
def test_a_bad_red_call_says_what(text: str, message: str) -> None:
    with pytest.raises(InvalidActionError, match=message):
        Action.parse(text)


def red_choice_position(rules: RiichiRules, kind: ActionKind, seeds: range) -> tuple[Game, int, Action]:
    """A game of random play stopped where a seat is offered a call of ``kind`` naming a red five."""
    for seed in seeds:
        game = Game(rules, seed=seed)
        bots = [find_bot("random", seed * 4 + s) for s in range(4)]
        while game.phase != Phase.OVER:
            for seat in game.to_act():
                for a in game.legal_actions(seat):
                    if a.kind is kind and a.tiles:
                        return game, seat, a
            seat = game.to_act()[0]
            game.apply(seat, bots[seat].act(game.view(seat)))
    raise AssertionError(f"no {kind.word} naming a red five in {len(seeds)} games")


def reds(game: Game, seat: int) -> tuple[int, int, tuple[int, ...]]:
    """The seat's red fives in hand and in melds, and how many each meld holds."""
    s: RiichiState = game.hand_state
    return sum(s.red_hand[seat]), s.red_melds[seat], s.red_in_melds[seat]


@pytest.mark.parametrize(("kind", "meld"), [(ActionKind.CHOW, MeldKind.CHOW),
                                           (ActionKind.PUNG, MeldKind.PUNG)], ids=["chow", "pung"])
def test_both_choices_are_offered_and_each_leaves_the_red_where_it_said(kind: ActionKind,
                                                                       meld: MeldKind) -> None:
    game, seat, named = red_choice_position(RED, kind, range(3000))
    plain = Action(kind, named.tile if kind is ActionKind.CHOW else None)
    assert plain in game.legal_actions(seat)
    five = int(named.tiles[0])
    s: RiichiState = game.hand_state
    held, plain_held = s.red_hand[seat][five // 9], game.counts[seat][five] - s.red_hand[seat][five // 9]
    assert held and plain_held
    hand, melds, _ = reds(game, seat)
    took, kept = copy.deepcopy(game), copy.deepcopy(game)
    for g, action in ((took, named), (kept, plain)):
        for other in g.to_act():
            g.apply(other, action if other == seat else Action(ActionKind.PASS))
        assert g.melds[seat][-1].kind is meld and g.current == seat
    used = 1 if kind is ActionKind.CHOW else 2  # fives the meld takes from the hand
    # The named call puts in as many red fives as the meld takes, the plain call as few.
    took_hand, took_melds, took_list = reds(took, seat)
    kept_hand, kept_melds, kept_list = reds(kept, seat)
    assert took_list[-1] - kept_list[-1] >= 1
    assert took_list[-1] == min(held, used) and kept_list[-1] == max(0, used - plain_held)
    assert (took_hand, took_melds) == (hand - took_list[-1], melds + took_list[-1])
    assert (kept_hand, kept_melds) == (hand - kept_list[-1], melds + kept_list[-1])
    # Either way the seat has the same red fives, each a dora at a win.
    assert took_hand + took_melds == kept_hand + kept_melds == hand + melds
    # The views say which melds hold red fives, to every seat.
    assert took.view(seat).public_state.red_in_melds[seat] == took_list
    assert kept.view((seat + 1) % 4).public_state.red_in_melds[seat] == kept_list
    # The plain call leaves the red five in hand, to be let go by name while a plain one is held too.
    red_left = kept.hand_state.red_hand[seat][five // 9]
    assert red_left == held - kept_list[-1] >= 1
    named_discard = Action(ActionKind.DISCARD, ALL_TILES[five], (ALL_TILES[five],))
    assert (named_discard in kept.legal_actions(seat)) == (
        kept.counts[seat][five] > red_left and five not in kept.hand_state.kuikae[seat])


def test_without_red_choice_the_call_is_the_old_one() -> None:
    """Without ``red_choice`` no call names a red five and the red five goes into the meld first."""
    rules = find_ruleset("riichi")
    for seed in range(40):
        game = Game(rules, seed=seed)
        bots = [find_bot("random", seed * 4 + s) for s in range(4)]
        while game.phase != Phase.OVER:
            for seat in game.to_act():
                assert not any(a.tiles for a in game.legal_actions(seat))
            seat = game.to_act()[0]
            game.apply(seat, bots[seat].act(game.view(seat)))


def red_count_holds(game: Game) -> None:
    """Every red five is in the wall (not drawn yet), a hand, a meld or a river, once."""
    s: RiichiState = game.hand_state
    wall = game.wall
    undrawn = sum(1 for p in s.red_at if wall.front <= p < wall.back)
    held = sum(sum(s.red_hand[seat]) + s.red_melds[seat] + len(s.red_discards[seat]) for seat in range(4))
    assert undrawn + held == len(s.red_at), (undrawn, held)
    for seat in range(4):
        for k, five in enumerate(FIVES):
            assert 0 <= s.red_hand[seat][k] <= game.counts[seat][five]
        assert sum(s.red_in_melds[seat]) == s.red_melds[seat]
        assert len(s.red_in_melds[seat]) == len(game.melds[seat])


@functools.cache
def named_call_positions() -> list[tuple[RiichiRules, int, tuple[Action, ...]]]:
    """Games of random play (3 and 4 red fives) up to where a seat is offered a call naming a red five:
    the rules, the seed and the actions before it (random hands seldom hold a red and a plain five with a
    use for the discard, so hypothesis starts from these)."""
    out = []
    for four in (False, True):
        rules = dataclasses.replace(RED, red_fives=4 if four else 3)
        for seed in range(400):
            game = Game(rules, seed=seed)
            bots = [find_bot("random", seed * 4 + s) for s in range(4)]
            played: list[Action] = []
            while game.phase != Phase.OVER:
                if any(a.tiles and a.kind in (ActionKind.CHOW, ActionKind.PUNG)
                       for seat in game.to_act() for a in game.legal_actions(seat)):
                    out.append((rules, seed, tuple(played)))
                    break
                seat = game.to_act()[0]
                played.append(bots[seat].act(game.view(seat)))
                game.apply(seat, played[-1])
            if len(out) >= 10 * (1 + four):
                break
    return out


@settings(max_examples=40, deadline=None)
@given(start=st.integers(0, 19), seed=st.integers(0, 2**32 - 1))
def test_red_fives_are_conserved_at_every_step(start: int, seed: int) -> None:
    """From a position where a call naming a red five is offered, random play with ``red_choice`` (the
    named calls and discards chosen half the time, calls often) keeps the red fives in the wall, the hands,
    the melds and the rivers adding up to those in the set, at every step."""
    rules, game_seed, played = named_call_positions()[start]
    rng = random.Random(seed)
    game = Game(rules, seed=game_seed)
    for action in played:
        game.apply(game.to_act()[0], action)
        red_count_holds(game)
    while game.phase != Phase.OVER:
        asked = game.to_act()
        seat = next((s for s in asked if any(a.tiles for a in game.legal_actions(s))), asked[0])
        legal = game.legal_actions(seat)
        named = [a for a in legal if a.tiles]
        calls = [a for a in legal if a.kind in (ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG,
                                                ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)]
        if named and rng.random() < 0.5:
            action = rng.choice(named)
        elif calls and rng.random() < 0.7:
            action = rng.choice(calls)
        else:
            action = rng.choice(legal)
        game.apply(seat, action)
        if game.result is None:
            red_count_holds(game)


# -- a log: a chi with plain fives holding the red one, then the red one let go ---------------------------

class _Caller:
    """Plays like the efficiency bot, but makes every chi or pon it may where a call naming a red five is
    offered: naming it (``take``), or the plain chi keeping the red five in hand, which it then lets go
    as soon as it may."""

    name = "caller"

    def __init__(self, seed: int, take: bool) -> None:
        self.bot = EfficiencyBot(seed=seed)
        self.take = take
        self.asked: tuple[int, int] | None = None  # the five of the call answered, and the melds before it
        self.kept: int | None = None
        self.done = False

    def act(self, view: View) -> Action:
        legal = view.legal
        melds = len(view.melds[view.seat])
        if self.asked is not None and view.phase is Phase.TURN:
            five, before = self.asked
            self.asked = None
            if melds > before:  # the call was made (another seat's may have come first)
                self.done = self.take
                self.kept = None if self.take else five
        for a in legal:
            if (a.kind is ActionKind.CHOW or (self.take and a.kind is ActionKind.PUNG)) and a.tiles \
                    and not self.done and self.kept is None:
                self.asked = (int(a.tiles[0]), melds)
                return a if self.take else Action(a.kind, a.tile if a.kind is ActionKind.CHOW else None)
        if self.kept is not None:
            red = Action(ActionKind.DISCARD, ALL_TILES[self.kept], (ALL_TILES[self.kept],))
            if red in legal:
                self.kept = None
                self.done = True
                return red
        return self.bot.act(view)


def red_call_game(take: bool) -> tuple[RiichiRules, RecordedMatch, list[str]]:
    """A one-hand game (Tenhou's rules) where a seat calls naming its red five (``take``), or calls
    keeping it and then discards it."""
    rules = lobby_rules(0x01)
    assert rules.red_choice
    for seed in range(400):
        bots = [_Caller(4 * seed + s, take) for s in range(4)]
        match, record = play_match(bots, seed=seed, rules=rules, hands=1)
        if any(b.done for b in bots):
            return rules, match, record
    raise AssertionError("no game where a seat calls as asked")


def deltas(match: RecordedMatch) -> list[Any]:
    return [h.deltas for h in match.history]


@pytest.mark.parametrize("take", [False, True], ids=["kept", "taken"])
def test_a_call_keeping_or_taking_the_red_five_replays_in_every_format(
        take: bool, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    rules, match, record = red_call_game(take)
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(record) + "\n")
    check_record(path)
    acts = [line.split('"a":"')[1].split('"')[0] for line in record if '"a":"' in line]
    calls = [a for a in acts if a.split()[0] in ("chow", "pung")]
    assert calls and any("0" in a for a in calls) == take
    assert take or any(a.startswith("discard 0") for a in acts)
    events = mjai.export_mjai(parse_record(record))
    # The call takes the red five or plain ones, and a red one kept goes later: in the mjai events as in
    # the record.
    called = [e for e in events if e["type"] in ("chi", "pon")]
    assert called and any(t.endswith("r") for e in called for t in e["consumed"]) == take
    assert take or any(e["type"] == "dahai" and e["pai"].endswith("r") for e in events)
    lines = mjai.dump_mjai(events)
    seen: dict[str, Any] = {}
    real = import_tags

    def keep(tags: list[Tag], rules: RiichiRules, final: list[int]) -> Any:
        seen.update(tags=tags, final=final)
        return real(tags, rules, final=final)

    monkeypatch.setattr(mjai, "import_tags", keep)
    back = mjai.import_mjai(lines, rules)
    assert deltas(back.match) == deltas(match)
    assert mjai.dump_mjai(mjai.export_mjai(parse_record(list(iter_record_lines(back.match, back.players))))) \
        == lines
    # The same as a Tenhou mjlog, its XML built here from the tags the mjai import makes of the events.
    xml = '<mjloggm ver="2.3">' + "".join(
        f"<{t.name} " + " ".join(f'{k}="{v}"' for k, v in t.attrs.items()) + "/>" for t in seen["tags"]) \
        + "</mjloggm>"
    assert "<N " in xml
    imported = real(parse_mjlog(xml), rules, final=seen["final"])
    assert deltas(imported.match) == deltas(match)
    # And through tenhou.net/6 and back.
    again = mjai.import_mjai(mjai.dump_mjai(from_tenhou6(to_tenhou6(events))), rules)
    assert deltas(again.match) == deltas(match)


@pytest.mark.parametrize("kind", [ActionKind.CHOW, ActionKind.PUNG], ids=["chow", "pung"])
def test_an_mjai_answer_picks_the_call_its_consumed_tiles_name(kind: ActionKind) -> None:
    """A program's ``chi``/``pon`` naming ``5mr`` among its ``consumed`` is the call naming the red five;
    with plain fives only, the plain call (``call_with_reds``, ``call_reds``)."""
    from majiang.interop.mjai import mjai_tile
    from majiang.interop.mjai_table import _action

    game, seat, named = red_choice_position(RED, kind, range(3000))
    rules = game.rules
    assert isinstance(rules, RiichiRules) and game.last_discard is not None
    giver, tile = game.last_discard
    five = int(named.tiles[0])
    plain = Action(kind, named.tile if kind is ActionKind.CHOW else None)
    assert rules.call_reds(game, seat, named) > rules.call_reds(game, seat, plain)
    low = int(named.tile or 0)
    used = [t for t in (low, low + 1, low + 2) if t != tile] if kind is ActionKind.CHOW else [tile, tile]
    legal = game.legal_actions(seat)
    for action in (named, plain):
        red = rules.call_reds(game, seat, action)
        fives = [i for i, t in enumerate(used) if t == five]
        consumed = [mjai_tile(t, i in fives[:red]) for i, t in enumerate(used)]
        answer = {"type": "chi" if kind is ActionKind.CHOW else "pon", "actor": seat, "target": giver,
                  "pai": mjai_tile(tile, False), "consumed": consumed}
        assert _action(game, seat, answer, legal, str(answer)) == action


@pytest.mark.parametrize("kind", [ActionKind.CHOW, ActionKind.PUNG], ids=["chow", "pung"])
def test_the_bots_keep_the_red_five_and_the_tables_show_both_calls(kind: ActionKind) -> None:
    """Our bots, choosing between the two calls, make the plain one (the red five stays in hand: the same
    meld, and the same dora either way); the terminal table's buttons tell the two apart."""
    pytest.importorskip("textual")
    from majiang.tui.text import action_what
    from majiang.tui.widgets import action_label

    game, seat, named = red_choice_position(RED, kind, range(3000))
    view = game.view(seat)
    for name in ("efficiency", "defense", "fan-aware"):
        chosen = find_bot(name, 7).act(view)
        assert not chosen.tiles, name
    plain = Action(kind, named.tile if kind is ActionKind.CHOW else None)
    five = named.tiles[0]
    assert action_label(named, view, "notation").endswith(f"with red {five.notation()}")
    assert action_label(plain, view, "notation").endswith(f"keeping red {five.notation()}")
    assert action_label(named, view, "chinese").endswith(f"含赤{five.zh}")
    assert action_what(named, "notation") == named.notation()
