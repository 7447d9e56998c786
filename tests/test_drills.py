"""Training drills (issue 23 item 4): questions from records and real logs under every ruleset, judging,
review, the progress log with its goals, and ``majiang drill``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from majiang.bots import find_bot
from majiang.cli import app
from majiang.drills import (
    DRILLS,
    DrillError,
    DrillLog,
    Question,
    discard_questions,
    fans_questions,
    judge,
    review,
    waits_questions,
)
from majiang.game.ruleset import find_ruleset
from majiang.hand import Hand
from majiang.interop.logs import import_log
from majiang.records import parse_record
from majiang.records.writer import play_match

DATA = Path(__file__).parent / "data"
TENHOU = DATA / "riichi" / "2014050707gm-0041-0000-5cf9066d_tw=3.mjlog"
BUILT_IN = ("mcr", "sichuan", "chengdu", "riichi", "changsha", "changchun", "yangzhou")


def _game(rules: str, seed: int = 4, hands: int = 2) -> list[str]:
    _, lines = play_match([find_bot("fan-aware", seed=s) for s in range(4)], seed=seed, hands=hands,
                          rules=find_ruleset(rules))
    return lines


# (drill, rules, hand, answer, correct, score): worked out by hand
JUDGED: list[tuple[str, str, str, str, bool, float]] = [
    # 123456789m1234p + E: E leaves 清龙 ready on 1p/4p; 1m breaks the straight (1 from ready)
    ("discard", "mcr", "123456789m1234pE", "E", True, 1.0),
    ("discard", "mcr", "123456789m1234pE", "1m", False, 0.0),
    # the waits of 123456789m1234p are 1p (pair 1p, 234p) and 4p (123p, pair 4p)
    ("waits", "mcr", "123456789m1234p", "1p4p", True, 1.0),
    ("waits", "mcr", "123456789m1234p", "1p", False, 0.5),
    ("waits", "mcr", "123456789m1234p", "1p4p7p", False, 0.67),
    # Sichuan: 5s is the third suit and must go; then 1p/9p
    ("discard", "sichuan", "123456789m1199p5s", "5s", True, 1.0),
    ("waits", "sichuan", "123456789m1199p", "1p 9p", True, 1.0),
]


def _question(drill: str, rules: str, hand: str) -> Question:
    from majiang.drills import _best_discards, _waits  # the judgement the questions are made with
    from majiang.game.ruleset import SeatContext

    question = Question(drill, rules, (), hand, ())
    if drill == "discard":
        best = _best_discards(question)
    else:
        best = tuple(t.notation() for t in _waits(find_ruleset(rules), Hand.parse(hand), SeatContext()))
    return Question(drill, rules, (), hand, best)


@pytest.mark.parametrize(("drill", "rules", "hand", "answer", "correct", "score"), JUDGED)
def test_answers_are_judged(drill: str, rules: str, hand: str, answer: str, correct: bool,
                            score: float) -> None:
    verdict = judge(_question(drill, rules, hand), answer)
    assert (verdict.correct, verdict.score) == (correct, score), verdict.why


def test_a_near_miss_scores_its_share_of_the_best_live_tiles() -> None:
    question = _question("discard", "mcr", "123456789m1234pE")
    worse = judge(question, "4p")  # ready too (清龙 and 123p, waiting on E alone): fewer live tiles
    assert 0 <= worse.score < 1 and not worse.correct and "best E" in worse.why
    # The same facts as data, for a page to word in its own language (the 中文 drill page does).
    detail = worse.detail
    assert detail["answer"] == "4p" and detail["figures"]["shanten"] == detail["best_figures"]["shanten"] == 0
    assert detail["figures"]["live"] < detail["best_figures"]["live"]
    assert f"{detail['figures']['live']} live effective tiles" in worse.why


def test_a_waits_verdict_names_the_missed_and_the_wrong() -> None:
    verdict = judge(_question("waits", "mcr", "123m456p789sEEWW"), "E 1m")  # a 对倒 on E and W
    assert verdict.detail == {"waits": ["E", "W"], "missed": ["W"], "wrong": ["1m"]}


@pytest.mark.parametrize(("answer", "words"), [
    ("9x", "one tile"), ("1m2m", "one tile"), ("7s", "not in the hand")])
def test_a_discard_answer_must_be_a_tile_of_the_hand(answer: str, words: str) -> None:
    with pytest.raises(DrillError, match=words):
        judge(_question("discard", "mcr", "123456789m1234pE"), answer)


def test_a_fans_answer_must_be_a_number() -> None:
    question = Question("fans", "mcr", (), "123456789m1234p4p", ("26",), context={"explain": "x"})
    assert judge(question, "26").correct and not judge(question, "25").correct
    with pytest.raises(DrillError, match="whole number"):
        judge(question, "lots")


@pytest.mark.parametrize("rules", BUILT_IN)
def test_every_ruleset_gives_questions_from_a_game(rules: str) -> None:
    record = parse_record(_game(rules, hands=1))
    discards = list(discard_questions(record))
    assert discards
    for q in discards[::4]:  # (every fourth: each judgement ranks every discard again)
        hand = Hand.parse(q.hand)
        assert len(hand.standing) + 3 * len(hand.melds) == 14
        assert q.played is not None and q.played in {t.notation() for t in hand.standing}
        assert q.best and judge(q, q.best[-1]).correct
    for q in waits_questions(record):
        assert judge(q, "".join(q.best)).correct
    for q in fans_questions(record):
        assert judge(q, q.best[0]).correct and q.context["explain"]


def test_questions_from_a_real_tenhou_log() -> None:
    record = parse_record(import_log(TENHOU.read_bytes(), "auto", TENHOU.name).lines)
    questions = list(discard_questions(record, [3]))
    assert len(questions) > 20 and {q.rules for q in questions} == {"riichi"}
    reviewed = review(record, 3)
    assert [r.question for r in reviewed] == questions
    assert all(r.verdict.correct == (r.question.played in r.question.best) for r in reviewed)
    fans = list(fans_questions(record))
    assert fans and all(q.best[0].lstrip("-").isdigit() for q in fans)


def test_a_stored_question_round_trips() -> None:
    question = next(discard_questions(parse_record(_game("sichuan"))))
    assert Question.from_dict(json.loads(json.dumps(question.to_dict()))) == question
    with pytest.raises(DrillError, match="drill must be"):
        Question.from_dict({**question.to_dict(), "drill": "nope"})


def test_the_log_keeps_answers_and_goals(tmp_path: Path) -> None:
    path = str(tmp_path / "drills.json")
    log = DrillLog.load(path)
    question = _question("waits", "mcr", "123456789m1234p")
    for answer in ("1p", "1p4p", "1p4p"):
        log.add("ann", question, judge(question, answer), "2026-12-06T00:00:00+00:00")
    log.set_goal("ann", "waits", 0.8, "2027-01-01")
    log.save(path)
    progress = {p.drill: p for p in DrillLog.load(path).progress("ann")}
    waits = progress["waits"]
    assert (waits.answered, round(waits.correct, 2), round(waits.mean, 2)) == (3, 0.67, 0.83)
    assert waits.goal == 0.8 and waits.met and progress["fans"].goal is None
    assert set(progress) == set(DRILLS)


@pytest.mark.parametrize(("args", "words"), [
    (("ann", "nope", 0.5, None), "drill must be"), (("ann", "waits", 0, None), "above 0"),
    (("ann", "waits", 0.5, "tomorrow"), "YYYY-MM-DD"), (("", "waits", 0.5, None), "1 to 40")])
def test_bad_goals_are_refused(args: tuple[str, str, float, str | None], words: str) -> None:
    with pytest.raises(DrillError, match=words):
        DrillLog().set_goal(*args)


def test_a_file_that_is_not_a_log_is_refused_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "drills.json"
    path.write_text('{"format": "something else"}', encoding="utf-8")
    with pytest.raises(DrillError, match="not a drill log"):
        DrillLog.load(str(path))
    done = CliRunner().invoke(app, ["drill", "goal", "waits", "0.5", "--player", "ann", "--log", str(path)])
    assert done.exit_code == 2 and "not a drill log" in done.output
    assert path.read_text(encoding="utf-8") == '{"format": "something else"}'


# -- the command line ----------------------------------------------------------------------------------

def test_drill_ask_judges_each_answer_and_keeps_it(tmp_path: Path) -> None:
    log = tmp_path / "drills.json"
    runner = CliRunner()
    args = ["drill", "ask", "waits", "--player", "ann", "--rules", "sichuan", "--count", "2", "--seed", "3"]
    done = runner.invoke(app, [*args, "--log", str(log)], input="1m\nnot tiles\n")
    assert done.exit_code == 0, done.output
    assert "听什么" in done.output and ("✓" in done.output or "✗" in done.output)
    assert "not an answer" in done.output  # the second line is no tiles: said, not kept
    answers = json.loads(log.read_text(encoding="utf-8"))["players"]["ann"]["answers"]
    assert len(answers) == 1 and answers[0]["drill"] == "waits" and answers[0]["rules"] == "sichuan"
    stats = runner.invoke(app, ["drill", "stats", "--player", "ann", "--log", str(log)])
    assert stats.exit_code == 0 and "waits" in stats.output


def test_drill_ask_in_json_gives_the_verdicts_facts(tmp_path: Path) -> None:
    args = ["drill", "ask", "fans", "--player", "ann", "--count", "1", "--seed", "3", "--json"]
    done = CliRunner().invoke(app, [*args, "--log", str(tmp_path / "d.json")], input="8\n")
    assert done.exit_code == 0, done.output
    asked, verdict = (json.loads(line) for line in done.output.splitlines())
    assert asked["question"] == 1 and "best" not in asked and "score" not in asked["context"]
    assert verdict["detail"]["given"] == 8 and str(verdict["detail"]["total"]) == verdict["best"][0]
    assert verdict["detail"]["score"]["fans"]


def test_drill_review_of_a_real_log() -> None:
    done = CliRunner().invoke(app, ["drill", "review", str(TENHOU), "--player", "3"])
    assert done.exit_code == 0, done.output
    reviewed = review(parse_record(import_log(TENHOU.read_bytes(), "auto", TENHOU.name).lines), 3)
    agreed = sum(r.verdict.correct for r in reviewed)
    assert f"The coach agrees with {agreed} of {len(reviewed)} discards" in done.output


def test_drill_review_in_json(tmp_path: Path) -> None:
    _, lines = play_match([find_bot("efficiency", seed=s) for s in range(4)], seed=3, hands=1)
    record = tmp_path / "game.jsonl"
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = CliRunner().invoke(app, ["drill", "review", str(record), "--player", "1", "--json"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.output)
    assert data["player"] == 1 and data["discards"]
    for d in data["discards"]:
        assert d["detail"]["answer"] == d["played"] and set(d["detail"]["figures"]) == {"shanten", "live",
                                                                                        "legal_live"}


@pytest.mark.parametrize(("args", "words"), [
    (["drill", "ask", "nope", "--player", "a"], "DRILL must be"),
    (["drill", "ask", "fans", "--player", "a", "--from", "missing.json"], "missing.json"),
    (["drill", "ask", "fans", "--player", "a", "--from", str(TENHOU), "--rules", "mcr"], "remove them"),
    (["drill", "ask", "fans", "--player", "a", "--rules", "nope"], "unknown ruleset"),
    (["drill", "stats", "--player", "nobody"], "no player"),
])
def test_drill_refuses_what_it_cannot_use(args: list[str], words: str, tmp_path: Path) -> None:
    done = CliRunner().invoke(app, [*args, "--log", str(tmp_path / "d.json")])
    assert done.exit_code == 2 and words in done.output, done.output
