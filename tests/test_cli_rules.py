"""Every command plays every ruleset: ``majiang rules``, and ``--rules``/``--option`` for simulate, arena,
replay and sheet, proven with Chinese Official rules and with a test-only ruleset (registered below) that
takes the generic paths Chinese Official never takes: an opening declaration, several winners on one
discard, winners leaving while play goes on, kong payments made at once, an event kind of its own."""

from __future__ import annotations

import io
import json
import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

from conformance import register_variants, variants
from majiang.actions import Action, ActionKind
from majiang.cli import app
from majiang.cli.replay import compact_play, render_hand
from majiang.cli.simulate import render_summary
from majiang.errors import InvalidHandError
from majiang.game.describe import Describer
from majiang.game.events import Event, Payment
from majiang.game.moments import Observers
from majiang.game.ruleset import Table, find_ruleset, register_ruleset, ruleset_names
from majiang.game.scoring import ContextField, Scored, Scorer
from majiang.game.table import WinRecord
from majiang.hand import Hand
from majiang.meld import KongKind
from majiang.records import check_record, partial_path, replay
from majiang.rules.mcr import WinBy, score
from majiang.rules.mcr.result import ScoreResult
from majiang.rules.mcr.ruleset import McrRules
from majiang.rules.mcr.sheet import ScoreSheet, SheetError, sheet_scorer
from majiang.sim.arena import run_arena
from majiang.sim.simulate import ResumeError, simulate
from majiang.tiles import Tile, seat_wind

runner = CliRunner(env={"COLUMNS": "200"})

NAME = "test-play-on"


@dataclass(frozen=True, slots=True)
class Declared(Event):
    """A test event of a kind no command knows: a seat's declared suit."""

    kind: ClassVar[str] = "declared"
    seat: int
    suit: str


@dataclass(frozen=True, slots=True)
class _PlainScorer:
    """A Chinese Official scorer without ``sheet_payments``."""

    scorer: Scorer

    def context_fields(self) -> tuple[ContextField, ...]:
        return self.scorer.context_fields()

    def make_context(self, hand: Hand | str, values: Mapping[str, Any]) -> Any:
        return self.scorer.make_context(hand, values)

    def score(self, hand: Hand | str, context: Any) -> Scored:
        return self.scorer.score(hand, context)


@dataclass(frozen=True, slots=True)
class PlayOnRules(McrRules):
    """Chinese Official fans without their minimum, no chow, every declarer wins, winners leave.

    * ``kong_price``: what each other seat still in pays for a kong, at once.
    """

    name: str = NAME
    kong_price: int = 2
    has_chow: ClassVar[bool] = False

    def after_deal(self, game: Table[Any, Any]) -> None:
        game.ask({s: [Action(ActionKind.VOID, t) for t in (Tile.M1, Tile.P1, Tile.S1)] for s in range(4)})

    def answer(self, game: Table[Any, Any], answers: dict[int, Action]) -> None:
        for seat, action in sorted(answers.items()):
            game.log(Declared(seat, action.notation().split()[-1]))

    def win_score(self, game: Table[Any, Any], seat: int, hand: Hand, *, win_by: WinBy,
                  last_of_wall: bool) -> ScoreResult | None:
        # Any complete hand wins (no 8-fan minimum), so that several wins a hand are common.
        try:
            return score(hand, win_by=win_by, last_of_wall=last_of_wall, seat_wind=game.seat_wind(seat),
                         round_wind=game.round_wind, flowers=len(game.flowers[seat]))
        except InvalidHandError:
            return None

    def choose_winners(self, game: Table[Any, Any], giver: int, seats: list[int]) -> list[int]:
        return sorted(seats, key=lambda s: (s - giver) % 4)

    def after_win(self, game: Table[Any, Any], wins: list[WinRecord]) -> bool:
        for win in wins:
            game.leave(win.seat)
        return sum(game.active) >= 2

    def observers(self) -> Observers:
        """Kongs, paid at once."""
        return Observers(konged=self._konged)

    def _konged(self, game: Table[Any, Any], seat: int, tile: int, how: KongKind, giver: int | None) -> None:
        deltas = [0, 0, 0, 0]
        for other in range(4):
            if other != seat and game.active[other]:
                deltas[other] -= self.kong_price
                deltas[seat] += self.kong_price
        game.pay(deltas, Payment("kong", seat, deltas))

    def scorer(self) -> Scorer:  # type: ignore[override]  # (a plainer scorer than McrRules')
        # Kongs are paid at once and several seats win: a sheet cannot settle that (no ``sheet_payments``).
        return _PlainScorer(McrRules.scorer(self))


if NAME not in ruleset_names():
    register_ruleset(NAME, PlayOnRules, aliases=("测试血战",))
    register_variants(NAME, variants("mcr"))  # Chinese Official rules underneath: its option sets


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def refused(result: Result, *fragments: str) -> None:
    assert result.exit_code == 2, result.output
    for fragment in fragments:
        assert fragment in result.output, result.output


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


# -- majiang rules ----------------------------------------------------------------------------------


def test_rules_lists_every_registered_ruleset_with_its_aliases() -> None:
    result = run("rules", "--json")
    assert result.exit_code == 0, result.output
    listed = {r["name"]: r for r in json.loads(result.stdout)["rulesets"]}
    assert set(listed) == set(ruleset_names()) >= {"mcr", NAME}
    assert "国标" in listed["mcr"]["aliases"] and listed[NAME]["aliases"] == ["测试血战"]
    assert listed[NAME]["options"] == len(find_ruleset(NAME).options())
    assert listed[NAME]["summary"].startswith("Chinese Official fans without their minimum")
    text = run("rules").stdout
    assert "国标" in text and NAME in text and "测试血战" in text


def test_rules_of_one_ruleset_give_type_default_and_meaning() -> None:
    result = run("rules", "测试血战", "--json")  # an alias names it too
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    assert shown["name"] == NAME
    rows = {row["name"]: row for row in shown["options"]}
    assert rows["kong_price"] == {"name": "kong_price", "type": "integer", "choices": [], "default": 2,
                                  "help": "what each other seat still in pays for a kong, at once.",
                                  # undeclared: its identifier (the catalogue test refuses one)
                                  "title": {"en": "kong_price", "zh": "kong_price"},
                                  "help_zh": "what each other seat still in pays for a kong, at once."}
    assert rows["false_win"]["choices"] == ["error", "penalty", "end"]
    assert rows["false_win"]["default"] == "error"
    assert rows["several_winners"]["type"] == "true or false"
    mcr = json.loads(run("rules", "mcr", "--json").stdout)
    assert [row["name"] for row in mcr["options"]] == list(find_ruleset("mcr").options())
    assert all(row["help"] for row in mcr["options"])  # every Chinese Official option is explained
    text = run("rules", "mcr").stdout
    assert "base_points" in text and "What each loser pays on top of the fans" in text


def test_rules_refuses_an_unknown_name() -> None:
    refused(run("rules", "nonesuch"), "unknown ruleset 'nonesuch'", "mcr")
    result = run("rules", "nonesuch", "--json")
    assert result.exit_code == 2 and "unknown ruleset" in json.loads(result.stdout)["error"]


# -- majiang simulate -------------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "options"), [("mcr", {}), ("mcr", {"several_winners": True}),
                                                 (NAME, {"kong_price": 3})])
def test_simulate_plays_the_ruleset_asked_for(tmp_path: Path, rules: str, options: dict[str, Any]) -> None:
    summaries, records = tmp_path / "s.jsonl", tmp_path / "r.jsonl"
    flags = [arg for key, value in options.items() for arg in ("--option", f"{key}={json.dumps(value)}")]
    result = run("simulate", "--rules", rules, *flags, "--games", "12", "--bots", "efficiency",
                 "--workers", "1", "--json", "--summaries", str(summaries), "--records", str(records))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["rules"] == rules and data["options"] == {**find_ruleset(rules).options(), **options}
    assert all((line["rules"], line["options"]) == (rules, options) for line in _lines(summaries))
    header = _lines(records)[0]
    assert (header["rules"], header["options"]) == (rules, data["options"])
    assert check_record(records).ok
    text = run("simulate", "--rules", rules, *flags, "--games", "2", "--workers", "1", "--quiet").stdout
    shown = ", ".join(f"{key}={json.dumps(value)}" for key, value in options.items()) or "default options"
    assert f"Rules:    {rules} ({shown})" in text


def test_every_win_is_counted_when_play_goes_on(tmp_path: Path) -> None:
    summaries = tmp_path / "s.jsonl"
    summary = simulate(30, ["efficiency", "random"], workers=1, seed=3, out=summaries,
                       rules=find_ruleset(NAME))
    lines = _lines(summaries)
    assert any(len(line["winners"]) >= 2 for line in lines)  # play went on after a win
    for line in lines:
        assert sum(line["deltas"]) == 0
        assert len(line["winners"]) == len(line["from"]) == len(line["totals"]) == len(line["fans"])
        assert len(set(line["winners"])) == len(line["winners"])  # a winner leaves: it wins once
    for name in ("efficiency", "random"):
        stats = summary.bot(name)
        seats = [s for s in range(4) if ("efficiency", "random")[s % 2] == name]
        wins = [(w, g) for line in lines for w, g in zip(line["winners"], line["from"], strict=True)]
        assert stats.wins == sum(1 for w, _ in wins if w in seats)
        assert stats.self_draws == sum(1 for w, g in wins if w in seats and g is None)
        assert stats.deal_ins == sum(1 for _, g in wins if g in seats)  # a seat's wins given, to anyone
        assert stats.draws == sum(1 for line in lines if not line["winners"]) * len(seats)
        assert stats.score_sum == sum(line["deltas"][s] for line in lines for s in seats)
    assert summary.wins == sum(1 for line in lines if line["winners"])


def test_the_ruleset_reaches_the_workers() -> None:
    for rules in (find_ruleset("mcr", ["several_winners=true"]), find_ruleset(NAME, ["kong_price=5"])):
        one = simulate(12, ["efficiency"], workers=1, seed=4, rules=rules).to_dict()
        two = simulate(12, ["efficiency"], workers=2, seed=4, rules=rules).to_dict()
        assert {k: v for k, v in one.items() if k not in ("seconds", "workers")} == \
            {k: v for k, v in two.items() if k not in ("seconds", "workers")}
    default = simulate(12, ["efficiency"], workers=1, seed=4, rules=find_ruleset(NAME)).to_dict()
    assert default["bots"] != one["bots"]  # kong_price=5 changed the money: the option was played


def test_a_resumed_run_must_use_the_same_rules(tmp_path: Path) -> None:
    records, summaries = tmp_path / "r.jsonl", tmp_path / "s.jsonl"
    simulate(4, ["random"], workers=1, records=records, out=summaries, rules=find_ruleset(NAME))
    # What an interrupted run leaves: the files as .partial (whole hands; a record without its final line
    # resumes the same way).
    for path in (records, summaries):
        shutil.move(path, partial_path(path))
    kept = {path: partial_path(path).read_bytes() for path in (records, summaries)}
    for path, kwargs in ((records, {"records": records}), (summaries, {"out": summaries})):
        for other in (find_ruleset("mcr"), find_ruleset(NAME, ["kong_price=9"])):
            with pytest.raises(ResumeError, match="a resumed run must use the same ruleset and options"):
                simulate(4, ["random"], workers=1, rules=other, resume=True, **kwargs)  # type: ignore[arg-type]
        assert partial_path(path).read_bytes() == kept[path]  # refused: nothing changed
    result = run("simulate", "--games", "4", "--bots", "random", "--workers", "1", "--records", str(records),
                 "--resume", "--rules", "mcr")
    refused(result, f"ruleset {NAME!r} with its default options", "not ruleset 'mcr'", "--rules, --option")
    result = run("simulate", "--games", "4", "--bots", "random", "--workers", "1", "--summaries",
                 str(summaries), "--resume", "--rules", NAME, "--option", "kong_price=9")
    refused(result, "hand 0 was played under", "not ruleset", "kong_price=9")
    # The same rules resume (and finish) it.
    simulate(4, ["random"], workers=1, rules=find_ruleset(NAME), resume=True, records=records, out=summaries)
    assert check_record(records).ok and len(_lines(summaries)) == 4


@pytest.mark.parametrize("command", [["simulate", "--games", "1"], ["arena", "--deals", "1"],
                                     ["sheet", "new", "x.json", "--players", "A", "B", "C", "D"]])
def test_a_bad_option_is_refused_by_name(command: list[str], tmp_path: Path) -> None:
    refused(run(*command, "--rules", NAME, "--option", "kong_price=lots"), "kong_price must be an integer",
            "'lots'")
    refused(run(*command, "--option", "kong_price=2"), "unknown option 'kong_price' for ruleset 'mcr'",
            "base_points")
    refused(run(*command, "--rules", "nonesuch"), "unknown ruleset 'nonesuch'")
    refused(run(*command, "--option", "several_winners"), "an option is key=value, not 'several_winners'")
    assert not (tmp_path / "x.json").exists()


# -- majiang arena ----------------------------------------------------------------------------------


def test_arena_plays_the_ruleset_and_records_it(tmp_path: Path) -> None:
    records = tmp_path / "a.jsonl"
    result = run("arena", "--bots", "efficiency,random", "--deals", "2", "--workers", "1", "--json",
                 "--rules", NAME, "--option", "kong_price=4", "--records", str(records))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["rules"], data["options"]["kong_price"]) == (NAME, 4)
    library = run_arena(("efficiency", "random"), 2, workers=1, rules=find_ruleset(NAME, ["kong_price=4"]))
    assert data == library.to_dict()
    hands = list(replay(records))
    assert check_record(records).ok and len(hands) == 12
    # The figures count every win of every hand (several per hand here).
    wins = {0: 0, 1: 0}
    for deal in library.deals:
        for play in deal.plays:
            for seat in play.winners:
                wins[play.arrangement[seat]] += 1
    assert [b.wins for b in library.bots] == [wins[0], wins[1]]
    assert sum(len(h.result.wins) for h in hands) == wins[0] + wins[1] > 12 // 2
    text = run("arena", "--bots", "efficiency,random", "--deals", "1", "--workers", "1",
               "--rules", NAME).stdout
    assert f"Rules: {NAME} (default options)" in text


# -- majiang replay ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def play_on_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("play-on") / "r.jsonl"
    simulate(8, ["efficiency"], workers=1, seed=2, records=path, rules=find_ruleset(NAME, ["kong_price=3"]))
    return path


def test_replay_shows_ruleset_events_readably(play_on_record: Path) -> None:
    hands = list(replay(play_on_record))
    result = run("replay", str(play_on_record))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert f"Rules: {NAME} (kong_price=3)" in out
    assert out.count("Result: ") == sum(max(1, len(h.result.wins)) for h in hands)
    assert any(len(h.result.wins) > 1 for h in hands)
    assert "E void " in out and "declared(suit=" in out  # an opening choice, and an unknown event kind
    kongs = [e for h in hands for e in h.events if e["e"] == "payment"]
    assert kongs and out.count("Payment: kong (") == len(kongs) and " kong(" in out
    assert "Flowers" in out  # Chinese Official tiles: flowers are dealt


def test_replay_json_has_every_win_payment_and_event(play_on_record: Path) -> None:
    hands = list(replay(play_on_record))
    result = run("replay", "--json", str(play_on_record), "--rules", NAME)
    assert result.exit_code == 0, result.output
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    for answer, hand in zip(answers, hands, strict=True):
        assert answer["rules"] == NAME
        assert len(answer["wins"]) == len(hand.result.wins)
        assert [w["total"] for w in answer["wins"]] == [w.score.total for w in hand.result.wins]
        assert [w["player"] for w in answer["wins"]] == answer["winners"]
        payments = [e for e in hand.events if e["e"] == "payment"]
        assert len(answer["payments"]) == len(payments)
        assert sum(sum(p["deltas"].values()) for p in answer["payments"]) == 0
        assert [e["e"] for e in answer["events"]] == ["declared"] * 4
        assert sum(1 for word in answer["play"] if " void " in f" {word} ") == 4


def test_replay_rules_must_match_the_record(play_on_record: Path) -> None:
    refused(run("replay", str(play_on_record), "--rules", "国标"),
            f"is a record of ruleset {NAME!r}, not 'mcr' (--rules)")
    refused(run("replay", "--check", str(play_on_record), "--rules", "mcr"), "not 'mcr'")
    refused(run("replay", str(play_on_record), "--rules", NAME, "--option", "kong_price=2"),
            "was played with kong_price=3 (--option asks for kong_price=2)")
    refused(run("replay", str(play_on_record), "--rules", NAME, "--option", "kong_price=two"),
            "kong_price must be an integer")
    refused(run("replay", str(play_on_record), "--option", "kong_price=1"),
            "was played with kong_price=3 (--option asks for kong_price=1)")  # the record's own ruleset
    refused(run("replay", str(play_on_record), "--option", "base=1"),
            f"unknown option 'base' for ruleset {NAME!r}")
    result = run("replay", "--check", str(play_on_record), "--rules", "测试血战", "--option", "kong_price=3")
    assert result.exit_code == 0 and result.stdout.startswith("ok: 8 hands"), result.output


def test_replay_prints_an_unknown_event_kind_without_failing(play_on_record: Path) -> None:
    hands = list(replay(play_on_record))
    odd = {"e": "mystery", "seat": 1, "what": [1, 2], "note": "x"}
    words = compact_play(type(hands[0])(**{**{f: getattr(hands[0], f) for f in hands[0].__slots__},
                                           "events": (*hands[0].events, odd)}))
    east = hands[0].positions[hands[0].dealer]
    assert words[-1] == f"{seat_wind(1, east).notation()} mystery(what=[1,2] note=x)"


# -- majiang sheet ----------------------------------------------------------------------------------


def test_sheet_refuses_a_ruleset_whose_payments_it_cannot_compute(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    refused(run("sheet", "new", str(path), "--players", "A", "B", "C", "D", "--rules", NAME),
            "the score sheet keeps Chinese Official matches", f"ruleset {NAME!r} pays by more than that")
    assert not path.exists()
    with pytest.raises(SheetError, match="keeps Chinese Official matches"):
        ScoreSheet(["A", "B", "C", "D"], rules=find_ruleset(NAME))


def test_sheet_pays_by_its_rules_options(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    result = run("sheet", "new", str(path), "--players", "A", "B", "C", "D", "--rules", "国标",
                 "--option", "base_points=10")
    assert result.exit_code == 0 and "Rules: mcr (base_points=10)" in result.stdout, result.output
    result = run("sheet", "win", str(path), "--winner", "A", "--fan", "8", "--from", "B")
    assert result.exit_code == 0, result.output
    assert "Changes: A +38, B -18, C -10, D -10" in result.stdout
    sheet = ScoreSheet.load(path)
    assert sheet.rules == find_ruleset("mcr", ["base_points=10"]) and sheet.totals == (38, -18, -10, -10)
    shown = json.loads(run("sheet", "show", str(path), "--json").stdout)
    assert (shown["rules"], shown["options"]["base_points"]) == ("mcr", 10)
    # A default sheet's file keeps its old shape; a hand-edited option of the wrong type is refused.
    plain = tmp_path / "plain.json"
    assert run("sheet", "new", str(plain), "--players", "A", "B", "C", "D", "--rules", "mcr").exit_code == 0
    assert "rules" not in json.loads(plain.read_text(encoding="utf-8"))
    data = json.loads(path.read_text(encoding="utf-8"))
    data["options"]["base_points"] = "10"
    with pytest.raises(SheetError, match="option 'base_points' cannot be '10'"):
        ScoreSheet.from_dict(data)
    data["options"] = {"base_points": 10}
    with pytest.raises(SheetError, match="'options' must hold every option of 'mcr'"):
        ScoreSheet.from_dict(data)


@dataclass(frozen=True, slots=True)
class UnnamedRules(PlayOnRules):
    """The test ruleset with the default descriptions: its wins name nothing and read ``total N``."""

    name: str = "test-unnamed"

    def describer(self) -> Describer:
        return Describer(self)


if "test-unnamed" not in ruleset_names():
    register_ruleset("test-unnamed", UnnamedRules)  # a record names its ruleset: replay finds it so
    register_variants("test-unnamed", variants("mcr"))


def test_a_ruleset_that_names_no_fans_gets_no_fan_table(tmp_path: Path) -> None:
    records = tmp_path / "r.jsonl"
    summary = simulate(6, ["efficiency"], workers=1, seed=1, rules=UnnamedRules(), records=records)
    assert summary.bots[0].wins > 0 and summary.bots[0].fans == {}
    console = Console(file=io.StringIO(), width=120)
    render_summary(console, summary)
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Rules:    test-unnamed (default options)" in text
    assert "Fans of" not in text and "no wins" not in text
    hand = next(h for h in replay(records) if h.result.wins)
    console = Console(file=io.StringIO(), width=120)
    render_hand(console, hand)
    win = hand.result.wins[0]
    how = "self-drawn" if win.giver is None else f"on {hand.players[hand.player_at(win.giver)]}'s discard"
    assert f"wins {how}: total {win.score.total}\n" in console.file.getvalue()  # type: ignore[attr-defined]


# -- every registered ruleset ---------------------------------------------------------------------

REGISTERED = ruleset_names()
"""Every ruleset registered when the tests are collected: Chinese Official, the built-in ones, and the
test rulesets of this module."""


@pytest.mark.parametrize("name", REGISTERED)
def test_every_registered_ruleset_goes_through_every_command(name: str, tmp_path: Path) -> None:
    records, summaries = tmp_path / "r.jsonl", tmp_path / "s.jsonl"
    bots = ["--bots", "efficiency,random"]
    # (two worker processes for Chinese Official and the test rulesets, which must reach the workers; one
    # for the others: starting a pool costs more than their twelve hands)
    workers = "2" if name == "mcr" or name.startswith("test-") else "1"
    result = run("simulate", "--rules", name, "--games", "12", *bots, "--workers", workers, "--quiet",
                 "--records", str(records), "--summaries", str(summaries))
    assert result.exit_code == 0, result.output
    assert f"Rules:    {name} (default options)" in result.stdout
    assert all(line["rules"] == name for line in _lines(summaries))
    result = run("replay", "--check", "--quiet", str(records), "--rules", name)
    assert result.exit_code == 0 and result.stdout.startswith("ok: 12 hands"), result.output
    hands = list(replay(records))
    result = run("replay", str(records))
    assert result.exit_code == 0, result.output
    assert result.stdout.count("Result: ") == sum(max(1, len(h.result.wins)) for h in hands)
    answers = [json.loads(line) for line in run("replay", "--json", str(records)).stdout.splitlines()]
    assert [a["rules"] for a in answers] == [name] * 12
    assert [len(a["wins"]) for a in answers] == [len(h.result.wins) for h in hands]
    result = run("arena", "--rules", name, "--deals", "1", "--workers", "1", "--json", *bots)
    assert result.exit_code == 0 and json.loads(result.stdout)["rules"] == name, result.output
    other = next(n for n in REGISTERED if n != name)
    shutil.move(records, partial_path(records))
    refused(run("simulate", "--rules", other, "--games", "12", *bots, "--workers", "1", "--records",
                str(records), "--resume"), "a resumed run must use the same ruleset and options")
    players = ["--players", "A", "B", "C", "D"]
    result = run("sheet", "new", str(tmp_path / "sheet.json"), *players, "--rules", name)
    if sheet_scorer(find_ruleset(name)) is None:
        refused(result, "the score sheet keeps Chinese Official matches")
    else:
        assert result.exit_code == 0, result.output


# -- Sichuan ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["blood-battle", "blood-river", "single"])
def test_sichuan_simulate_each_mode(mode: str, tmp_path: Path) -> None:
    records, summaries = tmp_path / "r.jsonl", tmp_path / "s.jsonl"
    result = run("simulate", "--rules", "sichuan", "--option", f"mode={mode}", "--games", "50", "--bots",
                 "efficiency,random", "--workers", "2", "--json", "--records", str(records), "--summaries",
                 str(summaries))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["rules"], data["options"]["mode"]) == ("sichuan", mode)
    lines = _lines(summaries)
    assert all(line["options"] == ({} if mode == "blood-battle" else {"mode": mode}) for line in lines)
    assert all(sum(line["deltas"]) == 0 for line in lines)
    wins = [(w, line["bots"][w]) for line in lines for w in line["winners"]]
    for stats in data["bots"]:
        assert stats["wins"] == sum(1 for _, bot in wins if bot == stats["bot"])
    if mode == "single":
        assert all(len(line["winners"]) <= 3 and len(set(line["from"])) <= 1 for line in lines)
    report = check_record(records)
    assert report.ok and report.hands == 50, str(report)


def test_sichuan_arena_records_replay_and_check(tmp_path: Path) -> None:
    records = tmp_path / "a.jsonl"
    result = run("arena", "--rules", "血战", "--option", "exchange=dice", "--option", "declare_void=true",
                 "--deals", "2", "--workers", "2", "--json", "--records", str(records))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["options"]["exchange"] == "dice"
    check = run("replay", "--check", "--quiet", str(records), "--rules", "四川")
    assert check.exit_code == 0 and check.stdout.startswith("ok: 12 hands"), check.output
    text = run("replay", str(records)).stdout
    assert " exchange " in text and " void " in text  # the opening choices, as the seats made them


def test_sichuan_resume_with_another_mode_is_refused(tmp_path: Path) -> None:
    records = tmp_path / "r.jsonl"
    assert run("simulate", "--rules", "血流", "--games", "3", "--workers", "1", "--quiet", "--records",
               str(records)).exit_code == 0
    shutil.move(records, partial_path(records))
    refused(run("simulate", "--rules", "sichuan", "--games", "3", "--workers", "1", "--records", str(records),
                "--resume"), "with mode=blood-river, not ruleset 'sichuan' with its default options")
    assert run("simulate", "--rules", "sichuan", "--option", "mode=blood-river", "--games", "3", "--workers",
               "1", "--quiet", "--records", str(records), "--resume").exit_code == 0
    assert check_record(records).ok


def test_sichuan_bad_option_is_named() -> None:
    refused(run("simulate", "--rules", "sichuan", "--option", "mode=bloody", "--games", "1"),
            "mode must be one of", "'bloody'")
    refused(run("arena", "--rules", "sichuan", "--option", "flower_pig=many", "--deals", "1"),
            "flower_pig must be an integer")


def test_sichuan_rules_show_presets() -> None:
    shown = json.loads(run("rules", "sichuan", "--json").stdout)
    assert shown["presets"]["血流"] == {"mode": "blood-river"} and "血战" in shown["aliases"]
    rows = {row["name"]: row for row in shown["options"]}
    assert rows["mode"]["choices"] == ["blood-battle", "blood-river", "single"]
    assert rows["mode"]["default"] == "blood-battle" and rows["cap_fan"]["type"] == "integer or none 1..16"
    assert "血流 (mode=blood-river)" in run("rules").stdout
