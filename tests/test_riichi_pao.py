"""Pao (責任払い): the player who feeds the third dragon set pays for the daisangen (Tenhou's rules)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from majiang.errors import InvalidOptionError
from majiang.game import Game, Phase
from majiang.game.events import Payment
from majiang.interop.mjai import dump_mjai, export_mjai, import_mjai
from majiang.interop.tenhou import MjlogError
from majiang.interop.tenhou6 import from_tenhou6, to_tenhou6
from majiang.records import read_record, write_record
from majiang.records.check import check_record
from majiang.rules.riichi import RiichiResult, payment
from majiang.rules.riichi.payments import pao_deltas
from majiang.rules.riichi.ruleset import Liable, RiichiMatchState, RiichiRules
from riichi_walls import act, pass_all, play, public, riichi_game

# Seat 1 holds the three dragon pairs: the dealer (seat 0) feeds P, seat 2 F and seat 3 the deciding C,
# so seat 3 is liable. Seat 1 then waits on 5s (or S with ALL_HONORS); nobody else is near ready.
DAISANGEN = "PPFFCC111m5s9p9s1p"
ALL_HONORS = "PPFFCCEEE9p9s1pS"  # daisangen and tsuuiisou: two yakuman, one covered
OTHERS = ["P2356m2356p2378s", "F2356m2356p2378s", "C2356m2356p2378s"]
AFTER = [2, 3, 0, 1]
"""The seats drawing after the liability, in turn."""


def _game(options: tuple[str, ...] = (), *, how: str = "tsumo", winner: str = DAISANGEN, tile: str = "5s",
          honba: int = 0, sticks: int = 0) -> Game:
    """Deal, make the three dragon pons; the win (``tsumo`` or ron off seat ``how``) is on the wall."""
    late = ["7m", "7p", "1s", "9m"]
    late[AFTER.index(1 if how == "tsumo" else int(how))] = tile
    g = riichi_game([OTHERS[0], winner, OTHERS[1], OTHERS[2]], "9m", draws="4m 4p 4s " + " ".join(late),
                    options=("red_fives=0", *options),
                    match_state=RiichiMatchState(honba=honba, sticks=sticks))
    act(g, 0, "discard P")
    act(g, 1, "pung")
    pass_all(g)
    act(g, 1, "discard 9p")
    play(g, 2, "discard F")
    act(g, 1, "pung")
    pass_all(g)
    act(g, 1, "discard 9s")
    play(g, 2, "discard 4p")
    play(g, 3, "discard C")
    act(g, 1, "pung")
    pass_all(g)
    act(g, 1, "discard 1p")
    return g


def _win(g: Game, how: str, tile: str = "5s") -> list[int]:
    """Play on to seat 1's win; the win's score changes (the riichi sticks not included)."""
    for s in AFTER:
        pass_all(g)
        if s == 1:
            act(g, 1, "win")
            break
        act(g, s, f"discard {tile}" if str(s) == how else f"discard {_drawn(g)}")
        if str(s) == how:
            act(g, 1, "win")
            pass_all(g)
            break
    assert g.phase == Phase.OVER
    wins = [e for e in g.events if isinstance(e, Payment) and e.reason == "win"]
    assert len(wins) == 1
    return list(wins[0].deltas)


def _drawn(g: Game) -> str:
    from majiang.tiles import ALL_TILES

    assert g.drawn is not None
    return ALL_TILES[g.drawn].notation()


def test_the_feeding_discard_makes_its_player_liable() -> None:
    g = _game()
    assert [e for e in g.events if isinstance(e, Liable)] == [Liable(1, 3, "daisangen")]
    assert public(g, 0).liable == (None, (3, "daisangen"), None, None)
    assert "包 seat 3 pays seat 1's daisangen" in g.rules.describer().table_note(public(g, 2))
    assert g.rules.describer().table_info(public(g, 2)).marks == ((), (), (), ("pao",))


def test_pao_off_makes_nobody_liable() -> None:
    g = _game(("pao=false",))
    assert not [e for e in g.events if isinstance(e, Liable)]
    assert public(g, 0).liable == (None,) * 4
    assert g.rules.describer().table_info(public(g, 0)).marks == ((), (), (), ())


# (how, options, honba, the win's score changes by seat). Seat 1 is a non-dealer: daisangen is 32000.
CASES = [
    ("tsumo", (), 0, [0, 32000, 0, -32000]),
    ("tsumo", (), 2, [0, 32600, 0, -32600]),
    ("2", (), 0, [0, 32000, -16000, -16000]),
    ("2", (), 2, [0, 32600, -16000, -16600]),
    ("0", (), 1, [-16000, 32300, 0, -16300]),
    ("3", (), 2, [0, 32600, 0, -32600]),
    ("tsumo", ("pao=false",), 1, [-16100, 32300, -8100, -8100]),
    ("2", ("pao=false",), 1, [0, 32300, -32300, 0]),
    ("tsumo", ("pao_yaku=daisuushii",), 0, [-16000, 32000, -8000, -8000]),
]


@pytest.mark.parametrize(("how", "options", "honba", "expected"), CASES)
def test_pao_payments(how: str, options: tuple[str, ...], honba: int, expected: list[int]) -> None:
    assert _win(_game(options, how=how, honba=honba), how) == expected


def test_the_riichi_sticks_still_go_to_the_winner() -> None:
    g = _game(how="2", honba=1, sticks=2)
    before = list(g.totals)
    _win(g, "2")
    assert [a - b for a, b in zip(g.totals, before, strict=True)] == [0, 34300, -16000, -16300]


@pytest.mark.parametrize(("how", "expected"), [
    # Daisangen and tsuuiisou: 64000. Only the daisangen's 32000 is the liable player's.
    ("tsumo", [-16000, 64000, -8000, -40000]),
    ("2", [0, 64000, -48000, -16000]),
    ("3", [0, 64000, 0, -64000]),
])
def test_only_the_covered_yakuman_is_paid_by_the_liable_player(how: str, expected: list[int]) -> None:
    g = _game(how=how, winner=ALL_HONORS, tile="S")
    assert _win(g, how, "S") == expected


@pytest.mark.parametrize("how", ["tsumo", "2", "3"])
def test_a_pao_win_round_trips_through_mjai_and_tenhou6(how: str, tmp_path: Path) -> None:
    g = _game(how=how)  # (a record of a lone game carries no honba in: its check would start at 0)
    _win(g, how)
    target = tmp_path / "pao.jsonl"
    write_record(target, [g], ["A", "B", "C", "D"])
    report = check_record(target, accept_unverified_walls=True)
    assert report.ok and report.hands == 1, str(report)
    events = export_mjai(read_record(target))
    hora = [e for e in events if e["type"] == "hora"]
    assert [(e.get("pao"), e["deltas"]) for e in hora] == [(3, _win_of(g))]
    back = import_mjai(dump_mjai(events), g.rules)  # replayed as mjlog tags: AGARI paoWho and sc checked
    result = back.games[0].result  # (a record of a lone game: one independent hand)
    assert result is not None
    assert list(result.deltas) == [a - b for a, b in zip(g.totals, [25000] * 4, strict=True)]
    log = to_tenhou6(events)
    assert log["log"][0][-1][2][:3] == [1, 1 if how == "tsumo" else int(how), 3]
    again = import_mjai([json.dumps(e) for e in from_tenhou6(json.loads(json.dumps(log)))], g.rules)
    assert again.record_lines() == back.record_lines()


def test_a_log_naming_another_liable_seat_is_refused(tmp_path: Path) -> None:
    g = _game(how="2")
    _win(g, "2")
    target = tmp_path / "pao.jsonl"
    write_record(target, [g], ["A", "B", "C", "D"])
    events = export_mjai(read_record(target))
    for e in events:
        if e["type"] == "hora":
            e["pao"] = 0
    with pytest.raises(MjlogError, match=r"liable seat \(paoWho\): the engine's 3, the log's 0"):
        import_mjai(dump_mjai(events), g.rules)
    for e in events:
        if e["type"] == "hora":
            del e["pao"]
    with pytest.raises(MjlogError, match=r"liable seat \(paoWho\): the engine's 3, the log's None"):
        import_mjai(dump_mjai(events), g.rules)


def _win_of(g: Game) -> list[int]:
    return next(list(e.deltas) for e in g.events if isinstance(e, Payment) and e.reason == "win")



# Seat 1 holds the four wind pairs: the dealer feeds E, seat 2 S, seat 3 W and the dealer the deciding N.
WINDS_OTHERS = ["EN2356m2356p378s", "S2356m2356p2378s", "W2356m2356p2378s"]


def _winds_game(options: tuple[str, ...], how: str, honba: int = 0) -> Game:
    late = ["7m", "7p", "1s", "9m"]
    late[AFTER.index(1 if how == "tsumo" else int(how))] = "5s"
    g = riichi_game([WINDS_OTHERS[0], "EESSWWNN5s9p9s1p7s", WINDS_OTHERS[1], WINDS_OTHERS[2]], "9m",
                    draws="4m 4p 4s 4m 4p 1m " + " ".join(late), options=("red_fives=0", *options),
                    match_state=RiichiMatchState(honba=honba))
    for giver, wind, junk in ((0, "E", "9p"), (2, "S", "9s"), (3, "W", "1p"), (0, "N", "7s")):
        pass_all(g)
        while g.current != giver:
            play(g, g.current, f"discard {_drawn(g)}")
            pass_all(g)
        play(g, giver, f"discard {wind}")
        act(g, 1, "pung")
        pass_all(g)
        act(g, 1, f"discard {junk}")
    return g


@pytest.mark.parametrize(("options", "how", "honba", "expected"), [
    ((), "tsumo", 0, [-32000, 32000, 0, 0]),
    ((), "2", 1, [-16300, 32300, -16000, 0]),
    (("double_yakuman=true",), "tsumo", 0, [-64000, 64000, 0, 0]),
    (("double_yakuman=true",), "3", 0, [-32000, 64000, 0, -32000]),
    (("pao_yaku=daisangen",), "tsumo", 0, [-16000, 32000, -8000, -8000]),
])
def test_daisuushii_pao(options: tuple[str, ...], how: str, honba: int, expected: list[int]) -> None:
    g = _winds_game(options, how, honba)
    assert [e for e in g.events if isinstance(e, Liable)] == (
        [] if "pao_yaku=daisangen" in options else [Liable(1, 0, "daisuushii")])
    assert _win(g, how) == expected


@pytest.mark.parametrize("value", ["", "daisangen,kokushi", "tsuuiisou"])
def test_pao_yaku_names_only_what_pao_covers(value: str) -> None:
    with pytest.raises(InvalidOptionError, match="pao_yaku is a comma-separated list of daisangen"):
        RiichiRules(pao_yaku=value)


@settings(max_examples=60, deadline=None)
@given(dealer=st.integers(0, 3), winner=st.integers(0, 3), liable=st.integers(0, 3),
       giver=st.one_of(st.none(), st.integers(0, 3)), yakuman=st.integers(1, 3), covered=st.integers(1, 2),
       honba=st.integers(0, 5))
def test_pao_moves_who_pays_not_how_much(dealer: int, winner: int, liable: int, giver: int | None,
                                         yakuman: int, covered: int, honba: int) -> None:
    assume(liable != winner and giver != winner and giver != liable and covered <= yakuman)
    pay = payment(8000 * yakuman, dealer=winner == dealer, tsumo=giver is None, honba=honba)
    result = RiichiResult((), 13 * yakuman, 0, (), yakuman, "yakuman", 8000 * yakuman, 0, pay,
                          winner == dealer, giver is None)
    deltas = pao_deltas(result, winner, giver, liable, covered, honba, dealer)
    assert sum(deltas) == 0
    assert deltas[winner] == pay.total
    assert all(d <= 0 for s, d in enumerate(deltas) if s != winner)
    payers = {s for s, d in enumerate(deltas) if d < 0}
    assert liable in payers and (giver is None or giver in payers)


@pytest.mark.parametrize(("options", "expected"), [
    ((), [-16000, 32000, -8000, -8000]),  # Tenhou: no pao for suukantsu
    (("pao_yaku=daisangen,daisuushii,suukantsu",), [0, 32000, 0, -32000]),
])
def test_suukantsu_pao_is_an_option(options: tuple[str, ...], expected: list[int]) -> None:
    # Seat 1 makes three concealed kans on its first turn, then an open kan of seat 3's 4m, and wins on
    # the replacement tile.
    g = riichi_game(["", "1111m2222m3333m5s", "", "4m"], "9m", draws="9p 7p 7s",
                    rinshan="4m 4m 4m 5s", options=("red_fives=0", *options))
    act(g, 0, "discard 9m")
    pass_all(g)
    for kind in ("1m", "2m", "3m"):
        act(g, 1, f"concealed-kong {kind}")
    act(g, 1, "discard 9p")
    pass_all(g)
    act(g, 2, f"discard {_drawn(g)}")
    pass_all(g)
    act(g, 3, "discard 4m")
    act(g, 1, "kong")
    pass_all(g)
    covered = "suukantsu" in options[0] if options else False
    assert [e for e in g.events if isinstance(e, Liable)] == ([Liable(1, 3, "suukantsu")] if covered else [])
    act(g, 1, "win")
    assert g.phase == Phase.OVER
    assert _win_of(g) == expected
