"""Real Tenhou logs (mjlog) replayed on the riichi engine: every draw, call, win, score and standing."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest

from majiang.actions import Action, ActionKind
from majiang.interop.tenhou import (
    MjlogError,
    decode_meld,
    import_mjlog,
    lobby_rules,
    parse_mjlog,
    read_mjlog,
)
from majiang.records import check_record, write_record
from majiang.tiles import Tile

LOGS = sorted((Path(__file__).parent / "data" / "riichi").glob("*.mjlog"))


def xml_of(path: Path) -> str:
    return gzip.decompress(path.read_bytes()).decode()


def test_the_ten_logs_are_there() -> None:
    assert len(LOGS) == 10


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.name[:30])
def test_log_replays_and_its_record_checks(path: Path, tmp_path: Path) -> None:
    imported = import_mjlog(path.read_bytes(), path.name)
    text = xml_of(path)
    assert len(imported.match.history) == text.count("<INIT ")
    # the final totals are the log's owari points (sticks left over paid to first place there)
    owari = re.search(r'owari="([^"]*)"', text)
    assert owari is not None
    points = [int(x) * 100 for x in owari.group(1).split(",")[0::2]]
    assert points == imported.match.totals and imported.match.match_state.sticks == 0
    target = tmp_path / "game.jsonl"
    write_record(target, imported.match, imported.players)
    report = check_record(target, accept_unverified_walls=True)
    assert report.ok, str(report)
    assert report.hands == len(imported.match.history)
    # every hand's wall is a full set, and the log showed most of it
    for wall, seen in zip(imported.walls, imported.seen, strict=True):
        assert sorted(wall) == sorted(t for t in range(34) for _ in range(4))
        assert 52 < seen <= 136


def test_plain_xml_reads_like_gzip() -> None:
    path = LOGS[0]
    assert [t.name for t in read_mjlog(path.read_bytes())] == [t.name for t in parse_mjlog(xml_of(path))]


@pytest.mark.parametrize(("code", "red", "tanyao", "length"), [
    (0x09, 3, True, "hanchan"), (0x0b, 0, True, "hanchan"), (0x0f, 0, False, "hanchan"),
    (0x41, 3, True, "tonpuu"), (0xa9, 3, True, "hanchan"), (0x47, 0, False, "tonpuu"),
])
def test_lobby_code_sets_the_options(code: int, red: int, tanyao: bool, length: str) -> None:
    rules = lobby_rules(code)
    assert (rules.red_fives, rules.open_tanyao, rules.length) == (red, tanyao, length)
    assert rules.red_choice == bool(red) and not rules.double_yakuman and rules.round_final


def test_three_player_logs_are_refused() -> None:
    with pytest.raises(MjlogError, match="three-player logs are not supported yet"):
        lobby_rules(0xb9)
    text = xml_of(LOGS[-1]).replace('<GO type="169"', '<GO type="185"')
    with pytest.raises(MjlogError, match="three-player"):
        import_mjlog(text.encode())


def test_every_meld_of_the_logs_decodes_to_a_set() -> None:
    count = 0
    for path in LOGS:
        for tag in parse_mjlog(xml_of(path)):
            if tag.name != "N":
                continue
            meld = decode_meld(int(tag.attrs["m"]))
            kinds = [t // 4 for t in meld["tiles"]]
            assert len(set(meld["tiles"])) == len(kinds)
            if meld["kind"] == "chi":
                assert kinds == [kinds[0], kinds[0] + 1, kinds[0] + 2] and kinds[0] // 9 == kinds[2] // 9 < 3
                assert meld["from"] == 3  # chi only from the seat before
            else:
                assert len(set(kinds)) == 1 and len(kinds) == (3 if meld["kind"] == "pon" else 4)
            assert (meld["called"] is None) == (meld["kind"] == "concealed")
            count += 1
    assert count > 50


def test_a_red_five_can_be_named() -> None:
    red = Action.parse("discard 0p")
    assert red == Action(ActionKind.DISCARD, Tile.P5, (Tile.P5,)) and red.notation() == "discard 0p"
    assert Action.parse("riichi 0s").notation() == "riichi 0s"
    assert Action.parse("discard 5p") != red


def mutate(path: Path, old: str, new: str) -> bytes:
    text = xml_of(path)
    assert old in text
    return text.replace(old, new, 1).encode()


def first(pattern: str, text: str) -> str:
    found = re.search(pattern, text)
    assert found is not None
    return found.group(0)


def test_a_changed_win_is_caught_with_its_hand_and_tag() -> None:
    path = LOGS[-1]
    ten = first(r'<AGARI [^>]*?ten="\d+,\d+,\d"', xml_of(path))
    value = re.search(r'ten="(\d+),(\d+)', ten)
    assert value is not None
    fu, points = value.group(1), value.group(2)
    changed = ten.replace(f'ten="{fu},{points}', f'ten="{fu},{int(points) + 100}')
    with pytest.raises(MjlogError, match=r"hand \d+, tag \d+ <AGARI>: seat \d's points"):
        import_mjlog(mutate(path, ten, changed))


def test_a_changed_score_is_caught() -> None:
    path = LOGS[-1]
    sc = first(r'sc="-?\d+,', xml_of(path))
    with pytest.raises(MjlogError, match=r"<(AGARI|RYUUKYOKU)>: scores after the hand"):
        import_mjlog(mutate(path, sc, sc[:-1] + "1,"))


def test_an_impossible_draw_is_caught() -> None:
    path = LOGS[0]
    text = xml_of(path)
    draw = first(r"<T\d+/>", text)
    with pytest.raises(MjlogError, match=r"hand 1, tag \d+ <[TUVWDEFG]135>: tile 135 appears twice"):
        import_mjlog(mutate(path, draw, "<T135/>"))


@pytest.mark.parametrize(("data", "message"), [
    (b"<mjloggm><GO", "not well-formed"),
    (b"<other/>", "not a Tenhou mjlog"),
    (b"\x1f\x8b\x08\x00junk", "damaged gzip"),
    (b'<mjloggm ver="2.3"><GO type="169"/></mjloggm>', "no hand"),
    (b'<mjloggm ver="2.3"><INIT seed="0,0,0,0,0,1"/><AGARI owari="250,0,250,0,250,0,250,0"/></mjloggm>',
     "no <GO> tag"),
])
def test_malformed_logs_say_what(data: bytes, message: str) -> None:
    with pytest.raises(MjlogError, match=message):
        import_mjlog(data)


def test_a_truncated_log_is_refused() -> None:
    text = xml_of(LOGS[2])
    cut = text[:text.rindex("<AGARI")] + "</mjloggm>"
    with pytest.raises(MjlogError, match=r"owari|ends"):
        import_mjlog(cut.encode())


def test_cli_imports_and_replay_checks(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from majiang.cli import app

    runner = CliRunner()
    out = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["import", "--format", "mjlog", str(LOGS[7]), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "3 hands from" in result.output
    checked = runner.invoke(app, ["replay", "--check", "--accept-unverified-walls", str(out)])
    assert checked.exit_code == 0 and "ok: 3 hands, 155 actions" in checked.output
    bad = tmp_path / "bad.mjlog"
    bad.write_bytes(b"<mjloggm><GO")
    failed = runner.invoke(app, ["import", "--format", "mjlog", str(bad), "-o", str(tmp_path / "x.jsonl")])
    assert failed.exit_code == 2 and "not well-formed" in failed.output
    assert not (tmp_path / "x.jsonl").exists()
    assert runner.invoke(app, ["import", "--format", "xml", str(bad), "-o", str(out)]).exit_code == 2
